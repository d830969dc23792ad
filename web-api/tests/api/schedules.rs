use std::collections::HashSet;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_api_only, spawn_app};

async fn create_every_second(app: &TestApp, token: &str) -> i64 {
    let response = app
        .post_json(
            "/api/data-sync/scheduler",
            token,
            &json!({ "enterpriseId": 1, "apiName": "heartbeat", "jobKind": "diagnostics.noop", "cron": "* * * * * *", "timeZone": "UTC" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let schedule: Value = response.json().await.unwrap();
    assert!(schedule["nextFireAt"].is_string());
    schedule["id"].as_i64().unwrap()
}

async fn disable(app: &TestApp, token: &str, id: i64) {
    let response = app
        .client
        .put(app.url(&format!("/api/data-sync/scheduler/{id}")))
        .header("Authorization", format!("Bearer {token}"))
        .json(&json!({ "enabled": false }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

/// The runs a schedule started, as (tick second, run id).
async fn runs_of(app: &TestApp, token: &str, schedule: i64) -> Vec<(i64, i64)> {
    let page: Value = app
        .get("/api/jobs?kind=diagnostics.noop&size=500", Some(token))
        .await
        .json()
        .await
        .unwrap();
    let prefix = format!("schedule:{schedule}:");
    page["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|run| {
            let tick = run["idempotencyKey"]
                .as_str()?
                .strip_prefix(&prefix)?
                .parse()
                .ok()?;
            Some((tick, run["id"].as_i64()?))
        })
        .collect()
}

fn assert_each_tick_once(runs: &[(i64, i64)]) {
    let ticks: HashSet<i64> = runs.iter().map(|(tick, _)| *tick).collect();
    assert_eq!(ticks.len(), runs.len(), "a tick fired twice: {runs:?}");
}

#[tokio::test]
async fn a_schedule_starts_a_run_each_tick_until_it_is_disabled() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let id = create_every_second(&app, &token).await;

    tokio::time::sleep(Duration::from_millis(3_300)).await;
    disable(&app, &token, id).await;
    let fired = runs_of(&app, &token, id).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let later = runs_of(&app, &token, id).await;

    assert!(fired.len() >= 2, "{fired:?}");
    assert_each_tick_once(&fired);
    assert_eq!(later.len(), fired.len(), "a disabled schedule fired");
    let listed: Vec<Value> = app
        .get("/api/data-sync/scheduler/api-name/1", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["enabled"], false);
    assert!(listed[0]["lastFiredAt"].is_string());
    assert!(listed[0].get("nextFireAt").is_none());
}

#[tokio::test]
async fn with_two_worker_processes_each_tick_fires_exactly_once() {
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let _one = app.spawn_worker();
    let _two = app.spawn_worker();
    let id = create_every_second(&app, &token).await;

    tokio::time::sleep(Duration::from_millis(4_500)).await;
    disable(&app, &token, id).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let fired = runs_of(&app, &token, id).await;

    assert!(fired.len() >= 3, "{fired:?}");
    assert_each_tick_once(&fired);
    for (_, run) in &fired {
        let detail = app.wait_until_final(&token, *run).await;
        assert_eq!(detail["run"]["status"], "succeeded");
    }
}

#[tokio::test]
async fn bad_schedules_are_refused_with_the_reason() {
    let app = spawn_app().await;
    let admin = app.token_of("super-admin").await;
    let enterprise_admin = app.token_of("enterprise-admin").await;
    let rep = app.token_of("sales-rep").await;
    let schedule = |cron: &str, kind: &str, enterprise: i64| json!({ "enterpriseId": enterprise, "apiName": "sync", "jobKind": kind, "cron": cron });

    let bad_cron = app
        .post_json(
            "/api/data-sync/scheduler",
            &admin,
            &schedule("99 * * * *", "diagnostics.noop", 1),
        )
        .await;
    let bad_zone = app
        .post_json("/api/data-sync/scheduler", &admin, &json!({ "enterpriseId": 1, "apiName": "sync", "jobKind": "diagnostics.noop", "cron": "0 9 * * *", "timeZone": "Nowhere/Land" }))
        .await;
    let bad_kind = app
        .post_json(
            "/api/data-sync/scheduler",
            &admin,
            &schedule("0 9 * * *", "no.such.kind", 1),
        )
        .await;
    let not_allowed = app
        .post_json(
            "/api/data-sync/scheduler",
            &rep,
            &schedule("0 9 * * *", "diagnostics.noop", 1),
        )
        .await;
    let foreign = app
        .post_json(
            "/api/data-sync/scheduler",
            &enterprise_admin,
            &schedule("0 9 * * *", "test.fail", 2),
        )
        .await;
    let foreign_store = app
        .post_json("/api/data-sync/scheduler", &admin, &json!({ "enterpriseId": 1, "storeIdFk": 9, "apiName": "sync", "jobKind": "diagnostics.noop", "cron": "0 9 * * *" }))
        .await;

    assert!(
        assert_error(bad_cron, StatusCode::BAD_REQUEST)
            .await
            .starts_with("Unable to create scheduler")
    );
    assert!(
        assert_error(bad_zone, StatusCode::BAD_REQUEST)
            .await
            .contains("time zone")
    );
    assert!(
        assert_error(bad_kind, StatusCode::BAD_REQUEST)
            .await
            .contains("no.such.kind")
    );
    assert_error(not_allowed, StatusCode::FORBIDDEN).await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;
    assert_error(foreign_store, StatusCode::NOT_FOUND).await;
    let listed: Vec<Value> = app
        .get("/api/data-sync/scheduler/api-name/1", Some(&admin))
        .await
        .json()
        .await
        .unwrap();
    assert!(listed.is_empty(), "nothing was created: {listed:?}");
}

#[tokio::test]
async fn schedules_of_another_enterprise_are_not_found_and_deleting_removes_one() {
    let app = spawn_app().await;
    let summit = app.token_of("summit-admin").await;
    let demo = app.token_of("enterprise-admin").await;
    let created = app
        .post_json("/api/data-sync/scheduler", &summit, &json!({ "enterpriseId": 2, "apiName": "nightly", "jobKind": "test.fail", "cron": "0 2 * * *", "timeZone": "America/Denver" }))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let id = created.json::<Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();

    let foreign_list = app
        .get("/api/data-sync/scheduler/api-name/2", Some(&demo))
        .await;
    let foreign_delete = app
        .client
        .delete(app.url(&format!("/api/data-sync/scheduler/{id}")))
        .header("Authorization", format!("Bearer {demo}"))
        .send()
        .await
        .unwrap();
    assert_error(foreign_list, StatusCode::NOT_FOUND).await;
    assert_error(foreign_delete, StatusCode::NOT_FOUND).await;

    let own_delete = app
        .client
        .delete(app.url(&format!("/api/data-sync/scheduler/{id}")))
        .header("Authorization", format!("Bearer {summit}"))
        .send()
        .await
        .unwrap();
    assert_eq!(own_delete.status(), StatusCode::OK);
    let listed: Vec<Value> = app
        .get("/api/data-sync/scheduler/api-name/2", Some(&summit))
        .await
        .json()
        .await
        .unwrap();
    assert!(listed.is_empty());
}
