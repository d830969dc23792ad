//! `maintenance.prune-sessions`: deletes expired sessions and old log-in attempts, and the
//! attachments uploaded a day ago or more that no message carries.

use chrono::{Duration, Utc};
use engine::auth::{AuthPolicy, AuthService};
use engine::domain::{JobInput, PruneSessionsInput, Role};
use engine::store::uploads::UploadStore;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

pub struct PruneSessions;

impl JobKind for PruneSessions {
    fn name(&self) -> &'static str {
        PruneSessionsInput::KIND
    }

    fn description(&self) -> &'static str {
        "Deletes expired sessions, log-in attempts older than a day, and attachments never sent."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[Role::SuperAdmin]
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<PruneSessionsInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let auth = AuthService::new(ctx.db().clone(), AuthPolicy::default());
            let now = Utc::now();
            let (sessions, attempts) = auth.prune(now).await?;
            // A day leaves a draft being written its files.
            let attachments = UploadStore::new(ctx.db().clone())
                .prune_unsent(now - Duration::days(1))
                .await?;
            ctx.info(format!(
                "deleted {sessions} expired sessions, {attempts} old log-in attempts and {attachments} attachments never sent"
            ))
            .await?;
            Ok(
                json!({ "sessions": sessions, "loginAttempts": attempts, "attachments": attachments }),
            )
        })
    }
}
