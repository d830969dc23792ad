//! `imports.sync`: syncs a data source: its connector (a file drop, or the simulated dealer
//! system) delivers, and each new file is loaded in load order as an upload is. Progress is in
//! bytes over the sync's files; a resumed run goes on with the same sync (see
//! `engine::imports::sync`).

use chrono::Utc;
use engine::Database;
use engine::domain::{JobInput, JobStatus, Role, parse_job_input};
use engine::imports::IMPORT_ROLES;
use engine::imports::sources::{SyncInput, SyncSettings, SyncStatus};
use engine::imports::sync::{SyncOutcome, Syncer};
use engine::store::data_sources::DataSourceStore;
use engine::store::imports::{ImportStore, UnfinishedReports};
use serde_json::{Value as Json, json};

use super::file_import::{RunObserver, report_status};
use crate::context::JobContext;
use crate::registry::{
    Admission, CloseFuture, JobError, JobFuture, JobKind, Unfinished, admit_typed,
};

pub struct DataSync {
    settings: SyncSettings,
}

impl DataSync {
    pub fn new(settings: SyncSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for DataSync {
    fn name(&self) -> &'static str {
        SyncInput::KIND
    }

    fn description(&self) -> &'static str {
        "Syncs a data source: imports the dealer-system files it delivered since the last sync."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        IMPORT_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<SyncInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: SyncInput = parse_job_input(&input)?;
            let enterprise_id = ctx
                .enterprise_id
                .ok_or_else(|| JobError::Permanent("a sync runs for an enterprise".to_owned()))?;
            let imports = ImportStore::new(ctx.db().clone());
            let sources = DataSourceStore::new(ctx.db().clone());
            let syncer = Syncer {
                imports: &imports,
                sources: &sources,
                settings: &self.settings,
            };
            let outcome = syncer
                .run(
                    enterprise_id,
                    &input,
                    Some(ctx.run_id),
                    Utc::now(),
                    &RunObserver(ctx),
                )
                .await;
            match outcome {
                Ok(SyncOutcome::Cancelled(_)) => Err(JobError::Cancelled),
                Ok(SyncOutcome::Finished(sync)) => {
                    ctx.info(format!(
                        "{} file(s): {} rows read, {} inserted, {} updated, {} unchanged, {} errors",
                        sync.file_count,
                        sync.record_count,
                        sync.inserted_rows,
                        sync.updated_rows,
                        sync.unchanged_rows,
                        sync.error_count,
                    ))
                    .await?;
                    Ok(json!({
                        "syncId": sync.id,
                        "status": sync.status,
                        "files": sync.file_count,
                        "records": sync.record_count,
                        "insertedRows": sync.inserted_rows,
                        "updatedRows": sync.updated_rows,
                        "unchangedRows": sync.unchanged_rows,
                        "errors": sync.error_count,
                        "message": sync.message,
                    }))
                }
                // The source is gone, switched off or not the store's: retrying cannot help.
                Err(engine::Error::Validation { errors, .. }) => {
                    Err(JobError::Permanent(errors.join("; ")))
                }
                Err(engine::Error::NotFound(message)) => Err(JobError::Permanent(message)),
                Err(other) => Err(other.into()),
            }
        })
    }

    fn ended_unfinished<'a>(&'a self, db: &'a Database, run: Unfinished<'a>) -> CloseFuture<'a> {
        Box::pin(async move {
            let status = if run.status == JobStatus::Cancelled {
                SyncStatus::Cancelled
            } else {
                SyncStatus::Failed
            };
            let now = Utc::now();
            let closed = DataSourceStore::new(db.clone())
                .close_unfinished_sync(run.run_id, status, run.reason, now)
                .await?;
            if let Some(sync_id) = closed {
                ImportStore::new(db.clone())
                    .close_unfinished(
                        UnfinishedReports::OfSync(sync_id),
                        report_status(run.status),
                        run.reason,
                        now,
                    )
                    .await?;
            }
            Ok(())
        })
    }
}
