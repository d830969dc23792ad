//! Customers and their vehicles, and marks on customers, vehicles and leads.

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Func, LikeExpr, Order, Query, SelectStatement};

use super::schema::{Customers, FutureServiceInteractions as Fsi, Marks, ServiceVehicles};
use super::settings::SettingsStore;
use super::{Page, PageRequest, like_pattern};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::PhoneNumber;
use crate::domain::formats::{
    MAX_CODE_CHARS, MAX_EMAIL_CHARS, MAX_NAME_CHARS, parse_vin, too_long,
};
use crate::error::{Error, Result};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CustomerRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub custno: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub line_type: Option<String>,
    pub is_verified: bool,
    pub block_sms: bool,
    pub ai_enabled: bool,
    pub consent_source: Option<String>,
    pub consent_text: Option<String>,
    pub consent_at: Option<DateTime<Utc>>,
    pub opted_out_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VehicleRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vin: String,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub odometer: Option<i32>,
    pub minder: Option<String>,
    pub last_service_date: Option<NaiveDate>,
    pub no_longer_owned: bool,
}

/// A vehicle mileage record (VMR) update: what staff read off a customer's message.
#[derive(Debug, Clone, Default)]
pub struct VehicleMileage {
    pub miles: Option<i32>,
    /// The maintenance minder's code or oil life ("A1", "B12", "15%").
    pub minder: Option<String>,
    pub last_service_date: Option<NaiveDate>,
}

/// A customer to create; the phone is validated and stored as E.164.
#[derive(Debug, Clone)]
pub struct NewCustomer {
    pub store_id: i64,
    pub custno: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
}

/// A vehicle as a DMS describes it; make, model and year are needed only to add it.
#[derive(Debug, Clone, Default)]
pub struct NewVehicle {
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vin: String,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
}

/// A lead's vehicle as the inbound vehicle details give it.
#[derive(Debug, Clone, Default)]
pub struct LeadVehicle {
    pub vin: String,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
}

/// What a mark is put on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkTarget {
    Customer(i64),
    Vehicle(i64),
    Lead(i64),
}

impl MarkTarget {
    pub fn kind(self) -> &'static str {
        match self {
            Self::Customer(_) => "CUSTOMER",
            Self::Vehicle(_) => "SERVICE_VEHICLE",
            Self::Lead(_) => "FUTURE_SERVICE_INTERACTION",
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MarkRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub target_kind: String,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub fsi_id: Option<i64>,
    pub mark_code: String,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub use crate::domain::leads::check_mark_code;

#[derive(Debug, Clone)]
pub struct CustomerStore {
    db: Database,
}

impl CustomerStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// A customer inside the scope; elsewhere simply not found.
    pub async fn get(&self, scope: &Scope, id: i64) -> Result<CustomerRecord> {
        let mut query = customer_select();
        query.and_where(Expr::col((Customers::Table, Customers::Id)).eq(id));
        scope.restrict(&mut query, Customers::Table, true);
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Customer not found"))
    }

    /// The enterprise and dealer of a store inside the scope; elsewhere not found.
    async fn store_in_scope(&self, scope: &Scope, store_id: i64) -> Result<(i64, i64)> {
        let store = SettingsStore::new(self.db.clone())
            .store_in_scope(scope, store_id)
            .await?;
        Ok((store.enterprise_id, store.boc_id))
    }

    /// A customer from the dealer's DMS: the store's customer with that customer number, else
    /// with that mobile number; added from the DMS fields when neither is known. `true` when
    /// added.
    pub async fn find_or_add_dms_customer(
        &self,
        scope: &Scope,
        boc_id: i64,
        new: &NewCustomer,
    ) -> Result<(CustomerRecord, bool)> {
        let custno = new.custno.trim();
        let mobile = new
            .cellular
            .as_deref()
            .and_then(|raw| PhoneNumber::parse(raw).ok());
        let keys = [
            (!custno.is_empty()).then(|| (Customers::Custno, custno.to_owned())),
            mobile.map(|phone| (Customers::Cellular, phone.as_e164().to_owned())),
        ];
        for (column, value) in keys.into_iter().flatten() {
            let mut query = customer_select();
            scope.restrict(&mut query, Customers::Table, true);
            query
                .and_where(Expr::col((Customers::Table, Customers::StoreId)).eq(new.store_id))
                .and_where(Expr::col((Customers::Table, Customers::BocId)).eq(boc_id))
                .and_where(Expr::col((Customers::Table, column)).eq(value))
                .order_by((Customers::Table, Customers::Id), Order::Asc)
                .limit(1);
            if let Some(found) = self.db.fetch_optional(&query).await? {
                return Ok((found, false));
            }
        }
        Ok((self.create(scope, boc_id, new).await?, true))
    }

    /// A vehicle from the dealer's DMS: the enterprise's vehicle with that VIN (given to the
    /// customer when one is named), else added from the DMS fields. `true` when added.
    pub async fn find_or_add_dms_vehicle(
        &self,
        scope: &Scope,
        new: &NewVehicle,
    ) -> Result<(VehicleRecord, bool)> {
        let vin = parse_vin(&new.vin).map_err(Error::invalid)?;
        let (enterprise_id, _) = self.store_in_scope(scope, new.store_id).await?;
        if let Some(customer_id) = new.customer_id {
            self.get(scope, customer_id).await?;
        }
        let mut existing = vehicle_select();
        existing
            .and_where(Expr::col(ServiceVehicles::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(ServiceVehicles::Vin).eq(vin.as_str()));
        scope.restrict(&mut existing, ServiceVehicles::Table, false);
        if let Some(found) = self.db.fetch_optional::<VehicleRecord>(&existing).await? {
            if let Some(customer_id) = new.customer_id {
                self.attach_vehicle(found.id, customer_id).await?;
            }
            return Ok((self.vehicle(scope, found.id).await?, false));
        }
        let mut errors = Vec::new();
        let make = new.make.as_deref().map(str::trim).unwrap_or_default();
        let model = new.model.as_deref().map(str::trim).unwrap_or_default();
        if make.is_empty() {
            errors.push("make is required for a vehicle not yet known".to_owned());
        }
        if model.is_empty() {
            errors.push("model is required for a vehicle not yet known".to_owned());
        }
        let newest = chrono::Datelike::year(&Utc::now()) + 2;
        match new.year {
            Some(year) if (1950..=newest).contains(&year) => {}
            Some(year) => errors.push(format!("year {year} is not a model year")),
            None => errors.push("year is required for a vehicle not yet known".to_owned()),
        }
        if new.odometer.is_some_and(|miles| miles < 0) {
            errors.push("odometer cannot be negative".to_owned());
        }
        if !errors.is_empty() {
            return Err(Error::invalid_all(errors));
        }
        let now = Utc::now();
        let insert = Query::insert()
            .into_table(ServiceVehicles::Table)
            .columns([
                ServiceVehicles::EnterpriseId,
                ServiceVehicles::StoreId,
                ServiceVehicles::CustomerId,
                ServiceVehicles::Vin,
                ServiceVehicles::Make,
                ServiceVehicles::Model,
                ServiceVehicles::Year,
                ServiceVehicles::Odometer,
                ServiceVehicles::CreatedAt,
                ServiceVehicles::UpdatedAt,
            ])
            .values_panic([
                enterprise_id.into(),
                new.store_id.into(),
                new.customer_id.into(),
                vin.into(),
                make.into(),
                model.into(),
                new.year.into(),
                new.odometer.into(),
                now.into(),
                now.into(),
            ])
            .returning_col(ServiceVehicles::Id)
            .to_owned();
        let id: i64 = match self.db.fetch_scalar(&insert).await {
            Ok(id) => id,
            Err(Error::Database(error)) => {
                return Err(Error::from_unique_violation(error, "vin"));
            }
            Err(other) => return Err(other),
        };
        Ok((self.vehicle(scope, id).await?, true))
    }

    pub async fn create(
        &self,
        scope: &Scope,
        boc_id: i64,
        new: &NewCustomer,
    ) -> Result<CustomerRecord> {
        let (enterprise_id, store_boc) = self.store_in_scope(scope, new.store_id).await?;
        if store_boc != boc_id {
            return Err(Error::not_found("Store not found"));
        }
        let mut errors = Vec::new();
        if new.first_name.trim().is_empty() {
            errors.push("First name is required".to_owned());
        }
        if new.last_name.trim().is_empty() {
            errors.push("Last name is required".to_owned());
        }
        if new.custno.trim().is_empty() {
            errors.push("custno is required".to_owned());
        }
        errors.extend(
            [
                too_long("First name", &new.first_name, MAX_NAME_CHARS),
                too_long("Last name", &new.last_name, MAX_NAME_CHARS),
                too_long("custno", &new.custno, MAX_CODE_CHARS),
                too_long(
                    "E-mail",
                    new.email.as_deref().unwrap_or_default(),
                    MAX_EMAIL_CHARS,
                ),
            ]
            .into_iter()
            .flatten(),
        );
        let cellular = match new
            .cellular
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            None => None,
            Some(raw) => match PhoneNumber::parse(raw) {
                Ok(phone) => Some(phone.as_e164().to_owned()),
                Err(_) => {
                    errors.push("Invalid Number".to_owned());
                    None
                }
            },
        };
        let email = new
            .email
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty());
        if email.is_some_and(|e| !e.contains('@') || e.contains(char::is_whitespace)) {
            errors.push("Invalid e-mail address".to_owned());
        }
        if !errors.is_empty() {
            return Err(Error::invalid_all(errors));
        }
        let now = Utc::now();
        let insert = Query::insert()
            .into_table(Customers::Table)
            .columns([
                Customers::EnterpriseId,
                Customers::BocId,
                Customers::StoreId,
                Customers::Custno,
                Customers::FirstName,
                Customers::LastName,
                Customers::Cellular,
                Customers::Email,
                Customers::CreatedAt,
                Customers::UpdatedAt,
            ])
            .values_panic([
                enterprise_id.into(),
                boc_id.into(),
                new.store_id.into(),
                new.custno.trim().into(),
                new.first_name.trim().into(),
                new.last_name.trim().into(),
                cellular.into(),
                email.map(str::to_owned).into(),
                now.into(),
                now.into(),
            ])
            .returning_col(Customers::Id)
            .to_owned();
        let id: i64 = match self.db.fetch_scalar(&insert).await {
            Ok(id) => id,
            Err(Error::Database(error)) => {
                return Err(Error::from_unique_violation(error, "custno"));
            }
            Err(other) => return Err(other),
        };
        self.get(scope, id).await
    }

    /// The vehicle an inbound lead is about (I-C1: the customer told us, or staff looked it
    /// up): found by VIN in the enterprise or added, given to the lead's customer, and set on
    /// the lead. A lead outside the scope is not found; a bad VIN, or a new vehicle without
    /// make, model and model year, is 400 and changes nothing. `true` when the vehicle is new.
    pub async fn set_lead_vehicle(
        &self,
        scope: &Scope,
        lead_id: i64,
        vehicle: LeadVehicle,
    ) -> Result<(VehicleRecord, bool)> {
        if vehicle.odometer.is_some_and(|miles| miles < 0) {
            return Err(Error::invalid("odometer cannot be negative"));
        }
        let mut lead = Query::select();
        lead.columns([(Fsi::Table, Fsi::StoreId), (Fsi::Table, Fsi::CustomerId)])
            .from(Fsi::Table)
            .and_where(Expr::col((Fsi::Table, Fsi::Id)).eq(lead_id));
        scope.restrict(&mut lead, Fsi::Table, true);
        let (store_id, customer_id): (i64, i64) = self
            .db
            .fetch_optional(&lead)
            .await?
            .ok_or_else(|| Error::not_found("Lead not found"))?;
        let (found, created) = self
            .find_or_add_dms_vehicle(
                scope,
                &NewVehicle {
                    store_id,
                    customer_id: Some(customer_id),
                    vin: vehicle.vin,
                    make: vehicle.make,
                    model: vehicle.model,
                    year: vehicle.year,
                    odometer: vehicle.odometer,
                },
            )
            .await?;
        if let Some(miles) = vehicle.odometer.filter(|_| !created) {
            self.db
                .execute(
                    &Query::update()
                        .table(ServiceVehicles::Table)
                        .value(ServiceVehicles::Odometer, miles)
                        .value(ServiceVehicles::UpdatedAt, Utc::now())
                        .and_where(Expr::col(ServiceVehicles::Id).eq(found.id))
                        .to_owned(),
                )
                .await?;
        }
        self.db
            .execute(
                &Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::VehicleId, found.id)
                    .value(Fsi::Vin, found.vin.clone())
                    .value(Fsi::UpdatedAt, Utc::now())
                    .and_where(Expr::col(Fsi::Id).eq(lead_id))
                    .to_owned(),
            )
            .await?;
        Ok((self.vehicle(scope, found.id).await?, created))
    }

    /// Customers of a store, matching a name, number, e-mail or customer number.
    pub async fn search(
        &self,
        scope: &Scope,
        store_id: i64,
        text: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<CustomerRecord>> {
        let mut query = customer_select();
        scope.restrict(&mut query, Customers::Table, true);
        query.and_where(Expr::col((Customers::Table, Customers::StoreId)).eq(store_id));
        if let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) {
            let pattern = like_pattern(text)?;
            let like = |e: Expr| e.like(LikeExpr::new(pattern.clone()).escape('\\'));
            let concat = sea_query::BinOper::Custom("||");
            let name = Func::lower(
                Expr::col((Customers::Table, Customers::FirstName))
                    .binary(concat, Expr::val(" "))
                    .binary(concat, Expr::col((Customers::Table, Customers::LastName))),
            );
            let mut any = sea_query::Cond::any()
                .add(like(name.into()))
                .add(like(
                    Func::lower(Expr::col((Customers::Table, Customers::Email))).into(),
                ))
                .add(like(
                    Func::lower(Expr::col((Customers::Table, Customers::Custno))).into(),
                ));
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 {
                any = any.add(
                    Expr::col((Customers::Table, Customers::Cellular)).like(format!("%{digits}%")),
                );
            }
            query.cond_where(any);
        }
        let mut count = query.clone();
        count
            .clear_selects()
            .expr(Func::count(Expr::col((Customers::Table, Customers::Id))));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .order_by((Customers::Table, Customers::LastName), Order::Asc)
            .order_by((Customers::Table, Customers::Id), Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        Ok(Page::new(
            self.db.fetch_all(&query).await?,
            page,
            Ord::max(total, 0) as u64,
        ))
    }

    pub async fn set_verified(&self, id: i64, verified: bool) -> Result<()> {
        let update = Query::update()
            .table(Customers::Table)
            .value(Customers::IsVerified, verified)
            .value(Customers::UpdatedAt, Utc::now())
            .and_where(Expr::col(Customers::Id).eq(id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    pub async fn set_line_type(&self, id: i64, line_type: &str) -> Result<()> {
        let update = Query::update()
            .table(Customers::Table)
            .value(Customers::LineType, line_type)
            .value(Customers::UpdatedAt, Utc::now())
            .and_where(Expr::col(Customers::Id).eq(id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    /// The store's customers with a mobile number, added in `[from, until)` when given, oldest
    /// first: the ones a line-type refresh looks up.
    pub async fn with_mobile_numbers(
        &self,
        store_id: i64,
        from: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) -> Result<Vec<(i64, String)>> {
        let mut query = Query::select();
        query
            .columns([Customers::Id, Customers::Cellular])
            .from(Customers::Table)
            .and_where(Expr::col(Customers::StoreId).eq(store_id))
            .and_where(Expr::col(Customers::Cellular).is_not_null())
            .order_by(Customers::Id, Order::Asc);
        if let Some(from) = from {
            query.and_where(Expr::col(Customers::CreatedAt).gte(from));
        }
        if let Some(until) = until {
            query.and_where(Expr::col(Customers::CreatedAt).lt(until));
        }
        self.db.fetch_all(&query).await
    }

    /// Writes a VMR update. The odometer's update time dates the reading planners use.
    pub async fn update_vehicle_mileage(
        &self,
        vehicle_id: i64,
        update: &VehicleMileage,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut query = Query::update();
        query
            .table(ServiceVehicles::Table)
            .value(ServiceVehicles::UpdatedAt, now)
            .and_where(Expr::col(ServiceVehicles::Id).eq(vehicle_id));
        if let Some(miles) = update.miles {
            query.value(ServiceVehicles::Odometer, miles);
        }
        if let Some(minder) = &update.minder {
            query.value(ServiceVehicles::Minder, minder.clone());
        }
        if let Some(day) = update.last_service_date {
            query.value(ServiceVehicles::LastServiceDate, day);
        }
        self.db.execute(&query).await?;
        Ok(())
    }

    pub async fn vehicles(&self, customer_id: i64) -> Result<Vec<VehicleRecord>> {
        let mut query = vehicle_select();
        query
            .and_where(Expr::col(ServiceVehicles::CustomerId).eq(customer_id))
            .order_by(ServiceVehicles::Id, Order::Asc);
        self.db.fetch_all(&query).await
    }

    pub async fn vehicle(&self, scope: &Scope, id: i64) -> Result<VehicleRecord> {
        let mut query = vehicle_select();
        query.and_where(Expr::col((ServiceVehicles::Table, ServiceVehicles::Id)).eq(id));
        scope.restrict(&mut query, ServiceVehicles::Table, false);
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Vehicle not found"))
    }

    /// Makes the customer the vehicle's owner.
    pub async fn attach_vehicle(&self, vehicle_id: i64, customer_id: i64) -> Result<()> {
        let update = Query::update()
            .table(ServiceVehicles::Table)
            .value(ServiceVehicles::CustomerId, customer_id)
            .value(ServiceVehicles::NoLongerOwned, false)
            .value(ServiceVehicles::UpdatedAt, Utc::now())
            .and_where(Expr::col(ServiceVehicles::Id).eq(vehicle_id))
            .to_owned();
        self.db.execute(&update).await?;
        Ok(())
    }

    pub async fn add_mark(
        &self,
        enterprise_id: i64,
        target: MarkTarget,
        code: &str,
        note: Option<&str>,
        // None: the assistant marked it, from what the customer wrote.
        created_by: Option<i64>,
    ) -> Result<MarkRecord> {
        check_mark_code(code)?;
        let (customer, vehicle, lead) = match target {
            MarkTarget::Customer(id) => (Some(id), None, None),
            MarkTarget::Vehicle(id) => (None, Some(id), None),
            MarkTarget::Lead(id) => (None, None, Some(id)),
        };
        let insert = Query::insert()
            .into_table(Marks::Table)
            .columns([
                Marks::EnterpriseId,
                Marks::TargetKind,
                Marks::CustomerId,
                Marks::VehicleId,
                Marks::FsiId,
                Marks::MarkCode,
                Marks::Note,
                Marks::CreatedBy,
                Marks::CreatedAt,
            ])
            .values_panic([
                enterprise_id.into(),
                target.kind().into(),
                customer.into(),
                vehicle.into(),
                lead.into(),
                code.into(),
                note.map(str::to_owned).into(),
                created_by.into(),
                Utc::now().into(),
            ])
            .returning_col(Marks::Id)
            .to_owned();
        let id: i64 = self.db.fetch_scalar(&insert).await?;
        self.mark(enterprise_id, id).await
    }

    pub async fn mark(&self, enterprise_id: i64, id: i64) -> Result<MarkRecord> {
        let query = Query::select()
            .columns([
                Marks::Id,
                Marks::EnterpriseId,
                Marks::TargetKind,
                Marks::CustomerId,
                Marks::VehicleId,
                Marks::FsiId,
                Marks::MarkCode,
                Marks::Note,
                Marks::CreatedAt,
            ])
            .from(Marks::Table)
            .and_where(Expr::col(Marks::Id).eq(id))
            .and_where(Expr::col(Marks::EnterpriseId).eq(enterprise_id))
            .to_owned();
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Mark not found"))
    }

    /// The customer's newest mark with this code.
    pub async fn customer_mark(&self, customer_id: i64, code: &str) -> Result<Option<MarkRecord>> {
        let query = Query::select()
            .columns([
                Marks::Id,
                Marks::EnterpriseId,
                Marks::TargetKind,
                Marks::CustomerId,
                Marks::VehicleId,
                Marks::FsiId,
                Marks::MarkCode,
                Marks::Note,
                Marks::CreatedAt,
            ])
            .from(Marks::Table)
            .and_where(Expr::col(Marks::CustomerId).eq(customer_id))
            .and_where(Expr::col(Marks::MarkCode).eq(code))
            .order_by(Marks::Id, Order::Desc)
            .limit(1)
            .to_owned();
        self.db.fetch_optional(&query).await
    }

    pub async fn delete_mark(&self, id: i64) -> Result<()> {
        let delete = Query::delete()
            .from_table(Marks::Table)
            .and_where(Expr::col(Marks::Id).eq(id))
            .to_owned();
        self.db.execute(&delete).await?;
        Ok(())
    }
}

fn customer_select() -> SelectStatement {
    Query::select()
        .columns(
            [
                Customers::Id,
                Customers::EnterpriseId,
                Customers::BocId,
                Customers::StoreId,
                Customers::Custno,
                Customers::FirstName,
                Customers::LastName,
                Customers::Cellular,
                Customers::Email,
                Customers::LineType,
                Customers::IsVerified,
                Customers::BlockSms,
                Customers::AiEnabled,
                Customers::ConsentSource,
                Customers::ConsentText,
                Customers::ConsentAt,
                Customers::OptedOutAt,
                Customers::CreatedAt,
            ]
            .map(|c| (Customers::Table, c)),
        )
        .from(Customers::Table)
        .to_owned()
}

fn vehicle_select() -> SelectStatement {
    Query::select()
        .columns(
            [
                ServiceVehicles::Id,
                ServiceVehicles::EnterpriseId,
                ServiceVehicles::StoreId,
                ServiceVehicles::CustomerId,
                ServiceVehicles::Vin,
                ServiceVehicles::Make,
                ServiceVehicles::Model,
                ServiceVehicles::Year,
                ServiceVehicles::Odometer,
                ServiceVehicles::Minder,
                ServiceVehicles::LastServiceDate,
                ServiceVehicles::NoLongerOwned,
            ]
            .map(|c| (ServiceVehicles::Table, c)),
        )
        .from(ServiceVehicles::Table)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::check_mark_code;

    #[test]
    fn mark_codes_are_upper_case_words() {
        assert!(check_mark_code("SMS_OPT_OUT").is_ok());
        assert!(check_mark_code("NO_LONGER_OWN").is_ok());
        assert!(check_mark_code("sms_opt_out").is_err());
        assert!(check_mark_code("_X").is_err());
        assert!(check_mark_code("DROP TABLE").is_err());
    }
}
