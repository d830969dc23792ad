//! Chat administration (H-C14, H-R5, H-R6, H-E6; docs/decisions/0023-chat.md): an enterprise's
//! Twilio Conversations credentials, kept with the secret sealed, tested against Twilio with the
//! specification's words, and the access token (with the user's own notification conversation)
//! a signed-in user's chat client opens with.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Query};
use serde::Serialize;

use super::audit::{AuditChange, AuditLog};
use super::{TELEPHONY_ADMINS, admin_scope};
use crate::auth::Caller;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::messaging::MessagingService;
use crate::messaging::gateway::GatewayConfig;
use crate::messaging::twilio_chat::{
    CHAT_INVALID, CHAT_UNREACHABLE, ChatCheck, ChatCredentials, TWILIO_CONVERSATIONS_API,
    TwilioChat,
};
use crate::store::schema::{ChatConfigs, Users};
use crate::store::tenancy::TenancyStore;

/// Chat credentials as an admin writes them; the secret only travels inward. A save without
/// a secret keeps the stored one.
#[derive(Debug, Clone, Default)]
pub struct ChatInput {
    pub account_sid: String,
    pub api_key_sid: String,
    pub api_key_secret: Option<String>,
    pub service_sid: String,
    pub api_base_url: Option<String>,
}

/// An enterprise's chat configuration as shown: never its secret.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ChatSummary {
    pub enterprise_id: i64,
    pub account_sid: String,
    pub api_key_sid: String,
    pub service_sid: String,
    pub api_base_url: Option<String>,
    /// When the credentials last tested good; none until tested, and again after a change or
    /// a failed test.
    pub authenticated_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct StoredChat {
    account_sid: String,
    api_key_sid: String,
    api_key_secret: String,
    service_sid: String,
    api_base_url: Option<String>,
    authenticated_at: Option<DateTime<Utc>>,
}

/// What a chat client opens with.
#[derive(Debug, Clone)]
pub struct ChatToken {
    pub token: String,
    pub identity: String,
    pub expires_at: DateTime<Utc>,
    pub service_sid: String,
    /// The user's own notification conversation (`twilioUserNotificationChannelSid`).
    pub notification_channel_sid: String,
}

/// A Twilio SID: its two-letter prefix and 32 hexadecimal digits.
fn is_sid(value: &str, prefix: &str) -> bool {
    value.len() == 34
        && value.starts_with(prefix)
        && value[2..].chars().all(|c| c.is_ascii_hexdigit())
}

impl ChatInput {
    fn checked(
        &self,
        has_stored_secret: bool,
        hosts: &crate::messaging::gateway_hosts::GatewayHosts,
    ) -> Result<Self> {
        let trimmed = |v: &str| v.trim().to_owned();
        let input = ChatInput {
            account_sid: trimmed(&self.account_sid),
            api_key_sid: trimmed(&self.api_key_sid),
            api_key_secret: self
                .api_key_secret
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
            service_sid: trimmed(&self.service_sid),
            api_base_url: self
                .api_base_url
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        };
        let mut problems = Vec::new();
        if !is_sid(&input.account_sid, "AC") {
            problems
                .push("accountSid must be a Twilio account SID (AC and 32 hex digits)".to_owned());
        }
        if !is_sid(&input.api_key_sid, "SK") {
            problems
                .push("apiKeySid must be a Twilio API key SID (SK and 32 hex digits)".to_owned());
        }
        if !is_sid(&input.service_sid, "IS") {
            problems.push(
                "serviceSid must be a Twilio Conversations service SID (IS and 32 hex digits)"
                    .to_owned(),
            );
        }
        match &input.api_key_secret {
            None if !has_stored_secret => problems.push("apiKeySecret is required".to_owned()),
            Some(secret) if secret.len() < 16 || secret.len() > 200 => problems.push(
                "apiKeySecret must be the API key's secret (16 to 200 characters)".to_owned(),
            ),
            _ => {}
        }
        if let Some(url) = &input.api_base_url
            && let Err(problem) = hosts.check(GatewayConfig::TWILIO, url)
        {
            problems.push(problem);
        }
        if problems.is_empty() {
            Ok(input)
        } else {
            Err(Error::invalid_all(problems))
        }
    }
}

#[derive(Debug, Clone)]
pub struct ChatAdmin {
    db: Database,
    messaging: MessagingService,
}

impl ChatAdmin {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self { db, messaging }
    }

    async fn stored(&self, enterprise_id: i64) -> Result<Option<StoredChat>> {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([
                        ChatConfigs::AccountSid,
                        ChatConfigs::ApiKeySid,
                        ChatConfigs::ApiKeySecret,
                        ChatConfigs::ServiceSid,
                        ChatConfigs::ApiBaseUrl,
                        ChatConfigs::AuthenticatedAt,
                    ])
                    .from(ChatConfigs::Table)
                    .and_where(Expr::col(ChatConfigs::EnterpriseId).eq(enterprise_id)),
            )
            .await
    }

    async fn summary(&self, enterprise_id: i64) -> Result<Option<ChatSummary>> {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([
                        ChatConfigs::EnterpriseId,
                        ChatConfigs::AccountSid,
                        ChatConfigs::ApiKeySid,
                        ChatConfigs::ServiceSid,
                        ChatConfigs::ApiBaseUrl,
                        ChatConfigs::AuthenticatedAt,
                        ChatConfigs::UpdatedAt,
                    ])
                    .from(ChatConfigs::Table)
                    .and_where(Expr::col(ChatConfigs::EnterpriseId).eq(enterprise_id)),
            )
            .await
    }

    /// The admins who configure telephony configure chat, in an enterprise that exists.
    async fn allowed(&self, caller: &Caller, enterprise_id: i64) -> Result<()> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TELEPHONY_ADMINS)?;
        if !TenancyStore::new(self.db.clone())
            .enterprise_exists(enterprise_id)
            .await?
        {
            return Err(Error::not_found("Enterprise not found"));
        }
        Ok(())
    }

    /// The enterprise's chat configuration, if it has one.
    pub async fn configuration(
        &self,
        caller: &Caller,
        enterprise_id: i64,
    ) -> Result<Option<ChatSummary>> {
        self.allowed(caller, enterprise_id).await?;
        self.summary(enterprise_id).await
    }

    /// Saves the credentials (the secret sealed); they are untested until tested.
    pub async fn save(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        input: &ChatInput,
        now: DateTime<Utc>,
    ) -> Result<ChatSummary> {
        self.allowed(caller, enterprise_id).await?;
        let stored = self.stored(enterprise_id).await?;
        let input = input.checked(stored.is_some(), &self.messaging.settings().gateway_hosts)?;
        let secret = match (&input.api_key_secret, &stored) {
            (Some(secret), _) => self.messaging.settings().secret_key.seal(secret)?,
            (None, Some(stored)) => stored.api_key_secret.clone(),
            (None, None) => return Err(Error::invalid("apiKeySecret is required")),
        };
        let before = self.summary(enterprise_id).await?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::insert()
                .into_table(ChatConfigs::Table)
                .columns([
                    ChatConfigs::EnterpriseId,
                    ChatConfigs::AccountSid,
                    ChatConfigs::ApiKeySid,
                    ChatConfigs::ApiKeySecret,
                    ChatConfigs::ServiceSid,
                    ChatConfigs::ApiBaseUrl,
                    ChatConfigs::AuthenticatedAt,
                    ChatConfigs::UpdatedBy,
                    ChatConfigs::UpdatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    input.account_sid.clone().into(),
                    input.api_key_sid.clone().into(),
                    secret.into(),
                    input.service_sid.clone().into(),
                    input.api_base_url.clone().into(),
                    Option::<DateTime<Utc>>::None.into(),
                    caller.user_id.into(),
                    now.into(),
                ])
                .on_conflict(
                    OnConflict::column(ChatConfigs::EnterpriseId)
                        .update_columns([
                            ChatConfigs::AccountSid,
                            ChatConfigs::ApiKeySid,
                            ChatConfigs::ApiKeySecret,
                            ChatConfigs::ServiceSid,
                            ChatConfigs::ApiBaseUrl,
                            ChatConfigs::AuthenticatedAt,
                            ChatConfigs::UpdatedBy,
                            ChatConfigs::UpdatedAt,
                        ])
                        .to_owned(),
                )
                .to_owned(),
        )
        .await?;
        // A user's conversation belongs to the service it was made in: a new service makes new
        // ones.
        if stored.is_some_and(|s| s.service_sid != input.service_sid) {
            tx.execute(
                &Query::update()
                    .table(Users::Table)
                    .value(Users::ChatChannelSid, Option::<String>::None)
                    .and_where(Expr::col(Users::EnterpriseId).eq(enterprise_id))
                    .to_owned(),
            )
            .await?;
        }
        let after = ChatSummary {
            enterprise_id,
            account_sid: input.account_sid,
            api_key_sid: input.api_key_sid,
            service_sid: input.service_sid,
            api_base_url: input.api_base_url,
            authenticated_at: None,
            updated_at: now,
        };
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: "UPDATE",
                entity: "chat configuration",
                entity_id: enterprise_id.to_string(),
                before: before.and_then(|b| serde_json::to_value(b).ok()),
                after: serde_json::to_value(&after).ok(),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    fn client(&self, stored: &StoredChat) -> Result<TwilioChat> {
        let base_url = stored
            .api_base_url
            .clone()
            .unwrap_or_else(|| TWILIO_CONVERSATIONS_API.to_owned());
        // Checked again where used: the operator may have narrowed the allowed hosts since.
        self.messaging
            .settings()
            .gateway_hosts
            .check(GatewayConfig::TWILIO, &base_url)
            .map_err(Error::invalid)?;
        Ok(TwilioChat::new(
            self.messaging.http().clone(),
            ChatCredentials {
                account_sid: stored.account_sid.clone(),
                api_key_sid: stored.api_key_sid.clone(),
                api_key_secret: self
                    .messaging
                    .settings()
                    .secret_key
                    .open(&stored.api_key_secret)?,
                service_sid: stored.service_sid.clone(),
                base_url,
            },
        ))
    }

    async fn set_authenticated(&self, enterprise_id: i64, at: Option<DateTime<Utc>>) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(ChatConfigs::Table)
                    .value(ChatConfigs::AuthenticatedAt, at)
                    .and_where(Expr::col(ChatConfigs::EnterpriseId).eq(enterprise_id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Tests the stored credentials against Twilio (H-R5, H-R6): good ones are marked
    /// authenticated; bad ones are 'Invalid Credentials.' (400) and marked untested; Twilio out
    /// of reach is 502 with the specification's words.
    pub async fn test(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        now: DateTime<Utc>,
    ) -> Result<ChatSummary> {
        self.allowed(caller, enterprise_id).await?;
        let stored = self.stored(enterprise_id).await?.ok_or_else(|| {
            Error::not_found("This enterprise has no chat configuration to test; save one first")
        })?;
        match self.client(&stored)?.check().await {
            ChatCheck::Authenticated => {
                self.set_authenticated(enterprise_id, Some(now)).await?;
            }
            ChatCheck::InvalidCredentials => {
                self.set_authenticated(enterprise_id, None).await?;
                return Err(Error::invalid(CHAT_INVALID));
            }
            ChatCheck::Unreachable => return Err(Error::Upstream(CHAT_UNREACHABLE.to_owned())),
        }
        self.summary(enterprise_id)
            .await?
            .ok_or_else(|| Error::not_found("Chat configuration not found"))
    }

    /// A chat access token for the caller, in their enterprise's tested chat service, with their
    /// notification conversation (made the first time). 409 until the chat is set up and tested.
    pub async fn access_token(&self, caller: &Caller, now: DateTime<Utc>) -> Result<ChatToken> {
        let not_set_up = || {
            Error::Conflict(
                "Chat is not set up for your enterprise: an administrator saves and tests its Twilio credentials first"
                    .to_owned(),
            )
        };
        let enterprise_id = caller.enterprise_id.ok_or_else(not_set_up)?;
        let stored = self
            .stored(enterprise_id)
            .await?
            .filter(|s| s.authenticated_at.is_some())
            .ok_or_else(not_set_up)?;
        let chat = self.client(&stored)?;
        let known: Option<(Option<String>, String, String)> = self
            .db
            .fetch_optional(
                Query::select()
                    .columns([Users::ChatChannelSid, Users::FirstName, Users::LastName])
                    .from(Users::Table)
                    .and_where(Expr::col(Users::Id).eq(caller.user_id)),
            )
            .await?;
        let (channel, first, last) = known.ok_or_else(|| Error::not_found("User not found"))?;
        let channel = match channel {
            Some(sid) => sid,
            None => {
                let sid = chat
                    .notification_conversation(
                        caller.user_id,
                        &caller.username,
                        &format!("Bayline notifications for {first} {last}"),
                    )
                    .await
                    .map_err(|e| Error::Upstream(e.0))?;
                self.db
                    .execute(
                        &Query::update()
                            .table(Users::Table)
                            .value(Users::ChatChannelSid, sid.clone())
                            .and_where(Expr::col(Users::Id).eq(caller.user_id))
                            .to_owned(),
                    )
                    .await?;
                sid
            }
        };
        let (token, expires_at) = chat.access_token(&caller.username, now);
        Ok(ChatToken {
            token,
            identity: caller.username.clone(),
            expires_at,
            service_sid: stored.service_sid,
            notification_channel_sid: channel,
        })
    }
}
