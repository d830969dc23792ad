//! Messages (message instances) of a lead's conversation, and the lead counters they move.

mod inbox;
mod outbox;

pub use inbox::*;
pub use outbox::*;

use chrono::{DateTime, Utc};
use sea_query::{Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement};
use sqlx::types::Json;

use super::schema::{
    Customers, EmailOutbox, FutureServiceInteractions as Fsi, MessageInstances as Msg, Stores,
};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::leads::LeadStage;
use crate::domain::messages::{DeliveryStatus, Direction, MessageType, NotificationType};
use crate::error::{Error, Result};
use crate::store::follow_ups::{NextStep, set_next};

/// A message the dispatcher claimed for sending.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub enterprise_id: i64,
}

/// A store's automated texts waiting for their allowed hours.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreDeferred {
    pub store_id: i64,
    pub deferred: i64,
    pub next_due: Option<DateTime<Utc>>,
}

/// A stored message.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize, serde::Deserialize)]
pub struct MessageRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub fsi_id: Option<i64>,
    pub customer_id: Option<i64>,
    #[sqlx(try_from = "String")]
    pub direction: Direction,
    #[sqlx(try_from = "String")]
    pub message_type: MessageType,
    #[sqlx(try_from = "String")]
    pub notification_type: NotificationType,
    pub content: String,
    pub translation_content: Option<String>,
    pub subject: Option<String>,
    pub from_address: Option<String>,
    pub from_name: Option<String>,
    pub to_address: Option<String>,
    pub to_name: Option<String>,
    #[sqlx(try_from = "String")]
    pub message_status: DeliveryStatus,
    pub error_code: Option<String>,
    pub error_text: Option<String>,
    pub provider_message_id: Option<String>,
    pub media_urls: Option<Json<Vec<String>>>,
    pub url: Option<String>,
    pub sent_by_user_id: Option<i64>,
    pub message_sent_by: Option<String>,
    pub user_color_code: Option<String>,
    pub archived: bool,
    pub response_reqd: bool,
    pub message_response_time_ms: Option<i64>,
    pub log_mode: bool,
    pub valid_log_mode: Option<bool>,
    pub service_type: Option<String>,
    pub appointment_id: Option<i64>,
    pub is_automated: bool,
    pub is_compliance: bool,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub read_at: Option<DateTime<Utc>>,
    pub sent_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub starts_at: Option<DateTime<Utc>>,
    /// How long a phone call (notification type CALL) lasted.
    pub call_duration_seconds: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl MessageRecord {
    pub fn status(&self) -> DeliveryStatus {
        self.message_status
    }

    pub fn media(&self) -> Vec<String> {
        self.media_urls
            .as_ref()
            .map(|m| m.0.clone())
            .unwrap_or_default()
    }
}

/// A message to store.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub enterprise_id: i64,
    pub store_id: i64,
    pub fsi_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub direction: Direction,
    pub message_type: MessageType,
    pub notification_type: NotificationType,
    pub content: String,
    pub subject: Option<String>,
    pub from_address: Option<String>,
    pub from_name: Option<String>,
    pub to_address: Option<String>,
    pub to_name: Option<String>,
    pub status: DeliveryStatus,
    pub provider_message_id: Option<String>,
    pub media_urls: Vec<String>,
    /// A call's recording.
    pub url: Option<String>,
    pub sent_by_user_id: Option<i64>,
    pub message_sent_by: Option<String>,
    pub user_color_code: Option<String>,
    pub service_type: Option<String>,
    pub appointment_id: Option<i64>,
    pub is_automated: bool,
    pub is_compliance: bool,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub starts_at: Option<DateTime<Utc>>,
    pub call_duration_seconds: Option<i32>,
    pub response_time_ms: Option<i64>,
    pub read_at: Option<DateTime<Utc>>,
}

/// What a reader may see of a conversation (spec section 6); the default sees the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Visibility {
    pub archived: bool,
    pub internal_notes: bool,
    pub gm_email_notifications: bool,
}

impl Visibility {
    /// What `caller`'s roles let them see.
    pub fn of(caller: &crate::auth::Caller) -> Self {
        use crate::domain::{SEES_ARCHIVED, SUPER_ROLES};
        Self {
            archived: caller.has_any(SEES_ARCHIVED),
            internal_notes: caller.has_any(SUPER_ROLES),
            gm_email_notifications: caller.has_any(SEES_ARCHIVED),
        }
    }

    /// Whether a message is shown, scope aside: the rule `apply_visibility` writes as SQL, for
    /// a message already in hand (the realtime stream).
    pub fn shows(&self, message: &MessageRecord) -> bool {
        let note = message.message_type == MessageType::InternalNotes
            || message.notification_type == NotificationType::InternalNotes;
        let gm_email = message.notification_type == NotificationType::InternalNotificationGm
            && message.message_type == MessageType::Email;
        (self.archived || !message.archived)
            && (self.internal_notes || !note)
            && (self.gm_email_notifications || !gm_email)
    }
}

/// A lead's conversation counters, as the realtime stream announces them.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize, serde::Deserialize)]
pub struct LeadCounts {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub service_type: String,
    pub total_inbound_count: i32,
    pub total_unread_count: i32,
    pub latest_message: Option<String>,
    pub last_message_received_at: Option<DateTime<Utc>>,
    pub response_reqd: bool,
    pub response_insight: Option<String>,
    pub appointment_set: bool,
    pub appointment_id: Option<i64>,
    /// The lead's stage (INITIATED … APPOINTMENT_SET …) and outcome, which bookings move.
    pub status: String,
    pub outcome: Option<String>,
}

#[derive(Debug, Clone)]
pub struct MessageStore {
    db: Database,
}

impl MessageStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    pub async fn insert(&self, new: &NewMessage, now: DateTime<Utc>) -> Result<MessageRecord> {
        let id: i64 = self.db.fetch_scalar(&insert_statement(new, now)).await?;
        self.require(id).await
    }

    /// Stores an incoming message unless one with its provider id exists; `false` with the
    /// stored one when it is a provider's retry.
    pub async fn insert_unless_known(
        &self,
        new: &NewMessage,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, bool)> {
        if let Some(sid) = &new.provider_message_id
            && let Some(known) = self.by_provider_id(sid).await?
        {
            return Ok((known, false));
        }
        match self
            .db
            .fetch_scalar::<i64>(&insert_statement(new, now))
            .await
        {
            Ok(id) => Ok((self.require(id).await?, true)),
            // Two deliveries of the same retry raced; the other one stored it.
            Err(Error::Database(sqlx::Error::Database(db))) if db.is_unique_violation() => {
                let sid = new.provider_message_id.as_deref().unwrap_or_default();
                let known = self
                    .by_provider_id(sid)
                    .await?
                    .ok_or_else(|| Error::Internal("a duplicate message vanished".into()))?;
                Ok((known, false))
            }
            Err(other) => Err(other),
        }
    }

    /// Per store: automated texts held for their recipients' allowed hours, and the earliest
    /// time one is due.
    pub async fn deferred_per_store(
        &self,
        store_ids: &[i64],
        now: DateTime<Utc>,
    ) -> Result<Vec<StoreDeferred>> {
        if store_ids.is_empty() {
            return Ok(Vec::new());
        }
        let query = Query::select()
            .column(Msg::StoreId)
            .expr_as(Func::count(Expr::col(Msg::Id)), "deferred")
            .expr_as(Func::min(Expr::col(Msg::ScheduledFor)), "next_due")
            .from(Msg::Table)
            .and_where(Expr::col(Msg::StoreId).is_in(store_ids.iter().copied()))
            .and_where(Expr::col(Msg::MessageStatus).eq(DeliveryStatus::Queued.as_str()))
            .and_where(Expr::col(Msg::ScheduledFor).gt(now))
            .group_by_col(Msg::StoreId)
            .to_owned();
        self.db.fetch_all(&query).await
    }

    pub async fn get(&self, id: i64) -> Result<Option<MessageRecord>> {
        let mut query = message_select();
        query.and_where(Expr::col(Msg::Id).eq(id));
        self.db.fetch_optional(&query).await
    }

    /// The latest calendar invite sent for an appointment (not a withdrawal).
    pub async fn latest_invite(&self, appointment_id: i64) -> Result<Option<MessageRecord>> {
        let mut query = message_select();
        query
            .and_where(Expr::col(Msg::AppointmentId).eq(appointment_id))
            .and_where(Expr::col(Msg::MessageType).eq(MessageType::CalendarInvite.as_str()))
            .and_where(Expr::col(Msg::NotificationType).eq(NotificationType::UserInvite.as_str()))
            .order_by(Msg::Id, Order::Desc)
            .limit(1);
        self.db.fetch_optional(&query).await
    }

    pub async fn require(&self, id: i64) -> Result<MessageRecord> {
        self.get(id)
            .await?
            .ok_or_else(|| Error::not_found("Message not found"))
    }

    /// A message inside the caller's scope; elsewhere it is simply not found.
    pub async fn get_in_scope(&self, scope: &Scope, id: i64) -> Result<MessageRecord> {
        let mut query = message_select();
        query.and_where(Expr::col((Msg::Table, Msg::Id)).eq(id));
        scope.restrict(&mut query, Msg::Table, false);
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Message not found"))
    }

    pub async fn by_provider_id(&self, sid: &str) -> Result<Option<MessageRecord>> {
        let mut query = message_select();
        query.and_where(Expr::col(Msg::ProviderMessageId).eq(sid));
        self.db.fetch_optional(&query).await
    }

    /// A lead's conversation, oldest first, without what the reader may not see.
    pub async fn history(&self, fsi_id: i64, visibility: Visibility) -> Result<Vec<MessageRecord>> {
        let mut query = message_select();
        query
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .order_by(Msg::CreatedAt, Order::Asc)
            .order_by(Msg::Id, Order::Asc);
        apply_visibility(&mut query, visibility);
        self.db.fetch_all(&query).await
    }

    /// A lead's conversation, newest first, one page at a time.
    pub async fn history_page(
        &self,
        fsi_id: i64,
        visibility: Visibility,
        page: PageRequest,
    ) -> Result<Page<MessageRecord>> {
        let mut query = message_select();
        query.and_where(Expr::col(Msg::FsiId).eq(fsi_id));
        apply_visibility(&mut query, visibility);
        let total = self.count(&query).await?;
        query
            .order_by(Msg::CreatedAt, Order::Desc)
            .order_by(Msg::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(self.db.fetch_all(&query).await?, page, total))
    }

    /// Texts to and from one customer, newest first (the simulator's phone screen).
    pub async fn texts_of_customer(
        &self,
        customer_id: i64,
        page: PageRequest,
    ) -> Result<Page<MessageRecord>> {
        let mut query = message_select();
        query
            .and_where(Expr::col(Msg::CustomerId).eq(customer_id))
            .and_where(Expr::col(Msg::MessageType).eq(MessageType::Sms.as_str()))
            .and_where(
                Expr::col(Msg::NotificationType).ne(NotificationType::InternalNotes.as_str()),
            );
        let total = self.count(&query).await?;
        query
            .order_by(Msg::CreatedAt, Order::Desc)
            .order_by(Msg::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(self.db.fetch_all(&query).await?, page, total))
    }

    async fn count(&self, query: &SelectStatement) -> Result<u64> {
        let mut count = query.clone();
        count
            .clear_selects()
            .expr(Func::count(Expr::col((Msg::Table, Msg::Id))));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        Ok(Ord::max(total, 0) as u64)
    }

    /// Sets some columns of a message (and its update time).
    async fn update_message(
        &self,
        id: i64,
        now: DateTime<Utc>,
        set: impl FnOnce(&mut sea_query::UpdateStatement),
    ) -> Result<()> {
        let mut update = Query::update();
        update.table(Msg::Table);
        set(&mut update);
        update
            .value(Msg::UpdatedAt, now)
            .and_where(Expr::col(Msg::Id).eq(id));
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Many messages at once (the realtime stream's snapshots), in no particular order.
    pub async fn get_many(&self, ids: &[i64]) -> Result<Vec<MessageRecord>> {
        let mut found = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            let mut query = message_select();
            query.and_where(Expr::col(Msg::Id).is_in(chunk.iter().copied()));
            found.extend(self.db.fetch_all::<MessageRecord>(&query).await?);
        }
        Ok(found)
    }

    /// The counters of many leads at once, in no particular order.
    pub async fn lead_counts_of(&self, fsi_ids: &[i64]) -> Result<Vec<LeadCounts>> {
        let mut found = Vec::with_capacity(fsi_ids.len());
        for chunk in fsi_ids.chunks(500) {
            let mut query = lead_counts_select();
            query.and_where(Expr::col(Fsi::Id).is_in(chunk.iter().copied()));
            found.extend(self.db.fetch_all::<LeadCounts>(&query).await?);
        }
        Ok(found)
    }

    /// A lead's counters (for the realtime stream: no joins).
    pub async fn lead_counts(&self, fsi_id: i64) -> Result<Option<LeadCounts>> {
        let mut query = lead_counts_select();
        query.and_where(Expr::col(Fsi::Id).eq(fsi_id));
        self.db.fetch_optional(&query).await
    }

    /// The provider took an outgoing message: keep its id, mark it sent (direction SENT).
    pub async fn mark_accepted(&self, id: i64, sid: &str, now: DateTime<Utc>) -> Result<()> {
        self.update_message(id, now, |update| {
            update
                .value(Msg::ProviderMessageId, sid)
                .value(Msg::Direction, Direction::Sent.as_str())
                .value(Msg::SentAt, now);
        })
        .await
    }

    /// Moves a message to `status` if that is progress in the provider's order; an update that
    /// would move it backwards (callbacks arrive out of order) is ignored. Returns whether it
    /// changed.
    pub async fn advance_status(
        &self,
        id: i64,
        status: DeliveryStatus,
        error: Option<(&str, &str)>,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        // Compare-and-set on the status read, so concurrent callbacks cannot both win.
        for _ in 0..5 {
            let Some(current) = self.get(id).await? else {
                return Ok(false);
            };
            if !current.status().may_become(status) {
                return Ok(false);
            }
            let mut update = Query::update();
            update
                .table(Msg::Table)
                .value(Msg::MessageStatus, status.as_str())
                .value(Msg::UpdatedAt, now)
                .and_where(Expr::col(Msg::Id).eq(id))
                .and_where(Expr::col(Msg::MessageStatus).eq(current.message_status.as_str()));
            if let Some((code, text)) = error {
                update
                    .value(Msg::ErrorCode, code)
                    .value(Msg::ErrorText, text);
            }
            if status == DeliveryStatus::Delivered {
                update.value(Msg::DeliveredAt, now);
            }
            if status == DeliveryStatus::Sent && current.sent_at.is_none() {
                update.value(Msg::SentAt, now);
            }
            if self.db.execute(&update).await? > 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Queued messages whose time has come and that no send job was started for yet; each
    /// returned one is claimed for this caller.
    pub async fn claim_due(&self, now: DateTime<Utc>, limit: u64) -> Result<Vec<Claimed>> {
        let due = Query::select()
            .column(Msg::Id)
            .from(Msg::Table)
            .and_where(Expr::col(Msg::MessageStatus).eq(DeliveryStatus::Queued.as_str()))
            .and_where(Expr::col(Msg::DispatchedAt).is_null())
            .and_where(
                Expr::col(Msg::ScheduledFor)
                    .is_null()
                    .or(Expr::col(Msg::ScheduledFor).lte(now)),
            )
            .order_by(Msg::Id, Order::Asc)
            .limit(limit)
            .to_owned();
        let ids: Vec<(i64,)> = self.db.fetch_all(&due).await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        // Of two dispatchers, the one whose update finds the message still unclaimed has it.
        let claim = Query::update()
            .table(Msg::Table)
            .value(Msg::DispatchedAt, now)
            .and_where(Expr::col(Msg::Id).is_in(ids.into_iter().map(|(id,)| id)))
            .and_where(Expr::col(Msg::DispatchedAt).is_null())
            .returning(Query::returning().columns([Msg::Id, Msg::EnterpriseId]))
            .to_owned();
        let mut claimed: Vec<Claimed> = self.db.fetch_all(&claim).await?;
        claimed.sort_by_key(|c| c.id);
        Ok(claimed)
    }

    /// Records that a send job exists for the message; `false` if one already did.
    pub async fn mark_dispatched(&self, id: i64, now: DateTime<Utc>) -> Result<bool> {
        let update = Query::update()
            .table(Msg::Table)
            .value(Msg::DispatchedAt, now)
            .and_where(Expr::col(Msg::Id).eq(id))
            .and_where(Expr::col(Msg::DispatchedAt).is_null())
            .to_owned();
        Ok(self.db.execute(&update).await? > 0)
    }

    /// Gives a claimed message back to the dispatcher, to go out at `at` (or as soon as
    /// possible).
    pub async fn release(&self, id: i64, at: Option<DateTime<Utc>>) -> Result<()> {
        let update = Query::update()
            .table(Msg::Table)
            .value(Msg::DispatchedAt, None::<DateTime<Utc>>)
            .value(Msg::ScheduledFor, at)
            .and_where(Expr::col(Msg::Id).eq(id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Archives a message; there is no way back.
    pub async fn archive(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        self.update_message(id, now, |update| {
            update.value(Msg::Archived, true);
        })
        .await
    }

    /// Whether the customer has written on the lead since message `message_id`.
    pub async fn received_since(&self, fsi_id: i64, message_id: i64) -> Result<bool> {
        let query = Query::select()
            .expr(Func::count(Expr::col(Msg::Id)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()))
            .and_where(Expr::col(Msg::Id).gt(message_id))
            .to_owned();
        let count: i64 = self.db.fetch_scalar(&query).await?;
        Ok(count > 0)
    }

    /// Whether the customer was texted on the lead after message `message_id` (someone has
    /// answered it already).
    pub async fn texted_since(&self, fsi_id: i64, message_id: i64) -> Result<bool> {
        let query = Query::select()
            .expr(Func::count(Expr::col(Msg::Id)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(
                Expr::col(Msg::Direction)
                    .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
            )
            .and_where(Expr::col(Msg::MessageType).eq(MessageType::Sms.as_str()))
            .and_where(Expr::col(Msg::Id).gt(message_id))
            .to_owned();
        let count: i64 = self.db.fetch_scalar(&query).await?;
        Ok(count > 0)
    }

    /// Marks the lead's customer messages up to `last_message_id` read and recounts its unread.
    pub async fn mark_read(
        &self,
        fsi_id: i64,
        last_message_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<i32> {
        let mut read = Query::update();
        read.table(Msg::Table)
            .value(Msg::ReadAt, now)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()))
            .and_where(Expr::col(Msg::ReadAt).is_null());
        if let Some(last) = last_message_id {
            read.and_where(Expr::col(Msg::Id).lte(last));
        }
        self.db.execute(&read).await?;
        let unread = Query::select()
            .expr(Func::count(Expr::col(Msg::Id)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()))
            .and_where(Expr::col(Msg::ReadAt).is_null())
            .to_owned();
        let unread: i64 = self.db.fetch_scalar(&unread).await?;
        let unread = i32::try_from(unread).unwrap_or(i32::MAX);
        let update = Query::update()
            .table(Fsi::Table)
            .value(Fsi::TotalUnreadCount, unread)
            .value(Fsi::UpdatedAt, now)
            .and_where(Expr::col(Fsi::Id).eq(fsi_id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(unread)
    }

    /// A customer message arrived on the lead: counts, unread, latest message, and the lead
    /// moves to the top of the lists (its last-message time).
    pub async fn record_inbound_on_lead(
        &self,
        fsi_id: i64,
        content: &str,
        at: DateTime<Utc>,
    ) -> Result<()> {
        let update = Query::update()
            .table(Fsi::Table)
            .value(
                Fsi::TotalInboundCount,
                Expr::col(Fsi::TotalInboundCount).add(1),
            )
            .value(
                Fsi::TotalUnreadCount,
                Expr::col(Fsi::TotalUnreadCount).add(1),
            )
            .value(Fsi::LastMessageReceivedAt, at)
            .value(Fsi::LastMessageAt, at)
            .value(Fsi::LatestMessage, content)
            .value(Fsi::ResponseReqd, true)
            .value(Fsi::UpdatedAt, at)
            .and_where(Expr::col(Fsi::Id).eq(fsi_id))
            .to_owned();
        self.db.execute(&update).await?;
        // A first reply moves an initiated conversation to RESPONDED.
        let responded = Query::update()
            .table(Fsi::Table)
            .value(Fsi::Status, "RESPONDED")
            .and_where(Expr::col(Fsi::Id).eq(fsi_id))
            .and_where(Expr::col(Fsi::Status).eq("INITIATED"))
            .to_owned();
        self.db.execute(&responded).await?;
        Ok(())
    }

    /// A message went to the customer (or a note was added): latest message unless internal.
    pub async fn record_outbound_on_lead(
        &self,
        fsi_id: i64,
        content: &str,
        internal: bool,
        at: DateTime<Utc>,
    ) -> Result<()> {
        let mut update = Query::update();
        update
            .table(Fsi::Table)
            .value(Fsi::UpdatedAt, at)
            .and_where(Expr::col(Fsi::Id).eq(fsi_id));
        if !internal {
            update
                .value(Fsi::LastMessageAt, at)
                .value(Fsi::LatestMessage, content)
                .value(Fsi::ConversationInitiated, true)
                .value(Fsi::ResponseReqd, false);
        }
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Stores the opening texts of conversations and starts each lead's conversation, all in
    /// one transaction: the lead is initiated with the date-time dialogue on (the text asks
    /// to book a visit), on its cadence's `next` step, and (unless the text waits for the
    /// customer's allowed hours) shows it as its latest message. Answers the messages' ids.
    pub async fn insert_openings(
        &self,
        openings: &[(NewMessage, NextStep)],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>> {
        let mut tx = self.db.begin().await?;
        let mut ids = Vec::with_capacity(openings.len());
        for (new, next) in openings {
            let id: i64 = tx.fetch_scalar(&insert_statement(new, now)).await?;
            ids.push(id);
            let Some(fsi_id) = new.fsi_id else { continue };
            let mut update = Query::update();
            update
                .table(Fsi::Table)
                .value(Fsi::ConversationInitiated, true)
                .value(Fsi::ConversationClosed, false)
                .value(Fsi::Status, LeadStage::Initiated.as_str())
                .value(Fsi::LastMessageAt, now)
                .value(Fsi::DtDialogEnabled, true)
                .value(Fsi::IsDtGotItsChance, true)
                .value(Fsi::UpdatedAt, now)
                .and_where(Expr::col(Fsi::Id).eq(fsi_id));
            if new.scheduled_for.is_none() {
                update
                    .value(Fsi::LatestMessage, new.content.clone())
                    .value(Fsi::ResponseReqd, false);
            }
            set_next(&mut update, *next);
            tx.execute(&update).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The time since the oldest customer message staff have not answered yet, for the
    /// message response time (MRT) of a reply.
    pub async fn pending_since(&self, fsi_id: i64) -> Result<Option<DateTime<Utc>>> {
        let last_reply = Query::select()
            .expr(Func::max(Expr::col(Msg::CreatedAt)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(
                Expr::col(Msg::Direction)
                    .is_in([Direction::Send.as_str(), Direction::Sent.as_str()]),
            )
            .and_where(Expr::col(Msg::MessageType).ne(MessageType::InternalNotes.as_str()))
            .to_owned();
        let last_reply: Option<DateTime<Utc>> = self.db.fetch_scalar(&last_reply).await?;
        let mut first_pending = Query::select();
        first_pending
            .expr(Func::min(Expr::col(Msg::CreatedAt)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()));
        if let Some(after) = last_reply {
            first_pending.and_where(Expr::col(Msg::CreatedAt).gt(after));
        }
        self.db.fetch_scalar(&first_pending).await
    }

    pub async fn set_response_time(
        &self,
        id: i64,
        response_time_ms: i64,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.update_message(id, now, |update| {
            update.value(Msg::MessageResponseTimeMs, response_time_ms);
        })
        .await
    }

    /// The lead's customer messages, newest first: the one whose content is `content` when
    /// given (the message staff clicked), else the newest.
    pub async fn latest_received(
        &self,
        fsi_id: i64,
        content: Option<&str>,
    ) -> Result<Option<MessageRecord>> {
        let mut query = message_select();
        query
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()))
            .order_by(Msg::CreatedAt, Order::Desc)
            .order_by(Msg::Id, Order::Desc)
            .limit(1);
        if let Some(content) = content {
            query.and_where(Expr::col(Msg::Content).eq(content));
        }
        self.db.fetch_optional(&query).await
    }

    /// The customer message a staff message answered: the latest one before it.
    pub async fn answered_by(&self, message: &MessageRecord) -> Result<Option<MessageRecord>> {
        let Some(fsi_id) = message.fsi_id else {
            return Ok(None);
        };
        let mut query = message_select();
        query
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::Direction).eq(Direction::Received.as_str()))
            .and_where(Expr::col(Msg::CreatedAt).lte(message.created_at))
            .and_where(Expr::col(Msg::Id).ne(message.id))
            .order_by(Msg::CreatedAt, Order::Desc)
            .limit(1);
        self.db.fetch_optional(&query).await
    }

    pub async fn set_response_reqd(
        &self,
        id: i64,
        required: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.update_message(id, now, |update| {
            update.value(Msg::ResponseReqd, required);
        })
        .await
    }

    pub async fn set_lead_response_reqd(
        &self,
        fsi_id: i64,
        required: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let update = Query::update()
            .table(Fsi::Table)
            .value(Fsi::ResponseReqd, required)
            .value(Fsi::UpdatedAt, now)
            .and_where(Expr::col(Fsi::Id).eq(fsi_id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Log mode on a customer message: its reply is held for review (validity not yet said).
    pub async fn enable_log_mode(&self, id: i64, now: DateTime<Utc>) -> Result<()> {
        self.update_message(id, now, |update| {
            update
                .value(Msg::LogMode, true)
                .value(Msg::ValidLogMode, None::<bool>);
        })
        .await
    }

    pub async fn set_log_mode_validity(
        &self,
        id: i64,
        valid: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.update_message(id, now, |update| {
            update.value(Msg::ValidLogMode, valid);
        })
        .await
    }

    /// Sending the reply held for a log-mode message marks that message's log valid.
    pub async fn validate_latest_log_mode(&self, fsi_id: i64, now: DateTime<Utc>) -> Result<()> {
        let latest = Query::select()
            .expr(Func::max(Expr::col(Msg::Id)))
            .from(Msg::Table)
            .and_where(Expr::col(Msg::FsiId).eq(fsi_id))
            .and_where(Expr::col(Msg::LogMode).eq(true))
            .to_owned();
        if let Some(id) = self.db.fetch_scalar::<Option<i64>>(&latest).await? {
            self.set_log_mode_validity(id, true, now).await?;
        }
        Ok(())
    }

    /// Log-mode messages in scope, newest first, optionally only those with this validity.
    pub async fn log_mode_messages(
        &self,
        scope: &Scope,
        store_id: Option<i64>,
        validity: Option<Option<bool>>,
        page: PageRequest,
    ) -> Result<Page<MessageRecord>> {
        let mut query = message_select();
        query.and_where(Expr::col((Msg::Table, Msg::LogMode)).eq(true));
        scope.restrict(&mut query, Msg::Table, false);
        if let Some(store_id) = store_id {
            query.and_where(Expr::col((Msg::Table, Msg::StoreId)).eq(store_id));
        }
        match validity {
            Some(Some(valid)) => {
                query.and_where(Expr::col((Msg::Table, Msg::ValidLogMode)).eq(valid))
            }
            Some(None) => query.and_where(Expr::col((Msg::Table, Msg::ValidLogMode)).is_null()),
            None => &mut query,
        };
        let total = self.count(&query).await?;
        query
            .order_by((Msg::Table, Msg::CreatedAt), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(self.db.fetch_all(&query).await?, page, total))
    }
}

fn lead_counts_select() -> SelectStatement {
    Query::select()
        .columns([
            Fsi::Id,
            Fsi::EnterpriseId,
            Fsi::BocId,
            Fsi::StoreId,
            Fsi::ServiceType,
            Fsi::TotalInboundCount,
            Fsi::TotalUnreadCount,
            Fsi::LatestMessage,
            Fsi::LastMessageReceivedAt,
            Fsi::ResponseReqd,
            Fsi::ResponseInsight,
            Fsi::AppointmentSet,
            Fsi::AppointmentId,
            Fsi::Status,
            Fsi::Outcome,
        ])
        .from(Fsi::Table)
        .to_owned()
}

fn insert_statement(new: &NewMessage, now: DateTime<Utc>) -> sea_query::InsertStatement {
    let media = (!new.media_urls.is_empty()).then(|| serde_json::json!(new.media_urls));
    Query::insert()
        .into_table(Msg::Table)
        .columns([
            Msg::EnterpriseId,
            Msg::StoreId,
            Msg::FsiId,
            Msg::CustomerId,
            Msg::Direction,
            Msg::MessageType,
            Msg::NotificationType,
            Msg::Content,
            Msg::Subject,
            Msg::FromAddress,
            Msg::FromName,
            Msg::ToAddress,
            Msg::ToName,
            Msg::MessageStatus,
            Msg::ProviderMessageId,
            Msg::MediaUrls,
            Msg::Url,
            Msg::SentByUserId,
            Msg::MessageSentBy,
            Msg::UserColorCode,
            Msg::ServiceType,
            Msg::AppointmentId,
            Msg::IsAutomated,
            Msg::IsCompliance,
            Msg::ScheduledFor,
            Msg::StartsAt,
            Msg::CallDurationSeconds,
            Msg::MessageResponseTimeMs,
            Msg::ReadAt,
            Msg::CreatedAt,
            Msg::UpdatedAt,
        ])
        .values_panic([
            new.enterprise_id.into(),
            new.store_id.into(),
            new.fsi_id.into(),
            new.customer_id.into(),
            new.direction.as_str().into(),
            new.message_type.as_str().into(),
            new.notification_type.as_str().into(),
            new.content.clone().into(),
            new.subject.clone().into(),
            new.from_address.clone().into(),
            new.from_name.clone().into(),
            new.to_address.clone().into(),
            new.to_name.clone().into(),
            new.status.as_str().into(),
            new.provider_message_id.clone().into(),
            media.into(),
            new.url.clone().into(),
            new.sent_by_user_id.into(),
            new.message_sent_by.clone().into(),
            new.user_color_code.clone().into(),
            new.service_type.clone().into(),
            new.appointment_id.into(),
            new.is_automated.into(),
            new.is_compliance.into(),
            new.scheduled_for.into(),
            new.starts_at.into(),
            new.call_duration_seconds.into(),
            new.response_time_ms.into(),
            new.read_at.into(),
            now.into(),
            now.into(),
        ])
        .returning_col(Msg::Id)
        .to_owned()
}

fn message_select() -> SelectStatement {
    Query::select()
        .columns(
            [
                Msg::Id,
                Msg::EnterpriseId,
                Msg::StoreId,
                Msg::FsiId,
                Msg::CustomerId,
                Msg::Direction,
                Msg::MessageType,
                Msg::NotificationType,
                Msg::Content,
                Msg::TranslationContent,
                Msg::Subject,
                Msg::FromAddress,
                Msg::FromName,
                Msg::ToAddress,
                Msg::ToName,
                Msg::MessageStatus,
                Msg::ErrorCode,
                Msg::ErrorText,
                Msg::ProviderMessageId,
                Msg::MediaUrls,
                Msg::Url,
                Msg::SentByUserId,
                Msg::MessageSentBy,
                Msg::UserColorCode,
                Msg::Archived,
                Msg::ResponseReqd,
                Msg::MessageResponseTimeMs,
                Msg::LogMode,
                Msg::ValidLogMode,
                Msg::ServiceType,
                Msg::AppointmentId,
                Msg::IsAutomated,
                Msg::IsCompliance,
                Msg::ScheduledFor,
                Msg::ReadAt,
                Msg::SentAt,
                Msg::DeliveredAt,
                Msg::StartsAt,
                Msg::CallDurationSeconds,
                Msg::CreatedAt,
                Msg::UpdatedAt,
            ]
            .map(|c| (Msg::Table, c)),
        )
        .from(Msg::Table)
        .to_owned()
}

fn apply_visibility(query: &mut SelectStatement, visibility: Visibility) {
    if !visibility.archived {
        query.and_where(Expr::col((Msg::Table, Msg::Archived)).eq(false));
    }
    if !visibility.internal_notes {
        query.and_where(
            Expr::col((Msg::Table, Msg::MessageType))
                .ne(MessageType::InternalNotes.as_str())
                .and(
                    Expr::col((Msg::Table, Msg::NotificationType))
                        .ne(NotificationType::InternalNotes.as_str()),
                ),
        );
    }
    if !visibility.gm_email_notifications {
        query.and_where(
            Expr::col((Msg::Table, Msg::NotificationType))
                .ne(NotificationType::InternalNotificationGm.as_str())
                .or(Expr::col((Msg::Table, Msg::MessageType)).ne(MessageType::Email.as_str())),
        );
    }
}
