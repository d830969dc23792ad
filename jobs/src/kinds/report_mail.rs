//! `reports.mail`: a scheduled report. Exports the report over the period just ended to XLSX
//! and e-mails it, with a short summary, to every recipient of a mailing list; each e-mail is
//! kept in the outbox under the run. Started by a schedule (`/api/data-sync/scheduler`).

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::messaging::MessagingSettings;
use engine::store::job_runs::Counts;
use reports::{ExportSettings, REPORT_ROLES, ReportMailInput, Reports};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, parse_typed};

pub struct ReportMail {
    exports: ExportSettings,
    messaging: MessagingSettings,
}

impl ReportMail {
    pub fn new(exports: ExportSettings, messaging: MessagingSettings) -> Self {
        Self { exports, messaging }
    }
}

impl JobKind for ReportMail {
    fn name(&self) -> &'static str {
        ReportMailInput::KIND
    }

    fn description(&self) -> &'static str {
        "E-mails a report over the period just ended to a mailing list, as a spreadsheet."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        REPORT_ROLES
    }

    fn max_attempts(&self) -> i32 {
        // A retry would e-mail the recipients who already have it again.
        1
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        let typed: ReportMailInput = parse_typed(input)?;
        // An administrators-only report narrows who may start it.
        Admission::of(&typed, typed.roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: ReportMailInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a scheduled report belongs to an enterprise".into())
            })?;
            self.exports.prune(std::time::SystemTime::now());
            let mailed = Reports::new(ctx.db().clone())
                .mail(
                    &input,
                    enterprise_id,
                    ctx.run_id,
                    &self.exports,
                    &self.messaging.mailer,
                    Utc::now(),
                )
                .await?;
            ctx.progress(Counts {
                total: (mailed.sent + mailed.failed) as i64,
                done: mailed.sent as i64,
                failed: mailed.failed as i64,
                ..Counts::default()
            })
            .await?;
            ctx.info(format!(
                "e-mailed {} ({} rows, {} to {}) to {} of the list {}",
                mailed.file_name,
                mailed.rows,
                mailed.start_date,
                mailed.end_date,
                mailed.sent,
                mailed.list_code
            ))
            .await?;
            Ok(json!({
                "report": input.report,
                "mailingList": mailed.list_code,
                "sent": mailed.sent,
                "failed": mailed.failed,
                "rows": mailed.rows,
                "fileName": mailed.file_name,
                "startDate": mailed.start_date,
                "endDate": mailed.end_date,
            }))
        })
    }
}
