//! Reading an import file on disk row by row: CSV text in UTF-8 (with or without a byte order
//! mark) or Windows-1252 with a comma, semicolon, tab or pipe separator, detected from the
//! file's start; and the first sheet of an XLSX, XLSB, XLS or ODS workbook. The first non-empty
//! row is the header.
//!
//! Whatever a file claims about itself, reading it stays within a budget: CSV and XLSX (our
//! own reader, which spills the shared strings to disk) hold about a row in memory, and every
//! cell is at most [`MAX_CELL_CHARS`] long. XLSB, XLS and ODS are read by calamine, which
//! loads a whole sheet (or shared-string table) and trusts the sizes a file states, so they
//! are read in a child process under a memory and CPU limit ([`super::child_reader`]): a file
//! that would exhaust them is refused, and the server never is.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::Path;

use calamine::{Data, DataRef, Ods, Reader, Sheets, Xls, Xlsb, open_workbook_from_rs};
use serde::Serialize;

use crate::child_reader;
use crate::xlsx::{self, SheetEvent};
use domain::error::{Error, Result};
use domain::roles::closed_set;

closed_set! {
    /// How an import file is written.
    FileFormat {
        Csv => "CSV",
        Xlsx => "XLSX",
        Xlsb => "XLSB",
        Xls => "XLS",
        Ods => "ODS",
    }
}

closed_set! {
    /// A CSV file's character encoding.
    TextEncoding {
        Utf8 => "UTF-8",
        Windows1252 => "WINDOWS-1252",
    }
}

/// Columns a header row may have.
pub const MAX_COLUMNS: usize = 200;
/// The longest cell read: a spreadsheet cell's own limit (Excel's). Longer is no data any
/// dealer system writes, and a file that holds one is refused before the cell is kept.
pub const MAX_CELL_CHARS: usize = 32_767;
/// The most text one row may hold, all its cells together. Rows are handed on in batches of
/// a thousand, so this bounds a batch too; a dealer system's records are a few hundred bytes.
pub const MAX_ROW_BYTES: usize = 64 * 1024;
/// How much of a CSV file its encoding and separator are judged on.
const SAMPLE_BYTES: usize = 64 * 1024;

/// What a file turned out to be, and its header row.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileInfo {
    pub format: FileFormat,
    /// CSV only.
    pub encoding: Option<TextEncoding>,
    /// CSV only.
    pub separator: Option<String>,
    /// The first sheet's name (workbooks only).
    pub sheet: Option<String>,
    pub headers: Vec<String>,
}

/// One data row: its line in the file (the spreadsheet's row number for workbooks), its cells
/// as text, and why it could not be read as text, if it could not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceRow {
    pub line: u64,
    pub cells: Vec<String>,
    pub problem: Option<String>,
}

/// What reading a file reports, in order: its header once, then each data row with how many
/// bytes of the file are behind it (for progress).
pub enum ReadEvent<'a> {
    Header(&'a FileInfo),
    Row(SourceRow, u64),
}

/// Reads the file at `path` (`size` bytes), calling `on_event` with its header and each data
/// row until the file ends or `on_event` breaks. A file that is no CSV or workbook, has no
/// header row, or cannot be read is a validation error.
pub fn read_file(
    path: &Path,
    size: u64,
    mut on_event: impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
) -> Result<FileInfo> {
    let mut file = File::open(path)
        .map_err(|e| Error::invalid(format!("The file could not be opened: {e}")))?;
    let mut magic = [0u8; 8];
    let read = read_up_to(&mut file, &mut magic)?;
    file.seek(SeekFrom::Start(0)).map_err(io_error)?;
    let magic = &magic[..read];
    let is_zip = magic.starts_with(b"PK\x03\x04");
    let is_ole = magic.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    if is_zip || is_ole {
        drop(file);
        read_workbook(path, is_ole, size, &mut on_event)
    } else {
        read_csv(path, file, &mut on_event)
    }
}

/// The header and the first `limit` data rows (the mapping step's sample).
pub fn sample(path: &Path, size: u64, limit: usize) -> Result<(FileInfo, Vec<SourceRow>)> {
    let mut rows = Vec::new();
    let info = read_file(path, size, |event| match event {
        ReadEvent::Header(_) if limit == 0 => ControlFlow::Break(()),
        ReadEvent::Header(_) => ControlFlow::Continue(()),
        ReadEvent::Row(row, _) => {
            rows.push(row);
            if rows.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    })?;
    Ok((info, rows))
}

fn io_error(error: std::io::Error) -> Error {
    Error::invalid(format!("The file could not be read: {error}"))
}

fn read_up_to(file: &mut File, buffer: &mut [u8]) -> Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..]).map_err(io_error)? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

/// Cleans a header row: trimmed, blanks named by position; too many columns is refused.
fn header_of(cells: Vec<String>) -> Result<Vec<String>> {
    if cells.len() > MAX_COLUMNS {
        return Err(Error::invalid(format!(
            "The header row has {} columns; at most {MAX_COLUMNS} are read",
            cells.len()
        )));
    }
    Ok(cells
        .into_iter()
        .enumerate()
        .map(|(i, cell)| match cell.trim() {
            "" => format!("Column {}", i + 1),
            name => name.to_owned(),
        })
        .collect())
}

fn no_header() -> Error {
    Error::invalid("The file has no header row")
}

// ---- CSV ----

fn read_csv(
    path: &Path,
    mut file: File,
    on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
) -> Result<FileInfo> {
    let mut sample = vec![0u8; SAMPLE_BYTES];
    let read = read_up_to(&mut file, &mut sample)?;
    sample.truncate(read);
    if sample.starts_with(&[0xFF, 0xFE]) || sample.starts_with(&[0xFE, 0xFF]) {
        return Err(Error::invalid(
            "The file is UTF-16 text; save it as CSV UTF-8 (or an Excel workbook) and upload it again",
        ));
    }
    if sample.contains(&0) {
        return Err(Error::invalid(
            "The file is neither a CSV text file nor an Excel or OpenDocument workbook",
        ));
    }
    let bom = if sample.starts_with(&[0xEF, 0xBB, 0xBF]) {
        3
    } else {
        0
    };
    let encoding = match std::str::from_utf8(&sample[bom..]) {
        Ok(_) => TextEncoding::Utf8,
        // Cut inside a character at the sample's end: still UTF-8.
        Err(e) if e.error_len().is_none() => TextEncoding::Utf8,
        Err(_) if bom > 0 => TextEncoding::Utf8,
        Err(_) => TextEncoding::Windows1252,
    };
    let separator = detect_separator(&sample[bom..]);
    file.seek(SeekFrom::Start(bom as u64)).map_err(io_error)?;
    let mut lines = LineCounter::new(File::open(path).map_err(io_error)?, bom as u64)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(separator)
        .from_reader(BufReader::with_capacity(256 * 1024, file));
    let mut info = FileInfo {
        format: FileFormat::Csv,
        encoding: Some(encoding),
        separator: Some(char::from(separator).to_string()),
        sheet: None,
        headers: Vec::new(),
    };
    let mut record = csv::ByteRecord::new();
    let mut have_header = false;
    loop {
        let more = reader
            .read_byte_record(&mut record)
            .map_err(|e| Error::invalid(format!("The file could not be read as CSV: {e}")))?;
        if !more {
            break;
        }
        // The csv reader's own line count skips blank lines: counted from the bytes instead.
        let line = match record.position() {
            Some(position) => lines.line_at(position.byte() + bom as u64)?,
            None => 0,
        };
        if record.as_slice().len() > MAX_ROW_BYTES {
            return Err(row_too_long(line));
        }
        let mut problem = None;
        let cells: Vec<String> = record
            .iter()
            .take(MAX_COLUMNS + 1)
            .map(|field| clean_cell(decode(field, encoding, &mut problem), line, &mut problem))
            .collect::<Result<_>>()?;
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if !have_header {
            info.headers = header_of(cells)?;
            have_header = true;
            if on_event(ReadEvent::Header(&info)).is_break() {
                return Ok(info);
            }
            continue;
        }
        let position = reader.position().byte() + bom as u64;
        if on_event(ReadEvent::Row(
            SourceRow {
                line,
                cells,
                problem,
            },
            position,
        ))
        .is_break()
        {
            break;
        }
    }
    if !have_header {
        return Err(no_header());
    }
    Ok(info)
}

/// Line numbers by byte offset, counted on a second handle of the file as the reader moves
/// forward.
struct LineCounter {
    reader: BufReader<File>,
    at: u64,
    line: u64,
}

impl LineCounter {
    fn new(mut file: File, start: u64) -> Result<Self> {
        file.seek(SeekFrom::Start(start)).map_err(io_error)?;
        Ok(Self {
            reader: BufReader::with_capacity(256 * 1024, file),
            at: start,
            line: 1,
        })
    }

    /// The line of the record the reader read from `offset` on (offsets only grow).
    fn line_at(&mut self, offset: u64) -> Result<u64> {
        use std::io::BufRead;
        while self.at < offset {
            let buffer = self.reader.fill_buf().map_err(io_error)?;
            if buffer.is_empty() {
                break;
            }
            let take = buffer.len().min((offset - self.at) as usize);
            self.line += buffer[..take].iter().filter(|&&b| b == b'\n').count() as u64;
            self.reader.consume(take);
            self.at += take as u64;
        }
        // The reader's position is where it stood before the record: blank lines before the
        // record's first character are not the record's.
        loop {
            let buffer = self.reader.fill_buf().map_err(io_error)?;
            let blank = buffer
                .iter()
                .take_while(|&&b| b == b'\n' || b == b'\r')
                .count();
            if blank == 0 {
                break;
            }
            self.line += buffer[..blank].iter().filter(|&&b| b == b'\n').count() as u64;
            self.reader.consume(blank);
            self.at += blank as u64;
        }
        Ok(self.line)
    }
}

/// The separator its first line uses most, outside quotes: comma, semicolon, tab or pipe.
fn detect_separator(sample: &[u8]) -> u8 {
    const CANDIDATES: [u8; 4] = [b',', b';', b'\t', b'|'];
    let mut counts = [0usize; 4];
    let mut quoted = false;
    for &byte in sample {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => break,
            _ if !quoted => {
                if let Some(i) = CANDIDATES.iter().position(|c| *c == byte) {
                    counts[i] += 1;
                }
            }
            _ => {}
        }
    }
    let (best, count) = counts
        .iter()
        .enumerate()
        .max_by_key(|(i, count)| (**count, usize::MAX - i))
        .unwrap_or((0, &0));
    if *count == 0 { b',' } else { CANDIDATES[best] }
}

/// A field's text; bytes that are not UTF-8 in a UTF-8 file are replaced and the row noted.
fn decode(field: &[u8], encoding: TextEncoding, problem: &mut Option<String>) -> String {
    match encoding {
        TextEncoding::Utf8 => match std::str::from_utf8(field) {
            Ok(text) => text.to_owned(),
            Err(_) => {
                problem.get_or_insert_with(|| "The row is not valid UTF-8 text".to_owned());
                String::from_utf8_lossy(field).into_owned()
            }
        },
        TextEncoding::Windows1252 => field.iter().map(|&b| windows_1252(b)).collect(),
    }
}

/// A cell's text as kept: refused when longer than a spreadsheet cell can be (the file is
/// not read on), and NUL characters, which no database column takes, replaced with the row
/// noted, so both databases refuse the row alike.
pub(super) fn clean_cell(text: String, line: u64, problem: &mut Option<String>) -> Result<String> {
    if text.len() > MAX_CELL_CHARS && text.chars().count() > MAX_CELL_CHARS {
        return Err(cell_too_long(line));
    }
    if text.contains('\0') {
        problem.get_or_insert_with(|| {
            "The row holds a NUL character (0x00), which is not text".to_owned()
        });
        return Ok(text.replace('\0', "\u{FFFD}"));
    }
    Ok(text)
}

fn row_too_long(line: u64) -> Error {
    Error::invalid(format!(
        "Line {line} holds more than {} KB of text, more than any record of a dealer system; \
         the file is not read",
        MAX_ROW_BYTES / 1024
    ))
}

/// A cell longer than [`MAX_CELL_CHARS`] on `line` (0: not known yet).
pub(super) fn cell_too_long(line: u64) -> Error {
    let place = if line > 0 {
        format!("Line {line} holds a cell")
    } else {
        "A cell holds".to_owned()
    };
    Error::invalid(format!(
        "{place} longer than {MAX_CELL_CHARS} characters, a spreadsheet cell's limit; the file is not read"
    ))
}

/// Windows-1252: Latin-1 but for 0x80–0x9F, where it has typographic characters.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        other => char::from(other),
    }
}

// ---- Workbooks ----

/// Opens a workbook calamine reads, of `format` (XLS, ODS or XLSB).
fn open_workbook(path: &Path, format: FileFormat) -> Result<Sheets<BufReader<File>>> {
    let unreadable =
        |e: calamine::Error| Error::invalid(format!("The workbook could not be read: {e}"));
    let file = File::open(path)
        .map(BufReader::new)
        .map_err(|e| Error::invalid(format!("The file could not be opened: {e}")))?;
    match format {
        FileFormat::Xls => open_workbook_from_rs::<Xls<_>, _>(file)
            .map(Sheets::Xls)
            .map_err(|e| unreadable(e.into())),
        FileFormat::Ods => open_workbook_from_rs::<Ods<_>, _>(file)
            .map(Sheets::Ods)
            .map_err(|e| unreadable(e.into())),
        _ => open_workbook_from_rs::<Xlsb<_>, _>(file)
            .map(Sheets::Xlsb)
            .map_err(|e| unreadable(e.into())),
    }
}

const ODS_MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";

/// A workbook: OLE is XLS; a zip is ODS when its `mimetype` says so, XLSX when it holds an
/// XML workbook (read here, by [`super::xlsx`]), else XLSB. The formats calamine reads go to
/// a child process.
fn read_workbook(
    path: &Path,
    is_ole: bool,
    size: u64,
    on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
) -> Result<FileInfo> {
    let is_ods = !is_ole && {
        let mut start = [0u8; 100];
        let read = read_up_to(&mut File::open(path).map_err(io_error)?, &mut start)?;
        start[..read]
            .windows(ODS_MIMETYPE.len())
            .any(|w| w == ODS_MIMETYPE)
    };
    if !is_ole
        && !is_ods
        && let Some(mut workbook) = xlsx::Workbook::open(path)?
    {
        let mut info = FileInfo {
            format: FileFormat::Xlsx,
            encoding: None,
            separator: None,
            sheet: Some(workbook.sheet_name.clone()),
            headers: Vec::new(),
        };
        let mut rows = SheetRows::new(size);
        let flow = workbook.for_each_cell(|event| match event {
            SheetEvent::Dimension { last_row } => {
                rows.last_row = u64::from(last_row);
                Ok(ControlFlow::Continue(()))
            }
            SheetEvent::Cell { row, column, text } => {
                rows.cell(row, column, text, &mut info, on_event)
            }
        })?;
        if flow.is_continue() {
            rows.finish(&mut info, on_event)?;
        }
        return Ok(info);
    }
    let format = match (is_ole, is_ods) {
        (true, _) => FileFormat::Xls,
        (_, true) => FileFormat::Ods,
        _ => FileFormat::Xlsb,
    };
    child_reader::read(path, format, size, on_event)
}

/// Reads the first sheet of a workbook calamine reads (XLS, ODS or XLSB) in this process.
/// Only the child process of [`child_reader`] calls it: calamine loads a whole sheet (XLSB:
/// its shared strings) and believes the dimensions a file states.
pub(super) fn read_with_calamine(
    path: &Path,
    format: FileFormat,
    size: u64,
    on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
) -> Result<FileInfo> {
    let unreadable =
        |e: calamine::Error| Error::invalid(format!("The workbook could not be read: {e}"));
    let mut workbook = open_workbook(path, format)?;
    let sheet = workbook
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| Error::invalid("The workbook has no sheet"))?;
    let mut info = FileInfo {
        format,
        encoding: None,
        separator: None,
        sheet: Some(sheet.clone()),
        headers: Vec::new(),
    };
    let mut rows = SheetRows::new(size);
    match &mut workbook {
        // Cell by cell, in row order: memory stays at one row (and the shared strings).
        Sheets::Xlsb(xlsb) => {
            let mut cells = xlsb
                .worksheet_cells_reader(&sheet)
                .map_err(|e| unreadable(e.into()))?;
            rows.last_row = u64::from(cells.dimensions().end.0);
            while let Some(cell) = cells.next_cell().map_err(|e| unreadable(e.into()))? {
                let (row, column) = cell.get_position();
                if rows
                    .cell(
                        row,
                        column,
                        data_ref_text(cell.get_value()),
                        &mut info,
                        on_event,
                    )?
                    .is_break()
                {
                    return Ok(info);
                }
            }
        }
        // These formats have no streaming reader: the sheet is read whole.
        workbook => {
            let range = workbook.worksheet_range(&sheet).map_err(unreadable)?;
            let start = range.start().unwrap_or((0, 0));
            rows.last_row = u64::from(range.end().map_or(0, |end| end.0));
            for (r, row) in range.rows().enumerate() {
                for (c, value) in row.iter().enumerate() {
                    let position = (start.0 + r as u32, start.1 + c as u32);
                    if rows
                        .cell(
                            position.0,
                            position.1,
                            data_text(value),
                            &mut info,
                            on_event,
                        )?
                        .is_break()
                    {
                        return Ok(info);
                    }
                }
            }
        }
    }
    rows.finish(&mut info, on_event)?;
    Ok(info)
}

/// Gathers cells, which come in row order, into rows.
struct SheetRows {
    size: u64,
    last_row: u64,
    row: Option<u32>,
    cells: Vec<String>,
    /// The text the row's cells hold so far.
    row_bytes: usize,
    problem: Option<String>,
    have_header: bool,
}

impl SheetRows {
    fn new(size: u64) -> Self {
        Self {
            size,
            last_row: 0,
            row: None,
            cells: Vec::new(),
            row_bytes: 0,
            problem: None,
            have_header: false,
        }
    }

    fn cell(
        &mut self,
        row: u32,
        column: u32,
        text: String,
        info: &mut FileInfo,
        on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>> {
        if self.row != Some(row) {
            if self.emit(info, on_event)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
            self.row = Some(row);
        }
        let column = column as usize;
        if column < MAX_COLUMNS && !text.is_empty() {
            let line = u64::from(row) + 1;
            let text = clean_cell(text, line, &mut self.problem)?;
            self.row_bytes += text.len();
            if self.row_bytes > MAX_ROW_BYTES {
                return Err(row_too_long(line));
            }
            if self.cells.len() <= column {
                self.cells.resize(column + 1, String::new());
            }
            self.cells[column] = text;
        }
        Ok(ControlFlow::Continue(()))
    }

    fn emit(
        &mut self,
        info: &mut FileInfo,
        on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>> {
        let Some(row) = self.row.take() else {
            return Ok(ControlFlow::Continue(()));
        };
        let cells = std::mem::take(&mut self.cells);
        let problem = self.problem.take();
        self.row_bytes = 0;
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(ControlFlow::Continue(()));
        }
        if !self.have_header {
            self.have_header = true;
            info.headers = header_of(cells)?;
            return Ok(on_event(ReadEvent::Header(info)));
        }
        // Progress by rows, as the share of the file's bytes they stand for.
        let done = if self.last_row == 0 {
            0
        } else {
            (self.size as f64 * (f64::from(row) / self.last_row as f64).min(1.0)) as u64
        };
        let line = u64::from(row) + 1;
        Ok(on_event(ReadEvent::Row(
            SourceRow {
                line,
                cells,
                problem,
            },
            done,
        )))
    }

    fn finish(
        &mut self,
        info: &mut FileInfo,
        on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
    ) -> Result<()> {
        // The last row: whether the reader wanted more no longer matters.
        let _ = self.emit(info, on_event)?;
        if self.have_header {
            Ok(())
        } else {
            Err(no_header())
        }
    }
}

fn data_ref_text(value: &DataRef<'_>) -> String {
    match value {
        DataRef::Int(n) => n.to_string(),
        DataRef::Float(f) => float_text(*f),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => (*s).to_owned(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::DateTime(dt) => excel_date_text(dt),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::Error(e) => format!("#{e:?}"),
        DataRef::Empty => String::new(),
    }
}

pub(super) fn data_text(value: &Data) -> String {
    match value {
        Data::Int(n) => n.to_string(),
        Data::Float(f) => float_text(*f),
        Data::String(s) => s.clone(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(dt) => excel_date_text(dt),
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => format!("#{e:?}"),
        Data::Empty => String::new(),
    }
}

/// Whole numbers without a fraction ("45120", not "45120.0"), so numbers typed into a text
/// column (a customer number, a ZIP code) read as typed.
pub(super) fn float_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        value.to_string()
    }
}

/// A date cell as ISO text (`2026-03-14`, or `2026-03-14 09:30:00` when it has a time).
pub(super) fn excel_date_text(value: &calamine::ExcelDateTime) -> String {
    if value.is_duration() {
        return float_text(value.as_f64());
    }
    let (y, m, d, hh, mm, ss, _) = value.to_ymd_hms_milli();
    if (hh, mm, ss) == (0, 0, 0) {
        format!("{y:04}-{m:02}-{d:02}")
    } else {
        format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}:{ss:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn rows_of(content: &[u8]) -> Result<(FileInfo, Vec<SourceRow>)> {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(content).unwrap();
        sample(file.path(), content.len() as u64, 1_000)
    }

    #[test]
    fn separators_encodings_and_quoted_newlines() {
        let (info, rows) = rows_of(
            b"\xEF\xBB\xBFVIN;Name\n1HGCM82633A004352;\"Smith;\nJr\"\n\n2HGCM82633A004353;Bo\n",
        )
        .unwrap();
        assert_eq!(info.headers, ["VIN", "Name"]);
        assert_eq!(info.separator.as_deref(), Some(";"));
        assert_eq!(info.encoding, Some(TextEncoding::Utf8));
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].cells, ["1HGCM82633A004352", "Smith;\nJr"]);
        assert_eq!((rows[0].line, rows[1].line), (2, 5));

        let (info, rows) = rows_of(b"Name\tCity\nJos\xE9\tK\xF6ln \x80\n").unwrap();
        assert_eq!(info.encoding, Some(TextEncoding::Windows1252));
        assert_eq!(info.separator.as_deref(), Some("\t"));
        assert_eq!(rows[0].cells, ["José", "Köln €"]);

        let (info, _) = rows_of(b"a|b|c\n1|2|3\n").unwrap();
        assert_eq!(info.separator.as_deref(), Some("|"));
        let (info, _) = rows_of(b"\"a,b\";c\n").unwrap();
        assert_eq!(info.separator.as_deref(), Some(";"));
    }

    /// Any bytes at all, and valid files damaged at random: every reader answers Ok or a
    /// validation error, and never panics (XLS, XLSB and ODS are the child process's, whose
    /// crashes the parent turns into errors; see `child_reader`).
    #[test]
    fn damaged_and_random_bytes_never_panic_a_reader() {
        use rand::{Rng, SeedableRng};
        let mut workbook = rust_xlsxwriter::Workbook::new();
        let sheet = workbook.add_worksheet();
        for (column, header) in ["VIN", "Name", "Miles"].iter().enumerate() {
            sheet.write_string(0, column as u16, *header).unwrap();
        }
        for row in 1..40u32 {
            sheet
                .write_string(row, 0, format!("1HGCM82633A{row:06}"))
                .unwrap();
            sheet.write_string(row, 1, "Ada Okafor").unwrap();
            sheet
                .write_number(row, 2, f64::from(row) * 1_000.5)
                .unwrap();
        }
        let xlsx = workbook.save_to_buffer().unwrap();
        let csv = b"VIN;Name;Miles\n1HGCM82633A004352;\"Smith;\nJr\";45000\n2HGCM;Bo;1\n".to_vec();
        let mut rng = rand::rngs::StdRng::seed_from_u64(34);
        for round in 0..600 {
            let mut bytes = match round % 3 {
                0 => xlsx.clone(),
                1 => csv.clone(),
                _ => (0..rng.random_range(0..512))
                    .map(|_| rng.random())
                    .collect(),
            };
            for _ in 0..rng.random_range(1..8) {
                if bytes.is_empty() {
                    break;
                }
                let at = rng.random_range(0..bytes.len());
                match rng.random_range(0..4) {
                    0 => bytes[at] = rng.random(),
                    1 => bytes.insert(at, rng.random()),
                    2 => {
                        bytes.remove(at);
                    }
                    _ => bytes.truncate(at),
                }
            }
            // Not the compound-file magic: that format is the child process's.
            if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
                continue;
            }
            match rows_of(&bytes) {
                Ok(_) | Err(Error::Validation { .. }) => {}
                Err(other) => panic!("round {round}: {other}"),
            }
        }
    }

    #[test]
    fn files_that_are_not_tables_are_refused() {
        assert!(rows_of(b"").is_err());
        assert!(rows_of(b"\n\n ,, \n").is_err());
        assert!(rows_of(b"\xFF\xFEV\x00I\x00N\x00").is_err());
        assert!(rows_of(b"%PDF-1.7\x00\x01").is_err());
        assert!(rows_of(b"PK\x03\x04 not really a zip").is_err());
    }
}
