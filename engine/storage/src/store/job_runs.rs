//! Job runs: the record users see of each piece of background work, and its log.
//!
//! The queue only carries a run's id; everything a user or another worker needs to know lives
//! here. Status changes are guarded by the current status in the `WHERE` clause, so two workers
//! can never both claim or finish the same attempt.

use chrono::{DateTime, Duration, Utc};
use sea_query::{Expr, ExprTrait, Order, Query, SelectStatement};
use serde_json::Value as Json;

use super::schema::{JobRunLogs, JobRuns, Stores};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::{JobStatus, LogLevel};
use crate::error::{Error, Result};

/// How many log lines a run keeps (the oldest go first).
pub const MAX_LOG_LINES: i64 = 500;
/// Longest kept log line, in characters.
const MAX_LOG_LINE: usize = 2_000;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobRun {
    pub id: i64,
    pub enterprise_id: Option<i64>,
    pub kind: String,
    pub input: Option<Json>,
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub progress: i32,
    pub total_count: i64,
    pub done_count: i64,
    pub failed_count: i64,
    pub skipped_count: i64,
    pub result: Option<Json>,
    pub error: Option<String>,
    pub artifact_path: Option<String>,
    pub checkpoint: Option<Json>,
    pub attempt: i32,
    pub max_attempts: i32,
    pub idempotency_key: Option<String>,
    pub cancel_requested: bool,
    pub worker_id: Option<String>,
    /// For a running run, its worker's last sign of life; for a queued one, when it was last
    /// handed to the queue (or when its retry is due).
    pub heartbeat_at: Option<DateTime<Utc>>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The dealer holding every store the run works on, if one does.
    pub boc_id: Option<i64>,
    /// The store the run works on, if it works on exactly one.
    pub store_id: Option<i64>,
    /// How often the process working on the run died (it went quiet and was handed out again).
    pub interruptions: i32,
}

impl JobRun {
    pub fn status(&self) -> JobStatus {
        self.status
    }

    /// Whether a caller with `scope` sees the run (`None`: a platform user looking across
    /// enterprises, who sees every run). Inside an enterprise the rule is the one for every
    /// record: the run's dealer and store must be inside the scope.
    pub fn is_visible_to(&self, scope: Option<&Scope>) -> bool {
        scope.is_none_or(|scope| {
            self.enterprise_id
                .is_some_and(|e| scope.contains(e, self.boc_id, self.store_id))
        })
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobLogLine {
    pub id: i64,
    pub level: String,
    pub line: String,
    pub logged_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NewJobRun {
    pub enterprise_id: Option<i64>,
    /// The stores the run works on (its input's); they place it under a dealer and a store.
    pub store_ids: Vec<i64>,
    pub kind: String,
    pub input: Json,
    pub max_attempts: i32,
    pub idempotency_key: Option<String>,
    pub created_by: Option<i64>,
}

/// Which runs a listing shows.
#[derive(Debug, Clone, Default)]
pub struct JobRunFilter {
    /// The caller's scope; `None` lists every enterprise's runs and the platform's own
    /// (platform users only).
    pub scope: Option<Scope>,
    pub kind: Option<String>,
    pub status: Option<JobStatus>,
    pub created_from: Option<DateTime<Utc>>,
    pub created_to: Option<DateTime<Utc>>,
}

/// Counts of work done, for progress reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub total: i64,
    pub done: i64,
    pub failed: i64,
    pub skipped: i64,
}

impl Counts {
    /// Percent complete; a run with no known total reports 0 until it finishes.
    pub fn percent(&self) -> i32 {
        if self.total <= 0 {
            return 0;
        }
        let handled = (self.done + self.failed + self.skipped).clamp(0, self.total);
        (handled * 100 / self.total) as i32
    }
}

#[derive(Debug, Clone, Default)]
pub struct QueueStats {
    pub pending: i64,
    pub running: i64,
    pub failed_last_hour: i64,
    pub succeeded_last_hour: i64,
    pub oldest_pending_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct JobRunStore {
    db: Database,
}

impl JobRunStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    /// Creates a queued run. With an idempotency key that an active run already holds, returns
    /// that run instead (`false`: nothing was created).
    pub async fn create(&self, new: &NewJobRun, now: DateTime<Utc>) -> Result<(JobRun, bool)> {
        if let Some(key) = &new.idempotency_key
            && let Some(active) = self.active_with_key(new.enterprise_id, key).await?
        {
            return Ok((active, false));
        }
        let (boc_id, store_id) = self.place_of(&new.store_ids).await?;
        let insert = Query::insert()
            .into_table(JobRuns::Table)
            .columns([
                JobRuns::BocId,
                JobRuns::StoreId,
                JobRuns::EnterpriseId,
                JobRuns::Kind,
                JobRuns::Input,
                JobRuns::Status,
                JobRuns::MaxAttempts,
                JobRuns::IdempotencyKey,
                JobRuns::CreatedBy,
                JobRuns::CreatedAt,
                JobRuns::HeartbeatAt,
            ])
            .values_panic([
                boc_id.into(),
                store_id.into(),
                new.enterprise_id.into(),
                new.kind.clone().into(),
                new.input.clone().into(),
                JobStatus::Queued.as_str().into(),
                Ord::max(new.max_attempts, 1).into(),
                new.idempotency_key.clone().into(),
                new.created_by.into(),
                now.into(),
                now.into(),
            ])
            .returning_col(JobRuns::Id)
            .to_owned();
        match self.db.fetch_scalar::<i64>(&insert).await {
            Ok(id) => Ok((self.require(id).await?, true)),
            // Another request with the same key won the race: hand back its run.
            Err(Error::Database(e)) if is_unique_violation(&e) => {
                let key = new.idempotency_key.as_deref().unwrap_or_default();
                let active = self
                    .active_with_key(new.enterprise_id, key)
                    .await?
                    .ok_or(Error::Database(e))?;
                Ok((active, false))
            }
            Err(other) => Err(other),
        }
    }

    /// The dealer and store that hold every one of `store_ids`, as far as one does.
    async fn place_of(&self, store_ids: &[i64]) -> Result<(Option<i64>, Option<i64>)> {
        if store_ids.is_empty() {
            return Ok((None, None));
        }
        let dealers: Vec<i64> = self
            .db
            .fetch_all::<(i64,)>(
                &Query::select()
                    .distinct()
                    .column(Stores::BocId)
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).is_in(store_ids.iter().copied()))
                    .to_owned(),
            )
            .await?
            .into_iter()
            .map(|(dealer,)| dealer)
            .collect();
        let mut distinct_stores = store_ids.to_vec();
        distinct_stores.sort_unstable();
        distinct_stores.dedup();
        Ok(match (dealers.as_slice(), distinct_stores.as_slice()) {
            ([dealer], [store]) => (Some(*dealer), Some(*store)),
            ([dealer], _) => (Some(*dealer), None),
            _ => (None, None),
        })
    }

    async fn active_with_key(
        &self,
        enterprise_id: Option<i64>,
        key: &str,
    ) -> Result<Option<JobRun>> {
        let enterprise = match enterprise_id {
            Some(id) => Expr::col(JobRuns::EnterpriseId).eq(id),
            None => Expr::col(JobRuns::EnterpriseId).is_null(),
        };
        let query = select_runs()
            .and_where(enterprise)
            .and_where(Expr::col(JobRuns::IdempotencyKey).eq(key))
            .and_where(Expr::col(JobRuns::Status).is_in(active_statuses()))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    pub async fn get(&self, id: i64) -> Result<Option<JobRun>> {
        let query = select_runs()
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    async fn require(&self, id: i64) -> Result<JobRun> {
        self.get(id)
            .await?
            .ok_or_else(|| Error::not_found("Job run not found"))
    }

    pub async fn list(&self, filter: &JobRunFilter, page: PageRequest) -> Result<Page<JobRun>> {
        let mut query = select_runs();
        if let Some(scope) = &filter.scope {
            scope.restrict(&mut query, JobRuns::Table, true);
        }
        if let Some(kind) = &filter.kind {
            query.and_where(Expr::col(JobRuns::Kind).eq(kind.as_str()));
        }
        if let Some(status) = filter.status {
            query.and_where(Expr::col(JobRuns::Status).eq(status.as_str()));
        }
        if let Some(from) = filter.created_from {
            query.and_where(Expr::col(JobRuns::CreatedAt).gte(from));
        }
        if let Some(to) = filter.created_to {
            query.and_where(Expr::col(JobRuns::CreatedAt).lt(to));
        }
        let total: i64 = self
            .db
            .fetch_scalar(
                &query
                    .clone()
                    .clear_selects()
                    .expr(Expr::col(JobRuns::Id).count())
                    .to_owned(),
            )
            .await?;
        let content = self
            .db
            .fetch_all(
                &query
                    .order_by(JobRuns::Id, Order::Desc)
                    .limit(page.size)
                    .offset(page.offset())
                    .to_owned(),
            )
            .await?;
        Ok(Page {
            content,
            page: page.page,
            size: page.size,
            total_elements: total as u64,
        })
    }

    /// Claims a run for an attempt: a queued run, or a running one whose worker stopped
    /// heartbeating before `stale_before`. Returns the claimed run, or `None` when another
    /// worker has it or it is over.
    pub async fn claim(
        &self,
        id: i64,
        worker_id: &str,
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<Option<JobRun>> {
        let update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Status, JobStatus::Running.as_str())
            .value(JobRuns::Attempt, Expr::col(JobRuns::Attempt).add(1))
            // Claiming a run still marked running means its last worker died under it.
            .value(
                JobRuns::Interruptions,
                Expr::case(
                    Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()),
                    Expr::col(JobRuns::Interruptions).add(1),
                )
                .finally(Expr::col(JobRuns::Interruptions)),
            )
            .value(JobRuns::WorkerId, worker_id)
            .value(JobRuns::HeartbeatAt, now)
            .value(
                JobRuns::StartedAt,
                Expr::expr(sea_query::Func::coalesce([
                    Expr::col(JobRuns::StartedAt),
                    Expr::val(now),
                ])),
            )
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(
                Expr::col(JobRuns::Status)
                    .eq(JobStatus::Queued.as_str())
                    .or(Expr::col(JobRuns::Status)
                        .eq(JobStatus::Running.as_str())
                        .and(Expr::col(JobRuns::HeartbeatAt).lt(stale_before))),
            )
            .to_owned();
        if self.db.execute(&update).await? == 0 {
            return Ok(None);
        }
        self.get(id).await
    }

    /// Records progress. The percentage never goes backwards; counts are as reported.
    pub async fn report_progress(&self, id: i64, counts: Counts, now: DateTime<Utc>) -> Result<()> {
        let percent = counts.percent();
        let update = Query::update()
            .table(JobRuns::Table)
            .value(
                JobRuns::Progress,
                Expr::case(
                    Expr::col(JobRuns::Progress).gt(percent),
                    Expr::col(JobRuns::Progress),
                )
                .finally(percent),
            )
            .value(JobRuns::TotalCount, counts.total)
            .value(JobRuns::DoneCount, counts.done)
            .value(JobRuns::FailedCount, counts.failed)
            .value(JobRuns::SkippedCount, counts.skipped)
            .value(JobRuns::HeartbeatAt, now)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    pub async fn heartbeat(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        self.touch(id, JobStatus::Running, now).await
    }

    /// Sets `heartbeat_at` of a run that is still in `status`.
    async fn touch(&self, id: i64, status: JobStatus, now: DateTime<Utc>) -> Result<()> {
        let update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::HeartbeatAt, now)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(status.as_str()))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    pub async fn save_checkpoint(&self, id: i64, checkpoint: &Json) -> Result<()> {
        let update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Checkpoint, checkpoint.clone())
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Appends a log line, keeping the newest [`MAX_LOG_LINES`].
    pub async fn log(
        &self,
        id: i64,
        level: LogLevel,
        line: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let line: String = line.chars().take(MAX_LOG_LINE).collect();
        let insert = Query::insert()
            .into_table(JobRunLogs::Table)
            .columns([
                JobRunLogs::JobRunId,
                JobRunLogs::Level,
                JobRunLogs::Line,
                JobRunLogs::LoggedAt,
            ])
            .values_panic([id.into(), level.as_str().into(), line.into(), now.into()])
            .returning_col(JobRunLogs::Id)
            .to_owned();
        let line_id: i64 = self.db.fetch_scalar(&insert).await?;
        if line_id % 50 == 0 {
            let oldest_kept = Query::select()
                .column(JobRunLogs::Id)
                .from(JobRunLogs::Table)
                .and_where(Expr::col(JobRunLogs::JobRunId).eq(id))
                .order_by(JobRunLogs::Id, Order::Desc)
                .limit(1)
                .offset(MAX_LOG_LINES as u64 - 1)
                .to_owned();
            let trim = Query::delete()
                .from_table(JobRunLogs::Table)
                .and_where(Expr::col(JobRunLogs::JobRunId).eq(id))
                .and_where(
                    Expr::col(JobRunLogs::Id)
                        .lt(Expr::SubQuery(None, Box::new(oldest_kept.into()))),
                )
                .to_owned();
            self.db.execute(&trim).await?;
        }
        Ok(())
    }

    /// The newest `limit` log lines, oldest first.
    pub async fn logs(&self, id: i64, limit: u64) -> Result<Vec<JobLogLine>> {
        let query = Query::select()
            .columns([
                JobRunLogs::Id,
                JobRunLogs::Level,
                JobRunLogs::Line,
                JobRunLogs::LoggedAt,
            ])
            .from(JobRunLogs::Table)
            .and_where(Expr::col(JobRunLogs::JobRunId).eq(id))
            .order_by(JobRunLogs::Id, Order::Desc)
            .limit(Ord::min(limit, MAX_LOG_LINES as u64))
            .to_owned();
        let mut lines: Vec<JobLogLine> = self.db.fetch_all(&query).await?;
        lines.reverse();
        Ok(lines)
    }

    /// Ends the current attempt of a running run: succeeded, failed or cancelled. A run that
    /// is no longer running (cancelled meanwhile, claimed by another worker) is left alone.
    pub async fn finish(
        &self,
        id: i64,
        worker_id: &str,
        status: JobStatus,
        result: Option<Json>,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let mut update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Status, status.as_str())
            .value(JobRuns::Result, result)
            .value(JobRuns::Error, error.map(str::to_owned))
            .value(JobRuns::FinishedAt, now)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()))
            .and_where(Expr::col(JobRuns::WorkerId).eq(worker_id))
            .to_owned();
        if status == JobStatus::Succeeded {
            update.value(JobRuns::Progress, 100);
        }
        Ok(self.db.execute(&update).await? > 0)
    }

    /// Puts a running run back in the queue after a transient failure.
    /// `deliver_at` is when the retry is due; until then the sweep leaves the run alone.
    pub async fn requeue(
        &self,
        id: i64,
        worker_id: &str,
        error: &str,
        deliver_at: DateTime<Utc>,
    ) -> Result<bool> {
        let update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Status, JobStatus::Queued.as_str())
            .value(JobRuns::Error, error)
            .value(JobRuns::HeartbeatAt, deliver_at)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()))
            .and_where(Expr::col(JobRuns::WorkerId).eq(worker_id))
            .to_owned();
        Ok(self.db.execute(&update).await? > 0)
    }

    /// Gives a run this worker holds back to the queue untouched by its failure rules: a
    /// stopping worker that could not finish it in its grace period hands it on. The attempt
    /// it was on is not spent and no interruption is counted (the worker did not die); the
    /// next worker goes on from the last checkpoint. False when the worker no longer held it.
    pub async fn hand_back(&self, id: i64, worker_id: &str, now: DateTime<Utc>) -> Result<bool> {
        let update = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Status, JobStatus::Queued.as_str())
            .value(JobRuns::Attempt, Expr::col(JobRuns::Attempt).sub(1))
            .value(JobRuns::HeartbeatAt, now)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()))
            .and_where(Expr::col(JobRuns::WorkerId).eq(worker_id))
            .to_owned();
        Ok(self.db.execute(&update).await? > 0)
    }

    /// Asks a run to stop: a queued run is cancelled at once, a running one is flagged and its
    /// handler stops at its next check. Final runs cannot be cancelled.
    pub async fn request_cancel(&self, id: i64, now: DateTime<Utc>) -> Result<JobRun> {
        let cancel_queued = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::Status, JobStatus::Cancelled.as_str())
            .value(JobRuns::CancelRequested, true)
            .value(JobRuns::FinishedAt, now)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Queued.as_str()))
            .to_owned();
        let flag_running = Query::update()
            .table(JobRuns::Table)
            .value(JobRuns::CancelRequested, true)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Running.as_str()))
            .to_owned();
        if self.db.execute(&cancel_queued).await? == 0 && self.db.execute(&flag_running).await? == 0
        {
            let run = self.require(id).await?;
            return Err(Error::Conflict(format!(
                "The job run has already {}",
                run.status
            )));
        }
        self.require(id).await
    }

    pub async fn is_cancel_requested(&self, id: i64) -> Result<bool> {
        let query = Query::select()
            .column(JobRuns::CancelRequested)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .to_owned();
        Ok(self
            .db
            .fetch_optional::<(bool,)>(&query)
            .await?
            .is_some_and(|(c,)| c))
    }

    /// Starts a failed or cancelled run over: queued again, from its first attempt.
    pub async fn retry(&self, id: i64) -> Result<JobRun> {
        let update = Query::update()
            .table(JobRuns::Table)
            .values([
                (JobRuns::Status, JobStatus::Queued.as_str().into()),
                (JobRuns::Attempt, 0.into()),
                (JobRuns::Progress, 0.into()),
                (JobRuns::CancelRequested, false.into()),
                (JobRuns::Error, None::<String>.into()),
                (JobRuns::Result, None::<Json>.into()),
                (JobRuns::Checkpoint, None::<Json>.into()),
                (JobRuns::FinishedAt, None::<DateTime<Utc>>.into()),
                (JobRuns::WorkerId, None::<String>.into()),
                (JobRuns::HeartbeatAt, Utc::now().into()),
            ])
            .and_where(Expr::col(JobRuns::Id).eq(id))
            .and_where(
                Expr::col(JobRuns::Status).is_in(JobStatus::RETRYABLE.map(JobStatus::as_str)),
            )
            .to_owned();
        if self.db.execute(&update).await? == 0 {
            let run = self.require(id).await?;
            return Err(Error::Conflict(format!(
                "Only failed or cancelled runs can be retried; this one is {}",
                run.status
            )));
        }
        self.require(id).await
    }

    /// Ids of runs that claim to be running but whose worker went quiet before `stale_before`.
    pub async fn stale_running(&self, stale_before: DateTime<Utc>) -> Result<Vec<i64>> {
        self.quiet_since(JobStatus::Running, stale_before, None)
            .await
    }

    /// Ids of runs in `status` whose `heartbeat_at` is older than `before`, oldest id first.
    async fn quiet_since(
        &self,
        status: JobStatus,
        before: DateTime<Utc>,
        limit: Option<u64>,
    ) -> Result<Vec<i64>> {
        let mut query = Query::select()
            .column(JobRuns::Id)
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Status).eq(status.as_str()))
            .and_where(Expr::col(JobRuns::HeartbeatAt).lt(before))
            .order_by(JobRuns::Id, Order::Asc)
            .to_owned();
        if let Some(limit) = limit {
            query.limit(limit);
        }
        Ok(self
            .db
            .fetch_all::<(i64,)>(&query)
            .await?
            .into_iter()
            .map(|(id,)| id)
            .collect())
    }

    /// Ids of queued runs that were last handed to the queue before `cutoff` and have not been
    /// taken since: their delivery was lost (e.g. Redis restarted without persistence).
    pub async fn undelivered(&self, cutoff: DateTime<Utc>, limit: u64) -> Result<Vec<i64>> {
        self.quiet_since(JobStatus::Queued, cutoff, Some(limit))
            .await
    }

    /// Notes that a queued run was handed to the queue again.
    pub async fn mark_redelivered(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        self.touch(id, JobStatus::Queued, now).await
    }

    pub async fn stats(&self, scope: Option<&Scope>, now: DateTime<Utc>) -> Result<QueueStats> {
        let scoped = |mut query: SelectStatement| {
            if let Some(scope) = scope {
                scope.restrict(&mut query, JobRuns::Table, true);
            }
            query
        };
        let count = |status: JobStatus| {
            scoped(
                Query::select()
                    .expr(Expr::col(JobRuns::Id).count())
                    .from(JobRuns::Table)
                    .and_where(Expr::col(JobRuns::Status).eq(status.as_str()))
                    .to_owned(),
            )
        };
        let hour_ago = now - Duration::hours(1);
        let mut failed = count(JobStatus::Failed);
        failed.and_where(Expr::col(JobRuns::FinishedAt).gte(hour_ago));
        let mut succeeded = count(JobStatus::Succeeded);
        succeeded.and_where(Expr::col(JobRuns::FinishedAt).gte(hour_ago));
        let oldest = scoped(
            Query::select()
                .expr(sea_query::Func::min(Expr::col(JobRuns::CreatedAt)))
                .from(JobRuns::Table)
                .and_where(Expr::col(JobRuns::Status).eq(JobStatus::Queued.as_str()))
                .to_owned(),
        );
        Ok(QueueStats {
            pending: self.db.fetch_scalar(&count(JobStatus::Queued)).await?,
            running: self.db.fetch_scalar(&count(JobStatus::Running)).await?,
            failed_last_hour: self.db.fetch_scalar(&failed).await?,
            succeeded_last_hour: self.db.fetch_scalar(&succeeded).await?,
            oldest_pending_at: self.db.fetch_scalar(&oldest).await?,
        })
    }
}

fn select_runs() -> SelectStatement {
    Query::select()
        .columns([
            JobRuns::Id,
            JobRuns::EnterpriseId,
            JobRuns::Kind,
            JobRuns::Input,
            JobRuns::Status,
            JobRuns::Progress,
            JobRuns::TotalCount,
            JobRuns::DoneCount,
            JobRuns::FailedCount,
            JobRuns::SkippedCount,
            JobRuns::Result,
            JobRuns::Error,
            JobRuns::ArtifactPath,
            JobRuns::Checkpoint,
            JobRuns::Attempt,
            JobRuns::MaxAttempts,
            JobRuns::IdempotencyKey,
            JobRuns::CancelRequested,
            JobRuns::WorkerId,
            JobRuns::HeartbeatAt,
            JobRuns::CreatedBy,
            JobRuns::CreatedAt,
            JobRuns::StartedAt,
            JobRuns::FinishedAt,
            JobRuns::BocId,
            JobRuns::StoreId,
            JobRuns::Interruptions,
        ])
        .from(JobRuns::Table)
        .to_owned()
}

fn active_statuses() -> [&'static str; 2] {
    [JobStatus::Queued.as_str(), JobStatus::Running.as_str()]
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.is_unique_violation())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_counts_done_failed_and_skipped_work() {
        let counts = Counts {
            total: 200,
            done: 50,
            failed: 30,
            skipped: 20,
        };
        assert_eq!(counts.percent(), 50);
        assert_eq!(Counts { total: 0, ..counts }.percent(), 0);
        assert_eq!(
            Counts {
                total: 10,
                done: 99,
                ..Counts::default()
            }
            .percent(),
            100
        );
    }
}
