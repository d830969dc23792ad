//! Data sources: configuration, the mapping saved per file type, syncs from a file drop and
//! from the simulated dealer system (each file imported once, in load order), the spec's
//! messages, the sync history, schedules of syncs, tenancy and roles.

use std::path::PathBuf;

use engine::store::schema::{ImportFileReports, RepairOrders};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    async fn create_source(&self, token: &str, name: &str, kind: &str) -> Value {
        let response = self
            .post_json(
                "/api/data-sync/datasource-configuration",
                token,
                &json!({"storeIdFk": 1, "name": name, "sourceKind": kind}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json().await.unwrap()
    }

    /// Syncs a source now, waits for the run, and answers the newest history entry.
    async fn sync_now(&self, token: &str, source_id: i64) -> Value {
        let response = self
            .post_json(
                "/api/data-sync/sync-data",
                token,
                &json!({"storeIdFk": 1, "dataSourceId": source_id}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let started: Value = response.json().await.unwrap();
        assert_eq!(
            started["message"],
            "Processing has been started successfully"
        );
        let run = self
            .wait_until_final(token, started["jobRun"]["id"].as_i64().unwrap())
            .await;
        assert_eq!(run["run"]["status"], "succeeded", "{run}");
        let history = self
            .ok_json(
                Method::GET,
                &format!("/api/data-sync/sync-history/1?dataSourceId={source_id}"),
                token,
                None,
            )
            .await;
        let newest = history["content"][0].clone();
        assert_eq!(newest["jobRunId"], started["jobRun"]["id"]);
        newest
    }

    async fn reports_of_source(&self, source_id: i64) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(ImportFileReports::Id).count())
                    .from(ImportFileReports::Table)
                    .and_where(Expr::col(ImportFileReports::DataSourceId).eq(source_id))
                    .to_owned(),
            )
            .await
            .unwrap()
    }
}

fn write(directory: &std::path::Path, path: &str, content: &str) {
    std::fs::write(directory.join(path), content).unwrap();
}

const CUSTOMERS: &str = "Kundennr,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n\
    FD-1,Okafor,Ada,(555) 401-0001,1HGCM82633A200001,Honda,Accord,2021\n\
    FD-2,Berg,Lena,555.401.0002,1HGCM82633A200002,Honda,CR-V,2022\n";

const REPAIR_ORDERS: &str = "RO #,Open Date,Close Date,Cust #,VIN,Op Code,Description,Amount\n\
    FD-RO-1,2026-11-20,2026-11-21,FD-1,1HGCM82633A200001,LOF,Lube oil and filter,59.95\n\
    FD-RO-1,2026-11-20,2026-11-21,FD-1,1HGCM82633A200001,TIRES,Tire rotation,29.95\n\
    FD-RO-2,2026-11-24,,FD-2,1HGCM82633A200002,CEI,Check engine light,149.00\n";

#[tokio::test]
async fn a_file_drop_syncs_each_file_once_in_load_order_with_the_saved_mapping() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let source = app
        .create_source(&token, "Lane DMS export", "FILE_DROP")
        .await;
    let id = source["id"].as_i64().unwrap();
    let directory = PathBuf::from(source["directory"].as_str().unwrap());
    assert!(directory.join("dms_customer_vehicles").is_dir());
    assert_eq!(source["folders"][0], "dms_advisors");

    // "Kundennr" is no synonym of the customer number: the source's saved mapping names it.
    let saved = app
        .ok_json(
            Method::PUT,
            &format!("/api/data-sync/datasource/{id}/mapping"),
            &token,
            Some(json!({"fileType": "DMS_CUSTOMER_VEHICLES", "mapping": {"customerNumber": "Kundennr"}})),
        )
        .await;
    assert_eq!(saved["message"], "Mapping Saved Successfully.");
    let fields = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/datasource/{id}/mapping?file_type=DMS_CUSTOMER_VEHICLES"),
            &token,
            None,
        )
        .await;
    let customer_number = fields
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == "customerNumber")
        .unwrap();
    assert_eq!(customer_number["column"], "Kundennr");

    // The repair orders name customers the other file brings: loaded after it, whatever the
    // names; a file outside the folders is reported, a file still being written waits.
    write(&directory, "dms_repair_orders/a-first.csv", REPAIR_ORDERS);
    write(&directory, "dms_customer_vehicles/z-last.csv", CUSTOMERS);
    write(&directory, "dms_sales/partial.csv.part", "half a file");
    write(&directory, "stray.csv", "a,b\n1,2\n");
    let first = app.sync_now(&token, id).await;
    assert_eq!(first["status"], "COMPLETED_WITH_ERRORS", "{first}");
    assert_eq!(first["triggeredBy"], "MANUAL");
    assert_eq!(first["files"], 2);
    assert_eq!(first["records"], 5);
    assert_eq!(first["insertedRows"], 5, "{first}");
    assert_eq!(first["errors"], 1);
    assert!(
        first["message"].as_str().unwrap().contains("stray.csv"),
        "{first}"
    );
    let ro_lines: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(RepairOrders::Id).count())
                .from(RepairOrders::Table)
                .and_where(Expr::col(RepairOrders::RoNumber).like("FD-RO-%"))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(ro_lines, 2);

    // Nothing new: nothing imported again.
    std::fs::remove_file(directory.join("stray.csv")).unwrap();
    let second = app.sync_now(&token, id).await;
    assert_eq!(second["status"], "COMPLETED", "{second}");
    assert_eq!(second["files"], 0);
    assert_eq!(second["message"], "Synced Successfully");
    assert_eq!(app.reports_of_source(id).await, 2);

    // A new delivery, and a changed file under an old name, are imported.
    write(
        &directory,
        "dms_customer_vehicles/z-last.csv",
        &format!("{CUSTOMERS}FD-3,Moss,Tom,555-401-0003,1HGCM82633A200003,Honda,Fit,2020\n"),
    );
    let third = app.sync_now(&token, id).await;
    assert_eq!(third["files"], 1, "{third}");
    assert_eq!(third["insertedRows"], 1);
    assert_eq!(third["unchangedRows"], 2);
    assert_eq!(app.reports_of_source(id).await, 3);

    let history = app
        .ok_json(Method::GET, "/api/data-sync/sync-history/1", &token, None)
        .await;
    assert_eq!(history["totalElements"], 3);
    assert_eq!(history["content"][0]["sourceName"], "Lane DMS export");
    assert!(history["content"][2]["durationMs"].as_i64().unwrap() >= 0);

    // An upload naming the source maps itself the same way.
    let response = app
        .client
        .post(app.url(&format!(
            "/api/data-sync/import?store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES&data_source_id={id}"
        )))
        .header("Authorization", format!("Bearer {token}"))
        .multipart(reqwest::multipart::Form::new().part(
            "multipartFile",
            reqwest::multipart::Part::bytes(CUSTOMERS.as_bytes().to_vec()).file_name("c.csv"),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let report: Value = response.json().await.unwrap();
    assert_eq!(report["mapping"]["customerNumber"], "Kundennr");
    assert_eq!(report["dataSourceId"], id);
}

#[tokio::test]
async fn the_simulated_dealer_system_delivers_repair_orders_appointments_and_sales() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let source = app
        .create_source(&token, "Simulated DMS", "SIMULATED_DMS")
        .await;
    let id = source["id"].as_i64().unwrap();

    let first = app.sync_now(&token, id).await;
    assert!(first["files"].as_i64().unwrap() >= 1, "{first}");
    assert!(first["insertedRows"].as_i64().unwrap() > 0, "{first}");
    assert_eq!(first["errors"], 0, "{first}");
    assert_eq!(first["status"], "COMPLETED");
    let simulated: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(RepairOrders::Id).count())
                .from(RepairOrders::Table)
                .and_where(Expr::col(RepairOrders::RoNumber).like(format!("S{id}-%")))
                .to_owned(),
        )
        .await
        .unwrap();
    assert!(simulated > 0);
    let viewed = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/datasource/{id}"),
            &token,
            None,
        )
        .await;
    assert!(viewed["generatedUntil"].is_string(), "{viewed}");

    // A second sync imports only what was delivered since: every file once.
    app.sync_now(&token, id).await;
    let directory = PathBuf::from(source["directory"].as_str().unwrap());
    let delivered: i64 = std::fs::read_dir(&directory)
        .unwrap()
        .flatten()
        .map(|folder| std::fs::read_dir(folder.path()).unwrap().count() as i64)
        .sum();
    assert_eq!(app.reports_of_source(id).await, delivered);
}

#[tokio::test]
async fn syncs_answer_the_spec_messages_and_keep_to_tenancy_and_roles() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    // No source for the store yet.
    let response = app
        .post_json("/api/data-sync/sync-data", &token, &json!({"storeIdFk": 1}))
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(
        message.contains("Datasource is not configured"),
        "{message}"
    );

    let uploads = app.create_source(&token, "Uploads", "UPLOAD_ONLY").await;
    assert!(uploads.get("directory").is_none());
    let response = app
        .post_json(
            "/api/data-sync/sync-data",
            &token,
            &json!({"storeIdFk": 1, "dataSourceId": uploads["id"]}),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("DMS not supporting Sync"), "{message}");

    let drop = app.create_source(&token, "Drop", "FILE_DROP").await;
    let id = drop["id"].as_i64().unwrap();
    let switched_off = app
        .ok_json(
            Method::PUT,
            &format!("/api/data-sync/datasource/{id}"),
            &token,
            Some(json!({"enabled": false})),
        )
        .await;
    assert_eq!(switched_off["enabled"], false);
    let response = app
        .post_json(
            "/api/data-sync/sync-data",
            &token,
            &json!({"storeIdFk": 1, "dataSourceId": id}),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(
        message.contains("Datasource is not configured"),
        "{message}"
    );

    // Bad input changes nothing.
    for body in [
        json!({"storeIdFk": 1, "name": "x", "sourceKind": "FTP"}),
        json!({"storeIdFk": 1, "name": " ", "sourceKind": "FILE_DROP"}),
    ] {
        let response = app
            .post_json("/api/data-sync/datasource-configuration", &token, &body)
            .await;
        assert_error(response, StatusCode::BAD_REQUEST).await;
    }
    for mapping in [
        json!({"fileType": "DMS_CUSTOMER_VEHICLES", "mapping": {"shoeSize": "Shoe"}}),
        json!({"fileType": "DMS_CUSTOMER_VEHICLES", "mapping": {"customerNumber": "A", "vin": "a"}}),
        json!({"fileType": "NOPE", "mapping": {}}),
    ] {
        let response = app
            .request(
                Method::PUT,
                &format!("/api/data-sync/datasource/{id}/mapping"),
                &token,
                Some(mapping),
            )
            .await;
        assert_error(response, StatusCode::BAD_REQUEST).await;
    }
    let fields = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/datasource/{id}/mapping?file_type=DMS_CUSTOMER_VEHICLES"),
            &token,
            None,
        )
        .await;
    assert!(
        fields
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f.get("column").is_none())
    );

    // Another enterprise's admin sees none of it; a sales rep may not configure or sync.
    let other = app.token_of("summit-admin").await;
    for (method, path) in [
        (Method::GET, format!("/api/data-sync/datasource/{id}")),
        (
            Method::GET,
            format!("/api/data-sync/datasource/{id}/mapping?file_type=RECALL"),
        ),
    ] {
        let response = app.request(method, &path, &other, None).await;
        assert_error(response, StatusCode::NOT_FOUND).await;
    }
    let response = app
        .post_json(
            "/api/data-sync/sync-data",
            &other,
            &json!({"storeIdFk": 1, "dataSourceId": id}),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let rep = app.token_of("sales-rep").await;
    let response = app
        .post_json(
            "/api/data-sync/datasource-configuration",
            &rep,
            &json!({"storeIdFk": 1, "name": "x", "sourceKind": "FILE_DROP"}),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;

    // A sync on a schedule is a schedule of an imports.sync run.
    let response = app
        .post_json(
            "/api/data-sync/scheduler",
            &token,
            &json!({
                "enterpriseId": 1, "storeIdFk": 1, "apiName": "dms-sync",
                "jobKind": "imports.sync", "cron": "0 */2 * * *",
                "input": {"dataSourceId": id, "storeId": 1}
            }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let response = app
        .post_json(
            "/api/data-sync/scheduler",
            &token,
            &json!({
                "enterpriseId": 1, "storeIdFk": 1, "apiName": "dms-sync",
                "jobKind": "imports.sync", "cron": "0 */2 * * *",
                "input": {"dataSourceId": id}
            }),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_drop_folder_follows_no_link_to_files_outside_it() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let source = app.create_source(&token, "Linked drop", "FILE_DROP").await;
    let id = source["id"].as_i64().unwrap();
    let directory = PathBuf::from(source["directory"].as_str().unwrap());
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("secret.csv"),
        format!("SECRET-FIRST-LINE\n{CUSTOMERS}"),
    )
    .unwrap();
    // A type folder replaced by a link, and a file that is a link out of the drop.
    let folder = directory.join("dms_customer_vehicles");
    std::fs::remove_dir(&folder).unwrap();
    std::os::unix::fs::symlink(outside.path(), &folder).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.csv"),
        directory.join("dms_repair_orders/linked.csv"),
    )
    .unwrap();

    let synced = app.sync_now(&token, id).await;
    assert_eq!(synced["files"], 0, "{synced}");
    assert_eq!(app.reports_of_source(id).await, 0);
    let message = synced["message"].as_str().unwrap();
    assert!(message.contains("links are not followed"), "{synced}");
    assert!(!synced.to_string().contains("SECRET"), "{synced}");
}
