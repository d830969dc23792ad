//! Undoing a note, and what the assistant read in each inbound text.

use super::*;

#[tokio::test]
async fn a_note_can_be_undone_by_its_author_for_40_seconds_until_the_customer_writes() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770031").await;
    let super_user = app.token_of("super-user").await;
    let data_admin = app.token_of("super-data-admin").await;
    let note = |content: &'static str| {
        let token = super_user.clone();
        let app = &app;
        async move {
            let response = app
                .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "INTERNAL_NOTES", "content": content }))
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.unwrap()["id"]
                .as_i64()
                .unwrap()
        }
    };
    let undo = |id: i64| format!("/api/svc-message-instance/note/undo?message_instance_id={id}");
    let ids = |history: Vec<Value>| {
        history
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };

    let first = note("Wrong lead, sorry").await;
    let response = app.put(&undo(first), &data_admin, None).await;
    assert_eq!(
        assert_error(response, StatusCode::FORBIDDEN).await,
        "Only the note's author can undo it"
    );
    let body = app
        .ok_json(Method::PUT, &undo(first), &super_user, None)
        .await;
    assert_eq!(body["message"], "Note undone");
    assert!(!ids(app.history(&super_user, lead.id).await).contains(&first));
    assert!(
        ids(app.history(&data_admin, lead.id).await).contains(&first),
        "kept on record"
    );
    // Undone, it is gone for its author.
    let response = app.put(&undo(first), &super_user, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;

    // After 40 seconds it stays.
    let old = note("Written a while ago").await;
    app.db
        .execute(
            &Query::update()
                .table(Msg::Table)
                .value(Msg::CreatedAt, Utc::now() - ChronoDuration::seconds(41))
                .and_where(Expr::col(Msg::Id).eq(old))
                .to_owned(),
        )
        .await
        .unwrap();
    let response = app.put(&undo(old), &super_user, None).await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The note can no longer be undone"
    );

    // Once the customer has written after it, it stays.
    let answered = note("Customer may call back").await;
    let reply = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &super_user,
            &json!({ "body": "Calling you now" }),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let response = app.put(&undo(answered), &super_user, None).await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The customer has written since this note; it can no longer be undone"
    );

    // Only notes.
    let text = app.send_sms(&super_user, &lead, "A real text").await;
    let response = app
        .put(&undo(text["id"].as_i64().unwrap()), &super_user, None)
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "Only an internal note can be undone"
    );
    let summit = app.token_of("summit-admin").await;
    let response = app.put(&undo(answered), &summit, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

impl TestApp {
    /// Polls intent details until the assistant has read the message.
    pub(crate) async fn understood(&self, token: &str, lead_id: i64, message_id: i64) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let response = self
                .get(
                    &format!(
                        "/api/future-service-interaction/intentDetails?future-service-interaction-id={lead_id}&messageId={message_id}"
                    ),
                    Some(token),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            let details: Value = response.json().await.unwrap();
            if details["understood"] == true {
                return details;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "never read: {details}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test]
async fn the_assistant_reads_each_inbound_text_and_intent_details_show_it() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770031").await;
    let super_user = app.token_of("super-user").await;
    app.inbound(
        &lead.phone,
        "tire pressure light is on again, can I come in tmrw at 9? need a loaner",
        "SMassist0000000000000000000000001",
    )
    .await;
    let inbound = app
        .wait_for_message(&super_user, lead.id, |m| m["from"] == lead.phone.as_str())
        .await;
    let message_id = inbound["id"].as_i64().unwrap();
    let details = app.understood(&super_user, lead.id, message_id).await;
    let mut finals: Vec<&str> = details["finalIntentNames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    finals.sort_unstable();
    assert_eq!(finals, ["APPT_SET", "REQ_LOANER", "VI"], "{details}");
    assert_eq!(details["multiIntentNames"].as_array().unwrap().len(), 3);
    let loaner = details["intents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["intentName"] == "REQ_LOANER")
        .expect("REQ_LOANER");
    assert_eq!(
        loaner["symLogs"]["inputStrListBeforePreprocessor"],
        json!(["loaner"])
    );
    assert_eq!(details["requestedTime"]["grain"], "hour");
    assert!(
        details["requestedTime"]["start"]
            .as_str()
            .unwrap()
            .ends_with("T09:00:00"),
        "{details}"
    );

    // A one-intent reply has no multi intents.
    app.inbound(
        &lead.phone,
        "who is this?",
        "SMassist0000000000000000000000002",
    )
    .await;
    let question = app
        .wait_for_message(&super_user, lead.id, |m| m["content"] == "who is this?")
        .await;
    let details = app
        .understood(&super_user, lead.id, question["id"].as_i64().unwrap())
        .await;
    assert_eq!(details["finalIntentNames"], json!(["MISC"]));
    assert_eq!(details["multiIntentNames"], json!([]));
}

#[tokio::test]
async fn intent_details_are_for_super_roles_customer_messages_and_their_own_lead() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770032").await;
    let super_user = app.token_of("super-user").await;
    let manager = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "friday works",
        "SMassist0000000000000000000000003",
    )
    .await;
    let inbound = app
        .wait_for_message(&super_user, lead.id, |m| m["content"] == "friday works")
        .await;
    let id = inbound["id"].as_i64().unwrap();
    let path = |lead_id: i64, message_id: i64| {
        format!(
            "/api/future-service-interaction/intentDetails?future-service-interaction-id={lead_id}&messageId={message_id}"
        )
    };
    assert_error(
        app.get(&path(lead.id, id), Some(&manager)).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.get(&path(999_999, id), Some(&super_user)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.get(&path(lead.id, 999_999), Some(&super_user)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let sent = app.send_sms(&super_user, &lead, "See you friday").await;
    let message = assert_error(
        app.get(
            &path(lead.id, sent["id"].as_i64().unwrap()),
            Some(&super_user),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("customer"), "{message}");
}

#[tokio::test]
async fn an_opt_out_in_the_customers_own_words_is_honoured_like_stop() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770033").await;
    let token = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "we sold that car, please stop texting me",
        "SMassist0000000000000000000000004",
    )
    .await;
    let confirmation = app
        .wait_for_message(&token, lead.id, |m| {
            m["to"] == lead.phone.as_str()
                && m["content"].as_str().unwrap_or("").contains("unsubscribed")
        })
        .await;
    assert_eq!(confirmation["messageSentBy"], "Compliance");
    assert!(app.customer_blocked(lead.customer_id).await);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);
    // The compliance answer goes out first; the reading's insight lands just after it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let lead_view = loop {
        let lead_view = app.lead_json(&token, lead.id).await;
        if lead_view["responseInsight"].as_str().is_some() || std::time::Instant::now() > deadline {
            break lead_view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(lead_view["responseInsight"], "NOT_IN_MARKET", "{lead_view}");

    // A reply that only looks like one changes nothing.
    let other = app.textable_lead("+15557770034").await;
    app.inbound(
        &other.phone,
        "I'll stop by friday at 10 if that works",
        "SMassist0000000000000000000000005",
    )
    .await;
    let super_user = app.token_of("super-user").await;
    let inbound = app
        .wait_for_message(&super_user, other.id, |m| m["from"] == other.phone.as_str())
        .await;
    let details = app
        .understood(&super_user, other.id, inbound["id"].as_i64().unwrap())
        .await;
    assert!(
        !details["finalIntentNames"]
            .as_array()
            .unwrap()
            .contains(&json!("STOP")),
        "{details}"
    );
    assert!(!app.customer_blocked(other.customer_id).await);
}

#[tokio::test]
async fn a_handled_reply_shows_in_the_webhook_lag_metric() {
    let app = spawn_app().await;
    let operator = app.token_of("super-admin").await;
    let lag_count = || async {
        let page = app
            .get("/metrics", Some(&operator))
            .await
            .text()
            .await
            .unwrap();
        page.lines()
            .find_map(|l| {
                l.strip_prefix(r#"bayline_webhook_lag_seconds_count{source="sms_inbound"} "#)
            })
            .expect("the webhook lag family")
            .parse::<u64>()
            .unwrap()
    };
    let before = lag_count().await;
    let lead = app.textable_lead("+15557770041").await;

    app.inbound(
        &lead.phone,
        "can I come in friday at 10?",
        "SMlag00000000000000000000000000001",
    )
    .await;

    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while lag_count().await == before {
        assert!(
            std::time::Instant::now() < deadline,
            "the reply's handling was not counted"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(lag_count().await, before + 1);
}
