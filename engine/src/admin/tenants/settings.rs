//! An enterprise's own settings (H-C8, H-E2, I-E8 and the inbound view, M§6;
//! docs/decisions/0022-enterprise-settings.md): whether its assistant runs conversations by
//! itself, the assistant file its stores share, and whether its ENTERPRISE_USERs get the
//! inbound-appointment view. Tenant admins read and change them; every change is audited.

use super::*;
use crate::store::schema::AssistantFiles;
use crate::store::settings::{EnterpriseSettings, SettingsStore};

impl TenantAdmin {
    pub async fn settings(
        &self,
        caller: &Caller,
        enterprise_id: i64,
    ) -> Result<EnterpriseSettings> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        self.enterprise_row(enterprise_id).await?;
        SettingsStore::new(self.db.clone())
            .enterprise_settings(enterprise_id)
            .await
    }

    /// Saves the settings. An assistant file must be one of the enterprise's stores' saved
    /// files (`STORECODE.aiva`); an empty name goes back to the built-in file.
    pub async fn set_settings(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        mut settings: EnterpriseSettings,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseSettings> {
        let before = self.settings(caller, enterprise_id).await?;
        settings.aiva_file = settings
            .aiva_file
            .map(|name| name.trim().to_owned())
            .filter(|name| !name.is_empty());
        if let Some(name) = &settings.aiva_file {
            self.check_aiva_file(enterprise_id, name).await?;
        }
        let stored = serde_json::to_value(&settings)
            .map_err(|e| Error::Internal(format!("settings did not serialize: {e}")))?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Enterprises::Table)
                .value(Enterprises::Settings, stored)
                .and_where(Expr::col(Enterprises::Id).eq(enterprise_id))
                .to_owned(),
        )
        .await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "UPDATE",
                "enterprise settings",
                enterprise_id,
                json(&before),
                json(&settings),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(settings)
    }

    async fn check_aiva_file(&self, enterprise_id: i64, name: &str) -> Result<()> {
        let unknown = || {
            Error::invalid(format!(
                "{name:?} is none of this enterprise's saved assistant files (STORECODE.aiva)"
            ))
        };
        let code = name.strip_suffix(".aiva").ok_or_else(unknown)?;
        let saved: i64 = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Expr::col((AssistantFiles::Table, AssistantFiles::Id)).count())
                    .from(AssistantFiles::Table)
                    .inner_join(
                        Stores::Table,
                        Expr::col((Stores::Table, Stores::Id))
                            .equals((AssistantFiles::Table, AssistantFiles::StoreId)),
                    )
                    .and_where(Expr::col((Stores::Table, Stores::EnterpriseId)).eq(enterprise_id))
                    .and_where(Expr::col((Stores::Table, Stores::StoreCode)).eq(code)),
            )
            .await?;
        if saved == 0 {
            return Err(unknown());
        }
        Ok(())
    }
}
