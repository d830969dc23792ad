//! A deterministic, realistic dealership world for demos, tests and benchmarks.
//!
//! The same seed and anchor date give the same world. Vehicles are generated and written in
//! batches, each in its own transaction, so memory stays flat however large `vehicles` is.
//! Ids are assigned here (the database must be empty), which lets children reference parents
//! without reading anything back.

mod catalog;
pub mod files;
mod rows;
mod vin;

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

/// Lead stages with their share of generated leads.
const LEAD_STAGES: &[(&str, u32)] = &[
    ("NOT_STARTED", 13),
    ("INITIATED", 35),
    ("RESPONDED", 15),
    ("CONTACTED", 8),
    ("ENGAGED", 12),
    ("APPOINTMENT_SET", 10),
    ("SHOW_OR_NO_SHOW", 5),
    ("CAR_BOUGHT_OR_NOTBOUGHT", 2),
];

const OPEN_RO_STATUSES: &[&str] = &[
    "UNASSIGNED",
    "PREASSIGNED",
    "ASSIGNED",
    "HOLD",
    "COMPLETE",
    "BOOKED",
];

/// The per-vehicle part of the world, buffered one batch at a time.
struct World {
    now: DateTime<Utc>,
    today: NaiveDate,
    stores: Vec<StoreInfo>,
    /// Cumulative store weights per enterprise, for picking a store.
    next: NextIds,
    customers: Rows<Customers>,
    vehicles: Rows<ServiceVehicles>,
    sales: Rows<Sales>,
    repair_orders: Rows<RepairOrders>,
    lines: Rows<RepairOrderLines>,
    appointments: Rows<ServiceAppointments>,
    leads: Rows<FutureServiceInteractions>,
    messages: Rows<MessageInstances>,
    marks: Rows<Marks>,
    /// Enterprises that already have their household of two cars due (see `generate_batch`).
    households: Vec<i64>,
}

#[derive(Default)]
struct NextIds {
    customer: i64,
    vehicle: i64,
    sale: i64,
    repair_order: i64,
    line: i64,
    appointment: i64,
    lead: i64,
    message: i64,
    mark: i64,
}

fn bump(counter: &mut i64) -> i64 {
    *counter += 1;
    *counter
}

/// One message of a generated conversation.
struct DemoMessage {
    inbound: bool,
    message_type: &'static str,
    notification_type: &'static str,
    content: String,
    subject: Option<String>,
    status: &'static str,
    error: Option<(&'static str, &'static str)>,
    at: DateTime<Utc>,
    sent_by: Option<String>,
    /// What task and call cards show: the task's time or the call's start, the call's
    /// recording and length.
    card: Option<CardFacts>,
}

struct CardFacts {
    starts_at: DateTime<Utc>,
    recording: Option<String>,
    call_seconds: Option<i32>,
}

/// Every enterprise has one demo call recording, a ringback tone (capability URL, like uploads).
const RECORDING_FILE: &str = "call-recording.wav";

fn recording_token(enterprise_id: i64) -> String {
    format!("demo-call-recording-{enterprise_id}")
}

/// Two seconds of the North American ringback tone (440 + 480 Hz), 8 kHz 8-bit mono WAV.
fn ringback_wav() -> Vec<u8> {
    const RATE: u32 = 8_000;
    let samples: Vec<u8> = (0..RATE * 2)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let on = t < 1.2;
            let tone = (t * 440.0 * std::f32::consts::TAU).sin()
                + (t * 480.0 * std::f32::consts::TAU).sin();
            (128.0 + if on { tone * 40.0 } else { 0.0 }) as u8
        })
        .collect();
    let mut wav = Vec::with_capacity(44 + samples.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&RATE.to_le_bytes()); // bytes per second
    wav.extend_from_slice(&1u16.to_le_bytes()); // block align
    wav.extend_from_slice(&8u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(&samples);
    wav
}

impl World {
    fn new(options: &DemoOptions, now: DateTime<Utc>, stores: Vec<StoreInfo>) -> Self {
        Self {
            now,
            today: options.today,
            stores,
            next: NextIds::default(),
            customers: Rows::new(
                Customers::Table,
                &[
                    Customers::Id,
                    Customers::EnterpriseId,
                    Customers::BocId,
                    Customers::StoreId,
                    Customers::Custno,
                    Customers::FirstName,
                    Customers::LastName,
                    Customers::Cellular,
                    Customers::Email,
                    Customers::City,
                    Customers::State,
                    Customers::BlockSms,
                    Customers::ConsentSource,
                    Customers::ConsentText,
                    Customers::ConsentAt,
                    Customers::OptedOutAt,
                    Customers::CreatedAt,
                    Customers::UpdatedAt,
                ],
            ),
            vehicles: Rows::new(
                ServiceVehicles::Table,
                &[
                    ServiceVehicles::Id,
                    ServiceVehicles::EnterpriseId,
                    ServiceVehicles::StoreId,
                    ServiceVehicles::CustomerId,
                    ServiceVehicles::Vin,
                    ServiceVehicles::Make,
                    ServiceVehicles::Model,
                    ServiceVehicles::Year,
                    ServiceVehicles::Odometer,
                    ServiceVehicles::InServiceDate,
                    ServiceVehicles::LastServiceDate,
                    ServiceVehicles::NoLongerOwned,
                    ServiceVehicles::CreatedAt,
                    ServiceVehicles::UpdatedAt,
                ],
            ),
            sales: Rows::new(
                Sales::Table,
                &[
                    Sales::Id,
                    Sales::EnterpriseId,
                    Sales::StoreId,
                    Sales::CustomerId,
                    Sales::VehicleId,
                    Sales::DealNumber,
                    Sales::DealType,
                    Sales::SoldDate,
                    Sales::SalePrice,
                    Sales::CreatedAt,
                ],
            ),
            repair_orders: Rows::new(
                RepairOrders::Table,
                &[
                    RepairOrders::Id,
                    RepairOrders::EnterpriseId,
                    RepairOrders::StoreId,
                    RepairOrders::CustomerId,
                    RepairOrders::VehicleId,
                    RepairOrders::AdvisorId,
                    RepairOrders::RoNumber,
                    RepairOrders::StatusCode,
                    RepairOrders::OpenDate,
                    RepairOrders::ClosedDate,
                    RepairOrders::MileageIn,
                    RepairOrders::MileageOut,
                    RepairOrders::TotalAmount,
                    RepairOrders::CreatedAt,
                    RepairOrders::UpdatedAt,
                ],
            ),
            lines: Rows::new(
                RepairOrderLines::Table,
                &[
                    RepairOrderLines::Id,
                    RepairOrderLines::RepairOrderId,
                    RepairOrderLines::OpCode,
                    RepairOrderLines::Description,
                    RepairOrderLines::Quantity,
                    RepairOrderLines::Amount,
                    RepairOrderLines::Declined,
                ],
            ),
            appointments: Rows::new(
                ServiceAppointments::Table,
                &[
                    ServiceAppointments::Id,
                    ServiceAppointments::EnterpriseId,
                    ServiceAppointments::StoreId,
                    ServiceAppointments::CustomerId,
                    ServiceAppointments::VehicleId,
                    ServiceAppointments::AdvisorId,
                    ServiceAppointments::FsiId,
                    ServiceAppointments::Title,
                    ServiceAppointments::ApptStatus,
                    ServiceAppointments::ApptAt,
                    ServiceAppointments::OpCode,
                    ServiceAppointments::TransportType,
                    ServiceAppointments::Source,
                    ServiceAppointments::CreatedAt,
                    ServiceAppointments::UpdatedAt,
                ],
            ),
            leads: Rows::new(
                FutureServiceInteractions::Table,
                &[
                    FutureServiceInteractions::Id,
                    FutureServiceInteractions::EnterpriseId,
                    FutureServiceInteractions::BocId,
                    FutureServiceInteractions::StoreId,
                    FutureServiceInteractions::CustomerId,
                    FutureServiceInteractions::VehicleId,
                    FutureServiceInteractions::Vin,
                    FutureServiceInteractions::ServiceType,
                    FutureServiceInteractions::PlannedDate,
                    FutureServiceInteractions::EstimatedDueDate,
                    FutureServiceInteractions::Status,
                    FutureServiceInteractions::Outcome,
                    FutureServiceInteractions::AppointmentSet,
                    FutureServiceInteractions::AppointmentId,
                    FutureServiceInteractions::ConversationInitiated,
                    FutureServiceInteractions::RespondedToAi,
                    FutureServiceInteractions::ResponseReqd,
                    FutureServiceInteractions::TotalInboundCount,
                    FutureServiceInteractions::TotalUnreadCount,
                    FutureServiceInteractions::LastMessageReceivedAt,
                    FutureServiceInteractions::LastMessageAt,
                    FutureServiceInteractions::LatestMessage,
                    FutureServiceInteractions::PlannerName,
                    FutureServiceInteractions::CreatedAt,
                    FutureServiceInteractions::UpdatedAt,
                    FutureServiceInteractions::ResponseInsight,
                    FutureServiceInteractions::ContactLaterAt,
                    FutureServiceInteractions::FollowUpStep,
                    FutureServiceInteractions::FollowUpAt,
                    FutureServiceInteractions::OpenRoId,
                    FutureServiceInteractions::Archived,
                ],
            ),
            messages: Rows::new(
                MessageInstances::Table,
                &[
                    MessageInstances::Id,
                    MessageInstances::EnterpriseId,
                    MessageInstances::StoreId,
                    MessageInstances::FsiId,
                    MessageInstances::CustomerId,
                    MessageInstances::Direction,
                    MessageInstances::MessageType,
                    MessageInstances::NotificationType,
                    MessageInstances::Content,
                    MessageInstances::Subject,
                    MessageInstances::FromAddress,
                    MessageInstances::FromName,
                    MessageInstances::ToAddress,
                    MessageInstances::ToName,
                    MessageInstances::MessageStatus,
                    MessageInstances::ErrorCode,
                    MessageInstances::ErrorText,
                    MessageInstances::ProviderMessageId,
                    MessageInstances::MessageSentBy,
                    MessageInstances::IsAutomated,
                    MessageInstances::ReadAt,
                    MessageInstances::SentAt,
                    MessageInstances::CreatedAt,
                    MessageInstances::UpdatedAt,
                    MessageInstances::DispatchedAt,
                    MessageInstances::StartsAt,
                    MessageInstances::Url,
                    MessageInstances::CallDurationSeconds,
                ],
            ),
            marks: Rows::new(
                Marks::Table,
                &[
                    Marks::Id,
                    Marks::EnterpriseId,
                    Marks::TargetKind,
                    Marks::CustomerId,
                    Marks::VehicleId,
                    Marks::FsiId,
                    Marks::MarkCode,
                    Marks::Note,
                    Marks::CreatedAt,
                ],
            ),
            households: Vec::new(),
        }
    }

    /// Picks an enterprise (80/15/5) and a store in it by weight.
    fn pick_store(&self, rng: &mut StdRng) -> usize {
        let roll = rng.random_range(0..100);
        let enterprise_id = if roll < 80 {
            1
        } else if roll < 95 {
            2
        } else {
            3
        };
        let candidates: Vec<usize> = (0..self.stores.len())
            .filter(|&i| self.stores[i].enterprise_id == enterprise_id)
            .collect();
        let total: u32 = candidates.iter().map(|&i| self.stores[i].weight).sum();
        let mut pick = rng.random_range(0..total.max(1));
        for &i in &candidates {
            if pick < self.stores[i].weight {
                return i;
            }
            pick -= self.stores[i].weight;
        }
        candidates[0]
    }

    fn generate_batch(&mut self, rng: &mut StdRng, first_index: u64, count: u64) {
        let mut made = 0;
        while made < count {
            let store = self.pick_store(rng);
            let vehicles_of_customer = if rng.random_bool(0.2) { 2 } else { 1 };
            let customer = self.customer(rng, store);
            // Each enterprise's first reachable customer is a household with two cars both due
            // and not contacted yet, so the warning about another conversation of the same
            // customer always has a case to show, whatever day the world is made on.
            let enterprise_id = self.stores[store].enterprise_id;
            let household = count - made >= 2
                && !customer.opted_out
                && !self.households.contains(&enterprise_id);
            if household {
                self.households.push(enterprise_id);
            }
            let vehicles_of_customer = if household { 2 } else { vehicles_of_customer };
            for _ in 0..vehicles_of_customer.min(count - made) {
                self.vehicle(rng, store, &customer, first_index + made, household);
                made += 1;
            }
        }
    }

    fn customer(&mut self, rng: &mut StdRng, store: usize) -> DemoCustomer {
        let id = bump(&mut self.next.customer);
        let s = &self.stores[store];
        let first = *catalog::FIRST_NAMES.choose(rng).unwrap_or(&"Sam");
        let last = *catalog::LAST_NAMES.choose(rng).unwrap_or(&"Lee");
        let cellular = format!(
            "+1{}{}{:04}",
            area_code(s.state),
            rng.random_range(201..999),
            rng.random_range(0..10_000)
        );
        let email = rng.random_bool(0.93).then(|| {
            format!(
                "{}.{}{}@{}",
                first.to_lowercase(),
                last.to_lowercase(),
                id,
                catalog::EMAIL_DOMAINS.choose(rng).unwrap_or(&"example.com")
            )
        });
        let opted_out = rng.random_bool(0.02);
        let consent_at = self.now - Duration::days(rng.random_range(30..1500));
        self.customers.push(vec![
            id.into(), s.enterprise_id.into(), s.boc_id.into(), s.id.into(), format!("C{id:07}").into(),
            first.into(), last.into(), cellular.clone().into(), email.into(), Value::from(None::<String>), s.state.into(),
            opted_out.into(), "DEALER_SALE".into(),
            "I agree to receive service texts from the dealership. Reply STOP to opt out any time. Consent is not a condition of purchase.".into(),
            consent_at.into(),
            opted_out.then_some(self.now - Duration::days(rng.random_range(1..60))).into(),
            consent_at.into(), self.now.into(),
        ]);
        if opted_out {
            let mark = bump(&mut self.next.mark);
            self.marks.push(vec![
                mark.into(),
                s.enterprise_id.into(),
                "CUSTOMER".into(),
                id.into(),
                None::<i64>.into(),
                None::<i64>.into(),
                "SMS_OPT_OUT".into(),
                Value::from(None::<String>),
                self.now.into(),
            ]);
        }
        DemoCustomer {
            id,
            first,
            last,
            cellular,
            opted_out,
        }
    }

    /// One vehicle of the customer with its history; `due_now` gives it a lead not contacted
    /// yet (the random draws are made all the same, so the rest of the world stays as it was).
    fn vehicle(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: &DemoCustomer,
        index: u64,
        due_now: bool,
    ) {
        // The vehicle's own draws (how many depend on the day: its history runs up to today)
        // come from a generator of its own, seeded by one draw of the world's, so the rest of
        // the world (stores, customers, counts) is the same whatever day it is made on.
        let rng = &mut StdRng::seed_from_u64(rng.random());
        let id = bump(&mut self.next.vehicle);
        let s = &self.stores[store];
        let (enterprise_id, store_id) = (s.enterprise_id, s.id);
        let &(make, model, wmi) = catalog::models_for(s.brand)
            .choose(rng)
            .unwrap_or(&("Toyota", "Camry", "4T1"));
        let this_year = self.today.year();
        let year = rng.random_range(this_year - 10..=this_year);
        let earliest = NaiveDate::from_ymd_opt(year - 1, 9, 1).unwrap_or(self.today);
        let span = (self.today - earliest).num_days().max(1);
        let sold = earliest + Duration::days(rng.random_range(0..span.min(730)));
        let sold = sold.min(self.today);
        let deal_type = if sold.year() <= year + 1 {
            if rng.random_bool(0.9) { "NEW" } else { "CPO" }
        } else if rng.random_bool(0.3) {
            "CPO"
        } else {
            "USED"
        };
        let starting_miles = if deal_type == "NEW" {
            rng.random_range(5..60)
        } else {
            rng.random_range(12_000..60_000)
        };
        let miles_per_day: f64 = rng.random_range(15.0..45.0) + rng.random_range(0.0..25.0);
        let days_owned = (self.today - sold).num_days();
        let odometer = starting_miles + (miles_per_day * days_owned as f64) as i32;
        let vin = vin::make_vin(wmi, year, index, rng);
        // What the lead's conversation will say decides a few vehicle facts up front.
        let lead_plan = rng
            .random_bool(0.3)
            .then(|| self.plan_lead(rng, customer.opted_out));
        let lead_plan = if due_now {
            Some(LeadPlan {
                stage: "NOT_STARTED",
                reply: None,
            })
        } else {
            lead_plan
        };
        let sold_elsewhere = lead_plan
            .as_ref()
            .is_some_and(|p| p.reply.is_some_and(|r| r.starts_with("I sold")));

        // Service history: visits every ~6 months or ~5,000 miles, some at this dealer.
        let mut visits = Vec::new();
        let interval = ((5_000.0 / miles_per_day).min(182.0)) as i64;
        let mut day = sold + Duration::days(interval);
        let history_start = self.today - Duration::days(4 * 365);
        while day < self.today && visits.len() < 8 {
            if day >= history_start && rng.random_bool(0.65) {
                visits.push(day);
            }
            day += Duration::days((interval as f64 * rng.random_range(0.8..1.4)) as i64);
        }
        if rng.random_bool(0.015) {
            visits.push(self.today - Duration::days(rng.random_range(0..2)));
        }
        let last_service = visits.last().copied();
        self.vehicles.push(vec![
            id.into(),
            enterprise_id.into(),
            store_id.into(),
            customer.id.into(),
            vin.clone().into(),
            make.into(),
            model.into(),
            year.into(),
            odometer.into(),
            sold.into(),
            last_service.into(),
            sold_elsewhere.into(),
            self.now.into(),
            self.now.into(),
        ]);
        if rng.random_bool(0.7) {
            let sale = bump(&mut self.next.sale);
            let price: f64 = if deal_type == "NEW" {
                rng.random_range(24_000.0..72_000.0)
            } else {
                rng.random_range(11_000.0..42_000.0)
            };
            self.sales.push(vec![
                sale.into(),
                enterprise_id.into(),
                store_id.into(),
                customer.id.into(),
                id.into(),
                format!("D{store_id}-{sale:07}").into(),
                deal_type.into(),
                sold.into(),
                (price.round()).into(),
                self.now.into(),
            ]);
        }
        let mut open_ro = None;
        for (n, visit) in visits.iter().enumerate() {
            let ro = bump(&mut self.next.repair_order);
            let miles = starting_miles + (miles_per_day * (*visit - sold).num_days() as f64) as i32;
            let is_open = *visit >= self.today - Duration::days(1) && n + 1 == visits.len();
            let status = if is_open {
                *OPEN_RO_STATUSES.choose(rng).unwrap_or(&"UNASSIGNED")
            } else {
                "CLOSED"
            };
            let closed = (!is_open).then(|| *visit + Duration::days(rng.random_range(0..3)));
            if is_open {
                open_ro = Some(ro);
            }
            let advisor = *self.stores[store].advisors.choose(rng).unwrap_or(&1);
            let mut total = 0.0;
            for _ in 0..rng.random_range(1..=2) {
                let line = bump(&mut self.next.line);
                let &(op, description, amount) = catalog::SERVICE_LINES.choose(rng).unwrap_or(&(
                    "LOF",
                    "Lube, oil and filter",
                    69.95,
                ));
                let declined = rng.random_bool(0.08);
                if !declined {
                    total += amount;
                }
                self.lines.push(vec![
                    line.into(),
                    ro.into(),
                    op.into(),
                    description.into(),
                    1.0f64.into(),
                    amount.into(),
                    declined.into(),
                ]);
            }
            self.repair_orders.push(vec![
                ro.into(),
                enterprise_id.into(),
                store_id.into(),
                customer.id.into(),
                id.into(),
                advisor.into(),
                format!("RO{store_id}-{ro:08}").into(),
                status.into(),
                (*visit).into(),
                closed.into(),
                miles.into(),
                (!is_open).then_some(miles + 2).into(),
                ((total * 100.0_f64).round() / 100.0).into(),
                self.now.into(),
                self.now.into(),
            ]);
        }
        let upcoming = if rng.random_bool(0.03) && !due_now {
            Some(self.appointment(rng, store, customer.id, id, None))
        } else {
            None
        };
        if let Some(plan) = lead_plan {
            self.lead(
                rng, store, customer, id, &vin, model, odometer, days_owned, plan, upcoming,
                open_ro,
            );
        }
    }

    /// Books a service appointment in the store's hours (15-minute steps) in the next two weeks.
    fn appointment(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: i64,
        vehicle: i64,
        lead: Option<i64>,
    ) -> i64 {
        let id = bump(&mut self.next.appointment);
        let s = &self.stores[store];
        let day = self.today + Duration::days(rng.random_range(1..15));
        let minutes = rng.random_range(0..40) * 15;
        let local = day
            .and_hms_opt(7 + minutes / 60, minutes % 60, 0)
            .unwrap_or_default();
        let at = s
            .time_zone
            .from_local_datetime(&local)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or(self.now);
        let advisor = *s.advisors.choose(rng).unwrap_or(&1);
        let transport = *["WAITER", "DROP_OFF", "LOANER", "SHUTTLE"]
            .choose(rng)
            .unwrap_or(&"WAITER");
        self.appointments.push(vec![
            id.into(),
            s.enterprise_id.into(),
            s.id.into(),
            customer.into(),
            vehicle.into(),
            advisor.into(),
            lead.into(),
            "Service Appointment".into(),
            "SCHEDULED".into(),
            at.into(),
            "LOF".into(),
            transport.into(),
            (if lead.is_some() { "AI_TEXT" } else { "DMS" }).into(),
            self.now.into(),
            self.now.into(),
        ]);
        id
    }

    fn plan_lead(&self, rng: &mut StdRng, opted_out: bool) -> LeadPlan {
        let total: u32 = LEAD_STAGES.iter().map(|(_, w)| w).sum();
        let mut roll = rng.random_range(0..total);
        let mut stage = "INITIATED";
        for (name, weight) in LEAD_STAGES {
            if roll < *weight {
                stage = name;
                break;
            }
            roll -= weight;
        }
        let reply = match stage {
            _ if opted_out => Some("STOP"),
            "NOT_STARTED" | "INITIATED" => None,
            "APPOINTMENT_SET" | "SHOW_OR_NO_SHOW" | "CAR_BOUGHT_OR_NOTBOUGHT" => catalog::REPLIES
                .iter()
                .filter(|(_, s)| *s == "APPOINTMENT_SET")
                .map(|(t, _)| *t)
                .collect::<Vec<_>>()
                .choose(rng)
                .copied(),
            wanted => catalog::REPLIES
                .iter()
                .filter(|(t, s)| *s == wanted && *t != "STOP")
                .map(|(t, _)| *t)
                .collect::<Vec<_>>()
                .choose(rng)
                .copied()
                .or(Some("Thanks, I'll think about it")),
        };
        let stage = if opted_out { "RESPONDED" } else { stage };
        LeadPlan { stage, reply }
    }

    #[allow(clippy::too_many_arguments)]
    fn lead(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: &DemoCustomer,
        vehicle: i64,
        vin: &str,
        model: &str,
        odometer: i32,
        days_owned: i64,
        plan: LeadPlan,
        upcoming: Option<i64>,
        open_ro: Option<i64>,
    ) {
        let id = bump(&mut self.next.lead);
        let service_type = if days_owned < 45 {
            "CHECK_UP_30D"
        } else if days_owned < 120 {
            "CHECK_UP"
        } else if days_owned > 912 && rng.random_bool(0.3) {
            "OIL_CHANGE_POST_30_MONTHS"
        } else if rng.random_bool(0.1) {
            "STATE_INSPECTION"
        } else if (odometer / 2_500) % 2 == 1 {
            "SVC_7500"
        } else {
            "OIL_CHANGE"
        };
        let planned = self.today + Duration::days(rng.random_range(-20..20));
        let due = planned + Duration::days(rng.random_range(0..14));
        let s = &self.stores[store];
        let (enterprise_id, boc_id, store_id, store_name, store_phone, assistant) = (
            s.enterprise_id,
            s.boc_id,
            s.id,
            s.name,
            s.phone.clone(),
            s.assistant_name.clone(),
        );

        // The conversation, oldest first.
        let mut conversation: Vec<DemoMessage> = Vec::new();
        let started = self.now - Duration::minutes(rng.random_range(60..30 * 24 * 60));
        if plan.stage != "NOT_STARTED" {
            let &(status, error) = catalog::DELIVERY
                .choose(rng)
                .unwrap_or(&("delivered", None));
            conversation.push(DemoMessage {
                inbound: false,
                message_type: "SMS",
                notification_type: "MESSAGE_TO_CUSTOMER",
                content: catalog::opening_text(
                    service_type,
                    customer.first,
                    &assistant,
                    store_name,
                    model,
                ),
                subject: None,
                status: if plan.reply.is_some() {
                    "delivered"
                } else {
                    status
                },
                error: if plan.reply.is_some() { None } else { error },
                at: started,
                sent_by: Some(assistant.clone()),
                card: None,
            });
        }
        let mut appointment = None;
        if let Some(reply) = plan.reply {
            let replied = started + Duration::minutes(rng.random_range(2..600));
            conversation.push(DemoMessage {
                inbound: true,
                message_type: "SMS",
                notification_type: "MESSAGE_FROM_CUSTOMER",
                content: reply.to_owned(),
                subject: None,
                status: "received",
                error: None,
                at: replied,
                sent_by: None,
                card: None,
            });
            if reply == "STOP" {
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "SMS",
                    notification_type: "MESSAGE_TO_CUSTOMER",
                    content: format!(
                        "You are unsubscribed from {store_name} texts. Reply START to resubscribe."
                    ),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::seconds(5),
                    sent_by: Some(assistant.clone()),
                    card: None,
                });
            } else if plan.stage != "RESPONDED" || rng.random_bool(0.5) {
                let staff = catalog::STAFF_REPLIES[if plan.stage == "APPOINTMENT_SET" {
                    0
                } else {
                    rng.random_range(1..catalog::STAFF_REPLIES.len())
                }];
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "SMS",
                    notification_type: "MESSAGE_TO_CUSTOMER",
                    content: staff.to_owned(),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::minutes(rng.random_range(1..90)),
                    sent_by: Some("Service BDC".to_owned()),
                    card: None,
                });
            }
            if reply.contains("loaner") {
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "INTERNAL",
                    notification_type: "INTERNAL_NOTIFICATION_GM",
                    content:
                        "GM HANDOFF: customer asked for a loaner; please confirm availability."
                            .to_owned(),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::seconds(30),
                    sent_by: Some(assistant.clone()),
                    card: None,
                });
            }
            if matches!(
                plan.stage,
                "APPOINTMENT_SET" | "SHOW_OR_NO_SHOW" | "CAR_BOUGHT_OR_NOTBOUGHT"
            ) {
                appointment = Some(upcoming.unwrap_or_else(|| {
                    self.appointment(rng, store, customer.id, vehicle, Some(id))
                }));
            }
        }
        if plan.stage == "CONTACTED" {
            conversation.push(DemoMessage { inbound: false, message_type: "EMAIL", notification_type: "MESSAGE_TO_CUSTOMER", content: format!("<p>Hi {},</p><p>Your {model} is due for service. Book online or reply to this email.</p>", customer.first), subject: Some(format!("Your {model} is due for service")), status: "delivered", error: None, at: started + Duration::hours(26), sent_by: Some("Service BDC".to_owned()), card: None });
        }
        if !conversation.is_empty() && rng.random_bool(0.15) {
            let last = conversation.last().map(|m| m.at).unwrap_or(started);
            conversation.push(DemoMessage {
                inbound: false,
                message_type: "INTERNAL_NOTES",
                notification_type: "INTERNAL_NOTES",
                content: (*catalog::NOTES.choose(rng).unwrap_or(&"Called customer.")).to_owned(),
                subject: None,
                status: "delivered",
                error: None,
                at: last + Duration::minutes(3),
                sent_by: Some("Service BDC".to_owned()),
                card: None,
            });
        }

        // Replies and follow-ups are drawn after the opening text; a conversation that would
        // run on past the world's present is moved back so its last message is just before it.
        if let Some(latest) = conversation.iter().map(|m| m.at).max()
            && latest > self.now
        {
            let shift = latest - self.now + Duration::minutes(1 + id % 30);
            for message in &mut conversation {
                message.at -= shift;
            }
        }
        // Some conversations began with a call or a task, before the first text; chosen by
        // lead id so the rest of the world's random draws stay as they were.
        if let Some(first) = conversation.first().map(|m| m.at) {
            if id % 9 == 4 {
                let seconds = 20 + (id * 37 % 560) as i32;
                let at = first - Duration::hours(2);
                conversation.insert(
                    0,
                    DemoMessage {
                        inbound: false,
                        message_type: "INTERNAL",
                        notification_type: "CALL",
                        content: call_summary(false, seconds),
                        subject: None,
                        status: "stored",
                        error: None,
                        at,
                        sent_by: Some("Service BDC".to_owned()),
                        card: Some(CardFacts {
                            starts_at: at,
                            recording: Some(format!(
                                "/media/{}/{RECORDING_FILE}",
                                recording_token(enterprise_id)
                            )),
                            call_seconds: Some(seconds),
                        }),
                    },
                );
            } else if id % 13 == 6 {
                conversation.insert(
                    0,
                    DemoMessage {
                        inbound: false,
                        message_type: "INTERNAL",
                        notification_type: "SCHEDULE_INTERNAL_TASK",
                        content: format!(
                            "Call {} about the {model} before texting.",
                            customer.first
                        ),
                        subject: Some("Call the customer".to_owned()),
                        status: "stored",
                        error: None,
                        at: first - Duration::days(1),
                        sent_by: Some("Service BDC".to_owned()),
                        card: Some(CardFacts {
                            starts_at: first - Duration::hours(3),
                            recording: None,
                            call_seconds: None,
                        }),
                    },
                );
            }
        }
        let inbound = conversation.iter().filter(|m| m.inbound).count() as i32;
        let last_inbound = conversation
            .iter()
            .filter(|m| m.inbound)
            .map(|m| m.at)
            .max();
        let last_visible = conversation
            .iter()
            .rev()
            .find(|m| !m.message_type.starts_with("INTERNAL"));
        let awaiting_reply = last_visible.is_some_and(|m| m.inbound);
        let latest_message = last_visible.map(|m| m.content.clone());
        let last_at = conversation.iter().map(|m| m.at).max();
        let outcome = match plan.stage {
            "RESPONDED" if plan.reply == Some("STOP") => Some("OPT_OUT"),
            "RESPONDED" if plan.reply.is_some_and(|r| r.starts_with("I sold")) => {
                Some("ALREADY_SOLD")
            }
            "RESPONDED" if plan.reply.is_some_and(|r| r.starts_with("Not right now")) => {
                Some("NEED_MORE_TIME")
            }
            "APPOINTMENT_SET" => Some("APPOINTMENT_SET"),
            "SHOW_OR_NO_SHOW" => Some(if rng.random_bool(0.8) {
                "SHOW"
            } else {
                "NO_SHOW"
            }),
            "CAR_BOUGHT_OR_NOTBOUGHT" => Some("CAR_NOTBOUGHT"),
            _ => None,
        };
        // What the lists of the lead manager need: contact-later dates, follow-up steps and
        // insights, derived from the conversation (no random draws).
        let not_now = plan.reply.is_some_and(|r| r.starts_with("Not right now"));
        let insight = if not_now {
            Some("CONTACT_LATER")
        } else if plan.reply.is_some_and(|r| r.starts_with("I sold")) {
            Some("NOT_IN_MARKET")
        } else {
            None
        };
        let contact_later = not_now.then(|| self.now + Duration::days(30 + id % 60));
        let follow_up = (plan.stage == "INITIATED" && plan.reply.is_none()).then(|| {
            let age = self.now - started;
            let (step, after) = if id % 5 == 0 {
                ("E1", 2)
            } else if age < Duration::days(3) {
                ("FU1", 2)
            } else if age < Duration::days(10) {
                ("FU2", 7)
            } else {
                ("FU3", 14)
            };
            (step, started + Duration::days(after))
        });
        self.leads.push(vec![
            id.into(),
            enterprise_id.into(),
            boc_id.into(),
            store_id.into(),
            customer.id.into(),
            vehicle.into(),
            vin.into(),
            service_type.into(),
            planned.into(),
            due.into(),
            plan.stage.into(),
            outcome.into(),
            appointment.is_some().into(),
            appointment.into(),
            (plan.stage != "NOT_STARTED").into(),
            plan.reply.is_some().into(),
            awaiting_reply.into(),
            inbound.into(),
            (if awaiting_reply { 1 } else { 0 }).into(),
            last_inbound.into(),
            last_at.into(),
            latest_message.into(),
            format!("{service_type} planner").into(),
            started.into(),
            self.now.into(),
            insight.into(),
            contact_later.into(),
            follow_up.map(|(step, _)| step).into(),
            follow_up.map(|(_, at)| at).into(),
            open_ro.into(),
            // A few old leads were archived by staff (derived from the id, so the random
            // sequence, and with it the rest of the world, stays as it was).
            (id % 97 == 0).into(),
        ]);
        if plan.reply.is_some_and(|r| r.starts_with("I sold")) {
            let mark = bump(&mut self.next.mark);
            self.marks.push(vec![
                mark.into(),
                enterprise_id.into(),
                "SERVICE_VEHICLE".into(),
                None::<i64>.into(),
                vehicle.into(),
                None::<i64>.into(),
                "NO_LONGER_OWN".into(),
                Value::from(None::<String>),
                self.now.into(),
            ]);
        }
        let customer_name = format!("{} {}", customer.first, customer.last);
        for message in conversation {
            let message_id = bump(&mut self.next.message);
            let (from, from_name, to, to_name) = if message.inbound {
                (
                    customer.cellular.clone(),
                    customer_name.clone(),
                    store_phone.clone(),
                    store_name.to_owned(),
                )
            } else {
                (
                    store_phone.clone(),
                    message.sent_by.clone().unwrap_or_default(),
                    customer.cellular.clone(),
                    customer_name.clone(),
                )
            };
            let read =
                (message.inbound && !awaiting_reply).then_some(message.at + Duration::minutes(5));
            let automated = message.sent_by.as_deref() == Some(assistant.as_str());
            self.messages.push(vec![
                message_id.into(),
                enterprise_id.into(),
                store_id.into(),
                id.into(),
                customer.id.into(),
                (if message.inbound { "RECEIVED" } else { "SENT" }).into(),
                message.message_type.into(),
                message.notification_type.into(),
                message.content.into(),
                message.subject.into(),
                from.into(),
                from_name.into(),
                to.into(),
                to_name.into(),
                message.status.into(),
                message.error.map(|e| e.0).into(),
                message.error.map(|e| e.1).into(),
                (message.message_type == "SMS")
                    .then(|| format!("SMdemo{message_id:010}"))
                    .into(),
                message.sent_by.into(),
                automated.into(),
                read.into(),
                (!message.inbound).then_some(message.at).into(),
                message.at.into(),
                message.at.into(),
                // History: whatever it says, no send job is owed for it.
                (!message.inbound).then_some(message.at).into(),
                message.card.as_ref().map(|c| c.starts_at).into(),
                message
                    .card
                    .as_ref()
                    .and_then(|c| c.recording.clone())
                    .into(),
                message.card.as_ref().and_then(|c| c.call_seconds).into(),
            ]);
        }
    }

    async fn flush(&mut self, tx: &mut Transaction) -> Result<()> {
        // Parents before children: foreign keys are checked as rows arrive.
        self.customers.flush(tx).await?;
        self.vehicles.flush(tx).await?;
        self.sales.flush(tx).await?;
        self.repair_orders.flush(tx).await?;
        self.lines.flush(tx).await?;
        self.appointments.flush(tx).await?;
        self.leads.flush(tx).await?;
        self.messages.flush(tx).await?;
        self.marks.flush(tx).await?;
        Ok(())
    }

    fn add_to(&self, summary: &mut DemoSummary) {
        summary.customers = self.customers.written;
        summary.vehicles = self.vehicles.written;
        summary.sales = self.sales.written;
        summary.repair_orders = self.repair_orders.written;
        summary.appointments = self.appointments.written;
        summary.leads = self.leads.written;
        summary.messages = self.messages.written;
    }
}

struct DemoCustomer {
    id: i64,
    first: &'static str,
    last: &'static str,
    cellular: String,
    opted_out: bool,
}

struct LeadPlan {
    stage: &'static str,
    reply: Option<&'static str>,
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
