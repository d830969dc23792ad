//! How a store texts: its SMS gateway (Twilio, Bandwidth or the simulator), its allowed hours
//! for automated texts and its HELP answer. Admins only.

use chrono::Utc;
use engine::admin::TELEPHONY_ADMINS;
use engine::admin::telephony::{GatewayInput, GatewaySummary};
use engine::auth::Caller;
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

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct GatewayView {
    /// twilio, bandwidth or simulator.
    pub provider: String,
    /// Twilio's account SID, or Bandwidth's account id.
    pub account_sid: Option<String>,
    pub api_base_url: Option<String>,
    /// Bandwidth's API user name.
    pub api_username: Option<String>,
    /// Bandwidth's messaging application id.
    pub application_id: Option<String>,
    /// Bandwidth's sub-account (site) id, where bought numbers go.
    pub site_id: Option<String>,
    /// Bandwidth's location (peer) id, whose messaging application brings a bought number's
    /// texts here.
    pub location_id: Option<String>,
    /// Never returned; says whether one is set.
    pub has_auth_token: bool,
}

impl From<GatewaySummary> for GatewayView {
    fn from(g: GatewaySummary) -> Self {
        Self {
            provider: g.provider,
            account_sid: g.account_sid,
            api_base_url: g.api_base_url,
            api_username: g.api_username,
            application_id: g.application_id,
            site_id: g.site_id,
            location_id: g.location_id,
            has_auth_token: g.has_auth_token,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SetGateway {
    pub enterprise_id: i64,
    /// The store it is for; the whole enterprise when absent.
    pub store_id: Option<i64>,
    /// twilio, bandwidth or simulator.
    #[oai(validator(max_length = 20))]
    pub provider: String,
    /// Twilio's account SID, or Bandwidth's account id.
    #[oai(validator(max_length = 100))]
    pub account_sid: Option<String>,
    /// Twilio's auth token, or Bandwidth's API password. Sealed at rest, never returned.
    #[oai(validator(max_length = 300))]
    pub auth_token: Option<String>,
    /// A Twilio- or Bandwidth-compatible API's address; the provider's own when absent.
    #[oai(validator(max_length = 300))]
    pub api_base_url: Option<String>,
    #[oai(validator(max_length = 300))]
    pub api_username: Option<String>,
    #[oai(validator(max_length = 100))]
    pub application_id: Option<String>,
    /// Bandwidth's sub-account (site) id: needed to buy numbers through Bandwidth.
    #[oai(validator(max_length = 20))]
    pub site_id: Option<String>,
    /// Bandwidth's location (peer) id for bought numbers; the sub-account's default when absent.
    #[oai(validator(max_length = 20))]
    pub location_id: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
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
    Ok(caller.require_any(TELEPHONY_ADMINS)?)
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
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, store_id.0).await?;
        Ok(Json(state.telephony.gateway(&caller, &store).await?.into()))
    }

    /// Sets the gateway of a store or of a whole enterprise: Twilio (`accountSid`,
    /// `authToken`), Bandwidth (`accountSid` as the account id, `apiUsername`, `authToken` as
    /// the API password, `applicationId`) or the simulator. The secret is sealed at rest.
    #[oai(path = "/api/messaging/gateway", method = "put")]
    async fn set_gateway(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<SetGateway>,
    ) -> ApiResult<Json<GatewayView>> {
        let body = body.0;
        let scope = caller.scope(Some(body.enterprise_id))?;
        if let Some(store_id) = body.store_id {
            store_in_scope(&state, &scope, store_id).await?;
        }
        let input = GatewayInput {
            provider: body.provider,
            account_sid: body.account_sid,
            auth_token: body.auth_token,
            api_base_url: body.api_base_url,
            api_username: body.api_username,
            application_id: body.application_id,
            site_id: body.site_id,
            location_id: body.location_id,
        };
        Ok(Json(
            state
                .telephony
                .set_gateway(
                    &caller,
                    scope.enterprise_id,
                    body.store_id,
                    &input,
                    Utc::now(),
                )
                .await?
                .into(),
        ))
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
