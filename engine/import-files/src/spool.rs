//! An upload written to a temporary file as it arrives, with its size and digest: memory
//! holds one buffer however large the file.

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

/// Writes `from` to a temporary file; more than [`MAX_IMPORT_BYTES`], or nothing, is refused.
pub async fn spool_upload(mut from: impl AsyncRead + Unpin) -> Result<SpooledFile> {
    let internal = |e: std::io::Error| Error::Internal(format!("spooling an upload: {e}"));
    let file = tempfile::NamedTempFile::new().map_err(internal)?;
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
