//! The queues that carry run ids to workers: apalis-sqlite in the data directory (embedded) or
//! apalis-redis (scale-out), each under an explicit queue name.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::time::Duration;

use apalis::prelude::*;
use apalis_redis::RedisStorage;
use apalis_sqlite::SqliteStorage;
use chrono::Utc;
use engine::domain::LogLevel;
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::backend::QueueBackend;
use crate::executor::{Executor, Outcome};

/// What travels through the queue: only the run's id; the run itself lives in `job_runs`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct JobMessage {
    pub run_id: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("cannot open the job queue: {0}")]
    Open(String),
    #[error("cannot queue the job: {0}")]
    Push(String),
}

/// Runs `$body` with `$storage` bound to the backend's storage; written once, compiled for each.
macro_rules! on_storage {
    ($queue:expr, |$storage:ident| $body:expr) => {
        async {
            match $queue {
                JobQueue::Sqlite($storage) => $body,
                JobQueue::Redis($storage) => $body,
            }
        }
    };
}

/// A handle to push runs onto the queue; cheap to clone.
#[derive(Clone)]
pub enum JobQueue {
    Sqlite(SqliteStorage<JobMessage>),
    Redis(RedisStorage<JobMessage>),
}

impl std::fmt::Debug for JobQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            JobQueue::Sqlite(_) => "JobQueue::Sqlite",
            JobQueue::Redis(_) => "JobQueue::Redis",
        })
    }
}

impl JobQueue {
    /// Opens the queue named `name` (`queue.db` in `data_dir` for the embedded backend). Workers
    /// fetch up to `fetch_batch` tasks per round trip: more is faster for short jobs, fewer
    /// spreads long jobs better across worker processes.
    pub async fn open(
        backend: &QueueBackend,
        data_dir: &Path,
        name: &str,
        fetch_batch: usize,
    ) -> Result<Self, QueueError> {
        match backend {
            QueueBackend::Embedded => {
                std::fs::create_dir_all(data_dir).map_err(|e| QueueError::Open(e.to_string()))?;
                let path = data_dir.join("queue.db");
                // Durable settings of our own: apalis's setup() would turn synchronous off.
                let options =
                    SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
                        .map_err(|e| QueueError::Open(e.to_string()))?
                        .create_if_missing(true)
                        .journal_mode(SqliteJournalMode::Wal)
                        .synchronous(SqliteSynchronous::Normal)
                        .busy_timeout(Duration::from_secs(10));
                let pool = SqlitePoolOptions::new()
                    .max_connections(4)
                    .connect_with(options)
                    .await
                    .map_err(|e| QueueError::Open(e.to_string()))?;
                SqliteStorage::<()>::migrations()
                    .run(&pool)
                    .await
                    .map_err(|e| QueueError::Open(e.to_string()))?;
                let config = apalis_sqlite::Config::default()
                    .queue(name)
                    .batch_size(fetch_batch.max(1))
                    .heartbeat_interval(APALIS_HEARTBEAT)
                    .missed_heartbeats(APALIS_MISSED_HEARTBEATS)
                    // The fetch already claims a task for this worker (`Queued`, `lock_by`),
                    // and a dead worker's claimed tasks are re-queued like running ones: a
                    // second "running" write per task adds nothing but a transaction.
                    .lock_tasks(false);
                Ok(JobQueue::Sqlite(
                    SqliteStorage::new(&pool).with_config(config),
                ))
            }
            QueueBackend::Redis { url } => {
                // A batch is pushed by one Lua call that runs longer the larger the batch:
                // redis's 500 ms default answer timeout failed 10,000 at once on a busy
                // machine. The push's own bound (`PUSH_TIMEOUT`) still holds.
                let client = redis::Client::open(url.as_str())
                    .map_err(|e| QueueError::Open(e.to_string()))?;
                let conn = client
                    .get_connection_manager_with_config(
                        redis::aio::ConnectionManagerConfig::new()
                            .set_response_timeout(Some(PUSH_TIMEOUT)),
                    )
                    .await
                    .map_err(|e| QueueError::Open(e.to_string()))?;
                let config = apalis_redis::Config::default()
                    .queue(name)
                    .batch_size(fetch_batch.max(1))
                    .heartbeat_interval(APALIS_HEARTBEAT)
                    .missed_heartbeats(APALIS_MISSED_HEARTBEATS)
                    // As on the embedded queue: the fetch already puts a task in this
                    // worker's in-flight set, which is what a dead worker's tasks are
                    // re-queued from; the lease (three commands a task) adds nothing.
                    .lock_tasks(false)
                    // Nobody subscribes (workers poll, `poll_strategy`): a publish a task at
                    // each of push, lease and ack is wasted work for Redis.
                    .emit_events(false);
                Ok(JobQueue::Redis(RedisStorage::new(conn).with_config(config)))
            }
        }
    }

    /// Queues a run for delivery now, or after `delay`.
    pub async fn push(&self, run_id: i64, delay: Option<Duration>) -> Result<(), QueueError> {
        let mut task = TaskBuilder::new(JobMessage { run_id });
        if let Some(delay) = delay {
            task = task.run_after(delay);
        }
        let task = task.build();
        let push = on_storage!(self, |storage| storage
            .clone()
            .push_task(task)
            .await
            .map_err(|e| e.to_string()));
        within_push_timeout(push).await
    }
}

/// How long the embedded queue keeps a finished task's row. Runs live in `job_runs`; the row
/// only matters while apalis might still acknowledge it.
const FINISHED_TASKS_KEPT: chrono::Duration = chrono::Duration::minutes(1);

impl JobQueue {
    /// Deletes the embedded queue's rows of tasks finished a while ago, so its table (and each
    /// fetch, heartbeat and acknowledgement over it) stays the size of the work in hand, not of
    /// every task ever run. Answers how many went; Redis prunes itself.
    pub async fn prune_finished(&self, now: chrono::DateTime<Utc>) -> Result<u64, QueueError> {
        let JobQueue::Sqlite(storage) = self else {
            return Ok(0);
        };
        let cutoff = (now - FINISHED_TASKS_KEPT).timestamp();
        // Any queue's in the file: a finished row is of no use to anyone.
        let pruned =
            sqlx::query("DELETE FROM Jobs WHERE status IN ('Done', 'Killed') AND done_at < ?1")
                .bind(cutoff)
                .execute(storage.pool())
                .await
                .map_err(|e| QueueError::Push(e.to_string()))?;
        Ok(pruned.rows_affected())
    }
}

/// Deletes every Redis key of the queue `name` (tests and decommissioned queues).
pub async fn purge_redis_queue(url: &str, name: &str) -> Result<u64, QueueError> {
    let client = redis::Client::open(url).map_err(|e| QueueError::Open(e.to_string()))?;
    let mut conn = client
        .get_multiplexed_async_connection()
        .await
        .map_err(|e| QueueError::Open(e.to_string()))?;
    let mut deleted = 0;
    for pattern in [name.to_owned(), format!("{name}:*")] {
        let keys: Vec<String> = redis::cmd("KEYS")
            .arg(&pattern)
            .query_async(&mut conn)
            .await
            .map_err(|e| QueueError::Push(e.to_string()))?;
        if !keys.is_empty() {
            let removed: u64 = redis::cmd("DEL")
                .arg(&keys)
                .query_async(&mut conn)
                .await
                .map_err(|e| QueueError::Push(e.to_string()))?;
            deleted += removed;
        }
    }
    Ok(deleted)
}

impl JobQueue {
    /// Queues many runs for delivery now, in one round trip per batch.
    pub async fn push_batch(&self, run_ids: &[i64]) -> Result<(), QueueError> {
        let messages: Vec<JobMessage> = run_ids
            .iter()
            .map(|&run_id| JobMessage { run_id })
            .collect();
        let push = on_storage!(self, |storage| storage
            .clone()
            .push_bulk(messages)
            .await
            .map_err(|e| e.to_string()));
        within_push_timeout(push).await
    }
}

/// How long a push may take: a queue that does not answer in time counts as unavailable, and
/// the stale-run sweep delivers the run later.
const PUSH_TIMEOUT: Duration = Duration::from_secs(5);

async fn within_push_timeout(
    push: impl std::future::Future<Output = Result<(), String>>,
) -> Result<(), QueueError> {
    match tokio::time::timeout(PUSH_TIMEOUT, push).await {
        Ok(result) => result.map_err(QueueError::Push),
        Err(_) => Err(QueueError::Push(format!(
            "no answer within {} s",
            PUSH_TIMEOUT.as_secs()
        ))),
    }
}

#[derive(Clone)]
struct WorkerState {
    executor: Executor,
    queue: JobQueue,
    /// When this process last received a task (unix ms), for the stall watchdog.
    last_delivery: Arc<AtomicI64>,
    /// Tasks being handled right now; the watchdog never restarts a busy worker.
    in_flight: Arc<AtomicUsize>,
}

/// Counts a task as in flight for as long as it lives.
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn enter(counter: &Arc<AtomicUsize>) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        Self(counter.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn handle_message(message: JobMessage, state: Data<WorkerState>) -> Result<(), BoxDynError> {
    state
        .last_delivery
        .store(Utc::now().timestamp_millis(), Ordering::Relaxed);
    let _in_flight = InFlight::enter(&state.in_flight);
    match state.executor.execute(message.run_id).await {
        Ok(Outcome::RetryAfter(delay)) => {
            state.queue.push(message.run_id, Some(delay)).await?;
            Ok(())
        }
        Ok(outcome) => {
            tracing::debug!(run = message.run_id, ?outcome, "job handled");
            Ok(())
        }
        // The run stays queued or running; the stale-run sweep delivers it again.
        Err(error) => {
            tracing::error!(run = message.run_id, %error, "job could not be executed");
            Err(Box::new(error))
        }
    }
}

/// Workers consuming the queue, plus the sweep that re-delivers runs whose worker died.
pub struct WorkerPool {
    /// The apalis worker, started again whenever it stops, until the pool drains.
    worker: JoinHandle<()>,
    /// Tasks tied to the pool's life: the stale-run sweep and those [`WorkerPool::adopt`]ed.
    tasks: Vec<JoinHandle<()>>,
    /// Set once to stop taking work (see [`WorkerPool::drain`]).
    stopping: watch::Sender<bool>,
    executor: Executor,
    queue: JobQueue,
}

/// What a drain did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drained {
    /// Runs being executed here when the drain began.
    pub in_hand: usize,
    /// Runs still going when the grace period ended, handed back to the queue.
    pub handed_back: Vec<i64>,
}

impl WorkerPool {
    /// Starts `concurrency` concurrent executions on this process. A worker that stops (for
    /// instance when Redis goes away) is started again after a pause.
    pub fn start(queue: JobQueue, executor: Executor, name: &str, concurrency: usize) -> Self {
        let last_delivery = Arc::new(AtomicI64::new(Utc::now().timestamp_millis()));
        let in_flight = Arc::new(AtomicUsize::new(0));
        let restart = Arc::new(Notify::new());
        let (stopping, _) = watch::channel(false);
        let state = WorkerState {
            executor: executor.clone(),
            queue: queue.clone(),
            last_delivery: last_delivery.clone(),
            in_flight: in_flight.clone(),
        };
        let watchdog = Watchdog {
            last_delivery,
            in_flight,
            restart: restart.clone(),
        };
        let worker_name = format!("{name}-{}", std::process::id());
        let stop_signal = stopping.subscribe();
        let worker = tokio::spawn(async move {
            let mut generation = 0u32;
            loop {
                generation += 1;
                // A fresh worker gets a whole stale period before the watchdog judges it.
                state
                    .last_delivery
                    .store(Utc::now().timestamp_millis(), Ordering::Relaxed);
                let stop = stop_signal.clone();
                let run = on_storage!(&state.queue, |storage| {
                    WorkerBuilder::new(format!("{worker_name}-{generation}"))
                        .backend(storage.clone().poll_with_strategy(poll_strategy()))
                        .data(state.clone())
                        .concurrency(concurrency.max(1))
                        .build(handle_message)
                        // Once stopping: fetch nothing more, finish what is in hand, end.
                        .run_with_ctx(move |worker| {
                            let mut stop = stop.clone();
                            async move {
                                let _ = stop.wait_for(|stopping| *stopping).await;
                                // A worker not started yet refuses to stop: ask until it has.
                                while worker.stop().is_err() {
                                    tokio::time::sleep(Duration::from_millis(50)).await;
                                }
                                Ok(())
                            }
                        })
                        .await
                });
                let result = tokio::select! {
                    result = run => result,
                    () = restart.notified() => {
                        tracing::warn!("job worker looked stuck (work waiting, nothing delivered); restarting it");
                        Ok(())
                    }
                };
                if *stop_signal.borrow() {
                    if let Err(error) = result {
                        tracing::warn!(%error, "job worker ended with an error while stopping");
                    }
                    return;
                }
                match result {
                    Ok(()) => tracing::warn!("job worker stopped; restarting"),
                    Err(error) => tracing::error!(%error, "job worker failed; restarting"),
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        let sweep = tokio::spawn(sweep_stale_runs(queue.clone(), executor.clone(), watchdog));
        Self {
            worker,
            tasks: vec![sweep],
            stopping,
            executor,
            queue,
        }
    }

    /// Ties another background task (e.g. the schedule loop) to this pool's life.
    pub fn adopt(&mut self, task: JoinHandle<()>) {
        self.tasks.push(task);
    }

    /// Stops at once: runs in hand are cut off where they are, and other workers' sweeps
    /// deliver them again once their heartbeat is stale (as after a crash).
    pub fn stop(&self) {
        self.worker.abort();
        for task in &self.tasks {
            task.abort();
        }
    }

    /// Stops gracefully (SIGTERM): takes no more work and lets the runs in hand finish for up
    /// to `grace`. Runs still going then are stopped and handed back to the queue, so another
    /// worker goes on with them from their last checkpoint at once, without waiting for their
    /// heartbeat to go stale and without counting the stop as a crash.
    pub async fn drain(mut self, grace: Duration) -> Drained {
        self.stopping.send_replace(true);
        for task in &self.tasks {
            task.abort();
        }
        let in_hand = self.executor.running_here().len();
        if tokio::time::timeout(grace, &mut self.worker).await.is_ok() {
            return Drained {
                in_hand,
                handed_back: Vec::new(),
            };
        }
        let still_running = self.executor.running_here();
        self.worker.abort();
        // The runs' executions are gone before anyone else may take them.
        let _ = (&mut self.worker).await;
        let store = self.executor.store();
        let mut handed_back = Vec::new();
        for run_id in still_running {
            let now = Utc::now();
            match store
                .hand_back(run_id, self.executor.worker_id(), now)
                .await
            {
                Ok(true) => {}
                Ok(false) => continue,
                Err(error) => {
                    tracing::warn!(run = run_id, %error, "could not hand the run back; the sweep will");
                    continue;
                }
            }
            let line = "Handed back by a stopping worker; another worker goes on with it";
            if let Err(error) = store.log(run_id, LogLevel::Info, line, now).await {
                tracing::warn!(run = run_id, %error, "could not log the hand-back");
            }
            // Should the push fail, the run is queued and the stale-run sweep delivers it.
            if let Err(error) = self.queue.push(run_id, None).await {
                tracing::warn!(run = run_id, %error, "could not queue the handed-back run");
            }
            handed_back.push(run_id);
        }
        Drained {
            in_hand,
            handed_back,
        }
    }
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What the sweep needs to restart a worker that stopped fetching.
struct Watchdog {
    last_delivery: Arc<AtomicI64>,
    in_flight: Arc<AtomicUsize>,
    restart: Arc<Notify>,
}

/// How workers look for new tasks. apalis parks a worker whose fetch came back empty until
/// something wakes it; pushes from other processes never do, so poll on an interval.
pub fn poll_strategy() -> Strategy {
    Strategy::new().interval(POLL_INTERVAL)
}

/// How long a queued task may wait for an idle worker to look again.
const POLL_INTERVAL: Duration = Duration::from_millis(100);

/// apalis's own worker heartbeat. Its timer also wakes a parked worker, and under CPU pressure
/// the poll strategy's wake-up can be lost (seen here: workers idle for the whole default 30 s
/// beside a due task), so a short heartbeat bounds such a stall to about a second.
const APALIS_HEARTBEAT: Duration = Duration::from_secs(1);
/// Heartbeats a worker may miss before apalis hands its tasks to others (our own claim guard
/// keeps a slow-but-alive worker's run from executing twice).
const APALIS_MISSED_HEARTBEATS: usize = 10;

/// Re-delivers runs that were lost on the way: running ones whose worker stopped heartbeating
/// (killed, crashed, cut off), and queued ones nobody took within the stale period (their
/// task vanished, e.g. with a Redis restarted without persistence). Claiming is guarded, so an
/// extra delivery never runs a job twice at once.
async fn sweep_stale_runs(queue: JobQueue, executor: Executor, watchdog: Watchdog) {
    let stale_after = executor.settings().stale_after;
    let mut ticks = tokio::time::interval((stale_after / 3).max(Duration::from_millis(200)));
    loop {
        ticks.tick().await;
        let now = Utc::now();
        let cutoff = now - chrono::Duration::from_std(stale_after).unwrap_or_default();
        let store = executor.store();
        let lost = match (
            store.stale_running(cutoff).await,
            store.undelivered(cutoff, 500).await,
        ) {
            (Ok(running), Ok(queued)) => running.into_iter().chain(queued),
            (Err(error), _) | (_, Err(error)) => {
                tracing::warn!(%error, "stale-run sweep failed");
                continue;
            }
        };
        // A run this process is executing is alive whatever its heartbeat says (the heartbeat
        // can lag behind a busy database); marking it alive keeps other workers off it too.
        let (alive, lost): (Vec<i64>, Vec<i64>) =
            lost.partition(|id| executor.is_running_here(*id));
        for run_id in alive {
            if let Err(error) = store.heartbeat(run_id, now).await {
                tracing::warn!(run = run_id, %error, "heartbeat failed");
            }
        }
        if let Err(error) = queue.prune_finished(now).await {
            tracing::warn!(%error, "could not prune finished queue tasks");
        }
        // Work went astray and this worker has received nothing for a stale period: apalis
        // can stop fetching without a word (after Redis time-outs); start it afresh.
        let quiet_ms = now.timestamp_millis() - watchdog.last_delivery.load(Ordering::Relaxed);
        let idle = watchdog.in_flight.load(Ordering::Relaxed) == 0;
        if !lost.is_empty() && idle && quiet_ms > stale_after.as_millis() as i64 {
            watchdog.restart.notify_one();
        }
        for run_id in lost {
            tracing::warn!(run = run_id, "re-delivering a run that went astray");
            match queue.push(run_id, None).await {
                Ok(()) => {
                    if let Err(error) = store.mark_redelivered(run_id, now).await {
                        tracing::warn!(run = run_id, %error, "could not note the re-delivery");
                    }
                }
                Err(error) => tracing::warn!(run = run_id, %error, "could not re-deliver run"),
            }
        }
    }
}
