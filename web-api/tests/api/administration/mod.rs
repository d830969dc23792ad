//! Administration (issue 20): enterprises, dealers, stores, logos, users and the audit log,
//! driven through the API as an admin would, with the role matrix, tenant isolation, the
//! one-time password link, blocking, and secrets kept out of answers and the audit log.

mod brands_and_settings;
mod secret_logs;
mod two_step_login;

use base64::Engine;
use engine::store::schema::{Bocs, Customers, EmailOutbox, Stores, Users};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{LOCAL_GATEWAYS, TestApp, assert_error, spawn_app, spawn_app_with};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

fn store_body(boc_id: i64, code: &str) -> Value {
    json!({
        "bocId": boc_id,
        "storeCode": code,
        "storeName": format!("Lakeside {code}"),
        "brand": "TOYOTA",
        "timeZone": "America/Chicago",
        "quietHoursStart": "09:00",
        "quietHoursEnd": "20:00",
        "openingHours": [
            {"weekday": 1, "opens": "07:30", "closes": "18:00"},
            {"weekday": 7}
        ]
    })
}

fn user_body(username: &str, level: &str, store: Option<i64>, roles: &[&str]) -> Value {
    json!({
        "username": username,
        "password": "a-long-password-1",
        "firstName": "Dana",
        "lastName": "Lake",
        "email": format!("{username}@example.com"),
        "empLevel": level,
        "storeId": store,
        "roles": roles,
    })
}

impl TestApp {
    async fn new_boc(&self, token: &str, enterprise: i64, code: &str) -> i64 {
        let boc = self
            .ok_json(
                Method::POST,
                &format!("/api/enterprise/{enterprise}/boc"),
                token,
                Some(json!({"bocCode": code, "bocName": format!("Dealer {code}")})),
            )
            .await;
        boc["id"].as_i64().unwrap()
    }

    async fn store_count(&self) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(Stores::Id).count())
                    .from(Stores::Table)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// The text of the newest e-mail to `address`, as sent (the outbox keeps its MIME).
    async fn mail_text_for(&self, address: &str) -> String {
        let mime: String = self
            .db
            .fetch_scalar(
                &Query::select()
                    .column(EmailOutbox::Mime)
                    .from(EmailOutbox::Table)
                    .and_where(Expr::col(EmailOutbox::ToAddress).eq(address))
                    .order_by(EmailOutbox::Id, Order::Desc)
                    .limit(1)
                    .to_owned(),
            )
            .await
            .unwrap();
        let unfolded = mime.replace("=\r\n", "").replace("=3D", "=");
        if unfolded.contains("<p>") {
            return unfolded;
        }
        // A base64 body: decode its lines.
        let body: String = mime
            .split("\r\n\r\n")
            .nth(1)
            .unwrap_or_default()
            .lines()
            .collect();
        String::from_utf8(
            base64::engine::general_purpose::STANDARD
                .decode(body.trim())
                .unwrap_or_default(),
        )
        .unwrap_or_default()
    }

    /// The password link of the newest e-mail to `address`.
    async fn link_token_for(&self, address: &str) -> String {
        let text = self.mail_text_for(address).await;
        let start = text.find("token=").expect("a link in the e-mail") + "token=".len();
        text[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect()
    }
}

#[tokio::test]
async fn an_enterprise_admin_sets_up_a_dealer_a_store_and_a_user_who_signs_in() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let boc = app.new_boc(&admin, 1, "LAKE").await;
    let store = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(store_body(boc, "LK1")),
        )
        .await;
    let store_id = store["id"].as_i64().unwrap();
    assert_eq!(store["brand"], "TOYOTA");
    assert_eq!(store["timeZone"], "America/Chicago");
    assert!(
        ["GMT-06:00", "GMT-05:00"].contains(&store["officeTimeZone"].as_str().unwrap()),
        "{store}"
    );
    assert_eq!(store["openingHours"][0]["opens"], "07:30");
    assert_eq!(store["openingHours"][6].get("opens"), None, "Sunday closed");
    assert_eq!(
        store["openingHours"][5]["opens"], "08:00",
        "Saturday keeps the default"
    );

    // The new store is in every store picker and in the admin list.
    let pickers = app
        .ok_json(Method::GET, "/api/getAllStores", &admin, None)
        .await;
    assert!(
        pickers
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == store_id)
    );
    let listed = app
        .ok_json(Method::GET, "/api/enterprise/1/stores", &admin, None)
        .await;
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["storeCode"] == "LK1")
    );

    // Edit: a new zone and allowed hours.
    let mut edit = store_body(boc, "LK1");
    edit["timeZone"] = json!("America/Denver");
    edit["quietHoursEnd"] = json!("19:30");
    let edited = app
        .ok_json(
            Method::PUT,
            &format!("/api/enterprise/1/store/{store_id}"),
            &admin,
            Some(edit),
        )
        .await;
    assert_eq!(edited["timeZone"], "America/Denver");
    assert_eq!(edited["quietHoursEnd"], "19:30");

    let created = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/user",
            &admin,
            Some(user_body(
                "dana.lake",
                "STORE",
                Some(store_id),
                &["SALES_REP"],
            )),
        )
        .await;
    assert_eq!(created["user"]["storeId"], store_id);
    assert_eq!(created["user"]["bocId"], boc);
    assert_eq!(created["linkSent"], false);
    let dana = app.token_of_with("dana.lake", "a-long-password-1").await;
    let her_stores = app
        .ok_json(Method::GET, "/api/getAllStores", &dana, None)
        .await;
    let ids: Vec<_> = her_stores
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].clone())
        .collect();
    assert_eq!(ids, vec![json!(store_id)], "she sees her own store only");

    // The audit log has every change, newest first, without the password.
    let audit = app
        .ok_json(Method::GET, "/api/enterprise/1/audit?size=10", &admin, None)
        .await;
    let entries = audit["content"].as_array().unwrap();
    let kinds: Vec<_> = entries
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                e["action"].as_str().unwrap(),
                e["entity"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        kinds[..4],
        ["CREATE user", "UPDATE store", "CREATE store", "CREATE boc"],
        "{kinds:?}"
    );
    assert_eq!(entries[0]["username"], "enterprise-admin");
    assert_eq!(
        entries[1]["detail"]["before"]["timeZone"],
        "America/Chicago"
    );
    assert_eq!(entries[1]["detail"]["after"]["timeZone"], "America/Denver");
    assert!(!audit.to_string().contains("a-long-password-1"));

    // Deactivating the store takes it out of the pickers; reactivating brings it back.
    let off = app
        .ok_json(
            Method::PUT,
            &format!("/api/enterprise/1/store/{store_id}/deactivate"),
            &admin,
            None,
        )
        .await;
    assert_eq!(off["isActive"], false);
    let pickers = app
        .ok_json(Method::GET, "/api/getAllStores", &admin, None)
        .await;
    assert!(
        !pickers
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == store_id)
    );
    app.ok_json(
        Method::PUT,
        &format!("/api/enterprise/1/store/{store_id}/activate"),
        &admin,
        None,
    )
    .await;
    let pickers = app
        .ok_json(Method::GET, "/api/getAllStores", &admin, None)
        .await;
    assert!(
        pickers
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == store_id)
    );
}

#[tokio::test]
async fn bad_store_input_lists_every_problem_and_writes_nothing() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let before = app.store_count().await;
    let response = app
        .request(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(json!({
                "bocId": 1,
                "storeCode": "no spaces!",
                "storeName": "",
                "timeZone": "Mars/Olympus",
                "quietHoursStart": "25:00",
                "phoneNumber": "call me",
                "openingHours": [{"weekday": 1, "opens": "18:00", "closes": "07:00"}]
            })),
        )
        .await;
    let body: Value = response.json().await.unwrap();
    let errors = body["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 6, "{body}");
    assert_eq!(app.store_count().await, before);

    // Unknown brand, another enterprise's dealer, a duplicate code: clear 4xx, nothing written.
    let mut unknown_brand = store_body(1, "NEW1");
    unknown_brand["brand"] = json!("DELOREAN");
    let message = assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(unknown_brand),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("DELOREAN"), "{message}");
    let summit_boc: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Bocs::Id).min())
                .from(Bocs::Table)
                .and_where(Expr::col(Bocs::EnterpriseId).eq(2))
                .to_owned(),
        )
        .await
        .unwrap();
    let foreign = app
        .request(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(store_body(summit_boc, "NEW2")),
        )
        .await;
    assert!(foreign.status().is_client_error());
    app.ok_json(
        Method::POST,
        "/api/enterprise/1/store",
        &admin,
        Some(store_body(1, "DUP1")),
    )
    .await;
    assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(store_body(1, "DUP1")),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(app.store_count().await, before + 1);
}

#[tokio::test]
async fn a_new_user_without_a_password_chooses_one_through_a_one_time_link() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let mut body = user_body("link.user", "ENTERPRISE", None, &["ENTERPRISE_USER"]);
    body.as_object_mut().unwrap().remove("password");
    let created = app
        .ok_json(Method::POST, "/api/enterprise/1/user", &admin, Some(body))
        .await;
    assert_eq!(created["linkSent"], true, "{created}");
    let token = app.link_token_for("link.user@example.com").await;
    assert!(token.len() >= 40, "{token}");

    let weak = app
        .client
        .post(app.url("/user/reset-password"))
        .json(&json!({"token": token, "password": "short"}))
        .send()
        .await
        .unwrap();
    assert_error(weak, StatusCode::BAD_REQUEST).await;
    let set = app
        .client
        .post(app.url("/user/reset-password"))
        .json(&json!({"token": token, "password": "chosen-by-me-42"}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);
    app.token_of_with("link.user", "chosen-by-me-42").await;
    // The link works once.
    let again = app
        .client
        .post(app.url("/user/reset-password"))
        .json(&json!({"token": token, "password": "another-one-43"}))
        .send()
        .await
        .unwrap();
    assert_error(again, StatusCode::BAD_REQUEST).await;

    // An admin's reset sends a new link; the old password keeps working until it is used, and
    // the user's sessions end when it is.
    let user_id = created["user"]["id"].as_i64().unwrap();
    let session = app.token_of_with("link.user", "chosen-by-me-42").await;
    app.ok_json(
        Method::POST,
        &format!("/api/user/{user_id}/reset-password"),
        &admin,
        None,
    )
    .await;
    let second = app.link_token_for("link.user@example.com").await;
    assert_ne!(second, token);
    let set = app
        .client
        .post(app.url("/user/reset-password"))
        .json(&json!({"token": second, "password": "second-choice-44"}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);
    let ended = app.get("/api/enterprise/1", Some(&session)).await;
    assert_eq!(ended.status(), StatusCode::UNAUTHORIZED);

    // A platform operator's password is not reset by link (it belongs to no enterprise).
    let platform = app.token_of("super-admin").await;
    let me: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Users::Id)
                .from(Users::Table)
                .and_where(Expr::col(Users::Username).eq("super-admin"))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_error(
        app.request(
            Method::POST,
            &format!("/api/user/{me}/reset-password"),
            &platform,
            None,
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
}

#[tokio::test]
async fn a_blocked_user_is_signed_out_at_once_and_a_deleted_guest_frees_the_name() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let created = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/user",
            &admin,
            Some(user_body(
                "blocked.soon",
                "STORE",
                Some(1),
                &["OFFICE_USER"],
            )),
        )
        .await;
    let id = created["user"]["id"].as_i64().unwrap();
    let session = app.token_of_with("blocked.soon", "a-long-password-1").await;
    assert_eq!(
        app.get("/api/enterprise/1", Some(&session)).await.status(),
        StatusCode::OK
    );
    let blocked = app
        .ok_json(Method::PUT, &format!("/api/user/{id}/block"), &admin, None)
        .await;
    assert_eq!(blocked["isBlocked"], true);
    assert_eq!(
        app.get("/api/enterprise/1", Some(&session)).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("blocked.soon", "a-long-password-1")
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    app.ok_json(
        Method::PUT,
        &format!("/api/user/{id}/unblock"),
        &admin,
        None,
    )
    .await;
    app.token_of_with("blocked.soon", "a-long-password-1").await;

    // Staff are blocked, not deleted; a guest is deleted and their name can be used again.
    assert_error(
        app.request(
            Method::DELETE,
            &format!("/api/user/{id}/deleteGuest"),
            &admin,
            None,
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    let mut guest = user_body("guest.one", "STORE", Some(1), &["OFFICE_USER"]);
    guest["isGuest"] = json!(true);
    let guest = app
        .ok_json(Method::POST, "/api/enterprise/1/user", &admin, Some(guest))
        .await;
    let guest_id = guest["user"]["id"].as_i64().unwrap();
    let deleted = app
        .ok_json(
            Method::DELETE,
            &format!("/api/user/{guest_id}/deleteGuest"),
            &admin,
            None,
        )
        .await;
    assert_eq!(deleted["message"], "Successfully Deleted");
    assert_eq!(
        app.login("guest.one", "a-long-password-1").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_error(
        app.request(Method::GET, &format!("/api/user/{guest_id}"), &admin, None)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    app.ok_json(
        Method::POST,
        "/api/enterprise/1/user",
        &admin,
        Some(user_body("guest.one", "STORE", Some(1), &["OFFICE_USER"])),
    )
    .await;
}

#[tokio::test]
async fn managers_manage_their_own_staff_with_the_roles_they_may_give() {
    let app = spawn_app().await;
    let office = app.token_of("office-manager").await;
    let store_1 = app
        .ok_json(Method::GET, "/api/getAllStores", &office, None)
        .await[0]["id"]
        .as_i64()
        .unwrap();
    app.ok_json(
        Method::POST,
        "/api/enterprise/1/user",
        &office,
        Some(user_body("rep.two", "STORE", Some(store_1), &["SALES_REP"])),
    )
    .await;
    // A manager's role, a wider level, another store: refused.
    assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/user",
            &office,
            Some(user_body(
                "mgr.two",
                "STORE",
                Some(store_1),
                &["OFFICE_MANAGER"],
            )),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/user",
            &office,
            Some(user_body("rep.wide", "ENTERPRISE", None, &["SALES_REP"])),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let other_store = store_1 + 1;
    assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/user",
            &office,
            Some(user_body(
                "rep.far",
                "STORE",
                Some(other_store),
                &["SALES_REP"],
            )),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    // The list holds only the store's users; the enterprise admin is not even visible.
    let listed = app
        .ok_json(
            Method::GET,
            "/api/enterprise/1/user?size=100",
            &office,
            None,
        )
        .await;
    let users = listed["content"].as_array().unwrap();
    assert!(users.iter().all(|u| u["storeId"] == store_1), "{listed}");
    assert!(users.iter().any(|u| u["username"] == "rep.two"));
    // Another manager of the same store is not theirs to block.
    let admin = app.token_of("enterprise-admin").await;
    let peer = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/user",
            &admin,
            Some(user_body(
                "peer.mgr",
                "STORE",
                Some(store_1),
                &["OFFICE_MANAGER"],
            )),
        )
        .await["user"]["id"]
        .as_i64()
        .unwrap();
    assert_error(
        app.request(
            Method::PUT,
            &format!("/api/user/{peer}/block"),
            &office,
            None,
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    // A store's user cannot hold the enterprise's roles (issue 36: the form offered them), and
    // the access the admin signs in with lists, per level, the roles a user there may hold.
    let message = assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/user",
            &admin,
            Some(user_body(
                "store.admin",
                "STORE",
                Some(store_1),
                &["SALES_REP", "ENTERPRISE_ADMIN"],
            )),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("ENTERPRISE_ADMIN"), "{message}");
    let signed_in: Value = app
        .login("enterprise-admin", "bayline-demo")
        .await
        .json()
        .await
        .unwrap();
    let by_level = signed_in["access"]["rolesByLevel"]
        .as_array()
        .unwrap()
        .clone();
    let at = |level: &str| {
        by_level
            .iter()
            .find(|l| l["level"] == level)
            .map(|l| l["roles"].clone())
            .unwrap_or_else(|| panic!("{level} in {by_level:?}"))
    };
    assert!(
        !at("STORE")
            .as_array()
            .unwrap()
            .contains(&json!("ENTERPRISE_ADMIN"))
    );
    assert!(
        at("STORE")
            .as_array()
            .unwrap()
            .contains(&json!("OFFICE_MANAGER"))
    );
    assert!(
        at("ENTERPRISE")
            .as_array()
            .unwrap()
            .contains(&json!("ENTERPRISE_ADMIN"))
    );
    // Nobody gives SUPER_ADMIN but the platform, and nobody blocks themselves.
    assert_error(
        app.request(
            Method::POST,
            "/api/enterprise/1/user",
            &admin,
            Some(user_body("would.be", "ENTERPRISE", None, &["SUPER_ADMIN"])),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let me = app
        .ok_json(
            Method::GET,
            "/api/enterprise/1/user?search=enterprise-admin",
            &admin,
            None,
        )
        .await["content"][0]["id"]
        .as_i64()
        .unwrap();
    assert_error(
        app.request(Method::PUT, &format!("/api/user/{me}/block"), &admin, None)
            .await,
        StatusCode::CONFLICT,
    )
    .await;
}

/// Each role against each administration call: allowed (2xx) or refused (403), as
/// docs/decisions/0011-administration.md says.
#[tokio::test]
async fn the_role_matrix_holds_for_every_administration_call() {
    let app = spawn_app().await;
    const TENANT: &[&str] = &["super-admin", "enterprise-admin", "corporate-admin"];
    const USERS: &[&str] = &[
        "super-admin",
        "enterprise-admin",
        "corporate-admin",
        "division-manager",
        "office-manager",
    ];
    const EVERYONE: &[&str] = &[
        "super-admin",
        "enterprise-admin",
        "enterprise-user",
        "corporate-admin",
        "corporate-user",
        "super-data-admin",
        "super-user",
        "division-manager",
        "office-manager",
        "sales-rep",
        "office-user",
    ];
    let calls: Vec<(Method, &str, Option<Value>, &[&str])> = vec![
        (Method::GET, "/api/enterprise/1", None, EVERYONE),
        (Method::GET, "/api/enterprise/1/boc", None, TENANT),
        (Method::GET, "/api/enterprise/1/stores", None, TENANT),
        (Method::GET, "/api/enterprise/1/audit", None, TENANT),
        (Method::GET, "/api/enterprise/1/user", None, USERS),
        (Method::GET, "/api/brands", None, EVERYONE),
        (
            Method::PUT,
            "/api/enterprise/1",
            Some(json!({"name": "Harbor Auto Group"})),
            TENANT,
        ),
        (
            Method::POST,
            "/api/enterprise",
            Some(json!({"name": "Matrix", "code": "MATRIX-{who}"})),
            &["super-admin"],
        ),
        (
            Method::POST,
            "/api/enterprise/1/boc",
            Some(json!({"bocCode": "M-{who}", "bocName": "Matrix"})),
            TENANT,
        ),
        (
            Method::POST,
            "/api/enterprise/1/store",
            Some(store_body(1, "M-{who}")),
            TENANT,
        ),
        (Method::PUT, "/api/enterprise/1/deactivate", None, &[]),
    ];
    let mut wrong = Vec::new();
    for who in EVERYONE {
        let token = app.token_of(who).await;
        for (method, path, body, allowed) in &calls {
            // Deactivating is the platform's (which is not asked to switch off the demo).
            if path.ends_with("/deactivate") && *who == "super-admin" {
                continue;
            }
            let body = body
                .as_ref()
                .map(|b| serde_json::from_str(&b.to_string().replace("{who}", who)).unwrap());
            let response = app.request(method.clone(), path, &token, body).await;
            let status = response.status();
            let expected = if allowed.contains(who) {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            if status != expected {
                wrong.push(format!(
                    "{who} {method} {path}: {status}, expected {expected}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[tokio::test]
async fn another_enterprises_records_are_not_found() {
    let app = spawn_app().await;
    let summit = app.token_of("summit-admin").await;
    let harbor_user = app
        .ok_json(
            Method::GET,
            "/api/enterprise/1/user?search=sales-rep",
            &app.token_of("enterprise-admin").await,
            None,
        )
        .await["content"][0]["id"]
        .as_i64()
        .unwrap();
    for (method, path, body) in [
        (Method::GET, "/api/enterprise/1".to_owned(), None),
        (Method::GET, "/api/enterprise/1/boc".to_owned(), None),
        (Method::GET, "/api/enterprise/1/stores".to_owned(), None),
        (Method::GET, "/api/enterprise/1/user".to_owned(), None),
        (Method::GET, "/api/enterprise/1/audit".to_owned(), None),
        (Method::GET, "/api/enterprise/1/logo".to_owned(), None),
        (
            Method::POST,
            "/api/enterprise/1/store".to_owned(),
            Some(store_body(1, "X1")),
        ),
        (Method::GET, format!("/api/user/{harbor_user}"), None),
        (Method::PUT, format!("/api/user/{harbor_user}/block"), None),
        (
            Method::POST,
            format!("/api/user/{harbor_user}/reset-password"),
            None,
        ),
        (
            Method::PUT,
            "/api/enterprise/1/store/1/deactivate".to_owned(),
            None,
        ),
    ] {
        let response = app.request(method.clone(), &path, &summit, body).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{method} {path}");
    }
    // Summit's admin creating a user in a Harbor store: not found, nothing written.
    let response = app
        .request(
            Method::POST,
            "/api/enterprise/2/user",
            &summit,
            Some(user_body("sneaky", "STORE", Some(1), &["SALES_REP"])),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.login("sneaky", "a-long-password-1").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_logo_is_an_image_checked_by_its_content_and_size() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let upload = |bytes: Vec<u8>, name: &'static str, mime: &'static str, token: String| {
        let part = reqwest::multipart::Part::bytes(bytes)
            .file_name(name)
            .mime_str(mime)
            .unwrap();
        app.client
            .put(app.url("/api/enterprise/1/logo"))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(reqwest::multipart::Form::new().part("file", part))
            .send()
    };
    let saved = upload(PNG.to_vec(), "logo.png", "image/png", admin.clone())
        .await
        .unwrap();
    assert_eq!(saved.status(), StatusCode::OK);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["hasLogo"], true);

    let rep = app.token_of("sales-rep").await;
    let served = app.get("/api/enterprise/1/logo", Some(&rep)).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);

    for (bytes, name, mime) in [
        (
            b"<svg onload=alert(1)/>".to_vec(),
            "logo.svg",
            "image/svg+xml",
        ),
        (b"not an image at all".to_vec(), "logo.png", "image/png"),
        (
            [PNG, &vec![0u8; 600 * 1024]].concat(),
            "huge.png",
            "image/png",
        ),
    ] {
        let refused = upload(bytes, name, mime, admin.clone()).await.unwrap();
        assert_error(refused, StatusCode::BAD_REQUEST).await;
    }
    let refused = upload(PNG.to_vec(), "logo.png", "image/png", rep.clone())
        .await
        .unwrap();
    assert_error(refused, StatusCode::FORBIDDEN).await;
    // Still the first logo.
    let served = app.get("/api/enterprise/1/logo", Some(&rep)).await;
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
}

#[tokio::test]
async fn a_deactivated_enterprise_signs_its_users_out_and_keeps_them_out() {
    let app = spawn_app().await;
    let platform = app.token_of("super-admin").await;
    let enterprise = app
        .ok_json(
            Method::POST,
            "/api/enterprise",
            &platform,
            Some(json!({"name": "Prairie Motors", "code": "PRAIRIE"})),
        )
        .await;
    let id = enterprise["id"].as_i64().unwrap();
    let boc = app.new_boc(&platform, id, "PR").await;
    let store = app
        .ok_json(
            Method::POST,
            &format!("/api/enterprise/{id}/store"),
            &platform,
            Some(store_body(boc, "PR1")),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    app.ok_json(
        Method::POST,
        &format!("/api/enterprise/{id}/user"),
        &platform,
        Some(user_body(
            "prairie.admin",
            "ENTERPRISE",
            None,
            &["ENTERPRISE_ADMIN"],
        )),
    )
    .await;
    let session = app
        .token_of_with("prairie.admin", "a-long-password-1")
        .await;
    let stores = app
        .ok_json(Method::GET, "/api/getAllStores", &session, None)
        .await;
    assert_eq!(stores[0]["id"], store);
    // A duplicate code is a conflict.
    let again = app
        .request(
            Method::POST,
            "/api/enterprise",
            &platform,
            Some(json!({"name": "Other", "code": "PRAIRIE"})),
        )
        .await;
    assert_error(again, StatusCode::CONFLICT).await;

    let off = app
        .ok_json(
            Method::PUT,
            &format!("/api/enterprise/{id}/deactivate"),
            &platform,
            None,
        )
        .await;
    assert_eq!(off["isActive"], false);
    assert_eq!(
        app.get("/api/getAllStores", Some(&session)).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("prairie.admin", "a-long-password-1")
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    let list = app
        .ok_json(
            Method::GET,
            "/api/enterprise?search=prairie",
            &platform,
            None,
        )
        .await;
    assert_eq!(list["content"][0]["isActive"], false);
    app.ok_json(
        Method::PUT,
        &format!("/api/enterprise/{id}/activate"),
        &platform,
        None,
    )
    .await;
    app.token_of_with("prairie.admin", "a-long-password-1")
        .await;
}

#[tokio::test]
async fn the_spec_literal_boc_2_customer_paths_are_served() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let customer_id: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Customers::Id).min())
                .from(Customers::Table)
                .and_where(Expr::col(Customers::StoreId).eq(1))
                .to_owned(),
        )
        .await
        .unwrap();
    let verified = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/verified?customerId={customer_id}&verified=true"),
            &admin,
            None,
        )
        .await;
    assert_eq!(verified["verified"], true, "{verified}");
    let opted = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/optout?customerId={customer_id}&optOut=true"),
            &admin,
            None,
        )
        .await;
    assert_eq!(opted["isOptedOut"], true, "{opted}");
    let summit = app.token_of("summit-admin").await;
    let foreign = app
        .request(
            Method::PUT,
            &format!("/api/boc/2/customer/verified?customerId={customer_id}&verified=false"),
            &summit,
            None,
        )
        .await;
    assert_eq!(foreign.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_admin_gives_a_new_store_its_assistant_and_bulk_texts_need_its_initializer() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let boc = app.new_boc(&admin, 1, "AST").await;
    let store = app
        .ok_json(
            Method::POST,
            "/api/enterprise/1/store",
            &admin,
            Some(store_body(boc, "AST1")),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let body = json!({
        "storeId": store,
        "agentFirstName": "Ava",
        "agentLastName": "Assistant",
        "agentPhoneNumber": "(555) 201-0101",
        "initializerProcessEnabled": false
    });
    let created = app
        .ok_json(Method::POST, "/api/assistant", &admin, Some(body.clone()))
        .await;
    assert_eq!(created["divisionId"], "DIV004");
    assert_eq!(created["agentPhoneNumber"], "+15552010101");
    assert_eq!(created["isActive"], true);
    assert_eq!(created["initializerProcessEnabled"], false);
    assert_error(
        app.request(Method::POST, "/api/assistant", &admin, Some(body))
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    let bad = app
        .request(
            Method::POST,
            "/api/assistant",
            &admin,
            Some(json!({"storeId": store, "agentFirstName": "", "agentLastName": "", "agentPhoneNumber": "x1", "divisionId": "DIV999"})),
        )
        .await;
    let bad: Value = bad.json().await.unwrap();
    assert_eq!(bad["errors"].as_array().unwrap().len(), 4, "{bad}");

    // Staff may not; another enterprise does not find it.
    let id = created["id"].as_i64().unwrap();
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(Method::GET, &format!("/api/assistant/{id}"), &rep, None)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.request(Method::GET, &format!("/api/assistant/{id}"), &summit, None)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;

    // A store whose assistant does not start conversations is not texted in bulk.
    let refused = assert_error(
        app.request(
            Method::POST,
            "/api/service-workflow/bulk/initiate",
            &admin,
            Some(json!({
                "list": "first-interaction",
                "filter": {"enterpriseId": 1, "storeIds": [store]},
                "dryRun": true
            })),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(refused.contains("initializerProcessEnabled"), "{refused}");
    let audit = app
        .ok_json(
            Method::GET,
            "/api/enterprise/1/audit?entity=assistant",
            &admin,
            None,
        )
        .await;
    assert_eq!(audit["totalElements"], 1);
}
