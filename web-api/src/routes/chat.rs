//! Chat (H-C14, H-R5, H-R6, H-E6; docs/decisions/0023-chat.md): the enterprise's Twilio
//! Conversations credentials, their test with the specification's words, and a user's access
//! token with their notification conversation. Rules in `engine::admin::chat`.

use chrono::{DateTime, Utc};
use engine::admin::chat::{ChatInput, ChatSummary};
use engine::messaging::twilio_chat::CHAT_TESTED;
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

/// An enterprise's chat configuration: never its secret.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ChatConfigurationView {
    pub enterprise_id: i64,
    pub account_sid: String,
    pub api_key_sid: String,
    pub service_sid: String,
    pub api_base_url: Option<String>,
    /// The credentials last tested good (the spec's "marked authenticated").
    pub authenticated: bool,
    pub authenticated_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

impl From<ChatSummary> for ChatConfigurationView {
    fn from(c: ChatSummary) -> Self {
        Self {
            enterprise_id: c.enterprise_id,
            account_sid: c.account_sid,
            api_key_sid: c.api_key_sid,
            service_sid: c.service_sid,
            api_base_url: c.api_base_url,
            authenticated: c.authenticated_at.is_some(),
            authenticated_at: c.authenticated_at,
            updated_at: c.updated_at,
        }
    }
}

/// The enterprise's chat configuration, absent until one is saved.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ChatConfigurationAnswer {
    pub configuration: Option<ChatConfigurationView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChatConfigurationBody {
    /// The Twilio account (AC…).
    #[oai(validator(max_length = 64))]
    pub account_sid: String,
    /// An API key of the account (SK…).
    #[oai(validator(max_length = 64))]
    pub api_key_sid: String,
    /// The API key's secret; leave out to keep the stored one.
    #[oai(validator(max_length = 200))]
    pub api_key_secret: Option<String>,
    /// The Conversations service (IS…).
    #[oai(validator(max_length = 64))]
    pub service_sid: String,
    /// Twilio's API unless the operator allows another (BAYLINE_GATEWAY_HOSTS_ALLOWED).
    #[oai(validator(max_length = 300))]
    pub api_base_url: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChatTestedView {
    /// 'Successfully Tested'.
    pub message: String,
    pub configuration: ChatConfigurationView,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChatTokenView {
    /// Twilio's access token (a JWT) for the chat client.
    pub token: String,
    pub identity: String,
    pub expires_at: DateTime<Utc>,
    pub service_sid: String,
    /// The user's own notification conversation.
    pub twilio_user_notification_channel_sid: String,
}

pub struct ChatApi;

#[OpenApi(tag = "ApiTags::Administration")]
impl ChatApi {
    /// The enterprise's chat configuration (telephony admins), without its secret.
    #[oai(path = "/api/chat/configuration", method = "get")]
    async fn configuration(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<ChatConfigurationAnswer>> {
        let scope = request_scope(&caller, req)?;
        let found = state
            .chat
            .configuration(&caller, scope.enterprise_id)
            .await?;
        Ok(Json(ChatConfigurationAnswer {
            configuration: found.map(Into::into),
        }))
    }

    /// Saves the enterprise's chat credentials (telephony admins); every problem is listed
    /// (400). Saved credentials are untested until tested.
    #[oai(path = "/api/chat/configuration", method = "put")]
    async fn save(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ChatConfigurationBody>,
    ) -> ApiResult<Json<ChatConfigurationView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let input = ChatInput {
            account_sid: body.account_sid,
            api_key_sid: body.api_key_sid,
            api_key_secret: body.api_key_secret,
            service_sid: body.service_sid,
            api_base_url: body.api_base_url,
        };
        let saved = state
            .chat
            .save(&caller, scope.enterprise_id, &input, Utc::now())
            .await?;
        Ok(Json(saved.into()))
    }

    /// Tests the stored credentials against Twilio: 'Successfully Tested' and marked
    /// authenticated; 400 'Invalid Credentials.'; 502 'Connection to twilio chat failed. Please
    /// check twilio credentials.' when Twilio cannot be reached.
    #[oai(path = "/api/chat/validate-configuration", method = "post")]
    async fn test(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<ChatTestedView>> {
        let scope = request_scope(&caller, req)?;
        let tested = state
            .chat
            .test(&caller, scope.enterprise_id, Utc::now())
            .await?;
        Ok(Json(ChatTestedView {
            message: CHAT_TESTED.to_owned(),
            configuration: tested.into(),
        }))
    }

    /// A chat access token for the signed-in user, with their notification conversation (made
    /// the first time). 409 until an administrator has saved and tested the chat credentials.
    #[oai(path = "/api/chat/access-token", method = "get")]
    async fn access_token(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
    ) -> ApiResult<Json<ChatTokenView>> {
        let token = state.chat.access_token(&caller, Utc::now()).await?;
        Ok(Json(ChatTokenView {
            token: token.token,
            identity: token.identity,
            expires_at: token.expires_at,
            service_sid: token.service_sid,
            twilio_user_notification_channel_sid: token.notification_channel_sid,
        }))
    }
}
