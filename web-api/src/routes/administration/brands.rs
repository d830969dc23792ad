//! Brands (H-S2): the makes stores carry, kept by the platform operators
//! (`engine::admin::tenants::brands`).

use chrono::Utc;
use engine::admin::tenants::{Brand, BrandInput};
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::auth::Session;
use crate::error::ApiResult;
use crate::routes::ApiTags;
use crate::routes::session::MessageResponse;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BrandView {
    pub code: String,
    pub name: String,
    /// How many stores (of any enterprise) carry it; one carried cannot be removed.
    pub store_count: i64,
}

impl From<Brand> for BrandView {
    fn from(brand: Brand) -> Self {
        Self {
            code: brand.code,
            name: brand.name,
            store_count: brand.store_count,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewBrandBody {
    /// Letters, digits, '-', '_' and '.'; kept in capitals and never changed.
    #[oai(validator(max_length = 64))]
    pub code: String,
    #[oai(validator(max_length = 200))]
    pub name: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BrandNameBody {
    #[oai(validator(max_length = 200))]
    pub name: String,
}

pub struct BrandsApi;

#[OpenApi(tag = "ApiTags::Administration")]
impl BrandsApi {
    /// The brands a store may carry, by name, with how many stores carry each.
    #[oai(path = "/api/brands", method = "get")]
    async fn brands(
        &self,
        state: Data<&AppState>,
        Session(_caller): Session,
    ) -> ApiResult<Json<Vec<BrandView>>> {
        let brands = state.tenant_admin.brands().await?;
        Ok(Json(brands.into_iter().map(Into::into).collect()))
    }

    /// Adds a brand (SUPER_ADMIN); its code is unique (409 when taken).
    #[oai(path = "/api/brands", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<NewBrandBody>,
    ) -> ApiResult<Json<BrandView>> {
        let body = body.0;
        let input = BrandInput {
            code: body.code,
            name: body.name,
        };
        let created = state
            .tenant_admin
            .create_brand(&caller, input, Utc::now())
            .await?;
        Ok(Json(created.into()))
    }

    /// Renames a brand (SUPER_ADMIN); its code stays.
    #[oai(path = "/api/brands/:code", method = "put")]
    async fn rename(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        code: Path<String>,
        body: Json<BrandNameBody>,
    ) -> ApiResult<Json<BrandView>> {
        let renamed = state
            .tenant_admin
            .rename_brand(&caller, &code.0, &body.name, Utc::now())
            .await?;
        Ok(Json(renamed.into()))
    }

    /// Removes a brand no store carries (SUPER_ADMIN; 409 while one does).
    #[oai(path = "/api/brands/:code", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        code: Path<String>,
    ) -> ApiResult<Json<MessageResponse>> {
        state
            .tenant_admin
            .delete_brand(&caller, &code.0, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: "Successfully Deleted".to_owned(),
        }))
    }
}
