//! Notifications that last (issue 38): the handoffs of the caller's stores, kept across reloads,
//! each user's reading their own. The spec names the operations, not their paths (decision
//! 0017): the list, mark read per store, per store and service type, or one handoff, remove
//! those of an interaction, clear.

use chrono::{DateTime, Utc};
use engine::store::PageRequest;
use engine::store::notifications::{NotificationRecord, Selection};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, store_in_scope};
use crate::error::ApiResult;
use crate::state::AppState;

/// A handoff in a user's notifications.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct NotificationView {
    pub id: i64,
    /// The card's title: GM HANDOFF, MD HANDOFF or Customer HANDOFF.
    pub title: String,
    /// What it is about and who handed it over.
    pub reason: String,
    /// The lead whose conversation was handed over.
    pub fsi_id: i64,
    /// The handoff's note in the conversation.
    pub message_id: Option<i64>,
    pub customer_name: String,
    pub store_id: i64,
    pub store_name: String,
    pub service_type: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Whether this user has read it.
    pub read: bool,
}

impl From<NotificationRecord> for NotificationView {
    fn from(n: NotificationRecord) -> Self {
        Self {
            id: n.id,
            title: n.title,
            reason: n.reason,
            fsi_id: n.fsi_id,
            message_id: n.message_id,
            customer_name: format!("{} {}", n.customer_first_name, n.customer_last_name)
                .trim()
                .to_owned(),
            store_id: n.store_id,
            store_name: n.store_name,
            service_type: n.service_type,
            created_at: n.created_at,
            read: n.read_at.is_some(),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NotificationPage {
    pub content: Vec<NotificationView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
    /// How many of the caller's notifications are unread, on every page.
    pub unread: u64,
}

/// What an operation changed.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NotificationsChanged {
    /// How many notifications it marked read or removed.
    pub changed: u64,
    /// How many of the caller's notifications are unread now.
    pub unread: u64,
}

pub struct NotificationApi;

#[OpenApi(tag = "ApiTags::Notifications")]
impl NotificationApi {
    /// The caller's notifications (the handoffs of the stores in their scope they have not
    /// removed), newest first; `storeId` keeps one store's, `unreadOnly` the unread ones. The
    /// unread count is of the same notifications.
    #[oai(path = "/api/notifications", method = "get")]
    #[allow(clippy::too_many_arguments)] // one argument per query parameter of the list
    async fn list(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<Option<i64>>,
        #[oai(name = "unreadOnly")] unread_only: Query<Option<bool>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<NotificationPage>> {
        let scope = request_scope(&caller, req)?;
        if let Some(store_id) = store_id.0 {
            store_in_scope(&state, &scope, store_id).await?;
        }
        let list = state
            .notifications
            .list(
                &scope,
                caller.user_id,
                Selection {
                    store_id: store_id.0,
                    ..Selection::default()
                },
                unread_only.0.unwrap_or(false),
                PageRequest::new(page.0, size.0)?,
            )
            .await?;
        Ok(Json(NotificationPage {
            content: list.page.content.into_iter().map(Into::into).collect(),
            page: list.page.page,
            size: list.page.size,
            total_elements: list.page.total_elements,
            unread: list.unread,
        }))
    }

    /// Marks the caller's notifications read: those of a store (`storeId`), of a store's
    /// service type (with `serviceType`), one handoff (`messageId`, its note), or every one.
    #[oai(path = "/api/notifications/read", method = "post")]
    async fn mark_read(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<Option<i64>>,
        #[oai(name = "serviceType", validator(max_length = 64))] service_type: Query<
            Option<String>,
        >,
        #[oai(name = "messageId")] message_id: Query<Option<i64>>,
    ) -> ApiResult<Json<NotificationsChanged>> {
        let scope = request_scope(&caller, req)?;
        if let Some(store_id) = store_id.0 {
            store_in_scope(&state, &scope, store_id).await?;
        }
        if service_type.0.is_some() && store_id.0.is_none() {
            return Err(engine::Error::invalid("serviceType goes with a storeId").into());
        }
        if let Some(message_id) = message_id.0 {
            state.messages.get_in_scope(&scope, message_id).await?;
        }
        let selection = Selection {
            store_id: store_id.0,
            service_type: service_type.0.as_deref().map(str::trim),
            message_id: message_id.0,
            ..Selection::default()
        };
        let now = Utc::now();
        let changed = state
            .notifications
            .mark_read(&scope, caller.user_id, selection, now)
            .await?;
        changed_and_unread(&state, &scope, caller.user_id, changed).await
    }

    /// Removes the notifications of one interaction (lead) from the caller's list.
    #[oai(path = "/api/notifications/interaction/:fsiId", method = "delete")]
    async fn remove_for_interaction(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fsiId")] fsi_id: Path<i64>,
    ) -> ApiResult<Json<NotificationsChanged>> {
        let scope = request_scope(&caller, req)?;
        state.leads.require(&scope, fsi_id.0).await?;
        let selection = Selection {
            fsi_id: Some(fsi_id.0),
            ..Selection::default()
        };
        let changed = state
            .notifications
            .remove(&scope, caller.user_id, selection, Utc::now())
            .await?;
        changed_and_unread(&state, &scope, caller.user_id, changed).await
    }

    /// Clears the caller's list: every notification removed (for them only).
    #[oai(path = "/api/notifications", method = "delete")]
    async fn clear(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<NotificationsChanged>> {
        let scope = request_scope(&caller, req)?;
        let changed = state
            .notifications
            .remove(&scope, caller.user_id, Selection::default(), Utc::now())
            .await?;
        changed_and_unread(&state, &scope, caller.user_id, changed).await
    }
}

async fn changed_and_unread(
    state: &AppState,
    scope: &engine::auth::Scope,
    user_id: i64,
    changed: u64,
) -> ApiResult<Json<NotificationsChanged>> {
    let unread = state.notifications.unread(scope, user_id).await?;
    Ok(Json(NotificationsChanged { changed, unread }))
}
