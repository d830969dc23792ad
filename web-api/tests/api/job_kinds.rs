//! Job kinds that misbehave on purpose, to prove the job system's failure semantics.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::Database;
use engine::domain::Role;
use engine::store::job_runs::Counts;
use jobs::kinds::FileImport;
use jobs::registry::{Admission, CloseFuture, JobFuture, Unfinished};
use jobs::{JobContext, JobError, JobKind, Registry};
use serde_json::{Value, json};

const ALLOWED: &[Role] = &[Role::SuperAdmin, Role::EnterpriseAdmin];

/// The standard kinds (configured like the server) plus the test kinds below.
pub fn registry(config: &web_api::config::Config) -> Registry {
    let settings = config.job_settings().unwrap();
    let mut registry = Registry::standard(&settings);
    registry.register(Arc::new(Flaky));
    registry.register(Arc::new(Fail));
    registry.register(Arc::new(Panics));
    registry.register(Arc::new(Slow));
    registry.register(Arc::new(Backwards));
    registry.register(Arc::new(FailsFirstTime));
    registry.register(Arc::new(ImportGivesUp(FileImport::new(
        settings.uploads.clone(),
    ))));
    registry
}

/// Any input, as it came (none: an empty object), for the roles above and no store.
fn any_input(input: &Value) -> Result<Admission, String> {
    Ok(Admission {
        input: if input.is_null() {
            json!({})
        } else {
            input.clone()
        },
        roles: ALLOWED,
        store_ids: Vec::new(),
    })
}

/// Fails transiently on its first `failures` attempts.
struct Flaky;
impl JobKind for Flaky {
    fn name(&self) -> &'static str {
        "test.flaky"
    }
    fn description(&self) -> &'static str {
        "fails transiently, then succeeds"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn max_attempts(&self) -> i32 {
        3
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    fn run<'a>(&'a self, ctx: &'a JobContext, input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            let failures = input["failures"].as_i64().unwrap_or(1) as i32;
            if ctx.attempt <= failures {
                return Err(JobError::Transient(format!(
                    "blip on attempt {}",
                    ctx.attempt
                )));
            }
            Ok(json!({ "attempt": ctx.attempt }))
        })
    }
}

/// Fails permanently with the given message.
struct Fail;
impl JobKind for Fail {
    fn name(&self) -> &'static str {
        "test.fail"
    }
    fn description(&self) -> &'static str {
        "fails for good"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    fn run<'a>(&'a self, _ctx: &'a JobContext, input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            Err(JobError::Permanent(
                input["message"].as_str().unwrap_or("no").to_owned(),
            ))
        })
    }
}

struct Panics;
impl JobKind for Panics {
    fn name(&self) -> &'static str {
        "test.panic"
    }
    fn description(&self) -> &'static str {
        "panics"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    #[allow(clippy::panic)]
    fn run<'a>(&'a self, _ctx: &'a JobContext, _input: Value) -> JobFuture<'a> {
        Box::pin(async move { panic!("wheel came off") })
    }
}

/// Works through 600 steps of 50 ms, reporting progress and checking for cancellation.
struct Slow;
impl JobKind for Slow {
    fn name(&self) -> &'static str {
        "test.slow"
    }
    fn description(&self) -> &'static str {
        "takes half a minute unless cancelled"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            for done in 1..=600 {
                ctx.stop_if_cancelled().await?;
                tokio::time::sleep(Duration::from_millis(50)).await;
                ctx.progress(Counts {
                    total: 600,
                    done,
                    ..Counts::default()
                })
                .await?;
            }
            Ok(json!({}))
        })
    }
}

/// Reports 50 %, then 20 %, then fails: the shown progress must stay at 50.
struct Backwards;
impl JobKind for Backwards {
    fn name(&self) -> &'static str {
        "test.backwards"
    }
    fn description(&self) -> &'static str {
        "reports progress that goes backwards"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            ctx.progress(Counts {
                total: 10,
                done: 5,
                ..Counts::default()
            })
            .await?;
            ctx.progress(Counts {
                total: 10,
                done: 2,
                ..Counts::default()
            })
            .await?;
            Err(JobError::Permanent(
                "stopped after going backwards".to_owned(),
            ))
        })
    }
}

/// Fails permanently the first time a run executes, succeeds when it is run again.
struct FailsFirstTime;
static EXECUTIONS: Mutex<Option<HashMap<i64, u32>>> = Mutex::new(None);
impl JobKind for FailsFirstTime {
    fn name(&self) -> &'static str {
        "test.fails-first-time"
    }
    fn description(&self) -> &'static str {
        "fails once per run"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        any_input(input)
    }
    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            let executions = {
                let mut guard = EXECUTIONS.lock().unwrap_or_else(|p| p.into_inner());
                let counts = guard.get_or_insert_with(HashMap::new);
                let count = counts.entry(ctx.run_id).or_insert(0);
                *count += 1;
                *count
            };
            if executions == 1 {
                Err(JobError::Permanent("first time fails".to_owned()))
            } else {
                Ok(json!({ "executions": executions }))
            }
        })
    }
}

/// An import whose every attempt fails transiently (as when the database is down): the real
/// import kind closes what the run leaves open.
struct ImportGivesUp(FileImport);
impl JobKind for ImportGivesUp {
    fn name(&self) -> &'static str {
        "test.import-gives-up"
    }
    fn description(&self) -> &'static str {
        "an import whose attempts all fail transiently"
    }
    fn allowed_roles(&self) -> &'static [Role] {
        ALLOWED
    }
    fn max_attempts(&self) -> i32 {
        2
    }
    fn admit(&self, input: &Value) -> Result<Admission, String> {
        // The import's reading of the input, for this kind's roles and no store.
        any_input(&self.0.admit(input)?.input)
    }
    fn run<'a>(&'a self, ctx: &'a JobContext, _input: Value) -> JobFuture<'a> {
        Box::pin(async move {
            Err(JobError::Transient(format!(
                "the database went away on attempt {}",
                ctx.attempt
            )))
        })
    }
    fn ended_unfinished<'a>(&'a self, db: &'a Database, run: Unfinished<'a>) -> CloseFuture<'a> {
        self.0.ended_unfinished(db, run)
    }
}
