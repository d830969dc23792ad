//! The public face (issue 21): the brand lead forms anyone may load and submit, and their
//! administration. The rules (throttles, consent, what a submission makes) are in
//! `engine::public`; these handlers only translate.

use chrono::{DateTime, Utc};
use engine::public::lead_forms::{LeadForm, LeadFormInput, Origin, Submission};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, client_ip};
use crate::error::ApiResult;
use crate::state::AppState;

/// A lead form as the public page shows it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PublicLeadFormView {
    pub slug: String,
    pub brand: String,
    pub title: String,
    pub store_name: String,
    /// The store's number the customer will be texted from (E.164).
    pub store_phone_number: Option<String>,
    /// Shown verbatim beside the submit button; a submission sends it back.
    pub consent_text: String,
    pub accent_color: String,
}

/// A submission (G-C5).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LeadSubmissionBody {
    /// The form's slug, e.g. `lead-submission-toyota`.
    #[oai(validator(max_length = 100))]
    pub form: String,
    #[oai(default, validator(max_length = 200))]
    pub first_name: String,
    #[oai(default, validator(max_length = 200))]
    pub last_name: String,
    /// `+1` and ten digits.
    #[oai(default, validator(max_length = 40))]
    pub customer_phone_number: String,
    /// The store number the form showed.
    #[oai(validator(max_length = 40))]
    pub store_phone_number: Option<String>,
    /// The consent text exactly as shown.
    #[oai(default, validator(max_length = 4000))]
    pub consent_text: String,
    #[oai(validator(max_length = 2000))]
    pub message: Option<String>,
    /// Left empty by people (a hidden field).
    #[oai(validator(max_length = 500))]
    pub website: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LeadSubmittedView {
    /// `success`.
    pub status: String,
    pub message: String,
}

/// A form as administrators see it.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct LeadFormView {
    pub slug: String,
    pub enterprise_id: i64,
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

impl From<LeadForm> for LeadFormView {
    fn from(f: LeadForm) -> Self {
        Self {
            slug: f.slug,
            enterprise_id: f.enterprise_id,
            store_id: f.store_id,
            store_name: f.store_name,
            store_phone_number: f.store_phone_number,
            brand: f.brand,
            title: f.title,
            consent_text: f.consent_text,
            accent_color: f.accent_color,
            is_active: f.is_active,
            updated_at: f.updated_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LeadFormBody {
    pub store_id: i64,
    #[oai(validator(max_length = 100))]
    pub brand: String,
    #[oai(validator(max_length = 400))]
    pub title: String,
    #[oai(validator(max_length = 4000))]
    pub consent_text: String,
    #[oai(validator(max_length = 20))]
    pub accent_color: String,
    pub is_active: bool,
}

fn origin(state: &AppState, req: &Request) -> Origin {
    Origin {
        address: client_ip(req, &state.trusted_proxies).map(|ip| ip.to_string()),
        user_agent: req.header("User-Agent").map(str::to_owned),
    }
}

/// What this address serves a visitor at the root (spec G-S1).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SiteView {
    /// The address is a lead-submission host (`BAYLINE_LEAD_FORM_HOSTS`): its root path is the
    /// generic lead form, not the staff log-in.
    pub lead_form_host: bool,
}

pub struct PublicApi;

#[OpenApi(tag = "ApiTags::Public")]
impl PublicApi {
    /// What the address the visitor used serves at its root: the generic lead form on a
    /// lead-submission host (G-S1), else the staff log-in. Public.
    #[oai(path = "/api/public/site", method = "get")]
    async fn site(&self, state: Data<&AppState>, req: &Request) -> Json<SiteView> {
        let host = super::webhooks::requested_host(&state, req)
            .map(|host| host.to_ascii_lowercase())
            .unwrap_or_default();
        // The port is not part of the name.
        let name = host
            .rsplit_once(':')
            .map_or(host.as_str(), |(name, _)| name);
        Json(SiteView {
            lead_form_host: state
                .lead_form_hosts
                .iter()
                .any(|wanted| name.contains(wanted.as_str())),
        })
    }

    /// A brand lead form as its public page shows it (404 when it is switched off).
    /// Throttled per address.
    #[oai(path = "/api/public/lead-forms/:slug", method = "get")]
    async fn lead_form(
        &self,
        state: Data<&AppState>,
        req: &Request,
        slug: Path<String>,
    ) -> ApiResult<Json<PublicLeadFormView>> {
        let form = state
            .lead_forms
            .form(&slug.0, &origin(&state, req), Utc::now())
            .await?;
        Ok(Json(PublicLeadFormView {
            slug: form.slug,
            brand: form.brand,
            title: form.title,
            store_name: form.store_name,
            store_phone_number: form.store_phone_number,
            consent_text: form.consent_text,
            accent_color: form.accent_color,
        }))
    }

    /// A customer asks to be texted (G-C5): the customer found or added at the form's store,
    /// the consent kept, a WEBSITE lead made and the assistant's first text sent from the
    /// store's number (allowed hours apply). The answer never tells whether the customer was
    /// known. 400 names every problem; 409 when the form changed since it was loaded; 429 when
    /// the address or the number tried too often.
    #[oai(path = "/api/public/lead-submission", method = "post")]
    async fn submit_lead(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<LeadSubmissionBody>,
    ) -> ApiResult<Json<LeadSubmittedView>> {
        let body = body.0;
        let submitted = state
            .lead_forms
            .submit(
                &Submission {
                    form: body.form,
                    first_name: body.first_name,
                    last_name: body.last_name,
                    customer_phone_number: body.customer_phone_number,
                    store_phone_number: body.store_phone_number,
                    consent_text: body.consent_text,
                    message: body.message,
                    website: body.website,
                },
                &origin(&state, req),
                Utc::now(),
            )
            .await?;
        if let Some((message_id, enterprise_id)) = submitted.text {
            jobs::dispatcher::dispatch(&state.messages, &state.jobs, message_id, enterprise_id)
                .await?;
        }
        state.publish(submitted.notices).await;
        Ok(Json(LeadSubmittedView {
            status: "success".to_owned(),
            message: submitted.thank_you,
        }))
    }

    /// The brand lead forms: the caller's enterprise's (the platform sees every form).
    #[oai(path = "/api/lead-forms", method = "get")]
    async fn lead_forms(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
    ) -> ApiResult<Json<Vec<LeadFormView>>> {
        let forms = state.lead_form_admin.list(&caller).await?;
        Ok(Json(forms.into_iter().map(Into::into).collect()))
    }

    /// Points a form at a store and sets what it shows (tenant admins for their own forms;
    /// the platform gives a form to an enterprise).
    #[oai(path = "/api/lead-forms/:slug", method = "put")]
    async fn save_lead_form(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        slug: Path<String>,
        body: Json<LeadFormBody>,
    ) -> ApiResult<Json<LeadFormView>> {
        let body = body.0;
        let form = state
            .lead_form_admin
            .save(
                &caller,
                &slug.0,
                &LeadFormInput {
                    store_id: body.store_id,
                    brand: body.brand,
                    title: body.title,
                    consent_text: body.consent_text,
                    accent_color: body.accent_color,
                    is_active: body.is_active,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(form.into()))
    }
}
