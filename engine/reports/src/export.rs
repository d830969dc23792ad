//! Report exports: any report, at any size, to CSV or XLSX, written by a job. The request
//! builds [`ReportExportInput`] from a checked filter (here, once); the worker reads the same
//! type, streams the rows into the file (lists never sit in memory) and reports progress.
//! Files live in one directory and expire after a configured time.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration as StdDuration, SystemTime};

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Timelike, Utc};
use rust_xlsxwriter::{
    Chart, ChartType, ExcelDateTime, Format, FormatAlign, Workbook, Worksheet, XlsxError,
};
use serde::{Deserialize, Serialize};

use super::classification::{ClassificationOptions, CustomerType};
use super::kinds::{ReportKind, ReportOptions};
use super::table::{Cell, ChartKind, Column, ColumnType};
use super::{REPORT_RANGE, ReportFilter, Reports};
use engine::auth::{Caller, Scope};
use engine::domain::formats::{DayRange, START_END};
use engine::domain::spreadsheet::CsvWriter;
use engine::domain::{JobInput, Role};
use engine::error::{Error, Result};
use engine::templates::check_service_type;

/// The formats a report exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl ExportFormat {
    pub fn parse(text: &str) -> Result<Self> {
        match text.trim().to_ascii_uppercase().as_str() {
            "CSV" => Ok(Self::Csv),
            "XLSX" => Ok(Self::Xlsx),
            other => Err(Error::invalid(format!(
                "format must be CSV or XLSX, not {other:?}"
            ))),
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Xlsx => "xlsx",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Csv => "text/csv; charset=utf-8",
            Self::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }
}

/// Where export files go and how long they are kept.
#[derive(Debug, Clone)]
pub struct ExportSettings {
    pub dir: PathBuf,
    pub keep_for: Duration,
}

impl ExportSettings {
    pub fn new(dir: impl Into<PathBuf>, keep_for: Duration) -> Self {
        Self {
            dir: dir.into(),
            keep_for,
        }
    }

    /// The file of run `run_id`.
    pub fn path_of(&self, run_id: i64, format: ExportFormat) -> PathBuf {
        self.dir
            .join(format!("report-export-{run_id}.{}", format.extension()))
    }

    /// Deletes export files older than the keeping time; answers how many went.
    pub fn prune(&self, now: SystemTime) -> usize {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return 0;
        };
        let keep = StdDuration::from_secs(self.keep_for.num_seconds().max(0) as u64);
        entries
            .flatten()
            .filter(|entry| {
                entry
                    .file_name()
                    .to_string_lossy()
                    .starts_with("report-export-")
            })
            .filter(|entry| {
                entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|modified| now.duration_since(modified).unwrap_or_default() > keep)
            })
            .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
            .count()
    }
}

/// `reports.export`'s input: the report, the format and the checked filter. The enterprise is
/// the run's own, never the input's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportExportInput {
    /// The report's key (`monthly`, `appointments`, …).
    pub report: String,
    pub format: ExportFormat,
    pub store_ids: Vec<i64>,
    #[serde(default)]
    pub service_types: Vec<String>,
    /// Inclusive UTC days.
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// '1' Type A, '2' Type B; else both (monthly and daily only).
    #[serde(default)]
    pub customer_type: Option<String>,
}

/// The most stores one export names (a whole large enterprise).
const MAX_EXPORT_STORES: usize = 5_000;

impl JobInput for ReportExportInput {
    const KIND: &'static str = engine::domain::JobKindName::ReportExport.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if let Err(e) = ReportKind::from_key(&self.report) {
            problems.push(format!("report: {e}"));
        }
        if self.store_ids.is_empty() || self.store_ids.len() > MAX_EXPORT_STORES {
            problems.push(format!("storeIds: name 1 to {MAX_EXPORT_STORES} stores"));
        }
        for service_type in &self.service_types {
            if let Err(e) = check_service_type(service_type) {
                problems.push(format!("serviceTypes: {e}"));
            }
        }
        if let Err(e) = DayRange::new(
            self.start_date,
            self.end_date,
            START_END,
            Some(REPORT_RANGE),
        ) {
            problems.push(e.to_string());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid(problems.join("; ")))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        self.store_ids.clone()
    }
}

impl ReportExportInput {
    /// The export of `kind` over a checked filter, if the caller may read that report.
    pub fn new(
        caller: &Caller,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        format: ExportFormat,
    ) -> Result<Self> {
        caller.require_any(kind.roles())?;
        let input = Self {
            report: kind.key().to_owned(),
            format,
            store_ids: filter.store_ids.clone(),
            service_types: filter.service_types.clone(),
            start_date: filter.from.date_naive(),
            end_date: (filter.until - Duration::days(1)).date_naive(),
            customer_type: options
                .classification
                .customer_type
                .map(|t| t.code().to_owned()),
        };
        input.check()?;
        Ok(input)
    }

    pub fn kind(&self) -> Result<ReportKind> {
        ReportKind::from_key(&self.report)
    }

    /// Who may start it: the report's readers (sign-ins: administrators).
    pub fn roles(&self) -> &'static [Role] {
        self.kind().map_or(super::REPORT_ROLES, ReportKind::roles)
    }

    /// The filter the worker runs, inside the run's enterprise.
    pub fn filter(&self, enterprise_id: i64) -> ReportFilter {
        let midnight = |day: NaiveDate| day.and_time(NaiveTime::MIN).and_utc();
        ReportFilter {
            scope: Scope {
                enterprise_id,
                boc_id: None,
                store_id: None,
            },
            store_ids: self.store_ids.clone(),
            service_types: self.service_types.clone(),
            from: midnight(self.start_date),
            until: midnight(self.end_date + Duration::days(1)),
        }
    }

    pub(super) fn options(&self) -> ReportOptions {
        ReportOptions {
            classification: ClassificationOptions {
                customer_type: CustomerType::from_code(self.customer_type.as_deref()),
            },
        }
    }

    /// The name the download is saved under.
    pub fn file_name(&self) -> String {
        format!(
            "bayline-{}-{}-to-{}.{}",
            self.report,
            self.start_date,
            self.end_date,
            self.format.extension()
        )
    }
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    pub rows: u64,
    pub bytes: u64,
}

impl Reports {
    /// How many rows an export will write (for its progress bar).
    pub async fn export_size(&self, input: &ReportExportInput, enterprise_id: i64) -> Result<u64> {
        let kind = input.kind()?;
        self.row_count(kind, &input.filter(enterprise_id), input.options())
            .await
    }

    /// Writes the export to `path`, counting rows into `written` as they go.
    pub async fn export(
        &self,
        input: &ReportExportInput,
        enterprise_id: i64,
        path: &Path,
        written: Arc<AtomicU64>,
    ) -> Result<Exported> {
        let kind = input.kind()?;
        let filter = input.filter(enterprise_id);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::Internal(format!("cannot create {}: {e}", dir.display())))?;
        }
        // Written beside the final name, renamed when whole: a download never sees half a file.
        let partial = path.with_extension("part");
        let rows = match input.format {
            ExportFormat::Csv => {
                self.export_csv(kind, &filter, input.options(), &partial, &written)
                    .await?
            }
            ExportFormat::Xlsx => {
                let recorded = self.recorded_filters(input).await?;
                self.export_xlsx(
                    kind,
                    &filter,
                    input.options(),
                    &recorded,
                    &partial,
                    &written,
                )
                .await?
            }
        };
        std::fs::rename(&partial, path).map_err(|e| Error::Internal(format!("export: {e}")))?;
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        Ok(Exported { rows, bytes })
    }

    async fn export_csv(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        path: &Path,
        written: &AtomicU64,
    ) -> Result<u64> {
        let file = File::create(path).map_err(io_error)?;
        let out = std::sync::Mutex::new(CsvWriter::new(BufWriter::with_capacity(1 << 16, file)));
        let mut rows = 0u64;
        let totals = self
            .stream(
                kind,
                filter,
                options,
                |columns| lock(&out)?.write_record(columns.iter().map(|c| c.label.as_str())),
                |row| {
                    lock(&out)?.write_record(row.iter().map(csv_text))?;
                    rows += 1;
                    written.store(rows, Ordering::Relaxed);
                    Ok(())
                },
            )
            .await?;
        let mut out = out
            .into_inner()
            .map_err(|_| Error::Internal("export: writer poisoned".into()))?;
        if let Some(totals) = totals {
            out.write_record(totals.iter().map(csv_text))?;
        }
        out.into_inner()?.flush().map_err(io_error)?;
        Ok(rows)
    }

    /// What an export was asked for, as a person reads it: the workbook keeps it on a sheet of
    /// its own, so a file passed on still says which stores, days and types it covers.
    async fn recorded_filters(
        &self,
        input: &ReportExportInput,
    ) -> Result<Vec<(&'static str, String)>> {
        let kind = input.kind()?;
        let stores = if input.store_ids.is_empty() {
            "All stores".to_owned()
        } else {
            let names = engine::store::tenancy::TenancyStore::new(self.db().clone())
                .store_names(&input.store_ids)
                .await?;
            input
                .store_ids
                .iter()
                .map(|id| {
                    names
                        .get(id)
                        .cloned()
                        .unwrap_or_else(|| format!("Store #{id}"))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let service_types = if input.service_types.is_empty() {
            "All service types".to_owned()
        } else {
            input.service_types.join(", ")
        };
        let customer_type = match CustomerType::from_code(input.customer_type.as_deref()) {
            Some(CustomerType::A) => "Type A",
            Some(CustomerType::B) => "Type B",
            None => "Both",
        };
        Ok(vec![
            ("Report", kind.title().to_owned()),
            (
                "Days (UTC)",
                format!("{} to {}", input.start_date, input.end_date),
            ),
            ("Stores", stores),
            ("Service types", service_types),
            ("Customer type", customer_type.to_owned()),
            (
                "Exported",
                Utc::now().format("%Y-%m-%d %H:%M UTC").to_string(),
            ),
        ])
    }

    async fn export_xlsx(
        &self,
        kind: ReportKind,
        filter: &ReportFilter,
        options: ReportOptions,
        recorded: &[(&'static str, String)],
        path: &Path,
        written: &AtomicU64,
    ) -> Result<u64> {
        let mut workbook = Workbook::new();
        let formats = CellFormats::new();
        let sheet_name = "Report";
        // The header's columns are needed again for the rows, the totals and the chart.
        let columns: std::sync::Mutex<Vec<Column>> = std::sync::Mutex::new(Vec::new());
        let sheet = std::sync::Mutex::new(
            workbook
                .add_worksheet_with_constant_memory()
                .map_err(xlsx_error)?,
        );
        let mut rows = 0u64;
        let totals = self
            .stream(
                kind,
                filter,
                options,
                |header| {
                    let mut sheet = lock(&sheet)?;
                    sheet.set_name(sheet_name).map_err(xlsx_error)?;
                    for (index, column) in header.iter().enumerate() {
                        let col = index as u16;
                        sheet
                            .write_string_with_format(0, col, &column.label, &formats.header)
                            .map_err(xlsx_error)?;
                        sheet
                            .set_column_width(col, column_width(column))
                            .map_err(xlsx_error)?;
                    }
                    sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
                    *lock(&columns)? = header.to_vec();
                    Ok(())
                },
                |row| {
                    rows += 1;
                    written.store(rows, Ordering::Relaxed);
                    let mut sheet = lock(&sheet)?;
                    write_xlsx_row(
                        &mut sheet,
                        rows as u32,
                        &lock(&columns)?,
                        &row,
                        &formats,
                        false,
                    )
                    .map_err(xlsx_error)
                },
            )
            .await?;
        let columns = columns
            .into_inner()
            .map_err(|_| Error::Internal("export: columns poisoned".into()))?;
        let sheet = sheet
            .into_inner()
            .map_err(|_| Error::Internal("export: sheet poisoned".into()))?;
        let data_rows = rows as u32;
        if let Some(totals) = &totals {
            write_xlsx_row(sheet, data_rows + 1, &columns, totals, &formats, true)
                .map_err(xlsx_error)?;
        }
        sheet
            .autofilter(
                0,
                0,
                data_rows.max(1),
                columns.len().saturating_sub(1) as u16,
            )
            .map_err(xlsx_error)?;
        if let Some(chart) = chart_of(kind, &columns, sheet_name, data_rows) {
            let chartsheet = workbook.add_chartsheet();
            chartsheet.set_name("Chart").map_err(xlsx_error)?;
            chartsheet.insert_chart(0, 0, &chart).map_err(xlsx_error)?;
        }
        let filters = workbook.add_worksheet();
        filters.set_name("Filters").map_err(xlsx_error)?;
        filters.set_column_width(0, 16).map_err(xlsx_error)?;
        filters.set_column_width(1, 60).map_err(xlsx_error)?;
        for (row, (name, value)) in recorded.iter().enumerate() {
            filters
                .write_string_with_format(row as u32, 0, *name, &formats.header)
                .map_err(xlsx_error)?;
            filters
                .write_string(row as u32, 1, value)
                .map_err(xlsx_error)?;
        }
        workbook.save(path).map_err(xlsx_error)?;
        Ok(rows)
    }
}

/// The chart of an exported aggregate, over its data rows (lists have none).
fn chart_of(kind: ReportKind, columns: &[Column], sheet: &str, rows: u32) -> Option<Chart> {
    let spec = kind.chart()?;
    if rows == 0 || rows > 1_000 {
        return None;
    }
    let category = columns.iter().position(|c| c.key == spec.category)? as u16;
    let series: Vec<u16> = if spec.series.is_empty() {
        columns
            .iter()
            .enumerate()
            .filter(|(_, c)| c.kind == ColumnType::Integer && c.key != "total")
            .map(|(i, _)| i as u16)
            .collect()
    } else {
        spec.series
            .iter()
            .filter_map(|key| columns.iter().position(|c| c.key == *key))
            .map(|i| i as u16)
            .collect()
    };
    let mut chart = Chart::new(match spec.kind {
        ChartKind::Bar | ChartKind::Funnel => ChartType::Column,
        ChartKind::StackedBar => ChartType::ColumnStacked,
        ChartKind::Line => ChartType::Line,
    });
    for col in series {
        chart
            .add_series()
            .set_name((sheet, 0, col))
            .set_categories((sheet, 1, category, rows, category))
            .set_values((sheet, 1, col, rows, col));
    }
    chart.title().set_name(kind.title());
    Some(chart)
}

struct CellFormats {
    header: Format,
    integer: Format,
    percent: Format,
    money: Format,
    timestamp: Format,
    date: Format,
    text: Format,
}

impl CellFormats {
    fn new() -> Self {
        Self {
            header: Format::new()
                .set_bold()
                .set_background_color("#E8EEF7")
                .set_align(FormatAlign::Center),
            integer: Format::new().set_num_format("#,##0"),
            percent: Format::new().set_num_format("0.0\"%\""),
            money: Format::new().set_num_format("$#,##0.00"),
            timestamp: Format::new().set_num_format("yyyy-mm-dd hh:mm"),
            date: Format::new().set_num_format("yyyy-mm-dd"),
            text: Format::new(),
        }
    }

    fn of(&self, kind: ColumnType) -> &Format {
        match kind {
            ColumnType::Integer | ColumnType::Seconds => &self.integer,
            ColumnType::Percent => &self.percent,
            ColumnType::Money => &self.money,
            ColumnType::Timestamp => &self.timestamp,
            ColumnType::Date => &self.date,
            ColumnType::Text => &self.text,
        }
    }
}

fn write_xlsx_row(
    sheet: &mut Worksheet,
    row: u32,
    columns: &[Column],
    cells: &[Cell],
    formats: &CellFormats,
    bold: bool,
) -> std::result::Result<(), XlsxError> {
    for (index, (column, cell)) in columns.iter().zip(cells).enumerate() {
        let col = index as u16;
        let format = if bold {
            &formats.of(column.kind).clone().set_bold()
        } else {
            formats.of(column.kind)
        };
        match cell {
            Cell::Empty => {}
            Cell::Text(text) => {
                sheet.write_string_with_format(row, col, text, format)?;
            }
            Cell::Integer(n) => {
                sheet.write_number_with_format(row, col, *n as f64, format)?;
            }
            Cell::Decimal(n) => {
                sheet.write_number_with_format(row, col, *n, format)?;
            }
            Cell::Timestamp(at) => {
                sheet.write_datetime_with_format(row, col, excel_time(at)?, format)?;
            }
            Cell::Date(day) => {
                let date =
                    ExcelDateTime::from_ymd(day.year() as u16, day.month() as u8, day.day() as u8)?;
                sheet.write_datetime_with_format(row, col, date, format)?;
            }
        }
    }
    Ok(())
}

fn excel_time(at: &DateTime<Utc>) -> std::result::Result<ExcelDateTime, XlsxError> {
    ExcelDateTime::from_ymd(at.year() as u16, at.month() as u8, at.day() as u8)?.and_hms(
        at.hour() as u16,
        at.minute() as u8,
        at.second() as f64,
    )
}

/// A width that fits the header and the column's usual values.
fn column_width(column: &Column) -> f64 {
    let value = match column.kind {
        ColumnType::Timestamp => 17.0,
        ColumnType::Date => 11.0,
        ColumnType::Text => 18.0,
        ColumnType::Money => 12.0,
        _ => 9.0,
    };
    (column.label.chars().count() as f64 + 2.0).max(value)
}

fn csv_text(cell: &Cell) -> String {
    match cell {
        Cell::Empty => String::new(),
        Cell::Text(text) => text.clone(),
        Cell::Integer(n) => n.to_string(),
        Cell::Decimal(n) => n.to_string(),
        Cell::Timestamp(at) => at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        Cell::Date(day) => day.to_string(),
    }
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>> {
    mutex
        .lock()
        .map_err(|_| Error::Internal("export: writer poisoned".into()))
}

fn io_error(e: std::io::Error) -> Error {
    Error::Internal(format!("export: {e}"))
}

fn xlsx_error(e: XlsxError) -> Error {
    Error::Internal(format!("export: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ReportExportInput {
        ReportExportInput {
            report: "monthly".into(),
            format: ExportFormat::Xlsx,
            store_ids: vec![1],
            service_types: Vec::new(),
            start_date: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            end_date: NaiveDate::from_ymd_opt(2026, 1, 31).unwrap(),
            customer_type: None,
        }
    }

    #[test]
    fn an_export_input_is_checked_whole() {
        assert!(input().check().is_ok());
        let broken = ReportExportInput {
            report: "nope".into(),
            store_ids: Vec::new(),
            service_types: vec!["NOT_A_SERVICE".into()],
            start_date: NaiveDate::from_ymd_opt(2026, 2, 1).unwrap(),
            ..input()
        };
        let message = broken.check().unwrap_err().to_string();
        for part in ["report", "storeIds", "serviceTypes", "startDate"] {
            assert!(message.contains(part), "{message}");
        }
        assert_eq!(
            input().file_name(),
            "bayline-monthly-2026-01-01-to-2026-01-31.xlsx"
        );
        let sign_ins = ReportExportInput {
            report: "login-activity".into(),
            ..input()
        };
        assert_eq!(sign_ins.roles(), super::super::LOGIN_ACTIVITY_ROLES);
    }

    #[test]
    fn old_exports_are_pruned_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let kept = ExportSettings::new(dir.path(), Duration::hours(1));
        let file = kept.path_of(7, ExportFormat::Csv);
        std::fs::write(&file, "a,b\n").unwrap();
        std::fs::write(dir.path().join("unrelated.txt"), "x").unwrap();
        assert_eq!(kept.prune(SystemTime::now()), 0);
        assert!(file.exists());
        let later = SystemTime::now() + StdDuration::from_secs(2 * 3600);
        assert_eq!(kept.prune(later), 1);
        assert!(!file.exists());
        assert!(dir.path().join("unrelated.txt").exists());
    }
}
