//! Messaging: the send rules of spec section 5, the outbound pipeline through a store's gateway,
//! incoming texts and provider status callbacks, opt-out and allowed hours.

pub mod bandwidth_callbacks;
pub mod email;
pub mod gateway;
pub mod gateway_hosts;
pub mod ics;
pub mod jobs;
pub mod links;
pub mod mailgun;
pub mod quiet_hours;
pub mod secrets;
mod service;
pub mod signature;
pub mod twilio_chat;
pub use wording::text;

pub use jobs::{LineTypesInput, SendMessageInput, SendMessagesInput, UnderstandReplyInput};
pub(crate) use service::allowed_hours_opening;
pub use service::dialogue::{
    DateTimeDialogueRequest, DialogueStarted, IntentActed, IntentActionRequest,
};
pub use service::{
    AutomatedText, CallLog, Delivery, InboundEmail, InboundOutcome, MessagingService,
    MessagingSettings, NOTE_UNDO_WINDOW, Notice, Opened, Opening, SendRequest, StaffEmail,
    TrackRequest, WebhookCredential, WebhookRequest, call_summary,
};

/// Where providers post incoming texts and status changes (relative to the public URL).
pub const INBOUND_PATH: &str = "/api/sms/twilio/inbound";
pub const STATUS_PATH: &str = "/api/sms/twilio/status";
