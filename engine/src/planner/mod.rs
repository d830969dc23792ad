//! Predictive planners: which vehicles are due for which service, turned into leads.
//! `model` holds the prediction rules (pure); `store` reads vehicles and writes leads and audits.
//! The rules are written down in docs/planners.md.

pub mod model;
#[cfg(test)]
mod tests;
mod transfer;

pub use model::{DayRange, Due, Exclusion, Planner, VehicleFacts, Window, due, evaluate};
pub use transfer::{PLANNER_ROLES, PlannerTransferInput};
