//! Provider webhooks (public): incoming texts and delivery status callbacks, in Twilio's
//! form-encoded format (proven by `X-Twilio-Signature`) and as Bandwidth's JSON events
//! (proven by the Basic credentials of the store's Bandwidth gateway), and customers' e-mails
//! as Mailgun's routes forward them (proven by Mailgun's signature).

use std::collections::HashMap;

use chrono::Utc;
use engine::messaging::UnderstandReplyInput;
use engine::messaging::bandwidth_callbacks::{BandwidthEvent, read_events};
use engine::messaging::mailgun;
use engine::messaging::signature::verify_mailgun;
use engine::messaging::{InboundOutcome, WebhookCredential, WebhookRequest};
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::{Form, Json, PlainText};
use poem_openapi::{ApiRequest, ApiResponse, Multipart, Object, OpenApi};

use super::ApiTags;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// An empty TwiML document: "received, nothing to reply" (replies go out through the API).
const EMPTY_TWIML: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>";

#[derive(Debug, ApiResponse)]
pub enum TwimlResponse {
    #[oai(status = 200, content_type = "text/xml")]
    Ok(PlainText<String>),
}

#[derive(Debug, ApiResponse)]
pub enum CallbackResponse {
    /// Every event was applied (or was one nothing follows).
    #[oai(status = 204)]
    Applied,
}

/// A customer's e-mail as Mailgun's route posts it: form-encoded, or multipart when it has
/// attachments (which are not kept).
// Built once per request: the size of the multipart variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, ApiRequest)]
pub enum MailgunPost {
    #[oai(content_type = "application/x-www-form-urlencoded")]
    Form(Form<HashMap<String, String>>),
    #[oai(content_type = "multipart/form-data")]
    Multipart(MailgunParts),
}

/// The fields of Mailgun's parsed message that are read (its others are ignored).
#[derive(Debug, Multipart)]
pub struct MailgunParts {
    recipient: Option<String>,
    sender: Option<String>,
    from: Option<String>,
    subject: Option<String>,
    #[oai(rename = "body-plain")]
    body_plain: Option<String>,
    #[oai(rename = "stripped-text")]
    stripped_text: Option<String>,
    #[oai(rename = "Message-Id")]
    message_id: Option<String>,
    #[oai(rename = "In-Reply-To")]
    in_reply_to: Option<String>,
    #[oai(rename = "References")]
    references: Option<String>,
    timestamp: Option<String>,
    token: Option<String>,
    signature: Option<String>,
}

impl MailgunPost {
    fn into_fields(self) -> HashMap<String, String> {
        match self {
            MailgunPost::Form(form) => form.0,
            MailgunPost::Multipart(parts) => [
                ("recipient", parts.recipient),
                ("sender", parts.sender),
                ("from", parts.from),
                ("subject", parts.subject),
                ("body-plain", parts.body_plain),
                ("stripped-text", parts.stripped_text),
                ("Message-Id", parts.message_id),
                ("In-Reply-To", parts.in_reply_to),
                ("References", parts.references),
                ("timestamp", parts.timestamp),
                ("token", parts.token),
                ("signature", parts.signature),
            ]
            .into_iter()
            .filter_map(|(name, value)| Some((name.to_owned(), value?)))
            .collect(),
        }
    }
}

/// What became of a customer's e-mail.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct InboundMailView {
    /// The conversation message it is (a retry of one already stored answers that one).
    pub message_id: i64,
    pub fsi_id: Option<i64>,
}

#[derive(Debug, ApiResponse)]
pub enum InboundMailResponse {
    /// Stored in its conversation.
    #[oai(status = 200)]
    Stored(Json<InboundMailView>),
    /// It belongs to no conversation (no e-mail of ours answered, no customer of the store it
    /// was sent to): nothing is kept, and Mailgun does not retry a 406.
    #[oai(status = 406)]
    NoConversation(Json<crate::error::ErrorBody>),
}

pub struct WebhookApi;

/// What follows a stored customer text, from a provider or the simulator: its compliance
/// replies go out, the assistant reads it (as a job, once per text), and the stream hears.
pub async fn after_inbound(state: &AppState, outcome: InboundOutcome) -> ApiResult<()> {
    for reply in &outcome.replies {
        jobs::dispatcher::dispatch(&state.messages, &state.jobs, reply.id, reply.enterprise_id)
            .await?;
    }
    if outcome.created {
        let message = &outcome.message;
        let started = state
            .jobs
            .start_system_input(
                &UnderstandReplyInput {
                    message_id: message.id,
                },
                Some(message.enterprise_id),
            )
            .await;
        if let Err(error) = started {
            tracing::error!(message = message.id, %error, "the assistant could not be asked to read a text");
        }
    }
    state.publish(outcome.notices).await;
    Ok(())
}

/// The host the client asked for: the one a trusted proxy names, else the `Host` header.
pub fn requested_host(state: &AppState, req: &Request) -> Option<String> {
    let forwarded = forwarded_origin(state, req)
        .and_then(|origin| origin.split("://").nth(1).map(str::to_owned));
    forwarded.or_else(|| req.header("Host").map(str::to_owned))
}

/// The scheme and host a trusted proxy (`BAYLINE_TRUSTED_PROXIES`) says the client asked for,
/// from `X-Forwarded-Host` and `X-Forwarded-Proto`. From any other peer those headers are
/// whatever the client wrote, so they are not read: the rule [`crate::auth::client_ip`] follows.
fn forwarded_origin(state: &AppState, req: &Request) -> Option<String> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip())?;
    if !state.trusted_proxies.contains(peer) {
        return None;
    }
    let host = req.header("X-Forwarded-Host")?.split(',').next()?.trim();
    let scheme = match req.header("X-Forwarded-Proto").map(str::trim) {
        Some("https") => "https",
        _ => "http",
    };
    is_plain_host(host).then(|| format!("{scheme}://{host}"))
}

/// A host name or address with an optional port: nothing that could end a URL's authority.
fn is_plain_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// The address links that leave the server are built on (password e-mails, deal-room and
/// landing links, media links, the webhook address a provider is given): `BAYLINE_PUBLIC_URL`
/// when set, else the host a trusted proxy names, else the address the connection reached (a
/// development set-up). Never a host a client merely wrote in a header, which would let anyone
/// send a password link that leads to their own site.
pub fn public_base(state: &AppState, req: &Request) -> String {
    if let Some(url) = &state.messaging.settings().public_url {
        return url.clone();
    }
    if let Some(origin) = forwarded_origin(state, req) {
        return origin;
    }
    match req.local_addr().as_socket_addr() {
        Some(addr) if addr.ip().is_unspecified() => format!("http://localhost:{}", addr.port()),
        Some(addr) => format!("http://{addr}"),
        None => "http://localhost".to_owned(),
    }
}

/// The address a provider signed this request for: as [`public_base`], but falling back to
/// the `Host` the request came to (a signature cannot be forged by naming another host, and
/// a tunnel in development keeps its own name).
fn signed_base(state: &AppState, req: &Request) -> String {
    if let Some(url) = &state.messaging.settings().public_url {
        return url.clone();
    }
    if let Some(origin) = forwarded_origin(state, req) {
        return origin;
    }
    match req.header("Host").filter(|host| is_plain_host(host)) {
        Some(host) => format!("http://{host}"),
        None => public_base(state, req),
    }
}

/// The full URL a request came to, as the provider addressed it.
fn request_url(state: &AppState, req: &Request) -> String {
    let path_and_query = req
        .original_uri()
        .path_and_query()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| req.original_uri().path().to_owned());
    format!("{}{path_and_query}", signed_base(state, req))
}

fn webhook_request(
    state: &AppState,
    req: &Request,
    form: HashMap<String, String>,
) -> WebhookRequest {
    WebhookRequest::new(
        request_url(state, req),
        form.into_iter().collect(),
        req.header("X-Twilio-Signature").map(str::to_owned),
    )
}

#[OpenApi(tag = "ApiTags::Webhooks")]
impl WebhookApi {
    /// An incoming text (Twilio's messaging webhook). Verified with `X-Twilio-Signature`
    /// against the receiving store's gateway (403 on mismatch); a retry of the same
    /// MessageSid is acknowledged without storing it twice.
    #[oai(path = "/api/sms/twilio/inbound", method = "post")]
    async fn inbound(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: Form<HashMap<String, String>>,
    ) -> Result<TwimlResponse, ApiError> {
        let request = webhook_request(&state, req, form.0);
        let outcome = state.messaging.receive_sms(&request, Utc::now()).await?;
        if !outcome.created {
            tracing::info!(
                message = outcome.message.id,
                "provider retry of a stored text"
            );
        }
        after_inbound(&state, outcome).await?;
        Ok(TwimlResponse::Ok(PlainText(EMPTY_TWIML.to_owned())))
    }

    /// A delivery status callback (Twilio's StatusCallback). Statuses only move forward; a
    /// failure keeps the provider's error code.
    #[oai(path = "/api/sms/twilio/status", method = "post")]
    async fn status(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: Form<HashMap<String, String>>,
    ) -> Result<TwimlResponse, ApiError> {
        let request = webhook_request(&state, req, form.0);
        let (_, notices) = state.messaging.receive_status(&request, Utc::now()).await?;
        state.publish(notices).await;
        Ok(TwimlResponse::Ok(PlainText(EMPTY_TWIML.to_owned())))
    }

    /// Bandwidth's messaging callback (set as the messaging application's callback URL, with
    /// the gateway's API user name and password as its callback credentials): a JSON array of
    /// events. `message-received` is handled as any incoming text, `message-sending`,
    /// `-delivered` and `-failed` as delivery statuses. Wrong credentials answer 403 and a
    /// body that is not events 400, with nothing applied.
    #[oai(path = "/api/sms/bandwidth/callback", method = "post")]
    async fn bandwidth_callback(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<serde_json::Value>,
    ) -> Result<CallbackResponse, ApiError> {
        let events = read_events(&body.0)?;
        let url = request_url(&state, req);
        let credential = WebhookCredential::basic(req.header("Authorization"));
        for event in events {
            match event {
                BandwidthEvent::Received(fields) => {
                    let request =
                        WebhookRequest::with_credential(url.clone(), fields, credential.clone());
                    let outcome = state.messaging.receive_sms(&request, Utc::now()).await?;
                    after_inbound(&state, outcome).await?;
                }
                BandwidthEvent::Status(fields) => {
                    let request =
                        WebhookRequest::with_credential(url.clone(), fields, credential.clone());
                    let (_, notices) = state.messaging.receive_status(&request, Utc::now()).await?;
                    state.publish(notices).await;
                }
                BandwidthEvent::Other(kind) => {
                    tracing::info!(kind, "a Bandwidth event nothing follows");
                }
            }
        }
        Ok(CallbackResponse::Applied)
    }

    /// A customer's e-mail, as a Mailgun route forwards it (`forward("https://…/api/email/inbound")`),
    /// signed with the webhook signing key set as `BAYLINE_INBOUND_MAIL_KEY`. Threaded into the
    /// conversation of the e-mail it answers (its In-Reply-To), else the sender's at the store
    /// whose assistant's address received it; then handled as any reply. A bad or old
    /// signature, or no key, answers 403 with nothing kept.
    #[oai(path = "/api/email/inbound", method = "post")]
    async fn inbound_email(
        &self,
        state: Data<&AppState>,
        body: MailgunPost,
    ) -> ApiResult<InboundMailResponse> {
        let fields = body.into_fields();
        let refused = || {
            ApiError::from(engine::Error::Forbidden(
                "The request could not be verified".to_owned(),
            ))
        };
        let key = state
            .messaging
            .settings()
            .inbound_mail_key
            .clone()
            .ok_or_else(refused)?;
        let verified = verify_mailgun(
            &key,
            mailgun::field(&fields, "timestamp").unwrap_or_default(),
            mailgun::field(&fields, "token").unwrap_or_default(),
            mailgun::field(&fields, "signature").unwrap_or_default(),
            Utc::now().timestamp(),
        );
        if !verified {
            return Err(refused());
        }
        let mail = mailgun::inbound_email(&fields);
        let Some(outcome) = state.messaging.receive_email(&mail, Utc::now()).await? else {
            tracing::info!("an inbound e-mail that belongs to no conversation");
            return Ok(InboundMailResponse::NoConversation(Json(
                crate::error::ErrorBody::new(
                    "This e-mail answers no conversation: no e-mail of ours, and no customer of the store it was sent to",
                ),
            )));
        };
        let view = InboundMailView {
            message_id: outcome.message.id,
            fsi_id: outcome.message.fsi_id,
        };
        after_inbound(&state, outcome).await?;
        Ok(InboundMailResponse::Stored(Json(view)))
    }
}
