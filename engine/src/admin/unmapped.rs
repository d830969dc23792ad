//! Unmapped dealer and store codes (checklist H-S4): a file or the dealer system may carry the
//! dealer system's own store code on each row. A row whose code names no store of the
//! enterprise waits (see `store::unmapped`); a tenant admin maps the code to a store, and the
//! waiting rows load into it at once, as later rows with that code will. Every mapping,
//! unmapping and discard is audited.

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Query};
use serde::Serialize;

use super::audit::{AuditChange, AuditLog};
use super::{TENANT_ADMINS, admin_scope};
use crate::auth::Caller;
use crate::db::Database;
use crate::domain::formats::MAX_CODE_CHARS;
use crate::error::{Error, Result};
use crate::store::imports::{ImportStore, ParkedLoad};
use crate::store::schema::Stores;
use crate::store::unmapped::{
    CodeMapping, CodeTarget, UnmappedCode, UnmappedStore, normalize_code,
};

/// The codes waiting for a store and the mappings saved.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnmappedOverview {
    pub codes: Vec<UnmappedCode>,
    pub mappings: Vec<CodeMapping>,
}

/// A code mapped, and what loading its waiting rows did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MappedCode {
    pub code: String,
    pub store_id: i64,
    pub store_name: String,
    pub load: ParkedLoad,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct StoreRow {
    id: i64,
    boc_id: i64,
    name: String,
    store_code: String,
    deactivated_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct UnmappedCodes {
    db: Database,
    store: UnmappedStore,
    imports: ImportStore,
}

impl UnmappedCodes {
    pub fn new(db: Database) -> Self {
        Self {
            store: UnmappedStore::new(db.clone()),
            imports: ImportStore::new(db.clone()),
            db,
        }
    }

    fn allowed(caller: &Caller, enterprise_id: i64) -> Result<()> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)
    }

    pub async fn overview(&self, caller: &Caller, enterprise_id: i64) -> Result<UnmappedOverview> {
        Self::allowed(caller, enterprise_id)?;
        Ok(UnmappedOverview {
            codes: self.store.codes(enterprise_id).await?,
            mappings: self.store.mappings(enterprise_id).await?,
        })
    }

    /// A code as given: trimmed and upper-cased, at most a code's length.
    fn checked_code(code: &str) -> Result<String> {
        let code = normalize_code(code);
        if code.is_empty() {
            return Err(Error::invalid("The store code is required"));
        }
        if code.chars().count() > MAX_CODE_CHARS {
            return Err(Error::invalid(format!(
                "The store code is longer than {MAX_CODE_CHARS} characters"
            )));
        }
        Ok(code)
    }

    /// Maps `code` to a store of the enterprise (or moves its mapping) and loads the rows that
    /// waited for it. A code that is a store's own code names that store already (409).
    pub async fn map(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        code: &str,
        store_id: i64,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<MappedCode> {
        Self::allowed(caller, enterprise_id)?;
        let code = Self::checked_code(code)?;
        let stores: Vec<StoreRow> = self
            .db
            .fetch_all(
                Query::select()
                    .columns([
                        Stores::Id,
                        Stores::BocId,
                        Stores::Name,
                        Stores::StoreCode,
                        Stores::DeactivatedAt,
                    ])
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::EnterpriseId).eq(enterprise_id)),
            )
            .await?;
        let store = stores
            .iter()
            .find(|s| s.id == store_id)
            .ok_or_else(|| Error::not_found("Store not found"))?;
        if store.deactivated_at.is_some() {
            return Err(Error::Conflict(format!(
                "{} is deactivated: reactivate it before mapping codes to it",
                store.name
            )));
        }
        if let Some(owner) = stores
            .iter()
            .find(|s| normalize_code(&s.store_code) == code)
        {
            return Err(Error::Conflict(format!(
                "{code} is {}'s own store code: its rows load there already",
                owner.name
            )));
        }
        let mut tx = self.db.begin().await?;
        let before = UnmappedStore::save_mapping(
            &mut tx,
            enterprise_id,
            &code,
            store.id,
            caller.user_id,
            now,
        )
        .await?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: if before.is_some() { "UPDATE" } else { "CREATE" },
                entity: "store_code_mapping",
                entity_id: code.clone(),
                before: before.map(|id| serde_json::json!({ "code": code, "storeId": id })),
                after: Some(serde_json::json!({ "code": code, "storeId": store.id })),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        let target = CodeTarget {
            code: code.clone(),
            boc_id: store.boc_id,
            store_id: store.id,
            store_name: store.name.clone(),
        };
        let load = self
            .imports
            .load_parked(enterprise_id, &code, &target, today, now)
            .await?;
        Ok(MappedCode {
            code,
            store_id: store.id,
            store_name: store.name.clone(),
            load,
        })
    }

    /// Removes a saved mapping: later rows with the code wait again.
    pub async fn unmap(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        Self::allowed(caller, enterprise_id)?;
        let code = Self::checked_code(code)?;
        let mut tx = self.db.begin().await?;
        let before = UnmappedStore::remove_mapping(&mut tx, enterprise_id, &code)
            .await?
            .ok_or_else(|| Error::not_found(format!("No mapping for store code {code}")))?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: "DELETE",
                entity: "store_code_mapping",
                entity_id: code.clone(),
                before: Some(serde_json::json!({ "code": code, "storeId": before })),
                after: None,
            },
            now,
        )
        .await?;
        tx.commit().await
    }

    /// Drops the rows waiting for `code` (they belong to no store of the enterprise); answers
    /// how many were dropped.
    pub async fn discard(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<u64> {
        Self::allowed(caller, enterprise_id)?;
        let code = Self::checked_code(code)?;
        let mut tx = self.db.begin().await?;
        let dropped = UnmappedStore::discard(&mut tx, enterprise_id, &code).await?;
        if dropped == 0 {
            return Err(Error::not_found(format!(
                "No rows wait for store code {code}"
            )));
        }
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: "DISCARD",
                entity: "unmapped_rows",
                entity_id: code.clone(),
                before: Some(serde_json::json!({ "code": code, "rows": dropped })),
                after: None,
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(dropped)
    }
}
