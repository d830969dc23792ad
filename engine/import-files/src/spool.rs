//! An upload written to a temporary file as it arrives, with its size and digest: memory
//! holds one buffer however large the file. The file is then kept where the worker that loads
//! it looks first ([`KeptUploads`]), so an upload's bytes are spooled once.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

use crate::MAX_IMPORT_BYTES;
use domain::error::{Error, Result};

pub struct SpooledFile {
    pub file: tempfile::NamedTempFile,
    pub size: u64,
    /// The content's SHA-256, hex.
    pub sha256: String,
}

/// Writes `from` to a temporary file in the uploads' directory; more than
/// [`MAX_IMPORT_BYTES`], or nothing, is refused.
pub async fn spool_upload(
    mut from: impl AsyncRead + Unpin,
    uploads: &KeptUploads,
) -> Result<SpooledFile> {
    let internal = |e: std::io::Error| Error::Internal(format!("spooling an upload: {e}"));
    tokio::fs::create_dir_all(&uploads.dir)
        .await
        .map_err(internal)?;
    let file = tempfile::NamedTempFile::new_in(&uploads.dir).map_err(internal)?;
    let mut to = tokio::fs::File::create(file.path())
        .await
        .map_err(internal)?;
    let mut digest = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    let mut size = 0u64;
    loop {
        let read = from
            .read(&mut buffer)
            .await
            .map_err(|_| Error::invalid("The file could not be read"))?;
        if read == 0 {
            break;
        }
        size += read as u64;
        if size > MAX_IMPORT_BYTES as u64 {
            return Err(Error::invalid(format!(
                "The file is larger than {} MB",
                MAX_IMPORT_BYTES / 1024 / 1024
            )));
        }
        digest.update(&buffer[..read]);
        to.write_all(&buffer[..read]).await.map_err(internal)?;
    }
    to.flush().await.map_err(internal)?;
    if size == 0 {
        return Err(Error::invalid("The file is empty"));
    }
    Ok(SpooledFile {
        file,
        size,
        sha256: hex(digest),
    })
}

fn hex(digest: Sha256) -> String {
    digest
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Where uploaded files wait for the worker that loads them (`BAYLINE_UPLOAD_DIR`, by default
/// `uploads` in the data directory): one file per import report, named by its id. The
/// database keeps every file too, in chunks, so a worker that does not find it here (on
/// another machine, or after a restart that lost it) spools it from there instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptUploads {
    dir: PathBuf,
}

impl KeptUploads {
    pub fn new(dir: impl AsRef<Path>) -> Self {
        Self {
            dir: dir.as_ref().to_owned(),
        }
    }

    /// Where report `report_id`'s file is kept.
    pub fn path_of(&self, report_id: i64) -> PathBuf {
        self.dir.join(format!("report-{report_id}"))
    }

    /// Keeps a spooled upload as report `report_id`'s file.
    pub fn keep(&self, spooled: SpooledFile, report_id: i64) -> Result<()> {
        spooled
            .file
            .persist(self.path_of(report_id))
            .map(drop)
            .map_err(|e| Error::Internal(format!("keeping an upload: {e}")))
    }

    /// Report `report_id`'s file, if it is here and as large as the report says.
    pub fn at_hand(&self, report_id: i64, size_bytes: i64) -> Option<PathBuf> {
        let path = self.path_of(report_id);
        let metadata = std::fs::symlink_metadata(&path).ok()?;
        (metadata.is_file() && metadata.len() == size_bytes.max(0) as u64).then_some(path)
    }

    /// Lets report `report_id`'s file go, once its load is over.
    pub fn forget(&self, report_id: i64) {
        match std::fs::remove_file(self.path_of(report_id)) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                tracing::warn!(report = report_id, error = %e, "an upload could not be removed")
            }
        }
    }
}

/// The size and SHA-256 (hex) of a file on disk, read in one pass (blocking).
pub fn file_digest(path: &std::path::Path) -> std::io::Result<(u64, String)> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    // A file swapped for a link since it was listed is not followed.
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NOFOLLOW.bits())
        .open(path)?;
    let mut digest = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    let mut size = 0u64;
    loop {
        let read = file.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        size += read as u64;
        digest.update(&buffer[..read]);
    }
    Ok((size, hex(digest)))
}
