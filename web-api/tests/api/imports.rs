//! Data imports: each file type loads through `imports.file`, the mapping step, the messy CSV
//! (Windows-1252, semicolons, Excel dates, quoted newlines), XLSX, row errors and the error
//! file, a second load that changes nothing, and structural errors that keep nothing.

use engine::imports::FileType;
use engine::imports::fields::resolve;
use engine::imports::reader::sample;
use engine::store::imports::{ImportStore, NewReport};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, ImportFileReports, RepairOrderLines, RepairOrders,
    ServiceAppointments, ServiceVehicles as Vehicles, Stores,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    /// Posts a file to `/api/data-sync/import` with `query`; the raw response.
    async fn upload_import(
        &self,
        token: &str,
        query: &str,
        name: &str,
        content: Vec<u8>,
        mapping: Option<&str>,
    ) -> reqwest::Response {
        let part = reqwest::multipart::Part::bytes(content).file_name(name.to_owned());
        let mut form = reqwest::multipart::Form::new().part("multipartFile", part);
        if let Some(mapping) = mapping {
            form = form.text("mapping", mapping.to_owned());
        }
        self.client
            .post(self.url(&format!("/api/data-sync/import?{query}")))
            .header("Authorization", format!("Bearer {token}"))
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Uploads a file, waits for its load, and answers its final report.
    pub(crate) async fn import_file(
        &self,
        token: &str,
        query: &str,
        name: &str,
        content: Vec<u8>,
    ) -> Value {
        let response = self.upload_import(token, query, name, content, None).await;
        let status = response.status();
        let started: Value = response.json().await.unwrap();
        assert_eq!(status, StatusCode::ACCEPTED, "{started}");
        // The worker may already have picked the load up when the answer is read back.
        assert!(
            ["QUEUED", "RUNNING"].contains(&started["status"].as_str().unwrap_or_default()),
            "{started}"
        );
        let run = self
            .wait_until_final(token, started["jobRunId"].as_i64().unwrap())
            .await;
        assert_eq!(run["run"]["status"], "succeeded", "{run}");
        self.ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}", started["id"]),
            token,
            None,
        )
        .await
    }

    async fn report_count(&self) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(sea_query::Asterisk).count())
                    .from(ImportFileReports::Table)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// A demo vehicle of store 1 whose owner can be texted: (VIN, customer id).
    async fn textable_vehicle(&self) -> (String, i64) {
        self.db
            .fetch_optional(
                &Query::select()
                    .column((Vehicles::Table, Vehicles::Vin))
                    .column((Customers::Table, Customers::Id))
                    .from(Vehicles::Table)
                    .inner_join(
                        Customers::Table,
                        Expr::col((Customers::Table, Customers::Id))
                            .equals((Vehicles::Table, Vehicles::CustomerId)),
                    )
                    .and_where(Expr::col((Vehicles::Table, Vehicles::StoreId)).eq(1))
                    .and_where(Expr::col((Customers::Table, Customers::Cellular)).is_not_null())
                    .and_where(Expr::col((Customers::Table, Customers::BlockSms)).eq(false))
                    .and_where(Expr::col((Customers::Table, Customers::OptedOutAt)).is_null())
                    .order_by((Vehicles::Table, Vehicles::Id), Order::Asc)
                    .limit(1)
                    .to_owned(),
            )
            .await
            .unwrap()
            .unwrap()
    }
}

const DMS: &str = "store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES";

fn dms_csv() -> String {
    [
        "Cust #,Last Name,First Name,Cell Phone,Email,VIN,Make,Model,Year,Odometer,Last Service Date",
        "IMP-1,Okafor,Ada,(555) 301-0001,ada@example.com,1HGCM82633A100001,Honda,Accord,2021,31250,03/14/2026",
        "IMP-2,Berg,Lena,555.301.0002,,1HGCM82633A100002,Honda,CR-V,2022,\"12,400\",2026-02-01",
        "IMP-2,Berg,Lena,555.301.0002,,1HGCM82633A100003,Honda,Civic,2019,88000,",
        "IMP-3,Moss,Tom,555-301-0003,tom@,NOT-A-VIN,Honda,Fit,1850,0,",
    ]
    .join("\n")
}

#[tokio::test]
async fn a_dms_file_loads_and_a_second_load_of_it_changes_nothing() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    let report = app
        .import_file(&token, DMS, "customers.csv", dms_csv().into_bytes())
        .await;

    assert_eq!(report["status"], "COMPLETED_WITH_ERRORS", "{report}");
    assert_eq!(report["fileFormat"], "CSV");
    assert_eq!(report["progress"], 100);
    assert_eq!(report["totalRows"], 4);
    assert_eq!(report["insertedRows"], 3);
    assert_eq!(report["failedRows"], 1);
    assert_eq!(report["mapping"]["customerNumber"], "Cust #");
    assert_eq!(report["mapping"]["phone"], "Cell Phone");
    let (cellular, vehicles): (Option<String>, i64) = app
        .db
        .fetch_optional(
            &Query::select()
                .column((Customers::Table, Customers::Cellular))
                .expr(Expr::col((Vehicles::Table, Vehicles::Id)).count())
                .from(Customers::Table)
                .inner_join(
                    Vehicles::Table,
                    Expr::col((Vehicles::Table, Vehicles::CustomerId))
                        .equals((Customers::Table, Customers::Id)),
                )
                .and_where(Expr::col((Customers::Table, Customers::Custno)).eq("IMP-2"))
                .group_by_col((Customers::Table, Customers::Cellular))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(cellular.as_deref(), Some("+15553010002"));
    assert_eq!(vehicles, 2, "one customer, two vehicles");

    // Every problem of the bad row, with its line and column.
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", report["id"]),
            &token,
            None,
        )
        .await;
    let columns: Vec<&str> = errors["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["rowNumber"], 5);
            e["column"].as_str().unwrap()
        })
        .collect();
    assert_eq!(columns.len(), 3, "{errors}");
    for column in ["Email", "VIN", "Year"] {
        assert!(columns.contains(&column), "{column} in {columns:?}");
    }
    // The error file: the header plus Line and Problems, then the row as read.
    let file = app
        .request(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/error-file", report["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(file.status(), StatusCode::OK);
    let text = file.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].ends_with("Last Service Date,Line,Problems"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("IMP-3,Moss,Tom,555-301-0003,tom@,NOT-A-VIN,"),
        "{text}"
    );
    assert!(
        // The problem names its column once.
        lines[1].contains(",5,") && lines[1].contains("VIN: ") && !lines[1].contains("VIN: VIN:"),
        "{text}"
    );

    // The same file again: nothing to write, and the report says so.
    let again = app
        .import_file(&token, DMS, "customers.csv", dms_csv().into_bytes())
        .await;
    assert_eq!(again["insertedRows"], 0, "{again}");
    assert_eq!(again["updatedRows"], 0, "{again}");
    assert_eq!(again["unchangedRows"], 3, "{again}");
    assert_eq!(again["failedRows"], 1);

    // A changed phone is an update; a blank optional cell keeps what is stored.
    let changed = dms_csv()
        .replace("(555) 301-0001", "(555) 301-0099")
        .replace("ada@example.com", "");
    let changed = app
        .import_file(&token, DMS, "customers.csv", changed.into_bytes())
        .await;
    assert_eq!(changed["updatedRows"], 1, "{changed}");
    assert_eq!(changed["unchangedRows"], 2, "{changed}");
    let email: Option<String> = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Customers::Email)
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Custno).eq("IMP-1"))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(email.as_deref(), Some("ada@example.com"));

    let reports = app
        .ok_json(
            Method::GET,
            "/api/data-sync/fetch-file-uploard-reports/1?file_type=DMS_CUSTOMER_VEHICLES",
            &token,
            None,
        )
        .await;
    assert_eq!(reports["totalElements"], 3);
    assert_eq!(reports["content"][0]["id"], changed["id"], "newest first");
    let recalls = app
        .ok_json(
            Method::GET,
            "/api/data-sync/fetch-file-uploard-reports/1?file_type=RECALL",
            &token,
            None,
        )
        .await;
    assert_eq!(recalls["totalElements"], 0);
}

#[tokio::test]
async fn a_messy_windows_1252_file_with_semicolons_and_excel_dates_loads() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let mut content =
        b"CUSTNO;LName;FName;Mobile;VIN Number;Vehicle Make;Vehicle Model;Yr;Delivery Date\r\n"
            .to_vec();
    content.extend_from_slice(
        b"MESSY-1;Mu\xF1oz;Jos\xE9;5553020001;2T1BURHE0JC000001;Toyota;Corolla;2018;46095\r\n",
    );
    content.extend_from_slice(b"MESSY-2;\"O'Brien\r\nJr\";Se\xE1n;5553020002;2T1BURHE0JC000002;Toyota;Camry;2020;03/14/2026\r\n");
    content.extend_from_slice(b";;;;;;;;\r\n");
    content.extend_from_slice(
        b"MESSY-3;;Nobody;5553020003;2T1BURHE0JC000003;Toyota;RAV4;2020;someday\r\n",
    );

    let report = app.import_file(&token, DMS, "messy.csv", content).await;

    assert_eq!(report["insertedRows"], 2, "{report}");
    assert_eq!(report["failedRows"], 1);
    let (first, last): (String, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Customers::FirstName, Customers::LastName])
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Custno).eq("MESSY-1"))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!((first.as_str(), last.as_str()), ("José", "Muñoz"));
    let delivered: Vec<(String, Option<chrono::NaiveDate>)> = app
        .db
        .fetch_all(
            &Query::select()
                .columns([Vehicles::Vin, Vehicles::InServiceDate])
                .from(Vehicles::Table)
                .and_where(Expr::col(Vehicles::Vin).like("2T1BURHE0JC00000%"))
                .order_by(Vehicles::Vin, Order::Asc)
                .to_owned(),
        )
        .await
        .unwrap();
    let march_14 = chrono::NaiveDate::from_ymd_opt(2026, 3, 14);
    assert_eq!(delivered.len(), 2);
    assert!(
        delivered.iter().all(|(_, d)| *d == march_14),
        "{delivered:?}"
    );
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", report["id"]),
            &token,
            None,
        )
        .await;
    // The quoted line break makes the third row start on line 5.
    let messages: Vec<(i64, String)> = errors["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["rowNumber"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        messages,
        [(6, "LName".to_owned()), (6, "Delivery Date".to_owned())]
    );
}

#[tokio::test]
async fn an_xlsx_recall_file_makes_leads_of_the_vehicles_it_can_text() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (vin, customer_id) = app.textable_vehicle().await;
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    let date = rust_xlsxwriter::Format::new().set_num_format("mm/dd/yyyy");
    for (c, header) in ["VIN", "Recall #", "Component", "Campaign Date"]
        .iter()
        .enumerate()
    {
        sheet.write_string(0, c as u16, *header).unwrap();
    }
    for (r, row_vin) in [vin.as_str(), "5YJ3E1EA7KF000001", "bad vin"]
        .iter()
        .enumerate()
    {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, *row_vin).unwrap();
        sheet.write_string(r, 1, "24V-101").unwrap();
        sheet.write_string(r, 2, "Fuel pump").unwrap();
        sheet
            .write_number_with_format(r, 3, 46095.0, &date)
            .unwrap();
    }
    let content = workbook.save_to_buffer().unwrap();

    let report = app
        .import_file(
            &token,
            "enterprise_id=1&boc_id_pk=1&store_id_pk=1&recall_type=SAFETY&file_type=RECALL",
            "recalls.xlsx",
            content.clone(),
        )
        .await;

    assert_eq!(report["fileFormat"], "XLSX", "{report}");
    assert_eq!(report["recallType"], "SAFETY");
    assert_eq!(
        (
            report["insertedRows"].as_i64(),
            report["failedRows"].as_i64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(report["leadsCreated"], 1);
    let rows = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/fea/{}", report["id"]),
            &token,
            None,
        )
        .await;
    let rows = rows["content"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["enrichmentStatus"], "LEAD_CREATED", "{rows:?}");
    assert_eq!(rows[0]["customerId"], customer_id);
    assert_eq!(rows[0]["eventDate"], "2026-03-14");
    assert_eq!(rows[0]["campaignCode"], "24V-101");
    assert!(
        rows[0]["firstName"].is_string(),
        "filled in from the customer"
    );
    assert_eq!(rows[1]["enrichmentStatus"], "NOT_MATCHED");
    let lead = rows[0]["futureServiceInteractionId"].as_i64().unwrap();
    let (service_type, status): (String, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Fsi::ServiceType, Fsi::Status])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (service_type.as_str(), status.as_str()),
        ("RECALL", "NOT_STARTED")
    );
    let recall_leads = app
        .ok_json(
            Method::GET,
            "/api/data-sync/recalllead/fetch/all",
            &token,
            None,
        )
        .await;
    assert_eq!(recall_leads["totalElements"], 2);

    // Loaded again: no row changes and no second lead.
    let again = app
        .import_file(
            &token,
            "store_id_pk=1&recall_type=SAFETY&file_type=RECALL",
            "recalls.xlsx",
            content,
        )
        .await;
    assert_eq!(again["unchangedRows"], 2, "{again}");
    assert_eq!(again["leadsCreated"], 0);
    let types = app
        .ok_json(
            Method::GET,
            "/api/data-sync/recalltype/fetch/all",
            &token,
            None,
        )
        .await;
    assert_eq!(types[0]["code"], "SAFETY");
}

#[tokio::test]
async fn prepaid_and_fea_files_make_leads_only_where_they_should() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (vin, _) = app.textable_vehicle().await;
    let prepaid = format!(
        "Contract #,VIN,Plan,Total Visits,Visits Used,Expiration Date\n\
         PP-1,{vin},Gold,4,1,2099-01-01\n\
         PP-2,{vin},Gold,4,4,2099-01-01\n"
    );
    let report = app
        .import_file(
            &token,
            "store_id_pk=1&file_type=PREPAID_MAINTENANCE",
            "prepaid.csv",
            prepaid.into_bytes(),
        )
        .await;
    assert_eq!(report["leadsCreated"], 1, "{report}");
    let rows = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/fea/{}", report["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(rows["content"][0]["enrichmentStatus"], "LEAD_CREATED");
    assert_eq!(
        rows["content"][1]["enrichmentStatus"], "NOT_ELIGIBLE",
        "no visit left"
    );

    let fea =
        format!("DTC,VIN,Alert Date,Make,Odometer\nP0420,{vin},2026-11-01,Lexus,\"41,000\"\n");
    let report = app
        .import_file(
            &token,
            "store_id_pk=1&file_type=FEA_ALERT",
            "fea.csv",
            fea.into_bytes(),
        )
        .await;
    assert_eq!(report["leadsCreated"], 1, "{report}");
    let rows = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/fea/{}?page=0&size=10", report["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(rows["content"][0]["campaignType"], "LEXUS_ERROR_ALERT");
    assert_eq!(rows["content"][0]["mileage"], 41_000);
}

#[tokio::test]
async fn the_mapping_step_suggests_columns_and_a_chosen_mapping_is_used() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let csv = "Owner Ref|Surname|Serial|Brand|Model Name|MY\nMAP-1|Quinn|1FTEW1EP5KF000001|Ford|F-150|2019\n";
    let part = reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("map.csv");
    let preview: Value = app
        .client
        .post(app.url(&format!("/api/data-sync/import/preview?{DMS}")))
        .header("Authorization", format!("Bearer {token}"))
        .multipart(reqwest::multipart::Form::new().part("multipartFile", part))
        .send()
        .await
        .unwrap()
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
    let failed = app.ok_json(Method::GET, &path, &token, None).await;
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

impl TestApp {
    /// The DMS customer file kept as store 1's report called `name`, not loaded yet.
    async fn kept_report(&self, name: &str) -> (ImportStore, engine::store::imports::ImportReport) {
        let (enterprise_id, boc_id): (i64, i64) = self
            .db
            .fetch_optional(
                &Query::select()
                    .columns([Stores::EnterpriseId, Stores::BocId])
                    .from(Stores::Table)
                    .and_where(Expr::col(Stores::Id).eq(1))
                    .to_owned(),
            )
            .await
            .unwrap()
            .unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut file, dms_csv().as_bytes()).unwrap();
        let (info, _) = sample(file.path(), dms_csv().len() as u64, 0).unwrap();
        let mapping = resolve(FileType::DmsCustomerVehicles, &info.headers, None, None).unwrap();
        let imports = ImportStore::new(self.db.clone());
        let report = imports
            .create_report(
                &NewReport {
                    enterprise_id,
                    boc_id,
                    store_id: 1,
                    file_type: FileType::DmsCustomerVehicles,
                    recall_type: None,
                    file_name: name.to_owned(),
                    file_format: "CSV".to_owned(),
                    size_bytes: dms_csv().len() as u64,
                    content_sha256: "not checked here".to_owned(),
                    mapping: mapping.by_header(&info.headers),
                    headers: info.headers.clone(),
                    data_source_id: None,
                    sync_history_id: None,
                    uploaded_by: None,
                },
                file.path(),
                chrono::Utc::now(),
            )
            .await
            .unwrap();
        (imports, report)
    }
}
