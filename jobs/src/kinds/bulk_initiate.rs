//! `outreach.bulk-initiate`: starts the conversations of many leads with a template per service
//! type. The run fixes its leads when it first starts, then settles them in batches, each
//! batch claimed before it is texted; a resumed run (after a crash or a retry) goes on with the
//! leads still open and never texts one twice. Texts go through the send pipeline (the
//! dispatcher starts their send jobs; deferred ones wait for their allowed hours).

use std::collections::BTreeMap;

use chrono::Utc;
use engine::domain::{JobInput, MANAGER_ROLES, Role, parse_job_input};
use engine::messaging::{MessagingService, MessagingSettings};
use engine::outreach::{BulkInitiation, BulkInitiationInput, BulkOutcome};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

/// Leads settled together (their rules read and their texts written at once), between
/// progress reports and cancellation checks.
const BATCH: u64 = 200;

pub struct BulkInitiate {
    settings: MessagingSettings,
}

impl BulkInitiate {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for BulkInitiate {
    fn name(&self) -> &'static str {
        BulkInitiationInput::KIND
    }

    fn description(&self) -> &'static str {
        "Texts the opening message to every lead of a selection, with a template per service type, skipping those the rules exclude."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        MANAGER_ROLES
    }

    fn max_attempts(&self) -> i32 {
        5
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<BulkInitiationInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: BulkInitiationInput = parse_job_input(&input)?;
            let messaging = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let bulk = BulkInitiation::new(ctx.db().clone(), messaging.clone());
            let total = bulk.prepare(ctx.run_id, &input, Utc::now()).await?;
            let mut counts = tally(&bulk, ctx.run_id, total).await?;
            ctx.progress(counts).await?;
            if ctx.attempt > 1 {
                ctx.info(format!(
                    "resuming: {} of {total} leads already settled",
                    counts.done + counts.failed + counts.skipped
                ))
                .await?;
            }
            loop {
                ctx.stop_if_cancelled().await?;
                let batch = bulk.next(ctx.run_id, BATCH).await?;
                if batch.is_empty() {
                    break;
                }
                let notices = bulk.settle(ctx.run_id, &input, &batch, Utc::now()).await?;
                ctx.events()
                    .publish_notices(messaging.store(), notices)
                    .await;
                counts = tally(&bulk, ctx.run_id, total).await?;
                ctx.progress(counts).await?;
            }
            let summary = summary(&bulk, ctx.run_id).await?;
            ctx.info(format!(
                "{total} leads: {} texted, {} deferred to their allowed hours, {} skipped, {} failed",
                summary["sent"], summary["deferred"], summary["skipped"], summary["failed"]
            ))
            .await?;
            Ok(summary)
        })
    }
}

/// The run's progress from its rows: texted (now or deferred) count as done.
async fn tally(bulk: &BulkInitiation, run_id: i64, total: i64) -> Result<Counts, crate::JobError> {
    let mut counts = Counts {
        total,
        ..Counts::default()
    };
    for count in bulk.results().counts(run_id).await? {
        match count.outcome.parse::<BulkOutcome>() {
            Ok(BulkOutcome::Sent | BulkOutcome::Deferred) => counts.done += count.count,
            Ok(BulkOutcome::Skipped) => counts.skipped += count.count,
            Ok(BulkOutcome::Failed) => counts.failed += count.count,
            _ => {}
        }
    }
    Ok(counts)
}

/// The run's result: counts per outcome and per skip reason.
async fn summary(bulk: &BulkInitiation, run_id: i64) -> Result<Json, crate::JobError> {
    let mut by_outcome: BTreeMap<String, i64> = BTreeMap::new();
    let mut by_reason: BTreeMap<String, i64> = BTreeMap::new();
    for count in bulk.results().counts(run_id).await? {
        *by_outcome.entry(count.outcome.clone()).or_default() += count.count;
        if let Some(reason) = count.reason {
            *by_reason.entry(reason).or_default() += count.count;
        }
    }
    let of = |outcome: BulkOutcome| by_outcome.get(outcome.as_str()).copied().unwrap_or(0);
    Ok(json!({
        "message": "Successfully Initiated!",
        "sent": of(BulkOutcome::Sent),
        "deferred": of(BulkOutcome::Deferred),
        "skipped": of(BulkOutcome::Skipped),
        "failed": of(BulkOutcome::Failed),
        "skippedByReason": by_reason,
    }))
}
