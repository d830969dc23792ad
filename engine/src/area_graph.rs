//! The areas import each other one way (decision 0014): this test reads every area's sources
//! and fails on an import the table below does not allow, so a circle cannot come back
//! unnoticed. Adding an edge is a decision: add it here and to the decision's list.

use std::collections::BTreeSet;
use std::path::Path;

/// Each area, and the areas it may import.
const ALLOWED: &[(&str, &[&str])] = &[
    ("appointments", &[]),
    ("templates", &[]),
    ("lane", &["appointments"]),
    ("messaging", &["appointments"]),
    ("imports", &["lane"]),
    ("assistant", &["appointments", "messaging"]),
    ("outreach", &["messaging", "templates"]),
    ("admin", &["assistant", "messaging", "templates"]),
    ("public", &["admin", "assistant", "messaging"]),
];

/// The `crate::<area>` paths in the Rust sources under `dir`.
fn areas_named(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("an area's folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            areas_named(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&path).expect("a source file");
            for (at, _) in source.match_indices("crate::") {
                let rest = &source[at + "crate::".len()..];
                // `crate::{a::X, b}` names each area inside the braces.
                let names = match rest.strip_prefix('{') {
                    Some(group) => group.split('}').next().unwrap_or_default(),
                    None => rest,
                };
                for name in names.split(',') {
                    let name: String = name
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    found.insert(name);
                    if !rest.starts_with('{') {
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn the_areas_import_each_other_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let areas: Vec<&str> = ALLOWED.iter().map(|(area, _)| *area).collect();
    let mut refused = Vec::new();
    for (area, allowed) in ALLOWED {
        let mut named = BTreeSet::new();
        areas_named(&root.join(area), &mut named);
        for other in named {
            let is_area = areas.contains(&other.as_str());
            if is_area && other != *area && !allowed.contains(&other.as_str()) {
                refused.push(format!("{area} imports {other}"));
            }
        }
    }
    assert!(refused.is_empty(), "not in the one-way graph: {refused:?}");
    // Every area of the engine is in the table.
    for entry in std::fs::read_dir(&root).expect("engine/src") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(areas.contains(&name.as_str()), "{name} is not in the table");
        }
    }
}
