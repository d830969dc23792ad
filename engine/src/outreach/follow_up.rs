//! Follow-ups: the sweep that sends each due step once, the steps staff send by hand, the
//! no-show text, and stores' cadences. docs/follow-ups.md.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};

use super::cadence::{CadenceStep, Channel, FollowUpStep, StepDraft};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::MANAGER_ROLES;
use crate::error::{Error, Result};
use crate::messaging::{AutomatedText, MessagingService, Notice};
use crate::store::follow_ups::{FollowUpStore, NextStep};
use crate::store::leads::{LeadFlag, LeadStore};
use crate::store::messages::MessageRecord;
use crate::store::settings::SettingsStore;
use crate::store::templates::TemplateStore;
use crate::templates::service::TemplateService;
use wording::templates::Division;

/// Leads one sweep looks at; the next tick takes the rest.
const SWEEP_BATCH: u64 = 500;

/// What a sweep did.
#[derive(Debug, Default)]
pub struct SweepReport {
    pub due: u64,
    pub sent: u64,
    /// SMS steps queued for the customer's allowed hours.
    pub deferred: u64,
    pub stopped: BTreeMap<&'static str, u64>,
    /// Steps that could not go out (no e-mail address, a field without a value…), by reason.
    pub failed: Vec<String>,
    pub notices: Vec<Notice>,
}

/// A step sent: its message and where the lead goes next.
#[derive(Debug)]
pub struct StepSent {
    pub message: MessageRecord,
    pub next: NextStep,
    pub notices: Vec<Notice>,
}

/// A step's text as staff write it when sending by hand.
#[derive(Debug, Clone, Default)]
pub struct StepOverride {
    pub subject: Option<String>,
    pub content: Option<String>,
}

#[derive(Debug, Clone)]
pub struct FollowUps {
    store: FollowUpStore,
    leads: LeadStore,
    templates: TemplateStore,
    rendering: TemplateService,
    settings: SettingsStore,
    messaging: MessagingService,
}

impl FollowUps {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self {
            store: FollowUpStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            templates: TemplateStore::new(db.clone()),
            rendering: TemplateService::new(db.clone()),
            settings: SettingsStore::new(db),
            messaging,
        }
    }

    /// A store's cadence inside the scope (another's store: not found).
    pub async fn cadence(&self, scope: &Scope, store_id: i64) -> Result<Vec<CadenceStep>> {
        self.store_in_scope(scope, store_id).await?;
        self.store.cadence(store_id).await
    }

    /// Changes steps of a store's cadence (manager roles); every problem is listed and nothing
    /// is saved unless all are right. Leads already waiting keep the time they were given.
    pub async fn save_cadence(
        &self,
        caller: &Caller,
        scope: &Scope,
        store_id: i64,
        drafts: &[StepDraft],
        now: DateTime<Utc>,
    ) -> Result<Vec<CadenceStep>> {
        caller.require_any(MANAGER_ROLES)?;
        let enterprise_id = self.store_in_scope(scope, store_id).await?;
        let current = self.store.cadence(store_id).await?;
        let mut problems = Vec::new();
        let mut changed: Vec<CadenceStep> = Vec::new();
        for draft in drafts {
            let step = match FollowUpStep::parse_named(&draft.step) {
                Ok(step) => step,
                Err(Error::Validation { errors, .. }) => {
                    problems.extend(errors);
                    continue;
                }
                Err(other) => return Err(other),
            };
            if changed.iter().any(|s| s.step == step) {
                problems.push(format!("{step} is listed twice"));
                continue;
            }
            let template = match draft.template_id {
                Some(id) => Some(
                    self.templates
                        .get_custom(enterprise_id, caller.user_id, id)
                        .await?
                        .ok_or_else(|| Error::not_found(format!("Template {id} not found")))?
                        .body,
                ),
                None => None,
            };
            let at = current
                .iter()
                .find(|s| s.step == step)
                .cloned()
                .unwrap_or_else(|| step.default_step());
            match draft.apply(&at, template) {
                Ok(step) => changed.push(step),
                Err(Error::Validation { errors, .. }) => problems.extend(errors),
                Err(other) => return Err(other),
            }
        }
        if !problems.is_empty() {
            return Err(Error::invalid_all(problems));
        }
        self.store
            .save(enterprise_id, store_id, &changed, caller.user_id, now)
            .await?;
        self.store.cadence(store_id).await
    }

    async fn store_in_scope(&self, scope: &Scope, store_id: i64) -> Result<i64> {
        let store = self.settings.store_in_scope(scope, store_id).await?;
        Ok(store.enterprise_id)
    }

    /// Sends every due step of the enterprise's leads once, or ends the cadence of leads that
    /// replied, opted out, booked, were closed or handed to staff.
    pub async fn sweep(&self, enterprise_id: i64, now: DateTime<Utc>) -> Result<SweepReport> {
        let scope = Scope {
            enterprise_id,
            boc_id: None,
            store_id: None,
        };
        let mut report = SweepReport::default();
        let mut cadences: HashMap<i64, Vec<CadenceStep>> = HashMap::new();
        for due in self.store.due(enterprise_id, now, SWEEP_BATCH).await? {
            report.due += 1;
            if let Some(reason) = due.stop_reason() {
                let stop = NextStep::Stopped(reason);
                if self
                    .store
                    .advance(due.id, due.follow_up_step, due.follow_up_at, stop)
                    .await?
                {
                    *report.stopped.entry(reason.as_str()).or_default() += 1;
                }
                continue;
            }
            if let std::collections::hash_map::Entry::Vacant(entry) = cadences.entry(due.store_id) {
                entry.insert(self.store.cadence(due.store_id).await?);
            }
            let cadence = &cadences[&due.store_id];
            let Some(step) = cadence
                .iter()
                .find(|s| s.step == due.follow_up_step)
                .cloned()
            else {
                continue;
            };
            // Claimed before it is sent: of two sweeps, one sends; a crash in between loses
            // the step rather than texting twice.
            let next = if step.enabled {
                NextStep::of(cadence, step.step.following(), now)
            } else {
                NextStep::of(cadence, Some(step.step), now)
            };
            if !self
                .store
                .advance(due.id, due.follow_up_step, due.follow_up_at, next)
                .await?
            {
                continue;
            }
            if !step.enabled {
                continue;
            }
            match self.send(&scope, due.id, &step, None, now).await {
                Ok((message, notices)) => {
                    if message.scheduled_for.is_some() {
                        report.deferred += 1;
                    } else {
                        report.sent += 1;
                    }
                    report.notices.extend(notices);
                }
                Err(Error::Database(error)) => return Err(Error::Database(error)),
                Err(error) => report
                    .failed
                    .push(format!("lead {}: {} not sent: {error}", due.id, step.step)),
            }
        }
        Ok(report)
    }

    /// Sends a step now by hand (staff inside the scope), with their own text if they give
    /// one, and puts the lead on the step after it.
    pub async fn send_now(
        &self,
        scope: &Scope,
        fsi_id: i64,
        step: FollowUpStep,
        text: StepOverride,
        now: DateTime<Utc>,
    ) -> Result<StepSent> {
        let (lead, _) = self.leads.require(scope, fsi_id).await?;
        let cadence = self.store.cadence(lead.store_id).await?;
        let configured = cadence
            .iter()
            .find(|s| s.step == step)
            .cloned()
            .unwrap_or_else(|| step.default_step());
        let (message, notices) = self
            .send(scope, fsi_id, &configured, Some(text), now)
            .await?;
        let next = NextStep::of(
            &cadence,
            step.following(),
            message.scheduled_for.unwrap_or(now),
        );
        self.store.set(fsi_id, next).await?;
        Ok(StepSent {
            message,
            next,
            notices,
        })
    }

    /// The step the lead is waiting for, if it is on a cadence.
    pub async fn current_step(&self, fsi_id: i64) -> Result<Option<FollowUpStep>> {
        self.store.current_step(fsi_id).await
    }

    /// After a no-show: a text inviting the customer to rebook (with the date-time dialogue
    /// on, so their answer books), then the text cadence from FU2.
    pub async fn after_no_show(
        &self,
        scope: &Scope,
        fsi_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let (lead, _) = self.leads.require(scope, fsi_id).await?;
        if lead.customer_block_sms {
            return Ok(Vec::new());
        }
        let body = "Hi {{customer_first_name}}, we missed you at {{office_name}} today. Reply with a day and time that suits you and I will book a new visit.";
        let rendered = self
            .rendering
            .render_for_lead(scope, fsi_id, Division::Service, body)
            .await?;
        let message = self
            .messaging
            .queue_automated(
                scope,
                AutomatedText {
                    fsi_id,
                    content: rendered.body,
                    sender_name: None,
                },
                now,
            )
            .await?;
        self.leads.set_date_time_dialogue(fsi_id, true).await?;
        // The missed visit no longer holds the lead: the cadence may run until they rebook.
        self.leads
            .set_flag(fsi_id, LeadFlag::AppointmentSet, false)
            .await?;
        let cadence = self.store.cadence(lead.store_id).await?;
        self.store
            .set(
                fsi_id,
                NextStep::of(
                    &cadence,
                    Some(FollowUpStep::Fu2),
                    message.scheduled_for.unwrap_or(now),
                ),
            )
            .await?;
        Ok(vec![
            Notice::MessageCreated {
                id: message.id,
                enterprise_id: message.enterprise_id,
            },
            Notice::LeadCounts {
                id: fsi_id,
                enterprise_id: message.enterprise_id,
            },
        ])
    }

    /// Sends one step: its text filled for the lead on its channel (texts keep to allowed
    /// hours); FUDT also switches the date-time dialogue on.
    async fn send(
        &self,
        scope: &Scope,
        fsi_id: i64,
        step: &CadenceStep,
        text: Option<StepOverride>,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let text = text.unwrap_or_default();
        let body = match text.content {
            Some(content) if content.trim().is_empty() => {
                return Err(Error::invalid("Please Enter Message"));
            }
            Some(content) => content,
            None => step.body.clone(),
        };
        let body = self
            .rendering
            .render_for_lead(scope, fsi_id, Division::Service, &body)
            .await?;
        if !body.missing.is_empty() {
            let fields: Vec<&str> = body.missing.iter().map(|f| f.key).collect();
            return Err(Error::invalid(format!(
                "No value for {} on this lead",
                fields.join(", ")
            )));
        }
        let message = match step.channel {
            Channel::Sms => {
                self.messaging
                    .queue_automated(
                        scope,
                        AutomatedText {
                            fsi_id,
                            content: body.body,
                            sender_name: None,
                        },
                        now,
                    )
                    .await?
            }
            Channel::Email => {
                let subject = text
                    .subject
                    .or_else(|| step.subject.clone())
                    .unwrap_or_default();
                if subject.trim().is_empty() {
                    return Err(Error::invalid("Please Enter Subject"));
                }
                let subject = self
                    .rendering
                    .render_for_lead(scope, fsi_id, Division::Service, &subject)
                    .await?
                    .sms_text;
                self.messaging
                    .queue_automated_email(scope, fsi_id, &subject, &body.body, now)
                    .await?
            }
        };
        if step.step == FollowUpStep::Fudt {
            self.leads.set_date_time_dialogue(fsi_id, true).await?;
        }
        Ok((
            message.clone(),
            vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: fsi_id,
                    enterprise_id: message.enterprise_id,
                },
            ],
        ))
    }
}
