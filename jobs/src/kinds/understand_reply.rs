//! `assistant.understand`: reads one inbound customer text with the assistant and stores what it
//! means (intents with their evidence, the requested time, the response insight). A free-text
//! opt-out is honoured here; its confirmation is queued for the dispatcher. Running it again
//! replaces the stored understanding and changes nothing else.

use chrono::Utc;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::messaging::{MessagingService, MessagingSettings, UnderstandReplyInput};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{JobFuture, JobKind, validate_typed};

pub struct UnderstandReply {
    settings: MessagingSettings,
}

impl UnderstandReply {
    pub fn new(settings: MessagingSettings) -> Self {
        Self { settings }
    }
}

impl JobKind for UnderstandReply {
    fn name(&self) -> &'static str {
        UnderstandReplyInput::KIND
    }

    fn description(&self) -> &'static str {
        "Reads a customer's text: its intents, the appointment time it asks for, and opt-outs."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[]
    }

    fn max_attempts(&self) -> i32 {
        3
    }

    fn validate(&self, input: &Json) -> Result<Json, String> {
        validate_typed::<UnderstandReplyInput>(input)
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let id = parse_job_input::<UnderstandReplyInput>(&input)?.message_id;
            let service = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let outcome = service.understand_inbound(id, Utc::now()).await?;
            ctx.events()
                .publish_notices(service.store(), outcome.notices)
                .await;
            let understanding = &outcome.understanding;
            let intents = understanding.intent_names();
            ctx.info(format!("message {id}: {}", intents.join(", ")))
                .await?;
            Ok(json!({
                "messageId": id,
                "intents": intents,
                "requestedTime": understanding.requested_time.map(|t| json!({
                    "start": t.start.format("%Y-%m-%dT%H:%M:%S").to_string(),
                    "grain": t.grain.as_str(),
                })),
                "optOutConfirmations": outcome.replies.len(),
            }))
        })
    }
}
