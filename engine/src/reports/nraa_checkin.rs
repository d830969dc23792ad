//! NRAA check-in detail (the spec's `appointment-status-report/fetch-nraa-checkin-detail`):
//! customers who never answered our texts ("No Response At All") but came in anyway: the
//! appointments in the window that reached check-in (checked in, in service or completed) of
//! leads texted before the visit and never heard from.

use chrono::{DateTime, Utc};
use sea_query::{Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement};

use super::{ReportFilter, Reports};
use crate::appointments::AppointmentStatus;
use crate::domain::messages::{Direction, MessageType};
use crate::error::Result;
use crate::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg,
    ServiceAppointments as Appt, Stores,
};
use crate::store::{Page, PageRequest};

/// One visit of a customer who never answered.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NraaCheckIn {
    pub appointment_id: i64,
    pub appt_at: DateTime<Utc>,
    pub appt_status: String,
    pub store_id: i64,
    pub store_name: String,
    pub fsi_id: i64,
    pub service_type: String,
    pub customer_id: i64,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_cellular: Option<String>,
    /// The first text to the customer on the lead, and how many were sent before the visit.
    pub first_texted_at: Option<DateTime<Utc>>,
    pub texts_sent: i64,
}

/// Statuses a visit has once the customer is at the store.
const CHECKED_IN: [AppointmentStatus; 3] = [
    AppointmentStatus::CheckedIn,
    AppointmentStatus::InService,
    AppointmentStatus::Completed,
];

impl Reports {
    /// One page of the filter's NRAA check-ins, latest visit first (docs/reports.md).
    pub async fn nraa_check_ins(
        &self,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> Result<Page<NraaCheckIn>> {
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
                Expr::col((Appt::Table, Appt::ApptStatus))
                    .is_in(CHECKED_IN.iter().map(|s| s.as_str())),
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
        let mut count = query.clone();
        count.expr(Func::count(Expr::col((Appt::Table, Appt::Id))));
        let total: i64 = self.db().fetch_scalar(&count).await?;
        if total == 0 {
            return Ok(Page::new(Vec::new(), page, 0));
        }
        query
            .expr_as(
                Expr::col((Appt::Table, Appt::Id)),
                Alias::new("appointment_id"),
            )
            .expr_as(
                Expr::col((Appt::Table, Appt::ApptAt)),
                Alias::new("appt_at"),
            )
            .expr_as(
                Expr::col((Appt::Table, Appt::ApptStatus)),
                Alias::new("appt_status"),
            )
            .expr_as(
                Expr::col((Appt::Table, Appt::StoreId)),
                Alias::new("store_id"),
            )
            .expr_as(
                Expr::col((Stores::Table, Stores::Name)),
                Alias::new("store_name"),
            )
            .expr_as(Expr::col((Fsi::Table, Fsi::Id)), Alias::new("fsi_id"))
            .expr_as(
                Expr::col((Fsi::Table, Fsi::ServiceType)),
                Alias::new("service_type"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::Id)),
                Alias::new("customer_id"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::FirstName)),
                Alias::new("customer_first_name"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::LastName)),
                Alias::new("customer_last_name"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::Cellular)),
                Alias::new("customer_cellular"),
            )
            .expr_as(
                texts_before_visit(
                    Query::select()
                        .expr(Func::min(Expr::col((Msg::Table, Msg::CreatedAt))))
                        .to_owned(),
                ),
                Alias::new("first_texted_at"),
            )
            .expr_as(
                texts_before_visit(
                    Query::select()
                        .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
                        .to_owned(),
                ),
                Alias::new("texts_sent"),
            )
            .order_by((Appt::Table, Appt::ApptAt), Order::Desc)
            .order_by((Appt::Table, Appt::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db().fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
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
