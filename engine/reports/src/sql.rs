//! Pieces of report SQL that more than one report needs, written once for both backends.

use sea_query::{
    Alias, BinOper, CommonTableExpression, Expr, ExprTrait, Func, Query, SelectStatement,
};

use super::ReportFilter;
use engine::db::BackendKind;
use engine::domain::messages::{Direction, MessageType};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, Stores,
};

/// How finely a report buckets time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grain {
    Day,
    Month,
}

/// The UTC day (`YYYY-MM-DD`) or month (`YYYY-MM`) of a timestamp, as text on both backends.
/// SQLite keeps timestamps as RFC 3339 text, so its day is the first ten characters.
pub fn utc_period(backend: BackendKind, timestamp: Expr, grain: Grain) -> Expr {
    match backend {
        BackendKind::Sqlite => {
            let length = match grain {
                Grain::Day => "10",
                Grain::Month => "7",
            };
            Func::cust("substr")
                .args([timestamp, Expr::cust("1"), Expr::cust(length)])
                .into()
        }
        BackendKind::Postgres => {
            let format = match grain {
                Grain::Day => "'YYYY-MM-DD'",
                Grain::Month => "'YYYY-MM'",
            };
            // `$1` is PostgreSQL's placeholder for the custom expression's argument.
            Func::cust("to_char")
                .args([
                    Expr::cust_with_expr("$1 AT TIME ZONE 'UTC'", timestamp),
                    Expr::cust(format),
                ])
                .into()
        }
    }
}

/// `part` as a percentage of `whole`, 0 when `whole` is 0 (rounded to one decimal when the
/// table is read: [`super::table::tidy`]). Constants are written inline: the two backends
/// number custom placeholders differently.
pub fn percent(part: Expr, whole: Expr) -> Expr {
    let share = Expr::cust("100.0")
        .mul(part)
        .cast_as("DOUBLE PRECISION")
        .div(Func::cust("NULLIF").args([whole, Expr::cust("0")]));
    Func::coalesce([share, Expr::cust("0")]).into()
}

/// Seconds from `from` to `to`, as a double (empty when either is).
pub fn seconds_between(backend: BackendKind, from: Expr, to: Expr) -> Expr {
    match backend {
        BackendKind::Sqlite => Expr::from(Func::cust("julianday").arg(to))
            .sub(Func::cust("julianday").arg(from))
            .mul(Expr::cust("86400.0")),
        // PostgreSQL numbers its custom placeholders; EXTRACT answers NUMERIC.
        BackendKind::Postgres => Expr::cust_with_exprs("EXTRACT(EPOCH FROM ($1 - $2))", [to, from])
            .cast_as("DOUBLE PRECISION"),
    }
}

/// `a || b`, text concatenation on both backends.
pub fn concat(a: Expr, b: Expr) -> Expr {
    a.binary(BinOper::Custom("||"), b)
}

/// `COUNT(CASE WHEN condition THEN 1 END)`: how many rows meet `condition` (PostgreSQL's `SUM`
/// would answer in NUMERIC).
pub fn count_if(condition: Expr) -> Expr {
    sea_query::Func::count(Expr::case(condition, 1i64)).into()
}

/// A text to the customer: an SMS we sent (or are sending), compliance replies aside. The
/// message table must be in scope as `message_instances`.
pub fn is_outreach_text() -> Expr {
    Expr::col((Msg::Table, Msg::MessageType))
        .eq(MessageType::Sms.as_str())
        .and(
            Expr::col((Msg::Table, Msg::Direction))
                .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
        )
        .and(Expr::col((Msg::Table, Msg::IsCompliance)).eq(false))
}

/// A message from the customer.
pub fn is_customer_reply() -> Expr {
    Expr::col((Msg::Table, Msg::Direction)).eq(Direction::Received.as_str())
}

/// `SELECT 1 FROM message_instances WHERE` the message is on the outer query's lead and meets
/// `which`.
pub fn lead_messages(which: Expr) -> SelectStatement {
    Query::select()
        .expr(Expr::val(1))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(which)
        .to_owned()
}

/// The filter's stores and service types on a query over leads.
pub fn leads_in_filter(query: &mut SelectStatement, filter: &ReportFilter) {
    query
        .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Fsi::Table, Fsi::StoreId)).is_in(filter.store_ids.clone()));
    if !filter.service_types.is_empty() {
        query.and_where(
            Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
        );
    }
}

/// The filter's leads with their customer and store joined.
pub fn leads_with_customer_and_store(filter: &ReportFilter) -> SelectStatement {
    let mut query = Query::select();
    query
        .from(Fsi::Table)
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Fsi::Table, Fsi::StoreId)),
        );
    leads_in_filter(&mut query, filter);
    query
}

/// A named common table expression.
pub fn cte(name: &str, select: SelectStatement) -> CommonTableExpression {
    CommonTableExpression::new()
        .query(select)
        .table_name(Alias::new(name))
        .to_owned()
}

/// `column` inside the filter's window.
pub fn in_window(column: Expr, filter: &ReportFilter) -> Expr {
    column.clone().gte(filter.from).and(column.lt(filter.until))
}
