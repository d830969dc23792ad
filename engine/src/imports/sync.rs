//! A data source's sync: its connector delivers, and each file not imported before is kept
//! and loaded in load order, exactly as an upload is, with the mapping saved for the source.
//! The sync's history row adds up its files. A sync resumed after a crash goes on with the
//! same history row: files already loaded are skipped, a file half loaded resumes from its
//! checkpoint.

use chrono::{DateTime, Utc};

use super::connectors::{Connector, DeliveredFile, FileDrop, SimulatedDms};
use super::load::{LoadObserver, LoadOutcome, LoadProgress, load_file};
use super::reader::sample;
use super::sources::{SYNCED, SourceKind, SyncInput, SyncSettings, SyncStatus};
use super::spool::file_digest;
use super::{MAX_IMPORT_BYTES, fields};
use crate::error::{Error, Result};
use crate::imports::ImportStatus;
use crate::store::data_sources::{DataSource, DataSourceStore, SyncRecord};
use crate::store::imports::{ImportReport, ImportStore, NewReport};

/// The longest message a sync keeps.
const MAX_MESSAGE_CHARS: usize = 2_000;

#[derive(Debug, Clone)]
pub enum SyncOutcome {
    Finished(Box<SyncRecord>),
    Cancelled(Box<SyncRecord>),
}

/// What a sync works with.
pub struct Syncer<'a> {
    pub imports: &'a ImportStore,
    pub sources: &'a DataSourceStore,
    pub settings: &'a SyncSettings,
}

enum Planned {
    New(DeliveredFile, u64, String),
    Resume(Box<ImportReport>),
}

/// Reports a file's progress as part of the whole sync's bytes.
struct Overall<'a, O> {
    inner: &'a O,
    done_bytes: u64,
    total_bytes: u64,
}

impl<O: LoadObserver> LoadObserver for Overall<'_, O> {
    async fn batch_loaded(&self, progress: LoadProgress) -> Result<bool> {
        self.inner
            .batch_loaded(LoadProgress {
                rows_done: progress.rows_done,
                bytes_read: self.done_bytes + progress.bytes_read,
                size_bytes: self.total_bytes,
            })
            .await
    }
}

impl Syncer<'_> {
    /// Runs a sync of `input`'s source for the enterprise (see the module's description).
    /// A source that is not the input's store's, switched off, or of uploads only is refused.
    pub async fn run(
        &self,
        enterprise_id: i64,
        input: &SyncInput,
        job_run_id: Option<i64>,
        now: DateTime<Utc>,
        observer: &impl LoadObserver,
    ) -> Result<SyncOutcome> {
        let source = self
            .sources
            .source(enterprise_id, input.data_source_id)
            .await?;
        if source.store_id != Some(input.store_id) {
            return Err(Error::not_found("Data source not found"));
        }
        source.check_syncable()?;
        let boc_id = self.sources.boc_of(input.store_id).await?;
        let record = self
            .sources
            .start_sync(&source, job_run_id, input.trigger, now)
            .await?;

        let drop = FileDrop::new(self.settings.directory_of(source.id));
        let delivery = match source.source_kind {
            SourceKind::SimulatedDms => {
                let dms = SimulatedDms {
                    data_source_id: source.id,
                    drop,
                    world: self.sources.simulation_world(input.store_id).await?,
                    generated_until: source.generated_until(),
                };
                let (delivery, until) = dms.deliver_until(now).await?;
                self.sources.set_generated_until(source.id, until).await?;
                delivery
            }
            SourceKind::FileDrop | SourceKind::UploadOnly => drop.deliver(now).await?,
        };

        let mut problems: Vec<String> = delivery
            .misplaced
            .iter()
            .map(|name| {
                format!("{name}: not in a file type's folder (such as dms_customer_vehicles/)")
            })
            .chain(
                delivery
                    .linked_folders
                    .iter()
                    .map(|name| format!("{name}: a link, not a folder; links are not followed")),
            )
            .collect();
        let mut plan = Vec::new();
        let mut total_bytes = 0u64;
        for file in delivery.files {
            let path = file.path.clone();
            let digest = tokio::task::spawn_blocking(move || file_digest(&path))
                .await
                .map_err(|e| Error::Internal(format!("reading a delivered file: {e}")))?;
            let (size, sha256) = match digest {
                Ok(found) => found,
                Err(error) => {
                    problems.push(format!("{}: could not be read ({error})", file.name));
                    continue;
                }
            };
            if size == 0 {
                problems.push(format!("{}: the file is empty", file.name));
                continue;
            }
            if size > MAX_IMPORT_BYTES as u64 {
                problems.push(format!(
                    "{}: the file is larger than {} MB",
                    file.name,
                    MAX_IMPORT_BYTES / 1024 / 1024
                ));
                continue;
            }
            match self
                .imports
                .delivered_report(source.id, &file.name, &sha256)
                .await?
            {
                // Imported before, by this sync's earlier attempt or an earlier sync.
                Some(report) if !self.imports.is_resumable(&report).await? => {}
                Some(report) => {
                    total_bytes += size;
                    plan.push(Planned::Resume(Box::new(report)));
                }
                None => {
                    total_bytes += size;
                    plan.push(Planned::New(file, size, sha256));
                }
            }
        }
        let unreported_problems = problems.len() as i64;

        let today = now.date_naive();
        let mut done_bytes = 0u64;
        for planned in plan {
            let report = match planned {
                Planned::Resume(report) => *report,
                Planned::New(file, size, sha256) => {
                    match self
                        .keep(&source, &record, boc_id, &file, size, sha256, now)
                        .await?
                    {
                        Ok(report) => report,
                        Err(problem) => {
                            problems.push(problem);
                            done_bytes += size;
                            continue;
                        }
                    }
                }
            };
            let size = Ord::max(report.size_bytes, 0) as u64;
            let overall = Overall {
                inner: observer,
                done_bytes,
                total_bytes,
            };
            // A dropped file is read from the database's copy: the drop may change under the load.
            match load_file(
                self.imports,
                enterprise_id,
                report.id,
                today,
                &overall,
                None,
            )
            .await
            {
                Ok(LoadOutcome::Finished(..)) => {}
                Ok(LoadOutcome::Cancelled(_)) => {
                    let totals = self.imports.sync_totals(record.id).await?;
                    let finished = self
                        .sources
                        .finish_sync(
                            record.id,
                            SyncStatus::Cancelled,
                            &totals,
                            unreported_problems,
                            "The sync was cancelled",
                            Utc::now(),
                        )
                        .await?;
                    return Ok(SyncOutcome::Cancelled(Box::new(finished)));
                }
                Err(Error::Validation { errors, .. }) => {
                    problems.push(format!("{}: {}", report.file_name, errors.join("; ")));
                }
                Err(other) => return Err(other),
            }
            done_bytes += size;
        }

        let totals = self.imports.sync_totals(record.id).await?;
        let status = if problems.is_empty() && totals.failed_rows == 0 && totals.failed_files == 0 {
            SyncStatus::Completed
        } else {
            SyncStatus::CompletedWithErrors
        };
        let message = if problems.is_empty() {
            SYNCED.to_owned()
        } else {
            let mut text = problems.join("; ");
            if text.chars().count() > MAX_MESSAGE_CHARS {
                text = text.chars().take(MAX_MESSAGE_CHARS - 1).collect::<String>() + "…";
            }
            text
        };
        let finished = self
            .sources
            .finish_sync(
                record.id,
                status,
                &totals,
                unreported_problems,
                &message,
                Utc::now(),
            )
            .await?;
        Ok(SyncOutcome::Finished(Box::new(finished)))
    }

    /// Keeps a delivered file with the source's saved mapping. A file that cannot be read or
    /// lacks a required column is kept as a FAILED report (so it is not tried again until it
    /// changes), and its problem is returned.
    #[allow(clippy::too_many_arguments)]
    async fn keep(
        &self,
        source: &DataSource,
        record: &SyncRecord,
        boc_id: i64,
        file: &DeliveredFile,
        size: u64,
        sha256: String,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<ImportReport, String>> {
        let path = file.path.clone();
        let sampled = tokio::task::spawn_blocking(move || sample(&path, size, 0))
            .await
            .map_err(|e| Error::Internal(format!("reading a delivered file: {e}")))?;
        let saved = self.sources.mapping(source.id, file.file_type).await?;
        let (format, headers, mapping) = match sampled {
            Ok((info, _)) => {
                let mapping = fields::resolve(file.file_type, &info.headers, None, Some(&saved));
                (
                    info.format.as_str().to_owned(),
                    info.headers.clone(),
                    mapping.map(|m| m.by_header(&info.headers)),
                )
            }
            Err(error) => (String::new(), Vec::new(), Err(error)),
        };
        let new = NewReport {
            enterprise_id: source.enterprise_id,
            boc_id,
            store_id: source.store_id.unwrap_or_default(),
            file_type: file.file_type,
            recall_type: None,
            file_name: file.name.clone(),
            file_format: format,
            size_bytes: size,
            content_sha256: sha256,
            headers,
            mapping: mapping.as_ref().cloned().unwrap_or_default(),
            data_source_id: Some(source.id),
            sync_history_id: Some(record.id),
            uploaded_by: None,
        };
        let report = self.imports.create_report(&new, &file.path, now).await?;
        match mapping {
            Ok(_) => Ok(Ok(report)),
            Err(Error::Validation { errors, .. }) => {
                let reason = errors.join("; ");
                self.imports
                    .finish(report.id, ImportStatus::Failed, Some(&reason), now)
                    .await?;
                Ok(Err(format!("{}: {reason}", file.name)))
            }
            Err(other) => Err(other),
        }
    }
}
