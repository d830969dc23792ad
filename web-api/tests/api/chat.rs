//! Chat (decision 0023; H-C14, H-R5, H-R6, H-E6): an enterprise's Twilio Conversations
//! credentials saved with the secret sealed, tested against a fake Twilio with the
//! specification's words, and a user's access token with their own notification conversation,
//! made once and announced in the log-in answer.

use std::sync::{Arc, Mutex};

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Json as PoemJson, Path};
use poem::{EndpointExt, IntoResponse, Response as PoemResponse, Route, get, handler, post};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{LOCAL_GATEWAYS, PASSWORD, assert_error, spawn_app_with};

const ACCOUNT: &str = "AC0123456789abcdef0123456789abcdef";
const KEY: &str = "SK0123456789abcdef0123456789abcdef";
const SERVICE: &str = "IS0123456789abcdef0123456789abcdef";
const SECRET: &str = "the-right-chat-secret";

/// A Twilio Conversations API on a local port: it knows one key and one service.
#[derive(Clone, Default)]
struct FakeTwilioChat {
    /// Conversations made (unique name → sid) and participants added.
    conversations: Arc<Mutex<Vec<(String, String)>>>,
    participants: Arc<Mutex<Vec<String>>>,
}

fn authorised(req: &poem::Request) -> bool {
    let expected = format!("Basic {}", STANDARD.encode(format!("{KEY}:{SECRET}")));
    req.header("Authorization") == Some(expected.as_str())
}

fn unauthorised() -> PoemResponse {
    PoemJson(json!({"code": 20003, "message": "Authenticate"}))
        .with_status(poem::http::StatusCode::UNAUTHORIZED)
        .into_response()
}

#[handler]
fn service(Path(sid): Path<String>, req: &poem::Request) -> PoemResponse {
    if !authorised(req) {
        return unauthorised();
    }
    if sid != SERVICE {
        return poem::http::StatusCode::NOT_FOUND.into_response();
    }
    PoemJson(json!({"sid": sid})).into_response()
}

#[handler]
fn create_conversation(
    req: &poem::Request,
    poem::web::Form(form): poem::web::Form<std::collections::HashMap<String, String>>,
    Data(fake): Data<&FakeTwilioChat>,
) -> PoemResponse {
    if !authorised(req) {
        return unauthorised();
    }
    let name = form.get("UniqueName").cloned().unwrap_or_default();
    let mut made = fake.conversations.lock().unwrap();
    if made.iter().any(|(n, _)| *n == name) {
        return poem::http::StatusCode::CONFLICT.into_response();
    }
    let sid = format!("CH{:032x}", made.len() + 1);
    made.push((name, sid.clone()));
    PoemJson(json!({"sid": sid}))
        .with_status(poem::http::StatusCode::CREATED)
        .into_response()
}

#[handler]
fn add_participant(
    req: &poem::Request,
    poem::web::Form(form): poem::web::Form<std::collections::HashMap<String, String>>,
    Data(fake): Data<&FakeTwilioChat>,
) -> PoemResponse {
    if !authorised(req) {
        return unauthorised();
    }
    fake.participants
        .lock()
        .unwrap()
        .push(form.get("Identity").cloned().unwrap_or_default());
    PoemJson(json!({"sid": "MB1"}))
        .with_status(poem::http::StatusCode::CREATED)
        .into_response()
}

async fn start_fake_twilio_chat() -> (String, FakeTwilioChat) {
    let fake = FakeTwilioChat::default();
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let address = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
    let server = Route::new()
        .at("/v1/Services/:sid", get(service))
        .at("/v1/Services/:sid/Conversations", post(create_conversation))
        .at(
            "/v1/Services/:sid/Conversations/:conversation/Participants",
            post(add_participant),
        )
        .data(fake.clone());
    tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(server));
    (format!("http://{address}"), fake)
}

fn credentials(base: &str, secret: Option<&str>) -> Value {
    json!({
        "accountSid": ACCOUNT,
        "apiKeySid": KEY,
        "apiKeySecret": secret,
        "serviceSid": SERVICE,
        "apiBaseUrl": base,
    })
}

#[tokio::test]
async fn chat_credentials_are_tested_with_the_spec_s_words_and_give_each_user_a_token() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (base, fake) = start_fake_twilio_chat().await;
    let manager = app.token_of("office-manager").await;

    // None yet: nothing to show, nothing to test, no token.
    let none = app
        .ok_json(Method::GET, "/api/chat/configuration", &admin, None)
        .await;
    assert_eq!(none["configuration"], Value::Null);
    assert_error(
        app.request(
            Method::POST,
            "/api/chat/validate-configuration",
            &admin,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.request(Method::GET, "/api/chat/access-token", &manager, None)
            .await,
        StatusCode::CONFLICT,
    )
    .await;

    // Every malformed field is named at once; nothing is saved.
    let problems: Value = app
        .request(
            Method::PUT,
            "/api/chat/configuration",
            &admin,
            Some(json!({"accountSid": "AC1", "apiKeySid": "nope", "serviceSid": "IS", "apiBaseUrl": "http://169.254.169.254"})),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        problems["errors"].as_array().unwrap().len(),
        5,
        "{problems}"
    );

    // Wrong secret: saved, then 'Invalid Credentials.' and still untested.
    let saved = app
        .ok_json(
            Method::PUT,
            "/api/chat/configuration",
            &admin,
            Some(credentials(&base, Some("a-wrong-secret-of-the-key"))),
        )
        .await;
    assert_eq!(saved["authenticated"], false);
    assert!(saved.get("apiKeySecret").is_none(), "{saved}");
    let invalid = assert_error(
        app.request(
            Method::POST,
            "/api/chat/validate-configuration",
            &admin,
            None,
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(invalid, "Invalid Credentials.");

    // The right one (the saved account, key and service kept; only the secret changes).
    app.ok_json(
        Method::PUT,
        "/api/chat/configuration",
        &admin,
        Some(credentials(&base, Some(SECRET))),
    )
    .await;
    let tested = app
        .ok_json(
            Method::POST,
            "/api/chat/validate-configuration",
            &admin,
            None,
        )
        .await;
    assert_eq!(tested["message"], "Successfully Tested");
    assert_eq!(tested["configuration"]["authenticated"], true);
    // The secret is sealed at rest.
    let stored: String = app
        .db
        .fetch_scalar(
            sea_query::Query::select()
                .column(engine::store::schema::ChatConfigs::ApiKeySecret)
                .from(engine::store::schema::ChatConfigs::Table),
        )
        .await
        .unwrap();
    assert!(
        !stored.contains(SECRET) && stored.starts_with("enc1:"),
        "{stored}"
    );

    // A user's token: Twilio's JWT for their identity, and their own conversation, made once.
    let token = app
        .ok_json(Method::GET, "/api/chat/access-token", &manager, None)
        .await;
    assert_eq!(token["identity"], "office-manager");
    let channel = token["twilioUserNotificationChannelSid"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(channel.starts_with("CH"), "{token}");
    let claims: Value = serde_json::from_slice(
        &URL_SAFE_NO_PAD
            .decode(token["token"].as_str().unwrap().split('.').nth(1).unwrap())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["grants"]["chat"]["service_sid"], SERVICE);
    assert_eq!(claims["iss"], KEY);
    let again = app
        .ok_json(Method::GET, "/api/chat/access-token", &manager, None)
        .await;
    assert_eq!(again["twilioUserNotificationChannelSid"], channel.as_str());
    assert_eq!(fake.conversations.lock().unwrap().len(), 1);
    assert_eq!(*fake.participants.lock().unwrap(), ["office-manager"]);
    // The log-in answer carries it from now on (H-E6).
    let user: Value = app
        .login("office-manager", PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(user["twilioUserNotificationChannelSid"], channel.as_str());

    // Staff do not configure chat; another tenant has none of this one's.
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(Method::GET, "/api/chat/configuration", &rep, None)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    let theirs = app
        .ok_json(Method::GET, "/api/chat/configuration", &summit, None)
        .await;
    assert_eq!(theirs["configuration"], Value::Null);
    let summit_user = app.token_of("summit-admin").await;
    assert_error(
        app.request(Method::GET, "/api/chat/access-token", &summit_user, None)
            .await,
        StatusCode::CONFLICT,
    )
    .await;
}

#[tokio::test]
async fn a_chat_service_out_of_reach_gets_the_spec_s_connection_words() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    // A port nothing listens on.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    app.ok_json(
        Method::PUT,
        "/api/chat/configuration",
        &admin,
        Some(credentials(&format!("http://{closed}"), Some(SECRET))),
    )
    .await;
    // A 502 in the spec's error shape, with the words the screen shows.
    let response = app
        .request(
            Method::POST,
            "/api/chat/validate-configuration",
            &admin,
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    let failed: Value = response.json().await.unwrap();
    assert_eq!(
        failed["message"],
        "Connection to twilio chat failed. Please check twilio credentials."
    );
    let listed = app
        .ok_json(Method::GET, "/api/chat/configuration", &admin, None)
        .await;
    assert_eq!(listed["configuration"]["authenticated"], false);
}
