//! Leads: future service interactions (FSI), each for one customer, vehicle and service type.

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Expr, ExprTrait, Func, InsertStatement, Order, Query, SelectStatement};

use super::schema::{
    Bocs, Customers, FutureServiceInteractions as Fsi, Marks, Offices, RepairOrders, Sales,
    ServiceAppointments as Appt, ServiceVehicles, Stores,
};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::leads::{LeadStage, ResponseInsight};
use crate::error::{Error, Result};

/// A lead as Bayline makes one (a planner's, a recall or prepaid-maintenance upload's, a web
/// form's): not started and not yet texted; the rest is learned as it is worked.
#[derive(Debug, Clone)]
pub struct NewLead<'a> {
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub customer_id: i64,
    pub vehicle_id: Option<i64>,
    pub vin: Option<&'a str>,
    pub service_type: &'a str,
    pub planned_date: NaiveDate,
    pub estimated_due_date: NaiveDate,
    /// Where it came from as the lead lists show it: the planner's name, the upload's campaign,
    /// the web form.
    pub source: &'a str,
    /// The channel of a lead that came in by itself (`WEBSITE`); none for Bayline's own.
    pub cag_lead_type: Option<&'a str>,
    /// The planner run that made it.
    pub job_run_id: Option<i64>,
}

impl NewLead<'_> {
    /// One INSERT of these leads, made at `now`: every lead is a service lead, not started.
    pub fn insert<'a>(
        leads: impl IntoIterator<Item = &'a NewLead<'a>>,
        now: DateTime<Utc>,
    ) -> InsertStatement {
        let mut insert = Query::insert();
        insert.into_table(Fsi::Table).columns([
            Fsi::EnterpriseId,
            Fsi::BocId,
            Fsi::StoreId,
            Fsi::CustomerId,
            Fsi::VehicleId,
            Fsi::Vin,
            Fsi::ServiceType,
            Fsi::PlannedDate,
            Fsi::EstimatedDueDate,
            Fsi::LeadType,
            Fsi::CagLeadType,
            Fsi::Status,
            Fsi::PlannerName,
            Fsi::JobRunId,
            Fsi::CreatedAt,
            Fsi::UpdatedAt,
        ]);
        for lead in leads {
            insert.values_panic([
                lead.enterprise_id.into(),
                lead.boc_id.into(),
                lead.store_id.into(),
                lead.customer_id.into(),
                lead.vehicle_id.into(),
                lead.vin.into(),
                lead.service_type.into(),
                lead.planned_date.into(),
                lead.estimated_due_date.into(),
                SERVICE_LEAD.into(),
                lead.cag_lead_type.into(),
                LeadStage::NotStarted.as_str().into(),
                lead.source.into(),
                lead.job_run_id.into(),
                now.into(),
                now.into(),
            ]);
        }
        insert
    }
}

/// The lead type of every lead Bayline makes (sales leads come from outside).
pub const SERVICE_LEAD: &str = "SERVICE";

/// A lead whose conversation was started, as the start rules look at it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StartedLead {
    pub id: i64,
    pub customer_id: i64,
    pub service_type: String,
    pub vehicle_id: Option<i64>,
    pub conversation_closed: bool,
    pub archived: bool,
}

impl StartedLead {
    /// Another open conversation of the lead's customer.
    pub fn is_other_open_conversation(&self, lead: &LeadRecord) -> bool {
        self.customer_id == lead.customer_id
            && self.id != lead.id
            && !self.conversation_closed
            && !self.archived
    }

    /// The customer was contacted about the lead's service (for its vehicle) on this lead.
    pub fn contacted_for_same_service(&self, lead: &LeadRecord) -> bool {
        self.customer_id == lead.customer_id
            && self.id != lead.id
            && self.service_type == lead.service_type
            && lead.vehicle_id.is_none_or(|v| self.vehicle_id == Some(v))
    }
}

/// A lead with what the lead screens show of its customer, dealer, store and vehicle.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeadRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub customer_id: i64,
    pub vehicle_id: Option<i64>,
    pub vin: Option<String>,
    pub service_type: String,
    pub planned_date: Option<NaiveDate>,
    pub estimated_due_date: Option<NaiveDate>,
    pub lead_type: String,
    pub cag_lead_type: Option<String>,
    pub status: String,
    pub status_code: Option<String>,
    pub outcome: Option<String>,
    pub response_insight: Option<String>,
    pub appointment_set: bool,
    pub appointment_id: Option<i64>,
    pub ai_enabled: bool,
    pub dt_dialog_enabled: bool,
    pub is_dt_got_its_chance: bool,
    pub responded_to_ai: bool,
    pub conversation_initiated: bool,
    pub conversation_closed: bool,
    pub workflow_reqd: bool,
    pub response_reqd: bool,
    pub total_inbound_count: i32,
    pub total_unread_count: i32,
    pub last_message_received_at: Option<DateTime<Utc>>,
    pub latest_message: Option<String>,
    pub delay_color_code: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub customer_custno: String,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_cellular: Option<String>,
    pub customer_email: Option<String>,
    pub customer_block_sms: bool,
    pub customer_ai_enabled: bool,
    pub boc_code: String,
    pub boc_name: String,
    pub store_code: String,
    pub store_name: String,
    pub office_time_zone: String,
    pub vehicle_make: Option<String>,
    pub vehicle_model: Option<String>,
    pub vehicle_year: Option<i32>,
    pub vehicle_odometer: Option<i32>,
    pub sold_date: Option<NaiveDate>,
    pub open_ro_status_code: Option<String>,
}

/// A mark on the lead, its customer or its vehicle.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LeadMark {
    pub id: i64,
    pub target_kind: String,
    pub mark_code: String,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct LeadStore {
    db: Database,
}

impl LeadStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The lead with this id inside the scope; a lead elsewhere is simply not found.
    /// A lead inside the scope, with its marks; another tenant's or a missing one is not found.
    pub async fn require(&self, scope: &Scope, id: i64) -> Result<(LeadRecord, Vec<LeadMark>)> {
        self.get(scope, id)
            .await?
            .ok_or_else(|| Error::not_found("Lead not found"))
    }

    pub async fn get(&self, scope: &Scope, id: i64) -> Result<Option<(LeadRecord, Vec<LeadMark>)>> {
        let mut query = lead_select();
        query.and_where(Expr::col((Fsi::Table, Fsi::Id)).eq(id));
        scope.restrict(&mut query, Fsi::Table, true);
        let Some(lead) = self.db.fetch_optional::<LeadRecord>(&query).await? else {
            return Ok(None);
        };
        let mut on_lead = Expr::col(Marks::FsiId)
            .eq(lead.id)
            .or(Expr::col(Marks::CustomerId).eq(lead.customer_id));
        if let Some(vehicle_id) = lead.vehicle_id {
            on_lead = on_lead.or(Expr::col(Marks::VehicleId).eq(vehicle_id));
        }
        let marks = Query::select()
            .columns([
                Marks::Id,
                Marks::TargetKind,
                Marks::MarkCode,
                Marks::Note,
                Marks::CreatedAt,
            ])
            .from(Marks::Table)
            .and_where(Expr::col(Marks::EnterpriseId).eq(lead.enterprise_id))
            .and_where(on_lead)
            .order_by(Marks::Id, Order::Asc)
            .to_owned();
        let marks = self.db.fetch_all::<LeadMark>(&marks).await?;
        Ok(Some((lead, marks)))
    }
}

impl LeadStore {
    /// The leads with these ids inside the scope (others are left out), by id.
    pub async fn get_many(&self, scope: &Scope, ids: &[i64]) -> Result<Vec<LeadRecord>> {
        let mut found = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            let mut query = lead_select();
            query
                .and_where(Expr::col((Fsi::Table, Fsi::Id)).is_in(chunk.to_vec()))
                .order_by((Fsi::Table, Fsi::Id), Order::Asc);
            scope.restrict(&mut query, Fsi::Table, true);
            found.extend(self.db.fetch_all::<LeadRecord>(&query).await?);
        }
        Ok(found)
    }

    /// A lead by id, whoever's it is: only for a caller already proven to own it (a signed
    /// link names it).
    pub async fn get_unscoped(&self, id: i64) -> Result<Option<LeadRecord>> {
        let mut query = lead_select();
        query.and_where(Expr::col((Fsi::Table, Fsi::Id)).eq(id));
        self.db.fetch_optional(&query).await
    }
}

/// The lead joined to its customer, dealer, store, office and vehicle.
pub(crate) fn lead_select() -> SelectStatement {
    let latest_sale = Query::select()
        .expr(Func::max(Expr::col((Sales::Table, Sales::SoldDate))))
        .from(Sales::Table)
        .and_where(Expr::col((Sales::Table, Sales::VehicleId)).equals((Fsi::Table, Fsi::VehicleId)))
        .to_owned();
    let open_ro_status = Query::select()
        .column((RepairOrders::Table, RepairOrders::StatusCode))
        .from(RepairOrders::Table)
        .and_where(
            Expr::col((RepairOrders::Table, RepairOrders::Id)).equals((Fsi::Table, Fsi::OpenRoId)),
        )
        .to_owned();
    Query::select()
        .columns(
            [
                Fsi::Id,
                Fsi::EnterpriseId,
                Fsi::BocId,
                Fsi::StoreId,
                Fsi::CustomerId,
                Fsi::VehicleId,
                Fsi::Vin,
                Fsi::ServiceType,
                Fsi::PlannedDate,
                Fsi::EstimatedDueDate,
                Fsi::LeadType,
                Fsi::CagLeadType,
                Fsi::Status,
                Fsi::StatusCode,
                Fsi::Outcome,
                Fsi::ResponseInsight,
                Fsi::AppointmentSet,
                Fsi::AppointmentId,
                Fsi::AiEnabled,
                Fsi::DtDialogEnabled,
                Fsi::IsDtGotItsChance,
                Fsi::RespondedToAi,
                Fsi::ConversationInitiated,
                Fsi::ConversationClosed,
                Fsi::WorkflowReqd,
                Fsi::ResponseReqd,
                Fsi::TotalInboundCount,
                Fsi::TotalUnreadCount,
                Fsi::LastMessageReceivedAt,
                Fsi::LatestMessage,
                Fsi::DelayColorCode,
                Fsi::CreatedAt,
                Fsi::UpdatedAt,
            ]
            .map(|c| (Fsi::Table, c)),
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::Custno)),
            "customer_custno",
        )
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
            Expr::col((Customers::Table, Customers::BlockSms)),
            "customer_block_sms",
        )
        .expr_as(
            Expr::col((Customers::Table, Customers::AiEnabled)),
            "customer_ai_enabled",
        )
        .expr_as(Expr::col((Bocs::Table, Bocs::BocCode)), "boc_code")
        .expr_as(Expr::col((Bocs::Table, Bocs::Name)), "boc_name")
        .expr_as(Expr::col((Stores::Table, Stores::StoreCode)), "store_code")
        .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
        .expr_as(
            Expr::col((Offices::Table, Offices::TimeZone)),
            "office_time_zone",
        )
        .expr_as(
            Expr::col((ServiceVehicles::Table, ServiceVehicles::Make)),
            "vehicle_make",
        )
        .expr_as(
            Expr::col((ServiceVehicles::Table, ServiceVehicles::Model)),
            "vehicle_model",
        )
        .expr_as(
            Expr::col((ServiceVehicles::Table, ServiceVehicles::Year)),
            "vehicle_year",
        )
        .expr_as(
            Expr::col((ServiceVehicles::Table, ServiceVehicles::Odometer)),
            "vehicle_odometer",
        )
        .expr_as(
            Expr::SubQuery(None, Box::new(latest_sale.into())),
            "sold_date",
        )
        .expr_as(
            Expr::SubQuery(None, Box::new(open_ro_status.into())),
            "open_ro_status_code",
        )
        .from(Fsi::Table)
        .inner_join(
            Customers::Table,
            Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
        )
        .inner_join(
            Bocs::Table,
            Expr::col((Bocs::Table, Bocs::Id)).equals((Fsi::Table, Fsi::BocId)),
        )
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Fsi::Table, Fsi::StoreId)),
        )
        .inner_join(
            Offices::Table,
            Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
        )
        .left_join(
            ServiceVehicles::Table,
            Expr::col((ServiceVehicles::Table, ServiceVehicles::Id))
                .equals((Fsi::Table, Fsi::VehicleId)),
        )
        .to_owned()
}

/// A lead flag staff can switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadFlag {
    AiEnabled,
    AppointmentSet,
    ConversationClosed,
}

impl LeadStore {
    /// Sets columns of a lead (and its update time).
    async fn update(
        &self,
        id: i64,
        set: impl FnOnce(&mut sea_query::UpdateStatement),
    ) -> Result<()> {
        let mut update = Query::update();
        update.table(Fsi::Table);
        set(&mut update);
        update
            .value(Fsi::UpdatedAt, Utc::now())
            .and_where(Expr::col(Fsi::Id).eq(id));
        self.db.execute(&update).await?;
        Ok(())
    }

    pub async fn set_flag(&self, id: i64, flag: LeadFlag, value: bool) -> Result<()> {
        let column = match flag {
            LeadFlag::AiEnabled => Fsi::AiEnabled,
            LeadFlag::AppointmentSet => Fsi::AppointmentSet,
            LeadFlag::ConversationClosed => Fsi::ConversationClosed,
        };
        self.update(id, |u| {
            u.value(column, value);
        })
        .await
    }

    /// Switches the date-time dialogue on (it has then had its chance) or off.
    pub async fn set_date_time_dialogue(&self, id: i64, enabled: bool) -> Result<()> {
        self.update(id, |u| {
            u.value(Fsi::DtDialogEnabled, enabled);
            if enabled {
                u.value(Fsi::IsDtGotItsChance, true);
            }
        })
        .await
    }

    pub async fn set_response_insight(
        &self,
        id: i64,
        insight: Option<ResponseInsight>,
    ) -> Result<()> {
        self.update(id, |u| {
            u.value(Fsi::ResponseInsight, insight.map(|i| i.as_str()));
        })
        .await
    }

    pub async fn set_stage(&self, id: i64, stage: LeadStage, outcome: Option<&str>) -> Result<()> {
        self.update(id, |u| {
            u.value(Fsi::Status, stage.as_str())
                .value(Fsi::Outcome, outcome.map(str::to_owned));
        })
        .await
    }

    /// Puts the lead on a follow-up step due at `at`.
    pub async fn set_follow_up(&self, id: i64, step: &str, at: DateTime<Utc>) -> Result<()> {
        self.update(id, |u| {
            u.value(Fsi::FollowUpStep, step).value(Fsi::FollowUpAt, at);
        })
        .await
    }

    /// The time the assistant last offered the customer (a "yes" books it); none clears it.
    pub async fn set_proposed_appointment(&self, id: i64, at: Option<DateTime<Utc>>) -> Result<()> {
        self.update(id, |u| {
            u.value(Fsi::ProposedAppointmentAt, at);
        })
        .await
    }

    /// The time a lead's conversation stands at: the one last offered or asked back, else the
    /// visit booked. A reply may correct it without naming its day ("actually make it 3").
    pub async fn standing_time(&self, id: i64) -> Result<Option<DateTime<Utc>>> {
        if let Some(at) = self.proposed_appointment(id).await? {
            return Ok(Some(at));
        }
        let booked: Option<(DateTime<Utc>,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column((Appt::Table, Appt::ApptAt))
                    .from(Fsi::Table)
                    .inner_join(
                        Appt::Table,
                        Expr::col((Appt::Table, Appt::Id)).equals((Fsi::Table, Fsi::AppointmentId)),
                    )
                    .and_where(Expr::col((Fsi::Table, Fsi::Id)).eq(id))
                    .and_where(Expr::col((Fsi::Table, Fsi::AppointmentSet)).eq(true)),
            )
            .await?;
        Ok(booked.map(|(at,)| at))
    }

    /// The time the assistant last offered the customer, if any.
    pub async fn proposed_appointment(&self, id: i64) -> Result<Option<DateTime<Utc>>> {
        let found: Option<(Option<DateTime<Utc>>,)> = self
            .db
            .fetch_optional(
                Query::select()
                    .column(Fsi::ProposedAppointmentAt)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::Id).eq(id)),
            )
            .await?;
        Ok(found.and_then(|(at,)| at))
    }

    /// The leads of these customers whose conversation was ever started, for the start rules
    /// ([`StartedLead`]): one query for a batch of leads.
    pub async fn started_of_customers(&self, customer_ids: &[i64]) -> Result<Vec<StartedLead>> {
        let mut found = Vec::new();
        for chunk in customer_ids.chunks(500) {
            let query = Query::select()
                .columns([
                    Fsi::Id,
                    Fsi::CustomerId,
                    Fsi::ServiceType,
                    Fsi::VehicleId,
                    Fsi::ConversationClosed,
                    Fsi::Archived,
                ])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::CustomerId).is_in(chunk.to_vec()))
                .and_where(Expr::col(Fsi::ConversationInitiated).eq(true))
                .to_owned();
            found.extend(self.db.fetch_all::<StartedLead>(&query).await?);
        }
        Ok(found)
    }

    /// The customer's other leads (the "other interaction" view).
    pub async fn other_leads(&self, scope: &Scope, lead: &LeadRecord) -> Result<Vec<LeadRecord>> {
        let mut query = lead_select();
        query
            .and_where(Expr::col((Fsi::Table, Fsi::CustomerId)).eq(lead.customer_id))
            .and_where(Expr::col((Fsi::Table, Fsi::Id)).ne(lead.id))
            .order_by((Fsi::Table, Fsi::Id), Order::Desc)
            .limit(100);
        scope.restrict(&mut query, Fsi::Table, true);
        self.db.fetch_all(&query).await
    }
}
