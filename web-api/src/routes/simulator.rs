//! The built-in SMS simulator's "customer phone": the texts a demo customer got, and replies
//! typed as them, which enter through the same signed inbound path as a provider's.

use chrono::{DateTime, Utc};
use engine::messaging::INBOUND_PATH;
use engine::store::PageRequest;
use engine::store::messages::PhoneSummary;
use engine::store::settings::GatewayConfig;
use engine::store::test_texts::{TestTextRecord, TestTextStore};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::messages::{MessagePage, MessageView};
use super::webhooks::public_base;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PhoneView {
    pub customer_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub opted_out: bool,
    pub store_id: i64,
    pub store_name: String,
    pub last_text_at: Option<DateTime<Utc>>,
}

impl From<PhoneSummary> for PhoneView {
    fn from(p: PhoneSummary) -> Self {
        Self {
            customer_id: p.customer_id,
            first_name: p.first_name,
            last_name: p.last_name,
            cellular: p.cellular,
            opted_out: p.block_sms,
            store_id: p.store_id,
            store_name: p.store_name,
            last_text_at: p.last_text_at,
        }
    }
}

/// A test text an admin sent from Administration through the simulator.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct TestTextView {
    pub id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub from: String,
    pub to: String,
    pub body: String,
    /// The username of the admin who sent it.
    pub sent_by: Option<String>,
    pub sent_at: DateTime<Utc>,
}

impl From<TestTextRecord> for TestTextView {
    fn from(t: TestTextRecord) -> Self {
        Self {
            id: t.id,
            store_id: t.store_id,
            store_name: t.store_name,
            from: t.from_number,
            to: t.to_number,
            body: t.body,
            sent_by: t.sent_by,
            sent_at: t.sent_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TestTextPage {
    pub content: Vec<TestTextView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct PhonePage {
    pub content: Vec<PhoneView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
pub struct SimulatedReply {
    /// What the customer types.
    pub body: String,
}

pub struct SimulatorApi;

#[OpenApi(tag = "ApiTags::Simulator")]
impl SimulatorApi {
    /// Customers with texts, most recent conversation first; `search` matches a name or
    /// part of a number.
    #[oai(path = "/api/simulator/phones", method = "get")]
    async fn phones(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        search: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<PhonePage>> {
        let scope = request_scope(&caller, req)?;
        let found = state
            .messages
            .phones_with_texts(
                &scope,
                search.0.as_deref(),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(PhonePage {
            content: found.content.into_iter().map(PhoneView::from).collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }

    /// The test texts admins sent through the simulator from Administration (Telephony's
    /// test), newest first: the phone they went to need not be a customer's.
    #[oai(path = "/api/simulator/test-texts", method = "get")]
    async fn test_texts(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<TestTextPage>> {
        let scope = request_scope(&caller, req)?;
        let found = TestTextStore::new(state.db.clone())
            .page(
                &scope,
                GatewayConfig::SIMULATOR,
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(TestTextPage {
            content: found.content.into_iter().map(TestTextView::from).collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }

    /// The texts on a customer's phone, newest first (internal notes are not on it).
    #[oai(path = "/api/simulator/phones/:customerId/messages", method = "get")]
    async fn messages(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "customerId")] customer_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<MessagePage>> {
        let scope = request_scope(&caller, req)?;
        customer_in_scope(&state, &scope, customer_id.0).await?;
        let found = state
            .messages
            .texts_of_customer(customer_id.0, PageRequest::new(page.0, size.0)?)
            .await?;
        Ok(Json(found.into()))
    }

    /// Replies as the customer. The text is signed with the simulator's key and handled by
    /// the inbound webhook's code, so it lands in the conversation and on the staff's stream
    /// exactly as a real reply would. Only for stores that use the simulator (409 otherwise).
    #[oai(path = "/api/simulator/phones/:customerId/reply", method = "post")]
    async fn reply(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "customerId")] customer_id: Path<i64>,
        body: Json<SimulatedReply>,
    ) -> ApiResult<Json<MessageView>> {
        let scope = request_scope(&caller, req)?;
        let recipient = customer_in_scope(&state, &scope, customer_id.0).await?;
        let url = format!("{}{INBOUND_PATH}", public_base(&state, req));
        let outcome = state
            .messaging
            .simulate_reply(&recipient, &body.body, &url, Utc::now())
            .await?;
        let message = outcome.message.clone();
        super::webhooks::after_inbound(&state, outcome).await?;
        Ok(Json(message.into()))
    }
}

async fn customer_in_scope(
    state: &AppState,
    scope: &engine::auth::Scope,
    customer_id: i64,
) -> ApiResult<engine::store::recipients::Recipient> {
    let recipient = state
        .recipients
        .recipient(customer_id)
        .await?
        .filter(|r| {
            scope.contains(
                r.store.enterprise_id,
                Some(r.store.boc_id),
                Some(r.store.store_id),
            )
        })
        .ok_or_else(|| engine::Error::not_found("Customer not found"))?;
    Ok(recipient)
}
