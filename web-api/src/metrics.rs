//! `GET /metrics` in the Prometheus text format (issue 39): this process's HTTP latency by route,
//! the database pool it holds, and the installation's job runs and messages from the database
//! (`engine::store::operations`), so any API process reports every worker's work.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use engine::domain::{JobInput as _, JobStatus};
use engine::messaging::UnderstandReplyInput;
use engine::store::operations::OperationsSnapshot;

/// Upper bounds of the latency buckets, in seconds.
const LATENCY_BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Upper bounds of the run-duration buckets, in seconds.
const RUN_BUCKETS: [f64; 8] = [1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0, 14400.0];
/// Upper bounds of the webhook-lag buckets, in seconds: a reply is read within a second or two
/// when workers keep up, minutes behind when they do not.
const LAG_BUCKETS: [f64; 10] = [0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0];
/// Distinct routes kept; any further one is counted as `other`, so a scan of made-up paths
/// cannot grow the table without end.
const MAX_ROUTES: usize = 400;

#[derive(Debug, Clone, Default)]
struct Histogram {
    buckets: Vec<u64>,
    count: u64,
    sum: f64,
}

impl Histogram {
    fn observe(&mut self, value: f64, bounds: &[f64]) {
        if self.buckets.is_empty() {
            self.buckets = vec![0; bounds.len()];
        }
        for (bucket, bound) in self.buckets.iter_mut().zip(bounds) {
            if value <= *bound {
                *bucket += 1;
            }
        }
        self.count += 1;
        self.sum += value;
    }
}

/// (method, route, status class) → latency.
type HttpKey = (String, String, &'static str);

static HTTP: LazyLock<Mutex<BTreeMap<HttpKey, Histogram>>> =
    LazyLock::new(|| Mutex::new(BTreeMap::new()));

/// The route a path belongs to, with its ids, tokens and names taken out: `/api/enterprise/7/store`
/// is `/api/enterprise/:id/store`.
pub fn route_of(path: &str) -> String {
    if path.starts_with("/media/") {
        return "/media/:token/:name".to_owned();
    }
    if !path.starts_with("/api/") && !path.starts_with("/user/") && path != "/metrics" {
        // The UI's pages and files: one route.
        return "/ui".to_owned();
    }
    path.split('/')
        .map(|segment| {
            if !segment.is_empty() && segment.chars().all(|c| c.is_ascii_digit()) {
                ":id"
            } else if segment.len() >= 20 {
                ":token"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Counts one answered request.
pub fn observe_request(method: &str, path: &str, status: u16, elapsed: Duration) {
    let class = match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    let mut http = HTTP.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut route = route_of(path);
    let known = http.keys().any(|(_, r, _)| *r == route);
    if !known && http.len() >= MAX_ROUTES {
        route = "other".to_owned();
    }
    http.entry((method.to_owned(), route, class))
        .or_default()
        .observe(elapsed.as_secs_f64(), &LATENCY_BUCKETS);
}

/// Escapes a label value for the text format.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn histogram(out: &mut String, name: &str, labels: &str, bounds: &[f64], h: &Histogram) {
    // One that has seen nothing yet still shows every bucket, at zero.
    let buckets = if h.buckets.is_empty() {
        vec![0; bounds.len()]
    } else {
        h.buckets.clone()
    };
    for (bound, count) in bounds.iter().zip(&buckets) {
        let _ = writeln!(out, "{name}_bucket{{{labels},le=\"{bound}\"}} {count}");
    }
    let _ = writeln!(out, "{name}_bucket{{{labels},le=\"+Inf\"}} {}", h.count);
    let _ = writeln!(out, "{name}_sum{{{labels}}} {}", h.sum);
    let _ = writeln!(out, "{name}_count{{{labels}}} {}", h.count);
}

/// The whole page.
pub fn render(
    snapshot: &OperationsSnapshot,
    (pool_size, pool_idle): (u32, usize),
    now: DateTime<Utc>,
) -> String {
    let mut out = String::new();

    header(
        &mut out,
        "bayline_http_request_duration_seconds",
        "histogram",
        "Time to answer a request, by method, route and status class (this process).",
    );
    {
        let http = HTTP.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for ((method, route, class), h) in http.iter() {
            let labels = format!(
                "method=\"{}\",route=\"{}\",status=\"{class}\"",
                label(method),
                label(route)
            );
            histogram(
                &mut out,
                "bayline_http_request_duration_seconds",
                &labels,
                &LATENCY_BUCKETS,
                h,
            );
        }
    }

    header(
        &mut out,
        "bayline_db_pool_connections",
        "gauge",
        "Database connections this process holds open, and how many are idle.",
    );
    let _ = writeln!(
        out,
        "bayline_db_pool_connections{{state=\"open\"}} {pool_size}"
    );
    let _ = writeln!(
        out,
        "bayline_db_pool_connections{{state=\"idle\"}} {pool_idle}"
    );

    header(
        &mut out,
        "bayline_job_runs",
        "gauge",
        "Job runs by kind and status (the whole installation).",
    );
    for (kind, status, runs) in &snapshot.runs {
        let _ = writeln!(
            out,
            "bayline_job_runs{{kind=\"{}\",status=\"{}\"}} {runs}",
            label(kind),
            label(status)
        );
    }

    header(
        &mut out,
        "bayline_queue_oldest_seconds",
        "gauge",
        "How long the oldest queued run of each kind has waited.",
    );
    for (kind, since) in &snapshot.oldest_queued {
        let waited = (now - *since).num_milliseconds().max(0) as f64 / 1000.0;
        let _ = writeln!(
            out,
            "bayline_queue_oldest_seconds{{kind=\"{}\"}} {waited}",
            label(kind)
        );
    }

    header(
        &mut out,
        "bayline_job_run_duration_seconds",
        "histogram",
        "How long the runs that finished in the last hour took, by kind and outcome.",
    );
    let mut runs: BTreeMap<(&str, &str), Histogram> = BTreeMap::new();
    for run in &snapshot.finished_last_hour {
        runs.entry((run.kind.as_str(), run.status.as_str()))
            .or_default()
            .observe(run.ran_secs, &RUN_BUCKETS);
    }
    for ((kind, status), h) in &runs {
        let labels = format!("kind=\"{}\",status=\"{}\"", label(kind), label(status));
        histogram(
            &mut out,
            "bayline_job_run_duration_seconds",
            &labels,
            &RUN_BUCKETS,
            h,
        );
    }

    header(
        &mut out,
        "bayline_webhook_lag_seconds",
        "histogram",
        "From a customer's text reaching Bayline (the provider's webhook) to the assistant having \
         read it and acted on it, for the replies handled in the last hour.",
    );
    let mut lag = Histogram::default();
    for run in &snapshot.finished_last_hour {
        if run.kind == UnderstandReplyInput::KIND && run.status == JobStatus::Succeeded.as_str() {
            lag.observe(run.waited_secs + run.ran_secs, &LAG_BUCKETS);
        }
    }
    histogram(
        &mut out,
        "bayline_webhook_lag_seconds",
        "source=\"sms_inbound\"",
        &LAG_BUCKETS,
        &lag,
    );

    header(
        &mut out,
        "bayline_messages",
        "gauge",
        "Messages by delivery status: texts and e-mails queued, scheduled for the customer's \
         allowed hours (deferred), sent, delivered, failed; notes stored; replies received.",
    );
    for (status, count) in &snapshot.messages {
        let _ = writeln!(
            out,
            "bayline_messages{{status=\"{}\"}} {count}",
            label(status)
        );
    }
    out
}
