//! The deal room, the customer's landing page and the e-mail auto-response (issue 21): public
//! calls the spec sends without a session (G-R10, G-R14), each opened by a signed link that
//! names the lead and the user. The rules are in `engine::public::deal_room`.

use chrono::{DateTime, Utc};
use engine::domain::messages::DeliveryStatus;
use engine::messaging::SendRequest;
use engine::public::deal_room::Opened;
use engine::public::links::LinkKind;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::messages::{AssistantView, MessageView};
use super::webhooks::{after_inbound, public_base};
use crate::auth::{Session, client_ip, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

/// The lead a signed page shows.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DealRoomLeadView {
    pub id: i64,
    pub customer_first_name: String,
    pub customer_last_name: String,
    /// The spec's display form, `(555)-201-3344`.
    pub customer_phone: Option<String>,
    pub store_name: String,
    /// The store's IANA zone, for message times.
    pub store_time_zone: String,
    pub ai_enabled: bool,
    pub dt_dialog_enabled: bool,
    pub conversation_closed: bool,
    /// Whether this page may send (a staff member's deal room; never the customer's page).
    pub can_send: bool,
    /// The staff member whose deal room this is.
    pub user_name: Option<String>,
}

/// A message from the deal room (the same conversion as any SMS, G-R11).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DealRoomMessageBody {
    #[oai(validator(max_length = 5000))]
    pub content: String,
    /// SMS (default) or EMAIL.
    #[oai(validator(max_length = 20))]
    pub message_type: Option<String>,
    #[oai(validator(max_length = 200))]
    pub subject: Option<String>,
}

/// The links a staff member may hand out for a lead.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SignedLinksView {
    /// The staff member's deal room (7 days).
    pub deal_room_url: String,
    pub deal_room_expires_at: DateTime<Utc>,
    /// The customer's read-only landing page (30 days).
    pub landing_url: String,
    pub landing_expires_at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AutoResponseView {
    pub message: String,
}

fn phone_display(phone: Option<&str>) -> Option<String> {
    phone.and_then(|p| {
        engine::domain::PhoneNumber::parse(p)
            .ok()
            .map(|p| p.display())
    })
}

async fn open(
    state: &AppState,
    req: &Request,
    token: &str,
    lead_id: i64,
    user_id: Option<i64>,
) -> ApiResult<Opened> {
    let address = client_ip(req, &state.trusted_proxies).map(|ip| ip.to_string());
    Ok(state
        .deal_room
        .open(token, lead_id, user_id, address.as_deref(), Utc::now())
        .await?)
}

pub struct DealRoomApi;

#[OpenApi(tag = "ApiTags::Public")]
impl DealRoomApi {
    /// The lead a deal-room or landing link opens (G-C4): the customer, the store, whether
    /// the page may send. A link changed, expired or naming another lead or user: 403.
    #[oai(path = "/servicedealroom/future-service-interaction", method = "get")]
    async fn lead(
        &self,
        state: Data<&AppState>,
        req: &Request,
        #[oai(name = "futureServiceInteractionId")] lead_id: Query<i64>,
        #[oai(name = "userMasterId")] user_id: Query<Option<i64>>,
        token: Query<String>,
    ) -> ApiResult<Json<DealRoomLeadView>> {
        let opened = open(&state, req, &token.0, lead_id.0, user_id.0).await?;
        let lead = &opened.lead;
        Ok(Json(DealRoomLeadView {
            id: lead.id,
            customer_first_name: lead.customer_first_name.clone(),
            customer_last_name: lead.customer_last_name.clone(),
            customer_phone: phone_display(lead.customer_cellular.as_deref()),
            store_name: lead.store_name.clone(),
            store_time_zone: lead.office_time_zone.clone(),
            ai_enabled: lead.ai_enabled,
            dt_dialog_enabled: lead.dt_dialog_enabled,
            conversation_closed: lead.conversation_closed,
            can_send: opened.may_send(),
            user_name: opened.staff.as_ref().map(|c| c.username.clone()),
        }))
    }

    /// The conversation a deal-room link (staff's view) or landing link (the customer's: what
    /// was sent and received, no notes) shows, oldest first (G-C2).
    #[oai(path = "/servicedealroom/conversationHistory", method = "get")]
    async fn history(
        &self,
        state: Data<&AppState>,
        req: &Request,
        #[oai(name = "futureServiceInteractionId")] lead_id: Query<i64>,
        #[oai(name = "userMasterId")] user_id: Query<Option<i64>>,
        token: Query<String>,
    ) -> ApiResult<Json<Vec<MessageView>>> {
        let opened = open(&state, req, &token.0, lead_id.0, user_id.0).await?;
        let messages = state.deal_room.history(&opened).await?;
        Ok(Json(messages.into_iter().map(MessageView::from).collect()))
    }

    /// The lead's store's assistants (G-C3).
    #[oai(path = "/servicedealroom/assistantList", method = "get")]
    async fn assistants(
        &self,
        state: Data<&AppState>,
        req: &Request,
        #[oai(name = "futureServiceInteractionId")] lead_id: Query<i64>,
        #[oai(name = "userMasterId")] user_id: Query<Option<i64>>,
        token: Query<String>,
    ) -> ApiResult<Json<Vec<AssistantView>>> {
        let opened = open(&state, req, &token.0, lead_id.0, user_id.0).await?;
        let assistants = state.deal_room.assistants(&opened).await?;
        Ok(Json(assistants.into_iter().map(Into::into).collect()))
    }

    /// Sends from the deal room as its staff member (G-C6, path ours), by the rules of any
    /// staff send; a landing link cannot send (403).
    #[oai(path = "/servicedealroom/send", method = "post")]
    async fn send(
        &self,
        state: Data<&AppState>,
        req: &Request,
        #[oai(name = "futureServiceInteractionId")] lead_id: Query<i64>,
        #[oai(name = "userMasterId")] user_id: Query<Option<i64>>,
        token: Query<String>,
        body: Json<DealRoomMessageBody>,
    ) -> ApiResult<Json<MessageView>> {
        let opened = open(&state, req, &token.0, lead_id.0, user_id.0).await?;
        let body = body.0;
        let request = SendRequest {
            fsi_id: lead_id.0,
            customer_id: None,
            message_type: body.message_type,
            notification_type: None,
            content: Some(body.content),
            subject: body.subject,
            title: None,
            to: None,
            to_name: None,
            media_urls: Vec::new(),
            appointment_id: None,
            start_time: None,
            is_log_mode_to_be_sent: false,
        };
        let (message, notices) = state.deal_room.send(&opened, request, Utc::now()).await?;
        if message.message_status == DeliveryStatus::Queued {
            jobs::dispatcher::dispatch(
                &state.messages,
                &state.jobs,
                message.id,
                message.enterprise_id,
            )
            .await?;
        }
        state.publish(notices).await;
        let message = state.messages.require(message.id).await?;
        Ok(Json(message.into()))
    }

    /// A customer's one-click answer from an e-mail (G-C1): `token` is the e-mail's signed
    /// link; the answer is stored on its lead as the customer's e-mail and read like any reply.
    /// Answers the page's 'Thanks for your response!'; a bad link is 403.
    #[oai(path = "/api/email/autoResponse", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn auto_response(
        &self,
        state: Data<&AppState>,
        req: &Request,
        token: Query<String>,
        from: Query<Option<String>>,
        #[oai(name = "emailId")] email_id: Query<Option<String>>,
        to: Query<Option<String>>,
        subject: Query<Option<String>>,
        message: Query<String>,
        key: Query<Option<String>>,
    ) -> ApiResult<Json<AutoResponseView>> {
        let _ = (&to.0, &key.0);
        let address = client_ip(req, &state.trusted_proxies).map(|ip| ip.to_string());
        let from = from.0.or(email_id.0);
        let outcome = state
            .deal_room
            .email_reply(
                &token.0,
                from.as_deref(),
                subject.0.as_deref(),
                &message.0,
                address.as_deref(),
                Utc::now(),
            )
            .await?;
        after_inbound(&state, outcome).await?;
        Ok(Json(AutoResponseView {
            message: "Thanks for your response!".to_owned(),
        }))
    }

    /// A lead's signed links (staff who may see the lead): their own deal room, and the
    /// customer's landing page.
    #[oai(
        path = "/api/future-service-interaction/:futureServiceInteractionId/links",
        method = "post"
    )]
    async fn links(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "futureServiceInteractionId")] lead_id: Path<i64>,
    ) -> ApiResult<Json<SignedLinksView>> {
        let scope = request_scope(&caller, req)?;
        let now = Utc::now();
        let base = public_base(&state, req);
        let mut urls = Vec::new();
        for (kind, page) in [
            (LinkKind::DealRoom, "dealroom"),
            (LinkKind::Landing, "service/landing"),
        ] {
            let (token, expires_at) = state
                .deal_room
                .link(&caller, &scope, lead_id.0, kind, now)
                .await?;
            urls.push((
                format!(
                    "{base}/{page}?futureServiceInteractionId={}&userMasterId={}&token={token}",
                    lead_id.0, caller.user_id
                ),
                expires_at,
            ));
        }
        let [
            (deal_room_url, deal_room_expires_at),
            (landing_url, landing_expires_at),
        ] = <[_; 2]>::try_from(urls).expect("two links");
        Ok(Json(SignedLinksView {
            deal_room_url,
            deal_room_expires_at,
            landing_url,
            landing_expires_at,
        }))
    }
}
