//! Sign-in sessions (tokens are stored only as hashes) and the log-in attempts that limit guessing.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Query};

use super::schema::{LoginAttempts, LoginChallenges, Sessions, Users};
use crate::db::{Database, Transaction};
use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ActiveSession {
    pub id: i64,
    pub user_id: i64,
    pub last_seen_at: DateTime<Utc>,
}

/// A one-time log-in code waiting for its user (the second log-in step).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PendingChallenge {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub code_hash: String,
    pub attempts: i32,
}

#[derive(Debug, Clone)]
pub struct SessionStore {
    db: Database,
}

impl SessionStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn create(
        &self,
        user_id: i64,
        token_hash: &str,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
        ip: Option<&str>,
        user_agent: Option<&str>,
    ) -> Result<()> {
        let insert = Query::insert()
            .into_table(Sessions::Table)
            .columns([
                Sessions::UserId,
                Sessions::TokenHash,
                Sessions::CreatedAt,
                Sessions::ExpiresAt,
                Sessions::LastSeenAt,
                Sessions::Ip,
                Sessions::UserAgent,
            ])
            .values_panic([
                user_id.into(),
                token_hash.into(),
                now.into(),
                expires_at.into(),
                now.into(),
                ip.map(str::to_owned).into(),
                user_agent
                    .map(|ua| ua.chars().take(300).collect::<String>())
                    .into(),
            ])
            .to_owned();
        self.db.execute(&insert).await?;
        Ok(())
    }

    /// The unexpired session with this token hash, if any.
    pub async fn find_active(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<ActiveSession>> {
        let query = Query::select()
            .columns([Sessions::Id, Sessions::UserId, Sessions::LastSeenAt])
            .from(Sessions::Table)
            .and_where(Expr::col(Sessions::TokenHash).eq(token_hash))
            .and_where(Expr::col(Sessions::ExpiresAt).gt(now))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    pub async fn touch(&self, session_id: i64, now: DateTime<Utc>) -> Result<()> {
        let update = Query::update()
            .table(Sessions::Table)
            .value(Sessions::LastSeenAt, now)
            .and_where(Expr::col(Sessions::Id).eq(session_id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Ends a session; returns whether there was one.
    pub async fn delete(&self, token_hash: &str) -> Result<bool> {
        let delete = Query::delete()
            .from_table(Sessions::Table)
            .and_where(Expr::col(Sessions::TokenHash).eq(token_hash))
            .to_owned();
        Ok(self.db.execute(&delete).await? > 0)
    }

    /// Ends every session of a user at once (blocked, deleted, or given a new password).
    pub async fn end_for_user(tx: &mut Transaction, user_id: i64) -> Result<u64> {
        tx.execute(
            &Query::delete()
                .from_table(Sessions::Table)
                .and_where(Expr::col(Sessions::UserId).eq(user_id))
                .to_owned(),
        )
        .await
    }

    /// Ends every session of an enterprise's users (the enterprise was deactivated).
    pub async fn end_for_enterprise(tx: &mut Transaction, enterprise_id: i64) -> Result<u64> {
        tx.execute(
            &Query::delete()
                .from_table(Sessions::Table)
                .and_where(
                    Expr::col(Sessions::UserId).in_subquery(
                        Query::select()
                            .column(Users::Id)
                            .from(Users::Table)
                            .and_where(Expr::col(Users::EnterpriseId).eq(enterprise_id))
                            .to_owned(),
                    ),
                )
                .to_owned(),
        )
        .await
    }

    pub async fn delete_expired(&self, now: DateTime<Utc>) -> Result<u64> {
        let delete = Query::delete()
            .from_table(Sessions::Table)
            .and_where(Expr::col(Sessions::ExpiresAt).lte(now))
            .to_owned();
        self.db.execute(&delete).await
    }

    /// Forgets log-in attempts from before `before`; only recent ones matter for throttling.
    pub async fn delete_attempts_before(&self, before: DateTime<Utc>) -> Result<u64> {
        let delete = Query::delete()
            .from_table(LoginAttempts::Table)
            .and_where(Expr::col(LoginAttempts::AttemptedAt).lt(before))
            .to_owned();
        self.db.execute(&delete).await
    }

    pub async fn record_attempt(
        &self,
        username: &str,
        ip: Option<&str>,
        succeeded: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let insert = Query::insert()
            .into_table(LoginAttempts::Table)
            .columns([
                LoginAttempts::Username,
                LoginAttempts::Ip,
                LoginAttempts::Succeeded,
                LoginAttempts::AttemptedAt,
            ])
            .values_panic([
                username.into(),
                ip.map(str::to_owned).into(),
                succeeded.into(),
                now.into(),
            ])
            .to_owned();
        self.db.execute(&insert).await?;
        Ok(())
    }

    /// Failed attempts since `since` for this username, and from this address.
    pub async fn recent_failures(
        &self,
        username: &str,
        ip: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<(i64, i64)> {
        let failures = |column: LoginAttempts, value: &str| {
            Query::select()
                .expr(Expr::col(LoginAttempts::Id).count())
                .from(LoginAttempts::Table)
                .and_where(Expr::col(column).eq(value))
                .and_where(Expr::col(LoginAttempts::Succeeded).eq(false))
                .and_where(Expr::col(LoginAttempts::AttemptedAt).gt(since))
                .to_owned()
        };
        let by_user: i64 = self
            .db
            .fetch_scalar(&failures(LoginAttempts::Username, username))
            .await?;
        let by_ip: i64 = match ip {
            Some(ip) => {
                self.db
                    .fetch_scalar(&failures(LoginAttempts::Ip, ip))
                    .await?
            }
            None => 0,
        };
        Ok((by_user, by_ip))
    }

    /// Records a log-in code sent to a user, by the hashes of its challenge token and code.
    pub async fn create_challenge(
        &self,
        user_id: i64,
        token_hash: &str,
        code_hash: &str,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<()> {
        let insert = Query::insert()
            .into_table(LoginChallenges::Table)
            .columns([
                LoginChallenges::UserId,
                LoginChallenges::TokenHash,
                LoginChallenges::CodeHash,
                LoginChallenges::CreatedAt,
                LoginChallenges::ExpiresAt,
            ])
            .values_panic([
                user_id.into(),
                token_hash.into(),
                code_hash.into(),
                now.into(),
                expires_at.into(),
            ])
            .to_owned();
        self.db.execute(&insert).await?;
        Ok(())
    }

    /// How many codes were sent to a user since `since`: sending is throttled like guessing.
    pub async fn challenges_since(&self, user_id: i64, since: DateTime<Utc>) -> Result<i64> {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(LoginChallenges::Id).count())
                    .from(LoginChallenges::Table)
                    .and_where(Expr::col(LoginChallenges::UserId).eq(user_id))
                    .and_where(Expr::col(LoginChallenges::CreatedAt).gt(since))
                    .to_owned(),
            )
            .await
    }

    /// The unexpired challenge with this token hash, with its user's name.
    pub async fn find_challenge(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<PendingChallenge>> {
        let query = Query::select()
            .columns([
                (LoginChallenges::Table, LoginChallenges::Id),
                (LoginChallenges::Table, LoginChallenges::UserId),
                (LoginChallenges::Table, LoginChallenges::CodeHash),
                (LoginChallenges::Table, LoginChallenges::Attempts),
            ])
            .column((Users::Table, Users::Username))
            .from(LoginChallenges::Table)
            .inner_join(
                Users::Table,
                Expr::col((Users::Table, Users::Id))
                    .equals((LoginChallenges::Table, LoginChallenges::UserId)),
            )
            .and_where(
                Expr::col((LoginChallenges::Table, LoginChallenges::TokenHash)).eq(token_hash),
            )
            .and_where(Expr::col((LoginChallenges::Table, LoginChallenges::ExpiresAt)).gt(now))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    /// Counts a wrong code against its challenge.
    pub async fn count_wrong_code(&self, challenge_id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(LoginChallenges::Table)
                    .value(
                        LoginChallenges::Attempts,
                        Expr::col(LoginChallenges::Attempts).add(1),
                    )
                    .and_where(Expr::col(LoginChallenges::Id).eq(challenge_id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// Ends a challenge (used, or tried too often); answers whether this call ended it, so a
    /// code used twice at once signs in once.
    pub async fn end_challenge(&self, challenge_id: i64) -> Result<bool> {
        let ended = self
            .db
            .execute(
                &Query::delete()
                    .from_table(LoginChallenges::Table)
                    .and_where(Expr::col(LoginChallenges::Id).eq(challenge_id))
                    .to_owned(),
            )
            .await?;
        Ok(ended > 0)
    }

    /// Forgets challenges that expired before `before`.
    pub async fn delete_challenges_before(&self, before: DateTime<Utc>) -> Result<u64> {
        self.db
            .execute(
                &Query::delete()
                    .from_table(LoginChallenges::Table)
                    .and_where(Expr::col(LoginChallenges::ExpiresAt).lt(before))
                    .to_owned(),
            )
            .await
    }
}
