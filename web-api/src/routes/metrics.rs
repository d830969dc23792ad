//! `GET /metrics` (issue 39): what operators scrape. Only operators read it: a SUPER_ADMIN's
//! session, or the scrape token an installation sets (`BAYLINE_METRICS_TOKEN`) for Prometheus.

use chrono::Utc;
use engine::admin::PLATFORM_ADMINS;
use engine::messaging::signature::same_secret;
use engine::store::operations::OperationsStore;
use poem::Request;
use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::payload::PlainText;

use super::ApiTags;
use crate::auth::bearer_token;
use crate::error::ApiResult;
use crate::state::AppState;

pub struct MetricsApi;

#[OpenApi(tag = "ApiTags::Health")]
impl MetricsApi {
    /// The Prometheus text format: HTTP latency by route (this process), its database pool,
    /// and the installation's job runs (by kind and status, the oldest queued run's wait, the
    /// last hour's durations) and messages by delivery status. `Authorization: Bearer` the
    /// scrape token, or a SUPER_ADMIN session (401 without either, 403 for other users).
    #[oai(path = "/metrics", method = "get")]
    async fn metrics(&self, state: Data<&AppState>, req: &Request) -> ApiResult<PlainText<String>> {
        let presented = req
            .header("authorization")
            .map(bearer_token)
            .unwrap_or_default();
        let scraper = !presented.is_empty()
            && state
                .metrics_token
                .as_deref()
                .is_some_and(|token| same_secret(presented, token));
        if !scraper {
            let caller = state.auth.authenticate(presented).await?;
            caller.require_any(PLATFORM_ADMINS)?;
        }
        let now = Utc::now();
        let snapshot = OperationsStore::new(state.db.clone()).snapshot(now).await?;
        Ok(PlainText(crate::metrics::render(
            &snapshot,
            state.db.pool_use(),
            now,
        )))
    }
}
