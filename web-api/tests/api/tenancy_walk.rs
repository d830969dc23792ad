//! Every operation of the OpenAPI document, called with another tenant's ids, answers 404: as
//! enterprise 1's admin with enterprise 2's ids, and as a store-level rep of store 1 with store
//! 2's ids. The calls are made from the document, so an operation added later is walked without
//! editing this test; an id parameter whose kind the walk does not know fails it, naming the
//! parameter, until `id_kind` learns it.

use std::collections::BTreeMap;

use chrono::Utc;
use engine::store::schema::{
    Advisors, Assistants, Bocs, CustomTemplates, Customers, CvLeadBatches,
    DataSourceConfigurations, FutureServiceInteractions as Fsi, ImportFileReports, ImportedLeads,
    JobRuns, MailingListDetails, MailingLists, Marks, MessageInstances as Messages,
    PlannerDefinitions, RepairOrders, Schedulers, ServiceAppointments, ServiceVehicles as Vehicles,
    Stores, Users, VirtualMileageRecords, VirtualServiceRecords,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Iden, InsertStatement, Query, SimpleExpr};
use serde_json::{Map, Value, json};

use crate::helpers::{TestApp, spawn_app};

/// What an id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Enterprise,
    Dealer,
    Store,
    Lead,
    Customer,
    Vehicle,
    Message,
    Appointment,
    Schedule,
    Definition,
    JobRun,
    Mark,
    Batch,
    FileReport,
    ImportedLead,
    Advisor,
    DataSource,
    /// A personal custom template (another user's, so no stranger sees it).
    Template,
    /// A mailing list and one of its recipients: the enterprise's, like the enterprise itself.
    MailingList,
    MailingListEntry,
    /// A repair order on the service-lane board.
    RepairOrder,
    /// A user (administration).
    User,
    /// A store's assistant.
    Assistant,
    /// A virtual service record and a virtual mileage record (spec H-C29).
    VirtualService,
    VirtualMileage,
}

/// The kind of id a parameter or body field holds (by its name, and for a bare `id` by the
/// path), `None` when it holds no id.
fn id_kind(path: &str, name: &str) -> Option<Kind> {
    let names_an_id = name == "id"
        || ["Id", "Ids", "_id", "-id", "IdFk", "IdPk", "_id_pk"]
            .iter()
            .any(|end| name.ends_with(end));
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let name = name.strip_suffix("s").unwrap_or(&name); // storeIds, bocIds
    Some(match name {
        "enterpriseid" | "companyid" => Kind::Enterprise,
        // The mailing lists' tenant (H-C15…) is the enterprise.
        "tenantid" => Kind::Enterprise,
        "mailinglistmasterid" => Kind::MailingList,
        "mailinglistdetailsid" => Kind::MailingListEntry,
        // `/api/customTemplate/intent/{intent}/enterprise/{enterprise}/…`.
        "enterprise" if path.contains("/enterprise/{enterprise}") => Kind::Enterprise,
        // The template calls' office is the store.
        "officeid" => Kind::Store,
        "contactid" => Kind::Customer,
        "templateid" => Kind::Template,
        "bocid" | "bocidpk" | "bocidfk" => Kind::Dealer,
        "storeid" | "storeidfk" | "storeidpk" => Kind::Store,
        // `/api/boc/{boc}/store/{store}/…` (the spec's spelling).
        "boc" if path.starts_with("/api/boc/{boc}") => Kind::Dealer,
        "store" if path.starts_with("/api/boc/{boc}") => Kind::Store,
        "futureserviceinteractionid"
        | "jaguarfutureserviceinteractionid"
        | "futureinteractionid"
        | "fsiid"
        | "leadid" => Kind::Lead,
        // `/api/lisa/service-interactions/customer-type/{interactionId}`.
        "interactionid" if path.contains("/service-interactions/") => Kind::Lead,
        "customerid" => Kind::Customer,
        "vehicleid" => Kind::Vehicle,
        // `/api/cancellations?fid=` (the spec's name for the lead).
        "fid" if path == "/api/cancellations" => Kind::Lead,
        "messageid" | "messageinstanceid" | "lastmessageid" | "lastreadmessageinstanceid" => {
            Kind::Message
        }
        "appointmentid" | "apptid" => Kind::Appointment,
        "store" if path.starts_with("/api/getAppointmentByStoreIdAndDate") => Kind::Store,
        // The lane host's calls (`getAdivsorByStore/{store}`, `getClosedRoBy…/{store}/…`).
        "store" if path.starts_with("/api/get") => Kind::Store,
        "svcopenroidpk" => Kind::RepairOrder,
        "userid" => Kind::User,
        "assistantid" => Kind::Assistant,
        "advisorid" => Kind::Advisor,
        "batchid" => Kind::Batch,
        "filereportid" => Kind::FileReport,
        "datasourceid" => Kind::DataSource,
        "jobrunid" => Kind::JobRun,
        "definitionid" => Kind::Definition,
        "targetid" if path.ends_with("/customer") => Kind::Customer,
        "targetid" if path.ends_with("/service-vehicle") => Kind::Vehicle,
        "targetid" if path.ends_with("/future-service-interaction") => Kind::Lead,
        // `/api/marks/v2` names its target with `targetKind`; its other id fields are walked.
        "targetid" => return None,
        "id" => {
            if path.starts_with("/bridge/api/getOpenServiceOrderDetail") {
                Kind::RepairOrder
            } else if path.ends_with("/message-response-time") {
                Kind::Message
            } else if path.ends_with("/svc-send-message") {
                Kind::Customer
            } else if path.contains("/data-sync/scheduler") {
                Kind::Schedule
            } else if path.contains("predictive-planner-definition") {
                Kind::Definition
            } else if path.starts_with("/api/jobs") || path.starts_with("/api/reports/exports/") {
                Kind::JobRun
            } else if path.starts_with("/api/marks") {
                Kind::Mark
            } else if path.starts_with("/api/boc/") {
                Kind::Dealer
            } else if path.starts_with("/api/future-service-interaction")
                || path.contains("/transcript/")
            {
                Kind::Lead
            } else if path.starts_with("/api/data-sync/datasource/") {
                Kind::DataSource
            } else if path.starts_with("/api/list-of-customer-vehicle-lead/") {
                Kind::ImportedLead
            } else if path.starts_with("/api/appointment") || path == "/api/lisa/appointment" {
                Kind::Appointment
            } else if path.starts_with("/api/customTemplate") {
                Kind::Template
            } else if path.starts_with("/api/virtual-service-record/") {
                Kind::VirtualService
            } else if path.starts_with("/api/virtual-mileage-record/") {
                Kind::VirtualMileage
            } else if path.contains("predictive-planner-audit") {
                // An audit search's `id` is a planner audit: none exist in this walk.
                return None;
            } else {
                panic!("{path}: the walk does not know what `id` names here; teach id_kind");
            }
        }
        // A provider's account, a UI element, a user acting for another, a division shared by
        // every tenant: not a tenant's record.
        "accountsid" | "chatboxid" | "doerproxyuserid" | "divisionid" => return None,
        // A provider's account, messaging application, sub-account and location (Bandwidth).
        "accountid" | "applicationid" | "siteid" | "locationid" => return None,
        other if names_an_id => {
            panic!("{path}: the walk does not know what `{other}` names; teach id_kind")
        }
        _ => return None,
    })
}

type Ids = BTreeMap<Kind, i64>;

/// One side of the walk: who calls, and the ids they must not reach.
struct Stranger {
    label: &'static str,
    token: String,
    foreign: Ids,
    /// The stranger shares the enterprise and the dealer with the ids (the store side), so only
    /// ids below them are foreign.
    same_enterprise: bool,
}

#[tokio::test]
async fn every_operation_answers_404_for_another_enterprises_or_another_stores_ids() {
    let app = spawn_app().await;
    let document: Value = app
        .get("/api/openapi.json", None)
        .await
        .json()
        .await
        .unwrap();
    let other_enterprise = ids_in(&app, 2, None).await;
    let other_store = ids_in(&app, 1, Some(2)).await;
    // Store 1's, which every stranger may reach: a 403 for foreign ids must also be a 403 for
    // these (the role is refused whatever the ids), else the refusal tells the ids apart.
    let own = ids_in(&app, 1, Some(1)).await;
    let mut strangers = Vec::new();
    for (label, user, foreign, same_enterprise) in [
        (
            "enterprise-admin with enterprise 2's ids",
            "enterprise-admin",
            &other_enterprise,
            false,
        ),
        // The assistant's and the logs' actions are the super roles'.
        (
            "super-user with enterprise 2's ids",
            "super-user",
            &other_enterprise,
            false,
        ),
        (
            "sales-rep of store 1 with store 2's ids",
            "sales-rep",
            &other_store,
            true,
        ),
    ] {
        strangers.push(Stranger {
            label,
            token: app.token_of(user).await,
            foreign: foreign.clone(),
            same_enterprise,
        });
    }

    let (mut walked, mut role_refused) = (0, 0);
    let mut leaks = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let secured = operation["security"]
                .as_array()
                .is_some_and(|s| !s.is_empty());
            if !secured || path == "/user/logout" {
                continue;
            }
            let call = Call {
                document: &document,
                path,
                method,
                operation,
            };
            for stranger in &strangers {
                let Some(request) = call.request(&stranger.foreign, stranger.same_enterprise)
                else {
                    continue;
                };
                walked += 1;
                let (status, body) = request.send(&app, &stranger.token).await;
                if status == StatusCode::NOT_FOUND {
                    continue;
                }
                if status == StatusCode::FORBIDDEN {
                    let with_own = call.request(&own, true).expect("the same call");
                    if with_own.send(&app, &stranger.token).await.0 == StatusCode::FORBIDDEN {
                        role_refused += 1;
                        continue;
                    }
                }
                leaks.push(format!(
                    "{} {} as {}: {status} {body}",
                    method.to_uppercase(),
                    request.url,
                    stranger.label
                ));
            }
        }
    }
    assert!(walked > 200, "only {walked} calls walked");
    assert!(
        role_refused < walked / 5,
        "{role_refused} of {walked} refused by role"
    );
    assert!(
        leaks.is_empty(),
        "{} of {walked} calls did not answer 404:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}

/// One operation of the document.
struct Call<'a> {
    document: &'a Value,
    path: &'a str,
    method: &'a str,
    operation: &'a Value,
}

impl Call<'_> {
    /// The call with `ids` in every id slot; `None` when the operation takes no id that is
    /// foreign to the caller (`same_enterprise`: the enterprise and dealer ids are the caller's).
    fn request(&self, ids: &Ids, same_enterprise: bool) -> Option<ForeignRequest> {
        let Call {
            document,
            path,
            method,
            operation,
        } = *self;
        let is_foreign = |kind: Kind| {
            !same_enterprise
                || !matches!(
                    kind,
                    Kind::Enterprise | Kind::Dealer | Kind::MailingList | Kind::MailingListEntry
                )
        };
        let mut url = path.to_owned();
        let mut query = Vec::new();
        let mut uses_foreign_id = false;
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap();
            let required = parameter["required"] == true;
            let value = match id_kind(path, name) {
                Some(kind) => {
                    uses_foreign_id |= is_foreign(kind);
                    ids[&kind].to_string()
                }
                None => match known_value(name, required) {
                    Some(value) => scalar_text(&value),
                    None if required => scalar_text(&sample(document, &parameter["schema"])),
                    None => continue,
                },
            };
            match parameter["in"].as_str() {
                Some("path") => url = url.replace(&format!("{{{name}}}"), &value),
                _ => query.push((name.to_owned(), value)),
            }
        }
        let mut body = Body::None;
        if let Some((content_type, content)) = operation["requestBody"]["content"]
            .as_object()
            .and_then(|c| c.iter().next())
        {
            let schema = resolve(document, &content["schema"]);
            let mut fields = Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                let required = schema["required"]
                    .as_array()
                    .is_some_and(|r| r.iter().any(|n| n == name.as_str()));
                let value = match id_kind(path, name) {
                    Some(kind) => {
                        uses_foreign_id |= is_foreign(kind);
                        let id = json!(ids[&kind]);
                        if resolve(document, property)["type"] == "array" {
                            json!([id])
                        } else {
                            id
                        }
                    }
                    None => match known_value(name, required) {
                        Some(value) => value,
                        None if required => sample(document, property),
                        None => continue,
                    },
                };
                fields.insert(name.clone(), value);
            }
            body = if content_type.starts_with("multipart/") {
                Body::Multipart(fields)
            } else if content_type.starts_with("application/json") {
                Body::Json(Value::Object(fields))
            } else {
                return None;
            };
        }
        uses_foreign_id.then(|| ForeignRequest {
            method: method.to_uppercase().parse().unwrap(),
            url,
            query,
            body,
        })
    }
}

/// Values the document cannot tell: closed sets read as text, formats the handler checks, and
/// the optional fields an operation needs after all.
fn known_value(name: &str, required: bool) -> Option<Value> {
    Some(match name {
        "plannerName" => json!("5K"),
        "targetKind" => json!("CUSTOMER"),
        _ if !required => return None,
        "jobKind" => json!("planner.transfer"),
        "planner" => json!("5K"),
        "mileage" => json!(10_000),
        "track" => json!("FOLLOW_UP_EMAIL"),
        "parameter" => json!("DETECTED_AUTO"),
        "intentType" => json!("CONTACT_LATER"),
        "vin" => json!("1HGCM82633A004352"),
        "direction" => json!("INBOUND"),
        "file_type" => json!("DMS_CUSTOMER_VEHICLES"),
        "statusType" => json!("ACCEPTED"),
        _ => return None,
    })
}

enum Body {
    None,
    Json(Value),
    Multipart(Map<String, Value>),
}

struct ForeignRequest {
    method: Method,
    url: String,
    query: Vec<(String, String)>,
    body: Body,
}

impl ForeignRequest {
    async fn send(&self, app: &TestApp, token: &str) -> (StatusCode, String) {
        let mut request = app
            .client
            .request(self.method.clone(), app.url(&self.url))
            .header("Authorization", format!("Bearer {token}"))
            .query(&self.query);
        request = match &self.body {
            Body::None => request,
            Body::Json(value) => request.json(value),
            Body::Multipart(fields) => {
                let mut form = reqwest::multipart::Form::new();
                for (name, value) in fields {
                    form = if value.is_string() && value == "<file>" {
                        form.part(
                            name.clone(),
                            reqwest::multipart::Part::bytes(b"VIN,Cust No\n,1\n".to_vec())
                                .file_name("walk.csv"),
                        )
                    } else {
                        form.text(name.clone(), scalar_text(value))
                    };
                }
                request.multipart(form)
            }
        };
        let response = request.send().await.unwrap();
        let status = response.status();
        (status, response.text().await.unwrap_or_default())
    }
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap();
            &document["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// A valid-looking value of a schema: the first of an enum, a date for a date, an object with
/// its required fields.
fn sample(document: &Value, schema: &Value) -> Value {
    let schema = resolve(document, schema);
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    match (schema["type"].as_str(), schema["format"].as_str()) {
        (Some("string"), Some("binary")) => json!("<file>"),
        (Some("string"), Some("date" | "naive-date")) => {
            json!(Utc::now().date_naive().to_string())
        }
        (Some("string"), Some("date-time")) => json!(Utc::now().to_rfc3339()),
        (Some("string"), _) => json!("walk"),
        (Some("integer"), _) => json!(1),
        (Some("number"), _) => json!(1.0),
        (Some("boolean"), _) => json!(false),
        (Some("array"), _) => json!([]),
        _ => {
            let mut fields = Map::new();
            for name in schema["required"].as_array().into_iter().flatten() {
                let name = name.as_str().unwrap();
                fields.insert(
                    name.to_owned(),
                    sample(document, &schema["properties"][name]),
                );
            }
            Value::Object(fields)
        }
    }
}

fn scalar_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One id of each kind inside `enterprise` (and `store`, when given); rows the demo world does
/// not have there are made.
async fn ids_in(app: &TestApp, enterprise: i64, store: Option<i64>) -> Ids {
    let store_id = match store {
        Some(store) => store,
        None => first(app, Stores::Table, Stores::EnterpriseId, enterprise).await,
    };
    let dealer = first(app, Bocs::Table, Bocs::EnterpriseId, enterprise).await;
    let customer = first(app, Customers::Table, Customers::StoreId, store_id).await;
    let now = Utc::now();
    let made = |table: &dyn Iden, columns: Vec<(&'static str, SimpleExpr)>| {
        let mut insert = Query::insert();
        insert
            .into_table(sea_query::Alias::new(table.to_string()))
            .columns(columns.iter().map(|(c, _)| sea_query::Alias::new(*c)));
        insert.values_panic(columns.into_iter().map(|(_, v)| v));
        insert.returning(Query::returning().column(sea_query::Alias::new("id")));
        insert
    };
    let base = |extra: Vec<(&'static str, SimpleExpr)>| {
        let mut columns = vec![
            ("enterprise_id", enterprise.into()),
            ("store_id", store_id.into()),
        ];
        columns.extend(extra);
        columns
    };
    let schedule = insert_id(
        app,
        made(
            &Schedulers::Table,
            base(vec![
                ("api_name", "walk".into()),
                ("job_kind", "diagnostics.noop".into()),
                ("cron", "0 0 * * *".into()),
                ("time_zone", "UTC".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let definition = insert_id(
        app,
        made(
            &PlannerDefinitions::Table,
            base(vec![
                ("name", "walk".into()),
                ("service_type", "OIL_CHANGE".into()),
                ("planner", "5K".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let job_run = insert_id(
        app,
        made(
            &JobRuns::Table,
            base(vec![
                ("kind", "diagnostics.noop".into()),
                ("status", "succeeded".into()),
                ("created_at", now.into()),
            ]),
        ),
    )
    .await;
    let mark = insert_id(
        app,
        made(
            &Marks::Table,
            vec![
                ("enterprise_id", enterprise.into()),
                ("target_kind", "CUSTOMER".into()),
                ("customer_id", customer.into()),
                ("mark_code", "CONTACT_LATER".into()),
                ("created_at", now.into()),
            ],
        ),
    )
    .await;
    let batch = insert_id(
        app,
        made(
            &CvLeadBatches::Table,
            base(vec![
                ("file_name", "walk.csv".into()),
                ("row_count", 0.into()),
                ("matched_rows", 0.into()),
                ("vehicle_count", 0.into()),
                ("created_at", now.into()),
            ]),
        ),
    )
    .await;
    let store_dealer: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Stores::BocId)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(store_id))
                .to_owned(),
        )
        .await
        .unwrap();
    let file_report = insert_id(
        app,
        made(
            &ImportFileReports::Table,
            base(vec![
                ("boc_id", store_dealer.into()),
                ("file_type", "RECALL".into()),
                ("file_name", "walk.csv".into()),
                ("status", "COMPLETED".into()),
                ("created_at", now.into()),
            ]),
        ),
    )
    .await;
    let imported_lead = insert_id(
        app,
        made(
            &ImportedLeads::Table,
            base(vec![
                ("boc_id", store_dealer.into()),
                ("file_type", "RECALL".into()),
                ("natural_key", "walk".into()),
                ("campaign_type", "RECALL".into()),
                ("row_hash", "walk".into()),
                ("enrichment_status", "NOT_MATCHED".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let data_source = insert_id(
        app,
        made(
            &DataSourceConfigurations::Table,
            base(vec![
                ("name", "walk".into()),
                ("source_kind", "FILE_DROP".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let template_owner = match store {
        Some(store) => first(app, Users::Table, Users::StoreId, store).await,
        None => first(app, Users::Table, Users::EnterpriseId, enterprise).await,
    };
    let template = insert_id(
        app,
        made(
            &CustomTemplates::Table,
            vec![
                ("enterprise_id", enterprise.into()),
                ("owner_user_id", template_owner.into()),
                ("scope", "PERSONAL".into()),
                ("title", "walk".into()),
                ("body", "walk".into()),
                ("service_type", "OIL_CHANGE".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ],
        ),
    )
    .await;
    let mailing_list = insert_id(
        app,
        made(
            &MailingLists::Table,
            vec![
                ("enterprise_id", enterprise.into()),
                ("code", format!("LIST-WALK-{}", store.unwrap_or(0)).into()),
                ("created_at", now.into()),
            ],
        ),
    )
    .await;
    let mailing_list_entry = insert_id(
        app,
        made(
            &MailingListDetails::Table,
            vec![
                ("mailing_list_id", mailing_list.into()),
                ("email", "walk@example.com".into()),
                ("created_at", now.into()),
            ],
        ),
    )
    .await;
    // The walk's own: a small store of the demo world may have no appointment.
    let appointment = insert_id(
        app,
        made(
            &ServiceAppointments::Table,
            base(vec![
                ("customer_id", customer.into()),
                ("appt_status", "SCHEDULED".into()),
                ("appt_at", (now + chrono::Duration::days(3)).into()),
                ("source", "WALK".into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let repair_order = insert_id(
        app,
        made(
            &RepairOrders::Table,
            base(vec![
                ("ro_number", format!("WALK-{store_id}").into()),
                ("status_code", "UNASSIGNED".into()),
                ("open_date", now.date_naive().into()),
                ("created_at", now.into()),
                ("updated_at", now.into()),
            ]),
        ),
    )
    .await;
    let vehicle = first(app, Vehicles::Table, Vehicles::StoreId, store_id).await;
    let virtual_service = insert_id(
        app,
        made(
            &VirtualServiceRecords::Table,
            base(vec![
                ("vehicle_id", vehicle.into()),
                ("service_date", now.date_naive().into()),
                ("description", "walk".into()),
                ("created_at", now.into()),
            ]),
        ),
    )
    .await;
    let virtual_mileage = insert_id(
        app,
        made(
            &VirtualMileageRecords::Table,
            base(vec![
                ("vehicle_id", vehicle.into()),
                ("reading_date", now.date_naive().into()),
                ("mileage", 1000.into()),
                ("created_at", now.into()),
            ]),
        ),
    )
    .await;
    BTreeMap::from([
        (Kind::VirtualService, virtual_service),
        (Kind::VirtualMileage, virtual_mileage),
        (Kind::User, template_owner),
        (
            Kind::Assistant,
            first(app, Assistants::Table, Assistants::StoreId, store_id).await,
        ),
        (Kind::RepairOrder, repair_order),
        (Kind::MailingList, mailing_list),
        (Kind::MailingListEntry, mailing_list_entry),
        (Kind::Template, template),
        (Kind::Enterprise, enterprise),
        (Kind::Dealer, dealer),
        (Kind::Store, store_id),
        (
            Kind::Lead,
            first(app, Fsi::Table, Fsi::StoreId, store_id).await,
        ),
        (Kind::Customer, customer),
        (
            Kind::Vehicle,
            first(app, Vehicles::Table, Vehicles::StoreId, store_id).await,
        ),
        (
            Kind::Message,
            first(app, Messages::Table, Messages::StoreId, store_id).await,
        ),
        (Kind::Appointment, appointment),
        (Kind::Schedule, schedule),
        (Kind::Definition, definition),
        (Kind::JobRun, job_run),
        (Kind::Mark, mark),
        (Kind::Batch, batch),
        (Kind::FileReport, file_report),
        (Kind::ImportedLead, imported_lead),
        (Kind::DataSource, data_source),
        (
            Kind::Advisor,
            first(app, Advisors::Table, Advisors::StoreId, store_id).await,
        ),
    ])
}

async fn insert_id(app: &TestApp, insert: InsertStatement) -> i64 {
    app.db.fetch_scalar(&insert).await.unwrap()
}

/// The smallest id of `table` whose `column` is `value`.
async fn first<T: Iden + Copy + 'static>(app: &TestApp, table: T, column: T, value: i64) -> i64 {
    app.db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(sea_query::Alias::new("id")).min())
                .from(table)
                .and_where(Expr::col(column).eq(value))
                .to_owned(),
        )
        .await
        .unwrap()
}
