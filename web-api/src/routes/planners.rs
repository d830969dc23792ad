//! Predictive planners (spec section 7, "Predictions"): preview a planner's candidates, or
//! transfer them into leads as a job; planner audits and definitions. The rules are in
//! docs/planners.md; the paths the spec does not show are ours and listed there.
// Handlers take one argument per query parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use chrono::{NaiveDate, Utc};
use engine::auth::{Caller, Scope, StoreFilter};
use engine::domain::JobInput;
use engine::domain::cron::CronSchedule;
use engine::domain::formats::parse_request_date;
use engine::planner::model::is_mileage_milestone;
use engine::planner::{DayRange, PLANNER_ROLES, Planner, PlannerTransferInput};
use engine::store::PageRequest;
use engine::store::cv_leads::{BatchStatus, CvLeadBatch, CvLeadImportInput};
use engine::store::planners::{
    AuditSearch, Candidate, DefinitionFields, PlannerAudit, PlannerDefinition, PlannerRequest,
};
use engine::store::schedules::NewSchedule;
use engine::store::uploads::MAX_UPLOAD_BYTES;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};
use serde_json::Value;

use super::ApiTags;
use super::jobs::{JobRunView, run_view};
use super::session::MessageResponse;
use crate::auth::{Session, request_scope, store_in_scope, stores_of};
use crate::error::ApiResult;
use crate::state::AppState;

/// A vehicle due in the planner's window.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CandidateView {
    pub store_id: i64,
    pub boc_id: i64,
    pub customer_id: i64,
    pub vehicle_id: i64,
    pub cust_no: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    /// Opted out of texts: the lead is made, but nobody will text it.
    pub opted_out: bool,
    pub vin: String,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub service_type: String,
    /// The due date (YYYY-MM-DD): time or mileage, whichever comes first.
    pub due_date: NaiveDate,
    /// The time limit decided the due date (else the projected mileage).
    pub due_by_time: bool,
    pub estimated_miles: Option<i32>,
    pub miles_per_day: f64,
    /// HISTORY (its repair orders), SINCE_DELIVERY (one reading of a car bought new) or
    /// DEFAULT (the national average).
    pub mileage_basis: String,
    /// The earlier, never-contacted lead of this planner a hard run replaces.
    pub replaces_lead_id: Option<i64>,
}

impl From<Candidate> for CandidateView {
    fn from(c: Candidate) -> Self {
        Self {
            store_id: c.store_id,
            boc_id: c.boc_id,
            customer_id: c.customer_id,
            vehicle_id: c.vehicle_id,
            cust_no: c.custno,
            first_name: c.first_name,
            last_name: c.last_name,
            cellular: c.cellular,
            opted_out: c.opted_out,
            vin: c.vin,
            make: c.make,
            model: c.model,
            year: c.year,
            service_type: c.service_type,
            due_date: c.due_date,
            due_by_time: c.due_by_time,
            estimated_miles: c.estimated_miles,
            miles_per_day: c.miles_per_day,
            mileage_basis: c.mileage_basis.to_owned(),
            replaces_lead_id: c.replaces_lead_id,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CandidatePage {
    pub planner_name: String,
    pub content: Vec<CandidateView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TransferStarted {
    /// 'Successfully Started'; the run's result says 'Successfully Transfered' or 'No Records.'.
    pub message: String,
    pub job_run: JobRunView,
}

#[derive(Debug, ApiResponse)]
pub enum PlannerResponse {
    /// `transfer=false`: one page of candidates; nothing is written.
    #[oai(status = 200)]
    Preview(Json<CandidatePage>),
    /// `transfer=true`: the transfer runs as a job; follow it at /api/jobs/{id}.
    #[oai(status = 202)]
    Started(Json<Box<TransferStarted>>),
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AuditView {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub planner_name: String,
    pub service_type: String,
    pub planner_date: NaiveDate,
    /// The request, leads created per store and service type, and vehicles left out by reason.
    pub parameters: Option<Value>,
    pub candidate_count: i32,
    pub created_count: i32,
    pub skipped_count: i32,
    pub job_run_id: Option<i64>,
    pub started_by: Option<i64>,
    pub created_on: chrono::DateTime<Utc>,
}

impl From<PlannerAudit> for AuditView {
    fn from(a: PlannerAudit) -> Self {
        Self {
            id: a.id,
            enterprise_id: a.enterprise_id,
            store_id: a.store_id,
            planner_name: a.planner_name,
            service_type: a.service_type,
            planner_date: a.planner_date,
            parameters: a.parameters,
            candidate_count: a.candidate_count,
            created_count: a.created_count,
            skipped_count: a.skipped_count,
            job_run_id: a.job_run_id,
            started_by: a.started_by,
            created_on: a.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AuditPage {
    pub content: Vec<AuditView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct AuditSearchBody {
    pub id: Option<i64>,
    pub planner_name: Option<String>,
    #[oai(validator(max_items = 1000))]
    pub store_ids: Option<Vec<i64>>,
    /// Planner dates from (YYYY-MM-DD or DD.MM.YYYY).
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

/// The spec's planner parameters, as the UI sends them.
struct PlannerParams {
    cust_no: Option<String>,
    boc_id: Option<i64>,
    store_id: Option<i64>,
    transfer: bool,
    page: Option<u64>,
    size: Option<u64>,
    planner_date: Option<String>,
    min_days: Option<i64>,
    max_days: Option<i64>,
    hard_run: bool,
    sold_date: Option<String>,
    /// The customer-vehicle batch (CV leads).
    vehicle_batch: Option<i64>,
}

pub struct PlannerApi;

async fn plan(
    state: &AppState,
    req: &Request,
    caller: &Caller,
    planner: Planner,
    params: PlannerParams,
) -> ApiResult<PlannerResponse> {
    let scope = request_scope(caller, req)?;
    let store_ids = stores_of(state, &scope, params.boc_id, params.store_id).await?;
    let planner_date = parse_request_date("plannerDate", params.planner_date.as_deref())?
        .unwrap_or_else(|| Utc::now().date_naive());
    let days = DayRange::new(params.min_days, params.max_days)?;
    if !params.transfer {
        let request = PlannerRequest {
            planner,
            enterprise_id: scope.enterprise_id,
            store_ids,
            planner_date,
            days,
            customer_number: params.cust_no.filter(|c| !c.trim().is_empty()),
            sold_on: parse_request_date("soldDate", params.sold_date.as_deref())?,
            hard_run: params.hard_run,
            vehicle_batch: params.vehicle_batch,
        };
        request.window()?;
        let page = PageRequest::new(params.page, params.size)?;
        let found = state.planners.preview(&request, page).await?;
        return Ok(PlannerResponse::Preview(Json(CandidatePage {
            planner_name: planner.name(),
            content: found.content.into_iter().map(CandidateView::from).collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        })));
    }
    caller.require_any(PLANNER_ROLES)?;
    let input = PlannerTransferInput {
        planner,
        store_ids,
        planner_date: Some(planner_date),
        days,
        customer_number: params.cust_no.filter(|c| !c.trim().is_empty()),
        sold_on: parse_request_date("soldDate", params.sold_date.as_deref())?,
        hard_run: params.hard_run,
        vehicle_batch: params.vehicle_batch,
    };
    input.check()?;
    days.window(planner_date)?;
    let (run, _) = state
        .jobs
        .start_input(caller, &input, Some(scope.enterprise_id))
        .await?;
    Ok(PlannerResponse::Started(Json(Box::new(TransferStarted {
        message: "Successfully Started".to_owned(),
        job_run: run_view(state, caller, run).await?,
    }))))
}

/// The audits a caller sees: their enterprise's, narrowed to their stores below enterprise
/// level.
async fn audits(
    state: &AppState,
    scope: &Scope,
    body: AuditSearchBody,
) -> ApiResult<Json<AuditPage>> {
    let visible = state.tenancy.stores(scope).await?;
    let store_ids = body.store_ids.unwrap_or_default();
    if store_ids
        .iter()
        .any(|id| !visible.iter().any(|s| s.id == *id))
    {
        return Err(engine::Error::not_found("Store not found").into());
    }
    // None named: the caller's visible stores (none visible, none searched); an enterprise
    // user's audits include stores since closed.
    let stores = match (store_ids.is_empty(), scope.store_id.or(scope.boc_id)) {
        (false, _) => StoreFilter::Only(store_ids),
        (true, Some(_)) => StoreFilter::Only(visible.iter().map(|s| s.id).collect()),
        (true, None) => StoreFilter::All,
    };
    let search = AuditSearch {
        planner_name: body.planner_name,
        stores,
        from: parse_request_date("startDate", body.start_date.as_deref())?,
        until: parse_request_date("endDate", body.end_date.as_deref())?,
    };
    let found = state
        .planners
        .audits(
            scope.enterprise_id,
            &search,
            PageRequest::new(body.page, body.size)?,
        )
        .await?;
    Ok(Json(AuditPage {
        content: found.content.into_iter().map(AuditView::from).collect(),
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
    }))
}

/// One endpoint per planner path, all with the spec's parameters.
macro_rules! planner_endpoints {
    ($($(#[doc = $doc:literal])* $name:ident: $method:literal $path:literal => $planner:expr;)*) => {
        #[OpenApi(tag = "ApiTags::Planners")]
        impl PlannerApi {
            $(
                $(#[doc = $doc])*
                #[oai(path = $path, method = $method)]
                async fn $name(
                    &self,
                    state: Data<&AppState>,
                    req: &Request,
                    Session(caller): Session,
                    cust_no: Query<Option<String>>,
                    boc_id: Query<Option<i64>>,
                    store_id: Query<Option<i64>>,
                    transfer: Query<Option<bool>>,
                    page: Query<Option<u64>>,
                    size: Query<Option<u64>>,
                    #[oai(name = "plannerDate")] planner_date: Query<Option<String>>,
                    #[oai(name = "minDays")] min_days: Query<Option<i64>>,
                    #[oai(name = "maxDays")] max_days: Query<Option<i64>>,
                    #[oai(name = "hardRun")] hard_run: Query<Option<bool>>,
                    #[oai(name = "soldDate")] sold_date: Query<Option<String>>,
                ) -> ApiResult<PlannerResponse> {
                    let params = PlannerParams {
                        cust_no: cust_no.0,
                        boc_id: boc_id.0,
                        store_id: store_id.0,
                        transfer: transfer.0.unwrap_or(false),
                        page: page.0,
                        size: size.0,
                        planner_date: planner_date.0,
                        min_days: min_days.0,
                        max_days: max_days.0,
                        hard_run: hard_run.0.unwrap_or(false),
                        sold_date: sold_date.0,
                        vehicle_batch: None,
                    };
                    plan(&state, req, &caller, $planner, params).await
                }
            )*

            /// Any mileage milestone: `mileage` is 500, 7500 or 5000 … 130000 in 5000 steps; the
            /// spec's choice values (1000 below each, e.g. 9000 for 10K) are accepted too.
            #[oai(path = "/api/future-service-interaction/run-future-prediction-for-mileage", method = "get")]
            async fn run_for_mileage(
                &self,
                state: Data<&AppState>,
                req: &Request,
                Session(caller): Session,
                mileage: Query<i32>,
                cust_no: Query<Option<String>>,
                boc_id: Query<Option<i64>>,
                store_id: Query<Option<i64>>,
                transfer: Query<Option<bool>>,
                page: Query<Option<u64>>,
                size: Query<Option<u64>>,
                #[oai(name = "plannerDate")] planner_date: Query<Option<String>>,
                #[oai(name = "minDays")] min_days: Query<Option<i64>>,
                #[oai(name = "maxDays")] max_days: Query<Option<i64>>,
                #[oai(name = "hardRun")] hard_run: Query<Option<bool>>,
                #[oai(name = "soldDate")] sold_date: Query<Option<String>>,
            ) -> ApiResult<PlannerResponse> {
                let miles = if is_mileage_milestone(mileage.0) {
                    mileage.0
                } else if let Some(milestone) =
                    mileage.0.checked_add(1_000).filter(|m| is_mileage_milestone(*m))
                {
                    milestone
                } else {
                    return Err(engine::Error::invalid(
                        "mileage must be 500, 7500 or 5000 to 130000 in steps of 5000",
                    )
                    .into());
                };
                let params = PlannerParams {
                    cust_no: cust_no.0,
                    boc_id: boc_id.0,
                    store_id: store_id.0,
                    transfer: transfer.0.unwrap_or(false),
                    page: page.0,
                    size: size.0,
                    planner_date: planner_date.0,
                    min_days: min_days.0,
                    max_days: max_days.0,
                    hard_run: hard_run.0.unwrap_or(false),
                    sold_date: sold_date.0,
                    vehicle_batch: None,
                };
                plan(&state, req, &caller, Planner::Mileage(miles), params).await
            }

            /// Planner audits: search by planner name, stores and planner dates; newest first.
            #[oai(path = "/api/future-service-interaction/predictive-planner-audit/search", method = "post")]
            async fn audit_search(
                &self,
                state: Data<&AppState>,
                req: &Request,
                Session(caller): Session,
                body: Json<Option<AuditSearchBody>>,
            ) -> ApiResult<Json<AuditPage>> {
                let scope = request_scope(&caller, req)?;
                audits(&state, &scope, body.0.unwrap_or_default()).await
            }

            /// One planner's audits (`plannerName` required), newest first.
            #[oai(path = "/api/future-service-interaction/predictive-planner-audit/view-by-planner-name", method = "post")]
            async fn audit_by_planner(
                &self,
                state: Data<&AppState>,
                req: &Request,
                Session(caller): Session,
                body: Json<AuditSearchBody>,
            ) -> ApiResult<Json<AuditPage>> {
                let scope = request_scope(&caller, req)?;
                if body.0.planner_name.as_deref().is_none_or(|n| n.trim().is_empty()) {
                    return Err(engine::Error::invalid("plannerName is required").into());
                }
                audits(&state, &scope, body.0).await
            }

            /// One audit (`id`).
            #[oai(path = "/api/future-service-interaction/predictive-planner-audit/view", method = "post")]
            async fn audit_view(
                &self,
                state: Data<&AppState>,
                req: &Request,
                Session(caller): Session,
                body: Json<AuditSearchBody>,
            ) -> ApiResult<Json<AuditView>> {
                let scope = request_scope(&caller, req)?;
                let id = body
                    .0
                    .id
                    .ok_or_else(|| engine::Error::invalid("id is required"))?;
                let audit = state.planners.audit(scope.enterprise_id, id).await?;
                // A store's audit for those who see the store; a many-store audit for
                // enterprise-wide callers only.
                let visible = state.tenancy.stores(&scope).await?;
                let allowed = match audit.store_id {
                    Some(store) => visible.iter().any(|s| s.id == store),
                    None => scope.is_whole_enterprise(),
                };
                if !allowed {
                    return Err(engine::Error::not_found("Planner audit not found").into());
                }
                Ok(Json(audit.into()))
            }
        }
    };
}

planner_endpoints! {
    /// 5K (OIL_CHANGE).
    run_5k: "get" "/api/future-service-interaction/run-future-prediction" => Planner::Mileage(5_000);
    /// 10K (OIL_CHANGE_10K).
    run_10k: "get" "/api/future-service-interaction/run-future-prediction-for-10k" => Planner::Mileage(10_000);
    /// 15K (OIL_CHANGE_15K).
    run_15k: "get" "/api/future-service-interaction/run-future-prediction-for-15k" => Planner::Mileage(15_000);
    /// 20K (OIL_CHANGE_20K).
    run_20k: "get" "/api/future-service-interaction/run-future-prediction-for-20k" => Planner::Mileage(20_000);
    /// 25K (OIL_CHANGE_25K).
    run_25k: "get" "/api/future-service-interaction/run-future-prediction-for-25k" => Planner::Mileage(25_000);
    /// 0K: the thank-you the day after delivery (SALES_THANKS).
    run_0k: "get" "/api/future-service-interaction/run-future-prediction-0k" => Planner::DeliveryFollowUp;
    /// The 0K planner at the path the UI uses for enterprise 29.
    run_0k_enterprise_29: "get" "/api/future-service-interaction/run-future-prediction-zero-k" => Planner::DeliveryFollowUp;
    /// 0.5K: 500 miles or a month (SALES_TITLE).
    run_05k: "get" "/api/future-service-interaction/run-future-prediction-05k" => Planner::Mileage(500);
    /// 7,500 miles or 9 months (SVC_7500).
    run_7500: "get" "/api/future-service-interaction/run-future-prediction-7500" => Planner::Mileage(7_500);
    /// Past 30 months: 5,000 miles or 6 months after the last visit (OIL_CHANGE_POST_30_MONTHS).
    run_post_30_months: "get" "/api/future-service-interaction/run-future-prediction-for-post-30-months" => Planner::PostThirtyMonths;
    /// 90 days after a NEW sale (CHECK_UP).
    run_check_up: "get" "/api/future-service-interaction/run-future-prediction-check-up" => Planner::CheckUp90Days;
    /// 30 days after a sale (CHECK_UP_30D).
    run_check_up_30_days: "get" "/api/future-service-interaction/run-future-prediction-check-up-30days" => Planner::CheckUp30Days;
    /// 90 days after a CPO sale (CHECK_UP_CPO).
    run_check_up_cpo: "get" "/api/future-service-interaction/run-future-prediction-check-up-cpo" => Planner::CheckUpCpo;
    /// 90 days after a NEW sale: the new deal type's check-up (CHECK_UP).
    run_check_up_new: "get" "/api/future-service-interaction/run-future-prediction-check-up-new" => Planner::CheckUp90Days;
    /// The first oil change after a CPO sale (OIL_CHANGE_CPO).
    run_oil_change_cpo: "get" "/api/future-service-interaction/run-future-prediction-cpo" => Planner::OilChangeCpo;
    /// The first service of a new GMC, Buick or Chevrolet (FIRST_SERVICE_<MAKE>).
    run_first_service: "get" "/api/future-service-interaction/run-future-prediction-first-service" => Planner::FirstService;
    /// Honda old models, ten or more model years old (HONDA_OLD_MODEL).
    run_hom: "post" "/api/future-service-interaction/run-future-prediction-hom" => Planner::HondaOldModel;
    /// Honda old models, five to nine model years old (HONDA_OLD_MODEL).
    run_hom_new: "post" "/api/future-service-interaction/hom-new" => Planner::HondaOldModelNewer;
    /// Honda service pass (HONDA_SERVICE_PASS).
    run_honda_service_pass: "post" "/api/future-service-interaction/honda-service-pass" => Planner::HondaServicePass;
    /// State inspection, by the spec's op codes and the store's state (STATE_INSPECTION).
    run_state_inspection: "post" "/api/future-service-interaction/planner-state-inspection" => Planner::StateInspection;
    /// The day after a repair order closed (SVC_CLOSED_RO).
    run_service_closed: "get" "/api/future-service-interaction/service-closed" => Planner::ServiceClosed;
}

/// A planner set up for a store, with its schedule when it has one.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DefinitionView {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub name: String,
    pub planner: Option<String>,
    pub service_type: String,
    pub min_days: i32,
    pub max_days: i32,
    pub enabled: bool,
    pub schedule_id: Option<i64>,
    /// The schedule's cron expression, in the store's time zone.
    pub cron: Option<String>,
    pub time_zone: Option<String>,
    pub next_run_at: Option<chrono::DateTime<Utc>>,
    pub created_on: chrono::DateTime<Utc>,
    pub updated_on: chrono::DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DefinitionBody {
    pub store_id: i64,
    pub name: String,
    /// The planner's name: 0K, 0.5K, 5K … 130K, 7500, 30-day, 90-day, 90-day CPO, 5K CPO,
    /// post-30-months, state inspection, first service, Honda service pass, HOM, HOM new,
    /// service closed.
    pub planner: String,
    pub min_days: Option<i32>,
    pub max_days: Option<i32>,
    pub enabled: Option<bool>,
    /// When set, the planner transfers on this schedule (five cron fields, the store's time
    /// zone), for the day it runs.
    pub cron: Option<String>,
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct DefinitionListBody {
    #[oai(validator(max_items = 1000))]
    pub store_ids: Option<Vec<i64>>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RunDefinitionBody {
    pub definition_id: i64,
    /// DD.MM.YYYY or YYYY-MM-DD; default today.
    pub planner_date: Option<String>,
    pub hard_run: Option<bool>,
}

pub struct PlannerDefinitionApi;

impl PlannerDefinitionApi {
    async fn view(state: &AppState, definition: PlannerDefinition) -> ApiResult<DefinitionView> {
        let schedule = match definition.schedule_id {
            Some(id) => state.schedules.get(id).await?,
            None => None,
        };
        Ok(DefinitionView {
            id: definition.id,
            enterprise_id: definition.enterprise_id,
            store_id: definition.store_id,
            name: definition.name,
            planner: definition.planner,
            service_type: definition.service_type,
            min_days: definition.min_days,
            max_days: definition.max_days,
            enabled: definition.is_enabled,
            schedule_id: definition.schedule_id,
            cron: schedule.as_ref().map(|s| s.cron.clone()),
            time_zone: schedule.as_ref().map(|s| s.time_zone.clone()),
            next_run_at: schedule.and_then(|s| s.next_fire_at),
            created_on: definition.created_at,
            updated_on: definition.updated_at,
        })
    }

    /// A definition inside the caller's scope.
    async fn visible(state: &AppState, scope: &Scope, id: i64) -> ApiResult<PlannerDefinition> {
        let definition = state.planners.definition(scope.enterprise_id, id).await?;
        let stores = stores_of(state, scope, None, None).await?;
        match definition.store_id {
            Some(store) if stores.contains(&store) => Ok(definition),
            _ => Err(engine::Error::not_found("Planner definition not found").into()),
        }
    }

    /// Checks the body (planner, store, cron) before anything is written.
    async fn fields(
        state: &AppState,
        scope: &Scope,
        body: &DefinitionBody,
    ) -> ApiResult<(DefinitionFields, String)> {
        let planner = Planner::from_name(&body.planner)
            .ok_or_else(|| engine::Error::invalid(format!("Unknown planner {:?}", body.planner)))?;
        let store = store_in_scope(state, scope, body.store_id).await?;
        if let Some(cron) = body.cron.as_deref().filter(|c| !c.trim().is_empty()) {
            CronSchedule::parse(cron, &store.office_time_zone)?;
        }
        let fields = DefinitionFields::new(
            store.store_id,
            body.name.clone(),
            planner,
            body.min_days.map(i64::from),
            body.max_days.map(i64::from),
            body.enabled.unwrap_or(true),
        )?;
        Ok((fields, store.office_time_zone))
    }

    /// Drops the definition's schedule, if it has one.
    async fn unschedule(state: &AppState, definition: &PlannerDefinition) -> ApiResult<()> {
        if let Some(schedule) = definition.schedule_id {
            state
                .planners
                .set_definition_schedule(definition.id, None)
                .await?;
            state.schedules.delete(schedule).await?;
        }
        Ok(())
    }

    /// Replaces the definition's schedule with one for `cron` (none: unscheduled).
    async fn reschedule(
        state: &AppState,
        caller: &Caller,
        definition: &PlannerDefinition,
        fields: &DefinitionFields,
        cron: Option<&str>,
        time_zone: &str,
    ) -> ApiResult<()> {
        Self::unschedule(state, definition).await?;
        let Some(cron) = cron.map(str::trim).filter(|c| !c.is_empty()) else {
            return Ok(());
        };
        let input = PlannerTransferInput {
            planner: fields.planner,
            store_ids: vec![fields.store_id],
            planner_date: None,
            days: fields.days,
            customer_number: None,
            sold_on: None,
            hard_run: false,
            vehicle_batch: None,
        };
        let schedule = state
            .schedules
            .create(
                &NewSchedule {
                    enterprise_id: definition.enterprise_id,
                    store_id: Some(fields.store_id),
                    api_name: format!("Planner: {}", fields.name.trim())
                        .chars()
                        .take(100)
                        .collect(),
                    job_kind: PlannerTransferInput::KIND.to_owned(),
                    cron: cron.to_owned(),
                    time_zone: time_zone.to_owned(),
                    input: serde_json::to_value(&input)
                        .map_err(|e| engine::Error::Internal(e.to_string()))?,
                    is_enabled: fields.is_enabled,
                    created_by: Some(caller.user_id),
                },
                Utc::now(),
            )
            .await?;
        state
            .planners
            .set_definition_schedule(definition.id, Some(schedule.id))
            .await?;
        Ok(())
    }
}

#[OpenApi(tag = "ApiTags::Planners")]
impl PlannerDefinitionApi {
    /// The planner definitions of the caller's stores (or of `storeIds`).
    #[oai(
        path = "/api/future-service-interaction/predictive-planner-definition/all",
        method = "post"
    )]
    async fn all(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<Option<DefinitionListBody>>,
    ) -> ApiResult<Json<Vec<DefinitionView>>> {
        let scope = request_scope(&caller, req)?;
        let visible = stores_of(&state, &scope, None, None).await?;
        let wanted = body.0.and_then(|b| b.store_ids).unwrap_or_default();
        if wanted.iter().any(|id| !visible.contains(id)) {
            return Err(engine::Error::not_found("Store not found").into());
        }
        let stores = if wanted.is_empty() { visible } else { wanted };
        let mut views = Vec::new();
        for definition in state
            .planners
            .definitions(scope.enterprise_id, &stores)
            .await?
        {
            views.push(Self::view(&state, definition).await?);
        }
        Ok(Json(views))
    }

    /// Sets up a planner for a store; with `cron`, it also runs on that schedule. Path ours.
    #[oai(
        path = "/api/future-service-interaction/predictive-planner-definition",
        method = "post"
    )]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<DefinitionBody>,
    ) -> ApiResult<Json<DefinitionView>> {
        caller.require_any(PLANNER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let (fields, time_zone) = Self::fields(&state, &scope, &body.0).await?;
        let definition = state
            .planners
            .create_definition(scope.enterprise_id, &fields, Utc::now())
            .await?;
        if let Err(error) = Self::reschedule(
            &state,
            &caller,
            &definition,
            &fields,
            body.0.cron.as_deref(),
            &time_zone,
        )
        .await
        {
            // Nothing half-made: the definition goes with its schedule.
            state
                .planners
                .delete_definition(scope.enterprise_id, definition.id)
                .await?;
            return Err(error);
        }
        let definition = state
            .planners
            .definition(scope.enterprise_id, definition.id)
            .await?;
        Ok(Json(Self::view(&state, definition).await?))
    }

    /// Changes a definition and its schedule (no `cron`: unscheduled). Path ours.
    #[oai(
        path = "/api/future-service-interaction/predictive-planner-definition/:id",
        method = "put"
    )]
    async fn update(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<DefinitionBody>,
    ) -> ApiResult<Json<DefinitionView>> {
        caller.require_any(PLANNER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let existing = Self::visible(&state, &scope, id.0).await?;
        let (fields, time_zone) = Self::fields(&state, &scope, &body.0).await?;
        let updated = state
            .planners
            .update_definition(scope.enterprise_id, existing.id, &fields, Utc::now())
            .await?;
        Self::reschedule(
            &state,
            &caller,
            &updated,
            &fields,
            body.0.cron.as_deref(),
            &time_zone,
        )
        .await?;
        let definition = state
            .planners
            .definition(scope.enterprise_id, existing.id)
            .await?;
        Ok(Json(Self::view(&state, definition).await?))
    }

    /// Deletes a definition and its schedule. Path ours.
    #[oai(
        path = "/api/future-service-interaction/predictive-planner-definition/:id",
        method = "delete"
    )]
    async fn delete(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        caller.require_any(PLANNER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let definition = Self::visible(&state, &scope, id.0).await?;
        Self::unschedule(&state, &definition).await?;
        state
            .planners
            .delete_definition(scope.enterprise_id, definition.id)
            .await?;
        Ok(Json(MessageResponse {
            message: "Successfully Deleted".to_owned(),
        }))
    }

    /// Runs a definition now: its planner, store and window, transferred as a job.
    #[oai(path = "/api/lisa/predictive-planner", method = "post")]
    async fn run(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<RunDefinitionBody>,
    ) -> ApiResult<PlannerResponse> {
        let scope = request_scope(&caller, req)?;
        let definition = Self::visible(&state, &scope, body.0.definition_id).await?;
        let planner = definition
            .planner
            .as_deref()
            .and_then(Planner::from_name)
            .ok_or_else(|| engine::Error::invalid("The definition names no planner"))?;
        let params = PlannerParams {
            cust_no: None,
            boc_id: None,
            store_id: definition.store_id,
            transfer: true,
            page: None,
            size: None,
            planner_date: body.0.planner_date,
            min_days: Some(i64::from(definition.min_days)),
            max_days: Some(i64::from(definition.max_days)),
            hard_run: body.0.hard_run.unwrap_or(false),
            sold_date: None,
            vehicle_batch: None,
        };
        plan(&state, req, &caller, planner, params).await
    }
}

/// A customer-vehicle lead batch.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CvLeadBatchView {
    pub id: i64,
    pub store_id: i64,
    pub file_name: String,
    /// Data rows in the file.
    pub row_count: i32,
    /// Rows that matched a vehicle of the store.
    pub matched_rows: i32,
    /// Distinct vehicles the batch holds.
    pub vehicle_count: i32,
    pub created_by: Option<i64>,
    pub created_on: chrono::DateTime<Utc>,
    /// PENDING while its import job reads the file, READY once read, FAILED for bad rows.
    pub status: String,
    /// A FAILED batch's bad rows, one per line.
    pub error: Option<String>,
    /// The job run that reads the file (`GET /api/jobs/{id}` follows it).
    pub job_run_id: Option<i64>,
}

impl From<CvLeadBatch> for CvLeadBatchView {
    fn from(b: CvLeadBatch) -> Self {
        Self {
            id: b.id,
            store_id: b.store_id,
            file_name: b.file_name,
            row_count: b.row_count,
            matched_rows: b.matched_rows,
            vehicle_count: b.vehicle_count,
            created_by: b.created_by,
            created_on: b.created_at,
            status: b.status.as_str().to_owned(),
            error: b.error,
            job_run_id: b.job_run_id,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CvLeadBatchPage {
    pub content: Vec<CvLeadBatchView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(ApiResponse)]
pub enum CvLeadImportStarted {
    /// The batch is kept and its import run started: follow `jobRunId`.
    #[oai(status = 202)]
    Accepted(Json<CvLeadBatchView>),
}

#[derive(Debug, Multipart)]
pub struct CvLeadFile {
    pub file: Upload,
}

pub struct CvLeadApi;

#[OpenApi(tag = "ApiTags::Planners")]
impl CvLeadApi {
    /// Uploads a customer-vehicle lead list for a store: a CSV with a header row naming a `vin`
    /// and/or a `cust_no` column. The header is checked at once (400); the batch is kept
    /// PENDING and answered 202 with its import job run, which reads the rows: any bad row
    /// fails the whole batch (FAILED, every row listed); rows matching none of the store's
    /// vehicles are counted.
    #[oai(path = "/api/future-service-interaction/v2/import", method = "post")]
    async fn import(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id: Query<i64>,
        form: CvLeadFile,
    ) -> ApiResult<CvLeadImportStarted> {
        caller.require_any(PLANNER_ROLES)?;
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, store_id.0).await?;
        if form.file.size() > MAX_UPLOAD_BYTES {
            return Err(engine::Error::invalid(format!(
                "The file is larger than {} MB",
                MAX_UPLOAD_BYTES / 1024 / 1024
            ))
            .into());
        }
        let file_name = form.file.file_name().unwrap_or("leads.csv").to_owned();
        let content = form
            .file
            .into_vec()
            .await
            .map_err(|_| engine::Error::invalid("The file could not be read"))?;
        if content.is_empty() {
            return Err(engine::Error::invalid("The file is empty").into());
        }
        let batch = state
            .cv_leads
            .create_pending(
                store.enterprise_id,
                store.store_id,
                &file_name,
                &content,
                Some(caller.user_id),
                Utc::now(),
            )
            .await?;
        let input = CvLeadImportInput {
            batch_id: batch.id,
            store_id: batch.store_id,
        };
        let run = match state
            .jobs
            .start_input(&caller, &input, Some(store.enterprise_id))
            .await
        {
            Ok((run, _)) => run,
            Err(error) => {
                state.cv_leads.delete_pending(batch.id).await?;
                return Err(error.into());
            }
        };
        state.cv_leads.set_job_run(batch.id, run.id).await?;
        let batch = state.cv_leads.batch(store.enterprise_id, batch.id).await?;
        Ok(CvLeadImportStarted::Accepted(Json(batch.into())))
    }

    /// Customer-vehicle lead batches of a store (none given: the caller's stores), newest
    /// first.
    #[oai(
        path = "/api/future-service-interaction/cv-leads-batchs",
        method = "get"
    )]
    async fn batches(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<CvLeadBatchPage>> {
        let scope = request_scope(&caller, req)?;
        let stores = stores_of(&state, &scope, None, store_id.0).await?;
        let found = state
            .cv_leads
            .batches(
                scope.enterprise_id,
                &stores,
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(CvLeadBatchPage {
            content: found
                .content
                .into_iter()
                .map(CvLeadBatchView::from)
                .collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }

    /// The CV-lead planner (CV_LEAD_SMT_1) over a batch's vehicles, due on the window's first
    /// day: a preview, or with `transfer=true` the transfer job, like every planner.
    #[oai(
        path = "/api/future-service-interaction/run-future-prediction-for-cv-leads",
        method = "get"
    )]
    async fn run(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "batchId")] batch_id: Query<i64>,
        transfer: Query<Option<bool>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        #[oai(name = "plannerDate")] planner_date: Query<Option<String>>,
        #[oai(name = "minDays")] min_days: Query<Option<i64>>,
        #[oai(name = "maxDays")] max_days: Query<Option<i64>>,
        #[oai(name = "hardRun")] hard_run: Query<Option<bool>>,
    ) -> ApiResult<PlannerResponse> {
        let scope = request_scope(&caller, req)?;
        let batch = state
            .cv_leads
            .batch(scope.enterprise_id, batch_id.0)
            .await?;
        match batch.status {
            BatchStatus::Ready => {}
            BatchStatus::Pending => {
                return Err(engine::Error::invalid(
                    "The batch's file is still being read; try again when its import run ends",
                )
                .into());
            }
            BatchStatus::Failed => {
                return Err(engine::Error::invalid(format!(
                    "The batch's file was refused: {}",
                    batch.error.as_deref().unwrap_or("bad rows")
                ))
                .into());
            }
        }
        let params = PlannerParams {
            cust_no: None,
            boc_id: None,
            store_id: Some(batch.store_id),
            transfer: transfer.0.unwrap_or(false),
            page: page.0,
            size: size.0,
            planner_date: planner_date.0,
            min_days: min_days.0,
            max_days: max_days.0,
            hard_run: hard_run.0.unwrap_or(false),
            sold_date: None,
            vehicle_batch: Some(batch.id),
        };
        plan(&state, req, &caller, Planner::CustomerVehicleLead, params).await
    }
}
