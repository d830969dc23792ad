//! Scheduler create and list (spec: data sync), plus enable/disable and delete: cron schedules
//! that start jobs in the enterprise's name.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use engine::auth::Scope;
use engine::store::schedules::{NewSchedule, Schedule};
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use serde_json::Value;

use super::ApiTags;
use super::session::MessageResponse;
use crate::auth::{Session, job_stores_in_scope, stores_of};
use crate::error::ApiResult;
use crate::state::AppState;

/// When no zone is given: the spec's zone for response timing.
const DEFAULT_TIME_ZONE: &str = "America/New_York";

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ScheduleView {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id_fk: Option<i64>,
    pub api_name: String,
    pub job_kind: String,
    /// Five fields (minute hour day month weekday) or six with seconds first.
    pub cron: String,
    pub time_zone: String,
    pub input: Option<Value>,
    pub enabled: bool,
    pub last_fired_at: Option<DateTime<Utc>>,
    pub next_fire_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<Schedule> for ScheduleView {
    fn from(s: Schedule) -> Self {
        Self {
            id: s.id,
            enterprise_id: s.enterprise_id,
            store_id_fk: s.store_id,
            api_name: s.api_name,
            job_kind: s.job_kind,
            cron: s.cron,
            time_zone: s.time_zone,
            input: s.input,
            enabled: s.is_enabled,
            last_fired_at: s.last_fired_at,
            next_fire_at: s.next_fire_at,
            created_at: s.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CreateSchedule {
    pub enterprise_id: i64,
    pub store_id_fk: Option<i64>,
    /// What the schedule is for, e.g. a DMS sync's API name.
    pub api_name: String,
    pub job_kind: String,
    pub cron: String,
    /// IANA zone the cron times are read in (default America/New_York).
    pub time_zone: Option<String>,
    pub input: Option<Value>,
    /// Default true.
    pub enabled: Option<bool>,
}

#[derive(Debug, Object)]
pub struct UpdateSchedule {
    pub enabled: bool,
}

#[derive(Debug, ApiResponse)]
pub enum CreatedSchedule {
    #[oai(status = 201)]
    Created(Json<ScheduleView>),
}

pub struct ScheduleApi;

/// The stores whose schedules a caller below enterprise level sees (`None`: the whole
/// enterprise's, their own and the enterprise-wide ones).
async fn narrowed_stores(state: &AppState, scope: &Scope) -> ApiResult<Option<HashSet<i64>>> {
    if scope.is_whole_enterprise() {
        return Ok(None);
    }
    Ok(Some(
        state
            .tenancy
            .stores(scope)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect(),
    ))
}

/// A schedule the caller sees: their enterprise's and, below enterprise level, one of their
/// stores'. Any other does not exist for them.
async fn visible_schedule(
    state: &AppState,
    caller: &engine::auth::Caller,
    id: i64,
) -> ApiResult<Schedule> {
    let not_found = || engine::Error::not_found("Scheduler not found");
    let schedule = state.schedules.get(id).await?.ok_or_else(not_found)?;
    let scope = caller
        .scope(Some(schedule.enterprise_id))
        .map_err(|_| not_found())?;
    if let Some(stores) = narrowed_stores(state, &scope).await?
        && !schedule.store_id.is_some_and(|s| stores.contains(&s))
    {
        return Err(not_found().into());
    }
    Ok(schedule)
}

#[OpenApi(tag = "ApiTags::Schedules")]
impl ScheduleApi {
    /// An enterprise's schedules, optionally one store's.
    #[oai(
        path = "/api/data-sync/scheduler/api-name/:enterpriseId",
        method = "get"
    )]
    async fn list(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeIdFk")] store_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<ScheduleView>>> {
        let scope = caller.scope(Some(enterprise_id.0))?;
        if store_id.0.is_some() {
            stores_of(&state, &scope, None, store_id.0).await?;
        }
        let visible = narrowed_stores(&state, &scope).await?;
        let schedules = state
            .schedules
            .list(scope.enterprise_id, store_id.0)
            .await?;
        Ok(Json(
            schedules
                .into_iter()
                .filter(|s| {
                    visible
                        .as_ref()
                        .is_none_or(|stores| s.store_id.is_some_and(|id| stores.contains(&id)))
                })
                .map(ScheduleView::from)
                .collect(),
        ))
    }

    /// Creates a schedule. The caller must be allowed to start its job kind; the cron
    /// expression, zone and input are checked.
    #[oai(path = "/api/data-sync/scheduler", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<CreateSchedule>,
    ) -> ApiResult<CreatedSchedule> {
        let body = body.0;
        let scope = caller.scope(Some(body.enterprise_id))?;
        let admission =
            state
                .jobs
                .check_start(&caller, &body.job_kind, &body.input.unwrap_or(Value::Null))?;
        job_stores_in_scope(&state, || Ok(scope), &admission.store_ids).await?;
        if body.store_id_fk.is_some() {
            stores_of(&state, &scope, None, body.store_id_fk).await?;
        } else if !scope.is_whole_enterprise() {
            return Err(engine::Error::invalid(
                "storeIdFk is required: your schedules belong to your stores",
            )
            .into());
        }

        let new = NewSchedule {
            enterprise_id: scope.enterprise_id,
            store_id: body.store_id_fk,
            api_name: body.api_name,
            job_kind: body.job_kind,
            cron: body.cron,
            time_zone: body
                .time_zone
                .unwrap_or_else(|| DEFAULT_TIME_ZONE.to_owned()),
            input: admission.input,
            is_enabled: body.enabled.unwrap_or(true),
            created_by: Some(caller.user_id),
        };
        let schedule = state.schedules.create(&new, Utc::now()).await?;
        tracing::info!(schedule = schedule.id, kind = %schedule.job_kind, "scheduler created");
        Ok(CreatedSchedule::Created(Json(schedule.into())))
    }

    /// Enables (from the next tick) or disables a schedule.
    #[oai(path = "/api/data-sync/scheduler/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        id: Path<i64>,
        body: Json<UpdateSchedule>,
    ) -> ApiResult<Json<ScheduleView>> {
        let schedule = visible_schedule(&state, &caller, id.0).await?;
        state.jobs.check_start(
            &caller,
            &schedule.job_kind,
            &schedule.input.clone().unwrap_or(Value::Null),
        )?;
        Ok(Json(
            state
                .schedules
                .set_enabled(&schedule, body.enabled, Utc::now())
                .await?
                .into(),
        ))
    }

    #[oai(path = "/api/data-sync/scheduler/:id", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let schedule = visible_schedule(&state, &caller, id.0).await?;
        state.jobs.check_start(
            &caller,
            &schedule.job_kind,
            &schedule.input.clone().unwrap_or(Value::Null),
        )?;
        state.schedules.delete(schedule.id).await?;
        Ok(Json(MessageResponse {
            message: "Successfully Deleted".to_owned(),
        }))
    }
}
