//! Message templates (spec M§7 L202–204; decisions in docs/decisions/0007-templates.md): staff's
//! personal and group templates with favourites (`/api/customTemplate/*`), the standard
//! templates per division (`/templateCustom`, `/template/{services,sales}`,
//! `/dynamicTemplate/templateList`), and templates filled for a lead (the populated and apply
//! calls). The rules are `engine::templates`; this maps them to the spec's paths.

use chrono::{DateTime, Utc};
use engine::auth::{Caller, Scope};
use engine::store::PageRequest;
use engine::store::templates::{
    CustomTemplateFilter, CustomTemplateRecord, CustomTemplateSet, StandardTemplateFilter,
    StandardTemplateRecord,
};
use engine::templates::service::{
    CustomTemplateDraft, StandardTemplateDraft, TemplateService, parse_division, parse_moc,
};
use engine::templates::{
    Division, FIELDS, Field, FieldGroup, Moc, Rendered, check_intent, check_service_type,
    editor_body, service_types,
};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, scope_naming, stores_of};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct CustomTemplateView {
    pub id: i64,
    /// The same as `id` (the spec names it both ways).
    pub template_id: i64,
    pub title: String,
    /// As stored: line breaks are `<br>` tags (spec section 5).
    pub body: String,
    /// The body as the editor shows it, `<br>` tags back to newlines.
    pub editor_body: String,
    pub service_type: String,
    pub enterprise_id: i64,
    pub intent: Option<String>,
    pub brand: Option<String>,
    /// Whether the caller marked it a favourite.
    pub favorite: bool,
    /// PERSONAL or GROUP.
    pub template_type: String,
    /// Whether the caller may edit or delete it.
    pub editable: bool,
    pub updated_at: DateTime<Utc>,
}

impl CustomTemplateView {
    fn of(t: CustomTemplateRecord, caller: &Caller) -> Self {
        Self {
            editable: TemplateService::may_change(caller, &t),
            id: t.id,
            template_id: t.id,
            editor_body: editor_body(&t.body),
            title: t.title,
            body: t.body,
            service_type: t.service_type,
            enterprise_id: t.enterprise_id,
            intent: t.intent,
            brand: t.brand,
            favorite: t.favorite,
            template_type: t.scope.as_str().to_owned(),
            updated_at: t.updated_at,
        }
    }
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct CustomTemplateBody {
    /// The template to rewrite; none: a new one (the spec's add-or-update).
    pub id: Option<i64>,
    pub template_id: Option<i64>,
    #[oai(validator(max_length = 1000))]
    pub title: String,
    /// Newlines are stored as `<br>` tags.
    #[oai(validator(max_length = 20000))]
    pub body: String,
    #[oai(validator(max_length = 100))]
    pub service_type: String,
    pub enterprise_id: Option<i64>,
    /// One of the assistant's intent codes (`APPT_SET`, `SPA-AS`, …).
    #[oai(validator(max_length = 100))]
    pub intent: Option<String>,
    #[oai(validator(max_length = 100))]
    pub brand: Option<String>,
    /// Marks (or unmarks) it as the caller's favourite as it is saved.
    pub favorite: Option<bool>,
    /// PERSONAL (default) or GROUP (managers).
    #[oai(validator(max_length = 20))]
    pub template_type: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TemplateMessage {
    pub message: String,
}

fn said(message: &str) -> Json<TemplateMessage> {
    Json(TemplateMessage {
        message: message.to_owned(),
    })
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TemplateFieldView {
    /// What goes inside `{{…}}`.
    pub key: String,
    /// The insert-field menu: Assistant, Customer, Office, Product or Service.
    pub group: String,
    pub label: String,
    /// The field as written in a body, e.g. `{{customer_first_name}}`.
    pub placeholder: String,
}

impl From<&Field> for TemplateFieldView {
    fn from(f: &Field) -> Self {
        Self {
            key: f.key.to_owned(),
            group: f.group.as_str().to_owned(),
            label: f.label.to_owned(),
            placeholder: f.placeholder(),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TemplateCatalogue {
    /// The insert-field menus in order.
    pub groups: Vec<String>,
    pub fields: Vec<TemplateFieldView>,
    pub service_types: Vec<String>,
    pub intents: Vec<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RenderedTemplate {
    pub template_id: Option<i64>,
    pub template_code: Option<String>,
    pub title: Option<String>,
    pub future_service_interaction_id: i64,
    /// SMS or EMAIL.
    pub moc: String,
    /// The body filled in (HTML, as an e-mail goes out); a field the lead has no value for
    /// stays as its placeholder.
    pub body: String,
    /// What goes out: the SMS text for SMS, the body for e-mail.
    pub text: String,
    /// The body as the editor shows it (newlines for `<br>`).
    pub editor_body: String,
    /// Fields the lead has no value for: the message cannot be sent until they are typed in
    /// or removed.
    pub missing_fields: Vec<TemplateFieldView>,
    /// No field is missing.
    pub complete: bool,
}

impl RenderedTemplate {
    fn of(rendered: Rendered, lead_id: i64, moc: Moc) -> Self {
        Self {
            template_id: None,
            template_code: None,
            title: None,
            future_service_interaction_id: lead_id,
            moc: moc.as_str().to_owned(),
            text: match moc {
                Moc::Sms => rendered.sms_text.clone(),
                Moc::Email => rendered.body.clone(),
            },
            editor_body: editor_body(&rendered.body),
            complete: rendered.missing.is_empty(),
            missing_fields: rendered
                .missing
                .iter()
                .map(|f| TemplateFieldView::from(*f))
                .collect(),
            body: rendered.body,
        }
    }
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct ApplyBody {
    /// A saved template to fill; or give `body`.
    pub template_id: Option<i64>,
    /// A body to fill (the editor's live preview).
    #[oai(validator(max_length = 20000))]
    pub body: Option<String>,
    pub future_service_interaction_id: i64,
    #[oai(validator(max_length = 20))]
    pub moc: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct StandardTemplateView {
    pub id: i64,
    pub template_id: i64,
    pub template_code: String,
    pub title: String,
    pub body: String,
    pub editor_body: String,
    pub service_type: Option<String>,
    pub moc: String,
    pub division_id: String,
    /// Shared by every enterprise (not this enterprise's to rewrite).
    pub shared: bool,
}

impl From<StandardTemplateRecord> for StandardTemplateView {
    fn from(t: StandardTemplateRecord) -> Self {
        Self {
            id: t.id,
            template_id: t.id,
            template_code: t.template_code,
            editor_body: editor_body(&t.body),
            title: t.title,
            body: t.body,
            service_type: t.service_type,
            moc: t.moc.as_str().to_owned(),
            division_id: t.division_code.as_str().to_owned(),
            shared: t.enterprise_id.is_none(),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StandardTemplatePage {
    pub content: Vec<StandardTemplateView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct StandardTemplateBody {
    /// The enterprise's template to rewrite; none: a new one.
    pub template_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub template_code: String,
    #[oai(validator(max_length = 100))]
    pub service_type: Option<String>,
    /// SMS (default) or EMAIL.
    #[oai(validator(max_length = 20))]
    pub moc: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub title: String,
    #[oai(validator(max_length = 20000))]
    pub body: String,
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct TemplateListFilter {
    pub company_id: Option<i64>,
    #[oai(validator(max_length = 20))]
    pub division_id: Option<String>,
    #[oai(validator(max_length = 100))]
    pub service_type: Option<String>,
    #[oai(validator(max_length = 20))]
    pub moc: Option<String>,
    #[oai(validator(max_length = 200))]
    pub search: Option<String>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

/// A template in the combined lists of `/template/{services,sales}`.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct TemplateListItem {
    pub template_id: i64,
    /// STANDARD, GROUP or PERSONAL.
    pub source: String,
    pub template_code: Option<String>,
    pub title: String,
    pub body: String,
    pub service_type: Option<String>,
    pub favorite: bool,
}

/// A list's service type: `ALL` (or none) is every type.
fn service_type_filter(service_type: &str) -> ApiResult<Option<String>> {
    let service_type = service_type.trim();
    if service_type.is_empty() || service_type.eq_ignore_ascii_case("ALL") {
        Ok(None)
    } else {
        Ok(Some(check_service_type(service_type)?))
    }
}

fn optional_intent(intent: Option<&str>) -> ApiResult<Option<String>> {
    Ok(intent
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .map(check_intent)
        .transpose()?)
}

/// Checks the `officeId` (a store) is the caller's.
async fn check_office(state: &AppState, scope: &Scope, office: Option<i64>) -> ApiResult<()> {
    if office.is_some() {
        stores_of(state, scope, None, office).await?;
    }
    Ok(())
}

/// The lead a populated call fills for: its `futureServiceInteractionId`, else the contact's
/// latest lead in the scope.
async fn lead_of(
    state: &AppState,
    scope: &Scope,
    lead: Option<i64>,
    contact: Option<i64>,
) -> ApiResult<i64> {
    match (lead, contact) {
        (Some(lead), _) => Ok(lead),
        (None, Some(contact)) => state
            .templates
            .store()
            .latest_lead_of_customer(scope, contact)
            .await?
            .ok_or_else(|| engine::Error::not_found("No lead for this contact").into()),
        (None, None) => Err(engine::Error::invalid(
            "futureServiceInteractionId or contactId is required",
        )
        .into()),
    }
}

pub struct TemplateApi;

impl TemplateApi {
    async fn custom_list(
        state: &AppState,
        caller: &Caller,
        scope: &Scope,
        filter: CustomTemplateFilter,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let found = state
            .templates
            .store()
            .list_custom(scope.enterprise_id, caller.user_id, &filter)
            .await?;
        Ok(Json(
            found
                .into_iter()
                .map(|t| CustomTemplateView::of(t, caller))
                .collect(),
        ))
    }

    #[allow(clippy::too_many_arguments)]
    async fn populated(
        state: &AppState,
        req: &Request,
        caller: &Caller,
        company: Option<i64>,
        division: Option<&str>,
        office: Option<i64>,
        contact: Option<i64>,
        code: &str,
        moc: Option<&str>,
        lead: Option<i64>,
        default_division: Division,
    ) -> ApiResult<Json<RenderedTemplate>> {
        let scope = scope_naming(caller, req, company)?;
        check_office(state, &scope, office).await?;
        let division = parse_division(division, default_division)?;
        let moc = parse_moc(moc)?;
        let lead = lead_of(state, &scope, lead, contact).await?;
        let code = code.trim();
        if code.is_empty() {
            return Err(engine::Error::invalid("templateCode is required").into());
        }
        let template = state
            .templates
            .store()
            .standard_by_code(scope.enterprise_id, division, code, moc)
            .await?
            .ok_or_else(|| {
                engine::Error::not_found(format!(
                    "No {division} {moc} template has the code {code}"
                ))
            })?;
        let rendered = state
            .templates
            .render_for_lead(&scope, lead, division, &template.body)
            .await?;
        Ok(Json(RenderedTemplate {
            template_id: Some(template.id),
            template_code: Some(template.template_code),
            title: Some(template.title),
            ..RenderedTemplate::of(rendered, lead, moc)
        }))
    }

    #[allow(clippy::too_many_arguments)]
    async fn division_list(
        state: &AppState,
        req: &Request,
        caller: &Caller,
        company: Option<i64>,
        division: Option<&str>,
        office: Option<i64>,
        source: Option<&str>,
        default_division: Division,
    ) -> ApiResult<Json<Vec<TemplateListItem>>> {
        let scope = scope_naming(caller, req, company)?;
        check_office(state, &scope, office).await?;
        let division = parse_division(division, default_division)?;
        let source = source.map(str::trim).unwrap_or("ALL").to_ascii_uppercase();
        let (standard, custom) = match source.as_str() {
            "" | "ALL" => (true, true),
            "STANDARD" => (true, false),
            "CUSTOM" => (false, true),
            other => {
                return Err(engine::Error::invalid(format!(
                    "source must be ALL, STANDARD or CUSTOM, not '{other}'"
                ))
                .into());
            }
        };
        let mut items = Vec::new();
        if standard {
            let filter = StandardTemplateFilter {
                division: Some(division),
                ..Default::default()
            };
            let page = PageRequest::new(Some(0), Some(engine::store::MAX_PAGE_SIZE))?;
            let found = state
                .templates
                .store()
                .list_standard(scope.enterprise_id, &filter, page)
                .await?;
            items.extend(found.content.into_iter().map(|t| TemplateListItem {
                template_id: t.id,
                source: "STANDARD".to_owned(),
                template_code: Some(t.template_code),
                title: t.title,
                body: t.body,
                service_type: t.service_type,
                favorite: false,
            }));
        }
        // Custom templates are the service department's (spec: per service type).
        if custom && division == Division::Service {
            let found = state
                .templates
                .store()
                .list_custom(
                    scope.enterprise_id,
                    caller.user_id,
                    &CustomTemplateFilter::of(CustomTemplateSet::Visible),
                )
                .await?;
            items.extend(found.into_iter().map(|t| TemplateListItem {
                template_id: t.id,
                source: t.scope.as_str().to_owned(),
                template_code: None,
                title: t.title,
                body: t.body,
                service_type: Some(t.service_type),
                favorite: t.favorite,
            }));
        }
        Ok(Json(items))
    }
}

#[OpenApi(tag = "ApiTags::Templates")]
impl TemplateApi {
    /// The insert-field menus, the service types and the intents a template may be for.
    #[oai(path = "/api/customTemplate/catalogue", method = "get")]
    async fn catalogue(&self, Session(_caller): Session) -> ApiResult<Json<TemplateCatalogue>> {
        Ok(Json(TemplateCatalogue {
            groups: FieldGroup::ALL
                .iter()
                .map(|g| g.as_str().to_owned())
                .collect(),
            fields: FIELDS.iter().map(TemplateFieldView::from).collect(),
            service_types: service_types(),
            intents: engine::assistant::Intent::ALL
                .iter()
                .map(|i| i.code().to_owned())
                .collect(),
        }))
    }

    /// The enterprise's group templates of a service type (`ALL`: every type): the panel's
    /// Group tab.
    #[oai(
        path = "/api/customTemplate/:enterpriseId/:serviceType",
        method = "get"
    )]
    async fn group_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "enterpriseId")] enterprise_id: Path<i64>,
        #[oai(name = "serviceType")] service_type: Path<String>,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = scope_naming(&caller, req, Some(enterprise_id.0))?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(&service_type.0)?,
            search: search.0,
            ..CustomTemplateFilter::of(CustomTemplateSet::Group)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// The caller's personal templates of a service type (`ALL`: every type): the Personal tab.
    #[oai(path = "/api/customTemplate/user/:serviceType", method = "get")]
    async fn personal_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "serviceType")] service_type: Path<String>,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = request_scope(&caller, req)?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(&service_type.0)?,
            search: search.0,
            ..CustomTemplateFilter::of(CustomTemplateSet::Personal)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// The enterprise's group templates for an assistant intent and service type.
    #[oai(
        path = "/api/customTemplate/intent/:intent/enterprise/:enterprise/serviceType/:type",
        method = "get"
    )]
    async fn intent_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        intent: Path<String>,
        enterprise: Path<i64>,
        #[oai(name = "type")] service_type: Path<String>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = scope_naming(&caller, req, Some(enterprise.0))?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(&service_type.0)?,
            intent: optional_intent(Some(&intent.0))?,
            ..CustomTemplateFilter::of(CustomTemplateSet::Group)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// The caller's and the group's templates of a service type, matching `search`.
    #[oai(path = "/api/customTemplate/search-by-serviceType", method = "get")]
    async fn by_service_type(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "serviceType", validator(max_length = 100))] service_type: Query<
            Option<String>,
        >,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = request_scope(&caller, req)?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(service_type.0.as_deref().unwrap_or("ALL"))?,
            search: search.0,
            ..CustomTemplateFilter::of(CustomTemplateSet::Visible)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// The caller's favourite templates (of a service type, if given).
    #[oai(path = "/api/customTemplate/search-for-favorite", method = "get")]
    async fn favorites(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "serviceType", validator(max_length = 100))] service_type: Query<
            Option<String>,
        >,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = request_scope(&caller, req)?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(service_type.0.as_deref().unwrap_or("ALL"))?,
            search: search.0,
            ..CustomTemplateFilter::of(CustomTemplateSet::Favorites)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// Templates of a service type for a brand (and those for no brand).
    #[oai(
        path = "/api/customTemplate/search-by-serviceType-brand",
        method = "get"
    )]
    async fn by_service_type_and_brand(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "serviceType", validator(max_length = 100))] service_type: Query<String>,
        #[oai(validator(max_length = 100))] brand: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = request_scope(&caller, req)?;
        let filter = CustomTemplateFilter {
            service_type: service_type_filter(&service_type.0)?,
            brand: brand.0.filter(|b| !b.trim().is_empty()),
            ..CustomTemplateFilter::of(CustomTemplateSet::Visible)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// Templates for an assistant intent for a brand (and those for no brand).
    #[oai(path = "/api/customTemplate/search-by-intent-brand", method = "get")]
    async fn by_intent_and_brand(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(validator(max_length = 100))] intent: Query<String>,
        #[oai(validator(max_length = 100))] brand: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<CustomTemplateView>>> {
        let scope = request_scope(&caller, req)?;
        let filter = CustomTemplateFilter {
            intent: Some(check_intent(&intent.0)?),
            brand: brand.0.filter(|b| !b.trim().is_empty()),
            ..CustomTemplateFilter::of(CustomTemplateSet::Visible)
        };
        Self::custom_list(&state, &caller, &scope, filter).await
    }

    /// Adds a template, or rewrites the one `id` names (then both lists reload). A group
    /// template takes a manager's role; an unknown field in the body is a 400 naming it.
    #[oai(path = "/api/customTemplate", method = "post")]
    async fn save(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<CustomTemplateBody>,
    ) -> ApiResult<Json<CustomTemplateView>> {
        let body = body.0;
        let scope = scope_naming(&caller, req, body.enterprise_id)?;
        let draft = CustomTemplateDraft {
            scope: body.template_type,
            title: body.title,
            body: body.body,
            service_type: body.service_type,
            intent: body.intent,
            brand: body.brand,
        };
        let now = Utc::now();
        let saved = state
            .templates
            .save_custom(&caller, &scope, body.id.or(body.template_id), &draft, now)
            .await?;
        let saved = match body.favorite {
            Some(favorite) if favorite != saved.favorite => {
                state
                    .templates
                    .set_favorite(&caller, &scope, saved.id, favorite, now)
                    .await?;
                state.templates.custom(&caller, &scope, saved.id).await?
            }
            _ => saved,
        };
        Ok(Json(CustomTemplateView::of(saved, &caller)))
    }

    /// Deletes a template (the caller's own, or a group one for managers).
    #[oai(path = "/api/customTemplate/:templateId", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "templateId")] template_id: Path<i64>,
    ) -> ApiResult<Json<TemplateMessage>> {
        let scope = request_scope(&caller, req)?;
        state
            .templates
            .delete_custom(&caller, &scope, template_id.0)
            .await?;
        Ok(said("Successfully Deleted"))
    }

    /// Marks a template as one of the caller's favourites.
    #[oai(path = "/api/customTemplate/add/favorite", method = "put")]
    async fn add_favorite(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "templateId")] template_id: Query<i64>,
    ) -> ApiResult<Json<TemplateMessage>> {
        let scope = request_scope(&caller, req)?;
        state
            .templates
            .set_favorite(&caller, &scope, template_id.0, true, Utc::now())
            .await?;
        Ok(said("Template added to favourites"))
    }

    /// Removes a template from the caller's favourites (PUT or DELETE, as the spec allows).
    #[oai(path = "/api/customTemplate/remove/favorite", method = "put")]
    async fn remove_favorite(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "templateId")] template_id: Query<i64>,
    ) -> ApiResult<Json<TemplateMessage>> {
        let scope = request_scope(&caller, req)?;
        state
            .templates
            .set_favorite(&caller, &scope, template_id.0, false, Utc::now())
            .await?;
        Ok(said("Template removed from favourites"))
    }

    /// The same as the PUT.
    #[oai(path = "/api/customTemplate/remove/favorite", method = "delete")]
    async fn remove_favorite_by_delete(
        &self,
        state: Data<&AppState>,
        req: &Request,
        session: Session,
        #[oai(name = "templateId")] template_id: Query<i64>,
    ) -> ApiResult<Json<TemplateMessage>> {
        self.remove_favorite(state, req, session, template_id).await
    }

    /// A saved template filled for a lead: what applying it puts in the editor.
    #[oai(path = "/api/customTemplate/apply/:templateId", method = "get")]
    async fn apply_saved(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "templateId")] template_id: Path<i64>,
        #[oai(name = "futureServiceInteractionId")] lead: Query<i64>,
        #[oai(validator(max_length = 20))] moc: Query<Option<String>>,
    ) -> ApiResult<Json<RenderedTemplate>> {
        let scope = request_scope(&caller, req)?;
        let moc = parse_moc(moc.0.as_deref())?;
        let template = state
            .templates
            .custom(&caller, &scope, template_id.0)
            .await?;
        let rendered = state
            .templates
            .render_for_lead(&scope, lead.0, Division::Service, &template.body)
            .await?;
        Ok(Json(RenderedTemplate {
            template_id: Some(template.id),
            title: Some(template.title),
            ..RenderedTemplate::of(rendered, lead.0, moc)
        }))
    }

    /// A saved template, or a body being written (the editor's live preview), filled for a
    /// lead. An unknown field is a 400 naming it.
    #[oai(path = "/api/customTemplate/apply", method = "post")]
    async fn apply(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ApplyBody>,
    ) -> ApiResult<Json<RenderedTemplate>> {
        let scope = request_scope(&caller, req)?;
        let body = body.0;
        let moc = parse_moc(body.moc.as_deref())?;
        let lead = body.future_service_interaction_id;
        let (template, text) = match (body.template_id, body.body) {
            (_, Some(text)) => (None, engine::templates::stored_body(&text)),
            (Some(id), None) => {
                let template = state.templates.custom(&caller, &scope, id).await?;
                let text = template.body.clone();
                (Some(template), text)
            }
            (None, None) => {
                return Err(engine::Error::invalid("templateId or body is required").into());
            }
        };
        let rendered = state
            .templates
            .render_for_lead(&scope, lead, Division::Service, &text)
            .await?;
        Ok(Json(RenderedTemplate {
            template_id: template.as_ref().map(|t| t.id),
            title: template.map(|t| t.title),
            ..RenderedTemplate::of(rendered, lead, moc)
        }))
    }

    // ---- Standard templates (company, division, office) ----

    /// The standard templates the enterprise uses (of a division, if given).
    #[oai(path = "/templateCustom", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn standard_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<StandardTemplatePage>> {
        let scope = scope_naming(&caller, req, company.0)?;
        check_office(&state, &scope, office.0).await?;
        let division = match division
            .0
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
        {
            Some(d) => Some(parse_division(Some(d), Division::Service)?),
            None => None,
        };
        let filter = StandardTemplateFilter {
            division,
            search: search.0,
            ..Default::default()
        };
        standard_page(&state, &scope, &filter, page.0, size.0).await
    }

    /// Adds one of the enterprise's standard templates, or rewrites it (`templateId`).
    #[oai(path = "/templateCustom", method = "post")]
    #[allow(clippy::too_many_arguments)]
    async fn save_standard(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        body: Json<StandardTemplateBody>,
    ) -> ApiResult<Json<StandardTemplateView>> {
        let scope = scope_naming(&caller, req, company.0)?;
        check_office(&state, &scope, office.0).await?;
        let division = parse_division(division.0.as_deref(), Division::Service)?;
        let body = body.0;
        let draft = StandardTemplateDraft {
            template_code: body.template_code,
            service_type: body.service_type,
            moc: body.moc,
            title: body.title,
            body: body.body,
        };
        let saved = state
            .templates
            .save_standard(
                &caller,
                &scope,
                body.template_id,
                division,
                &draft,
                Utc::now(),
            )
            .await?;
        Ok(Json(saved.into()))
    }

    /// A service template (by code) filled for a lead.
    #[oai(path = "/templateCustom/services/populated", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn populated_services(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        #[oai(name = "contactId")] contact: Query<Option<i64>>,
        #[oai(name = "templateCode", validator(max_length = 200))] code: Query<String>,
        #[oai(validator(max_length = 20))] moc: Query<Option<String>>,
        #[oai(name = "futureServiceInteractionId")] lead: Query<Option<i64>>,
    ) -> ApiResult<Json<RenderedTemplate>> {
        Self::populated(
            &state,
            req,
            &caller,
            company.0,
            division.0.as_deref(),
            office.0,
            contact.0,
            &code.0,
            moc.0.as_deref(),
            lead.0,
            Division::Service,
        )
        .await
    }

    /// A sales template (by code) filled for a lead.
    #[oai(
        path = "/templateDynamicParts/v2/templateCustom/sales/populated",
        method = "get"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn populated_sales(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        #[oai(name = "contactId")] contact: Query<Option<i64>>,
        #[oai(name = "templateCode", validator(max_length = 200))] code: Query<String>,
        #[oai(validator(max_length = 20))] moc: Query<Option<String>>,
        #[oai(name = "futureServiceInteractionId")] lead: Query<Option<i64>>,
    ) -> ApiResult<Json<RenderedTemplate>> {
        Self::populated(
            &state,
            req,
            &caller,
            company.0,
            division.0.as_deref(),
            office.0,
            contact.0,
            &code.0,
            moc.0.as_deref(),
            lead.0,
            Division::Sales,
        )
        .await
    }

    /// The service department's templates: the standard ones (DIV004) and, with
    /// `source=ALL` or `CUSTOM`, the caller's and the group's.
    #[oai(path = "/template/services", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn service_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        #[oai(validator(max_length = 20))] source: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<TemplateListItem>>> {
        Self::division_list(
            &state,
            req,
            &caller,
            company.0,
            division.0.as_deref(),
            office.0,
            source.0.as_deref(),
            Division::Service,
        )
        .await
    }

    /// The sales department's standard templates (DIV001).
    #[oai(path = "/template/sales", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn sales_templates(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "divisionId", validator(max_length = 20))] division: Query<Option<String>>,
        #[oai(name = "officeId")] office: Query<Option<i64>>,
        #[oai(validator(max_length = 20))] source: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<TemplateListItem>>> {
        Self::division_list(
            &state,
            req,
            &caller,
            company.0,
            division.0.as_deref(),
            office.0,
            source.0.as_deref(),
            Division::Sales,
        )
        .await
    }

    /// Standard templates by a filter, paged.
    #[oai(path = "/dynamicTemplate/templateList", method = "post")]
    async fn template_list(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<Option<TemplateListFilter>>,
    ) -> ApiResult<Json<StandardTemplatePage>> {
        let body = body.0.unwrap_or_default();
        let scope = scope_naming(&caller, req, body.company_id)?;
        let division = match body
            .division_id
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
        {
            Some(d) => Some(parse_division(Some(d), Division::Service)?),
            None => None,
        };
        let filter = StandardTemplateFilter {
            division,
            service_type: match body.service_type.as_deref() {
                Some(t) => service_type_filter(t)?,
                None => None,
            },
            moc: match body.moc.as_deref().filter(|m| !m.trim().is_empty()) {
                Some(m) => Some(parse_moc(Some(m))?),
                None => None,
            },
            search: body.search,
        };
        standard_page(&state, &scope, &filter, body.page, body.size).await
    }
}

async fn standard_page(
    state: &AppState,
    scope: &Scope,
    filter: &StandardTemplateFilter,
    page: Option<u64>,
    size: Option<u64>,
) -> ApiResult<Json<StandardTemplatePage>> {
    let found = state
        .templates
        .store()
        .list_standard(scope.enterprise_id, filter, PageRequest::new(page, size)?)
        .await?;
    Ok(Json(StandardTemplatePage {
        content: found.content.into_iter().map(Into::into).collect(),
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
    }))
}
