//! Brands (H-S2) kept by the platform operators, and an enterprise's own settings (decision
//! 0022): who may read and change them, what is refused, and the ENTERPRISE_USER inbound view
//! the setting opens on the server and announces in the log-in answer.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, assert_error, spawn_app};

#[tokio::test]
async fn the_platform_keeps_the_brands_and_a_carried_brand_stays() {
    let app = spawn_app().await;
    let platform = app.token_of("super-admin").await;
    let tenant = app.token_of("enterprise-admin").await;

    let created = app
        .ok_json(
            Method::POST,
            "/api/brands",
            &platform,
            Some(json!({"code": " genesis ", "name": "Genesis"})),
        )
        .await;
    assert_eq!(created["code"], "GENESIS", "codes are kept in capitals");
    assert_eq!(created["storeCount"], 0);
    assert_error(
        app.request(
            Method::POST,
            "/api/brands",
            &platform,
            Some(json!({"code": "GENESIS", "name": "Again"})),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    let problems: Value = app
        .request(
            Method::POST,
            "/api/brands",
            &platform,
            Some(json!({"code": "no spaces!", "name": ""})),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        problems["errors"].as_array().unwrap().len(),
        2,
        "{problems}"
    );
    let renamed = app
        .ok_json(
            Method::PUT,
            "/api/brands/GENESIS",
            &platform,
            Some(json!({"name": "Genesis Motors"})),
        )
        .await;
    assert_eq!(renamed["name"], "Genesis Motors");

    // Tenants list brands (their stores pick one) but do not change the list.
    let listed = app.ok_json(Method::GET, "/api/brands", &tenant, None).await;
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["code"] == "GENESIS" && b["name"] == "Genesis Motors")
    );
    for (method, path, body) in [
        (
            Method::POST,
            "/api/brands",
            Some(json!({"code": "X1", "name": "X"})),
        ),
        (
            Method::PUT,
            "/api/brands/GENESIS",
            Some(json!({"name": "Mine"})),
        ),
        (Method::DELETE, "/api/brands/GENESIS", None),
    ] {
        assert_error(
            app.request(method, path, &tenant, body).await,
            StatusCode::FORBIDDEN,
        )
        .await;
    }

    // A brand a store carries stays; one nobody carries goes.
    let carried = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["storeCount"].as_i64().unwrap() > 0)
        .expect("the demo stores carry brands")
        .clone();
    let kept = assert_error(
        app.request(
            Method::DELETE,
            &format!("/api/brands/{}", carried["code"].as_str().unwrap()),
            &platform,
            None,
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(kept.contains("store"), "{kept}");
    app.ok_json(Method::DELETE, "/api/brands/GENESIS", &platform, None)
        .await;
    assert_error(
        app.request(Method::DELETE, "/api/brands/GENESIS", &platform, None)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn enterprise_settings_are_the_tenant_admins_and_their_own_enterprise_s() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let defaults = app
        .ok_json(Method::GET, "/api/enterprise/1/settings", &admin, None)
        .await;
    assert_eq!(
        defaults,
        json!({"isFullyAiva": true, "enterpriseUserInboundView": false})
    );
    for user in ["office-manager", "sales-rep", "enterprise-user"] {
        let token = app.token_of(user).await;
        assert_error(
            app.request(Method::GET, "/api/enterprise/1/settings", &token, None)
                .await,
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    // Another tenant's admin neither reads nor changes them.
    let summit = app.token_of("summit-admin").await;
    for method in [Method::GET, Method::PUT] {
        let body = (method == Method::PUT).then(
            || json!({"isFullyAiva": false, "aivaFile": null, "enterpriseUserInboundView": true}),
        );
        let status = app
            .request(method, "/api/enterprise/1/settings", &summit, body)
            .await
            .status();
        assert!(
            status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
            "{status}"
        );
    }
    assert_eq!(
        app.ok_json(Method::GET, "/api/enterprise/1/settings", &admin, None)
            .await,
        defaults,
        "unchanged"
    );
    // Wrong types are refused with nothing saved.
    assert_error(
        app.request(
            Method::PUT,
            "/api/enterprise/1/settings",
            &admin,
            Some(json!({"isFullyAiva": "yes", "enterpriseUserInboundView": false})),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    // An unknown enterprise is not found for the platform.
    let platform = app.token_of("super-admin").await;
    assert_error(
        app.request(
            Method::GET,
            "/api/enterprise/999999/settings",
            &platform,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

/// The inbound-appointment view: every staff role has it; an ENTERPRISE_USER only when the
/// enterprise turns it on. The server refuses the call and the log-in answer says so.
#[tokio::test]
async fn an_enterprise_user_records_inbound_findings_only_when_the_enterprise_allows_it() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let lead = app.a_lead_of(1, Some(1)).await;
    let inbound = format!(
        "/api/future-service-interaction/workflow/inbound-appointment?future-service-interaction-id={lead}&parameter=CUSTOMER_SAY_NO"
    );
    let track = format!(
        "/api/future-service-interaction/workflow/track?id={lead}&track=INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE&parameter=DETECTED_AUTO"
    );
    let (token, announced) = enterprise_user_signs_in(&app).await;
    assert!(!announced);
    for path in [&inbound, &track] {
        let refused = assert_error(
            app.request(Method::POST, path, &token, None).await,
            StatusCode::FORBIDDEN,
        )
        .await;
        assert!(refused.contains("inbound-appointment view"), "{refused}");
    }
    // Other staff have it whatever the setting.
    let manager = app.token_of("office-manager").await;
    app.ok_json(Method::POST, &inbound, &manager, None).await;

    app.ok_json(
        Method::PUT,
        "/api/enterprise/1/settings",
        &admin,
        Some(json!({"isFullyAiva": true, "aivaFile": null, "enterpriseUserInboundView": true})),
    )
    .await;
    // The server's refusal ends at once; the announcement at the next sign-in.
    app.ok_json(Method::POST, &inbound, &token, None).await;
    app.ok_json(Method::POST, &track, &token, None).await;
    let (_, announced) = enterprise_user_signs_in(&app).await;
    assert!(announced);
    // A value outside the nine is refused by the contract itself.
    assert_error(
        app.request(
            Method::POST,
            &inbound.replace("CUSTOMER_SAY_NO", "MAYBE"),
            &token,
            None,
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

/// The enterprise user's log-in answer: their token and whether it offers the inbound view.
async fn enterprise_user_signs_in(app: &TestApp) -> (String, bool) {
    let user: Value = app
        .login("enterprise-user", PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    (
        user["authToken"].as_str().unwrap().to_owned(),
        user["access"]["inboundView"].as_bool().unwrap(),
    )
}
