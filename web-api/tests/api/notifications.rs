//! Notifications that last (issue 38): each handoff is a notification of its store, kept on the
//! server; marking read and removing are each user's own; the spec's operations (per store, per
//! store and service type, one handoff, an interaction, clear) touch only what they name; other
//! stores and tenants see nothing, and their ids are not found.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{TestApp, assert_error, spawn_app};

const TRACK: &str = "/api/future-service-interaction/workflow/track";

impl TestApp {
    async fn notifications(&self, token: &str) -> Value {
        self.ok_json(Method::GET, "/api/notifications?size=100", token, None)
            .await
    }

    /// Hands a lead's conversation to staff (a GM handoff); answers the handoff's note.
    async fn gm_handoff(&self, token: &str, lead: i64) -> i64 {
        let note = self
            .ok_json(
                Method::POST,
                &format!(
                    "{TRACK}?id={lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=CC"
                ),
                token,
                None,
            )
            .await;
        note["id"].as_i64().unwrap()
    }
}

/// The notifications of `lead` in a list answer, with their read flags.
fn of_lead(list: &Value, lead: i64) -> Vec<bool> {
    list["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["fsiId"] == lead)
        .map(|n| n["read"].as_bool().unwrap())
        .collect()
}

#[tokio::test]
async fn handoffs_last_as_each_users_notifications() {
    let app = spawn_app().await;
    let manager = app.token_of("office-manager").await;
    let rep = app.token_of("sales-rep").await;
    let leads = app.reachable_leads(2).await;
    let ((first, _), (second, _)) = (leads[0], leads[1]);
    let unread_before = app.notifications(&manager).await["unread"]
        .as_u64()
        .unwrap();

    let first_note = app.gm_handoff(&manager, first).await;
    app.gm_handoff(&manager, second).await;

    // Both users of the store have both, unread, with what they are about.
    let list = app.notifications(&manager).await;
    assert_eq!(of_lead(&list, first), [false], "{list}");
    assert_eq!(list["unread"].as_u64().unwrap(), unread_before + 2);
    let card = list["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["fsiId"] == first)
        .unwrap();
    assert_eq!(card["title"], "GM HANDOFF");
    assert_eq!(card["messageId"], first_note);
    assert_eq!(card["storeId"], 1);
    assert!(
        card["reason"]
            .as_str()
            .unwrap()
            .starts_with("A complaint, handed over by"),
        "{card}"
    );
    assert!(!card["customerName"].as_str().unwrap().is_empty());
    assert_eq!(of_lead(&app.notifications(&rep).await, first), [false]);
    // Another store's user and another enterprise's admin see neither.
    for stranger in ["office-user", "summit-admin"] {
        let token = app.token_of(stranger).await;
        let list = app.notifications(&token).await;
        assert!(of_lead(&list, first).is_empty(), "{stranger}: {list}");
    }

    // One handoff read (by its note) is read for the manager only.
    let changed = app
        .ok_json(
            Method::POST,
            &format!("/api/notifications/read?messageId={first_note}"),
            &manager,
            None,
        )
        .await;
    assert_eq!(changed["changed"], 1);
    assert_eq!(changed["unread"].as_u64().unwrap(), unread_before + 1);
    assert_eq!(of_lead(&app.notifications(&manager).await, first), [true]);
    assert_eq!(of_lead(&app.notifications(&rep).await, first), [false]);

    // Per store and service type, then per store: the rest of the store's are read.
    let service_type = app.notifications(&manager).await["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["fsiId"] == second)
        .unwrap()["serviceType"]
        .as_str()
        .unwrap()
        .to_owned();
    let changed = app
        .ok_json(
            Method::POST,
            &format!("/api/notifications/read?storeId=1&serviceType={service_type}"),
            &manager,
            None,
        )
        .await;
    assert!(changed["changed"].as_u64().unwrap() >= 1, "{changed}");
    assert_eq!(of_lead(&app.notifications(&manager).await, second), [true]);
    let changed = app
        .ok_json(
            Method::POST,
            "/api/notifications/read?storeId=1",
            &manager,
            None,
        )
        .await;
    assert_eq!(changed["unread"], 0, "{changed}");
    // Marking again changes nothing.
    let again = app
        .ok_json(Method::POST, "/api/notifications/read", &manager, None)
        .await;
    assert_eq!(again["changed"], 0);

    // Removed for an interaction: gone from the manager's list, not from the rep's.
    let removed = app
        .ok_json(
            Method::DELETE,
            &format!("/api/notifications/interaction/{first}"),
            &manager,
            None,
        )
        .await;
    assert_eq!(removed["changed"], 1);
    assert!(of_lead(&app.notifications(&manager).await, first).is_empty());
    assert_eq!(of_lead(&app.notifications(&rep).await, first), [false]);
    let unread_only = app
        .ok_json(
            Method::GET,
            "/api/notifications?unreadOnly=true&size=100",
            &rep,
            None,
        )
        .await;
    assert!(
        unread_only["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["read"] == false)
    );

    // One store's list: store 1's has the second, and its unread count is of that store.
    let store_list = app
        .ok_json(
            Method::GET,
            "/api/notifications?storeId=1&size=100",
            &rep,
            None,
        )
        .await;
    assert_eq!(of_lead(&store_list, second), [false]);
    assert!(
        store_list["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["storeId"] == 1)
    );

    // Cleared: the manager's list is empty; the rep's is whole.
    app.ok_json(Method::DELETE, "/api/notifications", &manager, None)
        .await;
    let cleared = app.notifications(&manager).await;
    assert_eq!(cleared["totalElements"], 0, "{cleared}");
    assert_eq!(cleared["unread"], 0);
    assert_eq!(of_lead(&app.notifications(&rep).await, second), [false]);
}

#[tokio::test]
async fn notification_operations_refuse_what_they_cannot_name() {
    let app = spawn_app().await;
    let manager = app.token_of("office-manager").await;
    let (lead, _) = app.reachable_leads(1).await[0];
    let note = app.gm_handoff(&manager, lead).await;
    let summit = app.token_of("summit-admin").await;
    for (method, path) in [
        (
            Method::POST,
            format!("/api/notifications/read?messageId={note}"),
        ),
        (Method::POST, "/api/notifications/read?storeId=1".to_owned()),
        (Method::GET, "/api/notifications?storeId=1".to_owned()),
    ] {
        assert_error(
            app.request(method, &path, &summit, None).await,
            StatusCode::NOT_FOUND,
        )
        .await;
    }
    assert_error(
        app.request(
            Method::DELETE,
            &format!("/api/notifications/interaction/{lead}"),
            &summit,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.request(
            Method::POST,
            "/api/notifications/read?serviceType=OIL_CHANGE",
            &manager,
            None,
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    // Nothing was read on the way.
    let list = app.notifications(&manager).await;
    assert_eq!(of_lead(&list, lead), [false]);
}
