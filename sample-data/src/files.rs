//! Sample import files drawn from a generated world, one of each kind the Imports area takes,
//! so demos, tests and the README have real files to load: campaign files (recall, prepaid
//! maintenance, FEA alerts) naming the world's vehicles, dealer-system exports of new
//! customers with their advisors, sales, repair orders and appointments, and a messy file
//! (Windows-1252, semicolons, Excel serial dates, a quoted line break, bad rows). The layouts
//! are docs/imports.md's.

use std::path::{Path, PathBuf};

use chrono::{Duration, NaiveDate};
use engine::Database;
use engine::error::{Error, Result};
use engine::store::schema::{Customers, ServiceVehicles as Vehicles, Stores};
use sea_query::{Expr, ExprTrait, Order, Query};

/// A vehicle of the world's first store and its owner.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Owned {
    vin: String,
    make: String,
    model: String,
    year: i32,
    custno: Option<String>,
    first_name: String,
    last_name: String,
    cellular: Option<String>,
}

/// What was written: each file's name and data rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleFile {
    pub name: &'static str,
    /// The `file_type` to upload it as.
    pub file_type: &'static str,
    pub rows: usize,
    pub path: PathBuf,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::Internal(format!("writing {}: {e}", path.display()))
}

fn csv_line(cells: &[String], separator: char) -> String {
    let quoted: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.contains(separator) || c.contains('"') || c.contains('\n') {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect();
    quoted.join(&separator.to_string())
}

fn write_csv(dir: &Path, name: &str, header: &[&str], rows: &[Vec<String>]) -> Result<PathBuf> {
    let path = dir.join(name);
    let mut text = csv_line(
        &header.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>(),
        ',',
    );
    text.push('\n');
    for row in rows {
        text.push_str(&csv_line(row, ','));
        text.push('\n');
    }
    std::fs::write(&path, text).map_err(io(&path))?;
    Ok(path)
}

/// A phone as people type it: "(555) 301-0001" from "+15553010001".
fn typed_phone(e164: Option<&str>) -> String {
    let digits: String = e164
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let digits = digits.strip_prefix('1').unwrap_or(&digits);
    if digits.len() == 10 {
        format!("({}) {}-{}", &digits[..3], &digits[3..6], &digits[6..])
    } else {
        digits.to_owned()
    }
}

/// Excel's serial number of a date (days since 1899-12-30).
fn excel_serial(date: NaiveDate) -> i64 {
    (date - NaiveDate::from_ymd_opt(1899, 12, 30).unwrap_or_default()).num_days()
}

/// A VIN of the sample dealer-system customers (17 characters, no I, O or Q).
fn sample_vin(n: usize) -> String {
    format!("5FNRL6H7{:09}", 100_000 + n)
}

const NEW_CUSTOMERS: [(&str, &str, &str, &str); 12] = [
    ("Ada", "Okafor", "Honda", "Accord"),
    ("Lena", "Berg", "Honda", "CR-V"),
    ("Tomás", "Moreno", "Toyota", "Camry"),
    ("Grace", "Kim", "Toyota", "RAV4"),
    ("Omar", "Haddad", "Ford", "F-150"),
    ("Mei", "Chen", "Subaru", "Outback"),
    ("Ivan", "Novak", "Mazda", "CX-5"),
    ("Zoë", "Müller", "Nissan", "Rogue"),
    ("Sam", "Patel", "Honda", "Pilot"),
    ("Ana", "Peña", "Toyota", "Highlander"),
    ("Luc", "Dubois", "Ford", "Escape"),
    ("Kofi", "Mensah", "Chevrolet", "Equinox"),
];

/// Writes the sample files into `dir` from the world in `db` (its first store's vehicles),
/// dated around `today`.
pub async fn write_sample_files(
    db: &Database,
    dir: &Path,
    today: NaiveDate,
) -> Result<Vec<SampleFile>> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let store: (i64,) = db
        .fetch_optional(
            &Query::select()
                .column(Stores::Id)
                .from(Stores::Table)
                .order_by(Stores::Id, Order::Asc)
                .limit(1)
                .to_owned(),
        )
        .await?
        .ok_or_else(|| Error::invalid("the database has no store: generate a world first"))?;
    let owned: Vec<Owned> = db
        .fetch_all(
            &Query::select()
                .column((Vehicles::Table, Vehicles::Vin))
                .column((Vehicles::Table, Vehicles::Make))
                .column((Vehicles::Table, Vehicles::Model))
                .column((Vehicles::Table, Vehicles::Year))
                .column((Customers::Table, Customers::Custno))
                .column((Customers::Table, Customers::FirstName))
                .column((Customers::Table, Customers::LastName))
                .column((Customers::Table, Customers::Cellular))
                .from(Vehicles::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Vehicles::Table, Vehicles::CustomerId)),
                )
                .and_where(Expr::col((Vehicles::Table, Vehicles::StoreId)).eq(store.0))
                .order_by((Vehicles::Table, Vehicles::Id), Order::Asc)
                .limit(60)
                .to_owned(),
        )
        .await?;
    if owned.len() < 40 {
        return Err(Error::invalid(
            "the world's first store has fewer than 40 vehicles",
        ));
    }
    let mut written = Vec::new();
    let mut add = |name, file_type, rows, path| {
        written.push(SampleFile {
            name,
            file_type,
            rows,
            path,
        })
    };
    let date = |days: i64| {
        (today + Duration::days(days))
            .format("%Y-%m-%d")
            .to_string()
    };

    // Recall: 20 of the world's vehicles, and two rows a reviewer must fix.
    let mut recall: Vec<Vec<String>> = owned[..20]
        .iter()
        .enumerate()
        .map(|(i, v)| {
            vec![
                v.vin.clone(),
                if i % 2 == 0 { "24V-512" } else { "25V-031" }.to_owned(),
                if i % 2 == 0 {
                    "Fuel pump may fail"
                } else {
                    "Rear-view camera image may not display"
                }
                .to_owned(),
                v.custno.clone().unwrap_or_default(),
                v.first_name.clone(),
                v.last_name.clone(),
                typed_phone(v.cellular.as_deref()),
                v.make.clone(),
                v.model.clone(),
                v.year.to_string(),
                date(-3),
            ]
        })
        .collect();
    recall.push(vec![
        "NOT-A-VIN".into(),
        "24V-512".into(),
        "Fuel pump may fail".into(),
        String::new(),
        "Pat".into(),
        "Doe".into(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        date(-3),
    ]);
    recall.push(vec![
        owned[20].vin.clone(),
        String::new(),
        "Campaign code left out".into(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        date(-3),
    ]);
    let header = [
        "VIN",
        "Campaign",
        "Description",
        "Customer Number",
        "First Name",
        "Last Name",
        "Cell Phone",
        "Make",
        "Model",
        "Year",
        "Notice Date",
    ];
    let path = write_csv(dir, "recall-campaign.csv", &header, &recall)?;
    add("recall-campaign.csv", "RECALL", recall.len(), path);

    // Prepaid maintenance, a workbook with date cells.
    let path = dir.join("prepaid-maintenance.xlsx");
    let prepaid = &owned[20..35];
    write_prepaid(&path, prepaid, today)?;
    add(
        "prepaid-maintenance.xlsx",
        "PREPAID_MAINTENANCE",
        prepaid.len(),
        path,
    );

    // FEA alerts.
    let alerts: Vec<Vec<String>> = owned[35..owned.len().min(45)]
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let (code, text) = [
                ("P0420", "Catalyst efficiency below threshold"),
                ("C1241", "Low battery voltage"),
                ("B1650", "Occupant classification system fault"),
                ("MAINT", "Maintenance required soon"),
            ][i % 4];
            vec![
                v.vin.clone(),
                code.into(),
                date(-(i as i64) - 1),
                text.into(),
                (12_000 + 3_517 * i).to_string(),
                v.make.clone(),
                v.model.clone(),
                v.year.to_string(),
                v.first_name.clone(),
                v.last_name.clone(),
                typed_phone(v.cellular.as_deref()),
            ]
        })
        .collect();
    let header = [
        "VIN",
        "DTC",
        "Date",
        "Description",
        "Mileage",
        "Make",
        "Model",
        "Year",
        "First Name",
        "Last Name",
        "Cell Phone",
    ];
    let path = write_csv(dir, "fea-alerts.csv", &header, &alerts)?;
    add("fea-alerts.csv", "FEA_ALERT", alerts.len(), path);

    // The dealer system's exports: new advisors and customers, then what names them.
    let advisors: Vec<Vec<String>> = [("801", "Rosa", "Alvarez"), ("802", "Ben", "Carter")]
        .iter()
        .map(|(n, f, l)| vec![(*n).into(), (*f).into(), (*l).into()])
        .collect();
    let path = write_csv(
        dir,
        "dms-advisors.csv",
        &["Advisor #", "First Name", "Last Name"],
        &advisors,
    )?;
    add("dms-advisors.csv", "DMS_ADVISORS", advisors.len(), path);

    let customers: Vec<Vec<String>> = NEW_CUSTOMERS
        .iter()
        .enumerate()
        .map(|(i, (first, last, make, model))| {
            vec![
                format!("DMS-{:04}", 100 + i),
                (*last).into(),
                (*first).into(),
                format!("(555) 620-{:04}", 1000 + i),
                format!("{}.{}@example.com", first.to_lowercase(), i),
                sample_vin(i),
                (*make).into(),
                (*model).into(),
                (2016 + i % 9).to_string(),
                (18_000 + 4_211 * i).to_string(),
                date(-120 - 9 * i as i64),
            ]
        })
        .collect();
    let header = [
        "Cust #",
        "Last Name",
        "First Name",
        "Cell Phone",
        "Email",
        "VIN",
        "Make",
        "Model",
        "Year",
        "Odometer",
        "Last Service Date",
    ];
    let path = write_csv(dir, "dms-customer-vehicles.csv", &header, &customers)?;
    add(
        "dms-customer-vehicles.csv",
        "DMS_CUSTOMER_VEHICLES",
        customers.len(),
        path,
    );

    let sales: Vec<Vec<String>> = (0..4)
        .map(|i| {
            vec![
                format!("D-{}", 52_000 + i),
                if i % 2 == 0 { "NEW" } else { "USED" }.into(),
                date(-40 - 15 * i as i64),
                format!("{}.00", 24_990 + 3_100 * i),
                format!("DMS-{:04}", 100 + i),
                sample_vin(i),
            ]
        })
        .collect();
    let path = write_csv(
        dir,
        "dms-sales.csv",
        &[
            "Deal #",
            "Deal Type",
            "Sold Date",
            "Sale Price",
            "Cust #",
            "VIN",
        ],
        &sales,
    )?;
    add("dms-sales.csv", "DMS_SALES", sales.len(), path);

    let lines = [
        ("LOF", "Lube oil and filter", "59.95"),
        ("TIRES", "Tire rotation", "29.95"),
        ("20K", "20K scheduled maintenance", "349.00"),
        ("CEI", "Check engine light diagnosis", "149.00"),
    ];
    let mut repair_orders = Vec::new();
    for i in 0..6 {
        let closed = i < 4;
        for (code, text, amount) in &lines[..1 + i % 3] {
            repair_orders.push(vec![
                format!("RO-{}", 71_000 + i),
                date(-(i as i64) - 1),
                if closed {
                    date(-(i as i64))
                } else {
                    String::new()
                },
                format!("DMS-{:04}", 100 + i),
                sample_vin(i),
                advisors[i % 2][0].clone(),
                (*code).into(),
                (*text).into(),
                (*amount).into(),
            ]);
        }
    }
    let path = write_csv(
        dir,
        "dms-repair-orders.csv",
        &[
            "RO #",
            "Open Date",
            "Close Date",
            "Cust #",
            "VIN",
            "Advisor #",
            "Op Code",
            "Description",
            "Line Amount",
        ],
        &repair_orders,
    )?;
    add(
        "dms-repair-orders.csv",
        "DMS_REPAIR_ORDERS",
        repair_orders.len(),
        path,
    );

    let appointments: Vec<Vec<String>> = (6..10)
        .map(|i| {
            vec![
                format!("AP-{}", 9_300 + i),
                date(2 + i as i64),
                format!("{:02}:{:02}", 8 + i % 5, (i % 4) * 15),
                format!("DMS-{:04}", 100 + i),
                sample_vin(i),
                advisors[i % 2][0].clone(),
                "LOF".into(),
                ["WAITER", "DROP_OFF", "LOANER", "SHUTTLE"][i % 4].into(),
            ]
        })
        .collect();
    let path = write_csv(
        dir,
        "dms-appointments.csv",
        &[
            "Appointment #",
            "Appointment Date",
            "Appointment Time",
            "Cust #",
            "VIN",
            "Advisor #",
            "Op Code",
            "Transport",
        ],
        &appointments,
    )?;
    add(
        "dms-appointments.csv",
        "DMS_APPOINTMENTS",
        appointments.len(),
        path,
    );

    let (path, rows) = write_messy(dir, today)?;
    add(
        "messy-customer-vehicles.csv",
        "DMS_CUSTOMER_VEHICLES",
        rows,
        path,
    );
    Ok(written)
}

fn write_prepaid(path: &Path, owned: &[Owned], today: NaiveDate) -> Result<()> {
    let failed =
        |e: rust_xlsxwriter::XlsxError| Error::Internal(format!("writing {}: {e}", path.display()));
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let dates = rust_xlsxwriter::Format::new().set_num_format("mm/dd/yyyy");
    let sheet = workbook.add_worksheet();
    let header = [
        "Contract",
        "VIN",
        "Plan",
        "eventDate",
        "Expiration",
        "Visits",
        "Redeemed",
        "Customer Number",
        "First Name",
        "Last Name",
        "Cell Phone",
    ];
    for (column, name) in header.iter().enumerate() {
        sheet
            .write_string(0, column as u16, *name)
            .map_err(failed)?;
    }
    for (i, v) in owned.iter().enumerate() {
        let row = (i + 1) as u32;
        let sold = today - Duration::days(90 + 30 * i as i64);
        let expires = sold + Duration::days(3 * 365);
        let as_date = |d: NaiveDate| {
            rust_xlsxwriter::ExcelDateTime::from_ymd(
                d.format("%Y").to_string().parse().unwrap_or(2026),
                d.format("%m").to_string().parse().unwrap_or(1),
                d.format("%d").to_string().parse().unwrap_or(1),
            )
        };
        sheet
            .write_string(row, 0, format!("PPM-{}", 40_100 + i))
            .map_err(failed)?;
        sheet.write_string(row, 1, &v.vin).map_err(failed)?;
        sheet
            .write_string(row, 2, ["Gold 3-year", "Silver 2-year", "Oil care"][i % 3])
            .map_err(failed)?;
        sheet
            .write_datetime_with_format(row, 3, &as_date(sold).map_err(failed)?, &dates)
            .map_err(failed)?;
        sheet
            .write_datetime_with_format(row, 4, &as_date(expires).map_err(failed)?, &dates)
            .map_err(failed)?;
        sheet.write_number(row, 5, 6.0).map_err(failed)?;
        // The last contract is used up: not eligible for a lead.
        let used = if i + 1 == owned.len() { 6 } else { i % 4 };
        sheet.write_number(row, 6, used as f64).map_err(failed)?;
        sheet
            .write_string(row, 7, v.custno.clone().unwrap_or_default())
            .map_err(failed)?;
        sheet.write_string(row, 8, &v.first_name).map_err(failed)?;
        sheet.write_string(row, 9, &v.last_name).map_err(failed)?;
        sheet
            .write_string(row, 10, typed_phone(v.cellular.as_deref()))
            .map_err(failed)?;
    }
    workbook.save(path).map_err(failed)
}

/// A customer-vehicle export as an old dealer system writes it: Windows-1252, semicolons,
/// the last service date as Excel serial numbers, an address with a line break, a blank line,
/// and four bad rows (a bad VIN, no last name, a year out of range, a phone too short).
fn write_messy(dir: &Path, today: NaiveDate) -> Result<(PathBuf, usize)> {
    let path = dir.join("messy-customer-vehicles.csv");
    let serial = |days: i64| excel_serial(today - Duration::days(days)).to_string();
    let mut rows: Vec<Vec<String>> = NEW_CUSTOMERS[..8]
        .iter()
        .enumerate()
        .map(|(i, (first, last, make, model))| {
            vec![
                format!("MSY-{:03}", i + 1),
                format!("{last}, {first}"),
                (*last).into(),
                (*first).into(),
                format!("555.630.{:04}", 2000 + i),
                sample_vin(50 + i),
                (*make).into(),
                (*model).into(),
                (2015 + i).to_string(),
                format!("{}", 20_000 + 7_919 * i),
                serial(60 + 11 * i as i64),
                if i == 2 {
                    "12 Rue de l'Église\nApt 4".into()
                } else {
                    format!("{} Main St", 100 + i)
                },
            ]
        })
        .collect();
    let bad = [
        (
            "MSY-090",
            "Ruiz",
            "Inés",
            "555.630.2090",
            "1HGCM82633A00O0",
            "2019",
        ),
        (
            "MSY-091",
            "",
            "Jo",
            "555.630.2091",
            &*sample_vin(91),
            "2020",
        ),
        (
            "MSY-092",
            "Fox",
            "Al",
            "555.630.2092",
            &*sample_vin(92),
            "1850",
        ),
        ("MSY-093", "Lee", "Ben", "12", &*sample_vin(93), "2021"),
    ];
    for (number, last, first, phone, vin, year) in bad {
        rows.push(vec![
            number.into(),
            format!("{last}, {first}"),
            last.into(),
            first.into(),
            phone.into(),
            vin.into(),
            "Honda".into(),
            "Civic".into(),
            year.into(),
            "41000".into(),
            serial(30),
            "1 Elm St".into(),
        ]);
    }
    let header = [
        "CUSTNO",
        "Name",
        "Last",
        "First",
        "Phone",
        "Serial Number",
        "Make",
        "Model",
        "Yr",
        "Miles",
        "Last RO Date",
        "Address",
    ];
    let mut text = csv_line(
        &header.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>(),
        ';',
    );
    text.push_str("\r\n");
    for (i, row) in rows.iter().enumerate() {
        text.push_str(&csv_line(row, ';'));
        text.push_str("\r\n");
        if i == 4 {
            text.push_str(";;;;;;;;;;;\r\n");
        }
    }
    // Windows-1252: the names' accented letters are one byte each (all in Latin-1's range).
    let bytes: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect();
    std::fs::write(&path, bytes).map_err(io(&path))?;
    Ok((path, rows.len()))
}
