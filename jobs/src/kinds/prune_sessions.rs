//! `maintenance.prune-sessions`: deletes expired sessions and old log-in attempts, and the
//! attachments uploaded a day ago or more that no message carries.

use chrono::Utc;
use engine::auth::{AuthPolicy, AuthService};
use engine::domain::{JobInput, PruneSessionsInput, Role};
use engine::store::housekeeping::prune_expired;
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
            let pruned = prune_expired(&auth, ctx.db(), Utc::now()).await?;
            ctx.info(format!(
                "deleted {} expired sessions, {} old log-in attempts, {} attachments never sent and {} old report changes",
                pruned.sessions, pruned.login_attempts, pruned.attachments, pruned.report_changes
            ))
            .await?;
            Ok(json!({
                "sessions": pruned.sessions,
                "loginAttempts": pruned.login_attempts,
                "attachments": pruned.attachments,
                "reportChanges": pruned.report_changes
            }))
        })
    }
}
