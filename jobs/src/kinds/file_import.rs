//! `imports.file`: loads an uploaded data file (recall, prepaid maintenance, FEA, dealer-system
//! export) batch by batch, reporting progress by bytes read, then enriches the imported leads.
//! The file's report is its checkpoint: a run resumed after a crash starts after the last
//! written batch; a finished report is left as it is.

use chrono::Utc;
use engine::Database;
use engine::domain::{JobInput, JobStatus, Role, parse_job_input};
use engine::imports::load::{LoadObserver, LoadOutcome, LoadProgress, load_file};
use engine::imports::spool::KeptUploads;
use engine::imports::{FileImportInput, IMPORT_ROLES, ImportStatus};
use engine::store::imports::{ImportStore, UnfinishedReports};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{
    Admission, CloseFuture, JobError, JobFuture, JobKind, Unfinished, admit_typed,
};

pub struct FileImport {
    uploads: KeptUploads,
}

impl FileImport {
    /// Loads files from `uploads` when they are there, else from the database's copy.
    pub fn new(uploads: KeptUploads) -> Self {
        Self { uploads }
    }
}

/// Reports each batch to the run (bytes read of the file) and stops when it is cancelled.
pub(crate) struct RunObserver<'a>(pub(crate) &'a JobContext);

impl LoadObserver for RunObserver<'_> {
    async fn batch_loaded(&self, progress: LoadProgress) -> engine::Result<bool> {
        let counts = Counts {
            total: progress.size_bytes as i64,
            done: progress.bytes_read as i64,
            failed: 0,
            skipped: 0,
        };
        let reported = async {
            self.0.progress(counts).await?;
            self.0.is_cancelled().await
        };
        match reported.await {
            Ok(cancelled) => Ok(!cancelled),
            Err(error) => Err(engine::Error::Internal(error.to_string())),
        }
    }
}

impl JobKind for FileImport {
    fn name(&self) -> &'static str {
        FileImportInput::KIND
    }

    fn description(&self) -> &'static str {
        "Loads an uploaded data file (recall, prepaid maintenance, FEA alerts, dealer-system export) and makes leads of its rows."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        IMPORT_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<FileImportInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: FileImportInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a file import runs for an enterprise".to_owned())
            })?;
            let store = ImportStore::new(ctx.db().clone());
            let today = Utc::now().date_naive();
            let outcome = load_file(
                &store,
                enterprise_id,
                input.report_id,
                today,
                &RunObserver(ctx),
                Some(&self.uploads),
            )
            .await;
            match outcome {
                Ok(LoadOutcome::Cancelled(_)) => Err(JobError::Cancelled),
                Ok(LoadOutcome::Finished(report, enrichment)) => {
                    ctx.info(format!(
                        "{}: {} rows read, {} inserted, {} updated, {} unchanged, {} failed, {} leads created",
                        report.file_name,
                        report.total_rows,
                        report.inserted_rows,
                        report.updated_rows,
                        report.unchanged_rows,
                        report.failed_rows,
                        report.leads_created,
                    ))
                    .await?;
                    Ok(json!({
                        "fileReportId": report.id,
                        "status": report.status,
                        "totalRows": report.total_rows,
                        "insertedRows": report.inserted_rows,
                        "updatedRows": report.updated_rows,
                        "unchangedRows": report.unchanged_rows,
                        "failedRows": report.failed_rows,
                        "leadsCreated": report.leads_created,
                        "enrichment": enrichment,
                    }))
                }
                // The file could not be read: the report says why; retrying cannot help.
                Err(engine::Error::Validation { errors, .. }) => {
                    Err(JobError::Permanent(errors.join("; ")))
                }
                Err(other) => Err(other.into()),
            }
        })
    }

    fn ended_unfinished<'a>(&'a self, db: &'a Database, run: Unfinished<'a>) -> CloseFuture<'a> {
        Box::pin(async move {
            let Ok(input) = parse_job_input::<FileImportInput>(run.input) else {
                return Ok(());
            };
            let closed = ImportStore::new(db.clone())
                .close_unfinished(
                    UnfinishedReports::Report(input.report_id),
                    report_status(run.status),
                    run.reason,
                    Utc::now(),
                )
                .await
                .map(drop);
            self.uploads.forget(input.report_id);
            closed
        })
    }
}

/// What a report becomes when its run ended without finishing it.
pub(crate) fn report_status(run: JobStatus) -> ImportStatus {
    if run == JobStatus::Cancelled {
        ImportStatus::Cancelled
    } else {
        ImportStatus::Failed
    }
}
