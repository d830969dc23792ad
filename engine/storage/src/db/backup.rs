//! `bayline backup` and `bayline restore` for the embedded database (issue 39): a consistent
//! copy taken while Bayline runs (SQLite's `VACUUM INTO`, one read transaction, so writers
//! carry on), checked before it is called a backup, and put back only into a stopped
//! installation. PostgreSQL is backed up with its own tools (docs/operations.md).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::ConnectOptions as _;
use sqlx::sqlite::SqliteConnectOptions;

use super::{BackendKind, Database, DatabaseUrl, MIGRATIONS_TABLE, Pool};
use crate::error::{Error, Result};

/// What a checked backup file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupFile {
    pub path: PathBuf,
    pub bytes: u64,
    /// The newest migration applied to it.
    pub migration: i64,
}

/// The SQLite file a `sqlite:` URL names; PostgreSQL has none.
pub fn sqlite_file(url: &DatabaseUrl) -> Result<PathBuf> {
    if url.kind() != BackendKind::Sqlite {
        return Err(postgres_has_its_own_tools());
    }
    Ok(SqliteConnectOptions::from_str(url.expose())?
        .get_filename()
        .to_path_buf())
}

fn postgres_has_its_own_tools() -> Error {
    Error::invalid(
        "PostgreSQL is backed up and restored with pg_dump and pg_restore (docs/operations.md)",
    )
}

/// The newest migration this build knows: a backup from a newer build is not put back.
fn newest_known_migration() -> i64 {
    sqlx::migrate!("../../migrations/sqlite")
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0)
}

/// Checks a backup file: it opens read-only, passes SQLite's integrity check and is a Bayline
/// database (it has the migrations table).
pub async fn check_backup(path: &Path) -> Result<BackupFile> {
    let bytes = std::fs::metadata(path)
        .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?
        .len();
    let problem =
        |what: String| Error::invalid(format!("{} is not a usable backup: {what}", path.display()));
    let mut connection = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .map_err(|e| problem(e.to_string()))?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut connection)
        .await
        .map_err(|e| problem(e.to_string()))?;
    if integrity != "ok" {
        return Err(problem(format!("the integrity check says {integrity}")));
    }
    let migration: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT MAX(version) FROM {MIGRATIONS_TABLE}"
    )))
    .fetch_one(&mut connection)
    .await
    .map_err(|_| problem("it has no Bayline migrations".to_owned()))?;
    let migration = migration.ok_or_else(|| problem("it has no Bayline migrations".to_owned()))?;
    Ok(BackupFile {
        path: path.to_path_buf(),
        bytes,
        migration,
    })
}

impl Database {
    /// Writes a consistent copy of the running SQLite database to `target` (a new file), then
    /// checks it. A copy that fails half-way leaves nothing under `target`.
    pub async fn backup_to(&self, target: &Path) -> Result<BackupFile> {
        let Pool::Sqlite(pool) = &self.pool else {
            return Err(postgres_has_its_own_tools());
        };
        if target.exists() {
            return Err(Error::invalid(format!(
                "{} exists already: name a new file",
                target.display()
            )));
        }
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::invalid(format!("cannot create {}: {e}", dir.display())))?;
        }
        let partial = target.with_extension("partial");
        let _ = std::fs::remove_file(&partial);
        let written = sqlx::query("VACUUM INTO ?")
            .bind(partial.to_string_lossy().into_owned())
            .execute(pool)
            .await;
        if let Err(error) = written {
            let _ = std::fs::remove_file(&partial);
            return Err(error.into());
        }
        if let Err(error) = check_backup(&partial).await {
            let _ = std::fs::remove_file(&partial);
            return Err(error);
        }
        std::fs::rename(&partial, target).map_err(|e| {
            Error::Internal(format!("cannot move the copy to {}: {e}", target.display()))
        })?;
        check_backup(target).await
    }
}

/// Puts a checked backup in place of the SQLite database at `live`. Bayline must be stopped:
/// a database with its write-ahead log beside it is open somewhere (or was not closed), and is
/// refused unless `force` (after a crash). The old file is kept beside it as `.before-restore`.
pub async fn restore(backup: &Path, live: &Path, force: bool) -> Result<BackupFile> {
    let checked = check_backup(backup).await?;
    let newest = newest_known_migration();
    if checked.migration > newest {
        return Err(Error::invalid(format!(
            "{} comes from a newer Bayline (migration {}; this one knows up to {newest}): restore it with that version",
            backup.display(),
            checked.migration
        )));
    }
    let beside = |suffix: &str| {
        let mut name = live.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    let (wal, shm) = (beside("-wal"), beside("-shm"));
    if (wal.exists() || shm.exists()) && !force {
        return Err(Error::Conflict(format!(
            "{} looks open ({} is there): stop Bayline first; after a crash, pass --force",
            live.display(),
            if wal.exists() {
                wal.display()
            } else {
                shm.display()
            }
        )));
    }
    if let Some(dir) = live.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::invalid(format!("cannot create {}: {e}", dir.display())))?;
    }
    let incoming = beside(".restoring");
    std::fs::copy(backup, &incoming)
        .and_then(|_| std::fs::File::open(&incoming)?.sync_all())
        .map_err(|e| Error::Internal(format!("cannot copy {}: {e}", backup.display())))?;
    if live.exists() {
        std::fs::rename(live, beside(".before-restore"))
            .map_err(|e| Error::Internal(format!("cannot set {} aside: {e}", live.display())))?;
    }
    for stale in [&wal, &shm] {
        let _ = std::fs::remove_file(stale);
    }
    std::fs::rename(&incoming, live)
        .map_err(|e| Error::Internal(format!("cannot put the backup in place: {e}")))?;
    check_backup(live).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::ConnectOptions;

    async fn open(path: &Path) -> Database {
        let url = DatabaseUrl::parse(&format!("sqlite:{}", path.display())).unwrap();
        let db = Database::connect(&url, &ConnectOptions::default())
            .await
            .unwrap();
        db.migrate().await.unwrap();
        db
    }

    async fn setting(db: &Database) -> Option<String> {
        let Pool::Sqlite(pool) = &db.pool else {
            unreachable!()
        };
        sqlx::query_scalar("SELECT value FROM app_settings WHERE key = 'backup-test'")
            .fetch_optional(pool)
            .await
            .unwrap()
    }

    async fn set(db: &Database, value: &str) {
        let Pool::Sqlite(pool) = &db.pool else {
            unreachable!()
        };
        sqlx::query(
            "INSERT INTO app_settings (key, value, created_at) VALUES ('backup-test', ?, CURRENT_TIMESTAMP) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(value)
        .execute(pool)
        .await
        .unwrap();
    }

    #[tokio::test]
    async fn a_backup_taken_while_open_restores_the_state_it_copied() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("bayline.db");
        let db = open(&live).await;
        set(&db, "before").await;
        let copy = dir.path().join("backups/monday.db");
        let backup = db.backup_to(&copy).await.unwrap();
        assert_eq!(backup.migration, newest_known_migration());
        assert!(backup.bytes > 0);
        // Never over an existing file.
        assert!(db.backup_to(&copy).await.is_err());
        set(&db, "after").await;

        // Refused while the database is open; taken once it is closed.
        let refused = restore(&copy, &live, false).await.unwrap_err();
        assert!(matches!(refused, Error::Conflict(_)), "{refused}");
        db.close().await;
        restore(&copy, &live, false).await.unwrap();
        let db = open(&live).await;
        assert_eq!(setting(&db).await.as_deref(), Some("before"));
        db.close().await;
        assert!(dir.path().join("bayline.db.before-restore").exists());
    }

    #[tokio::test]
    async fn a_file_that_is_not_a_bayline_database_is_not_restored() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("bayline.db");
        let db = open(&live).await;
        set(&db, "kept").await;
        db.close().await;
        let garbage = dir.path().join("garbage.db");
        std::fs::write(&garbage, b"this is not a database at all, only some words").unwrap();
        assert!(restore(&garbage, &live, false).await.is_err());
        let other = dir.path().join("other.db");
        let mut plain = SqliteConnectOptions::new()
            .filename(&other)
            .create_if_missing(true)
            .connect()
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (x)")
            .execute(&mut plain)
            .await
            .unwrap();
        drop(plain);
        let refused = restore(&other, &live, false).await.unwrap_err();
        assert!(
            refused.to_string().contains("no Bayline migrations"),
            "{refused}"
        );
        let db = open(&live).await;
        assert_eq!(setting(&db).await.as_deref(), Some("kept"));
        db.close().await;
    }
}
