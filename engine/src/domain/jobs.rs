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
