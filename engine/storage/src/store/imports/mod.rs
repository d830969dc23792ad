//! Import files and what they load: the upload report (which is also the loading run's
//! checkpoint), the file's bytes until it is read, row problems, the imported leads of recall,
//! prepaid and FEA files, and the customers and vehicles of dealer-system exports.
//!
//! Each batch of rows is written with the report's counts and `rows_done` in one transaction,
//! guarded by the `rows_done` it started from: a run resumed after a crash starts after the
//! last batch that was written, and two workers can never both write the same batch. Rows are
//! upserted on natural keys (customer number per dealer, VIN per enterprise, campaign and VIN,
//! contract number, VIN and alert code and date per store) and written only when something in
//! them changed, so loading the same file twice changes nothing the second time.

mod dealer_records;
mod leads;

pub use dealer_records::BatchCustomers;
use dealer_records::*;
use leads::*;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Func, Order, Query, SelectStatement};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::dms_rows::{Change, upsert_dms_rows};
use super::leads::NewLead;
use super::schema::{
    Customers, FutureServiceInteractions as Fsi, ImportFileChunks, ImportFileReports,
    ImportRowErrors, ImportedLeads, ServiceVehicles as Vehicles,
};
use super::unmapped::{CodeTarget, UnmappedStore};
use super::{Page, PageRequest};
use crate::db::{BackendKind, Database, Transaction};
use crate::domain::formats::normalize_vin;
use crate::domain::spreadsheet::CsvWriter;
use crate::error::{Error, Result};
use import_files::{
    CampaignType, EnrichmentStatus, FileType, ImportStatus, ReasonKey, Record, ReviewDecision,
    RowProblem,
};

/// Bytes per stored chunk of an uploaded file.
const CHUNK_BYTES: usize = 1024 * 1024;
/// Rows one enrichment transaction looks at.
const ENRICH_BATCH: u64 = 200;

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    #[sqlx(try_from = "String")]
    pub file_type: FileType,
    pub recall_type: Option<String>,
    pub file_name: String,
    #[sqlx(try_from = "String")]
    pub status: ImportStatus,
    /// Data rows read so far (all of them once finished).
    pub total_rows: i32,
    /// Rows loaded: inserted, updated or unchanged.
    pub imported_rows: i32,
    /// Rows refused, each listed in the row errors.
    pub failed_rows: i32,
    pub inserted_rows: i32,
    pub updated_rows: i32,
    pub unchanged_rows: i32,
    pub leads_created: i32,
    pub job_run_id: Option<i64>,
    pub uploaded_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub data_source_id: Option<i64>,
    pub file_format: Option<String>,
    pub size_bytes: i64,
    pub content_sha256: Option<String>,
    /// The header row, as JSON text.
    #[serde(skip)]
    pub headers: Option<String>,
    /// Field → header, as JSON text.
    #[serde(skip)]
    pub mapping: Option<String>,
    /// Data rows behind the last written batch: where a resumed run starts.
    pub rows_done: i64,
    pub bytes_read: i64,
    /// Why the file failed, when it did.
    pub error: Option<String>,
    /// The data-source sync that delivered the file, if one did.
    pub sync_history_id: Option<i64>,
}

impl ImportReport {
    pub fn header_row(&self) -> Vec<String> {
        self.headers
            .as_deref()
            .and_then(|h| serde_json::from_str(h).ok())
            .unwrap_or_default()
    }

    pub fn field_mapping(&self) -> BTreeMap<String, String> {
        self.mapping
            .as_deref()
            .and_then(|m| serde_json::from_str(m).ok())
            .unwrap_or_default()
    }

    /// Percent of the file read.
    pub fn percent(&self) -> i32 {
        if self.status.is_final() && self.status != ImportStatus::Failed {
            return 100;
        }
        if self.size_bytes <= 0 {
            return 0;
        }
        ((Ord::min(self.bytes_read, self.size_bytes) * 100) / self.size_bytes) as i32
    }
}

/// An uploaded file, checked, about to be kept.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub file_type: FileType,
    pub recall_type: Option<String>,
    pub file_name: String,
    pub file_format: String,
    pub size_bytes: u64,
    pub content_sha256: String,
    pub headers: Vec<String>,
    pub mapping: BTreeMap<String, String>,
    pub data_source_id: Option<i64>,
    pub sync_history_id: Option<i64>,
    pub uploaded_by: Option<i64>,
}

/// Which reports [`ImportStore::close_unfinished`] closes.
#[derive(Debug, Clone, Copy)]
pub enum UnfinishedReports {
    Report(i64),
    OfSync(i64),
}

/// What the files of one sync added up to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncTotals {
    pub files: i64,
    /// Files that could not be read at all (their reports say why).
    pub failed_files: i64,
    pub rows: i64,
    pub inserted: i64,
    pub updated: i64,
    pub unchanged: i64,
    pub failed_rows: i64,
}

/// Which reports to list.
#[derive(Debug, Clone, Default)]
pub struct ReportSearch {
    pub enterprise_id: i64,
    pub store_ids: Vec<i64>,
    pub file_type: Option<FileType>,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    pub id: i64,
    /// The row's line in the file (its row number in a workbook).
    pub row_number: i32,
    /// The column (header) the problem is in, if one.
    pub field: Option<String>,
    pub message: String,
    /// The row's cells as read (JSON array), for the error file.
    #[serde(skip)]
    pub raw_row: Option<String>,
}

impl RowError {
    pub fn cells(&self) -> Vec<String> {
        self.raw_row
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok())
            .unwrap_or_default()
    }
}

/// An imported lead: one row of a recall, prepaid-maintenance or FEA file.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ImportedLead {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    #[sqlx(try_from = "String")]
    pub file_type: FileType,
    #[sqlx(try_from = "String")]
    pub campaign_type: CampaignType,
    pub report_id: Option<i64>,
    pub line_number: Option<i32>,
    pub recall_type: Option<String>,
    /// The recall campaign, the prepaid contract number or the alert code.
    pub campaign_code: Option<String>,
    pub vin: Option<String>,
    pub customer_number: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    /// The recall's description, the prepaid plan or the alert's message.
    pub description: Option<String>,
    /// The recall date, the contract's purchase date or the alert's date.
    pub event_date: Option<NaiveDate>,
    pub expiry_date: Option<NaiveDate>,
    pub visits_total: Option<i32>,
    pub visits_used: Option<i32>,
    pub mileage: Option<i32>,
    #[sqlx(try_from = "String")]
    pub enrichment_status: EnrichmentStatus,
    pub reason_key: Option<String>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub fsi_id: Option<i64>,
    pub reviewed_by: Option<i64>,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Which imported leads to list.
#[derive(Debug, Clone, Default)]
pub struct ImportedLeadSearch {
    pub enterprise_id: i64,
    pub store_ids: Vec<i64>,
    pub file_type: Option<FileType>,
    pub report_id: Option<i64>,
    pub statuses: Vec<EnrichmentStatus>,
    pub vin: Option<String>,
}

/// A batch of a file's rows, checked.
#[derive(Debug, Clone, Copy)]
pub struct RowBatch<'a> {
    /// The report's checkpoint: rows behind the last written batch.
    pub rows_done: i64,
    /// Data rows since the checkpoint (good and bad): the batch's, and those of the batches
    /// before it that changed nothing and were not written (`carried`).
    pub rows: u64,
    /// Bytes of the file behind the batch's last row.
    pub bytes_read: u64,
    pub records: &'a [Record],
    pub problems: &'a [RowProblem],
    /// What the unwritten batches since the checkpoint counted (all unchanged).
    pub carried: BatchCounts,
    /// Whether the batch may be left unwritten when it changes nothing.
    pub may_defer: bool,
    /// The batch's customers when [`ImportStore::write_customers_ahead`] wrote them.
    pub customers_written: Option<&'a BatchCustomers>,
}

/// What became of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchWrite {
    /// Written with the checkpoint, counts included (the carried ones too).
    Written(BatchCounts),
    /// Every row was as stored and none was refused: nothing was written. Its counts are
    /// carried to the next written batch; a run resumed before then reads the rows again.
    Deferred(BatchCounts),
}

/// What one batch did to its rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchCounts {
    pub inserted: u64,
    pub updated: u64,
    pub unchanged: u64,
    pub failed: u64,
}

impl BatchCounts {
    pub fn plus(self, other: Self) -> Self {
        Self {
            inserted: self.inserted + other.inserted,
            updated: self.updated + other.updated,
            unchanged: self.unchanged + other.unchanged,
            failed: self.failed + other.failed,
        }
    }
}

/// Which imported rows enrichment looks at.
#[derive(Debug, Clone)]
pub struct EnrichmentSelection {
    pub enterprise_id: i64,
    pub store_ids: Vec<i64>,
    pub file_types: Vec<FileType>,
    pub report_id: Option<i64>,
}

/// A reviewer's decision on one imported row.
#[derive(Debug, Clone, Copy)]
pub struct Review {
    pub id: i64,
    pub decision: ReviewDecision,
    pub reason: Option<ReasonKey>,
    pub reviewer: i64,
    pub now: DateTime<Utc>,
}

/// What loading the rows that waited for a store code did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParkedLoad {
    /// Rows written (inserted, updated or unchanged).
    pub loaded: u64,
    pub inserted: u64,
    pub updated: u64,
    /// Rows refused while writing, listed on their reports.
    pub failed: u64,
    pub enrichment: EnrichmentCounts,
}

/// What enrichment did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnrichmentCounts {
    pub examined: u64,
    pub leads_created: u64,
    pub lead_exists: u64,
    pub not_matched: u64,
    pub not_textable: u64,
    pub not_eligible: u64,
}

impl EnrichmentCounts {
    pub fn add(&mut self, other: Self) {
        self.examined += other.examined;
        self.leads_created += other.leads_created;
        self.lead_exists += other.lead_exists;
        self.not_matched += other.not_matched;
        self.not_textable += other.not_textable;
        self.not_eligible += other.not_eligible;
    }
}

const REPORT_COLUMNS: [ImportFileReports; 30] = [
    ImportFileReports::Id,
    ImportFileReports::EnterpriseId,
    ImportFileReports::BocId,
    ImportFileReports::StoreId,
    ImportFileReports::FileType,
    ImportFileReports::RecallType,
    ImportFileReports::FileName,
    ImportFileReports::Status,
    ImportFileReports::TotalRows,
    ImportFileReports::ImportedRows,
    ImportFileReports::FailedRows,
    ImportFileReports::InsertedRows,
    ImportFileReports::UpdatedRows,
    ImportFileReports::UnchangedRows,
    ImportFileReports::LeadsCreated,
    ImportFileReports::JobRunId,
    ImportFileReports::UploadedBy,
    ImportFileReports::CreatedAt,
    ImportFileReports::FinishedAt,
    ImportFileReports::DataSourceId,
    ImportFileReports::FileFormat,
    ImportFileReports::SizeBytes,
    ImportFileReports::ContentSha256,
    ImportFileReports::Headers,
    ImportFileReports::Mapping,
    ImportFileReports::RowsDone,
    ImportFileReports::BytesRead,
    ImportFileReports::Error,
    ImportFileReports::SyncHistoryId,
    ImportFileReports::Table,
];

fn clamp(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[derive(Debug, Clone)]
pub struct ImportStore {
    db: Database,
}

impl ImportStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    fn select_reports() -> SelectStatement {
        Query::select()
            .columns(REPORT_COLUMNS[..29].iter().copied())
            .from(ImportFileReports::Table)
            .to_owned()
    }

    /// Keeps an uploaded file (read from `path`) and its report, QUEUED for the loading run.
    pub async fn create_report(
        &self,
        new: &NewReport,
        path: &Path,
        now: DateTime<Utc>,
    ) -> Result<ImportReport> {
        let mut tx = self.db.begin().await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(ImportFileReports::Table)
                    .columns([
                        ImportFileReports::EnterpriseId,
                        ImportFileReports::BocId,
                        ImportFileReports::StoreId,
                        ImportFileReports::FileType,
                        ImportFileReports::RecallType,
                        ImportFileReports::FileName,
                        ImportFileReports::Status,
                        ImportFileReports::UploadedBy,
                        ImportFileReports::CreatedAt,
                        ImportFileReports::DataSourceId,
                        ImportFileReports::FileFormat,
                        ImportFileReports::SizeBytes,
                        ImportFileReports::ContentSha256,
                        ImportFileReports::Headers,
                        ImportFileReports::Mapping,
                        ImportFileReports::SyncHistoryId,
                    ])
                    .values_panic([
                        new.enterprise_id.into(),
                        new.boc_id.into(),
                        new.store_id.into(),
                        new.file_type.as_str().into(),
                        new.recall_type.clone().into(),
                        new.file_name.clone().into(),
                        ImportStatus::Queued.as_str().into(),
                        new.uploaded_by.into(),
                        now.into(),
                        new.data_source_id.into(),
                        new.file_format.clone().into(),
                        (new.size_bytes as i64).into(),
                        new.content_sha256.clone().into(),
                        serde_json::to_string(&new.headers)
                            .unwrap_or_default()
                            .into(),
                        serde_json::to_string(&new.mapping)
                            .unwrap_or_default()
                            .into(),
                        new.sync_history_id.into(),
                    ])
                    .returning_col(ImportFileReports::Id)
                    .to_owned(),
            )
            .await?;
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(|e| Error::Internal(format!("reading the spooled upload: {e}")))?;
        let mut seq = 0i32;
        loop {
            let mut chunk = Vec::with_capacity(CHUNK_BYTES);
            let read = (&mut file)
                .take(CHUNK_BYTES as u64)
                .read_to_end(&mut chunk)
                .await
                .map_err(|e| Error::Internal(format!("reading the spooled upload: {e}")))?;
            if read == 0 {
                break;
            }
            tx.execute(
                &Query::insert()
                    .into_table(ImportFileChunks::Table)
                    .columns([
                        ImportFileChunks::ReportId,
                        ImportFileChunks::Seq,
                        ImportFileChunks::Content,
                    ])
                    .values_panic([id.into(), seq.into(), chunk.into()])
                    .to_owned(),
            )
            .await?;
            seq += 1;
        }
        tx.commit().await?;
        self.report(new.enterprise_id, id).await
    }

    /// Records the run that loads a file.
    pub async fn set_job_run(&self, id: i64, run_id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(ImportFileReports::Table)
                    .value(ImportFileReports::JobRunId, run_id)
                    .and_where(Expr::col(ImportFileReports::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Removes a report whose run could not be started (the upload then answers an error).
    pub async fn delete_queued(&self, id: i64) -> Result<()> {
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::delete()
                .from_table(ImportFileChunks::Table)
                .and_where(Expr::col(ImportFileChunks::ReportId).eq(id))
                .to_owned(),
        )
        .await?;
        tx.execute(
            &Query::delete()
                .from_table(ImportFileReports::Table)
                .and_where(Expr::col(ImportFileReports::Id).eq(id))
                .and_where(Expr::col(ImportFileReports::Status).eq(ImportStatus::Queued.as_str()))
                .to_owned(),
        )
        .await?;
        tx.commit().await
    }

    pub async fn report(&self, enterprise_id: i64, id: i64) -> Result<ImportReport> {
        let mut query = Self::select_reports();
        query
            .and_where(Expr::col(ImportFileReports::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(ImportFileReports::Id).eq(id));
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("File report not found"))
    }

    /// The report of a file a data source delivered, by its name and content: a file is
    /// imported once, and a changed file under the same name again.
    pub async fn delivered_report(
        &self,
        data_source_id: i64,
        file_name: &str,
        sha256: &str,
    ) -> Result<Option<ImportReport>> {
        let mut query = Self::select_reports();
        query
            .and_where(Expr::col(ImportFileReports::DataSourceId).eq(data_source_id))
            .and_where(Expr::col(ImportFileReports::FileName).eq(file_name))
            .and_where(Expr::col(ImportFileReports::ContentSha256).eq(sha256))
            .order_by(ImportFileReports::Id, Order::Desc)
            .limit(1);
        self.db.fetch_optional(&query).await
    }

    /// The files a sync loaded, added up.
    pub async fn sync_totals(&self, sync_history_id: i64) -> Result<SyncTotals> {
        let sum = |column: ImportFileReports| {
            Func::coalesce([Expr::from(Func::sum(Expr::col(column))), Expr::val(0)])
                .cast_as("BIGINT")
        };
        let of_sync = Expr::col(ImportFileReports::SyncHistoryId).eq(sync_history_id);
        let query = Query::select()
            .expr(Func::count(Expr::col(ImportFileReports::Id)).cast_as("BIGINT"))
            .expr(sum(ImportFileReports::TotalRows))
            .expr(sum(ImportFileReports::InsertedRows))
            .expr(sum(ImportFileReports::UpdatedRows))
            .expr(sum(ImportFileReports::UnchangedRows))
            .expr(sum(ImportFileReports::FailedRows))
            .from(ImportFileReports::Table)
            .and_where(of_sync.clone())
            .to_owned();
        type Sums = (i64, i64, i64, i64, i64, i64);
        let (files, rows, inserted, updated, unchanged, failed_rows): Sums =
            self.db.fetch_optional(&query).await?.unwrap_or_default();
        let failed_files: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .expr(Func::count(Expr::col(ImportFileReports::Id)).cast_as("BIGINT"))
                    .from(ImportFileReports::Table)
                    .and_where(of_sync)
                    .and_where(
                        Expr::col(ImportFileReports::Status).eq(ImportStatus::Failed.as_str()),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(SyncTotals {
            files,
            failed_files,
            rows,
            inserted,
            updated,
            unchanged,
            failed_rows,
        })
    }

    /// Reports of these stores, newest first.
    pub async fn reports(
        &self,
        search: &ReportSearch,
        page: PageRequest,
    ) -> Result<Page<ImportReport>> {
        let filter = |query: &mut SelectStatement| {
            query
                .and_where(Expr::col(ImportFileReports::EnterpriseId).eq(search.enterprise_id))
                .and_where(Expr::col(ImportFileReports::StoreId).is_in(search.store_ids.clone()));
            if let Some(file_type) = search.file_type {
                query.and_where(Expr::col(ImportFileReports::FileType).eq(file_type.as_str()));
            }
        };
        let mut count = Query::select();
        count
            .expr(Expr::col(sea_query::Asterisk).count())
            .from(ImportFileReports::Table);
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Self::select_reports();
        filter(&mut query);
        query
            .order_by(ImportFileReports::CreatedAt, Order::Desc)
            .order_by(ImportFileReports::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// Writes the kept file of a report to `to`, chunk by chunk.
    pub async fn spool(&self, report_id: i64, to: &mut tokio::fs::File) -> Result<u64> {
        let mut seq = 0i32;
        let mut written = 0u64;
        loop {
            let chunk: Option<Vec<u8>> = self
                .db
                .fetch_optional::<(Vec<u8>,)>(
                    &Query::select()
                        .column(ImportFileChunks::Content)
                        .from(ImportFileChunks::Table)
                        .and_where(Expr::col(ImportFileChunks::ReportId).eq(report_id))
                        .and_where(Expr::col(ImportFileChunks::Seq).eq(seq))
                        .to_owned(),
                )
                .await?
                .map(|(c,)| c);
            let Some(chunk) = chunk else { break };
            to.write_all(&chunk)
                .await
                .map_err(|e| Error::Internal(format!("spooling an import file: {e}")))?;
            written += chunk.len() as u64;
            seq += 1;
        }
        to.flush()
            .await
            .map_err(|e| Error::Internal(format!("spooling an import file: {e}")))?;
        Ok(written)
    }

    /// Marks a QUEUED report RUNNING (a resumed one stays RUNNING, and one its run gave up on
    /// runs again, its failure cleared).
    /// Marks a load as started, and returns how often earlier loads of the report died with
    /// their process (it was found still running: nothing ended it).
    pub async fn mark_running(&self, id: i64) -> Result<i32> {
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(ImportFileReports::Table)
                .value(ImportFileReports::Status, ImportStatus::Running.as_str())
                .value(ImportFileReports::Error, None::<String>)
                .value(ImportFileReports::FinishedAt, None::<DateTime<Utc>>)
                .value(
                    ImportFileReports::Interruptions,
                    Expr::case(
                        Expr::col(ImportFileReports::Status).eq(ImportStatus::Running.as_str()),
                        Expr::col(ImportFileReports::Interruptions).add(1),
                    )
                    .finally(Expr::col(ImportFileReports::Interruptions)),
                )
                .and_where(Expr::col(ImportFileReports::Id).eq(id))
                .and_where(Expr::col(ImportFileReports::Status).is_in([
                    ImportStatus::Queued.as_str(),
                    ImportStatus::Failed.as_str(),
                    ImportStatus::Running.as_str(),
                ]))
                .to_owned(),
        )
        .await?;
        let interruptions: i32 = tx
            .fetch_scalar(
                &Query::select()
                    .column(ImportFileReports::Interruptions)
                    .from(ImportFileReports::Table)
                    .and_where(Expr::col(ImportFileReports::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        tx.commit().await?;
        Ok(interruptions)
    }

    /// Hands a load that stopped on an error of ours (not of the file) back as queued, so the
    /// next load does not count it as a death of its process.
    pub async fn mark_stopped(&self, id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(ImportFileReports::Table)
                    .value(ImportFileReports::Status, ImportStatus::Queued.as_str())
                    .and_where(Expr::col(ImportFileReports::Id).eq(id))
                    .and_where(
                        Expr::col(ImportFileReports::Status).eq(ImportStatus::Running.as_str()),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Whether a load of the report has work to do: it is not final, or its run gave up on it
    /// (FAILED with its file still kept, see [`Self::close_unfinished`]), so a retried run
    /// resumes it. A file that could not be read is FAILED with its file dropped: final.
    pub async fn is_resumable(&self, report: &ImportReport) -> Result<bool> {
        if !report.status.is_final() {
            return Ok(true);
        }
        if report.status != ImportStatus::Failed {
            return Ok(false);
        }
        let kept: Option<(i32,)> = self
            .db
            .fetch_optional(
                &Query::select()
                    .column(ImportFileChunks::Seq)
                    .from(ImportFileChunks::Table)
                    .and_where(Expr::col(ImportFileChunks::ReportId).eq(report.id))
                    .limit(1)
                    .to_owned(),
            )
            .await?;
        Ok(kept.is_some())
    }

    /// Closes the reports a job run left QUEUED or RUNNING when it ended for good without
    /// finishing them (report `report_id`'s, or those of sync `sync_history_id`): FAILED with
    /// the run's reason and the file kept, so retrying the run resumes them; or CANCELLED with
    /// the file dropped. Returns how many were closed.
    pub async fn close_unfinished(
        &self,
        reports: UnfinishedReports,
        status: ImportStatus,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let which = match reports {
            UnfinishedReports::Report(id) => Expr::col(ImportFileReports::Id).eq(id),
            UnfinishedReports::OfSync(id) => Expr::col(ImportFileReports::SyncHistoryId).eq(id),
        };
        let open = which.and(Expr::col(ImportFileReports::Status).is_in([
            ImportStatus::Queued.as_str(),
            ImportStatus::Running.as_str(),
        ]));
        let mut tx = self.db.begin().await?;
        if status != ImportStatus::Failed {
            tx.execute(
                &Query::delete()
                    .from_table(ImportFileChunks::Table)
                    .and_where(
                        Expr::col(ImportFileChunks::ReportId).in_subquery(
                            Query::select()
                                .column(ImportFileReports::Id)
                                .from(ImportFileReports::Table)
                                .and_where(open.clone())
                                .to_owned(),
                        ),
                    )
                    .to_owned(),
            )
            .await?;
        }
        let closed = tx
            .execute(
                &Query::update()
                    .table(ImportFileReports::Table)
                    .value(ImportFileReports::Status, status.as_str())
                    .value(ImportFileReports::Error, reason)
                    .value(ImportFileReports::FinishedAt, now)
                    .and_where(open)
                    .to_owned(),
            )
            .await?;
        tx.commit().await?;
        Ok(closed)
    }

    /// Ends a report: its final status (COMPLETED_WITH_ERRORS when rows failed), why it
    /// failed, and its kept file dropped.
    pub async fn finish(
        &self,
        id: i64,
        status: ImportStatus,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        let failed: i32 = tx
            .fetch_scalar(
                &Query::select()
                    .column(ImportFileReports::FailedRows)
                    .from(ImportFileReports::Table)
                    .and_where(Expr::col(ImportFileReports::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        let status = if status == ImportStatus::Completed && failed > 0 {
            ImportStatus::CompletedWithErrors
        } else {
            status
        };
        tx.execute(
            &Query::update()
                .table(ImportFileReports::Table)
                .value(ImportFileReports::Status, status.as_str())
                .value(ImportFileReports::Error, error.map(str::to_owned))
                .value(ImportFileReports::FinishedAt, now)
                .and_where(Expr::col(ImportFileReports::Id).eq(id))
                .to_owned(),
        )
        .await?;
        tx.execute(
            &Query::delete()
                .from_table(ImportFileChunks::Table)
                .and_where(Expr::col(ImportFileChunks::ReportId).eq(id))
                .to_owned(),
        )
        .await?;
        tx.commit().await
    }

    /// Refreshes the planner's statistics of the tables a load of `file_type` fills.
    pub async fn refresh_statistics(&self, file_type: FileType) -> Result<()> {
        self.db.analyze_tables(file_type.tables()).await
    }

    /// Whether a load of `file_type` writes each batch's customers ahead of the batch, on a
    /// connection of their own: on PostgreSQL a customer-vehicle file's batch then has its
    /// customers written while the batch before has its vehicles written, on two of the
    /// server's cores (one connection leaves the server's other core idle; issue 39 measured
    /// one connection at 0.62x the speed of COPY). SQLite writes on one connection anyway.
    pub fn writes_customers_ahead(&self, file_type: FileType) -> bool {
        file_type == FileType::DmsCustomerVehicles && self.db.kind() == BackendKind::Postgres
    }

    /// Writes the customers of a customer-vehicle batch in a transaction of their own, for
    /// [`Self::load_batch`] to write the rest. Customers are keyed by their number, so a
    /// batch read again after a stop finds them written and counts them unchanged; rows
    /// carrying a store code are routed with the batch first, and such a batch is left to be
    /// written whole (`None`).
    pub async fn write_customers_ahead(
        &self,
        report: &ImportReport,
        records: &[Record],
        now: DateTime<Utc>,
    ) -> Result<Option<BatchCustomers>> {
        if records
            .iter()
            .any(|r| super::unmapped::store_code_of(r).is_some())
        {
            return Ok(None);
        }
        let mut tx = self.db.begin().await?;
        let customers = upsert_customers(&mut tx, report, records, now).await?;
        tx.commit().await?;
        Ok(Some(customers))
    }

    /// Writes one batch: its records upserted, its problems listed, and the report's counts
    /// and checkpoint moved past it (and past the unwritten batches before it), all or nothing
    /// (a report another worker moved on is a conflict, and nothing is written). A batch that
    /// may be deferred and changes nothing is not written at all: a second load of the same
    /// file commits once every few batches instead of once a batch.
    pub async fn load_batch(
        &self,
        report: &ImportReport,
        batch: &RowBatch<'_>,
        now: DateTime<Utc>,
    ) -> Result<BatchWrite> {
        let mut tx = self.db.begin().await?;
        let routed = super::unmapped::route(&mut tx, report, batch.records, now).await?;
        let (mut counts, late_problems) =
            write_records(&mut tx, report, &routed.own, batch.customers_written, now).await?;
        let problems: Vec<&RowProblem> = batch
            .problems
            .iter()
            .chain(&routed.problems)
            .chain(&late_problems)
            .collect();
        let failed_lines: HashSet<u64> = problems.iter().map(|p| p.line).collect();
        counts.failed = failed_lines.len() as u64;
        if batch.may_defer && problems.is_empty() && counts.inserted + counts.updated == 0 {
            // Read only: dropping the transaction rolls nothing back.
            drop(tx);
            return Ok(BatchWrite::Deferred(counts));
        }
        insert_problems(&mut tx, report.id, &problems).await?;
        let total = counts.plus(batch.carried);
        move_checkpoint(&mut tx, report, batch, total).await?;
        tx.commit().await?;
        Ok(BatchWrite::Written(total))
    }

    /// Loads the rows waiting for `code` into `target`'s store, a few hundred rows per
    /// transaction (each taking its rows off the waiting list), then makes the leads of the
    /// lead files among them. A row still refused (a repair order naming a customer not
    /// loaded) is listed on its file's report.
    pub async fn load_parked(
        &self,
        enterprise_id: i64,
        code: &str,
        target: &CodeTarget,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<ParkedLoad> {
        let mut load = ParkedLoad::default();
        let mut lead_reports: BTreeMap<i64, FileType> = BTreeMap::new();
        loop {
            let mut tx = self.db.begin().await?;
            let rows = UnmappedStore::next_parked(&mut tx, enterprise_id, code, 500).await?;
            if rows.is_empty() {
                break;
            }
            let mut by_report: BTreeMap<i64, Vec<&str>> = BTreeMap::new();
            for row in &rows {
                by_report
                    .entry(row.report_id)
                    .or_default()
                    .push(&row.record);
            }
            for (report_id, kept) in by_report {
                let report: ImportReport = tx
                    .fetch_optional(
                        Self::select_reports()
                            .and_where(Expr::col(ImportFileReports::EnterpriseId).eq(enterprise_id))
                            .and_where(Expr::col(ImportFileReports::Id).eq(report_id)),
                    )
                    .await?
                    .ok_or_else(|| Error::Internal(format!("report {report_id} went away")))?;
                let report = ImportReport {
                    boc_id: Some(target.boc_id),
                    store_id: Some(target.store_id),
                    ..report
                };
                let records = kept
                    .iter()
                    .map(|stored| Record::from_stored(report.file_type, stored))
                    .collect::<Result<Vec<_>>>()?;
                let (counts, problems) =
                    write_records(&mut tx, &report, &records, None, now).await?;
                let failed: HashSet<u64> = problems.iter().map(|p| p.line).collect();
                load.loaded += records.len() as u64 - failed.len() as u64;
                load.failed += failed.len() as u64;
                load.inserted += counts.inserted;
                load.updated += counts.updated;
                insert_problems(&mut tx, report.id, &problems.iter().collect::<Vec<_>>()).await?;
                if report.file_type.makes_leads() {
                    lead_reports.insert(report.id, report.file_type);
                }
            }
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            UnmappedStore::delete_parked(&mut tx, &ids).await?;
            tx.commit().await?;
        }
        for (report_id, file_type) in lead_reports {
            let selection = EnrichmentSelection {
                enterprise_id,
                store_ids: vec![target.store_id],
                file_types: vec![file_type],
                report_id: Some(report_id),
            };
            while let Some(batch) = self.enrich_next(&selection, today, now).await? {
                load.enrichment.add(batch);
            }
        }
        Ok(load)
    }

    /// Writes the checkpoint and counts of deferred batches no written batch followed (the
    /// file's last batches, or those before a cancel).
    pub async fn write_carried(&self, report: &ImportReport, batch: &RowBatch<'_>) -> Result<()> {
        let mut tx = self.db.begin().await?;
        move_checkpoint(&mut tx, report, batch, batch.carried).await?;
        tx.commit().await
    }

    /// A report's row problems, by line.
    pub async fn row_errors(&self, report_id: i64, page: PageRequest) -> Result<Page<RowError>> {
        let total: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(sea_query::Asterisk).count())
                    .from(ImportRowErrors::Table)
                    .and_where(Expr::col(ImportRowErrors::ReportId).eq(report_id))
                    .to_owned(),
            )
            .await?;
        let rows = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([
                        ImportRowErrors::Id,
                        ImportRowErrors::RowNumber,
                        ImportRowErrors::Field,
                        ImportRowErrors::Message,
                        ImportRowErrors::RawRow,
                    ])
                    .from(ImportRowErrors::Table)
                    .and_where(Expr::col(ImportRowErrors::ReportId).eq(report_id))
                    .order_by(ImportRowErrors::RowNumber, Order::Asc)
                    .order_by(ImportRowErrors::Id, Order::Asc)
                    .limit(page.size)
                    .offset(page.offset())
                    .to_owned(),
            )
            .await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// The error file: the header row and a `Problems` column, then each refused row as it was
    /// read with its problems, so the admin can fix the rows and upload the file again.
    pub async fn error_file(&self, report: &ImportReport) -> Result<Vec<u8>> {
        // Raw rows of someone's file: written through the one CSV writer that defuses formulas.
        let mut writer = CsvWriter::new(Vec::new());
        let mut header = report.header_row();
        let width = header.len();
        header.push("Line".to_owned());
        header.push("Problems".to_owned());
        writer.write_record(&header)?;
        // One line per row, its problems joined; a row's problems may span pages.
        let mut row: Option<(i32, Vec<String>, Vec<String>)> = None;
        let write_row =
            |writer: &mut CsvWriter<Vec<u8>>,
             (line, mut cells, messages): (i32, Vec<String>, Vec<String>)| {
                cells.resize(width, String::new());
                cells.push(line.to_string());
                cells.push(messages.join("; "));
                writer.write_record(&cells)
            };
        let mut after = (-1i32, -1i64);
        loop {
            let errors: Vec<RowError> = self
                .db
                .fetch_all(
                    &Query::select()
                        .columns([
                            ImportRowErrors::Id,
                            ImportRowErrors::RowNumber,
                            ImportRowErrors::Field,
                            ImportRowErrors::Message,
                            ImportRowErrors::RawRow,
                        ])
                        .from(ImportRowErrors::Table)
                        .and_where(Expr::col(ImportRowErrors::ReportId).eq(report.id))
                        .and_where(
                            Expr::col(ImportRowErrors::RowNumber)
                                .gt(after.0)
                                .or(Expr::col(ImportRowErrors::RowNumber)
                                    .eq(after.0)
                                    .and(Expr::col(ImportRowErrors::Id).gt(after.1))),
                        )
                        .order_by(ImportRowErrors::RowNumber, Order::Asc)
                        .order_by(ImportRowErrors::Id, Order::Asc)
                        .limit(1_000)
                        .to_owned(),
                )
                .await?;
            let Some(last) = errors.last() else { break };
            after = (last.row_number, last.id);
            for error in &errors {
                // A cell's problem already names its field; the column is added when its
                // header is another name ("Serial Number: VIN: …", not "VIN: VIN: …").
                let message = match &error.field {
                    Some(field) if !error.message.starts_with(&format!("{field}:")) => {
                        format!("{field}: {}", error.message)
                    }
                    _ => error.message.clone(),
                };
                match &mut row {
                    Some((line, _, messages)) if *line == error.row_number => {
                        messages.push(message)
                    }
                    _ => {
                        if let Some(done) =
                            row.replace((error.row_number, error.cells(), vec![message]))
                        {
                            write_row(&mut writer, done)?;
                        }
                    }
                }
            }
        }
        if let Some(done) = row.take() {
            write_row(&mut writer, done)?;
        }
        writer.into_inner()
    }
}
