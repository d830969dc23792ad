//! Service appointments: the search staff run from a conversation (spec section 2, the
//! right-click "Appointment Search" on selected text).

use chrono::{DateTime, Utc};
use sea_query::{Cond, Expr, ExprTrait, Func, LikeExpr, Order, Query};

use super::schema::{
    Advisors, AppointmentSlotClaims as Claims, Customers, FutureServiceInteractions as Fsi,
    Offices, ServiceAppointments as Appt, ServiceVehicles as Vehicles, StoreOpeningHours, Stores,
};
use super::{Page, PageRequest, like_pattern};
use crate::auth::{Scope, StoreFilter};
use crate::db::{Database, Transaction};
use crate::domain::appointments::AppointmentStatus;
use crate::domain::appointments::advisor_name;
use crate::domain::leads::LeadStage;
use crate::error::{Error, Result};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AppointmentRecord {
    pub id: i64,
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub fsi_id: Option<i64>,
    pub title: Option<String>,
    pub appt_status: String,
    pub appt_at: DateTime<Utc>,
    pub transport_type: Option<String>,
    pub advisor_id: Option<i64>,
    pub op_code: Option<String>,
    pub dealer_code: Option<String>,
    pub service_packages: Option<String>,
    pub notes: Option<String>,
    pub source: String,
    pub dms_status: Option<String>,
    pub dms_error: Option<String>,
    /// When the customer checked in, and when the visit was completed (the in-house time).
    pub checked_in_at: Option<DateTime<Utc>>,
    pub checked_out_at: Option<DateTime<Utc>>,
    pub customer_first_name: Option<String>,
    pub customer_last_name: Option<String>,
    pub customer_cellular: Option<String>,
    pub vehicle_year: Option<i32>,
    pub vehicle_make: Option<String>,
    pub vehicle_model: Option<String>,
    pub vehicle_vin: Option<String>,
    pub advisor_first_name: Option<String>,
    pub advisor_last_name: Option<String>,
    pub advisor_no: Option<String>,
}

impl AppointmentRecord {
    /// Its advisor as staff see them everywhere (`domain::appointments::advisor_name`).
    pub fn advisor_name(&self) -> Option<String> {
        let no = self.advisor_no.as_deref()?;
        Some(advisor_name(
            self.advisor_first_name.as_deref().unwrap_or_default(),
            self.advisor_last_name.as_deref().unwrap_or_default(),
            no,
        ))
    }

    /// Whole minutes the customer has been in (still in: until `now`), from check-in.
    pub fn in_house_minutes(&self, now: DateTime<Utc>) -> Option<i64> {
        let since = self.checked_in_at?;
        let until = self.checked_out_at.unwrap_or(now);
        Some(Ord::max((until - since).num_minutes(), 0))
    }
}

/// What to look for: stores (inside the caller's scope), a time range, and text matching the
/// customer's name, mobile digits, the VIN or the appointment's title.
#[derive(Debug, Clone, Default)]
pub struct AppointmentSearch {
    pub stores: StoreFilter,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub query: Option<String>,
    /// Stored statuses to keep (empty: all).
    pub statuses: Vec<String>,
    /// Only appointments of leads whose customer has written.
    pub replied_only: bool,
    /// Only one lead's.
    pub lead_id: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct AppointmentStore {
    db: Database,
}

impl AppointmentStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Matching appointments in the scope, soonest first.
    pub async fn search(
        &self,
        scope: &Scope,
        search: &AppointmentSearch,
        page: PageRequest,
    ) -> Result<Page<AppointmentRecord>> {
        let mut query = Query::select();
        query
            .from(Appt::Table)
            .left_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id))
                    .equals((Appt::Table, Appt::CustomerId)),
            )
            .left_join(
                Vehicles::Table,
                Expr::col((Vehicles::Table, Vehicles::Id)).equals((Appt::Table, Appt::VehicleId)),
            )
            .left_join(
                Advisors::Table,
                Expr::col((Advisors::Table, Advisors::Id)).equals((Appt::Table, Appt::AdvisorId)),
            );
        scope.restrict(&mut query, Appt::Table, false);
        search.stores.apply(&mut query, Appt::Table);
        if let Some(from) = search.from {
            query.and_where(Expr::col((Appt::Table, Appt::ApptAt)).gte(from));
        }
        if let Some(until) = search.until {
            query.and_where(Expr::col((Appt::Table, Appt::ApptAt)).lt(until));
        }
        if !search.statuses.is_empty() {
            query.and_where(
                Expr::col((Appt::Table, Appt::ApptStatus)).is_in(search.statuses.clone()),
            );
        }
        if let Some(lead) = search.lead_id {
            query.and_where(Expr::col((Appt::Table, Appt::FsiId)).eq(lead));
        }
        if search.replied_only {
            query.and_where(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from(Fsi::Table)
                    .and_where(Expr::col((Fsi::Table, Fsi::Id)).equals((Appt::Table, Appt::FsiId)))
                    .and_where(Expr::col((Fsi::Table, Fsi::LastMessageReceivedAt)).is_not_null())
                    .to_owned(),
            ));
        }
        if let Some(text) = search
            .query
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            let pattern = like_pattern(text)?;
            let like = |e: Expr| e.like(LikeExpr::new(pattern.clone()).escape('\\'));
            let concat = sea_query::BinOper::Custom("||");
            let mut cond = Cond::any()
                .add(like(
                    Func::lower(
                        Expr::col((Customers::Table, Customers::FirstName))
                            .binary(concat, Expr::val(" "))
                            .binary(concat, Expr::col((Customers::Table, Customers::LastName))),
                    )
                    .into(),
                ))
                .add(like(
                    Func::lower(Expr::col((Vehicles::Table, Vehicles::Vin))).into(),
                ))
                .add(like(
                    Func::lower(Expr::col((Appt::Table, Appt::Title))).into(),
                ));
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 {
                cond = cond.add(
                    Expr::col((Customers::Table, Customers::Cellular))
                        .like(LikeExpr::new(format!("%{digits}%"))),
                );
            }
            query.cond_where(cond);
        }
        let mut count = query.clone();
        count.expr(Expr::col(sea_query::Asterisk).count());
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .columns(
                [
                    Appt::Id,
                    Appt::StoreId,
                    Appt::CustomerId,
                    Appt::VehicleId,
                    Appt::FsiId,
                    Appt::Title,
                    Appt::ApptStatus,
                    Appt::ApptAt,
                    Appt::TransportType,
                    Appt::AdvisorId,
                    Appt::OpCode,
                    Appt::DealerCode,
                    Appt::ServicePackages,
                    Appt::Notes,
                    Appt::Source,
                    Appt::DmsStatus,
                    Appt::DmsError,
                    Appt::CheckedInAt,
                    Appt::CheckedOutAt,
                ]
                .map(|c| (Appt::Table, c)),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::FirstName)),
                "customer_first_name",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::LastName)),
                "customer_last_name",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::Cellular)),
                "customer_cellular",
            )
            .expr_as(Expr::col((Vehicles::Table, Vehicles::Year)), "vehicle_year")
            .expr_as(Expr::col((Vehicles::Table, Vehicles::Make)), "vehicle_make")
            .expr_as(
                Expr::col((Vehicles::Table, Vehicles::Model)),
                "vehicle_model",
            )
            .expr_as(Expr::col((Vehicles::Table, Vehicles::Vin)), "vehicle_vin")
            .expr_as(
                Expr::col((Advisors::Table, Advisors::FirstName)),
                "advisor_first_name",
            )
            .expr_as(
                Expr::col((Advisors::Table, Advisors::LastName)),
                "advisor_last_name",
            )
            .expr_as(
                Expr::col((Advisors::Table, Advisors::AdvisorNo)),
                "advisor_no",
            )
            .order_by((Appt::Table, Appt::ApptAt), Order::Asc)
            .order_by((Appt::Table, Appt::Id), Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
}

/// What booking needs to know of a store in the caller's scope.
#[derive(Debug, Clone)]
pub struct StoreCalendar {
    pub store_id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub time_zone: String,
    /// The store's own opening hours: ISO weekday, "HH:MM" opens, "HH:MM" closes.
    pub hours: Vec<(i32, String, String)>,
    /// Its advisors' ids, in order.
    pub advisors: Vec<i64>,
    /// The same advisors, each with the name staff see.
    pub advisor_names: Vec<(i64, String)>,
}

#[derive(Debug, sqlx::FromRow)]
struct StoreZoneRow {
    id: i64,
    enterprise_id: i64,
    boc_id: i64,
    time_zone: String,
}

#[derive(Debug, sqlx::FromRow)]
struct HoursRow {
    weekday: i32,
    opens: String,
    closes: String,
}

#[derive(Debug, sqlx::FromRow)]
struct AdvisorRow {
    id: i64,
    first_name: String,
    last_name: String,
    advisor_no: String,
}

/// Who holds a slot: appointments that keep theirs (any source) and Bayline's claims.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlotHolders {
    /// Advisors taken (0: the desk of a store without advisors).
    pub advisors: Vec<i64>,
    /// Appointments holding the slot with no advisor named (imported ones): each takes one of
    /// the free advisors.
    pub unassigned: usize,
}

#[derive(Debug, sqlx::FromRow)]
struct HeldRow {
    at: DateTime<Utc>,
    advisor_id: Option<i64>,
    status: String,
}

/// A booking whose rules are checked: the store, who it is for, the slot and the advisor.
#[derive(Debug, Clone)]
pub struct NewBooking {
    pub enterprise_id: i64,
    pub store_id: i64,
    pub customer_id: i64,
    pub vehicle_id: Option<i64>,
    pub lead_id: Option<i64>,
    pub at: DateTime<Utc>,
    /// The advisor asked for; none: the first free one (of `advisors`).
    pub advisor_id: Option<i64>,
    pub advisors: Vec<i64>,
    pub title: String,
    pub dealer_code: Option<String>,
    pub service_packages: Option<String>,
    pub op_code: Option<String>,
    pub transport_type: Option<String>,
    pub notes: Option<String>,
    /// None: the assistant booked it.
    pub created_by: Option<i64>,
    /// An appointment this one replaces (a move): its slot is given back in the same
    /// transaction.
    pub replaces: Option<i64>,
}

/// Why a slot could not be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotRefusal {
    Full,
    AdvisorTaken,
}

impl AppointmentStore {
    /// The store's zone, hours and advisors, if the store is in the scope.
    pub async fn calendar(&self, scope: &Scope, store_id: i64) -> Result<Option<StoreCalendar>> {
        let mut query = Query::select();
        query
            .columns([
                (Stores::Table, Stores::Id),
                (Stores::Table, Stores::EnterpriseId),
                (Stores::Table, Stores::BocId),
            ])
            .column((Offices::Table, Offices::TimeZone))
            .from(Stores::Table)
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).eq(store_id));
        scope.restrict_stores(&mut query, Stores::Table);
        let Some(store) = self.db.fetch_optional::<StoreZoneRow>(&query).await? else {
            return Ok(None);
        };
        let hours = self
            .db
            .fetch_all::<HoursRow>(
                &Query::select()
                    .columns([
                        StoreOpeningHours::Weekday,
                        StoreOpeningHours::Opens,
                        StoreOpeningHours::Closes,
                    ])
                    .from(StoreOpeningHours::Table)
                    .and_where(Expr::col(StoreOpeningHours::StoreId).eq(store_id))
                    .to_owned(),
            )
            .await?;
        let advisors = self
            .db
            .fetch_all::<AdvisorRow>(
                &Query::select()
                    .columns([
                        Advisors::Id,
                        Advisors::FirstName,
                        Advisors::LastName,
                        Advisors::AdvisorNo,
                    ])
                    .from(Advisors::Table)
                    .and_where(Expr::col(Advisors::StoreId).eq(store_id))
                    .order_by(Advisors::Id, Order::Asc)
                    .to_owned(),
            )
            .await?;
        Ok(Some(StoreCalendar {
            store_id: store.id,
            enterprise_id: store.enterprise_id,
            boc_id: store.boc_id,
            time_zone: store.time_zone,
            hours: hours
                .into_iter()
                .map(|h| (h.weekday, h.opens, h.closes))
                .collect(),
            advisors: advisors.iter().map(|a| a.id).collect(),
            advisor_names: advisors
                .into_iter()
                .map(|a| {
                    (
                        a.id,
                        advisor_name(&a.first_name, &a.last_name, &a.advisor_no),
                    )
                })
                .collect(),
        }))
    }

    /// Who holds each slot of a store in `[from, until)`, by slot start.
    pub async fn holders_between(
        &self,
        store_id: i64,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<std::collections::HashMap<DateTime<Utc>, SlotHolders>> {
        let (appointments, claims) = holder_queries(store_id, from, until);
        Ok(fold_holders(
            self.db.fetch_all(&appointments).await?,
            self.db.fetch_all(&claims).await?,
        ))
    }

    /// Books a slot: the appointment and its advisor's claim in one transaction (and, for a
    /// lead, its appointment flag and stage). The slot is checked again inside it: a slot
    /// taken meanwhile is refused, and of two bookings racing for the last advisor the
    /// claim's key lets exactly one win.
    pub async fn book(
        &self,
        booking: &NewBooking,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<i64, SlotRefusal>> {
        let mut tx = self.db.begin().await?;
        // A move: the old appointment gives its slot back and is cancelled with the booking.
        if let Some(old) = booking.replaces {
            release(&mut tx, old).await?;
            tx.execute(
                &Query::update()
                    .table(Appt::Table)
                    .value(Appt::ApptStatus, AppointmentStatus::Cancelled.as_str())
                    .value(Appt::UpdatedAt, now)
                    .and_where(Expr::col(Appt::Id).eq(old))
                    .to_owned(),
            )
            .await?;
        }
        let (appointments, claims) = holder_queries(
            booking.store_id,
            booking.at,
            booking.at + chrono::Duration::seconds(1),
        );
        let holders = fold_holders(
            tx.fetch_all(&appointments).await?,
            tx.fetch_all(&claims).await?,
        )
        .remove(&booking.at)
        .unwrap_or_default();
        let Some(advisor_key) = choose_advisor(&booking.advisors, booking.advisor_id, &holders)?
        else {
            return Ok(Err(if booking.advisor_id.is_some() {
                SlotRefusal::AdvisorTaken
            } else {
                SlotRefusal::Full
            }));
        };
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Appt::Table)
                    .columns([
                        Appt::EnterpriseId,
                        Appt::StoreId,
                        Appt::CustomerId,
                        Appt::VehicleId,
                        Appt::AdvisorId,
                        Appt::FsiId,
                        Appt::Title,
                        Appt::ApptStatus,
                        Appt::ApptAt,
                        Appt::DealerCode,
                        Appt::ServicePackages,
                        Appt::OpCode,
                        Appt::TransportType,
                        Appt::Notes,
                        Appt::Source,
                        Appt::CreatedBy,
                        Appt::CreatedAt,
                        Appt::UpdatedAt,
                    ])
                    .values_panic([
                        booking.enterprise_id.into(),
                        booking.store_id.into(),
                        booking.customer_id.into(),
                        booking.vehicle_id.into(),
                        (advisor_key != 0).then_some(advisor_key).into(),
                        booking.lead_id.into(),
                        booking.title.clone().into(),
                        AppointmentStatus::Scheduled.as_str().into(),
                        booking.at.into(),
                        booking.dealer_code.clone().into(),
                        booking.service_packages.clone().into(),
                        booking.op_code.clone().into(),
                        booking.transport_type.clone().into(),
                        booking.notes.clone().into(),
                        "BAYLINE".into(),
                        booking.created_by.into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Appt::Id)
                    .to_owned(),
            )
            .await?;
        let claim = tx
            .execute(
                &Query::insert()
                    .into_table(Claims::Table)
                    .columns([
                        Claims::StoreId,
                        Claims::AdvisorKey,
                        Claims::SlotAt,
                        Claims::AppointmentId,
                    ])
                    .values_panic([
                        booking.store_id.into(),
                        advisor_key.into(),
                        booking.at.into(),
                        id.into(),
                    ])
                    .to_owned(),
            )
            .await;
        match claim {
            Ok(_) => {}
            Err(Error::Database(sqlx::Error::Database(db))) if db.is_unique_violation() => {
                return Ok(Err(SlotRefusal::AdvisorTaken));
            }
            Err(other) => return Err(other),
        }
        if let Some(lead) = booking.lead_id {
            set_lead_booking(
                &mut tx,
                lead,
                Some(id),
                LeadStage::AppointmentSet,
                None,
                now,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Moves an appointment to `status`; one that no longer holds its slot gives it back,
    /// and its lead's flag and stage follow (`lead_stage`).
    pub async fn set_status(
        &self,
        id: i64,
        lead_id: Option<i64>,
        status: AppointmentStatus,
        lead_stage: Option<(LeadStage, Option<&str>)>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        let mut update = Query::update();
        update
            .table(Appt::Table)
            .value(Appt::ApptStatus, status.as_str())
            .value(Appt::UpdatedAt, now)
            .and_where(Expr::col(Appt::Id).eq(id));
        // The waiting room's clock: in at the first check-in (or straight into service), out
        // when the visit ends.
        match status {
            AppointmentStatus::CheckedIn | AppointmentStatus::InService => {
                update.value(
                    Appt::CheckedInAt,
                    sea_query::Func::coalesce([Expr::col(Appt::CheckedInAt), Expr::val(now)]),
                );
            }
            // A visit ends completed, or cancelled (or missed) after all: either stops it.
            AppointmentStatus::Completed
            | AppointmentStatus::Cancelled
            | AppointmentStatus::NoShow => {
                update.value(Appt::CheckedOutAt, now);
            }
            _ => {}
        }
        tx.execute(&update.to_owned()).await?;
        if !status.holds_slot() {
            release(&mut tx, id).await?;
        }
        if let (Some(lead), Some((stage, outcome))) = (lead_id, lead_stage) {
            let appointment = (status != AppointmentStatus::Cancelled).then_some(id);
            set_lead_booking(&mut tx, lead, appointment, stage, outcome, now).await?;
        }
        tx.commit().await
    }

    /// One appointment in the scope.
    pub async fn get(&self, scope: &Scope, id: i64) -> Result<Option<AppointmentDetail>> {
        let mut query = Query::select();
        query
            .columns(
                [
                    Appt::Id,
                    Appt::EnterpriseId,
                    Appt::StoreId,
                    Appt::CustomerId,
                    Appt::VehicleId,
                    Appt::AdvisorId,
                    Appt::FsiId,
                    Appt::ApptStatus,
                    Appt::ApptAt,
                ]
                .map(|c| (Appt::Table, c)),
            )
            .from(Appt::Table)
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::Id)).equals((Appt::Table, Appt::StoreId)),
            )
            .and_where(Expr::col((Appt::Table, Appt::Id)).eq(id));
        scope.restrict(&mut query, Appt::Table, false);
        self.db.fetch_optional(&query).await
    }

    /// Whether a customer of the store is in the scope.
    pub async fn customer_in_store(
        &self,
        scope: &Scope,
        store_id: i64,
        customer_id: i64,
    ) -> Result<bool> {
        let mut query = Query::select();
        query
            .column(Customers::Id)
            .from(Customers::Table)
            .and_where(Expr::col(Customers::Id).eq(customer_id))
            .and_where(Expr::col(Customers::StoreId).eq(store_id));
        scope.restrict(&mut query, Customers::Table, true);
        Ok(self.db.fetch_optional::<(i64,)>(&query).await?.is_some())
    }

    /// The store's customers for the editor's lead picker: matching first, last or full name
    /// (or phone digits), by name.
    pub async fn customers_for_picker(
        &self,
        scope: &Scope,
        store_id: i64,
        search: Option<&str>,
        limit: u64,
    ) -> Result<Vec<PickerCustomer>> {
        let mut query = Query::select();
        query
            .columns([
                Customers::Id,
                Customers::FirstName,
                Customers::LastName,
                Customers::Email,
                Customers::Cellular,
            ])
            .from(Customers::Table)
            .and_where(Expr::col(Customers::StoreId).eq(store_id))
            .order_by(Customers::FirstName, Order::Asc)
            .order_by(Customers::LastName, Order::Asc)
            .order_by(Customers::Id, Order::Asc)
            .limit(limit);
        scope.restrict(&mut query, Customers::Table, true);
        if let Some(text) = search.map(str::trim).filter(|t| !t.is_empty()) {
            let pattern = like_pattern(text)?;
            let concat = sea_query::BinOper::Custom("||");
            let mut cond = Cond::any().add(
                Func::lower(
                    Expr::col(Customers::FirstName)
                        .binary(concat, Expr::val(" "))
                        .binary(concat, Expr::col(Customers::LastName)),
                )
                .like(LikeExpr::new(pattern.clone()).escape('\\')),
            );
            cond = cond.add(
                Func::lower(Expr::col(Customers::LastName))
                    .like(LikeExpr::new(pattern).escape('\\')),
            );
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 {
                cond = cond
                    .add(Expr::col(Customers::Cellular).like(LikeExpr::new(format!("%{digits}%"))));
            }
            query.cond_where(cond);
        }
        self.db.fetch_all(&query).await
    }
}

/// An appointment's keys and state (what status changes need).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AppointmentDetail {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub advisor_id: Option<i64>,
    pub fsi_id: Option<i64>,
    pub appt_status: String,
    pub appt_at: DateTime<Utc>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PickerCustomer {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub cellular: Option<String>,
}

/// The advisor a booking takes: the one asked for if free, else the first free one; `None`
/// when the slot has no room. An advisor that is not the store's is not found.
fn choose_advisor(
    advisors: &[i64],
    wanted: Option<i64>,
    holders: &SlotHolders,
) -> Result<Option<i64>> {
    // A store without advisors books its one service desk.
    let desks: Vec<i64> = if advisors.is_empty() {
        vec![0]
    } else {
        advisors.to_vec()
    };
    let free: Vec<i64> = desks
        .iter()
        .copied()
        .filter(|a| !holders.advisors.contains(a))
        .collect();
    if free.len() <= holders.unassigned {
        return Ok(None);
    }
    match wanted {
        Some(advisor) if !desks.contains(&advisor) => Err(Error::not_found("Advisor not found")),
        Some(advisor) => Ok(free.contains(&advisor).then_some(advisor)),
        None => Ok(free.first().copied()),
    }
}

/// The appointments and the claims of a store's slots in `[from, until)`.
fn holder_queries(
    store_id: i64,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> (sea_query::SelectStatement, sea_query::SelectStatement) {
    let appointments = Query::select()
        .expr_as(Expr::col(Appt::ApptAt), "at")
        .column(Appt::AdvisorId)
        .expr_as(Expr::col(Appt::ApptStatus), "status")
        .from(Appt::Table)
        .and_where(Expr::col(Appt::StoreId).eq(store_id))
        .and_where(Expr::col(Appt::ApptAt).gte(from))
        .and_where(Expr::col(Appt::ApptAt).lt(until))
        .to_owned();
    let claims = Query::select()
        .expr_as(Expr::col(Claims::SlotAt), "at")
        .expr_as(Expr::col(Claims::AdvisorKey), "advisor_id")
        .expr_as(Expr::val(AppointmentStatus::Scheduled.as_str()), "status")
        .from(Claims::Table)
        .and_where(Expr::col(Claims::StoreId).eq(store_id))
        .and_where(Expr::col(Claims::SlotAt).gte(from))
        .and_where(Expr::col(Claims::SlotAt).lt(until))
        .to_owned();
    (appointments, claims)
}

/// Who holds each slot, from its appointments and claims.
fn fold_holders(
    held: Vec<HeldRow>,
    claimed: Vec<HeldRow>,
) -> std::collections::HashMap<DateTime<Utc>, SlotHolders> {
    let mut by_slot: std::collections::HashMap<DateTime<Utc>, SlotHolders> =
        std::collections::HashMap::new();
    for row in held {
        if !AppointmentStatus::from_stored(&row.status).holds_slot() {
            continue;
        }
        let slot = by_slot.entry(row.at).or_default();
        match row.advisor_id {
            Some(advisor) if !slot.advisors.contains(&advisor) => slot.advisors.push(advisor),
            Some(_) => {}
            None => slot.unassigned += 1,
        }
    }
    // A claim's appointment is among those above; the desk's claims (key 0) are not, as an
    // appointment booked at the desk names no advisor.
    for row in claimed {
        let slot = by_slot.entry(row.at).or_default();
        let key = row.advisor_id.unwrap_or(0);
        if key == 0 && slot.unassigned > 0 {
            slot.unassigned -= 1;
        }
        if !slot.advisors.contains(&key) {
            slot.advisors.push(key);
        }
    }
    by_slot
}

/// Gives an appointment's slot back.
async fn release(tx: &mut Transaction, appointment_id: i64) -> Result<()> {
    tx.execute(
        &Query::delete()
            .from_table(Claims::Table)
            .and_where(Expr::col(Claims::AppointmentId).eq(appointment_id))
            .to_owned(),
    )
    .await?;
    Ok(())
}

async fn set_lead_booking(
    tx: &mut Transaction,
    lead_id: i64,
    appointment_id: Option<i64>,
    stage: LeadStage,
    outcome: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.execute(
        &Query::update()
            .table(Fsi::Table)
            .value(Fsi::AppointmentSet, appointment_id.is_some())
            .value(Fsi::AppointmentId, appointment_id)
            .value(Fsi::Status, stage.as_str())
            .value(Fsi::Outcome, outcome.map(str::to_owned))
            .value(Fsi::UpdatedAt, now)
            .and_where(Expr::col(Fsi::Id).eq(lead_id))
            .to_owned(),
    )
    .await?;
    Ok(())
}
