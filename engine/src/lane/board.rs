//! The board's reads (a store's advisors, its orders by lane, one order with its lines and
//! moves) and the move of an order from lane to lane. Each list is one statement: customer,
//! vehicle, advisor and the lead's unread count come joined, so a store with thousands of open
//! orders answers in one round trip.

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Alias, Expr, ExprTrait, Func, JoinType, Order, Query, SelectStatement};
use serde::Serialize;

use super::push::RepairOrderPushInput;
use super::{LANE_MOVERS, RoStatus, refused_move};
use crate::appointments::writeback::DmsPushStatus;
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::error::{Error, Result};
use crate::store::schema::{
    Advisors, Customers, FutureServiceInteractions as Fsi, RepairOrderLines,
    RepairOrderMoves as Moves, RepairOrders, ServiceVehicles as Vehicles, Stores, Users,
};
use crate::store::{Page, PageRequest};

/// The most orders one lane list answers with: a store's whole open board fits.
pub const MAX_CARDS: u64 = 5_000;

/// Which advisor's orders: the spec's `ALL`, or one advisor by their dealer-system number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AdvisorFilter {
    #[default]
    All,
    Number(String),
}

impl AdvisorFilter {
    /// `ALL` (any case), empty or absent is every advisor; anything else an advisor number.
    pub fn parse(text: Option<&str>) -> Self {
        match text.map(str::trim) {
            None | Some("") => Self::All,
            Some(t) if t.eq_ignore_ascii_case("ALL") => Self::All,
            Some(t) => Self::Number(t.to_owned()),
        }
    }
}

/// What one lane list shows.
#[derive(Debug, Clone, Default)]
pub struct CardFilter {
    pub store_id: i64,
    /// Open statuses; empty with `closed` set reads closed orders only.
    pub statuses: Vec<RoStatus>,
    /// Closed orders whose close date is in this inclusive range.
    pub closed: Option<(NaiveDate, NaiveDate)>,
    pub advisor: AdvisorFilter,
    /// RO number, customer name or number, or VIN (case-insensitive, part of it).
    pub text: Option<String>,
    /// Only orders whose customer has written in (the spec's `lastMessageReceived`), newest
    /// message first.
    pub with_message_received: bool,
}

/// One card of the board: the order, its customer, vehicle and advisor, and its lead's unread
/// customer messages.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LaneCard {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub ro_number: String,
    #[sqlx(try_from = "String")]
    pub status_code: RoStatus,
    pub open_date: NaiveDate,
    pub closed_date: Option<NaiveDate>,
    pub status_moved_at: Option<DateTime<Utc>>,
    pub mileage_in: Option<i32>,
    pub total_amount: Option<f64>,
    pub customer_id: Option<i64>,
    pub customer_number: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub cellular: Option<String>,
    pub vehicle_id: Option<i64>,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
    pub advisor_id: Option<i64>,
    pub advisor_number: Option<String>,
    pub advisor_first_name: Option<String>,
    pub advisor_last_name: Option<String>,
    /// The lead whose conversation belongs to this visit (its `openRoId`).
    pub fsi_id: Option<i64>,
    pub unread_count: i64,
    pub last_message_received_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

impl LaneCard {
    /// Days open (an open order) or since it closed, on `today`: the spec's `daysDiff`.
    pub fn days_diff(&self, today: NaiveDate) -> i64 {
        Ord::max(
            (today - self.closed_date.unwrap_or(self.open_date)).num_days(),
            0,
        )
    }

    /// Days the order has been open (to its close for a closed one).
    pub fn days_open(&self, today: NaiveDate) -> i64 {
        Ord::max(
            (self.closed_date.unwrap_or(today) - self.open_date).num_days(),
            0,
        )
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LaneAdvisor {
    pub id: i64,
    pub store_id: i64,
    pub advisor_no: String,
    pub first_name: String,
    pub last_name: String,
    /// Their orders on the board now (not closed).
    pub open_count: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LaneLine {
    pub line_code: Option<String>,
    pub op_code: String,
    pub description: String,
    pub quantity: f64,
    pub amount: f64,
    pub declined: bool,
}

/// A status move as stored: who, when, and how its push to the dealer system went.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LaneMove {
    pub id: i64,
    pub from_status: String,
    pub to_status: String,
    pub moved_by: Option<i64>,
    pub moved_by_name: Option<String>,
    pub moved_at: DateTime<Utc>,
    pub dms_status: String,
    pub dms_error: Option<String>,
}

/// One order with everything its drawer shows.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LaneOrder {
    pub card: LaneCard,
    pub lines: Vec<LaneLine>,
    pub moves: Vec<LaneMove>,
}

/// A staff member's move of one order.
#[derive(Debug, Clone)]
pub struct MoveRequest {
    pub repair_order_id: i64,
    pub to: RoStatus,
    /// The status the mover saw: when the order has moved since, the move is refused rather
    /// than silently undoing the other move.
    pub expected_from: Option<RoStatus>,
    /// The store's day now, for a closing order's close date.
    pub today: NaiveDate,
    pub now: DateTime<Utc>,
}

/// What a move changed, and the push that tells the dealer system.
#[derive(Debug, Clone)]
pub struct Moved {
    pub card: LaneCard,
    pub from: RoStatus,
    pub push: RepairOrderPushInput,
}

#[derive(Debug, Clone)]
pub struct LaneBoard {
    db: Database,
}

#[derive(Debug, sqlx::FromRow)]
struct OrderPlace {
    enterprise_id: i64,
    boc_id: i64,
    store_id: i64,
    status_code: String,
}

fn ro(column: RepairOrders) -> Expr {
    Expr::col((RepairOrders::Table, column))
}

impl LaneBoard {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// A store's advisors by name, with their open orders (counted in one pass over the
    /// store's open orders).
    pub async fn advisors(&self, store_id: i64) -> Result<Vec<LaneAdvisor>> {
        let open = Query::select()
            .column(RepairOrders::AdvisorId)
            .expr_as(
                Expr::col(RepairOrders::Id).count(),
                Alias::new("open_count"),
            )
            .from(RepairOrders::Table)
            .and_where(Expr::col(RepairOrders::StoreId).eq(store_id))
            .and_where(Expr::col(RepairOrders::ClosedDate).is_null())
            .group_by_col(RepairOrders::AdvisorId)
            .take();
        let counts = Alias::new("open_orders");
        self.db
            .fetch_all(
                &Query::select()
                    .columns(
                        [
                            Advisors::Id,
                            Advisors::StoreId,
                            Advisors::AdvisorNo,
                            Advisors::FirstName,
                            Advisors::LastName,
                        ]
                        .map(|c| (Advisors::Table, c)),
                    )
                    .expr_as(
                        Func::coalesce([
                            Expr::col((counts.clone(), Alias::new("open_count"))),
                            Expr::val(0),
                        ])
                        .cast_as("BIGINT"),
                        Alias::new("open_count"),
                    )
                    .from(Advisors::Table)
                    .join_subquery(
                        JoinType::LeftJoin,
                        open,
                        counts.clone(),
                        Expr::col((counts.clone(), RepairOrders::AdvisorId))
                            .equals((Advisors::Table, Advisors::Id)),
                    )
                    .and_where(Expr::col((Advisors::Table, Advisors::StoreId)).eq(store_id))
                    .order_by((Advisors::Table, Advisors::FirstName), Order::Asc)
                    .order_by((Advisors::Table, Advisors::LastName), Order::Asc)
                    .order_by((Advisors::Table, Advisors::Id), Order::Asc)
                    .to_owned(),
            )
            .await
    }

    /// The cards of one or more lanes: open orders oldest first (the longest waiting on top),
    /// closed ones newest first; at most [`MAX_CARDS`].
    pub async fn cards(&self, filter: &CardFilter) -> Result<Vec<LaneCard>> {
        let mut query = card_select();
        restrict(&mut query, filter);
        order(&mut query, filter);
        query.limit(MAX_CARDS);
        self.db.fetch_all(&query).await
    }

    /// The same, a page at a time with the total.
    pub async fn card_page(
        &self,
        filter: &CardFilter,
        page: PageRequest,
    ) -> Result<Page<LaneCard>> {
        let mut count = Query::select();
        count.expr(ro(RepairOrders::Id).count());
        from_order_and_joins(&mut count);
        restrict(&mut count, filter);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = card_select();
        restrict(&mut query, filter);
        order(&mut query, filter);
        query.limit(page.size).offset(page.offset());
        let cards = self.db.fetch_all(&query).await?;
        Ok(Page::new(cards, page, Ord::max(total, 0) as u64))
    }

    /// One card by id, inside the scope (another store's or enterprise's is not found).
    pub async fn card(&self, scope: &Scope, id: i64) -> Result<LaneCard> {
        self.place_in_scope(scope, id).await?;
        let mut query = card_select();
        query.and_where(ro(RepairOrders::Id).eq(id));
        self.db.fetch_optional(&query).await?.ok_or_else(not_found)
    }

    /// A card without a scope check, for the realtime stream (which checks its audience's
    /// stores itself).
    pub async fn card_unchecked(&self, id: i64) -> Result<Option<LaneCard>> {
        let mut query = card_select();
        query.and_where(ro(RepairOrders::Id).eq(id));
        self.db.fetch_optional(&query).await
    }

    /// One order with its lines and moves, inside the scope.
    pub async fn order(&self, scope: &Scope, id: i64) -> Result<LaneOrder> {
        let card = self.card(scope, id).await?;
        let lines = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([
                        RepairOrderLines::LineCode,
                        RepairOrderLines::OpCode,
                        RepairOrderLines::Description,
                        RepairOrderLines::Quantity,
                        RepairOrderLines::Amount,
                        RepairOrderLines::Declined,
                    ])
                    .from(RepairOrderLines::Table)
                    .and_where(Expr::col(RepairOrderLines::RepairOrderId).eq(id))
                    .order_by(RepairOrderLines::Id, Order::Asc)
                    .to_owned(),
            )
            .await?;
        let moves = self
            .db
            .fetch_all(
                &Query::select()
                    .columns(
                        [
                            Moves::Id,
                            Moves::FromStatus,
                            Moves::ToStatus,
                            Moves::MovedBy,
                            Moves::MovedAt,
                            Moves::DmsStatus,
                            Moves::DmsError,
                        ]
                        .map(|c| (Moves::Table, c)),
                    )
                    .expr_as(
                        Expr::col((Users::Table, Users::Username)),
                        Alias::new("moved_by_name"),
                    )
                    .from(Moves::Table)
                    .left_join(
                        Users::Table,
                        Expr::col((Users::Table, Users::Id)).equals((Moves::Table, Moves::MovedBy)),
                    )
                    .and_where(Expr::col((Moves::Table, Moves::RepairOrderId)).eq(id))
                    .order_by((Moves::Table, Moves::MovedAt), Order::Desc)
                    .order_by((Moves::Table, Moves::Id), Order::Desc)
                    .to_owned(),
            )
            .await?;
        Ok(LaneOrder { card, lines, moves })
    }

    /// Moves an order to another lane: checks the caller's role, the scope, that the order is
    /// still where the mover saw it and that the status allows the move; stores the move with
    /// who and when (closing sets the close date), all or nothing.
    pub async fn move_order(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: &MoveRequest,
    ) -> Result<Moved> {
        caller.require_any(LANE_MOVERS)?;
        let place = self.place_in_scope(scope, request.repair_order_id).await?;
        let from = RoStatus::from_code(&place.status_code)?;
        if let Some(expected) = request.expected_from
            && expected != from
        {
            return Err(moved_since(from));
        }
        if !from.may_become(request.to) {
            return Err(refused_move(from, request.to));
        }
        let mut tx = self.db.begin().await?;
        let mut update = Query::update();
        update
            .table(RepairOrders::Table)
            .value(RepairOrders::StatusCode, request.to.as_str())
            .value(RepairOrders::StatusMovedAt, request.now)
            .value(RepairOrders::UpdatedAt, request.now)
            .and_where(Expr::col(RepairOrders::Id).eq(request.repair_order_id))
            // Another mover in between: nothing changes and the move is refused below.
            .and_where(Expr::col(RepairOrders::StatusCode).eq(from.as_str()));
        if request.to == RoStatus::Closed {
            update.value(RepairOrders::ClosedDate, request.today);
        }
        if tx.execute(&update).await? == 0 {
            return Err(Error::Conflict(
                "The repair order moved while you were moving it; the board shows where it is now"
                    .to_owned(),
            ));
        }
        let move_id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Moves::Table)
                    .columns([
                        Moves::EnterpriseId,
                        Moves::StoreId,
                        Moves::RepairOrderId,
                        Moves::FromStatus,
                        Moves::ToStatus,
                        Moves::MovedBy,
                        Moves::MovedAt,
                        Moves::DmsStatus,
                    ])
                    .values_panic([
                        place.enterprise_id.into(),
                        place.store_id.into(),
                        request.repair_order_id.into(),
                        from.as_str().into(),
                        request.to.as_str().into(),
                        caller.user_id.into(),
                        request.now.into(),
                        DmsPushStatus::Pending.as_str().into(),
                    ])
                    .returning_col(Moves::Id)
                    .to_owned(),
            )
            .await?;
        tx.commit().await?;
        let card = self.card(scope, request.repair_order_id).await?;
        Ok(Moved {
            card,
            from,
            push: RepairOrderPushInput {
                move_id,
                store_id: place.store_id,
            },
        })
    }

    /// Where an order is (enterprise, dealer, store, status), when the scope holds it.
    async fn place_in_scope(&self, scope: &Scope, id: i64) -> Result<OrderPlace> {
        let place: OrderPlace = self
            .db
            .fetch_optional(
                &Query::select()
                    .column((RepairOrders::Table, RepairOrders::EnterpriseId))
                    .column((Stores::Table, Stores::BocId))
                    .column((RepairOrders::Table, RepairOrders::StoreId))
                    .column((RepairOrders::Table, RepairOrders::StatusCode))
                    .from(RepairOrders::Table)
                    .inner_join(
                        Stores::Table,
                        Expr::col((Stores::Table, Stores::Id))
                            .equals((RepairOrders::Table, RepairOrders::StoreId)),
                    )
                    .and_where(ro(RepairOrders::Id).eq(id))
                    .to_owned(),
            )
            .await?
            .ok_or_else(not_found)?;
        if !scope.contains(
            place.enterprise_id,
            Some(place.boc_id),
            Some(place.store_id),
        ) {
            return Err(not_found());
        }
        Ok(place)
    }
}

fn not_found() -> Error {
    Error::not_found("Repair order not found")
}

fn moved_since(now_in: RoStatus) -> Error {
    Error::Conflict(format!(
        "The repair order has moved to {} since you loaded the board",
        now_in.lane().title
    ))
}

/// The card's columns over the order and its joins.
fn card_select() -> SelectStatement {
    let lead = |expr: Expr| {
        Query::select()
            .expr(expr)
            .from(Fsi::Table)
            .and_where(
                Expr::col((Fsi::Table, Fsi::OpenRoId))
                    .equals((RepairOrders::Table, RepairOrders::Id)),
            )
            .take()
    };
    let mut query = Query::select();
    query
        .columns(
            [
                RepairOrders::Id,
                RepairOrders::EnterpriseId,
                RepairOrders::StoreId,
                RepairOrders::RoNumber,
                RepairOrders::StatusCode,
                RepairOrders::OpenDate,
                RepairOrders::ClosedDate,
                RepairOrders::StatusMovedAt,
                RepairOrders::MileageIn,
                RepairOrders::TotalAmount,
                RepairOrders::CustomerId,
            ]
            .map(|c| (RepairOrders::Table, c)),
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::Custno)),
            "customer_number",
        )
        .column((Customers::Table, Customers::FirstName))
        .column((Customers::Table, Customers::LastName))
        .column((Customers::Table, Customers::Email))
        .column((Customers::Table, Customers::Cellular))
        .column((RepairOrders::Table, RepairOrders::VehicleId))
        .columns(
            [
                Vehicles::Vin,
                Vehicles::Make,
                Vehicles::Model,
                Vehicles::Year,
                Vehicles::Odometer,
            ]
            .map(|c| (Vehicles::Table, c)),
        )
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
        .expr_as(
            lead(Expr::col((Fsi::Table, Fsi::Id)).max()),
            Alias::new("fsi_id"),
        )
        .expr_as(
            lead(
                Func::coalesce([
                    Expr::col((Fsi::Table, Fsi::TotalUnreadCount)).sum(),
                    Expr::val(0),
                ])
                .cast_as("BIGINT"),
            ),
            Alias::new("unread_count"),
        )
        .expr_as(
            lead(Expr::col((Fsi::Table, Fsi::LastMessageReceivedAt)).max()),
            Alias::new("last_message_received_at"),
        )
        .column((RepairOrders::Table, RepairOrders::UpdatedAt));
    from_order_and_joins(&mut query);
    query
}

/// Orders with their customer, vehicle and advisor: what cards show and the filter reads.
fn from_order_and_joins(query: &mut SelectStatement) {
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
        );
}

/// The filter's conditions (the query already joins customers, vehicles and advisors).
fn restrict(query: &mut SelectStatement, filter: &CardFilter) {
    query.and_where(ro(RepairOrders::StoreId).eq(filter.store_id));
    let open = (!filter.statuses.is_empty()).then(|| {
        ro(RepairOrders::StatusCode)
            .is_in(filter.statuses.iter().map(|s| s.as_str()))
            .and(ro(RepairOrders::ClosedDate).is_null())
    });
    let closed = filter.closed.map(|(from, until)| {
        ro(RepairOrders::ClosedDate)
            .gte(from)
            .and(ro(RepairOrders::ClosedDate).lte(until))
    });
    match (open, closed) {
        (Some(open), Some(closed)) => {
            query.and_where(open.or(closed));
        }
        (Some(open), None) => {
            query.and_where(open);
        }
        (None, Some(closed)) => {
            query.and_where(closed);
        }
        // Neither: nothing asked for.
        (None, None) => {
            query.and_where(Expr::val(1).eq(0));
        }
    }
    if let AdvisorFilter::Number(number) = &filter.advisor {
        query.and_where(Expr::col((Advisors::Table, Advisors::AdvisorNo)).eq(number.as_str()));
    }
    if let Some(text) = filter
        .text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let like = format!("%{}%", text.to_lowercase());
        let lower = |column: Expr| Expr::expr(Func::lower(column));
        query.and_where(
            lower(ro(RepairOrders::RoNumber))
                .like(like.clone())
                .or(lower(Expr::col((Customers::Table, Customers::Custno))).like(like.clone()))
                .or(lower(Expr::col((Customers::Table, Customers::FirstName))).like(like.clone()))
                .or(lower(Expr::col((Customers::Table, Customers::LastName))).like(like.clone()))
                .or(lower(Expr::col((Vehicles::Table, Vehicles::Vin))).like(like)),
        );
    }
    if filter.with_message_received {
        query.and_where(Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from(Fsi::Table)
                .and_where(
                    Expr::col((Fsi::Table, Fsi::OpenRoId))
                        .equals((RepairOrders::Table, RepairOrders::Id)),
                )
                .and_where(Expr::col((Fsi::Table, Fsi::LastMessageReceivedAt)).is_not_null())
                .take(),
        ));
    }
}

fn order(query: &mut SelectStatement, filter: &CardFilter) {
    if filter.with_message_received {
        query.order_by_expr(Expr::cust("last_message_received_at"), Order::Desc);
    }
    if filter.statuses.is_empty() {
        query
            .order_by((RepairOrders::Table, RepairOrders::ClosedDate), Order::Desc)
            .order_by((RepairOrders::Table, RepairOrders::Id), Order::Desc);
    } else {
        query
            .order_by((RepairOrders::Table, RepairOrders::OpenDate), Order::Asc)
            .order_by((RepairOrders::Table, RepairOrders::Id), Order::Asc);
    }
}
