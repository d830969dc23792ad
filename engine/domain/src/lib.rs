//! Bayline's domain: validated values, the closed sets of the specification and the one error
//! type. It knows no database, no HTTP and no queue (its error only carries sqlx's, so storage
//! can pass one through), and it is the bottom of the engine's crates (decision 0014):
//! the engine re-exports it as `engine::domain` and its error as `engine::error`.

pub mod appointments;
pub mod cron;
pub mod error;
pub mod formats;
pub mod jobs;
pub mod lane;
pub mod leads;
pub mod messages;
pub mod phone;
pub mod roles;
pub mod spreadsheet;

pub use jobs::{
    JobAction, JobInput, JobKindName, JobStatus, LogLevel, NoopInput, ProgressUnit,
    PruneSessionsInput, job_actions, parse_job_input,
};
pub use phone::PhoneNumber;
pub use roles::{EmpLevel, MANAGER_ROLES, Role, SEES_ARCHIVED, SUPER_ROLES};

pub use error::{Error, Result};
