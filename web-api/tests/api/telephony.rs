//! Telephony (issue 20): numbers searched for and bought through the store's provider (the
//! simulator sells them too), the validate calls that send a real test text, Bandwidth as a
//! gateway, and provider secrets sealed at rest and never in an answer or the audit log.

use std::sync::{Arc, Mutex};

use base64::Engine;
use engine::store::schema::{MessageInstances as Msg, MessagingGateways, PhoneNumbers};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Json as PoemJson, Path};
use poem::{EndpointExt, IntoResponse, Response as PoemResponse, Route, handler, post};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{LOCAL_GATEWAYS, TestApp, assert_error, spawn_app, spawn_app_with};
use crate::messaging::start_fake_twilio;

const SECRET: &str = "tok-very-secret-1234";

impl TestApp {
    /// A store of enterprise 1 without a number, made through the API.
    async fn bare_store(&self, admin: &str, code: &str) -> i64 {
        let store = self
            .ok_json(
                Method::POST,
                "/api/enterprise/1/store",
                admin,
                Some(json!({
                    "bocId": 1,
                    "storeCode": code,
                    "storeName": format!("Store {code}"),
                    "timeZone": "America/Chicago"
                })),
            )
            .await;
        store["id"].as_i64().unwrap()
    }
}

/// The numbers the store's provider offers in area code 312.
async fn offered_in_chicago(app: &TestApp, token: &str, store: i64) -> Vec<String> {
    app.ok_json(
        Method::GET,
        &format!("/api/messaging/numbers/available?storeId={store}&areaCode=312"),
        token,
        None,
    )
    .await
    .as_array()
    .unwrap()
    .iter()
    .map(|n| n["phoneNumber"].as_str().unwrap().to_owned())
    .collect()
}

#[tokio::test]
async fn a_store_buys_a_number_from_the_simulator_and_a_test_text_goes_out() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let store = app.bare_store(&admin, "TEL1").await;
    let demo_numbers: Vec<(String,)> = app
        .db
        .fetch_all(
            Query::select()
                .column(PhoneNumbers::Number)
                .from(PhoneNumbers::Table)
                .and_where(Expr::col(PhoneNumbers::Number).like("+1312%")),
        )
        .await
        .unwrap();
    assert!(!demo_numbers.is_empty(), "a demo store texts from Chicago");

    let offered = offered_in_chicago(&app, &admin, store).await;
    assert_eq!(offered.len(), 10, "the spec proposes 10 numbers");
    assert!(offered.iter().all(|n| n.starts_with("+1312")));
    let number = offered[0].clone();

    let bought = app
        .ok_json(
            Method::POST,
            "/api/messaging/numbers",
            &admin,
            Some(json!({"storeId": store, "phoneNumber": number})),
        )
        .await;
    assert_eq!(bought["provider"], "simulator");
    assert_eq!(bought["storeId"], store);
    let stores = app
        .ok_json(Method::GET, "/api/enterprise/1/stores", &admin, None)
        .await;
    let mine = stores
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == store)
        .unwrap();
    assert_eq!(
        mine["phoneNumber"],
        number.as_str(),
        "the store texts from it now"
    );
    assert_error(
        app.request(
            Method::POST,
            "/api/messaging/numbers",
            &admin,
            Some(json!({"storeId": store, "phoneNumber": number})),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    // Neither the number just bought nor a demo store's (same 555-01xx block) is offered again;
    // the simulator starts its ten at random, so ask often enough to meet both.
    for _ in 0..30 {
        let again = offered_in_chicago(&app, &admin, store).await;
        assert_eq!(again.len(), 10, "{again:?}");
        assert!(!again.contains(&number), "{again:?}");
        for (taken,) in &demo_numbers {
            assert!(!again.contains(taken), "{taken} offered: {again:?}");
        }
    }
    let listed = app
        .ok_json(
            Method::POST,
            "/twilio/list-all-phone-numbers",
            &admin,
            Some(json!({"storeId": store})),
        )
        .await;
    assert_eq!(listed[0]["phoneNumber"], number.as_str());

    let sent = app
        .ok_json(
            Method::POST,
            "/api/lisa/message-config/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": store, "toNumber": "(555) 201-3344"})),
        )
        .await;
    assert_eq!(sent["message"], "SMS Sent Successfully.");
    // The provider's own error when it refuses, and a clear one for the wrong provider path.
    let refused = assert_error(
        app.request(
            Method::POST,
            "/api/lisa/message-config/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": store, "toNumber": "+15005550001"})),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("not a valid phone number"), "{refused}");
    let wrong = assert_error(
        app.request(
            Method::POST,
            "/twilio/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": store, "toNumber": "5552013344"})),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(wrong.contains("simulator"), "{wrong}");

    // The test text the simulator carried shows in the simulator, once (the refused ones were
    // never sent), with who sent it; another enterprise sees none of it.
    let carried = app
        .ok_json(Method::GET, "/api/simulator/test-texts", &admin, None)
        .await;
    assert_eq!(carried["totalElements"], 1, "{carried}");
    let text = &carried["content"][0];
    assert_eq!(text["to"], "+15552013344", "{text}");
    assert_eq!(text["from"], number.as_str(), "{text}");
    assert_eq!(text["storeId"].as_i64(), Some(store), "{text}");
    assert!(
        text["body"].as_str().unwrap().contains("test message"),
        "{text}"
    );
    assert!(text["sentBy"].is_string(), "{text}");
    let summit = app.token_of("summit-admin").await;
    let theirs = app
        .ok_json(Method::GET, "/api/simulator/test-texts", &summit, None)
        .await;
    assert_eq!(theirs["totalElements"], 0, "{theirs}");

    // Staff may not; another enterprise's admin does not find the store.
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(
            Method::GET,
            "/api/messaging/numbers/available?storeId=1",
            &rep,
            None,
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.request(
            Method::POST,
            "/api/messaging/numbers",
            &summit,
            Some(json!({"storeId": store, "phoneNumber": "+13125550199"})),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn a_dealer_level_admin_lists_only_its_dealer_s_numbers() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let boc = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/boc",
            &admin,
            Some(json!({"bocCode": "TELB", "bocName": "Dealer TELB"})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let store = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(json!({
                "bocId": boc,
                "storeCode": "TELB1",
                "storeName": "Store TELB1",
                "timeZone": "America/Chicago"
            })),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let number = app
        .ok_json(
            Method::GET,
            &format!("/api/messaging/numbers/available?storeId={store}"),
            &admin,
            None,
        )
        .await[0]["phoneNumber"]
        .as_str()
        .unwrap()
        .to_owned();
    app.ok_json(
        Method::POST,
        "/api/messaging/numbers",
        &admin,
        Some(json!({"storeId": store, "phoneNumber": number})),
    )
    .await;
    let enterprise_wide = app
        .ok_json(
            Method::POST,
            "/twilio/list-all-phone-numbers",
            &admin,
            Some(json!({})),
        )
        .await;
    assert!(
        enterprise_wide
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["storeId"] != store),
        "the enterprise has numbers in other dealers' stores: {enterprise_wide}"
    );

    app.ok_json(
        Method::POST,
        "/api/enterprise/1/user",
        &admin,
        Some(json!({
            "username": "dealer.telephony",
            "password": "a-long-password-1",
            "firstName": "Dana",
            "lastName": "Lake",
            "email": "dealer.telephony@example.com",
            "empLevel": "BOC",
            "bocId": boc,
            "roles": ["CORPORATE_ADMIN"],
        })),
    )
    .await;
    let dealer_admin = app
        .token_of_with("dealer.telephony", "a-long-password-1")
        .await;
    let listed = app
        .ok_json(
            Method::POST,
            "/twilio/list-all-phone-numbers",
            &dealer_admin,
            Some(json!({})),
        )
        .await;
    let stores: Vec<_> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["storeId"].clone())
        .collect();
    assert_eq!(
        stores,
        vec![json!(store)],
        "its dealer's one number: {listed}"
    );
}

#[tokio::test]
async fn a_twilio_secret_is_sealed_at_rest_and_never_comes_back() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (base, fake) = start_fake_twilio().await;
    let saved = app
        .ok_json(
            Method::PUT,
            "/api/messaging/gateway",
            &admin,
            Some(json!({
                "enterpriseId": 1,
                "storeId": 1,
                "provider": "twilio",
                "accountSid": "AC00000000000000000000000000000009",
                "authToken": SECRET,
                "apiBaseUrl": base,
            })),
        )
        .await;
    assert_eq!(saved["hasAuthToken"], true);
    let stored: String = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(MessagingGateways::AuthToken)
                .from(MessagingGateways::Table)
                .and_where(Expr::col(MessagingGateways::StoreId).eq(1))
                .to_owned(),
        )
        .await
        .unwrap();
    assert!(
        stored.starts_with("enc1:") && !stored.contains(SECRET),
        "{stored}"
    );

    // The saved gateway works: the fake got the real token, and the answer is the spec's.
    let sent = app
        .ok_json(
            Method::POST,
            "/twilio/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": 1, "toNumber": "5552013344", "fromNumber": "5552010000"})),
        )
        .await;
    assert_eq!(sent["message"], "SMS Sent Successfully.");
    let auth = fake.requests.lock().unwrap().last().unwrap().1.clone();
    let expected = base64::engine::general_purpose::STANDARD
        .encode(format!("AC00000000000000000000000000000009:{SECRET}"));
    assert_eq!(auth, format!("Basic {expected}"));
    let refused = assert_error(
        app.request(
            Method::POST,
            "/twilio/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": 1, "toNumber": "5552010004", "fromNumber": "5552010000"})),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("unsubscribed recipient"), "{refused}");

    // No answer carries the secret: the gateway, the audit log, the enterprise's stores.
    let mut answers = Vec::new();
    for path in [
        "/api/messaging/gateway?storeId=1",
        "/api/enterprise/1/audit?size=50",
        "/api/enterprise/1/stores",
    ] {
        answers.push(
            app.ok_json(Method::GET, path, &admin, None)
                .await
                .to_string(),
        );
    }
    answers.push(saved.to_string());
    for answer in &answers {
        assert!(!answer.contains(SECRET), "a secret in {answer}");
    }
    assert!(answers[1].contains("\"gateway\""), "the change is audited");
}

/// One message Bandwidth was asked to send: the Authorization header and the JSON body.
type BandwidthCall = (String, Value);

#[derive(Clone, Default)]
pub(crate) struct FakeBandwidth {
    calls: Arc<Mutex<Vec<BandwidthCall>>>,
    /// Number searches (their query) and orders (their XML), in order.
    numbers: Arc<Mutex<Vec<String>>>,
}

/// Bandwidth's Numbers API: a search answers two numbers in the area code asked for.
#[handler]
fn fake_bandwidth_search(req: &poem::Request, Data(fake): Data<&FakeBandwidth>) -> PoemResponse {
    let query = req.uri().query().unwrap_or_default().to_owned();
    fake.numbers.lock().unwrap().push(query.clone());
    let area = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("areaCode="))
        .unwrap_or("000")
        .to_owned();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><SearchResult><ResultCount>2</ResultCount><TelephoneNumberDetailList><TelephoneNumberDetail><City>CARY</City><State>NC</State><FullNumber>{area}2301234</FullNumber></TelephoneNumberDetail><TelephoneNumberDetail><City>APEX</City><State>NC</State><FullNumber>{area}2305678</FullNumber></TelephoneNumberDetail></TelephoneNumberDetailList></SearchResult>"
    )
    .with_content_type("application/xml")
    .into_response()
}

/// Bandwidth's order: kept, and answered with an order id.
#[handler]
fn fake_bandwidth_order(body: String, Data(fake): Data<&FakeBandwidth>) -> PoemResponse {
    fake.numbers.lock().unwrap().push(body);
    "<OrderResponse><Order><id>ord-7f3c</id><Name>Bayline</Name></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>"
        .with_content_type("application/xml")
        .with_status(poem::http::StatusCode::CREATED)
        .into_response()
}

#[handler]
async fn fake_bandwidth(
    Path(_account): Path<String>,
    req: &poem::Request,
    PoemJson(body): PoemJson<Value>,
    Data(fake): Data<&FakeBandwidth>,
) -> PoemResponse {
    let auth = req.header("Authorization").unwrap_or_default().to_owned();
    fake.calls.lock().unwrap().push((auth, body.clone()));
    if body["to"][0].as_str().unwrap_or_default().ends_with("0004") {
        return PoemJson(
            json!({"type": "request-validation", "description": "Recipient has opted out"}),
        )
        .with_status(poem::http::StatusCode::BAD_REQUEST)
        .into_response();
    }
    PoemJson(json!({"id": "1589228074636lm4k2je7j7jklbn2", "owner": body["from"]}))
        .with_status(poem::http::StatusCode::ACCEPTED)
        .into_response()
}

/// A Bandwidth messaging API on a local port: its address and what it was asked.
pub(crate) async fn start_fake_bandwidth() -> (std::net::SocketAddr, FakeBandwidth) {
    let fake = FakeBandwidth::default();
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let address = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
    let server = Route::new()
        .at("/api/v2/users/:account/messages", post(fake_bandwidth))
        .at(
            "/api/accounts/:account/availableNumbers",
            poem::get(fake_bandwidth_search),
        )
        .at("/api/accounts/:account/orders", post(fake_bandwidth_order))
        .data(fake.clone());
    tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(server));
    (address, fake)
}

#[tokio::test]
async fn bandwidth_sends_the_test_text_with_its_application_and_credentials() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (address, fake) = start_fake_bandwidth().await;
    let body = |to: &str| {
        json!({
            "storeId": 1,
            "toNumber": to,
            "fromNumber": "5552010000",
            "accountId": "9900001",
            "apiUsername": "bayline-api",
            "apiPassword": SECRET,
            "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
            "apiBaseUrl": format!("http://{address}"),
        })
    };
    let sent = app
        .ok_json(
            Method::POST,
            "/bandwidth/validate-sms-configuration",
            &admin,
            Some(body("5552013344")),
        )
        .await;
    assert_eq!(sent["message"], "SMS Sent Successfully.");
    assert_eq!(sent["sid"], "1589228074636lm4k2je7j7jklbn2");
    let (auth, sent_body) = fake.calls.lock().unwrap()[0].clone();
    let expected =
        base64::engine::general_purpose::STANDARD.encode(format!("bayline-api:{SECRET}"));
    assert_eq!(auth, format!("Basic {expected}"));
    assert_eq!(
        sent_body["applicationId"],
        "93de2206-9669-4e07-948d-329f4b722ee2"
    );
    assert_eq!(sent_body["to"][0], "+15552013344");
    let refused = assert_error(
        app.request(
            Method::POST,
            "/bandwidth/validate-sms-configuration",
            &admin,
            Some(body("5552010004")),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    // Bandwidth's error type is told; its description (the remote's own text) is not.
    assert!(
        refused.contains("HTTP 400") && refused.contains("request-validation"),
        "{refused}"
    );
    assert!(!refused.contains("opted out"), "{refused}");
    // Missing settings are named, each of them.
    let response = app
        .request(
            Method::POST,
            "/bandwidth/validate-sms-configuration",
            &admin,
            Some(json!({"storeId": 1, "toNumber": "5552013344", "accountId": "1"})),
        )
        .await;
    let problems: Value = response.json().await.unwrap();
    assert_eq!(
        problems["errors"].as_array().unwrap().len(),
        3,
        "{problems}"
    );
}

/// H-C13: Bandwidth's numbers are searched by area code and ordered into the gateway's
/// sub-account and location; the bought number becomes the store's.
#[tokio::test]
async fn a_store_on_bandwidth_searches_and_orders_numbers_through_bandwidth() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (address, fake) = start_fake_bandwidth().await;
    let store = app.bare_store(&admin, "BWN1").await;
    let gateway = |site: Option<&str>| {
        json!({
            "enterpriseId": 1,
            "storeId": store,
            "provider": "bandwidth",
            "accountSid": "9900001",
            "authToken": SECRET,
            "apiUsername": "bayline-api",
            "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
            "apiBaseUrl": format!("http://{address}"),
            "siteId": site,
            "locationId": site.map(|_| "67890"),
        })
    };
    // Ids are Bandwidth's numbers.
    let refused = assert_error(
        app.request(
            Method::PUT,
            "/api/messaging/gateway",
            &admin,
            Some(gateway(Some("site-one"))),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("siteId"), "{refused}");
    let saved = app
        .ok_json(
            Method::PUT,
            "/api/messaging/gateway",
            &admin,
            Some(gateway(None)),
        )
        .await;
    assert_eq!(saved["provider"], "bandwidth");

    let search = format!("/api/messaging/numbers/available?storeId={store}");
    let no_area = assert_error(
        app.request(Method::GET, &search, &admin, None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(no_area.contains("area code"), "{no_area}");
    let offered = app
        .ok_json(Method::GET, &format!("{search}&areaCode=919"), &admin, None)
        .await;
    assert_eq!(offered[0]["phoneNumber"], "+19192301234", "{offered}");
    assert_eq!(offered[0]["locality"], "CARY");
    assert_eq!(offered[1]["region"], "NC");
    let searched = fake.numbers.lock().unwrap()[0].clone();
    assert!(
        searched.contains("areaCode=919") && searched.contains("quantity=10"),
        "{searched}"
    );

    // Without a sub-account Bandwidth cannot place the number.
    let buy = json!({"storeId": store, "phoneNumber": "+19192301234"});
    let no_site = assert_error(
        app.request(
            Method::POST,
            "/api/messaging/numbers",
            &admin,
            Some(buy.clone()),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(no_site.contains("sub-account"), "{no_site}");
    app.ok_json(
        Method::PUT,
        "/api/messaging/gateway",
        &admin,
        Some(gateway(Some("12345"))),
    )
    .await;
    let bought = app
        .ok_json(Method::POST, "/api/messaging/numbers", &admin, Some(buy))
        .await;
    assert_eq!(bought["provider"], "bandwidth", "{bought}");
    assert_eq!(bought["phoneNumber"], "+19192301234");
    let order = fake.numbers.lock().unwrap().last().unwrap().clone();
    assert!(
        order.contains("<SiteId>12345</SiteId><PeerId>67890</PeerId>")
            && order.contains("<TelephoneNumber>9192301234</TelephoneNumber>"),
        "{order}"
    );
    let stores = app
        .ok_json(Method::GET, "/api/enterprise/1/stores", &admin, None)
        .await;
    let mine = stores
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == store)
        .unwrap();
    assert_eq!(mine["phoneNumber"], "+19192301234");
}

#[tokio::test]
async fn a_gateway_for_an_enterprise_that_does_not_exist_is_not_found() {
    let app = spawn_app().await;
    let platform = app.token_of("super-admin").await;
    let response = app
        .request(
            Method::PUT,
            "/api/messaging/gateway",
            &platform,
            Some(json!({"enterpriseId": 9999, "provider": "simulator"})),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

/// The messages stored under a provider's id: (status, error code).
async fn by_provider_id(app: &TestApp, id: &str) -> Vec<(String, Option<String>)> {
    app.db
        .fetch_all(
            &Query::select()
                .columns([Msg::MessageStatus, Msg::ErrorCode])
                .from(Msg::Table)
                .and_where(Expr::col(Msg::ProviderMessageId).eq(id))
                .to_owned(),
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn bandwidth_callbacks_bring_texts_in_and_move_sent_ones_on_only_with_the_gateway_s_credentials()
 {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (address, _fake) = start_fake_bandwidth().await;
    app.ok_json(
        Method::PUT,
        "/api/messaging/gateway",
        &admin,
        Some(json!({
            "enterpriseId": 1,
            "storeId": 1,
            "provider": "bandwidth",
            "accountSid": "9900001",
            "authToken": SECRET,
            "apiUsername": "bayline-api",
            "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
            "apiBaseUrl": format!("http://{address}"),
        })),
    )
    .await;
    let lead = app.textable_lead("+15553337788").await;
    let store_number = app.store_phone(1).await;
    let callback = |events: Value, password: Option<&str>| {
        let mut request = app.client.post(app.url("/api/sms/bandwidth/callback"));
        if let Some(password) = password {
            request = request.basic_auth("bayline-api", Some(password));
        }
        request.json(&events).send()
    };
    let received = |id: &str| {
        json!([{
            "type": "message-received",
            "time": "2026-11-26T15:00:00Z",
            "to": store_number,
            "message": {"id": id, "from": lead.phone, "to": [store_number], "text": "Tuesday works"}
        }])
    };

    // Wrong or missing credentials: refused, nothing stored.
    for password in [Some("not-the-secret"), None] {
        let refused = callback(received("bw-in-0"), password).await.unwrap();
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    }
    assert!(by_provider_id(&app, "bw-in-0").await.is_empty());
    let malformed = callback(json!([{"type": "message-received"}]), Some(SECRET))
        .await
        .unwrap();
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);

    // The customer's text lands on the lead, once however often Bandwidth retries it.
    for _ in 0..2 {
        let applied = callback(received("bw-in-1"), Some(SECRET)).await.unwrap();
        assert_eq!(applied.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(by_provider_id(&app, "bw-in-1").await.len(), 1);
    app.wait_for_message(&admin, lead.id, |m| m["content"] == "Tuesday works")
        .await;

    // A text sent through Bandwidth is delivered when Bandwidth says so.
    app.send_sms(&admin, &lead, "See you Tuesday").await;
    let sent_id = "1589228074636lm4k2je7j7jklbn2";
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while by_provider_id(&app, sent_id).await.is_empty() {
        assert!(std::time::Instant::now() < deadline, "never sent");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let delivered = callback(
        json!([{"type": "message-delivered", "message": {"id": sent_id}}]),
        Some(SECRET),
    )
    .await
    .unwrap();
    assert_eq!(delivered.status(), StatusCode::NO_CONTENT);
    assert_eq!(by_provider_id(&app, sent_id).await[0].0, "delivered");

    // Twilio-signed webhooks do not speak for a Bandwidth store.
    let forged = app.inbound(&lead.phone, "hi", "SM-forged").await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
}
