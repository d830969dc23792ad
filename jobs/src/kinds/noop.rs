//! `diagnostics.noop`: does nothing, N times, optionally slowly. It checks the whole job path
//! (queue, worker, progress, cancellation) on a live system and is what the queue benchmark runs.

use std::time::Duration;

use engine::domain::Role;
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{JobError, JobFuture, JobKind};

pub struct Noop;

const MAX_ITEMS: u64 = 1_000_000;
const MAX_PAUSE_MS: u64 = 10_000;

impl JobKind for Noop {
    fn name(&self) -> &'static str {
        "diagnostics.noop"
    }

    fn description(&self) -> &'static str {
        "Does nothing `items` times, pausing `pauseMs` between items: a check of the job system."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[Role::SuperAdmin, Role::SuperDataAdmin]
    }

    fn validate(&self, input: &Json) -> Result<Json, String> {
        let input = if input.is_null() {
            json!({})
        } else {
            input.clone()
        };
        let Some(fields) = input.as_object() else {
            return Err(
                "input must be an object like {\"items\": 10, \"pauseMs\": 100}".to_owned(),
            );
        };
        let number = |name: &str, default: u64, max: u64| match fields.get(name) {
            None | Some(Json::Null) => Ok(default),
            Some(value) => match value.as_u64() {
                Some(n) if n <= max => Ok(n),
                _ => Err(format!("{name} must be a whole number from 0 to {max}")),
            },
        };
        let items = number("items", 1, MAX_ITEMS)?;
        let pause_ms = number("pauseMs", 0, MAX_PAUSE_MS)?;
        if let Some(unknown) = fields.keys().find(|k| *k != "items" && *k != "pauseMs") {
            return Err(format!("unknown input field {unknown:?}"));
        }
        Ok(json!({ "items": items, "pauseMs": pause_ms }))
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let items = input["items"].as_u64().unwrap_or(1) as i64;
            let pause = Duration::from_millis(input["pauseMs"].as_u64().unwrap_or(0));
            // Resume after the last item an earlier attempt got through.
            let start = ctx
                .checkpoint()
                .and_then(|c| c["done"].as_i64())
                .unwrap_or(0);
            for done in start..items {
                ctx.stop_if_cancelled().await?;
                if !pause.is_zero() {
                    tokio::time::sleep(pause).await;
                    ctx.save_checkpoint(json!({ "done": done + 1 })).await?;
                    ctx.progress(Counts {
                        total: items,
                        done: done + 1,
                        ..Counts::default()
                    })
                    .await?;
                }
            }
            if pause.is_zero() {
                ctx.progress(Counts {
                    total: items,
                    done: items,
                    ..Counts::default()
                })
                .await?;
            }
            Ok::<_, JobError>(json!({ "items": items, "resumedFrom": start }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_checked_and_given_defaults() {
        assert_eq!(
            Noop.validate(&Json::Null).unwrap(),
            json!({ "items": 1, "pauseMs": 0 })
        );
        assert_eq!(
            Noop.validate(&json!({ "items": 5 })).unwrap(),
            json!({ "items": 5, "pauseMs": 0 })
        );
        assert!(
            Noop.validate(&json!({ "items": -1 }))
                .unwrap_err()
                .contains("items")
        );
        assert!(Noop.validate(&json!({ "items": "many" })).is_err());
        assert!(
            Noop.validate(&json!({ "pauseMs": 10_001 }))
                .unwrap_err()
                .contains("pauseMs")
        );
        assert!(
            Noop.validate(&json!({ "item": 3 }))
                .unwrap_err()
                .contains("unknown")
        );
        assert!(Noop.validate(&json!([1, 2])).is_err());
    }
}
