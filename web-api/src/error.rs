//! The one place where errors become HTTP responses, in the spec's shape:
//! `{"message": "...", "errors": ["..."]}`. A 5xx says nothing of its cause; the log does.

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// What went wrong, for a person.
    pub message: String,
    /// Each problem found; the first is the one to show.
    pub errors: Vec<String>,
    /// The request's id (also in the `X-Request-Id` header), to find its log lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

tokio::task_local! {
    /// The id of the request being answered, set by the request log around every request.
    pub static REQUEST_ID: String;
}

fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(String::clone).ok()
}

impl ErrorBody {
    /// A 5xx body: a generic message and no error list, so clients show their own wording.
    pub fn internal() -> Self {
        Self::listing(INTERNAL_MESSAGE.to_owned(), Vec::new())
    }

    pub fn new(message: impl Into<String>) -> Self {
        let message = message.into();
        Self::listing(message.clone(), vec![message])
    }

    fn listing(message: String, errors: Vec<String>) -> Self {
        Self {
            message,
            errors,
            request_id: current_request_id(),
        }
    }
}

const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again.";
const UNAVAILABLE_MESSAGE: &str = "The service cannot reach its database right now; nothing was changed. Please try again in a moment.";

#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The request is malformed or breaks a rule.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// No valid session.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// The caller's role does not allow this.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// No such record in the caller's scope.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The request clashes with stored data.
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// Too many attempts.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>),
    /// A provider we depend on failed; the message is the provider's.
    #[oai(status = 502)]
    BadGateway(Json<ErrorBody>),
    /// A fault of ours.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// The database cannot be reached right now (restarting, down): nothing was done; try
    /// again after `Retry-After` seconds.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>, #[oai(header = "Retry-After")] u32),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl From<engine::Error> for ApiError {
    fn from(error: engine::Error) -> Self {
        use engine::Error as E;
        match error {
            E::Validation { message, errors } => {
                ApiError::BadRequest(Json(ErrorBody::listing(message, errors)))
            }
            E::NotFound(m) => ApiError::NotFound(Json(ErrorBody::new(m))),
            E::Conflict(m) => ApiError::Conflict(Json(ErrorBody::new(m))),
            E::Forbidden(m) => ApiError::Forbidden(Json(ErrorBody::new(m))),
            E::Unauthorized(m) => ApiError::Unauthorized(Json(ErrorBody::new(m))),
            E::RateLimited(m) => ApiError::TooManyRequests(Json(ErrorBody::new(m))),
            E::Upstream(m) => ApiError::BadGateway(Json(ErrorBody::new(m))),
            E::Database(_) if error.is_database_unavailable() => {
                tracing::warn!(error = %error, "request failed: the database is unreachable");
                ApiError::Unavailable(Json(ErrorBody::new(UNAVAILABLE_MESSAGE)), 5)
            }
            E::Database(_) | E::Migration(_) | E::Internal(_) => {
                tracing::error!(error = %error, "request failed");
                ApiError::Internal(Json(ErrorBody::internal()))
            }
        }
    }
}

/// An error response in the spec's shape, for middleware that answers before any handler.
pub fn json_error(status: StatusCode, body: &ErrorBody) -> Response {
    let text = serde_json::to_string(body).unwrap_or_else(|_| "{}".to_owned());
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(text)
}

/// Turns every error that escaped a handler (unknown route, unparsable body, missing token)
/// into the spec's shape; responses that already have it pass through. Panics are answered by
/// [`internal_error_response`].
pub async fn render_any_error(error: poem::Error) -> Response {
    // A path that climbs out of the UI directory is simply not there; the static-file error
    // would name the server's own path.
    if matches!(
        error.downcast_ref::<poem::error::StaticFileError>(),
        Some(poem::error::StaticFileError::Forbidden(_))
    ) {
        return json_error(StatusCode::NOT_FOUND, &ErrorBody::new("Not found"));
    }
    let status = error.status();
    let message = error.to_string();
    let response = error.into_response();
    let is_json = response
        .content_type()
        .is_some_and(|t| t.starts_with("application/json"));
    if is_json {
        return response;
    }
    if status.is_server_error() {
        tracing::error!(error = %message, "request failed");
        return json_error(status, &ErrorBody::internal());
    }
    let message = match status {
        StatusCode::NOT_FOUND => "Not found".to_owned(),
        StatusCode::UNAUTHORIZED => "Authorization is required".to_owned(),
        StatusCode::FORBIDDEN => "Forbidden".to_owned(),
        _ => message,
    };
    json_error(status, &ErrorBody::new(message))
}

/// The answer to a request whose handler panicked, or to any 5xx that is not already in the
/// spec's shape: the generic JSON body with the request id.
pub fn internal_error_response(status: StatusCode) -> Response {
    json_error(status, &ErrorBody::internal())
}
