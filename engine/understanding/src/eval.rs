//! Evaluation: reads reply records (JSONL), writes the predictions `score.py`
//! (`scripts/assistant/score.py`) reads, and scores predictions against labelled records the way
//! `score.py` does, so a test can hold the targets without Python.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde_json::{Value, json};

use super::{Grain, Understanding, understand_local};
use domain::formats::parse_time_zone;
use domain::{Error, Result};

/// One reply to understand, with its labels when the file carries them.
#[derive(Debug, Clone)]
pub struct Record {
    pub id: Value,
    pub received_at: NaiveDateTime,
    pub tz: String,
    pub text: String,
    pub gold: Option<Gold>,
}

#[derive(Debug, Clone)]
pub struct Gold {
    pub intents: BTreeSet<String>,
    pub datetime: Option<GoldTime>,
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, Copy)]
pub struct GoldTime {
    pub start: NaiveDateTime,
    pub grain: Grain,
    pub end: Option<NaiveDateTime>,
}

fn parse_local(value: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M:%S")
        .or_else(|_| NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M"))
        .ok()
        .or_else(|| {
            NaiveDate::parse_from_str(value, "%Y-%m-%d")
                .ok()
                .map(|d| d.and_time(chrono::NaiveTime::MIN))
        })
}

/// Reads JSONL records (`id`, `received_at`, `tz`, `text`; other fields ignored unless they
/// are the labels). A bad line is an error naming it; blank lines are skipped.
pub fn read_records(input: &str) -> Result<Vec<Record>> {
    let mut records = Vec::new();
    for (number, line) in input.lines().enumerate() {
        let number = number + 1;
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| Error::invalid(format!("line {number}: {why}"));
        let object: Value =
            serde_json::from_str(line).map_err(|e| bad(format!("not valid JSON ({e})")))?;
        let Some(fields) = object.as_object() else {
            return Err(bad("each line must be a JSON object".to_owned()));
        };
        let id = fields
            .get("id")
            .filter(|v| v.is_string() || v.is_number())
            .cloned()
            .ok_or_else(|| bad("'id' is missing (a string or a number)".to_owned()))?;
        let text_field = |name: &str| {
            fields
                .get(name)
                .and_then(Value::as_str)
                .ok_or_else(|| bad(format!("'{name}' is missing or not a string")))
        };
        let received_raw = text_field("received_at")?;
        let received_at = parse_local(received_raw).ok_or_else(|| {
            bad(format!(
                "'received_at' {received_raw:?} is not a local time like 2025-09-27T11:20:00"
            ))
        })?;
        let tz = text_field("tz")?.to_owned();
        parse_time_zone(&tz).map_err(|_| bad(format!("'tz' {tz:?} is not an IANA time zone")))?;
        let text = text_field("text")?.to_owned();
        let gold = match fields.get("intents") {
            Some(Value::Array(labels)) => Some(Gold {
                intents: labels
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect(),
                datetime: match fields.get("datetime") {
                    Some(Value::Object(dt)) => {
                        let start = dt
                            .get("start")
                            .and_then(Value::as_str)
                            .and_then(parse_local)
                            .ok_or_else(
                                || bad("'datetime.start' is not a local time".to_owned()),
                            )?;
                        let grain = dt
                            .get("grain")
                            .and_then(Value::as_str)
                            .and_then(Grain::from_name)
                            .ok_or_else(|| {
                                bad("'datetime.grain' is not a known grain".to_owned())
                            })?;
                        let end = dt.get("end").and_then(Value::as_str).and_then(parse_local);
                        Some(GoldTime { start, grain, end })
                    }
                    _ => None,
                },
                tags: fields
                    .get("tags")
                    .and_then(Value::as_array)
                    .map(|tags| {
                        tags.iter()
                            .filter_map(Value::as_str)
                            .map(str::to_owned)
                            .collect()
                    })
                    .unwrap_or_default(),
            }),
            _ => None,
        };
        records.push(Record {
            id,
            received_at,
            tz,
            text,
            gold,
        });
    }
    Ok(records)
}

/// What the assistant understood of one record.
#[derive(Debug, Clone)]
pub struct Prediction {
    pub understanding: Understanding,
}

pub fn predict(record: &Record) -> Prediction {
    Prediction {
        understanding: understand_local(&record.text, record.received_at),
    }
}

/// The prediction with another learned reader, or none (the lexicons alone): an evaluation
/// holds a set out of what the model learned from.
pub fn predict_with(record: &Record, model: Option<&crate::learned::Model>) -> Prediction {
    Prediction {
        understanding: crate::read_with(&record.text, record.received_at, None, model),
    }
}

/// The prediction line `score.py` reads.
pub fn prediction_json(record: &Record, prediction: &Prediction) -> Value {
    let understanding = &prediction.understanding;
    let datetime = understanding.requested_time.map(|t| {
        let mut dt = json!({
            "start": t.start.format("%Y-%m-%dT%H:%M:%S").to_string(),
            "grain": t.grain.as_str(),
        });
        if let Some(end) = t.end {
            dt["end"] = json!(end.format("%Y-%m-%dT%H:%M:%S").to_string());
        }
        dt
    });
    // What each label was read from: the scorer ignores it, a person reading a miss needs it.
    let evidence: serde_json::Map<String, Value> = understanding
        .intents
        .iter()
        .map(|hit| (hit.intent.code().to_owned(), json!(hit.evidence)))
        .collect();
    let mut line = json!({
        "id": record.id,
        "intents": understanding.intent_names(),
        "datetime": datetime,
        "evidence": evidence,
        "matched": understanding.candidates.iter().map(|hit| format!("{}: {}", hit.intent.code(), hit.evidence)).collect::<Vec<_>>(),
    });
    if understanding.time_unsure {
        line["uncertain"] = json!(true);
    }
    line
}

/// Per-label figures.
#[derive(Debug, Clone, Default)]
pub struct LabelScore {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
}

impl LabelScore {
    pub fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }
    pub fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
    pub fn support(&self) -> usize {
        self.tp + self.fn_
    }
}

fn ratio(num: usize, den: usize) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// The figures `score.py` reports that the targets are set on.
#[derive(Debug, Clone, Default)]
pub struct Scores {
    pub records: usize,
    pub dt_n: usize,
    pub dt_correct: usize,
    /// A time read where the gold has another: the costly error, a wrong booking.
    pub dt_wrong: usize,
    /// Wrong, and not marked unsure: booked as read.
    pub dt_wrong_booked: usize,
    /// Readings marked unsure (asked back, never booked), right or wrong.
    pub dt_asked_back: usize,
    pub null_n: usize,
    pub null_false_positives: usize,
    pub intent_exact: usize,
    pub per_label: BTreeMap<String, LabelScore>,
    /// (records, correct) per gold grain.
    pub per_grain: BTreeMap<&'static str, (usize, usize)>,
    /// Ids of records whose datetime or intents were wrong, for reading failures.
    pub misses: Vec<String>,
}

impl Scores {
    pub fn dt_accuracy(&self) -> f64 {
        ratio(self.dt_correct, self.dt_n)
    }
    pub fn dt_wrong_booked_rate(&self) -> f64 {
        ratio(self.dt_wrong_booked, self.dt_n)
    }
    pub fn null_false_positive_rate(&self) -> f64 {
        ratio(self.null_false_positives, self.null_n)
    }
    pub fn micro(&self) -> LabelScore {
        self.per_label
            .values()
            .fold(LabelScore::default(), |acc, s| LabelScore {
                tp: acc.tp + s.tp,
                fp: acc.fp + s.fp,
                fn_: acc.fn_ + s.fn_,
            })
    }
    pub fn micro_f1(&self) -> f64 {
        self.micro().f1()
    }
    /// The mean per-label F1 over every label seen in gold or predictions.
    pub fn macro_f1(&self) -> f64 {
        if self.per_label.is_empty() {
            return 0.0;
        }
        self.per_label.values().map(LabelScore::f1).sum::<f64>() / self.per_label.len() as f64
    }
    pub fn label(&self, code: &str) -> LabelScore {
        self.per_label.get(code).cloned().unwrap_or_default()
    }

    /// A short human summary.
    pub fn summary(&self) -> String {
        let stop = self.label("STOP");
        format!(
            "records {}: datetime exact {}/{} = {:.3} (wrong {}, of them booked {} = {:.3}; asked back {}), null false positives {}/{} = {:.3}; intents micro-F1 {:.3}, macro-F1 {:.3}, exact sets {}/{}; STOP precision {:.3} recall {:.3}",
            self.records,
            self.dt_correct,
            self.dt_n,
            self.dt_accuracy(),
            self.dt_wrong,
            self.dt_wrong_booked,
            self.dt_wrong_booked_rate(),
            self.dt_asked_back,
            self.null_false_positives,
            self.null_n,
            self.null_false_positive_rate(),
            self.micro_f1(),
            self.macro_f1(),
            self.intent_exact,
            self.records,
            stop.precision(),
            stop.recall(),
        )
    }
}

fn bucket(hour: u32) -> u8 {
    match hour {
        4..=11 => 0,
        12..=16 => 1,
        17..=20 => 2,
        _ => 3,
    }
}

/// Whether a predicted start is right at the gold grain (score.py's `matches`).
pub fn matches(predicted: NaiveDateTime, gold: &GoldTime) -> bool {
    use chrono::Timelike;
    let same_day = predicted.date() == gold.start.date();
    match gold.grain {
        Grain::Minute => {
            same_day
                && predicted.hour() == gold.start.hour()
                && predicted.minute() == gold.start.minute()
        }
        Grain::Hour => same_day && predicted.hour() == gold.start.hour(),
        Grain::PartOfDay => same_day && bucket(predicted.hour()) == bucket(gold.start.hour()),
        Grain::Day => same_day,
        Grain::Week => {
            let (p, g) = (predicted.date().iso_week(), gold.start.date().iso_week());
            (p.year(), p.week()) == (g.year(), g.week())
        }
        Grain::Month => {
            (predicted.year(), predicted.month()) == (gold.start.year(), gold.start.month())
        }
        Grain::MonthStart | Grain::MonthEnd => {
            let end = gold
                .end
                .map(|e| e.date())
                .unwrap_or_else(|| match gold.grain {
                    Grain::MonthStart => gold.start.date() + chrono::Duration::days(7),
                    _ => {
                        super::calendar::first_of_next_month(gold.start.year(), gold.start.month())
                    }
                });
            gold.start.date() <= predicted.date() && predicted.date() < end
        }
    }
}

/// Scores predictions against the labelled records, as `score.py` does.
pub fn score(records: &[Record], predictions: &[Prediction]) -> Scores {
    let mut scores = Scores::default();
    for (record, prediction) in records.iter().zip(predictions) {
        let Some(gold) = &record.gold else {
            continue;
        };
        scores.records += 1;
        let predicted: BTreeSet<String> = prediction
            .understanding
            .intent_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
        for label in gold.intents.union(&predicted) {
            let entry = scores.per_label.entry(label.clone()).or_default();
            match (gold.intents.contains(label), predicted.contains(label)) {
                (true, true) => entry.tp += 1,
                (false, true) => entry.fp += 1,
                _ => entry.fn_ += 1,
            }
        }
        let intents_ok = gold.intents == predicted;
        scores.intent_exact += usize::from(intents_ok);
        let start = prediction.understanding.requested_time.map(|t| t.start);
        let dt_ok = match &gold.datetime {
            None => {
                scores.null_n += 1;
                scores.null_false_positives += usize::from(start.is_some());
                start.is_none()
            }
            Some(gold_time) => {
                scores.dt_n += 1;
                let ok = start.is_some_and(|s| matches(s, gold_time));
                let unsure = prediction.understanding.time_unsure;
                let wrong = start.is_some() && !ok;
                scores.dt_correct += usize::from(ok);
                scores.dt_wrong += usize::from(wrong);
                scores.dt_wrong_booked += usize::from(wrong && !unsure);
                scores.dt_asked_back += usize::from(start.is_some() && unsure);
                let slot = scores
                    .per_grain
                    .entry(gold_time.grain.as_str())
                    .or_default();
                slot.0 += 1;
                slot.1 += usize::from(ok);
                ok
            }
        };
        if !(intents_ok && dt_ok) {
            scores.misses.push(match &record.id {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            });
        }
    }
    scores
}
