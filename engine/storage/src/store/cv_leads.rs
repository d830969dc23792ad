//! Customer-vehicle lead batches: a CSV list of a store's vehicles (by VIN) or customers (by
//! customer number) that the CV-lead planner turns into leads. The upload checks the header and
//! keeps the file as a PENDING batch; the `cv-leads.import` job reads its rows. A file with any
//! bad row fails whole (FAILED, the rows listed, no vehicles); rows that match no vehicle are
//! counted, not refused.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde::{Deserialize, Serialize};

use super::schema::{Customers, CvLeadBatchVehicles, CvLeadBatches, ServiceVehicles as Vehicles};
use super::{Page, PageRequest};
use crate::db::Database;
use crate::domain::JobInput;
use crate::domain::formats::parse_vin;
use crate::domain::roles::closed_set;
use crate::error::{Error, Result};

closed_set! {
    /// Where a batch is: its file waiting for the import job, read, or refused for bad rows.
    BatchStatus {
        Pending => "PENDING",
        Ready => "READY",
        Failed => "FAILED",
    }
}

/// `cv-leads.import`'s input: the PENDING batch to read, and its store (the run's scope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CvLeadImportInput {
    pub batch_id: i64,
    pub store_id: i64,
}

impl JobInput for CvLeadImportInput {
    const KIND: &'static str = crate::domain::JobKindName::CvLeadsImport.as_str();

    fn check(&self) -> Result<()> {
        if self.batch_id > 0 && self.store_id > 0 {
            Ok(())
        } else {
            Err(Error::invalid(
                "batchId and storeId must be positive numbers",
            ))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        vec![self.store_id]
    }
}

/// Rows one file may hold.
pub const MAX_BATCH_ROWS: usize = 50_000;
/// Row problems listed before the rest are summed up.
const MAX_LISTED_PROBLEMS: usize = 20;

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CvLeadBatch {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub file_name: String,
    /// Data rows in the file.
    pub row_count: i32,
    /// Rows that matched a vehicle of the store.
    pub matched_rows: i32,
    /// Distinct vehicles the batch holds.
    pub vehicle_count: i32,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    #[sqlx(try_from = "String")]
    pub status: BatchStatus,
    /// Why a FAILED batch was refused: its bad rows, one per line.
    pub error: Option<String>,
    /// The import run that reads it.
    pub job_run_id: Option<i64>,
}

/// One data row: a VIN, a customer number, or both.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BatchRow {
    vin: Option<String>,
    customer_number: Option<String>,
}

/// What the upload checks at once: the file is UTF-8 text whose header row names a `vin` or a
/// customer-number column. Its rows are the import job's to read.
pub fn check_header(content: &[u8]) -> Result<()> {
    reader_of(content).map(|_| ())
}

/// A file's reader past its header row, and the columns the header names.
struct BatchFile<'a> {
    reader: csv::Reader<&'a [u8]>,
    vin_column: Option<usize>,
    customer_column: Option<usize>,
}

fn reader_of(content: &[u8]) -> Result<BatchFile<'_>> {
    let text = std::str::from_utf8(content)
        .map_err(|_| Error::invalid("The file is not a CSV text file (UTF-8)"))?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| Error::invalid(format!("The header row could not be read: {e}")))?
        .clone();
    let column = |names: &[&str]| {
        headers.iter().position(|h| {
            let h: String = h.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            names.iter().any(|n| h.eq_ignore_ascii_case(n))
        })
    };
    let vin_column = column(&["vin"]);
    let customer_column = column(&["custno", "customernumber", "customerno"]);
    if vin_column.is_none() && customer_column.is_none() {
        return Err(Error::invalid(
            "The header row must name a vin or a cust_no column",
        ));
    }
    Ok(BatchFile {
        reader,
        vin_column,
        customer_column,
    })
}

/// Reads the file: a header row naming a `vin` and/or a customer-number column (`cust_no`,
/// `custNo`, `customer number`), then one row per vehicle or customer.
fn parse_rows(content: &[u8]) -> Result<Vec<BatchRow>> {
    let BatchFile {
        mut reader,
        vin_column,
        customer_column,
    } = reader_of(content)?;
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (index, record) in reader.records().enumerate() {
        // Row 1 is the header.
        let line = index + 2;
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                problems.push(format!("Row {line}: {e}"));
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        let cell = |column: Option<usize>| {
            column
                .and_then(|c| record.get(c))
                .map(str::to_owned)
                .filter(|v| !v.is_empty())
        };
        let vin = cell(vin_column);
        let customer_number = cell(customer_column);
        if vin.is_none() && customer_number.is_none() {
            problems.push(format!("Row {line}: a vin or a cust_no is required"));
            continue;
        }
        let vin = match vin.as_deref().map(parse_vin).transpose() {
            Ok(vin) => vin,
            Err(problem) => {
                problems.push(format!("Row {line}: {problem}"));
                continue;
            }
        };
        rows.push(BatchRow {
            vin,
            customer_number,
        });
    }
    if rows.len() > MAX_BATCH_ROWS {
        return Err(Error::invalid(format!(
            "The file has {} rows; at most {MAX_BATCH_ROWS} are taken",
            rows.len()
        )));
    }
    if !problems.is_empty() {
        let more = problems.len().saturating_sub(MAX_LISTED_PROBLEMS);
        problems.truncate(MAX_LISTED_PROBLEMS);
        if more > 0 {
            problems.push(format!("… and {more} more rows"));
        }
        return Err(Error::invalid_all(problems));
    }
    if rows.is_empty() {
        return Err(Error::invalid("The file has no rows"));
    }
    Ok(rows)
}

#[derive(Debug, Clone)]
pub struct CvLeadStore {
    db: Database,
}

impl CvLeadStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Keeps an uploaded file as a PENDING batch for the import job (its header checked).
    pub async fn create_pending(
        &self,
        enterprise_id: i64,
        store_id: i64,
        file_name: &str,
        content: &[u8],
        created_by: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<CvLeadBatch> {
        check_header(content)?;
        let id: i64 = self
            .db
            .fetch_scalar(
                &Query::insert()
                    .into_table(CvLeadBatches::Table)
                    .columns([
                        CvLeadBatches::EnterpriseId,
                        CvLeadBatches::StoreId,
                        CvLeadBatches::FileName,
                        CvLeadBatches::RowCount,
                        CvLeadBatches::MatchedRows,
                        CvLeadBatches::VehicleCount,
                        CvLeadBatches::CreatedBy,
                        CvLeadBatches::CreatedAt,
                        CvLeadBatches::Status,
                        CvLeadBatches::Content,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        store_id.into(),
                        file_name.into(),
                        0.into(),
                        0.into(),
                        0.into(),
                        created_by.into(),
                        now.into(),
                        BatchStatus::Pending.as_str().into(),
                        content.to_vec().into(),
                    ])
                    .returning_col(CvLeadBatches::Id)
                    .to_owned(),
            )
            .await?;
        self.batch(enterprise_id, id).await
    }

    /// Records the run that reads a batch.
    pub async fn set_job_run(&self, id: i64, run_id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(CvLeadBatches::Table)
                    .value(CvLeadBatches::JobRunId, run_id)
                    .and_where(Expr::col(CvLeadBatches::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Removes a batch whose import could not be started (the upload then answers an error).
    pub async fn delete_pending(&self, id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::delete()
                    .from_table(CvLeadBatches::Table)
                    .and_where(Expr::col(CvLeadBatches::Id).eq(id))
                    .and_where(Expr::col(CvLeadBatches::Status).eq(BatchStatus::Pending.as_str()))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Reads a PENDING batch's file and matches its rows against the store's vehicles, then
    /// stores the vehicles and counts and drops the file, in one transaction (READY). Bad rows
    /// fail the batch whole (FAILED, listed in `error`) and the validation error is returned.
    /// A batch already read is returned as it is, so a retried run changes nothing.
    pub async fn import_pending(&self, enterprise_id: i64, id: i64) -> Result<CvLeadBatch> {
        let batch = self.batch(enterprise_id, id).await?;
        if batch.status != BatchStatus::Pending {
            return Ok(batch);
        }
        let content: Option<Vec<u8>> = self
            .db
            .fetch_scalar(
                &Query::select()
                    .column(CvLeadBatches::Content)
                    .from(CvLeadBatches::Table)
                    .and_where(Expr::col(CvLeadBatches::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        let rows = match parse_rows(content.as_deref().unwrap_or_default()) {
            Ok(rows) => rows,
            Err(error) => {
                let listed = match &error {
                    Error::Validation { errors, .. } => errors.join("\n"),
                    other => other.to_string(),
                };
                self.db
                    .execute(
                        &Query::update()
                            .table(CvLeadBatches::Table)
                            .value(CvLeadBatches::Status, BatchStatus::Failed.as_str())
                            .value(CvLeadBatches::Error, listed)
                            .value(CvLeadBatches::Content, None::<Vec<u8>>)
                            .and_where(Expr::col(CvLeadBatches::Id).eq(id))
                            .to_owned(),
                    )
                    .await?;
                return Err(error);
            }
        };
        let store_id = batch.store_id;
        let mut vehicles = BTreeSet::new();
        let mut matched_rows = 0;
        for chunk in rows.chunks(500) {
            let vins: Vec<String> = chunk.iter().filter_map(|r| r.vin.clone()).collect();
            let numbers: Vec<String> = chunk
                .iter()
                .filter_map(|r| r.customer_number.clone())
                .collect();
            let by_vin: Vec<(i64, String)> = self
                .db
                .fetch_all(
                    &Query::select()
                        .columns([Vehicles::Id, Vehicles::Vin])
                        .from(Vehicles::Table)
                        .and_where(Expr::col(Vehicles::StoreId).eq(store_id))
                        .and_where(Expr::col(Vehicles::Vin).is_in(vins))
                        .to_owned(),
                )
                .await?;
            let by_customer: Vec<(i64, String)> = self
                .db
                .fetch_all(
                    &Query::select()
                        .column((Vehicles::Table, Vehicles::Id))
                        .column((Customers::Table, Customers::Custno))
                        .from(Vehicles::Table)
                        .inner_join(
                            Customers::Table,
                            Expr::col((Customers::Table, Customers::Id))
                                .equals((Vehicles::Table, Vehicles::CustomerId)),
                        )
                        .and_where(Expr::col((Vehicles::Table, Vehicles::StoreId)).eq(store_id))
                        .and_where(Expr::col((Customers::Table, Customers::Custno)).is_in(numbers))
                        .to_owned(),
                )
                .await?;
            for row in chunk {
                let mut matched = false;
                if let Some(vin) = &row.vin {
                    for (id, _) in by_vin.iter().filter(|(_, v)| v == vin) {
                        vehicles.insert(*id);
                        matched = true;
                    }
                } else if let Some(number) = &row.customer_number {
                    for (id, _) in by_customer.iter().filter(|(_, n)| n == number) {
                        vehicles.insert(*id);
                        matched = true;
                    }
                }
                matched_rows += i32::from(matched);
            }
        }
        let clamp = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        let mut tx = self.db.begin().await?;
        let all: Vec<i64> = vehicles.into_iter().collect();
        for chunk in all.chunks(1_000) {
            let mut insert = Query::insert();
            insert
                .into_table(CvLeadBatchVehicles::Table)
                .columns([CvLeadBatchVehicles::BatchId, CvLeadBatchVehicles::VehicleId]);
            for vehicle in chunk {
                insert.values_panic([id.into(), (*vehicle).into()]);
            }
            tx.execute(&insert).await?;
        }
        tx.execute(
            &Query::update()
                .table(CvLeadBatches::Table)
                .value(CvLeadBatches::Status, BatchStatus::Ready.as_str())
                .value(CvLeadBatches::RowCount, clamp(rows.len()))
                .value(CvLeadBatches::MatchedRows, matched_rows)
                .value(CvLeadBatches::VehicleCount, clamp(all.len()))
                .value(CvLeadBatches::Content, None::<Vec<u8>>)
                .and_where(Expr::col(CvLeadBatches::Id).eq(id))
                .and_where(Expr::col(CvLeadBatches::Status).eq(BatchStatus::Pending.as_str()))
                .to_owned(),
        )
        .await?;
        tx.commit().await?;
        self.batch(enterprise_id, id).await
    }

    fn select() -> sea_query::SelectStatement {
        Query::select()
            .columns([
                CvLeadBatches::Id,
                CvLeadBatches::EnterpriseId,
                CvLeadBatches::StoreId,
                CvLeadBatches::FileName,
                CvLeadBatches::RowCount,
                CvLeadBatches::MatchedRows,
                CvLeadBatches::VehicleCount,
                CvLeadBatches::CreatedBy,
                CvLeadBatches::CreatedAt,
                CvLeadBatches::Status,
                CvLeadBatches::Error,
                CvLeadBatches::JobRunId,
            ])
            .from(CvLeadBatches::Table)
            .to_owned()
    }

    pub async fn batch(&self, enterprise_id: i64, id: i64) -> Result<CvLeadBatch> {
        let mut query = Self::select();
        query
            .and_where(Expr::col(CvLeadBatches::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(CvLeadBatches::Id).eq(id));
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Customer-vehicle batch not found"))
    }

    /// The batches of these stores, newest first.
    pub async fn batches(
        &self,
        enterprise_id: i64,
        store_ids: &[i64],
        page: PageRequest,
    ) -> Result<Page<CvLeadBatch>> {
        let mut query = Self::select();
        query
            .and_where(Expr::col(CvLeadBatches::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(CvLeadBatches::StoreId).is_in(store_ids.to_vec()));
        let mut count = Query::select();
        count
            .expr(Expr::col(sea_query::Asterisk).count())
            .from(CvLeadBatches::Table)
            .and_where(Expr::col(CvLeadBatches::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(CvLeadBatches::StoreId).is_in(store_ids.to_vec()));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .order_by(CvLeadBatches::CreatedAt, Order::Desc)
            .order_by(CvLeadBatches::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_need_a_vin_or_a_customer_number_and_bad_rows_are_listed() {
        let rows = parse_rows(b"VIN,Cust No\n1HGCM82633A004352,\n,C-17\n\n").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].customer_number.as_deref(), Some("C-17"));
        let Err(Error::Validation { errors, .. }) =
            parse_rows(b"vin,custNo,name\nshort,,\n,,Bob\n1HGCM82633A004352,x,\n")
        else {
            panic!("refused")
        };
        assert_eq!(
            errors,
            vec![
                "Row 2: \"short\" is not a 17-character VIN".to_owned(),
                "Row 3: a vin or a cust_no is required".to_owned(),
            ]
        );
        assert!(parse_rows(b"name,phone\nA,1\n").is_err());
        assert!(parse_rows(b"vin\n").is_err());
        assert!(parse_rows(&[0xff, 0xfe, 0x00]).is_err());
    }
}
