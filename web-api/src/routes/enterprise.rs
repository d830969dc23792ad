//! Enterprises (the company master list) and their stores.

use chrono::Utc;
use engine::admin::TENANT_ADMINS;
use engine::domain::formats::gmt_offset;
use engine::store::PageRequest;
use engine::store::tenancy::{EnterpriseFilter, StoreSummary};
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::administration::{AdminStoreView, EnterpriseView, NewEnterpriseBody, StoreBody};
use crate::auth::Session;
use crate::error::ApiResult;
use crate::state::AppState;
use engine::admin::tenants::EnterpriseInput;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
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

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct EnterprisePage {
    pub content: Vec<EnterpriseSummary>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct BocMaster {
    pub id: i64,
    pub boc_id: String,
    pub boc_name: String,
}

/// The office a store is in: its zone as the spec shows it (`GMT-05:00`) and its IANA name.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct OfficeMaster {
    pub office_name: String,
    pub office_time_zone: String,
    pub timezone_display: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct StoreMaster {
    pub id: i64,
    #[oai(rename = "store_id")]
    pub store_id: String,
    #[oai(rename = "store_name")]
    pub store_name_snake: String,
    pub store_name: String,
    pub brand: Option<String>,
    pub phone_number: Option<String>,
    pub boc_master: BocMaster,
    #[oai(rename = "officeMasterVO")]
    pub office_master_vo: OfficeMaster,
}

impl StoreMaster {
    pub fn from_summary(store: StoreSummary) -> ApiResult<Self> {
        let office_time_zone = gmt_offset(&store.time_zone, Utc::now())?;
        Ok(Self {
            id: store.id,
            store_id: store.store_code,
            store_name_snake: store.name.clone(),
            store_name: store.name,
            brand: store.brand_name,
            phone_number: store.phone_number,
            boc_master: BocMaster {
                id: store.boc_id,
                boc_id: store.boc_code,
                boc_name: store.boc_name,
            },
            office_master_vo: OfficeMaster {
                office_name: store.office_name,
                office_time_zone,
                timezone_display: store.time_zone,
            },
        })
    }
}

pub struct EnterpriseApi;

#[OpenApi(tag = "ApiTags::Enterprise")]
impl EnterpriseApi {
    /// Creates an enterprise (SUPER_ADMIN).
    #[oai(path = "/api/enterprise", method = "post")]
    async fn create_enterprise(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<NewEnterpriseBody>,
    ) -> ApiResult<Json<EnterpriseView>> {
        let body = body.0;
        let created = state
            .tenant_admin
            .create_enterprise(
                &caller,
                EnterpriseInput {
                    name: body.name,
                    code: body.code,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(created.into()))
    }

    /// Adds a store under a dealer (tenant admins): code, name, brand, number, time zone,
    /// allowed texting hours and opening hours; every problem is reported at once.
    #[oai(path = "/api/enterprise/:enterpriseId/store", method = "post")]
    async fn create_store(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        body: Json<StoreBody>,
    ) -> ApiResult<Json<AdminStoreView>> {
        let store = state
            .tenant_admin
            .create_store(&caller, enterprise_id.0, body.0.into(), Utc::now())
            .await?;
        AdminStoreView::from_record(store).map(Json)
    }

    /// The company master list: all enterprises for SUPER_ADMIN, one's own for enterprise and
    /// corporate admins.
    #[oai(path = "/api/enterprise", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
        search: Query<Option<String>>,
    ) -> ApiResult<Json<EnterprisePage>> {
        caller.require_any(TENANT_ADMINS)?;
        let filter = if caller.is_platform() {
            EnterpriseFilter::All
        } else {
            EnterpriseFilter::Only(caller.scope(None)?.enterprise_id)
        };
        let page = PageRequest::new(page.0, size.0)?;
        let listed = state
            .tenancy
            .list_enterprises(filter, search.0.as_deref(), page)
            .await?;
        Ok(Json(EnterprisePage {
            content: listed
                .content
                .into_iter()
                .map(|e| EnterpriseSummary {
                    id: e.id,
                    name: e.name,
                    code: e.code,
                    is_demo: e.is_demo,
                    is_active: e.is_active,
                    boc_count: e.boc_count,
                    store_count: e.store_count,
                    user_count: e.user_count,
                })
                .collect(),
            page: listed.page,
            size: listed.size,
            total_elements: listed.total_elements,
        }))
    }

    /// The stores of an enterprise that the caller may see.
    #[oai(path = "/api/enterprise/:enterpriseId/store", method = "get")]
    async fn stores(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<Vec<StoreMaster>>> {
        let scope = caller.scope(Some(enterprise_id.0))?;
        if !state.tenancy.enterprise_exists(scope.enterprise_id).await? {
            return Err(engine::Error::not_found("Enterprise not found").into());
        }
        let stores = state.tenancy.stores(&scope).await?;
        Ok(Json(
            stores
                .into_iter()
                .map(StoreMaster::from_summary)
                .collect::<ApiResult<_>>()?,
        ))
    }
}
