//! The service-lane board of a busy store: a small demo world, its store 1 given 20 advisors,
//! 2,000 open repair orders spread over the six open lanes (a lead with unread messages on
//! one in four), 100 orders closed today, and 500 appointments today. Then one board load as
//! the UI makes it (advisors, the six open lanes in one call, the closed lane of the day, the
//! day's appointments), each part and the whole timed as the median and the slowest of 21
//! runs.
//!
//! Usage: lane-bench; DATABASE_URL picks PostgreSQL (a fresh schema, dropped after), else a
//! SQLite file in a temporary directory.

use std::time::{Duration, Instant};

use chrono::{Duration as Days, NaiveTime, Utc};
use engine::auth::Scope;
use engine::db::ConnectOptions;
use engine::lane::RoStatus;
use engine::lane::board::{AdvisorFilter, CardFilter, LaneBoard};
use engine::store::PageRequest;
use engine::store::appointments::{AppointmentSearch, AppointmentStore};
use engine::store::schema::{
    Advisors, FutureServiceInteractions as Fsi, RepairOrders, ServiceAppointments as Appt,
    ServiceVehicles, Stores,
};
use engine::{Database, DatabaseUrl};
use sea_query::{Expr, ExprTrait, Order, Query};

const ADVISORS: usize = 20;
const OPEN_ORDERS: usize = 2_000;
const CLOSED_TODAY: usize = 100;
const APPOINTMENTS: i64 = 500;
const RUNS: usize = 21;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let schema = format!("lane_bench_{}", std::process::id());
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
            vehicles: 4_000,
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

async fn fill(db: &Database, store_id: i64, enterprise_id: i64) -> anyhow::Result<()> {
    let now = Utc::now();
    let today = now.date_naive();
    let mut advisors = Vec::new();
    for n in 0..ADVISORS {
        advisors.push(
            db.fetch_scalar::<i64>(
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
                        format!("LB{n}").into(),
                        "Bench".into(),
                        format!("Advisor {n}").into(),
                        now.into(),
                    ])
                    .returning_col(Advisors::Id)
                    .to_owned(),
            )
            .await?,
        );
    }
    let vehicles: Vec<(i64, i64)> = db
        .fetch_all(
            &Query::select()
                .columns([ServiceVehicles::Id, ServiceVehicles::CustomerId])
                .from(ServiceVehicles::Table)
                .and_where(Expr::col(ServiceVehicles::StoreId).eq(store_id))
                .order_by(ServiceVehicles::Id, Order::Asc)
                .to_owned(),
        )
        .await?;
    anyhow::ensure!(!vehicles.is_empty(), "store {store_id} has no vehicles");
    let mut tx = db.begin().await?;
    let orders: Vec<usize> = (0..OPEN_ORDERS + CLOSED_TODAY).collect();
    for chunk in orders.chunks(400) {
        let mut insert = Query::insert();
        insert.into_table(RepairOrders::Table).columns([
            RepairOrders::EnterpriseId,
            RepairOrders::StoreId,
            RepairOrders::CustomerId,
            RepairOrders::VehicleId,
            RepairOrders::AdvisorId,
            RepairOrders::RoNumber,
            RepairOrders::StatusCode,
            RepairOrders::OpenDate,
            RepairOrders::ClosedDate,
            RepairOrders::MileageIn,
            RepairOrders::TotalAmount,
            RepairOrders::CreatedAt,
            RepairOrders::UpdatedAt,
        ]);
        for &n in chunk {
            let (vehicle, customer) = vehicles[n % vehicles.len()];
            let closed = n >= OPEN_ORDERS;
            let status = if closed {
                RoStatus::Closed
            } else {
                RoStatus::OPEN[n % RoStatus::OPEN.len()]
            };
            insert.values_panic([
                enterprise_id.into(),
                store_id.into(),
                customer.into(),
                vehicle.into(),
                advisors[n % ADVISORS].into(),
                format!("LB-{n:05}").into(),
                status.as_str().into(),
                (today - Days::days((n % 9) as i64)).into(),
                closed.then_some(today).into(),
                (20_000 + n as i32).into(),
                249.5.into(),
                now.into(),
                now.into(),
            ]);
        }
        tx.execute(&insert).await?;
    }
    tx.commit().await?;
    // The store's leads belong to one open order in four, with unread messages.
    let leads: Vec<(i64,)> = db
        .fetch_all(
            &Query::select()
                .column(Fsi::Id)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::StoreId).eq(store_id))
                .order_by(Fsi::Id, Order::Asc)
                .limit((OPEN_ORDERS / 4) as u64)
                .to_owned(),
        )
        .await?;
    let first_order: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(RepairOrders::Id).min())
                .from(RepairOrders::Table)
                .and_where(Expr::col(RepairOrders::RoNumber).like("LB-%"))
                .to_owned(),
        )
        .await?;
    let mut tx = db.begin().await?;
    for (n, (lead,)) in leads.iter().enumerate() {
        tx.execute(
            &Query::update()
                .table(Fsi::Table)
                .value(Fsi::OpenRoId, first_order + (n * 4) as i64)
                .value(Fsi::TotalUnreadCount, (n % 3) as i32)
                .and_where(Expr::col(Fsi::Id).eq(*lead))
                .to_owned(),
        )
        .await?;
    }
    tx.commit().await?;
    // Appointments today up to 500, on quarter hours from 7:00.
    let (start, end) = day_bounds(now);
    let booked: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Appt::Id).count())
                .from(Appt::Table)
                .and_where(Expr::col(Appt::StoreId).eq(store_id))
                .and_where(Expr::col(Appt::ApptAt).gte(start))
                .and_where(Expr::col(Appt::ApptAt).lt(end))
                .to_owned(),
        )
        .await?;
    let mut insert = Query::insert();
    insert.into_table(Appt::Table).columns([
        Appt::EnterpriseId,
        Appt::StoreId,
        Appt::CustomerId,
        Appt::VehicleId,
        Appt::AdvisorId,
        Appt::Title,
        Appt::ApptStatus,
        Appt::ApptAt,
        Appt::Source,
        Appt::CreatedAt,
        Appt::UpdatedAt,
    ]);
    for n in 0..Ord::max(APPOINTMENTS - booked, 0) as usize {
        let (vehicle, customer) = vehicles[n % vehicles.len()];
        let at = start + Days::hours(7) + Days::minutes(15 * (n / ADVISORS) as i64);
        insert.values_panic([
            enterprise_id.into(),
            store_id.into(),
            customer.into(),
            vehicle.into(),
            advisors[n % ADVISORS].into(),
            "Service Appointment".into(),
            "SCHEDULED".into(),
            at.into(),
            "BENCH".into(),
            now.into(),
            now.into(),
        ]);
    }
    db.execute(&insert).await?;
    db.analyze().await?;
    Ok(())
}

/// Today in UTC, the bench's store day.
fn day_bounds(now: chrono::DateTime<Utc>) -> (chrono::DateTime<Utc>, chrono::DateTime<Utc>) {
    let start = now.date_naive().and_time(NaiveTime::MIN).and_utc();
    (start, start + Days::days(1))
}

async fn measure(db: &Database) -> anyhow::Result<()> {
    let store_id = 1i64;
    let enterprise_id: i64 = db
        .fetch_scalar(
            &Query::select()
                .column(Stores::EnterpriseId)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(store_id))
                .to_owned(),
        )
        .await?;
    fill(db, store_id, enterprise_id).await?;
    let scope = Scope {
        enterprise_id,
        boc_id: None,
        store_id: None,
    };
    let board = LaneBoard::new(db.clone());
    let appointments = AppointmentStore::new(db.clone());
    let today = Utc::now().date_naive();
    let open = CardFilter {
        store_id,
        statuses: RoStatus::OPEN.to_vec(),
        advisor: AdvisorFilter::All,
        ..CardFilter::default()
    };
    let closed = CardFilter {
        store_id,
        closed: Some((today, today)),
        ..CardFilter::default()
    };
    let (start, end) = day_bounds(Utc::now());
    let day = AppointmentSearch {
        stores: engine::auth::StoreFilter::Only(vec![store_id]),
        from: Some(start),
        until: Some(end),
        ..AppointmentSearch::default()
    };
    let page = PageRequest::new(Some(0), Some(engine::store::MAX_PAGE_SIZE))?;

    let mut parts: [(&str, Vec<Duration>, usize); 5] = [
        ("advisors", Vec::new(), 0),
        ("six open lanes (one call)", Vec::new(), 0),
        ("closed lane of the day", Vec::new(), 0),
        ("appointments of the day", Vec::new(), 0),
        ("the whole board", Vec::new(), 0),
    ];
    for _ in 0..RUNS {
        let board_started = Instant::now();
        let started = Instant::now();
        parts[0].2 = board.advisors(store_id).await?.len();
        parts[0].1.push(started.elapsed());
        let started = Instant::now();
        parts[1].2 = board.cards(&open).await?.len();
        parts[1].1.push(started.elapsed());
        let started = Instant::now();
        parts[2].2 = board.cards(&closed).await?.len();
        parts[2].1.push(started.elapsed());
        let started = Instant::now();
        parts[3].2 = appointments.search(&scope, &day, page).await?.content.len();
        parts[3].1.push(started.elapsed());
        parts[4].2 = parts[0].2 + parts[1].2 + parts[2].2 + parts[3].2;
        parts[4].1.push(board_started.elapsed());
    }
    anyhow::ensure!(
        parts[1].2 >= OPEN_ORDERS,
        "the open lanes answered {} cards",
        parts[1].2
    );
    println!("backend {}: store {store_id}", db.kind().as_str());
    println!("| backend | read | median | slowest of {RUNS} | rows |");
    println!("|---|---|---|---|---|");
    for (label, mut times, rows) in parts {
        times.sort();
        println!(
            "| {} | {label} | {:.1} ms | {:.1} ms | {rows} |",
            db.kind().as_str(),
            times[RUNS / 2].as_secs_f64() * 1000.0,
            times[RUNS - 1].as_secs_f64() * 1000.0,
        );
    }
    Ok(())
}
