//! Users and their ordered roles.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};

use super::schema::{Enterprises, UserRoles, Users};
use crate::db::{Database, Transaction};
use crate::domain::{EmpLevel, Role};
use crate::error::{Error, Result};

/// What it takes to create a user; the password is already hashed.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub username: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub emp_level: EmpLevel,
    pub enterprise_id: Option<i64>,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    pub roles: Vec<Role>,
    pub color_code: String,
}

/// What log-in needs to check a password.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Credentials {
    pub id: i64,
    pub password_hash: String,
    pub is_blocked: bool,
    /// The password is followed by a one-time code (spec H-R10).
    pub two_step_login: bool,
}

/// A user as the rest of Bayline sees them.
#[derive(Debug, Clone)]
pub struct UserProfile {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub emp_level: EmpLevel,
    pub color_code: String,
    pub real_time_sync: bool,
    pub calling_feature: bool,
    /// The user's own chat notification conversation, once their chat client has opened.
    pub chat_channel_sid: Option<String>,
    pub is_blocked: bool,
    pub enterprise_id: Option<i64>,
    pub enterprise_name: Option<String>,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    pub roles: Vec<Role>,
}

#[derive(sqlx::FromRow)]
struct ProfileRow {
    id: i64,
    username: String,
    first_name: String,
    last_name: String,
    email: Option<String>,
    emp_level: String,
    color_code: String,
    real_time_sync: bool,
    calling_feature: bool,
    chat_channel_sid: Option<String>,
    is_blocked: bool,
    enterprise_id: Option<i64>,
    enterprise_name: Option<String>,
    boc_id: Option<i64>,
    store_id: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct RoleRow {
    role: String,
}

#[derive(Debug, Clone)]
pub struct UserStore {
    db: Database,
}

impl UserStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Creates the user and their roles in one transaction.
    pub async fn create(&self, user: &NewUser, now: DateTime<Utc>) -> Result<i64> {
        let mut tx = self.db.begin().await?;
        let id = Self::create_in(&mut tx, user, now).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Creates the user and their roles inside a caller's transaction.
    pub async fn create_in(
        tx: &mut Transaction,
        user: &NewUser,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        if user.roles.is_empty() {
            return Err(Error::invalid("a user needs at least one role"));
        }
        let insert = Query::insert()
            .into_table(Users::Table)
            .columns([
                Users::Username,
                Users::PasswordHash,
                Users::FirstName,
                Users::LastName,
                Users::Email,
                Users::EmpLevel,
                Users::EnterpriseId,
                Users::BocId,
                Users::StoreId,
                Users::ColorCode,
                Users::CreatedAt,
                Users::UpdatedAt,
            ])
            .values_panic([
                user.username.clone().into(),
                user.password_hash.clone().into(),
                user.first_name.clone().into(),
                user.last_name.clone().into(),
                user.email.clone().into(),
                user.emp_level.as_str().into(),
                user.enterprise_id.into(),
                user.boc_id.into(),
                user.store_id.into(),
                user.color_code.clone().into(),
                now.into(),
                now.into(),
            ])
            .returning_col(Users::Id)
            .to_owned();
        let id: i64 = tx.fetch_scalar(&insert).await.map_err(|e| match e {
            Error::Database(db) => Error::from_unique_violation(db, "username"),
            other => other,
        })?;
        Self::replace_roles(tx, id, &user.roles).await?;
        Ok(id)
    }

    /// Sets a user's roles, in order (the first decides their landing page).
    pub async fn replace_roles(tx: &mut Transaction, user_id: i64, roles: &[Role]) -> Result<()> {
        tx.execute(
            &Query::delete()
                .from_table(UserRoles::Table)
                .and_where(Expr::col(UserRoles::UserId).eq(user_id))
                .to_owned(),
        )
        .await?;
        let mut insert = Query::insert()
            .into_table(UserRoles::Table)
            .columns([UserRoles::UserId, UserRoles::Role, UserRoles::Position])
            .to_owned();
        for (position, role) in roles.iter().enumerate() {
            insert.values_panic([
                user_id.into(),
                role.as_str().into(),
                (position as i32).into(),
            ]);
        }
        tx.execute(&insert).await?;
        Ok(())
    }

    /// What log-in checks. A user of a deactivated enterprise, or a deleted one, reads as blocked.
    pub async fn credentials(&self, username: &str) -> Result<Option<Credentials>> {
        let query = Query::select()
            .columns([
                (Users::Table, Users::Id),
                (Users::Table, Users::PasswordHash),
                (Users::Table, Users::TwoStepLogin),
            ])
            .expr_as(not_allowed_in(), "is_blocked")
            .from(Users::Table)
            .left_join(
                Enterprises::Table,
                Expr::col((Enterprises::Table, Enterprises::Id))
                    .equals((Users::Table, Users::EnterpriseId)),
            )
            .and_where(Expr::col((Users::Table, Users::Username)).eq(username))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    pub async fn profile(&self, user_id: i64) -> Result<Option<UserProfile>> {
        let query = Query::select()
            .columns([
                (Users::Table, Users::Id),
                (Users::Table, Users::Username),
                (Users::Table, Users::FirstName),
                (Users::Table, Users::LastName),
                (Users::Table, Users::Email),
                (Users::Table, Users::EmpLevel),
                (Users::Table, Users::ColorCode),
                (Users::Table, Users::RealTimeSync),
                (Users::Table, Users::CallingFeature),
                (Users::Table, Users::ChatChannelSid),
                (Users::Table, Users::EnterpriseId),
                (Users::Table, Users::BocId),
                (Users::Table, Users::StoreId),
            ])
            .expr_as(
                Expr::col((Enterprises::Table, Enterprises::Name)),
                "enterprise_name",
            )
            .expr_as(not_allowed_in(), "is_blocked")
            .from(Users::Table)
            .left_join(
                Enterprises::Table,
                Expr::col((Enterprises::Table, Enterprises::Id))
                    .equals((Users::Table, Users::EnterpriseId)),
            )
            .and_where(Expr::col((Users::Table, Users::Id)).eq(user_id))
            .to_owned();
        let Some(row) = self.db.fetch_optional::<ProfileRow>(&query).await? else {
            return Ok(None);
        };
        let roles_query = Query::select()
            .column(UserRoles::Role)
            .from(UserRoles::Table)
            .and_where(Expr::col(UserRoles::UserId).eq(user_id))
            .order_by(UserRoles::Position, Order::Asc)
            .to_owned();
        let roles = self
            .db
            .fetch_all::<RoleRow>(&roles_query)
            .await?
            .into_iter()
            .map(|r| r.role.parse::<Role>())
            .collect::<Result<Vec<_>>>()
            .map_err(|e| Error::Internal(format!("user {user_id} has a bad role: {e}")))?;
        let emp_level = row
            .emp_level
            .parse::<EmpLevel>()
            .map_err(|e| Error::Internal(format!("user {user_id} has a bad level: {e}")))?;
        Ok(Some(UserProfile {
            id: row.id,
            username: row.username,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            emp_level,
            color_code: row.color_code,
            real_time_sync: row.real_time_sync,
            calling_feature: row.calling_feature,
            chat_channel_sid: row.chat_channel_sid,
            is_blocked: row.is_blocked,
            enterprise_id: row.enterprise_id,
            enterprise_name: row.enterprise_name,
            boc_id: row.boc_id,
            store_id: row.store_id,
            roles,
        }))
    }

    /// How many users exist; demo data only loads into a database without any.
    /// The managers responsible for a store who can be e-mailed: users of its enterprise with
    /// a manager role whose view covers the store (enterprise-wide, its dealer's, or its own),
    /// not blocked, with an e-mail address. Store-level first, at most `limit`.
    pub async fn managers_of_store(
        &self,
        enterprise_id: i64,
        boc_id: i64,
        store_id: i64,
        limit: u64,
    ) -> Result<Vec<(i64, String, String)>> {
        let roles: Vec<&str> = crate::domain::MANAGER_ROLES
            .iter()
            .map(|r| r.as_str())
            .collect();
        let query = Query::select()
            .columns([(Users::Table, Users::Id)])
            .expr(Expr::col((Users::Table, Users::FirstName)))
            .expr(Expr::col((Users::Table, Users::Email)))
            .from(Users::Table)
            .and_where(Expr::col((Users::Table, Users::EnterpriseId)).eq(enterprise_id))
            .and_where(Expr::col((Users::Table, Users::IsBlocked)).eq(false))
            .and_where(Expr::col((Users::Table, Users::Email)).is_not_null())
            .and_where(
                Expr::col((Users::Table, Users::BocId))
                    .is_null()
                    .or(Expr::col((Users::Table, Users::BocId)).eq(boc_id)),
            )
            .and_where(
                Expr::col((Users::Table, Users::StoreId))
                    .is_null()
                    .or(Expr::col((Users::Table, Users::StoreId)).eq(store_id)),
            )
            .and_where(
                Expr::col((Users::Table, Users::Id)).in_subquery(
                    Query::select()
                        .column(UserRoles::UserId)
                        .from(UserRoles::Table)
                        .and_where(Expr::col(UserRoles::Role).is_in(roles))
                        .to_owned(),
                ),
            )
            .order_by_expr(
                Expr::col((Users::Table, Users::StoreId)).is_null(),
                Order::Asc,
            )
            .order_by((Users::Table, Users::Id), Order::Asc)
            .limit(limit)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    /// What screens call each of these users: first and last name, else the username.
    pub async fn display_names(
        &self,
        ids: &[i64],
    ) -> Result<std::collections::HashMap<i64, String>> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let query = Query::select()
            .columns([
                Users::Id,
                Users::Username,
                Users::FirstName,
                Users::LastName,
            ])
            .from(Users::Table)
            .and_where(Expr::col(Users::Id).is_in(ids.iter().copied()))
            .to_owned();
        let rows: Vec<(i64, String, Option<String>, Option<String>)> =
            self.db.fetch_all(&query).await?;
        Ok(rows
            .into_iter()
            .map(|(id, username, first, last)| {
                let name = [first, last]
                    .into_iter()
                    .flatten()
                    .map(|part| part.trim().to_owned())
                    .filter(|part| !part.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
                (id, if name.is_empty() { username } else { name })
            })
            .collect())
    }

    pub async fn count(&self) -> Result<i64> {
        let query = Query::select()
            .expr(Expr::col(Users::Id).count())
            .from(Users::Table)
            .to_owned();
        self.db.fetch_scalar(&query).await
    }
}

/// Whether a user may not use Bayline: blocked, deleted, or of a deactivated enterprise (the
/// query joins `enterprises`).
fn not_allowed_in() -> Expr {
    Expr::col((Users::Table, Users::IsBlocked))
        .eq(true)
        .or(Expr::col((Users::Table, Users::DeletedAt)).is_not_null())
        .or(Expr::col((Enterprises::Table, Enterprises::DeactivatedAt)).is_not_null())
}
