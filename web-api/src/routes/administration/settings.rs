//! An enterprise's own settings (decision 0022): the assistant's reach (`isFullyAiva`), the
//! assistant file its stores share (`aivaFile`) and the ENTERPRISE_USER inbound view.

use chrono::Utc;
use engine::store::settings::EnterpriseSettings;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::auth::Session;
use crate::error::ApiResult;
use crate::routes::ApiTags;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct EnterpriseSettingsView {
    /// On: the assistant answers, books and hands off by itself. Off: it reads every reply
    /// (intents, opt-outs) and hands what a reply asks for to staff.
    pub is_fully_aiva: bool,
    /// The assistant file (`STORECODE.aiva`, one of the enterprise's saved files) its stores
    /// follow when they have none of their own; absent: the built-in file.
    #[oai(validator(max_length = 80))]
    pub aiva_file: Option<String>,
    /// Whether the enterprise's ENTERPRISE_USERs get the inbound-appointment view.
    pub enterprise_user_inbound_view: bool,
}

impl From<EnterpriseSettings> for EnterpriseSettingsView {
    fn from(settings: EnterpriseSettings) -> Self {
        Self {
            is_fully_aiva: settings.is_fully_aiva,
            aiva_file: settings.aiva_file,
            enterprise_user_inbound_view: settings.enterprise_user_inbound_view,
        }
    }
}

pub struct EnterpriseSettingsApi;

#[OpenApi(tag = "ApiTags::Administration")]
impl EnterpriseSettingsApi {
    /// The enterprise's settings (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/settings", method = "get")]
    async fn settings(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<EnterpriseSettingsView>> {
        let settings = state
            .tenant_admin
            .settings(&caller, enterprise_id.0)
            .await?;
        Ok(Json(settings.into()))
    }

    /// Saves the enterprise's settings (tenant admins). An assistant file that is none of the
    /// enterprise's saved files is refused (400). Users see a changed inbound view when they
    /// next sign in; the assistant reads the rest on its next reply.
    #[oai(path = "/api/enterprise/:enterpriseId/settings", method = "put")]
    async fn save(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        body: Json<EnterpriseSettingsView>,
    ) -> ApiResult<Json<EnterpriseSettingsView>> {
        let body = body.0;
        let settings = EnterpriseSettings {
            is_fully_aiva: body.is_fully_aiva,
            aiva_file: body.aiva_file,
            enterprise_user_inbound_view: body.enterprise_user_inbound_view,
        };
        let saved = state
            .tenant_admin
            .set_settings(&caller, enterprise_id.0, settings, Utc::now())
            .await?;
        Ok(Json(saved.into()))
    }
}
