//! `messaging.send`: delivers one queued message through its store's SMS gateway or the mailer.
//! Idempotent: a message that is no longer queued is left alone, so a re-delivered run never
//! texts a customer twice.

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::messaging::{Delivery, MessagingService, MessagingSettings, SendMessageInput};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct SendMessage {
    settings: MessagingSettings,
}

impl SendMessage {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for SendMessage {
    fn name(&self) -> &'static str {
        SendMessageInput::KIND
    }

    fn description(&self) -> &'static str {
        "Sends one queued text, e-mail or calendar invite to a customer."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[]
    }

    fn max_attempts(&self) -> i32 {
        5
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<SendMessageInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let id = parse_job_input::<SendMessageInput>(&input)?.message_id;
            let service = MessagingService::new(ctx.db().clone(), self.settings.clone());
            match service.deliver(id, Utc::now()).await? {
                Delivery::Done(notices) => {
                    ctx.events().publish_notices(service.store(), notices).await;
                    let message = service.store().require(id).await?;
                    ctx.info(format!("message {id} is {}", message.message_status))
                        .await?;
                    Ok(json!({ "messageId": id, "status": message.message_status }))
                }
                Delivery::Deferred { until } => {
                    ctx.info(format!(
                        "outside the customer's allowed hours; message {id} waits until {until}"
                    ))
                    .await?;
                    Ok(json!({ "messageId": id, "deferredUntil": until }))
                }
                Delivery::NothingToDo => Ok(json!({ "messageId": id, "alreadyHandled": true })),
                Delivery::Retry(reason) => Err(JobError::Transient(reason)),
            }
        })
    }
}
