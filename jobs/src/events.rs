//! Change notifications for the realtime stream: "run 42 of enterprise 1 changed". In-process
//! broadcast in embedded mode; with Redis, every process publishes to one pub/sub channel and
//! forwards what it hears to its own subscribers, so an API process sees a job on another
//! machine's worker.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use engine::messaging::Notice;
use engine::store::messages::MessageStore;

use crate::backend::QueueBackend;

/// What changed: a record of a topic (a job run, a message, a lead's counts) and its enterprise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub topic: String,
    pub id: i64,
    pub enterprise_id: Option<i64>,
    /// A snapshot of the record (a message, a lead's counts), taken once by the publisher so
    /// that subscribers need not each read it back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

impl Event {
    pub const JOB: &'static str = "job";
    pub const MESSAGE_CREATED: &'static str = "message.created";
    pub const MESSAGE_STATUS: &'static str = "message.status";
    pub const LEAD_COUNTS: &'static str = "lead.counts";
    pub const APPOINTMENT_BOOKED: &'static str = "appointment.booked";
    pub const HANDOFF: &'static str = "handoff";
    pub const REPAIR_ORDER_MOVED: &'static str = "repair-order.moved";

    pub fn job(id: i64, enterprise_id: Option<i64>) -> Self {
        Self {
            topic: Self::JOB.to_owned(),
            id,
            enterprise_id,
            data: None,
        }
    }
}

impl From<Notice> for Event {
    fn from(notice: Notice) -> Self {
        let (topic, id, enterprise_id) = match notice {
            Notice::MessageCreated { id, enterprise_id } => {
                (Event::MESSAGE_CREATED, id, enterprise_id)
            }
            Notice::MessageStatus { id, enterprise_id } => {
                (Event::MESSAGE_STATUS, id, enterprise_id)
            }
            Notice::LeadCounts { id, enterprise_id } => (Event::LEAD_COUNTS, id, enterprise_id),
            Notice::AppointmentBooked { id, enterprise_id } => {
                (Event::APPOINTMENT_BOOKED, id, enterprise_id)
            }
            Notice::Handoff {
                id, enterprise_id, ..
            } => (Event::HANDOFF, id, enterprise_id),
            Notice::RepairOrderMoved { id, enterprise_id } => {
                (Event::REPAIR_ORDER_MOVED, id, enterprise_id)
            }
        };
        Self {
            topic: topic.to_owned(),
            id,
            enterprise_id: Some(enterprise_id),
            data: None,
        }
    }
}

/// How long a publish may take before it is given up.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(2);

/// How many events a slow subscriber may fall behind before it skips some.
const BUFFER: usize = 8192;

#[derive(Clone)]
pub struct EventBus {
    local: broadcast::Sender<Event>,
    redis: Option<(redis::aio::ConnectionManager, String)>,
}

impl std::fmt::Debug for EventBus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.redis.is_some() {
            "EventBus::Redis"
        } else {
            "EventBus::InProcess"
        })
    }
}

impl EventBus {
    pub fn in_process() -> Self {
        Self {
            local: broadcast::channel(BUFFER).0,
            redis: None,
        }
    }

    /// The bus for a queue backend; with Redis it uses the channel `<queue name>:events`.
    pub async fn open(backend: &QueueBackend, queue_name: &str) -> Result<Self, redis::RedisError> {
        let QueueBackend::Redis { url } = backend else {
            return Ok(Self::in_process());
        };
        let client = redis::Client::open(url.as_str())?;
        let publisher = redis::aio::ConnectionManager::new(client.clone()).await?;
        let channel = format!("{queue_name}:events");
        let local = broadcast::channel(BUFFER).0;
        tokio::spawn(forward_from_redis(client, channel.clone(), local.clone()));
        Ok(Self {
            local,
            redis: Some((publisher, channel)),
        })
    }

    /// Tells every subscriber (in every process, with Redis). Best effort: a lost notification
    /// only delays a screen until its next refresh, so failures are logged, not raised.
    pub async fn publish(&self, event: Event) {
        match &self.redis {
            None => {
                let _ = self.local.send(event);
            }
            Some((connection, channel)) => {
                let Ok(payload) = serde_json::to_string(&event) else {
                    return;
                };
                let (mut connection, channel) = (connection.clone(), channel.clone());
                // Never make the publisher wait: while Redis is away a command can hang until
                // it returns, and a job must not stall on a notification.
                tokio::spawn(async move {
                    let mut command = redis::cmd("PUBLISH");
                    command.arg(channel).arg(payload);
                    let publish = command.query_async::<()>(&mut connection);
                    match tokio::time::timeout(PUBLISH_TIMEOUT, publish).await {
                        Ok(Ok(())) => {}
                        Ok(Err(error)) => tracing::warn!(%error, "could not publish an event"),
                        Err(_) => tracing::warn!("publishing an event timed out"),
                    }
                });
            }
        }
    }

    /// Publishes what a messaging operation changed, each with a snapshot of the record. A
    /// record named twice is published once, as it is now; snapshots are read in one query
    /// per kind; with nobody listening (in-process, no subscriber) nothing is read at all.
    pub async fn publish_notices(
        &self,
        messages: &MessageStore,
        notices: impl IntoIterator<Item = Notice>,
    ) {
        if self.redis.is_none() && self.local.receiver_count() == 0 {
            return;
        }
        let mut seen = HashSet::new();
        let mut events: Vec<(Notice, Event)> = Vec::new();
        for notice in notices {
            let event = Event::from(notice);
            if seen.insert((event.topic.clone(), event.id)) {
                events.push((notice, event));
            }
        }
        let (mut message_ids, mut lead_ids) = (Vec::new(), Vec::new());
        for (notice, _) in &events {
            match *notice {
                Notice::MessageCreated { id, .. }
                | Notice::MessageStatus { id, .. }
                | Notice::Handoff { id, .. } => message_ids.push(id),
                Notice::LeadCounts { id, .. } | Notice::AppointmentBooked { id, .. } => {
                    lead_ids.push(id)
                }
                // The board's card depends on who looks (the delay colour): read per audience.
                Notice::RepairOrderMoved { .. } => {}
            }
        }
        // Subscribers read the record themselves when there is no snapshot.
        let snapshots = |found: engine::Result<Vec<(i64, serde_json::Value)>>| match found {
            Ok(found) => found.into_iter().collect::<HashMap<_, _>>(),
            Err(error) => {
                tracing::warn!(%error, "could not take event snapshots");
                HashMap::new()
            }
        };
        let message_snapshots = snapshots(messages.get_many(&message_ids).await.map(|found| {
            found
                .into_iter()
                .filter_map(|m| Some((m.id, serde_json::to_value(m).ok()?)))
                .collect()
        }));
        let lead_snapshots = snapshots(messages.lead_counts_of(&lead_ids).await.map(|found| {
            found
                .into_iter()
                .filter_map(|c| Some((c.id, serde_json::to_value(c).ok()?)))
                .collect()
        }));
        for (notice, mut event) in events {
            event.data = match notice {
                Notice::MessageCreated { id, .. } | Notice::MessageStatus { id, .. } => {
                    message_snapshots.get(&id).cloned()
                }
                Notice::LeadCounts { id, .. } | Notice::AppointmentBooked { id, .. } => {
                    lead_snapshots.get(&id).cloned()
                }
                // The card's title travels with the note it announces.
                Notice::Handoff { id, title, .. } => message_snapshots
                    .get(&id)
                    .map(|note| serde_json::json!({ "title": title, "note": note })),
                Notice::RepairOrderMoved { .. } => None,
            };
            self.publish(event).await;
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.local.subscribe()
    }
}

/// Relays the Redis channel into the local broadcast, reconnecting whenever Redis goes away.
async fn forward_from_redis(
    client: redis::Client,
    channel: String,
    local: broadcast::Sender<Event>,
) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.subscribe(&channel).await {
                Ok(()) => {
                    let mut messages = pubsub.on_message();
                    while let Some(message) = messages.next().await {
                        let payload: String = message.get_payload().unwrap_or_default();
                        match serde_json::from_str::<Event>(&payload) {
                            Ok(event) => {
                                let _ = local.send(event);
                            }
                            Err(error) => tracing::warn!(%error, "ignoring a malformed event"),
                        }
                    }
                    tracing::warn!("event subscription ended; reconnecting");
                }
                Err(error) => tracing::warn!(%error, "cannot subscribe to events; retrying"),
            },
            Err(error) => tracing::warn!(%error, "cannot reach Redis for events; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
