//! Data sources: a store's dealer-system feed, the column mapping saved for each file type it
//! delivers, and the history of its syncs.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query, SelectStatement};
use serde::Serialize;
use serde_json::Value as Json;

use super::imports::SyncTotals;
use super::schema::{
    Advisors, Customers, DataSourceConfigurations as Sources, DataSourceMappings as Mappings,
    ServiceVehicles, Stores, SyncHistory,
};
use super::{Page, PageRequest};
use crate::db::Database;
use crate::domain::lane::RoStatus;
use crate::error::{Error, Result};
use import_files::FileType;
use import_files::sources::{
    NOT_CONFIGURED, SYNC_NOT_SUPPORTED, SourceKind, SyncStatus, SyncTrigger,
};

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DataSource {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub source_kind: SourceKind,
    /// What the connector keeps between syncs (the simulated dealer system: how far it has
    /// produced records).
    pub settings: Option<Json>,
    pub is_enabled: bool,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl DataSource {
    /// Whether "sync now" can run: a switched-off source is not configured, and a source of
    /// uploads has nothing to sync (the spec's messages).
    pub fn check_syncable(&self) -> Result<()> {
        if !self.is_enabled || self.store_id.is_none() {
            return Err(Error::invalid(NOT_CONFIGURED));
        }
        if self.source_kind == SourceKind::UploadOnly {
            return Err(Error::invalid(SYNC_NOT_SUPPORTED));
        }
        Ok(())
    }

    /// Up to when the simulated dealer system has delivered records.
    pub fn generated_until(&self) -> Option<DateTime<Utc>> {
        self.settings
            .as_ref()
            .and_then(|s| s.get("generatedUntil"))
            .and_then(Json::as_str)
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&Utc))
    }
}

#[derive(Debug, Clone)]
pub struct NewDataSource {
    pub enterprise_id: i64,
    pub store_id: i64,
    pub name: String,
    pub source_kind: SourceKind,
    pub is_enabled: bool,
    pub created_by: Option<i64>,
}

/// One sync of a data source, as the history lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SyncRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub configuration_id: Option<i64>,
    pub source_name: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: SyncStatus,
    pub triggered_by: Option<String>,
    /// Files imported.
    pub file_count: i32,
    /// Rows read, over every file.
    pub record_count: i32,
    pub inserted_rows: i32,
    pub updated_rows: i32,
    pub unchanged_rows: i32,
    /// Rows refused plus files that could not be read.
    pub error_count: i32,
    pub message: Option<String>,
    pub job_run_id: Option<i64>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Which syncs to list.
#[derive(Debug, Clone)]
pub struct SyncSearch {
    pub enterprise_id: i64,
    pub store_ids: Vec<i64>,
    pub data_source_id: Option<i64>,
}

fn clamp(n: i64) -> i32 {
    i32::try_from(Ord::max(n, 0)).unwrap_or(i32::MAX)
}

#[derive(Debug, Clone)]
pub struct DataSourceStore {
    db: Database,
}

impl DataSourceStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    fn select_sources() -> SelectStatement {
        Query::select()
            .columns([
                Sources::Id,
                Sources::EnterpriseId,
                Sources::StoreId,
                Sources::Name,
                Sources::SourceKind,
                Sources::Settings,
                Sources::IsEnabled,
                Sources::CreatedBy,
                Sources::CreatedAt,
                Sources::UpdatedAt,
            ])
            .from(Sources::Table)
            .to_owned()
    }

    /// Keeps a data source for a store of the enterprise.
    pub async fn create(&self, new: &NewDataSource, now: DateTime<Utc>) -> Result<DataSource> {
        let name = checked_name(&new.name)?;
        let stores: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(Stores::Id).count())
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(new.store_id))
                    .and_where(Expr::col(Stores::EnterpriseId).eq(new.enterprise_id))
                    .to_owned(),
            )
            .await?;
        if stores == 0 {
            return Err(Error::not_found("Store not found"));
        }
        let id: i64 = self
            .db
            .fetch_scalar(
                &Query::insert()
                    .into_table(Sources::Table)
                    .columns([
                        Sources::EnterpriseId,
                        Sources::StoreId,
                        Sources::Name,
                        Sources::SourceKind,
                        Sources::IsEnabled,
                        Sources::CreatedBy,
                        Sources::CreatedAt,
                        Sources::UpdatedAt,
                    ])
                    .values_panic([
                        new.enterprise_id.into(),
                        new.store_id.into(),
                        name.into(),
                        new.source_kind.as_str().into(),
                        new.is_enabled.into(),
                        new.created_by.into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Sources::Id)
                    .to_owned(),
            )
            .await?;
        self.source(new.enterprise_id, id).await
    }

    /// A data source of the enterprise (another's: not found).
    pub async fn source(&self, enterprise_id: i64, id: i64) -> Result<DataSource> {
        let query = Self::select_sources()
            .and_where(Expr::col(Sources::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(Sources::Id).eq(id))
            .to_owned();
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Data source not found"))
    }

    /// The data sources of these stores, by name.
    pub async fn sources(
        &self,
        enterprise_id: i64,
        store_ids: &[i64],
        page: PageRequest,
    ) -> Result<Page<DataSource>> {
        let filter = |query: &mut SelectStatement| {
            query
                .and_where(Expr::col(Sources::EnterpriseId).eq(enterprise_id))
                .and_where(Expr::col(Sources::StoreId).is_in(store_ids.iter().copied()));
        };
        let mut count = Query::select()
            .expr(Expr::col(Sources::Id).count())
            .from(Sources::Table)
            .to_owned();
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Self::select_sources();
        filter(&mut query);
        query
            .order_by(Sources::Name, Order::Asc)
            .order_by(Sources::Id, Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// Renames, switches on or off.
    pub async fn update(
        &self,
        source: &DataSource,
        name: Option<&str>,
        is_enabled: Option<bool>,
        now: DateTime<Utc>,
    ) -> Result<DataSource> {
        let mut update = Query::update()
            .table(Sources::Table)
            .value(Sources::UpdatedAt, now)
            .and_where(Expr::col(Sources::Id).eq(source.id))
            .to_owned();
        if let Some(name) = name {
            update.value(Sources::Name, checked_name(name)?);
        }
        if let Some(enabled) = is_enabled {
            update.value(Sources::IsEnabled, enabled);
        }
        self.db.execute(&update).await?;
        self.source(source.enterprise_id, source.id).await
    }

    /// Records up to when the simulated dealer system has delivered.
    pub async fn set_generated_until(&self, id: i64, until: DateTime<Utc>) -> Result<()> {
        let settings = serde_json::json!({ "generatedUntil": until.to_rfc3339() });
        self.db
            .execute(
                &Query::update()
                    .table(Sources::Table)
                    .value(Sources::Settings, settings)
                    .and_where(Expr::col(Sources::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// The mapping saved for a file type: field key → header.
    pub async fn mapping(&self, id: i64, file_type: FileType) -> Result<BTreeMap<String, String>> {
        let rows: Vec<(String, String)> = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([Mappings::TargetField, Mappings::SourceField])
                    .from(Mappings::Table)
                    .and_where(Expr::col(Mappings::ConfigurationId).eq(id))
                    .and_where(Expr::col(Mappings::FileType).eq(file_type.as_str()))
                    .to_owned(),
            )
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// Replaces the mapping saved for a file type (checked by the caller against the file
    /// type's fields).
    pub async fn save_mapping(
        &self,
        id: i64,
        file_type: FileType,
        mapping: &BTreeMap<String, String>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::delete()
                .from_table(Mappings::Table)
                .and_where(Expr::col(Mappings::ConfigurationId).eq(id))
                .and_where(Expr::col(Mappings::FileType).eq(file_type.as_str()))
                .to_owned(),
        )
        .await?;
        if !mapping.is_empty() {
            let mut insert = Query::insert()
                .into_table(Mappings::Table)
                .columns([
                    Mappings::ConfigurationId,
                    Mappings::FileType,
                    Mappings::TargetField,
                    Mappings::SourceField,
                    Mappings::UpdatedAt,
                ])
                .to_owned();
            for (field, header) in mapping {
                insert.values_panic([
                    id.into(),
                    file_type.as_str().into(),
                    field.clone().into(),
                    header.trim().to_owned().into(),
                    now.into(),
                ]);
            }
            tx.execute(&insert).await?;
        }
        tx.commit().await
    }

    /// What the simulated dealer system of a store draws from: its customers' vehicles and
    /// its advisors (a sample, in a fixed order, so a window is produced the same way twice).
    pub async fn simulation_world(&self, store_id: i64) -> Result<SimulatedWorld> {
        let vehicles: Vec<(String, String, Option<i64>)> = self
            .db
            .fetch_all(
                &Query::select()
                    .column((Customers::Table, Customers::Custno))
                    .column((ServiceVehicles::Table, ServiceVehicles::Vin))
                    .expr(
                        Expr::col((ServiceVehicles::Table, ServiceVehicles::Odometer))
                            .cast_as("BIGINT"),
                    )
                    .from(ServiceVehicles::Table)
                    .inner_join(
                        Customers::Table,
                        Expr::col((Customers::Table, Customers::Id))
                            .equals((ServiceVehicles::Table, ServiceVehicles::CustomerId)),
                    )
                    .and_where(
                        Expr::col((ServiceVehicles::Table, ServiceVehicles::StoreId)).eq(store_id),
                    )
                    .and_where(Expr::col((Customers::Table, Customers::Custno)).is_not_null())
                    .and_where(
                        Expr::col((ServiceVehicles::Table, ServiceVehicles::Vin)).is_not_null(),
                    )
                    .order_by((ServiceVehicles::Table, ServiceVehicles::Id), Order::Asc)
                    .limit(2_000)
                    .to_owned(),
            )
            .await?;
        let advisors: Vec<(String,)> = self
            .db
            .fetch_all(
                &Query::select()
                    .column(Advisors::AdvisorNo)
                    .from(Advisors::Table)
                    .and_where(Expr::col(Advisors::StoreId).eq(store_id))
                    .and_where(Expr::col(Advisors::AdvisorNo).is_not_null())
                    .order_by(Advisors::Id, Order::Asc)
                    .to_owned(),
            )
            .await?;
        Ok(SimulatedWorld {
            vehicles: vehicles
                .into_iter()
                .map(|(customer_number, vin, odometer)| WorldVehicle {
                    customer_number,
                    vin,
                    odometer,
                })
                .collect(),
            advisors: advisors.into_iter().map(|(a,)| a).collect(),
            // Read from the feed's directory when it delivers.
            pushed: Default::default(),
        })
    }

    /// The dealer (boc) of a store.
    pub async fn boc_of(&self, store_id: i64) -> Result<i64> {
        self.db
            .fetch_optional::<(i64,)>(
                &Query::select()
                    .column(Stores::BocId)
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(store_id))
                    .to_owned(),
            )
            .await?
            .map(|(boc,)| boc)
            .ok_or_else(|| Error::not_found("Store not found"))
    }

    fn select_syncs() -> SelectStatement {
        Query::select()
            .columns([
                (SyncHistory::Table, SyncHistory::Id),
                (SyncHistory::Table, SyncHistory::EnterpriseId),
                (SyncHistory::Table, SyncHistory::StoreId),
                (SyncHistory::Table, SyncHistory::ConfigurationId),
                (SyncHistory::Table, SyncHistory::Status),
                (SyncHistory::Table, SyncHistory::TriggeredBy),
                (SyncHistory::Table, SyncHistory::FileCount),
                (SyncHistory::Table, SyncHistory::RecordCount),
                (SyncHistory::Table, SyncHistory::InsertedRows),
                (SyncHistory::Table, SyncHistory::UpdatedRows),
                (SyncHistory::Table, SyncHistory::UnchangedRows),
                (SyncHistory::Table, SyncHistory::ErrorCount),
                (SyncHistory::Table, SyncHistory::Message),
                (SyncHistory::Table, SyncHistory::JobRunId),
                (SyncHistory::Table, SyncHistory::StartedAt),
                (SyncHistory::Table, SyncHistory::FinishedAt),
            ])
            .expr_as(Expr::col((Sources::Table, Sources::Name)), "source_name")
            .from(SyncHistory::Table)
            .left_join(
                Sources::Table,
                Expr::col((Sources::Table, Sources::Id))
                    .equals((SyncHistory::Table, SyncHistory::ConfigurationId)),
            )
            .to_owned()
    }

    async fn sync(&self, id: i64) -> Result<SyncRecord> {
        let query = Self::select_syncs()
            .and_where(Expr::col((SyncHistory::Table, SyncHistory::Id)).eq(id))
            .to_owned();
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Sync not found"))
    }

    /// The history row of a sync run: the one an earlier attempt of the same run started
    /// (a resumed run goes on with it), else a new RUNNING one.
    pub async fn start_sync(
        &self,
        source: &DataSource,
        job_run_id: Option<i64>,
        trigger: SyncTrigger,
        now: DateTime<Utc>,
    ) -> Result<SyncRecord> {
        if let Some(run_id) = job_run_id {
            let query = Self::select_syncs()
                .and_where(Expr::col((SyncHistory::Table, SyncHistory::JobRunId)).eq(run_id))
                .to_owned();
            if let Some(found) = self.db.fetch_optional::<SyncRecord>(&query).await? {
                return Ok(found);
            }
        }
        let id: i64 = self
            .db
            .fetch_scalar(
                &Query::insert()
                    .into_table(SyncHistory::Table)
                    .columns([
                        SyncHistory::EnterpriseId,
                        SyncHistory::StoreId,
                        SyncHistory::ConfigurationId,
                        SyncHistory::Status,
                        SyncHistory::TriggeredBy,
                        SyncHistory::JobRunId,
                        SyncHistory::StartedAt,
                    ])
                    .values_panic([
                        source.enterprise_id.into(),
                        source.store_id.into(),
                        source.id.into(),
                        SyncStatus::Running.as_str().into(),
                        trigger.as_str().into(),
                        job_run_id.into(),
                        now.into(),
                    ])
                    .returning_col(SyncHistory::Id)
                    .to_owned(),
            )
            .await?;
        self.sync(id).await
    }

    /// Ends a sync with what its files added up to.
    pub async fn finish_sync(
        &self,
        id: i64,
        status: SyncStatus,
        totals: &SyncTotals,
        extra_errors: i64,
        message: &str,
        now: DateTime<Utc>,
    ) -> Result<SyncRecord> {
        self.db
            .execute(
                &Query::update()
                    .table(SyncHistory::Table)
                    .value(SyncHistory::Status, status.as_str())
                    .value(SyncHistory::FileCount, clamp(totals.files))
                    .value(SyncHistory::RecordCount, clamp(totals.rows))
                    .value(SyncHistory::InsertedRows, clamp(totals.inserted))
                    .value(SyncHistory::UpdatedRows, clamp(totals.updated))
                    .value(SyncHistory::UnchangedRows, clamp(totals.unchanged))
                    .value(
                        SyncHistory::ErrorCount,
                        clamp(totals.failed_rows + totals.failed_files + extra_errors),
                    )
                    .value(SyncHistory::Message, message)
                    .value(SyncHistory::FinishedAt, now)
                    .and_where(Expr::col(SyncHistory::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        self.sync(id).await
    }

    /// Closes the sync a job run left RUNNING when the run ended for good without finishing
    /// it (FAILED or CANCELLED, with the run's reason); returns its id, if there was one.
    pub async fn close_unfinished_sync(
        &self,
        job_run_id: i64,
        status: SyncStatus,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>> {
        let query = Self::select_syncs()
            .and_where(Expr::col((SyncHistory::Table, SyncHistory::JobRunId)).eq(job_run_id))
            .and_where(
                Expr::col((SyncHistory::Table, SyncHistory::Status))
                    .eq(SyncStatus::Running.as_str()),
            )
            .to_owned();
        let Some(sync) = self.db.fetch_optional::<SyncRecord>(&query).await? else {
            return Ok(None);
        };
        self.db
            .execute(
                &Query::update()
                    .table(SyncHistory::Table)
                    .value(SyncHistory::Status, status.as_str())
                    .value(SyncHistory::Message, reason)
                    .value(SyncHistory::FinishedAt, now)
                    .and_where(Expr::col(SyncHistory::Id).eq(sync.id))
                    .and_where(Expr::col(SyncHistory::Status).eq(SyncStatus::Running.as_str()))
                    .to_owned(),
            )
            .await?;
        Ok(Some(sync.id))
    }

    /// Syncs of these stores, newest first.
    pub async fn history(
        &self,
        search: &SyncSearch,
        page: PageRequest,
    ) -> Result<Page<SyncRecord>> {
        let filter = |query: &mut SelectStatement| {
            query
                .and_where(
                    Expr::col((SyncHistory::Table, SyncHistory::EnterpriseId))
                        .eq(search.enterprise_id),
                )
                .and_where(
                    Expr::col((SyncHistory::Table, SyncHistory::StoreId))
                        .is_in(search.store_ids.iter().copied()),
                );
            if let Some(source) = search.data_source_id {
                query.and_where(
                    Expr::col((SyncHistory::Table, SyncHistory::ConfigurationId)).eq(source),
                );
            }
        };
        let mut count = Query::select()
            .expr(Expr::col((SyncHistory::Table, SyncHistory::Id)).count())
            .from(SyncHistory::Table)
            .to_owned();
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Self::select_syncs();
        filter(&mut query);
        query
            .order_by((SyncHistory::Table, SyncHistory::StartedAt), Order::Desc)
            .order_by((SyncHistory::Table, SyncHistory::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
}

fn checked_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Error::invalid("name must have 1 to 100 characters"));
    }
    Ok(name.to_owned())
}

/// A customer's vehicle the simulated dealer system services and sells to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorldVehicle {
    pub customer_number: String,
    pub vin: String,
    pub odometer: Option<i64>,
}

/// What the simulated dealer system draws from: a store's customers' vehicles and advisors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimulatedWorld {
    pub vehicles: Vec<WorldVehicle>,
    pub advisors: Vec<String>,
    /// The latest status staff gave each RO number on the board (pushed to its feed), and
    /// when: the dealer system follows it until its own day moves the order on.
    pub pushed: HashMap<String, (RoStatus, DateTime<Utc>)>,
}
