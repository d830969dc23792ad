//! `diagnostics.noop`: does nothing, N times, optionally slowly. It checks the whole job path
//! (queue, worker, progress, cancellation) on a live system and is what the queue benchmark runs.

use std::time::Duration;

use engine::domain::{JobInput, NoopInput, Role, parse_job_input};
use engine::store::job_runs::Counts;
use serde_json::{Value as Json, json};

use crate::context::JobContext;
use crate::registry::{Admission, JobError, JobFuture, JobKind, admit_typed};

pub struct Noop;

impl JobKind for Noop {
    fn name(&self) -> &'static str {
        NoopInput::KIND
    }

    fn description(&self) -> &'static str {
        "Does nothing `items` times, pausing `pauseMs` between items: a check of the job system."
    }

    fn allowed_roles(&self) -> &'static [Role] {
        &[Role::SuperAdmin, Role::SuperDataAdmin]
    }

    fn admit(&self, input: &Json) -> Result<Admission, String> {
        admit_typed::<NoopInput>(input, self.allowed_roles())
    }

    fn run<'a>(&'a self, ctx: &'a JobContext, input: Json) -> JobFuture<'a> {
        Box::pin(async move {
            let NoopInput { items, pause_ms } = parse_job_input(&input)?;
            let pause = Duration::from_millis(pause_ms.unsigned_abs());
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
