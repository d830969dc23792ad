//! Opt-out keywords, HELP and the carrier: the Twilio gateway, status callbacks, refusals
//! and outages.

use super::*;

#[tokio::test]
async fn stop_opts_the_customer_out_once_and_later_sends_are_refused() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770009").await;
    let token = app.token_of("office-manager").await;

    app.inbound(&lead.phone, "STOP", "SMstop00000000000000000000000001")
        .await;
    assert!(app.customer_blocked(lead.customer_id).await);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);
    let confirmation = app
        .wait_for_message(&token, lead.id, |m| {
            m["to"] == lead.phone.as_str()
                && m["content"].as_str().unwrap_or("").contains("unsubscribed")
        })
        .await;
    assert_eq!(confirmation["messageSentBy"], "Compliance");
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == confirmation["id"] && m["messageStatus"] == "delivered"
    })
    .await;

    // A second STOP changes nothing and is not confirmed again.
    app.inbound(&lead.phone, "stop", "SMstop00000000000000000000000002")
        .await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let history = app.history(&token, lead.id).await;
    let confirmations = texts_to(&history, &lead.phone)
        .into_iter()
        .filter(|m| m["content"].as_str().unwrap_or("").contains("unsubscribed"))
        .count();
    assert_eq!(confirmations, 1);
    assert_eq!(app.opt_out_marks(lead.customer_id).await, 1);

    let before = app.message_count().await;
    let response = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Still there?" }),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("opted out"), "{message}");
    assert_eq!(app.message_count().await, before);

    let lead_view = app.lead_json(&token, lead.id).await;
    assert_eq!(lead_view["customerMaster"]["blockSms"], true);
    assert!(
        lead_view["customerMarks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["intentType"] == "SMS_OPT_OUT"),
        "{lead_view}"
    );
}

#[tokio::test]
async fn every_opt_out_keyword_blocks_and_start_opts_back_in() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770010").await;
    let token = app.token_of("office-manager").await;
    for (n, word) in [
        "STOPALL",
        "Unsubscribe",
        "cancel",
        "END",
        "quit",
        "REVOKE",
        "OPTOUT",
    ]
    .iter()
    .enumerate()
    {
        app.inbound(&lead.phone, word, &format!("SMkw{n:030}"))
            .await;
        assert!(app.customer_blocked(lead.customer_id).await, "{word}");
        app.inbound(&lead.phone, "START", &format!("SMst{n:030}"))
            .await;
        assert!(
            !app.customer_blocked(lead.customer_id).await,
            "START after {word}"
        );
        assert_eq!(app.opt_out_marks(lead.customer_id).await, 0);
    }
    let consent = Query::select()
        .columns([Customers::ConsentSource, Customers::ConsentText])
        .from(Customers::Table)
        .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
        .to_owned();
    let (source, text): (String, String) = app.db.fetch_optional(&consent).await.unwrap().unwrap();
    assert_eq!((source.as_str(), text.as_str()), ("SMS_KEYWORD", "START"));
    // Texting works again after opting back in.
    app.send_sms(&token, &lead, "Welcome back").await;
    for (n, word) in ["YES", "unstop"].iter().enumerate() {
        app.inbound(&lead.phone, "STOP", &format!("SMs2{n:030}"))
            .await;
        app.inbound(&lead.phone, word, &format!("SMy2{n:030}"))
            .await;
        assert!(!app.customer_blocked(lead.customer_id).await, "{word}");
    }
}

#[tokio::test]
async fn help_is_answered_with_the_stores_help_text() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770011").await;
    let admin = app.token_of("enterprise-admin").await;
    let response = app
        .put(
            "/api/messaging/store-settings/1",
            &admin,
            Some(json!({ "quietHoursStart": "08:00", "quietHoursEnd": "21:00", "helpText": "Bayline Toyota service: call 555-0100." })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    app.inbound(&lead.phone, "HELP", "SMhelp00000000000000000000000001")
        .await;
    let token = app.token_of("office-manager").await;
    let reply = app
        .wait_for_message(&token, lead.id, |m| {
            m["content"] == "Bayline Toyota service: call 555-0100."
        })
        .await;
    assert_eq!(reply["to"], lead.phone.as_str());
    assert!(!app.customer_blocked(lead.customer_id).await);
    app.inbound(&lead.phone, "info", "SMhelp00000000000000000000000002")
        .await;
    app.wait_for_message(&token, lead.id, |m| {
        m["content"] == "Bayline Toyota service: call 555-0100." && m["id"] != reply["id"]
    })
    .await;
}

#[tokio::test]
async fn the_twilio_gateway_posts_messages_with_basic_auth_status_callback_and_media() {
    let app = spawn_app_with(&[
        ("BAYLINE_PUBLIC_URL", "https://bayline.example.test"),
        LOCAL_GATEWAYS[0],
    ])
    .await;
    let fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770012").await;
    let token = app.token_of("office-manager").await;
    // Only a file uploaded here goes out: an outside address is refused.
    let outside = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "content": "Here is your invoice",
                "mediaUrl": ["https://example.com/media/abc/invoice.pdf"],
            }),
        )
        .await;
    let refused = assert_error(outside, reqwest::StatusCode::BAD_REQUEST).await;
    assert!(refused.contains("/api/uploadFile"), "{refused}");
    let media = upload_pdf(
        &app,
        &token,
        lead.id,
        b"%PDF-1.4\n%invoice\n",
        "invoice.pdf",
    )
    .await;
    let sent = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "content": "Here is your invoice",
                "mediaUrl": [media],
            }),
        )
        .await;
    let sent: Value = sent.json().await.unwrap();
    let message = app
        .wait_for_message(&token, lead.id, |m| {
            m["id"] == sent["id"] && m["direction"] == "SENT"
        })
        .await;
    assert_eq!(message["messageStatus"], "queued");

    let requests = fake.requests.lock().unwrap().clone();
    let (account, auth, form) = requests.last().unwrap();
    assert_eq!(account, TWILIO_SID);
    use base64::Engine;
    let expected =
        base64::engine::general_purpose::STANDARD.encode(format!("{TWILIO_SID}:{TWILIO_TOKEN}"));
    assert_eq!(auth, &format!("Basic {expected}"));
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    assert_eq!(field("To").as_deref(), Some(lead.phone.as_str()));
    assert_eq!(field("Body").as_deref(), Some("Here is your invoice"));
    assert_eq!(field("MediaUrl").as_deref(), Some(media.as_str()));
    assert!(field("From").is_some_and(|f| f.starts_with("+1")));
    let callback = field("StatusCallback").expect("a status callback");
    assert_eq!(
        callback,
        format!(
            "https://bayline.example.test/api/sms/twilio/status?messageId={}",
            sent["id"]
        )
    );

    // A text may be its attachments alone; without them an empty text is refused.
    let empty = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": " " }),
        )
        .await;
    let refused = assert_error(empty, reqwest::StatusCode::BAD_REQUEST).await;
    assert!(refused.contains("Please Enter Message"), "{refused}");
    let photo_only = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "content": "",
                "mediaUrl": [media],
            }),
        )
        .await;
    assert_eq!(photo_only.status(), reqwest::StatusCode::OK);
    let photo_only: Value = photo_only.json().await.unwrap();
    let sent_before = requests.len();
    let requests = loop {
        let requests = fake.requests.lock().unwrap().clone();
        if requests.len() > sent_before {
            break requests;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(photo_only["id"].is_i64(), "{photo_only}");
    let (_, _, form) = requests.last().unwrap();
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    assert_eq!(field("Body").as_deref().unwrap_or_default(), "");
    assert_eq!(field("MediaUrl").as_deref(), Some(media.as_str()));

    // A file taken off the draft is pruned in time; a file that went out stays served.
    let unsent = upload_pdf(&app, &token, lead.id, b"%PDF-1.4\n%draft\n", "d.pdf").await;
    let uploads = engine::store::uploads::UploadStore::new(app.db.clone());
    let later = chrono::Utc::now() + chrono::Duration::days(2);
    assert!(uploads.prune_unsent(later).await.unwrap() >= 1);
    // The addresses name the public host: ask this server for their path.
    let served = |url: String| {
        let path = &url[url.find("/media/").unwrap()..];
        app.client.get(app.url(path)).send()
    };
    assert_eq!(
        served(media.clone()).await.unwrap().status(),
        reqwest::StatusCode::OK
    );
    assert_eq!(
        served(unsent).await.unwrap().status(),
        reqwest::StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn status_callbacks_only_move_forward_and_failures_keep_the_providers_code() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let _fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770013").await;
    let token = app.token_of("office-manager").await;
    let first = app.send_sms(&token, &lead, "First").await;
    let second = app.send_sms(&token, &lead, "Second").await;
    for m in [&first, &second] {
        app.wait_for_message(&token, lead.id, |x| {
            x["id"] == m["id"] && x["direction"] == "SENT"
        })
        .await;
    }
    let callback = |id: &Value, status: &'static str, code: Option<&'static str>| {
        let path = format!("/api/sms/twilio/status?messageId={id}");
        let mut params = vec![("MessageSid", "SMwhatever"), ("MessageStatus", status)];
        if let Some(code) = code {
            params.push(("ErrorCode", code));
        }
        (path, params)
    };

    // Out of order: delivered arrives before sent; sent must not move it back.
    for (status, code) in [
        ("delivered", None),
        ("sent", None),
        ("sending", None),
        ("failed", Some("30008")),
    ] {
        let (path, params) = callback(&first["id"], status, code);
        let response = app.post_webhook(&path, TWILIO_TOKEN, &params, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{status}");
    }
    let first_now = app
        .wait_for_message(&token, lead.id, |m| m["id"] == first["id"])
        .await;
    assert_eq!(first_now["messageStatus"], "delivered");
    assert_eq!(first_now["errorCode"], Value::Null);

    for (status, code) in [
        ("sent", None),
        ("undelivered", Some("30006")),
        ("delivered", None),
    ] {
        let (path, params) = callback(&second["id"], status, code);
        app.post_webhook(&path, TWILIO_TOKEN, &params, None).await;
    }
    let second_now = app
        .wait_for_message(&token, lead.id, |m| m["id"] == second["id"])
        .await;
    assert_eq!(second_now["messageStatus"], "undelivered");
    assert_eq!(second_now["errorCode"], "30006");
    assert_eq!(second_now["errors"], "Landline or unreachable carrier");

    // A callback signed with another token changes nothing.
    let (path, params) = callback(&second["id"], "read", None);
    let response = app.post_webhook(&path, "wrong-token", &params, None).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn a_provider_answering_21610_opts_the_customer_out() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let _fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770004").await; // the fake refuses numbers ending 0004
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Hello").await;
    let refused = app
        .wait_for_message(&token, lead.id, |m| {
            m["id"] == sent["id"] && m["messageStatus"] == "RESTRICTED"
        })
        .await;
    assert_eq!(refused["errorCode"], "21610");
    assert_eq!(
        refused["errors"],
        "Attempt to send to unsubscribed recipient"
    );
    assert!(app.customer_blocked(lead.customer_id).await);
    let response = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Again" }),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_provider_outage_is_retried_not_failed() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let fake = use_fake_twilio(&app).await;
    let lead = app.textable_lead("+15557770500").await; // the fake answers 503 for …0500
    let token = app.token_of("office-manager").await;
    let sent = app.send_sms(&token, &lead, "Are you there?").await;
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while fake.requests.lock().unwrap().len() < 2 {
        assert!(std::time::Instant::now() < deadline, "no retry happened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let message = app
        .wait_for_message(&token, lead.id, |m| m["id"] == sent["id"])
        .await;
    assert_eq!(
        message["messageStatus"], "queued",
        "still waiting to go out: {message}"
    );
}

/// Uploads a PDF for the lead and answers its address.
async fn upload_pdf(
    app: &TestApp,
    token: &str,
    lead_id: i64,
    content: &[u8],
    name: &str,
) -> String {
    let uploaded: Value = app
        .post_file(
            token,
            &format!("/api/uploadFile?fsiId={lead_id}"),
            "file",
            name,
            content.to_vec(),
        )
        .await
        .json()
        .await
        .unwrap();
    uploaded["url"]
        .as_str()
        .expect("an uploaded file's address")
        .to_owned()
}
