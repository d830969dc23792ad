//! Job runs: list, inspect, start, cancel, retry, and queue statistics.

use chrono::{DateTime, NaiveDate, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::{JobAction, JobKindName, JobStatus, ProgressUnit};
use engine::store::PageRequest;
use engine::store::job_runs::{JobLogLine, JobRun, JobRunFilter};
use jobs::StartRequest;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use serde_json::Value;

use super::ApiTags;
use crate::auth::{Session, enterprise_header, job_stores_in_scope, request_scope};
use crate::closed::Closed;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// How many log lines a run's detail shows.
const LOG_TAIL: u64 = 200;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct JobCounts {
    pub total: i64,
    pub done: i64,
    pub failed: i64,
    pub skipped: i64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct JobRunView {
    pub id: i64,
    pub kind: String,
    /// What people call the kind ("Report export").
    pub label: String,
    /// What `counts` count.
    pub unit: Closed<ProgressUnit>,
    pub status: Closed<JobStatus>,
    /// Percent complete; never goes backwards.
    pub progress: i32,
    pub counts: JobCounts,
    pub attempt: i32,
    pub max_attempts: i32,
    pub cancel_requested: bool,
    /// What the caller may do with the run now.
    pub actions: Vec<Closed<JobAction>>,
    pub input: Option<Value>,
    pub result: Option<Value>,
    pub error: Option<String>,
    pub enterprise_id: Option<i64>,
    /// The stores the run works on.
    pub stores: Vec<JobStoreView>,
    pub idempotency_key: Option<String>,
    pub created_by: Option<i64>,
    /// Who started it; none for runs the system starts.
    pub created_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub heartbeat_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct JobStoreView {
    pub id: i64,
    pub name: String,
}

/// Runs as `caller` sees them: each with its kind's label and unit, its stores and starter by
/// name, and what the caller may do with it.
pub(crate) async fn run_views(
    state: &AppState,
    caller: &Caller,
    runs: Vec<JobRun>,
) -> engine::Result<Vec<JobRunView>> {
    let stores_of: Vec<Vec<i64>> = runs.iter().map(|run| state.jobs.stores_of(run)).collect();
    let mut store_ids: Vec<i64> = stores_of.iter().flatten().copied().collect();
    store_ids.sort_unstable();
    store_ids.dedup();
    let store_names = state.tenancy.store_names(&store_ids).await?;
    let mut user_ids: Vec<i64> = runs.iter().filter_map(|run| run.created_by).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let user_names = state.users.display_names(&user_ids).await?;
    Ok(runs
        .into_iter()
        .zip(stores_of)
        .map(|(run, stores)| {
            let kind = run.kind.parse::<JobKindName>().ok();
            JobRunView {
                id: run.id,
                label: kind.map_or_else(|| run.kind.clone(), |k| k.label().to_owned()),
                unit: Closed(kind.map_or(ProgressUnit::Items, JobKindName::unit)),
                status: Closed(run.status),
                progress: run.progress,
                counts: JobCounts {
                    total: run.total_count,
                    done: run.done_count,
                    failed: run.failed_count,
                    skipped: run.skipped_count,
                },
                attempt: run.attempt,
                max_attempts: run.max_attempts,
                cancel_requested: run.cancel_requested,
                actions: state
                    .jobs
                    .actions_for(caller, &run)
                    .into_iter()
                    .map(Closed)
                    .collect(),
                stores: stores
                    .into_iter()
                    .filter_map(|id| {
                        store_names.get(&id).map(|name| JobStoreView {
                            id,
                            name: name.clone(),
                        })
                    })
                    .collect(),
                created_by_name: run.created_by.and_then(|id| user_names.get(&id).cloned()),
                kind: run.kind,
                input: run.input,
                result: run.result,
                error: run.error,
                enterprise_id: run.enterprise_id,
                idempotency_key: run.idempotency_key,
                created_by: run.created_by,
                created_at: run.created_at,
                started_at: run.started_at,
                finished_at: run.finished_at,
                heartbeat_at: run.heartbeat_at,
            }
        })
        .collect())
}

/// One run as `caller` sees it ([`run_views`]).
pub(crate) async fn run_view(
    state: &AppState,
    caller: &Caller,
    run: JobRun,
) -> engine::Result<JobRunView> {
    let mut views = run_views(state, caller, vec![run]).await?;
    Ok(views.remove(0))
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct JobLogView {
    pub id: i64,
    pub level: String,
    pub line: String,
    pub logged_at: DateTime<Utc>,
}

impl From<JobLogLine> for JobLogView {
    fn from(line: JobLogLine) -> Self {
        Self {
            id: line.id,
            level: line.level,
            line: line.line,
            logged_at: line.logged_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct JobRunDetail {
    pub run: JobRunView,
    /// The newest log lines, oldest first.
    pub logs: Vec<JobLogView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct JobRunPage {
    pub content: Vec<JobRunView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StartJob {
    /// A job kind, e.g. `diagnostics.noop` (see `GET /api/jobs/kinds`).
    pub kind: String,
    /// The kind's input; each kind checks its own.
    pub input: Option<Value>,
    /// While a run with this key is queued or running, starting again returns that run.
    pub idempotency_key: Option<String>,
}

#[derive(Debug, ApiResponse)]
pub enum StartedJob {
    /// A new run was started.
    #[oai(status = 201)]
    Created(Json<JobRunView>),
    /// A run with the same idempotency key is still active; this is it.
    #[oai(status = 200)]
    Existing(Json<JobRunView>),
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct JobKindView {
    pub name: String,
    /// What people call it ("Report export").
    pub label: String,
    pub description: String,
    pub max_attempts: i32,
    /// Whether the caller may start (and cancel and retry) runs of it.
    pub startable: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct QueueStatsView {
    pub backend: String,
    pub pending: i64,
    pub running: i64,
    pub failed_last_hour: i64,
    /// Runs that succeeded in the last hour.
    pub throughput_last_hour: i64,
    /// Seconds the oldest queued run has waited.
    pub oldest_pending_seconds: Option<i64>,
}

pub struct JobApi;

/// The scope whose runs a caller sees: their own, or for platform users the enterprise they
/// name (`None`: every run, theirs only).
pub(crate) fn visible_scope(caller: &Caller, req: &Request) -> ApiResult<Option<Scope>> {
    let named = enterprise_header(req)?;
    if caller.is_platform() && named.is_none() {
        return Ok(None);
    }
    Ok(Some(caller.scope(named)?))
}

pub(crate) async fn visible_run(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    id: i64,
) -> ApiResult<JobRun> {
    let scope = visible_scope(caller, req)?;
    match state.jobs.store().get(id).await? {
        Some(run) if run.is_visible_to(scope.as_ref()) => Ok(run),
        _ => Err(engine::Error::not_found("Job run not found").into()),
    }
}

fn parse_day(text: &str, name: &str) -> ApiResult<DateTime<Utc>> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| {
            ApiError::from(engine::Error::invalid(format!(
                "{name} must be a date as YYYY-MM-DD"
            )))
        })
}

#[OpenApi(tag = "ApiTags::Jobs")]
impl JobApi {
    /// Job runs, newest first, with filters.
    #[oai(path = "/api/jobs", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        kind: Query<Option<String>>,
        status: Query<Option<String>>,
        /// First day of creation (YYYY-MM-DD, UTC).
        from: Query<Option<String>>,
        /// Last day of creation (YYYY-MM-DD, UTC), inclusive.
        to: Query<Option<String>>,
    ) -> ApiResult<Json<JobRunPage>> {
        let filter = JobRunFilter {
            scope: visible_scope(&caller, req)?,
            kind: kind.0.filter(|k| !k.is_empty()),
            status: status
                .0
                .filter(|s| !s.is_empty())
                .map(|s| s.parse::<JobStatus>())
                .transpose()?,
            created_from: from
                .0
                .as_deref()
                .map(|d| parse_day(d, "from"))
                .transpose()?,
            created_to: to
                .0
                .as_deref()
                .map(|d| parse_day(d, "to").map(|t| t + chrono::Duration::days(1)))
                .transpose()?,
        };
        let listed = state
            .jobs
            .store()
            .list(&filter, PageRequest::new(page.0, size.0)?)
            .await?;
        Ok(Json(JobRunPage {
            content: run_views(&state, &caller, listed.content).await?,
            page: listed.page,
            size: listed.size,
            total_elements: listed.total_elements,
        }))
    }

    /// Every job kind, by label, each saying whether the caller may start it (the Jobs
    /// screen filters runs by kind and starts the startable ones).
    #[oai(path = "/api/jobs/kinds", method = "get")]
    async fn kinds(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
    ) -> Json<Vec<JobKindView>> {
        let mut kinds: Vec<JobKindView> = state
            .jobs
            .registry()
            .iter()
            .map(|kind| JobKindView {
                name: kind.name().to_owned(),
                label: kind
                    .name()
                    .parse::<JobKindName>()
                    .map_or_else(|_| kind.name().to_owned(), |k| k.label().to_owned()),
                description: kind.description().to_owned(),
                max_attempts: kind.max_attempts(),
                startable: caller.has_any(kind.allowed_roles()),
            })
            .collect();
        kinds.sort_by(|a, b| a.label.cmp(&b.label));
        Json(kinds)
    }

    /// Queue statistics for the caller's runs.
    #[oai(path = "/api/jobs/stats", method = "get")]
    async fn stats(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<QueueStatsView>> {
        let now = Utc::now();
        let stats = state
            .jobs
            .store()
            .stats(visible_scope(&caller, req)?.as_ref(), now)
            .await?;
        Ok(Json(QueueStatsView {
            backend: state.queue.name().to_owned(),
            pending: stats.pending,
            running: stats.running,
            failed_last_hour: stats.failed_last_hour,
            throughput_last_hour: stats.succeeded_last_hour,
            oldest_pending_seconds: stats
                .oldest_pending_at
                .map(|t| (now - t).num_seconds().max(0)),
        }))
    }

    /// A run with the tail of its log.
    #[oai(path = "/api/jobs/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<JobRunDetail>> {
        let run = visible_run(&state, &caller, req, id.0).await?;
        let logs = state.jobs.store().logs(run.id, LOG_TAIL).await?;
        Ok(Json(JobRunDetail {
            run: run_view(&state, &caller, run).await?,
            logs: logs.into_iter().map(JobLogView::from).collect(),
        }))
    }

    /// Starts a run of a kind. Unknown kinds and bad input answer 400 with the reason.
    #[oai(path = "/api/jobs", method = "post")]
    async fn start(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<StartJob>,
    ) -> ApiResult<StartedJob> {
        let mut enterprise_id = if caller.is_platform() {
            enterprise_header(req)?
        } else {
            Some(caller.scope(enterprise_header(req)?)?.enterprise_id)
        };
        let input = body.0.input.unwrap_or(Value::Null);
        let admission = state.jobs.check_start(&caller, &body.0.kind, &input)?;
        if let Some(enterprise) =
            job_stores_in_scope(&state, || request_scope(&caller, req), &admission.store_ids)
                .await?
        {
            enterprise_id = Some(enterprise);
        }
        let request = StartRequest {
            kind: body.0.kind,
            admission,
            idempotency_key: body.0.idempotency_key,
            enterprise_id,
        };
        let (run, created) = state.jobs.start(&caller, request).await?;
        tracing::info!(run = run.id, kind = %run.kind, created, "job start requested");
        Ok(if created {
            StartedJob::Created(Json(run_view(&state, &caller, run).await?))
        } else {
            StartedJob::Existing(Json(run_view(&state, &caller, run).await?))
        })
    }

    /// Asks a run to stop: queued runs are cancelled at once, running ones at their next check.
    #[oai(path = "/api/jobs/:id/cancel", method = "post")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<JobRunView>> {
        let run = visible_run(&state, &caller, req, id.0).await?;
        let run = state.jobs.cancel(&caller, &run).await?;
        Ok(Json(run_view(&state, &caller, run).await?))
    }

    /// Runs a failed or cancelled run again from the start.
    #[oai(path = "/api/jobs/:id/retry", method = "post")]
    async fn retry(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<JobRunView>> {
        let run = visible_run(&state, &caller, req, id.0).await?;
        let run = state.jobs.retry(&caller, &run).await?;
        Ok(Json(run_view(&state, &caller, run).await?))
    }
}
