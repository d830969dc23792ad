//! Reading one cell as its field's kind: VINs and phone numbers by the rules the rest of
//! Bayline uses, dates in the formats dealer systems write (and Excel serial numbers), whole
//! numbers with thousands separators. An empty cell is no value; a bad one is a row problem
//! naming the reason.

use chrono::{Datelike, NaiveDate, NaiveTime};

use crate::fields::FieldKind;
use domain::PhoneNumber;
use domain::formats::parse_vin;

/// Longest text a cell may hold.
pub const MAX_TEXT_CHARS: usize = 200;

/// A cell read as its kind (stored as JSON while its row waits for a store mapping).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    Text(String),
    Date(NaiveDate),
    Integer(i64),
    /// Money, in cents.
    Cents(i64),
    Time(NaiveTime),
    Flag(bool),
}

impl Value {
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }
}

/// Reads `raw` as `kind`: `Ok(None)` for an empty cell, `Err(reason)` for a bad one.
pub fn read_cell(kind: FieldKind, raw: &str) -> Result<Option<Value>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    if raw.chars().count() > MAX_TEXT_CHARS {
        return Err(format!("longer than {MAX_TEXT_CHARS} characters"));
    }
    match kind {
        FieldKind::Text => Ok(Some(Value::Text(raw.to_owned()))),
        FieldKind::Vin => parse_vin(raw).map(|vin| Some(Value::Text(vin))),
        FieldKind::Phone => PhoneNumber::parse(raw)
            .map(|phone| Some(Value::Text(phone.as_e164().to_owned())))
            .map_err(|_| format!("{raw:?} is not a 10-digit phone number")),
        FieldKind::Email => {
            let valid = raw.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !raw.contains(char::is_whitespace)
            });
            if valid {
                Ok(Some(Value::Text(raw.to_ascii_lowercase())))
            } else {
                Err(format!("{raw:?} is not an e-mail address"))
            }
        }
        FieldKind::Date => read_date(raw)
            .map(|date| Some(Value::Date(date)))
            .ok_or_else(|| format!("{raw:?} is not a date (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)")),
        FieldKind::Integer => read_integer(raw)
            .filter(|n| (0..=10_000_000).contains(n))
            .map(|n| Some(Value::Integer(n)))
            .ok_or_else(|| format!("{raw:?} is not a whole number from 0 to 10,000,000")),
        FieldKind::Year => {
            let latest = i64::from(chrono::Utc::now().year()) + 2;
            read_integer(raw)
                .filter(|year| (1900..=latest).contains(year))
                .map(|year| Some(Value::Integer(year)))
                .ok_or_else(|| format!("{raw:?} is not a model year from 1900 to {latest}"))
        }
        FieldKind::Amount => read_cents(raw)
            .map(|cents| Some(Value::Cents(cents)))
            .ok_or_else(|| format!("{raw:?} is not an amount (e.g. 1,249.50)")),
        FieldKind::Time => read_time(raw)
            .map(|time| Some(Value::Time(time)))
            .ok_or_else(|| format!("{raw:?} is not a time of day (e.g. 09:30 or 9:30 AM)")),
        FieldKind::Flag => match raw.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" | "1" | "x" | "declined" => Ok(Some(Value::Flag(true))),
            "n" | "no" | "false" | "0" => Ok(Some(Value::Flag(false))),
            _ => Err(format!("{raw:?} is not yes or no")),
        },
    }
}

/// An amount with an optional currency sign and thousands separators, negative in a leading
/// minus or accounting parentheses; to the cent, below a billion.
fn read_cents(raw: &str) -> Option<i64> {
    let (negative, body) = match raw.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        Some(inner) => (true, inner),
        None => match raw.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, raw),
        },
    };
    let digits: String = body
        .trim()
        .trim_start_matches('$')
        .chars()
        .filter(|c| !matches!(c, ',' | ' ' | '_'))
        .collect();
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || !fraction.chars().all(|c| c.is_ascii_digit())
        || fraction.len() > 2
        || whole.len() > 9
    {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    let cents = whole * 100 + fraction;
    Some(if negative { -cents } else { cents })
}

/// A time of day: 24-hour `09:30` or `09:30:00`, 12-hour `9:30 AM` or `9:30pm`, or a
/// spreadsheet's fraction of a day (`0.395833`).
fn read_time(raw: &str) -> Option<NaiveTime> {
    let upper = raw.to_ascii_uppercase().replace(' ', "");
    for format in ["%H:%M", "%H:%M:%S", "%I:%M%p", "%I:%M:%S%p", "%I%p"] {
        if let Ok(time) = NaiveTime::parse_from_str(&upper, format) {
            return Some(time);
        }
    }
    let fraction: f64 = raw.parse().ok()?;
    if !(0.0..1.0).contains(&fraction) {
        return None;
    }
    let seconds = (fraction * 86_400.0).round() as u32;
    NaiveTime::from_num_seconds_from_midnight_opt(seconds.min(86_399), 0)
}

/// A whole number: digits with optional thousands separators, or a decimal with no fraction
/// ("45000.0", as spreadsheets write numbers).
fn read_integer(raw: &str) -> Option<i64> {
    let digits: String = raw
        .chars()
        .filter(|c| !matches!(c, ',' | ' ' | '_'))
        .collect();
    if let Ok(n) = digits.parse::<i64>() {
        return Some(n);
    }
    let float: f64 = digits.parse().ok()?;
    (float.fract() == 0.0 && float.abs() < 1e15).then_some(float as i64)
}

/// Day 0 of Excel's serial dates as they are from March 1900 on (Excel counts a 29 February
/// 1900 that never was, so 1899-12-30 + serial).
fn excel_epoch() -> NaiveDate {
    NaiveDate::from_ymd_opt(1899, 12, 30).unwrap_or_default()
}

/// Serial numbers read as dates: 1927 to 2099. Smaller numbers in a date column are far
/// likelier a year or a typo than a day in the 1900s.
const EXCEL_SERIALS_FROM: f64 = 10_000.0;
const EXCEL_SERIALS_UNTIL: f64 = 73_050.0;

/// A date as dealer systems write it: ISO (`2026-03-14`, with or without a time after it),
/// US (`03/14/2026`, `3/14/26`; day first when the first number cannot be a month), the
/// spec's `14.03.2026`, compact `20260314`, or an Excel serial number (`46095`).
pub fn read_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    // A time after the date ("2026-03-14 09:30:00", "2026-03-14T09:30") is dropped.
    let day_part = raw.split(['T', ' ']).next().unwrap_or(raw);
    if let Ok(date) = NaiveDate::parse_from_str(day_part, "%Y-%m-%d") {
        return plausible(date);
    }
    if let Ok(date) = NaiveDate::parse_from_str(day_part, "%Y/%m/%d") {
        return plausible(date);
    }
    if day_part.len() == 8
        && day_part.chars().all(|c| c.is_ascii_digit())
        && let Ok(date) = NaiveDate::parse_from_str(day_part, "%Y%m%d")
    {
        return plausible(date);
    }
    if let Some(date) = day_month_year(day_part) {
        return plausible(date);
    }
    if let Ok(serial) = raw.parse::<f64>()
        && (EXCEL_SERIALS_FROM..=EXCEL_SERIALS_UNTIL).contains(&serial)
    {
        return plausible(excel_epoch() + chrono::Duration::days(serial.trunc() as i64));
    }
    None
}

/// `MM/DD/YYYY`, `MM-DD-YYYY` (US: month first unless it cannot be a month) and `DD.MM.YYYY`
/// (the spec's, day first); two-digit years are 20xx up to next year, 19xx after.
fn day_month_year(text: &str) -> Option<NaiveDate> {
    let separator = ['/', '-', '.'].into_iter().find(|s| text.contains(*s))?;
    let parts: Vec<&str> = text.split(separator).collect();
    let [a, b, year] = parts.as_slice() else {
        return None;
    };
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    let mut year: i32 = year.parse().ok()?;
    if parts[2].len() == 2 {
        let next = (chrono::Utc::now().year() + 1) % 100;
        year += if year <= next { 2000 } else { 1900 };
    } else if parts[2].len() != 4 {
        return None;
    }
    let (month, day) = if separator == '.' || a > 12 {
        (b, a)
    } else {
        (a, b)
    };
    NaiveDate::from_ymd_opt(year, month, day)
}

/// Dates outside 1900 to 2100 are typos, not dates.
fn plausible(date: NaiveDate) -> Option<NaiveDate> {
    (1900..=2100).contains(&date.year()).then_some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    #[test]
    fn dates_in_every_format_dealer_systems_write() {
        assert_eq!(read_date("2026-03-14"), date(2026, 3, 14));
        assert_eq!(read_date("2026-03-14 09:30:00"), date(2026, 3, 14));
        assert_eq!(read_date("2026-03-14T09:30"), date(2026, 3, 14));
        assert_eq!(read_date("03/14/2026"), date(2026, 3, 14));
        assert_eq!(read_date("3/4/2026"), date(2026, 3, 4));
        assert_eq!(read_date("14/03/2026"), date(2026, 3, 14));
        assert_eq!(read_date("14.03.2026"), date(2026, 3, 14));
        assert_eq!(read_date("03-14-2026"), date(2026, 3, 14));
        assert_eq!(read_date("3/14/26"), date(2026, 3, 14));
        assert_eq!(read_date("20260314"), date(2026, 3, 14));
        // Excel's serials, as a CSV saved from a spreadsheet holds them.
        assert_eq!(read_date("46095"), date(2026, 3, 14));
        assert_eq!(read_date("46095.5"), date(2026, 3, 14));
        for bad in ["2026-02-30", "13/13/2026", "soon", "0", "2026", "99999999"] {
            assert_eq!(read_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn cells_follow_the_shared_rules() {
        assert_eq!(
            read_cell(FieldKind::Vin, " 1hgcm82633a004352 "),
            Ok(Some(Value::Text("1HGCM82633A004352".into())))
        );
        assert!(read_cell(FieldKind::Vin, "1HGCM82633A00435").is_err());
        assert_eq!(
            read_cell(FieldKind::Phone, "(555) 201-3344"),
            Ok(Some(Value::Text("+15552013344".into())))
        );
        assert!(read_cell(FieldKind::Phone, "201-3344").is_err());
        assert_eq!(
            read_cell(FieldKind::Integer, "45,120"),
            Ok(Some(Value::Integer(45_120)))
        );
        assert_eq!(
            read_cell(FieldKind::Integer, "45120.0"),
            Ok(Some(Value::Integer(45_120)))
        );
        assert!(read_cell(FieldKind::Integer, "-3").is_err());
        assert!(read_cell(FieldKind::Year, "1850").is_err());
        assert!(read_cell(FieldKind::Email, "bob@example").is_err());
        assert_eq!(read_cell(FieldKind::Text, "   "), Ok(None));
        assert!(read_cell(FieldKind::Text, &"x".repeat(201)).is_err());
    }

    #[test]
    fn amounts_times_and_flags() {
        let cents = |raw| match read_cell(FieldKind::Amount, raw) {
            Ok(Some(Value::Cents(c))) => Some(c),
            _ => None,
        };
        assert_eq!(cents("$1,249.50"), Some(124_950));
        assert_eq!(cents("(12.5)"), Some(-1_250));
        assert_eq!(cents("-3"), Some(-300));
        assert_eq!(cents(".99"), Some(99));
        for bad in ["12.345", "1.2.3", "$", "abc", "1e5"] {
            assert_eq!(cents(bad), None, "{bad}");
        }
        let time = |raw| match read_cell(FieldKind::Time, raw) {
            Ok(Some(Value::Time(t))) => Some(t.format("%H:%M").to_string()),
            _ => None,
        };
        assert_eq!(time("09:30").as_deref(), Some("09:30"));
        assert_eq!(time("9:30 pm").as_deref(), Some("21:30"));
        assert_eq!(time("0.5").as_deref(), Some("12:00"));
        assert_eq!(time("25:00"), None);
        assert_eq!(read_cell(FieldKind::Flag, "Y"), Ok(Some(Value::Flag(true))));
        assert_eq!(
            read_cell(FieldKind::Flag, "no"),
            Ok(Some(Value::Flag(false)))
        );
        assert!(read_cell(FieldKind::Flag, "maybe").is_err());
    }
}
