//! Access at the seams (issue 34): a dealer manager whose stores are all closed sees nothing of
//! other dealers, and a live stream ends with its session.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::spawn_app;

#[tokio::test]
async fn a_dealer_manager_whose_stores_are_all_closed_sees_no_other_dealer_s_appointments() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let manager = app.token_of("division-manager").await;
    let everything = json!({"startDate": "2020-01-01", "endDate": "2030-12-31", "size": 500});

    let before = app
        .ok_json(
            Method::POST,
            "/api/appointment/search",
            &manager,
            Some(everything.clone()),
        )
        .await;
    let own_stores = |page: &Value| {
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| [1, 2].contains(&a["storeId"].as_i64().unwrap_or_default()))
    };
    assert!(
        own_stores(&before),
        "only the dealer's stores 1 and 2: {before}"
    );

    for store in [1, 2] {
        app.ok_json(
            Method::PUT,
            &format!("/api/enterprise/1/store/{store}/deactivate"),
            &admin,
            None,
        )
        .await;
    }
    let after = app
        .ok_json(
            Method::POST,
            "/api/appointment/search",
            &manager,
            Some(everything),
        )
        .await;
    assert_eq!(after["totalElements"], 0, "{after}");
    let audits = app
        .ok_json(
            Method::POST,
            "/api/future-service-interaction/predictive-planner-audit/search",
            &manager,
            Some(json!({"size": 500})),
        )
        .await;
    assert!(
        audits["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| [1, 2].contains(&a["storeId"].as_i64().unwrap_or_default())),
        "{audits}"
    );
}

#[tokio::test]
async fn a_live_stream_ends_when_its_session_does() {
    let app = spawn_app().await;
    let token = app.token_of("division-manager").await;
    let mut stream = app.open_events(&token).await;
    let response = app.get("/user/logout", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    // The stream re-checks its session every few seconds and closes.
    assert!(
        stream.wait_closed(Duration::from_secs(15)).await,
        "the stream outlived the logout"
    );
}
