//! Start-up (database, migrations, demo data) and the HTTP endpoint tree.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use engine::auth::{AuthPolicy, AuthService};
use engine::db::ConnectOptions;
use engine::store::housekeeping::prune_expired;
use engine::store::job_runs::JobRunStore;
use engine::store::messages::MessageStore;
use engine::store::schedules::ScheduleStore;
use engine::{Database, store::users::UserStore};
use jobs::{EventBus, Executor, ExecutorSettings, JobQueue, JobStarter, Registry, WorkerPool};
use poem::endpoint::StaticFilesEndpoint;
use poem::middleware::CatchPanic;
use poem::{Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Request, Response, Route, handler};
use poem_openapi::OpenApiService;
use tracing::Instrument;

use crate::config::Config;
use crate::error::{REQUEST_ID, internal_error_response, render_any_error};
use crate::routes;
use crate::state::AppState;

/// The OpenAPI service with every area of the API.
pub fn api_service() -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    OpenApiService::new(routes::all(), "Bayline API", env!("CARGO_PKG_VERSION"))
        .description("Service leads and customer messaging for dealerships.")
}

/// Connects to the configured database and applies pending migrations.
pub async fn open_database(config: &Config) -> anyhow::Result<Database> {
    let options = ConnectOptions {
        postgres_schema: config.database_schema.clone(),
        max_connections: None,
    };
    let db = Database::connect(&config.database_url, &options)
        .await
        .with_context(|| format!("cannot open the database at {}", config.database_url))?;
    db.migrate()
        .await
        .context("cannot apply database migrations")?;
    Ok(db)
}

/// Fills an empty database with the demo world when configured to; a database that already has
/// users is left as it is.
pub async fn load_demo_data_if_empty(config: &Config, db: &Database) -> anyhow::Result<()> {
    if !config.demo {
        return Ok(());
    }
    if UserStore::new(db.clone()).count().await? > 0 {
        tracing::info!("database already has data; demo data not loaded");
        return Ok(());
    }
    let started = Instant::now();
    let options = sample_data::DemoOptions {
        vehicles: config.demo_scale,
        ..sample_data::DemoOptions::default()
    };
    let summary = sample_data::generate(db, &options, |_| {}).await?;
    if config.demo_schedules {
        add_demo_schedules(db).await?;
    }
    tracing::info!(
        vehicles = summary.vehicles,
        leads = summary.leads,
        bulk_runs = summary.job_runs,
        seconds = started.elapsed().as_secs_f64(),
        "demo data loaded"
    );
    Ok(())
}

/// Each demo enterprise's follow-up sweep, every five minutes, so the demo's cadences run; and
/// its first store's simulated dealer system, synced hourly, so the service-lane board's
/// orders move along over the day.
async fn add_demo_schedules(db: &Database) -> anyhow::Result<()> {
    use engine::domain::JobInput;
    use engine::imports::sources::{SourceKind, SyncInput};
    use engine::store::data_sources::{DataSourceStore, NewDataSource};
    use engine::store::schedules::{NewSchedule, ScheduleStore};
    let schedules = ScheduleStore::new(db.clone());
    let tenancy = engine::store::tenancy::TenancyStore::new(db.clone());
    for enterprise in tenancy.enterprise_ids().await? {
        let scope = engine::auth::Scope {
            enterprise_id: enterprise,
            boc_id: None,
            store_id: None,
        };
        if let Some(store) = tenancy
            .stores(&scope)
            .await?
            .into_iter()
            .min_by_key(|s| s.id)
        {
            let source = DataSourceStore::new(db.clone())
                .create(
                    &NewDataSource {
                        enterprise_id: enterprise,
                        store_id: store.id,
                        name: "Dealer system (simulated)".to_owned(),
                        source_kind: SourceKind::SimulatedDms,
                        is_enabled: true,
                        created_by: None,
                    },
                    chrono::Utc::now(),
                )
                .await?;
            schedules
                .create(
                    &NewSchedule {
                        enterprise_id: enterprise,
                        store_id: Some(store.id),
                        // As the data-source screen names its sync schedules.
                        api_name: format!("dms-sync:{}", source.id),
                        job_kind: SyncInput::KIND.to_owned(),
                        cron: "5 * * * *".to_owned(),
                        time_zone: "UTC".to_owned(),
                        input: serde_json::json!({
                            "dataSourceId": source.id,
                            "storeId": store.id,
                        }),
                        is_enabled: true,
                        created_by: None,
                    },
                    chrono::Utc::now(),
                )
                .await?;
        }
        let sweep = NewSchedule {
            enterprise_id: enterprise,
            store_id: None,
            api_name: "follow-up-sweep".to_owned(),
            job_kind: engine::outreach::FollowUpSweepInput::KIND.to_owned(),
            cron: "*/5 * * * *".to_owned(),
            time_zone: "UTC".to_owned(),
            input: serde_json::json!({}),
            is_enabled: true,
            created_by: None,
        };
        schedules.create(&sweep, chrono::Utc::now()).await?;
    }
    Ok(())
}

/// The whole HTTP surface: API, OpenAPI document and Swagger UI, and the built UI.
pub fn endpoint(state: AppState, ui_dir: &Path) -> impl Endpoint + 'static {
    let api = std::sync::Arc::new(api_service().into_endpoint());
    let mut route = Route::new()
        .at(
            "/api/openapi.json",
            poem::endpoint::make_sync(|_| {
                poem::Response::builder()
                    .content_type("application/json; charset=utf-8")
                    .body(crate::openapi::document())
            }),
        )
        .nest(
            "/api/docs",
            poem::endpoint::make_sync(|_| poem::web::Html(crate::openapi::swagger_ui_html())),
        )
        .nest_no_strip("/api", api.clone())
        .nest_no_strip("/user", api.clone())
        .nest_no_strip("/assistant", api.clone())
        // The spec's template calls live outside /api (M§7 L202).
        .nest_no_strip("/templateCustom", api.clone())
        .nest_no_strip("/template", api.clone())
        .nest_no_strip("/templateDynamicParts", api.clone())
        .nest_no_strip("/dynamicTemplate", api.clone())
        // The spec's mailing lists too (P§7 L237).
        .nest_no_strip("/mailinglist", api.clone())
        // The lane host's order detail (P§7 L206).
        .nest_no_strip("/bridge", api.clone())
        .nest_no_strip("/twilio", api.clone())
        .nest_no_strip("/aiva", api.clone())
        .nest_no_strip("/bandwidth", api.clone())
        // The deal room's calls (G-C2–C4), opened by signed links.
        .nest_no_strip("/servicedealroom", api.clone())
        .at("/metrics", api.clone())
        // Not a nest: /leadmanager itself is the UI's lead manager.
        .at("/leadmanager/getLeadManagerDataForCompanyOffice", api)
        .at(
            "/media/:token/:name",
            poem::get(crate::routes::uploads::serve_media),
        );
    route = if ui_dir.join("index.html").is_file() {
        route.nest(
            "/",
            StaticFilesEndpoint::new(ui_dir)
                .index_file("index.html")
                .fallback_to_index(),
        )
    } else {
        tracing::warn!(dir = %ui_dir.display(), "UI not built; serving the API only");
        route.at("/", ui_missing)
    };
    with_request_rules(route).data(state)
}

/// What every request passes through, outermost first: the request log and id, the panic
/// guard, body limits and NUL checks, and errors in the spec's shape.
pub fn with_request_rules(route: Route) -> impl Endpoint + 'static {
    route
        .catch_all_error(render_any_error)
        .around(crate::guard::guard_request)
        .with(CatchPanic::new().with_handler(|_| {
            internal_error_response(poem::http::StatusCode::INTERNAL_SERVER_ERROR)
        }))
        .around(log_request)
}

#[handler]
fn ui_missing() -> impl IntoResponse {
    poem::web::Html(
        "<h1>Bayline</h1><p>The UI is not built. Run <code>scripts/run</code>, or see \
         <a href=\"/api/docs\">the API documentation</a>.</p>",
    )
}

/// Gives each request an id (kept from `X-Request-Id` when sent; error bodies carry it too),
/// logs it with its outcome, and returns the id in the response with `X-Content-Type-Options:
/// nosniff`. A 5xx that is not in the
/// spec's JSON shape (whatever produced it) is answered in that shape.
async fn log_request<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let request_id = req
        .header("x-request-id")
        .filter(|id| id.len() <= 64 && id.chars().all(|c| c.is_ascii_graphic()))
        .map(str::to_owned)
        .unwrap_or_else(|| {
            format!(
                "{}-{}",
                process_tag(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            )
        });
    let (method, path) = (req.method().to_string(), req.uri().path().to_owned());
    let span = tracing::info_span!(
        "request",
        id = %request_id,
        method = %method,
        path = %path
    );
    async move {
        let started = Instant::now();
        let mut response = REQUEST_ID
            .scope(request_id.clone(), async {
                let response = next.get_response(req).await;
                let is_json = response
                    .content_type()
                    .is_some_and(|t| t.starts_with("application/json"));
                if response.status().is_server_error() && !is_json {
                    internal_error_response(response.status())
                } else {
                    response
                }
            })
            .await;
        let status = response.status().as_u16();
        crate::metrics::observe_request(&method, &path, status, started.elapsed());
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        if status >= 500 {
            tracing::error!(status, ms, "request answered");
        } else {
            tracing::info!(status, ms, "request answered");
        }
        if let Ok(value) = request_id.parse() {
            response.headers_mut().insert("x-request-id", value);
        }
        // Every answer is what its Content-Type says: an uploaded file, an export or a logo is
        // never sniffed into HTML or script by a browser.
        response.headers_mut().insert(
            poem::http::header::X_CONTENT_TYPE_OPTIONS,
            poem::http::HeaderValue::from_static("nosniff"),
        );
        Ok(response)
    }
    .instrument(span)
    .await
}

/// A short random tag per process, so request ids from several API processes do not collide.
fn process_tag() -> &'static str {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAG.get_or_init(|| engine::auth::token::new_token()[..8].to_owned())
}

/// What a process runs: the HTTP API, the job workers, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// API, UI and workers in one process (the embedded default).
    Serve,
    /// API and UI only; workers run elsewhere (`bayline worker`).
    Api,
}

/// The job machinery of one process.
pub struct JobSystem {
    pub queue: JobQueue,
    pub starter: JobStarter,
    pub executor: Executor,
}

impl JobSystem {
    pub async fn open(config: &Config, db: &Database, registry: Registry) -> anyhow::Result<Self> {
        let queue = JobQueue::open(
            &config.queue,
            &config.data_dir,
            &config.queue_name,
            config.queue_batch,
        )
        .await
        .with_context(|| format!("cannot open the {} job queue", config.queue.name()))?;
        let events = EventBus::open(&config.queue, &config.queue_name)
            .await
            .context("cannot open the event channel")?;
        let registry = Arc::new(registry);
        let settings = ExecutorSettings {
            stale_after: Duration::from_secs(config.job_stale_secs),
            heartbeat_every: Duration::from_secs(config.job_stale_secs)
                .div_f64(6.0)
                .max(Duration::from_millis(100)),
            backoff_base: Duration::from_millis(config.job_retry_base_ms),
            ..ExecutorSettings::default()
        };
        let worker_id = format!("{}-{}", process_tag(), std::process::id());
        let starter = JobStarter::new(
            JobRunStore::new(db.clone()),
            registry.clone(),
            queue.clone(),
            events.clone(),
        );
        let executor = Executor::new(db.clone(), registry, worker_id, settings, events)
            .with_starter(starter.clone());
        Ok(Self {
            queue,
            starter,
            executor,
        })
    }

    /// Workers for the queue, and the loop that fires due schedules.
    pub fn start_workers(&self, config: &Config, db: &Database) -> WorkerPool {
        let mut pool = WorkerPool::start(
            self.queue.clone(),
            self.executor.clone(),
            "bayline",
            config.worker_concurrency,
        );
        pool.adopt(jobs::scheduler::spawn(
            ScheduleStore::new(db.clone()),
            self.starter.clone(),
        ));
        pool.adopt(jobs::dispatcher::spawn(
            MessageStore::new(db.clone()),
            self.starter.clone(),
        ));
        pool
    }
}

/// A running server, for `bayline serve`, `bayline api` and the integration tests.
pub struct Server {
    pub address: std::net::SocketAddr,
    pub state: AppState,
    handle: tokio::task::JoinHandle<std::io::Result<()>>,
    housekeeping: tokio::task::JoinHandle<()>,
    workers: Option<WorkerPool>,
    drain_grace: Duration,
}

/// Expired sessions, old log-in attempts and attachments never sent are only clutter; clear
/// them every hour, in every API process (`engine::store::housekeeping`).
async fn housekeeping_hourly(auth: AuthService, db: Database) {
    let hour = Duration::from_secs(3600);
    let mut every_hour = tokio::time::interval_at(tokio::time::Instant::now() + hour, hour);
    loop {
        every_hour.tick().await;
        match prune_expired(&auth, &db, chrono::Utc::now()).await {
            Ok(pruned) => {
                tracing::debug!(?pruned, "cleared expired sessions and unsent attachments")
            }
            Err(error) => tracing::warn!(%error, "hourly housekeeping failed"),
        }
    }
}

impl Server {
    /// Opens the database, loads demo data if configured, binds (port 0 picks a free port)
    /// and serves in the background, with workers for the standard job kinds.
    pub async fn start(config: &Config) -> anyhow::Result<Self> {
        Self::start_with(
            config,
            Mode::Serve,
            Registry::standard(&config.job_settings()?),
        )
        .await
    }

    /// Like [`Server::start`], choosing the mode and the job kinds.
    pub async fn start_with(
        config: &Config,
        mode: Mode,
        registry: Registry,
    ) -> anyhow::Result<Self> {
        let db = open_database(config).await?;
        load_demo_data_if_empty(config, &db).await?;
        let policy = AuthPolicy {
            session_lifetime: chrono::Duration::hours(config.session_hours),
            ..AuthPolicy::default()
        };
        let jobs = JobSystem::open(config, &db, registry).await?;
        let workers = (mode == Mode::Serve).then(|| jobs.start_workers(config, &db));
        let state = AppState {
            trusted_proxies: config.trusted_proxies.clone(),
            lead_form_hosts: config.lead_form_hosts.clone(),
            metrics_token: config.metrics_token.clone(),
            sync: engine::imports::sources::SyncSettings::new(&config.file_drop_dir),
            exports: config.exports(),
            uploads: config.uploads(),
            ..AppState::new(
                db.clone(),
                AuthService::new(db, policy),
                config.queue.clone(),
                jobs.starter,
                config.messaging()?,
            )
        };
        let sealed = state.messaging.seal_stored_secrets().await?;
        if sealed > 0 {
            tracing::info!(
                sealed,
                "sealed gateway secrets stored before sealing existed"
            );
        }
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("cannot listen on {} (BAYLINE_LISTEN)", config.listen))?;
        let address = listener
            .local_addr()
            .context("listener has no socket address")?;
        tracing::info!(%address, "listening");
        let app = endpoint(state.clone(), &config.ui_dir);
        let drain_grace = Duration::from_secs(config.drain_secs);
        let handle = tokio::spawn(crate::serve::serve(
            listener,
            app,
            state.draining.clone(),
            drain_grace,
        ));
        let housekeeping = tokio::spawn(housekeeping_hourly(state.auth.clone(), state.db.clone()));
        Ok(Self {
            address,
            state,
            handle,
            housekeeping,
            workers,
            drain_grace,
        })
    }

    /// Serves until the server stops or the process is asked to end (SIGTERM or SIGINT); then
    /// drains: readiness fails, and requests and job runs in hand get the grace period.
    pub async fn wait(self) -> anyhow::Result<()> {
        let Self {
            state,
            mut handle,
            housekeeping,
            workers,
            drain_grace,
            ..
        } = self;
        tokio::select! {
            result = &mut handle => {
                housekeeping.abort();
                return result.context("server task failed")?.context("server failed");
            }
            signal = crate::drain::stop_requested() => {
                tracing::info!(signal = signal?, grace_secs = drain_grace.as_secs(), "stopping: finishing the requests and jobs in hand");
            }
        }
        state.draining.begin();
        housekeeping.abort();
        let drain_workers = async {
            match workers {
                Some(pool) => Some(pool.drain(drain_grace).await),
                None => None,
            }
        };
        let (served, drained) = tokio::join!(handle, drain_workers);
        if let Some(drained) = drained {
            log_drained(&drained);
        }
        state.db.close().await;
        served
            .context("server task failed")?
            .context("server failed")
    }

    pub fn stop(&self) {
        self.housekeeping.abort();
        if let Some(workers) = &self.workers {
            workers.stop();
        }
        self.handle.abort();
    }
}

/// `bayline worker`: only job workers, no HTTP.
pub async fn run_worker(config: &Config) -> anyhow::Result<()> {
    let db = open_database(config).await?;
    let jobs = JobSystem::open(config, &db, Registry::standard(&config.job_settings()?)).await?;
    let workers = jobs.start_workers(config, &db);
    tracing::info!(
        queue = %config.queue_name,
        backend = config.queue.name(),
        concurrency = config.worker_concurrency,
        "worker running"
    );
    let signal = crate::drain::stop_requested().await?;
    tracing::info!(
        signal,
        grace_secs = config.drain_secs,
        "worker stopping: finishing the jobs in hand"
    );
    log_drained(&workers.drain(Duration::from_secs(config.drain_secs)).await);
    db.close().await;
    Ok(())
}

fn log_drained(drained: &jobs::queue::Drained) {
    if drained.handed_back.is_empty() {
        tracing::info!(
            finished = drained.in_hand,
            "stopped; every job in hand finished"
        );
    } else {
        tracing::warn!(
            in_hand = drained.in_hand,
            handed_back = ?drained.handed_back,
            "stopped; jobs not finished within the grace period were handed back to the queue"
        );
    }
}
