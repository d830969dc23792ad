//! Reports: the spec's report filter on every call, checked in `engine::reports`; the reports
//! the spec names without a path are served as `/api/reports/{kind}` (docs/reports.md).

use chrono::Utc;
use engine::reports::{Funnel, ReportRequest};
use poem::Request;
use poem::web::Data;
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
}
