//! Lead lists over many leads: a demo world, then LEADS synthetic leads of its customers spread
//! over its stores, dates and flags; then each list's first page (500 rows, the lead
//! manager's size, and 20) at enterprise and store scope, timed as the median of 7 runs.
//!
//! Usage: lead-lists-bench [LEADS]; DATABASE_URL picks PostgreSQL (a fresh schema), else a
//! SQLite file in a temporary directory. To compare query changes without writing the leads
//! again, `LEAD_LISTS_BENCH_KEEP=NAME` keeps the database (SQLite `target/NAME.db`, PostgreSQL
//! schema `NAME`) and reuses it on the next run; migrations still run, so new indexes apply.

use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{Duration as Days, Utc};
use engine::auth::Scope;
use engine::db::ConnectOptions;
use engine::store::PageRequest;
use engine::store::lead_lists::{LeadList, LeadListStore, LeadSearch};
use engine::store::schema::{Customers, FutureServiceInteractions as Fsi};
use engine::{Database, DatabaseUrl};
use sea_query::{Expr, ExprTrait, Query};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let leads: u64 = std::env::args()
        .nth(1)
        .map_or(Ok(1_000_000), |v| v.parse())?;
    let dir = tempfile::tempdir()?;
    let keep = std::env::var("LEAD_LISTS_BENCH_KEEP").ok();
    let schema = keep
        .clone()
        .unwrap_or_else(|| format!("lead_lists_bench_{}", std::process::id()));
    let (url, options) = match std::env::var("DATABASE_URL") {
        Ok(url) => (
            DatabaseUrl::parse(&url)?,
            ConnectOptions {
                postgres_schema: Some(schema.clone()),
                max_connections: None,
            },
        ),
        Err(_) => (
            DatabaseUrl::sqlite_file(&match &keep {
                Some(name) => std::path::PathBuf::from(format!("target/{name}.db")),
                None => dir.path().join("bench.db"),
            }),
            ConnectOptions {
                postgres_schema: None,
                max_connections: None,
            },
        ),
    };
    let db = Database::connect(&url, &options).await?;
    db.migrate().await?;
    let existing: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Fsi::Id).count())
                .from(Fsi::Table)
                .to_owned(),
        )
        .await?;
    if existing == 0 {
        let started = Instant::now();
        sample_data::generate(
            &db,
            &sample_data::DemoOptions {
                vehicles: 20_000,
                ..sample_data::DemoOptions::default()
            },
            |_| {},
        )
        .await?;
        println!(
            "backend {}: demo world in {:.1} s",
            db.kind().as_str(),
            started.elapsed().as_secs_f64()
        );

        let started = Instant::now();
        fill(&db, leads).await?;
        let total: i64 = db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(Fsi::Id).count())
                    .from(Fsi::Table)
                    .to_owned(),
            )
            .await?;
        println!(
            "{total} leads in the database ({:.1} s to write)",
            started.elapsed().as_secs_f64()
        );
    } else {
        println!("reusing {existing} leads");
        db.analyze().await?;
    }

    let store = LeadListStore::new(db.clone());
    let enterprise = Scope {
        enterprise_id: 1,
        boc_id: None,
        store_id: None,
    };
    let one_store = Scope {
        enterprise_id: 1,
        boc_id: None,
        store_id: Some(1),
    };
    let by_name = LeadSearch {
        search: Some("garcia".to_owned()),
        ..LeadSearch::default()
    };
    let cases: Vec<(&str, Scope, LeadList, LeadSearch)> = vec![
        (
            "lead manager, enterprise",
            enterprise,
            LeadList::LeadManager,
            LeadSearch::default(),
        ),
        (
            "lead manager, one store",
            one_store,
            LeadList::LeadManager,
            LeadSearch::default(),
        ),
        (
            "global inbox 0 (unread)",
            enterprise,
            LeadList::GlobalInboxZero,
            LeadSearch::default(),
        ),
        (
            "global inbox",
            enterprise,
            LeadList::GlobalInbox,
            LeadSearch::default(),
        ),
        (
            "contact later",
            enterprise,
            LeadList::ContactLater,
            LeadSearch::default(),
        ),
        (
            "follow up",
            enterprise,
            LeadList::FollowUp,
            LeadSearch::default(),
        ),
        (
            "first interaction",
            enterprise,
            LeadList::FirstInteraction,
            LeadSearch::default(),
        ),
        (
            "archived",
            enterprise,
            LeadList::Archived,
            LeadSearch::default(),
        ),
        (
            "lead manager, name search",
            enterprise,
            LeadList::LeadManager,
            by_name,
        ),
    ];
    println!("| list | rows | page 500 p50 | page 20 p50 |");
    println!("|---|---|---|---|");
    for (name, scope, list, search) in cases {
        let mut rows = 0;
        let mut timings = Vec::new();
        for size in [500, 20] {
            let mut runs = Vec::new();
            for _ in 0..7 {
                let at = Instant::now();
                let page = store
                    .search(
                        &scope,
                        list,
                        &search,
                        PageRequest::new(Some(0), Some(size))?,
                        Utc::now(),
                    )
                    .await?;
                runs.push(at.elapsed());
                rows = page.total_elements;
            }
            runs.sort();
            timings.push(runs[runs.len() / 2]);
        }
        println!(
            "| {name} | {rows} | {} | {} |",
            ms(timings[0]),
            ms(timings[1])
        );
    }
    if std::env::var("DATABASE_URL").is_ok() && keep.is_none() {
        Database::drop_postgres_schema(&url, &schema).await?;
    }
    Ok(())
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Writes synthetic leads for the demo world's customers, 1,000 per statement.
async fn fill(db: &Database, leads: u64) -> anyhow::Result<()> {
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
                .to_owned(),
        )
        .await?;
    anyhow::ensure!(!customers.is_empty(), "the demo world has customers");
    let now = Utc::now();
    let today = now.date_naive();
    let services = [
        "OIL_CHANGE",
        "SVC_7500",
        "CHECK_UP",
        "STATE_INSPECTION",
        "OIL_CHANGE_POST_30_MONTHS",
    ];
    let stages = [
        "INITIATED",
        "RESPONDED",
        "ENGAGED",
        "APPOINTMENT_SET",
        "NOT_STARTED",
    ];
    let mut written = 0;
    while written < leads {
        let batch = Ord::min(leads - written, 1_000);
        let mut insert = Query::insert();
        insert.into_table(Fsi::Table).columns([
            Fsi::EnterpriseId,
            Fsi::BocId,
            Fsi::StoreId,
            Fsi::CustomerId,
            Fsi::ServiceType,
            Fsi::PlannedDate,
            Fsi::Status,
            Fsi::ConversationInitiated,
            Fsi::ConversationClosed,
            Fsi::TotalInboundCount,
            Fsi::TotalUnreadCount,
            Fsi::LastMessageAt,
            Fsi::LastMessageReceivedAt,
            Fsi::ContactLaterAt,
            Fsi::FollowUpStep,
            Fsi::FollowUpAt,
            Fsi::Archived,
            Fsi::CreatedAt,
            Fsi::UpdatedAt,
        ]);
        for n in written..written + batch {
            let (customer, enterprise, boc, store) =
                customers[(n as usize * 7919) % customers.len()];
            let initiated = n % 5 != 0;
            let inbound = initiated && n % 3 == 0;
            let at = now - Days::minutes((n as i64 * 37) % (90 * 24 * 60));
            insert.values_panic([
                enterprise.into(),
                boc.into(),
                store.into(),
                customer.into(),
                services[(n % 5) as usize].into(),
                (today + Days::days((n as i64 % 120) - 60)).into(),
                stages[(n % 5) as usize].into(),
                initiated.into(),
                (n % 11 == 0).into(),
                i32::from(inbound).into(),
                i32::from(inbound && n % 20 == 0).into(),
                initiated.then_some(at).into(),
                inbound.then_some(at).into(),
                (n % 33 == 0)
                    .then(|| now + Days::days((n % 60) as i64))
                    .into(),
                (initiated && n % 10 == 1).then_some("FU1").into(),
                (initiated && n % 10 == 1)
                    .then(|| at + Days::days(2))
                    .into(),
                (n % 100 == 0).into(),
                at.into(),
                now.into(),
            ]);
        }
        db.execute(&insert).await.context("inserting leads")?;
        written += batch;
    }
    db.analyze().await?;
    Ok(())
}
