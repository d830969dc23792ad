//! Service appointments: the search staff run from a conversation (spec section 2, the
//! right-click "Appointment Search" on selected text).

use chrono::{DateTime, Utc};
use sea_query::{Cond, Expr, ExprTrait, Func, LikeExpr, Order, Query};

use super::schema::{Customers, ServiceAppointments as Appt, ServiceVehicles as Vehicles};
use super::{Page, PageRequest, like_pattern};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::Result;

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
    pub customer_first_name: Option<String>,
    pub customer_last_name: Option<String>,
    pub customer_cellular: Option<String>,
    pub vehicle_year: Option<i32>,
    pub vehicle_make: Option<String>,
    pub vehicle_model: Option<String>,
    pub vehicle_vin: Option<String>,
}

/// What to look for: stores (empty: every store in scope), a time range, and text matching the
/// customer's name, mobile digits, the VIN or the appointment's title.
#[derive(Debug, Clone, Default)]
pub struct AppointmentSearch {
    pub store_ids: Vec<i64>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub query: Option<String>,
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
            .and_where(Expr::col((Appt::Table, Appt::EnterpriseId)).eq(scope.enterprise_id));
        if let Some(store) = scope.store_id {
            query.and_where(Expr::col((Appt::Table, Appt::StoreId)).eq(store));
        }
        if !search.store_ids.is_empty() {
            query
                .and_where(Expr::col((Appt::Table, Appt::StoreId)).is_in(search.store_ids.clone()));
        }
        if let Some(from) = search.from {
            query.and_where(Expr::col((Appt::Table, Appt::ApptAt)).gte(from));
        }
        if let Some(until) = search.until {
            query.and_where(Expr::col((Appt::Table, Appt::ApptAt)).lt(until));
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
            .order_by((Appt::Table, Appt::ApptAt), Order::Asc)
            .order_by((Appt::Table, Appt::Id), Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
}
