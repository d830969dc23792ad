//! Messaging: send rules, the outbound pipeline through the simulator and a Twilio-compatible
//! gateway, signed inbound webhooks, status ordering, opt-out/opt-in/help, allowed hours and
//! role visibility.

mod carrier;
mod hours_and_roles;
mod inbound_email;
mod mail_media_and_logs;
mod notes_and_intents;
mod smtp_and_line_types;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{Duration as ChronoDuration, TimeZone, Timelike, Utc};
use engine::messaging::quiet_hours::AllowedHours;
use engine::messaging::{AutomatedText, MessagingService, signature};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, Marks, MessageInstances as Msg, Stores,
};
use poem::http::StatusCode as PoemStatus;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Form, Path};
use poem::{EndpointExt, IntoResponse, Response as PoemResponse, Route, handler, post};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{LOCAL_GATEWAYS, TestApp, assert_error, spawn_app, spawn_app_with};

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

/// A lead of store 1 whose customer may be texted, with a number of its own.
pub(crate) struct Lead {
    pub(crate) id: i64,
    pub(crate) customer_id: i64,
    pub(crate) phone: String,
}

impl TestApp {
    pub(crate) async fn textable_lead(&self, phone: &str) -> Lead {
        let query = Query::select()
            .columns([(Fsi::Table, Fsi::Id), (Fsi::Table, Fsi::CustomerId)])
            .from(Fsi::Table)
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::StoreId)).eq(1))
            .and_where(Expr::col((Customers::Table, Customers::BlockSms)).eq(false))
            .and_where(Expr::col((Fsi::Table, Fsi::Archived)).eq(false))
            .and_where(Expr::col((Fsi::Table, Fsi::ConversationClosed)).eq(false))
            .order_by((Fsi::Table, Fsi::Id), sea_query::Order::Asc)
            .limit(1)
            .to_owned();
        let (id, customer_id): (i64, i64) = self.db.fetch_optional(&query).await.unwrap().unwrap();
        let update = Query::update()
            .table(Customers::Table)
            .value(Customers::Cellular, phone)
            .value(Customers::Email, "driver@example.com")
            .value(Customers::TimeZone, None::<String>)
            .and_where(Expr::col(Customers::Id).eq(customer_id))
            .to_owned();
        self.db.execute(&update).await.unwrap();
        // Its other leads are closed, so this one is where replies land.
        let close = Query::update()
            .table(Fsi::Table)
            .value(Fsi::ConversationClosed, true)
            .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
            .and_where(Expr::col(Fsi::Id).ne(id))
            .to_owned();
        self.db.execute(&close).await.unwrap();
        Lead {
            id,
            customer_id,
            phone: phone.to_owned(),
        }
    }

    async fn send(&self, token: &str, body: Value) -> reqwest::Response {
        self.post_json("/api/svc-message-instance/svc-send-message", token, &body)
            .await
    }

    pub(crate) async fn send_sms(&self, token: &str, lead: &Lead, content: &str) -> Value {
        let response = self
            .send(
                token,
                json!({ "jaguarFutureServiceInteractionId": lead.id, "content": content }),
            )
            .await;
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    pub(crate) async fn history(&self, token: &str, lead_id: i64) -> Vec<Value> {
        let response = self
            .get(
                &format!(
                    "/api/svc-message-instance/conversation-history?future_service_interaction_id={lead_id}"
                ),
                Some(token),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// Polls the conversation until a message satisfies `wanted`.
    pub(crate) async fn wait_for_message(
        &self,
        token: &str,
        lead_id: i64,
        wanted: impl Fn(&Value) -> bool,
    ) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let history = self.history(token, lead_id).await;
            if let Some(found) = history.iter().find(|m| wanted(m)) {
                return found.clone();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "not found in {history:#?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn message_count(&self) -> i64 {
        let query = Query::select()
            .expr(Expr::col(Msg::Id).count())
            .from(Msg::Table)
            .to_owned();
        self.db.fetch_scalar(&query).await.unwrap()
    }

    fn service(&self) -> MessagingService {
        MessagingService::new(self.db.clone(), self.messaging_settings())
    }

    /// Posts a provider form to a webhook path, signed with `token` unless `signature` is given.
    async fn post_webhook(
        &self,
        path: &str,
        auth_token: &str,
        params: &[(&str, &str)],
        signature_override: Option<&str>,
    ) -> reqwest::Response {
        let url = self.url(path);
        let pairs: Vec<(String, String)> = params
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let signature = signature_override
            .map(str::to_owned)
            .unwrap_or_else(|| signature::sign(auth_token, &url, &pairs));
        self.client
            .post(url)
            .header("X-Twilio-Signature", signature)
            .form(&pairs)
            .send()
            .await
            .unwrap()
    }

    async fn simulator_token(&self) -> String {
        self.service().simulator_config().await.unwrap().auth_token
    }

    /// A customer's text to store 1's number, signed like the simulator signs it.
    pub(crate) async fn inbound(&self, from: &str, body: &str, sid: &str) -> reqwest::Response {
        let token = self.simulator_token().await;
        self.post_webhook(
            "/api/sms/twilio/inbound",
            &token,
            &[
                ("AccountSid", "ACsimulator"),
                ("MessageSid", sid),
                ("From", from),
                ("To", &self.store_phone(1).await),
                ("Body", body),
                ("NumMedia", "0"),
            ],
            None,
        )
        .await
    }

    pub(crate) async fn store_phone(&self, store_id: i64) -> String {
        let query = Query::select()
            .column(Stores::PhoneNumber)
            .from(Stores::Table)
            .and_where(Expr::col(Stores::Id).eq(store_id))
            .to_owned();
        let (phone,): (String,) = self.db.fetch_optional(&query).await.unwrap().unwrap();
        phone
    }

    async fn lead_counts(&self, lead_id: i64) -> (i32, i32, Option<String>) {
        let query = Query::select()
            .columns([
                Fsi::TotalInboundCount,
                Fsi::TotalUnreadCount,
                Fsi::LatestMessage,
            ])
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::Id).eq(lead_id))
            .to_owned();
        self.db.fetch_optional(&query).await.unwrap().unwrap()
    }

    pub(crate) async fn customer_blocked(&self, customer_id: i64) -> bool {
        let query = Query::select()
            .column(Customers::BlockSms)
            .from(Customers::Table)
            .and_where(Expr::col(Customers::Id).eq(customer_id))
            .to_owned();
        let (blocked,): (bool,) = self.db.fetch_optional(&query).await.unwrap().unwrap();
        blocked
    }

    pub(crate) async fn opt_out_marks(&self, customer_id: i64) -> i64 {
        let query = Query::select()
            .expr(Expr::col(Marks::Id).count())
            .from(Marks::Table)
            .and_where(Expr::col(Marks::CustomerId).eq(customer_id))
            .and_where(Expr::col(Marks::MarkCode).eq("SMS_OPT_OUT"))
            .to_owned();
        self.db.fetch_scalar(&query).await.unwrap()
    }

    async fn put(&self, path: &str, token: &str, body: Option<Value>) -> reqwest::Response {
        self.request(reqwest::Method::PUT, path, token, body).await
    }
}

fn texts_to<'a>(history: &'a [Value], to: &str) -> Vec<&'a Value> {
    history
        .iter()
        .filter(|m| m["direction"] != "RECEIVED" && m["to"] == to)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// A Twilio-compatible server that records what it is sent.

/// One request the fake received: account, Authorization header, form fields.
pub(crate) type Recorded = (String, String, Vec<(String, String)>);

#[derive(Clone, Default)]
pub(crate) struct FakeTwilio {
    pub(crate) requests: Arc<Mutex<Vec<Recorded>>>,
}

#[handler]
async fn fake_messages(
    Path(account): Path<String>,
    req: &poem::Request,
    Form(form): Form<Vec<(String, String)>>,
    Data(fake): Data<&FakeTwilio>,
) -> PoemResponse {
    let auth = req.header("Authorization").unwrap_or_default().to_owned();
    fake.requests
        .lock()
        .unwrap()
        .push((account, auth, form.clone()));
    let to = form
        .iter()
        .find(|(k, _)| k == "To")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    if to.ends_with("0004") {
        return poem::web::Json(json!({
            "code": 21610,
            "message": "Attempt to send to unsubscribed recipient",
            "status": 400
        }))
        .with_status(PoemStatus::BAD_REQUEST)
        .into_response();
    }
    if to.ends_with("0500") {
        return PoemResponse::builder()
            .status(PoemStatus::SERVICE_UNAVAILABLE)
            .body("try later");
    }
    let count = fake.requests.lock().unwrap().len();
    poem::web::Json(json!({ "sid": format!("SMfake{count:026}"), "status": "queued" }))
        .with_status(PoemStatus::CREATED)
        .into_response()
}

/// Twilio's Lookup v2: the line type by the number's last digits.
#[handler]
async fn fake_lookup(
    Path(phone): Path<String>,
    req: &poem::Request,
    Data(fake): Data<&FakeTwilio>,
) -> PoemResponse {
    let auth = req.header("Authorization").unwrap_or_default().to_owned();
    let query = req.uri().query().unwrap_or_default().to_owned();
    fake.requests
        .lock()
        .unwrap()
        .push((phone.clone(), auth, vec![("query".to_owned(), query)]));
    if phone.ends_with("0500") {
        return poem::web::Json(json!({ "code": 20003, "message": "Authenticate", "status": 401 }))
            .with_status(PoemStatus::UNAUTHORIZED)
            .into_response();
    }
    let kind = if phone.ends_with("0009") {
        "landline"
    } else if phone.ends_with("0008") {
        "nonFixedVoip"
    } else {
        "mobile"
    };
    poem::web::Json(json!({
        "phone_number": phone,
        "line_type_intelligence": { "type": kind, "carrier_name": "Fake Carrier", "error_code": null }
    }))
    .into_response()
}

pub(crate) async fn start_fake_twilio() -> (String, FakeTwilio) {
    let fake = FakeTwilio::default();
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let address = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
    let app = Route::new()
        .at(
            "/2010-04-01/Accounts/:account/Messages.json",
            post(fake_messages),
        )
        .at("/v2/PhoneNumbers/:phone", poem::get(fake_lookup))
        .data(fake.clone());
    tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
    (format!("http://{address}"), fake)
}

const TWILIO_TOKEN: &str = "twilio-test-auth-token";
const TWILIO_SID: &str = "AC00000000000000000000000000000001";

async fn use_fake_twilio(app: &TestApp) -> FakeTwilio {
    let (base, fake) = start_fake_twilio().await;
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .put(
            "/api/messaging/gateway",
            &admin,
            Some(json!({
                "enterpriseId": 1,
                "storeId": 1,
                "provider": "twilio",
                "accountSid": TWILIO_SID,
                "authToken": TWILIO_TOKEN,
                "apiBaseUrl": base,
            })),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{}",
        response.text().await.unwrap()
    );
    fake
}

// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_staff_text_is_queued_then_delivered_through_the_simulator() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770001").await;
    let token = app.token_of("office-manager").await;

    let sent = app
        .send_sms(&token, &lead, "Your <b>oil change</b> is due")
        .await;

    assert_eq!(sent["direction"], "SEND");
    assert_eq!(sent["messageType"], "SMS");
    assert_eq!(sent["notificationType"], "MESSAGE_TO_CUSTOMER");
    assert_eq!(sent["to"], lead.phone);
    assert_eq!(sent["content"], "Your oil change is due");
    let delivered = app
        .wait_for_message(&token, lead.id, |m| {
            m["id"] == sent["id"] && m["messageStatus"] == "delivered"
        })
        .await;
    assert_eq!(delivered["direction"], "SENT");
    assert!(delivered["sentAt"].is_string() && delivered["deliveredAt"].is_string());
    let (_, _, latest) = app.lead_counts(lead.id).await;
    assert_eq!(latest.as_deref(), Some("Your oil change is due"));
}

#[tokio::test]
async fn send_rules_are_checked_on_the_server_and_a_refused_send_stores_nothing() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770002").await;
    let token = app.token_of("office-manager").await;
    let before = app.message_count().await;
    let cases = [
        (json!({ "content": "   " }), "Please Enter Message"),
        (
            json!({ "messageType": "EMAIL", "content": "Hello" }),
            "Please Enter Subject",
        ),
        (
            json!({ "messageType": "EMAIL", "subject": "Hi", "content": "" }),
            "Please Enter Message",
        ),
        (
            json!({ "messageType": "EMAIL", "content": "" }),
            "Please Enter Subject",
        ),
        (
            json!({ "messageType": "CALENDAR", "content": "Invite" }),
            "This Division has no Assistant",
        ),
        (json!({ "content": "Hi", "to": "555-12" }), "Invalid Number"),
        (
            json!({ "content": "Hi", "to": "555-CALL-NOW" }),
            "Invalid Number",
        ),
    ];
    for (extra, expected) in cases {
        let mut body = json!({ "jaguarFutureServiceInteractionId": lead.id });
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let message = assert_error(
            app.send(&token, body.clone()).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(message, expected, "{body}");
    }

    // An assistant without a phone cannot text.
    let no_phone = Query::update()
        .table(engine::store::schema::Assistants::Table)
        .value(
            engine::store::schema::Assistants::AgentPhoneNumber,
            None::<String>,
        )
        .and_where(Expr::col(engine::store::schema::Assistants::StoreId).eq(1))
        .to_owned();
    app.db.execute(&no_phone).await.unwrap();
    let message = assert_error(
        app.send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Hi" }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(message, "This Division has no Assistant");
    assert_eq!(app.message_count().await, before);
}

#[tokio::test]
async fn phone_numbers_are_normalized_and_html_becomes_one_line_of_text() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770003").await;
    let token = app.token_of("office-manager").await;
    let sent = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "to": "1 (555) 777-0003",
                "content": "<p>Use code &lt;SPRING&gt;</p>\n<p>See you!</p>",
            }),
        )
        .await;
    let sent: Value = sent.json().await.unwrap();
    assert_eq!(sent["to"], "+15557770003");
    assert_eq!(sent["content"], "Use code <SPRING> See you!");
}

#[tokio::test]
async fn other_tenants_and_unknown_leads_are_not_found() {
    let app = spawn_app().await;
    let summit = app.token_of("summit-admin").await;
    let lead = app.textable_lead("+15557770004").await;
    let before = app.message_count().await;
    let response = app
        .send(
            &summit,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .get(
            &format!(
                "/api/svc-message-instance/conversation-history?future_service_interaction_id={}",
                lead.id
            ),
            Some(&summit),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let own = app.token_of("office-manager").await;
    let response = app
        .send(
            &own,
            json!({ "jaguarFutureServiceInteractionId": 999_999_999, "content": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    assert_eq!(app.message_count().await, before);
}

#[tokio::test]
async fn an_inbound_text_with_a_wrong_signature_is_refused_and_not_stored() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770005").await;
    let before = app.message_count().await;
    let to = app.store_phone(1).await;
    let params = [
        ("MessageSid", "SMforged0000000000000000000000001"),
        ("From", lead.phone.as_str()),
        ("To", to.as_str()),
        ("Body", "forged"),
    ];
    let response = app
        .post_webhook("/api/sms/twilio/inbound", "not-the-token", &params, None)
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let response = app
        .post_webhook(
            "/api/sms/twilio/inbound",
            "",
            &params,
            Some("bm90IGEgc2lnbmF0dXJl"),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let unsigned = app
        .client
        .post(app.url("/api/sms/twilio/inbound"))
        .form(&params)
        .send()
        .await
        .unwrap();
    assert_error(unsigned, StatusCode::FORBIDDEN).await;
    assert_eq!(app.message_count().await, before);
}

#[tokio::test]
async fn an_inbound_text_joins_the_active_lead_counts_as_unread_and_reaches_the_stream() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770006").await;
    let token = app.token_of("office-manager").await;
    let mut events = app.open_events(&token).await;
    let (inbound_before, unread_before, _) = app.lead_counts(lead.id).await;

    let response = app
        .inbound(
            &lead.phone,
            "Can I come Tuesday?",
            "SMinbound000000000000000000000001",
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains("<Response>"));

    let (inbound, unread, latest) = app.lead_counts(lead.id).await;
    assert_eq!((inbound, unread), (inbound_before + 1, unread_before + 1));
    assert_eq!(latest.as_deref(), Some("Can I come Tuesday?"));
    let history = app.history(&token, lead.id).await;
    let received = history.last().unwrap();
    assert_eq!(received["direction"], "RECEIVED");
    assert_eq!(received["notificationType"], "MESSAGE_FROM_CUSTOMER");
    assert_eq!(received["customerId"], lead.customer_id);
    let created = events
        .wait_for("message", Duration::from_secs(10), |e| {
            e["type"] == "message.created" && e["message"]["content"] == "Can I come Tuesday?"
        })
        .await;
    assert!(created.is_some(), "the reply reached the staff's stream");
    let counts = events
        .wait_for("lead", Duration::from_secs(10), |e| {
            e["lead"]["id"] == lead.id
        })
        .await
        .expect("lead counts event");
    assert_eq!(counts["lead"]["totalUnreadCount"], unread_before + 1);

    // Reading the conversation clears its unread count.
    let response = app
        .put(
            "/api/svc-message-instance/read",
            &token,
            Some(json!({ "futureServiceInteractionId": lead.id, "lastMessageId": received["id"] })),
        )
        .await;
    let read: Value = response.json().await.unwrap();
    assert_eq!(read["totalUnreadCount"], 0);
    assert_eq!(app.lead_counts(lead.id).await.1, 0);
}

#[tokio::test]
async fn a_provider_retry_of_the_same_message_sid_is_stored_once() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770007").await;
    let (inbound_before, _, _) = app.lead_counts(lead.id).await;
    for _ in 0..3 {
        let response = app
            .inbound(
                &lead.phone,
                "Yes please",
                "SMretry0000000000000000000000001",
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let token = app.token_of("office-manager").await;
    let history = app.history(&token, lead.id).await;
    let copies = history
        .iter()
        .filter(|m| m["content"] == "Yes please")
        .count();
    assert_eq!(copies, 1);
    assert_eq!(app.lead_counts(lead.id).await.0, inbound_before + 1);
}

#[tokio::test]
async fn unread_counts_group_by_service_store_and_appointment() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770008").await;
    app.inbound(&lead.phone, "Hello?", "SMunread000000000000000000000001")
        .await;
    let token = app.token_of("enterprise-admin").await;
    for path in [
        "/api/svc-message-instance/unreadByService",
        "/api/svc-message-instance/unreadByStoreId",
        "/api/svc-message-instance/v2/unreadByStoreId?enterpriseId=1&storeIdPk=1",
        "/api/svc-message-instance/v2/unreadByAppt?enterpriseId=1",
        "/api/svc-message-instance/v2/unreadByROStatus?enterpriseId=1",
    ] {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let counts: Vec<Value> = response.json().await.unwrap();
        if !path.contains("ROStatus") {
            let total: i64 = counts
                .iter()
                .map(|c| c["unreadCount"].as_i64().unwrap())
                .sum();
            assert!(total >= 1, "{path}: {counts:?}");
        }
    }
    let by_store: Vec<Value> = app
        .get(
            "/api/svc-message-instance/v2/unreadByStoreId?enterpriseId=1&storeIdPk=1",
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(by_store.iter().all(|c| c["key"] == "1"), "{by_store:?}");
    let summit = app.token_of("summit-admin").await;
    let response = app
        .get(
            "/api/svc-message-instance/v2/unreadByStoreId?enterpriseId=1",
            Some(&summit),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}
