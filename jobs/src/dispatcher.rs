//! Starts send jobs for queued messages. Staff messages are dispatched at once by the request
//! that stored them; this loop catches everything else: automated texts whose allowed hours
//! have come, replies stored by webhooks, and any message whose dispatch was interrupted. The
//! claim on `dispatched_at` makes each message dispatched once among many workers.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::Utc;
use engine::store::messages::MessageStore;

use tokio::task::JoinHandle;

use crate::starter::JobStarter;
use engine::messaging::{SendMessageInput, SendMessagesInput};

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

/// Messages one send run delivers: small enough that several workers share a bulk run's
/// texts, large enough that a run's own bookkeeping is a small part of each.
const SEND_BATCH: usize = 25;

/// Starts send jobs for every due message this process claims, round after round until none
/// is left (a bulk run queues thousands at once); returns how many. A lone message gets its
/// own `messaging.send` run; many go in `messaging.send-batch` runs per enterprise.
pub async fn dispatch_due(messages: &MessageStore, starter: &JobStarter) -> engine::Result<usize> {
    let mut count = 0;
    loop {
        let claimed = messages.claim_due(Utc::now(), CLAIM_BATCH).await?;
        let round = claimed.len();
        count += round;
        let mut by_enterprise: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for message in claimed {
            by_enterprise
                .entry(message.enterprise_id)
                .or_default()
                .push(message.id);
        }
        let mut all_started = true;
        for (enterprise_id, ids) in by_enterprise {
            for batch in ids.chunks(SEND_BATCH) {
                all_started &= match batch {
                    [id] => start(messages, starter, *id, enterprise_id).await,
                    _ => start_batch(messages, starter, batch, enterprise_id).await,
                };
            }
        }
        // A failed start released its messages: the next tick tries again, not this loop.
        if (round as u64) < CLAIM_BATCH || !all_started {
            return Ok(count);
        }
    }
}

/// Whether the batch's send job started (else its messages are released for a later tick).
async fn start_batch(
    messages: &MessageStore,
    starter: &JobStarter,
    ids: &[i64],
    enterprise_id: i64,
) -> bool {
    let input = SendMessagesInput {
        message_ids: ids.to_vec(),
    };
    if let Err(error) = starter
        .start_system_input(&input, Some(enterprise_id))
        .await
    {
        tracing::warn!(%error, "a batch send job could not start; the dispatcher retries");
        for id in ids {
            if let Err(error) = messages.release(*id, None).await {
                tracing::error!(message = id, %error, "could not release a message for dispatch");
            }
        }
        return false;
    }
    true
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
