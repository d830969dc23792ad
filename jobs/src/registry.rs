//! Job kinds and the registry that knows them.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use engine::Database;
use engine::domain::{JobInput, JobStatus, Role, parse_job_input};
use engine::store::job_runs::JobRun;
use serde_json::Value as Json;

use crate::context::JobContext;

/// How an attempt of a job ended badly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JobError {
    /// Worth another attempt (a network blip, a lock): retried with backoff.
    #[error("{0}")]
    Transient(String),
    /// Will fail again however often it is tried; shown to the user as is.
    #[error("{0}")]
    Permanent(String),
    /// The run was cancelled and the handler stopped.
    #[error("cancelled")]
    Cancelled,
}

impl From<engine::Error> for JobError {
    fn from(error: engine::Error) -> Self {
        match error {
            engine::Error::Database(_) => JobError::Transient(error.to_string()),
            other => JobError::Permanent(other.to_string()),
        }
    }
}

pub type JobFuture<'a> = Pin<Box<dyn Future<Output = Result<Json, JobError>> + Send + 'a>>;

pub type CloseFuture<'a> = Pin<Box<dyn Future<Output = engine::Result<()>> + Send + 'a>>;

/// How a run ended without succeeding, for [`JobKind::ended_unfinished`].
#[derive(Debug, Clone, Copy)]
pub struct Unfinished<'a> {
    pub run_id: i64,
    pub input: &'a Json,
    /// FAILED or CANCELLED.
    pub status: JobStatus,
    pub reason: &'a str,
}

/// One kind of background work.
pub trait JobKind: Send + Sync + 'static {
    /// The kind's stable name, e.g. `maintenance.prune-sessions`.
    fn name(&self) -> &'static str;
    fn description(&self) -> &'static str;
    /// Roles that may start, cancel and retry it (none: only the system starts it).
    fn allowed_roles(&self) -> &'static [Role];
    /// Attempts before a transient failure becomes final.
    fn max_attempts(&self) -> i32 {
        3
    }
    /// Reads and checks an input once, saying what starting a run with it takes; the message
    /// says what is wrong. A kind with a typed input answers with [`admit_typed`].
    fn admit(&self, input: &Json) -> Result<Admission, String>;
    /// Does the work. Long handlers report progress and check for cancellation through `ctx`.
    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a>;
    /// Called once when a run ends for good without succeeding (a permanent error, the last
    /// attempt's transient error, a crash, a cancel, even before it started), so the kind can
    /// close the records its input opened (an import's report, a sync's history row) instead
    /// of leaving them RUNNING.
    fn ended_unfinished<'a>(&'a self, _db: &'a Database, _run: Unfinished<'a>) -> CloseFuture<'a> {
        Box::pin(async { Ok(()) })
    }
}

/// Lets a run's kind close what the run left open when it ended for good without succeeding;
/// a failure here is logged, not the run's outcome.
pub(crate) async fn close_unfinished(
    kind: &dyn JobKind,
    db: &Database,
    run: &JobRun,
    status: JobStatus,
    reason: &str,
) {
    let input = run.input.clone().unwrap_or(Json::Null);
    let unfinished = Unfinished {
        run_id: run.id,
        input: &input,
        status,
        reason,
    };
    if let Err(error) = kind.ended_unfinished(db, unfinished).await {
        tracing::warn!(run = run.id, kind = %run.kind, %error, "closing what the run left open failed");
    }
}

/// What starting a run with an input takes, read from the input once.
#[derive(Debug, Clone, PartialEq)]
pub struct Admission {
    /// The input in its normal form, as the run stores it.
    pub input: Json,
    /// Who may start it with this input: the kind's roles, or fewer when the input narrows
    /// them (an export of an administrators-only report).
    pub roles: &'static [Role],
    /// The stores the run works on: starting it needs every one inside the caller's scope,
    /// and the run belongs to their enterprise.
    pub store_ids: Vec<i64>,
}

impl Admission {
    /// The admission of a typed input that has been read and checked.
    pub fn of<I: JobInput>(typed: &I, roles: &'static [Role]) -> Result<Self, String> {
        Ok(Self {
            input: serde_json::to_value(typed).map_err(|e| e.to_string())?,
            roles,
            store_ids: typed.store_ids(),
        })
    }
}

/// `JobKind::admit` for a kind whose input is a typed [`JobInput`] any of `roles` may start:
/// the input is read and checked by the type's own rules, once.
pub fn admit_typed<I: JobInput>(input: &Json, roles: &'static [Role]) -> Result<Admission, String> {
    let typed: I = parse_typed(input)?;
    Admission::of(&typed, roles)
}

/// Reads and checks a typed input, for a kind whose admission depends on its value.
pub fn parse_typed<I: JobInput>(input: &Json) -> Result<I, String> {
    parse_job_input(input).map_err(|e| e.to_string())
}

/// The kinds this process can run, by name.
#[derive(Clone, Default)]
pub struct Registry {
    kinds: BTreeMap<&'static str, Arc<dyn JobKind>>,
}

impl Registry {
    /// Every kind Bayline ships, configured by `settings`.
    pub fn standard(settings: &crate::kinds::KindSettings) -> Self {
        let mut registry = Self::default();
        for kind in crate::kinds::all(settings) {
            registry.register(kind);
        }
        registry
    }

    pub fn register(&mut self, kind: Arc<dyn JobKind>) {
        self.kinds.insert(kind.name(), kind);
    }

    pub fn get(&self, name: &str) -> Option<&Arc<dyn JobKind>> {
        self.kinds.get(name)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn JobKind>> {
        self.kinds.values()
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.kinds.keys()).finish()
    }
}
