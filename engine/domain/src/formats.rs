//! The spec's wire and display formats for dates and times, in one place.

use chrono::{NaiveDate, NaiveDateTime};

use crate::error::{Error, Result};

/// Planner and report dates sent by the UI: `DD.MM.YYYY`.
pub const SERVER_DATE: &str = "%d.%m.%Y";
/// Set-response-time stamps: `DD-MM-YYYY HH:mm:ss`.
pub const RESPONSE_TIME: &str = "%d-%m-%Y %H:%M:%S";
/// Service-lane and most other dates: `YYYY-MM-DD`.
pub const ISO_DATE: &str = "%Y-%m-%d";

pub fn parse_server_date(text: &str) -> Result<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), SERVER_DATE)
        .map_err(|_| Error::invalid(format!("expected a date as DD.MM.YYYY, got {text:?}")))
}

pub fn parse_iso_date(text: &str) -> Result<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), ISO_DATE)
        .map_err(|_| Error::invalid(format!("expected a date as YYYY-MM-DD, got {text:?}")))
}

/// An optional date a request field carries, as `YYYY-MM-DD` or `DD.MM.YYYY` (the UI sends
/// both); empty is none.
pub fn parse_request_date(field: &str, text: Option<&str>) -> Result<Option<NaiveDate>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => {
            let date = parse_iso_date(t)
                .or_else(|_| parse_server_date(t))
                .map_err(|_| {
                    Error::invalid(format!(
                        "{field} must be a date as YYYY-MM-DD or DD.MM.YYYY, got {t:?}"
                    ))
                })?;
            plausible_date(field, date).map(Some)
        }
    }
}

/// The years any date a client sends may fall in: wide enough for any vehicle, sale or
/// appointment, narrow enough that date arithmetic on it never overflows.
pub const PLAUSIBLE_YEARS: std::ops::RangeInclusive<i32> = 1900..=2199;

/// `date`, if its year is plausible; else a 400 naming the field.
pub fn plausible_date(field: &str, date: NaiveDate) -> Result<NaiveDate> {
    use chrono::Datelike;
    if PLAUSIBLE_YEARS.contains(&date.year()) {
        Ok(date)
    } else {
        Err(Error::invalid(format!(
            "{field} must be a date from {} to {}",
            PLAUSIBLE_YEARS.start(),
            PLAUSIBLE_YEARS.end()
        )))
    }
}

/// An inclusive range of days a request names, checked in one place: the start is not after
/// the end, and the range is no longer than its use allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

/// The longest range one use accepts, in days counting both ends, and what the use is called
/// in the error ("A report").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayLimit {
    pub days: i64,
    pub what: &'static str,
}

/// The request's names of a range's two ends, for its errors: `startDate`, `endDate`.
pub type RangeFields<'a> = (&'a str, &'a str);

/// The names most requests give a range's ends.
pub const START_END: RangeFields<'static> = ("startDate", "endDate");

impl DayRange {
    /// `start..=end`, if in order and within `limit` (when the use has one); else a 400
    /// naming the fields.
    pub fn new(
        start: NaiveDate,
        end: NaiveDate,
        fields: RangeFields<'_>,
        limit: Option<DayLimit>,
    ) -> Result<Self> {
        Self::check_order(Some(start), Some(end), fields)?;
        let range = Self { start, end };
        if let Some(limit) = limit
            && range.days() > limit.days
        {
            return Err(Error::invalid(format!(
                "{} covers at most {} days; narrow the dates",
                limit.what, limit.days
            )));
        }
        Ok(range)
    }

    /// For ranges whose ends may each be missing (open on that side): in order when both are
    /// given.
    pub fn check_order(
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
        (start_field, end_field): RangeFields<'_>,
    ) -> Result<()> {
        match (start, end) {
            (Some(start), Some(end)) if start > end => Err(Error::invalid(format!(
                "{start_field} must not be after {end_field}"
            ))),
            _ => Ok(()),
        }
    }

    /// How many days it covers, counting both ends.
    pub fn days(&self) -> i64 {
        (self.end - self.start).num_days() + 1
    }
}

/// `at`, if its year is plausible; else a 400 naming the field.
pub fn plausible_time(
    field: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<chrono::DateTime<chrono::Utc>> {
    plausible_date(field, at.date_naive()).map(|_| at)
}

/// A mileage as people write it: "45,300", "45300 miles", "45.3k", "45k mi". Whole miles,
/// 0 to 1,000,000.
pub fn parse_mileage(text: &str) -> Result<i32> {
    let invalid = || {
        Error::invalid(format!(
            "{:?} is not a mileage (for example 45,300 or 45k)",
            text.trim()
        ))
    };
    let lower = text.trim().to_ascii_lowercase();
    let number = lower
        .trim_end_matches('.')
        .trim_end_matches("miles")
        .trim_end_matches("mi")
        .trim_end();
    let (digits, scale) = match number.strip_suffix('k') {
        Some(rest) => (rest.trim_end(), 1_000.0),
        None => (number, 1.0),
    };
    let digits = digits.replace(',', "");
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(invalid());
    }
    let value: f64 = digits.parse().map_err(|_| invalid())?;
    let miles = (value * scale).round();
    if !(0.0..=1_000_000.0).contains(&miles) {
        return Err(invalid());
    }
    Ok(miles as i32)
}

/// A maintenance-minder reading: a service code ("A", "B12", "A123") or an oil life ("15%").
pub fn parse_minder(text: &str) -> Result<String> {
    let minder = text.trim().to_ascii_uppercase();
    let code = minder.len() <= 6
        && minder.starts_with(|c: char| c.is_ascii_alphabetic())
        && minder.chars().all(|c| c.is_ascii_alphanumeric());
    let oil_life = minder
        .strip_suffix('%')
        .and_then(|n| n.trim().parse::<u8>().ok())
        .is_some_and(|n| n <= 100);
    if code || oil_life {
        Ok(minder)
    } else {
        Err(Error::invalid(format!(
            "{:?} is not a minder reading (for example A1, B12 or 15%)",
            text.trim()
        )))
    }
}

pub fn parse_response_time(text: &str) -> Result<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text.trim(), RESPONSE_TIME).map_err(|_| {
        Error::invalid(format!(
            "expected a time as DD-MM-YYYY HH:mm:ss, got {text:?}"
        ))
    })
}

pub fn server_date(date: NaiveDate) -> String {
    date.format(SERVER_DATE).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        parse_iso_date(text).unwrap()
    }

    #[test]
    fn a_range_is_in_order_and_no_longer_than_its_use_allows() {
        let week = DayLimit {
            days: 7,
            what: "A week",
        };
        let range = DayRange::new(day("2026-03-01"), day("2026-03-07"), START_END, Some(week));
        assert_eq!(range.unwrap().days(), 7);
        let eight = DayRange::new(day("2026-03-01"), day("2026-03-08"), START_END, Some(week));
        assert!(
            eight
                .unwrap_err()
                .to_string()
                .contains("A week covers at most 7 days")
        );
        assert!(DayRange::new(day("2026-03-01"), day("2026-03-08"), START_END, None).is_ok());
        let reversed = DayRange::new(day("2026-03-02"), day("2026-03-01"), ("from", "to"), None);
        assert!(
            reversed
                .unwrap_err()
                .to_string()
                .contains("from must not be after to")
        );
        assert!(DayRange::check_order(Some(day("2026-03-02")), None, START_END).is_ok());
        assert!(
            DayRange::check_order(Some(day("2026-03-02")), Some(day("2026-03-01")), START_END)
                .is_err()
        );
    }

    #[test]
    fn only_names_are_repeated_in_a_greeting() {
        assert_eq!(greeting_name(" Mary-Jo "), Some("Mary-Jo"));
        assert_eq!(greeting_name("O'Brien"), Some("O'Brien"));
        assert_eq!(greeting_name("José María"), Some("José María"));
        assert_eq!(greeting_name("J.R. St. John"), Some("J.R. St. John"));
        for hostile in [
            "Your refund of $500 is ready: http://phish.example/r?id=1",
            "www.evil.example",
            "Call 555-0100",
            "=HYPERLINK(\"x\")",
            "a b c d e",
            "Bartholomew-Maximilian Fitzgeraldson",
            "",
        ] {
            assert_eq!(greeting_name(hostile), None, "{hostile}");
        }
    }

    #[test]
    fn server_dates_are_day_first_with_dots() {
        let date = parse_server_date("05.03.2026").unwrap();
        assert_eq!(date, NaiveDate::from_ymd_opt(2026, 3, 5).unwrap());
        assert_eq!(server_date(date), "05.03.2026");
    }

    #[test]
    fn a_wrong_date_format_names_the_expected_one() {
        let error = parse_server_date("2026-03-05").unwrap_err();
        assert!(error.to_string().contains("DD.MM.YYYY"));
        assert!(parse_iso_date("31.12.2026").is_err());
    }

    #[test]
    fn response_times_carry_seconds() {
        let at = parse_response_time("22-11-2026 17:05:09").unwrap();
        assert_eq!(at.format("%F %T").to_string(), "2026-11-22 17:05:09");
    }
}

/// A vehicle identification number as written on the vehicle: 17 letters and digits, never I,
/// O or Q (upper case; the check digit is North American only, so it is not required).
pub fn is_vin(text: &str) -> bool {
    text.len() == 17
        && text.chars().all(|c| {
            c.is_ascii_digit() || (c.is_ascii_uppercase() && !matches!(c, 'I' | 'O' | 'Q'))
        })
}

/// A VIN as people write it ("1hgcm 82633-a004352") in its stored form: upper case, without
/// spaces or dashes. Not checked; [`parse_vin`] checks.
pub fn normalize_vin(raw: &str) -> String {
    raw.chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A VIN in its stored form, if it is one; else the problem, in words.
pub fn parse_vin(raw: &str) -> std::result::Result<String, String> {
    let vin = normalize_vin(raw);
    if is_vin(&vin) {
        Ok(vin)
    } else {
        Err(format!("{:?} is not a 17-character VIN", raw.trim()))
    }
}

/// An IANA time zone name such as `America/Chicago`.
pub fn parse_time_zone(name: &str) -> Result<chrono_tz::Tz> {
    name.parse()
        .map_err(|_| Error::invalid(format!("unknown time zone {name:?}")))
}

/// A time zone's offset at `at` in the spec's office form, e.g. `GMT-05:00`.
pub fn gmt_offset(time_zone: &str, at: chrono::DateTime<chrono::Utc>) -> Result<String> {
    use chrono::Offset;
    let tz = parse_time_zone(time_zone)?;
    let seconds = at.with_timezone(&tz).offset().fix().local_minus_utc();
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.abs() / 60;
    Ok(format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60))
}

#[cfg(test)]
mod offset_tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn offsets_follow_daylight_saving() {
        let winter = chrono::Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap();
        let summer = chrono::Utc.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).unwrap();
        assert_eq!(gmt_offset("America/New_York", winter).unwrap(), "GMT-05:00");
        assert_eq!(gmt_offset("America/New_York", summer).unwrap(), "GMT-04:00");
        assert_eq!(gmt_offset("America/Phoenix", summer).unwrap(), "GMT-07:00");
        assert!(gmt_offset("Mars/Olympus", summer).is_err());
    }
}

#[cfg(test)]
mod vmr_tests {
    use super::*;

    #[test]
    fn mileages_are_read_as_people_write_them() {
        for (text, miles) in [
            ("45,300", 45_300),
            ("45300 miles", 45_300),
            ("45.3k", 45_300),
            ("45k mi", 45_000),
            (" 0 ", 0),
            ("1,000,000", 1_000_000),
        ] {
            assert_eq!(parse_mileage(text).unwrap(), miles, "{text}");
        }
        for text in ["", "abc", "45,300 on tuesday", "-5", "2,000,000", "k"] {
            assert!(parse_mileage(text).is_err(), "{text}");
        }
    }

    #[test]
    fn minder_readings_are_codes_or_oil_life() {
        assert_eq!(parse_minder("b12").unwrap(), "B12");
        assert_eq!(parse_minder("A").unwrap(), "A");
        assert_eq!(parse_minder("15%").unwrap(), "15%");
        for text in ["", "12", "150%", "oil is low", "A-1"] {
            assert!(parse_minder(text).is_err(), "{text}");
        }
    }
}

/// The longest name a person, customer or record may have.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest code (customer number, VIN-like keys, make, model).
pub const MAX_CODE_CHARS: usize = 50;
/// The longest e-mail address (RFC 5321).
pub const MAX_EMAIL_CHARS: usize = 254;

/// A problem to report when `text` has more than `max` characters.
/// A name a stranger typed, as it may appear in a text the store sends: letters (any
/// alphabet), spaces, hyphens, apostrophes and periods, at most [`GREETING_NAME_CHARS`] in four
/// words. Anything else (a link, a phone number, a sentence) is no name to repeat from the
/// store's number: `None`, and the text greets without it.
pub fn greeting_name(typed: &str) -> Option<&str> {
    let name = typed.trim();
    let is_name_char = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '’' | '.');
    // "evil.example": a host name, not initials ("J.R.") or an abbreviation ("St. John").
    let is_host = name.split('.').collect::<Vec<_>>().windows(2).any(|pair| {
        let letters_before = pair[0]
            .chars()
            .rev()
            .take_while(|c| c.is_alphabetic())
            .count();
        let letters_after = pair[1].chars().take_while(|c| c.is_alphabetic()).count();
        letters_before >= 2 && letters_after >= 2
    });
    (!name.is_empty()
        && !is_host
        && name.chars().count() <= GREETING_NAME_CHARS
        && name.split_whitespace().count() <= 4
        && name.chars().all(is_name_char))
    .then_some(name)
}

/// The longest name a text repeats.
pub const GREETING_NAME_CHARS: usize = 30;

pub fn too_long(field: &str, text: &str, max: usize) -> Option<String> {
    (text.chars().count() > max).then(|| format!("{field} must have at most {max} characters"))
}
