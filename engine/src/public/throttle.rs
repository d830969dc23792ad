//! Rate limits for public calls, kept in the database so every API process counts the same
//! attempts: an attempt is counted against each subject (the caller's address, the phone
//! number a form names …) and refused once a subject has had its fill within the window.
//! Refused attempts are not counted, so a caller who waits gets through again.

use chrono::{DateTime, Duration, Utc};
use sea_query::{Expr, ExprTrait, Query};

use crate::db::Database;
use crate::error::{Error, Result};
use crate::store::schema::PublicAttempts;

/// At most `max` attempts per subject within `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: i64,
    pub window: Duration,
}

/// What a subject is, for the refusal's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject<'a> {
    Address(&'a str),
    Phone(&'a str),
}

impl Subject<'_> {
    fn kind(self) -> &'static str {
        match self {
            Subject::Address(_) => "address",
            Subject::Phone(_) => "phone",
        }
    }
}

/// Attempts are forgotten after a day, whatever their window.
const KEPT_FOR_HOURS: i64 = 24;

#[derive(Debug, Clone)]
pub struct Throttle {
    db: Database,
}

impl Throttle {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Counts an attempt at `action` by `subject`, or refuses it (429) when the subject has
    /// had `limit.max` attempts within the window. An unknown address is not throttled by
    /// address (the web layer always knows the peer).
    pub async fn attempt(
        &self,
        action: &str,
        subject: Subject<'_>,
        limit: Limit,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let value = match subject {
            Subject::Address(a) | Subject::Phone(a) => a,
        };
        let kind = subject.kind();
        let recent: i64 = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Expr::col(PublicAttempts::Id).count())
                    .from(PublicAttempts::Table)
                    .and_where(Expr::col(PublicAttempts::Action).eq(action))
                    .and_where(Expr::col(PublicAttempts::SubjectKind).eq(kind))
                    .and_where(Expr::col(PublicAttempts::Subject).eq(value))
                    .and_where(Expr::col(PublicAttempts::AttemptedAt).gte(now - limit.window)),
            )
            .await?;
        if recent >= limit.max {
            let minutes = Ord::max(limit.window.num_minutes(), 1);
            return Err(Error::RateLimited(match subject {
                Subject::Address(_) => format!(
                    "Too many requests from your address. Please try again in {minutes} minutes."
                ),
                Subject::Phone(_) => format!(
                    "Too many requests for this phone number. Please try again in {minutes} minutes."
                ),
            }));
        }
        let mut tx = self.db.begin().await?;
        tx.execute(Query::delete().from_table(PublicAttempts::Table).and_where(
            Expr::col(PublicAttempts::AttemptedAt).lt(now - Duration::hours(KEPT_FOR_HOURS)),
        ))
        .await?;
        tx.execute(
            Query::insert()
                .into_table(PublicAttempts::Table)
                .columns([
                    PublicAttempts::Action,
                    PublicAttempts::SubjectKind,
                    PublicAttempts::Subject,
                    PublicAttempts::AttemptedAt,
                ])
                .values_panic([action.into(), kind.into(), value.into(), now.into()]),
        )
        .await?;
        tx.commit().await
    }
}
