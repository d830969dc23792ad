//! The leads of bulk initiation runs and what became of each (migration 0017). A run's rows
//! are written once when it starts; each is then claimed before its text is queued, so a
//! resumed run never texts a lead twice.

use std::collections::HashSet;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Func, OnConflict, Order, Query, SelectStatement};

use super::schema::{BulkInitiationLeads as Bulk, Customers, MessageInstances as Msg, Stores};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::messages::Direction;
use crate::error::Result;
use wording::bulk::{BulkOutcome, BulkSkipReason};

/// A lead a run is to text, as the run found it when it started.
#[derive(Debug, Clone)]
pub struct NewBulkLead {
    pub store_id: i64,
    pub fsi_id: i64,
    pub customer_id: i64,
    pub service_type: String,
}

/// A run's lead still to settle.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BulkLeadRow {
    pub id: i64,
    pub fsi_id: i64,
    pub customer_id: i64,
    #[sqlx(try_from = "String")]
    pub outcome: BulkOutcome,
    pub claimed_at: Option<DateTime<Utc>>,
}

/// How a lead ended, as a run records it.
#[derive(Debug, Clone, Default)]
pub struct BulkLeadResult {
    pub outcome: Option<BulkOutcome>,
    pub reason: Option<BulkSkipReason>,
    pub detail: Option<String>,
    pub message_id: Option<i64>,
    pub scheduled_for: Option<DateTime<Utc>>,
}

/// A lead's result as the report shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BulkLeadReportRow {
    pub id: i64,
    pub job_run_id: i64,
    pub fsi_id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub customer_id: i64,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_cellular: Option<String>,
    pub service_type: String,
    pub outcome: String,
    pub reason: Option<String>,
    pub detail: Option<String>,
    pub message_id: Option<i64>,
    pub message_status: Option<String>,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// Which results a report lists.
#[derive(Debug, Clone, Default)]
pub struct BulkReportFilter {
    pub job_run_id: Option<i64>,
    pub store_ids: Vec<i64>,
    pub outcomes: Vec<BulkOutcome>,
    /// Inclusive UTC days on when the run took the lead.
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

/// How many leads of a run ended each way (and why, for skips).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BulkCount {
    pub outcome: String,
    pub reason: Option<String>,
    pub count: i64,
}

#[derive(Debug, Clone)]
pub struct BulkInitiationStore {
    db: Database,
}

/// Rows per insert statement (well inside both databases' parameter limits).
const INSERT_BATCH: usize = 500;

impl BulkInitiationStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// How many leads the run holds (0 before it started).
    pub async fn lead_count(&self, run_id: i64) -> Result<i64> {
        self.db
            .fetch_scalar(
                Query::select()
                    .expr(Func::count(Expr::col(Bulk::Id)))
                    .from(Bulk::Table)
                    .and_where(Expr::col(Bulk::JobRunId).eq(run_id)),
            )
            .await
    }

    /// Records the run's leads as PENDING, once: a lead already there is left as it is.
    pub async fn insert_pending(
        &self,
        run_id: i64,
        enterprise_id: i64,
        leads: &[NewBulkLead],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        for chunk in leads.chunks(INSERT_BATCH) {
            let mut insert = Query::insert();
            insert.into_table(Bulk::Table).columns([
                Bulk::JobRunId,
                Bulk::EnterpriseId,
                Bulk::StoreId,
                Bulk::FsiId,
                Bulk::CustomerId,
                Bulk::ServiceType,
                Bulk::Outcome,
                Bulk::CreatedAt,
            ]);
            for lead in chunk {
                insert.values_panic([
                    run_id.into(),
                    enterprise_id.into(),
                    lead.store_id.into(),
                    lead.fsi_id.into(),
                    lead.customer_id.into(),
                    lead.service_type.clone().into(),
                    BulkOutcome::Pending.as_str().into(),
                    now.into(),
                ]);
            }
            insert.on_conflict(
                OnConflict::columns([Bulk::JobRunId, Bulk::FsiId])
                    .do_nothing()
                    .to_owned(),
            );
            tx.execute(&insert).await?;
        }
        tx.commit().await
    }

    /// The run's next leads to settle: those a crashed attempt claimed first, then pending ones.
    pub async fn next_unsettled(&self, run_id: i64, limit: u64) -> Result<Vec<BulkLeadRow>> {
        let query = Query::select()
            .columns([
                Bulk::Id,
                Bulk::FsiId,
                Bulk::CustomerId,
                Bulk::Outcome,
                Bulk::ClaimedAt,
            ])
            .from(Bulk::Table)
            .and_where(Expr::col(Bulk::JobRunId).eq(run_id))
            .and_where(
                Expr::col(Bulk::Outcome)
                    .is_in([BulkOutcome::Sending.as_str(), BulkOutcome::Pending.as_str()]),
            )
            .order_by(Bulk::Outcome, Order::Desc)
            .order_by(Bulk::Id, Order::Asc)
            .limit(limit)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    /// Claims pending leads for texting; answers the ids claimed (those still pending).
    pub async fn claim(&self, ids: &[i64], now: DateTime<Utc>) -> Result<Vec<i64>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let claimed: Vec<(i64,)> = self
            .db
            .fetch_all(
                Query::update()
                    .table(Bulk::Table)
                    .value(Bulk::Outcome, BulkOutcome::Sending.as_str())
                    .value(Bulk::ClaimedAt, now)
                    .and_where(Expr::col(Bulk::Id).is_in(ids.iter().copied()))
                    .and_where(Expr::col(Bulk::Outcome).eq(BulkOutcome::Pending.as_str()))
                    .returning_col(Bulk::Id),
            )
            .await?;
        Ok(claimed.into_iter().map(|(id,)| id).collect())
    }

    /// Records how leads ended, in one transaction.
    pub async fn finish(
        &self,
        results: &[(i64, BulkLeadResult)],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        for (id, result) in results {
            let outcome = result.outcome.unwrap_or(BulkOutcome::Failed);
            tx.execute(
                Query::update()
                    .table(Bulk::Table)
                    .value(Bulk::Outcome, outcome.as_str())
                    .value(Bulk::Reason, result.reason.map(BulkSkipReason::as_str))
                    .value(Bulk::Detail, result.detail.clone())
                    .value(Bulk::MessageId, result.message_id)
                    .value(Bulk::ScheduledFor, result.scheduled_for)
                    .value(Bulk::FinishedAt, now)
                    .and_where(Expr::col(Bulk::Id).eq(*id)),
            )
            .await?;
        }
        tx.commit().await
    }

    /// Of these customers, those another of the run's leads (not one of `except`) already
    /// texted or is texting.
    pub async fn customers_texted_in_run(
        &self,
        run_id: i64,
        customer_ids: &[i64],
        except: &[i64],
    ) -> Result<HashSet<i64>> {
        let mut texted = HashSet::new();
        for chunk in customer_ids.chunks(500) {
            let rows: Vec<(i64,)> = self
                .db
                .fetch_all(
                    Query::select()
                        .distinct()
                        .column(Bulk::CustomerId)
                        .from(Bulk::Table)
                        .and_where(Expr::col(Bulk::JobRunId).eq(run_id))
                        .and_where(Expr::col(Bulk::CustomerId).is_in(chunk.iter().copied()))
                        .and_where(Expr::col(Bulk::Id).is_not_in(except.iter().copied()))
                        .and_where(Expr::col(Bulk::Outcome).is_in([
                            BulkOutcome::Sending.as_str(),
                            BulkOutcome::Sent.as_str(),
                            BulkOutcome::Deferred.as_str(),
                        ])),
                )
                .await?;
            texted.extend(rows.into_iter().map(|(id,)| id));
        }
        Ok(texted)
    }

    /// The automated text queued to a lead since `since` (a claim a crash interrupted), with
    /// when it is held until.
    pub async fn text_queued_since(
        &self,
        fsi_id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(i64, Option<DateTime<Utc>>)>> {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([Msg::Id, Msg::ScheduledFor])
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
                    // SEND while queued, SENT once the provider took it.
                    .and_where(
                        Expr::col(Msg::Direction)
                            .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
                    )
                    .and_where(Expr::col(Msg::IsAutomated).eq(true))
                    .and_where(Expr::col(Msg::CreatedAt).gte(since))
                    .order_by(Msg::Id, Order::Asc)
                    .limit(1),
            )
            .await
    }

    /// The run's leads by outcome and reason.
    pub async fn counts(&self, run_id: i64) -> Result<Vec<BulkCount>> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([Bulk::Outcome, Bulk::Reason])
                    .expr_as(Func::count(Expr::col(Bulk::Id)), "count")
                    .from(Bulk::Table)
                    .and_where(Expr::col(Bulk::JobRunId).eq(run_id))
                    .group_by_col(Bulk::Outcome)
                    .group_by_col(Bulk::Reason)
                    .order_by(Bulk::Outcome, Order::Asc)
                    .order_by(Bulk::Reason, Order::Asc),
            )
            .await
    }

    /// One page of results inside the scope, newest first.
    pub async fn report(
        &self,
        scope: &Scope,
        filter: &BulkReportFilter,
        page: PageRequest,
    ) -> Result<Page<BulkLeadReportRow>> {
        let mut query = Query::select();
        query.from(Bulk::Table).inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Bulk::Table, Bulk::StoreId)),
        );
        scope.restrict(&mut query, Bulk::Table, false);
        if let Some(run) = filter.job_run_id {
            query.and_where(Expr::col((Bulk::Table, Bulk::JobRunId)).eq(run));
        }
        if !filter.store_ids.is_empty() {
            query
                .and_where(Expr::col((Bulk::Table, Bulk::StoreId)).is_in(filter.store_ids.clone()));
        }
        if !filter.outcomes.is_empty() {
            query.and_where(
                Expr::col((Bulk::Table, Bulk::Outcome))
                    .is_in(filter.outcomes.iter().map(|o| o.as_str())),
            );
        }
        if let Some(day) = filter.start_date.and_then(|d| d.and_hms_opt(0, 0, 0)) {
            query.and_where(Expr::col((Bulk::Table, Bulk::CreatedAt)).gte(day.and_utc()));
        }
        if let Some(day) = filter
            .end_date
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0))
        {
            query.and_where(Expr::col((Bulk::Table, Bulk::CreatedAt)).lt(day.and_utc()));
        }
        let mut count = query.clone();
        count.expr(Func::count(Expr::col((Bulk::Table, Bulk::Id))));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        if total == 0 {
            return Ok(Page::new(Vec::new(), page, 0));
        }
        report_columns(&mut query);
        query
            .order_by((Bulk::Table, Bulk::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }
}

fn report_columns(query: &mut SelectStatement) {
    query
        .columns([
            (Bulk::Table, Bulk::Id),
            (Bulk::Table, Bulk::JobRunId),
            (Bulk::Table, Bulk::FsiId),
            (Bulk::Table, Bulk::StoreId),
            (Bulk::Table, Bulk::CustomerId),
            (Bulk::Table, Bulk::ServiceType),
            (Bulk::Table, Bulk::Outcome),
            (Bulk::Table, Bulk::Reason),
            (Bulk::Table, Bulk::Detail),
            (Bulk::Table, Bulk::MessageId),
            (Bulk::Table, Bulk::ScheduledFor),
            (Bulk::Table, Bulk::FinishedAt),
            (Bulk::Table, Bulk::CreatedAt),
        ])
        .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
        .expr_as(
            Expr::col((Customers::Table, Customers::FirstName)),
            "customer_first_name",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::LastName)),
            "customer_last_name",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::Cellular)),
            "customer_cellular",
        )
        .expr_as(
            Expr::col((Msg::Table, Msg::MessageStatus)),
            "message_status",
        )
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Bulk::Table, Bulk::CustomerId)),
        )
        .left_join(
            Msg::Table,
            Expr::col((Msg::Table, Msg::Id)).equals((Bulk::Table, Bulk::MessageId)),
        );
}
