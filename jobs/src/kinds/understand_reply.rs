//! `assistant.understand`: reads one inbound customer text with the assistant and stores what it
//! means (intents with their evidence, the requested time, the response insight). A free-text
//! opt-out is honoured here; its confirmation is queued for the dispatcher. On the first reading
//! the assistant then acts on it (books a visit by text, or hands off to staff:
//! `engine::assistant::reply`). Running it again replaces the stored understanding and changes
//! nothing else.

use chrono::Utc;
use engine::assistant::reply::AssistantReplies;
use engine::domain::{JobInput, Role, parse_job_input};
use engine::messaging::{MessagingService, MessagingSettings, UnderstandReplyInput};
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobFuture, JobKind, admit_typed};

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

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<UnderstandReplyInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let id = parse_job_input::<UnderstandReplyInput>(&input)?.message_id;
            let service = MessagingService::new(ctx.db().clone(), self.settings.clone());
            let outcome = service.understand_inbound(id, Utc::now()).await?;
            ctx.events()
                .publish_notices(service.store(), outcome.notices.clone())
                .await;
            // The assistant acts on the first reading only: a retried run never answers twice.
            let acted = if outcome.first_reading {
                let replies = AssistantReplies::new(ctx.db().clone(), service.clone());
                let responded = replies
                    .respond(id, &outcome.understanding, Utc::now())
                    .await?;
                for message in responded
                    .messages
                    .iter()
                    .filter(|m| m.scheduled_for.is_none())
                {
                    ctx.dispatch(message.id, message.enterprise_id).await?;
                }
                for push in &responded.pushes {
                    ctx.start_follow_on(push).await?;
                }
                ctx.events()
                    .publish_notices(service.store(), responded.notices.clone())
                    .await;
                json!({
                    "booked": responded.booked.as_ref().map(|b| b.appointment_id),
                    "handoff": responded.handoff.map(|h| h.track.as_str()),
                    "code": responded.code.map(|c| c.as_str()),
                    "replied": responded.text,
                })
            } else {
                Json::Null
            };
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
                "assistant": acted,
            }))
        })
    }
}
