//! The audit log of administrative changes: who, when, what, and the record before and after,
//! with secrets masked. An entry is written in the same transaction as the change it records,
//! so there is never a change without its entry, nor an entry for a change that rolled back.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};

use serde_json::Value as Json;

use crate::auth::Caller;
use crate::db::{Database, Transaction};
use crate::error::Result;
use crate::store::schema::{AuditLog as Log, Users};
use crate::store::{Page, PageRequest};

/// What stands in for a secret in an entry.
pub const MASK: &str = "********";

/// Field names whose values are never written to the log (any case, any `_` or `-`).
const SECRET_FIELDS: &[&str] = &[
    "password",
    "passwordhash",
    "authtoken",
    "apitoken",
    "apisecret",
    "secret",
    "token",
    "tokenhash",
    "clientsecret",
];

/// One administrative change, as the code that made it describes it.
#[derive(Debug, Clone)]
pub struct AuditChange {
    pub enterprise_id: Option<i64>,
    pub actor: i64,
    /// CREATE, UPDATE, DEACTIVATE, ACTIVATE, BLOCK, UNBLOCK, DELETE, RESET_PASSWORD …
    pub action: &'static str,
    /// enterprise, boc, store, user, logo …
    pub entity: &'static str,
    pub entity_id: String,
    pub before: Option<Json>,
    pub after: Option<Json>,
}

/// An entry as listed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: i64,
    pub enterprise_id: Option<i64>,
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<String>,
    pub detail: Option<Json>,
    pub at: DateTime<Utc>,
}

/// Replaces every secret field's value, at any depth, with [`MASK`].
pub fn mask_secrets(value: &mut Json) {
    match value {
        Json::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                let plain: String = name
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric())
                    .collect::<String>()
                    .to_ascii_lowercase();
                if SECRET_FIELDS.contains(&plain.as_str()) {
                    if !matches!(field, Json::Null) {
                        *field = Json::String(MASK.to_owned());
                    }
                } else {
                    mask_secrets(field);
                }
            }
        }
        Json::Array(items) => items.iter_mut().for_each(mask_secrets),
        _ => {}
    }
}

#[derive(Debug, Clone)]
pub struct AuditLog {
    db: Database,
}

impl AuditLog {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Writes the entry inside the change's transaction.
    pub async fn record(
        tx: &mut Transaction,
        change: AuditChange,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut detail = serde_json::json!({ "before": change.before, "after": change.after });
        mask_secrets(&mut detail);
        let insert = Query::insert()
            .into_table(Log::Table)
            .columns([
                Log::EnterpriseId,
                Log::UserId,
                Log::Action,
                Log::Entity,
                Log::EntityId,
                Log::Detail,
                Log::At,
            ])
            .values_panic([
                change.enterprise_id.into(),
                change.actor.into(),
                change.action.into(),
                change.entity.into(),
                change.entity_id.into(),
                detail.into(),
                now.into(),
            ])
            .to_owned();
        tx.execute(&insert).await?;
        Ok(())
    }

    /// An enterprise's entries, newest first, optionally of one kind of record (tenant admins).
    pub async fn list(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        entity: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<AuditEntry>> {
        super::admin_scope(caller, enterprise_id)?;
        caller.require_any(super::TENANT_ADMINS)?;
        let mut base = Query::select()
            .from(Log::Table)
            .and_where(Expr::col((Log::Table, Log::EnterpriseId)).eq(enterprise_id))
            .to_owned();
        if let Some(entity) = entity.map(str::trim).filter(|e| !e.is_empty()) {
            base.and_where(Expr::col((Log::Table, Log::Entity)).eq(entity));
        }
        let total: i64 = self
            .db
            .fetch_scalar(
                &base
                    .clone()
                    .expr(Expr::col((Log::Table, Log::Id)).count())
                    .to_owned(),
            )
            .await?;
        let query = base
            .columns([
                (Log::Table, Log::Id),
                (Log::Table, Log::EnterpriseId),
                (Log::Table, Log::UserId),
                (Log::Table, Log::Action),
                (Log::Table, Log::Entity),
                (Log::Table, Log::EntityId),
                (Log::Table, Log::Detail),
                (Log::Table, Log::At),
            ])
            .expr_as(Expr::col((Users::Table, Users::Username)), "username")
            .left_join(
                Users::Table,
                Expr::col((Users::Table, Users::Id)).equals((Log::Table, Log::UserId)),
            )
            .order_by((Log::Table, Log::At), Order::Desc)
            .order_by((Log::Table, Log::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset())
            .to_owned();
        Ok(Page::new(
            self.db.fetch_all(&query).await?,
            page,
            total as u64,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_masked_at_any_depth_and_nothing_else_is() {
        let mut detail = serde_json::json!({
            "after": {"name": "Harbor", "authToken": "abc", "gateway": {"api_secret": "x", "accountSid": "AC1"}},
            "before": {"password": null, "items": [{"Token": "t"}]},
        });
        mask_secrets(&mut detail);
        assert_eq!(detail["after"]["name"], "Harbor");
        assert_eq!(detail["after"]["authToken"], MASK);
        assert_eq!(detail["after"]["gateway"]["api_secret"], MASK);
        assert_eq!(detail["after"]["gateway"]["accountSid"], "AC1");
        assert_eq!(detail["before"]["password"], Json::Null);
        assert_eq!(detail["before"]["items"][0]["Token"], MASK);
    }
}
