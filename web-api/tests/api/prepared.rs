//! The database a test starts from, prepared once per test run and copied for each test.
//!
//! Applying the migrations and loading the demo world is most of a test server's start (about
//! 0.6 s on SQLite, 2.8 s on PostgreSQL, for each of some 270 tests). The first test of a run
//! prepares it under a file lock; every test then copies it: a SQLite data directory by file
//! copy, a PostgreSQL database with `CREATE DATABASE … TEMPLATE` (0.2 s). The server then starts
//! on data it finds already there, as it does after a restart.
//!
//! A test that sets one of [`SHAPING`] gets a database made from nothing, as before.

use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

use sqlx::{AssertSqlSafe, Connection, PgConnection};
use web_api::app::{load_demo_data_if_empty, open_database};
use web_api::config::Config;

/// The settings that decide what a prepared database holds.
pub const SHAPING: &[&str] = &[
    "BAYLINE_DEMO",
    "BAYLINE_DEMO_SCALE",
    "BAYLINE_DEMO_SCHEDULES",
    "BAYLINE_DATA_DIR",
    "BAYLINE_SECRET_KEY",
    "DATABASE_URL",
    "DATABASE_SCHEMA",
];

/// The schema a prepared PostgreSQL database keeps Bayline's tables in.
pub const PREPARED_SCHEMA: &str = "bayline";

/// What a prepared database is made with: the demo settings the tests share.
pub struct Recipe<'a> {
    pub demo_scale: &'a str,
    pub demo_schedules: &'a str,
}

impl Recipe<'_> {
    /// Names one preparation: this build of the tests (its migrations and demo world), the
    /// settings, and the day (the demo world is laid out around today).
    fn key(&self, backend: &str) -> String {
        let mut hasher = DefaultHasher::new();
        let exe = std::env::current_exe().expect("the test binary's path");
        let built = std::fs::metadata(&exe).and_then(|m| m.modified()).ok();
        (exe, built, backend, self.demo_scale, self.demo_schedules).hash(&mut hasher);
        chrono::Utc::now().date_naive().hash(&mut hasher);
        format!("{:016x}", hasher.finish())
    }

    fn settings(&self, data_dir: &Path) -> Vec<(&'static str, String)> {
        vec![
            ("BAYLINE_DATA_DIR", data_dir.display().to_string()),
            ("BAYLINE_DEMO", "1".to_owned()),
            ("BAYLINE_DEMO_SCALE", self.demo_scale.to_owned()),
            ("BAYLINE_DEMO_SCHEDULES", self.demo_schedules.to_owned()),
        ]
    }

    /// Copies the prepared SQLite data directory into `data_dir`, preparing it first when this
    /// run has not yet.
    pub async fn copy_sqlite_into(&self, data_dir: &Path) {
        let prepared = root().join(format!("sqlite-{}", self.key("sqlite")));
        let _lock = Lock::take();
        if !prepared.join(READY).is_file() {
            remove_stale(&prepared);
            let _ = std::fs::remove_dir_all(&prepared);
            std::fs::create_dir_all(&prepared).expect("prepared directory");
            prepare(&self.settings(&prepared)).await;
            File::create(prepared.join(READY)).expect("ready marker");
        }
        for entry in std::fs::read_dir(&prepared).expect("prepared directory") {
            let entry = entry.expect("prepared file");
            if entry.file_name() != READY && entry.file_type().is_ok_and(|t| t.is_file()) {
                std::fs::copy(entry.path(), data_dir.join(entry.file_name()))
                    .expect("copy of the prepared database");
            }
        }
    }

    /// Creates the database `name` as a copy of the prepared PostgreSQL database on the server
    /// of `base_url`, preparing that first when this run has not yet. Returns the new
    /// database's URL.
    pub async fn copy_postgres_as(&self, base_url: &str, name: &str) -> String {
        let template = format!("bayline_tpl_{}", self.key(base_url));
        let mut admin = connect(base_url).await;
        {
            let _lock = Lock::take();
            if !database_exists(&mut admin, &template).await {
                drop_stale_templates(&mut admin, &template).await;
                // Made under another name and renamed when whole, so a run that stopped half
                // way leaves nothing that looks ready.
                let partial = format!("{template}_partial");
                execute(
                    &mut admin,
                    &format!("DROP DATABASE IF EXISTS \"{partial}\" WITH (FORCE)"),
                )
                .await;
                execute(&mut admin, &format!("CREATE DATABASE \"{partial}\"")).await;
                let scratch = tempfile::tempdir().expect("temp dir");
                let mut settings = self.settings(scratch.path());
                settings.push(("DATABASE_URL", with_database(base_url, &partial)));
                settings.push(("DATABASE_SCHEMA", PREPARED_SCHEMA.to_owned()));
                prepare(&settings).await;
                execute(
                    &mut admin,
                    &format!("ALTER DATABASE \"{partial}\" RENAME TO \"{template}\""),
                )
                .await;
            }
        }
        execute(
            &mut admin,
            &format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""),
        )
        .await;
        admin.close().await.ok();
        with_database(base_url, name)
    }
}

/// Drops a test's copy, whatever connections it still has.
pub async fn drop_postgres_database(base_url: &str, name: &str) {
    let mut admin = connect(base_url).await;
    execute(
        &mut admin,
        &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
    )
    .await;
    admin.close().await.ok();
}

const READY: &str = "ready";

fn root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("prepared-databases")
}

/// Migrates and loads the demo world as the server would, then closes the database.
async fn prepare(settings: &[(&'static str, String)]) {
    let config = Config::from_lookup(|name| {
        settings
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("preparation settings");
    let db = open_database(&config)
        .await
        .expect("prepared database opens");
    load_demo_data_if_empty(&config, &db)
        .await
        .expect("demo world loads");
    db.close().await;
}

/// Other days' and builds' SQLite preparations.
fn remove_stale(current: &Path) {
    let Ok(entries) = std::fs::read_dir(root()) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path != current && entry.file_name().to_string_lossy().starts_with("sqlite-") {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// Other days' and builds' PostgreSQL templates.
async fn drop_stale_templates(admin: &mut PgConnection, current: &str) {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT datname FROM pg_database WHERE datname LIKE 'bayline\\_tpl\\_%'",
    )
    .fetch_all(&mut *admin)
    .await
    .expect("list of templates");
    for name in names.into_iter().filter(|n| n != current) {
        execute(
            admin,
            &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
        )
        .await;
    }
}

async fn database_exists(admin: &mut PgConnection, name: &str) -> bool {
    sqlx::query_scalar::<_, i32>("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(name)
        .fetch_optional(&mut *admin)
        .await
        .expect("pg_database")
        .is_some()
}

async fn connect(url: &str) -> PgConnection {
    PgConnection::connect(url)
        .await
        .expect("PostgreSQL answers")
}

async fn execute(admin: &mut PgConnection, sql: &str) {
    sqlx::query(AssertSqlSafe(sql.to_owned()))
        .execute(&mut *admin)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// `url` with its database replaced by `name` (any query string kept).
pub fn with_database(url: &str, name: &str) -> String {
    let (address, query) = url
        .split_once('?')
        .map_or((url, None), |(a, q)| (a, Some(q)));
    let (scheme, rest) = address.split_once("://").expect("a database URL");
    let server = rest.split_once('/').map_or(rest, |(server, _)| server);
    match query {
        Some(query) => format!("{scheme}://{server}/{name}?{query}"),
        None => format!("{scheme}://{server}/{name}"),
    }
}

/// The run's lock on the preparations: one test prepares while the others wait.
struct Lock(File);

impl Lock {
    fn take() -> Self {
        std::fs::create_dir_all(root()).expect("prepared-databases directory");
        let file = File::create(root().join("lock")).expect("lock file");
        file.lock().expect("lock");
        Self(file)
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}
