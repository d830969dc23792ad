//! `appointments.dms-push`: pushes a booked, moved or cancelled appointment to the store's
//! dealer system (see `engine::appointments::writeback`). A write that fails is retried with
//! backoff; once retries are spent (or the run is cancelled) the appointment shows FAILED with
//! the reason, so a change is never silently lost.

use chrono::Utc;
use engine::Database;
use engine::appointments::writeback::{self, AppointmentPushInput};
use engine::domain::{JobInput, MANAGER_ROLES, Role, parse_job_input};
use engine::imports::sources::SyncSettings;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{
    Admission, CloseFuture, JobError, JobFuture, JobKind, Unfinished, admit_typed,
};

pub struct AppointmentPush {
    settings: SyncSettings,
}

impl AppointmentPush {
    pub fn new(settings: SyncSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for AppointmentPush {
    fn name(&self) -> &'static str {
        AppointmentPushInput::KIND
    }

    fn description(&self) -> &'static str {
        "Pushes a booked, moved or cancelled appointment to the store's dealer system."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        // Started by bookings themselves; by hand, a manager re-pushes.
        MANAGER_ROLES
    }

    fn max_attempts(&self) -> i32 {
        5
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<AppointmentPushInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: AppointmentPushInput = parse_job_input(&input)?;
            let status = writeback::push(ctx.db(), &self.settings, &input, Utc::now())
                .await
                .map_err(|error| match error {
                    // The dealer system's folder: worth another attempt.
                    engine::Error::Upstream(reason) => JobError::Transient(reason),
                    other => JobError::from(other),
                })?;
            Ok(json!({
                "appointmentId": input.appointment_id,
                "action": input.action,
                "dmsStatus": status.as_str(),
            }))
        })
    }

    fn ended_unfinished<'a>(&'a self, db: &'a Database, run: Unfinished<'a>) -> CloseFuture<'a> {
        Box::pin(async move {
            let Ok(input) = parse_job_input::<AppointmentPushInput>(run.input) else {
                return Ok(());
            };
            writeback::mark_failed(db, input.appointment_id, run.reason).await
        })
    }
}
