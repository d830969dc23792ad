//! The job kinds Bayline ships, one file each.

mod noop;
mod prune_sessions;

use std::sync::Arc;

use crate::registry::JobKind;

pub use noop::Noop;
pub use prune_sessions::PruneSessions;

pub fn all() -> Vec<Arc<dyn JobKind>> {
    vec![Arc::new(Noop), Arc::new(PruneSessions)]
}
