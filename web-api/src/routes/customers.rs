//! Customers, their vehicles, and marks on customers, vehicles and leads (spec section 7,
//! "Customer" and marks).
// Handlers take one argument per query parameter, as the spec names them.
#![allow(clippy::too_many_arguments)]

use chrono::{DateTime, NaiveDate, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::formats::parse_request_date;
use engine::messaging::Notice;
use engine::store::PageRequest;
use engine::store::customers::{
    CustomerRecord, LeadVehicle, MarkRecord, MarkTarget, NewCustomer, NewVehicle, VehicleRecord,
};

use engine::messaging::LineTypesInput;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::jobs::{JobRunView, run_view};
use super::session::MessageResponse;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;

const OPT_OUT: &str = "SMS_OPT_OUT";

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CustomerView {
    pub id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub custno: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub line_type: Option<String>,
    pub verified: bool,
    pub block_sms: bool,
    pub is_opted_out: bool,
    pub ai_enabled: bool,
    pub consent_source: Option<String>,
    pub consent_text: Option<String>,
    pub consent_at: Option<DateTime<Utc>>,
    pub opted_out_at: Option<DateTime<Utc>>,
}

impl From<CustomerRecord> for CustomerView {
    fn from(c: CustomerRecord) -> Self {
        Self {
            id: c.id,
            boc_id: c.boc_id,
            store_id: c.store_id,
            custno: c.custno,
            first_name: c.first_name,
            last_name: c.last_name,
            cellular: c.cellular,
            email: c.email,
            line_type: c.line_type,
            verified: c.is_verified,
            is_opted_out: c.block_sms,
            block_sms: c.block_sms,
            ai_enabled: c.ai_enabled,
            consent_source: c.consent_source,
            consent_text: c.consent_text,
            consent_at: c.consent_at,
            opted_out_at: c.opted_out_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewCustomerBody {
    pub store_id: i64,
    pub custno: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
}

/// A customer record from the dealer's DMS: found by customer number, else by mobile number;
/// the names are needed only to add one not yet known.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DmsCustomerBody {
    pub store_id: i64,
    pub custno: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub cellular: Option<String>,
    pub email: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DmsCustomerView {
    /// Whether the customer was added (false: already known).
    pub created: bool,
    pub customer: CustomerView,
}

/// A vehicle record from the dealer's DMS: found by VIN; make, model and year are needed only
/// to add one not yet known.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DmsVehicleBody {
    pub store_id: i64,
    /// The owner to give the vehicle to.
    pub customer_id: Option<i64>,
    pub vin: String,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
}

/// The vehicle an inbound lead is about.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct InboundVehicleBody {
    pub future_service_interaction_id: i64,
    #[oai(validator(max_length = 40))]
    pub vin: String,
    #[oai(validator(max_length = 100))]
    pub make: Option<String>,
    #[oai(validator(max_length = 100))]
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DmsVehicleView {
    /// Whether the vehicle was added (false: already known).
    pub created: bool,
    pub vehicle: VehicleView,
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct CustomerSearchBody {
    /// Name, mobile number, e-mail or customer number.
    pub search_text: Option<String>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CustomerPage {
    pub content: Vec<CustomerView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct VehicleView {
    pub id: i64,
    pub customer_id: Option<i64>,
    pub store_id: i64,
    pub vin: String,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub odometer: Option<i32>,
    pub last_service_date: Option<NaiveDate>,
    pub no_longer_owned: bool,
}

impl From<VehicleRecord> for VehicleView {
    fn from(v: VehicleRecord) -> Self {
        Self {
            id: v.id,
            customer_id: v.customer_id,
            store_id: v.store_id,
            vin: v.vin,
            make: v.make,
            model: v.model,
            year: v.year,
            odometer: v.odometer,
            last_service_date: v.last_service_date,
            no_longer_owned: v.no_longer_owned,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct MarkView {
    pub id: i64,
    /// CUSTOMER, SERVICE_VEHICLE or FUTURE_SERVICE_INTERACTION.
    pub target_kind: String,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub future_service_interaction_id: Option<i64>,
    pub intent_type: String,
    pub note: Option<String>,
    pub created_on: DateTime<Utc>,
}

impl From<MarkRecord> for MarkView {
    fn from(m: MarkRecord) -> Self {
        Self {
            id: m.id,
            target_kind: m.target_kind,
            customer_id: m.customer_id,
            vehicle_id: m.vehicle_id,
            future_service_interaction_id: m.fsi_id,
            intent_type: m.mark_code,
            note: m.note,
            created_on: m.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewMark {
    /// CUSTOMER, SERVICE_VEHICLE or FUTURE_SERVICE_INTERACTION (for `/api/marks/v2`).
    pub target_kind: Option<String>,
    pub target_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub future_service_interaction_id: Option<i64>,
    /// The mark's code, e.g. SMS_OPT_OUT, NO_LONGER_OWN.
    pub intent_type: String,
    pub note: Option<String>,
}

pub struct CustomerApi;

/// Sets a customer's opt-out through the same path as the STOP/START keywords (every customer
/// of the enterprise with that number, with the SMS_OPT_OUT mark and consent record).
async fn set_opt_out(
    state: &AppState,
    customer: &CustomerRecord,
    opted_out: bool,
    source: &str,
) -> ApiResult<()> {
    let phone = customer
        .cellular
        .as_deref()
        .ok_or_else(|| engine::Error::invalid("This customer has no mobile number"))?;
    state
        .recipients
        .set_opt_out(
            customer.enterprise_id,
            phone,
            opted_out,
            source,
            if opted_out { "STOP" } else { "START" },
            Utc::now(),
        )
        .await?;
    Ok(())
}

/// Where a mark goes, checked to be inside the caller's scope.
async fn mark_target(
    state: &AppState,
    scope: &Scope,
    body: &NewMark,
    kind: Option<&str>,
) -> ApiResult<MarkTarget> {
    let kind = kind.or(body.target_kind.as_deref()).ok_or_else(|| {
        engine::Error::invalid(
            "targetKind is required: CUSTOMER, SERVICE_VEHICLE or FUTURE_SERVICE_INTERACTION",
        )
    })?;
    let missing = |field: &str| engine::Error::invalid(format!("{field} is required"));
    let target = match kind {
        "CUSTOMER" => {
            let id = body
                .customer_id
                .or(body.target_id)
                .ok_or_else(|| missing("customerId"))?;
            state.customers.get(scope, id).await?;
            MarkTarget::Customer(id)
        }
        "SERVICE_VEHICLE" => {
            let id = body
                .vehicle_id
                .or(body.target_id)
                .ok_or_else(|| missing("vehicleId"))?;
            state.customers.vehicle(scope, id).await?;
            MarkTarget::Vehicle(id)
        }
        "FUTURE_SERVICE_INTERACTION" => {
            let id = body
                .future_service_interaction_id
                .or(body.target_id)
                .ok_or_else(|| missing("futureServiceInteractionId"))?;
            state.leads.require(scope, id).await?;
            MarkTarget::Lead(id)
        }
        other => {
            return Err(engine::Error::invalid(format!(
                "targetKind must be CUSTOMER, SERVICE_VEHICLE or FUTURE_SERVICE_INTERACTION, got {other:?}"
            ))
            .into());
        }
    };
    Ok(target)
}

async fn add_mark(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    body: NewMark,
    kind: Option<&str>,
) -> ApiResult<Json<MarkView>> {
    let scope = request_scope(caller, req)?;
    let target = mark_target(state, &scope, &body, kind).await?;
    let code = body.intent_type.trim();
    // An opt-out mark on a customer is an opt-out: the block flag and consent follow it.
    if let (MarkTarget::Customer(id), OPT_OUT) = (target, code) {
        let customer = state.customers.get(&scope, id).await?;
        set_opt_out(state, &customer, true, "STAFF").await?;
        if let Some(mark) = state.customers.customer_mark(id, OPT_OUT).await? {
            return Ok(Json(mark.into()));
        }
    }
    let mark = state
        .customers
        .add_mark(
            scope.enterprise_id,
            target,
            code,
            body.note.as_deref(),
            Some(caller.user_id),
        )
        .await?;
    Ok(Json(mark.into()))
}

#[OpenApi(tag = "ApiTags::Customers")]
impl CustomerApi {
    /// Creates a customer of a dealer's store (custno unique per dealer: 409).
    #[oai(path = "/api/boc/:id/customer", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<NewCustomerBody>,
    ) -> ApiResult<Json<CustomerView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let created = state
            .customers
            .create(
                &scope,
                id.0,
                &NewCustomer {
                    store_id: body.store_id,
                    custno: body.custno,
                    first_name: body.first_name,
                    last_name: body.last_name,
                    cellular: body.cellular,
                    email: body.email,
                },
            )
            .await?;
        Ok(Json(created.into()))
    }

    /// Finds a DMS customer in the store (by customer number, else mobile number) or adds it:
    /// staff bringing in a customer the DMS knows and Bayline does not yet. Adding needs the
    /// customer number and both names; a bad number or e-mail is 400 and adds nothing.
    #[oai(
        path = "/api/boc/:bocId/customer/dms/add-search-customer",
        method = "post"
    )]
    async fn dms_customer(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        body: Json<DmsCustomerBody>,
    ) -> ApiResult<Json<DmsCustomerView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let (customer, created) = state
            .customers
            .find_or_add_dms_customer(
                &scope,
                boc_id.0,
                &NewCustomer {
                    store_id: body.store_id,
                    custno: body.custno.unwrap_or_default(),
                    first_name: body.first_name.unwrap_or_default(),
                    last_name: body.last_name.unwrap_or_default(),
                    cellular: body.cellular,
                    email: body.email,
                },
            )
            .await?;
        Ok(Json(DmsCustomerView {
            created,
            customer: customer.into(),
        }))
    }

    /// Finds a DMS vehicle by VIN or adds it, and gives it to the customer when one is named.
    /// A malformed VIN, or a new vehicle without make, model and model year, is 400 and adds
    /// nothing.
    #[oai(path = "/api/service-vehicle/dms/add-vehicle", method = "post")]
    async fn dms_vehicle(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<DmsVehicleBody>,
    ) -> ApiResult<Json<DmsVehicleView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let (vehicle, created) = state
            .customers
            .find_or_add_dms_vehicle(
                &scope,
                &NewVehicle {
                    store_id: body.store_id,
                    customer_id: body.customer_id,
                    vin: body.vin,
                    make: body.make,
                    model: body.model,
                    year: body.year,
                    odometer: body.odometer,
                },
            )
            .await?;
        Ok(Json(DmsVehicleView {
            created,
            vehicle: vehicle.into(),
        }))
    }

    /// The vehicle an inbound lead is about (I-C1, body ours: the spec shows none): found by
    /// VIN or added, given to the lead's customer and set on the lead, with its mileage. A
    /// lead outside the caller's stores is 404; a bad VIN, or a new vehicle without make,
    /// model and model year, is 400 and changes nothing.
    #[oai(path = "/api/lisa/inbound/vehicleDetails", method = "post")]
    async fn inbound_vehicle_details(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<InboundVehicleBody>,
    ) -> ApiResult<Json<DmsVehicleView>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let (vehicle, created) = state
            .customers
            .set_lead_vehicle(
                &scope,
                body.future_service_interaction_id,
                LeadVehicle {
                    vin: body.vin,
                    make: body.make,
                    model: body.model,
                    year: body.year,
                    odometer: body.odometer,
                },
            )
            .await?;
        Ok(Json(DmsVehicleView {
            created,
            vehicle: vehicle.into(),
        }))
    }

    /// A store's customers matching a name, number, e-mail or customer number.
    #[oai(path = "/api/boc/:bocId/customer/:storeId/search", method = "post")]
    async fn search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        body: Json<Option<CustomerSearchBody>>,
    ) -> ApiResult<Json<CustomerPage>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, store_id.0)
            .await
            .ok()
            .filter(|s| s.boc_id == boc_id.0)
            .ok_or_else(|| engine::Error::not_found("Store not found"))?;
        let body = body.0.unwrap_or_default();
        let found = state
            .customers
            .search(
                &scope,
                store.store_id,
                body.search_text.as_deref(),
                PageRequest::new(body.page, body.size)?,
            )
            .await?;
        Ok(Json(CustomerPage {
            content: found.content.into_iter().map(CustomerView::from).collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }

    /// Looks up the line type of a store's customers (those added between `start_date` and
    /// `end_date`, inclusive, when given) through the store's carrier lookup, as a job; answers
    /// the job run to follow.
    #[oai(
        path = "/api/boc/:bocId/customer/:storeId/update/line-type",
        method = "get"
    )]
    async fn update_line_types(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        start_date: Query<Option<String>>,
        end_date: Query<Option<String>>,
    ) -> ApiResult<Json<JobRunView>> {
        let scope = request_scope(&caller, req)?;
        let store = store_in_scope(&state, &scope, store_id.0)
            .await
            .ok()
            .filter(|s| s.boc_id == boc_id.0)
            .ok_or_else(|| engine::Error::not_found("Store not found"))?;
        let from = parse_request_date("start_date", start_date.0.as_deref())?;
        let until = parse_request_date("end_date", end_date.0.as_deref())?;
        let input = LineTypesInput::for_days(store.store_id, from, until)?;
        let (run, _) = state
            .jobs
            .start_input(&caller, &input, Some(store.enterprise_id))
            .await?;
        Ok(Json(run_view(&state, &caller, run).await?))
    }

    /// Looks up one customer's line type now and stores it. The UI always sends dealer 2 in
    /// the path; the customer's own dealer is used. A customer without a mobile number is 400;
    /// a failed lookup is 502 with the provider's message.
    #[oai(path = "/api/boc/:bocId/customer/updateLineType", method = "put")]
    async fn update_line_type(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] _boc_id: Path<i64>,
        #[oai(name = "customerId")] customer_id: Query<i64>,
    ) -> ApiResult<Json<CustomerView>> {
        let scope = request_scope(&caller, req)?;
        let customer = state.customers.get(&scope, customer_id.0).await?;
        let phone = customer
            .cellular
            .as_deref()
            .ok_or_else(|| engine::Error::invalid("The customer has no mobile number"))?;
        let line_type = state.messaging.line_type(customer.store_id, phone).await?;
        state
            .customers
            .set_line_type(customer.id, line_type.as_str())
            .await?;
        Ok(Json(
            state.customers.get(&scope, customer_id.0).await?.into(),
        ))
    }

    /// Marks a customer verified (or not). The UI always sends dealer 2 in the path; the
    /// customer's own dealer is used.
    #[oai(path = "/api/boc/:bocId/customer/verified", method = "put")]
    async fn verified(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] _boc_id: Path<i64>,
        #[oai(name = "customerId")] customer_id: Query<i64>,
        verified: Query<bool>,
    ) -> ApiResult<Json<CustomerView>> {
        set_verified(&state, req, &caller, customer_id.0, verified.0).await
    }

    /// The spec's literal path (H-C24, H-R7): the same as `/api/boc/{bocId}/customer/verified`.
    #[oai(path = "/api/boc/2/customer/verified", method = "put")]
    async fn verified_boc_2(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "customerId")] customer_id: Query<i64>,
        verified: Query<bool>,
    ) -> ApiResult<Json<CustomerView>> {
        set_verified(&state, req, &caller, customer_id.0, verified.0).await
    }

    /// Opts a customer out of texts (or back in), as STOP and START do. The UI always sends
    /// dealer 2 in the path; the customer's own dealer is used.
    #[oai(path = "/api/boc/:bocId/customer/optout", method = "put")]
    async fn opt_out(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] _boc_id: Path<i64>,
        #[oai(name = "customerId")] customer_id: Query<i64>,
        #[oai(name = "optOut")] opt_out: Query<bool>,
    ) -> ApiResult<Json<CustomerView>> {
        staff_opt_out(&state, req, &caller, customer_id.0, opt_out.0).await
    }

    /// The spec's literal path (H-C25, H-R7): the same as `/api/boc/{bocId}/customer/optout`.
    #[oai(path = "/api/boc/2/customer/optout", method = "put")]
    async fn opt_out_boc_2(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "customerId")] customer_id: Query<i64>,
        #[oai(name = "optOut")] opt_out: Query<bool>,
    ) -> ApiResult<Json<CustomerView>> {
        staff_opt_out(&state, req, &caller, customer_id.0, opt_out.0).await
    }

    /// The customer's vehicles.
    #[oai(path = "/api/boc/:bocId/customer/vehicles", method = "post")]
    async fn vehicles(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] _boc_id: Path<i64>,
        #[oai(name = "customerId")] customer_id: Query<i64>,
    ) -> ApiResult<Json<Vec<VehicleView>>> {
        let scope = request_scope(&caller, req)?;
        state.customers.get(&scope, customer_id.0).await?;
        let vehicles = state.customers.vehicles(customer_id.0).await?;
        Ok(Json(vehicles.into_iter().map(VehicleView::from).collect()))
    }

    /// Makes the customer the owner of a vehicle of the same enterprise.
    #[oai(path = "/api/boc/:bocId/customer/attach-vehicle", method = "post")]
    async fn attach_vehicle(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "bocId")] _boc_id: Path<i64>,
        #[oai(name = "customerId")] customer_id: Query<i64>,
        #[oai(name = "vehicleId")] vehicle_id: Query<i64>,
    ) -> ApiResult<Json<Vec<VehicleView>>> {
        let scope = request_scope(&caller, req)?;
        state.customers.get(&scope, customer_id.0).await?;
        state.customers.vehicle(&scope, vehicle_id.0).await?;
        state
            .customers
            .attach_vehicle(vehicle_id.0, customer_id.0)
            .await?;
        let vehicles = state.customers.vehicles(customer_id.0).await?;
        Ok(Json(vehicles.into_iter().map(VehicleView::from).collect()))
    }

    /// Puts a mark on a customer, vehicle or lead (`targetKind` and `targetId`, or the
    /// specific id). SMS_OPT_OUT on a customer opts them out.
    #[oai(path = "/api/marks/v2", method = "post")]
    async fn mark(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMark>,
    ) -> ApiResult<Json<MarkView>> {
        add_mark(&state, &caller, req, body.0, None).await
    }

    /// Puts a mark on a customer.
    #[oai(path = "/api/marks/customer", method = "post")]
    async fn mark_customer(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMark>,
    ) -> ApiResult<Json<MarkView>> {
        add_mark(&state, &caller, req, body.0, Some("CUSTOMER")).await
    }

    /// Puts a mark on a vehicle.
    #[oai(path = "/api/marks/service-vehicle", method = "post")]
    async fn mark_vehicle(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMark>,
    ) -> ApiResult<Json<MarkView>> {
        add_mark(&state, &caller, req, body.0, Some("SERVICE_VEHICLE")).await
    }

    /// Puts a mark on a lead.
    #[oai(path = "/api/marks/future-service-interaction", method = "post")]
    async fn mark_lead(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMark>,
    ) -> ApiResult<Json<MarkView>> {
        add_mark(
            &state,
            &caller,
            req,
            body.0,
            Some("FUTURE_SERVICE_INTERACTION"),
        )
        .await
    }

    /// Removes a mark. Removing a customer's SMS_OPT_OUT opts them back in.
    #[oai(path = "/api/marks/v2", method = "delete")]
    async fn delete_mark(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let scope = request_scope(&caller, req)?;
        let mark = state.customers.mark(scope.enterprise_id, id.0).await?;
        // Inside the enterprise, the mark's target must be inside the caller's scope too.
        let target = match (mark.customer_id, mark.vehicle_id, mark.fsi_id) {
            (Some(c), _, _) => Some(MarkTarget::Customer(c)),
            (_, Some(v), _) => Some(MarkTarget::Vehicle(v)),
            (_, _, Some(l)) => Some(MarkTarget::Lead(l)),
            _ => None,
        };
        match target {
            Some(MarkTarget::Customer(c)) => {
                let customer = state.customers.get(&scope, c).await?;
                if mark.mark_code == OPT_OUT {
                    set_opt_out(&state, &customer, false, "STAFF").await?;
                }
            }
            Some(MarkTarget::Vehicle(v)) => {
                state.customers.vehicle(&scope, v).await?;
            }
            Some(MarkTarget::Lead(l)) => {
                state
                    .leads
                    .get(&scope, l)
                    .await?
                    .ok_or_else(|| engine::Error::not_found("Mark not found"))?;
            }
            None => {}
        }
        state.customers.delete_mark(mark.id).await?;
        if let Some(MarkTarget::Lead(l)) = target {
            state
                .publish([Notice::LeadCounts {
                    id: l,
                    enterprise_id: scope.enterprise_id,
                }])
                .await;
        }
        Ok(Json(MessageResponse {
            message: "Successfully Deleted".to_owned(),
        }))
    }
}

async fn set_verified(
    state: &AppState,
    req: &Request,
    caller: &engine::auth::Caller,
    customer_id: i64,
    verified: bool,
) -> ApiResult<Json<CustomerView>> {
    let scope = request_scope(caller, req)?;
    state.customers.get(&scope, customer_id).await?;
    state.customers.set_verified(customer_id, verified).await?;
    Ok(Json(state.customers.get(&scope, customer_id).await?.into()))
}

async fn staff_opt_out(
    state: &AppState,
    req: &Request,
    caller: &engine::auth::Caller,
    customer_id: i64,
    opt_out: bool,
) -> ApiResult<Json<CustomerView>> {
    let scope = request_scope(caller, req)?;
    let customer = state.customers.get(&scope, customer_id).await?;
    set_opt_out(state, &customer, opt_out, "STAFF").await?;
    Ok(Json(state.customers.get(&scope, customer_id).await?.into()))
}
