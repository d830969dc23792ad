//! Telephony at the spec's paths: the validate calls that send a real test SMS (H-C10…H-C12,
//! 'SMS Sent Successfully.' or the provider's error), the list of numbers (H-C9), and number
//! search (10 proposals, H-R3) and purchase (H-C13). Rules live in `engine::admin::telephony`.

use chrono::{DateTime, Utc};
use engine::admin::telephony::{GatewayInput, OwnedNumber, SMS_SENT};
use engine::messaging::INBOUND_PATH;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::webhooks::public_base;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;

/// A test text through Twilio: the given credentials, else the store's saved Twilio gateway.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TwilioValidateBody {
    pub store_id: i64,
    /// The number to text the test message to.
    #[oai(validator(max_length = 40))]
    pub to_number: String,
    /// The number to text from; the store's number when absent.
    #[oai(validator(max_length = 40))]
    pub from_number: Option<String>,
    #[oai(validator(max_length = 100))]
    pub account_sid: Option<String>,
    #[oai(validator(max_length = 300))]
    pub auth_token: Option<String>,
    #[oai(validator(max_length = 300))]
    pub api_base_url: Option<String>,
}

/// A test text through Bandwidth: the given credentials, else the store's saved gateway.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BandwidthValidateBody {
    pub store_id: i64,
    #[oai(validator(max_length = 40))]
    pub to_number: String,
    #[oai(validator(max_length = 40))]
    pub from_number: Option<String>,
    #[oai(validator(max_length = 100))]
    pub account_id: Option<String>,
    #[oai(validator(max_length = 300))]
    pub api_username: Option<String>,
    #[oai(validator(max_length = 300))]
    pub api_password: Option<String>,
    #[oai(validator(max_length = 100))]
    pub application_id: Option<String>,
    #[oai(validator(max_length = 300))]
    pub api_base_url: Option<String>,
}

/// A test text through whatever gateway the store has.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StoreValidateBody {
    pub store_id: i64,
    #[oai(validator(max_length = 40))]
    pub to_number: String,
    #[oai(validator(max_length = 40))]
    pub from_number: Option<String>,
}

/// The confirmation of a test text (kept by the UI as the confirmation object).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SmsSentView {
    /// 'SMS Sent Successfully.'
    pub message: String,
    /// The provider's id of the test message.
    pub sid: String,
    pub status: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ListNumbersBody {
    /// Only this store's numbers; every number of the enterprise when absent.
    pub store_id: Option<i64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PhoneNumberView {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    /// E.164.
    pub phone_number: String,
    /// The spec's display form, (555)-201-3344.
    pub display: String,
    pub provider: String,
    pub capabilities: String,
    pub provider_sid: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<OwnedNumber> for PhoneNumberView {
    fn from(n: OwnedNumber) -> Self {
        let display = engine::domain::phone::PhoneNumber::parse(&n.number)
            .map(|p| p.display())
            .unwrap_or_else(|_| n.number.clone());
        Self {
            id: n.id,
            enterprise_id: n.enterprise_id,
            store_id: n.store_id,
            phone_number: n.number,
            display,
            provider: n.provider,
            capabilities: n.capabilities,
            provider_sid: n.provider_sid,
            created_at: n.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AvailableNumberView {
    pub phone_number: String,
    pub display: String,
    pub locality: Option<String>,
    pub region: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BuyNumberBody {
    pub store_id: i64,
    /// One of the proposals of `/api/messaging/numbers/available`.
    #[oai(validator(max_length = 40))]
    pub phone_number: String,
}

fn sent(accepted: engine::messaging::gateway::Accepted) -> Json<SmsSentView> {
    Json(SmsSentView {
        message: SMS_SENT.to_owned(),
        sid: accepted.sid,
        status: accepted.status.as_str().to_owned(),
    })
}

pub struct TelephonyApi;

#[OpenApi(tag = "ApiTags::Messaging")]
impl TelephonyApi {
    /// Sends a test SMS through Twilio (the credentials given, else the store's Twilio
    /// gateway): 'SMS Sent Successfully.', or 400 with Twilio's own error.
    #[oai(path = "/twilio/validate-sms-configuration", method = "post")]
    async fn validate_twilio(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<TwilioValidateBody>,
    ) -> ApiResult<Json<SmsSentView>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, body.store_id).await?;
        let input =
            (body.account_sid.is_some() || body.auth_token.is_some()).then(|| GatewayInput {
                provider: "twilio".to_owned(),
                account_sid: body.account_sid.clone(),
                auth_token: body.auth_token.clone(),
                api_base_url: body.api_base_url.clone(),
                ..GatewayInput::default()
            });
        let accepted = state
            .telephony
            .validate(
                &caller,
                &store,
                Some("twilio"),
                input.as_ref(),
                body.from_number.as_deref(),
                &body.to_number,
            )
            .await?;
        Ok(sent(accepted))
    }

    /// Sends a test SMS through Bandwidth (the credentials given, else the store's Bandwidth
    /// gateway): 'SMS Sent Successfully.', or 400 with Bandwidth's own error.
    #[oai(path = "/bandwidth/validate-sms-configuration", method = "post")]
    async fn validate_bandwidth(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<BandwidthValidateBody>,
    ) -> ApiResult<Json<SmsSentView>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, body.store_id).await?;
        let given = body.account_id.is_some()
            || body.api_username.is_some()
            || body.api_password.is_some()
            || body.application_id.is_some();
        let input = given.then(|| GatewayInput {
            provider: "bandwidth".to_owned(),
            account_sid: body.account_id.clone(),
            auth_token: body.api_password.clone(),
            api_username: body.api_username.clone(),
            application_id: body.application_id.clone(),
            api_base_url: body.api_base_url.clone(),
            ..GatewayInput::default()
        });
        let accepted = state
            .telephony
            .validate(
                &caller,
                &store,
                Some("bandwidth"),
                input.as_ref(),
                body.from_number.as_deref(),
                &body.to_number,
            )
            .await?;
        Ok(sent(accepted))
    }

    /// Sends a test SMS through the store's own gateway, whichever it is.
    #[oai(
        path = "/api/lisa/message-config/validate-sms-configuration",
        method = "post"
    )]
    async fn validate_store(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<StoreValidateBody>,
    ) -> ApiResult<Json<SmsSentView>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, body.store_id).await?;
        let accepted = state
            .telephony
            .validate(
                &caller,
                &store,
                None,
                None,
                body.from_number.as_deref(),
                &body.to_number,
            )
            .await?;
        Ok(sent(accepted))
    }

    /// The enterprise's numbers (one store's, if named), newest first.
    #[oai(path = "/twilio/list-all-phone-numbers", method = "post")]
    async fn list_numbers(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ListNumbersBody>,
    ) -> ApiResult<Json<Vec<PhoneNumberView>>> {
        let scope = request_scope(&caller, req)?;
        if let Some(store_id) = body.store_id {
            store_in_scope(&state, &scope, store_id).await?;
        }
        let numbers = state
            .telephony
            .numbers(&caller, &scope, body.store_id)
            .await?;
        Ok(Json(numbers.into_iter().map(Into::into).collect()))
    }

    /// Ten numbers the store's provider offers (the simulator too), in an area code if given.
    #[oai(path = "/api/messaging/numbers/available", method = "get")]
    async fn available_numbers(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
        #[oai(name = "areaCode", validator(max_length = 10))] area_code: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<AvailableNumberView>>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, store_id.0).await?;
        let numbers = state
            .telephony
            .available_numbers(&caller, &store, area_code.0.as_deref())
            .await?;
        Ok(Json(
            numbers
                .into_iter()
                .map(|n| AvailableNumberView {
                    display: engine::domain::phone::PhoneNumber::parse(&n.phone_number)
                        .map(|p| p.display())
                        .unwrap_or_else(|_| n.phone_number.clone()),
                    phone_number: n.phone_number,
                    locality: n.locality,
                    region: n.region,
                })
                .collect(),
        ))
    }

    /// Buys a number for a store through its provider; its texts come here, and it becomes the
    /// store's number when the store has none.
    #[oai(path = "/api/messaging/numbers", method = "post")]
    async fn buy_number(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<BuyNumberBody>,
    ) -> ApiResult<Json<PhoneNumberView>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, body.store_id).await?;
        let inbound = format!("{}{INBOUND_PATH}", public_base(&state, req));
        let bought = state
            .telephony
            .buy_number(&caller, &store, &body.phone_number, &inbound, Utc::now())
            .await?;
        Ok(Json(bought.into()))
    }
}
