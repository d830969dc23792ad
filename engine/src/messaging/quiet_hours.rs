//! Allowed hours for automated texts: by default 08:00 to 21:00 in the recipient's time zone
//! (the customer's when known, else their store's), configurable per store. A message due
//! outside them waits for the next opening; it is never dropped.

use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllowedHours {
    pub start: NaiveTime,
    pub end: NaiveTime,
}

impl Default for AllowedHours {
    fn default() -> Self {
        Self {
            start: NaiveTime::from_hms_opt(8, 0, 0).expect("valid time"),
            end: NaiveTime::from_hms_opt(21, 0, 0).expect("valid time"),
        }
    }
}

impl AllowedHours {
    /// Parses `HH:MM` bounds. A start after the end is a window across midnight.
    pub fn parse(start: &str, end: &str) -> Result<Self> {
        let time = |text: &str| {
            NaiveTime::parse_from_str(text.trim(), "%H:%M")
                .map_err(|_| Error::invalid(format!("allowed hours are HH:MM, got {text:?}")))
        };
        let hours = Self {
            start: time(start)?,
            end: time(end)?,
        };
        if hours.start == hours.end {
            return Err(Error::invalid(
                "allowed hours must not start and end at the same time",
            ));
        }
        Ok(hours)
    }

    pub fn contains(&self, now: DateTime<Utc>, zone: Tz) -> bool {
        let local = now.with_timezone(&zone).time();
        if self.start < self.end {
            self.start <= local && local < self.end
        } else {
            local >= self.start || local < self.end
        }
    }

    /// `None` when a text may go out now; otherwise the next moment it may.
    pub fn next_opening(&self, now: DateTime<Utc>, zone: Tz) -> Option<DateTime<Utc>> {
        if self.contains(now, zone) {
            return None;
        }
        let local = now.with_timezone(&zone);
        let mut day = local.date_naive();
        if local.time() >= self.start {
            day += Duration::days(1);
        }
        // The opening on that day; a start inside a daylight-saving gap moves to the first
        // valid minute after it.
        let mut opening = day.and_time(self.start);
        for _ in 0..180 {
            if let Some(at) = zone.from_local_datetime(&opening).earliest() {
                return Some(at.with_timezone(&Utc));
            }
            opening += Duration::minutes(1);
        }
        Some(now + Duration::hours(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::{Los_Angeles, New_York};

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
    }

    #[test]
    fn inside_the_window_sends_now() {
        // 14:00 UTC is 09:00 in New York in winter.
        let hours = AllowedHours::default();
        assert_eq!(hours.next_opening(utc(2026, 1, 15, 14, 0), New_York), None);
    }

    #[test]
    fn late_evening_waits_for_eight_the_next_morning_in_the_recipients_zone() {
        let hours = AllowedHours::default();
        // 03:00 UTC on Jan 16 is 22:00 on Jan 15 in New York: wait for 08:00 EST = 13:00 UTC.
        assert_eq!(
            hours.next_opening(utc(2026, 1, 16, 3, 0), New_York),
            Some(utc(2026, 1, 16, 13, 0))
        );
        // The same instant is 19:00 in Los Angeles: inside its window.
        assert_eq!(
            hours.next_opening(utc(2026, 1, 16, 3, 0), Los_Angeles),
            None
        );
    }

    #[test]
    fn early_morning_waits_for_eight_the_same_day() {
        let hours = AllowedHours::default();
        // 12:00 UTC in July is 05:00 in Los Angeles (PDT): wait for 08:00 PDT = 15:00 UTC.
        assert_eq!(
            hours.next_opening(utc(2026, 7, 15, 12, 0), Los_Angeles),
            Some(utc(2026, 7, 15, 15, 0))
        );
    }

    #[test]
    fn the_end_of_the_window_is_already_outside() {
        let hours = AllowedHours::default();
        // 21:00 EDT is 01:00 UTC the next day.
        assert!(!hours.contains(utc(2026, 7, 16, 1, 0), New_York));
        assert!(hours.contains(utc(2026, 7, 16, 0, 59), New_York));
    }

    #[test]
    fn a_window_across_midnight_is_supported() {
        let hours = AllowedHours::parse("22:00", "02:00").unwrap();
        assert!(hours.contains(utc(2026, 1, 16, 4, 0), New_York)); // 23:00 EST
        assert_eq!(
            hours.next_opening(utc(2026, 1, 16, 15, 0), New_York), // 10:00 EST
            Some(utc(2026, 1, 17, 3, 0))
        );
    }

    #[test]
    fn opening_across_a_daylight_saving_change_uses_the_new_offset() {
        let hours = AllowedHours::default();
        // 2026-03-08 02:00 UTC = 21:00 EST on Mar 7; the next 08:00 is EDT (12:00 UTC).
        assert_eq!(
            hours.next_opening(utc(2026, 3, 8, 2, 0), New_York),
            Some(utc(2026, 3, 8, 12, 0))
        );
    }

    #[test]
    fn malformed_hours_are_refused() {
        assert!(AllowedHours::parse("8am", "21:00").is_err());
        assert!(AllowedHours::parse("08:00", "08:00").is_err());
    }
}
