//! Reading data files: recall, prepaid-maintenance and FEA files, and dealer-system (DMS)
//! exports, read row by row from CSV or a workbook, mapped to fields by their headers and
//! checked cell by cell. The file layouts are ours (the spec gives none): docs/imports.md lists
//! each file type's fields and the header names it knows. Pure of storage: the engine's
//! `imports` loads what this crate reads (the `imports.file` job) and re-exports it.

pub mod child_reader;
pub mod fields;
pub mod reader;
pub mod sources;
pub mod spool;
pub mod values;
mod xlsx;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use fields::{ColumnMapping, Field, FieldKind, fields_of};
pub use reader::{FileFormat, FileInfo, SourceRow, TextEncoding};
pub use values::Value;

use domain::JobInput;
use domain::error::{Error, Result};
use domain::roles::{MANAGER_ROLES, Role, closed_set};

/// Who uploads and reviews data files: the roles that run a store's bulk work.
pub const IMPORT_ROLES: &[Role] = MANAGER_ROLES;

/// The largest import file taken, whatever its format.
pub const MAX_IMPORT_BYTES: usize = 100 * 1024 * 1024;

/// Rows loaded per transaction (and per checkpoint).
pub const BATCH_ROWS: usize = 1_000;

closed_set! {
    /// What a file holds: the spec's three (`file_type`) and our dealer-system exports.
    FileType {
        PrepaidMaintenance => "PREPAID_MAINTENANCE",
        Recall => "RECALL",
        FeaAlert => "FEA_ALERT",
        DmsCustomerVehicles => "DMS_CUSTOMER_VEHICLES",
        DmsAdvisors => "DMS_ADVISORS",
        DmsSales => "DMS_SALES",
        DmsRepairOrders => "DMS_REPAIR_ORDERS",
        DmsAppointments => "DMS_APPOINTMENTS",
    }
}

impl FileType {
    /// The tables a file of this type fills.
    pub fn tables(self) -> &'static [&'static str] {
        match self {
            Self::PrepaidMaintenance | Self::Recall | Self::FeaAlert => &["imported_leads"],
            Self::DmsCustomerVehicles => &["customers", "service_vehicles"],
            Self::DmsAdvisors => &["advisors"],
            Self::DmsSales => &["sales"],
            Self::DmsRepairOrders => &["repair_orders", "repair_order_lines"],
            Self::DmsAppointments => &["service_appointments"],
        }
    }

    /// Files whose rows become imported leads (the list of customer-vehicle leads), matched
    /// and turned into leads by enrichment.
    pub fn makes_leads(self) -> bool {
        matches!(
            self,
            Self::PrepaidMaintenance | Self::Recall | Self::FeaAlert
        )
    }
}

closed_set! {
    /// Kinds of recall a recall file carries (`recall_type`; `recalltype/fetch/all`).
    RecallType {
        Safety => "SAFETY",
        Emissions => "EMISSIONS",
        ServiceCampaign => "SERVICE_CAMPAIGN",
        WarrantyExtension => "WARRANTY_EXTENSION",
    }
}

impl RecallType {
    pub fn label(self) -> &'static str {
        match self {
            Self::Safety => "Safety recall",
            Self::Emissions => "Emissions recall",
            Self::ServiceCampaign => "Service campaign",
            Self::WarrantyExtension => "Warranty extension",
        }
    }
}

closed_set! {
    /// Where an uploaded file is.
    ImportStatus {
        Queued => "QUEUED",
        Running => "RUNNING",
        Completed => "COMPLETED",
        CompletedWithErrors => "COMPLETED_WITH_ERRORS",
        Failed => "FAILED",
        Cancelled => "CANCELLED",
    }
}

impl ImportStatus {
    pub fn is_final(self) -> bool {
        !matches!(self, Self::Queued | Self::Running)
    }
}

closed_set! {
    /// What enrichment made of an imported lead row:
    /// - PENDING: loaded; enrichment has not looked at it yet.
    /// - LEAD_CREATED: matched to a customer who can be texted; a lead was created.
    /// - LEAD_EXISTS: matched, and the vehicle (or customer) already has an open lead of this
    ///   campaign, which the row now points to.
    /// - NOT_MATCHED: no customer or vehicle has its VIN, customer number or phone.
    /// - NOT_TEXTABLE: matched, but the customer has no mobile number, opted out or is blocked.
    /// - NOT_ELIGIBLE: a prepaid contract with no visit left, or past its expiry.
    /// - ACCEPTED: a reviewer confirmed the row (its lead, if any, stays).
    /// - REJECTED: a reviewer turned the row down with a reason; its lead, if not yet
    ///   contacted, is archived.
    EnrichmentStatus {
        Pending => "PENDING",
        LeadCreated => "LEAD_CREATED",
        LeadExists => "LEAD_EXISTS",
        NotMatched => "NOT_MATCHED",
        NotTextable => "NOT_TEXTABLE",
        NotEligible => "NOT_ELIGIBLE",
        Accepted => "ACCEPTED",
        Rejected => "REJECTED",
    }
}

closed_set! {
    /// Why a reviewer rejected an imported row (`lead/prepaid/errorMessages`; the `reasonkey`
    /// of a rejection).
    ReasonKey {
        VehicleSold => "VEHICLE_SOLD",
        WrongCustomer => "WRONG_CUSTOMER",
        Duplicate => "DUPLICATE",
        AlreadyServiced => "ALREADY_SERVICED",
        InvalidPhone => "INVALID_PHONE",
        DoNotContact => "DO_NOT_CONTACT",
        ContractCancelled => "CONTRACT_CANCELLED",
        Other => "OTHER",
    }
}

impl ReasonKey {
    pub fn message(self) -> &'static str {
        match self {
            Self::VehicleSold => "The customer no longer owns the vehicle",
            Self::WrongCustomer => "The row matched the wrong customer",
            Self::Duplicate => "The row repeats another row or lead",
            Self::AlreadyServiced => "The work was already done",
            Self::InvalidPhone => "The phone number is not the customer's mobile",
            Self::DoNotContact => "The customer must not be contacted",
            Self::ContractCancelled => "The prepaid contract was cancelled",
            Self::Other => "Another reason",
        }
    }
}

closed_set! {
    /// A reviewer's decision on an imported row (the `statusType` of a status update).
    ReviewDecision {
        Accepted => "ACCEPTED",
        Rejected => "REJECTED",
    }
}

impl ReviewDecision {
    pub fn status(self) -> EnrichmentStatus {
        match self {
            Self::Accepted => EnrichmentStatus::Accepted,
            Self::Rejected => EnrichmentStatus::Rejected,
        }
    }
}

closed_set! {
    /// The lead a row of each file becomes (its service type and campaign).
    CampaignType {
        Recall => "RECALL",
        PrepaidMaintenance => "PREPAID_MAINTENANCE",
        ToyotaErrorAlert => "TOYOTA_ERROR_ALERT",
        LexusErrorAlert => "LEXUS_ERROR_ALERT",
    }
}

impl CampaignType {
    /// The campaign of a row of `file_type` for a vehicle of `make`.
    pub fn of(file_type: FileType, make: Option<&str>) -> Option<Self> {
        match file_type {
            FileType::Recall => Some(Self::Recall),
            FileType::PrepaidMaintenance => Some(Self::PrepaidMaintenance),
            FileType::FeaAlert if make.is_some_and(|m| m.trim().eq_ignore_ascii_case("lexus")) => {
                Some(Self::LexusErrorAlert)
            }
            FileType::FeaAlert => Some(Self::ToyotaErrorAlert),
            FileType::DmsCustomerVehicles
            | FileType::DmsAdvisors
            | FileType::DmsSales
            | FileType::DmsRepairOrders
            | FileType::DmsAppointments => None,
        }
    }

    /// The planner name leads of this campaign carry.
    pub fn lead_source(self) -> &'static str {
        match self {
            Self::Recall => "Recall file",
            Self::PrepaidMaintenance => "Prepaid maintenance file",
            Self::ToyotaErrorAlert | Self::LexusErrorAlert => "Error alert file",
        }
    }
}

/// `imports.file`'s input: the uploaded file's report, and its store (the run's scope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FileImportInput {
    pub report_id: i64,
    pub store_id: i64,
}

impl JobInput for FileImportInput {
    const KIND: &'static str = domain::JobKindName::ImportFile.as_str();

    fn check(&self) -> Result<()> {
        if self.report_id > 0 && self.store_id > 0 {
            Ok(())
        } else {
            Err(Error::invalid(
                "reportId and storeId must be positive numbers",
            ))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        vec![self.store_id]
    }
}

/// `imports.enrich`'s input: which imported rows to match again (those not matched, not
/// textable or pending; customers and vehicles may have arrived since): the stores', of the
/// file types, of one file when `reportId` is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EnrichmentInput {
    pub store_ids: Vec<i64>,
    pub file_types: Vec<FileType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_id: Option<i64>,
}

impl JobInput for EnrichmentInput {
    const KIND: &'static str = domain::JobKindName::ImportEnrich.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if self.store_ids.is_empty() || self.store_ids.len() > 1000 {
            problems.push("storeIds must name 1 to 1,000 stores".to_owned());
        }
        if self.store_ids.iter().any(|id| *id <= 0) {
            problems.push("storeIds must be positive numbers".to_owned());
        }
        if self.file_types.is_empty() || self.file_types.iter().any(|t| !t.makes_leads()) {
            problems
                .push("fileTypes must name RECALL, PREPAID_MAINTENANCE or FEA_ALERT".to_owned());
        }
        if self.report_id.is_some_and(|id| id <= 0) {
            problems.push("reportId must be a positive number".to_owned());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid_all(problems))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        self.store_ids.clone()
    }
}

/// A problem with one row: its line, the column (header) it is in, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowProblem {
    pub line: u64,
    pub column: Option<String>,
    pub message: String,
    /// An excerpt of the row's cells as read ([`row_excerpt`]), for the error file.
    #[serde(skip)]
    pub cells: Vec<String>,
}

/// The most of one cell a row problem keeps, and of all its cells together: enough to find
/// and fix the row, never a hostile file's payload once per problem.
pub const EXCERPT_CELL_CHARS: usize = 256;
pub const EXCERPT_ROW_CHARS: usize = 4_096;

/// A row's cells as a problem keeps them: each cut to [`EXCERPT_CELL_CHARS`], and cells past
/// [`EXCERPT_ROW_CHARS`] in all left empty; a cut cell ends with "…".
pub fn row_excerpt(cells: &[String]) -> Vec<String> {
    let mut left = EXCERPT_ROW_CHARS;
    cells
        .iter()
        .map(|cell| {
            let limit = EXCERPT_CELL_CHARS.min(left);
            let mut kept: String = cell.chars().take(limit).collect();
            if kept.len() < cell.len() && limit > 0 {
                kept.pop();
                kept.push('…');
            }
            left -= kept.chars().count().min(left);
            kept
        })
        .collect()
}

/// A data row read through the mapping: each mapped field's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub line: u64,
    values: BTreeMap<&'static str, Value>,
    /// The row's cells as read, for a problem found when it is written.
    pub cells: Vec<String>,
}

impl Record {
    pub fn text(&self, key: &str) -> Option<&str> {
        self.values.get(key).and_then(Value::as_text)
    }

    pub fn date(&self, key: &str) -> Option<NaiveDate> {
        match self.values.get(key) {
            Some(Value::Date(date)) => Some(*date),
            _ => None,
        }
    }

    pub fn integer(&self, key: &str) -> Option<i64> {
        match self.values.get(key) {
            Some(Value::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    /// An amount, in dollars.
    pub fn amount(&self, key: &str) -> Option<f64> {
        match self.values.get(key) {
            Some(Value::Cents(cents)) => Some(*cents as f64 / 100.0),
            _ => None,
        }
    }

    pub fn time(&self, key: &str) -> Option<chrono::NaiveTime> {
        match self.values.get(key) {
            Some(Value::Time(time)) => Some(*time),
            _ => None,
        }
    }

    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.values.get(key) {
            Some(Value::Flag(flag)) => Some(*flag),
            _ => None,
        }
    }

    /// A problem with this row found when it is written (a customer it names is not loaded).
    pub fn problem(&self, column: Option<String>, message: String) -> RowProblem {
        RowProblem {
            line: self.line,
            column,
            message,
            cells: row_excerpt(&self.cells),
        }
    }

    /// The record as kept while it waits for its store code to be mapped.
    pub fn to_stored(&self) -> String {
        let stored = StoredRecord {
            line: self.line,
            values: self
                .values
                .iter()
                .map(|(key, value)| ((*key).to_owned(), value.clone()))
                .collect(),
            cells: self.cells.clone(),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// A kept record read back: only the file type's own fields are taken.
    pub fn from_stored(file_type: FileType, stored: &str) -> Result<Record> {
        let stored: StoredRecord = serde_json::from_str(stored)
            .map_err(|e| Error::Internal(format!("a kept record: {e}")))?;
        let values = stored
            .values
            .into_iter()
            .filter_map(|(key, value)| {
                let field = fields_of(file_type).iter().find(|f| f.key == key)?;
                Some((field.key, value))
            })
            .collect();
        Ok(Record {
            line: stored.line,
            values,
            cells: stored.cells,
        })
    }

    /// The values in a fixed order, for a change digest.
    pub fn canonical_text(&self) -> String {
        self.values
            .iter()
            .map(|(key, value)| format!("{key}={value:?}"))
            .collect::<Vec<_>>()
            .join("\u{1f}")
    }
}

#[derive(Serialize, Deserialize)]
struct StoredRecord {
    line: u64,
    values: BTreeMap<String, Value>,
    cells: Vec<String>,
}

/// Reads a row through the mapping: every mapped cell by its field's kind, every required
/// field present. All of a row's problems are returned, each naming its column.
pub fn read_record(
    file_type: FileType,
    mapping: &ColumnMapping,
    headers: &[String],
    row: SourceRow,
) -> std::result::Result<Record, Vec<RowProblem>> {
    let excerpt = std::cell::OnceCell::new();
    let problem = |column: Option<usize>, message: String| RowProblem {
        line: row.line,
        column: column.and_then(|c| headers.get(c).cloned()),
        message,
        cells: excerpt.get_or_init(|| row_excerpt(&row.cells)).clone(),
    };
    if let Some(reason) = &row.problem {
        return Err(vec![problem(None, reason.clone())]);
    }
    let mut values = BTreeMap::new();
    let mut problems = Vec::new();
    for field in fields_of(file_type) {
        let column = mapping.column_of(field.key);
        let raw = column
            .and_then(|c| row.cells.get(c))
            .map_or("", String::as_str);
        match values::read_cell(field.kind, raw) {
            Ok(Some(value)) => {
                values.insert(field.key, value);
            }
            Ok(None) if field.required => {
                problems.push(problem(column, format!("{} is required", field.label)));
            }
            Ok(None) => {}
            Err(reason) => problems.push(problem(column, format!("{}: {reason}", field.label))),
        }
    }
    if problems.is_empty() {
        Ok(Record {
            line: row.line,
            values,
            cells: row.cells,
        })
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_lists_every_problem_with_its_column() {
        let headers: Vec<String> = ["VIN", "Campaign", "Cell"].map(String::from).to_vec();
        let mapping = fields::resolve(FileType::Recall, &headers, None, None).unwrap();
        let row = |cells: [&str; 3]| SourceRow {
            line: 7,
            cells: cells.map(String::from).to_vec(),
            problem: None,
        };
        let record = read_record(
            FileType::Recall,
            &mapping,
            &headers,
            row(["1hgcm82633a004352", "24V-001", "555 201 3344"]),
        )
        .unwrap();
        assert_eq!(record.text("vin"), Some("1HGCM82633A004352"));
        assert_eq!(record.text("phone"), Some("+15552013344"));
        let problems =
            read_record(FileType::Recall, &mapping, &headers, row(["123", "", "x"])).unwrap_err();
        let columns: Vec<_> = problems.iter().map(|p| p.column.as_deref()).collect();
        assert_eq!(columns, [Some("VIN"), Some("Campaign"), Some("Cell")]);
        assert!(problems.iter().all(|p| p.line == 7));
    }

    #[test]
    fn fea_alerts_are_toyota_unless_the_vehicle_is_a_lexus() {
        assert_eq!(
            CampaignType::of(FileType::FeaAlert, Some(" LEXUS")),
            Some(CampaignType::LexusErrorAlert)
        );
        assert_eq!(
            CampaignType::of(FileType::FeaAlert, None),
            Some(CampaignType::ToyotaErrorAlert)
        );
        assert_eq!(CampaignType::of(FileType::DmsCustomerVehicles, None), None);
    }
}
