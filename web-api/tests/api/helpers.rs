use std::sync::atomic::{AtomicU32, Ordering};

use engine::db::DatabaseUrl;
use engine::{Database, store::schema::FutureServiceInteractions as Fsi};
use reqwest::{Client, Response, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};
use tempfile::TempDir;
use web_api::app::{Mode, Server};
use web_api::config::Config;

use crate::prepared::{PREPARED_SCHEMA, Recipe, SHAPING, drop_postgres_database};

pub const PASSWORD: &str = sample_data::DEMO_PASSWORD;

pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub db: Database,
    server: Server,
    /// The settings the server was started with, for worker processes to share.
    settings: Vec<(&'static str, String)>,
    _dir: TempDir,
    postgres: Option<PostgresPlace>,
    /// Redis URL and queue name to purge afterwards.
    redis_queue: Option<(String, String)>,
}

/// Where a test's PostgreSQL data lives: a schema of its own in the test database (a test that
/// shapes its own database), or a database of its own copied from the prepared one.
enum PostgresPlace {
    Schema {
        url: DatabaseUrl,
        schema: String,
    },
    Database {
        server_url: String,
        name: String,
        url: DatabaseUrl,
    },
}

/// The setting that lets a test's fake provider on the loopback address stand in for Twilio
/// or Bandwidth (an operator's explicit choice; nothing else may point a gateway there).
pub const LOCAL_GATEWAYS: &[(&str, &str)] = &[("BAYLINE_GATEWAY_HOSTS_ALLOWED", "127.0.0.1")];

/// Starts Bayline with a small demo world in a database of its own.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Like [`spawn_app`], with extra or overriding settings.
pub async fn spawn_app_with(settings: &[(&'static str, &str)]) -> TestApp {
    spawn(Mode::Serve, settings).await
}

/// The API alone: jobs wait for worker processes started with [`TestApp::spawn_worker`].
pub async fn spawn_api_only() -> TestApp {
    spawn(Mode::Api, &[]).await
}

/// Like [`spawn_api_only`], with extra or overriding settings.
pub async fn spawn_api_only_with(settings: &[(&'static str, &str)]) -> TestApp {
    spawn(Mode::Api, settings).await
}

async fn spawn(mode: Mode, settings: &[(&'static str, &str)]) -> TestApp {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    // XLS, XLSB and ODS are read by a child `bayline`, not by this test binary.
    engine::imports::child_reader::use_program(env!("CARGO_BIN_EXE_bayline").into());
    let dir = tempfile::tempdir().expect("temp dir");
    let unique = format!(
        "{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        chrono::Utc::now().timestamp_micros() % 1_000_000
    );
    let postgres_url = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty());
    let data_dir = dir.path().display().to_string();
    let mut vars = vec![
        ("BAYLINE_LISTEN", "127.0.0.1:0".to_owned()),
        ("BAYLINE_DATA_DIR", data_dir),
        ("BAYLINE_DEMO", "1".to_owned()),
        ("BAYLINE_DEMO_SCALE", "300".to_owned()),
        // Tests run the follow-up sweep themselves, when they mean to.
        ("BAYLINE_DEMO_SCHEDULES", "0".to_owned()),
        (
            "BAYLINE_UI_DIR",
            dir.path().join("no-ui").display().to_string(),
        ),
        // Tests sharing one Redis must not take each other's jobs.
        (
            "BAYLINE_QUEUE_NAME",
            format!(
                "test.{}.{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ),
        ),
        ("BAYLINE_JOB_STALE_SECS", "2".to_owned()),
        ("BAYLINE_JOB_RETRY_BASE_MS", "50".to_owned()),
    ];
    // The shared demo world, copied, unless the test shapes its own database.
    let prepared = !settings.iter().any(|(k, _)| SHAPING.contains(k));
    let recipe = Recipe {
        demo_scale: "300",
        demo_schedules: "0",
    };
    let postgres = match postgres_url {
        Some(url) if prepared => {
            let name = format!("test_{unique}");
            let copy = recipe.copy_postgres_as(&url, &name).await;
            vars.push(("DATABASE_URL", copy.clone()));
            vars.push(("DATABASE_SCHEMA", PREPARED_SCHEMA.to_owned()));
            Some(PostgresPlace::Database {
                server_url: url,
                name,
                url: DatabaseUrl::parse(&copy).expect("copy's URL"),
            })
        }
        Some(url) => {
            let schema = format!("test_{unique}");
            vars.push(("DATABASE_URL", url.clone()));
            vars.push(("DATABASE_SCHEMA", schema.clone()));
            Some(PostgresPlace::Schema {
                url: DatabaseUrl::parse(&url).expect("TEST_DATABASE_URL"),
                schema,
            })
        }
        None => {
            if prepared {
                recipe.copy_sqlite_into(dir.path()).await;
            }
            None
        }
    };
    // BAYLINE_TEST_LOG=debug shows the server's logs in failing tests.
    if let Ok(filter) = std::env::var("BAYLINE_TEST_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_test_writer()
            .try_init();
    }
    let redis_queue = std::env::var("TEST_REDIS_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .map(|url| {
            let queue = vars
                .iter()
                .find(|(k, _)| *k == "BAYLINE_QUEUE_NAME")
                .map(|(_, v)| v.clone());
            (url, queue.unwrap_or_default())
        });
    if let Some((url, _)) = &redis_queue {
        vars.push(("REDIS_URL", url.clone()));
    }
    vars.extend(settings.iter().map(|(k, v)| (*k, (*v).to_owned())));
    // Later entries win, so the test's own settings override the defaults above.
    let config = Config::from_lookup(|name| {
        vars.iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("test configuration");
    let server = Server::start_with(&config, mode, crate::job_kinds::registry(&config))
        .await
        .expect("server starts");
    TestApp {
        base: format!("http://{}", server.address),
        client: Client::new(),
        db: server.state.db.clone(),
        server,
        settings: vars.clone(),
        _dir: dir,
        postgres,
        redis_queue,
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.stop();
        let redis_queue = self.redis_queue.take();
        if let Some((url, queue)) = redis_queue {
            let _ = std::thread::spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map(|rt| rt.block_on(jobs::queue::purge_redis_queue(&url, &queue)))
            })
            .join();
        }
        if let Some(place) = self.postgres.take() {
            // Dropped on a runtime of its own: Drop cannot await.
            let _ = std::thread::spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map(|rt| {
                        rt.block_on(async {
                            match place {
                                PostgresPlace::Schema { url, schema } => {
                                    let _ = Database::drop_postgres_schema(&url, &schema).await;
                                }
                                PostgresPlace::Database {
                                    server_url, name, ..
                                } => drop_postgres_database(&server_url, &name).await,
                            }
                        })
                    })
            })
            .join();
        }
    }
}

impl TestApp {
    /// The PostgreSQL database and schema this app runs in, when it runs on PostgreSQL.
    pub fn postgres_schema(&self) -> Option<(DatabaseUrl, String)> {
        match self.postgres.as_ref()? {
            PostgresPlace::Schema { url, schema } => Some((url.clone(), schema.clone())),
            PostgresPlace::Database { url, .. } => Some((url.clone(), PREPARED_SCHEMA.to_owned())),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn login(&self, username: &str, password: &str) -> Response {
        self.client
            .post(self.url("/user/v2/login"))
            .json(&json!({ "username": username, "password": password }))
            .send()
            .await
            .expect("request")
    }

    /// Logs a demo user in and returns their token.
    pub async fn token_of(&self, username: &str) -> String {
        self.token_of_with(username, PASSWORD).await
    }

    /// Logs a user in with their password and returns their token.
    pub async fn token_of_with(&self, username: &str, password: &str) -> String {
        let response = self.login(username, password).await;
        let status = response.status();
        let body: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::OK, "log-in of {username}: {body}");
        body["authToken"].as_str().expect("authToken").to_owned()
    }

    /// A lead as `GET /api/future-service-interaction/{id}` answers it (200 asserted).
    pub async fn lead_json(&self, token: &str, id: i64) -> Value {
        self.ok_json(
            reqwest::Method::GET,
            &format!("/api/future-service-interaction/{id}"),
            token,
            None,
        )
        .await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.get_with(path, token, &[]).await
    }

    pub async fn get_with(
        &self,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("request")
    }

    /// Some lead of the given enterprise (and store, when given), straight from the database.
    pub async fn a_lead_of(&self, enterprise_id: i64, store_id: Option<i64>) -> i64 {
        let mut query = Query::select()
            .expr(Expr::col(Fsi::Id).min())
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::EnterpriseId).eq(enterprise_id))
            .to_owned();
        if let Some(store_id) = store_id {
            query.and_where(Expr::col(Fsi::StoreId).eq(store_id));
        }
        self.db
            .fetch_scalar::<i64>(&query)
            .await
            .expect("a lead exists")
    }
}

/// Asserts the spec's error shape and returns the message.
pub async fn assert_error(response: Response, status: StatusCode) -> String {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.expect("error body is JSON");
    let message = body["message"].as_str().expect("message").to_owned();
    let errors = body["errors"].as_array().expect("errors list");
    if status.is_server_error() {
        assert!(errors.is_empty(), "a 5xx carries no detail: {body}");
    } else {
        assert_eq!(
            errors.first().and_then(Value::as_str),
            Some(message.as_str()),
            "{body}"
        );
    }
    message
}

impl TestApp {
    /// Any call with the session token and an optional JSON body.
    pub async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> Response {
        let mut request = self
            .client
            .request(method, self.url(path))
            .header("Authorization", format!("Bearer {token}"));
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request")
    }

    /// Like [`TestApp::request`], asserting 200 and returning the JSON answer.
    pub async fn ok_json(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> Value {
        let response = self.request(method, path, token, body).await;
        let status = response.status();
        let value: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::OK, "{path}: {value}");
        value
    }

    pub async fn post_json(&self, path: &str, token: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .header("Authorization", format!("Bearer {token}"))
            .json(body)
            .send()
            .await
            .expect("request")
    }

    /// Starts a job and returns its id, asserting it was created.
    pub async fn start_job(&self, token: &str, kind: &str, input: Value) -> i64 {
        let response = self
            .post_json("/api/jobs", token, &json!({ "kind": kind, "input": input }))
            .await;
        let status = response.status();
        let body: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::CREATED, "start {kind}: {body}");
        body["id"].as_i64().expect("id")
    }

    /// Polls a run until `done` says so (or 20 s pass) and returns the last view of it.
    pub async fn wait_for_run(&self, token: &str, id: i64, done: impl Fn(&Value) -> bool) -> Value {
        self.wait_for_run_within(token, id, std::time::Duration::from_secs(20), done)
            .await
    }

    /// As [`Self::wait_for_run`], waiting up to `patience`.
    pub async fn wait_for_run_within(
        &self,
        token: &str,
        id: i64,
        patience: std::time::Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let deadline = std::time::Instant::now() + patience;
        loop {
            let detail: Value = self
                .get(&format!("/api/jobs/{id}"), Some(token))
                .await
                .json()
                .await
                .expect("json");
            if done(&detail) {
                return detail;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "run {id} did not get there: {detail}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(40)).await;
        }
    }

    /// Waits for a run to reach a final status.
    pub async fn wait_until_final(&self, token: &str, id: i64) -> Value {
        self.wait_for_run(token, id, |d| {
            ["succeeded", "failed", "cancelled"]
                .contains(&d["run"]["status"].as_str().unwrap_or(""))
        })
        .await
    }
}

/// A port nothing listens on now, for a process of the test's own.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// A `bayline worker` (or `api`) process; killed (SIGKILL) when dropped.
pub struct WorkerProcess(pub std::process::Child);

impl WorkerProcess {
    /// Asks the process to stop as a service manager does (SIGTERM) and waits for it to exit.
    pub async fn terminate(&mut self) -> std::process::ExitStatus {
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIGTERM was not delivered");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            if let Some(status) = self.0.try_wait().expect("the worker's status") {
                return status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the worker did not exit within a minute of SIGTERM"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl TestApp {
    /// Messaging settings like the server's (its secret key, so stored secrets open).
    pub fn messaging_settings(&self) -> engine::messaging::MessagingSettings {
        let data_dir = self.setting("BAYLINE_DATA_DIR").expect("a data directory");
        engine::messaging::MessagingSettings {
            public_url: None,
            mailer: engine::messaging::email::Mailer::Outbox,
            secret_key: engine::messaging::secrets::SecretKey::from_env_or_file(
                None,
                &std::path::Path::new(data_dir).join("secret.key"),
            )
            .expect("the server's secret key"),
            gateway_hosts: engine::messaging::gateway_hosts::GatewayHosts::parse(
                self.setting("BAYLINE_GATEWAY_HOSTS_ALLOWED")
                    .unwrap_or_default(),
            )
            .expect("the server's allowed gateway hosts"),
            inbound_mail_key: self.setting("BAYLINE_INBOUND_MAIL_KEY").map(str::to_owned),
        }
    }

    /// A setting the server was started with.
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.settings
            .iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Runs `bayline <args>` to its end on this app's database and queue (an operator's command).
    pub fn bayline(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_bayline"))
            .args(args)
            .env_clear()
            .envs(self.settings.iter().map(|(k, v)| (*k, v.as_str())))
            .env("BAYLINE_DEMO", "0")
            .env("BAYLINE_LOG", "warn")
            .output()
            .expect("bayline runs")
    }

    /// Starts a `bayline worker` process on this app's database and queue.
    pub fn spawn_worker(&self) -> WorkerProcess {
        self.spawn_worker_with(&[])
    }

    /// Like [`TestApp::spawn_worker`], with extra or overriding settings.
    pub fn spawn_worker_with(&self, settings: &[(&str, &str)]) -> WorkerProcess {
        self.spawn_process("worker", settings)
    }

    /// Posts one file as the multipart field `field`, signed in with `token`.
    pub async fn post_file(
        &self,
        token: &str,
        path: &str,
        field: &str,
        name: &str,
        content: Vec<u8>,
    ) -> Response {
        let part = reqwest::multipart::Part::bytes(content).file_name(name.to_owned());
        self.client
            .post(self.url(path))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(reqwest::multipart::Form::new().part(field.to_owned(), part))
            .send()
            .await
            .expect("request")
    }

    /// Starts a second API process (`bayline api`) on a free port of its own, with `settings`,
    /// and waits until it answers; the process and its address (`127.0.0.1:port`).
    pub async fn spawn_api_process(&self, settings: &[(&str, &str)]) -> (WorkerProcess, String) {
        let listen = format!("127.0.0.1:{}", free_port());
        let mut all = vec![("BAYLINE_LISTEN", listen.as_str())];
        all.extend_from_slice(settings);
        let api = self.spawn_process("api", &all);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while self
            .client
            .get(format!("http://{listen}/api/health/ready"))
            .send()
            .await
            .is_err()
        {
            assert!(
                std::time::Instant::now() < deadline,
                "the api process did not start"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        (api, listen)
    }

    /// Starts `bayline <command>` (`worker`, `api`) on this app's database and queue.
    pub fn spawn_process(&self, command: &str, settings: &[(&str, &str)]) -> WorkerProcess {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_bayline"))
            .arg(command)
            .env_clear()
            .envs(self.settings.iter().map(|(k, v)| (*k, v.as_str())))
            .envs(settings.iter().copied())
            .env("BAYLINE_DEMO", "0")
            .env(
                "BAYLINE_LOG",
                std::env::var("BAYLINE_WORKER_LOG").unwrap_or_else(|_| "warn".to_owned()),
            )
            .stderr(std::process::Stdio::inherit())
            .stdout(match std::env::var("BAYLINE_WORKER_LOG_DIR") {
                Ok(dir) => std::process::Stdio::from(
                    std::fs::File::create(format!(
                        "{dir}/worker-{}.log",
                        chrono::Utc::now().timestamp_micros()
                    ))
                    .expect("worker log file"),
                ),
                Err(_) => std::process::Stdio::null(),
            })
            .spawn()
            .expect("worker process starts");
        WorkerProcess(child)
    }
}

/// Reads a server-sent event stream.
pub struct EventReader {
    response: Response,
    buffer: String,
}

impl TestApp {
    /// Begins the server's orderly stop, as SIGTERM does.
    pub fn begin_draining(&self) {
        self.server.state.draining.begin();
    }

    pub async fn open_events(&self, token: &str) -> EventReader {
        let response = self.get("/api/events", Some(token)).await;
        assert_eq!(response.status(), StatusCode::OK);
        EventReader {
            response,
            buffer: String::new(),
        }
    }
}

impl EventReader {
    /// The data of the next `job` event, or `None` when none arrives within `wait`.
    pub async fn next_job(&mut self, wait: std::time::Duration) -> Option<Value> {
        self.next_named("job", wait).await
    }

    /// The data of the next event called `name`, or `None` when none arrives within `wait`.
    pub async fn next_named(&mut self, name: &str, wait: std::time::Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                // An event without a name is a `message` event (the SSE default).
                let named = block.lines().find_map(|l| l.strip_prefix("event: "));
                let is_wanted = named.unwrap_or("message") == name;
                let data: String = block
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: "))
                    .collect::<Vec<_>>()
                    .join("\n");
                if is_wanted && !data.is_empty() {
                    return Some(serde_json::from_str(&data).expect("event data is JSON"));
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .ok()?;
            let bytes = chunk.expect("stream readable")?;
            self.buffer.push_str(&String::from_utf8_lossy(&bytes));
        }
    }

    /// Whether the server ends the stream within `wait`.
    pub async fn wait_closed(&mut self, wait: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Err(_) => return false,
                Ok(Ok(Some(_))) => continue,
                Ok(Ok(None) | Err(_)) => return true,
            }
        }
    }

    /// Waits for an event called `name` whose data satisfies `matches`.
    pub async fn wait_for(
        &mut self,
        name: &str,
        wait: std::time::Duration,
        matches: impl Fn(&Value) -> bool,
    ) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let event = self.next_named(name, left).await?;
            if matches(&event) {
                return Some(event);
            }
        }
    }
}
