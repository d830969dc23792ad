//! The reports on the business and the machinery: revenue after outreach, how the texting
//! performed day by day, what went wrong, what the planners included and left out, and the
//! template master.

use std::collections::BTreeMap;

use sea_query::{Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement, UnionType};

use super::ReportFilter;
use super::Reports;
use super::sql::{
    Grain, count_if, in_window, is_outreach_text, percent, seconds_between, utc_period,
};
use super::table::{Cell, Column, ColumnType, Shape, Table};
use engine::appointments::writeback::DmsPushStatus;
use engine::db::BackendKind;
use engine::domain::JobStatus;
use engine::domain::messages::{DeliveryStatus, Direction, MessageType};
use engine::error::Result;
use engine::imports::sources::SyncStatus;
use engine::store::planners::PlannerAudit;
use engine::store::schema::{
    JobRuns, MessageInstances as Msg, MessageUnderstandings, PlannerAudits, RepairOrders as Ro,
    ServiceAppointments as Appt, Stores, SyncHistory, Templates,
};

/// How long before a repair order a text still counts for its revenue.
pub const ROI_ATTRIBUTION_DAYS: i64 = 90;

/// ROI revenue: per store, the repair orders closed in the window and the revenue of those
/// whose customer was texted in the 90 days before the car came in.
pub fn roi_revenue(filter: &ReportFilter, backend: BackendKind) -> Shape {
    let opened = Expr::col((Ro::Table, Ro::OpenDate));
    let attribution_start = match backend {
        BackendKind::Sqlite => Expr::from(Func::cust("date").args([
            opened.clone(),
            Expr::cust(format!("'-{ROI_ATTRIBUTION_DAYS} days'")),
        ])),
        BackendKind::Postgres => opened.clone().sub(Expr::cust(format!(
            "INTERVAL '{ROI_ATTRIBUTION_DAYS} days'"
        ))),
    };
    let texted_before = Expr::exists(
        Query::select()
            .expr(Expr::val(1))
            .from(Msg::Table)
            .and_where(Expr::col((Msg::Table, Msg::CustomerId)).equals((Ro::Table, Ro::CustomerId)))
            .and_where(is_outreach_text())
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(opened))
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).gte(attribution_start))
            .to_owned(),
    );
    let mut query = Query::select();
    query
        .from(Ro::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Ro::Table, Ro::StoreId)),
        )
        .and_where(Expr::col((Ro::Table, Ro::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Ro::Table, Ro::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(Expr::col((Ro::Table, Ro::ClosedDate)).gte(filter.from.date_naive()))
        .and_where(Expr::col((Ro::Table, Ro::ClosedDate)).lt(filter.until.date_naive()))
        .group_by_col((Stores::Table, Stores::Id))
        .group_by_col((Stores::Table, Stores::Name));
    let amount = || Func::coalesce([Expr::col((Ro::Table, Ro::TotalAmount)), Expr::cust("0.0")]);
    let revenue: Expr = Func::sum(amount()).into();
    let after: Expr =
        Func::sum(Expr::case(texted_before.clone(), amount()).finally(Expr::cust("0.0"))).into();
    let after_count = count_if(texted_before);
    Shape::new(query)
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "closedRos",
            "Closed ROs",
            ColumnType::Integer,
            Func::count(Expr::col((Ro::Table, Ro::Id))),
        )
        .column("revenue", "Revenue", ColumnType::Money, revenue.clone())
        .column(
            "rosAfterOutreach",
            "ROs after outreach",
            ColumnType::Integer,
            after_count.clone(),
        )
        .column(
            "revenueAfterOutreach",
            "Revenue after outreach",
            ColumnType::Money,
            after.clone(),
        )
        .column(
            "averageRoAfterOutreach",
            "Average RO after outreach",
            ColumnType::Money,
            Func::coalesce([
                after
                    .clone()
                    .div(Func::cust("NULLIF").args([after_count, Expr::cust("0")])),
                Expr::cust("0.0"),
            ]),
        )
        .column(
            "shareOfRevenue",
            "Share of revenue %",
            ColumnType::Percent,
            percent(after, revenue),
        )
        .order_by((Stores::Table, Stores::Name), Order::Asc)
}

/// Application performance: per UTC day, the texts Bayline sent and how they fared, how fast
/// the gateway took them, and the replies the assistant read.
pub fn application_performance(filter: &ReportFilter, backend: BackendKind) -> Shape {
    let day = utc_period(backend, Expr::col((Msg::Table, Msg::CreatedAt)), Grain::Day);
    let status_in = |statuses: &[DeliveryStatus]| {
        count_if(
            Expr::col((Msg::Table, Msg::MessageStatus)).is_in(statuses.iter().map(|s| s.as_str())),
        )
    };
    let outbound = Expr::col((Msg::Table, Msg::Direction))
        .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]);
    let mut query = Query::select();
    query
        .from(Msg::Table)
        .left_join(
            MessageUnderstandings::Table,
            Expr::col((
                MessageUnderstandings::Table,
                MessageUnderstandings::MessageId,
            ))
            .equals((Msg::Table, Msg::Id)),
        )
        .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Msg::Table, Msg::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter))
        .add_group_by([day.clone()]);
    let sent = count_if(outbound.clone());
    let delivered = status_in(&[DeliveryStatus::Delivered, DeliveryStatus::Read]);
    let failed = status_in(&[
        DeliveryStatus::Failed,
        DeliveryStatus::Undelivered,
        DeliveryStatus::Restricted,
    ]);
    let handed_over = Expr::case(
        outbound.clone(),
        seconds_between(
            backend,
            Expr::col((Msg::Table, Msg::CreatedAt)),
            Expr::col((Msg::Table, Msg::SentAt)),
        ),
    );
    Shape::new(query)
        .column("day", "Day", ColumnType::Date, day.clone())
        .column("texts", "Texts sent", ColumnType::Integer, sent.clone())
        .column(
            "delivered",
            "Delivered",
            ColumnType::Integer,
            delivered.clone(),
        )
        .column("failed", "Failed", ColumnType::Integer, failed)
        .column(
            "waiting",
            "Waiting for a window",
            ColumnType::Integer,
            count_if(
                outbound
                    .clone()
                    .and(Expr::col((Msg::Table, Msg::SentAt)).is_null())
                    .and(Expr::col((Msg::Table, Msg::ScheduledFor)).is_not_null()),
            ),
        )
        .column(
            "deliveryRate",
            "Delivered %",
            ColumnType::Percent,
            percent(delivered, sent),
        )
        .column(
            "averageSendSeconds",
            "Average time to gateway",
            ColumnType::Seconds,
            Func::avg(Into::<Expr>::into(handed_over.finally(Expr::cust("NULL")))),
        )
        .column(
            "replies",
            "Replies",
            ColumnType::Integer,
            count_if(Expr::col((Msg::Table, Msg::Direction)).eq(Direction::Received.as_str())),
        )
        .column(
            "repliesRead",
            "Replies read by the assistant",
            ColumnType::Integer,
            count_if(
                Expr::col((
                    MessageUnderstandings::Table,
                    MessageUnderstandings::MessageId,
                ))
                .is_not_null(),
            ),
        )
        .order_by_expr(day, Order::Asc)
}

/// One source of error alerts, shaped as (at, source, store, subject, detail).
fn alerts_of(
    at: Expr,
    source: &str,
    store: Expr,
    subject: Expr,
    detail: Expr,
    from: sea_query::TableRef,
    conditions: Vec<Expr>,
) -> SelectStatement {
    let mut select = Query::select();
    select
        .expr_as(at, Alias::new("at"))
        .expr_as(Expr::cust(format!("'{source}'")), Alias::new("source"))
        .expr_as(store, Alias::new("store_id"))
        .expr_as(subject, Alias::new("subject"))
        .expr_as(detail, Alias::new("detail"))
        .from(from);
    for condition in conditions {
        select.and_where(condition);
    }
    select
}

/// The rows of `alerts_of` unions, latest first, with the store's name; `labels` name the
/// source, subject and detail columns.
fn alerts_shape(all: SelectStatement, labels: [(&str, &str); 3]) -> Shape {
    let alerts = Alias::new("alerts");
    let mut query = Query::select();
    query.from_subquery(all, alerts.clone()).left_join(
        Stores::Table,
        Expr::col((Stores::Table, Stores::Id)).equals((alerts.clone(), Alias::new("store_id"))),
    );
    let col = |name: &str| Expr::col((alerts.clone(), Alias::new(name)));
    let [
        (source, source_label),
        (subject, subject_label),
        (detail, detail_label),
    ] = labels;
    Shape::new(query)
        .column("at", "When", ColumnType::Timestamp, col("at"))
        .column(source, source_label, ColumnType::Text, col("source"))
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(subject, subject_label, ColumnType::Text, col("subject"))
        .column(detail, detail_label, ColumnType::Text, col("detail"))
        .order_by_expr(col("at"), Order::Desc)
        .order_by_expr(col("source"), Order::Asc)
}

/// Error alerts (`/api/email-alert/all`): what went wrong in the window at the filter's stores:
/// texts that failed, jobs that failed, data syncs that failed and appointments the dealer
/// system refused, latest first.
pub fn error_alerts(filter: &ReportFilter) -> Shape {
    let stores = filter.store_ids.clone();
    let enterprise = filter.scope.enterprise_id;
    let texts = alerts_of(
        Expr::col((Msg::Table, Msg::CreatedAt)),
        "TEXT",
        Expr::col((Msg::Table, Msg::StoreId)),
        Func::coalesce([Expr::col((Msg::Table, Msg::ToAddress)), Expr::cust("''")]).into(),
        Func::coalesce([
            Expr::col((Msg::Table, Msg::ErrorText)),
            Expr::col((Msg::Table, Msg::ErrorCode)),
            Expr::col((Msg::Table, Msg::MessageStatus)),
        ])
        .into(),
        Msg::Table.into(),
        vec![
            Expr::col((Msg::Table, Msg::EnterpriseId)).eq(enterprise),
            Expr::col((Msg::Table, Msg::StoreId)).is_in(stores.clone()),
            Expr::col((Msg::Table, Msg::MessageStatus)).is_in([
                DeliveryStatus::Failed.as_str(),
                DeliveryStatus::Undelivered.as_str(),
                DeliveryStatus::Restricted.as_str(),
            ]),
            in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter),
        ],
    );
    let jobs = alerts_of(
        Func::coalesce([
            Expr::col((JobRuns::Table, JobRuns::FinishedAt)),
            Expr::col((JobRuns::Table, JobRuns::CreatedAt)),
        ])
        .into(),
        "JOB",
        Expr::col((JobRuns::Table, JobRuns::StoreId)),
        Expr::col((JobRuns::Table, JobRuns::Kind)),
        Func::coalesce([
            Expr::col((JobRuns::Table, JobRuns::Error)),
            Expr::cust("''"),
        ])
        .into(),
        JobRuns::Table.into(),
        vec![
            Expr::col((JobRuns::Table, JobRuns::EnterpriseId)).eq(enterprise),
            Expr::col((JobRuns::Table, JobRuns::StoreId)).is_in(stores.clone()),
            Expr::col((JobRuns::Table, JobRuns::Status)).eq(JobStatus::Failed.as_str()),
            in_window(Expr::col((JobRuns::Table, JobRuns::CreatedAt)), filter),
        ],
    );
    let syncs = alerts_of(
        Expr::col((SyncHistory::Table, SyncHistory::StartedAt)),
        "SYNC",
        Expr::col((SyncHistory::Table, SyncHistory::StoreId)),
        Expr::col((SyncHistory::Table, SyncHistory::Status)),
        Func::coalesce([
            Expr::col((SyncHistory::Table, SyncHistory::Message)),
            Expr::cust("''"),
        ])
        .into(),
        SyncHistory::Table.into(),
        vec![
            Expr::col((SyncHistory::Table, SyncHistory::EnterpriseId)).eq(enterprise),
            Expr::col((SyncHistory::Table, SyncHistory::StoreId)).is_in(stores.clone()),
            Expr::col((SyncHistory::Table, SyncHistory::Status)).is_in([
                SyncStatus::Failed.as_str(),
                SyncStatus::CompletedWithErrors.as_str(),
            ]),
            in_window(
                Expr::col((SyncHistory::Table, SyncHistory::StartedAt)),
                filter,
            ),
        ],
    );
    let appointments = alerts_of(
        Func::coalesce([
            Expr::col((Appt::Table, Appt::DmsPushedAt)),
            Expr::col((Appt::Table, Appt::UpdatedAt)),
        ])
        .into(),
        "DMS",
        Expr::col((Appt::Table, Appt::StoreId)),
        Expr::col((Appt::Table, Appt::Title)),
        Func::coalesce([Expr::col((Appt::Table, Appt::DmsError)), Expr::cust("''")]).into(),
        Appt::Table.into(),
        vec![
            Expr::col((Appt::Table, Appt::EnterpriseId)).eq(enterprise),
            Expr::col((Appt::Table, Appt::StoreId)).is_in(stores),
            Expr::col((Appt::Table, Appt::DmsStatus)).eq(DmsPushStatus::Failed.as_str()),
            in_window(Expr::col((Appt::Table, Appt::UpdatedAt)), filter),
        ],
    );
    let mut all = texts;
    all.union(UnionType::All, jobs)
        .union(UnionType::All, syncs)
        .union(UnionType::All, appointments);
    alerts_shape(
        all,
        [
            ("source", "What"),
            ("subject", "About"),
            ("detail", "Error"),
        ],
    )
}

/// Planner alerts (the spec's `email-alert/predictive-planner`): what went wrong with the
/// planners in the window at the filter's stores: transfer runs that failed, and runs that
/// judged vehicles but created no lead. Latest first.
pub fn planner_alerts(filter: &ReportFilter) -> Shape {
    use engine::domain::JobInput;
    let stores = filter.store_ids.clone();
    let enterprise = filter.scope.enterprise_id;
    let failed_runs = alerts_of(
        Func::coalesce([
            Expr::col((JobRuns::Table, JobRuns::FinishedAt)),
            Expr::col((JobRuns::Table, JobRuns::CreatedAt)),
        ])
        .into(),
        "RUN_FAILED",
        Expr::col((JobRuns::Table, JobRuns::StoreId)),
        Expr::col((JobRuns::Table, JobRuns::Kind)),
        Func::coalesce([
            Expr::col((JobRuns::Table, JobRuns::Error)),
            Expr::cust("''"),
        ])
        .into(),
        JobRuns::Table.into(),
        vec![
            Expr::col((JobRuns::Table, JobRuns::EnterpriseId)).eq(enterprise),
            Expr::col((JobRuns::Table, JobRuns::StoreId)).is_in(stores.clone()),
            Expr::col((JobRuns::Table, JobRuns::Kind))
                .eq(engine::planner::PlannerTransferInput::KIND),
            Expr::col((JobRuns::Table, JobRuns::Status)).eq(JobStatus::Failed.as_str()),
            in_window(Expr::col((JobRuns::Table, JobRuns::CreatedAt)), filter),
        ],
    );
    let no_leads = alerts_of(
        Expr::col((PlannerAudits::Table, PlannerAudits::CreatedAt)),
        "NO_LEADS",
        Expr::col((PlannerAudits::Table, PlannerAudits::StoreId)),
        Expr::col((PlannerAudits::Table, PlannerAudits::PlannerName)),
        Expr::col((PlannerAudits::Table, PlannerAudits::ServiceType)),
        PlannerAudits::Table.into(),
        vec![
            Expr::col((PlannerAudits::Table, PlannerAudits::EnterpriseId)).eq(enterprise),
            Expr::col((PlannerAudits::Table, PlannerAudits::StoreId)).is_in(stores),
            Expr::col((PlannerAudits::Table, PlannerAudits::CandidateCount)).gt(0),
            Expr::col((PlannerAudits::Table, PlannerAudits::CreatedCount)).eq(0),
            in_window(
                Expr::col((PlannerAudits::Table, PlannerAudits::CreatedAt)),
                filter,
            ),
        ],
    );
    let mut all = failed_runs;
    all.union(UnionType::All, no_leads);
    alerts_shape(
        all,
        [
            ("alert", "Alert"),
            ("about", "Planner or run"),
            ("detail", "Detail"),
        ],
    )
}

/// Template master: the enterprise's templates and the shared ones, by division and code. The
/// window and the stores do not apply (templates belong to the enterprise); service types do.
pub fn template_master(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query.from(Templates::Table).and_where(
        Expr::col((Templates::Table, Templates::EnterpriseId))
            .eq(filter.scope.enterprise_id)
            .or(Expr::col((Templates::Table, Templates::EnterpriseId)).is_null()),
    );
    if !filter.service_types.is_empty() {
        query.and_where(
            Expr::col((Templates::Table, Templates::ServiceType))
                .is_in(filter.service_types.clone()),
        );
    }
    let col = |c: Templates| Expr::col((Templates::Table, c));
    Shape::new(query)
        .column("templateId", "Id", ColumnType::Integer, col(Templates::Id))
        .column(
            "divisionId",
            "Division",
            ColumnType::Text,
            col(Templates::DivisionCode),
        )
        .column(
            "templateCode",
            "Code",
            ColumnType::Text,
            col(Templates::TemplateCode),
        )
        .column(
            "serviceType",
            "Service",
            ColumnType::Text,
            col(Templates::ServiceType),
        )
        .column("moc", "Channel", ColumnType::Text, col(Templates::Moc))
        .column("title", "Title", ColumnType::Text, col(Templates::Title))
        .column("body", "Text", ColumnType::Text, col(Templates::Body))
        .column(
            "shared",
            "Shared",
            ColumnType::Text,
            Expr::case(col(Templates::EnterpriseId).is_null(), "YES").finally("NO"),
        )
        .order_by((Templates::Table, Templates::DivisionCode), Order::Asc)
        .order_by((Templates::Table, Templates::TemplateCode), Order::Asc)
        .order_by((Templates::Table, Templates::Id), Order::Asc)
}

/// The exclusion reasons of a planner run, in the order the report shows them.
const EXCLUSIONS: [(&str, &str, &str); 4] = [
    ("notApplicable", "Not applicable", "NOT_APPLICABLE"),
    ("noLongerOwned", "No longer owned", "NO_LONGER_OWNED"),
    ("notDue", "Not due", "NOT_DUE"),
    ("alreadyServiced", "Already serviced", "ALREADY_SERVICED"),
];

impl Reports {
    /// Inclusion and exclusion: the planners' runs in the window by store, planner and service
    /// type: vehicles judged, leads included, and the ones left out by reason. Runs over several
    /// stores show as "All stores", to callers who see the whole enterprise.
    pub(super) async fn inclusion_exclusion(&self, filter: &ReportFilter) -> Result<Table> {
        let mut query = Query::select();
        query
            .columns([
                PlannerAudits::Id,
                PlannerAudits::EnterpriseId,
                PlannerAudits::StoreId,
                PlannerAudits::PlannerName,
                PlannerAudits::ServiceType,
                PlannerAudits::PlannerDate,
                PlannerAudits::Parameters,
                PlannerAudits::CandidateCount,
                PlannerAudits::CreatedCount,
                PlannerAudits::SkippedCount,
                PlannerAudits::JobRunId,
                PlannerAudits::StartedBy,
                PlannerAudits::CreatedAt,
            ])
            .from(PlannerAudits::Table)
            .and_where(Expr::col(PlannerAudits::EnterpriseId).eq(filter.scope.enterprise_id))
            .and_where(in_window(Expr::col(PlannerAudits::CreatedAt), filter));
        let whole_enterprise = filter.scope.is_whole_enterprise();
        query.and_where(if whole_enterprise {
            Expr::col(PlannerAudits::StoreId)
                .is_in(filter.store_ids.clone())
                .or(Expr::col(PlannerAudits::StoreId).is_null())
        } else {
            Expr::col(PlannerAudits::StoreId).is_in(filter.store_ids.clone())
        });
        if !filter.service_types.is_empty() {
            query.and_where(
                Expr::col(PlannerAudits::ServiceType).is_in(filter.service_types.clone()),
            );
        }
        let audits: Vec<PlannerAudit> = self.db().fetch_all(&query).await?;
        let names: BTreeMap<i64, String> = self
            .tenancy()
            .stores(&filter.scope)
            .await?
            .into_iter()
            .map(|s| (s.id, s.name))
            .collect();
        // (store, planner, service type) → runs, judged, included, excluded, by reason.
        let mut groups: BTreeMap<(String, String, String), [i64; 8]> = BTreeMap::new();
        for audit in &audits {
            let store = audit.store_id.map_or_else(
                || "All stores".to_owned(),
                |id| {
                    names
                        .get(&id)
                        .cloned()
                        .unwrap_or_else(|| format!("Store {id}"))
                },
            );
            let sums = groups
                .entry((
                    store,
                    audit.planner_name.clone(),
                    audit.service_type.clone(),
                ))
                .or_default();
            sums[0] += 1;
            sums[1] += i64::from(audit.candidate_count);
            sums[2] += i64::from(audit.created_count);
            sums[3] += i64::from(audit.skipped_count);
            for (index, (_, _, code)) in EXCLUSIONS.iter().enumerate() {
                sums[4 + index] += audit
                    .parameters
                    .as_ref()
                    .and_then(|p| p["excluded"][code].as_i64())
                    .unwrap_or(0);
            }
        }
        let mut columns = vec![
            Column::new("storeName", "Store", ColumnType::Text),
            Column::new("planner", "Planner", ColumnType::Text),
            Column::new("serviceType", "Service", ColumnType::Text),
            Column::new("runs", "Runs", ColumnType::Integer),
            Column::new("candidates", "Vehicles judged", ColumnType::Integer),
            Column::new("included", "Included", ColumnType::Integer),
            Column::new("excluded", "Excluded", ColumnType::Integer),
        ];
        columns.extend(
            EXCLUSIONS
                .iter()
                .map(|(key, label, _)| Column::new(key, label, ColumnType::Integer)),
        );
        let rows = groups
            .into_iter()
            .map(|((store, planner, service), sums)| {
                let mut row = vec![Cell::Text(store), Cell::Text(planner), Cell::Text(service)];
                row.extend(sums.iter().map(|n| Cell::Integer(*n)));
                row
            })
            .collect();
        Ok(Table::whole(columns, rows).with_totals())
    }
}
