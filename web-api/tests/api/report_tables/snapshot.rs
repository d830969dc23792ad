//! The reports' in-memory snapshot against the reports' SQL, over generated worlds: the demo's
//! leads, texts, replies, intents, bookings and buyers scattered at random over half a year,
//! then changed again by every kind of write the snapshot must notice. Every classification
//! table, funnel, store-wise, leads-status, agent and response-insights table and not-responded
//! page the snapshot
//! answers must equal the database's, for random stores, service types, windows, grains,
//! customer types and pages.

use chrono::{Duration, TimeZone};
use engine::auth::{Caller, Scope};
use engine::domain::{EmpLevel, Role};
use engine::store::PageRequest;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reports::{
    ClassificationOptions, CustomerType, Grain, ReportFilter, ReportKind, ReportOptions, Reports,
};

use super::*;

const ENTERPRISE: i64 = 1;

fn random_time(rng: &mut StdRng) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2021, 1, 1, 0, 0, 0).unwrap()
        + Duration::seconds(rng.random_range(0..180 * 86_400))
}

async fn ids(app: &TestApp, select: &sea_query::SelectStatement) -> Vec<i64> {
    let rows: Vec<(i64,)> = app.db.fetch_all(select).await.unwrap();
    rows.into_iter().map(|(id,)| id).collect()
}

/// The enterprise's leads, stores and service types.
async fn catalogue(app: &TestApp) -> (Vec<i64>, Vec<i64>, Vec<String>) {
    let leads = ids(
        app,
        Query::select()
            .column(Fsi::Id)
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::EnterpriseId).eq(ENTERPRISE)),
    )
    .await;
    let stores = ids(
        app,
        Query::select()
            .distinct()
            .column(Fsi::StoreId)
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::EnterpriseId).eq(ENTERPRISE)),
    )
    .await;
    let services: Vec<(String,)> = app
        .db
        .fetch_all(
            Query::select()
                .distinct()
                .column(Fsi::ServiceType)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::EnterpriseId).eq(ENTERPRISE)),
        )
        .await
        .unwrap();
    (leads, stores, services.into_iter().map(|(s,)| s).collect())
}

/// More texts and replies on up to 400 of the enterprise's leads, at random times.
async fn add_texts(app: &TestApp, rng: &mut StdRng) {
    let leads: Vec<(i64, i64, i64)> = app
        .db
        .fetch_all(
            Query::select()
                .columns([Fsi::Id, Fsi::StoreId, Fsi::CustomerId])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::EnterpriseId).eq(ENTERPRISE))
                .limit(400),
        )
        .await
        .unwrap();
    // One transaction: a commit per write would make this slow on PostgreSQL.
    let mut tx = app.db.begin().await.unwrap();
    for (lead, store, customer) in leads {
        for _ in 0..rng.random_range(0..4) {
            let direction = ["SENT", "RECEIVED"][rng.random_range(0..2)];
            let at = random_time(rng);
            tx.execute(
                Query::insert()
                    .into_table(Msg::Table)
                    .columns([
                        Msg::EnterpriseId,
                        Msg::StoreId,
                        Msg::FsiId,
                        Msg::CustomerId,
                        Msg::Direction,
                        Msg::MessageType,
                        Msg::NotificationType,
                        Msg::Content,
                        Msg::MessageStatus,
                        Msg::CreatedAt,
                        Msg::UpdatedAt,
                    ])
                    .values_panic([
                        ENTERPRISE.into(),
                        store.into(),
                        lead.into(),
                        customer.into(),
                        direction.into(),
                        "SMS".into(),
                        "SMS".into(),
                        "a text of the generated world".into(),
                        "DELIVERED".into(),
                        at.into(),
                        at.into(),
                    ]),
            )
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
}

/// Scatters a share of the enterprise's messages, intents, readings, bookings, opt-outs and
/// buyers at random.
async fn scatter(app: &TestApp, rng: &mut StdRng, share: f64, leads: &[i64], stores: &[i64]) {
    let messages = ids(
        app,
        Query::select()
            .column(Msg::Id)
            .from(Msg::Table)
            .and_where(Expr::col(Msg::EnterpriseId).eq(ENTERPRISE))
            .and_where(Expr::col(Msg::FsiId).is_not_null()),
    )
    .await;
    let mut tx = app.db.begin().await.unwrap();
    let intents = [
        "STOP", "SPA-SS", "CL", "APPT_SET", "REQ-CALL", "CQ", "NLO", "MISC", "DD",
    ];
    let insights: Vec<&str> = engine::domain::leads::ResponseInsight::ALL
        .iter()
        .map(|insight| insight.as_str())
        .collect();
    let tracks: Vec<&str> = engine::domain::leads::WorkflowTrack::ALL
        .iter()
        .map(|track| track.as_str())
        .collect();
    for message in messages {
        if !rng.random_bool(share) {
            continue;
        }
        let direction = ["SENT", "SENT", "SEND", "RECEIVED", "RECEIVED"][rng.random_range(0..5)];
        let kind = [
            "SMS", "SMS", "SMS", "SMS", "SMS", "SMS", "EMAIL", "INTERNAL",
        ][rng.random_range(0..8)];
        // Notes of every track (handoffs among them), by the assistant or by somebody.
        let subject = rng
            .random_bool(0.6)
            .then(|| tracks[rng.random_range(0..tracks.len())]);
        let author = rng.random_bool(0.3).then_some(1i64);
        let mut update = Query::update();
        update
            .table(Msg::Table)
            .value(Msg::CreatedAt, random_time(rng))
            .value(Msg::Direction, direction)
            .value(Msg::MessageType, kind)
            .value(Msg::IsCompliance, rng.random_bool(0.05))
            .value(Msg::IsAutomated, rng.random_bool(0.5))
            .value(Msg::Subject, subject)
            .value(Msg::SentByUserId, author)
            .and_where(Expr::col(Msg::Id).eq(message));
        if rng.random_bool(0.1) {
            update.value(Msg::StoreId, stores[rng.random_range(0..stores.len())]);
        }
        if rng.random_bool(0.1) {
            update.value(Msg::FsiId, leads[rng.random_range(0..leads.len())]);
        }
        tx.execute(&update).await.unwrap();
        tx.execute(
            Query::delete()
                .from_table(MessageIntents::Table)
                .and_where(Expr::col(MessageIntents::MessageId).eq(message)),
        )
        .await
        .unwrap();
        tx.execute(
            Query::delete()
                .from_table(MessageUnderstandings::Table)
                .and_where(Expr::col(MessageUnderstandings::MessageId).eq(message)),
        )
        .await
        .unwrap();
        if direction != "RECEIVED" {
            continue;
        }
        for _ in 0..rng.random_range(0..3) {
            tx.execute(
                Query::insert()
                    .into_table(MessageIntents::Table)
                    .columns([
                        MessageIntents::MessageId,
                        MessageIntents::IntentName,
                        MessageIntents::Confidence,
                        MessageIntents::IsFinal,
                        MessageIntents::CreatedAt,
                    ])
                    .values_panic([
                        message.into(),
                        intents[rng.random_range(0..intents.len())].into(),
                        f64::from(rng.random_range(1..100u8) / 10 * 10).into(),
                        rng.random_bool(0.8).into(),
                        Utc::now().into(),
                    ]),
            )
            .await
            .unwrap();
        }
        if rng.random_bool(0.6) {
            let keyword = rng.random_bool(0.25).then_some("STOP");
            let insight = rng
                .random_bool(0.7)
                .then(|| insights[rng.random_range(0..insights.len())]);
            tx.execute(
                Query::insert()
                    .into_table(MessageUnderstandings::Table)
                    .columns([
                        MessageUnderstandings::MessageId,
                        MessageUnderstandings::CarrierKeyword,
                        MessageUnderstandings::ResponseInsight,
                        MessageUnderstandings::UnderstoodAt,
                    ])
                    .values_panic([
                        message.into(),
                        keyword.into(),
                        insight.into(),
                        Utc::now().into(),
                    ]),
            )
            .await
            .unwrap();
        }
    }
    let appointments = ids(
        app,
        Query::select()
            .column(Appt::Id)
            .from(Appt::Table)
            .and_where(Expr::col(Appt::EnterpriseId).eq(ENTERPRISE)),
    )
    .await;
    for appointment in appointments {
        if !rng.random_bool(share) {
            continue;
        }
        let status = ["SCHEDULED", "CANCELLED", "COMPLETED", "NO_SHOW"][rng.random_range(0..4)];
        tx.execute(
            Query::update()
                .table(Appt::Table)
                .value(Appt::CreatedAt, random_time(rng))
                .value(Appt::ApptStatus, status)
                .value(Appt::FsiId, leads[rng.random_range(0..leads.len())])
                // Booked by the assistant, by somebody, or from the DMS.
                .value(Appt::CreatedBy, rng.random_bool(0.4).then_some(1i64))
                .value(
                    Appt::Source,
                    ["BAYLINE", "BAYLINE", "DMS"][rng.random_range(0..3)],
                )
                .and_where(Expr::col(Appt::Id).eq(appointment)),
        )
        .await
        .unwrap();
    }
    for lead in leads {
        if rng.random_bool(share) {
            tx.execute(
                Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::CreatedAt, random_time(rng))
                    .value(Fsi::ResponseReqd, rng.random_bool(0.3))
                    .value(Fsi::ConversationClosed, rng.random_bool(0.3))
                    .and_where(Expr::col(Fsi::Id).eq(*lead)),
            )
            .await
            .unwrap();
        }
    }
    let customers = ids(
        app,
        Query::select()
            .column(Customers::Id)
            .from(Customers::Table)
            .and_where(Expr::col(Customers::EnterpriseId).eq(ENTERPRISE)),
    )
    .await;
    for customer in customers {
        if rng.random_bool(share * 0.3) {
            tx.execute(
                Query::update()
                    .table(Customers::Table)
                    .value(Customers::BlockSms, rng.random_bool(0.3))
                    .and_where(Expr::col(Customers::Id).eq(customer)),
            )
            .await
            .unwrap();
        }
        if rng.random_bool(share * 0.2) {
            tx.execute(
                Query::delete()
                    .from_table(Sales::Table)
                    .and_where(Expr::col(Sales::CustomerId).eq(customer)),
            )
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
}

/// A random filter over the enterprise.
fn random_filter(rng: &mut StdRng, stores: &[i64], services: &[String]) -> ReportFilter {
    let mut store_ids: Vec<i64> = stores
        .iter()
        .copied()
        .filter(|_| rng.random_bool(0.6))
        .collect();
    if store_ids.is_empty() {
        store_ids.push(stores[rng.random_range(0..stores.len())]);
    }
    let service_types = if rng.random_bool(0.5) {
        Vec::new()
    } else {
        services
            .iter()
            .filter(|_| rng.random_bool(0.4))
            .cloned()
            .collect()
    };
    let from = Utc.with_ymd_and_hms(2020, 12, 20, 0, 0, 0).unwrap()
        + Duration::days(rng.random_range(0..200));
    let until = from + Duration::days(rng.random_range(1..120));
    ReportFilter {
        scope: Scope {
            enterprise_id: ENTERPRISE,
            boc_id: None,
            store_id: None,
        },
        store_ids,
        service_types,
        from,
        until,
    }
}

/// The snapshot and the SQL agree on `rounds` random filters.
async fn agree(
    snapshot: &Reports,
    sql: &Reports,
    rng: &mut StdRng,
    stores: &[i64],
    services: &[String],
    rounds: usize,
) -> i64 {
    let mut seen = 0;
    let caller = manager();
    let page = PageRequest::new(Some(0), Some(50)).unwrap();
    for round in 0..rounds {
        let filter = random_filter(rng, stores, services);
        let grain = if rng.random_bool(0.5) {
            Grain::Month
        } else {
            Grain::Day
        };
        let options = ClassificationOptions {
            customer_type: [None, Some(CustomerType::A), Some(CustomerType::B)]
                [rng.random_range(0..3)],
        };
        let expected = sql.classification(&filter, grain, options).await.unwrap();
        let answered = snapshot
            .classification(&filter, grain, options)
            .await
            .unwrap();
        if answered != expected {
            let only = |a: &reports::Table, b: &reports::Table| -> Vec<String> {
                a.rows
                    .iter()
                    .filter(|row| !b.rows.contains(row))
                    .map(|row| format!("{row:?}"))
                    .collect()
            };
            panic!(
                "round {round}: the classification table ({grain:?}, {options:?}) for {filter:?}\n\
                 rows only the snapshot has: {:#?}\nrows only the SQL has: {:#?}",
                only(&answered, &expected),
                only(&expected, &answered)
            );
        }
        let expected = sql.funnel(&filter).await.unwrap();
        assert_eq!(
            snapshot.funnel(&filter).await.unwrap(),
            expected,
            "round {round}: the funnel for {filter:?}"
        );
        seen += expected.stages[0].count;
        let (expected, answered) = (
            sql.run(
                &caller,
                ReportKind::StoreWise,
                &filter,
                ReportOptions::default(),
                page,
            )
            .await
            .unwrap(),
            snapshot
                .run(
                    &caller,
                    ReportKind::StoreWise,
                    &filter,
                    ReportOptions::default(),
                    page,
                )
                .await
                .unwrap(),
        );
        assert_eq!(
            answered, expected,
            "round {round}: the store-wise table for {filter:?}"
        );
        for (kind, page) in [
            (ReportKind::LeadsStatus, page),
            (ReportKind::AgentReport, page),
            (ReportKind::ResponseInsights, page),
            (ReportKind::NotResponded, page),
            (
                ReportKind::NotResponded,
                PageRequest::new(Some(rng.random_range(1..4)), Some(rng.random_range(1..20)))
                    .unwrap(),
            ),
        ] {
            let expected = sql
                .run(&caller, kind, &filter, ReportOptions::default(), page)
                .await
                .unwrap();
            let answered = snapshot
                .run(&caller, kind, &filter, ReportOptions::default(), page)
                .await
                .unwrap();
            assert_eq!(
                answered,
                expected,
                "round {round}: {} ({page:?}) for {filter:?}",
                kind.key()
            );
        }
    }
    seen
}

/// A caller who reads every report of the enterprise.
fn manager() -> Caller {
    Caller {
        user_id: 1,
        session_id: 1,
        username: "differential".into(),
        roles: vec![Role::EnterpriseAdmin],
        emp_level: EmpLevel::Enterprise,
        enterprise_id: Some(ENTERPRISE),
        boc_id: None,
        store_id: None,
        calling_feature: false,
        real_time_sync: false,
    }
}

#[tokio::test]
async fn the_snapshot_answers_every_lead_report_as_the_sql_does_and_follows_every_change() {
    // A demo ten times the usual: hundreds of leads.
    let app = crate::helpers::spawn_app_with(&[("BAYLINE_DEMO_SCALE", "1500")]).await;
    let (leads, stores, services) = catalogue(&app).await;
    assert!(leads.len() > 20 && !stores.is_empty(), "the demo has leads");
    let sql = Reports::new(app.db.clone());
    let snapshot = Reports::with_snapshots(app.db.clone());
    let mut rng = StdRng::seed_from_u64(39);

    add_texts(&app, &mut rng).await;
    scatter(&app, &mut rng, 1.0, &leads, &stores).await;
    let held = snapshot.warm_snapshot(ENTERPRISE).await.unwrap();
    assert!(held > 200, "the snapshot holds the texted leads ({held})");
    let contacted = agree(&snapshot, &sql, &mut rng, &stores, &services, 40).await;
    assert!(contacted > 1000, "the filters count leads ({contacted})");

    // Every kind of write, after the snapshot was built: it catches up before it answers.
    scatter(&app, &mut rng, 0.3, &leads, &stores).await;
    for lead in leads.iter().step_by(7) {
        app.db
            .execute(
                Query::update()
                    .table(Fsi::Table)
                    .value(
                        Fsi::ServiceType,
                        services[rng.random_range(0..services.len())].clone(),
                    )
                    .value(Fsi::StoreId, stores[rng.random_range(0..stores.len())])
                    .and_where(Expr::col(Fsi::Id).eq(*lead)),
            )
            .await
            .unwrap();
    }
    agree(&snapshot, &sql, &mut rng, &stores, &services, 40).await;
    // New leads (copies of some), created in the windows the filters read.
    let copied = [
        Fsi::EnterpriseId,
        Fsi::BocId,
        Fsi::StoreId,
        Fsi::CustomerId,
        Fsi::ServiceType,
        Fsi::Status,
        Fsi::CreatedAt,
        Fsi::UpdatedAt,
    ];
    app.db
        .execute(
            Query::insert()
                .into_table(Fsi::Table)
                .columns(copied)
                .select_from(
                    Query::select()
                        .columns(copied)
                        .from(Fsi::Table)
                        .and_where(Expr::col(Fsi::Id).is_in(leads.iter().step_by(5).copied()))
                        .to_owned(),
                )
                .unwrap(),
        )
        .await
        .unwrap();
    agree(&snapshot, &sql, &mut rng, &stores, &services, 20).await;
    // New texts on leads never texted before, and more on the others.
    add_texts(&app, &mut rng).await;
    agree(&snapshot, &sql, &mut rng, &stores, &services, 20).await;

    // Only the assistant's marks change: whose text, whose note, whose booking, what it
    // understood of a reply.
    let handoff = engine::domain::leads::WorkflowTrack::ALL
        .iter()
        .find(|track| track.is_handoff())
        .unwrap()
        .as_str();
    for update in [
        Query::update()
            .table(Msg::Table)
            .value(Msg::IsAutomated, Expr::col(Msg::IsAutomated).not())
            .and_where(Expr::col(Msg::FsiId).is_in(leads.iter().step_by(4).copied()))
            .to_owned(),
        Query::update()
            .table(Msg::Table)
            .value(Msg::Subject, handoff)
            .and_where(Expr::col(Msg::FsiId).is_in(leads.iter().step_by(6).copied()))
            .to_owned(),
        Query::update()
            .table(Msg::Table)
            .value(Msg::SentByUserId, Option::<i64>::None)
            .and_where(Expr::col(Msg::FsiId).is_in(leads.iter().step_by(5).copied()))
            .to_owned(),
        Query::update()
            .table(Appt::Table)
            .value(Appt::CreatedBy, Option::<i64>::None)
            .value(Appt::Source, "BAYLINE")
            .and_where(Expr::col(Appt::FsiId).is_in(leads.iter().step_by(3).copied()))
            .to_owned(),
        Query::update()
            .table(MessageUnderstandings::Table)
            .value(
                MessageUnderstandings::ResponseInsight,
                engine::domain::leads::ResponseInsight::FollowUp.as_str(),
            )
            .and_where(
                Expr::col(MessageUnderstandings::MessageId).in_subquery(
                    Query::select()
                        .column(Msg::Id)
                        .from(Msg::Table)
                        .and_where(Expr::col(Msg::FsiId).is_in(leads.iter().step_by(2).copied()))
                        .to_owned(),
                ),
            )
            .to_owned(),
    ] {
        app.db.execute(&update).await.unwrap();
    }
    agree(&snapshot, &sql, &mut rng, &stores, &services, 20).await;

    // Texts taken back: the leads they named are read again (some now texted never).
    app.db
        .execute(
            Query::update()
                .table(Msg::Table)
                .value(Msg::Direction, "RECEIVED")
                .and_where(Expr::col(Msg::FsiId).is_in(leads.iter().step_by(3).copied())),
        )
        .await
        .unwrap();
    agree(&snapshot, &sql, &mut rng, &stores, &services, 20).await;
}

#[tokio::test]
async fn the_first_report_is_answered_by_the_database_while_the_snapshot_builds() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let window = json!({ "startDate": "2020-01-01", "endDate": "2021-12-31" });
    let first = app
        .ok_json(
            Method::POST,
            "/api/reports/funnel",
            &token,
            Some(window.clone()),
        )
        .await;
    // The same figures however often it is asked, whichever answers.
    for _ in 0..5 {
        let again = app
            .ok_json(
                Method::POST,
                "/api/reports/funnel",
                &token,
                Some(window.clone()),
            )
            .await;
        assert_eq!(again["content"], first["content"]);
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn the_change_log_names_each_lead_written_and_is_cleared_after_a_day() {
    use engine::store::report_changes::ReportChangeLog;
    let app = spawn_app().await;
    let log = ReportChangeLog::new(app.db.clone());
    let before = log.latest().await.unwrap();
    let (leads, _, _) = catalogue(&app).await;
    for (lead, service) in [
        (leads[0], "NOT_A_SERVICE_TYPE_BEFORE"),
        (leads[1], "NOR_THIS"),
    ] {
        app.db
            .execute(
                Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::ServiceType, service)
                    .and_where(Expr::col(Fsi::Id).eq(lead)),
            )
            .await
            .unwrap();
    }
    let lead = leads[0];
    let changes = log.since(before, &[], 100).await.unwrap();
    let change = changes
        .iter()
        .find(|c| c.fsi_id == lead)
        .expect("the lead's change is logged");

    let now = Utc::now();
    assert_eq!(
        engine::store::housekeeping::prune_expired(
            &engine::auth::AuthService::new(app.db.clone(), Default::default()),
            &app.db,
            now,
        )
        .await
        .unwrap()
        .report_changes,
        0,
        "nothing is a day old"
    );
    let pruned = engine::store::housekeeping::prune_expired(
        &engine::auth::AuthService::new(app.db.clone(), Default::default()),
        &app.db,
        now + Duration::days(1) + Duration::minutes(1),
    )
    .await
    .unwrap();
    assert!(pruned.report_changes > 0);
    let left = log.since(change.seq - 1, &[], 1).await.unwrap();
    assert!(
        left.iter().all(|c| c.seq != change.seq),
        "the change is gone"
    );
    // The newest is kept, so places only grow.
    let latest = log.latest().await.unwrap();
    assert!(latest > change.seq, "the newest change stays");
}
