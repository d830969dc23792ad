pub mod dialogue;

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use rand::Rng;

use super::email::{self, Email, Mailer};
use super::gateway::{Gateway, GatewayConfig, GatewayError, LineType, OutboundSms};
use super::ics::{self, Invite};
use super::quiet_hours::AllowedHours;
use super::text::{SMS_MAX_CHARS, html_to_sms_text};
use super::{STATUS_PATH, signature};
use crate::assistant::{self, Intent, Understanding};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::PhoneNumber;
use crate::domain::formats::parse_time_zone;
use crate::domain::leads::{InboundAppointment, LeadStage, WorkflowTrack};
use crate::domain::messages::{
    ComplianceKeyword, DeliveryStatus, Direction, MessageType, NotificationType,
    UNSUBSCRIBED_RECIPIENT,
};
use crate::error::{Error, Result};
use crate::store::customers::CustomerStore;
use crate::store::leads::{LeadFlag, LeadRecord, LeadStore};
use crate::store::messages::{MessageRecord, MessageStore, NewMessage};
use crate::store::recipients::{Recipient, RecipientStore};
use crate::store::settings::SettingsStore;
use crate::store::understandings::UnderstandingStore;

/// What the process knows about its surroundings.
#[derive(Debug, Clone)]
pub struct MessagingSettings {
    /// The address providers reach this installation at (`BAYLINE_PUBLIC_URL`), for status
    /// callbacks and media links. Without it Twilio is not asked for status callbacks.
    pub public_url: Option<String>,
    pub mailer: Mailer,
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
}

/// Something the realtime stream should tell about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    MessageCreated { id: i64, enterprise_id: i64 },
    MessageStatus { id: i64, enterprise_id: i64 },
    LeadCounts { id: i64, enterprise_id: i64 },
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
}

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
    signature: Option<String>,
}

impl WebhookRequest {
    pub fn new(url: String, params: Vec<(String, String)>, signature: Option<String>) -> Self {
        let fields = params
            .iter()
            .map(|(k, v)| (k.replace('\0', ""), v.replace('\0', "")))
            .collect();
        Self {
            url,
            params,
            fields,
            signature,
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
            leads: LeadStore::new(db),
            settings,
            http: reqwest::Client::new(),
        }
    }

    pub fn store(&self) -> &MessageStore {
        &self.messages
    }

    pub fn settings(&self) -> &MessagingSettings {
        &self.settings
    }

    /// Checks a staff message against the send rules and stores it queued (notes are stored
    /// as they are). The caller starts its send job.
    pub async fn submit(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: SendRequest,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let lead = self.lead_in_scope(scope, request.fsi_id).await?;
        if request.customer_id.is_some_and(|id| id != lead.customer_id) {
            return Err(Error::invalid(
                "The customer id does not belong to this lead",
            ));
        }
        let message_type = sent_message_type(
            request.message_type.as_deref(),
            request.notification_type.as_deref(),
        )?;
        let content = request.content.clone().unwrap_or_default();
        let subject = request
            .subject
            .clone()
            .or_else(|| request.title.clone())
            .unwrap_or_default();
        match message_type {
            MessageType::Email | MessageType::CalendarInvite if subject.trim().is_empty() => {
                return Err(Error::invalid("Please Enter Subject"));
            }
            _ if content.trim().is_empty() => return Err(Error::invalid("Please Enter Message")),
            _ => {}
        }
        let recipient = self.recipient_of(&lead).await?;
        let sender = caller_name(caller);
        let color = None;

        if message_type == MessageType::InternalNotes || message_type == MessageType::Internal {
            caller.require_any(crate::domain::SUPER_ROLES)?;
            let note = NewMessage {
                direction: Direction::Sent,
                message_type: MessageType::InternalNotes,
                notification_type: NotificationType::InternalNotes,
                content: content.trim().to_owned(),
                status: DeliveryStatus::Stored,
                from_name: Some(sender.clone()),
                message_sent_by: Some(sender),
                sent_by_user_id: Some(caller.user_id),
                ..self.base(&lead.store_id, &recipient, Some(lead.id))
            };
            let note = self.messages.insert(&note, now).await?;
            self.messages
                .record_outbound_on_lead(lead.id, &note.content, true, now)
                .await?;
            return Ok((
                note.clone(),
                vec![Notice::MessageCreated {
                    id: note.id,
                    enterprise_id: note.enterprise_id,
                }],
            ));
        }

        let assistant = self
            .store_config
            .assistants(scope, None, Some(lead.store_id), Some("DIV004"))
            .await?
            .into_iter()
            .find(|a| {
                a.agent_phone_number
                    .as_deref()
                    .is_some_and(|p| !p.trim().is_empty())
            })
            .ok_or_else(no_assistant)?;
        let assistant_phone = assistant.agent_phone_number.clone().unwrap_or_default();
        let assistant_name = format!(
            "{} {}",
            assistant.agent_first_name, assistant.agent_last_name
        );
        if request.media_urls.len() > MAX_MEDIA {
            return Err(Error::invalid(format!(
                "A message can carry at most {MAX_MEDIA} media files"
            )));
        }
        for url in &request.media_urls {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(Error::invalid(format!(
                    "mediaUrl {url:?} is not a web address"
                )));
            }
        }
        let response_time_ms = self
            .messages
            .pending_since(lead.id)
            .await?
            .map(|since| (now - since).num_milliseconds().max(0));

        let new = match message_type {
            MessageType::Sms => {
                let to = normalize_phone(
                    request
                        .to
                        .as_deref()
                        .or(recipient.customer_cellular.as_deref())
                        .unwrap_or_default(),
                )?;
                if recipient.block_sms {
                    return Err(opted_out());
                }
                let text = html_to_sms_text(&content);
                if text.is_empty() {
                    return Err(Error::invalid("Please Enter Message"));
                }
                if text.chars().count() > SMS_MAX_CHARS {
                    return Err(Error::invalid(format!(
                        "A text message can be at most {SMS_MAX_CHARS} characters"
                    )));
                }
                NewMessage {
                    direction: Direction::Send,
                    message_type,
                    notification_type: NotificationType::MessageToCustomer,
                    content: text,
                    from_address: Some(assistant_phone),
                    from_name: Some(sender.clone()),
                    to_address: Some(to),
                    to_name: Some(
                        request
                            .to_name
                            .clone()
                            .unwrap_or_else(|| recipient.customer_name()),
                    ),
                    status: DeliveryStatus::Queued,
                    media_urls: request.media_urls.clone(),
                    sent_by_user_id: Some(caller.user_id),
                    message_sent_by: Some(sender),
                    user_color_code: color,
                    response_time_ms,
                    ..self.base(&lead.store_id, &recipient, Some(lead.id))
                }
            }
            MessageType::Email | MessageType::CalendarInvite => {
                let to = recipient
                    .customer_email
                    .clone()
                    .filter(|e| !e.trim().is_empty())
                    .ok_or_else(|| Error::invalid("This customer has no e-mail address"))?;
                let starts_at = if message_type == MessageType::CalendarInvite {
                    Some(request.start_time.ok_or_else(|| {
                        Error::invalid("startTime is required for a calendar invite")
                    })?)
                } else {
                    None
                };
                NewMessage {
                    direction: Direction::Send,
                    message_type,
                    notification_type: if starts_at.is_some() {
                        NotificationType::UserInvite
                    } else {
                        NotificationType::MessageToCustomer
                    },
                    content: content.clone(),
                    subject: Some(subject.trim().to_owned()),
                    from_address: Some(
                        assistant
                            .email
                            .clone()
                            .unwrap_or_else(|| "service@bayline.local".to_owned()),
                    ),
                    from_name: Some(assistant_name),
                    to_address: Some(to),
                    to_name: Some(recipient.customer_name()),
                    status: DeliveryStatus::Queued,
                    sent_by_user_id: Some(caller.user_id),
                    message_sent_by: Some(sender),
                    appointment_id: request.appointment_id,
                    starts_at,
                    response_time_ms,
                    ..self.base(&lead.store_id, &recipient, Some(lead.id))
                }
            }
            MessageType::Internal | MessageType::InternalNotes => unreachable!("handled above"),
        };
        let message = self.messages.insert(&new, now).await?;
        self.messages
            .record_outbound_on_lead(lead.id, &message.content, false, now)
            .await?;
        if request.is_log_mode_to_be_sent {
            self.messages.validate_latest_log_mode(lead.id, now).await?;
        }
        Ok((
            message.clone(),
            vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: lead.id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
        ))
    }

    /// Queues a text the system sends on its own. Outside the recipient's allowed hours it is
    /// scheduled for the next opening instead of going out now.
    pub async fn queue_automated(
        &self,
        scope: &Scope,
        text: AutomatedText,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let lead = self.lead_in_scope(scope, text.fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        if recipient.block_sms {
            return Err(opted_out());
        }
        let to = normalize_phone(recipient.customer_cellular.as_deref().unwrap_or_default())?;
        let assistant = self
            .store_config
            .assistants(scope, None, Some(lead.store_id), Some("DIV004"))
            .await?
            .into_iter()
            .find(|a| a.agent_phone_number.is_some())
            .ok_or_else(no_assistant)?;
        let content = html_to_sms_text(&text.content);
        if content.is_empty() {
            return Err(Error::invalid("Please Enter Message"));
        }
        let sender = text.sender_name.unwrap_or_else(|| {
            format!(
                "{} {}",
                assistant.agent_first_name, assistant.agent_last_name
            )
        });
        let new = NewMessage {
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
            scheduled_for: allowed_hours_opening(&recipient, now)?,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let message = self.messages.insert(&new, now).await?;
        if message.scheduled_for.is_none() {
            self.messages
                .record_outbound_on_lead(lead.id, &message.content, false, now)
                .await?;
        }
        Ok(message)
    }

    /// Starts the conversation of a lead with its opening text (an automated text: it keeps
    /// to the customer's allowed hours). Refused when the customer already has another open
    /// conversation or was already contacted about this service, unless `force`.
    pub async fn initiate(
        &self,
        scope: &Scope,
        fsi_id: i64,
        force: bool,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        if lead.conversation_initiated && !lead.conversation_closed {
            return Err(Error::invalid(
                "The conversation of this lead has already started",
            ));
        }
        if !force {
            if self.leads.other_open_conversation(&lead).await?.is_some() {
                return Err(Error::invalid(
                    "An other interaction has been already initiated for this customer",
                ));
            }
            if self.leads.contacted_for_same_service(&lead).await? {
                return Err(Error::invalid(format!(
                    "The customer has already been contacted for {}",
                    lead.service_type
                )));
            }
        }
        let content = format!(
            "Hi {}, this is {} from {}. Our records show your {} is due for {}. Would you like to book a visit? Reply STOP to opt out.",
            lead.customer_first_name,
            self.assistant_first_name(scope, lead.store_id).await?,
            lead.store_name,
            vehicle_label(&lead),
            service_label(&lead.service_type),
        );
        let message = self
            .queue_automated(
                scope,
                AutomatedText {
                    fsi_id,
                    content,
                    sender_name: None,
                },
                now,
            )
            .await?;
        self.leads.mark_initiated(fsi_id, now).await?;
        Ok((
            message.clone(),
            vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: fsi_id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
        ))
    }

    async fn assistant_first_name(&self, scope: &Scope, store_id: i64) -> Result<String> {
        Ok(self
            .store_config
            .assistants(scope, None, Some(store_id), Some("DIV004"))
            .await?
            .into_iter()
            .next()
            .map(|a| a.agent_first_name)
            .unwrap_or_else(|| "the service team".to_owned()))
    }

    /// Records a workflow track on a lead as an internal notification in its conversation,
    /// and applies what the track means: handoffs give the conversation to staff (AI off,
    /// response required), a no-show sets the outcome, follow-ups put the lead on a step.
    pub async fn record_track(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: TrackRequest<'_>,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let TrackRequest {
            fsi_id,
            track,
            parameter,
            intent,
        } = request;
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let notification = match track {
            WorkflowTrack::CustomerAGmHandoffManualPulseCheck => {
                NotificationType::InternalNotificationGm
            }
            WorkflowTrack::CustomerAMdHandoff => NotificationType::InternalNotificationMd,
            _ => NotificationType::InternalNotification,
        };
        let mut content = format!("Workflow: {track}");
        if let Some(parameter) = parameter {
            content.push_str(&format!(" ({parameter})"));
        }
        if let Some(intent) = intent.map(str::trim).filter(|i| !i.is_empty()) {
            content.push_str(&format!(", intent {intent}"));
        }
        let sender = caller_name(caller);
        let note = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: notification,
            content,
            subject: Some(track.to_string()),
            status: DeliveryStatus::Stored,
            from_name: Some(sender.clone()),
            message_sent_by: Some(sender),
            sent_by_user_id: Some(caller.user_id),
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let note = self.messages.insert(&note, now).await?;
        if track.is_handoff() {
            self.leads
                .set_flag(fsi_id, LeadFlag::AiEnabled, false)
                .await?;
            self.messages
                .set_lead_response_reqd(fsi_id, true, now)
                .await?;
        }
        match track {
            WorkflowTrack::CustomerNoShow => {
                self.leads
                    .set_stage(fsi_id, LeadStage::ShowOrNoShow, Some("NO_SHOW"))
                    .await?
            }
            WorkflowTrack::FollowUpEmail => self.leads.set_follow_up(fsi_id, "E1", now).await?,
            WorkflowTrack::LongFollowup => {
                self.leads
                    .set_follow_up(fsi_id, "FU3", now + Duration::days(30))
                    .await?
            }
            _ => {}
        }
        Ok((
            note.clone(),
            vec![
                Notice::MessageCreated {
                    id: note.id,
                    enterprise_id: note.enterprise_id,
                },
                Notice::LeadCounts {
                    id: fsi_id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
        ))
    }

    /// Logs a phone call on a lead's conversation as a CALL card: who called whom, when, for
    /// how long, and its recording. Every problem is listed (400) and nothing is stored.
    pub async fn log_call(
        &self,
        caller: &Caller,
        scope: &Scope,
        call: CallLog,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let mut errors = Vec::new();
        if !(0..=MAX_CALL_SECONDS).contains(&call.duration_seconds) {
            errors.push(format!(
                "durationSeconds must be between 0 and {MAX_CALL_SECONDS}"
            ));
        }
        if call.started_at > now + Duration::minutes(5) {
            errors.push("A call cannot start in the future".to_owned());
        }
        if let Err(Error::Validation { errors: e, .. }) =
            crate::domain::formats::plausible_time("startTime", call.started_at)
        {
            errors.extend(e);
        }
        let recording = call
            .recording_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty());
        if recording.is_some_and(|url| {
            url.len() > 2000
                || url.contains(char::is_whitespace)
                || !["https://", "http://", "/media/"]
                    .iter()
                    .any(|start| url.starts_with(start))
        }) {
            errors.push(
                "recordingUrl must be an http(s) address or a file uploaded with /api/uploadFile"
                    .to_owned(),
            );
        }
        if !errors.is_empty() {
            return Err(Error::invalid_all(errors));
        }
        let lead = self.lead_in_scope(scope, call.fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let sender = caller_name(caller);
        let customer = (
            recipient.customer_cellular.clone(),
            recipient.customer_name(),
        );
        let store = (
            recipient.store.store_phone.clone(),
            recipient.store.store_name.clone(),
        );
        let ((from_address, from_name), (to_address, to_name)) = if call.inbound {
            (customer, store)
        } else {
            ((store.0, sender.clone()), customer)
        };
        let content = call_summary(call.inbound, call.duration_seconds);
        let new = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: NotificationType::Call,
            content,
            status: DeliveryStatus::Stored,
            from_address,
            from_name: Some(from_name),
            to_address,
            to_name: Some(to_name),
            url: recording.map(str::to_owned),
            starts_at: Some(call.started_at),
            call_duration_seconds: Some(call.duration_seconds),
            message_sent_by: Some(sender),
            sent_by_user_id: Some(caller.user_id),
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let message = self.messages.insert(&new, now).await?;
        Ok((
            message.clone(),
            vec![Notice::MessageCreated {
                id: message.id,
                enterprise_id: message.enterprise_id,
            }],
        ))
    }

    /// A lead inside the scope; elsewhere simply not found.
    async fn lead_in_scope(&self, scope: &Scope, fsi_id: i64) -> Result<LeadRecord> {
        Ok(self
            .leads
            .get(scope, fsi_id)
            .await?
            .ok_or_else(|| Error::not_found("Lead not found"))?
            .0)
    }

    /// Where texts about the lead go: its customer and store.
    async fn recipient_of(&self, lead: &LeadRecord) -> Result<Recipient> {
        self.recipients
            .recipient(lead.customer_id)
            .await?
            .ok_or_else(|| Error::not_found("Customer not found"))
    }

    fn base(&self, store_id: &i64, recipient: &Recipient, fsi_id: Option<i64>) -> NewMessage {
        NewMessage {
            enterprise_id: recipient.store.enterprise_id,
            store_id: *store_id,
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

    /// One delivery attempt of a queued message, through its store's gateway or the mailer.
    pub async fn deliver(&self, message_id: i64, now: DateTime<Utc>) -> Result<Delivery> {
        let message = self.messages.require(message_id).await?;
        if message.status() != DeliveryStatus::Queued {
            return Ok(Delivery::NothingToDo);
        }
        let created = Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        };
        let recipient = match message.customer_id {
            Some(id) => self.recipients.recipient(id).await?,
            None => None,
        };
        let message_type = message.message_type;
        if message_type == MessageType::Sms {
            if let Some(recipient) = &recipient {
                if recipient.block_sms && !message.is_compliance {
                    self.messages
                        .advance_status(
                            message.id,
                            DeliveryStatus::Restricted,
                            Some((UNSUBSCRIBED_RECIPIENT, "The customer opted out of texts")),
                            now,
                        )
                        .await?;
                    return Ok(Delivery::Done(vec![created]));
                }
                if message.is_automated
                    && !message.is_compliance
                    && let Some(until) = allowed_hours_opening(recipient, now)?
                {
                    self.messages.release(message.id, Some(until)).await?;
                    return Ok(Delivery::Deferred { until });
                }
            }
            return self.send_sms(&message, now).await;
        }
        self.send_email(&message, recipient.as_ref(), now).await
    }

    async fn send_sms(&self, message: &MessageRecord, now: DateTime<Utc>) -> Result<Delivery> {
        let config = self.gateway_config(message.store_id).await?;
        let gateway = Gateway::from_config(&config, &self.http);
        let status_callback = self.status_callback_url(message.id, &config);
        let sms = OutboundSms {
            from: message.from_address.clone().unwrap_or_default(),
            to: message.to_address.clone().unwrap_or_default(),
            body: message.content.clone(),
            media_urls: message.media(),
            status_callback: status_callback.clone(),
        };
        let result = match gateway {
            Ok(gateway) => gateway.send(&sms).await,
            Err(error) => Err(error),
        };
        let mut notices = vec![Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        }];
        match result {
            Ok(accepted) => {
                self.messages
                    .mark_accepted(message.id, &accepted.sid, now)
                    .await?;
                self.messages
                    .advance_status(message.id, accepted.status, None, now)
                    .await?;
                if config.is_simulator() {
                    // The simulator reports progress like Twilio does: signed status callbacks
                    // through the same verified path.
                    let url = status_callback.unwrap_or_else(|| self.callback_url(message.id));
                    for status in ["sent", "delivered"] {
                        let params = vec![
                            ("AccountSid".to_owned(), "ACsimulator".to_owned()),
                            ("MessageSid".to_owned(), accepted.sid.clone()),
                            ("MessageStatus".to_owned(), status.to_owned()),
                            ("From".to_owned(), sms.from.clone()),
                            ("To".to_owned(), sms.to.clone()),
                        ];
                        let signature = signature::sign(&config.auth_token, &url, &params);
                        let (_, more) = self
                            .receive_status(
                                &WebhookRequest::new(url.clone(), params, Some(signature)),
                                now,
                            )
                            .await?;
                        notices.extend(more);
                    }
                }
                Ok(Delivery::Done(notices))
            }
            Err(GatewayError {
                retryable: true,
                message: reason,
                ..
            }) => Ok(Delivery::Retry(reason)),
            Err(error) => {
                notices.extend(self.fail(message, &error, now).await?);
                Ok(Delivery::Done(notices))
            }
        }
    }

    /// A provider refused a message for good: keep its code and text; an unsubscribed
    /// recipient (21610) is opted out here too.
    async fn fail(
        &self,
        message: &MessageRecord,
        error: &GatewayError,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let code = error.code.clone().unwrap_or_default();
        let (status, notices) = if code == UNSUBSCRIBED_RECIPIENT {
            (
                DeliveryStatus::Restricted,
                self.opt_out_recipient(message, now).await?,
            )
        } else {
            (DeliveryStatus::Failed, Vec::new())
        };
        self.messages
            .advance_status(message.id, status, Some((&code, &error.message)), now)
            .await?;
        Ok(notices)
    }

    /// The carrier says the recipient unsubscribed: opt them out here too. Done before the
    /// message shows RESTRICTED, so whoever sees that status sees the opt-out.
    async fn opt_out_recipient(
        &self,
        message: &MessageRecord,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let Some(to) = &message.to_address else {
            return Ok(Vec::new());
        };
        self.recipients
            .set_opt_out(
                message.enterprise_id,
                to,
                true,
                "PROVIDER",
                UNSUBSCRIBED_RECIPIENT,
                now,
            )
            .await?;
        Ok(message
            .fsi_id
            .map(|id| Notice::LeadCounts {
                id,
                enterprise_id: message.enterprise_id,
            })
            .into_iter()
            .collect())
    }

    async fn send_email(
        &self,
        message: &MessageRecord,
        recipient: Option<&Recipient>,
        now: DateTime<Utc>,
    ) -> Result<Delivery> {
        let calendar = message.starts_at.map(|starts_at| {
            ics::render(&Invite {
                uid: format!("message-{}@bayline", message.id),
                summary: message.subject.clone().unwrap_or_default(),
                description: super::text::html_to_text(&message.content),
                location: recipient.map(|r| r.store.store_name.clone()),
                starts_at,
                duration: Duration::hours(1),
                organizer_name: message.from_name.clone().unwrap_or_default(),
                organizer_email: message.from_address.clone().unwrap_or_default(),
                attendee_name: message.to_name.clone().unwrap_or_default(),
                attendee_email: message.to_address.clone().unwrap_or_default(),
                stamp: now,
            })
        });
        let mail = Email {
            from_name: message.from_name.clone().unwrap_or_default(),
            from_address: message.from_address.clone().unwrap_or_default(),
            to_name: message.to_name.clone().unwrap_or_default(),
            to_address: message.to_address.clone().unwrap_or_default(),
            subject: message.subject.clone().unwrap_or_default(),
            html_body: message.content.clone(),
            calendar,
        };
        let notice = Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        };
        let built = match email::build(&mail) {
            Ok(built) => built,
            Err(error) => {
                let failure = GatewayError {
                    code: None,
                    message: error.to_string(),
                    retryable: false,
                };
                let mut notices = vec![notice];
                notices.extend(self.fail(message, &failure, now).await?);
                return Ok(Delivery::Done(notices));
            }
        };
        let mime = String::from_utf8_lossy(&built.formatted()).into_owned();
        let outcome = self.settings.mailer.deliver(&built).await;
        let (status, error) = match &outcome {
            Ok(()) if self.settings.mailer.is_outbox() => ("stored", None),
            Ok(()) => ("sent", None),
            Err(error) => ("failed", Some(error.as_str())),
        };
        self.messages
            .record_email(message, &mail, &mime, status, error, now)
            .await?;
        match outcome {
            Ok(()) => {
                self.messages
                    .advance_status(message.id, DeliveryStatus::Sent, None, now)
                    .await?;
                self.messages
                    .advance_status(message.id, DeliveryStatus::Delivered, None, now)
                    .await?;
            }
            Err(error) => {
                self.messages
                    .advance_status(
                        message.id,
                        DeliveryStatus::Failed,
                        Some(("SMTP", &error)),
                        now,
                    )
                    .await?;
            }
        }
        Ok(Delivery::Done(vec![notice]))
    }

    /// Withdraws an internal note its author just wrote (the note timer, spec section 5): only
    /// within [`NOTE_UNDO_WINDOW`] of writing it, and only while the customer has not written
    /// since, since a reply may already have been read alongside it. The note is archived, so
    /// it stays on record for SUPER_DATA_ADMIN like any archived message.
    pub async fn withdraw_note(
        &self,
        user_id: i64,
        note: &MessageRecord,
        now: DateTime<Utc>,
    ) -> Result<()> {
        if note.message_type != MessageType::InternalNotes {
            return Err(Error::invalid("Only an internal note can be undone"));
        }
        if note.sent_by_user_id != Some(user_id) {
            return Err(Error::Forbidden(
                "Only the note's author can undo it".to_owned(),
            ));
        }
        if note.archived || now - note.created_at > NOTE_UNDO_WINDOW {
            return Err(Error::invalid("The note can no longer be undone"));
        }
        if let Some(fsi_id) = note.fsi_id
            && self.messages.received_since(fsi_id, note.id).await?
        {
            return Err(Error::invalid(
                "The customer has written since this note; it can no longer be undone",
            ));
        }
        self.messages.archive(note.id, now).await
    }

    /// The line type of a phone number, from the carrier lookup of the store's gateway.
    pub async fn line_type(&self, store_id: i64, phone: &str) -> Result<LineType> {
        let config = self.gateway_config(store_id).await?;
        let gateway =
            Gateway::from_config(&config, &self.http).map_err(|e| Error::Upstream(e.message))?;
        gateway
            .line_type(phone)
            .await
            .map_err(|e| Error::Upstream(e.message))
    }

    /// The gateway settings of a store; the simulator (with this installation's signing key)
    /// when none is configured.
    pub async fn gateway_config(&self, store_id: i64) -> Result<GatewayConfig> {
        match self.store_config.gateway_config(store_id).await? {
            Some(config) => Ok(config),
            None => self.simulator_config().await,
        }
    }

    /// The built-in simulator with this installation's signing key.
    pub async fn simulator_config(&self) -> Result<GatewayConfig> {
        let token = self
            .store_config
            .setting_or_insert(SIMULATOR_TOKEN_KEY, random_token)
            .await?;
        Ok(GatewayConfig {
            provider: GatewayConfig::SIMULATOR.to_owned(),
            account_sid: Some("ACsimulator".to_owned()),
            auth_token: token,
            api_base_url: None,
        })
    }

    fn callback_url(&self, message_id: i64) -> String {
        let base = self
            .settings
            .public_url
            .as_deref()
            .unwrap_or("http://bayline.local")
            .trim_end_matches('/');
        format!("{base}{STATUS_PATH}?messageId={message_id}")
    }

    fn status_callback_url(&self, message_id: i64, config: &GatewayConfig) -> Option<String> {
        (self.settings.public_url.is_some() || config.is_simulator())
            .then(|| self.callback_url(message_id))
    }

    /// A provider's status callback: verified, then applied if it moves the message forward.
    pub async fn receive_status(
        &self,
        request: &WebhookRequest,
        now: DateTime<Utc>,
    ) -> Result<(Option<MessageRecord>, Vec<Notice>)> {
        let by_id = query_param(&request.url, "messageId").and_then(|v| v.parse::<i64>().ok());
        let message = match (
            by_id,
            request.param("MessageSid").or(request.param("SmsSid")),
        ) {
            (Some(id), _) => self.messages.get(id).await?,
            (None, Some(sid)) => self.messages.by_provider_id(sid).await?,
            (None, None) => None,
        };
        let Some(message) = message else {
            return Err(Error::Forbidden(
                "The request could not be verified".to_owned(),
            ));
        };
        let config = self.gateway_config(message.store_id).await?;
        self.verify(request, &config)?;
        let status = request
            .param("MessageStatus")
            .or(request.param("SmsStatus"))
            .ok_or_else(|| Error::invalid("MessageStatus is required"))?;
        let status = DeliveryStatus::from_provider(status)?;
        let code = request.param("ErrorCode").filter(|c| !c.is_empty());
        let text = request
            .param("ErrorMessage")
            .map(str::to_owned)
            .or_else(|| code.map(provider_error_text));
        let status = if code == Some(UNSUBSCRIBED_RECIPIENT) && status.is_failure() {
            DeliveryStatus::Restricted
        } else {
            status
        };
        let error = code.map(|c| (c, text.as_deref().unwrap_or_default()));
        let mut notices = Vec::new();
        let unsubscribed = status == DeliveryStatus::Restricted
            && message.status().may_become(DeliveryStatus::Restricted);
        if unsubscribed {
            notices.extend(self.opt_out_recipient(&message, now).await?);
        }
        let changed = self
            .messages
            .advance_status(message.id, status, error, now)
            .await?;
        if changed {
            notices.push(Notice::MessageStatus {
                id: message.id,
                enterprise_id: message.enterprise_id,
            });
        }
        Ok((self.messages.get(message.id).await?, notices))
    }

    fn verify(&self, request: &WebhookRequest, config: &GatewayConfig) -> Result<()> {
        let valid = request.signature.as_deref().is_some_and(|s| {
            signature::verify(&config.auth_token, &request.url, &request.params, s)
        });
        if valid {
            Ok(())
        } else {
            Err(Error::Forbidden(
                "The request signature does not match".to_owned(),
            ))
        }
    }

    /// An incoming text: verified against the receiving store's gateway, stored once (a
    /// provider's retry of the same MessageSid is recognised), attached to the customer's
    /// active lead, and answered when it is STOP, START or HELP.
    pub async fn receive_sms(
        &self,
        request: &WebhookRequest,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        let unverifiable = || Error::Forbidden("The request could not be verified".to_owned());
        let to = request
            .param("To")
            .and_then(|to| PhoneNumber::parse(to).ok())
            .ok_or_else(unverifiable)?;
        let store_id = self
            .store_config
            .store_of_number(to.as_e164())
            .await?
            .ok_or_else(unverifiable)?;
        let config = self.gateway_config(store_id).await?;
        self.verify(request, &config)?;

        let sid = request
            .param("MessageSid")
            .or(request.param("SmsSid"))
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Error::invalid("MessageSid is required"))?
            .to_owned();
        let from_raw = request
            .param("From")
            .ok_or_else(|| Error::invalid("From is required"))?;
        let from = PhoneNumber::parse(from_raw)
            .map(|p| p.as_e164().to_owned())
            .unwrap_or_else(|_| from_raw.to_owned());
        let body = request.param("Body").unwrap_or_default().to_owned();
        let media: Vec<String> = (0..request
            .param("NumMedia")
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(0)
            .min(MAX_MEDIA))
            .filter_map(|n| request.param(&format!("MediaUrl{n}")).map(str::to_owned))
            .collect();

        let recipient = self
            .recipients
            .find_recipient_by_phone(store_id, &from)
            .await?;
        let store = match &recipient {
            Some(r) => r.store.clone(),
            None => self
                .store_config
                .store_settings(store_id)
                .await?
                .ok_or_else(unverifiable)?,
        };
        let fsi_id = match &recipient {
            Some(r) => self.recipients.active_lead(r.customer_id, store_id).await?,
            None => None,
        };
        let new = NewMessage {
            enterprise_id: store.enterprise_id,
            store_id,
            fsi_id,
            customer_id: recipient.as_ref().map(|r| r.customer_id),
            direction: Direction::Received,
            message_type: MessageType::Sms,
            notification_type: NotificationType::MessageFromCustomer,
            content: body.clone(),
            subject: None,
            from_address: Some(from.clone()),
            from_name: recipient.as_ref().map(Recipient::customer_name),
            to_address: Some(to.as_e164().to_owned()),
            to_name: Some(store.store_name.clone()),
            status: DeliveryStatus::Received,
            provider_message_id: Some(sid),
            media_urls: media,
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
        };
        let (message, created) = self.messages.insert_unless_known(&new, now).await?;
        let mut outcome = InboundOutcome {
            message: message.clone(),
            created,
            notices: Vec::new(),
            replies: Vec::new(),
        };
        if !created {
            return Ok(outcome);
        }
        outcome.notices.push(Notice::MessageCreated {
            id: message.id,
            enterprise_id: message.enterprise_id,
        });
        if let Some(fsi_id) = fsi_id {
            self.messages
                .record_inbound_on_lead(fsi_id, &body, now)
                .await?;
            outcome.notices.push(Notice::LeadCounts {
                id: fsi_id,
                enterprise_id: message.enterprise_id,
            });
        }

        let reply = match ComplianceKeyword::of(&body) {
            Some(keyword @ (ComplianceKeyword::OptOut | ComplianceKeyword::OptIn)) => {
                let opting_out = keyword == ComplianceKeyword::OptOut;
                let changed = self
                    .recipients
                    .set_opt_out(
                        store.enterprise_id,
                        &from,
                        opting_out,
                        "SMS_KEYWORD",
                        body.trim(),
                        now,
                    )
                    .await?;
                let confirmation = if opting_out {
                    OPTED_OUT_CONFIRMATION
                } else {
                    "You have been resubscribed to messages. Reply HELP for help, STOP to unsubscribe."
                };
                (!changed.is_empty()).then(|| format!("{}: {confirmation}", store.store_name))
            }
            Some(ComplianceKeyword::Help) => Some(
                store
                    .help_text
                    .clone()
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| {
                        default_help(&store.store_name, store.store_phone.as_deref())
                    }),
            ),
            None => None,
        };
        if let Some(reply) = reply {
            let reply = self.queue_compliance_reply(&message, reply, now).await?;
            outcome.notices.push(Notice::MessageCreated {
                id: reply.id,
                enterprise_id: reply.enterprise_id,
            });
            outcome.replies.push(reply);
        }
        Ok(outcome)
    }

    /// Opts out the sender of a customer message that asked, in its own words, not to be
    /// texted (`source`: who read it so, `evidence`: the words): the block flag, the
    /// SMS_OPT_OUT mark and one confirmation, as for STOP. `None` when they already were.
    async fn opt_out_in_words(
        &self,
        message: &MessageRecord,
        source: &str,
        evidence: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<MessageRecord>> {
        let Some(from) = message.from_address.as_deref() else {
            return Ok(None);
        };
        let changed = self
            .recipients
            .set_opt_out(message.enterprise_id, from, true, source, evidence, now)
            .await?;
        if changed.is_empty() {
            return Ok(None);
        }
        let store_name = message.to_name.clone().unwrap_or_default();
        let reply = self
            .queue_compliance_reply(
                message,
                format!("{store_name}: {OPTED_OUT_CONFIRMATION}"),
                now,
            )
            .await?;
        Ok(Some(reply))
    }

    /// Queues the required answer to a customer's text (opt-out confirmation, help text) on
    /// the conversation the text arrived in.
    async fn queue_compliance_reply(
        &self,
        inbound: &MessageRecord,
        content: String,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let reply = NewMessage {
            enterprise_id: inbound.enterprise_id,
            store_id: inbound.store_id,
            fsi_id: inbound.fsi_id,
            customer_id: inbound.customer_id,
            direction: Direction::Send,
            message_type: MessageType::Sms,
            notification_type: NotificationType::MessageToCustomer,
            content,
            subject: None,
            from_address: inbound.to_address.clone(),
            from_name: inbound.to_name.clone(),
            to_address: inbound.from_address.clone(),
            to_name: inbound.from_name.clone(),
            status: DeliveryStatus::Queued,
            provider_message_id: None,
            media_urls: Vec::new(),
            url: None,
            sent_by_user_id: None,
            message_sent_by: Some("Compliance".to_owned()),
            user_color_code: None,
            service_type: None,
            appointment_id: None,
            is_automated: false,
            is_compliance: true,
            scheduled_for: None,
            starts_at: None,
            call_duration_seconds: None,
            response_time_ms: None,
            read_at: None,
        };
        self.messages.insert(&reply, now).await
    }

    /// Understands a customer's text and stores what it means. A free-text opt-out ("please
    /// stop texting me") is honoured like the STOP keyword: the block flag, the SMS_OPT_OUT
    /// mark and one confirmation. The lead takes the reply's response insight. Understanding a
    /// text again replaces the stored understanding and changes nothing else.
    pub async fn understand_inbound(
        &self,
        message_id: i64,
        now: DateTime<Utc>,
    ) -> Result<UnderstandOutcome> {
        let message = self.messages.require(message_id).await?;
        if message.direction != Direction::Received {
            return Err(Error::invalid(
                "Only messages from customers are read by the assistant",
            ));
        }
        let first_time = self.understandings.find(message_id).await?.is_none();
        let zone = match self.store_config.store_settings(message.store_id).await? {
            Some(store) => parse_time_zone(&store.office_time_zone).unwrap_or(chrono_tz::UTC),
            None => chrono_tz::UTC,
        };
        let understanding = assistant::understand(&message.content, message.created_at, zone);
        self.understandings
            .save(message_id, &understanding, now)
            .await?;
        let mut outcome = UnderstandOutcome {
            understanding,
            notices: Vec::new(),
            replies: Vec::new(),
        };
        if !first_time {
            return Ok(outcome);
        }
        let understanding = &outcome.understanding;
        let free_text_opt_out =
            understanding.has(Intent::Stop) && understanding.carrier_keyword.is_none();
        if free_text_opt_out {
            let evidence = understanding
                .intents
                .iter()
                .find(|hit| hit.intent == Intent::Stop)
                .map_or(message.content.as_str(), |hit| hit.evidence.as_str())
                .to_owned();
            if let Some(reply) = self
                .opt_out_in_words(&message, "ASSISTANT", &evidence, now)
                .await?
            {
                outcome.notices.push(Notice::MessageCreated {
                    id: reply.id,
                    enterprise_id: reply.enterprise_id,
                });
                outcome.replies.push(reply);
            }
        }
        if let (Some(fsi_id), Some(insight)) = (message.fsi_id, understanding.response_insight) {
            self.leads
                .set_response_insight(fsi_id, Some(insight))
                .await?;
            outcome.notices.push(Notice::LeadCounts {
                id: fsi_id,
                enterprise_id: message.enterprise_id,
            });
        }
        Ok(outcome)
    }

    /// What the simulator's "customer phone" does when the customer replies: a Twilio-shaped
    /// form, signed with the simulator's key, through the same path as a real provider's.
    pub async fn simulate_reply(
        &self,
        recipient: &Recipient,
        body: &str,
        inbound_url: &str,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        let config = self.gateway_config(recipient.store.store_id).await?;
        if !config.is_simulator() {
            return Err(Error::Conflict(
                "This store texts through a real provider; the simulator cannot reply for it"
                    .to_owned(),
            ));
        }
        if body.trim().is_empty() {
            return Err(Error::invalid("Please Enter Message"));
        }
        let from = recipient
            .customer_cellular
            .clone()
            .ok_or_else(|| Error::invalid("This customer has no mobile number"))?;
        let to = recipient
            .store
            .store_phone
            .clone()
            .ok_or_else(|| Error::invalid("This store has no phone number"))?;
        let params = vec![
            ("AccountSid".to_owned(), "ACsimulator".to_owned()),
            ("MessageSid".to_owned(), super::gateway::new_message_sid()),
            ("From".to_owned(), from),
            ("To".to_owned(), to),
            ("Body".to_owned(), body.to_owned()),
            ("NumMedia".to_owned(), "0".to_owned()),
        ];
        let signature = signature::sign(&config.auth_token, inbound_url, &params);
        self.receive_sms(
            &WebhookRequest::new(inbound_url.to_owned(), params, Some(signature)),
            now,
        )
        .await
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
pub fn call_summary(inbound: bool, seconds: i32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let length = if h > 0 {
        format!("{h}h {m:02}m {s:02}s")
    } else if m > 0 {
        format!("{m}m {s:02}s")
    } else {
        format!("{s}s")
    };
    let way = if inbound { "Incoming" } else { "Outgoing" };
    format!("{way} call, {length}")
}

fn caller_name(caller: &Caller) -> String {
    caller.username.clone()
}

/// When an automated text to this recipient may go out: `None` for now.
fn allowed_hours_opening(
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
