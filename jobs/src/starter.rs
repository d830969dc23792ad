//! Starting, cancelling and retrying runs on behalf of a user: the kind must exist, the
//! caller's role must be allowed, the input must be valid; then the run is recorded and queued.

use std::sync::Arc;

use chrono::Utc;
use engine::auth::Caller;
use engine::domain::{JobAction, JobInput, JobStatus, job_actions};
use engine::store::job_runs::{JobRun, JobRunStore, NewJobRun};
use engine::{Error, Result};
use serde_json::Value as Json;

use crate::events::{Event, EventBus};
use crate::queue::JobQueue;
use crate::registry::{Admission, JobKind, Registry, close_unfinished};

/// What a user asks to start.
#[derive(Debug, Clone)]
pub struct StartRequest {
    pub kind: String,
    /// The input as [`JobStarter::check_start`] read it for this caller.
    pub admission: Admission,
    pub idempotency_key: Option<String>,
    /// The enterprise the run belongs to (`None`: a platform run).
    pub enterprise_id: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct JobStarter {
    store: JobRunStore,
    registry: Arc<Registry>,
    queue: JobQueue,
    events: EventBus,
}

impl JobStarter {
    pub fn new(
        store: JobRunStore,
        registry: Arc<Registry>,
        queue: JobQueue,
        events: EventBus,
    ) -> Self {
        Self {
            store,
            registry,
            queue,
            events,
        }
    }

    /// Where changes to runs are announced (the realtime stream subscribes here).
    pub fn events(&self) -> &EventBus {
        &self.events
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn store(&self) -> &JobRunStore {
        &self.store
    }

    fn permitted_kind(&self, caller: &Caller, name: &str) -> Result<&Arc<dyn JobKind>> {
        let kind = self
            .registry
            .get(name)
            .ok_or_else(|| Error::invalid(format!("Unknown job kind {name:?}")))?;
        caller.require_any(kind.allowed_roles())?;
        Ok(kind)
    }

    /// Records and queues a run; with an idempotency key an active run already holds, returns
    /// that run (`false`: nothing new was started).
    pub async fn start(&self, caller: &Caller, request: StartRequest) -> Result<(JobRun, bool)> {
        let kind = self.permitted_kind(caller, &request.kind)?;
        let admission = request.admission;
        caller.require_any(admission.roles)?;
        if let Some(key) = &request.idempotency_key
            && (key.trim().is_empty() || key.len() > 200)
        {
            return Err(Error::invalid(
                "idempotencyKey must have 1 to 200 characters",
            ));
        }
        let new = NewJobRun {
            enterprise_id: request.enterprise_id,
            store_ids: admission.store_ids,
            kind: kind.name().to_owned(),
            input: admission.input,
            max_attempts: kind.max_attempts(),
            idempotency_key: request.idempotency_key,
            created_by: Some(caller.user_id),
        };
        let (run, created) = self.store.create(&new, Utc::now()).await?;
        if created {
            self.enqueue(&run).await?;
        }
        Ok((run, created))
    }

    /// Starts a run from a typed input the caller's request built (and checked); the same
    /// input asked for again while it runs is that run. The stores it names must already be
    /// inside the caller's scope.
    pub async fn start_input<I: JobInput>(
        &self,
        caller: &Caller,
        input: &I,
        enterprise_id: Option<i64>,
    ) -> Result<(JobRun, bool)> {
        let json = serde_json::to_value(input).map_err(|e| Error::Internal(e.to_string()))?;
        let request = StartRequest {
            kind: I::KIND.to_owned(),
            admission: self.check_start(caller, I::KIND, &json)?,
            idempotency_key: Some(input.idempotency_key()),
            enterprise_id,
        };
        self.start(caller, request).await
    }

    /// Checks that `caller` may start `kind` with `input`, reading the input once: its normal
    /// form, and the stores it names (which the caller's scope must hold).
    pub fn check_start(&self, caller: &Caller, kind: &str, input: &Json) -> Result<Admission> {
        let kind = self.permitted_kind(caller, kind)?;
        let admission = kind.admit(input).map_err(|reason| {
            Error::invalid(format!("Invalid input for {}: {reason}", kind.name()))
        })?;
        caller.require_any(admission.roles)?;
        Ok(admission)
    }

    /// Starts a run with no user behind it from a typed input (the dispatcher, inbound texts);
    /// the same input while its run is active is that run.
    pub async fn start_system_input<I: JobInput>(
        &self,
        input: &I,
        enterprise_id: Option<i64>,
    ) -> Result<JobRun> {
        let json = serde_json::to_value(input).map_err(|e| Error::Internal(e.to_string()))?;
        self.start_system(I::KIND, json, enterprise_id, Some(input.idempotency_key()))
            .await
    }

    /// Starts a run with no user behind it (schedules, maintenance). With an idempotency key an
    /// active run holds, returns that run.
    pub async fn start_system(
        &self,
        kind: &str,
        input: Json,
        enterprise_id: Option<i64>,
        idempotency_key: Option<String>,
    ) -> Result<JobRun> {
        let kind = self
            .registry
            .get(kind)
            .ok_or_else(|| Error::invalid(format!("Unknown job kind {kind:?}")))?;
        let admission = kind.admit(&input).map_err(Error::invalid)?;
        let new = NewJobRun {
            enterprise_id,
            store_ids: admission.store_ids,
            kind: kind.name().to_owned(),
            input: admission.input,
            max_attempts: kind.max_attempts(),
            idempotency_key,
            created_by: None,
        };
        let (run, created) = self.store.create(&new, Utc::now()).await?;
        if created {
            self.enqueue(&run).await?;
        }
        Ok(run)
    }

    /// What `caller` may do with `run` (the same rules `cancel` and `retry` apply).
    pub fn actions_for(&self, caller: &Caller, run: &JobRun) -> Vec<JobAction> {
        let permitted = self.permitted_kind(caller, &run.kind).is_ok();
        job_actions(run.status, run.cancel_requested, permitted)
    }

    /// The stores a run works on, as its kind reads them from its input (none when the kind
    /// is unknown here or the input no longer reads).
    pub fn stores_of(&self, run: &JobRun) -> Vec<i64> {
        let input = run.input.clone().unwrap_or(Json::Null);
        self.registry
            .get(&run.kind)
            .and_then(|kind| kind.admit(&input).ok())
            .map(|admission| admission.store_ids)
            .unwrap_or_default()
    }

    pub async fn cancel(&self, caller: &Caller, run: &JobRun) -> Result<JobRun> {
        let kind = self.permitted_kind(caller, &run.kind)?;
        let run = self.store.request_cancel(run.id, Utc::now()).await?;
        if run.status == JobStatus::Cancelled {
            // A queued run ends here, with no worker to see it: its kind closes what it opened.
            close_unfinished(
                kind.as_ref(),
                self.store.db(),
                &run,
                JobStatus::Cancelled,
                "Cancelled before it started",
            )
            .await;
        }
        self.events
            .publish(Event::job(run.id, run.enterprise_id))
            .await;
        Ok(run)
    }

    pub async fn retry(&self, caller: &Caller, run: &JobRun) -> Result<JobRun> {
        self.permitted_kind(caller, &run.kind)?;
        let run = self.store.retry(run.id).await?;
        self.enqueue(&run).await?;
        Ok(run)
    }

    /// Hands a recorded run to the queue. If the queue is unreachable the run stays queued and
    /// the stale-run sweep delivers it later, so a queue outage never loses or fails a start.
    async fn enqueue(&self, run: &JobRun) -> Result<()> {
        self.events
            .publish(Event::job(run.id, run.enterprise_id))
            .await;
        if let Err(error) = self.queue.push(run.id, None).await {
            // The run is recorded; the sweep delivers it once the queue answers again.
            tracing::warn!(run = run.id, %error, "queue unavailable; the run will be delivered later");
        }
        Ok(())
    }
}
