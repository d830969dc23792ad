//! Background job runs as users see them.

use super::roles::closed_set;

closed_set! {
    /// Where a job run is in its life. Queued and running are active; the rest are final.
    JobStatus {
        Queued => "queued",
        Running => "running",
        Succeeded => "succeeded",
        Failed => "failed",
        Cancelled => "cancelled",
    }
}

impl JobStatus {
    pub fn is_active(self) -> bool {
        matches!(self, JobStatus::Queued | JobStatus::Running)
    }
}

closed_set! {
    /// Severity of a job log line.
    LogLevel {
        Info => "info",
        Warn => "warn",
        Error => "error",
    }
}

/// A job kind's input: one serde type, built and checked once in `engine`. The route (or
/// schedule) builds it, the job starter records it as JSON, and the worker reads the same type
/// back; nothing hand-builds JSON inputs. See docs/decisions/0006-one-place-for-each-rule.md.
pub trait JobInput: serde::Serialize + serde::de::DeserializeOwned + Send + Sync {
    /// The job kind this input starts.
    const KIND: &'static str;

    /// The rules a well-formed value must still meet (serde has checked its shape and its
    /// typed values); every problem is listed.
    fn check(&self) -> crate::Result<()>;

    /// The stores the run works on: starting it needs each inside the caller's scope, and the
    /// run is visible to whoever sees them all.
    fn store_ids(&self) -> Vec<i64> {
        Vec::new()
    }

    /// The same input asked for twice while the first runs is one run: the key is a digest of
    /// the kind and the typed value.
    fn idempotency_key(&self) -> String {
        use sha2::Digest;
        let text = serde_json::to_string(self).unwrap_or_default();
        let digest = sha2::Sha256::digest(format!("{}:{text}", Self::KIND));
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        format!("{}:{hex}", Self::KIND)
    }
}

/// Reads and checks a job input from JSON (a client's `POST /api/jobs`, a schedule, a stored
/// run): a shape error or a broken rule is a validation error saying what is wrong.
pub fn parse_job_input<I: JobInput>(value: &serde_json::Value) -> crate::Result<I> {
    let input: I =
        serde::Deserialize::deserialize(value).map_err(|e| crate::Error::invalid(e.to_string()))?;
    input.check()?;
    Ok(input)
}
