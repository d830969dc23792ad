//! The second log-in step (issue 38, spec H-R10): an admin turns two-step log-in on for a user;
//! the password then answers with an OTP response, not a session, and the code e-mailed to the
//! user signs them in once. Wrong codes count as failed log-ins; the challenge ends after five.

use engine::store::schema::EmailOutbox;
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use super::user_body;
use crate::helpers::{TestApp, assert_error, spawn_app};

const PASSWORD: &str = "a-long-password-1";

/// A store user with two-step log-in on, made by the enterprise admin; answers their id.
async fn user_with_two_steps(app: &TestApp, username: &str) -> i64 {
    let admin = app.token_of("enterprise-admin").await;
    let mut body = user_body(username, "STORE", Some(1), &["SALES_REP"]);
    body["twoStepLogin"] = json!(true);
    let created = app
        .ok_json(Method::POST, "/api/enterprise/1/user", &admin, Some(body))
        .await;
    assert_eq!(created["user"]["twoStepLogin"], true, "{created}");
    created["user"]["id"].as_i64().unwrap()
}

/// The password step: a 202 with the OTP response; answers its challenge.
async fn challenge_for(app: &TestApp, username: &str) -> String {
    let response = app.login(username, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer.get("authToken"), None, "no session before the code");
    let otp = &answer["otpResponse"];
    assert!(otp["expiresAt"].is_string(), "{answer}");
    assert_eq!(
        otp["sentTo"],
        format!("{}\u{2022}\u{2022}\u{2022}@example.com", &username[..1])
    );
    otp["challenge"].as_str().unwrap().to_owned()
}

async fn code_for(app: &TestApp, username: &str) -> String {
    let text = app.mail_text_for(&format!("{username}@example.com")).await;
    let start = text
        .find("letter-spacing:4px\"><b>")
        .expect("a code in the e-mail")
        + "letter-spacing:4px\"><b>".len();
    text[start..start + 6].to_owned()
}

async fn send_code(app: &TestApp, challenge: &str, code: &str) -> reqwest::Response {
    app.client
        .post(app.url("/user/v2/login/otp"))
        .json(&json!({ "challenge": challenge, "code": code }))
        .send()
        .await
        .unwrap()
}

fn another_code(code: &str) -> String {
    let n: u32 = code.parse().unwrap();
    format!("{:06}", (n + 1) % 1_000_000)
}

#[tokio::test]
async fn the_e_mailed_code_signs_a_two_step_user_in_once() {
    let app = spawn_app().await;
    user_with_two_steps(&app, "otp.user").await;

    let challenge = challenge_for(&app, "otp.user").await;
    let code = code_for(&app, "otp.user").await;
    assert!(code.bytes().all(|b| b.is_ascii_digit()), "{code}");

    let wrong = assert_error(
        send_code(&app, &challenge, &another_code(&code)).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(wrong, "Wrong code: 4 tries left");

    let response = send_code(&app, &challenge, &code).await;
    assert_eq!(response.status(), StatusCode::OK);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["username"], "otp.user");
    let token = user["authToken"].as_str().unwrap();
    app.ok_json(Method::GET, "/api/getAllStores", token, None)
        .await;

    // A code works once.
    let again = assert_error(
        send_code(&app, &challenge, &code).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert!(again.contains("expired or was already used"), "{again}");
}

#[tokio::test]
async fn five_wrong_codes_end_the_challenge_and_count_as_failed_log_ins() {
    let app = spawn_app().await;
    user_with_two_steps(&app, "guessed.user").await;
    let challenge = challenge_for(&app, "guessed.user").await;
    let code = code_for(&app, "guessed.user").await;
    let wrong = another_code(&code);
    for left in (1..=4).rev() {
        let said = assert_error(
            send_code(&app, &challenge, &wrong).await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
        assert!(
            said.starts_with(&format!("Wrong code: {left} tr")),
            "{said}"
        );
    }
    let last = assert_error(
        send_code(&app, &challenge, &wrong).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert!(last.contains("tried too often"), "{last}");
    // The right code no longer helps, and the password is throttled like any guessing.
    let after = send_code(&app, &challenge, &code).await;
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.login("guessed.user", PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn malformed_codes_and_unknown_challenges_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    user_with_two_steps(&app, "careful.user").await;
    let challenge = challenge_for(&app, "careful.user").await;
    let code = code_for(&app, "careful.user").await;
    for bad in ["", "12ab56", "1234567", "12 34"] {
        let said = assert_error(
            send_code(&app, &challenge, bad).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(said.contains("6-digit code"), "{bad:?}: {said}");
    }
    let unknown = send_code(&app, "not-a-challenge", &code).await;
    assert_eq!(unknown.status(), StatusCode::UNAUTHORIZED);
    let empty = send_code(&app, "", &code).await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    // None of these used up a try: the code still signs in.
    assert_eq!(
        send_code(&app, &challenge, &code).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn two_step_log_in_needs_an_e_mail_address_and_a_wrong_password_sends_no_code() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let mut body = user_body("no.mail", "STORE", Some(1), &["SALES_REP"]);
    body["twoStepLogin"] = json!(true);
    body["email"] = Value::Null;
    let refused = assert_error(
        app.request(Method::POST, "/api/enterprise/1/user", &admin, Some(body))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("needs an e-mail address"), "{refused}");

    let id = user_with_two_steps(&app, "wary.user").await;
    let wrong = app.login("wary.user", "not-the-password").await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let mails: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(EmailOutbox::Id).count())
                .from(EmailOutbox::Table)
                .and_where(Expr::col(EmailOutbox::ToAddress).eq("wary.user@example.com"))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(mails, 0, "no code without the password");

    // Switched off again, the password alone signs in.
    let mut off = user_body("wary.user", "STORE", Some(1), &["SALES_REP"]);
    off["twoStepLogin"] = json!(false);
    let user = app
        .ok_json(Method::PUT, &format!("/api/user/{id}"), &admin, Some(off))
        .await;
    assert_eq!(user["twoStepLogin"], false, "{user}");
    assert_eq!(
        app.login("wary.user", PASSWORD).await.status(),
        StatusCode::OK
    );
}
