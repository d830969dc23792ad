//! Test texts sent from Administration (issue 36): each kept with its gateway, numbers and
//! sender, so the SMS simulator can show the ones it carried.

use chrono::{DateTime, Utc};
use sea_query::{Alias, Expr, ExprTrait, Order, Query, SelectStatement};

use super::schema::{Stores, TestTexts, Users};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::Result;

/// A test text as it went out.
#[derive(Debug, Clone)]
pub struct NewTestText {
    pub enterprise_id: i64,
    pub store_id: i64,
    /// The gateway's provider (`SIMULATOR`, `TWILIO`, `BANDWIDTH`).
    pub provider: String,
    pub from_number: String,
    pub to_number: String,
    pub body: String,
    pub provider_message_id: Option<String>,
    pub sent_by_user_id: Option<i64>,
}

/// A test text as a list shows it: with its store's and its sender's names.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TestTextRecord {
    pub id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub provider: String,
    pub from_number: String,
    pub to_number: String,
    pub body: String,
    pub sent_by: Option<String>,
    pub sent_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct TestTextStore {
    db: Database,
}

impl TestTextStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn record(&self, text: &NewTestText, now: DateTime<Utc>) -> Result<i64> {
        self.db
            .fetch_scalar(
                Query::insert()
                    .into_table(TestTexts::Table)
                    .columns([
                        TestTexts::EnterpriseId,
                        TestTexts::StoreId,
                        TestTexts::Provider,
                        TestTexts::FromNumber,
                        TestTexts::ToNumber,
                        TestTexts::Body,
                        TestTexts::ProviderMessageId,
                        TestTexts::SentByUserId,
                        TestTexts::SentAt,
                    ])
                    .values_panic([
                        text.enterprise_id.into(),
                        text.store_id.into(),
                        text.provider.clone().into(),
                        text.from_number.clone().into(),
                        text.to_number.clone().into(),
                        text.body.clone().into(),
                        text.provider_message_id.clone().into(),
                        text.sent_by_user_id.into(),
                        now.into(),
                    ])
                    .returning_col(TestTexts::Id),
            )
            .await
    }

    /// The test texts of one gateway provider inside the scope, newest first.
    pub async fn page(
        &self,
        scope: &Scope,
        provider: &str,
        page: PageRequest,
    ) -> Result<Page<TestTextRecord>> {
        let mut query = Query::select();
        query
            .from(TestTexts::Table)
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::Id))
                    .equals((TestTexts::Table, TestTexts::StoreId)),
            )
            .left_join(
                Users::Table,
                Expr::col((Users::Table, Users::Id))
                    .equals((TestTexts::Table, TestTexts::SentByUserId)),
            )
            .and_where(Expr::col((TestTexts::Table, TestTexts::Provider)).eq(provider));
        scope.restrict(&mut query, TestTexts::Table, false);
        let total = self.count(&query).await?;
        query
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::Id)),
                Alias::new("id"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::StoreId)),
                Alias::new("store_id"),
            )
            .expr_as(
                Expr::col((Stores::Table, Stores::Name)),
                Alias::new("store_name"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::Provider)),
                Alias::new("provider"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::FromNumber)),
                Alias::new("from_number"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::ToNumber)),
                Alias::new("to_number"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::Body)),
                Alias::new("body"),
            )
            .expr_as(
                Expr::col((Users::Table, Users::Username)),
                Alias::new("sent_by"),
            )
            .expr_as(
                Expr::col((TestTexts::Table, TestTexts::SentAt)),
                Alias::new("sent_at"),
            )
            .order_by((TestTexts::Table, TestTexts::SentAt), Order::Desc)
            .order_by((TestTexts::Table, TestTexts::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(self.db.fetch_all(&query).await?, page, total))
    }

    async fn count(&self, query: &SelectStatement) -> Result<u64> {
        let mut count = query.clone();
        count.expr(Expr::col((TestTexts::Table, TestTexts::Id)).count());
        let total: i64 = self.db.fetch_scalar(&count).await?;
        Ok(Ord::max(total, 0) as u64)
    }
}
