//! Assistants per store (H-E1): created and edited by admins, switched on and off. A store whose
//! service assistant is off gets no automated replies (`AssistantReplies::respond`); one whose
//! `initializerProcessEnabled` is off is not texted by bulk initiation (`BulkInitiation::plan`).

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Query};
use serde::Serialize;

use super::TELEPHONY_ADMINS;
use super::audit::{AuditChange, AuditLog};
use crate::auth::{Caller, Scope};
use crate::db::{Database, Transaction};
use crate::domain::Role;
use crate::domain::formats::{MAX_EMAIL_CHARS, MAX_NAME_CHARS, too_long};
use crate::domain::phone::PhoneNumber;
use crate::error::{Error, Result};
use crate::store::schema::Assistants;
use crate::store::settings::{AssistantRecord, SERVICE_DIVISION, StoreSettings};

/// Who sets assistants up: the same admins who set up a store's texting.
pub const ASSISTANT_ADMINS: &[Role] = TELEPHONY_ADMINS;

/// An assistant as an admin writes it.
#[derive(Debug, Clone)]
pub struct AssistantInput {
    pub division_code: Option<String>,
    pub agent_first_name: String,
    pub agent_last_name: String,
    pub agent_phone_number: Option<String>,
    pub email: Option<String>,
    pub initializer_process_enabled: bool,
    pub is_active: bool,
}

struct Checked {
    division: String,
    first: String,
    last: String,
    phone: Option<String>,
    email: Option<String>,
}

const DIVISIONS: &[&str] = &["DIV001", "DIV002", "DIV003", "DIV004", "DIV005"];

impl AssistantInput {
    fn checked(&self) -> Result<Checked> {
        let mut problems = Vec::new();
        let division = self
            .division_code
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .unwrap_or(SERVICE_DIVISION)
            .to_owned();
        if !DIVISIONS.contains(&division.as_str()) {
            problems.push(format!("Unknown division {division:?} (DIV001 to DIV005)"));
        }
        let first = self.agent_first_name.trim().to_owned();
        let last = self.agent_last_name.trim().to_owned();
        for (field, value) in [("agentFirstName", &first), ("agentLastName", &last)] {
            if value.is_empty() {
                problems.push(format!("{field} is required"));
            }
            problems.extend(too_long(field, value, MAX_NAME_CHARS));
        }
        let phone = match self.agent_phone_number.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => match PhoneNumber::parse(raw) {
                Ok(p) => Some(p.as_e164().to_owned()),
                Err(_) => {
                    problems.push(format!("agentPhoneNumber {raw:?} is not a phone number"));
                    None
                }
            },
        };
        let email = self
            .email
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_owned);
        if let Some(e) = &email {
            if !e.contains('@') {
                problems.push(format!("{e:?} is not an e-mail address"));
            }
            problems.extend(too_long("email", e, MAX_EMAIL_CHARS));
        }
        if problems.is_empty() {
            Ok(Checked {
                division,
                first,
                last,
                phone,
                email,
            })
        } else {
            Err(Error::invalid_all(problems))
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct AuditView<'a> {
    store_id: i64,
    division_code: &'a str,
    agent_first_name: &'a str,
    agent_last_name: &'a str,
    agent_phone_number: Option<&'a str>,
    initializer_process_enabled: bool,
    is_active: bool,
}

fn audit_view(a: &AssistantRecord) -> Option<serde_json::Value> {
    serde_json::to_value(AuditView {
        store_id: a.store_id,
        division_code: &a.division_code,
        agent_first_name: &a.agent_first_name,
        agent_last_name: &a.agent_last_name,
        agent_phone_number: a.agent_phone_number.as_deref(),
        initializer_process_enabled: a.initializer_process_enabled,
        is_active: a.is_active,
    })
    .ok()
}

#[derive(Debug, Clone)]
pub struct AssistantAdmin {
    db: Database,
}

impl AssistantAdmin {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    async fn find(tx: &mut Transaction, id: i64) -> Result<Option<AssistantRecord>> {
        tx.fetch_optional(
            Query::select()
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
                .and_where(Expr::col(Assistants::Id).eq(id)),
        )
        .await
    }

    /// An assistant inside the scope (another tenant's, or another store's: not found).
    pub async fn get(&self, caller: &Caller, scope: &Scope, id: i64) -> Result<AssistantRecord> {
        caller.require_any(ASSISTANT_ADMINS)?;
        let mut tx = self.db.begin().await?;
        let found = Self::find(&mut tx, id).await?;
        tx.commit().await?;
        found
            .filter(|a| scope.contains(a.enterprise_id, Some(a.boc_id), Some(a.store_id)))
            .ok_or_else(|| Error::not_found("Assistant not found"))
    }

    /// A store's assistant for a division (one each); the store was checked to be in scope.
    pub async fn create(
        &self,
        caller: &Caller,
        store: &StoreSettings,
        input: &AssistantInput,
        now: DateTime<Utc>,
    ) -> Result<AssistantRecord> {
        caller.require_any(ASSISTANT_ADMINS)?;
        let checked = input.checked()?;
        let mut tx = self.db.begin().await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Assistants::Table)
                    .columns([
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
                        Assistants::CreatedAt,
                        Assistants::UpdatedAt,
                    ])
                    .values_panic([
                        store.enterprise_id.into(),
                        store.boc_id.into(),
                        store.store_id.into(),
                        checked.division.clone().into(),
                        checked.first.into(),
                        checked.last.into(),
                        checked.phone.into(),
                        checked.email.into(),
                        input.initializer_process_enabled.into(),
                        input.is_active.into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Assistants::Id)
                    .to_owned(),
            )
            .await
            .map_err(|e| match e {
                Error::Database(db)
                    if db
                        .as_database_error()
                        .is_some_and(|d| d.is_unique_violation()) =>
                {
                    Error::Conflict(format!(
                        "This store already has an assistant for {}; edit it instead",
                        checked.division
                    ))
                }
                other => other,
            })?;
        let created = Self::find(&mut tx, id)
            .await?
            .ok_or_else(|| Error::Internal("an assistant vanished".into()))?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(store.enterprise_id),
                actor: caller.user_id,
                action: "CREATE",
                entity: "assistant",
                entity_id: id.to_string(),
                before: None,
                after: audit_view(&created),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Edits an assistant, or switches it on or off (its division stays).
    pub async fn update(
        &self,
        caller: &Caller,
        scope: &Scope,
        id: i64,
        input: &AssistantInput,
        now: DateTime<Utc>,
    ) -> Result<AssistantRecord> {
        let before = self.get(caller, scope, id).await?;
        let checked = input.checked()?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Assistants::Table)
                .values([
                    (Assistants::AgentFirstName, checked.first.into()),
                    (Assistants::AgentLastName, checked.last.into()),
                    (Assistants::AgentPhoneNumber, checked.phone.into()),
                    (Assistants::Email, checked.email.into()),
                    (
                        Assistants::InitializerProcessEnabled,
                        input.initializer_process_enabled.into(),
                    ),
                    (Assistants::IsActive, input.is_active.into()),
                    (Assistants::UpdatedAt, now.into()),
                ])
                .and_where(Expr::col(Assistants::Id).eq(id))
                .to_owned(),
        )
        .await?;
        let after = Self::find(&mut tx, id)
            .await?
            .ok_or_else(|| Error::Internal("an assistant vanished".into()))?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(before.enterprise_id),
                actor: caller.user_id,
                action: "UPDATE",
                entity: "assistant",
                entity_id: id.to_string(),
                before: audit_view(&before),
                after: audit_view(&after),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }
}
