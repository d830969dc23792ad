//! The executor's claim guard against the process that runs a job.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use engine::db::ConnectOptions;
use engine::domain::JobStatus;
use engine::store::job_runs::{JobRunStore, NewJobRun};
use engine::{Database, DatabaseUrl};
use jobs::{EventBus, Executor, ExecutorSettings, Outcome, Registry};
use serde_json::json;

#[tokio::test]
async fn a_run_whose_heartbeat_lags_is_not_claimed_again_by_the_process_running_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::connect(
        &DatabaseUrl::sqlite_file(&dir.path().join("bayline.db")),
        &ConnectOptions::default(),
    )
    .await
    .unwrap();
    db.migrate().await.unwrap();
    let mut registry = Registry::default();
    registry.register(Arc::new(jobs::kinds::Noop));
    // The heartbeat never comes in time: the run looks stale all the while it runs, as it
    // does when a busy database holds the heartbeat's write back.
    let settings = ExecutorSettings {
        heartbeat_every: Duration::from_secs(60),
        stale_after: Duration::from_millis(10),
        ..ExecutorSettings::default()
    };
    let executor = Executor::new(
        db.clone(),
        Arc::new(registry),
        "worker-1".to_owned(),
        settings,
        EventBus::in_process(),
    );
    let store = JobRunStore::new(db);
    let (run, _) = store
        .create(
            &NewJobRun {
                enterprise_id: None,
                store_ids: Vec::new(),
                kind: "diagnostics.noop".to_owned(),
                input: json!({ "items": 4, "pauseMs": 50 }),
                max_attempts: 3,
                idempotency_key: None,
                created_by: None,
            },
            Utc::now(),
        )
        .await
        .unwrap();

    let first = tokio::spawn({
        let executor = executor.clone();
        async move { executor.execute(run.id).await.unwrap() }
    });
    tokio::time::sleep(Duration::from_millis(80)).await;
    assert!(executor.is_running_here(run.id));
    // A second delivery of the same run (the sweep's, or the queue's own) while it runs here.
    assert_eq!(executor.execute(run.id).await.unwrap(), Outcome::NotClaimed);

    assert_eq!(
        first.await.unwrap(),
        Outcome::Finished(JobStatus::Succeeded)
    );
    let finished = store.get(run.id).await.unwrap().unwrap();
    assert_eq!(finished.attempt, 1);
    assert!(!executor.is_running_here(run.id));
}
