//! The job kinds Bayline ships, one file each.

mod line_types;
mod noop;
mod prune_sessions;
mod send_message;

use std::sync::Arc;

use engine::messaging::MessagingSettings;

use crate::registry::JobKind;

pub use line_types::LineTypes;
pub use noop::Noop;
pub use prune_sessions::PruneSessions;
pub use send_message::SendMessage;

pub fn all(messaging: &MessagingSettings) -> Vec<Arc<dyn JobKind>> {
    vec![
        Arc::new(LineTypes::new(messaging.clone())),
        Arc::new(Noop),
        Arc::new(PruneSessions),
        Arc::new(SendMessage::new(messaging.clone())),
    ]
}
