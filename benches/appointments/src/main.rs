//! Availability for a busy store: a small demo world, its store 1 given 20 advisors and 5,000
//! appointments in the next 30 days (distinct advisor quarter hours inside the opening hours),
//! then `AppointmentService::availability` for 30 days from today, for the whole store and for
//! one advisor, timed as the median and the slowest of 21 runs.
//!
//! Usage: appointments-bench; DATABASE_URL picks PostgreSQL (a fresh schema, dropped after),
//! else a SQLite file in a temporary directory.

use std::time::{Duration, Instant};

use chrono::{Duration as Days, Utc};
use engine::appointments::service::AppointmentService;
use engine::appointments::{WeekHours, slots_of_day};
use engine::auth::Scope;
use engine::db::ConnectOptions;
use engine::domain::formats::parse_time_zone;
use engine::store::schema::{Advisors, ServiceAppointments as Appt};
use engine::{Database, DatabaseUrl};
use sea_query::{Expr, ExprTrait, Query};

const ADVISORS: usize = 20;
const APPOINTMENTS: usize = 5_000;
const DAYS: u32 = 30;
const RUNS: usize = 21;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let schema = format!("appointments_bench_{}", std::process::id());
    let (url, options) = match std::env::var("DATABASE_URL") {
        Ok(url) => (
            DatabaseUrl::parse(&url)?,
            ConnectOptions {
                postgres_schema: Some(schema.clone()),
                max_connections: None,
            },
        ),
        Err(_) => (
            DatabaseUrl::sqlite_file(&dir.path().join("bench.db")),
            ConnectOptions {
                postgres_schema: None,
                max_connections: None,
            },
        ),
    };
    let db = Database::connect(&url, &options).await?;
    db.migrate().await?;
    sample_data::generate(
        &db,
        &sample_data::DemoOptions {
            vehicles: 400,
            ..sample_data::DemoOptions::default()
        },
        |_| {},
    )
    .await?;
    let result = measure(&db).await;
    if url.kind() == engine::BackendKind::Postgres {
        db.close().await;
        Database::drop_postgres_schema(&url, &schema).await?;
    }
    result
}

async fn measure(db: &Database) -> anyhow::Result<()> {
    let store_id = 1i64;
    let enterprise_id: i64 = db
        .fetch_scalar(
            &Query::select()
                .column(engine::store::schema::Stores::EnterpriseId)
                .from(engine::store::schema::Stores::Table)
                .and_where(Expr::col(engine::store::schema::Stores::Id).eq(store_id))
                .to_owned(),
        )
        .await?;
    let scope = Scope {
        enterprise_id,
        boc_id: None,
        store_id: None,
    };
    let service = AppointmentService::new(db.clone());
    let now = Utc::now();

    // Twenty advisors.
    let (calendar, zone) = service.calendar(&scope, store_id).await?;
    for n in calendar.advisors.len()..ADVISORS {
        db.execute(
            &Query::insert()
                .into_table(Advisors::Table)
                .columns([
                    Advisors::EnterpriseId,
                    Advisors::StoreId,
                    Advisors::AdvisorNo,
                    Advisors::FirstName,
                    Advisors::LastName,
                    Advisors::CreatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    store_id.into(),
                    format!("BENCH{n}").into(),
                    "Bench".into(),
                    format!("Advisor {n}").into(),
                    now.into(),
                ])
                .to_owned(),
        )
        .await?;
    }
    let (calendar, _) = service.calendar(&scope, store_id).await?;
    assert_eq!(calendar.advisors.len(), ADVISORS);
    let zone = parse_time_zone(&calendar.time_zone).unwrap_or(zone);

    // 5,000 appointments on distinct advisor quarter hours of the next 30 days, spread evenly.
    let today = now.with_timezone(&zone).date_naive();
    let hours = WeekHours::with_rows(&calendar.hours);
    let slots: Vec<_> = today
        .iter_days()
        .take(DAYS as usize)
        .flat_map(|d| slots_of_day(d, &hours, zone))
        .filter(|(_, at)| *at > now)
        .map(|(_, at)| at)
        .collect();
    let capacity = slots.len() * ADVISORS;
    anyhow::ensure!(capacity > APPOINTMENTS, "only {capacity} advisor slots");
    let customer: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(engine::store::schema::Customers::Id).min())
                .from(engine::store::schema::Customers::Table)
                .and_where(Expr::col(engine::store::schema::Customers::StoreId).eq(store_id))
                .to_owned(),
        )
        .await?;
    let step = capacity / APPOINTMENTS;
    let columns = [
        Appt::EnterpriseId,
        Appt::StoreId,
        Appt::CustomerId,
        Appt::AdvisorId,
        Appt::Title,
        Appt::ApptStatus,
        Appt::ApptAt,
        Appt::Source,
        Appt::CreatedAt,
        Appt::UpdatedAt,
    ];
    let cells: Vec<usize> = (0..capacity).step_by(step).take(APPOINTMENTS).collect();
    let mut tx = db.begin().await?;
    for chunk in cells.chunks(500) {
        let mut insert = Query::insert();
        insert.into_table(Appt::Table).columns(columns);
        for cell in chunk {
            insert.values_panic([
                enterprise_id.into(),
                store_id.into(),
                customer.into(),
                calendar.advisors[cell % ADVISORS].into(),
                "Service Appointment".into(),
                "SCHEDULED".into(),
                slots[cell / ADVISORS].into(),
                "BENCH".into(),
                now.into(),
                now.into(),
            ]);
        }
        tx.execute(&insert).await?;
    }
    tx.commit().await?;
    let booked: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Appt::Id).count())
                .from(Appt::Table)
                .and_where(Expr::col(Appt::StoreId).eq(store_id))
                .and_where(Expr::col(Appt::ApptAt).gt(now))
                .and_where(Expr::col(Appt::ApptAt).lt(now + Days::days(31)))
                .to_owned(),
        )
        .await?;
    db.analyze().await?;

    println!(
        "backend {}: store {store_id}, {} advisors, {booked} appointments in the next 30 days, {} quarter hours",
        db.kind().as_str(),
        calendar.advisors.len(),
        slots.len()
    );
    println!("| backend | availability of | days | median | slowest of {RUNS} | slots answered |");
    println!("|---|---|---|---|---|---|");
    for (label, advisor) in [
        ("the store", None),
        ("one advisor", Some(calendar.advisors[3])),
    ] {
        let mut times = Vec::with_capacity(RUNS);
        let mut answered = 0;
        for _ in 0..RUNS {
            let started = Instant::now();
            let days = service
                .availability(&scope, store_id, today, DAYS, advisor, now)
                .await?;
            times.push(started.elapsed());
            answered = days.iter().map(|d| d.slots.len()).sum::<usize>();
        }
        times.sort();
        println!(
            "| {} | {label} | {DAYS} | {} | {} | {answered} |",
            db.kind().as_str(),
            ms(times[RUNS / 2]),
            ms(times[RUNS - 1])
        );
    }
    Ok(())
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
