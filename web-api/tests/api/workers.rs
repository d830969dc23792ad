//! Separate worker processes: the API here only records and queues; `bayline worker`
//! processes on the same database and queue do the work.

use serde_json::json;

use crate::helpers::spawn_api_only;

#[tokio::test]
async fn a_run_whose_worker_is_killed_is_finished_by_another_worker_from_its_checkpoint() {
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let first = app.spawn_worker();
    let id = app
        .start_job(
            &token,
            "diagnostics.noop",
            json!({ "items": 30, "pauseMs": 100 }),
        )
        .await;
    app.wait_for_run(&token, id, |d| {
        d["run"]["counts"]["done"].as_i64().unwrap_or(0) >= 5
    })
    .await;

    drop(first); // SIGKILL, mid-job
    let _second = app.spawn_worker();
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    assert_eq!(detail["run"]["attempt"], 2, "{detail}");
    assert_eq!(detail["run"]["counts"]["done"], 30);
    // The second attempt went on from where the first had got to, not from the start.
    let resumed_from = detail["run"]["result"]["resumedFrom"].as_i64().unwrap();
    assert!(resumed_from >= 5, "{detail}");
}

#[tokio::test]
async fn jobs_wait_in_the_queue_until_a_worker_process_takes_them() {
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let id = app.start_job(&token, "diagnostics.noop", json!({})).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let waiting: serde_json::Value = app
        .get(&format!("/api/jobs/{id}"), Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(waiting["run"]["status"], "queued");

    let _worker = app.spawn_worker();
    let detail = app.wait_until_final(&token, id).await;

    assert_eq!(detail["run"]["status"], "succeeded");
}

#[tokio::test]
async fn with_redis_the_api_streams_progress_of_a_job_on_another_processs_worker() {
    if std::env::var("TEST_REDIS_URL").is_err() {
        // Embedded mode is one process by design; this runs in the PostgreSQL + Redis suite.
        return;
    }
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let _worker = app.spawn_worker();
    let mut events = app.open_events(&token).await;

    let id = app
        .start_job(
            &token,
            "diagnostics.noop",
            json!({ "items": 8, "pauseMs": 80 }),
        )
        .await;

    let mut progress_seen = false;
    loop {
        let event = events
            .next_job(std::time::Duration::from_secs(15))
            .await
            .expect("events from the worker process");
        if event["run"]["id"] != id {
            continue;
        }
        let progress = event["run"]["progress"].as_i64().unwrap_or(0);
        progress_seen |= progress > 0 && progress < 100;
        if event["run"]["status"] == "succeeded" {
            break;
        }
    }
    assert!(progress_seen, "no intermediate progress arrived");
}
