//! `GET /api/health`: is the database reachable, which queue is in use.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ComponentHealth {
    pub backend: String,
    /// `ok`, or what is wrong.
    pub status: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct Health {
    /// `ok` when every component is, else `degraded`.
    pub status: String,
    pub version: String,
    pub database: ComponentHealth,
    pub queue: ComponentHealth,
    /// Realtime streams (`/api/events`) this process holds open: one per signed-in tab that
    /// is shown; it drops when a client goes.
    pub live_streams: u64,
}

pub struct HealthApi;

#[OpenApi(tag = "ApiTags::Health")]
impl HealthApi {
    /// Service health; public, for load balancers and the start-up scripts.
    #[oai(path = "/api/health", method = "get")]
    async fn health(&self, state: Data<&AppState>) -> Json<Health> {
        let database = match state.db.ping().await {
            Ok(()) => "ok".to_owned(),
            Err(error) => {
                tracing::warn!(%error, "health: database unreachable");
                "unreachable".to_owned()
            }
        };
        let queue = match state.queue.probe().await {
            Ok(()) => "ok".to_owned(),
            Err(problem) => {
                tracing::warn!(%problem, "health: queue unreachable");
                "unreachable".to_owned()
            }
        };
        let status = if database == "ok" && queue == "ok" {
            "ok"
        } else {
            "degraded"
        };
        Json(Health {
            status: status.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            database: ComponentHealth {
                backend: state.db.kind().as_str().to_owned(),
                status: database,
            },
            queue: ComponentHealth {
                backend: state.queue.name().to_owned(),
                status: queue,
            },
            live_streams: state.live_streams.count() as u64,
        })
    }
}
