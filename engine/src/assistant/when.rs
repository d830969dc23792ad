//! The date-time grammar: finds every date and time expression in a reply, marks the ones that
//! are not a request (past events, existing appointments, callback times, availability, store
//! hours, negated or retracted options), attaches times to dates and resolves the earliest
//! acceptable point the customer asked for (docs/assistant-rules.md section 2).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};

use super::calendar::{self, Holiday};
use super::text::{Kind, Reply, Token};
use super::{Grain, RequestedTime};

/// What the grammar found in a reply.
pub(crate) struct Found {
    /// The requested appointment time, before the intents decide whether there is a request.
    pub requested: Option<RequestedTime>,
    /// The words it was read from.
    pub evidence: Option<String>,
}

pub(crate) fn find(reply: &Reply<'_>, received: NaiveDateTime) -> Found {
    let parser = Parser {
        toks: &reply.tokens,
        today: received.date(),
        now: received,
    };
    let mut atoms = parser.atoms();
    let layout = Layout::of(&reply.tokens);
    mark_context(&reply.tokens, &layout, &mut atoms);
    parser.weekdays_name_holidays(&mut atoms);
    match resolve(&atoms, &reply.tokens, &layout, received) {
        Some((requested, (from, to))) => Found {
            requested: Some(requested),
            evidence: Some(reply.original_tokens(from, to).to_owned()),
        },
        None => Found {
            requested: None,
            evidence: None,
        },
    }
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
}

struct Parser<'t> {
    toks: &'t [Token],
    today: NaiveDate,
    now: NaiveDateTime,
}

const UNIT_WORDS: &[&str] = &[
    "k", "mi", "mile", "miles", "mph", "wd", "x", "day", "days", "week", "weeks", "month",
    "months", "year", "years", "yr", "yrs", "hour", "hours", "minute", "minutes", "texts", "text",
    "times", "time", "trucks", "truck", "cars", "car", "tires", "tire", "people", "kids",
    "percent", "dollars", "bucks", "gear", "row", "doors", "door", "cyl", "cylinder", "liter", "l",
    "v", "qt", "quarts", "psi", "inch", "ft", "feet", "lbs", "oil", "messages", "calls",
    "vehicles", "vans", "van", "wks", "weeks", "kms", "km", "owners", "of",
];

const ORDINAL_NOUNS: &[&str] = &[
    "gear",
    "row",
    "time",
    "times",
    "floor",
    "street",
    "st",
    "ave",
    "avenue",
    "road",
    "generation",
    "gen",
    "grade",
    "place",
    "party",
    "owner",
    "car",
    "vehicle",
    "one",
    "ones",
    "year",
    "years",
    "child",
    "kid",
    "person",
    "shift",
    "try",
    "attempt",
    "reminder",
    "text",
    "message",
    "notice",
    "oil",
    "service",
    "tire",
    "tires",
    "light",
    "quarter",
    "base",
    "degree",
    "percent",
    "week",
    "month",
    "day",
    "opinion",
    "visit",
    "key",
    "seat",
    "truck",
];

/// Words after which a spelled ordinal ("the twentieth") still reads as a day.
const ORDINAL_FOLLOWERS: &[&str] = &[
    "at",
    "of",
    "or",
    "and",
    "works",
    "work",
    "would",
    "please",
    "if",
    "is",
    "then",
    "for",
    "in",
    "around",
    "after",
    "before",
    "morning",
    "afternoon",
    "evening",
    "maybe",
    "instead",
    "ok",
    "good",
    "fine",
    "too",
    "am",
    "pm",
    "anytime",
    "any",
];

fn weekday_of(word: &str) -> Option<Weekday> {
    Some(match word {
        "monday" => Weekday::Mon,
        "tuesday" => Weekday::Tue,
        "wednesday" => Weekday::Wed,
        "thursday" => Weekday::Thu,
        "friday" => Weekday::Fri,
        "saturday" => Weekday::Sat,
        "sunday" => Weekday::Sun,
        _ => return None,
    })
}

fn month_of(word: &str) -> Option<u32> {
    Some(match word {
        "january" => 1,
        "february" => 2,
        "march" => 3,
        "april" => 4,
        "may" => 5,
        "june" => 6,
        "july" => 7,
        "august" => 8,
        "september" => 9,
        "october" => 10,
        "november" => 11,
        "december" => 12,
        _ => return None,
    })
}

fn small_number(word: &str) -> Option<u32> {
    Some(match word {
        "a" | "an" | "one" => 1,
        "two" | "couple" => 2,
        "three" | "few" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        _ => return None,
    })
}

fn ordinal_word(word: &str) -> Option<u32> {
    Some(match word {
        "first" => 1,
        "second" => 2,
        "third" => 3,
        "fourth" => 4,
        "fifth" => 5,
        "sixth" => 6,
        "seventh" => 7,
        "eighth" => 8,
        "ninth" => 9,
        "tenth" => 10,
        "eleventh" => 11,
        "twelfth" => 12,
        "thirteenth" => 13,
        "fourteenth" => 14,
        "fifteenth" => 15,
        "sixteenth" => 16,
        "seventeenth" => 17,
        "eighteenth" => 18,
        "nineteenth" => 19,
        "twentieth" => 20,
        "thirtieth" => 30,
        _ => return None,
    })
}

enum MonthWhen {
    Named,
    This,
    Next,
}

impl<'t> Parser<'t> {
    fn w(&self, i: usize) -> &str {
        match self.toks.get(i) {
            Some(t) if t.kind == Kind::Word => &t.norm,
            _ => "",
        }
    }

    fn is(&self, i: usize, word: &str) -> bool {
        self.w(i) == word
    }

    fn any(&self, i: usize, words: &[&str]) -> bool {
        let w = self.w(i);
        !w.is_empty() && words.contains(&w)
    }

    /// Matches consecutive words from `i`, returning the index after them.
    fn seq(&self, i: usize, words: &[&str]) -> Option<usize> {
        words
            .iter()
            .enumerate()
            .all(|(k, word)| self.is(i + k, word))
            .then_some(i + words.len())
    }

    fn num(&self, i: usize) -> Option<u32> {
        self.toks
            .get(i)
            .filter(|t| t.kind == Kind::Num)
            .and_then(|t| t.value)
    }

    fn punct(&self, i: usize, c: char) -> bool {
        self.toks
            .get(i)
            .is_some_and(|t| t.kind == Kind::Punct && t.norm.starts_with(c))
    }

    fn glued(&self, i: usize) -> bool {
        self.toks.get(i).is_some_and(|t| !t.spaced)
    }

    fn atoms(&self) -> Vec<Atom> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.toks.len() {
            if let Some(next) = self.greeting(i) {
                i = next;
                continue;
            }
            let after_date = out
                .last()
                .is_some_and(|a: &Atom| a.end == i && !a.value.is_time());
            if let Some(next) = self
                .window(i, &mut out)
                .or_else(|| self.modified_date(i, &mut out))
                .or_else(|| self.time_expression(i, after_date, &mut out))
                .or_else(|| self.part_of_day(i, after_date, &mut out))
                .or_else(|| self.now_expression(i, &mut out))
            {
                i = next.max(i + 1);
            } else {
                i += 1;
            }
        }
        out
    }

    fn push(out: &mut Vec<Atom>, value: Value, start: usize, end: usize, role: Role) {
        out.push(Atom {
            value,
            start,
            end,
            role,
            negated: false,
        });
    }

    /// Greetings that name a holiday or a part of day without asking for it.
    fn greeting(&self, i: usize) -> Option<usize> {
        if self.any(i, &["happy", "merry"]) {
            if let Some((_, next)) = self.holiday(i + 1) {
                return Some(next);
            }
            if let Some(next) = self
                .seq(i + 1, &["new", "year"])
                .or_else(|| self.seq(i + 1, &["new", "years"]))
            {
                return Some(next);
            }
        }
        if self.is(i, "good") && self.any(i + 1, &["morning", "afternoon", "evening", "night"]) {
            return Some(i + 2);
        }
        let opens = i == 0 || self.toks.get(i - 1).is_some_and(|t| t.kind != Kind::Word);
        if opens
            && self.any(i, &["morning", "afternoon", "evening"])
            && self
                .toks
                .get(i + 1)
                .is_some_and(|t| t.kind == Kind::Punct && (t.norm == "!" || t.norm == ","))
        {
            return Some(i + 1);
        }
        None
    }

    /// "Halloween? saturday morning": a bare weekday beside a holiday on that weekday is the
    /// holiday, not the first such weekday.
    fn weekdays_name_holidays(&self, atoms: &mut [Atom]) {
        let holidays: Vec<NaiveDate> = atoms
            .iter()
            .filter(|a| !a.negated && a.role != Role::Distractor)
            .filter_map(|a| match (a.value, self.holiday(a.start)) {
                (Value::Day(day), Some((Some(_), _))) => Some(day),
                _ => None,
            })
            .collect();
        for atom in atoms.iter_mut() {
            let Value::Day(day) = atom.value else {
                continue;
            };
            let bare = atom.end == atom.start + 1 && weekday_of(self.w(atom.start)).is_some();
            if let Some(&holiday) = holidays
                .iter()
                .find(|h| bare && h.weekday() == day.weekday() && **h > day)
            {
                atom.value = Value::Day(holiday);
            }
        }
    }

    // ----------------------------------------------------------------- weeks and months

    fn count(&self, i: usize) -> Option<(u32, usize)> {
        if let Some(n) = self.num(i) {
            return Some((n, i + 1));
        }
        if let Some(next) = self
            .seq(i, &["a", "couple", "of"])
            .or_else(|| self.seq(i, &["a", "couple"]))
        {
            return Some((2, next));
        }
        if let Some(next) = self.seq(i, &["a", "few"]) {
            return Some((3, next));
        }
        small_number(self.w(i)).map(|n| (n, i + 1))
    }

    fn month_ref(&self, i: usize) -> Option<(i32, u32, MonthWhen, usize)> {
        let today = self.today;
        for (words, when) in [
            (&["the", "month"][..], MonthWhen::This),
            (&["this", "month"][..], MonthWhen::This),
            (&["the", "next", "month"][..], MonthWhen::Next),
            (&["next", "month"][..], MonthWhen::Next),
        ] {
            if let Some(next) = self.seq(i, words) {
                let (year, month) = match when {
                    MonthWhen::Next if today.month() == 12 => (today.year() + 1, 1),
                    MonthWhen::Next => (today.year(), today.month() + 1),
                    _ => (today.year(), today.month()),
                };
                return Some((year, month, when, next));
            }
        }
        let month = month_of(self.w(i))?;
        let mut next = i + 1;
        let year = match self.num(next) {
            Some(y) if (2000..2100).contains(&y) => {
                next += 1;
                y as i32
            }
            _ if month >= today.month() => today.year(),
            _ => today.year() + 1,
        };
        Some((year, month, MonthWhen::Named, next))
    }

    fn window(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
        let today = self.today;
        let mut emit = |value, next| {
            Self::push(out, value, i, next, Role::Request);
            Some(next)
        };
        // Weeks.
        if let Some(next) = self
            .seq(i, &["week", "after", "next"])
            .or_else(|| self.seq(i, &["the", "week", "after", "next"]))
        {
            return emit(
                Value::Week(calendar::next_monday(today) + Duration::days(7)),
                next,
            );
        }
        for (words, shift) in [
            (&["the", "week", "of"][..], 0),
            (&["week", "of"][..], 0),
            (&["the", "week", "after"][..], 7),
            (&["week", "after"][..], 7),
            (&["the", "week", "following"][..], 7),
            (&["week", "following"][..], 7),
            (&["the", "week", "before"][..], -7),
            (&["week", "before"][..], -7),
        ] {
            if let Some(j) = self.seq(i, words) {
                if let Some((day, next)) = self.core(j) {
                    let monday = calendar::monday_of(day) + Duration::days(shift);
                    return emit(Value::Week(monday), next);
                }
                if shift == 7 {
                    return emit(Value::WeekAfterPrevious, j);
                }
            }
        }
        if self.any(i, &["last", "past"]) && self.any(i + 1, &["week", "weekend", "month", "year"])
        {
            return Some(i + 2);
        }
        if let Some(next) = self
            .seq(i, &["later", "this", "week"])
            .or_else(|| self.seq(i, &["later", "in", "the", "week"]))
        {
            return emit(Value::Week(today + Duration::days(1)), next);
        }
        if let Some(next) = self
            .seq(i, &["end", "of", "the", "week"])
            .or_else(|| self.seq(i, &["end", "of", "this", "week"]))
        {
            let friday = calendar::weekday_on_or_after(today, Weekday::Fri);
            let day = if calendar::monday_of(friday) == calendar::monday_of(today) {
                friday
            } else {
                today
            };
            return emit(Value::Week(day), next);
        }
        if let Some(next) = self.seq(i, &["this", "week"]) {
            return emit(Value::Week(today), next);
        }
        if let Some(next) = self.seq(i, &["next", "week"])
            && weekday_of(self.w(next)).is_none()
        {
            return emit(Value::Week(calendar::next_monday(today)), next);
        }
        if let Some(next) = self.seq(i, &["next", "weekend"]) {
            return emit(
                Value::Week(calendar::next_monday(today) + Duration::days(5)),
                next,
            );
        }
        if let Some(next) = self.seq(i, &["before", "the", "weekend"]) {
            return emit(Value::Week(today), next);
        }
        if let Some(next) = self
            .seq(i, &["this", "coming", "weekend"])
            .or_else(|| self.seq(i, &["this", "weekend"]))
            .or_else(|| self.seq(i, &["the", "weekend"]))
        {
            let day = if today.weekday() == Weekday::Sun {
                today
            } else {
                calendar::weekday_on_or_after(today, Weekday::Sat)
            };
            return emit(Value::Week(day), next);
        }
        // Relative offsets: "in 2 weeks", "2 wks from now", "in 3 days", "in an hour".
        let (counted, after_in) = if self.is(i, "in") || self.is(i, "within") {
            (self.count(i + 1), true)
        } else {
            (self.count(i), false)
        };
        if let Some((n, j)) = counted {
            let n = n.min(400);
            let from_now = |k: usize| {
                self.seq(k, &["from", "now"])
                    .or_else(|| self.seq(k, &["from", "today"]))
            };
            let unit = self.w(j);
            let ending = if after_in {
                Some(j + 1)
            } else if self.is(j + 1, "out") && matches!(unit, "week" | "weeks") {
                // "couple weeks out"
                Some(j + 2)
            } else {
                from_now(j + 1)
            };
            if let Some(next) = ending {
                match unit {
                    "week" | "weeks" => {
                        return emit(Value::Week(today + Duration::days(7 * i64::from(n))), next);
                    }
                    "day" | "days" => {
                        return emit(Value::Day(today + Duration::days(i64::from(n))), next);
                    }
                    "hour" | "hours" if after_in => {
                        return emit(
                            Value::Instant(self.now + Duration::hours(i64::from(n))),
                            next,
                        );
                    }
                    "minute" | "minutes" if after_in => {
                        return emit(
                            Value::Instant(self.now + Duration::minutes(i64::from(n))),
                            next,
                        );
                    }
                    _ => {}
                }
            }
        }
        if let Some(next) = self.seq(i, &["in", "half", "an", "hour"]) {
            return emit(Value::Instant(self.now + Duration::minutes(30)), next);
        }
        // Months.
        if let Some(j) = self
            .seq(i, &["the", "last", "day", "of"])
            .or_else(|| self.seq(i, &["last", "day", "of"]))
            && let Some((year, month, _, next)) = self.month_ref(j)
        {
            return emit(Value::Day(calendar::last_day_of_month(year, month)), next);
        }
        const STARTS: &[&[&str]] = &[
            &["the", "beginning", "of"],
            &["beginning", "of"],
            &["the", "start", "of"],
            &["start", "of"],
            &["the", "first", "week", "of"],
            &["first", "week", "of"],
            &["the", "first", "part", "of"],
            &["first", "part", "of"],
            &["early", "in"],
            &["early"],
        ];
        const ENDS: &[&[&str]] = &[
            &["towards", "the", "end", "of"],
            &["toward", "the", "end", "of"],
            &["towards", "end", "of"],
            &["the", "end", "of"],
            &["end", "of"],
            &["the", "last", "week", "of"],
            &["last", "week", "of"],
            &["late", "in"],
            &["late"],
        ];
        const MIDDLES: &[&[&str]] = &[&["the", "middle", "of"], &["middle", "of"], &["mid"]];
        for (prefixes, kind) in [(STARTS, 0), (ENDS, 1), (MIDDLES, 2)] {
            for prefix in prefixes {
                let Some(j) = self.seq(i, prefix) else {
                    continue;
                };
                let j = if self.punct(j, '-') { j + 1 } else { j };
                let Some((mut year, month, when, next)) = self.month_ref(j) else {
                    continue;
                };
                if matches!(when, MonthWhen::Named) && month == today.month() {
                    let passed = match kind {
                        0 => today.day() > 7,
                        1 => false,
                        _ => today.day() > 15,
                    };
                    if passed {
                        year += 1;
                    }
                }
                let first = NaiveDate::from_ymd_opt(year, month, 1)?;
                let value = match kind {
                    0 => Value::MonthStart(first),
                    1 => Value::MonthEnd(
                        calendar::last_day_of_month(year, month) - Duration::days(6),
                        calendar::first_of_next_month(year, month),
                    ),
                    _ => Value::Day(first + Duration::days(14)),
                };
                return emit(value, next);
            }
        }
        let j = self
            .seq(i, &["sometime", "in"])
            .or_else(|| self.seq(i, &["some", "time", "in"]))
            .or_else(|| self.seq(i, &["sometime", "during"]))
            .or_else(|| self.seq(i, &["during"]))
            .or_else(|| self.seq(i, &["in"]))
            .or_else(|| self.seq(i, &["sometime"]));
        let (j, prefixed) = match j {
            Some(j) => (j, true),
            None => (i, false),
        };
        if let Some((year, month, when, next)) = self.month_ref(j) {
            let named_alone = matches!(when, MonthWhen::Named) && !prefixed;
            let ambiguous_word = matches!(self.w(j), "may" | "march");
            let followed_by_day = self.num(next).is_some() || self.is(next, "the");
            let bare_this = matches!(when, MonthWhen::This) && !prefixed;
            if !(followed_by_day || bare_this || named_alone && ambiguous_word) {
                let first = NaiveDate::from_ymd_opt(year, month, 1)?;
                return emit(Value::Month(first), next);
            }
        }
        None
    }

    // ----------------------------------------------------------------- days

    fn holiday(&self, i: usize) -> Option<(Option<NaiveDate>, usize)> {
        const NAMES: &[(&[&str], Holiday)] = &[
            (&["new", "years", "eve"], Holiday::NewYearsEve),
            (&["new", "year", "eve"], Holiday::NewYearsEve),
            (&["nye"], Holiday::NewYearsEve),
            (&["new", "years", "day"], Holiday::NewYearsDay),
            (&["new", "years"], Holiday::NewYearsDay),
            (&["new", "year"], Holiday::NewYearsDay),
            (&["mlk", "day"], Holiday::MlkDay),
            (&["mlk"], Holiday::MlkDay),
            (&["martin", "luther", "king", "jr", "day"], Holiday::MlkDay),
            (&["martin", "luther", "king", "day"], Holiday::MlkDay),
            (&["valentines", "day"], Holiday::ValentinesDay),
            (&["valentines"], Holiday::ValentinesDay),
            (&["valentine", "day"], Holiday::ValentinesDay),
            (&["presidents", "day"], Holiday::PresidentsDay),
            (&["president", "day"], Holiday::PresidentsDay),
            (&["good", "friday"], Holiday::GoodFriday),
            (&["easter", "sunday"], Holiday::Easter),
            (&["easter"], Holiday::Easter),
            (&["mothers", "day"], Holiday::MothersDay),
            (&["mother", "day"], Holiday::MothersDay),
            (&["memorial", "day"], Holiday::MemorialDay),
            (&["fathers", "day"], Holiday::FathersDay),
            (&["father", "day"], Holiday::FathersDay),
            (&["juneteenth"], Holiday::Juneteenth),
            (&["fourth", "of", "july"], Holiday::IndependenceDay),
            (&["independence", "day"], Holiday::IndependenceDay),
            (&["labor", "day"], Holiday::LaborDay),
            (&["labour", "day"], Holiday::LaborDay),
            (&["columbus", "day"], Holiday::ColumbusDay),
            (&["indigenous", "peoples", "day"], Holiday::ColumbusDay),
            (&["halloween"], Holiday::Halloween),
            (&["veterans", "day"], Holiday::VeteransDay),
            (&["veteran", "day"], Holiday::VeteransDay),
            (&["thanksgiving", "day"], Holiday::Thanksgiving),
            (&["thanksgiving"], Holiday::Thanksgiving),
            (&["black", "friday"], Holiday::BlackFriday),
            (&["christmas", "eve"], Holiday::ChristmasEve),
            (&["christmas", "day"], Holiday::Christmas),
            (&["christmas"], Holiday::Christmas),
        ];
        let j = if self.is(i, "the") { i + 1 } else { i };
        let mut found = NAMES
            .iter()
            .find_map(|(words, holiday)| self.seq(j, words).map(|next| (*holiday, next)));
        if found.is_none()
            && self.num(j) == Some(4)
            && self.is(j + 1, "th")
            && self.is(j + 2, "of")
            && self.is(j + 3, "july")
        {
            found = Some((Holiday::IndependenceDay, j + 4));
        }
        let (holiday, next) = found?;
        // "black friday deals" and "christmas specials" are offers, not dates.
        if self.any(
            next,
            &[
                "deal",
                "deals",
                "sale",
                "sales",
                "special",
                "specials",
                "price",
                "prices",
                "discount",
                "discounts",
                "party",
                "gift",
                "gifts",
                "lights",
                "break",
            ],
        ) {
            return Some((None, next));
        }
        Some((Some(holiday.next_on_or_after(self.today)), next))
    }

    fn relative_day(&self, i: usize) -> Option<(NaiveDate, usize)> {
        let today = self.today;
        if let Some(next) = self
            .seq(i, &["the", "day", "after", "tomorrow"])
            .or_else(|| self.seq(i, &["day", "after", "tomorrow"]))
        {
            return Some((today + Duration::days(2), next));
        }
        match self.w(i) {
            "today" => Some((today, i + 1)),
            "tomorrow" => Some((today + Duration::days(1), i + 1)),
            _ => None,
        }
    }

    /// "friday", "this wednesday", "next tues", "wed the 21st", "Thurs 10/9".
    fn weekday_phrase(&self, i: usize) -> Option<(NaiveDate, usize)> {
        enum Mode {
            This,
            Next,
            Bare,
        }
        let (mode, j) = if let Some(j) = self.seq(i, &["this", "coming"]) {
            (Mode::This, j)
        } else if self.any(i, &["this", "coming"]) {
            (Mode::This, i + 1)
        } else if let Some(j) = self.seq(i, &["next", "week"]) {
            (Mode::Next, j)
        } else if self.is(i, "next") {
            (Mode::Next, i + 1)
        } else {
            (Mode::Bare, i)
        };
        let weekday = weekday_of(self.w(j))?;
        let today = self.today;
        // "saturday of next week", "wednesday of this week"
        let (mode, j) = match mode {
            Mode::Bare if self.seq(j + 1, &["of", "next", "week"]).is_some() => (Mode::Next, j + 3),
            Mode::Bare if self.seq(j + 1, &["of", "this", "week"]).is_some() => (Mode::This, j + 3),
            other => (other, j),
        };
        let date = match mode {
            Mode::This => calendar::weekday_on_or_after(today, weekday),
            Mode::Next => {
                calendar::next_monday(today)
                    + Duration::days(i64::from(weekday.num_days_from_monday()))
            }
            Mode::Bare => calendar::weekday_after(today, weekday),
        };
        let mut k = j + 1;
        if self.punct(k, ',') {
            k += 1;
        }
        if let Some((day, next)) = self.numeric_date(k).or_else(|| self.month_day(k)) {
            return Some((day, next));
        }
        if let Some((n, next)) = self.ordinal(k) {
            // "friday the 11th of june"
            if self.is(next, "of")
                && let Some(month) = month_of(self.w(next + 1))
            {
                return Some((calendar::next_month_day(today, month, n)?, next + 2));
            }
            let mut day = calendar::next_day_of_month(today, n)?;
            for _ in 0..12 {
                if day.weekday() == weekday {
                    return Some((day, next));
                }
                let following = calendar::first_of_next_month(day.year(), day.month());
                day = calendar::next_day_of_month(following, n)?;
            }
            return Some((calendar::next_day_of_month(today, n)?, next));
        }
        Some((date, j + 1))
    }

    /// "9/20", "1/2/26".
    fn numeric_date(&self, i: usize) -> Option<(NaiveDate, usize)> {
        let month = self.num(i).filter(|m| (1..=12).contains(m))?;
        if !(self.punct(i + 1, '/') && self.glued(i + 1) && self.glued(i + 2)) {
            return None;
        }
        let day = self.num(i + 2).filter(|d| (1..=31).contains(d))?;
        if i > 0 && self.punct(i - 1, '/') && self.glued(i) {
            return None;
        }
        let mut next = i + 3;
        let mut year = None;
        if self.punct(next, '/') && self.glued(next) {
            let y = self.num(next + 1)?;
            year = Some(if y < 100 { 2000 + y as i32 } else { y as i32 });
            next += 2;
        }
        if self.glued(next)
            && self
                .toks
                .get(next)
                .is_some_and(|t| t.kind == Kind::Word || t.kind == Kind::Num)
        {
            return None;
        }
        let date = match year {
            Some(y) => NaiveDate::from_ymd_opt(y, month, day)?,
            None => calendar::next_month_day(self.today, month, day)?,
        };
        Some((date, next))
    }

    /// "jan 6", "april 2nd", "june the 5th".
    fn month_day(&self, i: usize) -> Option<(NaiveDate, usize)> {
        let month = month_of(self.w(i))?;
        let (day, next) = if let Some(d) = self.num(i + 1) {
            let mut next = i + 2;
            if self.glued(next) && self.any(next, &["st", "nd", "rd", "th"]) {
                next += 1;
            }
            if self.punct(next, ':') || self.any(next, &["am", "pm"]) {
                return None;
            }
            (d, next)
        } else if self.is(i + 1, "the") {
            self.ordinal(i + 1)?
        } else {
            return None;
        };
        if !(1..=31).contains(&day) {
            return None;
        }
        let mut next = next;
        let mut year = None;
        if self.punct(next, ',')
            && self
                .num(next + 1)
                .is_some_and(|y| (2000..2100).contains(&y))
        {
            year = self.num(next + 1).map(|y| y as i32);
            next += 2;
        } else if let Some(y) = self.num(next).filter(|y| (2000..2100).contains(y)) {
            year = Some(y as i32);
            next += 1;
        }
        let date = match year {
            Some(y) => NaiveDate::from_ymd_opt(y, month, day)?,
            None => calendar::next_month_day(self.today, month, day)?,
        };
        Some((date, next))
    }

    /// "the 15th", "21st", "the first": a day of the month.
    fn ordinal(&self, i: usize) -> Option<(u32, usize)> {
        let with_the = self.is(i, "the");
        let j = if with_the { i + 1 } else { i };
        if i > 0 && self.any(i - 1, &["my", "your", "our", "his", "her", "a", "their"]) {
            return None;
        }
        // "going into 3rd": a gear, not a date.
        if !with_the && i > 0 && self.any(i - 1, &["into", "in", "to", "from", "shifting", "shift"])
        {
            return None;
        }
        let (n, next) = if let Some(n) = self.num(j) {
            if !(self.glued(j + 1) && self.any(j + 1, &["st", "nd", "rd", "th"])) {
                return None;
            }
            (n, j + 2)
        } else if with_the && matches!(self.w(j), "twenty" | "thirty") {
            let tens = if self.is(j, "twenty") { 20 } else { 30 };
            (
                tens + ordinal_word(self.w(j + 1)).filter(|n| *n < 10)?,
                j + 2,
            )
        } else if with_the {
            (ordinal_word(self.w(j))?, j + 1)
        } else {
            return None;
        };
        if !(1..=31).contains(&n) || self.any(next, ORDINAL_NOUNS) {
            return None;
        }
        // "the third brake light": a spelled ordinal names a day only where a day would end.
        let spelled = self.num(j).is_none();
        if spelled
            && self.toks.get(next).is_some_and(|t| t.kind == Kind::Word)
            && !self.any(next, ORDINAL_FOLLOWERS)
        {
            return None;
        }
        Some((n, next))
    }

    /// A single day named any way: a holiday, today/tomorrow, a weekday, a date, an ordinal.
    fn core(&self, i: usize) -> Option<(NaiveDate, usize)> {
        if let Some((day, next)) = self.holiday(i) {
            return day.map(|d| (d, next));
        }
        if let Some(found) = self.relative_day(i) {
            return Some(found);
        }
        if let Some(found) = self.weekday_phrase(i) {
            return Some(found);
        }
        if let Some(found) = self.numeric_date(i).or_else(|| self.month_day(i)) {
            return Some(found);
        }
        // "3 dec", "3rd dec"
        if let Some(d) = self.num(i).filter(|d| (1..=31).contains(d)) {
            let mut j = i + 1;
            if self.glued(j) && self.any(j, &["st", "nd", "rd", "th"]) {
                j += 1;
            }
            if self.is(j, "of") {
                j += 1;
            }
            if let Some(month) = month_of(self.w(j))
                && !(j == i + 1 && self.w(j) == "may")
            {
                return calendar::next_month_day(self.today, month, d).map(|day| (day, j + 1));
            }
        }
        let (n, next) = self.ordinal(i)?;
        if self.seq(next, &["of", "next", "month"]).is_some() {
            let first = calendar::first_of_next_month(self.today.year(), self.today.month());
            return NaiveDate::from_ymd_opt(first.year(), first.month(), n).map(|d| (d, next + 3));
        }
        if self.is(next, "of")
            && let Some(month) = month_of(self.w(next + 1))
        {
            return calendar::next_month_day(self.today, month, n).map(|d| (d, next + 2));
        }
        let next = self
            .seq(next, &["of", "the", "month"])
            .or_else(|| self.seq(next, &["of", "this", "month"]))
            .unwrap_or(next);
        calendar::next_day_of_month(self.today, n).map(|d| (d, next))
    }

    fn modified_date(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
        // A holiday named as an offer ("black friday deal") is consumed without a date.
        if let Some((None, next)) = self.holiday(i) {
            return Some(next);
        }
        for (words, shift) in [
            (&["the", "day", "after"][..], 1),
            (&["day", "after"][..], 1),
            (&["the", "day", "before"][..], -1),
            (&["day", "before"][..], -1),
            (&["a", "week", "from"][..], 7),
            (&["one", "week", "from"][..], 7),
        ] {
            if let Some(j) = self.seq(i, words)
                && let Some((day, next)) = self.core(j)
            {
                Self::push(
                    out,
                    Value::Day(day + Duration::days(shift)),
                    i,
                    next,
                    Role::Request,
                );
                return Some(next);
            }
        }
        // "two weeks from monday", "3 days from friday"
        if let Some((n, j)) = self.count(i)
            && self.any(j, &["week", "weeks", "day", "days"])
            && self.is(j + 1, "from")
            && let Some((day, next)) = self.core(j + 2)
        {
            let days = if self.any(j, &["week", "weeks"]) {
                7 * n
            } else {
                n
            };
            Self::push(
                out,
                Value::Day(day + Duration::days(i64::from(days.min(400)))),
                i,
                next,
                Role::Request,
            );
            return Some(next);
        }
        // "the tuesday after memorial day", "tues after labor day".
        let j = if self.is(i, "the") { i + 1 } else { i };
        if let Some(weekday) = weekday_of(self.w(j))
            && self.is(j + 1, "after")
            && let Some((day, next)) = self.core(j + 2)
        {
            Self::push(
                out,
                Value::Day(calendar::weekday_after(day, weekday)),
                i,
                next,
                Role::Request,
            );
            return Some(next);
        }
        // "the monday after?": after the day just mentioned.
        if let Some(weekday) = weekday_of(self.w(j))
            && self.is(j + 1, "after")
            && self.toks.get(j + 2).is_none_or(|t| t.kind != Kind::Word)
        {
            Self::push(
                out,
                Value::WeekdayAfterPrevious(weekday),
                i,
                j + 2,
                Role::Request,
            );
            return Some(j + 2);
        }
        let lead = [
            (&["sometime", "after"][..], 1, Role::Request),
            (&["some", "time", "after"][..], 1, Role::Request),
            (&["anytime", "after"][..], 1, Role::Request),
            (&["any", "time", "after"][..], 1, Role::Request),
            (&["after"][..], 1, Role::Request),
            (&["before"][..], 0, Role::UpperBound),
            (&["by"][..], 0, Role::UpperBound),
            (&["since"][..], 0, Role::Distractor),
            (&["last"][..], 0, Role::Distractor),
            (&["past"][..], 0, Role::Distractor),
            (&["until"][..], 0, Role::Distractor),
            (&["through"][..], 0, Role::Distractor),
        ];
        // "stop by tuesday", "swing by friday": a visit, not a deadline.
        let visit = i > 0 && self.any(i - 1, &["stop", "swing", "come", "drop", "pop", "roll"]);
        for (words, shift, role) in lead {
            if words == ["by"] && visit {
                continue;
            }
            if let Some(j) = self.seq(i, words)
                && let Some((day, next)) = self.core(j)
            {
                Self::push(out, Value::Day(day + Duration::days(shift)), i, next, role);
                return Some(next);
            }
        }
        // "move my appt from tomorrow to wednesday": the first date is the one being left.
        if self.is(i, "from")
            && let Some((from, j)) = self.core(i + 1)
            && self.is(j, "to")
            && let Some((to, next)) = self.core(j + 1)
        {
            Self::push(out, Value::Day(from), i, j, Role::Distractor);
            Self::push(out, Value::Day(to), j, next, Role::Request);
            return Some(next);
        }
        let (day, next) = self.core(i)?;
        // "my saturday appt", "the monday appointment I had": an existing appointment.
        let existing = self.any(next, &["appointment", "appointments"])
            && i > 0
            && self.any(i - 1, &["my", "the", "our"]);
        let role = if existing {
            Role::Distractor
        } else {
            Role::Request
        };
        Self::push(out, Value::Day(day), i, next, role);
        Some(next)
    }

    // ----------------------------------------------------------------- times

    /// An hour and minutes, with am/pm or "ish" when given. `strong` when it cannot be a
    /// plain number (minutes, am/pm, ish, o'clock).
    fn clock(&self, i: usize) -> Option<(Clock, usize, bool)> {
        let (hour, mut next) = match self.num(i) {
            Some(h) => (h, i + 1),
            None => match self.w(i) {
                "noon" | "midday" => return Some((Clock::whole(12), i + 1, true)),
                word => (
                    small_number(word).filter(|_| word != "a" && word != "an")?,
                    i + 1,
                ),
            },
        };
        if hour > 23 {
            return None;
        }
        if i > 0 && (self.punct(i - 1, '$') || self.punct(i - 1, '#')) {
            return None;
        }
        let mut clock = Clock::whole(hour);
        let mut strong = false;
        if self.punct(next, ':') && self.glued(next) && self.glued(next + 1) {
            let minute = self
                .toks
                .get(next + 1)
                .filter(|t| t.kind == Kind::Num && t.norm.len() == 2)
                .and_then(|t| t.value)
                .filter(|m| *m < 60)?;
            clock.minute = minute;
            clock.minutes_given = true;
            strong = true;
            next += 2;
        }
        if self.punct(next, '-') && self.glued(next) && self.is(next + 1, "ish") {
            next += 1;
        }
        match self.w(next) {
            "am" | "a" if self.w(next) == "am" || self.glued(next) => {
                clock.meridiem = Some(Meridiem::Am);
                strong = true;
                next += 1;
            }
            "pm" | "p" if self.w(next) == "pm" || self.glued(next) => {
                clock.meridiem = Some(Meridiem::Pm);
                strong = true;
                next += 1;
            }
            "ish" | "oclock" => {
                strong = true;
                next += 1;
            }
            _ => {}
        }
        if clock.meridiem.is_some() && !(1..=12).contains(&hour) {
            return None;
        }
        if self.is(next, "noon") && hour == 12 {
            next += 1;
            strong = true;
        }
        if !strong {
            if self.any(next, UNIT_WORDS)
                || (self.glued(next) && self.toks.get(next).is_some_and(|t| t.kind == Kind::Word))
                || (self.punct(next, '/') && self.glued(next))
                || self.punct(next, '%')
                || (self.punct(next, ',') && self.glued(next) && self.num(next + 1).is_some())
            {
                return None;
            }
            if !(1..=12).contains(&hour) {
                return None;
            }
        }
        Some((clock, next, strong))
    }

    /// A clock, or a range of two ("9-10am", "between 10 and 12", "from 9 to 11") whose
    /// earliest point is the first (rule 8).
    fn clock_or_range(&self, i: usize) -> Option<(Clock, usize, bool)> {
        let (mut first, next, strong) = self.clock(i)?;
        let joined =
            (self.punct(next, '-') || self.any(next, &["to", "and", "or"])).then_some(next + 1);
        if let Some(j) = joined
            && let Some((second, after, second_strong)) = self.clock(j)
        {
            let numeric_range =
                self.punct(next, '-') || second_strong || strong || self.any(next, &["to", "and"]);
            if numeric_range {
                if first.meridiem.is_none()
                    && let Some(m) = second.meridiem
                    && (first.hour <= second.hour || second.hour == 12)
                {
                    first.meridiem = Some(m);
                }
                return Some((first, after, true));
            }
        }
        Some((first, next, strong))
    }

    fn time_expression(&self, i: usize, after_date: bool, out: &mut Vec<Atom>) -> Option<usize> {
        let mut emit = |value, next, role| {
            Self::push(out, value, i, next, role);
            Some(next)
        };
        // Parts of day named by a bound.
        for (words, part) in [
            (&["before", "noon"][..], Part::Morning),
            (&["before", "lunch"][..], Part::Morning),
            (&["after", "lunch"][..], Part::Afternoon),
            (&["after", "school"][..], Part::Afternoon),
            (&["after", "work"][..], Part::Evening),
        ] {
            if let Some(next) = self.seq(i, words) {
                return emit(Value::Part(part), next, Role::Request);
            }
        }
        if let Some(next) = self
            .seq(i, &["at", "lunch"])
            .or_else(|| self.seq(i, &["around", "lunch"]))
            .or_else(|| self.seq(i, &["lunchtime"]))
        {
            return emit(Value::Clock(Clock::whole(12)), next, Role::Request);
        }
        let cue_len = |words: &[&str]| self.seq(i, words).map(|n| n - i);
        let lower: &[&[&str]] = &[
            &["no", "earlier", "than"],
            &["anytime", "after"],
            &["any", "time", "after"],
            &["sometime", "after"],
            &["anytime", "from"],
            &["after"],
            &["from"],
            &["between"],
            &["at"],
            &["around"],
            &["about"],
            &["approximately"],
            &["approx"],
            &["like"],
            &["maybe"],
            &["say"],
        ];
        let upper: &[&[&str]] = &[&["no", "later", "than"], &["before"], &["by"], &["until"]];
        let symbol_cue = self.punct(i, '@') || self.punct(i, '~');
        let (cue, role) = if symbol_cue {
            (Some(1), Role::Request)
        } else if let Some(n) = lower.iter().find_map(|w| cue_len(w)) {
            (Some(n), Role::Request)
        } else if let Some(n) = upper.iter().find_map(|w| cue_len(w)) {
            (Some(n), Role::UpperBound)
        } else {
            (None, Role::Request)
        };
        if let Some(n) = cue {
            let j = i + n;
            if let Some((clock, next, strong)) = self.clock_or_range(j) {
                let plain_word = self.num(j).is_none() && !strong;
                let weak_cue = matches!(self.w(i), "like" | "maybe" | "say" | "from");
                if (weak_cue && !strong && !after_date) || (plain_word && self.is(i, "like")) {
                    return None;
                }
                return emit(Value::Clock(clock), next, role);
            }
            return None;
        }
        let (clock, next, strong) = self.clock_or_range(i)?;
        if self.num(i).is_none() && !matches!(self.w(i), "noon" | "midday") {
            return None;
        }
        if strong || after_date {
            return emit(Value::Clock(clock), next, Role::Request);
        }
        None
    }

    fn part_of_day(&self, i: usize, after_date: bool, out: &mut Vec<Atom>) -> Option<usize> {
        let emit = |out: &mut Vec<Atom>, part, next| {
            Self::push(out, Value::Part(part), i, next, Role::Request);
            Some(next)
        };
        if let Some(j) = self.seq(i, &["first", "thing"]) {
            let next = self
                .seq(j, &["in", "the", "morning"])
                .or_else(|| self.seq(j, &["in", "the", "am"]))
                .unwrap_or(j);
            return emit(out, Part::Morning, next);
        }
        for (words, part) in [
            (&["early", "in", "the", "morning"][..], Part::Morning),
            (&["in", "the", "morning"][..], Part::Morning),
            (&["in", "the", "am"][..], Part::Morning),
            (&["in", "the", "afternoon"][..], Part::Afternoon),
            (&["in", "the", "pm"][..], Part::Afternoon),
            (&["in", "the", "evening"][..], Part::Evening),
            (&["early", "morning"][..], Part::Morning),
            (&["early", "am"][..], Part::Morning),
            (&["late", "morning"][..], Part::Morning),
            (&["early", "afternoon"][..], Part::Afternoon),
            (&["late", "afternoon"][..], Part::Afternoon),
            (&["mid", "afternoon"][..], Part::Afternoon),
            (&["early", "evening"][..], Part::Evening),
            (&["this", "morning"][..], Part::Morning),
            (&["this", "afternoon"][..], Part::Afternoon),
            (&["this", "evening"][..], Part::Evening),
        ] {
            if let Some(next) = self.seq(i, words) {
                if words[0] == "this" {
                    Self::push(out, Value::Day(self.today), i, next, Role::Request);
                    Self::push(out, Value::Part(part), i, next, Role::Request);
                    return Some(next);
                }
                return emit(out, part, next);
            }
        }
        match self.w(i) {
            "morning" | "mornings" => emit(out, Part::Morning, i + 1),
            "afternoon" | "afternoons" | "midafternoon" => emit(out, Part::Afternoon, i + 1),
            "evening" | "evenings" => emit(out, Part::Evening, i + 1),
            "tonight" => {
                Self::push(out, Value::Day(self.today), i, i + 1, Role::Request);
                emit(out, Part::Evening, i + 1)
            }
            "am" if after_date => emit(out, Part::Morning, i + 1),
            "pm" if after_date => emit(out, Part::Afternoon, i + 1),
            "night" | "eve" if after_date => emit(out, Part::Evening, i + 1),
            _ => None,
        }
    }

    /// "now", "right now": only when the customer asks to come now ("can i come by now?").
    fn now_expression(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
        let (start, next) = if let Some(next) = self.seq(i, &["right", "now"]) {
            (i, next)
        } else if self.is(i, "now") {
            (i, i + 1)
        } else {
            return None;
        };
        if self.any(next, &["that", "on"]) || (start > 0 && self.any(start - 1, &["from", "for"])) {
            return Some(next);
        }
        let boundary =
            |t: Option<&Token>| t.is_none_or(|t| matches!(t.kind, Kind::Punct | Kind::Symbol));
        let alone =
            (start == 0 || boundary(self.toks.get(start - 1))) && boundary(self.toks.get(next));
        let asked = (start.saturating_sub(5)..next + 6).any(|k| {
            self.any(
                k,
                &[
                    "come", "bring", "drop", "swing", "stop", "head", "pop", "roll", "fit",
                    "squeeze", "take", "see",
                ],
            )
        });
        if alone || asked {
            Self::push(out, Value::Instant(self.now), start, next, Role::Request);
        }
        Some(next)
    }
}

// --------------------------------------------------------------------- context

/// Sentences and clauses: where a negation or a "this is not a request" cue reaches.
struct Layout {
    sentence: Vec<usize>,
    clause: Vec<usize>,
}

impl Layout {
    fn of(tokens: &[Token]) -> Self {
        let mut sentence = Vec::with_capacity(tokens.len());
        let mut clause = Vec::with_capacity(tokens.len());
        let (mut s, mut c) = (0, 0);
        for (k, t) in tokens.iter().enumerate() {
            let prev_num = k > 0 && tokens[k - 1].kind == Kind::Num;
            let next_num_glued = tokens
                .get(k + 1)
                .is_some_and(|n| n.kind == Kind::Num && !n.spaced);
            let breaks_sentence = match t.kind {
                Kind::Punct => matches!(t.norm.as_str(), "." | "!" | "?" | ";"),
                Kind::Symbol => true,
                _ => false,
            };
            let breaks_clause = match t.kind {
                Kind::Punct => match t.norm.as_str() {
                    "," | "(" | ")" => true,
                    ":" => !(prev_num && next_num_glued),
                    "-" => t.spaced && tokens.get(k + 1).is_some_and(|n| n.spaced),
                    _ => false,
                },
                Kind::Word => matches!(
                    t.norm.as_str(),
                    "but" | "so" | "though" | "tho" | "although" | "because" | "if" | "instead"
                ),
                _ => false,
            };
            if breaks_clause && t.kind == Kind::Word {
                c += 1;
            }
            sentence.push(s);
            clause.push(c);
            if breaks_sentence {
                s += 1;
                c += 1;
            } else if breaks_clause && t.kind != Kind::Word {
                c += 1;
            }
        }
        Layout { sentence, clause }
    }
}

const PAST_WORDS: &[&str] = &[
    "had",
    "did",
    "was",
    "were",
    "went",
    "took",
    "sold",
    "moved",
    "totaled",
    "totalled",
    "fixed",
    "changed",
    "came",
    "bought",
    "traded",
    "sent",
    "died",
    "broke",
    "paid",
    "replaced",
    "rotated",
    "repaired",
    "repossessed",
    "called",
    "texted",
    "quoted",
    "charged",
    "scratched",
    "told",
    "said",
    "happened",
    "passed",
    "noticed",
    "ordered",
    "finished",
    "ago",
    "yesterday",
    "been",
    "serviced",
    "started",
    "got",
    "performed",
    "completed",
    "handled",
    "turned",
    "donated",
    "gave",
    "barely",
    "didnt",
    "swapped",
    "finished",
];
const EXISTING_WORDS: &[&str] = &["already", "booked", "scheduled"];
const CONTACT_WORDS: &[&str] = &[
    "call",
    "calling",
    "text",
    "hit",
    "reach",
    "ask",
    "contact",
    "message",
    "ping",
    "email",
    "salesperson",
    "salesman",
    "ring",
    "phone",
    "buzz",
    "telephone",
];
const AWAY_WORDS: &[&str] = &[
    "traveling",
    "travelling",
    "vacation",
    "deployed",
    "working",
    "meeting",
    "flight",
    "payday",
    "expires",
    "expire",
    "expired",
    "expiring",
    "away",
    "hours",
    "closed",
    "lake",
    "lease",
    "leasing",
    "camping",
    "beach",
    "trip",
    "wedding",
    "funeral",
    "visiting",
    "gone",
    "conflict",
    "brunch",
];
const AWAY_PHRASES: &[&[&str]] = &[
    &["get", "off", "at"],
    &["on", "the", "schedule"],
    &["see", "one"],
    &["test", "drive"],
    &["look", "at", "one"],
    &["see", "the", "new"],
    &["look", "at", "the", "new"],
    &["show", "me", "the", "new"],
    &["check", "back"],
    &["circle", "back"],
    &["out", "of", "town"],
    &["out", "of", "the", "country"],
    &["at", "work"],
    &["start", "work"],
    &["on", "the", "books"],
    &["have", "an", "appointment"],
    &["have", "a", "appointment"],
    &["got", "an", "appointment"],
    &["get", "back"],
    &["let", "you", "know"],
    &["touch", "base"],
    &["follow", "up"],
    &["pay", "day"],
];
const HOPE_WORDS: &[&str] = &["hoping", "thinking", "wondering", "planning", "going"];

const PREFIX_NEGATIONS: &[&[&str]] = &[
    &["nothing"],
    &["not"],
    &["cant"],
    &["wont"],
    &["except"],
    &["besides"],
    &["busy"],
    &["unavailable"],
    &["other", "than"],
    &["instead"],
];
const NOT_NEGATIONS: &[&[&str]] = &[
    &["not", "sure"],
    &["not", "too"],
    &["not", "a", "problem"],
    &["not", "only"],
    &["if", "not"],
    &["not", "until"],
];
const POSTFIX_NEGATIONS: &[&[&str]] = &[
    &["no", "go"],
    &["a", "no", "go"],
    &["wont", "work"],
    &["doesnt", "work"],
    &["dont", "work"],
    &["not", "work"],
    &["will", "not", "work"],
    &["is", "crazy"],
    &["is", "a", "mess"],
    &["is", "bad"],
    &["is", "busy"],
    &["is", "full"],
    &["is", "packed"],
    &["is", "booked"],
    &["is", "slammed"],
    &["is", "out"],
    &["is", "tough"],
    &["is", "hard"],
    &["is", "hectic"],
    &["is", "rough"],
    &["no", "good"],
    &["not", "good"],
    &["isnt", "good"],
    &["not", "great"],
    &["im", "busy"],
    &["sucks"],
    &["is", "a", "no"],
];
const RETRACTIONS: &[&[&str]] = &[
    &["wait", "no"],
    &["no", "wait"],
    &["actually", "no"],
    &["jk"],
    &["just", "kidding"],
    &["nvm"],
    &["nevermind"],
    &["never", "mind"],
    &["scratch", "that"],
    &["on", "second", "thought"],
];

fn words_at(tokens: &[Token], k: usize, words: &[&str]) -> bool {
    words.iter().enumerate().all(|(d, w)| {
        tokens
            .get(k + d)
            .is_some_and(|t| t.kind == Kind::Word && t.norm == *w)
    })
}

/// Marks atoms that are negated, retracted or not requests because of the words around them.
fn mark_context(tokens: &[Token], layout: &Layout, atoms: &mut [Atom]) {
    let mut covered = vec![false; tokens.len()];
    for atom in atoms.iter() {
        for c in covered.iter_mut().take(atom.end).skip(atom.start) {
            *c = true;
        }
    }
    let clause_count = layout.clause.last().map_or(0, |c| c + 1);
    let mut distractor_clause = vec![false; clause_count];
    let mut question_clause = vec![false; clause_count];
    for (k, t) in tokens.iter().enumerate() {
        if covered[k] || t.kind != Kind::Word {
            continue;
        }
        let word = t.norm.as_str();
        // "get the oil changed", "need it fixed": the job to come, not a past one.
        let wanted = (k.saturating_sub(3)..k).any(|j| {
            matches!(
                tokens[j].norm.as_str(),
                "get" | "getting" | "have" | "having" | "need" | "needs" | "want" | "wanna"
            )
        });
        let past = PAST_WORDS.contains(&word)
            && !wanted
            && !((word == "was" || word == "were")
                && tokens
                    .get(k + 1)
                    .is_some_and(|n| HOPE_WORDS.contains(&n.norm.as_str())))
            && (word != "got" || words_at(tokens, k + 1, &["it", "done"]));
        let cue = past
            || EXISTING_WORDS.contains(&word)
            || CONTACT_WORDS.contains(&word)
            || AWAY_WORDS.contains(&word)
            || AWAY_PHRASES.iter().any(|p| words_at(tokens, k, p));
        if cue {
            distractor_clause[layout.clause[k]] = true;
        }
        if store_hours_question(tokens, k) {
            question_clause[layout.clause[k]] = true;
        }
    }
    for atom in atoms.iter_mut() {
        let before = |back: usize| {
            atom.start
                .checked_sub(back)
                .and_then(|k| tokens.get(k))
                .map_or("", |t| t.norm.as_str())
        };
        // "until the 10th", "thru the weekend", "since monday"; "its 10pm" tells the time.
        let bounded = matches!(before(1), "until" | "through" | "since")
            // "brunch is at 11": the time of something else.
            || (before(1) == "at" && before(2) == "is")
            || before(1) == "its"
            || (before(1) == "is" && before(2) == "it")
            || (matches!(before(1), "a" | "an") && matches!(before(2), "its" | "is"))
            // "my appt on the 3rd": the appointment being moved.
            || (matches!(before(1), "on" | "for")
                && matches!(before(2), "appointment" | "appointments")
                && matches!(before(3), "my" | "the" | "our"));
        if distractor_clause[layout.clause[atom.start]] || bounded {
            atom.role = Role::Distractor;
        } else if question_clause[layout.clause[atom.start]] {
            atom.role = Role::Mentioned;
        }
    }

    // "valentines day is saturday", "thurs is juneteenth": a statement about the calendar.
    for a in 0..atoms.len() {
        for b in a + 1..atoms.len() {
            let between: Vec<&str> = tokens[atoms[a].end..atoms[b].start.max(atoms[a].end)]
                .iter()
                .map(|t| t.norm.as_str())
                .collect();
            if matches!(
                between.as_slice(),
                ["is"] | ["is", "a"] | ["is", "on", "a"] | ["falls", "on", "a"] | ["is", "on"]
            ) {
                for k in [a, b] {
                    if atoms[k].role == Role::Request {
                        atoms[k].role = Role::Mentioned;
                    }
                }
            }
        }
    }
    for (k, t) in tokens.iter().enumerate() {
        if covered[k] || t.kind != Kind::Word {
            continue;
        }
        let clause = layout.clause[k];
        let sentence = layout.sentence[k];
        if RETRACTIONS.iter().any(|p| words_at(tokens, k, p))
            || (t.norm == "actually"
                && (k == 0 || layout.clause[k - 1] != clause || tokens[k - 1].kind != Kind::Word))
        {
            for atom in atoms.iter_mut().filter(|a| a.start < k) {
                atom.negated = true;
            }
            continue;
        }
        if words_at(tokens, k, &["not", "then"]) || words_at(tokens, k, &["not", "that", "day"]) {
            for atom in atoms
                .iter_mut()
                .filter(|a| a.start < k && layout.sentence[a.start] == sentence)
            {
                atom.negated = true;
            }
            continue;
        }
        // "friday's out for me": the option just named is ruled out.
        if t.norm == "out" && !words_at(tokens, k, &["out", "of"]) {
            for atom in atoms.iter_mut().filter(|a| a.end == k) {
                atom.negated = true;
            }
        }
        if POSTFIX_NEGATIONS.iter().any(|p| words_at(tokens, k, p)) {
            for atom in atoms
                .iter_mut()
                .filter(|a| a.end <= k && layout.clause[a.start] == clause)
            {
                atom.negated = true;
            }
        }
        let prefix = PREFIX_NEGATIONS.iter().any(|p| words_at(tokens, k, p))
            && !NOT_NEGATIONS.iter().any(|p| words_at(tokens, k, p))
            && !(k > 0 && words_at(tokens, k - 1, &["if", "not"]));
        let no_option = t.norm == "no" && atoms.iter().any(|a| a.start == k + 1);
        // "any day but friday"
        let all_but = t.norm == "but"
            && k > 0
            && matches!(
                tokens[k - 1].norm.as_str(),
                "day" | "days" | "anything" | "time" | "all" | "week"
            );
        if prefix || no_option || all_but {
            // "instead" starts its own clause; "instead of the monday" names the dropped option.
            for atom in atoms
                .iter_mut()
                .filter(|a| a.start > k && layout.clause[a.start] == clause)
            {
                atom.negated = true;
                if all_but {
                    break;
                }
            }
        }
    }
}

/// "are you open on saturday", "whats your hours", "is the shop open": a question about the
/// store, not a request.
fn store_hours_question(tokens: &[Token], k: usize) -> bool {
    let is = |d: usize, w: &str| tokens.get(k + d).is_some_and(|t| t.norm == w);
    let open = |d: usize| {
        tokens
            .get(k + d)
            .is_some_and(|t| matches!(t.norm.as_str(), "open" | "close" | "closed"))
    };
    if matches!(tokens[k].norm.as_str(), "are" | "you" | "yall")
        && (open(1) || (is(1, "you") && open(2)) || (is(1, "guys") && open(2)))
    {
        return true;
    }
    if matches!(tokens[k].norm.as_str(), "are" | "is" | "you")
        && is(1, "you")
        && (is(2, "guys") || is(2, "all"))
        && open(3)
    {
        return true;
    }
    tokens[k].norm == "is"
        && tokens
            .get(k + 1)
            .is_some_and(|t| t.norm == "the" || t.norm == "your")
        && tokens.get(k + 2).is_some_and(|t| t.kind == Kind::Word)
        && (open(3) || (tokens.get(k + 3).is_some_and(|t| t.kind == Kind::Word) && open(4)))
}

// --------------------------------------------------------------------- resolution

struct Candidate {
    start: NaiveDateTime,
    grain: Grain,
    end: Option<NaiveDateTime>,
    has_time: bool,
    span: (usize, usize),
}

fn at_midnight(day: NaiveDate) -> NaiveDateTime {
    day.and_time(NaiveTime::MIN)
}

/// The earliest acceptable point among the live options (rule 8), with the token span it
/// came from.
fn resolve(
    atoms: &[Atom],
    tokens: &[Token],
    layout: &Layout,
    received: NaiveDateTime,
) -> Option<(RequestedTime, (usize, usize))> {
    let today = received.date();
    let live: Vec<usize> = (0..atoms.len())
        .filter(|&k| !atoms[k].negated && atoms[k].role != Role::Distractor)
        .collect();
    let requested = |k: &usize| atoms[*k].role == Role::Request;
    let mut dates: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| requested(&k) && !atoms[k].value.is_time())
        .collect();
    let times: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| requested(&k) && atoms[k].value.is_time())
        .collect();
    let upper_dates: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| atoms[k].role == Role::UpperBound && !atoms[k].value.is_time())
        .collect();

    // Times attach to the nearest date of their clause; a time in a clause of its own applies
    // to every date that has none ("mon or tues, anytime after 3").
    let mut attached: Vec<Vec<usize>> = vec![Vec::new(); atoms.len()];
    let mut shared = Vec::new();
    for &t in &times {
        let clause = layout.clause[atoms[t].start];
        let nearest = dates
            .iter()
            .copied()
            .filter(|&d| layout.clause[atoms[d].start] == clause)
            .min_by_key(|&d| {
                if atoms[d].start >= atoms[t].end {
                    atoms[d].start - atoms[t].end
                } else {
                    atoms[t].start.saturating_sub(atoms[d].end)
                }
            });
        match nearest {
            Some(d) => attached[d].push(t),
            None => shared.push(t),
        }
    }
    // A time after the last of "mon or wed after 4" is for each of them.
    let joiner = |k: usize| {
        tokens
            .get(k)
            .is_some_and(|t| matches!(t.norm.as_str(), "or" | "," | "either" | "and" | "/"))
    };
    for &d in &dates {
        let trailing: Vec<usize> = attached[d]
            .iter()
            .copied()
            .filter(|&t| atoms[t].start >= atoms[d].end)
            .collect();
        if trailing.is_empty() {
            continue;
        }
        let mut chain = Vec::new();
        let mut current = d;
        while let Some(&previous) = dates.iter().find(|&&p| {
            atoms[p].end <= atoms[current].start
                && atoms[p].end < atoms[current].start
                && (atoms[p].end..atoms[current].start).all(joiner)
        }) {
            chain.push(previous);
            current = previous;
        }
        for member in chain {
            if attached[member].is_empty() {
                attached[member].extend(trailing.iter().copied());
            }
        }
    }
    // "move it to monday, same time": the time of the appointment being moved.
    let same_time = tokens
        .windows(2)
        .any(|w| w[0].norm == "same" && w[1].norm == "time");
    if same_time
        && let Some(old) = (0..atoms.len()).find(|&k| {
            matches!(atoms[k].value, Value::Clock(_))
                && (atoms[k].negated || atoms[k].role == Role::Distractor)
        })
    {
        shared.push(old);
    }
    let mut floating = Vec::new();
    for &t in &shared {
        let sentence = layout.sentence[atoms[t].start];
        let is_clock = matches!(atoms[t].value, Value::Clock(_));
        // A clock refines a date that only has a part of day ("christmas eve morning? 7:30?").
        let timeless: Vec<usize> = dates
            .iter()
            .copied()
            .filter(|&d| {
                attached[d].iter().all(|&x| {
                    shared.contains(&x) || (is_clock && matches!(atoms[x].value, Value::Part(_)))
                })
            })
            .collect();
        let in_sentence: Vec<usize> = timeless
            .iter()
            .copied()
            .filter(|&d| layout.sentence[atoms[d].start] == sentence)
            .collect();
        let targets = if in_sentence.is_empty() {
            timeless
        } else {
            in_sentence
        };
        if targets.is_empty() {
            floating.push(t);
        }
        for d in targets {
            attached[d].push(t);
        }
    }

    let mut candidates = Vec::new();
    let mut previous_week: Option<NaiveDate> = None;
    let mut previous_day: Option<NaiveDate> = None;
    for (k, atom) in atoms.iter().enumerate() {
        if let Value::Week(day) = atom.value {
            previous_week = Some(day);
        }
        let resolved_after = match atom.value {
            Value::WeekdayAfterPrevious(weekday) => Some(Value::Day(calendar::weekday_after(
                previous_day.unwrap_or(today),
                weekday,
            ))),
            _ => None,
        };
        if let Value::Day(day) = atom.value {
            previous_day = Some(day);
        }
        if !dates.contains(&k) {
            continue;
        }
        let value = match atom.value {
            Value::WeekAfterPrevious => {
                let anchor = previous_week.unwrap_or_else(|| calendar::next_monday(today));
                Value::Week(calendar::monday_of(anchor) + Duration::days(7))
            }
            Value::WeekdayAfterPrevious(_) => resolved_after.unwrap_or(atom.value),
            other => other,
        };
        if let Some(c) = candidate(value, &attached[k], atoms, (atom.start, atom.end)) {
            candidates.push(c);
        }
    }
    // "are you open on presidents day? if so, that morning": a time with no date of its own
    // is for the day just talked about.
    let mentioned = (0..atoms.len()).rev().find(|&k| {
        atoms[k].role == Role::Mentioned
            && !atoms[k].negated
            && matches!(atoms[k].value, Value::Day(_))
    });
    if candidates.is_empty()
        && dates.is_empty()
        && !floating.is_empty()
        && let Some(m) = mentioned
        && let Some(c) = candidate(
            atoms[m].value,
            &floating,
            atoms,
            (atoms[m].start, atoms[m].end),
        )
    {
        candidates.push(c);
    }
    if candidates.is_empty() && dates.is_empty() && !floating.is_empty() {
        candidates.extend(floating_time(&floating, atoms, received));
    }
    if candidates.is_empty()
        && let Some(&u) = upper_dates.first()
    {
        dates.push(u);
        candidates.push(Candidate {
            start: at_midnight(today),
            grain: Grain::Day,
            end: None,
            has_time: false,
            span: (atoms[u].start, atoms[u].end),
        });
    }
    let best = candidates
        .into_iter()
        .min_by_key(|c| (c.start.date(), !c.has_time, c.start))?;
    Some((
        RequestedTime {
            start: best.start,
            grain: best.grain,
            end: best.end,
        },
        best.span,
    ))
}

fn candidate(
    value: Value,
    times: &[usize],
    atoms: &[Atom],
    span: (usize, usize),
) -> Option<Candidate> {
    let mut span = span;
    for &t in times {
        span = (span.0.min(atoms[t].start), span.1.max(atoms[t].end));
    }
    let part = times.iter().find_map(|&t| match atoms[t].value {
        Value::Part(p) => Some(p),
        _ => None,
    });
    let earliest_clock = times
        .iter()
        .filter_map(|&t| match atoms[t].value {
            Value::Clock(c) => Some(c),
            _ => None,
        })
        .min_by_key(|c| c.time(part));
    let plain = |start, grain, end| {
        Some(Candidate {
            start,
            grain,
            end,
            has_time: false,
            span,
        })
    };
    match value {
        Value::Day(day) => {
            if let Some(clock) = earliest_clock {
                Some(Candidate {
                    start: day.and_time(clock.time(part)),
                    grain: clock.grain(),
                    end: None,
                    has_time: true,
                    span,
                })
            } else if let Some(part) = part {
                Some(Candidate {
                    start: day.and_time(NaiveTime::from_hms_opt(part.start_hour(), 0, 0)?),
                    grain: Grain::PartOfDay,
                    end: None,
                    has_time: true,
                    span,
                })
            } else {
                plain(at_midnight(day), Grain::Day, None)
            }
        }
        Value::Week(day) => plain(at_midnight(day), Grain::Week, None),
        Value::Month(day) => plain(at_midnight(day), Grain::Month, None),
        Value::MonthStart(day) => plain(
            at_midnight(day),
            Grain::MonthStart,
            Some(at_midnight(day + Duration::days(7))),
        ),
        Value::MonthEnd(start, end) => {
            plain(at_midnight(start), Grain::MonthEnd, Some(at_midnight(end)))
        }
        Value::Instant(at) => Some(Candidate {
            start: at,
            grain: Grain::Hour,
            end: None,
            has_time: true,
            span,
        }),
        Value::WeekAfterPrevious
        | Value::WeekdayAfterPrevious(_)
        | Value::Clock(_)
        | Value::Part(_) => None,
    }
}

/// A time with no date: its next occurrence after the reply arrived (rule 6).
fn floating_time(times: &[usize], atoms: &[Atom], received: NaiveDateTime) -> Option<Candidate> {
    let today = received.date();
    let part = times.iter().find_map(|&t| match atoms[t].value {
        Value::Part(p) => Some(p),
        _ => None,
    });
    let span = times.iter().fold((usize::MAX, 0), |(s, e), &t| {
        (s.min(atoms[t].start), e.max(atoms[t].end))
    });
    let next_after = |time: NaiveTime| {
        let at = today.and_time(time);
        if at > received {
            at
        } else {
            at + Duration::days(1)
        }
    };
    let clock = times
        .iter()
        .filter_map(|&t| match atoms[t].value {
            Value::Clock(c) => Some(c),
            _ => None,
        })
        .min_by_key(|c| next_after(c.time(part)));
    if let Some(clock) = clock {
        return Some(Candidate {
            start: next_after(clock.time(part)),
            grain: clock.grain(),
            end: None,
            has_time: true,
            span,
        });
    }
    let part = part?;
    Some(Candidate {
        start: next_after(NaiveTime::from_hms_opt(part.start_hour(), 0, 0)?),
        grain: Grain::PartOfDay,
        end: None,
        has_time: true,
        span,
    })
}
