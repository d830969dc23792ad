//! Planner runs over the database: a store's vehicles are read a batch at a time (never all at
//! once), judged by `planner::model`, and the candidates either returned (preview) or written
//! as leads (transfer), with an audit of each transfer.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde::Serialize;
use serde_json::Value as Json;

use super::leads::NewLead;
use super::schema::{
    Customers, CvLeadBatchVehicles, FutureServiceInteractions as Fsi, Offices, PlannerAudits,
    PlannerDefinitions as Defs, RepairOrderLines, RepairOrders, Sales, ServiceVehicles as Vehicles,
    Stores,
};
use super::{Page, PageRequest};
use crate::auth::StoreFilter;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::planner::PlannerTransferInput;
use crate::planner::model::{
    DayRange, Exclusion, OdometerReading, Planner, RateBasis, Sale, VehicleFacts, Visit, Window,
    evaluate,
};

/// Vehicles read per batch: bounds memory whatever the store's size.
pub const BATCH_VEHICLES: u64 = 1_000;

/// What to plan: the planner, the stores (already checked against the caller's scope) and
/// the window.
#[derive(Debug, Clone)]
pub struct PlannerRequest {
    pub planner: Planner,
    pub enterprise_id: i64,
    pub store_ids: Vec<i64>,
    pub planner_date: NaiveDate,
    pub days: DayRange,
    /// Only this customer's vehicles (`cust_no`).
    pub customer_number: Option<String>,
    /// Only vehicles sold that day (`soldDate`).
    pub sold_on: Option<NaiveDate>,
    /// Replace this planner's earlier, never-contacted leads for the same vehicle and service.
    pub hard_run: bool,
    /// Only the vehicles of this customer-vehicle batch.
    pub vehicle_batch: Option<i64>,
}

impl PlannerRequest {
    /// What a transfer run plans, on the day it plans for.
    pub fn of_transfer(
        input: &PlannerTransferInput,
        enterprise_id: i64,
        planner_date: NaiveDate,
    ) -> Self {
        Self {
            planner: input.planner,
            enterprise_id,
            store_ids: input.store_ids.clone(),
            planner_date,
            days: input.days,
            customer_number: input.customer_number.clone(),
            sold_on: input.sold_on,
            hard_run: input.hard_run,
            vehicle_batch: input.vehicle_batch,
        }
    }

    pub fn window(&self) -> Result<Window> {
        self.days.window(self.planner_date)
    }
}

/// A vehicle due inside the window: a lead to be.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub customer_id: i64,
    pub vehicle_id: i64,
    pub custno: String,
    pub first_name: String,
    pub last_name: String,
    pub cellular: Option<String>,
    /// Opted out of texts: the lead is still made, but nobody will text it.
    pub opted_out: bool,
    pub vin: String,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub service_type: String,
    pub due_date: NaiveDate,
    /// The time limit decided the due date (else the mileage).
    pub due_by_time: bool,
    pub estimated_miles: Option<i32>,
    pub miles_per_day: f64,
    /// HISTORY, SINCE_DELIVERY or DEFAULT.
    pub mileage_basis: &'static str,
    /// The earlier planner lead a hard run replaces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaces_lead_id: Option<i64>,
    /// The lead was written by an earlier attempt of this same run (its worker died after):
    /// it counts as created, and is not written again.
    #[serde(skip)]
    pub created_earlier: bool,
}

/// One batch of a scan.
#[derive(Debug, Default)]
pub struct Batch {
    /// Vehicles read in this batch.
    pub scanned: u64,
    pub candidates: Vec<Candidate>,
    /// Vehicles left out, by reason.
    pub excluded: BTreeMap<&'static str, u64>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct VehicleRow {
    id: i64,
    enterprise_id: i64,
    store_id: i64,
    customer_id: Option<i64>,
    vin: String,
    make: String,
    model: String,
    year: i32,
    odometer: Option<i32>,
    in_service_date: Option<NaiveDate>,
    no_longer_owned: bool,
    updated_at: DateTime<Utc>,
}

#[derive(Debug, sqlx::FromRow)]
struct SaleRow {
    vehicle_id: i64,
    deal_type: String,
    sold_date: NaiveDate,
}

#[derive(Debug, sqlx::FromRow)]
struct VisitRow {
    id: i64,
    vehicle_id: i64,
    status_code: String,
    open_date: NaiveDate,
    closed_date: Option<NaiveDate>,
    mileage_in: Option<i32>,
    mileage_out: Option<i32>,
}

#[derive(Debug, sqlx::FromRow)]
struct CustomerRow {
    id: i64,
    custno: String,
    first_name: String,
    last_name: String,
    cellular: Option<String>,
    block_sms: bool,
}

#[derive(Debug, sqlx::FromRow)]
struct ExistingLead {
    id: i64,
    vehicle_id: i64,
    service_type: String,
    planned_date: Option<NaiveDate>,
    conversation_initiated: bool,
    conversation_closed: bool,
    planner_name: Option<String>,
    job_run_id: Option<i64>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct StoreRow {
    id: i64,
    boc_id: i64,
    state: Option<String>,
}

/// Walks the request's stores a batch of vehicles at a time.
pub struct PlannerScan {
    db: Database,
    request: PlannerRequest,
    window: Window,
    stores: Vec<StoreRow>,
    /// Which store, and the last vehicle id read in it.
    position: (usize, i64),
    customer_ids: Option<Vec<i64>>,
    /// The transfer run the scan writes for, if any.
    run_id: Option<i64>,
}

impl PlannerScan {
    /// The next batch, or `None` when every store is done.
    pub async fn next_batch(&mut self) -> Result<Option<Batch>> {
        loop {
            let Some(store) = self.stores.get(self.position.0).cloned() else {
                return Ok(None);
            };
            let mut query = Query::select();
            query
                .columns([
                    Vehicles::Id,
                    Vehicles::EnterpriseId,
                    Vehicles::StoreId,
                    Vehicles::CustomerId,
                    Vehicles::Vin,
                    Vehicles::Make,
                    Vehicles::Model,
                    Vehicles::Year,
                    Vehicles::Odometer,
                    Vehicles::InServiceDate,
                    Vehicles::NoLongerOwned,
                    Vehicles::UpdatedAt,
                ])
                .from(Vehicles::Table)
                .and_where(Expr::col(Vehicles::StoreId).eq(store.id))
                .and_where(Expr::col(Vehicles::Id).gt(self.position.1))
                .order_by(Vehicles::Id, Order::Asc)
                .limit(BATCH_VEHICLES);
            if let Some(customers) = &self.customer_ids {
                query.and_where(Expr::col(Vehicles::CustomerId).is_in(customers.clone()));
            }
            if let Some(batch) = self.request.vehicle_batch {
                query.and_where(
                    Expr::col(Vehicles::Id).in_subquery(
                        Query::select()
                            .column(CvLeadBatchVehicles::VehicleId)
                            .from(CvLeadBatchVehicles::Table)
                            .and_where(Expr::col(CvLeadBatchVehicles::BatchId).eq(batch))
                            .to_owned(),
                    ),
                );
            }
            let vehicles: Vec<VehicleRow> = self.db.fetch_all(&query).await?;
            match vehicles.last() {
                Some(last) => self.position.1 = last.id,
                None => {
                    self.position = (self.position.0 + 1, 0);
                    continue;
                }
            }
            return self.judge(&store, vehicles).await.map(Some);
        }
    }

    async fn judge(&self, store: &StoreRow, vehicles: Vec<VehicleRow>) -> Result<Batch> {
        let ids: Vec<i64> = vehicles.iter().map(|v| v.id).collect();
        // Independent reads: run together, on as many pooled connections.
        let virtual_records = super::virtual_records::VirtualRecordStore::new(self.db.clone());
        let (sales, mut visits, customers, existing, (mut services, mut readings)) = tokio::try_join!(
            self.latest_sales(&ids),
            self.visits(&ids),
            self.customers(&vehicles),
            self.existing_leads(&ids),
            virtual_records.of_vehicles(&ids),
        )?;
        let mut batch = Batch {
            scanned: vehicles.len() as u64,
            ..Batch::default()
        };
        let mut exclude = |reason: &'static str| *batch.excluded.entry(reason).or_default() += 1;
        for vehicle in vehicles {
            let sale = sales.get(&vehicle.id).map(|s| Sale {
                on: s.sold_date,
                deal_type: s.deal_type.clone(),
            });
            if let Some(day) = self.request.sold_on
                && sale.as_ref().map(|s| s.on) != Some(day)
            {
                exclude("NOT_SOLD_THAT_DAY");
                continue;
            }
            let facts = VehicleFacts {
                make: vehicle.make.clone(),
                model: vehicle.model.clone(),
                year: vehicle.year,
                in_service: vehicle.in_service_date,
                sale,
                odometer: vehicle.odometer.map(|miles| OdometerReading {
                    on: vehicle.updated_at.date_naive(),
                    miles,
                }),
                // A service staff recorded counts as a closed visit of its day.
                visits: visits
                    .remove(&vehicle.id)
                    .unwrap_or_default()
                    .into_iter()
                    .chain(
                        services
                            .remove(&vehicle.id)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|(on, miles)| Visit {
                                on,
                                miles,
                                closed: true,
                                op_codes: Vec::new(),
                            }),
                    )
                    .collect(),
                readings: readings
                    .remove(&vehicle.id)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(on, miles)| OdometerReading { on, miles })
                    .collect(),
                no_longer_owned: vehicle.no_longer_owned,
                state: store.state.clone(),
            };
            let due = match evaluate(self.request.planner, &facts, self.window) {
                Ok(due) => due,
                Err(reason) => {
                    exclude(exclusion_code(reason));
                    continue;
                }
            };
            let Some(customer) = vehicle.customer_id.and_then(|id| customers.get(&id)) else {
                exclude("NO_CUSTOMER");
                continue;
            };
            let service_type = self.request.planner.service_type(&facts);
            let leads: Vec<&ExistingLead> = existing
                .iter()
                .filter(|l| l.vehicle_id == vehicle.id && l.service_type == service_type)
                .collect();
            // This run's own lead, from an attempt whose worker died: created by this run.
            let created_earlier =
                self.run_id.is_some() && leads.iter().any(|l| l.job_run_id == self.run_id);
            // A hard run replaces this planner's own never-contacted lead; any other open lead,
            // or one for this very due date, means the vehicle already has its lead.
            let replaceable = leads.iter().copied().find(|l| {
                !l.conversation_initiated
                    && l.planner_name.as_deref() == Some(self.request.planner.name().as_str())
            });
            let mut replaces = None;
            match replaceable {
                _ if created_earlier => {}
                Some(lead)
                    if self.request.hard_run
                        && !leads
                            .iter()
                            .any(|l| l.id != lead.id && !l.conversation_closed) =>
                {
                    replaces = Some(lead.id);
                }
                _ => {
                    if leads
                        .iter()
                        .any(|l| l.planned_date == Some(due.on) || !l.conversation_closed)
                    {
                        exclude("LEAD_EXISTS");
                        continue;
                    }
                }
            }
            batch.candidates.push(Candidate {
                enterprise_id: vehicle.enterprise_id,
                boc_id: store.boc_id,
                store_id: vehicle.store_id,
                customer_id: customer.id,
                vehicle_id: vehicle.id,
                custno: customer.custno.clone(),
                first_name: customer.first_name.clone(),
                last_name: customer.last_name.clone(),
                cellular: customer.cellular.clone(),
                opted_out: customer.block_sms,
                vin: vehicle.vin,
                make: vehicle.make,
                model: vehicle.model,
                year: vehicle.year,
                service_type,
                due_date: due.on,
                due_by_time: due.by_time,
                estimated_miles: due.estimated_miles,
                miles_per_day: (due.rate.miles_per_day * 10.0).round() / 10.0,
                mileage_basis: match due.rate.basis {
                    RateBasis::History => "HISTORY",
                    RateBasis::SinceDelivery => "SINCE_DELIVERY",
                    RateBasis::Default => "DEFAULT",
                },
                replaces_lead_id: replaces,
                created_earlier,
            });
        }
        Ok(batch)
    }

    /// The latest sale of each vehicle.
    async fn latest_sales(&self, ids: &[i64]) -> Result<HashMap<i64, SaleRow>> {
        let query = Query::select()
            .columns([Sales::VehicleId, Sales::DealType, Sales::SoldDate])
            .from(Sales::Table)
            .and_where(Expr::col(Sales::VehicleId).is_in(ids.to_vec()))
            .order_by(Sales::SoldDate, Order::Asc)
            .order_by(Sales::Id, Order::Asc)
            .to_owned();
        let rows: Vec<SaleRow> = self.db.fetch_all(&query).await?;
        Ok(rows.into_iter().map(|s| (s.vehicle_id, s)).collect())
    }

    /// Each vehicle's repair orders, with op codes when the planner reads them.
    async fn visits(&self, ids: &[i64]) -> Result<HashMap<i64, Vec<Visit>>> {
        let query = Query::select()
            .columns([
                RepairOrders::Id,
                RepairOrders::VehicleId,
                RepairOrders::StatusCode,
                RepairOrders::OpenDate,
                RepairOrders::ClosedDate,
                RepairOrders::MileageIn,
                RepairOrders::MileageOut,
            ])
            .from(RepairOrders::Table)
            .and_where(Expr::col(RepairOrders::VehicleId).is_in(ids.to_vec()))
            .to_owned();
        let rows: Vec<VisitRow> = self.db.fetch_all(&query).await?;
        let mut op_codes: HashMap<i64, Vec<String>> = HashMap::new();
        if self.request.planner == Planner::StateInspection && !rows.is_empty() {
            let lines = Query::select()
                .columns([RepairOrderLines::RepairOrderId, RepairOrderLines::OpCode])
                .from(RepairOrderLines::Table)
                .and_where(
                    Expr::col(RepairOrderLines::RepairOrderId)
                        .is_in(rows.iter().map(|r| r.id).collect::<Vec<_>>()),
                )
                .and_where(Expr::col(RepairOrderLines::Declined).eq(false))
                .to_owned();
            let lines: Vec<(i64, String)> = self.db.fetch_all(&lines).await?;
            for (order, code) in lines {
                op_codes.entry(order).or_default().push(code);
            }
        }
        let mut visits: HashMap<i64, Vec<Visit>> = HashMap::new();
        for row in rows {
            let closed = row.status_code == "CLOSED";
            visits.entry(row.vehicle_id).or_default().push(Visit {
                on: if closed {
                    row.closed_date.unwrap_or(row.open_date)
                } else {
                    row.open_date
                },
                miles: row.mileage_out.or(row.mileage_in),
                closed,
                op_codes: op_codes.remove(&row.id).unwrap_or_default(),
            });
        }
        Ok(visits)
    }

    async fn customers(&self, vehicles: &[VehicleRow]) -> Result<HashMap<i64, CustomerRow>> {
        let ids: HashSet<i64> = vehicles.iter().filter_map(|v| v.customer_id).collect();
        let query = Query::select()
            .columns([
                Customers::Id,
                Customers::Custno,
                Customers::FirstName,
                Customers::LastName,
                Customers::Cellular,
                Customers::BlockSms,
            ])
            .from(Customers::Table)
            .and_where(Expr::col(Customers::Id).is_in(ids))
            .to_owned();
        let rows: Vec<CustomerRow> = self.db.fetch_all(&query).await?;
        Ok(rows.into_iter().map(|c| (c.id, c)).collect())
    }

    /// Leads the vehicles already have (archived ones do not count).
    async fn existing_leads(&self, ids: &[i64]) -> Result<Vec<ExistingLead>> {
        let query = Query::select()
            .columns([
                Fsi::Id,
                Fsi::VehicleId,
                Fsi::ServiceType,
                Fsi::PlannedDate,
                Fsi::ConversationInitiated,
                Fsi::ConversationClosed,
                Fsi::PlannerName,
                Fsi::JobRunId,
            ])
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::VehicleId).is_in(ids.to_vec()))
            .and_where(Expr::col(Fsi::Archived).eq(false))
            .to_owned();
        self.db.fetch_all(&query).await
    }
}

fn exclusion_code(reason: Exclusion) -> &'static str {
    match reason {
        Exclusion::NotApplicable => "NOT_APPLICABLE",
        Exclusion::NoLongerOwned => "NO_LONGER_OWNED",
        Exclusion::NotDue => "NOT_DUE",
        Exclusion::AlreadyServiced => "ALREADY_SERVICED",
    }
}

/// What a transfer has done so far.
#[derive(Debug, Clone, Default)]
pub struct TransferTotals {
    /// Vehicles judged.
    pub scanned: i64,
    pub candidates: i64,
    pub created: i64,
    pub replaced: i64,
    /// Vehicles left out, by reason.
    pub excluded: BTreeMap<&'static str, i64>,
    /// Leads created per store and service type.
    pub created_by_store: BTreeMap<String, BTreeMap<String, i64>>,
}

impl TransferTotals {
    pub fn skipped(&self) -> i64 {
        self.excluded.values().sum()
    }
}

/// A transfer under way: each step judges a batch of vehicles and writes its leads.
pub struct Transfer {
    store: PlannerStore,
    planner: Planner,
    run_id: Option<i64>,
    scan: PlannerScan,
    totals: TransferTotals,
}

impl Transfer {
    /// Judges the next batch and writes its leads; false once every vehicle is judged.
    pub async fn step(&mut self, now: DateTime<Utc>) -> Result<bool> {
        let Some(batch) = self.scan.next_batch().await? else {
            return Ok(false);
        };
        let totals = &mut self.totals;
        totals.scanned += batch.scanned as i64;
        totals.candidates += batch.candidates.len() as i64;
        for c in &batch.candidates {
            totals.replaced += i64::from(c.replaces_lead_id.is_some());
            totals.created += i64::from(c.created_earlier);
            *totals
                .created_by_store
                .entry(c.store_id.to_string())
                .or_default()
                .entry(c.service_type.clone())
                .or_default() += 1;
        }
        for (reason, n) in batch.excluded {
            *totals.excluded.entry(reason).or_default() += n as i64;
        }
        totals.created += self
            .store
            .create_leads(self.planner, self.run_id, &batch.candidates, now)
            .await? as i64;
        Ok(true)
    }

    pub fn totals(&self) -> &TransferTotals {
        &self.totals
    }
}

/// A transfer's audit (spec "predictive-planner-audit").
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PlannerAudit {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub planner_name: String,
    pub service_type: String,
    pub planner_date: NaiveDate,
    /// The request, and the counts by store and service type.
    pub parameters: Option<Json>,
    pub candidate_count: i32,
    pub created_count: i32,
    pub skipped_count: i32,
    pub job_run_id: Option<i64>,
    pub started_by: Option<i64>,
    pub created_at: DateTime<Utc>,
}

pub struct NewPlannerAudit<'a> {
    pub request: &'a PlannerRequest,
    pub service_type: String,
    pub parameters: Json,
    pub candidates: i64,
    pub created: i64,
    pub skipped: i64,
    pub job_run_id: Option<i64>,
    pub started_by: Option<i64>,
}

/// The columns of a [`PlannerAudit`].
const AUDIT_COLUMNS: [PlannerAudits; 13] = [
    PlannerAudits::Id,
    PlannerAudits::EnterpriseId,
    PlannerAudits::StoreId,
    PlannerAudits::PlannerName,
    PlannerAudits::ServiceType,
    PlannerAudits::PlannerDate,
    PlannerAudits::Parameters,
    PlannerAudits::CandidateCount,
    PlannerAudits::CreatedCount,
    PlannerAudits::SkippedCount,
    PlannerAudits::JobRunId,
    PlannerAudits::StartedBy,
    PlannerAudits::CreatedAt,
];

/// Which audits to list.
#[derive(Debug, Clone, Default)]
pub struct AuditSearch {
    pub planner_name: Option<String>,
    pub stores: StoreFilter,
    pub from: Option<NaiveDate>,
    pub until: Option<NaiveDate>,
}

/// A planner set up for a store: its window, and optionally a schedule that runs it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PlannerDefinition {
    pub id: i64,
    pub enterprise_id: i64,
    pub store_id: Option<i64>,
    pub name: String,
    /// The planner's name (5K, 30-day, …).
    pub planner: Option<String>,
    pub service_type: String,
    pub min_days: i32,
    pub max_days: i32,
    pub is_enabled: bool,
    pub schedule_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A definition's fields as written.
#[derive(Debug, Clone)]
pub struct DefinitionFields {
    pub store_id: i64,
    pub name: String,
    pub planner: Planner,
    pub days: DayRange,
    pub is_enabled: bool,
}

impl DefinitionFields {
    /// Checks every field at once; every problem is listed in the spec's error shape.
    pub fn new(
        store_id: i64,
        name: String,
        planner: Planner,
        min_days: Option<i64>,
        max_days: Option<i64>,
        is_enabled: bool,
    ) -> Result<Self> {
        let mut problems = Vec::new();
        let trimmed = name.trim();
        if trimmed.is_empty() || trimmed.chars().count() > 100 {
            problems.push("name must have 1 to 100 characters".to_owned());
        }
        let days = DayRange::new(min_days, max_days);
        match days {
            Ok(days) if problems.is_empty() => Ok(Self {
                store_id,
                name,
                planner,
                days,
                is_enabled,
            }),
            Ok(_) => Err(Error::invalid_all(problems)),
            Err(Error::Validation { errors, .. }) => {
                problems.extend(errors);
                Err(Error::invalid_all(problems))
            }
            Err(other) => Err(other),
        }
    }
}

#[derive(Debug, Clone)]
pub struct PlannerStore {
    db: Database,
}

impl PlannerStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Starts walking the request's stores.
    pub async fn scan(&self, request: &PlannerRequest) -> Result<PlannerScan> {
        let window = request.window()?;
        let stores: Vec<StoreRow> = self
            .db
            .fetch_all(
                &Query::select()
                    .column((Stores::Table, Stores::Id))
                    .column((Stores::Table, Stores::BocId))
                    .column((Offices::Table, Offices::State))
                    .from(Stores::Table)
                    .left_join(
                        Offices::Table,
                        Expr::col((Offices::Table, Offices::Id))
                            .equals((Stores::Table, Stores::OfficeId)),
                    )
                    .and_where(
                        Expr::col((Stores::Table, Stores::EnterpriseId)).eq(request.enterprise_id),
                    )
                    .and_where(
                        Expr::col((Stores::Table, Stores::Id)).is_in(request.store_ids.clone()),
                    )
                    .order_by((Stores::Table, Stores::Id), Order::Asc)
                    .to_owned(),
            )
            .await?;
        let customer_ids = match request.customer_number.as_deref().map(str::trim) {
            Some(number) if !number.is_empty() => {
                let ids: Vec<(i64,)> = self
                    .db
                    .fetch_all(
                        &Query::select()
                            .column(Customers::Id)
                            .from(Customers::Table)
                            .and_where(Expr::col(Customers::EnterpriseId).eq(request.enterprise_id))
                            .and_where(
                                Expr::col(Customers::StoreId).is_in(request.store_ids.clone()),
                            )
                            .and_where(Expr::col(Customers::Custno).eq(number))
                            .to_owned(),
                    )
                    .await?;
                Some(ids.into_iter().map(|(id,)| id).collect())
            }
            _ => None,
        };
        Ok(PlannerScan {
            db: self.db.clone(),
            request: request.clone(),
            window,
            stores,
            position: (0, 0),
            customer_ids,
            run_id: None,
        })
    }

    /// Starts a transfer, for job run `run_id` when a job runs it: [`Transfer::step`] until it
    /// answers false. The leads it writes carry the run, so a run resumed after a crash counts
    /// the leads its earlier attempt wrote as its own.
    pub async fn transfer(
        &self,
        request: &PlannerRequest,
        run_id: Option<i64>,
    ) -> Result<Transfer> {
        let mut scan = self.scan(request).await?;
        scan.run_id = run_id;
        Ok(Transfer {
            store: self.clone(),
            planner: request.planner,
            run_id,
            scan,
            totals: TransferTotals::default(),
        })
    }

    /// How many vehicles a scan reads (for progress).
    pub async fn vehicle_count(&self, request: &PlannerRequest) -> Result<i64> {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(sea_query::Asterisk).count())
                    .from(Vehicles::Table)
                    .and_where(Expr::col(Vehicles::EnterpriseId).eq(request.enterprise_id))
                    .and_where(Expr::col(Vehicles::StoreId).is_in(request.store_ids.clone()))
                    .to_owned(),
            )
            .await
    }

    /// One page of the candidates, without writing anything. The whole scope is judged (the
    /// total is exact); only the page is kept.
    pub async fn preview(
        &self,
        request: &PlannerRequest,
        page: PageRequest,
    ) -> Result<Page<Candidate>> {
        let mut scan = self.scan(request).await?;
        let mut total = 0u64;
        let mut content = Vec::new();
        let skip = page.offset();
        while let Some(batch) = scan.next_batch().await? {
            for candidate in batch.candidates {
                if total >= skip && (content.len() as u64) < page.size {
                    content.push(candidate);
                }
                total += 1;
            }
        }
        Ok(Page::new(content, page, total))
    }

    /// Writes a batch of candidates as leads of run `run_id` in one transaction: a hard run's
    /// replaced leads are archived first; leads an earlier attempt wrote are not written again.
    /// Returns how many leads were created.
    pub async fn create_leads(
        &self,
        planner: Planner,
        run_id: Option<i64>,
        candidates: &[Candidate],
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let candidates: Vec<&Candidate> =
            candidates.iter().filter(|c| !c.created_earlier).collect();
        if candidates.is_empty() {
            return Ok(0);
        }
        let mut tx = self.db.begin().await?;
        let replaced: Vec<i64> = candidates
            .iter()
            .filter_map(|c| c.replaces_lead_id)
            .collect();
        if !replaced.is_empty() {
            tx.execute(
                &Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::Archived, true)
                    .value(Fsi::UpdatedAt, now)
                    .and_where(Expr::col(Fsi::Id).is_in(replaced))
                    .and_where(Expr::col(Fsi::ConversationInitiated).eq(false))
                    .to_owned(),
            )
            .await?;
        }
        let source = planner.name();
        let leads: Vec<NewLead> = candidates
            .iter()
            .map(|c| NewLead {
                enterprise_id: c.enterprise_id,
                boc_id: c.boc_id,
                store_id: c.store_id,
                customer_id: c.customer_id,
                vehicle_id: Some(c.vehicle_id),
                vin: Some(&c.vin),
                service_type: &c.service_type,
                planned_date: c.due_date,
                estimated_due_date: c.due_date,
                source: &source,
                cag_lead_type: None,
                job_run_id: run_id,
            })
            .collect();
        let created = tx.execute(&NewLead::insert(&leads, now)).await?;
        tx.commit().await?;
        Ok(created)
    }

    pub async fn record_audit(
        &self,
        audit: &NewPlannerAudit<'_>,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let store = match audit.request.store_ids.as_slice() {
            [only] => Some(*only),
            _ => None,
        };
        let clamp = |n: i64| i32::try_from(n).unwrap_or(i32::MAX);
        self.db
            .fetch_scalar(
                &Query::insert()
                    .into_table(PlannerAudits::Table)
                    .columns([
                        PlannerAudits::EnterpriseId,
                        PlannerAudits::StoreId,
                        PlannerAudits::PlannerName,
                        PlannerAudits::ServiceType,
                        PlannerAudits::PlannerDate,
                        PlannerAudits::Parameters,
                        PlannerAudits::CandidateCount,
                        PlannerAudits::CreatedCount,
                        PlannerAudits::SkippedCount,
                        PlannerAudits::JobRunId,
                        PlannerAudits::StartedBy,
                        PlannerAudits::CreatedAt,
                    ])
                    .values_panic([
                        audit.request.enterprise_id.into(),
                        store.into(),
                        audit.request.planner.name().into(),
                        audit.service_type.clone().into(),
                        audit.request.planner_date.into(),
                        audit.parameters.clone().into(),
                        clamp(audit.candidates).into(),
                        clamp(audit.created).into(),
                        clamp(audit.skipped).into(),
                        audit.job_run_id.into(),
                        audit.started_by.into(),
                        now.into(),
                    ])
                    .returning_col(PlannerAudits::Id)
                    .to_owned(),
            )
            .await
    }

    /// Audits of an enterprise, newest first.
    pub async fn audits(
        &self,
        enterprise_id: i64,
        search: &AuditSearch,
        page: PageRequest,
    ) -> Result<Page<PlannerAudit>> {
        let mut query = Query::select();
        query
            .from(PlannerAudits::Table)
            .and_where(Expr::col(PlannerAudits::EnterpriseId).eq(enterprise_id));
        if let Some(name) = search
            .planner_name
            .as_deref()
            .filter(|n| !n.trim().is_empty())
        {
            query.and_where(Expr::col(PlannerAudits::PlannerName).eq(name.trim()));
        }
        search.stores.apply(&mut query, PlannerAudits::Table);
        if let Some(from) = search.from {
            query.and_where(Expr::col(PlannerAudits::PlannerDate).gte(from));
        }
        if let Some(until) = search.until {
            query.and_where(Expr::col(PlannerAudits::PlannerDate).lte(until));
        }
        let mut count = query.clone();
        count.expr(Expr::col(sea_query::Asterisk).count());
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .columns(AUDIT_COLUMNS)
            .order_by(PlannerAudits::CreatedAt, Order::Desc)
            .order_by(PlannerAudits::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    pub async fn audit(&self, enterprise_id: i64, id: i64) -> Result<PlannerAudit> {
        let query = Query::select()
            .columns(AUDIT_COLUMNS)
            .from(PlannerAudits::Table)
            .and_where(Expr::col(PlannerAudits::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(PlannerAudits::Id).eq(id))
            .to_owned();
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Planner audit not found"))
    }

    fn definition_select() -> sea_query::SelectStatement {
        Query::select()
            .columns([
                Defs::Id,
                Defs::EnterpriseId,
                Defs::StoreId,
                Defs::Name,
                Defs::Planner,
                Defs::ServiceType,
                Defs::MinDays,
                Defs::MaxDays,
                Defs::IsEnabled,
                Defs::ScheduleId,
                Defs::CreatedAt,
                Defs::UpdatedAt,
            ])
            .from(Defs::Table)
            .to_owned()
    }

    /// The enterprise's definitions for these stores, by store and name.
    pub async fn definitions(
        &self,
        enterprise_id: i64,
        store_ids: &[i64],
    ) -> Result<Vec<PlannerDefinition>> {
        let mut query = Self::definition_select();
        query
            .and_where(Expr::col(Defs::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(Defs::StoreId).is_in(store_ids.to_vec()))
            .order_by(Defs::StoreId, Order::Asc)
            .order_by(Defs::Name, Order::Asc)
            .order_by(Defs::Id, Order::Asc);
        self.db.fetch_all(&query).await
    }

    pub async fn definition(&self, enterprise_id: i64, id: i64) -> Result<PlannerDefinition> {
        let mut query = Self::definition_select();
        query
            .and_where(Expr::col(Defs::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(Defs::Id).eq(id));
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found("Planner definition not found"))
    }

    pub async fn create_definition(
        &self,
        enterprise_id: i64,
        fields: &DefinitionFields,
        now: DateTime<Utc>,
    ) -> Result<PlannerDefinition> {
        let id: i64 = self
            .db
            .fetch_scalar(
                &Query::insert()
                    .into_table(Defs::Table)
                    .columns([
                        Defs::EnterpriseId,
                        Defs::StoreId,
                        Defs::Name,
                        Defs::Planner,
                        Defs::ServiceType,
                        Defs::MinDays,
                        Defs::MaxDays,
                        Defs::IsEnabled,
                        Defs::CreatedAt,
                        Defs::UpdatedAt,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        fields.store_id.into(),
                        fields.name.trim().into(),
                        fields.planner.name().into(),
                        fields.planner.nominal_service_type().into(),
                        fields.days.min_days().into(),
                        fields.days.max_days().into(),
                        fields.is_enabled.into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Defs::Id)
                    .to_owned(),
            )
            .await?;
        self.definition(enterprise_id, id).await
    }

    pub async fn update_definition(
        &self,
        enterprise_id: i64,
        id: i64,
        fields: &DefinitionFields,
        now: DateTime<Utc>,
    ) -> Result<PlannerDefinition> {
        self.db
            .execute(
                &Query::update()
                    .table(Defs::Table)
                    .value(Defs::StoreId, fields.store_id)
                    .value(Defs::Name, fields.name.trim())
                    .value(Defs::Planner, fields.planner.name())
                    .value(Defs::ServiceType, fields.planner.nominal_service_type())
                    .value(Defs::MinDays, fields.days.min_days())
                    .value(Defs::MaxDays, fields.days.max_days())
                    .value(Defs::IsEnabled, fields.is_enabled)
                    .value(Defs::UpdatedAt, now)
                    .and_where(Expr::col(Defs::EnterpriseId).eq(enterprise_id))
                    .and_where(Expr::col(Defs::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        self.definition(enterprise_id, id).await
    }

    pub async fn set_definition_schedule(&self, id: i64, schedule_id: Option<i64>) -> Result<()> {
        self.db
            .execute(
                &Query::update()
                    .table(Defs::Table)
                    .value(Defs::ScheduleId, schedule_id)
                    .and_where(Expr::col(Defs::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    pub async fn delete_definition(&self, enterprise_id: i64, id: i64) -> Result<()> {
        self.db
            .execute(
                &Query::delete()
                    .from_table(Defs::Table)
                    .and_where(Expr::col(Defs::EnterpriseId).eq(enterprise_id))
                    .and_where(Expr::col(Defs::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}
