//! The list reports: one row per appointment, lead, customer, repair order or sign-in, newest
//! first, paged on screen and streamed in exports.

use sea_query::{Expr, ExprTrait, Func, Order, Query, SelectStatement};

use super::ReportFilter;
use super::sql::{
    concat, in_window, is_customer_reply, is_outreach_text, lead_messages,
    leads_with_customer_and_store,
};
use super::table::{ColumnType, Shape};
use engine::appointments::AppointmentStatus;
use engine::store::schema::{
    Advisors, Customers, FutureServiceInteractions as Fsi, LoginAttempts, MessageInstances as Msg,
    MessageIntents, MessageUnderstandings, RepairOrders as Ro, ServiceAppointments as Appt, Stores,
    Users,
};

/// `first last` of a person's two name columns.
pub fn full_name(first: Expr, last: Expr) -> Expr {
    let part = |name: Expr| Expr::from(Func::coalesce([name, Expr::cust("''")]));
    Func::cust("TRIM")
        .arg(concat(concat(part(first), Expr::cust("' '")), part(last)))
        .into()
}

pub(crate) fn customer_name() -> Expr {
    full_name(
        Expr::col((Customers::Table, Customers::FirstName)),
        Expr::col((Customers::Table, Customers::LastName)),
    )
}

fn advisor_name() -> Expr {
    full_name(
        Expr::col((Advisors::Table, Advisors::FirstName)),
        Expr::col((Advisors::Table, Advisors::LastName)),
    )
}

/// Appointments of the filter's stores (and, with service types, of leads of those types),
/// with their store, customer, lead and advisor joined.
fn appointments_base(filter: &ReportFilter) -> SelectStatement {
    let mut query = Query::select();
    query
        .from(Appt::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Appt::Table, Appt::StoreId)),
        )
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Appt::Table, Appt::CustomerId)),
        )
        .left_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((Appt::Table, Appt::FsiId)),
        )
        .left_join(
            Advisors::Table,
            Expr::col((Advisors::Table, Advisors::Id)).equals((Appt::Table, Appt::AdvisorId)),
        )
        .and_where(Expr::col((Appt::Table, Appt::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Appt::Table, Appt::StoreId)).is_in(filter.store_ids.clone()));
    if !filter.service_types.is_empty() {
        query.and_where(
            Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
        );
    }
    query
}

fn appointment_columns(shape: Shape) -> Shape {
    shape
        .column(
            "appointmentId",
            "Appointment",
            ColumnType::Integer,
            Expr::col((Appt::Table, Appt::Id)),
        )
        .column(
            "apptAt",
            "Appointment time",
            ColumnType::Timestamp,
            Expr::col((Appt::Table, Appt::ApptAt)),
        )
        .column(
            "apptStatus",
            "Status",
            ColumnType::Text,
            Expr::col((Appt::Table, Appt::ApptStatus)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "customerCellular",
            "Phone",
            ColumnType::Text,
            Expr::col((Customers::Table, Customers::Cellular)),
        )
        .column(
            "serviceType",
            "Service",
            ColumnType::Text,
            Expr::col((Fsi::Table, Fsi::ServiceType)),
        )
        .column("advisorName", "Advisor", ColumnType::Text, advisor_name())
}

/// Appointments whose time is in the window, latest first.
pub fn appointments(filter: &ReportFilter) -> Shape {
    let mut query = appointments_base(filter);
    query.and_where(in_window(Expr::col((Appt::Table, Appt::ApptAt)), filter));
    appointment_columns(Shape::new(query))
        .column(
            "source",
            "Booked through",
            ColumnType::Text,
            Expr::col((Appt::Table, Appt::Source)),
        )
        .order_by((Appt::Table, Appt::ApptAt), Order::Desc)
        .order_by((Appt::Table, Appt::Id), Order::Desc)
}

/// Appointments booked in the window (whatever became of them), latest booking first.
pub fn booked_appointments(filter: &ReportFilter) -> Shape {
    let mut query = appointments_base(filter);
    query
        .left_join(
            Users::Table,
            Expr::col((Users::Table, Users::Id)).equals((Appt::Table, Appt::CreatedBy)),
        )
        .and_where(in_window(Expr::col((Appt::Table, Appt::CreatedAt)), filter));
    let sources: [Expr; 2] = [
        Func::cust("NULLIF")
            .args([
                full_name(
                    Expr::col((Users::Table, Users::FirstName)),
                    Expr::col((Users::Table, Users::LastName)),
                ),
                Expr::cust("''"),
            ])
            .into(),
        Expr::col((Appt::Table, Appt::Source)),
    ];
    let booked_by = Func::coalesce(sources);
    appointment_columns(Shape::new(query).column(
        "bookedAt",
        "Booked at",
        ColumnType::Timestamp,
        Expr::col((Appt::Table, Appt::CreatedAt)),
    ))
    .column("bookedBy", "Booked by", ColumnType::Text, booked_by)
    .order_by((Appt::Table, Appt::CreatedAt), Order::Desc)
    .order_by((Appt::Table, Appt::Id), Order::Desc)
}

/// Appointments in the window the customer missed, with how often they were texted since.
pub fn no_shows(filter: &ReportFilter) -> Shape {
    let mut query = appointments_base(filter);
    query
        .and_where(in_window(Expr::col((Appt::Table, Appt::ApptAt)), filter))
        .and_where(
            Expr::col((Appt::Table, Appt::ApptStatus)).eq(AppointmentStatus::NoShow.as_str()),
        );
    let texted_since = Query::select()
        .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Appt::Table, Appt::FsiId)))
        .and_where(is_outreach_text())
        .and_where(
            Expr::col((Msg::Table, Msg::CreatedAt)).gt(Expr::col((Appt::Table, Appt::ApptAt))),
        )
        .to_owned();
    appointment_columns(Shape::new(query))
        .column(
            "textsSince",
            "Texts since",
            ColumnType::Integer,
            Expr::from(texted_since),
        )
        .order_by((Appt::Table, Appt::ApptAt), Order::Desc)
        .order_by((Appt::Table, Appt::Id), Order::Desc)
}

/// Leads of the filter texted in the window that have never had an answer.
pub fn not_responded(filter: &ReportFilter) -> Shape {
    let texts_in_window = |select: Expr| {
        Expr::from(
            Query::select()
                .expr(select)
                .from(Msg::Table)
                .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
                .and_where(is_outreach_text())
                .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter))
                .to_owned(),
        )
    };
    let mut query = leads_with_customer_and_store(filter);
    query
        .and_where(Expr::exists(lead_messages(
            is_outreach_text().and(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter)),
        )))
        .and_where(Expr::exists(lead_messages(is_customer_reply())).not());
    lead_columns(Shape::new(query))
        .column(
            "firstTextedAt",
            "First text",
            ColumnType::Timestamp,
            texts_in_window(Func::min(Expr::col((Msg::Table, Msg::CreatedAt))).into()),
        )
        .column(
            "lastTextedAt",
            "Last text",
            ColumnType::Timestamp,
            texts_in_window(Func::max(Expr::col((Msg::Table, Msg::CreatedAt))).into()),
        )
        .column(
            "textsSent",
            "Texts",
            ColumnType::Integer,
            texts_in_window(Func::count(Expr::col((Msg::Table, Msg::Id))).into()),
        )
        .order_by((Fsi::Table, Fsi::Id), Order::Desc)
}

fn lead_columns(shape: Shape) -> Shape {
    shape
        .column(
            "futureServiceInteractionId",
            "Lead",
            ColumnType::Integer,
            Expr::col((Fsi::Table, Fsi::Id)),
        )
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
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "customerCellular",
            "Phone",
            ColumnType::Text,
            Expr::col((Customers::Table, Customers::Cellular)),
        )
}

/// Customers of the filter's stores who opted out in the window, with their last words before.
pub fn opt_outs(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query
        .from(Customers::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Customers::Table, Customers::StoreId)),
        )
        .and_where(
            Expr::col((Customers::Table, Customers::EnterpriseId)).eq(filter.scope.enterprise_id),
        )
        .and_where(
            Expr::col((Customers::Table, Customers::StoreId)).is_in(filter.store_ids.clone()),
        )
        .and_where(in_window(
            Expr::col((Customers::Table, Customers::OptedOutAt)),
            filter,
        ));
    let last_words = Query::select()
        .expr(Expr::col((Msg::Table, Msg::Content)))
        .from(Msg::Table)
        .and_where(
            Expr::col((Msg::Table, Msg::CustomerId)).equals((Customers::Table, Customers::Id)),
        )
        .and_where(is_customer_reply())
        .and_where(
            Expr::col((Msg::Table, Msg::CreatedAt))
                .lte(Expr::col((Customers::Table, Customers::OptedOutAt))),
        )
        .order_by((Msg::Table, Msg::CreatedAt), Order::Desc)
        .order_by((Msg::Table, Msg::Id), Order::Desc)
        .limit(1)
        .to_owned();
    Shape::new(query)
        .column(
            "optedOutAt",
            "Opted out",
            ColumnType::Timestamp,
            Expr::col((Customers::Table, Customers::OptedOutAt)),
        )
        .column(
            "customerId",
            "Customer id",
            ColumnType::Integer,
            Expr::col((Customers::Table, Customers::Id)),
        )
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "customerCellular",
            "Phone",
            ColumnType::Text,
            Expr::col((Customers::Table, Customers::Cellular)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "lastMessage",
            "Their last message",
            ColumnType::Text,
            Expr::from(last_words),
        )
        .order_by((Customers::Table, Customers::OptedOutAt), Order::Desc)
        .order_by((Customers::Table, Customers::Id), Order::Desc)
}

/// Repair orders closed in the window (close dates are days, so the window's last day counts
/// whole, as the spec's one-day extension intends: E-R4), and whether the customer had been
/// texted before the car came in.
pub fn closed_repair_orders(filter: &ReportFilter) -> Shape {
    let first_day = filter.from.date_naive();
    let after_last_day = filter.until.date_naive();
    let mut query = Query::select();
    query
        .from(Ro::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Ro::Table, Ro::StoreId)),
        )
        .left_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Ro::Table, Ro::CustomerId)),
        )
        .left_join(
            Advisors::Table,
            Expr::col((Advisors::Table, Advisors::Id)).equals((Ro::Table, Ro::AdvisorId)),
        )
        .and_where(Expr::col((Ro::Table, Ro::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Ro::Table, Ro::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(Expr::col((Ro::Table, Ro::ClosedDate)).gte(first_day))
        .and_where(Expr::col((Ro::Table, Ro::ClosedDate)).lt(after_last_day));
    let texted_before = Query::select()
        .expr(Expr::val(1))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::CustomerId)).equals((Ro::Table, Ro::CustomerId)))
        .and_where(is_outreach_text())
        .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(Expr::col((Ro::Table, Ro::OpenDate))))
        .to_owned();
    Shape::new(query)
        .column(
            "roNumber",
            "RO",
            ColumnType::Text,
            Expr::col((Ro::Table, Ro::RoNumber)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column("advisorName", "Advisor", ColumnType::Text, advisor_name())
        .column(
            "openDate",
            "Opened",
            ColumnType::Date,
            Expr::col((Ro::Table, Ro::OpenDate)),
        )
        .column(
            "closedDate",
            "Closed",
            ColumnType::Date,
            Expr::col((Ro::Table, Ro::ClosedDate)),
        )
        .column(
            "totalAmount",
            "Amount",
            ColumnType::Money,
            Expr::col((Ro::Table, Ro::TotalAmount)),
        )
        .column(
            "textedBefore",
            "Texted before",
            ColumnType::Text,
            Expr::case(Expr::exists(texted_before), "YES").finally("NO"),
        )
        .order_by((Ro::Table, Ro::ClosedDate), Order::Desc)
        .order_by((Ro::Table, Ro::Id), Order::Desc)
}

/// Sign-in attempts in the window by users of the enterprise who work at the filter's stores
/// or above them (enterprise or dealer level).
pub fn login_activity(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query
        .from(LoginAttempts::Table)
        .inner_join(
            Users::Table,
            Expr::col((Users::Table, Users::Username))
                .equals((LoginAttempts::Table, LoginAttempts::Username)),
        )
        .and_where(Expr::col((Users::Table, Users::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(
            Expr::col((Users::Table, Users::StoreId))
                .is_null()
                .or(Expr::col((Users::Table, Users::StoreId)).is_in(filter.store_ids.clone())),
        )
        .and_where(in_window(
            Expr::col((LoginAttempts::Table, LoginAttempts::AttemptedAt)),
            filter,
        ));
    Shape::new(query)
        .column(
            "attemptedAt",
            "When",
            ColumnType::Timestamp,
            Expr::col((LoginAttempts::Table, LoginAttempts::AttemptedAt)),
        )
        .column(
            "username",
            "Username",
            ColumnType::Text,
            Expr::col((LoginAttempts::Table, LoginAttempts::Username)),
        )
        .column(
            "userName",
            "Name",
            ColumnType::Text,
            full_name(
                Expr::col((Users::Table, Users::FirstName)),
                Expr::col((Users::Table, Users::LastName)),
            ),
        )
        .column(
            "ip",
            "IP address",
            ColumnType::Text,
            Expr::col((LoginAttempts::Table, LoginAttempts::Ip)),
        )
        .column(
            "result",
            "Result",
            ColumnType::Text,
            Expr::case(
                Expr::col((LoginAttempts::Table, LoginAttempts::Succeeded)).eq(true),
                "SUCCEEDED",
            )
            .finally("FAILED"),
        )
        .order_by(
            (LoginAttempts::Table, LoginAttempts::AttemptedAt),
            Order::Desc,
        )
        .order_by((LoginAttempts::Table, LoginAttempts::Id), Order::Desc)
}

/// Message response (log mode response): the customers' texts in the window, what the
/// assistant read in them, whether staff logged them, and when the first answer went back.
pub fn message_responses(filter: &ReportFilter) -> Shape {
    let answer = sea_query::Alias::new("answer");
    let answered_at = Query::select()
        .expr(Func::min(Expr::col((answer.clone(), Msg::CreatedAt))))
        .from_as(Msg::Table, answer.clone())
        .and_where(Expr::col((answer.clone(), Msg::FsiId)).equals((Msg::Table, Msg::FsiId)))
        .and_where(
            Expr::col((answer.clone(), Msg::CreatedAt)).gt(Expr::col((Msg::Table, Msg::CreatedAt))),
        )
        .and_where(Expr::col((answer.clone(), Msg::MessageType)).eq("SMS"))
        .and_where(Expr::col((answer.clone(), Msg::Direction)).is_in(["SEND", "SENT"]))
        .and_where(Expr::col((answer, Msg::IsCompliance)).eq(false))
        .to_owned();
    let intent = Query::select()
        .expr(Expr::col((
            MessageIntents::Table,
            MessageIntents::IntentName,
        )))
        .from(MessageIntents::Table)
        .and_where(
            Expr::col((MessageIntents::Table, MessageIntents::MessageId))
                .equals((Msg::Table, Msg::Id)),
        )
        .and_where(Expr::col((MessageIntents::Table, MessageIntents::IsFinal)).eq(true))
        .order_by(
            (MessageIntents::Table, MessageIntents::Confidence),
            Order::Desc,
        )
        .order_by((MessageIntents::Table, MessageIntents::Id), Order::Asc)
        .limit(1)
        .to_owned();
    let mut query = leads_with_customer_and_store(filter);
    query
        .inner_join(
            Msg::Table,
            Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)),
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
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter));
    Shape::new(query)
        .column(
            "receivedAt",
            "Received",
            ColumnType::Timestamp,
            Expr::col((Msg::Table, Msg::CreatedAt)),
        )
        .column(
            "messageId",
            "Message",
            ColumnType::Integer,
            Expr::col((Msg::Table, Msg::Id)),
        )
        .column(
            "futureServiceInteractionId",
            "Lead",
            ColumnType::Integer,
            Expr::col((Fsi::Table, Fsi::Id)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "content",
            "Text",
            ColumnType::Text,
            Expr::col((Msg::Table, Msg::Content)),
        )
        .column(
            "intent",
            "Classification",
            ColumnType::Text,
            Expr::from(intent),
        )
        .column(
            "insight",
            "Insight",
            ColumnType::Text,
            Expr::col((
                MessageUnderstandings::Table,
                MessageUnderstandings::ResponseInsight,
            )),
        )
        .column(
            "logMode",
            "Log mode",
            ColumnType::Text,
            Expr::case(Expr::col((Msg::Table, Msg::LogMode)).eq(true), "YES").finally("NO"),
        )
        .column(
            "answeredAt",
            "First answer",
            ColumnType::Timestamp,
            Expr::from(answered_at),
        )
        .order_by((Msg::Table, Msg::CreatedAt), Order::Desc)
        .order_by((Msg::Table, Msg::Id), Order::Desc)
}
