//! How a store texts: its SMS gateway (Twilio-compatible or the simulator), its allowed hours
//! for automated texts and its HELP answer. Admins only.

use chrono::Utc;
use engine::auth::Caller;
use engine::domain::Role;
use engine::messaging::gateway::GatewayConfig;
use engine::messaging::quiet_hours::AllowedHours;
use engine::store::settings::StoreSettings;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;

const ADMINS: &[Role] = &[
    Role::SuperAdmin,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
    Role::SuperDataAdmin,
];

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct GatewayView {
    /// twilio or simulator.
    pub provider: String,
    pub account_sid: Option<String>,
    pub api_base_url: Option<String>,
    /// Never returned; says whether one is set.
    pub has_auth_token: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SetGateway {
    pub enterprise_id: i64,
    /// The store it is for; the whole enterprise when absent.
    pub store_id: Option<i64>,
    /// twilio or simulator.
    pub provider: String,
    pub account_sid: Option<String>,
    pub auth_token: Option<String>,
    /// A Twilio-compatible API's address; Twilio's own when absent.
    pub api_base_url: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StoreMessagingView {
    pub store_id: i64,
    /// Automated texts go out from (HH:MM, recipient's zone).
    pub quiet_hours_start: String,
    /// … until (HH:MM).
    pub quiet_hours_end: String,
    pub help_text: Option<String>,
    pub phone_number: Option<String>,
    pub time_zone: String,
}

impl From<StoreSettings> for StoreMessagingView {
    fn from(s: StoreSettings) -> Self {
        Self {
            store_id: s.store_id,
            quiet_hours_start: s.quiet_hours_start,
            quiet_hours_end: s.quiet_hours_end,
            help_text: s.help_text,
            phone_number: s.store_phone,
            time_zone: s.office_time_zone,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UpdateStoreMessaging {
    pub quiet_hours_start: String,
    pub quiet_hours_end: String,
    pub help_text: Option<String>,
}

pub struct MessagingSettingsApi;

fn require_admin(caller: &Caller) -> ApiResult<()> {
    Ok(caller.require_any(ADMINS)?)
}

#[OpenApi(tag = "ApiTags::Messaging")]
impl MessagingSettingsApi {
    /// The gateway a store texts through (its own, its enterprise's, or the simulator).
    #[oai(path = "/api/messaging/gateway", method = "get")]
    async fn gateway(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
    ) -> ApiResult<Json<GatewayView>> {
        require_admin(&caller)?;
        let scope = request_scope(&caller, req)?;
        store_in_scope(&state, &scope, store_id.0).await?;
        let config = state.messaging.gateway_config(store_id.0).await?;
        Ok(Json(GatewayView {
            has_auth_token: !config.auth_token.is_empty(),
            provider: config.provider,
            account_sid: config.account_sid,
            api_base_url: config.api_base_url,
        }))
    }

    /// Sets the gateway of a store or of a whole enterprise.
    #[oai(path = "/api/messaging/gateway", method = "put")]
    async fn set_gateway(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<SetGateway>,
    ) -> ApiResult<Json<GatewayView>> {
        require_admin(&caller)?;
        let body = body.0;
        let scope = caller.scope(Some(body.enterprise_id))?;
        if let Some(store_id) = body.store_id {
            store_in_scope(&state, &scope, store_id).await?;
        }
        let config = match body.provider.as_str() {
            GatewayConfig::TWILIO => {
                let account_sid = body
                    .account_sid
                    .filter(|s| s.starts_with("AC") && s.len() >= 10)
                    .ok_or_else(|| {
                        engine::Error::invalid("accountSid must be a Twilio account SID (AC…)")
                    })?;
                let auth_token = body
                    .auth_token
                    .filter(|t| t.len() >= 8)
                    .ok_or_else(|| engine::Error::invalid("authToken is required for Twilio"))?;
                if let Some(url) = &body.api_base_url
                    && !(url.starts_with("https://") || url.starts_with("http://"))
                {
                    return Err(
                        engine::Error::invalid("apiBaseUrl must be an http(s) address").into(),
                    );
                }
                GatewayConfig {
                    provider: GatewayConfig::TWILIO.to_owned(),
                    account_sid: Some(account_sid),
                    auth_token,
                    api_base_url: body.api_base_url,
                }
            }
            GatewayConfig::SIMULATOR => {
                let default = state.messaging.simulator_config().await?;
                GatewayConfig {
                    provider: GatewayConfig::SIMULATOR.to_owned(),
                    account_sid: default.account_sid,
                    auth_token: default.auth_token,
                    api_base_url: None,
                }
            }
            other => {
                return Err(engine::Error::invalid(format!(
                    "provider must be twilio or simulator, got {other:?}"
                ))
                .into());
            }
        };
        state
            .store_config
            .set_gateway(scope.enterprise_id, body.store_id, &config, Utc::now())
            .await?;
        Ok(Json(GatewayView {
            has_auth_token: true,
            provider: config.provider,
            account_sid: config.account_sid,
            api_base_url: config.api_base_url,
        }))
    }

    /// A store's allowed hours and HELP answer.
    #[oai(path = "/api/messaging/store-settings/:storeId", method = "get")]
    async fn store_settings(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Path<i64>,
    ) -> ApiResult<Json<StoreMessagingView>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            store_in_scope(&state, &scope, store_id.0).await?.into(),
        ))
    }

    /// Changes a store's allowed hours (HH:MM, a start after the end spans midnight) and HELP
    /// answer.
    #[oai(path = "/api/messaging/store-settings/:storeId", method = "put")]
    async fn update_store_settings(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Path<i64>,
        body: Json<UpdateStoreMessaging>,
    ) -> ApiResult<Json<StoreMessagingView>> {
        require_admin(&caller)?;
        let scope = request_scope(&caller, req)?;
        store_in_scope(&state, &scope, store_id.0).await?;
        AllowedHours::parse(&body.quiet_hours_start, &body.quiet_hours_end)?;
        let help = body
            .help_text
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty());
        if help.is_some_and(|t| t.chars().count() > 320) {
            return Err(
                engine::Error::invalid("The help text can be at most 320 characters").into(),
            );
        }
        state
            .store_config
            .update_store_settings(
                store_id.0,
                body.quiet_hours_start.trim(),
                body.quiet_hours_end.trim(),
                help,
            )
            .await?;
        Ok(Json(
            store_in_scope(&state, &scope, store_id.0).await?.into(),
        ))
    }
}
