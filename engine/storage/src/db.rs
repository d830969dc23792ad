//! One storage code path for SQLite and PostgreSQL.
//!
//! Statements are built with sea-query and rendered for whichever backend the URL chose; rows
//! decode into the same structs on both. SQLite is tuned here and nowhere else.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{PostgresQueryBuilder, SqliteQueryBuilder};
use sea_query_sqlx::{SqlxBinder, SqlxValues};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgRow};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow, SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, FromRow, PgPool, Postgres, Sqlite, SqlitePool};

use crate::error::{Error, Result};

/// Table that records the app's applied migrations; the embedded queue keeps sqlx's default one.
const MIGRATIONS_TABLE: &str = "_app_migrations";

mod backup;
pub use backup::{BackupFile, check_backup, restore, sqlite_file};

/// A database URL whose password never reaches a log.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    /// Accepts `sqlite:` and `postgres://` (or `postgresql://`) URLs; anything else is refused
    /// with a message that says what is expected.
    pub fn parse(raw: &str) -> Result<Self> {
        let raw = raw.trim();
        if raw.starts_with("sqlite:")
            || raw.starts_with("postgres://")
            || raw.starts_with("postgresql://")
        {
            Ok(Self(raw.to_owned()))
        } else {
            Err(Error::invalid(
                "expected a sqlite:PATH or postgres://user@host/db URL",
            ))
        }
    }

    /// The SQLite file Bayline uses by default, inside its data directory.
    pub fn sqlite_file(path: &Path) -> Self {
        Self(format!("sqlite://{}", path.display()))
    }

    pub fn kind(&self) -> BackendKind {
        if self.0.starts_with("sqlite:") {
            BackendKind::Sqlite
        } else {
            BackendKind::Postgres
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The URL with any password replaced, for logs and error messages.
    pub fn redacted(&self) -> String {
        match (self.0.find("://"), self.0.rfind('@')) {
            (Some(scheme_end), Some(at)) if at > scheme_end => {
                let credentials = &self.0[scheme_end + 3..at];
                match credentials.split_once(':') {
                    Some((user, _)) => {
                        format!("{}{user}:***{}", &self.0[..scheme_end + 3], &self.0[at..])
                    }
                    None => self.0.clone(),
                }
            }
            _ => self.0.clone(),
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DatabaseUrl")
            .field(&self.redacted())
            .finish()
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendKind {
    Sqlite,
    Postgres,
}

impl BackendKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BackendKind::Sqlite => "sqlite",
            BackendKind::Postgres => "postgres",
        }
    }
}

/// Options that are not part of the URL.
#[derive(Debug, Clone, Default)]
pub struct ConnectOptions {
    /// PostgreSQL schema to work in (created if missing); tests use one fresh schema each.
    pub postgres_schema: Option<String>,
    pub max_connections: Option<u32>,
}

/// A row type that decodes from both backends (what `#[derive(sqlx::FromRow)]` gives).
pub trait Record:
    for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
}
impl<T> Record for T where
    T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
}

/// A scalar that decodes from both backends.
pub trait Scalar:
    for<'r> sqlx::Decode<'r, Sqlite>
    + sqlx::Type<Sqlite>
    + for<'r> sqlx::Decode<'r, Postgres>
    + sqlx::Type<Postgres>
    + Send
    + Unpin
{
}
impl<T> Scalar for T where
    T: for<'r> sqlx::Decode<'r, Sqlite>
        + sqlx::Type<Sqlite>
        + for<'r> sqlx::Decode<'r, Postgres>
        + sqlx::Type<Postgres>
        + Send
        + Unpin
{
}

#[derive(Clone)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// The application's database handle; cheap to clone.
#[derive(Clone)]
pub struct Database {
    pool: Pool,
    sqlite_path: Option<PathBuf>,
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.kind())
            .finish()
    }
}

/// Runs `$body` with `$sql`, `$values` rendered for the backend of `$target` and `$ex` bound to
/// its executor. The body is written once and compiled for each backend.
macro_rules! on_backend {
    ($target:expr, $stmt:expr, |$ex:ident, $sql:ident, $values:ident| $body:expr) => {
        match $target {
            Target::Sqlite($ex) => {
                let ($sql, $values) = $stmt.build_sqlx(SqliteQueryBuilder);
                $body
            }
            Target::Postgres($ex) => {
                let ($sql, $values) = $stmt.build_sqlx(PostgresQueryBuilder);
                $body
            }
        }
    };
}

/// Where a statement runs: a pool or an open transaction, on either backend.
enum Target<S, P> {
    Sqlite(S),
    Postgres(P),
}

/// One value of a row whose shape is known only at run time (report tables).
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Integer(i64),
    Decimal(f64),
    Timestamp(DateTime<Utc>),
    Date(NaiveDate),
}

/// How to read a [`Cell`]: the column's type as its report declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    Text,
    Integer,
    Decimal,
    Timestamp,
    Date,
}

/// Reads column `index` as `kind`, accepting what either backend gives for it: PostgreSQL's
/// narrower integers, SQLite's text dates and whole-number reals.
macro_rules! decode_cell {
    ($row:expr, $index:expr, $kind:expr) => {{
        let row = $row;
        let index = $index;
        let integer = || -> Option<Option<i64>> {
            row.try_get::<Option<i64>, _>(index).ok().or_else(|| {
                row.try_get::<Option<i32>, _>(index)
                    .ok()
                    .map(|v| v.map(i64::from))
            })
        };
        let text = || row.try_get::<Option<String>, _>(index).ok();
        let cell = match $kind {
            CellKind::Integer => integer().map(|v| v.map(Cell::Integer)),
            CellKind::Decimal => row
                .try_get::<Option<f64>, _>(index)
                .ok()
                .or_else(|| integer().map(|v| v.map(|n| n as f64)))
                .map(|v| v.map(Cell::Decimal)),
            CellKind::Text => text()
                .or_else(|| integer().map(|v| v.map(|n| n.to_string())))
                .map(|v| v.map(Cell::Text)),
            CellKind::Timestamp => row
                .try_get::<Option<DateTime<Utc>>, _>(index)
                .ok()
                .map(|v| v.map(Cell::Timestamp)),
            CellKind::Date => row
                .try_get::<Option<NaiveDate>, _>(index)
                .ok()
                .or_else(|| {
                    text().map(|v| {
                        v.and_then(|t| NaiveDate::parse_from_str(t.get(..10)?, "%Y-%m-%d").ok())
                    })
                })
                .map(|v| v.map(Cell::Date)),
        };
        match cell {
            Some(value) => Ok(value.unwrap_or(Cell::Empty)),
            None => Err(Error::Internal(format!(
                "report column {index} does not read as {:?}",
                $kind
            ))),
        }
    }};
}

/// The statement-running methods shared by [`Database`] and [`Transaction`].
macro_rules! statement_methods {
    ($($mutability:tt)?) => {
        /// All rows of a query.
        pub async fn fetch_all<T: Record>(& $($mutability)? self, stmt: &impl SqlxBinder) -> Result<Vec<T>> {
            on_backend!(self.target(), stmt, |ex, sql, values| Ok(
                sqlx::query_as_with::<_, T, SqlxValues>(AssertSqlSafe(sql), values)
                    .fetch_all(ex)
                    .await?
            ))
        }

        /// The first row of a query, if any.
        pub async fn fetch_optional<T: Record>(
            & $($mutability)? self,
            stmt: &impl SqlxBinder,
        ) -> Result<Option<T>> {
            on_backend!(self.target(), stmt, |ex, sql, values| Ok(
                sqlx::query_as_with::<_, T, SqlxValues>(AssertSqlSafe(sql), values)
                    .fetch_optional(ex)
                    .await?
            ))
        }

        /// The single value of a one-row, one-column query (counts, returned ids).
        pub async fn fetch_scalar<T: Scalar>(& $($mutability)? self, stmt: &impl SqlxBinder) -> Result<T> {
            on_backend!(self.target(), stmt, |ex, sql, values| Ok(
                sqlx::query_scalar_with::<_, T, SqlxValues>(AssertSqlSafe(sql), values)
                    .fetch_one(ex)
                    .await?
            ))
        }

        /// Every row of a query as cells of the given kinds, handed to `each` as they arrive
        /// (memory stays flat however many rows there are); returns how many there were.
        pub async fn for_each_cells(
            & $($mutability)? self,
            stmt: &impl SqlxBinder,
            kinds: &[CellKind],
            mut each: impl FnMut(Vec<Cell>) -> Result<()> + Send,
        ) -> Result<u64> {
            use futures_util::TryStreamExt;
            use sqlx::Row;
            let mut count = 0u64;
            on_backend!(self.target(), stmt, |ex, sql, values| {
                let mut rows = sqlx::query_with(AssertSqlSafe(sql), values).fetch(ex);
                while let Some(row) = rows.try_next().await? {
                    let mut cells = Vec::with_capacity(kinds.len());
                    for (index, kind) in kinds.iter().enumerate() {
                        cells.push(decode_cell!(&row, index, *kind)?);
                    }
                    each(cells)?;
                    count += 1;
                }
            });
            Ok(count)
        }

        /// All rows of a query as cells of the given kinds.
        pub async fn fetch_cells(
            & $($mutability)? self,
            stmt: &impl SqlxBinder,
            kinds: &[CellKind],
        ) -> Result<Vec<Vec<Cell>>> {
            let mut rows = Vec::new();
            self.for_each_cells(stmt, kinds, |cells| {
                rows.push(cells);
                Ok(())
            })
            .await?;
            Ok(rows)
        }

        /// Runs a statement and returns the number of rows it touched.
        pub async fn execute(& $($mutability)? self, stmt: &impl SqlxBinder) -> Result<u64> {
            on_backend!(self.target(), stmt, |ex, sql, values| Ok(sqlx::query_with(
                AssertSqlSafe(sql),
                values
            )
            .execute(ex)
            .await?
            .rows_affected()))
        }
    };
}

impl Database {
    /// Connects, creating the SQLite file (and its directory) when needed.
    pub async fn connect(url: &DatabaseUrl, options: &ConnectOptions) -> Result<Self> {
        match url.kind() {
            BackendKind::Sqlite => {
                let connect = SqliteConnectOptions::from_str(url.expose())?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(10));
                let path = connect.get_filename().to_path_buf();
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        Error::Internal(format!("cannot create {}: {e}", dir.display()))
                    })?;
                }
                let pool = SqlitePoolOptions::new()
                    .max_connections(options.max_connections.unwrap_or(8))
                    .connect_with(connect)
                    .await?;
                Ok(Self {
                    pool: Pool::Sqlite(pool),
                    sqlite_path: Some(path),
                })
            }
            BackendKind::Postgres => {
                let mut connect = PgConnectOptions::from_str(url.expose())?;
                if let Some(schema) = &options.postgres_schema {
                    validate_schema_name(schema)?;
                    let admin = PgPoolOptions::new()
                        .max_connections(1)
                        .connect_with(connect.clone())
                        .await?;
                    sqlx::query(AssertSqlSafe(format!(
                        "CREATE SCHEMA IF NOT EXISTS \"{schema}\""
                    )))
                    .execute(&admin)
                    .await?;
                    admin.close().await;
                    connect = connect.options([("search_path", schema.as_str())]);
                }
                let pool = PgPoolOptions::new()
                    .max_connections(options.max_connections.unwrap_or(16))
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(connect)
                    .await?;
                Ok(Self {
                    pool: Pool::Postgres(pool),
                    sqlite_path: None,
                })
            }
        }
    }

    pub fn kind(&self) -> BackendKind {
        match self.pool {
            Pool::Sqlite(_) => BackendKind::Sqlite,
            Pool::Postgres(_) => BackendKind::Postgres,
        }
    }

    /// The connection pool's open and idle connections, for the operators' metrics.
    pub fn pool_use(&self) -> (u32, usize) {
        match &self.pool {
            Pool::Sqlite(pool) => (pool.size(), pool.num_idle()),
            Pool::Postgres(pool) => (pool.size(), pool.num_idle()),
        }
    }

    /// The SQLite file, when that is the backend.
    pub fn sqlite_path(&self) -> Option<&Path> {
        self.sqlite_path.as_deref()
    }

    /// Applies the embedded migrations of this backend that are not applied yet.
    pub async fn migrate(&self) -> Result<()> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                let mut migrator = sqlx::migrate!("../../migrations/sqlite");
                migrator.dangerous_set_table_name(MIGRATIONS_TABLE);
                migrator.run(pool).await?;
            }
            Pool::Postgres(pool) => {
                let mut migrator = sqlx::migrate!("../../migrations/postgres");
                migrator.dangerous_set_table_name(MIGRATIONS_TABLE);
                migrator.run(pool).await?;
            }
        }
        Ok(())
    }

    /// A cheap round trip, for health checks.
    pub async fn ping(&self) -> Result<()> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                sqlx::query("SELECT 1").execute(pool).await?;
            }
            Pool::Postgres(pool) => {
                sqlx::query("SELECT 1").execute(pool).await?;
            }
        }
        Ok(())
    }

    pub async fn begin(&self) -> Result<Transaction> {
        Ok(Transaction {
            inner: match &self.pool {
                // Write transactions take SQLite's write lock at BEGIN: a deferred one that reads
                // first and writes later fails with SQLITE_BUSY_SNAPSHOT (no wait, no retry)
                // when another process wrote in between.
                Pool::Sqlite(pool) => TxInner::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
                Pool::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
            },
        })
    }

    /// After rows were inserted with explicit ids, moves PostgreSQL's id sequences past them
    /// (SQLite continues from the largest rowid by itself).
    pub async fn sync_id_sequences(&self, tables: &[&str]) -> Result<()> {
        if let Pool::Postgres(pool) = &self.pool {
            for table in tables {
                validate_schema_name(table)?;
                let sql = format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                     GREATEST(COALESCE(MAX(id), 0), 1), MAX(id) IS NOT NULL) FROM {table}"
                );
                sqlx::query(AssertSqlSafe(sql)).execute(pool).await?;
            }
        }
        Ok(())
    }

    /// Refreshes the query planner's statistics (after bulk loads). On PostgreSQL it also
    /// vacuums, which marks pages all-visible so counts can be answered from indexes alone, as
    /// autovacuum would do some time later.
    pub async fn analyze(&self) -> Result<()> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                sqlx::query("ANALYZE").execute(pool).await?;
            }
            Pool::Postgres(pool) => {
                sqlx::query("VACUUM (ANALYZE)").execute(pool).await?;
            }
        }
        Ok(())
    }

    /// Refreshes PostgreSQL's statistics of tables a bulk load is growing (`tables` are our
    /// own names, never input). Until then its planner may judge a freshly filled table tiny
    /// and look rows up by scanning it; SQLite uses its indexes without statistics.
    pub async fn analyze_tables(&self, tables: &[&str]) -> Result<()> {
        if let Pool::Postgres(pool) = &self.pool
            && !tables.is_empty()
        {
            let statement = format!("ANALYZE {}", tables.join(", "));
            sqlx::raw_sql(AssertSqlSafe(statement))
                .execute(pool)
                .await?;
        }
        Ok(())
    }

    /// Drops a PostgreSQL schema and everything in it (tests clean up their fresh schemas).
    /// Sessions still holding locks in it are ended first: a test's server can be stopped with
    /// a transaction open (its runtime is no longer polled), and the drop would wait on it
    /// for ever. Only this database's sessions: `pg_locks` spans the server, and databases
    /// copied from one template share its relation ids, so a lock elsewhere (a test cloning
    /// the template) would otherwise look like one in this schema.
    pub async fn drop_postgres_schema(url: &DatabaseUrl, schema: &str) -> Result<()> {
        validate_schema_name(schema)?;
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(PgConnectOptions::from_str(url.expose())?)
            .await?;
        sqlx::query("SET lock_timeout = '5s'")
            .execute(&pool)
            .await?;
        let mut attempts = 0;
        loop {
            sqlx::query(
                "SELECT pg_terminate_backend(l.pid) FROM pg_locks l \
                 JOIN pg_class c ON c.oid = l.relation \
                 JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = $1 AND l.pid <> pg_backend_pid() \
                   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
                 GROUP BY l.pid",
            )
            .bind(schema)
            .execute(&pool)
            .await?;
            let dropped = sqlx::query(AssertSqlSafe(format!(
                "DROP SCHEMA IF EXISTS \"{schema}\" CASCADE"
            )))
            .execute(&pool)
            .await;
            attempts += 1;
            match dropped {
                Ok(_) => break,
                Err(error) if attempts >= 3 => return Err(error.into()),
                Err(_) => continue,
            }
        }
        pool.close().await;
        Ok(())
    }

    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }

    fn target(&self) -> Target<&SqlitePool, &PgPool> {
        match &self.pool {
            Pool::Sqlite(pool) => Target::Sqlite(pool),
            Pool::Postgres(pool) => Target::Postgres(pool),
        }
    }

    statement_methods!();
}

enum TxInner {
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    Postgres(sqlx::Transaction<'static, Postgres>),
}

/// An open transaction; dropped without [`Transaction::commit`] it rolls back.
pub struct Transaction {
    inner: TxInner,
}

impl Transaction {
    pub async fn commit(self) -> Result<()> {
        match self.inner {
            TxInner::Sqlite(tx) => tx.commit().await?,
            TxInner::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }

    fn target(&mut self) -> Target<&mut sqlx::SqliteConnection, &mut sqlx::PgConnection> {
        match &mut self.inner {
            TxInner::Sqlite(tx) => Target::Sqlite(&mut **tx),
            TxInner::Postgres(tx) => Target::Postgres(&mut **tx),
        }
    }

    statement_methods!(mut);
}

/// Identifiers that are spliced into SQL must be plain names.
fn validate_schema_name(name: &str) -> Result<()> {
    let plain = !name.is_empty()
        && name.len() <= 63
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if plain {
        Ok(())
    } else {
        Err(Error::invalid(format!("not a plain SQL name: {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_url_hides_its_password() {
        let url = DatabaseUrl::parse("postgres://bay:s3cret@db.local:5432/bayline").unwrap();
        assert_eq!(url.redacted(), "postgres://bay:***@db.local:5432/bayline");
        assert!(!format!("{url:?}").contains("s3cret"));
    }

    #[test]
    fn a_database_url_without_password_is_shown_as_is() {
        let url = DatabaseUrl::parse("postgres://root@127.0.0.1/test").unwrap();
        assert_eq!(url.redacted(), "postgres://root@127.0.0.1/test");
        assert_eq!(url.kind(), BackendKind::Postgres);
    }

    #[test]
    fn an_unknown_database_scheme_is_refused() {
        assert!(DatabaseUrl::parse("mysql://root@localhost/db").is_err());
        assert!(DatabaseUrl::parse("").is_err());
    }

    #[test]
    fn schema_names_must_be_plain() {
        assert!(validate_schema_name("test_abc123").is_ok());
        assert!(validate_schema_name("x\"; DROP TABLE users; --").is_err());
    }
}
