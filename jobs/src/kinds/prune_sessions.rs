//! `maintenance.prune-sessions`: deletes expired sessions and old log-in attempts.

use chrono::Utc;
use engine::auth::{AuthPolicy, AuthService};
use engine::domain::{JobInput, PruneSessionsInput, Role};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

pub struct PruneSessions;

impl JobKind for PruneSessions {
    fn name(&self) -> &'static str {
        PruneSessionsInput::KIND
    }

    fn description(&self) -> &'static str {
        "Deletes expired sessions and log-in attempts older than a day."
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
            let (sessions, attempts) = auth.prune(Utc::now()).await?;
            ctx.info(format!(
                "deleted {sessions} expired sessions and {attempts} old log-in attempts"
            ))
            .await?;
            Ok(json!({ "sessions": sessions, "loginAttempts": attempts }))
        })
    }
}
