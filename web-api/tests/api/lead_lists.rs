//! Lead lists: each list's filter, the common search payload, paging, sorting and scope.

use std::collections::HashSet;

use chrono::{Duration, Utc};
use engine::auth::Scope;
use engine::store::PageRequest;
use engine::store::lead_lists::{LeadList, LeadListStore, LeadSearch};
use engine::store::schema::{Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg};
use reqwest::StatusCode;
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    async fn list(&self, token: &str, path: &str, body: Value) -> Value {
        let response = self.post_json(path, token, &body).await;
        let status = response.status();
        let page: Value = response.json().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {page}");
        page
    }

    /// Every id a list holds (all pages).
    async fn ids(&self, token: &str, path: &str, body: Value) -> HashSet<i64> {
        let separator = if path.contains('?') { '&' } else { '?' };
        let page = self
            .list(token, &format!("{path}{separator}size=500&page=0"), body)
            .await;
        assert!(
            page["totalElements"].as_u64().unwrap() <= 500,
            "the demo world fits a page"
        );
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            // The tracker wraps each lead with its milestones.
            .map(|l| l["id"].as_i64().or(l["lead"]["id"].as_i64()).unwrap())
            .collect()
    }

    /// Sets columns of one lead.
    pub(crate) async fn set_lead(&self, id: i64, values: Vec<(Fsi, sea_query::Value)>) {
        let mut update = Query::update();
        update
            .table(Fsi::Table)
            .and_where(Expr::col(Fsi::Id).eq(id));
        for (column, value) in values {
            update.value(column, value);
        }
        self.db.execute(&update).await.unwrap();
    }

    /// A contacted, open lead of store 1 with its customer.
    async fn open_lead(&self) -> (i64, i64) {
        let query = Query::select()
            .columns([Fsi::Id, Fsi::CustomerId])
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::StoreId).eq(1))
            .order_by(Fsi::Id, sea_query::Order::Asc)
            .limit(1)
            .to_owned();
        let (id, customer): (i64, i64) = self.db.fetch_optional(&query).await.unwrap().unwrap();
        self.set_lead(
            id,
            vec![
                (Fsi::ConversationInitiated, true.into()),
                (Fsi::ConversationClosed, false.into()),
                (Fsi::Archived, false.into()),
                (Fsi::LastMessageAt, Utc::now().into()),
            ],
        )
        .await;
        (id, customer)
    }
}

const BASE: &str = "/api/future-service-interaction";

#[tokio::test]
async fn the_lead_manager_holds_open_contacted_leads_only() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (lead, _) = app.open_lead().await;
    let path = format!("{BASE}/custom-search");
    assert!(app.ids(&token, &path, json!({})).await.contains(&lead));
    for (column, value) in [
        (Fsi::ConversationClosed, true),
        (Fsi::Archived, true),
        (Fsi::ConversationInitiated, false),
    ] {
        app.set_lead(lead, vec![(column, value.into())]).await;
        assert!(
            !app.ids(&token, &path, json!({})).await.contains(&lead),
            "{value}"
        );
        app.set_lead(lead, vec![(column, (!value).into())]).await;
    }
    // The other forms of the same list agree.
    let reference = app.ids(&token, &path, json!({})).await;
    for other in [
        "v2/custom-search",
        "v3/custom-search",
        "leadManager/tracker",
    ] {
        assert_eq!(
            app.ids(&token, &format!("{BASE}/{other}"), json!({})).await,
            reference,
            "{other}"
        );
    }
    assert_eq!(
        app.ids(&token, "/api/lisa/custom-search/leadManager", json!({}))
            .await,
        reference
    );
}

/// The tracker's row of a lead (found by its customer's test number).
async fn tracked_row(app: &TestApp, token: &str, lead_id: i64) -> Value {
    let page = app
        .list(
            token,
            "/api/future-service-interaction/leadManager/tracker?size=50",
            json!({ "search": "5557140801" }),
        )
        .await;
    page["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["lead"]["id"] == lead_id)
        .cloned()
        .unwrap_or_else(|| panic!("the lead is tracked: {page}"))
}

/// The lead tracker (E-C27): each lead with how far its outreach has come. A staff text is the
/// first contact; the customer's two replies count, the first one timed from the contact.
#[tokio::test]
async fn the_tracker_shows_each_leads_contact_replies_and_visit() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557140801").await;
    let sent = app
        .post_json(
            "/api/svc-message-instance/svc-send-message",
            &token,
            &json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "SMS",
                "content": "Your 30K service is due.",
            }),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::OK);
    let before = tracked_row(&app, &token, lead.id).await;
    let replies_before = before["milestones"]["replies"].as_i64().unwrap();
    assert!(
        before["milestones"]["firstContactAt"].is_string(),
        "{before}"
    );
    for words in ["Thanks", "What does it cost?"] {
        let replied = app
            .post_json(
                &format!("/api/simulator/phones/{}/reply", lead.customer_id),
                &token,
                &json!({ "body": words }),
            )
            .await;
        assert!(replied.status().is_success());
    }
    let after = tracked_row(&app, &token, lead.id).await;
    let milestones = &after["milestones"];
    assert_eq!(milestones["replies"], replies_before + 2, "{after}");
    assert!(milestones["lastReplyAt"].is_string(), "{after}");
    assert!(milestones["minutesToFirstReply"].as_i64().unwrap_or(0) >= 0);
    assert!(milestones["followUpsSent"].as_i64().unwrap() >= 0);
}

#[tokio::test]
async fn each_named_list_selects_what_docs_lead_lists_says() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.open_lead().await;
    let now = Utc::now();
    // (path, make the lead belong, make it not belong)
    type Change = Vec<(Fsi, sea_query::Value)>;
    let cases: Vec<(&str, Change, Change)> = vec![
        (
            "/api/future-service-interaction/gi0",
            vec![(Fsi::TotalUnreadCount, 2.into())],
            vec![(Fsi::TotalUnreadCount, 0.into())],
        ),
        (
            "/api/lisa/custom-search/gi0",
            vec![(Fsi::TotalUnreadCount, 1.into())],
            vec![(Fsi::TotalUnreadCount, 0.into())],
        ),
        (
            "/api/lisa/custom-search/gi",
            vec![(Fsi::TotalInboundCount, 1.into())],
            vec![(Fsi::TotalInboundCount, 0.into())],
        ),
        (
            "/api/future-service-interaction/nraa-search",
            vec![
                (Fsi::TotalInboundCount, 0.into()),
                (Fsi::LastMessageAt, (now - Duration::days(5)).into()),
            ],
            vec![
                (Fsi::TotalInboundCount, 0.into()),
                (Fsi::LastMessageAt, now.into()),
            ],
        ),
        (
            "/api/future-service-interaction/lead-at-risk",
            vec![
                (Fsi::ResponseReqd, true.into()),
                (
                    Fsi::LastMessageReceivedAt,
                    (now - Duration::hours(3)).into(),
                ),
            ],
            vec![
                (Fsi::ResponseReqd, false.into()),
                (Fsi::ResponseInsight, None::<String>.into()),
            ],
        ),
        (
            "/api/future-service-interaction/lead-at-risk",
            vec![(Fsi::ResponseInsight, "COMPETITIVE_OFFER".into())],
            vec![(Fsi::ResponseInsight, "CONTACT_LATER".into())],
        ),
        (
            "/api/future-service-interaction/audit-planner-search",
            vec![(Fsi::PlannerName, "5K planner".into())],
            vec![(Fsi::PlannerName, None::<String>.into())],
        ),
        (
            "/api/future-service-interaction/followup",
            vec![(Fsi::FollowUpStep, "FU2".into())],
            vec![(Fsi::FollowUpStep, "E1".into())],
        ),
        // Smart follow-up: answered once, then quiet on our last message for a day or more.
        (
            "/api/lisa/custom-search/follow-up",
            vec![
                (Fsi::AppointmentSet, false.into()),
                (Fsi::TotalInboundCount, 1.into()),
                (Fsi::LastMessageReceivedAt, (now - Duration::days(3)).into()),
                (Fsi::LastMessageAt, (now - Duration::days(2)).into()),
            ],
            // The customer's answer is the last word.
            vec![
                (Fsi::TotalInboundCount, 1.into()),
                (Fsi::LastMessageReceivedAt, (now - Duration::days(3)).into()),
                (Fsi::LastMessageAt, (now - Duration::days(3)).into()),
            ],
        ),
        (
            "/api/lisa/custom-search/follow-up",
            vec![
                (Fsi::TotalInboundCount, 1.into()),
                (Fsi::LastMessageReceivedAt, (now - Duration::days(3)).into()),
                (Fsi::LastMessageAt, (now - Duration::days(2)).into()),
            ],
            // Our last message is only hours old, or the visit is booked.
            vec![
                (Fsi::TotalInboundCount, 1.into()),
                (Fsi::LastMessageReceivedAt, (now - Duration::days(3)).into()),
                (Fsi::LastMessageAt, (now - Duration::hours(3)).into()),
            ],
        ),
        (
            "/api/lisa/custom-search/follow-up",
            vec![
                (Fsi::AppointmentSet, false.into()),
                (Fsi::TotalInboundCount, 1.into()),
                (Fsi::LastMessageReceivedAt, (now - Duration::days(3)).into()),
                (Fsi::LastMessageAt, (now - Duration::days(2)).into()),
            ],
            vec![(Fsi::AppointmentSet, true.into())],
        ),
        (
            "/api/future-service-interaction/email/follow-up",
            vec![(Fsi::FollowUpStep, "E2".into())],
            vec![(Fsi::FollowUpStep, "FU1".into())],
        ),
        (
            "/api/future-service-interaction/contact-later-lm2-search",
            vec![(Fsi::ContactLaterAt, (now + Duration::days(30)).into())],
            vec![(Fsi::ContactLaterAt, None::<chrono::DateTime<Utc>>.into())],
        ),
        (
            "/api/future-service-interaction/contact-later-gi-search",
            vec![
                (Fsi::ContactLaterAt, (now + Duration::days(30)).into()),
                (Fsi::TotalInboundCount, 1.into()),
            ],
            vec![
                (Fsi::ContactLaterAt, (now + Duration::days(30)).into()),
                (Fsi::TotalInboundCount, 0.into()),
            ],
        ),
        (
            "/api/marks/search-by-contact-later",
            vec![(Fsi::ContactLaterAt, (now + Duration::days(9)).into())],
            vec![(Fsi::ContactLaterAt, None::<chrono::DateTime<Utc>>.into())],
        ),
        (
            "/api/future-service-interaction/archived-screen",
            vec![(Fsi::Archived, true.into())],
            vec![(Fsi::Archived, false.into())],
        ),
        (
            "/api/future-service-interaction/first-interaction",
            vec![(Fsi::ConversationInitiated, false.into())],
            vec![(Fsi::ConversationInitiated, true.into())],
        ),
        (
            "/api/lisa/custom-search/automated/lead-manager",
            vec![(Fsi::AiEnabled, true.into())],
            vec![(Fsi::AiEnabled, false.into())],
        ),
        (
            "/api/future-service-interaction/openro/custom-search",
            vec![(Fsi::OpenRoId, open_ro(&app).await.into())],
            vec![(Fsi::OpenRoId, None::<i64>.into())],
        ),
        (
            "/api/future-service-interaction/openro/v2/leadManager",
            vec![(Fsi::OpenRoId, open_ro(&app).await.into())],
            vec![(Fsi::OpenRoId, None::<i64>.into())],
        ),
    ];
    for (path, belong, leave) in cases {
        app.set_lead(lead, belong).await;
        assert!(
            app.ids(&token, path, json!({})).await.contains(&lead),
            "{path} should hold the lead"
        );
        app.set_lead(lead, leave).await;
        assert!(
            !app.ids(&token, path, json!({})).await.contains(&lead),
            "{path} should not hold the lead"
        );
        app.open_lead().await;
    }

    // Opted-out customers (TCPA) follow the customer's block flag.
    for (blocked, expected) in [(true, true), (false, false)] {
        let update = Query::update()
            .table(Customers::Table)
            .value(Customers::BlockSms, blocked)
            .and_where(Expr::col(Customers::Id).eq(customer))
            .to_owned();
        app.db.execute(&update).await.unwrap();
        for path in [
            "/api/future-service-interaction/tcpa-search",
            "/api/lisa/custom-search/sms-opt-out",
        ] {
            assert_eq!(
                app.ids(&token, path, json!({})).await.contains(&lead),
                expected,
                "{path}"
            );
        }
    }
}

async fn open_ro(app: &TestApp) -> i64 {
    let query = Query::select()
        .expr(Expr::col(engine::store::schema::RepairOrders::Id).max())
        .from(engine::store::schema::RepairOrders::Table)
        .to_owned();
    app.db.fetch_scalar(&query).await.unwrap()
}

#[tokio::test]
async fn the_failure_and_handoff_lists_look_at_the_messages() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.open_lead().await;
    let message = |status: &str, notification: &str, at: chrono::DateTime<Utc>| {
        Query::insert()
            .into_table(Msg::Table)
            .columns([
                Msg::EnterpriseId,
                Msg::StoreId,
                Msg::FsiId,
                Msg::CustomerId,
                Msg::Direction,
                Msg::MessageType,
                Msg::NotificationType,
                Msg::Content,
                Msg::MessageStatus,
                Msg::CreatedAt,
                Msg::UpdatedAt,
            ])
            .values_panic([
                1.into(),
                1.into(),
                lead.into(),
                customer.into(),
                "SENT".into(),
                "SMS".into(),
                notification.into(),
                "x".into(),
                status.into(),
                at.into(),
                at.into(),
            ])
            .to_owned()
    };
    let failures = "/api/lisa/followup-failure/v2";
    app.db
        .execute(&message("failed", "MESSAGE_TO_CUSTOMER", Utc::now()))
        .await
        .unwrap();
    assert!(app.ids(&token, failures, json!({})).await.contains(&lead));
    // A later text that went through clears it: only the latest outbound counts.
    app.db
        .execute(&message("delivered", "MESSAGE_TO_CUSTOMER", Utc::now()))
        .await
        .unwrap();
    assert!(!app.ids(&token, failures, json!({})).await.contains(&lead));

    let handoffs = "/api/future-service-interaction/gmhandoff";
    assert!(!app.ids(&token, handoffs, json!({})).await.contains(&lead));
    app.db
        .execute(&message(
            "delivered",
            "INTERNAL_NOTIFICATION_GM",
            Utc::now(),
        ))
        .await
        .unwrap();
    assert!(app.ids(&token, handoffs, json!({})).await.contains(&lead));
}

#[tokio::test]
async fn the_search_payload_narrows_by_store_service_dates_text_and_flags() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (lead, _) = app.open_lead().await;
    let path = format!("{BASE}/custom-search");
    let detail: Value = app
        .get(&format!("{BASE}/{lead}"), Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let service_type = detail["serviceType"].as_str().unwrap().to_owned();
    let last_name = detail["customerMaster"]["lastName"]
        .as_str()
        .unwrap()
        .to_owned();
    let vin = detail["vin"].as_str().unwrap_or_default().to_owned();
    let today = Utc::now().date_naive();

    let holds = |body: Value| {
        let path = path.clone();
        let token = token.clone();
        let app = &app;
        async move { app.ids(&token, &path, body).await.contains(&lead) }
    };
    assert!(holds(json!({ "storeIds": [1] })).await);
    assert!(!holds(json!({ "storeIds": [2] })).await);
    assert!(holds(json!({ "serviceTypes": [service_type] })).await);
    assert!(!holds(json!({ "serviceTypes": ["NO_SUCH_SERVICE"] })).await);
    assert!(holds(json!({ "startDate": today.to_string(), "endDate": today.to_string() })).await);
    assert!(holds(json!({ "startDate": today.format("%d.%m.%Y").to_string() })).await);
    assert!(!holds(json!({ "endDate": (today - Duration::days(1)).to_string() })).await);
    assert!(holds(json!({ "searchText": last_name.to_uppercase() })).await);
    if !vin.is_empty() {
        assert!(holds(json!({ "searchText": &vin[9..] })).await);
    }
    assert!(!holds(json!({ "searchText": "zzzz-nobody" })).await);
    app.set_lead(lead, vec![(Fsi::AiEnabled, false.into())])
        .await;
    assert!(holds(json!({ "aiEnabled": false })).await);
    assert!(!holds(json!({ "aiEnabled": true })).await);

    // Sorted as asked.
    let by_name = app
        .list(
            &token,
            &format!("{path}?size=500"),
            json!({ "sortBy": "customerName", "sortDirection": "ASC" }),
        )
        .await;
    let names: Vec<String> = by_name["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["customerMaster"]["lastName"].as_str().unwrap().to_owned())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}

#[tokio::test]
async fn lists_page_on_the_server() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let path = format!("{BASE}/first-interaction");
    let all = app.ids(&token, &path, json!({})).await;
    assert!(all.len() > 10, "the demo world has leads to page through");
    let mut seen = HashSet::new();
    let mut page = 0;
    loop {
        let body = app
            .list(&token, &format!("{path}?size=7&page={page}"), json!({}))
            .await;
        assert_eq!(body["totalElements"].as_u64().unwrap(), all.len() as u64);
        assert_eq!(body["size"], 7);
        let content = body["content"].as_array().unwrap();
        if content.is_empty() {
            break;
        }
        assert!(content.len() <= 7);
        for lead in content {
            assert!(seen.insert(lead["id"].as_i64().unwrap()), "no lead twice");
        }
        page += 1;
    }
    assert_eq!(seen, all);
}

#[tokio::test]
async fn lists_stay_inside_the_callers_scope_and_refuse_bad_payloads() {
    let app = spawn_app().await;
    let path = format!("{BASE}/custom-search");
    let store_user = app.token_of("office-manager").await;
    let store_page = app
        .list(&store_user, &format!("{path}?size=500"), json!({}))
        .await;
    assert!(
        store_page["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["storeMaster"]["id"] == 1),
        "a store-level user sees their store only"
    );
    let summit = app.token_of("summit-admin").await;
    let summit_page = app
        .list(&summit, &format!("{path}?size=500"), json!({}))
        .await;
    assert!(
        summit_page["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["companyId"] == 2)
    );
    // Another tenant's store or dealer, or enterprise, is not found.
    assert_error(
        app.post_json(&path, &summit, &json!({ "storeIds": [1] }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.post_json(&path, &store_user, &json!({ "storeIds": [2] }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.post_json(&path, &summit, &json!({ "enterpriseId": 1 }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    for body in [
        json!({ "startDate": "2026-13-45" }),
        json!({ "startDate": "2026-05-02", "endDate": "2026-05-01" }),
        json!({ "sortBy": "shoeSize" }),
        json!({ "sortDirection": "sideways" }),
        json!({ "storeIds": "1" }),
    ] {
        assert_error(
            app.post_json(&path, &store_user, &body).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    assert_error(
        app.post_json(&format!("{path}?size=501"), &store_user, &json!({}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let anonymous = app
        .client
        .post(app.url(&path))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn counts_and_summaries_match_the_lists() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let count: Value = app
        .list(
            &token,
            "/api/lisa/custom-search/appointment-set-count",
            json!({ "storeIds": [1] }),
        )
        .await;
    let expected: i64 = {
        let query = Query::select()
            .expr(Expr::col(Fsi::Id).count())
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::StoreId).eq(1))
            .and_where(Expr::col(Fsi::AppointmentSet).eq(true))
            .and_where(Expr::col(Fsi::Archived).eq(false))
            .to_owned();
        app.db.fetch_scalar(&query).await.unwrap()
    };
    assert_eq!(count["count"].as_i64().unwrap(), expected);
    let summary = app
        .list(
            &token,
            "/api/future-service-interaction/summaryReport",
            json!({}),
        )
        .await;
    let by_status: i64 = summary["byStatus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["count"].as_i64().unwrap())
        .sum();
    assert_eq!(by_status, summary["totalElements"].as_i64().unwrap());
    assert!(by_status > 0);
}

/// A text search matching few customers reads their leads by id; a broad one stays a subquery.
/// Both must select the same leads.
#[tokio::test]
async fn a_broad_text_search_selects_what_a_narrow_one_does() {
    let app = spawn_app().await;
    let scope = Scope {
        enterprise_id: 1,
        boc_id: None,
        store_id: None,
    };
    let page = PageRequest::new(Some(0), Some(500)).unwrap();
    let narrow = LeadListStore::new(app.db.clone());
    let broad = LeadListStore::new(app.db.clone()).with_text_match_ids(1);
    let ids = |page: engine::store::Page<engine::store::leads::LeadRecord>| {
        page.content.iter().map(|lead| lead.id).collect::<Vec<_>>()
    };
    for text in ["ar", "an", "zzzz-nobody"] {
        let search = LeadSearch {
            search: Some(text.to_owned()),
            ..LeadSearch::default()
        };
        let by_ids = narrow
            .search(&scope, LeadList::All, &search, page, Utc::now())
            .await
            .unwrap();
        let by_subquery = broad
            .search(&scope, LeadList::All, &search, page, Utc::now())
            .await
            .unwrap();
        if text != "zzzz-nobody" {
            assert!(by_ids.total_elements > 1, "{text:?} matches several leads");
        }
        assert_eq!(
            by_ids.total_elements, by_subquery.total_elements,
            "{text:?}"
        );
        assert_eq!(ids(by_ids), ids(by_subquery), "{text:?}");
    }
}
