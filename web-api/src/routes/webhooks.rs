//! Provider webhooks (public): incoming texts and delivery status callbacks, in Twilio's
//! form-encoded format (proven by `X-Twilio-Signature`) and as Bandwidth's JSON events
//! (proven by the Basic credentials of the store's Bandwidth gateway).

use std::collections::HashMap;

use chrono::Utc;
use engine::messaging::UnderstandReplyInput;
use engine::messaging::bandwidth_callbacks::{BandwidthEvent, read_events};
use engine::messaging::{InboundOutcome, WebhookCredential, WebhookRequest};
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::{Form, Json, PlainText};
use poem_openapi::{ApiResponse, OpenApi};

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
}
