//! A second reader of intents, learned from the labelled replies: a naive Bayes model per label
//! over the words and word pairs of a reply. The lexicons read what they were written for; the
//! model reads what labelled replies had in common, so a reply in words no lexicon knows still
//! meets the label its neighbours carry. It only adds to the lexicons' reading, under the same
//! label rules, and never opts a customer out (docs/assistant.md, "A learned second reader").

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::intents::Intent;
use super::text::{Kind, Reply};

/// The features are hashes already (FNV-1a): the map uses them as they are instead of hashing
/// them again, which was most of a reply's scoring time.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type Columns = HashMap<u64, usize, BuildHasherDefault<Prehashed>>;

/// Naive Bayes, one label against the rest, over a reply's distinct features.
pub struct Model {
    /// Each feature's column in the labels' weights.
    columns: Columns,
    labels: Vec<LabelModel>,
}

struct LabelModel {
    intent: Intent,
    /// ln P(label) - ln P(not label).
    prior: f32,
    /// Per feature column, ln P(feature | label) - ln P(feature | not label).
    weights: Vec<f32>,
}

/// Smoothing: as if each feature had been seen this many times more on each side.
const ALPHA: f32 = 0.5;

impl Model {
    /// Learns from replies and their labels.
    pub fn train<'a>(examples: impl IntoIterator<Item = (&'a str, &'a [Intent])>) -> Model {
        let mut columns = Columns::default();
        let mut seen: Vec<f32> = Vec::new();
        let mut by_label: Vec<Vec<f32>> = vec![Vec::new(); Intent::ALL.len()];
        let mut replies_with = [0.0f32; Intent::ALL.len()];
        let mut features_with = [0.0f32; Intent::ALL.len()];
        let (mut replies, mut features_all) = (0.0f32, 0.0f32);
        for (text, intents) in examples {
            let found = features(&Reply::read(text));
            replies += 1.0;
            features_all += found.len() as f32;
            let labels: Vec<usize> = intents
                .iter()
                .filter_map(|i| Intent::ALL.iter().position(|a| a == i))
                .collect();
            for &label in &labels {
                replies_with[label] += 1.0;
                features_with[label] += found.len() as f32;
            }
            for feature in found {
                let next = columns.len();
                let column = *columns.entry(feature).or_insert(next);
                if column == seen.len() {
                    seen.push(0.0);
                }
                seen[column] += 1.0;
                for &label in &labels {
                    let counts = &mut by_label[label];
                    if counts.len() <= column {
                        counts.resize(column + 1, 0.0);
                    }
                    counts[column] += 1.0;
                }
            }
        }
        let size = columns.len() as f32;
        let labels = Intent::ALL
            .into_iter()
            .enumerate()
            .filter(|&(label, _)| replies_with[label] >= 3.0)
            .map(|(label, intent)| {
                let with_total = features_with[label] + ALPHA * size;
                let without_total = features_all - features_with[label] + ALPHA * size;
                let counts = &by_label[label];
                let weights = (0..seen.len())
                    .map(|column| {
                        let with = counts.get(column).copied().unwrap_or(0.0);
                        let without = seen[column] - with;
                        ((with + ALPHA) / with_total).ln()
                            - ((without + ALPHA) / without_total).ln()
                    })
                    .collect();
                LabelModel {
                    intent,
                    prior: (replies_with[label] / (replies - replies_with[label]).max(1.0)).ln(),
                    weights,
                }
            })
            .collect();
        Model { columns, labels }
    }

    /// Each label's log-odds for a reply: above 0, the model leans to it. A feature it never
    /// met weighs nothing.
    pub(crate) fn log_odds(&self, reply: &Reply<'_>) -> Vec<(Intent, f32)> {
        self.log_odds_of(reply, |_| true)
    }

    /// The same for the labels `wanted` keeps only (the others are not summed).
    pub(crate) fn log_odds_of(
        &self,
        reply: &Reply<'_>,
        wanted: impl Fn(Intent) -> bool,
    ) -> Vec<(Intent, f32)> {
        let columns: Vec<usize> = features(reply)
            .iter()
            .filter_map(|f| self.columns.get(f).copied())
            .collect();
        self.labels
            .iter()
            .filter(|label| wanted(label.intent))
            .map(|label| {
                let evidence: f32 = columns.iter().map(|&c| label.weights[c]).sum();
                (label.intent, label.prior + evidence)
            })
            .collect()
    }
}

/// The distinct words (numbers as one word) and adjacent word pairs of a reply, hashed.
fn features(reply: &Reply<'_>) -> Vec<u64> {
    let words: Vec<&str> = reply
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, Kind::Word | Kind::Num | Kind::Symbol) || t.norm == "?")
        .map(|t| match t.kind {
            Kind::Num => "#",
            Kind::Symbol => "*",
            _ => t.norm.as_str(),
        })
        .collect();
    let mut out: Vec<u64> = words
        .iter()
        .map(|w| hash(&[w]))
        .chain(words.windows(2).map(hash))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn hash(parts: &[&str]) -> u64 {
    // FNV-1a: stable across runs and builds, unlike the standard library's hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            h ^= u64::from(b' ');
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        for byte in part.bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// Every labelled reply the project holds (docs/assistant.md lists the sets).
pub const LABELLED_SETS: [&str; 30] = [
    include_str!("../tests/replies/dev-replies.jsonl"),
    include_str!("../tests/replies/extra-replies-1.jsonl"),
    include_str!("../tests/replies/extra-replies-2.jsonl"),
    include_str!("../tests/replies/extra-replies-3.jsonl"),
    include_str!("../tests/replies/extra-replies-4.jsonl"),
    include_str!("../tests/replies/hard-times.jsonl"),
    include_str!("../tests/replies/hard-fuzzy-corrections.jsonl"),
    include_str!("../tests/replies/hard-negation-ordinals.jsonl"),
    include_str!("../tests/replies/hard-relative-typos.jsonl"),
    include_str!("../tests/replies/hard-optout-multi.jsonl"),
    include_str!("../tests/replies/holdout-a.jsonl"),
    include_str!("../tests/replies/holdout-b.jsonl"),
    include_str!("../tests/replies/holdout-c.jsonl"),
    include_str!("../tests/replies/holdout-d.jsonl"),
    include_str!("../tests/replies/holdout-e.jsonl"),
    include_str!("../tests/replies/holdout-f.jsonl"),
    include_str!("../tests/replies/holdout-g.jsonl"),
    include_str!("../tests/replies/holdout-h.jsonl"),
    include_str!("../tests/replies/holdout-i.jsonl"),
    include_str!("../tests/replies/holdout-j.jsonl"),
    include_str!("../tests/replies/holdout-k.jsonl"),
    include_str!("../tests/replies/holdout-l.jsonl"),
    include_str!("../tests/replies/holdout-m.jsonl"),
    include_str!("../tests/replies/holdout-n.jsonl"),
    include_str!("../tests/replies/holdout-o.jsonl"),
    include_str!("../tests/replies/holdout-p.jsonl"),
    include_str!("../tests/replies/holdout-q.jsonl"),
    include_str!("../tests/replies/holdout-r.jsonl"),
    include_str!("../tests/replies/holdout-s.jsonl"),
    include_str!("../tests/replies/holdout-t.jsonl"),
];

/// The model learned from [`LABELLED_SETS`], once per process.
pub static TRAINED: std::sync::LazyLock<Model> =
    std::sync::LazyLock::new(|| Model::from_sets(&LABELLED_SETS));

impl Model {
    /// Learns from JSONL sets of labelled replies; a record without labels is skipped.
    pub fn from_sets(sets: &[&str]) -> Model {
        let examples: Vec<(String, Vec<Intent>)> = sets
            .iter()
            .flat_map(|set| super::eval::read_records(set).unwrap_or_default())
            .filter_map(|record| {
                let gold = record.gold?;
                let intents = gold
                    .intents
                    .iter()
                    .filter_map(|code| Intent::from_code(code))
                    .collect();
                Some((record.text, intents))
            })
            .collect();
        Model::train(
            examples
                .iter()
                .map(|(text, intents)| (text.as_str(), intents.as_slice())),
        )
    }
}
