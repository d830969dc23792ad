//! The assistant's per-message actions staff take from a conversation (spec sections 4 and
//! 6): the date-time dialogue (DT) and Action Intents / Default Action Intents. For
//! SUPER_DATA_ADMIN and SUPER_USER, like the rest of the message options menu.

use chrono::Utc;
use engine::assistant::Intent;
use engine::assistant::actions::{IntentAction, action_for, meaning};
use engine::auth::Scope;
use engine::messaging::{DateTimeDialogueRequest, IntentActionRequest, Notice};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::lead_actions::lead;
use super::leads::FutureServiceInteraction;
use super::messages::{MessageApi, MessageView};
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;
use engine::domain::SUPER_ROLES;

/// The spec's date-time dialogue request.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DateTimeDialogueBody {
    /// The lead.
    pub id: i64,
    /// `false` switches the dialogue off, as the disable call does.
    #[oai(default = "enabled_by_default")]
    pub dt_dialog_enabled: bool,
    /// The customer's words to answer; the newest customer message when absent.
    pub last_message: Option<String>,
    /// Staff book by hand: the dialogue is on but the assistant does not text.
    #[oai(default)]
    pub manual_booking: bool,
    /// Start it even though an appointment is set, a dialogue runs, the conversation is
    /// closed or the assistant is off for the lead.
    #[oai(default)]
    pub is_forced: bool,
}

const NOT_CUSTOMERS: &str = "Intents are acted on for messages from the customer";

fn enabled_by_default() -> bool {
    true
}

/// The lead whose dialogue to switch off.
#[derive(Debug, Object)]
pub struct DateTimeDialogueOff {
    pub id: i64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DateTimeDialogueView {
    /// 'Date Time Dialogue Sent' or 'Date Time Dialogue Disabled'.
    pub message: String,
    /// The assistant's question, queued (none for manual booking or when switching off).
    pub message_instance: Option<MessageView>,
    pub future_service_interaction: FutureServiceInteraction,
}

/// An intent staff may act on, with what acting does.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct IntentChoice {
    pub intent_name: String,
    pub meaning: String,
    /// What acting on it does, in words.
    pub effects: Vec<String>,
}

impl IntentChoice {
    fn new(intent: Intent) -> Self {
        IntentChoice {
            intent_name: intent.code().to_owned(),
            meaning: meaning(intent).to_owned(),
            effects: effects(action_for(intent)),
        }
    }
}

fn effects(action: IntentAction) -> Vec<String> {
    let mut effects = Vec::new();
    if action.start_date_time_dialogue {
        effects.push("Starts the Date Time Dialogue".to_owned());
    }
    if action.opt_out {
        effects.push("Opts the customer out of texts".to_owned());
    }
    if let Some(insight) = action.response_insight {
        effects.push(format!("Response insight {insight}"));
    }
    if action.close_conversation {
        effects.push("Closes the conversation".to_owned());
    }
    if action.response_required {
        effects.push("Marks the lead response required".to_owned());
    }
    effects.push("Marks the lead with the intent".to_owned());
    effects
}

/// The choices of the two popovers for one customer message.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ActionIntentChoices {
    pub message_id: i64,
    /// Action intents are enabled while the assistant is on for the lead.
    pub action_intents_enabled: bool,
    /// The intents the assistant found in the message (empty until it has read it).
    pub action_intents: Vec<IntentChoice>,
    /// Every label.
    pub default_action_intents: Vec<IntentChoice>,
}

/// Staff acting on one intent of a customer message.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ActionIntentBody {
    pub future_service_interaction_id: i64,
    pub message_id: i64,
    /// One of the labels; empty is refused with 'Please select an intent'.
    pub intent_name: Option<String>,
    /// Chosen from Default Action Intents (any label) rather than Action Intents (the
    /// intents found in the message).
    #[oai(default)]
    pub is_default: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ActionIntentView {
    /// 'Successfully Updated'.
    pub message: String,
    pub intent_name: String,
    pub effects: Vec<String>,
    /// Texts queued by the action: the dialogue's question or the opt-out confirmation.
    pub message_instances: Vec<MessageView>,
    pub future_service_interaction: FutureServiceInteraction,
}

/// Tells the stream what changed and answers with the lead as it now is.
async fn lead_after(
    state: &AppState,
    scope: &Scope,
    id: i64,
    notices: Vec<Notice>,
) -> ApiResult<FutureServiceInteraction> {
    state.publish(notices).await;
    let (lead, marks) = state.leads.require(scope, id).await?;
    FutureServiceInteraction::new(lead, marks)
}

async fn switch_off(
    state: &AppState,
    scope: &Scope,
    id: i64,
) -> ApiResult<Json<DateTimeDialogueView>> {
    let notices = state
        .messaging
        .disable_date_time_dialogue(scope, id)
        .await?;
    Ok(Json(DateTimeDialogueView {
        message: "Date Time Dialogue Disabled".to_owned(),
        message_instance: None,
        future_service_interaction: lead_after(state, scope, id, notices).await?,
    }))
}

pub struct AssistantActionApi;

#[OpenApi(tag = "ApiTags::Leads")]
impl AssistantActionApi {
    /// Switches the date-time dialogue on (the DT badge's green click): the assistant reads the
    /// customer's words and texts back the time it understood for confirmation, or asks for a
    /// day and time. 400 with the reason when it should not start (a dialogue already runs, an
    /// appointment is set, the conversation is closed, the assistant is off) unless
    /// `isForced`; 400 always for an opted-out customer or a store without an assistant.
    #[oai(
        path = "/api/future-service-interaction/dtDialog/resume",
        method = "post"
    )]
    async fn resume(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<DateTimeDialogueBody>,
    ) -> ApiResult<Json<DateTimeDialogueView>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        if !body.dt_dialog_enabled {
            return switch_off(&state, &scope, body.id).await;
        }
        let started = state
            .messaging
            .resume_date_time_dialogue(
                &scope,
                DateTimeDialogueRequest {
                    fsi_id: body.id,
                    last_message: body.last_message.as_deref(),
                    manual_booking: body.manual_booking,
                    forced: body.is_forced,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(DateTimeDialogueView {
            message: "Date Time Dialogue Sent".to_owned(),
            message_instance: started.message.map(Into::into),
            future_service_interaction: lead_after(&state, &scope, body.id, started.notices)
                .await?,
        }))
    }

    /// Switches the date-time dialogue off (the DT badge's red click).
    #[oai(
        path = "/api/future-service-interaction/dtDialog/disable",
        method = "post"
    )]
    async fn disable(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<DateTimeDialogueOff>,
    ) -> ApiResult<Json<DateTimeDialogueView>> {
        caller.require_any(SUPER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        switch_off(&state, &scope, body.id).await
    }

    /// The choices of the Action Intents and Default Action Intents popovers for a customer
    /// message: the intents the assistant found in it, and every label, each with what acting
    /// on it does.
    #[oai(
        path = "/api/future-service-interaction/action-intents",
        method = "get"
    )]
    async fn choices(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        #[oai(name = "messageId")] message_id: Query<i64>,
    ) -> ApiResult<Json<ActionIntentChoices>> {
        let (scope, message) = MessageApi::super_users_customer_message(
            &state,
            &caller,
            req,
            (fsi_id.0, message_id.0),
            NOT_CUSTOMERS,
        )
        .await?;
        let lead = lead(&state, &scope, fsi_id.0).await?;
        let found = state.understandings.find(message.id).await?;
        let action_intents = found
            .iter()
            .flat_map(|understanding| &understanding.intents)
            .filter_map(|stored| Intent::from_code(&stored.intent_name))
            .map(IntentChoice::new)
            .collect();
        Ok(Json(ActionIntentChoices {
            message_id: message.id,
            action_intents_enabled: lead.ai_enabled,
            action_intents,
            default_action_intents: Intent::ALL.into_iter().map(IntentChoice::new).collect(),
        }))
    }

    /// Acts on one intent of a customer message (the popovers' Save): sets the response
    /// insight, opts out, closes the conversation, hands it to staff or starts the date-time
    /// dialogue as the intent means, and marks the lead with it. 400 'Please select an intent'
    /// without one; 400 for an unknown label, for an Action Intent the assistant did not find,
    /// or while the assistant is off for the lead.
    #[oai(
        path = "/api/future-service-interaction/action-intent",
        method = "post"
    )]
    async fn act(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ActionIntentBody>,
    ) -> ApiResult<Json<ActionIntentView>> {
        let body = body.0;
        let (scope, message) = MessageApi::super_users_customer_message(
            &state,
            &caller,
            req,
            (body.future_service_interaction_id, body.message_id),
            NOT_CUSTOMERS,
        )
        .await?;
        let name = body
            .intent_name
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .ok_or_else(|| engine::Error::invalid("Please select an intent"))?;
        let intent = Intent::from_code(name)
            .ok_or_else(|| engine::Error::invalid(format!("Unknown intent {name:?}")))?;
        let lead = lead(&state, &scope, body.future_service_interaction_id).await?;
        if !lead.ai_enabled {
            return Err(engine::Error::invalid(
                "Action intents are off while the assistant is switched off for this lead",
            )
            .into());
        }
        let acted = state
            .messaging
            .act_on_intent(
                &caller,
                &scope,
                IntentActionRequest {
                    message: &message,
                    intent,
                    among_detected: !body.is_default,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(ActionIntentView {
            message: "Successfully Updated".to_owned(),
            intent_name: intent.code().to_owned(),
            effects: effects(acted.action),
            message_instances: acted.messages.into_iter().map(Into::into).collect(),
            future_service_interaction: lead_after(&state, &scope, lead.id, acted.notices).await?,
        }))
    }
}
