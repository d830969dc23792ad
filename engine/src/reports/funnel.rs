//! The funnel: of the leads texted in the window, how many answered, how many engaged and how
//! many booked (the spec's CONTACTED, RESPONDED, ENGAGED, APPT_BOOKING), with its three rates.
//! One statement: each lead is counted once per stage, by `EXISTS`.

use sea_query::{Alias, Expr, ExprTrait, Func, Query, SelectStatement};

use super::{ReportFilter, Reports};
use crate::appointments::AppointmentStatus;
use crate::domain::messages::{Direction, MessageType};
use crate::error::Result;
use crate::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, MessageUnderstandings,
    ServiceAppointments as Appt,
};

/// One stage's count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunnelStage {
    /// CONTACTED, RESPONDED, ENGAGED or APPT_BOOKING.
    pub key: &'static str,
    pub count: i64,
}

/// One rate, a percentage with one decimal (0 when its base is 0).
#[derive(Debug, Clone, PartialEq)]
pub struct FunnelRate {
    /// The spec's labels, verbatim: 'REPONSE %', 'CLOSURE RATE %', 'RESPONSE TO APPT %'.
    pub label: &'static str,
    pub percent: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Funnel {
    pub stages: Vec<FunnelStage>,
    pub rates: Vec<FunnelRate>,
}

#[derive(Debug, sqlx::FromRow)]
struct Counts {
    contacted: i64,
    responded: i64,
    engaged: i64,
    appt_booking: i64,
}

impl Reports {
    /// The funnel of the filter's leads over its window (docs/reports.md defines each stage).
    pub async fn funnel(&self, filter: &ReportFilter) -> Result<Funnel> {
        // The leads texted in the window, read from the window's messages (an index range)
        // rather than by probing every lead of the stores.
        let mut texted = Query::select();
        texted
            .distinct()
            .expr_as(Expr::col((Msg::Table, Msg::FsiId)), Alias::new("fsi_id"))
            .from(Msg::Table)
            .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(filter.scope.enterprise_id))
            .and_where(Expr::col((Msg::Table, Msg::StoreId)).is_in(filter.store_ids.clone()))
            .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).gte(filter.from))
            .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(filter.until))
            .and_where(Expr::col((Msg::Table, Msg::FsiId)).is_not_null())
            .and_where(
                Expr::col((Msg::Table, Msg::Direction))
                    .is_in([Direction::Send.as_str(), Direction::Sent.as_str()])
                    .and(Expr::col((Msg::Table, Msg::IsCompliance)).eq(false)),
            );
        let texted_alias = Alias::new("texted");
        let answered = in_window(
            filter,
            Expr::col((Msg::Table, Msg::Direction)).eq(Direction::Received.as_str()),
        );
        // An answer in words: not only a carrier keyword (STOP, START, HELP).
        let mut in_words = answered.clone();
        in_words
            .left_join(
                MessageUnderstandings::Table,
                Expr::col((
                    MessageUnderstandings::Table,
                    MessageUnderstandings::MessageId,
                ))
                .equals((Msg::Table, Msg::Id)),
            )
            .and_where(
                Expr::col((
                    MessageUnderstandings::Table,
                    MessageUnderstandings::CarrierKeyword,
                ))
                .is_null(),
            );
        let booked = Query::select()
            .expr(Expr::val(1))
            .from(Appt::Table)
            .and_where(Expr::col((Appt::Table, Appt::FsiId)).equals((Fsi::Table, Fsi::Id)))
            .and_where(Expr::col((Appt::Table, Appt::CreatedAt)).gte(filter.from))
            .and_where(Expr::col((Appt::Table, Appt::CreatedAt)).lt(filter.until))
            .and_where(
                Expr::col((Appt::Table, Appt::ApptStatus))
                    .ne(AppointmentStatus::Cancelled.as_str()),
            )
            .to_owned();
        let count_if = |condition: Expr| Func::count(Expr::case(condition, 1i64));
        let mut query = Query::select();
        query
            .expr_as(
                Func::count(Expr::col((Fsi::Table, Fsi::Id))),
                Alias::new("contacted"),
            )
            .expr_as(count_if(Expr::exists(answered)), Alias::new("responded"))
            .expr_as(
                count_if(
                    Expr::exists(in_words)
                        .and(Expr::col((Customers::Table, Customers::BlockSms)).eq(false)),
                ),
                Alias::new("engaged"),
            )
            .expr_as(count_if(Expr::exists(booked)), Alias::new("appt_booking"))
            .from_subquery(texted, texted_alias.clone())
            .inner_join(
                Fsi::Table,
                Expr::col((Fsi::Table, Fsi::Id)).equals((texted_alias, Alias::new("fsi_id"))),
            )
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(filter.scope.enterprise_id))
            .and_where(Expr::col((Fsi::Table, Fsi::StoreId)).is_in(filter.store_ids.clone()));
        if !filter.service_types.is_empty() {
            query.and_where(
                Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
            );
        }
        let counts: Counts = self.db().fetch_optional(&query).await?.unwrap_or(Counts {
            contacted: 0,
            responded: 0,
            engaged: 0,
            appt_booking: 0,
        });
        Ok(Funnel::of(&counts))
    }
}

impl Funnel {
    fn of(counts: &Counts) -> Self {
        let rate = |part: i64, whole: i64| {
            if whole == 0 {
                0.0
            } else {
                (part as f64 * 1000.0 / whole as f64).round() / 10.0
            }
        };
        Self {
            stages: vec![
                FunnelStage {
                    key: "CONTACTED",
                    count: counts.contacted,
                },
                FunnelStage {
                    key: "RESPONDED",
                    count: counts.responded,
                },
                FunnelStage {
                    key: "ENGAGED",
                    count: counts.engaged,
                },
                FunnelStage {
                    key: "APPT_BOOKING",
                    count: counts.appt_booking,
                },
            ],
            rates: vec![
                FunnelRate {
                    label: "REPONSE %",
                    percent: rate(counts.responded, counts.contacted),
                },
                FunnelRate {
                    label: "CLOSURE RATE %",
                    percent: rate(counts.appt_booking, counts.contacted),
                },
                FunnelRate {
                    label: "RESPONSE TO APPT %",
                    percent: rate(counts.appt_booking, counts.responded),
                },
            ],
        }
    }
}

/// The lead's SMS messages in the window that also match `which`.
fn in_window(filter: &ReportFilter, which: Expr) -> SelectStatement {
    Query::select()
        .expr(Expr::val(1))
        .from(Msg::Table)
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
        .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
        .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).gte(filter.from))
        .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(filter.until))
        .and_where(which)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_shares_of_their_base_and_zero_without_one() {
        let funnel = Funnel::of(&Counts {
            contacted: 8,
            responded: 3,
            engaged: 2,
            appt_booking: 1,
        });
        let percents: Vec<f64> = funnel.rates.iter().map(|r| r.percent).collect();
        assert_eq!(percents, [37.5, 12.5, 33.3]);
        let empty = Funnel::of(&Counts {
            contacted: 0,
            responded: 0,
            engaged: 0,
            appt_booking: 0,
        });
        assert!(empty.stages.iter().all(|s| s.count == 0));
        assert!(empty.rates.iter().all(|r| r.percent == 0.0));
    }
}
