//! Runs one attempt of a job run, with Bayline's failure semantics: transient errors retry with
//! exponential backoff up to the kind's limit, permanent errors and panics fail the run at
//! once, cancellation stops it, and a heartbeat shows the attempt is alive.

use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::Utc;
use engine::Database;
use engine::domain::{JobStatus, LogLevel};
use engine::store::job_runs::{JobRun, JobRunStore};
use futures_util::FutureExt;
use serde_json::Value as Json;

use crate::context::JobContext;
use crate::events::{Event, EventBus};
use crate::registry::{JobError, Registry, close_unfinished};

/// Deaths of the process running a run after which the run is closed as failed instead of
/// handed out again: a run whose input kills every worker that takes it must not take down
/// each worker in turn, forever.
pub const MAX_INTERRUPTIONS: i32 = 2;

#[derive(Debug, Clone)]
pub struct ExecutorSettings {
    /// How often a running attempt marks itself alive.
    pub heartbeat_every: Duration,
    /// After how long without a heartbeat a running attempt counts as dead and is run again.
    pub stale_after: Duration,
    /// First retry delay; each further attempt doubles it, up to `backoff_max`.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
}

impl Default for ExecutorSettings {
    fn default() -> Self {
        Self {
            heartbeat_every: Duration::from_secs(5),
            stale_after: Duration::from_secs(30),
            backoff_base: Duration::from_secs(2),
            backoff_max: Duration::from_secs(300),
        }
    }
}

impl ExecutorSettings {
    /// The wait before attempt `attempt + 1`.
    pub fn backoff(&self, attempt: i32) -> Duration {
        let factor = 2u32.saturating_pow(attempt.saturating_sub(1).clamp(0, 20) as u32);
        self.backoff_base
            .saturating_mul(factor)
            .min(self.backoff_max)
    }
}

/// Aborts a background task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// What became of an execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The run reached a final status.
    Finished(JobStatus),
    /// A transient failure: the run is queued again and must be delivered after this delay.
    RetryAfter(Duration),
    /// Another worker holds the run, or it is already over: nothing was done.
    NotClaimed,
}

#[derive(Clone)]
pub struct Executor {
    db: Database,
    store: JobRunStore,
    registry: Arc<Registry>,
    worker_id: String,
    settings: ExecutorSettings,
    events: EventBus,
    /// What handlers start follow-on jobs with (set once the process has its starter).
    starter: Option<crate::starter::JobStarter>,
    /// Runs this process is executing now. A run whose heartbeat lagged (a busy database, a
    /// starved CPU) looks stale to the sweep; it must not be claimed again by the very process
    /// running it, which would count its own living worker as a death.
    running_here: Arc<Mutex<HashSet<i64>>>,
}

/// Holds a run's place in `running_here` for as long as this process executes it.
struct RunningHere {
    runs: Arc<Mutex<HashSet<i64>>>,
    id: i64,
}

impl Drop for RunningHere {
    fn drop(&mut self) {
        lock(&self.runs).remove(&self.id);
    }
}

fn lock(runs: &Mutex<HashSet<i64>>) -> std::sync::MutexGuard<'_, HashSet<i64>> {
    runs.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Executor {
    /// Lets handlers start follow-on jobs (a booking's dealer-system push, a reply's send).
    pub fn with_starter(mut self, starter: crate::starter::JobStarter) -> Self {
        self.starter = Some(starter);
        self
    }

    pub fn new(
        db: Database,
        registry: Arc<Registry>,
        worker_id: String,
        settings: ExecutorSettings,
        events: EventBus,
    ) -> Self {
        Self {
            store: JobRunStore::new(db.clone()),
            db,
            registry,
            worker_id,
            settings,
            events,
            starter: None,
            running_here: Arc::default(),
        }
    }

    /// Whether this process is executing the run now (whatever its heartbeat says).
    pub fn is_running_here(&self, run_id: i64) -> bool {
        lock(&self.running_here).contains(&run_id)
    }

    /// The runs this process is executing now.
    pub fn running_here(&self) -> Vec<i64> {
        lock(&self.running_here).iter().copied().collect()
    }

    /// The name this process claims runs under.
    pub fn worker_id(&self) -> &str {
        &self.worker_id
    }

    /// Takes the run's place among those this process executes, unless it holds it already.
    fn enter(&self, run_id: i64) -> Option<RunningHere> {
        lock(&self.running_here)
            .insert(run_id)
            .then(|| RunningHere {
                runs: self.running_here.clone(),
                id: run_id,
            })
    }

    pub fn settings(&self) -> &ExecutorSettings {
        &self.settings
    }

    pub fn store(&self) -> &JobRunStore {
        &self.store
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Runs the next attempt of a run, if this worker can claim it.
    pub async fn execute(&self, run_id: i64) -> engine::Result<Outcome> {
        let Some(_running_here) = self.enter(run_id) else {
            return Ok(Outcome::NotClaimed);
        };
        let now = Utc::now();
        let stale_before =
            now - chrono::Duration::from_std(self.settings.stale_after).unwrap_or_default();
        let Some(run) = self
            .store
            .claim(run_id, &self.worker_id, now, stale_before)
            .await?
        else {
            return Ok(Outcome::NotClaimed);
        };
        self.events
            .publish(Event::job(run.id, run.enterprise_id))
            .await;
        if run.cancel_requested {
            return self
                .end(
                    &run,
                    JobStatus::Cancelled,
                    None,
                    Some("Cancelled before it started"),
                )
                .await;
        }
        if run.interruptions >= MAX_INTERRUPTIONS {
            tracing::error!(run = run.id, kind = %run.kind, "a run stopped its process again: closed");
            let message = format!(
                "The process running this job stopped {} times while running it; it is not run \
                 again (what it was reading may be what stops it)",
                run.interruptions
            );
            return self
                .end(&run, JobStatus::Failed, None, Some(&message))
                .await;
        }
        let Some(kind) = self.registry.get(&run.kind).cloned() else {
            let message = format!("This worker does not know the job kind {:?}", run.kind);
            return self
                .end(&run, JobStatus::Failed, None, Some(&message))
                .await;
        };
        if run.attempt > 1 {
            self.store
                .log(
                    run.id,
                    LogLevel::Info,
                    &format!("attempt {} of {}", run.attempt, run.max_attempts),
                    now,
                )
                .await?;
        }

        let ctx = JobContext::new(
            self.db.clone(),
            run.id,
            run.attempt,
            run.enterprise_id,
            run.checkpoint.clone(),
            self.events.clone(),
            self.starter.clone(),
        );
        // Aborted when this execution ends or is dropped (e.g. its worker is restarted), so a
        // run never looks alive without anyone working on it.
        let _heartbeat = AbortOnDrop(tokio::spawn({
            let (store, every, id) = (self.store.clone(), self.settings.heartbeat_every, run.id);
            async move {
                let mut ticks = tokio::time::interval(every);
                ticks.tick().await;
                loop {
                    ticks.tick().await;
                    if let Err(error) = store.heartbeat(id, Utc::now()).await {
                        tracing::warn!(run = id, %error, "heartbeat failed");
                    }
                }
            }
        }));
        let input = run.input.clone().unwrap_or(Json::Null);
        let result = AssertUnwindSafe(kind.run(&ctx, input)).catch_unwind().await;

        match result {
            Ok(Ok(value)) => {
                self.end(&run, JobStatus::Succeeded, Some(value), None)
                    .await
            }
            Ok(Err(JobError::Cancelled)) => {
                self.end(&run, JobStatus::Cancelled, None, Some("Cancelled"))
                    .await
            }
            Ok(Err(JobError::Permanent(message))) => {
                self.end(&run, JobStatus::Failed, None, Some(&message))
                    .await
            }
            Ok(Err(JobError::Transient(message))) if run.attempt < run.max_attempts => {
                let delay = self.settings.backoff(run.attempt);
                self.store
                    .log(
                        run.id,
                        LogLevel::Warn,
                        &format!(
                            "attempt {} failed: {message}; retrying in {} s",
                            run.attempt,
                            delay.as_secs_f64()
                        ),
                        Utc::now(),
                    )
                    .await?;
                if self
                    .store
                    .requeue(
                        run.id,
                        &self.worker_id,
                        &message,
                        Utc::now() + chrono::Duration::from_std(delay).unwrap_or_default(),
                    )
                    .await?
                {
                    self.events
                        .publish(Event::job(run.id, run.enterprise_id))
                        .await;
                    Ok(Outcome::RetryAfter(delay))
                } else {
                    Ok(Outcome::NotClaimed)
                }
            }
            Ok(Err(JobError::Transient(message))) => {
                let message = format!("{message} (gave up after {} attempts)", run.attempt);
                self.end(&run, JobStatus::Failed, None, Some(&message))
                    .await
            }
            Err(panic) => {
                let detail = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown cause".to_owned());
                tracing::error!(run = run.id, kind = %run.kind, %detail, "job panicked");
                self.end(
                    &run,
                    JobStatus::Failed,
                    None,
                    Some(&format!("The job crashed: {detail}")),
                )
                .await
            }
        }
    }

    async fn end(
        &self,
        run: &JobRun,
        status: JobStatus,
        result: Option<Json>,
        error: Option<&str>,
    ) -> engine::Result<Outcome> {
        let now = Utc::now();
        if let Some(error) = error {
            let level = if status == JobStatus::Failed {
                LogLevel::Error
            } else {
                LogLevel::Info
            };
            self.store.log(run.id, level, error, now).await?;
        }
        if self
            .store
            .finish(run.id, &self.worker_id, status, result, error, now)
            .await?
        {
            if status != JobStatus::Succeeded
                && let Some(kind) = self.registry.get(&run.kind)
            {
                close_unfinished(
                    kind.as_ref(),
                    &self.db,
                    run,
                    status,
                    error.unwrap_or_default(),
                )
                .await;
            }
            self.events
                .publish(Event::job(run.id, run.enterprise_id))
                .await;
            Ok(Outcome::Finished(status))
        } else {
            Ok(Outcome::NotClaimed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let settings = ExecutorSettings {
            backoff_base: Duration::from_secs(2),
            backoff_max: Duration::from_secs(10),
            ..ExecutorSettings::default()
        };
        let delays: Vec<u64> = (1..=5).map(|a| settings.backoff(a).as_secs()).collect();
        assert_eq!(delays, [2, 4, 8, 10, 10]);
    }
}
