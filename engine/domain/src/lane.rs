//! The service lane's rules (spec section F; decisions in docs/decisions/0010-service-lane.md):
//! the repair-order statuses and the moves between them, the eight lanes in the spec's order,
//! and who may move cards. The board itself is the engine's `lane`, which re-exports these.

use chrono::{DateTime, NaiveDate, Utc};

use crate::error::{Error, Result};
use crate::formats::DayLimit;
use crate::roles::{Role, closed_set};

closed_set! {
    /// Where a repair order is in the service lane (the dealer system's status codes).
    RoStatus {
        Unassigned => "UNASSIGNED",
        Preassigned => "PREASSIGNED",
        Assigned => "ASSIGNED",
        Hold => "HOLD",
        Complete => "COMPLETE",
        Booked => "BOOKED",
        Closed => "CLOSED",
    }
}

impl RoStatus {
    /// The statuses of an open order, in lane order.
    pub const OPEN: &'static [RoStatus] = &[
        RoStatus::Unassigned,
        RoStatus::Preassigned,
        RoStatus::Assigned,
        RoStatus::Hold,
        RoStatus::Complete,
        RoStatus::Booked,
    ];

    /// Where an order in this status may be moved. Work goes forward one step, may be put on
    /// hold and taken off it, and a step may be undone; only an order ready to post closes,
    /// and a closed order is posted in the dealer system for good.
    pub fn moves(self) -> &'static [RoStatus] {
        use RoStatus::*;
        match self {
            Unassigned => &[Preassigned, Assigned, Hold],
            Preassigned => &[Unassigned, Assigned, Hold],
            Assigned => &[Preassigned, Hold, Complete],
            Hold => &[Unassigned, Preassigned, Assigned],
            Complete => &[Assigned, Hold, Booked],
            Booked => &[Complete, Closed],
            Closed => &[],
        }
    }

    pub fn may_become(self, next: RoStatus) -> bool {
        self.moves().contains(&next)
    }

    /// The lane an order in this status shows in.
    pub fn lane(self) -> &'static Lane {
        LANES
            .iter()
            .find(|lane| lane.status == Some(self))
            .expect("every status has a lane")
    }

    /// A status as a dealer system writes it (any case, spaces around).
    pub fn from_code(code: &str) -> Result<Self> {
        code.trim().to_ascii_uppercase().parse().map_err(|_| {
            Error::invalid(format!(
                "statusCode {code:?} is not one of {}",
                RoStatus::ALL
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }
}

/// One lane of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lane {
    /// The lane's title, exactly as the spec has it.
    pub title: &'static str,
    /// The status code the spec gives it (`Appt` for appointments).
    pub code: &'static str,
    /// The key of the board's state that holds it.
    pub state_key: &'static str,
    /// The repair-order status it shows (none: the appointments lane).
    pub status: Option<RoStatus>,
}

/// The most days one list of closed orders covers.
pub const CLOSED_RO_RANGE: DayLimit = DayLimit {
    days: 92,
    what: "A closed-RO list",
};

/// The lanes, in the spec's order (Pre Invoiced before Ready To Post).
pub const LANES: [Lane; 8] = [
    Lane {
        title: "Appointments",
        code: "Appt",
        state_key: "appointments",
        status: None,
    },
    Lane {
        title: "Checked In",
        code: "UNASSIGNED",
        state_key: "checkedIn",
        status: Some(RoStatus::Unassigned),
    },
    Lane {
        title: "Technician Assigned",
        code: "PREASSIGNED",
        state_key: "techAssignedRecords",
        status: Some(RoStatus::Preassigned),
    },
    Lane {
        title: "Working",
        code: "ASSIGNED",
        state_key: "workingRos",
        status: Some(RoStatus::Assigned),
    },
    Lane {
        title: "Vehicle on Hold",
        code: "HOLD",
        state_key: "vehicleDisabled",
        status: Some(RoStatus::Hold),
    },
    Lane {
        title: "Pre Invoiced",
        code: "COMPLETE",
        state_key: "preInvoiced",
        status: Some(RoStatus::Complete),
    },
    Lane {
        title: "Ready To Post",
        code: "BOOKED",
        state_key: "readyToPost",
        status: Some(RoStatus::Booked),
    },
    Lane {
        title: "Closed ROs",
        code: "CLOSED",
        state_key: "closedRos",
        status: Some(RoStatus::Closed),
    },
];

/// Roles that move cards on the board: everyone who works the service lane. Sales reps and
/// corporate users read the board but do not run the shop floor.
pub const LANE_MOVERS: &[Role] = &[
    Role::SuperAdmin,
    Role::SuperDataAdmin,
    Role::SuperUser,
    Role::EnterpriseAdmin,
    Role::EnterpriseUser,
    Role::CorporateAdmin,
    Role::DivisionManager,
    Role::OfficeManager,
    Role::OfficeUser,
];

/// How late an open order is, by the days it has been open: GREEN on its first day, AMBER on
/// the second and third, RED after. A closed order has none.
pub fn delay_colour(status: RoStatus, days_open: i64) -> Option<&'static str> {
    if status == RoStatus::Closed {
        return None;
    }
    Some(match days_open {
        ..=0 => "GREEN",
        1..=2 => "AMBER",
        _ => "RED",
    })
}

/// The store's day now, in its office's time zone (UTC when the zone is unknown): the day
/// the board shows and a closing order's close date.
pub fn store_today(time_zone: &str, now: DateTime<Utc>) -> NaiveDate {
    match time_zone.parse::<chrono_tz::Tz>() {
        Ok(zone) => now.with_timezone(&zone).date_naive(),
        Err(_) => now.date_naive(),
    }
}

/// The message a refused move answers with, naming the lanes.
pub fn refused_move(from: RoStatus, to: RoStatus) -> Error {
    let allowed: Vec<&str> = from.moves().iter().map(|s| s.lane().title).collect();
    let hint = if allowed.is_empty() {
        "it cannot move any more".to_owned()
    } else {
        format!("it can move to {}", allowed.join(", "))
    };
    Error::invalid(format!(
        "A repair order in {} cannot move to {}: {hint}",
        from.lane().title,
        to.lane().title
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_are_in_the_spec_order_and_every_status_has_one() {
        let titles: Vec<_> = LANES.iter().map(|l| l.title).collect();
        assert_eq!(
            titles,
            [
                "Appointments",
                "Checked In",
                "Technician Assigned",
                "Working",
                "Vehicle on Hold",
                "Pre Invoiced",
                "Ready To Post",
                "Closed ROs"
            ]
        );
        for status in RoStatus::ALL {
            assert_eq!(status.lane().code, status.as_str());
        }
    }

    #[test]
    fn moves_go_forward_a_step_on_and_off_hold_and_never_out_of_closed() {
        use RoStatus::*;
        assert!(Unassigned.may_become(Preassigned));
        assert!(Assigned.may_become(Hold) && Hold.may_become(Assigned));
        assert!(Booked.may_become(Closed));
        assert!(!Unassigned.may_become(Closed));
        assert!(!Unassigned.may_become(Unassigned));
        assert!(Closed.moves().is_empty());
        for status in RoStatus::ALL {
            assert!(!status.may_become(*status));
        }
    }

    #[test]
    fn a_refused_move_names_the_lanes() {
        let message = refused_move(RoStatus::Unassigned, RoStatus::Closed).to_string();
        assert!(message.contains("Checked In"), "{message}");
        assert!(message.contains("Closed ROs"), "{message}");
        assert!(message.contains("Technician Assigned"), "{message}");
    }

    #[test]
    fn codes_parse_in_any_case_and_unknown_ones_are_named() {
        assert_eq!(RoStatus::from_code(" hold ").unwrap(), RoStatus::Hold);
        let error = RoStatus::from_code("PARKED").unwrap_err().to_string();
        assert!(
            error.contains("PARKED") && error.contains("UNASSIGNED"),
            "{error}"
        );
    }

    #[test]
    fn delay_colours_grow_with_the_days_open() {
        assert_eq!(delay_colour(RoStatus::Assigned, 0), Some("GREEN"));
        assert_eq!(delay_colour(RoStatus::Assigned, 2), Some("AMBER"));
        assert_eq!(delay_colour(RoStatus::Hold, 5), Some("RED"));
        assert_eq!(delay_colour(RoStatus::Closed, 5), None);
    }
}
