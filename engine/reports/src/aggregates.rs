//! The aggregate reports: one row per store, service type or insight, counted in the database
//! in one `GROUP BY` each. Their definitions match the funnel's (docs/reports.md), so a store-wise
//! total is the funnel's figure.

use sea_query::{Expr, ExprTrait, Func, Order, Query};

use super::ReportFilter;
use super::sql::leads_with_customer_and_store;
use super::sql::{
    count_if, in_window, is_customer_reply, is_outreach_text, lead_messages, percent,
};
use super::table::{ColumnType, Shape};
use engine::appointments::AppointmentStatus;
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, MessageUnderstandings,
    ServiceAppointments as Appt, Stores,
};

/// An appointment on the lead that still stands, booked in `window` when given.
fn booked(filter: Option<&ReportFilter>) -> Expr {
    let mut query = Query::select();
    query
        .expr(Expr::val(1))
        .from(Appt::Table)
        .and_where(Expr::col((Appt::Table, Appt::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(
            Expr::col((Appt::Table, Appt::ApptStatus)).ne(AppointmentStatus::Cancelled.as_str()),
        );
    if let Some(filter) = filter {
        query.and_where(in_window(Expr::col((Appt::Table, Appt::CreatedAt)), filter));
    }
    Expr::exists(query.to_owned())
}

fn message_in_window(which: Expr, filter: &ReportFilter) -> Expr {
    Expr::exists(lead_messages(
        which.and(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter)),
    ))
}

/// Per store, the leads texted in the window: answered, booked, opted out and the rates (the
/// funnel's definitions, store by store).
pub fn store_wise(filter: &ReportFilter) -> Shape {
    let mut query = leads_with_customer_and_store(filter);
    query
        .and_where(message_in_window(is_outreach_text(), filter))
        .group_by_col((Stores::Table, Stores::Id))
        .group_by_col((Stores::Table, Stores::Name));
    let texted: Expr = Func::count(Expr::col((Fsi::Table, Fsi::Id))).into();
    let responded = count_if(message_in_window(is_customer_reply(), filter));
    let booked = count_if(booked(Some(filter)));
    Shape::new(query)
        .column(
            "storeId",
            "Store id",
            ColumnType::Integer,
            Expr::col((Stores::Table, Stores::Id)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column("texted", "Texted", ColumnType::Integer, texted.clone())
        .column(
            "responded",
            "Responded",
            ColumnType::Integer,
            responded.clone(),
        )
        .column("booked", "Booked", ColumnType::Integer, booked.clone())
        .column(
            "optedOut",
            "Opted out",
            ColumnType::Integer,
            count_if(Expr::col((Customers::Table, Customers::BlockSms)).eq(true)),
        )
        .column(
            "responseRate",
            "Response %",
            ColumnType::Percent,
            percent(responded, texted.clone()),
        )
        .column(
            "bookingRate",
            "Booking %",
            ColumnType::Percent,
            percent(booked, texted),
        )
        .order_by((Stores::Table, Stores::Name), Order::Asc)
}

/// Per store and service type, the leads created in the window and where they stand now.
pub fn leads_status(filter: &ReportFilter) -> Shape {
    let mut query = leads_with_customer_and_store(filter);
    query
        .and_where(in_window(Expr::col((Fsi::Table, Fsi::CreatedAt)), filter))
        .group_by_col((Stores::Table, Stores::Name))
        .group_by_col((Fsi::Table, Fsi::ServiceType));
    Shape::new(query)
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "serviceType",
            "Service",
            ColumnType::Text,
            Expr::col((Fsi::Table, Fsi::ServiceType)),
        )
        .column(
            "leads",
            "Leads",
            ColumnType::Integer,
            Func::count(Expr::col((Fsi::Table, Fsi::Id))),
        )
        .column(
            "open",
            "Not yet texted",
            ColumnType::Integer,
            count_if(Expr::exists(lead_messages(is_outreach_text())).not()),
        )
        .column(
            "texted",
            "Texted",
            ColumnType::Integer,
            count_if(Expr::exists(lead_messages(is_outreach_text()))),
        )
        .column(
            "responded",
            "Responded",
            ColumnType::Integer,
            count_if(Expr::exists(lead_messages(is_customer_reply()))),
        )
        .column(
            "booked",
            "Booked",
            ColumnType::Integer,
            count_if(booked(None)),
        )
        .column(
            "awaitingStaff",
            "Awaiting staff",
            ColumnType::Integer,
            count_if(Expr::col((Fsi::Table, Fsi::ResponseReqd)).eq(true)),
        )
        .column(
            "closed",
            "Closed",
            ColumnType::Integer,
            count_if(Expr::col((Fsi::Table, Fsi::ConversationClosed)).eq(true)),
        )
        .order_by((Stores::Table, Stores::Name), Order::Asc)
        .order_by((Fsi::Table, Fsi::ServiceType), Order::Asc)
}

/// A customer's reply's response insight as the report writes it (the reply's understanding
/// joined): NONE when the assistant found none.
pub(crate) fn reply_insight() -> Expr {
    Func::coalesce([
        Expr::col((
            MessageUnderstandings::Table,
            MessageUnderstandings::ResponseInsight,
        )),
        // Inline, not bound: PostgreSQL matches the grouped expression by its text.
        Expr::cust("'NONE'"),
    ])
    .into()
}

/// The customers' replies in the window by what the assistant understood of them (E-E6), the
/// ones it found nothing in as NONE.
pub fn response_insights(filter: &ReportFilter) -> Shape {
    let insight = reply_insight();
    let mut query = Query::select();
    query
        .from(Msg::Table)
        .inner_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((Msg::Table, Msg::FsiId)),
        )
        .left_join(
            MessageUnderstandings::Table,
            Expr::col((
                MessageUnderstandings::Table,
                MessageUnderstandings::MessageId,
            ))
            .equals((Msg::Table, Msg::Id)),
        )
        .and_where(is_customer_reply())
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter))
        .add_group_by([insight.clone()]);
    super::sql::leads_in_filter(&mut query, filter);
    let replies: Expr = Func::count(Expr::col((Msg::Table, Msg::Id))).into();
    Shape::new(query)
        .column("insight", "Insight", ColumnType::Text, insight.clone())
        .column("replies", "Replies", ColumnType::Integer, replies.clone())
        .column(
            "leads",
            "Leads",
            ColumnType::Integer,
            Func::count_distinct(Expr::col((Msg::Table, Msg::FsiId))),
        )
        .order_by_expr(replies, Order::Desc)
        .order_by_expr(insight, Order::Asc)
}
