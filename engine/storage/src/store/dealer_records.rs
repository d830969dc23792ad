//! The dealer system's records as Bayline keeps them (loaded by imports and syncs): sales and
//! repair orders of a store, searched by date the way the spec's sales, service-closed and
//! service-open calls ask.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Func, IntoColumnRef, Order, Query, SelectStatement};
use serde::Serialize;

use super::schema::{
    Advisors, Customers, RepairOrderLines, RepairOrders, Sales, ServiceVehicles as Vehicles,
};
use super::{Page, PageRequest};
use crate::db::Database;
use crate::error::{Error, Result};
use crate::planner::model::STATE_INSPECTION_OP_CODES;

/// Which sales of a store.
#[derive(Debug, Clone, Default)]
pub struct SaleSearch {
    pub store_id: i64,
    /// Deal number, customer number or name, VIN.
    pub text: Option<String>,
    /// NEW, USED, CPO…; any when empty.
    pub deal_types: Vec<String>,
    /// Inclusive sold-date range.
    pub sold_from: Option<NaiveDate>,
    pub sold_until: Option<NaiveDate>,
    /// Only sales whose vehicle had a repair order closed on or after the sale.
    pub with_closed_service: bool,
}

/// A sale with its customer and vehicle.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SaleRecord {
    pub id: i64,
    pub store_id: i64,
    pub deal_number: String,
    pub deal_type: String,
    pub sold_date: NaiveDate,
    pub sale_price: Option<f64>,
    pub customer_id: i64,
    pub customer_number: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub vehicle_id: i64,
    pub vin: String,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub odometer: Option<i32>,
    /// The latest repair order closed on or after the sale, if any.
    pub last_closed_service: Option<NaiveDate>,
}

/// A vehicle of a store's customers, as the dealer system keeps it (spec D-C25): the record
/// the dealer-system calls name a vehicle by.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct VehicleRecord {
    pub id: i64,
    pub store_id: i64,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
    pub last_service_date: Option<NaiveDate>,
    pub no_longer_owned: bool,
    pub customer_id: i64,
    pub customer_number: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    /// The latest repair order's number, if it has any.
    pub last_ro_number: Option<String>,
}

/// Open or closed repair orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepairOrderState {
    /// Not closed; searched by open date.
    Open,
    /// Closed; searched by close date.
    Closed,
    /// Closed with a state-inspection line.
    ClosedStateInspection,
}

#[derive(Debug, Clone)]
pub struct RepairOrderSearch {
    pub store_id: i64,
    pub state: RepairOrderState,
    /// Inclusive date range (the open date for open orders, the close date for closed ones).
    pub from: Option<NaiveDate>,
    pub until: Option<NaiveDate>,
    pub advisor_id: Option<i64>,
}

/// A repair order with its customer, vehicle, advisor and lines.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RepairOrderRecord {
    pub id: i64,
    pub store_id: i64,
    pub ro_number: String,
    pub status_code: String,
    pub open_date: NaiveDate,
    pub closed_date: Option<NaiveDate>,
    pub mileage_in: Option<i32>,
    pub mileage_out: Option<i32>,
    pub total_amount: Option<f64>,
    pub customer_id: Option<i64>,
    pub customer_number: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub vehicle_id: Option<i64>,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub advisor_id: Option<i64>,
    pub advisor_number: Option<String>,
    pub advisor_first_name: Option<String>,
    pub advisor_last_name: Option<String>,
    pub updated_at: DateTime<Utc>,
    #[sqlx(skip)]
    pub lines: Vec<RepairOrderLine>,
}

/// An op code a store's dealer system has used (spec D-C24's "opcode" help lookup), with the
/// description its lines give it and how often its repair orders carried it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OpCodeUse {
    pub op_code: String,
    pub description: String,
    pub times_used: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RepairOrderLine {
    #[serde(skip)]
    pub repair_order_id: i64,
    pub line_code: Option<String>,
    pub op_code: String,
    pub description: String,
    pub quantity: f64,
    pub amount: f64,
    pub declined: bool,
}

/// The joined customer's columns both records carry (`customer_number`, names, contact).
fn customer_columns(query: &mut SelectStatement) {
    query
        .expr_as(
            Expr::col((Customers::Table, Customers::Custno)),
            "customer_number",
        )
        .column((Customers::Table, Customers::FirstName))
        .column((Customers::Table, Customers::LastName))
        .column((Customers::Table, Customers::Cellular))
        .column((Customers::Table, Customers::Email));
}

#[derive(Debug, Clone)]
pub struct DealerRecordStore {
    db: Database,
}

impl DealerRecordStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Checks that `advisor_id` is an advisor of the store (another store's is not found).
    pub async fn check_advisor(&self, store_id: i64, advisor_id: i64) -> Result<()> {
        let found: Option<(i64,)> = self
            .db
            .fetch_optional(
                &Query::select()
                    .column(Advisors::Id)
                    .from(Advisors::Table)
                    .and_where(Expr::col(Advisors::Id).eq(advisor_id))
                    .and_where(Expr::col(Advisors::StoreId).eq(store_id))
                    .to_owned(),
            )
            .await?;
        found
            .map(|_| ())
            .ok_or_else(|| Error::not_found(format!("Advisor {advisor_id} not found")))
    }

    /// A store's sales, newest sale first.
    pub async fn sales(&self, search: &SaleSearch, page: PageRequest) -> Result<Page<SaleRecord>> {
        let filter = |query: &mut SelectStatement| {
            query
                .from(Sales::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Sales::Table, Sales::CustomerId)),
                )
                .inner_join(
                    Vehicles::Table,
                    Expr::col((Vehicles::Table, Vehicles::Id))
                        .equals((Sales::Table, Sales::VehicleId)),
                )
                .and_where(Expr::col((Sales::Table, Sales::StoreId)).eq(search.store_id));
            if !search.deal_types.is_empty() {
                query.and_where(
                    Expr::col((Sales::Table, Sales::DealType)).is_in(
                        search
                            .deal_types
                            .iter()
                            .map(|t| t.trim().to_ascii_uppercase()),
                    ),
                );
            }
            if let Some(from) = search.sold_from {
                query.and_where(Expr::col((Sales::Table, Sales::SoldDate)).gte(from));
            }
            if let Some(until) = search.sold_until {
                query.and_where(Expr::col((Sales::Table, Sales::SoldDate)).lte(until));
            }
            if let Some(text) = search
                .text
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
            {
                let like = format!("%{}%", text.to_ascii_lowercase());
                let lower =
                    |column: sea_query::ColumnRef| Expr::expr(Func::lower(Expr::col(column)));
                query.and_where(
                    lower((Sales::Table, Sales::DealNumber).into_column_ref())
                        .like(like.clone())
                        .or(
                            lower((Customers::Table, Customers::Custno).into_column_ref())
                                .like(like.clone()),
                        )
                        .or(
                            lower((Customers::Table, Customers::LastName).into_column_ref())
                                .like(like.clone()),
                        )
                        .or(
                            lower((Customers::Table, Customers::FirstName).into_column_ref())
                                .like(like.clone()),
                        )
                        .or(lower((Vehicles::Table, Vehicles::Vin).into_column_ref()).like(like)),
                );
            }
            if search.with_closed_service {
                query.and_where(Expr::exists(
                    Query::select()
                        .expr(Expr::val(1))
                        .from(RepairOrders::Table)
                        .and_where(
                            Expr::col((RepairOrders::Table, RepairOrders::VehicleId))
                                .equals((Sales::Table, Sales::VehicleId)),
                        )
                        .and_where(
                            Expr::col((RepairOrders::Table, RepairOrders::ClosedDate))
                                .gte(Expr::col((Sales::Table, Sales::SoldDate))),
                        )
                        .take(),
                ));
            }
        };
        let mut count = Query::select();
        count.expr(Expr::col((Sales::Table, Sales::Id)).count());
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Query::select();
        query
            .column((Sales::Table, Sales::Id))
            .column((Sales::Table, Sales::StoreId))
            .column((Sales::Table, Sales::DealNumber))
            .column((Sales::Table, Sales::DealType))
            .column((Sales::Table, Sales::SoldDate))
            .column((Sales::Table, Sales::SalePrice))
            .column((Sales::Table, Sales::CustomerId));
        customer_columns(&mut query);
        query
            .column((Sales::Table, Sales::VehicleId))
            .column((Vehicles::Table, Vehicles::Vin))
            .column((Vehicles::Table, Vehicles::Make))
            .column((Vehicles::Table, Vehicles::Model))
            .column((Vehicles::Table, Vehicles::Year))
            .column((Vehicles::Table, Vehicles::Odometer))
            .expr_as(
                Query::select()
                    .expr(Expr::col((RepairOrders::Table, RepairOrders::ClosedDate)).max())
                    .from(RepairOrders::Table)
                    .and_where(
                        Expr::col((RepairOrders::Table, RepairOrders::VehicleId))
                            .equals((Sales::Table, Sales::VehicleId)),
                    )
                    .and_where(
                        Expr::col((RepairOrders::Table, RepairOrders::ClosedDate))
                            .gte(Expr::col((Sales::Table, Sales::SoldDate))),
                    )
                    .take(),
                "last_closed_service",
            );
        filter(&mut query);
        query
            .order_by((Sales::Table, Sales::SoldDate), Order::Desc)
            .order_by((Sales::Table, Sales::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// The op codes the store's repair orders carried (the dealer system's op-code lookup),
    /// those whose code or description holds `text` when given; most used first, at most
    /// `limit`.
    pub async fn op_codes(
        &self,
        store_id: i64,
        text: Option<&str>,
        limit: u64,
    ) -> Result<Vec<OpCodeUse>> {
        let line = |c: RepairOrderLines| Expr::col((RepairOrderLines::Table, c));
        let mut query = Query::select();
        query
            .expr_as(line(RepairOrderLines::OpCode), "op_code")
            .expr_as(
                Func::max(line(RepairOrderLines::Description)),
                "description",
            )
            .expr_as(
                Func::count(line(RepairOrderLines::Id)).cast_as("BIGINT"),
                "times_used",
            )
            .from(RepairOrderLines::Table)
            .inner_join(
                RepairOrders::Table,
                Expr::col((RepairOrders::Table, RepairOrders::Id))
                    .equals((RepairOrderLines::Table, RepairOrderLines::RepairOrderId)),
            )
            .and_where(Expr::col((RepairOrders::Table, RepairOrders::StoreId)).eq(store_id))
            .and_where(line(RepairOrderLines::OpCode).ne(""));
        if let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) {
            let pattern = super::like_pattern(text)?;
            let like = |c: RepairOrderLines| {
                Expr::expr(Func::lower(line(c)))
                    .like(sea_query::LikeExpr::new(pattern.clone()).escape('\\'))
            };
            query.and_where(like(RepairOrderLines::OpCode).or(like(RepairOrderLines::Description)));
        }
        query
            .group_by_col((RepairOrderLines::Table, RepairOrderLines::OpCode))
            .order_by_expr(Func::count(line(RepairOrderLines::Id)).into(), Order::Desc)
            .order_by(
                (RepairOrderLines::Table, RepairOrderLines::OpCode),
                Order::Asc,
            )
            .limit(limit);
        self.db.fetch_all(&query).await
    }

    /// The vehicle lookup (spec D-C25): a store's customers' vehicles whose VIN (whole, or its
    /// last digits), customer number, name or mobile number holds `text`, most recently
    /// serviced first.
    pub async fn vehicles(
        &self,
        store_id: i64,
        text: &str,
        page: PageRequest,
    ) -> Result<Page<VehicleRecord>> {
        let text = text.trim();
        if text.chars().count() < 3 {
            return Err(Error::invalid(
                "Search with at least 3 characters: a VIN's last digits, a customer number, a name or a phone number",
            ));
        }
        let pattern = super::like_pattern(text)?;
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        let filter = |query: &mut SelectStatement| {
            let like = |column: sea_query::ColumnRef| {
                Expr::expr(Func::lower(Expr::col(column)))
                    .like(sea_query::LikeExpr::new(pattern.clone()).escape('\\'))
            };
            let mut matches = like((Vehicles::Table, Vehicles::Vin).into_column_ref())
                .or(like(
                    (Customers::Table, Customers::Custno).into_column_ref(),
                ))
                .or(like(
                    (Customers::Table, Customers::FirstName).into_column_ref(),
                ))
                .or(like(
                    (Customers::Table, Customers::LastName).into_column_ref(),
                ));
            // A phone number however it is written: its digits, when there are enough.
            if digits.len() >= 4
                && digits.len() == text.chars().filter(|c| c.is_alphanumeric()).count()
            {
                matches = matches
                    .or(Expr::col((Customers::Table, Customers::Cellular))
                        .like(format!("%{digits}%")));
            }
            query
                .from(Vehicles::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Vehicles::Table, Vehicles::CustomerId)),
                )
                .and_where(Expr::col((Vehicles::Table, Vehicles::StoreId)).eq(store_id))
                .and_where(matches);
        };
        let mut count = Query::select();
        count.expr(Expr::col((Vehicles::Table, Vehicles::Id)).count());
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Query::select();
        query
            .column((Vehicles::Table, Vehicles::Id))
            .column((Vehicles::Table, Vehicles::StoreId))
            .column((Vehicles::Table, Vehicles::Vin))
            .column((Vehicles::Table, Vehicles::Make))
            .column((Vehicles::Table, Vehicles::Model))
            .column((Vehicles::Table, Vehicles::Year))
            .column((Vehicles::Table, Vehicles::Odometer))
            .column((Vehicles::Table, Vehicles::LastServiceDate))
            .column((Vehicles::Table, Vehicles::NoLongerOwned))
            .column((Vehicles::Table, Vehicles::CustomerId));
        customer_columns(&mut query);
        query.expr_as(
            Query::select()
                .column((RepairOrders::Table, RepairOrders::RoNumber))
                .from(RepairOrders::Table)
                .and_where(
                    Expr::col((RepairOrders::Table, RepairOrders::VehicleId))
                        .equals((Vehicles::Table, Vehicles::Id)),
                )
                .order_by((RepairOrders::Table, RepairOrders::OpenDate), Order::Desc)
                .order_by((RepairOrders::Table, RepairOrders::Id), Order::Desc)
                .limit(1)
                .take(),
            "last_ro_number",
        );
        filter(&mut query);
        query
            .order_by_expr(
                Expr::case(
                    Expr::col((Vehicles::Table, Vehicles::LastServiceDate)).is_null(),
                    1,
                )
                .finally(0)
                .into(),
                Order::Asc,
            )
            .order_by((Vehicles::Table, Vehicles::LastServiceDate), Order::Desc)
            .order_by((Vehicles::Table, Vehicles::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// A store's repair orders with their lines: open ones by open date (oldest first, the
    /// longest waiting on top), closed ones by close date (newest first).
    pub async fn repair_orders(
        &self,
        search: &RepairOrderSearch,
        page: PageRequest,
    ) -> Result<Page<RepairOrderRecord>> {
        let ro = |column| Expr::col((RepairOrders::Table, column));
        let date_column = match search.state {
            RepairOrderState::Open => RepairOrders::OpenDate,
            RepairOrderState::Closed | RepairOrderState::ClosedStateInspection => {
                RepairOrders::ClosedDate
            }
        };
        let filter = |query: &mut SelectStatement| {
            query
                .from(RepairOrders::Table)
                .left_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((RepairOrders::Table, RepairOrders::CustomerId)),
                )
                .left_join(
                    Vehicles::Table,
                    Expr::col((Vehicles::Table, Vehicles::Id))
                        .equals((RepairOrders::Table, RepairOrders::VehicleId)),
                )
                .left_join(
                    Advisors::Table,
                    Expr::col((Advisors::Table, Advisors::Id))
                        .equals((RepairOrders::Table, RepairOrders::AdvisorId)),
                )
                .and_where(ro(RepairOrders::StoreId).eq(search.store_id));
            match search.state {
                RepairOrderState::Open => {
                    query.and_where(ro(RepairOrders::ClosedDate).is_null());
                }
                RepairOrderState::Closed => {
                    query.and_where(ro(RepairOrders::ClosedDate).is_not_null());
                }
                RepairOrderState::ClosedStateInspection => {
                    query
                        .and_where(ro(RepairOrders::ClosedDate).is_not_null())
                        .and_where(Expr::exists(
                            Query::select()
                                .expr(Expr::val(1))
                                .from(RepairOrderLines::Table)
                                .and_where(
                                    Expr::col((
                                        RepairOrderLines::Table,
                                        RepairOrderLines::RepairOrderId,
                                    ))
                                    .equals((RepairOrders::Table, RepairOrders::Id)),
                                )
                                .and_where(
                                    Expr::expr(Func::upper(Expr::col((
                                        RepairOrderLines::Table,
                                        RepairOrderLines::OpCode,
                                    ))))
                                    .is_in(
                                        STATE_INSPECTION_OP_CODES
                                            .iter()
                                            .map(|c| c.to_ascii_uppercase()),
                                    ),
                                )
                                .take(),
                        ));
                }
            }
            if let Some(from) = search.from {
                query.and_where(ro(date_column).gte(from));
            }
            if let Some(until) = search.until {
                query.and_where(ro(date_column).lte(until));
            }
            if let Some(advisor_id) = search.advisor_id {
                query.and_where(ro(RepairOrders::AdvisorId).eq(advisor_id));
            }
        };
        let mut count = Query::select();
        count.expr(ro(RepairOrders::Id).count());
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Query::select();
        query
            .column((RepairOrders::Table, RepairOrders::Id))
            .column((RepairOrders::Table, RepairOrders::StoreId))
            .column((RepairOrders::Table, RepairOrders::RoNumber))
            .column((RepairOrders::Table, RepairOrders::StatusCode))
            .column((RepairOrders::Table, RepairOrders::OpenDate))
            .column((RepairOrders::Table, RepairOrders::ClosedDate))
            .column((RepairOrders::Table, RepairOrders::MileageIn))
            .column((RepairOrders::Table, RepairOrders::MileageOut))
            .column((RepairOrders::Table, RepairOrders::TotalAmount))
            .column((RepairOrders::Table, RepairOrders::CustomerId));
        customer_columns(&mut query);
        query
            .column((RepairOrders::Table, RepairOrders::VehicleId))
            .column((Vehicles::Table, Vehicles::Vin))
            .column((Vehicles::Table, Vehicles::Make))
            .column((Vehicles::Table, Vehicles::Model))
            .column((Vehicles::Table, Vehicles::Year))
            .column((RepairOrders::Table, RepairOrders::AdvisorId))
            .expr_as(
                Expr::col((Advisors::Table, Advisors::AdvisorNo)),
                "advisor_number",
            )
            .expr_as(
                Expr::col((Advisors::Table, Advisors::FirstName)),
                "advisor_first_name",
            )
            .expr_as(
                Expr::col((Advisors::Table, Advisors::LastName)),
                "advisor_last_name",
            )
            .column((RepairOrders::Table, RepairOrders::UpdatedAt));
        filter(&mut query);
        let direction = match search.state {
            RepairOrderState::Open => Order::Asc,
            _ => Order::Desc,
        };
        query
            .order_by((RepairOrders::Table, date_column), direction.clone())
            .order_by((RepairOrders::Table, RepairOrders::Id), direction)
            .limit(page.size)
            .offset(page.offset());
        let mut orders: Vec<RepairOrderRecord> = self.db.fetch_all(&query).await?;
        let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
        if !ids.is_empty() {
            let lines: Vec<RepairOrderLine> = self
                .db
                .fetch_all(
                    &Query::select()
                        .columns([
                            RepairOrderLines::RepairOrderId,
                            RepairOrderLines::LineCode,
                            RepairOrderLines::OpCode,
                            RepairOrderLines::Description,
                            RepairOrderLines::Quantity,
                            RepairOrderLines::Amount,
                            RepairOrderLines::Declined,
                        ])
                        .from(RepairOrderLines::Table)
                        .and_where(Expr::col(RepairOrderLines::RepairOrderId).is_in(ids))
                        .order_by(RepairOrderLines::Id, Order::Asc)
                        .to_owned(),
                )
                .await?;
            let mut by_order: HashMap<i64, Vec<RepairOrderLine>> = HashMap::new();
            for line in lines {
                by_order.entry(line.repair_order_id).or_default().push(line);
            }
            for order in &mut orders {
                order.lines = by_order.remove(&order.id).unwrap_or_default();
            }
        }
        Ok(Page::new(orders, page, Ord::max(total, 0) as u64))
    }
}
