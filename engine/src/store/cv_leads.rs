//! Customer-vehicle lead batches: a CSV list of a store's vehicles (by VIN) or customers (by
//! customer number) that the CV-lead planner turns into leads. A file with any bad row is refused
//! whole, listing the rows; rows that match no vehicle are counted, not refused.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde::Serialize;

use super::schema::{Customers, CvLeadBatchVehicles, CvLeadBatches, ServiceVehicles as Vehicles};
use super::{Page, PageRequest};
use crate::db::Database;
use crate::domain::formats::is_vin;
use crate::error::{Error, Result};

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
}

/// One data row: a VIN, a customer number, or both.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BatchRow {
    vin: Option<String>,
    customer_number: Option<String>,
}

/// Reads the file: a header row naming a `vin` and/or a customer-number column (`cust_no`,
/// `custNo`, `customer number`), then one row per vehicle or customer.
fn parse_rows(content: &[u8]) -> Result<Vec<BatchRow>> {
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
        let vin = cell(vin_column).map(|v| v.to_ascii_uppercase());
        let customer_number = cell(customer_column);
        if vin.is_none() && customer_number.is_none() {
            problems.push(format!("Row {line}: a vin or a cust_no is required"));
            continue;
        }
        if let Some(vin) = &vin
            && !is_vin(vin)
        {
            problems.push(format!("Row {line}: {vin:?} is not a 17-character VIN"));
            continue;
        }
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

    /// Reads, checks and matches a file against the store's vehicles, then stores the batch.
    /// Nothing is stored when the file is refused.
    pub async fn import(
        &self,
        enterprise_id: i64,
        store_id: i64,
        file_name: &str,
        content: &[u8],
        created_by: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<CvLeadBatch> {
        let rows = parse_rows(content)?;
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
        let id: i64 = tx
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
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        store_id.into(),
                        file_name.into(),
                        clamp(rows.len()).into(),
                        matched_rows.into(),
                        clamp(vehicles.len()).into(),
                        created_by.into(),
                        now.into(),
                    ])
                    .returning_col(CvLeadBatches::Id)
                    .to_owned(),
            )
            .await?;
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
                "Row 2: \"SHORT\" is not a 17-character VIN".to_owned(),
                "Row 3: a vin or a cust_no is required".to_owned(),
            ]
        );
        assert!(parse_rows(b"name,phone\nA,1\n").is_err());
        assert!(parse_rows(b"vin\n").is_err());
        assert!(parse_rows(&[0xff, 0xfe, 0x00]).is_err());
    }
}
