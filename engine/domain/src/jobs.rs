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

    /// Failed and cancelled runs may be run again from the start.
    pub const RETRYABLE: [JobStatus; 2] = [JobStatus::Failed, JobStatus::Cancelled];

    pub fn is_retryable(self) -> bool {
        Self::RETRYABLE.contains(&self)
    }
}

closed_set! {
    /// What a user may do with a run from where they see it.
    JobAction {
        Cancel => "cancel",
        Retry => "retry",
    }
}

/// The actions a run offers someone who may manage its kind (`permitted`): cancelling an
/// active run not already asked to stop, retrying a failed or cancelled one.
pub fn job_actions(status: JobStatus, cancel_requested: bool, permitted: bool) -> Vec<JobAction> {
    if !permitted {
        Vec::new()
    } else if status.is_active() && !cancel_requested {
        vec![JobAction::Cancel]
    } else if status.is_retryable() {
        vec![JobAction::Retry]
    } else {
        Vec::new()
    }
}

closed_set! {
    /// What a run's counts count, so its progress reads "12 of 40 leads" or "1.3 KB of 1.3 KB".
    ProgressUnit {
        Items => "items",
        Rows => "rows",
        Bytes => "bytes",
        Leads => "leads",
        Messages => "messages",
        Customers => "customers",
        Stores => "stores",
        Sessions => "sessions",
        Vehicles => "vehicles",
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

closed_set! {
    /// Every kind of background job, by the name runs, schedules and the API carry. Each kind's
    /// input names its member as `JobInput::KIND`; the worker registry holds exactly these.
    JobKindName {
        Noop => "diagnostics.noop",
        PruneSessions => "maintenance.prune-sessions",
        BulkInitiate => "outreach.bulk-initiate",
        FollowUpSweep => "outreach.follow-up-sweep",
        Send => "messaging.send",
        SendBatch => "messaging.send-batch",
        Understand => "assistant.understand",
        LineTypes => "customers.line-types",
        LaneDmsPush => "lane.dms-push",
        ImportSync => "imports.sync",
        ImportFile => "imports.file",
        ImportEnrich => "imports.enrich",
        CvLeadsImport => "cv-leads.import",
        AppointmentsDmsPush => "appointments.dms-push",
        PlannerTransfer => "planner.transfer",
        ReportMail => "reports.mail",
        ReportExport => "reports.export",
    }
}

impl JobKindName {
    /// What people call it on the Jobs screen.
    pub fn label(self) -> &'static str {
        match self {
            JobKindName::Noop => "Diagnostics",
            JobKindName::PruneSessions => "Session clean-up",
            JobKindName::BulkInitiate => "Bulk initiation",
            JobKindName::FollowUpSweep => "Follow-up sweep",
            JobKindName::Send => "Send a message",
            JobKindName::SendBatch => "Send messages",
            JobKindName::Understand => "Read a reply",
            JobKindName::LineTypes => "Phone line lookup",
            JobKindName::LaneDmsPush => "Repair order to dealer system",
            JobKindName::ImportSync => "Dealer-system sync",
            JobKindName::ImportFile => "Data file import",
            JobKindName::ImportEnrich => "Import matching",
            JobKindName::CvLeadsImport => "Connected-vehicle leads import",
            JobKindName::AppointmentsDmsPush => "Appointment to dealer system",
            JobKindName::PlannerTransfer => "Planner transfer",
            JobKindName::ReportMail => "Report mailing",
            JobKindName::ReportExport => "Report export",
        }
    }

    /// What a run's counts count.
    pub fn unit(self) -> ProgressUnit {
        match self {
            JobKindName::Noop | JobKindName::LaneDmsPush | JobKindName::AppointmentsDmsPush => {
                ProgressUnit::Items
            }
            JobKindName::PruneSessions => ProgressUnit::Sessions,
            JobKindName::BulkInitiate | JobKindName::FollowUpSweep => ProgressUnit::Leads,
            JobKindName::Send
            | JobKindName::SendBatch
            | JobKindName::Understand
            | JobKindName::ReportMail => ProgressUnit::Messages,
            JobKindName::LineTypes => ProgressUnit::Customers,
            // A file is loaded in batches of bytes read.
            JobKindName::ImportSync | JobKindName::ImportFile => ProgressUnit::Bytes,
            JobKindName::ImportEnrich | JobKindName::CvLeadsImport | JobKindName::ReportExport => {
                ProgressUnit::Rows
            }
            JobKindName::PlannerTransfer => ProgressUnit::Vehicles,
        }
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
/// No input at all (`null`) reads as an empty object, so kinds whose fields all have defaults
/// start without one.
pub fn parse_job_input<I: JobInput>(value: &serde_json::Value) -> crate::Result<I> {
    let empty = serde_json::Value::Object(serde_json::Map::new());
    let value = if value.is_null() { &empty } else { value };
    if !value.is_object() {
        // serde would read an array as the fields in order; an input names its fields.
        return Err(crate::Error::invalid("input must be a JSON object"));
    }
    // The error names the field it is about ("items: invalid type: string…").
    let input: I = serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        match field.as_str() {
            "." => crate::Error::invalid(e.into_inner().to_string()),
            _ => crate::Error::invalid(format!("{field}: {}", e.into_inner())),
        }
    })?;
    input.check()?;
    Ok(input)
}

/// `diagnostics.noop`'s input: do nothing `items` times, pausing `pause_ms` between items.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoopInput {
    #[serde(default = "one")]
    pub items: i64,
    #[serde(default)]
    pub pause_ms: i64,
}

fn one() -> i64 {
    1
}

impl NoopInput {
    pub const MAX_ITEMS: i64 = 1_000_000;
    pub const MAX_PAUSE_MS: i64 = 10_000;
}

impl JobInput for NoopInput {
    const KIND: &'static str = JobKindName::Noop.as_str();

    fn check(&self) -> crate::Result<()> {
        let mut problems = Vec::new();
        for (field, value, max) in [
            ("items", self.items, Self::MAX_ITEMS),
            ("pauseMs", self.pause_ms, Self::MAX_PAUSE_MS),
        ] {
            if !(0..=max).contains(&value) {
                problems.push(format!("{field} must be a whole number from 0 to {max}"));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(crate::Error::invalid_all(problems))
        }
    }
}

/// `maintenance.prune-sessions` takes no input.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PruneSessionsInput {}

impl JobInput for PruneSessionsInput {
    const KIND: &'static str = JobKindName::PruneSessions.as_str();

    fn check(&self) -> crate::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn noop_input_has_defaults_and_named_bounds() {
        let input: NoopInput = parse_job_input(&serde_json::Value::Null).unwrap();
        assert_eq!((input.items, input.pause_ms), (1, 0));
        let Err(crate::Error::Validation { errors, .. }) =
            parse_job_input::<NoopInput>(&json!({"items": -1, "pauseMs": 10_001}))
        else {
            panic!("out of range is a validation error");
        };
        assert!(
            errors[0].contains("items") && errors[1].contains("pauseMs"),
            "{errors:?}"
        );
        let error = parse_job_input::<NoopInput>(&json!({"items": "many"}))
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("items:"), "{error}");
        assert!(parse_job_input::<NoopInput>(&json!({"item": 3})).is_err());
        assert!(parse_job_input::<NoopInput>(&json!([1, 2])).is_err());
    }

    #[test]
    fn pruning_takes_nothing() {
        assert!(parse_job_input::<PruneSessionsInput>(&serde_json::Value::Null).is_ok());
        assert!(parse_job_input::<PruneSessionsInput>(&json!({"x": 1})).is_err());
    }
}
