//! Templates: staff's custom templates (personal, or the enterprise's group set) with their
//! favourites, the standard templates per division, and the facts a lead offers their fields.
//! Who may write what is `templates::GROUP_TEMPLATE_ROLES`, applied by the caller of these.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_query::{Cond, Expr, ExprTrait, Func, LikeExpr, Order, Query, SelectStatement};

use super::schema::{
    Assistants, CustomTemplates as Custom, Offices, ServiceVehicles, Stores,
    TemplateFavorites as Favorites, Templates as Standard,
};
use super::{Page, PageRequest, like_pattern};
use crate::auth::Scope;
use crate::db::Database;
use crate::error::{Error, Result};
use crate::store::leads::{LeadRecord, LeadStore};
use wording::templates::values::LeadFacts;
use wording::templates::{ANY_SERVICE_TYPE, Division, Moc, TemplateScope};

/// The most templates one list answers (a panel's worth; search narrows it).
pub const MAX_LISTED: u64 = 500;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CustomTemplateRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub owner_user_id: Option<i64>,
    #[sqlx(try_from = "String")]
    pub scope: TemplateScope,
    pub title: String,
    pub body: String,
    pub service_type: String,
    pub intent: Option<String>,
    pub brand: Option<String>,
    /// Whether the reader marked it a favourite.
    pub favorite: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Which of a reader's templates a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomTemplateSet {
    /// The reader's own personal templates (the panel's Personal tab).
    Personal,
    /// The enterprise's group templates (the Group tab).
    Group,
    /// Both.
    Visible,
    /// Those of both the reader marked favourite.
    Favorites,
}

/// A list's filters; `None` matches everything. A service type matches templates of that type
/// and those for every type; a brand, templates of that brand and those for no brand.
#[derive(Debug, Clone)]
pub struct CustomTemplateFilter {
    pub set: CustomTemplateSet,
    pub service_type: Option<String>,
    pub intent: Option<String>,
    pub brand: Option<String>,
    pub search: Option<String>,
}

impl CustomTemplateFilter {
    pub fn of(set: CustomTemplateSet) -> Self {
        Self {
            set,
            service_type: None,
            intent: None,
            brand: None,
            search: None,
        }
    }
}

/// A custom template's content, checked (`templates::checked_content` and friends).
#[derive(Debug, Clone)]
pub struct CustomTemplateInput {
    pub scope: TemplateScope,
    pub title: String,
    pub body: String,
    pub service_type: String,
    pub intent: Option<String>,
    pub brand: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StandardTemplateRecord {
    pub id: i64,
    /// `None`: a template every enterprise shares.
    pub enterprise_id: Option<i64>,
    #[sqlx(try_from = "String")]
    pub division_code: Division,
    pub template_code: String,
    pub service_type: Option<String>,
    #[sqlx(try_from = "String")]
    pub moc: Moc,
    pub title: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct StandardTemplateFilter {
    pub division: Option<Division>,
    pub service_type: Option<String>,
    pub moc: Option<Moc>,
    pub search: Option<String>,
}

/// A standard template's content, checked.
#[derive(Debug, Clone)]
pub struct StandardTemplateInput {
    pub division: Division,
    pub template_code: String,
    pub service_type: Option<String>,
    pub moc: Moc,
    pub title: String,
    pub body: String,
}

#[derive(Debug, Clone)]
pub struct TemplateStore {
    db: Database,
}

impl TemplateStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Whether the template of the outer row is one of the user's favourites.
    fn is_favorite(user_id: i64) -> Expr {
        Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from(Favorites::Table)
                .and_where(Expr::col((Favorites::Table, Favorites::UserId)).eq(user_id))
                .and_where(
                    Expr::col((Favorites::Table, Favorites::CustomTemplateId))
                        .equals((Custom::Table, Custom::Id)),
                )
                .to_owned(),
        )
    }

    fn custom_select(user_id: i64) -> SelectStatement {
        Query::select()
            .columns(
                [
                    Custom::Id,
                    Custom::EnterpriseId,
                    Custom::OwnerUserId,
                    Custom::Scope,
                    Custom::Title,
                    Custom::Body,
                    Custom::ServiceType,
                    Custom::Intent,
                    Custom::Brand,
                    Custom::CreatedAt,
                    Custom::UpdatedAt,
                ]
                .map(|c| (Custom::Table, c)),
            )
            .expr_as(Self::is_favorite(user_id), "favorite")
            .from(Custom::Table)
            .to_owned()
    }

    /// Visible to a reader: the enterprise's group templates and the reader's own.
    fn visible(user_id: i64) -> Cond {
        Cond::any()
            .add(Expr::col((Custom::Table, Custom::Scope)).eq(TemplateScope::Group.as_str()))
            .add(Expr::col((Custom::Table, Custom::OwnerUserId)).eq(user_id))
    }

    /// The custom templates of `filter` that `user_id` sees in the enterprise, favourites
    /// first, then by title.
    pub async fn list_custom(
        &self,
        enterprise_id: i64,
        user_id: i64,
        filter: &CustomTemplateFilter,
    ) -> Result<Vec<CustomTemplateRecord>> {
        let mut query = Self::custom_select(user_id);
        query.and_where(Expr::col((Custom::Table, Custom::EnterpriseId)).eq(enterprise_id));
        match filter.set {
            CustomTemplateSet::Personal => {
                query
                    .and_where(
                        Expr::col((Custom::Table, Custom::Scope))
                            .eq(TemplateScope::Personal.as_str()),
                    )
                    .and_where(Expr::col((Custom::Table, Custom::OwnerUserId)).eq(user_id));
            }
            CustomTemplateSet::Group => {
                query.and_where(
                    Expr::col((Custom::Table, Custom::Scope)).eq(TemplateScope::Group.as_str()),
                );
            }
            CustomTemplateSet::Visible => {
                query.cond_where(Self::visible(user_id));
            }
            CustomTemplateSet::Favorites => {
                query
                    .cond_where(Self::visible(user_id))
                    .and_where(Self::is_favorite(user_id));
            }
        }
        if let Some(service_type) = &filter.service_type {
            query.and_where(
                Expr::col((Custom::Table, Custom::ServiceType))
                    .is_in([service_type.as_str(), ANY_SERVICE_TYPE]),
            );
        }
        if let Some(intent) = &filter.intent {
            query.and_where(Expr::col((Custom::Table, Custom::Intent)).eq(intent));
        }
        if let Some(brand) = filter.brand.as_deref().map(str::trim) {
            query.cond_where(
                Cond::any()
                    .add(Expr::col((Custom::Table, Custom::Brand)).is_null())
                    .add(
                        Func::lower(Expr::col((Custom::Table, Custom::Brand)))
                            .eq(brand.to_lowercase()),
                    ),
            );
        }
        if let Some(search) = filter.search.as_deref().filter(|s| !s.trim().is_empty()) {
            let pattern = like_pattern(search)?;
            let like = |column: Custom| {
                Func::lower(Expr::col((Custom::Table, column)))
                    .like(LikeExpr::new(pattern.clone()).escape('\\'))
            };
            query.cond_where(Cond::any().add(like(Custom::Title)).add(like(Custom::Body)));
        }
        query
            .order_by_expr(Expr::cust("favorite"), Order::Desc)
            .order_by((Custom::Table, Custom::Title), Order::Asc)
            .order_by((Custom::Table, Custom::Id), Order::Asc)
            .limit(MAX_LISTED);
        self.db.fetch_all(&query).await
    }

    /// A custom template the user sees in the enterprise (another's personal one is not found).
    pub async fn get_custom(
        &self,
        enterprise_id: i64,
        user_id: i64,
        id: i64,
    ) -> Result<Option<CustomTemplateRecord>> {
        let mut query = Self::custom_select(user_id);
        query
            .and_where(Expr::col((Custom::Table, Custom::Id)).eq(id))
            .and_where(Expr::col((Custom::Table, Custom::EnterpriseId)).eq(enterprise_id))
            .cond_where(Self::visible(user_id));
        self.db.fetch_optional(&query).await
    }

    pub async fn create_custom(
        &self,
        enterprise_id: i64,
        owner_user_id: i64,
        input: &CustomTemplateInput,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        self.db
            .fetch_scalar(
                &Query::insert()
                    .into_table(Custom::Table)
                    .columns([
                        Custom::EnterpriseId,
                        Custom::OwnerUserId,
                        Custom::Scope,
                        Custom::Title,
                        Custom::Body,
                        Custom::ServiceType,
                        Custom::Intent,
                        Custom::Brand,
                        Custom::CreatedAt,
                        Custom::UpdatedAt,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        owner_user_id.into(),
                        input.scope.as_str().into(),
                        input.title.clone().into(),
                        input.body.clone().into(),
                        input.service_type.clone().into(),
                        input.intent.clone().into(),
                        input.brand.clone().into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Custom::Id)
                    .to_owned(),
            )
            .await
    }

    /// Rewrites a template's content; a template turned personal becomes `owner_user_id`'s.
    pub async fn update_custom(
        &self,
        id: i64,
        owner_user_id: i64,
        input: &CustomTemplateInput,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut update = Query::update();
        update
            .table(Custom::Table)
            .value(Custom::Scope, input.scope.as_str())
            .value(Custom::Title, input.title.clone())
            .value(Custom::Body, input.body.clone())
            .value(Custom::ServiceType, input.service_type.clone())
            .value(Custom::Intent, input.intent.clone())
            .value(Custom::Brand, input.brand.clone())
            .value(Custom::UpdatedAt, now)
            .and_where(Expr::col(Custom::Id).eq(id));
        if input.scope == TemplateScope::Personal {
            update.value(Custom::OwnerUserId, owner_user_id);
        }
        self.db.execute(&update).await?;
        Ok(())
    }

    /// Deletes a template and every user's favourite mark on it.
    pub async fn delete_custom(&self, id: i64) -> Result<()> {
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::delete()
                .from_table(Favorites::Table)
                .and_where(Expr::col(Favorites::CustomTemplateId).eq(id))
                .to_owned(),
        )
        .await?;
        tx.execute(
            &Query::delete()
                .from_table(Custom::Table)
                .and_where(Expr::col(Custom::Id).eq(id))
                .to_owned(),
        )
        .await?;
        tx.commit().await
    }

    /// Marks or unmarks a template as the user's favourite (doing it twice changes nothing).
    pub async fn set_favorite(
        &self,
        user_id: i64,
        template_id: i64,
        favorite: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        if favorite {
            let insert = Query::insert()
                .into_table(Favorites::Table)
                .columns([
                    Favorites::UserId,
                    Favorites::CustomTemplateId,
                    Favorites::CreatedAt,
                ])
                .values_panic([user_id.into(), template_id.into(), now.into()])
                .on_conflict(
                    sea_query::OnConflict::columns([
                        Favorites::UserId,
                        Favorites::CustomTemplateId,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .to_owned();
            self.db.execute(&insert).await?;
        } else {
            let delete = Query::delete()
                .from_table(Favorites::Table)
                .and_where(Expr::col(Favorites::UserId).eq(user_id))
                .and_where(Expr::col(Favorites::CustomTemplateId).eq(template_id))
                .to_owned();
            self.db.execute(&delete).await?;
        }
        Ok(())
    }

    // ---- Standard templates ----

    fn standard_select(enterprise_id: i64) -> SelectStatement {
        Query::select()
            .columns([
                Standard::Id,
                Standard::EnterpriseId,
                Standard::DivisionCode,
                Standard::TemplateCode,
                Standard::ServiceType,
                Standard::Moc,
                Standard::Title,
                Standard::Body,
                Standard::CreatedAt,
            ])
            .from(Standard::Table)
            .cond_where(
                Cond::any()
                    .add(Expr::col(Standard::EnterpriseId).eq(enterprise_id))
                    .add(Expr::col(Standard::EnterpriseId).is_null()),
            )
            .to_owned()
    }

    /// The standard templates an enterprise uses (its own and the shared ones), by code.
    pub async fn list_standard(
        &self,
        enterprise_id: i64,
        filter: &StandardTemplateFilter,
        page: PageRequest,
    ) -> Result<Page<StandardTemplateRecord>> {
        let mut query = Self::standard_select(enterprise_id);
        if let Some(division) = filter.division {
            query.and_where(Expr::col(Standard::DivisionCode).eq(division.as_str()));
        }
        if let Some(service_type) = &filter.service_type {
            query.and_where(Expr::col(Standard::ServiceType).eq(service_type));
        }
        if let Some(moc) = filter.moc {
            query.and_where(Expr::col(Standard::Moc).eq(moc.as_str()));
        }
        if let Some(search) = filter.search.as_deref().filter(|s| !s.trim().is_empty()) {
            let pattern = like_pattern(search)?;
            let like = |column: Standard| {
                Func::lower(Expr::col(column)).like(LikeExpr::new(pattern.clone()).escape('\\'))
            };
            query.cond_where(
                Cond::any()
                    .add(like(Standard::Title))
                    .add(like(Standard::Body))
                    .add(like(Standard::TemplateCode)),
            );
        }
        let count = Query::select()
            .expr(Expr::col(sea_query::Asterisk).count())
            .from_subquery(query.clone(), sea_query::Alias::new("listed"))
            .to_owned();
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .order_by(Standard::DivisionCode, Order::Asc)
            .order_by(Standard::TemplateCode, Order::Asc)
            .order_by(Standard::Id, Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// A standard template by id, if the enterprise uses it.
    pub async fn get_standard(
        &self,
        enterprise_id: i64,
        id: i64,
    ) -> Result<Option<StandardTemplateRecord>> {
        let mut query = Self::standard_select(enterprise_id);
        query.and_where(Expr::col(Standard::Id).eq(id));
        self.db.fetch_optional(&query).await
    }

    /// The standard template with this code for the division and channel: the enterprise's
    /// own before a shared one.
    pub async fn standard_by_code(
        &self,
        enterprise_id: i64,
        division: Division,
        code: &str,
        moc: Moc,
    ) -> Result<Option<StandardTemplateRecord>> {
        let mut query = Self::standard_select(enterprise_id);
        query
            .and_where(Expr::col(Standard::DivisionCode).eq(division.as_str()))
            .and_where(Expr::col(Standard::TemplateCode).eq(code))
            .and_where(Expr::col(Standard::Moc).eq(moc.as_str()))
            .order_by_expr(Expr::col(Standard::EnterpriseId).is_null(), Order::Asc)
            .order_by(Standard::Id, Order::Asc)
            .limit(1);
        self.db.fetch_optional(&query).await
    }

    /// Adds the enterprise's standard template, or rewrites one of its own (`id`). A code
    /// already used for the division and channel is a conflict.
    pub async fn save_standard(
        &self,
        enterprise_id: i64,
        id: Option<i64>,
        input: &StandardTemplateInput,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let mut tx = self.db.begin().await?;
        let mut clash = Query::select()
            .expr(Expr::col(Standard::Id).count())
            .from(Standard::Table)
            .and_where(Expr::col(Standard::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(Standard::DivisionCode).eq(input.division.as_str()))
            .and_where(Expr::col(Standard::TemplateCode).eq(input.template_code.clone()))
            .and_where(Expr::col(Standard::Moc).eq(input.moc.as_str()))
            .to_owned();
        if let Some(id) = id {
            clash.and_where(Expr::col(Standard::Id).ne(id));
        }
        if tx.fetch_scalar::<i64>(&clash).await? > 0 {
            return Err(Error::Conflict(format!(
                "The template code {} is already used for {} {}",
                input.template_code, input.division, input.moc
            )));
        }
        let id = match id {
            Some(id) => {
                let changed = tx
                    .execute(
                        &Query::update()
                            .table(Standard::Table)
                            .value(Standard::DivisionCode, input.division.as_str())
                            .value(Standard::TemplateCode, input.template_code.clone())
                            .value(Standard::ServiceType, input.service_type.clone())
                            .value(Standard::Moc, input.moc.as_str())
                            .value(Standard::Title, input.title.clone())
                            .value(Standard::Body, input.body.clone())
                            .and_where(Expr::col(Standard::Id).eq(id))
                            // A shared template is not an enterprise's to rewrite.
                            .and_where(Expr::col(Standard::EnterpriseId).eq(enterprise_id))
                            .to_owned(),
                    )
                    .await?;
                if changed == 0 {
                    return Err(Error::not_found("Template not found"));
                }
                id
            }
            None => {
                tx.fetch_scalar(
                    &Query::insert()
                        .into_table(Standard::Table)
                        .columns([
                            Standard::EnterpriseId,
                            Standard::DivisionCode,
                            Standard::TemplateCode,
                            Standard::ServiceType,
                            Standard::Moc,
                            Standard::Title,
                            Standard::Body,
                            Standard::CreatedAt,
                        ])
                        .values_panic([
                            enterprise_id.into(),
                            input.division.as_str().into(),
                            input.template_code.clone().into(),
                            input.service_type.clone().into(),
                            input.moc.as_str().into(),
                            input.title.clone().into(),
                            input.body.clone().into(),
                            now.into(),
                        ])
                        .returning_col(Standard::Id)
                        .to_owned(),
                )
                .await?
            }
        };
        tx.commit().await?;
        Ok(id)
    }

    // ---- What a lead offers the fields ----

    /// The facts of a lead in the scope for filling templates, with the assistant of the
    /// lead's store for `division`. `None` when the lead is not in the scope.
    pub async fn lead_facts(
        &self,
        scope: &Scope,
        lead_id: i64,
        division: Division,
    ) -> Result<Option<LeadFacts>> {
        let Some((lead, _)) = LeadStore::new(self.db.clone()).get(scope, lead_id).await? else {
            return Ok(None);
        };
        Ok(self.facts_of(vec![lead], division).await?.pop())
    }

    /// The template facts of leads already read, in their order: three queries for any
    /// number of leads (their stores' offices and assistants, their vehicles' last service).
    pub async fn facts_of(
        &self,
        leads: Vec<LeadRecord>,
        division: Division,
    ) -> Result<Vec<LeadFacts>> {
        let mut store_ids: Vec<i64> = leads.iter().map(|l| l.store_id).collect();
        store_ids.sort_unstable();
        store_ids.dedup();
        let vehicle_ids: Vec<i64> = leads.iter().filter_map(|l| l.vehicle_id).collect();
        let offices: HashMap<i64, OfficeAddress> = self
            .db
            .fetch_all::<OfficeAddress>(
                &Query::select()
                    .expr_as(Expr::col((Stores::Table, Stores::Id)), "store_id")
                    .columns([
                        (Offices::Table, Offices::Address),
                        (Offices::Table, Offices::City),
                        (Offices::Table, Offices::State),
                    ])
                    .from(Stores::Table)
                    .inner_join(
                        Offices::Table,
                        Expr::col((Offices::Table, Offices::Id))
                            .equals((Stores::Table, Stores::OfficeId)),
                    )
                    .and_where(Expr::col((Stores::Table, Stores::Id)).is_in(store_ids.clone()))
                    .to_owned(),
            )
            .await?
            .into_iter()
            .map(|o| (o.store_id, o))
            .collect();
        let mut last_service: HashMap<i64, NaiveDate> = HashMap::new();
        for chunk in vehicle_ids.chunks(500) {
            let rows = self
                .db
                .fetch_all::<LastService>(
                    &Query::select()
                        .columns([ServiceVehicles::Id, ServiceVehicles::LastServiceDate])
                        .from(ServiceVehicles::Table)
                        .and_where(Expr::col(ServiceVehicles::Id).is_in(chunk.to_vec()))
                        .to_owned(),
                )
                .await?;
            last_service.extend(
                rows.into_iter()
                    .filter_map(|v| v.last_service_date.map(|d| (v.id, d))),
            );
        }
        // Each store's first assistant of the division.
        let mut assistants: HashMap<i64, AssistantName> = HashMap::new();
        for assistant in self
            .db
            .fetch_all::<AssistantName>(
                &Query::select()
                    .columns([
                        Assistants::StoreId,
                        Assistants::AgentFirstName,
                        Assistants::AgentLastName,
                        Assistants::Email,
                    ])
                    .from(Assistants::Table)
                    .and_where(Expr::col(Assistants::StoreId).is_in(store_ids))
                    .and_where(Expr::col(Assistants::DivisionCode).eq(division.as_str()))
                    .order_by(Assistants::Id, Order::Desc)
                    .to_owned(),
            )
            .await?
        {
            assistants.insert(assistant.store_id, assistant);
        }
        Ok(leads
            .into_iter()
            .map(|lead| {
                let office = offices.get(&lead.store_id);
                let assistant = assistants.get(&lead.store_id);
                LeadFacts {
                    assistant_first_name: assistant.and_then(|a| a.agent_first_name.clone()),
                    assistant_last_name: assistant.and_then(|a| a.agent_last_name.clone()),
                    assistant_email: assistant.and_then(|a| a.email.clone()),
                    office_address: office.and_then(|o| o.address.clone()),
                    office_city: office.and_then(|o| o.city.clone()),
                    office_state: office.and_then(|o| o.state.clone()),
                    last_service_date: lead.vehicle_id.and_then(|v| last_service.get(&v).copied()),
                    customer_first_name: Some(lead.customer_first_name),
                    customer_last_name: Some(lead.customer_last_name),
                    customer_email: lead.customer_email,
                    customer_cellular: lead.customer_cellular,
                    store_name: Some(lead.store_name),
                    vin: lead.vin,
                    make: lead.vehicle_make,
                    model: lead.vehicle_model,
                    year: lead.vehicle_year,
                    sold_date: lead.sold_date,
                    estimated_due_date: lead.estimated_due_date,
                    planned_date: lead.planned_date,
                }
            })
            .collect())
    }

    /// The customer's most recent lead in the scope (for calls that name only the contact).
    pub async fn latest_lead_of_customer(
        &self,
        scope: &Scope,
        customer_id: i64,
    ) -> Result<Option<i64>> {
        use super::schema::FutureServiceInteractions as Fsi;
        let mut query = Query::select();
        query
            .column(Fsi::Id)
            .from(Fsi::Table)
            .and_where(Expr::col((Fsi::Table, Fsi::CustomerId)).eq(customer_id))
            .order_by(Fsi::CreatedAt, Order::Desc)
            .order_by(Fsi::Id, Order::Desc)
            .limit(1);
        scope.restrict(&mut query, Fsi::Table, true);
        Ok(self
            .db
            .fetch_optional::<LeadId>(&query)
            .await?
            .map(|lead| lead.id))
    }
}

#[derive(Debug, Default, sqlx::FromRow)]
struct OfficeAddress {
    store_id: i64,
    address: Option<String>,
    city: Option<String>,
    state: Option<String>,
}

#[derive(Debug, Default, sqlx::FromRow)]
struct AssistantName {
    store_id: i64,
    agent_first_name: Option<String>,
    agent_last_name: Option<String>,
    email: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct LastService {
    id: i64,
    last_service_date: Option<NaiveDate>,
}

#[derive(Debug, sqlx::FromRow)]
struct LeadId {
    id: i64,
}
