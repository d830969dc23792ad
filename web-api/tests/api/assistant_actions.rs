//! The assistant's per-message actions: the date-time dialogue (DT) and acting on a message's
//! intents (Action Intents / Default Action Intents).

use engine::store::schema::{Customers, FutureServiceInteractions as Fsi};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};
use crate::messaging::Lead;

const RESUME: &str = "/api/future-service-interaction/dtDialog/resume";
const DISABLE: &str = "/api/future-service-interaction/dtDialog/disable";
const ACT: &str = "/api/future-service-interaction/action-intent";

impl TestApp {
    /// A textable lead with a customer message on it, as the assistant would see it: AI on,
    /// no appointment, no dialogue running.
    async fn lead_with_reply(&self, phone: &str, text: &str, sid: &str) -> (Lead, Value) {
        let lead = self.textable_lead(phone).await;
        self.set_lead(lead.id, vec![(Fsi::AppointmentSet, false.into())])
            .await;
        self.set_lead(lead.id, vec![(Fsi::AiEnabled, true.into())])
            .await;
        self.set_lead(lead.id, vec![(Fsi::DtDialogEnabled, false.into())])
            .await;
        let token = self.token_of("super-user").await;
        self.inbound(&lead.phone, text, sid).await;
        let message = self
            .wait_for_message(&token, lead.id, |m| m["content"] == text)
            .await;
        (lead, message)
    }

    async fn lead_view(&self, token: &str, id: i64) -> Value {
        self.ok_json(
            Method::GET,
            &format!("/api/future-service-interaction/{id}"),
            token,
            None,
        )
        .await
    }

    async fn texts_to(&self, token: &str, lead: &Lead) -> usize {
        self.history(token, lead.id)
            .await
            .iter()
            .filter(|m| m["to"] == lead.phone.as_str())
            .count()
    }
}

fn resume(lead: &Lead, last_message: &str, forced: bool) -> Value {
    json!({
        "id": lead.id,
        "dtDialogEnabled": true,
        "lastMessage": last_message,
        "manualBooking": false,
        "isForced": forced,
    })
}

#[tokio::test]
async fn the_date_time_dialogue_proposes_the_customers_time_and_runs_once() {
    let app = spawn_app().await;
    let text = "could I bring it in tomorrow at 9am?";
    let (lead, _) = app
        .lead_with_reply("+15557770041", text, "SMdialogue000000000000000000000001")
        .await;
    let token = app.token_of("super-user").await;

    let started = app
        .ok_json(
            Method::POST,
            RESUME,
            &token,
            Some(resume(&lead, text, false)),
        )
        .await;
    assert_eq!(started["message"], "Date Time Dialogue Sent");
    let question = started["messageInstance"]["content"].as_str().unwrap();
    assert!(
        question.contains(" at 9:00 AM. Does that work for you?"),
        "{question}"
    );
    assert_eq!(started["messageInstance"]["to"], lead.phone.as_str());
    assert_eq!(started["futureServiceInteraction"]["dtDialogEnabled"], true);
    assert_eq!(
        started["futureServiceInteraction"]["isDTGotItsChance"],
        true
    );

    // Running already: refused with the reason, and nothing more is texted.
    let before = app.texts_to(&token, &lead).await;
    let refused = app
        .request(
            Method::POST,
            RESUME,
            &token,
            Some(resume(&lead, text, false)),
        )
        .await;
    assert_eq!(
        assert_error(refused, StatusCode::BAD_REQUEST).await,
        "The Date Time Dialogue is already running for this conversation"
    );
    assert_eq!(app.texts_to(&token, &lead).await, before);

    // Forced, it asks again.
    let forced = app
        .ok_json(
            Method::POST,
            RESUME,
            &token,
            Some(resume(&lead, text, true)),
        )
        .await;
    assert!(forced["messageInstance"]["id"].as_i64().is_some());
    assert_eq!(app.texts_to(&token, &lead).await, before + 1);

    // Switched off, twice (the second changes nothing and is no error).
    for _ in 0..2 {
        let off = app
            .ok_json(
                Method::POST,
                DISABLE,
                &token,
                Some(json!({ "id": lead.id })),
            )
            .await;
        assert_eq!(off["message"], "Date Time Dialogue Disabled");
        assert_eq!(off["futureServiceInteraction"]["dtDialogEnabled"], false);
        assert_eq!(off["futureServiceInteraction"]["isDTGotItsChance"], true);
    }
}

#[tokio::test]
async fn without_a_time_the_dialogue_asks_for_one_and_manual_booking_texts_nothing() {
    let app = spawn_app().await;
    let (lead, _) = app
        .lead_with_reply(
            "+15557770042",
            "sure, let's do it",
            "SMdialogue000000000000000000000002",
        )
        .await;
    let token = app.token_of("super-user").await;
    // No words given: the newest customer message is answered.
    let started = app
        .ok_json(Method::POST, RESUME, &token, Some(json!({ "id": lead.id })))
        .await;
    let question = started["messageInstance"]["content"].as_str().unwrap();
    assert!(
        question.contains("what day and time would work best"),
        "{question}"
    );

    app.set_lead(lead.id, vec![(Fsi::DtDialogEnabled, false.into())])
        .await;
    let before = app.texts_to(&token, &lead).await;
    let manual = app
        .ok_json(
            Method::POST,
            RESUME,
            &token,
            Some(json!({ "id": lead.id, "manualBooking": true })),
        )
        .await;
    assert!(manual.get("messageInstance").is_none(), "{manual}");
    assert_eq!(manual["futureServiceInteraction"]["dtDialogEnabled"], true);
    assert_eq!(app.texts_to(&token, &lead).await, before);
}

#[tokio::test]
async fn the_dialogue_is_refused_with_reasons_and_changes_nothing() {
    let app = spawn_app().await;
    let text = "friday at 2 works";
    let (lead, _) = app
        .lead_with_reply("+15557770043", text, "SMdialogue000000000000000000000003")
        .await;
    let token = app.token_of("super-user").await;
    let before = app.texts_to(&token, &lead).await;

    app.set_lead(lead.id, vec![(Fsi::AppointmentSet, true.into())])
        .await;
    let refused = app
        .request(
            Method::POST,
            RESUME,
            &token,
            Some(resume(&lead, text, false)),
        )
        .await;
    assert_eq!(
        assert_error(refused, StatusCode::BAD_REQUEST).await,
        "An appointment is already set for this lead"
    );
    assert_eq!(
        app.lead_view(&token, lead.id).await["dtDialogEnabled"],
        false
    );

    // An opted-out customer is never texted, forced or not.
    app.db
        .execute(
            &Query::update()
                .table(Customers::Table)
                .value(Customers::BlockSms, true)
                .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
                .to_owned(),
        )
        .await
        .unwrap();
    let refused = app
        .request(
            Method::POST,
            RESUME,
            &token,
            Some(resume(&lead, text, true)),
        )
        .await;
    assert!(
        assert_error(refused, StatusCode::BAD_REQUEST)
            .await
            .contains("opted out")
    );
    assert_eq!(app.texts_to(&token, &lead).await, before);
    assert_eq!(
        app.lead_view(&token, lead.id).await["dtDialogEnabled"],
        false
    );

    // Super roles only; other tenants' and unknown leads are not found.
    let manager = app.token_of("office-manager").await;
    let response = app
        .request(
            Method::POST,
            RESUME,
            &manager,
            Some(resume(&lead, text, false)),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let response = app
        .request(
            Method::POST,
            DISABLE,
            &manager,
            Some(json!({ "id": lead.id })),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let elsewhere = app.a_lead_of(2, None).await;
    for id in [elsewhere, 999_999] {
        let response = app
            .request(Method::POST, DISABLE, &token, Some(json!({ "id": id })))
            .await;
        assert_error(response, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn acting_on_an_intent_does_what_it_means() {
    let app = spawn_app().await;
    let text = "we sold that car last year";
    let (lead, message) = app
        .lead_with_reply("+15557770044", text, "SMdialogue000000000000000000000004")
        .await;
    let token = app.token_of("super-user").await;
    let message_id = message["id"].as_i64().unwrap();
    let details = app.understood(&token, lead.id, message_id).await;
    assert_eq!(details["finalIntentNames"], json!(["NLO"]), "{details}");

    let choices = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/future-service-interaction/action-intents?future-service-interaction-id={}&messageId={message_id}",
                lead.id
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(choices["actionIntentsEnabled"], true);
    assert_eq!(choices["actionIntents"][0]["intentName"], "NLO");
    assert_eq!(
        choices["defaultActionIntents"].as_array().unwrap().len(),
        25
    );

    let act = |intent: Value, is_default: bool| {
        json!({
            "futureServiceInteractionId": lead.id,
            "messageId": message_id,
            "intentName": intent,
            "isDefault": is_default,
        })
    };
    for (body, expected) in [
        (act(json!(""), false), "Please select an intent"),
        (act(Value::Null, true), "Please select an intent"),
        (act(json!("NOPE"), true), "Unknown intent \"NOPE\""),
        (
            act(json!("CQ"), false),
            "CQ is not among the intents found in this message; choose it from Default Action Intents",
        ),
    ] {
        let response = app.request(Method::POST, ACT, &token, Some(body)).await;
        assert_eq!(
            assert_error(response, StatusCode::BAD_REQUEST).await,
            expected
        );
    }
    let untouched = app.lead_view(&token, lead.id).await;
    assert!(
        untouched["futureServiceInteractionMarks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["intentType"] != "NLO" && m["intentType"] != "CQ")
    );

    let acted = app
        .ok_json(Method::POST, ACT, &token, Some(act(json!("NLO"), false)))
        .await;
    assert_eq!(acted["message"], "Successfully Updated");
    let after = &acted["futureServiceInteraction"];
    assert_eq!(after["responseInsight"], "NOT_IN_MARKET");
    assert_eq!(after["conversationClosed"], true);
    let marks = after["futureServiceInteractionMarks"].as_array().unwrap();
    assert_eq!(marks.iter().filter(|m| m["intentType"] == "NLO").count(), 1);

    // A question from Default Action Intents hands the lead to staff.
    let acted = app
        .ok_json(
            Method::POST,
            ACT,
            &token,
            Some(act(json!("REQ-CALL"), true)),
        )
        .await;
    assert_eq!(
        acted["futureServiceInteraction"]["responseInsight"],
        "FOLLOWUP"
    );
    assert_eq!(acted["futureServiceInteraction"]["responseReqd"], true);
    assert!(
        acted["futureServiceInteraction"]["futureServiceInteractionMarks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["intentType"] == "REQ_CALL")
    );

    // STOP opts the customer out with one confirmation.
    let acted = app
        .ok_json(Method::POST, ACT, &token, Some(act(json!("STOP"), true)))
        .await;
    assert!(
        acted["messageInstances"][0]["content"]
            .as_str()
            .unwrap()
            .contains("unsubscribed")
    );
    assert!(app.customer_blocked(lead.customer_id).await);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);

    // With the assistant off for the lead, action intents are off too.
    app.set_lead(lead.id, vec![(Fsi::AiEnabled, false.into())])
        .await;
    let response = app
        .request(Method::POST, ACT, &token, Some(act(json!("CQ"), true)))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;

    // Super roles only; a message of another lead is not found.
    let manager = app.token_of("office-manager").await;
    let response = app
        .request(Method::POST, ACT, &manager, Some(act(json!("CQ"), true)))
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let other: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Fsi::Id).max())
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::EnterpriseId).eq(1))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_ne!(other, lead.id);
    let response = app
        .request(
            Method::POST,
            ACT,
            &token,
            Some(json!({
                "futureServiceInteractionId": other,
                "messageId": message_id,
                "intentName": "CQ",
                "isDefault": true,
            })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn an_appointment_intent_starts_the_date_time_dialogue() {
    let app = spawn_app().await;
    let text = "next tuesday morning would be good";
    let (lead, message) = app
        .lead_with_reply("+15557770045", text, "SMdialogue000000000000000000000005")
        .await;
    let token = app.token_of("super-user").await;
    let message_id = message["id"].as_i64().unwrap();
    app.understood(&token, lead.id, message_id).await;
    let acted = app
        .ok_json(
            Method::POST,
            ACT,
            &token,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "messageId": message_id,
                "intentName": "APPT_SET",
                "isDefault": false,
            })),
        )
        .await;
    let question = acted["messageInstances"][0]["content"].as_str().unwrap();
    assert!(question.contains("morning works best"), "{question}");
    assert_eq!(acted["futureServiceInteraction"]["dtDialogEnabled"], true);
}
