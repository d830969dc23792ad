use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, assert_error, spawn_app};

#[tokio::test]
async fn logging_in_returns_a_token_and_the_user_data_the_ui_keeps() {
    let app = spawn_app().await;

    let response = app.login("sales-rep", PASSWORD).await;

    assert_eq!(response.status(), StatusCode::OK);
    let user: Value = response.json().await.unwrap();
    assert!(user["authToken"].as_str().unwrap().len() >= 40);
    assert_eq!(user["roles"], json!(["SALES_REP"]));
    assert_eq!(user["roleDtos"], json!([{ "name": "SALES_REP" }]));
    assert_eq!(user["empLevel"], "STORE");
    assert_eq!(user["enterprise"]["id"], 1);
    assert_eq!(user["enterprise"]["name"], "Bayline Demo Motors");
    assert!(user["tenant"].is_i64());
    assert!(user["firstName"].is_string() && user["lastName"].is_string());
    assert!(user["realTimeSync"].is_boolean() && user["callingFeature"].is_boolean());
    assert_eq!(user["access"]["manager"], false);
    assert_eq!(user["access"]["grantableRoles"], json!([]));
}

/// The log-in answer says what the user may do; for every demo role, each flag agrees with what
/// the server then allows (the UI offers only what the flags say, and keeps no role lists).
#[tokio::test]
async fn the_access_the_log_in_announces_is_what_the_server_allows() {
    let app = spawn_app().await;
    let users = [
        "super-admin",
        "enterprise-admin",
        "enterprise-user",
        "corporate-admin",
        "corporate-user",
        "super-data-admin",
        "super-user",
        "division-manager",
        "office-manager",
        "sales-rep",
        "office-user",
    ];
    let checks = [
        ("tenant", "/api/enterprise?page=0&size=5"),
        ("users", "/api/enterprise/1/user"),
        ("developer", "/aiva/developer/files/aiva"),
        ("manager", "/mailinglist"),
    ];
    for username in users {
        let user: Value = app.login(username, PASSWORD).await.json().await.unwrap();
        let token = user["authToken"].as_str().unwrap();
        for (flag, path) in checks {
            let allowed = user["access"][flag].as_bool().unwrap();
            let status = app
                .get_with(path, Some(token), &[("enterpriseId", "1")])
                .await
                .status();
            let expected = if allowed {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(
                status, expected,
                "{username}: access.{flag} against GET {path}"
            );
        }
    }
    let manager: Value = app
        .login("office-manager", PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        manager["access"]["grantableRoles"],
        json!(["SALES_REP", "OFFICE_USER"])
    );
    assert_eq!(manager["access"]["grantableLevels"], json!(["STORE"]));
}

#[tokio::test]
async fn a_platform_admin_has_no_enterprise_or_tenant() {
    let app = spawn_app().await;

    let user: Value = app
        .login("super-admin", PASSWORD)
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(user["roles"], json!(["SUPER_ADMIN"]));
    assert_eq!(user["empLevel"], "PLATFORM");
    assert!(user.get("enterprise").is_none_or(Value::is_null));
    assert!(user.get("tenant").is_none_or(Value::is_null));
}

#[tokio::test]
async fn a_wrong_password_is_refused_with_401_in_the_error_shape() {
    let app = spawn_app().await;

    let response = app.login("sales-rep", "not-the-password").await;

    let message = assert_error(response, StatusCode::UNAUTHORIZED).await;
    assert_eq!(message, "Invalid username or password");
}

#[tokio::test]
async fn an_unknown_user_is_refused_exactly_like_a_wrong_password() {
    let app = spawn_app().await;

    let message = assert_error(
        app.login("nobody", PASSWORD).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;

    assert_eq!(message, "Invalid username or password");
}

#[tokio::test]
async fn missing_credentials_are_a_400_naming_each_missing_field() {
    let app = spawn_app().await;

    let response = app.login(" ", "").await;

    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["errors"],
        json!(["Username is required", "Password is required"])
    );
}

#[tokio::test]
async fn a_malformed_login_body_is_a_400_in_the_error_shape() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/user/v2/login"))
        .header("content-type", "application/json")
        .body("{\"username\": 42")
        .send()
        .await
        .unwrap();

    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn repeated_failures_lock_the_username_even_for_the_right_password() {
    let app = spawn_app().await;
    for _ in 0..5 {
        assert_eq!(
            app.login("office-user", "guess-guess").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }

    let response = app.login("office-user", PASSWORD).await;

    let message = assert_error(response, StatusCode::TOO_MANY_REQUESTS).await;
    assert!(
        message.contains("Too many failed log-in attempts"),
        "{message}"
    );
    // Other users are not affected.
    assert_eq!(
        app.login("sales-rep", PASSWORD).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_call_without_a_token_is_401_in_the_error_shape() {
    let app = spawn_app().await;

    let response = app.get("/api/enterprise/1/store", None).await;

    assert_error(response, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn an_invented_token_is_401() {
    let app = spawn_app().await;

    let response = app
        .get("/api/enterprise/1/store", Some("forged-token-value"))
        .await;

    assert_error(response, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn the_token_works_with_or_without_the_bearer_prefix() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;

    let bare = app
        .client
        .get(app.url("/api/enterprise/1/store"))
        .header("Authorization", token.as_str())
        .send()
        .await
        .unwrap();

    assert_eq!(bare.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/enterprise/1/store", Some(&token))
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn logging_out_ends_the_session_at_once() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;

    let logout = app.get("/user/logout", Some(&token)).await;

    assert_eq!(logout.status(), StatusCode::OK);
    let after = app.get("/api/enterprise/1/store", Some(&token)).await;
    assert_error(after, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn each_log_in_gets_its_own_session() {
    let app = spawn_app().await;
    let first = app.token_of("sales-rep").await;
    let second = app.token_of("sales-rep").await;
    assert_ne!(first, second);

    app.get("/user/logout", Some(&first)).await;

    assert_eq!(
        app.get("/api/enterprise/1/store", Some(&second))
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn an_expired_session_is_refused_and_pruned() {
    use engine::auth::{AuthPolicy, AuthService};
    let app = spawn_app().await;
    // Sessions from this service are born expired.
    let auth = AuthService::new(
        app.db.clone(),
        AuthPolicy {
            session_lifetime: chrono::Duration::seconds(-1),
            ..AuthPolicy::default()
        },
    );
    let engine::auth::LoginOutcome::SignedIn(login) =
        auth.login("sales-rep", PASSWORD, None, None).await.unwrap()
    else {
        panic!("the demo sales rep signs in with a password alone");
    };

    let over_http = app.get("/api/enterprise/1/store", Some(&login.token)).await;
    let (pruned_sessions, _) = auth.prune(chrono::Utc::now()).await.unwrap();

    assert_error(over_http, StatusCode::UNAUTHORIZED).await;
    assert_eq!(pruned_sessions, 1);
}
