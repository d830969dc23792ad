//! Passwords, session tokens, log-in throttling, and the caller's roles and tenant scope.

pub mod password;
pub mod scope;
pub mod token;

use std::sync::LazyLock;

use chrono::{DateTime, Duration, Utc};

pub use scope::{Caller, Scope, StoreFilter};

use crate::db::Database;
use crate::error::{Error, Result};
use crate::store::sessions::SessionStore;
use crate::store::users::{UserProfile, UserStore};

/// How sessions last and how hard guessing is made.
#[derive(Debug, Clone)]
pub struct AuthPolicy {
    pub session_lifetime: Duration,
    pub max_failures_per_user: i64,
    pub max_failures_per_ip: i64,
    pub failure_window: Duration,
}

impl Default for AuthPolicy {
    fn default() -> Self {
        Self {
            session_lifetime: Duration::hours(12),
            max_failures_per_user: 5,
            max_failures_per_ip: 30,
            failure_window: Duration::minutes(15),
        }
    }
}

/// A successful log-in.
#[derive(Debug, Clone)]
pub struct LoginSuccess {
    pub token: String,
    pub expires_at: DateTime<Utc>,
    pub profile: UserProfile,
}

/// How long a log-in code works, and how many wrong tries end it.
pub const LOGIN_CODE_LIFETIME: Duration = Duration::minutes(10);
pub const LOGIN_CODE_TRIES: i32 = 5;

/// The password was right and the user signs in with a second step: a code to send them.
/// The challenge token goes back to the browser, the code only to the user's e-mail.
#[derive(Debug, Clone)]
pub struct LoginChallenge {
    pub token: String,
    pub code: String,
    pub expires_at: DateTime<Utc>,
    pub profile: UserProfile,
}

/// What a right password leads to: a session, or a code to send first (spec H-R10).
#[derive(Debug, Clone)]
pub enum LoginOutcome {
    SignedIn(LoginSuccess),
    CodeToSend(LoginChallenge),
}

/// Where log-in, token checks and log-out happen.
#[derive(Debug, Clone)]
pub struct AuthService {
    users: UserStore,
    sessions: SessionStore,
    policy: AuthPolicy,
}

const BAD_CREDENTIALS: &str = "Invalid username or password";

impl AuthService {
    pub fn new(db: Database, policy: AuthPolicy) -> Self {
        Self {
            users: UserStore::new(db.clone()),
            sessions: SessionStore::new(db),
            policy,
        }
    }

    pub async fn login(
        &self,
        username: &str,
        password: &str,
        ip: Option<&str>,
        user_agent: Option<&str>,
    ) -> Result<LoginOutcome> {
        let username = username.trim();
        let mut missing = Vec::new();
        if username.is_empty() {
            missing.push("Username is required".to_owned());
        }
        if password.is_empty() {
            missing.push("Password is required".to_owned());
        }
        // Nothing longer is anyone's: refused before a failure (and its text) is recorded.
        missing.extend(crate::domain::formats::too_long(
            "Username",
            username,
            crate::domain::formats::MAX_EMAIL_CHARS,
        ));
        missing.extend(crate::domain::formats::too_long(
            "Password", password, 1_000,
        ));
        if !missing.is_empty() {
            return Err(Error::Validation {
                message: missing[0].clone(),
                errors: missing,
            });
        }

        let now = Utc::now();
        let (by_user, by_ip) = self
            .sessions
            .recent_failures(username, ip, now - self.policy.failure_window)
            .await?;
        if by_user >= self.policy.max_failures_per_user || by_ip >= self.policy.max_failures_per_ip
        {
            return Err(Error::RateLimited(format!(
                "Too many failed log-in attempts. Try again in {} minutes.",
                self.policy.failure_window.num_minutes()
            )));
        }

        let credentials = self.users.credentials(username).await?;
        // Verify against a dummy hash for unknown users so timing does not reveal which exist.
        let matches = match &credentials {
            Some(c) => password::verify_password(password, &c.password_hash),
            None => {
                let _ = password::verify_password(password, &DUMMY_HASH);
                false
            }
        };
        let user = match credentials {
            Some(c) if matches && !c.is_blocked => c,
            Some(c) if matches && c.is_blocked => {
                self.sessions
                    .record_attempt(username, ip, false, now)
                    .await?;
                return Err(Error::Forbidden("This account is blocked".to_owned()));
            }
            _ => {
                self.sessions
                    .record_attempt(username, ip, false, now)
                    .await?;
                return Err(Error::Unauthorized(BAD_CREDENTIALS.to_owned()));
            }
        };

        let profile =
            self.users.profile(user.id).await?.ok_or_else(|| {
                Error::Internal(format!("user {} vanished during log-in", user.id))
            })?;
        if user.two_step_login {
            return self
                .challenge(profile, now)
                .await
                .map(LoginOutcome::CodeToSend);
        }
        self.start_session(profile, ip, user_agent, now)
            .await
            .map(LoginOutcome::SignedIn)
    }

    /// A one-time code for a user whose password was right, unless too many were sent lately.
    async fn challenge(&self, profile: UserProfile, now: DateTime<Utc>) -> Result<LoginChallenge> {
        if profile.email.is_none() {
            return Err(Error::Forbidden(
                "Two-step log-in is on for this account, but it has no e-mail address to send the code to. Ask an administrator to add one."
                    .to_owned(),
            ));
        }
        let sent = self
            .sessions
            .challenges_since(profile.id, now - self.policy.failure_window)
            .await?;
        if sent >= self.policy.max_failures_per_user {
            return Err(Error::RateLimited(format!(
                "Too many log-in codes were sent. Try again in {} minutes.",
                self.policy.failure_window.num_minutes()
            )));
        }
        let token = token::new_token();
        let code = token::new_code();
        let expires_at = now + LOGIN_CODE_LIFETIME;
        self.sessions
            .create_challenge(
                profile.id,
                &token::token_hash(&token),
                &token::code_hash(&token, &code),
                now,
                expires_at,
            )
            .await?;
        Ok(LoginChallenge {
            token,
            code,
            expires_at,
            profile,
        })
    }

    /// The second log-in step: the code e-mailed for a challenge signs the user in, once. A
    /// wrong code counts as a failed log-in (the same throttle as passwords), and the
    /// challenge ends after [`LOGIN_CODE_TRIES`] of them.
    pub async fn verify_code(
        &self,
        challenge: &str,
        code: &str,
        ip: Option<&str>,
        user_agent: Option<&str>,
    ) -> Result<LoginSuccess> {
        let code = code.trim();
        if challenge.is_empty() || challenge.len() > 100 {
            return Err(Error::invalid(
                "The log-in code's challenge is missing: sign in again",
            ));
        }
        if code.len() != token::CODE_DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::invalid(format!(
                "Enter the {}-digit code from the e-mail",
                token::CODE_DIGITS
            )));
        }
        let now = Utc::now();
        let expired = || {
            Error::Unauthorized(
                "This code has expired or was already used. Sign in again for a new one."
                    .to_owned(),
            )
        };
        let pending = self
            .sessions
            .find_challenge(&token::token_hash(challenge), now)
            .await?
            .ok_or_else(expired)?;
        let (by_user, by_ip) = self
            .sessions
            .recent_failures(&pending.username, ip, now - self.policy.failure_window)
            .await?;
        if by_user >= self.policy.max_failures_per_user || by_ip >= self.policy.max_failures_per_ip
        {
            return Err(Error::RateLimited(format!(
                "Too many failed log-in attempts. Try again in {} minutes.",
                self.policy.failure_window.num_minutes()
            )));
        }
        if token::code_hash(challenge, code) != pending.code_hash {
            self.sessions
                .record_attempt(&pending.username, ip, false, now)
                .await?;
            let left = LOGIN_CODE_TRIES - pending.attempts - 1;
            if left <= 0 {
                self.sessions.end_challenge(pending.id).await?;
                return Err(Error::Unauthorized(
                    "Wrong code, tried too often. Sign in again for a new one.".to_owned(),
                ));
            }
            self.sessions.count_wrong_code(pending.id).await?;
            return Err(Error::Unauthorized(format!(
                "Wrong code: {left} {} left",
                if left == 1 { "try" } else { "tries" }
            )));
        }
        if !self.sessions.end_challenge(pending.id).await? {
            return Err(expired());
        }
        let profile = self
            .users
            .profile(pending.user_id)
            .await?
            .filter(|p| !p.is_blocked)
            .ok_or_else(|| Error::Forbidden("This account is blocked".to_owned()))?;
        self.start_session(profile, ip, user_agent, now).await
    }

    async fn start_session(
        &self,
        profile: UserProfile,
        ip: Option<&str>,
        user_agent: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<LoginSuccess> {
        let token = token::new_token();
        let expires_at = now + self.policy.session_lifetime;
        self.sessions
            .create(
                profile.id,
                &token::token_hash(&token),
                now,
                expires_at,
                ip,
                user_agent,
            )
            .await?;
        self.sessions
            .record_attempt(&profile.username, ip, true, now)
            .await?;
        Ok(LoginSuccess {
            token,
            expires_at,
            profile,
        })
    }

    /// The caller behind a token, or `Unauthorized`.
    pub async fn authenticate(&self, token: &str) -> Result<Caller> {
        self.caller_of(token, true).await
    }

    /// The caller behind a token as it is now, for a connection opened earlier that re-checks
    /// its session; it does not count as the user's activity.
    pub async fn recheck(&self, token: &str) -> Result<Caller> {
        self.caller_of(token, false).await
    }

    async fn caller_of(&self, token: &str, is_activity: bool) -> Result<Caller> {
        let unauthorized =
            || Error::Unauthorized("Your session has expired. Please log in.".into());
        let now = Utc::now();
        let session = self
            .sessions
            .find_active(&token::token_hash(token), now)
            .await?
            .ok_or_else(unauthorized)?;
        let profile = self
            .users
            .profile(session.user_id)
            .await?
            .filter(|p| !p.is_blocked)
            .ok_or_else(unauthorized)?;
        // Recording activity once a minute is enough and spares a write per request.
        if is_activity && now - session.last_seen_at > Duration::minutes(1) {
            self.sessions.touch(session.id, now).await?;
        }
        Ok(Caller::from_profile(&profile, session.id))
    }

    pub async fn logout(&self, token: &str) -> Result<()> {
        self.sessions.delete(&token::token_hash(token)).await?;
        Ok(())
    }

    /// Deletes expired sessions (and log-in codes) and log-in attempts older than a day; returns
    /// how many of each.
    pub async fn prune(&self, now: DateTime<Utc>) -> Result<(u64, u64)> {
        let sessions = self.sessions.delete_expired(now).await?
            + self
                .sessions
                .delete_challenges_before(now - self.policy.failure_window)
                .await?;
        let attempts = self
            .sessions
            .delete_attempts_before(now - Duration::days(1).max(self.policy.failure_window))
            .await?;
        Ok((sessions, attempts))
    }

    pub async fn profile(&self, user_id: i64) -> Result<UserProfile> {
        self.users
            .profile(user_id)
            .await?
            .ok_or_else(|| Error::not_found("User not found"))
    }
}

/// A real hash checked when the username is unknown, so both paths cost the same.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| password::hash_password(&token::new_token()).unwrap_or_default());
