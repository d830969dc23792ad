//! A lead (future service interaction) by id, in the spec's FSI shape.

use chrono::{DateTime, NaiveDate, Utc};
use engine::store::leads::{LeadMark, LeadRecord};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::routes::enterprise::{BocMaster, OfficeMaster};
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CustomerMaster {
    pub id: i64,
    #[oai(rename = "first_name")]
    pub first_name_snake: String,
    pub first_name: String,
    #[oai(rename = "last_name")]
    pub last_name_snake: String,
    pub last_name: String,
    pub cellular: Option<String>,
    pub email: Option<String>,
    pub custno: String,
    #[oai(rename = "block_sms")]
    pub block_sms_snake: bool,
    pub block_sms: bool,
    pub ai_enabled: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LeadStoreMaster {
    pub id: i64,
    #[oai(rename = "store_id")]
    pub store_id: String,
    #[oai(rename = "store_name")]
    pub store_name: String,
    #[oai(rename = "officeMasterVO")]
    pub office_master_vo: OfficeMaster,
}

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ServiceVehicle {
    pub id: i64,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub odometer: Option<i32>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct Mark {
    pub id: i64,
    /// The mark's code, e.g. SMS_OPT_OUT.
    pub intent_type: String,
    pub note: Option<String>,
    pub created_on: DateTime<Utc>,
}

impl From<LeadMark> for Mark {
    fn from(mark: LeadMark) -> Self {
        Self {
            id: mark.id,
            intent_type: mark.mark_code,
            note: mark.note,
            created_on: mark.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct SalesDto {
    pub sold_date: Option<NaiveDate>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct SvcOpenRo {
    pub status_code: String,
}

/// The lead (FSI) as the lead screens use it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FutureServiceInteraction {
    pub id: i64,
    pub customer_master: CustomerMaster,
    pub boc_master: BocMaster,
    pub store_master: LeadStoreMaster,
    pub service_vehicle: Option<ServiceVehicle>,
    pub vin: Option<String>,
    pub planned_date: Option<NaiveDate>,
    pub planned_service_type: String,
    pub service_type: String,
    pub estimated_due_date: Option<NaiveDate>,
    pub appointment_set: bool,
    pub appointment_id: Option<i64>,
    pub ai_enabled: bool,
    pub dt_dialog_enabled: bool,
    #[oai(rename = "isDTGotItsChance")]
    pub is_dt_got_its_chance: bool,
    #[oai(rename = "respondedToAI")]
    pub responded_to_ai: bool,
    pub conversation_initiated: bool,
    pub conversation_closed: bool,
    pub conv_closed: bool,
    pub workflow_reqd: bool,
    pub response_reqd: bool,
    pub total_inbound_count: i32,
    pub total_unread_count: i32,
    pub last_message_received_date: Option<DateTime<Utc>>,
    pub latest_message: Option<String>,
    pub future_service_interaction_marks: Vec<Mark>,
    pub customer_marks: Vec<Mark>,
    pub service_vehicle_marks: Vec<Mark>,
    pub response_insight: Option<String>,
    pub sales_dto: SalesDto,
    pub company_id: i64,
    #[oai(rename = "type")]
    pub lead_type: String,
    pub status: String,
    pub status_code: Option<String>,
    pub outcome: Option<String>,
    pub svc_open_ro: Option<SvcOpenRo>,
    pub delay_color_code: Option<String>,
    pub cag_lead_type: Option<String>,
    pub created_on: DateTime<Utc>,
    pub updated_on: DateTime<Utc>,
}

impl FutureServiceInteraction {
    pub(crate) fn new(lead: LeadRecord, marks: Vec<LeadMark>) -> ApiResult<Self> {
        let (mut on_lead, mut on_customer, mut on_vehicle) = (Vec::new(), Vec::new(), Vec::new());
        for mark in marks {
            match mark.target_kind.as_str() {
                "CUSTOMER" => on_customer.push(mark.into()),
                "SERVICE_VEHICLE" => on_vehicle.push(mark.into()),
                _ => on_lead.push(mark.into()),
            }
        }
        let office_time_zone =
            engine::domain::formats::gmt_offset(&lead.office_time_zone, Utc::now())?;
        Ok(Self {
            id: lead.id,
            customer_master: CustomerMaster {
                id: lead.customer_id,
                first_name_snake: lead.customer_first_name.clone(),
                first_name: lead.customer_first_name,
                last_name_snake: lead.customer_last_name.clone(),
                last_name: lead.customer_last_name,
                cellular: lead.customer_cellular,
                email: lead.customer_email,
                custno: lead.customer_custno,
                block_sms_snake: lead.customer_block_sms,
                block_sms: lead.customer_block_sms,
                ai_enabled: lead.customer_ai_enabled,
            },
            boc_master: BocMaster {
                id: lead.boc_id,
                boc_id: lead.boc_code,
                boc_name: lead.boc_name,
            },
            store_master: LeadStoreMaster {
                id: lead.store_id,
                store_id: lead.store_code,
                store_name: lead.store_name.clone(),
                office_master_vo: OfficeMaster {
                    office_name: lead.store_name,
                    office_time_zone,
                    timezone_display: lead.office_time_zone,
                },
            },
            service_vehicle: lead.vehicle_id.map(|id| ServiceVehicle {
                id,
                vin: lead.vin.clone(),
                make: lead.vehicle_make,
                model: lead.vehicle_model,
                year: lead.vehicle_year,
                odometer: lead.vehicle_odometer,
            }),
            vin: lead.vin,
            planned_date: lead.planned_date,
            planned_service_type: lead.service_type.clone(),
            service_type: lead.service_type,
            estimated_due_date: lead.estimated_due_date,
            appointment_set: lead.appointment_set,
            appointment_id: lead.appointment_id,
            ai_enabled: lead.ai_enabled,
            dt_dialog_enabled: lead.dt_dialog_enabled,
            is_dt_got_its_chance: lead.is_dt_got_its_chance,
            responded_to_ai: lead.responded_to_ai,
            conversation_initiated: lead.conversation_initiated,
            conversation_closed: lead.conversation_closed,
            conv_closed: lead.conversation_closed,
            workflow_reqd: lead.workflow_reqd,
            response_reqd: lead.response_reqd,
            total_inbound_count: lead.total_inbound_count,
            total_unread_count: lead.total_unread_count,
            last_message_received_date: lead.last_message_received_at,
            latest_message: lead.latest_message,
            future_service_interaction_marks: on_lead,
            customer_marks: on_customer,
            service_vehicle_marks: on_vehicle,
            response_insight: lead.response_insight,
            sales_dto: SalesDto {
                sold_date: lead.sold_date,
            },
            company_id: lead.enterprise_id,
            lead_type: lead.lead_type,
            status: lead.status,
            status_code: lead.status_code,
            outcome: lead.outcome,
            svc_open_ro: lead
                .open_ro_status_code
                .map(|status_code| SvcOpenRo { status_code }),
            delay_color_code: lead.delay_color_code,
            cag_lead_type: lead.cag_lead_type,
            created_on: lead.created_at,
            updated_on: lead.updated_at,
        })
    }
}

pub struct LeadApi;

impl LeadApi {
    async fn find(
        state: &AppState,
        caller: &engine::auth::Caller,
        req: &Request,
        id: i64,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        let scope = request_scope(caller, req)?;
        let (lead, marks) = state.leads.require(&scope, id).await?;
        Ok(Json(FutureServiceInteraction::new(lead, marks)?))
    }
}

#[OpenApi(tag = "ApiTags::Leads")]
impl LeadApi {
    /// A lead by id (query form).
    #[oai(path = "/api/future-service-interaction", method = "get")]
    async fn get_by_query(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] id: Query<i64>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        Self::find(&state, &caller, req, id.0).await
    }

    /// A lead by id (path form).
    #[oai(path = "/api/future-service-interaction/:id", method = "get")]
    async fn get_by_path(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
    ) -> ApiResult<Json<FutureServiceInteraction>> {
        Self::find(&state, &caller, req, id.0).await
    }
}
