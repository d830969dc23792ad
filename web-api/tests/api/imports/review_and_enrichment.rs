//! Choosing a mapping, refused files, reviewing rows, and enriching them once their
//! customers arrive.

use super::*;

#[tokio::test]
async fn the_mapping_step_suggests_columns_and_a_chosen_mapping_is_used() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let csv = "Owner Ref|Surname|Serial|Brand|Model Name|MY\nMAP-1|Quinn|1FTEW1EP5KF000001|Ford|F-150|2019\n";
    let preview: Value = app
        .post_file(
            &token,
            &format!("/api/data-sync/import/preview?{DMS}"),
            "multipartFile",
            "map.csv",
            csv.as_bytes().to_vec(),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(preview["separator"], "|", "{preview}");
    assert_eq!(
        preview["missingRequired"],
        serde_json::json!(["customerNumber", "vin"])
    );
    let vin = preview["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == "lastName")
        .unwrap();
    assert_eq!(vin["column"], "Surname");
    assert_eq!(vin["samples"][0], "Quinn");

    // Without a mapping the required columns are missing: 400, nothing kept.
    let refused = app
        .upload_import(&token, DMS, "map.csv", csv.into(), None)
        .await;
    let message = assert_error(refused, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("customerNumber"), "{message}");
    assert_eq!(app.report_count().await, 0);

    let mapping = r#"{"customerNumber":"Owner Ref","vin":"Serial","lastName":"Surname","make":"Brand","model":"Model Name","year":"MY"}"#;
    let response = app
        .upload_import(&token, DMS, "map.csv", csv.into(), Some(mapping))
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["mapping"]["customerNumber"], "Owner Ref");
    let run = app
        .wait_until_final(&token, started["jobRunId"].as_i64().unwrap())
        .await;
    assert_eq!(run["run"]["status"], "succeeded", "{run}");
    let report = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", started["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(report["insertedRows"], 1, "{report}");
}

#[tokio::test]
async fn a_file_that_cannot_be_loaded_is_refused_and_nothing_is_kept() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let good = dms_csv().into_bytes();
    let foreign_store: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Stores::Id)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::EnterpriseId).eq(2))
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap();
    let cases: Vec<(String, Vec<u8>, StatusCode, &str)> = vec![
        (
            "store_id_pk=1&file_type=CARS".into(),
            good.clone(),
            StatusCode::BAD_REQUEST,
            "file_type must be one of",
        ),
        (
            "store_id_pk=1&file_type=RECALL&recall_type=MAYBE".into(),
            good.clone(),
            StatusCode::BAD_REQUEST,
            "recall_type must be one of",
        ),
        (
            "store_id_pk=1&file_type=RECALL".into(),
            good.clone(),
            StatusCode::BAD_REQUEST,
            "campaignCode",
        ),
        (
            DMS.into(),
            Vec::new(),
            StatusCode::BAD_REQUEST,
            "The file is empty",
        ),
        (
            DMS.into(),
            b"%PDF-1.7\x00\x00binary".to_vec(),
            StatusCode::BAD_REQUEST,
            "neither a CSV",
        ),
        (
            DMS.into(),
            b"PK\x03\x04not a workbook".to_vec(),
            StatusCode::BAD_REQUEST,
            "workbook could not be read",
        ),
        (
            format!("store_id_pk={foreign_store}&file_type=DMS_CUSTOMER_VEHICLES"),
            good.clone(),
            StatusCode::NOT_FOUND,
            "Store not found",
        ),
        (
            format!("{DMS}&enterprise_id=2"),
            good.clone(),
            StatusCode::NOT_FOUND,
            "Store not found",
        ),
        (
            format!("{DMS}&boc_id_pk=999"),
            good.clone(),
            StatusCode::NOT_FOUND,
            "Store not found",
        ),
    ];
    for (query, content, status, expected) in cases {
        let response = app
            .upload_import(&token, &query, "file.csv", content, None)
            .await;
        let message = assert_error(response, status).await;
        assert!(message.contains(expected), "{query}: {message}");
    }
    let response = app
        .upload_import(&token, DMS, "file.csv", good.clone(), Some("[1,2]"))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;

    // A sales rep does not load data files.
    let rep = app.token_of("sales-rep").await;
    let response = app.upload_import(&rep, DMS, "file.csv", good, None).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let response = app
        .get("/api/data-sync/fetch-file-uploard-reports/1", Some(&rep))
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    assert_eq!(app.report_count().await, 0);

    // Another enterprise's reports are not found.
    let response = app
        .get("/api/data-sync/fetch-file-uploard-reports/2", Some(&token))
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app.get("/api/data-sync/file-reports/1", Some(&token)).await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

/// Whether lead `id` is archived.
async fn lead_archived(app: &TestApp, id: i64) -> bool {
    app.db
        .fetch_scalar(
            &Query::select()
                .column(Fsi::Archived)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(id))
                .to_owned(),
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn reviewers_reject_rows_with_a_reason_and_accept_them_back() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (vin, _) = app.textable_vehicle().await;
    let report = app
        .import_file(
            &token,
            "store_id_pk=1&file_type=RECALL",
            "recall.csv",
            format!("VIN,Campaign\n{vin},24V-900\n").into_bytes(),
        )
        .await;
    let rows = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/list-of-customer-vehicle-lead/search?file_report_id={}&status=LEAD_CREATED",
                report["id"]
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(rows["totalElements"], 1, "{rows}");
    let row = &rows["content"][0];
    let lead = row["futureServiceInteractionId"].as_i64().unwrap();
    let update = |status: &str, reason: &str| {
        format!(
            "/api/list-of-customer-vehicle-lead/enrichment/{}/status/update/{status}{reason}",
            row["id"]
        )
    };

    let reasons = app
        .ok_json(
            Method::GET,
            "/api/data-sync/lead/prepaid/errorMessages",
            &token,
            None,
        )
        .await;
    assert!(
        reasons
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["key"] == "VEHICLE_SOLD" && r["message"].is_string()),
        "{reasons}"
    );

    // A rejection needs a known reason; a bad one changes nothing.
    for (path, status) in [
        (update("REJECTED", ""), StatusCode::BAD_REQUEST),
        (
            update("REJECTED", "?reasonkey=BORED"),
            StatusCode::BAD_REQUEST,
        ),
        (update("MAYBE", ""), StatusCode::BAD_REQUEST),
    ] {
        let response = app.request(Method::PUT, &path, &token, None).await;
        assert_error(response, status).await;
    }
    assert!(!lead_archived(&app, lead).await);
    // Other tenants and sales reps cannot review.
    let other = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::PUT,
            &update("ACCEPTED", ""),
            &other,
            Some(serde_json::json!({})),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let rep = app.token_of("sales-rep").await;
    let response = app
        .request(Method::PUT, &update("ACCEPTED", ""), &rep, None)
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;

    let rejected = app
        .ok_json(
            Method::PUT,
            &update("REJECTED", "?reasonkey=VEHICLE_SOLD"),
            &token,
            None,
        )
        .await;
    assert_eq!(rejected["enrichmentStatus"], "REJECTED");
    assert_eq!(rejected["reasonKey"], "VEHICLE_SOLD");
    assert!(
        lead_archived(&app, lead).await,
        "an untexted lead is archived"
    );

    let accepted = app
        .ok_json(Method::PUT, &update("ACCEPTED", ""), &token, None)
        .await;
    assert_eq!(accepted["enrichmentStatus"], "ACCEPTED");
    assert!(accepted.get("reasonKey").is_none(), "{accepted}");
    assert!(!lead_archived(&app, lead).await, "and brought back");
}

#[tokio::test]
async fn enrichment_matches_rows_again_once_their_customers_arrive() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let vin = "1HGCM82633A200001";
    let recall = app
        .import_file(
            &token,
            "store_id_pk=1&file_type=RECALL",
            "recall.csv",
            format!("VIN,Campaign\n{vin},24V-901\n").into_bytes(),
        )
        .await;
    assert_eq!(recall["leadsCreated"], 0);
    let path = format!("/api/data-sync/fea/{}", recall["id"]);
    let rows = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(rows["content"][0]["enrichmentStatus"], "NOT_MATCHED");

    // The FEA call does not enrich a recall file.
    let response = app
        .request(
            Method::POST,
            &format!(
                "/api/data-sync/fea/perform/enrichment?file_report_id={}",
                recall["id"]
            ),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;

    // The owner arrives from the dealer system, then enrichment runs again.
    app.import_file(
        &token,
        DMS,
        "owner.csv",
        format!(
            "Cust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n\
             ENR-1,Ruiz,Ana,555-401-0001,{vin},Honda,Accord,2021\n"
        )
        .into_bytes(),
    )
    .await;
    let response = app
        .request(
            Method::POST,
            &format!(
                "/api/data-sync/perform/enrichment?file_report_id={}",
                recall["id"]
            ),
            &token,
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(
        started["message"],
        "Processing has been started successfully"
    );
    let run = app
        .wait_until_final(&token, started["jobRun"]["id"].as_i64().unwrap())
        .await;
    assert_eq!(run["run"]["status"], "succeeded", "{run}");
    let rows = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(rows["content"][0]["enrichmentStatus"], "LEAD_CREATED");
    assert_eq!(rows["content"][0]["customerNumber"], "ENR-1");
    let report = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", recall["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(report["leadsCreated"], 1);

    // Another tenant's file is not found; a bad status filter is a 400.
    let other = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            &format!(
                "/api/data-sync/perform/enrichment?file_report_id={}",
                recall["id"]
            ),
            &other,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::GET,
            "/api/list-of-customer-vehicle-lead/search?status=DONE",
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn the_fea_lead_list_holds_the_error_alert_leads() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (vin, _) = app.textable_vehicle().await;
    app.import_file(
        &token,
        "store_id_pk=1&file_type=FEA_ALERT",
        "fea.csv",
        format!("DTC,VIN,Alert Date\nP0301,{vin},2026-11-02\n").into_bytes(),
    )
    .await;
    let leads = app
        .ok_json(
            Method::POST,
            "/api/lisa/fea",
            &token,
            Some(serde_json::json!({})),
        )
        .await;
    assert_eq!(leads["totalElements"], 1, "{leads}");
    assert_eq!(leads["content"][0]["vin"], vin.as_str());
    // Its dates are when the alert arrived: today's range holds it, last month's does not.
    let today = chrono::Utc::now().date_naive();
    for (from, to, expected) in [
        (
            today - chrono::Duration::days(1),
            today + chrono::Duration::days(1),
            1,
        ),
        (
            today - chrono::Duration::days(40),
            today - chrono::Duration::days(10),
            0,
        ),
    ] {
        let ranged = app
            .ok_json(
                Method::POST,
                "/api/lisa/fea",
                &token,
                Some(serde_json::json!({"startDate": from.to_string(), "endDate": to.to_string()})),
            )
            .await;
        assert_eq!(ranged["totalElements"], expected, "{from}..{to}: {ranged}");
    }
    let response = app
        .request(
            Method::POST,
            "/api/lisa/fea",
            &token,
            Some(serde_json::json!({ "serviceTypes": ["RECALL"] })),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}
