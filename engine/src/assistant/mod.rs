//! The assistant acting on a reply: what the `understanding` crate reads in it (re-exported
//! here), turned into bookings, opt-outs, answers and handoffs, and the files it keeps.

pub mod files;
pub mod reply;
pub mod script;

pub use understanding::*;
