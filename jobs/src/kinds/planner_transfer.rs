//! `planner.transfer`: runs a predictive planner over stores and turns its candidates into
//! leads, a batch of vehicles at a time, then records the planner audit. Idempotent: a vehicle
//! that already has its lead is skipped, so a re-run (or a retried attempt) creates nothing new
//! unless it is a hard run.

use std::collections::BTreeMap;

use chrono::{NaiveDate, Utc};
use engine::domain::Role;
use engine::domain::formats::parse_time_zone;
use engine::planner::Planner;
use engine::store::job_runs::{Counts, JobRunStore};
use engine::store::messages::MessageStore;
use engine::store::planners::{NewPlannerAudit, PlannerRequest, PlannerStore, TransferTotals};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{JobError, JobFuture, JobKind};

pub struct PlannerTransfer;

impl PlannerTransfer {
    pub const NAME: &'static str = "planner.transfer";
}

/// What a transfer says when the planner found nobody (spec section 4).
pub const NO_RECORDS: &str = "No Records.";

/// Roles that may turn planner candidates into leads.
pub const PLANNER_ROLES: &[Role] = &[
    Role::SuperAdmin,
    Role::SuperDataAdmin,
    Role::SuperUser,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
    Role::DivisionManager,
    Role::OfficeManager,
];

/// The transfer's input, checked.
struct TransferInput {
    planner: Planner,
    store_ids: Vec<i64>,
    /// None: the day the run starts, in the first store's time zone (scheduled runs).
    planner_date: Option<NaiveDate>,
    min_days: i64,
    max_days: i64,
    customer_number: Option<String>,
    sold_on: Option<NaiveDate>,
    hard_run: bool,
    /// Only this customer-vehicle batch's vehicles (CV leads).
    vehicle_batch: Option<i64>,
}

impl TransferInput {
    fn parse(input: &Json) -> Result<Self, String> {
        let planner = input
            .get("planner")
            .and_then(Json::as_str)
            .and_then(Planner::from_name)
            .ok_or("planner must name a planner (0K, 0.5K, 5K … 130K, 7500, 30-day, …)")?;
        let store_ids: Vec<i64> = input
            .get("storeIds")
            .and_then(Json::as_array)
            .map(|ids| ids.iter().filter_map(Json::as_i64).collect())
            .unwrap_or_default();
        if store_ids.is_empty() || store_ids.iter().any(|id| *id <= 0) {
            return Err("storeIds must list one or more stores".to_owned());
        }
        let date = |name: &str| -> Result<Option<NaiveDate>, String> {
            match input.get(name) {
                None | Some(Json::Null) => Ok(None),
                Some(Json::String(text)) => text
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("{name} must be a date as YYYY-MM-DD")),
                Some(_) => Err(format!("{name} must be a date as YYYY-MM-DD")),
            }
        };
        let days = |name: &str, default: i64| -> Result<i64, String> {
            match input.get(name) {
                None | Some(Json::Null) => Ok(default),
                Some(value) => value
                    .as_i64()
                    .filter(|d| d.abs() <= 3_650)
                    .ok_or_else(|| format!("{name} must be a whole number of days")),
            }
        };
        let parsed = Self {
            planner,
            store_ids,
            planner_date: date("plannerDate")?,
            min_days: days("minDays", 0)?,
            max_days: days("maxDays", 30)?,
            customer_number: input
                .get("customerNumber")
                .and_then(Json::as_str)
                .map(str::to_owned),
            sold_on: date("soldDate")?,
            hard_run: input
                .get("hardRun")
                .and_then(Json::as_bool)
                .unwrap_or(false),
            vehicle_batch: input.get("vehicleBatch").and_then(Json::as_i64),
        };
        if parsed.min_days > parsed.max_days {
            return Err("minDays must not be greater than maxDays".to_owned());
        }
        Ok(parsed)
    }

    fn to_json(&self) -> Json {
        json!({
            "planner": self.planner.name(),
            "storeIds": self.store_ids,
            "plannerDate": self.planner_date,
            "minDays": self.min_days,
            "maxDays": self.max_days,
            "customerNumber": self.customer_number,
            "soldDate": self.sold_on,
            "hardRun": self.hard_run,
            "vehicleBatch": self.vehicle_batch,
        })
    }
}

impl JobKind for PlannerTransfer {
    fn name(&self) -> &'static str {
        Self::NAME
    }

    fn description(&self) -> &'static str {
        "Runs a predictive planner over stores and creates a lead for every vehicle due in its window."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        PLANNER_ROLES
    }

    fn validate(&self, input: &Json) -> Result<Json, String> {
        TransferInput::parse(input).map(|parsed| parsed.to_json())
    }

    fn store_ids(&self, input: &Json) -> Vec<i64> {
        TransferInput::parse(input)
            .map(|parsed| parsed.store_ids)
            .unwrap_or_default()
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let parsed = TransferInput::parse(&input).map_err(JobError::Permanent)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a planner transfer runs for an enterprise".to_owned())
            })?;
            let planner_date = match parsed.planner_date {
                Some(day) => day,
                None => store_today(ctx, parsed.store_ids[0]).await?,
            };
            let request = PlannerRequest {
                planner: parsed.planner,
                enterprise_id,
                store_ids: parsed.store_ids.clone(),
                planner_date,
                min_days: parsed.min_days,
                max_days: parsed.max_days,
                customer_number: parsed.customer_number.clone(),
                sold_on: parsed.sold_on,
                hard_run: parsed.hard_run,
                vehicle_batch: parsed.vehicle_batch,
            };
            let planners = PlannerStore::new(ctx.db().clone());
            let mut counts = Counts {
                total: planners.vehicle_count(&request).await?,
                ..Counts::default()
            };
            ctx.progress(counts).await?;
            let mut transfer = planners.transfer(&request).await?;
            loop {
                ctx.stop_if_cancelled().await?;
                if !transfer.step(Utc::now()).await? {
                    break;
                }
                let totals = transfer.totals();
                counts.skipped = totals.skipped();
                counts.done = totals.scanned - counts.skipped;
                ctx.progress(counts).await?;
            }
            let TransferTotals {
                candidates,
                created,
                replaced,
                excluded,
                created_by_store: by_store,
                ..
            } = transfer.totals().clone();
            let started_by = JobRunStore::new(ctx.db().clone())
                .get(ctx.run_id)
                .await?
                .and_then(|run| run.created_by);
            let skipped = excluded.values().sum::<i64>();
            let audit = planners
                .record_audit(
                    &NewPlannerAudit {
                        request: &request,
                        service_type: planned_service_type(request.planner, &by_store),
                        parameters: json!({
                            "request": TransferInput { planner_date: Some(planner_date), ..parsed }.to_json(),
                            "createdByStore": by_store,
                            "excluded": excluded,
                            "replaced": replaced,
                        }),
                        candidates,
                        created,
                        skipped,
                        job_run_id: Some(ctx.run_id),
                        started_by,
                    },
                    Utc::now(),
                )
                .await?;
            let message = if candidates == 0 {
                NO_RECORDS
            } else {
                "Successfully Transfered"
            };
            ctx.info(format!(
                "{}: {candidates} due, {created} leads created ({replaced} replaced), {skipped} vehicles left out",
                request.planner.name()
            ))
            .await?;
            Ok(json!({
                "message": message,
                "auditId": audit,
                "candidates": candidates,
                "created": created,
                "replaced": replaced,
                "skipped": skipped,
                "excluded": excluded,
            }))
        })
    }
}

/// Today in the store's time zone.
async fn store_today(ctx: &JobContext, store_id: i64) -> Result<NaiveDate, JobError> {
    let store = MessageStore::new(ctx.db().clone())
        .store_settings(store_id)
        .await?
        .ok_or_else(|| JobError::Permanent(format!("store {store_id} does not exist")))?;
    let zone = parse_time_zone(&store.office_time_zone)?;
    Ok(Utc::now().with_timezone(&zone).date_naive())
}

/// The audit's service type: the planner's, or for first service (one per make) the ones it
/// created, joined.
fn planned_service_type(
    planner: Planner,
    by_store: &BTreeMap<String, BTreeMap<String, i64>>,
) -> String {
    let mut types: Vec<&str> = by_store
        .values()
        .flat_map(|m| m.keys().map(String::as_str))
        .collect();
    types.sort_unstable();
    types.dedup();
    match planner {
        Planner::FirstService if !types.is_empty() => types.join(","),
        _ => planner.nominal_service_type(),
    }
}
