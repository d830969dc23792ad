//! Health for people and for orchestrators: `GET /api/health` (what is up, always 200),
//! `GET /api/health/live` (the process answers: restart it if not) and `GET /api/health/ready`
//! (send it traffic: 503 while its database or queue is unreachable, or while it stops).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::ApiTags;
use crate::state::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum HealthStatus {
    /// Every component answers.
    Ok,
    /// The database or the queue does not answer.
    Degraded,
    /// The process is stopping (SIGTERM): it finishes what it has and takes nothing new.
    Draining,
}

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
    pub status: HealthStatus,
    pub version: String,
    pub database: ComponentHealth,
    pub queue: ComponentHealth,
    /// Realtime streams (`/api/events`) this process holds open: one per signed-in tab that
    /// is shown; it drops when a client goes.
    pub live_streams: u64,
}

#[derive(Debug, Object)]
pub struct Liveness {
    pub status: HealthStatus,
}

#[derive(ApiResponse)]
pub enum Readiness {
    /// Ready for traffic.
    #[oai(status = 200)]
    Ready(Json<Health>),
    /// Not ready: a component is unreachable or the process is stopping; `status` says which.
    #[oai(status = 503)]
    NotReady(Json<Health>),
}

impl Health {
    async fn read(state: &AppState) -> Self {
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
        let status = if state.draining.is_draining() {
            HealthStatus::Draining
        } else if database == "ok" && queue == "ok" {
            HealthStatus::Ok
        } else {
            HealthStatus::Degraded
        };
        Health {
            status,
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
        }
    }
}

pub struct HealthApi;

#[OpenApi(tag = "ApiTags::Health")]
impl HealthApi {
    /// Service health; public, for people and the start-up scripts. Always 200: `status` says.
    #[oai(path = "/api/health", method = "get")]
    async fn health(&self, state: Data<&AppState>) -> Json<Health> {
        Json(Health::read(&state).await)
    }

    /// Liveness: the process answers HTTP. It touches neither the database nor the queue, so
    /// an outage of theirs never gets healthy processes restarted.
    #[oai(path = "/api/health/live", method = "get")]
    async fn live(&self, state: Data<&AppState>) -> Json<Liveness> {
        Json(Liveness {
            status: if state.draining.is_draining() {
                HealthStatus::Draining
            } else {
                HealthStatus::Ok
            },
        })
    }

    /// Readiness: 200 when the process should get traffic, 503 while its database or queue is
    /// unreachable or once it is stopping.
    #[oai(path = "/api/health/ready", method = "get")]
    async fn ready(&self, state: Data<&AppState>) -> Readiness {
        let health = Health::read(&state).await;
        match health.status {
            HealthStatus::Ok => Readiness::Ready(Json(health)),
            HealthStatus::Degraded | HealthStatus::Draining => Readiness::NotReady(Json(health)),
        }
    }
}
