//! The whole development set (docs/assistant-rules.md section 7) and four sets written apart
//! from it under the same conventions: each fails when the assistant falls below the targets of
//! issue 7.

use understanding::eval;

const DEV_SET: &str = include_str!("replies/dev-replies.jsonl");
/// Written by another hand than the dev set, in other words; the lexicons were widened against
/// them afterwards (docs/assistant.md has the figures from before), so they now guard against
/// regressions rather than measure generalization.
const EXTRA_SETS: [&str; 4] = [
    include_str!("replies/extra-replies-1.jsonl"),
    include_str!("replies/extra-replies-2.jsonl"),
    include_str!("replies/extra-replies-3.jsonl"),
    include_str!("replies/extra-replies-4.jsonl"),
];

/// Issue 37's sets of hard replies (1,150), written blind under the same conventions, one per
/// kind: compact times and bare hours, fuzzy times and corrections, negation and ordinal days,
/// relative days and typos, opt-out near misses and several intents; and twelve rounds of
/// holdouts (3,448) of every kind, each written after the widening before it. docs/assistant.md
/// has their figures from before any change was made for them.
const HARD_SETS: [(&str, &str); 37] = [
    ("times", include_str!("replies/hard-times.jsonl")),
    (
        "fuzzy-corrections",
        include_str!("replies/hard-fuzzy-corrections.jsonl"),
    ),
    (
        "negation-ordinals",
        include_str!("replies/hard-negation-ordinals.jsonl"),
    ),
    (
        "relative-typos",
        include_str!("replies/hard-relative-typos.jsonl"),
    ),
    (
        "optout-multi",
        include_str!("replies/hard-optout-multi.jsonl"),
    ),
    ("holdout-a", include_str!("replies/holdout-a.jsonl")),
    ("holdout-b", include_str!("replies/holdout-b.jsonl")),
    ("holdout-c", include_str!("replies/holdout-c.jsonl")),
    ("holdout-d", include_str!("replies/holdout-d.jsonl")),
    ("holdout-e", include_str!("replies/holdout-e.jsonl")),
    ("holdout-f", include_str!("replies/holdout-f.jsonl")),
    ("holdout-g", include_str!("replies/holdout-g.jsonl")),
    ("holdout-h", include_str!("replies/holdout-h.jsonl")),
    ("holdout-i", include_str!("replies/holdout-i.jsonl")),
    ("holdout-j", include_str!("replies/holdout-j.jsonl")),
    ("holdout-k", include_str!("replies/holdout-k.jsonl")),
    ("holdout-l", include_str!("replies/holdout-l.jsonl")),
    ("holdout-m", include_str!("replies/holdout-m.jsonl")),
    ("holdout-n", include_str!("replies/holdout-n.jsonl")),
    ("holdout-o", include_str!("replies/holdout-o.jsonl")),
    ("holdout-p", include_str!("replies/holdout-p.jsonl")),
    ("holdout-q", include_str!("replies/holdout-q.jsonl")),
    ("holdout-r", include_str!("replies/holdout-r.jsonl")),
    ("holdout-s", include_str!("replies/holdout-s.jsonl")),
    ("holdout-t", include_str!("replies/holdout-t.jsonl")),
    ("holdout-u", include_str!("replies/holdout-u.jsonl")),
    ("holdout-v", include_str!("replies/holdout-v.jsonl")),
    ("holdout-w", include_str!("replies/holdout-w.jsonl")),
    ("holdout-x", include_str!("replies/holdout-x.jsonl")),
    ("holdout-y", include_str!("replies/holdout-y.jsonl")),
    ("holdout-z", include_str!("replies/holdout-z.jsonl")),
    ("holdout-aa", include_str!("replies/holdout-aa.jsonl")),
    ("holdout-ab", include_str!("replies/holdout-ab.jsonl")),
    ("holdout-ac", include_str!("replies/holdout-ac.jsonl")),
    ("holdout-ad", include_str!("replies/holdout-ad.jsonl")),
    ("holdout-ae", include_str!("replies/holdout-ae.jsonl")),
    ("holdout-af", include_str!("replies/holdout-af.jsonl")),
];

#[test]
fn the_hard_sets_hold_their_figures() {
    let all: Vec<eval::Record> = HARD_SETS
        .iter()
        .flat_map(|(_, set)| eval::read_records(set).expect("the set reads"))
        .collect();
    let predictions: Vec<_> = all.iter().map(eval::predict).collect();
    let scores = eval::score(&all, &predictions);
    let several: Vec<(eval::Record, eval::Prediction)> = all
        .iter()
        .zip(predictions)
        .filter(|(record, _)| record.gold.as_ref().is_some_and(|g| g.intents.len() > 1))
        .map(|(record, prediction)| (record.clone(), prediction))
        .collect();
    let (several_records, several_predictions): (Vec<_>, Vec<_>) = several.into_iter().unzip();
    let several_scores = eval::score(&several_records, &several_predictions);
    let line = format!(
        "all hard sets: {}; several intents: exact sets {}/{}",
        scores.summary(),
        several_scores.intent_exact,
        several_scores.records
    );
    println!("{line}");
    let mut below = Vec::new();
    for (name, set) in HARD_SETS {
        let records = eval::read_records(set).expect("the set reads");
        let predictions: Vec<_> = records.iter().map(eval::predict).collect();
        let scores = eval::score(&records, &predictions);
        show_misses(&records, &predictions, &scores);
        println!("{name}: {}", scores.summary());
        // Floors under the figures reached (docs/assistant.md), below issue 37's goals where
        // those are not met yet: a change that reads any of these sets worse fails here.
        let floors = [
            ("datetime exact", scores.dt_accuracy() >= 0.86),
            ("wrong and booked", scores.dt_wrong_booked_rate() <= 0.08),
            (
                "null false positives",
                scores.null_false_positive_rate() <= 0.05,
            ),
            ("micro-F1", scores.micro_f1() >= 0.89),
            ("macro-F1", scores.macro_f1() >= 0.78),
            ("STOP precision", scores.label("STOP").precision() >= 0.95),
        ];
        for (figure, held) in floors {
            if !held {
                below.push(format!("{name}: {figure} ({})", scores.summary()));
            }
        }
    }
    assert!(below.is_empty(), "{}", below.join("\n"));
    // Issue 37's goals, held on every hard reply together (docs/assistant.md has the figures
    // each set scored before it was read, the honest measure of wording never seen).
    assert!(scores.dt_accuracy() >= 0.90, "{line}");
    assert!(scores.dt_wrong_booked_rate() <= 0.03, "{line}");
    assert!(scores.null_false_positive_rate() <= 0.03, "{line}");
    assert!(scores.micro_f1() >= 0.90, "{line}");
    assert!(scores.macro_f1() >= 0.85, "{line}");
    assert!(
        several_scores.intent_exact as f64 >= 0.85 * several_scores.records as f64,
        "{line}"
    );
}

#[test]
fn dev_set_meets_the_targets() {
    let scores = meets_the_targets(DEV_SET);
    // Issue 37: the development set's figures are never lowered; one reply read differently
    // is a regression, whatever the targets allow.
    assert_eq!(scores.dt_correct, scores.dt_n, "{}", scores.summary());
    assert_eq!(scores.null_false_positives, 0, "{}", scores.summary());
    assert_eq!(scores.intent_exact, scores.records, "{}", scores.summary());
}

#[test]
fn the_extra_sets_meet_the_targets() {
    for set in EXTRA_SETS {
        meets_the_targets(set);
    }
}

fn meets_the_targets(set: &str) -> eval::Scores {
    let records = eval::read_records(set).expect("the set reads");
    let predictions: Vec<_> = records.iter().map(eval::predict).collect();
    let scores = eval::score(&records, &predictions);
    show_misses(&records, &predictions, &scores);
    println!("{}", scores.summary());
    let stop = scores.label("STOP");
    assert!(scores.dt_accuracy() >= 0.95, "{}", scores.summary());
    assert!(
        scores.null_false_positive_rate() <= 0.03,
        "{}",
        scores.summary()
    );
    assert!(scores.micro_f1() >= 0.93, "{}", scores.summary());
    assert!(scores.macro_f1() >= 0.85, "{}", scores.summary());
    assert!(stop.recall() >= 1.0, "{}", scores.summary());
    assert!(stop.precision() >= 0.98, "{}", scores.summary());
    scores
}

/// With ASSISTANT_SHOW_MISSES set, prints every reply read wrong, for reading failures.
fn show_misses(records: &[eval::Record], predictions: &[eval::Prediction], scores: &eval::Scores) {
    if std::env::var_os("ASSISTANT_SHOW_MISSES").is_some() {
        for (record, prediction) in records.iter().zip(predictions) {
            let id = record.id.as_str().unwrap_or_default();
            if scores.misses.iter().any(|m| m == id) {
                let gold = record.gold.as_ref().expect("labelled");
                println!(
                    "{id} {} | {} | gold {:?} {:?} | got {}",
                    record.received_at,
                    record.text,
                    gold.intents,
                    gold.datetime.map(|d| (d.start, d.grain)),
                    eval::prediction_json(record, prediction)
                );
            }
        }
    }
}

/// Leave one set out: the learned reader trained on every other set, scored on the one left
/// out, beside the lexicons alone.
#[test]
#[ignore = "an experiment: cargo test -p understanding --test dev_set held_out -- --ignored --nocapture"]
fn held_out_learned_reader() {
    use understanding::learned::{LABELLED_SETS, Model};
    // Each set's name and the round it was written in: a round's sets are held out together.
    let sets = [
        ("dev", 0),
        ("extra-1", 1),
        ("extra-2", 2),
        ("extra-3", 3),
        ("extra-4", 4),
        ("times", 5),
        ("fuzzy", 5),
        ("negation", 5),
        ("relative", 5),
        ("optout-multi", 5),
        ("holdout-a", 6),
        ("holdout-b", 6),
        ("holdout-c", 7),
        ("holdout-d", 7),
        ("holdout-e", 8),
        ("holdout-f", 8),
        ("holdout-g", 9),
        ("holdout-h", 9),
        ("holdout-i", 10),
        ("holdout-j", 10),
        ("holdout-k", 11),
        ("holdout-l", 11),
        ("holdout-m", 12),
        ("holdout-n", 12),
        ("holdout-o", 13),
        ("holdout-p", 13),
        ("holdout-q", 14),
        ("holdout-r", 14),
        ("holdout-s", 15),
        ("holdout-t", 15),
    ];
    let names: Vec<&str> = sets.iter().map(|(name, _)| *name).collect();
    let (mut all_records, mut alone, mut with) = (Vec::new(), Vec::new(), Vec::new());
    for (index, set) in LABELLED_SETS.iter().enumerate() {
        let partner = |i: usize| sets[i].1 == sets[index].1 && sets[i].1 >= 6;
        let rest: Vec<&str> = LABELLED_SETS
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != index && !partner(*i))
            .map(|(_, s)| *s)
            .collect();
        let model = Model::from_sets(&rest);
        let records = eval::read_records(set).expect("the set reads");
        let a: Vec<_> = records
            .iter()
            .map(|r| eval::predict_with(r, None))
            .collect();
        let w: Vec<_> = records
            .iter()
            .map(|r| eval::predict_with(r, Some(&model)))
            .collect();
        println!(
            "{}: alone {}",
            names[index],
            eval::score(&records, &a).summary()
        );
        println!(
            "{}: with  {}",
            names[index],
            eval::score(&records, &w).summary()
        );
        all_records.extend(records);
        alone.extend(a);
        with.extend(w);
    }
    let several = |predictions: &[eval::Prediction]| {
        let (records, predictions): (Vec<_>, Vec<_>) = all_records
            .iter()
            .zip(predictions)
            .filter(|(record, _)| record.gold.as_ref().is_some_and(|g| g.intents.len() > 1))
            .map(|(record, prediction)| (record.clone(), prediction.clone()))
            .unzip();
        let scores = eval::score(&records, &predictions);
        format!("{}/{}", scores.intent_exact, scores.records)
    };
    println!(
        "ALL alone {}; several intents {}",
        eval::score(&all_records, &alone).summary(),
        several(&alone)
    );
    println!(
        "ALL with  {}; several intents {}",
        eval::score(&all_records, &with).summary(),
        several(&with)
    );
}
