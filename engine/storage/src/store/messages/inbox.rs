//! What is unread, per lead or store, and which phones have texts.

use super::*;

/// Unread messages grouped by one key (service type, store, repair-order status, …).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UnreadCount {
    pub key: Option<String>,
    pub unread: i64,
    pub leads: i64,
}

/// A customer's phone as the simulator lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PhoneSummary {
    pub customer_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub block_sms: bool,
    pub store_id: i64,
    pub store_name: String,
    pub last_text_at: Option<DateTime<Utc>>,
}

/// How unread counts are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnreadGrouping {
    ServiceType,
    Store,
    RepairOrderStatus,
    AppointmentSet,
}

impl MessageStore {
    /// Unread customer messages in scope, grouped.
    pub async fn unread_counts(
        &self,
        scope: &Scope,
        store_id: Option<i64>,
        grouping: UnreadGrouping,
    ) -> Result<Vec<UnreadCount>> {
        use crate::store::schema::RepairOrders;
        let key = match grouping {
            UnreadGrouping::ServiceType => Expr::col((Fsi::Table, Fsi::ServiceType)),
            UnreadGrouping::Store => Expr::col((Fsi::Table, Fsi::StoreId)).cast_as("TEXT"),
            UnreadGrouping::RepairOrderStatus => {
                Expr::col((RepairOrders::Table, RepairOrders::StatusCode))
            }
            UnreadGrouping::AppointmentSet => Expr::case(
                Expr::col((Fsi::Table, Fsi::AppointmentSet)).eq(true),
                "APPOINTMENT_SET",
            )
            .finally("NO_APPOINTMENT")
            .into(),
        };
        let mut query = Query::select();
        query
            .expr_as(key, "key")
            .expr_as(
                Func::coalesce([
                    Expr::from(Func::sum(Expr::col((Fsi::Table, Fsi::TotalUnreadCount)))),
                    Expr::val(0),
                ])
                .cast_as("BIGINT"),
                "unread",
            )
            .expr_as(
                Func::count(Expr::col((Fsi::Table, Fsi::Id))).cast_as("BIGINT"),
                "leads",
            )
            .from(Fsi::Table)
            .and_where(Expr::col((Fsi::Table, Fsi::TotalUnreadCount)).gt(0))
            .and_where(Expr::col((Fsi::Table, Fsi::Archived)).eq(false))
            // By position: PostgreSQL would see the CASE's bound values as a different expression.
            .add_group_by([Expr::cust("1")])
            .order_by_expr(Expr::cust("1"), Order::Asc);
        if grouping == UnreadGrouping::RepairOrderStatus {
            query.inner_join(
                RepairOrders::Table,
                Expr::col((RepairOrders::Table, RepairOrders::Id))
                    .equals((Fsi::Table, Fsi::OpenRoId)),
            );
        }
        scope.restrict(&mut query, Fsi::Table, true);
        if let Some(store_id) = store_id {
            query.and_where(Expr::col((Fsi::Table, Fsi::StoreId)).eq(store_id));
        }
        self.db.fetch_all(&query).await
    }

    /// Customers in scope who have texts, most recent conversation first (the simulator's
    /// list of phones), optionally matching a name or number.
    pub async fn phones_with_texts(
        &self,
        scope: &Scope,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<PhoneSummary>> {
        let mut query = Query::select();
        query
            .expr_as(Expr::col((Customers::Table, Customers::Id)), "customer_id")
            .expr_as(
                Expr::col((Customers::Table, Customers::FirstName)),
                "first_name",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::LastName)),
                "last_name",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::Cellular)),
                "cellular",
            )
            .expr_as(
                Expr::col((Customers::Table, Customers::BlockSms)),
                "block_sms",
            )
            .expr_as(Expr::col((Stores::Table, Stores::Id)), "store_id")
            .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
            .expr_as(
                Func::max(Expr::col((Msg::Table, Msg::CreatedAt))),
                "last_text_at",
            )
            .from(Msg::Table)
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Msg::Table, Msg::CustomerId)),
            )
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::Id))
                    .equals((Customers::Table, Customers::StoreId)),
            )
            .and_where(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()))
            .group_by_columns([
                (Customers::Table, Customers::Id),
                (Customers::Table, Customers::FirstName),
                (Customers::Table, Customers::LastName),
                (Customers::Table, Customers::Cellular),
                (Customers::Table, Customers::BlockSms),
            ])
            .group_by_columns([(Stores::Table, Stores::Id), (Stores::Table, Stores::Name)]);
        scope.restrict(&mut query, Msg::Table, false);
        if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
            let pattern = crate::store::like_pattern(search)?;
            let digits: String = search.chars().filter(char::is_ascii_digit).collect();
            // first || ' ' || last, built from operators: custom SQL with placeholders
            // renders differently per backend.
            let concat = sea_query::BinOper::Custom("||");
            let name = Func::lower(
                Expr::col((Customers::Table, Customers::FirstName))
                    .binary(concat, Expr::val(" "))
                    .binary(concat, Expr::col((Customers::Table, Customers::LastName))),
            );
            let mut matches = Expr::expr(name).like(sea_query::LikeExpr::new(pattern).escape('\\'));
            if digits.len() >= 3 {
                matches = matches
                    .or(Expr::col((Customers::Table, Customers::Cellular))
                        .like(format!("%{digits}%")));
            }
            query.and_where(matches);
        }
        let mut count = Query::select();
        count
            .expr(Func::count(Expr::col(Alias::new("customer_id"))))
            .from_subquery(query.clone(), Alias::new("phones"));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .order_by_expr(
                Func::max(Expr::col((Msg::Table, Msg::CreatedAt))).into(),
                Order::Desc,
            )
            .order_by((Customers::Table, Customers::Id), Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(
            self.db.fetch_all(&query).await?,
            page,
            Ord::max(total, 0) as u64,
        ))
    }
}
