//! Dealer-system files' rows written: advisors, sales, repair orders with their lines, and
//! appointments, each upserted on its natural key (advisor number, deal number and RO number
//! per store, line code per repair order, appointment number per store). A record carries the
//! digest of what the file last said about it (`import_hash`): an equal digest is an unchanged
//! row and nothing is written, so loading the same file twice changes nothing.
//!
//! Records name customers, vehicles and advisors by their dealer-system keys; one that names a
//! key not loaded yet is a row problem (load the customers-and-vehicles and advisors files
//! first), and the row is not written.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_query::{DynIden, Expr, ExprTrait, IntoIden, Query};
use sha2::{Digest, Sha256};

use super::imports::{BatchCounts, ImportReport};
use super::schema::{
    Advisors, Customers, Offices, RepairOrderLines, RepairOrders, Sales, ServiceAppointments,
    ServiceVehicles as Vehicles, Stores,
};
use crate::db::Transaction;
use crate::domain::formats::parse_time_zone;
use crate::error::{Error, Result};
use import_files::{FileType, Record, RowProblem};

/// Keys per lookup query: far inside both databases' parameter limits.
const KEYS_PER_QUERY: usize = 500;

/// Whether a key was new, changed or the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Change {
    Unchanged,
    Updated,
    Inserted,
}

impl BatchCounts {
    pub(super) fn count(&mut self, change: Change) {
        match change {
            Change::Inserted => self.inserted += 1,
            Change::Updated => self.updated += 1,
            Change::Unchanged => self.unchanged += 1,
        }
    }
}

/// What writing a batch did, and the rows it could not write.
#[derive(Debug, Default)]
pub(super) struct Written {
    pub counts: BatchCounts,
    pub problems: Vec<RowProblem>,
}

/// A table upserted on (scope, key): `scope` is the store (the repair order, for lines).
struct KeyedTable {
    table: DynIden,
    scope: DynIden,
    key: DynIden,
    /// Written on insert and update, in the order of [`KeyedRow::values`]; they include the
    /// scope and key columns.
    columns: Vec<DynIden>,
    created_at: Option<DynIden>,
    updated_at: Option<DynIden>,
}

struct KeyedRow {
    scope: i64,
    key: String,
    values: Vec<sea_query::Value>,
}

impl KeyedRow {
    fn digest(&self) -> String {
        Sha256::digest(format!("{:?}", self.values))
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// Upserts `rows` (the last row of a key wins) and answers each key's id and change.
async fn upsert_keyed(
    tx: &mut Transaction,
    table: &KeyedTable,
    rows: Vec<KeyedRow>,
    now: DateTime<Utc>,
) -> Result<HashMap<(i64, String), (i64, Change)>> {
    let mut last: BTreeMap<(i64, String), KeyedRow> = BTreeMap::new();
    for row in rows {
        last.insert((row.scope, row.key.clone()), row);
    }
    let mut stored: HashMap<(i64, String), (i64, Option<String>)> = HashMap::new();
    let keys: Vec<&(i64, String)> = last.keys().collect();
    for chunk in keys.chunks(KEYS_PER_QUERY) {
        let found: Vec<(i64, i64, String, Option<String>)> = tx
            .fetch_all(
                &Query::select()
                    .column(Shared::Id)
                    .column(table.scope.clone())
                    .column(table.key.clone())
                    .column(Shared::ImportHash)
                    .from(table.table.clone())
                    .and_where(Expr::col(table.scope.clone()).is_in(chunk.iter().map(|k| k.0)))
                    .and_where(
                        Expr::col(table.key.clone()).is_in(chunk.iter().map(|k| k.1.clone())),
                    )
                    .to_owned(),
            )
            .await?;
        stored.extend(
            found
                .into_iter()
                .map(|(id, scope, key, hash)| ((scope, key), (id, hash))),
        );
    }
    let mut outcome = HashMap::with_capacity(last.len());
    let mut new_rows = Vec::new();
    for (key, row) in last {
        let digest = row.digest();
        match stored.get(&key) {
            Some((id, hash)) if hash.as_deref() == Some(digest.as_str()) => {
                outcome.insert(key, (*id, Change::Unchanged));
            }
            Some((id, _)) => {
                let mut update = Query::update();
                update
                    .table(table.table.clone())
                    .values(
                        table
                            .columns
                            .iter()
                            .cloned()
                            .zip(row.values.into_iter().map(Expr::val)),
                    )
                    .value(Shared::ImportHash, digest)
                    .and_where(Expr::col(Shared::Id).eq(*id));
                if let Some(updated_at) = &table.updated_at {
                    update.value(updated_at.clone(), now);
                }
                tx.execute(&update).await?;
                outcome.insert(key, (*id, Change::Updated));
            }
            None => new_rows.push((row, digest)),
        }
    }
    for chunk in new_rows.chunks(200) {
        let mut columns = table.columns.clone();
        columns.push(Shared::ImportHash.into_iden());
        columns.extend(table.created_at.clone());
        columns.extend(table.updated_at.clone());
        let mut insert = Query::insert();
        insert.into_table(table.table.clone()).columns(columns);
        for (row, digest) in chunk {
            let mut values: Vec<Expr> = row.values.iter().cloned().map(Expr::val).collect();
            values.push(Expr::val(digest.clone()));
            if table.created_at.is_some() {
                values.push(Expr::val(now));
            }
            if table.updated_at.is_some() {
                values.push(Expr::val(now));
            }
            insert.values_panic(values);
        }
        insert.returning(Query::returning().columns([
            Shared::Id.into_iden(),
            table.scope.clone(),
            table.key.clone(),
        ]));
        let created: Vec<(i64, i64, String)> = tx.fetch_all(&insert).await?;
        for (id, scope, key) in created {
            outcome.insert((scope, key), (id, Change::Inserted));
        }
    }
    Ok(outcome)
}

/// Column names every keyed table shares.
#[derive(sea_query::Iden, Clone, Copy)]
enum Shared {
    Id,
    ImportHash,
}

/// Ids by dealer-system key: `key_column` values within `scope_column = scope`.
async fn ids_by_key(
    tx: &mut Transaction,
    table: DynIden,
    (scope_column, scope): (DynIden, i64),
    key_column: DynIden,
    keys: Vec<String>,
) -> Result<HashMap<String, i64>> {
    let mut ids = HashMap::new();
    let mut keys = keys;
    keys.sort();
    keys.dedup();
    for chunk in keys.chunks(KEYS_PER_QUERY) {
        let found: Vec<(i64, String)> = tx
            .fetch_all(
                &Query::select()
                    .column(Shared::Id)
                    .column(key_column.clone())
                    .from(table.clone())
                    .and_where(Expr::col(scope_column.clone()).eq(scope))
                    .and_where(Expr::col(key_column.clone()).is_in(chunk.iter().cloned()))
                    .to_owned(),
            )
            .await?;
        ids.extend(found.into_iter().map(|(id, key)| (key, id)));
    }
    Ok(ids)
}

/// The customers, vehicles and advisors a batch names, by their dealer-system keys.
struct References {
    customers: HashMap<String, i64>,
    vehicles: HashMap<String, i64>,
    advisors: HashMap<String, i64>,
    /// Field key → the file's header, for problems.
    headers: BTreeMap<String, String>,
}

/// A reference a record makes: its id, none when the record names none, or the problem.
enum Reference {
    None,
    Found(i64),
    Missing(RowProblem),
}

impl References {
    async fn of(
        tx: &mut Transaction,
        report: &ImportReport,
        (boc_id, store_id): (i64, i64),
        records: &[Record],
    ) -> Result<Self> {
        let keys = |field: &str| -> Vec<String> {
            records
                .iter()
                .filter_map(|r| r.text(field).map(str::to_owned))
                .collect()
        };
        Ok(Self {
            customers: ids_by_key(
                tx,
                Customers::Table.into_iden(),
                (Customers::BocId.into_iden(), boc_id),
                Customers::Custno.into_iden(),
                keys("customerNumber"),
            )
            .await?,
            vehicles: ids_by_key(
                tx,
                Vehicles::Table.into_iden(),
                (Vehicles::EnterpriseId.into_iden(), report.enterprise_id),
                Vehicles::Vin.into_iden(),
                keys("vin"),
            )
            .await?,
            advisors: ids_by_key(
                tx,
                Advisors::Table.into_iden(),
                (Advisors::StoreId.into_iden(), store_id),
                Advisors::AdvisorNo.into_iden(),
                keys("advisorNumber"),
            )
            .await?,
            headers: report.field_mapping(),
        })
    }

    fn find(&self, record: &Record, field: &str) -> Reference {
        let Some(key) = record.text(field) else {
            return Reference::None;
        };
        let (known, what, load_first) = match field {
            "customerNumber" => (&self.customers, "Customer number", "customers and vehicles"),
            "vin" => (&self.vehicles, "VIN", "customers and vehicles"),
            _ => (&self.advisors, "Advisor number", "advisors"),
        };
        match known.get(key) {
            Some(id) => Reference::Found(*id),
            None => Reference::Missing(record.problem(
                self.headers.get(field).cloned(),
                format!("{what} {key} is not loaded: load the {load_first} file first"),
            )),
        }
    }

    /// The record's references (customer, vehicle, advisor), or every problem with them.
    fn resolve(&self, record: &Record) -> std::result::Result<[Option<i64>; 3], Vec<RowProblem>> {
        let mut ids = [None; 3];
        let mut problems = Vec::new();
        for (slot, field) in ["customerNumber", "vin", "advisorNumber"]
            .into_iter()
            .enumerate()
        {
            match self.find(record, field) {
                Reference::Found(id) => ids[slot] = Some(id),
                Reference::Missing(problem) => problems.push(problem),
                Reference::None => {}
            }
        }
        if problems.is_empty() {
            Ok(ids)
        } else {
            Err(problems)
        }
    }
}

/// A code as stored: upper case, words joined by underscores ("Drop off" → "DROP_OFF").
fn code(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
        .to_ascii_uppercase()
}

/// Writes a batch of a dealer-system file other than customers and vehicles.
pub(super) async fn upsert_dms_rows(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    now: DateTime<Utc>,
) -> Result<Written> {
    let (Some(boc_id), Some(store_id)) = (report.boc_id, report.store_id) else {
        return Err(Error::Internal(
            "an import report without a store".to_owned(),
        ));
    };
    let references = References::of(tx, report, (boc_id, store_id), records).await?;
    let mut written = Written::default();
    // The rows that resolved, each with its table row.
    let mut good: Vec<(&Record, KeyedRow)> = Vec::with_capacity(records.len());
    let table = match report.file_type {
        FileType::DmsAdvisors => {
            for record in records {
                good.push((
                    record,
                    KeyedRow {
                        scope: store_id,
                        key: record.text("advisorNumber").unwrap_or_default().to_owned(),
                        values: vec![
                            report.enterprise_id.into(),
                            store_id.into(),
                            record.text("advisorNumber").unwrap_or_default().into(),
                            record.text("firstName").unwrap_or_default().into(),
                            record.text("lastName").unwrap_or_default().into(),
                        ],
                    },
                ));
            }
            KeyedTable {
                table: Advisors::Table.into_iden(),
                scope: Advisors::StoreId.into_iden(),
                key: Advisors::AdvisorNo.into_iden(),
                columns: vec![
                    Advisors::EnterpriseId.into_iden(),
                    Advisors::StoreId.into_iden(),
                    Advisors::AdvisorNo.into_iden(),
                    Advisors::FirstName.into_iden(),
                    Advisors::LastName.into_iden(),
                ],
                created_at: Some(Advisors::CreatedAt.into_iden()),
                updated_at: None,
            }
        }
        FileType::DmsSales => {
            for record in records {
                let [customer, vehicle, _] = match references.resolve(record) {
                    Ok(ids) => ids,
                    Err(problems) => {
                        written.problems.extend(problems);
                        continue;
                    }
                };
                let deal = record.text("dealNumber").unwrap_or_default();
                good.push((
                    record,
                    KeyedRow {
                        scope: store_id,
                        key: deal.to_owned(),
                        values: vec![
                            report.enterprise_id.into(),
                            store_id.into(),
                            customer.into(),
                            vehicle.into(),
                            deal.into(),
                            code(record.text("dealType").unwrap_or_default()).into(),
                            record.date("soldDate").into(),
                            record.amount("salePrice").into(),
                        ],
                    },
                ));
            }
            KeyedTable {
                table: Sales::Table.into_iden(),
                scope: Sales::StoreId.into_iden(),
                key: Sales::DealNumber.into_iden(),
                columns: vec![
                    Sales::EnterpriseId.into_iden(),
                    Sales::StoreId.into_iden(),
                    Sales::CustomerId.into_iden(),
                    Sales::VehicleId.into_iden(),
                    Sales::DealNumber.into_iden(),
                    Sales::DealType.into_iden(),
                    Sales::SoldDate.into_iden(),
                    Sales::SalePrice.into_iden(),
                ],
                created_at: Some(Sales::CreatedAt.into_iden()),
                updated_at: None,
            }
        }
        FileType::DmsRepairOrders => {
            return upsert_repair_orders(tx, report, store_id, &references, records, now).await;
        }
        FileType::DmsAppointments => {
            let zone = store_time_zone(tx, store_id).await?;
            for record in records {
                let [customer, vehicle, advisor] = match references.resolve(record) {
                    Ok(ids) => ids,
                    Err(problems) => {
                        written.problems.extend(problems);
                        continue;
                    }
                };
                // A file without times books the day: midnight in the store's time zone.
                let local = record
                    .date("appointmentDate")
                    .unwrap_or_default()
                    .and_time(record.time("appointmentTime").unwrap_or(NaiveTime::MIN));
                let at = zone
                    .from_local_datetime(&local)
                    .earliest()
                    .map_or_else(|| local.and_utc(), |t| t.with_timezone(&Utc));
                let number = record.text("appointmentId").unwrap_or_default();
                good.push((
                    record,
                    KeyedRow {
                        scope: store_id,
                        key: number.to_owned(),
                        values: vec![
                            report.enterprise_id.into(),
                            store_id.into(),
                            customer.into(),
                            vehicle.into(),
                            advisor.into(),
                            "Service Appointment".into(),
                            code(record.text("status").unwrap_or("SCHEDULED")).into(),
                            at.into(),
                            record.text("opCode").map(str::to_owned).into(),
                            record.text("transportType").map(code).into(),
                            record.text("notes").map(str::to_owned).into(),
                            "DMS".into(),
                            number.into(),
                        ],
                    },
                ));
            }
            KeyedTable {
                table: ServiceAppointments::Table.into_iden(),
                scope: ServiceAppointments::StoreId.into_iden(),
                key: ServiceAppointments::ExternalId.into_iden(),
                columns: vec![
                    ServiceAppointments::EnterpriseId.into_iden(),
                    ServiceAppointments::StoreId.into_iden(),
                    ServiceAppointments::CustomerId.into_iden(),
                    ServiceAppointments::VehicleId.into_iden(),
                    ServiceAppointments::AdvisorId.into_iden(),
                    ServiceAppointments::Title.into_iden(),
                    ServiceAppointments::ApptStatus.into_iden(),
                    ServiceAppointments::ApptAt.into_iden(),
                    ServiceAppointments::OpCode.into_iden(),
                    ServiceAppointments::TransportType.into_iden(),
                    ServiceAppointments::Notes.into_iden(),
                    ServiceAppointments::Source.into_iden(),
                    ServiceAppointments::ExternalId.into_iden(),
                ],
                created_at: Some(ServiceAppointments::CreatedAt.into_iden()),
                updated_at: Some(ServiceAppointments::UpdatedAt.into_iden()),
            }
        }
        other => {
            return Err(Error::Internal(format!(
                "{other} files are not dealer-system rows"
            )));
        }
    };
    let keys: Vec<(&Record, (i64, String))> = good
        .iter()
        .map(|(record, row)| (*record, (row.scope, row.key.clone())))
        .collect();
    let outcome = upsert_keyed(
        tx,
        &table,
        good.into_iter().map(|(_, row)| row).collect(),
        now,
    )
    .await?;
    for (_, key) in keys {
        if let Some((_, change)) = outcome.get(&key) {
            written.counts.count(*change);
        }
    }
    Ok(written)
}

/// Repair orders: a row per line (or a row with no line), the order's own fields repeated on
/// each. The order is written once per batch (its last row's fields), then its lines.
async fn upsert_repair_orders(
    tx: &mut Transaction,
    report: &ImportReport,
    store_id: i64,
    references: &References,
    records: &[Record],
    now: DateTime<Utc>,
) -> Result<Written> {
    let mut written = Written::default();
    let mut orders = Vec::with_capacity(records.len());
    let mut good = Vec::with_capacity(records.len());
    for record in records {
        let [customer, vehicle, advisor] = match references.resolve(record) {
            Ok(ids) => ids,
            Err(problems) => {
                written.problems.extend(problems);
                continue;
            }
        };
        let number = record.text("roNumber").unwrap_or_default();
        let closed = record.date("closedDate");
        // No status: closed when the file gives a close date, else waiting for an advisor.
        let status = record.text("status").map(code).unwrap_or_else(|| {
            if closed.is_some() {
                "CLOSED".to_owned()
            } else {
                "UNASSIGNED".to_owned()
            }
        });
        orders.push(KeyedRow {
            scope: store_id,
            key: number.to_owned(),
            values: vec![
                report.enterprise_id.into(),
                store_id.into(),
                customer.into(),
                vehicle.into(),
                advisor.into(),
                number.into(),
                status.into(),
                record.date("openDate").into(),
                closed.into(),
                record.integer("mileageIn").into(),
                record.integer("mileageOut").into(),
                record.amount("totalAmount").into(),
            ],
        });
        good.push(record);
    }
    let order_table = KeyedTable {
        table: RepairOrders::Table.into_iden(),
        scope: RepairOrders::StoreId.into_iden(),
        key: RepairOrders::RoNumber.into_iden(),
        columns: vec![
            RepairOrders::EnterpriseId.into_iden(),
            RepairOrders::StoreId.into_iden(),
            RepairOrders::CustomerId.into_iden(),
            RepairOrders::VehicleId.into_iden(),
            RepairOrders::AdvisorId.into_iden(),
            RepairOrders::RoNumber.into_iden(),
            RepairOrders::StatusCode.into_iden(),
            RepairOrders::OpenDate.into_iden(),
            RepairOrders::ClosedDate.into_iden(),
            RepairOrders::MileageIn.into_iden(),
            RepairOrders::MileageOut.into_iden(),
            RepairOrders::TotalAmount.into_iden(),
        ],
        created_at: Some(RepairOrders::CreatedAt.into_iden()),
        updated_at: Some(RepairOrders::UpdatedAt.into_iden()),
    };
    let order_outcome = upsert_keyed(tx, &order_table, orders, now).await?;
    let order_of = |record: &Record| {
        order_outcome
            .get(&(
                store_id,
                record.text("roNumber").unwrap_or_default().to_owned(),
            ))
            .copied()
    };
    let mut lines = Vec::new();
    for record in &good {
        let (Some((order_id, _)), Some(op_code)) = (order_of(record), record.text("opCode")) else {
            continue;
        };
        let line_code = record.text("lineCode").unwrap_or(op_code);
        lines.push(KeyedRow {
            scope: order_id,
            key: line_code.to_owned(),
            values: vec![
                order_id.into(),
                op_code.into(),
                record.text("lineDescription").unwrap_or(op_code).into(),
                1.0_f64.into(),
                record.amount("lineAmount").unwrap_or(0.0).into(),
                record.flag("declined").unwrap_or(false).into(),
                line_code.into(),
            ],
        });
    }
    let line_table = KeyedTable {
        table: RepairOrderLines::Table.into_iden(),
        scope: RepairOrderLines::RepairOrderId.into_iden(),
        key: RepairOrderLines::LineCode.into_iden(),
        columns: vec![
            RepairOrderLines::RepairOrderId.into_iden(),
            RepairOrderLines::OpCode.into_iden(),
            RepairOrderLines::Description.into_iden(),
            RepairOrderLines::Quantity.into_iden(),
            RepairOrderLines::Amount.into_iden(),
            RepairOrderLines::Declined.into_iden(),
            RepairOrderLines::LineCode.into_iden(),
        ],
        created_at: None,
        updated_at: None,
    };
    let line_outcome = upsert_keyed(tx, &line_table, lines, now).await?;
    for record in good {
        let Some((order_id, order_change)) = order_of(record) else {
            continue;
        };
        let line_change = record.text("opCode").and_then(|op_code| {
            let line_code = record.text("lineCode").unwrap_or(op_code);
            line_outcome
                .get(&(order_id, line_code.to_owned()))
                .map(|(_, change)| *change)
        });
        written
            .counts
            .count(order_change.max(line_change.unwrap_or(Change::Unchanged)));
    }
    Ok(written)
}

/// The time zone of the store's office (UTC when it names none Bayline knows).
async fn store_time_zone(tx: &mut Transaction, store_id: i64) -> Result<chrono_tz::Tz> {
    let zone: Option<(String,)> = tx
        .fetch_optional(
            &Query::select()
                .column((Offices::Table, Offices::TimeZone))
                .from(Stores::Table)
                .inner_join(
                    Offices::Table,
                    Expr::col((Offices::Table, Offices::Id))
                        .equals((Stores::Table, Stores::OfficeId)),
                )
                .and_where(Expr::col((Stores::Table, Stores::Id)).eq(store_id))
                .to_owned(),
        )
        .await?;
    Ok(zone
        .and_then(|(name,)| parse_time_zone(&name).ok())
        .unwrap_or(chrono_tz::UTC))
}
