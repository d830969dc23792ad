//! Starts send jobs for queued messages. Staff messages are dispatched at once by the request
//! that stored them; this loop catches everything else: automated texts whose allowed hours
//! have come, replies stored by webhooks, and any message whose dispatch was interrupted. The
//! claim on `dispatched_at` makes each message dispatched once among many workers.

use std::time::Duration;

use chrono::Utc;
use engine::store::messages::MessageStore;

use tokio::task::JoinHandle;

use crate::starter::JobStarter;
use engine::messaging::SendMessageInput;

/// How often queued messages are looked for.
pub const TICK: Duration = Duration::from_millis(500);

pub fn spawn(messages: MessageStore, starter: JobStarter) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(TICK);
        loop {
            ticks.tick().await;
            if let Err(error) = dispatch_due(&messages, &starter).await {
                tracing::warn!(%error, "could not dispatch queued messages");
            }
        }
    })
}

/// Messages claimed per round trip.
const CLAIM_BATCH: u64 = 200;

/// Starts a send job for every due message this process claims, round after round until none
/// is left (a bulk run queues thousands at once); returns how many.
pub async fn dispatch_due(messages: &MessageStore, starter: &JobStarter) -> engine::Result<usize> {
    let mut count = 0;
    loop {
        let claimed = messages.claim_due(Utc::now(), CLAIM_BATCH).await?;
        let round = claimed.len();
        count += round;
        let mut all_started = true;
        for message in claimed {
            all_started &= start(messages, starter, message.id, message.enterprise_id).await;
        }
        // A failed start released its message: the next tick tries again, not this loop.
        if (round as u64) < CLAIM_BATCH || !all_started {
            return Ok(count);
        }
    }
}

/// Starts the send job of a message just stored (if nobody has yet).
pub async fn dispatch(
    messages: &MessageStore,
    starter: &JobStarter,
    id: i64,
    enterprise_id: i64,
) -> engine::Result<()> {
    if messages.mark_dispatched(id, Utc::now()).await? {
        start(messages, starter, id, enterprise_id).await;
    }
    Ok(())
}

/// Whether the send job started (else the message is released for a later tick).
async fn start(messages: &MessageStore, starter: &JobStarter, id: i64, enterprise_id: i64) -> bool {
    let started = starter
        .start_system_input(&SendMessageInput { message_id: id }, Some(enterprise_id))
        .await;
    if let Err(error) = started {
        tracing::warn!(message = id, %error, "send job could not start; the dispatcher retries");
        if let Err(error) = messages.release(id, None).await {
            tracing::error!(message = id, %error, "could not release a message for dispatch");
        }
        return false;
    }
    true
}
