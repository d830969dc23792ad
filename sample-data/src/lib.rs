//! A deterministic, realistic dealership world for demos, tests and benchmarks.
//!
//! The same seed and anchor date give the same world. Vehicles are generated and written in
//! batches, each in its own transaction, so memory stays flat however large `vehicles` is.
//! Ids are assigned here (the database must be empty), which lets children reference parents
//! without reading anything back.

mod catalog;
pub mod files;
mod history;
mod rows;
mod vin;
mod world;

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use engine::auth::password::hash_password;
use engine::domain::{EmpLevel, Role};
use engine::messaging::call_summary;
use engine::store::schema::*;
use engine::store::users::{NewUser, UserStore};
use engine::{Database, Error, Result, Transaction};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use sea_query::{Expr, Query, Value};

use catalog::{ENTERPRISES, StoreSeed};
use rows::Rows;
use world::*;

/// The check digit a VIN must carry at position 9 (North American standard).
pub use vin::check_digit as vin_check_digit;

pub const DEFAULT_SEED: u64 = 20_261_122;
/// The password of every demo user (documented in the README).
pub const DEMO_PASSWORD: &str = "bayline-demo";

/// A demo account: its role and level, the enterprise (index into the catalog) and, for
/// dealer- or store-level users, the dealer and store index within that enterprise.
pub struct DemoUser {
    pub username: &'static str,
    pub role: Role,
    pub level: EmpLevel,
    pub enterprise: usize,
    pub workplace: Option<(usize, usize)>,
}

const fn demo_user(
    username: &'static str,
    role: Role,
    level: EmpLevel,
    enterprise: usize,
    workplace: Option<(usize, usize)>,
) -> DemoUser {
    DemoUser {
        username,
        role,
        level,
        enterprise,
        workplace,
    }
}

/// One user per role in the demo enterprise, plus two in a second enterprise.
pub const DEMO_USERS: &[DemoUser] = &[
    demo_user("super-admin", Role::SuperAdmin, EmpLevel::Platform, 0, None),
    demo_user(
        "enterprise-admin",
        Role::EnterpriseAdmin,
        EmpLevel::Enterprise,
        0,
        None,
    ),
    demo_user(
        "enterprise-user",
        Role::EnterpriseUser,
        EmpLevel::Enterprise,
        0,
        None,
    ),
    demo_user(
        "corporate-admin",
        Role::CorporateAdmin,
        EmpLevel::Enterprise,
        0,
        None,
    ),
    demo_user(
        "corporate-user",
        Role::CorporateUser,
        EmpLevel::Enterprise,
        0,
        None,
    ),
    demo_user(
        "super-data-admin",
        Role::SuperDataAdmin,
        EmpLevel::Enterprise,
        0,
        None,
    ),
    demo_user("super-user", Role::SuperUser, EmpLevel::Enterprise, 0, None),
    demo_user(
        "division-manager",
        Role::DivisionManager,
        EmpLevel::Boc,
        0,
        Some((0, 0)),
    ),
    demo_user(
        "office-manager",
        Role::OfficeManager,
        EmpLevel::Store,
        0,
        Some((0, 0)),
    ),
    demo_user(
        "sales-rep",
        Role::SalesRep,
        EmpLevel::Store,
        0,
        Some((0, 0)),
    ),
    demo_user(
        "office-user",
        Role::OfficeUser,
        EmpLevel::Store,
        0,
        Some((0, 1)),
    ),
    demo_user(
        "summit-admin",
        Role::EnterpriseAdmin,
        EmpLevel::Enterprise,
        1,
        None,
    ),
    demo_user(
        "summit-rep",
        Role::SalesRep,
        EmpLevel::Store,
        1,
        Some((0, 0)),
    ),
];

#[derive(Debug, Clone)]
pub struct DemoOptions {
    /// How many vehicles to generate; everything else scales with it.
    pub vehicles: u64,
    pub seed: u64,
    /// The day the world is generated around ("today" in its histories and plans).
    pub today: NaiveDate,
    /// Vehicles per transaction.
    pub batch_size: u64,
}

impl Default for DemoOptions {
    fn default() -> Self {
        Self {
            vehicles: 5_000,
            seed: DEFAULT_SEED,
            today: Utc::now().date_naive(),
            batch_size: 2_000,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub vehicles_done: u64,
    pub vehicles_total: u64,
}

#[derive(Debug, Clone, Default)]
pub struct DemoSummary {
    pub enterprises: u64,
    pub stores: u64,
    pub users: u64,
    pub customers: u64,
    pub vehicles: u64,
    pub sales: u64,
    pub repair_orders: u64,
    pub appointments: u64,
    pub leads: u64,
    pub messages: u64,
    /// The bulk-initiation runs that opened the conversations (the Jobs history).
    pub job_runs: u64,
}

/// A store of the generated world, with what its vehicles and leads need.
struct StoreInfo {
    id: i64,
    enterprise_id: i64,
    boc_id: i64,
    name: &'static str,
    brand: &'static str,
    state: &'static str,
    time_zone: chrono_tz::Tz,
    phone: String,
    weight: u32,
    assistant_name: String,
    advisors: Vec<i64>,
}

/// Generates the demo world into an empty database.
pub async fn generate(
    db: &Database,
    options: &DemoOptions,
    mut progress: impl FnMut(Progress),
) -> Result<DemoSummary> {
    if count_rows(db, Enterprises::Table, Enterprises::Id).await? > 0 {
        return Err(Error::Conflict(
            "demo data only loads into an empty database".to_owned(),
        ));
    }
    if options.vehicles == 0 || options.batch_size == 0 {
        return Err(Error::invalid("vehicles and batch size must be positive"));
    }
    let mut rng = StdRng::seed_from_u64(options.seed);
    let now = Utc
        // The start of the day, so that nothing in the world lies ahead of the moment it is
        // generated (any time that day) and the same seed and day still give the same world.
        .from_local_datetime(&options.today.and_hms_opt(0, 0, 0).unwrap_or_default())
        .single()
        .unwrap_or_else(Utc::now);
    let mut summary = DemoSummary::default();

    let stores = write_organisations(db, &mut rng, now, &mut summary).await?;
    write_users(db, &stores, now, &mut summary).await?;
    write_lead_forms(db, now).await?;

    let mut world = World::new(options, now, stores);
    let mut done = 0;
    while done < options.vehicles {
        let batch = options.batch_size.min(options.vehicles - done);
        let mut tx = db.begin().await?;
        world.generate_batch(&mut rng, done, batch);
        world.flush(&mut tx).await?;
        tx.commit().await?;
        done += batch;
        progress(Progress {
            vehicles_done: done,
            vehicles_total: options.vehicles,
        });
    }
    world.add_to(&mut summary);
    db.sync_id_sequences(&[
        "enterprises",
        "bocs",
        "offices",
        "stores",
        "advisors",
        "assistants",
        "phone_numbers",
        "templates",
        "custom_templates",
        "customers",
        "service_vehicles",
        "sales",
        "repair_orders",
        "repair_order_lines",
        "service_appointments",
        "future_service_interactions",
        "message_instances",
        "marks",
    ])
    .await?;
    summary.job_runs = history::write_bulk_history(db).await?;
    Ok(summary)
}

/// The consent every brand lead form shows, with the store's name in it.
fn consent_text(store: &str) -> String {
    format!(
        "By submitting this form I agree that {store} may text me at the number above about \
         servicing my vehicle, including by automated means. Message and data rates may apply. \
         Reply STOP to opt out at any time, HELP for help. Consent is not a condition of purchase."
    )
}

/// The brand lead forms (issue 21): each answered by the demo store of its brand.
async fn write_lead_forms(db: &Database, now: DateTime<Utc>) -> Result<()> {
    use sea_query::ExprTrait;
    const FORMS: [(&str, &str, &str, &str, &str); 10] = [
        (
            "lead-submission",
            "S101",
            "Bayline",
            "Text us about your next service",
            "#1D4ED8",
        ),
        (
            "lead-submission-toyota",
            "S101",
            "Toyota",
            "Toyota service, by text",
            "#EB0A1E",
        ),
        (
            "lead-submission-ford",
            "S102",
            "Ford",
            "Ford service, by text",
            "#003478",
        ),
        (
            "lead-submission-nissan",
            "S201",
            "Nissan",
            "Nissan service, by text",
            "#C3002F",
        ),
        (
            "lead-submission-subaru",
            "S202",
            "Subaru",
            "Subaru service, by text",
            "#013C74",
        ),
        (
            "lead-submission-mazda",
            "S302",
            "Mazda",
            "Mazda service, by text",
            "#101010",
        ),
        (
            "lead-submission-yarkcjdr",
            "S402",
            "Chrysler Dodge Jeep Ram Fiat",
            "Mopar service, by text",
            "#0F1C3F",
        ),
        (
            "lead-submission-bmw",
            "S401",
            "BMW",
            "BMW service, by text",
            "#1C69D4",
        ),
        (
            "lead-submission-bergestorm",
            "S102",
            "Bergestorm",
            "Bergestorm service, by text",
            "#2E5E4E",
        ),
        (
            "lead-submission-chevrolet",
            "S301",
            "Chevrolet",
            "Chevrolet service, by text",
            "#B8860B",
        ),
    ];
    for (slug, store_code, brand, title, color) in FORMS {
        let store: Option<(i64, i64, String)> = db
            .fetch_optional(
                &Query::select()
                    .columns([Stores::Id, Stores::EnterpriseId, Stores::Name])
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::StoreCode).eq(store_code))
                    .limit(1)
                    .to_owned(),
            )
            .await?;
        let Some((store_id, enterprise_id, store_name)) = store else {
            continue;
        };
        db.execute(
            &Query::insert()
                .into_table(LeadForms::Table)
                .columns([
                    LeadForms::Slug,
                    LeadForms::EnterpriseId,
                    LeadForms::StoreId,
                    LeadForms::Brand,
                    LeadForms::Title,
                    LeadForms::ConsentText,
                    LeadForms::AccentColor,
                    LeadForms::IsActive,
                    LeadForms::UpdatedAt,
                ])
                .values_panic([
                    slug.into(),
                    enterprise_id.into(),
                    store_id.into(),
                    brand.into(),
                    title.into(),
                    consent_text(&store_name).into(),
                    color.into(),
                    true.into(),
                    now.into(),
                ])
                .to_owned(),
        )
        .await?;
    }
    Ok(())
}

/// Enterprises, dealers, offices, stores, advisors, assistants, numbers and templates.
async fn write_organisations(
    db: &Database,
    rng: &mut StdRng,
    now: DateTime<Utc>,
    summary: &mut DemoSummary,
) -> Result<Vec<StoreInfo>> {
    let mut tx = db.begin().await?;
    let mut enterprises = Rows::new(
        Enterprises::Table,
        &[
            Enterprises::Id,
            Enterprises::Name,
            Enterprises::Code,
            Enterprises::IsDemo,
            Enterprises::CreatedAt,
        ],
    );
    let mut bocs = Rows::new(
        Bocs::Table,
        &[
            Bocs::Id,
            Bocs::EnterpriseId,
            Bocs::BocCode,
            Bocs::Name,
            Bocs::CreatedAt,
        ],
    );
    let mut offices = Rows::new(
        Offices::Table,
        &[
            Offices::Id,
            Offices::EnterpriseId,
            Offices::Name,
            Offices::City,
            Offices::State,
            Offices::TimeZone,
            Offices::CreatedAt,
        ],
    );
    let mut store_rows = Rows::new(
        Stores::Table,
        &[
            Stores::Id,
            Stores::EnterpriseId,
            Stores::BocId,
            Stores::OfficeId,
            Stores::BrandId,
            Stores::StoreCode,
            Stores::Name,
            Stores::PhoneNumber,
            Stores::HelpText,
            Stores::CreatedAt,
        ],
    );
    let mut advisors = Rows::new(
        Advisors::Table,
        &[
            Advisors::Id,
            Advisors::EnterpriseId,
            Advisors::StoreId,
            Advisors::AdvisorNo,
            Advisors::FirstName,
            Advisors::LastName,
            Advisors::CreatedAt,
        ],
    );
    let mut assistants = Rows::new(
        Assistants::Table,
        &[
            Assistants::Id,
            Assistants::EnterpriseId,
            Assistants::BocId,
            Assistants::StoreId,
            Assistants::DivisionCode,
            Assistants::AgentFirstName,
            Assistants::AgentLastName,
            Assistants::AgentPhoneNumber,
            Assistants::Email,
            Assistants::CreatedAt,
        ],
    );
    let mut numbers = Rows::new(
        PhoneNumbers::Table,
        &[
            PhoneNumbers::Id,
            PhoneNumbers::EnterpriseId,
            PhoneNumbers::StoreId,
            PhoneNumbers::Number,
            PhoneNumbers::Provider,
            PhoneNumbers::CreatedAt,
        ],
    );
    let mut templates = Rows::new(
        Templates::Table,
        &[
            Templates::Id,
            Templates::EnterpriseId,
            Templates::DivisionCode,
            Templates::TemplateCode,
            Templates::ServiceType,
            Templates::Title,
            Templates::Body,
            Templates::CreatedAt,
        ],
    );

    let brand_ids: Vec<(String, i64)> = {
        #[derive(sqlx::FromRow)]
        struct Brand {
            id: i64,
            code: String,
        }
        tx.fetch_all::<Brand>(
            &Query::select()
                .columns([Brands::Id, Brands::Code])
                .from(Brands::Table)
                .to_owned(),
        )
        .await?
        .into_iter()
        .map(|b| (b.code, b.id))
        .collect()
    };
    let (mut boc_id, mut store_id, mut advisor_id, mut template_id) = (0i64, 0i64, 0i64, 0i64);
    let mut stores = Vec::new();
    for (e, enterprise) in ENTERPRISES.iter().enumerate() {
        let enterprise_id = e as i64 + 1;
        enterprises.push(vec![
            enterprise_id.into(),
            enterprise.name.into(),
            enterprise.code.into(),
            enterprise.is_demo.into(),
            now.into(),
        ]);
        let standard = engine::templates::service_types()
            .into_iter()
            .map(|service_type| ("DIV004", format!("SVC-{service_type}"), service_type))
            .chain([(
                "DIV001",
                "SALES-THANKS".to_owned(),
                "SALES_THANKS".to_owned(),
            )]);
        for (division, code, service_type) in standard {
            let (title, body) = catalog::standard_template(&service_type);
            template_id += 1;
            templates.push(vec![
                template_id.into(),
                enterprise_id.into(),
                division.into(),
                code.into(),
                service_type.into(),
                title.into(),
                body.into(),
                now.into(),
            ]);
        }
        for boc in enterprise.bocs {
            boc_id += 1;
            bocs.push(vec![
                boc_id.into(),
                enterprise_id.into(),
                boc.code.into(),
                boc.name.into(),
                now.into(),
            ]);
            for seed in boc.stores {
                store_id += 1;
                let phone = format!("+1{}555{:04}", area_code(seed.state), 100 + store_id);
                let brand_id = brand_ids
                    .iter()
                    .find(|(code, _)| code == seed.brand)
                    .map(|(_, id)| *id);
                offices.push(vec![
                    store_id.into(),
                    enterprise_id.into(),
                    seed.name.into(),
                    seed.city.into(),
                    seed.state.into(),
                    seed.time_zone.into(),
                    now.into(),
                ]);
                store_rows.push(vec![
                    store_id.into(),
                    enterprise_id.into(),
                    boc_id.into(),
                    store_id.into(),
                    brand_id.into(),
                    seed.code.into(),
                    seed.name.into(),
                    phone.clone().into(),
                    format!(
                        "{}: reply STOP to opt out, START to opt back in. Call us at {phone}.",
                        seed.name
                    )
                    .into(),
                    now.into(),
                ]);
                let mut store_advisors = Vec::new();
                for n in 1..=5 {
                    advisor_id += 1;
                    let first = *catalog::FIRST_NAMES.choose(rng).unwrap_or(&"Alex");
                    let last = *catalog::LAST_NAMES.choose(rng).unwrap_or(&"Reed");
                    advisors.push(vec![
                        advisor_id.into(),
                        enterprise_id.into(),
                        store_id.into(),
                        format!("{n}").into(),
                        first.into(),
                        last.into(),
                        now.into(),
                    ]);
                    store_advisors.push(advisor_id);
                }
                let (first, last) = (
                    *catalog::FIRST_NAMES.choose(rng).unwrap_or(&"Ava"),
                    "Assistant",
                );
                assistants.push(vec![
                    store_id.into(),
                    enterprise_id.into(),
                    boc_id.into(),
                    store_id.into(),
                    "DIV004".into(),
                    first.into(),
                    last.into(),
                    phone.clone().into(),
                    format!("service@{}.example.com", seed.code.to_lowercase()).into(),
                    now.into(),
                ]);
                numbers.push(vec![
                    store_id.into(),
                    enterprise_id.into(),
                    store_id.into(),
                    phone.clone().into(),
                    "simulator".into(),
                    now.into(),
                ]);
                stores.push(store_info(
                    seed,
                    store_id,
                    enterprise_id,
                    boc_id,
                    phone,
                    format!("{first} {last}"),
                    store_advisors,
                ));
            }
        }
    }
    enterprises.flush(&mut tx).await?;
    let mut recordings = Rows::new(
        UploadedFiles::Table,
        &[
            UploadedFiles::EnterpriseId,
            UploadedFiles::Token,
            UploadedFiles::FileName,
            UploadedFiles::ContentType,
            UploadedFiles::SizeBytes,
            UploadedFiles::Content,
            UploadedFiles::CreatedAt,
        ],
    );
    let recording = ringback_wav();
    for e in 0..ENTERPRISES.len() {
        recordings.push(vec![
            (e as i64 + 1).into(),
            recording_token(e as i64 + 1).into(),
            RECORDING_FILE.into(),
            "audio/wav".into(),
            (recording.len() as i64).into(),
            recording.clone().into(),
            now.into(),
        ]);
    }
    recordings.flush(&mut tx).await?;
    bocs.flush(&mut tx).await?;
    offices.flush(&mut tx).await?;
    store_rows.flush(&mut tx).await?;
    advisors.flush(&mut tx).await?;
    assistants.flush(&mut tx).await?;
    numbers.flush(&mut tx).await?;
    templates.flush(&mut tx).await?;
    tx.commit().await?;
    summary.enterprises = enterprises.written;
    summary.stores = store_rows.written;
    Ok(stores)
}

fn store_info(
    seed: &StoreSeed,
    id: i64,
    enterprise_id: i64,
    boc_id: i64,
    phone: String,
    assistant_name: String,
    advisors: Vec<i64>,
) -> StoreInfo {
    StoreInfo {
        id,
        enterprise_id,
        boc_id,
        name: seed.name,
        brand: seed.brand,
        state: seed.state,
        time_zone: seed
            .time_zone
            .parse()
            .unwrap_or(chrono_tz::America::New_York),
        phone,
        weight: seed.weight,
        assistant_name,
        advisors,
    }
}

async fn write_users(
    db: &Database,
    stores: &[StoreInfo],
    now: DateTime<Utc>,
    summary: &mut DemoSummary,
) -> Result<()> {
    // One hash for all demo users: they share a documented password anyway.
    let password_hash = hash_password(DEMO_PASSWORD)?;
    let users = UserStore::new(db.clone());
    let mut staff = Vec::new();
    const COLORS: &[&str] = &[
        "#2f6fdf", "#0f9d58", "#db4437", "#f4b400", "#8e44ad", "#16a085",
    ];
    for (n, user) in DEMO_USERS.iter().enumerate() {
        let (username, level) = (user.username, &user.level);
        let enterprise_id = (*level != EmpLevel::Platform).then_some(user.enterprise as i64 + 1);
        let (boc_id, store_id) = match (&user.workplace, enterprise_id) {
            (Some((boc_index, store_index)), Some(enterprise_id)) => {
                let bocs: Vec<i64> = dedup(
                    stores
                        .iter()
                        .filter(|s| s.enterprise_id == enterprise_id)
                        .map(|s| s.boc_id),
                );
                let boc_id = bocs.get(*boc_index).copied();
                let store_id = stores
                    .iter()
                    .filter(|s| Some(s.boc_id) == boc_id)
                    .nth(*store_index)
                    .map(|s| s.id);
                (
                    boc_id,
                    if *level == EmpLevel::Store {
                        store_id
                    } else {
                        None
                    },
                )
            }
            _ => (None, None),
        };
        let first = catalog::FIRST_NAMES[(n * 7) % catalog::FIRST_NAMES.len()];
        let last = catalog::LAST_NAMES[(n * 11) % catalog::LAST_NAMES.len()];
        let user_id = users
            .create(
                &NewUser {
                    username: (*username).to_owned(),
                    password_hash: password_hash.clone(),
                    first_name: first.to_owned(),
                    last_name: last.to_owned(),
                    email: Some(format!("{username}@demo.bayline.example")),
                    emp_level: *level,
                    enterprise_id,
                    boc_id,
                    store_id,
                    roles: vec![user.role],
                    color_code: COLORS[n % COLORS.len()].to_owned(),
                },
                now,
            )
            .await?;
        summary.users += 1;
        // Demo staff may log calls, but for the sales reps: the flag's two sides are both on show.
        if enterprise_id.is_some() && user.role != Role::SalesRep {
            db.execute(
                &Query::update()
                    .table(Users::Table)
                    .value(Users::CallingFeature, true)
                    .and_where(sea_query::ExprTrait::eq(Expr::col(Users::Id), user_id))
                    .to_owned(),
            )
            .await?;
        }
        if let Some(enterprise_id) = enterprise_id {
            staff.push((user_id, enterprise_id));
        }
    }
    write_custom_templates(db, &staff, now).await
}

/// Staff's own templates: a group set per enterprise, a personal one per user, some favourites.
async fn write_custom_templates(
    db: &Database,
    staff: &[(i64, i64)],
    now: DateTime<Utc>,
) -> Result<()> {
    let mut templates = Rows::new(
        CustomTemplates::Table,
        &[
            CustomTemplates::Id,
            CustomTemplates::EnterpriseId,
            CustomTemplates::OwnerUserId,
            CustomTemplates::Scope,
            CustomTemplates::Title,
            CustomTemplates::Body,
            CustomTemplates::ServiceType,
            CustomTemplates::Intent,
            CustomTemplates::Brand,
            CustomTemplates::CreatedAt,
            CustomTemplates::UpdatedAt,
        ],
    );
    let mut favorites = Rows::new(
        TemplateFavorites::Table,
        &[
            TemplateFavorites::UserId,
            TemplateFavorites::CustomTemplateId,
            TemplateFavorites::CreatedAt,
        ],
    );
    let mut id = 0i64;
    let enterprises = dedup(staff.iter().map(|(_, e)| *e));
    for enterprise_id in enterprises {
        for (service_type, intent, title, body) in catalog::CUSTOM_TEMPLATES {
            id += 1;
            templates.push(vec![
                id.into(),
                enterprise_id.into(),
                None::<i64>.into(),
                "GROUP".into(),
                (*title).into(),
                (*body).into(),
                (*service_type).into(),
                intent.map(str::to_owned).into(),
                None::<String>.into(),
                now.into(),
                now.into(),
            ]);
        }
    }
    let group_templates = id;
    for (n, (user_id, enterprise_id)) in staff.iter().enumerate() {
        id += 1;
        templates.push(vec![
            id.into(), (*enterprise_id).into(), (*user_id).into(), "PERSONAL".into(), "My follow-up".into(),
            "Hi {{customer_first_name}}, just checking in about your {{product_model}}. Any questions, text me here.".into(),
            "OIL_CHANGE".into(), None::<String>.into(), None::<String>.into(), now.into(), now.into(),
        ]);
        favorites.push(vec![(*user_id).into(), id.into(), now.into()]);
        if n % 2 == 0 && group_templates > 0 {
            favorites.push(vec![
                (*user_id).into(),
                (1 + n as i64 % group_templates).into(),
                now.into(),
            ]);
        }
    }
    let mut tx = db.begin().await?;
    templates.flush(&mut tx).await?;
    favorites.flush(&mut tx).await?;
    tx.commit().await
}

async fn count_rows<T: sea_query::Iden + Copy + 'static>(
    db: &Database,
    table: T,
    id: T,
) -> Result<i64> {
    use sea_query::ExprTrait;
    db.fetch_scalar(
        &Query::select()
            .expr(Expr::col(id).count())
            .from(table)
            .to_owned(),
    )
    .await
}

fn dedup(ids: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::new();
    for id in ids {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

fn area_code(state: &str) -> &'static str {
    match state {
        "MD" => "410",
        "AZ" => "602",
        "CO" => "303",
        "IL" => "312",
        "WI" => "414",
        "CA" => "619",
        "LA" => "225",
        _ => "202",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_one_demo_user_per_role_in_the_demo_enterprise() {
        for role in Role::ALL {
            let holders = DEMO_USERS
                .iter()
                .filter(|u| u.role == *role && u.enterprise == 0)
                .count();
            assert_eq!(holders, 1, "{role}");
        }
    }

    #[test]
    fn demo_usernames_are_unique() {
        let mut names: Vec<&str> = DEMO_USERS.iter().map(|u| u.username).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), DEMO_USERS.len());
    }
}
