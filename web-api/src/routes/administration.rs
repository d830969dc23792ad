//! Administration (issue 20): enterprises, dealers, stores, the enterprise logo, users and the
//! audit log. Who may do what is decided in `engine::admin` (docs/decisions/0011); these
//! handlers only translate.

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

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct EnterpriseView {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub is_demo: bool,
    pub is_active: bool,
    pub has_logo: bool,
    pub created_at: DateTime<Utc>,
    pub deactivated_at: Option<DateTime<Utc>>,
}

impl From<EnterpriseRecord> for EnterpriseView {
    fn from(e: EnterpriseRecord) -> Self {
        Self {
            id: e.id,
            name: e.name,
            code: e.code,
            is_demo: e.is_demo,
            is_active: e.deactivated_at.is_none(),
            has_logo: e.has_logo,
            created_at: e.created_at,
            deactivated_at: e.deactivated_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewEnterpriseBody {
    #[oai(validator(max_length = 200))]
    pub name: String,
    #[oai(validator(max_length = 100))]
    pub code: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct EnterpriseNameBody {
    #[oai(validator(max_length = 200))]
    pub name: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BocView {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_code: String,
    pub boc_name: String,
    pub store_count: i64,
    pub is_active: bool,
}

impl From<BocRecord> for BocView {
    fn from(b: BocRecord) -> Self {
        Self {
            id: b.id,
            enterprise_id: b.enterprise_id,
            boc_code: b.boc_code,
            boc_name: b.name,
            store_count: b.store_count,
            is_active: b.deactivated_at.is_none(),
        }
    }
}

/// A store code rows arrived with that names no store: the rows wait for its mapping.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UnmappedCodeView {
    pub code: String,
    /// Rows waiting.
    pub rows: i64,
    /// Files (uploads and dealer-system deliveries) they came in.
    pub files: i64,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
}

/// A saved mapping of a dealer-system store code to a store.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CodeMappingView {
    pub code: String,
    pub store_id: i64,
    pub store_code: String,
    pub store_name: String,
    pub mapped_by: Option<String>,
    pub mapped_at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UnmappedView {
    pub codes: Vec<UnmappedCodeView>,
    pub mappings: Vec<CodeMappingView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MapCodeBody {
    pub store_id: i64,
}

/// A code mapped and what loading the rows that waited for it did.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MappedCodeView {
    pub code: String,
    pub store_id: i64,
    pub store_name: String,
    /// Rows written into the store (inserted, updated or unchanged).
    pub loaded: u64,
    pub inserted: u64,
    pub updated: u64,
    /// Rows refused while writing, listed on their files' reports.
    pub failed: u64,
    pub leads_created: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct DiscardedView {
    pub code: String,
    pub discarded: u64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewBocBody {
    #[oai(validator(max_length = 100))]
    pub boc_code: String,
    #[oai(validator(max_length = 200))]
    pub boc_name: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UpdateBocBody {
    #[oai(validator(max_length = 200))]
    pub boc_name: String,
    /// False deactivates the dealer: its stores leave the store pickers.
    pub is_active: bool,
}

/// One weekday's opening hours (1 = Monday); no times means closed.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DayHoursView {
    pub weekday: i32,
    #[oai(validator(max_length = 10))]
    pub opens: Option<String>,
    #[oai(validator(max_length = 10))]
    pub closes: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AdminStoreView {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub boc_code: String,
    pub boc_name: String,
    pub store_code: String,
    pub store_name: String,
    pub brand: Option<String>,
    pub brand_name: Option<String>,
    pub phone_number: Option<String>,
    /// IANA name, e.g. America/New_York.
    pub time_zone: String,
    /// The zone as the spec shows it, e.g. GMT-05:00 (today's offset).
    pub office_time_zone: String,
    pub quiet_hours_start: String,
    pub quiet_hours_end: String,
    pub help_text: Option<String>,
    pub is_active: bool,
    pub opening_hours: Vec<DayHoursView>,
}

impl AdminStoreView {
    pub fn from_record(s: StoreRecord) -> ApiResult<Self> {
        Ok(Self {
            office_time_zone: gmt_offset(&s.time_zone, Utc::now())?,
            id: s.id,
            enterprise_id: s.enterprise_id,
            boc_id: s.boc_id,
            boc_code: s.boc_code,
            boc_name: s.boc_name,
            store_code: s.store_code,
            store_name: s.name,
            brand: s.brand_code,
            brand_name: s.brand_name,
            phone_number: s.phone_number,
            time_zone: s.time_zone,
            quiet_hours_start: s.quiet_hours_start,
            quiet_hours_end: s.quiet_hours_end,
            help_text: s.help_text,
            is_active: s.deactivated_at.is_none(),
            opening_hours: s
                .opening_hours
                .into_iter()
                .map(|d| DayHoursView {
                    weekday: d.weekday,
                    opens: d.opens,
                    closes: d.closes,
                })
                .collect(),
        })
    }
}

/// A store as an admin writes it. Allowed texting hours default to 08:00–21:00; opening hours
/// left out keep the store's (a new store gets the usual service week).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StoreBody {
    pub boc_id: i64,
    #[oai(validator(max_length = 100))]
    pub store_code: String,
    #[oai(validator(max_length = 200))]
    pub store_name: String,
    /// A brand code from `/api/brands`.
    #[oai(validator(max_length = 50))]
    pub brand: Option<String>,
    #[oai(validator(max_length = 40))]
    pub phone_number: Option<String>,
    #[oai(validator(max_length = 64))]
    pub time_zone: String,
    #[oai(validator(max_length = 10))]
    pub quiet_hours_start: Option<String>,
    #[oai(validator(max_length = 10))]
    pub quiet_hours_end: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub help_text: Option<String>,
    #[oai(validator(max_items = 7))]
    pub opening_hours: Option<Vec<DayHoursView>>,
}

impl From<StoreBody> for StoreInput {
    fn from(b: StoreBody) -> Self {
        StoreInput {
            boc_id: b.boc_id,
            store_code: b.store_code,
            name: b.store_name,
            brand_code: b.brand,
            phone_number: b.phone_number,
            time_zone: b.time_zone,
            quiet_hours_start: b.quiet_hours_start.unwrap_or_else(|| "08:00".to_owned()),
            quiet_hours_end: b.quiet_hours_end.unwrap_or_else(|| "21:00".to_owned()),
            help_text: b.help_text,
            opening_hours: b.opening_hours.map(|days| {
                days.into_iter()
                    .map(|d| DayHours {
                        weekday: d.weekday,
                        opens: d.opens,
                        closes: d.closes,
                    })
                    .collect()
            }),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BrandView {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TimeZoneView {
    /// IANA name.
    pub name: String,
    /// Today's offset as the spec shows zones (GMT-05:00).
    pub offset: String,
}

#[derive(Debug, Multipart)]
pub struct LogoForm {
    pub file: Upload,
}

/// The logo with its own image type (documented as `image/*`: PNG, JPEG or GIF).
pub struct LogoImage {
    content: Vec<u8>,
    content_type: String,
}

impl poem::IntoResponse for LogoImage {
    fn into_response(self) -> poem::Response {
        poem::Response::builder()
            .content_type(self.content_type)
            .header("Cache-Control", "private, max-age=300")
            .body(self.content)
    }
}

impl ApiResponse for LogoImage {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: vec![MetaResponse {
                description: "The logo, with its image type",
                status: Some(200),
                status_range: None,
                content: vec![MetaMediaType {
                    content_type: "image/*",
                    schema: <Binary<Vec<u8>> as Payload>::schema_ref(),
                }],
                headers: vec![],
            }],
        }
    }

    fn register(_registry: &mut Registry) {}
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AdminUserView {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub emp_level: String,
    pub roles: Vec<String>,
    pub enterprise_id: Option<i64>,
    pub boc_id: Option<i64>,
    pub boc_name: Option<String>,
    pub store_id: Option<i64>,
    pub store_name: Option<String>,
    pub color_code: String,
    pub real_time_sync: bool,
    pub calling_feature: bool,
    pub is_blocked: bool,
    pub is_guest: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub last_seen_at: Option<DateTime<Utc>>,
}

impl From<UserRecord> for AdminUserView {
    fn from(u: UserRecord) -> Self {
        Self {
            id: u.id,
            username: u.username,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            emp_level: u.emp_level.as_str().to_owned(),
            roles: u.roles.iter().map(|r| r.as_str().to_owned()).collect(),
            enterprise_id: u.enterprise_id,
            boc_id: u.boc_id,
            boc_name: u.boc_name,
            store_id: u.store_id,
            store_name: u.store_name,
            color_code: u.color_code,
            real_time_sync: u.real_time_sync,
            calling_feature: u.calling_feature,
            is_blocked: u.is_blocked,
            is_guest: u.is_guest,
            created_at: u.created_at,
            updated_at: u.updated_at,
            last_seen_at: u.last_seen_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AdminUserPage {
    pub content: Vec<AdminUserView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// A user as an admin writes them. On creation, without a password the user is e-mailed a
/// one-time link to choose one.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UserBody {
    /// Read on creation only.
    #[oai(validator(max_length = 300))]
    pub username: Option<String>,
    /// Read on creation only.
    #[oai(validator(max_length = 1000))]
    pub password: Option<String>,
    #[oai(validator(max_length = 200))]
    pub first_name: String,
    #[oai(validator(max_length = 200))]
    pub last_name: String,
    #[oai(validator(max_length = 300))]
    pub email: Option<String>,
    /// ENTERPRISE, BOC or STORE.
    #[oai(validator(max_length = 20))]
    pub emp_level: String,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    /// In order: the first decides where the user lands after signing in.
    #[oai(validator(max_items = 11))]
    pub roles: Vec<String>,
    #[oai(validator(max_length = 20))]
    pub color_code: Option<String>,
    pub real_time_sync: Option<bool>,
    pub calling_feature: Option<bool>,
    /// Read on creation only.
    pub is_guest: Option<bool>,
}

impl UserBody {
    fn into_input(self) -> ApiResult<UserInput> {
        let emp_level: EmpLevel = self.emp_level.trim().parse()?;
        let roles = self
            .roles
            .iter()
            .map(|r| r.trim().parse::<Role>())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(UserInput {
            username: self.username.unwrap_or_default(),
            password: self.password.filter(|p| !p.is_empty()),
            first_name: self.first_name,
            last_name: self.last_name,
            email: self.email,
            emp_level,
            boc_id: self.boc_id,
            store_id: self.store_id,
            roles,
            color_code: self.color_code,
            real_time_sync: self.real_time_sync.unwrap_or(true),
            calling_feature: self.calling_feature.unwrap_or(false),
            is_guest: self.is_guest.unwrap_or(false),
        })
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CreatedUser {
    pub user: AdminUserView,
    /// Whether a password link went out (no password was given).
    pub link_sent: bool,
    pub message: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ResetPasswordBody {
    #[oai(validator(max_length = 200))]
    pub token: String,
    #[oai(validator(max_length = 1000))]
    pub password: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AuditEntryView {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<String>,
    /// `before` and `after` of the record, secrets masked.
    pub detail: Option<serde_json::Value>,
}

impl From<AuditEntry> for AuditEntryView {
    fn from(e: AuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.at,
            user_id: e.user_id,
            username: e.username,
            action: e.action,
            entity: e.entity,
            entity_id: e.entity_id,
            detail: e.detail,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AdminAuditPage {
    pub content: Vec<AuditEntryView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

fn stores_view(stores: Vec<StoreRecord>) -> ApiResult<Vec<AdminStoreView>> {
    stores
        .into_iter()
        .map(AdminStoreView::from_record)
        .collect()
}

/// Mails a password link; the answer's text says whether it went.
async fn mail_link(
    state: &AppState,
    req: &Request,
    link: &engine::admin::users::ResetLink,
    welcome: bool,
) -> ApiResult<bool> {
    Ok(send_reset_email(
        &state.db,
        &state.messaging.settings().mailer,
        link,
        &public_base(state, req),
        welcome,
        Utc::now(),
    )
    .await?)
}

/// An assistant as an admin writes it (H-E1); `storeId` is read on creation only.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AssistantBody {
    pub store_id: Option<i64>,
    /// DIV004 (service) when absent.
    #[oai(validator(max_length = 10))]
    pub division_id: Option<String>,
    #[oai(validator(max_length = 200))]
    pub agent_first_name: String,
    #[oai(validator(max_length = 200))]
    pub agent_last_name: String,
    #[oai(validator(max_length = 40))]
    pub agent_phone_number: Option<String>,
    #[oai(validator(max_length = 300))]
    pub email: Option<String>,
    /// Whether bulk initiation may start conversations for the store.
    pub initializer_process_enabled: Option<bool>,
    /// Off: the store gets no automated replies.
    pub is_active: Option<bool>,
}

impl AssistantBody {
    fn input(&self) -> AssistantInput {
        AssistantInput {
            division_code: self.division_id.clone(),
            agent_first_name: self.agent_first_name.clone(),
            agent_last_name: self.agent_last_name.clone(),
            agent_phone_number: self.agent_phone_number.clone(),
            email: self.email.clone(),
            initializer_process_enabled: self.initializer_process_enabled.unwrap_or(true),
            is_active: self.is_active.unwrap_or(true),
        }
    }
}

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

    /// The brands a store may carry.
    #[oai(path = "/api/brands", method = "get")]
    async fn brands(
        &self,
        state: Data<&AppState>,
        Session(_caller): Session,
    ) -> ApiResult<Json<Vec<BrandView>>> {
        let brands = state.tenant_admin.brands().await?;
        Ok(Json(
            brands
                .into_iter()
                .map(|b| BrandView {
                    code: b.code,
                    name: b.name,
                })
                .collect(),
        ))
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
