//! `customers.line-types`: looks up the line type (mobile, landline, VoIP, toll-free) of a
//! store's customers through the store's carrier lookup and stores it on each customer. Resumes
//! after a crash from the last customer it saved.

use engine::domain::{JobInput, MANAGER_ROLES, Role, parse_job_input};
use engine::messaging::{LineTypesInput, MessagingService, MessagingSettings};
use engine::store::customers::CustomerStore;
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

pub struct LineTypes {
    settings: MessagingSettings,
}

impl LineTypes {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

/// Customers looked up between checkpoints.
const CHECKPOINT_EVERY: usize = 50;

impl JobKind for LineTypes {
    fn name(&self) -> &'static str {
        LineTypesInput::KIND
    }

    fn description(&self) -> &'static str {
        "Looks up whether each customer's number of a store is a mobile, landline, VoIP or toll-free line."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        // A store-wide refresh is a manager's call; anyone may look one customer up.
        MANAGER_ROLES
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<LineTypesInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let LineTypesInput {
                store_id,
                from,
                until,
            } = parse_job_input(&input)?;
            let customers = CustomerStore::new(ctx.db().clone());
            let messaging = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let all = customers.with_mobile_numbers(store_id, from, until).await?;
            let resume_after = ctx
                .checkpoint()
                .and_then(|c| c["lastCustomerId"].as_i64())
                .unwrap_or(0);
            let mut counts = Counts {
                total: all.len() as i64,
                done: all.iter().filter(|(id, _)| *id <= resume_after).count() as i64,
                ..Counts::default()
            };
            ctx.progress(counts).await?;
            let mut since_checkpoint = 0;
            for (id, phone) in all.iter().filter(|(id, _)| *id > resume_after) {
                ctx.stop_if_cancelled().await?;
                match messaging.line_type(store_id, phone).await {
                    Ok(line_type) => {
                        customers.set_line_type(*id, line_type.as_str()).await?;
                        counts.done += 1;
                    }
                    Err(error) => {
                        ctx.log(
                            engine::domain::LogLevel::Warn,
                            format!("customer {id}: {error}"),
                        )
                        .await?;
                        counts.failed += 1;
                    }
                }
                ctx.progress(counts).await?;
                since_checkpoint += 1;
                if since_checkpoint == CHECKPOINT_EVERY {
                    ctx.save_checkpoint(json!({ "lastCustomerId": id })).await?;
                    since_checkpoint = 0;
                }
            }
            ctx.info(format!(
                "looked up {} of {} customers ({} failed)",
                counts.done, counts.total, counts.failed
            ))
            .await?;
            Ok(
                json!({ "storeId": store_id, "total": counts.total, "updated": counts.done, "failed": counts.failed }),
            )
        })
    }
}
