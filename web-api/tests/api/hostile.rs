//! Issue 34, "hostile files and access seams": what a file, a header or a link planted by
//! someone else cannot make the server do.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    /// Exports a report as `token`, waits for the run to succeed and returns it.
    async fn finished_export(&self, token: &str, kind: &str, body: Value) -> Value {
        let run = self
            .ok_json(
                Method::POST,
                &format!("/api/reports/{kind}/export"),
                token,
                Some(body),
            )
            .await;
        let id = run["id"].as_i64().unwrap();
        let detail = self.wait_until_final(token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        detail["run"].clone()
    }
}

#[tokio::test]
async fn an_export_file_is_only_for_those_who_may_read_its_report() {
    // Arrange: the administrators' sign-in list, exported for the sales rep's own store.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let rep = app.token_of("sales-rep").await;
    let manager = app.token_of("office-manager").await;
    let run = app
        .finished_export(
            &admin,
            "login-activity",
            json!({ "format": "CSV", "storeIds": [1] }),
        )
        .await;
    let url = run["result"]["downloadUrl"].as_str().unwrap().to_owned();
    let file = app.get(&url, Some(&admin)).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert!(file.text().await.unwrap().contains("enterprise-admin"));

    // Act and assert: the report's own roles decide, for the file as for running it.
    for token in [&rep, &manager] {
        assert_error(
            app.post_json("/api/reports/login-activity", token, &json!({}))
                .await,
            StatusCode::FORBIDDEN,
        )
        .await;
        let refused = app.get(&url, Some(token)).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        let body = refused.text().await.unwrap();
        assert!(!body.contains("enterprise-admin"), "{body}");
    }
}
