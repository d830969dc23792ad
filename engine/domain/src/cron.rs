//! Cron schedules in a time zone: "fire at these wall-clock times in America/Chicago".

use std::str::FromStr;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::error::{Error, Result};

/// A validated cron expression and the zone its times are read in.
#[derive(Debug, Clone)]
pub struct CronSchedule {
    schedule: cron::Schedule,
    zone: Tz,
}

impl CronSchedule {
    /// Accepts the usual five fields (`minute hour day month weekday`) or six with seconds
    /// first, and an IANA zone name.
    pub fn parse(expression: &str, zone: &str) -> Result<Self> {
        let fields = expression.split_whitespace().count();
        let normalized = match fields {
            5 => format!("0 {}", expression.trim()),
            6 | 7 => expression.trim().to_owned(),
            _ => {
                return Err(Error::invalid(format!(
                    "Unable to create scheduler: {expression:?} is not a cron expression (5 or 6 fields)"
                )));
            }
        };
        let schedule = cron::Schedule::from_str(&normalized).map_err(|e| {
            Error::invalid(format!(
                "Unable to create scheduler: invalid cron expression {expression:?}: {e}"
            ))
        })?;
        let zone: Tz = zone.parse().map_err(|_| {
            Error::invalid(format!(
                "Unable to create scheduler: unknown time zone {zone:?}"
            ))
        })?;
        if schedule.upcoming(zone).next().is_none() {
            return Err(Error::invalid(format!(
                "Unable to create scheduler: {expression:?} never fires again"
            )));
        }
        Ok(Self { schedule, zone })
    }

    /// The first firing strictly after `after`, in UTC.
    pub fn next_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.schedule
            .after(&after.with_timezone(&self.zone))
            .next()
            .map(|at| at.with_timezone(&Utc))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, s).unwrap()
    }

    #[test]
    fn five_fields_fire_on_the_minute_in_the_schedules_zone() {
        let daily = CronSchedule::parse("30 9 * * *", "America/Chicago").unwrap();
        // 09:30 in Chicago is 15:30 UTC in winter and 14:30 UTC in summer.
        assert_eq!(
            daily.next_after(utc(2026, 1, 10, 12, 0, 0)),
            Some(utc(2026, 1, 10, 15, 30, 0))
        );
        assert_eq!(
            daily.next_after(utc(2026, 7, 10, 12, 0, 0)),
            Some(utc(2026, 7, 10, 14, 30, 0))
        );
    }

    #[test]
    fn six_fields_have_seconds_and_next_is_strictly_later() {
        let every_second = CronSchedule::parse("* * * * * *", "UTC").unwrap();
        assert_eq!(
            every_second.next_after(utc(2026, 1, 1, 0, 0, 0)),
            Some(utc(2026, 1, 1, 0, 0, 1))
        );
    }

    #[test]
    fn weekdays_skip_the_weekend() {
        let weekdays = CronSchedule::parse("0 8 * * Mon-Fri", "America/New_York").unwrap();
        // Saturday 2026-11-21 -> Monday 2026-11-23 08:00 EST = 13:00 UTC.
        assert_eq!(
            weekdays.next_after(utc(2026, 11, 21, 12, 0, 0)),
            Some(utc(2026, 11, 23, 13, 0, 0))
        );
    }

    #[test]
    fn bad_expressions_and_zones_say_what_is_wrong() {
        for (expression, zone, expected) in [
            ("every day", "UTC", "not a cron expression"),
            ("61 * * * *", "UTC", "invalid cron expression"),
            ("0 9 * * *", "Mars/Olympus", "unknown time zone"),
        ] {
            let error = CronSchedule::parse(expression, zone)
                .unwrap_err()
                .to_string();
            assert!(
                error.contains(expected) && error.starts_with("Unable to create scheduler"),
                "{error}"
            );
        }
    }
}
