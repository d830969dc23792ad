//! Data sources and their syncs (spec section 7, "datasource-configuration; datasource sync
//! and field mapping", "manual and display sync-data", sync history): a store's dealer-system
//! feed, the column mapping saved per file type, "sync now" (an `imports.sync` run), and the
//! history of syncs. The spec shows no paths for these: ours are listed in docs/imports.md.
// Handlers take one argument per query parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::JobInput;
use engine::imports::connectors::FileDrop;
use engine::imports::sources::{
    LOAD_ORDER, MAPPING_SAVED, NOT_CONFIGURED, SourceKind, SyncInput, SyncTrigger, folder_of,
};
use engine::imports::{FileType, IMPORT_ROLES, fields, fields_of};
use engine::store::PageRequest;
use engine::store::data_sources::{DataSource, NewDataSource, SyncRecord, SyncSearch};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use super::jobs::{JobRunView, run_view};
use super::session::MessageResponse;
use crate::auth::{Session, request_scope, store_in_scope, stores_of};
use crate::closed::Closed;
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DataSourceView {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id_fk: Option<i64>,
    pub name: String,
    /// FILE_DROP, SIMULATED_DMS or UPLOAD_ONLY.
    pub source_kind: String,
    pub enabled: bool,
    /// Where the dealer system delivers files (FILE_DROP; SIMULATED_DMS writes there too):
    /// one folder per file type, loaded in the order of `folders`.
    pub directory: Option<String>,
    pub folders: Vec<String>,
    /// Up to when the simulated dealer system has delivered records.
    pub generated_until: Option<DateTime<Utc>>,
    pub created_on: DateTime<Utc>,
    pub updated_on: DateTime<Utc>,
}

fn source_view(state: &AppState, source: DataSource) -> DataSourceView {
    let delivers = source.source_kind != SourceKind::UploadOnly;
    DataSourceView {
        directory: delivers.then(|| {
            state
                .sync
                .directory_of(source.id)
                .to_string_lossy()
                .into_owned()
        }),
        folders: if delivers {
            LOAD_ORDER.iter().map(|t| folder_of(*t)).collect()
        } else {
            Vec::new()
        },
        generated_until: source.generated_until(),
        id: source.id,
        enterprise_id: source.enterprise_id,
        store_id_fk: source.store_id,
        name: source.name,
        source_kind: source.source_kind.as_str().to_owned(),
        enabled: source.is_enabled,
        created_on: source.created_at,
        updated_on: source.updated_at,
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DataSourcePage {
    pub content: Vec<DataSourceView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CreateDataSource {
    pub store_id_fk: i64,
    pub name: String,
    /// FILE_DROP, SIMULATED_DMS or UPLOAD_ONLY.
    pub source_kind: String,
    /// Default true.
    pub enabled: Option<bool>,
}

#[derive(Debug, Object)]
pub struct UpdateDataSource {
    pub name: Option<String>,
    pub enabled: Option<bool>,
}

#[derive(Debug, ApiResponse)]
pub enum CreatedDataSource {
    #[oai(status = 201)]
    Created(Json<DataSourceView>),
}

/// One field of a file type and the column saved for it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct SavedFieldView {
    pub key: String,
    pub label: String,
    pub required: bool,
    /// The header saved for the field; none: matched by name and synonyms.
    pub column: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SaveMapping {
    /// The file type the mapping is for.
    pub file_type: String,
    /// Field key → the header this source's files use for it.
    pub mapping: BTreeMap<String, String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SyncRequest {
    pub store_id_fk: i64,
    /// The source to sync; none: the store's one enabled source that syncs.
    pub data_source_id: Option<i64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SyncStarted {
    /// 'Processing has been started successfully'; the run's result says 'Synced
    /// Successfully' when it is done.
    pub message: String,
    pub job_run: JobRunView,
}

#[derive(ApiResponse)]
pub enum SyncResponse {
    /// The `imports.sync` run is queued: follow it at `/api/jobs/{id}`.
    #[oai(status = 202)]
    Accepted(Json<SyncStarted>),
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct SyncView {
    pub id: i64,
    pub store_id_fk: Option<i64>,
    pub data_source_id: Option<i64>,
    pub source_name: Option<String>,
    pub status: Closed<engine::imports::sources::SyncStatus>,
    /// MANUAL or SCHEDULE.
    pub triggered_by: Option<String>,
    pub files: i32,
    /// Rows read over every file.
    pub records: i32,
    pub inserted_rows: i32,
    pub updated_rows: i32,
    pub unchanged_rows: i32,
    /// Rows refused and files that could not be read.
    pub errors: i32,
    /// 'Synced Successfully', or what went wrong.
    pub message: Option<String>,
    pub job_run_id: Option<i64>,
    pub started_on: DateTime<Utc>,
    pub finished_on: Option<DateTime<Utc>>,
    pub duration_ms: Option<i64>,
}

impl From<SyncRecord> for SyncView {
    fn from(s: SyncRecord) -> Self {
        Self {
            duration_ms: s
                .finished_at
                .map(|end| (end - s.started_at).num_milliseconds()),
            id: s.id,
            store_id_fk: s.store_id,
            data_source_id: s.configuration_id,
            source_name: s.source_name,
            status: Closed(s.status),
            triggered_by: s.triggered_by,
            files: s.file_count,
            records: s.record_count,
            inserted_rows: s.inserted_rows,
            updated_rows: s.updated_rows,
            unchanged_rows: s.unchanged_rows,
            errors: s.error_count,
            message: s.message,
            job_run_id: s.job_run_id,
            started_on: s.started_at,
            finished_on: s.finished_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SyncPage {
    pub content: Vec<SyncView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

fn require_importer(caller: &Caller) -> ApiResult<()> {
    Ok(caller.require_any(IMPORT_ROLES)?)
}

fn kind_of(text: &str) -> Result<SourceKind, engine::Error> {
    text.trim().parse().map_err(|_| {
        engine::Error::invalid(format!(
            "sourceKind must be one of {}",
            SourceKind::ALL
                .iter()
                .map(|k| k.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// A data source of a store inside the caller's scope (any other: not found).
pub async fn source_in_scope(state: &AppState, scope: &Scope, id: i64) -> ApiResult<DataSource> {
    let not_found = || engine::Error::not_found("Data source not found");
    let source = state.data_sources.source(scope.enterprise_id, id).await?;
    let store_id = source.store_id.ok_or_else(not_found)?;
    store_in_scope(state, scope, store_id)
        .await
        .map_err(|_| not_found())?;
    Ok(source)
}

pub struct DataSourceApi;

#[OpenApi(tag = "ApiTags::Imports")]
impl DataSourceApi {
    /// An enterprise's data sources (the caller's stores'), by name.
    #[oai(
        path = "/api/data-sync/datasource-configuration/:enterpriseId",
        method = "get"
    )]
    async fn list(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeIdFk")] store_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<DataSourcePage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        if enterprise_id.0 != scope.enterprise_id {
            return Err(engine::Error::not_found("Enterprise not found").into());
        }
        let store_ids = stores_of(&state, &scope, None, store_id.0).await?;
        let found = state
            .data_sources
            .sources(
                scope.enterprise_id,
                &store_ids,
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(DataSourcePage {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: found
                .content
                .into_iter()
                .map(|s| source_view(&state, s))
                .collect(),
        }))
    }

    /// Configures a data source for a store. A file drop's directory (and the simulated
    /// dealer system's) is made at once, with a folder per file type.
    #[oai(path = "/api/data-sync/datasource-configuration", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<CreateDataSource>,
    ) -> ApiResult<CreatedDataSource> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let store = store_in_scope(&state, &scope, body.store_id_fk).await?;
        let source_kind = kind_of(&body.source_kind)?;
        let new = NewDataSource {
            enterprise_id: store.enterprise_id,
            store_id: store.store_id,
            name: body.name,
            source_kind,
            is_enabled: body.enabled.unwrap_or(true),
            created_by: Some(caller.user_id),
        };
        let source = state.data_sources.create(&new, Utc::now()).await?;
        if source_kind != SourceKind::UploadOnly {
            let drop = FileDrop::new(state.sync.directory_of(source.id));
            if let Err(error) = drop.prepare() {
                tracing::warn!(source = source.id, %error, "cannot make the file-drop directory");
            }
        }
        Ok(CreatedDataSource::Created(Json(source_view(
            &state, source,
        ))))
    }

    #[oai(path = "/api/data-sync/datasource/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<DataSourceView>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let source = source_in_scope(&state, &scope, id.0).await?;
        Ok(Json(source_view(&state, source)))
    }

    /// Renames a data source, or switches it on or off (a switched-off source does not sync:
    /// 'Datasource is not configured').
    #[oai(path = "/api/data-sync/datasource/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<UpdateDataSource>,
    ) -> ApiResult<Json<DataSourceView>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let source = source_in_scope(&state, &scope, id.0).await?;
        let source = state
            .data_sources
            .update(&source, body.name.as_deref(), body.enabled, Utc::now())
            .await?;
        Ok(Json(source_view(&state, source)))
    }

    /// The fields of a file type with the column saved for each by this source.
    #[oai(path = "/api/data-sync/datasource/:id/mapping", method = "get")]
    async fn mapping(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        file_type: Query<String>,
    ) -> ApiResult<Json<Vec<SavedFieldView>>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let source = source_in_scope(&state, &scope, id.0).await?;
        let file_type = super::imports::file_type_of(&file_type.0)?;
        let saved = state.data_sources.mapping(source.id, file_type).await?;
        Ok(Json(saved_fields(file_type, &saved)))
    }

    /// Saves the column mapping of a file type for this source: its next files of that type
    /// (synced or uploaded naming the source) map themselves. Answers 'Mapping Saved
    /// Successfully.'.
    #[oai(path = "/api/data-sync/datasource/:id/mapping", method = "put")]
    async fn save_mapping(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<SaveMapping>,
    ) -> ApiResult<Json<MessageResponse>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let source = source_in_scope(&state, &scope, id.0).await?;
        let file_type = super::imports::file_type_of(&body.file_type)?;
        let mapping = fields::check_saved(file_type, &body.mapping)?;
        state
            .data_sources
            .save_mapping(source.id, file_type, &mapping, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: MAPPING_SAVED.to_owned(),
        }))
    }

    /// Syncs a store's data source now (manual sync): an `imports.sync` run. A store with no
    /// enabled source, or a switched-off one, is 'Datasource is not configured'; a source of
    /// uploads only is 'DMS not supporting Sync' (both 400).
    #[oai(path = "/api/data-sync/sync-data", method = "post")]
    async fn sync(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<SyncRequest>,
    ) -> ApiResult<SyncResponse> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, body.store_id_fk).await?;
        let source = match body.data_source_id {
            Some(id) => {
                let source = source_in_scope(&state, &scope, id).await?;
                if source.store_id != Some(store.store_id) {
                    return Err(engine::Error::not_found("Data source not found").into());
                }
                source
            }
            None => {
                let sources = state
                    .data_sources
                    .sources(
                        store.enterprise_id,
                        &[store.store_id],
                        PageRequest::new(None, None)?,
                    )
                    .await?;
                let mut syncing = sources
                    .content
                    .into_iter()
                    .filter(|s| s.is_enabled && s.source_kind != SourceKind::UploadOnly);
                match (syncing.next(), syncing.next()) {
                    (Some(source), None) => source,
                    (None, _) => return Err(engine::Error::invalid(NOT_CONFIGURED).into()),
                    (Some(_), Some(_)) => {
                        return Err(engine::Error::invalid(
                            "The store has several data sources: name one (dataSourceId)",
                        )
                        .into());
                    }
                }
            }
        };
        source.check_syncable()?;
        let input = SyncInput {
            data_source_id: source.id,
            store_id: store.store_id,
            trigger: SyncTrigger::Manual,
        };
        input.check()?;
        let (run, _) = state
            .jobs
            .start_input(&caller, &input, Some(store.enterprise_id))
            .await?;
        Ok(SyncResponse::Accepted(Json(SyncStarted {
            message: "Processing has been started successfully".to_owned(),
            job_run: run_view(&state, &caller, run).await?,
        })))
    }

    /// The history of an enterprise's syncs (the caller's stores'), newest first.
    #[oai(path = "/api/data-sync/sync-history/:enterpriseId", method = "get")]
    async fn history(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeIdFk")] store_id: Query<Option<i64>>,
        #[oai(name = "dataSourceId")] data_source_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<SyncPage>> {
        require_importer(&caller)?;
        let scope = request_scope(&caller, req)?;
        if enterprise_id.0 != scope.enterprise_id {
            return Err(engine::Error::not_found("Enterprise not found").into());
        }
        if let Some(id) = data_source_id.0 {
            source_in_scope(&state, &scope, id).await?;
        }
        let store_ids = stores_of(&state, &scope, None, store_id.0).await?;
        let found = state
            .data_sources
            .history(
                &SyncSearch {
                    enterprise_id: scope.enterprise_id,
                    store_ids,
                    data_source_id: data_source_id.0,
                },
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(SyncPage {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: found.content.into_iter().map(Into::into).collect(),
        }))
    }
}

fn saved_fields(file_type: FileType, saved: &BTreeMap<String, String>) -> Vec<SavedFieldView> {
    fields_of(file_type)
        .iter()
        .map(|f| SavedFieldView {
            key: f.key.to_owned(),
            label: f.label.to_owned(),
            required: f.required,
            column: saved.get(f.key).cloned(),
        })
        .collect()
}
