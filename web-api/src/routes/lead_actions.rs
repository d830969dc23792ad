//! Lead actions (spec section 7, "Lead actions"): flags, insight, stage and outcome,
//! conversation start, workflow tracks, and the lead's related views.

// The workflow-track call has one handler argument per query parameter of the spec; the
// OpenApi macro re-emits handlers, so the allowance must sit on the module.
#![allow(clippy::too_many_arguments)]

use chrono::Utc;
use engine::admin::access::require_inbound_view;
use engine::assistant::reply::Handoff;
use engine::auth::{Caller, Scope};
use engine::domain::formats::{parse_mileage, parse_minder, parse_request_date};
use engine::domain::leads::{
    InboundAppointment, LeadStage, ResponseInsight, TrackParameter, WorkflowTrack,
};
use engine::messaging::{Notice, TrackRequest};
use engine::store::PageRequest;
use engine::store::customers::VehicleMileage;
use engine::store::leads::{LeadFlag, LeadRecord};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::leads::FutureServiceInteraction;
use super::messages::{MessagePage, MessageView};
use crate::auth::{Session, request_scope};
use crate::closed::Closed;
use crate::error::ApiResult;
use crate::state::AppState;
use engine::store::messages::Visibility;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StageUpdate {
    /// INITIATED, RESPONDED, CONTACTED, ENGAGED, APPOINTMENT_SET, SHOW_OR_NO_SHOW or
    /// CAR_BOUGHT_OR_NOTBOUGHT.
    pub stage: String,
    /// One of the stage's outcomes (spec section 4); 400 otherwise.
    pub outcome: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ConversationStarted {
    pub message: String,
    pub message_instance: MessageView,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ConversationLink {
    /// The lead manager deep link that opens this conversation.
    pub url: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LeadMetadata {
    pub id: i64,
    pub customer_id: i64,
    pub store_id: i64,
    pub boc_id: i64,
    pub service_type: String,
    pub status: String,
    pub outcome: Option<String>,
    pub response_insight: Option<String>,
    pub ai_enabled: bool,
    pub appointment_set: bool,
    pub conversation_initiated: bool,
    pub conversation_closed: bool,
    pub total_inbound_count: i32,
    pub total_unread_count: i32,
    pub planned_date: Option<chrono::NaiveDate>,
    pub time_zone: String,
}

pub struct LeadActionApi;

/// A VMR update, with the spec's field names.
#[derive(Debug, Object)]
pub struct VehicleMileageBody {
    pub future_service_interaction_id: i64,
    /// As selected in the message: "45,300", "45300 miles", "45k".
    pub last_mileage: Option<String>,
    /// "A1", "B12", "15%".
    pub minder: Option<String>,
    /// YYYY-MM-DD or DD.MM.YYYY.
    pub last_service_date: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct VehicleMileageView {
    pub vehicle_id: i64,
    pub last_mileage: Option<i32>,
    pub minder: Option<String>,
    pub last_service_date: Option<chrono::NaiveDate>,
    /// 'Successfully Updated'.
    pub message: String,
}

/// A lead inside the scope; elsewhere simply not found.
pub(super) async fn lead(state: &AppState, scope: &Scope, id: i64) -> ApiResult<LeadRecord> {
    Ok(state.leads.require(scope, id).await?.0)
}

/// Re-reads the lead for the answer and tells the stream its counters changed.
async fn changed(
    state: &AppState,
    scope: &Scope,
    id: i64,
) -> ApiResult<Json<FutureServiceInteraction>> {
    let (lead, marks) = state.leads.require(scope, id).await?;
    state
        .publish([Notice::LeadCounts {
            id,
            enterprise_id: lead.enterprise_id,
        }])
        .await;
    Ok(Json(FutureServiceInteraction::new(lead, marks)?))
}

async fn set_flag(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    id: i64,
    flag: LeadFlag,
    value: bool,
) -> ApiResult<Json<FutureServiceInteraction>> {
    let scope = request_scope(caller, req)?;
    lead(state, &scope, id).await?;
    state.leads.set_flag(id, flag, value).await?;
    changed(state, &scope, id).await
}

/// Refuses the inbound-appointment view to a caller their enterprise's setting excludes
/// (`engine::admin::access::inbound_view`, decision 0022).
async fn inbound_view(state: &AppState, caller: &Caller) -> ApiResult<()> {
    let settings = match caller.enterprise_id {
        Some(id) => state.store_config.enterprise_settings(id).await?,
        None => Default::default(),
    };
    Ok(require_inbound_view(&caller.roles, &settings)?)
}

async fn track(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    fsi_id: i64,
    track: WorkflowTrack,
    parameter: Option<InboundAppointment>,
    intent: Option<&str>,
) -> ApiResult<Json<MessageView>> {
    let scope = request_scope(caller, req)?;
    let (note, notices) = state
        .messaging
        .record_track(
            Some(caller),
            &scope,
            TrackRequest {
                fsi_id,
                track,
                parameter,
                intent,
            },
            Utc::now(),
        )
        .await?;
    state.publish(notices).await;
    Ok(Json(note.into()))
}

/// A handoff (GM with parameter CQ, MD, manual, or the external one): the assistant's own
/// handoff, started by staff (spec I-R7).
async fn hand_off(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    fsi_id: i64,
    handoff: Handoff,
) -> ApiResult<Json<MessageView>> {
    let scope = request_scope(caller, req)?;
    let handed = state
        .assistant
        .hand_off_by_staff(caller, &scope, fsi_id, handoff, Utc::now())
        .await?;
    state.send_now(&handed.messages).await?;
    state.publish(handed.notices).await;
    let note = handed
        .messages
        .into_iter()
        .next()
        .ok_or_else(|| engine::Error::Internal("a handoff records its note".to_owned()))?;
    Ok(Json(note.into()))
}

#[OpenApi(tag = "ApiTags::Leads")]
impl LeadActionApi {
    /// Switches the assistant on or off for a lead.
    #[oai(
        path = "/api/future-service-interaction/update-ai-enabled",
        method = "post"
    )]
    async fn update_ai_enabled(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<i64>,
        #[oai(name = "aiEnabled")] ai_enabled: Query<bool>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        set_flag(
            &state,
            &caller,
            req,
            id.0,
            LeadFlag::AiEnabled,
            ai_enabled.0,
        )
        .await
    }

    /// Marks a lead as having (or not) an appointment.
    #[oai(
        path = "/api/future-service-interaction/update-appointment-set",
        method = "post"
    )]
    async fn update_appointment_set(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<i64>,
        #[oai(name = "appointment-set")] appointment_set: Query<bool>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        set_flag(
            &state,
            &caller,
            req,
            id.0,
            LeadFlag::AppointmentSet,
            appointment_set.0,
        )
        .await
    }

    /// Closes (or reopens) a lead's conversation.
    #[oai(
        path = "/api/future-service-interaction/conversationClosed",
        method = "put"
    )]
    async fn conversation_closed(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<i64>,
        #[oai(name = "conversationClosed")] closed: Query<bool>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        set_flag(
            &state,
            &caller,
            req,
            id.0,
            LeadFlag::ConversationClosed,
            closed.0,
        )
        .await
    }

    /// Sets (or clears, when empty) the lead's response insight.
    #[oai(
        path = "/api/future-service-interaction/responseInsight",
        method = "put"
    )]
    async fn response_insight(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<i64>,
        #[oai(name = "responseInsight")] insight: Query<Option<String>>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        let scope = request_scope(&caller, req)?;
        lead(&state, &scope, id.0).await?;
        let insight = match insight
            .0
            .as_deref()
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            None => None,
            Some(text) => Some(text.parse::<ResponseInsight>()?),
        };
        state.leads.set_response_insight(id.0, insight).await?;
        changed(&state, &scope, id.0).await
    }

    /// A vehicle mileage record (VMR) update from text staff selected in a message: the lead's
    /// vehicle gets the mileage (read as people write it: "45,300", "45k"), the minder reading
    /// ("A1", "B12", "15%") and/or the last service date. Path ours; the fields are the spec's.
    #[oai(
        path = "/api/future-service-interaction/vehicle-mileage",
        method = "put"
    )]
    async fn vehicle_mileage(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<VehicleMileageBody>,
    ) -> ApiResult<Json<VehicleMileageView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let lead = lead(&state, &scope, body.future_service_interaction_id).await?;
        let vehicle_id = lead
            .vehicle_id
            .ok_or_else(|| engine::Error::invalid("The lead has no vehicle"))?;
        let blank = |t: &Option<String>| {
            t.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        };
        let update = VehicleMileage {
            miles: blank(&body.last_mileage)
                .map(|t| parse_mileage(&t))
                .transpose()?,
            minder: blank(&body.minder).map(|t| parse_minder(&t)).transpose()?,
            last_service_date: parse_request_date(
                "last_service_date",
                body.last_service_date.as_deref(),
            )?,
        };
        if update.miles.is_none() && update.minder.is_none() && update.last_service_date.is_none() {
            return Err(
                engine::Error::invalid("Give last_mileage, minder or last_service_date").into(),
            );
        }
        state
            .customers
            .update_vehicle_mileage(vehicle_id, &update, Utc::now())
            .await?;
        let vehicle = state.customers.vehicle(&scope, vehicle_id).await?;
        Ok(Json(VehicleMileageView {
            vehicle_id,
            last_mileage: vehicle.odometer,
            minder: vehicle.minder,
            last_service_date: vehicle.last_service_date,
            message: "Successfully Updated".to_owned(),
        }))
    }

    /// Moves a lead to a stage with one of that stage's outcomes (400 for any other).
    #[oai(path = "/api/future-service-interaction/:id/stage", method = "put")]
    async fn stage(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<StageUpdate>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        let scope = request_scope(&caller, req)?;
        lead(&state, &scope, id.0).await?;
        let stage: LeadStage = body.stage.trim().parse()?;
        let outcome = body
            .outcome
            .as_deref()
            .map(str::trim)
            .filter(|o| !o.is_empty());
        if let Some(outcome) = outcome {
            stage.check_outcome(outcome)?;
        }
        state.leads.set_stage(id.0, stage, outcome).await?;
        changed(&state, &scope, id.0).await
    }

    /// Starts a lead's conversation with its opening text. 400 'An other interaction has been
    /// already initiated for this customer' or 'The customer has already been contacted for
    /// …' unless `force`.
    #[oai(path = "/api/service-workflow/initiate", method = "get")]
    async fn initiate(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        force: Query<Option<bool>>,
    ) -> ApiResult<Json<ConversationStarted>> {
        let scope = request_scope(&caller, req)?;
        let (message, notices) = state
            .messaging
            .initiate(&scope, fsi_id.0, force.0.unwrap_or(false), Utc::now())
            .await?;
        state.publish(notices).await;
        Ok(Json(ConversationStarted {
            message: "Successfully Started".to_owned(),
            message_instance: message.into(),
        }))
    }

    /// Posts a workflow track on a lead (`id` or `future-service-interaction-id`), with an
    /// inbound-appointment `parameter` where the track takes one. A handoff track hands the
    /// conversation to staff as the assistant does (the GM handoff with an issue tag as its
    /// `parameter`, CQ when none; the customer handoff is the manual one).
    #[oai(
        path = "/api/future-service-interaction/workflow/track",
        method = "post"
    )]
    async fn workflow_track(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<Option<i64>>,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<Option<i64>>,
        #[oai(name = "track")] track_name: Query<String>,
        parameter: Query<Option<String>>,
        #[oai(name = "intentName")] intent: Query<Option<String>>,
    ) -> ApiResult<Json<MessageView>> {
        let fsi_id =
            id.0.or(fsi_id.0)
                .ok_or_else(|| engine::Error::invalid("id is required"))?;
        let workflow: WorkflowTrack = track_name.0.trim().parse()?;
        let (inbound, issue) = match workflow.check_parameter(parameter.0.as_deref())? {
            Some(TrackParameter::Inbound(inbound)) => (Some(inbound), None),
            Some(TrackParameter::Issue(issue)) => (None, Some(issue)),
            None => (None, None),
        };
        if inbound.is_some() {
            inbound_view(&state, &caller).await?;
        }
        if let Some(handoff) = Handoff::by_staff(workflow, issue) {
            return hand_off(&state, &caller, req, fsi_id, handoff).await;
        }
        track(
            &state,
            &caller,
            req,
            fsi_id,
            workflow,
            inbound,
            intent.0.as_deref(),
        )
        .await
    }

    /// Records what the assistant found about an inbound appointment request (one of the nine
    /// parameter values). CUSTOMER_SAY_YES hands the conversation to staff on EXTERNAL_A_HANDOFF
    /// (the live handoff, its notification and the managers' e-mail); the first three are filed
    /// on INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE with the value as parameter, the other
    /// five (the spec gives them no track) on the same track with the value as the intent
    /// (decision 0025).
    #[oai(
        path = "/api/future-service-interaction/workflow/inbound-appointment",
        method = "post"
    )]
    async fn inbound_appointment(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        parameter: Query<Closed<InboundAppointment>>,
    ) -> ApiResult<Json<MessageView>> {
        let parameter: InboundAppointment = parameter.0.0;
        inbound_view(&state, &caller).await?;
        let workflow = match parameter {
            InboundAppointment::CustomerSayYes => WorkflowTrack::ExternalAHandoff,
            _ => WorkflowTrack::AskCustomerForAppointment,
        };
        if let Some(handoff) = Handoff::by_staff(workflow, None) {
            return hand_off(&state, &caller, req, fsi_id.0, handoff).await;
        }
        let allowed = workflow.allowed_parameters().contains(&parameter);
        track(
            &state,
            &caller,
            req,
            fsi_id.0,
            workflow,
            allowed.then_some(parameter),
            Some(parameter.as_str()),
        )
        .await
    }

    /// The customer did not come: stage SHOW_OR_NO_SHOW, outcome NO_SHOW.
    #[oai(
        path = "/api/future-service-interaction/workflow/noShow",
        method = "post"
    )]
    async fn no_show(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<MessageView>> {
        track(
            &state,
            &caller,
            req,
            fsi_id.0,
            WorkflowTrack::CustomerNoShow,
            None,
            None,
        )
        .await
    }

    /// The customer's other leads.
    #[oai(
        path = "/api/future-service-interaction/otherInteraction",
        method = "get"
    )]
    async fn other_interaction(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<Vec<FutureServiceInteraction>>> {
        let scope = request_scope(&caller, req)?;
        let this = lead(&state, &scope, fsi_id.0).await?;
        let others = state.leads.other_leads(&scope, &this).await?;
        Ok(Json(
            others
                .into_iter()
                .map(|l| FutureServiceInteraction::new(l, Vec::new()))
                .collect::<ApiResult<Vec<_>>>()?,
        ))
    }

    /// The lead manager link that opens this conversation.
    #[oai(
        path = "/api/future-service-interaction/conversation-link",
        method = "get"
    )]
    async fn conversation_link(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<ConversationLink>> {
        let scope = request_scope(&caller, req)?;
        let this = lead(&state, &scope, fsi_id.0).await?;
        let base = super::webhooks::public_base(&state, req);
        Ok(Json(ConversationLink {
            url: format!(
                "{base}/leadmanager?future_service_interaction_id={}",
                this.id
            ),
        }))
    }

    /// The lead's ids, flags and counters.
    #[oai(path = "/api/future-service-interaction/metadata", method = "get")]
    async fn metadata(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<LeadMetadata>> {
        let scope = request_scope(&caller, req)?;
        let l = lead(&state, &scope, fsi_id.0).await?;
        Ok(Json(LeadMetadata {
            id: l.id,
            customer_id: l.customer_id,
            store_id: l.store_id,
            boc_id: l.boc_id,
            service_type: l.service_type,
            status: l.status,
            outcome: l.outcome,
            response_insight: l.response_insight,
            ai_enabled: l.ai_enabled,
            appointment_set: l.appointment_set,
            conversation_initiated: l.conversation_initiated,
            conversation_closed: l.conversation_closed,
            total_inbound_count: l.total_inbound_count,
            total_unread_count: l.total_unread_count,
            planned_date: l.planned_date,
            time_zone: l.office_time_zone,
        }))
    }

    /// The lead's messages, newest first, paged (as the caller may see them).
    #[oai(
        path = "/api/future-service-interaction/fsi-meta-data/:id",
        method = "get"
    )]
    async fn fsi_meta_data(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<MessagePage>> {
        let scope = request_scope(&caller, req)?;
        lead(&state, &scope, id.0).await?;
        let found = state
            .messages
            .history_page(
                id.0,
                Visibility::of(&caller),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(found.into()))
    }
}
