//! Request authentication: the session token header, and the caller's enterprise context.

use engine::auth::{Caller, Scope};
use poem::Request;
use std::net::IpAddr;

use poem_openapi::SecurityScheme;
use poem_openapi::auth::ApiKey;

use crate::config::TrustedProxies;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The session token from `POST /user/v2/login`, sent as `Authorization: <token>` (a `Bearer `
/// prefix is accepted too).
#[derive(SecurityScheme)]
#[oai(
    ty = "api_key",
    key_name = "Authorization",
    key_in = "header",
    checker = "check_token"
)]
pub struct Session(pub Caller);

async fn check_token(req: &Request, key: ApiKey) -> poem::Result<Caller> {
    let state = req.data::<AppState>().ok_or_else(|| {
        poem::Error::from_string(
            "state missing",
            poem::http::StatusCode::INTERNAL_SERVER_ERROR,
        )
    })?;
    let token = bearer_token(&key.key);
    state
        .auth
        .authenticate(token)
        .await
        .map_err(|e| ApiError::from(e).into())
}

/// The raw token of an `Authorization` header value.
pub fn bearer_token(header: &str) -> &str {
    let header = header.trim();
    header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))
        .unwrap_or(header)
        .trim()
}

/// The enterprise a request names in its `enterpriseId` header, if it is a number.
pub fn enterprise_header(req: &Request) -> Result<Option<i64>, ApiError> {
    match req.header("enterpriseId") {
        None => Ok(None),
        Some(v) if v.trim().is_empty() || v.trim() == "null" => Ok(None),
        Some(v) => v.trim().parse::<i64>().map(Some).map_err(|_| {
            engine::Error::invalid(format!("enterpriseId header must be a number, got {v:?}"))
                .into()
        }),
    }
}

/// The caller's scope for a request, from the `enterpriseId` header or their own enterprise.
pub fn request_scope(caller: &Caller, req: &Request) -> Result<Scope, ApiError> {
    scope_naming(caller, req, None)
}

/// The scope of a request that may name its enterprise in a parameter or body field
/// (`companyId`, a path's `enterpriseId`), else in the header: another enterprise is not found.
pub fn scope_naming(
    caller: &Caller,
    req: &Request,
    enterprise: Option<i64>,
) -> Result<Scope, ApiError> {
    Ok(caller.scope(enterprise.or(enterprise_header(req)?))?)
}

/// Checks that every store a job's input names (its admission's `store_ids`) is inside the
/// scope; answers their enterprise, if the input names any.
pub async fn job_stores_in_scope(
    state: &crate::state::AppState,
    scope: impl FnOnce() -> Result<Scope, ApiError>,
    store_ids: &[i64],
) -> Result<Option<i64>, ApiError> {
    if store_ids.is_empty() {
        // Kinds that name no store need no scope (platform jobs have none).
        return Ok(None);
    }
    let scope = scope()?;
    let mut enterprise = None;
    for &store_id in store_ids {
        enterprise = Some(store_in_scope(state, &scope, store_id).await?.enterprise_id);
    }
    Ok(enterprise)
}

/// A store inside the scope (the engine's one rule: `SettingsStore::store_in_scope`).
pub async fn store_in_scope(
    state: &crate::state::AppState,
    scope: &Scope,
    store_id: i64,
) -> Result<engine::store::settings::StoreSettings, ApiError> {
    Ok(state.store_config.store_in_scope(scope, store_id).await?)
}

/// A store inside the scope and under the dealer a path or body also names (another dealer's
/// store: not found, as a missing one).
pub async fn store_under_dealer(
    state: &crate::state::AppState,
    scope: &Scope,
    boc_id: Option<i64>,
    store_id: i64,
) -> Result<engine::store::settings::StoreSettings, ApiError> {
    let store = store_in_scope(state, scope, store_id).await?;
    if boc_id.is_some_and(|boc| boc != store.boc_id) {
        return Err(engine::Error::not_found("Store not found").into());
    }
    Ok(store)
}

/// The stores a request names, inside the caller's scope: one store, a dealer's stores, or
/// (neither given) every store the caller sees. A store or dealer outside the scope is 404.
pub async fn stores_of(
    state: &AppState,
    scope: &Scope,
    boc_id: Option<i64>,
    store_id: Option<i64>,
) -> ApiResult<Vec<i64>> {
    let stores: Vec<_> = state
        .tenancy
        .stores(scope)
        .await?
        .into_iter()
        .filter(|s| boc_id.is_none_or(|b| s.boc_id == b))
        .filter(|s| store_id.is_none_or(|id| s.id == id))
        .map(|s| s.id)
        .collect();
    if stores.is_empty() {
        let what = if store_id.is_some() {
            "Store"
        } else {
            "Dealer"
        };
        return Err(engine::Error::not_found(format!("{what} not found")).into());
    }
    Ok(stores)
}

/// The client's address: the peer's, unless the peer is a trusted proxy
/// (`BAYLINE_TRUSTED_PROXIES`); then the nearest address in `X-Forwarded-For` that is not one of
/// the proxies, else `X-Real-IP`.
pub fn client_ip(req: &Request, trusted: &TrustedProxies) -> Option<IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip())?;
    if !trusted.contains(peer) {
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|hop| hop.trim().parse().ok())
        .collect();
    forwarded
        .into_iter()
        .rev()
        .find(|hop| !trusted.contains(*hop))
        .or_else(|| req.header("x-real-ip").and_then(|v| v.trim().parse().ok()))
        .or(Some(peer))
}
