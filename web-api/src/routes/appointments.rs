//! Service appointments (spec section 7, "Appointments"): the search staff run on text selected
//! in a conversation. Booking and the appointment lifecycle come with the appointments work.

use chrono::{DateTime, NaiveDate, Utc};
use engine::domain::formats::parse_request_date;
use engine::store::PageRequest;
use engine::store::appointments::{AppointmentRecord, AppointmentSearch};
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AppointmentView {
    pub id: i64,
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub future_service_interaction_id: Option<i64>,
    pub title: Option<String>,
    pub appt_status: String,
    pub appt_date_time: DateTime<Utc>,
    pub transport_type: Option<String>,
    pub customer_name: Option<String>,
    pub cellular: Option<String>,
    /// Year, make and model.
    pub vehicle: Option<String>,
    pub vin: Option<String>,
}

impl From<AppointmentRecord> for AppointmentView {
    fn from(a: AppointmentRecord) -> Self {
        let name = [a.customer_first_name, a.customer_last_name]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let vehicle = match (a.vehicle_year, a.vehicle_make, a.vehicle_model) {
            (Some(year), Some(make), Some(model)) => Some(format!("{year} {make} {model}")),
            _ => None,
        };
        Self {
            id: a.id,
            store_id: a.store_id,
            customer_id: a.customer_id,
            vehicle_id: a.vehicle_id,
            future_service_interaction_id: a.fsi_id,
            title: a.title,
            appt_status: a.appt_status,
            appt_date_time: a.appt_at,
            transport_type: a.transport_type,
            customer_name: (!name.is_empty()).then_some(name),
            cellular: a.customer_cellular,
            vehicle,
            vin: a.vehicle_vin,
        }
    }
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct AppointmentSearchBody {
    #[oai(validator(max_items = 1000))]
    pub store_ids: Option<Vec<i64>>,
    /// Inclusive days (UTC), YYYY-MM-DD or DD.MM.YYYY.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Customer name, mobile digits, VIN or the appointment's title.
    pub query: Option<String>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AppointmentPage {
    pub content: Vec<AppointmentView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

pub struct AppointmentApi;

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(chrono::NaiveTime::MIN).and_utc()
}

#[OpenApi(tag = "ApiTags::Appointments")]
impl AppointmentApi {
    /// Appointments in the caller's stores matching the dates and text, soonest first.
    #[oai(
        path = "/api/service-appointment/search-by-appt-date-and-query",
        method = "post"
    )]
    async fn search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<Option<AppointmentSearchBody>>,
    ) -> ApiResult<Json<AppointmentPage>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0.unwrap_or_default();
        let visible: Vec<i64> = state
            .tenancy
            .stores(&scope)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect();
        let wanted = body.store_ids.unwrap_or_default();
        if wanted.iter().any(|id| !visible.contains(id)) {
            return Err(engine::Error::not_found("Store not found").into());
        }
        let from = parse_request_date("startDate", body.start_date.as_deref())?;
        let until = parse_request_date("endDate", body.end_date.as_deref())?;
        if let (Some(from), Some(until)) = (from, until)
            && from > until
        {
            return Err(engine::Error::invalid("startDate must not be after endDate").into());
        }
        let search = AppointmentSearch {
            store_ids: if wanted.is_empty() { visible } else { wanted },
            from: from.map(midnight),
            until: until.and_then(|d| d.succ_opt()).map(midnight),
            query: body.query,
        };
        let found = state
            .appointments
            .search(&scope, &search, PageRequest::new(body.page, body.size)?)
            .await?;
        Ok(Json(AppointmentPage {
            content: found
                .content
                .into_iter()
                .map(AppointmentView::from)
                .collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }
}
