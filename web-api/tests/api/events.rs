use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{assert_error, spawn_app};

#[tokio::test]
async fn the_stream_carries_a_runs_progress_to_its_end() {
    let app = spawn_app().await;
    let token = app.token_of("super-admin").await;
    let mut events = app.open_events(&token).await;

    let id = app
        .start_job(
            &token,
            "diagnostics.noop",
            json!({ "items": 10, "pauseMs": 60 }),
        )
        .await;

    let mut seen = Vec::new();
    while let Some(event) = events.next_job(Duration::from_secs(15)).await {
        assert_eq!(event["type"], "job.updated");
        if event["run"]["id"] != id {
            continue;
        }
        seen.push((
            event["run"]["status"].as_str().unwrap().to_owned(),
            event["run"]["progress"].as_i64().unwrap(),
        ));
        if event["run"]["status"] == "succeeded" {
            break;
        }
    }
    assert_eq!(
        seen.last(),
        Some(&("succeeded".to_owned(), 100)),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .any(|(status, progress)| status == "running" && *progress > 0 && *progress < 100),
        "{seen:?}"
    );
    assert!(
        seen.windows(2).all(|w| w[0].1 <= w[1].1),
        "progress went backwards: {seen:?}"
    );
}

#[tokio::test]
async fn a_user_hears_only_about_runs_of_their_enterprise() {
    let app = spawn_app().await;
    let demo = app.token_of("enterprise-admin").await;
    let summit = app.token_of("summit-admin").await;
    let mut events = app.open_events(&demo).await;

    let foreign = app
        .start_job(&summit, "test.fail", json!({ "message": "summit" }))
        .await;
    app.wait_until_final(&summit, foreign).await;
    let own = app
        .start_job(&demo, "test.fail", json!({ "message": "demo" }))
        .await;

    loop {
        let event = events
            .next_job(Duration::from_secs(15))
            .await
            .expect("an event for the own run");
        assert_ne!(
            event["run"]["id"], foreign,
            "heard about another enterprise's run"
        );
        if event["run"]["id"] == own && event["run"]["status"] == "failed" {
            break;
        }
    }
}

#[tokio::test]
async fn the_stream_needs_a_session() {
    let app = spawn_app().await;

    assert_error(app.get("/api/events", None).await, StatusCode::UNAUTHORIZED).await;
}

/// A user whose real-time updates are off (spec H-R15) is refused the stream: the flag changes
/// what the product does, and their screens refresh on their own.
#[tokio::test]
async fn a_user_with_real_time_updates_off_gets_no_stream() {
    use engine::store::schema::Users;
    use sea_query::{Expr, ExprTrait, Query};
    let app = spawn_app().await;
    app.db
        .execute(
            &Query::update()
                .table(Users::Table)
                .value(Users::RealTimeSync, false)
                .and_where(Expr::col(Users::Username).eq("office-manager"))
                .to_owned(),
        )
        .await
        .unwrap();
    let token = app.token_of("office-manager").await;
    let user: serde_json::Value = app
        .login("office-manager", crate::helpers::PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(user["realTimeSync"], false);
    let refused = assert_error(
        app.get("/api/events", Some(&token)).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(refused.contains("Real-time updates are off"), "{refused}");
}

/// The server lets a stream go as soon as its client does, without waiting for an event or a
/// keep-alive to fail (issue 36: sockets stayed in CLOSE-WAIT after browsers left, and a
/// long-lived browser ran out of connections). Health counts the streams open.
#[tokio::test]
async fn a_stream_is_freed_when_its_client_goes() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;
    let live = || async {
        let health: serde_json::Value = app.get("/api/health", None).await.json().await.unwrap();
        health["liveStreams"]
            .as_u64()
            .expect("liveStreams in health")
    };
    assert_eq!(live().await, 0);
    let first = app.open_events(&token).await;
    let second = app.open_events(&token).await;
    let kept = app.open_events(&token).await;
    assert_eq!(live().await, 3);
    drop(first);
    drop(second);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while live().await != 1 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the server still holds {} streams",
            live().await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(kept);
}
