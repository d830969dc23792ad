//! Reports at scale (issue 18).
//!
//! `reports-bench queries LEADS`: a demo world, then LEADS synthetic leads with three messages
//! each (a first text; a reply for two leads in three, else a follow-up; one more text), final
//! intents and response insights on most replies, appointments on some. Then the monthly classification report and
//! the funnel through `reports`, against hand-written SQL (`GROUP BY`, window
//! functions) that computes the same figures in the same database, median of 5 runs each. The
//! figures are compared before anything is timed.
//!
//! `reports-bench export-world ROWS` writes a world whose every lead replies (ROWS replies);
//! `reports-bench export` then exports the message-response list (one row per reply) to XLSX
//! and reports the time and the process's peak memory (VmHWM). Both need
//! `REPORTS_BENCH_KEEP=NAME` (SQLite `target/NAME.db`, PostgreSQL schema NAME) so the export
//! runs in a process of its own.
//!
//! After the SQL timings, `queries` measures the reports' in-memory snapshot (issue 39): its
//! build time and memory, then the monthly or daily table and the funnel for 40 varied filters
//! (stores, service types, windows, grains, customer types; p50, p95 and the slowest), the
//! first three checked equal to the SQL's, and a report right after 1,000 replies changed
//! (the catch-up included); the store-wise, leads-status, agent and response-insights tables
//! and the not-responded list against their SQL, and all but the first over varied filters and
//! pages. `reports-bench snapshot LEADS` runs that part alone.
//!
//! DATABASE_URL picks PostgreSQL (a schema of its own), else SQLite.

use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use chrono::{DateTime, Duration as Days, TimeZone, Utc};
use engine::auth::{Caller, Scope};
use engine::db::{BackendKind, ConnectOptions};
use engine::domain::leads::ResponseInsight;
use engine::domain::{EmpLevel, Role};
use engine::store::PageRequest;
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, MessageIntents,
    MessageUnderstandings, ServiceAppointments as Appt,
};
use engine::{Database, DatabaseUrl};
use reports::{
    Cell, ClassificationOptions, CustomerType, ExportFormat, Grain, ReportExportInput,
    ReportFilter, ReportKind, ReportOptions, Reports,
};
use sea_query::{Expr, ExprTrait, Func, Query};
use sqlx::Row;

/// The final intents the replies carry, by lead number (one in ten replies has none).
const CODES: [&str; 9] = [
    "APPT_SET", "SPA-SS", "CL", "NLO", "STOP", "WN", "MISC", "CQ", "ASA",
];

/// The response insights the replies carry, by lead number.
const INSIGHTS: &[ResponseInsight] = ResponseInsight::ALL;

fn window() -> (DateTime<Utc>, DateTime<Utc>) {
    (
        Utc.with_ymd_and_hms(2025, 12, 1, 0, 0, 0).unwrap(),
        Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap(),
    )
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "queries".into());
    let count: u64 = std::env::args()
        .nth(2)
        .map_or(Ok(1_000_000), |v| v.parse())?;
    let bench = Bench::open().await?;
    match mode.as_str() {
        "queries" => {
            bench.world(count, false).await?;
            bench.queries().await
        }
        "snapshot" => {
            bench.world(count, false).await?;
            bench.snapshot().await?;
            bench.drop_unless_kept().await
        }
        "export-world" => bench.world(count, true).await,
        "export" => bench.export().await,
        other => bail!("unknown mode {other:?}: queries, export-world or export"),
    }
}

enum Raw {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

struct Bench {
    db: Database,
    raw: Raw,
    url: DatabaseUrl,
    schema: Option<String>,
    keep: bool,
    _dir: tempfile::TempDir,
}

impl Bench {
    async fn open() -> anyhow::Result<Self> {
        let dir = tempfile::tempdir()?;
        let keep = std::env::var("REPORTS_BENCH_KEEP").ok();
        let (url, schema, raw) = match std::env::var("DATABASE_URL") {
            Ok(url) => {
                let schema = keep
                    .clone()
                    .unwrap_or_else(|| format!("reports_bench_{}", std::process::id()));
                let parsed = DatabaseUrl::parse(&url)?;
                (parsed, Some(schema), url)
            }
            Err(_) => {
                let path = match &keep {
                    Some(name) => std::path::PathBuf::from(format!("target/{name}.db")),
                    None => dir.path().join("bench.db"),
                };
                (
                    DatabaseUrl::sqlite_file(&path),
                    None,
                    path.display().to_string(),
                )
            }
        };
        let db = Database::connect(
            &url,
            &ConnectOptions {
                postgres_schema: schema.clone(),
                max_connections: None,
            },
        )
        .await?;
        db.migrate().await?;
        let raw = match &schema {
            Some(schema) => Raw::Postgres(
                sqlx::postgres::PgPoolOptions::new()
                    .max_connections(2)
                    .connect_with(
                        sqlx::postgres::PgConnectOptions::from_str(&raw)?
                            .options([("search_path", schema.as_str())]),
                    )
                    .await?,
            ),
            None => Raw::Sqlite(
                sqlx::sqlite::SqlitePoolOptions::new()
                    .max_connections(2)
                    .connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(&raw))
                    .await?,
            ),
        };
        Ok(Self {
            db,
            raw,
            url,
            schema,
            keep: keep.is_some(),
            _dir: dir,
        })
    }

    fn backend(&self) -> BackendKind {
        self.db.kind()
    }

    /// A demo world, then `leads` synthetic leads; kept worlds are reused.
    async fn world(&self, leads: u64, every_lead_replies: bool) -> anyhow::Result<()> {
        let existing: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .expr(Func::count(Expr::col(Fsi::Id)))
                    .from(Fsi::Table)
                    .to_owned(),
            )
            .await?;
        if existing > 0 {
            println!("reusing a world of {existing} leads");
            return Ok(());
        }
        let started = Instant::now();
        sample_data::generate(
            &self.db,
            &sample_data::DemoOptions {
                vehicles: 20_000,
                ..sample_data::DemoOptions::default()
            },
            |_| {},
        )
        .await?;
        println!(
            "backend {}: demo world in {:.1} s",
            self.backend().as_str(),
            started.elapsed().as_secs_f64()
        );
        let started = Instant::now();
        fill(&self.db, leads, every_lead_replies).await?;
        self.db
            .sync_id_sequences(&[
                "future_service_interactions",
                "message_instances",
                "message_intents",
                "service_appointments",
            ])
            .await?;
        self.db.analyze().await?;
        let messages: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .expr(Func::count(Expr::col(Msg::Id)))
                    .from(Msg::Table)
                    .to_owned(),
            )
            .await?;
        println!(
            "{leads} leads and {messages} messages in the database ({:.1} s to write)",
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }

    fn caller() -> Caller {
        Caller {
            user_id: 1,
            session_id: 1,
            username: "bench".into(),
            roles: vec![Role::SuperAdmin],
            emp_level: EmpLevel::Platform,
            enterprise_id: Some(1),
            boc_id: None,
            store_id: None,
            calling_feature: false,
            real_time_sync: true,
        }
    }

    async fn filter(&self) -> anyhow::Result<ReportFilter> {
        let (from, until) = window();
        let stores: Vec<(i64,)> = self
            .db
            .fetch_all(
                &Query::select()
                    .column(engine::store::schema::Stores::Id)
                    .from(engine::store::schema::Stores::Table)
                    .and_where(Expr::col(engine::store::schema::Stores::EnterpriseId).eq(1))
                    .to_owned(),
            )
            .await?;
        Ok(ReportFilter {
            scope: Scope {
                enterprise_id: 1,
                boc_id: None,
                store_id: None,
            },
            store_ids: stores.into_iter().map(|(id,)| id).collect(),
            service_types: Vec::new(),
            from,
            until,
        })
    }

    async fn queries(&self) -> anyhow::Result<()> {
        let reports = Reports::new(self.db.clone());
        let filter = self.filter().await?;
        let caller = Self::caller();
        let page = PageRequest::new(Some(0), Some(1))?;
        let stores = filter
            .store_ids
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",");

        // The same figures first.
        let monthly = reports
            .run(
                &caller,
                ReportKind::Monthly,
                &filter,
                ReportOptions::default(),
                page,
            )
            .await?;
        let by_code = self.hand_written_monthly(&stores).await?;
        let ours_total = total_of(&monthly, "total");
        let theirs_total: i64 = by_code.iter().map(|(_, _, _, n)| n).sum();
        anyhow::ensure!(
            ours_total == theirs_total,
            "monthly: {ours_total} leads vs {theirs_total}"
        );
        for (column, code) in [
            ("optOut", "STOP"),
            ("appointments", "BOOKED"),
            ("noResponse", "NR"),
        ] {
            let theirs: i64 = by_code.iter().filter(|c| c.2 == code).map(|c| c.3).sum();
            let ours = total_of(&monthly, column);
            anyhow::ensure!(ours == theirs, "monthly {column}: {ours} vs {theirs}");
        }
        let funnel = reports.funnel(&filter).await?;
        let theirs = self.hand_written_funnel(&stores).await?;
        let ours: Vec<i64> = funnel.stages.iter().map(|s| s.count).collect();
        anyhow::ensure!(ours == theirs, "funnel: {ours:?} vs {theirs:?}");
        println!(
            "same figures: {ours_total} leads in {} monthly rows; funnel {ours:?}",
            monthly.rows.len()
        );

        println!("| report | Bayline p50 | hand-written SQL p50 | ratio |");
        println!("|---|---|---|---|");
        let ours = median(5, || async {
            reports
                .run(
                    &caller,
                    ReportKind::Monthly,
                    &filter,
                    ReportOptions::default(),
                    page,
                )
                .await
                .map(|_| ())
                .map_err(anyhow::Error::from)
        })
        .await?;
        let theirs = median(5, || async {
            self.hand_written_monthly(&stores).await.map(|_| ())
        })
        .await?;
        row("monthly", ours, theirs);
        let ours = median(5, || async {
            reports
                .funnel(&filter)
                .await
                .map(|_| ())
                .map_err(anyhow::Error::from)
        })
        .await?;
        let theirs = median(5, || async {
            self.hand_written_funnel(&stores).await.map(|_| ())
        })
        .await?;
        row("funnel", ours, theirs);
        self.snapshot().await?;
        self.drop_unless_kept().await
    }

    /// The reports' snapshot: built once, then varied filters answered from it.
    async fn snapshot(&self) -> anyhow::Result<()> {
        let sql = Reports::new(self.db.clone());
        let snapshot = Reports::with_snapshots(self.db.clone());
        let base = self.filter().await?;
        let services: Vec<(String,)> = self
            .db
            .fetch_all(
                &Query::select()
                    .distinct()
                    .column(Fsi::ServiceType)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::EnterpriseId).eq(1))
                    .to_owned(),
            )
            .await?;
        let services: Vec<String> = services.into_iter().map(|(s,)| s).collect();
        let resident = resident_kib();
        let started = Instant::now();
        let leads = snapshot.warm_snapshot(1).await?;
        println!(
            "snapshot: {leads} leads built in {:.1} s, +{} MiB resident",
            started.elapsed().as_secs_f64(),
            resident_kib().saturating_sub(resident) / 1024
        );
        let mut random = Random(39);
        let (mut tables, mut funnels, mut sql_times) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..40 {
            let filter = if round == 0 {
                base.clone()
            } else {
                varied(&base, &services, &mut random)
            };
            let grain = if round % 2 == 0 {
                Grain::Month
            } else {
                Grain::Day
            };
            let options = ClassificationOptions {
                customer_type: [None, Some(CustomerType::A), Some(CustomerType::B)]
                    [random.below(3) as usize],
            };
            let started = Instant::now();
            let table = snapshot.classification(&filter, grain, options).await?;
            tables.push(started.elapsed());
            let started = Instant::now();
            let funnel = snapshot.funnel(&filter).await?;
            funnels.push(started.elapsed());
            if round < 3 {
                let started = Instant::now();
                let expected = sql.classification(&filter, grain, options).await?;
                let expected_funnel = sql.funnel(&filter).await?;
                sql_times.push(started.elapsed());
                anyhow::ensure!(table == expected, "round {round}: the tables differ");
                anyhow::ensure!(
                    funnel == expected_funnel,
                    "round {round}: the funnels differ"
                );
            }
        }
        println!("the first three filters: the same figures as the SQL's");
        println!(
            "| report (40 varied filters) | p50 | p95 | slowest | SQL, same filter (p50 of 3, both reports) |"
        );
        println!("|---|---|---|---|---|");
        let sql_p50 = percentile(&mut sql_times, 0.5);
        for (name, times) in [
            ("classification table", &mut tables),
            ("funnel", &mut funnels),
        ] {
            println!(
                "| {name} | {:.1} ms | {:.1} ms | {:.1} ms | {:.0} ms |",
                ms(percentile(times, 0.5)),
                ms(percentile(times, 0.95)),
                ms(percentile(times, 1.0)),
                ms(sql_p50)
            );
        }
        // A thousand replies arrive: the next report reads those leads again first.
        let texts = Query::select()
            .column(Msg::Id)
            .from(Msg::Table)
            .and_where(Expr::col(Msg::Direction).eq("SENT"))
            .limit(1000)
            .to_owned();
        self.db
            .execute(
                &Query::update()
                    .table(Msg::Table)
                    .value(Msg::Direction, "RECEIVED")
                    .and_where(Expr::col(Msg::Id).in_subquery(texts))
                    .to_owned(),
            )
            .await?;
        let started = Instant::now();
        let funnel = snapshot.funnel(&base).await?;
        let caught_up = started.elapsed();
        anyhow::ensure!(
            funnel == sql.funnel(&base).await?,
            "after the change: the funnels differ"
        );
        println!(
            "after 1,000 texts changed: the next funnel in {:.0} ms (catch-up included), the same figures as the SQL's",
            ms(caught_up)
        );
        // The tables from memory, the whole year and all stores, against their SQL.
        let caller = Self::caller();
        let page = PageRequest::new(Some(0), Some(50))?;
        for kind in [
            ReportKind::StoreWise,
            ReportKind::LeadsStatus,
            ReportKind::AgentReport,
            ReportKind::ResponseInsights,
            ReportKind::NotResponded,
        ] {
            let started = Instant::now();
            let ours = snapshot
                .run(&caller, kind, &base, ReportOptions::default(), page)
                .await?;
            let ours_time = started.elapsed();
            let started = Instant::now();
            let expected = sql
                .run(&caller, kind, &base, ReportOptions::default(), page)
                .await?;
            let theirs_time = started.elapsed();
            anyhow::ensure!(ours == expected, "{}: the tables differ", kind.key());
            println!(
                "{}, the whole year and all stores: {:.1} ms from the snapshot, {:.0} ms by SQL, the same rows",
                kind.key(),
                ms(ours_time),
                ms(theirs_time)
            );
        }
        // Leads status, the agent and response-insights reports and pages of the
        // not-responded list over varied filters.
        let (mut statuses, mut agents, mut insights, mut lists) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for round in 0..40u64 {
            let filter = varied(&base, &services, &mut random);
            for (kind, times) in [
                (ReportKind::LeadsStatus, &mut statuses),
                (ReportKind::AgentReport, &mut agents),
                (ReportKind::ResponseInsights, &mut insights),
            ] {
                let started = Instant::now();
                snapshot
                    .run(&caller, kind, &filter, ReportOptions::default(), page)
                    .await?;
                times.push(started.elapsed());
            }
            let started = Instant::now();
            snapshot
                .run(
                    &caller,
                    ReportKind::NotResponded,
                    &filter,
                    ReportOptions::default(),
                    PageRequest::new(Some(round % 5), Some(50))?,
                )
                .await?;
            lists.push(started.elapsed());
        }
        println!("| report (40 varied filters) | p50 | p95 | slowest |");
        println!("|---|---|---|---|");
        for (name, times) in [
            ("leads status", &mut statuses),
            ("agent report", &mut agents),
            ("response insights", &mut insights),
            ("not responded, pages 1-5 of 50", &mut lists),
        ] {
            println!(
                "| {name} | {:.1} ms | {:.1} ms | {:.1} ms |",
                ms(percentile(times, 0.5)),
                ms(percentile(times, 0.95)),
                ms(percentile(times, 1.0)),
            );
        }
        Ok(())
    }

    fn params(&self) -> (&'static str, &'static str) {
        match self.backend() {
            BackendKind::Sqlite => ("?1", "?2"),
            BackendKind::Postgres => ("$1", "$2"),
        }
    }

    /// Leads per (month, customer type, classification code): the monthly report's figures,
    /// written by hand with a window function for each lead's latest classified reply.
    async fn hand_written_monthly(
        &self,
        stores: &str,
    ) -> anyhow::Result<Vec<(String, String, String, i64)>> {
        let (from, until) = self.params();
        let month = match self.backend() {
            BackendKind::Sqlite => "substr(f.first_at, 1, 7)",
            BackendKind::Postgres => "to_char(f.first_at AT TIME ZONE 'UTC', 'YYYY-MM')",
        };
        let sql = format!(
            "WITH firsts AS (
                SELECT fsi_id, MIN(created_at) AS first_at FROM message_instances
                WHERE enterprise_id = 1 AND store_id IN ({stores}) AND message_type = 'SMS'
                  AND direction IN ('SEND', 'SENT') AND is_compliance = FALSE AND fsi_id IS NOT NULL
                  AND created_at >= {from} AND created_at < {until}
                GROUP BY fsi_id),
             earlier AS (
                SELECT DISTINCT m.fsi_id FROM message_instances m JOIN firsts f ON f.fsi_id = m.fsi_id
                WHERE m.message_type = 'SMS' AND m.direction IN ('SEND', 'SENT')
                  AND m.is_compliance = FALSE AND m.created_at < {from}),
             replies AS (
                SELECT m.fsi_id, m.id, m.created_at, u.carrier_keyword
                FROM message_instances m JOIN firsts f ON f.fsi_id = m.fsi_id
                LEFT JOIN message_understandings u ON u.message_id = m.id
                WHERE m.direction = 'RECEIVED'),
             answered AS (
                SELECT fsi_id, COUNT(CASE WHEN carrier_keyword IS NULL THEN 1 END) AS in_words
                FROM replies GROUP BY fsi_id),
             ranked AS (
                SELECT r.fsi_id, i.intent_name,
                       ROW_NUMBER() OVER (PARTITION BY r.fsi_id
                                          ORDER BY r.created_at DESC, r.id DESC, i.confidence DESC) AS n
                FROM replies r JOIN message_intents i ON i.message_id = r.id AND i.is_final = TRUE),
             stopped AS (SELECT DISTINCT fsi_id FROM ranked WHERE intent_name = 'STOP'),
             booked AS (
                SELECT DISTINCT a.fsi_id FROM service_appointments a JOIN firsts f ON f.fsi_id = a.fsi_id
                WHERE a.appt_status <> 'CANCELLED'),
             bought AS (SELECT DISTINCT customer_id FROM sales)
             SELECT {month} AS period,
                    CASE WHEN b.customer_id IS NULL THEN 'B' ELSE 'A' END AS customer_type,
                    CASE WHEN c.block_sms OR s.fsi_id IS NOT NULL THEN 'STOP'
                         WHEN bk.fsi_id IS NOT NULL THEN 'BOOKED'
                         WHEN a.fsi_id IS NULL THEN 'NR'
                         WHEN a.in_words = 0 THEN 'NOT-ENGAGED'
                         ELSE COALESCE(r.intent_name, 'BLANK') END AS code,
                    COUNT(*) AS leads
             FROM firsts f
             JOIN future_service_interactions l ON l.id = f.fsi_id
             JOIN customers c ON c.id = l.customer_id
             LEFT JOIN earlier e ON e.fsi_id = f.fsi_id
             LEFT JOIN bought b ON b.customer_id = l.customer_id
             LEFT JOIN stopped s ON s.fsi_id = f.fsi_id
             LEFT JOIN booked bk ON bk.fsi_id = f.fsi_id
             LEFT JOIN answered a ON a.fsi_id = f.fsi_id
             LEFT JOIN ranked r ON r.fsi_id = f.fsi_id AND r.n = 1
             WHERE e.fsi_id IS NULL
             GROUP BY 1, 2, 3"
        );
        let (start, end) = window();
        let decode = |row: &dyn RowText| -> anyhow::Result<(String, String, String, i64)> {
            Ok((row.text(0)?, row.text(1)?, row.text(2)?, row.int(3)?))
        };
        self.fetch(&sql, start, end, decode).await
    }

    /// The funnel's four counts, written by hand with joins to distinct lead sets.
    async fn hand_written_funnel(&self, stores: &str) -> anyhow::Result<Vec<i64>> {
        let (from, until) = self.params();
        let sql = format!(
            "SELECT COUNT(*), COUNT(r.fsi_id),
                    COUNT(CASE WHEN w.fsi_id IS NOT NULL AND c.block_sms = FALSE THEN 1 END),
                    COUNT(b.fsi_id)
             FROM (SELECT DISTINCT fsi_id FROM message_instances
                   WHERE message_type = 'SMS' AND direction IN ('SEND', 'SENT') AND is_compliance = FALSE
                     AND created_at >= {from} AND created_at < {until}) t
             JOIN future_service_interactions f ON f.id = t.fsi_id
             JOIN customers c ON c.id = f.customer_id
             LEFT JOIN (SELECT DISTINCT fsi_id FROM message_instances
                        WHERE direction = 'RECEIVED' AND message_type = 'SMS'
                          AND created_at >= {from} AND created_at < {until}) r ON r.fsi_id = f.id
             LEFT JOIN (SELECT DISTINCT m.fsi_id FROM message_instances m
                        LEFT JOIN message_understandings u ON u.message_id = m.id
                        WHERE m.direction = 'RECEIVED' AND m.message_type = 'SMS'
                          AND m.created_at >= {from} AND m.created_at < {until}
                          AND u.carrier_keyword IS NULL) w ON w.fsi_id = f.id
             LEFT JOIN (SELECT DISTINCT fsi_id FROM service_appointments
                        WHERE created_at >= {from} AND created_at < {until}
                          AND appt_status <> 'CANCELLED') b ON b.fsi_id = f.id
             WHERE f.enterprise_id = 1 AND f.store_id IN ({stores})"
        );
        let (start, end) = window();
        let rows = self
            .fetch(&sql, start, end, |row: &dyn RowText| {
                Ok(vec![row.int(0)?, row.int(1)?, row.int(2)?, row.int(3)?])
            })
            .await?;
        rows.into_iter().next().context("the funnel has a row")
    }

    async fn fetch<T>(
        &self,
        sql: &str,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
        decode: impl Fn(&dyn RowText) -> anyhow::Result<T>,
    ) -> anyhow::Result<Vec<T>> {
        let sql = sqlx::AssertSqlSafe(sql.to_owned());
        match &self.raw {
            Raw::Sqlite(pool) => sqlx::query(sql)
                .bind(from)
                .bind(until)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| decode(row))
                .collect(),
            Raw::Postgres(pool) => sqlx::query(sql)
                .bind(from)
                .bind(until)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| decode(row))
                .collect(),
        }
    }

    /// Exports the message-response list of the whole window to XLSX; time, rows, peak memory.
    async fn export(&self) -> anyhow::Result<()> {
        let reports = Reports::new(self.db.clone());
        let filter = self.filter().await?;
        let input = ReportExportInput::new(
            &Self::caller(),
            ReportKind::MessageResponse,
            &filter,
            ReportOptions::default(),
            ExportFormat::Xlsx,
        )?;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("export.xlsx");
        let before = peak_kib();
        let started = Instant::now();
        let exported = reports
            .export(&input, 1, &path, Arc::new(AtomicU64::new(0)))
            .await?;
        println!(
            "| {} | {} rows | {:.1} s | {:.1} MiB file | peak memory {} MiB (before the export {} MiB) |",
            self.backend().as_str(),
            exported.rows,
            started.elapsed().as_secs_f64(),
            exported.bytes as f64 / 1_048_576.0,
            peak_kib() / 1024,
            before / 1024
        );
        Ok(())
    }

    async fn drop_unless_kept(&self) -> anyhow::Result<()> {
        if let (Some(schema), false) = (&self.schema, self.keep) {
            Database::drop_postgres_schema(&self.url, schema).await?;
        }
        Ok(())
    }
}

/// Reading a row's columns on either backend.
trait RowText {
    fn text(&self, index: usize) -> anyhow::Result<String>;
    fn int(&self, index: usize) -> anyhow::Result<i64>;
}

impl RowText for sqlx::sqlite::SqliteRow {
    fn text(&self, index: usize) -> anyhow::Result<String> {
        Ok(self.try_get(index)?)
    }
    fn int(&self, index: usize) -> anyhow::Result<i64> {
        Ok(self.try_get(index)?)
    }
}

impl RowText for sqlx::postgres::PgRow {
    fn text(&self, index: usize) -> anyhow::Result<String> {
        Ok(self.try_get(index)?)
    }
    fn int(&self, index: usize) -> anyhow::Result<i64> {
        Ok(self.try_get(index)?)
    }
}

fn total_of(table: &reports::Table, key: &str) -> i64 {
    let index = table.columns.iter().position(|c| c.key == key).unwrap_or(0);
    match table.totals.as_ref().and_then(|t| t.get(index)) {
        Some(Cell::Integer(n)) => *n,
        _ => 0,
    }
}

/// A filter like a manager's: some stores, maybe some service types, a window of one to
/// twelve months inside the year.
fn varied(base: &ReportFilter, services: &[String], random: &mut Random) -> ReportFilter {
    let mut filter = base.clone();
    let stores: Vec<i64> = base
        .store_ids
        .iter()
        .copied()
        .filter(|_| random.below(3) > 0)
        .collect();
    if !stores.is_empty() {
        filter.store_ids = stores;
    }
    if random.below(2) == 0 {
        filter.service_types = services
            .iter()
            .filter(|_| random.below(3) == 0)
            .cloned()
            .collect();
    }
    let start = random.below(12) as i64;
    let months = 1 + random.below(12 - start as u64) as i64;
    filter.from = base.from + Days::days(30 * start);
    filter.until = Ord::min(filter.from + Days::days(30 * months), base.until);
    filter
}

/// A small deterministic generator (xorshift), so every run asks the same filters.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % Ord::max(bound, 1)
    }
}

fn percentile(times: &mut [Duration], share: f64) -> Duration {
    times.sort();
    let index = ((times.len() as f64 * share).ceil() as usize).clamp(1, times.len().max(1)) - 1;
    times.get(index).copied().unwrap_or_default()
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// The process's resident memory now, KiB.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

async fn median<F, Fut>(runs: usize, mut run: F) -> anyhow::Result<Duration>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        run().await?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok(times[times.len() / 2])
}

fn row(name: &str, ours: Duration, theirs: Duration) {
    println!(
        "| {name} | {:.0} ms | {:.0} ms | {:.2}× |",
        ours.as_secs_f64() * 1000.0,
        theirs.as_secs_f64() * 1000.0,
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
}

/// The process's peak resident memory so far, KiB.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// Writes `leads` synthetic leads of the demo world's customers with three messages each, a
/// final intent on most replies and appointments on some; 500 leads per transaction (SQLite binds
/// at most 32,766 values a statement).
async fn fill(db: &Database, leads: u64, every_lead_replies: bool) -> anyhow::Result<()> {
    let customers: Vec<(i64, i64, i64, i64)> = db
        .fetch_all(
            &Query::select()
                .columns([
                    Customers::Id,
                    Customers::EnterpriseId,
                    Customers::BocId,
                    Customers::StoreId,
                ])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::EnterpriseId).eq(1))
                .to_owned(),
        )
        .await?;
    anyhow::ensure!(!customers.is_empty(), "the demo world has customers");
    let next = |table: &'static str| {
        let db = db.clone();
        async move {
            let max: Option<i64> = db
                .fetch_scalar(
                    &Query::select()
                        .expr(Func::max(Expr::col(sea_query::Alias::new("id"))))
                        .from(sea_query::Alias::new(table))
                        .to_owned(),
                )
                .await?;
            anyhow::Ok(max.unwrap_or(0) + 1)
        }
    };
    let (lead_base, message_base, intent_base) = (
        next("future_service_interactions").await?,
        next("message_instances").await?,
        next("message_intents").await?,
    );
    let (start, _) = window();
    let minutes_in_window = 360 * 24 * 60;
    let mut written = 0;
    let mut message_id = message_base;
    let mut intent_id = intent_base;
    while written < leads {
        let batch = Ord::min(leads - written, 500);
        let mut fsi = Query::insert();
        fsi.into_table(Fsi::Table).columns([
            Fsi::Id,
            Fsi::EnterpriseId,
            Fsi::BocId,
            Fsi::StoreId,
            Fsi::CustomerId,
            Fsi::ServiceType,
            Fsi::Status,
            Fsi::ConversationInitiated,
            Fsi::CreatedAt,
            Fsi::UpdatedAt,
        ]);
        let mut messages = Query::insert();
        messages.into_table(Msg::Table).columns([
            Msg::Id,
            Msg::EnterpriseId,
            Msg::StoreId,
            Msg::FsiId,
            Msg::CustomerId,
            Msg::Direction,
            Msg::MessageType,
            Msg::NotificationType,
            Msg::Content,
            Msg::MessageStatus,
            Msg::IsAutomated,
            Msg::Subject,
            Msg::CreatedAt,
            Msg::UpdatedAt,
        ]);
        let mut intents = Query::insert();
        intents.into_table(MessageIntents::Table).columns([
            MessageIntents::Id,
            MessageIntents::MessageId,
            MessageIntents::IntentName,
            MessageIntents::Confidence,
            MessageIntents::IsFinal,
            MessageIntents::CreatedAt,
        ]);
        let mut understandings = Query::insert();
        understandings
            .into_table(MessageUnderstandings::Table)
            .columns([
                MessageUnderstandings::MessageId,
                MessageUnderstandings::ResponseInsight,
                MessageUnderstandings::UnderstoodAt,
            ]);
        let mut appointments = Query::insert();
        appointments.into_table(Appt::Table).columns([
            Appt::EnterpriseId,
            Appt::StoreId,
            Appt::CustomerId,
            Appt::FsiId,
            Appt::Title,
            Appt::ApptStatus,
            Appt::ApptAt,
            Appt::Source,
            Appt::CreatedAt,
            Appt::UpdatedAt,
        ]);
        let (mut any_intent, mut any_appointment) = (false, false);
        for n in written..written + batch {
            let lead = lead_base + n as i64;
            let (customer, enterprise, boc, store) =
                customers[(n as usize * 7919) % customers.len()];
            let at = start + Days::minutes((n as i64 * 7919) % minutes_in_window);
            fsi.values_panic([
                lead.into(),
                enterprise.into(),
                boc.into(),
                store.into(),
                customer.into(),
                "OIL_CHANGE".into(),
                "INITIATED".into(),
                true.into(),
                at.into(),
                at.into(),
            ]);
            let replies = every_lead_replies || n % 3 != 0;
            let mut message = |direction: &str, offset: Days, automated: bool| {
                let id = message_id;
                message_id += 1;
                let received = direction == "RECEIVED";
                // The assistant's handoff to staff: a note, not a text.
                let handoff = direction == "HANDOFF";
                messages.values_panic([
                    id.into(),
                    enterprise.into(),
                    store.into(),
                    lead.into(),
                    customer.into(),
                    if handoff { "SENT" } else { direction }.into(),
                    if handoff { "INTERNAL" } else { "SMS" }.into(),
                    if received {
                        "MESSAGE_FROM_CUSTOMER"
                    } else if handoff {
                        "INTERNAL_NOTIFICATION"
                    } else {
                        "MESSAGE_TO_CUSTOMER"
                    }
                    .into(),
                    if received {
                        "Sounds good, thanks"
                    } else if handoff {
                        "The customer asked for a call"
                    } else {
                        "Hi, your car is due for service"
                    }
                    .into(),
                    if received { "received" } else { "delivered" }.into(),
                    automated.into(),
                    handoff.then_some("CUSTOMER_A_HANDOFF").into(),
                    (at + offset).into(),
                    (at + offset).into(),
                ]);
                id
            };
            message("SENT", Days::zero(), true);
            if replies {
                let reply = message("RECEIVED", Days::hours(1), false);
                if n % 10 != 9 {
                    intents.values_panic([
                        intent_id.into(),
                        reply.into(),
                        CODES[(n % 9) as usize].into(),
                        0.9f64.into(),
                        true.into(),
                        (at + Days::hours(1)).into(),
                    ]);
                    intent_id += 1;
                    any_intent = true;
                    // What the assistant understood of it: an insight in two of three.
                    let insight = (n % 3 != 2)
                        .then(|| INSIGHTS[(n / 3 % INSIGHTS.len() as u64) as usize].as_str());
                    understandings.values_panic([
                        reply.into(),
                        insight.into(),
                        (at + Days::hours(1)).into(),
                    ]);
                }
                message("SENT", Days::hours(2), true);
                if n % 10 == 5 {
                    message("HANDOFF", Days::hours(2), false);
                }
                if n % 10 == 0 {
                    appointments.values_panic([
                        enterprise.into(),
                        store.into(),
                        customer.into(),
                        lead.into(),
                        "Service".into(),
                        if n % 20 == 0 {
                            "CANCELLED"
                        } else {
                            "SCHEDULED"
                        }
                        .into(),
                        (at + Days::days(3)).into(),
                        "BAYLINE".into(),
                        (at + Days::hours(2)).into(),
                        (at + Days::hours(2)).into(),
                    ]);
                    any_appointment = true;
                }
            } else {
                message("SENT", Days::days(2), true);
                message("SENT", Days::days(5), true);
            }
        }
        let mut tx = db.begin().await?;
        tx.execute(&fsi).await.context("inserting leads")?;
        tx.execute(&messages).await.context("inserting messages")?;
        if any_intent {
            tx.execute(&intents).await.context("inserting intents")?;
            tx.execute(&understandings)
                .await
                .context("inserting understandings")?;
        }
        if any_appointment {
            tx.execute(&appointments)
                .await
                .context("inserting appointments")?;
        }
        tx.commit().await?;
        written += batch;
    }
    Ok(())
}
