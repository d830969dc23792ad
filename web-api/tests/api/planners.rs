//! Predictive planners: preview paging, transfer idempotency, hard runs, 'No Records.',
//! audits and tenant scope. The vehicles are made here, with hand-computed due dates, and the
//! planner is narrowed to their customer with `cust_no`.

use chrono::{Duration, NaiveDate, Utc};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, RepairOrders, Sales, ServiceVehicles as Vehicles,
    Stores,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

/// The customer's three vehicles: one due for its 5K today, one sold on, one already serviced.
struct Fixture {
    due: i64,
    sold_on: i64,
    serviced: i64,
}

impl TestApp {
    async fn insert_id(&self, insert: sea_query::InsertStatement) -> i64 {
        self.db.fetch_scalar(&insert).await.unwrap()
    }

    /// Each vehicle was bought new 100 days ago and read 3,000 miles 60 days later: 50 miles a
    /// day from delivery, so 5,000 miles fall due today (six months would be later).
    async fn planner_fixture(&self, custno: &str) -> Fixture {
        let now = Utc::now();
        let today = now.date_naive();
        let delivered = today - Duration::days(100);
        let boc: i64 = self
            .db
            .fetch_scalar(
                &Query::select()
                    .column(Stores::BocId)
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(1))
                    .to_owned(),
            )
            .await
            .unwrap();
        let customer = self
            .insert_id(
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
                        1.into(),
                        boc.into(),
                        1.into(),
                        custno.into(),
                        "Paula".into(),
                        "Planner".into(),
                        "+15550104321".into(),
                        now.into(),
                        now.into(),
                    ])
                    .returning_col(Customers::Id)
                    .to_owned(),
            )
            .await;
        let mut vehicles = Vec::new();
        for (n, gone) in [(0, false), (1, true), (2, false)] {
            let vehicle = self
                .insert_id(
                    Query::insert()
                        .into_table(Vehicles::Table)
                        .columns([
                            Vehicles::EnterpriseId,
                            Vehicles::StoreId,
                            Vehicles::CustomerId,
                            Vehicles::Vin,
                            Vehicles::Make,
                            Vehicles::Model,
                            Vehicles::Year,
                            Vehicles::NoLongerOwned,
                            Vehicles::CreatedAt,
                            Vehicles::UpdatedAt,
                        ])
                        .values_panic([
                            1.into(),
                            1.into(),
                            customer.into(),
                            format!("PLN{custno}{n}").into(),
                            "Honda".into(),
                            "Civic".into(),
                            2025.into(),
                            gone.into(),
                            now.into(),
                            now.into(),
                        ])
                        .returning_col(Vehicles::Id)
                        .to_owned(),
                )
                .await;
            self.db
                .execute(
                    &Query::insert()
                        .into_table(Sales::Table)
                        .columns([
                            Sales::EnterpriseId,
                            Sales::StoreId,
                            Sales::CustomerId,
                            Sales::VehicleId,
                            Sales::DealNumber,
                            Sales::DealType,
                            Sales::SoldDate,
                            Sales::CreatedAt,
                        ])
                        .values_panic([
                            1.into(),
                            1.into(),
                            customer.into(),
                            vehicle.into(),
                            format!("D-{custno}-{n}").into(),
                            "NEW".into(),
                            delivered.into(),
                            now.into(),
                        ])
                        .to_owned(),
                )
                .await
                .unwrap();
            self.closed_visit(
                customer,
                vehicle,
                &format!("{custno}-{n}-a"),
                delivered + Duration::days(60),
                3_000,
            )
            .await;
            vehicles.push(vehicle);
        }
        // The third had its 5K done at 4,500 miles (counts from 4,000).
        self.closed_visit(
            customer,
            vehicles[2],
            &format!("{custno}-2-b"),
            delivered + Duration::days(90),
            4_500,
        )
        .await;
        Fixture {
            due: vehicles[0],
            sold_on: vehicles[1],
            serviced: vehicles[2],
        }
    }

    async fn closed_visit(
        &self,
        customer: i64,
        vehicle: i64,
        number: &str,
        on: NaiveDate,
        miles: i32,
    ) {
        let now = Utc::now();
        self.db
            .execute(
                &Query::insert()
                    .into_table(RepairOrders::Table)
                    .columns([
                        RepairOrders::EnterpriseId,
                        RepairOrders::StoreId,
                        RepairOrders::CustomerId,
                        RepairOrders::VehicleId,
                        RepairOrders::RoNumber,
                        RepairOrders::StatusCode,
                        RepairOrders::OpenDate,
                        RepairOrders::ClosedDate,
                        RepairOrders::MileageIn,
                        RepairOrders::CreatedAt,
                        RepairOrders::UpdatedAt,
                    ])
                    .values_panic([
                        1.into(),
                        1.into(),
                        customer.into(),
                        vehicle.into(),
                        format!("RO-{number}").into(),
                        "CLOSED".into(),
                        on.into(),
                        on.into(),
                        miles.into(),
                        now.into(),
                        now.into(),
                    ])
                    .to_owned(),
            )
            .await
            .unwrap();
    }

    /// The vehicle's leads: (id, service type, planned date, archived, planner name).
    async fn leads_of_vehicle(
        &self,
        vehicle: i64,
    ) -> Vec<(i64, String, Option<NaiveDate>, bool, Option<String>)> {
        self.db
            .fetch_all(
                &Query::select()
                    .columns([
                        Fsi::Id,
                        Fsi::ServiceType,
                        Fsi::PlannedDate,
                        Fsi::Archived,
                        Fsi::PlannerName,
                    ])
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::VehicleId).eq(vehicle))
                    .order_by(Fsi::Id, Order::Asc)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// Starts a transfer and waits for its result.
    async fn transfer(&self, token: &str, path: &str) -> Value {
        let response = self.request(Method::GET, path, token, None).await;
        let status = response.status();
        let started: Value = response.json().await.unwrap();
        assert_eq!(status, StatusCode::ACCEPTED, "{started}");
        assert_eq!(started["message"], "Successfully Started");
        let detail = self
            .wait_until_final(token, started["jobRun"]["id"].as_i64().unwrap())
            .await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        detail["run"]["result"].clone()
    }
}

fn today_dd_mm_yyyy() -> String {
    Utc::now().date_naive().format("%d.%m.%Y").to_string()
}

const FIVE_K: &str = "/api/future-service-interaction/run-future-prediction";

#[tokio::test]
async fn a_preview_lists_what_is_due_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-1").await;
    let path = format!(
        "{FIVE_K}?store_id=1&cust_no=PLAN-1&plannerDate={}&minDays=0&maxDays=30",
        today_dd_mm_yyyy()
    );
    let page = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(page["plannerName"], "5K");
    assert_eq!(page["totalElements"], 1, "{page}");
    let due = &page["content"][0];
    assert_eq!(due["vehicleId"], fixture.due);
    assert_eq!(due["serviceType"], "OIL_CHANGE");
    assert_eq!(due["dueDate"], Utc::now().date_naive().to_string());
    assert_eq!(due["dueByTime"], false);
    assert_eq!(due["estimatedMiles"], 5_000);
    assert_eq!(due["milesPerDay"], 50.0);
    assert_eq!(due["mileageBasis"], "SINCE_DELIVERY");
    assert_eq!(due["custNo"], "PLAN-1");
    assert!(
        app.leads_of_vehicle(fixture.due).await.is_empty(),
        "a preview writes nothing"
    );

    // Outside the window (due today, window from tomorrow) there is nothing.
    let later = format!(
        "{FIVE_K}?store_id=1&cust_no=PLAN-1&plannerDate={}&minDays=1&maxDays=30",
        today_dd_mm_yyyy()
    );
    let page = app.ok_json(Method::GET, &later, &token, None).await;
    assert_eq!(page["totalElements"], 0);
    // The 10K is due 100 days from now, for the vehicle whose 5K was done too.
    let ten_k = format!(
        "/api/future-service-interaction/run-future-prediction-for-10k?store_id=1&cust_no=PLAN-1&plannerDate={}&minDays=90&maxDays=110",
        today_dd_mm_yyyy()
    );
    let page = app.ok_json(Method::GET, &ten_k, &token, None).await;
    assert_eq!(page["totalElements"], 2, "{page}");
    for (candidate, vehicle) in page["content"]
        .as_array()
        .unwrap()
        .iter()
        .zip([fixture.due, fixture.serviced])
    {
        assert_eq!(candidate["vehicleId"], vehicle);
        assert_eq!(
            candidate["dueDate"],
            (Utc::now().date_naive() + Duration::days(100)).to_string()
        );
        assert_eq!(candidate["serviceType"], "OIL_CHANGE_10K");
    }
}

#[tokio::test]
async fn previews_page_on_the_server() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    // Every demo vehicle's 10K within ten years either side: plenty of candidates.
    let path = |page: u64| {
        format!(
            "/api/future-service-interaction/run-future-prediction-for-10k?minDays=-3650&maxDays=3650&page={page}&size=5"
        )
    };
    let first = app.ok_json(Method::GET, &path(0), &token, None).await;
    let second = app.ok_json(Method::GET, &path(1), &token, None).await;
    let total = first["totalElements"].as_u64().unwrap();
    assert!(total > 10, "{first}");
    assert_eq!(second["totalElements"].as_u64().unwrap(), total);
    let ids = |page: &Value| {
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["vehicleId"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&first).len(), 5);
    assert_eq!(ids(&second).len(), 5);
    assert!(ids(&first).iter().all(|id| !ids(&second).contains(id)));
}

#[tokio::test]
async fn a_transfer_creates_leads_once_and_a_hard_run_replaces_them() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-2").await;
    let path = format!(
        "{FIVE_K}?store_id=1&cust_no=PLAN-2&plannerDate={}&minDays=0&maxDays=30&transfer=true",
        today_dd_mm_yyyy()
    );
    let result = app.transfer(&token, &path).await;
    assert_eq!(result["message"], "Successfully Transfered");
    assert_eq!(result["candidates"], 1);
    assert_eq!(result["created"], 1);
    assert_eq!(result["excluded"]["NO_LONGER_OWNED"], 1);
    assert_eq!(result["excluded"]["ALREADY_SERVICED"], 1);
    let leads = app.leads_of_vehicle(fixture.due).await;
    assert_eq!(leads.len(), 1);
    let (first_lead, service, planned, archived, planner) = leads[0].clone();
    assert_eq!(service, "OIL_CHANGE");
    assert_eq!(planned, Some(Utc::now().date_naive()));
    assert!(!archived);
    assert_eq!(planner.as_deref(), Some("5K"));
    assert!(app.leads_of_vehicle(fixture.sold_on).await.is_empty());
    assert!(app.leads_of_vehicle(fixture.serviced).await.is_empty());
    let lead: Value = app
        .ok_json(
            Method::GET,
            &format!("/api/future-service-interaction/{first_lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(lead["status"], "NOT_STARTED");

    // Again: the vehicle has its lead, so there is nothing to transfer.
    let again = app.transfer(&token, &path).await;
    assert_eq!(again["message"], "No Records.");
    assert_eq!(again["created"], 0);
    assert_eq!(again["excluded"]["LEAD_EXISTS"], 1);
    assert_eq!(app.leads_of_vehicle(fixture.due).await.len(), 1);

    // A hard run replaces the planner's untouched lead with a fresh one.
    let hard = app.transfer(&token, &format!("{path}&hardRun=true")).await;
    assert_eq!(hard["created"], 1);
    assert_eq!(hard["replaced"], 1);
    let leads = app.leads_of_vehicle(fixture.due).await;
    assert_eq!(leads.len(), 2);
    assert!(leads[0].3, "the replaced lead is archived");
    assert!(!leads[1].3);

    // Once the conversation has started, even a hard run leaves the lead alone.
    app.db
        .execute(
            &Query::update()
                .table(Fsi::Table)
                .value(Fsi::ConversationInitiated, true)
                .and_where(Expr::col(Fsi::Id).eq(leads[1].0))
                .to_owned(),
        )
        .await
        .unwrap();
    let hard_again = app.transfer(&token, &format!("{path}&hardRun=true")).await;
    assert_eq!(hard_again["created"], 0);
    assert_eq!(app.leads_of_vehicle(fixture.due).await.len(), 2);

    // Each transfer left an audit, newest first.
    let audits = app
        .ok_json(
            Method::POST,
            "/api/future-service-interaction/predictive-planner-audit/view-by-planner-name",
            &token,
            Some(json!({ "plannerName": "5K" })),
        )
        .await;
    assert_eq!(audits["totalElements"], 4, "{audits}");
    let newest = &audits["content"][0];
    assert_eq!(newest["createdCount"], 0);
    assert_eq!(newest["serviceType"], "OIL_CHANGE");
    assert_eq!(newest["storeId"], 1);
    assert_eq!(newest["plannerDate"], Utc::now().date_naive().to_string());
    assert_eq!(newest["parameters"]["request"]["hardRun"], true);
    let first = &audits["content"][3];
    assert_eq!(first["createdCount"], 1);
    assert_eq!(first["candidateCount"], 1);
    assert_eq!(first["skippedCount"], 2);
    assert_eq!(first["parameters"]["createdByStore"]["1"]["OIL_CHANGE"], 1);
    assert!(first["startedBy"].is_i64());
    let one = app
        .ok_json(
            Method::POST,
            "/api/future-service-interaction/predictive-planner-audit/view",
            &token,
            Some(json!({ "id": first["id"] })),
        )
        .await;
    assert_eq!(one["id"], first["id"]);

    // Another enterprise sees none of it.
    let summit = app.token_of("summit-admin").await;
    let theirs = app
        .ok_json(
            Method::POST,
            "/api/future-service-interaction/predictive-planner-audit/search",
            &summit,
            Some(json!({})),
        )
        .await;
    assert_eq!(theirs["totalElements"], 0);
    let response = app
        .request(
            Method::POST,
            "/api/future-service-interaction/predictive-planner-audit/view",
            &summit,
            Some(json!({ "id": first["id"] })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn bad_parameters_and_foreign_stores_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-3").await;
    let refused = |path: String, status: StatusCode| {
        let token = token.clone();
        let app = &app;
        async move {
            let response = app.request(Method::GET, &path, &token, None).await;
            assert_error(response, status).await
        }
    };
    let message = refused(
        format!("{FIVE_K}?store_id=1&plannerDate=31.02.2025&transfer=true"),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("plannerDate"), "{message}");
    refused(
        format!("{FIVE_K}?store_id=1&minDays=10&maxDays=1&transfer=true"),
        StatusCode::BAD_REQUEST,
    )
    .await;
    refused(
        "/api/future-service-interaction/run-future-prediction-for-mileage?mileage=12345"
            .to_owned(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    refused(format!("{FIVE_K}?store_id=999999"), StatusCode::NOT_FOUND).await;
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::GET,
            &format!("{FIVE_K}?store_id=1&transfer=true"),
            &summit,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    // A sales rep may look, not transfer.
    let rep = app.token_of("sales-rep").await;
    let path = format!(
        "{FIVE_K}?store_id=1&cust_no=PLAN-3&plannerDate={}",
        today_dd_mm_yyyy()
    );
    let preview = app.ok_json(Method::GET, &path, &rep, None).await;
    assert_eq!(preview["totalElements"], 1);
    let response = app
        .request(Method::GET, &format!("{path}&transfer=true"), &rep, None)
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    // The generic jobs call checks the stores too.
    let response = app
        .request(
            Method::POST,
            "/api/jobs",
            &summit,
            Some(json!({ "kind": "planner.transfer", "input": { "planner": "5K", "storeIds": [1], "plannerDate": "2025-01-01" } })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    assert!(app.leads_of_vehicle(fixture.due).await.is_empty());
}

#[tokio::test]
async fn the_mileage_route_takes_milestones_and_the_spec_choice_values() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    app.planner_fixture("PLAN-4").await;
    for mileage in [5_000, 4_000] {
        let path = format!(
            "/api/future-service-interaction/run-future-prediction-for-mileage?mileage={mileage}&store_id=1&cust_no=PLAN-4&plannerDate={}",
            today_dd_mm_yyyy()
        );
        let page = app.ok_json(Method::GET, &path, &token, None).await;
        assert_eq!(page["plannerName"], "5K");
        assert_eq!(page["totalElements"], 1);
    }
}

#[tokio::test]
async fn definitions_are_kept_per_store_scheduled_and_run_on_demand() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-5").await;
    const DEFINITIONS: &str = "/api/future-service-interaction/predictive-planner-definition";
    let created = app
        .ok_json(
            Method::POST,
            DEFINITIONS,
            &token,
            Some(json!({ "storeId": 1, "name": "Morning 5K", "planner": "5K", "minDays": 0, "maxDays": 30, "cron": "0 7 * * 1-5" })),
        )
        .await;
    assert_eq!(created["planner"], "5K");
    assert_eq!(created["serviceType"], "OIL_CHANGE");
    assert_eq!(created["cron"], "0 7 * * 1-5");
    assert!(created["nextRunAt"].is_string(), "{created}");
    let schedule_id = created["scheduleId"].as_i64().unwrap();
    let schedules = app
        .ok_json(
            Method::GET,
            "/api/data-sync/scheduler/api-name/1?storeIdFk=1",
            &token,
            None,
        )
        .await;
    let schedule = schedules
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == schedule_id)
        .expect("the definition's schedule");
    assert_eq!(schedule["jobKind"], "planner.transfer");
    assert_eq!(schedule["input"]["planner"], "5K");
    assert_eq!(schedule["input"]["storeIds"], json!([1]));
    assert_eq!(
        schedule["input"]["plannerDate"],
        Value::Null,
        "runs for the day it fires"
    );
    assert_eq!(schedule["timeZone"], created["timeZone"]);

    let all = app
        .ok_json(
            Method::POST,
            &format!("{DEFINITIONS}/all"),
            &token,
            Some(json!({})),
        )
        .await;
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .any(|d| d["id"] == created["id"])
    );

    // Run it now: the store's due vehicles become leads.
    let response = app
        .request(
            Method::POST,
            "/api/lisa/predictive-planner",
            &token,
            Some(json!({ "definitionId": created["id"] })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let detail = app
        .wait_until_final(&token, started["jobRun"]["id"].as_i64().unwrap())
        .await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    assert_eq!(app.leads_of_vehicle(fixture.due).await.len(), 1);

    // Unscheduled on update; the schedule goes.
    let updated = app
        .ok_json(
            Method::PUT,
            &format!("{DEFINITIONS}/{}", created["id"]),
            &token,
            Some(json!({ "storeId": 1, "name": "Morning 5K", "planner": "5K", "minDays": -5, "maxDays": 45 })),
        )
        .await;
    assert_eq!(updated["minDays"], -5);
    assert!(updated.get("scheduleId").is_none(), "{updated}");
    let schedules = app
        .ok_json(
            Method::GET,
            "/api/data-sync/scheduler/api-name/1",
            &token,
            None,
        )
        .await;
    assert!(
        !schedules
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == schedule_id)
    );

    // Bad definitions are refused whole, and nothing is stored.
    let before = app
        .ok_json(
            Method::POST,
            &format!("{DEFINITIONS}/all"),
            &token,
            Some(json!({})),
        )
        .await
        .as_array()
        .unwrap()
        .len();
    for (body, status) in [
        (
            json!({ "storeId": 1, "name": "x", "planner": "12K" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "storeId": 1, "name": "x", "planner": "5K", "cron": "every day" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "storeId": 1, "name": " ", "planner": "5K", "minDays": 9, "maxDays": 1 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "storeId": 999999, "name": "x", "planner": "5K" }),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let response = app
            .request(Method::POST, DEFINITIONS, &token, Some(body.clone()))
            .await;
        assert_error(response, status).await;
    }
    let after = app
        .ok_json(
            Method::POST,
            &format!("{DEFINITIONS}/all"),
            &token,
            Some(json!({})),
        )
        .await
        .as_array()
        .unwrap()
        .len();
    assert_eq!(before, after);
    let response = app
        .request(
            Method::POST,
            DEFINITIONS,
            &token,
            Some(json!({ "storeId": 1, "name": " ", "planner": "5K", "minDays": 9, "maxDays": 1 })),
        )
        .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"].as_array().unwrap().len(), 2, "{body}");

    // Other tenants and lesser roles cannot touch it.
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::DELETE,
            &format!("{DEFINITIONS}/{}", created["id"]),
            &summit,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let rep = app.token_of("sales-rep").await;
    let response = app
        .request(
            Method::DELETE,
            &format!("{DEFINITIONS}/{}", created["id"]),
            &rep,
            None,
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let deleted = app
        .ok_json(
            Method::DELETE,
            &format!("{DEFINITIONS}/{}", created["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(deleted["message"], "Successfully Deleted");
}

#[tokio::test]
async fn customer_vehicle_batches_are_uploaded_then_planned_like_any_planner() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-6").await;
    // A demo vehicle of store 1 its owner still has.
    let (demo_vehicle, demo_vin): (i64, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Vehicles::Id, Vehicles::Vin])
                .from(Vehicles::Table)
                .and_where(Expr::col(Vehicles::StoreId).eq(1))
                .and_where(Expr::col(Vehicles::NoLongerOwned).eq(false))
                .and_where(Expr::col(Vehicles::CustomerId).is_not_null())
                .order_by(Vehicles::Id, Order::Asc)
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    let upload = |csv: String, store: i64, token: String| {
        let part = reqwest::multipart::Part::bytes(csv.into_bytes()).file_name("cv leads.csv");
        let form = reqwest::multipart::Form::new().part("file", part);
        app.client
            .post(app.url(&format!(
                "/api/future-service-interaction/v2/import?store_id={store}"
            )))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(form)
            .send()
    };
    let csv = format!("VIN,Cust No\n,PLAN-6\n{demo_vin},\n1HGCM82633A004352,\n");
    let response = upload(csv.clone(), 1, token.clone()).await.unwrap();
    let status = response.status();
    let pending: Value = response.json().await.unwrap();
    // The file is kept and read by its import run.
    assert_eq!(status, StatusCode::ACCEPTED, "{pending}");
    assert_eq!(pending["status"], "PENDING");
    let run = app
        .wait_until_final(&token, pending["jobRunId"].as_i64().unwrap())
        .await;
    assert_eq!(run["run"]["status"], "succeeded", "{run}");
    assert_eq!(run["run"]["kind"], "cv-leads.import");
    let batches = app
        .ok_json(
            Method::GET,
            "/api/future-service-interaction/cv-leads-batchs?store_id=1",
            &token,
            None,
        )
        .await;
    let batch = batches["content"][0].clone();
    assert_eq!(batch["id"], pending["id"]);
    assert_eq!(batch["status"], "READY");
    assert_eq!(batch["rowCount"], 3);
    assert_eq!(batch["matchedRows"], 2, "the unknown VIN matches nothing");
    assert_eq!(batch["vehicleCount"], 4);
    assert_eq!(batch["fileName"], "cv leads.csv");
    let batches = app
        .ok_json(
            Method::GET,
            "/api/future-service-interaction/cv-leads-batchs?store_id=1",
            &token,
            None,
        )
        .await;
    assert_eq!(batches["totalElements"], 1);
    assert_eq!(batches["content"][0]["id"], batch["id"]);

    let path = format!(
        "/api/future-service-interaction/run-future-prediction-for-cv-leads?batchId={}&plannerDate={}",
        batch["id"],
        today_dd_mm_yyyy()
    );
    let preview = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(preview["plannerName"], "CV leads");
    assert_eq!(preview["totalElements"], 3, "{preview}");
    let mut vehicles: Vec<i64> = preview["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["vehicleId"].as_i64().unwrap())
        .collect();
    vehicles.sort_unstable();
    let mut expected = vec![fixture.due, fixture.serviced, demo_vehicle];
    expected.sort_unstable();
    assert_eq!(vehicles, expected);
    assert!(
        preview["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["serviceType"] == "CV_LEAD_SMT_1"
                && c["dueDate"] == Utc::now().date_naive().to_string())
    );

    let result = app.transfer(&token, &format!("{path}&transfer=true")).await;
    assert_eq!(result["created"], 3);
    assert_eq!(result["excluded"]["NO_LONGER_OWNED"], 1);
    assert_eq!(
        app.leads_of_vehicle(fixture.due).await[0].1,
        "CV_LEAD_SMT_1"
    );
    let again = app.transfer(&token, &format!("{path}&transfer=true")).await;
    assert_eq!(again["message"], "No Records.");

    // A bad row fails the whole batch, every row listed; it holds no vehicles and plans nothing.
    let response = upload(
        "vin,cust_no,name\nnot-a-vin,,\n,,Bob\n1HGCM82633A004352,,\n".to_owned(),
        1,
        token.clone(),
    )
    .await
    .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let refused: Value = response.json().await.unwrap();
    let run = app
        .wait_until_final(&token, refused["jobRunId"].as_i64().unwrap())
        .await;
    assert_eq!(run["run"]["status"], "failed", "{run}");
    let error = run["run"]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("Row 2: \"not-a-vin\" is not a 17-character VIN"),
        "{run}"
    );
    assert!(
        error.contains("Row 3: a vin or a cust_no is required"),
        "{run}"
    );
    let batches = app
        .ok_json(
            Method::GET,
            "/api/future-service-interaction/cv-leads-batchs",
            &token,
            None,
        )
        .await;
    assert_eq!(batches["totalElements"], 2);
    assert_eq!(batches["content"][0]["status"], "FAILED");
    assert_eq!(batches["content"][0]["vehicleCount"], 0);
    let failed_path = format!(
        "/api/future-service-interaction/run-future-prediction-for-cv-leads?batchId={}",
        refused["id"]
    );
    let response = app.request(Method::GET, &failed_path, &token, None).await;
    assert!(
        assert_error(response, StatusCode::BAD_REQUEST)
            .await
            .contains("Row 2")
    );
    // A file that is no CSV of vehicles is refused at once, and nothing is kept.
    for bad in ["name\nBob\n".as_bytes(), &[0xff, 0xfe, 0x00]] {
        let response = upload(String::from_utf8_lossy(bad).into_owned(), 1, token.clone())
            .await
            .unwrap();
        assert_error(response, StatusCode::BAD_REQUEST).await;
    }
    let batches = app
        .ok_json(
            Method::GET,
            "/api/future-service-interaction/cv-leads-batchs",
            &token,
            None,
        )
        .await;
    assert_eq!(batches["totalElements"], 2);
    // Other tenants and roles.
    let summit = app.token_of("summit-admin").await;
    let response = upload(csv.clone(), 1, summit.clone()).await.unwrap();
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app.request(Method::GET, &path, &summit, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let rep = app.token_of("sales-rep").await;
    let response = upload(csv, 1, rep).await.unwrap();
    assert_error(response, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn a_transfer_resumed_after_its_worker_died_counts_the_leads_its_first_attempt_made() {
    use engine::planner::{DayRange, Planner};
    use engine::store::PageRequest;
    use engine::store::planners::{PlannerRequest, PlannerStore};

    let app = spawn_app().await;
    let planners = PlannerStore::new(app.db.clone());
    // Every demo vehicle of store 1 whose 10K falls within ten years either side.
    let request = PlannerRequest {
        planner: Planner::Mileage(10_000),
        enterprise_id: 1,
        store_ids: vec![1],
        planner_date: Utc::now().date_naive(),
        days: DayRange::new(Some(-3650), Some(3650)).unwrap(),
        customer_number: None,
        sold_on: None,
        hard_run: false,
        vehicle_batch: None,
    };
    let run = 424_242;
    let due = planners
        .preview(&request, PageRequest::new(None, Some(500)).unwrap())
        .await
        .unwrap();
    assert!(due.content.len() > 4, "{}", due.content.len());
    // The first attempt wrote half of them, then its worker was killed.
    let half = due.content.len() / 2;
    let written = planners
        .create_leads(request.planner, Some(run), &due.content[..half], Utc::now())
        .await
        .unwrap();
    assert_eq!(written, half as u64);

    // The retried attempt starts over and counts what the run made across both attempts.
    let mut transfer = planners.transfer(&request, Some(run)).await.unwrap();
    while transfer.step(Utc::now()).await.unwrap() {}
    let totals = transfer.totals();
    assert_eq!(totals.candidates, due.content.len() as i64);
    assert_eq!(totals.created, due.content.len() as i64, "{totals:?}");
    assert_eq!(totals.excluded.get("LEAD_EXISTS"), None, "{totals:?}");
    assert_eq!(
        totals.created_by_store["1"]["OIL_CHANGE_10K"],
        due.content.len() as i64
    );
    let of_run: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(sea_query::Asterisk).count())
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::JobRunId).eq(run))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(of_run, due.content.len() as i64, "each lead written once");

    // Another run finds them all there already.
    let mut again = planners.transfer(&request, Some(run + 1)).await.unwrap();
    while again.step(Utc::now()).await.unwrap() {}
    assert_eq!(again.totals().created, 0);
    assert_eq!(
        again.totals().excluded.get("LEAD_EXISTS"),
        Some(&(due.content.len() as i64))
    );
}

/// Virtual service and mileage records (issue 38, H-C29): a 5K done at another shop, recorded
/// by a manager, takes the vehicle off the 5K planner as a repair order would, and deleting it
/// puts it back; a recorded odometer reading makes the mileage projection its history. Only
/// managers record; bad records are refused whole.
#[tokio::test]
async fn a_virtual_service_record_counts_as_a_visit_and_a_reading_as_an_odometer() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let fixture = app.planner_fixture("PLAN-V").await;
    let today = Utc::now().date_naive();
    let preview = format!(
        "{FIVE_K}?store_id=1&cust_no=PLAN-V&plannerDate={}&minDays=0&maxDays=30",
        today_dd_mm_yyyy()
    );
    let due = |page: &Value| {
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["vehicleId"] == fixture.due)
            .cloned()
    };
    let page = app.ok_json(Method::GET, &preview, &admin, None).await;
    assert!(due(&page).is_some(), "{page}");

    let service = json!({
        "vehicleId": fixture.due,
        "serviceDate": (today - Duration::days(10)).to_string(),
        "mileage": 4_500,
        "description": "5K at another shop",
    });
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(
            Method::POST,
            "/api/virtual-service-record",
            &rep,
            Some(service.clone()),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let bad = app
        .request(
            Method::POST,
            "/api/virtual-service-record",
            &admin,
            Some(json!({
                "vehicleId": fixture.due,
                "serviceDate": (today + Duration::days(3)).to_string(),
                "mileage": -1,
                "description": "   ",
            })),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["errors"].as_array().unwrap().len(), 3, "{bad}");
    let created = app
        .ok_json(
            Method::POST,
            "/api/virtual-service-record",
            &admin,
            Some(service),
        )
        .await;
    let record = created["id"].as_i64().unwrap();
    let page = app.ok_json(Method::GET, &preview, &admin, None).await;
    assert!(due(&page).is_none(), "serviced elsewhere: {page}");
    let listed = app
        .ok_json(
            Method::GET,
            &format!("/api/virtual-service-record?vehicleId={}", fixture.due),
            &admin,
            None,
        )
        .await;
    assert_eq!(listed["totalElements"], 1, "{listed}");
    assert_eq!(listed["content"][0]["description"], "5K at another shop");
    assert_eq!(listed["content"][0]["customerName"], "Paula Planner");
    app.ok_json(
        Method::DELETE,
        &format!("/api/virtual-service-record/{record}"),
        &admin,
        None,
    )
    .await;
    let page = app.ok_json(Method::GET, &preview, &admin, None).await;
    assert_eq!(
        due(&page).unwrap()["mileageBasis"],
        "SINCE_DELIVERY",
        "{page}"
    );
    // Both changes are in the audit log, with what the record held.
    let audit = app
        .ok_json(Method::GET, "/api/enterprise/1/audit?size=50", &admin, None)
        .await;
    let record_id = record.to_string();
    let entries: Vec<&Value> = audit["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["entity"] == "virtual_service_record" && e["entityId"] == record_id)
        .collect();
    let actions: Vec<&str> = entries
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["DELETE", "CREATE"], "{audit}");
    assert_eq!(entries[0]["detail"]["before"]["text"], "5K at another shop");
    assert_eq!(entries[1]["detail"]["after"]["mileage"], 4_500);

    // A reading five days ago, 35 days after the repair order's: the rate is the history's.
    app.ok_json(
        Method::POST,
        "/api/virtual-mileage-record",
        &admin,
        Some(json!({
            "vehicleId": fixture.due,
            "readingDate": (today - Duration::days(5)).to_string(),
            "mileage": 4_700,
        })),
    )
    .await;
    let page = app.ok_json(Method::GET, &preview, &admin, None).await;
    assert_eq!(due(&page).unwrap()["mileageBasis"], "HISTORY", "{page}");
    // A reading needs its mileage; another tenant's vehicle is not found.
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.request(
            Method::POST,
            "/api/virtual-mileage-record",
            &summit,
            Some(json!({
                "vehicleId": fixture.due,
                "readingDate": today.to_string(),
                "mileage": 10,
            })),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}
