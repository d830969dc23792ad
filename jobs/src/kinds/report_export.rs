//! `reports.export`: writes a report to CSV or XLSX in the exports directory, streaming its rows
//! (memory stays flat however long the list), with progress as it goes. The file is replaced
//! whole at the end, so a retry after a crash simply writes it again. Old exports are pruned
//! before each new one.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::store::job_runs::Counts;
use reports::{ExportSettings, REPORT_ROLES, ReportExportInput, Reports};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, parse_typed};

/// How often the progress bar moves while rows are written.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

pub struct ReportExport {
    settings: ExportSettings,
}

impl ReportExport {
    pub fn new(settings: ExportSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for ReportExport {
    fn name(&self) -> &'static str {
        ReportExportInput::KIND
    }

    fn description(&self) -> &'static str {
        "Exports a report to CSV or XLSX for download."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        REPORT_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        let typed: ReportExportInput = parse_typed(input)?;
        // An administrators-only report narrows who may start it.
        Admission::of(&typed, typed.roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: ReportExportInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a report export belongs to an enterprise".into())
            })?;
            let pruned = self.settings.prune(std::time::SystemTime::now());
            if pruned > 0 {
                ctx.info(format!("removed {pruned} expired export files"))
                    .await?;
            }
            let reports = Reports::new(ctx.db().clone());
            let total = reports.export_size(&input, enterprise_id).await?;
            let mut counts = Counts {
                total: total as i64,
                ..Counts::default()
            };
            ctx.progress(counts).await?;
            let path = self.settings.path_of(ctx.run_id, input.format);
            let written = Arc::new(AtomicU64::new(0));
            let export = reports.export(&input, enterprise_id, &path, written.clone());
            tokio::pin!(export);
            let exported = loop {
                tokio::select! {
                    done = &mut export => break done?,
                    _ = tokio::time::sleep(PROGRESS_EVERY) => {
                        // Rows read past the count taken at the start still show as done.
                        counts.done = written.load(Ordering::Relaxed) as i64;
                        counts.total = counts.total.max(counts.done);
                        ctx.progress(counts).await?;
                    }
                }
            };
            counts.done = exported.rows as i64;
            counts.total = counts.done;
            ctx.progress(counts).await?;
            let expires_at = Utc::now() + self.settings.keep_for;
            ctx.info(format!(
                "wrote {} rows ({} bytes) of {} as {}",
                exported.rows,
                exported.bytes,
                input.report,
                input.format.extension()
            ))
            .await?;
            Ok(json!({
                "report": input.report,
                "format": input.format,
                "fileName": input.file_name(),
                "rows": exported.rows,
                "bytes": exported.bytes,
                "expiresAt": expires_at,
                "downloadUrl": format!("/api/reports/exports/{}/file", ctx.run_id),
            }))
        })
    }
}
