//! The monthly, daily, store and list tables count each lead once, as the world and the funnel say.

use super::*;

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
