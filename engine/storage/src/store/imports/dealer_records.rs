//! Dealer-system customers and vehicles as an export's rows give them: matched, merged and
//! written only when something changed.

use super::*;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub(super) struct ExistingCustomer {
    id: i64,
    custno: String,
    first_name: String,
    last_name: String,
    cellular: Option<String>,
    email: Option<String>,
    address: Option<String>,
    city: Option<String>,
    state: Option<String>,
    zip: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub(super) struct ExistingVehicle {
    id: i64,
    vin: String,
    store_id: i64,
    customer_id: Option<i64>,
    make: String,
    model: String,
    year: i32,
    odometer: Option<i32>,
    in_service_date: Option<NaiveDate>,
    last_service_date: Option<NaiveDate>,
}

/// A customer as the file says it is: optional fields left empty keep what is stored (the
/// spec drops empty optional fields).
pub(super) fn merged_customer(existing: &ExistingCustomer, record: &Record) -> ExistingCustomer {
    let keep = |file: Option<&str>, stored: &Option<String>| {
        file.map(str::to_owned).or_else(|| stored.clone())
    };
    ExistingCustomer {
        id: existing.id,
        custno: existing.custno.clone(),
        first_name: record
            .text("firstName")
            .map_or_else(|| existing.first_name.clone(), str::to_owned),
        last_name: record
            .text("lastName")
            .map_or_else(|| existing.last_name.clone(), str::to_owned),
        cellular: keep(record.text("phone"), &existing.cellular),
        email: keep(record.text("email"), &existing.email),
        address: keep(record.text("address"), &existing.address),
        city: keep(record.text("city"), &existing.city),
        state: keep(record.text("state"), &existing.state),
        zip: keep(record.text("zip"), &existing.zip),
    }
}

pub(super) fn merged_vehicle(
    existing: &ExistingVehicle,
    record: &Record,
    store_id: i64,
    customer_id: i64,
) -> ExistingVehicle {
    ExistingVehicle {
        id: existing.id,
        vin: existing.vin.clone(),
        store_id,
        customer_id: Some(customer_id),
        make: record
            .text("make")
            .map_or_else(|| existing.make.clone(), str::to_owned),
        model: record
            .text("model")
            .map_or_else(|| existing.model.clone(), str::to_owned),
        year: record
            .integer("year")
            .and_then(|y| i32::try_from(y).ok())
            .unwrap_or(existing.year),
        // Kept when 0 (a vehicle delivered new); an empty cell keeps what is stored.
        odometer: record
            .integer("odometer")
            .and_then(|o| i32::try_from(o).ok())
            .or(existing.odometer),
        in_service_date: record.date("inServiceDate").or(existing.in_service_date),
        last_service_date: record
            .date("lastServiceDate")
            .or(existing.last_service_date),
    }
}

/// Moves a report's checkpoint past `batch.rows` rows and adds `counts`, guarded by the
/// checkpoint the batch started from.
/// Writes records into the report's store by its file type; answers the counts and the
/// problems found while writing (a row naming a customer not loaded).
/// `customers_written`: a customer-vehicle batch's customers, already written.
pub(super) async fn write_records(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    customers_written: Option<&BatchCustomers>,
    now: DateTime<Utc>,
) -> Result<(BatchCounts, Vec<RowProblem>)> {
    Ok(match report.file_type {
        FileType::DmsCustomerVehicles => (
            match customers_written {
                Some(customers) => upsert_vehicles(tx, report, records, customers, now).await?,
                None => upsert_customer_vehicles(tx, report, records, now).await?,
            },
            Vec::new(),
        ),
        file_type if file_type.makes_leads() => (
            upsert_imported_leads(tx, report, records, now).await?,
            Vec::new(),
        ),
        _ => {
            let written = upsert_dms_rows(tx, report, records, now).await?;
            (written.counts, written.problems)
        }
    })
}

/// Lists row problems on the report.
pub(super) async fn insert_problems(
    tx: &mut Transaction,
    report_id: i64,
    problems: &[&RowProblem],
) -> Result<()> {
    for chunk in problems.chunks(500) {
        let mut insert = Query::insert();
        insert.into_table(ImportRowErrors::Table).columns([
            ImportRowErrors::ReportId,
            ImportRowErrors::RowNumber,
            ImportRowErrors::Field,
            ImportRowErrors::Message,
            ImportRowErrors::RawRow,
        ]);
        for (i, problem) in chunk.iter().enumerate() {
            // The row's excerpt once, on its first problem: the error file reads it there.
            let first_of_row = i == 0 || chunk[i - 1].line != problem.line;
            let raw_row =
                first_of_row.then(|| serde_json::to_string(&problem.cells).unwrap_or_default());
            insert.values_panic([
                report_id.into(),
                clamp(problem.line).into(),
                problem.column.clone().into(),
                problem.message.clone().into(),
                raw_row.into(),
            ]);
        }
        tx.execute(&insert).await?;
    }
    Ok(())
}

pub(super) async fn move_checkpoint(
    tx: &mut Transaction,
    report: &ImportReport,
    batch: &RowBatch<'_>,
    counts: BatchCounts,
) -> Result<()> {
    let add = |column: ImportFileReports, n: u64| Expr::col(column).add(Expr::val(clamp(n)));
    let moved = tx
        .execute(
            &Query::update()
                .table(ImportFileReports::Table)
                .value(ImportFileReports::Status, ImportStatus::Running.as_str())
                .value(
                    ImportFileReports::RowsDone,
                    batch.rows_done + batch.rows as i64,
                )
                .value(ImportFileReports::BytesRead, batch.bytes_read as i64)
                .value(
                    ImportFileReports::TotalRows,
                    add(ImportFileReports::TotalRows, batch.rows),
                )
                .value(
                    ImportFileReports::ImportedRows,
                    add(
                        ImportFileReports::ImportedRows,
                        counts.inserted + counts.updated + counts.unchanged,
                    ),
                )
                .value(
                    ImportFileReports::FailedRows,
                    add(ImportFileReports::FailedRows, counts.failed),
                )
                .value(
                    ImportFileReports::InsertedRows,
                    add(ImportFileReports::InsertedRows, counts.inserted),
                )
                .value(
                    ImportFileReports::UpdatedRows,
                    add(ImportFileReports::UpdatedRows, counts.updated),
                )
                .value(
                    ImportFileReports::UnchangedRows,
                    add(ImportFileReports::UnchangedRows, counts.unchanged),
                )
                .and_where(Expr::col(ImportFileReports::Id).eq(report.id))
                .and_where(Expr::col(ImportFileReports::RowsDone).eq(batch.rows_done))
                .to_owned(),
        )
        .await?;
    if moved != 1 {
        return Err(Error::Conflict(
            "Another worker is loading this file; this batch was not written".to_owned(),
        ));
    }
    Ok(())
}

/// Rows per INSERT statement: a whole batch (14 values a row, well within both databases'
/// limits on a statement's parameters).
const ROWS_PER_INSERT: usize = 1_000;

/// The customers of a batch of customer-vehicle rows once written: their ids and what
/// became of each, by customer number.
#[derive(Debug, Default)]
pub struct BatchCustomers {
    ids: HashMap<String, i64>,
    changes: HashMap<String, Change>,
}

fn store_of(report: &ImportReport) -> Result<(i64, i64)> {
    match (report.boc_id, report.store_id) {
        (Some(boc_id), Some(store_id)) => Ok((boc_id, store_id)),
        _ => Err(Error::Internal(
            "an import report without a store".to_owned(),
        )),
    }
}

pub(super) async fn upsert_customer_vehicles(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    now: DateTime<Utc>,
) -> Result<BatchCounts> {
    let customers = upsert_customers(tx, report, records, now).await?;
    upsert_vehicles(tx, report, records, &customers, now).await
}

/// Writes the customers a batch's rows name (the last row of a customer number holds what is
/// written for it).
pub(super) async fn upsert_customers(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    now: DateTime<Utc>,
) -> Result<BatchCustomers> {
    let (boc_id, store_id) = store_of(report)?;
    let enterprise_id = report.enterprise_id;
    let mut last_of_customer: BTreeMap<&str, &Record> = BTreeMap::new();
    for record in records {
        last_of_customer.insert(record.text("customerNumber").unwrap_or_default(), record);
    }
    let existing: Vec<ExistingCustomer> = tx
        .fetch_all(
            &Query::select()
                .columns([
                    Customers::Id,
                    Customers::Custno,
                    Customers::FirstName,
                    Customers::LastName,
                    Customers::Cellular,
                    Customers::Email,
                    Customers::Address,
                    Customers::City,
                    Customers::State,
                    Customers::Zip,
                ])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::BocId).eq(boc_id))
                .and_where(
                    Expr::col(Customers::Custno)
                        .is_in(last_of_customer.keys().map(|k| (*k).to_owned())),
                )
                .to_owned(),
        )
        .await?;
    let existing: HashMap<&str, &ExistingCustomer> =
        existing.iter().map(|c| (c.custno.as_str(), c)).collect();
    let mut customer_ids: HashMap<String, i64> = HashMap::new();
    let mut customer_change: HashMap<String, Change> = HashMap::new();
    let mut new_customers = Vec::new();
    for (&number, &record) in &last_of_customer {
        match existing.get(number) {
            Some(&stored) => {
                customer_ids.insert(number.to_owned(), stored.id);
                let merged = merged_customer(stored, record);
                if merged == *stored {
                    customer_change.insert(number.to_owned(), Change::Unchanged);
                    continue;
                }
                customer_change.insert(number.to_owned(), Change::Updated);
                let mut update = Query::update();
                update
                    .table(Customers::Table)
                    .value(Customers::FirstName, merged.first_name.clone())
                    .value(Customers::LastName, merged.last_name.clone())
                    .value(Customers::Cellular, merged.cellular.clone())
                    .value(Customers::Email, merged.email.clone())
                    .value(Customers::Address, merged.address.clone())
                    .value(Customers::City, merged.city.clone())
                    .value(Customers::State, merged.state.clone())
                    .value(Customers::Zip, merged.zip.clone())
                    .value(Customers::UpdatedAt, now)
                    .and_where(Expr::col(Customers::Id).eq(stored.id));
                if merged.cellular != stored.cellular {
                    // A new number's line type is not known yet.
                    update.value(Customers::LineType, None::<String>);
                }
                tx.execute(&update).await?;
            }
            None => {
                customer_change.insert(number.to_owned(), Change::Inserted);
                new_customers.push((number, record));
            }
        }
    }
    for chunk in new_customers.chunks(ROWS_PER_INSERT) {
        let mut insert = Query::insert();
        insert.into_table(Customers::Table).columns([
            Customers::EnterpriseId,
            Customers::BocId,
            Customers::StoreId,
            Customers::Custno,
            Customers::FirstName,
            Customers::LastName,
            Customers::Cellular,
            Customers::Email,
            Customers::Address,
            Customers::City,
            Customers::State,
            Customers::Zip,
            Customers::CreatedAt,
            Customers::UpdatedAt,
        ]);
        for (number, record) in chunk {
            let text = |key: &str| record.text(key).map(str::to_owned);
            insert.values_panic([
                enterprise_id.into(),
                boc_id.into(),
                store_id.into(),
                (*number).to_owned().into(),
                text("firstName").unwrap_or_default().into(),
                text("lastName").unwrap_or_default().into(),
                text("phone").into(),
                text("email").into(),
                text("address").into(),
                text("city").into(),
                text("state").into(),
                text("zip").into(),
                now.into(),
                now.into(),
            ]);
        }
        insert.returning(Query::returning().columns([Customers::Id, Customers::Custno]));
        let created: Vec<(i64, String)> = tx.fetch_all(&insert).await?;
        customer_ids.extend(created.into_iter().map(|(id, number)| (number, id)));
    }
    Ok(BatchCustomers {
        ids: customer_ids,
        changes: customer_change,
    })
}

/// Writes the vehicles of a batch whose customers are written (the last row of a VIN holds
/// what is written for it) and counts each row by the larger of its customer's and its
/// vehicle's change.
pub(super) async fn upsert_vehicles(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    customers: &BatchCustomers,
    now: DateTime<Utc>,
) -> Result<BatchCounts> {
    let (_, store_id) = store_of(report)?;
    let enterprise_id = report.enterprise_id;
    let mut last_of_vin: BTreeMap<&str, &Record> = BTreeMap::new();
    for record in records {
        last_of_vin.insert(record.text("vin").unwrap_or_default(), record);
    }
    let existing: Vec<ExistingVehicle> = tx
        .fetch_all(
            &Query::select()
                .columns([
                    Vehicles::Id,
                    Vehicles::Vin,
                    Vehicles::StoreId,
                    Vehicles::CustomerId,
                    Vehicles::Make,
                    Vehicles::Model,
                    Vehicles::Year,
                    Vehicles::Odometer,
                    Vehicles::InServiceDate,
                    Vehicles::LastServiceDate,
                ])
                .from(Vehicles::Table)
                .and_where(Expr::col(Vehicles::EnterpriseId).eq(enterprise_id))
                .and_where(
                    Expr::col(Vehicles::Vin).is_in(last_of_vin.keys().map(|k| (*k).to_owned())),
                )
                .to_owned(),
        )
        .await?;
    let existing: HashMap<&str, &ExistingVehicle> =
        existing.iter().map(|v| (v.vin.as_str(), v)).collect();
    let mut vehicle_change: HashMap<&str, Change> = HashMap::new();
    let mut new_vehicles = Vec::new();
    for (&vin, &record) in &last_of_vin {
        let number = record.text("customerNumber").unwrap_or_default();
        let Some(&customer_id) = customers.ids.get(number) else {
            return Err(Error::Internal("a customer row was not written".to_owned()));
        };
        match existing.get(vin) {
            Some(&stored) => {
                let merged = merged_vehicle(stored, record, store_id, customer_id);
                if merged == *stored {
                    vehicle_change.insert(vin, Change::Unchanged);
                    continue;
                }
                vehicle_change.insert(vin, Change::Updated);
                tx.execute(
                    &Query::update()
                        .table(Vehicles::Table)
                        .value(Vehicles::StoreId, merged.store_id)
                        .value(Vehicles::CustomerId, merged.customer_id)
                        .value(Vehicles::Make, merged.make.clone())
                        .value(Vehicles::Model, merged.model.clone())
                        .value(Vehicles::Year, merged.year)
                        .value(Vehicles::Odometer, merged.odometer)
                        .value(Vehicles::InServiceDate, merged.in_service_date)
                        .value(Vehicles::LastServiceDate, merged.last_service_date)
                        .value(Vehicles::UpdatedAt, now)
                        .and_where(Expr::col(Vehicles::Id).eq(stored.id))
                        .to_owned(),
                )
                .await?;
            }
            None => {
                vehicle_change.insert(vin, Change::Inserted);
                new_vehicles.push((vin, record, customer_id));
            }
        }
    }
    for chunk in new_vehicles.chunks(ROWS_PER_INSERT) {
        let mut insert = Query::insert();
        insert.into_table(Vehicles::Table).columns([
            Vehicles::EnterpriseId,
            Vehicles::StoreId,
            Vehicles::CustomerId,
            Vehicles::Vin,
            Vehicles::Make,
            Vehicles::Model,
            Vehicles::Year,
            Vehicles::Odometer,
            Vehicles::InServiceDate,
            Vehicles::LastServiceDate,
            Vehicles::CreatedAt,
            Vehicles::UpdatedAt,
        ]);
        for (vin, record, customer_id) in chunk {
            insert.values_panic([
                enterprise_id.into(),
                store_id.into(),
                (*customer_id).into(),
                (*vin).to_owned().into(),
                record.text("make").unwrap_or_default().to_owned().into(),
                record.text("model").unwrap_or_default().to_owned().into(),
                record
                    .integer("year")
                    .and_then(|y| i32::try_from(y).ok())
                    .unwrap_or_default()
                    .into(),
                record
                    .integer("odometer")
                    .and_then(|o| i32::try_from(o).ok())
                    .into(),
                record.date("inServiceDate").into(),
                record.date("lastServiceDate").into(),
                now.into(),
                now.into(),
            ]);
        }
        tx.execute(&insert).await?;
    }
    let mut counts = BatchCounts::default();
    for record in records {
        let customer = customers
            .changes
            .get(record.text("customerNumber").unwrap_or_default())
            .copied()
            .unwrap_or(Change::Unchanged);
        let vehicle = vehicle_change
            .get(record.text("vin").unwrap_or_default())
            .copied()
            .unwrap_or(Change::Unchanged);
        match customer.max(vehicle) {
            Change::Inserted => counts.inserted += 1,
            Change::Updated => counts.updated += 1,
            Change::Unchanged => counts.unchanged += 1,
        }
    }
    Ok(counts)
}
