//! `lane.dms-push`: pushes a repair order's move on the service-lane board to the store's
//! dealer system (see `engine::lane::push`). A write that fails is retried with backoff; once
//! retries are spent (or the run is cancelled) the move shows FAILED with the reason.

use chrono::Utc;
use engine::Database;
use engine::domain::{JobInput, MANAGER_ROLES, Role, parse_job_input};
use engine::imports::sources::SyncSettings;
use engine::lane::push::{self, RepairOrderPushInput};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{
    Admission, CloseFuture, JobError, JobFuture, JobKind, Unfinished, admit_typed,
};

pub struct RepairOrderPush {
    settings: SyncSettings,
}

impl RepairOrderPush {
    pub fn new(settings: SyncSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for RepairOrderPush {
    fn name(&self) -> &'static str {
        RepairOrderPushInput::KIND
    }

    fn description(&self) -> &'static str {
        "Pushes a repair order's move on the service-lane board to the store's dealer system."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        // Started by the moves themselves; by hand, a manager re-pushes.
        MANAGER_ROLES
    }

    fn max_attempts(&self) -> i32 {
        5
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<RepairOrderPushInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: RepairOrderPushInput = parse_job_input(&input)?;
            let status = push::push(ctx.db(), &self.settings, &input, Utc::now())
                .await
                .map_err(|error| match error {
                    // The dealer system's folder: worth another attempt.
                    engine::Error::Upstream(reason) => JobError::Transient(reason),
                    other => JobError::from(other),
                })?;
            Ok(json!({
                "moveId": input.move_id,
                "dmsStatus": status.as_str(),
            }))
        })
    }

    fn ended_unfinished<'a>(&'a self, db: &'a Database, run: Unfinished<'a>) -> CloseFuture<'a> {
        Box::pin(async move {
            let Ok(input) = parse_job_input::<RepairOrderPushInput>(run.input) else {
                return Ok(());
            };
            push::mark_failed(db, input.move_id, run.reason).await
        })
    }
}
