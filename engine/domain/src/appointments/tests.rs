use chrono::{NaiveDate, NaiveTime, Timelike};

use super::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

#[test]
fn every_status_moves_only_where_the_day_goes() {
    use AppointmentStatus::*;
    assert!(Scheduled.check_move(Confirmed).is_ok());
    assert!(Confirmed.check_move(CheckedIn).is_ok());
    assert!(CheckedIn.check_move(InService).is_ok());
    assert!(InService.check_move(Completed).is_ok());
    assert!(Scheduled.check_move(Cancelled).is_ok());
    let error = Completed.check_move(Scheduled).unwrap_err().to_string();
    assert!(error.contains("final"), "{error}");
    let error = Scheduled.check_move(InService).unwrap_err().to_string();
    assert!(
        error.contains("CONFIRMED, CHECKED_IN, NO_SHOW, CANCELLED"),
        "{error}"
    );
    for status in AppointmentStatus::ALL {
        assert!(!status.next().contains(status), "{status} moves to itself");
        assert_eq!(
            status.holds_slot(),
            matches!(status, Scheduled | Confirmed | CheckedIn | InService)
        );
    }
    assert_eq!(AppointmentStatus::from_stored("Booked"), Scheduled);
    assert_eq!(AppointmentStatus::from_stored("no-show"), NoShow);
    assert_eq!(AppointmentStatus::from_stored("CANCELED"), Cancelled);
    assert_eq!(AppointmentStatus::from_stored("Arrived"), CheckedIn);
}

#[test]
fn times_are_quarter_hours_in_twelve_or_twenty_four_hour_form() {
    let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
    assert_eq!(parse_appointment_time("9:30 AM").unwrap(), t(9, 30));
    assert_eq!(parse_appointment_time("9:30am").unwrap(), t(9, 30));
    assert_eq!(parse_appointment_time("12:15 p.m.").unwrap(), t(12, 15));
    assert_eq!(parse_appointment_time("14:45").unwrap(), t(14, 45));
    assert!(
        parse_appointment_time("9:20 AM")
            .unwrap_err()
            .to_string()
            .contains("quarter")
    );
    assert!(parse_appointment_time("noonish").is_err());
    assert_eq!(display_time(t(14, 45)), "2:45 PM");
    assert_eq!(display_day(date(2026, 3, 14)), "Saturday, March 14");
}

#[test]
fn a_day_has_the_quarter_hours_of_its_opening_hours_in_the_stores_zone() {
    let zone: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let week = WeekHours::default();
    // A Monday: 7:00 AM to 6:00 PM is 44 quarter hours; the first is 12:00 UTC in summer.
    let monday = slots_of_day(date(2026, 7, 6), &week, zone);
    assert_eq!(monday.len(), 44);
    assert_eq!(monday[0].1.hour(), 11);
    assert_eq!(
        monday.last().unwrap().0,
        NaiveTime::from_hms_opt(17, 45, 0).unwrap()
    );
    assert_eq!(
        slots_of_day(date(2026, 7, 4), &week, zone).len(),
        20,
        "Saturday 8–1"
    );
    assert!(
        slots_of_day(date(2026, 7, 5), &week, zone).is_empty(),
        "Sunday"
    );
    // A store's own rows replace the defaults; a row that does not read is ignored.
    let own = WeekHours::with_rows(&[
        (7, "09:00".into(), "12:00".into()),
        (1, "10:00".into(), "09:00".into()),
        (2, "bad".into(), "12:00".into()),
    ]);
    assert_eq!(slots_of_day(date(2026, 7, 5), &own, zone).len(), 12);
    assert!(
        own.on(date(2026, 7, 6)).is_none(),
        "closing before opening is closed"
    );
    assert_eq!(own.on(date(2026, 7, 7)), week.on(date(2026, 7, 7)));
}

#[test]
fn an_advisor_is_called_by_name_else_by_number() {
    assert_eq!(advisor_name(" Elizabeth", "Adams ", "2"), "Elizabeth Adams");
    assert_eq!(advisor_name("", "Adams", "2"), "Adams");
    assert_eq!(advisor_name(" ", "", "A7"), "Advisor A7");
}
