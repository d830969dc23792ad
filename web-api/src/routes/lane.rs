//! The service-lane board (spec section F): the main API's calls and the lane host's, served
//! by the same server over the same queries (`engine::lane`), the spec's spellings kept
//! (`getAdivsorByStore`, `getOpenRoBtStoreId`); the lanes and their moves; and the move of a
//! card, which is stored, pushed to the dealer system and published on the realtime stream.
// Handlers take one argument per parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use chrono::{DateTime, NaiveDate, Utc};
use engine::auth::Caller;
use engine::domain::formats::{DayRange, parse_request_date};
use engine::lane::board::{AdvisorFilter, CardFilter, LaneCard, LaneOrder, MoveRequest};
use engine::lane::{self, CLOSED_RO_RANGE, LANES, RoStatus};
use engine::messaging::Notice;
use engine::store::PageRequest;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::enterprise::StoreMaster;
use crate::auth::{Session, request_scope, store_in_scope, store_under_dealer};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneCustomerView {
    pub id: i64,
    pub custno: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub cellular: Option<String>,
    /// Where the record came from: repair orders come from the dealer system (DMS).
    pub record_source: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneVehicleView {
    pub id: i64,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    /// Miles in on this visit (else the vehicle's last known odometer).
    pub mileage: Option<i32>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneAdvisorView {
    pub id: i64,
    pub advisor_no: String,
    pub first_name: String,
    pub last_name: String,
    /// The name staff see everywhere (appointments too): first and last, else "Advisor <no>".
    pub name: String,
    /// Their orders on the board now (the advisor lists only).
    pub open_count: Option<i64>,
}

impl LaneAdvisorView {
    fn new(
        id: i64,
        advisor_no: String,
        first_name: String,
        last_name: String,
        open_count: Option<i64>,
    ) -> Self {
        let name = engine::appointments::advisor_name(&first_name, &last_name, &advisor_no);
        Self {
            id,
            advisor_no,
            first_name,
            last_name,
            name,
            open_count,
        }
    }
}

/// One card: the spec's service-order item (customer, vehicle, advisor, `daysDiff`) with the
/// order's status and lane, its lead's unread customer messages, and for privileged users the
/// delay colour.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneCardView {
    pub id: i64,
    pub store_id: i64,
    pub ro_number: String,
    pub status_code: String,
    /// The board state key of its lane (`checkedIn`, `workingRos`, …).
    pub lane: String,
    pub open_date: NaiveDate,
    pub closed_date: Option<NaiveDate>,
    /// Days open, or days since it closed.
    pub days_diff: i64,
    pub status_moved_at: Option<DateTime<Utc>>,
    pub total_amount: Option<f64>,
    pub customer: Option<LaneCustomerView>,
    pub vehicle: Option<LaneVehicleView>,
    pub advisor: Option<LaneAdvisorView>,
    /// The lead whose conversation belongs to this visit.
    pub fsi_id: Option<i64>,
    pub unread_count: i64,
    pub last_message_received_date: Option<DateTime<Utc>>,
    /// GREEN, AMBER or RED by days open; privileged users only (managers and super roles).
    pub delay_color_code: Option<String>,
    pub updated_on: DateTime<Utc>,
}

/// Builds cards for one viewer: the delay colour only for those who may see it.
pub struct CardViews {
    today: NaiveDate,
    sees_delay: bool,
}

impl CardViews {
    pub fn for_caller(caller: &Caller) -> Self {
        Self {
            today: Utc::now().date_naive(),
            sees_delay: lane::sees_delay_colour(caller),
        }
    }

    pub fn view(&self, card: LaneCard) -> LaneCardView {
        LaneCardView {
            days_diff: card.days_diff(self.today),
            delay_color_code: self
                .sees_delay
                .then(|| lane::delay_colour(card.status_code, card.days_open(self.today)))
                .flatten()
                .map(str::to_owned),
            lane: card.status_code.lane().state_key.to_owned(),
            id: card.id,
            store_id: card.store_id,
            ro_number: card.ro_number,
            status_code: card.status_code.as_str().to_owned(),
            open_date: card.open_date,
            closed_date: card.closed_date,
            status_moved_at: card.status_moved_at,
            total_amount: card.total_amount,
            customer: card.customer_id.map(|id| LaneCustomerView {
                id,
                custno: card.customer_number,
                first_name: card.first_name,
                last_name: card.last_name,
                email: card.email,
                cellular: card.cellular,
                record_source: "DMS".to_owned(),
            }),
            vehicle: card.vehicle_id.map(|id| LaneVehicleView {
                id,
                vin: card.vin,
                make: card.make,
                model: card.model,
                year: card.year,
                mileage: card.mileage_in.or(card.odometer),
            }),
            advisor: card.advisor_id.map(|id| {
                LaneAdvisorView::new(
                    id,
                    card.advisor_number.unwrap_or_default(),
                    card.advisor_first_name.unwrap_or_default(),
                    card.advisor_last_name.unwrap_or_default(),
                    None,
                )
            }),
            fsi_id: card.fsi_id,
            unread_count: card.unread_count,
            last_message_received_date: card.last_message_received_at,
            updated_on: card.updated_at,
        }
    }

    fn views(&self, cards: Vec<LaneCard>) -> Vec<LaneCardView> {
        cards.into_iter().map(|c| self.view(c)).collect()
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneLineView {
    pub line_code: Option<String>,
    pub op_code: String,
    pub description: String,
    pub quantity: f64,
    pub amount: f64,
    pub declined: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneMoveView {
    pub id: i64,
    pub from_status: String,
    pub to_status: String,
    pub moved_by: Option<i64>,
    pub moved_by_name: Option<String>,
    pub moved_at: DateTime<Utc>,
    /// PENDING, PUSHED, NOT_CONNECTED or FAILED.
    pub dms_status: String,
    pub dms_error: Option<String>,
}

/// One order for its drawer: the card, its lines and its moves (newest first).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RepairOrderDetailView {
    #[oai(flatten)]
    pub card: LaneCardView,
    pub lines: Vec<LaneLineView>,
    pub moves: Vec<LaneMoveView>,
    /// The statuses it may move to now.
    pub allowed_moves: Vec<String>,
}

fn detail_view(views: &CardViews, order: LaneOrder) -> RepairOrderDetailView {
    let allowed_moves = order
        .card
        .status_code
        .moves()
        .iter()
        .map(|s| s.as_str().to_owned())
        .collect();
    RepairOrderDetailView {
        card: views.view(order.card),
        lines: order
            .lines
            .into_iter()
            .map(|l| LaneLineView {
                line_code: l.line_code,
                op_code: l.op_code,
                description: l.description,
                quantity: l.quantity,
                amount: l.amount,
                declined: l.declined,
            })
            .collect(),
        moves: order
            .moves
            .into_iter()
            .map(|m| LaneMoveView {
                id: m.id,
                from_status: m.from_status,
                to_status: m.to_status,
                moved_by: m.moved_by,
                moved_by_name: m.moved_by_name,
                moved_at: m.moved_at,
                dms_status: m.dms_status,
                dms_error: m.dms_error,
            })
            .collect(),
        allowed_moves,
    }
}

/// A lane of the board and where its cards may go.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LaneView {
    pub title: String,
    /// `Appt` or the repair-order status code.
    pub code: String,
    pub state_key: String,
    /// The status codes a card of this lane may move to (none for appointments and closed).
    pub moves_to: Vec<String>,
}

/// The board's lanes, the caller's rights on it, and the store's day.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LaneBoardInfo {
    pub lanes: Vec<LaneView>,
    /// Whether the caller may move cards.
    pub can_move: bool,
    /// Whether cards carry the delay colour for the caller.
    pub sees_delay_color: bool,
}

/// The lane host's open-order call: a list of status codes, the store, the advisor.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OpenRoRequest {
    /// UNASSIGNED, PREASSIGNED, ASSIGNED, HOLD, COMPLETE, BOOKED (one or more).
    #[oai(validator(max_items = 7))]
    pub status_code: Vec<String>,
    pub store_id: i64,
    /// An advisor number, or ALL (the default).
    #[oai(validator(max_length = 40))]
    pub advisor_no: Option<String>,
}

/// The closed-order search by close date and text, per advisor.
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct ClosedRoSearch {
    /// YYYY-MM-DD (or DD.MM.YYYY); default today.
    #[oai(validator(max_length = 40))]
    pub start_date: Option<String>,
    #[oai(validator(max_length = 40))]
    pub end_date: Option<String>,
    /// RO number, customer name or number, or VIN.
    #[oai(validator(max_length = 200))]
    pub query: Option<String>,
    /// An advisor number, or ALL (the default).
    #[oai(validator(max_length = 40))]
    pub advisor_no: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LaneCardPage {
    pub content: Vec<LaneCardView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// Moves a card to another lane.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MoveRepairOrder {
    /// The status of the lane it goes to.
    #[oai(validator(max_length = 20))]
    pub status_code: String,
    /// The status the mover saw it in: when it has moved since, the move is refused (409).
    #[oai(validator(max_length = 20))]
    pub from_status_code: Option<String>,
}

/// The statuses a list asks for: open ones only (the closed lane is read by date).
fn open_statuses(codes: &[String]) -> ApiResult<Vec<RoStatus>> {
    let mut statuses = Vec::new();
    for code in codes.iter().flat_map(|c| c.split(',')) {
        if code.trim().is_empty() {
            continue;
        }
        let status = RoStatus::from_code(code)?;
        if status == RoStatus::Closed {
            return Err(engine::Error::invalid(
                "statusCode CLOSED is read by close date: use the closed-RO calls",
            )
            .into());
        }
        if !statuses.contains(&status) {
            statuses.push(status);
        }
    }
    if statuses.is_empty() {
        return Err(engine::Error::invalid("statusCode is required").into());
    }
    Ok(statuses)
}

/// An inclusive close-date range, within [`CLOSED_RO_RANGE`]; the end defaults to the
/// start, the start to today.
fn closed_range(
    (from_name, from): (&str, Option<&str>),
    (until_name, until): (&str, Option<&str>),
) -> ApiResult<(NaiveDate, NaiveDate)> {
    let from = parse_request_date(from_name, from)?.unwrap_or_else(|| Utc::now().date_naive());
    let until = parse_request_date(until_name, until)?.unwrap_or(from);
    let range = DayRange::new(from, until, (from_name, until_name), Some(CLOSED_RO_RANGE))?;
    Ok((range.start, range.end))
}

async fn advisors(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    boc_id: Option<i64>,
    store_id: i64,
) -> ApiResult<Json<Vec<LaneAdvisorView>>> {
    caller_store(state, caller, req, boc_id, store_id).await?;
    Ok(Json(
        state
            .lane
            .advisors(store_id)
            .await?
            .into_iter()
            .map(|a| {
                LaneAdvisorView::new(
                    a.id,
                    a.advisor_no,
                    a.first_name,
                    a.last_name,
                    Some(a.open_count),
                )
            })
            .collect(),
    ))
}

/// The store a lane call names, checked before anything else it asks (another tenant's store
/// is not found, whatever the other parameters say).
async fn caller_store(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    boc_id: Option<i64>,
    store_id: i64,
) -> ApiResult<()> {
    let scope = request_scope(caller, req)?;
    store_under_dealer(state, &scope, boc_id, store_id).await?;
    Ok(())
}

async fn cards(
    state: &AppState,
    caller: &Caller,
    filter: CardFilter,
) -> ApiResult<Json<Vec<LaneCardView>>> {
    let found = state.lane.cards(&filter).await?;
    Ok(Json(CardViews::for_caller(caller).views(found)))
}

async fn order_detail(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    store: Option<(i64, i64)>,
    id: i64,
) -> ApiResult<Json<RepairOrderDetailView>> {
    let scope = request_scope(caller, req)?;
    if let Some((boc_id, store_id)) = store {
        store_under_dealer(state, &scope, Some(boc_id), store_id).await?;
    }
    let order = state.lane.order(&scope, id).await?;
    if store.is_some_and(|(_, store_id)| store_id != order.card.store_id) {
        return Err(engine::Error::not_found("Repair order not found").into());
    }
    Ok(Json(detail_view(&CardViews::for_caller(caller), order)))
}

pub struct LaneApi;

#[OpenApi(tag = "ApiTags::Lane")]
impl LaneApi {
    /// The board's lanes in the spec's order, where each lane's cards may move, and what the
    /// caller may do and see on it.
    #[oai(path = "/api/service-lane/lanes", method = "get")]
    async fn lanes(&self, Session(caller): Session) -> ApiResult<Json<LaneBoardInfo>> {
        Ok(Json(LaneBoardInfo {
            lanes: LANES
                .iter()
                .map(|lane| LaneView {
                    title: lane.title.to_owned(),
                    code: lane.code.to_owned(),
                    state_key: lane.state_key.to_owned(),
                    moves_to: lane
                        .status
                        .map(|s| s.moves().iter().map(|m| m.as_str().to_owned()).collect())
                        .unwrap_or_default(),
                })
                .collect(),
            can_move: caller.has_any(lane::LANE_MOVERS),
            sees_delay_color: lane::sees_delay_colour(&caller),
        }))
    }

    /// A store's advisors (main API), with their open orders.
    #[oai(
        path = "/api/service-open/boc/:bocId/store/:storeId/advisor",
        method = "get"
    )]
    async fn advisors_of_store(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
    ) -> ApiResult<Json<Vec<LaneAdvisorView>>> {
        advisors(&state, &caller, req, Some(boc_id.0), store_id.0).await
    }

    /// A store's advisors (lane host; the spec's spelling).
    #[oai(path = "/api/getAdivsorByStore/:store", method = "get")]
    async fn advisors_by_store(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store: Path<i64>,
    ) -> ApiResult<Json<Vec<LaneAdvisorView>>> {
        advisors(&state, &caller, req, None, store.0).await
    }

    /// Open orders of one or more statuses (comma-separated `statusCode`), of one advisor
    /// (`advisorNo`) or ALL, the longest waiting first.
    #[oai(
        path = "/api/future-service-interaction/openro/search-by-status",
        method = "get"
    )]
    async fn open_by_status(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id_pk: Query<i64>,
        #[oai(name = "statusCode", validator(max_length = 200))] status_code: Query<String>,
        #[oai(name = "advisorNo", validator(max_length = 40))] advisor_no: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<LaneCardView>>> {
        caller_store(&state, &caller, req, None, store_id_pk.0).await?;
        let filter = CardFilter {
            store_id: store_id_pk.0,
            statuses: open_statuses(std::slice::from_ref(&status_code.0))?,
            advisor: AdvisorFilter::parse(advisor_no.0.as_deref()),
            ..CardFilter::default()
        };
        cards(&state, &caller, filter).await
    }

    /// The same (lane host; the spec's spelling): the body's `statusCode` list, `storeId` and
    /// `advisorNo`.
    #[oai(path = "/api/getOpenRoBtStoreId", method = "post")]
    async fn open_by_store(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<OpenRoRequest>,
    ) -> ApiResult<Json<Vec<LaneCardView>>> {
        caller_store(&state, &caller, req, None, body.0.store_id).await?;
        let filter = CardFilter {
            store_id: body.0.store_id,
            statuses: open_statuses(&body.0.status_code)?,
            advisor: AdvisorFilter::parse(body.0.advisor_no.as_deref()),
            ..CardFilter::default()
        };
        cards(&state, &caller, filter).await
    }

    /// Orders closed between `startDate` and `endDate` (inclusive, YYYY-MM-DD), newest first;
    /// with `lastMessageReceived=true` only those whose customer wrote in, newest message first.
    #[oai(
        path = "/api/future-service-interaction/closedro/search-by-closed-date",
        method = "get"
    )]
    async fn closed_by_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store_id_pk: Query<i64>,
        #[oai(name = "startDate", validator(max_length = 40))] start_date: Query<Option<String>>,
        #[oai(name = "endDate", validator(max_length = 40))] end_date: Query<Option<String>>,
        #[oai(name = "lastMessageReceived")] last_message_received: Query<Option<bool>>,
        #[oai(name = "advisorNo", validator(max_length = 40))] advisor_no: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<LaneCardView>>> {
        caller_store(&state, &caller, req, None, store_id_pk.0).await?;
        let closed = closed_range(
            ("startDate", start_date.0.as_deref()),
            ("endDate", end_date.0.as_deref()),
        )?;
        let filter = CardFilter {
            store_id: store_id_pk.0,
            closed: Some(closed),
            advisor: AdvisorFilter::parse(advisor_no.0.as_deref()),
            with_message_received: last_message_received.0.unwrap_or(false),
            ..CardFilter::default()
        };
        cards(&state, &caller, filter).await
    }

    /// Orders closed on a day (YYYY-MM-DD) by an advisor number, or `ALL` (lane host).
    #[oai(
        path = "/api/getClosedRoByStoreIdAndDateAndAdvisorNo/:store/:date/:advisor",
        method = "get"
    )]
    async fn closed_by_day_and_advisor(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store: Path<i64>,
        #[oai(validator(max_length = 40))] date: Path<String>,
        #[oai(validator(max_length = 40))] advisor: Path<String>,
    ) -> ApiResult<Json<Vec<LaneCardView>>> {
        caller_store(&state, &caller, req, None, store.0).await?;
        let day = parse_request_date("date", Some(&date.0))?
            .ok_or_else(|| engine::Error::invalid("date is required (YYYY-MM-DD)"))?;
        let filter = CardFilter {
            store_id: store.0,
            closed: Some((day, day)),
            advisor: AdvisorFilter::parse(Some(&advisor.0)),
            ..CardFilter::default()
        };
        cards(&state, &caller, filter).await
    }

    /// Closed orders by close-date range and text (RO number, customer, VIN), of one advisor
    /// or ALL, a page at a time, newest first.
    #[oai(
        path = "/api/boc/:bocIdFK/store/:storeIdFK/service-closed/search-by-close-date-and-query/advisor",
        method = "post"
    )]
    async fn closed_search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocIdFK")] boc_id: Path<i64>,
        #[oai(name = "storeIdFK")] store_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<Option<ClosedRoSearch>>,
    ) -> ApiResult<Json<LaneCardPage>> {
        caller_store(&state, &caller, req, Some(boc_id.0), store_id.0).await?;
        let body = body.0.unwrap_or_default();
        let closed = closed_range(
            ("startDate", body.start_date.as_deref()),
            ("endDate", body.end_date.as_deref()),
        )?;
        let filter = CardFilter {
            store_id: store_id.0,
            closed: Some(closed),
            advisor: AdvisorFilter::parse(body.advisor_no.as_deref()),
            text: body.query,
            ..CardFilter::default()
        };
        let found = state
            .lane
            .card_page(&filter, PageRequest::new(page.0, size.0)?)
            .await?;
        let views = CardViews::for_caller(&caller);
        Ok(Json(LaneCardPage {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: views.views(found.content),
        }))
    }

    /// One order with its lines and moves (main API).
    #[oai(
        path = "/api/service-open/boc/:bocId/store/:storeId/getOpenRo/:svcOpenRoIdPK",
        method = "get"
    )]
    async fn open_order(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        #[oai(name = "svcOpenRoIdPK")] id: Path<i64>,
    ) -> ApiResult<Json<RepairOrderDetailView>> {
        order_detail(&state, &caller, req, Some((boc_id.0, store_id.0)), id.0).await
    }

    /// One order with its lines and moves (lane host).
    #[oai(path = "/bridge/api/getOpenServiceOrderDetail/:id", method = "get")]
    async fn service_order_detail(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<RepairOrderDetailView>> {
        order_detail(&state, &caller, req, None, id.0).await
    }

    /// The stores the caller may see (lane host).
    #[oai(path = "/api/getAllStores", method = "get")]
    async fn all_stores(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<Vec<StoreMaster>>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            state
                .tenancy
                .stores(&scope)
                .await?
                .into_iter()
                .map(StoreMaster::from_summary)
                .collect::<ApiResult<_>>()?,
        ))
    }

    /// Moves a card to another lane (a status the order's status allows; see
    /// `/api/service-lane/lanes`). The move is stored with who and when, pushed to the
    /// dealer system and published on the realtime stream; a move the status does not allow
    /// is 400, an order that moved since `fromStatusCode` is 409.
    #[oai(
        path = "/api/service-lane/repair-orders/:svcOpenRoIdPK/status",
        method = "put"
    )]
    async fn move_order(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "svcOpenRoIdPK")] id: Path<i64>,
        body: Json<MoveRepairOrder>,
    ) -> ApiResult<Json<RepairOrderDetailView>> {
        let scope = request_scope(&caller, req)?;
        let card = state.lane.card(&scope, id.0).await?;
        let store = store_in_scope(&state, &scope, card.store_id).await?;
        let to = RoStatus::from_code(&body.0.status_code)?;
        let expected_from = body
            .0
            .from_status_code
            .as_deref()
            .map(RoStatus::from_code)
            .transpose()?;
        let now = Utc::now();
        let moved = state
            .lane
            .move_order(
                &caller,
                &scope,
                &MoveRequest {
                    repair_order_id: id.0,
                    to,
                    expected_from,
                    today: lane::store_today(&store.office_time_zone, now),
                    now,
                },
            )
            .await?;
        state
            .jobs
            .start_system_input(&moved.push, Some(moved.card.enterprise_id))
            .await?;
        state
            .publish([Notice::RepairOrderMoved {
                id: moved.card.id,
                enterprise_id: moved.card.enterprise_id,
            }])
            .await;
        let order = state.lane.order(&scope, id.0).await?;
        Ok(Json(detail_view(&CardViews::for_caller(&caller), order)))
    }
}
