//! Follow-up cadences (migration 0018): stores' own steps, and where each lead stands on its
//! cadence (`follow_up_step` due at `follow_up_at`, counted from `follow_up_since`).

use chrono::{DateTime, Duration, Utc};
use sea_query::{Expr, ExprTrait, Func, Order, Query};

use super::schema::{Customers, FollowUpSteps as Steps, FutureServiceInteractions as Fsi};
use crate::db::Database;
use crate::error::Result;
use wording::cadence::{CadenceStep, CadenceStop, FollowUpStep, cadence_of, next_enabled};

/// A store's leads on a cadence: due now, and waiting for a later step.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreFollowUps {
    pub store_id: i64,
    pub due: i64,
    pub waiting: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct StepRow {
    #[sqlx(try_from = "String")]
    step: FollowUpStep,
    enabled: bool,
    delay_hours: i64,
    channel: String,
    template_id: Option<i64>,
    subject: Option<String>,
    body: Option<String>,
}

/// A lead whose follow-up step is due, with what decides whether it still goes out.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DueFollowUp {
    pub id: i64,
    pub store_id: i64,
    #[sqlx(try_from = "String")]
    pub follow_up_step: FollowUpStep,
    pub follow_up_at: DateTime<Utc>,
    pub follow_up_since: Option<DateTime<Utc>>,
    pub last_message_received_at: Option<DateTime<Utc>>,
    pub appointment_set: bool,
    pub conversation_closed: bool,
    pub archived: bool,
    pub ai_enabled: bool,
    pub block_sms: bool,
}

impl DueFollowUp {
    /// Why the cadence must stop instead of sending, if it must.
    pub fn stop_reason(&self) -> Option<CadenceStop> {
        let replied = match (self.last_message_received_at, self.follow_up_since) {
            (Some(received), Some(since)) => received > since,
            _ => false,
        };
        if self.block_sms {
            Some(CadenceStop::OptedOut)
        } else if replied {
            Some(CadenceStop::Replied)
        } else if self.appointment_set {
            Some(CadenceStop::Booked)
        } else if self.conversation_closed || self.archived {
            Some(CadenceStop::Closed)
        } else if !self.ai_enabled {
            Some(CadenceStop::AssistantOff)
        } else {
            None
        }
    }
}

/// Where a lead goes next on its cadence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextStep {
    At {
        step: FollowUpStep,
        since: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    Stopped(CadenceStop),
}

impl NextStep {
    /// The first enabled step at or after `from`, counted from `since`; the end of the track
    /// when none is left.
    pub fn of(cadence: &[CadenceStep], from: Option<FollowUpStep>, since: DateTime<Utc>) -> Self {
        match next_enabled(cadence, from) {
            Some(step) => NextStep::At {
                step: step.step,
                since,
                at: since + Duration::hours(step.delay_hours),
            },
            None => NextStep::Stopped(CadenceStop::Completed),
        }
    }
}

#[derive(Debug, Clone)]
pub struct FollowUpStore {
    db: Database,
}

impl FollowUpStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The store's cadence: its own steps over the built-in ones.
    pub async fn cadence(&self, store_id: i64) -> Result<Vec<CadenceStep>> {
        let rows: Vec<StepRow> = self
            .db
            .fetch_all(
                Query::select()
                    .columns([
                        Steps::Step,
                        Steps::Enabled,
                        Steps::DelayHours,
                        Steps::Channel,
                        Steps::TemplateId,
                        Steps::Subject,
                        Steps::Body,
                    ])
                    .from(Steps::Table)
                    .and_where(Expr::col(Steps::StoreId).eq(store_id)),
            )
            .await?;
        let own = rows
            .into_iter()
            .map(|row| {
                let built_in = row.step.default_step();
                CadenceStep {
                    step: row.step,
                    enabled: row.enabled,
                    delay_hours: row.delay_hours,
                    channel: row.channel.parse().unwrap_or(built_in.channel),
                    template_id: row.template_id,
                    subject: row.subject.or(built_in.subject),
                    body: row.body.unwrap_or(built_in.body),
                    custom: true,
                }
            })
            .collect();
        Ok(cadence_of(own))
    }

    /// Replaces the store's own steps with these (the others stay built-in).
    pub async fn save(
        &self,
        enterprise_id: i64,
        store_id: i64,
        steps: &[CadenceStep],
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        for step in steps {
            tx.execute(
                Query::delete()
                    .from_table(Steps::Table)
                    .and_where(Expr::col(Steps::StoreId).eq(store_id))
                    .and_where(Expr::col(Steps::Step).eq(step.step.as_str())),
            )
            .await?;
            tx.execute(
                Query::insert()
                    .into_table(Steps::Table)
                    .columns([
                        Steps::EnterpriseId,
                        Steps::StoreId,
                        Steps::Step,
                        Steps::Enabled,
                        Steps::DelayHours,
                        Steps::Channel,
                        Steps::TemplateId,
                        Steps::Subject,
                        Steps::Body,
                        Steps::UpdatedBy,
                        Steps::UpdatedAt,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        store_id.into(),
                        step.step.as_str().into(),
                        step.enabled.into(),
                        step.delay_hours.into(),
                        step.channel.as_str().into(),
                        step.template_id.into(),
                        step.subject.clone().into(),
                        step.body.clone().into(),
                        user_id.into(),
                        now.into(),
                    ]),
            )
            .await?;
        }
        tx.commit().await
    }

    /// Leads of the enterprise whose step is due, oldest first.
    pub async fn due(
        &self,
        enterprise_id: i64,
        now: DateTime<Utc>,
        limit: u64,
    ) -> Result<Vec<DueFollowUp>> {
        let query = Query::select()
            .columns([
                (Fsi::Table, Fsi::Id),
                (Fsi::Table, Fsi::StoreId),
                (Fsi::Table, Fsi::FollowUpStep),
                (Fsi::Table, Fsi::FollowUpAt),
                (Fsi::Table, Fsi::FollowUpSince),
                (Fsi::Table, Fsi::LastMessageReceivedAt),
                (Fsi::Table, Fsi::AppointmentSet),
                (Fsi::Table, Fsi::ConversationClosed),
                (Fsi::Table, Fsi::Archived),
                (Fsi::Table, Fsi::AiEnabled),
            ])
            .column((Customers::Table, Customers::BlockSms))
            .from(Fsi::Table)
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(enterprise_id))
            .and_where(
                Expr::col((Fsi::Table, Fsi::FollowUpStep))
                    .is_in(FollowUpStep::ALL.iter().map(|s| s.as_str())),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::FollowUpAt)).lte(now))
            .order_by((Fsi::Table, Fsi::FollowUpAt), Order::Asc)
            .order_by((Fsi::Table, Fsi::Id), Order::Asc)
            .limit(limit)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    /// Per store: leads whose step is due now and leads waiting for a later step.
    pub async fn counts_per_store(
        &self,
        store_ids: &[i64],
        now: DateTime<Utc>,
    ) -> Result<Vec<StoreFollowUps>> {
        if store_ids.is_empty() {
            return Ok(Vec::new());
        }
        // COUNT of a CASE without ELSE: a bigint on both databases (SUM is NUMERIC on PG).
        let count_if = |condition: sea_query::Expr| Func::count(Expr::case(condition, 1i64));
        let query = Query::select()
            .column(Fsi::StoreId)
            .expr_as(count_if(Expr::col(Fsi::FollowUpAt).lte(now)), "due")
            .expr_as(count_if(Expr::col(Fsi::FollowUpAt).gt(now)), "waiting")
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::StoreId).is_in(store_ids.iter().copied()))
            .and_where(
                Expr::col(Fsi::FollowUpStep).is_in(FollowUpStep::ALL.iter().map(|s| s.as_str())),
            )
            .group_by_col(Fsi::StoreId)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    /// Moves a lead from the step due at `due_at` to `next`; `false` when the lead is no longer
    /// there (another sweep took it, or staff changed it), so the step is sent once.
    pub async fn advance(
        &self,
        id: i64,
        from: FollowUpStep,
        due_at: DateTime<Utc>,
        next: NextStep,
    ) -> Result<bool> {
        let mut update = Query::update();
        update.table(Fsi::Table);
        set_next(&mut update, next);
        update
            .value(Fsi::UpdatedAt, Utc::now())
            .and_where(Expr::col(Fsi::Id).eq(id))
            .and_where(Expr::col(Fsi::FollowUpStep).eq(from.as_str()))
            .and_where(Expr::col(Fsi::FollowUpAt).eq(due_at));
        Ok(self.db.execute(&update).await? == 1)
    }

    /// Puts a lead on `next` whatever it was on (a conversation or track starting, a step sent
    /// by hand).
    pub async fn set(&self, id: i64, next: NextStep) -> Result<()> {
        let mut update = Query::update();
        update.table(Fsi::Table);
        set_next(&mut update, next);
        update
            .value(Fsi::UpdatedAt, Utc::now())
            .and_where(Expr::col(Fsi::Id).eq(id));
        self.db.execute(&update).await?;
        Ok(())
    }

    /// The step the lead waits for, if any.
    pub async fn current_step(&self, id: i64) -> Result<Option<FollowUpStep>> {
        let step: Option<(Option<String>,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column(Fsi::FollowUpStep)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::Id).eq(id)),
            )
            .await?;
        Ok(step
            .and_then(|(s,)| s)
            .and_then(|s| s.parse::<FollowUpStep>().ok()))
    }

    /// Ends the lead's cadence, if it is on one.
    pub async fn stop(&self, id: i64, reason: CadenceStop) -> Result<()> {
        let mut update = Query::update();
        update.table(Fsi::Table);
        set_next(&mut update, NextStep::Stopped(reason));
        update
            .value(Fsi::UpdatedAt, Utc::now())
            .and_where(Expr::col(Fsi::Id).eq(id))
            .and_where(Expr::col(Fsi::FollowUpStep).is_not_null());
        self.db.execute(&update).await?;
        Ok(())
    }
}

pub(crate) fn set_next(update: &mut sea_query::UpdateStatement, next: NextStep) {
    match next {
        NextStep::At { step, since, at } => {
            update
                .value(Fsi::FollowUpStep, step.as_str())
                .value(Fsi::FollowUpSince, since)
                .value(Fsi::FollowUpAt, at)
                .value(Fsi::FollowUpStopped, Option::<String>::None);
        }
        NextStep::Stopped(reason) => {
            update
                .value(Fsi::FollowUpStep, Option::<String>::None)
                .value(Fsi::FollowUpAt, Option::<DateTime<Utc>>::None)
                .value(Fsi::FollowUpStopped, reason.as_str());
        }
    }
}
