//! The dealer system's sales and repair orders of a store (spec section 7, "Reports"): sales
//! search, sales by sold date, sales with closed service, closed repair orders by date (and
//! the state-inspection variant) and open repair orders by date. Dates are YYYY-MM-DD or the
//! spec's DD.MM.YYYY; date ranges are inclusive (the spec's "end date extended by one day"
//! is how its client makes the last day count).
// Handlers take one argument per parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use chrono::{DateTime, NaiveDate, Utc};
use engine::auth::Scope;
use engine::domain::formats::{DayRange, parse_request_date};
use engine::store::PageRequest;
use engine::store::dealer_records::{
    OpCodeUse, RepairOrderLine, RepairOrderRecord, RepairOrderSearch, RepairOrderState, SaleRecord,
    SaleSearch, VehicleRecord,
};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, store_under_dealer};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct OpCodeView {
    pub op_code: String,
    /// The description its repair-order lines give it.
    pub description: String,
    pub times_used: i64,
}

impl From<OpCodeUse> for OpCodeView {
    fn from(o: OpCodeUse) -> Self {
        Self {
            op_code: o.op_code,
            description: o.description,
            times_used: o.times_used,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct SaleView {
    pub id: i64,
    pub store_id: i64,
    pub deal_number: String,
    /// NEW, USED, CPO… as the dealer system says.
    pub deal_type: String,
    pub sales_date: NaiveDate,
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
    pub mileage: Option<i32>,
    /// The latest repair order of the vehicle closed on or after the sale.
    pub last_closed_service_date: Option<NaiveDate>,
}

impl From<SaleRecord> for SaleView {
    fn from(s: SaleRecord) -> Self {
        Self {
            id: s.id,
            store_id: s.store_id,
            deal_number: s.deal_number,
            deal_type: s.deal_type,
            sales_date: s.sold_date,
            sale_price: s.sale_price,
            customer_id: s.customer_id,
            customer_number: s.customer_number,
            first_name: s.first_name,
            last_name: s.last_name,
            cellular: s.cellular,
            email: s.email,
            vehicle_id: s.vehicle_id,
            vin: s.vin,
            make: s.make,
            model: s.model,
            year: s.year,
            mileage: s.odometer,
            last_closed_service_date: s.last_closed_service,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SalePage {
    pub content: Vec<SaleView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RepairOrderLineView {
    pub line_code: Option<String>,
    pub op_code: String,
    pub description: String,
    pub quantity: f64,
    pub amount: f64,
    pub declined: bool,
}

impl From<RepairOrderLine> for RepairOrderLineView {
    fn from(l: RepairOrderLine) -> Self {
        Self {
            line_code: l.line_code,
            op_code: l.op_code,
            description: l.description,
            quantity: l.quantity,
            amount: l.amount,
            declined: l.declined,
        }
    }
}

/// A repair order as the spec's service-order item has it: customer, vehicle, advisor, and
/// `daysDiff` (days open, or days since it closed).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RepairOrderView {
    pub id: i64,
    pub store_id: i64,
    pub ro_number: String,
    pub status_code: String,
    pub open_date: NaiveDate,
    pub closed_date: Option<NaiveDate>,
    pub days_diff: i64,
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
    pub lines: Vec<RepairOrderLineView>,
    pub updated_on: DateTime<Utc>,
}

fn repair_order_view(o: RepairOrderRecord, today: NaiveDate) -> RepairOrderView {
    RepairOrderView {
        days_diff: (today - o.closed_date.unwrap_or(o.open_date)).num_days(),
        id: o.id,
        store_id: o.store_id,
        ro_number: o.ro_number,
        status_code: o.status_code,
        open_date: o.open_date,
        closed_date: o.closed_date,
        mileage_in: o.mileage_in,
        mileage_out: o.mileage_out,
        total_amount: o.total_amount,
        customer_id: o.customer_id,
        customer_number: o.customer_number,
        first_name: o.first_name,
        last_name: o.last_name,
        cellular: o.cellular,
        email: o.email,
        vehicle_id: o.vehicle_id,
        vin: o.vin,
        make: o.make,
        model: o.model,
        year: o.year,
        advisor_id: o.advisor_id,
        advisor_number: o.advisor_number,
        advisor_first_name: o.advisor_first_name,
        advisor_last_name: o.advisor_last_name,
        lines: o.lines.into_iter().map(Into::into).collect(),
        updated_on: o.updated_at,
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RepairOrderPage {
    pub content: Vec<RepairOrderView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// A vehicle the lookup found (spec D-C25): `W2kCustomerVehicleID` is the id the dealer-system
/// calls name it by (the inbound vehicle details, the lane's repair orders).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct VehicleLookupView {
    #[oai(rename = "W2kCustomerVehicleID")]
    pub w2k_customer_vehicle_id: i64,
    pub store_id: i64,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub mileage: Option<i32>,
    pub last_service_date: Option<NaiveDate>,
    /// The customer sold it or no longer has it.
    pub no_longer_owned: bool,
    pub customer_id: i64,
    pub customer_number: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub last_ro_number: Option<String>,
}

impl From<VehicleRecord> for VehicleLookupView {
    fn from(v: VehicleRecord) -> Self {
        Self {
            w2k_customer_vehicle_id: v.id,
            store_id: v.store_id,
            vin: v.vin,
            make: v.make,
            model: v.model,
            year: v.year,
            mileage: v.odometer,
            last_service_date: v.last_service_date,
            no_longer_owned: v.no_longer_owned,
            customer_id: v.customer_id,
            customer_number: v.customer_number,
            first_name: v.first_name,
            last_name: v.last_name,
            cellular: v.cellular,
            email: v.email,
            last_ro_number: v.last_ro_number,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct VehicleLookupPage {
    pub content: Vec<VehicleLookupView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// The sales search payload; every field optional.
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct SaleSearchBody {
    /// Deal number, customer number or name, or VIN.
    pub search_text: Option<String>,
    #[oai(validator(max_items = 20))]
    pub deal_types: Option<Vec<String>>,
    /// YYYY-MM-DD or DD.MM.YYYY.
    pub start_sold_date: Option<String>,
    pub end_sold_date: Option<String>,
}

/// The closed and open repair-order search payload.
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct RepairOrderSearchBody {
    /// YYYY-MM-DD or DD.MM.YYYY; inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub advisor_id: Option<i64>,
}

/// The store a path names: inside the caller's scope and under the dealer it also names.
async fn path_store(state: &AppState, scope: &Scope, boc_id: i64, store_id: i64) -> ApiResult<()> {
    store_under_dealer(state, scope, Some(boc_id), store_id).await?;
    Ok(())
}

fn date_range(
    (from_name, from): (&str, Option<&str>),
    (until_name, until): (&str, Option<&str>),
) -> ApiResult<(Option<NaiveDate>, Option<NaiveDate>)> {
    let from = parse_request_date(from_name, from)?;
    let until = parse_request_date(until_name, until)?;
    DayRange::check_order(from, until, (from_name, until_name))?;
    Ok((from, until))
}

async fn sales_page(
    state: &AppState,
    search: &SaleSearch,
    page: Option<u64>,
    size: Option<u64>,
) -> ApiResult<Json<SalePage>> {
    let found = state
        .dealer_records
        .sales(search, PageRequest::new(page, size)?)
        .await?;
    Ok(Json(SalePage {
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
        content: found.content.into_iter().map(Into::into).collect(),
    }))
}

async fn repair_order_page(
    state: &AppState,
    search: &RepairOrderSearch,
    page: Option<u64>,
    size: Option<u64>,
) -> ApiResult<Json<RepairOrderPage>> {
    if let Some(advisor_id) = search.advisor_id {
        state
            .dealer_records
            .check_advisor(search.store_id, advisor_id)
            .await?;
    }
    let found = state
        .dealer_records
        .repair_orders(search, PageRequest::new(page, size)?)
        .await?;
    let today = Utc::now().date_naive();
    Ok(Json(RepairOrderPage {
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
        content: found
            .content
            .into_iter()
            .map(|o| repair_order_view(o, today))
            .collect(),
    }))
}

pub struct DealerRecordApi;

#[OpenApi(tag = "ApiTags::DealerRecords")]
impl DealerRecordApi {
    /// The vehicle lookup (spec D-C25): a store's customers' vehicles by VIN (or its last
    /// digits), customer number, name or mobile number, most recently serviced first, each
    /// with the `W2kCustomerVehicleID` the dealer-system calls name it by. A search shorter than
    /// three characters is refused (400).
    #[oai(
        path = "/api/boc/:bocId/store/:storeId/vehicles/search",
        method = "get"
    )]
    async fn vehicle_lookup(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        search: Query<String>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<VehicleLookupPage>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc_id.0, store_id.0).await?;
        let found = state
            .dealer_records
            .vehicles(store_id.0, &search.0, PageRequest::new(page.0, size.0)?)
            .await?;
        Ok(Json(VehicleLookupPage {
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
            content: found.content.into_iter().map(Into::into).collect(),
        }))
    }

    /// The op-code lookup (spec D-C24's "help lookups: opcode"): the op codes the store's repair
    /// orders carried, most used first, those whose code or description holds `search` when
    /// given; at most `size` (50 by default, 200 at most).
    #[oai(path = "/api/boc/:bocId/store/:storeId/help/opcodes", method = "get")]
    async fn op_code_lookup(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        #[oai(validator(max_length = 100))] search: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] size: Query<Option<u64>>,
    ) -> ApiResult<Json<Vec<OpCodeView>>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc_id.0, store_id.0).await?;
        let found = state
            .dealer_records
            .op_codes(store_id.0, search.0.as_deref(), size.0.unwrap_or(50))
            .await?;
        Ok(Json(found.into_iter().map(Into::into).collect()))
    }

    /// A store's sales, newest first, by text, deal types and sold-date range.
    #[oai(path = "/api/boc/:bocId/store/:storeId/sales/search", method = "post")]
    async fn search_sales(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<Option<SaleSearchBody>>,
    ) -> ApiResult<Json<SalePage>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc_id.0, store_id.0).await?;
        let body = body.0.unwrap_or_default();
        let (sold_from, sold_until) = date_range(
            ("startSoldDate", body.start_sold_date.as_deref()),
            ("endSoldDate", body.end_sold_date.as_deref()),
        )?;
        let search = SaleSearch {
            store_id: store_id.0,
            text: body.search_text,
            deal_types: body.deal_types.unwrap_or_default(),
            sold_from,
            sold_until,
            with_closed_service: false,
        };
        sales_page(&state, &search, page.0, size.0).await
    }

    /// A store's sales of one day (`sold_date` as DD.MM.YYYY, or YYYY-MM-DD).
    #[oai(
        path = "/api/boc/:bocId/store/:storeId/sales/search-by-sold-date",
        method = "get"
    )]
    async fn sales_by_sold_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        sold_date: Query<String>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<SalePage>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc_id.0, store_id.0).await?;
        let day = parse_request_date("sold_date", Some(&sold_date.0))?
            .ok_or_else(|| engine::Error::invalid("sold_date is required (DD.MM.YYYY)"))?;
        let search = SaleSearch {
            store_id: store_id.0,
            sold_from: Some(day),
            sold_until: Some(day),
            ..SaleSearch::default()
        };
        sales_page(&state, &search, page.0, size.0).await
    }

    /// Sales in the sold-date range whose vehicle has come back for service since: a repair
    /// order closed on or after the sale. `dealTypes` narrows to NEW, USED, CPO…
    #[oai(
        path = "/api/boc/:boc/store/:store/sales/search-sales-with-closed-service",
        method = "post"
    )]
    async fn sales_with_closed_service(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        boc: Path<i64>,
        store: Path<i64>,
        start_sold_date: Query<Option<String>>,
        end_sold_date: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<Option<SaleSearchBody>>,
    ) -> ApiResult<Json<SalePage>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc.0, store.0).await?;
        let (sold_from, sold_until) = date_range(
            ("start_sold_date", start_sold_date.0.as_deref()),
            ("end_sold_date", end_sold_date.0.as_deref()),
        )?;
        let body = body.0.unwrap_or_default();
        let search = SaleSearch {
            store_id: store.0,
            text: body.search_text,
            deal_types: body.deal_types.unwrap_or_default(),
            sold_from,
            sold_until,
            with_closed_service: true,
        };
        sales_page(&state, &search, page.0, size.0).await
    }

    /// Repair orders closed in the date range (inclusive), newest first, with their lines.
    #[oai(
        path = "/api/boc/:bocId/store/:storeId/service-closed/search-by-date",
        method = "post"
    )]
    async fn closed_by_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<Option<RepairOrderSearchBody>>,
    ) -> ApiResult<Json<RepairOrderPage>> {
        closed(
            &state,
            req,
            &caller,
            (boc_id.0, store_id.0),
            RepairOrderState::Closed,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// The same, only repair orders with a state-inspection line (op codes SI, SEI, SIF, 82A,
    /// SIFU, SIMD, SIO, SITK, SITN, SIUF).
    #[oai(
        path = "/api/boc/:bocId/store/:storeId/service-closed/state-inspection-report",
        method = "post"
    )]
    async fn closed_state_inspections(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<Option<RepairOrderSearchBody>>,
    ) -> ApiResult<Json<RepairOrderPage>> {
        closed(
            &state,
            req,
            &caller,
            (boc_id.0, store_id.0),
            RepairOrderState::ClosedStateInspection,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// Repair orders still open that were opened in the date range (inclusive), the longest
    /// waiting first, with their lines.
    #[oai(
        path = "/api/service-open/boc/:bocId/store/:storeId/search-by-date",
        method = "get"
    )]
    async fn open_by_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        start_date: Query<Option<String>>,
        end_date: Query<Option<String>>,
        advisor_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<RepairOrderPage>> {
        let scope = request_scope(&caller, req)?;
        path_store(&state, &scope, boc_id.0, store_id.0).await?;
        let (from, until) = date_range(
            ("start_date", start_date.0.as_deref()),
            ("end_date", end_date.0.as_deref()),
        )?;
        let search = RepairOrderSearch {
            store_id: store_id.0,
            state: RepairOrderState::Open,
            from,
            until,
            advisor_id: advisor_id.0,
        };
        repair_order_page(&state, &search, page.0, size.0).await
    }
}

async fn closed(
    state: &AppState,
    req: &Request,
    caller: &engine::auth::Caller,
    (boc_id, store_id): (i64, i64),
    which: RepairOrderState,
    (page, size): (Option<u64>, Option<u64>),
    body: Option<RepairOrderSearchBody>,
) -> ApiResult<Json<RepairOrderPage>> {
    let scope = request_scope(caller, req)?;
    path_store(state, &scope, boc_id, store_id).await?;
    let body = body.unwrap_or_default();
    let (from, until) = date_range(
        ("startDate", body.start_date.as_deref()),
        ("endDate", body.end_date.as_deref()),
    )?;
    let search = RepairOrderSearch {
        store_id,
        state: which,
        from,
        until,
        advisor_id: body.advisor_id,
    };
    repair_order_page(state, &search, page, size).await
}
