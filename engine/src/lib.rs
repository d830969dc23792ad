//! Bayline's areas (messaging, outreach, the assistant's actions, imports, appointments, the
//! lane, administration, the public face) over storage, for both SQLite and PostgreSQL. It
//! knows nothing of HTTP or queues; `web-api` and `jobs` call into it.

// The crates beneath the areas (decision 0014), under the names the areas have always used.
pub use ::domain;
pub use ::domain::error;
pub use ::planner;
pub use ::storage::{auth, db, store};

pub mod admin;
pub mod appointments;
pub mod assistant;
pub mod imports;
pub mod lane;
pub mod messaging;
pub mod outreach;
pub mod public;
pub mod templates;

pub use db::{BackendKind, Database, DatabaseUrl, Transaction};
pub use error::{Error, Result};

#[cfg(test)]
mod area_graph;
