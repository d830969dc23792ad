//! Automated runs by time zone: stores grouped by zone with their allowed hours, whether the
//! window is open, the texts held for it and the follow-up steps due; tenancy and scope.

use chrono::{Duration, Utc};
use engine::store::schema::{FutureServiceInteractions as Fsi, Stores};
use reqwest::StatusCode;
use sea_query::{Expr, ExprTrait, Query};
use serde_json::Value;

use crate::helpers::{assert_error, spawn_app};

const ZONES: &str = "/api/store/brands-timezone";

fn store_of(zones: &Value, store_id: i64) -> (Value, Value) {
    for zone in zones.as_array().unwrap() {
        for brand in zone["brands"].as_array().unwrap() {
            if brand["storeId"] == store_id {
                return (zone.clone(), brand.clone());
            }
        }
    }
    panic!("store {store_id} not listed: {zones}")
}

#[tokio::test]
async fn stores_are_grouped_by_zone_with_their_window_and_what_waits_for_it() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let zones: Value = app.get(ZONES, Some(&admin)).await.json().await.unwrap();
    let zones = zones.as_array().unwrap().clone();
    assert!(!zones.is_empty());
    // East first: each zone's offset is at least the next one's.
    let offset = |zone: &Value| {
        let text = zone["zone"].as_str().unwrap();
        let sign = if text.as_bytes()[3] == b'-' { -1 } else { 1 };
        sign * (text[4..6].parse::<i32>().unwrap() * 60 + text[7..9].parse::<i32>().unwrap())
    };
    for pair in zones.windows(2) {
        assert!(offset(&pair[0]) >= offset(&pair[1]), "{zones:?}");
    }
    let mut listed: Vec<i64> = zones
        .iter()
        .flat_map(|z| z["brands"].as_array().unwrap().clone())
        .map(|b| b["storeId"].as_i64().unwrap())
        .collect();
    let count = listed.len();
    listed.sort_unstable();
    listed.dedup();
    assert_eq!(listed.len(), count, "each store once");

    // Store 1 closed now: an opening text waits for the window, and the view says so.
    app.open_store_hours(false).await;
    let (lead, _) = app.reachable_leads(1).await[0];
    app.open_store_hours(false).await;
    let started = app
        .get(
            &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
            Some(&admin),
        )
        .await;
    assert_eq!(started.status(), StatusCode::OK);
    let zones: Value = app.get(ZONES, Some(&admin)).await.json().await.unwrap();
    let (zone, store) = store_of(&zones, 1);
    assert!(zone["timeZone"].as_str().unwrap().contains('/'), "{zone}");
    assert_eq!(store["openNow"], false, "{store}");
    assert!(store["nextOpening"].is_string(), "{store}");
    assert!(store["deferredTexts"].as_i64().unwrap() >= 1, "{store}");
    assert!(store["nextDeferredAt"].is_string(), "{store}");
    let waiting_before = store["followUpsWaiting"].as_i64().unwrap();
    let due_before = store["followUpsDue"].as_i64().unwrap();

    // The lead's first follow-up step comes due: counted as due, not waiting.
    let update = Query::update()
        .table(Fsi::Table)
        .value(Fsi::FollowUpAt, Utc::now() - Duration::hours(1))
        .and_where(Expr::col(Fsi::Id).eq(lead))
        .to_owned();
    app.db.execute(&update).await.unwrap();
    app.open_store_hours(true).await;
    let zones: Value = app.get(ZONES, Some(&admin)).await.json().await.unwrap();
    let (_, store) = store_of(&zones, 1);
    assert_eq!(store["openNow"], true, "{store}");
    assert!(store.get("nextOpening").is_none(), "{store}");
    assert_eq!(store["followUpsDue"].as_i64().unwrap(), due_before + 1);
    assert_eq!(
        store["followUpsWaiting"].as_i64().unwrap(),
        waiting_before - 1
    );

    let one: Value = app
        .get("/api/store/brand-timezone?storeId=1", Some(&admin))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["brands"].as_array().unwrap().len(), 1);
    assert_eq!(one["brands"][0]["storeId"], 1);
}

#[tokio::test]
async fn each_user_sees_the_stores_of_their_scope_only() {
    let app = spawn_app().await;
    let store_user = app.token_of("office-manager").await;
    let zones: Value = app
        .get(ZONES, Some(&store_user))
        .await
        .json()
        .await
        .unwrap();
    let stores: usize = zones
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z["brands"].as_array().unwrap().len())
        .sum();
    assert_eq!(stores, 1, "a store's staff see their store: {zones}");

    let summit = app.token_of("summit-admin").await;
    let (demo_store,): (i64,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(Stores::Id)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::EnterpriseId).eq(1))
                .limit(1),
        )
        .await
        .unwrap()
        .unwrap();
    let theirs: Value = app.get(ZONES, Some(&summit)).await.json().await.unwrap();
    assert!(
        theirs
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|z| z["brands"].as_array().unwrap().clone())
            .all(|b| b["storeId"] != demo_store),
        "{theirs}"
    );
    assert_error(
        app.get(
            &format!("/api/store/brand-timezone?storeId={demo_store}"),
            Some(&summit),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.get("/api/store/brand-timezone?storeId=oops", Some(&summit))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_error(app.get(ZONES, None).await, StatusCode::UNAUTHORIZED).await;
}
