//! What a running job sees: its input's run, progress and log reporting, cancellation and
//! checkpoints, and the database.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::Utc;
use engine::Database;
use engine::domain::LogLevel;
use engine::store::job_runs::{Counts, JobRunStore};
use serde_json::Value as Json;

use crate::events::{Event, EventBus};
use crate::registry::JobError;

/// How often progress reports are announced on the realtime stream at most.
const PROGRESS_EVENT_EVERY: Duration = Duration::from_millis(200);

/// How often a handler's cancellation checks actually ask the database.
const CANCEL_POLL: Duration = Duration::from_millis(200);

pub struct JobContext {
    pub run_id: i64,
    pub attempt: i32,
    pub enterprise_id: Option<i64>,
    db: Database,
    store: JobRunStore,
    checkpoint: Mutex<Option<Json>>,
    cancelled: AtomicBool,
    last_cancel_poll: Mutex<Option<Instant>>,
    events: EventBus,
    last_progress_event: Mutex<Option<Instant>>,
    starter: Option<crate::starter::JobStarter>,
}

impl JobContext {
    pub(crate) fn new(
        db: Database,
        run_id: i64,
        attempt: i32,
        enterprise_id: Option<i64>,
        checkpoint: Option<Json>,
        events: EventBus,
        starter: Option<crate::starter::JobStarter>,
    ) -> Self {
        Self {
            run_id,
            attempt,
            enterprise_id,
            store: JobRunStore::new(db.clone()),
            db,
            checkpoint: Mutex::new(checkpoint),
            cancelled: AtomicBool::new(false),
            last_cancel_poll: Mutex::new(None),
            events,
            last_progress_event: Mutex::new(None),
            starter,
        }
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    /// The realtime stream, for handlers whose work users watch (messages, leads).
    pub fn events(&self) -> &EventBus {
        &self.events
    }

    /// Starts a follow-on job with no user behind it (a booking's dealer-system push), in this
    /// run's enterprise.
    pub async fn start_follow_on<I: engine::domain::JobInput>(
        &self,
        input: &I,
    ) -> Result<(), JobError> {
        let starter = self.starter.as_ref().ok_or_else(|| {
            JobError::Transient("this worker cannot start follow-on jobs".to_owned())
        })?;
        starter
            .start_system_input(input, self.enterprise_id)
            .await?;
        Ok(())
    }

    /// Starts the send job of a message just queued (the dispatcher would, a tick later).
    pub async fn dispatch(&self, message_id: i64, enterprise_id: i64) -> Result<(), JobError> {
        match &self.starter {
            Some(starter) => {
                let messages = engine::store::messages::MessageStore::new(self.db.clone());
                crate::dispatcher::dispatch(&messages, starter, message_id, enterprise_id).await?;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Reports how far the run is; the percentage shown never goes backwards.
    pub async fn progress(&self, counts: Counts) -> Result<(), JobError> {
        self.store
            .report_progress(self.run_id, counts, Utc::now())
            .await?;
        // Screens follow progress live; a few updates a second are plenty.
        let due = {
            let mut last = self
                .last_progress_event
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            let due = last.is_none_or(|at| at.elapsed() >= PROGRESS_EVENT_EVERY);
            if due {
                *last = Some(Instant::now());
            }
            due
        };
        if due {
            self.events
                .publish(Event::job(self.run_id, self.enterprise_id))
                .await;
        }
        Ok(())
    }

    pub async fn log(&self, level: LogLevel, line: impl AsRef<str>) -> Result<(), JobError> {
        Ok(self
            .store
            .log(self.run_id, level, line.as_ref(), Utc::now())
            .await?)
    }

    pub async fn info(&self, line: impl AsRef<str>) -> Result<(), JobError> {
        self.log(LogLevel::Info, line).await
    }

    /// Whether someone asked this run to stop. Cheap to call often: it asks the database at
    /// most every 200 ms.
    pub async fn is_cancelled(&self) -> Result<bool, JobError> {
        if self.cancelled.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let due = {
            let mut last = self
                .last_cancel_poll
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            let due = last.is_none_or(|at| at.elapsed() >= CANCEL_POLL);
            if due {
                *last = Some(Instant::now());
            }
            due
        };
        if due && self.store.is_cancel_requested(self.run_id).await? {
            self.cancelled.store(true, Ordering::Relaxed);
        }
        Ok(self.cancelled.load(Ordering::Relaxed))
    }

    /// `Err(Cancelled)` once the run was asked to stop; handlers use it with `?`.
    pub async fn stop_if_cancelled(&self) -> Result<(), JobError> {
        if self.is_cancelled().await? {
            Err(JobError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Where an earlier attempt got to, if it saved a checkpoint.
    pub fn checkpoint(&self) -> Option<Json> {
        self.checkpoint
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Saves where the run is, so a later attempt (after a crash) resumes from here.
    pub async fn save_checkpoint(&self, checkpoint: Json) -> Result<(), JobError> {
        self.store.save_checkpoint(self.run_id, &checkpoint).await?;
        *self.checkpoint.lock().unwrap_or_else(|p| p.into_inner()) = Some(checkpoint);
        Ok(())
    }
}
