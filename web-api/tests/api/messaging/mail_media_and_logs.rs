//! E-mail and calendar invites, media uploads, log mode, transcripts and the simulator's replies.

use super::*;

#[tokio::test]
async fn email_and_calendar_invites_go_to_the_outbox_as_mime_with_ics() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770017").await;
    let token = app.token_of("office-manager").await;
    let email = app
        .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "EMAIL", "subject": "Your visit", "content": "<p>Thanks!</p>" }))
        .await;
    assert_eq!(email.status(), StatusCode::OK);
    let starts = Utc.with_ymd_and_hms(2031, 5, 6, 14, 30, 0).unwrap();
    let invite = app
        .send(
            &token,
            json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "CALENDAR_INVITE",
                "title": "Service appointment",
                "content": "Oil change",
                "startTime": starts.to_rfc3339(),
            }),
        )
        .await;
    let invite: Value = invite.json().await.unwrap();
    assert_eq!(invite["notificationType"], "USER_INVITE");
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == invite["id"] && m["messageStatus"] == "delivered"
    })
    .await;

    let outbox: Value = app
        .get("/api/email/outbox", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    let mails = outbox["content"].as_array().unwrap();
    let mail = mails
        .iter()
        .find(|m| m["messageId"] == invite["id"])
        .expect("invite in the outbox");
    assert_eq!(mail["status"], "stored");
    assert_eq!(mail["to"], "driver@example.com");
    let mime = mail["mime"].as_str().unwrap();
    assert!(mime.contains("text/calendar; method=REQUEST"), "{mime}");
    assert!(mime.contains("DTSTART:20310506T143000Z"), "{mime}");
    assert!(mails.iter().any(|m| m["subject"] == "Your visit"));

    let response = app
        .send(&token, json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "CALENDAR_INVITE", "title": "No time", "content": "x" }))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn media_uploads_are_checked_by_content_and_served_back() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770018").await;
    let token = app.token_of("office-manager").await;
    let path = format!("/api/uploadFile?fsiId={}", lead.id);
    let upload =
        |bytes: Vec<u8>, name: &'static str| app.post_file(&token, &path, "file", name, bytes);
    let response = upload(PNG.to_vec(), "dent photo.png").await;
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    assert_eq!(uploaded["contentType"], "image/png");
    let url = uploaded["url"].as_str().unwrap();
    let served = app.client.get(url).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);

    let response = upload(b"MZ\x90\0 not an image".to_vec(), "photo.png").await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let mut big = PNG.to_vec();
    big.resize(5 * 1024 * 1024 + 1, 0);
    let response = upload(big, "big.png").await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let missing = app
        .client
        .get(app.url("/media/nope/x.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn log_mode_response_time_transcript_and_assistants() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770019").await;
    let super_user = app.token_of("super-user").await;
    let manager = app.token_of("office-manager").await;
    app.inbound(
        &lead.phone,
        "When can I come?",
        "SMlog000000000000000000000000001",
    )
    .await;
    let question = app
        .wait_for_message(&manager, lead.id, |m| m["content"] == "When can I come?")
        .await;

    let path = format!(
        "/api/future-service-interaction/track/logMode?future-service-interaction-id={}&messageId={}",
        lead.id, question["id"]
    );
    assert_error(
        app.post_json(&path, &manager, &json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let enabled: Value = app
        .post_json(&path, &super_user, &json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(enabled["message"], "Log mode enabled");
    let answer = app
        .send(&super_user, json!({ "jaguarFutureServiceInteractionId": lead.id, "content": "Tomorrow at 9", "isLogModeToBeSent": true }))
        .await;
    let answer: Value = answer.json().await.unwrap();
    assert!(answer["messageResponseTime"].as_i64().unwrap() >= 0);
    let logged = app
        .wait_for_message(&super_user, lead.id, |m| m["id"] == question["id"])
        .await;
    assert_eq!(logged["logMode"], true);
    assert_eq!(logged["validLogMode"], true);
    let invalid: Value = app
        .put(
            "/api/svc-message-instance/updateLogModeResponseValidity",
            &super_user,
            Some(json!({ "messageId": question["id"], "isValid": false })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(invalid["validLogMode"], false);
    let report: Value = app
        .post_json(
            "/api/svc-message-instance/report/logMessages",
            &super_user,
            &json!({ "validity": "INVALID" }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        report["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == question["id"])
    );

    // Set Response Time: DD-MM-YYYY HH:mm:ss, after the question.
    let at = (Utc::now() + ChronoDuration::minutes(5))
        .format("%d-%m-%Y %H:%M:%S")
        .to_string();
    let updated: Value = app
        .put(
            "/api/svc-message-instance/message-response-time",
            &super_user,
            Some(json!({ "id": answer["id"], "msgDateTime": at })),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        updated["messageResponseTime"].as_i64().unwrap() >= 4 * 60 * 1000,
        "{updated}"
    );
    let response = app
        .put(
            "/api/svc-message-instance/message-response-time",
            &super_user,
            Some(json!({ "id": answer["id"] })),
        )
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "Please Enter Response date and time"
    );

    let transcript = app
        .get(
            &format!("/api/svc-message-instance/download/transcript/{}", lead.id),
            Some(&manager),
        )
        .await;
    assert_eq!(transcript.status(), StatusCode::OK);
    assert!(
        transcript.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let text = transcript.text().await.unwrap();
    assert!(
        text.contains("When can I come?") && text.contains("Tomorrow at 9"),
        "{text}"
    );

    let assistants: Vec<Value> = app
        .get(
            "/assistant/v2/getassistlist?store_id_pk=1&divisionId=DIV004",
            Some(&manager),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(assistants.len(), 1);
    assert!(
        assistants[0]["agentPhoneNumber"]
            .as_str()
            .unwrap()
            .starts_with("+1")
    );
}

#[tokio::test]
async fn the_simulator_reply_goes_through_the_signed_inbound_path() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let lead = app.textable_lead("+15557770020").await;
    let token = app.token_of("office-manager").await;
    let mut events = app.open_events(&token).await;
    app.send_sms(&token, &lead, "Hi from the dealer").await;
    let phones: Value = app
        .get("/api/simulator/phones?search=555777", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert!(
        phones["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["customerId"] == lead.customer_id),
        "{phones}"
    );
    let lead_view = app.lead_json(&token, lead.id).await;
    let full_name = format!(
        "{} {}",
        lead_view["customerMaster"]["firstName"].as_str().unwrap(),
        lead_view["customerMaster"]["lastName"].as_str().unwrap()
    )
    .to_uppercase();
    let by_name: Value = app
        .get(
            &format!(
                "/api/simulator/phones?search={}",
                full_name.replace(' ', "%20")
            ),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        by_name["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["customerId"] == lead.customer_id),
        "searching {full_name:?}: {by_name}"
    );
    let thread: Value = app
        .get(
            &format!("/api/simulator/phones/{}/messages", lead.customer_id),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(thread["content"][0]["content"], "Hi from the dealer");

    let reply = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &token,
            &json!({ "body": "Thanks!" }),
        )
        .await;
    assert_eq!(reply.status(), StatusCode::OK);
    let reply: Value = reply.json().await.unwrap();
    assert_eq!(reply["direction"], "RECEIVED");
    assert_eq!(reply["jaguarFutureServiceInteractionId"], lead.id);
    assert!(
        events
            .wait_for(
                "message",
                Duration::from_secs(10),
                |e| e["message"]["content"] == "Thanks!"
            )
            .await
            .is_some()
    );

    // Not for customers of stores that text through a real provider.
    let _fake = use_fake_twilio(&app).await;
    let response = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &token,
            &json!({ "body": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::CONFLICT).await;
    let summit = app.token_of("summit-admin").await;
    let response = app
        .post_json(
            &format!("/api/simulator/phones/{}/reply", lead.customer_id),
            &summit,
            &json!({ "body": "Hi" }),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}
