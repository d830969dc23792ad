//! Messaging: send rules, the outbound pipeline through the simulator and a Twilio-compatible
//! gateway, signed inbound webhooks, status ordering, opt-out/opt-in/help, allowed hours and
//! role visibility.

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

#[tokio::test]
async fn stop_opts_the_customer_out_once_and_later_sends_are_refused() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770009").await;
    let token = app.token_of("office-manager").await;

    app.inbound(&lead.phone, "STOP", "SMstop00000000000000000000000001")
        .await;
    assert!(app.customer_blocked(lead.customer_id).await);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);
    let confirmation = app
        .wait_for_message(&token, lead.id, |m| {
            m["to"] == lead.phone.as_str()
                && m["content"].as_str().unwrap_or("").contains("unsubscribed")
        })
        .await;
    assert_eq!(confirmation["messageSentBy"], "Compliance");
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == confirmation["id"] && m["messageStatus"] == "delivered"
    })
    .await;

    // A second STOP changes nothing and is not confirmed again.
    app.inbound(&lead.phone, "stop", "SMstop00000000000000000000000002")
        .await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let history = app.history(&token, lead.id).await;
    let confirmations = texts_to(&history, &lead.phone)
        .into_iter()
        .filter(|m| m["content"].as_str().unwrap_or("").contains("unsubscribed"))
        .count();
    assert_eq!(confirmations, 1);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);

    let before = app.message_count().await;
    let response = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Still there?" }),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("opted out"), "{message}");
    assert_eq!(app.message_count().await, before);

    let lead_view: Value = app
        .get(
            &format!("/api/future-service-interaction/{}", lead.id),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(lead_view["customerMaster"]["blockSms"], true);
    assert!(
        lead_view["customerMarks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["intentType"] == "SMS_OPT_OUT"),
        "{lead_view}"
    );
}

#[tokio::test]
async fn every_opt_out_keyword_blocks_and_start_opts_back_in() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770010").await;
    let token = app.token_of("office-manager").await;
    for (n, word) in [
        "STOPALL",
        "Unsubscribe",
        "cancel",
        "END",
        "quit",
        "REVOKE",
        "OPTOUT",
    ]
    .iter()
    .enumerate()
    {
        app.inbound(&lead.phone, word, &format!("SMkw{n:030}"))
            .await;
        assert!(app.customer_blocked(lead.customer_id).await, "{word}");
        app.inbound(&lead.phone, "START", &format!("SMst{n:030}"))
            .await;
        assert!(
            !app.customer_blocked(lead.customer_id).await,
            "START after {word}"
        );
        assert_eq!(app.opt_out_marks(lead.customer_id).await, 0);
    }
    let consent = Query::select()
        .columns([Customers::ConsentSource, Customers::ConsentText])
        .from(Customers::Table)
        .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
        .to_owned();
    let (source, text): (String, String) = app.db.fetch_optional(&consent).await.unwrap().unwrap();
    assert_eq!((source.as_str(), text.as_str()), ("SMS_KEYWORD", "START"));
    // Texting works again after opting back in.
    app.send_sms(&token, &lead, "Welcome back").await;
    for (n, word) in ["YES", "unstop"].iter().enumerate() {
        app.inbound(&lead.phone, "STOP", &format!("SMs2{n:030}"))
            .await;
        app.inbound(&lead.phone, word, &format!("SMy2{n:030}"))
            .await;
        assert!(!app.customer_blocked(lead.customer_id).await, "{word}");
    }
}

#[tokio::test]
async fn help_is_answered_with_the_stores_help_text() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770011").await;
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .put(
            "/api/messaging/store-settings/1",
            &admin,
            Some(json!({ "quietHoursStart": "08:00", "quietHoursEnd": "21:00", "helpText": "Bayline Toyota service: call 555-0100." })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    app.inbound(&lead.phone, "HELP", "SMhelp00000000000000000000000001")
        .await;
    let token = app.token_of("office-manager").await;
    let reply = app
        .wait_for_message(&token, lead.id, |m| {
            m["content"] == "Bayline Toyota service: call 555-0100."
        })
        .await;
    assert_eq!(reply["to"], lead.phone.as_str());
    assert!(!app.customer_blocked(lead.customer_id).await);
    app.inbound(&lead.phone, "info", "SMhelp00000000000000000000000002")
        .await;
    app.wait_for_message(&token, lead.id, |m| {
        m["content"] == "Bayline Toyota service: call 555-0100." && m["id"] != reply["id"]
    })
    .await;
}

#[tokio::test]
async fn the_twilio_gateway_posts_messages_with_basic_auth_status_callback_and_media() {
    let app = spawn_app_with(&[
        ("BAYLINE_PUBLIC_URL", "https://bayline.example.test"),
        LOCAL_GATEWAYS[0],
    ])
    .await;
    let fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770012").await;
    let token = app.token_of("office-manager").await;
    let sent = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "content": "Here is your invoice",
                "mediaUrl": ["https://example.com/media/abc/invoice.pdf"],
            }),
        )
        .await;
    let sent: Value = sent.json().await.unwrap();
    let message = app
        .wait_for_message(&token, lead.id, |m| {
            m["id"] == sent["id"] && m["direction"] == "SENT"
        })
        .await;
    assert_eq!(message["messageStatus"], "queued");

    let requests = fake.requests.lock().unwrap().clone();
    let (account, auth, form) = requests.last().unwrap();
    assert_eq!(account, TWILIO_SID);
    use base64::Engine;
    let expected =
        base64::engine::general_purpose::STANDARD.encode(format!("{TWILIO_SID}:{TWILIO_TOKEN}"));
    assert_eq!(auth, &format!("Basic {expected}"));
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    assert_eq!(field("To").as_deref(), Some(lead.phone.as_str()));
    assert_eq!(field("Body").as_deref(), Some("Here is your invoice"));
    assert_eq!(
        field("MediaUrl").as_deref(),
        Some("https://example.com/media/abc/invoice.pdf")
    );
    assert!(field("From").is_some_and(|f| f.starts_with("+1")));
    let callback = field("StatusCallback").expect("a status callback");
    assert_eq!(
        callback,
        format!(
            "https://bayline.example.test/api/sms/twilio/status?messageId={}",
            sent["id"]
        )
    );
}

#[tokio::test]
async fn status_callbacks_only_move_forward_and_failures_keep_the_providers_code() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let _fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770013").await;
    let token = app.token_of("office-manager").await;
    let first = app.send_sms(&token, &lead, "First").await;
    let second = app.send_sms(&token, &lead, "Second").await;
    for m in [&first, &second] {
        app.wait_for_message(&token, lead.id, |x| {
            x["id"] == m["id"] && x["direction"] == "SENT"
        })
        .await;
    }
    let callback = |id: &Value, status: &'static str, code: Option<&'static str>| {
        let path = format!("/api/sms/twilio/status?messageId={id}");
        let mut params = vec![("MessageSid", "SMwhatever"), ("MessageStatus", status)];
        if let Some(code) = code {
            params.push(("ErrorCode", code));
        }
        (path, params)
    };

    // Out of order: delivered arrives before sent; sent must not move it back.
    for (status, code) in [
        ("delivered", None),
        ("sent", None),
        ("sending", None),
        ("failed", Some("30008")),
    ] {
        let (path, params) = callback(&first["id"], status, code);
        let response = app.post_webhook(&path, TWILIO_TOKEN, &params, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{status}");
    }
    let first_now = app
        .wait_for_message(&token, lead.id, |m| m["id"] == first["id"])
        .await;
    assert_eq!(first_now["messageStatus"], "delivered");
    assert_eq!(first_now["errorCode"], Value::Null);

    for (status, code) in [
        ("sent", None),
        ("undelivered", Some("30006")),
        ("delivered", None),
    ] {
        let (path, params) = callback(&second["id"], status, code);
        app.post_webhook(&path, TWILIO_TOKEN, &params, None).await;
    }
    let second_now = app
        .wait_for_message(&token, lead.id, |m| m["id"] == second["id"])
        .await;
    assert_eq!(second_now["messageStatus"], "undelivered");
    assert_eq!(second_now["errorCode"], "30006");
    assert_eq!(second_now["errors"], "Landline or unreachable carrier");

    // A callback signed with another token changes nothing.
    let (path, params) = callback(&second["id"], "read", None);
    let response = app.post_webhook(&path, "wrong-token", &params, None).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn a_provider_answering_21610_opts_the_customer_out() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let _fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770004").await; // the fake refuses numbers ending 0004
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Hello").await;
    let refused = app
        .wait_for_message(&token, lead.id, |m| {
            m["id"] == sent["id"] && m["messageStatus"] == "RESTRICTED"
        })
        .await;
    assert_eq!(refused["errorCode"], "21610");
    assert_eq!(
        refused["errors"],
        "Attempt to send to unsubscribed recipient"
    );
    assert!(app.customer_blocked(lead.customer_id).await);
    let response = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Again" }),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_provider_outage_is_retried_not_failed() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770500").await; // the fake answers 503 for …0500
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Are you there?").await;
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while fake.requests.lock().unwrap().len() < 2 {
        assert!(std::time::Instant::now() < deadline, "no retry happened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let message = app
        .wait_for_message(&token, lead.id, |m| m["id"] == sent["id"])
        .await;
    assert_eq!(
        message["messageStatus"], "queued",
        "still waiting to go out: {message}"
    );
}

/// Allowed hours that exclude the present moment in `zone`.
fn hours_excluding_now(zone: chrono_tz::Tz) -> (String, String) {
    let local = Utc::now().with_timezone(&zone);
    let start = (local.hour() + 2) % 24;
    let end = (local.hour() + 4) % 24;
    (format!("{start:02}:00"), format!("{end:02}:00"))
}

#[tokio::test]
async fn automated_texts_outside_allowed_hours_wait_for_the_next_opening_in_the_recipients_zone() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770014").await;
    let office_zone: String = {
        let query = Query::select()
            .column((
                engine::store::schema::Offices::Table,
                engine::store::schema::Offices::TimeZone,
            ))
            .from(engine::store::schema::Offices::Table)
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::OfficeId)).equals((
                    engine::store::schema::Offices::Table,
                    engine::store::schema::Offices::Id,
                )),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).eq(1))
            .to_owned();
        let (zone,): (String,) = app.db.fetch_optional(&query).await.unwrap().unwrap();
        zone
    };
    let zone: chrono_tz::Tz = office_zone.parse().unwrap();
    let (start, end) = hours_excluding_now(zone);
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .put(
            "/api/messaging/store-settings/1",
            &admin,
            Some(json!({ "quietHoursStart": start, "quietHoursEnd": end })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let scope = engine::auth::Scope {
        enterprise_id: 1,
        boc_id: None,
        store_id: None,
    };
    let service = app.service();
    let now = Utc::now();
    let queued = service
        .queue_automated(
            &scope,
            AutomatedText {
                fsi_id: lead.id,
                content: "Your 5K service is due".into(),
                sender_name: None,
            },
            now,
        )
        .await
        .unwrap();
    let expected = AllowedHours::parse(&start, &end)
        .unwrap()
        .next_opening(now, zone)
        .unwrap();
    assert_eq!(queued.scheduled_for, Some(expected));
    assert!(queued.is_automated);

    // The dispatcher leaves it alone: it is not dropped, it waits.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let waiting = service.store().require(queued.id).await.unwrap();
    assert_eq!(waiting.message_status.as_str(), "queued");
    assert_eq!(waiting.scheduled_for, Some(expected));

    // A customer in a zone where it is now daytime gets it at once, whatever the store's zone.
    let window = AllowedHours::parse(&start, &end).unwrap();
    let customer_zone = (-12..=14)
        .map(|offset: i32| {
            // POSIX names have the sign reversed: Etc/GMT-3 is three hours ahead of UTC.
            let name = match offset {
                0 => "Etc/GMT".to_owned(),
                o if o > 0 => format!("Etc/GMT-{o}"),
                o => format!("Etc/GMT+{}", -o),
            };
            name.parse::<chrono_tz::Tz>().unwrap()
        })
        .find(|z| window.contains(Utc::now(), *z))
        .expect("some zone is inside the window");
    let set_zone = Query::update()
        .table(Customers::Table)
        .value(Customers::TimeZone, customer_zone.name())
        .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
        .to_owned();
    app.db.execute(&set_zone).await.unwrap();
    let immediate = service
        .queue_automated(
            &scope,
            AutomatedText {
                fsi_id: lead.id,
                content: "Reminder".into(),
                sender_name: None,
            },
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(immediate.scheduled_for, None);
    let token = app.token_of("office-manager").await;
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == immediate.id && m["messageStatus"] == "delivered"
    })
    .await;

    // When the opening comes, the waiting text goes out.
    let due = Query::update()
        .table(Msg::Table)
        .value(Msg::ScheduledFor, Utc::now() - ChronoDuration::seconds(1))
        .and_where(Expr::col(Msg::Id).eq(queued.id))
        .to_owned();
    app.db.execute(&due).await.unwrap();
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == queued.id && m["messageStatus"] == "delivered"
    })
    .await;
}

#[tokio::test]
async fn staff_texts_are_not_held_by_allowed_hours() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770015").await;
    let admin = app.token_of("enterprise-admin").await;
    let (start, end) = hours_excluding_now(chrono_tz::UTC);
    // Outside for every zone the demo uses is not guaranteed; a one-hour window an hour away
    // in UTC is outside for this store's customers most of the day, and staff texts ignore it.
    app.put(
        "/api/messaging/store-settings/1",
        &admin,
        Some(json!({ "quietHoursStart": start, "quietHoursEnd": end })),
    )
    .await;
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Typed by staff").await;
    assert_eq!(sent["scheduledFor"], Value::Null);
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == sent["id"] && m["messageStatus"] == "delivered"
    })
    .await;
}

#[tokio::test]
async fn internal_notes_and_archived_messages_follow_the_roles() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770016").await;
    let manager = app.token_of("office-manager").await;
    let super_user = app.token_of("super-user").await;
    let data_admin = app.token_of("super-data-admin").await;

    let response = app
        .send(&manager, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": "Call him" }))
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let note = app
        .send(&super_user, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": "VIP customer" }))
        .await;
    assert_eq!(note.status(), StatusCode::OK);
    let note: Value = note.json().await.unwrap();
    assert_eq!(note["notificationType"], "INTERNAL_NOTES");

    let text = app.send_sms(&manager, &lead, "To be archived").await;
    let ids = |history: Vec<Value>| history.iter().map(|m| m["id"].clone()).collect::<Vec<_>>();
    assert!(!ids(app.history(&manager, lead.id).await).contains(&note["id"]));
    assert!(ids(app.history(&super_user, lead.id).await).contains(&note["id"]));
    assert!(ids(app.history(&data_admin, lead.id).await).contains(&note["id"]));

    let archive = format!(
        "/api/svc-message-instance/archive?message_instance_id={}",
        text["id"]
    );
    assert_error(
        app.put(&archive, &manager, None).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let response = app.put(&archive, &super_user, None).await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Successfully Archived");
    assert!(!ids(app.history(&manager, lead.id).await).contains(&text["id"]));
    assert!(!ids(app.history(&super_user, lead.id).await).contains(&text["id"]));
    let seen_by_data_admin = app.history(&data_admin, lead.id).await;
    let archived = seen_by_data_admin
        .iter()
        .find(|m| m["id"] == text["id"])
        .expect("archived is visible");
    assert_eq!(archived["archived"], true);

    // GM notifications by e-mail only for SUPER_DATA_ADMIN; by text for everyone.
    for (kind, content) in [("EMAIL", "GM by mail"), ("SMS", "GM by text")] {
        let insert = Query::insert()
            .into_table(Msg::Table)
            .columns([
                Msg::EnterpriseId,
                Msg::StoreId,
                Msg::FsiId,
                Msg::CustomerId,
                Msg::Direction,
                Msg::MessageType,
                Msg::NotificationType,
                Msg::Content,
                Msg::MessageStatus,
                Msg::CreatedAt,
                Msg::UpdatedAt,
            ])
            .values_panic([
                1.into(),
                1.into(),
                lead.id.into(),
                lead.customer_id.into(),
                "SENT".into(),
                kind.into(),
                "INTERNAL_NOTIFICATION_GM".into(),
                content.into(),
                "delivered".into(),
                Utc::now().into(),
                Utc::now().into(),
            ])
            .to_owned();
        app.db.execute(&insert).await.unwrap();
    }
    let contents = |history: Vec<Value>| {
        history
            .iter()
            .map(|m| m["content"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let manager_view = contents(app.history(&manager, lead.id).await);
    assert!(manager_view.contains(&"GM by text".to_owned()));
    assert!(!manager_view.contains(&"GM by mail".to_owned()));
    assert!(contents(app.history(&data_admin, lead.id).await).contains(&"GM by mail".to_owned()));
}

#[tokio::test]
async fn email_and_calendar_invites_go_to_the_outbox_as_mime_with_ics() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770017").await;
    let token = app.token_of("office-manager").await;
    let email = app
        .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "EMAIL", "subject": "Your visit", "content": "<p>Thanks!</p>" }))
        .await;
    assert_eq!(email.status(), StatusCode::OK);
    let starts = Utc.with_ymd_and_hms(2031, 5, 6, 14, 30, 0).unwrap();
    let invite = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "CALENDAR_INVITE",
                "title": "Service appointment",
                "content": "Oil change",
                "startTime": starts.to_rfc3339(),
            }),
        )
        .await;
    let invite: Value = invite.json().await.unwrap();
    assert_eq!(invite["notificationType"], "USER_INVITE");
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == invite["id"] && m["messageStatus"] == "delivered"
    })
    .await;

    let outbox: Value = app
        .get("/api/email/outbox", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let mails = outbox["content"].as_array().unwrap();
    let mail = mails
        .iter()
        .find(|m| m["messageId"] == invite["id"])
        .expect("invite in the outbox");
    assert_eq!(mail["status"], "stored");
    assert_eq!(mail["to"], "driver@example.com");
    let mime = mail["mime"].as_str().unwrap();
    assert!(mime.contains("text/calendar; method=REQUEST"), "{mime}");
    assert!(mime.contains("DTSTART:20310506T143000Z"), "{mime}");
    assert!(mails.iter().any(|m| m["subject"] == "Your visit"));

    let response = app
        .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "CALENDAR_INVITE", "title": "No time", "content": "x" }))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn media_uploads_are_checked_by_content_and_served_back() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770018").await;
    let token = app.token_of("office-manager").await;
    let upload = |bytes: Vec<u8>, name: &'static str| {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name);
        let form = reqwest::multipart::Form::new().part("file", part);
        app.client
            .post(app.url(&format!("/api/uploadFile?fsiId={}", lead.id)))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(form)
            .send()
    };
    let response = upload(PNG.to_vec(), "dent photo.png").await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    assert_eq!(uploaded["contentType"], "image/png");
    let url = uploaded["url"].as_str().unwrap();
    let served = app.client.get(url).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);

    let response = upload(b"MZ\x90\0 not an image".to_vec(), "photo.png")
        .await
        .unwrap();
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let mut big = PNG.to_vec();
    big.resize(5 * 1024 * 1024 + 1, 0);
    let response = upload(big, "big.png").await.unwrap();
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let missing = app
        .client
        .get(app.url("/media/nope/x.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn log_mode_response_time_transcript_and_assistants() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770019").await;
    let super_user = app.token_of("super-user").await;
    let manager = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "When can I come?",
        "SMlog000000000000000000000000001",
    )
    .await;
    let question = app
        .wait_for_message(&manager, lead.id, |m| m["content"] == "When can I come?")
        .await;

    let path = format!(
        "/api/future-service-interaction/track/logMode?future-service-interaction-id={}&messageId={}",
        lead.id, question["id"]
    );
    assert_error(
        app.post_json(&path, &manager, &json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let enabled: Value = app
        .post_json(&path, &super_user, &json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(enabled["message"], "Log mode enabled");
    let answer = app
        .send(&super_user, json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Tomorrow at 9", "isLogModeToBeSent": true }))
        .await;
    let answer: Value = answer.json().await.unwrap();
    assert!(answer["messageResponseTime"].as_i64().unwrap() >= 0);
    let logged = app
        .wait_for_message(&super_user, lead.id, |m| m["id"] == question["id"])
        .await;
    assert_eq!(logged["logMode"], true);
    assert_eq!(logged["validLogMode"], true);
    let invalid: Value = app
        .put(
            "/api/svc-message-instance/updateLogModeResponseValidity",
            &super_user,
            Some(json!({ "messageId": question["id"], "isValid": false })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(invalid["validLogMode"], false);
    let report: Value = app
        .post_json(
            "/api/svc-message-instance/report/logMessages",
            &super_user,
            &json!({ "validity": "INVALID" }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        report["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == question["id"])
    );

    // Set Response Time: DD-MM-YYYY HH:mm:ss, after the question.
    let at = (Utc::now() + ChronoDuration::minutes(5))
        .format("%d-%m-%Y %H:%M:%S")
        .to_string();
    let updated: Value = app
        .put(
            "/api/svc-message-instance/message-response-time",
            &super_user,
            Some(json!({ "id": answer["id"], "msgDateTime": at })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        updated["messageResponseTime"].as_i64().unwrap() >= 4 * 60 * 1000,
        "{updated}"
    );
    let response = app
        .put(
            "/api/svc-message-instance/message-response-time",
            &super_user,
            Some(json!({ "id": answer["id"] })),
        )
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "Please Enter Response date and time"
    );

    let transcript = app
        .get(
            &format!("/api/svc-message-instance/download/transcript/{}", lead.id),
            Some(&manager),
        )
        .await;
    assert_eq!(transcript.status(), StatusCode::OK);
    assert!(
        transcript.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let text = transcript.text().await.unwrap();
    assert!(
        text.contains("When can I come?") && text.contains("Tomorrow at 9"),
        "{text}"
    );

    let assistants: Vec<Value> = app
        .get(
            "/assistant/v2/getassistlist?store_id_pk=1&divisionId=DIV004",
            Some(&manager),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(assistants.len(), 1);
    assert!(
        assistants[0]["agentPhoneNumber"]
            .as_str()
            .unwrap()
            .starts_with("+1")
    );
}

#[tokio::test]
async fn the_simulator_reply_goes_through_the_signed_inbound_path() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let lead = app.textable_lead("+15557770020").await;
    let token = app.token_of("office-manager").await;
    let mut events = app.open_events(&token).await;
    app.send_sms(&token, &lead, "Hi from the dealer").await;
    let phones: Value = app
        .get("/api/simulator/phones?search=555777", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert!(
        phones["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["customerId"] == lead.customer_id),
        "{phones}"
    );
    let lead_view: Value = app
        .get(
            &format!("/api/future-service-interaction/{}", lead.id),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    let full_name = format!(
        "{} {}",
        lead_view["customerMaster"]["firstName"].as_str().unwrap(),
        lead_view["customerMaster"]["lastName"].as_str().unwrap()
    )
    .to_uppercase();
    let by_name: Value = app
        .get(
            &format!(
                "/api/simulator/phones?search={}",
                full_name.replace(' ', "%20")
            ),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        by_name["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["customerId"] == lead.customer_id),
        "searching {full_name:?}: {by_name}"
    );
    let thread: Value = app
        .get(
            &format!("/api/simulator/phones/{}/messages", lead.customer_id),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(thread["content"][0]["content"], "Hi from the dealer");

    let reply = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &token,
            &json!({ "body": "Thanks!" }),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let reply: Value = reply.json().await.unwrap();
    assert_eq!(reply["direction"], "RECEIVED");
    assert_eq!(reply["jaguarFutureServiceInteractionId"], lead.id);
    assert!(
        events
            .wait_for(
                "message",
                Duration::from_secs(10),
                |e| e["message"]["content"] == "Thanks!"
            )
            .await
            .is_some()
    );

    // Not for customers of stores that text through a real provider.
    let _fake = use_fake_twilio(&app).await;
    let response = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &token,
            &json!({ "body": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::CONFLICT).await;
    let summit = app.token_of("summit-admin").await;
    let response = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &summit,
            &json!({ "body": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

/// A minimal SMTP server that accepts every message and keeps its DATA.
async fn start_fake_smtp() -> (u16, Arc<Mutex<Vec<String>>>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received: Arc<Mutex<Vec<String>>> = Arc::default();
    let kept = received.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            kept.lock().unwrap().push(data.take().unwrap());
                            write.write_all(b"250 queued\r\n").await.unwrap();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 fake\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.unwrap();
                            return;
                        }
                        _ => b"250 ok\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, received)
}

#[tokio::test]
async fn with_smtp_configured_email_is_handed_to_the_server() {
    let (port, received) = start_fake_smtp().await;
    let url = format!("smtp://127.0.0.1:{port}");
    let app = spawn_app_with(&[("BAYLINE_SMTP_URL", url.as_str())]).await;
    let lead = app.textable_lead("+15557770021").await;
    let token = app.token_of("office-manager").await;
    let sent: Value = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "EMAIL", "subject": "Your visit", "content": "<p>See you</p>" }),
        )
        .await
        .json()
        .await
        .unwrap();
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == sent["id"] && m["messageStatus"] == "delivered"
    })
    .await;
    let mails = received.lock().unwrap().clone();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Subject: Your visit"), "{}", mails[0]);
    assert!(mails[0].contains("driver@example.com"));
    let outbox: Value = app
        .get("/api/email/outbox", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(outbox["content"][0]["status"], "sent");
}

#[tokio::test]
async fn line_types_come_from_the_stores_carrier_lookup() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let fake = use_fake_twilio(&app).await;
    let token = app.token_of("enterprise-admin").await;
    let mut customers = Vec::new();
    for (n, number) in [
        "+15553210007",
        "+15553210009",
        "+15553210008",
        "+15553210500",
    ]
    .into_iter()
    .enumerate()
    {
        let created = app
            .ok_json(
                Method::POST,
                "/api/boc/1/customer",
                &token,
                Some(json!({ "storeId": 1, "custno": format!("LT-{n}"), "firstName": "Line", "lastName": "Type", "cellular": number })),
            )
            .await;
        customers.push(created["id"].as_i64().unwrap());
    }
    let lookup = |id: i64| format!("/api/boc/2/customer/updateLineType?customerId={id}");
    let mobile = app
        .ok_json(Method::PUT, &lookup(customers[0]), &token, None)
        .await;
    assert_eq!(mobile["lineType"], "MOBILE");
    let landline = app
        .ok_json(Method::PUT, &lookup(customers[1]), &token, None)
        .await;
    assert_eq!(landline["lineType"], "LANDLINE");
    let voip = app
        .ok_json(Method::PUT, &lookup(customers[2]), &token, None)
        .await;
    assert_eq!(voip["lineType"], "VOIP");
    let refused = app
        .request(Method::PUT, &lookup(customers[3]), &token, None)
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_GATEWAY);
    let body: Value = refused.json().await.unwrap();
    // Twilio's code in our words, never the body it answered.
    assert_eq!(
        body["message"],
        "Authenticate: the account SID or auth token is wrong"
    );

    let requests = fake.requests.lock().unwrap().clone();
    let (phone, auth, query) = &requests[0];
    assert_eq!(phone, "+15553210007");
    assert!(auth.starts_with("Basic "), "{auth}");
    assert_eq!(query[0].1, "Fields=line_type_intelligence");
}

#[tokio::test]
async fn a_note_can_be_undone_by_its_author_for_40_seconds_until_the_customer_writes() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770031").await;
    let super_user = app.token_of("super-user").await;
    let data_admin = app.token_of("super-data-admin").await;
    let note = |content: &'static str| {
        let token = super_user.clone();
        let app = &app;
        async move {
            let response = app
                .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": content }))
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.unwrap()["id"]
                .as_i64()
                .unwrap()
        }
    };
    let undo = |id: i64| format!("/api/svc-message-instance/note/undo?message_instance_id={id}");
    let ids = |history: Vec<Value>| {
        history
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };

    let first = note("Wrong lead, sorry").await;
    let response = app.put(&undo(first), &data_admin, None).await;
    assert_eq!(
        assert_error(response, StatusCode::FORBIDDEN).await,
        "Only the note's author can undo it"
    );
    let body = app
        .ok_json(Method::PUT, &undo(first), &super_user, None)
        .await;
    assert_eq!(body["message"], "Note undone");
    assert!(!ids(app.history(&super_user, lead.id).await).contains(&first));
    assert!(
        ids(app.history(&data_admin, lead.id).await).contains(&first),
        "kept on record"
    );
    // Undone, it is gone for its author.
    let response = app.put(&undo(first), &super_user, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;

    // After 40 seconds it stays.
    let old = note("Written a while ago").await;
    app.db
        .execute(
            &Query::update()
                .table(Msg::Table)
                .value(Msg::CreatedAt, Utc::now() - ChronoDuration::seconds(41))
                .and_where(Expr::col(Msg::Id).eq(old))
                .to_owned(),
        )
        .await
        .unwrap();
    let response = app.put(&undo(old), &super_user, None).await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The note can no longer be undone"
    );

    // Once the customer has written after it, it stays.
    let answered = note("Customer may call back").await;
    let reply = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &super_user,
            &json!({ "body": "Calling you now" }),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let response = app.put(&undo(answered), &super_user, None).await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The customer has written since this note; it can no longer be undone"
    );

    // Only notes.
    let text = app.send_sms(&super_user, &lead, "A real text").await;
    let response = app
        .put(&undo(text["id"].as_i64().unwrap()), &super_user, None)
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "Only an internal note can be undone"
    );
    let summit = app.token_of("summit-admin").await;
    let response = app.put(&undo(answered), &summit, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

impl TestApp {
    /// Polls intent details until the assistant has read the message.
    pub(crate) async fn understood(&self, token: &str, lead_id: i64, message_id: i64) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let response = self
                .get(
                    &format!(
                        "/api/future-service-interaction/intentDetails?future-service-interaction-id={lead_id}&messageId={message_id}"
                    ),
                    Some(token),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            let details: Value = response.json().await.unwrap();
            if details["understood"] == true {
                return details;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "never read: {details}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test]
async fn the_assistant_reads_each_inbound_text_and_intent_details_show_it() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770031").await;
    let super_user = app.token_of("super-user").await;
    app.inbound(
        &lead.phone,
        "tire pressure light is on again, can I come in tmrw at 9? need a loaner",
        "SMassist0000000000000000000000001",
    )
    .await;
    let inbound = app
        .wait_for_message(&super_user, lead.id, |m| m["from"] == lead.phone.as_str())
        .await;
    let message_id = inbound["id"].as_i64().unwrap();
    let details = app.understood(&super_user, lead.id, message_id).await;
    let mut finals: Vec<&str> = details["finalIntentNames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    finals.sort_unstable();
    assert_eq!(finals, ["APPT_SET", "REQ_LOANER", "VI"], "{details}");
    assert_eq!(details["multiIntentNames"].as_array().unwrap().len(), 3);
    let loaner = details["intents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["intentName"] == "REQ_LOANER")
        .expect("REQ_LOANER");
    assert_eq!(
        loaner["symLogs"]["inputStrListBeforePreprocessor"],
        json!(["loaner"])
    );
    assert_eq!(details["requestedTime"]["grain"], "hour");
    assert!(
        details["requestedTime"]["start"]
            .as_str()
            .unwrap()
            .ends_with("T09:00:00"),
        "{details}"
    );

    // A one-intent reply has no multi intents.
    app.inbound(
        &lead.phone,
        "who is this?",
        "SMassist0000000000000000000000002",
    )
    .await;
    let question = app
        .wait_for_message(&super_user, lead.id, |m| m["content"] == "who is this?")
        .await;
    let details = app
        .understood(&super_user, lead.id, question["id"].as_i64().unwrap())
        .await;
    assert_eq!(details["finalIntentNames"], json!(["MISC"]));
    assert_eq!(details["multiIntentNames"], json!([]));
}

#[tokio::test]
async fn intent_details_are_for_super_roles_customer_messages_and_their_own_lead() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770032").await;
    let super_user = app.token_of("super-user").await;
    let manager = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "friday works",
        "SMassist0000000000000000000000003",
    )
    .await;
    let inbound = app
        .wait_for_message(&super_user, lead.id, |m| m["content"] == "friday works")
        .await;
    let id = inbound["id"].as_i64().unwrap();
    let path = |lead_id: i64, message_id: i64| {
        format!(
            "/api/future-service-interaction/intentDetails?future-service-interaction-id={lead_id}&messageId={message_id}"
        )
    };
    assert_error(
        app.get(&path(lead.id, id), Some(&manager)).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.get(&path(999_999, id), Some(&super_user)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.get(&path(lead.id, 999_999), Some(&super_user)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let sent = app.send_sms(&super_user, &lead, "See you friday").await;
    let message = assert_error(
        app.get(
            &path(lead.id, sent["id"].as_i64().unwrap()),
            Some(&super_user),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("customer"), "{message}");
}

#[tokio::test]
async fn an_opt_out_in_the_customers_own_words_is_honoured_like_stop() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770033").await;
    let token = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "we sold that car, please stop texting me",
        "SMassist0000000000000000000000004",
    )
    .await;
    let confirmation = app
        .wait_for_message(&token, lead.id, |m| {
            m["to"] == lead.phone.as_str()
                && m["content"].as_str().unwrap_or("").contains("unsubscribed")
        })
        .await;
    assert_eq!(confirmation["messageSentBy"], "Compliance");
    assert!(app.customer_blocked(lead.customer_id).await);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);
    let lead_view: Value = app
        .get(
            &format!("/api/future-service-interaction/{}", lead.id),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(lead_view["responseInsight"], "NOT_IN_MARKET", "{lead_view}");

    // A reply that only looks like one changes nothing.
    let other = app.textable_lead("+15557770034").await;
    app.inbound(
        &other.phone,
        "I'll stop by friday at 10 if that works",
        "SMassist0000000000000000000000005",
    )
    .await;
    let super_user = app.token_of("super-user").await;
    let inbound = app
        .wait_for_message(&super_user, other.id, |m| m["from"] == other.phone.as_str())
        .await;
    let details = app
        .understood(&super_user, other.id, inbound["id"].as_i64().unwrap())
        .await;
    assert!(
        !details["finalIntentNames"]
            .as_array()
            .unwrap()
            .contains(&json!("STOP")),
        "{details}"
    );
    assert!(!app.customer_blocked(other.customer_id).await);
}
