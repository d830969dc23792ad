//! The inputs of messaging's job kinds, built and checked here once: sending a stored message,
//! reading a customer's text, and looking up the line types of a store's customers.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::JobInput;
use crate::domain::formats::plausible_time;
use crate::error::{Error, Result};

/// `messaging.send`: delivers one stored outbound message through its store's gateway.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendMessageInput {
    pub message_id: i64,
}

impl JobInput for SendMessageInput {
    const KIND: &'static str = crate::domain::JobKindName::Send.as_str();

    fn check(&self) -> Result<()> {
        positive("messageId", self.message_id)
    }

    /// One send run per message at a time, however often it is dispatched.
    fn idempotency_key(&self) -> String {
        format!("send-message:{}", self.message_id)
    }
}

/// `messaging.send-batch`: delivers several stored outbound messages of one enterprise, one
/// after another (the dispatcher's batch of a bulk run's texts); a message that needs another
/// try goes on alone as a `messaging.send` run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendMessagesInput {
    pub message_ids: Vec<i64>,
}

impl SendMessagesInput {
    /// Most messages one run delivers.
    pub const MAX: usize = 100;
}

impl JobInput for SendMessagesInput {
    const KIND: &'static str = crate::domain::JobKindName::SendBatch.as_str();

    fn check(&self) -> Result<()> {
        if self.message_ids.is_empty() || self.message_ids.len() > Self::MAX {
            return Err(Error::invalid(format!(
                "messageIds must list 1 to {} messages",
                Self::MAX
            )));
        }
        self.message_ids
            .iter()
            .try_for_each(|id| positive("messageIds", *id))
    }

    /// A batch is claimed once by the dispatcher; its first and last ids and size name it.
    fn idempotency_key(&self) -> String {
        let first = self.message_ids.first().copied().unwrap_or_default();
        let last = self.message_ids.last().copied().unwrap_or_default();
        format!("send-messages:{first}-{last}:{}", self.message_ids.len())
    }
}

/// `assistant.understand`: reads one inbound customer text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UnderstandReplyInput {
    pub message_id: i64,
}

impl JobInput for UnderstandReplyInput {
    const KIND: &'static str = crate::domain::JobKindName::Understand.as_str();

    fn check(&self) -> Result<()> {
        positive("messageId", self.message_id)
    }

    /// One reading per text at a time.
    fn idempotency_key(&self) -> String {
        format!("understand:{}", self.message_id)
    }
}

/// `customers.line-types`: the line type of each customer of a store with a mobile number,
/// optionally only those changed in a time range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineTypesInput {
    pub store_id: i64,
    #[serde(default)]
    pub from: Option<DateTime<Utc>>,
    #[serde(default)]
    pub until: Option<DateTime<Utc>>,
}

impl LineTypesInput {
    /// The customers of `store_id` changed from the start of `first_day` to the end of
    /// `last_day` (both UTC days, both optional).
    pub fn for_days(
        store_id: i64,
        first_day: Option<NaiveDate>,
        last_day: Option<NaiveDate>,
    ) -> Result<Self> {
        let midnight = |day: NaiveDate| day.and_time(NaiveTime::MIN).and_utc();
        let input = Self {
            store_id,
            from: first_day.map(midnight),
            until: last_day.and_then(|d| d.succ_opt()).map(midnight),
        };
        input.check()?;
        Ok(input)
    }
}

impl JobInput for LineTypesInput {
    const KIND: &'static str = crate::domain::JobKindName::LineTypes.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if let Err(Error::Validation { errors, .. }) = positive("storeId", self.store_id) {
            problems.extend(errors);
        }
        for (field, time) in [("from", self.from), ("until", self.until)] {
            if let Some(Err(Error::Validation { errors, .. })) =
                time.map(|t| plausible_time(field, t))
            {
                problems.extend(errors);
            }
        }
        if let (Some(from), Some(until)) = (self.from, self.until)
            && from >= until
        {
            problems.push("from (start_date) must be before until (end_date)".to_owned());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid_all(problems))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        vec![self.store_id]
    }
}

fn positive(field: &str, id: i64) -> Result<()> {
    if id > 0 {
        Ok(())
    } else {
        Err(Error::invalid(format!("{field} must be a positive number")))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::parse_job_input;

    #[test]
    fn message_inputs_take_one_positive_id_and_nothing_else() {
        let input: SendMessageInput = parse_job_input(&json!({"messageId": 7})).unwrap();
        assert_eq!(input.idempotency_key(), "send-message:7");
        assert!(parse_job_input::<SendMessageInput>(&json!({"messageId": 0})).is_err());
        assert!(parse_job_input::<UnderstandReplyInput>(&json!({})).is_err());
        assert!(parse_job_input::<UnderstandReplyInput>(&json!({"messageId": 1, "x": 2})).is_err());
    }

    #[test]
    fn line_types_cover_whole_days_in_order() {
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d);
        let input = LineTypesInput::for_days(3, day(1), day(2)).unwrap();
        assert_eq!(
            input.until.unwrap().to_rfc3339(),
            "2026-11-03T00:00:00+00:00"
        );
        assert_eq!(input.store_ids(), vec![3]);
        let error = LineTypesInput::for_days(3, day(5), day(2))
            .unwrap_err()
            .to_string();
        assert!(error.contains("start_date"), "{error}");
        assert!(LineTypesInput::for_days(0, None, None).is_err());
    }
}
