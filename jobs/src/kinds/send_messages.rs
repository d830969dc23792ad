//! `messaging.send-batch`: delivers a batch of queued messages of one enterprise, one after
//! another, so a bulk run's thousands of texts cost a run per batch rather than per text.
//! Each delivery is idempotent as `messaging.send`'s is; a message whose gateway asks for
//! another try goes on alone as a `messaging.send` run with that kind's retries.

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::messaging::{
    Delivery, MessagingService, MessagingSettings, SendMessageInput, SendMessagesInput,
};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

pub struct SendMessages {
    settings: MessagingSettings,
}

impl SendMessages {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for SendMessages {
    fn name(&self) -> &'static str {
        SendMessagesInput::KIND
    }

    fn description(&self) -> &'static str {
        "Sends a batch of queued texts and e-mails to customers."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[]
    }

    fn max_attempts(&self) -> i32 {
        5
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<SendMessagesInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let ids = parse_job_input::<SendMessagesInput>(&input)?.message_ids;
            let service = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let mut counts = Counts {
                total: ids.len() as i64,
                ..Counts::default()
            };
            let (mut deferred, mut retried) = (0, 0);
            let mut notices = Vec::new();
            for &id in &ids {
                match service.deliver(id, Utc::now()).await? {
                    Delivery::Done(done) => {
                        notices.extend(done);
                        counts.done += 1;
                    }
                    Delivery::Deferred { .. } => {
                        deferred += 1;
                        counts.done += 1;
                    }
                    Delivery::NothingToDo => counts.skipped += 1,
                    Delivery::Retry(reason) => {
                        // Still claimed by this batch: its own run retries it with backoff.
                        ctx.info(format!("message {id} will be tried again: {reason}"))
                            .await?;
                        ctx.start_follow_on(&SendMessageInput { message_id: id })
                            .await?;
                        retried += 1;
                        counts.done += 1;
                    }
                }
            }
            ctx.events().publish_notices(service.store(), notices).await;
            ctx.progress(counts).await?;
            ctx.info(format!(
                "{} messages: {} sent, {deferred} waiting for allowed hours, {retried} to try again, {} already handled",
                ids.len(),
                counts.done - deferred - retried,
                counts.skipped
            ))
            .await?;
            Ok(json!({
                "messages": ids.len(),
                "deferred": deferred,
                "retried": retried,
                "alreadyHandled": counts.skipped,
            }))
        })
    }
}
