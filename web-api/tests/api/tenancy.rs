use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{assert_error, spawn_app};

#[tokio::test]
async fn a_store_level_user_sees_only_their_store() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;

    let stores: Vec<Value> = app
        .get("/api/enterprise/1/store", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(stores.len(), 1);
    assert_eq!(stores[0]["store_id"], "S101");
    assert_eq!(stores[0]["bocMaster"]["bocId"], "BOC-001");
    assert!(
        stores[0]["officeMasterVO"]["officeTimeZone"]
            .as_str()
            .unwrap()
            .starts_with("GMT-0")
    );
    assert_eq!(
        stores[0]["officeMasterVO"]["timezoneDisplay"],
        "America/New_York"
    );
}

#[tokio::test]
async fn an_enterprise_level_user_sees_every_store_of_their_enterprise() {
    let app = spawn_app().await;
    let token = app.token_of("corporate-user").await;

    let stores: Vec<Value> = app
        .get("/api/enterprise/1/store", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(stores.len(), 8);
    let zones: Vec<&str> = stores
        .iter()
        .map(|s| s["officeMasterVO"]["timezoneDisplay"].as_str().unwrap())
        .collect();
    assert!(zones.contains(&"America/Phoenix") && zones.contains(&"America/Los_Angeles"));
}

#[tokio::test]
async fn a_division_manager_sees_the_stores_of_their_dealer() {
    let app = spawn_app().await;
    let token = app.token_of("division-manager").await;

    let stores: Vec<Value> = app
        .get("/api/enterprise/1/store", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(stores.len(), 2);
    assert!(stores.iter().all(|s| s["bocMaster"]["bocId"] == "BOC-001"));
}

#[tokio::test]
async fn another_enterprises_stores_are_not_found() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    let response = app.get("/api/enterprise/2/store", Some(&token)).await;

    assert_eq!(
        assert_error(response, StatusCode::NOT_FOUND).await,
        "Enterprise not found"
    );
}

#[tokio::test]
async fn another_enterprises_lead_is_not_found_whatever_header_is_sent() {
    let app = spawn_app().await;
    let foreign_lead = app.a_lead_of(2, None).await;
    let token = app.token_of("enterprise-admin").await;
    let path = format!("/api/future-service-interaction/{foreign_lead}");

    let plain = app.get(&path, Some(&token)).await;
    let with_header = app
        .get_with(&path, Some(&token), &[("enterpriseId", "2")])
        .await;
    let query_form = app
        .get(
            &format!(
                "/api/future-service-interaction?future-service-interaction-id={foreign_lead}"
            ),
            Some(&token),
        )
        .await;

    assert_error(plain, StatusCode::NOT_FOUND).await;
    assert_error(with_header, StatusCode::NOT_FOUND).await;
    assert_error(query_form, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_lead_in_scope_is_returned_in_the_fsi_shape() {
    let app = spawn_app().await;
    let lead = app.a_lead_of(1, Some(1)).await;
    let token = app.token_of("sales-rep").await;

    let response = app
        .get(
            &format!("/api/future-service-interaction?future-service-interaction-id={lead}"),
            Some(&token),
        )
        .await;

    assert_eq!(response.status(), StatusCode::OK);
    let fsi: Value = response.json().await.unwrap();
    assert_eq!(fsi["id"], lead);
    assert_eq!(fsi["companyId"], 1);
    assert_eq!(fsi["storeMaster"]["id"], 1);
    assert_eq!(
        fsi["customerMaster"]["firstName"],
        fsi["customerMaster"]["first_name"]
    );
    assert!(
        fsi["customerMaster"]["cellular"]
            .as_str()
            .unwrap()
            .starts_with("+1")
    );
    assert!(fsi["plannedServiceType"].is_string());
    assert!(fsi["futureServiceInteractionMarks"].is_array());
}

#[tokio::test]
async fn a_store_level_user_cannot_read_a_lead_of_another_store() {
    let app = spawn_app().await;
    let other_store_lead = app.a_lead_of(1, Some(2)).await;
    let token = app.token_of("sales-rep").await;

    let response = app
        .get(
            &format!("/api/future-service-interaction/{other_store_lead}"),
            Some(&token),
        )
        .await;

    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_platform_admin_reads_any_enterprise_by_naming_it() {
    let app = spawn_app().await;
    let lead = app.a_lead_of(2, None).await;
    let token = app.token_of("super-admin").await;
    let path = format!("/api/future-service-interaction/{lead}");

    let without_header = app.get(&path, Some(&token)).await;
    let with_header = app
        .get_with(&path, Some(&token), &[("enterpriseId", "2")])
        .await;
    let stores = app.get("/api/enterprise/2/store", Some(&token)).await;

    assert_error(without_header, StatusCode::BAD_REQUEST).await;
    assert_eq!(with_header.status(), StatusCode::OK);
    assert_eq!(stores.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_non_numeric_enterprise_header_is_a_400() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    let response = app
        .get_with(
            "/api/future-service-interaction/1",
            Some(&token),
            &[("enterpriseId", "one")],
        )
        .await;

    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("enterpriseId"), "{message}");
}

#[tokio::test]
async fn the_platform_admin_lists_every_enterprise_with_counts() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let page: Value = app
        .get("/api/enterprise?page=0&size=2", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(page["totalElements"], 3);
    assert_eq!(page["size"], 2);
    assert_eq!(page["content"].as_array().unwrap().len(), 2);
    assert_eq!(page["content"][0]["name"], "Bayline Demo Motors");
    assert_eq!(page["content"][0]["storeCount"], 8);
    assert_eq!(page["content"][0]["bocCount"], 4);
    let second: Value = app
        .get("/api/enterprise?page=1&size=2", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(second["content"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_enterprise_list_can_be_searched_case_insensitively() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let page: Value = app
        .get("/api/enterprise?search=SUMMIT", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(page["totalElements"], 1);
    assert_eq!(page["content"][0]["name"], "Summit Auto Partners");
}

#[tokio::test]
async fn an_enterprise_admin_lists_only_their_own_enterprise() {
    let app = spawn_app().await;
    let token = app.token_of("summit-admin").await;

    let page: Value = app
        .get("/api/enterprise", Some(&token))
        .await
        .json()
        .await
        .unwrap();

    assert_eq!(page["totalElements"], 1);
    assert_eq!(page["content"][0]["id"], 2);
}

#[tokio::test]
async fn staff_roles_may_not_list_enterprises() {
    let app = spawn_app().await;
    for user in [
        "sales-rep",
        "office-manager",
        "enterprise-user",
        "super-user",
    ] {
        let token = app.token_of(user).await;

        let response = app.get("/api/enterprise", Some(&token)).await;

        assert_error(response, StatusCode::FORBIDDEN).await;
    }
}

#[tokio::test]
async fn a_page_larger_than_500_is_a_400() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;

    let response = app.get("/api/enterprise?size=501", Some(&token)).await;

    assert_error(response, StatusCode::BAD_REQUEST).await;
}
