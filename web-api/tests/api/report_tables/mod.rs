//! The report tables against a small world built by hand: eight customers texted over two
//! months, answering in their own ways (a booking, a STOP, words the assistant classifies, a
//! keyword only, silence), one a buyer. Every figure is recomputed here from the rows the world
//! left, without the reports' SQL; and the catalogue, roles and tenancy of the report calls.

mod access_and_exports;
mod counts;
mod mailing_lists;
mod snapshot;
mod staff_and_revenue;

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use engine::store::schema::{
    BulkInitiationLeads, Customers, EmailOutbox, FutureServiceInteractions as Fsi,
    MessageInstances as Msg, MessageIntents, MessageUnderstandings, RepairOrders, Sales,
    ServiceAppointments as Appt,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Func, Query};
use serde_json::{Value, json};

use crate::booking::a_free_monday;
use crate::helpers::{TestApp, assert_error, spawn_app};

// The world lives in the past: anything the assistant does after the move lands after it.
const MARCH: &str = "2021-03-10T15:00:00Z";
const APRIL: &str = "2021-04-10T15:00:00Z";

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

/// The world: eight leads of store 1 with nothing before, texted, answering as scripted, moved
/// into March (leads 0–3) and April (4–7) 2021. Lead 0 books; lead 2's customer bought a car.
struct World {
    leads: Vec<i64>,
    customers: Vec<i64>,
    appointment: i64,
}

const REPLIES: [Option<&str>; 8] = [
    Some("Sounds good, see you then"),
    Some("STOP"),
    Some("I sold that car last year"),
    Some("Wrong number, who is this?"),
    Some("Already had it serviced at your store last week"),
    Some("HELP"),
    None,
    None,
];

async fn build_world(app: &TestApp, token: &str) -> World {
    let picked = app.reachable_leads(8).await;
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    let customers: Vec<i64> = picked.iter().map(|(_, c)| *c).collect();
    // Nothing before: the demo's earlier conversations, bookings and sales of these go.
    let old: Vec<(i64,)> = app
        .db
        .fetch_all(
            Query::select().column(Msg::Id).from(Msg::Table).and_where(
                Expr::col(Msg::FsiId)
                    .is_in(leads.clone())
                    .or(Expr::col(Msg::CustomerId).is_in(customers.clone())),
            ),
        )
        .await
        .unwrap();
    let old: Vec<i64> = old.into_iter().map(|(id,)| id).collect();
    for statement in [
        // The demo's history: the bulk runs' rows of these texts.
        Query::delete()
            .from_table(BulkInitiationLeads::Table)
            .and_where(
                Expr::col(BulkInitiationLeads::MessageId)
                    .is_in(old.clone())
                    .or(Expr::col(BulkInitiationLeads::FsiId).is_in(leads.clone())),
            )
            .to_owned(),
        Query::delete()
            .from_table(EmailOutbox::Table)
            .and_where(Expr::col(EmailOutbox::MessageId).is_in(old.clone()))
            .to_owned(),
        Query::delete()
            .from_table(MessageIntents::Table)
            .and_where(Expr::col(MessageIntents::MessageId).is_in(old.clone()))
            .to_owned(),
        Query::delete()
            .from_table(MessageUnderstandings::Table)
            .and_where(Expr::col(MessageUnderstandings::MessageId).is_in(old.clone()))
            .to_owned(),
        Query::delete()
            .from_table(Msg::Table)
            .and_where(Expr::col(Msg::Id).is_in(old.clone()))
            .to_owned(),
        Query::delete()
            .from_table(Sales::Table)
            .and_where(Expr::col(Sales::CustomerId).is_in(customers.clone()))
            .to_owned(),
    ] {
        app.db.execute(&statement).await.unwrap();
    }
    app.db
        .execute(
            Query::update()
                .table(Appt::Table)
                .value(Appt::ApptStatus, "CANCELLED")
                .and_where(Expr::col(Appt::FsiId).is_in(leads.clone())),
        )
        .await
        .unwrap();
    let booked_before: Option<i64> = app
        .db
        .fetch_scalar(
            Query::select()
                .expr(Func::max(Expr::col(Appt::Id)))
                .from(Appt::Table),
        )
        .await
        .unwrap();
    for lead in &leads {
        let started = app
            .get(
                &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
                Some(token),
            )
            .await;
        assert_eq!(started.status(), StatusCode::OK);
    }
    for (customer, reply) in customers.iter().zip(REPLIES) {
        if let Some(body) = reply {
            let sent = app
                .post_json(
                    &format!("/api/simulator/phones/{customer}/reply"),
                    token,
                    &json!({ "body": body }),
                )
                .await;
            assert!(sent.status().is_success());
        }
    }
    let day = a_free_monday() + Duration::days(77);
    let booked = app
        .ok_json(
            Method::POST,
            "/api/lisa/appointment",
            token,
            Some(json!({"futureServiceInteractionId": leads[0], "inpDate": day.to_string(), "inpTime": "9:00 AM"})),
        )
        .await;
    let appointment = booked["appointment"]["id"].as_i64().unwrap();
    // Let the assistant read the replies (it classifies them in a job) before moving time.
    wait_until_understood(app, &leads).await;
    for (months, range) in [(MARCH, 0..4), (APRIL, 4..8)] {
        app.db
            .execute(
                Query::update()
                    .table(Msg::Table)
                    .value(Msg::CreatedAt, at(months))
                    .and_where(Expr::col(Msg::FsiId).is_in(leads[range.clone()].to_vec())),
            )
            .await
            .unwrap();
        app.db
            .execute(
                Query::update()
                    .table(Customers::Table)
                    .value(Customers::OptedOutAt, at(months))
                    .and_where(Expr::col(Customers::Id).is_in(customers[range].to_vec()))
                    .and_where(Expr::col(Customers::OptedOutAt).is_not_null()),
            )
            .await
            .unwrap();
    }
    app.db
        .execute(
            Query::update()
                .table(Appt::Table)
                .value(Appt::CreatedAt, at(MARCH))
                .and_where(Expr::col(Appt::Id).gt(booked_before.unwrap_or(0))),
        )
        .await
        .unwrap();
    // Lead 2's customer bought here: Type A.
    let (vehicle,): (Option<i64>,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(Fsi::VehicleId)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(leads[2])),
        )
        .await
        .unwrap()
        .unwrap();
    app.db
        .execute(
            Query::insert()
                .into_table(Sales::Table)
                .columns([
                    Sales::EnterpriseId,
                    Sales::StoreId,
                    Sales::CustomerId,
                    Sales::VehicleId,
                    Sales::DealNumber,
                    Sales::DealType,
                    Sales::SoldDate,
                    Sales::CreatedAt,
                ])
                .values_panic([
                    1.into(),
                    1.into(),
                    customers[2].into(),
                    vehicle.expect("demo leads have vehicles").into(),
                    "REPORTS-1".into(),
                    "NEW".into(),
                    NaiveDate::from_ymd_opt(2024, 5, 1).unwrap().into(),
                    Utc::now().into(),
                ]),
        )
        .await
        .unwrap();
    World {
        leads,
        customers,
        appointment,
    }
}

use chrono::Duration;

/// Waits until the assistant has read every reply on the leads (it does so in a job).
async fn wait_until_understood(app: &TestApp, leads: &[i64]) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let unread: i64 = app
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Func::count(Expr::col((Msg::Table, Msg::Id))))
                    .from(Msg::Table)
                    .left_join(
                        MessageUnderstandings::Table,
                        Expr::col((
                            MessageUnderstandings::Table,
                            MessageUnderstandings::MessageId,
                        ))
                        .equals((Msg::Table, Msg::Id)),
                    )
                    .and_where(Expr::col((Msg::Table, Msg::FsiId)).is_in(leads.to_vec()))
                    .and_where(Expr::col((Msg::Table, Msg::Direction)).eq("RECEIVED"))
                    .and_where(
                        Expr::col((
                            MessageUnderstandings::Table,
                            MessageUnderstandings::MessageId,
                        ))
                        .is_null(),
                    ),
            )
            .await
            .unwrap();
        if unread == 0 {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{unread} replies never read"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The monthly column a lead falls in, worked out here from its rows: opted out, booked, no
/// answer, keywords only, or its latest reply's strongest final intent (docs/reports.md).
async fn expected_column(app: &TestApp, lead: i64, customer: i64, daily: bool) -> &'static str {
    let (blocked,): (bool,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(Customers::BlockSms)
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Id).eq(customer)),
        )
        .await
        .unwrap()
        .unwrap();
    let replies: Vec<(i64, Option<String>)> = app
        .db
        .fetch_all(
            Query::select()
                .column((Msg::Table, Msg::Id))
                .column((
                    MessageUnderstandings::Table,
                    MessageUnderstandings::CarrierKeyword,
                ))
                .from(Msg::Table)
                .left_join(
                    MessageUnderstandings::Table,
                    Expr::col((
                        MessageUnderstandings::Table,
                        MessageUnderstandings::MessageId,
                    ))
                    .equals((Msg::Table, Msg::Id)),
                )
                .and_where(Expr::col((Msg::Table, Msg::FsiId)).eq(lead))
                .and_where(Expr::col((Msg::Table, Msg::Direction)).eq("RECEIVED"))
                .order_by((Msg::Table, Msg::Id), sea_query::Order::Asc),
        )
        .await
        .unwrap();
    let mut intents_of = BTreeMap::new();
    for (message, _) in &replies {
        let intents: Vec<(String, f64)> = app
            .db
            .fetch_all(
                Query::select()
                    .columns([MessageIntents::IntentName, MessageIntents::Confidence])
                    .from(MessageIntents::Table)
                    .and_where(Expr::col(MessageIntents::MessageId).eq(*message))
                    .and_where(Expr::col(MessageIntents::IsFinal).eq(true)),
            )
            .await
            .unwrap();
        intents_of.insert(*message, intents);
    }
    let stopped = intents_of
        .values()
        .any(|intents| intents.iter().any(|(name, _)| name == "STOP"));
    let (standing,): (i64,) = app
        .db
        .fetch_optional(
            Query::select()
                .expr(Func::count(Expr::col(Appt::Id)))
                .from(Appt::Table)
                .and_where(Expr::col(Appt::FsiId).eq(lead))
                .and_where(Expr::col(Appt::ApptStatus).ne("CANCELLED")),
        )
        .await
        .unwrap()
        .unwrap();
    if blocked || stopped {
        return "optOut";
    }
    if standing > 0 {
        return "appointments";
    }
    if replies.is_empty() {
        return "noResponse";
    }
    if replies.iter().all(|(_, keyword)| keyword.is_some()) {
        return if daily { "notEngaged" } else { "unclassified" };
    }
    // The latest reply that has final intents (same time: the higher id), its strongest.
    let code = replies
        .iter()
        .rev()
        .find_map(|(id, _)| {
            let intents = &intents_of[id];
            intents
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(name, _)| name.clone())
        })
        .unwrap_or_else(|| "BLANK".to_owned());
    match code.as_str() {
        "SPA-SS" => "spaSS",
        "SPA-AS" => "spaAS",
        "SPA-XX" | "SPA" => "spaXX",
        "CL" => "contactLater",
        "NLO" => "noLongerOwn",
        "CPAL" => "preferAlternateLocation",
        "VI" => "vehicleIssue",
        "TU" => "tagUpdate",
        "WN" => "wrongNumber",
        "LD" => "longDistance",
        "ASA" | "AAS" => "apptScheduledAlready",
        "SALES_INQ" => "salesInq",
        "CQ" => "customerQuestion",
        "CC" => "customerComplaint",
        "APPT_SET" | "APPT" if daily => "aBkgErr",
        "REQ-CALL" if daily => "reqCall",
        "FU" | "SFU" | "APPT_SET" | "APPT" | "REQ-CALL" => "followUp",
        "BLANK" => "unclassified",
        _ => "misc",
    }
}

fn row_of<'a>(table: &'a Value, first_key: &str, first: &str, kind: &str) -> &'a Value {
    table["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row[first_key] == first && row["customerType"] == kind)
        .unwrap_or_else(|| panic!("no row {first} {kind} in {table}"))
}

/// Waits until no job of the enterprise is queued or running (the assistant's reading and
/// replying happen in jobs).
async fn wait_for_quiet(app: &TestApp, token: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let mut busy = 0;
        for status in ["queued", "running"] {
            let runs = app
                .ok_json(
                    Method::GET,
                    &format!("/api/jobs?status={status}"),
                    token,
                    None,
                )
                .await;
            busy += runs["totalElements"].as_i64().unwrap();
        }
        if busy == 0 {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{busy} jobs never finished"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Moves the messages after `mark` on `lead` to `at`.
async fn move_messages(app: &TestApp, lead: i64, mark: i64, at_text: &str) {
    app.db
        .execute(
            Query::update()
                .table(Msg::Table)
                .value(Msg::CreatedAt, at(at_text))
                .and_where(Expr::col(Msg::FsiId).eq(lead))
                .and_where(Expr::col(Msg::Id).gt(mark)),
        )
        .await
        .unwrap();
}

fn row_where<'a>(table: &'a Value, key: &str, value: &str) -> &'a Value {
    table["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row[key] == value)
        .unwrap_or_else(|| panic!("no row {key}={value} in {table}"))
}
