//! Validated values and the closed sets of the specification.

pub mod cron;
pub mod formats;
pub mod jobs;
pub mod leads;
pub mod messages;
pub mod phone;
pub mod roles;

pub use jobs::{JobStatus, LogLevel};
pub use phone::PhoneNumber;
pub use roles::{EmpLevel, Role};
