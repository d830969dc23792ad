//! The deal room, the customer's landing page and the e-mail auto-response (checklist G-C1–C4,
//! G-C6, G-S4, G-S5): public calls, each opened by a signed link ([`super::links`]).
//!
//! - A **deal-room** link names a lead and a staff member: it shows that user what they would
//!   see of the lead's conversation signed in, and sends as them, with the same rules (their
//!   roles and scope as they are now: a blocked user's links open nothing).
//! - A **landing** link names a lead (and the staff member who sent it): the customer's own
//!   conversation, read-only, without staff's internal notes.
//! - An **e-mail reply** link names a lead: the customer's one-click answer is stored as their
//!   e-mail on the lead and read like any reply.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Query};

use super::links::{LinkClaims, LinkKind, LinkSigner};
use super::throttle::{Limit, Subject, Throttle};
use crate::auth::token::token_hash;
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::messages::MessageType;
use crate::error::{Error, Result};
use crate::messaging::{InboundOutcome, MessagingService, Notice, SendRequest};
use crate::store::leads::{LeadRecord, LeadStore};
use crate::store::messages::{MessageRecord, MessageStore, Visibility};
use crate::store::schema::EmailAnswerLinks;
use crate::store::settings::{AssistantRecord, SettingsStore};
use crate::store::users::UserStore;
use wording::templates::escape_html;

/// Calls one address may make to the signed pages (a page polls its conversation).
pub const CALLS_PER_ADDRESS: Limit = Limit {
    max: 600,
    window: chrono::Duration::minutes(10),
};
/// One-click e-mail answers per address.
pub const REPLIES_PER_ADDRESS: Limit = Limit {
    max: 20,
    window: chrono::Duration::minutes(10),
};
/// What a second answer through the same e-mail link is told.
pub const ANSWERED: &str =
    "This link has already been used to answer; reply to the e-mail to say more";
/// The longest answer a customer may send through an e-mail link.
pub const MAX_REPLY_CHARS: usize = 2_000;

/// A signed page opened: whose view it is and the lead it shows.
#[derive(Debug, Clone)]
pub struct Opened {
    pub claims: LinkClaims,
    pub lead: LeadRecord,
    /// The staff member of a deal-room link (none for the customer's pages).
    pub staff: Option<Caller>,
}

impl Opened {
    pub fn may_send(&self) -> bool {
        self.staff.is_some()
    }
}

#[derive(Debug, Clone)]
pub struct DealRoom {
    signer: LinkSigner,
    throttle: Throttle,
    leads: LeadStore,
    messages: MessageStore,
    users: UserStore,
    settings: SettingsStore,
    messaging: MessagingService,
    db: Database,
}

impl DealRoom {
    pub fn new(db: Database, signer: LinkSigner, messaging: MessagingService) -> Self {
        Self {
            signer,
            throttle: Throttle::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            messages: MessageStore::new(db.clone()),
            users: UserStore::new(db.clone()),
            settings: SettingsStore::new(db.clone()),
            messaging,
            db,
        }
    }

    /// A link to a lead's deal room for `caller` (or, `for_customer`, the customer's landing
    /// page): its token and expiry. The lead must be the caller's to see.
    pub async fn link(
        &self,
        caller: &Caller,
        scope: &Scope,
        lead_id: i64,
        kind: LinkKind,
        now: DateTime<Utc>,
    ) -> Result<(String, DateTime<Utc>)> {
        self.lead_in(scope, lead_id).await?;
        Ok(self.signer.sign(kind, lead_id, Some(caller.user_id), now))
    }

    async fn lead_in(&self, scope: &Scope, lead_id: i64) -> Result<LeadRecord> {
        self.leads
            .get_many(scope, &[lead_id])
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| Error::not_found("Lead not found"))
    }

    /// Opens a deal-room or landing link for the lead and user the request names; a link
    /// that says otherwise, or a staff member who may no longer see the lead, opens nothing.
    pub async fn open(
        &self,
        token: &str,
        lead_id: i64,
        user_id: Option<i64>,
        address: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Opened> {
        if let Some(address) = address {
            self.throttle
                .attempt(
                    "signed-page",
                    Subject::Address(address),
                    CALLS_PER_ADDRESS,
                    now,
                )
                .await?;
        }
        let claims = self.signer.verify(token, now)?;
        let kind = claims.kind;
        if !matches!(kind, LinkKind::DealRoom | LinkKind::Landing) {
            return Err(Error::Forbidden("This link is not valid".to_owned()));
        }
        let claims = self.signer.open(token, kind, lead_id, user_id, now)?;
        let refused = || Error::Forbidden("This link is not valid".to_owned());
        let staff = match kind {
            LinkKind::DealRoom => {
                let user_id = claims.user_id.ok_or_else(refused)?;
                let profile = self
                    .users
                    .profile(user_id)
                    .await?
                    .filter(|p| !p.is_blocked)
                    .ok_or_else(refused)?;
                Some(Caller::from_profile(&profile, 0))
            }
            _ => None,
        };
        let scope = match &staff {
            Some(caller) => caller.scope(None).map_err(|_| refused())?,
            None => {
                let lead = self
                    .leads
                    .get_unscoped(lead_id)
                    .await?
                    .ok_or_else(refused)?;
                Scope {
                    enterprise_id: lead.enterprise_id,
                    boc_id: None,
                    store_id: None,
                }
            }
        };
        let lead = self.lead_in(&scope, lead_id).await.map_err(|_| refused())?;
        Ok(Opened {
            claims,
            lead,
            staff,
        })
    }

    /// The conversation the page shows: the staff member's view, or the customer's (what was
    /// sent to and received from them, never staff's notes).
    pub async fn history(&self, opened: &Opened) -> Result<Vec<MessageRecord>> {
        match &opened.staff {
            Some(caller) => {
                self.messages
                    .history(opened.lead.id, Visibility::of(caller))
                    .await
            }
            None => Ok(self
                .messages
                .history(opened.lead.id, Visibility::default())
                .await?
                .into_iter()
                .filter(|m| {
                    matches!(
                        m.message_type,
                        MessageType::Sms | MessageType::Email | MessageType::CalendarInvite
                    )
                })
                .collect()),
        }
    }

    /// The lead's store's assistants.
    pub async fn assistants(&self, opened: &Opened) -> Result<Vec<AssistantRecord>> {
        let scope = Scope {
            enterprise_id: opened.lead.enterprise_id,
            boc_id: None,
            store_id: None,
        };
        self.settings
            .assistants(&scope, None, Some(opened.lead.store_id), None)
            .await
    }

    /// Sends from the deal room as its staff member, by the rules of any staff send (the
    /// caller starts its send job). The customer's pages cannot send (403).
    pub async fn send(
        &self,
        opened: &Opened,
        request: SendRequest,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let caller = opened
            .staff
            .as_ref()
            .ok_or_else(|| Error::Forbidden("This page cannot send messages".to_owned()))?;
        if request.fsi_id != opened.lead.id {
            return Err(Error::Forbidden("This link is not valid".to_owned()));
        }
        let scope = caller.scope(None)?;
        self.messaging.submit(caller, &scope, request, now).await
    }

    /// A customer's one-click answer from an e-mail (G-C1): stored on the lead the link names
    /// as the customer's e-mail, and handled like any reply (the caller starts its reading).
    #[allow(clippy::too_many_arguments)]
    pub async fn email_reply(
        &self,
        token: &str,
        from: Option<&str>,
        subject: Option<&str>,
        message: &str,
        address: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        if let Some(address) = address {
            self.throttle
                .attempt(
                    "email-reply",
                    Subject::Address(address),
                    REPLIES_PER_ADDRESS,
                    now,
                )
                .await?;
        }
        let claims = self.signer.verify(token, now)?;
        if claims.kind != LinkKind::EmailReply {
            return Err(Error::Forbidden("This link is not valid".to_owned()));
        }
        let message = message.trim();
        if message.is_empty() {
            return Err(Error::invalid("message is required"));
        }
        if message.chars().count() > MAX_REPLY_CHARS {
            return Err(Error::invalid(format!(
                "message is longer than {MAX_REPLY_CHARS} characters"
            )));
        }
        let lead = self
            .leads
            .get_unscoped(claims.lead_id)
            .await?
            .ok_or_else(|| Error::Forbidden("This link is not valid".to_owned()))?;
        // Text only: whatever markup the query carried is shown as written, never rendered.
        let message = escape_html(message);
        let used = token_hash(token.trim());
        self.claim_answer_link(&used, lead.id, now).await?;
        match self
            .messaging
            .receive_email_reply(&lead, from, subject, &message, now)
            .await
        {
            Ok(outcome) => Ok(outcome),
            Err(error) => {
                // Nothing was kept, so the link may answer again.
                let release = Query::delete()
                    .from_table(EmailAnswerLinks::Table)
                    .and_where(Expr::col(EmailAnswerLinks::TokenHash).eq(used))
                    .to_owned();
                if let Err(e) = self.db.execute(&release).await {
                    tracing::warn!(error = %e, "an unused e-mail answer link stays marked used");
                }
                Err(error)
            }
        }
    }

    /// Marks an e-mail answer link used (by its token's hash): a link answers once. Links too
    /// old to open any more are forgotten on the way.
    async fn claim_answer_link(&self, hash: &str, lead_id: i64, now: DateTime<Utc>) -> Result<()> {
        let forget = Query::delete()
            .from_table(EmailAnswerLinks::Table)
            .and_where(
                Expr::col(EmailAnswerLinks::AnsweredAt)
                    .lt(now - LinkKind::EmailReply.lifetime() - chrono::Duration::days(1)),
            )
            .to_owned();
        self.db.execute(&forget).await?;
        let claim = Query::insert()
            .into_table(EmailAnswerLinks::Table)
            .columns([
                EmailAnswerLinks::TokenHash,
                EmailAnswerLinks::LeadId,
                EmailAnswerLinks::AnsweredAt,
            ])
            .values_panic([hash.into(), lead_id.into(), now.into()])
            .on_conflict(
                OnConflict::column(EmailAnswerLinks::TokenHash)
                    .do_nothing()
                    .to_owned(),
            )
            .to_owned();
        if self.db.execute(&claim).await? == 0 {
            return Err(Error::Conflict(ANSWERED.to_owned()));
        }
        Ok(())
    }
}
