//! The template operations with their rules: what a draft must hold, who may write which
//! template, and rendering for a lead the caller can see.

use chrono::{DateTime, Utc};

use super::{
    Division, GROUP_TEMPLATE_ROLES, Moc, Rendered, TemplateScope, check_intent, check_service_type,
    checked_content, render,
};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::formats::{MAX_CODE_CHARS, too_long};
use crate::error::{Error, Result};
use crate::store::templates::{
    CustomTemplateInput, CustomTemplateRecord, StandardTemplateInput, StandardTemplateRecord,
    TemplateStore,
};
use crate::store::tenancy::TenancyStore;
use crate::templates::FieldValues;

/// A custom template as a request writes it, before any check.
#[derive(Debug, Clone, Default)]
pub struct CustomTemplateDraft {
    pub scope: Option<String>,
    pub title: String,
    pub body: String,
    pub service_type: String,
    pub intent: Option<String>,
    pub brand: Option<String>,
}

impl CustomTemplateDraft {
    /// Every problem at once; the body as stored (newlines as `<br>`).
    pub fn check(&self) -> Result<CustomTemplateInput> {
        let mut problems = Vec::new();
        let scope = match self.scope.as_deref().map(str::trim) {
            None | Some("") => Some(TemplateScope::Personal),
            Some(text) => text
                .to_ascii_uppercase()
                .parse::<TemplateScope>()
                .map_err(|_| problems.push("templateType must be PERSONAL or GROUP".to_owned()))
                .ok(),
        };
        let content =
            checked_content(&self.title, &self.body).map_err(|e| collect(e, &mut problems));
        let service_type =
            check_service_type(&self.service_type).map_err(|e| collect(e, &mut problems));
        let intent = optional(&self.intent)
            .map(check_intent)
            .transpose()
            .map_err(|e| collect(e, &mut problems));
        let brand = optional(&self.brand).map(str::to_owned);
        if let Some(problem) = brand
            .as_deref()
            .and_then(|b| too_long("brand", b, MAX_CODE_CHARS))
        {
            problems.push(problem);
        }
        match (scope, content, service_type, intent) {
            (Some(scope), Ok((title, body)), Ok(service_type), Ok(intent))
                if problems.is_empty() =>
            {
                Ok(CustomTemplateInput {
                    scope,
                    title,
                    body,
                    service_type,
                    intent,
                    brand,
                })
            }
            _ => Err(Error::invalid_all(problems)),
        }
    }
}

/// A standard template as a request writes it.
#[derive(Debug, Clone, Default)]
pub struct StandardTemplateDraft {
    pub template_code: String,
    pub service_type: Option<String>,
    pub moc: Option<String>,
    pub title: String,
    pub body: String,
}

impl StandardTemplateDraft {
    pub fn check(&self, division: Division) -> Result<StandardTemplateInput> {
        let mut problems = Vec::new();
        let code = self.template_code.trim();
        if code.is_empty() {
            problems.push("templateCode is required".to_owned());
        } else if let Some(problem) = too_long("templateCode", code, MAX_CODE_CHARS) {
            problems.push(problem);
        }
        let moc = parse_moc(self.moc.as_deref()).map_err(|e| collect(e, &mut problems));
        let service_type = optional(&self.service_type)
            .map(check_service_type)
            .transpose()
            .map_err(|e| collect(e, &mut problems));
        let content =
            checked_content(&self.title, &self.body).map_err(|e| collect(e, &mut problems));
        match (moc, service_type, content) {
            (Ok(moc), Ok(service_type), Ok((title, body))) if problems.is_empty() => {
                Ok(StandardTemplateInput {
                    division,
                    template_code: code.to_owned(),
                    service_type,
                    moc,
                    title,
                    body,
                })
            }
            _ => Err(Error::invalid_all(problems)),
        }
    }
}

fn optional(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

fn collect(error: Error, problems: &mut Vec<String>) {
    match error {
        Error::Validation { errors, .. } => problems.extend(errors),
        other => problems.push(other.to_string()),
    }
}

/// `SMS` (the default) or `EMAIL`, in any case.
pub fn parse_moc(moc: Option<&str>) -> Result<Moc> {
    match moc.map(str::trim).filter(|m| !m.is_empty()) {
        None => Ok(Moc::Sms),
        Some(text) => text
            .to_ascii_uppercase()
            .parse()
            .map_err(|_| Error::invalid(format!("moc must be SMS or EMAIL, not '{text}'"))),
    }
}

/// A division code (`DIV004`), or the default when none is given.
pub fn parse_division(division: Option<&str>, default: Division) -> Result<Division> {
    match division.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(default),
        Some(text) => text.to_ascii_uppercase().parse().map_err(|_| {
            Error::invalid(format!(
                "divisionId must be one of {}, not '{text}'",
                Division::ALL
                    .iter()
                    .map(|d| d.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }),
    }
}

#[derive(Debug, Clone)]
pub struct TemplateService {
    store: TemplateStore,
    tenancy: TenancyStore,
}

impl TemplateService {
    pub fn new(db: Database) -> Self {
        Self {
            store: TemplateStore::new(db.clone()),
            tenancy: TenancyStore::new(db),
        }
    }

    pub fn store(&self) -> &TemplateStore {
        &self.store
    }

    /// A platform user names the enterprise they write for: one that does not exist is not
    /// found (rather than a template of no one's).
    async fn check_enterprise(&self, scope: &Scope) -> Result<()> {
        if self.tenancy.enterprise_exists(scope.enterprise_id).await? {
            Ok(())
        } else {
            Err(Error::not_found("Enterprise not found"))
        }
    }

    /// A custom template the caller can see, or not found.
    pub async fn custom(
        &self,
        caller: &Caller,
        scope: &Scope,
        id: i64,
    ) -> Result<CustomTemplateRecord> {
        self.store
            .get_custom(scope.enterprise_id, caller.user_id, id)
            .await?
            .ok_or_else(|| Error::not_found("Template not found"))
    }

    /// Whether the caller may edit or delete this template (what the panel offers).
    pub fn may_change(caller: &Caller, template: &CustomTemplateRecord) -> bool {
        Self::check_may_change(caller, template).is_ok()
    }

    /// Whether the caller may change (or delete) this template: their own personal ones, and
    /// group ones if their role writes group templates.
    fn check_may_change(caller: &Caller, template: &CustomTemplateRecord) -> Result<()> {
        match template.scope {
            TemplateScope::Personal if template.owner_user_id == Some(caller.user_id) => Ok(()),
            TemplateScope::Personal => Err(Error::not_found("Template not found")),
            TemplateScope::Group => caller.require_any(GROUP_TEMPLATE_ROLES),
        }
    }

    /// Adds a template (no `id`) or rewrites one (spec: the editor saves through update when a
    /// template id exists). Writing a group template takes a manager's role.
    pub async fn save_custom(
        &self,
        caller: &Caller,
        scope: &Scope,
        id: Option<i64>,
        draft: &CustomTemplateDraft,
        now: DateTime<Utc>,
    ) -> Result<CustomTemplateRecord> {
        // An id the caller cannot see is not found, whatever the draft holds.
        let existing = match id {
            Some(id) => Some(self.custom(caller, scope, id).await?),
            None => None,
        };
        let input = draft.check()?;
        if let Some(existing) = &existing {
            Self::check_may_change(caller, existing)?;
        }
        if input.scope == TemplateScope::Group {
            caller.require_any(GROUP_TEMPLATE_ROLES)?;
        }
        let id = match existing {
            Some(existing) => {
                self.store
                    .update_custom(existing.id, caller.user_id, &input, now)
                    .await?;
                existing.id
            }
            None => {
                self.check_enterprise(scope).await?;
                self.store
                    .create_custom(scope.enterprise_id, caller.user_id, &input, now)
                    .await?
            }
        };
        self.custom(caller, scope, id).await
    }

    pub async fn delete_custom(&self, caller: &Caller, scope: &Scope, id: i64) -> Result<()> {
        let template = self.custom(caller, scope, id).await?;
        Self::check_may_change(caller, &template)?;
        self.store.delete_custom(template.id).await
    }

    /// Marks or unmarks a template the caller can see as their favourite.
    pub async fn set_favorite(
        &self,
        caller: &Caller,
        scope: &Scope,
        id: i64,
        favorite: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let template = self.custom(caller, scope, id).await?;
        self.store
            .set_favorite(caller.user_id, template.id, favorite, now)
            .await
    }

    /// Adds or rewrites one of the enterprise's standard templates (managers only).
    pub async fn save_standard(
        &self,
        caller: &Caller,
        scope: &Scope,
        id: Option<i64>,
        division: Division,
        draft: &StandardTemplateDraft,
        now: DateTime<Utc>,
    ) -> Result<StandardTemplateRecord> {
        caller.require_any(GROUP_TEMPLATE_ROLES)?;
        self.check_enterprise(scope).await?;
        let input = draft.check(division)?;
        let id = self
            .store
            .save_standard(scope.enterprise_id, id, &input, now)
            .await?;
        self.store
            .get_standard(scope.enterprise_id, id)
            .await?
            .ok_or_else(|| Error::not_found("Template not found"))
    }

    /// `body` filled for a lead in the scope, with the assistant of `division`.
    pub async fn render_for_lead(
        &self,
        scope: &Scope,
        lead_id: i64,
        division: Division,
        body: &str,
    ) -> Result<Rendered> {
        let facts = self
            .store
            .lead_facts(scope, lead_id, division)
            .await?
            .ok_or_else(|| Error::not_found("Lead not found"))?;
        render(body, &FieldValues::of(&facts))
    }
}
