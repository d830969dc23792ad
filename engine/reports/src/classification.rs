//! The monthly and daily classification tables (E-S3, E-E2): the leads first texted in each
//! month (or day) of the window, by customer type, one column per classification in the spec's
//! order. The database counts leads per (period, customer type, classification); polars pivots
//! the classifications into columns, adds each row's total and its change on the previous
//! period of the same customer type. docs/reports.md defines every column.

use polars::frame::PivotColumnNaming;
use polars::lazy::dsl::sum_horizontal;
use polars::prelude::{
    DataFrame, IntoLazy, NamedFrom, PlSmallStr, Series, SortMultipleOptions, col, cols, element,
    lit,
};
use sea_query::{
    Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement, WindowStatement, WithClause,
};
use std::sync::Arc;

use super::sql::cte;
use super::sql::{Grain, count_if, is_customer_reply, is_outreach_text, lead_messages, utc_period};
use super::table::{Cell, Column, ColumnType, Table, totals_of};
use super::{ReportFilter, Reports};
use engine::appointments::AppointmentStatus;
use engine::error::{Error, Result};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, MessageIntents,
    MessageUnderstandings, Sales, ServiceAppointments as Appt,
};

/// Type A: the customer bought from the dealership (a sale is on file); Type B: service only.
/// The spec names the two types and their codes ('1', '2') but not what they mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomerType {
    A,
    B,
}

impl CustomerType {
    pub fn label(self) -> &'static str {
        match self {
            Self::A => "Type A",
            Self::B => "Type B",
        }
    }

    /// The dashboard's type code (E-S6): '1' is Type A, '2' is Type B, anything else all.
    pub fn from_code(code: Option<&str>) -> Option<Self> {
        match code.map(str::trim) {
            Some("1") => Some(Self::A),
            Some("2") => Some(Self::B),
            _ => None,
        }
    }

    /// The dashboard's code for the type.
    pub fn code(self) -> &'static str {
        match self {
            Self::A => "1",
            Self::B => "2",
        }
    }

    pub(crate) fn stored(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
        }
    }
}

/// Where a lead's classification comes from, before it is put in a column: a booking, no
/// answer, only keywords, or the final intent of its latest classified reply.
const BOOKED: &str = "BOOKED";
const OPTED_OUT: &str = "STOP";
const NO_RESPONSE: &str = "NR";
const NOT_ENGAGED: &str = "NOT-ENGAGED";
const UNCLASSIFIED: &str = "BLANK";

/// The columns after Date and customer type, in the spec's order (E-E2): key, header, what
/// the code means (the header's tooltip), and the classification codes counted in it. Codes with no column of their own count under `misc`.
const MONTHLY_COLUMNS: [(&str, &str, &str, &[&str]); 20] = [
    (
        "spaSS",
        "SPA-SS",
        "Service performed already, same store",
        &["SPA-SS"],
    ),
    (
        "spaAS",
        "SPA-AS",
        "Service performed already, alternate store",
        &["SPA-AS"],
    ),
    (
        "spaXX",
        "SPA-XX",
        "Service performed already, store not specified",
        &["SPA-XX", "SPA"],
    ),
    ("contactLater", "CL", "Contact later", &["CL"]),
    (
        "noResponse",
        "NR",
        "No response after consent (or none at all, or not attended)",
        &[NO_RESPONSE, "NRAA", "NA"],
    ),
    ("appointments", "Appointments", "Appointment set", &[BOOKED]),
    ("noLongerOwn", "NLO", "No longer owns the vehicle", &["NLO"]),
    (
        "preferAlternateLocation",
        "CPAL",
        "Customer prefers an alternate location",
        &["CPAL"],
    ),
    ("vehicleIssue", "VI", "Vehicle issue", &["VI"]),
    ("tagUpdate", "TU", "Tag update", &["TU"]),
    ("wrongNumber", "WN", "Wrong number", &["WN"]),
    ("longDistance", "LD", "Long distance", &["LD"]),
    (
        "apptScheduledAlready",
        "ASA",
        "Already scheduled an appointment",
        &["ASA", "AAS"],
    ),
    ("salesInq", "SALES_INQ", "Sales inquiry", &["SALES_INQ"]),
    ("customerQuestion", "CQ", "Customer question", &["CQ"]),
    ("customerComplaint", "CC", "Customer complaint", &["CC"]),
    (
        "misc",
        "MISC",
        "Miscellaneous (and codes without a column of their own)",
        &["MISC"],
    ),
    // Asked for an appointment or a call that nobody has booked yet: staff follow up.
    (
        "followUp",
        "FU",
        "Follow up: asked for an appointment or a call nobody has booked yet",
        &["FU", "SFU", "APPT_SET", "APPT", "REQ-CALL"],
    ),
    ("optOut", "OPT-OUT", "Opted out (STOP)", &[OPTED_OUT]),
    (
        "unclassified",
        "UNCLASSIFIED",
        "Unclassified (or not engaged)",
        &[UNCLASSIFIED, NOT_ENGAGED],
    ),
];

/// The daily variant's extra columns (E-E2): they take these codes out of FU and UNCLASSIFIED.
const DAILY_COLUMNS: [(&str, &str, &str, &[&str]); 3] = [
    (
        "aBkgErr",
        "A-BKG-ERR",
        "Assistant booking error: asked for an appointment the assistant could not book",
        &["APPT_SET", "APPT"],
    ),
    ("reqCall", "REQ-CALL", "Requested a call", &["REQ-CALL"]),
    ("notEngaged", "NOT-ENGAGED", "Not engaged", &[NOT_ENGAGED]),
];

/// A classification table's options beyond the filter.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClassificationOptions {
    /// Only this customer type; `None`: both.
    pub customer_type: Option<CustomerType>,
}

/// The column each classification code counts in, for one grain.
fn column_of(grain: Grain, code: &str) -> &'static str {
    if grain == Grain::Day
        && let Some((key, _, _, _)) = DAILY_COLUMNS
            .iter()
            .find(|(_, _, _, codes)| codes.contains(&code))
    {
        return key;
    }
    MONTHLY_COLUMNS
        .iter()
        .find(|(_, _, _, codes)| codes.contains(&code))
        .map_or("misc", |(key, _, _, _)| key)
}

fn value_columns(grain: Grain) -> Vec<(&'static str, &'static str, &'static str)> {
    let column = |(key, label, meaning, _): &(&'static str, &'static str, &'static str, _)| {
        (*key, *label, *meaning)
    };
    let mut columns: Vec<_> = MONTHLY_COLUMNS.iter().map(column).collect();
    if grain == Grain::Day {
        columns.extend(DAILY_COLUMNS.iter().map(column));
    }
    columns
}

impl Reports {
    /// The customer type of a lead's customer (E-C7): report roles, and the lead must be in
    /// the caller's scope (404 otherwise).
    pub async fn customer_type(
        &self,
        caller: &engine::auth::Caller,
        scope: &engine::auth::Scope,
        fsi_id: i64,
    ) -> Result<CustomerType> {
        caller.require_any(super::REPORT_ROLES)?;
        let leads = engine::store::leads::LeadStore::new(self.db().clone());
        let (lead, _) = leads
            .get(scope, fsi_id)
            .await?
            .ok_or_else(|| Error::not_found(format!("Service interaction {fsi_id} not found")))?;
        let bought: i64 = self
            .db()
            .fetch_scalar(
                Query::select()
                    .expr(Func::count(Expr::val(1)))
                    .from(Sales::Table)
                    .and_where(Expr::col(Sales::CustomerId).eq(lead.customer_id)),
            )
            .await?;
        Ok(if bought > 0 {
            CustomerType::A
        } else {
            CustomerType::B
        })
    }
}

impl Reports {
    /// The classification table of the filter's window by month or by day.
    pub async fn classification(
        &self,
        filter: &ReportFilter,
        grain: Grain,
        options: ClassificationOptions,
    ) -> Result<Table> {
        let counts = match self.snapshot(filter).await? {
            Some(table) => {
                Self::count_in(table, filter, "classification", move |table, filter| {
                    table.classification_counts(filter, grain, options.customer_type)
                })
                .await?
            }
            None => self.classification_counts(filter, grain, options).await?,
        };
        // polars blocks its thread while it evaluates: keep that off the async workers.
        tokio::task::spawn_blocking(move || pivot(grain, counts))
            .await
            .map_err(|e| Error::Internal(format!("classification pivot: {e}")))?
            .map_err(|e| Error::Internal(format!("classification pivot: {e}")))
    }

    /// Leads per (period, customer type, classification code), counted in the database in one
    /// set-based statement: the leads first texted in the window (a CTE read from the window's
    /// messages), then their replies, latest final intents, opt-outs, bookings and purchases
    /// as grouped sets joined to them, as one would write it by hand. The reports' snapshot
    /// answers the same from memory; this is the definition it is tested against.
    pub(crate) async fn classification_counts(
        &self,
        filter: &ReportFilter,
        grain: Grain,
        options: ClassificationOptions,
    ) -> Result<Vec<(String, String, String, i64)>> {
        let backend = self.db().kind();
        let name = |text: &str| Alias::new(text);
        let col = |table: &str, column: &str| Expr::col((name(table), name(column)));
        // Each lead once: its first text in the window.
        let mut firsts = first_texts(filter.scope.enterprise_id);
        firsts
            .and_where(Expr::col((Msg::Table, Msg::StoreId)).is_in(filter.store_ids.clone()))
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).gte(filter.from))
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(filter.until));
        let (ctes, mut leads) = lead_classifications(filter.scope.enterprise_id, firsts, None);
        let texted_before = lead_messages(
            is_outreach_text().and(Expr::col((Msg::Table, Msg::CreatedAt)).lt(filter.from)),
        );
        leads
            .expr_as(
                utc_period(backend, col("firsts", "first_at"), grain),
                name("period"),
            )
            .and_where(Expr::exists(texted_before).not());
        if !filter.service_types.is_empty() {
            leads.and_where(
                Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
            );
        }
        if let Some(only) = options.customer_type {
            leads.and_where(customer_type().eq(only.stored()));
        }
        let per = name("per_lead");
        let counts = Query::select()
            .column((per.clone(), name("period")))
            .column((per.clone(), name("customer_type")))
            .column((per.clone(), name("classification")))
            .expr(Func::count(Expr::val(1)))
            .from_subquery(leads, per.clone())
            .group_by_col((per.clone(), name("period")))
            .group_by_col((per.clone(), name("customer_type")))
            .group_by_col((per, name("classification")))
            .to_owned();
        let query = counts.with(ctes);
        let rows = self
            .db()
            .fetch_cells(
                &query,
                &[
                    super::table::CellKind::Text,
                    super::table::CellKind::Text,
                    super::table::CellKind::Text,
                    super::table::CellKind::Integer,
                ],
            )
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| match row.as_slice() {
                [
                    Cell::Text(period),
                    Cell::Text(kind),
                    Cell::Text(code),
                    Cell::Integer(n),
                ] => Some((period.clone(), kind.clone(), code.clone(), *n)),
                _ => None,
            })
            .collect())
    }
}

/// Each lead's first outreach text in the enterprise, as `firsts (fsi_id, first_at)`; callers
/// narrow it (a window and stores for the report, some leads for the snapshot).
pub(crate) fn first_texts(enterprise_id: i64) -> SelectStatement {
    Query::select()
        .expr_as(Expr::col((Msg::Table, Msg::FsiId)), Alias::new("fsi_id"))
        .expr_as(
            Func::min(Expr::col((Msg::Table, Msg::CreatedAt))),
            Alias::new("first_at"),
        )
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(enterprise_id))
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).is_not_null())
        .and_where(is_outreach_text())
        .group_by_col((Msg::Table, Msg::FsiId))
        .to_owned()
}

/// The customer type of the lead's customer: `bought` must be joined.
fn customer_type() -> Expr {
    Expr::case(
        Expr::col((Alias::new("bought"), Alias::new("customer_id"))).is_null(),
        CustomerType::B.stored(),
    )
    .finally(CustomerType::A.stored())
    .into()
}

/// The one definition of a lead's classification and customer type (docs/reports.md): for
/// the leads of `firsts`, a select over `firsts` joined to their lead, customer and the sets
/// it needs, answering `customer_type` and `classification`; callers add columns and
/// conditions. The classification is the lead's state now (opted out, booked, answered, its
/// latest final intent), not the window's. `only`: the leads `firsts` was narrowed to, so each
/// set reads those leads' rows by index instead of joining every message to `firsts`.
pub(crate) fn lead_classifications(
    enterprise_id: i64,
    firsts: SelectStatement,
    only: Option<&[i64]>,
) -> (WithClause, SelectStatement) {
    let name = |text: &str| Alias::new(text);
    let col = |table: &str, column: &str| Expr::col((name(table), name(column)));
    let narrow = |select: &mut SelectStatement, column: Expr| {
        if let Some(ids) = only {
            select.and_where(column.is_in(ids.iter().copied()));
        }
    };
    // Their replies: how many were in words (not only a carrier keyword).
    let mut replies = Query::select();
    replies
        .expr_as(Expr::col((Msg::Table, Msg::FsiId)), name("fsi_id"))
        .expr_as(
            count_if(
                Expr::col((
                    MessageUnderstandings::Table,
                    MessageUnderstandings::CarrierKeyword,
                ))
                .is_null(),
            ),
            name("in_words"),
        )
        .from(Msg::Table)
        .left_join(
            MessageUnderstandings::Table,
            Expr::col((
                MessageUnderstandings::Table,
                MessageUnderstandings::MessageId,
            ))
            .equals((Msg::Table, Msg::Id)),
        )
        .inner_join(
            name("firsts"),
            col("firsts", "fsi_id").equals((Msg::Table, Msg::FsiId)),
        )
        .and_where(is_customer_reply())
        .group_by_col((Msg::Table, Msg::FsiId));
    narrow(&mut replies, Expr::col((Msg::Table, Msg::FsiId)));
    // Their replies' final intents, the latest reply's strongest first.
    let mut intents = Query::select();
    intents
        .expr_as(Expr::col((Msg::Table, Msg::FsiId)), name("fsi_id"))
        .expr_as(
            Expr::col((MessageIntents::Table, MessageIntents::IntentName)),
            name("intent_name"),
        )
        .expr_window_as(
            Func::cust("ROW_NUMBER"),
            WindowStatement::partition_by((Msg::Table, Msg::FsiId))
                .order_by((Msg::Table, Msg::CreatedAt), Order::Desc)
                .order_by((Msg::Table, Msg::Id), Order::Desc)
                .order_by(
                    (MessageIntents::Table, MessageIntents::Confidence),
                    Order::Desc,
                )
                // Equal confidence: the later intent, so every reading agrees.
                .order_by((MessageIntents::Table, MessageIntents::Id), Order::Desc)
                .to_owned(),
            name("rank"),
        )
        .from(Msg::Table)
        .inner_join(
            MessageIntents::Table,
            Expr::col((MessageIntents::Table, MessageIntents::MessageId))
                .equals((Msg::Table, Msg::Id)),
        )
        .inner_join(
            name("firsts"),
            col("firsts", "fsi_id").equals((Msg::Table, Msg::FsiId)),
        )
        .and_where(is_customer_reply())
        .and_where(Expr::col((MessageIntents::Table, MessageIntents::IsFinal)).eq(true));
    narrow(&mut intents, Expr::col((Msg::Table, Msg::FsiId)));
    let mut stopped = Query::select();
    stopped
        .distinct()
        .column(name("fsi_id"))
        .from(name("intents"))
        .and_where(col("intents", "intent_name").eq(OPTED_OUT));
    // Each lead's latest final intent: a set of its own, so the join is on the lead alone.
    let mut latest = Query::select();
    latest
        .column(name("fsi_id"))
        .column(name("intent_name"))
        .from(name("intents"))
        .and_where(col("intents", "rank").eq(1));
    let mut booked = Query::select();
    booked
        .distinct()
        .expr_as(Expr::col((Appt::Table, Appt::FsiId)), name("fsi_id"))
        .from(Appt::Table)
        .inner_join(
            name("firsts"),
            col("firsts", "fsi_id").equals((Appt::Table, Appt::FsiId)),
        )
        .and_where(
            Expr::col((Appt::Table, Appt::ApptStatus)).ne(AppointmentStatus::Cancelled.as_str()),
        );
    narrow(&mut booked, Expr::col((Appt::Table, Appt::FsiId)));
    let mut bought = Query::select();
    bought
        .distinct()
        .expr_as(
            Expr::col((Sales::Table, Sales::CustomerId)),
            name("customer_id"),
        )
        .from(Sales::Table)
        .and_where(Expr::col((Sales::Table, Sales::EnterpriseId)).eq(enterprise_id));
    let classification = Expr::case(
        Expr::col((Customers::Table, Customers::BlockSms))
            .eq(true)
            .or(col("stopped", "fsi_id").is_not_null()),
        OPTED_OUT,
    )
    .case(col("booked", "fsi_id").is_not_null(), BOOKED)
    .case(col("replies", "fsi_id").is_null(), NO_RESPONSE)
    .case(col("replies", "in_words").eq(0), NOT_ENGAGED)
    .finally(Func::coalesce([
        col("latest", "intent_name"),
        Expr::val(UNCLASSIFIED),
    ]));
    let mut leads = Query::select();
    leads
        .expr_as(customer_type(), name("customer_type"))
        .expr_as(classification, name("classification"))
        .from(name("firsts"))
        .inner_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((name("firsts"), name("fsi_id"))),
        )
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .left_join(
            name("bought"),
            col("bought", "customer_id").equals((Fsi::Table, Fsi::CustomerId)),
        )
        .left_join(
            name("replies"),
            col("replies", "fsi_id").equals((name("firsts"), name("fsi_id"))),
        )
        .left_join(
            name("latest"),
            col("latest", "fsi_id").equals((name("firsts"), name("fsi_id"))),
        )
        .left_join(
            name("stopped"),
            col("stopped", "fsi_id").equals((name("firsts"), name("fsi_id"))),
        )
        .left_join(
            name("booked"),
            col("booked", "fsi_id").equals((name("firsts"), name("fsi_id"))),
        );
    let ctes = WithClause::new()
        .cte(cte("firsts", firsts))
        .cte(cte("replies", replies))
        .cte(cte("intents", intents))
        .cte(cte("latest", latest))
        .cte(cte("stopped", stopped))
        .cte(cte("booked", booked))
        .cte(cte("bought", bought))
        .to_owned();
    (ctes, leads)
}

/// Long counts → the wide table: one row per (period, customer type), one column per
/// classification in order (zero where nobody), `total`, and `change` (per cent on the previous
/// period of the same type; empty for the first).
fn pivot(
    grain: Grain,
    counts: Vec<(String, String, String, i64)>,
) -> polars::prelude::PolarsResult<Table> {
    let columns = value_columns(grain);
    let (date_key, date_label) = match grain {
        Grain::Month => ("reportMonth", "Date"),
        Grain::Day => ("reportDate", "Date"),
    };
    let mut table_columns = vec![
        Column::new(date_key, date_label, ColumnType::Text),
        Column::new("customerType", "Customer type", ColumnType::Text),
    ];
    table_columns.extend(columns.iter().map(|(key, label, meaning)| {
        Column::new(key, label, ColumnType::Integer).described(meaning)
    }));
    table_columns.push(Column::new("total", "Total", ColumnType::Integer));
    table_columns.push(Column::new("change", "Change %", ColumnType::Percent));
    if counts.is_empty() {
        let table = Table::whole(table_columns, Vec::new());
        return Ok(table.with_totals());
    }
    let periods: Vec<&str> = counts.iter().map(|c| c.0.as_str()).collect();
    let types: Vec<&str> = counts
        .iter()
        .map(|c| {
            if c.1 == "A" {
                CustomerType::A.label()
            } else {
                CustomerType::B.label()
            }
        })
        .collect();
    let keys: Vec<&str> = counts.iter().map(|c| column_of(grain, &c.2)).collect();
    let leads: Vec<i64> = counts.iter().map(|c| c.3).collect();
    let frame = DataFrame::new_infer_height(vec![
        Series::new("period".into(), periods).into(),
        Series::new("customerType".into(), types).into(),
        Series::new("column".into(), keys).into(),
        Series::new("leads".into(), leads).into(),
    ])?;
    let on_columns = DataFrame::new_infer_height(vec![
        Series::new(
            "column".into(),
            columns.iter().map(|(k, _, _)| *k).collect::<Vec<_>>(),
        )
        .into(),
    ])?;
    let value_exprs: Vec<_> = columns.iter().map(|(k, _, _)| col(*k)).collect();
    let wide = frame
        .lazy()
        .pivot(
            cols(["column"]),
            Arc::new(on_columns),
            cols(["period", "customerType"]),
            cols(["leads"]),
            element().sum(),
            true,
            PlSmallStr::from_static("_"),
            PivotColumnNaming::Auto,
        )
        .with_columns(
            columns
                .iter()
                .map(|(k, _, _)| col(*k).fill_null(lit(0i64)))
                .collect::<Vec<_>>(),
        )
        .sort(["period", "customerType"], SortMultipleOptions::default())
        .with_column(sum_horizontal(value_exprs, true)?.alias("total"))
        .with_column(
            ((col("total").cast(polars::prelude::DataType::Float64)
                - col("total")
                    .shift(lit(1))
                    .cast(polars::prelude::DataType::Float64))
                * lit(100.0)
                / col("total")
                    .shift(lit(1))
                    .cast(polars::prelude::DataType::Float64))
            .over([col("customerType")])?
            .alias("change"),
        )
        .collect()?;
    let mut rows = Vec::with_capacity(wide.height());
    let period = wide.column("period")?.str()?.clone();
    let kind = wide.column("customerType")?.str()?.clone();
    let mut numbers = Vec::new();
    for key in columns.iter().map(|(key, _, _)| *key).chain(["total"]) {
        numbers.push(
            wide.column(key)?
                .cast(&polars::prelude::DataType::Int64)?
                .i64()?
                .clone(),
        );
    }
    let change = wide.column("change")?.f64()?.clone();
    for index in 0..wide.height() {
        let mut row = vec![
            period
                .get(index)
                .map_or(Cell::Empty, |p| Cell::Text(p.to_owned())),
            kind.get(index)
                .map_or(Cell::Empty, |k| Cell::Text(k.to_owned())),
        ];
        row.extend(
            numbers
                .iter()
                .map(|values| Cell::Integer(values.get(index).unwrap_or(0))),
        );
        row.push(
            change
                .get(index)
                .filter(|c| c.is_finite())
                .map_or(Cell::Empty, |c| Cell::Decimal((c * 10.0).round() / 10.0)),
        );
        rows.push(row);
    }
    let totals = totals_of(&table_columns, &rows);
    let mut table = Table::whole(table_columns, rows);
    table.totals = Some(totals);
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(period: &str, kind: &str, code: &str, n: i64) -> (String, String, String, i64) {
        (period.into(), kind.into(), code.into(), n)
    }

    #[test]
    fn the_pivot_keeps_the_spec_order_fills_zeros_and_compares_periods() {
        let table = pivot(
            Grain::Month,
            vec![
                count("2026-10", "A", "NR", 4),
                count("2026-10", "A", "STOP", 1),
                count("2026-09", "A", BOOKED, 2),
                count("2026-10", "B", "DD", 3),
                count("2026-10", "B", "MISC", 1),
            ],
        )
        .unwrap();
        let keys: Vec<&str> = table.columns.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(
            &keys[..4],
            ["reportMonth", "customerType", "spaSS", "spaAS"]
        );
        assert_eq!(keys[21], "unclassified");
        assert_eq!(&keys[22..], ["total", "change"]);
        assert_eq!(table.rows.len(), 3);
        let at = |row: usize, key: &str| {
            let index = keys.iter().position(|k| *k == key).unwrap();
            table.rows[row][index].clone()
        };
        assert_eq!(at(0, "reportMonth"), Cell::Text("2026-09".into()));
        assert_eq!(at(0, "appointments"), Cell::Integer(2));
        assert_eq!(at(0, "change"), Cell::Empty);
        assert_eq!(at(1, "customerType"), Cell::Text("Type A".into()));
        assert_eq!(at(1, "noResponse"), Cell::Integer(4));
        assert_eq!(at(1, "optOut"), Cell::Integer(1));
        assert_eq!(at(1, "total"), Cell::Integer(5));
        assert_eq!(at(1, "change"), Cell::Decimal(150.0));
        assert_eq!(at(2, "misc"), Cell::Integer(4), "DD has no column: MISC");
        let totals = table.totals.unwrap();
        assert_eq!(
            totals[keys.iter().position(|k| *k == "total").unwrap()],
            Cell::Integer(11)
        );
    }

    #[test]
    fn the_daily_table_moves_booking_errors_calls_and_keywords_to_their_columns() {
        assert_eq!(column_of(Grain::Month, "REQ-CALL"), "followUp");
        assert_eq!(column_of(Grain::Day, "REQ-CALL"), "reqCall");
        assert_eq!(column_of(Grain::Month, "APPT_SET"), "followUp");
        assert_eq!(column_of(Grain::Day, "APPT_SET"), "aBkgErr");
        assert_eq!(column_of(Grain::Month, NOT_ENGAGED), "unclassified");
        assert_eq!(column_of(Grain::Day, NOT_ENGAGED), "notEngaged");
        let empty = pivot(Grain::Day, Vec::new()).unwrap();
        assert_eq!(empty.columns.len(), 2 + 23 + 2);
        assert!(empty.rows.is_empty());
    }
}
