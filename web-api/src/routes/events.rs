//! `GET /api/events`: the signed-in user's realtime stream (server-sent events).

use std::time::Duration;

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
use super::jobs::{JobRunView, visible_enterprise};
use crate::auth::Session;
use crate::error::ApiResult;
use crate::state::AppState;

/// A job run changed: its new state.
#[derive(Debug, Object)]
pub struct JobEventView {
    /// Always `job.updated`.
    #[oai(rename = "type")]
    pub event_type: String,
    pub run: JobRunView,
}

pub struct EventApi;

/// Which events a subscriber may see: `None` all (platform users), else one enterprise's.
struct Audience(Option<i64>);

impl Audience {
    fn sees(&self, event: &Event) -> bool {
        self.0
            .is_none_or(|enterprise| event.enterprise_id == Some(enterprise))
    }
}

#[OpenApi(tag = "ApiTags::Events")]
impl EventApi {
    /// Server-sent events for the caller: `event: job` with `{"type": "job.updated", "run": …}`
    /// whenever a run they can see changes (queued, started, progress, finished). Keep-alive
    /// comments every 15 s.
    #[oai(path = "/api/events", method = "get")]
    async fn events(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<EventStream<BoxStream<'static, JobEventView>>> {
        let audience = Audience(visible_enterprise(&caller, req)?);
        let receiver = state.jobs.events().subscribe();
        let store = state.jobs.store().clone();
        let stream = futures_util::stream::unfold(
            (receiver, store, audience),
            |(mut receiver, store, audience)| async move {
                loop {
                    let event = match receiver.recv().await {
                        Ok(event) => event,
                        // A slow reader skips to the newest events; screens refetch anyway.
                        Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return None,
                    };
                    if event.topic != "job" || !audience.sees(&event) {
                        continue;
                    }
                    match store.get(event.id).await {
                        Ok(Some(run)) => {
                            let view = JobEventView {
                                event_type: "job.updated".to_owned(),
                                run: run.into(),
                            };
                            return Some((view, (receiver, store, audience)));
                        }
                        Ok(None) => continue,
                        Err(error) => {
                            tracing::warn!(%error, "event stream could not load a run");
                            continue;
                        }
                    }
                }
            },
        );
        Ok(EventStream::new(stream.boxed())
            .keep_alive(Duration::from_secs(15))
            .to_event(|view| {
                let data = view
                    .to_json()
                    .map(|json| json.to_string())
                    .unwrap_or_default();
                poem::web::sse::Event::message(data).event_type("job")
            }))
    }
}
