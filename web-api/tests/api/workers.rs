//! Separate worker processes: the API here only records and queues; `bayline worker`
//! processes on the same database and queue do the work.

use serde_json::json;

use crate::helpers::{TestApp, WorkerProcess, spawn_api_only};

#[path = "../../../benches/common/private_services.rs"]
mod private_services;
use private_services::{PrivatePostgres, PrivateRedis};

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

/// A worker process (with `settings`) part-way through a `diagnostics.noop` run of `items`
/// items, and the run's id, once `reached` of them are done.
async fn a_worker_mid_run(
    app: &TestApp,
    token: &str,
    settings: &[(&str, &str)],
    items: u32,
    reached: i64,
) -> (WorkerProcess, i64) {
    let worker = app.spawn_worker_with(settings);
    let id = app
        .start_job(
            token,
            "diagnostics.noop",
            json!({ "items": items, "pauseMs": 100 }),
        )
        .await;
    app.wait_for_run(token, id, |d| {
        d["run"]["counts"]["done"].as_i64().unwrap_or(0) >= reached
    })
    .await;
    (worker, id)
}

async fn run_detail(app: &TestApp, token: &str, id: i64) -> serde_json::Value {
    app.ok_json(
        reqwest::Method::GET,
        &format!("/api/jobs/{id}"),
        token,
        None,
    )
    .await
}

#[tokio::test]
async fn a_worker_given_sigterm_finishes_the_run_in_hand_before_it_exits() {
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let (mut worker, id) = a_worker_mid_run(&app, &token, &[], 20, 3).await;

    let exit = worker.terminate().await;

    assert!(exit.success(), "{exit:?}");
    // Finished by the worker itself before it exited: no other worker exists to finish it.
    let detail = run_detail(&app, &token, id).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    assert_eq!(detail["run"]["attempt"], 1, "{detail}");
    assert_eq!(detail["run"]["counts"]["done"], 20, "{detail}");
}

#[tokio::test]
async fn a_run_outlasting_the_grace_period_is_handed_back_and_another_worker_goes_on() {
    let app = spawn_api_only().await;
    let token = app.token_of("super-admin").await;
    let (mut worker, id) =
        a_worker_mid_run(&app, &token, &[("BAYLINE_DRAIN_SECS", "1")], 60, 5).await;

    let exit = worker.terminate().await;

    assert!(exit.success(), "{exit:?}");
    let handed_back = run_detail(&app, &token, id).await;
    assert_eq!(handed_back["run"]["status"], "queued", "{handed_back}");
    assert!(
        handed_back
            .to_string()
            .contains("Handed back by a stopping worker"),
        "{handed_back}"
    );
    let _second = app.spawn_worker();
    let detail = app.wait_until_final(&token, id).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    // A hand-back spends no attempt (the run did not fail) and goes on from its checkpoint.
    assert_eq!(detail["run"]["attempt"], 1, "{detail}");
    assert!(
        detail["run"]["result"]["resumedFrom"].as_i64().unwrap() >= 5,
        "{detail}"
    );
}

#[tokio::test]
async fn an_api_process_given_sigterm_ends_its_streams_and_exits_within_its_grace() {
    let app = spawn_api_only().await;
    let (mut api, listen) = app.spawn_api_process(&[("BAYLINE_DRAIN_SECS", "2")]).await;
    let base = format!("http://{listen}");
    let token = app.token_of("office-manager").await;
    let client = reqwest::Client::new();
    let mut stream = client
        .get(format!("{base}/api/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), reqwest::StatusCode::OK);
    let started = std::time::Instant::now();

    let exit = api.terminate().await;

    assert!(exit.success(), "{exit:?}");
    // The open stream did not hold the process up to the end of its grace period and more.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let ended = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while let Ok(Some(_)) = stream.chunk().await {}
    })
    .await;
    assert!(ended.is_ok(), "the event stream stayed open");
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

#[tokio::test]
async fn workers_carry_on_when_redis_restarts_under_load() {
    let Some(mut redis) = PrivateRedis::start() else {
        panic!("this test needs redis-server on the PATH (Debian package redis-server)");
    };
    let url = redis.url();
    let app = crate::helpers::spawn_app_with(&[("REDIS_URL", url.as_str())]).await;
    let token = app.token_of("super-admin").await;
    let mut runs = Vec::new();
    for _ in 0..12 {
        runs.push(
            app.start_job(
                &token,
                "diagnostics.noop",
                json!({ "items": 4, "pauseMs": 50 }),
            )
            .await,
        );
    }

    redis.restart(); // queued tasks in Redis are gone with it

    for _ in 0..6 {
        runs.push(
            app.start_job(
                &token,
                "diagnostics.noop",
                json!({ "items": 2, "pauseMs": 20 }),
            )
            .await,
        );
    }
    for id in runs {
        let detail = app.wait_until_final(&token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    }
}

#[tokio::test]
async fn with_redis_a_burst_of_ten_thousand_tasks_does_not_stop_the_queue() {
    use apalis::prelude::TaskSink;
    let Ok(redis_url) = std::env::var("TEST_REDIS_URL") else {
        return; // runs in the PostgreSQL + Redis suite
    };
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("super-admin").await;
    let queue_name = app.setting("BAYLINE_QUEUE_NAME").unwrap().to_owned();
    let dir = tempfile::tempdir().unwrap();
    let queue = jobs::JobQueue::open(
        &jobs::QueueBackend::Redis { url: redis_url },
        dir.path(),
        &queue_name,
        10,
    )
    .await
    .unwrap();
    let jobs::JobQueue::Redis(storage) = &queue else {
        unreachable!("a Redis queue")
    };
    // 10,000 deliveries of runs that do not exist, pushed the way apalis files them (all into
    // its scheduled set), as a burst between two fetches would leave them.
    let burst: Vec<jobs::queue::JobMessage> = (0..10_000)
        .map(|i| jobs::queue::JobMessage {
            run_id: 1_000_000 + i,
        })
        .collect();
    storage.clone().push_bulk(burst).await.unwrap();

    let id = app.start_job(&token, "diagnostics.noop", json!({})).await;
    // Behind the 10,000 (each a lookup of a run that is not there): on a busy machine that
    // takes longer than the usual 20 s. The queue stopping would never get there.
    let detail = app
        .wait_for_run_within(&token, id, std::time::Duration::from_secs(180), |d| {
            d["run"]["status"] == "succeeded"
        })
        .await;

    assert_eq!(detail["run"]["status"], "succeeded");
}

/// Automated texts per lead of a bulk run, from the database.
async fn texts_per_lead(app: &crate::helpers::TestApp, run: i64, after: i64) -> Vec<(i64, i64)> {
    use engine::store::schema::{BulkInitiationLeads as Bulk, MessageInstances as Msg};
    use sea_query::{Expr, ExprTrait, Func, Query};
    let query = Query::select()
        .column((Bulk::Table, Bulk::FsiId))
        .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
        .from(Bulk::Table)
        .left_join(
            Msg::Table,
            Expr::col((Msg::Table, Msg::FsiId))
                .equals((Bulk::Table, Bulk::FsiId))
                .and(Expr::col((Msg::Table, Msg::IsAutomated)).eq(true))
                .and(Expr::col((Msg::Table, Msg::Direction)).is_in(["SEND", "SENT"]))
                .and(Expr::col((Msg::Table, Msg::Id)).gt(after)),
        )
        .and_where(Expr::col((Bulk::Table, Bulk::JobRunId)).eq(run))
        .group_by_col((Bulk::Table, Bulk::FsiId))
        .to_owned();
    app.db.fetch_all(&query).await.unwrap()
}

#[tokio::test]
async fn a_bulk_run_resumed_after_a_crash_settles_claimed_leads_without_texting_them_twice() {
    use engine::domain::parse_job_input;
    use engine::messaging::MessagingService;
    use engine::outreach::{BulkInitiation, BulkInitiationInput};

    let app = spawn_api_only().await;
    let token = app.token_of("office-manager").await;
    let leads: Vec<i64> = app
        .reachable_leads(3)
        .await
        .iter()
        .map(|(l, _)| *l)
        .collect();
    let mark = app.last_message_id().await;
    let started: serde_json::Value = app
        .post_json(
            "/api/service-workflow/bulk/initiate",
            &token,
            &json!({ "leadIds": leads }),
        )
        .await
        .json()
        .await
        .unwrap();
    let run = started["jobRun"]["id"].as_i64().unwrap();
    let detail: serde_json::Value = app
        .get(&format!("/api/jobs/{run}"), Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let input: BulkInitiationInput = parse_job_input(&detail["run"]["input"]).unwrap();

    // An attempt that died mid-way: one lead claimed and texted but not recorded, one
    // claimed and not yet texted.
    let messaging = MessagingService::new(app.db.clone(), app.messaging_settings());
    let bulk = BulkInitiation::new(app.db.clone(), messaging.clone());
    let now = chrono::Utc::now();
    assert_eq!(bulk.prepare(run, &input, now).await.unwrap(), 3);
    let rows = bulk.next(run, 10).await.unwrap();
    assert_eq!(
        bulk.results().claim(&[rows[0].id], now).await.unwrap(),
        [rows[0].id]
    );
    let (texted, _) = messaging
        .start_conversation(&input.scope(), rows[0].fsi_id, "Hello".to_owned(), now)
        .await
        .unwrap();
    assert_eq!(
        bulk.results().claim(&[rows[1].id], now).await.unwrap(),
        [rows[1].id]
    );

    let _worker = app.spawn_worker();
    let detail = app.wait_until_final(&token, run).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    assert_eq!(detail["run"]["result"]["sent"], 3, "{detail}");
    for (lead, texts) in texts_per_lead(&app, run, mark).await {
        assert_eq!(texts, 1, "lead {lead} texted {texts} times");
    }
    let report: serde_json::Value = app
        .get(
            &format!("/api/lisa/report/bulk-conversation/status?jobRunId={run}"),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    let first = report["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["futureServiceInteractionId"] == rows[0].fsi_id)
        .unwrap();
    assert_eq!(first["messageId"], texted.id, "{report}");
}

#[tokio::test]
async fn a_bulk_run_whose_worker_is_killed_finishes_on_another_without_texting_anyone_twice() {
    let app = crate::helpers::spawn_api_only_with(&[("BAYLINE_DEMO_SCALE", "3000")]).await;
    let token = app.token_of("enterprise-admin").await;
    app.open_store_hours(true).await;
    let mark = app.last_message_id().await;
    let started: serde_json::Value = app
        .post_json(
            "/api/service-workflow/bulk/initiate",
            &token,
            &json!({ "list": "all" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let run = started["jobRun"]["id"].as_i64().expect("started");
    let first = app.spawn_worker();
    app.wait_for_run(&token, run, |d| {
        d["run"]["counts"]["done"].as_i64().unwrap_or(0) >= 20 || d["run"]["status"] == "succeeded"
    })
    .await;
    drop(first); // SIGKILL, most likely mid-run
    let _second = app.spawn_worker();
    let detail = app.wait_until_final(&token, run).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    let counts = &detail["run"]["counts"];
    // The kill came mid-run: a second attempt finished it.
    assert_eq!(detail["run"]["attempt"], 2, "{detail}");
    assert_eq!(
        counts["done"].as_i64().unwrap()
            + counts["skipped"].as_i64().unwrap()
            + counts["failed"].as_i64().unwrap(),
        counts["total"].as_i64().unwrap(),
        "every lead settled: {detail}"
    );
    let texts = texts_per_lead(&app, run, mark).await;
    assert!(texts.len() > 100, "a sizeable run: {}", texts.len());
    let twice: Vec<_> = texts.iter().filter(|(_, n)| *n > 1).collect();
    assert!(twice.is_empty(), "texted more than once: {twice:?}");
}

/// A test on a PostgreSQL and Redis of its own is the same whichever database the suite runs
/// on: it runs in the embedded-default pass only (the PostgreSQL pass would repeat it).
fn brings_its_own_services_and_ran_already() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.is_empty())
}

#[tokio::test]
async fn the_api_and_a_worker_carry_on_when_postgres_restarts_under_load() {
    if brings_its_own_services_and_ran_already() {
        return;
    }
    let mut postgres = PrivatePostgres::start();
    let url = postgres.url();
    let app = crate::helpers::spawn_api_only_with(&[
        ("DATABASE_URL", url.as_str()),
        ("DATABASE_SCHEMA", "public"),
    ])
    .await;
    let token = app.token_of("super-admin").await;
    eprintln!(
        "DBG url {:?} schema {:?}",
        app.setting("DATABASE_URL"),
        app.setting("DATABASE_SCHEMA")
    );
    let _worker = app.spawn_worker();
    let mut runs = Vec::new();
    for _ in 0..8 {
        runs.push(
            app.start_job(
                &token,
                "diagnostics.noop",
                json!({ "items": 20, "pauseMs": 50 }),
            )
            .await,
        );
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    let mut postgres = tokio::task::spawn_blocking(move || {
        postgres.stop();
        postgres
    })
    .await
    .unwrap();
    // Down for longer than a call waits for a connection (10 s): calls in the meantime fail
    // cleanly, 503 with the spec's error body and Retry-After, and readiness says so.
    let mut statuses = std::collections::BTreeSet::new();
    let mut not_ready = false;
    let down = std::time::Instant::now();
    while down.elapsed() < std::time::Duration::from_secs(12) {
        let jobs = app.get("/api/jobs", Some(&token)).await;
        statuses.insert(jobs.status().as_u16());
        if jobs.status().is_server_error() {
            assert!(jobs.headers().contains_key("retry-after"));
            let body: serde_json::Value = jobs.json().await.expect("an error body");
            assert!(body["message"].is_string(), "{body}");
        }
        let ready = app.get("/api/health/ready", None).await;
        not_ready |= ready.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _postgres = tokio::task::spawn_blocking(move || {
        postgres.launch();
        postgres
    })
    .await
    .unwrap();
    assert!(
        not_ready,
        "readiness never failed while the database was down"
    );
    assert!(
        statuses.contains(&503) && !statuses.contains(&500),
        "calls while the database was down answered {statuses:?}"
    );

    // Every run started before the restart ends, and the installation works as before.
    for id in runs {
        let detail = app.wait_until_final(&token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    }
    let ready = app.get("/api/health/ready", None).await;
    assert_eq!(ready.status(), reqwest::StatusCode::OK);
    let after = app
        .start_job(&token, "diagnostics.noop", json!({ "items": 2 }))
        .await;
    let detail = app.wait_until_final(&token, after).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
}

#[tokio::test]
async fn an_api_process_killed_mid_upload_keeps_nothing_of_it_and_the_other_serves_on() {
    use engine::store::schema::ImportFileReports;
    use sea_query::{Expr, ExprTrait, Query};
    const DMS: &str = "store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES";
    let app = spawn_api_only().await;
    let (api, listen) = app.spawn_api_process(&[]).await;
    let token = app.token_of("enterprise-admin").await;
    let client = reqwest::Client::new();
    let reports = || async {
        let query = Query::select()
            .expr(Expr::col(ImportFileReports::Id).count())
            .from(ImportFileReports::Table)
            .to_owned();
        app.db.fetch_scalar::<i64>(&query).await.unwrap()
    };
    let before = reports().await;

    // An upload whose body trickles in: the process is killed while it reads it.
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(4);
    let boundary = "bayline-test-boundary";
    let upload = client
        .post(format!("http://{listen}/api/data-sync/import?{DMS}"))
        .bearer_auth(&token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(reqwest::Body::wrap_stream(futures_util::stream::unfold(
            receiver,
            |mut receiver| async move { receiver.recv().await.map(|chunk| (chunk, receiver)) },
        )))
        .send();
    let upload = tokio::spawn(upload);
    sender
        .send(Ok(format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"multipartFile\"; filename=\"big.csv\"\r\n\r\nCust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\r\n"
        )
        .into_bytes()))
        .await
        .unwrap();
    for n in 0..20 {
        let row =
            format!("MID-{n},Name{n},Test,5550000{n:03},1HGCM8263{n:08},Honda,Civic,2020\r\n");
        sender.send(Ok(row.into_bytes())).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    drop(api); // SIGKILL, mid-request

    let answered = upload.await.unwrap();
    assert!(
        answered.is_err(),
        "the killed process answered: {answered:?}"
    );
    // Nothing of the half-sent file was kept, and the other API process serves on.
    assert_eq!(reports().await, before);
    let ready = app.get("/api/health/ready", None).await;
    assert_eq!(ready.status(), reqwest::StatusCode::OK);
    let jobs = app.get("/api/jobs", Some(&token)).await;
    assert_eq!(jobs.status(), reqwest::StatusCode::OK);
}

/// p99 of a set of latencies, in milliseconds.
fn p99(latencies: &mut [f64]) -> f64 {
    if latencies.is_empty() {
        return 0.0;
    }
    latencies.sort_by(f64::total_cmp);
    latencies[((latencies.len() as f64 * 0.99).ceil() as usize).saturating_sub(1)]
}

/// Issue 39's cluster, reduced for CI: two API processes and three workers on a PostgreSQL and a
/// Redis of the test's own, under a bulk run, other jobs and staff reading the jobs list, while
/// a worker is killed twice, Redis restarts (its contents lost), PostgreSQL restarts and an API
/// process is killed. No text is lost or sent twice, every run ends, staff calls never get a
/// 500. (`benches/cluster` is the long form.)
#[tokio::test]
async fn the_reduced_cluster_survives_its_parts_dying_under_load() {
    if brings_its_own_services_and_ran_already() {
        return;
    }
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU8, Ordering};
    let Some(redis) = PrivateRedis::start() else {
        panic!("this test needs redis-server on the PATH (Debian package redis-server)");
    };
    let mut postgres = PrivatePostgres::start();
    let (redis_url, postgres_url) = (redis.url(), postgres.url());
    let app = crate::helpers::spawn_api_only_with(&[
        ("DATABASE_URL", postgres_url.as_str()),
        ("DATABASE_SCHEMA", "public"),
        ("REDIS_URL", redis_url.as_str()),
        ("BAYLINE_DEMO_SCALE", "1500"),
    ])
    .await;
    let app = Arc::new(app);
    let (second_api, _) = app.spawn_api_process(&[]).await;
    let mut workers = vec![app.spawn_worker(), app.spawn_worker(), app.spawn_worker()];
    let token = app.token_of("enterprise-admin").await;
    let operator = app.token_of("super-admin").await;
    app.open_store_hours(true).await;
    let mark = app.last_message_id().await;

    // Staff read the jobs list throughout, on the API process that stays; each call's time
    // and status are kept with the phase it fell in (0 before, 1 during the faults, 2 after).
    let phase = Arc::new(AtomicU8::new(0));
    let reader = tokio::spawn({
        let (app, token, phase) = (app.clone(), token.clone(), phase.clone());
        async move {
            let mut seen: Vec<(u8, f64, u16)> = Vec::new();
            while phase.load(Ordering::Relaxed) < 3 {
                let at = phase.load(Ordering::Relaxed);
                let asked = std::time::Instant::now();
                let status = app.get("/api/jobs", Some(&token)).await.status().as_u16();
                seen.push((at, asked.elapsed().as_secs_f64() * 1000.0, status));
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            seen
        }
    });
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;

    phase.store(1, Ordering::Relaxed);
    let bulk: serde_json::Value = app
        .post_json(
            "/api/service-workflow/bulk/initiate",
            &token,
            &json!({ "list": "all" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let bulk = bulk["jobRun"]["id"].as_i64().expect("the bulk run started");
    let mut runs = Vec::new();
    for _ in 0..6 {
        runs.push(
            app.start_job(
                &operator,
                "diagnostics.noop",
                json!({ "items": 10, "pauseMs": 100 }),
            )
            .await,
        );
    }
    app.wait_for_run(&token, bulk, |d| {
        d["run"]["counts"]["done"].as_i64().unwrap_or(0) >= 10 || d["run"]["status"] == "succeeded"
    })
    .await;
    drop(workers.remove(0)); // SIGKILL
    workers.push(app.spawn_worker());
    let redis = tokio::task::spawn_blocking(move || {
        let mut redis = redis;
        redis.restart();
        redis
    })
    .await
    .unwrap();
    drop(workers.remove(0)); // SIGKILL, the second
    workers.push(app.spawn_worker());
    let postgres = tokio::task::spawn_blocking(move || {
        postgres.stop();
        std::thread::sleep(std::time::Duration::from_secs(3));
        postgres.launch();
        postgres
    })
    .await
    .unwrap();
    drop(second_api); // SIGKILL, with whatever it was answering

    for id in runs.iter().copied().chain([bulk]) {
        let detail = app.wait_until_final(&operator, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    }
    phase.store(2, Ordering::Relaxed);
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    phase.store(3, Ordering::Relaxed);
    let seen = reader.await.unwrap();

    let texts = texts_per_lead(&app, bulk, mark).await;
    assert!(texts.len() > 100, "a sizeable run: {}", texts.len());
    let twice: Vec<_> = texts.iter().filter(|(_, n)| *n > 1).collect();
    assert!(twice.is_empty(), "texted more than once: {twice:?}");
    let refused: Vec<_> = seen
        .iter()
        .filter(|(_, _, status)| *status == 500)
        .collect();
    assert!(refused.is_empty(), "staff calls answered 500: {refused:?}");
    for (at, name) in [(0, "before"), (1, "during"), (2, "after")] {
        let mut latencies: Vec<f64> = seen
            .iter()
            .filter(|(p, _, _)| *p == at)
            .map(|(_, ms, _)| *ms)
            .collect();
        let calls = latencies.len();
        println!(
            "staff calls {name} the faults: {calls}, p99 {:.0} ms",
            p99(&mut latencies)
        );
    }
    drop((postgres, redis));
}
