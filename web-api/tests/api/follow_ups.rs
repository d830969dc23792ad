//! Follow-up cadences: the sweep sends each due step once and stops on a reply, an opt-out, a
//! booking, a closed conversation or a handoff; steps by hand; stores' cadences; the no-show
//! text.

use chrono::{DateTime, Duration, Utc};
use engine::store::schema::{Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Func, Query};
use serde_json::{Value, json};

use crate::booking::a_free_monday;
use crate::helpers::{TestApp, assert_error, spawn_app};

const INITIATE: &str = "/api/service-workflow/follow-up/initiate";
const CADENCE: &str = "/api/follow-up/cadence";

impl TestApp {
    async fn follow_up_of(
        &self,
        lead: i64,
    ) -> (Option<String>, Option<DateTime<Utc>>, Option<String>) {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([Fsi::FollowUpStep, Fsi::FollowUpAt, Fsi::FollowUpStopped])
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::Id).eq(lead)),
            )
            .await
            .unwrap()
            .unwrap()
    }

    /// Takes every demo lead off its cadence, so a sweep sees only the test's leads.
    async fn quiet_follow_ups(&self) {
        let update = Query::update()
            .table(Fsi::Table)
            .value(Fsi::FollowUpStep, Option::<String>::None)
            .value(Fsi::FollowUpAt, Option::<DateTime<Utc>>::None)
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }

    /// Makes the lead's step due an hour ago, its last outbound two days ago.
    async fn make_due(&self, lead: i64, step: &str) {
        let now = Utc::now();
        let update = Query::update()
            .table(Fsi::Table)
            .value(Fsi::FollowUpStep, step)
            .value(Fsi::FollowUpAt, now - Duration::hours(1))
            .value(Fsi::FollowUpSince, now - Duration::days(2))
            .and_where(Expr::col(Fsi::Id).eq(lead))
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }

    async fn lead_set(&self, lead: i64, column: Fsi, value: sea_query::Value) {
        let update = Query::update()
            .table(Fsi::Table)
            .value(column, value)
            .and_where(Expr::col(Fsi::Id).eq(lead))
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }

    async fn texts_since(&self, lead: i64, after: i64) -> Vec<(String, String)> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([Msg::MessageType, Msg::Content])
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead))
                    .and_where(Expr::col(Msg::Id).gt(after))
                    .and_where(Expr::col(Msg::IsAutomated).eq(true)),
            )
            .await
            .unwrap()
    }

    /// Runs the enterprise's sweep (as its administrator) and answers its result.
    async fn sweep(&self) -> Value {
        let token = &self.token_of("enterprise-admin").await;
        let id = self
            .start_job(token, "outreach.follow-up-sweep", json!({}))
            .await;
        let detail = self.wait_until_final(token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        detail["run"]["result"].clone()
    }
}

#[tokio::test]
async fn a_started_conversation_is_followed_up_step_by_step_each_step_once() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let lead = app.reachable_leads(1).await[0].0;
    app.quiet_follow_ups().await;
    let started = app
        .ok_json(
            Method::GET,
            &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(started["message"], "Successfully Started");
    let (step, at, _) = app.follow_up_of(lead).await;
    assert_eq!(step.as_deref(), Some("FU1"));
    let wait = at.unwrap() - Utc::now();
    assert!(
        wait > Duration::hours(23) && wait <= Duration::hours(24),
        "{wait}"
    );

    // Not due yet: nothing goes out.
    let mark = app.last_message_id().await;
    let result = app.sweep().await;
    assert_eq!(result["due"], 0, "{result}");

    app.make_due(lead, "FU1").await;
    let result = app.sweep().await;
    assert_eq!(result["sent"], 1, "{result}");
    let texts = app.texts_since(lead, mark).await;
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].1.contains("checking in"), "{texts:?}");
    let (step, at, _) = app.follow_up_of(lead).await;
    assert_eq!(step.as_deref(), Some("FU2"));
    assert!(at.unwrap() - Utc::now() > Duration::hours(71));

    // Swept again, the step is not sent twice.
    let result = app.sweep().await;
    assert_eq!(result["due"], 0, "{result}");
    assert_eq!(app.texts_since(lead, mark).await.len(), 1);

    // FUDT, the last text step, asks for a time and switches the date-time dialogue on.
    app.make_due(lead, "FUDT").await;
    app.sweep().await;
    let (step, _, stopped) = app.follow_up_of(lead).await;
    assert_eq!(step, None);
    assert_eq!(stopped.as_deref(), Some("COMPLETED"));
    let lead_json = app
        .ok_json(
            Method::GET,
            &format!("/api/future-service-interaction/{lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(lead_json["dtDialogEnabled"], true, "{lead_json}");
}

#[tokio::test]
async fn a_reply_an_opt_out_a_booking_a_closed_conversation_or_a_handoff_ends_the_cadence() {
    let app = spawn_app().await;
    let picked = app.reachable_leads(5).await;
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    app.quiet_follow_ups().await;
    for lead in &leads {
        app.make_due(*lead, "FU2").await;
    }
    app.lead_set(leads[0], Fsi::LastMessageReceivedAt, Utc::now().into())
        .await;
    let opt_out = Query::update()
        .table(Customers::Table)
        .value(Customers::BlockSms, true)
        .and_where(Expr::col(Customers::Id).eq(picked[1].1))
        .to_owned();
    app.db.execute(&opt_out).await.unwrap();
    app.lead_set(leads[2], Fsi::AppointmentSet, true.into())
        .await;
    app.lead_set(leads[3], Fsi::ConversationClosed, true.into())
        .await;
    app.lead_set(leads[4], Fsi::AiEnabled, false.into()).await;
    let mark = app.last_message_id().await;

    let result = app.sweep().await;
    assert_eq!(result["sent"], 0, "{result}");
    for (lead, reason) in
        leads
            .iter()
            .zip(["REPLIED", "OPTED_OUT", "BOOKED", "CLOSED", "ASSISTANT_OFF"])
    {
        let (step, _, stopped) = app.follow_up_of(*lead).await;
        assert_eq!(step, None, "lead {lead}");
        assert_eq!(stopped.as_deref(), Some(reason), "lead {lead}");
        assert!(app.texts_since(*lead, mark).await.is_empty());
    }
}

#[tokio::test]
async fn a_customers_reply_ends_the_cadence_at_once() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.ok_json(
        Method::GET,
        &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
        &token,
        None,
    )
    .await;
    let response = app
        .post_json(
            &format!("/api/simulator/phones/{customer}/reply"),
            &token,
            &json!({ "body": "Thanks, I will think about it" }),
        )
        .await;
    assert!(
        response.status().is_success(),
        "{:?}",
        response.text().await
    );
    let (step, _, stopped) = app.follow_up_of(lead).await;
    assert_eq!(step, None);
    assert_eq!(stopped.as_deref(), Some("REPLIED"));
}

#[tokio::test]
async fn staff_send_a_step_by_hand_with_the_stores_text_or_their_own() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(2).await;
    let lead = picked[0].0;
    let mark = app.last_message_id().await;
    let sent = app
        .ok_json(
            Method::POST,
            &format!("{INITIATE}?future-service-interaction-id={lead}&followupType=fu2"),
            &token,
            None,
        )
        .await;
    assert_eq!(sent["message"], "Successfully Initiated!");
    assert_eq!(sent["messageInstance"]["isAutomated"], true);
    assert_eq!(sent["nextFollowUpStep"], "FU3");

    // An e-mail step with staff's subject and text.
    let email = app
        .ok_json(
            Method::POST,
            &format!("/api/future-service-interaction/workflow/followup?future-service-interaction-id={lead}"),
            &token,
            Some(json!({ "followupType": "E1", "subject": "Your visit", "content": "Hello {{customer_first_name}}", "screen": "inbox" })),
        )
        .await;
    assert_eq!(email["messageInstance"]["messageType"], "EMAIL", "{email}");
    assert_eq!(email["messageInstance"]["subject"], "Your visit");
    assert_eq!(email["nextFollowUpStep"], "S1");
    assert_eq!(app.texts_since(lead, mark).await.len(), 2);

    let path = format!(
        "/api/future-service-interaction/workflow/followup?future-service-interaction-id={lead}"
    );
    for (body, wanted) in [
        (
            json!({ "followupType": "E2", "subject": " " }),
            "Please Enter Subject",
        ),
        (
            json!({ "followupType": "FU1", "content": "" }),
            "Please Enter Message",
        ),
        (
            json!({ "followupType": "FU9" }),
            "followupType must be one of",
        ),
    ] {
        let response = app.request(Method::POST, &path, &token, Some(body)).await;
        let message = assert_error(response, StatusCode::BAD_REQUEST).await;
        assert!(message.contains(wanted), "{message}");
    }
    let opt_out = Query::update()
        .table(Customers::Table)
        .value(Customers::BlockSms, true)
        .and_where(Expr::col(Customers::Id).eq(picked[1].1))
        .to_owned();
    app.db.execute(&opt_out).await.unwrap();
    let response = app
        .request(
            Method::POST,
            &format!(
                "{INITIATE}?future-service-interaction-id={}&followupType=FU1",
                picked[1].0
            ),
            &token,
            None,
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("opted out"), "{message}");
    assert_eq!(
        app.texts_since(lead, mark).await.len(),
        2,
        "nothing more sent"
    );

    let other = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            &format!("{INITIATE}?future-service-interaction-id={lead}&followupType=FU1"),
            &other,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_store_changes_its_cadence_and_a_disabled_step_is_passed_over() {
    let app = spawn_app().await;
    let manager = app.token_of("office-manager").await;
    let cadence = app
        .ok_json(Method::GET, &format!("{CADENCE}?storeId=1"), &manager, None)
        .await;
    let steps = cadence["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 9);
    assert_eq!(steps[0]["step"], "FU1");
    assert_eq!(steps[0]["delayHours"], 24);
    assert_eq!(steps[0]["custom"], false);

    let saved = app
        .ok_json(
            Method::PUT,
            &format!("{CADENCE}?storeId=1"),
            &manager,
            Some(json!({ "steps": [
                { "step": "FU2", "enabled": false },
                { "step": "FU3", "delayHours": 48, "body": "Hi {{customer_first_name}}, still due!" },
            ]})),
        )
        .await;
    assert_eq!(saved["steps"][1]["enabled"], false);
    assert_eq!(saved["steps"][2]["delayHours"], 48);
    assert_eq!(saved["steps"][2]["custom"], true);

    // Every problem at once, and nothing saved.
    let response = app
        .request(
            Method::PUT,
            &format!("{CADENCE}?storeId=1"),
            &manager,
            Some(json!({ "steps": [
                { "step": "FU1", "delayHours": 0 },
                { "step": "E1", "subject": "", "body": "Hi {{nope}}" },
                { "step": "XX" },
            ]})),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"].as_array().unwrap().len(), 4, "{body}");
    let unchanged = app
        .ok_json(Method::GET, &format!("{CADENCE}?storeId=1"), &manager, None)
        .await;
    assert_eq!(unchanged["steps"][0]["delayHours"], 24);

    // FU1 sent by hand: FU2 is off, so FU3 comes next, 48 hours on.
    let lead = app.reachable_leads(1).await[0].0;
    let sent = app
        .ok_json(
            Method::POST,
            &format!("{INITIATE}?future-service-interaction-id={lead}&followupType=FU1"),
            &manager,
            None,
        )
        .await;
    assert_eq!(sent["nextFollowUpStep"], "FU3", "{sent}");

    let rep = app.token_of("sales-rep").await;
    let response = app
        .request(
            Method::PUT,
            &format!("{CADENCE}?storeId=1"),
            &rep,
            Some(json!({ "steps": [{ "step": "FU1", "delayHours": 5 }] })),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let other = app.token_of("summit-admin").await;
    let response = app
        .request(Method::GET, &format!("{CADENCE}?storeId=1"), &other, None)
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_no_show_is_texted_to_rebook_and_followed_up() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let lead = app.reachable_leads(1).await[0].0;
    let day = a_free_monday() + Duration::days(14);
    let booked = app
        .ok_json(
            Method::POST,
            "/api/lisa/appointment",
            &token,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:00 AM"})),
        )
        .await;
    let id = booked["appointment"]["id"].as_i64().unwrap();
    let mark = app.last_message_id().await;
    app.ok_json(
        Method::PUT,
        &format!("/api/appointment/{id}/status/NO_SHOW"),
        &token,
        None,
    )
    .await;
    let texts = app.texts_since(lead, mark).await;
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].1.contains("we missed you"), "{texts:?}");
    let (step, _, _) = app.follow_up_of(lead).await;
    assert_eq!(step.as_deref(), Some("FU2"));
    let count: i64 = app
        .db
        .fetch_scalar(
            Query::select()
                .expr(Func::count(Expr::col(Fsi::Id)))
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .and_where(Expr::col(Fsi::DtDialogEnabled).eq(true))
                .and_where(Expr::col(Fsi::AppointmentSet).eq(false)),
        )
        .await
        .unwrap();
    assert_eq!(count, 1);
}
