//! The one error type of the engine. The web layer maps each variant to an HTTP status.

/// Everything that can go wrong in the engine, by what the caller should do about it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The record does not exist, or exists outside the caller's scope (never say which).
    #[error("{0}")]
    NotFound(String),
    /// The input is wrong; each entry names one problem.
    #[error("{message}")]
    Validation {
        message: String,
        errors: Vec<String>,
    },
    /// The input clashes with what is stored (a duplicate key, a state that forbids it).
    #[error("{0}")]
    Conflict(String),
    /// The caller is known but may not do this.
    #[error("{0}")]
    Forbidden(String),
    /// The caller is not (or no longer) signed in.
    #[error("{0}")]
    Unauthorized(String),
    /// The caller is trying too often.
    #[error("{0}")]
    RateLimited(String),
    /// A provider we depend on (the SMS carrier, its lookup) failed or refused; the message is
    /// the provider's, fit to show.
    #[error("{0}")]
    Upstream(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx_core::Error),
    #[error("migration error: {0}")]
    Migration(#[from] sqlx_core::migrate::MigrateError),
    /// A fault of ours; the detail is for the log, not the user.
    #[error("{0}")]
    Internal(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A validation error with a single problem, used as both the message and the list.
    pub fn invalid(message: impl Into<String>) -> Self {
        let message = message.into();
        Error::Validation {
            errors: vec![message.clone()],
            message,
        }
    }

    /// A validation error listing every problem; the first is the message. Call it with at
    /// least one.
    pub fn invalid_all(problems: Vec<String>) -> Self {
        Error::Validation {
            message: problems.first().cloned().unwrap_or_default(),
            errors: problems,
        }
    }

    pub fn not_found(what: impl Into<String>) -> Self {
        Error::NotFound(what.into())
    }

    /// Whether the database could not be reached (down, restarting, out of connections), as
    /// opposed to refusing a statement: worth trying again in a moment.
    pub fn is_database_unavailable(&self) -> bool {
        let Error::Database(error) = self else {
            return false;
        };
        match error {
            sqlx_core::Error::PoolTimedOut
            | sqlx_core::Error::PoolClosed
            | sqlx_core::Error::Io(_)
            | sqlx_core::Error::Tls(_)
            | sqlx_core::Error::WorkerCrashed => true,
            // PostgreSQL's connection exceptions (08…) and operator intervention: shutting
            // down, crashed, or not accepting connections yet (57P01-57P03).
            sqlx_core::Error::Database(db) => db
                .code()
                .is_some_and(|code| code.starts_with("08") || code.starts_with("57P")),
            _ => false,
        }
    }

    /// Maps a unique-key violation to a conflict naming the field; other errors pass through.
    pub fn from_unique_violation(error: sqlx_core::Error, field: &str) -> Self {
        match &error {
            sqlx_core::Error::Database(db) if db.is_unique_violation() => {
                Error::Conflict(format!("{field} already exists"))
            }
            _ => Error::Database(error),
        }
    }
}
