//! What an attacker or a careless client sends: numbers out of range, NUL characters, huge
//! bodies and texts, forged forwarding headers, other stores' ids. Each gets a 4xx in the
//! error shape and changes nothing.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

const FIVE_K: &str = "/api/future-service-interaction/run-future-prediction";

async fn bad_request_naming(response: reqwest::Response, field: &str) {
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains(field), "{message:?} does not name {field}");
}

#[tokio::test]
async fn a_page_past_the_last_is_a_400_naming_the_field_on_every_list() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let huge = i64::MAX;

    for path in [
        format!("/api/jobs?page={huge}"),
        format!("/api/email/outbox?page={huge}"),
        format!("{FIVE_K}?store_id=1&page={huge}"),
    ] {
        bad_request_naming(app.get(&path, Some(&token)).await, "page").await;
    }
    let search = app
        .post_json(
            "/api/future-service-interaction/predictive-planner-audit/search",
            &token,
            &json!({ "page": huge }),
        )
        .await;
    bad_request_naming(search, "page").await;
}

#[tokio::test]
async fn planner_days_beyond_ten_years_are_refused_on_every_path() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    let preview = app
        .get(
            &format!("{FIVE_K}?store_id=1&minDays={}", i64::MIN),
            Some(&token),
        )
        .await;
    bad_request_naming(preview, "minDays").await;
    let mileage = app
        .get(
            &format!(
                "/api/future-service-interaction/run-future-prediction-for-mileage?mileage={}&store_id=1",
                i32::MAX
            ),
            Some(&token),
        )
        .await;
    bad_request_naming(mileage, "mileage").await;
    let job = app
        .post_json(
            "/api/jobs",
            &token,
            &json!({ "kind": "planner.transfer", "input": { "planner": "5K", "storeIds": [1], "maxDays": i64::MIN } }),
        )
        .await;
    bad_request_naming(job, "maxDays").await;
    let definition = app
        .post_json(
            "/api/future-service-interaction/predictive-planner-definition",
            &token,
            &json!({ "storeId": 1, "name": "far", "planner": "5K", "minDays": i32::MIN, "maxDays": 30 }),
        )
        .await;
    bad_request_naming(definition, "minDays").await;
}

#[tokio::test]
async fn nul_in_a_clients_text_is_a_400_and_a_providers_text_is_kept_without_it() {
    let app = spawn_app().await;
    let login = app
        .client
        .post(app.url("/user/v2/login"))
        .json(&json!({ "username": "sales\u{0}rep", "password": "x" }))
        .send()
        .await
        .unwrap();
    bad_request_naming(login, "NUL").await;
    let token = app.token_of("enterprise-admin").await;
    let query = app.get("/api/jobs?kind=a%00b", Some(&token)).await;
    bad_request_naming(query, "NUL").await;

    let lead = app.textable_lead("+15557770091").await;
    let received = app
        .inbound(&lead.phone, "see you\u{0} at 9", "SMnul0001")
        .await;
    assert_eq!(received.status(), StatusCode::OK);
    let reader = app.token_of("super-user").await;
    app.wait_for_message(&reader, lead.id, |m| m["content"] == "see you at 9")
        .await;
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_413_before_it_is_read() {
    let app = spawn_app().await;
    let huge = "u".repeat(300 * 1024);
    let response = app
        .client
        .post(app.url("/user/v2/login"))
        .json(&json!({ "username": huge, "password": "x" }))
        .send()
        .await
        .unwrap();
    assert_error(response, StatusCode::PAYLOAD_TOO_LARGE).await;

    // Within the limit, a username no one has is still refused before anything is recorded.
    let long = app
        .client
        .post(app.url("/user/v2/login"))
        .json(&json!({ "username": "u".repeat(1_000), "password": "x" }))
        .send()
        .await
        .unwrap();
    bad_request_naming(long, "Username").await;
}

#[tokio::test]
async fn a_wrong_content_type_is_a_415_and_the_document_says_so() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/user/v2/login"))
        .header("content-type", "text/plain")
        .body(r#"{"username":"sales-rep","password":"bayline-demo"}"#)
        .send()
        .await
        .unwrap();
    assert_error(response, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;

    let document: Value = app
        .get("/api/openapi.json", None)
        .await
        .json()
        .await
        .unwrap();
    let login = &document["paths"]["/user/v2/login"]["post"]["responses"];
    for status in ["400", "413", "415", "429", "500"] {
        assert!(login.get(status).is_some(), "login does not list {status}");
    }
    let kinds = &document["paths"]["/api/jobs/kinds"]["get"]["responses"];
    assert!(kinds.get("401").is_some(), "{kinds}");
}

#[tokio::test]
async fn a_search_or_a_name_too_long_is_a_400() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let search = app
        .post_json(
            "/api/service-appointment/search-by-appt-date-and-query",
            &token,
            &json!({ "query": "a".repeat(60_000) }),
        )
        .await;
    assert_ne!(search.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert!(search.status().is_client_error(), "{}", search.status());

    let lead = app.textable_lead("+15557770092").await;
    let call = app
        .post_json(
            "/api/svc-message-instance/call-log",
            &token,
            &json!({
                "futureServiceInteractionId": lead.id,
                "direction": "INBOUND",
                "startTime": "-9999-01-01T00:00:00Z",
                "durationSeconds": 10,
            }),
        )
        .await;
    assert!(call.status().is_client_error(), "{}", call.status());
}

#[tokio::test]
async fn an_id_list_past_a_thousand_is_a_400_on_every_search() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    // Past SQLite's 32,766 and PostgreSQL's 65,535 parameters, yet inside the body limit.
    let ids: Vec<i64> = (1..=40_000).collect();
    for path in [
        "/api/future-service-interaction/first-interaction",
        "/api/service-appointment/search-by-appt-date-and-query",
        "/api/future-service-interaction/predictive-planner-audit/view-by-planner-name",
        "/api/future-service-interaction/predictive-planner-definition/all",
    ] {
        let response = app
            .post_json(path, &token, &json!({ "storeIds": ids }))
            .await;
        bad_request_naming(response, "storeIds").await;
        let within = app
            .post_json(
                path,
                &token,
                &json!({ "storeIds": [1, 2], "plannerName": "5K" }),
            )
            .await;
        assert!(within.status().is_success(), "{path}: {}", within.status());
    }
}

#[tokio::test]
async fn forwarding_headers_from_an_untrusted_peer_do_not_escape_the_log_in_throttle() {
    let app = spawn_app().await;
    let mut last = StatusCode::OK;
    // Each try a new username (the per-user limit never trips) and a new forwarded address.
    for n in 0..32 {
        last = app
            .client
            .post(app.url("/user/v2/login"))
            .header("X-Forwarded-For", format!("203.0.113.{n}"))
            .header("X-Real-IP", format!("198.51.100.{n}"))
            .json(&json!({ "username": format!("nobody-{n}"), "password": "wrong" }))
            .send()
            .await
            .unwrap()
            .status();
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

/// A planner transfer the enterprise admin starts for one store.
async fn transfer_for_store(app: &TestApp, token: &str, store: i64) -> i64 {
    app.start_job(
        token,
        "planner.transfer",
        json!({ "planner": "5K", "storeIds": [store], "plannerDate": "2020-01-01" }),
    )
    .await
}

#[tokio::test]
async fn a_store_level_user_sees_only_their_stores_runs_and_schedules() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let rep = app.token_of("sales-rep").await;
    let own = transfer_for_store(&app, &admin, 1).await;
    let other = transfer_for_store(&app, &admin, 2).await;

    assert_eq!(
        app.get(&format!("/api/jobs/{own}"), Some(&rep))
            .await
            .status(),
        StatusCode::OK
    );
    assert_error(
        app.get(&format!("/api/jobs/{other}"), Some(&rep)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let listed = app
        .ok_json(Method::GET, "/api/jobs?size=100", &rep, None)
        .await;
    let ids: Vec<i64> = listed["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_i64())
        .collect();
    assert!(ids.contains(&own) && !ids.contains(&other), "{ids:?}");

    let schedule = app
        .post_json(
            "/api/data-sync/scheduler",
            &admin,
            &json!({ "enterpriseId": 1, "storeIdFk": 2, "apiName": "other store", "jobKind": "planner.transfer", "input": { "planner": "5K", "storeIds": [2] }, "cron": "0 9 * * *" }),
        )
        .await;
    assert_eq!(schedule.status(), StatusCode::CREATED);
    assert_error(
        app.get(
            "/api/data-sync/scheduler/api-name/1?storeIdFk=2",
            Some(&rep),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let visible: Vec<Value> = app
        .get("/api/data-sync/scheduler/api-name/1", Some(&rep))
        .await
        .json()
        .await
        .unwrap();
    assert!(visible.iter().all(|s| s["storeIdFk"] == 1), "{visible:?}");

    for path in [
        "/api/svc-message-instance/unreadByStoreId?storeIdPk=2",
        "/assistant/v2/getassistlist?store_id_pk=2",
    ] {
        assert_error(app.get(path, Some(&rep)).await, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn another_enterprise_reusing_an_idempotency_key_gets_a_run_of_its_own() {
    let app = spawn_app().await;
    // A user of enterprise 1, and the platform acting for enterprise 2.
    let ours = app.token_of("super-data-admin").await;
    let platform = app.token_of("super-admin").await;
    let body = json!({ "kind": "diagnostics.noop", "input": { "items": 30, "pauseMs": 100 }, "idempotencyKey": "nightly" });
    let first: Value = app
        .post_json("/api/jobs", &ours, &body)
        .await
        .json()
        .await
        .unwrap();
    let second = app
        .client
        .post(app.url("/api/jobs"))
        .header("Authorization", format!("Bearer {platform}"))
        .header("enterpriseId", "2")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(second.status(), StatusCode::CREATED);
    let second: Value = second.json().await.unwrap();
    assert_ne!(first["id"], second["id"]);
}

#[tokio::test]
async fn an_internal_notes_notification_is_a_note_never_a_text() {
    let app = spawn_app().await;
    let token = app.token_of("super-user").await;
    let lead = app.textable_lead("+15557770093").await;

    let note = app
        .ok_json(
            Method::POST,
            "/api/svc-message-instance/svc-send-message",
            &token,
            Some(json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "call him back", "notificationType": "INTERNAL_NOTES" })),
        )
        .await;
    assert_eq!(note["messageType"], "INTERNAL_NOTES");

    let before = app.history(&token, lead.id).await.len();
    for (message_type, notification) in [("SMS", "INTERNAL_NOTES"), ("SMS", "CALL")] {
        let refused = app
            .post_json(
                "/api/svc-message-instance/svc-send-message",
                &token,
                &json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "hi", "messageType": message_type, "notificationType": notification }),
            )
            .await;
        bad_request_naming(refused, "notificationType").await;
    }
    assert_eq!(app.history(&token, lead.id).await.len(), before);
}
