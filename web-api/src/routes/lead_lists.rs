//! Lead lists and search (spec section 7): every named list is a documented filter over leads
//! (docs/lead-lists.md) with the common search payload, server paging and sorting, inside the
//! caller's scope.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use engine::auth::{Caller, Scope};
use engine::domain::formats::parse_request_date;
use engine::imports::CampaignType;
use engine::store::PageRequest;
use engine::store::lead_lists::{LeadList, LeadMilestones, LeadSearch, LeadSort};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use super::leads::FutureServiceInteraction;
use crate::auth::{Session, scope_naming};
use crate::error::ApiResult;
use crate::state::AppState;

/// The common search payload. Every field is optional; lists of ids narrow to those dealers
/// and stores (all of the caller's when empty).
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct LeadSearchBody {
    pub enterprise_id: Option<i64>,
    /// At most 1,000 ids (as every id list: far past any dealer group, well inside the
    /// databases' parameter limits).
    #[oai(validator(max_items = 1000))]
    pub boc_ids: Option<Vec<i64>>,
    #[oai(validator(max_items = 1000))]
    pub store_ids: Option<Vec<i64>>,
    #[oai(validator(max_items = 100))]
    pub service_types: Option<Vec<String>>,
    /// YYYY-MM-DD or DD.MM.YYYY; the list's own date (docs/lead-lists.md).
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Customer name, mobile number, VIN or customer number.
    pub search_text: Option<String>,
    #[oai(validator(max_items = 100))]
    pub statuses: Option<Vec<String>>,
    pub ai_enabled: Option<bool>,
    pub appointment_set: Option<bool>,
    pub response_reqd: Option<bool>,
    pub unread_only: Option<bool>,
    /// lastMessage, lastMessageReceivedDate, plannedDate, createdOn, customerName or
    /// totalUnreadCount; each list has its own default.
    pub sort_by: Option<String>,
    /// ASC or DESC.
    pub sort_direction: Option<String>,
    /// Sent by the contact-later screen; no effect.
    pub contact_later_screen: Option<bool>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LeadPage {
    pub content: Vec<FutureServiceInteraction>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

/// How far a lead's outreach has come (the lead tracker).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct Milestones {
    /// The first text or e-mail to the customer.
    pub first_contact_at: Option<DateTime<Utc>>,
    /// Automated texts and e-mails after it.
    pub follow_ups_sent: i64,
    pub first_reply_at: Option<DateTime<Utc>>,
    pub last_reply_at: Option<DateTime<Utc>>,
    pub replies: i64,
    /// Minutes from the first contact to the first reply.
    pub minutes_to_first_reply: Option<i64>,
    /// The visit booked, if any.
    pub appointment_at: Option<DateTime<Utc>>,
}

impl From<LeadMilestones> for Milestones {
    fn from(m: LeadMilestones) -> Self {
        Self {
            minutes_to_first_reply: m
                .first_contact_at
                .zip(m.first_reply_at)
                .filter(|(contact, reply)| reply >= contact)
                .map(|(contact, reply)| (reply - contact).num_minutes()),
            first_contact_at: m.first_contact_at,
            follow_ups_sent: m.follow_ups_sent,
            first_reply_at: m.first_reply_at,
            last_reply_at: m.last_reply_at,
            replies: m.replies,
            appointment_at: m.appointment_at,
        }
    }
}

/// A lead of the lead manager with its milestones.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TrackedLead {
    pub lead: FutureServiceInteraction,
    pub milestones: Milestones,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TrackerPage {
    pub content: Vec<TrackedLead>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object)]
pub struct LeadCount {
    pub count: u64,
}

#[derive(Debug, Object)]
pub struct StatusCount {
    pub status: String,
    pub count: i64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LeadSummary {
    pub total_elements: u64,
    pub by_status: Vec<StatusCount>,
}

/// The scope of a search, and the payload checked: dealers and stores must be the caller's.
pub(crate) async fn checked_search(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    body: LeadSearchBody,
) -> ApiResult<(Scope, LeadSearch)> {
    let scope = scope_naming(caller, req, body.enterprise_id)?;
    let boc_ids = body.boc_ids.unwrap_or_default();
    let store_ids = body.store_ids.unwrap_or_default();
    if !boc_ids.is_empty() || !store_ids.is_empty() {
        let stores = state.tenancy.stores(&scope).await?;
        let known_stores: HashSet<i64> = stores.iter().map(|s| s.id).collect();
        let known_bocs: HashSet<i64> = stores.iter().map(|s| s.boc_id).collect();
        if let Some(unknown) = store_ids.iter().find(|id| !known_stores.contains(id)) {
            return Err(engine::Error::not_found(format!("Store {unknown} not found")).into());
        }
        if let Some(unknown) = boc_ids.iter().find(|id| !known_bocs.contains(id)) {
            return Err(engine::Error::not_found(format!("Dealer {unknown} not found")).into());
        }
    }
    let descending = match body.sort_direction.as_deref() {
        None | Some("") => None,
        Some(d) if d.eq_ignore_ascii_case("desc") => Some(true),
        Some(d) if d.eq_ignore_ascii_case("asc") => Some(false),
        Some(other) => {
            return Err(engine::Error::invalid(format!(
                "sortDirection must be ASC or DESC, got {other:?}"
            ))
            .into());
        }
    };
    let search = LeadSearch {
        boc_ids,
        store_ids,
        service_types: body.service_types.unwrap_or_default(),
        start_date: parse_request_date("startDate", body.start_date.as_deref())?,
        end_date: parse_request_date("endDate", body.end_date.as_deref())?,
        search: body.search_text,
        statuses: body.statuses.unwrap_or_default(),
        ai_enabled: body.ai_enabled,
        appointment_set: body.appointment_set,
        response_reqd: body.response_reqd,
        unread_only: body.unread_only.unwrap_or(false),
        sort: body.sort_by.as_deref().map(LeadSort::parse).transpose()?,
        descending,
    };
    Ok((scope, search))
}

async fn page_of(
    state: &AppState,
    caller: &Caller,
    req: &Request,
    list: LeadList,
    page: Option<u64>,
    size: Option<u64>,
    body: Option<LeadSearchBody>,
) -> ApiResult<Json<LeadPage>> {
    let (scope, search) = checked_search(state, caller, req, body.unwrap_or_default()).await?;
    let found = state
        .lead_lists
        .search(
            &scope,
            list,
            &search,
            PageRequest::new(page, size)?,
            Utc::now(),
        )
        .await?;
    let content = found
        .content
        .into_iter()
        .map(|lead| FutureServiceInteraction::new(lead, Vec::new()))
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(Json(LeadPage {
        content,
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
    }))
}

pub struct LeadListApi;

type Body = Json<Option<LeadSearchBody>>;
type Page = Query<Option<u64>>;

#[OpenApi(tag = "ApiTags::LeadLists")]
impl LeadListApi {
    /// Lead Manager: conversations under way.
    #[oai(
        path = "/api/future-service-interaction/custom-search",
        method = "post"
    )]
    async fn custom_search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::LeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Lead Manager (v2 form).
    #[oai(
        path = "/api/future-service-interaction/v2/custom-search",
        method = "post"
    )]
    async fn custom_search_v2(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::LeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Lead Manager (v3 form).
    #[oai(
        path = "/api/future-service-interaction/v3/custom-search",
        method = "post"
    )]
    async fn custom_search_v3(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::LeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// The lead tracker (spec E-C27): the lead manager's leads, each with how far its outreach
    /// has come: first contact, follow-ups sent after it, first and last reply (and the minutes
    /// to the first), the visit booked.
    #[oai(
        path = "/api/future-service-interaction/leadManager/tracker",
        method = "post"
    )]
    async fn tracker(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<TrackerPage>> {
        let Json(leads) = page_of(
            &state,
            &c,
            req,
            LeadList::LeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await?;
        let ids: Vec<i64> = leads.content.iter().map(|lead| lead.id).collect();
        let mut milestones = state.lead_lists.milestones(&ids).await?;
        Ok(Json(TrackerPage {
            page: leads.page,
            size: leads.size,
            total_elements: leads.total_elements,
            content: leads
                .content
                .into_iter()
                .map(|lead| TrackedLead {
                    milestones: milestones.remove(&lead.id).unwrap_or_default().into(),
                    lead,
                })
                .collect(),
        }))
    }

    /// No response after our attempts (quiet 3+ days).
    #[oai(path = "/api/future-service-interaction/nraa-search", method = "post")]
    async fn nraa(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::NoResponse,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Global inbox 0: leads with unread customer messages.
    #[oai(path = "/api/future-service-interaction/gi0", method = "post")]
    async fn gi0(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::GlobalInboxZero,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Leads at risk: a customer waiting over an hour, or a negative insight.
    #[oai(path = "/api/future-service-interaction/lead-at-risk", method = "post")]
    async fn at_risk(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::AtRisk, page.0, size.0, body.0).await
    }

    /// Leads planners created.
    #[oai(
        path = "/api/future-service-interaction/audit-planner-search",
        method = "post"
    )]
    async fn planner_audit(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::PlannerAudit,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Text follow-ups (FU1, FU2, FU3, FUDT).
    #[oai(path = "/api/future-service-interaction/followup", method = "post")]
    async fn follow_up(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::FollowUp, page.0, size.0, body.0).await
    }

    /// Contact later, lead-manager form.
    #[oai(
        path = "/api/future-service-interaction/contact-later-lm2-search",
        method = "post"
    )]
    async fn contact_later_lm(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::ContactLaterLeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Contact later, inbox form.
    #[oai(
        path = "/api/future-service-interaction/contact-later-gi-search",
        method = "post"
    )]
    async fn contact_later_gi(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::ContactLaterInbox,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// TCPA: customers who opted out of texts.
    #[oai(path = "/api/future-service-interaction/tcpa-search", method = "post")]
    async fn tcpa(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::OptedOut, page.0, size.0, body.0).await
    }

    /// E-mail follow-ups (E1, E2, E3, S1, S2).
    #[oai(
        path = "/api/future-service-interaction/email/follow-up",
        method = "post"
    )]
    async fn email_follow_up(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::EmailFollowUp,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Leads handed to a general manager.
    #[oai(path = "/api/future-service-interaction/gmhandoff", method = "post")]
    async fn gm_handoff(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::GmHandoff, page.0, size.0, body.0).await
    }

    /// Archived leads.
    #[oai(
        path = "/api/future-service-interaction/archived-screen",
        method = "post"
    )]
    async fn archived(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::Archived, page.0, size.0, body.0).await
    }

    /// Leads not contacted yet.
    #[oai(
        path = "/api/future-service-interaction/first-interaction",
        method = "post"
    )]
    async fn first_interaction(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::FirstInteraction,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Leads (not archived) per status, matching the payload.
    #[oai(
        path = "/api/future-service-interaction/summaryReport",
        method = "post"
    )]
    async fn summary(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        body: Body,
    ) -> ApiResult<Json<LeadSummary>> {
        let (scope, search) = checked_search(&state, &c, req, body.0.unwrap_or_default()).await?;
        let by_status = state
            .lead_lists
            .count_by_status(&scope, LeadList::All, &search, Utc::now())
            .await?;
        Ok(Json(LeadSummary {
            total_elements: by_status.iter().map(|(_, n)| *n as u64).sum(),
            by_status: by_status
                .into_iter()
                .map(|(status, count)| StatusCount { status, count })
                .collect(),
        }))
    }

    /// Vehicles in the shop (open repair order).
    #[oai(
        path = "/api/future-service-interaction/openro/custom-search",
        method = "post"
    )]
    async fn open_ro(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::OpenRepairOrder,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Vehicles in the shop (v2 form).
    #[oai(
        path = "/api/future-service-interaction/openro/v2/custom-search",
        method = "post"
    )]
    async fn open_ro_v2(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::OpenRepairOrder,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Vehicles in the shop whose conversation is under way.
    #[oai(
        path = "/api/future-service-interaction/openro/v2/leadManager",
        method = "post"
    )]
    async fn open_ro_lead_manager(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::OpenRepairOrderLeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Pre-CSI: a repair order of the vehicle closed in the range (the UI sends serviceTypes
    /// PRE_CSI_LIST here; it is not a filter).
    #[oai(path = "/api/future-service-interaction/pre-csi-list", method = "post")]
    async fn pre_csi(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        let mut body = body.0.unwrap_or_default();
        body.service_types = None;
        page_of(
            &state,
            &c,
            req,
            LeadList::PreCsi,
            page.0,
            size.0,
            Some(body),
        )
        .await
    }

    /// Appointment reminders: appointments in the range.
    #[oai(
        path = "/api/future-service-interaction/appt-reminder-list",
        method = "post"
    )]
    async fn appointment_reminders(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::AppointmentReminder,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Global inbox: every lead a customer has written on.
    #[oai(path = "/api/lisa/custom-search/gi", method = "post")]
    async fn lisa_gi(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::GlobalInbox,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Global inbox 0 (unread).
    #[oai(path = "/api/lisa/custom-search/gi0", method = "post")]
    async fn lisa_gi0(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::GlobalInboxZero,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Lead Manager.
    #[oai(path = "/api/lisa/custom-search/leadManager", method = "post")]
    async fn lisa_lead_manager(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::LeadManager,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// How many leads matching the payload have an appointment set.
    #[oai(
        path = "/api/lisa/custom-search/appointment-set-count",
        method = "post"
    )]
    async fn appointment_set_count(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        body: Body,
    ) -> ApiResult<Json<LeadCount>> {
        let mut body = body.0.unwrap_or_default();
        body.appointment_set = Some(true);
        let (scope, search) = checked_search(&state, &c, req, body).await?;
        let count = state
            .lead_lists
            .count(&scope, LeadList::All, &search, Utc::now())
            .await?;
        Ok(Json(LeadCount { count }))
    }

    /// Conversations the assistant runs.
    #[oai(
        path = "/api/lisa/custom-search/automated/lead-manager",
        method = "post"
    )]
    async fn automated(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::Automated, page.0, size.0, body.0).await
    }

    /// Smart follow-up (SFU): customers who answered once and went quiet on our last message
    /// a day or more ago, nothing booked; the most recent answer first (docs/follow-ups.md).
    #[oai(path = "/api/lisa/custom-search/follow-up", method = "post")]
    async fn lisa_follow_up(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::SmartFollowUp,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Customers who opted out of texts.
    #[oai(path = "/api/lisa/custom-search/sms-opt-out", method = "post")]
    async fn sms_opt_out(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::OptedOut, page.0, size.0, body.0).await
    }

    /// Leads whose customer has an e-mail address.
    #[oai(path = "/api/lisa/email-search", method = "post")]
    async fn email_search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(&state, &c, req, LeadList::Email, page.0, size.0, body.0).await
    }

    /// Contact later, any form.
    #[oai(path = "/api/marks/search-by-contact-later", method = "post")]
    async fn contact_later(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::ContactLater,
            page.0,
            size.0,
            body.0,
        )
        .await
    }

    /// Error-alert leads: those FEA files made (TOYOTA_ERROR_ALERT, LEXUS_ERROR_ALERT), or
    /// the one of the two `serviceTypes` names.
    #[oai(path = "/api/lisa/fea", method = "post")]
    async fn fea_leads(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        let mut body = body.0.unwrap_or_default();
        let alerts = [
            CampaignType::ToyotaErrorAlert,
            CampaignType::LexusErrorAlert,
        ]
        .map(|c| c.as_str().to_owned());
        let asked = body.service_types.take().unwrap_or_default();
        let chosen: Vec<String> = if asked.is_empty() {
            alerts.to_vec()
        } else {
            asked.into_iter().filter(|t| alerts.contains(t)).collect()
        };
        if chosen.is_empty() {
            return Err(engine::Error::invalid(
                "serviceTypes may only name TOYOTA_ERROR_ALERT or LEXUS_ERROR_ALERT here",
            )
            .into());
        }
        body.service_types = Some(chosen);
        page_of(
            &state,
            &c,
            req,
            LeadList::ErrorAlert,
            page.0,
            size.0,
            Some(body),
        )
        .await
    }

    /// Leads whose latest text to the customer failed.
    #[oai(path = "/api/lisa/followup-failure/v2", method = "post")]
    async fn follow_up_failure(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(c): Session,
        page: Page,
        size: Page,
        body: Body,
    ) -> ApiResult<Json<LeadPage>> {
        page_of(
            &state,
            &c,
            req,
            LeadList::FollowUpFailure,
            page.0,
            size.0,
            body.0,
        )
        .await
    }
}
