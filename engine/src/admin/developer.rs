//! The developer area (H-S6, H-C1…H-C7): stores' assistant files (`{storeCode}.aiva`) and the
//! enterprise's standard templates as files (`{division}/{templateCode}.{moc}.tpl`), edited and
//! saved with their history, a template previewed for a sample lead, an assistant file
//! validated (line and reason for every problem) and executed against a sample conversation,
//! and the store's log of saves and runs. Who may use it: the setup admins (decision 0011).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;

use super::TELEPHONY_ADMINS;
use super::audit::{AuditChange, AuditLog};
use crate::assistant::files::{AssistantFileStore, FileRun, FileVersion, problems_error};
use crate::assistant::script::{ExecutedTurn, Problem, Script};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::Role;
use crate::domain::formats::parse_time_zone;
use crate::error::{Error, Result};
use crate::store::PageRequest;
use crate::store::templates::StandardTemplateFilter;
use crate::store::tenancy::{StoreSummary, TenancyStore};
use crate::templates::service::{StandardTemplateDraft, TemplateService};
use wording::templates::Rendered;

/// Who uses the developer area: the admins who set stores up (the spec gives no rule, H-R9).
pub const DEVELOPERS: &[Role] = TELEPHONY_ADMINS;

/// The most customer texts one execution runs.
pub const MAX_EXECUTED_TEXTS: usize = 20;

/// A file of the developer area.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeveloperFile {
    pub file_name: String,
    pub file_content: String,
    /// 0: the store has no file of its own yet (the content is the built-in one).
    pub version: i32,
    pub store_id: Option<i64>,
    pub store_name: Option<String>,
    pub template_id: Option<i64>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A store's history in the developer area.
#[derive(Debug, Clone)]
pub struct DeveloperLog {
    pub versions: Vec<FileVersion>,
    pub runs: Vec<FileRun>,
}

/// What a file name names.
enum Named<'a> {
    Assistant {
        store_code: &'a str,
    },
    Template {
        division: &'a str,
        code: &'a str,
        moc: &'a str,
    },
}

fn named(file_name: &str) -> Result<Named<'_>> {
    if let Some(code) = file_name.strip_suffix(".aiva") {
        return Ok(Named::Assistant { store_code: code });
    }
    if let Some(rest) = file_name.strip_suffix(".tpl")
        && let Some((division, rest)) = rest.split_once('/')
        && let Some((code, moc)) = rest.rsplit_once('.')
    {
        return Ok(Named::Template {
            division,
            code,
            moc,
        });
    }
    Err(Error::invalid(format!(
        "{file_name:?} is not a developer file: `STORECODE.aiva` or `DIVISION/CODE.MOC.tpl`"
    )))
}

#[derive(Debug, Clone)]
pub struct Developer {
    db: Database,
    files: AssistantFileStore,
    templates: TemplateService,
    tenancy: TenancyStore,
}

impl Developer {
    pub fn new(db: Database) -> Self {
        Self {
            files: AssistantFileStore::new(db.clone()),
            templates: TemplateService::new(db.clone()),
            tenancy: TenancyStore::new(db.clone()),
            db,
        }
    }

    async fn store_named(&self, scope: &Scope, code: &str) -> Result<StoreSummary> {
        self.tenancy
            .stores(scope)
            .await?
            .into_iter()
            .find(|s| s.store_code == code)
            .ok_or_else(|| Error::not_found(format!("Store {code} not found")))
    }

    async fn store_of(&self, scope: &Scope, store_id: i64) -> Result<StoreSummary> {
        self.tenancy
            .stores(scope)
            .await?
            .into_iter()
            .find(|s| s.id == store_id)
            .ok_or_else(|| Error::not_found("Store not found"))
    }

    /// Every store's assistant file in the scope (the built-in one where a store has none).
    pub async fn assistant_files(
        &self,
        caller: &Caller,
        scope: &Scope,
    ) -> Result<Vec<DeveloperFile>> {
        caller.require_any(DEVELOPERS)?;
        let mut files = Vec::new();
        for store in self.tenancy.stores(scope).await? {
            let saved = self.files.file(store.id).await?;
            files.push(DeveloperFile {
                file_name: format!("{}.aiva", store.store_code),
                file_content: saved
                    .as_ref()
                    .map_or_else(|| Script::starter_file(&store.name), |f| f.content.clone()),
                version: saved.as_ref().map_or(0, |f| f.version),
                store_id: Some(store.id),
                store_name: Some(store.name),
                template_id: None,
                updated_at: saved.map(|f| f.updated_at),
            });
        }
        Ok(files)
    }

    /// The enterprise's standard templates as files.
    pub async fn template_files(
        &self,
        caller: &Caller,
        scope: &Scope,
    ) -> Result<Vec<DeveloperFile>> {
        caller.require_any(DEVELOPERS)?;
        let listed = self
            .templates
            .store()
            .list_standard(
                scope.enterprise_id,
                &StandardTemplateFilter::default(),
                PageRequest::new(Some(0), Some(crate::store::MAX_PAGE_SIZE))?,
            )
            .await?;
        Ok(listed
            .content
            .into_iter()
            .map(|t| DeveloperFile {
                file_name: format!(
                    "{}/{}.{}.tpl",
                    t.division_code.as_str(),
                    t.template_code,
                    t.moc.as_str()
                ),
                file_content: t.body,
                version: 0,
                store_id: None,
                store_name: None,
                template_id: Some(t.id),
                updated_at: Some(t.created_at),
            })
            .collect())
    }

    /// Saves a file: an assistant file only when it reads without a problem (as its next
    /// version; `version`, when given, must be the one opened), a template through the
    /// template rules. Audited either way.
    pub async fn save(
        &self,
        caller: &Caller,
        scope: &Scope,
        file_name: &str,
        content: &str,
        version: Option<i32>,
        now: DateTime<Utc>,
    ) -> Result<DeveloperFile> {
        caller.require_any(DEVELOPERS)?;
        match named(file_name.trim())? {
            Named::Assistant { store_code } => {
                let store = self.store_named(scope, store_code).await?;
                let before = self.files.file(store.id).await?;
                let saved = self
                    .files
                    .save(
                        scope.enterprise_id,
                        store.id,
                        content,
                        version,
                        caller.user_id,
                        now,
                    )
                    .await?;
                let mut tx = self.db.begin().await?;
                AuditLog::record(
                    &mut tx,
                    AuditChange {
                        enterprise_id: Some(scope.enterprise_id),
                        actor: caller.user_id,
                        action: "UPDATE",
                        entity: "assistant-file",
                        entity_id: store.id.to_string(),
                        before: before.map(
                            |f| serde_json::json!({"version": f.version, "content": f.content}),
                        ),
                        after: Some(
                            serde_json::json!({"version": saved.version, "content": saved.content}),
                        ),
                    },
                    now,
                )
                .await?;
                tx.commit().await?;
                Ok(DeveloperFile {
                    file_name: file_name.trim().to_owned(),
                    file_content: saved.content,
                    version: saved.version,
                    store_id: Some(store.id),
                    store_name: Some(store.name),
                    template_id: None,
                    updated_at: Some(saved.updated_at),
                })
            }
            Named::Template {
                division,
                code,
                moc,
            } => {
                let division = crate::templates::service::parse_division(
                    Some(division),
                    wording::templates::Division::Service,
                )?;
                let moc = crate::templates::service::parse_moc(Some(moc))?;
                let existing = self
                    .templates
                    .store()
                    .standard_by_code(scope.enterprise_id, division, code, moc)
                    .await?
                    .ok_or_else(|| Error::not_found(format!("Template {code} not found")))?;
                // A shared template is copied into the enterprise's own on its first edit.
                let own_id = existing.enterprise_id.map(|_| existing.id);
                let saved = self
                    .templates
                    .save_standard(
                        caller,
                        scope,
                        own_id,
                        division,
                        &StandardTemplateDraft {
                            template_code: existing.template_code.clone(),
                            service_type: existing.service_type.clone(),
                            moc: Some(moc.as_str().to_owned()),
                            title: existing.title.clone(),
                            body: content.to_owned(),
                        },
                        now,
                    )
                    .await?;
                Ok(DeveloperFile {
                    file_name: file_name.trim().to_owned(),
                    file_content: saved.body,
                    version: 0,
                    store_id: None,
                    store_name: None,
                    template_id: Some(saved.id),
                    updated_at: Some(now),
                })
            }
        }
    }

    /// An assistant file's problems (none: it would be saved).
    pub fn validate(&self, caller: &Caller, content: &str) -> Result<Vec<Problem>> {
        caller.require_any(DEVELOPERS)?;
        Ok(Script::parse(content).err().unwrap_or_default())
    }

    /// A template's text for a sample lead (of the scope).
    pub async fn preview(
        &self,
        caller: &Caller,
        scope: &Scope,
        lead_id: i64,
        content: &str,
    ) -> Result<Rendered> {
        caller.require_any(DEVELOPERS)?;
        self.templates
            .render_for_lead(
                scope,
                lead_id,
                wording::templates::Division::Service,
                content,
            )
            .await
    }

    /// Runs an assistant file (the given content, else the store's) against a sample
    /// conversation; the run is kept in the store's log. Nothing is sent or booked.
    pub async fn execute(
        &self,
        caller: &Caller,
        scope: &Scope,
        store_id: i64,
        content: Option<&str>,
        conversation: &[String],
        now: DateTime<Utc>,
    ) -> Result<Vec<ExecutedTurn>> {
        caller.require_any(DEVELOPERS)?;
        let store = self.store_of(scope, store_id).await?;
        if conversation.is_empty() || conversation.len() > MAX_EXECUTED_TEXTS {
            return Err(Error::invalid(format!(
                "Give 1 to {MAX_EXECUTED_TEXTS} customer texts to run"
            )));
        }
        let script = match content {
            Some(content) => Script::parse(content).map_err(|p| problems_error(&p))?,
            None => self.files.script(store.id).await?,
        };
        let zone: Tz = parse_time_zone(&store.time_zone)?;
        let turns = script.execute(conversation, "Alex", &store.name, zone, now);
        self.files
            .record_run(
                scope.enterprise_id,
                store.id,
                caller.user_id,
                &serde_json::to_string(conversation).unwrap_or_default(),
                &serde_json::to_string(&turns).unwrap_or_default(),
                now,
            )
            .await?;
        Ok(turns)
    }

    /// The store's saved versions and latest runs.
    pub async fn log(&self, caller: &Caller, scope: &Scope, store_id: i64) -> Result<DeveloperLog> {
        caller.require_any(DEVELOPERS)?;
        let store = self.store_of(scope, store_id).await?;
        let versions = match self.files.file(store.id).await? {
            Some(file) => self.files.versions(file.id).await?,
            None => Vec::new(),
        };
        Ok(DeveloperLog {
            versions,
            runs: self.files.runs(store.id, 50).await?,
        })
    }
}
