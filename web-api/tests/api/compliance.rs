//! Compliance over a scripted demo week on a simulated clock: the engine's outreach (two bulk
//! runs, the follow-up sweep, the send pipeline, customers' replies and opt-outs) is driven
//! tick by tick with the clock passed in, as the workers would drive it, and then every text
//! the week produced is checked: none to a customer after they opted out, no automated text
//! outside its recipient's allowed hours (held, not dropped, and sent when the window opens),
//! and no customer texted twice by the bulk runs. The same rules with real workers (and one
//! killed mid-run, on PostgreSQL + Redis in CI) are `workers.rs`'s.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Timelike, Utc, Weekday};
use engine::domain::formats::parse_time_zone;
use engine::domain::parse_job_input;
use engine::messaging::quiet_hours::AllowedHours;
use engine::messaging::{MessagingService, WebhookRequest, signature};
use engine::outreach::{BulkInitiation, BulkInitiationInput, FollowUps};
use engine::store::messages::MessageStore;
use engine::store::schema::{
    BulkInitiationLeads as Bulk, Customers, FutureServiceInteractions as Fsi,
    MessageInstances as Msg, Offices, Stores,
};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_api_only};

/// The simulated clock's step.
const TICK_MINUTES: i64 = 20;

struct Week {
    app: TestApp,
    messaging: MessagingService,
    bulk: BulkInitiation,
    follow_ups: FollowUps,
    messages: MessageStore,
    token: String,
    auth_token: String,
    store_number: String,
}

impl Week {
    /// Starts a bulk run of `leads` through the API (queued: no worker runs it) and settles
    /// it at `now`, as its job would.
    async fn bulk_run(&self, leads: &[i64], now: DateTime<Utc>) -> i64 {
        let started: Value = self
            .app
            .post_json(
                "/api/service-workflow/bulk/initiate",
                &self.token,
                &json!({ "leadIds": leads }),
            )
            .await
            .json()
            .await
            .unwrap();
        let run = started["jobRun"]["id"].as_i64().expect("a run");
        let detail: Value = self
            .app
            .get(&format!("/api/jobs/{run}"), Some(&self.token))
            .await
            .json()
            .await
            .unwrap();
        let input: BulkInitiationInput = parse_job_input(&detail["run"]["input"]).unwrap();
        self.bulk.prepare(run, &input, now).await.unwrap();
        loop {
            let batch = self.bulk.next(run, 7).await.unwrap();
            if batch.is_empty() {
                return run;
            }
            self.bulk.settle(run, &input, &batch, now).await.unwrap();
        }
    }

    /// A text from a customer's phone to the store, signed as the simulator signs.
    async fn customer_texts(&self, phone: &str, body: &str, now: DateTime<Utc>) {
        let params: Vec<(String, String)> = [
            ("AccountSid", "ACsimulator".to_owned()),
            ("MessageSid", format!("SMweek{}", now.timestamp_micros())),
            ("From", phone.to_owned()),
            ("To", self.store_number.clone()),
            ("Body", body.to_owned()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        let url = "http://bayline.test/api/sms/twilio/inbound".to_owned();
        let signed = signature::sign(&self.auth_token, &url, &params);
        self.messaging
            .receive_sms(&WebhookRequest::new(url, params, Some(signed)), now)
            .await
            .unwrap();
    }

    /// One tick of the workers: the follow-up sweep, then every due message delivered.
    async fn tick(&self, now: DateTime<Utc>) {
        self.follow_ups.sweep(1, now).await.unwrap();
        loop {
            let claimed = self.messages.claim_due(now, 200).await.unwrap();
            if claimed.is_empty() {
                break;
            }
            for message in claimed {
                // A retry stays queued: the week's end finds it if it was one of ours.
                self.messaging.deliver(message.id, now).await.unwrap();
            }
        }
    }
}

#[derive(Debug)]
struct Sent {
    id: i64,
    customer_id: i64,
    message_status: String,
    is_automated: bool,
    is_compliance: bool,
    scheduled_for: Option<DateTime<Utc>>,
    sent_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
}

#[tokio::test]
async fn a_scripted_week_never_texts_the_opted_out_outside_allowed_hours_or_twice() {
    let app = spawn_api_only().await;
    let token = app.token_of("enterprise-admin").await;
    let picked = app.reachable_leads(14).await;
    let customers: Vec<i64> = picked.iter().map(|(_, c)| *c).collect();
    let leads: Vec<i64> = picked.iter().map(|(l, _)| *l).collect();
    // Only the week's leads are on a cadence.
    app.db
        .execute(
            Query::update()
                .table(Fsi::Table)
                .value(Fsi::FollowUpStep, Option::<String>::None)
                .value(Fsi::FollowUpAt, Option::<DateTime<Utc>>::None),
        )
        .await
        .unwrap();
    // Store 1 texts 09:00–18:00 in its zone; four customers live in another zone, whose
    // clock their window follows; three opted out before the week.
    app.db
        .execute(
            Query::update()
                .table(Stores::Table)
                .value(Stores::QuietHoursStart, "09:00")
                .value(Stores::QuietHoursEnd, "18:00")
                .and_where(Expr::col(Stores::Id).eq(1)),
        )
        .await
        .unwrap();
    let (zone_name,): (String,) = app
        .db
        .fetch_optional(
            Query::select()
                .column((Offices::Table, Offices::TimeZone))
                .from(Stores::Table)
                .inner_join(
                    Offices::Table,
                    Expr::col((Offices::Table, Offices::Id))
                        .equals((Stores::Table, Stores::OfficeId)),
                )
                .and_where(Expr::col((Stores::Table, Stores::Id)).eq(1)),
        )
        .await
        .unwrap()
        .unwrap();
    let elsewhere = if zone_name == "America/Los_Angeles" {
        "America/New_York"
    } else {
        "America/Los_Angeles"
    };
    app.db
        .execute(
            Query::update()
                .table(Customers::Table)
                .value(Customers::TimeZone, elsewhere)
                .and_where(Expr::col(Customers::Id).is_in(customers[0..4].to_vec())),
        )
        .await
        .unwrap();
    app.db
        .execute(
            Query::update()
                .table(Customers::Table)
                .value(Customers::BlockSms, true)
                .and_where(Expr::col(Customers::Id).is_in(customers[4..7].to_vec())),
        )
        .await
        .unwrap();
    let phones: HashMap<i64, String> = app
        .db
        .fetch_all::<(i64, String)>(
            Query::select()
                .columns([Customers::Id, Customers::Cellular])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Id).is_in(customers.clone())),
        )
        .await
        .unwrap()
        .into_iter()
        .collect();

    // The week starts on a Monday at 05:00 in the store's zone, before its window opens.
    let zone = parse_time_zone(&zone_name).unwrap();
    let mut day = Utc::now().with_timezone(&zone).date_naive() + Duration::days(1);
    while day.weekday() != Weekday::Mon {
        day += Duration::days(1);
    }
    let start = zone
        .from_local_datetime(&day.and_time(NaiveTime::from_hms_opt(5, 0, 0).unwrap()))
        .single()
        .unwrap()
        .with_timezone(&Utc);

    let messaging = MessagingService::new(app.db.clone(), app.messaging_settings());
    let gateway = messaging.gateway_config(1).await.unwrap();
    let mark = app.last_message_id().await;
    let mut week = Week {
        bulk: BulkInitiation::new(app.db.clone(), messaging.clone()),
        follow_ups: FollowUps::new(app.db.clone(), messaging.clone()),
        messages: MessageStore::new(app.db.clone()),
        messaging,
        token,
        auth_token: gateway.auth_token,
        store_number: String::new(),
        app,
    };

    let mut opted_out_at: HashMap<i64, DateTime<Utc>> = customers[4..7]
        .iter()
        .map(|c| (*c, start - Duration::days(1)))
        .collect();
    let first_run = week.bulk_run(&leads, start).await;
    let (number,): (Option<String>,) = week
        .app
        .db
        .fetch_optional(
            Query::select()
                .column(Msg::FromAddress)
                .from(Msg::Table)
                .and_where(Expr::col(Msg::Id).gt(mark))
                .and_where(Expr::col(Msg::IsAutomated).eq(true))
                .limit(1),
        )
        .await
        .unwrap()
        .expect("the run queued texts");
    week.store_number = number.unwrap();

    let mut second_run = None;
    let ticks = 8 * 24 * 60 / TICK_MINUTES;
    for tick in 0..ticks {
        let now = start + Duration::minutes(tick * TICK_MINUTES);
        let local = now.with_timezone(&zone);
        let (days, hour, minute) = ((now - start).num_days(), local.hour(), local.minute());
        match (days, hour, minute) {
            // Monday late morning: one customer answers, which ends their cadence.
            (0, 11, 0) => {
                week.customer_texts(&phones[&customers[8]], "Sounds good, next week works", now)
                    .await
            }
            // Tuesday afternoon: one opts out.
            (1, 14, 0) => {
                week.customer_texts(&phones[&customers[9]], "STOP", now)
                    .await;
                opted_out_at.insert(customers[9], now);
            }
            // Wednesday evening, the store's window closed: the same list again.
            (2, 19, 0) => {
                let mut again = leads.clone();
                again.reverse();
                second_run = Some(week.bulk_run(&again, now).await);
            }
            // Thursday morning, before the window: an opt-out in words.
            (3, 7, 0) => {
                week.customer_texts(
                    &phones[&customers[10]],
                    "Please stop texting me, remove my number",
                    now,
                )
                .await;
                opted_out_at.insert(customers[10], now);
            }
            _ => {}
        }
        week.tick(now).await;
    }
    let end = start + Duration::minutes(ticks * TICK_MINUTES);

    type Row = (
        i64,
        i64,
        String,
        bool,
        bool,
        Option<DateTime<Utc>>,
        Option<DateTime<Utc>>,
        DateTime<Utc>,
    );
    let rows: Vec<Row> = week
        .app
        .db
        .fetch_all(
            Query::select()
                .columns([
                    Msg::Id,
                    Msg::CustomerId,
                    Msg::MessageStatus,
                    Msg::IsAutomated,
                    Msg::IsCompliance,
                    Msg::ScheduledFor,
                    Msg::SentAt,
                    Msg::CreatedAt,
                ])
                .from(Msg::Table)
                .and_where(Expr::col(Msg::Id).gt(mark))
                .and_where(Expr::col(Msg::CustomerId).is_in(customers.clone()))
                .and_where(Expr::col(Msg::MessageType).eq("SMS"))
                .and_where(Expr::col(Msg::Direction).is_in(["SEND", "SENT"])),
        )
        .await
        .unwrap();
    let texts: Vec<Sent> = rows
        .into_iter()
        .map(|r| Sent {
            id: r.0,
            customer_id: r.1,
            message_status: r.2,
            is_automated: r.3,
            is_compliance: r.4,
            scheduled_for: r.5,
            sent_at: r.6,
            created_at: r.7,
        })
        .collect();
    let zones: HashMap<i64, &str> = customers
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, if i < 4 { elsewhere } else { zone_name.as_str() }))
        .collect();
    let window = AllowedHours::parse("09:00", "18:00").unwrap();
    let sent: Vec<&Sent> = texts.iter().filter(|t| t.sent_at.is_some()).collect();

    // The week did what it is meant to: openings held overnight, then follow-ups.
    assert!(
        texts
            .iter()
            .filter(|t| t.created_at == start && t.scheduled_for.is_some())
            .count()
            >= 10,
        "the 05:00 run held its texts for the window: {texts:?}"
    );
    assert!(
        sent.iter().filter(|t| t.is_automated).count() > picked.len(),
        "follow-ups went out after the openings"
    );

    // Zero texts to a customer after they opted out (their confirmation aside).
    for text in &sent {
        if let Some(opted) = opted_out_at.get(&text.customer_id) {
            assert!(
                text.is_compliance || text.sent_at.unwrap() < *opted,
                "text {} went to customer {} after they opted out",
                text.id,
                text.customer_id
            );
        }
    }
    // Zero automated texts outside the recipient's allowed hours.
    for text in sent.iter().filter(|t| t.is_automated && !t.is_compliance) {
        let zone = parse_time_zone(zones[&text.customer_id]).unwrap();
        assert!(
            window.contains(text.sent_at.unwrap(), zone),
            "text {} went out at {} (recipient's zone {zone})",
            text.id,
            text.sent_at.unwrap().with_timezone(&zone)
        );
    }
    // Deferred, not dropped: nothing due is left waiting at the week's end.
    for text in &texts {
        assert!(
            !(text.message_status == "queued" && text.scheduled_for.is_none_or(|at| at <= end)),
            "text {} was never sent: {text:?}",
            text.id
        );
    }
    // Zero customers texted twice by the bulk runs: one opening each, the second run none.
    let per_customer: Vec<(i64, i64)> = week
        .app
        .db
        .fetch_all(
            Query::select()
                .column(Bulk::CustomerId)
                .expr(sea_query::Func::count(Expr::col(Bulk::MessageId)))
                .from(Bulk::Table)
                .and_where(
                    Expr::col(Bulk::JobRunId).is_in([first_run, second_run.expect("second run")]),
                )
                .group_by_col(Bulk::CustomerId),
        )
        .await
        .unwrap();
    assert_eq!(per_customer.len(), customers.len());
    for (customer, texts) in per_customer {
        let expected = i64::from(!customers[4..7].contains(&customer));
        assert_eq!(texts, expected, "customer {customer}");
    }
}
