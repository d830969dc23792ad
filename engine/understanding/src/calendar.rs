//! Calendar arithmetic for the date-time grammar: weeks run Monday to Sunday, and the US
//! holidays are computed by their rules (docs/assistant-rules.md rule 13 lists 2025–2027).

use chrono::{Datelike, Duration, NaiveDate, Weekday};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Holiday {
    NewYearsDay,
    MlkDay,
    ValentinesDay,
    PresidentsDay,
    GoodFriday,
    Easter,
    MothersDay,
    MemorialDay,
    FathersDay,
    Juneteenth,
    IndependenceDay,
    LaborDay,
    ColumbusDay,
    Halloween,
    VeteransDay,
    Thanksgiving,
    BlackFriday,
    ChristmasEve,
    Christmas,
    NewYearsEve,
}

impl Holiday {
    pub fn in_year(self, year: i32) -> NaiveDate {
        let fixed = |m, d| NaiveDate::from_ymd_opt(year, m, d).expect("a fixed holiday");
        match self {
            Holiday::NewYearsDay => fixed(1, 1),
            Holiday::MlkDay => nth_weekday(year, 1, Weekday::Mon, 3),
            Holiday::ValentinesDay => fixed(2, 14),
            Holiday::PresidentsDay => nth_weekday(year, 2, Weekday::Mon, 3),
            Holiday::GoodFriday => easter(year) - Duration::days(2),
            Holiday::Easter => easter(year),
            Holiday::MothersDay => nth_weekday(year, 5, Weekday::Sun, 2),
            Holiday::MemorialDay => last_weekday(year, 5, Weekday::Mon),
            Holiday::FathersDay => nth_weekday(year, 6, Weekday::Sun, 3),
            Holiday::Juneteenth => fixed(6, 19),
            Holiday::IndependenceDay => fixed(7, 4),
            Holiday::LaborDay => nth_weekday(year, 9, Weekday::Mon, 1),
            Holiday::ColumbusDay => nth_weekday(year, 10, Weekday::Mon, 2),
            Holiday::Halloween => fixed(10, 31),
            Holiday::VeteransDay => fixed(11, 11),
            Holiday::Thanksgiving => nth_weekday(year, 11, Weekday::Thu, 4),
            Holiday::BlackFriday => nth_weekday(year, 11, Weekday::Thu, 4) + Duration::days(1),
            Holiday::ChristmasEve => fixed(12, 24),
            Holiday::Christmas => fixed(12, 25),
            Holiday::NewYearsEve => fixed(12, 31),
        }
    }

    /// The holiday's next date on or after `today` (rule 1).
    pub fn next_on_or_after(self, today: NaiveDate) -> NaiveDate {
        let this_year = self.in_year(today.year());
        if this_year >= today {
            this_year
        } else {
            self.in_year(today.year() + 1)
        }
    }
}

fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u8) -> NaiveDate {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n).expect("a valid nth weekday")
}

fn last_weekday(year: i32, month: u32, weekday: Weekday) -> NaiveDate {
    let mut day = last_day_of_month(year, month);
    while day.weekday() != weekday {
        day -= Duration::days(1);
    }
    day
}

/// Easter Sunday (the anonymous Gregorian computus).
fn easter(year: i32) -> NaiveDate {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, month as u32, day as u32).expect("a valid Easter")
}

pub(crate) fn last_day_of_month(year: i32, month: u32) -> NaiveDate {
    first_of_next_month(year, month) - Duration::days(1)
}

pub(crate) fn first_of_next_month(year: i32, month: u32) -> NaiveDate {
    if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)
    }
    .expect("a valid first of month")
}

/// The Monday that starts `day`'s week.
pub(crate) fn monday_of(day: NaiveDate) -> NaiveDate {
    day - Duration::days(i64::from(day.weekday().num_days_from_monday()))
}

/// The Monday of the calendar week after `day`'s.
pub(crate) fn next_monday(day: NaiveDate) -> NaiveDate {
    monday_of(day) + Duration::days(7)
}

/// The next `weekday` strictly after `day`.
pub(crate) fn weekday_after(day: NaiveDate, weekday: Weekday) -> NaiveDate {
    let ahead = (7 + weekday.num_days_from_monday() - day.weekday().num_days_from_monday()) % 7;
    day + Duration::days(if ahead == 0 { 7 } else { i64::from(ahead) })
}

/// The next `weekday` on or after `day`.
pub(crate) fn weekday_on_or_after(day: NaiveDate, weekday: Weekday) -> NaiveDate {
    let ahead = (7 + weekday.num_days_from_monday() - day.weekday().num_days_from_monday()) % 7;
    day + Duration::days(i64::from(ahead))
}

/// The next day-of-month `n` on or after `today` (rule 1), skipping months too short for it.
pub(crate) fn next_day_of_month(today: NaiveDate, n: u32) -> Option<NaiveDate> {
    let (mut year, mut month) = (today.year(), today.month());
    for _ in 0..13 {
        if let Some(day) = NaiveDate::from_ymd_opt(year, month, n)
            && day >= today
        {
            return Some(day);
        }
        (year, month) = if month == 12 {
            (year + 1, 1)
        } else {
            (year, month + 1)
        };
    }
    None
}

/// The next `month`/`day` on or after `today` (rule 1: a date without a year).
pub(crate) fn next_month_day(today: NaiveDate, month: u32, day: u32) -> Option<NaiveDate> {
    match NaiveDate::from_ymd_opt(today.year(), month, day) {
        Some(date) if date >= today => Some(date),
        _ => NaiveDate::from_ymd_opt(today.year() + 1, month, day)
            .or_else(|| NaiveDate::from_ymd_opt(today.year() + 4, month, day)),
    }
}
