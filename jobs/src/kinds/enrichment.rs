//! `imports.enrich`: matches imported recall, prepaid and FEA rows to customers and vehicles
//! again (those not matched or not textable before, and any still pending) and makes leads of
//! those that can now be texted. Each batch is its own transaction, so a resumed run goes on
//! with the rows still PENDING; progress counts rows examined.

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::imports::{EnrichmentInput, IMPORT_ROLES};
use engine::store::imports::{EnrichmentCounts, EnrichmentSelection, ImportStore};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct Enrichment;

impl JobKind for Enrichment {
    fn name(&self) -> &'static str {
        EnrichmentInput::KIND
    }

    fn description(&self) -> &'static str {
        "Matches imported recall, prepaid and error-alert rows to customers again and makes leads of those that can be texted."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        IMPORT_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<EnrichmentInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let input: EnrichmentInput = parse_job_input(&input)?;
            let enterprise_id = ctx.enterprise_id.ok_or_else(|| {
                JobError::Permanent("enrichment runs for an enterprise".to_owned())
            })?;
            let store = ImportStore::new(ctx.db().clone());
            let selection = EnrichmentSelection {
                enterprise_id,
                store_ids: input.store_ids,
                file_types: input.file_types,
                report_id: input.report_id,
            };
            let pending = store.reopen_for_enrichment(&selection).await?;
            let mut counts = EnrichmentCounts::default();
            let today = Utc::now().date_naive();
            while let Some(batch) = store.enrich_next(&selection, today, Utc::now()).await? {
                counts.add(batch);
                let examined = counts.examined as i64;
                ctx.progress(Counts {
                    total: Ord::max(pending as i64, examined),
                    done: examined,
                    failed: 0,
                    skipped: 0,
                })
                .await?;
                if ctx.is_cancelled().await? {
                    return Err(JobError::Cancelled);
                }
            }
            ctx.info(format!(
                "{} rows examined: {} leads created, {} already had a lead, {} not matched, {} not textable, {} not eligible",
                counts.examined,
                counts.leads_created,
                counts.lead_exists,
                counts.not_matched,
                counts.not_textable,
                counts.not_eligible,
            ))
            .await?;
            Ok(json!({ "enrichment": counts }))
        })
    }
}
