//! A streaming reader for the first sheet of an XLSX workbook, with memory that stays flat
//! however large the workbook is. calamine reads a workbook's whole shared-string table into
//! memory before the first cell, and a DMS export of a million rows carries millions of
//! distinct strings (VINs, e-mails, customer numbers); here the table is spilled to a temporary
//! file with an offsets index and read back through two small block caches. Writers put shared
//! strings in first-use order, so the sheet's lookups mostly walk the spill file forwards.
//!
//! The cells come out as calamine would render them (numbers, dates by the cell's number
//! format, booleans, formula results, inline and rich strings), which the tests check against
//! calamine itself.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::Path;

use calamine::{ExcelDateTime, ExcelDateTimeType};
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::{Reader as XmlReader, XmlVersion};
use zip::ZipArchive;
use zip::result::ZipError;

use crate::reader::{MAX_CELL_CHARS, cell_too_long, excel_date_text, float_text};
use domain::error::{Error, Result};

/// The most a workbook's shared strings may unpack to (text and index): they go to disk, and
/// a small upload can unpack to far more than it weighs.
const MAX_SHARED_STRING_BYTES: u64 = 1024 * 1024 * 1024;
/// The most strings a workbook's shared-string table may hold: more distinct texts than the
/// cells of a workbook within the upload limit could use (a 1,000,000-row dealer export has
/// about 4,000,000), so a table of empty strings cannot keep a reader busy for minutes.
const MAX_SHARED_STRINGS: u64 = 8_000_000;
/// The most all workbooks being read at once may spill, so that parallel uploads cannot fill
/// the disk.
const MAX_SERVER_SPILL_BYTES: u64 = 2 * MAX_SHARED_STRING_BYTES;
/// What every reader in this process has spilled and not yet dropped.
static SPILLED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
/// The most bytes one XML event (a tag, a run of text) may take: XML reads an event whole,
/// so without it a single 1 GB text node would be read into memory before any check.
const MAX_EVENT_BYTES: u64 = 4 * 1024 * 1024;
/// How much of a spill file one cache block holds, and how many blocks each cache keeps.
const BLOCK_BYTES: usize = 32 * 1024;
const CACHED_BLOCKS: usize = 16;

/// What streaming a sheet reports, in order: its dimension when it states one, then its cells
/// row by row.
pub(super) enum SheetEvent {
    Dimension { last_row: u32 },
    Cell { row: u32, column: u32, text: String },
}

type Archive = ZipArchive<BufReader<File>>;
type PartReader<'a> = XmlReader<Bounded<BufReader<zip::read::ZipFile<'a, BufReader<File>>>>>;

/// A reader that refuses to hand out more than [`MAX_EVENT_BYTES`] between two calls of
/// [`Bounded::reset`], which [`next_event`] makes before each event.
pub(super) struct Bounded<R> {
    inner: R,
    taken: u64,
}

impl<R: io::BufRead> Bounded<R> {
    fn new(inner: R) -> Self {
        Self { inner, taken: 0 }
    }

    fn reset(&mut self) {
        self.taken = 0;
    }
}

impl<R: io::BufRead> Read for Bounded<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = io::BufRead::fill_buf(self)?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl<R: io::BufRead> io::BufRead for Bounded<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.taken > MAX_EVENT_BYTES {
            return Err(io::Error::other(EventTooLarge));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.taken += amount as u64;
        self.inner.consume(amount);
    }
}

/// What [`Bounded`] fails with.
#[derive(Debug)]
struct EventTooLarge;

impl std::fmt::Display for EventTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "an XML element or text is larger than {} MB",
            MAX_EVENT_BYTES / 1024 / 1024
        )
    }
}

impl std::error::Error for EventTooLarge {}

/// The next XML event, at most [`MAX_EVENT_BYTES`] of the part.
fn next_event<'b, R: io::BufRead>(
    xml: &mut XmlReader<Bounded<R>>,
    buf: &'b mut Vec<u8>,
) -> Result<Event<'b>> {
    xml.get_mut().reset();
    xml.read_event_into(buf).map_err(unreadable)
}

/// An opened XLSX workbook, ready to stream its first sheet.
pub(super) struct Workbook {
    archive: Archive,
    parts: Parts,
    pub sheet_name: String,
    sheet_part: String,
    strings: SharedStrings,
    /// Per cell style (`s`): whether its number format is a date.
    date_styles: Vec<bool>,
    is_1904: bool,
}

fn unreadable(reason: impl std::fmt::Display) -> Error {
    Error::invalid(format!("The workbook could not be read: {reason}"))
}

impl Workbook {
    /// Opens the workbook at `path` and spills its shared strings. `None` when the zip holds
    /// no XML workbook (an XLSB, say); a zip that cannot be read, or an XLSX whose parts are
    /// broken, is a validation error.
    pub(super) fn open(path: &Path) -> Result<Option<Self>> {
        let file = File::open(path)
            .map_err(|e| Error::invalid(format!("The file could not be opened: {e}")))?;
        let mut archive = ZipArchive::new(BufReader::new(file)).map_err(unreadable)?;
        let parts = Parts::of(&archive);

        let package = relationships(&mut archive, &parts, "")?;
        let workbook_part = package
            .iter()
            .find(|r| r.kind.ends_with("/officeDocument"))
            .map_or_else(|| "xl/workbook.xml".to_owned(), |r| r.target.clone());
        if !workbook_part.ends_with(".xml") || parts.name(&workbook_part).is_none() {
            return Ok(None);
        }
        let (sheet_name, sheet_id, is_1904) = first_sheet(&mut archive, &parts, &workbook_part)?;
        let links = relationships(&mut archive, &parts, &workbook_part)?;
        let base = directory_of(&workbook_part);
        let part_of = |kind: &str, default: &str| {
            links
                .iter()
                .find(|r| r.kind.ends_with(kind))
                .map_or_else(|| format!("{base}{default}"), |r| r.target.clone())
        };
        let sheet_part = links
            .iter()
            .find(|r| r.id == sheet_id)
            .map(|r| r.target.clone())
            .ok_or_else(|| unreadable(format!("its sheet '{sheet_name}' has no part")))?;
        let date_styles = date_styles(&mut archive, &parts, &part_of("/styles", "styles.xml"))?;
        let strings = SharedStrings::spill(
            &mut archive,
            &parts,
            &part_of("/sharedStrings", "sharedStrings.xml"),
        )?;
        Ok(Some(Self {
            archive,
            parts,
            sheet_name,
            sheet_part,
            strings,
            date_styles,
            is_1904,
        }))
    }

    /// Streams the sheet's cells to `on_event` until the sheet ends or `on_event` breaks.
    pub(super) fn for_each_cell(
        &mut self,
        mut on_event: impl FnMut(SheetEvent) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>> {
        let Self {
            archive,
            parts,
            sheet_part,
            strings,
            date_styles,
            is_1904,
            ..
        } = self;
        let mut xml = xml_part(archive, parts, sheet_part)?
            .ok_or_else(|| unreadable(format!("its part {sheet_part} is missing")))?;
        let mut buf = Vec::with_capacity(1024);
        let mut cell_buf = Vec::with_capacity(256);
        let mut next_row = 0u32;
        let mut next_column = 0u32;
        loop {
            buf.clear();
            match next_event(&mut xml, &mut buf)? {
                Event::Start(e) if e.local_name().as_ref() == "dimension" => {
                    if let Some(reference) = attribute(&e, "ref")
                        && let Some((row, _)) = reference
                            .rsplit(':')
                            .next()
                            .and_then(|end| cell_position(end.as_bytes()))
                    {
                        let flow = on_event(SheetEvent::Dimension { last_row: row })?;
                        if flow.is_break() {
                            return Ok(flow);
                        }
                    }
                }
                Event::Start(e) if e.local_name().as_ref() == "row" => {
                    let row = attribute(&e, "r")
                        .and_then(|r| r.parse::<u32>().ok())
                        .and_then(|r| r.checked_sub(1));
                    next_row = row.unwrap_or(next_row);
                    next_column = 0;
                }
                Event::End(e) if e.local_name().as_ref() == "row" => next_row += 1,
                Event::Start(e) if e.local_name().as_ref() == "c" => {
                    let (row, column) = attribute(&e, "r")
                        .and_then(|r| cell_position(r.as_bytes()))
                        .unwrap_or((next_row, next_column));
                    next_column = column + 1;
                    let kind = attribute(&e, "t");
                    let style = attribute(&e, "s").and_then(|s| s.parse::<usize>().ok());
                    let (value, inline) = cell_content(&mut xml, &mut cell_buf)?;
                    let is_date = style.is_some_and(|s| date_styles.get(s) == Some(&true));
                    let text =
                        cell_text(kind.as_deref(), value, inline, is_date, *is_1904, strings)?;
                    let flow = on_event(SheetEvent::Cell { row, column, text })?;
                    if flow.is_break() {
                        return Ok(flow);
                    }
                }
                Event::End(e) if e.local_name().as_ref() == "sheetData" => break,
                Event::Eof => break,
                _ => {}
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// A cell's text from its type (`t`), its value (`<v>`) and its inline string (`<is>`).
fn cell_text(
    kind: Option<&str>,
    value: Option<String>,
    inline: Option<String>,
    is_date: bool,
    is_1904: bool,
    strings: &mut SharedStrings,
) -> Result<String> {
    let value = value.unwrap_or_default();
    Ok(match kind {
        Some("s") => match value.trim().parse::<u64>() {
            Ok(index) => strings.get(index)?,
            Err(_) => return Err(unreadable(format!("a shared-string cell holds '{value}'"))),
        },
        Some("inlineStr") => inline.unwrap_or(value),
        Some("b") => (value.trim() == "1" || value.trim() == "true").to_string(),
        // Formula strings, errors ("#DIV/0!") and ISO dates (`d`) read as written.
        Some("str" | "e" | "d") => value,
        _ if value.is_empty() => String::new(),
        _ => match value.trim().parse::<f64>() {
            Ok(number) if is_date => excel_date_text(&ExcelDateTime::new(
                number,
                ExcelDateTimeType::DateTime,
                is_1904,
            )),
            Ok(number) => float_text(number),
            Err(_) => value,
        },
    })
}

/// Reads a `<c>` element's children up to its end: the `<v>` text and the `<is>` string.
fn cell_content<R: io::BufRead>(
    xml: &mut XmlReader<Bounded<R>>,
    buf: &mut Vec<u8>,
) -> Result<(Option<String>, Option<String>)> {
    let mut value = None;
    let mut inline = None;
    loop {
        buf.clear();
        match next_event(xml, buf)? {
            Event::Start(e) if e.local_name().as_ref() == "v" => {
                value = Some(plain_text(xml, "v")?);
            }
            Event::Start(e) if e.local_name().as_ref() == "is" => {
                inline = Some(string_item(xml, "is")?);
            }
            Event::End(e) if e.local_name().as_ref() == "c" => return Ok((value, inline)),
            Event::Eof => return Err(unreadable("a cell is cut off")),
            _ => {}
        }
    }
}

/// The text up to the end of the element named `closing`, entities resolved.
fn plain_text<R: io::BufRead>(xml: &mut XmlReader<Bounded<R>>, closing: &str) -> Result<String> {
    let mut text = String::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match next_event(xml, &mut buf)? {
            Event::Text(t) => text.push_str(&t.xml10_content()),
            Event::CData(t) => text.push_str(&t.xml10_content()),
            Event::GeneralRef(entity) => push_entity(&entity, &mut text)?,
            Event::End(e) if e.local_name().as_ref() == closing => return Ok(text),
            Event::Eof => return Err(unreadable("a value is cut off")),
            _ => {}
        }
        check_length(&text)?;
    }
}

/// Refuses text already longer than any cell may be (in bytes: four per character at most),
/// before more of it is gathered; the exact count is [`super::reader::clean_cell`]'s.
fn check_length(text: &str) -> Result<()> {
    if text.len() > 4 * MAX_CELL_CHARS {
        return Err(cell_too_long(0));
    }
    Ok(())
}

fn push_entity(entity: &BytesRef<'_>, text: &mut String) -> Result<()> {
    let name = entity.xml10_content();
    if let Some(resolved) = quick_xml::escape::resolve_xml_entity(&name) {
        text.push_str(resolved);
    } else if let Some(c) = entity.resolve_char_ref().map_err(unreadable)? {
        text.push(c);
    } else {
        return Err(unreadable(format!("it uses the unknown entity &{name};")));
    }
    Ok(())
}

/// A string item (`<si>` or `<is>`): its `<t>` texts, rich-text runs joined, phonetic
/// readings (`<rPh>`) left out. Like Excel, a `<t>` without `xml:space="preserve"` is
/// trimmed, and `_xHHHH_` escapes are decoded.
fn string_item<R: io::BufRead>(xml: &mut XmlReader<Bounded<R>>, closing: &str) -> Result<String> {
    let mut item = String::new();
    let mut buf = Vec::new();
    let mut in_phonetic = false;
    loop {
        buf.clear();
        match next_event(xml, &mut buf)? {
            Event::Start(e) if e.local_name().as_ref() == "rPh" => in_phonetic = true,
            Event::End(e) if e.local_name().as_ref() == "rPh" => in_phonetic = false,
            Event::Start(e) if e.local_name().as_ref() == "t" && !in_phonetic => {
                let preserve = attribute(&e, "xml:space").as_deref() == Some("preserve");
                let text = plain_text(xml, "t")?;
                let text = if preserve {
                    &text
                } else {
                    text.trim_matches([' ', '\t', '\r', '\n'])
                };
                push_unescaped(text, &mut item);
                check_length(&item)?;
            }
            Event::End(e) if e.local_name().as_ref() == closing => return Ok(item),
            Event::Eof => return Err(unreadable("a string is cut off")),
            _ => {}
        }
    }
}

/// Decodes OOXML's `_xHHHH_` escapes (UTF-16 units; a pair of surrogates is one character).
fn push_unescaped(text: &str, out: &mut String) {
    fn unit_at(text: &str, at: usize) -> Option<u16> {
        let escape = text.get(at..at + 7)?;
        let hex = escape.strip_prefix("_x")?.strip_suffix('_')?;
        u16::from_str_radix(hex, 16).ok()
    }
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = text[at..].find("_x") {
        let start = at + found;
        let Some(unit) = unit_at(text, start) else {
            at = start + 2;
            continue;
        };
        out.push_str(&text[copied..start]);
        let mut end = start + 7;
        let c = match unit {
            0xD800..=0xDBFF => match unit_at(text, end) {
                Some(low @ 0xDC00..=0xDFFF) => {
                    end += 7;
                    char::from_u32(
                        0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00),
                    )
                }
                _ => None,
            },
            _ => char::from_u32(u32::from(unit)),
        };
        out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
        copied = end;
        at = end;
    }
    out.push_str(&text[copied..]);
}

/// `B12` → (11, 1), zero-based.
fn cell_position(reference: &[u8]) -> Option<(u32, u32)> {
    let letters = reference
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if letters == 0 || letters > 3 {
        return None;
    }
    let column = reference[..letters].iter().fold(0u32, |n, b| {
        n * 26 + u32::from(b.to_ascii_uppercase() - b'A' + 1)
    });
    let row: u32 = std::str::from_utf8(&reference[letters..])
        .ok()?
        .parse()
        .ok()?;
    Some((row.checked_sub(1)?, column - 1))
}

fn attribute(element: &BytesStart<'_>, name: &str) -> Option<String> {
    element
        .attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| a.normalized_value(XmlVersion::Implicit1_0).ok())
        .map(|v| v.into_owned())
}

// ---- Parts ----

/// The zip's part names, found whatever their case or slashes (writers differ).
struct Parts(HashMap<String, String>);

impl Parts {
    fn of(archive: &Archive) -> Self {
        Self(
            archive
                .file_names()
                .flatten()
                .map(|name| (Self::key(&name), name.into_owned()))
                .collect(),
        )
    }

    fn key(name: &str) -> String {
        name.trim_start_matches('/')
            .replace('\\', "/")
            .to_lowercase()
    }

    fn name(&self, part: &str) -> Option<&str> {
        self.0.get(&Self::key(part)).map(String::as_str)
    }
}

fn xml_part<'a>(
    archive: &'a mut Archive,
    parts: &Parts,
    part: &str,
) -> Result<Option<PartReader<'a>>> {
    let Some(name) = parts.name(part) else {
        return Ok(None);
    };
    let file = match archive.by_name(name) {
        Ok(file) => file,
        Err(ZipError::FileNotFound) => return Ok(None),
        Err(e) => return Err(unreadable(e)),
    };
    let mut xml = XmlReader::from_reader(Bounded::new(BufReader::with_capacity(64 * 1024, file)));
    let config = xml.config_mut();
    config.check_end_names = false;
    config.trim_text(false);
    config.expand_empty_elements = true;
    Ok(Some(xml))
}

/// `xl/workbook.xml` → `xl/`.
fn directory_of(part: &str) -> &str {
    part.rfind('/').map_or("", |slash| &part[..=slash])
}

/// A relationship's target as a part name: absolute, or relative to `base`'s directory.
fn resolve(base: &str, target: &str) -> String {
    let joined = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("{}{target}", directory_of(base)),
    };
    let mut segments: Vec<&str> = Vec::new();
    for segment in joined.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            segment => segments.push(segment),
        }
    }
    segments.join("/")
}

struct Relationship {
    id: String,
    kind: String,
    target: String,
}

/// The relationships of `part` (`""` for the package's own).
fn relationships(archive: &mut Archive, parts: &Parts, part: &str) -> Result<Vec<Relationship>> {
    let file_name = &part[directory_of(part).len()..];
    let rels = format!("{}_rels/{file_name}.rels", directory_of(part));
    let Some(mut xml) = xml_part(archive, parts, &rels)? else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match next_event(&mut xml, &mut buf)? {
            Event::Start(e) if e.local_name().as_ref() == "Relationship" => {
                if attribute(&e, "TargetMode").as_deref() == Some("External") {
                    continue;
                }
                if let (Some(id), Some(kind), Some(target)) = (
                    attribute(&e, "Id"),
                    attribute(&e, "Type"),
                    attribute(&e, "Target"),
                ) {
                    let target = resolve(part, &target);
                    found.push(Relationship { id, kind, target });
                }
            }
            Event::Eof => return Ok(found),
            _ => {}
        }
    }
}

/// The workbook's first sheet (name and relationship id) and its date system.
fn first_sheet(archive: &mut Archive, parts: &Parts, part: &str) -> Result<(String, String, bool)> {
    let mut xml = xml_part(archive, parts, part)?
        .ok_or_else(|| unreadable(format!("its part {part} is missing")))?;
    let mut is_1904 = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match next_event(&mut xml, &mut buf)? {
            Event::Start(e) if e.local_name().as_ref() == "workbookPr" => {
                is_1904 = matches!(attribute(&e, "date1904").as_deref(), Some("1" | "true"));
            }
            Event::Start(e) if e.local_name().as_ref() == "sheet" => {
                let name = attribute(&e, "name").unwrap_or_default();
                // The relationship id's prefix varies (`r:id`, `ns1:id`…).
                let id = e.attributes().flatten().find_map(|a| {
                    let key = a.key.as_ref();
                    (key.ends_with(":id"))
                        .then(|| a.normalized_value(XmlVersion::Implicit1_0).ok())
                        .flatten()
                        .map(|v| v.into_owned())
                });
                let id = id.ok_or_else(|| unreadable(format!("its sheet '{name}' has no id")))?;
                return Ok((name, id, is_1904));
            }
            Event::Eof => return Err(Error::invalid("The workbook has no sheet")),
            _ => {}
        }
    }
}

/// For each cell style, whether its number format shows a date (a duration format does not:
/// calamine renders those as numbers too).
fn date_styles(archive: &mut Archive, parts: &Parts, part: &str) -> Result<Vec<bool>> {
    let Some(mut xml) = xml_part(archive, parts, part)? else {
        return Ok(Vec::new());
    };
    let mut custom_dates: HashMap<u32, bool> = HashMap::new();
    let mut styles = Vec::new();
    let mut in_cell_xfs = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match next_event(&mut xml, &mut buf)? {
            Event::Start(e) if e.local_name().as_ref() == "numFmt" => {
                if let (Some(id), Some(code)) = (
                    attribute(&e, "numFmtId").and_then(|id| id.parse().ok()),
                    attribute(&e, "formatCode"),
                ) {
                    custom_dates.insert(id, is_date_format(&code));
                }
            }
            Event::Start(e) if e.local_name().as_ref() == "cellXfs" => in_cell_xfs = true,
            Event::End(e) if e.local_name().as_ref() == "cellXfs" => in_cell_xfs = false,
            Event::Start(e) if in_cell_xfs && e.local_name().as_ref() == "xf" => {
                let id = attribute(&e, "numFmtId").and_then(|id| id.parse::<u32>().ok());
                styles.push(id.is_some_and(|id| {
                    custom_dates
                        .get(&id)
                        .copied()
                        .unwrap_or(matches!(id, 14..=22 | 27..=36 | 45 | 47 | 50..=58))
                }));
            }
            Event::Eof => return Ok(styles),
            _ => {}
        }
    }
}

/// Whether a custom number format shows a date or time of day: a d, m, y, h or s (or an
/// AM/PM marker) in its first section, outside quotes, escapes and brackets. `[h]:mm`-style
/// elapsed times are durations, not dates. (calamine's rule, so both readers agree.)
fn is_date_format(code: &str) -> bool {
    let mut escaped = false;
    let mut quoted = false;
    let mut brackets = 0u8;
    let mut previous = ' ';
    let mut elapsed = false;
    let mut after_a = false;
    for c in code.chars() {
        match (c, escaped, quoted, after_a, brackets) {
            (_, true, ..) => escaped = false,
            ('_' | '\\' | '*', ..) => escaped = true,
            ('"', _, true, ..) => quoted = false,
            (_, _, true, ..) => {}
            ('"', ..) => quoted = true,
            (';', ..) => return false,
            ('[', ..) => brackets += 1,
            (']', .., 1) if elapsed => return false,
            (']', ..) => brackets = brackets.saturating_sub(1),
            ('a' | 'A', _, _, false, 0) => after_a = true,
            ('p' | 'm' | '/' | 'P' | 'M', _, _, true, 0) => return true,
            ('d' | 'm' | 'h' | 'y' | 's' | 'D' | 'M' | 'H' | 'Y' | 'S', _, _, false, 0) => {
                return true;
            }
            _ => {
                if !(elapsed && c.eq_ignore_ascii_case(&previous)) {
                    elapsed = previous == '[' && matches!(c, 'm' | 'h' | 's' | 'M' | 'H' | 'S');
                }
            }
        }
        previous = c;
    }
    false
}

// ---- Shared strings ----

/// The shared-string table, spilled: each string's UTF-8 in `text`, and in `index` the
/// offset where each starts, plus one past the last.
struct SharedStrings {
    count: u64,
    index: BlockCache,
    text: BlockCache,
    _spilled: SpillShare,
}

/// A reader's share of the server's spill space, given back when it is dropped.
struct SpillShare(u64);

impl SpillShare {
    /// Takes `bytes` more, unless the server's space or one workbook's share would overflow.
    fn grow(&mut self, bytes: u64) -> Result<()> {
        use std::sync::atomic::Ordering;
        if self.0 + bytes > MAX_SHARED_STRING_BYTES {
            return Err(Error::invalid(format!(
                "The workbook's text unpacks to more than {} MiB",
                MAX_SHARED_STRING_BYTES / 1024 / 1024
            )));
        }
        let before = SPILLED.fetch_add(bytes, Ordering::Relaxed);
        self.0 += bytes;
        if before + bytes > MAX_SERVER_SPILL_BYTES {
            return Err(Error::RateLimited(
                "The server is reading other large workbooks; try again in a few minutes"
                    .to_owned(),
            ));
        }
        Ok(())
    }
}

impl Drop for SpillShare {
    fn drop(&mut self) {
        SPILLED.fetch_sub(self.0, std::sync::atomic::Ordering::Relaxed);
    }
}

impl SharedStrings {
    fn spill(archive: &mut Archive, parts: &Parts, part: &str) -> Result<Self> {
        let spill_error = |e: io::Error| Error::Internal(format!("spilling shared strings: {e}"));
        let mut index = BufWriter::new(tempfile::tempfile().map_err(spill_error)?);
        let mut text = BufWriter::new(tempfile::tempfile().map_err(spill_error)?);
        let mut offset = 0u64;
        let mut count = 0u64;
        let mut spilled = SpillShare(0);
        if let Some(mut xml) = xml_part(archive, parts, part)? {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match next_event(&mut xml, &mut buf)? {
                    Event::Start(e) if e.local_name().as_ref() == "si" => {
                        if count == MAX_SHARED_STRINGS {
                            return Err(Error::invalid(format!(
                                "The workbook's shared-string table holds more than \
                                 {MAX_SHARED_STRINGS} strings"
                            )));
                        }
                        let item = string_item(&mut xml, "si")?;
                        spilled.grow(8 + item.len() as u64)?;
                        index
                            .write_all(&offset.to_le_bytes())
                            .map_err(spill_error)?;
                        text.write_all(item.as_bytes()).map_err(spill_error)?;
                        offset += item.len() as u64;
                        count += 1;
                    }
                    Event::Eof => break,
                    _ => {}
                }
            }
        }
        index
            .write_all(&offset.to_le_bytes())
            .map_err(spill_error)?;
        let into_file =
            |writer: BufWriter<File>| writer.into_inner().map_err(|e| spill_error(e.into_error()));
        Ok(Self {
            count,
            index: BlockCache::new(into_file(index)?),
            text: BlockCache::new(into_file(text)?),
            _spilled: spilled,
        })
    }

    fn get(&mut self, index: u64) -> Result<String> {
        if index >= self.count {
            return Err(unreadable(format!(
                "a cell names shared string {index} of {}",
                self.count
            )));
        }
        let read_error = |e: io::Error| Error::Internal(format!("reading shared strings: {e}"));
        let bounds = self.index.read(index * 8, 16).map_err(read_error)?;
        let start = u64::from_le_bytes(bounds[..8].try_into().expect("eight bytes"));
        let end = u64::from_le_bytes(bounds[8..].try_into().expect("eight bytes"));
        let bytes = self
            .text
            .read(start, (end - start) as usize)
            .map_err(read_error)?;
        // Written from a String just before.
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// A file read through a few cached blocks, least recently used out. A sheet's lookups mix
/// a forward walk (each new string) with returns to a few early blocks (the makes, models and
/// states every row repeats), so a handful of blocks holds nearly every lookup.
struct BlockCache {
    file: File,
    /// (block number, its bytes, when last used).
    blocks: Vec<(u64, Vec<u8>, u64)>,
    clock: u64,
    /// A value that spans blocks, read whole.
    spanning: Vec<u8>,
}

impl BlockCache {
    fn new(file: File) -> Self {
        Self {
            file,
            blocks: Vec::with_capacity(CACHED_BLOCKS),
            clock: 0,
            spanning: Vec::new(),
        }
    }

    fn read_at(file: &mut File, offset: u64, buffer: &mut Vec<u8>, len: usize) -> io::Result<()> {
        buffer.resize(len, 0);
        file.seek(SeekFrom::Start(offset))?;
        let mut filled = 0;
        while filled < len {
            match file.read(&mut buffer[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        buffer.truncate(filled);
        Ok(())
    }

    fn read(&mut self, offset: u64, len: usize) -> io::Result<&[u8]> {
        let block = offset / BLOCK_BYTES as u64;
        let from = (offset % BLOCK_BYTES as u64) as usize;
        if from + len > BLOCK_BYTES {
            let mut spanning = std::mem::take(&mut self.spanning);
            Self::read_at(&mut self.file, offset, &mut spanning, len)?;
            self.spanning = spanning;
            return if self.spanning.len() == len {
                Ok(&self.spanning)
            } else {
                Err(io::ErrorKind::UnexpectedEof.into())
            };
        }
        self.clock += 1;
        let slot = match self.blocks.iter().position(|(b, ..)| *b == block) {
            Some(slot) => slot,
            None => {
                let slot = if self.blocks.len() < CACHED_BLOCKS {
                    self.blocks.push((block, Vec::new(), 0));
                    self.blocks.len() - 1
                } else {
                    let (slot, _) = self
                        .blocks
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, (.., used))| *used)
                        .expect("a cache of blocks");
                    slot
                };
                let entry = &mut self.blocks[slot];
                entry.0 = block;
                Self::read_at(
                    &mut self.file,
                    block * BLOCK_BYTES as u64,
                    &mut entry.1,
                    BLOCK_BYTES,
                )?;
                slot
            }
        };
        let entry = &mut self.blocks[slot];
        entry.2 = self.clock;
        entry
            .1
            .get(from..from + len)
            .ok_or_else(|| io::ErrorKind::UnexpectedEof.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn cell_references_and_escapes() {
        assert_eq!(cell_position(b"A1"), Some((0, 0)));
        assert_eq!(cell_position(b"AB12"), Some((11, 27)));
        assert_eq!(cell_position(b"XFD1048576"), Some((1_048_575, 16_383)));
        assert_eq!(cell_position(b"12"), None);
        assert_eq!(cell_position(b"A0"), None);
        let mut out = String::new();
        push_unescaped("a_x000D_b_x005F_x_xD83D__xDE00_c_xZZ", &mut out);
        assert_eq!(out, "a\rb_x😀c_xZZ");
        assert_eq!(
            resolve("xl/workbook.xml", "worksheets/sheet1.xml"),
            "xl/worksheets/sheet1.xml"
        );
        assert_eq!(
            resolve("xl/workbook.xml", "/xl/styles.xml"),
            "xl/styles.xml"
        );
        assert_eq!(
            resolve("xl/workbook.xml", "../custom/x.xml"),
            "custom/x.xml"
        );
        assert!(is_date_format("yyyy-mm-dd"));
        assert!(is_date_format("[$-409]m/d/yy h:mm AM/PM;@"));
        assert!(!is_date_format("[h]:mm:ss"));
        assert!(!is_date_format("0.00;[Red]-0.00"));
        assert!(!is_date_format("\"day\" 0"));
    }

    /// Every kind of cell a writer produces reads as calamine reads it, with rows and columns
    /// in place: shared, rich and inline strings, escapes, numbers, dates by built-in and
    /// custom formats, durations, booleans, formula results, gaps, and more strings than one
    /// cache block of the spill holds.
    #[test]
    fn cells_read_as_calamine_reads_them() {
        use calamine::{Reader, Xlsx, open_workbook_from_rs};
        use rust_xlsxwriter::{Color, ExcelDateTime as WriterDate, Format, Workbook as Writer};

        let mut writer = Writer::new();
        let sheet = writer.add_worksheet();
        sheet.set_name("Customers Ü").unwrap();
        let date = Format::new().set_num_format("yyyy-mm-dd");
        let stamp = Format::new().set_num_format("[$-409]m/d/yy h:mm AM/PM");
        let elapsed = Format::new().set_num_format("[h]:mm:ss");
        let builtin = Format::new().set_num_format_index(14);
        let money = Format::new().set_num_format("$#,##0.00");
        let red = Format::new().set_font_color(Color::Red);
        sheet.write_string(0, 0, "Cust #").unwrap();
        sheet.write_string(0, 2, "  Name & <Co>  ").unwrap();
        sheet.write_string(0, 3, "Sold").unwrap();
        sheet.write_number(1, 0, 10_042.0).unwrap();
        sheet.write_number(1, 1, 1.25).unwrap();
        sheet
            .write_string(1, 2, "Line\nbreak_x000D_ \"quoted\" é 😀")
            .unwrap();
        sheet
            .write_datetime_with_format(1, 3, WriterDate::from_ymd(2026, 3, 14).unwrap(), &date)
            .unwrap();
        sheet
            .write_datetime_with_format(
                1,
                4,
                WriterDate::parse_from_str("2026-03-14 09:30:00").unwrap(),
                &stamp,
            )
            .unwrap();
        sheet.write_number_with_format(1, 5, 1.5, &elapsed).unwrap();
        sheet
            .write_number_with_format(1, 6, 45_000.0, &builtin)
            .unwrap();
        sheet.write_number_with_format(1, 7, 12.5, &money).unwrap();
        sheet.write_boolean(2, 0, true).unwrap();
        sheet.write_boolean(2, 1, false).unwrap();
        sheet
            .write_rich_string(2, 2, &[(&Format::default(), "Rich "), (&red, "text")])
            .unwrap();
        sheet.write_formula(2, 3, "=1+1").unwrap();
        sheet.write_number(2, 4, 5_551_234_567.0).unwrap();
        sheet.write_number(2, 5, -0.000_125).unwrap();
        for row in 3..6_000u32 {
            sheet
                .write_string(row, (row % 5) as u16, format!("1HGCM82633A{row:06}"))
                .unwrap();
        }
        sheet.write_string(6_100, 7, "after a gap").unwrap();
        let content = writer.save_to_buffer().unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(&content).unwrap();

        let mut ours = Workbook::open(file.path()).unwrap().expect("an XLSX");
        assert_eq!(ours.sheet_name, "Customers Ü");
        let mut cells = Vec::new();
        let mut last_row = None;
        let flow = ours.for_each_cell(|event| {
            match event {
                SheetEvent::Dimension { last_row: row } => last_row = Some(row),
                SheetEvent::Cell { row, column, text } if !text.is_empty() => {
                    cells.push((row, column, text));
                }
                SheetEvent::Cell { .. } => {}
            }
            Ok(ControlFlow::Continue(()))
        });
        assert!(flow.unwrap().is_continue());
        assert_eq!(last_row, Some(6_100));

        let mut theirs: Xlsx<_> = open_workbook_from_rs(std::io::Cursor::new(content)).unwrap();
        let range = theirs.worksheet_range("Customers Ü").unwrap();
        let (top, left) = range.start().unwrap();
        let mut expected = Vec::new();
        for (r, row) in range.rows().enumerate() {
            for (c, value) in row.iter().enumerate() {
                let text = super::super::reader::data_text(value);
                if !text.is_empty() {
                    expected.push((top + r as u32, left + c as u32, text));
                }
            }
        }
        assert_eq!(cells.len(), expected.len());
        for (ours, theirs) in cells.iter().zip(&expected) {
            assert_eq!(ours, theirs);
        }
        assert!(cells.contains(&(1, 3, "2026-03-14".into())));
        assert!(cells.contains(&(1, 4, "2026-03-14 09:30:00".into())));
        assert!(cells.contains(&(0, 2, "  Name & <Co>  ".into())));
    }

    fn workbook_of(parts: &[(&str, &str)]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        let mut zip = zip::ZipWriter::new(file.as_file_mut());
        for (name, content) in parts {
            zip.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(content.as_bytes()).unwrap();
        }
        zip.finish().unwrap();
        file
    }

    fn cells_of(file: &tempfile::NamedTempFile) -> Result<Vec<(u32, u32, String)>> {
        let mut workbook = Workbook::open(file.path())?.expect("an XLSX");
        let mut cells = Vec::new();
        let _always_continues = workbook.for_each_cell(|event| {
            if let SheetEvent::Cell { row, column, text } = event {
                cells.push((row, column, text));
            }
            Ok(ControlFlow::Continue(()))
        })?;
        Ok(cells)
    }

    const WORKBOOK: &str = r#"<workbook xmlns:x="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr date1904="1"/><sheets><sheet name="Data" sheetId="1" x:id="rId7"/></sheets></workbook>"#;
    const RELS: &str = r#"<Relationships><Relationship Id="rId7" Type="http://x/worksheet" Target="/XL/Sheets/One.xml"/><Relationship Id="rId8" Type="http://x/sharedStrings" Target="strings.xml"/><Relationship Id="rId9" Type="http://x/styles" Target="styles.xml"/></Relationships>"#;
    const STYLES: &str = r#"<styleSheet><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>"#;

    /// Hand-written parts in the odd shapes other writers use: parts named in another case,
    /// an absolute sheet target, a renamed shared-strings part, cells without references,
    /// inline strings, ISO dates, errors, the 1904 date system, phonetic readings.
    #[test]
    fn the_shapes_other_writers_produce() {
        let sheet = r#"<worksheet><sheetData><row><c t="inlineStr"><is><t>A &amp; B</t></is></c><c t="s"><v>1</v></c><c s="1"><v>0</v></c></row><row r="5"><c t="e"><v>#DIV/0!</v></c><c t="d"><v>2026-03-14T09:30:00</v></c><c r="D5" t="s"><v>0</v></c></row></sheetData></worksheet>"#;
        let strings = r#"<sst><si><t>first</t><rPh><t>reading</t></rPh></si><si><r><t xml:space="preserve">two </t></r><r><t>runs</t></r></si></sst>"#;
        let file = workbook_of(&[
            ("xl/workbook.xml", WORKBOOK),
            ("xl/_rels/workbook.xml.rels", RELS),
            ("xl/sheets/one.xml", sheet),
            ("xl/strings.xml", strings),
            ("xl/styles.xml", STYLES),
        ]);
        assert_eq!(
            cells_of(&file).unwrap(),
            [
                (0, 0, "A & B".to_owned()),
                (0, 1, "two runs".to_owned()),
                (0, 2, "1904-01-01".to_owned()),
                (4, 0, "#DIV/0!".to_owned()),
                (4, 1, "2026-03-14T09:30:00".to_owned()),
                (4, 3, "first".to_owned()),
            ]
        );

        // A cell naming a shared string the table does not have is a broken workbook.
        let broken = workbook_of(&[
            ("xl/workbook.xml", WORKBOOK),
            ("xl/_rels/workbook.xml.rels", RELS),
            (
                "xl/sheets/one.xml",
                r#"<worksheet><sheetData><row><c t="s"><v>2</v></c></row></sheetData></worksheet>"#,
            ),
            ("xl/strings.xml", strings),
        ]);
        let error = cells_of(&broken).unwrap_err().to_string();
        assert!(error.contains("shared string 2 of 2"), "{error}");

        // No XML workbook: not ours to read (calamine tries it as XLSB).
        let other = workbook_of(&[("xl/workbook.bin", "binary")]);
        assert!(Workbook::open(other.path()).unwrap().is_none());
    }
}
