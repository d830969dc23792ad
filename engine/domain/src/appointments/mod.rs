//! Service appointments' rules (spec B; decisions in docs/decisions/0008-appointments.md): the
//! status set and its moves, a store's opening hours in its time zone, 15-minute slots, and
//! each advisor taking one appointment per slot. The booking itself (which advisor, what is
//! free) is the engine's `appointments::service`, which re-exports these.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

use crate::error::{Error, Result};
use crate::formats::DayLimit;
use crate::roles::closed_set;

/// Appointments start on a quarter hour and take their advisor's quarter hour.
pub const SLOT_MINUTES: u32 = 15;
/// The most days one availability answer covers.
pub const MAX_AVAILABILITY_DAYS: u32 = 31;

/// The most days one search of a store's appointments by date covers.
pub const APPOINTMENT_SEARCH_RANGE: DayLimit = DayLimit {
    days: 92,
    what: "A search",
};

closed_set! {
    /// Where an appointment is in its day (the spec gives no set: B ambiguity 1).
    AppointmentStatus {
        Scheduled => "SCHEDULED",
        Confirmed => "CONFIRMED",
        CheckedIn => "CHECKED_IN",
        InService => "IN_SERVICE",
        Completed => "COMPLETED",
        NoShow => "NO_SHOW",
        Cancelled => "CANCELLED",
    }
}

impl AppointmentStatus {
    /// A status as stored, including the words dealer systems deliver ("BOOKED", "ARRIVED"…);
    /// anything else reads as scheduled.
    pub fn from_stored(text: &str) -> Self {
        let word: String = text
            .trim()
            .to_ascii_uppercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        match word.as_str() {
            "CONFIRMED" => Self::Confirmed,
            "CHECKED_IN" | "CHECKEDIN" | "ARRIVED" | "SHOW" => Self::CheckedIn,
            "IN_SERVICE" | "IN_PROGRESS" | "WORKING" => Self::InService,
            "COMPLETED" | "COMPLETE" | "CLOSED" | "DONE" => Self::Completed,
            "NO_SHOW" | "NOSHOW" | "MISSED" => Self::NoShow,
            "CANCELLED" | "CANCELED" | "CANCEL" => Self::Cancelled,
            _ => Self::Scheduled,
        }
    }

    /// Whether an appointment in this status keeps its advisor's slot.
    pub fn holds_slot(self) -> bool {
        matches!(
            self,
            Self::Scheduled | Self::Confirmed | Self::CheckedIn | Self::InService
        )
    }

    /// The statuses an appointment may move to from this one.
    pub fn next(self) -> &'static [AppointmentStatus] {
        use AppointmentStatus::*;
        match self {
            Scheduled => &[Confirmed, CheckedIn, NoShow, Cancelled],
            Confirmed => &[CheckedIn, NoShow, Cancelled],
            CheckedIn => &[InService, Completed, Cancelled],
            InService => &[Completed],
            Completed | NoShow | Cancelled => &[],
        }
    }

    /// Refuses a move the status set does not allow, saying which moves there are.
    pub fn check_move(self, to: AppointmentStatus) -> Result<()> {
        if self.next().contains(&to) {
            return Ok(());
        }
        let allowed = match self.next() {
            [] => "none: it is final".to_owned(),
            next => next
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        };
        Err(Error::invalid(format!(
            "A {} appointment cannot become {}; it can become {allowed}",
            self.as_str(),
            to.as_str()
        )))
    }
}

/// When a store takes appointments on one weekday, in its own time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningHours {
    pub opens: NaiveTime,
    pub closes: NaiveTime,
}

/// A store's opening hours, Monday first; `None` is closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeekHours(pub [Option<OpeningHours>; 7]);

fn hm(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).expect("a time of day")
}

impl Default for WeekHours {
    /// A service department's usual week: weekdays 7:00 AM–6:00 PM, Saturdays 8:00 AM–1:00 PM,
    /// closed on Sundays.
    fn default() -> Self {
        let weekday = Some(OpeningHours {
            opens: hm(7, 0),
            closes: hm(18, 0),
        });
        let saturday = Some(OpeningHours {
            opens: hm(8, 0),
            closes: hm(13, 0),
        });
        Self([weekday, weekday, weekday, weekday, weekday, saturday, None])
    }
}

impl WeekHours {
    /// The default week with the store's own rows (ISO weekday 1–7, "HH:MM" times) over it.
    /// A row that does not read is ignored (the default stands).
    pub fn with_rows(rows: &[(i32, String, String)]) -> Self {
        let mut week = Self::default();
        for (weekday, opens, closes) in rows {
            let (Ok(opens), Ok(closes)) = (
                NaiveTime::parse_from_str(opens, "%H:%M"),
                NaiveTime::parse_from_str(closes, "%H:%M"),
            ) else {
                continue;
            };
            if let Some(day) = usize::try_from(*weekday - 1).ok().filter(|d| *d < 7) {
                week.0[day] = (opens < closes).then_some(OpeningHours { opens, closes });
            }
        }
        week
    }

    pub fn on(&self, date: NaiveDate) -> Option<OpeningHours> {
        self.0[date.weekday().num_days_from_monday() as usize]
    }
}

/// The quarter hours a store takes appointments at on `date`: each local start time with its
/// instant. The last starts a quarter hour before closing; times a daylight-saving change
/// skips are left out.
pub fn slots_of_day(
    date: NaiveDate,
    hours: &WeekHours,
    zone: Tz,
) -> Vec<(NaiveTime, DateTime<Utc>)> {
    let Some(open) = hours.on(date) else {
        return Vec::new();
    };
    let mut slots = Vec::new();
    let mut time = open.opens;
    while time < open.closes {
        if let Some(at) = zone.from_local_datetime(&date.and_time(time)).earliest() {
            slots.push((time, at.with_timezone(&Utc)));
        }
        let (next, wrapped) =
            time.overflowing_add_signed(chrono::Duration::minutes(SLOT_MINUTES.into()));
        if wrapped != 0 {
            break;
        }
        time = next;
    }
    slots
}

/// An appointment time as the editor writes it: 12-hour `h:mm a` ("9:30 AM", "9:30am") or
/// 24-hour `HH:mm`, on a quarter hour.
pub fn parse_appointment_time(text: &str) -> Result<NaiveTime> {
    let cleaned = text.trim().to_ascii_uppercase().replace('.', "");
    let cleaned = cleaned
        .strip_suffix("AM")
        .map(|t| format!("{} AM", t.trim()))
        .or_else(|| {
            cleaned
                .strip_suffix("PM")
                .map(|t| format!("{} PM", t.trim()))
        })
        .unwrap_or(cleaned.clone());
    let time = NaiveTime::parse_from_str(&cleaned, "%I:%M %p")
        .or_else(|_| NaiveTime::parse_from_str(&cleaned, "%H:%M"))
        .map_err(|_| {
            Error::invalid(format!(
                "inpTime '{text}' is not a time (write it as 9:30 AM or 09:30)"
            ))
        })?;
    if time.minute() % SLOT_MINUTES != 0 || time.second() != 0 {
        return Err(Error::invalid(format!(
            "inpTime '{text}' is not on a quarter hour: appointments start at :00, :15, :30 or :45"
        )));
    }
    Ok(time)
}

/// The spec's appointment time display, `h:mm a` ("9:30 AM").
pub fn display_time(time: NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

/// A date as customers and staff read it in messages: `Saturday, March 14`.
pub fn display_day(date: NaiveDate) -> String {
    date.format("%A, %B %-d").to_string()
}

/// How staff see an advisor everywhere: first and last name, or "Advisor <number>" when the
/// dealer system gave no name.
pub fn advisor_name(first_name: &str, last_name: &str, advisor_no: &str) -> String {
    let name = format!("{} {}", first_name.trim(), last_name.trim());
    let name = name.trim();
    if name.is_empty() {
        format!("Advisor {}", advisor_no.trim())
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests;
