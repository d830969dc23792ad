//! Bulk conversation initiation: planning a run from a request, the dry run, and settling each
//! lead of a run exactly once.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, Utc};

use super::{
    BulkInitiationInput, BulkOutcome, BulkSelection, BulkSkipReason, BulkTemplate, TemplateSource,
};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::{MANAGER_ROLES, PhoneNumber};
use crate::error::{Error, Result};
use crate::messaging::{MessagingService, Notice, allowed_hours_opening};
use crate::store::bulk_initiations::{
    BulkInitiationStore, BulkLeadResult, BulkLeadRow, NewBulkLead,
};
use crate::store::lead_lists::{LeadList, LeadListStore, LeadSearch};
use crate::store::leads::{LeadRecord, LeadStore};
use crate::store::messages::MessageRecord;
use crate::store::recipients::RecipientStore;
use crate::store::settings::SettingsStore;
use crate::store::templates::TemplateStore;
use crate::store::tenancy::TenancyStore;
use crate::templates::service::TemplateService;
use crate::templates::{ANY_SERVICE_TYPE, Division, Moc, check_service_type};

/// Most leads one run texts. Past this a list is too broad to confirm by eye: narrow it.
pub const MAX_BULK_LEADS: usize = 20_000;

/// Most leads a dry run lists one by one (its counts cover them all).
const MAX_DRY_RUN_ROWS: usize = 1_000;

/// A template a request picks for a service type.
#[derive(Debug, Clone)]
pub struct TemplatePick {
    pub service_type: String,
    pub template_id: i64,
    /// CUSTOM (the default) or STANDARD.
    pub source: Option<String>,
}

/// A bulk initiation as a request asks for it, before any check.
#[derive(Debug, Clone, Default)]
pub struct BulkRequest {
    pub lead_ids: Vec<i64>,
    pub list: Option<String>,
    /// The search payload, its stores and dealers already checked against the scope.
    pub filter: Option<LeadSearch>,
    pub templates: Vec<TemplatePick>,
}

/// What a run would do, before it is confirmed.
#[derive(Debug, Clone, Default)]
pub struct DryRun {
    pub total: u64,
    pub to_send: u64,
    pub deferred: u64,
    pub skipped: u64,
    pub by_reason: BTreeMap<&'static str, u64>,
    /// The first leads, one by one.
    pub rows: Vec<DryRunRow>,
}

#[derive(Debug, Clone)]
pub struct DryRunRow {
    pub fsi_id: i64,
    pub customer_name: String,
    pub customer_cellular: Option<String>,
    pub store_name: String,
    pub service_type: String,
    /// SENT (would be texted now), DEFERRED or SKIPPED.
    pub outcome: BulkOutcome,
    pub reason: Option<BulkSkipReason>,
    pub detail: Option<String>,
    pub deferred_until: Option<DateTime<Utc>>,
    /// The text the customer would get.
    pub text: Option<String>,
}

/// How one lead of a run was settled.
#[derive(Debug, Default)]
pub struct Settled {
    pub result: BulkLeadResult,
    /// The text queued now (its send job is the dispatcher's to start).
    pub message: Option<MessageRecord>,
    pub notices: Vec<Notice>,
}

/// What one lead's rules say.
enum Assessment {
    Send {
        text: String,
        deferred_until: Option<DateTime<Utc>>,
    },
    Skip(BulkSkipReason, Option<String>),
}

/// What assessing many leads looks up once.
#[derive(Default)]
struct Lookups {
    /// Whether the store has an assistant with a number to text from.
    assistant: HashMap<i64, bool>,
    /// Each service type's standard opening text, if it has one.
    standard: HashMap<String, Option<String>>,
    /// Customers a dry run has already counted as texted.
    customers: HashSet<i64>,
}

#[derive(Debug, Clone)]
pub struct BulkInitiation {
    results: BulkInitiationStore,
    leads: LeadStore,
    lists: LeadListStore,
    recipients: RecipientStore,
    settings: SettingsStore,
    templates: TemplateStore,
    rendering: TemplateService,
    tenancy: TenancyStore,
    messaging: MessagingService,
}

impl BulkInitiation {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self {
            results: BulkInitiationStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            lists: LeadListStore::new(db.clone()),
            recipients: RecipientStore::new(db.clone()),
            settings: SettingsStore::new(db.clone()),
            templates: TemplateStore::new(db.clone()),
            rendering: TemplateService::new(db.clone()),
            tenancy: TenancyStore::new(db),
            messaging,
        }
    }

    pub fn results(&self) -> &BulkInitiationStore {
        &self.results
    }

    /// Checks a request and builds the run's input: the manager roles start bulk runs; leads,
    /// stores and templates must all be the requester's to see (else not found).
    pub async fn plan(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: BulkRequest,
    ) -> Result<BulkInitiationInput> {
        caller.require_any(MANAGER_ROLES)?;
        let mut lead_ids = request.lead_ids;
        let mut seen = HashSet::new();
        lead_ids.retain(|id| seen.insert(*id));
        let store_ids = if request.list.is_some() {
            if !lead_ids.is_empty() {
                return Err(Error::invalid("Give either leadIds or a list, not both"));
            }
            let filter = request.filter.clone().unwrap_or_default();
            let stores = self.tenancy.stores(scope).await?;
            let mut ids: Vec<i64> = stores
                .iter()
                .filter(|s| filter.boc_ids.is_empty() || filter.boc_ids.contains(&s.boc_id))
                .filter(|s| filter.store_ids.is_empty() || filter.store_ids.contains(&s.id))
                .map(|s| s.id)
                .collect();
            ids.sort_unstable();
            ids
        } else {
            if lead_ids.len() > MAX_BULK_LEADS {
                return Err(Error::invalid(format!(
                    "leadIds may list at most {MAX_BULK_LEADS} leads"
                )));
            }
            let found = self.leads.get_many(scope, &lead_ids).await?;
            let known: HashSet<i64> = found.iter().map(|l| l.id).collect();
            if let Some(missing) = lead_ids.iter().find(|id| !known.contains(id)) {
                return Err(Error::not_found(format!("Lead {missing} not found")));
            }
            let mut ids: Vec<i64> = found.iter().map(|l| l.store_id).collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let mut templates = Vec::with_capacity(request.templates.len());
        for pick in request.templates {
            templates.push(self.chosen_template(caller, scope, pick).await?);
        }
        let input = BulkInitiationInput {
            enterprise_id: scope.enterprise_id,
            boc_id: scope.boc_id,
            store_id: scope.store_id,
            store_ids,
            selection: BulkSelection {
                lead_ids,
                list: request.list,
                filter: request.filter,
            },
            templates,
        };
        crate::domain::JobInput::check(&input)?;
        Ok(input)
    }

    async fn chosen_template(
        &self,
        caller: &Caller,
        scope: &Scope,
        pick: TemplatePick,
    ) -> Result<BulkTemplate> {
        let service_type = check_service_type(&pick.service_type)?;
        let source = match pick.source.as_deref().map(str::trim) {
            None | Some("") => TemplateSource::Custom,
            Some(text) => text
                .to_ascii_uppercase()
                .parse()
                .map_err(|_| Error::invalid("templateSource must be CUSTOM or STANDARD"))?,
        };
        let (title, body) = match source {
            TemplateSource::Custom => self
                .templates
                .get_custom(scope.enterprise_id, caller.user_id, pick.template_id)
                .await?
                .map(|t| (t.title, t.body)),
            TemplateSource::Standard => self
                .templates
                .get_standard(scope.enterprise_id, pick.template_id)
                .await?
                .map(|t| (t.title, t.body)),
        }
        .ok_or_else(|| Error::not_found(format!("Template {} not found", pick.template_id)))?;
        Ok(BulkTemplate {
            service_type,
            template_id: pick.template_id,
            source,
            title,
            body,
        })
    }

    /// The ids of the leads a run texts, as the selection finds them now.
    async fn selected(&self, input: &BulkInitiationInput, now: DateTime<Utc>) -> Result<Vec<i64>> {
        let selection = &input.selection;
        let Some(list) = &selection.list else {
            return Ok(selection.lead_ids.clone());
        };
        let list = LeadList::from_name(list)?;
        let filter = selection.filter.clone().unwrap_or_default();
        let ids = self
            .lists
            .ids(
                &input.scope(),
                list,
                &filter,
                MAX_BULK_LEADS as u64 + 1,
                now,
            )
            .await?;
        if ids.len() > MAX_BULK_LEADS {
            return Err(Error::invalid(format!(
                "The selection holds more than {MAX_BULK_LEADS} leads; narrow the filter"
            )));
        }
        Ok(ids)
    }

    /// Who a run would text now, later or not at all, and why; nothing is written.
    pub async fn dry_run(&self, input: &BulkInitiationInput, now: DateTime<Utc>) -> Result<DryRun> {
        let scope = input.scope();
        let ids = self.selected(input, now).await?;
        let mut lookups = Lookups::default();
        let mut report = DryRun::default();
        for chunk in ids.chunks(500) {
            for lead in self.leads.get_many(&scope, chunk).await? {
                let assessment = self
                    .assess(&scope, input, &lead, None, &mut lookups, now)
                    .await?;
                report.total += 1;
                let (outcome, reason, detail, deferred_until, text) = match assessment {
                    Assessment::Send {
                        text,
                        deferred_until,
                    } => {
                        lookups.customers.insert(lead.customer_id);
                        if deferred_until.is_some() {
                            report.deferred += 1;
                        } else {
                            report.to_send += 1;
                        }
                        let outcome = if deferred_until.is_some() {
                            BulkOutcome::Deferred
                        } else {
                            BulkOutcome::Sent
                        };
                        (outcome, None, None, deferred_until, Some(text))
                    }
                    Assessment::Skip(reason, detail) => {
                        report.skipped += 1;
                        *report.by_reason.entry(reason.as_str()).or_default() += 1;
                        (BulkOutcome::Skipped, Some(reason), detail, None, None)
                    }
                };
                if report.rows.len() < MAX_DRY_RUN_ROWS {
                    report.rows.push(DryRunRow {
                        fsi_id: lead.id,
                        customer_name: format!(
                            "{} {}",
                            lead.customer_first_name, lead.customer_last_name
                        ),
                        customer_cellular: lead.customer_cellular.clone(),
                        store_name: lead.store_name.clone(),
                        service_type: lead.service_type.clone(),
                        outcome,
                        reason,
                        detail,
                        deferred_until,
                        text,
                    });
                }
            }
        }
        Ok(report)
    }

    /// Fixes the run's leads when it first starts (a resumed run keeps the ones it has).
    /// Answers how many it holds.
    pub async fn prepare(
        &self,
        run_id: i64,
        input: &BulkInitiationInput,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let held = self.results.lead_count(run_id).await?;
        if held > 0 {
            return Ok(held);
        }
        let ids = self.selected(input, now).await?;
        let mut leads = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            leads.extend(
                self.leads
                    .get_many(&input.scope(), chunk)
                    .await?
                    .into_iter()
                    .map(|lead| NewBulkLead {
                        store_id: lead.store_id,
                        fsi_id: lead.id,
                        customer_id: lead.customer_id,
                        service_type: lead.service_type,
                    }),
            );
        }
        self.results
            .insert_pending(run_id, input.enterprise_id, &leads, now)
            .await?;
        self.results.lead_count(run_id).await
    }

    /// The run's next leads to settle.
    pub async fn next(&self, run_id: i64, limit: u64) -> Result<Vec<BulkLeadRow>> {
        self.results.next_unsettled(run_id, limit).await
    }

    /// Settles one lead of the run: texts it (now or in its allowed hours) or records why not.
    /// A lead an interrupted attempt had claimed is settled from the text it queued, if any,
    /// so nobody is texted twice.
    pub async fn settle(
        &self,
        run_id: i64,
        input: &BulkInitiationInput,
        row: &BulkLeadRow,
        now: DateTime<Utc>,
    ) -> Result<Settled> {
        let mut lookups = Lookups::default();
        if row.outcome == BulkOutcome::Sending {
            let since = row.claimed_at.unwrap_or(now);
            if let Some((message_id, held_until)) =
                self.results.text_queued_since(row.fsi_id, since).await?
            {
                let result = BulkLeadResult {
                    outcome: Some(if held_until.is_some() {
                        BulkOutcome::Deferred
                    } else {
                        BulkOutcome::Sent
                    }),
                    message_id: Some(message_id),
                    scheduled_for: held_until,
                    ..BulkLeadResult::default()
                };
                self.results.finish(row.id, &result, now).await?;
                return Ok(Settled {
                    result,
                    ..Settled::default()
                });
            }
        } else if !self.results.claim(row.id, now).await? {
            return Ok(Settled::default());
        }
        let scope = input.scope();
        let result = match self.leads.get(&scope, row.fsi_id).await? {
            None => skipped(BulkSkipReason::LeadUnavailable, None),
            Some((lead, _)) => {
                match self
                    .assess(
                        &scope,
                        input,
                        &lead,
                        Some((run_id, row.id)),
                        &mut lookups,
                        now,
                    )
                    .await?
                {
                    Assessment::Skip(reason, detail) => skipped(reason, detail),
                    Assessment::Send { text, .. } => {
                        match self
                            .messaging
                            .start_conversation(&scope, lead.id, text, now)
                            .await
                        {
                            Ok((message, notices)) => {
                                let result = BulkLeadResult {
                                    outcome: Some(if message.scheduled_for.is_some() {
                                        BulkOutcome::Deferred
                                    } else {
                                        BulkOutcome::Sent
                                    }),
                                    message_id: Some(message.id),
                                    scheduled_for: message.scheduled_for,
                                    ..BulkLeadResult::default()
                                };
                                self.results.finish(row.id, &result, now).await?;
                                return Ok(Settled {
                                    result,
                                    message: Some(message),
                                    notices,
                                });
                            }
                            Err(Error::Database(error)) => return Err(Error::Database(error)),
                            Err(error) => BulkLeadResult {
                                outcome: Some(BulkOutcome::Failed),
                                detail: Some(error.to_string()),
                                ..BulkLeadResult::default()
                            },
                        }
                    }
                }
            }
        };
        self.results.finish(row.id, &result, now).await?;
        Ok(Settled {
            result,
            ..Settled::default()
        })
    }

    /// The rules for texting one lead now, first reason first.
    async fn assess(
        &self,
        scope: &Scope,
        input: &BulkInitiationInput,
        lead: &LeadRecord,
        run: Option<(i64, i64)>,
        lookups: &mut Lookups,
        now: DateTime<Utc>,
    ) -> Result<Assessment> {
        use BulkSkipReason::*;
        let skip = |reason| Ok(Assessment::Skip(reason, None));
        let Some(recipient) = self.recipients.recipient(lead.customer_id).await? else {
            return skip(LeadUnavailable);
        };
        if recipient.block_sms {
            return skip(OptedOut);
        }
        let mobile = recipient
            .customer_cellular
            .as_deref()
            .map(PhoneNumber::parse);
        if !matches!(mobile, Some(Ok(_))) {
            return skip(NoMobile);
        }
        if recipient.customer_line_type.as_deref() == Some("LANDLINE") {
            return skip(Landline);
        }
        if lead.conversation_initiated && !lead.conversation_closed {
            return skip(AlreadyStarted);
        }
        let in_run = match run {
            Some((run_id, row_id)) => {
                self.results
                    .customer_texted_in_run(run_id, lead.customer_id, row_id)
                    .await?
            }
            None => lookups.customers.contains(&lead.customer_id),
        };
        if in_run {
            return skip(CustomerInRun);
        }
        if self.leads.other_open_conversation(lead).await?.is_some() {
            return skip(OtherInteraction);
        }
        if self.leads.contacted_for_same_service(lead).await? {
            return skip(AlreadyContacted);
        }
        if !lead.ai_enabled || !lead.customer_ai_enabled {
            return skip(AiOff);
        }
        if !self.has_assistant(scope, lead.store_id, lookups).await? {
            return skip(NoAssistant);
        }
        let Some(body) = self
            .template_body(input, &lead.service_type, lookups)
            .await?
        else {
            return skip(NoTemplate);
        };
        let rendered = self
            .rendering
            .render_for_lead(scope, lead.id, Division::Service, &body)
            .await?;
        if !rendered.missing.is_empty() {
            let fields: Vec<&str> = rendered.missing.iter().map(|f| f.key).collect();
            return Ok(Assessment::Skip(
                MissingTemplateField,
                Some(fields.join(", ")),
            ));
        }
        Ok(Assessment::Send {
            text: rendered.sms_text,
            deferred_until: allowed_hours_opening(&recipient, now)?,
        })
    }

    async fn has_assistant(
        &self,
        scope: &Scope,
        store_id: i64,
        lookups: &mut Lookups,
    ) -> Result<bool> {
        if let Some(known) = lookups.assistant.get(&store_id) {
            return Ok(*known);
        }
        let has = self
            .settings
            .assistants(
                scope,
                None,
                Some(store_id),
                Some(Division::Service.as_str()),
            )
            .await?
            .iter()
            .any(|a| {
                a.agent_phone_number
                    .as_deref()
                    .is_some_and(|p| !p.trim().is_empty())
            });
        lookups.assistant.insert(store_id, has);
        Ok(has)
    }

    /// The body a lead of `service_type` is texted: the run's template for its type, the
    /// run's `ALL` template, else the type's standard text.
    async fn template_body(
        &self,
        input: &BulkInitiationInput,
        service_type: &str,
        lookups: &mut Lookups,
    ) -> Result<Option<String>> {
        let chosen = |wanted: &str| {
            input
                .templates
                .iter()
                .find(|t| t.service_type == wanted)
                .map(|t| t.body.clone())
        };
        if let Some(body) = chosen(service_type).or_else(|| chosen(ANY_SERVICE_TYPE)) {
            return Ok(Some(body));
        }
        if let Some(known) = lookups.standard.get(service_type) {
            return Ok(known.clone());
        }
        let standard = self
            .templates
            .standard_by_code(
                input.enterprise_id,
                Division::Service,
                &format!("SVC-{service_type}"),
                Moc::Sms,
            )
            .await?
            .map(|t| t.body);
        lookups
            .standard
            .insert(service_type.to_owned(), standard.clone());
        Ok(standard)
    }
}

fn skipped(reason: BulkSkipReason, detail: Option<String>) -> BulkLeadResult {
    BulkLeadResult {
        outcome: Some(BulkOutcome::Skipped),
        reason: Some(reason),
        detail,
        ..BulkLeadResult::default()
    }
}
