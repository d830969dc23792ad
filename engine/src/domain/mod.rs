//! Validated values and the closed sets of the specification.

pub mod cron;
pub mod formats;
pub mod jobs;
pub mod leads;
pub mod messages;
pub mod phone;
pub mod roles;
pub mod spreadsheet;

pub use jobs::{JobInput, JobStatus, LogLevel, NoopInput, PruneSessionsInput, parse_job_input};
pub use phone::PhoneNumber;
pub use roles::{EmpLevel, MANAGER_ROLES, Role, SEES_ARCHIVED, SUPER_ROLES};
