//! What operators watch (issue 39, `GET /metrics`): the job runs by kind and status, how long
//! the oldest queued run of each kind has waited, how long the runs of the last hour took, and
//! the messages by delivery status. Every figure is the whole installation's, read from the
//! database, so any API process answers for all workers. Each query is served by an index
//! (`job_runs (status, kind)`, `message_instances (message_status, …)`) or bounded.

use chrono::{DateTime, Duration, Utc};
use sea_query::{Alias, Expr, ExprTrait, Func, Query};

use super::schema::{JobRuns, MessageInstances as Messages};
use crate::db::Database;
use crate::error::Result;

/// How many finished runs of the last hour are read for their durations, at most.
const RECENT_RUNS_READ: u64 = 10_000;

#[derive(Debug, Clone, Default)]
pub struct OperationsSnapshot {
    /// (kind, status, runs)
    pub runs: Vec<(String, String, i64)>,
    /// (kind, when its oldest queued run was created)
    pub oldest_queued: Vec<(String, DateTime<Utc>)>,
    /// Each run finished in the last hour.
    pub finished_last_hour: Vec<FinishedRun>,
    /// (delivery status, messages)
    pub messages: Vec<(String, i64)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FinishedRun {
    pub kind: String,
    pub status: String,
    /// From its creation (the request or webhook that started it) to a worker taking it.
    pub waited_secs: f64,
    /// From a worker taking it to its end (its last attempt's start, when retried).
    pub ran_secs: f64,
}

#[derive(Debug, Clone)]
pub struct OperationsStore {
    db: Database,
}

impl OperationsStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn snapshot(&self, now: DateTime<Utc>) -> Result<OperationsSnapshot> {
        let runs = Query::select()
            .columns([JobRuns::Kind, JobRuns::Status])
            .expr(Func::count(Expr::col(JobRuns::Id)))
            .from(JobRuns::Table)
            .group_by_col(JobRuns::Kind)
            .group_by_col(JobRuns::Status)
            .to_owned();
        let oldest = Query::select()
            .column(JobRuns::Kind)
            .expr_as(
                Func::min(Expr::col(JobRuns::CreatedAt)),
                Alias::new("oldest"),
            )
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::Status).eq("queued"))
            .group_by_col(JobRuns::Kind)
            .to_owned();
        let finished = Query::select()
            .columns([
                JobRuns::Kind,
                JobRuns::Status,
                JobRuns::CreatedAt,
                JobRuns::StartedAt,
                JobRuns::FinishedAt,
            ])
            .from(JobRuns::Table)
            .and_where(Expr::col(JobRuns::FinishedAt).gte(now - Duration::hours(1)))
            .and_where(Expr::col(JobRuns::StartedAt).is_not_null())
            .limit(RECENT_RUNS_READ)
            .to_owned();
        let messages = Query::select()
            .column(Messages::MessageStatus)
            .expr(Func::count(Expr::col(Messages::Id)))
            .from(Messages::Table)
            .group_by_col(Messages::MessageStatus)
            .to_owned();
        let oldest_queued: Vec<(String, Option<DateTime<Utc>>)> =
            self.db.fetch_all(&oldest).await?;
        // kind, status, created, started, finished
        type FinishedRow = (String, String, DateTime<Utc>, DateTime<Utc>, DateTime<Utc>);
        let finished: Vec<FinishedRow> = self.db.fetch_all(&finished).await?;
        let seconds = |from: DateTime<Utc>, to: DateTime<Utc>| {
            Ord::max((to - from).num_milliseconds(), 0) as f64 / 1000.0
        };
        Ok(OperationsSnapshot {
            runs: self.db.fetch_all(&runs).await?,
            oldest_queued: oldest_queued
                .into_iter()
                .filter_map(|(kind, at)| Some((kind, at?)))
                .collect(),
            finished_last_hour: finished
                .into_iter()
                .map(|(kind, status, created, started, finished)| FinishedRun {
                    kind,
                    status,
                    waited_secs: seconds(created, started),
                    ran_secs: seconds(started, finished),
                })
                .collect(),
            messages: self.db.fetch_all(&messages).await?,
        })
    }
}
