//! The scanner: every date and time expression in the tokens, as atoms.

use super::*;

/// Verbs of coming in: "swing by friday", "slide thru sat" name the visit's day.
pub(super) const VISIT_VERBS: &[&str] = &[
    "stop", "swing", "come", "drop", "pop", "roll", "bring", "run", "slide", "drive",
];

/// Words of moving an appointment: after one, "from 9 to 10" leaves the 9.
const CHANGE_WORDS: &[&str] = &[
    "change",
    "changing",
    "move",
    "moving",
    "switch",
    "swap",
    "push",
    "bump",
    "shift",
    "reschedule",
    "rescheduling",
];

pub(super) enum MonthWhen {
    Named,
    This,
    Next,
}

impl<'t> Parser<'t> {
    pub(super) fn w(&self, i: usize) -> &str {
        match self.toks.get(i) {
            Some(t) if t.kind == Kind::Word => &t.norm,
            _ => "",
        }
    }

    pub(super) fn is(&self, i: usize, word: &str) -> bool {
        self.w(i) == word
    }

    pub(super) fn any(&self, i: usize, words: &[&str]) -> bool {
        let w = self.w(i);
        !w.is_empty() && words.contains(&w)
    }

    /// Matches consecutive words from `i`, returning the index after them.
    pub(super) fn seq(&self, i: usize, words: &[&str]) -> Option<usize> {
        words
            .iter()
            .enumerate()
            .all(|(k, word)| self.is(i + k, word))
            .then_some(i + words.len())
    }

    pub(super) fn num(&self, i: usize) -> Option<u32> {
        self.toks
            .get(i)
            .filter(|t| t.kind == Kind::Num)
            .and_then(|t| t.value)
    }

    pub(super) fn punct(&self, i: usize, c: char) -> bool {
        self.toks
            .get(i)
            .is_some_and(|t| t.kind == Kind::Punct && t.norm.starts_with(c))
    }

    pub(super) fn glued(&self, i: usize) -> bool {
        self.toks.get(i).is_some_and(|t| !t.spaced)
    }

    pub(super) fn atoms(&self) -> Vec<Atom> {
        let mut out = Vec::new();
        let mut any_day = Vec::new();
        let mut i = 0;
        while i < self.toks.len() {
            if let Some(next) = self.greeting(i) {
                i = next;
                continue;
            }
            // Right after a date, or after its comma or full stop ("5/14, 1030", "thursday.
            // 1030 if u got it").
            let after_date = out.last().is_some_and(|a: &Atom| {
                !a.value.is_time()
                    && (a.end == i
                        || (a.end + 1 == i && (self.punct(a.end, ',') || self.punct(a.end, '.'))))
            });
            if let Some(next) = self
                .nth_weekday_of_month(i, &mut out)
                .or_else(|| self.window(i, &mut out))
                .or_else(|| self.modified_date(i, &mut out))
                .or_else(|| self.time_expression(i, after_date, &mut out))
                .or_else(|| self.part_of_day(i, after_date, &mut out))
                .or_else(|| self.now_expression(i, &mut out))
                .or_else(|| {
                    let next = self.any_day_but(i, &mut out)?;
                    any_day.push(i);
                    Some(next)
                })
            {
                i = next.max(i + 1);
            } else {
                i += 1;
            }
        }
        // "next week, any day but friday": the exception narrows the week or month named; it
        // is no reason to come from tomorrow.
        let window_named = out.iter().any(|a| {
            matches!(
                a.value,
                Value::Week(_)
                    | Value::WeekAfterPrevious
                    | Value::Month(_)
                    | Value::MonthStart(_)
                    | Value::MonthEnd(..)
            )
        });
        if window_named {
            out.retain(|a| !any_day.contains(&a.start));
        }
        out
    }

    /// "any day but monday", "anytime except friday", "whenever, just not tuesday": any day at
    /// all, from tomorrow ("any weekday but ...": from the next weekday); the days ruled out are negated by the context and skipped when the
    /// reading is resolved (rule 9, exclusions).
    pub(super) fn any_day_but(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
        let after = self
            .seq(i, &["any", "day"])
            .or_else(|| self.seq(i, &["any", "other", "day"]))
            .or_else(|| self.seq(i, &["any", "time"]))
            .or_else(|| self.seq(i, &["anytime"]))
            .or_else(|| self.seq(i, &["any", "day", "of", "the", "week"]))
            .or_else(|| self.seq(i, &["whenever"]))
            .or_else(|| self.seq(i, &["anything"]))
            .or_else(|| self.seq(i, &["any", "weekday"]))?;
        // A weekday asked for: from the first one after today.
        let mut first = self.today + chrono::Duration::days(1);
        if self.is(i + 1, "weekday") {
            while first.weekday().number_from_monday() > 5 {
                first += chrono::Duration::days(1);
            }
        }
        let mut k = after;
        // "whenever works, just not tmrw", "any day thats not tomorrow"
        if self.any(k, &["works", "thats", "that"]) {
            k += 1;
            if self.is(k, "is") {
                k += 1;
            }
        }
        if self.punct(k, ',') {
            k += 1;
        }
        if self.any(k, &["just", "only"]) {
            k += 1;
        }
        // "not today but any other day works": the other day is from tomorrow.
        if self.seq(i, &["any", "other", "day"]).is_some() {
            Self::push(
                out,
                Value::Day(self.today + chrono::Duration::days(1)),
                i,
                after,
                Role::Request,
            );
            return Some(after);
        }
        let exception = self.any(k, &["but", "except", "besides"])
            || self.seq(k, &["other", "than"]).is_some()
            || self.is(k, "not");
        if !exception {
            return None;
        }
        Self::push(out, Value::Day(first), i, after, Role::Request);
        Some(after)
    }

    pub(super) fn push(out: &mut Vec<Atom>, value: Value, start: usize, end: usize, role: Role) {
        out.push(Atom {
            value,
            start,
            end,
            role,
            negated: false,
            corrected: false,
        });
    }

    /// "the first Monday of February", "2nd tuesday of next month", "the last friday of the
    /// month": that day (the month's next such day when the one this month has passed).
    pub(super) fn nth_weekday_of_month(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
        let j = if self.is(i, "the") { i + 1 } else { i };
        let (nth, after) = match self.w(j) {
            "first" => (1, j + 1),
            "second" => (2, j + 1),
            "third" => (3, j + 1),
            "fourth" => (4, j + 1),
            "last" => (0, j + 1),
            _ => {
                let n = self.num(j).filter(|n| (1..=4).contains(n))?;
                if !(self.glued(j + 1) && self.any(j + 1, &["st", "nd", "rd", "th"])) {
                    return None;
                }
                (n, j + 2)
            }
        };
        let weekday = weekday_of(self.w(after))?;
        if !self.is(after + 1, "of") {
            return None;
        }
        let (year, month, when, next) = self.month_ref(after + 2)?;
        let day_in = |year: i32| {
            let first = NaiveDate::from_ymd_opt(year, month, 1)?;
            let day = if nth == 0 {
                let last = calendar::last_day_of_month(year, month);
                last - Duration::days(i64::from(
                    (7 + last.weekday().num_days_from_monday() - weekday.num_days_from_monday())
                        % 7,
                ))
            } else {
                calendar::weekday_on_or_after(first, weekday)
                    + Duration::days(7 * i64::from(nth - 1))
            };
            (day.month() == month).then_some(day)
        };
        let mut day = day_in(year)?;
        if day < self.today && matches!(when, MonthWhen::Named) {
            day = day_in(year + 1)?;
        }
        if day < self.today {
            return None;
        }
        Self::push(out, Value::Day(day), i, next, Role::Request);
        Some(next)
    }

    /// Greetings that name a holiday or a part of day without asking for it.
    pub(super) fn greeting(&self, i: usize) -> Option<usize> {
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
    pub(super) fn weekdays_name_holidays(&self, atoms: &mut [Atom]) {
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

    pub(super) fn count(&self, i: usize) -> Option<(u32, usize)> {
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

    pub(super) fn month_ref(&self, i: usize) -> Option<(i32, u32, MonthWhen, usize)> {
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

    pub(super) fn window(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
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
            && !(self.punct(next, ',') && weekday_of(self.w(next + 1)).is_some())
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
            } else if self.is(j + 1, "out") && matches!(unit, "week" | "weeks" | "day" | "days") {
                // "couple weeks out", "three days out"
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
        // "the second week of december", "3rd week of jan": the week holding the 8th, 15th or
        // 22nd of that month (rule 11).
        {
            let j = if self.is(i, "the") { i + 1 } else { i };
            let nth = match self.w(j) {
                "second" => Some((8, j + 1)),
                "third" => Some((15, j + 1)),
                "fourth" => Some((22, j + 1)),
                _ => self
                    .num(j)
                    .filter(|_| self.glued(j + 1) && self.any(j + 1, &["nd", "rd", "th"]))
                    .and_then(|n| match n {
                        2 => Some((8, j + 2)),
                        3 => Some((15, j + 2)),
                        4 => Some((22, j + 2)),
                        _ => None,
                    }),
            };
            if let Some((day, k)) = nth
                && let Some(m) = self
                    .seq(k, &["week", "of"])
                    .or_else(|| self.seq(k, &["week", "in"]))
                && let Some((mut year, month, when, next)) = self.month_ref(m)
            {
                if matches!(when, MonthWhen::Named)
                    && month == today.month()
                    && today.day() > day + 6
                {
                    year += 1;
                }
                let held = NaiveDate::from_ymd_opt(year, month, day)?;
                return emit(Value::Week(calendar::monday_of(held)), next);
            }
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

    pub(super) fn holiday(&self, i: usize) -> Option<(Option<NaiveDate>, usize)> {
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

    pub(super) fn relative_day(&self, i: usize) -> Option<(NaiveDate, usize)> {
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

    /// A weekday offered beside another of next week ("next week tues or wed", "next wk: mon,
    /// wed or fri"): in that week too.
    fn follows_next_week_options(&self, i: usize) -> bool {
        let mut k = i;
        loop {
            let Some(joint) = k.checked_sub(1) else {
                return false;
            };
            if !(self.any(joint, &["or", "and"])
                || self.punct(joint, ',')
                || self.punct(joint, '/'))
            {
                return false;
            }
            let Some(before) = joint.checked_sub(1) else {
                return false;
            };
            if weekday_of(self.w(before)).is_none() {
                return false;
            }
            let opens = before
                .checked_sub(2)
                .is_some_and(|n| self.seq(n, &["next", "week"]).is_some())
                || before.checked_sub(3).is_some_and(|n| {
                    self.seq(n, &["next", "week"]).is_some() && self.punct(n + 2, ',')
                });
            if opens {
                return true;
            }
            k = before;
        }
    }

    /// "friday", "this wednesday", "next tues", "wed the 21st", "Thurs 10/9".
    pub(super) fn weekday_phrase(&self, i: usize) -> Option<(NaiveDate, usize)> {
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
            // "next wk, tues or wed"
            (Mode::Next, if self.punct(j, ',') { j + 1 } else { j })
        } else if self.follows_next_week_options(i) {
            (Mode::Next, i)
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
            // "thursday next week"
            Mode::Bare if self.seq(j + 1, &["next", "week"]).is_some() => (Mode::Next, j + 2),
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
    pub(super) fn numeric_date(&self, i: usize) -> Option<(NaiveDate, usize)> {
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
    pub(super) fn month_day(&self, i: usize) -> Option<(NaiveDate, usize)> {
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
    pub(super) fn ordinal(&self, i: usize) -> Option<(u32, usize)> {
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
    pub(super) fn core(&self, i: usize) -> Option<(NaiveDate, usize)> {
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

    pub(super) fn modified_date(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
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
            (&["week", "from"][..], 7),
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
        // "cant do tmrw, how about the day after (at 10:45)": after the day just mentioned.
        if let Some(j) = self.seq(i, &["the", "day", "after"])
            && self.toks.get(j).is_none_or(|t| {
                t.kind != Kind::Word || matches!(t.norm.as_str(), "at" | "around" | "in" | "then")
            })
        {
            Self::push(out, Value::DayAfterPrevious, i, j, Role::Request);
            return Some(j);
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
        // "the tuesday after next": a week after "next tuesday" (rule 4).
        if let Some(weekday) = weekday_of(self.w(j))
            && let Some(next) = self.seq(j + 1, &["after", "next"])
            && !self.is(next, "week")
        {
            let day = calendar::next_monday(self.today)
                + Duration::days(7 + i64::from(weekday.num_days_from_monday()));
            Self::push(out, Value::Day(day), i, next, Role::Request);
            return Some(next);
        }
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
        // "from thursday to the following monday": the first such day after the day just
        // mentioned (the coming one when none was).
        if self.is(i, "the")
            && self.is(i + 1, "following")
            && let Some(weekday) = weekday_of(self.w(i + 2))
        {
            Self::push(
                out,
                Value::WeekdayAfterPrevious(weekday),
                i,
                i + 3,
                Role::Request,
            );
            return Some(i + 3);
        }
        // "the monday after?": after the day just mentioned.
        if let Some(weekday) = weekday_of(self.w(j))
            && self.is(j + 1, "after")
            && self
                .toks
                .get(j + 2)
                .is_none_or(|t| t.kind != Kind::Word && t.kind != Kind::Num)
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
            // "not before friday", "no sooner than friday": friday or later, from friday.
            (&["not", "before"][..], 0, Role::Request),
            (&["no", "sooner", "than"][..], 0, Role::Request),
            (&["nothing", "sooner", "than"][..], 0, Role::Request),
            (&["nothing", "earlier", "than"][..], 0, Role::Request),
            (&["not", "until"][..], 0, Role::Request),
            // "cant till MLK day": not before it.
            (&["cant", "until"][..], 0, Role::Request),
            (&["wont", "until"][..], 0, Role::Request),
            (&["cant", "come", "until"][..], 0, Role::Request),
            (&["cant", "make", "it", "until"][..], 0, Role::Request),
            (&["cant", "do", "it", "until"][..], 0, Role::Request),
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
        // "stop by tuesday", "swing by friday", "can bring it by wed at 4": a visit, not a
        // deadline.
        let visit = (i > 0 && self.any(i - 1, VISIT_VERBS))
            || (i > 1
                && self.any(i - 2, VISIT_VERBS)
                && self.any(i - 1, &["it", "her", "him", "them", "in", "over", "back"]));
        for (words, shift, role) in lead {
            // "swing by friday", "can i slide thru sat": a visit on that day, no deadline.
            if (words == ["by"] || words == ["through"]) && visit {
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
    pub(super) fn clock(&self, i: usize) -> Option<(Clock, usize, bool)> {
        // "half past 3", "quarter past 10", "quarter to 10" (and "til"): the hour's clock,
        // moved by the quarter.
        if let Some((offset, j)) = self.quarter_words(i) {
            let (mut clock, next, _) = self.clock(j)?;
            if clock.minutes_given {
                return None;
            }
            if offset < 0 {
                clock.hour = if clock.hour <= 1 { 12 } else { clock.hour - 1 };
                clock.minute = 45;
            } else {
                clock.minute = offset.unsigned_abs();
            }
            clock.minutes_given = true;
            return Some((clock, next, true));
        }
        let (hour, mut next) = match self.num(i) {
            Some(h) => (h, i + 1),
            None => match self.w(i) {
                "noon" | "midday" | "noonish" => return Some((Clock::whole(12), i + 1, true)),
                word => (
                    small_number(word).filter(|_| word != "a" && word != "an")?,
                    i + 1,
                ),
            },
        };
        if hour > 23 {
            return self.compact_clock(i);
        }
        if i > 0 && (self.punct(i - 1, '$') || self.punct(i - 1, '#')) {
            return None;
        }
        let mut clock = Clock::whole(hour);
        let mut strong = false;
        // "ten thirty", "at eleven fifteen", "nine forty five": an hour in words and its
        // minutes in words.
        let spelled_minutes = match (self.w(next), self.w(next + 1)) {
            _ if self.num(i).is_some() => None,
            ("fifteen", _) => Some((15, next + 1)),
            ("thirty", _) => Some((30, next + 1)),
            ("forty", "five") => Some((45, next + 2)),
            ("fortyfive" | "forty-five", _) => Some((45, next + 1)),
            _ => None,
        };
        if let Some((minute, after)) = spelled_minutes
            && hour <= 12
        {
            clock.minute = minute;
            clock.minutes_given = true;
            strong = true;
            next = after;
        }
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

    /// "half past", "quarter past" (+30, +15 minutes) or "quarter to"/"til" (-15; the text's
    /// normal form spells "til" as "until") at `i`, and
    /// where the hour starts.
    fn quarter_words(&self, i: usize) -> Option<(i32, usize)> {
        let quarter = self.is(i, "quarter") || self.seq(i, &["a", "quarter"]).is_some();
        let at = if self.is(i, "a") { i + 1 } else { i };
        let (minutes, word) = if self.is(at, "half") {
            (30, at + 1)
        } else if quarter {
            (15, at + 1)
        } else {
            return None;
        };
        match self.w(word) {
            "past" | "after" => Some((minutes, word + 1)),
            "to" | "until" | "before" if minutes == 15 => Some((-15, word + 1)),
            _ => None,
        }
    }

    /// A clock written without its colon: "230pm", "1030am", and after a day "1230" or "930"
    /// on a quarter hour ("friday 1230"). The hour must be a clock's (1–12) and the minutes
    /// real; a number like a year or a mileage is not one.
    fn compact_clock(&self, i: usize) -> Option<(Clock, usize, bool)> {
        if i > 0 && (self.punct(i - 1, '$') || self.punct(i - 1, '#')) {
            return None;
        }
        let token = self.toks.get(i).filter(|t| t.kind == Kind::Num)?;
        if !(3..=4).contains(&token.norm.len()) {
            return None;
        }
        let value = token.value?;
        let (hour, minute) = (value / 100, value % 100);
        if !(1..=12).contains(&hour) || minute >= 60 {
            return None;
        }
        let mut clock = Clock {
            hour,
            minute,
            minutes_given: true,
            meridiem: None,
        };
        let next = i + 1;
        match self.w(next) {
            "am" | "a" if self.glued(next) || self.w(next) == "am" => {
                clock.meridiem = Some(Meridiem::Am);
                Some((clock, next + 1, true))
            }
            "pm" | "p" if self.glued(next) || self.w(next) == "pm" => {
                clock.meridiem = Some(Meridiem::Pm);
                Some((clock, next + 1, true))
            }
            // Bare, only on a quarter hour and not before a unit ("1500 miles") or a name
            // ("my office at 1200 Market", "1030 Alder Ct": an address).
            _ if minute % 15 == 0 && !self.any(next, UNIT_WORDS) && !self.names_a_place(next) => {
                Some((clock, next, false))
            }
            _ => None,
        }
    }

    /// Whether the token is a word written with a capital that names no day, month or time,
    /// or a street word: after a number, an address ("1200 Market", "1030 alder ct").
    fn names_a_place(&self, i: usize) -> bool {
        let Some(token) = self.toks.get(i).filter(|t| t.kind == Kind::Word) else {
            return false;
        };
        let capital = self.original[token.start..token.end]
            .chars()
            .next()
            .is_some_and(char::is_uppercase);
        let street = STREET_WORDS.contains(&token.norm.as_str())
            || self
                .toks
                .get(i + 1)
                .is_some_and(|t| STREET_WORDS.contains(&t.norm.as_str()));
        let timely = weekday_of(&token.norm).is_some()
            || month_of(&token.norm).is_some()
            || matches!(
                token.norm.as_str(),
                "am" | "pm"
                    | "a"
                    | "p"
                    | "tomorrow"
                    | "today"
                    | "tonight"
                    | "works"
                    | "work"
                    | "ok"
                    | "okay"
                    | "is"
                    | "on"
                    | "or"
                    | "and"
                    | "please"
                    | "pls"
                    | "then"
                    | "next"
                    | "this"
                    | "if"
                    | "would"
                    | "could"
                    | "sounds"
                    | "good"
                    | "great"
                    | "perfect"
                    | "for"
                    | "i"
                    | "thanks"
                    | "thank"
                    | "at"
                    | "in"
                    | "the"
                    | "that"
                    | "still"
            );
        (capital || street) && !timely
    }

    /// A clock, or a range of two ("9-10am", "between 10 and 12", "from 9 to 11") whose
    /// earliest point is the first (rule 8).
    pub(super) fn clock_or_range(&self, i: usize) -> Option<(Clock, usize, bool)> {
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

    pub(super) fn time_expression(
        &self,
        i: usize,
        after_date: bool,
        out: &mut Vec<Atom>,
    ) -> Option<usize> {
        // "thursday at 2 no 3", "10am.. sorry 11": after a time, a slip word before a bare
        // number gives the new time (the correction itself is the context's, rule 9).
        let time_said = out.iter().any(|a| matches!(a.value, Value::Clock(_)));
        if time_said && self.any(i, &["no", "sorry", "oops", "wait"]) {
            let mut j = i + 1;
            while self.any(j, &["no", "sorry", "oops", "wait"]) || self.punct(j, ',') {
                j += 1;
            }
            if self.num(j).is_some()
                && let Some((clock, next, _)) = self.clock_or_range(j)
            {
                Self::push(out, Value::Clock(clock), i, next, Role::Request);
                return Some(next);
            }
        }
        // "change my friday appt from 9 to 10:30", "can you move me from 2 to 3": after a word
        // of change, the first time is the one being left, not the start of a range.
        if self.is(i, "from")
            && (i.saturating_sub(6)..i).any(|k| self.any(k, CHANGE_WORDS))
            && let Some((left, j, _)) = self.clock(i + 1)
            && self.is(j, "to")
            && let Some((wanted, next, _)) = self.clock(j + 1)
        {
            Self::push(out, Value::Clock(left), i, j, Role::Distractor);
            Self::push(out, Value::Clock(wanted), j, next, Role::Request);
            return Some(next);
        }
        let mut emit = |value, next, role| {
            Self::push(out, value, i, next, role);
            Some(next)
        };
        // Parts of day named by a bound.
        for (words, part) in [
            (&["before", "noon"][..], Part::Morning),
            (&["before", "lunch"][..], Part::Morning),
            (&["after", "lunch"][..], Part::Afternoon),
            // "after school drop off", "after drop off": the morning run done.
            (&["after", "school", "drop", "off"][..], Part::Morning),
            (&["after", "school", "dropoff"][..], Part::Morning),
            (&["after", "drop", "off"][..], Part::Morning),
            (&["after", "dropoff"][..], Part::Morning),
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
            // A correction's new time ("make that 3", "change it to 4"), rule 9.
            &["make", "that"],
            &["make", "it"],
            &["change", "that", "to"],
            &["change", "it", "to"],
            &["i", "meant"],
            // A bare hour proposed: "can do 8", "could you do 7", "how about 11".
            &["can", "do"],
            &["could", "do"],
            &["can", "you", "do"],
            &["could", "you", "do"],
            &["can", "we", "do"],
            &["could", "we", "do"],
            &["how", "about"],
            &["what", "about"],
            &["no", "earlier", "than"],
            &["not", "before"],
            &["anytime", "after"],
            &["any", "time", "after"],
            &["sometime", "after"],
            &["anytime", "from"],
            &["after"],
            &["from"],
            &["between"],
            &["at"],
            // Spanish, as customers mix it in ("el lunes a las 10").
            &["a", "las"],
            &["a", "la"],
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
                // "can we do two a day", "can you take 2 at a time": a count, not an hour.
                let counted = [
                    &["a", "day"][..],
                    &["per", "day"],
                    &["at", "a", "time"],
                    &["at", "once"],
                ]
                .iter()
                .any(|words| self.seq(next, words).is_some());
                if counted && !strong {
                    return None;
                }
                let plain_word = self.num(j).is_none() && !strong;
                let weak_cue = matches!(self.w(i), "like" | "maybe" | "from");
                if (weak_cue && !strong && !after_date) || (plain_word && self.is(i, "like")) {
                    return None;
                }
                return emit(Value::Clock(clock), next, role);
            }
            return None;
        }
        let (clock, next, strong) = self.clock_or_range(i)?;
        if self.num(i).is_none()
            && !matches!(self.w(i), "noon" | "midday" | "noonish")
            && self.quarter_words(i).is_none()
        {
            return None;
        }
        // "3 works", "230 would be better", "10 instead": a bare hour proposed by what follows.
        let verdict = |k: usize| {
            self.any(
                k,
                &[
                    "better", "best", "good", "fine", "ideal", "great", "perfect", "easiest",
                ],
            )
        };
        // "230 on thursday", "3 tomorrow": a bare time said with the day it is on.
        let names_a_day = |k: usize| {
            weekday_of(self.w(k)).is_some() || self.any(k, &["tomorrow", "today", "tonight"])
        };
        // Not the time being replaced or ruled out ("instead of 3 on thursday", "not 3 friday").
        let replaced = i > 0 && self.any(i - 1, &["of", "not", "than"]);
        let before_date = !replaced
            && (names_a_day(next)
                || (self.any(next, &["on", "this", "next"]) && names_a_day(next + 1)));
        let proposed = before_date
            || self.any(next, &["works", "work", "instead"])
            || (self.is(next, "is") && verdict(next + 1))
            || (self.seq(next, &["would", "be"]).is_some() && verdict(next + 2))
            || (self.is(next, "works") && verdict(next + 1));
        if strong || after_date || proposed {
            return emit(Value::Clock(clock), next, Role::Request);
        }
        None
    }

    pub(super) fn part_of_day(
        &self,
        i: usize,
        after_date: bool,
        out: &mut Vec<Atom>,
    ) -> Option<usize> {
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
            // The end of the working day (rule 7).
            (&["end", "of", "day"][..], Part::Evening),
            (&["end", "of", "the", "day"][..], Part::Evening),
            (&["eod"][..], Part::Evening),
            (&["close", "of", "business"][..], Part::Evening),
            (&["mid", "morning"][..], Part::Morning),
            (&["midmorning"][..], Part::Morning),
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
    pub(super) fn now_expression(&self, i: usize, out: &mut Vec<Atom>) -> Option<usize> {
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
        // A visit asked for now ("can you take it right now"), not a state ("leaking now").
        let asked = (start.saturating_sub(5)..start).any(|k| {
            self.any(
                k,
                &[
                    "come", "bring", "drop", "swing", "stop", "head", "pop", "roll", "fit",
                    "squeeze", "take", "see",
                ],
            )
        });
        // "right now if u can"
        let if_can = self.seq(next, &["if", "you", "can"]).is_some();
        if alone || asked || if_can {
            Self::push(out, Value::Instant(self.now), start, next, Role::Request);
        }
        Some(next)
    }
}

// --------------------------------------------------------------------- context
