//! NRAA check-in detail (the spec's `appointment-status-report/fetch-nraa-checkin-detail`):
//! customers who never answered our texts ("No Response At All") but came in anyway: the
//! appointments in the window that reached check-in (checked in, in service or completed) of
//! leads texted before the visit and never heard from.

use sea_query::{Expr, ExprTrait, Func, Order, Query, SelectStatement};

use super::ReportFilter;
use super::lists::full_name;
use super::table::{ColumnType, Shape};
use engine::appointments::AppointmentStatus;
use engine::domain::messages::{Direction, MessageType};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg,
    ServiceAppointments as Appt, Stores,
};

/// Statuses a visit has once the customer is at the store.
const CHECKED_IN: [AppointmentStatus; 3] = [
    AppointmentStatus::CheckedIn,
    AppointmentStatus::InService,
    AppointmentStatus::Completed,
];

/// The filter's NRAA check-ins, latest visit first (docs/reports.md).
pub fn shape(filter: &ReportFilter) -> Shape {
    let mut query = Query::select();
    query
        .from(Appt::Table)
        .inner_join(
            Fsi::Table,
            Expr::col((Fsi::Table, Fsi::Id)).equals((Appt::Table, Appt::FsiId)),
        )
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Appt::Table, Appt::StoreId)),
        )
        .and_where(Expr::col((Appt::Table, Appt::EnterpriseId)).eq(filter.scope.enterprise_id))
        .and_where(Expr::col((Appt::Table, Appt::StoreId)).is_in(filter.store_ids.clone()))
        .and_where(
            Expr::col((Appt::Table, Appt::ApptStatus)).is_in(CHECKED_IN.iter().map(|s| s.as_str())),
        )
        .and_where(Expr::col((Appt::Table, Appt::ApptAt)).gte(filter.from))
        .and_where(Expr::col((Appt::Table, Appt::ApptAt)).lt(filter.until))
        .and_where(Expr::exists(texts_before_visit(
            Query::select().expr(Expr::val(1)).to_owned(),
        )))
        .and_where(Expr::exists(answers()).not());
    if !filter.service_types.is_empty() {
        query.and_where(
            Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
        );
    }
    Shape::new(query)
        .column(
            "appointmentId",
            "Appointment",
            ColumnType::Integer,
            Expr::col((Appt::Table, Appt::Id)),
        )
        .column(
            "apptAt",
            "Visit",
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
            "storeId",
            "Store id",
            ColumnType::Integer,
            Expr::col((Appt::Table, Appt::StoreId)),
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
            "serviceType",
            "Service",
            ColumnType::Text,
            Expr::col((Fsi::Table, Fsi::ServiceType)),
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
            full_name(
                Expr::col((Customers::Table, Customers::FirstName)),
                Expr::col((Customers::Table, Customers::LastName)),
            ),
        )
        .column(
            "customerCellular",
            "Phone",
            ColumnType::Text,
            Expr::col((Customers::Table, Customers::Cellular)),
        )
        .column(
            "firstTextedAt",
            "First text",
            ColumnType::Timestamp,
            Expr::from(texts_before_visit(
                Query::select()
                    .expr(Func::min(Expr::col((Msg::Table, Msg::CreatedAt))))
                    .to_owned(),
            )),
        )
        .column(
            "textsSent",
            "Texts before the visit",
            ColumnType::Integer,
            Expr::from(texts_before_visit(
                Query::select()
                    .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
                    .to_owned(),
            )),
        )
        .order_by((Appt::Table, Appt::ApptAt), Order::Desc)
        .order_by((Appt::Table, Appt::Id), Order::Desc)
}

/// `select` over the texts sent to the lead's customer before the visit.
fn texts_before_visit(mut select: SelectStatement) -> SelectStatement {
    select
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
        .and_where(
            Expr::col((Msg::Table, Msg::Direction))
                .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
        )
        .and_where(Expr::col((Msg::Table, Msg::IsCompliance)).eq(false))
        .and_where(
            Expr::col((Msg::Table, Msg::CreatedAt)).lt(Expr::col((Appt::Table, Appt::ApptAt))),
        )
        .to_owned()
}

/// Any text from the customer on the lead, ever.
fn answers() -> SelectStatement {
    Query::select()
        .expr(Expr::val(1))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(Expr::col((Msg::Table, Msg::Direction)).eq(Direction::Received.as_str()))
        .to_owned()
}
