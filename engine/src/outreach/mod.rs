//! Outreach: texting many customers at once. Bulk conversation initiation takes a selection
//! of leads and a template per service type, decides per lead whether it may be texted now,
//! later (its allowed hours) or not at all (and why), and texts through the send pipeline.
//! docs/bulk-initiation.md describes the rules and the calls.

mod bulk;
mod follow_up;
mod runs;

pub use bulk::{BulkInitiation, BulkRequest, DryRun, DryRunRow, MAX_BULK_LEADS, TemplatePick};
pub use follow_up::{FollowUps, StepOverride, StepSent, SweepReport};
pub use runs::{AutomatedRuns, StoreRun, ZoneRuns};
pub use wording::bulk::{BulkOutcome, BulkSkipReason, TemplateSource};
pub use wording::cadence;

use serde::{Deserialize, Serialize};

use crate::domain::JobInput;
use crate::error::{Error, Result};
use crate::store::lead_lists::{LeadList, LeadSearch};
use wording::templates::check_service_type;

/// Which leads a bulk run texts: listed ids, or a lead list with the common search payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkSelection {
    #[serde(default)]
    pub lead_ids: Vec<i64>,
    /// A name of `LeadList::NAMED`.
    #[serde(default)]
    pub list: Option<String>,
    #[serde(default)]
    pub filter: Option<LeadSearch>,
}

/// The template a run texts leads of one service type with (`ALL`: any type without its own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkTemplate {
    pub service_type: String,
    pub template_id: i64,
    pub source: TemplateSource,
    pub title: String,
    /// The body as it was when the run was asked for (a later edit does not change the run).
    pub body: String,
}

/// `outreach.bulk-initiate`'s input, built by [`BulkInitiation::plan`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkInitiationInput {
    pub enterprise_id: i64,
    /// The requester's dealer or store, when their view is narrower than the enterprise.
    #[serde(default)]
    pub boc_id: Option<i64>,
    #[serde(default)]
    pub store_id: Option<i64>,
    /// The stores the selection covers (all inside the requester's scope).
    pub store_ids: Vec<i64>,
    pub selection: BulkSelection,
    /// Service types without a template here use their standard `SVC-{type}` text.
    #[serde(default)]
    pub templates: Vec<BulkTemplate>,
}

/// Most templates one run names (one per service type is far fewer).
const MAX_TEMPLATES: usize = 100;
const MAX_BODY_CHARS: usize = 5_000;

impl JobInput for BulkInitiationInput {
    const KIND: &'static str = crate::domain::JobKindName::BulkInitiate.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if self.enterprise_id <= 0 {
            problems.push("enterpriseId must be a positive number".to_owned());
        }
        let selection = &self.selection;
        match (&selection.list, selection.lead_ids.is_empty()) {
            (None, true) => problems.push("Give leadIds or a list to select leads".to_owned()),
            (Some(_), false) => problems.push("Give either leadIds or a list, not both".to_owned()),
            (Some(list), true) => {
                if let Err(Error::Validation { errors, .. }) = LeadList::from_name(list) {
                    problems.extend(errors);
                }
            }
            (None, false) => {
                if selection.lead_ids.len() > MAX_BULK_LEADS {
                    problems.push(format!("leadIds may list at most {MAX_BULK_LEADS} leads"));
                }
                if selection.lead_ids.iter().any(|id| *id <= 0) {
                    problems.push("leadIds must be positive numbers".to_owned());
                }
            }
        }
        if problems.is_empty()
            && (self.store_ids.is_empty() || self.store_ids.iter().any(|id| *id <= 0))
        {
            problems.push("storeIds must list the selection's stores".to_owned());
        }
        if selection.filter.is_some() && selection.list.is_none() {
            problems.push("A filter needs a list".to_owned());
        }
        if self.templates.len() > MAX_TEMPLATES {
            problems.push(format!("templates may name at most {MAX_TEMPLATES}"));
        }
        let mut seen = std::collections::HashSet::new();
        for template in &self.templates {
            match check_service_type(&template.service_type) {
                Ok(service_type) if !seen.insert(service_type.clone()) => {
                    problems.push(format!("templates name service type {service_type} twice"))
                }
                Ok(_) => {}
                Err(Error::Validation { errors, .. }) => problems.extend(errors),
                Err(other) => problems.push(other.to_string()),
            }
            if template.body.trim().is_empty() || template.body.chars().count() > MAX_BODY_CHARS {
                problems.push(format!(
                    "template {} must have a body of 1 to {MAX_BODY_CHARS} characters",
                    template.template_id
                ));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid_all(problems))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        self.store_ids.clone()
    }
}

impl BulkInitiationInput {
    /// The requester's scope, which the run works inside.
    pub fn scope(&self) -> crate::auth::Scope {
        crate::auth::Scope {
            enterprise_id: self.enterprise_id,
            boc_id: self.boc_id,
            store_id: self.store_id,
        }
    }
}

/// Who may start a follow-up sweep by hand: it sweeps the whole enterprise, so its
/// enterprise-wide managers (a store-level manager could not see the run).
pub const FOLLOW_UP_SWEEP_ROLES: &[crate::domain::Role] = &[
    crate::domain::Role::SuperAdmin,
    crate::domain::Role::SuperDataAdmin,
    crate::domain::Role::SuperUser,
    crate::domain::Role::EnterpriseAdmin,
    crate::domain::Role::CorporateAdmin,
];

/// `outreach.follow-up-sweep` takes no input: it sweeps its run's enterprise (a schedule's,
/// or the starter's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowUpSweepInput {}

impl JobInput for FollowUpSweepInput {
    const KIND: &'static str = crate::domain::JobKindName::FollowUpSweep.as_str();

    fn check(&self) -> Result<()> {
        Ok(())
    }
}
