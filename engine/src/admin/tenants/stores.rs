//! Stores: their records, opening hours, brands and telephone numbers, and the rules a
//! store's input must meet.

use super::*;

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StoreRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub boc_code: String,
    pub boc_name: String,
    pub store_code: String,
    pub name: String,
    pub brand_code: Option<String>,
    pub brand_name: Option<String>,
    pub phone_number: Option<String>,
    pub time_zone: String,
    pub quiet_hours_start: String,
    pub quiet_hours_end: String,
    pub help_text: Option<String>,
    pub deactivated_at: Option<DateTime<Utc>>,
    #[sqlx(skip)]
    pub opening_hours: Vec<DayHours>,
}

/// One weekday's opening hours (ISO weekday, 1 = Monday); `None` times mean closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayHours {
    pub weekday: i32,
    pub opens: Option<String>,
    pub closes: Option<String>,
}

/// A store as an admin writes it; every field is checked at once and all problems reported.
#[derive(Debug, Clone)]
pub struct StoreInput {
    pub boc_id: i64,
    pub store_code: String,
    pub name: String,
    pub brand_code: Option<String>,
    pub phone_number: Option<String>,
    pub time_zone: String,
    pub quiet_hours_start: String,
    pub quiet_hours_end: String,
    pub help_text: Option<String>,
    /// `None` keeps what the store has (or the default week for a new one).
    pub opening_hours: Option<Vec<DayHours>>,
}

/// A [`StoreInput`] that passed its checks.
pub(super) struct CheckedStore {
    input: StoreInput,
    phone: Option<String>,
    hours: Option<Vec<(i32, String, String)>>,
}

impl StoreInput {
    pub(super) fn checked(mut self) -> Result<CheckedStore> {
        self.name = self.name.trim().to_owned();
        self.store_code = self.store_code.trim().to_owned();
        self.time_zone = self.time_zone.trim().to_owned();
        self.brand_code = self
            .brand_code
            .map(|b| b.trim().to_uppercase())
            .filter(|b| !b.is_empty());
        self.help_text = self
            .help_text
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty());
        let mut problems = Vec::new();
        check_name("Store name", &self.name, &mut problems);
        check_code("Store code", &self.store_code, &mut problems);
        if let Err(error) = parse_time_zone(&self.time_zone) {
            problems.push(error.to_string());
        }
        if let Err(error) = AllowedHours::parse(&self.quiet_hours_start, &self.quiet_hours_end) {
            problems.push(error.to_string());
        }
        if let Some(help) = &self.help_text {
            problems.extend(too_long("HELP answer", help, MAX_HELP_CHARS));
        }
        let phone = match self.phone_number.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => match PhoneNumber::parse(raw) {
                Ok(phone) => Some(phone.as_e164().to_owned()),
                Err(_) => {
                    problems.push(format!("Phone number {raw:?} is not a valid number"));
                    None
                }
            },
        };
        let hours = self
            .opening_hours
            .as_deref()
            .map(|days| check_hours(days, &mut problems));
        finish(problems)?;
        Ok(CheckedStore {
            input: self,
            phone,
            hours,
        })
    }
}

/// Opening hours rows: each weekday at most once, opening before closing; a closed day is
/// stored as `00:00`–`00:00` (which reads as closed).
pub(super) fn check_hours(
    days: &[DayHours],
    problems: &mut Vec<String>,
) -> Vec<(i32, String, String)> {
    let mut rows = Vec::new();
    let mut seen = [false; 7];
    let time = |text: &str| NaiveTime::parse_from_str(text.trim(), "%H:%M").ok();
    for day in days {
        let Some(slot) = usize::try_from(day.weekday)
            .ok()
            .and_then(|d| d.checked_sub(1))
            .filter(|d| *d < 7)
        else {
            problems.push(format!("Weekday {} is not 1 (Monday) to 7", day.weekday));
            continue;
        };
        if std::mem::replace(&mut seen[slot], true) {
            problems.push(format!("Weekday {} is given twice", day.weekday));
            continue;
        }
        match (day.opens.as_deref(), day.closes.as_deref()) {
            (None, None) => rows.push((day.weekday, "00:00".to_owned(), "00:00".to_owned())),
            (Some(opens), Some(closes)) => match (time(opens), time(closes)) {
                (Some(o), Some(c)) if o < c => rows.push((
                    day.weekday,
                    o.format("%H:%M").to_string(),
                    c.format("%H:%M").to_string(),
                )),
                (Some(_), Some(_)) => problems.push(format!(
                    "Weekday {}: opening must be before closing",
                    day.weekday
                )),
                _ => problems.push(format!("Weekday {}: opening hours are HH:MM", day.weekday)),
            },
            _ => problems.push(format!(
                "Weekday {}: give both opening and closing, or neither for closed",
                day.weekday
            )),
        }
    }
    rows
}

/// The whole week as the appointments module reads it: the default hours under the store's own.
pub(super) fn week_of(rows: impl Iterator<Item = (i32, String, String)>) -> Vec<DayHours> {
    let rows: Vec<_> = rows.collect();
    let week = crate::domain::appointments::WeekHours::with_rows(&rows);
    week.0
        .iter()
        .enumerate()
        .map(|(day, hours)| DayHours {
            weekday: day as i32 + 1,
            opens: hours.map(|h| h.opens.format("%H:%M").to_string()),
            closes: hours.map(|h| h.closes.format("%H:%M").to_string()),
        })
        .collect()
}

impl TenantAdmin {
    pub(super) fn store_select() -> SelectStatement {
        Query::select()
            .columns([
                (Stores::Table, Stores::Id),
                (Stores::Table, Stores::EnterpriseId),
                (Stores::Table, Stores::BocId),
                (Stores::Table, Stores::StoreCode),
                (Stores::Table, Stores::Name),
                (Stores::Table, Stores::PhoneNumber),
                (Stores::Table, Stores::QuietHoursStart),
                (Stores::Table, Stores::QuietHoursEnd),
                (Stores::Table, Stores::HelpText),
                (Stores::Table, Stores::DeactivatedAt),
            ])
            .expr_as(Expr::col((Bocs::Table, Bocs::BocCode)), "boc_code")
            .expr_as(Expr::col((Bocs::Table, Bocs::Name)), "boc_name")
            .expr_as(Expr::col((Brands::Table, Brands::Code)), "brand_code")
            .expr_as(Expr::col((Brands::Table, Brands::Name)), "brand_name")
            .expr_as(Expr::col((Offices::Table, Offices::TimeZone)), "time_zone")
            .from(Stores::Table)
            .inner_join(
                Bocs::Table,
                Expr::col((Bocs::Table, Bocs::Id)).equals((Stores::Table, Stores::BocId)),
            )
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .left_join(
                Brands::Table,
                Expr::col((Brands::Table, Brands::Id)).equals((Stores::Table, Stores::BrandId)),
            )
            .to_owned()
    }

    /// The enterprise's stores, active and not, with their opening hours (tenant admins).
    pub async fn stores(&self, caller: &Caller, enterprise_id: i64) -> Result<Vec<StoreRecord>> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let mut stores: Vec<StoreRecord> = self
            .db
            .fetch_all(
                Self::store_select()
                    .and_where(Expr::col((Stores::Table, Stores::EnterpriseId)).eq(enterprise_id))
                    .order_by((Bocs::Table, Bocs::BocCode), Order::Asc)
                    .order_by((Stores::Table, Stores::StoreCode), Order::Asc),
            )
            .await?;
        let rows: Vec<(i64, i32, String, String)> = self
            .db
            .fetch_all(
                Query::select()
                    .columns([
                        (StoreOpeningHours::Table, StoreOpeningHours::StoreId),
                        (StoreOpeningHours::Table, StoreOpeningHours::Weekday),
                        (StoreOpeningHours::Table, StoreOpeningHours::Opens),
                        (StoreOpeningHours::Table, StoreOpeningHours::Closes),
                    ])
                    .from(StoreOpeningHours::Table)
                    .inner_join(
                        Stores::Table,
                        Expr::col((Stores::Table, Stores::Id))
                            .equals((StoreOpeningHours::Table, StoreOpeningHours::StoreId)),
                    )
                    .and_where(Expr::col((Stores::Table, Stores::EnterpriseId)).eq(enterprise_id))
                    .order_by(
                        (StoreOpeningHours::Table, StoreOpeningHours::Weekday),
                        Order::Asc,
                    ),
            )
            .await?;
        for store in &mut stores {
            store.opening_hours = week_of(
                rows.iter()
                    .filter(|r| r.0 == store.id)
                    .map(|r| (r.1, r.2.clone(), r.3.clone())),
            );
        }
        Ok(stores)
    }

    /// One store of the enterprise, as [`Self::stores`] shows it.
    pub async fn store(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        store_id: i64,
    ) -> Result<StoreRecord> {
        self.stores(caller, enterprise_id)
            .await?
            .into_iter()
            .find(|s| s.id == store_id)
            .ok_or_else(|| Error::not_found("Store not found"))
    }

    pub(super) async fn brand_id(tx: &mut Transaction, code: Option<&str>) -> Result<Option<i64>> {
        let Some(code) = code else {
            return Ok(None);
        };
        let id: Option<(i64,)> = tx
            .fetch_optional(
                Query::select()
                    .column(Brands::Id)
                    .from(Brands::Table)
                    .and_where(Expr::col(Brands::Code).eq(code)),
            )
            .await?;
        id.map(|(id,)| Some(id))
            .ok_or_else(|| Error::invalid(format!("Unknown brand {code:?}")))
    }

    /// Refuses a number another store already texts from.
    pub(super) async fn check_phone_free(
        tx: &mut Transaction,
        phone: Option<&str>,
        store_id: Option<i64>,
    ) -> Result<()> {
        let Some(phone) = phone else {
            return Ok(());
        };
        let mut query = Query::select()
            .expr(Expr::col(Stores::Id).count())
            .from(Stores::Table)
            .and_where(Expr::col(Stores::PhoneNumber).eq(phone))
            .to_owned();
        if let Some(id) = store_id {
            query.and_where(Expr::col(Stores::Id).ne(id));
        }
        if tx.fetch_scalar::<i64>(&query).await? > 0 {
            return Err(Error::Conflict(format!(
                "{phone} is already the number of another store"
            )));
        }
        Ok(())
    }

    pub(super) async fn replace_hours(
        tx: &mut Transaction,
        store_id: i64,
        hours: &[(i32, String, String)],
    ) -> Result<()> {
        tx.execute(
            &Query::delete()
                .from_table(StoreOpeningHours::Table)
                .and_where(Expr::col(StoreOpeningHours::StoreId).eq(store_id))
                .to_owned(),
        )
        .await?;
        if hours.is_empty() {
            return Ok(());
        }
        let mut insert = Query::insert()
            .into_table(StoreOpeningHours::Table)
            .columns([
                StoreOpeningHours::StoreId,
                StoreOpeningHours::Weekday,
                StoreOpeningHours::Opens,
                StoreOpeningHours::Closes,
            ])
            .to_owned();
        for (weekday, opens, closes) in hours {
            insert.values_panic([
                store_id.into(),
                (*weekday).into(),
                opens.clone().into(),
                closes.clone().into(),
            ]);
        }
        tx.execute(&insert).await?;
        Ok(())
    }

    pub(super) async fn new_office(
        tx: &mut Transaction,
        enterprise_id: i64,
        name: &str,
        time_zone: &str,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        tx.fetch_scalar(
            &Query::insert()
                .into_table(Offices::Table)
                .columns([
                    Offices::EnterpriseId,
                    Offices::Name,
                    Offices::TimeZone,
                    Offices::CreatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    name.into(),
                    time_zone.into(),
                    now.into(),
                ])
                .returning_col(Offices::Id)
                .to_owned(),
        )
        .await
    }

    /// A dealer of the enterprise that takes new stores.
    pub(super) async fn active_boc(&self, enterprise_id: i64, boc_id: i64) -> Result<BocRecord> {
        let boc = self.boc_row(enterprise_id, boc_id).await.map_err(|_| {
            Error::invalid(format!("Dealer {boc_id} is not one of this enterprise's"))
        })?;
        if boc.deactivated_at.is_some() {
            return Err(Error::Conflict(format!(
                "Dealer {} is deactivated",
                boc.boc_code
            )));
        }
        Ok(boc)
    }

    pub async fn create_store(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        input: StoreInput,
        now: DateTime<Utc>,
    ) -> Result<StoreRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        self.enterprise_row(enterprise_id).await?;
        let store = input.checked()?;
        self.active_boc(enterprise_id, store.input.boc_id).await?;
        let mut tx = self.db.begin().await?;
        let brand_id = Self::brand_id(&mut tx, store.input.brand_code.as_deref()).await?;
        Self::check_phone_free(&mut tx, store.phone.as_deref(), None).await?;
        let office_id = Self::new_office(
            &mut tx,
            enterprise_id,
            &store.input.name,
            &store.input.time_zone,
            now,
        )
        .await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Stores::Table)
                    .columns([
                        Stores::EnterpriseId,
                        Stores::BocId,
                        Stores::OfficeId,
                        Stores::BrandId,
                        Stores::StoreCode,
                        Stores::Name,
                        Stores::PhoneNumber,
                        Stores::HelpText,
                        Stores::QuietHoursStart,
                        Stores::QuietHoursEnd,
                        Stores::CreatedAt,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        store.input.boc_id.into(),
                        office_id.into(),
                        brand_id.into(),
                        store.input.store_code.clone().into(),
                        store.input.name.clone().into(),
                        store.phone.clone().into(),
                        store.input.help_text.clone().into(),
                        store.input.quiet_hours_start.trim().into(),
                        store.input.quiet_hours_end.trim().into(),
                        now.into(),
                    ])
                    .returning_col(Stores::Id)
                    .to_owned(),
            )
            .await
            .map_err(|e| conflict_on_unique(e, "Store code"))?;
        if let Some(hours) = &store.hours {
            Self::replace_hours(&mut tx, id, hours).await?;
        }
        let created = Self::store_in_tx(&mut tx, enterprise_id, id).await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "CREATE",
                "store",
                id,
                None,
                json(&created),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Edits a store: name, code, dealer, brand, number, zone, allowed and opening hours.
    pub async fn update_store(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        store_id: i64,
        input: StoreInput,
        now: DateTime<Utc>,
    ) -> Result<StoreRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.store(caller, enterprise_id, store_id).await?;
        let store = input.checked()?;
        if store.input.boc_id != before.boc_id {
            self.active_boc(enterprise_id, store.input.boc_id).await?;
        }
        let mut tx = self.db.begin().await?;
        let brand_id = Self::brand_id(&mut tx, store.input.brand_code.as_deref()).await?;
        Self::check_phone_free(&mut tx, store.phone.as_deref(), Some(store_id)).await?;
        if store.input.time_zone != before.time_zone {
            // Offices may be shared: a store that changes zone gets an office of its own.
            let office_id = Self::new_office(
                &mut tx,
                enterprise_id,
                &store.input.name,
                &store.input.time_zone,
                now,
            )
            .await?;
            tx.execute(
                &Query::update()
                    .table(Stores::Table)
                    .value(Stores::OfficeId, office_id)
                    .and_where(Expr::col(Stores::Id).eq(store_id))
                    .to_owned(),
            )
            .await?;
        }
        tx.execute(
            &Query::update()
                .table(Stores::Table)
                .values([
                    (Stores::BocId, store.input.boc_id.into()),
                    (Stores::BrandId, brand_id.into()),
                    (Stores::StoreCode, store.input.store_code.clone().into()),
                    (Stores::Name, store.input.name.clone().into()),
                    (Stores::PhoneNumber, store.phone.clone().into()),
                    (Stores::HelpText, store.input.help_text.clone().into()),
                    (
                        Stores::QuietHoursStart,
                        store.input.quiet_hours_start.trim().into(),
                    ),
                    (
                        Stores::QuietHoursEnd,
                        store.input.quiet_hours_end.trim().into(),
                    ),
                ])
                .and_where(Expr::col(Stores::Id).eq(store_id))
                .to_owned(),
        )
        .await
        .map_err(|e| conflict_on_unique(e, "Store code"))?;
        if let Some(hours) = &store.hours {
            Self::replace_hours(&mut tx, store_id, hours).await?;
        }
        let after = Self::store_in_tx(&mut tx, enterprise_id, store_id).await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "UPDATE",
                "store",
                store_id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Deactivates a store (it leaves the store pickers; its history stays) or reactivates it.
    pub async fn set_store_active(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        store_id: i64,
        active: bool,
        now: DateTime<Utc>,
    ) -> Result<StoreRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.store(caller, enterprise_id, store_id).await?;
        if before.deactivated_at.is_none() == active {
            return Ok(before);
        }
        let deactivated_at = (!active).then_some(now);
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Stores::Table)
                .value(Stores::DeactivatedAt, deactivated_at)
                .and_where(Expr::col(Stores::Id).eq(store_id))
                .to_owned(),
        )
        .await?;
        let after = StoreRecord {
            deactivated_at,
            ..before.clone()
        };
        let action = if active { "ACTIVATE" } else { "DEACTIVATE" };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                action,
                "store",
                store_id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    pub(super) async fn store_in_tx(
        tx: &mut Transaction,
        enterprise_id: i64,
        store_id: i64,
    ) -> Result<StoreRecord> {
        let mut store: StoreRecord = tx
            .fetch_optional(
                Self::store_select()
                    .and_where(Expr::col((Stores::Table, Stores::EnterpriseId)).eq(enterprise_id))
                    .and_where(Expr::col((Stores::Table, Stores::Id)).eq(store_id)),
            )
            .await?
            .ok_or_else(|| Error::not_found("Store not found"))?;
        let rows: Vec<(i32, String, String)> = tx
            .fetch_all(
                Query::select()
                    .columns([
                        StoreOpeningHours::Weekday,
                        StoreOpeningHours::Opens,
                        StoreOpeningHours::Closes,
                    ])
                    .from(StoreOpeningHours::Table)
                    .and_where(Expr::col(StoreOpeningHours::StoreId).eq(store_id)),
            )
            .await?;
        store.opening_hours = week_of(rows.into_iter());
        Ok(store)
    }
}
