//! Inbound webhook benchmark: signed Twilio-format texts are posted to
//! `/api/sms/twilio/inbound` over loopback at a fixed concurrency while a staff user's
//! realtime stream is open. For each text it records the webhook's answer (stored) and the
//! moment the `message.created` event for it arrives on the stream (broadcast).
//!
//! Usage: webhook-bench [TEXTS] [CONCURRENCY]; DATABASE_URL / REDIS_URL choose the backends
//! (defaults: a fresh SQLite file and the in-process event bus).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use engine::messaging::email::Mailer;
use engine::messaging::{MessagingService, MessagingSettings, signature};
use engine::store::schema::{Customers, Stores};
use futures_util::StreamExt;
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};
use web_api::app::Server;
use web_api::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let texts: usize = args.get(1).map_or(Ok(5_000), |v| v.parse())?;
    let concurrency: usize = args.get(2).map_or(Ok(16), |v| v.parse())?;
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().to_string_lossy().into_owned();
    let database_url = std::env::var("DATABASE_URL").ok();
    let redis_url = std::env::var("REDIS_URL").ok();
    let schema = format!("webhook_bench_{}", std::process::id());
    let config = Config::from_lookup(|name| match name {
        "BAYLINE_LISTEN" => Some("127.0.0.1:0".to_owned()),
        "BAYLINE_DATA_DIR" => Some(data_dir.clone()),
        "BAYLINE_DEMO" => Some("1".to_owned()),
        "BAYLINE_DEMO_SCALE" => Some("2000".to_owned()),
        "BAYLINE_UI_DIR" => Some(format!("{data_dir}/no-ui")),
        "BAYLINE_QUEUE_NAME" => Some(format!("webhook-bench-{}", std::process::id())),
        "DATABASE_URL" => database_url.clone(),
        "DATABASE_SCHEMA" => database_url.as_ref().map(|_| schema.clone()),
        "REDIS_URL" => redis_url.clone(),
        _ => None,
    })?;
    let server = Server::start(&config).await?;
    let base = format!("http://{}", server.address);
    let db = server.state.db.clone();
    println!(
        "backend: {} + {} events; {texts} texts at concurrency {concurrency}",
        db.kind().as_str(),
        if redis_url.is_some() {
            "Redis"
        } else {
            "in-process"
        },
    );

    // Store 1's number and customers (each their own number, so every text has a sender).
    let (store_phone,): (String,) = db
        .fetch_optional(
            &Query::select()
                .column(Stores::PhoneNumber)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(1))
                .to_owned(),
        )
        .await?
        .context("store 1")?;
    let customers: Vec<(i64,)> = db
        .fetch_all(
            &Query::select()
                .column(Customers::Id)
                .from(Customers::Table)
                .and_where(Expr::col(Customers::StoreId).eq(1))
                .limit(200)
                .to_owned(),
        )
        .await?;
    let mut phones = Vec::new();
    for (n, (id,)) in customers.iter().enumerate() {
        let phone = format!("+1555888{n:04}");
        db.execute(
            &Query::update()
                .table(Customers::Table)
                .value(Customers::Cellular, phone.clone())
                .value(Customers::BlockSms, false)
                .and_where(Expr::col(Customers::Id).eq(*id))
                .to_owned(),
        )
        .await?;
        phones.push(phone);
    }
    let service = MessagingService::new(
        db.clone(),
        MessagingSettings {
            public_url: None,
            mailer: Mailer::Outbox,
            secret_key: engine::messaging::secrets::SecretKey::generate()?,
            gateway_hosts: Default::default(),
            inbound_mail_key: None,
        },
    );
    let token = service.simulator_config().await?.auth_token;

    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let login: Value = client
        .post(format!("{base}/user/v2/login"))
        .json(&json!({ "username": "enterprise-admin", "password": "bayline-demo" }))
        .send()
        .await?
        .json()
        .await?;
    let session = login["authToken"].as_str().context("log-in")?.to_owned();

    // The stream reader notes when each text's event arrives.
    let arrived: Arc<Mutex<HashMap<usize, Instant>>> = Arc::default();
    let stream = client
        .get(format!("{base}/api/events"))
        .header("Authorization", format!("Bearer {session}"))
        .send()
        .await?;
    let reader = tokio::spawn({
        let arrived = arrived.clone();
        async move {
            let mut body = stream.bytes_stream();
            let mut buffer = String::new();
            while let Some(Ok(chunk)) = body.next().await {
                buffer.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = buffer.find("\n\n") {
                    let block: String = buffer.drain(..end + 2).collect();
                    if let Some(n) = block
                        .split("bench text #")
                        .nth(1)
                        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                        .and_then(|digits| digits.parse::<usize>().ok())
                        && block.contains("message.created")
                    {
                        arrived
                            .lock()
                            .expect("lock")
                            .entry(n)
                            .or_insert_with(Instant::now);
                    }
                }
            }
        }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;

    let url = format!("{base}{}", engine::messaging::INBOUND_PATH);
    let sent: Arc<Mutex<Vec<(usize, Instant, Duration)>>> = Arc::default();
    let started = Instant::now();
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let (client, url, token, store_phone, phones, sent, next) = (
            client.clone(),
            url.clone(),
            token.clone(),
            store_phone.clone(),
            phones.clone(),
            sent.clone(),
            next.clone(),
        );
        workers.push(tokio::spawn(async move {
            loop {
                let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if n >= texts {
                    return Ok::<_, anyhow::Error>(());
                }
                let params = vec![
                    ("AccountSid".to_owned(), "ACsimulator".to_owned()),
                    ("MessageSid".to_owned(), format!("SMbench{n:027}")),
                    ("From".to_owned(), phones[n % phones.len()].clone()),
                    ("To".to_owned(), store_phone.clone()),
                    (
                        "Body".to_owned(),
                        format!("bench text #{n} see you tuesday"),
                    ),
                    ("NumMedia".to_owned(), "0".to_owned()),
                ];
                let signature = signature::sign(&token, &url, &params);
                let at = Instant::now();
                let response = client
                    .post(&url)
                    .header("X-Twilio-Signature", signature)
                    .form(&params)
                    .send()
                    .await?;
                if !response.status().is_success() {
                    bail!("webhook answered {}", response.status());
                }
                sent.lock().expect("lock").push((n, at, at.elapsed()));
            }
        }));
    }
    for worker in workers {
        worker.await??;
    }
    let stored_all = started.elapsed();
    let deadline = Instant::now() + Duration::from_secs(60);
    while arrived.lock().expect("lock").len() < texts && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let broadcast_all = started.elapsed();
    reader.abort();

    let sent = sent.lock().expect("lock").clone();
    let arrived = arrived.lock().expect("lock").clone();
    let mut stored: Vec<Duration> = sent.iter().map(|(_, _, d)| *d).collect();
    let mut end_to_end: Vec<Duration> = sent
        .iter()
        .filter_map(|(n, at, _)| arrived.get(n).map(|seen| seen.duration_since(*at)))
        .collect();
    println!(
        "stored:    {texts} texts in {:.2} s = {:.0} texts/s; webhook answer p50 {:.1} ms, p99 {:.1} ms",
        stored_all.as_secs_f64(),
        texts as f64 / stored_all.as_secs_f64(),
        percentile(&mut stored, 0.50),
        percentile(&mut stored, 0.99),
    );
    println!(
        "broadcast: {} of {texts} events in {:.2} s = {:.0} texts/s; post → event p50 {:.1} ms, p99 {:.1} ms",
        end_to_end.len(),
        broadcast_all.as_secs_f64(),
        end_to_end.len() as f64 / broadcast_all.as_secs_f64(),
        percentile(&mut end_to_end, 0.50),
        percentile(&mut end_to_end, 0.99),
    );
    server.stop();
    if database_url.is_some() {
        engine::Database::drop_postgres_schema(&config.database_url, &schema).await?;
    }
    Ok(())
}

fn percentile(values: &mut [Duration], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_unstable();
    let index = ((values.len() as f64 - 1.0) * q).round() as usize;
    values[index].as_secs_f64() * 1000.0
}
