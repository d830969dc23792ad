//! Files staff attach to messages, kept in the database so every API process serves them.

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Query};

use super::schema::{MessageInstances as Messages, UploadedFiles};
use crate::db::Database;
use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredFile {
    pub id: i64,
    pub enterprise_id: i64,
    pub fsi_id: Option<i64>,
    pub token: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub content: Vec<u8>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NewFile<'a> {
    pub enterprise_id: i64,
    pub fsi_id: Option<i64>,
    pub token: &'a str,
    pub file_name: &'a str,
    pub content_type: &'a str,
    pub content: &'a [u8],
    pub uploaded_by: i64,
}

#[derive(Debug, Clone)]
pub struct UploadStore {
    db: Database,
}

impl UploadStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn insert(&self, file: &NewFile<'_>, now: DateTime<Utc>) -> Result<()> {
        let insert = Query::insert()
            .into_table(UploadedFiles::Table)
            .columns([
                UploadedFiles::EnterpriseId,
                UploadedFiles::FsiId,
                UploadedFiles::Token,
                UploadedFiles::FileName,
                UploadedFiles::ContentType,
                UploadedFiles::SizeBytes,
                UploadedFiles::Content,
                UploadedFiles::UploadedBy,
                UploadedFiles::CreatedAt,
            ])
            .values_panic([
                file.enterprise_id.into(),
                file.fsi_id.into(),
                file.token.into(),
                file.file_name.into(),
                file.content_type.into(),
                (file.content.len() as i64).into(),
                file.content.to_vec().into(),
                file.uploaded_by.into(),
                now.into(),
            ])
            .to_owned();
        self.db.execute(&insert).await?;
        Ok(())
    }

    pub async fn by_token(&self, token: &str) -> Result<Option<StoredFile>> {
        let query = Query::select()
            .columns([
                UploadedFiles::Id,
                UploadedFiles::EnterpriseId,
                UploadedFiles::FsiId,
                UploadedFiles::Token,
                UploadedFiles::FileName,
                UploadedFiles::ContentType,
                UploadedFiles::SizeBytes,
                UploadedFiles::Content,
                UploadedFiles::CreatedAt,
            ])
            .from(UploadedFiles::Table)
            .and_where(Expr::col(UploadedFiles::Token).eq(token))
            .to_owned();
        self.db.fetch_optional(&query).await
    }
}

impl UploadStore {
    /// Deletes the files uploaded before `before` that no message carries or links (a call's
    /// recording): attachments removed from a draft, or a draft never sent. Answers how many
    /// went.
    pub async fn prune_unsent(&self, before: DateTime<Utc>) -> Result<u64> {
        let carried = Query::select()
            .expr(Expr::val(1))
            .from(Messages::Table)
            .and_where(
                Expr::col((Messages::Table, Messages::EnterpriseId))
                    .equals((UploadedFiles::Table, UploadedFiles::EnterpriseId)),
            )
            // The token is in the file's address: a text's media (JSON text on one database,
            // JSONB on the other, so compared as text) or a logged call's recording.
            .and_where(Expr::cust(
                "(CAST(message_instances.media_urls AS TEXT) LIKE '%/media/' || uploaded_files.token || '/%' \
                 OR message_instances.url LIKE '%/media/' || uploaded_files.token || '/%')",
            ))
            .to_owned();
        let delete = Query::delete()
            .from_table(UploadedFiles::Table)
            .and_where(Expr::col(UploadedFiles::CreatedAt).lt(before))
            .and_where(Expr::exists(carried).not())
            .to_owned();
        self.db.execute(&delete).await
    }
}

/// The media types a text may carry, recognised by their first bytes (the name and the
/// browser's claimed type are not trusted).
pub fn sniff_media_type(content: &[u8]) -> Option<&'static str> {
    if content.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if content.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some("image/png")
    } else if content.starts_with(b"GIF87a") || content.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if content.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else if content.starts_with(b"RIFF") && content.get(8..12) == Some(b"WAVE") {
        Some("audio/wav")
    } else if content.starts_with(b"ID3") || content.starts_with(&[0xFF, 0xFB]) {
        Some("audio/mpeg")
    } else if content.starts_with(b"OggS") {
        Some("audio/ogg")
    } else {
        None
    }
}

/// Twilio's limit for the media of one message.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_types_come_from_the_content() {
        assert_eq!(
            sniff_media_type(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some("image/jpeg")
        );
        assert_eq!(
            sniff_media_type(b"\x89PNG\r\n\x1a\n...."),
            Some("image/png")
        );
        assert_eq!(sniff_media_type(b"GIF89a..."), Some("image/gif"));
        assert_eq!(sniff_media_type(b"%PDF-1.7"), Some("application/pdf"));
        assert_eq!(sniff_media_type(b"MZ\x90\x00 an executable"), None);
        assert_eq!(sniff_media_type(b"<svg onload=alert(1)>"), None);
    }
}
