//! The messaging service: the send rules and the pipeline around a lead's conversation. Its
//! parts: `outbound` (what staff and the assistant send), `delivery` (gateways, mail and
//! provider callbacks), `inbound` (customer texts and opt-outs) and `dialogue` (the date-time
//! dialogue and intent actions); the types and helpers they share are here.

mod delivery;
pub mod dialogue;
mod inbound;
mod outbound;

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use rand::Rng;

use super::email::{self, Email, Mailer};
use super::gateway::{Gateway, GatewayConfig, GatewayError, LineType, OutboundSms};
use super::ics::{self, Invite};
use super::quiet_hours::AllowedHours;
use super::text::{SMS_MAX_CHARS, html_to_sms_text};
use super::{STATUS_PATH, signature};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::PhoneNumber;
use crate::domain::formats::parse_time_zone;
use crate::domain::leads::{InboundAppointment, LeadStage, WorkflowTrack};
use crate::domain::messages::{
    CallOutcome, ComplianceKeyword, DeliveryStatus, Direction, MessageType, NotificationType,
    UNSUBSCRIBED_RECIPIENT,
};
use crate::error::{Error, Result};
use crate::store::customers::CustomerStore;
use crate::store::follow_ups::{FollowUpStore, NextStep};
use crate::store::leads::{LeadFlag, LeadRecord, LeadStore};
use crate::store::messages::{MessageRecord, MessageStore, NewMessage};
use crate::store::recipients::{Recipient, RecipientStore};
use crate::store::settings::{AssistantRecord, SettingsStore};
use crate::store::understandings::UnderstandingStore;
use understanding::{self, Intent, Understanding};
use wording::cadence::{CadenceStop, FollowUpStep};

/// What the process knows about its surroundings.
#[derive(Debug, Clone)]
pub struct MessagingSettings {
    /// The address providers reach this installation at (`BAYLINE_PUBLIC_URL`), for status
    /// callbacks and media links. Without it Twilio is not asked for status callbacks.
    pub public_url: Option<String>,
    pub mailer: Mailer,
    /// Seals provider secrets at rest (`BAYLINE_SECRET_KEY`).
    pub secret_key: crate::messaging::secrets::SecretKey,
    /// Gateway API addresses the operator allows besides the providers' own
    /// (`BAYLINE_GATEWAY_HOSTS_ALLOWED`).
    pub gateway_hosts: crate::messaging::gateway_hosts::GatewayHosts,
    /// The inbound-mail provider's webhook signing key (`BAYLINE_INBOUND_MAIL_KEY`); without
    /// one, inbound e-mail is refused.
    pub inbound_mail_key: Option<String>,
}

const OPTED_OUT_CONFIRMATION: &str =
    "You have been unsubscribed and will receive no more messages. Reply START to resubscribe.";

/// What reading a customer's text did.
#[derive(Debug)]
pub struct UnderstandOutcome {
    pub understanding: Understanding,
    pub notices: Vec<Notice>,
    /// The opt-out confirmation, when the text opted out in its own words.
    pub replies: Vec<MessageRecord>,
    /// Whether this was the message's first reading (a re-reading acts on nothing).
    pub first_reading: bool,
}

/// Something the realtime stream should tell about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    MessageCreated {
        id: i64,
        enterprise_id: i64,
    },
    MessageStatus {
        id: i64,
        enterprise_id: i64,
    },
    LeadCounts {
        id: i64,
        enterprise_id: i64,
    },
    /// A lead's appointment was booked (the spec's APPOINTMENT_BOOKED): its counters, flag
    /// and insight.
    AppointmentBooked {
        id: i64,
        enterprise_id: i64,
    },
    /// The assistant handed a conversation to staff: `id` is the handoff's note in the
    /// conversation, `title` the spec's card title (GM HANDOFF, MD HANDOFF, Customer HANDOFF).
    Handoff {
        id: i64,
        enterprise_id: i64,
        title: &'static str,
    },
    /// A repair order moved to another lane of the service-lane board (`id` is the order).
    RepairOrderMoved {
        id: i64,
        enterprise_id: i64,
    },
}

/// What staff send from a conversation (the spec's outgoing message payload).
#[derive(Debug, Clone, Default)]
pub struct SendRequest {
    pub fsi_id: i64,
    pub customer_id: Option<i64>,
    pub message_type: Option<String>,
    pub notification_type: Option<String>,
    pub content: Option<String>,
    pub subject: Option<String>,
    pub title: Option<String>,
    pub to: Option<String>,
    pub to_name: Option<String>,
    pub media_urls: Vec<String>,
    pub appointment_id: Option<i64>,
    pub start_time: Option<DateTime<Utc>>,
    pub is_log_mode_to_be_sent: bool,
}

/// A text the system sends on its own (assistant, follow-ups, reminders): it keeps to the
/// recipient's allowed hours.
#[derive(Debug, Clone)]
pub struct AutomatedText {
    pub fsi_id: i64,
    pub content: String,
    pub sender_name: Option<String>,
}

/// A lead's opening text, its lead and customer already read.
#[derive(Debug, Clone)]
pub struct Opening<'a> {
    pub lead: &'a LeadRecord,
    pub recipient: &'a Recipient,
    /// The store's texting assistant (none: the lead cannot be texted).
    pub assistant: Option<&'a AssistantRecord>,
    pub content: String,
}

/// An opening text stored: its message, when it goes out (`None`: now) and what changed.
#[derive(Debug, Clone)]
pub struct Opened {
    pub message_id: i64,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub notices: Vec<Notice>,
}

/// An automated text to a lead's customer from the store's assistant, checked: refused for an
/// opted-out customer, a store without a texting assistant or an empty or unfilled text; held
/// until the customer's allowed hours when they are closed.
pub(crate) fn automated_text(
    lead: &LeadRecord,
    recipient: &Recipient,
    assistant: Option<&AssistantRecord>,
    content: String,
    sender_name: Option<String>,
    now: DateTime<Utc>,
) -> Result<NewMessage> {
    if recipient.block_sms {
        return Err(opted_out());
    }
    let to = normalize_phone(recipient.customer_cellular.as_deref().unwrap_or_default())?;
    let assistant = assistant
        .filter(|a| a.agent_phone_number.is_some())
        .ok_or_else(no_assistant)?;
    wording::templates::check_no_placeholders(&content)?;
    let content = html_to_sms_text(&content);
    if content.is_empty() {
        return Err(Error::invalid("Please Enter Message"));
    }
    let sender = sender_name.unwrap_or_else(|| {
        format!(
            "{} {}",
            assistant.agent_first_name, assistant.agent_last_name
        )
    });
    Ok(NewMessage {
        direction: Direction::Send,
        message_type: MessageType::Sms,
        notification_type: NotificationType::MessageToCustomer,
        content,
        from_address: assistant.agent_phone_number.clone(),
        from_name: Some(sender.clone()),
        to_address: Some(to),
        to_name: Some(recipient.customer_name()),
        status: DeliveryStatus::Queued,
        message_sent_by: Some(sender),
        is_automated: true,
        scheduled_for: allowed_hours_opening(recipient, now)?,
        ..base_message(lead.store_id, recipient, Some(lead.id))
    })
}

/// An e-mail to staff about a lead (a handoff notice).
#[derive(Debug, Clone, Copy)]
pub struct StaffEmail<'a> {
    pub to_name: &'a str,
    pub to_address: &'a str,
    pub notification_type: NotificationType,
    pub subject: &'a str,
    pub html: &'a str,
}

/// A workflow track posted on a lead.
#[derive(Debug, Clone, Copy)]
pub struct TrackRequest<'a> {
    pub fsi_id: i64,
    pub track: WorkflowTrack,
    pub parameter: Option<InboundAppointment>,
    pub intent: Option<&'a str>,
}

/// A phone call with the customer that staff log on the conversation.
#[derive(Debug, Clone)]
pub struct CallLog {
    pub fsi_id: i64,
    /// The customer called the store (rather than the store the customer).
    pub inbound: bool,
    pub started_at: DateTime<Utc>,
    pub duration_seconds: i32,
    /// The recording: an http(s) address, or a file uploaded with `/api/uploadFile`.
    pub recording_url: Option<String>,
    /// How it ended; none for a call logged without saying (an answered one).
    pub outcome: Option<CallOutcome>,
    /// What was said, for whoever picks the conversation up next.
    pub notes: Option<String>,
}

/// The longest call notes kept.
const MAX_CALL_NOTES_CHARS: usize = 2_000;

/// The longest call a log may record.
const MAX_CALL_SECONDS: i32 = 24 * 60 * 60;

/// What a conversation's send asks for: its `messageType` (SMS when absent) read together with
/// its `notificationType`, which must agree with it. `INTERNAL_NOTES` makes a note of it; a
/// customer-facing kind keeps it a message to the customer; any other kind cannot be sent from
/// a conversation and is refused rather than dropped (it would change what the send means).
fn sent_message_type(
    message_type: Option<&str>,
    notification_type: Option<&str>,
) -> Result<MessageType> {
    let named = match message_type.map(str::trim) {
        None | Some("") => None,
        Some("CALENDAR") => return Err(no_assistant()),
        Some(other) => Some(
            other
                .parse::<MessageType>()
                .map_err(|_| Error::invalid(format!("Unknown messageType {other:?}")))?,
        ),
    };
    let notification = match notification_type.map(str::trim) {
        None | Some("") => None,
        Some(other) => Some(
            other
                .parse::<NotificationType>()
                .map_err(|_| Error::invalid(format!("Unknown notificationType {other:?}")))?,
        ),
    };
    let is_note = |t: MessageType| matches!(t, MessageType::InternalNotes | MessageType::Internal);
    match (named, notification) {
        (named, None) => Ok(named.unwrap_or(MessageType::Sms)),
        (None, Some(NotificationType::InternalNotes)) => Ok(MessageType::InternalNotes),
        (Some(t), Some(NotificationType::InternalNotes)) if is_note(t) => Ok(t),
        (named, Some(NotificationType::MessageToCustomer | NotificationType::Sms))
            if !named.is_some_and(is_note) =>
        {
            Ok(named.unwrap_or(MessageType::Sms))
        }
        (Some(t), Some(NotificationType::InternalNotes | NotificationType::MessageToCustomer))
        | (Some(t), Some(NotificationType::Sms)) => Err(Error::invalid(format!(
            "notificationType {} does not go with messageType {}",
            notification
                .map(NotificationType::as_str)
                .unwrap_or_default(),
            t.as_str()
        ))),
        (_, Some(other)) => Err(Error::invalid(format!(
            "notificationType {} cannot be sent from a conversation (use INTERNAL_NOTES or MESSAGE_TO_CUSTOMER)",
            other.as_str()
        ))),
    }
}

/// A provider's form POST as received.
#[derive(Debug, Clone)]
pub struct WebhookRequest {
    /// The full URL the provider posted to, query string included.
    url: String,
    /// The form exactly as sent: the signature covers these.
    params: Vec<(String, String)>,
    /// The form as read and stored: a provider's text is kept whole but for NUL characters,
    /// which PostgreSQL text cannot hold (refusing them would make the provider retry and
    /// the customer's text be lost).
    fields: Vec<(String, String)>,
    credential: WebhookCredential,
}

/// How a provider proves a webhook is its own: Twilio signs the URL and form with the
/// account's auth token; Bandwidth sends the callback user and password of its application
/// (Basic auth), which Bandwidth stores set to the gateway's API user name and password.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookCredential {
    None,
    Signature(String),
    Basic { username: String, password: String },
}

impl WebhookCredential {
    /// The Basic credentials of an `Authorization` header, or none when it holds no readable
    /// ones.
    pub fn basic(authorization: Option<&str>) -> Self {
        use base64::Engine;
        let decoded = authorization
            .and_then(|h| h.strip_prefix("Basic "))
            .and_then(|b| {
                base64::engine::general_purpose::STANDARD
                    .decode(b.trim())
                    .ok()
            })
            .and_then(|bytes| String::from_utf8(bytes).ok());
        match decoded.as_deref().and_then(|d| d.split_once(':')) {
            Some((username, password)) => Self::Basic {
                username: username.to_owned(),
                password: password.to_owned(),
            },
            None => Self::None,
        }
    }
}

impl WebhookRequest {
    pub fn new(url: String, params: Vec<(String, String)>, signature: Option<String>) -> Self {
        let credential = signature.map_or(WebhookCredential::None, WebhookCredential::Signature);
        Self::with_credential(url, params, credential)
    }

    /// A webhook whose fields are named as Twilio names them (`To`, `From`, `Body`,
    /// `MessageSid`, `MessageStatus`, `ErrorCode` …), proven by `credential`.
    pub fn with_credential(
        url: String,
        params: Vec<(String, String)>,
        credential: WebhookCredential,
    ) -> Self {
        let fields = params
            .iter()
            .map(|(k, v)| (k.replace('\0', ""), v.replace('\0', "")))
            .collect();
        Self {
            url,
            params,
            fields,
            credential,
        }
    }

    fn param(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What handling an incoming text did.
#[derive(Debug, Clone)]
pub struct InboundOutcome {
    pub message: MessageRecord,
    /// `false` when it was a provider's retry of a text already stored.
    pub created: bool,
    pub notices: Vec<Notice>,
    /// Replies (opt-out confirmation, help text) waiting for a send job.
    pub replies: Vec<MessageRecord>,
}

/// A customer's e-mail as an inbound-mail provider forwards it (Mailgun's routes).
#[derive(Debug, Clone, Default)]
pub struct InboundEmail {
    /// The address it was sent to (the store's assistant's).
    pub recipient: String,
    /// The address it came from.
    pub sender: String,
    pub subject: Option<String>,
    /// The reply's own words, quoted text removed when the provider could.
    pub text: String,
    /// Its Message-ID: a provider's retry of the same e-mail is stored once.
    pub message_id: Option<String>,
    /// In-Reply-To, then References newest first: the messages it answers.
    pub answers: Vec<String>,
}

/// What one delivery attempt of a queued message did.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// Went out (or failed for good); tell the stream.
    Done(Vec<Notice>),
    /// Outside the recipient's allowed hours: the dispatcher sends it at `until`.
    Deferred { until: DateTime<Utc> },
    /// Not queued any more (already sent by an earlier attempt, or cancelled).
    NothingToDo,
    /// The provider could not be reached; try again later.
    Retry(String),
}

/// The default answer to HELP when a store has not written its own.
fn default_help(store: &str, phone: Option<&str>) -> String {
    match phone {
        Some(phone) => format!(
            "{store}: for help call {}. Msg&data rates may apply. Reply STOP to unsubscribe.",
            PhoneNumber::parse(phone)
                .map(|p| p.display())
                .unwrap_or_else(|_| phone.to_owned())
        ),
        None => format!("{store}: Msg&data rates may apply. Reply STOP to unsubscribe."),
    }
}

/// How long the author of an internal note may undo it (spec: the 40-second note timer).
pub const NOTE_UNDO_WINDOW: Duration = Duration::seconds(40);

const SIMULATOR_TOKEN_KEY: &str = "simulator_auth_token";
/// The Twilio media limit per message.
const MAX_MEDIA: usize = 10;

#[derive(Debug, Clone)]
pub struct MessagingService {
    messages: MessageStore,
    store_config: SettingsStore,
    recipients: RecipientStore,
    leads: LeadStore,
    understandings: UnderstandingStore,
    customers: CustomerStore,
    follow_ups: FollowUpStore,
    uploads: crate::store::uploads::UploadStore,
    settings: MessagingSettings,
    http: reqwest::Client,
}

impl MessagingService {
    pub fn new(db: Database, settings: MessagingSettings) -> Self {
        Self {
            messages: MessageStore::new(db.clone()),
            store_config: SettingsStore::new(db.clone()),
            recipients: RecipientStore::new(db.clone()),
            understandings: UnderstandingStore::new(db.clone()),
            customers: CustomerStore::new(db.clone()),
            follow_ups: FollowUpStore::new(db.clone()),
            uploads: crate::store::uploads::UploadStore::new(db.clone()),
            leads: LeadStore::new(db),
            settings,
            // A provider's API answers itself: a redirect elsewhere is not followed.
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap_or_default(),
        }
    }

    pub fn store(&self) -> &MessageStore {
        &self.messages
    }

    pub fn settings(&self) -> &MessagingSettings {
        &self.settings
    }

    /// The HTTP client gateways are called with.
    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// A lead inside the scope; elsewhere simply not found.
    async fn lead_in_scope(&self, scope: &Scope, fsi_id: i64) -> Result<LeadRecord> {
        Ok(self.leads.require(scope, fsi_id).await?.0)
    }

    /// Where texts about the lead go: its customer and store.
    async fn recipient_of(&self, lead: &LeadRecord) -> Result<Recipient> {
        self.recipients
            .recipient(lead.customer_id)
            .await?
            .ok_or_else(|| Error::not_found("Customer not found"))
    }

    fn base(&self, store_id: &i64, recipient: &Recipient, fsi_id: Option<i64>) -> NewMessage {
        base_message(*store_id, recipient, fsi_id)
    }
}

/// A message about a lead to its customer, before its kind and content are set.
fn base_message(store_id: i64, recipient: &Recipient, fsi_id: Option<i64>) -> NewMessage {
    NewMessage {
        enterprise_id: recipient.store.enterprise_id,
        store_id,
        fsi_id,
        customer_id: Some(recipient.customer_id),
        direction: Direction::Send,
        message_type: MessageType::Sms,
        notification_type: NotificationType::MessageToCustomer,
        content: String::new(),
        subject: None,
        from_address: None,
        from_name: None,
        to_address: None,
        to_name: None,
        status: DeliveryStatus::Queued,
        provider_message_id: None,
        media_urls: Vec::new(),
        url: None,
        sent_by_user_id: None,
        message_sent_by: None,
        user_color_code: None,
        service_type: None,
        appointment_id: None,
        is_automated: false,
        is_compliance: false,
        scheduled_for: None,
        starts_at: None,
        call_duration_seconds: None,
        response_time_ms: None,
        read_at: None,
    }
}

/// The simulator's signing key: random, made once per installation.
fn random_token() -> String {
    let mut rng = rand::rng();
    (0..32)
        .map(|_| char::from_digit(rng.random_range(0..16), 16).unwrap_or('0'))
        .collect()
}

fn no_assistant() -> Error {
    Error::invalid("This Division has no Assistant")
}

fn opted_out() -> Error {
    Error::invalid(
        "This customer has opted out of text messages (replied STOP); they can text START to opt back in",
    )
}

/// The spec's phone rule: digits only, `+1` in front; refused unless ten digits remain.
fn normalize_phone(raw: &str) -> Result<String> {
    Ok(PhoneNumber::parse(raw)?.as_e164().to_owned())
}

/// "OIL_CHANGE_POST_30_MONTHS" as a customer would read it: "oil change post 30 months".
/// The lead's vehicle as a customer would name it: "2021 Toyota Camry", or just the model.
fn vehicle_label(lead: &LeadRecord) -> String {
    match (&lead.vehicle_year, &lead.vehicle_make, &lead.vehicle_model) {
        (Some(year), Some(make), Some(model)) => format!("{year} {make} {model}"),
        (_, _, Some(model)) => model.clone(),
        _ => "vehicle".to_owned(),
    }
}

fn service_label(service_type: &str) -> String {
    match service_type {
        "CHECK_UP_30D" => "its 30-day check-up".to_owned(),
        "CHECK_UP" => "a check-up".to_owned(),
        "STATE_INSPECTION" => "its state inspection".to_owned(),
        "SVC_7500" => "its 7,500-mile service".to_owned(),
        other => format!("service ({})", other.to_lowercase().replace('_', " ")),
    }
}

/// A call card's text: "Outgoing call, 3m 12s" ("45s", "1h 02m 05s").
pub fn call_summary(inbound: bool, seconds: i32, outcome: Option<CallOutcome>) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let length = if h > 0 {
        format!("{h}h {m:02}m {s:02}s")
    } else if m > 0 {
        format!("{m}m {s:02}s")
    } else {
        format!("{s}s")
    };
    let way = if inbound { "Incoming" } else { "Outgoing" };
    match outcome {
        None | Some(CallOutcome::Answered) => format!("{way} call, {length}"),
        Some(outcome) => format!("{way} call, {length}, {}", outcome.label()),
    }
}

fn caller_name(caller: &Caller) -> String {
    caller.username.clone()
}

/// When an automated text to this recipient may go out: `None` for now.
pub(crate) fn allowed_hours_opening(
    recipient: &Recipient,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>> {
    let hours = AllowedHours::parse(
        &recipient.store.quiet_hours_start,
        &recipient.store.quiet_hours_end,
    )
    .unwrap_or_default();
    let zone = parse_time_zone(recipient.time_zone())
        .or_else(|_| parse_time_zone(&recipient.store.office_time_zone))?;
    Ok(hours.next_opening(now, zone))
}

fn query_param<'a>(url: &'a str, name: &str) -> Option<&'a str> {
    let query = url.split_once('?')?.1;
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// Texts for the provider error codes staff meet most, for callbacks that carry only a code.
fn provider_error_text(code: &str) -> String {
    let known: HashMap<&str, &str> = HashMap::from([
        ("21610", "Attempt to send to unsubscribed recipient"),
        ("21211", "Invalid 'To' phone number"),
        ("21614", "'To' number is not a valid mobile number"),
        ("30003", "Unreachable destination handset"),
        ("30004", "Message blocked"),
        ("30005", "Unknown destination handset"),
        ("30006", "Landline or unreachable carrier"),
        ("30007", "Message filtered by the carrier"),
        ("30008", "Unknown error"),
    ]);
    known
        .get(code)
        .map(|t| (*t).to_owned())
        .unwrap_or_else(|| format!("Provider error {code}"))
}
