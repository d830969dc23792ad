//! Bayline's storage: the database (SQLite or PostgreSQL) and its migrations, one store per
//! aggregate that owns its tables' writes, and who is calling (sessions, scope). It sends
//! nothing, starts no job and calls no area (decision 0014): the areas in `engine` sit above
//! it, the crates of pure rules beneath it, and the engine re-exports it as `engine::store`,
//! `engine::db` and `engine::auth`.

// The paths storage was written against while it lived in the engine.
use ::domain;
use ::domain::error;
use ::planner;

pub mod auth;
pub mod db;
pub mod store;

pub use db::{BackendKind, Database, DatabaseUrl, Transaction};
