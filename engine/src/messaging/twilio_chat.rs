//! Twilio Conversations, the specification's "twilio chat" (H-C14, H-R5, H-R6, H-E6;
//! docs/decisions/0023-chat.md): checking an enterprise's chat credentials against Twilio, each
//! user's own notification conversation, and the access token a browser's chat client signs in
//! with. The calls go to Twilio's Conversations API (or a base address the operator allows,
//! [`super::gateway_hosts`]); the token is Twilio's Access Token, a JWT signed with the API
//! key's secret.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::json;

/// Twilio's Conversations API.
pub const TWILIO_CONVERSATIONS_API: &str = "https://conversations.twilio.com";
/// How long an access token lasts: the chat client asks for a new one before it ends.
pub const TOKEN_LIFETIME_SECS: i64 = 3600;

/// The spec's texts for a chat test (H-R5, H-R6).
pub const CHAT_TESTED: &str = "Successfully Tested";
pub const CHAT_INVALID: &str = "Invalid Credentials.";
pub const CHAT_UNREACHABLE: &str =
    "Connection to twilio chat failed. Please check twilio credentials.";

/// An enterprise's chat credentials, the secret open.
#[derive(Debug, Clone)]
pub struct ChatCredentials {
    pub account_sid: String,
    pub api_key_sid: String,
    pub api_key_secret: String,
    pub service_sid: String,
    /// Twilio's API unless an allowed base address is configured.
    pub base_url: String,
}

/// What testing the credentials found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatCheck {
    /// Twilio knows the key and the key reaches the chat service.
    Authenticated,
    /// Twilio refused the key, or the key does not reach the service.
    InvalidCredentials,
    /// Twilio could not be asked (network, Twilio's own trouble).
    Unreachable,
}

/// A chat call that failed: the words are Bayline's, never what the remote answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ChatError(pub String);

#[derive(Debug, Deserialize)]
struct Conversation {
    sid: String,
}

#[derive(Debug, Clone)]
pub struct TwilioChat {
    http: reqwest::Client,
    credentials: ChatCredentials,
}

impl TwilioChat {
    pub fn new(http: reqwest::Client, credentials: ChatCredentials) -> Self {
        Self { http, credentials }
    }

    fn service_url(&self) -> String {
        format!(
            "{}/v1/Services/{}",
            self.credentials.base_url.trim_end_matches('/'),
            self.credentials.service_sid
        )
    }

    fn authed(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        request
            .basic_auth(
                &self.credentials.api_key_sid,
                Some(&self.credentials.api_key_secret),
            )
            .timeout(Duration::from_secs(15))
    }

    /// Asks Twilio for the chat service with the key: 2xx is good credentials; 401, 403 and
    /// 404 (a service the key's account does not have) are bad ones.
    pub async fn check(&self) -> ChatCheck {
        match self.authed(self.http.get(self.service_url())).send().await {
            Ok(response) if response.status().is_success() => ChatCheck::Authenticated,
            Ok(response) if matches!(response.status().as_u16(), 401 | 403 | 404) => {
                ChatCheck::InvalidCredentials
            }
            Ok(_) | Err(_) => ChatCheck::Unreachable,
        }
    }

    /// The user's own notification conversation (`bayline-user-{id}`), made the first time with
    /// the user as its participant; answers its sid (CH…).
    pub async fn notification_conversation(
        &self,
        user_id: i64,
        identity: &str,
        friendly_name: &str,
    ) -> Result<String, ChatError> {
        let unique_name = format!("bayline-user-{user_id}");
        let conversations = format!("{}/Conversations", self.service_url());
        let created = self
            .authed(self.http.post(&conversations).form(&[
                ("UniqueName", unique_name.as_str()),
                ("FriendlyName", friendly_name),
            ]))
            .send()
            .await
            .map_err(|_| ChatError(CHAT_UNREACHABLE.to_owned()))?;
        let status = created.status();
        let conversation: Conversation = if status.is_success() {
            let conversation = read(created).await?;
            self.add_participant(&conversation.sid, identity).await?;
            conversation
        } else if status.as_u16() == 409 {
            // Made before (by another process, or before a database restore): fetch it.
            let existing = self
                .authed(self.http.get(format!("{conversations}/{unique_name}")))
                .send()
                .await
                .map_err(|_| ChatError(CHAT_UNREACHABLE.to_owned()))?;
            if !existing.status().is_success() {
                return Err(refusal(existing.status()));
            }
            read(existing).await?
        } else {
            return Err(refusal(status));
        };
        Ok(conversation.sid)
    }

    async fn add_participant(
        &self,
        conversation_sid: &str,
        identity: &str,
    ) -> Result<(), ChatError> {
        let url = format!(
            "{}/Conversations/{conversation_sid}/Participants",
            self.service_url()
        );
        let answer = self
            .authed(self.http.post(url).form(&[("Identity", identity)]))
            .send()
            .await
            .map_err(|_| ChatError(CHAT_UNREACHABLE.to_owned()))?;
        // 409: the user is a participant already.
        if answer.status().is_success() || answer.status().as_u16() == 409 {
            Ok(())
        } else {
            Err(refusal(answer.status()))
        }
    }

    /// Twilio's Access Token for `identity` with a chat grant on the service, signed with the
    /// API key's secret (HS256), valid for [`TOKEN_LIFETIME_SECS`] from `now`.
    pub fn access_token(&self, identity: &str, now: DateTime<Utc>) -> (String, DateTime<Utc>) {
        let issued = now.timestamp();
        let expires = issued + TOKEN_LIFETIME_SECS;
        let header = json!({"typ": "JWT", "alg": "HS256", "cty": "twilio-fpa;v=1"});
        let claims = json!({
            "jti": format!("{}-{issued}", self.credentials.api_key_sid),
            "iss": self.credentials.api_key_sid,
            "sub": self.credentials.account_sid,
            "iat": issued,
            "nbf": issued,
            "exp": expires,
            "grants": {
                "identity": identity,
                "chat": {"service_sid": self.credentials.service_sid},
            },
        });
        let signing_input = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(header.to_string()),
            URL_SAFE_NO_PAD.encode(claims.to_string())
        );
        let key = ring::hmac::Key::new(
            ring::hmac::HMAC_SHA256,
            self.credentials.api_key_secret.as_bytes(),
        );
        let signature = URL_SAFE_NO_PAD.encode(ring::hmac::sign(&key, signing_input.as_bytes()));
        let expires_at = DateTime::from_timestamp(expires, 0).unwrap_or(now);
        (format!("{signing_input}.{signature}"), expires_at)
    }
}

async fn read(response: reqwest::Response) -> Result<Conversation, ChatError> {
    let body = response.text().await.unwrap_or_default();
    serde_json::from_str(&body)
        .map_err(|_| ChatError("Twilio chat answered something unreadable".to_owned()))
}

fn refusal(status: reqwest::StatusCode) -> ChatError {
    match status.as_u16() {
        401 | 403 => ChatError(CHAT_INVALID.to_owned()),
        code => ChatError(format!("Twilio chat refused the request (HTTP {code})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chat() -> TwilioChat {
        TwilioChat::new(
            reqwest::Client::new(),
            ChatCredentials {
                account_sid: "AC00000000000000000000000000000000".into(),
                api_key_sid: "SK00000000000000000000000000000000".into(),
                api_key_secret: "a-secret-of-the-key".into(),
                service_sid: "IS00000000000000000000000000000000".into(),
                base_url: TWILIO_CONVERSATIONS_API.into(),
            },
        )
    }

    #[test]
    fn the_access_token_is_a_twilio_jwt_signed_with_the_key_secret() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let (token, expires_at) = chat().access_token("jdoe", now);
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let header: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[0]).unwrap()).unwrap();
        assert_eq!(header["cty"], "twilio-fpa;v=1");
        assert_eq!(header["alg"], "HS256");
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["iss"], "SK00000000000000000000000000000000");
        assert_eq!(claims["sub"], "AC00000000000000000000000000000000");
        assert_eq!(claims["grants"]["identity"], "jdoe");
        assert_eq!(
            claims["grants"]["chat"]["service_sid"],
            "IS00000000000000000000000000000000"
        );
        assert_eq!(claims["exp"], 1_800_003_600);
        assert_eq!(expires_at.timestamp(), 1_800_003_600);
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, b"a-secret-of-the-key");
        let signed = format!("{}.{}", parts[0], parts[1]);
        ring::hmac::verify(
            &key,
            signed.as_bytes(),
            &URL_SAFE_NO_PAD.decode(parts[2]).unwrap(),
        )
        .expect("signed with the key's secret");
    }
}
