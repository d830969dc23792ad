//! What each file type holds: its fields, their kinds, which are required, and the header
//! names dealer systems and vendors use for them. A header matches a field when, lower-cased
//! with `#` read as "no" and everything but letters and digits dropped, it equals the field's
//! key, label or one of its synonyms ("Cust #", "Customer Number" and "CUSTNO" all name the
//! customer number).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::FileType;
use domain::error::{Error, Result};

/// How a field's cells are read (see `values`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FieldKind {
    Text,
    Vin,
    Phone,
    Email,
    Date,
    Integer,
    Year,
    /// Money: `$1,249.50`, `(12.00)`.
    Amount,
    /// A time of day: `09:30`, `9:30 AM`.
    Time,
    /// Yes or no: Y/N, yes/no, true/false, 1/0.
    Flag,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// The field's name in mappings and records (camelCase, as the API spells fields).
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    pub required: bool,
    pub synonyms: &'static [&'static str],
}

const fn field(
    key: &'static str,
    label: &'static str,
    kind: FieldKind,
    required: bool,
    synonyms: &'static [&'static str],
) -> Field {
    Field {
        key,
        label,
        kind,
        required,
        synonyms,
    }
}

use FieldKind::*;

const VIN: Field = field(
    "vin",
    "VIN",
    Vin,
    true,
    &[
        "Vehicle VIN",
        "VIN Number",
        "VIN No",
        "Serial Number",
        "Vehicle ID Number",
    ],
);
const CUSTOMER_NUMBER: Field = field(
    "customerNumber",
    "Customer number",
    Text,
    false,
    &[
        "Cust #",
        "Cust No",
        "CUSTNO",
        "Customer #",
        "Customer No",
        "Customer ID",
        "Cust ID",
        "Customer Num",
        "Owner ID",
    ],
);
const FIRST_NAME: Field = field(
    "firstName",
    "First name",
    Text,
    false,
    &[
        "First",
        "FName",
        "Given Name",
        "Owner First Name",
        "Customer First Name",
    ],
);
const LAST_NAME: Field = field(
    "lastName",
    "Last name",
    Text,
    false,
    &[
        "Last",
        "LName",
        "Surname",
        "Family Name",
        "Owner Last Name",
        "Customer Last Name",
    ],
);
const PHONE: Field = field(
    "phone",
    "Mobile phone",
    Phone,
    false,
    &[
        "Cell",
        "Cell Phone",
        "Cellular",
        "Mobile",
        "Mobile Phone",
        "Phone",
        "Phone Number",
        "Cell #",
    ],
);
const EMAIL: Field = field(
    "email",
    "E-mail",
    Email,
    false,
    &[
        "E-mail",
        "Email Address",
        "E-mail Address",
        "Customer Email",
    ],
);
const MAKE: Field = field("make", "Make", Text, false, &["Vehicle Make", "Brand"]);
const MODEL: Field = field(
    "model",
    "Model",
    Text,
    false,
    &["Vehicle Model", "Model Name"],
);
const YEAR: Field = field(
    "year",
    "Model year",
    Year,
    false,
    &["Year", "Yr", "Vehicle Year", "MY"],
);

/// The dealer system's code of the store a row belongs to, when a file covers several stores
/// (see `engine::store::unmapped`). Optional everywhere: a file without it is the chosen
/// store's.
pub const STORE_CODE: Field = field(
    "storeCode",
    "Store code",
    Text,
    false,
    &[
        "Store",
        "Store #",
        "Store ID",
        "Store Number",
        "Dealer Code",
        "Dealer #",
        "Dealer ID",
        "Dealer Number",
        "DMS Store",
        "Location Code",
        "Branch Code",
    ],
);

const RECALL: &[Field] = &[
    VIN,
    field(
        "campaignCode",
        "Recall campaign",
        Text,
        true,
        &[
            "Campaign",
            "Campaign #",
            "Campaign Code",
            "Campaign Number",
            "Recall",
            "Recall #",
            "Recall Code",
            "Recall ID",
            "Recall Number",
            "NHTSA Campaign",
            "NHTSA #",
        ],
    ),
    field(
        "description",
        "Description",
        Text,
        false,
        &[
            "Recall Description",
            "Component",
            "Summary",
            "Campaign Description",
            "Defect",
        ],
    ),
    field(
        "eventDate",
        "Recall date",
        Date,
        false,
        &["Recall Date", "Campaign Date", "Launch Date", "Date"],
    ),
    CUSTOMER_NUMBER,
    FIRST_NAME,
    LAST_NAME,
    PHONE,
    EMAIL,
    MAKE,
    MODEL,
    YEAR,
    STORE_CODE,
];

const PREPAID_MAINTENANCE: &[Field] = &[
    field(
        "contractNumber",
        "Contract number",
        Text,
        true,
        &[
            "Contract #",
            "Contract No",
            "Contract",
            "Contract ID",
            "Agreement Number",
            "Agreement #",
            "Plan Number",
            "Policy Number",
        ],
    ),
    VIN,
    field(
        "planName",
        "Plan",
        Text,
        false,
        &[
            "Plan",
            "Plan Name",
            "Program",
            "Product",
            "Package",
            "Coverage",
        ],
    ),
    field(
        "eventDate",
        "Purchase date",
        Date,
        false,
        &[
            "Purchase Date",
            "Contract Date",
            "Sale Date",
            "Sold Date",
            "Start Date",
        ],
    ),
    field(
        "expiryDate",
        "Expiry date",
        Date,
        false,
        &[
            "Expiration Date",
            "Expiry",
            "Expires",
            "Expiration",
            "End Date",
        ],
    ),
    field(
        "visitsTotal",
        "Visits included",
        Integer,
        false,
        &[
            "Total Visits",
            "Visits",
            "Services Included",
            "Total Services",
            "Number of Services",
        ],
    ),
    field(
        "visitsUsed",
        "Visits used",
        Integer,
        false,
        &[
            "Used Visits",
            "Services Used",
            "Visits Redeemed",
            "Redeemed",
        ],
    ),
    CUSTOMER_NUMBER,
    FIRST_NAME,
    LAST_NAME,
    PHONE,
    EMAIL,
    MAKE,
    MODEL,
    YEAR,
    STORE_CODE,
];

const FEA_ALERT: &[Field] = &[
    VIN,
    field(
        "alertCode",
        "Alert code",
        Text,
        true,
        &[
            "DTC",
            "DTC Code",
            "Error Code",
            "Alert",
            "Fault Code",
            "Trouble Code",
            "Warning Code",
        ],
    ),
    field(
        "eventDate",
        "Alert date",
        Date,
        true,
        &[
            "Date",
            "Event Date",
            "Alert Date Time",
            "Occurred",
            "Detected",
            "Timestamp",
        ],
    ),
    field(
        "description",
        "Alert description",
        Text,
        false,
        &[
            "Description",
            "Message",
            "Alert Message",
            "Warning",
            "Alert Name",
        ],
    ),
    field(
        "mileage",
        "Mileage",
        Integer,
        false,
        &["Odometer", "Miles", "Odometer Reading", "Current Mileage"],
    ),
    CUSTOMER_NUMBER,
    FIRST_NAME,
    LAST_NAME,
    PHONE,
    EMAIL,
    MAKE,
    MODEL,
    YEAR,
    STORE_CODE,
];

const DMS_CUSTOMER_VEHICLES: &[Field] = &[
    field(
        "customerNumber",
        "Customer number",
        Text,
        true,
        CUSTOMER_NUMBER.synonyms,
    ),
    FIRST_NAME,
    field("lastName", "Last name", Text, true, LAST_NAME.synonyms),
    PHONE,
    EMAIL,
    field(
        "address",
        "Address",
        Text,
        false,
        &["Street", "Address 1", "Address Line 1", "Street Address"],
    ),
    field("city", "City", Text, false, &["Town"]),
    field(
        "state",
        "State",
        Text,
        false,
        &["ST", "Province", "State Code"],
    ),
    field(
        "zip",
        "ZIP code",
        Text,
        false,
        &["Zip", "Zip Code", "Postal Code", "Postcode"],
    ),
    VIN,
    field("make", "Make", Text, true, MAKE.synonyms),
    field("model", "Model", Text, true, MODEL.synonyms),
    field("year", "Model year", Year, true, YEAR.synonyms),
    field(
        "odometer",
        "Odometer",
        Integer,
        false,
        &["Mileage", "Miles", "Last Mileage", "Odometer Reading"],
    ),
    field(
        "inServiceDate",
        "In-service date",
        Date,
        false,
        &[
            "In Service Date",
            "Delivery Date",
            "Warranty Start Date",
            "First Sold Date",
        ],
    ),
    field(
        "lastServiceDate",
        "Last service date",
        Date,
        false,
        &[
            "Last Service",
            "Last RO Date",
            "Last Visit",
            "Last Service Date",
        ],
    ),
    STORE_CODE,
];

const ADVISOR_NUMBER: Field = field(
    "advisorNumber",
    "Advisor number",
    Text,
    false,
    &[
        "Advisor #",
        "Advisor No",
        "Advisor ID",
        "Advisor",
        "SA #",
        "SA No",
        "SA Number",
        "Service Advisor",
        "Service Advisor #",
        "Service Advisor ID",
        "Employee #",
        "Employee Number",
    ],
);
/// The vehicle a dealer-system record is about, when it names one.
const VEHICLE_VIN: Field = field("vin", "VIN", Vin, false, VIN.synonyms);

const DMS_ADVISORS: &[Field] = &[
    field(
        "advisorNumber",
        "Advisor number",
        Text,
        true,
        ADVISOR_NUMBER.synonyms,
    ),
    field("firstName", "First name", Text, true, FIRST_NAME.synonyms),
    field("lastName", "Last name", Text, true, LAST_NAME.synonyms),
    STORE_CODE,
];

const DMS_SALES: &[Field] = &[
    field(
        "dealNumber",
        "Deal number",
        Text,
        true,
        &[
            "Deal #",
            "Deal No",
            "Deal",
            "Deal ID",
            "Deal Num",
            "Contract #",
        ],
    ),
    field(
        "dealType",
        "Deal type",
        Text,
        true,
        &[
            "Deal Type",
            "Sale Type",
            "New/Used",
            "NU",
            "N/U",
            "Type",
            "Vehicle Type",
        ],
    ),
    field(
        "soldDate",
        "Sold date",
        Date,
        true,
        &[
            "Sold Date",
            "Sale Date",
            "Date Sold",
            "Deal Date",
            "Contract Date",
        ],
    ),
    field(
        "salePrice",
        "Sale price",
        Amount,
        false,
        &[
            "Sale Price",
            "Price",
            "Selling Price",
            "Cash Price",
            "Amount",
        ],
    ),
    field(
        "customerNumber",
        "Customer number",
        Text,
        true,
        CUSTOMER_NUMBER.synonyms,
    ),
    VIN,
    STORE_CODE,
];

const DMS_REPAIR_ORDERS: &[Field] = &[
    field(
        "roNumber",
        "RO number",
        Text,
        true,
        &[
            "RO",
            "RO #",
            "RO No",
            "RO Number",
            "Repair Order",
            "Repair Order #",
            "Repair Order Number",
            "Invoice #",
        ],
    ),
    field(
        "openDate",
        "Open date",
        Date,
        true,
        &["Open Date", "RO Date", "Date In", "Opened", "Open"],
    ),
    field(
        "closedDate",
        "Close date",
        Date,
        false,
        &[
            "Close Date",
            "Closed Date",
            "Closed",
            "Date Closed",
            "Invoice Date",
            "Date Out",
        ],
    ),
    field(
        "status",
        "Status",
        Text,
        false,
        &["RO Status", "Status Code"],
    ),
    CUSTOMER_NUMBER,
    VEHICLE_VIN,
    ADVISOR_NUMBER,
    field(
        "mileageIn",
        "Mileage in",
        Integer,
        false,
        &[
            "Mileage In",
            "Miles In",
            "Odometer In",
            "Mileage",
            "Odometer",
        ],
    ),
    field(
        "mileageOut",
        "Mileage out",
        Integer,
        false,
        &["Mileage Out", "Miles Out", "Odometer Out"],
    ),
    field(
        "totalAmount",
        "RO total",
        Amount,
        false,
        &[
            "Total",
            "RO Total",
            "Total Amount",
            "Invoice Total",
            "Total Sale",
        ],
    ),
    field(
        "lineCode",
        "Line",
        Text,
        false,
        &["Line #", "Line No", "Line Code", "Job", "Job #", "Job No"],
    ),
    field(
        "opCode",
        "Op code",
        Text,
        false,
        &[
            "Op Code",
            "Opcode",
            "Operation",
            "Operation Code",
            "Labor Op",
            "Labor Operation",
            "Op",
        ],
    ),
    field(
        "lineDescription",
        "Line description",
        Text,
        false,
        &[
            "Description",
            "Op Description",
            "Operation Description",
            "Job Description",
            "Complaint",
        ],
    ),
    field(
        "lineAmount",
        "Line amount",
        Amount,
        false,
        &["Line Total", "Labor Amount", "Line Sale", "Sale Amount"],
    ),
    field(
        "declined",
        "Declined",
        Flag,
        false,
        &["Declined Y/N", "Declined?", "Declined Work"],
    ),
    STORE_CODE,
];

const DMS_APPOINTMENTS: &[Field] = &[
    field(
        "appointmentId",
        "Appointment number",
        Text,
        true,
        &[
            "Appt #",
            "Appt ID",
            "Appt No",
            "Appointment #",
            "Appointment ID",
            "Appointment No",
        ],
    ),
    field(
        "appointmentDate",
        "Appointment date",
        Date,
        true,
        &["Appt Date", "Date", "Scheduled Date", "Service Date"],
    ),
    field(
        "appointmentTime",
        "Appointment time",
        Time,
        false,
        &["Appt Time", "Time", "Scheduled Time", "Start Time"],
    ),
    field(
        "status",
        "Status",
        Text,
        false,
        &["Appt Status", "Appointment Status"],
    ),
    CUSTOMER_NUMBER,
    VEHICLE_VIN,
    ADVISOR_NUMBER,
    field(
        "opCode",
        "Op code",
        Text,
        false,
        &["Op Code", "Opcode", "Service", "Service Code", "Operation"],
    ),
    field(
        "transportType",
        "Transport",
        Text,
        false,
        &["Transportation", "Transport Type", "Waiter/Drop"],
    ),
    field(
        "notes",
        "Notes",
        Text,
        false,
        &["Comments", "Remarks", "Customer Comments", "Concern"],
    ),
    STORE_CODE,
];

/// The fields of a file type, in the order the mapping step shows them.
pub fn fields_of(file_type: FileType) -> &'static [Field] {
    match file_type {
        FileType::Recall => RECALL,
        FileType::PrepaidMaintenance => PREPAID_MAINTENANCE,
        FileType::FeaAlert => FEA_ALERT,
        FileType::DmsCustomerVehicles => DMS_CUSTOMER_VEHICLES,
        FileType::DmsAdvisors => DMS_ADVISORS,
        FileType::DmsSales => DMS_SALES,
        FileType::DmsRepairOrders => DMS_REPAIR_ORDERS,
        FileType::DmsAppointments => DMS_APPOINTMENTS,
    }
}

/// A header as matching compares it: lower-case letters and digits, `#` read as "no".
pub fn normalize_header(header: &str) -> String {
    header
        .replace('#', "no")
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn names_of(field: &Field) -> impl Iterator<Item = String> + '_ {
    [field.key, field.label]
        .into_iter()
        .chain(field.synonyms.iter().copied())
        .map(normalize_header)
}

/// Which column each field reads: field key → column index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColumnMapping {
    pub columns: BTreeMap<&'static str, usize>,
}

impl ColumnMapping {
    pub fn column_of(&self, key: &str) -> Option<usize> {
        self.columns.get(key).copied()
    }

    /// The mapping as field key → header name, as reports and data sources keep it.
    pub fn by_header(&self, headers: &[String]) -> BTreeMap<String, String> {
        self.columns
            .iter()
            .filter_map(|(key, &column)| Some(((*key).to_owned(), headers.get(column)?.clone())))
            .collect()
    }
}

/// Suggests a column for each field: a header naming it (key, label or synonym); a header is
/// used once, by the first field (in catalog order) that names it. `saved` (field → header,
/// a data source's mapping) wins where its header is in the file.
pub fn suggest(
    file_type: FileType,
    headers: &[String],
    saved: Option<&BTreeMap<String, String>>,
) -> ColumnMapping {
    let normalized: Vec<String> = headers.iter().map(|h| normalize_header(h)).collect();
    let mut mapping = ColumnMapping::default();
    let mut used = vec![false; headers.len()];
    let fields = fields_of(file_type);
    if let Some(saved) = saved {
        for field in fields {
            let Some(header) = saved.get(field.key) else {
                continue;
            };
            let wanted = normalize_header(header);
            if let Some(column) = (0..headers.len()).find(|&c| !used[c] && normalized[c] == wanted)
            {
                used[column] = true;
                mapping.columns.insert(field.key, column);
            }
        }
    }
    // Exact key or label first, so "Phone" goes to the phone field before a synonym elsewhere
    // claims it; then synonyms.
    for pass in 0..2 {
        for field in fields {
            if mapping.columns.contains_key(field.key) {
                continue;
            }
            let names: Vec<String> = if pass == 0 {
                vec![normalize_header(field.key), normalize_header(field.label)]
            } else {
                names_of(field).collect()
            };
            if let Some(column) =
                (0..headers.len()).find(|&c| !used[c] && names.contains(&normalized[c]))
            {
                used[column] = true;
                mapping.columns.insert(field.key, column);
            }
        }
    }
    mapping
}

/// A mapping to save for a data source (field key → header): every key a field of the file
/// type, every header at most 200 characters and used by one field. Empty headers are left
/// out (the field is matched by name again).
pub fn check_saved(
    file_type: FileType,
    mapping: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>> {
    let fields = fields_of(file_type);
    let mut problems = Vec::new();
    let mut checked = BTreeMap::new();
    let mut headers: BTreeMap<String, &str> = BTreeMap::new();
    for (key, header) in mapping {
        let header = header.trim();
        if !fields.iter().any(|f| f.key == key) {
            problems.push(format!("{key} is not a field of a {file_type} file"));
        } else if header.chars().count() > 200 {
            problems.push(format!(
                "The column name for {key} is longer than 200 characters"
            ));
        } else if !header.is_empty() {
            if let Some(other) = headers.insert(normalize_header(header), key) {
                problems.push(format!(
                    "Column {header:?} is mapped to both {other} and {key}"
                ));
            }
            checked.insert(key.clone(), header.to_owned());
        }
    }
    if problems.is_empty() {
        Ok(checked)
    } else {
        Err(Error::invalid_all(problems))
    }
}

/// The mapping a load uses: `chosen` (field key → header name, as the mapping step confirmed
/// it) when given, else the suggestion. Every problem is listed: an unknown field, a header
/// the file does not have, two fields on one column, a required field with no column.
pub fn resolve(
    file_type: FileType,
    headers: &[String],
    chosen: Option<&BTreeMap<String, String>>,
    saved: Option<&BTreeMap<String, String>>,
) -> Result<ColumnMapping> {
    let fields = fields_of(file_type);
    let mut problems = Vec::new();
    let mapping = match chosen {
        None => suggest(file_type, headers, saved),
        Some(chosen) => {
            let mut mapping = ColumnMapping::default();
            let mut used: BTreeMap<usize, &str> = BTreeMap::new();
            for (key, header) in chosen {
                let Some(field) = fields.iter().find(|f| f.key == key) else {
                    problems.push(format!("{key} is not a field of a {file_type} file"));
                    continue;
                };
                if header.trim().is_empty() {
                    continue;
                }
                let Some(column) = headers.iter().position(|h| h.trim() == header.trim()) else {
                    problems.push(format!("The file has no column {header:?} (for {key})"));
                    continue;
                };
                if let Some(other) = used.insert(column, field.key) {
                    problems.push(format!(
                        "Column {header:?} is mapped to both {other} and {key}"
                    ));
                    continue;
                }
                mapping.columns.insert(field.key, column);
            }
            mapping
        }
    };
    for field in fields.iter().filter(|f| f.required) {
        if !mapping.columns.contains_key(field.key) {
            problems.push(format!(
                "The file has no column for the required field {} ({})",
                field.key, field.label
            ));
        }
    }
    if problems.is_empty() {
        Ok(mapping)
    } else {
        Err(Error::invalid_all(problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn headers_match_by_name_and_synonym() {
        let file = headers(&[
            "Cust #",
            "LName",
            "FIRST NAME",
            "Cell Phone",
            "VIN Number",
            "Make",
            "Model",
            "Yr",
        ]);
        let mapping = suggest(FileType::DmsCustomerVehicles, &file, None);
        assert_eq!(mapping.column_of("customerNumber"), Some(0));
        assert_eq!(mapping.column_of("lastName"), Some(1));
        assert_eq!(mapping.column_of("firstName"), Some(2));
        assert_eq!(mapping.column_of("phone"), Some(3));
        assert_eq!(mapping.column_of("vin"), Some(4));
        assert_eq!(mapping.column_of("year"), Some(7));
        for same in ["Customer Number", "CUSTNO", "cust_no", "Customer No."] {
            let mapping = suggest(FileType::DmsCustomerVehicles, &headers(&[same]), None);
            assert_eq!(mapping.column_of("customerNumber"), Some(0), "{same}");
        }
    }

    #[test]
    fn a_saved_mapping_wins_and_a_chosen_one_is_checked() {
        let file = headers(&["Owner", "Serial", "Code", "When"]);
        let saved: BTreeMap<String, String> = [("vin", "Serial"), ("campaignCode", "Code")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        let mapping = resolve(FileType::Recall, &file, None, Some(&saved)).unwrap();
        assert_eq!(mapping.column_of("vin"), Some(1));
        assert_eq!(mapping.column_of("campaignCode"), Some(2));

        let Err(Error::Validation { errors, .. }) = resolve(FileType::Recall, &file, None, None)
        else {
            panic!("no VIN column")
        };
        assert!(errors[0].contains("vin"), "{errors:?}");

        let chosen: BTreeMap<String, String> = [
            ("vin", "Serial"),
            ("campaignCode", "Serial"),
            ("colour", "Owner"),
            ("make", "Nope"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let Err(Error::Validation { errors, .. }) =
            resolve(FileType::Recall, &file, Some(&chosen), None)
        else {
            panic!("bad choices")
        };
        // The doubled column, the unknown field, the missing header, and campaignCode unmapped.
        assert_eq!(errors.len(), 4, "{errors:?}");
    }
}
