//! Loading a kept file: its bytes spooled to a temporary file, read on a blocking thread and
//! handed over in batches through a small channel (so memory holds a couple of batches, however
//! large the file), each batch checked and written with the report's checkpoint, then the
//! imported leads enriched. A run that stopped part-way resumes after the last written batch.

use std::future::Future;
use std::ops::ControlFlow;

use chrono::{NaiveDate, Utc};
use tokio::sync::mpsc;

use super::reader::{ReadEvent, SourceRow, read_file};
use super::spool::KeptUploads;
use super::{BATCH_ROWS, ImportStatus, fields, read_record};
use crate::error::{Error, Result};
use crate::store::imports::{
    BatchCounts, BatchCustomers, BatchWrite, EnrichmentCounts, ImportReport, ImportStore, RowBatch,
};

/// How far a load is, after each batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadProgress {
    pub rows_done: i64,
    pub bytes_read: u64,
    pub size_bytes: u64,
}

/// Who follows a load: told after each written batch, and asked whether to go on.
pub trait LoadObserver: Sync {
    /// `Ok(false)` stops the load (it was cancelled); an error stops it too and is returned.
    fn batch_loaded(&self, progress: LoadProgress) -> impl Future<Output = Result<bool>> + Send;
}

/// Goes on to the end, whatever happens.
pub struct Unobserved;

impl LoadObserver for Unobserved {
    async fn batch_loaded(&self, _: LoadProgress) -> Result<bool> {
        Ok(true)
    }
}

#[derive(Debug, Clone)]
pub enum LoadOutcome {
    Finished(Box<ImportReport>, EnrichmentCounts),
    Cancelled(Box<ImportReport>),
}

/// Deaths of the process loading a file after which the file is set aside (FAILED) instead of
/// being read again: one that kills its reader must not kill every worker in turn.
pub const MAX_INTERRUPTIONS: i32 = 2;

/// At most this many unchanged batches in a row go unwritten, so the report's progress and
/// checkpoint still move every few thousand rows.
const MAX_DEFERRED_BATCHES: u32 = 16;

/// Unchanged batches read since the last written one.
#[derive(Debug, Clone, Copy, Default)]
struct Carried {
    rows: u64,
    counts: BatchCounts,
    batches: u32,
    bytes_read: u64,
}

/// A batch of rows read and checked.
struct Checked {
    count: usize,
    records: Vec<super::Record>,
    problems: Vec<super::RowProblem>,
}

/// A checked batch and the bytes of the file behind its last row.
struct Chunk(Checked, u64);

/// Loads report `report_id`'s file (see the module's description), read where the upload
/// was kept when it is in `kept`, else spooled from the database's copy. A report already
/// final is returned as it is (but for one its run gave up on, which is resumed). A file that
/// turns out unreadable fails the report (FAILED, its reason kept) and the validation error is
/// returned; other errors leave it to be resumed. The kept file goes when the load is over.
pub async fn load_file(
    store: &ImportStore,
    enterprise_id: i64,
    report_id: i64,
    today: NaiveDate,
    observer: &impl LoadObserver,
    kept: Option<&KeptUploads>,
) -> Result<LoadOutcome> {
    let loaded = load_report(store, enterprise_id, report_id, today, observer, kept).await;
    // Over when loaded, cancelled or unreadable; an interrupted load reads it again.
    let over = matches!(&loaded, Ok(_) | Err(Error::Validation { .. }));
    if let Some(kept) = kept.filter(|_| over) {
        kept.forget(report_id);
    }
    loaded
}

async fn load_report(
    store: &ImportStore,
    enterprise_id: i64,
    report_id: i64,
    today: NaiveDate,
    observer: &impl LoadObserver,
    kept: Option<&KeptUploads>,
) -> Result<LoadOutcome> {
    let report = store.report(enterprise_id, report_id).await?;
    if !store.is_resumable(&report).await? {
        return Ok(LoadOutcome::Finished(
            Box::new(report),
            EnrichmentCounts::default(),
        ));
    }
    let interruptions = store.mark_running(report.id).await?;
    if interruptions >= MAX_INTERRUPTIONS {
        // Set aside: a sync skips a FAILED file until it changes.
        let reason = format!(
            "Reading this file stopped the server {interruptions} times; it is set aside and \
             not read again. Fix the file and deliver it again (a changed file is read anew)"
        );
        tracing::error!(report = report.id, "{reason}");
        store
            .finish(report.id, ImportStatus::Failed, Some(&reason), Utc::now())
            .await?;
        return Err(Error::invalid(reason));
    }
    let at_hand = kept.and_then(|kept| kept.at_hand(report.id, report.size_bytes));
    // The database's copy, spooled only when the upload is not kept here.
    let mut spooled = None;
    let path = match at_hand {
        Some(path) => path,
        None => {
            let file = tempfile::NamedTempFile::new()
                .map_err(|e| Error::Internal(format!("creating a spool file: {e}")))?;
            let mut to = tokio::fs::File::create(file.path())
                .await
                .map_err(|e| Error::Internal(format!("creating a spool file: {e}")))?;
            store.spool(report.id, &mut to).await?;
            spooled.insert(file).path().to_owned()
        }
    };
    match load_rows(store, &report, &path, observer).await {
        Ok(true) => {}
        Ok(false) => {
            store
                .finish(report.id, ImportStatus::Cancelled, None, Utc::now())
                .await?;
            let report = store.report(enterprise_id, report_id).await?;
            return Ok(LoadOutcome::Cancelled(Box::new(report)));
        }
        Err(error @ Error::Validation { .. }) => {
            let reason = match &error {
                Error::Validation { errors, .. } => errors.join("; "),
                _ => error.to_string(),
            };
            store
                .finish(report.id, ImportStatus::Failed, Some(&reason), Utc::now())
                .await?;
            return Err(error);
        }
        Err(other) => {
            if let Err(error) = store.mark_stopped(report.id).await {
                tracing::warn!(report = report.id, %error, "could not hand a stopped load back");
            }
            return Err(other);
        }
    }
    drop(spooled);
    let enrichment = if report.file_type.makes_leads() {
        store.enrich_report(&report, today, Utc::now()).await?
    } else {
        EnrichmentCounts::default()
    };
    store
        .finish(report.id, ImportStatus::Completed, None, Utc::now())
        .await?;
    let report = store.report(enterprise_id, report_id).await?;
    Ok(LoadOutcome::Finished(Box::new(report), enrichment))
}

/// Reads and writes the rows after the checkpoint; `Ok(false)` when the observer stopped it.
async fn load_rows(
    store: &ImportStore,
    report: &ImportReport,
    path: &std::path::Path,
    observer: &impl LoadObserver,
) -> Result<bool> {
    let size = report.size_bytes.max(0) as u64;
    let skip = report.rows_done.max(0) as u64;
    let (sender, receiver) = mpsc::channel::<Chunk>(2);
    let reading_path = path.to_owned();
    let file_type = report.file_type;
    let chosen = report.field_mapping();
    // Rows are read and checked on a blocking thread, while the loader writes the batch
    // before: reading, checking and writing overlap.
    let reader = tokio::task::spawn_blocking(move || {
        let mut seen = 0u64;
        let mut batch = Vec::with_capacity(BATCH_ROWS);
        let mut last_position = 0;
        let mut mapping = None;
        let mut headers = Vec::new();
        let mut mapping_error = None;
        let check = |rows: Vec<SourceRow>, mapping: &fields::ColumnMapping, headers: &[String]| {
            let count = rows.len();
            let mut records = Vec::with_capacity(count);
            let mut problems = Vec::new();
            for row in rows {
                match read_record(file_type, mapping, headers, row) {
                    Ok(record) => records.push(record),
                    Err(found) => problems.extend(found),
                }
            }
            Checked {
                count,
                records,
                problems,
            }
        };
        let info = read_file(&reading_path, size, |event| {
            let sent = match event {
                ReadEvent::Header(info) => {
                    match fields::resolve(file_type, &info.headers, Some(&chosen), None) {
                        Ok(found) => {
                            mapping = Some(found);
                            headers = info.headers.clone();
                            return ControlFlow::Continue(());
                        }
                        Err(error) => {
                            mapping_error = Some(error);
                            return ControlFlow::Break(());
                        }
                    }
                }
                ReadEvent::Row(row, position) => {
                    seen += 1;
                    last_position = position;
                    if seen <= skip {
                        return ControlFlow::Continue(());
                    }
                    batch.push(row);
                    if batch.len() < BATCH_ROWS {
                        return ControlFlow::Continue(());
                    }
                    let Some(mapping) = &mapping else {
                        return ControlFlow::Break(());
                    };
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_ROWS));
                    sender.blocking_send(Chunk(check(full, mapping, &headers), position))
                }
            };
            // The loader stopped listening: it was cancelled or failed.
            if sent.is_err() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(error) = mapping_error {
            return Err(error);
        }
        if let (Ok(_), Some(mapping)) = (&info, &mapping)
            && !batch.is_empty()
        {
            let _ = sender.blocking_send(Chunk(
                check(batch, mapping, &headers),
                size.max(last_position),
            ));
        }
        info
    });

    let mut ready = if store.writes_customers_ahead(report.file_type) {
        let (sender, ahead) = mpsc::channel(1);
        tokio::spawn(write_customers_ahead(
            store.clone(),
            report.clone(),
            receiver,
            sender,
        ));
        Ready::CustomersAhead(ahead)
    } else {
        Ready::Read(receiver)
    };
    let mut rows_done = report.rows_done;
    let mut batches = 0u64;
    // Unchanged batches not written yet: their rows, counts and the bytes behind them.
    let mut carried = Carried::default();
    let mut stopped = false;
    while let Some(next) = ready.next().await {
        let (Chunk(checked, position), customers_written) = next?;
        let Checked {
            count: row_count,
            records,
            problems,
        } = checked;
        let bytes_read = position.min(size);
        let batch = RowBatch {
            rows_done,
            rows: carried.rows + row_count as u64,
            bytes_read,
            records: &records,
            problems: &problems,
            carried: carried.counts,
            may_defer: carried.batches < MAX_DEFERRED_BATCHES,
            customers_written: customers_written.as_ref(),
        };
        match store.load_batch(report, &batch, Utc::now()).await? {
            BatchWrite::Written(_) => {
                rows_done += batch.rows as i64;
                carried = Carried::default();
            }
            BatchWrite::Deferred(counts) => {
                carried = Carried {
                    rows: batch.rows,
                    counts: carried.counts.plus(counts),
                    batches: carried.batches + 1,
                    bytes_read,
                };
            }
        }
        batches += 1;
        // A load that grows its tables many times over (a first import for a store)
        // refreshes their statistics as it goes: after 1, 4, 16, 64… batches.
        if batches.is_power_of_two() && batches.trailing_zeros().is_multiple_of(2) {
            store.refresh_statistics(report.file_type).await?;
        }
        let progress = LoadProgress {
            rows_done: rows_done + carried.rows as i64,
            bytes_read,
            size_bytes: size,
        };
        if !observer.batch_loaded(progress).await? {
            stopped = true;
            break;
        }
    }
    drop(ready);
    let read = reader
        .await
        .map_err(|e| Error::Internal(format!("the file reader stopped: {e}")))?;
    if carried.rows > 0 {
        let batch = RowBatch {
            rows_done,
            rows: carried.rows,
            bytes_read: carried.bytes_read,
            records: &[],
            problems: &[],
            carried: carried.counts,
            may_defer: false,
            customers_written: None,
        };
        store.write_carried(report, &batch).await?;
    }
    if stopped {
        return Ok(false);
    }
    read?;
    Ok(true)
}

/// Batches ready to be written: as read, or with their customers written ahead.
enum Ready {
    Read(mpsc::Receiver<Chunk>),
    CustomersAhead(mpsc::Receiver<Result<(Chunk, Option<BatchCustomers>)>>),
}

impl Ready {
    async fn next(&mut self) -> Option<Result<(Chunk, Option<BatchCustomers>)>> {
        match self {
            Self::Read(chunks) => chunks.recv().await.map(|chunk| Ok((chunk, None))),
            Self::CustomersAhead(ready) => ready.recv().await,
        }
    }
}

/// Writes each batch's customers before handing the batch on (see
/// [`ImportStore::writes_customers_ahead`]), at most two batches ahead of the loader: a load
/// that stops may leave the customers of the next two batches written, and reading them
/// again finds them unchanged. Stops at its first error (handed on) or when the loader
/// stops listening.
async fn write_customers_ahead(
    store: ImportStore,
    report: ImportReport,
    mut chunks: mpsc::Receiver<Chunk>,
    ready: mpsc::Sender<Result<(Chunk, Option<BatchCustomers>)>>,
) {
    while let Some(chunk) = chunks.recv().await {
        let written = store
            .write_customers_ahead(&report, &chunk.0.records, Utc::now())
            .await;
        let failed = written.is_err();
        if ready.send(written.map(|c| (chunk, c))).await.is_err() || failed {
            break;
        }
    }
}
