//! The reports on people: handoffs to staff and what came of them, how fast customers got an
//! answer, what each staff member did, and what the assistant did.

use sea_query::{Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement};

use super::ReportFilter;
use super::lists::{customer_name, full_name};
use super::sql::{
    count_if, in_window, is_customer_reply, is_outreach_text, leads_in_filter, percent,
    seconds_between,
};
use super::table::{ColumnType, Shape};
use engine::appointments::AppointmentStatus;
use engine::db::BackendKind;
use engine::domain::leads::WorkflowTrack;
use engine::domain::messages::{Direction, MessageType};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg,
    ServiceAppointments as Appt, Stores, Users,
};

/// What Bayline writes as the source of the appointments it books.
const BOOKED_HERE: &str = "BAYLINE";

fn other() -> Alias {
    Alias::new("later")
}

/// The agent report's definitions, one place for its SQL and the reports' snapshot.
/// A text the assistant sent to a customer (any store).
pub(crate) fn is_assistant_text() -> Expr {
    is_outreach_text().and(Expr::col((Msg::Table, Msg::IsAutomated)).eq(true))
}

/// An appointment the assistant booked (nobody made it; Bayline is its source), in any
/// status.
pub(crate) fn is_assistant_booking() -> Expr {
    Expr::col((Appt::Table, Appt::CreatedBy))
        .is_null()
        .and(Expr::col((Appt::Table, Appt::Source)).eq(BOOKED_HERE))
}

/// A handoff the assistant made: an internal note of a handoff track nobody wrote.
pub(crate) fn is_assistant_handoff() -> Expr {
    Expr::col((Msg::Table, Msg::MessageType))
        .eq(MessageType::Internal.as_str())
        .and(Expr::col((Msg::Table, Msg::Subject)).is_in(handoff_tracks()))
        .and(Expr::col((Msg::Table, Msg::SentByUserId)).is_null())
}

/// Handoff notes: the internal notes whose subject is a handoff track.
fn handoff_tracks() -> Vec<&'static str> {
    WorkflowTrack::ALL
        .iter()
        .filter(|t| t.is_handoff())
        .map(|t| t.as_str())
        .collect()
}

/// The handoff's title as the notifications say it (GM / MD / Customer HANDOFF).
fn handoff_type() -> Expr {
    Expr::case(
        Expr::col((Msg::Table, Msg::Subject))
            .eq(WorkflowTrack::CustomerAGmHandoffManualPulseCheck.as_str()),
        "GM HANDOFF",
    )
    .case(
        Expr::col((Msg::Table, Msg::Subject)).eq(WorkflowTrack::CustomerAMdHandoff.as_str()),
        "MD HANDOFF",
    )
    .finally("Customer HANDOFF")
    .into()
}

/// `SELECT … FROM message_instances AS later` on the handoff's lead after the handoff.
fn after_handoff(select: Expr, which: Expr) -> SelectStatement {
    Query::select()
        .expr(select)
        .from_as(Msg::Table, other())
        .and_where(Expr::col((other(), Msg::FsiId)).equals((Msg::Table, Msg::FsiId)))
        .and_where(Expr::col((other(), Msg::CreatedAt)).gt(Expr::col((Msg::Table, Msg::CreatedAt))))
        .and_where(which)
        .to_owned()
}

fn staff_text_of(alias: Alias) -> Expr {
    Expr::col((alias.clone(), Msg::MessageType))
        .eq(MessageType::Sms.as_str())
        .and(
            Expr::col((alias.clone(), Msg::Direction))
                .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
        )
        .and(Expr::col((alias, Msg::SentByUserId)).is_not_null())
}

/// What came of a handoff (E-E7): resolved (an appointment booked after it, or the
/// conversation closed), else the customer not contacted (no staff text after it), no response
/// (texted, no answer since), or not resolved (they talked).
fn handoff_outcome() -> Expr {
    let booked_after = Query::select()
        .expr(Expr::val(1))
        .from(Appt::Table)
        .and_where(Expr::col((Appt::Table, Appt::FsiId)).equals((Msg::Table, Msg::FsiId)))
        .and_where(
            Expr::col((Appt::Table, Appt::CreatedAt)).gt(Expr::col((Msg::Table, Msg::CreatedAt))),
        )
        .and_where(
            Expr::col((Appt::Table, Appt::ApptStatus)).ne(AppointmentStatus::Cancelled.as_str()),
        )
        .to_owned();
    let staff_texted = after_handoff(Expr::val(1), staff_text_of(other()));
    let answered = after_handoff(
        Expr::val(1),
        Expr::col((other(), Msg::Direction)).eq(Direction::Received.as_str()),
    );
    Expr::case(
        Expr::exists(booked_after).or(Expr::col((Fsi::Table, Fsi::ConversationClosed)).eq(true)),
        "ISSUE_RESOLVED",
    )
    .case(Expr::exists(staff_texted).not(), "CUSTOMER_NOT_CONTACTED")
    .case(Expr::exists(answered).not(), "NO_RESPONSE")
    .finally("ISSUE_NOT_RESOLVED")
    .into()
}

/// The handoff notes of the filter's leads in the window.
fn handoffs(filter: &ReportFilter) -> SelectStatement {
    let mut query = Query::select();
    query
        .from(Msg::Table)
        .inner_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((Msg::Table, Msg::FsiId)),
        )
        .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Internal.as_str()))
        .and_where(Expr::col((Msg::Table, Msg::Subject)).is_in(handoff_tracks()))
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter));
    leads_in_filter(&mut query, filter);
    query
}

/// GM handoff report (`gm-reports/handoff-type`): handoffs in the window by type, with what
/// came of them.
pub fn handoffs_by_type(filter: &ReportFilter) -> Shape {
    let outcome = handoff_outcome();
    let mut query = handoffs(filter);
    // By the output column: PostgreSQL matches a grouped expression by its text, and the
    // type's literals are bound as parameters.
    query.group_by_col(Alias::new("handoffType"));
    let of = |code: &str| count_if(outcome.clone().eq(code));
    Shape::new(query)
        .column("handoffType", "Handoff", ColumnType::Text, handoff_type())
        .column(
            "handoffs",
            "Handoffs",
            ColumnType::Integer,
            Func::count(Expr::col((Msg::Table, Msg::Id))),
        )
        .column(
            "customerNotContacted",
            "Customer not contacted",
            ColumnType::Integer,
            of("CUSTOMER_NOT_CONTACTED"),
        )
        .column(
            "noResponse",
            "No response",
            ColumnType::Integer,
            of("NO_RESPONSE"),
        )
        .column(
            "issueNotResolved",
            "Issue not resolved",
            ColumnType::Integer,
            of("ISSUE_NOT_RESOLVED"),
        )
        .column(
            "issueResolved",
            "Issue resolved",
            ColumnType::Integer,
            of("ISSUE_RESOLVED"),
        )
        .order_by(Alias::new("handoffType"), Order::Asc)
}

/// SDC handoff report: every handoff in the window, its reason, the first staff text after it
/// and what came of it.
pub fn handoff_list(filter: &ReportFilter, backend: BackendKind) -> Shape {
    let mut query = handoffs(filter);
    query
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Fsi::Table, Fsi::StoreId)),
        );
    let first_staff_text = Expr::from(after_handoff(
        Func::min(Expr::col((other(), Msg::CreatedAt))).into(),
        staff_text_of(other()),
    ));
    Shape::new(query)
        .column(
            "handedOffAt",
            "Handed off",
            ColumnType::Timestamp,
            Expr::col((Msg::Table, Msg::CreatedAt)),
        )
        .column("handoffType", "Handoff", ColumnType::Text, handoff_type())
        .column(
            "reason",
            "Reason",
            ColumnType::Text,
            Expr::col((Msg::Table, Msg::Content)),
        )
        .column(
            "handedOffBy",
            "By",
            ColumnType::Text,
            Func::coalesce([
                Expr::col((Msg::Table, Msg::MessageSentBy)),
                Expr::cust("'Assistant'"),
            ]),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "futureServiceInteractionId",
            "Lead",
            ColumnType::Integer,
            Expr::col((Fsi::Table, Fsi::Id)),
        )
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "firstStaffTextAt",
            "First staff text",
            ColumnType::Timestamp,
            first_staff_text.clone(),
        )
        .column(
            "secondsToContact",
            "Time to contact",
            ColumnType::Seconds,
            seconds_between(
                backend,
                Expr::col((Msg::Table, Msg::CreatedAt)),
                first_staff_text,
            ),
        )
        .column("outcome", "Outcome", ColumnType::Text, handoff_outcome())
        .order_by((Msg::Table, Msg::CreatedAt), Order::Desc)
        .order_by((Msg::Table, Msg::Id), Order::Desc)
}

/// First response (`gm-reports/firstResponse`): per store, the customers' texts in the window
/// and how soon the first text after each one went back (by staff or the assistant).
pub fn first_responses(filter: &ReportFilter, backend: BackendKind) -> Shape {
    let answer = Alias::new("answer");
    let answered_at = Query::select()
        .expr(Func::min(Expr::col((answer.clone(), Msg::CreatedAt))))
        .from_as(Msg::Table, answer.clone())
        .and_where(Expr::col((answer.clone(), Msg::FsiId)).equals((Msg::Table, Msg::FsiId)))
        .and_where(
            Expr::col((answer.clone(), Msg::CreatedAt)).gt(Expr::col((Msg::Table, Msg::CreatedAt))),
        )
        .and_where(Expr::col((answer.clone(), Msg::MessageType)).eq(MessageType::Sms.as_str()))
        .and_where(
            Expr::col((answer.clone(), Msg::Direction))
                .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
        )
        .and_where(Expr::col((answer, Msg::IsCompliance)).eq(false))
        .to_owned();
    let mut replies = Query::select();
    replies
        .expr_as(
            Expr::col((Fsi::Table, Fsi::StoreId)),
            Alias::new("store_id"),
        )
        .expr_as(
            Expr::col((Msg::Table, Msg::CreatedAt)),
            Alias::new("reply_at"),
        )
        .expr_as(Expr::from(answered_at), Alias::new("answered_at"))
        .from(Msg::Table)
        .inner_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((Msg::Table, Msg::FsiId)),
        )
        .and_where(is_customer_reply())
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter));
    leads_in_filter(&mut replies, filter);
    let each = Alias::new("replies");
    let seconds = seconds_between(
        backend,
        Expr::col((each.clone(), Alias::new("reply_at"))),
        Expr::col((each.clone(), Alias::new("answered_at"))),
    );
    let mut query = Query::select();
    query
        .from_subquery(replies, each.clone())
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((each.clone(), Alias::new("store_id"))),
        )
        .group_by_col((Stores::Table, Stores::Id))
        .group_by_col((Stores::Table, Stores::Name));
    let received: Expr = Func::count(Expr::val(1)).into();
    let within_five = count_if(seconds.clone().lte(Expr::cust("300")));
    Shape::new(query)
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "replies",
            "Customer texts",
            ColumnType::Integer,
            received.clone(),
        )
        .column(
            "answered",
            "Answered",
            ColumnType::Integer,
            Func::count(Expr::col((each, Alias::new("answered_at")))),
        )
        .column(
            "within5Minutes",
            "Within 5 min",
            ColumnType::Integer,
            within_five.clone(),
        )
        .column(
            "within5MinutesRate",
            "Within 5 min %",
            ColumnType::Percent,
            percent(within_five, received),
        )
        .column(
            "averageSeconds",
            "Average first response",
            ColumnType::Seconds,
            Func::avg(seconds.clone()),
        )
        .column(
            "longestSeconds",
            "Longest first response",
            ColumnType::Seconds,
            Func::max(seconds),
        )
        .order_by((Stores::Table, Stores::Name), Order::Asc)
}

/// Advisor activity monitor: per staff member, what they did in the window at the filter's
/// stores.
pub fn staff_activity(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query
        .from(Msg::Table)
        .inner_join(
            Users::Table,
            Expr::col((Users::Table, Users::Id)).equals((Msg::Table, Msg::SentByUserId)),
        )
        .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Msg::Table, Msg::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter))
        .group_by_col((Users::Table, Users::Id))
        .group_by_col((Users::Table, Users::FirstName))
        .group_by_col((Users::Table, Users::LastName))
        .group_by_col((Users::Table, Users::Username));
    let of_type =
        |kind: MessageType| count_if(Expr::col((Msg::Table, Msg::MessageType)).eq(kind.as_str()));
    let booked = Query::select()
        .expr(Func::count(Expr::col((Appt::Table, Appt::Id))))
        .from(Appt::Table)
        .and_where(Expr::col((Appt::Table, Appt::CreatedBy)).equals((Users::Table, Users::Id)))
        .and_where(Expr::col((Appt::Table, Appt::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(in_window(Expr::col((Appt::Table, Appt::CreatedAt)), filter))
        .to_owned();
    Shape::new(query)
        .column("userName", "Staff member", ColumnType::Text, staff_name())
        .column(
            "username",
            "Username",
            ColumnType::Text,
            Expr::col((Users::Table, Users::Username)),
        )
        .column(
            "texts",
            "Texts",
            ColumnType::Integer,
            of_type(MessageType::Sms),
        )
        .column(
            "emails",
            "E-mails",
            ColumnType::Integer,
            of_type(MessageType::Email),
        )
        .column(
            "notes",
            "Notes",
            ColumnType::Integer,
            of_type(MessageType::Internal),
        )
        .column(
            "conversations",
            "Conversations",
            ColumnType::Integer,
            Func::count_distinct(Expr::col((Msg::Table, Msg::FsiId))),
        )
        .column(
            "appointmentsBooked",
            "Appointments booked",
            ColumnType::Integer,
            Expr::from(booked),
        )
        .column(
            "averageResponseSeconds",
            "Average response",
            ColumnType::Seconds,
            Func::avg(response_seconds(Msg::Table)),
        )
        .order_by_expr(
            Func::count(Expr::col((Msg::Table, Msg::Id))).into(),
            Order::Desc,
        )
        .order_by((Users::Table, Users::Username), Order::Asc)
}

/// Agent report (`generate-agent-report`): per store, what the assistant did in the window.
pub fn assistant_activity(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query
        .from(Fsi::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Fsi::Table, Fsi::StoreId)),
        )
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .group_by_col((Stores::Table, Stores::Id))
        .group_by_col((Stores::Table, Stores::Name));
    leads_in_filter(&mut query, filter);
    let assistant_text =
        is_assistant_text().and(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter));
    let texts = Query::select()
        .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(assistant_text.clone())
        .to_owned();
    let texted = super::sql::lead_messages(assistant_text);
    let answered = super::sql::lead_messages(
        is_customer_reply().and(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter)),
    );
    let booked = Query::select()
        .expr(Expr::val(1))
        .from(Appt::Table)
        .and_where(Expr::col((Appt::Table, Appt::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(is_assistant_booking())
        .and_where(in_window(Expr::col((Appt::Table, Appt::CreatedAt)), filter))
        .to_owned();
    let handed_off = super::sql::lead_messages(
        is_assistant_handoff().and(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter)),
    );
    query.and_where(Expr::exists(texted.clone()));
    Shape::new(query)
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column(
            "leadsTexted",
            "Leads texted",
            ColumnType::Integer,
            Func::count(Expr::col((Fsi::Table, Fsi::Id))),
        )
        .column(
            "texts",
            "Texts sent",
            ColumnType::Integer,
            // PostgreSQL sums integers as NUMERIC.
            Expr::from(Func::sum(Expr::from(texts))).cast_as("BIGINT"),
        )
        .column(
            "answered",
            "Answered",
            ColumnType::Integer,
            count_if(Expr::exists(answered)),
        )
        .column(
            "booked",
            "Booked by the assistant",
            ColumnType::Integer,
            count_if(Expr::exists(booked)),
        )
        .column(
            "handedOff",
            "Handed to staff",
            ColumnType::Integer,
            count_if(Expr::exists(handed_off)),
        )
        .column(
            "optedOut",
            "Opted out",
            ColumnType::Integer,
            count_if(Expr::col((Customers::Table, Customers::BlockSms)).eq(true)),
        )
        .order_by((Stores::Table, Stores::Name), Order::Asc)
}

/// Who reads message response times (spec E-R6: the super roles only).
pub const RESPONSE_TIME_ROLES: &[engine::domain::Role] = &[
    engine::domain::Role::SuperAdmin,
    engine::domain::Role::SuperDataAdmin,
    engine::domain::Role::SuperUser,
];

/// The response-times screen (spec E-S2, the MRT/ART screen and the max-response-time page):
/// staff replies in the window with how long the customer had waited for them (the message
/// response time recorded when the reply was sent), longest first, beside the staff member's
/// average over the same window and stores (the ART).
pub fn response_times(filter: &ReportFilter) -> Shape {
    let mine = Alias::new("mine");
    let average = Query::select()
        .expr(Func::avg(response_seconds(mine.clone())))
        .from_as(Msg::Table, mine.clone())
        .and_where(
            Expr::col((mine.clone(), Msg::SentByUserId)).equals((Msg::Table, Msg::SentByUserId)),
        )
        .and_where(Expr::col((mine.clone(), Msg::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(Expr::col((mine.clone(), Msg::MessageResponseTimeMs)).is_not_null())
        .and_where(in_window(Expr::col((mine, Msg::CreatedAt)), filter))
        .to_owned();
    let mut query = Query::select();
    query
        .from(Msg::Table)
        .inner_join(
            Users::Table,
            Expr::col((Users::Table, Users::Id)).equals((Msg::Table, Msg::SentByUserId)),
        )
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Msg::Table, Msg::StoreId)),
        )
        .left_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Msg::Table, Msg::CustomerId)),
        )
        .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Msg::Table, Msg::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(Expr::col((Msg::Table, Msg::MessageResponseTimeMs)).is_not_null())
        .and_where(in_window(Expr::col((Msg::Table, Msg::CreatedAt)), filter))
        .order_by((Msg::Table, Msg::MessageResponseTimeMs), Order::Desc)
        .order_by((Msg::Table, Msg::Id), Order::Desc);
    Shape::new(query)
        .column(
            "sentAt",
            "Sent",
            ColumnType::Timestamp,
            Expr::col((Msg::Table, Msg::CreatedAt)),
        )
        .column(
            "storeName",
            "Store",
            ColumnType::Text,
            Expr::col((Stores::Table, Stores::Name)),
        )
        .column("userName", "Staff member", ColumnType::Text, staff_name())
        .column(
            "customerName",
            "Customer",
            ColumnType::Text,
            customer_name(),
        )
        .column(
            "futureServiceInteractionId",
            "Lead",
            ColumnType::Integer,
            Expr::col((Msg::Table, Msg::FsiId)),
        )
        .column(
            "content",
            "Reply",
            ColumnType::Text,
            Expr::col((Msg::Table, Msg::Content)),
        )
        .column(
            "responseSeconds",
            "Response time (MRT)",
            ColumnType::Seconds,
            response_seconds(Msg::Table),
        )
        .column(
            "staffAverageSeconds",
            "Staff member's average (ART)",
            ColumnType::Seconds,
            Expr::from(average),
        )
}

/// A reply's recorded response time, in seconds.
fn response_seconds(table: impl sea_query::IntoIden) -> Expr {
    Expr::col((table.into_iden(), Msg::MessageResponseTimeMs))
        .cast_as("DOUBLE PRECISION")
        .div(Expr::cust("1000.0"))
}

/// A staff member's name as the reports show it.
fn staff_name() -> Expr {
    full_name(
        Expr::col((Users::Table, Users::FirstName)),
        Expr::col((Users::Table, Users::LastName)),
    )
}
