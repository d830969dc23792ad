//! The handoff, response, staff, revenue, performance, alert, planner and template reports.

use super::*;

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

/// The MRT/ART screen (E-S2): staff replies with the wait each answered, longest first, and the
/// staff member's average; for the super roles only (E-R6).
#[tokio::test]
async fn response_times_list_the_longest_waits_first_for_the_super_roles() {
    let app = spawn_app().await;
    let token = app.token_of("super-user").await;
    let (super_user,): (i64,) = app
        .db
        .fetch_optional(
            Query::select()
                .column(engine::store::schema::Users::Id)
                .from(engine::store::schema::Users::Table)
                .and_where(Expr::col(engine::store::schema::Users::Username).eq("super-user")),
        )
        .await
        .unwrap()
        .unwrap();
    // Three replies of store 1 in March 2021 that answered waits of 2, 10 and 4 minutes.
    let replies: Vec<(i64,)> = app
        .db
        .fetch_all(
            Query::select()
                .column(Msg::Id)
                .from(Msg::Table)
                .and_where(Expr::col(Msg::StoreId).eq(1))
                .and_where(Expr::col(Msg::Direction).eq("SENT"))
                .order_by(Msg::Id, sea_query::Order::Asc)
                .limit(3),
        )
        .await
        .unwrap();
    for ((id,), (wait, day)) in replies
        .iter()
        .zip([(120_000, 11), (600_000, 12), (240_000, 13)])
    {
        app.db
            .execute(
                &Query::update()
                    .table(Msg::Table)
                    .value(Msg::MessageResponseTimeMs, wait)
                    .value(Msg::SentByUserId, super_user)
                    .value(Msg::CreatedAt, at(&format!("2021-03-{day}T10:00:00Z")))
                    .and_where(Expr::col(Msg::Id).eq(*id))
                    .to_owned(),
            )
            .await
            .unwrap();
    }
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-03-31" });
    let table = app
        .ok_json(
            Method::POST,
            "/api/reports/response-times",
            &token,
            Some(window.clone()),
        )
        .await;
    let rows = table["content"].as_array().unwrap();
    let waits: Vec<f64> = rows
        .iter()
        .map(|r| r["responseSeconds"].as_f64().unwrap())
        .collect();
    assert_eq!(waits, [600.0, 240.0, 120.0], "{table}");
    for row in rows {
        assert_eq!(row["staffAverageSeconds"].as_f64().unwrap(), 320.0);
        assert_eq!(row["storeName"], rows[0]["storeName"]);
    }
    // Managers read reports, but not response times.
    let manager = app.token_of("office-manager").await;
    assert_error(
        app.request(
            Method::POST,
            "/api/reports/response-times",
            &manager,
            Some(window),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
}
