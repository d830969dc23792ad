//! Who a message goes to or comes from: a customer with their store's settings, found by id or
//! by the phone they text from; their open conversation; and their opt-out.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Func, Order, Query, SelectStatement};

use super::schema::{Customers, FutureServiceInteractions as Fsi, Marks, Offices, Stores};
use super::settings::{SettingsStore, StoreSettings, store_settings_select};
use crate::db::Database;
use crate::error::Result;

/// Where a message to or from a customer belongs: the customer and the store.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Recipient {
    #[sqlx(flatten)]
    pub store: StoreSettings,
    pub customer_id: i64,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_cellular: Option<String>,
    pub customer_email: Option<String>,
    pub customer_time_zone: Option<String>,
    /// MOBILE, LANDLINE or VOIP once the line-type lookup has run (`messaging.line-types`).
    pub customer_line_type: Option<String>,
    pub block_sms: bool,
    /// Unsubscribed from e-mail (by answering one so): nothing but staff's notes goes to them.
    pub block_email: bool,
}

impl Recipient {
    pub fn customer_name(&self) -> String {
        format!("{} {}", self.customer_first_name, self.customer_last_name)
    }

    /// The zone the customer's allowed hours are read in: theirs, else their store's.
    pub fn time_zone(&self) -> &str {
        self.customer_time_zone
            .as_deref()
            .unwrap_or(&self.store.office_time_zone)
    }
}

#[derive(Debug, Clone)]
pub struct RecipientStore {
    db: Database,
}

impl RecipientStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The customer texting from `phone` to a store: one of the store's own customers first,
    /// then one of its enterprise's, preferring whoever talked to us most recently.
    pub async fn find_recipient_by_phone(
        &self,
        store_id: i64,
        phone: &str,
    ) -> Result<Option<Recipient>> {
        self.find_recipient(store_id, Customers::Cellular, phone)
            .await
    }

    /// The customer writing from `email` to a store, chosen as [`Self::find_recipient_by_phone`]
    /// chooses (addresses compared without case).
    pub async fn find_recipient_by_email(
        &self,
        store_id: i64,
        email: &str,
    ) -> Result<Option<Recipient>> {
        self.find_recipient(store_id, Customers::Email, &email.trim().to_lowercase())
            .await
    }

    async fn find_recipient(
        &self,
        store_id: i64,
        column: Customers,
        value: &str,
    ) -> Result<Option<Recipient>> {
        let store = Query::select()
            .column(Stores::EnterpriseId)
            .from(Stores::Table)
            .and_where(Expr::col(Stores::Id).eq(store_id))
            .to_owned();
        let Some((enterprise_id,)) = self.db.fetch_optional::<(i64,)>(&store).await? else {
            return Ok(None);
        };
        let latest_activity = Query::select()
            .expr(Func::max(Expr::col((Fsi::Table, Fsi::LastMessageAt))))
            .from(Fsi::Table)
            .and_where(
                Expr::col((Fsi::Table, Fsi::CustomerId)).equals((Customers::Table, Customers::Id)),
            )
            .to_owned();
        let matches = match column {
            Customers::Email => {
                Expr::expr(Func::lower(Expr::col((Customers::Table, Customers::Email)))).eq(value)
            }
            column => Expr::col((Customers::Table, column)).eq(value),
        };
        let mut query = recipient_select();
        query
            .and_where(Expr::col((Customers::Table, Customers::EnterpriseId)).eq(enterprise_id))
            .and_where(matches)
            .order_by_expr(
                Expr::case(
                    Expr::col((Customers::Table, Customers::StoreId)).eq(store_id),
                    0,
                )
                .finally(1)
                .into(),
                Order::Asc,
            )
            .order_by_expr(
                Expr::SubQuery(None, Box::new(latest_activity.into())),
                Order::Desc,
            )
            .order_by((Customers::Table, Customers::Id), Order::Desc)
            .limit(1);
        let Some(mut recipient) = self.db.fetch_optional::<Recipient>(&query).await? else {
            return Ok(None);
        };
        // The message arrived at this store's number or address: it belongs to this store.
        if recipient.store.store_id != store_id
            && let Some(store) = SettingsStore::new(self.db.clone())
                .store_settings(store_id)
                .await?
        {
            recipient.store = store;
        }
        Ok(Some(recipient))
    }

    /// Unsubscribes a customer from e-mail (or subscribes them again); answers whether that
    /// changed anything.
    pub async fn set_email_opt_out(
        &self,
        customer_id: i64,
        opted_out: bool,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let update = Query::update()
            .table(Customers::Table)
            .value(Customers::BlockEmail, opted_out)
            .value(Customers::UpdatedAt, now)
            .and_where(Expr::col(Customers::Id).eq(customer_id))
            .and_where(Expr::col(Customers::BlockEmail).eq(!opted_out))
            .to_owned();
        Ok(self.db.execute(&update).await? > 0)
    }

    /// A customer with their store's messaging settings.
    pub async fn recipient(&self, customer_id: i64) -> Result<Option<Recipient>> {
        let mut query = recipient_select();
        query.and_where(Expr::col((Customers::Table, Customers::Id)).eq(customer_id));
        self.db.fetch_optional(&query).await
    }

    /// The recipients of many customers at once (bulk initiation reads a batch's in one go).
    pub async fn recipients_of(&self, customer_ids: &[i64]) -> Result<Vec<Recipient>> {
        let mut found = Vec::with_capacity(customer_ids.len());
        for chunk in customer_ids.chunks(500) {
            let mut query = recipient_select();
            query.and_where(Expr::col((Customers::Table, Customers::Id)).is_in(chunk.to_vec()));
            found.extend(self.db.fetch_all::<Recipient>(&query).await?);
        }
        Ok(found)
    }

    /// The customer's open conversation at a store: the lead most recently active, not closed
    /// or archived.
    pub async fn active_lead(&self, customer_id: i64, store_id: i64) -> Result<Option<i64>> {
        let query = Query::select()
            .column(Fsi::Id)
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
            .and_where(Expr::col(Fsi::StoreId).eq(store_id))
            .and_where(Expr::col(Fsi::Archived).eq(false))
            .order_by(Fsi::ConversationClosed, Order::Asc)
            .order_by_expr(
                Expr::case(Expr::col(Fsi::LastMessageAt).is_null(), 1)
                    .finally(0)
                    .into(),
                Order::Asc,
            )
            .order_by(Fsi::LastMessageAt, Order::Desc)
            .order_by(Fsi::Id, Order::Desc)
            .limit(1)
            .to_owned();
        Ok(self
            .db
            .fetch_optional::<(i64,)>(&query)
            .await?
            .map(|(id,)| id))
    }

    /// Opts every customer of the enterprise with this number out of (or back into) texts,
    /// with the SMS_OPT_OUT mark and the consent record. Returns the customers changed.
    pub async fn set_opt_out(
        &self,
        enterprise_id: i64,
        phone: &str,
        opted_out: bool,
        consent_source: &str,
        consent_text: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>> {
        let who = Query::select()
            .column(Customers::Id)
            .from(Customers::Table)
            .and_where(Expr::col(Customers::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(Customers::Cellular).eq(phone))
            .and_where(Expr::col(Customers::BlockSms).eq(!opted_out))
            .to_owned();
        let ids: Vec<i64> = self
            .db
            .fetch_all::<(i64,)>(&who)
            .await?
            .into_iter()
            .map(|(id,)| id)
            .collect();
        if ids.is_empty() {
            return Ok(ids);
        }
        let mut tx = self.db.begin().await?;
        let mut update = Query::update();
        update
            .table(Customers::Table)
            .value(Customers::BlockSms, opted_out)
            .value(Customers::OptedOutAt, opted_out.then_some(now))
            .value(Customers::UpdatedAt, now)
            .and_where(Expr::col(Customers::Id).is_in(ids.clone()));
        if !opted_out {
            update
                .value(Customers::ConsentSource, consent_source)
                .value(Customers::ConsentText, consent_text)
                .value(Customers::ConsentAt, now);
        }
        tx.execute(&update).await?;
        if opted_out {
            let mut marks = Query::insert();
            marks.into_table(Marks::Table).columns([
                Marks::EnterpriseId,
                Marks::TargetKind,
                Marks::CustomerId,
                Marks::MarkCode,
                Marks::Note,
                Marks::CreatedAt,
            ]);
            for id in &ids {
                marks.values_panic([
                    enterprise_id.into(),
                    "CUSTOMER".into(),
                    (*id).into(),
                    "SMS_OPT_OUT".into(),
                    format!("{consent_source}: {consent_text}").into(),
                    now.into(),
                ]);
            }
            tx.execute(&marks).await?;
        } else {
            let unmark = Query::delete()
                .from_table(Marks::Table)
                .and_where(Expr::col(Marks::CustomerId).is_in(ids.clone()))
                .and_where(Expr::col(Marks::MarkCode).eq("SMS_OPT_OUT"))
                .to_owned();
            tx.execute(&unmark).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }
}

fn recipient_select() -> SelectStatement {
    store_settings_select()
        .expr_as(Expr::col((Customers::Table, Customers::Id)), "customer_id")
        .expr_as(
            Expr::col((Customers::Table, Customers::FirstName)),
            "customer_first_name",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::LastName)),
            "customer_last_name",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::Cellular)),
            "customer_cellular",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::Email)),
            "customer_email",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::TimeZone)),
            "customer_time_zone",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::LineType)),
            "customer_line_type",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::BlockSms)),
            "block_sms",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::BlockEmail)),
            "block_email",
        )
        .from(Customers::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Customers::Table, Customers::StoreId)),
        )
        .inner_join(
            Offices::Table,
            Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
        )
        .to_owned()
}
