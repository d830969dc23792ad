//! Data imports: each file type loads through `imports.file`, the mapping step, the messy CSV
//! (Windows-1252, semicolons, Excel dates, quoted newlines), XLSX, row errors and the error
//! file, a second load that changes nothing, and structural errors that keep nothing.

mod dealer_system_and_recovery;
mod review_and_enrichment;
mod store_codes;

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
    // A byte-order mark first, so Excel on Windows reads the file as UTF-8.
    let text = text
        .strip_prefix('\u{feff}')
        .unwrap_or_else(|| panic!("no byte-order mark: {text}"));
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
