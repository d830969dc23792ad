//! `outreach.follow-up-sweep`: sends the follow-up steps that are due in its enterprise, each
//! once, and ends the cadences of leads that replied, opted out, booked or were closed. Run by
//! a schedule (exactly once per tick across workers) or by hand.

use chrono::Utc;
use engine::domain::{JobInput, Role};
use engine::messaging::{MessagingService, MessagingSettings};
use engine::outreach::{FOLLOW_UP_SWEEP_ROLES, FollowUpSweepInput, FollowUps};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct FollowUpSweep {
    settings: MessagingSettings,
}

impl FollowUpSweep {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for FollowUpSweep {
    fn name(&self) -> &'static str {
        FollowUpSweepInput::KIND
    }

    fn description(&self) -> &'static str {
        "Sends the follow-up steps that are due (FU1–FUDT, E1–E3, S1–S2) and ends the cadences of leads that replied, opted out, booked or were closed."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        FOLLOW_UP_SWEEP_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<FollowUpSweepInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a follow-up sweep runs for an enterprise".to_owned())
            })?;
            let messaging = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let follow_ups = FollowUps::new(ctx.db().clone(), messaging.clone());
            let report = follow_ups.sweep(enterprise_id, Utc::now()).await?;
            let stopped: i64 = report.stopped.values().map(|n| *n as i64).sum();
            ctx.progress(Counts {
                total: report.due as i64,
                done: (report.sent + report.deferred) as i64,
                skipped: stopped,
                failed: report.failed.len() as i64,
            })
            .await?;
            ctx.events()
                .publish_notices(messaging.store(), report.notices)
                .await;
            for failure in report.failed.iter().take(20) {
                ctx.log(engine::domain::LogLevel::Warn, failure).await?;
            }
            ctx.info(format!(
                "{} due: {} sent, {} deferred to allowed hours, {stopped} cadences ended, {} not sent",
                report.due,
                report.sent,
                report.deferred,
                report.failed.len()
            ))
            .await?;
            Ok(json!({
                "due": report.due,
                "sent": report.sent,
                "deferred": report.deferred,
                "stopped": report.stopped,
                "failed": report.failed.len(),
            }))
        })
    }
}
