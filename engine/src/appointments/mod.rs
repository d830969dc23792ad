//! Service appointments (spec B; decisions in docs/decisions/0008-appointments.md): the rules
//! (statuses and their moves, opening hours, slots) are `domain::appointments`, re-exported
//! here; the booking rules themselves (which advisor, what is free) are
//! [`service::AppointmentService`].

pub mod service;
pub mod writeback;

pub use domain::appointments::*;
