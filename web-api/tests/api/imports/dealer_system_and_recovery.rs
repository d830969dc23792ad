//! Dealer-system exports loaded on their keys, imports resumed after a crash or a cancel,
//! and the sample files.

use super::*;

#[tokio::test]
async fn dealer_system_advisors_sales_repair_orders_and_appointments_load_on_their_keys() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    app.import_file(&token, DMS, "customers.csv", dms_csv().into_bytes())
        .await;
    let load = |file_type: &'static str, csv: &'static str| {
        let app = &app;
        let token = &token;
        async move {
            app.import_file(
                token,
                &format!("store_id_pk=1&file_type={file_type}"),
                "dms.csv",
                csv.as_bytes().to_vec(),
            )
            .await
        }
    };

    let advisors = "Advisor #,First Name,Last Name\nSA-77,Rita,Hale\nSA-78,Omar,Diaz\n";
    let report = load("DMS_ADVISORS", advisors).await;
    assert_eq!(report["insertedRows"], 2, "{report}");

    let sales = "Deal #,Deal Type,Sold Date,Sale Price,Cust #,VIN\n\
                 D-1,New,14.03.2026,\"$31,250.00\",IMP-1,1HGCM82633A100001\n\
                 D-2,used,03/01/2026,18999,IMP-9,1HGCM82633A100002\n";
    let report = load("DMS_SALES", sales).await;
    assert_eq!(report["insertedRows"], 1, "{report}");
    assert_eq!(report["failedRows"], 1, "{report}");
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", report["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(errors["content"][0]["rowNumber"], 3, "{errors}");
    assert_eq!(errors["content"][0]["column"], "Cust #", "{errors}");
    assert!(
        errors["content"][0]["message"]
            .as_str()
            .unwrap()
            .contains("IMP-9 is not loaded"),
        "{errors}"
    );

    // Two lines of one order, and an open order with no line.
    let orders = "RO #,Open Date,Close Date,Cust #,VIN,Advisor #,Mileage In,RO Total,Line,Op Code,Description,Line Amount,Declined\n\
                  R-1,2026-11-01,2026-11-02,IMP-1,1HGCM82633A100001,SA-77,31250,\"1,120.40\",A,LOF,Lube oil and filter,89.95,N\n\
                  R-1,2026-11-01,2026-11-02,IMP-1,1HGCM82633A100001,SA-77,31250,\"1,120.40\",B,ACC,A/C compressor,1030.45,Y\n\
                  R-2,2026-11-20,,IMP-2,1HGCM82633A100002,SA-78,12400,,,,,,\n";
    let report = load("DMS_REPAIR_ORDERS", orders).await;
    assert_eq!(report["insertedRows"], 3, "{report}");
    assert_eq!(report["failedRows"], 0, "{report}");
    let statuses: Vec<(String, String, i64)> = app
        .db
        .fetch_all(
            &Query::select()
                .column(RepairOrders::RoNumber)
                .column(RepairOrders::StatusCode)
                .expr(
                    Query::select()
                        .expr(Expr::col(sea_query::Asterisk).count())
                        .from(RepairOrderLines::Table)
                        .and_where(
                            Expr::col((RepairOrderLines::Table, RepairOrderLines::RepairOrderId))
                                .equals((RepairOrders::Table, RepairOrders::Id)),
                        )
                        .take(),
                )
                .from(RepairOrders::Table)
                .and_where(Expr::col(RepairOrders::RoNumber).is_in(["R-1", "R-2"]))
                .order_by(RepairOrders::RoNumber, Order::Asc)
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(
        statuses,
        [
            ("R-1".to_owned(), "CLOSED".to_owned(), 2),
            ("R-2".to_owned(), "UNASSIGNED".to_owned(), 0)
        ]
    );

    let appointments = "Appt #,Appt Date,Appt Time,Cust #,VIN,Advisor #,Op Code,Transport\n\
                        A-1,2026-12-01,9:30 AM,IMP-1,1HGCM82633A100001,SA-77,LOF,Drop off\n\
                        A-2,2026-12-01,25:00,IMP-2,,,,\n";
    let report = load("DMS_APPOINTMENTS", appointments).await;
    assert_eq!(report["insertedRows"], 1, "{report}");
    assert_eq!(report["failedRows"], 1, "{report}");
    let (status, transport): (String, Option<String>) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([
                    ServiceAppointments::ApptStatus,
                    ServiceAppointments::TransportType,
                ])
                .from(ServiceAppointments::Table)
                .and_where(Expr::col(ServiceAppointments::ExternalId).eq("A-1"))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (status.as_str(), transport.as_deref()),
        ("SCHEDULED", Some("DROP_OFF"))
    );

    // Every file again: nothing written.
    for (file_type, csv, rows) in [
        ("DMS_ADVISORS", advisors, 2),
        ("DMS_SALES", sales, 1),
        ("DMS_REPAIR_ORDERS", orders, 3),
        ("DMS_APPOINTMENTS", appointments, 1),
    ] {
        let again = load(file_type, csv).await;
        assert_eq!(again["unchangedRows"], rows, "{file_type}: {again}");
        assert_eq!(again["insertedRows"], 0, "{file_type}: {again}");
        assert_eq!(again["updatedRows"], 0, "{file_type}: {again}");
    }
    // A changed line is an update of that row only.
    let report = load(
        "DMS_REPAIR_ORDERS",
        "RO #,Open Date,Close Date,Cust #,VIN,Advisor #,Mileage In,RO Total,Line,Op Code,Description,Line Amount,Declined\n\
         R-1,2026-11-01,2026-11-02,IMP-1,1HGCM82633A100001,SA-77,31250,\"1,120.40\",A,LOF,Lube oil and filter,99.95,N\n",
    )
    .await;
    assert_eq!(report["updatedRows"], 1, "{report}");

    // The searches over what was loaded (store 1 is dealer 1's).
    let sales = app
        .ok_json(
            Method::GET,
            "/api/boc/1/store/1/sales/search-by-sold-date?sold_date=14.03.2026",
            &token,
            None,
        )
        .await;
    assert_eq!(sales["content"][0]["dealNumber"], "D-1", "{sales}");
    assert_eq!(sales["content"][0]["salePrice"], 31_250.0);
    let found = app
        .ok_json(
            Method::POST,
            "/api/boc/1/store/1/sales/search",
            &token,
            Some(serde_json::json!({ "searchText": "okafor", "dealTypes": ["NEW"] })),
        )
        .await;
    assert_eq!(found["totalElements"], 1, "{found}");
    // The vehicle sold on 14 March came back (R-1 closed 2 November).
    let serviced = app
        .ok_json(
            Method::POST,
            "/api/boc/1/store/1/sales/search-sales-with-closed-service?start_sold_date=01.03.2026&end_sold_date=31.03.2026",
            &token,
            Some(serde_json::json!({ "dealTypes": ["NEW"] })),
        )
        .await;
    assert_eq!(serviced["totalElements"], 1, "{serviced}");
    assert_eq!(
        serviced["content"][0]["lastClosedServiceDate"],
        "2026-11-02"
    );
    let closed = app
        .ok_json(
            Method::POST,
            "/api/boc/1/store/1/service-closed/search-by-date",
            &token,
            Some(serde_json::json!({ "startDate": "2026-11-02", "endDate": "02.11.2026" })),
        )
        .await;
    let numbers: Vec<&str> = closed["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["roNumber"].as_str().unwrap())
        .collect();
    assert!(numbers.contains(&"R-1"), "{closed}");
    let r1 = closed["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["roNumber"] == "R-1")
        .unwrap();
    assert_eq!(r1["lines"].as_array().unwrap().len(), 2, "{r1}");
    assert_eq!(r1["advisorFirstName"], "Rita");
    let open = app
        .ok_json(
            Method::GET,
            "/api/service-open/boc/1/store/1/search-by-date?start_date=2026-11-20&end_date=2026-11-20",
            &token,
            None,
        )
        .await;
    assert!(
        open["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["roNumber"] == "R-2"),
        "{open}"
    );
    let inspections = app
        .ok_json(
            Method::POST,
            "/api/boc/1/store/1/service-closed/state-inspection-report",
            &token,
            Some(serde_json::json!({ "startDate": "2026-11-02", "endDate": "2026-11-02" })),
        )
        .await;
    assert!(
        inspections["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["roNumber"] != "R-1"),
        "R-1 has no inspection line: {inspections}"
    );
    // Bad dates, a store under another dealer, another tenant's store.
    for (path, status) in [
        (
            "/api/boc/1/store/1/sales/search-by-sold-date?sold_date=2026-13-40",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/boc/2/store/1/sales/search-by-sold-date?sold_date=14.03.2026",
            StatusCode::NOT_FOUND,
        ),
        (
            "/api/service-open/boc/1/store/1/search-by-date?start_date=2026-11-20&end_date=2026-11-01",
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let response = app.request(Method::GET, path, &token, None).await;
        assert_error(response, status).await;
    }
}

/// The vehicle lookup (D-C25): a store's vehicles by the last digits of a VIN, a customer
/// number or a name, each with the id the dealer-system calls name it by; a search too short to
/// mean anything, or a store under another dealer, is refused.
#[tokio::test]
async fn the_vehicle_lookup_finds_a_stores_vehicle_by_vin_digits_or_customer() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;
    let (vehicle_id, vin, custno): (i64, String, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .column((Vehicles::Table, Vehicles::Id))
                .column((Vehicles::Table, Vehicles::Vin))
                .column((Customers::Table, Customers::Custno))
                .from(Vehicles::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Vehicles::Table, Vehicles::CustomerId)),
                )
                .and_where(Expr::col((Vehicles::Table, Vehicles::StoreId)).eq(1))
                .and_where(Expr::col((Vehicles::Table, Vehicles::Vin)).is_not_null())
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap()
        .expect("a demo vehicle of store 1");
    let digits = &vin[vin.len() - 6..];
    for search in [digits.to_owned(), digits.to_lowercase(), custno.clone()] {
        let found = app
            .ok_json(
                Method::GET,
                &format!("/api/boc/1/store/1/vehicles/search?search={search}&size=50"),
                &token,
                None,
            )
            .await;
        let hit = found["content"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["W2kCustomerVehicleID"] == vehicle_id)
            .unwrap_or_else(|| panic!("{search}: {found}"));
        assert_eq!(hit["vin"], vin.as_str());
        assert_eq!(hit["customerNumber"], custno.as_str());
        assert_eq!(hit["storeId"], 1);
    }
    for (path, status) in [
        (
            "/api/boc/1/store/1/vehicles/search?search=ab",
            StatusCode::BAD_REQUEST,
        ),
        (
            &format!("/api/boc/2/store/1/vehicles/search?search={digits}") as &str,
            StatusCode::NOT_FOUND,
        ),
    ] {
        assert_error(app.request(Method::GET, path, &token, None).await, status).await;
    }
    // A percent sign is a character searched for, not a wildcard.
    let none = app
        .ok_json(
            Method::GET,
            "/api/boc/1/store/1/vehicles/search?search=%25%25%25",
            &token,
            None,
        )
        .await;
    assert_eq!(none["totalElements"], 0, "{none}");
}

#[tokio::test]
async fn an_import_whose_worker_is_killed_is_finished_by_another_without_doubling_a_row() {
    const ROWS: usize = 40_000;
    let app = crate::helpers::spawn_api_only().await;
    let token = app.token_of("enterprise-admin").await;
    let mut csv = String::from("Cust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n");
    for n in 0..ROWS {
        // A distinct customer and a valid, distinct VIN per row (check digit not enforced).
        csv.push_str(&format!(
            "KILL-{n},Name{n},Test,555{:07},1HGCM8263{:08},Honda,Civic,2020\n",
            n % 10_000_000,
            n
        ));
    }
    let response = app
        .upload_import(&token, DMS, "big.csv", csv.into_bytes(), None)
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let run_id = started["jobRunId"].as_i64().unwrap();

    let first = app.spawn_worker();
    let mid = app
        .wait_for_run(&token, run_id, |d| {
            let counts = &d["run"]["counts"];
            let (done, total) = (
                counts["done"].as_i64().unwrap_or(0),
                counts["total"].as_i64().unwrap_or(0),
            );
            total > 0 && done * 10 >= total
        })
        .await;
    drop(first); // SIGKILL, mid-file
    assert_ne!(mid["run"]["status"], "succeeded", "killed before the end");

    let _second = app.spawn_worker();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let detail = loop {
        let detail = app
            .ok_json(Method::GET, &format!("/api/jobs/{run_id}"), &token, None)
            .await;
        if ["succeeded", "failed", "cancelled"].contains(&detail["run"]["status"].as_str().unwrap())
        {
            break detail;
        }
        assert!(std::time::Instant::now() < deadline, "{detail}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    // Resumed by another attempt.
    assert!(detail["run"]["attempt"].as_i64().unwrap() >= 2, "{detail}");
    let report = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", started["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(report["status"], "COMPLETED", "{report}");
    assert_eq!(report["totalRows"], ROWS, "{report}");
    assert_eq!(report["insertedRows"], ROWS, "{report}");
    let customers: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(sea_query::Asterisk).count())
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Custno).like("KILL-%"))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(customers, ROWS as i64);
}

#[tokio::test]
async fn an_import_cancelled_while_queued_or_given_up_on_is_closed_and_a_retry_resumes_it() {
    // Cancelled before any worker saw it: the report is closed with it.
    let api = crate::helpers::spawn_api_only().await;
    let token = api.token_of("enterprise-admin").await;
    let response = api
        .upload_import(&token, DMS, "queued.csv", dms_csv().into_bytes(), None)
        .await;
    let started: Value = response.json().await.unwrap();
    let run_id = started["jobRunId"].as_i64().unwrap();
    let cancel = api
        .post_json(&format!("/api/jobs/{run_id}/cancel"), &token, &json!({}))
        .await;
    assert_eq!(cancel.status(), StatusCode::OK);
    let report = api
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", started["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(report["status"], "CANCELLED", "{report}");
    drop(api);

    // Every attempt fails transiently: when the run gives up, so does its report (with the
    // reason), and retrying the import resumes the kept file.
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (_, report) = app.kept_report("unlucky.csv").await;
    let input = json!({ "reportId": report.id, "storeId": 1 });
    let gave_up = app
        .start_job(&token, "test.import-gives-up", input.clone())
        .await;
    let run = app.wait_until_final(&token, gave_up).await;
    assert_eq!(run["run"]["status"], "failed", "{run}");
    let path = format!("/api/data-sync/file-reports/{}", report.id);
    // The report is closed by the give-up hook just after the run is: wait for it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let failed = loop {
        let failed = app.ok_json(Method::GET, &path, &token, None).await;
        if failed["status"] != "QUEUED" || std::time::Instant::now() > deadline {
            break failed;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(failed["status"], "FAILED", "{failed}");
    assert!(
        failed["error"]
            .as_str()
            .is_some_and(|e| e.contains("gave up after 2 attempts")),
        "{failed}"
    );

    let retried = app.start_job(&token, "imports.file", input).await;
    let run = app.wait_until_final(&token, retried).await;
    assert_eq!(run["run"]["status"], "succeeded", "{run}");
    let loaded = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(loaded["status"], "COMPLETED_WITH_ERRORS", "{loaded}");
    assert_eq!(loaded["insertedRows"], 3, "{loaded}");
    assert_eq!(loaded["error"], Value::Null, "{loaded}");
}

#[tokio::test]
async fn the_sample_files_of_every_kind_load_with_the_problems_they_were_written_with() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let dir = tempfile::tempdir().unwrap();
    let today = chrono::Utc::now().date_naive();
    let files = sample_data::files::write_sample_files(&app.db, dir.path(), today)
        .await
        .unwrap();
    assert_eq!(files.len(), 9);
    let mut reports = std::collections::BTreeMap::new();
    // In load order: the dealer-system exports name the advisors and customers before them.
    for file in &files {
        let query = format!("store_id_pk=1&file_type={}", file.file_type);
        let report = app
            .import_file(
                &token,
                &query,
                file.name,
                std::fs::read(&file.path).unwrap(),
            )
            .await;
        assert_eq!(report["totalRows"], file.rows, "{}: {report}", file.name);
        reports.insert(file.name, report);
    }
    let clean = [
        "dms-advisors.csv",
        "dms-customer-vehicles.csv",
        "dms-sales.csv",
        "dms-repair-orders.csv",
        "dms-appointments.csv",
        "prepaid-maintenance.xlsx",
        "fea-alerts.csv",
    ];
    for name in clean {
        assert_eq!(
            reports[name]["status"], "COMPLETED",
            "{name}: {}",
            reports[name]
        );
    }
    let recall = &reports["recall-campaign.csv"];
    assert_eq!(recall["failedRows"], 2, "{recall}");
    assert!(recall["leadsCreated"].as_i64().unwrap() > 0, "{recall}");
    assert_eq!(reports["prepaid-maintenance.xlsx"]["fileFormat"], "XLSX");
    // Windows-1252 with semicolons, Excel serial dates and a quoted line break: eight rows in,
    // the four bad ones refused, each with its column.
    let messy = &reports["messy-customer-vehicles.csv"];
    assert_eq!(messy["insertedRows"], 8, "{messy}");
    assert_eq!(messy["failedRows"], 4, "{messy}");
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", messy["id"]),
            &token,
            None,
        )
        .await;
    let columns: Vec<&str> = errors["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["column"].as_str())
        .collect();
    for column in ["Serial Number", "Last", "Yr", "Phone"] {
        assert!(columns.contains(&column), "{column}: {errors}");
    }
    let (first_name, address): (String, Option<String>) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Customers::FirstName, Customers::Address])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Custno).eq("MSY-003"))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first_name, "Tomás");
    assert_eq!(address.as_deref(), Some("12 Rue de l'Église\nApt 4"));
}

#[tokio::test]
async fn an_upload_is_spooled_once_where_its_worker_reads_it_and_goes_when_it_is_loaded() {
    let app = crate::helpers::spawn_api_only().await;
    let token = app.token_of("enterprise-admin").await;
    let uploads = std::path::Path::new(app.setting("BAYLINE_DATA_DIR").unwrap()).join("uploads");
    let csv = |number: u32, last_name: &str| {
        format!(
            "Cust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n\
             KEPT-{number},{last_name},Test,555301900{number},1HGCM82633A90000{number},Honda,Civic,2020\n"
        )
    };
    let upload = |number: u32, last_name: &'static str| {
        let app = &app;
        let token = &token;
        async move {
            let response = app
                .upload_import(
                    token,
                    DMS,
                    "kept.csv",
                    csv(number, last_name).into_bytes(),
                    None,
                )
                .await;
            assert_eq!(response.status(), StatusCode::ACCEPTED);
            let started: Value = response.json().await.unwrap();
            (
                started["id"].as_i64().unwrap(),
                started["jobRunId"].as_i64().unwrap(),
            )
        }
    };

    // The worker reads the kept file, not a second spool of the database's copy: a kept file
    // changed (to the same size) after the upload loads as changed.
    let (read_here, first_run) = upload(1, "Alpha").await;
    let kept = uploads.join(format!("report-{read_here}"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), csv(1, "Alpha"));
    std::fs::write(&kept, csv(1, "Omega")).unwrap();
    // A worker that does not find it (on another machine) reads the database's copy.
    let (read_there, second_run) = upload(2, "Bravo").await;
    std::fs::remove_file(uploads.join(format!("report-{read_there}"))).unwrap();

    let _worker = app.spawn_worker();
    for run in [first_run, second_run] {
        let detail = app.wait_until_final(&token, run).await;
        assert_eq!(detail["run"]["status"], "succeeded", "{detail}");
    }
    let last_name = |number: &str| {
        Query::select()
            .column(Customers::LastName)
            .from(Customers::Table)
            .and_where(Expr::col(Customers::Custno).eq(number))
            .to_owned()
    };
    let omega: String = app.db.fetch_scalar(&last_name("KEPT-1")).await.unwrap();
    let bravo: String = app.db.fetch_scalar(&last_name("KEPT-2")).await.unwrap();
    assert_eq!((omega.as_str(), bravo.as_str()), ("Omega", "Bravo"));
    // Loaded, the kept files are gone.
    let left: Vec<_> = std::fs::read_dir(&uploads)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The op-code lookup (D-C24): the op codes a store's repair orders carried, most used first,
/// narrowed by code or description; another dealer's path is not found.
#[tokio::test]
async fn the_op_code_lookup_lists_the_codes_a_stores_repair_orders_carried() {
    let app = spawn_app().await;
    let token = app.token_of("sales-rep").await;
    let all = app
        .ok_json(
            Method::GET,
            "/api/boc/1/store/1/help/opcodes?size=200",
            &token,
            None,
        )
        .await;
    let all = all.as_array().unwrap().clone();
    assert!(!all.is_empty(), "the demo's repair orders carry op codes");
    let uses: Vec<i64> = all
        .iter()
        .map(|o| o["timesUsed"].as_i64().unwrap())
        .collect();
    assert!(
        uses.windows(2).all(|w| w[0] >= w[1]),
        "most used first: {uses:?}"
    );
    let first = all[0].clone();
    let code = first["opCode"].as_str().unwrap();
    let narrowed = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/boc/1/store/1/help/opcodes?search={}",
                code.to_lowercase()
            ),
            &token,
            None,
        )
        .await;
    assert!(
        narrowed
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["opCode"] == code),
        "{narrowed}"
    );
    let none = app
        .ok_json(
            Method::GET,
            "/api/boc/1/store/1/help/opcodes?search=no-such-code-anywhere",
            &token,
            None,
        )
        .await;
    assert_eq!(none, serde_json::json!([]));
    for (path, status) in [
        ("/api/boc/2/store/1/help/opcodes", StatusCode::NOT_FOUND),
        (
            "/api/boc/1/store/1/help/opcodes?size=0",
            StatusCode::BAD_REQUEST,
        ),
    ] {
        assert_error(app.request(Method::GET, path, &token, None).await, status).await;
    }
}
