//! Reports: the spec's report filter on every call, checked in `reports`; the reports
//! the spec names without a path are served as `/api/reports/{kind}` (docs/reports.md).

use chrono::{Duration, SecondsFormat, Utc};
use engine::auth::Caller;
use engine::domain::{JobInput, JobStatus, parse_job_input};
use engine::store::PageRequest;
use engine::templates::Division;
use engine::templates::service::{StandardTemplateDraft, parse_division};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Attachment, AttachmentType, Json};
use poem_openapi::{Object, OpenApi};
use reports::{
    Cell, ClassificationOptions, CustomerType, ExportFormat, ReportExportInput, ReportFilter,
    ReportKind, ReportOptions, ReportRequest, Table,
};
use serde_json::{Map, Value};

use super::ApiTags;
use super::jobs::{JobRunView, run_view, visible_run};
use super::templates::{StandardTemplateBody, StandardTemplateView};
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
    /// The monthly and daily tables' customer type (E-S6): '1' Type A, '2' Type B, anything
    /// else both.
    #[oai(validator(max_length = 10))]
    pub customer_type: Option<String>,
}

impl ReportFilterBody {
    fn options(&self) -> ReportOptions {
        ReportOptions {
            classification: ClassificationOptions {
                customer_type: CustomerType::from_code(self.customer_type.as_deref()),
            },
        }
    }

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

/// What to export: a report's filter and the file's format.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReportExportBody {
    /// CSV or XLSX.
    #[oai(validator(max_length = 10))]
    pub format: String,
    #[oai(flatten)]
    pub filter: ReportFilterBody,
}

/// A report column.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ReportColumnView {
    /// The key of this column in each row of `content`.
    pub key: String,
    pub label: String,
    /// TEXT, INTEGER, PERCENT, MONEY, SECONDS, TIMESTAMP or DATE.
    #[oai(rename = "type")]
    pub kind: String,
    /// What the header means, when it is a code (SPA-SS, NLO…).
    pub description: Option<String>,
}

/// How the report is drawn.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReportChartView {
    /// BAR, STACKED_BAR, LINE or FUNNEL.
    #[oai(rename = "type")]
    pub kind: String,
    /// The column that labels each bar group.
    pub category: String,
    /// The columns drawn as series; empty: every number column.
    pub series: Vec<String>,
}

/// A report: its columns, its rows (objects keyed by column), the totals row, and the page
/// (E-E5; `page` counts from 0; aggregates answer every row on page 0).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ReportView {
    pub kind: String,
    pub title: String,
    pub columns: Vec<ReportColumnView>,
    pub content: Vec<Value>,
    pub totals: Option<Value>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
    pub chart: Option<ReportChartView>,
    /// The window it covers, UTC days inclusive (`YYYY-MM-DD`).
    pub start_date: String,
    pub end_date: String,
}

/// A report the caller may read.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ReportKindView {
    /// The `{kind}` of `/api/reports/{kind}`.
    pub key: String,
    pub title: String,
    pub description: String,
    /// Lists are paged; aggregates answer every row at once.
    pub paged: bool,
    pub chart: Option<ReportChartView>,
    /// The screen opens on this many whole months before the current one (none: the last
    /// seven days).
    pub default_months: Option<u32>,
}

/// A lead's customer type.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CustomerTypeView {
    pub interaction_id: i64,
    /// '1' (Type A) or '2' (Type B), the dashboard's codes.
    pub code: String,
    /// "Type A" (bought from the dealership) or "Type B" (service only).
    pub customer_type: String,
}

fn cell_json(cell: &Cell) -> Value {
    match cell {
        Cell::Empty => Value::Null,
        Cell::Text(text) => Value::String(text.clone()),
        Cell::Integer(n) => Value::from(*n),
        Cell::Decimal(n) => serde_json::Number::from_f64(*n).map_or(Value::Null, Value::Number),
        Cell::Timestamp(at) => Value::String(at.to_rfc3339_opts(SecondsFormat::Secs, true)),
        Cell::Date(day) => Value::String(day.to_string()),
    }
}

fn chart_view(kind: ReportKind) -> Option<ReportChartView> {
    kind.chart().map(|chart| ReportChartView {
        kind: chart.kind.as_str().to_owned(),
        category: chart.category.to_owned(),
        series: chart.series.iter().map(|s| (*s).to_owned()).collect(),
    })
}

fn report_view(kind: ReportKind, filter: &ReportFilter, table: Table) -> ReportView {
    let row_json = |row: &[Cell]| {
        Value::Object(
            table
                .columns
                .iter()
                .zip(row)
                .map(|(column, cell)| (column.key.clone(), cell_json(cell)))
                .collect::<Map<_, _>>(),
        )
    };
    ReportView {
        kind: kind.key().to_owned(),
        title: kind.title().to_owned(),
        content: table.rows.iter().map(|row| row_json(row)).collect(),
        totals: table.totals.as_deref().map(row_json),
        columns: table
            .columns
            .iter()
            .map(|c| ReportColumnView {
                key: c.key.clone(),
                label: c.label.clone(),
                kind: c.kind.as_str().to_owned(),
                description: c.description.clone(),
            })
            .collect(),
        page: table.page,
        size: table.size,
        total_elements: table.total_elements,
        chart: chart_view(kind),
        start_date: filter.from.date_naive().to_string(),
        end_date: (filter.until - Duration::days(1)).date_naive().to_string(),
    }
}

/// Checks the filter and runs one report: the one code path of every report call.
async fn run_report(
    state: &AppState,
    req: &Request,
    caller: &Caller,
    kind: ReportKind,
    page: (Option<u64>, Option<u64>),
    body: ReportFilterBody,
) -> ApiResult<Json<ReportView>> {
    let scope = scope_naming(caller, req, body.enterprise_id)?;
    let page = PageRequest::new(page.0, page.1)?;
    let options = body.options();
    let filter = state
        .reports
        .filter(caller, &scope, body.request(), Utc::now())
        .await?;
    let table = state
        .reports
        .run(caller, kind, &filter, options, page)
        .await?;
    Ok(Json(report_view(kind, &filter, table)))
}

pub struct ReportApi;

#[OpenApi(tag = "ApiTags::Reports")]
impl ReportApi {
    /// The reports the caller may read, with how each is drawn (docs/reports.md).
    #[oai(path = "/api/reports", method = "get")]
    async fn catalogue(&self, Session(caller): Session) -> ApiResult<Json<Vec<ReportKindView>>> {
        Ok(Json(
            ReportKind::ALL
                .iter()
                .filter(|kind| caller.require_any(kind.roles()).is_ok())
                .map(|kind| ReportKindView {
                    key: kind.key().to_owned(),
                    title: kind.title().to_owned(),
                    description: kind.description().to_owned(),
                    paged: kind.is_paged(),
                    chart: chart_view(*kind),
                    default_months: kind.default_months(),
                })
                .collect(),
        ))
    }

    /// One report over the spec's filter: the monthly and daily tables, the funnel, the
    /// store-wise and leads-status counts, response insights, and the lists (appointments,
    /// bookings, no-shows, not responded, opt-outs, closed repair orders, sign-ins, NRAA
    /// check-ins). Manager roles (sign-ins: administrators); dealers and stores outside the
    /// scope are not found. Lists are paged with `page` (from 0) and `size`.
    #[oai(path = "/api/reports/:kind", method = "post")]
    #[allow(clippy::too_many_arguments)]
    async fn report(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(validator(max_length = 40))] kind: Path<String>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        let kind = ReportKind::from_key(&kind.0)?;
        run_report(&state, req, &caller, kind, (page.0, size.0), body.0).await
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
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::NraaCheckIn,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// Exports a report to CSV or XLSX as a job (any size: the rows stream into the file). The
    /// answer is the run: its progress is on `/api/jobs/{id}`, and when it has succeeded its
    /// `result.downloadUrl` serves the file until `result.expiresAt`.
    #[oai(path = "/api/reports/:kind/export", method = "post")]
    async fn export(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(validator(max_length = 40))] kind: Path<String>,
        body: Json<ReportExportBody>,
    ) -> ApiResult<Json<JobRunView>> {
        let kind = ReportKind::from_key(&kind.0)?;
        let format = ExportFormat::parse(&body.format)?;
        let body = body.0.filter;
        let scope = scope_naming(&caller, req, body.enterprise_id)?;
        let options = body.options();
        let filter = state
            .reports
            .filter(&caller, &scope, body.request(), Utc::now())
            .await?;
        let input = ReportExportInput::new(&caller, kind, &filter, options, format)?;
        let (run, _) = state
            .jobs
            .start_input(&caller, &input, Some(scope.enterprise_id))
            .await?;
        Ok(Json(run_view(&state, &caller, run).await?))
    }

    /// The file of a finished export (`reports.export` run), while it is kept. Runs the caller
    /// cannot see, unfinished runs and expired files are not found; a caller who may not read
    /// the report (sign-ins: administrators) is refused (403), whoever started the export.
    #[oai(path = "/api/reports/exports/:id/file", method = "get")]
    async fn export_file(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Attachment<poem::Body>> {
        let run = visible_run(&state, &caller, req, id.0).await?;
        let not_found = || engine::Error::not_found("Export not found");
        if run.kind != ReportExportInput::KIND || run.status != JobStatus::Succeeded {
            return Err(not_found().into());
        }
        let input: ReportExportInput =
            parse_job_input(run.input.as_ref().unwrap_or(&Value::Null)).map_err(|_| not_found())?;
        // The file is the report: only its readers download it, as only they may start it.
        caller.require_any(input.roles())?;
        let path = state.exports.path_of(run.id, input.format);
        let expired = run
            .finished_at
            .is_none_or(|at| at + state.exports.keep_for < Utc::now());
        let file = match tokio::fs::File::open(&path).await {
            Ok(file) if !expired => file,
            _ => {
                return Err(engine::Error::not_found(
                    "This export has expired or was removed; export the report again",
                )
                .into());
            }
        };
        Ok(Attachment::new(poem::Body::from_async_read(file))
            .attachment_type(AttachmentType::Attachment)
            .filename(input.file_name()))
    }

    /// The agent report at the spec's path (E-C4): per store, what the assistant did.
    #[oai(path = "/api/lisa/report/generate-agent-report", method = "post")]
    async fn agent_report(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::AgentReport,
            (None, None),
            body.0,
        )
        .await
    }

    /// The SDC handoff report at the spec's path (E-C5): every handoff in the window, paged.
    #[oai(path = "/api/lisa/report/sdc-handoff-report", method = "post")]
    async fn sdc_handoff(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::SdcHandoff,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// The template master at the spec's path (E-C2): the enterprise's templates and the
    /// shared ones, paged (the window and stores do not apply).
    #[oai(path = "/api/lisa/report/template-master", method = "post")]
    async fn template_master(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::TemplateMaster,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// Rewrites one of the enterprise's templates from the template master (E-C3), or adds
    /// one (no `templateId`): the same checks and roles as the template editor.
    #[oai(path = "/api/lisa/report/template-master", method = "put")]
    async fn save_template_master(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        body: Json<StandardTemplateBody>,
    ) -> ApiResult<Json<StandardTemplateView>> {
        let scope = scope_naming(&caller, req, None)?;
        let division = parse_division(division.0.as_deref(), Division::Service)?;
        let body = body.0;
        let draft = StandardTemplateDraft {
            template_code: body.template_code,
            service_type: body.service_type,
            moc: body.moc,
            title: body.title,
            body: body.body,
        };
        let saved = state
            .templates
            .save_standard(
                &caller,
                &scope,
                body.template_id,
                division,
                &draft,
                Utc::now(),
            )
            .await?;
        Ok(Json(saved.into()))
    }

    /// Error alerts at the spec's path (E-C8): failed texts, jobs, syncs and dealer-system
    /// pushes in the window, latest first, paged.
    #[oai(path = "/api/email-alert/all", method = "post")]
    async fn error_alerts(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::ErrorAlerts,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// Planner alerts at the spec's path (E-C9, `email-alert/predictive-planner`): planner runs
    /// that failed in the window and runs that created no lead, latest first, paged.
    #[oai(path = "/api/email-alert/predictive-planner", method = "post")]
    async fn planner_alerts(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::PlannerAlerts,
            (page.0, size.0),
            body.0,
        )
        .await
    }

    /// The store-wise report at the spec's path (E-C6).
    #[oai(path = "/api/lisa/service-interactions/stores", method = "post")]
    async fn store_wise(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ReportFilterBody>,
    ) -> ApiResult<Json<ReportView>> {
        run_report(
            &state,
            req,
            &caller,
            ReportKind::StoreWise,
            (None, None),
            body.0,
        )
        .await
    }

    /// The customer type of a lead's customer (E-C7): Type A bought from the dealership,
    /// Type B comes for service only.
    #[oai(
        path = "/api/lisa/service-interactions/customer-type/:interactionId",
        method = "get"
    )]
    async fn customer_type(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "interactionId")] interaction_id: Path<i64>,
    ) -> ApiResult<Json<CustomerTypeView>> {
        let scope = scope_naming(&caller, req, None)?;
        let customer_type = state
            .reports
            .customer_type(&caller, &scope, interaction_id.0)
            .await?;
        Ok(Json(CustomerTypeView {
            interaction_id: interaction_id.0,
            code: customer_type.code().to_owned(),
            customer_type: customer_type.label().to_owned(),
        }))
    }
}
