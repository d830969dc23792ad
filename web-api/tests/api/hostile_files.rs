//! Files made to hurt the reader (issue 34): a workbook whose stated size lies, cells repeated
//! across a whole sheet, a text node of megabytes, NUL bytes, rows of junk. Each is answered
//! with a 2xx or a 4xx that names the limit, the server stays up, and nothing partial is kept.
//! The files are made here, byte by byte, so the corpus is the test suite's own.

use std::io::Write;

use engine::store::schema::ImportRowErrors;
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::Value;

use crate::helpers::{TestApp, assert_error, spawn_app};

const ADVISORS: &str = "store_id_pk=1&file_type=DMS_ADVISORS";
const CUSTOMERS: &str = "store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES";

impl TestApp {
    async fn preview(
        &self,
        token: &str,
        query: &str,
        name: &str,
        content: Vec<u8>,
    ) -> reqwest::Response {
        self.post_file(
            token,
            &format!("/api/data-sync/import/preview?{query}"),
            "multipartFile",
            name,
            content,
        )
        .await
    }

    /// The server still answers (a reader that aborted the process would not).
    async fn assert_alive(&self, token: &str) {
        let me = self.get("/api/jobs?page=0&size=1", Some(token)).await;
        assert_eq!(me.status(), StatusCode::OK);
    }
}

// ---- A BIFF8 workbook (.xls) in an OLE compound file ----

fn record(kind: u16, data: &[u8]) -> Vec<u8> {
    let mut out = kind.to_le_bytes().to_vec();
    out.extend((data.len() as u16).to_le_bytes());
    out.extend(data);
    out
}

fn bof(sheet: bool) -> Vec<u8> {
    let mut data = vec![0u8; 16];
    data[..2].copy_from_slice(&0x0600u16.to_le_bytes());
    data[2..4].copy_from_slice(&(if sheet { 0x0010u16 } else { 0x0005 }).to_le_bytes());
    record(0x0809, &data)
}

/// A LABEL record: a text cell, in UTF-16.
fn label(row: u16, column: u16, text: &str) -> Vec<u8> {
    let mut data = Vec::new();
    data.extend(row.to_le_bytes());
    data.extend(column.to_le_bytes());
    data.extend(0u16.to_le_bytes());
    data.extend((text.encode_utf16().count() as u16).to_le_bytes());
    data.push(1);
    data.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    record(0x0204, &data)
}

/// The Workbook stream: one sheet "Advisors" whose DIMENSIONS record says `rows` × `columns`,
/// holding `cells`.
fn biff8(rows: u32, columns: u16, cells: &[(u16, u16, &str)]) -> Vec<u8> {
    let mut globals = bof(false);
    globals.extend(record(0x0042, &1200u16.to_le_bytes()));
    let name = b"Advisors";
    let boundsheet_at = globals.len();
    let mut sheet_record = vec![0u8; 6];
    sheet_record.push(name.len() as u8);
    sheet_record.push(0);
    sheet_record.extend(name);
    globals.extend(record(0x0085, &sheet_record));
    globals.extend(record(0x000A, &[]));
    let sheet_at = globals.len() as u32;
    // The sheet's offset goes into BOUNDSHEET's first four bytes.
    globals[boundsheet_at + 4..boundsheet_at + 8].copy_from_slice(&sheet_at.to_le_bytes());

    let mut sheet = bof(true);
    let mut dimensions = Vec::new();
    dimensions.extend(0u32.to_le_bytes());
    dimensions.extend(rows.to_le_bytes());
    dimensions.extend(0u16.to_le_bytes());
    dimensions.extend(columns.to_le_bytes());
    dimensions.extend(0u16.to_le_bytes());
    sheet.extend(record(0x0200, &dimensions));
    for (row, column, text) in cells {
        sheet.extend(label(*row, *column, text));
    }
    sheet.extend(record(0x000A, &[]));
    let mut stream = globals;
    stream.extend(sheet);
    // Past the mini-stream cut-off, so the stream lives in ordinary sectors.
    stream.resize(stream.len().max(4096), 0);
    stream
}

/// An OLE compound file (version 3, 512-byte sectors) holding one stream, "Workbook".
fn compound_file(stream: &[u8]) -> Vec<u8> {
    const END: u32 = 0xFFFF_FFFE;
    const FREE: u32 = 0xFFFF_FFFF;
    let stream_sectors = stream.len().div_ceil(512) as u32;
    let directory_sector = 1 + stream_sectors;
    let mut header = Vec::with_capacity(512);
    header.extend([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    header.extend([0u8; 16]);
    header.extend(0x003Eu16.to_le_bytes());
    header.extend(0x0003u16.to_le_bytes());
    header.extend(0xFFFEu16.to_le_bytes());
    header.extend(9u16.to_le_bytes());
    header.extend(6u16.to_le_bytes());
    header.extend([0u8; 6]);
    header.extend(0u32.to_le_bytes()); // directory sectors (version 3: 0)
    header.extend(1u32.to_le_bytes()); // FAT sectors
    header.extend(directory_sector.to_le_bytes());
    header.extend(0u32.to_le_bytes());
    header.extend(4096u32.to_le_bytes());
    header.extend(END.to_le_bytes()); // mini FAT
    header.extend(0u32.to_le_bytes());
    header.extend(END.to_le_bytes()); // DIFAT
    header.extend(0u32.to_le_bytes());
    header.extend(0u32.to_le_bytes()); // the FAT is sector 0
    for _ in 1..109 {
        header.extend(FREE.to_le_bytes());
    }
    assert_eq!(header.len(), 512);

    let mut fat = vec![0xFFFF_FFFDu32];
    for sector in 1..=stream_sectors {
        fat.push(if sector == stream_sectors {
            END
        } else {
            sector + 1
        });
    }
    fat.push(END);
    fat.resize(128, FREE);

    let entry = |name: &str, kind: u8, child: u32, start: u32, size: u32| {
        let mut e = vec![0u8; 128];
        let utf16: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
        e[..utf16.len()].copy_from_slice(&utf16);
        e[64..66].copy_from_slice(&((utf16.len() + 2) as u16).to_le_bytes());
        e[66] = kind;
        e[67] = 1;
        e[68..72].copy_from_slice(&FREE.to_le_bytes());
        e[72..76].copy_from_slice(&FREE.to_le_bytes());
        e[76..80].copy_from_slice(&child.to_le_bytes());
        e[116..120].copy_from_slice(&start.to_le_bytes());
        e[120..124].copy_from_slice(&size.to_le_bytes());
        e
    };
    let mut directory = entry("Root Entry", 5, 1, END, 0);
    directory.extend(entry("Workbook", 2, FREE, 1, stream.len() as u32));
    directory.resize(512, 0);

    let mut file = header;
    file.extend(fat.iter().flat_map(|n| n.to_le_bytes()));
    let mut padded = stream.to_vec();
    padded.resize(stream_sectors as usize * 512, 0);
    file.extend(padded);
    file.extend(directory);
    file
}

const ADVISOR_HEADER: [(u16, u16, &str); 3] = [
    (0, 0, "Advisor Number"),
    (0, 1, "First Name"),
    (0, 2, "Last Name"),
];

fn advisors_xls(rows: u32, columns: u16) -> Vec<u8> {
    let mut cells = ADVISOR_HEADER.to_vec();
    cells.extend([(1, 0, "A-77"), (1, 1, "Rosa"), (1, 2, "Diaz")]);
    compound_file(&biff8(rows, columns, &cells))
}

// ---- Zipped workbooks ----

fn zipped(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        for (name, content) in parts {
            let options = if *name == "mimetype" {
                zip::write::SimpleFileOptions::default()
                    .compression_method(zip::CompressionMethod::Stored)
            } else {
                zip::write::SimpleFileOptions::default()
                    .compression_method(zip::CompressionMethod::Deflated)
            };
            zip.start_file(*name, options).unwrap();
            zip.write_all(content).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

/// An ODS whose table holds `rows` (cell XML each).
fn ods(rows: &str) -> Vec<u8> {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Advisors">{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    zipped(&[
        (
            "mimetype",
            b"application/vnd.oasis.opendocument.spreadsheet",
        ),
        ("content.xml", content.as_bytes()),
        ("META-INF/manifest.xml", manifest.as_bytes()),
    ])
}

fn ods_row(cells: &[&str]) -> String {
    let cells: String = cells
        .iter()
        .map(|c| format!(r#"<table:table-cell office:value-type="string"><text:p>{c}</text:p></table:table-cell>"#))
        .collect();
    format!("<table:table-row>{cells}</table:table-row>")
}

/// An XLSX of one sheet whose cells are `sheet_data` (the `<sheetData>` XML), with
/// `shared_strings` as its `<sst>` items.
fn xlsx(sheet_data: &str, shared_strings: &str) -> Vec<u8> {
    let content_types = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#;
    let rels = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
    let workbook = r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Advisors" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
    let workbook_rels = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#;
    let sheet = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{sheet_data}</sheetData></worksheet>"#
    );
    let strings = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{shared_strings}</sst>"#
    );
    zipped(&[
        ("[Content_Types].xml", content_types.as_bytes()),
        ("_rels/.rels", rels.as_bytes()),
        ("xl/workbook.xml", workbook.as_bytes()),
        ("xl/_rels/workbook.xml.rels", workbook_rels.as_bytes()),
        ("xl/worksheets/sheet1.xml", sheet.as_bytes()),
        ("xl/sharedStrings.xml", strings.as_bytes()),
    ])
}

const XLSX_HEADER: &str = r#"<row r="1"><c r="A1" t="inlineStr"><is><t>Advisor Number</t></is></c><c r="B1" t="inlineStr"><is><t>First Name</t></is></c><c r="C1" t="inlineStr"><is><t>Last Name</t></is></c></row>"#;

async fn refused_naming(response: reqwest::Response, words: &str) {
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(
        message.contains(words),
        "{message:?} does not say {words:?}"
    );
}

#[tokio::test]
async fn an_xls_whose_dimensions_lie_is_refused_and_the_server_stays_up() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;

    // An honest XLS reads, through the child process.
    let honest = app
        .preview(&token, ADVISORS, "advisors.xls", advisors_xls(2, 3))
        .await;
    let status = honest.status();
    let preview: Value = honest.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(preview["fileFormat"], "XLS", "{preview}");
    assert_eq!(preview["headers"][0], "Advisor Number", "{preview}");

    // Rows 0–0xFFFFFFFF and columns 0–0xFFFF: petabytes asked for, in a 5 KB file.
    let lying = advisors_xls(u32::MAX, u16::MAX);
    assert!(lying.len() < 8 * 1024);
    refused_naming(
        app.preview(&token, ADVISORS, "lying.xls", lying.clone())
            .await,
        "256 MB of memory",
    )
    .await;
    app.assert_alive(&token).await;
    // The upload takes the same path and keeps nothing.
    let reports_before = app.reports_count().await;
    refused_naming(
        app.post_file(
            &token,
            &format!("/api/data-sync/import?{ADVISORS}"),
            "multipartFile",
            "lying.xls",
            lying,
        )
        .await,
        "256 MB of memory",
    )
    .await;
    assert_eq!(app.reports_count().await, reports_before);
    app.assert_alive(&token).await;
}

#[tokio::test]
async fn an_ods_of_repeated_cells_is_refused_within_the_memory_budget() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;

    let honest = ods(&[
        ods_row(&["Advisor Number", "First Name", "Last Name"]),
        ods_row(&["A-77", "Rosa", "Diaz"]),
    ]
    .concat());
    let answer = app.preview(&token, ADVISORS, "advisors.ods", honest).await;
    let status = answer.status();
    let preview: Value = answer.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(preview["fileFormat"], "ODS", "{preview}");

    // A thousand rows of one cell repeated across 16,384 columns: a 1.5 KB bomb.
    let bomb_row = r#"<table:table-row><table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#;
    let bomb = ods(&format!(
        "{}{}",
        ods_row(&["Advisor Number", "First Name", "Last Name"]),
        bomb_row.repeat(1_000)
    ));
    refused_naming(
        app.preview(&token, ADVISORS, "bomb.ods", bomb).await,
        "MB of memory",
    )
    .await;
    app.assert_alive(&token).await;
}

#[tokio::test]
async fn xlsx_text_of_megabytes_is_refused_before_it_is_held() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;

    // One shared string of 8 MB (a few KB zipped): over the size of one XML event.
    let huge = format!("<si><t>{}</t></si>", "a".repeat(8 * 1024 * 1024));
    let file = xlsx(
        &format!(r#"{XLSX_HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c></row>"#),
        &huge,
    );
    assert!(file.len() < 64 * 1024);
    refused_naming(
        app.preview(&token, ADVISORS, "strings.xlsx", file).await,
        "4 MB",
    )
    .await;

    // One inline cell of 1 MB: longer than any spreadsheet cell.
    let inline = format!(
        r#"{XLSX_HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>{}</t></is></c></row>"#,
        "b".repeat(1024 * 1024)
    );
    refused_naming(
        app.preview(&token, ADVISORS, "inline.xlsx", xlsx(&inline, ""))
            .await,
        "32767 characters",
    )
    .await;
    app.assert_alive(&token).await;
}

#[tokio::test]
async fn a_refused_row_keeps_an_excerpt_once_not_the_row_per_problem() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    // A junk column of 30 KB and a row whose every checked field is wrong.
    let junk = "J".repeat(30 * 1024);
    let csv = format!(
        "Customer Number,Last Name,First Name,Cell Phone,VIN,Make,Model,Year,Junk\n\
         C-1,Ng,Al,5554010001,1HGCM82633A300001,Honda,Fit,2020,ok\n\
         ,Bad,Row,not-a-phone,NOTAVIN,Honda,Fit,19999,{junk}\n"
    );
    let response = app
        .post_file(
            &token,
            &format!("/api/data-sync/import?{CUSTOMERS}"),
            "multipartFile",
            "junk.csv",
            csv.into_bytes(),
        )
        .await;
    let status = response.status();
    let started: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    app.wait_until_final(&token, started["jobRunId"].as_i64().unwrap())
        .await;

    let kept: Vec<(Option<String>,)> = app
        .db
        .fetch_all(
            &Query::select()
                .column(ImportRowErrors::RawRow)
                .from(ImportRowErrors::Table)
                .and_where(Expr::col(ImportRowErrors::ReportId).eq(started["id"].as_i64().unwrap()))
                .to_owned(),
        )
        .await
        .unwrap();
    assert!(
        kept.len() > 1,
        "several problems on the row: {}",
        kept.len()
    );
    let excerpts: Vec<&String> = kept.iter().filter_map(|(raw,)| raw.as_ref()).collect();
    assert_eq!(excerpts.len(), 1, "the row is kept once");
    assert!(excerpts[0].len() < 8 * 1024, "an excerpt, not the row");

    let error_file = app
        .get(
            &format!("/api/data-sync/file-reports/{}/error-file", started["id"]),
            Some(&token),
        )
        .await;
    assert_eq!(error_file.status(), StatusCode::OK);
    let text = error_file.text().await.unwrap();
    assert!(text.len() < 8 * 1024, "{} bytes", text.len());
    assert!(text.contains("JJJ…"), "{text}");
}

#[tokio::test]
async fn a_nul_byte_refuses_its_row_alike_on_both_databases() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    // Past the first 64 KB, where the file's kind is judged.
    let mut csv =
        String::from("Customer Number,Last Name,First Name,Cell Phone,VIN,Make,Model,Year\n");
    let mut n = 0;
    while csv.len() < 70 * 1024 {
        n += 1;
        csv.push_str(&format!(
            "NUL-{n},Ng,Al,555401{:04},1HGCM82633A3{:05},Honda,Fit,2020\n",
            n % 10_000,
            n
        ));
    }
    csv.push_str("NUL-X,Ng\0Bad,Al,5554019999,1HGCM82633A399999,Honda,Fit,2020\n");
    let report = app
        .import_file(&token, CUSTOMERS, "nul.csv", csv.into_bytes())
        .await;
    assert_eq!(report["failedRows"], 1, "{report}");
    assert_eq!(report["importedRows"], n, "{report}");
    let errors = app
        .ok_json(
            Method::GET,
            &format!("/api/data-sync/file-reports/{}/errors", report["id"]),
            &token,
            None,
        )
        .await;
    assert!(errors.to_string().contains("NUL character"), "{errors}");
}

impl TestApp {
    async fn reports_count(&self) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(sea_query::Asterisk).count())
                    .from(engine::store::schema::ImportFileReports::Table)
                    .to_owned(),
            )
            .await
            .unwrap()
    }
}
