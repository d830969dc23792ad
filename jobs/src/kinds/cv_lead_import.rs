//! `cv-leads.import`: reads an uploaded customer-vehicle file (a PENDING batch) and matches its
//! rows against the store's vehicles. Bad rows fail the batch whole, listing them; a batch
//! already read is left as it is, so a retried run changes nothing.

use engine::domain::{JobInput, Role, parse_job_input};
use engine::planner::PLANNER_ROLES;
use engine::store::cv_leads::{CvLeadImportInput, CvLeadStore};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct CvLeadImport;

impl JobKind for CvLeadImport {
    fn name(&self) -> &'static str {
        CvLeadImportInput::KIND
    }

    fn description(&self) -> &'static str {
        "Reads an uploaded customer-vehicle file and matches its rows to the store's vehicles."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        PLANNER_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<CvLeadImportInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: CvLeadImportInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("a customer-vehicle import runs for an enterprise".to_owned())
            })?;
            let batch = match CvLeadStore::new(ctx.db().clone())
                .import_pending(enterprise_id, input.batch_id)
                .await
            {
                Ok(batch) => batch,
                // Every bad row, as the batch lists them.
                Err(engine::Error::Validation { errors, .. }) => {
                    return Err(JobError::Permanent(errors.join("; ")));
                }
                Err(other) => return Err(other.into()),
            };
            ctx.info(format!(
                "{}: {} rows, {} matched, {} vehicles",
                batch.file_name, batch.row_count, batch.matched_rows, batch.vehicle_count
            ))
            .await?;
            Ok(json!({
                "batchId": batch.id,
                "rowCount": batch.row_count,
                "matchedRows": batch.matched_rows,
                "vehicleCount": batch.vehicle_count,
            }))
        })
    }
}
