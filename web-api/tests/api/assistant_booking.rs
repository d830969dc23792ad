//! The assistant books by text and hands off: a reply naming a free time is booked and
//! confirmed; a taken time gets the nearest free ones and a "yes" books the first; a complaint
//! goes to the general manager and the assistant falls silent; staff book the time a text of the
//! conversation names (nlp/booking).

use chrono::{Duration, NaiveDate};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, Marks, MessageInstances as Msg,
    ServiceAppointments as Appt,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::json;

use crate::booking::a_free_monday;
use crate::helpers::{TestApp, assert_error};

impl TestApp {
    /// The customer texts the store from the simulator's phone.
    async fn customer_says(&self, token: &str, customer: i64, text: &str) {
        let response = self
            .post_json(
                &format!("/api/simulator/phones/{customer}/reply"),
                token,
                &json!({ "body": text }),
            )
            .await;
        assert!(
            response.status().is_success(),
            "{:?}",
            response.text().await
        );
    }

    /// Automated texts and e-mails to or about the lead since message `after`, oldest first.
    async fn assistant_messages(&self, lead: i64, after: i64) -> Vec<(String, String, String)> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([Msg::MessageType, Msg::NotificationType, Msg::Content])
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead))
                    .and_where(Expr::col(Msg::Id).gt(after))
                    .and_where(Expr::col(Msg::Direction).ne("RECEIVED"))
                    .order_by(Msg::Id, Order::Asc),
            )
            .await
            .unwrap()
    }

    /// Waits until the assistant has sent a text containing `wanted` (10 s at most).
    async fn wait_for_text(&self, lead: i64, after: i64, wanted: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        loop {
            let found = self.assistant_messages(lead, after).await;
            if let Some((_, _, text)) = found
                .iter()
                .find(|(kind, _, text)| kind == "SMS" && text.contains(wanted))
            {
                return text.clone();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no text with {wanted:?}: {found:?}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    /// The date-time dialogue on for the lead, as the opening text (or staff) leaves it.
    async fn dialogue_on(&self, lead: i64) {
        let update = Query::update()
            .table(Fsi::Table)
            .value(Fsi::DtDialogEnabled, true)
            .and_where(Expr::col(Fsi::Id).eq(lead))
            .to_owned();
        self.db.execute(&update).await.unwrap();
    }

    async fn lead_flags(&self, lead: i64) -> (bool, bool, bool, Option<i64>) {
        self.db
            .fetch_optional(
                Query::select()
                    .columns([
                        Fsi::AppointmentSet,
                        Fsi::AiEnabled,
                        Fsi::ResponseReqd,
                        Fsi::AppointmentId,
                    ])
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::Id).eq(lead)),
            )
            .await
            .unwrap()
            .unwrap()
    }
}

/// "June 14 at 10am" for a day months ahead (the assistant resolves it to that day).
fn spoken(day: NaiveDate, time: &str) -> String {
    format!("Can I bring it in on {} at {time}?", day.format("%B %-d"))
}

#[tokio::test]
async fn a_customer_who_names_a_free_time_is_booked_and_confirmed_by_text() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let day = a_free_monday() + Duration::days(21);
    let mark = app.last_message_id().await;

    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    let when = format!("{} at 10:00 AM", day.format("%A, %B %-d"));
    assert!(confirmation.contains(&when), "{confirmation} / {when}");
    let (set, ai, _, appointment) = app.lead_flags(lead).await;
    assert!(set && ai);
    // Booked by the assistant (no user), for this lead.
    let (fsi, booked_by): (Option<i64>, Option<i64>) = app
        .db
        .fetch_optional(
            Query::select()
                .columns([Appt::FsiId, Appt::CreatedBy])
                .from(Appt::Table)
                .and_where(Expr::col(Appt::Id).eq(appointment.unwrap())),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!((fsi, booked_by), (Some(lead), None));
    // Its dealer-system push was started, as staff bookings' are (the reading job starts it
    // once the confirmation is stored, so it may take a moment to appear).
    let admin = app.token_of("enterprise-admin").await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let runs = app
            .ok_json(
                Method::GET,
                "/api/jobs?kind=appointments.dms-push",
                &admin,
                None,
            )
            .await;
        if runs["totalElements"].as_u64().unwrap() >= 1 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no push started: {runs}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_taken_time_gets_the_nearest_free_ones_and_a_yes_books_the_first() {
    the_offer_is_taken_by("Yes that works").await;
}

/// YES alone is also the carriers' opt-in word: from a customer who never opted out it is an
/// answer, and the assistant books what it offered (issue 36).
#[tokio::test]
async fn a_bare_yes_takes_the_offer_as_a_thumbs_up_does() {
    for answer in ["YES", "👍"] {
        the_offer_is_taken_by(answer).await;
    }
}

/// Fills 9:00 on a Monday four weeks out, has the customer ask for it, and answers the
/// assistant's offer of the nearest free time with `answer`: the offered time is booked.
async fn the_offer_is_taken_by(answer: &str) {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(8).await;
    let (lead, customer) = picked[0];
    app.dialogue_on(lead).await;
    let day = a_free_monday() + Duration::days(28);
    // Every advisor busy at 9:00 that day.
    let mut filled = 0;
    for (other, _) in &picked[1..] {
        let response = app
            .post_json(
                "/api/lisa/appointment",
                &token,
                &json!({"futureServiceInteractionId": other, "inpDate": day.to_string(), "inpTime": "9:00 AM"}),
            )
            .await;
        if response.status() == reqwest::StatusCode::CONFLICT {
            break;
        }
        assert!(
            response.status().is_success(),
            "{:?}",
            response.text().await
        );
        filled += 1;
    }
    assert!(filled >= 1);
    let mark = app.last_message_id().await;

    app.customer_says(&token, customer, &spoken(day, "9am"))
        .await;
    let offer = app.wait_for_text(lead, mark, "Unfortunately").await;
    assert!(offer.contains("is not available"), "{offer}");
    assert!(offer.contains("Reply YES for"), "{offer}");
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set, "nothing booked yet");
    let offered = offer
        .split("Reply YES for ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap()
        .to_owned();

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, answer).await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(
        confirmation.contains(&offered),
        "{confirmation} / {offered}"
    );
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(set, "{answer}: {confirmation}");
}

#[tokio::test]
async fn a_complaint_goes_to_the_general_manager_and_the_assistant_falls_silent() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let mark = app.last_message_id().await;
    let mut staff_stream = app.open_events(&token).await;
    let summit = app.token_of("summit-admin").await;
    let mut other_tenant_stream = app.open_events(&summit).await;

    app.customer_says(
        &token,
        customer,
        "This is ridiculous, I want to file a complaint about my last service",
    )
    .await;
    app.wait_for_text(lead, mark, "passed your message to our team")
        .await;
    // Staff of the store hear it live, under the spec's card title; another tenant does not.
    let card = staff_stream
        .wait_for("handoff", std::time::Duration::from_secs(10), |e| {
            e["handoff"]["fsiId"] == lead
        })
        .await
        .expect("a handoff event");
    assert_eq!(card["type"], "HANDOFF");
    assert_eq!(card["handoff"]["title"], "GM HANDOFF", "{card}");
    assert_eq!(
        card["message"]["notificationType"],
        "INTERNAL_NOTIFICATION_GM"
    );
    assert!(
        other_tenant_stream
            .next_named("handoff", std::time::Duration::from_millis(500))
            .await
            .is_none()
    );
    let (_, ai, response_reqd, _) = app.lead_flags(lead).await;
    assert!(!ai, "the assistant is off for the lead");
    assert!(response_reqd, "the lead waits for staff");
    let sent = app.assistant_messages(lead, mark).await;
    assert!(
        sent.iter().any(|(kind, notification, _)| kind == "INTERNAL"
            && notification == "INTERNAL_NOTIFICATION_GM"),
        "{sent:?}"
    );
    assert!(
        sent.iter()
            .any(|(kind, notification, _)| kind == "EMAIL"
                && notification == "INTERNAL_NOTIFICATION_GM"),
        "the managers are e-mailed: {sent:?}"
    );

    // Past the handoff the assistant does not answer, even a booking request.
    let before = app.assistant_messages(lead, mark).await.len();
    let day = a_free_monday() + Duration::days(35);
    app.customer_says(&token, customer, &spoken(day, "11am"))
        .await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(app.assistant_messages(lead, mark).await.len(), before);
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set);
}

#[tokio::test]
async fn without_the_date_time_dialogue_a_named_time_is_left_to_staff() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    let mark = app.last_message_id().await;
    let day = a_free_monday() + Duration::days(42);
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert!(app.assistant_messages(lead, mark).await.is_empty());
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set);
}

#[tokio::test]
async fn staff_book_the_time_a_conversation_names_and_the_customer_is_texted() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let picked = app.reachable_leads(3).await;
    let (lead, _) = picked[0];
    let day = a_free_monday() + Duration::days(42);
    let mark = app.last_message_id().await;
    let path = |lead: i64| format!("/api/nlp/booking?future-service-interaction-id={lead}");

    let answer = app
        .ok_json(
            Method::POST,
            &path(lead),
            &token,
            Some(json!({ "text": spoken(day, "11:15am") })),
        )
        .await;
    assert_eq!(answer["code"], "SUCCESS", "{answer}");
    assert_eq!(answer["message"], "Appointment booked Successfully");
    assert!(answer["appointmentId"].is_i64(), "{answer}");
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(confirmation.contains("11:15 AM"), "{confirmation}");
    assert_eq!(answer["text"], confirmation.as_str());
    let (set, _, _, appointment) = app.lead_flags(lead).await;
    assert!(set);
    assert_eq!(answer["appointmentId"], appointment.unwrap());

    // Booked already, or no time in the text: FAILURE, and the customer hears nothing.
    let again = app
        .ok_json(
            Method::POST,
            &path(lead),
            &token,
            Some(json!({ "text": spoken(day, "2pm") })),
        )
        .await;
    assert_eq!(again["code"], "FAILURE", "{again}");
    assert!(again["text"].as_str().unwrap().starts_with("Unfortunately"));
    let (other, _) = picked[1];
    let before = app.assistant_messages(other, mark).await.len();
    let vague = app
        .ok_json(
            Method::POST,
            &format!("/api/inb-nlp/booking?future-service-interaction-id={other}"),
            &token,
            Some(json!({ "text": "thanks, talk soon" })),
        )
        .await;
    assert_eq!(vague["code"], "FAILURE", "{vague}");
    assert_eq!(vague["message"], "Appointment not booked");
    assert!(vague.get("appointmentId").is_none());
    assert_eq!(app.assistant_messages(other, mark).await.len(), before);

    // Bad input and other tenants' leads change nothing.
    assert_error(
        app.post_json(&path(other), &token, &json!({ "text": "  " }))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_error(
        app.post_json(&path(other), &token, &json!({ "words": "Monday" }))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json(
            &path(other),
            &summit,
            &json!({ "text": spoken(day, "9am") }),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let (set, _, _, _) = app.lead_flags(other).await;
    assert!(!set);
}

#[tokio::test]
async fn staff_see_the_free_times_near_a_texts_time_without_texting_anyone() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.reachable_leads(1).await[0];
    let day = a_free_monday() + Duration::days(49);
    let mark = app.last_message_id().await;
    let path =
        format!("/api/nlp/availability-without-template?future-service-interaction-id={lead}");

    let free = app
        .ok_json(
            Method::POST,
            &path,
            &token,
            Some(json!({ "text": spoken(day, "10am") })),
        )
        .await;
    assert_eq!(free["requested"], format!("{day}T10:00"), "{free}");
    let times = free["times"].as_array().unwrap();
    assert!(!times.is_empty() && times.len() <= 3, "{free}");
    assert!(
        times
            .iter()
            .any(|t| t["date"] == day.to_string() && t["time"] == "10:00 AM"),
        "{free}"
    );
    // Without a time in the text: the first free times from now.
    let soon = app
        .ok_json(
            Method::POST,
            &path,
            &token,
            Some(json!({ "text": "when can I come?" })),
        )
        .await;
    assert!(soon.get("requested").is_none(), "{soon}");
    assert!(!soon["times"].as_array().unwrap().is_empty(), "{soon}");
    assert!(app.assistant_messages(lead, mark).await.is_empty());
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set);

    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json(&path, &summit, &json!({ "text": "Monday" }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn a_leads_booked_appointments_are_listed_and_cancelled_by_the_lead() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.reachable_leads(1).await[0];
    let day = a_free_monday() + Duration::days(56);
    let booked = app
        .ok_json(
            Method::POST,
            &format!("/api/nlp/booking?future-service-interaction-id={lead}"),
            &token,
            Some(json!({ "text": spoken(day, "1:30pm") })),
        )
        .await;
    let appointment = booked["appointmentId"].as_i64().expect("booked");
    let listed = app
        .ok_json(
            Method::GET,
            &format!("/api/booked-appts?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], appointment);

    // Bad ids change nothing.
    let cancel = format!("/api/cancellations?fid={lead}");
    assert_error(
        app.post_json(
            &cancel,
            &token,
            &json!({ "appointmentId": appointment + 1000 }),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json(&cancel, &summit, &json!({})).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(set);

    let cancelled = app
        .ok_json(Method::POST, &cancel, &token, Some(json!({})))
        .await;
    assert_eq!(cancelled["message"], "Successfully Deleted Appoinntment");
    assert_eq!(cancelled["appointment"]["id"], appointment);
    assert_eq!(
        cancelled["appointment"]["apptStatus"], "CANCELLED",
        "{cancelled}"
    );
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set, "the lead's appointment is cleared");
    let listed = app
        .ok_json(
            Method::GET,
            &format!("/api/booked-appts?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(listed, json!([]));
    assert_error(
        app.post_json(&cancel, &token, &json!({})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn a_store_whose_assistant_is_switched_off_gets_no_automated_reply() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let admin = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let store: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Fsi::StoreId)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .to_owned(),
        )
        .await
        .unwrap();
    let listed = app
        .ok_json(
            Method::GET,
            &format!("/assistant/v2/getassistlist?store_id_pk={store}&divisionId=DIV004"),
            &admin,
            None,
        )
        .await;
    let assistant = listed[0].clone();
    let mut off = assistant.clone();
    off["isActive"] = json!(false);
    let saved = app
        .ok_json(
            Method::PUT,
            &format!("/api/assistant/{}", assistant["id"]),
            &admin,
            Some(off),
        )
        .await;
    assert_eq!(saved["isActive"], false);

    let mark = app.last_message_id().await;
    let day = a_free_monday() + Duration::days(21);
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert!(app.assistant_messages(lead, mark).await.is_empty());
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set, "nothing booked while the assistant is off");

    // Switched back on, the next reply is answered.
    let mut on = assistant.clone();
    on["isActive"] = json!(true);
    app.ok_json(
        Method::PUT,
        &format!("/api/assistant/{}", assistant["id"]),
        &admin,
        Some(on),
    )
    .await;
    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    app.wait_for_text(lead, mark, "You're all set").await;
}

#[tokio::test]
async fn the_stores_assistant_file_decides_what_the_customer_is_texted() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let admin = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let files = app
        .ok_json(Method::GET, "/aiva/developer/files/aiva", &admin, None)
        .await;
    let store_1 = files
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["storeId"] == 1)
        .unwrap()
        .clone();
    app.ok_json(
        Method::PUT,
        "/aiva/developer/file",
        &admin,
        Some(json!({
            "fileName": store_1["fileName"],
            "fileContent": "reply.booked = Booked! {firstName}, we expect you {when}.\n"
        })),
    )
    .await;
    let day = a_free_monday() + Duration::days(21);
    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    let confirmation = app.wait_for_text(lead, mark, "Booked!").await;
    assert!(confirmation.contains("we expect you"), "{confirmation}");
}

/// A web-form visitor who wrote when they would come is offered the free times near it in the
/// first text (never their own words back), and their YES books the first (issue 36).
#[tokio::test]
async fn a_web_form_visitors_own_words_shape_the_first_text_and_a_yes_books_it() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let form = app.public_form("lead-submission-toyota").await;
    let phone = "+15557140777";
    let response = app
        .submit_lead(&json!({
            "form": form["slug"],
            "firstName": "Noor",
            "lastName": "Haddad",
            "customerPhoneNumber": phone,
            "storePhoneNumber": form["storePhoneNumber"],
            "consentText": form["consentText"],
            "message": "Could I bring the car in next Saturday morning?",
            "website": "",
        }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (lead, customer, proposed): (i64, i64, bool) = app
        .db
        .fetch_optional(
            Query::select()
                .column((Fsi::Table, Fsi::Id))
                .column((Fsi::Table, Fsi::CustomerId))
                .expr(Expr::col((Fsi::Table, Fsi::ProposedAppointmentAt)).is_not_null())
                .from(Fsi::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Fsi::Table, Fsi::CustomerId)),
                )
                .and_where(Expr::col((Customers::Table, Customers::Cellular)).eq(phone)),
        )
        .await
        .unwrap()
        .expect("the web lead");
    let first_text = app.wait_for_text(lead, 0, "Hi Noor, this is").await;
    assert!(
        first_text.contains("Thanks for asking us to text you! We can see you"),
        "{first_text}"
    );
    assert!(!first_text.contains("Saturday morning"), "{first_text}");
    let offered = first_text
        .split("Reply YES for ")
        .nth(1)
        .and_then(|rest| rest.split(", or send").next())
        .expect("an offer")
        .to_owned();
    assert!(proposed, "the first time offered is remembered");

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, "YES").await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(
        confirmation.contains(&offered),
        "{confirmation} / {offered}"
    );
    assert!(app.lead_flags(lead).await.0, "booked");
}

/// Several intents in one reply are all acted on (issue 37): a time and a loaner request books
/// the visit, confirms it, and hands the loaner to the appointment desk without another text.
#[tokio::test]
async fn a_booking_with_a_loaner_request_is_booked_and_the_loaner_goes_to_staff() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let day = a_free_monday() + Duration::days(21);
    let mark = app.last_message_id().await;

    let asked = format!("{} and I will need a loaner car", spoken(day, "10am"));
    app.customer_says(&token, customer, &asked).await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(confirmation.contains("10:00 AM"), "{confirmation}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let handoff = loop {
        let notes: Vec<(String, String, String)> = app.assistant_messages(lead, mark).await;
        if let Some((_, _, text)) = notes
            .iter()
            .find(|(kind, _, text)| kind == "INTERNAL" && text.contains("REQ-LOANER"))
        {
            break text.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no loaner handoff: {notes:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert!(handoff.starts_with("Workflow: "), "{handoff}");
    // The note lands before the lead's flags under a separate worker: wait for the handoff's end.
    let (set, response_reqd) = loop {
        let (set, _, response_reqd, _) = app.lead_flags(lead).await;
        if response_reqd || std::time::Instant::now() >= deadline {
            break (set, response_reqd);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert!(set, "still booked");
    assert!(response_reqd, "staff are to answer the loaner request");
    let texts = app
        .assistant_messages(lead, mark)
        .await
        .into_iter()
        .filter(|(kind, _, _)| kind == "SMS")
        .count();
    assert_eq!(texts, 1, "the confirmation only");
}

/// "sold it, stop texting" is both an opt-out and a car that is gone: the customer is opted out
/// and the vehicle marked NO_LONGER_OWN, once (issue 37, several intents).
#[tokio::test]
async fn sold_it_stop_texting_opts_out_and_marks_the_vehicle_sold() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    let vehicle: Option<i64> = app
        .db
        .fetch_scalar(
            Query::select()
                .column(Fsi::VehicleId)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead)),
        )
        .await
        .unwrap();
    let vehicle = vehicle.expect("the lead's vehicle");
    let marks_of = |vehicle: i64| {
        Query::select()
            .expr(Expr::col(Marks::Id).count())
            .from(Marks::Table)
            .and_where(Expr::col(Marks::VehicleId).eq(vehicle))
            .and_where(Expr::col(Marks::MarkCode).eq("NO_LONGER_OWN"))
            .to_owned()
    };
    let before: i64 = app.db.fetch_scalar(&marks_of(vehicle)).await.unwrap();

    app.customer_says(&token, customer, "sold it, stop texting me")
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let marked: i64 = app.db.fetch_scalar(&marks_of(vehicle)).await.unwrap();
        let blocked: bool = app
            .db
            .fetch_scalar(
                Query::select()
                    .column(Customers::BlockSms)
                    .from(Customers::Table)
                    .and_where(Expr::col(Customers::Id).eq(customer)),
            )
            .await
            .unwrap();
        if marked == before + 1 && blocked {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "marked {marked} (before {before}), opted out {blocked}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A reply that corrects itself is asked back, not booked as read; the customer's YES books it
/// (issue 37). A correction in a later reply keeps the day the conversation was about: "actually
/// make it 2" after the assistant asked back Monday at 10 is Monday at 2 PM, asked back again.
#[tokio::test]
async fn a_corrected_time_is_asked_back_and_a_later_correction_keeps_the_day() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let day = a_free_monday() + Duration::days(35);
    let mark = app.last_message_id().await;

    let said = format!("{} at 9, actually make that 10", day.format("%B %-d"));
    app.customer_says(&token, customer, &said).await;
    let asked = app.wait_for_text(lead, mark, "did you mean").await;
    let first = format!("{} at 10:00 AM", day.format("%A, %B %-d"));
    assert!(asked.contains(&first), "{asked} / {first}");
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set, "an unsure reading is not booked");

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, "actually make it 2")
        .await;
    let again = app.wait_for_text(lead, mark, "did you mean").await;
    let second = format!("{} at 2:00 PM", day.format("%A, %B %-d"));
    assert!(again.contains(&second), "{again} / {second}");
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(!set);

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, "yes").await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(confirmation.contains(&second), "{confirmation}");
    let (set, _, _, _) = app.lead_flags(lead).await;
    assert!(set);
}

/// A booked customer who texts another time is asked before the visit moves, and their YES moves
/// it (issue 37): "actually can we make it 2" keeps the booked day. A text naming the time
/// already booked changes nothing.
#[tokio::test]
async fn a_booked_customer_moves_the_visit_by_text_after_a_check() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let day = a_free_monday() + Duration::days(42);
    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    app.wait_for_text(lead, mark, "You're all set").await;
    let (_, _, _, first) = app.lead_flags(lead).await;

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, "see you then, 10am it is")
        .await;
    app.customer_says(&token, customer, "actually can we make it 2")
        .await;
    let asked = app.wait_for_text(lead, mark, "move your visit").await;
    let later = format!("{} at 2:00 PM", day.format("%A, %B %-d"));
    assert!(asked.contains(&later), "{asked} / {later}");
    let texts = app.assistant_messages(lead, mark).await;
    assert_eq!(
        texts.iter().filter(|(kind, _, _)| kind == "SMS").count(),
        1,
        "the restated time asked nothing: {texts:?}"
    );
    let (_, _, _, still) = app.lead_flags(lead).await;
    assert_eq!(still, first, "nothing moves before the customer's yes");

    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, "yes").await;
    let confirmation = app.wait_for_text(lead, mark, "You're all set").await;
    assert!(confirmation.contains(&later), "{confirmation}");
    let (set, _, _, moved) = app.lead_flags(lead).await;
    assert!(set);
    assert_ne!(moved, first, "the visit moved to a new booking");
}

/// Spec I-R7: staff hand a conversation to the general manager with `parameter=CQ` (or
/// another issue tag), or take it over by hand; the handoff is the assistant's own (the
/// card live, the assistant quiet, the managers e-mailed for a GM handoff, not for a manual
/// one), a parameter that is no issue tag is refused, and another tenant's lead is not found.
#[tokio::test]
async fn staff_hand_a_conversation_to_the_general_manager_or_take_it_over() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let leads = app.reachable_leads(2).await;
    let ((gm_lead, _), (manual_lead, _)) = (leads[0], leads[1]);
    for lead in [gm_lead, manual_lead] {
        app.dialogue_on(lead).await;
    }
    let mark = app.last_message_id().await;
    let mut staff_stream = app.open_events(&token).await;
    let base = "/api/future-service-interaction/workflow/track";

    for refused in [
        format!(
            "{base}?id={gm_lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=DETECTED_AUTO"
        ),
        format!("{base}?id={gm_lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=cq"),
        format!("{base}?id={gm_lead}&track=CUSTOMER_NO_SHOW&parameter=CQ"),
    ] {
        crate::helpers::assert_error(
            app.request(Method::POST, &refused, &token, None).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    assert!(
        app.assistant_messages(gm_lead, mark).await.is_empty(),
        "a refused handoff changes nothing"
    );
    let summit = app.token_of("summit-admin").await;
    crate::helpers::assert_error(
        app.request(
            Method::POST,
            &format!(
                "{base}?id={gm_lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=CQ"
            ),
            &summit,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;

    let note = app
        .ok_json(
            Method::POST,
            &format!(
                "{base}?id={gm_lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=CQ"
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(
        note["notificationType"], "INTERNAL_NOTIFICATION_GM",
        "{note}"
    );
    assert!(note["content"].as_str().unwrap().contains("CQ"), "{note}");
    let card = staff_stream
        .wait_for("handoff", std::time::Duration::from_secs(10), |e| {
            e["handoff"]["fsiId"] == gm_lead
        })
        .await
        .expect("a handoff event");
    assert_eq!(card["handoff"]["title"], "GM HANDOFF", "{card}");
    let (_, ai, response_reqd, _) = app.lead_flags(gm_lead).await;
    assert!(
        !ai && response_reqd,
        "the assistant is off and the lead waits for staff"
    );
    let sent = app.assistant_messages(gm_lead, mark).await;
    assert!(
        sent.iter()
            .any(|(kind, notification, content)| kind == "EMAIL"
                && notification == "INTERNAL_NOTIFICATION_GM"
                && content.contains("handed a conversation to you")
                && !content.starts_with("The assistant")),
        "the managers are e-mailed who handed it over: {sent:?}"
    );
    assert!(
        !sent.iter().any(|(kind, _, _)| kind == "SMS"),
        "the customer is not texted: {sent:?}"
    );
    // The GM's handoff mail is in the outbox of the super data admin only (spec I-R8).
    let gm_mail_in_outbox = |outbox: serde_json::Value| {
        outbox["content"].as_array().unwrap().iter().any(|mail| {
            mail["subject"]
                .as_str()
                .unwrap_or("")
                .starts_with("GM HANDOFF:")
        })
    };
    let super_data_admin = app.token_of("super-data-admin").await;
    // The mail reaches the outbox when its send job has run: wait for it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !gm_mail_in_outbox(
        app.ok_json(
            Method::GET,
            "/api/email/outbox?size=100",
            &super_data_admin,
            None,
        )
        .await,
    ) {
        assert!(
            std::time::Instant::now() < deadline,
            "the GM handoff mail never reached the super data admin's outbox"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!gm_mail_in_outbox(
        app.ok_json(Method::GET, "/api/email/outbox?size=100", &token, None)
            .await
    ));

    app.ok_json(
        Method::POST,
        &format!("{base}?future-service-interaction-id={manual_lead}&track=CUSTOMER_A_HANDOFF"),
        &token,
        None,
    )
    .await;
    let card = staff_stream
        .wait_for("handoff", std::time::Duration::from_secs(10), |e| {
            e["handoff"]["fsiId"] == manual_lead
        })
        .await
        .expect("a handoff event");
    assert_eq!(card["handoff"]["title"], "Customer HANDOFF", "{card}");
    let (_, ai, _, _) = app.lead_flags(manual_lead).await;
    assert!(!ai);
    let sent = app.assistant_messages(manual_lead, mark).await;
    assert_eq!(
        sent.iter()
            .map(|(kind, _, _)| kind.as_str())
            .collect::<Vec<_>>(),
        ["INTERNAL"],
        "a manual handoff is a note only: {sent:?}"
    );
}

/// Decision 0022: an enterprise's shared assistant file speaks for its stores that have none of
/// their own; a name that is none of its saved files is refused.
#[tokio::test]
async fn an_enterprise_s_shared_assistant_file_speaks_for_stores_without_their_own() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let admin = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let files = app
        .ok_json(Method::GET, "/aiva/developer/files/aiva", &admin, None)
        .await;
    let other = files
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["storeId"] != 1)
        .expect("a second store")
        .clone();
    let settings = |file: &serde_json::Value| json!({"isFullyAiva": true, "aivaFile": file, "enterpriseUserInboundView": false});
    // Not saved yet: the built-in file is no shared file to name.
    let refused = assert_error(
        app.request(
            Method::PUT,
            "/api/enterprise/1/settings",
            &admin,
            Some(settings(&other["fileName"])),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("saved assistant files"), "{refused}");
    app.ok_json(
        Method::PUT,
        "/aiva/developer/file",
        &admin,
        Some(json!({
            "fileName": other["fileName"],
            "fileContent": "reply.booked = Shared file! {firstName}, see you {when}.\n"
        })),
    )
    .await;
    let saved = app
        .ok_json(
            Method::PUT,
            "/api/enterprise/1/settings",
            &admin,
            Some(settings(&other["fileName"])),
        )
        .await;
    assert_eq!(saved["aivaFile"], other["fileName"]);
    let day = a_free_monday() + Duration::days(21);
    let mark = app.last_message_id().await;
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    let confirmation = app.wait_for_text(lead, mark, "Shared file!").await;
    assert!(confirmation.contains("see you"), "{confirmation}");
}

/// Decision 0022: an assistant that only assists reads the reply but texts nothing: what the
/// reply asks for goes to staff as a handoff, and nothing is booked.
#[tokio::test]
async fn an_assisting_assistant_hands_what_a_reply_asks_to_staff_and_texts_nothing() {
    let app = crate::helpers::spawn_app().await;
    let token = app.token_of("office-manager").await;
    let admin = app.token_of("enterprise-admin").await;
    let (lead, customer) = app.reachable_leads(1).await[0];
    app.dialogue_on(lead).await;
    let before = app
        .ok_json(Method::GET, "/api/enterprise/1/settings", &admin, None)
        .await;
    assert_eq!(
        before["isFullyAiva"], true,
        "on unless an admin turns it off"
    );
    app.ok_json(
        Method::PUT,
        "/api/enterprise/1/settings",
        &admin,
        Some(json!({"isFullyAiva": false, "aivaFile": null, "enterpriseUserInboundView": false})),
    )
    .await;
    let mut staff_stream = app.open_events(&token).await;
    let mark = app.last_message_id().await;
    let day = a_free_monday() + Duration::days(21);
    app.customer_says(&token, customer, &spoken(day, "10am"))
        .await;
    let card = staff_stream
        .wait_for("handoff", std::time::Duration::from_secs(10), |e| {
            e["handoff"]["fsiId"] == lead
        })
        .await
        .expect("a handoff to staff");
    assert_eq!(card["handoff"]["title"], "Customer HANDOFF", "{card}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (set, _, response_reqd, _) = app.lead_flags(lead).await;
        assert!(!set, "nothing is booked");
        if response_reqd {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the lead never waited for staff"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let sent = app.assistant_messages(lead, mark).await;
    assert!(
        !sent.iter().any(|(kind, _, _)| kind == "SMS"),
        "the assistant texts nothing: {sent:?}"
    );
    let notifications = app
        .ok_json(Method::GET, "/api/notifications?size=100", &token, None)
        .await;
    let reason = notifications["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["fsiId"] == lead)
        .map(|n| n["reason"].as_str().unwrap().to_owned())
        .expect("a notification");
    assert!(
        reason.starts_with("A reply for staff to answer"),
        "{reason}"
    );
}
