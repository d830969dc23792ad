//! Users as administrators keep them: listed, created, edited (roles and scope), blocked and
//! unblocked, guests deleted, and passwords reset by a one-time link. Who may manage whom is
//! [`super::grantable_roles`]; a user outside the caller's view is not found.

use chrono::{DateTime, Duration, Utc};
use sea_query::{Expr, ExprTrait, Func, LikeExpr, Order, Query, SelectStatement};
use serde::Serialize;

use super::audit::{AuditChange, AuditLog};
use super::{USER_MANAGERS, admin_scope, check_grant, grantable_roles};
use crate::auth::{Caller, LOGIN_CODE_LIFETIME, LoginChallenge, Scope, password, token};
use crate::db::{Database, Transaction};
use crate::domain::formats::{MAX_EMAIL_CHARS, MAX_NAME_CHARS, too_long};
use crate::domain::{EmpLevel, Role};
use crate::error::{Error, Result};
use crate::messaging::email::{Email, Mailer};
use crate::store::schema::{Bocs, PasswordResets, Sessions, Stores, UserRoles, Users};
use crate::store::sessions::SessionStore;
use crate::store::users::{NewUser, UserStore};
use crate::store::{Page, PageRequest, like_pattern};

/// How long a password link works.
pub const RESET_LINK_LIFETIME: Duration = Duration::hours(24);

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct UserRecord {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    #[sqlx(try_from = "String")]
    pub emp_level: EmpLevel,
    pub enterprise_id: Option<i64>,
    pub boc_id: Option<i64>,
    pub boc_name: Option<String>,
    pub store_id: Option<i64>,
    pub store_name: Option<String>,
    pub color_code: String,
    pub real_time_sync: bool,
    pub calling_feature: bool,
    /// A one-time code by e-mail follows the password (spec H-R10).
    pub two_step_login: bool,
    pub is_blocked: bool,
    pub is_guest: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub last_seen_at: Option<DateTime<Utc>>,
    #[sqlx(skip)]
    pub roles: Vec<Role>,
}

/// A user as an admin writes them. `username`, `password` and `is_guest` are read on creation
/// only; without a password a new user is e-mailed a link to choose one.
#[derive(Debug, Clone)]
pub struct UserInput {
    pub username: String,
    pub password: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub emp_level: EmpLevel,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    pub roles: Vec<Role>,
    pub color_code: Option<String>,
    pub real_time_sync: bool,
    pub calling_feature: bool,
    pub two_step_login: bool,
    pub is_guest: bool,
}

/// A password link to send: who to, and the token (shown only in the e-mail).
#[derive(Debug, Clone)]
pub struct ResetLink {
    pub user: UserRecord,
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// Where a user works: checked against the enterprise and the caller's view.
struct Placement {
    boc_id: Option<i64>,
    store_id: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct UserAdmin {
    db: Database,
}

fn json<T: Serialize>(value: &T) -> Option<serde_json::Value> {
    serde_json::to_value(value).ok()
}

impl UserInput {
    fn checked(mut self, creating: bool) -> Result<Self> {
        self.username = self.username.trim().to_owned();
        self.first_name = self.first_name.trim().to_owned();
        self.last_name = self.last_name.trim().to_owned();
        self.email = self
            .email
            .map(|e| e.trim().to_owned())
            .filter(|e| !e.is_empty());
        self.color_code = self
            .color_code
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty());
        let mut problems = Vec::new();
        if creating {
            if self.username.chars().count() < 3 {
                problems.push("Username must have at least 3 characters".to_owned());
            }
            if self.username.chars().any(char::is_whitespace) {
                problems.push("Username must not contain spaces".to_owned());
            }
            problems.extend(too_long("Username", &self.username, MAX_EMAIL_CHARS));
            if let Some(password) = &self.password {
                if password.chars().count() < password::MIN_PASSWORD_LENGTH {
                    problems.push(format!(
                        "Password must have at least {} characters",
                        password::MIN_PASSWORD_LENGTH
                    ));
                }
                problems.extend(too_long("Password", password, 1_000));
            } else if self.email.is_none() {
                problems.push(
                    "Give a password or an e-mail address to send the password link to".to_owned(),
                );
            }
        }
        for (field, value) in [
            ("First name", &self.first_name),
            ("Last name", &self.last_name),
        ] {
            if value.is_empty() {
                problems.push(format!("{field} is required"));
            }
            problems.extend(too_long(field, value, MAX_NAME_CHARS));
        }
        if let Some(email) = &self.email {
            let plausible = email
                .split_once('@')
                .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'));
            if !plausible || email.chars().any(char::is_whitespace) {
                problems.push(format!("{email:?} is not an e-mail address"));
            }
            problems.extend(too_long("E-mail", email, MAX_EMAIL_CHARS));
        }
        if self.roles.is_empty() {
            problems.push("A user needs at least one role".to_owned());
        }
        if self.two_step_login && self.email.is_none() {
            problems.push("Two-step log-in needs an e-mail address to send the code to".to_owned());
        }
        let mut seen = Vec::new();
        for role in &self.roles {
            if seen.contains(role) {
                problems.push(format!("Role {role} is given twice"));
            }
            seen.push(*role);
        }
        match self.emp_level {
            EmpLevel::Platform => {
                problems.push("Platform users are created with the installation".to_owned())
            }
            EmpLevel::Enterprise => {
                self.boc_id = None;
                self.store_id = None;
            }
            EmpLevel::Boc => {
                self.store_id = None;
                if self.boc_id.is_none() {
                    problems.push("A dealer-level user needs a dealer (bocId)".to_owned());
                }
            }
            EmpLevel::Store => {
                if self.store_id.is_none() {
                    problems.push("A store-level user needs a store (storeId)".to_owned());
                }
            }
        }
        if let Some(color) = &self.color_code {
            let hex = color.strip_prefix('#').unwrap_or("");
            if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                problems.push(format!("Colour {color:?} is not #RRGGBB"));
            }
        }
        if problems.is_empty() {
            Ok(self)
        } else {
            Err(Error::invalid_all(problems))
        }
    }
}

impl UserAdmin {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    fn user_select() -> SelectStatement {
        Query::select()
            .columns([
                (Users::Table, Users::Id),
                (Users::Table, Users::Username),
                (Users::Table, Users::FirstName),
                (Users::Table, Users::LastName),
                (Users::Table, Users::Email),
                (Users::Table, Users::EmpLevel),
                (Users::Table, Users::EnterpriseId),
                (Users::Table, Users::BocId),
                (Users::Table, Users::StoreId),
                (Users::Table, Users::ColorCode),
                (Users::Table, Users::RealTimeSync),
                (Users::Table, Users::CallingFeature),
                (Users::Table, Users::TwoStepLogin),
                (Users::Table, Users::IsBlocked),
                (Users::Table, Users::IsGuest),
                (Users::Table, Users::CreatedAt),
                (Users::Table, Users::UpdatedAt),
            ])
            .expr_as(Expr::col((Bocs::Table, Bocs::Name)), "boc_name")
            .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
            .expr_as(
                Expr::SubQuery(
                    None,
                    Box::new(
                        Query::select()
                            .expr(Func::max(Expr::col((
                                Sessions::Table,
                                Sessions::LastSeenAt,
                            ))))
                            .from(Sessions::Table)
                            .and_where(
                                Expr::col((Sessions::Table, Sessions::UserId))
                                    .equals((Users::Table, Users::Id)),
                            )
                            .to_owned()
                            .into(),
                    ),
                ),
                "last_seen_at",
            )
            .from(Users::Table)
            .left_join(
                Bocs::Table,
                Expr::col((Bocs::Table, Bocs::Id)).equals((Users::Table, Users::BocId)),
            )
            .left_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::Id)).equals((Users::Table, Users::StoreId)),
            )
            .and_where(Expr::col((Users::Table, Users::DeletedAt)).is_null())
            .to_owned()
    }

    async fn with_roles(&self, mut users: Vec<UserRecord>) -> Result<Vec<UserRecord>> {
        if users.is_empty() {
            return Ok(users);
        }
        let rows: Vec<(i64, String)> = self
            .db
            .fetch_all(
                Query::select()
                    .columns([UserRoles::UserId, UserRoles::Role])
                    .from(UserRoles::Table)
                    .and_where(Expr::col(UserRoles::UserId).is_in(users.iter().map(|u| u.id)))
                    .order_by(UserRoles::Position, Order::Asc),
            )
            .await?;
        for user in &mut users {
            user.roles = rows
                .iter()
                .filter(|(id, _)| *id == user.id)
                .filter_map(|(_, role)| role.parse().ok())
                .collect();
        }
        Ok(users)
    }

    /// The users of an enterprise the caller may see: their whole enterprise for tenant admins,
    /// their dealer's or store's for managers. Deleted guests are left out.
    pub async fn list(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<UserRecord>> {
        let scope = admin_scope(caller, enterprise_id)?;
        caller.require_any(USER_MANAGERS)?;
        let mut base = Self::user_select();
        restrict_to(&mut base, &scope);
        if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
            let pattern = like_pattern(search)?;
            let like = |column: Users| {
                Expr::expr(Func::lower(Expr::col((Users::Table, column))))
                    .like(LikeExpr::new(pattern.clone()).escape('\\'))
            };
            base.and_where(
                like(Users::Username)
                    .or(like(Users::FirstName))
                    .or(like(Users::LastName))
                    .or(like(Users::Email)),
            );
        }
        let mut count = base.clone();
        count.clear_selects();
        let total: i64 = self
            .db
            .fetch_scalar(count.expr(Expr::col((Users::Table, Users::Id)).count()))
            .await?;
        let users: Vec<UserRecord> = self
            .db
            .fetch_all(
                base.order_by((Users::Table, Users::LastName), Order::Asc)
                    .order_by((Users::Table, Users::FirstName), Order::Asc)
                    .order_by((Users::Table, Users::Id), Order::Asc)
                    .limit(page.size)
                    .offset(page.offset()),
            )
            .await?;
        Ok(Page::new(self.with_roles(users).await?, page, total as u64))
    }

    async fn user_row(&self, user_id: i64) -> Result<Option<UserRecord>> {
        let found: Option<UserRecord> = self
            .db
            .fetch_optional(
                Self::user_select().and_where(Expr::col((Users::Table, Users::Id)).eq(user_id)),
            )
            .await?;
        Ok(self.with_roles(found.into_iter().collect()).await?.pop())
    }

    /// A user the caller may manage: inside their view (else not found) and holding only roles
    /// the caller could give (else forbidden).
    pub async fn get(&self, caller: &Caller, user_id: i64) -> Result<UserRecord> {
        caller.require_any(USER_MANAGERS)?;
        let not_found = || Error::not_found("User not found");
        let user = self.user_row(user_id).await?.ok_or_else(not_found)?;
        let Some(enterprise_id) = user.enterprise_id else {
            return if caller.is_platform() {
                Ok(user)
            } else {
                Err(not_found())
            };
        };
        let scope = caller.scope(Some(enterprise_id)).map_err(|_| not_found())?;
        if !scope.contains(enterprise_id, user.boc_id, user.store_id) {
            return Err(not_found());
        }
        let allowed = grantable_roles(caller);
        if user.roles.iter().any(|r| !allowed.contains(r)) {
            return Err(Error::Forbidden(
                "This user holds a role you may not manage".to_owned(),
            ));
        }
        Ok(user)
    }

    /// Where a new or edited user works, inside the enterprise and the caller's view.
    async fn place(&self, scope: &Scope, input: &UserInput) -> Result<Placement> {
        let (boc_id, store_id) = match input.emp_level {
            EmpLevel::Store => {
                let store_id = input.store_id.unwrap_or_default();
                let found: Option<(i64, i64, Option<DateTime<Utc>>)> = self
                    .db
                    .fetch_optional(
                        Query::select()
                            .columns([Stores::EnterpriseId, Stores::BocId, Stores::DeactivatedAt])
                            .from(Stores::Table)
                            .and_where(Expr::col(Stores::Id).eq(store_id)),
                    )
                    .await?;
                match found {
                    Some((enterprise, boc, None)) if enterprise == scope.enterprise_id => {
                        (Some(boc), Some(store_id))
                    }
                    _ => return Err(Error::not_found("Store not found")),
                }
            }
            EmpLevel::Boc => {
                let boc_id = input.boc_id.unwrap_or_default();
                let found: Option<(i64, Option<DateTime<Utc>>)> = self
                    .db
                    .fetch_optional(
                        Query::select()
                            .columns([Bocs::EnterpriseId, Bocs::DeactivatedAt])
                            .from(Bocs::Table)
                            .and_where(Expr::col(Bocs::Id).eq(boc_id)),
                    )
                    .await?;
                match found {
                    Some((enterprise, None)) if enterprise == scope.enterprise_id => {
                        (Some(boc_id), None)
                    }
                    _ => return Err(Error::not_found("Dealer not found")),
                }
            }
            _ => (None, None),
        };
        if !scope.contains(scope.enterprise_id, boc_id, store_id) {
            return Err(Error::not_found(if store_id.is_some() {
                "Store not found"
            } else {
                "Dealer not found"
            }));
        }
        Ok(Placement { boc_id, store_id })
    }

    /// Whether the caller manages users of this enterprise at all: checked before a request's
    /// body is read, so the answer does not depend on it.
    pub fn may_manage(&self, caller: &Caller, enterprise_id: i64) -> Result<Scope> {
        let scope = admin_scope(caller, enterprise_id)?;
        caller.require_any(USER_MANAGERS)?;
        Ok(scope)
    }

    /// Creates a user; without a password the answer carries the link to e-mail them.
    pub async fn create(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        input: UserInput,
        now: DateTime<Utc>,
    ) -> Result<(UserRecord, Option<ResetLink>)> {
        let scope = self.may_manage(caller, enterprise_id)?;
        // A platform operator may name any enterprise: one that does not exist is not found.
        if !crate::store::tenancy::TenancyStore::new(self.db.clone())
            .enterprise_exists(enterprise_id)
            .await?
        {
            return Err(Error::not_found("Enterprise not found"));
        }
        let input = input.checked(true)?;
        check_grant(caller, &input.roles, input.emp_level)?;
        let placement = self.place(&scope, &input).await?;
        // Without a password the account gets an unguessable one nobody knows until the link.
        let password = input.password.clone().unwrap_or_else(token::new_token);
        let new_user = NewUser {
            username: input.username.clone(),
            password_hash: password::hash_password(&password)?,
            first_name: input.first_name.clone(),
            last_name: input.last_name.clone(),
            email: input.email.clone(),
            emp_level: input.emp_level,
            enterprise_id: Some(enterprise_id),
            boc_id: placement.boc_id,
            store_id: placement.store_id,
            roles: input.roles.clone(),
            color_code: input
                .color_code
                .clone()
                .unwrap_or_else(|| "#2f6fdf".to_owned()),
        };
        let mut tx = self.db.begin().await?;
        let id = UserStore::create_in(&mut tx, &new_user, now)
            .await
            .map_err(|e| match e {
                Error::Conflict(_) => {
                    Error::Conflict(format!("Username {} is taken", input.username))
                }
                other => other,
            })?;
        tx.execute(
            &Query::update()
                .table(Users::Table)
                .values([
                    (Users::RealTimeSync, input.real_time_sync.into()),
                    (Users::CallingFeature, input.calling_feature.into()),
                    (Users::TwoStepLogin, input.two_step_login.into()),
                    (Users::IsGuest, input.is_guest.into()),
                ])
                .and_where(Expr::col(Users::Id).eq(id))
                .to_owned(),
        )
        .await?;
        let link = if input.password.is_none() {
            Some(Self::new_reset(&mut tx, id, caller.user_id, now).await?)
        } else {
            None
        };
        let created = Self::user_in_tx(&mut tx, id).await?;
        AuditLog::record(
            &mut tx,
            change(caller, enterprise_id, "CREATE", id, None, json(&created)),
            now,
        )
        .await?;
        tx.commit().await?;
        let link = link.map(|(token, expires_at)| ResetLink {
            user: created.clone(),
            token,
            expires_at,
        });
        Ok((created, link))
    }

    /// Edits a user's names, e-mail, level and place, roles and flags.
    pub async fn update(
        &self,
        caller: &Caller,
        user_id: i64,
        input: UserInput,
        now: DateTime<Utc>,
    ) -> Result<UserRecord> {
        let before = self.get(caller, user_id).await?;
        let enterprise_id = before
            .enterprise_id
            .ok_or_else(|| Error::Conflict("Platform users are kept by the installation".into()))?;
        let scope = admin_scope(caller, enterprise_id)?;
        let input = input.checked(false)?;
        check_grant(caller, &input.roles, input.emp_level)?;
        if user_id == caller.user_id && input.roles != before.roles {
            return Err(Error::Conflict(
                "You cannot change your own roles".to_owned(),
            ));
        }
        let placement = self.place(&scope, &input).await?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Users::Table)
                .values([
                    (Users::FirstName, input.first_name.clone().into()),
                    (Users::LastName, input.last_name.clone().into()),
                    (Users::Email, input.email.clone().into()),
                    (Users::EmpLevel, input.emp_level.as_str().into()),
                    (Users::BocId, placement.boc_id.into()),
                    (Users::StoreId, placement.store_id.into()),
                    (
                        Users::ColorCode,
                        input
                            .color_code
                            .clone()
                            .unwrap_or_else(|| before.color_code.clone())
                            .into(),
                    ),
                    (Users::RealTimeSync, input.real_time_sync.into()),
                    (Users::CallingFeature, input.calling_feature.into()),
                    (Users::TwoStepLogin, input.two_step_login.into()),
                    (Users::UpdatedAt, now.into()),
                ])
                .and_where(Expr::col(Users::Id).eq(user_id))
                .to_owned(),
        )
        .await?;
        UserStore::replace_roles(&mut tx, user_id, &input.roles).await?;
        let after = Self::user_in_tx(&mut tx, user_id).await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "UPDATE",
                user_id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Blocks a user (their sessions end at once) or unblocks them.
    pub async fn set_blocked(
        &self,
        caller: &Caller,
        user_id: i64,
        blocked: bool,
        now: DateTime<Utc>,
    ) -> Result<UserRecord> {
        let before = self.get(caller, user_id).await?;
        if user_id == caller.user_id {
            return Err(Error::Conflict("You cannot block yourself".to_owned()));
        }
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Users::Table)
                .values([
                    (Users::IsBlocked, blocked.into()),
                    (Users::UpdatedAt, now.into()),
                ])
                .and_where(Expr::col(Users::Id).eq(user_id))
                .to_owned(),
        )
        .await?;
        if blocked {
            SessionStore::end_for_user(&mut tx, user_id).await?;
        }
        let after = Self::user_in_tx(&mut tx, user_id).await?;
        let action = if blocked { "BLOCK" } else { "UNBLOCK" };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                before.enterprise_id.unwrap_or_default(),
                action,
                user_id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Deletes a guest user: their sessions end, the username is freed, and the row stays for
    /// the history that names them. Only guests are deleted; staff are blocked instead.
    pub async fn delete_guest(
        &self,
        caller: &Caller,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let before = self.get(caller, user_id).await?;
        if !before.is_guest {
            return Err(Error::Conflict(
                "Only guest users are deleted; block this user instead".to_owned(),
            ));
        }
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Users::Table)
                .values([
                    (
                        Users::Username,
                        format!("{}#deleted-{user_id}", before.username).into(),
                    ),
                    (Users::IsBlocked, true.into()),
                    (Users::DeletedAt, now.into()),
                    (Users::UpdatedAt, now.into()),
                ])
                .and_where(Expr::col(Users::Id).eq(user_id))
                .to_owned(),
        )
        .await?;
        SessionStore::end_for_user(&mut tx, user_id).await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                before.enterprise_id.unwrap_or_default(),
                "DELETE",
                user_id,
                json(&before),
                None,
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Makes a one-time password link for a user with an e-mail address.
    pub async fn request_reset(
        &self,
        caller: &Caller,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<ResetLink> {
        let user = self.get(caller, user_id).await?;
        if user.enterprise_id.is_none() {
            return Err(Error::Conflict(
                "Platform users' passwords are kept by the installation".to_owned(),
            ));
        }
        if user.email.is_none() {
            return Err(Error::invalid(
                "This user has no e-mail address to send the link to",
            ));
        }
        let mut tx = self.db.begin().await?;
        let (token, expires_at) = Self::new_reset(&mut tx, user_id, caller.user_id, now).await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                user.enterprise_id.unwrap_or_default(),
                "RESET_PASSWORD",
                user_id,
                None,
                Some(serde_json::json!({ "expiresAt": expires_at })),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(ResetLink {
            user,
            token,
            expires_at,
        })
    }

    async fn new_reset(
        tx: &mut Transaction,
        user_id: i64,
        requested_by: i64,
        now: DateTime<Utc>,
    ) -> Result<(String, DateTime<Utc>)> {
        // Earlier links stop working: only the newest one counts.
        tx.execute(
            &Query::update()
                .table(PasswordResets::Table)
                .value(PasswordResets::UsedAt, now)
                .and_where(Expr::col(PasswordResets::UserId).eq(user_id))
                .and_where(Expr::col(PasswordResets::UsedAt).is_null())
                .to_owned(),
        )
        .await?;
        let link = token::new_token();
        let expires_at = now + RESET_LINK_LIFETIME;
        tx.execute(
            &Query::insert()
                .into_table(PasswordResets::Table)
                .columns([
                    PasswordResets::UserId,
                    PasswordResets::TokenHash,
                    PasswordResets::RequestedBy,
                    PasswordResets::CreatedAt,
                    PasswordResets::ExpiresAt,
                ])
                .values_panic([
                    user_id.into(),
                    token::token_hash(&link).into(),
                    requested_by.into(),
                    now.into(),
                    expires_at.into(),
                ])
                .to_owned(),
        )
        .await?;
        Ok((link, expires_at))
    }

    /// Sets a new password through a link: it works once, before it expires, for a user who is
    /// not blocked; every session of theirs ends. Any failure reads the same.
    pub async fn complete_reset(
        &self,
        link: &str,
        new_password: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let invalid = || Error::invalid("This link is invalid or has expired. Ask for a new one.");
        let password_hash = password::hash_password(new_password)?;
        if link.len() > 200 {
            return Err(invalid());
        }
        let mut tx = self.db.begin().await?;
        let found: Option<(i64, i64)> = tx
            .fetch_optional(
                Query::select()
                    .columns([
                        (PasswordResets::Table, PasswordResets::Id),
                        (PasswordResets::Table, PasswordResets::UserId),
                    ])
                    .from(PasswordResets::Table)
                    .inner_join(
                        Users::Table,
                        Expr::col((Users::Table, Users::Id))
                            .equals((PasswordResets::Table, PasswordResets::UserId)),
                    )
                    .and_where(
                        Expr::col((PasswordResets::Table, PasswordResets::TokenHash))
                            .eq(token::token_hash(link)),
                    )
                    .and_where(Expr::col((PasswordResets::Table, PasswordResets::UsedAt)).is_null())
                    .and_where(
                        Expr::col((PasswordResets::Table, PasswordResets::ExpiresAt)).gt(now),
                    )
                    .and_where(Expr::col((Users::Table, Users::IsBlocked)).eq(false))
                    .and_where(Expr::col((Users::Table, Users::DeletedAt)).is_null()),
            )
            .await?;
        let (reset_id, user_id) = found.ok_or_else(invalid)?;
        // Guarded by `used_at IS NULL`, so two uses of one link cannot both win.
        let claimed = tx
            .execute(
                &Query::update()
                    .table(PasswordResets::Table)
                    .value(PasswordResets::UsedAt, now)
                    .and_where(Expr::col(PasswordResets::Id).eq(reset_id))
                    .and_where(Expr::col(PasswordResets::UsedAt).is_null())
                    .to_owned(),
            )
            .await?;
        if claimed == 0 {
            return Err(invalid());
        }
        tx.execute(
            &Query::update()
                .table(Users::Table)
                .values([
                    (Users::PasswordHash, password_hash.into()),
                    (Users::UpdatedAt, now.into()),
                ])
                .and_where(Expr::col(Users::Id).eq(user_id))
                .to_owned(),
        )
        .await?;
        SessionStore::end_for_user(&mut tx, user_id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn user_in_tx(tx: &mut Transaction, user_id: i64) -> Result<UserRecord> {
        let mut user: UserRecord = tx
            .fetch_optional(
                Self::user_select().and_where(Expr::col((Users::Table, Users::Id)).eq(user_id)),
            )
            .await?
            .ok_or_else(|| Error::not_found("User not found"))?;
        let roles: Vec<(String,)> = tx
            .fetch_all(
                Query::select()
                    .column(UserRoles::Role)
                    .from(UserRoles::Table)
                    .and_where(Expr::col(UserRoles::UserId).eq(user_id))
                    .order_by(UserRoles::Position, Order::Asc),
            )
            .await?;
        user.roles = roles
            .into_iter()
            .filter_map(|(r,)| r.parse().ok())
            .collect();
        Ok(user)
    }
}

/// Narrows a user query to a scope (users carry enterprise, dealer and store).
fn restrict_to(query: &mut SelectStatement, scope: &Scope) {
    scope.restrict(query, Users::Table, true);
}

/// The e-mail that carries a password link. `base_url` is where the UI is reached.
pub fn reset_email(link: &ResetLink, base_url: &str, welcome: bool) -> Email {
    let url = format!(
        "{}/reset-password?token={}",
        base_url.trim_end_matches('/'),
        link.token
    );
    let (subject, lead) = if welcome {
        (
            "Your Bayline account".to_owned(),
            format!(
                "An account was made for you on Bayline with the username <b>{}</b>. Choose your password:",
                html_escape(&link.user.username)
            ),
        )
    } else {
        (
            "Reset your Bayline password".to_owned(),
            "A new password was asked for your Bayline account. Choose it here:".to_owned(),
        )
    };
    Email {
        from_name: "Bayline".to_owned(),
        from_address: "accounts@bayline.local".to_owned(),
        to_name: format!("{} {}", link.user.first_name, link.user.last_name),
        to_address: link.user.email.clone().unwrap_or_default(),
        subject,
        html_body: format!(
            "<p>Hello {},</p><p>{lead}</p><p><a href=\"{url}\">{url}</a></p>\
             <p>The link works once, until {} UTC.</p>",
            html_escape(&link.user.first_name),
            link.expires_at.format("%Y-%m-%d %H:%M")
        ),
        calendar: None,
        message_id: None,
    }
}

/// Sends a password link and keeps it in the outbox; answers whether it went.
pub async fn send_reset_email(
    db: &Database,
    mailer: &Mailer,
    link: &ResetLink,
    base_url: &str,
    welcome: bool,
    now: DateTime<Utc>,
) -> Result<bool> {
    let Some(enterprise_id) = link.user.enterprise_id else {
        return Ok(false);
    };
    crate::messaging::email::mail_notice(
        &crate::store::messages::MessageStore::new(db.clone()),
        mailer,
        Some(enterprise_id),
        &reset_email(link, base_url, welcome),
        now,
    )
    .await
}

/// The e-mail that carries a log-in code (the second log-in step, spec H-R10).
pub fn login_code_email(challenge: &LoginChallenge) -> Email {
    let user = &challenge.profile;
    Email {
        from_name: "Bayline".to_owned(),
        from_address: "accounts@bayline.local".to_owned(),
        to_name: format!("{} {}", user.first_name, user.last_name),
        to_address: user.email.clone().unwrap_or_default(),
        subject: "Your Bayline log-in code".to_owned(),
        html_body: format!(
            "<p>Hello {},</p><p>Your code to finish signing in to Bayline as <b>{}</b> is</p>\
             <p style=\"font-size:24px;letter-spacing:4px\"><b>{}</b></p>\
             <p>It works once, for {} minutes. If you did not just sign in, change your password: \
             someone knows it.</p>",
            html_escape(&user.first_name),
            html_escape(&user.username),
            challenge.code,
            LOGIN_CODE_LIFETIME.num_minutes()
        ),
        calendar: None,
        message_id: None,
    }
}

/// Sends a log-in code to its user, kept in the outbox without its body. A code that could
/// not be sent is an upstream failure: the user cannot finish signing in.
pub async fn send_login_code(
    db: &Database,
    mailer: &Mailer,
    challenge: &LoginChallenge,
    now: DateTime<Utc>,
) -> Result<()> {
    let went = crate::messaging::email::mail_notice(
        &crate::store::messages::MessageStore::new(db.clone()),
        mailer,
        challenge.profile.enterprise_id,
        &login_code_email(challenge),
        now,
    )
    .await?;
    if went {
        Ok(())
    } else {
        Err(Error::Upstream(
            "The log-in code could not be e-mailed. Try again in a minute.".to_owned(),
        ))
    }
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn change(
    caller: &Caller,
    enterprise_id: i64,
    action: &'static str,
    user_id: i64,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
) -> AuditChange {
    AuditChange {
        enterprise_id: (enterprise_id > 0).then_some(enterprise_id),
        actor: caller.user_id,
        action,
        entity: "user",
        entity_id: user_id.to_string(),
        before,
        after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> UserInput {
        UserInput {
            username: "new.rep".into(),
            password: None,
            first_name: "New".into(),
            last_name: "Rep".into(),
            email: Some("new.rep@example.com".into()),
            emp_level: EmpLevel::Store,
            boc_id: None,
            store_id: Some(1),
            roles: vec![Role::SalesRep],
            color_code: None,
            real_time_sync: true,
            calling_feature: false,
            two_step_login: false,
            is_guest: false,
        }
    }

    #[test]
    fn a_new_user_without_password_needs_an_email_for_the_link() {
        assert!(input().checked(true).is_ok());
        let no_mail = UserInput {
            email: None,
            ..input()
        };
        assert!(no_mail.checked(true).is_err());
        let with_password = UserInput {
            email: None,
            password: Some("long enough".into()),
            ..input()
        };
        assert!(with_password.checked(true).is_ok());
    }

    #[test]
    fn every_problem_is_reported() {
        let bad = UserInput {
            username: "a b".into(),
            first_name: "".into(),
            email: Some("nope".into()),
            roles: vec![],
            emp_level: EmpLevel::Boc,
            color_code: Some("red".into()),
            ..input()
        };
        let Err(Error::Validation { errors, .. }) = bad.checked(true) else {
            panic!("expected a validation error");
        };
        assert_eq!(errors.len(), 6, "{errors:?}");
    }

    #[test]
    fn the_link_email_escapes_names() {
        let link = ResetLink {
            user: UserRecord {
                id: 1,
                username: "x".into(),
                first_name: "<b>Eve".into(),
                last_name: "L".into(),
                email: Some("e@example.com".into()),
                emp_level: EmpLevel::Store,
                enterprise_id: Some(1),
                boc_id: None,
                boc_name: None,
                store_id: None,
                store_name: None,
                color_code: "#000000".into(),
                real_time_sync: true,
                calling_feature: false,
                two_step_login: false,
                is_blocked: false,
                is_guest: false,
                created_at: Utc::now(),
                updated_at: Utc::now(),
                last_seen_at: None,
                roles: vec![Role::SalesRep],
            },
            token: "tok".into(),
            expires_at: Utc::now(),
        };
        let email = reset_email(&link, "http://localhost:8080/", false);
        assert!(email.html_body.contains("&lt;b&gt;Eve"));
        assert!(
            email
                .html_body
                .contains("http://localhost:8080/reset-password?token=tok")
        );
    }
}
