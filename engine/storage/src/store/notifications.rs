//! Notifications that last (issue 38): each handoff is a notification of its store, kept across
//! reloads and sessions; what each user did with it (read, removed) is theirs alone, so one
//! manager clearing the list leaves it whole for the others. The spec's operations: mark read
//! per store, per store and service type (or one), remove those of an interaction, clear.

use chrono::{DateTime, Utc};
use sea_query::{Alias, Expr, ExprTrait, OnConflict, Order, Query, SelectStatement};

use super::schema::{
    Customers, FutureServiceInteractions as Fsi, NotificationStates, Notifications, Stores,
};
use super::{Page, PageRequest};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::Result;

/// A notification as it happened.
#[derive(Debug, Clone)]
pub struct NewNotification {
    pub enterprise_id: i64,
    pub store_id: i64,
    pub fsi_id: i64,
    /// The note in the conversation it is about.
    pub message_id: Option<i64>,
    /// The card's title (GM HANDOFF, MD HANDOFF, Customer HANDOFF).
    pub title: String,
    /// Why, as the note says it (the issue tag or request).
    pub reason: String,
    pub service_type: Option<String>,
}

/// A notification as one user's list shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NotificationRecord {
    pub id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub fsi_id: i64,
    pub message_id: Option<i64>,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub title: String,
    pub reason: String,
    pub service_type: Option<String>,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

/// Which of a user's notifications an operation touches, inside their scope.
#[derive(Debug, Clone, Copy, Default)]
pub struct Selection<'a> {
    /// The handoff's note in the conversation.
    pub message_id: Option<i64>,
    pub store_id: Option<i64>,
    pub service_type: Option<&'a str>,
    pub fsi_id: Option<i64>,
}

/// One user's list: a page, and how many of all are unread.
#[derive(Debug, Clone)]
pub struct NotificationList {
    pub page: Page<NotificationRecord>,
    pub unread: u64,
}

#[derive(Debug, Clone)]
pub struct NotificationStore {
    db: Database,
}

impl NotificationStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn record(&self, notification: &NewNotification, now: DateTime<Utc>) -> Result<i64> {
        self.db
            .fetch_scalar(
                Query::insert()
                    .into_table(Notifications::Table)
                    .columns([
                        Notifications::EnterpriseId,
                        Notifications::StoreId,
                        Notifications::FsiId,
                        Notifications::MessageId,
                        Notifications::Title,
                        Notifications::Reason,
                        Notifications::ServiceType,
                        Notifications::CreatedAt,
                    ])
                    .values_panic([
                        notification.enterprise_id.into(),
                        notification.store_id.into(),
                        notification.fsi_id.into(),
                        notification.message_id.into(),
                        notification.title.clone().into(),
                        notification.reason.clone().into(),
                        notification.service_type.clone().into(),
                        now.into(),
                    ])
                    .returning_col(Notifications::Id),
            )
            .await
    }

    /// The user's selected notifications inside the scope that they have not removed, newest
    /// first (only the unread ones with `unread_only`), and how many of them are unread.
    pub async fn list(
        &self,
        scope: &Scope,
        user_id: i64,
        selection: Selection<'_>,
        unread_only: bool,
        page: PageRequest,
    ) -> Result<NotificationList> {
        let mut query = self.visible(scope, user_id, selection);
        let unread = self.count(&Self::only_unread(query.clone())).await?;
        if unread_only {
            query = Self::only_unread(query);
        }
        let total = self.count(&query).await?;
        query
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::Id))
                    .equals((Notifications::Table, Notifications::StoreId)),
            )
            .inner_join(
                Fsi::Table,
                Expr::col((Fsi::Table, Fsi::Id))
                    .equals((Notifications::Table, Notifications::FsiId)),
            )
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            );
        for (column, alias) in [
            (Notifications::Id, "id"),
            (Notifications::StoreId, "store_id"),
            (Notifications::FsiId, "fsi_id"),
            (Notifications::MessageId, "message_id"),
            (Notifications::Title, "title"),
            (Notifications::Reason, "reason"),
            (Notifications::ServiceType, "service_type"),
            (Notifications::CreatedAt, "created_at"),
        ] {
            query.expr_as(Expr::col((Notifications::Table, column)), Alias::new(alias));
        }
        query
            .expr_as(
                Expr::col((Stores::Table, Stores::Name)),
                Alias::new("store_name"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::FirstName)),
                Alias::new("customer_first_name"),
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::LastName)),
                Alias::new("customer_last_name"),
            )
            .expr_as(
                Expr::col((NotificationStates::Table, NotificationStates::ReadAt)),
                Alias::new("read_at"),
            )
            .order_by(
                (Notifications::Table, Notifications::CreatedAt),
                Order::Desc,
            )
            .order_by((Notifications::Table, Notifications::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(NotificationList {
            page: Page::new(self.db.fetch_all(&query).await?, page, total),
            unread,
        })
    }

    /// How many of the user's notifications inside the scope are unread.
    pub async fn unread(&self, scope: &Scope, user_id: i64) -> Result<u64> {
        self.count(&Self::only_unread(self.visible(
            scope,
            user_id,
            Selection::default(),
        )))
        .await
    }

    /// Marks the selected notifications read for the user; answers how many were unread.
    pub async fn mark_read(
        &self,
        scope: &Scope,
        user_id: i64,
        selection: Selection<'_>,
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let ids = self
            .ids(Self::only_unread(self.visible(scope, user_id, selection)))
            .await?;
        self.set_state(&ids, user_id, NotificationStates::ReadAt, now)
            .await?;
        Ok(ids.len() as u64)
    }

    /// Removes the selected notifications from the user's list (those of one interaction, or
    /// every one: clear); answers how many went.
    pub async fn remove(
        &self,
        scope: &Scope,
        user_id: i64,
        selection: Selection<'_>,
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let ids = self.ids(self.visible(scope, user_id, selection)).await?;
        self.set_state(&ids, user_id, NotificationStates::RemovedAt, now)
            .await?;
        Ok(ids.len() as u64)
    }

    /// The notifications inside the scope the user has not removed, with their state joined.
    fn visible(&self, scope: &Scope, user_id: i64, selection: Selection<'_>) -> SelectStatement {
        let mut query = Query::select();
        query.from(Notifications::Table).left_join(
            NotificationStates::Table,
            Expr::col((
                NotificationStates::Table,
                NotificationStates::NotificationId,
            ))
            .equals((Notifications::Table, Notifications::Id))
            .and(Expr::col((NotificationStates::Table, NotificationStates::UserId)).eq(user_id)),
        );
        scope.restrict(&mut query, Notifications::Table, false);
        query.and_where(
            Expr::col((NotificationStates::Table, NotificationStates::RemovedAt)).is_null(),
        );
        let column = |c| Expr::col((Notifications::Table, c));
        if let Some(message_id) = selection.message_id {
            query.and_where(column(Notifications::MessageId).eq(message_id));
        }
        if let Some(store_id) = selection.store_id {
            query.and_where(column(Notifications::StoreId).eq(store_id));
        }
        if let Some(service_type) = selection.service_type {
            query.and_where(column(Notifications::ServiceType).eq(service_type));
        }
        if let Some(fsi_id) = selection.fsi_id {
            query.and_where(column(Notifications::FsiId).eq(fsi_id));
        }
        query
    }

    fn only_unread(mut query: SelectStatement) -> SelectStatement {
        query.and_where(
            Expr::col((NotificationStates::Table, NotificationStates::ReadAt)).is_null(),
        );
        query
    }

    async fn ids(&self, mut query: SelectStatement) -> Result<Vec<i64>> {
        query.column((Notifications::Table, Notifications::Id));
        let rows: Vec<(i64,)> = self.db.fetch_all(&query).await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    async fn count(&self, query: &SelectStatement) -> Result<u64> {
        let mut count = query.clone();
        count.expr(Expr::col((Notifications::Table, Notifications::Id)).count());
        let total: i64 = self.db.fetch_scalar(&count).await?;
        Ok(Ord::max(total, 0) as u64)
    }

    /// Sets the user's read or removed time on each notification, keeping an earlier one.
    async fn set_state(
        &self,
        ids: &[i64],
        user_id: i64,
        column: NotificationStates,
        now: DateTime<Utc>,
    ) -> Result<()> {
        for chunk in ids.chunks(500) {
            let mut insert = Query::insert();
            insert
                .into_table(NotificationStates::Table)
                .columns([
                    NotificationStates::NotificationId,
                    NotificationStates::UserId,
                    column,
                ])
                .on_conflict(
                    OnConflict::columns([
                        NotificationStates::NotificationId,
                        NotificationStates::UserId,
                    ])
                    .value(
                        column,
                        Expr::cust(format!(
                            "COALESCE(notification_states.{0}, excluded.{0})",
                            match column {
                                NotificationStates::ReadAt => "read_at",
                                _ => "removed_at",
                            }
                        )),
                    )
                    .to_owned(),
                );
            for id in chunk {
                insert.values_panic([(*id).into(), user_id.into(), now.into()]);
            }
            self.db.execute(&insert).await?;
        }
        Ok(())
    }
}
