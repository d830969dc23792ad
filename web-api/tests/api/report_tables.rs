//! The report tables against a small world built by hand: eight customers texted over two
//! months, answering in their own ways (a booking, a STOP, words the assistant classifies, a
//! keyword only, silence), one a buyer. Every figure is recomputed here from the rows the world
//! left, without the reports' SQL; and the catalogue, roles and tenancy of the report calls.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use engine::store::schema::{
    Customers, EmailOutbox, FutureServiceInteractions as Fsi, MessageInstances as Msg,
    MessageIntents, MessageUnderstandings, RepairOrders, Sales, ServiceAppointments as Appt,
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

#[tokio::test]
async fn the_monthly_and_daily_tables_count_each_lead_once_in_its_column() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    for (kind, daily, first_key) in [
        ("monthly", false, "reportMonth"),
        ("daily", true, "reportDate"),
    ] {
        let mut expected: BTreeMap<(String, &str), BTreeMap<&str, i64>> = BTreeMap::new();
        for (i, (lead, customer)) in world.leads.iter().zip(&world.customers).enumerate() {
            let period = match (i < 4, daily) {
                (true, false) => "2021-03",
                (false, false) => "2021-04",
                (true, true) => "2021-03-10",
                (false, true) => "2021-04-10",
            };
            let kind = if i == 2 { "Type A" } else { "Type B" };
            let column = expected_column(&app, *lead, *customer, daily).await;
            *expected
                .entry((period.to_owned(), kind))
                .or_default()
                .entry(column)
                .or_default() += 1;
        }
        let table = app
            .ok_json(
                Method::POST,
                &format!("/api/reports/{kind}"),
                &token,
                Some(window.clone()),
            )
            .await;
        let keys: Vec<&str> = table["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["key"].as_str().unwrap())
            .collect();
        assert_eq!(keys[0], first_key);
        assert_eq!(
            keys[1..22],
            [
                "customerType",
                "spaSS",
                "spaAS",
                "spaXX",
                "contactLater",
                "noResponse",
                "appointments",
                "noLongerOwn",
                "preferAlternateLocation",
                "vehicleIssue",
                "tagUpdate",
                "wrongNumber",
                "longDistance",
                "apptScheduledAlready",
                "salesInq",
                "customerQuestion",
                "customerComplaint",
                "misc",
                "followUp",
                "optOut",
                "unclassified",
            ],
            "the spec's order (E-E2)"
        );
        if daily {
            assert_eq!(keys[22..25], ["aBkgErr", "reqCall", "notEngaged"]);
        }
        assert_eq!(
            table["content"].as_array().unwrap().len(),
            expected.len(),
            "{table}"
        );
        for ((period, customer_type), columns) in &expected {
            let row = row_of(&table, first_key, period, customer_type);
            for key in &keys[2..keys.len() - 2] {
                assert_eq!(
                    row[*key].as_i64().unwrap(),
                    columns.get(key).copied().unwrap_or(0),
                    "{kind} {period} {customer_type} {key}: {row}"
                );
            }
            assert_eq!(row["total"], columns.values().sum::<i64>());
        }
        assert_eq!(table["totals"]["total"], 8, "{table}");
        // April's Type B compares with March's Type B.
        let (march, april) = if daily {
            ("2021-03-10", "2021-04-10")
        } else {
            ("2021-03", "2021-04")
        };
        let before = row_of(&table, first_key, march, "Type B")["total"]
            .as_f64()
            .unwrap();
        let now = row_of(&table, first_key, april, "Type B")["total"]
            .as_f64()
            .unwrap();
        let change = row_of(&table, first_key, april, "Type B")["change"]
            .as_f64()
            .unwrap();
        assert!((change - ((now - before) * 100.0 / before * 10.0).round() / 10.0).abs() < 1e-9);
    }

    // Scripted, the world has a booking, an opt-out, a keyword-only answer and two silences.
    let monthly = app
        .ok_json(
            Method::POST,
            "/api/reports/monthly",
            &token,
            Some(window.clone()),
        )
        .await;
    let totals = &monthly["totals"];
    assert_eq!(totals["appointments"], 1, "{monthly}");
    assert_eq!(totals["optOut"], 1, "{monthly}");
    assert_eq!(totals["noResponse"], 2, "{monthly}");

    // Only Type A ('1'), only Type B ('2').
    let mut only_a = window.clone();
    only_a["customerType"] = json!("1");
    let a = app
        .ok_json(Method::POST, "/api/reports/monthly", &token, Some(only_a))
        .await;
    assert_eq!(a["totals"]["total"], 1, "{a}");
    let mut only_b = window.clone();
    only_b["customerType"] = json!("2");
    let b = app
        .ok_json(Method::POST, "/api/reports/monthly", &token, Some(only_b))
        .await;
    assert_eq!(b["totals"]["total"], 7, "{b}");
    // A month that holds only later texts of a lead first texted before it: nobody.
    let may = json!({ "storeIds": [1], "startDate": "2021-05-01", "endDate": "2021-05-31" });
    let empty = app
        .ok_json(Method::POST, "/api/reports/monthly", &token, Some(may))
        .await;
    assert_eq!(empty["content"], json!([]));
    assert_eq!(empty["totals"]["total"], 0);

    // The lead's customer type at the spec's path.
    let typed = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/lisa/service-interactions/customer-type/{}",
                world.leads[2]
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(typed["code"], "1");
    assert_eq!(typed["customerType"], "Type A");
    let typed = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/lisa/service-interactions/customer-type/{}",
                world.leads[3]
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(typed["customerType"], "Type B");
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.get(
            &format!(
                "/api/lisa/service-interactions/customer-type/{}",
                world.leads[2]
            ),
            Some(&summit),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn the_store_and_list_reports_agree_with_the_world_and_the_funnel() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    // Store-wise: the funnel's figures, store by store (here one store).
    let stores = app
        .ok_json(
            Method::POST,
            "/api/lisa/service-interactions/stores",
            &token,
            Some(window.clone()),
        )
        .await;
    let funnel = app
        .ok_json(
            Method::POST,
            "/api/reports/funnel",
            &token,
            Some(window.clone()),
        )
        .await;
    let stage = |key: &str| {
        funnel["content"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["stage"] == key)
            .unwrap()["leads"]
            .clone()
    };
    let row = &stores["content"][0];
    assert_eq!(stores["content"].as_array().unwrap().len(), 1, "{stores}");
    assert_eq!(row["storeId"], 1);
    assert_eq!(row["texted"], 8);
    assert_eq!(row["texted"], stage("CONTACTED"));
    assert_eq!(row["responded"], 6);
    assert_eq!(row["responded"], stage("RESPONDED"));
    assert_eq!(row["booked"], 1);
    assert_eq!(row["booked"], stage("APPT_BOOKING"));
    assert_eq!(row["optedOut"], 1);
    assert_eq!(row["responseRate"], 75.0);
    assert_eq!(row["bookingRate"], 12.5);
    assert_eq!(stores["totals"]["texted"], 8);
    assert!(
        Value::is_null(&stores["totals"]["storeId"]),
        "identifiers are not added up"
    );
    assert_eq!(stores["totals"]["storeName"], "Total");

    // Not responded: the two silent leads, newest lead first.
    let silent = app
        .ok_json(
            Method::POST,
            "/api/reports/not-responded",
            &token,
            Some(window.clone()),
        )
        .await;
    let mut expected = vec![world.leads[6], world.leads[7]];
    expected.sort_unstable_by(|a, b| b.cmp(a));
    let got: Vec<i64> = silent["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["futureServiceInteractionId"].as_i64().unwrap())
        .collect();
    assert_eq!(got, expected, "{silent}");
    assert_eq!(silent["totalElements"], 2);
    assert_eq!(
        silent["content"][0]["firstTextedAt"],
        APRIL.replace(".000", "")
    );
    assert!(silent["content"][0]["textsSent"].as_i64().unwrap() >= 1);

    // Opt-out: the STOP of lead 1, in March, with its words.
    let opted = app
        .ok_json(
            Method::POST,
            "/api/reports/opt-out",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(opted["totalElements"], 1, "{opted}");
    assert_eq!(opted["content"][0]["customerId"], world.customers[1]);
    assert_eq!(opted["content"][0]["lastMessage"], "STOP");

    // Response insights: every reply in the window counted once.
    let insights = app
        .ok_json(
            Method::POST,
            "/api/reports/response-insights",
            &token,
            Some(window.clone()),
        )
        .await;
    let replies: i64 = app
        .db
        .fetch_scalar(
            Query::select()
                .expr(Func::count(Expr::col(Msg::Id)))
                .from(Msg::Table)
                .and_where(Expr::col(Msg::FsiId).is_in(world.leads.clone()))
                .and_where(Expr::col(Msg::Direction).eq("RECEIVED")),
        )
        .await
        .unwrap();
    assert_eq!(insights["totals"]["replies"], replies, "{insights}");

    // Message response: the same replies one by one, with what the assistant read in each.
    let responses = app
        .ok_json(
            Method::POST,
            "/api/reports/message-response?size=100",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(responses["totalElements"], replies, "{responses}");
    for row in responses["content"].as_array().unwrap() {
        let message = row["messageId"].as_i64().unwrap();
        let intents: Vec<(String, f64)> = app
            .db
            .fetch_all(
                Query::select()
                    .columns([MessageIntents::IntentName, MessageIntents::Confidence])
                    .from(MessageIntents::Table)
                    .and_where(Expr::col(MessageIntents::MessageId).eq(message))
                    .and_where(Expr::col(MessageIntents::IsFinal).eq(true)),
            )
            .await
            .unwrap();
        let strongest = intents
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(name, _)| Value::from(name.clone()))
            .unwrap_or(Value::Null);
        assert_eq!(row["intent"], strongest, "{row}");
        assert_eq!(row["logMode"], "NO");
    }

    // Leads status: the leads created in the window (none: the demo's are older).
    let status = app
        .ok_json(
            Method::POST,
            "/api/reports/leads-status",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(status["content"], json!([]));
    app.db
        .execute(
            Query::update()
                .table(Fsi::Table)
                .value(Fsi::CreatedAt, at(MARCH))
                .and_where(Expr::col(Fsi::Id).is_in(world.leads.clone())),
        )
        .await
        .unwrap();
    let status = app
        .ok_json(
            Method::POST,
            "/api/reports/leads-status",
            &token,
            Some(window.clone()),
        )
        .await;
    let totals = &status["totals"];
    assert_eq!(totals["leads"], 8, "{status}");
    assert_eq!(totals["texted"], 8);
    assert_eq!(totals["open"], 0);
    assert_eq!(totals["responded"], 6);
    assert_eq!(totals["booked"], 1);

    // Booked appointments: booked in March; appointments: by their time; a no-show.
    let booked = app
        .ok_json(
            Method::POST,
            "/api/reports/booked-appointments",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(booked["totalElements"], 1, "{booked}");
    assert_eq!(booked["content"][0]["appointmentId"], world.appointment);
    let day = (a_free_monday() + Duration::days(77)).to_string();
    let that_day = json!({ "storeIds": [1], "startDate": day, "endDate": day });
    let on_day = app
        .ok_json(
            Method::POST,
            "/api/reports/appointments",
            &token,
            Some(that_day.clone()),
        )
        .await;
    assert!(
        on_day["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["appointmentId"] == world.appointment),
        "{on_day}"
    );
    let no_shows = app
        .ok_json(
            Method::POST,
            "/api/reports/no-show",
            &token,
            Some(that_day.clone()),
        )
        .await;
    let before = no_shows["totalElements"].as_i64().unwrap();
    app.ok_json(
        Method::PUT,
        &format!("/api/appointment/{}/status/NO_SHOW", world.appointment),
        &token,
        None,
    )
    .await;
    let no_shows = app
        .ok_json(Method::POST, "/api/reports/no-show", &token, Some(that_day))
        .await;
    assert_eq!(
        no_shows["totalElements"].as_i64().unwrap(),
        before + 1,
        "{no_shows}"
    );
    assert!(
        no_shows["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["appointmentId"] == world.appointment)
    );

    // Closed repair orders: closed in the window's last day counts; texted before it opened.
    for (number, customer, opened, closed) in [
        ("RPT-1", world.customers[0], "2021-03-12", "2021-04-30"),
        ("RPT-2", world.customers[6], "2021-03-01", "2021-03-02"),
        ("RPT-3", world.customers[7], "2021-04-20", "2021-05-01"),
    ] {
        app.db
            .execute(
                Query::insert()
                    .into_table(RepairOrders::Table)
                    .columns([
                        RepairOrders::EnterpriseId,
                        RepairOrders::StoreId,
                        RepairOrders::CustomerId,
                        RepairOrders::RoNumber,
                        RepairOrders::StatusCode,
                        RepairOrders::OpenDate,
                        RepairOrders::ClosedDate,
                        RepairOrders::TotalAmount,
                        RepairOrders::CreatedAt,
                        RepairOrders::UpdatedAt,
                    ])
                    .values_panic([
                        1.into(),
                        1.into(),
                        customer.into(),
                        number.into(),
                        "CLOSED".into(),
                        opened.parse::<NaiveDate>().unwrap().into(),
                        closed.parse::<NaiveDate>().unwrap().into(),
                        249.5f64.into(),
                        Utc::now().into(),
                        Utc::now().into(),
                    ]),
            )
            .await
            .unwrap();
    }
    let closed = app
        .ok_json(
            Method::POST,
            "/api/reports/closed-repair-orders",
            &token,
            Some(window.clone()),
        )
        .await;
    let got: Vec<(String, String, f64)> = closed["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["roNumber"].as_str().unwrap().starts_with("RPT-"))
        .map(|r| {
            (
                r["roNumber"].as_str().unwrap().to_owned(),
                r["textedBefore"].as_str().unwrap().to_owned(),
                r["totalAmount"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("RPT-1".to_owned(), "YES".to_owned(), 249.5),
            ("RPT-2".to_owned(), "NO".to_owned(), 249.5),
        ],
        "{closed}"
    );
}

#[tokio::test]
async fn report_calls_check_roles_kinds_and_tenancy() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let manager = app.token_of("office-manager").await;
    let rep = app.token_of("sales-rep").await;
    let summit = app.token_of("summit-admin").await;

    // The catalogue: what each caller may read.
    let all = app.ok_json(Method::GET, "/api/reports", &admin, None).await;
    let keys: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["key"].as_str().unwrap())
        .collect();
    assert!(
        keys.contains(&"monthly") && keys.contains(&"login-activity"),
        "{all}"
    );
    let managers = app
        .ok_json(Method::GET, "/api/reports", &manager, None)
        .await;
    assert!(
        !managers
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k["key"] == "login-activity"),
        "{managers}"
    );
    let reps = app.ok_json(Method::GET, "/api/reports", &rep, None).await;
    assert_eq!(reps, json!([]));

    // Every kind answers for an administrator, with its columns, over the default window.
    for key in &keys {
        let table = app
            .ok_json(
                Method::POST,
                &format!("/api/reports/{key}"),
                &admin,
                Some(json!({})),
            )
            .await;
        assert_eq!(table["kind"], *key);
        assert!(!table["columns"].as_array().unwrap().is_empty(), "{key}");
        for row in table["content"].as_array().unwrap() {
            assert_eq!(
                row.as_object().unwrap().len(),
                table["columns"].as_array().unwrap().len(),
                "{key}: {row}"
            );
        }
        // Another tenant's store: not found. A sales rep: refused.
        assert_error(
            app.post_json(
                &format!("/api/reports/{key}"),
                &summit,
                &json!({ "storeIds": [1] }),
            )
            .await,
            StatusCode::NOT_FOUND,
        )
        .await;
        assert_error(
            app.post_json(&format!("/api/reports/{key}"), &rep, &json!({}))
                .await,
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    assert_error(
        app.post_json("/api/reports/login-activity", &manager, &json!({}))
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.post_json("/api/reports/no-such-report", &admin, &json!({}))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.post_json("/api/reports/appointments?size=0", &admin, &json!({}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // The sign-ins this test made are in today's login activity.
    let logins = app
        .ok_json(
            Method::POST,
            "/api/reports/login-activity",
            &admin,
            Some(json!({})),
        )
        .await;
    let names: Vec<&str> = logins["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["username"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"enterprise-admin"), "{logins}");
    assert!(names.contains(&"office-manager"), "{logins}");
    assert!(
        !names.contains(&"summit-admin"),
        "another enterprise's user: {logins}"
    );
    assert!(
        logins["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["result"] == "SUCCEEDED" || r["result"] == "FAILED")
    );
}

impl TestApp {
    /// Exports a report, waits for the run and downloads the file: (run, file name, bytes).
    async fn export_report(
        &self,
        token: &str,
        kind: &str,
        body: Value,
    ) -> (Value, String, Vec<u8>) {
        let run = self
            .ok_json(
                Method::POST,
                &format!("/api/reports/{kind}/export"),
                token,
                Some(body),
            )
            .await;
        let id = run["id"].as_i64().unwrap();
        assert_eq!(run["kind"], "reports.export");
        let detail = self.wait_until_final(token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        let result = &detail["run"]["result"];
        let url = result["downloadUrl"].as_str().unwrap();
        assert_eq!(url, format!("/api/reports/exports/{id}/file"));
        let response = self.get(url, Some(token)).await;
        assert_eq!(response.status(), StatusCode::OK);
        let disposition = response
            .headers()
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let file_name = result["fileName"].as_str().unwrap().to_owned();
        assert!(disposition.contains(&file_name), "{disposition}");
        let bytes = response.bytes().await.unwrap().to_vec();
        assert_eq!(result["bytes"], bytes.len(), "{result}");
        (detail["run"].clone(), file_name, bytes)
    }
}

#[tokio::test]
async fn reports_export_to_csv_and_xlsx_as_jobs_with_the_screens_figures() {
    use calamine::{Data, Reader, Xlsx};

    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    // CSV of a list: the screen's rows, header first, in the screen's order.
    let mut body = window.clone();
    body["format"] = json!("CSV");
    let (run, file_name, bytes) = app.export_report(&token, "not-responded", body).await;
    assert_eq!(
        file_name,
        "bayline-not-responded-2021-03-01-to-2021-04-30.csv"
    );
    assert_eq!(run["counts"]["done"], 2);
    assert_eq!(run["progress"], 100);
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(&header[..2], ["Lead", "Store"]);
    let leads: Vec<i64> = reader
        .records()
        .map(|r| r.unwrap()[0].parse().unwrap())
        .collect();
    let mut silent = vec![world.leads[6], world.leads[7]];
    silent.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(leads, silent);

    // XLSX of the monthly table: typed cells, the spec's headers, the totals row, a chart.
    let mut body = window.clone();
    body["format"] = json!("xlsx");
    let (_, file_name, bytes) = app.export_report(&token, "monthly", body).await;
    assert!(file_name.ends_with(".xlsx"));
    let screen = app
        .ok_json(
            Method::POST,
            "/api/reports/monthly",
            &token,
            Some(window.clone()),
        )
        .await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    assert!(
        book.sheet_names().contains(&"Chart".to_owned()),
        "{:?}",
        book.sheet_names()
    );
    let sheet = book.worksheet_range("Report").unwrap();
    let rows: Vec<Vec<Data>> = sheet.rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows[0][0], Data::String("Date".into()));
    assert_eq!(rows[0][2], Data::String("SPA-SS".into()));
    assert_eq!(rows[0][22], Data::String("Total".into()));
    let data = screen["content"].as_array().unwrap();
    assert_eq!(rows.len(), data.len() + 2, "header, rows, totals");
    for (row, expected) in rows[1..].iter().zip(data) {
        assert_eq!(
            row[0],
            Data::String(expected["reportMonth"].as_str().unwrap().into())
        );
        assert_eq!(row[22], Data::Float(expected["total"].as_f64().unwrap()));
    }
    let totals = rows.last().unwrap();
    assert_eq!(totals[0], Data::String("Total".into()));
    assert_eq!(totals[22], Data::Float(8.0));

    // Bad requests change nothing: a format, a report, another tenant's store.
    let runs_before = app
        .ok_json(Method::GET, "/api/jobs?kind=reports.export", &token, None)
        .await;
    let mut bad = window.clone();
    bad["format"] = json!("PDF");
    assert_error(
        app.post_json("/api/reports/monthly/export", &token, &bad)
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    bad["format"] = json!("CSV");
    assert_error(
        app.post_json("/api/reports/nope/export", &token, &bad)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json("/api/reports/monthly/export", &summit, &bad)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let runs_after = app
        .ok_json(Method::GET, "/api/jobs?kind=reports.export", &token, None)
        .await;
    assert_eq!(runs_before["totalElements"], runs_after["totalElements"]);

    // Roles: the sign-ins are for administrators, whichever way the export is asked for.
    let manager = app.token_of("office-manager").await;
    let sign_ins = json!({ "format": "CSV" });
    assert_error(
        app.post_json("/api/reports/login-activity/export", &manager, &sign_ins)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let direct = json!({ "kind": "reports.export", "input": {
        "report": "login-activity", "format": "CSV", "storeIds": [1],
        "startDate": "2021-03-01", "endDate": "2021-03-31" } });
    assert_error(
        app.post_json("/api/jobs", &manager, &direct).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.post_json("/api/reports/monthly/export", &rep, &bad)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;

    // Another tenant cannot download it; a removed file is gone.
    let (run, _, _) = app.export_report(&token, "store-wise", bad.clone()).await;
    let url = run["result"]["downloadUrl"].as_str().unwrap().to_owned();
    assert_error(app.get(&url, Some(&summit)).await, StatusCode::NOT_FOUND).await;
    let dir = std::path::PathBuf::from(app.setting("BAYLINE_DATA_DIR").unwrap()).join("exports");
    for entry in std::fs::read_dir(&dir).unwrap() {
        std::fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let gone = assert_error(app.get(&url, Some(&token)).await, StatusCode::NOT_FOUND).await;
    assert!(gone.contains("expired"), "{gone}");
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

#[tokio::test]
async fn the_handoff_response_and_staff_reports_agree_with_the_world() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    wait_for_quiet(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    // Three handoffs by staff the day after each lead's texts: GM on lead 2 (staff texts, the
    // customer answers), MD on lead 3 (nobody texts), a customer handoff on lead 4 (staff
    // texts, no answer).
    for (lead, track, text, answer, day) in [
        (
            world.leads[2],
            "CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK",
            true,
            true,
            "2021-03-11",
        ),
        (
            world.leads[3],
            "CUSTOMER_A_MD_HANDOFF",
            false,
            false,
            "2021-03-11",
        ),
        (
            world.leads[4],
            "CUSTOMER_A_HANDOFF",
            true,
            false,
            "2021-04-11",
        ),
    ] {
        let mark = app.last_message_id().await;
        app.ok_json(
            Method::POST,
            &format!("/api/future-service-interaction/workflow/track?future-service-interaction-id={lead}&track={track}"),
            &token,
            None,
        )
        .await;
        move_messages(&app, lead, mark, &format!("{day}T10:00:00Z")).await;
        if text {
            let mark = app.last_message_id().await;
            let sent = app
                .post_json(
                    "/api/svc-message-instance/svc-send-message",
                    &token,
                    &json!({ "jaguarFutureServiceInteractionId": lead, "content": "Hi, this is the service desk." }),
                )
                .await;
            assert_eq!(sent.status(), StatusCode::OK);
            move_messages(&app, lead, mark, &format!("{day}T10:30:00Z")).await;
        }
        if answer {
            let customer = world.customers[world.leads.iter().position(|l| *l == lead).unwrap()];
            let mark = app.last_message_id().await;
            let reply = app
                .post_json(
                    &format!("/api/simulator/phones/{customer}/reply"),
                    &token,
                    &json!({ "body": "Thanks for calling back" }),
                )
                .await;
            assert!(reply.status().is_success());
            wait_until_understood(&app, &[lead]).await;
            wait_for_quiet(&app, &token).await;
            move_messages(&app, lead, mark, &format!("{day}T11:00:00Z")).await;
        }
    }
    wait_for_quiet(&app, &token).await;

    let by_type = app
        .ok_json(
            Method::POST,
            "/api/reports/gm-handoff",
            &token,
            Some(window.clone()),
        )
        .await;
    let expect = |kind: &str, outcome: &str| {
        let row = row_where(&by_type, "handoffType", kind);
        assert_eq!(row["handoffs"], 1, "{kind}: {by_type}");
        assert_eq!(row[outcome], 1, "{kind} {outcome}: {by_type}");
    };
    expect("GM HANDOFF", "issueNotResolved");
    expect("MD HANDOFF", "customerNotContacted");
    expect("Customer HANDOFF", "noResponse");
    assert_eq!(by_type["totals"]["handoffs"], 3);

    let list = app
        .ok_json(
            Method::POST,
            "/api/lisa/report/sdc-handoff-report",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(list["totalElements"], 3, "{list}");
    let gm = list["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["futureServiceInteractionId"] == world.leads[2])
        .unwrap();
    assert_eq!(gm["handoffType"], "GM HANDOFF");
    assert_eq!(gm["firstStaffTextAt"], "2021-03-11T10:30:00Z");
    assert_eq!(gm["secondsToContact"], 1800.0);
    assert_eq!(gm["outcome"], "ISSUE_NOT_RESOLVED");
    assert!(
        gm["reason"]
            .as_str()
            .unwrap()
            .contains("CUSTOMER_A_GM_HANDOFF")
    );

    // First response: recomputed here from the rows: each customer text, the first text back.
    let rows: Vec<(i64, String, DateTime<Utc>, bool)> = app
        .db
        .fetch_all(
            Query::select()
                .columns([
                    Msg::FsiId,
                    Msg::Direction,
                    Msg::CreatedAt,
                    Msg::IsCompliance,
                ])
                .column(Msg::MessageType)
                .from(Msg::Table)
                .and_where(Expr::col(Msg::FsiId).is_in(world.leads.clone()))
                .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                .order_by(Msg::Id, sea_query::Order::Asc),
        )
        .await
        .unwrap()
        .into_iter()
        .map(
            |(lead, direction, at, compliance, _kind): (
                i64,
                String,
                DateTime<Utc>,
                bool,
                String,
            )| { (lead, direction, at, compliance) },
        )
        .collect();
    let from = at("2021-03-01T00:00:00Z");
    let until = at("2021-05-01T00:00:00Z");
    let mut received = 0;
    let mut waits = Vec::new();
    for (lead, direction, when, _) in rows.iter().filter(|r| r.1 == "RECEIVED") {
        if *when < from || *when >= until {
            continue;
        }
        received += 1;
        let answer = rows
            .iter()
            .filter(|(l, d, at, compliance)| {
                l == lead && (d == "SEND" || d == "SENT") && !compliance && at > when
            })
            .map(|(_, _, at, _)| *at)
            .min();
        let _ = direction;
        if let Some(answer) = answer {
            waits.push((answer - *when).num_milliseconds() as f64 / 1000.0);
        }
    }
    let first = app
        .ok_json(
            Method::POST,
            "/api/reports/first-response",
            &token,
            Some(window.clone()),
        )
        .await;
    let row = &first["content"][0];
    assert_eq!(row["replies"], received, "{first}");
    assert_eq!(row["answered"], waits.len());
    assert_eq!(
        row["within5Minutes"],
        waits.iter().filter(|w| **w <= 300.0).count()
    );
    if !waits.is_empty() {
        let average = waits.iter().sum::<f64>() / waits.len() as f64;
        assert!(
            (row["averageSeconds"].as_f64().unwrap() - average).abs() < 1.0,
            "{first}"
        );
    }

    // Advisor activity: what the administrator did, counted from the rows.
    let (admin,): (i64,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(engine::store::schema::Users::Id)
                .from(engine::store::schema::Users::Table)
                .and_where(
                    Expr::col(engine::store::schema::Users::Username).eq("enterprise-admin"),
                ),
        )
        .await
        .unwrap()
        .unwrap();
    let count_of = |kind: &'static str| {
        let db = app.db.clone();
        async move {
            db.fetch_scalar::<i64>(
                Query::select()
                    .expr(Func::count(Expr::col(Msg::Id)))
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::SentByUserId).eq(admin))
                    .and_where(Expr::col(Msg::MessageType).eq(kind))
                    .and_where(Expr::col(Msg::StoreId).eq(1))
                    .and_where(Expr::col(Msg::CreatedAt).gte(from))
                    .and_where(Expr::col(Msg::CreatedAt).lt(until)),
            )
            .await
            .unwrap()
        }
    };
    let activity = app
        .ok_json(
            Method::POST,
            "/api/reports/advisor-activity",
            &token,
            Some(window.clone()),
        )
        .await;
    let mine = row_where(&activity, "username", "enterprise-admin");
    assert_eq!(mine["texts"], count_of("SMS").await, "{activity}");
    assert_eq!(mine["notes"], count_of("INTERNAL").await, "{activity}");
    assert_eq!(mine["notes"], 3);
    assert_eq!(mine["appointmentsBooked"], 1, "{activity}");

    // Agent report: the assistant texted all eight; six answered; staff booked the one.
    let agent = app
        .ok_json(
            Method::POST,
            "/api/lisa/report/generate-agent-report",
            &token,
            Some(window.clone()),
        )
        .await;
    let row = &agent["content"][0];
    assert_eq!(row["leadsTexted"], 8, "{agent}");
    assert_eq!(row["answered"], 6, "{agent}");
    assert_eq!(row["booked"], 0, "staff booked it: {agent}");
    assert_eq!(row["optedOut"], 1);
    assert!(row["texts"].as_i64().unwrap() >= 8);
}

#[tokio::test]
async fn the_revenue_performance_alert_planner_and_template_reports_agree_with_the_world() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    wait_for_quiet(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    // ROI: an RO after the text counts, one opened before it does not.
    for (number, customer, opened, closed, amount) in [
        (
            "ROI-1",
            world.customers[0],
            "2021-04-01",
            "2021-04-02",
            300.0,
        ),
        (
            "ROI-2",
            world.customers[1],
            "2021-03-01",
            "2021-03-02",
            100.0,
        ),
    ] {
        app.db
            .execute(
                Query::insert()
                    .into_table(RepairOrders::Table)
                    .columns([
                        RepairOrders::EnterpriseId,
                        RepairOrders::StoreId,
                        RepairOrders::CustomerId,
                        RepairOrders::RoNumber,
                        RepairOrders::StatusCode,
                        RepairOrders::OpenDate,
                        RepairOrders::ClosedDate,
                        RepairOrders::TotalAmount,
                        RepairOrders::CreatedAt,
                        RepairOrders::UpdatedAt,
                    ])
                    .values_panic([
                        1.into(),
                        1.into(),
                        customer.into(),
                        number.into(),
                        "CLOSED".into(),
                        opened.parse::<NaiveDate>().unwrap().into(),
                        closed.parse::<NaiveDate>().unwrap().into(),
                        amount.into(),
                        Utc::now().into(),
                        Utc::now().into(),
                    ]),
            )
            .await
            .unwrap();
    }
    let roi = app
        .ok_json(
            Method::POST,
            "/api/reports/roi-revenue",
            &token,
            Some(window.clone()),
        )
        .await;
    let row = &roi["content"][0];
    assert_eq!(row["closedRos"], 2, "{roi}");
    assert_eq!(row["revenue"], 400.0);
    assert_eq!(row["rosAfterOutreach"], 1);
    assert_eq!(row["revenueAfterOutreach"], 300.0);
    assert_eq!(row["averageRoAfterOutreach"], 300.0);
    assert_eq!(row["shareOfRevenue"], 75.0);

    // Application performance: the texts of each day, counted from the rows.
    let performance = app
        .ok_json(
            Method::POST,
            "/api/reports/application-performance",
            &token,
            Some(window.clone()),
        )
        .await;
    for day in ["2021-03-10", "2021-04-10"] {
        let start = at(&format!("{day}T00:00:00Z"));
        let count = |direction: &'static [&'static str]| {
            let db = app.db.clone();
            async move {
                db.fetch_scalar::<i64>(
                    Query::select()
                        .expr(Func::count(Expr::col(Msg::Id)))
                        .from(Msg::Table)
                        .and_where(Expr::col(Msg::StoreId).eq(1))
                        .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                        .and_where(Expr::col(Msg::Direction).is_in(direction.iter().copied()))
                        .and_where(Expr::col(Msg::CreatedAt).gte(start))
                        .and_where(Expr::col(Msg::CreatedAt).lt(start + Duration::days(1))),
                )
                .await
                .unwrap()
            }
        };
        let row = row_where(&performance, "day", day);
        assert_eq!(
            row["texts"],
            count(&["SEND", "SENT"]).await,
            "{performance}"
        );
        assert_eq!(row["replies"], count(&["RECEIVED"]).await, "{performance}");
    }

    // Error alerts: a text the carrier refused, a booking the dealer system refused.
    let (text,): (i64,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(Msg::Id)
                .from(Msg::Table)
                .and_where(Expr::col(Msg::FsiId).eq(world.leads[6]))
                .and_where(Expr::col(Msg::Direction).is_in(["SEND", "SENT"]))
                .limit(1),
        )
        .await
        .unwrap()
        .unwrap();
    app.db
        .execute(
            Query::update()
                .table(Msg::Table)
                .value(Msg::MessageStatus, "failed")
                .value(Msg::ErrorText, "Carrier rejected the message")
                .and_where(Expr::col(Msg::Id).eq(text)),
        )
        .await
        .unwrap();
    app.db
        .execute(
            Query::update()
                .table(Appt::Table)
                .value(Appt::DmsStatus, "FAILED")
                .value(Appt::DmsError, "Dealer system unavailable")
                .value(Appt::UpdatedAt, at(APRIL))
                .and_where(Expr::col(Appt::Id).eq(world.appointment)),
        )
        .await
        .unwrap();
    let alerts = app
        .ok_json(
            Method::POST,
            "/api/email-alert/all",
            &token,
            Some(window.clone()),
        )
        .await;
    let failed_texts: i64 = app
        .db
        .fetch_scalar(
            Query::select()
                .expr(Func::count(Expr::col(Msg::Id)))
                .from(Msg::Table)
                .and_where(Expr::col(Msg::StoreId).eq(1))
                .and_where(Expr::col(Msg::MessageStatus).is_in([
                    "failed",
                    "undelivered",
                    "RESTRICTED",
                ]))
                .and_where(Expr::col(Msg::CreatedAt).gte(at("2021-03-01T00:00:00Z")))
                .and_where(Expr::col(Msg::CreatedAt).lt(at("2021-05-01T00:00:00Z"))),
        )
        .await
        .unwrap();
    assert_eq!(alerts["totalElements"], failed_texts + 1, "{alerts}");
    let details: Vec<(&str, &str)> = alerts["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["source"].as_str().unwrap(), a["detail"].as_str().unwrap()))
        .collect();
    assert!(
        details.contains(&("DMS", "Dealer system unavailable")),
        "{alerts}"
    );
    assert!(
        details.contains(&("TEXT", "Carrier rejected the message")),
        "{alerts}"
    );
    let times: Vec<&str> = alerts["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["at"].as_str().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "latest first: {alerts}"
    );

    // Planner alerts: a transfer run that failed, a run that created no lead.
    app.db
        .execute(
            Query::insert()
                .into_table(engine::store::schema::JobRuns::Table)
                .columns([
                    engine::store::schema::JobRuns::EnterpriseId,
                    engine::store::schema::JobRuns::StoreId,
                    engine::store::schema::JobRuns::Kind,
                    engine::store::schema::JobRuns::Status,
                    engine::store::schema::JobRuns::Error,
                    engine::store::schema::JobRuns::CreatedAt,
                    engine::store::schema::JobRuns::FinishedAt,
                ])
                .values_panic([
                    1.into(),
                    1.into(),
                    "planner.transfer".into(),
                    "failed".into(),
                    "The dealer system was unreachable".into(),
                    at("2021-03-20T08:00:00Z").into(),
                    at("2021-03-20T08:05:00Z").into(),
                ]),
        )
        .await
        .unwrap();
    app.db
        .execute(
            Query::insert()
                .into_table(engine::store::schema::PlannerAudits::Table)
                .columns([
                    engine::store::schema::PlannerAudits::EnterpriseId,
                    engine::store::schema::PlannerAudits::StoreId,
                    engine::store::schema::PlannerAudits::PlannerName,
                    engine::store::schema::PlannerAudits::ServiceType,
                    engine::store::schema::PlannerAudits::PlannerDate,
                    engine::store::schema::PlannerAudits::CandidateCount,
                    engine::store::schema::PlannerAudits::CreatedCount,
                    engine::store::schema::PlannerAudits::SkippedCount,
                    engine::store::schema::PlannerAudits::CreatedAt,
                ])
                .values_panic([
                    1.into(),
                    1.into(),
                    "STATE_INSPECTION".into(),
                    "STATE_INSPECTION".into(),
                    NaiveDate::from_ymd_opt(2021, 4, 2).unwrap().into(),
                    40.into(),
                    0.into(),
                    40.into(),
                    at("2021-04-02T08:00:00Z").into(),
                ]),
        )
        .await
        .unwrap();
    let planner_alerts = app
        .ok_json(
            Method::POST,
            "/api/email-alert/predictive-planner",
            &token,
            Some(window.clone()),
        )
        .await;
    assert_eq!(planner_alerts["totalElements"], 2, "{planner_alerts}");
    assert_eq!(planner_alerts["content"][0]["alert"], "NO_LEADS");
    assert_eq!(planner_alerts["content"][0]["about"], "STATE_INSPECTION");
    assert_eq!(planner_alerts["content"][1]["alert"], "RUN_FAILED");
    assert_eq!(
        planner_alerts["content"][1]["detail"],
        "The dealer system was unreachable"
    );

    // Inclusion and exclusion: a planner run's counts by reason.
    app.db
        .execute(
            Query::insert()
                .into_table(engine::store::schema::PlannerAudits::Table)
                .columns([
                    engine::store::schema::PlannerAudits::EnterpriseId,
                    engine::store::schema::PlannerAudits::StoreId,
                    engine::store::schema::PlannerAudits::PlannerName,
                    engine::store::schema::PlannerAudits::ServiceType,
                    engine::store::schema::PlannerAudits::PlannerDate,
                    engine::store::schema::PlannerAudits::Parameters,
                    engine::store::schema::PlannerAudits::CandidateCount,
                    engine::store::schema::PlannerAudits::CreatedCount,
                    engine::store::schema::PlannerAudits::SkippedCount,
                    engine::store::schema::PlannerAudits::CreatedAt,
                ])
                .values_panic([
                    1.into(),
                    1.into(),
                    "MILEAGE".into(),
                    "5K".into(),
                    NaiveDate::from_ymd_opt(2021, 3, 15).unwrap().into(),
                    json!({ "excluded": { "NOT_DUE": 5, "NO_LONGER_OWNED": 2 } }).into(),
                    20.into(),
                    13.into(),
                    7.into(),
                    at("2021-03-15T08:00:00Z").into(),
                ]),
        )
        .await
        .unwrap();
    let planners = app
        .ok_json(
            Method::POST,
            "/api/reports/inclusion-exclusion",
            &token,
            Some(window.clone()),
        )
        .await;
    let row = row_where(&planners, "planner", "MILEAGE");
    assert_eq!(row["candidates"], 20, "{planners}");
    assert_eq!(row["included"], 13);
    assert_eq!(row["excluded"], 7);
    assert_eq!(row["notDue"], 5);
    assert_eq!(row["noLongerOwned"], 2);
    assert_eq!(row["alreadyServiced"], 0);

    // Template master: a template written through it is listed by it.
    let saved = app
        .ok_json(
            Method::PUT,
            "/api/lisa/report/template-master",
            &token,
            Some(json!({ "templateCode": "REPORT_TEST", "title": "Report test", "body": "Hi {{customer_first_name}}, your car is due." })),
        )
        .await;
    let id = saved["templateId"].as_i64().unwrap();
    let master = app
        .ok_json(
            Method::POST,
            "/api/lisa/report/template-master?size=500",
            &token,
            Some(json!({})),
        )
        .await;
    let listed = master["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["templateId"] == id)
        .unwrap_or_else(|| panic!("{master}"));
    assert_eq!(listed["templateCode"], "REPORT_TEST");
    assert_eq!(listed["shared"], "NO");
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(
            Method::PUT,
            "/api/lisa/report/template-master",
            &rep,
            Some(json!({ "templateCode": "X", "title": "X", "body": "X" })),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
}

#[tokio::test]
async fn mailing_lists_keep_to_the_spec_and_a_scheduled_report_reaches_the_outbox() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    // A list's code starts with LIST- (H-R1); codes are unique in the enterprise.
    let refused = assert_error(
        app.post_json(
            "/mailinglist",
            &token,
            &json!({ "code": "Weekly GMs", "tenantId": 1 }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("should begin with"), "{refused}");
    let list = app
        .ok_json(
            Method::POST,
            "/mailinglist",
            &token,
            Some(json!({ "code": "LIST-GMS", "tenantId": 1 })),
        )
        .await;
    let list_id = list["mailingListMasterId"].as_i64().unwrap();
    assert_error(
        app.post_json(
            "/mailinglist",
            &token,
            &json!({ "code": "LIST-GMS", "tenantId": 1 }),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_error(
        app.post_json(
            "/mailinglist/details",
            &token,
            &json!({ "tenantId": 1, "mailingListMasterId": list_id, "email": "not an address" }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    for (name, email) in [
        ("Gina Manager", "gm@harbor.example"),
        ("Sam Director", "sd@harbor.example"),
    ] {
        app.ok_json(
            Method::POST,
            "/mailinglist/details",
            &token,
            Some(json!({ "tenantId": 1, "mailingListMasterId": list_id, "name": name, "email": email })),
        )
        .await;
    }
    let details = app
        .ok_json(
            Method::GET,
            &format!("/mailinglist/details?tenantId=1&mailingListMasterId={list_id}"),
            &token,
            None,
        )
        .await;
    assert_eq!(details.as_array().unwrap().len(), 2, "{details}");
    let lists = app
        .ok_json(Method::GET, "/mailinglist?tenantId=1", &token, None)
        .await;
    assert!(
        lists
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["code"] == "LIST-GMS" && l["recipients"] == 2),
        "{lists}"
    );

    // Another tenant finds nothing; a sales rep may not.
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.get(
            &format!("/mailinglist/details?tenantId=1&mailingListMasterId={list_id}"),
            Some(&summit),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let theirs = app
        .get(
            &format!("/mailinglist/details?mailingListMasterId={list_id}"),
            Some(&summit),
        )
        .await;
    assert_error(theirs, StatusCode::NOT_FOUND).await;
    let detail_id = details[0]["mailingListDetailsId"].as_i64().unwrap();
    assert_error(
        app.request(
            Method::DELETE,
            &format!("/mailinglist/details?mailingListDetailsId={detail_id}"),
            &summit,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.get("/mailinglist", Some(&rep)).await,
        StatusCode::FORBIDDEN,
    )
    .await;

    // A schedule e-mails the store-wise report of the day before to the list, every second
    // here; the e-mails wait in the outbox with the spreadsheet attached.
    let created = app
        .post_json(
            "/api/data-sync/scheduler",
            &token,
            &json!({
                "enterpriseId": 1, "storeIdFk": 1, "apiName": "report-mail",
                "jobKind": "reports.mail", "cron": "* * * * * *", "timeZone": "America/Los_Angeles",
                "input": { "report": "store-wise", "period": "DAY", "mailingListId": list_id,
                           "storeIds": [1], "timeZone": "America/Los_Angeles" }
            }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let schedule: Value = created.json().await.unwrap();
    let schedule_id = schedule["id"].as_i64().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let run = loop {
        let runs = app
            .ok_json(
                Method::GET,
                "/api/jobs?kind=reports.mail&status=succeeded",
                &token,
                None,
            )
            .await;
        if let Some(run) = runs["content"].as_array().unwrap().first() {
            break run.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no scheduled report ran"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let removed = app
        .request(
            Method::DELETE,
            &format!("/api/data-sync/scheduler/{schedule_id}"),
            &token,
            None,
        )
        .await;
    assert!(removed.status().is_success());
    assert_eq!(run["result"]["sent"], 2, "{run}");
    assert_eq!(run["result"]["mailingList"], "LIST-GMS");
    let outbox = app
        .ok_json(Method::GET, "/api/email/outbox?size=100", &token, None)
        .await;
    let mails: Vec<&Value> = outbox["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["subject"].as_str().unwrap().starts_with("Store-wise:"))
        .collect();
    assert!(mails.len() >= 2, "{outbox}");
    let to: Vec<&str> = mails.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert!(to.contains(&"gm@harbor.example") && to.contains(&"sd@harbor.example"));
    let mail = mails[0];
    assert!(
        Value::is_null(&mail["messageId"]),
        "a report's mail carries no customer message"
    );
    let mime = mail["mime"].as_str().unwrap();
    assert!(mime.contains("Content-Disposition: attachment"), "{mime}");
    assert!(mime.contains(".xlsx"), "{mime}");
    assert!(mime.contains("rows"), "the summary: {mime}");

    // A run for a list without recipients fails and says so; the list's deletion takes them.
    app.request(
        Method::DELETE,
        &format!("/mailinglist?tenantId=1&mailingListMasterId={list_id}"),
        &token,
        None,
    )
    .await;
    let lists = app.ok_json(Method::GET, "/mailinglist", &token, None).await;
    assert_eq!(lists, json!([]));
}
