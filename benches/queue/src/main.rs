//! `queue-bench BACKEND JOBS CONCURRENCY [REDIS_URL]`: pushes JOBS no-op jobs through
//! Bayline's queue (BACKEND `redis` or `embedded`, configured exactly as `bayline` configures
//! it), processes them with CONCURRENCY concurrent no-op handlers, and prints one JSON line:
//! push and process seconds, jobs per second, and for Redis the commands it took per job.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use apalis::prelude::*;
use jobs::queue::{JobMessage, poll_strategy};
use jobs::{JobQueue, QueueBackend};

/// Bayline's default (BAYLINE_QUEUE_BATCH); the environment variable overrides it here too.
const DEFAULT_BATCH: usize = 10;

async fn noop(_message: JobMessage, done: Data<Arc<AtomicU64>>) -> Result<(), BoxDynError> {
    done.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

async fn commands_processed(url: &str) -> anyhow::Result<u64> {
    let client = redis::Client::open(url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    let info: String = redis::cmd("INFO")
        .arg("stats")
        .query_async(&mut conn)
        .await?;
    info.lines()
        .find_map(|l| l.strip_prefix("total_commands_processed:"))
        .and_then(|v| v.trim().parse().ok())
        .context("INFO stats has no total_commands_processed")
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (backend, jobs_count, concurrency) = match args.as_slice() {
        [_, backend, jobs, concurrency, ..] => (
            backend.as_str(),
            jobs.parse::<u64>()?,
            concurrency.parse::<usize>()?,
        ),
        _ => bail!("usage: queue-bench redis|embedded JOBS CONCURRENCY [REDIS_URL]"),
    };
    let redis_url = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| "redis://127.0.0.1:6379".to_owned());
    let queue_backend = match backend {
        "redis" => QueueBackend::Redis {
            url: redis_url.clone(),
        },
        "embedded" => QueueBackend::Embedded,
        other => bail!("unknown backend {other:?}"),
    };
    let data_dir = tempfile::tempdir()?;
    let name = format!("bench.{}", std::process::id());
    let fetch_batch = std::env::var("BAYLINE_QUEUE_BATCH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_BATCH);
    let queue = JobQueue::open(&queue_backend, data_dir.path(), &name, fetch_batch).await?;
    let commands_before = if backend == "redis" {
        commands_processed(&redis_url).await?
    } else {
        0
    };

    let started = Instant::now();
    let ids: Vec<i64> = (1..=jobs_count as i64).collect();
    for chunk in ids.chunks(1_000) {
        queue.push_batch(chunk).await?;
    }
    let pushed = started.elapsed();

    let done = Arc::new(AtomicU64::new(0));
    let worker = {
        let done = done.clone();
        tokio::spawn(async move {
            let result = match queue {
                JobQueue::Sqlite(storage) => {
                    WorkerBuilder::new("bench")
                        .backend(storage.poll_with_strategy(poll_strategy()))
                        .data(done)
                        .concurrency(concurrency)
                        .build(noop)
                        .run()
                        .await
                }
                JobQueue::Redis(storage) => {
                    WorkerBuilder::new("bench")
                        .backend(storage.poll_with_strategy(poll_strategy()))
                        .data(done)
                        .concurrency(concurrency)
                        .build(noop)
                        .run()
                        .await
                }
            };
            if let Err(error) = result {
                eprintln!("worker stopped: {error}");
            }
        })
    };
    let processing = Instant::now();
    let deadline = processing + Duration::from_secs(1_800);
    while done.load(Ordering::Relaxed) < jobs_count {
        if Instant::now() > deadline {
            bail!(
                "only {} of {jobs_count} jobs done after 30 minutes",
                done.load(Ordering::Relaxed)
            );
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let processed = processing.elapsed();
    worker.abort();
    let commands = if backend == "redis" {
        commands_processed(&redis_url).await? - commands_before
    } else {
        0
    };
    if backend == "redis" {
        jobs::queue::purge_redis_queue(&redis_url, &name).await?;
    }

    let total = pushed + processed;
    println!(
        "{{\"system\":\"bayline-{backend}\",\"jobs\":{jobs_count},\"concurrency\":{concurrency},\"fetchBatch\":{fetch_batch},\"pushSeconds\":{:.3},\"processSeconds\":{:.3},\"jobsPerSecond\":{:.0},\"commandsPerJob\":{:.2}}}",
        pushed.as_secs_f64(),
        processed.as_secs_f64(),
        jobs_count as f64 / total.as_secs_f64(),
        commands as f64 / jobs_count as f64
    );
    Ok(())
}
