//! The job kinds Bayline ships, one file each.

mod line_types;
mod noop;
mod planner_transfer;
mod prune_sessions;
mod send_message;
mod understand_reply;

use std::sync::Arc;

use engine::messaging::MessagingSettings;
use serde_json::{Value as Json, json};

use crate::registry::{JobError, JobKind};

pub use line_types::LineTypes;
pub use noop::Noop;
pub use planner_transfer::{NO_RECORDS, PlannerTransfer};
pub use prune_sessions::PruneSessions;
pub use send_message::SendMessage;
pub use understand_reply::UnderstandReply;

pub fn all(messaging: &MessagingSettings) -> Vec<Arc<dyn JobKind>> {
    vec![
        Arc::new(LineTypes::new(messaging.clone())),
        Arc::new(Noop),
        Arc::new(PlannerTransfer),
        Arc::new(PruneSessions),
        Arc::new(SendMessage::new(messaging.clone())),
        Arc::new(UnderstandReply::new(messaging.clone())),
    ]
}

/// The input of kinds that act on one message: `{"messageId": a positive number}`.
fn validate_message_id(input: &Json) -> Result<Json, String> {
    match input.get("messageId").and_then(Json::as_i64) {
        Some(id) if id > 0 => Ok(json!({ "messageId": id })),
        _ => Err("messageId (a positive number) is required".to_owned()),
    }
}

fn message_id(input: &Json) -> Result<i64, JobError> {
    input
        .get("messageId")
        .and_then(Json::as_i64)
        .ok_or_else(|| JobError::Permanent("messageId is missing".to_owned()))
}
