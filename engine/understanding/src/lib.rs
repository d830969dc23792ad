//! The assistant's understanding of a customer's reply: which intents it carries and which
//! appointment time, if any, it asks for. Deterministic and fast: a lexer that reads texting as
//! people write it, a date-time grammar resolved against when the reply arrived in the store's
//! time zone, and intent lexicons; and what each intent means and sets off ([`actions`]). The
//! rules are `docs/assistant-rules.md`; the
//! measured figures are in `docs/assistant.md`. Pure: the engine's `assistant` acts on what
//! this crate understands (books, opts out, answers) and re-exports it.

pub mod actions;
mod calendar;
pub mod eval;
mod intents;
pub mod learned;
mod text;
mod when;

#[cfg(test)]
mod tests;

use chrono::{DateTime, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;

pub use domain::leads::ResponseInsight;
use domain::messages::ComplianceKeyword;

pub use intents::Intent;

/// How precisely the customer named the time they asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Grain {
    Minute,
    Hour,
    PartOfDay,
    Day,
    Week,
    Month,
    MonthStart,
    MonthEnd,
}

impl Grain {
    pub fn as_str(self) -> &'static str {
        match self {
            Grain::Minute => "minute",
            Grain::Hour => "hour",
            Grain::PartOfDay => "part_of_day",
            Grain::Day => "day",
            Grain::Week => "week",
            Grain::Month => "month",
            Grain::MonthStart => "month_start",
            Grain::MonthEnd => "month_end",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [
            Grain::Minute,
            Grain::Hour,
            Grain::PartOfDay,
            Grain::Day,
            Grain::Week,
            Grain::Month,
            Grain::MonthStart,
            Grain::MonthEnd,
        ]
        .into_iter()
        .find(|g| g.as_str() == name)
    }
}

/// The appointment time a reply asks for, as local wall-clock time in the store's zone: the
/// earliest acceptable point, and for month windows the exclusive end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestedTime {
    pub start: NaiveDateTime,
    pub grain: Grain,
    pub end: Option<NaiveDateTime>,
}

impl RequestedTime {
    /// Whether the time can still be met at `local_now` (the store's wall clock): a clock time
    /// still to come, or a part of day, day, week or month, which count from today.
    pub fn still_ahead(&self, local_now: NaiveDateTime) -> bool {
        self.start > local_now || !matches!(self.grain, Grain::Minute | Grain::Hour)
    }
}

/// One intent found in a reply, with the words that gave it away.
#[derive(Debug, Clone, PartialEq)]
pub struct IntentHit {
    pub intent: Intent,
    pub confidence: f32,
    /// The span of the reply, as the customer wrote it, that carries the intent.
    pub evidence: String,
}

/// Everything the assistant understood of one reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Understanding {
    /// Every intent present (a set: no label twice), strongest first.
    pub intents: Vec<IntentHit>,
    /// Every label a lexicon pattern matched, before the label rules chose the intents
    /// ("already done at Firestone" matches SPA-XX, then is placed as SPA-AS).
    pub candidates: Vec<IntentHit>,
    pub requested_time: Option<RequestedTime>,
    /// The requested time is a guess worth checking: it is asked back ("Did you mean Thursday
    /// at 3 PM?"), never booked as it stands (docs/assistant-rules.md section 3, `uncertain`).
    pub time_unsure: bool,
    pub response_insight: Option<ResponseInsight>,
    /// Set when the whole reply is a carrier keyword (STOP, START, HELP and their synonyms).
    pub carrier_keyword: Option<ComplianceKeyword>,
}

impl Understanding {
    pub fn has(&self, intent: Intent) -> bool {
        self.intents.iter().any(|hit| hit.intent == intent)
    }

    /// Whether the assistant leaves the reply unanswered: an opt-out (STOP or its like, or in
    /// the customer's own words) or HELP, which the compliance answer covers. A lone YES or
    /// START is the carriers' opt-in word and an answer at once: the assistant reads it as
    /// the answer (a customer who had opted out is resubscribed as well).
    pub fn is_opt_out_or_help(&self) -> bool {
        matches!(
            self.carrier_keyword,
            Some(ComplianceKeyword::OptOut | ComplianceKeyword::Help)
        ) || self.has(Intent::Stop)
    }

    pub fn intent_names(&self) -> Vec<&'static str> {
        self.intents.iter().map(|hit| hit.intent.code()).collect()
    }
}

/// Understands a reply that arrived at `received_at`, for a store in `time_zone`; dates and times
/// are resolved on that zone's local calendar.
pub fn understand(text: &str, received_at: DateTime<Utc>, time_zone: Tz) -> Understanding {
    understand_in_dialogue(text, received_at, time_zone, None)
}

/// Understands a reply to a conversation that stands at a time (`standing`, the store's local
/// time): the one the assistant offered or asked back, or the visit booked. A reply that
/// corrects it names only what changes ("actually make it 3", "can we do friday instead",
/// "same time next week"), and the rest comes from that time (docs/assistant-rules.md rule 9).
pub fn understand_in_dialogue(
    text: &str,
    received_at: DateTime<Utc>,
    time_zone: Tz,
    standing: Option<NaiveDateTime>,
) -> Understanding {
    read(
        text,
        received_at.with_timezone(&time_zone).naive_local(),
        standing,
    )
}

/// Understands a reply given the local wall-clock time it arrived at.
pub fn understand_local(text: &str, received_local: NaiveDateTime) -> Understanding {
    read(text, received_local, None)
}

fn read(
    text: &str,
    received_local: NaiveDateTime,
    standing: Option<NaiveDateTime>,
) -> Understanding {
    read_with(text, received_local, standing, Some(&learned::TRAINED))
}

/// Reads a reply with the learned reader given (or none: the lexicons alone), so an evaluation
/// can hold a set out of what the model learned from.
fn read_with(
    text: &str,
    received_local: NaiveDateTime,
    standing: Option<NaiveDateTime>,
    model: Option<&learned::Model>,
) -> Understanding {
    let carrier_keyword = ComplianceKeyword::of(text);
    let reply = text::Reply::read(text);
    let found = when::find(&reply, received_local, standing);
    let classified = intents::classify(&reply, &found, carrier_keyword, model);
    let intents = classified.intents;
    let wants_appointment = intents.iter().any(|hit| hit.intent == Intent::ApptSet);
    let requested_time = found.requested.filter(|_| wants_appointment);
    let response_insight = intents::response_insight(&intents, &reply);
    Understanding {
        intents,
        candidates: classified.candidates,
        requested_time,
        time_unsure: found.unsure && requested_time.is_some(),
        response_insight,
        carrier_keyword,
    }
}
