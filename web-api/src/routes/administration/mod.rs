//! Administration (issue 20): enterprises, dealers, stores, the enterprise logo, users and the
//! audit log. Who may do what is decided in `engine::admin` (docs/decisions/0011); these
//! handlers only translate.

mod brands;
mod settings;
mod views;

pub use brands::BrandsApi;
pub use settings::EnterpriseSettingsApi;
pub use views::*;

use chrono::{DateTime, Utc};
use engine::admin::AuditEntry;
use engine::admin::tenants::{
    BocInput, BocRecord, DayHours, EnterpriseRecord, MAX_LOGO_BYTES, StoreInput, StoreRecord,
};
use engine::admin::users::{UserInput, UserRecord, send_reset_email};
use engine::domain::formats::gmt_offset;
use engine::domain::{EmpLevel, Role};
use engine::store::PageRequest;
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json, Payload};
use poem_openapi::registry::{MetaMediaType, MetaResponse, MetaResponses, Registry};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::ApiTags;
use super::messages::AssistantView;
use super::session::MessageResponse;
use super::webhooks::public_base;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;
use engine::admin::assistants::AssistantInput;

pub struct AdministrationApi;

#[OpenApi(tag = "ApiTags::Administration")]
impl AdministrationApi {
    /// One enterprise: its name, code, whether it is active and has a logo (its members).
    #[oai(path = "/api/enterprise/:enterpriseId", method = "get")]
    async fn enterprise(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<EnterpriseView>> {
        Ok(Json(
            state
                .tenant_admin
                .enterprise(&caller, enterprise_id.0)
                .await?
                .into(),
        ))
    }

    /// Renames an enterprise (tenant admins); its code stays.
    #[oai(path = "/api/enterprise/:enterpriseId", method = "put")]
    async fn rename_enterprise(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        body: Json<EnterpriseNameBody>,
    ) -> ApiResult<Json<EnterpriseView>> {
        Ok(Json(
            state
                .tenant_admin
                .rename_enterprise(&caller, enterprise_id.0, &body.name, Utc::now())
                .await?
                .into(),
        ))
    }

    /// Deactivates an enterprise (SUPER_ADMIN): its users' sessions end and they cannot sign in.
    #[oai(path = "/api/enterprise/:enterpriseId/deactivate", method = "put")]
    async fn deactivate_enterprise(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<EnterpriseView>> {
        Ok(Json(
            state
                .tenant_admin
                .set_enterprise_active(&caller, enterprise_id.0, false, Utc::now())
                .await?
                .into(),
        ))
    }

    /// Reactivates an enterprise (SUPER_ADMIN).
    #[oai(path = "/api/enterprise/:enterpriseId/activate", method = "put")]
    async fn activate_enterprise(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<EnterpriseView>> {
        Ok(Json(
            state
                .tenant_admin
                .set_enterprise_active(&caller, enterprise_id.0, true, Utc::now())
                .await?
                .into(),
        ))
    }

    /// The enterprise logo (anyone of the enterprise; 404 when there is none).
    #[oai(path = "/api/enterprise/:enterpriseId/logo", method = "get")]
    async fn logo(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<LogoImage> {
        let logo = state.tenant_admin.logo(&caller, enterprise_id.0).await?;
        Ok(LogoImage {
            content: logo.content,
            content_type: logo.content_type,
        })
    }

    /// Replaces the enterprise logo (tenant admins): a PNG, JPEG or GIF image (known by its
    /// content) of at most 512 KB.
    #[oai(path = "/api/enterprise/:enterpriseId/logo", method = "put")]
    async fn set_logo(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        form: LogoForm,
    ) -> ApiResult<Json<EnterpriseView>> {
        // The enterprise and role come first, so another tenant's id is 404 whatever the file.
        state
            .tenant_admin
            .may_edit_enterprise(&caller, enterprise_id.0)
            .await?;
        if form.file.size() > MAX_LOGO_BYTES {
            return Err(engine::Error::invalid(format!(
                "The logo may be at most {} KB",
                MAX_LOGO_BYTES / 1024
            ))
            .into());
        }
        let declared = form.file.content_type().map(str::to_owned);
        let content = form
            .file
            .into_vec()
            .await
            .map_err(|_| engine::Error::invalid("The file could not be read"))?;
        Ok(Json(
            state
                .tenant_admin
                .set_logo(
                    &caller,
                    enterprise_id.0,
                    declared.as_deref(),
                    content,
                    Utc::now(),
                )
                .await?
                .into(),
        ))
    }

    /// Removes the enterprise logo (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/logo", method = "delete")]
    async fn remove_logo(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<EnterpriseView>> {
        Ok(Json(
            state
                .tenant_admin
                .remove_logo(&caller, enterprise_id.0, Utc::now())
                .await?
                .into(),
        ))
    }

    /// The enterprise's dealers (bocs), active and deactivated (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/boc", method = "get")]
    async fn bocs(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<Vec<BocView>>> {
        let bocs = state.tenant_admin.bocs(&caller, enterprise_id.0).await?;
        Ok(Json(bocs.into_iter().map(Into::into).collect()))
    }

    /// Adds a dealer (tenant admins); its code is unique in the enterprise.
    #[oai(path = "/api/enterprise/:enterpriseId/boc", method = "post")]
    async fn create_boc(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        body: Json<NewBocBody>,
    ) -> ApiResult<Json<BocView>> {
        let body = body.0;
        Ok(Json(
            state
                .tenant_admin
                .create_boc(
                    &caller,
                    enterprise_id.0,
                    BocInput {
                        boc_code: body.boc_code,
                        name: body.boc_name,
                    },
                    Utc::now(),
                )
                .await?
                .into(),
        ))
    }

    /// Renames a dealer or (de)activates it (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/boc/:bocId", method = "put")]
    async fn update_boc(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "bocId")] boc_id: Path<i64>,
        body: Json<UpdateBocBody>,
    ) -> ApiResult<Json<BocView>> {
        Ok(Json(
            state
                .tenant_admin
                .update_boc(
                    &caller,
                    enterprise_id.0,
                    boc_id.0,
                    &body.boc_name,
                    body.is_active,
                    Utc::now(),
                )
                .await?
                .into(),
        ))
    }

    /// Store codes that rows arrived with and no store answers to, and the mappings saved
    /// (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/unmapped", method = "get")]
    async fn unmapped(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<UnmappedView>> {
        let overview = state.unmapped.overview(&caller, enterprise_id.0).await?;
        Ok(Json(UnmappedView {
            codes: overview
                .codes
                .into_iter()
                .map(|c| UnmappedCodeView {
                    code: c.code,
                    rows: c.rows,
                    files: c.files,
                    first_seen: c.first_seen,
                    last_seen: c.last_seen,
                })
                .collect(),
            mappings: overview
                .mappings
                .into_iter()
                .map(|m| CodeMappingView {
                    code: m.code,
                    store_id: m.store_id,
                    store_code: m.store_code,
                    store_name: m.store_name,
                    mapped_by: m.mapped_by,
                    mapped_at: m.mapped_at,
                })
                .collect(),
        }))
    }

    /// Maps a store code to a store of the enterprise (or moves its mapping); the rows that
    /// waited for it load into the store now, and later rows with the code load there too.
    #[oai(path = "/api/enterprise/:enterpriseId/unmapped/:code", method = "put")]
    async fn map_code(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        code: Path<String>,
        body: Json<MapCodeBody>,
    ) -> ApiResult<Json<MappedCodeView>> {
        let now = Utc::now();
        let mapped = state
            .unmapped
            .map(
                &caller,
                enterprise_id.0,
                &code.0,
                body.store_id,
                now.date_naive(),
                now,
            )
            .await?;
        Ok(Json(MappedCodeView {
            code: mapped.code,
            store_id: mapped.store_id,
            store_name: mapped.store_name,
            loaded: mapped.load.loaded,
            inserted: mapped.load.inserted,
            updated: mapped.load.updated,
            failed: mapped.load.failed,
            leads_created: mapped.load.enrichment.leads_created,
        }))
    }

    /// Drops the rows waiting for a store code (they belong to no store of the enterprise).
    #[oai(
        path = "/api/enterprise/:enterpriseId/unmapped/:code",
        method = "delete"
    )]
    async fn discard_unmapped(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        code: Path<String>,
    ) -> ApiResult<Json<DiscardedView>> {
        let discarded = state
            .unmapped
            .discard(&caller, enterprise_id.0, &code.0, Utc::now())
            .await?;
        Ok(Json(DiscardedView {
            code: engine::store::unmapped::normalize_code(&code.0),
            discarded,
        }))
    }

    /// Removes a saved mapping: later rows with the code wait again.
    #[oai(
        path = "/api/enterprise/:enterpriseId/store-code-mapping/:code",
        method = "delete"
    )]
    async fn remove_code_mapping(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        code: Path<String>,
    ) -> ApiResult<Json<MessageResponse>> {
        state
            .unmapped
            .unmap(&caller, enterprise_id.0, &code.0, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: "Mapping removed".to_owned(),
        }))
    }

    /// Every store of the enterprise with its settings, active and deactivated (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/stores", method = "get")]
    async fn admin_stores(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
    ) -> ApiResult<Json<Vec<AdminStoreView>>> {
        let stores = state.tenant_admin.stores(&caller, enterprise_id.0).await?;
        Ok(Json(stores_view(stores)?))
    }

    /// Edits a store (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/store/:storeId", method = "put")]
    async fn update_store(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
        body: Json<StoreBody>,
    ) -> ApiResult<Json<AdminStoreView>> {
        let store = state
            .tenant_admin
            .update_store(
                &caller,
                enterprise_id.0,
                store_id.0,
                body.0.into(),
                Utc::now(),
            )
            .await?;
        AdminStoreView::from_record(store).map(Json)
    }

    /// Deactivates a store (tenant admins): it leaves the store pickers, its history stays.
    #[oai(
        path = "/api/enterprise/:enterpriseId/store/:storeId/deactivate",
        method = "put"
    )]
    async fn deactivate_store(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
    ) -> ApiResult<Json<AdminStoreView>> {
        let store = state
            .tenant_admin
            .set_store_active(&caller, enterprise_id.0, store_id.0, false, Utc::now())
            .await?;
        AdminStoreView::from_record(store).map(Json)
    }

    /// Reactivates a store (tenant admins).
    #[oai(
        path = "/api/enterprise/:enterpriseId/store/:storeId/activate",
        method = "put"
    )]
    async fn activate_store(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "storeId")] store_id: Path<i64>,
    ) -> ApiResult<Json<AdminStoreView>> {
        let store = state
            .tenant_admin
            .set_store_active(&caller, enterprise_id.0, store_id.0, true, Utc::now())
            .await?;
        AdminStoreView::from_record(store).map(Json)
    }

    /// The time zones a store may be in (IANA names, with today's offset as GMT±hh:mm).
    #[oai(path = "/api/time-zones", method = "get")]
    async fn time_zones(&self, Session(_caller): Session) -> ApiResult<Json<Vec<TimeZoneView>>> {
        let now = Utc::now();
        let mut zones = Vec::new();
        for zone in chrono_tz::TZ_VARIANTS {
            let name = zone.name();
            let regional = name.contains('/') && !name.starts_with("Etc/");
            if regional || name == "UTC" {
                zones.push(TimeZoneView {
                    name: name.to_owned(),
                    offset: gmt_offset(name, now)?,
                });
            }
        }
        Ok(Json(zones))
    }

    /// The users the caller may manage, by name (user managers; managers see their own
    /// dealer's or store's).
    #[oai(path = "/api/enterprise/:enterpriseId/user", method = "get")]
    async fn users(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        search: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<AdminUserPage>> {
        let listed = state
            .user_admin
            .list(
                &caller,
                enterprise_id.0,
                search.0.as_deref(),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(AdminUserPage {
            content: listed.content.into_iter().map(Into::into).collect(),
            page: listed.page,
            size: listed.size,
            total_elements: listed.total_elements,
        }))
    }

    /// Creates a user (user managers, with the roles and levels they may give). Without a
    /// password the user is e-mailed a one-time link to choose one.
    #[oai(path = "/api/enterprise/:enterpriseId/user", method = "post")]
    async fn create_user(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        body: Json<UserBody>,
    ) -> ApiResult<Json<CreatedUser>> {
        state.user_admin.may_manage(&caller, enterprise_id.0)?;
        let input = body.0.into_input()?;
        let (user, link) = state
            .user_admin
            .create(&caller, enterprise_id.0, input, Utc::now())
            .await?;
        let link_sent = match &link {
            Some(link) => mail_link(&state, req, link, true).await?,
            None => false,
        };
        let message = match (&link, link_sent) {
            (None, _) => "Successfully Created".to_owned(),
            (Some(_), true) => {
                "Successfully Created. A link to choose a password was e-mailed.".to_owned()
            }
            (Some(_), false) => {
                "Successfully Created, but the password e-mail could not be sent; send a new link."
                    .to_owned()
            }
        };
        Ok(Json(CreatedUser {
            user: user.into(),
            link_sent,
            message,
        }))
    }

    /// One user the caller may manage.
    #[oai(path = "/api/user/:userId", method = "get")]
    async fn user(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
    ) -> ApiResult<Json<AdminUserView>> {
        Ok(Json(state.user_admin.get(&caller, user_id.0).await?.into()))
    }

    /// Edits a user: names, e-mail, level and place, roles, colour and flags.
    #[oai(path = "/api/user/:userId", method = "put")]
    async fn update_user(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
        body: Json<UserBody>,
    ) -> ApiResult<Json<AdminUserView>> {
        state.user_admin.get(&caller, user_id.0).await?;
        let input = body.0.into_input()?;
        Ok(Json(
            state
                .user_admin
                .update(&caller, user_id.0, input, Utc::now())
                .await?
                .into(),
        ))
    }

    /// Blocks a user: their sessions end at once and they cannot sign in.
    #[oai(path = "/api/user/:userId/block", method = "put")]
    async fn block_user(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
    ) -> ApiResult<Json<AdminUserView>> {
        Ok(Json(
            state
                .user_admin
                .set_blocked(&caller, user_id.0, true, Utc::now())
                .await?
                .into(),
        ))
    }

    /// Unblocks a user.
    #[oai(path = "/api/user/:userId/unblock", method = "put")]
    async fn unblock_user(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
    ) -> ApiResult<Json<AdminUserView>> {
        Ok(Json(
            state
                .user_admin
                .set_blocked(&caller, user_id.0, false, Utc::now())
                .await?
                .into(),
        ))
    }

    /// Deletes a guest user (staff are blocked instead).
    #[oai(path = "/api/user/:userId/deleteGuest", method = "delete")]
    async fn delete_guest(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        state
            .user_admin
            .delete_guest(&caller, user_id.0, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: "Successfully Deleted".to_owned(),
        }))
    }

    /// E-mails the user a one-time link to choose a new password (valid 24 hours).
    #[oai(path = "/api/user/:userId/reset-password", method = "post")]
    async fn request_reset(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "userId")] user_id: Path<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let link = state
            .user_admin
            .request_reset(&caller, user_id.0, Utc::now())
            .await?;
        if !mail_link(&state, req, &link, false).await? {
            return Err(engine::Error::Upstream(
                "The e-mail with the link could not be sent".to_owned(),
            )
            .into());
        }
        Ok(Json(MessageResponse {
            message: "A link to choose a new password was e-mailed.".to_owned(),
        }))
    }

    /// Sets a new password with a one-time link (no session: the link is the key). Every
    /// session of the user ends.
    #[oai(path = "/user/reset-password", method = "post")]
    async fn complete_reset(
        &self,
        state: Data<&AppState>,
        body: Json<ResetPasswordBody>,
    ) -> ApiResult<Json<MessageResponse>> {
        state
            .user_admin
            .complete_reset(&body.token, &body.password, Utc::now())
            .await?;
        Ok(Json(MessageResponse {
            message: "Your password was changed. Sign in with it.".to_owned(),
        }))
    }

    /// Gives a store an assistant (one per division; DIV004 serves the service customers).
    #[oai(path = "/api/assistant", method = "post")]
    async fn create_assistant(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<AssistantBody>,
    ) -> ApiResult<Json<AssistantView>> {
        let scope = request_scope(&caller, req)?;
        let store_id = body
            .store_id
            .ok_or_else(|| engine::Error::invalid("storeId is required"))?;
        let store = store_in_scope(&state, &scope, store_id).await?;
        Ok(Json(
            state
                .assistants
                .create(&caller, &store, &body.input(), Utc::now())
                .await?
                .into(),
        ))
    }

    /// One assistant.
    #[oai(path = "/api/assistant/:assistantId", method = "get")]
    async fn assistant(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "assistantId")] assistant_id: Path<i64>,
    ) -> ApiResult<Json<AssistantView>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            state
                .assistants
                .get(&caller, &scope, assistant_id.0)
                .await?
                .into(),
        ))
    }

    /// Edits an assistant, or switches it on or off (`isActive`) or its conversation starts
    /// (`initializerProcessEnabled`).
    #[oai(path = "/api/assistant/:assistantId", method = "put")]
    async fn update_assistant(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "assistantId")] assistant_id: Path<i64>,
        body: Json<AssistantBody>,
    ) -> ApiResult<Json<AssistantView>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            state
                .assistants
                .update(&caller, &scope, assistant_id.0, &body.input(), Utc::now())
                .await?
                .into(),
        ))
    }

    /// The enterprise's administrative changes, newest first (tenant admins).
    #[oai(path = "/api/enterprise/:enterpriseId/audit", method = "get")]
    async fn audit(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        entity: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<AdminAuditPage>> {
        let listed = state
            .audit
            .list(
                &caller,
                enterprise_id.0,
                entity.0.as_deref(),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(AdminAuditPage {
            content: listed.content.into_iter().map(Into::into).collect(),
            page: listed.page,
            size: listed.size,
            total_elements: listed.total_elements,
        }))
    }
}
