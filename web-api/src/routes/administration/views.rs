//! The administration area's request bodies and answers, and the conversions from the
//! engine's records.

use super::*;

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
    pub(super) content: Vec<u8>,
    pub(super) content_type: String,
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
    /// After the password, a one-time code e-mailed to the user (spec H-R10).
    pub two_step_login: bool,
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
            two_step_login: u.two_step_login,
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
    /// After the password, a one-time code e-mailed to the user (needs an e-mail address).
    pub two_step_login: Option<bool>,
    /// Read on creation only.
    pub is_guest: Option<bool>,
}

impl UserBody {
    pub(super) fn into_input(self) -> ApiResult<UserInput> {
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
            two_step_login: self.two_step_login.unwrap_or(false),
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

pub(super) fn stores_view(stores: Vec<StoreRecord>) -> ApiResult<Vec<AdminStoreView>> {
    stores
        .into_iter()
        .map(AdminStoreView::from_record)
        .collect()
}

/// Mails a password link; the answer's text says whether it went.
pub(super) async fn mail_link(
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
    pub(super) fn input(&self) -> AssistantInput {
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
