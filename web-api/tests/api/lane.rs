//! The service-lane board: every lane call on both hosts' paths over a world of repair orders
//! made by hand in store 1, the moves (allowed, refused, stale, by role), the push of a move to
//! the dealer system, the realtime event to other users, and tenancy.

use std::time::Duration;

use chrono::{NaiveDate, Utc};
use engine::store::schema::{
    Advisors, Customers, FutureServiceInteractions as Fsi, RepairOrderLines, RepairOrders,
    ServiceVehicles, Stores,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

/// The orders made for a test, by name.
struct World {
    boc: i64,
    /// Checked in three days ago, advisor T-901, its lead has 3 unread messages.
    waiting: i64,
    /// Working since today, advisor T-902.
    working: i64,
    /// On hold, advisor T-901.
    on_hold: i64,
    /// Ready to post, advisor T-902.
    ready: i64,
    /// Closed on 2026-11-20 by T-901 (its lead has written in) and by T-902.
    closed_901: i64,
    closed_902: i64,
    lead: i64,
}

const CLOSED_DAY: &str = "2026-11-20";

impl TestApp {
    async fn lane_world(&self) -> World {
        let now = Utc::now();
        let today = now.date_naive();
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
        let (customer, vehicle): (i64, i64) = self
            .db
            .fetch_optional(
                &Query::select()
                    .column((ServiceVehicles::Table, ServiceVehicles::CustomerId))
                    .column((ServiceVehicles::Table, ServiceVehicles::Id))
                    .from(ServiceVehicles::Table)
                    .and_where(Expr::col(ServiceVehicles::StoreId).eq(1))
                    .order_by(ServiceVehicles::Id, sea_query::Order::Asc)
                    .limit(1)
                    .to_owned(),
            )
            .await
            .unwrap()
            .expect("a vehicle in store 1");
        let mut advisors = Vec::new();
        for (number, first, last) in [("T-901", "Zora", "Quill"), ("T-902", "Abe", "Rowe")] {
            advisors.push(
                self.db
                    .fetch_scalar::<i64>(
                        &Query::insert()
                            .into_table(Advisors::Table)
                            .columns([
                                Advisors::EnterpriseId,
                                Advisors::StoreId,
                                Advisors::AdvisorNo,
                                Advisors::FirstName,
                                Advisors::LastName,
                                Advisors::CreatedAt,
                            ])
                            .values_panic([
                                1.into(),
                                1.into(),
                                number.into(),
                                first.into(),
                                last.into(),
                                now.into(),
                            ])
                            .returning_col(Advisors::Id)
                            .to_owned(),
                    )
                    .await
                    .unwrap(),
            );
        }
        let order = |number: &str,
                     status: &str,
                     advisor: i64,
                     opened: NaiveDate,
                     closed: Option<NaiveDate>| {
            Query::insert()
                .into_table(RepairOrders::Table)
                .columns([
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
                    RepairOrders::TotalAmount,
                    RepairOrders::CreatedAt,
                    RepairOrders::UpdatedAt,
                ])
                .values_panic([
                    1.into(),
                    1.into(),
                    customer.into(),
                    vehicle.into(),
                    advisor.into(),
                    number.into(),
                    status.into(),
                    opened.into(),
                    closed.into(),
                    41_234.into(),
                    189.9.into(),
                    now.into(),
                    now.into(),
                ])
                .returning_col(RepairOrders::Id)
                .to_owned()
        };
        let closed_day: NaiveDate = CLOSED_DAY.parse().unwrap();
        let mut ids = Vec::new();
        for (number, status, advisor, opened, closed) in [
            (
                "LANE-1",
                "UNASSIGNED",
                advisors[0],
                today - chrono::Duration::days(3),
                None,
            ),
            ("LANE-2", "ASSIGNED", advisors[1], today, None),
            (
                "LANE-3",
                "HOLD",
                advisors[0],
                today - chrono::Duration::days(1),
                None,
            ),
            (
                "LANE-4",
                "BOOKED",
                advisors[1],
                today - chrono::Duration::days(1),
                None,
            ),
            (
                "LANE-5",
                "CLOSED",
                advisors[0],
                closed_day,
                Some(closed_day),
            ),
            (
                "LANE-6",
                "CLOSED",
                advisors[1],
                closed_day,
                Some(closed_day),
            ),
        ] {
            let id: i64 = self
                .db
                .fetch_scalar(&order(number, status, advisor, opened, closed))
                .await
                .unwrap();
            ids.push(id);
        }
        for (op_code, description, amount) in [
            ("LOF", "Lube oil and filter", 59.95),
            ("TIRES", "Tire rotation", 29.95),
        ] {
            self.db
                .execute(
                    &Query::insert()
                        .into_table(RepairOrderLines::Table)
                        .columns([
                            RepairOrderLines::RepairOrderId,
                            RepairOrderLines::OpCode,
                            RepairOrderLines::Description,
                            RepairOrderLines::Quantity,
                            RepairOrderLines::Amount,
                            RepairOrderLines::Declined,
                        ])
                        .values_panic([
                            ids[0].into(),
                            op_code.into(),
                            description.into(),
                            1.0.into(),
                            amount.into(),
                            false.into(),
                        ])
                        .to_owned(),
                )
                .await
                .unwrap();
        }
        // Two leads of store 1 belong to the visits: one with unread messages, one that wrote in.
        let leads: Vec<(i64,)> = self
            .db
            .fetch_all(
                &Query::select()
                    .column(Fsi::Id)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::StoreId).eq(1))
                    .order_by(Fsi::Id, sea_query::Order::Asc)
                    .limit(2)
                    .to_owned(),
            )
            .await
            .unwrap();
        self.db
            .execute(
                &Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::OpenRoId, ids[0])
                    .value(Fsi::TotalUnreadCount, 3)
                    .and_where(Expr::col(Fsi::Id).eq(leads[0].0))
                    .to_owned(),
            )
            .await
            .unwrap();
        self.db
            .execute(
                &Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::OpenRoId, ids[4])
                    .value(Fsi::TotalUnreadCount, 0)
                    .value(Fsi::LastMessageReceivedAt, now)
                    .and_where(Expr::col(Fsi::Id).eq(leads[1].0))
                    .to_owned(),
            )
            .await
            .unwrap();
        // The test's customer is named so the cards can be checked.
        self.db
            .execute(
                &Query::update()
                    .table(Customers::Table)
                    .value(Customers::FirstName, "Ines")
                    .value(Customers::LastName, "Lanewood")
                    .and_where(Expr::col(Customers::Id).eq(customer))
                    .to_owned(),
            )
            .await
            .unwrap();
        World {
            boc,
            waiting: ids[0],
            working: ids[1],
            on_hold: ids[2],
            ready: ids[3],
            closed_901: ids[4],
            closed_902: ids[5],
            lead: leads[0].0,
        }
    }

    async fn lane_json(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> Value {
        self.ok_json(method, path, token, body).await
    }

    async fn move_card(&self, token: &str, id: i64, body: Value) -> reqwest::Response {
        self.request(
            Method::PUT,
            &format!("/api/service-lane/repair-orders/{id}/status"),
            token,
            Some(body),
        )
        .await
    }
}

/// The ids of the test's own orders (RO numbers LANE-…) in a card list, in order.
fn lane_ids(cards: &Value) -> Vec<i64> {
    cards
        .as_array()
        .expect("a list of cards")
        .iter()
        .filter(|c| c["roNumber"].as_str().unwrap().starts_with("LANE-"))
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn the_lanes_come_in_the_spec_order_with_their_moves_and_the_callers_rights() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let info = app
        .lane_json(Method::GET, "/api/service-lane/lanes", &admin, None)
        .await;
    let titles: Vec<&str> = info["lanes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Appointments",
            "Checked In",
            "Technician Assigned",
            "Working",
            "Vehicle on Hold",
            "Pre Invoiced",
            "Ready To Post",
            "Closed ROs"
        ]
    );
    assert_eq!(info["lanes"][0]["code"], "Appt");
    assert_eq!(info["lanes"][4]["stateKey"], "vehicleDisabled");
    assert_eq!(info["lanes"][6]["movesTo"], json!(["COMPLETE", "CLOSED"]));
    assert_eq!(info["lanes"][7]["movesTo"], json!([]));
    assert_eq!(
        (info["canMove"].clone(), info["seesDelayColor"].clone()),
        (json!(true), json!(true))
    );
    let rep = app.token_of("sales-rep").await;
    let info = app
        .lane_json(Method::GET, "/api/service-lane/lanes", &rep, None)
        .await;
    assert_eq!(
        (info["canMove"].clone(), info["seesDelayColor"].clone()),
        (json!(false), json!(false))
    );
}

#[tokio::test]
async fn open_orders_by_status_and_advisor_answer_the_same_on_both_hosts() {
    let app = spawn_app().await;
    let world = app.lane_world().await;
    let admin = app.token_of("enterprise-admin").await;

    let lane_host = app
        .lane_json(
            Method::POST,
            "/api/getOpenRoBtStoreId",
            &admin,
            Some(json!({"statusCode": ["UNASSIGNED", "ASSIGNED", "HOLD"], "storeId": 1, "advisorNo": "T-901"})),
        )
        .await;
    // T-901's open orders in those lanes, the longest waiting first.
    assert_eq!(lane_ids(&lane_host), [world.waiting, world.on_hold]);
    let card = &lane_host[0];
    assert_eq!(card["statusCode"], "UNASSIGNED");
    assert_eq!(card["lane"], "checkedIn");
    assert_eq!(card["daysDiff"], 3);
    assert_eq!(card["customer"]["firstName"], "Ines");
    assert_eq!(card["customer"]["lastName"], "Lanewood");
    assert_eq!(card["customer"]["recordSource"], "DMS");
    assert!(card["vehicle"]["make"].is_string());
    assert_eq!(card["vehicle"]["mileage"], 41_234);
    assert_eq!(card["advisor"]["firstName"], "Zora");
    assert_eq!(card["advisor"]["advisorNo"], "T-901");
    assert_eq!(card["unreadCount"], 3);
    assert_eq!(card["fsiId"], world.lead);
    // Open three days: red, for a manager.
    assert_eq!(card["delayColorCode"], "RED");
    assert_eq!(lane_host[1]["delayColorCode"], "AMBER");

    let main_api = app
        .lane_json(
            Method::GET,
            "/api/future-service-interaction/openro/search-by-status?store_id_pk=1&statusCode=UNASSIGNED,ASSIGNED,HOLD&advisorNo=T-901",
            &admin,
            None,
        )
        .await;
    assert_eq!(main_api, lane_host);

    // ALL (the default) is every advisor; a sales rep sees no delay colour.
    let rep = app.token_of("sales-rep").await;
    let everyone = app
        .lane_json(
            Method::POST,
            "/api/getOpenRoBtStoreId",
            &rep,
            Some(json!({"statusCode": ["UNASSIGNED", "ASSIGNED", "HOLD", "BOOKED"], "storeId": 1, "advisorNo": "ALL"})),
        )
        .await;
    assert_eq!(
        lane_ids(&everyone),
        [world.waiting, world.on_hold, world.ready, world.working]
    );
    assert!(
        everyone
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.get("delayColorCode").is_none())
    );

    for (body, status) in [
        (
            json!({"statusCode": ["PARKED"], "storeId": 1}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"statusCode": ["CLOSED"], "storeId": 1}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"statusCode": [], "storeId": 1}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"statusCode": "UNASSIGNED", "storeId": 1}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"statusCode": ["UNASSIGNED"], "storeId": 999_999}),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let response = app
            .request(
                Method::POST,
                "/api/getOpenRoBtStoreId",
                &admin,
                Some(body.clone()),
            )
            .await;
        assert_error(response, status).await;
    }
    let unknown = app
        .get(
            "/api/future-service-interaction/openro/search-by-status?store_id_pk=1&statusCode=PARKED",
            Some(&admin),
        )
        .await;
    let message = assert_error(unknown, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("PARKED"), "{message}");
}

#[tokio::test]
async fn closed_orders_by_day_and_advisor_or_all_and_by_date_range_and_query() {
    let app = spawn_app().await;
    let world = app.lane_world().await;
    let admin = app.token_of("enterprise-admin").await;
    let all = app
        .lane_json(
            Method::GET,
            &format!("/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/{CLOSED_DAY}/ALL"),
            &admin,
            None,
        )
        .await;
    let mut closed = lane_ids(&all);
    closed.sort();
    assert_eq!(closed, [world.closed_901, world.closed_902]);
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .all(|c| c["statusCode"] == "CLOSED"
                && c["lane"] == "closedRos"
                && c["closedDate"] == CLOSED_DAY
                && c.get("delayColorCode").is_none())
    );
    let one = app
        .lane_json(
            Method::GET,
            &format!("/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/{CLOSED_DAY}/T-901"),
            &admin,
            None,
        )
        .await;
    assert_eq!(lane_ids(&one), [world.closed_901]);

    let main_api = app
        .lane_json(
            Method::GET,
            &format!("/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate={CLOSED_DAY}&endDate={CLOSED_DAY}"),
            &admin,
            None,
        )
        .await;
    assert_eq!(main_api, all);
    // Only those whose customer wrote in.
    let wrote_in = app
        .lane_json(
            Method::GET,
            &format!("/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate={CLOSED_DAY}&endDate={CLOSED_DAY}&lastMessageReceived=true"),
            &admin,
            None,
        )
        .await;
    assert_eq!(lane_ids(&wrote_in), [world.closed_901]);

    let searched = app
        .lane_json(
            Method::POST,
            &format!("/api/boc/{}/store/1/service-closed/search-by-close-date-and-query/advisor?size=1", world.boc),
            &admin,
            Some(json!({"startDate": "2026-11-01", "endDate": "2026-11-30", "query": "lane-", "advisorNo": "ALL"})),
        )
        .await;
    assert_eq!(searched["totalElements"], 2);
    assert_eq!(searched["size"], 1);
    assert_eq!(searched["content"].as_array().unwrap().len(), 1);
    let by_advisor = app
        .lane_json(
            Method::POST,
            &format!(
                "/api/boc/{}/store/1/service-closed/search-by-close-date-and-query/advisor",
                world.boc
            ),
            &admin,
            Some(json!({"startDate": CLOSED_DAY, "query": "LANE-6", "advisorNo": "T-902"})),
        )
        .await;
    assert_eq!(lane_ids(&by_advisor["content"]), [world.closed_902]);

    for path in [
        "/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/20-11-2026x/ALL".to_owned(),
        "/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate=2026-11-20&endDate=2026-11-19".to_owned(),
        "/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate=2026-01-01&endDate=2026-11-19".to_owned(),
    ] {
        assert_error(app.get(&path, Some(&admin)).await, StatusCode::BAD_REQUEST).await;
    }
    // Another dealer's path for the store is not found.
    let response = app
        .request(
            Method::POST,
            &format!(
                "/api/boc/{}/store/1/service-closed/search-by-close-date-and-query/advisor",
                world.boc + 1000
            ),
            &admin,
            Some(json!({})),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn advisors_and_an_orders_detail_on_both_hosts() {
    let app = spawn_app().await;
    let world = app.lane_world().await;
    let admin = app.token_of("enterprise-admin").await;
    let lane_host = app
        .lane_json(Method::GET, "/api/getAdivsorByStore/1", &admin, None)
        .await;
    let main_api = app
        .lane_json(
            Method::GET,
            &format!("/api/service-open/boc/{}/store/1/advisor", world.boc),
            &admin,
            None,
        )
        .await;
    assert_eq!(lane_host, main_api);
    let zora = lane_host
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["advisorNo"] == "T-901")
        .expect("the test's advisor");
    assert_eq!(
        (zora["firstName"].as_str(), zora["openCount"].as_i64()),
        (Some("Zora"), Some(2))
    );

    let bridge = app
        .lane_json(
            Method::GET,
            &format!("/bridge/api/getOpenServiceOrderDetail/{}", world.waiting),
            &admin,
            None,
        )
        .await;
    let detail = app
        .lane_json(
            Method::GET,
            &format!(
                "/api/service-open/boc/{}/store/1/getOpenRo/{}",
                world.boc, world.waiting
            ),
            &admin,
            None,
        )
        .await;
    assert_eq!(bridge, detail);
    assert_eq!(detail["roNumber"], "LANE-1");
    assert_eq!(detail["lines"][0]["opCode"], "LOF");
    assert_eq!(detail["lines"][1]["amount"], 29.95);
    assert_eq!(
        detail["allowedMoves"],
        json!(["PREASSIGNED", "ASSIGNED", "HOLD"])
    );
    assert_eq!(detail["moves"], json!([]));
    assert_eq!(detail["fsiId"], world.lead);

    // The order under another store's path, and an unknown order, are not found.
    for path in [
        format!(
            "/api/service-open/boc/{}/store/2/getOpenRo/{}",
            world.boc, world.waiting
        ),
        "/bridge/api/getOpenServiceOrderDetail/999999".to_owned(),
        format!("/api/service-open/boc/{}/store/1/advisor", world.boc + 1000),
    ] {
        assert_error(app.get(&path, Some(&admin)).await, StatusCode::NOT_FOUND).await;
    }
    // Another enterprise's admin reaches none of it.
    let stranger = app.token_of("summit-admin").await;
    for path in [
        format!("/bridge/api/getOpenServiceOrderDetail/{}", world.waiting),
        "/api/getAdivsorByStore/1".to_owned(),
        format!("/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/{CLOSED_DAY}/ALL"),
    ] {
        assert_error(app.get(&path, Some(&stranger)).await, StatusCode::NOT_FOUND).await;
    }
    let stores = app
        .lane_json(Method::GET, "/api/getAllStores", &stranger, None)
        .await;
    assert!(stores.as_array().unwrap().iter().all(|s| s["id"] != 1));
    let own = app
        .lane_json(Method::GET, "/api/getAllStores", &admin, None)
        .await;
    assert!(own.as_array().unwrap().iter().any(|s| s["id"] == 1));
}

#[tokio::test]
async fn a_move_is_stored_pushed_and_published_and_refused_moves_change_nothing() {
    let app = spawn_app().await;
    let world = app.lane_world().await;
    let admin = app.token_of("enterprise-admin").await;
    // Another user's board, open on the stream.
    let watcher = app.token_of("office-manager").await;
    let mut events = app.open_events(&watcher).await;

    let response = app
        .move_card(
            &admin,
            world.waiting,
            json!({"statusCode": "PREASSIGNED", "fromStatusCode": "UNASSIGNED"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let moved: Value = response.json().await.unwrap();
    assert_eq!(moved["statusCode"], "PREASSIGNED");
    assert_eq!(moved["lane"], "techAssignedRecords");
    assert_eq!(moved["moves"][0]["fromStatus"], "UNASSIGNED");
    assert_eq!(moved["moves"][0]["toStatus"], "PREASSIGNED");
    assert_eq!(moved["moves"][0]["movedByName"], "enterprise-admin");
    assert!(moved["statusMovedAt"].is_string());

    let event = events
        .wait_for("lane", Duration::from_secs(10), |e| {
            e["repairOrder"]["id"] == world.waiting
        })
        .await
        .expect("the move reaches the other user's board");
    assert_eq!(event["type"], "repairOrder.moved");
    assert_eq!(event["repairOrder"]["statusCode"], "PREASSIGNED");

    // Store 1 has no feed to its dealer system: the push says so.
    let pushed = app.wait_for_push(&admin, world.waiting).await;
    assert_eq!(pushed["moves"][0]["dmsStatus"], "NOT_CONNECTED");

    // The status does not allow it: named lanes, nothing changes.
    let message = assert_error(
        app.move_card(&admin, world.waiting, json!({"statusCode": "CLOSED"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        message.contains("Technician Assigned") && message.contains("Closed ROs"),
        "{message}"
    );
    // Moved since the mover looked: a conflict.
    let message = assert_error(
        app.move_card(
            &admin,
            world.waiting,
            json!({"statusCode": "ASSIGNED", "fromStatusCode": "UNASSIGNED"}),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(message.contains("Technician Assigned"), "{message}");
    // A closed order stays closed; unknown statuses and orders are refused.
    assert_error(
        app.move_card(&admin, world.closed_901, json!({"statusCode": "BOOKED"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_error(
        app.move_card(&admin, world.waiting, json!({"statusCode": "PARKED"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_error(
        app.move_card(&admin, 999_999, json!({"statusCode": "HOLD"}))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    // A sales rep reads the board but does not move cards; another enterprise finds nothing.
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.move_card(&rep, world.working, json!({"statusCode": "HOLD"}))
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let stranger = app.token_of("summit-admin").await;
    assert_error(
        app.move_card(&stranger, world.working, json!({"statusCode": "HOLD"}))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let after = app.lane_detail(&admin, world.waiting).await;
    assert_eq!(after["statusCode"], "PREASSIGNED");
    assert_eq!(after["moves"].as_array().unwrap().len(), 1);
    assert_eq!(
        app.lane_detail(&admin, world.working).await["statusCode"],
        "ASSIGNED"
    );

    // Ready to post, then posted: closing dates the order today (the store's day).
    let closed = app
        .lane_json(
            Method::PUT,
            &format!("/api/service-lane/repair-orders/{}/status", world.ready),
            &admin,
            Some(json!({"statusCode": "CLOSED"})),
        )
        .await;
    assert_eq!(closed["lane"], "closedRos");
    assert!(closed["closedDate"].is_string());
    assert_eq!(closed["allowedMoves"], json!([]));
}

#[tokio::test]
async fn a_move_reaches_the_stores_dealer_system_feed() {
    let app = spawn_app().await;
    let world = app.lane_world().await;
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .post_json(
            "/api/data-sync/datasource-configuration",
            &admin,
            &json!({"storeIdFk": 1, "name": "Lane feed", "sourceKind": "FILE_DROP"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let source: Value = response.json().await.unwrap();
    let directory = std::path::PathBuf::from(source["directory"].as_str().unwrap());

    app.lane_json(
        Method::PUT,
        &format!("/api/service-lane/repair-orders/{}/status", world.on_hold),
        &admin,
        Some(json!({"statusCode": "ASSIGNED", "fromStatusCode": "HOLD"})),
    )
    .await;
    let pushed = app.wait_for_push(&admin, world.on_hold).await;
    assert_eq!(pushed["moves"][0]["dmsStatus"], "PUSHED", "{pushed}");
    let folder = directory.join(engine::lane::push::OUTBOUND_FOLDER);
    let records: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    let record: Value = serde_json::from_slice(&std::fs::read(&records[0]).unwrap()).unwrap();
    assert_eq!(record["roNumber"], "LANE-3");
    assert_eq!(
        (record["previousStatus"].as_str(), record["status"].as_str()),
        (Some("HOLD"), Some("ASSIGNED"))
    );
    assert_eq!(record["advisorNumber"], "T-901");
    assert_eq!(record["movedBy"], "enterprise-admin");
    // What the simulated dealer system will read back.
    let known = engine::lane::push::pushed_moves(&directory);
    assert_eq!(known["LANE-3"].0, engine::lane::RoStatus::Assigned);
}

impl TestApp {
    async fn lane_detail(&self, token: &str, id: i64) -> Value {
        self.lane_json(
            Method::GET,
            &format!("/bridge/api/getOpenServiceOrderDetail/{id}"),
            token,
            None,
        )
        .await
    }

    /// An order's detail once its newest move's push has finished.
    async fn wait_for_push(&self, token: &str, id: i64) -> Value {
        for _ in 0..200 {
            let detail = self.lane_detail(token, id).await;
            if detail["moves"][0]["dmsStatus"] != "PENDING" {
                return detail;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the push of order {id}'s move did not finish");
    }
}
