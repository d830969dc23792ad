//! Writing virtual service and mileage records (spec H-C29, H-S9, H-E5; decision 0020): the
//! managers' rule, and an audit entry in the same transaction as each change, like every other
//! administrative change.

use chrono::{DateTime, Utc};

use super::audit::{AuditChange, AuditLog};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::MANAGER_ROLES;
use crate::error::Result;
use crate::store::virtual_records::{NewVirtualRecord, VirtualKind, VirtualRecordStore};

#[derive(Debug, Clone)]
pub struct VirtualRecords {
    db: Database,
}

fn entity(kind: VirtualKind) -> &'static str {
    match kind {
        VirtualKind::Service => "virtual_service_record",
        VirtualKind::Mileage => "virtual_mileage_record",
    }
}

impl VirtualRecords {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Records one for a vehicle in the caller's scope (managers) and answers its id.
    pub async fn create(
        &self,
        caller: &Caller,
        scope: &Scope,
        kind: VirtualKind,
        record: &NewVirtualRecord,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        caller.require_any(MANAGER_ROLES)?;
        let mut tx = self.db.begin().await?;
        let written =
            VirtualRecordStore::create(&mut tx, scope, kind, record, caller.user_id, now).await?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(written.enterprise_id),
                actor: caller.user_id,
                action: "CREATE",
                entity: entity(kind),
                entity_id: written.id.to_string(),
                before: None,
                after: Some(written.snapshot),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(written.id)
    }

    /// Deletes one in the caller's scope (managers).
    pub async fn delete(
        &self,
        caller: &Caller,
        scope: &Scope,
        kind: VirtualKind,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<()> {
        caller.require_any(MANAGER_ROLES)?;
        let mut tx = self.db.begin().await?;
        let removed = VirtualRecordStore::delete(&mut tx, scope, kind, id).await?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(removed.enterprise_id),
                actor: caller.user_id,
                action: "DELETE",
                entity: entity(kind),
                entity_id: id.to_string(),
                before: Some(removed.snapshot),
                after: None,
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
