//! The lead lists of the lead manager and global inbox (spec section 7, "Lead lists and
//! search"): each list is a filter over leads, combined with the common search payload, paged
//! and sorted on the server, inside the caller's scope. What each list selects is written
//! down in docs/lead-lists.md.

use chrono::{DateTime, NaiveDate, Utc};
use std::collections::HashMap;

use sea_query::{
    Cond, Expr, ExprTrait, Func, LikeExpr, NullOrdering, Order, Query, SelectStatement,
};

use super::leads::{LeadRecord, lead_select};
use super::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, RepairOrders,
    ServiceAppointments as Appt, ServiceVehicles as Vehicles,
};
use super::{Page, PageRequest, like_pattern};
use crate::auth::Scope;
use crate::db::Database;
use crate::domain::formats::{DayRange, START_END};
use crate::error::{Error, Result};

/// How far a lead's outreach has come (the lead tracker, spec E-C27): when the customer was
/// first texted or e-mailed, how many automated follow-ups went after that, when and how often
/// they answered, and the visit booked.
#[derive(Debug, Clone, Default, PartialEq, sqlx::FromRow)]
pub struct LeadMilestones {
    pub fsi_id: i64,
    pub first_contact_at: Option<DateTime<Utc>>,
    /// Automated texts and e-mails after the first contact.
    pub follow_ups_sent: i64,
    pub first_reply_at: Option<DateTime<Utc>>,
    pub last_reply_at: Option<DateTime<Utc>>,
    pub replies: i64,
    pub appointment_at: Option<DateTime<Utc>>,
}

/// Which list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadList {
    /// Conversations under way: contacted, open, not archived. Newest activity first.
    LeadManager,
    /// Every lead a customer has written on (the global inbox).
    GlobalInbox,
    /// The inbox's unread part: leads with customer messages nobody has read.
    GlobalInboxZero,
    /// No response after our attempts: contacted, the customer never answered, quiet 3+ days.
    NoResponse,
    /// At risk: the customer is waiting for us for over an hour, or said something negative.
    AtRisk,
    /// Leads planners created (the planner audit search).
    PlannerAudit,
    /// Leads on a text follow-up step (FU1, FU2, FU3, FUDT).
    FollowUp,
    /// Smart follow-up (SFU, docs/follow-ups.md): customers who answered once and went quiet
    /// on our last message a day or more ago, with no visit booked — warmer than the
    /// cadence's never-answered leads and past what the cadence does, so a person follows up.
    /// The most recent answer first.
    SmartFollowUp,
    /// Leads on an e-mail follow-up step (E1, E2, E3, S1, S2).
    EmailFollowUp,
    /// Asked to be contacted later, in lead-manager form (contacted).
    ContactLaterLeadManager,
    /// Asked to be contacted later, in inbox form (customer has written).
    ContactLaterInbox,
    /// Customers who opted out of texts (TCPA).
    OptedOut,
    /// Leads handed to a general manager (a GM handoff notification).
    GmHandoff,
    Archived,
    /// Not contacted yet: waiting for their first message.
    FirstInteraction,
    /// Conversations the assistant runs (AI on, contacted).
    Automated,
    /// Leads whose customer has an e-mail address (e-mail search).
    Email,
    /// Leads whose vehicle is in the shop (an open repair order).
    OpenRepairOrder,
    /// Open repair orders, in lead-manager form (contacted).
    OpenRepairOrderLeadManager,
    /// After a visit, before the satisfaction survey: a repair order closed in the range.
    PreCsi,
    /// Appointments in the range, for reminders.
    AppointmentReminder,
    /// Leads whose latest text to the customer failed.
    FollowUpFailure,
    /// Asked to be contacted later, in any form (the contact-later marks search).
    ContactLater,
    /// Leads an error-alert file made (Toyota's and Lexus's FEA files; the service types come
    /// with the search): their dates are when the alert arrived, newest first.
    ErrorAlert,
    /// Every lead that is not archived (summaries and counts).
    All,
}

/// The common search payload (stored as JSON in a bulk initiation's job input).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct LeadSearch {
    pub boc_ids: Vec<i64>,
    pub store_ids: Vec<i64>,
    pub service_types: Vec<String>,
    /// Inclusive day range on the list's own date (see [`LeadList::date_column`]).
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// Customer name, mobile number (digits), VIN or customer number.
    pub search: Option<String>,
    pub statuses: Vec<String>,
    pub ai_enabled: Option<bool>,
    pub appointment_set: Option<bool>,
    pub response_reqd: Option<bool>,
    pub unread_only: bool,
    pub sort: Option<LeadSort>,
    pub descending: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LeadSort {
    LastMessage,
    LastReceived,
    PlannedDate,
    Created,
    CustomerName,
    Unread,
}

impl LeadSort {
    pub fn parse(text: &str) -> Result<Self> {
        Ok(match text {
            "lastMessage" | "lastMessageDate" => Self::LastMessage,
            "lastMessageReceivedDate" | "lastReceived" => Self::LastReceived,
            "plannedDate" => Self::PlannedDate,
            "createdOn" | "created" => Self::Created,
            "customerName" | "name" => Self::CustomerName,
            "totalUnreadCount" | "unread" => Self::Unread,
            other => {
                return Err(Error::invalid(format!(
                    "sortBy must be one of lastMessage, lastMessageReceivedDate, plannedDate, createdOn, customerName, totalUnreadCount; got {other:?}"
                )));
            }
        })
    }
}

impl LeadList {
    /// Each list's name where a request names a list (bulk initiation's selection).
    pub const NAMED: &'static [(&'static str, LeadList)] = &[
        ("lead-manager", LeadList::LeadManager),
        ("global-inbox", LeadList::GlobalInbox),
        ("global-inbox-zero", LeadList::GlobalInboxZero),
        ("no-response", LeadList::NoResponse),
        ("at-risk", LeadList::AtRisk),
        ("planner-audit", LeadList::PlannerAudit),
        ("follow-up", LeadList::FollowUp),
        ("smart-follow-up", LeadList::SmartFollowUp),
        ("email-follow-up", LeadList::EmailFollowUp),
        (
            "contact-later-lead-manager",
            LeadList::ContactLaterLeadManager,
        ),
        ("contact-later-inbox", LeadList::ContactLaterInbox),
        ("opted-out", LeadList::OptedOut),
        ("gm-handoff", LeadList::GmHandoff),
        ("archived", LeadList::Archived),
        ("first-interaction", LeadList::FirstInteraction),
        ("automated", LeadList::Automated),
        ("email", LeadList::Email),
        ("open-repair-order", LeadList::OpenRepairOrder),
        (
            "open-repair-order-lead-manager",
            LeadList::OpenRepairOrderLeadManager,
        ),
        ("pre-csi", LeadList::PreCsi),
        ("appointment-reminder", LeadList::AppointmentReminder),
        ("follow-up-failure", LeadList::FollowUpFailure),
        ("contact-later", LeadList::ContactLater),
        ("error-alert", LeadList::ErrorAlert),
        ("all", LeadList::All),
    ];

    pub fn from_name(name: &str) -> Result<Self> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, list)| *list)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::NAMED.iter().map(|(n, _)| *n).collect();
                Error::invalid(format!(
                    "list must be one of {}; got {name:?}",
                    names.join(", ")
                ))
            })
    }
}

const TEXT_FOLLOW_UP_STEPS: [&str; 4] = ["FU1", "FU2", "FU3", "FUDT"];
const EMAIL_FOLLOW_UP_STEPS: [&str; 5] = ["E1", "E2", "E3", "S1", "S2"];
const NEGATIVE_INSIGHTS: [&str; 4] = [
    "NOT_INTERESTED",
    "PRICE_TOO_HIGH",
    "COMPETITIVE_OFFER",
    "TRADEIN_OFFER_TOO_LOW",
];

/// The date a list's range and default order use.
enum DateColumn {
    Lead(Fsi),
    /// The lead's appointment time.
    Appointment,
    /// When the vehicle's repair order closed.
    RepairOrderClosed,
}

impl LeadList {
    fn date_column(self) -> DateColumn {
        use LeadList::*;
        match self {
            GlobalInbox | GlobalInboxZero | AtRisk | ContactLaterInbox | SmartFollowUp => {
                DateColumn::Lead(Fsi::LastMessageReceivedAt)
            }
            FollowUp | EmailFollowUp => DateColumn::Lead(Fsi::FollowUpAt),
            ContactLaterLeadManager | ContactLater => DateColumn::Lead(Fsi::ContactLaterAt),
            PlannerAudit | FirstInteraction | ErrorAlert => DateColumn::Lead(Fsi::CreatedAt),
            AppointmentReminder => DateColumn::Appointment,
            PreCsi => DateColumn::RepairOrderClosed,
            _ => DateColumn::Lead(Fsi::LastMessageAt),
        }
    }

    fn default_sort(self) -> (LeadSort, bool) {
        use LeadList::*;
        match self {
            GlobalInbox | GlobalInboxZero | AtRisk | ContactLaterInbox | SmartFollowUp => {
                (LeadSort::LastReceived, true)
            }
            FirstInteraction | PlannerAudit => (LeadSort::PlannedDate, false),
            ErrorAlert => (LeadSort::Created, true),
            _ => (LeadSort::LastMessage, true),
        }
    }

    /// What the list selects, before the search payload narrows it. Conditions on the customer
    /// are subqueries over the enterprise's customers rather than a join, so the lead side
    /// still reads only the list's index.
    fn condition(self, now: DateTime<Utc>, enterprise_id: i64) -> Cond {
        use LeadList::*;
        let col = |c: Fsi| Expr::col((Fsi::Table, c));
        let live = Cond::all().add(col(Fsi::Archived).eq(false));
        let contacted = live.clone().add(col(Fsi::ConversationInitiated).eq(true));
        match self {
            LeadManager => contacted.add(col(Fsi::ConversationClosed).eq(false)),
            GlobalInbox => live.add(col(Fsi::TotalInboundCount).gt(0)),
            GlobalInboxZero => live.add(col(Fsi::TotalUnreadCount).gt(0)),
            NoResponse => contacted
                .add(col(Fsi::ConversationClosed).eq(false))
                .add(col(Fsi::TotalInboundCount).eq(0))
                .add(col(Fsi::LastMessageAt).lt(now - chrono::Duration::days(3))),
            AtRisk => {
                live.add(
                    Cond::any()
                        .add(Cond::all().add(col(Fsi::ResponseReqd).eq(true)).add(
                            col(Fsi::LastMessageReceivedAt).lt(now - chrono::Duration::hours(1)),
                        ))
                        .add(col(Fsi::ResponseInsight).is_in(NEGATIVE_INSIGHTS)),
                )
            }
            PlannerAudit => Cond::all().add(col(Fsi::PlannerName).is_not_null()),
            FollowUp => live.add(col(Fsi::FollowUpStep).is_in(TEXT_FOLLOW_UP_STEPS)),
            SmartFollowUp => contacted
                .add(col(Fsi::ConversationClosed).eq(false))
                .add(col(Fsi::AppointmentSet).eq(false))
                .add(col(Fsi::TotalInboundCount).gt(0))
                .add(col(Fsi::LastMessageAt).gt(col(Fsi::LastMessageReceivedAt)))
                .add(col(Fsi::LastMessageAt).lt(now - chrono::Duration::days(1)))
                .add(col(Fsi::CustomerId).not_in_subquery(customers_where(
                    enterprise_id,
                    Expr::col((Customers::Table, Customers::BlockSms)).eq(true),
                ))),
            EmailFollowUp => live.add(col(Fsi::FollowUpStep).is_in(EMAIL_FOLLOW_UP_STEPS)),
            ContactLaterLeadManager => live
                .add(col(Fsi::ContactLaterAt).is_not_null())
                .add(col(Fsi::ConversationInitiated).eq(true)),
            ContactLaterInbox => live
                .add(col(Fsi::ContactLaterAt).is_not_null())
                .add(col(Fsi::TotalInboundCount).gt(0)),
            OptedOut => live.add(col(Fsi::CustomerId).in_subquery(customers_where(
                enterprise_id,
                Expr::col((Customers::Table, Customers::BlockSms)).eq(true),
            ))),
            GmHandoff => live.add(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from(Msg::Table)
                    .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
                    .and_where(Expr::col((Msg::Table, Msg::NotificationType)).is_in([
                        "INTERNAL_NOTIFICATION_GM",
                        "INTERNAL_NOTIFICATION_GM_FOLLOW_UP",
                    ]))
                    .to_owned(),
            )),
            Archived => Cond::all().add(col(Fsi::Archived).eq(true)),
            ContactLater => live.add(col(Fsi::ContactLaterAt).is_not_null()),
            All | ErrorAlert => live,
            FirstInteraction => live.add(col(Fsi::ConversationInitiated).eq(false)).add(
                col(Fsi::CustomerId).not_in_subquery(customers_where(
                    enterprise_id,
                    Expr::col((Customers::Table, Customers::BlockSms)).eq(true),
                )),
            ),
            Automated => contacted.add(col(Fsi::AiEnabled).eq(true)),
            Email => live.add(col(Fsi::CustomerId).in_subquery(customers_where(
                enterprise_id,
                Expr::col((Customers::Table, Customers::Email)).is_not_null(),
            ))),
            OpenRepairOrder => live.add(col(Fsi::OpenRoId).is_not_null()),
            OpenRepairOrderLeadManager => contacted.add(col(Fsi::OpenRoId).is_not_null()),
            PreCsi => live.add(col(Fsi::VehicleId).is_not_null()),
            AppointmentReminder => live
                .add(col(Fsi::AppointmentSet).eq(true))
                .add(col(Fsi::AppointmentId).is_not_null()),
            FollowUpFailure => live.add(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from(Msg::Table)
                    .and_where(Expr::col((Msg::Table, Msg::FsiId)).equals((Fsi::Table, Fsi::Id)))
                    .and_where(Expr::col((Msg::Table, Msg::MessageStatus)).is_in([
                        "failed",
                        "undelivered",
                        "RESTRICTED",
                    ]))
                    .and_where(
                        Expr::col((Msg::Table, Msg::Id)).in_subquery(
                            Query::select()
                                .expr(Func::max(Expr::col((Msg::Table, Msg::Id))))
                                .from(Msg::Table)
                                .and_where(
                                    Expr::col((Msg::Table, Msg::FsiId))
                                        .equals((Fsi::Table, Fsi::Id)),
                                )
                                .and_where(Expr::col((Msg::Table, Msg::Direction)).ne("RECEIVED"))
                                .to_owned(),
                        ),
                    )
                    .to_owned(),
            )),
        }
    }
}

#[derive(Debug, Clone)]
pub struct LeadListStore {
    db: Database,
    /// How many matched customers (and vehicles) a text search passes on as ids.
    text_match_ids: u64,
}

impl LeadListStore {
    pub fn new(db: Database) -> Self {
        Self {
            db,
            text_match_ids: 2_000,
        }
    }

    /// Changes how many text-search matches are passed on as ids (tests use it to take the
    /// broad-search path on small data).
    pub fn with_text_match_ids(mut self, ids: u64) -> Self {
        self.text_match_ids = ids;
        self
    }

    /// One page of a list. The filter, count and order run on the leads table alone (joined
    /// to customers only when the filter needs them), so they can follow the list indexes; the
    /// page's rows are then read with everything the screens show.
    pub async fn search(
        &self,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        page: PageRequest,
        now: DateTime<Utc>,
    ) -> Result<Page<LeadRecord>> {
        let filtered = self.filtered(scope, list, search, now).await?;
        let mut count = filtered.clone();
        count.expr(count_all());
        let total: i64 = self.db.fetch_scalar(&count).await?;
        if total == 0 {
            return Ok(Page::new(Vec::new(), page, 0));
        }
        let (default_sort, default_desc) = list.default_sort();
        let sort = search.sort.unwrap_or(default_sort);
        let order = if search.descending.unwrap_or(default_desc) {
            Order::Desc
        } else {
            Order::Asc
        };
        let sort_expr = match sort {
            LeadSort::LastMessage => Expr::col((Fsi::Table, Fsi::LastMessageAt)),
            LeadSort::LastReceived => Expr::col((Fsi::Table, Fsi::LastMessageReceivedAt)),
            LeadSort::PlannedDate => Expr::col((Fsi::Table, Fsi::PlannedDate)),
            LeadSort::Created => Expr::col((Fsi::Table, Fsi::CreatedAt)),
            LeadSort::CustomerName => Expr::col((Customers::Table, Customers::LastName)),
            LeadSort::Unread => Expr::col((Fsi::Table, Fsi::TotalUnreadCount)),
        };
        let mut ids = filtered;
        if sort == LeadSort::CustomerName {
            ids.inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            );
        }
        // Empty values last whichever way, then a stable tie-break.
        ids.column((Fsi::Table, Fsi::Id))
            .order_by_expr_with_nulls(sort_expr, order.clone(), NullOrdering::Last)
            .order_by((Fsi::Table, Fsi::Id), order)
            .limit(page.size)
            .offset(page.offset());
        let ids: Vec<i64> = self
            .db
            .fetch_all::<(i64,)>(&ids)
            .await?
            .into_iter()
            .map(|(id,)| id)
            .collect();
        let mut rows = lead_select();
        rows.and_where(Expr::col((Fsi::Table, Fsi::Id)).is_in(ids.clone()));
        let mut found: HashMap<i64, LeadRecord> = self
            .db
            .fetch_all::<LeadRecord>(&rows)
            .await?
            .into_iter()
            .map(|lead| (lead.id, lead))
            .collect();
        let leads = ids.iter().filter_map(|id| found.remove(id)).collect();
        Ok(Page::new(leads, page, Ord::max(total, 0) as u64))
    }

    /// The ids of a list's leads matching the search, oldest first, at most `limit`.
    pub async fn ids(
        &self,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        limit: u64,
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>> {
        let mut query = self.filtered(scope, list, search, now).await?;
        query
            .column((Fsi::Table, Fsi::Id))
            .order_by((Fsi::Table, Fsi::Id), Order::Asc)
            .limit(limit);
        Ok(self
            .db
            .fetch_all::<(i64,)>(&query)
            .await?
            .into_iter()
            .map(|(id,)| id)
            .collect())
    }

    /// The milestones of these leads (one page of a list: the caller has its scope), by id.
    pub async fn milestones(&self, ids: &[i64]) -> Result<HashMap<i64, LeadMilestones>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let to_customer = || {
            Expr::col((Msg::Table, Msg::Direction))
                .ne("RECEIVED")
                .and(Expr::col((Msg::Table, Msg::MessageType)).is_in(["SMS", "EMAIL"]))
                .and(Expr::col((Msg::Table, Msg::NotificationType)).eq("MESSAGE_TO_CUSTOMER"))
                .and(Expr::col((Msg::Table, Msg::IsCompliance)).eq(false))
        };
        let received = || Expr::col((Msg::Table, Msg::Direction)).eq("RECEIVED");
        // No ELSE: the other rows are NULL, which MIN and MAX pass over.
        let when = |cond: sea_query::SimpleExpr| -> sea_query::SimpleExpr {
            Expr::case(cond, Expr::col((Msg::Table, Msg::CreatedAt))).into()
        };
        let one_if = |cond: sea_query::SimpleExpr| Expr::case(cond, 1).finally(0);
        let query = Query::select()
            .expr_as(Expr::col((Msg::Table, Msg::FsiId)), "fsi_id")
            .expr_as(Func::min(when(to_customer())), "first_contact_at")
            .expr_as(
                Func::min(when(
                    to_customer().and(Expr::col((Msg::Table, Msg::IsAutomated)).eq(true)),
                )),
                "first_automated_at",
            )
            .expr_as(
                Func::sum(one_if(
                    to_customer().and(Expr::col((Msg::Table, Msg::IsAutomated)).eq(true)),
                )),
                "automated_sent",
            )
            .expr_as(Func::min(when(received())), "first_reply_at")
            .expr_as(Func::max(when(received())), "last_reply_at")
            .expr_as(Func::sum(one_if(received())), "replies")
            .from(Msg::Table)
            .and_where(Expr::col((Msg::Table, Msg::FsiId)).is_in(ids.to_vec()))
            .group_by_col((Msg::Table, Msg::FsiId))
            .to_owned();
        #[derive(sqlx::FromRow)]
        struct Row {
            fsi_id: i64,
            first_contact_at: Option<DateTime<Utc>>,
            first_automated_at: Option<DateTime<Utc>>,
            automated_sent: Option<i64>,
            first_reply_at: Option<DateTime<Utc>>,
            last_reply_at: Option<DateTime<Utc>>,
            replies: Option<i64>,
        }
        let mut found: HashMap<i64, LeadMilestones> = self
            .db
            .fetch_all::<Row>(&query)
            .await?
            .into_iter()
            .map(|row| {
                (
                    row.fsi_id,
                    LeadMilestones {
                        fsi_id: row.fsi_id,
                        first_contact_at: row.first_contact_at,
                        // An automated opening text is the contact, not a follow-up.
                        follow_ups_sent: row.automated_sent.unwrap_or(0)
                            - i64::from(
                                row.first_automated_at.is_some()
                                    && row.first_automated_at == row.first_contact_at,
                            ),
                        first_reply_at: row.first_reply_at,
                        last_reply_at: row.last_reply_at,
                        replies: row.replies.unwrap_or(0),
                        appointment_at: None,
                    },
                )
            })
            .collect();
        let booked = Query::select()
            .column((Fsi::Table, Fsi::Id))
            .column((Appt::Table, Appt::ApptAt))
            .from(Fsi::Table)
            .inner_join(
                Appt::Table,
                Expr::col((Appt::Table, Appt::Id)).equals((Fsi::Table, Fsi::AppointmentId)),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::Id)).is_in(ids.to_vec()))
            .to_owned();
        for (fsi_id, at) in self.db.fetch_all::<(i64, DateTime<Utc>)>(&booked).await? {
            found
                .entry(fsi_id)
                .or_insert_with(|| LeadMilestones {
                    fsi_id,
                    ..LeadMilestones::default()
                })
                .appointment_at = Some(at);
        }
        Ok(found)
    }

    /// How many leads a list holds.
    pub async fn count(
        &self,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let mut query = self.filtered(scope, list, search, now).await?;
        query.expr(count_all());
        let total: i64 = self.db.fetch_scalar(&query).await?;
        Ok(Ord::max(total, 0) as u64)
    }

    /// Leads of a list per status, for the summary.
    pub async fn count_by_status(
        &self,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        now: DateTime<Utc>,
    ) -> Result<Vec<(String, i64)>> {
        let mut query = self.filtered(scope, list, search, now).await?;
        query
            .column((Fsi::Table, Fsi::Status))
            .expr(count_all())
            .group_by_col((Fsi::Table, Fsi::Status))
            .order_by((Fsi::Table, Fsi::Status), Order::Asc);
        self.db.fetch_all(&query).await
    }

    /// The leads of a list matching the search, with nothing selected yet.
    async fn filtered(
        &self,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        now: DateTime<Utc>,
    ) -> Result<SelectStatement> {
        let mut query = Query::select();
        query.from(Fsi::Table);
        self.narrow(&mut query, scope, list, search, now)?;
        if let Some(text) = search
            .search
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            query.cond_where(self.text_match(text, scope.enterprise_id).await?);
        }
        Ok(query)
    }

    fn narrow(
        &self,
        query: &mut SelectStatement,
        scope: &Scope,
        list: LeadList,
        search: &LeadSearch,
        now: DateTime<Utc>,
    ) -> Result<()> {
        scope.restrict(query, Fsi::Table, true);
        query.cond_where(list.condition(now, scope.enterprise_id));
        if !search.boc_ids.is_empty() {
            query.and_where(Expr::col((Fsi::Table, Fsi::BocId)).is_in(search.boc_ids.clone()));
        }
        if !search.store_ids.is_empty() {
            query.and_where(Expr::col((Fsi::Table, Fsi::StoreId)).is_in(search.store_ids.clone()));
        }
        if !search.service_types.is_empty() {
            query.and_where(
                Expr::col((Fsi::Table, Fsi::ServiceType)).is_in(search.service_types.clone()),
            );
        }
        if !search.statuses.is_empty() {
            query.and_where(Expr::col((Fsi::Table, Fsi::Status)).is_in(search.statuses.clone()));
        }
        if let Some(ai) = search.ai_enabled {
            query.and_where(Expr::col((Fsi::Table, Fsi::AiEnabled)).eq(ai));
        }
        if let Some(set) = search.appointment_set {
            query.and_where(Expr::col((Fsi::Table, Fsi::AppointmentSet)).eq(set));
        }
        if let Some(required) = search.response_reqd {
            query.and_where(Expr::col((Fsi::Table, Fsi::ResponseReqd)).eq(required));
        }
        if search.unread_only {
            query.and_where(Expr::col((Fsi::Table, Fsi::TotalUnreadCount)).gt(0));
        }
        DayRange::check_order(search.start_date, search.end_date, START_END)?;
        let from = search
            .start_date
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|d| d.and_utc());
        let until = search
            .end_date
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|d| d.and_utc());
        if from.is_some() || until.is_some() {
            self.date_range(query, list, from, until);
        }
        Ok(())
    }

    /// Leads of the customers and vehicles the text matches. The matches are found first and,
    /// when there are few, passed on as ids, so the leads are read through their `customer_id`
    /// and `vehicle_id` indexes (neither database plans `IN (subquery) OR IN (subquery)` that
    /// way); a broad search stays a subquery, since most leads match it anyway.
    async fn text_match(&self, text: &str, enterprise_id: i64) -> Result<Cond> {
        let mut customers = customers_where(enterprise_id, customer_text_match(text)?);
        let mut vehicles = vehicles_matching(text, enterprise_id)?;
        let customer_ids: Vec<(i64,)> = self
            .db
            .fetch_all(customers.clone().limit(self.text_match_ids + 1))
            .await?;
        let vehicle_ids: Vec<(i64,)> = self
            .db
            .fetch_all(vehicles.clone().limit(self.text_match_ids + 1))
            .await?;
        let few = |ids: &[(i64,)]| ids.len() as u64 <= self.text_match_ids;
        if !(few(&customer_ids) && few(&vehicle_ids)) {
            return Ok(Cond::any()
                .add(Expr::col((Fsi::Table, Fsi::CustomerId)).in_subquery(customers.take()))
                .add(Expr::col((Fsi::Table, Fsi::VehicleId)).in_subquery(vehicles.take())));
        }
        // Only the sides that matched: SQLite does not drop an always-false `OR` branch, and
        // one would send it through the whole list.
        let mut cond = Cond::any();
        for (column, ids) in [
            (Fsi::CustomerId, customer_ids),
            (Fsi::VehicleId, vehicle_ids),
        ] {
            if !ids.is_empty() {
                cond = cond
                    .add(Expr::col((Fsi::Table, column)).is_in(ids.into_iter().map(|(id,)| id)));
            }
        }
        if cond.is_empty() {
            // Nothing matched: a condition no lead meets.
            cond = cond.add(Expr::col((Fsi::Table, Fsi::Id)).is_in(Vec::<i64>::new()));
        }
        Ok(cond)
    }

    fn date_range(
        &self,
        query: &mut SelectStatement,
        list: LeadList,
        from: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) {
        let within = |column: Expr| {
            let mut cond = Cond::all();
            if let Some(from) = from {
                cond = cond.add(column.clone().gte(from));
            }
            if let Some(until) = until {
                cond = cond.add(column.lt(until));
            }
            cond
        };
        match list.date_column() {
            DateColumn::Lead(Fsi::PlannedDate) => {
                let mut cond = Cond::all();
                if let Some(from) = from {
                    cond =
                        cond.add(Expr::col((Fsi::Table, Fsi::PlannedDate)).gte(from.date_naive()));
                }
                if let Some(until) = until {
                    cond =
                        cond.add(Expr::col((Fsi::Table, Fsi::PlannedDate)).lt(until.date_naive()));
                }
                query.cond_where(cond);
            }
            DateColumn::Lead(column) => {
                query.cond_where(within(Expr::col((Fsi::Table, column))));
            }
            DateColumn::Appointment => {
                let mut appointments = Query::select();
                appointments
                    .column((Appt::Table, Appt::Id))
                    .from(Appt::Table)
                    .cond_where(within(Expr::col((Appt::Table, Appt::ApptAt))));
                query.and_where(
                    Expr::col((Fsi::Table, Fsi::AppointmentId)).in_subquery(appointments),
                );
            }
            DateColumn::RepairOrderClosed => {
                let mut closed = Query::select();
                closed
                    .expr(Expr::val(1))
                    .from(RepairOrders::Table)
                    .and_where(
                        Expr::col((RepairOrders::Table, RepairOrders::VehicleId))
                            .equals((Fsi::Table, Fsi::VehicleId)),
                    )
                    .and_where(
                        Expr::col((RepairOrders::Table, RepairOrders::StatusCode)).eq("CLOSED"),
                    );
                let mut cond = Cond::all();
                if let Some(from) = from {
                    cond = cond.add(
                        Expr::col((RepairOrders::Table, RepairOrders::ClosedDate))
                            .gte(from.date_naive()),
                    );
                }
                if let Some(until) = until {
                    cond = cond.add(
                        Expr::col((RepairOrders::Table, RepairOrders::ClosedDate))
                            .lt(until.date_naive()),
                    );
                }
                closed.cond_where(cond);
                query.and_where(Expr::exists(closed));
            }
        }
    }
}

/// `COUNT(*)`: SQLite answers it from any covering index, where `COUNT(id)` reads each row.
fn count_all() -> Expr {
    Expr::col(sea_query::Asterisk).count()
}

/// The ids of the enterprise's customers matching a condition.
fn customers_where(
    enterprise_id: i64,
    condition: impl sea_query::IntoCondition,
) -> SelectStatement {
    Query::select()
        .column((Customers::Table, Customers::Id))
        .from(Customers::Table)
        .and_where(Expr::col((Customers::Table, Customers::EnterpriseId)).eq(enterprise_id))
        .cond_where(condition)
        .to_owned()
}

/// Customers whose name (first, last or both, any case), mobile digits or customer number
/// match the search text.
fn customer_text_match(text: &str) -> Result<Cond> {
    let pattern = like_pattern(text)?;
    let like = |e: Expr| e.like(LikeExpr::new(pattern.clone()).escape('\\'));
    let concat = sea_query::BinOper::Custom("||");
    let full_name = Func::lower(
        Expr::col((Customers::Table, Customers::FirstName))
            .binary(concat, Expr::val(" "))
            .binary(concat, Expr::col((Customers::Table, Customers::LastName))),
    );
    // The full name holds the last name, so one pattern covers first, last and both.
    let mut cond = Cond::any().add(like(full_name.into())).add(like(
        Func::lower(Expr::col((Customers::Table, Customers::Custno))).into(),
    ));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if digits.len() >= 3 {
        cond = cond.add(
            Expr::col((Customers::Table, Customers::Cellular))
                .like(LikeExpr::new(format!("%{digits}%"))),
        );
    }
    Ok(cond)
}

/// The enterprise's vehicles whose VIN holds the search text.
fn vehicles_matching(text: &str, enterprise_id: i64) -> Result<SelectStatement> {
    Ok(Query::select()
        .column((Vehicles::Table, Vehicles::Id))
        .from(Vehicles::Table)
        .and_where(Expr::col((Vehicles::Table, Vehicles::EnterpriseId)).eq(enterprise_id))
        .and_where(
            Func::lower(Expr::col((Vehicles::Table, Vehicles::Vin)))
                .like(LikeExpr::new(like_pattern(text)?).escape('\\')),
        )
        .to_owned())
}
