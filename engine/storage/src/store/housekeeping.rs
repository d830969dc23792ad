//! The hourly clearing of what has lived its time: expired sessions and log-in codes, old
//! log-in attempts, attachments uploaded a day ago or more that no message carries, and the
//! reports' change log past its day. Every
//! API process runs it each hour (`web-api`), and the `maintenance.prune-sessions` job runs it
//! on demand; clearing twice is harmless.

use chrono::{DateTime, Duration, Utc};

use super::report_changes::{CHANGES_KEPT, ReportChangeLog};
use super::uploads::UploadStore;
use crate::auth::AuthService;
use crate::db::Database;
use crate::error::Result;

/// How long an attachment no message carries is kept: a draft being written keeps its files.
const UNSENT_ATTACHMENTS_KEPT: Duration = Duration::days(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pruned {
    pub sessions: u64,
    pub login_attempts: u64,
    pub attachments: u64,
    pub report_changes: u64,
}

pub async fn prune_expired(
    auth: &AuthService,
    db: &Database,
    now: DateTime<Utc>,
) -> Result<Pruned> {
    let (sessions, login_attempts) = auth.prune(now).await?;
    let attachments = UploadStore::new(db.clone())
        .prune_unsent(now - UNSENT_ATTACHMENTS_KEPT)
        .await?;
    let report_changes = ReportChangeLog::new(db.clone())
        .prune(now - CHANGES_KEPT)
        .await?;
    Ok(Pruned {
        sessions,
        login_attempts,
        attachments,
        report_changes,
    })
}
