//! `GET /api/events`: the signed-in user's realtime stream (server-sent events): job runs,
//! messages and lead counts they may see.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use engine::auth::{Caller, Scope};
use engine::store::messages::{LeadCounts, MessageRecord};
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use jobs::Event;
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::EventStream;
use poem_openapi::types::ToJSON;
use poem_openapi::{Object, OpenApi};
use tokio::sync::broadcast::error::RecvError;

use super::ApiTags;
use super::jobs::{JobRunView, run_view, visible_scope};
use super::lane::{CardViews, LaneCardView};
use super::messages::MessageView;
use crate::auth::Session;
use crate::error::ApiResult;
use crate::state::AppState;
use engine::store::messages::Visibility;

/// A lead's conversation counters after a change.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LeadCountsView {
    pub id: i64,
    pub store_id: i64,
    pub service_type: String,
    pub total_inbound_count: i32,
    pub total_unread_count: i32,
    pub latest_message: Option<String>,
    pub last_message_received_date: Option<chrono::DateTime<chrono::Utc>>,
    pub response_reqd: bool,
    pub response_insight: Option<String>,
    pub appointment_set: bool,
    pub appointment_id: Option<i64>,
    /// The lead's stage (INITIATED, RESPONDED … APPOINTMENT_SET) and its outcome.
    pub status: String,
    pub outcome: Option<String>,
}

/// The assistant handed a conversation to staff: the card to show them.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct HandoffView {
    /// GM HANDOFF, MD HANDOFF or Customer HANDOFF.
    pub title: String,
    pub fsi_id: i64,
    pub store_id: i64,
    /// The track and intent, as the conversation's note records them.
    pub reason: String,
}

/// One realtime event. `type` says what happened: `job.updated` (with `run`),
/// `message.created` or `message.status` (with `message`), `lead.counts` or
/// `APPOINTMENT_BOOKED` (with `lead`), `HANDOFF` (with `handoff` and its note as `message`),
/// `repairOrder.moved` (with `repairOrder`, the board's card as it is now).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RealtimeEvent {
    #[oai(rename = "type")]
    pub event_type: String,
    pub run: Option<JobRunView>,
    pub message: Option<MessageView>,
    pub lead: Option<LeadCountsView>,
    pub handoff: Option<HandoffView>,
    pub repair_order: Option<LaneCardView>,
}

impl RealtimeEvent {
    fn of_type(event_type: impl Into<String>) -> Self {
        Self {
            event_type: event_type.into(),
            run: None,
            message: None,
            lead: None,
            handoff: None,
            repair_order: None,
        }
    }

    /// The SSE event name: `job`, `handoff`, `message`, `lead` or `lane`.
    fn name(&self) -> &'static str {
        if self.repair_order.is_some() {
            "lane"
        } else if self.handoff.is_some() {
            "handoff"
        } else if self.run.is_some() {
            "job"
        } else if self.message.is_some() {
            "message"
        } else {
            "lead"
        }
    }
}

pub struct EventApi;

/// How many realtime streams this process holds open (`/api/health` says it): each stream
/// holds a [`LiveStream`] that leaves with it, when its client goes or its session ends.
#[derive(Debug, Clone, Default)]
pub struct LiveStreams(Arc<AtomicUsize>);

impl LiveStreams {
    pub fn count(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }

    fn open(&self) -> LiveStream {
        self.0.fetch_add(1, Ordering::Relaxed);
        LiveStream(self.0.clone())
    }
}

/// One open stream, counted while it lives.
struct LiveStream(Arc<AtomicUsize>);

impl Drop for LiveStream {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Who is listening: their scope (`None`: a platform user across enterprises, who sees every
/// run and no lead or message), and inside it which leads and messages.
struct Audience {
    caller: Caller,
    scope: Option<Scope>,
    /// The stores inside the scope, read when the stream opens and at each re-check.
    stores: HashSet<i64>,
    /// The session the stream was opened with, re-checked every [`SESSION_RECHECK`].
    token: String,
}

/// How often an open stream re-checks its session: a logout, a block or a change of the
/// user's roles or place ends it within this time (the client reconnects, and is refused or
/// gets its new scope), and a store closed since leaves its stores.
const SESSION_RECHECK: Duration = Duration::from_secs(3);

impl Audience {
    /// Whether the stream may go on: its session still signs the same user in, with the same
    /// access. The stores in scope are read again.
    async fn still_admitted(&mut self, state: &AppState) -> bool {
        match state.auth.recheck(&self.token).await {
            Ok(caller) if caller.has_same_access(&self.caller) => {}
            _ => return false,
        }
        if let Some(scope) = &self.scope {
            match state.tenancy.stores(scope).await {
                Ok(stores) => self.stores = stores.into_iter().map(|s| s.id).collect(),
                Err(error) => tracing::warn!(%error, "event stream could not re-read its stores"),
            }
        }
        true
    }

    /// A cheap first sieve: events of other enterprises are never looked at.
    fn sees(&self, event: &Event) -> bool {
        self.scope
            .is_none_or(|scope| event.enterprise_id == Some(scope.enterprise_id))
    }

    async fn view(&self, state: &AppState, event: &Event) -> engine::Result<Option<RealtimeEvent>> {
        let event_type = event.topic.clone();
        match event.topic.as_str() {
            Event::JOB => {
                let Some(run) = state
                    .jobs
                    .store()
                    .get(event.id)
                    .await?
                    .filter(|run| run.is_visible_to(self.scope.as_ref()))
                else {
                    return Ok(None);
                };
                Ok(Some(RealtimeEvent {
                    run: Some(run_view(state, &self.caller, run).await?),
                    ..RealtimeEvent::of_type("job.updated")
                }))
            }
            Event::MESSAGE_CREATED | Event::MESSAGE_STATUS => {
                let Some(scope) = &self.scope else {
                    return Ok(None);
                };
                let message = match event
                    .data
                    .clone()
                    .map(serde_json::from_value::<MessageRecord>)
                {
                    Some(Ok(message)) => message,
                    _ => match state.messages.get_in_scope(scope, event.id).await {
                        Ok(message) => message,
                        Err(_) => return Ok(None),
                    },
                };
                let visible = self.stores.contains(&message.store_id)
                    && Visibility::of(&self.caller).shows(&message);
                Ok(visible.then(|| RealtimeEvent {
                    event_type,
                    run: None,
                    message: Some(message.into()),
                    lead: None,
                    handoff: None,
                    repair_order: None,
                }))
            }
            Event::HANDOFF => {
                let Some(scope) = &self.scope else {
                    return Ok(None);
                };
                #[derive(serde::Deserialize)]
                struct Card {
                    title: String,
                    note: MessageRecord,
                }
                let Some(Ok(card)) = event.data.clone().map(serde_json::from_value::<Card>) else {
                    return Ok(None);
                };
                // Staff of the lead's store, who may see the note, get the card.
                let note = card.note;
                let visible = note.enterprise_id == scope.enterprise_id
                    && self.stores.contains(&note.store_id)
                    && Visibility::of(&self.caller).shows(&note);
                let Some(fsi_id) = note.fsi_id.filter(|_| visible) else {
                    return Ok(None);
                };
                Ok(Some(RealtimeEvent {
                    event_type: "HANDOFF".to_owned(),
                    run: None,
                    handoff: Some(HandoffView {
                        title: card.title,
                        fsi_id,
                        store_id: note.store_id,
                        reason: note.content.clone(),
                    }),
                    message: Some(note.into()),
                    lead: None,
                    repair_order: None,
                }))
            }
            Event::LEAD_COUNTS | Event::APPOINTMENT_BOOKED => {
                let event_type = if event.topic == Event::APPOINTMENT_BOOKED {
                    "APPOINTMENT_BOOKED".to_owned()
                } else {
                    event_type
                };
                if self.scope.is_none() {
                    return Ok(None);
                }
                let counts = match event.data.clone().map(serde_json::from_value::<LeadCounts>) {
                    Some(Ok(counts)) => Some(counts),
                    _ => state.messages.lead_counts(event.id).await?,
                };
                Ok(counts
                    .filter(|c| self.stores.contains(&c.store_id))
                    .map(|c| RealtimeEvent {
                        event_type,
                        run: None,
                        message: None,
                        handoff: None,
                        repair_order: None,
                        lead: Some(LeadCountsView {
                            id: c.id,
                            store_id: c.store_id,
                            service_type: c.service_type,
                            total_inbound_count: c.total_inbound_count,
                            total_unread_count: c.total_unread_count,
                            latest_message: c.latest_message,
                            last_message_received_date: c.last_message_received_at,
                            response_reqd: c.response_reqd,
                            response_insight: c.response_insight,
                            appointment_set: c.appointment_set,
                            appointment_id: c.appointment_id,
                            status: c.status,
                            outcome: c.outcome,
                        }),
                    }))
            }
            Event::REPAIR_ORDER_MOVED => {
                if self.scope.is_none() {
                    return Ok(None);
                }
                Ok(state
                    .lane
                    .card_unchecked(event.id)
                    .await?
                    .filter(|card| self.stores.contains(&card.store_id))
                    .map(|card| RealtimeEvent {
                        repair_order: Some(CardViews::for_caller(&self.caller).view(card)),
                        ..RealtimeEvent::of_type("repairOrder.moved")
                    }))
            }
            _ => Ok(None),
        }
    }
}

#[OpenApi(tag = "ApiTags::Events")]
impl EventApi {
    /// Server-sent events for the caller: `event: job` with `{"type": "job.updated", "run": …}`
    /// whenever a run they can see changes; `event: message` with `message.created` or
    /// `message.status` and the message; `event: lead` with `lead.counts` (or
    /// `APPOINTMENT_BOOKED` when the lead's appointment was booked) and the lead's counters,
    /// insight and appointment flag; `event: handoff` with `HANDOFF`, the card's title (GM
    /// HANDOFF, MD HANDOFF, Customer HANDOFF) and its note when the assistant hands a
    /// conversation to staff. Keep-alive comments every 15 s. A user whose real-time updates
    /// are off (`realTimeSync`, spec H-R15) gets 403: their screens refresh on their own; a
    /// stream open when the flag is switched off ends at its next session check.
    #[oai(path = "/api/events", method = "get")]
    async fn events(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<EventStream<BoxStream<'static, RealtimeEvent>>> {
        if !caller.real_time_sync {
            return Err(engine::Error::Forbidden(
                "Real-time updates are off for your account".to_owned(),
            )
            .into());
        }
        let scope = visible_scope(&caller, req)?;
        let stores = match &scope {
            Some(scope) => state
                .tenancy
                .stores(scope)
                .await?
                .into_iter()
                .map(|s| s.id)
                .collect(),
            None => HashSet::new(),
        };
        let audience = Audience {
            caller,
            scope,
            stores,
            token: req
                .header("Authorization")
                .map(|h| crate::auth::bearer_token(h).to_owned())
                .unwrap_or_default(),
        };
        let receiver = state.jobs.events().subscribe();
        let live = state.live_streams.open();
        let state = state.0.clone();
        let mut recheck = tokio::time::interval(SESSION_RECHECK);
        recheck.tick().await;
        let stream = futures_util::stream::unfold(
            (receiver, state, audience, recheck, live),
            |(mut receiver, state, mut audience, mut recheck, live)| async move {
                loop {
                    let received = tokio::select! {
                        received = receiver.recv() => received,
                        // The process is stopping: the client reconnects to another one.
                        () = state.draining.started() => return None,
                        _ = recheck.tick() => {
                            if !audience.still_admitted(&state).await {
                                return None;
                            }
                            continue;
                        }
                    };
                    let event = match received {
                        Ok(event) => event,
                        // A slow reader skips to the newest events; screens refetch anyway.
                        Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return None,
                    };
                    if !audience.sees(&event) {
                        continue;
                    }
                    match audience.view(&state, &event).await {
                        Ok(Some(view)) => {
                            return Some((view, (receiver, state, audience, recheck, live)));
                        }
                        Ok(None) => continue,
                        Err(error) => {
                            tracing::warn!(%error, topic = %event.topic, "event stream could not load a record");
                            continue;
                        }
                    }
                }
            },
        );
        Ok(EventStream::new(stream.boxed())
            .keep_alive(Duration::from_secs(15))
            .to_event(|view| {
                let name = view.name();
                let data = view
                    .to_json()
                    .map(|json| json.to_string())
                    .unwrap_or_default();
                poem::web::sse::Event::message(data).event_type(name)
            }))
    }
}
