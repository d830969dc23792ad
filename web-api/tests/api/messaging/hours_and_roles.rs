//! Allowed texting hours, and who sees internal notes and archived messages.

use super::*;

/// Allowed hours that exclude the present moment in `zone`.
fn hours_excluding_now(zone: chrono_tz::Tz) -> (String, String) {
    let local = Utc::now().with_timezone(&zone);
    let start = (local.hour() + 2) % 24;
    let end = (local.hour() + 4) % 24;
    (format!("{start:02}:00"), format!("{end:02}:00"))
}

#[tokio::test]
async fn automated_texts_outside_allowed_hours_wait_for_the_next_opening_in_the_recipients_zone() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770014").await;
    let office_zone: String = {
        let query = Query::select()
            .column((
                engine::store::schema::Offices::Table,
                engine::store::schema::Offices::TimeZone,
            ))
            .from(engine::store::schema::Offices::Table)
            .inner_join(
                Stores::Table,
                Expr::col((Stores::Table, Stores::OfficeId)).equals((
                    engine::store::schema::Offices::Table,
                    engine::store::schema::Offices::Id,
                )),
            )
            .and_where(Expr::col((Stores::Table, Stores::Id)).eq(1))
            .to_owned();
        let (zone,): (String,) = app.db.fetch_optional(&query).await.unwrap().unwrap();
        zone
    };
    let zone: chrono_tz::Tz = office_zone.parse().unwrap();
    let (start, end) = hours_excluding_now(zone);
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .put(
            "/api/messaging/store-settings/1",
            &admin,
            Some(json!({ "quietHoursStart": start, "quietHoursEnd": end })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let scope = engine::auth::Scope {
        enterprise_id: 1,
        boc_id: None,
        store_id: None,
    };
    let service = app.service();
    let now = Utc::now();
    let queued = service
        .queue_automated(
            &scope,
            AutomatedText {
                fsi_id: lead.id,
                content: "Your 5K service is due".into(),
                sender_name: None,
            },
            now,
        )
        .await
        .unwrap();
    let expected = AllowedHours::parse(&start, &end)
        .unwrap()
        .next_opening(now, zone)
        .unwrap();
    assert_eq!(queued.scheduled_for, Some(expected));
    assert!(queued.is_automated);

    // The dispatcher leaves it alone: it is not dropped, it waits.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let waiting = service.store().require(queued.id).await.unwrap();
    assert_eq!(waiting.message_status.as_str(), "queued");
    assert_eq!(waiting.scheduled_for, Some(expected));

    // A customer in a zone where it is now daytime gets it at once, whatever the store's zone.
    let window = AllowedHours::parse(&start, &end).unwrap();
    let customer_zone = (-12..=14)
        .map(|offset: i32| {
            // POSIX names have the sign reversed: Etc/GMT-3 is three hours ahead of UTC.
            let name = match offset {
                0 => "Etc/GMT".to_owned(),
                o if o > 0 => format!("Etc/GMT-{o}"),
                o => format!("Etc/GMT+{}", -o),
            };
            name.parse::<chrono_tz::Tz>().unwrap()
        })
        .find(|z| window.contains(Utc::now(), *z))
        .expect("some zone is inside the window");
    let set_zone = Query::update()
        .table(Customers::Table)
        .value(Customers::TimeZone, customer_zone.name())
        .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
        .to_owned();
    app.db.execute(&set_zone).await.unwrap();
    let immediate = service
        .queue_automated(
            &scope,
            AutomatedText {
                fsi_id: lead.id,
                content: "Reminder".into(),
                sender_name: None,
            },
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(immediate.scheduled_for, None);
    let token = app.token_of("office-manager").await;
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == immediate.id && m["messageStatus"] == "delivered"
    })
    .await;

    // When the opening comes, the waiting text goes out.
    let due = Query::update()
        .table(Msg::Table)
        .value(Msg::ScheduledFor, Utc::now() - ChronoDuration::seconds(1))
        .and_where(Expr::col(Msg::Id).eq(queued.id))
        .to_owned();
    app.db.execute(&due).await.unwrap();
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == queued.id && m["messageStatus"] == "delivered"
    })
    .await;
}

#[tokio::test]
async fn staff_texts_are_not_held_by_allowed_hours() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770015").await;
    let admin = app.token_of("enterprise-admin").await;
    let (start, end) = hours_excluding_now(chrono_tz::UTC);
    // Outside for every zone the demo uses is not guaranteed; a one-hour window an hour away
    // in UTC is outside for this store's customers most of the day, and staff texts ignore it.
    app.put(
        "/api/messaging/store-settings/1",
        &admin,
        Some(json!({ "quietHoursStart": start, "quietHoursEnd": end })),
    )
    .await;
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Typed by staff").await;
    assert_eq!(sent["scheduledFor"], Value::Null);
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == sent["id"] && m["messageStatus"] == "delivered"
    })
    .await;
}

#[tokio::test]
async fn internal_notes_and_archived_messages_follow_the_roles() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770016").await;
    let manager = app.token_of("office-manager").await;
    let super_user = app.token_of("super-user").await;
    let data_admin = app.token_of("super-data-admin").await;

    let response = app
        .send(&manager, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": "Call him" }))
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let note = app
        .send(&super_user, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": "VIP customer" }))
        .await;
    assert_eq!(note.status(), StatusCode::OK);
    let note: Value = note.json().await.unwrap();
    assert_eq!(note["notificationType"], "INTERNAL_NOTES");

    let text = app.send_sms(&manager, &lead, "To be archived").await;
    let ids = |history: Vec<Value>| history.iter().map(|m| m["id"].clone()).collect::<Vec<_>>();
    assert!(!ids(app.history(&manager, lead.id).await).contains(&note["id"]));
    assert!(ids(app.history(&super_user, lead.id).await).contains(&note["id"]));
    assert!(ids(app.history(&data_admin, lead.id).await).contains(&note["id"]));

    let archive = format!(
        "/api/svc-message-instance/archive?message_instance_id={}",
        text["id"]
    );
    assert_error(
        app.put(&archive, &manager, None).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let response = app.put(&archive, &super_user, None).await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Successfully Archived");
    assert!(!ids(app.history(&manager, lead.id).await).contains(&text["id"]));
    assert!(!ids(app.history(&super_user, lead.id).await).contains(&text["id"]));
    let seen_by_data_admin = app.history(&data_admin, lead.id).await;
    let archived = seen_by_data_admin
        .iter()
        .find(|m| m["id"] == text["id"])
        .expect("archived is visible");
    assert_eq!(archived["archived"], true);

    // GM notifications by e-mail only for SUPER_DATA_ADMIN; by text for everyone.
    for (kind, content) in [("EMAIL", "GM by mail"), ("SMS", "GM by text")] {
        let insert = Query::insert()
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
                1.into(),
                1.into(),
                lead.id.into(),
                lead.customer_id.into(),
                "SENT".into(),
                kind.into(),
                "INTERNAL_NOTIFICATION_GM".into(),
                content.into(),
                "delivered".into(),
                Utc::now().into(),
                Utc::now().into(),
            ])
            .to_owned();
        app.db.execute(&insert).await.unwrap();
    }
    let contents = |history: Vec<Value>| {
        history
            .iter()
            .map(|m| m["content"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let manager_view = contents(app.history(&manager, lead.id).await);
    assert!(manager_view.contains(&"GM by text".to_owned()));
    assert!(!manager_view.contains(&"GM by mail".to_owned()));
    assert!(contents(app.history(&data_admin, lead.id).await).contains(&"GM by mail".to_owned()));
}
