//! What every request passes before a handler sees it:
//! - a bounded body: a declared length over the limit is answered 413 before the body is read,
//!   and a body sent without a length is cut off at the limit;
//! - no NUL character in a client's text (the path, the query, a JSON body): 400. PostgreSQL
//!   text cannot hold one, and no person types one. Provider webhooks (forms) are not refused:
//!   their text is kept less the NUL once the signature is checked (`engine::messaging`).

use futures_util::StreamExt;
use poem::http::StatusCode;
use poem::web::headers::{ContentLength, HeaderMapExt};
use poem::{Body, Endpoint, Request, Response};

use crate::error::{ErrorBody, json_error};

/// Any request but an upload: JSON bodies and provider forms are small.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A multipart upload: the largest file any upload takes, plus room for the form around it.
pub const UPLOAD_BODY_LIMIT: usize = engine::store::uploads::MAX_UPLOAD_BYTES + 64 * 1024;

/// A data file to import (`/api/data-sync/import…`): far larger, and spooled to disk as it
/// arrives rather than held in memory.
pub const IMPORT_BODY_LIMIT: usize = engine::imports::MAX_IMPORT_BYTES + 64 * 1024;
const IMPORT_PATHS: &str = "/api/data-sync/import";

/// The public calls anyone may make (issue 21): a lead form or a deal-room text is a few KB.
pub const PUBLIC_BODY_LIMIT: usize = 16 * 1024;
const PUBLIC_PATHS: [&str; 3] = ["/api/public/", "/servicedealroom/", "/api/email/"];

const NUL_REFUSED: &str = "Text must not contain NUL characters (\\u0000 or %00)";

pub async fn guard_request<E: Endpoint>(next: E, mut req: Request) -> poem::Result<Response> {
    let content_type = req.content_type().unwrap_or_default().to_ascii_lowercase();
    let upload = content_type.starts_with("multipart/");
    let limit = if upload && req.uri().path().starts_with(IMPORT_PATHS) {
        IMPORT_BODY_LIMIT
    } else if upload {
        UPLOAD_BODY_LIMIT
    } else if PUBLIC_PATHS.iter().any(|p| req.uri().path().starts_with(p)) {
        PUBLIC_BODY_LIMIT
    } else {
        BODY_LIMIT
    };
    let declared = req.headers().typed_get::<ContentLength>().map(|l| l.0);
    if declared.is_some_and(|length| length > limit as u64) {
        return Ok(too_large(limit));
    }
    if req
        .uri()
        .path_and_query()
        .is_some_and(|p| p.as_str().contains("%00"))
    {
        return Ok(json_error(
            StatusCode::BAD_REQUEST,
            &ErrorBody::new(NUL_REFUSED),
        ));
    }
    if upload {
        if declared.is_none() {
            let body = capped(req.take_body(), limit);
            req.set_body(body);
        }
        return Ok(next.get_response(req).await);
    }
    // Bounded above, so reading it whole is cheap; it lets JSON text be checked once here.
    let body = match req.take_body().into_bytes_limit(limit).await {
        Ok(body) => body,
        Err(poem::error::ReadBodyError::PayloadTooLarge) => return Ok(too_large(limit)),
        Err(_) => {
            return Ok(json_error(
                StatusCode::BAD_REQUEST,
                &ErrorBody::new("The request body could not be read"),
            ));
        }
    };
    if content_type.starts_with("application/json") && json_has_nul(&body) {
        return Ok(json_error(
            StatusCode::BAD_REQUEST,
            &ErrorBody::new(NUL_REFUSED),
        ));
    }
    req.set_body(Body::from_bytes(body));
    Ok(next.get_response(req).await)
}

fn too_large(limit: usize) -> Response {
    json_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        &ErrorBody::new(format!(
            "The request is too large (at most {} KB)",
            limit / 1024
        )),
    )
}

/// A body sent without a declared length, failing once it passes `limit`.
fn capped(body: Body, limit: usize) -> Body {
    let mut seen = 0usize;
    Body::from_bytes_stream(body.into_bytes_stream().map(move |chunk| {
        let chunk = chunk?;
        seen += chunk.len();
        if seen > limit {
            Err(std::io::Error::other("the request is too large"))
        } else {
            Ok(chunk)
        }
    }))
}

/// Whether JSON text holds a NUL: a raw 0 byte, or a `\u0000` escape that is not itself an
/// escaped backslash followed by `u0000`.
pub fn json_has_nul(body: &[u8]) -> bool {
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            0 => return true,
            b'\\' if body[i + 1..].starts_with(b"u0000") => return true,
            // An escape: the next byte is part of it, never the start of another.
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    false
}
