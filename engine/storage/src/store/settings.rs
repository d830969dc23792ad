//! A dealership store's messaging configuration: its settings (name, number, allowed hours,
//! time zone), its SMS gateway, its assistants, the numbers that reach it, and app settings.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Order, Query, SelectStatement};

use super::schema::{
    AppSettings, Assistants, Enterprises, MessagingGateways, Offices, PhoneNumbers, Stores,
};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::{Error, Result};

/// An enterprise's own settings (docs/decisions/0022-enterprise-settings.md), kept as JSON in
/// `enterprises.settings`; a setting never written reads as its default.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EnterpriseSettings {
    /// The assistant runs conversations by itself (answers, books, hands off). Off, it only
    /// assists: it reads every reply (intents, opt-outs, insights) and staff answer.
    pub is_fully_aiva: bool,
    /// The assistant file (`STORECODE.aiva`) the enterprise's stores follow when they have
    /// none of their own, in place of the built-in one.
    pub aiva_file: Option<String>,
    /// Whether the enterprise's ENTERPRISE_USERs get the inbound-appointment view.
    pub enterprise_user_inbound_view: bool,
}

impl Default for EnterpriseSettings {
    fn default() -> Self {
        Self {
            is_fully_aiva: true,
            aiva_file: None,
            enterprise_user_inbound_view: false,
        }
    }
}

impl EnterpriseSettings {
    /// The store code an assistant file name names (`BAY01.aiva` → `BAY01`).
    pub fn aiva_store_code(&self) -> Option<&str> {
        self.aiva_file.as_deref()?.strip_suffix(".aiva")
    }
}

/// A store's messaging settings.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreSettings {
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub store_phone: Option<String>,
    pub help_text: Option<String>,
    pub quiet_hours_start: String,
    pub quiet_hours_end: String,
    pub office_time_zone: String,
}

/// The service division: its assistant texts the store's service customers (H-R14).
pub const SERVICE_DIVISION: &str = "DIV004";

/// A store's assistant (DIV004 is the service division).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AssistantRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub division_code: String,
    pub agent_first_name: String,
    pub agent_last_name: String,
    pub agent_phone_number: Option<String>,
    pub email: Option<String>,
    pub initializer_process_enabled: bool,
    /// Off: the store gets no automated replies.
    pub is_active: bool,
}

#[derive(Debug, Clone)]
pub struct SettingsStore {
    db: Database,
}

impl SettingsStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The store (and so the gateway) behind one of our numbers.
    pub async fn store_of_number(&self, number: &str) -> Result<Option<i64>> {
        let by_number = Query::select()
            .column(PhoneNumbers::StoreId)
            .from(PhoneNumbers::Table)
            .and_where(Expr::col(PhoneNumbers::Number).eq(number))
            .and_where(Expr::col(PhoneNumbers::StoreId).is_not_null())
            .limit(1)
            .to_owned();
        if let Some((store_id,)) = self.db.fetch_optional::<(i64,)>(&by_number).await? {
            return Ok(Some(store_id));
        }
        let by_store = Query::select()
            .column(Stores::Id)
            .from(Stores::Table)
            .and_where(Expr::col(Stores::PhoneNumber).eq(number))
            .order_by(Stores::Id, Order::Asc)
            .limit(1)
            .to_owned();
        Ok(self
            .db
            .fetch_optional::<(i64,)>(&by_store)
            .await?
            .map(|(id,)| id))
    }

    /// The store whose assistant writes from `address` (compared without case); none when no
    /// store, or more than one, does.
    pub async fn store_of_email(&self, address: &str) -> Result<Option<i64>> {
        let query = Query::select()
            .distinct()
            .column(Assistants::StoreId)
            .from(Assistants::Table)
            .and_where(
                Expr::expr(sea_query::Func::lower(Expr::col(Assistants::Email)))
                    .eq(address.trim().to_lowercase()),
            )
            .and_where(Expr::col(Assistants::StoreId).is_not_null())
            .limit(2)
            .to_owned();
        let stores: Vec<(i64,)> = self.db.fetch_all(&query).await?;
        Ok(match stores[..] {
            [(store_id,)] => Some(store_id),
            _ => None,
        })
    }

    pub async fn store_settings(&self, store_id: i64) -> Result<Option<StoreSettings>> {
        let mut query = store_settings_select();
        query
            .from(Stores::Table)
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).eq(store_id));
        self.db.fetch_optional(&query).await
    }

    /// A store inside the scope; another tenant's, or one outside the caller's dealer or store,
    /// is not found, as a missing one. The one answer to "is this store mine": a deactivated
    /// store still is (its records stay readable and its settings editable); deactivation only
    /// takes it off the pickers and out of new work ([`super::tenancy::TenancyStore::stores`]).
    pub async fn store_in_scope(&self, scope: &Scope, store_id: i64) -> Result<StoreSettings> {
        self.store_settings(store_id)
            .await?
            .filter(|s| scope.contains(s.enterprise_id, Some(s.boc_id), Some(s.store_id)))
            .ok_or_else(|| Error::not_found("Store not found"))
    }

    /// The settings of many stores at once (the automated-runs view).
    pub async fn store_settings_of(&self, store_ids: &[i64]) -> Result<Vec<StoreSettings>> {
        if store_ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut query = store_settings_select();
        query
            .from(Stores::Table)
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).is_in(store_ids.iter().copied()))
            .order_by((Stores::Table, Stores::Name), Order::Asc);
        self.db.fetch_all(&query).await
    }

    pub async fn update_store_settings(
        &self,
        store_id: i64,
        quiet_hours_start: &str,
        quiet_hours_end: &str,
        help_text: Option<&str>,
    ) -> Result<()> {
        let update = Query::update()
            .table(Stores::Table)
            .value(Stores::QuietHoursStart, quiet_hours_start)
            .value(Stores::QuietHoursEnd, quiet_hours_end)
            .value(Stores::HelpText, help_text.map(str::to_owned))
            .and_where(Expr::col(Stores::Id).eq(store_id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Whether a store's service assistant is switched off (a store without one is on).
    pub async fn assistant_switched_off(&self, store_id: i64) -> Result<bool> {
        let off: i64 = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Expr::col(Assistants::Id).count())
                    .from(Assistants::Table)
                    .and_where(Expr::col(Assistants::StoreId).eq(store_id))
                    .and_where(Expr::col(Assistants::DivisionCode).eq(SERVICE_DIVISION))
                    .and_where(Expr::col(Assistants::IsActive).eq(false)),
            )
            .await?;
        Ok(off > 0)
    }

    /// The stores among `store_ids` whose service assistant does not start conversations.
    pub async fn stores_without_initializer(&self, store_ids: &[i64]) -> Result<Vec<i64>> {
        if store_ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<(i64,)> = self
            .db
            .fetch_all(
                Query::select()
                    .column(Assistants::StoreId)
                    .from(Assistants::Table)
                    .and_where(Expr::col(Assistants::StoreId).is_in(store_ids.iter().copied()))
                    .and_where(Expr::col(Assistants::DivisionCode).eq(SERVICE_DIVISION))
                    .and_where(
                        Expr::col(Assistants::InitializerProcessEnabled)
                            .eq(false)
                            .or(Expr::col(Assistants::IsActive).eq(false)),
                    ),
            )
            .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The assistants of a store (or of a dealer's stores), optionally of one division.
    pub async fn assistants(
        &self,
        scope: &Scope,
        boc_id: Option<i64>,
        store_id: Option<i64>,
        division: Option<&str>,
    ) -> Result<Vec<AssistantRecord>> {
        let mut query = Query::select();
        query
            .columns([
                Assistants::Id,
                Assistants::EnterpriseId,
                Assistants::BocId,
                Assistants::StoreId,
                Assistants::DivisionCode,
                Assistants::AgentFirstName,
                Assistants::AgentLastName,
                Assistants::AgentPhoneNumber,
                Assistants::Email,
                Assistants::InitializerProcessEnabled,
                Assistants::IsActive,
            ])
            .from(Assistants::Table)
            .order_by(Assistants::Id, Order::Asc);
        scope.restrict(&mut query, Assistants::Table, true);
        if let Some(boc_id) = boc_id {
            query.and_where(Expr::col(Assistants::BocId).eq(boc_id));
        }
        if let Some(store_id) = store_id {
            query.and_where(Expr::col(Assistants::StoreId).eq(store_id));
        }
        if let Some(division) = division {
            query.and_where(Expr::col(Assistants::DivisionCode).eq(division));
        }
        self.db.fetch_all(&query).await
    }

    /// The gateway settings for a store: its own, else its enterprise's; `None` means the
    /// built-in simulator.
    pub async fn gateway_config(&self, store_id: i64) -> Result<Option<GatewayConfig>> {
        let enterprise = Query::select()
            .column(Stores::EnterpriseId)
            .from(Stores::Table)
            .and_where(Expr::col(Stores::Id).eq(store_id))
            .to_owned();
        let Some((enterprise_id,)) = self.db.fetch_optional::<(i64,)>(&enterprise).await? else {
            return Ok(None);
        };
        let query = Query::select()
            .columns([
                MessagingGateways::Provider,
                MessagingGateways::AccountSid,
                MessagingGateways::AuthToken,
                MessagingGateways::ApiBaseUrl,
                MessagingGateways::ApiUsername,
                MessagingGateways::ApplicationId,
                MessagingGateways::SiteId,
                MessagingGateways::LocationId,
            ])
            .from(MessagingGateways::Table)
            .and_where(Expr::col(MessagingGateways::EnterpriseId).eq(enterprise_id))
            .and_where(
                Expr::col(MessagingGateways::StoreId)
                    .eq(store_id)
                    .or(Expr::col(MessagingGateways::StoreId).is_null()),
            )
            // The store's own row sorts before the enterprise-wide one.
            .order_by_expr(
                Expr::case(Expr::col(MessagingGateways::StoreId).is_null(), 1)
                    .finally(0)
                    .into(),
                Order::Asc,
            )
            .limit(1)
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    /// Sets the gateway of a store, or of the enterprise when `store_id` is `None`, inside the
    /// caller's transaction. `config.auth_token` is stored as given: the caller seals it.
    pub async fn set_gateway_in(
        tx: &mut crate::db::Transaction,
        enterprise_id: i64,
        store_id: Option<i64>,
        config: &GatewayConfig,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut delete = Query::delete();
        delete
            .from_table(MessagingGateways::Table)
            .and_where(Expr::col(MessagingGateways::EnterpriseId).eq(enterprise_id));
        match store_id {
            Some(id) => delete.and_where(Expr::col(MessagingGateways::StoreId).eq(id)),
            None => delete.and_where(Expr::col(MessagingGateways::StoreId).is_null()),
        };
        let insert = Query::insert()
            .into_table(MessagingGateways::Table)
            .columns([
                MessagingGateways::EnterpriseId,
                MessagingGateways::StoreId,
                MessagingGateways::Provider,
                MessagingGateways::AccountSid,
                MessagingGateways::AuthToken,
                MessagingGateways::ApiBaseUrl,
                MessagingGateways::ApiUsername,
                MessagingGateways::ApplicationId,
                MessagingGateways::SiteId,
                MessagingGateways::LocationId,
                MessagingGateways::CreatedAt,
                MessagingGateways::UpdatedAt,
            ])
            .values_panic([
                enterprise_id.into(),
                store_id.into(),
                config.provider.clone().into(),
                config.account_sid.clone().into(),
                config.auth_token.clone().into(),
                config.api_base_url.clone().into(),
                config.api_username.clone().into(),
                config.application_id.clone().into(),
                config.site_id.clone().into(),
                config.location_id.clone().into(),
                now.into(),
                now.into(),
            ])
            .to_owned();
        tx.execute(&delete).await?;
        tx.execute(&insert).await?;
        Ok(())
    }

    /// Every stored gateway secret not yet sealed, by row id (rows from before sealing).
    pub async fn unsealed_secrets(&self) -> Result<Vec<(i64, String)>> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([MessagingGateways::Id, MessagingGateways::AuthToken])
                    .from(MessagingGateways::Table)
                    .and_where(Expr::col(MessagingGateways::AuthToken).not_like("enc1:%")),
            )
            .await
    }

    pub async fn replace_secret(&self, gateway_id: i64, sealed: &str) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(MessagingGateways::Table)
                    .value(MessagingGateways::AuthToken, sealed)
                    .and_where(Expr::col(MessagingGateways::Id).eq(gateway_id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// An enterprise's settings (the defaults for one that never saved any, or an unknown id).
    pub async fn enterprise_settings(&self, enterprise_id: i64) -> Result<EnterpriseSettings> {
        let stored: Option<(Option<serde_json::Value>,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column(Enterprises::Settings)
                    .from(Enterprises::Table)
                    .and_where(Expr::col(Enterprises::Id).eq(enterprise_id)),
            )
            .await?;
        Ok(stored
            .and_then(|(json,)| json)
            .and_then(|json| serde_json::from_value(json).ok())
            .unwrap_or_default())
    }

    /// An installation-wide value, made by `make` the first time anyone asks; every process
    /// gets the same one.
    pub async fn setting_or_insert(
        &self,
        key: &str,
        make: impl FnOnce() -> String,
    ) -> Result<String> {
        let get = Query::select()
            .column(AppSettings::Value)
            .from(AppSettings::Table)
            .and_where(Expr::col(AppSettings::Key).eq(key))
            .to_owned();
        if let Some((value,)) = self.db.fetch_optional::<(String,)>(&get).await? {
            return Ok(value);
        }
        let insert = Query::insert()
            .into_table(AppSettings::Table)
            .columns([AppSettings::Key, AppSettings::Value, AppSettings::CreatedAt])
            .values_panic([key.into(), make().into(), Utc::now().into()])
            .on_conflict(OnConflict::column(AppSettings::Key).do_nothing().to_owned())
            .to_owned();
        self.db.execute(&insert).await?;
        let (value,) = self
            .db
            .fetch_optional::<(String,)>(&get)
            .await?
            .ok_or_else(|| Error::Internal(format!("setting {key} vanished")))?;
        Ok(value)
    }
}

pub(super) fn store_settings_select() -> SelectStatement {
    Query::select()
        .expr_as(
            Expr::col((Stores::Table, Stores::EnterpriseId)),
            "enterprise_id",
        )
        .expr_as(Expr::col((Stores::Table, Stores::BocId)), "boc_id")
        .expr_as(Expr::col((Stores::Table, Stores::Id)), "store_id")
        .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
        .expr_as(
            Expr::col((Stores::Table, Stores::PhoneNumber)),
            "store_phone",
        )
        .expr_as(Expr::col((Stores::Table, Stores::HelpText)), "help_text")
        .expr_as(
            Expr::col((Stores::Table, Stores::QuietHoursStart)),
            "quiet_hours_start",
        )
        .expr_as(
            Expr::col((Stores::Table, Stores::QuietHoursEnd)),
            "quiet_hours_end",
        )
        .expr_as(
            Expr::col((Offices::Table, Offices::TimeZone)),
            "office_time_zone",
        )
        .to_owned()
}

/// A store's (or enterprise's) gateway settings as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GatewayConfig {
    pub provider: String,
    /// Twilio's account SID; Bandwidth's account id.
    pub account_sid: Option<String>,
    /// Twilio's auth token; Bandwidth's API password. Sealed at rest (`secrets`).
    pub auth_token: String,
    pub api_base_url: Option<String>,
    /// Bandwidth's API user name.
    pub api_username: Option<String>,
    /// Bandwidth's messaging application id.
    pub application_id: Option<String>,
    /// Bandwidth's sub-account (site) and location (peer) a bought number joins.
    pub site_id: Option<String>,
    pub location_id: Option<String>,
}

impl GatewayConfig {
    pub const TWILIO: &'static str = "twilio";
    pub const BANDWIDTH: &'static str = "bandwidth";
    pub const SIMULATOR: &'static str = "simulator";

    pub fn is_simulator(&self) -> bool {
        self.provider == Self::SIMULATOR
    }
}
