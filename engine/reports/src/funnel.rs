//! The funnel: of the leads texted in the window, how many answered, how many engaged and how
//! many booked (the spec's CONTACTED, RESPONDED, ENGAGED, APPT_BOOKING), with its three rates.
//! One statement: each lead is counted once per stage, by `EXISTS`.

use sea_query::{Alias, Expr, ExprTrait, Func, Query, WithClause};

use super::sql::cte;
use super::{ReportFilter, Reports};
use engine::appointments::AppointmentStatus;
use engine::domain::messages::{Direction, MessageType};
use engine::error::Result;
use engine::store::schema::{
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

/// The four stages' counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub(crate) struct FunnelCounts {
    pub contacted: i64,
    pub responded: i64,
    pub engaged: i64,
    pub appt_booking: i64,
}

impl Reports {
    /// The funnel of the filter's leads over its window (docs/reports.md defines each stage):
    /// from the reports' snapshot when this process keeps one, else from the database.
    pub async fn funnel(&self, filter: &ReportFilter) -> Result<Funnel> {
        let counts = match self.snapshot(filter).await? {
            Some(table) => {
                Self::count_in(table, filter, "funnel", |table, filter| {
                    table.funnel_counts(filter)
                })
                .await?
            }
            None => self.funnel_counts(filter).await?,
        };
        Ok(Funnel::of(&counts))
    }

    /// The funnel's counts in the database: the definition the snapshot is tested against.
    /// One set-based statement: the leads texted in the window (read from the window's
    /// messages, an index range), and the sets of those that answered, answered in words and
    /// booked, each joined to them once (hash or index joins, no per-lead subqueries).
    pub(crate) async fn funnel_counts(&self, filter: &ReportFilter) -> Result<FunnelCounts> {
        let name = |text: &str| Alias::new(text);
        let col = |table: &str, column: &str| Expr::col((name(table), name(column)));
        let mut texted = Query::select();
        texted
            .distinct()
            .expr_as(Expr::col((Msg::Table, Msg::FsiId)), name("fsi_id"))
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
        // The texted leads' messages of the window that also match `which`, as a set of leads.
        let leads_with = |which: Expr, words_only: bool| {
            let mut select = Query::select();
            select
                .distinct()
                .expr_as(Expr::col((Msg::Table, Msg::FsiId)), name("fsi_id"))
                .from(Msg::Table)
                .inner_join(
                    name("texted"),
                    col("texted", "fsi_id").equals((Msg::Table, Msg::FsiId)),
                )
                .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
                .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).gte(filter.from))
                .and_where(Expr::col((Msg::Table, Msg::CreatedAt)).lt(filter.until))
                .and_where(which);
            if words_only {
                // An answer in words: not only a carrier keyword (STOP, START, HELP).
                select
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
            }
            select
        };
        let received = || Expr::col((Msg::Table, Msg::Direction)).eq(Direction::Received.as_str());
        let mut booked = Query::select();
        booked
            .distinct()
            .expr_as(Expr::col((Appt::Table, Appt::FsiId)), name("fsi_id"))
            .from(Appt::Table)
            .inner_join(
                name("texted"),
                col("texted", "fsi_id").equals((Appt::Table, Appt::FsiId)),
            )
            .and_where(Expr::col((Appt::Table, Appt::CreatedAt)).gte(filter.from))
            .and_where(Expr::col((Appt::Table, Appt::CreatedAt)).lt(filter.until))
            .and_where(
                Expr::col((Appt::Table, Appt::ApptStatus))
                    .ne(AppointmentStatus::Cancelled.as_str()),
            );
        let count_if = |condition: Expr| Func::count(Expr::case(condition, 1i64));
        let mut query = Query::select();
        query
            .expr_as(
                Func::count(Expr::col((Fsi::Table, Fsi::Id))),
                name("contacted"),
            )
            .expr_as(Func::count(col("responded", "fsi_id")), name("responded"))
            .expr_as(
                count_if(
                    col("in_words", "fsi_id")
                        .is_not_null()
                        .and(Expr::col((Customers::Table, Customers::BlockSms)).eq(false)),
                ),
                name("engaged"),
            )
            .expr_as(Func::count(col("booked", "fsi_id")), name("appt_booking"))
            .from(name("texted"))
            .inner_join(
                Fsi::Table,
                Expr::col((Fsi::Table, Fsi::Id)).equals((name("texted"), name("fsi_id"))),
            )
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            )
            .left_join(
                name("responded"),
                col("responded", "fsi_id").equals((name("texted"), name("fsi_id"))),
            )
            .left_join(
                name("in_words"),
                col("in_words", "fsi_id").equals((name("texted"), name("fsi_id"))),
            )
            .left_join(
                name("booked"),
                col("booked", "fsi_id").equals((name("texted"), name("fsi_id"))),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(filter.scope.enterprise_id))
            .and_where(Expr::col((Fsi::Table, Fsi::StoreId)).is_in(filter.store_ids.clone()));
        if !filter.service_types.is_empty() {
            query.and_where(
                Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(filter.service_types.clone()),
            );
        }
        let query = query.with(
            WithClause::new()
                .cte(cte("texted", texted))
                .cte(cte("responded", leads_with(received(), false)))
                .cte(cte("in_words", leads_with(received(), true)))
                .cte(cte("booked", booked))
                .to_owned(),
        );
        let counts: FunnelCounts =
            self.db()
                .fetch_optional(&query)
                .await?
                .unwrap_or(FunnelCounts {
                    contacted: 0,
                    responded: 0,
                    engaged: 0,
                    appt_booking: 0,
                });
        Ok(counts)
    }
}

impl Funnel {
    fn of(counts: &FunnelCounts) -> Self {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_shares_of_their_base_and_zero_without_one() {
        let funnel = Funnel::of(&FunnelCounts {
            contacted: 8,
            responded: 3,
            engaged: 2,
            appt_booking: 1,
        });
        let percents: Vec<f64> = funnel.rates.iter().map(|r| r.percent).collect();
        assert_eq!(percents, [37.5, 12.5, 33.3]);
        let empty = Funnel::of(&FunnelCounts {
            contacted: 0,
            responded: 0,
            engaged: 0,
            appt_booking: 0,
        });
        assert!(empty.stages.iter().all(|s| s.count == 0));
        assert!(empty.rates.iter().all(|r| r.percent == 0.0));
    }
}
