//! The messages area's request bodies and answers: message instances, assistant views, the
//! outbox and intent details.

use super::*;

/// A message as the conversation screens show it (spec section 3, "Message instance").
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct MessageView {
    pub id: i64,
    pub jaguar_future_service_interaction_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub store_id: i64,
    pub content: String,
    pub translation_content: Option<String>,
    pub created_on: DateTime<Utc>,
    pub timestamp: DateTime<Utc>,
    pub from: Option<String>,
    pub from_name: Option<String>,
    pub to: Option<String>,
    pub to_name: Option<String>,
    pub subject: Option<String>,
    /// SEND, SENT or RECEIVED.
    pub direction: String,
    /// SMS, EMAIL, CALENDAR_INVITE, INTERNAL or INTERNAL_NOTES.
    pub message_type: String,
    pub notification_type: String,
    /// The provider's delivery status (queued, sent, delivered, failed, …) or RESTRICTED.
    pub message_status: String,
    /// The provider's error text, when delivery failed.
    pub errors: Option<String>,
    pub error_code: Option<String>,
    pub archived: bool,
    pub media_urls: Vec<String>,
    pub url: Option<String>,
    pub message_sent_by: Option<String>,
    pub user_color_code: Option<String>,
    /// Message response time in milliseconds (staff replies).
    pub message_response_time: Option<i64>,
    pub response_reqd: bool,
    pub log_mode: bool,
    pub valid_log_mode: Option<bool>,
    pub service_type: Option<String>,
    pub appointment_id: Option<i64>,
    /// Start of the event, for calendar invites, tasks and calls.
    pub start_time: Option<DateTime<Utc>>,
    /// How long a call lasted, in seconds (notification type CALL; its recording is `url`).
    pub call_duration: Option<i32>,
    pub is_automated: bool,
    /// When an automated text waits for the customer's allowed hours.
    pub scheduled_for: Option<DateTime<Utc>>,
    pub read_status: bool,
    pub sent_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
}

impl From<MessageRecord> for MessageView {
    fn from(m: MessageRecord) -> Self {
        let media_urls = m.media();
        Self {
            id: m.id,
            jaguar_future_service_interaction_id: m.fsi_id,
            customer_id: m.customer_id,
            store_id: m.store_id,
            content: m.content,
            translation_content: m.translation_content,
            created_on: m.created_at,
            timestamp: m.created_at,
            from: m.from_address,
            from_name: m.from_name,
            to: m.to_address,
            to_name: m.to_name,
            subject: m.subject,
            direction: m.direction.as_str().to_owned(),
            message_type: m.message_type.as_str().to_owned(),
            notification_type: m.notification_type.as_str().to_owned(),
            message_status: m.message_status.as_str().to_owned(),
            errors: m.error_text,
            error_code: m.error_code,
            archived: m.archived,
            media_urls,
            url: m.url,
            message_sent_by: m.message_sent_by,
            user_color_code: m.user_color_code,
            message_response_time: m.message_response_time_ms,
            response_reqd: m.response_reqd,
            log_mode: m.log_mode,
            valid_log_mode: m.valid_log_mode,
            service_type: m.service_type,
            appointment_id: m.appointment_id,
            start_time: m.starts_at,
            call_duration: m.call_duration_seconds,
            is_automated: m.is_automated,
            scheduled_for: m.scheduled_for,
            read_status: m.read_at.is_some(),
            sent_at: m.sent_at,
            delivered_at: m.delivered_at,
        }
    }
}

/// The outgoing message payload of spec section 3.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OutgoingMessage {
    /// The customer's id.
    pub id: Option<i64>,
    pub jaguar_future_service_interaction_id: i64,
    pub content: Option<String>,
    /// The agent's phone; the store's assistant number is used whatever is sent.
    pub from: Option<String>,
    pub from_name: Option<String>,
    /// The customer's mobile number; defaults to the one on file.
    pub to: Option<String>,
    pub to_name: Option<String>,
    pub subject: Option<String>,
    pub title: Option<String>,
    pub read_status: Option<bool>,
    pub direction: Option<String>,
    pub appointment_id: Option<i64>,
    /// Start of the event, for calendar invites.
    pub start_time: Option<DateTime<Utc>>,
    pub message_status: Option<String>,
    pub doer_proxy_user_id: Option<i64>,
    pub media_url: Option<Vec<String>>,
    /// SMS (default), EMAIL, CALENDAR_INVITE or INTERNAL_NOTES.
    pub message_type: Option<String>,
    pub notification_type: Option<String>,
    pub is_log_mode_to_be_sent: Option<bool>,
    pub track: Option<String>,
    pub enterprise_id: Option<i64>,
    pub store_id: Option<i64>,
    pub status_code: Option<String>,
}

/// Read acknowledgement; both spellings of each field are accepted.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReadAcknowledgement {
    pub future_service_interaction_id: Option<i64>,
    pub future_interaction_id: Option<i64>,
    pub last_message_id: Option<i64>,
    pub last_read_message_instance_id: Option<i64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReadResult {
    pub future_service_interaction_id: i64,
    pub total_unread_count: i32,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UnreadCountView {
    /// The group: a service type, a store id, a repair-order status, or APPOINTMENT_SET /
    /// NO_APPOINTMENT.
    pub key: Option<String>,
    pub unread_count: i64,
    pub lead_count: i64,
}

impl From<UnreadCount> for UnreadCountView {
    fn from(c: UnreadCount) -> Self {
        Self {
            key: c.key,
            unread_count: c.unread,
            lead_count: c.leads,
        }
    }
}

/// A phone call to log on a lead's conversation.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CallLogBody {
    pub future_service_interaction_id: i64,
    /// INBOUND (the customer called) or OUTBOUND (the store called).
    pub direction: String,
    pub start_time: DateTime<Utc>,
    pub duration_seconds: i32,
    /// The recording: an http(s) address, or the `url` `/api/uploadFile` answered.
    pub recording_url: Option<String>,
    /// How it ended (VOICEMAIL_LEFT makes it a voicemail card); answered when not said.
    pub outcome: Option<crate::closed::Closed<engine::domain::messages::CallOutcome>>,
    /// What was said.
    #[oai(validator(max_length = 4000))]
    pub notes: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ResponseTimeUpdate {
    /// The staff message.
    pub id: i64,
    /// When it was really answered, `DD-MM-YYYY HH:mm:ss` (UTC).
    pub msg_date_time: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ResponseReqdUpdate {
    /// The message; the lead follows it.
    pub message_instance_id: i64,
    pub response_reqd: bool,
    /// CUSTOMER (a customer message waits for staff) or INTERNAL_NOTE (a note waits for a
    /// manager); default CUSTOMER.
    #[oai(rename = "type")]
    pub response_type: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct PreStatus {
    pub message_instance_id: i64,
    pub response_reqd: bool,
    pub lead_response_reqd: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LogModeValidity {
    /// The chat box the control sits in (ignored by the server).
    pub chat_box_id: Option<String>,
    pub message_id: i64,
    pub is_valid: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LogMessagesQuery {
    pub store_id: Option<i64>,
    /// VALID, INVALID or PENDING; all when absent.
    pub validity: Option<String>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MessagePage {
    pub content: Vec<MessageView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

impl From<Page<MessageRecord>> for MessagePage {
    fn from(p: Page<MessageRecord>) -> Self {
        Self {
            content: p.content.into_iter().map(MessageView::from).collect(),
            page: p.page,
            size: p.size,
            total_elements: p.total_elements,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AssistantView {
    pub id: i64,
    pub boc_id_pk: i64,
    pub store_id_pk: i64,
    pub division_id: String,
    pub agent_phone_number: Option<String>,
    pub agent_first_name: String,
    pub agent_last_name: String,
    pub email: Option<String>,
    pub initializer_process_enabled: bool,
    /// Off: the store gets no automated replies.
    pub is_active: bool,
}

impl From<AssistantRecord> for AssistantView {
    fn from(a: AssistantRecord) -> Self {
        Self {
            id: a.id,
            boc_id_pk: a.boc_id,
            store_id_pk: a.store_id,
            division_id: a.division_code,
            agent_phone_number: a.agent_phone_number,
            agent_first_name: a.agent_first_name,
            agent_last_name: a.agent_last_name,
            email: a.email,
            initializer_process_enabled: a.initializer_process_enabled,
            is_active: a.is_active,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct OutboxEmailView {
    pub id: i64,
    /// The customer's message it carried; none for a scheduled report's mail.
    pub message_id: Option<i64>,
    pub to: String,
    pub from: String,
    pub subject: String,
    /// stored (no SMTP configured), sent or failed.
    pub status: String,
    pub error: Option<String>,
    /// The message exactly as sent (RFC 5322).
    pub mime: String,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<OutboxEmail> for OutboxEmailView {
    fn from(e: OutboxEmail) -> Self {
        Self {
            id: e.id,
            message_id: e.message_id,
            to: e.to_address,
            from: e.from_address,
            subject: e.subject,
            status: e.status,
            error: e.error,
            mime: e.mime,
            created_at: e.created_at,
            sent_at: e.sent_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OutboxPage {
    pub content: Vec<OutboxEmailView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// The words behind an intent, under the name the spec's screens read.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SymLogs {
    pub input_str_list_before_preprocessor: Vec<String>,
}

/// One intent the assistant considered.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct IntentDetail {
    pub intent_name: String,
    pub confidence: f64,
    /// Whether it is among the final intents (the others were matched, then set aside by the
    /// label rules).
    pub is_final: bool,
    pub sym_logs: SymLogs,
}

/// The appointment time a reply asks for, as local wall-clock time in the store's zone.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RequestedTimeView {
    pub start: String,
    pub grain: String,
    pub end: Option<String>,
}

/// The spec's intent details response.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct IntentDetails {
    pub message_id: i64,
    pub future_service_interaction_id: i64,
    pub understood: bool,
    pub intents: Vec<IntentDetail>,
    pub final_intent_names: Vec<String>,
    /// The final intents when the reply carries more than one, else empty.
    pub multi_intent_names: Vec<String>,
    pub requested_time: Option<RequestedTimeView>,
    pub response_insight: Option<String>,
    pub carrier_keyword: Option<String>,
    pub understood_at: Option<DateTime<Utc>>,
}

impl IntentDetails {
    pub(super) fn new(message_id: i64, fsi_id: i64, stored: Option<MessageUnderstanding>) -> Self {
        let Some(stored) = stored else {
            return IntentDetails {
                message_id,
                future_service_interaction_id: fsi_id,
                understood: false,
                intents: Vec::new(),
                final_intent_names: Vec::new(),
                multi_intent_names: Vec::new(),
                requested_time: None,
                response_insight: None,
                carrier_keyword: None,
                understood_at: None,
            };
        };
        let names = |keep: fn(&StoredIntent) -> bool| {
            stored
                .intents
                .iter()
                .filter(|i| keep(i))
                .map(|i| i.intent_name.clone())
                .collect::<Vec<_>>()
        };
        let final_intent_names = names(|i| i.is_final);
        let multi_intent_names = names(|i| i.is_final && i.is_multi);
        let summary = stored.summary;
        IntentDetails {
            message_id,
            future_service_interaction_id: fsi_id,
            understood: true,
            intents: stored
                .intents
                .into_iter()
                .map(|i| IntentDetail {
                    intent_name: i.intent_name,
                    confidence: i.confidence,
                    is_final: i.is_final,
                    sym_logs: SymLogs {
                        input_str_list_before_preprocessor: i.evidence.into_iter().collect(),
                    },
                })
                .collect(),
            final_intent_names,
            multi_intent_names,
            requested_time: match (summary.requested_start, summary.requested_grain) {
                (Some(start), Some(grain)) => Some(RequestedTimeView {
                    start,
                    grain,
                    end: summary.requested_end,
                }),
                _ => None,
            },
            response_insight: summary.response_insight,
            carrier_keyword: summary.carrier_keyword,
            understood_at: Some(summary.understood_at),
        }
    }
}
