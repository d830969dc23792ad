//! Enterprises, their dealers (bocs) and stores.

use sea_query::{Alias, Expr, ExprTrait, Func, IntoIden, LikeExpr, Order, Query, SelectStatement};

use super::schema::{Bocs, Brands, Enterprises, Offices, Stores, Users};
use super::{Page, PageRequest, like_pattern};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EnterpriseSummary {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub is_demo: bool,
    pub is_active: bool,
    pub boc_count: i64,
    pub store_count: i64,
    pub user_count: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreSummary {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_code: String,
    pub name: String,
    pub phone_number: Option<String>,
    pub brand_name: Option<String>,
    pub boc_id: i64,
    pub boc_code: String,
    pub boc_name: String,
    pub office_name: String,
    pub time_zone: String,
}

/// Which enterprises a listing may show.
#[derive(Debug, Clone, Copy)]
pub enum EnterpriseFilter {
    All,
    Only(i64),
}

#[derive(Debug, Clone)]
pub struct TenancyStore {
    db: Database,
}

impl TenancyStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn list_enterprises(
        &self,
        filter: EnterpriseFilter,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<EnterpriseSummary>> {
        let mut base = Query::select().from(Enterprises::Table).to_owned();
        if let EnterpriseFilter::Only(id) = filter {
            base.and_where(Expr::col((Enterprises::Table, Enterprises::Id)).eq(id));
        }
        if let Some(search) = search.filter(|s| !s.trim().is_empty()) {
            base.and_where(
                Expr::expr(Func::lower(Expr::col((
                    Enterprises::Table,
                    Enterprises::Name,
                ))))
                .like(LikeExpr::new(like_pattern(search)?).escape('\\')),
            );
        }
        let total: i64 = self
            .db
            .fetch_scalar(
                &base
                    .clone()
                    .expr(Expr::col((Enterprises::Table, Enterprises::Id)).count())
                    .to_owned(),
            )
            .await?;
        let query = base
            .columns([
                (Enterprises::Table, Enterprises::Id),
                (Enterprises::Table, Enterprises::Name),
                (Enterprises::Table, Enterprises::Code),
                (Enterprises::Table, Enterprises::IsDemo),
            ])
            .expr_as(
                Expr::col((Enterprises::Table, Enterprises::DeactivatedAt)).is_null(),
                "is_active",
            )
            .expr_as(count_per_enterprise(Bocs::Table), "boc_count")
            .expr_as(count_per_enterprise(Stores::Table), "store_count")
            .expr_as(count_per_enterprise(Users::Table), "user_count")
            .order_by((Enterprises::Table, Enterprises::Id), Order::Asc)
            .limit(page.size)
            .offset(page.offset())
            .to_owned();
        Ok(Page {
            content: self.db.fetch_all(&query).await?,
            page: page.page,
            size: page.size,
            total_elements: total as u64,
        })
    }

    /// Every enterprise's id (start-up chores that set each one up).
    pub async fn enterprise_ids(&self) -> Result<Vec<i64>> {
        Ok(self
            .db
            .fetch_all::<(i64,)>(
                Query::select()
                    .column(Enterprises::Id)
                    .from(Enterprises::Table)
                    .order_by(Enterprises::Id, sea_query::Order::Asc),
            )
            .await?
            .into_iter()
            .map(|(id,)| id)
            .collect())
    }

    pub async fn enterprise_exists(&self, id: i64) -> Result<bool> {
        let query = Query::select()
            .expr(Expr::col(Enterprises::Id).count())
            .from(Enterprises::Table)
            .and_where(Expr::col(Enterprises::Id).eq(id))
            .to_owned();
        Ok(self.db.fetch_scalar::<i64>(&query).await? > 0)
    }

    /// The names of these stores (any, deactivated too: a run's history keeps its stores).
    pub async fn store_names(&self, ids: &[i64]) -> Result<std::collections::HashMap<i64, String>> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let query = Query::select()
            .columns([Stores::Id, Stores::Name])
            .from(Stores::Table)
            .and_where(Expr::col(Stores::Id).is_in(ids.iter().copied()))
            .to_owned();
        let rows: Vec<(i64, String)> = self.db.fetch_all(&query).await?;
        Ok(rows.into_iter().collect())
    }

    /// The stores inside a scope, by dealer then store code.
    pub async fn stores(&self, scope: &Scope) -> Result<Vec<StoreSummary>> {
        let mut query = Query::select()
            .columns([
                (Stores::Table, Stores::Id),
                (Stores::Table, Stores::EnterpriseId),
                (Stores::Table, Stores::StoreCode),
                (Stores::Table, Stores::Name),
                (Stores::Table, Stores::PhoneNumber),
                (Stores::Table, Stores::BocId),
            ])
            .expr_as(Expr::col((Brands::Table, Brands::Name)), "brand_name")
            .expr_as(Expr::col((Bocs::Table, Bocs::BocCode)), "boc_code")
            .expr_as(Expr::col((Bocs::Table, Bocs::Name)), "boc_name")
            .expr_as(Expr::col((Offices::Table, Offices::Name)), "office_name")
            .expr_as(Expr::col((Offices::Table, Offices::TimeZone)), "time_zone")
            .from(Stores::Table)
            .inner_join(
                Bocs::Table,
                Expr::col((Bocs::Table, Bocs::Id)).equals((Stores::Table, Stores::BocId)),
            )
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .left_join(
                Brands::Table,
                Expr::col((Brands::Table, Brands::Id)).equals((Stores::Table, Stores::BrandId)),
            )
            .order_by((Bocs::Table, Bocs::BocCode), Order::Asc)
            .order_by((Stores::Table, Stores::StoreCode), Order::Asc)
            .to_owned();
        scope.restrict_stores(&mut query, Stores::Table);
        // Deactivated stores, and the stores of deactivated dealers, leave every picker.
        query.and_where(Expr::col((Stores::Table, Stores::DeactivatedAt)).is_null());
        query.and_where(Expr::col((Bocs::Table, Bocs::DeactivatedAt)).is_null());
        self.db.fetch_all(&query).await
    }
}

/// `(SELECT COUNT(id) FROM table WHERE table.enterprise_id = enterprises.id)`.
fn count_per_enterprise(table: impl IntoIden + Clone) -> Expr {
    let sub: SelectStatement = Query::select()
        .expr(Expr::col((table.clone(), Alias::new("id"))).count())
        .from(table.clone())
        .and_where(
            Expr::col((table, Alias::new("enterprise_id")))
                .equals((Enterprises::Table, Enterprises::Id)),
        )
        .to_owned();
    Expr::SubQuery(None, Box::new(sub.into()))
}
