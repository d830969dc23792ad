//! Virtual service and mileage records (spec H-C29, H-S9, H-E5; paths ours, decision 0020): a
//! service done elsewhere, or an odometer reading, that staff record for a vehicle, listed,
//! created and deleted in Administration. The planners read them with the repair orders.
// Handlers take one argument per parameter.
#![allow(clippy::too_many_arguments)]

use chrono::{DateTime, NaiveDate, Utc};
use engine::store::PageRequest;
use engine::store::virtual_records::{NewVirtualRecord, VirtualKind, VirtualRecord};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;

/// A virtual record with its vehicle and customer.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct VirtualRecordView {
    pub id: i64,
    pub store_id: i64,
    pub vehicle_id: i64,
    /// The service's day, or the reading's.
    pub date: NaiveDate,
    pub mileage: Option<i32>,
    /// What was done (a service), or a note (a reading).
    pub description: Option<String>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub vin: Option<String>,
    pub vehicle: String,
    pub customer_name: String,
}

impl From<VirtualRecord> for VirtualRecordView {
    fn from(r: VirtualRecord) -> Self {
        let join = |parts: &[Option<String>]| {
            parts
                .iter()
                .flatten()
                .map(|p| p.trim())
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        };
        Self {
            id: r.id,
            store_id: r.store_id,
            vehicle_id: r.vehicle_id,
            date: r.on,
            mileage: r.mileage,
            description: r.text,
            created_by: r.created_by,
            created_at: r.created_at,
            vin: r.vin,
            vehicle: join(&[r.year.map(|y| y.to_string()), r.make, r.model]),
            customer_name: join(&[r.customer_first_name, r.customer_last_name]),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct VirtualRecordPage {
    pub content: Vec<VirtualRecordView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// A service done for a vehicle, as staff record it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct VirtualServiceBody {
    pub vehicle_id: i64,
    /// YYYY-MM-DD; not in the future.
    pub service_date: NaiveDate,
    pub mileage: Option<i32>,
    /// What was done ("Oil change at another shop").
    #[oai(validator(max_length = 500))]
    pub description: String,
}

/// An odometer reading of a vehicle, as staff record it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct VirtualMileageBody {
    pub vehicle_id: i64,
    /// YYYY-MM-DD; not in the future.
    pub reading_date: NaiveDate,
    /// Required: the reading (refused with the others' problems when missing).
    pub mileage: Option<i32>,
    #[oai(validator(max_length = 500))]
    pub note: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CreatedRecord {
    pub id: i64,
}

pub struct VirtualRecordApi;

async fn page_of(
    state: &AppState,
    req: &Request,
    caller: &engine::auth::Caller,
    kind: VirtualKind,
    (store_id, vehicle_id): (Option<i64>, Option<i64>),
    (page, size): (Option<u64>, Option<u64>),
) -> ApiResult<Json<VirtualRecordPage>> {
    let scope = request_scope(caller, req)?;
    if let Some(store_id) = store_id {
        store_in_scope(state, &scope, store_id).await?;
    }
    let found = state
        .virtual_records
        .list(
            &scope,
            kind,
            store_id,
            vehicle_id,
            PageRequest::new(page, size)?,
        )
        .await?;
    Ok(Json(VirtualRecordPage {
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
        content: found.content.into_iter().map(Into::into).collect(),
    }))
}

#[OpenApi(tag = "ApiTags::Administration")]
impl VirtualRecordApi {
    /// Virtual service records in the caller's scope, newest first: one store's, or one
    /// vehicle's.
    #[oai(path = "/api/virtual-service-record", method = "get")]
    async fn services(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<Option<i64>>,
        #[oai(name = "vehicleId")] vehicle_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<VirtualRecordPage>> {
        page_of(
            &state,
            req,
            &caller,
            VirtualKind::Service,
            (store_id.0, vehicle_id.0),
            (page.0, size.0),
        )
        .await
    }

    /// Records a service done for a vehicle (managers): the planners count it as a visit of
    /// that day. Every problem is listed (400); another tenant's vehicle is not found.
    #[oai(path = "/api/virtual-service-record", method = "post")]
    async fn create_service(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<VirtualServiceBody>,
    ) -> ApiResult<Json<CreatedRecord>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let id = state
            .virtual_record_admin
            .create(
                &caller,
                &scope,
                VirtualKind::Service,
                &NewVirtualRecord {
                    vehicle_id: body.vehicle_id,
                    on: body.service_date,
                    mileage: body.mileage,
                    text: Some(body.description),
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(CreatedRecord { id }))
    }

    /// Deletes a virtual service record (managers).
    #[oai(path = "/api/virtual-service-record/:id", method = "delete")]
    async fn delete_service(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<CreatedRecord>> {
        let scope = request_scope(&caller, req)?;
        state
            .virtual_record_admin
            .delete(&caller, &scope, VirtualKind::Service, id.0, Utc::now())
            .await?;
        Ok(Json(CreatedRecord { id: id.0 }))
    }

    /// Virtual mileage records in the caller's scope, newest first: one store's, or one
    /// vehicle's.
    #[oai(path = "/api/virtual-mileage-record", method = "get")]
    async fn readings(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<Option<i64>>,
        #[oai(name = "vehicleId")] vehicle_id: Query<Option<i64>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<VirtualRecordPage>> {
        page_of(
            &state,
            req,
            &caller,
            VirtualKind::Mileage,
            (store_id.0, vehicle_id.0),
            (page.0, size.0),
        )
        .await
    }

    /// Records an odometer reading of a vehicle (managers): the planners project its mileage
    /// from it. Every problem is listed (400); another tenant's vehicle is not found.
    #[oai(path = "/api/virtual-mileage-record", method = "post")]
    async fn create_reading(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<VirtualMileageBody>,
    ) -> ApiResult<Json<CreatedRecord>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let id = state
            .virtual_record_admin
            .create(
                &caller,
                &scope,
                VirtualKind::Mileage,
                &NewVirtualRecord {
                    vehicle_id: body.vehicle_id,
                    on: body.reading_date,
                    mileage: body.mileage,
                    text: body.note,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(CreatedRecord { id }))
    }

    /// Deletes a virtual mileage record (managers).
    #[oai(path = "/api/virtual-mileage-record/:id", method = "delete")]
    async fn delete_reading(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<CreatedRecord>> {
        let scope = request_scope(&caller, req)?;
        state
            .virtual_record_admin
            .delete(&caller, &scope, VirtualKind::Mileage, id.0, Utc::now())
            .await?;
        Ok(Json(CreatedRecord { id: id.0 }))
    }
}
