//! Reports: the spec's report filter on every call, checked in `engine::reports`; the reports
//! the spec names without a path are served as `/api/reports/{kind}` (docs/reports.md).

use chrono::{DateTime, Utc};
use engine::reports::{Funnel, NraaCheckIn, ReportRequest};
use engine::store::PageRequest;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, scope_naming};
use crate::error::ApiResult;
use crate::state::AppState;

/// The spec's report filter (E-E3).
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct ReportFilterBody {
    pub enterprise_id: Option<i64>,
    #[oai(validator(max_items = 500))]
    pub boc_ids: Option<Vec<i64>>,
    #[oai(validator(max_items = 500))]
    pub store_ids: Option<Vec<i64>>,
    #[oai(validator(max_items = 100))]
    pub service_types: Option<Vec<String>>,
    /// `YYYY-MM-DD` or `DD.MM.YYYY`; with `endDate` absent too, the last 7 days.
    #[oai(validator(max_length = 20))]
    pub start_date: Option<String>,
    #[oai(validator(max_length = 20))]
    pub end_date: Option<String>,
    /// What the UI adds for the demo enterprise (E-R3); its figures come from its demo data
    /// like any enterprise's, so the flag changes nothing.
    pub demo_flag: Option<bool>,
}

impl ReportFilterBody {
    fn request(self) -> ReportRequest {
        ReportRequest {
            boc_ids: self.boc_ids.unwrap_or_default(),
            store_ids: self.store_ids.unwrap_or_default(),
            service_types: self.service_types.unwrap_or_default(),
            start_date: self.start_date,
            end_date: self.end_date,
        }
    }
}

/// One funnel stage.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FunnelStageView {
    /// CONTACTED, RESPONDED, ENGAGED or APPT_BOOKING.
    pub key: String,
    pub count: i64,
}

/// One funnel rate.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FunnelRateView {
    /// 'REPONSE %' (sic), 'CLOSURE RATE %' or 'RESPONSE TO APPT %'.
    pub label: String,
    /// A percentage with one decimal; 0 when its base is 0.
    pub percent: f64,
}

/// The funnel (E-E4), its stages in order.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FunnelView {
    pub stages: Vec<FunnelStageView>,
    pub rates: Vec<FunnelRateView>,
    /// The window it covers, UTC days inclusive (`YYYY-MM-DD`).
    pub start_date: String,
    pub end_date: String,
}

/// A visit of a customer who never answered our texts.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct NraaCheckInView {
    pub appointment_id: i64,
    pub appt_at: DateTime<Utc>,
    /// CHECKED_IN, IN_SERVICE or COMPLETED.
    pub appt_status: String,
    pub store_id: i64,
    pub store_name: String,
    pub future_service_interaction_id: i64,
    pub service_type: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_cellular: Option<String>,
    /// The first text on the lead, and how many went out before the visit.
    pub first_texted_at: Option<DateTime<Utc>>,
    pub texts_sent: i64,
}

impl From<NraaCheckIn> for NraaCheckInView {
    fn from(row: NraaCheckIn) -> Self {
        Self {
            appointment_id: row.appointment_id,
            appt_at: row.appt_at,
            appt_status: row.appt_status,
            store_id: row.store_id,
            store_name: row.store_name,
            future_service_interaction_id: row.fsi_id,
            service_type: row.service_type,
            customer_id: row.customer_id,
            customer_name: format!("{} {}", row.customer_first_name, row.customer_last_name),
            customer_cellular: row.customer_cellular,
            first_texted_at: row.first_texted_at,
            texts_sent: row.texts_sent,
        }
    }
}

/// A page of a report (E-E5): `page` counts from 0.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NraaCheckInPage {
    pub content: Vec<NraaCheckInView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

pub struct ReportApi;

#[OpenApi(tag = "ApiTags::Reports")]
impl ReportApi {
    /// The funnel of the leads texted in the window: CONTACTED, RESPONDED, ENGAGED and
    /// APPT_BOOKING with the spec's three rates (docs/reports.md). Manager roles; dealers and
    /// stores outside the scope are not found.
    #[oai(path = "/api/reports/funnel", method = "post")]
    async fn funnel(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<FunnelView>> {
        let scope = scope_naming(&caller, req, body.enterprise_id)?;
        let filter = state
            .reports
            .filter(&caller, &scope, body.0.request(), Utc::now())
            .await?;
        let Funnel { stages, rates } = state.reports.funnel(&filter).await?;
        Ok(Json(FunnelView {
            stages: stages
                .into_iter()
                .map(|s| FunnelStageView {
                    key: s.key.to_owned(),
                    count: s.count,
                })
                .collect(),
            rates: rates
                .into_iter()
                .map(|r| FunnelRateView {
                    label: r.label.to_owned(),
                    percent: r.percent,
                })
                .collect(),
            start_date: filter.from.date_naive().to_string(),
            end_date: (filter.until - chrono::Duration::days(1))
                .date_naive()
                .to_string(),
        }))
    }

    /// NRAA check-in detail: the visits in the window (checked in, in service or completed) of
    /// customers texted before it who never answered at all, latest first, paged.
    #[oai(
        path = "/api/lisa/appointment-status-report/fetch-nraa-checkin-detail",
        method = "post"
    )]
    async fn nraa_check_ins(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<NraaCheckInPage>> {
        let scope = scope_naming(&caller, req, body.enterprise_id)?;
        let page = PageRequest::new(page.0, size.0)?;
        let filter = state
            .reports
            .filter(&caller, &scope, body.0.request(), Utc::now())
            .await?;
        let found = state.reports.nraa_check_ins(&filter, page).await?;
        Ok(Json(NraaCheckInPage {
            content: found
                .content
                .into_iter()
                .map(NraaCheckInView::from)
                .collect(),
            page: found.page,
            size: found.size,
            total_elements: found.total_elements,
        }))
    }
}
