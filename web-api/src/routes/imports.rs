//! Data imports (spec section 7, "Imports and sync"): upload a recall, prepaid-maintenance,
//! FEA or dealer-system file, which an `imports.file` run loads; the mapping step's preview;
//! upload reports, row errors and the error file; the imported leads of a file. The layouts
//! and the paths the spec does not show are ours, listed in docs/imports.md.
// Handlers take one argument per query parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::JobInput;
use engine::imports::reader::{FileInfo, SourceRow, sample};
use engine::imports::spool::{KeptUploads, SpooledFile, spool_upload};
use engine::imports::{
    ColumnMapping, EnrichmentInput, EnrichmentStatus, FileImportInput, FileType, IMPORT_ROLES,
    ReasonKey, RecallType, ReviewDecision, fields, fields_of,
};
use engine::store::PageRequest;
use engine::store::imports::{
    ImportReport, ImportedLead, ImportedLeadSearch, NewReport, ReportSearch, Review, RowError,
};
use engine::store::settings::StoreSettings;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Attachment, AttachmentType, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::ApiTags;
use super::jobs::{JobRunView, run_view};
use crate::auth::{Session, request_scope, store_under_dealer, stores_of};
use crate::closed::Closed;
use crate::error::ApiResult;
use crate::state::AppState;

/// Sample rows the mapping step shows.
const SAMPLE_ROWS: usize = 5;

/// An uploaded file's report: where its load is and what it did.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FileReportView {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    /// PREPAID_MAINTENANCE, RECALL, FEA_ALERT, DMS_CUSTOMER_VEHICLES, DMS_ADVISORS, DMS_SALES,
    /// DMS_REPAIR_ORDERS or DMS_APPOINTMENTS.
    pub file_type: String,
    pub recall_type: Option<String>,
    pub file_name: String,
    /// CSV, XLSX, XLSB, XLS or ODS.
    pub file_format: Option<String>,
    pub size_bytes: i64,
    pub status: Closed<engine::imports::ImportStatus>,
    /// Percent of the file read.
    pub progress: i32,
    /// Data rows read.
    pub total_rows: i32,
    /// Rows loaded (inserted, updated or unchanged).
    pub imported_rows: i32,
    pub inserted_rows: i32,
    pub updated_rows: i32,
    /// Rows the same as what is stored: a file loaded twice changes nothing the second time.
    pub unchanged_rows: i32,
    /// Rows refused; each is in the row errors and the error file.
    pub failed_rows: i32,
    pub leads_created: i32,
    /// Field → the file's column it was read from.
    pub mapping: BTreeMap<String, String>,
    /// Why a FAILED file could not be read.
    pub error: Option<String>,
    /// The run that loads it (`GET /api/jobs/{id}` follows it; cancel it there).
    pub job_run_id: Option<i64>,
    pub uploaded_by: Option<i64>,
    /// The data source the file came from, and the sync that delivered it.
    pub data_source_id: Option<i64>,
    pub sync_id: Option<i64>,
    pub created_on: DateTime<Utc>,
    pub finished_on: Option<DateTime<Utc>>,
}

impl From<ImportReport> for FileReportView {
    fn from(r: ImportReport) -> Self {
        Self {
            progress: r.percent(),
            mapping: r.field_mapping(),
            id: r.id,
            enterprise_id: r.enterprise_id,
            boc_id: r.boc_id,
            store_id: r.store_id,
            file_type: r.file_type.as_str().to_owned(),
            recall_type: r.recall_type,
            file_name: r.file_name,
            file_format: r.file_format,
            size_bytes: r.size_bytes,
            status: Closed(r.status),
            total_rows: r.total_rows,
            imported_rows: r.imported_rows,
            inserted_rows: r.inserted_rows,
            updated_rows: r.updated_rows,
            unchanged_rows: r.unchanged_rows,
            failed_rows: r.failed_rows,
            leads_created: r.leads_created,
            error: r.error,
            job_run_id: r.job_run_id,
            uploaded_by: r.uploaded_by,
            data_source_id: r.data_source_id,
            sync_id: r.sync_history_id,
            created_on: r.created_at,
            finished_on: r.finished_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FileReportPage {
    pub content: Vec<FileReportView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RowErrorView {
    pub id: i64,
    /// The row's line in the file (its row number in a workbook).
    pub row_number: i32,
    /// The column the problem is in.
    pub column: Option<String>,
    pub message: String,
    /// The row's cells as read.
    pub cells: Vec<String>,
}

impl From<RowError> for RowErrorView {
    fn from(e: RowError) -> Self {
        Self {
            cells: e.cells(),
            id: e.id,
            row_number: e.row_number,
            column: e.field,
            message: e.message,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RowErrorPage {
    pub content: Vec<RowErrorView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// One row of a recall, prepaid-maintenance or FEA file (the list of customer-vehicle leads).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ImportedLeadView {
    pub id: i64,
    pub store_id: i64,
    pub file_type: String,
    /// RECALL, PREPAID_MAINTENANCE, TOYOTA_ERROR_ALERT or LEXUS_ERROR_ALERT.
    pub campaign_type: String,
    pub file_report_id: Option<i64>,
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
    pub description: Option<String>,
    /// The recall date, the contract's purchase date or the alert's date.
    pub event_date: Option<NaiveDate>,
    pub expiry_date: Option<NaiveDate>,
    pub visits_total: Option<i32>,
    pub visits_used: Option<i32>,
    pub mileage: Option<i32>,
    /// What enrichment or a reviewer made of the row (docs/imports.md).
    pub enrichment_status: Closed<engine::imports::EnrichmentStatus>,
    pub reason_key: Option<String>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    /// The lead made of the row.
    pub future_service_interaction_id: Option<i64>,
    pub updated_on: DateTime<Utc>,
}

impl From<ImportedLead> for ImportedLeadView {
    fn from(l: ImportedLead) -> Self {
        Self {
            id: l.id,
            store_id: l.store_id,
            file_type: l.file_type.as_str().to_owned(),
            campaign_type: l.campaign_type.as_str().to_owned(),
            file_report_id: l.report_id,
            line_number: l.line_number,
            recall_type: l.recall_type,
            campaign_code: l.campaign_code,
            vin: l.vin,
            customer_number: l.customer_number,
            first_name: l.first_name,
            last_name: l.last_name,
            phone: l.phone,
            email: l.email,
            make: l.make,
            model: l.model,
            year: l.year,
            description: l.description,
            event_date: l.event_date,
            expiry_date: l.expiry_date,
            visits_total: l.visits_total,
            visits_used: l.visits_used,
            mileage: l.mileage,
            enrichment_status: Closed(l.enrichment_status),
            reason_key: l.reason_key,
            customer_id: l.customer_id,
            vehicle_id: l.vehicle_id,
            future_service_interaction_id: l.fsi_id,
            updated_on: l.updated_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ImportedLeadPage {
    pub content: Vec<ImportedLeadView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// A field of a file type, as the mapping step shows it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FieldView {
    pub key: String,
    pub label: String,
    /// TEXT, VIN, PHONE, EMAIL, DATE, INTEGER or YEAR.
    pub kind: String,
    pub required: bool,
    /// Header names the field is recognised by.
    pub synonyms: Vec<String>,
    /// The file's column suggested for it (preview only).
    pub column: Option<String>,
    /// That column's first values (preview only).
    pub samples: Option<Vec<String>>,
}

fn field_views(
    file_type: FileType,
    mapping: Option<(&ColumnMapping, &FileInfo, &[SourceRow])>,
) -> Vec<FieldView> {
    fields_of(file_type)
        .iter()
        .map(|f| {
            let column = mapping.and_then(|(m, _, _)| m.column_of(f.key));
            FieldView {
                key: f.key.to_owned(),
                label: f.label.to_owned(),
                kind: serde_json::to_value(f.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                required: f.required,
                synonyms: f.synonyms.iter().map(|s| (*s).to_owned()).collect(),
                column: column
                    .and_then(|c| mapping.and_then(|(_, info, _)| info.headers.get(c).cloned())),
                samples: mapping.map(|(_, _, rows)| {
                    rows.iter()
                        .map(|r| {
                            column
                                .and_then(|c| r.cells.get(c).cloned())
                                .unwrap_or_default()
                        })
                        .collect()
                }),
            }
        })
        .collect()
}

/// What the mapping step shows of a file before it is loaded.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FilePreview {
    pub file_type: String,
    pub file_name: String,
    pub file_format: String,
    /// CSV only: UTF-8 or WINDOWS-1252.
    pub encoding: Option<String>,
    /// CSV only: the separator found.
    pub separator: Option<String>,
    /// Workbooks: the sheet read (the first).
    pub sheet: Option<String>,
    pub headers: Vec<String>,
    /// The first rows, as read.
    pub sample_rows: Vec<Vec<String>>,
    /// Each field with its suggested column and that column's sample values.
    pub fields: Vec<FieldView>,
    /// Required fields no column was found for: the load needs a mapping for each.
    pub missing_required: Vec<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RecallTypeView {
    pub code: String,
    pub label: String,
}

#[derive(Debug, Object)]
pub struct ReasonView {
    pub key: String,
    pub message: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct EnrichmentStarted {
    /// 'Processing has been started successfully'.
    pub message: String,
    pub job_run: JobRunView,
}

#[derive(ApiResponse)]
pub enum EnrichmentResponse {
    /// The `imports.enrich` run is queued: follow it at `/api/jobs/{id}`.
    #[oai(status = 202)]
    Accepted(Json<EnrichmentStarted>),
}

#[derive(ApiResponse)]
pub enum ImportStarted {
    /// The file is kept and its load started: follow the report (or `jobRunId`).
    #[oai(status = 202)]
    Accepted(Json<FileReportView>),
}

#[derive(Debug, Multipart)]
pub struct ImportForm {
    /// The data file: CSV (UTF-8 or Windows-1252; comma, semicolon, tab or pipe), XLSX,
    /// XLSB, XLS or ODS; at most 100 MB.
    #[oai(rename = "multipartFile")]
    pub multipart_file: Upload,
    /// The confirmed mapping, a JSON object of field key → header (the preview's
    /// suggestion when absent).
    pub mapping: Option<String>,
}

#[derive(Debug, Multipart)]
pub struct PreviewForm {
    #[oai(rename = "multipartFile")]
    pub multipart_file: Upload,
}

pub(super) fn file_type_of(text: &str) -> Result<FileType, engine::Error> {
    text.parse().map_err(|_| {
        engine::Error::invalid(format!(
            "file_type must be one of {}",
            FileType::ALL
                .iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// The store an upload names, inside the caller's scope and under the dealer and enterprise
/// it also names (when it names them).
async fn upload_store(
    state: &AppState,
    scope: &Scope,
    enterprise_id: Option<i64>,
    boc_id: Option<i64>,
    store_id: i64,
) -> ApiResult<StoreSettings> {
    let store = store_under_dealer(state, scope, boc_id, store_id).await?;
    if enterprise_id.is_some_and(|e| e != store.enterprise_id) {
        return Err(engine::Error::not_found("Store not found").into());
    }
    Ok(store)
}

/// The mapping a data source saved for a file type, when an upload names the source (one of
/// the upload's store).
async fn saved_mapping(
    state: &AppState,
    scope: &Scope,
    data_source_id: Option<i64>,
    store_id: i64,
    file_type: FileType,
) -> ApiResult<Option<BTreeMap<String, String>>> {
    let Some(id) = data_source_id else {
        return Ok(None);
    };
    let source = super::data_sources::source_in_scope(state, scope, id).await?;
    if source.store_id != Some(store_id) {
        return Err(engine::Error::invalid("The data source belongs to another store").into());
    }
    Ok(Some(
        state.data_sources.mapping(source.id, file_type).await?,
    ))
}

/// The upload spooled and its header and first rows read.
async fn read_upload(
    upload: Upload,
    uploads: &KeptUploads,
) -> ApiResult<(String, SpooledFile, FileInfo, Vec<SourceRow>)> {
    let file_name = upload.file_name().unwrap_or("import.csv").to_owned();
    let spooled = spool_upload(upload.into_async_read(), uploads).await?;
    let path = spooled.file.path().to_owned();
    let size = spooled.size;
    let (info, rows) = tokio::task::spawn_blocking(move || sample(&path, size, SAMPLE_ROWS))
        .await
        .map_err(|e| engine::Error::Internal(format!("reading an upload: {e}")))??;
    Ok((file_name, spooled, info, rows))
}

impl From<engine::store::Page<ImportReport>> for FileReportPage {
    fn from(found: engine::store::Page<ImportReport>) -> Self {
        Self {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: found.content.into_iter().map(Into::into).collect(),
        }
    }
}

/// A report inside the caller's scope (another tenant's, or another store's: not found).
async fn report_in_scope(state: &AppState, scope: &Scope, id: i64) -> ApiResult<ImportReport> {
    let report = state.imports.report(scope.enterprise_id, id).await?;
    if !scope.contains(report.enterprise_id, report.boc_id, report.store_id) {
        return Err(engine::Error::not_found("File report not found").into());
    }
    Ok(report)
}

fn require_importer(caller: &Caller) -> ApiResult<()> {
    Ok(caller.require_any(IMPORT_ROLES)?)
}

pub struct ImportApi;

#[OpenApi(tag = "ApiTags::Imports")]
impl ImportApi {
    /// Uploads a data file for a store. The file's header is read at once: a file that is no
    /// CSV or workbook, lacks a required column, or names a mapping that does not fit is a
    /// 400 and nothing is kept. Otherwise the file is kept and answered 202 with its report;
    /// an `imports.file` run loads it (progress in percent of the file read). Rows with
    /// problems do not stop the file: each is listed in the report's row errors.
    #[oai(path = "/api/data-sync/import", method = "post")]
    async fn import(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        enterprise_id: Query<Option<i64>>,
        boc_id_pk: Query<Option<i64>>,
        store_id_pk: Query<i64>,
        /// For a RECALL file: SAFETY (default), EMISSIONS, SERVICE_CAMPAIGN or
        /// WARRANTY_EXTENSION.
        recall_type: Query<Option<String>>,
        /// PREPAID_MAINTENANCE, RECALL, FEA_ALERT, DMS_CUSTOMER_VEHICLES, DMS_ADVISORS,
        /// DMS_SALES, DMS_REPAIR_ORDERS or DMS_APPOINTMENTS.
        file_type: Query<String>,
        /// The data source the file comes from: the mapping saved for it is used where the
        /// form gives none.
        data_source_id: Query<Option<i64>>,
        form: ImportForm,
    ) -> ApiResult<ImportStarted> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let file_type = file_type_of(&file_type.0)?;
        let recall_type = match (file_type, recall_type.0.as_deref().map(str::trim)) {
            (FileType::Recall, None | Some("")) => Some(RecallType::Safety),
            (FileType::Recall, Some(text)) => Some(text.parse::<RecallType>().map_err(|_| {
                engine::Error::invalid(format!(
                    "recall_type must be one of {}",
                    RecallType::ALL
                        .iter()
                        .map(|t| t.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?),
            _ => None,
        };
        let chosen: Option<BTreeMap<String, String>> = match form.mapping.as_deref() {
            None | Some("") => None,
            Some(text) => Some(serde_json::from_str(text).map_err(|_| {
                engine::Error::invalid("mapping must be a JSON object of field → column header")
            })?),
        };
        let store =
            upload_store(&state, &scope, enterprise_id.0, boc_id_pk.0, store_id_pk.0).await?;
        let saved =
            saved_mapping(&state, &scope, data_source_id.0, store.store_id, file_type).await?;
        let (file_name, spooled, info, _) =
            read_upload(form.multipart_file, &state.uploads).await?;
        let mapping = fields::resolve(file_type, &info.headers, chosen.as_ref(), saved.as_ref())?;
        let new = NewReport {
            enterprise_id: store.enterprise_id,
            boc_id: store.boc_id,
            store_id: store.store_id,
            file_type,
            recall_type: recall_type.map(|r| r.as_str().to_owned()),
            file_name,
            file_format: info.format.as_str().to_owned(),
            size_bytes: spooled.size,
            content_sha256: spooled.sha256.clone(),
            mapping: mapping.by_header(&info.headers),
            headers: info.headers,
            data_source_id: data_source_id.0,
            sync_history_id: None,
            uploaded_by: Some(caller.user_id),
        };
        let report = state
            .imports
            .create_report(&new, spooled.file.path(), Utc::now())
            .await?;
        // Where the worker reads it (the database's copy serves one elsewhere).
        if let Err(error) = state.uploads.keep(spooled, report.id) {
            tracing::warn!(report = report.id, %error, "the upload is loaded from the database");
        }
        let input = FileImportInput {
            report_id: report.id,
            store_id: store.store_id,
        };
        let run = match state
            .jobs
            .start_input(&caller, &input, Some(store.enterprise_id))
            .await
        {
            Ok((run, _)) => run,
            Err(error) => {
                state.imports.delete_queued(report.id).await?;
                state.uploads.forget(report.id);
                return Err(error.into());
            }
        };
        state.imports.set_job_run(report.id, run.id).await?;
        let report = state.imports.report(store.enterprise_id, report.id).await?;
        Ok(ImportStarted::Accepted(Json(report.into())))
    }

    /// The mapping step: reads an upload's header and first rows and suggests a column for
    /// each field (by name and known synonyms). Nothing is kept.
    #[oai(path = "/api/data-sync/import/preview", method = "post")]
    async fn preview(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id_pk: Query<i64>,
        file_type: Query<String>,
        /// The data source the file comes from: its saved mapping is suggested first.
        data_source_id: Query<Option<i64>>,
        form: PreviewForm,
    ) -> ApiResult<Json<FilePreview>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let file_type = file_type_of(&file_type.0)?;
        let store = upload_store(&state, &scope, None, None, store_id_pk.0).await?;
        let saved =
            saved_mapping(&state, &scope, data_source_id.0, store.store_id, file_type).await?;
        let (file_name, _spooled, info, rows) =
            read_upload(form.multipart_file, &state.uploads).await?;
        let mapping = fields::suggest(file_type, &info.headers, saved.as_ref());
        let missing_required = fields_of(file_type)
            .iter()
            .filter(|f| f.required && mapping.column_of(f.key).is_none())
            .map(|f| f.key.to_owned())
            .collect();
        Ok(Json(FilePreview {
            file_type: file_type.as_str().to_owned(),
            file_name,
            file_format: info.format.as_str().to_owned(),
            encoding: info.encoding.map(|e| e.as_str().to_owned()),
            separator: info.separator.clone(),
            sheet: info.sheet.clone(),
            fields: field_views(file_type, Some((&mapping, &info, &rows))),
            sample_rows: rows.iter().map(|r| r.cells.clone()).collect(),
            headers: info.headers,
            missing_required,
        }))
    }

    /// The fields of a file type, with the header names each is recognised by.
    #[oai(path = "/api/data-sync/import/fields", method = "get")]
    async fn fields(
        &self,
        Session(caller): Session,
        file_type: Query<String>,
    ) -> ApiResult<Json<Vec<FieldView>>> {
        require_importer(&caller)?;
        Ok(Json(field_views(file_type_of(&file_type.0)?, None)))
    }

    /// Upload reports of an enterprise's stores (the caller's), newest first, by file type.
    #[oai(
        path = "/api/data-sync/fetch-file-uploard-reports/:enterpriseId",
        method = "get"
    )]
    async fn reports(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        file_type: Query<Option<String>>,
        store_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<FileReportPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        if enterprise_id.0 != scope.enterprise_id {
            return Err(engine::Error::not_found("Enterprise not found").into());
        }
        let file_type = file_type.0.as_deref().map(file_type_of).transpose()?;
        let store_ids = stores_of(&state, &scope, None, store_id.0).await?;
        let found = state
            .imports
            .reports(
                &ReportSearch {
                    enterprise_id: scope.enterprise_id,
                    store_ids,
                    file_type,
                },
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(found.into()))
    }

    /// One upload report.
    #[oai(path = "/api/data-sync/file-reports/:fileReportId", method = "get")]
    async fn report(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fileReportId")] file_report_id: Path<i64>,
    ) -> ApiResult<Json<FileReportView>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            report_in_scope(&state, &scope, file_report_id.0)
                .await?
                .into(),
        ))
    }

    /// A file's row errors, by line.
    #[oai(
        path = "/api/data-sync/file-reports/:fileReportId/errors",
        method = "get"
    )]
    async fn row_errors(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fileReportId")] file_report_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<RowErrorPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let report = report_in_scope(&state, &scope, file_report_id.0).await?;
        let found = state
            .imports
            .row_errors(report.id, PageRequest::new(page.0, size.0)?)
            .await?;
        Ok(Json(RowErrorPage {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: found.content.into_iter().map(Into::into).collect(),
        }))
    }

    /// The error file: the file's header with `Line` and `Problems` columns, then each refused
    /// row as read, with its problems. Fix the rows and upload the file again.
    #[oai(
        path = "/api/data-sync/file-reports/:fileReportId/error-file",
        method = "get"
    )]
    async fn error_file(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fileReportId")] file_report_id: Path<i64>,
    ) -> ApiResult<Attachment<Vec<u8>>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let report = report_in_scope(&state, &scope, file_report_id.0).await?;
        let content = state.imports.error_file(&report).await?;
        let stem = report
            .file_name
            .rsplit_once('.')
            .map_or(report.file_name.as_str(), |(stem, _)| stem)
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
            .collect::<String>();
        Ok(Attachment::new(content)
            .attachment_type(AttachmentType::Attachment)
            .filename(format!("{stem}-errors.csv")))
    }

    /// The rows of an FEA file (or any recall or prepaid file) with what enrichment made of
    /// them, in file order.
    #[oai(path = "/api/data-sync/fea/:fileReportId", method = "get")]
    async fn fea_rows(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fileReportId")] file_report_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<ImportedLeadPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let report = report_in_scope(&state, &scope, file_report_id.0).await?;
        let search = ImportedLeadSearch {
            enterprise_id: report.enterprise_id,
            store_ids: report.store_id.into_iter().collect(),
            report_id: Some(report.id),
            ..ImportedLeadSearch::default()
        };
        imported_leads(&state, &search, page.0, size.0).await
    }

    /// The recall types a recall file may carry.
    #[oai(path = "/api/data-sync/recalltype/fetch/all", method = "get")]
    async fn recall_types(&self, Session(_caller): Session) -> Json<Vec<RecallTypeView>> {
        Json(
            RecallType::ALL
                .iter()
                .map(|t| RecallTypeView {
                    code: t.as_str().to_owned(),
                    label: t.label().to_owned(),
                })
                .collect(),
        )
    }

    /// Imported recall rows of the caller's stores (or one store), with what enrichment made
    /// of them.
    #[oai(path = "/api/data-sync/recalllead/fetch/all", method = "get")]
    async fn recall_leads(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<ImportedLeadPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let search = ImportedLeadSearch {
            enterprise_id: scope.enterprise_id,
            store_ids: stores_of(&state, &scope, None, store_id.0).await?,
            file_type: Some(FileType::Recall),
            ..ImportedLeadSearch::default()
        };
        imported_leads(&state, &search, page.0, size.0).await
    }

    /// Matches the recall and prepaid-maintenance rows that found no customer, or no textable
    /// one, again (customers and vehicles may have arrived since) and makes leads of those
    /// that can now be texted: one file's rows (`file_report_id`), or those of the caller's
    /// stores (or one store). Answers at once with the `imports.enrich` run.
    #[oai(path = "/api/data-sync/perform/enrichment", method = "post")]
    async fn perform_enrichment(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        file_report_id: Query<Option<i64>>,
        store_id: Query<Option<i64>>,
    ) -> ApiResult<EnrichmentResponse> {
        start_enrichment(
            &state,
            &caller,
            req,
            &[FileType::Recall, FileType::PrepaidMaintenance],
            file_report_id.0,
            store_id.0,
        )
        .await
    }

    /// The same for FEA (error alert) files.
    #[oai(path = "/api/data-sync/fea/perform/enrichment", method = "post")]
    async fn perform_fea_enrichment(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        file_report_id: Query<Option<i64>>,
        store_id: Query<Option<i64>>,
    ) -> ApiResult<EnrichmentResponse> {
        start_enrichment(
            &state,
            &caller,
            req,
            &[FileType::FeaAlert],
            file_report_id.0,
            store_id.0,
        )
        .await
    }

    /// The reasons a reviewer can give for rejecting an imported row (the `reasonkey` values).
    #[oai(path = "/api/data-sync/lead/prepaid/errorMessages", method = "get")]
    async fn reasons(&self, Session(caller): Session) -> ApiResult<Json<Vec<ReasonView>>> {
        require_importer(&caller)?;
        Ok(Json(
            ReasonKey::ALL
                .iter()
                .map(|r| ReasonView {
                    key: r.as_str().to_owned(),
                    message: r.message().to_owned(),
                })
                .collect(),
        ))
    }

    /// The list of customer-vehicle leads: imported recall, prepaid and FEA rows of the
    /// caller's stores, by file type, file, enrichment status (comma-separated) or VIN.
    #[oai(path = "/api/list-of-customer-vehicle-lead/search", method = "get")]
    async fn search_imported_leads(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        file_type: Query<Option<String>>,
        file_report_id: Query<Option<i64>>,
        /// One or more of PENDING, LEAD_CREATED, LEAD_EXISTS, NOT_MATCHED, NOT_TEXTABLE,
        /// NOT_ELIGIBLE, ACCEPTED, REJECTED, comma-separated.
        status: Query<Option<String>>,
        vin: Query<Option<String>>,
        store_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<ImportedLeadPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let file_type = file_type
            .0
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .map(file_type_of)
            .transpose()?;
        let statuses = status
            .0
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<EnrichmentStatus>().map_err(|_| {
                    engine::Error::invalid(format!(
                        "status must be one or more of {}",
                        closed_list(EnrichmentStatus::ALL.iter().map(|s| s.as_str()))
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let search = ImportedLeadSearch {
            enterprise_id: scope.enterprise_id,
            store_ids: stores_of(&state, &scope, None, store_id.0).await?,
            file_type,
            report_id: file_report_id.0,
            statuses,
            vin: vin.0.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()),
        };
        imported_leads(&state, &search, page.0, size.0).await
    }

    /// A reviewer's decision on an imported row: `ACCEPTED`, or `REJECTED` with a `reasonkey`
    /// (see `lead/prepaid/errorMessages`). A rejection archives the lead the file made of the
    /// row while nobody has texted it; accepting a rejected row brings it back.
    #[oai(
        path = "/api/list-of-customer-vehicle-lead/enrichment/:id/status/update/:statusType",
        method = "put"
    )]
    async fn review(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        #[oai(name = "statusType")] status_type: Path<String>,
        reasonkey: Query<Option<String>>,
    ) -> ApiResult<Json<ImportedLeadView>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let decision: ReviewDecision = status_type
            .0
            .parse()
            .map_err(|_| engine::Error::invalid("statusType must be ACCEPTED or REJECTED"))?;
        let reason = reasonkey
            .0
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.parse::<ReasonKey>().map_err(|_| {
                    engine::Error::invalid(format!(
                        "reasonkey must be one of {}",
                        closed_list(ReasonKey::ALL.iter().map(|r| r.as_str()))
                    ))
                })
            })
            .transpose()?;
        let store_ids = stores_of(&state, &scope, None, None).await?;
        let review = Review {
            id: id.0,
            decision,
            reason,
            reviewer: caller.user_id,
            now: Utc::now(),
        };
        let row = state
            .imports
            .review(scope.enterprise_id, &store_ids, &review)
            .await?;
        Ok(Json(row.into()))
    }
}

fn closed_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// Starts an `imports.enrich` run over one file's rows or the stores' rows of the file types.
async fn start_enrichment(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    file_types: &[FileType],
    file_report_id: Option<i64>,
    store_id: Option<i64>,
) -> ApiResult<EnrichmentResponse> {
    require_importer(caller)?;
    let scope = request_scope(caller, req)?;
    let (store_ids, report_id) = match file_report_id {
        Some(id) => {
            let report = report_in_scope(state, &scope, id).await?;
            if !file_types.contains(&report.file_type) {
                return Err(engine::Error::invalid(format!(
                    "File report {id} is a {} file; this call enriches {}",
                    report.file_type,
                    closed_list(file_types.iter().map(|t| t.as_str()))
                ))
                .into());
            }
            (report.store_id.into_iter().collect(), Some(report.id))
        }
        None => (stores_of(state, &scope, None, store_id).await?, None),
    };
    let input = EnrichmentInput {
        store_ids,
        file_types: file_types.to_vec(),
        report_id,
    };
    input.check()?;
    let (run, _) = state
        .jobs
        .start_input(caller, &input, Some(scope.enterprise_id))
        .await?;
    Ok(EnrichmentResponse::Accepted(Json(EnrichmentStarted {
        message: "Processing has been started successfully".to_owned(),
        job_run: run_view(state, caller, run).await?,
    })))
}

async fn imported_leads(
    state: &AppState,
    search: &ImportedLeadSearch,
    page: Option<u64>,
    size: Option<u64>,
) -> ApiResult<Json<ImportedLeadPage>> {
    let found = state
        .imports
        .imported_leads(search, PageRequest::new(page, size)?)
        .await?;
    Ok(Json(ImportedLeadPage {
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
        content: found.content.into_iter().map(Into::into).collect(),
    }))
}
