//! Booking service appointments: free quarter hours per advisor in the store's opening hours,
//! a full slot refused with a 409, exactly one winner when bookings race for the last advisor,
//! the status set's moves, moves between slots, and the lists by day.

use chrono::{Datelike, Duration, NaiveDate, Utc, Weekday};
use engine::store::schema::{Advisors, Customers, FutureServiceInteractions as Fsi};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

/// A Monday far enough ahead that the demo world has no appointments then.
pub(crate) fn a_free_monday() -> NaiveDate {
    let mut day = Utc::now().date_naive() + Duration::days(200);
    while day.weekday() != Weekday::Mon {
        day = day.succ_opt().unwrap();
    }
    day
}

impl TestApp {
    async fn advisors_of(&self, store: i64) -> Vec<i64> {
        self.db
            .fetch_all::<(i64,)>(
                &Query::select()
                    .column(Advisors::Id)
                    .from(Advisors::Table)
                    .and_where(Expr::col(Advisors::StoreId).eq(store))
                    .order_by(Advisors::Id, Order::Asc)
                    .to_owned(),
            )
            .await
            .unwrap()
            .into_iter()
            .map(|(id,)| id)
            .collect()
    }

    async fn customers_of(&self, store: i64, count: u64) -> Vec<i64> {
        self.db
            .fetch_all::<(i64,)>(
                &Query::select()
                    .column(Customers::Id)
                    .from(Customers::Table)
                    .and_where(Expr::col(Customers::StoreId).eq(store))
                    .order_by(Customers::Id, Order::Asc)
                    .limit(count)
                    .to_owned(),
            )
            .await
            .unwrap()
            .into_iter()
            .map(|(id,)| id)
            .collect()
    }

    async fn book(&self, token: &str, body: Value) -> reqwest::Response {
        self.post_json("/api/appointment", token, &body).await
    }

    async fn free_at(&self, token: &str, day: NaiveDate, time: &str) -> u64 {
        let availability = self
            .ok_json(
                Method::GET,
                &format!("/api/appointment/availability?storeId=1&startDate={day}&days=1"),
                token,
                None,
            )
            .await;
        availability["days"][0]["slots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["time"] == time)
            .map_or(0, |s| s["free"].as_u64().unwrap())
    }
}

#[tokio::test]
async fn a_booking_takes_a_free_quarter_hour_and_a_full_one_is_refused() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let day = a_free_monday();
    let advisors = app.advisors_of(1).await;
    assert!(advisors.len() >= 2, "the demo store has advisors");
    let lead = app.a_lead_of(1, Some(1)).await;

    assert_eq!(
        app.free_at(&rep, day, "10:15 AM").await,
        advisors.len() as u64
    );
    let response = app
        .book(
            &rep,
            json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:15 AM", "opCode": "LOF", "transportType": "waiter"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let booked: Value = response.json().await.unwrap();
    assert_eq!(booked["message"], "Appointment booked Successfully");
    assert_eq!(booked["code"], "SUCCESS");
    let appointment = &booked["appointment"];
    assert_eq!(appointment["apptStatus"], "SCHEDULED");
    assert_eq!(appointment["status"], "SCHEDULED");
    assert_eq!(appointment["type"], "Appt");
    assert_eq!(appointment["transportType"], "WAITER");
    assert_eq!(appointment["futureServiceInteractionId"], lead);
    assert_eq!(appointment["advisorId"], advisors[0]);
    let (set, stage): (bool, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Fsi::AppointmentSet, Fsi::Status])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert!(set);
    assert_eq!(stage, "APPOINTMENT_SET");
    assert_eq!(
        app.free_at(&rep, day, "10:15 AM").await,
        advisors.len() as u64 - 1
    );

    // The advisor taken is refused by name; the others fill the slot; then it is full.
    let customers = app.customers_of(1, advisors.len() as u64 + 1).await;
    let response = app
        .book(
            &rep,
            json!({"customerId": customers[1], "storeId": 1, "advisorId": advisors[0], "inpDate": day.to_string(), "inpTime": "10:15"}),
        )
        .await;
    let message = assert_error(response, StatusCode::CONFLICT).await;
    assert!(
        message.contains("already booked for this advisor"),
        "{message}"
    );
    for customer in &customers[1..advisors.len()] {
        let response = app
            .book(
                &rep,
                json!({"customerId": customer, "storeId": 1, "inpDate": day.to_string(), "inpTime": "10:15 AM"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(app.free_at(&rep, day, "10:15 AM").await, 0);
    let response = app
        .book(
            &rep,
            json!({"customerId": customers[advisors.len()], "storeId": 1, "inpDate": day.to_string(), "inpTime": "10:15 AM"}),
        )
        .await;
    let message = assert_error(response, StatusCode::CONFLICT).await;
    assert!(
        message.contains("10:15 AM") && message.contains("fully booked"),
        "{message}"
    );

    // Times the store does not take, and ids that are not the caller's.
    let sunday = day - Duration::days(1);
    // A weekday already past in every zone (UTC's yesterday is the store's today for a few
    // hours each night, and a Sunday would be refused as closed first).
    let mut yesterday = Utc::now().date_naive() - Duration::days(2);
    while matches!(yesterday.weekday(), Weekday::Sat | Weekday::Sun) {
        yesterday -= Duration::days(1);
    }
    let other_lead = app.a_lead_of(1, Some(2)).await;
    for (body, status, expected) in [
        (
            json!({"futureServiceInteractionId": lead, "inpDate": sunday.to_string(), "inpTime": "10:00 AM"}),
            StatusCode::BAD_REQUEST,
            "closed",
        ),
        (
            json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "6:30 AM"}),
            StatusCode::BAD_REQUEST,
            "7:00 AM to 6:00 PM",
        ),
        (
            json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:20 AM"}),
            StatusCode::BAD_REQUEST,
            "quarter",
        ),
        (
            json!({"futureServiceInteractionId": lead, "inpDate": yesterday.to_string(), "inpTime": "10:00 AM"}),
            StatusCode::BAD_REQUEST,
            "passed",
        ),
        (
            json!({"futureServiceInteractionId": lead}),
            StatusCode::BAD_REQUEST,
            "inpDate is required",
        ),
        (
            json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "11:00 AM", "advisorId": 999_999}),
            StatusCode::NOT_FOUND,
            "Advisor",
        ),
        (
            json!({"futureServiceInteractionId": other_lead, "inpDate": day.to_string(), "inpTime": "11:00 AM"}),
            StatusCode::NOT_FOUND,
            "Lead",
        ),
        (
            json!({"customerId": 999_999, "storeId": 1, "inpDate": day.to_string(), "inpTime": "11:00 AM"}),
            StatusCode::NOT_FOUND,
            "Customer",
        ),
    ] {
        let response = app.book(&rep, body.clone()).await;
        let message = assert_error(response, status).await;
        assert!(message.contains(expected), "{body}: {message}");
    }

    // The day's lists show what was booked.
    let lane = app
        .ok_json(
            Method::GET,
            &format!("/api/getAppointmentByStoreIdAndDate/1/{day}"),
            &rep,
            None,
        )
        .await;
    assert_eq!(lane.as_array().unwrap().len(), advisors.len());
    assert!(lane.as_array().unwrap().iter().all(|a| a["type"] == "Appt"));
    let by_date = app
        .ok_json(
            Method::GET,
            &format!("/api/boc/1/store/1/service-appointment/search-by-date?date={day}"),
            &rep,
            None,
        )
        .await;
    // The same appointments (their dealer-system push may move on between the two reads).
    assert_eq!(ids(&by_date), ids(&lane));
    let by_status = app
        .ok_json(
            Method::POST,
            "/api/appointment/search",
            &rep,
            Some(json!({"storeIds": [1], "startDate": day.to_string(), "endDate": day.to_string(), "statuses": ["SCHEDULED"]})),
        )
        .await;
    assert_eq!(by_status["totalElements"], advisors.len());
    let response = app
        .request(
            Method::GET,
            &format!("/api/getAppointmentByStoreIdAndDate/2/{day}"),
            &rep,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn statuses_move_as_the_day_goes_and_cancelling_or_moving_gives_the_slot_back() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let day = a_free_monday() + Duration::days(7);
    let lead = app.a_lead_of(1, Some(1)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/lisa/appointment",
            &rep,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "9:00 AM"})),
        )
        .await;
    let id = booked["appointment"]["id"].as_i64().unwrap();
    let all = app.advisors_of(1).await.len() as u64;
    assert_eq!(app.free_at(&rep, day, "9:00 AM").await, all - 1);

    let status = |to: &'static str| format!("/api/appointment/{id}/status/{to}");
    let confirmed = app
        .ok_json(Method::PUT, &status("CONFIRMED"), &rep, None)
        .await;
    assert_eq!(confirmed["message"], "Successfully Updated");
    assert_eq!(confirmed["appointment"]["apptStatus"], "CONFIRMED");
    // The answer carries the set's word and the moves the server allows from it: the UI
    // offers exactly these and keeps no copy of the rule.
    assert_eq!(confirmed["appointment"]["status"], "CONFIRMED");
    assert_eq!(
        confirmed["appointment"]["movesTo"],
        json!(["CHECKED_IN", "NO_SHOW", "CANCELLED"])
    );
    let response = app
        .request(Method::PUT, &status("SCHEDULED"), &rep, None)
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(
        message.contains("CHECKED_IN, NO_SHOW, CANCELLED"),
        "{message}"
    );
    let response = app.request(Method::PUT, &status("LATE"), &rep, None).await;
    assert_error(response, StatusCode::BAD_REQUEST).await;

    // A move books the new slot and cancels the old one together.
    let moved = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &rep,
            Some(json!({"apptId": id, "inpDate": day.to_string(), "inpTime": "2:30 PM"})),
        )
        .await;
    let new_id = moved["appointment"]["id"].as_i64().unwrap();
    assert_ne!(new_id, id);
    assert_eq!(app.free_at(&rep, day, "9:00 AM").await, all);
    assert_eq!(app.free_at(&rep, day, "2:30 PM").await, all - 1);
    let old = app
        .ok_json(
            Method::POST,
            "/api/appointment/search",
            &rep,
            Some(json!({"storeIds": [1], "startDate": day.to_string(), "endDate": day.to_string(), "statuses": ["CANCELLED"]})),
        )
        .await;
    assert_eq!(old["content"][0]["id"], id);

    // Cancelling gives the slot back and clears the lead's appointment; it is final.
    app.ok_json(
        Method::PUT,
        &format!("/api/appointment/{new_id}/status/cancelled"),
        &rep,
        None,
    )
    .await;
    assert_eq!(app.free_at(&rep, day, "2:30 PM").await, all);
    let set: (bool,) = app
        .db
        .fetch_optional(
            &Query::select()
                .column(Fsi::AppointmentSet)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert!(!set.0);
    let response = app
        .request(
            Method::PUT,
            &format!("/api/appointment/{new_id}/status/CONFIRMED"),
            &rep,
            None,
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("final"), "{message}");
    // Another store's user does not see it.
    let colleague = app.token_of("office-user").await;
    let response = app
        .request(
            Method::PUT,
            &format!("/api/appointment/{new_id}/status/CONFIRMED"),
            &colleague,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn of_bookings_racing_for_the_last_free_advisor_exactly_one_wins() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let day = a_free_monday() + Duration::days(14);
    let advisors = app.advisors_of(1).await;
    let customers = app.customers_of(1, advisors.len() as u64 + 8).await;
    for customer in &customers[..advisors.len() - 1] {
        let response = app
            .book(
                &rep,
                json!({"customerId": customer, "storeId": 1, "inpDate": day.to_string(), "inpTime": "3:45 PM"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(app.free_at(&rep, day, "3:45 PM").await, 1);
    let racers = customers[advisors.len() - 1..].iter().map(|customer| {
        app.book(
            &rep,
            json!({"customerId": customer, "storeId": 1, "inpDate": day.to_string(), "inpTime": "3:45 PM"}),
        )
    });
    let statuses: Vec<StatusCode> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(|r| r.status())
        .collect();
    let won = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    assert_eq!((won, refused), (1, statuses.len() - 1), "{statuses:?}");
    assert_eq!(app.free_at(&rep, day, "3:45 PM").await, 0);
    let lane = app
        .ok_json(
            Method::GET,
            &format!("/api/getAppointmentByStoreIdAndDate/1/{day}"),
            &rep,
            None,
        )
        .await;
    assert_eq!(lane.as_array().unwrap().len(), advisors.len());
}

#[tokio::test]
async fn the_editors_customer_picker_finds_the_stores_customers_by_name() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let (first, last): (String, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Customers::FirstName, Customers::LastName])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::StoreId).eq(1))
                .order_by(Customers::Id, Order::Asc)
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    let full = format!("{} {}", first.to_uppercase(), last.to_lowercase());
    let found = app
        .ok_json(
            Method::GET,
            &format!(
                "/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&divisionId=DIV004&search={}",
                urlencoding(&full)
            ),
            &rep,
            None,
        )
        .await;
    let rows = found.as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["contactId"].is_i64()));
    assert!(rows.iter().any(|r| r["firstName"] == first.as_str()));
    let response = app
        .request(
            Method::GET,
            "/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=2",
            &rep,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

fn urlencoding(text: &str) -> String {
    text.replace(' ', "%20")
}

#[tokio::test]
async fn moving_or_cancelling_an_appointment_withdraws_its_calendar_invite() {
    let app = spawn_app().await;
    let rep = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557770099").await;
    let day = a_free_monday() + Duration::days(21);
    let booked = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &rep,
            Some(json!({"futureServiceInteractionId": lead.id, "inpDate": day.to_string(), "inpTime": "11:00 AM"})),
        )
        .await;
    let first = booked["appointment"]["id"].as_i64().unwrap();
    let invite = app
        .ok_json(
            Method::POST,
            "/api/svc-message-instance/svc-send-message",
            &rep,
            Some(json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "CALENDAR_INVITE",
                "title": "Service Appointment",
                "content": "See you then",
                "startTime": booked["appointment"]["apptDateTime"],
                "appointmentId": first,
            })),
        )
        .await;
    assert_eq!(invite["notificationType"], "USER_INVITE");

    // A move withdraws the first event and invites to the new time.
    let moved = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &rep,
            Some(json!({"apptId": first, "inpDate": day.to_string(), "inpTime": "1:15 PM"})),
        )
        .await;
    let second = moved["appointment"]["id"].as_i64().unwrap();
    // Then cancelling withdraws the second.
    app.ok_json(
        Method::PUT,
        &format!("/api/appointment/{second}/status/CANCELLED"),
        &rep,
        None,
    )
    .await;
    let mut mimes = Vec::new();
    for _ in 0..100 {
        let outbox: Value = app
            .get("/api/email/outbox?size=50", Some(&rep))
            .await
            .json()
            .await
            .unwrap();
        mimes = outbox["content"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m["mime"].as_str().map(str::to_owned))
            .filter(|m| m.contains("UID:appointment-"))
            .collect();
        if mimes.len() >= 4 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let has = |method: &str, appointment: i64| {
        mimes.iter().any(|m| {
            m.contains(&format!("text/calendar; method={method}"))
                && m.contains(&format!("UID:appointment-{appointment}@bayline"))
        })
    };
    assert!(has("REQUEST", first), "{mimes:?}");
    assert!(has("CANCEL", first), "{mimes:?}");
    assert!(has("REQUEST", second), "{mimes:?}");
    assert!(has("CANCEL", second), "{mimes:?}");
    assert!(
        mimes
            .iter()
            .any(|m| m.contains("SEQUENCE:1") && m.contains("STATUS:CANCELLED"))
    );
}

impl TestApp {
    /// The appointment as the day's list shows it, once `done` holds.
    async fn appointment_when(
        &self,
        token: &str,
        store: i64,
        day: NaiveDate,
        id: i64,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let mut last = Value::Null;
        for _ in 0..200 {
            let list = self
                .ok_json(
                    Method::GET,
                    &format!("/api/getAppointmentByStoreIdAndDate/{store}/{day}"),
                    token,
                    None,
                )
                .await;
            if let Some(found) = list.as_array().unwrap().iter().find(|a| a["id"] == id) {
                last = found.clone();
                if done(found) {
                    return last;
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("appointment {id} never got there: {last}");
    }
}

#[tokio::test]
async fn booked_and_cancelled_appointments_reach_the_dealer_system_and_a_failed_push_shows() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let day = a_free_monday() + Duration::days(28);
    let response = app
        .post_json(
            "/api/data-sync/datasource-configuration",
            &admin,
            &json!({"storeIdFk": 1, "name": "Simulated DMS", "sourceKind": "SIMULATED_DMS"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let source: Value = response.json().await.unwrap();
    let directory = std::path::PathBuf::from(source["directory"].as_str().unwrap());
    let outbound = directory.join("outbound/appointments");

    let lead = app.a_lead_of(1, Some(1)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &admin,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "8:45 AM", "opCode": "LOF"})),
        )
        .await;
    let id = booked["appointment"]["id"].as_i64().unwrap();
    let pushed = app
        .appointment_when(&admin, 1, day, id, |a| a["dmsStatus"] == "PUSHED")
        .await;
    assert_eq!(pushed["dmsError"], Value::Null);
    let record: Value = serde_json::from_slice(
        &std::fs::read(outbound.join(format!("appointment-{id}-book.json"))).unwrap(),
    )
    .unwrap();
    assert_eq!(record["action"], "BOOK");
    assert_eq!(record["externalId"], format!("BAYLINE-{id}"));
    assert_eq!(record["opCode"], "LOF");
    assert_eq!(record["status"], "SCHEDULED");

    app.ok_json(
        Method::PUT,
        &format!("/api/appointment/{id}/status/CANCELLED"),
        &admin,
        None,
    )
    .await;
    app.appointment_when(&admin, 1, day, id, |a| {
        a["apptStatus"] == "CANCELLED" && a["dmsStatus"] == "PUSHED"
    })
    .await;
    let record: Value = serde_json::from_slice(
        &std::fs::read(outbound.join(format!("appointment-{id}-cancel.json"))).unwrap(),
    )
    .unwrap();
    assert_eq!(
        (&record["action"], &record["status"]),
        (&json!("CANCEL"), &json!("CANCELLED"))
    );

    // The dealer system's folder cannot be written: retried, then shown as failed.
    std::fs::remove_dir_all(directory.join("outbound")).unwrap();
    std::fs::write(directory.join("outbound"), b"not a folder").unwrap();
    let booked = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &admin,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "9:45 AM"})),
        )
        .await;
    let failing = booked["appointment"]["id"].as_i64().unwrap();
    let failed = app
        .appointment_when(&admin, 1, day, failing, |a| a["dmsStatus"] == "FAILED")
        .await;
    assert!(
        failed["dmsError"]
            .as_str()
            .unwrap()
            .contains("could not be written"),
        "{failed}"
    );
    assert_eq!(
        failed["apptStatus"], "SCHEDULED",
        "the booking itself stands"
    );

    // A store without a dealer-system feed is not connected, which is no failure.
    let other_lead = app.a_lead_of(1, Some(2)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &admin,
            Some(json!({"futureServiceInteractionId": other_lead, "inpDate": day.to_string(), "inpTime": "8:45 AM"})),
        )
        .await;
    let unconnected = booked["appointment"]["id"].as_i64().unwrap();
    let store = booked["appointment"]["storeId"].as_i64().unwrap();
    app.appointment_when(&admin, store, day, unconnected, |a| {
        a["dmsStatus"] == "NOT_CONNECTED"
    })
    .await;
}

#[tokio::test]
async fn a_stores_day_is_its_own_local_day() {
    use engine::store::schema::{Offices, Stores};
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    // Store 1 on the Pacific coast: 5:45 PM there is the next day in UTC.
    let office: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Stores::OfficeId)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(1))
                .to_owned(),
        )
        .await
        .unwrap();
    app.db
        .execute(
            &Query::update()
                .table(Offices::Table)
                .value(Offices::TimeZone, "America/Los_Angeles")
                .and_where(Expr::col(Offices::Id).eq(office))
                .to_owned(),
        )
        .await
        .unwrap();
    let day = a_free_monday() + Duration::days(35);
    let lead = app.a_lead_of(1, Some(1)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &rep,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "5:45 PM"})),
        )
        .await;
    let at = booked["appointment"]["apptDateTime"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        at.starts_with(&(day + Duration::days(1)).to_string()),
        "{at}"
    );
    for path in [
        format!("/api/getAppointmentByStoreIdAndDate/1/{day}"),
        format!("/api/boc/1/store/1/service-appointment/search-by-date?date={day}"),
    ] {
        let list = app.ok_json(Method::GET, &path, &rep, None).await;
        assert!(
            list.as_array()
                .unwrap()
                .iter()
                .any(|a| a["id"] == booked["appointment"]["id"]),
            "{path}: {list}"
        );
    }
    let next = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/getAppointmentByStoreIdAndDate/1/{}",
                day + Duration::days(1)
            ),
            &rep,
            None,
        )
        .await;
    assert!(
        !next
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["id"] == booked["appointment"]["id"])
    );
}

#[tokio::test]
async fn a_booking_is_announced_live_as_appointment_booked() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let mut events = app.open_events(&rep).await;
    let day = a_free_monday() + Duration::days(42);
    let lead = app.a_lead_of(1, Some(1)).await;
    app.ok_json(
        Method::POST,
        "/api/appointment",
        &rep,
        Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:00 AM"})),
    )
    .await;
    let announced = loop {
        let event = events
            .next_named("lead", std::time::Duration::from_secs(10))
            .await
            .expect("an APPOINTMENT_BOOKED event");
        if event["type"] == "APPOINTMENT_BOOKED" {
            break event;
        }
    };
    assert_eq!(announced["lead"]["id"], lead);
    assert_eq!(announced["lead"]["appointmentSet"], true);
    assert!(announced["lead"]["appointmentId"].is_i64());
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap())
        .collect()
}

/// An advisor is called the same on the booking, the store's availability and the lane board
/// (issue 36: the appointment screens said "Advisor 2" where the lane said Elizabeth Adams).
#[tokio::test]
async fn an_advisor_has_one_name_on_the_booking_the_availability_and_the_lane() {
    let app = spawn_app().await;
    let manager = app.token_of("office-manager").await;
    let day = a_free_monday() + Duration::days(21);
    let lead = app.a_lead_of(1, Some(1)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/lisa/appointment",
            &manager,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:30 AM"})),
        )
        .await;
    let advisor = booked["appointment"]["advisorId"].as_i64().unwrap();
    let name = booked["appointment"]["advisorName"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        !name.starts_with("Advisor "),
        "the demo's advisors have names: {name}"
    );

    let availability = app
        .ok_json(
            Method::GET,
            &format!("/api/appointment/availability?storeId=1&startDate={day}&days=1"),
            &manager,
            None,
        )
        .await;
    let offered = availability["advisors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == advisor)
        .unwrap_or_else(|| panic!("{availability}"));
    assert_eq!(offered["name"], name.as_str());

    let lane = app
        .ok_json(Method::GET, "/api/getAdivsorByStore/1", &manager, None)
        .await;
    let on_the_lane = lane
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == advisor)
        .unwrap_or_else(|| panic!("{lane}"));
    assert_eq!(on_the_lane["name"], name.as_str());
    assert_eq!(
        format!(
            "{} {}",
            on_the_lane["firstName"].as_str().unwrap(),
            on_the_lane["lastName"].as_str().unwrap()
        ),
        name
    );
}

/// A booking staff make from a conversation is texted to the customer (signed by them) and
/// noted in the thread, and the lead's stage moves live (issue 36: the booking route never
/// texted, and the conversation kept showing "Initiated").
#[tokio::test]
async fn a_booking_staff_make_is_texted_to_the_customer_and_noted_in_the_thread() {
    let app = spawn_app().await;
    let rep = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557770144").await;
    let mut events = app.open_events(&rep).await;
    let day = a_free_monday() + Duration::days(49);
    app.ok_json(
        Method::POST,
        "/api/appointment",
        &rep,
        Some(json!({"futureServiceInteractionId": lead.id, "inpDate": day.to_string(), "inpTime": "10:00 AM"})),
    )
    .await;
    let thread = app.history(&rep, lead.id).await;
    let is_confirmation = |m: &&Value| {
        m["messageType"] == "SMS"
            && m["direction"] != "RECEIVED"
            && m["content"].as_str().unwrap().contains("is booked for")
    };
    let text = thread
        .iter()
        .find(is_confirmation)
        .unwrap_or_else(|| panic!("no confirmation text in {thread:#?}"));
    let note = thread
        .iter()
        .find(|m| m["notificationType"] == "SCHEDULE_APPOINTMENT")
        .unwrap_or_else(|| panic!("no booking note in {thread:#?}"));
    let noted = note["content"].as_str().unwrap();
    assert!(noted.starts_with("Appointment booked for"), "{noted}");
    assert!(!noted.contains("not texted"), "{noted}");
    // The staff member signs both.
    assert_eq!(text["messageSentBy"], note["messageSentBy"]);
    let staged = loop {
        let event = events
            .next_named("lead", std::time::Duration::from_secs(10))
            .await
            .expect("a lead event");
        if event["lead"]["status"] == "APPOINTMENT_SET" {
            break event;
        }
    };
    assert_eq!(staged["lead"]["id"], lead.id);

    // A customer who opted out is not texted; the booking stands and the note says why.
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
    let other_day = day + Duration::days(7);
    let moved = app
        .ok_json(
            Method::POST,
            "/api/appointment",
            &rep,
            Some(json!({"futureServiceInteractionId": lead.id, "apptId": staged["lead"]["appointmentId"], "inpDate": other_day.to_string(), "inpTime": "11:00 AM"})),
        )
        .await;
    assert_eq!(moved["code"], "SUCCESS");
    let thread = app.history(&rep, lead.id).await;
    let texts = thread.iter().filter(is_confirmation).count();
    assert_eq!(texts, 1, "the opted-out customer was texted: {thread:#?}");
    let moved_note = thread
        .iter()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with("Appointment moved for"))
        .unwrap_or_else(|| panic!("no note of the move in {thread:#?}"));
    assert!(moved_note.contains("not texted"), "{moved_note}");
}

/// The waiting room's in-house time (B-S3, B-E10): the clock starts at check-in, runs while the
/// customer is in, and stops when the visit is completed; the lists carry it.
#[tokio::test]
async fn the_in_house_clock_runs_from_check_in_to_completion() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let day = a_free_monday() + Duration::days(14);
    let lead = app.a_lead_of(1, Some(1)).await;
    let booked = app
        .ok_json(
            Method::POST,
            "/api/lisa/appointment",
            &rep,
            Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": "10:00 AM"})),
        )
        .await;
    let id = booked["appointment"]["id"].as_i64().unwrap();
    assert!(
        booked["appointment"].get("inHouseMinutes").is_none(),
        "{booked}"
    );
    let status = |to: &str| format!("/api/appointment/{id}/status/{to}");
    let checked_in = app
        .ok_json(Method::PUT, &status("CHECKED_IN"), &rep, None)
        .await;
    let since = checked_in["appointment"]["checkedInAt"].clone();
    assert!(since.is_string(), "{checked_in}");
    assert_eq!(checked_in["appointment"]["inHouseMinutes"], 0);
    // Into service: the clock keeps its start.
    let in_service = app
        .ok_json(Method::PUT, &status("IN_SERVICE"), &rep, None)
        .await;
    assert_eq!(in_service["appointment"]["checkedInAt"], since);
    assert!(in_service["appointment"].get("checkedOutAt").is_none());
    // Two hours in, as the database tells it.
    let earlier = chrono::Utc::now() - Duration::minutes(125);
    app.db
        .execute(
            &Query::update()
                .table(engine::store::schema::ServiceAppointments::Table)
                .value(
                    engine::store::schema::ServiceAppointments::CheckedInAt,
                    earlier,
                )
                .and_where(Expr::col(engine::store::schema::ServiceAppointments::Id).eq(id))
                .to_owned(),
        )
        .await
        .unwrap();
    let listed = app
        .ok_json(
            Method::POST,
            "/api/appointment/search",
            &rep,
            Some(
                json!({"storeIds": [1], "startDate": day.to_string(), "endDate": day.to_string()}),
            ),
        )
        .await;
    let mine = listed["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(mine["inHouseMinutes"], 125, "{mine}");
    let completed = app
        .ok_json(Method::PUT, &status("COMPLETED"), &rep, None)
        .await;
    assert!(completed["appointment"]["checkedOutAt"].is_string());
    assert_eq!(completed["appointment"]["inHouseMinutes"], 125);
}
