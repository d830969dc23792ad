//! `planner.transfer`: runs a predictive planner over stores and turns its candidates into
//! leads, a batch of vehicles at a time, then records the planner audit. Idempotent: a vehicle
//! that already has its lead is skipped, so a re-run (or a retried attempt) creates nothing new
//! unless it is a hard run.

use std::collections::BTreeMap;

use chrono::{NaiveDate, Utc};
use engine::domain::formats::parse_time_zone;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::planner::{PLANNER_ROLES, Planner, PlannerTransferInput};
use engine::store::job_runs::{Counts, JobRunStore};
use engine::store::planners::{NewPlannerAudit, PlannerRequest, PlannerStore, TransferTotals};
use engine::store::settings::SettingsStore;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct PlannerTransfer;

/// What a transfer says when the planner found nobody (spec section 4).
pub const NO_RECORDS: &str = "No Records.";

impl JobKind for PlannerTransfer {
    fn name(&self) -> &'static str {
        PlannerTransferInput::KIND
    }

    fn description(&self) -> &'static str {
        "Runs a predictive planner over stores and creates a lead for every vehicle due in its window."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        PLANNER_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<PlannerTransferInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let parsed: PlannerTransferInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a planner transfer runs for an enterprise".to_owned())
            })?;
            let planner_date = match parsed.planner_date {
                Some(day) => day,
                None => store_today(ctx, parsed.store_ids[0]).await?,
            };
            let request = PlannerRequest::of_transfer(&parsed, enterprise_id, planner_date);
            let planners = PlannerStore::new(ctx.db().clone());
            let mut counts = Counts {
                total: planners.vehicle_count(&request).await?,
                ..Counts::default()
            };
            ctx.progress(counts).await?;
            let mut transfer = planners.transfer(&request, Some(ctx.run_id)).await?;
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
                            "request": PlannerTransferInput { planner_date: Some(planner_date), ..parsed },
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
    let store = SettingsStore::new(ctx.db().clone())
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
