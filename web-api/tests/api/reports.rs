//! Reports: the funnel's figures against a small world built by hand (texts, replies, an
//! opt-out, bookings, a cancellation, moved into a window of their own), and the report filter's
//! checks, tenancy and roles; the NRAA check-ins.

use chrono::{DateTime, Duration, TimeZone, Utc};
use engine::store::schema::{
    FutureServiceInteractions as Fsi, MessageInstances as Msg, ServiceAppointments as Appt,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::booking::a_free_monday;
use crate::helpers::{assert_error, spawn_app};

const FUNNEL: &str = "/api/reports/funnel";

/// The funnel table's stage rows: (stage, leads).
fn stages(funnel: &Value) -> Vec<(String, i64)> {
    funnel["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| !Value::is_null(&row["leads"]))
        .map(|s| {
            (
                s["stage"].as_str().unwrap().to_owned(),
                s["leads"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// The funnel table's rate rows: (label, percent).
fn rates(funnel: &Value) -> Vec<(String, f64)> {
    funnel["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| Value::is_null(&row["leads"]))
        .map(|r| {
            (
                r["stage"].as_str().unwrap().to_owned(),
                r["percent"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_funnel_counts_each_lead_once_per_stage_in_its_window() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let picked = app.reachable_leads(6).await;
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    let mark = app.last_message_id().await;
    for lead in &leads {
        let started = app
            .get(
                &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
                Some(&token),
            )
            .await;
        assert_eq!(started.status(), StatusCode::OK);
    }
    // Three answer in words, one opts out, two say nothing.
    for (i, (_, customer)) in picked.iter().enumerate().take(4) {
        let body = if i == 3 { "STOP" } else { "Sounds good" };
        let reply = app
            .post_json(
                &format!("/api/simulator/phones/{customer}/reply"),
                &token,
                &json!({ "body": body }),
            )
            .await;
        assert!(reply.status().is_success());
    }
    // Lead 0 books; lead 4 books and cancels.
    let (appointments_before,): (Option<i64>,) = app
        .db
        .fetch_optional(
            Query::select()
                .expr(sea_query::Func::max(Expr::col(Appt::Id)))
                .from(Appt::Table),
        )
        .await
        .unwrap()
        .unwrap();
    let day = a_free_monday() + Duration::days(63);
    for (lead, time) in [(leads[0], "9:00 AM"), (leads[4], "9:15 AM")] {
        let booked = app
            .ok_json(
                Method::POST,
                "/api/lisa/appointment",
                &token,
                Some(json!({"futureServiceInteractionId": lead, "inpDate": day.to_string(), "inpTime": time})),
            )
            .await;
        if lead == leads[4] {
            let id = booked["appointment"]["id"].as_i64().unwrap();
            app.ok_json(
                Method::PUT,
                &format!("/api/appointment/{id}/status/CANCELLED"),
                &token,
                None,
            )
            .await;
        }
    }
    // Everything the world did moves into March 2031, a window nothing else is in.
    let at: DateTime<Utc> = Utc.with_ymd_and_hms(2031, 3, 10, 15, 0, 0).unwrap();
    app.db
        .execute(
            Query::update()
                .table(Msg::Table)
                .value(Msg::CreatedAt, at)
                .and_where(Expr::col(Msg::Id).gt(mark))
                .and_where(Expr::col(Msg::FsiId).is_in(leads.clone())),
        )
        .await
        .unwrap();
    app.db
        .execute(
            Query::update()
                .table(Appt::Table)
                .value(Appt::CreatedAt, at)
                .and_where(Expr::col(Appt::Id).gt(appointments_before.unwrap_or(0)))
                .and_where(Expr::col(Appt::FsiId).is_in(leads.clone())),
        )
        .await
        .unwrap();

    let march = json!({ "storeIds": [1], "startDate": "2031-03-01", "endDate": "31.03.2031" });
    let funnel = app
        .ok_json(Method::POST, FUNNEL, &token, Some(march.clone()))
        .await;
    assert_eq!(
        stages(&funnel),
        [
            ("CONTACTED".to_owned(), 6),
            ("RESPONDED".to_owned(), 4),
            ("ENGAGED".to_owned(), 3),
            ("APPT_BOOKING".to_owned(), 1),
        ],
        "{funnel}"
    );
    assert_eq!(
        rates(&funnel),
        [
            ("REPONSE %".to_owned(), 66.7),
            ("CLOSURE RATE %".to_owned(), 16.7),
            ("RESPONSE TO APPT %".to_owned(), 25.0),
        ]
    );
    assert_eq!(funnel["startDate"], "2031-03-01");
    assert_eq!(funnel["endDate"], "2031-03-31");

    // One service type: the same stages, counted from the leads of that type only.
    let types: Vec<(i64, String)> = app
        .db
        .fetch_all(
            Query::select()
                .columns([Fsi::Id, Fsi::ServiceType])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).is_in(leads.clone())),
        )
        .await
        .unwrap();
    let wanted = types
        .iter()
        .find(|(id, _)| *id == leads[0])
        .unwrap()
        .1
        .clone();
    let of_type = |index: &[usize]| {
        index
            .iter()
            .filter(|i| {
                types
                    .iter()
                    .any(|(id, t)| *id == leads[**i] && *t == wanted)
            })
            .count() as i64
    };
    let mut typed = march.clone();
    typed["serviceTypes"] = json!([wanted]);
    let funnel = app.ok_json(Method::POST, FUNNEL, &token, Some(typed)).await;
    assert_eq!(
        stages(&funnel).iter().map(|(_, n)| *n).collect::<Vec<_>>(),
        [
            of_type(&[0, 1, 2, 3, 4, 5]),
            of_type(&[0, 1, 2, 3]),
            of_type(&[0, 1, 2]),
            of_type(&[0]),
        ],
        "{funnel}"
    );

    // Before the window, or at another store: nobody.
    let february = json!({ "storeIds": [1], "startDate": "2031-02-01", "endDate": "2031-02-28" });
    let funnel = app
        .ok_json(Method::POST, FUNNEL, &token, Some(february))
        .await;
    assert!(stages(&funnel).iter().all(|(_, n)| *n == 0), "{funnel}");
    assert!(rates(&funnel).iter().all(|(_, percent)| *percent == 0.0));
}

#[tokio::test]
async fn the_report_filter_is_checked_against_the_scope_and_says_what_is_wrong() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;

    // No dates: the last 7 days, today included.
    let funnel = app
        .ok_json(Method::POST, FUNNEL, &admin, Some(json!({})))
        .await;
    let today = Utc::now().date_naive();
    assert_eq!(funnel["endDate"], today.to_string());
    assert_eq!(funnel["startDate"], (today - Duration::days(6)).to_string());
    assert_eq!(stages(&funnel).len(), 4);

    for (body, status) in [
        (
            json!({ "startDate": "2031-03-10", "endDate": "2031-03-01" }),
            StatusCode::BAD_REQUEST,
        ),
        (json!({ "startDate": "the tenth" }), StatusCode::BAD_REQUEST),
        (
            json!({ "startDate": "2020-01-01", "endDate": "2031-01-01" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "serviceTypes": ["NOT_A_SERVICE"] }),
            StatusCode::BAD_REQUEST,
        ),
        (json!({ "storeIds": "1" }), StatusCode::BAD_REQUEST),
        (json!({ "storeIds": [999999] }), StatusCode::NOT_FOUND),
        (json!({ "bocIds": [999999] }), StatusCode::NOT_FOUND),
    ] {
        assert_error(app.post_json(FUNNEL, &admin, &body).await, status).await;
    }
    // Another tenant's store is not found; a role without reports is refused.
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json(FUNNEL, &summit, &json!({ "storeIds": [1] }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.post_json(FUNNEL, &rep, &json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.client
            .post(app.url(FUNNEL))
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

#[tokio::test]
async fn nraa_check_ins_are_the_visits_of_customers_who_never_answered() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let picked = app.reachable_leads(4).await;
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    for lead in &leads {
        let started = app
            .get(
                &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
                Some(&token),
            )
            .await;
        assert_eq!(started.status(), StatusCode::OK);
    }
    // The first customer answers; the others never do.
    let reply = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", picked[0].1),
            &token,
            &json!({ "body": "Thanks, I will call you" }),
        )
        .await;
    assert!(reply.status().is_success());
    // All four have a visit that day: three came in (one of them had answered), one not yet.
    let day = a_free_monday() + Duration::days(70);
    const TIMES: [&str; 4] = ["9:00 AM", "9:30 AM", "10:00 AM", "10:30 AM"];
    let mut visits = Vec::new();
    for (i, lead) in leads.iter().enumerate() {
        let booked = app
            .ok_json(
                Method::POST,
                "/api/lisa/appointment",
                &token,
                Some(json!({
                    "futureServiceInteractionId": lead,
                    "inpDate": day.to_string(),
                    "inpTime": TIMES[i],
                })),
            )
            .await;
        visits.push(booked["appointment"]["id"].as_i64().unwrap());
    }
    for (visit, status) in [
        (visits[0], "CHECKED_IN"),
        (visits[1], "CHECKED_IN"),
        (visits[3], "COMPLETED"),
    ] {
        app.db
            .execute(
                Query::update()
                    .table(Appt::Table)
                    .value(Appt::ApptStatus, status)
                    .and_where(Expr::col(Appt::Id).eq(visit)),
            )
            .await
            .unwrap();
    }

    let path = "/api/lisa/appointment-status-report/fetch-nraa-checkin-detail";
    let filter =
        json!({ "storeIds": [1], "startDate": day.to_string(), "endDate": day.to_string() });
    let report = app
        .ok_json(Method::POST, path, &token, Some(filter.clone()))
        .await;
    // Counted independently: of the visits that reached the store (1 and 3; 0 answered, 2 has
    // not come in), those whose lead never heard from the customer, latest first, each with
    // the texts sent on its lead (the demo world's earlier ones included).
    let count_of = |lead: i64, direction: &'static [&'static str]| {
        let db = app.db.clone();
        async move {
            db.fetch_scalar::<i64>(
                Query::select()
                    .expr(sea_query::Func::count(Expr::col(Msg::Id)))
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::FsiId).eq(lead))
                    .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                    .and_where(Expr::col(Msg::IsCompliance).eq(false))
                    .and_where(Expr::col(Msg::Direction).is_in(direction.iter().copied())),
            )
            .await
            .unwrap()
        }
    };
    let mut expected = Vec::new();
    for i in [3, 1] {
        if count_of(leads[i], &["RECEIVED"]).await == 0 {
            expected.push((visits[i], count_of(leads[i], &["SEND", "SENT"]).await));
        }
    }
    assert!(
        !expected.is_empty(),
        "the world has a customer who never answered"
    );
    let got: Vec<(i64, i64)> = report["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["appointmentId"].as_i64().unwrap(),
                r["textsSent"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected, "{report}");
    assert_eq!(report["totalElements"], expected.len());
    for row in report["content"].as_array().unwrap() {
        assert!(row["firstTextedAt"].is_string(), "{row}");
        assert_eq!(row["storeId"], 1);
        assert_ne!(
            row["appointmentId"], visits[0],
            "an answered customer is not NRAA"
        );
        assert_ne!(
            row["appointmentId"], visits[2],
            "a visit not yet checked in"
        );
    }
    let last = app
        .ok_json(
            Method::POST,
            &format!("{path}?page={}&size=1", expected.len() - 1),
            &token,
            Some(filter.clone()),
        )
        .await;
    assert_eq!(last["totalElements"], expected.len());
    assert_eq!(last["content"].as_array().unwrap().len(), 1);
    assert_eq!(
        last["content"][0]["appointmentId"],
        expected.last().unwrap().0
    );

    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json(path, &summit, &filter).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.post_json(&format!("{path}?size=0"), &token, &filter)
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}
