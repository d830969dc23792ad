//! Bulk conversation initiation: the dry run, the run as a job, its per-lead results and
//! report, tenancy and roles.

use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, Offices, Stores,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Func, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

const BULK: &str = "/api/service-workflow/bulk/initiate";
const REPORT: &str = "/api/lisa/report/bulk-conversation";

impl TestApp {
    /// `n` leads of store 1, one per customer, none contacted, every customer reachable, and
    /// store 1's allowed hours open now.
    pub async fn reachable_leads(&self, n: usize) -> Vec<(i64, i64)> {
        let query = Query::select()
            .columns([Fsi::Id, Fsi::CustomerId])
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::StoreId).eq(1))
            .order_by(Fsi::Id, sea_query::Order::Desc)
            .to_owned();
        let all: Vec<(i64, i64)> = self.db.fetch_all(&query).await.unwrap();
        let mut picked: Vec<(i64, i64)> = Vec::new();
        for (lead, customer) in all {
            if picked.len() < n && !picked.iter().any(|(_, c)| *c == customer) {
                picked.push((lead, customer));
            }
        }
        assert_eq!(
            picked.len(),
            n,
            "the demo world has {n} customers at store 1"
        );
        let customers: Vec<i64> = picked.iter().map(|(_, c)| *c).collect();
        let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
        let statements = [
            Query::update()
                .table(Fsi::Table)
                .value(Fsi::ConversationInitiated, false)
                .value(Fsi::ConversationClosed, true)
                .and_where(Expr::col(Fsi::CustomerId).is_in(customers.clone()))
                .to_owned(),
            Query::update()
                .table(Fsi::Table)
                .value(Fsi::ConversationClosed, false)
                .value(Fsi::Archived, false)
                .value(Fsi::AiEnabled, true)
                .value(Fsi::AppointmentSet, false)
                .and_where(Expr::col(Fsi::Id).is_in(leads))
                .to_owned(),
            Query::update()
                .table(Customers::Table)
                .value(Customers::BlockSms, false)
                .value(Customers::AiEnabled, true)
                .value(Customers::LineType, Option::<String>::None)
                .value(Customers::TimeZone, Option::<String>::None)
                .and_where(Expr::col(Customers::Id).is_in(customers.clone()))
                .to_owned(),
        ];
        for statement in &statements {
            self.db.execute(statement).await.unwrap();
        }
        for (i, customer) in customers.iter().enumerate() {
            let phone = format!("+1415555{:04}", 1000 + i);
            let update = Query::update()
                .table(Customers::Table)
                .value(Customers::Cellular, phone)
                .and_where(Expr::col(Customers::Id).eq(*customer))
                .to_owned();
            self.db.execute(&update).await.unwrap();
        }
        self.open_store_hours(true).await;
        picked
    }

    /// Sets store 1's allowed hours to a window around now (`open`) or one excluding now.
    pub async fn open_store_hours(&self, open: bool) {
        let zone = Query::select()
            .column((Offices::Table, Offices::TimeZone))
            .from(Stores::Table)
            .inner_join(
                Offices::Table,
                Expr::col((Offices::Table, Offices::Id)).equals((Stores::Table, Stores::OfficeId)),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).eq(1))
            .to_owned();
        let (zone,): (String,) = self.db.fetch_optional(&zone).await.unwrap().unwrap();
        let zone: chrono_tz::Tz = zone.parse().unwrap();
        let local = chrono::Utc::now().with_timezone(&zone);
        let at = |hours: i64| {
            (local + chrono::Duration::hours(hours))
                .format("%H:%M")
                .to_string()
        };
        let (start, end) = if open {
            (at(-2), at(2))
        } else {
            (at(2), at(4))
        };
        let update = Query::update()
            .table(Stores::Table)
            .value(Stores::QuietHoursStart, start)
            .value(Stores::QuietHoursEnd, end)
            .and_where(Expr::col(Stores::Id).eq(1))
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }

    /// The newest message's id: texts counted after it are the test's own.
    pub async fn last_message_id(&self) -> i64 {
        self.db
            .fetch_scalar::<Option<i64>>(
                Query::select()
                    .expr(Func::max(Expr::col(Msg::Id)))
                    .from(Msg::Table),
            )
            .await
            .unwrap()
            .unwrap_or(0)
    }

    /// Automated texts to the lead since the message `after`.
    async fn automated_texts_to(&self, lead: i64, after: i64) -> i64 {
        self.db
            .fetch_scalar(
                Query::select()
                    .expr(Func::count(Expr::col(Msg::Id)))
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead))
                    .and_where(Expr::col(Msg::Id).gt(after))
                    .and_where(Expr::col(Msg::IsAutomated).eq(true))
                    .and_where(Expr::col(Msg::Direction).is_in(["SEND", "SENT"])),
            )
            .await
            .unwrap()
    }

    async fn set_customer(&self, customer: i64, column: Customers, value: sea_query::Value) {
        let update = Query::update()
            .table(Customers::Table)
            .value(column, value)
            .and_where(Expr::col(Customers::Id).eq(customer))
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }
}

/// Four leads: one reachable, one opted out, one without a mobile number, one on a landline.
async fn mixed_leads(app: &TestApp) -> Vec<i64> {
    let picked = app.reachable_leads(4).await;
    app.set_customer(picked[1].1, Customers::BlockSms, true.into())
        .await;
    app.set_customer(
        picked[2].1,
        Customers::Cellular,
        Option::<String>::None.into(),
    )
    .await;
    app.set_customer(picked[3].1, Customers::LineType, "LANDLINE".into())
        .await;
    picked.iter().map(|(lead, _)| *lead).collect()
}

/// A dry run's row of a lead.
fn row_of(dry: &Value, lead: i64) -> &Value {
    dry["leads"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["futureServiceInteractionId"] == lead)
        .unwrap_or_else(|| panic!("lead {lead} in {dry}"))
}

fn reasons(answer: &Value) -> Vec<(String, i64)> {
    let mut found: Vec<(String, i64)> = answer["skippedByReason"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["reason"].as_str().unwrap().to_owned(),
                r["count"].as_i64().unwrap(),
            )
        })
        .collect();
    found.sort();
    found
}

#[tokio::test]
async fn a_dry_run_says_who_would_be_texted_and_why_the_others_are_skipped_and_sends_nothing() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let leads = mixed_leads(&app).await;
    let mark = app.last_message_id().await;

    let answer = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": leads, "dryRun": true })),
        )
        .await;
    let dry = &answer["dryRun"];
    assert_eq!(answer["message"], "Dry run");
    assert_eq!(answer["jobRun"], Value::Null, "{answer}");
    assert_eq!(dry["total"], 4, "{dry}");
    assert_eq!(dry["toSend"], 1, "{dry}");
    assert_eq!(dry["skipped"], 3, "{dry}");
    assert_eq!(
        reasons(dry),
        vec![
            ("LANDLINE".to_owned(), 1),
            ("NO_MOBILE".to_owned(), 1),
            ("OPTED_OUT".to_owned(), 1)
        ]
    );
    let first = row_of(dry, leads[0]);
    assert_eq!(first["outcome"], "SENT");
    let text = first["text"].as_str().unwrap();
    assert!(!text.contains("{{") && !text.is_empty(), "{text}");
    let opted_out = row_of(dry, leads[1]);
    assert_eq!(opted_out["outcome"], "SKIPPED");
    assert_eq!(opted_out["reason"], "OPTED_OUT");
    assert_eq!(opted_out["reasonLabel"], "Opted out of texts");

    // Nothing was sent or marked.
    for lead in &leads {
        assert_eq!(app.automated_texts_to(*lead, mark).await, 0);
    }
    let lead: Value = app
        .ok_json(
            Method::GET,
            &format!("/api/future-service-interaction/{}", leads[0]),
            &token,
            None,
        )
        .await;
    assert_eq!(lead["conversationInitiated"], false);
}

#[tokio::test]
async fn outside_allowed_hours_a_text_is_deferred_not_dropped() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(1).await;
    app.open_store_hours(false).await;
    let leads = vec![picked[0].0];
    let dry = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": leads, "dryRun": true })),
        )
        .await;
    assert_eq!(dry["dryRun"]["deferred"], 1, "{dry}");
    assert!(dry["dryRun"]["leads"][0]["deferredUntil"].is_string());

    let started = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": leads })),
        )
        .await;
    let run = started["jobRun"]["id"].as_i64().unwrap();
    let detail = app.wait_until_final(&token, run).await;
    assert_eq!(detail["run"]["result"]["deferred"], 1, "{detail}");
    let report = app
        .ok_json(
            Method::GET,
            &format!("{REPORT}/status?jobRunId={run}"),
            &token,
            None,
        )
        .await;
    let row = &report["content"][0];
    assert_eq!(row["outcome"], "DEFERRED", "{report}");
    assert!(row["scheduledFor"].is_string());
    assert_eq!(row["messageStatus"], "queued");
}

#[tokio::test]
async fn a_bulk_run_texts_each_lead_once_records_every_skip_and_reports_them() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let leads = mixed_leads(&app).await;
    let mark = app.last_message_id().await;
    // The same lead twice in the request is one lead.
    let mut asked = leads.clone();
    asked.push(leads[0]);

    let started = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": asked })),
        )
        .await;
    assert_eq!(
        started["message"],
        "Processing has been started successfully"
    );
    assert_eq!(started["jobRun"]["kind"], "outreach.bulk-initiate");
    let run = started["jobRun"]["id"].as_i64().unwrap();
    let detail = app.wait_until_final(&token, run).await;
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    let result = &detail["run"]["result"];
    assert_eq!(result["sent"], 1, "{result}");
    assert_eq!(result["skipped"], 3, "{result}");
    assert_eq!(result["skippedByReason"]["OPTED_OUT"], 1);
    assert_eq!(detail["run"]["counts"]["total"], 4);
    assert_eq!(detail["run"]["counts"]["done"], 1);
    assert_eq!(detail["run"]["counts"]["skipped"], 3);

    assert_eq!(app.automated_texts_to(leads[0], mark).await, 1);
    for lead in &leads[1..] {
        assert_eq!(app.automated_texts_to(*lead, mark).await, 0);
    }

    let all = app
        .ok_json(
            Method::GET,
            &format!("{REPORT}/status?jobRunId={run}"),
            &token,
            None,
        )
        .await;
    assert_eq!(all["totalElements"], 4, "{all}");
    let failed = app
        .ok_json(
            Method::GET,
            &format!("{REPORT}/failed?jobRunId={run}"),
            &token,
            None,
        )
        .await;
    assert_eq!(failed["totalElements"], 3, "{failed}");
    assert!(
        failed["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["outcome"] == "SKIPPED" && r["reasonLabel"].is_string())
    );
    let today = app
        .ok_json(Method::GET, &format!("{REPORT}/current-date"), &token, None)
        .await;
    assert_eq!(today["totalElements"], 4, "{today}");

    // Asked again, the lead texted before is not texted twice.
    let again = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": [leads[0]] })),
        )
        .await;
    let second = again["jobRun"]["id"].as_i64().unwrap();
    let detail = app.wait_until_final(&token, second).await;
    assert_eq!(
        detail["run"]["result"]["skippedByReason"]["ALREADY_STARTED"], 1,
        "{detail}"
    );
    assert_eq!(app.automated_texts_to(leads[0], mark).await, 1);
}

#[tokio::test]
async fn one_customer_with_two_leads_in_a_run_is_texted_once() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(2).await;
    let mark = app.last_message_id().await;
    // The second lead now belongs to the first lead's customer.
    let update = Query::update()
        .table(Fsi::Table)
        .value(Fsi::CustomerId, picked[0].1)
        .and_where(Expr::col(Fsi::Id).eq(picked[1].0))
        .to_owned();
    app.db.execute(&update).await.unwrap();
    let leads = vec![picked[0].0, picked[1].0];
    let dry = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": leads, "dryRun": true })),
        )
        .await;
    assert_eq!(dry["dryRun"]["toSend"], 1, "{dry}");
    assert_eq!(
        reasons(&dry["dryRun"]),
        vec![("CUSTOMER_IN_RUN".to_owned(), 1)]
    );

    let started = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({ "leadIds": leads })),
        )
        .await;
    let run = started["jobRun"]["id"].as_i64().unwrap();
    let detail = app.wait_until_final(&token, run).await;
    assert_eq!(detail["run"]["result"]["sent"], 1, "{detail}");
    let texts =
        app.automated_texts_to(leads[0], mark).await + app.automated_texts_to(leads[1], mark).await;
    assert_eq!(texts, 1);
}

#[tokio::test]
async fn templates_per_service_type_are_used_and_a_missing_field_skips_the_lead() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(2).await;
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    app.set_customer(picked[1].1, Customers::Email, Option::<String>::None.into())
        .await;
    let created = app
        .ok_json(
            Method::POST,
            "/api/customTemplate",
            &token,
            Some(json!({
                "title": "Bulk opener",
                "body": "Hello {{customer_first_name}}, write to us from {{customer_email}}",
                "serviceType": "ALL",
            })),
        )
        .await;
    let template = created["id"].as_i64().unwrap();
    let dry = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({
                "leadIds": leads,
                "templates": [{ "serviceType": "ALL", "templateId": template }],
                "dryRun": true,
            })),
        )
        .await;
    let texted = row_of(&dry["dryRun"], leads[0]);
    assert!(
        texted["text"].as_str().unwrap().starts_with("Hello "),
        "{dry}"
    );
    let skipped = row_of(&dry["dryRun"], leads[1]);
    assert_eq!(skipped["reason"], "MISSING_TEMPLATE_FIELD", "{dry}");
    assert_eq!(skipped["detail"], "customer_email");
}

#[tokio::test]
async fn a_list_with_the_lead_lists_filter_selects_the_run() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    app.reachable_leads(3).await;
    let listed = app
        .ok_json(
            Method::POST,
            "/api/future-service-interaction/first-interaction?size=1",
            &token,
            Some(json!({ "storeIds": [1] })),
        )
        .await;
    let dry = app
        .ok_json(
            Method::POST,
            BULK,
            &token,
            Some(json!({
                "list": "first-interaction",
                "filter": { "storeIds": [1] },
                "dryRun": true,
            })),
        )
        .await;
    assert_eq!(dry["dryRun"]["total"], listed["totalElements"], "{dry}");
    assert!(dry["dryRun"]["total"].as_u64().unwrap() >= 3);
}

#[tokio::test]
async fn bad_requests_change_nothing_and_say_why() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let leads = app.reachable_leads(1).await;
    let lead = leads[0].0;
    let mark = app.last_message_id().await;
    // The demo world's history is there already (the runs that opened its conversations).
    let runs_before = app
        .ok_json(
            Method::GET,
            "/api/jobs?kind=outreach.bulk-initiate",
            &token,
            None,
        )
        .await;
    for (body, status, wanted) in [
        (json!({}), StatusCode::BAD_REQUEST, "Give leadIds or a list"),
        (
            json!({ "leadIds": [lead], "list": "first-interaction" }),
            StatusCode::BAD_REQUEST,
            "not both",
        ),
        (
            json!({ "list": "nonsense" }),
            StatusCode::BAD_REQUEST,
            "list must be one of",
        ),
        (
            json!({ "filter": { "storeIds": [1] } }),
            StatusCode::BAD_REQUEST,
            "A filter needs a list",
        ),
        (
            json!({ "leadIds": [lead, 99_999_999] }),
            StatusCode::NOT_FOUND,
            "Lead 99999999 not found",
        ),
        (
            json!({ "leadIds": [lead], "templates": [{ "serviceType": "NOPE", "templateId": 1 }] }),
            StatusCode::BAD_REQUEST,
            "",
        ),
        (
            json!({ "leadIds": [lead], "templates": [{ "serviceType": "ALL", "templateId": 99_999_999 }] }),
            StatusCode::NOT_FOUND,
            "Template 99999999 not found",
        ),
        (
            json!({ "list": "first-interaction", "filter": { "storeIds": [99_999] } }),
            StatusCode::NOT_FOUND,
            "Store 99999 not found",
        ),
        (json!({ "leadIds": ["x"] }), StatusCode::BAD_REQUEST, ""),
    ] {
        let response = app
            .request(Method::POST, BULK, &token, Some(body.clone()))
            .await;
        let message = assert_error(response, status).await;
        assert!(message.contains(wanted), "{body}: {message}");
    }
    assert_eq!(app.automated_texts_to(lead, mark).await, 0);
    let runs = app
        .ok_json(
            Method::GET,
            "/api/jobs?kind=outreach.bulk-initiate",
            &token,
            None,
        )
        .await;
    assert_eq!(
        runs["totalElements"], runs_before["totalElements"],
        "{runs}"
    );
}

#[tokio::test]
async fn only_managers_start_bulk_runs_and_other_tenants_leads_and_runs_are_not_found() {
    let app = spawn_app().await;
    let manager = app.token_of("office-manager").await;
    let leads = app.reachable_leads(1).await;
    let lead = leads[0].0;
    let rep = app.token_of("sales-rep").await;
    let refused = app
        .request(
            Method::POST,
            BULK,
            &rep,
            Some(json!({ "leadIds": [lead], "dryRun": true })),
        )
        .await;
    assert_error(refused, StatusCode::FORBIDDEN).await;

    let other = app.token_of("summit-admin").await;
    let foreign = app
        .request(
            Method::POST,
            BULK,
            &other,
            Some(json!({ "leadIds": [lead], "dryRun": true })),
        )
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;

    let started = app
        .ok_json(
            Method::POST,
            BULK,
            &manager,
            Some(json!({ "leadIds": [lead] })),
        )
        .await;
    let run = started["jobRun"]["id"].as_i64().unwrap();
    app.wait_until_final(&manager, run).await;
    for path in [
        format!("{REPORT}/status?jobRunId={run}"),
        format!("{REPORT}/failed?jobRunId={run}"),
    ] {
        let response = app.request(Method::GET, &path, &other, None).await;
        assert_error(response, StatusCode::NOT_FOUND).await;
    }
    let response = app
        .request(
            Method::GET,
            &format!("{REPORT}/status?storeId=1"),
            &other,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let theirs = app
        .ok_json(
            Method::GET,
            &format!("{REPORT}/status?size=500"),
            &other,
            None,
        )
        .await;
    let runs_seen: Vec<i64> = theirs["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["jobRunId"].as_i64().unwrap())
        .collect();
    assert!(!runs_seen.contains(&run), "{theirs}");
}
