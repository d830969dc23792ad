//! Cron schedules that start jobs. Each tick fires exactly once however many processes watch:
//! a process fires a tick only if it moves `next_fire_at` on from the value it read.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query, SelectStatement};
use serde_json::Value as Json;

use super::schema::{Schedulers, Stores};
use crate::db::Database;
use crate::domain::cron::CronSchedule;
use crate::error::{Error, Result};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Schedule {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub api_name: String,
    pub job_kind: String,
    pub cron: String,
    pub time_zone: String,
    pub input: Option<Json>,
    pub is_enabled: bool,
    pub last_fired_at: Option<DateTime<Utc>>,
    pub next_fire_at: Option<DateTime<Utc>>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NewSchedule {
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub api_name: String,
    pub job_kind: String,
    pub cron: String,
    pub time_zone: String,
    pub input: Json,
    pub is_enabled: bool,
    pub created_by: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct ScheduleStore {
    db: Database,
}

impl ScheduleStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Stores a schedule after checking its expression, zone, name and store.
    pub async fn create(&self, new: &NewSchedule, now: DateTime<Utc>) -> Result<Schedule> {
        let cron = CronSchedule::parse(&new.cron, &new.time_zone)?;
        let api_name = new.api_name.trim();
        if api_name.is_empty() || api_name.len() > 100 {
            return Err(Error::invalid(
                "Unable to create scheduler: apiName must have 1 to 100 characters",
            ));
        }
        if let Some(store_id) = new.store_id {
            let stores = Query::select()
                .expr(Expr::col(Stores::Id).count())
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(store_id))
                .and_where(Expr::col(Stores::EnterpriseId).eq(new.enterprise_id))
                .to_owned();
            if self.db.fetch_scalar::<i64>(&stores).await? == 0 {
                return Err(Error::not_found("Store not found"));
            }
        }
        let next = if new.is_enabled {
            cron.next_after(now)
        } else {
            None
        };
        let insert = Query::insert()
            .into_table(Schedulers::Table)
            .columns([
                Schedulers::EnterpriseId,
                Schedulers::StoreId,
                Schedulers::ApiName,
                Schedulers::JobKind,
                Schedulers::Cron,
                Schedulers::TimeZone,
                Schedulers::Input,
                Schedulers::IsEnabled,
                Schedulers::NextFireAt,
                Schedulers::CreatedBy,
                Schedulers::CreatedAt,
                Schedulers::UpdatedAt,
            ])
            .values_panic([
                new.enterprise_id.into(),
                new.store_id.into(),
                api_name.into(),
                new.job_kind.clone().into(),
                new.cron.trim().into(),
                new.time_zone.clone().into(),
                new.input.clone().into(),
                new.is_enabled.into(),
                next.into(),
                new.created_by.into(),
                now.into(),
                now.into(),
            ])
            .returning_col(Schedulers::Id)
            .to_owned();
        let id: i64 = self.db.fetch_scalar(&insert).await?;
        self.get(id)
            .await?
            .ok_or_else(|| Error::Internal("schedule vanished".into()))
    }

    pub async fn get(&self, id: i64) -> Result<Option<Schedule>> {
        let query = select()
            .and_where(Expr::col(Schedulers::Id).eq(id))
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    /// An enterprise's schedules (optionally one store's), by name.
    pub async fn list(&self, enterprise_id: i64, store_id: Option<i64>) -> Result<Vec<Schedule>> {
        let mut query = select()
            .and_where(Expr::col(Schedulers::EnterpriseId).eq(enterprise_id))
            .order_by(Schedulers::ApiName, Order::Asc)
            .order_by(Schedulers::Id, Order::Asc)
            .to_owned();
        if let Some(store_id) = store_id {
            query.and_where(Expr::col(Schedulers::StoreId).eq(store_id));
        }
        self.db.fetch_all(&query).await
    }

    /// Turns a schedule on (from the next tick after now) or off.
    pub async fn set_enabled(
        &self,
        schedule: &Schedule,
        enabled: bool,
        now: DateTime<Utc>,
    ) -> Result<Schedule> {
        let next = if enabled {
            CronSchedule::parse(&schedule.cron, &schedule.time_zone)?.next_after(now)
        } else {
            None
        };
        let update = Query::update()
            .table(Schedulers::Table)
            .value(Schedulers::IsEnabled, enabled)
            .value(Schedulers::NextFireAt, next)
            .value(Schedulers::UpdatedAt, now)
            .and_where(Expr::col(Schedulers::Id).eq(schedule.id))
            .to_owned();
        self.db.execute(&update).await?;
        self.get(schedule.id)
            .await?
            .ok_or_else(|| Error::not_found("Scheduler not found"))
    }

    pub async fn delete(&self, id: i64) -> Result<bool> {
        let delete = Query::delete()
            .from_table(Schedulers::Table)
            .and_where(Expr::col(Schedulers::Id).eq(id))
            .to_owned();
        Ok(self.db.execute(&delete).await? > 0)
    }

    /// Enabled schedules whose next tick has come.
    pub async fn due(&self, now: DateTime<Utc>, limit: u64) -> Result<Vec<Schedule>> {
        let query = select()
            .and_where(Expr::col(Schedulers::IsEnabled).eq(true))
            .and_where(Expr::col(Schedulers::NextFireAt).lte(now))
            .order_by(Schedulers::NextFireAt, Order::Asc)
            .limit(limit)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    /// Claims the tick `tick` of a schedule by moving it on to `next`. Exactly one caller per
    /// tick gets `true`, whichever process it runs in.
    pub async fn claim_tick(
        &self,
        id: i64,
        tick: DateTime<Utc>,
        next: Option<DateTime<Utc>>,
    ) -> Result<bool> {
        let update = Query::update()
            .table(Schedulers::Table)
            .value(Schedulers::NextFireAt, next)
            .value(Schedulers::LastFiredAt, tick)
            .and_where(Expr::col(Schedulers::Id).eq(id))
            .and_where(Expr::col(Schedulers::IsEnabled).eq(true))
            .and_where(Expr::col(Schedulers::NextFireAt).eq(tick))
            .to_owned();
        Ok(self.db.execute(&update).await? == 1)
    }
}

fn select() -> SelectStatement {
    Query::select()
        .columns([
            Schedulers::Id,
            Schedulers::EnterpriseId,
            Schedulers::StoreId,
            Schedulers::ApiName,
            Schedulers::JobKind,
            Schedulers::Cron,
            Schedulers::TimeZone,
            Schedulers::Input,
            Schedulers::IsEnabled,
            Schedulers::LastFiredAt,
            Schedulers::NextFireAt,
            Schedulers::CreatedBy,
            Schedulers::CreatedAt,
        ])
        .from(Schedulers::Table)
        .to_owned()
}
