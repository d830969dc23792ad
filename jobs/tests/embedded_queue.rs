//! The embedded queue (apalis-sqlite in the data directory) as Bayline configures it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use apalis::prelude::*;
use jobs::queue::{JobMessage, poll_strategy};
use jobs::{JobQueue, QueueBackend};

/// The acknowledgement as the vendored apalis-sqlite runs it (vendor/apalis-sqlite/PATCHES.md).
const ACK_SQL: &str = include_str!("../../vendor/apalis-sqlite/queries/task/ack.sql");

async fn open(dir: &tempfile::TempDir, name: &str) -> JobQueue {
    JobQueue::open(&QueueBackend::Embedded, dir.path(), name, 10)
        .await
        .expect("the embedded queue opens")
}

#[tokio::test]
async fn acknowledging_looks_tasks_up_by_id_not_by_everything_the_worker_ran() {
    let dir = tempfile::tempdir().unwrap();
    let JobQueue::Sqlite(storage) = open(&dir, "test.ack-plan").await else {
        unreachable!("embedded")
    };
    let plan: Vec<(i64, i64, i64, String)> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {ACK_SQL}")))
            .bind("[]")
            .bind("worker")
            .fetch_all(storage.pool())
            .await
            .unwrap();
    let steps: Vec<&str> = plan.iter().map(|row| row.3.as_str()).collect();
    assert!(
        steps
            .iter()
            .any(|s| s.contains("SEARCH Jobs") && s.contains("(id=?)")),
        "{steps:?}"
    );
    assert!(!steps.iter().any(|s| s.contains("lock_by")), "{steps:?}");
}

async fn handle(_message: JobMessage, done: Data<Arc<AtomicU64>>) -> Result<(), BoxDynError> {
    done.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

#[tokio::test]
async fn every_task_is_delivered_once_acknowledged_and_then_pruned() {
    const TASKS: i64 = 3_000;
    let dir = tempfile::tempdir().unwrap();
    let queue = open(&dir, "test.deliver").await;
    let ids: Vec<i64> = (1..=TASKS).collect();
    for chunk in ids.chunks(1_000) {
        queue.push_batch(chunk).await.unwrap();
    }
    let JobQueue::Sqlite(storage) = queue.clone() else {
        unreachable!("embedded")
    };
    let pool = storage.pool().clone();
    let done = Arc::new(AtomicU64::new(0));
    let worker = {
        let done = done.clone();
        tokio::spawn(async move {
            WorkerBuilder::new("test-worker")
                .backend(storage.poll_with_strategy(poll_strategy()))
                .data(done)
                .concurrency(8)
                .build(handle)
                .run()
                .await
        })
    };
    let finished = |status: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM Jobs WHERE status = ?1")
                .bind(status)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while finished("Done").await < TASKS {
        assert!(
            tokio::time::Instant::now() < deadline,
            "tasks not all acknowledged"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    worker.abort();
    assert_eq!(
        done.load(Ordering::Relaxed),
        TASKS as u64,
        "each task ran once"
    );

    // Recently finished rows stay a while; later they go, and nothing else does.
    assert_eq!(queue.prune_finished(chrono::Utc::now()).await.unwrap(), 0);
    queue.push(TASKS + 1, None).await.unwrap();
    let later = chrono::Utc::now() + chrono::Duration::minutes(2);
    assert_eq!(queue.prune_finished(later).await.unwrap(), TASKS as u64);
    assert_eq!(finished("Pending").await, 1);
}
