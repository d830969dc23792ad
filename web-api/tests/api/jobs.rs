use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{assert_error, spawn_app};

fn status(detail: &Value) -> &str {
    detail["run"]["status"].as_str().unwrap_or("")
}

fn log_text(detail: &Value) -> String {
    detail["logs"]
        .as_array()
        .map(|lines| {
            lines
                .iter()
                .filter_map(|l| l["line"].as_str())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_job_runs_to_success_with_full_progress() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let id = app
        .start_job(
            &token,
            "diagnostics.noop",
            json!({ "items": 5, "pauseMs": 20 }),
        )
        .await;
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "succeeded", "{detail}");
    assert_eq!(detail["run"]["progress"], 100);
    assert_eq!(detail["run"]["counts"]["done"], 5);
    assert_eq!(detail["run"]["attempt"], 1);
    assert_eq!(
        detail["run"]["result"],
        json!({ "items": 5, "resumedFrom": 0 })
    );
    assert!(detail["run"]["finishedAt"].is_string());
}

#[tokio::test]
async fn transient_failures_are_retried_until_the_job_succeeds() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let id = app
        .start_job(&token, "test.flaky", json!({ "failures": 2 }))
        .await;
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "succeeded", "{detail}");
    assert_eq!(detail["run"]["attempt"], 3);
    assert_eq!(detail["run"]["result"], json!({ "attempt": 3 }));
    assert!(log_text(&detail).contains("retrying in"), "{detail}");
}

#[tokio::test]
async fn transient_failures_give_up_at_the_kinds_limit() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let id = app
        .start_job(&token, "test.flaky", json!({ "failures": 10 }))
        .await;
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "failed");
    assert_eq!(detail["run"]["attempt"], 3);
    let error = detail["run"]["error"].as_str().unwrap();
    assert!(
        error.contains("blip on attempt 3") && error.contains("gave up after 3 attempts"),
        "{error}"
    );
}

#[tokio::test]
async fn a_permanent_failure_fails_at_once_with_its_message() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let id = app
        .start_job(
            &token,
            "test.fail",
            json!({ "message": "The file has no VIN column" }),
        )
        .await;
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "failed");
    assert_eq!(detail["run"]["attempt"], 1);
    assert_eq!(detail["run"]["error"], "The file has no VIN column");
}

#[tokio::test]
async fn a_panicking_job_fails_and_the_worker_carries_on() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let crashed = app.start_job(&token, "test.panic", json!({})).await;
    let crashed = app.wait_until_final(&token, crashed).await;
    let next = app.start_job(&token, "diagnostics.noop", json!({})).await;
    let next = app.wait_until_final(&token, next).await;

    assert_eq!(status(&crashed), "failed");
    assert!(
        crashed["run"]["error"]
            .as_str()
            .unwrap()
            .contains("wheel came off")
    );
    assert_eq!(status(&next), "succeeded");
}

#[tokio::test]
async fn cancelling_a_running_job_stops_it_at_its_next_check() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let id = app.start_job(&token, "test.slow", json!({})).await;
    app.wait_for_run(&token, id, |d| {
        d["run"]["progress"].as_i64().unwrap_or(0) >= 1
    })
    .await;

    let cancel = app
        .post_json(&format!("/api/jobs/{id}/cancel"), &token, &json!({}))
        .await;
    assert_eq!(cancel.status(), StatusCode::OK);
    let asked = std::time::Instant::now();
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "cancelled");
    assert!(
        asked.elapsed() < std::time::Duration::from_secs(5),
        "took {:?}",
        asked.elapsed()
    );
    assert!(detail["run"]["progress"].as_i64().unwrap() < 100);
}

#[tokio::test]
async fn a_finished_run_cannot_be_cancelled() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let id = app.start_job(&token, "diagnostics.noop", json!({})).await;
    app.wait_until_final(&token, id).await;

    let response = app
        .post_json(&format!("/api/jobs/{id}/cancel"), &token, &json!({}))
        .await;

    let message = assert_error(response, StatusCode::CONFLICT).await;
    assert!(message.contains("succeeded"), "{message}");
}

#[tokio::test]
async fn the_same_idempotency_key_returns_the_active_run() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let body = json!({ "kind": "test.slow", "idempotencyKey": "nightly-2026-11-22" });

    let first = app.post_json("/api/jobs", &token, &body).await;
    let second = app.post_json("/api/jobs", &token, &body).await;

    assert_eq!(first.status(), StatusCode::CREATED);
    assert_eq!(second.status(), StatusCode::OK);
    let (first, second): (Value, Value) =
        (first.json().await.unwrap(), second.json().await.unwrap());
    assert_eq!(first["id"], second["id"]);

    // Once that run is over, the key starts a new one.
    let id = first["id"].as_i64().unwrap();
    app.post_json(&format!("/api/jobs/{id}/cancel"), &token, &json!({}))
        .await;
    app.wait_until_final(&token, id).await;
    let third = app.post_json("/api/jobs", &token, &body).await;
    assert_eq!(third.status(), StatusCode::CREATED);
    let third: Value = third.json().await.unwrap();
    assert_ne!(third["id"], first["id"]);
    app.post_json(
        &format!("/api/jobs/{}/cancel", third["id"]),
        &token,
        &json!({}),
    )
    .await;
}

#[tokio::test]
async fn progress_never_goes_backwards() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let id = app.start_job(&token, "test.backwards", json!({})).await;
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "failed");
    assert_eq!(detail["run"]["progress"], 50);
    assert_eq!(detail["run"]["counts"]["done"], 2);
}

#[tokio::test]
async fn retrying_a_failed_run_runs_it_again() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let id = app
        .start_job(&token, "test.fails-first-time", json!({}))
        .await;
    assert_eq!(status(&app.wait_until_final(&token, id).await), "failed");

    let retry = app
        .post_json(&format!("/api/jobs/{id}/retry"), &token, &json!({}))
        .await;
    assert_eq!(retry.status(), StatusCode::OK);
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(status(&detail), "succeeded", "{detail}");
    assert!(detail["run"]["error"].is_null());
    let again = app
        .post_json(&format!("/api/jobs/{id}/retry"), &token, &json!({}))
        .await;
    assert_error(again, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn bad_starts_are_refused_with_the_reason_and_create_nothing() {
    let app = spawn_app().await;
    let admin = app.token_of("super-admin").await;
    let rep = app.token_of("sales-rep").await;
    // The demo world's history is there already (its bulk runs).
    let before: Value = app
        .get("/api/jobs", Some(&admin))
        .await
        .json()
        .await
        .unwrap();

    let unknown = app
        .post_json("/api/jobs", &admin, &json!({ "kind": "launch.rockets" }))
        .await;
    let bad_input = app
        .post_json(
            "/api/jobs",
            &admin,
            &json!({ "kind": "diagnostics.noop", "input": { "items": "lots" } }),
        )
        .await;
    let not_allowed = app
        .post_json("/api/jobs", &rep, &json!({ "kind": "diagnostics.noop" }))
        .await;
    let no_kind = app
        .post_json("/api/jobs", &admin, &json!({ "input": {} }))
        .await;

    assert!(
        assert_error(unknown, StatusCode::BAD_REQUEST)
            .await
            .contains("launch.rockets")
    );
    assert!(
        assert_error(bad_input, StatusCode::BAD_REQUEST)
            .await
            .contains("items")
    );
    assert_error(not_allowed, StatusCode::FORBIDDEN).await;
    assert_error(no_kind, StatusCode::BAD_REQUEST).await;
    let listed: Value = app
        .get("/api/jobs", Some(&admin))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["totalElements"], before["totalElements"]);
}

#[tokio::test]
async fn runs_of_another_enterprise_are_not_found() {
    let app = spawn_app().await;
    let summit = app.token_of("summit-admin").await;
    let demo = app.token_of("enterprise-admin").await;
    let platform = app.token_of("super-admin").await;
    let id = app
        .start_job(&summit, "test.fail", json!({ "message": "x" }))
        .await;
    app.wait_until_final(&summit, id).await;

    let foreign = app.get(&format!("/api/jobs/{id}"), Some(&demo)).await;
    let cancel = app
        .post_json(&format!("/api/jobs/{id}/retry"), &demo, &json!({}))
        .await;
    let listed: Value = app
        .get("/api/jobs?kind=test.fail", Some(&demo))
        .await
        .json()
        .await
        .unwrap();

    assert_error(foreign, StatusCode::NOT_FOUND).await;
    assert_error(cancel, StatusCode::NOT_FOUND).await;
    assert_eq!(listed["totalElements"], 0, "{listed}");
    assert_eq!(
        app.get(&format!("/api/jobs/{id}"), Some(&platform))
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_run_list_filters_by_kind_and_status_and_pages() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    for _ in 0..3 {
        let id = app.start_job(&token, "diagnostics.noop", json!({})).await;
        app.wait_until_final(&token, id).await;
    }
    let failed = app
        .start_job(&token, "test.fail", json!({ "message": "no" }))
        .await;
    app.wait_until_final(&token, failed).await;

    let noop: Value = app
        .get("/api/jobs?kind=diagnostics.noop&size=2", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let failures: Value = app
        .get("/api/jobs?status=failed", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let bad_status = app.get("/api/jobs?status=exploded", Some(&token)).await;
    let stats: Value = app
        .get("/api/jobs/stats", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(noop["totalElements"], 3);
    assert_eq!(noop["content"].as_array().unwrap().len(), 2);
    assert_eq!(failures["totalElements"], 1);
    assert_eq!(failures["content"][0]["id"], failed);
    assert_error(bad_status, StatusCode::BAD_REQUEST).await;
    assert_eq!(stats["throughputLastHour"], 3);
    assert_eq!(stats["failedLastHour"], 1);
    assert_eq!(stats["pending"], 0);
}

/// A run says what it is in words and units, whose it is (its stores, who started it) and what
/// the caller may do with it now; the kinds list every kind with whether the caller may start
/// it (issue 36: the Jobs screen needed exact kind names, and guessed at units and actions).
#[tokio::test]
async fn a_run_says_what_it_is_whose_it_is_and_what_the_caller_may_do() {
    let app = spawn_app().await;
    let admin = app.token_of("super-admin").await;
    let rep = app.token_of("sales-rep").await;

    let kinds = |token: String| {
        let app = &app;
        async move {
            let kinds: Value = app
                .get("/api/jobs/kinds", Some(&token))
                .await
                .json()
                .await
                .unwrap();
            kinds.as_array().unwrap().clone()
        }
    };
    let noop = |list: &[Value]| {
        list.iter()
            .find(|k| k["name"] == "diagnostics.noop")
            .cloned()
            .expect("every kind is listed")
    };
    let for_admin = kinds(admin.clone()).await;
    let for_rep = kinds(rep.clone()).await;
    assert_eq!(for_admin.len(), for_rep.len());
    assert_eq!(noop(&for_admin)["label"], "Diagnostics");
    assert_eq!(noop(&for_admin)["startable"], true);
    assert_eq!(noop(&for_rep)["startable"], false);

    let id = app
        .start_job(
            &admin,
            "diagnostics.noop",
            json!({ "items": 1000, "pauseMs": 100 }),
        )
        .await;
    let running = app
        .wait_for_run(&admin, id, |d| status(d) == "running")
        .await;
    assert_eq!(running["run"]["label"], "Diagnostics");
    assert_eq!(running["run"]["unit"], "items");
    assert_eq!(running["run"]["actions"], json!(["cancel"]));
    assert!(
        running["run"]["createdByName"]
            .as_str()
            .is_some_and(|n| !n.is_empty()),
        "{running}"
    );
    app.ok_json(
        reqwest::Method::POST,
        &format!("/api/jobs/{id}/cancel"),
        &admin,
        Some(json!({})),
    )
    .await;
    let cancelled = app.wait_until_final(&admin, id).await;
    assert_eq!(cancelled["run"]["actions"], json!(["retry"]));

    // A store's run names its store; someone who may not manage the kind is offered nothing.
    let manager = app.token_of("enterprise-admin").await;
    let started = app
        .post_json(
            "/api/jobs",
            &manager,
            &json!({ "kind": "customers.line-types", "input": { "storeId": 1 } }),
        )
        .await;
    assert_eq!(started.status(), StatusCode::CREATED);
    let store_run: Value = started.json().await.unwrap();
    assert_eq!(store_run["unit"], "customers");
    let stores = store_run["stores"].as_array().unwrap();
    assert_eq!(stores.len(), 1, "{store_run}");
    assert_eq!(stores[0]["id"], 1);
    assert!(stores[0]["name"].as_str().is_some_and(|n| !n.is_empty()));
    let listed: Value = app
        .get("/api/jobs?kind=customers.line-types", Some(&rep))
        .await
        .json()
        .await
        .unwrap();
    let seen = listed["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == store_run["id"])
        .cloned()
        .expect("the rep sees their store's run");
    assert_eq!(seen["actions"], json!([]));
}

/// A fresh demo install has the Jobs history its conversations imply (issue 36): the runs that
/// opened them, one per store and day, each with its leads and their opening texts.
#[tokio::test]
async fn the_demo_world_comes_with_the_bulk_runs_that_opened_its_conversations() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let runs: Value = app
        .get(
            "/api/jobs?kind=outreach.bulk-initiate&size=100",
            Some(&admin),
        )
        .await
        .json()
        .await
        .unwrap();
    let runs = runs["content"].as_array().unwrap().clone();
    assert!(!runs.is_empty(), "no history");
    let mut days = std::collections::HashSet::new();
    for run in &runs {
        assert_eq!(run["status"], "succeeded", "{run}");
        assert_eq!(run["stores"].as_array().unwrap().len(), 1, "{run}");
        assert!(run["createdByName"].is_string(), "{run}");
        let store = run["stores"][0]["id"].as_i64().unwrap();
        let day = run["createdAt"].as_str().unwrap()[..10].to_owned();
        assert!(
            days.insert((store, day)),
            "one run per store and day: {run}"
        );
        let id = run["id"].as_i64().unwrap();
        let leads: Value = app
            .get(
                &format!("/api/lisa/report/bulk-conversation/status?jobRunId={id}&size=500"),
                Some(&admin),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            leads["totalElements"], run["counts"]["total"],
            "{run} {leads}"
        );
        for lead in leads["content"].as_array().unwrap() {
            assert_eq!(lead["outcome"], "SENT", "{lead}");
            assert_eq!(lead["storeId"].as_i64(), Some(store), "{lead}");
        }
    }
    // Older than the server: the world's conversations go back weeks.
    let oldest = runs
        .iter()
        .map(|run| run["createdAt"].as_str().unwrap().to_owned())
        .min()
        .unwrap();
    let week_ago = (chrono::Utc::now() - chrono::Duration::days(7)).to_rfc3339();
    assert!(oldest < week_ago, "{oldest}");
}
