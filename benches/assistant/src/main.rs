//! How fast the assistant reads replies: every reply of the development set (431 texts of all
//! kinds, each at its own received time) understood over and over on one thread, against the
//! issue's target of 10,000 replies per second on one core. Prints one Markdown row.
//!
//! Usage: assistant-bench [PASSES]   (default 300 passes, 129,300 replies)

#[path = "../../common/peak_memory.rs"]
mod peak_memory;

use peak_memory::peak_memory_mib;
use std::time::Instant;

use anyhow::Context;
use understanding::{eval, understand_local};

const DEV_SET: &str = include_str!("../../../engine/understanding/tests/replies/dev-replies.jsonl");
const TARGET_PER_SECOND: f64 = 10_000.0;

fn main() -> anyhow::Result<()> {
    let passes: usize = match std::env::args().nth(1) {
        Some(n) => n.parse().context("PASSES must be a whole number")?,
        None => 300,
    };
    let records = eval::read_records(DEV_SET)?;

    // The first reply pays for compiling the lexicons once per process.
    let cold = Instant::now();
    std::hint::black_box(understand_local(&records[0].text, records[0].received_at));
    let first = cold.elapsed();

    let started = Instant::now();
    let mut intents = 0usize;
    for _ in 0..passes {
        for record in &records {
            let understood = understand_local(&record.text, record.received_at);
            intents += std::hint::black_box(understood.intents.len());
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let replies = passes * records.len();
    let per_second = replies as f64 / elapsed;
    println!(
        "| {replies} | {elapsed:.2} s | {per_second:.0} | {:.1} µs | {:.1} | {:.1} ms | {} MiB | {intents} |",
        elapsed * 1e6 / replies as f64,
        per_second / TARGET_PER_SECOND,
        first.as_secs_f64() * 1e3,
        peak_memory_mib(),
    );
    Ok(())
}
