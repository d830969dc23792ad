use reqwest::StatusCode;
use serde_json::Value;

use engine::Database;
use engine::store::schema::Enterprises;
use sea_query::{Expr, ExprTrait, Query};

use crate::helpers::{assert_error, spawn_app, spawn_app_with};

#[tokio::test]
async fn health_reports_the_database_and_the_queue() {
    let app = spawn_app().await;

    let response = app.get("/api/health", None).await;

    assert_eq!(response.status(), StatusCode::OK);
    let health: Value = response.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["database"]["status"], "ok");
    let backend = if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty()) {
        "postgres"
    } else {
        "sqlite"
    };
    assert_eq!(health["database"]["backend"], backend);
    let queue = if std::env::var("TEST_REDIS_URL").is_ok_and(|u| !u.is_empty()) {
        "redis"
    } else {
        "embedded"
    };
    assert_eq!(health["queue"]["backend"], queue);
    assert_eq!(health["queue"]["status"], "ok");
}

#[tokio::test]
async fn liveness_and_readiness_are_apart_and_a_stopping_server_is_not_ready() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let mut events = app.open_events(&token).await;
    let live = app.get("/api/health/live", None).await;
    assert_eq!(live.status(), StatusCode::OK);
    assert_eq!(live.json::<Value>().await.unwrap()["status"], "ok");
    let ready = app.get("/api/health/ready", None).await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(ready.json::<Value>().await.unwrap()["status"], "ok");

    app.begin_draining();

    // Load balancers are told at once; the process still answers while they take notice.
    let ready = app.get("/api/health/ready", None).await;
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = ready.json().await.unwrap();
    assert_eq!(body["status"], "draining", "{body}");
    assert_eq!(body["database"]["status"], "ok", "{body}");
    let live = app.get("/api/health/live", None).await;
    assert_eq!(live.status(), StatusCode::OK);
    assert_eq!(live.json::<Value>().await.unwrap()["status"], "draining");
    // Realtime streams end so their clients reconnect to a process that stays.
    assert!(events.wait_closed(std::time::Duration::from_secs(5)).await);
}

#[tokio::test]
async fn a_server_whose_redis_cannot_be_reached_refuses_to_start_and_says_why() {
    // Nothing listens on port 1.
    let config = web_api::config::Config::from_lookup(|name| match name {
        "REDIS_URL" => Some("redis://127.0.0.1:1".to_owned()),
        "BAYLINE_LISTEN" => Some("127.0.0.1:0".to_owned()),
        "BAYLINE_DEMO" => Some("0".to_owned()),
        "DATABASE_URL" => Some("sqlite::memory:".to_owned()),
        // A key of its own, so no key file is made in the working directory.
        "BAYLINE_SECRET_KEY" => Some("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=".to_owned()),
        _ => None,
    })
    .unwrap();

    let error = web_api::app::Server::start(&config)
        .await
        .err()
        .expect("start-up fails");

    let message = format!("{error:#}");
    assert!(message.contains("redis job queue"), "{message}");
}

#[tokio::test]
async fn the_openapi_document_lists_the_spec_paths() {
    let app = spawn_app().await;

    let document: Value = app
        .get("/api/openapi.json", None)
        .await
        .json()
        .await
        .unwrap();

    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/user/v2/login",
        "/user/logout",
        "/api/health",
        "/api/enterprise/{enterpriseId}/store",
    ] {
        assert!(paths.contains_key(path), "{path} missing");
    }
}

#[tokio::test]
async fn swagger_ui_is_served() {
    let app = spawn_app().await;

    let response = app.get("/api/docs", None).await;

    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains("swagger"));
}

#[tokio::test]
async fn an_unknown_api_path_is_404_in_the_error_shape() {
    let app = spawn_app().await;

    assert_error(
        app.get("/api/no-such-thing", None).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn a_non_numeric_id_is_a_400_in_the_error_shape() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;

    let response = app
        .get("/api/future-service-interaction/abc", Some(&token))
        .await;

    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;

    let minted = app.get("/api/health", None).await;
    let kept = app
        .get_with("/api/health", None, &[("x-request-id", "trace-me-42")])
        .await;

    assert!(minted.headers().get("x-request-id").is_some());
    assert_eq!(kept.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn without_a_built_ui_the_root_explains_what_to_run() {
    let app = spawn_app().await;

    let page = app.get("/", None).await.text().await.unwrap();

    assert!(page.contains("scripts/run"));
}

#[tokio::test]
async fn migrating_an_up_to_date_database_changes_nothing() {
    let app = spawn_app().await;

    app.db
        .migrate()
        .await
        .expect("second migration run is a no-op");

    assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
}

/// A test's server can stop with a transaction open (its runtime is blocked in the test's
/// teardown); dropping the test's schema must not wait on it for ever.
#[tokio::test]
async fn a_test_schema_is_dropped_even_with_a_transaction_left_open() {
    let app = spawn_app().await;
    let Some((url, schema)) = app.postgres_schema() else {
        return; // SQLite: nothing to drop
    };
    let mut tx = app.db.begin().await.unwrap();
    tx.execute(
        &Query::update()
            .table(Enterprises::Table)
            .value(Enterprises::Name, "held")
            .and_where(Expr::col(Enterprises::Id).eq(1))
            .to_owned(),
    )
    .await
    .unwrap();
    // Never committed nor rolled back: its connection stays out, holding its locks.
    std::mem::forget(tx);
    let dropped = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        Database::drop_postgres_schema(&url, &schema),
    )
    .await;
    assert!(matches!(dropped, Ok(Ok(()))), "{dropped:?}");
}

/// Test databases are copies of one template and share its relation ids; dropping one
/// test's schema once ended the sessions of another copy holding locks on the same ids (a CI
/// run lost a test that was cloning the template at that moment).
#[tokio::test]
async fn dropping_a_test_schema_leaves_other_databases_sessions_alone() {
    let app = spawn_app().await;
    let neighbour = spawn_app().await;
    let Some((url, schema)) = app.postgres_schema() else {
        return; // SQLite: nothing to drop
    };
    let mut held = neighbour.db.begin().await.unwrap();
    held.execute(
        &Query::update()
            .table(Enterprises::Table)
            .value(Enterprises::Name, "held")
            .and_where(Expr::col(Enterprises::Id).eq(1))
            .to_owned(),
    )
    .await
    .unwrap();

    Database::drop_postgres_schema(&url, &schema).await.unwrap();

    held.commit()
        .await
        .expect("the other database's session was not ended");
}

#[tokio::test]
async fn the_embedded_database_is_backed_up_while_serving_and_not_restored_under_it() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("nightly.db");
    let target = target.to_str().unwrap();
    let text = |out: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let backup = app.bayline(&["backup", "--to", target]);
    if app.postgres_schema().is_some() {
        assert!(!backup.status.success());
        assert!(text(&backup).contains("pg_dump"), "{}", text(&backup));
        return;
    }
    assert!(backup.status.success(), "{}", text(&backup));
    assert!(
        text(&backup).contains("integrity checked"),
        "{}",
        text(&backup)
    );
    // Serving carried on, and the copy is never written over.
    let health = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let again = app.bayline(&["backup", "--to", target]);
    assert!(!again.status.success());
    assert!(text(&again).contains("exists already"), "{}", text(&again));
    // A restore under the running server is refused and changes nothing.
    let restore = app.bayline(&["restore", "--from", target]);
    assert!(!restore.status.success());
    assert!(
        text(&restore).contains("stop Bayline first"),
        "{}",
        text(&restore)
    );
    let health = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
}

#[tokio::test]
async fn metrics_are_read_only_by_operators_in_the_prometheus_text_format() {
    let scrape_token = "scrape-".repeat(6);
    let app = spawn_app_with(&[("BAYLINE_METRICS_TOKEN", scrape_token.as_str())]).await;
    let get = |authorization: Option<String>| {
        let mut request = app.client.get(app.url("/metrics"));
        if let Some(value) = authorization {
            request = request.header("Authorization", value);
        }
        request.send()
    };
    assert_error(get(None).await.unwrap(), StatusCode::UNAUTHORIZED).await;
    let wrong = format!("Bearer {}", "x".repeat(42));
    assert_error(get(Some(wrong)).await.unwrap(), StatusCode::UNAUTHORIZED).await;
    let rep = app.token_of("sales-rep").await;
    assert_error(get(Some(rep)).await.unwrap(), StatusCode::FORBIDDEN).await;

    app.client.get(app.url("/api/health")).send().await.unwrap();
    let scraped = get(Some(format!("Bearer {scrape_token}"))).await.unwrap();
    assert_eq!(scraped.status(), StatusCode::OK);
    assert!(
        scraped.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let page = scraped.text().await.unwrap();
    // Every sample is `name{labels} value`; every family has its HELP and TYPE.
    for line in page.lines().filter(|l| !l.starts_with('#')) {
        let (name, value) = line.rsplit_once(' ').expect("a sample and its value");
        assert!(value.parse::<f64>().is_ok(), "{line}");
        assert!(name.starts_with("bayline_"), "{line}");
    }
    for family in [
        "bayline_http_request_duration_seconds",
        "bayline_db_pool_connections",
        "bayline_job_runs",
        "bayline_queue_oldest_seconds",
        "bayline_job_run_duration_seconds",
        "bayline_webhook_lag_seconds",
        "bayline_messages",
    ] {
        assert!(
            page.contains(&format!("# TYPE {family} ")),
            "{family} in {page}"
        );
    }
    assert!(
        page.contains(r#"bayline_http_request_duration_seconds_count{method="GET",route="/api/health",status="2xx"}"#),
        "{page}"
    );
    // The demo world's bulk runs and messages are counted from the database.
    assert!(
        page.contains("bayline_job_runs{kind=\"outreach.bulk-initiate\",status=\"succeeded\"}"),
        "{page}"
    );
    assert!(
        page.contains("bayline_messages{status=\"delivered\"}"),
        "{page}"
    );

    // An operator's session reads it too.
    let operator = app.token_of("super-admin").await;
    let read = get(Some(operator)).await.unwrap();
    assert_eq!(read.status(), StatusCode::OK);
}
