//! Issue 39's cluster under faults, the long form (the reduced form runs in CI as the API test
//! `the_reduced_cluster_survives_its_parts_dying_under_load`).
//!
//! Two `bayline api` processes and three `bayline worker` processes on a PostgreSQL and a Redis
//! of the bench's own, under a steady mixed load for SECONDS (default 600): customers' texts
//! coming in, bulk initiations, DMS imports, report exports, and staff reading the jobs list and
//! the lead manager. Meanwhile a worker is SIGKILLed (twice), Redis restarts with its contents
//! lost, PostgreSQL stops and starts again, and an API process is SIGKILLed mid-request (and
//! started again, as a service manager would). The client behaves as a load balancer in front of
//! the two API processes: a request that finds its process gone, or the database away (503), is
//! sent again to the other one.
//!
//! Asserted at the end (the exit status says whether all held): every run ends and succeeds; no
//! lead is texted twice by bulk initiation, and every lead a run counts as texted has its text;
//! no automated text goes to a customer twice; no text is left unsent; every customer's text
//! that was answered is stored once; every imported row is there once; every export's file
//! downloads; no staff call is answered 500; each long-lived process's memory over the last
//! minute is within 20 % (or 16 MiB) of its second minute's.
//! Recorded: staff calls' p50/p99 before, during and after the faults; memory over time.
//!
//! Usage: cluster-bench [SECONDS] [DEMO_VEHICLES]; BAYLINE_BIN names the `bayline` binary
//! (default target/dist/bayline).

#[path = "../../common/private_services.rs"]
mod private_services;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use private_services::{PrivatePostgres, PrivateRedis};
use serde_json::{Value, json};
use sqlx::Row;

/// Rows of each DMS file uploaded during the run (new customers and vehicles every time).
const IMPORT_ROWS: usize = 1_000;
/// Leads per bulk initiation.
const BULK_LEADS: usize = 150;
/// How long the client keeps sending a request again while the cluster is hurt.
const PATIENCE: Duration = Duration::from_secs(120);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let seconds: u64 = args.get(1).map_or(Ok(600), |v| v.parse())?;
    let vehicles: u64 = args.get(2).map_or(Ok(20_000), |v| v.parse())?;
    ensure!(seconds >= 60, "SECONDS must be at least 60");
    let bin = PathBuf::from(
        std::env::var("BAYLINE_BIN").unwrap_or_else(|_| "target/dist/bayline".to_owned()),
    );
    ensure!(bin.exists(), "{} not found (build it first)", bin.display());

    let (redis, postgres) = tokio::task::spawn_blocking(|| {
        let redis = PrivateRedis::start().context("redis-server (Debian package redis-server)");
        (redis, PrivatePostgres::start())
    })
    .await?;
    let redis = redis?;
    let data_dir = tempfile::tempdir()?;
    let cluster = Arc::new(Cluster::new(
        bin,
        &postgres.url(),
        &redis.url(),
        data_dir.path(),
    ));
    let clock = Instant::now();
    cluster.run_to_end("demo-data", &["--scale", &vehicles.to_string()])?;
    let db = sqlx::PgPool::connect(&postgres.url()).await?;
    // Texts may go out at any hour of the run: allowed hours all day in every store.
    sqlx::query("UPDATE stores SET quiet_hours_start = '00:00', quiet_hours_end = '23:59'")
        .execute(&db)
        .await?;
    println!(
        "demo world of {vehicles} vehicles on a PostgreSQL and a Redis of the bench's own in {:.0} s",
        clock.elapsed().as_secs_f64()
    );
    cluster.start("api-1", "api", 0)?;
    cluster.start("api-2", "api", 1)?;
    for n in 1..=3 {
        cluster.start(&format!("worker-{n}"), "worker", 0)?;
    }
    let api = Api::new(cluster.listen.clone()).await?;
    let admin = api.log_in("enterprise-admin").await?;
    let operator = api.log_in("super-admin").await?;
    let mark = scalar(&db, "SELECT COALESCE(MAX(id), 0) FROM message_instances").await?;
    let import_mark = scalar(&db, "SELECT COALESCE(MAX(id), 0) FROM service_vehicles").await?;

    // Bulk initiation texts the leads of half the customers; the other half text in. The two
    // never meet, so each side's texts are counted apart.
    let customers: Vec<(i64, Vec<i64>)> = sqlx::query(
        "SELECT customer_id, array_agg(id ORDER BY id) FROM future_service_interactions \
         WHERE enterprise_id = 1 GROUP BY customer_id ORDER BY customer_id",
    )
    .fetch_all(&db)
    .await?
    .into_iter()
    .map(|row| (row.get(0), row.get(1)))
    .collect();
    let bulk_leads: Vec<i64> = customers
        .iter()
        .step_by(2)
        .flat_map(|(_, leads)| leads.clone())
        .collect();
    let texting_customers: Vec<i64> = customers.iter().skip(1).step_by(2).map(|c| c.0).collect();
    println!(
        "{} leads for bulk initiation, {} customers who text in",
        bulk_leads.len(),
        texting_customers.len()
    );

    let load = Load {
        api: api.clone(),
        admin: admin.clone(),
        phase: Arc::new(AtomicU8::new(0)),
        stop: Arc::new(AtomicBool::new(false)),
        record: Arc::new(Mutex::new(Record::default())),
    };
    let sampler = tokio::spawn(sample_memory(cluster.clone(), load.stop.clone()));
    let mut tasks = vec![
        tokio::spawn(load.clone().staff("/api/jobs", None)),
        tokio::spawn(
            load.clone()
                .staff("/api/lisa/custom-search/leadManager", Some(json!({}))),
        ),
        tokio::spawn(load.clone().customers_text_in(texting_customers)),
        tokio::spawn(load.clone().bulk_initiations(bulk_leads)),
        tokio::spawn(load.clone().imports()),
        tokio::spawn(load.clone().exports()),
    ];

    // The faults, spread over the middle of the run.
    let total = Duration::from_secs(seconds);
    let started = Instant::now();
    let at = |share: f64| total.mul_f64(share);
    let wait_until = |moment: Duration| async move {
        if let Some(left) = moment.checked_sub(started.elapsed()) {
            tokio::time::sleep(left).await;
        }
    };
    let fault = |what: &str| {
        println!("{:>6.1} s  {what}", started.elapsed().as_secs_f64());
    };
    wait_until(at(0.15)).await;
    load.phase.store(1, Ordering::Relaxed);
    cluster.kill("worker-1");
    cluster.start("worker-4", "worker", 0)?;
    fault("worker-1 SIGKILLed; worker-4 started");
    wait_until(at(0.30)).await;
    let redis = tokio::task::spawn_blocking(move || {
        let mut redis = redis;
        redis.restart();
        redis
    })
    .await?;
    fault("Redis restarted, its contents lost");
    wait_until(at(0.45)).await;
    cluster.kill("worker-2");
    cluster.start("worker-5", "worker", 0)?;
    fault("worker-2 SIGKILLed; worker-5 started");
    wait_until(at(0.60)).await;
    let postgres = tokio::task::spawn_blocking(move || {
        let mut postgres = postgres;
        postgres.stop();
        std::thread::sleep(Duration::from_secs(5));
        postgres.launch();
        postgres
    })
    .await?;
    fault("PostgreSQL stopped for 5 s and started again");
    wait_until(at(0.75)).await;
    cluster.kill("api-2");
    fault("api-2 SIGKILLed mid-request");
    tokio::time::sleep(Duration::from_secs(2)).await;
    cluster.start("api-2b", "api", 1)?;
    fault("api-2b started in its place");
    wait_until(at(0.80)).await;
    load.phase.store(2, Ordering::Relaxed);
    wait_until(total).await;
    load.stop.store(true, Ordering::Relaxed);
    for task in tasks.drain(..) {
        task.await??;
    }
    let memory = sampler.await?;
    println!(
        "{:>6.1} s  load stopped; waiting for every run to end",
        started.elapsed().as_secs_f64()
    );

    let record = std::mem::take(&mut *load.record.lock().expect("record"));
    let mut checks = Checks {
        record: &record,
        failures: Vec::new(),
    };
    checks.runs(&api, &operator).await?;
    checks.texts(&db, mark).await?;
    checks.imports(&db, import_mark).await?;
    checks.exports(&api, &admin).await?;
    checks.staff_calls();
    checks.memory(&memory);
    let failures = checks.failures;

    cluster.stop_all();
    drop((redis, postgres));
    if failures.is_empty() {
        println!("ALL HELD over {seconds} s");
        Ok(())
    } else {
        for failure in &failures {
            println!("FAILED: {failure}");
        }
        bail!("{} check(s) failed", failures.len())
    }
}

/// The Bayline processes of the cluster, by name.
struct Cluster {
    bin: PathBuf,
    env: Vec<(String, String)>,
    /// The two API processes' addresses (`api`'s slot 0 and 1).
    listen: [String; 2],
    children: Mutex<Vec<(String, Child)>>,
}

impl Cluster {
    fn new(bin: PathBuf, postgres: &str, redis: &str, data_dir: &std::path::Path) -> Self {
        let env = [
            ("DATABASE_URL", postgres),
            ("DATABASE_SCHEMA", "public"),
            ("REDIS_URL", redis),
            ("BAYLINE_DATA_DIR", &data_dir.display().to_string()),
            (
                "BAYLINE_UI_DIR",
                &data_dir.join("no-ui").display().to_string(),
            ),
            ("BAYLINE_DEMO", "0"),
            ("BAYLINE_DEMO_SCHEDULES", "0"),
            ("BAYLINE_LOG", "error"),
        ]
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .to_vec();
        let listen = [free_address(), free_address()];
        Self {
            bin,
            env,
            listen,
            children: Mutex::new(Vec::new()),
        }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(&self.bin);
        command
            .args(args)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::null());
        command
    }

    /// Runs `bayline <command> <args>` to its end.
    fn run_to_end(&self, command: &str, args: &[&str]) -> anyhow::Result<()> {
        let mut all = vec![command];
        all.extend_from_slice(args);
        let status = self.command(&all).status()?;
        ensure!(status.success(), "bayline {command} failed");
        Ok(())
    }

    /// Starts `bayline <command>` as `name`; an API process listens at its slot's address.
    fn start(&self, name: &str, command: &str, slot: usize) -> anyhow::Result<()> {
        let mut process = self.command(&[command]);
        if command == "api" {
            process.env("BAYLINE_LISTEN", &self.listen[slot]);
        }
        let child = process.spawn().context("a bayline process starts")?;
        self.children
            .lock()
            .expect("children")
            .push((name.to_owned(), child));
        if command == "api" {
            let deadline = Instant::now() + Duration::from_secs(60);
            while std::net::TcpStream::connect(&self.listen[slot]).is_err() {
                ensure!(Instant::now() < deadline, "{name} did not start listening");
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        Ok(())
    }

    /// SIGKILLs the process `name`, whatever it is doing.
    fn kill(&self, name: &str) {
        let mut children = self.children.lock().expect("children");
        if let Some(at) = children.iter().position(|(n, _)| n == name) {
            let (_, mut child) = children.remove(at);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The live processes' names and ids.
    fn live(&self) -> Vec<(String, u32)> {
        self.children
            .lock()
            .expect("children")
            .iter()
            .map(|(name, child)| (name.clone(), child.id()))
            .collect()
    }

    fn stop_all(&self) {
        let names: Vec<String> = self.live().into_iter().map(|(name, _)| name).collect();
        for name in names {
            self.kill(&name);
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop_all();
    }
}

fn free_address() -> String {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map_or_else(|_| "127.0.0.1:0".to_owned(), |address| address.to_string())
}

async fn scalar(db: &sqlx::PgPool, sql: &'static str) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(sql).fetch_one(db).await?)
}

/// An answer after the client's retries: its status and body, how many sends it took and how
/// long the caller waited in all.
struct Answer {
    status: u16,
    body: Vec<u8>,
    sends: u32,
    waited: Duration,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// A client in front of the two API processes, as a load balancer with retries would be.
#[derive(Clone)]
struct Api {
    client: reqwest::Client,
    listen: [String; 2],
    turn: Arc<AtomicUsize>,
}

impl Api {
    async fn new(listen: [String; 2]) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()?;
        Ok(Self {
            client,
            listen,
            turn: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// Sends the request `build` makes for a base URL, taking the API processes in turn; sends
    /// it again to the other one when the connection fails or the answer is 502-504 (a process
    /// gone, the database away), for up to [`PATIENCE`].
    async fn send(
        &self,
        build: impl Fn(&reqwest::Client, &str) -> reqwest::RequestBuilder,
    ) -> anyhow::Result<Answer> {
        let began = Instant::now();
        let mut sends = 0;
        loop {
            let slot = self.turn.fetch_add(1, Ordering::Relaxed) % 2;
            let base = format!("http://{}", self.listen[slot]);
            sends += 1;
            let outcome = match build(&self.client, &base).send().await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    response.bytes().await.map(|body| (status, body.to_vec()))
                }
                Err(error) => Err(error),
            };
            match outcome {
                Ok((status, body)) if !(502..=504).contains(&status) => {
                    return Ok(Answer {
                        status,
                        body,
                        sends,
                        waited: began.elapsed(),
                    });
                }
                Ok((status, _)) if began.elapsed() > PATIENCE => bail!("still {status}"),
                Err(error) if began.elapsed() > PATIENCE => return Err(error.into()),
                _ => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    }

    async fn log_in(&self, username: &str) -> anyhow::Result<String> {
        let answer = self
            .send(|client, base| {
                client
                    .post(format!("{base}/user/v2/login"))
                    .json(&json!({ "username": username, "password": "bayline-demo" }))
            })
            .await?;
        answer.json()["authToken"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("{username} signs in"))
    }

    async fn get(&self, token: &str, path: &str) -> anyhow::Result<Answer> {
        self.send(|client, base| client.get(format!("{base}{path}")).bearer_auth(token))
            .await
    }

    async fn post(&self, token: &str, path: &str, body: &Value) -> anyhow::Result<Answer> {
        self.send(|client, base| {
            client
                .post(format!("{base}{path}"))
                .bearer_auth(token)
                .json(body)
        })
        .await
    }
}

/// What the load did, for the checks at the end.
#[derive(Default)]
struct Record {
    /// (phase, milliseconds waited, status, sends) of every staff call.
    staff_calls: Vec<(u8, f64, u16, u32)>,
    /// Customers whose text was answered with its stored message.
    texted_in: Vec<i64>,
    /// Texts in that were refused (their status), which is a failure unless explained.
    texts_refused: Vec<u16>,
    /// Every run started: its kind and id.
    runs: Vec<(&'static str, i64)>,
    /// Imports: the VIN prefix of the file and its job run.
    imports: Vec<String>,
    /// Requests sent more than once (a process died or the database was away).
    resent: usize,
}

#[derive(Clone)]
struct Load {
    api: Api,
    admin: String,
    /// 0 before the faults, 1 during, 2 after.
    phase: Arc<AtomicU8>,
    stop: Arc<AtomicBool>,
    record: Arc<Mutex<Record>>,
}

impl Load {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn note(&self, answer: &Answer) {
        if answer.sends > 1 {
            self.record.lock().expect("record").resent += 1;
        }
    }

    /// Sleeps `period`, in steps, returning early when the load stops.
    async fn pause(&self, period: Duration) {
        let until = Instant::now() + period;
        while !self.stopped() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(50).min(until - Instant::now())).await;
        }
    }

    /// A member of staff reading a list over and over.
    async fn staff(self, path: &'static str, body: Option<Value>) -> anyhow::Result<()> {
        while !self.stopped() {
            let phase = self.phase.load(Ordering::Relaxed);
            let answer = match &body {
                Some(body) => self.api.post(&self.admin, path, body).await?,
                None => self.api.get(&self.admin, path).await?,
            };
            self.note(&answer);
            self.record.lock().expect("record").staff_calls.push((
                phase,
                answer.waited.as_secs_f64() * 1000.0,
                answer.status,
                answer.sends,
            ));
            self.pause(Duration::from_millis(100)).await;
        }
        Ok(())
    }

    /// Customers texting the store, four a second, each once.
    async fn customers_text_in(self, customers: Vec<i64>) -> anyhow::Result<()> {
        const TEXTS: [&str; 6] = [
            "Can I bring it in Tuesday at 10am?",
            "thanks, will call you next week",
            "already had it done at another shop",
            "what time do you open saturday",
            "Sold that car last year",
            "yes please, any morning next week works",
        ];
        for (n, customer) in customers.into_iter().enumerate() {
            if self.stopped() {
                break;
            }
            let answer = self
                .api
                .post(
                    &self.admin,
                    &format!("/api/simulator/phones/{customer}/reply"),
                    &json!({ "body": TEXTS[n % TEXTS.len()] }),
                )
                .await?;
            self.note(&answer);
            {
                let mut record = self.record.lock().expect("record");
                if answer.status == 200 {
                    record.texted_in.push(customer);
                } else {
                    record.texts_refused.push(answer.status);
                }
            }
            self.pause(Duration::from_millis(250)).await;
        }
        Ok(())
    }

    /// A bulk initiation of the next leads every 30 s.
    async fn bulk_initiations(self, leads: Vec<i64>) -> anyhow::Result<()> {
        for chunk in leads.chunks(BULK_LEADS) {
            if self.stopped() {
                break;
            }
            let answer = self
                .api
                .post(
                    &self.admin,
                    "/api/service-workflow/bulk/initiate",
                    &json!({ "leadIds": chunk, "enterpriseId": 1 }),
                )
                .await?;
            self.note(&answer);
            let run = answer.json()["jobRun"]["id"]
                .as_i64()
                .with_context(|| format!("a bulk run starts: {}", answer.status))?;
            self.record.lock().expect("record").runs.push(("bulk", run));
            self.pause(Duration::from_secs(30)).await;
        }
        Ok(())
    }

    /// A DMS export of new customers and vehicles uploaded every 45 s.
    async fn imports(self) -> anyhow::Result<()> {
        let mut n = 0;
        while !self.stopped() {
            n += 1;
            let prefix = format!("CLB{n:03}");
            let mut file =
                String::from("Cust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n");
            for i in 0..IMPORT_ROWS {
                let customer = i * 4 / 5;
                file.push_str(&format!(
                    "{prefix}C{customer:05},Moss,Tom,(555) 3{n:02}-{customer:04},1CL{n:03}{i:011},Honda,Accord,2021\n"
                ));
            }
            let answer = self
                .api
                .send(|client, base| {
                    let part = reqwest::multipart::Part::bytes(file.clone().into_bytes())
                        .file_name(format!("{prefix}.csv"));
                    client
                        .post(format!(
                            "{base}/api/data-sync/import?store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES"
                        ))
                        .bearer_auth(&self.admin)
                        .multipart(reqwest::multipart::Form::new().part("multipartFile", part))
                })
                .await?;
            self.note(&answer);
            let run = answer.json()["jobRunId"]
                .as_i64()
                .with_context(|| format!("an import starts: {}", answer.status))?;
            {
                let mut record = self.record.lock().expect("record");
                record.runs.push(("import", run));
                record.imports.push(prefix);
            }
            self.pause(Duration::from_secs(45)).await;
        }
        Ok(())
    }

    /// A report exported as CSV every 20 s, the kinds in turn.
    async fn exports(self) -> anyhow::Result<()> {
        const KINDS: [&str; 4] = [
            "leads-status",
            "message-response",
            "appointments",
            "not-responded",
        ];
        let mut n = 0;
        while !self.stopped() {
            let kind = KINDS[n % KINDS.len()];
            n += 1;
            let answer = self
                .api
                .post(
                    &self.admin,
                    &format!("/api/reports/{kind}/export"),
                    &json!({ "format": "CSV" }),
                )
                .await?;
            self.note(&answer);
            let run = answer.json()["id"]
                .as_i64()
                .with_context(|| format!("an export of {kind} starts: {}", answer.status))?;
            self.record
                .lock()
                .expect("record")
                .runs
                .push(("export", run));
            self.pause(Duration::from_secs(20)).await;
        }
        Ok(())
    }
}

/// The load's record, checked once the load is over; each check adds what did not hold.
struct Checks<'a> {
    record: &'a Record,
    failures: Vec<String>,
}

impl Checks<'_> {
    /// Every run reaches its end and succeeds (within ten minutes of the load stopping).
    async fn runs(&mut self, api: &Api, operator: &str) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(600);
        let mut by_outcome: BTreeMap<(&str, String), usize> = BTreeMap::new();
        for (kind, id) in &self.record.runs {
            let (status, detail) = loop {
                let detail = api.get(operator, &format!("/api/jobs/{id}")).await?.json();
                let status = detail["run"]["status"].as_str().unwrap_or("").to_owned();
                if ["succeeded", "failed", "cancelled"].contains(&status.as_str())
                    || Instant::now() > deadline
                {
                    break (status, detail);
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            };
            if status != "succeeded" {
                self.failures
                    .push(format!("{kind} run {id} ended {status:?}"));
            }
            let failed_rows = detail["run"]["result"]["failedRows"].as_i64().unwrap_or(0);
            if *kind == "import" && failed_rows > 0 {
                self.failures.push(format!(
                    "import run {id}: {failed_rows} rows refused: {}",
                    detail["run"]["result"]
                ));
            }
            *by_outcome.entry((kind, status)).or_default() += 1;
        }
        for ((kind, status), count) in by_outcome {
            println!("runs: {count} {kind} {status}");
        }
        println!(
            "requests sent again after a dead process or a missing database: {}",
            self.record.resent
        );
        Ok(())
    }

    /// Bulk texts once per lead and none missing; no automated text twice to one customer; nothing
    /// left unsent; every text in that was answered stored once.
    async fn texts(&mut self, db: &sqlx::PgPool, mark: i64) -> anyhow::Result<()> {
        let bulk: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT b.fsi_id, COUNT(m.id) FROM bulk_initiation_leads b \
             LEFT JOIN message_instances m ON m.fsi_id = b.fsi_id AND m.is_automated \
               AND m.direction IN ('SEND', 'SENT') AND m.id > $1 \
             WHERE b.outcome = 'SENT' AND b.job_run_id = ANY($2) \
             GROUP BY b.fsi_id",
        )
        .bind(mark)
        .bind(
            self.record
                .runs
                .iter()
                .filter(|(kind, _)| *kind == "bulk")
                .map(|(_, id)| *id)
                .collect::<Vec<_>>(),
        )
        .fetch_all(db)
        .await?;
        let twice = bulk.iter().filter(|(_, n)| *n > 1).count();
        let missing = bulk.iter().filter(|(_, n)| *n == 0).count();
        println!(
            "bulk initiation: {} leads counted as texted, {twice} texted more than once, {missing} without their text",
            bulk.len()
        );
        if twice > 0 || missing > 0 {
            self.failures.push(format!(
                "bulk initiation: {twice} leads texted twice, {missing} without their text"
            ));
        }
        if bulk.is_empty() {
            self.failures
                .push("bulk initiation texted nobody".to_owned());
        }

        let repeated: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM (SELECT 1 FROM message_instances \
             WHERE id > $1 AND is_automated AND direction IN ('SEND', 'SENT') \
             GROUP BY customer_id, fsi_id, to_address, content HAVING COUNT(*) > 1) repeated",
        )
        .bind(mark)
        .fetch_one(db)
        .await?;
        println!("automated messages sent twice to one recipient: {repeated}");
        let examples: Vec<(Option<String>, String)> = sqlx::query_as(
            "SELECT to_address, content FROM message_instances \
             WHERE id > $1 AND is_automated AND direction IN ('SEND', 'SENT') \
             GROUP BY customer_id, fsi_id, to_address, content HAVING COUNT(*) > 1 LIMIT 5",
        )
        .bind(mark)
        .fetch_all(db)
        .await?;
        for example in examples {
            println!("  e.g. {example:?}");
        }
        if repeated > 0 {
            self.failures.push(format!(
                "{repeated} automated messages went twice to one recipient"
            ));
        }

        // Texts still on their way settle within a minute of the load stopping.
        let deadline = Instant::now() + Duration::from_secs(60);
        let unsent = loop {
            let unsent: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM message_instances WHERE id > $1 \
                 AND direction IN ('SEND', 'SENT') AND message_status IN ('queued', 'accepted', 'sending')",
            )
            .bind(mark)
            .fetch_one(db)
            .await?;
            if unsent == 0 || Instant::now() > deadline {
                break unsent;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        };
        let statuses: Vec<(String, Option<String>, i64)> = sqlx::query_as(
            "SELECT direction, message_status, COUNT(*) FROM message_instances WHERE id > $1 \
             GROUP BY direction, message_status ORDER BY direction, message_status",
        )
        .bind(mark)
        .fetch_all(db)
        .await?;
        let statuses: Vec<String> = statuses
            .into_iter()
            .map(|(direction, status, count)| {
                format!("{direction}/{}: {count}", status.unwrap_or_default())
            })
            .collect();
        println!("messages of the run: {}", statuses.join(", "));
        if unsent > 0 {
            self.failures.push(format!(
                "{unsent} texts still unsent a minute after the load"
            ));
        }

        // Counted by the phone the text came from: the inbound path finds the customer by their
        // number, and the demo world has a few numbers that two customers share.
        let by_phone: Vec<(i64, i64)> = sqlx::query_as(
            "WITH expected AS (SELECT right(regexp_replace(c.cellular, '\\D', '', 'g'), 10) AS phone, \
                     COUNT(*) AS texts FROM unnest($2::bigint[]) AS t(customer_id) \
                     JOIN customers c ON c.id = t.customer_id GROUP BY 1), \
                  stored AS (SELECT right(regexp_replace(from_address, '\\D', '', 'g'), 10) AS phone, \
                     COUNT(*) AS texts FROM message_instances \
                     WHERE id > $1 AND direction = 'RECEIVED' GROUP BY 1) \
             SELECT e.texts, COALESCE(s.texts, 0) FROM expected e LEFT JOIN stored s USING (phone)",
        )
        .bind(mark)
        .bind(&self.record.texted_in)
        .fetch_all(db)
        .await?;
        let lost: i64 = by_phone
            .iter()
            .map(|(expected, stored)| (expected - stored).max(0))
            .sum();
        let doubled: i64 = by_phone
            .iter()
            .map(|(expected, stored)| (stored - expected).max(0))
            .sum();
        println!(
            "customers' texts: {} answered and stored, {lost} lost, {doubled} stored twice, {} refused",
            self.record.texted_in.len(),
            self.record.texts_refused.len()
        );
        if lost > 0 || doubled > 0 || !self.record.texts_refused.is_empty() {
            self.failures.push(format!(
                "customers' texts: {lost} lost, {doubled} stored twice, refused {:?}",
                self.record.texts_refused
            ));
        }
        Ok(())
    }

    /// Every row of every imported file is there once: its vehicle and its customer.
    async fn imports(&mut self, db: &sqlx::PgPool, mark: i64) -> anyhow::Result<()> {
        let customers_per_file = (IMPORT_ROWS - 1) * 4 / 5 + 1;
        for prefix in &self.record.imports {
            let vehicles: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM service_vehicles WHERE id > $1 AND vin LIKE $2",
            )
            .bind(mark)
            .bind(format!("1CL{}%", &prefix[3..]))
            .fetch_one(db)
            .await?;
            let customers: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM customers WHERE custno LIKE $1")
                    .bind(format!("{prefix}C%"))
                    .fetch_one(db)
                    .await?;
            if vehicles != IMPORT_ROWS as i64 || customers != customers_per_file as i64 {
                self.failures.push(format!(
                    "import {prefix}: {vehicles} of {IMPORT_ROWS} vehicles, {customers} of {customers_per_file} customers"
                ));
            }
        }
        println!(
            "imports: {} files of {IMPORT_ROWS} rows checked row by row",
            self.record.imports.len()
        );
        Ok(())
    }

    /// Every export's file downloads.
    async fn exports(&mut self, api: &Api, token: &str) -> anyhow::Result<()> {
        let mut downloaded = 0;
        for (_, id) in self
            .record
            .runs
            .iter()
            .filter(|(kind, _)| *kind == "export")
        {
            let detail = api.get(token, &format!("/api/jobs/{id}")).await?.json();
            let Some(url) = detail["run"]["result"]["downloadUrl"].as_str() else {
                self.failures.push(format!("export run {id} has no file"));
                continue;
            };
            let file = api.get(token, url).await?;
            if file.status == 200 && !file.body.is_empty() {
                downloaded += 1;
            } else {
                self.failures
                    .push(format!("export run {id}'s file: {}", file.status));
            }
        }
        println!("exports: {downloaded} files downloaded");
        Ok(())
    }

    /// Staff calls' latency by phase; none may be answered 500.
    fn staff_calls(&mut self) {
        println!("| phase | staff calls | p50 | p99 | max | sent again | not 200 |");
        println!("|---|---|---|---|---|---|---|");
        for (phase, name) in [(0, "before the faults"), (1, "during"), (2, "after")] {
            let calls: Vec<_> = self
                .record
                .staff_calls
                .iter()
                .filter(|(p, ..)| *p == phase)
                .collect();
            let mut latencies: Vec<f64> = calls.iter().map(|(_, ms, ..)| *ms).collect();
            let resent = calls.iter().filter(|(.., sends)| *sends > 1).count();
            let not_ok = calls
                .iter()
                .filter(|(_, _, status, _)| *status != 200)
                .count();
            println!(
                "| {name} | {} | {:.0} ms | {:.0} ms | {:.0} ms | {resent} | {not_ok} |",
                calls.len(),
                percentile(&mut latencies, 0.5),
                percentile(&mut latencies, 0.99),
                percentile(&mut latencies, 1.0),
            );
        }
        let errors = self
            .record
            .staff_calls
            .iter()
            .filter(|(_, _, status, _)| *status >= 500)
            .count();
        if errors > 0 {
            self.failures
                .push(format!("{errors} staff calls answered 5xx"));
        }
    }

    /// Memory by minute for each process; a process alive from start to end must not grow from its
    /// second minute (warmed up) to its last by more than 20 % or 16 MiB, whichever is more.
    fn memory(&mut self, samples: &[(u64, String, f64)]) {
        let mut by_process: BTreeMap<&str, BTreeMap<u64, Vec<f64>>> = BTreeMap::new();
        for (at, name, mib) in samples {
            by_process
                .entry(name)
                .or_default()
                .entry(at / 60)
                .or_default()
                .push(*mib);
        }
        let last_minute = samples.iter().map(|(at, ..)| at / 60).max().unwrap_or(0);
        println!("memory (MiB, mean by minute of the run):");
        for (name, minutes) in &by_process {
            let means: Vec<(u64, f64)> = minutes
                .iter()
                .map(|(minute, mibs)| (*minute, mibs.iter().sum::<f64>() / mibs.len() as f64))
                .collect();
            let shown: Vec<String> = means
                .iter()
                .map(|(minute, mib)| format!("{minute}: {mib:.0}"))
                .collect();
            println!("  {name:<9} {}", shown.join("  "));
            let whole_run = means.first().is_some_and(|(m, _)| *m == 0)
                && means.last().is_some_and(|(m, _)| *m == last_minute);
            if let (true, Some((_, warm)), Some((_, end))) = (whole_run, means.get(1), means.last())
                && *end > (warm * 1.2).max(warm + 16.0)
            {
                self.failures.push(format!(
                    "{name}'s memory grew from {warm:.0} MiB (second minute) to {end:.0} MiB"
                ));
            }
        }
    }
}

fn percentile(latencies: &mut [f64], share: f64) -> f64 {
    if latencies.is_empty() {
        return 0.0;
    }
    latencies.sort_by(f64::total_cmp);
    latencies[((latencies.len() as f64 * share).ceil() as usize).saturating_sub(1)]
}

/// Resident memory (MiB) of every process, sampled every 10 s: (seconds, name, MiB).
async fn sample_memory(cluster: Arc<Cluster>, stop: Arc<AtomicBool>) -> Vec<(u64, String, f64)> {
    let started = Instant::now();
    let mut samples = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        for (name, pid) in cluster.live() {
            if let Some(mib) = resident_mib(pid) {
                samples.push((started.elapsed().as_secs(), name, mib));
            }
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
    samples
}

fn resident_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib: f64 = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}
