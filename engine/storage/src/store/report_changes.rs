//! The log of leads whose report facts may have changed, written by database triggers
//! (migrations 0038 and 0039) on every table the lead reports read. The reports' snapshots read it to
//! stay current; housekeeping prunes it after [`CHANGES_KEPT`].

use chrono::{DateTime, Duration, Utc};
use sea_query::{Condition, Expr, ExprTrait, Func, Order, Query};

use super::schema::ReportLeadChanges as Changes;
use crate::db::Database;
use crate::error::Result;

/// How long a change is kept: far longer than a snapshot may go unrefreshed before it is
/// rebuilt from scratch.
pub const CHANGES_KEPT: Duration = Duration::days(1);

/// A change: its place in the log and the lead it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct LeadChange {
    pub seq: i64,
    pub fsi_id: i64,
}

#[derive(Debug, Clone)]
pub struct ReportChangeLog {
    db: Database,
}

impl ReportChangeLog {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The newest change's place (0 when the log is empty).
    pub async fn latest(&self) -> Result<i64> {
        let latest: Option<i64> = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Func::max(Expr::col(Changes::Seq)))
                    .from(Changes::Table),
            )
            .await?;
        Ok(latest.unwrap_or(0))
    }

    /// Changes after `after`, and those inside `gaps` (inclusive ranges of places not seen
    /// before: on PostgreSQL a transaction that took a place may commit after a later one),
    /// in order, at most `limit`.
    pub async fn since(
        &self,
        after: i64,
        gaps: &[(i64, i64)],
        limit: u64,
    ) -> Result<Vec<LeadChange>> {
        let mut which = Condition::any().add(Expr::col(Changes::Seq).gt(after));
        for (low, high) in gaps {
            which = which.add(Expr::col(Changes::Seq).between(*low, *high));
        }
        self.db
            .fetch_all(
                Query::select()
                    .columns([Changes::Seq, Changes::FsiId])
                    .from(Changes::Table)
                    .cond_where(which)
                    .order_by(Changes::Seq, Order::Asc)
                    .limit(limit),
            )
            .await
    }

    /// Forgets the changes logged before `before`, but never the newest (on SQLite the next
    /// place follows the largest one left).
    pub async fn prune(&self, before: DateTime<Utc>) -> Result<u64> {
        let newest_old = Query::select()
            .column(Changes::Seq)
            .from(Changes::Table)
            .and_where(Expr::col(Changes::ChangedAt).lt(before.timestamp()))
            .order_by(Changes::Seq, Order::Desc)
            .limit(1)
            .to_owned();
        let newest = Query::select()
            .expr(Func::max(Expr::col(Changes::Seq)))
            .from(Changes::Table)
            .to_owned();
        self.db
            .execute(
                Query::delete()
                    .from_table(Changes::Table)
                    .and_where(
                        Expr::col(Changes::Seq)
                            .lte(Expr::SubQuery(None, Box::new(newest_old.into()))),
                    )
                    .and_where(
                        Expr::col(Changes::Seq).lt(Expr::SubQuery(None, Box::new(newest.into()))),
                    ),
            )
            .await
    }
}
