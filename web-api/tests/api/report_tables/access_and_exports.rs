//! Report calls check roles, kinds and tenancy; exports to CSV and XLSX carry the screens' figures.

use super::*;

#[tokio::test]
async fn report_calls_check_roles_kinds_and_tenancy() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let manager = app.token_of("office-manager").await;
    let rep = app.token_of("sales-rep").await;
    let summit = app.token_of("summit-admin").await;

    // The catalogue: what each caller may read.
    let all = app.ok_json(Method::GET, "/api/reports", &admin, None).await;
    let keys: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["key"].as_str().unwrap())
        .collect();
    assert!(
        keys.contains(&"monthly") && keys.contains(&"login-activity"),
        "{all}"
    );
    let managers = app
        .ok_json(Method::GET, "/api/reports", &manager, None)
        .await;
    assert!(
        !managers
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k["key"] == "login-activity"),
        "{managers}"
    );
    let reps = app.ok_json(Method::GET, "/api/reports", &rep, None).await;
    assert_eq!(reps, json!([]));

    // Every kind answers for an administrator, with its columns, over the default window.
    for key in &keys {
        let table = app
            .ok_json(
                Method::POST,
                &format!("/api/reports/{key}"),
                &admin,
                Some(json!({})),
            )
            .await;
        assert_eq!(table["kind"], *key);
        assert!(!table["columns"].as_array().unwrap().is_empty(), "{key}");
        for row in table["content"].as_array().unwrap() {
            assert_eq!(
                row.as_object().unwrap().len(),
                table["columns"].as_array().unwrap().len(),
                "{key}: {row}"
            );
        }
        // Another tenant's store: not found. A sales rep: refused.
        assert_error(
            app.post_json(
                &format!("/api/reports/{key}"),
                &summit,
                &json!({ "storeIds": [1] }),
            )
            .await,
            StatusCode::NOT_FOUND,
        )
        .await;
        assert_error(
            app.post_json(&format!("/api/reports/{key}"), &rep, &json!({}))
                .await,
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    assert_error(
        app.post_json("/api/reports/login-activity", &manager, &json!({}))
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_error(
        app.post_json("/api/reports/no-such-report", &admin, &json!({}))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_error(
        app.post_json("/api/reports/appointments?size=0", &admin, &json!({}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // The sign-ins this test made are in today's login activity.
    let logins = app
        .ok_json(
            Method::POST,
            "/api/reports/login-activity",
            &admin,
            Some(json!({})),
        )
        .await;
    let names: Vec<&str> = logins["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["username"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"enterprise-admin"), "{logins}");
    assert!(names.contains(&"office-manager"), "{logins}");
    assert!(
        !names.contains(&"summit-admin"),
        "another enterprise's user: {logins}"
    );
    assert!(
        logins["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["result"] == "SUCCEEDED" || r["result"] == "FAILED")
    );
}

impl TestApp {
    /// Exports a report, waits for the run and downloads the file: (run, file name, bytes).
    async fn export_report(
        &self,
        token: &str,
        kind: &str,
        body: Value,
    ) -> (Value, String, Vec<u8>) {
        let run = self
            .ok_json(
                Method::POST,
                &format!("/api/reports/{kind}/export"),
                token,
                Some(body),
            )
            .await;
        let id = run["id"].as_i64().unwrap();
        assert_eq!(run["kind"], "reports.export");
        let detail = self.wait_until_final(token, id).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
        let result = &detail["run"]["result"];
        let url = result["downloadUrl"].as_str().unwrap();
        assert_eq!(url, format!("/api/reports/exports/{id}/file"));
        let response = self.get(url, Some(token)).await;
        assert_eq!(response.status(), StatusCode::OK);
        let disposition = response
            .headers()
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let file_name = result["fileName"].as_str().unwrap().to_owned();
        assert!(disposition.contains(&file_name), "{disposition}");
        let bytes = response.bytes().await.unwrap().to_vec();
        assert_eq!(result["bytes"], bytes.len(), "{result}");
        (detail["run"].clone(), file_name, bytes)
    }
}

#[tokio::test]
async fn reports_export_to_csv_and_xlsx_as_jobs_with_the_screens_figures() {
    use calamine::{Data, Reader, Xlsx};

    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let world = build_world(&app, &token).await;
    let window = json!({ "storeIds": [1], "startDate": "2021-03-01", "endDate": "2021-04-30" });

    // CSV of a list: the screen's rows, header first, in the screen's order.
    let mut body = window.clone();
    body["format"] = json!("CSV");
    let (run, file_name, bytes) = app.export_report(&token, "not-responded", body).await;
    assert_eq!(
        file_name,
        "bayline-not-responded-2021-03-01-to-2021-04-30.csv"
    );
    assert_eq!(run["counts"]["done"], 2);
    assert_eq!(run["progress"], 100);
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(&header[..2], ["Lead", "Store"]);
    let leads: Vec<i64> = reader
        .records()
        .map(|r| r.unwrap()[0].parse().unwrap())
        .collect();
    let mut silent = vec![world.leads[6], world.leads[7]];
    silent.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(leads, silent);

    // XLSX of the monthly table: typed cells, the spec's headers, the totals row, a chart.
    let mut body = window.clone();
    body["format"] = json!("xlsx");
    let (_, file_name, bytes) = app.export_report(&token, "monthly", body).await;
    assert!(file_name.ends_with(".xlsx"));
    let screen = app
        .ok_json(
            Method::POST,
            "/api/reports/monthly",
            &token,
            Some(window.clone()),
        )
        .await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    assert!(
        book.sheet_names().contains(&"Chart".to_owned()),
        "{:?}",
        book.sheet_names()
    );
    let sheet = book.worksheet_range("Report").unwrap();
    let rows: Vec<Vec<Data>> = sheet.rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows[0][0], Data::String("Date".into()));
    assert_eq!(rows[0][2], Data::String("SPA-SS".into()));
    assert_eq!(rows[0][22], Data::String("Total".into()));
    let data = screen["content"].as_array().unwrap();
    assert_eq!(rows.len(), data.len() + 2, "header, rows, totals");
    for (row, expected) in rows[1..].iter().zip(data) {
        assert_eq!(
            row[0],
            Data::String(expected["reportMonth"].as_str().unwrap().into())
        );
        assert_eq!(row[22], Data::Float(expected["total"].as_f64().unwrap()));
    }
    let totals = rows.last().unwrap();
    assert_eq!(totals[0], Data::String("Total".into()));
    assert_eq!(totals[22], Data::Float(8.0));
    // The file says what it was asked for (issue 36), and a header that is a code says what
    // it means on the screen.
    let filters: Vec<Vec<Data>> = book
        .worksheet_range("Filters")
        .unwrap()
        .rows()
        .map(|r| r.to_vec())
        .collect();
    let recorded = |name: &str| {
        filters
            .iter()
            .find(|row| row[0] == Data::String(name.into()))
            .map(|row| row[1].to_string())
            .unwrap_or_else(|| panic!("{name} in {filters:?}"))
    };
    assert_eq!(recorded("Report"), "Monthly report");
    assert_eq!(recorded("Days (UTC)"), "2021-03-01 to 2021-04-30");
    assert_eq!(recorded("Stores"), "Harbor Toyota");
    assert_eq!(recorded("Service types"), "All service types");
    let spa = screen["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == "SPA-SS")
        .cloned()
        .unwrap();
    assert_eq!(spa["description"], "Service performed already, same store");
    let catalogue = app.ok_json(Method::GET, "/api/reports", &token, None).await;
    let monthly = catalogue
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["key"] == "monthly")
        .cloned()
        .unwrap();
    assert_eq!(monthly["defaultMonths"], 6);

    // Bad requests change nothing: a format, a report, another tenant's store.
    let runs_before = app
        .ok_json(Method::GET, "/api/jobs?kind=reports.export", &token, None)
        .await;
    let mut bad = window.clone();
    bad["format"] = json!("PDF");
    assert_error(
        app.post_json("/api/reports/monthly/export", &token, &bad)
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    bad["format"] = json!("CSV");
    assert_error(
        app.post_json("/api/reports/nope/export", &token, &bad)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.post_json("/api/reports/monthly/export", &summit, &bad)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let runs_after = app
        .ok_json(Method::GET, "/api/jobs?kind=reports.export", &token, None)
        .await;
    assert_eq!(runs_before["totalElements"], runs_after["totalElements"]);

    // Roles: the sign-ins are for administrators, whichever way the export is asked for.
    let manager = app.token_of("office-manager").await;
    let sign_ins = json!({ "format": "CSV" });
    assert_error(
        app.post_json("/api/reports/login-activity/export", &manager, &sign_ins)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let direct = json!({ "kind": "reports.export", "input": {
        "report": "login-activity", "format": "CSV", "storeIds": [1],
        "startDate": "2021-03-01", "endDate": "2021-03-31" } });
    assert_error(
        app.post_json("/api/jobs", &manager, &direct).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.post_json("/api/reports/monthly/export", &rep, &bad)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;

    // Another tenant cannot download it; a removed file is gone.
    let (run, _, _) = app.export_report(&token, "store-wise", bad.clone()).await;
    let url = run["result"]["downloadUrl"].as_str().unwrap().to_owned();
    assert_error(app.get(&url, Some(&summit)).await, StatusCode::NOT_FOUND).await;
    let dir = std::path::PathBuf::from(app.setting("BAYLINE_DATA_DIR").unwrap()).join("exports");
    for entry in std::fs::read_dir(&dir).unwrap() {
        std::fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let gone = assert_error(app.get(&url, Some(&token)).await, StatusCode::NOT_FOUND).await;
    assert!(gone.contains("expired"), "{gone}");
}
