//! DMS customer-vehicle files into the database, as the `imports.file` job loads them: the
//! file kept (as an upload is), read, checked cell by cell and upserted in batches. For each
//! size the parent writes a CSV and an XLSX file, then runs each measurement in a child process
//! of its own, on a fresh database, so the peak memory it reports is the import's alone:
//! - `import`: the first load (everything inserted) and a second load of the same file
//!   (everything unchanged);
//! - `copy` (PostgreSQL): PostgreSQL's `COPY` of the same rows, already in their stored form,
//!   into the same tables (customers and service_vehicles, with their indexes) — the baseline.
//!
//! Usage: imports-bench [ROWS ...] (default 100000 1000000); DATABASE_URL picks PostgreSQL
//! (a fresh schema per child), else SQLite files in a temporary directory.

#[path = "../../common/peak_memory.rs"]
mod peak_memory;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, bail};
use chrono::Utc;
use engine::db::ConnectOptions;
use engine::imports::load::{LoadOutcome, Unobserved, load_file};
use engine::imports::reader::sample;
use engine::imports::{FileType, fields};
use engine::store::imports::{ImportStore, NewReport};
use engine::store::schema::Stores;
use engine::{Database, DatabaseUrl};
use sea_query::{Order, Query};
use serde_json::{Value, json};
use sqlx::Connection;

const HEADER: &str =
    "Cust #,Last Name,First Name,Cell Phone,Email,VIN,Make,Model,Year,Odometer,Last Service Date";
const FIRST: [&str; 8] = [
    "Ada", "Lena", "Tom", "Maria", "Omar", "Grace", "Ivan", "Mei",
];
const LAST: [&str; 8] = [
    "Okafor", "Berg", "Moss", "Garcia", "Haddad", "Kim", "Novak", "Chen",
];
const VEHICLES: [(&str, &str); 6] = [
    ("Honda", "Accord"),
    ("Honda", "CR-V"),
    ("Toyota", "Camry"),
    ("Toyota", "RAV4"),
    ("Ford", "F-150"),
    ("Subaru", "Outback"),
];

/// Row `i` of the file: about five vehicles for every four customers.
struct Row {
    customer: u64,
    first: &'static str,
    last: &'static str,
    phone: String,
    email: String,
    vin: String,
    make: &'static str,
    model: &'static str,
    year: u64,
    odometer: u64,
    last_service: String,
}

fn row(i: u64) -> Row {
    let customer = i * 4 / 5;
    let (make, model) = VEHICLES[(i % 6) as usize];
    Row {
        customer,
        first: FIRST[(customer % 8) as usize],
        last: LAST[(customer / 8 % 8) as usize],
        phone: format!(
            "(555) {:03}-{:04}",
            200 + (customer / 10_000) % 800,
            customer % 10_000
        ),
        email: format!("customer{customer}@example.com"),
        vin: format!("1HGCM8{i:011}"),
        make,
        model,
        year: 2010 + i % 15,
        odometer: 5_000 + (i * 37) % 150_000,
        last_service: format!("2025-{:02}-{:02}", 1 + i % 12, 1 + i % 28),
    }
}

fn write_csv(path: &Path, rows: u64) -> anyhow::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{HEADER}")?;
    for i in 0..rows {
        let r = row(i);
        writeln!(
            out,
            "BC{:07},{},{},{},{},{},{},{},{},{},{}",
            r.customer,
            r.last,
            r.first,
            r.phone,
            r.email,
            r.vin,
            r.make,
            r.model,
            r.year,
            r.odometer,
            r.last_service
        )?;
    }
    out.flush()?;
    Ok(())
}

fn write_xlsx(path: &Path, rows: u64) -> anyhow::Result<()> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, name) in HEADER.split(',').enumerate() {
        sheet.write_string(0, column as u16, name)?;
    }
    for i in 0..rows {
        let r = row(i);
        let at = (i + 1) as u32;
        sheet.write_string(at, 0, format!("BC{:07}", r.customer))?;
        sheet.write_string(at, 1, r.last)?;
        sheet.write_string(at, 2, r.first)?;
        sheet.write_string(at, 3, &r.phone)?;
        sheet.write_string(at, 4, &r.email)?;
        sheet.write_string(at, 5, &r.vin)?;
        sheet.write_string(at, 6, r.make)?;
        sheet.write_string(at, 7, r.model)?;
        sheet.write_number(at, 8, r.year as f64)?;
        sheet.write_number(at, 9, r.odometer as f64)?;
        sheet.write_string(at, 10, &r.last_service)?;
    }
    workbook.save(path)?;
    Ok(())
}

/// A fresh database with a small demo world (its enterprise, dealers and stores).
async fn fresh_database(dir: &Path, name: &str) -> anyhow::Result<(Database, Option<String>)> {
    let (url, options, schema) = match std::env::var("DATABASE_URL") {
        Ok(url) => (
            DatabaseUrl::parse(&url)?,
            ConnectOptions {
                postgres_schema: Some(name.to_owned()),
                max_connections: None,
            },
            Some(name.to_owned()),
        ),
        Err(_) => (
            DatabaseUrl::sqlite_file(&dir.join(format!("{name}.db"))),
            ConnectOptions {
                postgres_schema: None,
                max_connections: None,
            },
            None,
        ),
    };
    let db = Database::connect(&url, &options).await?;
    db.migrate().await?;
    sample_data::generate(
        &db,
        &sample_data::DemoOptions {
            vehicles: 50,
            ..sample_data::DemoOptions::default()
        },
        |_| {},
    )
    .await?;
    Ok((db, schema))
}

async fn drop_schema(schema: Option<String>) -> anyhow::Result<()> {
    if let (Some(schema), Ok(url)) = (schema, std::env::var("DATABASE_URL")) {
        Database::drop_postgres_schema(&DatabaseUrl::parse(&url)?, &schema).await?;
    }
    Ok(())
}

/// The first store: (enterprise, dealer, store).
async fn first_store(db: &Database) -> anyhow::Result<(i64, i64, i64)> {
    db.fetch_optional(
        &Query::select()
            .columns([Stores::EnterpriseId, Stores::BocId, Stores::Id])
            .from(Stores::Table)
            .order_by(Stores::Id, Order::Asc)
            .limit(1)
            .to_owned(),
    )
    .await?
    .context("the demo world has no store")
}

/// Keeps the file as an upload and loads it; (seconds, the report's counts).
async fn load(db: &Database, file: &Path) -> anyhow::Result<(f64, Value)> {
    let (enterprise_id, boc_id, store_id) = first_store(db).await?;
    let store = ImportStore::new(db.clone());
    let started = Instant::now();
    let size = std::fs::metadata(file)?.len();
    let (info, _) = sample(file, size, 0)?;
    let mapping = fields::resolve(FileType::DmsCustomerVehicles, &info.headers, None, None)?;
    let new = NewReport {
        enterprise_id,
        boc_id,
        store_id,
        file_type: FileType::DmsCustomerVehicles,
        recall_type: None,
        file_name: file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into(),
        file_format: info.format.as_str().to_owned(),
        size_bytes: size,
        content_sha256: String::new(),
        mapping: mapping.by_header(&info.headers),
        headers: info.headers,
        data_source_id: None,
        sync_history_id: None,
        uploaded_by: None,
    };
    let report = store.create_report(&new, file, Utc::now()).await?;
    let kept = started.elapsed().as_secs_f64();
    let outcome = load_file(
        &store,
        enterprise_id,
        report.id,
        Utc::now().date_naive(),
        &Unobserved,
        None,
    )
    .await?;
    let seconds = started.elapsed().as_secs_f64();
    let LoadOutcome::Finished(report, _) = outcome else {
        bail!("the load stopped");
    };
    Ok((
        seconds,
        json!({
            "rows": report.total_rows,
            "inserted": report.inserted_rows,
            "updated": report.updated_rows,
            "unchanged": report.unchanged_rows,
            "failed": report.failed_rows,
            "keep_s": kept,
        }),
    ))
}

async fn child_import(file: &Path) -> anyhow::Result<Value> {
    let dir = tempfile::tempdir()?;
    let (db, schema) =
        fresh_database(dir.path(), &format!("imports_bench_{}", std::process::id())).await?;
    let (first, counts) = load(&db, file).await?;
    let (second, again) = load(&db, file).await?;
    let peak = peak_memory::peak_memory_mib();
    db.close().await;
    drop_schema(schema).await?;
    Ok(json!({
        "first_s": first, "second_s": second, "first": counts, "second": again, "peak_mib": peak,
    }))
}

/// COPY text (CSV) of the file's rows in their stored form: customers with their ids, and
/// vehicles naming them.
fn copy_text(
    file: &Path,
    first_id: i64,
    store: (i64, i64, i64),
) -> anyhow::Result<(String, String)> {
    let (enterprise_id, boc_id, store_id) = store;
    let now = Utc::now().to_rfc3339();
    let mut customers = String::new();
    let mut vehicles = String::new();
    let mut reader = csv::Reader::from_path(file)?;
    let mut last_customer = None;
    let mut id = first_id - 1;
    for record in reader.records() {
        let r = record?;
        let digits: String = r[3].chars().filter(char::is_ascii_digit).collect();
        if last_customer.as_deref() != Some(&r[0]) {
            id += 1;
            last_customer = Some(r[0].to_owned());
            customers.push_str(&format!(
                "{id},{enterprise_id},{boc_id},{store_id},{},{},{},+1{digits},{},{now},{now}\n",
                &r[0], &r[2], &r[1], &r[4]
            ));
        }
        vehicles.push_str(&format!(
            "{enterprise_id},{store_id},{id},{},{},{},{},{},{},{now},{now}\n",
            &r[5], &r[6], &r[7], &r[8], &r[9], &r[10]
        ));
    }
    Ok((customers, vehicles))
}

async fn child_copy(file: &Path) -> anyhow::Result<Value> {
    let dir = tempfile::tempdir()?;
    let name = format!("imports_bench_copy_{}", std::process::id());
    let (db, schema) = fresh_database(dir.path(), &name).await?;
    let store = first_store(&db).await?;
    let max_id: i64 = db
        .fetch_scalar(
            &Query::select()
                .expr(sea_query::Func::max(sea_query::Expr::col(
                    engine::store::schema::Customers::Id,
                )))
                .from(engine::store::schema::Customers::Table)
                .to_owned(),
        )
        .await?;
    let (customers, vehicles) = copy_text(file, max_id + 1, store)?;
    db.close().await;
    let url = std::env::var("DATABASE_URL")?;
    let mut conn = sqlx::PgConnection::connect(&url).await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "SET search_path TO \"{name}\""
    )))
    .execute(&mut conn)
    .await?;
    let started = Instant::now();
    let mut tx = conn.begin().await?;
    for (statement, text) in [
        (
            "COPY customers (id, enterprise_id, boc_id, store_id, custno, first_name, last_name, cellular, email, created_at, updated_at) FROM STDIN (FORMAT csv)",
            &customers,
        ),
        (
            "COPY service_vehicles (enterprise_id, store_id, customer_id, vin, make, model, year, odometer, last_service_date, created_at, updated_at) FROM STDIN (FORMAT csv)",
            &vehicles,
        ),
    ] {
        let mut copy = tx.copy_in_raw(statement).await?;
        copy.send(text.as_bytes()).await?;
        copy.finish().await?;
    }
    tx.commit().await?;
    let seconds = started.elapsed().as_secs_f64();
    conn.close().await?;
    drop_schema(schema).await?;
    Ok(json!({ "copy_s": seconds }))
}

/// Runs a measurement in a child process and reads its JSON line.
fn in_child(what: &str, file: &Path) -> anyhow::Result<Value> {
    let output = Command::new(std::env::current_exe()?)
        .args(["--child", what])
        .arg(file)
        .output()?;
    if !output.status.success() {
        bail!(
            "{what} {} failed: {}",
            file.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let text = String::from_utf8(output.stdout)?;
    Ok(serde_json::from_str(
        text.lines().last().unwrap_or_default(),
    )?)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        let runtime = tokio::runtime::Runtime::new()?;
        let file = PathBuf::from(&args[2]);
        let result = runtime.block_on(async {
            match args[1].as_str() {
                "import" => child_import(&file).await,
                "copy" => child_copy(&file).await,
                other => bail!("unknown measurement {other}"),
            }
        })?;
        println!("{result}");
        return Ok(());
    }
    let sizes: Vec<u64> = if args.is_empty() {
        vec![100_000, 1_000_000]
    } else {
        args.iter().map(|a| a.parse()).collect::<Result<_, _>>()?
    };
    let postgres = std::env::var("DATABASE_URL").is_ok();
    let backend = if postgres { "PostgreSQL" } else { "SQLite" };
    let dir = tempfile::tempdir()?;
    println!(
        "| backend | rows | format | first load | rows/s | second load (unchanged) | second / first speed | peak memory | COPY | load / COPY speed |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for rows in sizes {
        let csv_file = dir.path().join(format!("vehicles-{rows}.csv"));
        write_csv(&csv_file, rows)?;
        let xlsx_file = dir.path().join(format!("vehicles-{rows}.xlsx"));
        write_xlsx(&xlsx_file, rows)?;
        let copy = if postgres {
            in_child("copy", &csv_file)?["copy_s"].as_f64()
        } else {
            None
        };
        for (format, file) in [("CSV", &csv_file), ("XLSX", &xlsx_file)] {
            let result = in_child("import", file)?;
            let first = result["first_s"].as_f64().unwrap_or(f64::NAN);
            let second = result["second_s"].as_f64().unwrap_or(f64::NAN);
            if result["first"]["inserted"].as_u64() != Some(rows)
                || result["second"]["unchanged"].as_u64() != Some(rows)
            {
                bail!("{format} {rows}: unexpected counts {result}");
            }
            let (copy_cell, ratio_cell) = match copy {
                Some(copy) => (
                    format!("{copy:.1} s ({:.0} rows/s)", rows as f64 / copy),
                    format!("**{:.2}×**", copy / first),
                ),
                None => ("–".to_owned(), "–".to_owned()),
            };
            println!(
                "| {backend} | {rows} | {format} | {first:.1} s | {:.0} | {second:.1} s | {:.2}× | {} MiB | {copy_cell} | {ratio_cell} |",
                rows as f64 / first,
                first / second,
                result["peak_mib"],
            );
        }
    }
    Ok(())
}
