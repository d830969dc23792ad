//! A lead's conversation (spec section 7, "Messages"): history, sending, read
//! acknowledgement, archive, unread counts, response time, response-required, log mode,
//! transcripts, assistants and the e-mail outbox.

mod views;

pub use views::*;

use chrono::{DateTime, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::SUPER_ROLES;
use engine::domain::formats::parse_response_time;
use engine::domain::messages::{DeliveryStatus, Direction, MessageType};
use engine::messaging::{CallLog, Notice, SendRequest};
use engine::store::messages::{
    MessageRecord, OutboxEmail, UnreadCount, UnreadGrouping, Visibility,
};
use engine::store::settings::AssistantRecord;
use engine::store::understandings::{MessageUnderstanding, StoredIntent};
use engine::store::{Page, PageRequest};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Attachment, AttachmentType, Json};
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::session::MessageResponse;
use crate::auth::{Session, request_scope, stores_of};
use crate::error::ApiResult;
use crate::state::AppState;

pub struct MessageApi;

impl MessageApi {
    async fn lead_in_scope(state: &AppState, scope: &Scope, fsi_id: i64) -> ApiResult<()> {
        state.leads.require(scope, fsi_id).await?;
        Ok(())
    }

    /// A customer's message on the given lead that the caller may see; `not_customers` is the
    /// 400 for a message that is not the customer's.
    async fn customer_message_on_lead(
        state: &AppState,
        caller: &Caller,
        scope: &Scope,
        (fsi_id, message_id): (i64, i64),
        not_customers: &str,
    ) -> ApiResult<MessageRecord> {
        let message = Self::visible_message(state, caller, scope, message_id).await?;
        if message.fsi_id != Some(fsi_id) {
            return Err(engine::Error::not_found("Message not found on this lead").into());
        }
        if message.direction != Direction::Received {
            return Err(engine::Error::invalid(not_customers).into());
        }
        Ok(message)
    }

    /// What the assistant's views and actions start from: a SUPER_DATA_ADMIN or SUPER_USER
    /// (403 otherwise), their scope, and a customer message of the lead (see
    /// `customer_message_on_lead`).
    pub(super) async fn super_users_customer_message(
        state: &AppState,
        caller: &Caller,
        req: &Request,
        on_lead: (i64, i64),
        not_customers: &str,
    ) -> ApiResult<(Scope, MessageRecord)> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(caller, req)?;
        let message =
            Self::customer_message_on_lead(state, caller, &scope, on_lead, not_customers).await?;
        Ok((scope, message))
    }

    /// A message the caller may act on: in scope and visible to them.
    async fn visible_message(
        state: &AppState,
        caller: &Caller,
        scope: &Scope,
        id: i64,
    ) -> ApiResult<MessageRecord> {
        let message = state.messages.get_in_scope(scope, id).await?;
        if !Visibility::of(caller).shows(&message) {
            return Err(engine::Error::not_found("Message not found").into());
        }
        Ok(message)
    }
}

#[OpenApi(tag = "ApiTags::Messages")]
impl MessageApi {
    /// A lead's conversation, oldest first. Archived messages show only to SUPER_DATA_ADMIN,
    /// internal notes only to SUPER_DATA_ADMIN and SUPER_USER, GM notifications by e-mail only
    /// to SUPER_DATA_ADMIN.
    #[oai(
        path = "/api/svc-message-instance/conversation-history",
        method = "get"
    )]
    async fn history(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future_service_interaction_id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<Vec<MessageView>>> {
        let scope = request_scope(&caller, req)?;
        Self::lead_in_scope(&state, &scope, fsi_id.0).await?;
        let messages = state
            .messages
            .history(fsi_id.0, Visibility::of(&caller))
            .await?;
        Ok(Json(messages.into_iter().map(MessageView::from).collect()))
    }

    /// Logs a phone call with the customer on the lead's conversation (path ours: the spec
    /// shows the call card, not how calls arrive): a CALL card (VOICEMAIL_LEFT when a voicemail
    /// was left) with its start, length, outcome, notes and recording. Only users with calling
    /// on (`callingFeature`) log calls (403). Every problem is listed (400) and nothing is
    /// stored.
    #[oai(path = "/api/svc-message-instance/call-log", method = "post")]
    async fn log_call(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<CallLogBody>,
    ) -> ApiResult<Json<MessageView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let inbound = match body.direction.trim().to_ascii_uppercase().as_str() {
            "INBOUND" => true,
            "OUTBOUND" => false,
            other => {
                return Err(engine::Error::invalid(format!(
                    "direction must be INBOUND or OUTBOUND, got {other:?}"
                ))
                .into());
            }
        };
        let (message, notices) = state
            .messaging
            .log_call(
                &caller,
                &scope,
                CallLog {
                    fsi_id: body.future_service_interaction_id,
                    inbound,
                    started_at: body.start_time,
                    duration_seconds: body.duration_seconds,
                    recording_url: body.recording_url,
                    outcome: body.outcome.map(|outcome| outcome.0),
                    notes: body.notes,
                },
                Utc::now(),
            )
            .await?;
        state.publish(notices).await;
        Ok(Json(message.into()))
    }

    /// Sends a message from a conversation: SMS (default), EMAIL, CALENDAR_INVITE, or an
    /// internal note (SUPER_DATA_ADMIN and SUPER_USER). The message is stored queued and a
    /// send job delivers it; its status follows on the realtime stream.
    #[oai(path = "/api/svc-message-instance/svc-send-message", method = "post")]
    async fn send(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<OutgoingMessage>,
    ) -> ApiResult<Json<MessageView>> {
        let body = body.0;
        let scope = crate::auth::scope_naming(&caller, req, body.enterprise_id)?;
        let request = SendRequest {
            fsi_id: body.jaguar_future_service_interaction_id,
            customer_id: body.id,
            message_type: body.message_type,
            notification_type: body.notification_type,
            content: body.content,
            subject: body.subject,
            title: body.title,
            to: body.to,
            to_name: body.to_name,
            media_urls: body.media_url.unwrap_or_default(),
            appointment_id: body.appointment_id,
            start_time: body.start_time,
            is_log_mode_to_be_sent: body.is_log_mode_to_be_sent.unwrap_or(false),
        };
        let (message, notices) = state
            .messaging
            .submit(&caller, &scope, request, Utc::now())
            .await?;
        if message.message_status == DeliveryStatus::Queued {
            jobs::dispatcher::dispatch(
                &state.messages,
                &state.jobs,
                message.id,
                message.enterprise_id,
            )
            .await?;
        }
        state.publish(notices).await;
        let message = state.messages.require(message.id).await?;
        Ok(Json(message.into()))
    }

    /// Marks the lead's customer messages read up to the given message (all when absent) and
    /// clears its unread count accordingly.
    #[oai(path = "/api/svc-message-instance/read", method = "put")]
    async fn read(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ReadAcknowledgement>,
    ) -> ApiResult<Json<ReadResult>> {
        let scope = request_scope(&caller, req)?;
        let fsi_id = body
            .future_service_interaction_id
            .or(body.future_interaction_id)
            .ok_or_else(|| engine::Error::invalid("futureServiceInteractionId is required"))?;
        Self::lead_in_scope(&state, &scope, fsi_id).await?;
        let last = body.last_message_id.or(body.last_read_message_instance_id);
        let unread = state.messages.mark_read(fsi_id, last, Utc::now()).await?;
        state
            .publish(vec![Notice::LeadCounts {
                id: fsi_id,
                enterprise_id: scope.enterprise_id,
            }])
            .await;
        Ok(Json(ReadResult {
            future_service_interaction_id: fsi_id,
            total_unread_count: unread,
        }))
    }

    /// Archives a message for good (SUPER_DATA_ADMIN and SUPER_USER). Archived messages stay
    /// visible only to SUPER_DATA_ADMIN.
    #[oai(path = "/api/svc-message-instance/archive", method = "put")]
    async fn archive(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "message_instance_id")] id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let message = Self::visible_message(&state, &caller, &scope, id.0).await?;
        state.messages.archive(message.id, Utc::now()).await?;
        state
            .publish(vec![Notice::MessageStatus {
                id: message.id,
                enterprise_id: message.enterprise_id,
            }])
            .await;
        Ok(Json(MessageResponse {
            message: "Successfully Archived".to_owned(),
        }))
    }

    /// Undoes an internal note within 40 seconds of writing it (the note timer): its author
    /// only, and only while the customer has not written since. Path ours: the spec describes
    /// the timer, not a call.
    #[oai(path = "/api/svc-message-instance/note/undo", method = "put")]
    async fn undo_note(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "message_instance_id")] id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let scope = request_scope(&caller, req)?;
        let note = Self::visible_message(&state, &caller, &scope, id.0).await?;
        state
            .messaging
            .withdraw_note(caller.user_id, &note, Utc::now())
            .await?;
        state
            .publish(vec![Notice::MessageStatus {
                id: note.id,
                enterprise_id: note.enterprise_id,
            }])
            .await;
        Ok(Json(MessageResponse {
            message: "Note undone".to_owned(),
        }))
    }

    /// Unread customer messages per service type.
    #[oai(path = "/api/svc-message-instance/unreadByService", method = "get")]
    async fn unread_by_service(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeIdPk")] store_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<UnreadCountView>>> {
        unread(
            &state,
            &caller,
            req,
            None,
            store_id.0,
            UnreadGrouping::ServiceType,
        )
        .await
    }

    /// Unread customer messages per store.
    #[oai(path = "/api/svc-message-instance/unreadByStoreId", method = "get")]
    async fn unread_by_store(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeIdPk")] store_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<UnreadCountView>>> {
        unread(
            &state,
            &caller,
            req,
            None,
            store_id.0,
            UnreadGrouping::Store,
        )
        .await
    }

    /// Unread customer messages of leads with an open repair order, per its status.
    #[oai(path = "/api/svc-message-instance/v2/unreadByROStatus", method = "get")]
    async fn unread_by_ro_status(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeIdPk")] store_id: Query<Option<i64>>,
        #[oai(name = "enterpriseId")] enterprise_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<UnreadCountView>>> {
        unread(
            &state,
            &caller,
            req,
            enterprise_id.0,
            store_id.0,
            UnreadGrouping::RepairOrderStatus,
        )
        .await
    }

    /// Unread customer messages per store (enterprise-wide form).
    #[oai(path = "/api/svc-message-instance/v2/unreadByStoreId", method = "get")]
    async fn unread_by_store_v2(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeIdPk")] store_id: Query<Option<i64>>,
        #[oai(name = "enterpriseId")] enterprise_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<UnreadCountView>>> {
        unread(
            &state,
            &caller,
            req,
            enterprise_id.0,
            store_id.0,
            UnreadGrouping::Store,
        )
        .await
    }

    /// Unread customer messages split by whether the lead has an appointment.
    #[oai(path = "/api/svc-message-instance/v2/unreadByAppt", method = "get")]
    async fn unread_by_appointment(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeIdPk")] store_id: Query<Option<i64>>,
        #[oai(name = "enterpriseId")] enterprise_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<UnreadCountView>>> {
        unread(
            &state,
            &caller,
            req,
            enterprise_id.0,
            store_id.0,
            UnreadGrouping::AppointmentSet,
        )
        .await
    }

    /// Sets when a staff message really answered the customer (SUPER_DATA_ADMIN and
    /// SUPER_USER): its response time becomes that moment minus the customer message it
    /// answered. Without `msgDateTime` the message's own send time is used.
    #[oai(
        path = "/api/svc-message-instance/message-response-time",
        method = "put"
    )]
    async fn set_response_time(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ResponseTimeUpdate>,
    ) -> ApiResult<Json<MessageView>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let message = Self::visible_message(&state, &caller, &scope, body.id).await?;
        if message.direction == Direction::Received {
            return Err(engine::Error::invalid(
                "A response time is set on messages to the customer",
            )
            .into());
        }
        let answered_at = match body.msg_date_time.as_deref().map(str::trim) {
            None | Some("") => {
                return Err(engine::Error::invalid("Please Enter Response date and time").into());
            }
            Some(text) => parse_response_time(text)?.and_utc(),
        };
        let question = state.messages.answered_by(&message).await?.ok_or_else(|| {
            engine::Error::invalid("This message does not answer a customer message")
        })?;
        let ms = (answered_at - question.created_at).num_milliseconds();
        if ms < 0 {
            return Err(engine::Error::invalid(
                "The response time cannot be before the customer's message",
            )
            .into());
        }
        state
            .messages
            .set_response_time(message.id, ms, Utc::now())
            .await?;
        Ok(Json(state.messages.require(message.id).await?.into()))
    }

    /// What the assistant understood of a customer's message (the Show Intents modal):
    /// every intent with the words that gave it away, the final intents, and the intents of a
    /// multi-intent reply. SUPER_DATA_ADMIN and SUPER_USER only. A message not read yet
    /// answers `understood: false` with empty lists.
    #[oai(path = "/api/future-service-interaction/intentDetails", method = "get")]
    async fn intent_details(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        #[oai(name = "messageId")] message_id: Query<i64>,
    ) -> ApiResult<Json<IntentDetails>> {
        let (_, message) = Self::super_users_customer_message(
            &state,
            &caller,
            req,
            (fsi_id.0, message_id.0),
            "Only messages from the customer are read by the assistant",
        )
        .await?;
        let stored = state.understandings.find(message.id).await?;
        Ok(Json(IntentDetails::new(message.id, fsi_id.0, stored)))
    }

    /// Marks a message (and its lead) as needing a response, or not.
    #[oai(path = "/api/svc-message-instance/response-reqd", method = "put")]
    async fn response_reqd(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "message_instance_id")] id: Query<i64>,
        #[oai(name = "responseReqd")] required: Query<bool>,
    ) -> ApiResult<Json<MessageView>> {
        set_response_reqd(&state, &caller, req, id.0, required.0, None).await
    }

    /// Like `response-reqd`, saying whose response is awaited (CUSTOMER or INTERNAL_NOTE).
    #[oai(
        path = "/api/svc-message-instance/response-reqd-with-type",
        method = "put"
    )]
    async fn response_reqd_with_type(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ResponseReqdUpdate>,
    ) -> ApiResult<Json<MessageView>> {
        set_response_reqd(
            &state,
            &caller,
            req,
            body.message_instance_id,
            body.response_reqd,
            Some(body.response_type.as_deref().unwrap_or("CUSTOMER")),
        )
        .await
    }

    /// The response-required state of a message and its lead before a change.
    #[oai(path = "/api/svc-message-instance/get-pre-status", method = "put")]
    async fn pre_status(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "message_instance_id")] id: Query<i64>,
    ) -> ApiResult<Json<PreStatus>> {
        let scope = request_scope(&caller, req)?;
        let message = Self::visible_message(&state, &caller, &scope, id.0).await?;
        let lead_required = match message.fsi_id {
            Some(fsi) => state
                .leads
                .get(&scope, fsi)
                .await?
                .is_some_and(|(lead, _)| lead.response_reqd),
            None => false,
        };
        Ok(Json(PreStatus {
            message_instance_id: message.id,
            response_reqd: message.response_reqd,
            lead_response_reqd: lead_required,
        }))
    }

    /// Enables log mode on a customer message (SUPER_DATA_ADMIN and SUPER_USER): the reply to
    /// it is held for review, its validity not yet decided.
    #[oai(
        path = "/api/future-service-interaction/track/logMode",
        method = "post"
    )]
    async fn log_mode(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        #[oai(name = "messageId")] message_id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let message = Self::customer_message_on_lead(
            &state,
            &caller,
            &scope,
            (fsi_id.0, message_id.0),
            "Log mode is set on customer messages",
        )
        .await?;
        state
            .messages
            .enable_log_mode(message.id, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: "Log mode enabled".to_owned(),
        }))
    }

    /// Marks a log-mode message's handling valid or invalid.
    #[oai(
        path = "/api/svc-message-instance/updateLogModeResponseValidity",
        method = "put"
    )]
    async fn log_mode_validity(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<LogModeValidity>,
    ) -> ApiResult<Json<MessageView>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let message = Self::visible_message(&state, &caller, &scope, body.message_id).await?;
        if !message.log_mode {
            return Err(engine::Error::invalid("This message is not in log mode").into());
        }
        state
            .messages
            .set_log_mode_validity(message.id, body.is_valid, Utc::now())
            .await?;
        Ok(Json(state.messages.require(message.id).await?.into()))
    }

    /// Log-mode messages in scope, newest first.
    #[oai(path = "/api/svc-message-instance/report/logMessages", method = "post")]
    async fn log_messages(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<LogMessagesQuery>,
    ) -> ApiResult<Json<MessagePage>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let validity = match body.validity.as_deref() {
            None | Some("") | Some("ALL") => None,
            Some("VALID") => Some(Some(true)),
            Some("INVALID") => Some(Some(false)),
            Some("PENDING") => Some(None),
            Some(other) => {
                return Err(engine::Error::invalid(format!(
                    "validity must be VALID, INVALID or PENDING, got {other:?}"
                ))
                .into());
            }
        };
        let page = PageRequest::new(body.page, body.size)?;
        if body.store_id.is_some() {
            stores_of(&state, &scope, None, body.store_id).await?;
        }
        let found = state
            .messages
            .log_mode_messages(&scope, body.store_id, validity, page)
            .await?;
        Ok(Json(found.into()))
    }

    /// The conversation as a plain-text transcript, as the caller may see it.
    #[oai(
        path = "/api/svc-message-instance/download/transcript/:id",
        method = "get"
    )]
    async fn transcript(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Attachment<Vec<u8>>> {
        let scope = request_scope(&caller, req)?;
        let (lead, _) = state.leads.require(&scope, id.0).await?;
        let messages = state
            .messages
            .history(lead.id, Visibility::of(&caller))
            .await?;
        let zone = engine::domain::formats::parse_time_zone(&lead.office_time_zone)
            .unwrap_or(chrono_tz::America::New_York);
        let mut text = format!(
            "Conversation with {} {} ({}) at {}\r\nLead {} · {}\r\n\r\n",
            lead.customer_first_name,
            lead.customer_last_name,
            lead.customer_cellular.as_deref().unwrap_or("no mobile"),
            lead.store_name,
            lead.id,
            lead.service_type,
        );
        for m in messages {
            let when = m
                .created_at
                .with_timezone(&zone)
                .format("%Y-%m-%d %I:%M %p %Z");
            let who = m.from_name.as_deref().unwrap_or("Unknown");
            let kind = match m.message_type {
                MessageType::Sms => String::new(),
                other => format!(" [{other}]"),
            };
            let status = if m.direction == Direction::Received {
                String::new()
            } else {
                format!(" ({})", m.message_status)
            };
            text.push_str(&format!(
                "{when} {who}{kind}{status}:\r\n{}\r\n\r\n",
                m.content
            ));
        }
        Ok(Attachment::new(text.into_bytes())
            .attachment_type(AttachmentType::Attachment)
            .filename(format!("transcript-{}.txt", lead.id)))
    }

    /// A store's or dealer's assistants (the inbox asks for division DIV004, service).
    #[oai(path = "/assistant/v2/getassistlist", method = "get")]
    async fn assistants(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "boc_id_pk")] boc_id: Query<Option<i64>>,
        #[oai(name = "store_id_pk")] store_id: Query<Option<i64>>,
        #[oai(name = "divisionId")] division: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<AssistantView>>> {
        let scope = request_scope(&caller, req)?;
        if boc_id.0.is_some() || store_id.0.is_some() {
            stores_of(&state, &scope, boc_id.0, store_id.0).await?;
        }
        let found = state
            .store_config
            .assistants(&scope, boc_id.0, store_id.0, division.0.as_deref())
            .await?;
        Ok(Json(found.into_iter().map(AssistantView::from).collect()))
    }

    /// E-mail and calendar invites as sent, newest first; without SMTP this is where they wait.
    /// Those of the messages the caller may see (the GM's handoff e-mail is the super data
    /// admin's), and a scheduled report's mail for whole-enterprise callers.
    #[oai(path = "/api/email/outbox", method = "get")]
    async fn outbox(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<OutboxPage>> {
        let scope = request_scope(&caller, req)?;
        let found = state
            .messages
            .outbox(
                &scope,
                Visibility::of(&caller),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(OutboxPage {
            content: found
                .content
                .into_iter()
                .map(OutboxEmailView::from)
                .collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }
}

async fn unread(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    enterprise_id: Option<i64>,
    store_id: Option<i64>,
    grouping: UnreadGrouping,
) -> ApiResult<Json<Vec<UnreadCountView>>> {
    let scope = crate::auth::scope_naming(caller, req, enterprise_id)?;
    if store_id.is_some() {
        stores_of(state, &scope, None, store_id).await?;
    }
    let counts = state
        .messages
        .unread_counts(&scope, store_id, grouping)
        .await?;
    Ok(Json(
        counts.into_iter().map(UnreadCountView::from).collect(),
    ))
}

async fn set_response_reqd(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    id: i64,
    required: bool,
    response_type: Option<&str>,
) -> ApiResult<Json<MessageView>> {
    let scope = request_scope(caller, req)?;
    let message = MessageApi::visible_message(state, caller, &scope, id).await?;
    match response_type {
        None | Some("CUSTOMER") => {}
        Some("INTERNAL_NOTE") if message.message_type == MessageType::InternalNotes => {}
        Some("INTERNAL_NOTE") => {
            return Err(engine::Error::invalid("The message is not an internal note").into());
        }
        Some(other) => {
            return Err(engine::Error::invalid(format!(
                "type must be CUSTOMER or INTERNAL_NOTE, got {other:?}"
            ))
            .into());
        }
    }
    let now = Utc::now();
    state
        .messages
        .set_response_reqd(message.id, required, now)
        .await?;
    if let Some(fsi) = message.fsi_id {
        state
            .messages
            .set_lead_response_reqd(fsi, required, now)
            .await?;
        state
            .publish(vec![Notice::LeadCounts {
                id: fsi,
                enterprise_id: message.enterprise_id,
            }])
            .await;
    }
    Ok(Json(state.messages.require(message.id).await?.into()))
}
