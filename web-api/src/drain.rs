//! A process's orderly stop. Once it begins, readiness answers 503 (load balancers send no
//! more), realtime streams end (their clients reconnect elsewhere), no new connection or job
//! is taken, and the requests and runs in hand get a grace period (`BAYLINE_DRAIN_SECS`).

use std::sync::Arc;

use anyhow::Context as _;
use tokio::sync::watch;

/// Whether this process is stopping; cheap to clone, shared by everything that must know.
#[derive(Debug, Clone)]
pub struct Draining(Arc<watch::Sender<bool>>);

impl Default for Draining {
    fn default() -> Self {
        Self(Arc::new(watch::channel(false).0))
    }
}

impl Draining {
    pub fn begin(&self) {
        self.0.send_replace(true);
    }

    pub fn is_draining(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves once the stop has begun (at once if it has).
    pub async fn started(&self) {
        let mut stopping = self.0.subscribe();
        let _ = stopping.wait_for(|stopping| *stopping).await;
    }
}

/// Waits for SIGTERM (service managers, Kubernetes, `docker stop`) or SIGINT (Ctrl-C).
pub async fn stop_requested() -> anyhow::Result<&'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?;
        tokio::select! {
            _ = terminate.recv() => Ok("SIGTERM"),
            interrupted = tokio::signal::ctrl_c() => {
                interrupted.context("cannot listen for SIGINT")?;
                Ok("SIGINT")
            }
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c()
            .await
            .context("cannot listen for Ctrl-C")?;
        Ok("Ctrl-C")
    }
}
