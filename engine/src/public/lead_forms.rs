//! Brand lead forms (checklist G-C5, G-S3, G-R1–R9): a customer gives their name and mobile
//! number on a brand's public form and agrees to be texted. The submission finds or adds the
//! customer at the form's store, keeps the consent (the exact text shown, when, from which
//! address, on which form), makes a WEBSITE lead, and the store's assistant texts the customer
//! from the store's number (allowed hours apply, as for every automated text).
//!
//! Which store and number answer each form is administration data (`lead_forms`), never code.
//! A web form never overrides an opt-out: a customer who texted STOP gets no text until they
//! text START (the carriers' rule), though the consent and lead are kept for staff.
//! Every answer is the same whether the customer was known or not.

use chrono::{DateTime, Duration, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Order, Query, SelectStatement};
use serde::Serialize;

use super::throttle::{Limit, Subject, Throttle};
use crate::admin::audit::{AuditChange, AuditLog};
use crate::admin::{PLATFORM_ADMINS, TENANT_ADMINS};
use crate::assistant::files::AssistantFileStore;
use crate::assistant::reply::{AssistantReplies, offered_times};
use crate::assistant::script::Reply;
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::PhoneNumber;
use crate::domain::formats::{MAX_NAME_CHARS, greeting_name, too_long};
use crate::error::{Error, Result};
use crate::messaging::{MessagingService, Notice, Opening};
use crate::store::leads::{LeadStore, NewLead};
use crate::store::recipients::RecipientStore;
use crate::store::schema::{
    ConsentRecords, Customers, FutureServiceInteractions as Fsi, LeadForms as Forms, Stores,
};

/// The forms the spec's routes serve (G-S1): the generic one and nine brands'.
pub const SLUGS: [&str; 10] = [
    "lead-submission",
    "lead-submission-toyota",
    "lead-submission-ford",
    "lead-submission-nissan",
    "lead-submission-subaru",
    "lead-submission-mazda",
    "lead-submission-yarkcjdr",
    "lead-submission-bmw",
    "lead-submission-bergestorm",
    "lead-submission-chevrolet",
];

/// Submissions from one address: a family or an office may share one.
pub const SUBMISSIONS_PER_ADDRESS: Limit = Limit {
    max: 10,
    window: Duration::minutes(10),
};
/// Submissions naming one phone number: enough to fix a typo, not to pester someone.
pub const SUBMISSIONS_PER_PHONE: Limit = Limit {
    max: 3,
    window: Duration::hours(1),
};
/// Form loads from one address.
pub const READS_PER_ADDRESS: Limit = Limit {
    max: 120,
    window: Duration::minutes(10),
};

const SUBMIT: &str = "lead-submission";
const READ: &str = "lead-form";
/// The longest message a customer may add.
pub const MAX_MESSAGE_CHARS: usize = 1_000;
/// The longest consent text a form may show.
pub const MAX_CONSENT_CHARS: usize = 2_000;

/// What the customer-facing page shows.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LeadForm {
    pub id: i64,
    pub slug: String,
    pub enterprise_id: i64,
    pub boc_id: i64,
    pub store_id: i64,
    pub store_name: String,
    pub store_phone_number: Option<String>,
    pub brand: String,
    pub title: String,
    pub consent_text: String,
    pub accent_color: String,
    pub is_active: bool,
    pub updated_at: DateTime<Utc>,
}

/// A submission as the form sends it (G-C5), with the honeypot a person never fills.
#[derive(Debug, Clone, Default)]
pub struct Submission {
    pub form: String,
    pub first_name: String,
    pub last_name: String,
    pub customer_phone_number: String,
    pub store_phone_number: Option<String>,
    pub consent_text: String,
    pub message: Option<String>,
    pub website: Option<String>,
}

/// Where a submission came from, kept with the consent.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub address: Option<String>,
    pub user_agent: Option<String>,
}

/// What a submission did; the answer to the visitor is `thank_you` whatever happened.
#[derive(Debug, Clone, Default)]
pub struct Submitted {
    pub thank_you: String,
    /// The first text, stored and waiting for its send job (none when it may not be sent).
    pub text: Option<(i64, i64)>,
    pub notices: Vec<Notice>,
}

/// The answer to every accepted submission.
pub fn thank_you(phone: &PhoneNumber) -> String {
    format!(
        "Thank you! We will text you shortly at {} to find a time for your visit.",
        phone.display()
    )
}

/// The settings an administrator gives a form.
#[derive(Debug, Clone)]
pub struct LeadFormInput {
    pub store_id: i64,
    pub brand: String,
    pub title: String,
    pub consent_text: String,
    pub accent_color: String,
    pub is_active: bool,
}

fn form_select() -> SelectStatement {
    Query::select()
        .column((Forms::Table, Forms::Id))
        .column((Forms::Table, Forms::Slug))
        .column((Forms::Table, Forms::EnterpriseId))
        .expr_as(Expr::col((Stores::Table, Stores::BocId)), "boc_id")
        .column((Forms::Table, Forms::StoreId))
        .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
        .expr_as(
            Expr::col((Stores::Table, Stores::PhoneNumber)),
            "store_phone_number",
        )
        .column((Forms::Table, Forms::Brand))
        .column((Forms::Table, Forms::Title))
        .column((Forms::Table, Forms::ConsentText))
        .column((Forms::Table, Forms::AccentColor))
        .column((Forms::Table, Forms::IsActive))
        .column((Forms::Table, Forms::UpdatedAt))
        .from(Forms::Table)
        .inner_join(
            Stores::Table,
            Expr::col((Stores::Table, Stores::Id)).equals((Forms::Table, Forms::StoreId)),
        )
        .to_owned()
}

/// The public side: showing a form and taking its submissions.
#[derive(Debug, Clone)]
pub struct LeadForms {
    db: Database,
    throttle: Throttle,
    recipients: RecipientStore,
    leads: LeadStore,
    scripts: AssistantFileStore,
    replies: AssistantReplies,
    messaging: MessagingService,
}

impl LeadForms {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self {
            throttle: Throttle::new(db.clone()),
            recipients: RecipientStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            scripts: AssistantFileStore::new(db.clone()),
            replies: AssistantReplies::new(db.clone(), messaging.clone()),
            messaging,
            db,
        }
    }

    async fn throttled(
        &self,
        action: &str,
        origin: &Origin,
        limit: Limit,
        now: DateTime<Utc>,
    ) -> Result<()> {
        match origin.address.as_deref() {
            Some(address) => {
                self.throttle
                    .attempt(action, Subject::Address(address), limit, now)
                    .await
            }
            None => Ok(()),
        }
    }

    /// An active form of a store still open, or 404.
    async fn active_form(&self, slug: &str) -> Result<LeadForm> {
        self.db
            .fetch_optional(
                form_select()
                    .and_where(Expr::col((Forms::Table, Forms::Slug)).eq(slug))
                    .and_where(Expr::col((Forms::Table, Forms::IsActive)).eq(true))
                    .and_where(Expr::col((Stores::Table, Stores::DeactivatedAt)).is_null()),
            )
            .await?
            .ok_or_else(|| Error::not_found("This form is not available"))
    }

    /// The form a public page shows.
    pub async fn form(&self, slug: &str, origin: &Origin, now: DateTime<Utc>) -> Result<LeadForm> {
        self.throttled(READ, origin, READS_PER_ADDRESS, now).await?;
        self.active_form(slug).await
    }

    /// Takes a submission (see the module's description). Checked in this order: the
    /// address's rate, the form, the honeypot (a filled one is thanked and dropped), the
    /// fields (every problem at once, in the spec's words), the form as shown (its number and
    /// consent text), the phone number's rate.
    pub async fn submit(
        &self,
        submission: &Submission,
        origin: &Origin,
        now: DateTime<Utc>,
    ) -> Result<Submitted> {
        self.throttled(SUBMIT, origin, SUBMISSIONS_PER_ADDRESS, now)
            .await?;
        let form = self.active_form(submission.form.trim()).await?;
        let phone = check_fields(submission)?;
        if submission
            .website
            .as_deref()
            .is_some_and(|w| !w.trim().is_empty())
        {
            // A robot filled the hidden field: thanked like anyone, and nothing is kept.
            return Ok(Submitted {
                thank_you: thank_you(&phone),
                ..Submitted::default()
            });
        }
        let shown_number = submission
            .store_phone_number
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let number_changed = match (shown_number, form.store_phone_number.as_deref()) {
            (Some(shown), Some(current)) => {
                PhoneNumber::parse(shown)
                    .map(|p| p.as_e164().to_owned())
                    .ok()
                    != Some(current.to_owned())
            }
            (Some(_), None) => true,
            (None, _) => false,
        };
        if number_changed || submission.consent_text.trim() != form.consent_text.trim() {
            return Err(Error::Conflict(
                "This form has changed since it was opened. Please reload the page and submit it again."
                    .to_owned(),
            ));
        }
        self.throttle
            .attempt(
                SUBMIT,
                Subject::Phone(phone.as_e164()),
                SUBMISSIONS_PER_PHONE,
                now,
            )
            .await?;

        let (customer_id, lead_id, blocked) =
            self.keep(&form, submission, &phone, origin, now).await?;
        let mut submitted = Submitted {
            thank_you: thank_you(&phone),
            ..Submitted::default()
        };
        let scope = Scope {
            enterprise_id: form.enterprise_id,
            boc_id: None,
            store_id: None,
        };
        let lead = self
            .leads
            .get_many(&scope, &[lead_id])
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| Error::Internal(format!("lead {lead_id} vanished")))?;
        let message = submission
            .message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty());
        submitted.notices.extend(
            self.messaging
                .record_web_request(&lead, &form.title, message, now)
                .await?,
        );
        // An opted-out customer gets nothing; one already in conversation is not greeted again.
        if blocked || lead.conversation_initiated {
            return Ok(submitted);
        }
        let Some(recipient) = self.recipients.recipient(customer_id).await? else {
            return Ok(submitted);
        };
        let assistant = self
            .messaging
            .texting_assistant(&scope, form.store_id)
            .await?;
        let script = self.scripts.script(form.store_id).await?;
        let agent = assistant
            .as_ref()
            .map_or("the service team", |a| a.agent_first_name.as_str())
            .to_owned();
        // What they wrote is read as a reply would be: a day or time in it gets the free
        // times near it (never the words themselves: a stranger typed them).
        let offered = match message {
            Some(words) => {
                self.replies
                    .offer_for_words(&scope, &lead, words, now)
                    .await?
            }
            None => None,
        };
        let first_name = greeting_name(&recipient.customer_first_name).unwrap_or("there");
        let content = match &offered {
            Some(times) => script.render(
                Reply::WebLeadOffer,
                &[
                    ("firstName", first_name),
                    ("store", form.store_name.as_str()),
                    ("agent", agent.as_str()),
                    ("times", offered_times(times).as_str()),
                    ("first", times[0].label.as_str()),
                ],
            ),
            // A stranger typed the name: repeated from the store's number only if it is one.
            None => script.render(
                Reply::WebLead,
                &[
                    ("firstName", first_name),
                    ("store", form.store_name.as_str()),
                    ("agent", agent.as_str()),
                ],
            ),
        };
        let opened = self
            .messaging
            .open_conversations(
                vec![Opening {
                    lead: &lead,
                    recipient: &recipient,
                    assistant: assistant.as_ref(),
                    content,
                }],
                now,
            )
            .await?;
        // A store that cannot text (no number, no assistant) keeps the lead for staff.
        if let Some(Ok(opened)) = opened.into_iter().next() {
            if let Some(first) = offered.as_ref().and_then(|times| times.first()) {
                self.replies.remember_offer(lead.id, first).await?;
            }
            submitted.text = Some((opened.message_id, form.enterprise_id));
            submitted.notices.extend(opened.notices);
        }
        Ok(submitted)
    }

    /// The customer (found by number at the form's store, or added), the consent and the
    /// lead, in one transaction: (customer, lead, whether the customer opted out).
    async fn keep(
        &self,
        form: &LeadForm,
        submission: &Submission,
        phone: &PhoneNumber,
        origin: &Origin,
        now: DateTime<Utc>,
    ) -> Result<(i64, i64, bool)> {
        let source = format!("WEB_FORM:{}", form.slug);
        let mut tx = self.db.begin().await?;
        let existing: Option<(i64, bool)> = tx
            .fetch_optional(
                Query::select()
                    .columns([Customers::Id, Customers::BlockSms])
                    .from(Customers::Table)
                    .and_where(Expr::col(Customers::StoreId).eq(form.store_id))
                    .and_where(Expr::col(Customers::Cellular).eq(phone.as_e164()))
                    .order_by(Customers::Id, Order::Asc)
                    .limit(1),
            )
            .await?;
        let (customer_id, blocked) = match existing {
            Some(found) => found,
            None => {
                let digits = &phone.as_e164()[2..];
                let id: i64 = tx
                    .fetch_scalar(
                        Query::insert()
                            .into_table(Customers::Table)
                            .columns([
                                Customers::EnterpriseId,
                                Customers::BocId,
                                Customers::StoreId,
                                Customers::Custno,
                                Customers::FirstName,
                                Customers::LastName,
                                Customers::Cellular,
                                Customers::CreatedAt,
                                Customers::UpdatedAt,
                            ])
                            .values_panic([
                                form.enterprise_id.into(),
                                form.boc_id.into(),
                                form.store_id.into(),
                                format!("WEB-{}-{digits}", form.store_id).into(),
                                submission.first_name.trim().into(),
                                submission.last_name.trim().into(),
                                phone.as_e164().into(),
                                now.into(),
                                now.into(),
                            ])
                            .on_conflict(
                                OnConflict::columns([Customers::BocId, Customers::Custno])
                                    .update_column(Customers::UpdatedAt)
                                    .to_owned(),
                            )
                            .returning_col(Customers::Id),
                    )
                    .await?;
                (id, false)
            }
        };
        // The consent is the customer's opt-in record; it never lifts an opt-out.
        tx.execute(
            Query::update()
                .table(Customers::Table)
                .value(Customers::ConsentSource, source.clone())
                .value(Customers::ConsentText, form.consent_text.clone())
                .value(Customers::ConsentAt, now)
                .value(Customers::UpdatedAt, now)
                .and_where(Expr::col(Customers::Id).eq(customer_id)),
        )
        .await?;
        let open: Option<(i64,)> = tx
            .fetch_optional(
                Query::select()
                    .column(Fsi::Id)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
                    .and_where(Expr::col(Fsi::StoreId).eq(form.store_id))
                    .and_where(Expr::col(Fsi::CagLeadType).eq("WEBSITE"))
                    .and_where(Expr::col(Fsi::Archived).eq(false))
                    .and_where(Expr::col(Fsi::ConversationClosed).eq(false))
                    .limit(1),
            )
            .await?;
        let lead_id = match open {
            Some((id,)) => id,
            None => {
                let today = now.date_naive();
                tx.fetch_scalar(
                    NewLead::insert(
                        [&NewLead {
                            enterprise_id: form.enterprise_id,
                            boc_id: form.boc_id,
                            store_id: form.store_id,
                            customer_id,
                            vehicle_id: None,
                            vin: None,
                            service_type: "WEB_REQUEST",
                            planned_date: today,
                            estimated_due_date: today,
                            source: &source,
                            cag_lead_type: Some("WEBSITE"),
                            job_run_id: None,
                        }],
                        now,
                    )
                    .returning_col(Fsi::Id),
                )
                .await?
            }
        };
        tx.execute(
            Query::insert()
                .into_table(ConsentRecords::Table)
                .columns([
                    ConsentRecords::EnterpriseId,
                    ConsentRecords::StoreId,
                    ConsentRecords::CustomerId,
                    ConsentRecords::FsiId,
                    ConsentRecords::FormSlug,
                    ConsentRecords::Phone,
                    ConsentRecords::ConsentText,
                    ConsentRecords::Message,
                    ConsentRecords::Address,
                    ConsentRecords::UserAgent,
                    ConsentRecords::ConsentedAt,
                ])
                .values_panic([
                    form.enterprise_id.into(),
                    form.store_id.into(),
                    customer_id.into(),
                    lead_id.into(),
                    form.slug.clone().into(),
                    phone.as_e164().into(),
                    form.consent_text.clone().into(),
                    submission
                        .message
                        .as_deref()
                        .map(str::trim)
                        .filter(|m| !m.is_empty())
                        .map(str::to_owned)
                        .into(),
                    origin.address.clone().into(),
                    origin
                        .user_agent
                        .as_deref()
                        .map(|ua| ua.chars().take(300).collect::<String>())
                        .into(),
                    now.into(),
                ]),
        )
        .await?;
        tx.commit().await?;
        Ok((customer_id, lead_id, blocked))
    }
}

/// The fields as the spec checks them (G-R1–R4), every problem at once; the phone as +1 and
/// ten digits.
fn check_fields(submission: &Submission) -> Result<PhoneNumber> {
    let mut problems = Vec::new();
    if submission.first_name.trim().is_empty() {
        problems.push("First name is required".to_owned());
    }
    if submission.last_name.trim().is_empty() {
        problems.push("Last name is required".to_owned());
    }
    let raw = submission.customer_phone_number.trim();
    let phone = if raw.is_empty() {
        problems.push("Phone is required".to_owned());
        None
    } else {
        // A US area code never starts with 0 or 1: "+1" and nine digits is not a number.
        match PhoneNumber::parse(raw)
            .ok()
            .filter(|p| !p.as_e164()[2..].starts_with(['0', '1']))
        {
            Some(phone) => Some(phone),
            None => {
                problems.push("Invalid Number".to_owned());
                None
            }
        }
    };
    problems.extend(
        [
            too_long("First name", &submission.first_name, MAX_NAME_CHARS),
            too_long("Last name", &submission.last_name, MAX_NAME_CHARS),
            too_long(
                "Message",
                submission.message.as_deref().unwrap_or_default(),
                MAX_MESSAGE_CHARS,
            ),
        ]
        .into_iter()
        .flatten(),
    );
    match phone {
        Some(phone) if problems.is_empty() => Ok(phone),
        _ => Err(Error::invalid_all(problems)),
    }
}

/// The administrators' side: which store answers each form, and what it says.
#[derive(Debug, Clone)]
pub struct LeadFormAdmin {
    db: Database,
}

impl LeadFormAdmin {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The forms of the caller's enterprise (the platform: every form).
    pub async fn list(&self, caller: &Caller) -> Result<Vec<LeadForm>> {
        caller.require_any(TENANT_ADMINS)?;
        let mut query = form_select();
        if !caller.is_platform() {
            let enterprise = caller
                .enterprise_id
                .ok_or_else(|| Error::Forbidden("You belong to no enterprise".to_owned()))?;
            query.and_where(Expr::col((Forms::Table, Forms::EnterpriseId)).eq(enterprise));
        }
        self.db
            .fetch_all(query.order_by((Forms::Table, Forms::Slug), Order::Asc))
            .await
    }

    /// Points a form at a store and sets its texts. A tenant admin edits their enterprise's
    /// forms, at their own stores; giving a form to an enterprise is the platform's.
    pub async fn save(
        &self,
        caller: &Caller,
        slug: &str,
        input: &LeadFormInput,
        now: DateTime<Utc>,
    ) -> Result<LeadForm> {
        caller.require_any(TENANT_ADMINS)?;
        if !SLUGS.contains(&slug) {
            return Err(Error::not_found("No such form"));
        }
        let before: Option<LeadForm> = self
            .db
            .fetch_optional(
                form_select().and_where(Expr::col((Forms::Table, Forms::Slug)).eq(slug)),
            )
            .await?;
        let store: Option<(i64, Option<DateTime<Utc>>)> = self
            .db
            .fetch_optional(
                Query::select()
                    .columns([Stores::EnterpriseId, Stores::DeactivatedAt])
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(input.store_id)),
            )
            .await?;
        let platform = caller.has_any(PLATFORM_ADMINS);
        let own = |enterprise: i64| platform || caller.enterprise_id == Some(enterprise);
        if before.as_ref().is_some_and(|f| !own(f.enterprise_id)) || (before.is_none() && !platform)
        {
            return Err(Error::not_found("No such form"));
        }
        let Some((enterprise_id, deactivated)) = store.filter(|(e, _)| own(*e)) else {
            return Err(Error::not_found("Store not found"));
        };
        let mut problems = Vec::new();
        if deactivated.is_some() {
            problems.push("The store is deactivated".to_owned());
        }
        for (field, value, max) in [
            ("Brand", &input.brand, 50),
            ("Title", &input.title, MAX_NAME_CHARS),
            ("Consent text", &input.consent_text, MAX_CONSENT_CHARS),
        ] {
            if value.trim().is_empty() {
                problems.push(format!("{field} is required"));
            }
            problems.extend(too_long(field, value, max));
        }
        let color = input.accent_color.trim();
        if !(color.len() == 7
            && color.starts_with('#')
            && color[1..].chars().all(|c| c.is_ascii_hexdigit()))
        {
            problems.push("Accent colour must be a colour like #EB0A1E".to_owned());
        }
        if !problems.is_empty() {
            return Err(Error::invalid_all(problems));
        }
        let mut tx = self.db.begin().await?;
        tx.execute(
            Query::insert()
                .into_table(Forms::Table)
                .columns([
                    Forms::Slug,
                    Forms::EnterpriseId,
                    Forms::StoreId,
                    Forms::Brand,
                    Forms::Title,
                    Forms::ConsentText,
                    Forms::AccentColor,
                    Forms::IsActive,
                    Forms::UpdatedAt,
                ])
                .values_panic([
                    slug.into(),
                    enterprise_id.into(),
                    input.store_id.into(),
                    input.brand.trim().into(),
                    input.title.trim().into(),
                    input.consent_text.trim().into(),
                    color.to_uppercase().into(),
                    input.is_active.into(),
                    now.into(),
                ])
                .on_conflict(
                    OnConflict::column(Forms::Slug)
                        .update_columns([
                            Forms::EnterpriseId,
                            Forms::StoreId,
                            Forms::Brand,
                            Forms::Title,
                            Forms::ConsentText,
                            Forms::AccentColor,
                            Forms::IsActive,
                            Forms::UpdatedAt,
                        ])
                        .to_owned(),
                ),
        )
        .await?;
        let after: LeadForm = tx
            .fetch_optional(
                form_select().and_where(Expr::col((Forms::Table, Forms::Slug)).eq(slug)),
            )
            .await?
            .ok_or_else(|| Error::Internal("a saved form vanished".to_owned()))?;
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(enterprise_id),
                actor: caller.user_id,
                action: if before.is_some() { "UPDATE" } else { "CREATE" },
                entity: "lead_form",
                entity_id: slug.to_owned(),
                before: before.as_ref().and_then(|b| serde_json::to_value(b).ok()),
                after: serde_json::to_value(&after).ok(),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(first: &str, last: &str, phone: &str) -> Submission {
        Submission {
            first_name: first.into(),
            last_name: last.into(),
            customer_phone_number: phone.into(),
            ..Submission::default()
        }
    }

    fn problems(result: Result<PhoneNumber>) -> Vec<String> {
        match result {
            Err(Error::Validation { errors, .. }) => errors,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_missing_field_is_named_in_the_spec_s_words() {
        assert_eq!(
            problems(check_fields(&submission(" ", "", ""))),
            [
                "First name is required",
                "Last name is required",
                "Phone is required"
            ]
        );
    }

    #[test]
    fn a_phone_is_ten_digits_without_letters_sent_as_plus_one() {
        for bad in [
            "555201334",
            "555201334455",
            "555-CALL-NOW",
            "2",
            "+1555201334",
        ] {
            assert_eq!(
                problems(check_fields(&submission("Ann", "Lee", bad))),
                ["Invalid Number"],
                "{bad}"
            );
        }
        let phone = check_fields(&submission("Ann", "Lee", "+1 (555) 201-3344")).unwrap();
        assert_eq!(phone.as_e164(), "+15552013344");
    }
}
