//! Reading the workbook formats calamine reads (XLS, ODS, XLSB) in a child process, under a
//! memory and a CPU limit. calamine loads a whole sheet (XLSB: its whole shared-string table)
//! and sizes it by what the file says: a 5 KB XLS whose DIMENSIONS record claims 2³² rows asks
//! for petabytes, an ODS row repeated across 16,384 columns builds millions of cells. In a
//! child, such a file ends the child, never the server, and is refused with a message that
//! names the limit.
//!
//! The child is this same program started with [`CHILD_COMMAND`] (the `bayline` binary calls
//! [`run_if_asked`] before anything else). It writes one JSON message per line: the header,
//! each row, then `done` or `failed`; the parent hands them on as the in-process readers do,
//! so preview, upload, sync and the error file read these formats exactly as before.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::reader::{FileFormat, FileInfo, ReadEvent, SourceRow, read_with_calamine};
use domain::error::{Error, Result};

/// The first argument that makes the program a workbook reader.
pub const CHILD_COMMAND: &str = "__read-workbook";

/// The memory a child may allocate (its heap and other private writable mappings).
pub const MEMORY_LIMIT_BYTES: u64 = 256 * 1024 * 1024;
/// The processor time a child may use.
pub const CPU_LIMIT_SECS: u64 = 60;
/// The longest message the parent takes from a child: a row of 200 cells of the longest
/// length, written as JSON.
const MAX_MESSAGE_BYTES: u64 = 48 * 1024 * 1024;

static PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// Names the program started as the child (default: the running one). Tests whose binary is
/// not `bayline` name it; the first call wins.
pub fn use_program(path: PathBuf) {
    let _ = PROGRAM.set(path);
}

fn program() -> Result<PathBuf> {
    if let Some(path) = PROGRAM.get() {
        return Ok(path.clone());
    }
    std::env::current_exe()
        .map_err(|e| Error::Internal(format!("finding the program to read a workbook with: {e}")))
}

/// One line of the child's output.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "message", rename_all = "camelCase")]
enum Message {
    Header {
        sheet: Option<String>,
        headers: Vec<String>,
    },
    Row {
        line: u64,
        done: u64,
        cells: Vec<String>,
        problem: Option<String>,
    },
    Failed {
        problems: Vec<String>,
    },
    Done,
}

// ---- The parent ----

/// Ends the child when the read ends early (the caller had rows enough, or failed).
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads the workbook at `path` (of `format`: XLS, ODS or XLSB) in a child process, reporting
/// its header and rows to `on_event` as [`super::reader::read_file`] does.
pub(super) fn read(
    path: &Path,
    format: FileFormat,
    size: u64,
    on_event: &mut impl FnMut(ReadEvent<'_>) -> ControlFlow<()>,
) -> Result<FileInfo> {
    let mut child = Command::new(program()?)
        .arg(CHILD_COMMAND)
        .arg(format.as_str())
        .arg(path)
        .arg(size.to_string())
        // The child needs nothing of the server's settings (secrets among them).
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Error::Internal(format!("starting the workbook reader: {e}")))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| Error::Internal("the workbook reader has no output".to_owned()))?;
    let mut child = Reaped(child);
    let mut output = BufReader::with_capacity(256 * 1024, stdout);
    let mut info = FileInfo {
        format,
        encoding: None,
        separator: None,
        sheet: None,
        headers: Vec::new(),
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut output)
            .take(MAX_MESSAGE_BYTES)
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::Internal(format!("reading the workbook reader: {e}")))?;
        if read == 0 {
            // The child ended without a last word: a limit ended it.
            return Err(stopped_by(child.0.wait().ok(), format));
        }
        if line.last() != Some(&b'\n') {
            return Err(Error::invalid(format!(
                "The workbook could not be read: a row is larger than {} MB",
                MAX_MESSAGE_BYTES / 1024 / 1024
            )));
        }
        let message: Message = serde_json::from_slice(&line)
            .map_err(|e| Error::Internal(format!("the workbook reader wrote {e}")))?;
        let flow = match message {
            Message::Header { sheet, headers } => {
                info.sheet = sheet;
                info.headers = headers;
                on_event(ReadEvent::Header(&info))
            }
            Message::Row {
                line,
                done,
                cells,
                problem,
            } => on_event(ReadEvent::Row(
                SourceRow {
                    line,
                    cells,
                    problem,
                },
                done,
            )),
            Message::Failed { problems } => return Err(Error::invalid_all(problems)),
            Message::Done => return Ok(info),
        };
        if flow.is_break() {
            return Ok(info);
        }
    }
}

/// Why a child that said nothing more ended: its processor time ran out, or (an allocation
/// refused aborts it) its memory did.
fn stopped_by(status: Option<ExitStatus>, format: FileFormat) -> Error {
    use std::os::unix::process::ExitStatusExt;
    const SIGKILL: i32 = 9;
    const SIGXCPU: i32 = 24;
    let advice = "save it as XLSX or CSV and upload it again";
    match status.and_then(|s| s.signal()) {
        Some(SIGXCPU | SIGKILL) => Error::invalid(format!(
            "The {format} workbook could not be read within the {CPU_LIMIT_SECS} s of processing \
             Bayline gives a file; {advice}"
        )),
        _ => {
            tracing::warn!(?status, %format, "the workbook reader stopped");
            Error::invalid(format!(
                "The {format} workbook could not be read within the {} MB of memory Bayline \
                 gives a file (its sheet may claim far more rows or columns than it holds); \
                 {advice}",
                MEMORY_LIMIT_BYTES / 1024 / 1024
            ))
        }
    }
}

// ---- The child ----

/// When the process was started as a workbook reader (its first argument is
/// [`CHILD_COMMAND`]), reads the workbook its arguments name and returns the exit status; else
/// `None`. Called first thing in `main`, before any thread or allocation of note.
pub fn run_if_asked() -> Option<i32> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != CHILD_COMMAND {
        return None;
    }
    let rest: Vec<OsString> = args.collect();
    let [format, path, size] = rest.as_slice() else {
        return Some(2);
    };
    let (Some(format), Some(size)) = (
        format.to_str().and_then(|f| f.parse::<FileFormat>().ok()),
        size.to_str().and_then(|s| s.parse::<u64>().ok()),
    ) else {
        return Some(2);
    };
    if let Err(error) = limit_resources() {
        eprintln!("could not limit the workbook reader: {error}");
        return Some(3);
    }
    Some(child(
        Path::new(path),
        format,
        size,
        std::io::stdout().lock(),
    ))
}

fn limit_resources() -> nix::Result<()> {
    use nix::sys::resource::{Resource, setrlimit};
    setrlimit(
        Resource::RLIMIT_DATA,
        MEMORY_LIMIT_BYTES,
        MEMORY_LIMIT_BYTES,
    )?;
    // SIGXCPU at the soft limit; the hard one kills a child that ignores it.
    setrlimit(Resource::RLIMIT_CPU, CPU_LIMIT_SECS, CPU_LIMIT_SECS + 5)?;
    // It writes no file.
    setrlimit(Resource::RLIMIT_FSIZE, 0, 0)
}

/// Reads the workbook and writes its messages to `out`. A malformed file, even one that makes
/// calamine panic, ends with a `failed` message; only a limit ends it silently.
fn child(path: &Path, format: FileFormat, size: u64, out: impl Write) -> i32 {
    let mut out = BufWriter::with_capacity(256 * 1024, out);
    let send = |message: &Message, out: &mut BufWriter<_>| -> ControlFlow<()> {
        let written = serde_json::to_writer(&mut *out, message)
            .map_err(std::io::Error::from)
            .and_then(|()| out.write_all(b"\n"));
        // A write fails when the parent had rows enough and went.
        if written.is_err() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        read_with_calamine(path, format, size, &mut |event| match event {
            ReadEvent::Header(info) => send(
                &Message::Header {
                    sheet: info.sheet.clone(),
                    headers: info.headers.clone(),
                },
                &mut out,
            ),
            ReadEvent::Row(row, done) => send(
                &Message::Row {
                    line: row.line,
                    done,
                    cells: row.cells,
                    problem: row.problem,
                },
                &mut out,
            ),
        })
    }));
    let last = match read {
        Ok(Ok(_)) => Message::Done,
        Ok(Err(Error::Validation { errors, .. })) => Message::Failed { problems: errors },
        Ok(Err(other)) => Message::Failed {
            problems: vec![format!("The workbook could not be read: {other}")],
        },
        Err(_) => Message::Failed {
            problems: vec![format!(
                "The workbook could not be read: it is not a valid {format} file"
            )],
        },
    };
    let _ = serde_json::to_writer(&mut out, &last);
    let _ = out.write_all(b"\n");
    let _ = out.flush();
    0
}

/// Reads a whole file the child was pointed at, for tests of the protocol.
#[cfg(test)]
fn child_output(path: &Path, format: FileFormat) -> Vec<Message> {
    let size = std::fs::File::open(path)
        .and_then(|f| f.metadata())
        .map(|m| m.len())
        .unwrap_or(0);
    let mut out = Vec::new();
    let _ = child(path, format, size, &mut out);
    out.split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("a message"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_no_workbook_ends_with_a_failed_message() {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1 not a compound file")
            .unwrap();
        let messages = child_output(file.path(), FileFormat::Xls);
        assert!(
            matches!(messages.as_slice(), [Message::Failed { problems }] if problems[0].contains("could not be read")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_child_stopped_by_a_limit_is_refused_naming_the_limit() {
        use std::os::unix::process::ExitStatusExt;
        let aborted = stopped_by(Some(ExitStatus::from_raw(6)), FileFormat::Xls);
        assert!(
            aborted.to_string().contains("256 MB of memory"),
            "{aborted}"
        );
        let out_of_time = stopped_by(Some(ExitStatus::from_raw(24)), FileFormat::Ods);
        assert!(out_of_time.to_string().contains("60 s"), "{out_of_time}");
    }
}
