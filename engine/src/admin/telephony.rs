//! Telephony administration: a store's (or enterprise's) SMS gateway with its secrets sealed at
//! rest, the validate calls that send a real test text (H-C10…H-C12), and phone numbers searched
//! for (10 proposals, H-R3), bought through the provider, and listed. The simulator sells
//! numbers too, so a store can be set up end to end without a provider account.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde::Serialize;

use super::admin_scope;
use super::audit::{AuditChange, AuditLog};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::Role;
use crate::domain::phone::PhoneNumber;
use crate::error::{Error, Result};
use crate::messaging::MessagingService;
use crate::messaging::gateway::{
    Accepted, AvailableNumber, Gateway, GatewayConfig, GatewayError, OutboundSms, PROPOSED_NUMBERS,
};
use crate::messaging::gateway_hosts::GatewayHosts;
use crate::store::schema::{PhoneNumbers, Stores};
use crate::store::settings::{SettingsStore, StoreSettings};
use crate::store::tenancy::TenancyStore;
use crate::store::test_texts::{NewTestText, TestTextStore};

/// Who configures gateways and numbers: the tenant admins and the data admins who set up
/// integrations (as for data sources).
pub const TELEPHONY_ADMINS: &[Role] = &[
    Role::SuperAdmin,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
    Role::SuperDataAdmin,
];

/// The spec's success text for a validate call (H-R4).
pub const SMS_SENT: &str = "SMS Sent Successfully.";
const TEST_TEXT: &str = "Bayline test message: this number's SMS configuration works.";

/// A gateway as an admin writes it; secrets only travel inward.
#[derive(Debug, Clone, Default)]
pub struct GatewayInput {
    /// twilio, bandwidth or simulator.
    pub provider: String,
    /// Twilio's account SID, or Bandwidth's account id.
    pub account_sid: Option<String>,
    /// Twilio's auth token, or Bandwidth's API password.
    pub auth_token: Option<String>,
    pub api_base_url: Option<String>,
    /// Bandwidth's API user name.
    pub api_username: Option<String>,
    /// Bandwidth's messaging application id.
    pub application_id: Option<String>,
    /// Bandwidth's sub-account (site) id and location (peer) id, for ordering numbers.
    pub site_id: Option<String>,
    pub location_id: Option<String>,
}

fn given(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// An optional Bandwidth id: digits only (Bandwidth's site and location ids are numbers).
fn optional(value: &Option<String>, field: &str, problems: &mut Vec<String>) -> Option<String> {
    let id = given(value)?;
    if id.len() > 20 || !id.chars().all(|c| c.is_ascii_digit()) {
        problems.push(format!("{field} must be Bandwidth's numeric id"));
    }
    Some(id)
}

impl GatewayInput {
    /// The gateway this input describes, every problem reported at once. The simulator's
    /// installation token is filled in by the caller.
    fn checked(&self, hosts: &GatewayHosts) -> Result<GatewayConfig> {
        let mut problems = Vec::new();
        let base_url = given(&self.api_base_url);
        if let Some(url) = &base_url
            && self.provider.trim() != GatewayConfig::SIMULATOR
            && let Err(problem) = hosts.check(self.provider.trim(), url)
        {
            problems.push(problem);
        }
        let mut need = |value: &Option<String>, problem: &str, max: usize| match given(value) {
            Some(v) if v.chars().count() <= max => Some(v),
            Some(_) => {
                problems.push(format!("{problem} (at most {max} characters)"));
                None
            }
            None => {
                problems.push(problem.to_owned());
                None
            }
        };
        let config = match self.provider.trim() {
            GatewayConfig::TWILIO => {
                let sid = need(
                    &self.account_sid,
                    "accountSid must be a Twilio account SID (AC…)",
                    64,
                );
                let token = need(&self.auth_token, "authToken is required for Twilio", 200);
                if sid
                    .as_deref()
                    .is_some_and(|s| !s.starts_with("AC") || s.len() < 10)
                {
                    problems.push("accountSid must be a Twilio account SID (AC…)".to_owned());
                }
                if token.as_deref().is_some_and(|t| t.len() < 8) {
                    problems.push("authToken is too short for a Twilio auth token".to_owned());
                }
                GatewayConfig {
                    provider: GatewayConfig::TWILIO.to_owned(),
                    account_sid: sid,
                    auth_token: token.unwrap_or_default(),
                    api_base_url: base_url,
                    api_username: None,
                    application_id: None,
                    site_id: None,
                    location_id: None,
                }
            }
            GatewayConfig::BANDWIDTH => GatewayConfig {
                provider: GatewayConfig::BANDWIDTH.to_owned(),
                account_sid: need(&self.account_sid, "accountId is required for Bandwidth", 64),
                api_username: need(
                    &self.api_username,
                    "apiUsername is required for Bandwidth",
                    200,
                ),
                auth_token: need(
                    &self.auth_token,
                    "apiPassword is required for Bandwidth",
                    200,
                )
                .unwrap_or_default(),
                application_id: need(
                    &self.application_id,
                    "applicationId is required for Bandwidth",
                    100,
                ),
                site_id: optional(&self.site_id, "siteId", &mut problems),
                location_id: optional(&self.location_id, "locationId", &mut problems),
                api_base_url: base_url,
            },
            GatewayConfig::SIMULATOR => GatewayConfig {
                provider: GatewayConfig::SIMULATOR.to_owned(),
                account_sid: None,
                auth_token: String::new(),
                api_base_url: None,
                api_username: None,
                application_id: None,
                site_id: None,
                location_id: None,
            },
            other => {
                problems.push(format!(
                    "provider must be twilio, bandwidth or simulator, got {other:?}"
                ));
                GatewayConfig {
                    provider: other.to_owned(),
                    account_sid: None,
                    auth_token: String::new(),
                    api_base_url: None,
                    api_username: None,
                    application_id: None,
                    site_id: None,
                    location_id: None,
                }
            }
        };
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(Error::invalid_all(problems))
        }
    }
}

/// A gateway as shown: never its secret.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewaySummary {
    pub provider: String,
    pub account_sid: Option<String>,
    pub api_base_url: Option<String>,
    pub api_username: Option<String>,
    pub application_id: Option<String>,
    pub site_id: Option<String>,
    pub location_id: Option<String>,
    pub has_auth_token: bool,
}

impl From<&GatewayConfig> for GatewaySummary {
    fn from(c: &GatewayConfig) -> Self {
        Self {
            provider: c.provider.clone(),
            account_sid: c.account_sid.clone(),
            api_base_url: c.api_base_url.clone(),
            api_username: c.api_username.clone(),
            application_id: c.application_id.clone(),
            site_id: c.site_id.clone(),
            location_id: c.location_id.clone(),
            has_auth_token: !c.auth_token.is_empty(),
        }
    }
}

/// A number the enterprise owns.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OwnedNumber {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub number: String,
    pub provider: String,
    pub capabilities: String,
    pub provider_sid: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct Telephony {
    db: Database,
    messaging: MessagingService,
}

/// A provider's refusal of a test or a purchase is the admin's to fix: a 400 with its words.
fn refused(error: GatewayError) -> Error {
    Error::invalid(match error.code {
        Some(code) => format!("{} ({code})", error.message),
        None => error.message,
    })
}

impl Telephony {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self { db, messaging }
    }

    fn require(caller: &Caller) -> Result<()> {
        caller.require_any(TELEPHONY_ADMINS)
    }

    /// The gateway a store texts through (its own, its enterprise's, or the simulator).
    pub async fn gateway(&self, caller: &Caller, store: &StoreSettings) -> Result<GatewaySummary> {
        Self::require(caller)?;
        let config = self.messaging.gateway_config(store.store_id).await?;
        Ok(GatewaySummary::from(&config))
    }

    /// Sets the gateway of a store (inside the caller's scope: the route checked it) or of the
    /// whole enterprise. The secret is sealed before it is stored; the change is audited with
    /// it masked.
    pub async fn set_gateway(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        store_id: Option<i64>,
        input: &GatewayInput,
        now: DateTime<Utc>,
    ) -> Result<GatewaySummary> {
        admin_scope(caller, enterprise_id)?;
        Self::require(caller)?;
        // A platform operator may name any enterprise: one that does not exist is not found.
        if !TenancyStore::new(self.db.clone())
            .enterprise_exists(enterprise_id)
            .await?
        {
            return Err(Error::not_found("Enterprise not found"));
        }
        let mut config = input.checked(&self.messaging.settings().gateway_hosts)?;
        if config.is_simulator() {
            config = self.messaging.simulator_config().await?;
        }
        let before = match store_id {
            Some(store) => Some(GatewaySummary::from(
                &self.messaging.gateway_config(store).await?,
            )),
            None => None,
        };
        let summary = GatewaySummary::from(&config);
        let mut sealed = config.clone();
        sealed.auth_token = self
            .messaging
            .settings()
            .secret_key
            .seal(&config.auth_token)?;
        let mut tx = self.db.begin().await?;
        SettingsStore::set_gateway_in(&mut tx, enterprise_id, store_id, &sealed, now).await?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: "UPDATE",
                entity: "gateway",
                entity_id: store_id.map_or_else(|| "enterprise".to_owned(), |s| s.to_string()),
                before: before.and_then(|b| serde_json::to_value(b).ok()),
                after: serde_json::to_value(&summary).ok(),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(summary)
    }

    /// Sends a real test text through a gateway: the one `input` describes, else the store's.
    /// `provider` (the path's) must match it. From the given number, else the store's.
    pub async fn validate(
        &self,
        caller: &Caller,
        store: &StoreSettings,
        provider: Option<&str>,
        input: Option<&GatewayInput>,
        from: Option<&str>,
        to: &str,
    ) -> Result<Accepted> {
        Self::require(caller)?;
        let config = match input {
            Some(input) => {
                let config = input.checked(&self.messaging.settings().gateway_hosts)?;
                if config.is_simulator() {
                    self.messaging.simulator_config().await?
                } else {
                    config
                }
            }
            None => self.messaging.gateway_config(store.store_id).await?,
        };
        if let Some(expected) = provider
            && config.provider != expected
        {
            return Err(Error::invalid(format!(
                "This store texts through {}, not {expected}",
                config.provider
            )));
        }
        let to = PhoneNumber::parse(to)
            .map_err(|_| Error::invalid(format!("{to:?} is not a phone number to text")))?;
        let from = from
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .or(store.store_phone.as_deref())
            .ok_or_else(|| Error::invalid("Give fromNumber: this store has no number yet"))?;
        let from = PhoneNumber::parse(from)
            .map_err(|_| Error::invalid(format!("{from:?} is not a phone number to text from")))?;
        let gateway = Gateway::from_config(
            &config,
            self.messaging.http(),
            &self.messaging.settings().gateway_hosts,
        )
        .map_err(refused)?;
        let accepted = gateway
            .send(&OutboundSms {
                from: from.as_e164().to_owned(),
                to: to.as_e164().to_owned(),
                body: TEST_TEXT.to_owned(),
                media_urls: Vec::new(),
                status_callback: None,
            })
            .await
            .map_err(refused)?;
        // Kept: the simulator shows the test texts it carried, and who tested what stays known.
        TestTextStore::new(self.db.clone())
            .record(
                &NewTestText {
                    enterprise_id: store.enterprise_id,
                    store_id: store.store_id,
                    provider: config.provider.clone(),
                    from_number: from.as_e164().to_owned(),
                    to_number: to.as_e164().to_owned(),
                    body: TEST_TEXT.to_owned(),
                    provider_message_id: Some(accepted.sid.clone()),
                    sent_by_user_id: Some(caller.user_id),
                },
                Utc::now(),
            )
            .await?;
        Ok(accepted)
    }

    /// Up to ten numbers the store's provider offers, in an area code if given.
    pub async fn available_numbers(
        &self,
        caller: &Caller,
        store: &StoreSettings,
        area_code: Option<&str>,
    ) -> Result<Vec<AvailableNumber>> {
        Self::require(caller)?;
        let area_code = area_code.map(str::trim).filter(|a| !a.is_empty());
        if let Some(area) = area_code
            && (area.len() != 3 || !area.chars().all(|c| c.is_ascii_digit()))
        {
            return Err(Error::invalid("areaCode must be three digits"));
        }
        let config = self.messaging.gateway_config(store.store_id).await?;
        let gateway = Gateway::from_config(
            &config,
            self.messaging.http(),
            &self.messaging.settings().gateway_hosts,
        )
        .map_err(refused)?;
        let offered = gateway
            .available_numbers(area_code)
            .await
            .map_err(refused)?;
        // A number Bayline already holds cannot be bought again: never propose it.
        let owned: Vec<(String,)> = self
            .db
            .fetch_all(
                Query::select()
                    .column(PhoneNumbers::Number)
                    .from(PhoneNumbers::Table)
                    .and_where(
                        Expr::col(PhoneNumbers::Number)
                            .is_in(offered.iter().map(|n| n.phone_number.clone())),
                    ),
            )
            .await?;
        Ok(offered
            .into_iter()
            .filter(|n| !owned.iter().any(|(o,)| *o == n.phone_number))
            .take(PROPOSED_NUMBERS)
            .collect())
    }

    /// Buys a number for a store through its provider, points its texts here, and makes it the
    /// store's number when the store has none.
    pub async fn buy_number(
        &self,
        caller: &Caller,
        store: &StoreSettings,
        number: &str,
        inbound_url: &str,
        now: DateTime<Utc>,
    ) -> Result<OwnedNumber> {
        Self::require(caller)?;
        let number = PhoneNumber::parse(number)
            .map_err(|_| Error::invalid(format!("{number:?} is not a phone number")))?;
        let owned: i64 = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Expr::col(PhoneNumbers::Id).count())
                    .from(PhoneNumbers::Table)
                    .and_where(Expr::col(PhoneNumbers::Number).eq(number.as_e164())),
            )
            .await?;
        if owned > 0 {
            return Err(Error::Conflict(format!(
                "{} is already one of Bayline's numbers",
                number.display()
            )));
        }
        let config = self.messaging.gateway_config(store.store_id).await?;
        let gateway = Gateway::from_config(
            &config,
            self.messaging.http(),
            &self.messaging.settings().gateway_hosts,
        )
        .map_err(refused)?;
        let provider_sid = gateway
            .buy_number(number.as_e164(), inbound_url)
            .await
            .map_err(refused)?;
        let mut tx = self.db.begin().await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(PhoneNumbers::Table)
                    .columns([
                        PhoneNumbers::EnterpriseId,
                        PhoneNumbers::StoreId,
                        PhoneNumbers::Number,
                        PhoneNumbers::Provider,
                        PhoneNumbers::Capabilities,
                        PhoneNumbers::ProviderSid,
                        PhoneNumbers::BoughtBy,
                        PhoneNumbers::CreatedAt,
                    ])
                    .values_panic([
                        store.enterprise_id.into(),
                        store.store_id.into(),
                        number.as_e164().into(),
                        config.provider.clone().into(),
                        "SMS".into(),
                        provider_sid.clone().into(),
                        caller.user_id.into(),
                        now.into(),
                    ])
                    .returning_col(PhoneNumbers::Id)
                    .to_owned(),
            )
            .await
            .map_err(|e| match e {
                Error::Database(db) => Error::from_unique_violation(db, "The number"),
                other => other,
            })?;
        if store.store_phone.is_none() {
            tx.execute(
                &Query::update()
                    .table(Stores::Table)
                    .value(Stores::PhoneNumber, number.as_e164())
                    .and_where(Expr::col(Stores::Id).eq(store.store_id))
                    .to_owned(),
            )
            .await?;
        }
        let bought = OwnedNumber {
            id,
            enterprise_id: store.enterprise_id,
            store_id: Some(store.store_id),
            number: number.as_e164().to_owned(),
            provider: config.provider,
            capabilities: "SMS".to_owned(),
            provider_sid: Some(provider_sid),
            created_at: now,
        };
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(store.enterprise_id),
                actor: caller.user_id,
                action: "CREATE",
                entity: "phone-number",
                entity_id: id.to_string(),
                before: None,
                after: serde_json::to_value(&bought).ok(),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(bought)
    }

    /// The numbers in the scope (of one store, if given), newest first.
    pub async fn numbers(
        &self,
        caller: &Caller,
        scope: &Scope,
        store_id: Option<i64>,
    ) -> Result<Vec<OwnedNumber>> {
        Self::require(caller)?;
        let mut query = Query::select()
            .columns([
                PhoneNumbers::Id,
                PhoneNumbers::EnterpriseId,
                PhoneNumbers::StoreId,
                PhoneNumbers::Number,
                PhoneNumbers::Provider,
                PhoneNumbers::Capabilities,
                PhoneNumbers::ProviderSid,
                PhoneNumbers::CreatedAt,
            ])
            .from(PhoneNumbers::Table)
            .order_by(PhoneNumbers::Id, Order::Desc)
            .to_owned();
        // A dealer-level caller sees its stores' numbers, not the enterprise's unassigned ones.
        scope.restrict(&mut query, PhoneNumbers::Table, false);
        if let Some(store) = store_id {
            query.and_where(Expr::col(PhoneNumbers::StoreId).eq(store));
        }
        self.db.fetch_all(&query).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_provider_needs_its_own_settings() {
        let twilio = GatewayInput {
            provider: "twilio".into(),
            account_sid: Some("AC0123456789".into()),
            auth_token: Some("secret-token".into()),
            ..Default::default()
        };
        assert!(twilio.checked(&GatewayHosts::default()).is_ok());
        let Err(Error::Validation { errors, .. }) = GatewayInput {
            provider: "bandwidth".into(),
            api_base_url: Some("ftp://x".into()),
            ..Default::default()
        }
        .checked(&GatewayHosts::default()) else {
            panic!("expected a validation error");
        };
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(
            GatewayInput {
                provider: "carrier-pigeon".into(),
                ..Default::default()
            }
            .checked(&GatewayHosts::default())
            .is_err()
        );
    }
}
