//! The catalogue of reports: each kind's key, title, who may read it, how it is drawn, and the
//! one place that runs it. Every report answers a [`Table`], whole (aggregates) or paged (lists).

use super::classification::ClassificationOptions;
use super::sql::Grain;
use super::table::{Cell, Chart, ChartKind, Column, ColumnType, Shape, Table, tidy};
use super::{REPORT_ROLES, ReportFilter, Reports};
use engine::auth::Caller;
use engine::db::BackendKind;
use engine::domain::Role;
use engine::error::{Error, Result};
use engine::store::PageRequest;

/// Who reads the login activity: the administrators (E-R7 calls it an admin ability).
pub const LOGIN_ACTIVITY_ROLES: &[Role] = &[
    Role::SuperAdmin,
    Role::SuperDataAdmin,
    Role::SuperUser,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
];

macro_rules! report_kinds {
    ($($variant:ident => $key:literal, $title:literal, $description:literal;)+) => {
        /// A report Bayline serves.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ReportKind { $($variant),+ }

        impl ReportKind {
            pub const ALL: &'static [ReportKind] = &[$(ReportKind::$variant),+];

            /// The key in `/api/reports/{kind}`.
            pub fn key(self) -> &'static str {
                match self { $(ReportKind::$variant => $key),+ }
            }

            pub fn title(self) -> &'static str {
                match self { $(ReportKind::$variant => $title),+ }
            }

            /// What the report counts, in a sentence (docs/reports.md has the definitions).
            pub fn description(self) -> &'static str {
                match self { $(ReportKind::$variant => $description),+ }
            }
        }
    };
}

report_kinds! {
    Funnel => "funnel", "Funnel",
        "Of the leads texted in the window: how many answered, engaged and booked.";
    Monthly => "monthly", "Monthly report",
        "Leads first texted each month, by customer type and classification.";
    Daily => "daily", "Daily report",
        "Leads first texted each day, by customer type and classification, with booking errors, call requests and keyword-only answers.";
    StoreWise => "store-wise", "Store-wise",
        "Per store: leads texted, answered, booked, opted out, and the rates.";
    LeadsStatus => "leads-status", "Leads status",
        "Per store and service type: leads created in the window and where they stand.";
    ResponseInsights => "response-insights", "Response insights",
        "Customer replies in the window by what the assistant understood of them.";
    Appointments => "appointments", "Appointments",
        "Appointments whose time falls in the window, with their status.";
    BookedAppointments => "booked-appointments", "Booked appointments",
        "Appointments booked in the window, who booked them and for when.";
    NoShow => "no-show", "No-show",
        "Appointments in the window the customer missed.";
    NotResponded => "not-responded", "Not responded",
        "Leads texted in the window that never answered.";
    MessageResponse => "message-response", "Message response",
        "Customers' texts in the window: what they said, how the assistant read them, the log mode and the first answer.";
    OptOut => "opt-out", "Opt-out",
        "Customers who opted out in the window, and what they said.";
    ClosedRepairOrders => "closed-repair-orders", "Closed repair orders",
        "Repair orders closed in the window, and whether the customer was texted first.";
    LoginActivity => "login-activity", "Login activity",
        "Sign-in attempts by the enterprise's users in the window.";
    NraaCheckIn => "nraa-checkin", "NRAA check-in detail",
        "Visits of customers who were texted and never answered at all.";
    GmHandoff => "gm-handoff", "GM handoff",
        "Handoffs to staff in the window by type, and what came of them.";
    SdcHandoff => "sdc-handoff", "SDC handoff",
        "Every handoff in the window: why, who took it up, how fast, and the outcome.";
    FirstResponse => "first-response", "First response",
        "Per store: how soon customers' texts got their first answer.";
    AdvisorActivity => "advisor-activity", "Advisor activity monitor",
        "Per staff member: texts, e-mails, notes, conversations, bookings and response time.";
    AgentReport => "agent-report", "Agent report",
        "Per store: what the assistant texted, who answered, what it booked and handed over.";
    RoiRevenue => "roi-revenue", "ROI revenue",
        "Per store: repair orders closed in the window and the revenue after outreach.";
    ApplicationPerformance => "application-performance", "Application performance",
        "Per day: texts sent, delivered and failed, time to the gateway, replies read.";
    InclusionExclusion => "inclusion-exclusion", "Inclusion and exclusion",
        "The planners' runs: vehicles judged, leads included, and the ones left out by reason.";
    ErrorAlerts => "error-alerts", "Error alerts",
        "What went wrong: failed texts, jobs and syncs, appointments the dealer system refused.";
    PlannerAlerts => "planner-alerts", "Planner alerts",
        "Planner runs that failed in the window, and runs that judged vehicles but created no lead.";
    TemplateMaster => "template-master", "Template master",
        "The enterprise's message templates and the shared ones.";
    ResponseTimes => "response-times", "Response times (MRT/ART)",
        "Staff replies in the window and how long the customer waited for each, longest first, with each staff member's average.";
}

/// What a report adds to the filter.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportOptions {
    pub classification: ClassificationOptions,
}

impl ReportKind {
    pub fn from_key(key: &str) -> Result<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.key() == key)
            .ok_or_else(|| Error::not_found(format!("Report {key:?} not found")))
    }

    /// Who may read it.
    pub fn roles(self) -> &'static [Role] {
        match self {
            Self::LoginActivity => LOGIN_ACTIVITY_ROLES,
            Self::ResponseTimes => super::staff::RESPONSE_TIME_ROLES,
            _ => REPORT_ROLES,
        }
    }

    /// Lists are paged; aggregates answer every row at once.
    pub fn is_paged(self) -> bool {
        matches!(
            self,
            Self::Appointments
                | Self::BookedAppointments
                | Self::NoShow
                | Self::NotResponded
                | Self::MessageResponse
                | Self::OptOut
                | Self::ClosedRepairOrders
                | Self::LoginActivity
                | Self::NraaCheckIn
                | Self::SdcHandoff
                | Self::ErrorAlerts
                | Self::PlannerAlerts
                | Self::TemplateMaster
                | Self::ResponseTimes
        )
    }

    /// The whole months before this one the report opens on, when a week is too short to
    /// read it (a month's row needs the month): the monthly report opens on the last six.
    pub fn default_months(self) -> Option<u32> {
        match self {
            Self::Monthly => Some(6),
            _ => None,
        }
    }

    pub fn chart(self) -> Option<Chart> {
        let chart = |kind, category, series| {
            Some(Chart {
                kind,
                category,
                series,
            })
        };
        match self {
            Self::Funnel => chart(ChartKind::Funnel, "stage", &["leads"]),
            Self::Monthly => chart(ChartKind::StackedBar, "reportMonth", &[]),
            Self::Daily => chart(ChartKind::StackedBar, "reportDate", &[]),
            Self::StoreWise => chart(
                ChartKind::Bar,
                "storeName",
                &["texted", "responded", "booked"],
            ),
            Self::LeadsStatus => chart(
                ChartKind::StackedBar,
                "serviceType",
                &["open", "texted", "responded", "booked", "closed"],
            ),
            Self::ResponseInsights => chart(ChartKind::Bar, "insight", &["replies"]),
            Self::GmHandoff => chart(
                ChartKind::StackedBar,
                "handoffType",
                &[
                    "customerNotContacted",
                    "noResponse",
                    "issueNotResolved",
                    "issueResolved",
                ],
            ),
            Self::FirstResponse => chart(ChartKind::Bar, "storeName", &["averageSeconds"]),
            Self::AdvisorActivity => chart(
                ChartKind::StackedBar,
                "userName",
                &["texts", "emails", "notes"],
            ),
            Self::AgentReport => chart(
                ChartKind::Bar,
                "storeName",
                &["leadsTexted", "answered", "booked", "handedOff"],
            ),
            Self::RoiRevenue => chart(
                ChartKind::Bar,
                "storeName",
                &["revenue", "revenueAfterOutreach"],
            ),
            Self::ApplicationPerformance => chart(
                ChartKind::Line,
                "day",
                &["texts", "delivered", "failed", "replies"],
            ),
            Self::InclusionExclusion => chart(
                ChartKind::StackedBar,
                "planner",
                &[
                    "included",
                    "notApplicable",
                    "noLongerOwned",
                    "notDue",
                    "alreadyServiced",
                ],
            ),
            _ => None,
        }
    }
}

impl Reports {
    /// Runs a report for a checked filter. `page` is used by lists only. The caller's roles are
    /// checked against the kind's (the filter already required the report roles).
    pub async fn run(
        &self,
        caller: &Caller,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        page: PageRequest,
    ) -> Result<Table> {
        caller.require_any(kind.roles())?;
        self.table(kind, filter, options, page).await
    }

    pub(super) async fn table(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        page: PageRequest,
    ) -> Result<Table> {
        match self.shape(kind, filter)? {
            Some(shape) if kind.is_paged() => {
                if kind == ReportKind::NotResponded
                    && let Some(snapshot) = self.snapshot(filter).await?
                {
                    return self.not_responded_from(snapshot, shape, filter, page).await;
                }
                self.page_of(shape, page).await
            }
            Some(shape) => {
                if matches!(
                    kind,
                    ReportKind::StoreWise
                        | ReportKind::LeadsStatus
                        | ReportKind::AgentReport
                        | ReportKind::ResponseInsights
                ) && let Some(snapshot) = self.snapshot(filter).await?
                {
                    return match kind {
                        ReportKind::StoreWise => {
                            self.store_wise_from(snapshot, shape.columns, filter).await
                        }
                        ReportKind::LeadsStatus => {
                            self.leads_status_from(snapshot, shape.columns, filter)
                                .await
                        }
                        ReportKind::AgentReport => {
                            self.agent_report_from(snapshot, shape.columns, filter)
                                .await
                        }
                        _ => {
                            self.response_insights_from(snapshot, shape.columns, filter)
                                .await
                        }
                    };
                }
                let rows = self.db().fetch_cells(&shape.query, &shape.kinds()).await?;
                Ok(Table::whole_with_totals(shape.columns, rows))
            }
            None => self.computed(kind, filter, options).await,
        }
    }

    /// Every row of a report: `header` gets the columns first, then `each` every row as it is
    /// read (memory stays flat for lists of any length). Answers the totals row, if any. The
    /// caller's right to the report was checked when the export was asked for.
    pub async fn stream(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        header: impl FnOnce(&[Column]) -> Result<()> + Send,
        mut each: impl FnMut(Vec<Cell>) -> Result<()> + Send,
    ) -> Result<Option<Vec<Cell>>> {
        match self.shape(kind, filter)? {
            Some(shape) if kind.is_paged() => {
                header(&shape.columns)?;
                let columns = &shape.columns;
                self.db()
                    .for_each_cells(&shape.query, &shape.kinds(), |row| each(tidy(columns, row)))
                    .await?;
                Ok(None)
            }
            _ => {
                let table = self
                    .table(kind, filter, options, PageRequest { page: 0, size: 1 })
                    .await?;
                header(&table.columns)?;
                for row in table.rows {
                    each(row)?;
                }
                Ok(table.totals)
            }
        }
    }

    /// How many rows a report has (an export's progress total).
    pub async fn row_count(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
    ) -> Result<u64> {
        match self.shape(kind, filter)? {
            Some(shape) if kind.is_paged() => {
                let total: i64 = self.db().fetch_scalar(&shape.count_query()).await?;
                Ok(Ord::max(total, 0) as u64)
            }
            _ => Ok(self
                .table(kind, filter, options, PageRequest { page: 0, size: 1 })
                .await?
                .total_elements),
        }
    }

    /// The query of a report the database answers row for row; `None` for the ones computed
    /// from aggregates.
    fn shape(&self, kind: ReportKind, filter: &ReportFilter) -> Result<Option<Shape>> {
        let backend = self.db().kind();
        Ok(Some(match kind {
            ReportKind::StoreWise => super::aggregates::store_wise(filter),
            ReportKind::LeadsStatus => super::aggregates::leads_status(filter),
            ReportKind::ResponseInsights => super::aggregates::response_insights(filter),
            ReportKind::Appointments => super::lists::appointments(filter),
            ReportKind::BookedAppointments => super::lists::booked_appointments(filter),
            ReportKind::NoShow => super::lists::no_shows(filter),
            ReportKind::NotResponded => super::lists::not_responded(filter),
            ReportKind::OptOut => super::lists::opt_outs(filter),
            ReportKind::MessageResponse => super::lists::message_responses(filter),
            ReportKind::ClosedRepairOrders => super::lists::closed_repair_orders(filter),
            ReportKind::LoginActivity => super::lists::login_activity(filter),
            ReportKind::NraaCheckIn => super::nraa_checkin::shape(filter),
            ReportKind::GmHandoff => super::staff::handoffs_by_type(filter),
            ReportKind::SdcHandoff => super::staff::handoff_list(filter, backend),
            ReportKind::FirstResponse => super::staff::first_responses(filter, backend),
            ReportKind::AdvisorActivity => super::staff::staff_activity(filter),
            ReportKind::AgentReport => super::staff::assistant_activity(filter),
            ReportKind::RoiRevenue => super::operations::roi_revenue(filter, backend),
            ReportKind::ApplicationPerformance => {
                super::operations::application_performance(filter, backend)
            }
            ReportKind::ErrorAlerts => super::operations::error_alerts(filter),
            ReportKind::PlannerAlerts => super::operations::planner_alerts(filter),
            ReportKind::TemplateMaster => super::operations::template_master(filter),
            ReportKind::ResponseTimes => super::staff::response_times(filter),
            ReportKind::Funnel
            | ReportKind::Monthly
            | ReportKind::Daily
            | ReportKind::InclusionExclusion => return Ok(None),
        }))
    }

    async fn computed(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
    ) -> Result<Table> {
        match kind {
            ReportKind::Monthly => {
                self.classification(filter, Grain::Month, options.classification)
                    .await
            }
            ReportKind::Daily => {
                self.classification(filter, Grain::Day, options.classification)
                    .await
            }
            ReportKind::Funnel => {
                // The four stages (with their share of the contacted), then the spec's three
                // rates as rows of their own.
                let funnel = self.funnel(filter).await?;
                let columns = vec![
                    Column::new("stage", "Stage", ColumnType::Text),
                    Column::new("leads", "Leads", ColumnType::Integer),
                    Column::new("percent", "%", ColumnType::Percent),
                ];
                let contacted = funnel.stages.first().map_or(0, |s| s.count);
                let share = |count: i64| {
                    if contacted == 0 {
                        0.0
                    } else {
                        (count as f64 * 1000.0 / contacted as f64).round() / 10.0
                    }
                };
                let mut rows: Vec<Vec<Cell>> = funnel
                    .stages
                    .iter()
                    .map(|stage| {
                        vec![
                            Cell::Text(stage.key.to_owned()),
                            Cell::Integer(stage.count),
                            Cell::Decimal(share(stage.count)),
                        ]
                    })
                    .collect();
                rows.extend(funnel.rates.iter().map(|rate| {
                    vec![
                        Cell::Text(rate.label.to_owned()),
                        Cell::Empty,
                        Cell::Decimal(rate.percent),
                    ]
                }));
                Ok(Table::whole(columns, rows))
            }
            ReportKind::InclusionExclusion => self.inclusion_exclusion(filter).await,
            other => Err(Error::Internal(format!(
                "report {} has no computation",
                other.key()
            ))),
        }
    }

    /// One page of a list report, with the count of all its rows.
    async fn page_of(&self, shape: Shape, page: PageRequest) -> Result<Table> {
        let total: i64 = self.db().fetch_scalar(&shape.count_query()).await?;
        let mut query = shape.query.clone();
        // SQLite 3.51 skips one row too few under OFFSET when it walks an index in order and
        // turns a correlated EXISTS into a join (seen on the NRAA list: page 1 of size 1 gave
        // page 0's row). Its LIMIT is right, so on SQLite the page's leading rows are skipped
        // here instead.
        let skip = match self.db().kind() {
            BackendKind::Sqlite => {
                query.limit(page.offset() + page.size);
                page.offset() as usize
            }
            BackendKind::Postgres => {
                query.limit(page.size).offset(page.offset());
                0
            }
        };
        let rows = if total == 0 {
            Vec::new()
        } else {
            let rows = self.db().fetch_cells(&query, &shape.kinds()).await?;
            rows.into_iter()
                .skip(skip)
                .map(|row| tidy(&shape.columns, row))
                .collect()
        };
        Ok(Table::paged(
            shape.columns,
            rows,
            page,
            Ord::max(total, 0) as u64,
        ))
    }
}
