//! Outreach benchmark, in one run against one Bayline:
//! 1. bulk initiation of LEADS leads (one per customer) to every text delivered on the simulator;
//! 2. the same leads started one by one through the single-send path
//!    (`GET /api/service-workflow/initiate`), looped, to every text delivered; and their ratio;
//! 3. the assistant's booking round trip: a customer's text naming a free time posted through
//!    the simulator, until the confirmation text is stored; p50/p99 over BOOKINGS texts.
//!
//! Usage: outreach-bench [LEADS] [BOOKINGS]; DATABASE_URL / REDIS_URL choose the backends
//! (default: a fresh SQLite file and the embedded queue). EXTRA_WORKERS=n starts n more
//! `bayline worker` processes (BAYLINE_BIN) on the same database and queue.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use chrono::{Datelike, Utc, Weekday};
use engine::Database;
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, Stores,
};
use sea_query::{Expr, ExprTrait, Func, Order, Query};
use serde_json::{Value, json};
use web_api::app::Server;
use web_api::config::Config;

const DEADLINE: Duration = Duration::from_secs(1_800);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let leads_wanted: usize = args.get(1).map_or(Ok(10_000), |v| v.parse())?;
    let bookings: usize = args.get(2).map_or(Ok(200), |v| v.parse())?;
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().to_string_lossy().into_owned();
    let database_url = std::env::var("DATABASE_URL").ok();
    let redis_url = std::env::var("REDIS_URL").ok();
    let schema = format!("outreach_bench_{}", std::process::id());
    let queue = format!("outreach-bench-{}", std::process::id());
    // About three leads per ten vehicles, and enterprise 1 holds most of the world.
    let scale = (leads_wanted * 5).max(2_000).to_string();
    let settings: Vec<(&str, Option<String>)> = vec![
        ("BAYLINE_LISTEN", Some("127.0.0.1:0".to_owned())),
        ("BAYLINE_DATA_DIR", Some(data_dir.clone())),
        ("BAYLINE_DEMO", Some("1".to_owned())),
        ("BAYLINE_DEMO_SCALE", Some(scale)),
        ("BAYLINE_DEMO_SCHEDULES", Some("0".to_owned())),
        ("BAYLINE_UI_DIR", Some(format!("{data_dir}/no-ui"))),
        ("BAYLINE_QUEUE_NAME", Some(queue.clone())),
        ("DATABASE_URL", database_url.clone()),
        (
            "DATABASE_SCHEMA",
            database_url.as_ref().map(|_| schema.clone()),
        ),
        ("REDIS_URL", redis_url.clone()),
    ];
    let lookup = |name: &str| {
        settings
            .iter()
            .find(|(key, _)| *key == name)
            .and_then(|(_, value)| value.clone())
    };
    let config = Config::from_lookup(lookup)?;
    let started = Instant::now();
    let server = Server::start(&config).await?;
    let db = server.state.db.clone();
    let extra: usize = std::env::var("EXTRA_WORKERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut workers = Vec::new();
    for _ in 0..extra {
        let bin = std::env::var("BAYLINE_BIN").context("EXTRA_WORKERS needs BAYLINE_BIN")?;
        let mut command = std::process::Command::new(bin);
        command.arg("worker").env_clear();
        for (key, value) in &settings {
            if let Some(value) = value {
                command.env(key, value);
            }
        }
        command.env("BAYLINE_DEMO", "0").env("BAYLINE_LOG", "warn");
        workers.push(command.spawn().context("a bayline worker starts")?);
    }
    println!(
        "backend: {} + {}, {} worker process(es); demo world ready in {:.1} s",
        db.kind().as_str(),
        if redis_url.is_some() {
            "Redis"
        } else {
            "embedded queue"
        },
        1 + extra,
        started.elapsed().as_secs_f64()
    );
    let base = format!("http://{}", server.address);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(16)
        .build()?;
    let login: Value = client
        .post(format!("{base}/user/v2/login"))
        .json(&json!({ "username": "enterprise-admin", "password": "bayline-demo" }))
        .send()
        .await?
        .json()
        .await?;
    let token = login["authToken"].as_str().context("log-in")?.to_owned();
    let api = Api {
        client,
        base,
        token,
    };

    let leads = prepare(&db, leads_wanted).await?;
    println!("{} leads, one per customer", leads.len());

    // 1. Bulk initiation.
    reset(&db, &leads, false).await?;
    let mark = last_message_id(&db).await?;
    let clock = Instant::now();
    let ids: Vec<i64> = leads.iter().map(|(lead, _)| *lead).collect();
    let answer = api
        .post(
            "/api/service-workflow/bulk/initiate",
            &json!({ "leadIds": ids, "enterpriseId": 1 }),
        )
        .await?;
    let run = answer["jobRun"]["id"].as_i64().context("a bulk run")?;
    let result = api.wait_for_run(run).await?;
    let sent = result["sent"].as_i64().unwrap_or(0);
    wait_delivered(&db, mark, sent).await?;
    let bulk = clock.elapsed().as_secs_f64();
    println!(
        "{{\"path\":\"bulk\",\"leads\":{},\"texted\":{sent},\"skipped\":{},\"seconds\":{bulk:.2},\"textsPerSecond\":{:.0}}}",
        leads.len(),
        result["skipped"],
        sent as f64 / bulk
    );

    // 2. The single-send path, looped over the same leads.
    reset(&db, &leads, false).await?;
    let mark = last_message_id(&db).await?;
    let clock = Instant::now();
    let mut started_ok = 0;
    for (lead, _) in &leads {
        let response = api
            .client
            .get(format!(
                "{}/api/service-workflow/initiate?future-service-interaction-id={lead}",
                api.base
            ))
            .header("Authorization", format!("Bearer {}", api.token))
            .header("enterpriseId", "1")
            .send()
            .await?;
        if response.status().is_success() {
            started_ok += 1;
        }
    }
    wait_delivered(&db, mark, started_ok).await?;
    let single = clock.elapsed().as_secs_f64();
    println!(
        "{{\"path\":\"single-send looped\",\"leads\":{},\"texted\":{started_ok},\"seconds\":{single:.2},\"textsPerSecond\":{:.0}}}",
        leads.len(),
        started_ok as f64 / single
    );
    println!(
        "ratio: bulk initiation is {:.1}x faster than the single-send path looped ({:.0} vs {:.0} texts/s)",
        (started_ok as f64 / single).recip() * (sent as f64 / bulk),
        sent as f64 / bulk,
        started_ok as f64 / single
    );

    // 3. Booking round trips.
    let booked_leads = &leads[..bookings.min(leads.len())];
    reset(&db, booked_leads, true).await?;
    let mut latencies = Vec::new();
    let mut confirmed = 0;
    let today = Utc::now().date_naive();
    let mut day = today + chrono::Duration::days(45);
    for (n, (lead, customer)) in booked_leads.iter().enumerate() {
        let slot = n % 24;
        if slot == 0 && n > 0 {
            day = next_weekday(day);
        }
        while matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            day = next_weekday(day);
        }
        let minutes = 9 * 60 + slot * 15;
        let text = format!(
            "Can I bring it in on {} at {}:{:02}{}?",
            day.format("%B %-d"),
            (minutes / 60 - 1) % 12 + 1,
            minutes % 60,
            if minutes >= 12 * 60 { "pm" } else { "am" }
        );
        let mark = last_message_id(&db).await?;
        let clock = Instant::now();
        api.post(
            &format!("/api/simulator/phones/{customer}/reply"),
            &json!({ "body": text }),
        )
        .await?;
        let reply = wait_reply(&db, *lead, mark).await?;
        latencies.push(clock.elapsed());
        if reply.starts_with("You're all set") {
            confirmed += 1;
        }
    }
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1_000.0)
    };
    println!(
        "{{\"path\":\"booking round trip\",\"texts\":{},\"booked\":{confirmed},\"p50Ms\":{:.1},\"p99Ms\":{:.1},\"maxMs\":{:.1}}}",
        latencies.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );

    for mut worker in workers {
        let _ = worker.kill();
    }
    server.stop();
    if let Some(url) = &database_url {
        let url = engine::DatabaseUrl::parse(url)?;
        Database::drop_postgres_schema(&url, &schema).await?;
    }
    Ok(())
}

fn next_weekday(day: chrono::NaiveDate) -> chrono::NaiveDate {
    let mut next = day + chrono::Duration::days(1);
    while matches!(next.weekday(), Weekday::Sat | Weekday::Sun) {
        next += chrono::Duration::days(1);
    }
    next
}

struct Api {
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    async fn post(&self, path: &str, body: &Value) -> anyhow::Result<Value> {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("Authorization", format!("Bearer {}", self.token))
            .header("enterpriseId", "1")
            .json(body)
            .send()
            .await?;
        let status = response.status();
        let value: Value = response.json().await?;
        if !status.is_success() {
            bail!("{path}: {status} {value}");
        }
        Ok(value)
    }

    /// Waits for a run to finish; answers its result.
    async fn wait_for_run(&self, id: i64) -> anyhow::Result<Value> {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let detail: Value = self
                .client
                .get(format!("{}/api/jobs/{id}", self.base))
                .header("Authorization", format!("Bearer {}", self.token))
                .header("enterpriseId", "1")
                .send()
                .await?
                .json()
                .await?;
            match detail["run"]["status"].as_str() {
                Some("succeeded") => return Ok(detail["run"]["result"].clone()),
                Some("failed" | "cancelled") => bail!("run {id} ended: {detail}"),
                _ if Instant::now() > deadline => bail!("run {id} did not finish"),
                _ => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }
}

/// Opens every store's allowed hours around the clock and makes every customer reachable;
/// answers `wanted` leads of enterprise 1, one per customer with a mobile number.
async fn prepare(db: &Database, wanted: usize) -> anyhow::Result<Vec<(i64, i64)>> {
    db.execute(
        &Query::update()
            .table(Stores::Table)
            .value(Stores::QuietHoursStart, "00:00")
            .value(Stores::QuietHoursEnd, "23:59")
            .to_owned(),
    )
    .await?;
    db.execute(
        &Query::update()
            .table(Customers::Table)
            .value(Customers::BlockSms, false)
            .value(Customers::AiEnabled, true)
            .value(Customers::LineType, Option::<String>::None)
            .value(Customers::TimeZone, Option::<String>::None)
            .to_owned(),
    )
    .await?;
    let rows: Vec<(i64, i64)> = db
        .fetch_all(
            &Query::select()
                .columns([(Fsi::Table, Fsi::Id), (Fsi::Table, Fsi::CustomerId)])
                .from(Fsi::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Fsi::Table, Fsi::CustomerId)),
                )
                .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(1))
                .and_where(Expr::col((Customers::Table, Customers::Cellular)).is_not_null())
                .order_by((Fsi::Table, Fsi::Id), Order::Asc)
                .to_owned(),
        )
        .await?;
    let mut seen = HashSet::new();
    let leads: Vec<(i64, i64)> = rows
        .into_iter()
        .filter(|(_, customer)| seen.insert(*customer))
        .take(wanted)
        .collect();
    if leads.len() < wanted {
        bail!("only {} customers with leads; raise the scale", leads.len());
    }
    Ok(leads)
}

/// Every lead of the enterprise closed and not contacted, then `leads` open (and, for the
/// booking round trips, contacted with the date-time dialogue on).
async fn reset(db: &Database, leads: &[(i64, i64)], dialogue: bool) -> anyhow::Result<()> {
    db.execute(
        &Query::update()
            .table(Fsi::Table)
            .value(Fsi::ConversationInitiated, false)
            .value(Fsi::ConversationClosed, true)
            .value(Fsi::FollowUpStep, Option::<String>::None)
            .and_where(Expr::col(Fsi::EnterpriseId).eq(1))
            .to_owned(),
    )
    .await?;
    for chunk in leads.chunks(500) {
        let ids: Vec<i64> = chunk.iter().map(|(lead, _)| *lead).collect();
        db.execute(
            &Query::update()
                .table(Fsi::Table)
                .value(Fsi::ConversationClosed, false)
                .value(Fsi::ConversationInitiated, dialogue)
                .value(Fsi::DtDialogEnabled, dialogue)
                .value(Fsi::Archived, false)
                .value(Fsi::AiEnabled, true)
                .value(Fsi::AppointmentSet, false)
                .and_where(Expr::col(Fsi::Id).is_in(ids))
                .to_owned(),
        )
        .await?;
    }
    Ok(())
}

async fn last_message_id(db: &Database) -> anyhow::Result<i64> {
    Ok(db
        .fetch_scalar::<Option<i64>>(
            &Query::select()
                .expr(Func::max(Expr::col(Msg::Id)))
                .from(Msg::Table)
                .to_owned(),
        )
        .await?
        .unwrap_or(0))
}

/// Waits until `count` automated texts queued after message `after` are delivered.
async fn wait_delivered(db: &Database, after: i64, count: i64) -> anyhow::Result<()> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let delivered: i64 = db
            .fetch_scalar(
                &Query::select()
                    .expr(Func::count(Expr::col(Msg::Id)))
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::Id).gt(after))
                    .and_where(Expr::col(Msg::IsAutomated).eq(true))
                    .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                    .and_where(Expr::col(Msg::MessageStatus).eq("delivered"))
                    .to_owned(),
            )
            .await?;
        if delivered >= count {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("only {delivered} of {count} texts delivered");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits for the assistant's text to the lead after message `after`; answers it.
async fn wait_reply(db: &Database, lead: i64, after: i64) -> anyhow::Result<String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found: Option<(String,)> = db
            .fetch_optional(
                &Query::select()
                    .column(Msg::Content)
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead))
                    .and_where(Expr::col(Msg::Id).gt(after))
                    .and_where(Expr::col(Msg::IsAutomated).eq(true))
                    .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                    .order_by(Msg::Id, Order::Asc)
                    .limit(1)
                    .to_owned(),
            )
            .await?;
        if let Some((text,)) = found {
            return Ok(text);
        }
        if Instant::now() > deadline {
            bail!("no reply to lead {lead}");
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}
