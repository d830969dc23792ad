//! The date-time grammar: finds every date and time expression in a reply, marks the ones that
//! are not a request (past events, existing appointments, callback times, availability, store
//! hours, negated or retracted options), attaches times to dates and resolves the earliest
//! acceptable point the customer asked for (docs/assistant-rules.md section 2).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};

use super::calendar::{self, Holiday};
use super::text::{Kind, Reply, Token};
use super::{Grain, RequestedTime};

mod context;
mod parse;
mod resolve;
mod words;

use context::*;
use resolve::*;
use words::*;

/// What the grammar found in a reply.
pub(crate) struct Found {
    /// The requested appointment time, before the intents decide whether there is a request.
    pub requested: Option<RequestedTime>,
    /// The words it was read from.
    pub evidence: Option<String>,
    /// The reading is worth checking before it is booked: the reply corrected itself, or it
    /// completed the time the conversation stood at, or it named 6 or 7 without a morning or an
    /// evening, hours a service drive keeps on both sides of the day.
    pub unsure: bool,
}

/// Finds the time a reply asks for. `standing`: the time the conversation stands at (offered,
/// asked back or booked): a time alone is on its day ("3 works", "actually make it 3"), and a
/// day that revises it keeps its time ("can we do friday instead").
pub(crate) fn find(
    reply: &Reply<'_>,
    received: NaiveDateTime,
    standing: Option<NaiveDateTime>,
) -> Found {
    let parser = Parser {
        original: reply.original,
        toks: &reply.tokens,
        today: received.date(),
        now: received,
    };
    let mut atoms = parser.atoms();
    let layout = Layout::of(&reply.tokens);
    mark_context(&reply.tokens, &layout, &mut atoms);
    parser.weekdays_name_holidays(&mut atoms);
    let Some(resolved) = resolve(&atoms, &reply.tokens, &layout, received) else {
        return Found {
            requested: None,
            evidence: None,
            unsure: false,
        };
    };
    let mut requested = resolved.time;
    let mut unsure = atoms.iter().any(|a| a.corrected)
        || two_sided_hour(&atoms, resolved.span)
        || resolved.competing
        || (finer_than_week(resolved.time.grain) && stray_time_number(&reply.tokens, &atoms));
    if let Some(standing) = standing.filter(|at| *at > received) {
        if resolved.floating {
            // "actually make it 3", "3 works": a time alone is on the day the conversation is
            // about, not its next occurrence (rule 6 reads a reply on its own).
            requested.start = standing.date().and_time(requested.start.time());
            unsure = true;
        } else if requested.grain == Grain::Day && revises(&reply.tokens) {
            // "can we do friday instead": the new day, at the time already agreed on.
            requested.start = requested.start.date().and_time(standing.time());
            requested.grain = Grain::Minute;
            unsure = true;
        }
    }
    Found {
        requested: Some(requested),
        evidence: Some(
            reply
                .original_tokens(resolved.span.0, resolved.span.1)
                .to_owned(),
        ),
        unsure,
    }
}

fn finer_than_week(grain: Grain) -> bool {
    matches!(
        grain,
        Grain::Minute | Grain::Hour | Grain::PartOfDay | Grain::Day
    )
}

/// A number shaped like an hour, a clock time or a day of the month that no date or time
/// expression took ("thurs at 3 or 330 idk", "the 12 or 13"): the grammar read the reply
/// around it, so its reading may have missed what that number says. Money, counts before a
/// unit ("2 cars", "45k"), years and phone numbers are not such numbers.
fn stray_time_number(tokens: &[Token], atoms: &[Atom]) -> bool {
    let covered = |i: usize| atoms.iter().any(|a| a.start <= i && i < a.end);
    let word = |i: usize| tokens.get(i).map_or("", |t| t.norm.as_str());
    let glued_to = |i: usize, other: Option<&Token>, kinds: &[Kind]| {
        other.is_some_and(|o| kinds.contains(&o.kind)) && !tokens[i].spaced
    };
    tokens.iter().enumerate().any(|(i, token)| {
        let Some(value) = token.value.filter(|_| token.kind == Kind::Num) else {
            return false;
        };
        let ordinal = matches!(word(i + 1), "st" | "nd" | "rd" | "th");
        let noun = if ordinal { word(i + 2) } else { word(i + 1) };
        let previous = i.checked_sub(1).and_then(|b| tokens.get(b));
        let next = tokens.get(i + 1).filter(|t| !t.spaced);
        let part_of_other = glued_to(i, previous, &[Kind::Word, Kind::Num])
            || previous.is_some_and(|p| matches!(p.norm.as_str(), "$" | "#"))
            || (!ordinal && next.is_some_and(|n| matches!(n.kind, Kind::Word | Kind::Num)))
            || next.is_some_and(|n| matches!(n.norm.as_str(), "-" | "/" | "%" | "," | "."));
        if covered(i)
            || part_of_other
            || UNIT_WORDS.contains(&noun)
            || ORDINAL_NOUNS.contains(&noun)
            || STRAY_NOUNS.contains(&noun)
            || previous.is_some_and(|p| NOT_A_TIME_AFTER.contains(&p.norm.as_str()))
        {
            return false;
        }
        (1..=12).contains(&value)
            || (ordinal && (1..=31).contains(&value))
            || ((100..=1259).contains(&value)
                && value % 100 < 60
                && value % 5 == 0
                && !matches!(tokens.get(i + 1).map(|t| t.kind), Some(Kind::Word))
                || (100..=1259).contains(&value)
                    && matches!(word(i + 1), "am" | "pm" | "a" | "p" | "ish"))
    })
}

/// Nouns a number counts rather than times, beyond the grammar's units.
const STRAY_NOUNS: &[&str] = &[
    "sedans",
    "suvs",
    "vehicles",
    "reminder",
    "reminders",
    "kid",
    "kids",
    "seats",
    "seater",
    "passengers",
    "people",
    "of",
];

/// Words after which a number is a count, a price or a store's hours, not a time asked for.
const NOT_A_TIME_AFTER: &[&str] = &[
    "take", "under", "over", "past", "than", "for", "open", "close", "closes",
];

/// A bare 6 or 7 in the reading ("thursday at 7"): rule 5 reads it as 7 AM or 6 PM, and a
/// service drive is open at both ends of the day, so the other half is as likely.
fn two_sided_hour(atoms: &[Atom], (from, to): (usize, usize)) -> bool {
    let within = |a: &&Atom| a.start >= from && a.end <= to && !a.negated;
    let part_given = atoms
        .iter()
        .filter(within)
        .any(|a| matches!(a.value, Value::Part(_)));
    !part_given
        && atoms.iter().filter(within).any(|a| {
            matches!(a.value, Value::Clock(c) if c.meridiem.is_none() && matches!(c.hour, 6 | 7))
        })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Morning,
    Afternoon,
    Evening,
}

impl Part {
    fn start_hour(self) -> u32 {
        match self {
            Part::Morning => 9,
            Part::Afternoon => 13,
            Part::Evening => 17,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meridiem {
    Am,
    Pm,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Clock {
    hour: u32,
    minute: u32,
    minutes_given: bool,
    meridiem: Option<Meridiem>,
}

impl Clock {
    fn whole(hour: u32) -> Self {
        Clock {
            hour,
            minute: 0,
            minutes_given: false,
            meridiem: None,
        }
    }

    /// The 24-hour hour: an explicit am/pm or part of day wins, otherwise a bare hour is a
    /// service-drive hour, 7–11 in the morning and 12–6 from noon (rule 5).
    fn hour24(self, part: Option<Part>) -> u32 {
        match (self.meridiem, part) {
            (Some(Meridiem::Pm), _) if self.hour < 12 => self.hour + 12,
            (Some(Meridiem::Am), _) if self.hour == 12 => 0,
            (Some(_), _) => self.hour,
            _ if self.hour == 0 || self.hour > 12 => self.hour,
            (None, Some(Part::Afternoon | Part::Evening)) if self.hour < 12 => self.hour + 12,
            (None, Some(Part::Morning)) => self.hour,
            _ if (7..=12).contains(&self.hour) => self.hour,
            _ => self.hour + 12,
        }
    }

    fn time(self, part: Option<Part>) -> NaiveTime {
        NaiveTime::from_hms_opt(self.hour24(part), self.minute, 0).unwrap_or(NaiveTime::MIN)
    }

    fn grain(self) -> Grain {
        if self.minutes_given {
            Grain::Minute
        } else {
            Grain::Hour
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Value {
    Day(NaiveDate),
    Week(NaiveDate),
    Month(NaiveDate),
    MonthStart(NaiveDate),
    MonthEnd(NaiveDate, NaiveDate),
    Instant(NaiveDateTime),
    /// "the week after", anchored on the week mentioned before it.
    WeekAfterPrevious,
    /// "the tues after?", anchored on the day mentioned before it.
    WeekdayAfterPrevious(Weekday),
    /// "cant do tmrw, how about the day after": the day after the one mentioned before it.
    DayAfterPrevious,
    Clock(Clock),
    Part(Part),
}

impl Value {
    fn is_time(self) -> bool {
        matches!(self, Value::Clock(_) | Value::Part(_))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Request,
    /// "before 9", "by friday": bounds the request without being its start.
    UpperBound,
    /// A date or time that is not the requested one ("since last tuesday", "until the 10th").
    Distractor,
    /// A date talked about, not asked for ("are you open on presidents day?", "valentines day
    /// is saturday"), that a later "that morning" or "if so, 10ish" may refer to.
    Mentioned,
}

#[derive(Debug, Clone)]
struct Atom {
    value: Value,
    start: usize,
    end: usize,
    role: Role,
    negated: bool,
    /// Negated because a correction named a new one of its kind (rule 9, corrections), not
    /// because it was ruled out: a time said with a corrected day still stands.
    corrected: bool,
}

struct Parser<'t> {
    /// The reply as written, for what its normal forms drop (capitals).
    original: &'t str,
    toks: &'t [Token],
    today: NaiveDate,
    now: NaiveDateTime,
}
