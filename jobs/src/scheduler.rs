//! Fires due cron schedules as job runs. Every worker process runs this loop; the guarded tick
//! claim in the database makes each tick fire exactly once among them. Ticks missed while no
//! process ran fire once, then the schedule continues from the present.

use std::time::Duration;

use chrono::Utc;
use engine::domain::cron::CronSchedule;
use engine::store::schedules::{Schedule, ScheduleStore};
use tokio::task::JoinHandle;

use crate::starter::JobStarter;

/// How often due schedules are looked for.
pub const TICK: Duration = Duration::from_millis(250);

pub fn spawn(store: ScheduleStore, starter: JobStarter) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(TICK);
        loop {
            ticks.tick().await;
            if let Err(error) = fire_due(&store, &starter).await {
                tracing::warn!(%error, "could not fire schedules");
            }
        }
    })
}

/// Fires every due schedule this process wins; returns how many it fired.
pub async fn fire_due(store: &ScheduleStore, starter: &JobStarter) -> engine::Result<usize> {
    let now = Utc::now();
    let mut fired = 0;
    for schedule in store.due(now, 100).await? {
        let Some(tick) = schedule.next_fire_at else {
            continue;
        };
        let next = match CronSchedule::parse(&schedule.cron, &schedule.time_zone) {
            Ok(cron) => cron.next_after(now.max(tick)),
            Err(error) => {
                tracing::error!(schedule = schedule.id, %error, "schedule no longer parses; stopping it");
                None
            }
        };
        if !store.claim_tick(schedule.id, tick, next).await? {
            continue; // another process fired this tick
        }
        fired += 1;
        if let Err(error) = start_run(starter, &schedule, tick).await {
            tracing::error!(schedule = schedule.id, %error, "scheduled run could not start");
        }
    }
    Ok(fired)
}

async fn start_run(
    starter: &JobStarter,
    schedule: &Schedule,
    tick: chrono::DateTime<Utc>,
) -> engine::Result<()> {
    let key = format!("schedule:{}:{}", schedule.id, tick.timestamp());
    let run = starter
        .start_system(
            &schedule.job_kind,
            schedule.input.clone().unwrap_or(serde_json::Value::Null),
            Some(schedule.enterprise_id),
            Some(key),
        )
        .await?;
    tracing::info!(schedule = schedule.id, run = run.id, kind = %run.kind, "schedule fired");
    Ok(())
}
