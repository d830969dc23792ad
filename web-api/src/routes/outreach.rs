//! Bulk conversation initiation (spec section C): the dry run, the run as a job, and the
//! bulk-conversation report of what became of each lead. Rules: docs/bulk-initiation.md.

use chrono::{DateTime, Utc};
use engine::domain::JobInput;
use engine::domain::formats::{DayRange, START_END, parse_request_date};
use engine::outreach::cadence::{CadenceStep, FollowUpStep, StepDraft};
use engine::outreach::{
    BulkInitiationInput, BulkOutcome, BulkRequest, DryRun, DryRunRow, StepOverride, StepSent,
    StoreRun, TemplatePick, ZoneRuns,
};
use engine::store::PageRequest;
use engine::store::bulk_initiations::{BulkLeadReportRow, BulkReportFilter};
use engine::store::follow_ups::NextStep;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::jobs::{JobRunView, run_view};
use super::lead_lists::{LeadSearchBody, checked_search};
use super::messages::MessageView;
use crate::auth::{Session, request_scope, scope_naming, stores_of};
use crate::error::ApiResult;
use crate::state::AppState;

/// The template to text leads of one service type with.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TemplateChoice {
    /// A service type, or ALL for every type without its own.
    pub service_type: String,
    pub template_id: i64,
    /// CUSTOM (default: a personal or group template) or STANDARD.
    pub template_source: Option<String>,
}

/// A bulk initiation: leads by id, or a lead list with the lead lists' search payload.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BulkInitiateBody {
    pub enterprise_id: Option<i64>,
    #[oai(validator(max_items = 20000))]
    pub lead_ids: Option<Vec<i64>>,
    /// A lead list's name, e.g. `first-interaction` (docs/bulk-initiation.md lists them).
    pub list: Option<String>,
    pub filter: Option<LeadSearchBody>,
    /// Service types left out use their standard `SVC-{serviceType}` text.
    #[oai(validator(max_items = 100))]
    pub templates: Option<Vec<TemplateChoice>>,
    /// Answer who would be texted and who skipped, and why; nothing is sent.
    pub dry_run: Option<bool>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReasonCount {
    pub reason: String,
    pub label: String,
    pub count: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DryRunLead {
    pub future_service_interaction_id: i64,
    pub customer_name: String,
    pub customer_cellular: Option<String>,
    pub store_id: i64,
    pub store_name: String,
    pub service_type: String,
    /// SENT (texted at once), DEFERRED (held for the customer's allowed hours) or SKIPPED.
    pub outcome: String,
    pub reason: Option<String>,
    pub reason_label: Option<String>,
    pub detail: Option<String>,
    pub deferred_until: Option<DateTime<Utc>>,
    /// The text the customer would get.
    pub text: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DryRunView {
    pub total: u64,
    pub to_send: u64,
    pub deferred: u64,
    pub skipped: u64,
    pub skipped_by_reason: Vec<ReasonCount>,
    /// The first 1,000 leads one by one; the counts cover all.
    pub leads: Vec<DryRunLead>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct BulkInitiateAnswer {
    /// 'Processing has been started successfully', or 'Dry run' for a dry run.
    pub message: String,
    pub dry_run: Option<DryRunView>,
    /// The run texting the leads (not for a dry run); follow it on the Jobs dashboard.
    pub job_run: Option<JobRunView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct BulkLeadView {
    pub id: i64,
    pub job_run_id: i64,
    pub future_service_interaction_id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_cellular: Option<String>,
    pub service_type: String,
    /// PENDING, SENDING, SENT, DEFERRED, SKIPPED or FAILED.
    pub outcome: String,
    pub reason: Option<String>,
    pub reason_label: Option<String>,
    pub detail: Option<String>,
    pub message_id: Option<i64>,
    /// The text's delivery status (queued, sent, delivered, failed…).
    pub message_status: Option<String>,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BulkLeadPage {
    pub content: Vec<BulkLeadView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

fn reason_label(reason: Option<&str>) -> Option<String> {
    reason
        .and_then(|r| r.parse::<engine::outreach::BulkSkipReason>().ok())
        .map(|r| r.label().to_owned())
}

impl From<BulkLeadReportRow> for BulkLeadView {
    fn from(row: BulkLeadReportRow) -> Self {
        Self {
            reason_label: reason_label(row.reason.as_deref()),
            id: row.id,
            job_run_id: row.job_run_id,
            future_service_interaction_id: row.fsi_id,
            store_id: row.store_id,
            store_name: row.store_name,
            customer_id: row.customer_id,
            customer_name: format!("{} {}", row.customer_first_name, row.customer_last_name),
            customer_cellular: row.customer_cellular,
            service_type: row.service_type,
            outcome: row.outcome,
            reason: row.reason,
            detail: row.detail,
            message_id: row.message_id,
            message_status: row.message_status,
            scheduled_for: row.scheduled_for,
            finished_at: row.finished_at,
            created_at: row.created_at,
        }
    }
}

impl From<DryRunRow> for DryRunLead {
    fn from(row: DryRunRow) -> Self {
        Self {
            future_service_interaction_id: row.fsi_id,
            customer_name: row.customer_name,
            customer_cellular: row.customer_cellular,
            store_id: row.store_id,
            store_name: row.store_name,
            service_type: row.service_type,
            outcome: row.outcome.as_str().to_owned(),
            reason: row.reason.map(|r| r.as_str().to_owned()),
            reason_label: row.reason.map(|r| r.label().to_owned()),
            detail: row.detail,
            deferred_until: row.deferred_until,
            text: row.text,
        }
    }
}

impl From<DryRun> for DryRunView {
    fn from(run: DryRun) -> Self {
        Self {
            total: run.total,
            to_send: run.to_send,
            deferred: run.deferred,
            skipped: run.skipped,
            skipped_by_reason: run
                .by_reason
                .into_iter()
                .map(|(reason, count)| ReasonCount {
                    reason: reason.to_owned(),
                    label: reason_label(Some(reason)).unwrap_or_default(),
                    count,
                })
                .collect(),
            leads: run.rows.into_iter().map(DryRunLead::from).collect(),
        }
    }
}

/// A step sent by hand, and where the lead's cadence goes next.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FollowUpStarted {
    /// 'Successfully Initiated!'.
    pub message: String,
    pub message_instance: MessageView,
    /// The next step, and when it is due (none: the cadence is complete).
    pub next_follow_up_step: Option<String>,
    pub next_follow_up_at: Option<DateTime<Utc>>,
}

/// `/workflow/followup`'s body: the step, and staff's own text for it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FollowUpBody {
    /// FU1, FU2, FU3, FUDT, E1, E2, E3, S1 or S2 (default: the lead's next step, else FU1).
    pub followup_type: Option<String>,
    /// For an e-mail step ('Please Enter Subject' when empty).
    #[oai(validator(max_length = 200))]
    pub subject: Option<String>,
    /// The text to send instead of the step's own ('Please Enter Message' when empty).
    #[oai(validator(max_length = 5000))]
    pub content: Option<String>,
}

/// One step of a store's cadence.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CadenceStepView {
    pub step: String,
    pub enabled: bool,
    /// Hours after the last outbound message without a reply.
    pub delay_hours: i64,
    /// SMS or EMAIL.
    pub channel: String,
    pub template_id: Option<i64>,
    pub subject: Option<String>,
    pub body: String,
    /// Whether the store changed it (else the built-in step).
    pub custom: bool,
}

impl From<CadenceStep> for CadenceStepView {
    fn from(step: CadenceStep) -> Self {
        Self {
            step: step.step.as_str().to_owned(),
            enabled: step.enabled,
            delay_hours: step.delay_hours,
            channel: step.channel.as_str().to_owned(),
            template_id: step.template_id,
            subject: step.subject,
            body: step.body,
            custom: step.custom,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CadenceView {
    pub store_id: i64,
    pub steps: Vec<CadenceStepView>,
}

/// A step as a change names it; fields left out keep their value.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CadenceStepChange {
    pub step: String,
    pub enabled: Option<bool>,
    pub delay_hours: Option<i64>,
    pub channel: Option<String>,
    /// A custom template to take the text from.
    pub template_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub subject: Option<String>,
    #[oai(validator(max_length = 5000))]
    pub body: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CadenceChange {
    #[oai(validator(max_items = 20))]
    pub steps: Vec<CadenceStepChange>,
}

async fn follow_up_started(state: &AppState, sent: StepSent) -> ApiResult<Json<FollowUpStarted>> {
    let message = &sent.message;
    if message.scheduled_for.is_none() {
        jobs::dispatcher::dispatch(
            &state.messages,
            &state.jobs,
            message.id,
            message.enterprise_id,
        )
        .await?;
    }
    state.publish(sent.notices).await;
    let (next_follow_up_step, next_follow_up_at) = match sent.next {
        NextStep::At { step, at, .. } => (Some(step.as_str().to_owned()), Some(at)),
        NextStep::Stopped(_) => (None, None),
    };
    Ok(Json(FollowUpStarted {
        message: "Successfully Initiated!".to_owned(),
        message_instance: sent.message.into(),
        next_follow_up_step,
        next_follow_up_at,
    }))
}

/// Which results a report call lists.
#[derive(Clone, Copy)]
enum ReportKind {
    All,
    NotTexted,
    Today,
}

pub struct OutreachApi;

#[OpenApi(tag = "ApiTags::Outreach")]
impl OutreachApi {
    /// Starts the conversations of many leads with a template per service type, as a job
    /// (answered at once with the run). With `dryRun`, answers who would be texted now, who
    /// later (outside their allowed hours) and who is skipped and why, and sends nothing.
    /// Managers only.
    #[oai(path = "/api/service-workflow/bulk/initiate", method = "post")]
    async fn bulk_initiate(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<BulkInitiateBody>,
    ) -> ApiResult<Json<BulkInitiateAnswer>> {
        let body = body.0;
        let (scope, filter) = match body.filter {
            Some(filter) if body.list.is_some() => {
                let filter = LeadSearchBody {
                    enterprise_id: filter.enterprise_id.or(body.enterprise_id),
                    ..filter
                };
                let (scope, search) = checked_search(&state, &caller, req, filter).await?;
                (scope, Some(search))
            }
            Some(_) => {
                return Err(engine::Error::invalid("A filter needs a list").into());
            }
            None => (scope_naming(&caller, req, body.enterprise_id)?, None),
        };
        let request = BulkRequest {
            lead_ids: body.lead_ids.unwrap_or_default(),
            list: body.list.map(|l| l.trim().to_owned()),
            filter,
            templates: body
                .templates
                .unwrap_or_default()
                .into_iter()
                .map(|t| TemplatePick {
                    service_type: t.service_type,
                    template_id: t.template_id,
                    source: t.template_source,
                })
                .collect(),
        };
        let input = state.bulk.plan(&caller, &scope, request).await?;
        if body.dry_run.unwrap_or(false) {
            let dry_run = state.bulk.dry_run(&input, Utc::now()).await?;
            return Ok(Json(BulkInitiateAnswer {
                message: "Dry run".to_owned(),
                dry_run: Some(dry_run.into()),
                job_run: None,
            }));
        }
        let (run, _) = state
            .jobs
            .start_input(&caller, &input, Some(scope.enterprise_id))
            .await?;
        Ok(Json(BulkInitiateAnswer {
            message: "Processing has been started successfully".to_owned(),
            dry_run: None,
            job_run: Some(run_view(&state, &caller, run).await?),
        }))
    }

    /// What bulk runs did with each lead, newest first, paged: `status` lists every outcome,
    /// `failed` the leads not texted (skipped with the reason, failed with the error),
    /// `current-date` today's (UTC). Narrowed by run, store and day range (YYYY-MM-DD, on when
    /// the run took the lead; not for `current-date`).
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/api/lisa/report/bulk-conversation/:member", method = "get")]
    async fn bulk_conversation(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        /// status, failed or current-date.
        member: Path<String>,
        #[oai(name = "enterpriseId")] enterprise_id: Query<Option<i64>>,
        #[oai(name = "jobRunId")] job_run_id: Query<Option<i64>>,
        #[oai(name = "storeId")] store_id: Query<Option<i64>>,
        #[oai(name = "startDate")] start_date: Query<Option<String>>,
        #[oai(name = "endDate")] end_date: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<BulkLeadPage>> {
        let kind = match member.0.as_str() {
            "status" => ReportKind::All,
            "failed" => ReportKind::NotTexted,
            "current-date" => ReportKind::Today,
            other => {
                return Err(engine::Error::not_found(format!(
                    "No bulk-conversation report {other:?}: status, failed or current-date"
                ))
                .into());
            }
        };
        let query = ReportQuery {
            enterprise_id: enterprise_id.0,
            job_run_id: job_run_id.0,
            store_id: store_id.0,
            start_date: start_date.0,
            end_date: end_date.0,
            page: page.0,
            size: size.0,
        };
        report(&state, req, &caller, kind, query).await
    }

    /// Sends a follow-up step of a lead now (`followupType` FU1, FU2, FU3, FUDT, E1–E3, S1,
    /// S2) with the store's text for it, and puts the lead on the step after it. Texts keep to
    /// the customer's allowed hours; an opted-out customer is refused.
    #[oai(path = "/api/service-workflow/follow-up/initiate", method = "post")]
    async fn follow_up_initiate(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        #[oai(name = "followupType", validator(max_length = 10))] followup_type: Query<String>,
    ) -> ApiResult<Json<FollowUpStarted>> {
        let scope = request_scope(&caller, req)?;
        // The lead first: another tenant's is not found, whatever the type says.
        state.leads.require(&scope, fsi_id.0).await?;
        let step = FollowUpStep::parse_named(&followup_type.0)?;
        let sent = state
            .follow_ups
            .send_now(&scope, fsi_id.0, step, StepOverride::default(), Utc::now())
            .await?;
        follow_up_started(&state, sent).await
    }

    /// The conversation screen's follow-up: a step (default the lead's next one, else FU1),
    /// with staff's own subject and text if they write them.
    #[oai(
        path = "/api/future-service-interaction/workflow/followup",
        method = "post"
    )]
    async fn workflow_followup(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        body: Json<FollowUpBody>,
    ) -> ApiResult<Json<FollowUpStarted>> {
        let scope = request_scope(&caller, req)?;
        let lead = state.leads.require(&scope, fsi_id.0).await?.0;
        let body = body.0;
        let step = match body.followup_type.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => FollowUpStep::parse_named(text)?,
            _ => state
                .follow_ups
                .current_step(lead.id)
                .await?
                .unwrap_or(FollowUpStep::Fu1),
        };
        let text = StepOverride {
            subject: body.subject,
            content: body.content,
        };
        let sent = state
            .follow_ups
            .send_now(&scope, lead.id, step, text, Utc::now())
            .await?;
        follow_up_started(&state, sent).await
    }

    /// Automated runs by time zone: the scope's stores grouped by zone (east first), each with
    /// its allowed hours, whether they are open now, the texts waiting for them and the
    /// follow-up steps due.
    #[oai(path = "/api/store/brands-timezone", method = "get")]
    async fn brands_timezone(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<Vec<ZoneRunsView>>> {
        let scope = request_scope(&caller, req)?;
        let zones = state.automated_runs.by_zone(&scope, Utc::now()).await?;
        Ok(Json(zones.into_iter().map(ZoneRunsView::from).collect()))
    }

    /// One store's zone and automated run (`brands-timezone` for a single store).
    #[oai(path = "/api/store/brand-timezone", method = "get")]
    async fn brand_timezone(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
    ) -> ApiResult<Json<ZoneRunsView>> {
        let scope = request_scope(&caller, req)?;
        let zone = state
            .automated_runs
            .by_zone(&scope, Utc::now())
            .await?
            .into_iter()
            .find_map(|mut zone| {
                zone.brands.retain(|b| b.store_id == store_id.0);
                (!zone.brands.is_empty()).then_some(zone)
            })
            .ok_or_else(|| engine::Error::not_found(format!("Store {} not found", store_id.0)))?;
        Ok(Json(ZoneRunsView::from(zone)))
    }

    /// A store's follow-up cadence: each step's wait after the last outbound message without a
    /// reply, channel and text (the built-in step where the store has not changed it).
    #[oai(path = "/api/follow-up/cadence", method = "get")]
    async fn cadence(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
    ) -> ApiResult<Json<CadenceView>> {
        let scope = request_scope(&caller, req)?;
        let steps = state.follow_ups.cadence(&scope, store_id.0).await?;
        Ok(Json(CadenceView {
            store_id: store_id.0,
            steps: steps.into_iter().map(CadenceStepView::from).collect(),
        }))
    }

    /// Changes steps of a store's cadence (manager roles). Every problem is listed (400) and
    /// nothing is saved unless all are right; leads already waiting keep their due time.
    #[oai(path = "/api/follow-up/cadence", method = "put")]
    async fn save_cadence(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
        body: Json<CadenceChange>,
    ) -> ApiResult<Json<CadenceView>> {
        let scope = request_scope(&caller, req)?;
        let drafts: Vec<StepDraft> = body
            .0
            .steps
            .into_iter()
            .map(|s| StepDraft {
                step: s.step,
                enabled: s.enabled,
                delay_hours: s.delay_hours,
                channel: s.channel,
                template_id: s.template_id,
                subject: s.subject,
                body: s.body,
            })
            .collect();
        let steps = state
            .follow_ups
            .save_cadence(&caller, &scope, store_id.0, &drafts, Utc::now())
            .await?;
        Ok(Json(CadenceView {
            store_id: store_id.0,
            steps: steps.into_iter().map(CadenceStepView::from).collect(),
        }))
    }
}

/// One store's automated work: its allowed hours, whether they are open, what waits for them.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct StoreRunView {
    pub store_id: i64,
    pub store_name: String,
    pub boc_id: i64,
    /// The window automated texts keep to, `HH:MM` in the store's zone.
    pub allowed_from: String,
    pub allowed_to: String,
    /// The store's local time now, `HH:MM`.
    pub local_time: String,
    pub open_now: bool,
    /// When the window opens next (absent while it is open).
    pub next_opening: Option<DateTime<Utc>>,
    /// Automated texts held until their recipients' allowed hours.
    pub deferred_texts: i64,
    /// When the first held text goes out.
    pub next_deferred_at: Option<DateTime<Utc>>,
    /// Leads whose follow-up step is due (the next sweep sends it in the window).
    pub follow_ups_due: i64,
    /// Leads waiting on a later follow-up step.
    pub follow_ups_waiting: i64,
}

impl From<StoreRun> for StoreRunView {
    fn from(run: StoreRun) -> Self {
        Self {
            store_id: run.store_id,
            store_name: run.store_name,
            boc_id: run.boc_id,
            allowed_from: run.allowed_from,
            allowed_to: run.allowed_to,
            local_time: run.local_time,
            open_now: run.open_now,
            next_opening: run.next_opening,
            deferred_texts: run.deferred_texts,
            next_deferred_at: run.next_deferred_at,
            follow_ups_due: run.follow_ups_due,
            follow_ups_waiting: run.follow_ups_waiting,
        }
    }
}

/// The stores of one time zone (the spec's `zone`, `brands`).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ZoneRunsView {
    /// The zone's offset now, `GMT-05:00`.
    pub zone: String,
    /// The zone's name, `America/New_York`.
    pub time_zone: String,
    pub brands: Vec<StoreRunView>,
}

impl From<ZoneRuns> for ZoneRunsView {
    fn from(zone: ZoneRuns) -> Self {
        Self {
            zone: zone.zone,
            time_zone: zone.time_zone,
            brands: zone.brands.into_iter().map(StoreRunView::from).collect(),
        }
    }
}

struct ReportQuery {
    enterprise_id: Option<i64>,
    job_run_id: Option<i64>,
    store_id: Option<i64>,
    start_date: Option<String>,
    end_date: Option<String>,
    page: Option<u64>,
    size: Option<u64>,
}

async fn report(
    state: &AppState,
    req: &Request,
    caller: &engine::auth::Caller,
    kind: ReportKind,
    query: ReportQuery,
) -> ApiResult<Json<BulkLeadPage>> {
    let scope = scope_naming(caller, req, query.enterprise_id)?;
    let page = PageRequest::new(query.page, query.size)?;
    // A store outside the scope is not found, not an empty page.
    let store_ids = match query.store_id {
        Some(id) => stores_of(state, &scope, None, Some(id)).await?,
        None => Vec::new(),
    };
    if let Some(run) = query.job_run_id {
        let visible = state
            .jobs
            .store()
            .get(run)
            .await?
            .filter(|r| r.is_visible_to(Some(&scope)))
            .filter(|r| r.kind == BulkInitiationInput::KIND);
        if visible.is_none() {
            return Err(engine::Error::not_found(format!("Job run {run} not found")).into());
        }
    }
    let (start_date, end_date) = match kind {
        ReportKind::Today if query.start_date.is_some() || query.end_date.is_some() => {
            return Err(engine::Error::invalid(
                "current-date is today's report: it takes no startDate or endDate",
            )
            .into());
        }
        ReportKind::Today => {
            let today = Utc::now().date_naive();
            (Some(today), Some(today))
        }
        _ => (
            parse_request_date("startDate", query.start_date.as_deref())?,
            parse_request_date("endDate", query.end_date.as_deref())?,
        ),
    };
    DayRange::check_order(start_date, end_date, START_END)?;
    let outcomes = match kind {
        ReportKind::NotTexted => vec![BulkOutcome::Skipped, BulkOutcome::Failed],
        _ => Vec::new(),
    };
    let filter = BulkReportFilter {
        job_run_id: query.job_run_id,
        store_ids,
        outcomes,
        start_date,
        end_date,
    };
    let found = state.bulk.results().report(&scope, &filter, page).await?;
    Ok(Json(BulkLeadPage {
        content: found.content.into_iter().map(BulkLeadView::from).collect(),
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
    }))
}
