//! Bayline's web layer: the HTTP API, its errors and auth, and the server that also serves the UI.

pub mod app;
pub mod auth;
pub mod closed;
pub mod config;
pub mod drain;
pub mod error;
pub mod guard;
pub mod metrics;
pub mod openapi;
pub mod routes;
pub mod serve;
pub mod state;
