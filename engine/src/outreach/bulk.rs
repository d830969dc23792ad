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
use crate::messaging::{MessagingService, Notice, Opening, allowed_hours_opening};
use crate::store::bulk_initiations::{
    BulkInitiationStore, BulkLeadResult, BulkLeadRow, NewBulkLead,
};
use crate::store::lead_lists::{LeadList, LeadListStore, LeadSearch};
use crate::store::leads::{LeadRecord, LeadStore, StartedLead};
use crate::store::recipients::{Recipient, RecipientStore};
use crate::store::settings::{AssistantRecord, SettingsStore};
use crate::store::templates::TemplateStore;
use crate::store::tenancy::TenancyStore;
use crate::templates::service::TemplateService;
use wording::templates::values::{FieldValues, LeadFacts};
use wording::templates::{ANY_SERVICE_TYPE, Division, Moc, check_service_type, render};

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
    pub store_id: i64,
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

/// What the rules say about texting one lead.
enum Assessment {
    Send {
        text: String,
        deferred_until: Option<DateTime<Utc>>,
    },
    Skip(BulkSkipReason, Option<String>),
}

/// What the rules read for a batch of leads, in one query each.
#[derive(Default)]
struct BatchFacts {
    /// By customer.
    recipients: HashMap<i64, Recipient>,
    /// By customer: their leads whose conversation was started.
    started: HashMap<i64, Vec<StartedLead>>,
    /// Customers earlier batches of the run texted.
    texted_in_run: HashSet<i64>,
    /// By lead: what its template's fields are filled with.
    facts: HashMap<i64, LeadFacts>,
}

/// What assessing a whole run looks up once.
#[derive(Default)]
struct Lookups {
    /// Each store's texting assistant, if it has one.
    assistants: HashMap<i64, Option<AssistantRecord>>,
    /// Each service type's standard opening text, if it has one.
    standard: HashMap<String, Option<String>>,
}

#[derive(Debug, Clone)]
pub struct BulkInitiation {
    results: BulkInitiationStore,
    leads: LeadStore,
    lists: LeadListStore,
    recipients: RecipientStore,
    templates: TemplateStore,
    rendering: TemplateService,
    tenancy: TenancyStore,
    stores: SettingsStore,
    messaging: MessagingService,
}

impl BulkInitiation {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self {
            results: BulkInitiationStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            lists: LeadListStore::new(db.clone()),
            recipients: RecipientStore::new(db.clone()),
            templates: TemplateStore::new(db.clone()),
            rendering: TemplateService::new(db.clone()),
            stores: SettingsStore::new(db.clone()),
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
        // A store whose assistant does not start conversations is not texted in bulk: the
        // run names the stores to leave out (a list's filter can).
        let silent = self.stores.stores_without_initializer(&store_ids).await?;
        if !silent.is_empty() {
            return Err(Error::Conflict(format!(
                "The assistant of store {} does not start conversations (initializerProcessEnabled is off)",
                silent
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
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
        let mut texted = HashSet::new();
        let mut report = DryRun::default();
        for chunk in ids.chunks(500) {
            let leads = self.leads.get_many(&scope, chunk).await?;
            let facts = self
                .read_facts(&scope, input, &leads, None, &mut lookups)
                .await?;
            for lead in &leads {
                let assessment = assess(input, lead, &facts, &lookups, &mut texted, now)?;
                report.total += 1;
                let (outcome, reason, detail, deferred_until, text) = match assessment {
                    Assessment::Send {
                        text,
                        deferred_until,
                    } => {
                        let outcome = if deferred_until.is_some() {
                            report.deferred += 1;
                            BulkOutcome::Deferred
                        } else {
                            report.to_send += 1;
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
                        store_id: lead.store_id,
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

    /// Settles a batch of the run's leads: claims them, reads what the rules need for all
    /// of them at once, and texts (now or in their allowed hours) every one the rules allow in
    /// one transaction, recording why for the others. A lead an interrupted attempt had
    /// claimed is settled from the text it queued, if any, so nobody is texted twice.
    /// Answers what changed, for the realtime stream.
    pub async fn settle(
        &self,
        run_id: i64,
        input: &BulkInitiationInput,
        rows: &[BulkLeadRow],
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let mut results: Vec<(i64, BulkLeadResult)> = Vec::new();
        let mut claimed: Vec<&BulkLeadRow> = Vec::new();
        for row in rows.iter().filter(|r| r.outcome == BulkOutcome::Sending) {
            let since = row.claimed_at.unwrap_or(now);
            match self.results.text_queued_since(row.fsi_id, since).await? {
                Some((message_id, held_until)) => {
                    results.push((row.id, texted(message_id, held_until)));
                }
                None => claimed.push(row),
            }
        }
        let pending: Vec<i64> = rows
            .iter()
            .filter(|r| r.outcome == BulkOutcome::Pending)
            .map(|r| r.id)
            .collect();
        let newly: HashSet<i64> = self
            .results
            .claim(&pending, now)
            .await?
            .into_iter()
            .collect();
        claimed.extend(rows.iter().filter(|r| newly.contains(&r.id)));

        let scope = input.scope();
        let fsi_ids: Vec<i64> = claimed.iter().map(|r| r.fsi_id).collect();
        let leads = self.leads.get_many(&scope, &fsi_ids).await?;
        let row_ids: Vec<i64> = claimed.iter().map(|r| r.id).collect();
        let mut lookups = Lookups::default();
        let facts = self
            .read_facts(
                &scope,
                input,
                &leads,
                Some((run_id, &row_ids)),
                &mut lookups,
            )
            .await?;
        let leads: HashMap<i64, &LeadRecord> = leads.iter().map(|l| (l.id, l)).collect();
        let mut texted_now = HashSet::new();
        let mut openings = Vec::new();
        for row in &claimed {
            let Some(lead) = leads.get(&row.fsi_id) else {
                results.push((row.id, skipped(BulkSkipReason::LeadUnavailable, None)));
                continue;
            };
            match assess(input, lead, &facts, &lookups, &mut texted_now, now)? {
                Assessment::Skip(reason, detail) => results.push((row.id, skipped(reason, detail))),
                Assessment::Send { text, .. } => openings.push((
                    row.id,
                    Opening {
                        lead,
                        recipient: &facts.recipients[&lead.customer_id],
                        assistant: lookups
                            .assistants
                            .get(&lead.store_id)
                            .and_then(Option::as_ref),
                        content: text,
                    },
                )),
            }
        }
        let (row_ids, openings): (Vec<i64>, Vec<Opening>) = openings.into_iter().unzip();
        let mut notices = Vec::new();
        for (row_id, opened) in row_ids
            .into_iter()
            .zip(self.messaging.open_conversations(openings, now).await?)
        {
            let result = match opened {
                Ok(opened) => {
                    notices.extend(opened.notices);
                    texted(opened.message_id, opened.scheduled_for)
                }
                Err(error) => BulkLeadResult {
                    outcome: Some(BulkOutcome::Failed),
                    detail: Some(error.to_string()),
                    ..BulkLeadResult::default()
                },
            };
            results.push((row_id, result));
        }
        self.results.finish(&results, now).await?;
        Ok(notices)
    }

    /// Reads what the rules need for a batch of leads (and the stores' assistants and
    /// standard texts the run has not looked up yet).
    async fn read_facts(
        &self,
        scope: &Scope,
        input: &BulkInitiationInput,
        leads: &[LeadRecord],
        run: Option<(i64, &[i64])>,
        lookups: &mut Lookups,
    ) -> Result<BatchFacts> {
        let mut customer_ids: Vec<i64> = leads.iter().map(|l| l.customer_id).collect();
        customer_ids.sort_unstable();
        customer_ids.dedup();
        let mut facts = BatchFacts::default();
        for recipient in self.recipients.recipients_of(&customer_ids).await? {
            facts.recipients.insert(recipient.customer_id, recipient);
        }
        for started in self.leads.started_of_customers(&customer_ids).await? {
            facts
                .started
                .entry(started.customer_id)
                .or_default()
                .push(started);
        }
        if let Some((run_id, batch)) = run {
            facts.texted_in_run = self
                .results
                .customers_texted_in_run(run_id, &customer_ids, batch)
                .await?;
        }
        for (lead, lead_facts) in leads.iter().zip(
            self.rendering
                .store()
                .facts_of(leads.to_vec(), Division::Service)
                .await?,
        ) {
            facts.facts.insert(lead.id, lead_facts);
        }
        for lead in leads {
            if let std::collections::hash_map::Entry::Vacant(entry) =
                lookups.assistants.entry(lead.store_id)
            {
                let assistant = self
                    .messaging
                    .texting_assistant(scope, lead.store_id)
                    .await?;
                entry.insert(assistant);
            }
            if !lookups.standard.contains_key(&lead.service_type)
                && chosen_body(input, &lead.service_type).is_none()
            {
                let standard = self
                    .templates
                    .standard_by_code(
                        input.enterprise_id,
                        Division::Service,
                        &format!("SVC-{}", lead.service_type),
                        Moc::Sms,
                    )
                    .await?
                    .map(|t| t.body);
                lookups.standard.insert(lead.service_type.clone(), standard);
            }
        }
        Ok(facts)
    }
}

/// The rules for texting one lead now, first reason first. A lead texted is added to
/// `texted` (its customer's other leads in the run are then skipped).
fn assess(
    input: &BulkInitiationInput,
    lead: &LeadRecord,
    facts: &BatchFacts,
    lookups: &Lookups,
    texted: &mut HashSet<i64>,
    now: DateTime<Utc>,
) -> Result<Assessment> {
    use BulkSkipReason::*;
    let skip = |reason| Ok(Assessment::Skip(reason, None));
    let Some(recipient) = facts.recipients.get(&lead.customer_id) else {
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
    if facts.texted_in_run.contains(&lead.customer_id) || texted.contains(&lead.customer_id) {
        return skip(CustomerInRun);
    }
    let started = facts
        .started
        .get(&lead.customer_id)
        .map(Vec::as_slice)
        .unwrap_or_default();
    if started.iter().any(|s| s.is_other_open_conversation(lead)) {
        return skip(OtherInteraction);
    }
    if started.iter().any(|s| s.contacted_for_same_service(lead)) {
        return skip(AlreadyContacted);
    }
    if !lead.ai_enabled || !lead.customer_ai_enabled {
        return skip(AiOff);
    }
    if lookups
        .assistants
        .get(&lead.store_id)
        .is_none_or(Option::is_none)
    {
        return skip(NoAssistant);
    }
    let body = chosen_body(input, &lead.service_type)
        .or_else(|| lookups.standard.get(&lead.service_type).cloned().flatten());
    let Some(body) = body else {
        return skip(NoTemplate);
    };
    let Some(lead_facts) = facts.facts.get(&lead.id) else {
        return skip(LeadUnavailable);
    };
    let rendered = render(&body, &FieldValues::of(lead_facts))?;
    if !rendered.missing.is_empty() {
        let fields: Vec<&str> = rendered.missing.iter().map(|f| f.key).collect();
        return Ok(Assessment::Skip(
            MissingTemplateField,
            Some(fields.join(", ")),
        ));
    }
    texted.insert(lead.customer_id);
    Ok(Assessment::Send {
        text: rendered.sms_text,
        deferred_until: allowed_hours_opening(recipient, now)?,
    })
}

/// The run's own template for a service type: the type's, else the run's `ALL` one.
fn chosen_body(input: &BulkInitiationInput, service_type: &str) -> Option<String> {
    let chosen = |wanted: &str| {
        input
            .templates
            .iter()
            .find(|t| t.service_type == wanted)
            .map(|t| t.body.clone())
    };
    chosen(service_type).or_else(|| chosen(ANY_SERVICE_TYPE))
}

fn texted(message_id: i64, held_until: Option<DateTime<Utc>>) -> BulkLeadResult {
    BulkLeadResult {
        outcome: Some(if held_until.is_some() {
            BulkOutcome::Deferred
        } else {
            BulkOutcome::Sent
        }),
        message_id: Some(message_id),
        scheduled_for: held_until,
        ..BulkLeadResult::default()
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
