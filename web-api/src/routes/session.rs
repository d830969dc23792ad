//! `POST /user/v2/login` and `GET /user/logout`.

use chrono::{DateTime, Utc};
use engine::admin::Access;
use engine::admin::users::send_login_code;
use engine::auth::{LoginChallenge, LoginOutcome};
use engine::domain::{EmpLevel, Role};
use engine::store::settings::EnterpriseSettings;
use engine::store::users::UserProfile;
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, bearer_token, client_ip};
use crate::closed::Closed;
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
}

/// The second log-in step's code, sent to `POST /user/v2/login/otp` with its challenge.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OtpRequest {
    /// The challenge from the log-in answer's `otpResponse`.
    #[oai(validator(max_length = 100))]
    pub challenge: String,
    /// The code from the e-mail.
    #[oai(validator(max_length = 20))]
    pub code: String,
}

/// A code was e-mailed: the log-in ends with it (spec H-R10, the OTP response).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OtpResponse {
    /// Sent back with the code; it is no session and signs no one in.
    pub challenge: String,
    /// Where the code went, partly hidden (`j•••@example.com`).
    pub sent_to: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct OtpNeeded {
    pub otp_response: OtpResponse,
}

/// The log-in answer: signed in, or a code to enter first.
#[derive(Debug, ApiResponse)]
pub enum LoginAnswer {
    /// Signed in: the session token and the user.
    #[oai(status = 200)]
    SignedIn(Json<Box<UserData>>),
    /// The password was right and the account signs in with a second step: a one-time code
    /// was e-mailed; finish at `POST /user/v2/login/otp`.
    #[oai(status = 202)]
    OtpNeeded(Json<OtpNeeded>),
}

impl OtpResponse {
    fn of(challenge: LoginChallenge) -> Self {
        Self {
            sent_to: hide_address(challenge.profile.email.as_deref().unwrap_or_default()),
            challenge: challenge.token,
            expires_at: challenge.expires_at,
        }
    }
}

/// An address with the name's middle hidden: enough to say which mailbox to open.
fn hide_address(address: &str) -> String {
    match address.split_once('@') {
        Some((name, domain)) => {
            let first: String = name.chars().take(1).collect();
            format!("{first}\u{2022}\u{2022}\u{2022}@{domain}")
        }
        None => "your e-mail".to_owned(),
    }
}

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct RoleDto {
    pub name: String,
}

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct EnterpriseRef {
    pub id: i64,
    pub name: String,
}

/// The signed-in user as the UI keeps it in local storage (spec: userData).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct UserData {
    pub auth_token: String,
    pub expires_at: DateTime<Utc>,
    pub user_id: i64,
    pub username: String,
    /// In order; the first decides the landing page.
    pub roles: Vec<Closed<Role>>,
    pub role_dtos: Vec<RoleDto>,
    pub emp_level: Closed<EmpLevel>,
    /// What the user may do, so the UI offers only that (the server checks every call).
    pub access: AccessView,
    /// The dealer (boc) the user belongs to; null for enterprise-wide and platform users.
    pub tenant: Option<i64>,
    pub enterprise: Option<EnterpriseRef>,
    pub first_name: String,
    pub last_name: String,
    pub real_time_sync: bool,
    pub calling_feature: bool,
    pub color_code: String,
    pub twilio_user_notification_channel_sid: Option<String>,
}

/// [`Access`]: each flag one of the server's role rules.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AccessView {
    /// Creates, deactivates and reactivates enterprises and works in any of them.
    pub platform: bool,
    /// Administers one enterprise and opens the company master list.
    pub tenant: bool,
    /// Manages users.
    pub users: bool,
    /// Configures a store's texting: gateway, numbers, test texts.
    pub telephony: bool,
    /// Gives stores their assistants.
    pub assistants: bool,
    /// The developer area: assistant and template files.
    pub developer: bool,
    /// A store's bulk work: bulk initiation, planner transfers, imports, reports, group
    /// templates and follow-up cadences.
    pub manager: bool,
    /// Internal notes and the per-message options menu.
    pub message_options: bool,
    /// Records what the assistant found about an inbound appointment request (off for an
    /// ENTERPRISE_USER unless their enterprise turns it on).
    pub inbound_view: bool,
    /// The roles the user may give, in the set's order.
    pub grantable_roles: Vec<Closed<Role>>,
    /// The levels at which the user may employ others.
    pub grantable_levels: Vec<Closed<EmpLevel>>,
    /// For each of those levels, the roles a user employed there may be given: a store's user
    /// is not offered the enterprise's roles.
    pub roles_by_level: Vec<LevelRolesView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LevelRolesView {
    pub level: Closed<EmpLevel>,
    pub roles: Vec<Closed<Role>>,
}

impl From<Access> for AccessView {
    fn from(access: Access) -> Self {
        Self {
            platform: access.platform,
            tenant: access.tenant,
            users: access.users,
            telephony: access.telephony,
            assistants: access.assistants,
            developer: access.developer,
            manager: access.manager,
            message_options: access.message_options,
            inbound_view: access.inbound_view,
            grantable_roles: access.grantable_roles.into_iter().map(Closed).collect(),
            grantable_levels: access
                .grantable_levels
                .iter()
                .copied()
                .map(Closed)
                .collect(),
            roles_by_level: access
                .grantable_roles_by_level
                .into_iter()
                .map(|(level, roles)| LevelRolesView {
                    level: Closed(level),
                    roles: roles.into_iter().map(Closed).collect(),
                })
                .collect(),
        }
    }
}

impl UserData {
    /// The user as signed in, with what their enterprise's settings give them.
    async fn signed_in(
        state: &AppState,
        profile: UserProfile,
        token: String,
        expires_at: DateTime<Utc>,
    ) -> ApiResult<Self> {
        let settings = match profile.enterprise_id {
            Some(id) => state.store_config.enterprise_settings(id).await?,
            None => EnterpriseSettings::default(),
        };
        Ok(Self::new(profile, token, expires_at, &settings))
    }

    fn new(
        profile: UserProfile,
        token: String,
        expires_at: DateTime<Utc>,
        settings: &EnterpriseSettings,
    ) -> Self {
        Self {
            auth_token: token,
            expires_at,
            user_id: profile.id,
            username: profile.username,
            role_dtos: profile
                .roles
                .iter()
                .map(|role| RoleDto {
                    name: role.as_str().to_owned(),
                })
                .collect(),
            access: Access::of(&profile.roles, profile.emp_level, settings).into(),
            roles: profile.roles.iter().copied().map(Closed).collect(),
            emp_level: Closed(profile.emp_level),
            tenant: profile.boc_id,
            enterprise: profile
                .enterprise_id
                .zip(profile.enterprise_name)
                .map(|(id, name)| EnterpriseRef { id, name }),
            first_name: profile.first_name,
            last_name: profile.last_name,
            real_time_sync: profile.real_time_sync,
            calling_feature: profile.calling_feature,
            color_code: profile.color_code,
            twilio_user_notification_channel_sid: profile.chat_channel_sid,
        }
    }
}

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct MessageResponse {
    pub message: String,
}

pub struct SessionApi;

#[OpenApi(tag = "ApiTags::Session")]
impl SessionApi {
    /// Log in with a username and password; returns the session token and the user, or, for
    /// an account with two-step log-in, e-mails a one-time code and answers 202 with the
    /// challenge to send it back with.
    #[oai(path = "/user/v2/login", method = "post")]
    async fn login(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<LoginRequest>,
    ) -> ApiResult<LoginAnswer> {
        let ip = client_ip(req, &state.trusted_proxies).map(|ip| ip.to_string());
        let outcome = state
            .auth
            .login(
                &body.username,
                &body.password,
                ip.as_deref(),
                req.header("user-agent"),
            )
            .await?;
        match outcome {
            LoginOutcome::SignedIn(success) => {
                tracing::info!(user_id = success.profile.id, "logged in");
                let user =
                    UserData::signed_in(&state, success.profile, success.token, success.expires_at)
                        .await?;
                Ok(LoginAnswer::SignedIn(Json(Box::new(user))))
            }
            LoginOutcome::CodeToSend(challenge) => {
                send_login_code(
                    &state.db,
                    &state.messaging.settings().mailer,
                    &challenge,
                    Utc::now(),
                )
                .await?;
                tracing::info!(user_id = challenge.profile.id, "log-in code sent");
                Ok(LoginAnswer::OtpNeeded(Json(OtpNeeded {
                    otp_response: OtpResponse::of(challenge),
                })))
            }
        }
    }

    /// The second log-in step: the code e-mailed after the password, with its challenge.
    /// Returns the session token and the user. A wrong code is a failed log-in (401, and
    /// the same throttle as passwords); after five the challenge ends.
    #[oai(path = "/user/v2/login/otp", method = "post")]
    async fn login_otp(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<OtpRequest>,
    ) -> ApiResult<Json<UserData>> {
        let ip = client_ip(req, &state.trusted_proxies).map(|ip| ip.to_string());
        let success = state
            .auth
            .verify_code(
                &body.challenge,
                &body.code,
                ip.as_deref(),
                req.header("user-agent"),
            )
            .await?;
        tracing::info!(user_id = success.profile.id, "logged in with a code");
        Ok(Json(
            UserData::signed_in(&state, success.profile, success.token, success.expires_at).await?,
        ))
    }

    /// End the current session; its token stops working at once.
    #[oai(path = "/user/logout", method = "get")]
    async fn logout(
        &self,
        state: Data<&AppState>,
        req: &Request,
        session: Session,
    ) -> ApiResult<Json<MessageResponse>> {
        let token = req
            .header("Authorization")
            .map(bearer_token)
            .unwrap_or_default();
        state.auth.logout(token).await?;
        tracing::info!(user_id = session.0.user_id, "logged out");
        Ok(Json(MessageResponse {
            message: "Logged out".to_owned(),
        }))
    }
}
