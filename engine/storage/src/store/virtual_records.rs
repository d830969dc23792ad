//! Virtual service and mileage records (spec H-C29, H-S9, H-E5): a service done elsewhere, or
//! an odometer reading, that staff record for a vehicle. The planners read them beside the
//! dealer system's repair orders and the vehicle's own odometer (`planners::PlannerScan`).

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{ColumnRef, Expr, ExprTrait, IntoColumnRef, Order, Query, SelectStatement};

use super::schema::{
    Customers, ServiceVehicles as Vehicles, VirtualMileageRecords as Miles,
    VirtualServiceRecords as Services,
};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::{Database, Transaction};
use crate::error::{Error, Result};

/// Which kind of record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VirtualKind {
    /// A service done (elsewhere, or not in the dealer system): the planners count it as a
    /// closed visit on its day, with its mileage.
    Service,
    /// An odometer reading on a day: the planners project mileage from it.
    Mileage,
}

/// A record as staff write it.
#[derive(Debug, Clone)]
pub struct NewVirtualRecord {
    pub vehicle_id: i64,
    pub on: NaiveDate,
    /// Required for a mileage record.
    pub mileage: Option<i32>,
    /// What was done (a service record's, required), or a note (a mileage record's).
    pub text: Option<String>,
}

impl NewVirtualRecord {
    /// The record as the audit log keeps it.
    fn snapshot(&self, store_id: i64) -> serde_json::Value {
        serde_json::json!({
            "storeId": store_id,
            "vehicleId": self.vehicle_id,
            "date": self.on,
            "mileage": self.mileage,
            "text": self.text,
        })
    }
}

/// A record written or deleted: its id, whose it is, and what it holds.
#[derive(Debug, Clone)]
pub struct Written {
    pub id: i64,
    pub enterprise_id: i64,
    pub snapshot: serde_json::Value,
}

/// A record with its vehicle and customer, as the lists show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VirtualRecord {
    pub id: i64,
    pub store_id: i64,
    pub vehicle_id: i64,
    pub on: NaiveDate,
    pub mileage: Option<i32>,
    pub text: Option<String>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub customer_first_name: Option<String>,
    pub customer_last_name: Option<String>,
}

/// The highest odometer a record may hold.
pub const MAX_MILEAGE: i32 = 2_000_000;
const MAX_TEXT_CHARS: usize = 500;

#[derive(Debug, Clone)]
pub struct VirtualRecordStore {
    db: Database,
}

impl VirtualRecordStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Records one for a vehicle in the caller's scope (another tenant's is not found, before
    /// anything else is checked), inside the caller's transaction (the audit entry goes with it).
    /// Every problem is listed and nothing is written: a day in the future or before 1980, a mileage
    /// out of range (or missing from a reading), a service without its description.
    pub async fn create(
        tx: &mut Transaction,
        scope: &Scope,
        kind: VirtualKind,
        record: &NewVirtualRecord,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Written> {
        // Whose vehicle first: another tenant's is not found, whatever else is wrong.
        let mut vehicle = Query::select();
        vehicle
            .columns([Vehicles::EnterpriseId, Vehicles::StoreId])
            .from(Vehicles::Table)
            .and_where(Expr::col((Vehicles::Table, Vehicles::Id)).eq(record.vehicle_id));
        scope.restrict(&mut vehicle, Vehicles::Table, false);
        let (enterprise_id, store_id): (i64, i64) = tx
            .fetch_optional(&vehicle)
            .await?
            .ok_or_else(|| Error::not_found("Vehicle not found"))?;
        let mut problems = Vec::new();
        let earliest = NaiveDate::from_ymd_opt(1980, 1, 1).expect("a real day");
        // The latest day it is anywhere (UTC+14): a store's today is never refused.
        if record.on > (now + chrono::Duration::hours(14)).date_naive() {
            problems.push("The day cannot be in the future".to_owned());
        }
        if record.on < earliest {
            problems.push("The day cannot be before 1980".to_owned());
        }
        match record.mileage {
            Some(miles) if !(0..=MAX_MILEAGE).contains(&miles) => {
                problems.push(format!("mileage must be between 0 and {MAX_MILEAGE}"))
            }
            None if kind == VirtualKind::Mileage => {
                problems.push("mileage is required for a mileage record".to_owned())
            }
            _ => {}
        }
        let text = record
            .text
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty());
        if kind == VirtualKind::Service && text.is_none() {
            problems.push("Say what service was done (description)".to_owned());
        }
        if text.is_some_and(|t| t.chars().count() > MAX_TEXT_CHARS) {
            problems.push(format!(
                "The text must have at most {MAX_TEXT_CHARS} characters"
            ));
        }
        if !problems.is_empty() {
            return Err(Error::invalid_all(problems));
        }
        let insert = match kind {
            VirtualKind::Service => Query::insert()
                .into_table(Services::Table)
                .columns([
                    Services::EnterpriseId,
                    Services::StoreId,
                    Services::VehicleId,
                    Services::ServiceDate,
                    Services::Mileage,
                    Services::Description,
                    Services::CreatedBy,
                    Services::CreatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    store_id.into(),
                    record.vehicle_id.into(),
                    record.on.into(),
                    record.mileage.into(),
                    text.map(str::to_owned).into(),
                    user_id.into(),
                    now.into(),
                ])
                .returning_col(Services::Id)
                .to_owned(),
            VirtualKind::Mileage => Query::insert()
                .into_table(Miles::Table)
                .columns([
                    Miles::EnterpriseId,
                    Miles::StoreId,
                    Miles::VehicleId,
                    Miles::ReadingDate,
                    Miles::Mileage,
                    Miles::Note,
                    Miles::CreatedBy,
                    Miles::CreatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    store_id.into(),
                    record.vehicle_id.into(),
                    record.on.into(),
                    record.mileage.into(),
                    text.map(str::to_owned).into(),
                    user_id.into(),
                    now.into(),
                ])
                .returning_col(Miles::Id)
                .to_owned(),
        };
        let id = tx.fetch_scalar(&insert).await?;
        Ok(Written {
            id,
            enterprise_id,
            snapshot: NewVirtualRecord {
                text: text.map(str::to_owned),
                ..record.clone()
            }
            .snapshot(store_id),
        })
    }

    /// A page of records in the caller's scope, newest day first: one store's, one vehicle's.
    pub async fn list(
        &self,
        scope: &Scope,
        kind: VirtualKind,
        store_id: Option<i64>,
        vehicle_id: Option<i64>,
        page: PageRequest,
    ) -> Result<Page<VirtualRecord>> {
        let filter = |query: &mut SelectStatement| {
            match kind {
                VirtualKind::Service => {
                    query.from(Services::Table);
                    scope.restrict(query, Services::Table, false);
                    if let Some(store) = store_id {
                        query.and_where(Expr::col((Services::Table, Services::StoreId)).eq(store));
                    }
                    if let Some(vehicle) = vehicle_id {
                        query.and_where(
                            Expr::col((Services::Table, Services::VehicleId)).eq(vehicle),
                        );
                    }
                }
                VirtualKind::Mileage => {
                    query.from(Miles::Table);
                    scope.restrict(query, Miles::Table, false);
                    if let Some(store) = store_id {
                        query.and_where(Expr::col((Miles::Table, Miles::StoreId)).eq(store));
                    }
                    if let Some(vehicle) = vehicle_id {
                        query.and_where(Expr::col((Miles::Table, Miles::VehicleId)).eq(vehicle));
                    }
                }
            };
        };
        let mut count = Query::select();
        count.expr(Expr::val(1).count());
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Query::select();
        let c = Columns::of(kind);
        query
            .expr_as(Expr::col(c.id.clone()), "id")
            .expr_as(Expr::col(c.store), "store_id")
            .expr_as(Expr::col(c.vehicle.clone()), "vehicle_id")
            .expr_as(Expr::col(c.on.clone()), "on")
            .expr_as(Expr::col(c.mileage), "mileage")
            .expr_as(Expr::col(c.text), "text")
            .expr_as(Expr::col(c.by), "created_by")
            .expr_as(Expr::col(c.at), "created_at")
            .column((Vehicles::Table, Vehicles::Vin))
            .column((Vehicles::Table, Vehicles::Make))
            .column((Vehicles::Table, Vehicles::Model))
            .column((Vehicles::Table, Vehicles::Year))
            .expr_as(
                Expr::col((Customers::Table, Customers::FirstName)),
                "customer_first_name",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::LastName)),
                "customer_last_name",
            );
        filter(&mut query);
        query
            .inner_join(
                Vehicles::Table,
                Expr::col((Vehicles::Table, Vehicles::Id)).equals(c.vehicle),
            )
            .left_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id))
                    .equals((Vehicles::Table, Vehicles::CustomerId)),
            )
            .order_by_expr(Expr::col(c.on), Order::Desc)
            .order_by_expr(Expr::col(c.id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// Deletes one in the caller's scope, inside the caller's transaction, and answers what it
    /// held; another tenant's, or none, is not found.
    pub async fn delete(
        tx: &mut Transaction,
        scope: &Scope,
        kind: VirtualKind,
        id: i64,
    ) -> Result<Written> {
        let mut found = Query::select();
        match kind {
            VirtualKind::Service => {
                found
                    .columns([
                        (Services::Table, Services::EnterpriseId),
                        (Services::Table, Services::StoreId),
                        (Services::Table, Services::VehicleId),
                        (Services::Table, Services::ServiceDate),
                        (Services::Table, Services::Mileage),
                        (Services::Table, Services::Description),
                    ])
                    .from(Services::Table)
                    .and_where(Expr::col((Services::Table, Services::Id)).eq(id));
                scope.restrict(&mut found, Services::Table, false);
            }
            VirtualKind::Mileage => {
                found
                    .columns([
                        (Miles::Table, Miles::EnterpriseId),
                        (Miles::Table, Miles::StoreId),
                        (Miles::Table, Miles::VehicleId),
                        (Miles::Table, Miles::ReadingDate),
                        (Miles::Table, Miles::Mileage),
                        (Miles::Table, Miles::Note),
                    ])
                    .from(Miles::Table)
                    .and_where(Expr::col((Miles::Table, Miles::Id)).eq(id));
                scope.restrict(&mut found, Miles::Table, false);
            }
        }
        type Held = (i64, i64, i64, NaiveDate, Option<i32>, Option<String>);
        let (enterprise_id, store_id, vehicle_id, on, mileage, text): Held = tx
            .fetch_optional(&found)
            .await?
            .ok_or_else(|| Error::not_found("Record not found"))?;
        let held = NewVirtualRecord {
            vehicle_id,
            on,
            mileage,
            text,
        };
        let delete = match kind {
            VirtualKind::Service => Query::delete()
                .from_table(Services::Table)
                .and_where(Expr::col(Services::Id).eq(id))
                .to_owned(),
            VirtualKind::Mileage => Query::delete()
                .from_table(Miles::Table)
                .and_where(Expr::col(Miles::Id).eq(id))
                .to_owned(),
        };
        tx.execute(&delete).await?;
        Ok(Written {
            id,
            enterprise_id,
            snapshot: held.snapshot(store_id),
        })
    }

    /// What the planners read for these vehicles: the services as (day, mileage), and the
    /// readings as (day, mileage), by vehicle.
    pub async fn of_vehicles(
        &self,
        ids: &[i64],
    ) -> Result<(
        HashMap<i64, Vec<(NaiveDate, Option<i32>)>>,
        HashMap<i64, Vec<(NaiveDate, i32)>>,
    )> {
        let mut services: HashMap<i64, Vec<(NaiveDate, Option<i32>)>> = HashMap::new();
        let mut readings: HashMap<i64, Vec<(NaiveDate, i32)>> = HashMap::new();
        if ids.is_empty() {
            return Ok((services, readings));
        }
        let rows: Vec<(i64, NaiveDate, Option<i32>)> = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([
                        Services::VehicleId,
                        Services::ServiceDate,
                        Services::Mileage,
                    ])
                    .from(Services::Table)
                    .and_where(Expr::col(Services::VehicleId).is_in(ids.to_vec()))
                    .to_owned(),
            )
            .await?;
        for (vehicle, on, miles) in rows {
            services.entry(vehicle).or_default().push((on, miles));
        }
        let rows: Vec<(i64, NaiveDate, i32)> = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([Miles::VehicleId, Miles::ReadingDate, Miles::Mileage])
                    .from(Miles::Table)
                    .and_where(Expr::col(Miles::VehicleId).is_in(ids.to_vec()))
                    .to_owned(),
            )
            .await?;
        for (vehicle, on, miles) in rows {
            readings.entry(vehicle).or_default().push((on, miles));
        }
        Ok((services, readings))
    }
}

/// The columns of a record's kind.
struct Columns {
    id: ColumnRef,
    store: ColumnRef,
    vehicle: ColumnRef,
    on: ColumnRef,
    mileage: ColumnRef,
    text: ColumnRef,
    by: ColumnRef,
    at: ColumnRef,
}

impl Columns {
    fn of(kind: VirtualKind) -> Self {
        match kind {
            VirtualKind::Service => Self {
                id: (Services::Table, Services::Id).into_column_ref(),
                store: (Services::Table, Services::StoreId).into_column_ref(),
                vehicle: (Services::Table, Services::VehicleId).into_column_ref(),
                on: (Services::Table, Services::ServiceDate).into_column_ref(),
                mileage: (Services::Table, Services::Mileage).into_column_ref(),
                text: (Services::Table, Services::Description).into_column_ref(),
                by: (Services::Table, Services::CreatedBy).into_column_ref(),
                at: (Services::Table, Services::CreatedAt).into_column_ref(),
            },
            VirtualKind::Mileage => Self {
                id: (Miles::Table, Miles::Id).into_column_ref(),
                store: (Miles::Table, Miles::StoreId).into_column_ref(),
                vehicle: (Miles::Table, Miles::VehicleId).into_column_ref(),
                on: (Miles::Table, Miles::ReadingDate).into_column_ref(),
                mileage: (Miles::Table, Miles::Mileage).into_column_ref(),
                text: (Miles::Table, Miles::Note).into_column_ref(),
                by: (Miles::Table, Miles::CreatedBy).into_column_ref(),
                at: (Miles::Table, Miles::CreatedAt).into_column_ref(),
            },
        }
    }
}
