//! A planner transfer over the demo world, against a baseline that only reads the same vehicle
//! and repair-order rows and writes the same number of lead rows in bulk.
//!
//! Usage:
//!   planner-bench generate VEHICLES   makes the demo world (DATABASE_URL: PostgreSQL schema
//!                                     $PLANNER_BENCH_SCHEMA; else the SQLite file $PLANNER_BENCH_DB)
//!   planner-bench measure             times the transfer, then the baseline, in a fresh process
//!                                     so its peak memory is the planner's own
//!
//! The transfer is the job's own loop (`PlannerStore::transfer`, a store and 1,000 vehicles at a
//! time) for the post-30-months planner over every store of every enterprise, due in the next 90
//! days; its leads are removed afterwards (untimed) so the baseline writes into the same table.

#[path = "../../common/peak_memory.rs"]
mod peak_memory;

use peak_memory::peak_memory_mib;
use std::time::Instant;

use anyhow::Context;
use chrono::{NaiveDate, Utc};
use engine::db::ConnectOptions;
use engine::planner::Planner;
use engine::store::leads::NewLead;
use engine::store::planners::{BATCH_VEHICLES, PlannerRequest, PlannerStore};
use engine::store::schema::{
    FutureServiceInteractions as Fsi, RepairOrders, ServiceVehicles as Vehicles, Stores,
};
use engine::{Database, DatabaseUrl};
use sea_query::{Expr, ExprTrait, Order, Query};

const PLANNER: Planner = Planner::PostThirtyMonths;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let db = connect().await?;
    match args.get(1).map(String::as_str) {
        Some("generate") => {
            let vehicles: u64 = args.get(2).context("VEHICLES")?.parse()?;
            db.migrate().await?;
            let started = Instant::now();
            sample_data::generate(
                &db,
                &sample_data::DemoOptions {
                    vehicles,
                    ..sample_data::DemoOptions::default()
                },
                |_| {},
            )
            .await?;
            db.analyze().await?;
            println!(
                "demo world of {vehicles} vehicles in {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        Some("measure") => measure(&db).await?,
        _ => anyhow::bail!("usage: planner-bench generate VEHICLES | measure"),
    }
    Ok(())
}

async fn connect() -> anyhow::Result<Database> {
    Ok(match std::env::var("DATABASE_URL") {
        Ok(url) => {
            Database::connect(
                &DatabaseUrl::parse(&url)?,
                &ConnectOptions {
                    postgres_schema: Some(std::env::var("PLANNER_BENCH_SCHEMA")?),
                    max_connections: None,
                },
            )
            .await?
        }
        Err(_) => {
            let path = std::env::var("PLANNER_BENCH_DB").context("PLANNER_BENCH_DB")?;
            Database::connect(
                &DatabaseUrl::sqlite_file(std::path::Path::new(&path)),
                &ConnectOptions {
                    postgres_schema: None,
                    max_connections: None,
                },
            )
            .await?
        }
    })
}

/// Each enterprise's stores.
async fn enterprises(db: &Database) -> anyhow::Result<Vec<(i64, Vec<i64>)>> {
    let stores: Vec<(i64, i64)> = db
        .fetch_all(
            &Query::select()
                .columns([Stores::EnterpriseId, Stores::Id])
                .from(Stores::Table)
                .order_by(Stores::EnterpriseId, Order::Asc)
                .order_by(Stores::Id, Order::Asc)
                .to_owned(),
        )
        .await?;
    let mut grouped: Vec<(i64, Vec<i64>)> = Vec::new();
    for (enterprise, store) in stores {
        match grouped.last_mut() {
            Some((e, ids)) if *e == enterprise => ids.push(store),
            _ => grouped.push((enterprise, vec![store])),
        }
    }
    Ok(grouped)
}

async fn measure(db: &Database) -> anyhow::Result<()> {
    let today = Utc::now().date_naive();
    let enterprises = enterprises(db).await?;
    let planners = PlannerStore::new(db.clone());

    let started_at = Utc::now();
    let started = Instant::now();
    let (mut scanned, mut created) = (0i64, 0i64);
    for (enterprise_id, store_ids) in &enterprises {
        let request = PlannerRequest {
            planner: PLANNER,
            enterprise_id: *enterprise_id,
            store_ids: store_ids.clone(),
            planner_date: today,
            days: engine::planner::DayRange::new(Some(0), Some(90))?,
            customer_number: None,
            sold_on: None,
            hard_run: false,
            vehicle_batch: None,
        };
        let mut transfer = planners.transfer(&request, None).await?;
        while transfer.step(Utc::now()).await? {}
        scanned += transfer.totals().scanned;
        created += transfer.totals().created;
    }
    let planner_time = started.elapsed();
    let planner_peak = peak_memory_mib();
    // Untimed: the baseline writes into the table as the planner found it.
    let removed = db
        .execute(
            &Query::delete()
                .from_table(Fsi::Table)
                .and_where(Expr::col(Fsi::PlannerName).eq(PLANNER.name()))
                .and_where(Expr::col(Fsi::CreatedAt).gte(started_at))
                .to_owned(),
        )
        .await?;
    anyhow::ensure!(
        removed as i64 == created,
        "removed {removed} of {created} leads"
    );

    let started = Instant::now();
    let (read, ro_rows, written) = baseline(db, &enterprises, created, today).await?;
    let baseline_time = started.elapsed();
    db.execute(
        &Query::delete()
            .from_table(Fsi::Table)
            .and_where(Expr::col(Fsi::PlannerName).eq("baseline"))
            .to_owned(),
    )
    .await?;
    anyhow::ensure!(
        read == scanned,
        "the baseline read {read} vehicles, the planner {scanned}"
    );
    anyhow::ensure!(
        written == created,
        "the baseline wrote {written}, the planner {created}"
    );

    println!(
        "| {} | {scanned} | {ro_rows} | {created} | {:.1} s | {:.1} s | {:.2} | {planner_peak} MiB |",
        db.kind().as_str(),
        planner_time.as_secs_f64(),
        baseline_time.as_secs_f64(),
        planner_time.as_secs_f64() / baseline_time.as_secs_f64(),
    );
    Ok(())
}

#[derive(sqlx::FromRow)]
#[allow(dead_code)] // read as the planner reads them; only some fields are written back
struct VehicleRow {
    id: i64,
    enterprise_id: i64,
    store_id: i64,
    customer_id: Option<i64>,
    vin: String,
    make: String,
    model: String,
    year: i32,
    odometer: Option<i32>,
    in_service_date: Option<NaiveDate>,
    no_longer_owned: bool,
    updated_at: chrono::DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
#[allow(dead_code)]
struct VisitRow {
    id: i64,
    vehicle_id: i64,
    status_code: String,
    open_date: NaiveDate,
    closed_date: Option<NaiveDate>,
    mileage_in: Option<i32>,
    mileage_out: Option<i32>,
}

/// Reads every vehicle and its repair orders in the planner's batches, and writes `leads` lead
/// rows (for the first vehicles with a customer) in one insert per batch. Answers the vehicles
/// read, the repair orders read and the leads written.
async fn baseline(
    db: &Database,
    enterprises: &[(i64, Vec<i64>)],
    leads: i64,
    today: NaiveDate,
) -> anyhow::Result<(i64, i64, i64)> {
    let (mut read, mut ro_rows, mut written) = (0i64, 0i64, 0i64);
    let now = Utc::now();
    for (enterprise_id, store_ids) in enterprises {
        for store_id in store_ids {
            let boc_id: i64 = db
                .fetch_scalar(
                    &Query::select()
                        .column(Stores::BocId)
                        .from(Stores::Table)
                        .and_where(Expr::col(Stores::Id).eq(*store_id))
                        .to_owned(),
                )
                .await?;
            let mut after = 0i64;
            loop {
                let vehicles: Vec<VehicleRow> = db
                    .fetch_all(
                        &Query::select()
                            .columns([
                                Vehicles::Id,
                                Vehicles::EnterpriseId,
                                Vehicles::StoreId,
                                Vehicles::CustomerId,
                                Vehicles::Vin,
                                Vehicles::Make,
                                Vehicles::Model,
                                Vehicles::Year,
                                Vehicles::Odometer,
                                Vehicles::InServiceDate,
                                Vehicles::NoLongerOwned,
                                Vehicles::UpdatedAt,
                            ])
                            .from(Vehicles::Table)
                            .and_where(Expr::col(Vehicles::StoreId).eq(*store_id))
                            .and_where(Expr::col(Vehicles::Id).gt(after))
                            .order_by(Vehicles::Id, Order::Asc)
                            .limit(BATCH_VEHICLES)
                            .to_owned(),
                    )
                    .await?;
                let Some(last) = vehicles.last() else { break };
                after = last.id;
                read += vehicles.len() as i64;
                let visits: Vec<VisitRow> = db
                    .fetch_all(
                        &Query::select()
                            .columns([
                                RepairOrders::Id,
                                RepairOrders::VehicleId,
                                RepairOrders::StatusCode,
                                RepairOrders::OpenDate,
                                RepairOrders::ClosedDate,
                                RepairOrders::MileageIn,
                                RepairOrders::MileageOut,
                            ])
                            .from(RepairOrders::Table)
                            .and_where(
                                Expr::col(RepairOrders::VehicleId)
                                    .is_in(vehicles.iter().map(|v| v.id).collect::<Vec<_>>()),
                            )
                            .to_owned(),
                    )
                    .await?;
                ro_rows += visits.len() as i64;
                let batch: Vec<&VehicleRow> = vehicles
                    .iter()
                    .filter(|v| v.customer_id.is_some())
                    .take(usize::try_from(leads - written).unwrap_or(0))
                    .collect();
                if batch.is_empty() {
                    continue;
                }
                let leads: Vec<NewLead> = batch
                    .iter()
                    .filter_map(|v| {
                        Some(NewLead {
                            enterprise_id: *enterprise_id,
                            boc_id,
                            store_id: v.store_id,
                            customer_id: v.customer_id?,
                            vehicle_id: Some(v.id),
                            vin: Some(&v.vin),
                            service_type: "OIL_CHANGE_POST_30_MONTHS",
                            planned_date: today,
                            estimated_due_date: today,
                            source: "baseline",
                            cag_lead_type: None,
                            job_run_id: None,
                        })
                    })
                    .collect();
                let insert = NewLead::insert(&leads, now);
                let mut tx = db.begin().await?;
                written += tx.execute(&insert).await? as i64;
                tx.commit().await?;
            }
        }
    }
    Ok((read, ro_rows, written))
}
