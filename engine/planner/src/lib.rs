//! Predictive planners: which vehicles are due for which service. This crate holds the
//! prediction rules and the planner job's input, pure; the engine's `store::planners` reads the
//! vehicles and writes the leads and audits (the engine re-exports this crate as
//! `engine::planner`).
//! The rules are written down in docs/planners.md.

pub mod model;
#[cfg(test)]
mod tests;
mod transfer;

pub use model::{DayRange, Due, Exclusion, Planner, VehicleFacts, Window, due, evaluate};
pub use transfer::{PLANNER_ROLES, PlannerTransferInput};
