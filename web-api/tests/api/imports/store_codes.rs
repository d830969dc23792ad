//! Rows whose store code names no store wait for an admin's mapping; files that stopped the server.

use super::*;

/// The enterprise's stores as (id, code), oldest first.
async fn store_codes(app: &TestApp, enterprise_id: i64) -> Vec<(i64, String)> {
    app.db
        .fetch_all(
            &Query::select()
                .columns([Stores::Id, Stores::StoreCode])
                .from(Stores::Table)
                .and_where(Expr::col(Stores::EnterpriseId).eq(enterprise_id))
                .order_by(Stores::Id, Order::Asc)
                .to_owned(),
        )
        .await
        .unwrap()
}

async fn customer_store(app: &TestApp, custno: &str) -> Option<i64> {
    app.db
        .fetch_optional(
            &Query::select()
                .column(Customers::StoreId)
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Custno).eq(custno))
                .to_owned(),
        )
        .await
        .unwrap()
        .map(|(store,): (i64,)| store)
}

#[tokio::test]
async fn rows_whose_store_code_names_no_store_wait_until_an_admin_maps_the_code() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let stores = store_codes(&app, 1).await;
    let (own_id, own_code) = stores[0].clone();
    let (_, other_code) = stores[1].clone();
    let file = |rows: &[(&str, &str)]| {
        let mut lines = vec![
            "Dealer Code,Cust #,Last Name,First Name,Cell Phone,VIN,Make,Model,Year".to_owned(),
        ];
        for (i, (code, custno)) in rows.iter().enumerate() {
            lines.push(format!(
                "{code},{custno},Lake,Dana,555-302-00{i:02},1HGCM82633A2000{i:02},Honda,Fit,2020"
            ));
        }
        lines.join("\n").into_bytes()
    };
    let rows = [
        (own_code.to_lowercase().as_str().to_owned(), "MAP-OWN"),
        ("".to_owned(), "MAP-BLANK"),
        (" dms-77 ".to_owned(), "MAP-WAIT"),
        (other_code.clone(), "MAP-OTHER"),
    ];
    let rows: Vec<(&str, &str)> = rows.iter().map(|(c, n)| (c.as_str(), *n)).collect();

    let report = app
        .import_file(&token, DMS, "stores.csv", file(&rows))
        .await;
    assert_eq!(report["mapping"]["storeCode"], "Dealer Code", "{report}");
    assert_eq!(report["insertedRows"], 2, "{report}");
    assert_eq!(report["failedRows"], 2, "{report}");
    assert_eq!(customer_store(&app, "MAP-OWN").await, Some(own_id));
    assert_eq!(customer_store(&app, "MAP-BLANK").await, Some(own_id));
    assert_eq!(customer_store(&app, "MAP-WAIT").await, None);
    assert_eq!(customer_store(&app, "MAP-OTHER").await, None);
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", report["id"]),
            &token,
            None,
        )
        .await;
    let messages: Vec<&str> = errors["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.iter().any(|m| m.contains("DMS-77 is not mapped")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains(&format!("{} is", other_code.to_uppercase()))),
        "{messages:?}"
    );

    // The same file again: the waiting row waits once.
    app.import_file(&token, DMS, "stores.csv", file(&rows))
        .await;
    let unmapped = app
        .ok_json(Method::GET, "/api/enterprise/1/unmapped", &token, None)
        .await;
    assert_eq!(unmapped["codes"].as_array().unwrap().len(), 1, "{unmapped}");
    assert_eq!(unmapped["codes"][0]["code"], "DMS-77");
    assert_eq!(unmapped["codes"][0]["rows"], 1);
    assert_eq!(unmapped["codes"][0]["files"], 1);
    assert_eq!(unmapped["mappings"], json!([]));

    // Only tenant admins, only their own enterprise; bad targets change nothing.
    let manager = app.token_of("office-manager").await;
    let refused = app
        .request(Method::GET, "/api/enterprise/1/unmapped", &manager, None)
        .await;
    assert_error(refused, StatusCode::FORBIDDEN).await;
    let summit = app.token_of("summit-admin").await;
    let refused = app
        .request(
            Method::PUT,
            "/api/enterprise/1/unmapped/DMS-77",
            &summit,
            Some(json!({"storeId": own_id})),
        )
        .await;
    assert_error(refused, StatusCode::NOT_FOUND).await;
    let (summit_store, _) = store_codes(&app, 2).await[0].clone();
    for (code, store, status) in [
        ("DMS-77", summit_store, StatusCode::NOT_FOUND),
        ("DMS-77", 999_999, StatusCode::NOT_FOUND),
        (other_code.as_str(), own_id, StatusCode::CONFLICT),
        ("%20", own_id, StatusCode::BAD_REQUEST),
    ] {
        let refused = app
            .request(
                Method::PUT,
                &format!("/api/enterprise/1/unmapped/{code}"),
                &token,
                Some(json!({"storeId": store})),
            )
            .await;
        assert_error(refused, status).await;
    }
    assert_eq!(customer_store(&app, "MAP-WAIT").await, None);

    // Mapped: the waiting row loads now, and later rows with the code load directly.
    let mapped = app
        .ok_json(
            Method::PUT,
            "/api/enterprise/1/unmapped/dms-77",
            &token,
            Some(json!({"storeId": own_id})),
        )
        .await;
    assert_eq!(
        (
            mapped["code"].as_str(),
            mapped["loaded"].as_i64(),
            mapped["inserted"].as_i64()
        ),
        (Some("DMS-77"), Some(1), Some(1)),
        "{mapped}"
    );
    assert_eq!(customer_store(&app, "MAP-WAIT").await, Some(own_id));
    let unmapped = app
        .ok_json(Method::GET, "/api/enterprise/1/unmapped", &token, None)
        .await;
    assert_eq!(unmapped["codes"], json!([]), "{unmapped}");
    assert_eq!(unmapped["mappings"][0]["code"], "DMS-77");
    assert_eq!(unmapped["mappings"][0]["storeId"], own_id);
    assert_eq!(unmapped["mappings"][0]["mappedBy"], "enterprise-admin");
    let later = app
        .import_file(&token, DMS, "later.csv", file(&[("DMS-77", "MAP-LATER")]))
        .await;
    assert_eq!(later["insertedRows"], 1, "{later}");
    assert_eq!(customer_store(&app, "MAP-LATER").await, Some(own_id));

    // Unmapped again, the code's rows wait again; discarded, they are gone.
    app.ok_json(
        Method::DELETE,
        "/api/enterprise/1/store-code-mapping/DMS-77",
        &token,
        None,
    )
    .await;
    let waiting = app
        .import_file(&token, DMS, "again.csv", file(&[("DMS-77", "MAP-AGAIN")]))
        .await;
    assert_eq!(waiting["failedRows"], 1, "{waiting}");
    let discarded = app
        .ok_json(
            Method::DELETE,
            "/api/enterprise/1/unmapped/DMS-77",
            &token,
            None,
        )
        .await;
    assert_eq!(discarded["discarded"], 1, "{discarded}");
    let gone = app
        .request(
            Method::DELETE,
            "/api/enterprise/1/unmapped/DMS-77",
            &token,
            None,
        )
        .await;
    assert_error(gone, StatusCode::NOT_FOUND).await;
    assert_eq!(customer_store(&app, "MAP-AGAIN").await, None);

    let audit = app
        .ok_json(Method::GET, "/api/enterprise/1/audit?size=50", &token, None)
        .await;
    let actions: Vec<String> = audit["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["entityId"] == "DMS-77")
        .map(|e| {
            format!(
                "{} {}",
                e["action"].as_str().unwrap(),
                e["entity"].as_str().unwrap()
            )
        })
        .collect();
    for expected in [
        "CREATE store_code_mapping",
        "DELETE store_code_mapping",
        "DISCARD unmapped_rows",
    ] {
        assert!(
            actions.iter().any(|a| a == expected),
            "{expected} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn a_recall_row_that_waited_for_its_store_code_makes_its_lead_once_mapped() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (vin, _) = app.textable_vehicle().await;
    let csv = format!("VIN,Recall #,Store #\n{vin},24V-555,LEGACY-9\n");
    let query = "enterprise_id=1&boc_id_pk=1&store_id_pk=1&recall_type=SAFETY&file_type=RECALL";
    let report = app
        .import_file(&token, query, "recall.csv", csv.into_bytes())
        .await;
    assert_eq!(report["failedRows"], 1, "{report}");
    assert_eq!(report["leadsCreated"], 0, "{report}");

    let mapped = app
        .ok_json(
            Method::PUT,
            "/api/enterprise/1/unmapped/LEGACY-9",
            &token,
            Some(json!({"storeId": 1})),
        )
        .await;
    assert_eq!(mapped["loaded"], 1, "{mapped}");
    assert_eq!(mapped["leadsCreated"], 1, "{mapped}");
    let report = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", report["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(
        report["leadsCreated"], 1,
        "the lead is counted on its file: {report}"
    );
}

#[tokio::test]
async fn a_file_that_stopped_the_server_twice_is_set_aside_not_read_again() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (imports, report) = app.kept_report("deadly.csv").await;
    let enterprise_id = report.enterprise_id;
    // Two loads started and neither ended: the process died under both (the second start
    // finds the first still running; the job's start below finds the second).
    assert_eq!(imports.mark_running(report.id).await.unwrap(), 0);
    assert_eq!(imports.mark_running(report.id).await.unwrap(), 1);

    let run = app
        .start_job(
            &token,
            "imports.file",
            json!({ "reportId": report.id, "storeId": 1 }),
        )
        .await;
    let run = app.wait_until_final(&token, run).await;
    assert_eq!(run["run"]["status"], "failed", "{run}");
    let path = format!("/api/data-sync/file-reports/{}", report.id);
    let set_aside = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(set_aside["status"], "FAILED", "{set_aside}");
    assert!(
        set_aside["error"]
            .as_str()
            .is_some_and(|e| e.contains("stopped the server 2 times")),
        "{set_aside}"
    );
    assert_eq!(set_aside["insertedRows"], 0, "{set_aside}");
    // Final: a later load (a retry, the next sync) does not read it again.
    assert!(
        !imports
            .is_resumable(&imports.report(enterprise_id, report.id).await.unwrap())
            .await
            .unwrap()
    );
}
