//! Where stores' assistant files live: the current file (what the assistant reads on every
//! reply), every saved version, and the developer area's test runs. A file is saved only when
//! it reads without a problem ([`Script::parse`]).

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};

use super::script::{Problem, Script};
use crate::db::Database;
use crate::error::{Error, Result};
use crate::store::schema::{AssistantFileRuns, AssistantFileVersions, AssistantFiles, Stores};
use crate::store::settings::SettingsStore;

/// A store's saved file.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredFile {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub content: String,
    pub version: i32,
    pub updated_by: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

/// One saved version of a file.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FileVersion {
    pub version: i32,
    pub content: String,
    pub saved_by: Option<i64>,
    pub saved_at: DateTime<Utc>,
}

/// A test run of the developer area.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FileRun {
    pub id: i64,
    pub store_id: i64,
    pub run_by: Option<i64>,
    pub conversation: String,
    pub outcome: String,
    pub at: DateTime<Utc>,
}

/// A file's problems as one validation error: each line names its line of the file.
pub fn problems_error(problems: &[Problem]) -> Error {
    Error::invalid_all(problems.iter().map(Problem::to_string).collect())
}

#[derive(Debug, Clone)]
pub struct AssistantFileStore {
    db: Database,
}

impl AssistantFileStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn file(&self, store_id: i64) -> Result<Option<StoredFile>> {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([
                        AssistantFiles::Id,
                        AssistantFiles::EnterpriseId,
                        AssistantFiles::StoreId,
                        AssistantFiles::Content,
                        AssistantFiles::Version,
                        AssistantFiles::UpdatedBy,
                        AssistantFiles::UpdatedAt,
                    ])
                    .from(AssistantFiles::Table)
                    .and_where(Expr::col(AssistantFiles::StoreId).eq(store_id)),
            )
            .await
    }

    /// What the store's assistant says and does: its file, else the file its enterprise's
    /// stores share (`aivaFile`, decision 0022), else the built-in defaults. A stored file
    /// always reads (it was checked when saved); one that no longer does (a key retired) falls
    /// back to the defaults rather than silence the assistant.
    pub async fn script(&self, store_id: i64) -> Result<Script> {
        let content = match self.file(store_id).await? {
            Some(file) => Some(file.content),
            None => self.shared_file(store_id).await?,
        };
        Ok(match content {
            Some(content) => Script::parse(&content).unwrap_or_else(|problems| {
                tracing::warn!(
                    store_id,
                    ?problems,
                    "a stored assistant file no longer reads"
                );
                Script::default()
            }),
            None => Script::default(),
        })
    }

    /// The content of the file the store's enterprise names as its stores' shared one.
    async fn shared_file(&self, store_id: i64) -> Result<Option<String>> {
        let enterprise: Option<(i64,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column(Stores::EnterpriseId)
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(store_id)),
            )
            .await?;
        let Some((enterprise_id,)) = enterprise else {
            return Ok(None);
        };
        let settings = SettingsStore::new(self.db.clone())
            .enterprise_settings(enterprise_id)
            .await?;
        let Some(code) = settings.aiva_store_code() else {
            return Ok(None);
        };
        let shared: Option<(String,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column((AssistantFiles::Table, AssistantFiles::Content))
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
        Ok(shared.map(|(content,)| content))
    }

    /// Saves a store's file as its next version; `expected_version` (when given) must be the
    /// current one, so two editors cannot overwrite each other unknowingly.
    pub async fn save(
        &self,
        enterprise_id: i64,
        store_id: i64,
        content: &str,
        expected_version: Option<i32>,
        saved_by: i64,
        now: DateTime<Utc>,
    ) -> Result<StoredFile> {
        Script::parse(content).map_err(|problems| problems_error(&problems))?;
        let mut tx = self.db.begin().await?;
        let current: Option<(i64, i32)> = tx
            .fetch_optional(
                Query::select()
                    .columns([AssistantFiles::Id, AssistantFiles::Version])
                    .from(AssistantFiles::Table)
                    .and_where(Expr::col(AssistantFiles::StoreId).eq(store_id)),
            )
            .await?;
        let found_version = current.map_or(0, |(_, v)| v);
        if expected_version.is_some_and(|v| v != found_version) {
            return Err(Error::Conflict(format!(
                "The file changed since you opened it (now version {found_version}); reload it"
            )));
        }
        let version = found_version + 1;
        let file_id = match current {
            Some((id, _)) => {
                tx.execute(
                    &Query::update()
                        .table(AssistantFiles::Table)
                        .values([
                            (AssistantFiles::Content, content.into()),
                            (AssistantFiles::Version, version.into()),
                            (AssistantFiles::UpdatedBy, saved_by.into()),
                            (AssistantFiles::UpdatedAt, now.into()),
                        ])
                        .and_where(Expr::col(AssistantFiles::Id).eq(id))
                        .to_owned(),
                )
                .await?;
                id
            }
            None => {
                tx.fetch_scalar(
                    &Query::insert()
                        .into_table(AssistantFiles::Table)
                        .columns([
                            AssistantFiles::EnterpriseId,
                            AssistantFiles::StoreId,
                            AssistantFiles::Content,
                            AssistantFiles::Version,
                            AssistantFiles::UpdatedBy,
                            AssistantFiles::UpdatedAt,
                        ])
                        .values_panic([
                            enterprise_id.into(),
                            store_id.into(),
                            content.into(),
                            version.into(),
                            saved_by.into(),
                            now.into(),
                        ])
                        .returning_col(AssistantFiles::Id)
                        .to_owned(),
                )
                .await?
            }
        };
        tx.execute(
            &Query::insert()
                .into_table(AssistantFileVersions::Table)
                .columns([
                    AssistantFileVersions::FileId,
                    AssistantFileVersions::Version,
                    AssistantFileVersions::Content,
                    AssistantFileVersions::SavedBy,
                    AssistantFileVersions::SavedAt,
                ])
                .values_panic([
                    file_id.into(),
                    version.into(),
                    content.into(),
                    saved_by.into(),
                    now.into(),
                ])
                .to_owned(),
        )
        .await?;
        tx.commit().await?;
        Ok(StoredFile {
            id: file_id,
            enterprise_id,
            store_id,
            content: content.to_owned(),
            version,
            updated_by: Some(saved_by),
            updated_at: now,
        })
    }

    /// A file's versions, newest first.
    pub async fn versions(&self, file_id: i64) -> Result<Vec<FileVersion>> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([
                        AssistantFileVersions::Version,
                        AssistantFileVersions::Content,
                        AssistantFileVersions::SavedBy,
                        AssistantFileVersions::SavedAt,
                    ])
                    .from(AssistantFileVersions::Table)
                    .and_where(Expr::col(AssistantFileVersions::FileId).eq(file_id))
                    .order_by(AssistantFileVersions::Version, Order::Desc),
            )
            .await
    }

    /// Keeps a test run for the store's log.
    pub async fn record_run(
        &self,
        enterprise_id: i64,
        store_id: i64,
        run_by: i64,
        conversation: &str,
        outcome: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.db
            .execute(
                &Query::insert()
                    .into_table(AssistantFileRuns::Table)
                    .columns([
                        AssistantFileRuns::EnterpriseId,
                        AssistantFileRuns::StoreId,
                        AssistantFileRuns::RunBy,
                        AssistantFileRuns::Conversation,
                        AssistantFileRuns::Outcome,
                        AssistantFileRuns::At,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        store_id.into(),
                        run_by.into(),
                        conversation.into(),
                        outcome.into(),
                        now.into(),
                    ])
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    /// The store's latest test runs, newest first.
    pub async fn runs(&self, store_id: i64, limit: u64) -> Result<Vec<FileRun>> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([
                        AssistantFileRuns::Id,
                        AssistantFileRuns::StoreId,
                        AssistantFileRuns::RunBy,
                        AssistantFileRuns::Conversation,
                        AssistantFileRuns::Outcome,
                        AssistantFileRuns::At,
                    ])
                    .from(AssistantFileRuns::Table)
                    .and_where(Expr::col(AssistantFileRuns::StoreId).eq(store_id))
                    .order_by(AssistantFileRuns::Id, Order::Desc)
                    .limit(limit),
            )
            .await
    }
}
