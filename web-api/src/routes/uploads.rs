//! Media upload for messages (`POST /api/uploadFile`) and the links that serve the files back
//! (`GET /media/{token}/{name}`, public: the random token is the key, as providers fetching
//! MMS media carry no session).

use chrono::Utc;
use engine::store::uploads::{MAX_UPLOAD_BYTES, NewFile, UploadStore, sniff_media_type};
use poem::web::{Data, Path as PoemPath};
use poem::{IntoResponse, Request, Response, handler};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi};
use rand::Rng;

use super::ApiTags;
use super::webhooks::public_base;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Multipart)]
pub struct UploadForm {
    pub file: Upload,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct UploadedFile {
    /// Where the file is served; pass it as `mediaUrl` when sending.
    pub url: String,
    pub file_name: String,
    pub content_type: String,
    pub size: u64,
}

pub struct UploadApi;

#[OpenApi(tag = "ApiTags::Messages")]
impl UploadApi {
    /// Uploads a file to attach to a message of a lead, or a call recording: JPEG, PNG, GIF,
    /// PDF, WAV, MP3 or Ogg (recognised by content), at most 5 MB.
    #[oai(path = "/api/uploadFile", method = "post")]
    async fn upload(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "fsiId")] fsi_id: Query<i64>,
        form: UploadForm,
    ) -> ApiResult<Json<UploadedFile>> {
        let scope = request_scope(&caller, req)?;
        let (lead, _) = state.leads.require(&scope, fsi_id.0).await?;
        if form.file.size() > MAX_UPLOAD_BYTES {
            return Err(engine::Error::invalid(format!(
                "The file is larger than {} MB",
                MAX_UPLOAD_BYTES / 1024 / 1024
            ))
            .into());
        }
        let file_name = clean_file_name(form.file.file_name().unwrap_or("file"));
        let content = form
            .file
            .into_vec()
            .await
            .map_err(|_| engine::Error::invalid("The file could not be read"))?;
        if content.is_empty() {
            return Err(engine::Error::invalid("The file is empty").into());
        }
        let content_type = sniff_media_type(&content).ok_or_else(|| {
            engine::Error::invalid("Only JPEG, PNG and GIF images, PDF files and WAV, MP3 or Ogg recordings can be attached")
        })?;
        let token = random_token();
        UploadStore::new(state.db.clone())
            .insert(
                &NewFile {
                    enterprise_id: lead.enterprise_id,
                    fsi_id: Some(lead.id),
                    token: &token,
                    file_name: &file_name,
                    content_type,
                    content: &content,
                    uploaded_by: caller.user_id,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(UploadedFile {
            url: format!("{}/media/{token}/{file_name}", public_base(&state, req)),
            file_name,
            content_type: content_type.to_owned(),
            size: content.len() as u64,
        }))
    }
}

/// Serves an uploaded file by its token.
#[handler]
pub async fn serve_media(
    state: Data<&AppState>,
    PoemPath((token, _name)): PoemPath<(String, String)>,
) -> Response {
    match UploadStore::new(state.db.clone()).by_token(&token).await {
        Ok(Some(file)) => Response::builder()
            .content_type(file.content_type)
            .header("Cache-Control", "private, max-age=86400")
            .header("X-Content-Type-Options", "nosniff")
            .body(file.content),
        Ok(None) => {
            crate::error::ApiError::from(engine::Error::not_found("File not found")).into_response()
        }
        Err(error) => crate::error::ApiError::from(error).into_response(),
    }
}

/// Letters, digits, dot, dash and underscore only, so the name is safe in a URL and a header.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if clean.trim_matches(['.', '_']).is_empty() {
        "file".to_owned()
    } else {
        clean
    }
}

fn random_token() -> String {
    let mut rng = rand::rng();
    (0..40)
        .map(|_| char::from_digit(rng.random_range(0..36), 36).unwrap_or('0'))
        .collect()
}
