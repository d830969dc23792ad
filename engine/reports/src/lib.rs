//! Reports: what managers read about the outreach. Each report takes the spec's filter
//! (`enterpriseId`, `bocIds`, `storeIds`, `serviceTypes`, `startDate`, `endDate`, `demoFlag`),
//! checked here once against the caller's scope, and aggregates in the database.
//! docs/reports.md defines every figure.

mod aggregates;
mod classification;
mod export;
mod funnel;
mod kinds;
mod lists;
mod mailing;
mod nraa_checkin;
mod operations;
mod snapshot;
mod sql;
mod staff;
mod table;

pub use classification::{ClassificationOptions, CustomerType};
pub use export::{ExportFormat, ExportSettings, Exported, ReportExportInput};
pub use funnel::{Funnel, FunnelRate, FunnelStage};
pub use kinds::{LOGIN_ACTIVITY_ROLES, ReportKind, ReportOptions};
pub use mailing::{
    LIST_PREFIX, Mailed, MailingList, MailingLists, NewRecipient, Recipient, ReportMailInput,
    ReportPeriod,
};
pub use snapshot::Snapshots;
pub use sql::Grain;
pub use table::{Cell, Chart, ChartKind, Column, ColumnType, Table};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

use engine::auth::{Caller, Scope};
use engine::db::Database;
use engine::domain::MANAGER_ROLES;
use engine::domain::Role;
use engine::domain::formats::{DayLimit, DayRange, START_END, parse_request_date};
use engine::error::{Error, Result};
use engine::store::tenancy::TenancyStore;
use engine::templates::{ANY_SERVICE_TYPE, check_service_type};

/// Who reads reports: the manager roles (a store's office manager sees their store's).
pub const REPORT_ROLES: &[Role] = MANAGER_ROLES;

/// The longest window one report covers.
pub const REPORT_RANGE: DayLimit = DayLimit {
    days: 731,
    what: "A report",
};

/// A report's filter as a request gives it, before any check.
#[derive(Debug, Clone, Default)]
pub struct ReportRequest {
    pub boc_ids: Vec<i64>,
    pub store_ids: Vec<i64>,
    pub service_types: Vec<String>,
    /// `YYYY-MM-DD` or `DD.MM.YYYY`; both absent: the last 7 days.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// A checked filter: the stores (inside the scope) and service types a report covers, and its
/// window `[from, until)` in UTC days.
#[derive(Debug, Clone)]
pub struct ReportFilter {
    pub scope: Scope,
    /// Never empty: the scope's stores when the request names none.
    pub store_ids: Vec<i64>,
    /// Empty: every service type.
    pub service_types: Vec<String>,
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct Reports {
    db: Database,
    tenancy: TenancyStore,
    /// The lead reports' in-memory tables, in a long-lived process (snapshot.rs).
    snapshots: Option<Snapshots>,
}

impl Reports {
    /// Reports answered by the database alone (a job's one export, a command).
    pub fn new(db: Database) -> Self {
        Self {
            tenancy: TenancyStore::new(db.clone()),
            db,
            snapshots: None,
        }
    }

    /// Reports of a long-lived process: the classification tables and the funnel are
    /// answered from per-enterprise tables it keeps in memory and current (snapshot.rs).
    pub fn with_snapshots(db: Database) -> Self {
        Self {
            snapshots: Some(Snapshots::new(db.clone())),
            ..Self::new(db)
        }
    }

    pub(crate) fn db(&self) -> &Database {
        &self.db
    }

    pub(crate) fn tenancy(&self) -> &TenancyStore {
        &self.tenancy
    }

    /// Checks a request: report roles only; dealers and stores must be inside the scope
    /// (another tenant's are not found, not an empty report); service types known; dates
    /// valid, in order and within [`REPORT_RANGE`]. No dates: the last 7 days,
    /// from the start of the day to the end of today (the spec's default window).
    pub async fn filter(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: ReportRequest,
        now: DateTime<Utc>,
    ) -> Result<ReportFilter> {
        caller.require_any(REPORT_ROLES)?;
        let stores = self.tenancy.stores(scope).await?;
        if let Some(boc) = request
            .boc_ids
            .iter()
            .find(|b| !stores.iter().any(|s| s.boc_id == **b))
        {
            return Err(Error::not_found(format!("Dealer {boc} not found")));
        }
        if let Some(store) = request
            .store_ids
            .iter()
            .find(|id| !stores.iter().any(|s| s.id == **id))
        {
            return Err(Error::not_found(format!("Store {store} not found")));
        }
        let mut store_ids: Vec<i64> = stores
            .iter()
            .filter(|s| request.boc_ids.is_empty() || request.boc_ids.contains(&s.boc_id))
            .filter(|s| request.store_ids.is_empty() || request.store_ids.contains(&s.id))
            .map(|s| s.id)
            .collect();
        store_ids.sort_unstable();
        if store_ids.is_empty() {
            return Err(Error::invalid(
                "The dealers and stores chosen have no store in common",
            ));
        }
        let mut service_types = Vec::new();
        for service_type in &request.service_types {
            let checked = check_service_type(service_type)?;
            if checked == ANY_SERVICE_TYPE {
                service_types.clear();
                break;
            }
            if !service_types.contains(&checked) {
                service_types.push(checked);
            }
        }
        let today = now.date_naive();
        let start = parse_request_date("startDate", request.start_date.as_deref())?;
        let end = parse_request_date("endDate", request.end_date.as_deref())?;
        let (start, end) = match (start, end) {
            (None, None) => (today - Duration::days(6), today),
            (Some(start), None) => (start, today.max(start)),
            (None, Some(end)) => (end - Duration::days(6), end),
            (Some(start), Some(end)) => (start, end),
        };
        DayRange::new(start, end, START_END, Some(REPORT_RANGE))?;
        Ok(ReportFilter {
            scope: *scope,
            store_ids,
            service_types,
            from: midnight(start),
            until: midnight(end + Duration::days(1)),
        })
    }
}

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(NaiveTime::MIN).and_utc()
}
