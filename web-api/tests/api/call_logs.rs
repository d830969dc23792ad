//! Calls, tasks and handoffs as conversation cards: logging a call with its recording, the
//! demo world's calls and tasks, and workflow notes that name their track.

use chrono::{Duration, Utc};
use engine::store::schema::MessageInstances as Msg;
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{assert_error, spawn_app};

/// Half a second of silence, 8 kHz 8-bit mono.
fn wav() -> Vec<u8> {
    let samples = vec![128u8; 4000];
    let mut wav = Vec::new();
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&[1, 0, 1, 0]);
    wav.extend_from_slice(&8000u32.to_le_bytes());
    wav.extend_from_slice(&8000u32.to_le_bytes());
    wav.extend_from_slice(&[1, 0, 8, 0]);
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(&samples);
    wav
}

#[tokio::test]
async fn a_call_is_logged_with_its_recording_and_checked_whole() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770051").await;
    let token = app.token_of("office-manager").await;

    // The recording is uploaded like any attachment, recognised as audio by its content.
    let part = reqwest::multipart::Part::bytes(wav()).file_name("call.wav");
    let response = app
        .client
        .post(app.url(&format!("/api/uploadFile?fsiId={}", lead.id)))
        .header("Authorization", format!("Bearer {token}"))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    assert_eq!(uploaded["contentType"], "audio/wav");
    let recording = uploaded["url"].as_str().unwrap().to_owned();

    let started = Utc::now() - Duration::minutes(30);
    let call = app
        .ok_json(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &token,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "direction": "INBOUND",
                "startTime": started,
                "durationSeconds": 192,
                "recordingUrl": recording,
            })),
        )
        .await;
    assert_eq!(call["notificationType"], "CALL");
    assert_eq!(call["content"], "Incoming call, 3m 12s");
    assert_eq!(call["callDuration"], 192);
    assert_eq!(call["url"], recording.as_str());
    assert_eq!(call["from"], lead.phone.as_str());
    assert!(call["startTime"].as_str().is_some());
    let history = app.history(&token, lead.id).await;
    assert!(history.iter().any(|m| m["id"] == call["id"]));

    // Every problem at once, and nothing stored.
    let before = history.len();
    let response = app
        .request(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &token,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "direction": "OUTBOUND",
                "startTime": Utc::now() + Duration::days(1),
                "durationSeconds": -5,
                "recordingUrl": "javascript:alert(1)",
            })),
        )
        .await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"].as_array().unwrap().len(), 3, "{body}");
    let response = app
        .request(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &token,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "direction": "SIDEWAYS",
                "startTime": started,
                "durationSeconds": 5,
            })),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(app.history(&token, lead.id).await.len(), before);

    // Another tenant's lead is not found.
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &summit,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "direction": "OUTBOUND",
                "startTime": started,
                "durationSeconds": 5,
            })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

/// A voicemail left is its own card, with what was said; and only users with calling on log
/// calls (spec H-R15: the flag changes what the product does).
#[tokio::test]
async fn a_voicemail_is_logged_with_notes_and_only_by_users_with_calling_on() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770061").await;
    let token = app.token_of("office-manager").await;
    let body = |outcome: &str| {
        json!({
            "futureServiceInteractionId": lead.id,
            "direction": "OUTBOUND",
            "startTime": Utc::now() - Duration::minutes(5),
            "durationSeconds": 41,
            "outcome": outcome,
            "notes": "  Asked her to call back about the 30K service.  ",
        })
    };
    let call = app
        .ok_json(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &token,
            Some(body("VOICEMAIL_LEFT")),
        )
        .await;
    assert_eq!(call["notificationType"], "VOICEMAIL_LEFT");
    assert_eq!(
        call["content"],
        "Outgoing call, 41s, voicemail left\nAsked her to call back about the 30K service."
    );
    let before = app.history(&token, lead.id).await.len();
    assert_error(
        app.request(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &token,
            Some(body("HUNG_UP_ANGRILY")),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // The demo's sales reps have calling off: refused, nothing stored.
    let rep = app.token_of("sales-rep").await;
    let refused = assert_error(
        app.request(
            Method::POST,
            "/api/svc-message-instance/call-log",
            &rep,
            Some(body("ANSWERED")),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(refused.contains("Calling is off"), "{refused}");
    assert_eq!(app.history(&token, lead.id).await.len(), before);
    let rep_user: Value = app
        .login("sales-rep", crate::helpers::PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(rep_user["callingFeature"], false);
}

#[tokio::test]
async fn the_demo_world_has_calls_with_playable_recordings_and_tasks() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let first_with = |kind: &'static str| {
        Query::select()
            .expr(Expr::col(Msg::FsiId).min())
            .from(Msg::Table)
            .and_where(Expr::col(Msg::NotificationType).eq(kind))
            .and_where(Expr::col(Msg::EnterpriseId).eq(1))
            .to_owned()
    };
    let call_lead: i64 = app.db.fetch_scalar(&first_with("CALL")).await.unwrap();
    let history = app.history(&token, call_lead).await;
    let call = history
        .iter()
        .find(|m| m["notificationType"] == "CALL")
        .unwrap();
    assert!(call["callDuration"].as_i64().unwrap() > 0);
    let recording = call["url"].as_str().unwrap();
    let served = app.client.get(app.url(recording)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "audio/wav");
    assert!(served.bytes().await.unwrap().starts_with(b"RIFF"));

    let task_lead: i64 = app
        .db
        .fetch_scalar(&first_with("SCHEDULE_INTERNAL_TASK"))
        .await
        .unwrap();
    let history = app.history(&token, task_lead).await;
    let task = history
        .iter()
        .find(|m| m["notificationType"] == "SCHEDULE_INTERNAL_TASK")
        .unwrap();
    assert!(task["subject"].as_str().is_some());
    assert!(task["startTime"].as_str().is_some());
}

#[tokio::test]
async fn a_workflow_note_names_its_track() {
    let app = spawn_app().await;
    let lead = app.textable_lead("+15557770052").await;
    let token = app.token_of("office-manager").await;
    let note = app
        .ok_json(
            Method::POST,
            &format!(
                "/api/future-service-interaction/workflow/track?id={}&track=CUSTOMER_A_HANDOFF",
                lead.id
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(note["notificationType"], "INTERNAL_NOTIFICATION");
    assert_eq!(note["subject"], "CUSTOMER_A_HANDOFF");
}
