//! The service-lane board (spec section F; decisions in docs/decisions/0010-service-lane.md):
//! the repair-order statuses, their moves and the eight lanes are `domain::lane`, re-exported
//! here. The board's reads and the move itself are [`board::LaneBoard`]; pushing a move to the
//! dealer system is [`push`].

pub mod board;
pub mod push;

pub use domain::lane::*;

use crate::auth::Caller;
use crate::domain::{MANAGER_ROLES, SUPER_ROLES};

/// The spec's "privileged users", who see a card's delay colour: the managers and the super
/// roles.
pub fn sees_delay_colour(caller: &Caller) -> bool {
    caller.has_any(MANAGER_ROLES) || caller.has_any(SUPER_ROLES)
}
