-- At most one active (queued or running) run per idempotency key: a second start with the
-- same key gets the active run back instead of starting another.
DROP INDEX job_runs_idempotency;
CREATE UNIQUE INDEX job_runs_active_idempotency_key ON job_runs (idempotency_key)
    WHERE status IN ('queued', 'running');
CREATE INDEX job_runs_heartbeat ON job_runs (status, heartbeat_at);
