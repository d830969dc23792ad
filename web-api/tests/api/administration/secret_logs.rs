//! No secret (password, token, key) reaches the server's logs.

use super::*;

/// Everything the server logs while it lives, at every level.
#[derive(Clone, Default)]
struct CapturedLogs(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for CapturedLogs {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl CapturedLogs {
    /// Captures the process's logs (or, when another test already holds the process's
    /// subscriber, this thread's, where the test's server and workers run).
    fn start(&self) -> Option<tracing::subscriber::DefaultGuard> {
        match tracing::subscriber::set_global_default(self.subscriber()) {
            Ok(()) => None,
            Err(_) => Some(tracing::subscriber::set_default(self.subscriber())),
        }
    }

    fn subscriber(&self) -> impl tracing::Subscriber + Send + Sync + 'static {
        let sink = self.clone();
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("trace"))
            .with_ansi(false)
            .with_writer(move || sink.clone())
            .finish()
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

#[tokio::test]
async fn no_secret_reaches_the_server_s_logs() {
    const GATEWAY_SECRET: &str = "gw-secret-5b1c9e77d2";
    const NEW_PASSWORD: &str = "logs-never-see-this-71";
    let logs = CapturedLogs::default();
    let _guard = logs.start();
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let admin = app.token_of("enterprise-admin").await;

    // A provider secret set, used to send, and presented back by the provider's callbacks.
    let (address, _fake) = crate::telephony::start_fake_bandwidth().await;
    app.ok_json(
        Method::PUT,
        "/api/messaging/gateway",
        &admin,
        Some(json!({
            "enterpriseId": 1,
            "storeId": 1,
            "provider": "bandwidth",
            "accountSid": "9900001",
            "authToken": GATEWAY_SECRET,
            "apiUsername": "bayline-api",
            "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
            "apiBaseUrl": format!("http://{address}"),
        })),
    )
    .await;
    app.ok_json(
        Method::POST,
        "/bandwidth/validate-sms-configuration",
        &admin,
        Some(json!({
            "storeId": 1,
            "toNumber": "5552013344",
            "fromNumber": "5552010000",
            "accountId": "9900001",
            "apiUsername": "bayline-api",
            "apiPassword": GATEWAY_SECRET,
            "applicationId": "93de2206-9669-4e07-948d-329f4b722ee2",
            "apiBaseUrl": format!("http://{address}"),
        })),
    )
    .await;
    for password in [GATEWAY_SECRET, "a-wrong-guess"] {
        app.client
            .post(app.url("/api/sms/bandwidth/callback"))
            .basic_auth("bayline-api", Some(password))
            .json(&json!([{"type": "message-delivered", "message": {"id": "nope"}}]))
            .send()
            .await
            .unwrap();
    }

    // A one-time password link made, used, and a failed sign-in.
    let mut body = user_body("log.user", "ENTERPRISE", None, &["ENTERPRISE_USER"]);
    body.as_object_mut().unwrap().remove("password");
    app.ok_json(Method::POST, "/api/enterprise/1/user", &admin, Some(body))
        .await;
    let link = app.link_token_for("log.user@example.com").await;
    let set = app
        .client
        .post(app.url("/user/reset-password"))
        .json(&json!({"token": link, "password": NEW_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);
    let session = app.token_of_with("log.user", NEW_PASSWORD).await;
    let refused = app.login("log.user", "wrong-password-99").await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);

    let text = logs.text();
    assert!(
        text.contains("/api/messaging/gateway") && text.contains("request answered"),
        "the server's logs were captured: {} bytes",
        text.len()
    );
    for (what, secret) in [
        ("the gateway secret", GATEWAY_SECRET),
        ("a chosen password", NEW_PASSWORD),
        ("a mistyped password", "wrong-password-99"),
        ("the demo password", "bayline-demo"),
        ("a password link", link.as_str()),
        ("a session token", session.as_str()),
        ("an admin's session token", admin.as_str()),
    ] {
        assert!(!text.contains(secret), "{what} is in the logs");
    }
}
