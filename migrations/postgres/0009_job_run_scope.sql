-- A run's place below its enterprise: the dealer and the store that hold every store its input
-- names (a store only when it names one; a dealer when all its stores share one). Runs are
-- shown to whoever's scope holds that place, exactly like the records the run works on.
ALTER TABLE job_runs ADD COLUMN boc_id BIGINT;
ALTER TABLE job_runs ADD COLUMN store_id BIGINT;
CREATE INDEX job_runs_store ON job_runs (enterprise_id, boc_id, store_id);

-- An idempotency key belongs to its enterprise: another tenant reusing it starts its own run
-- rather than being handed this one.
DROP INDEX job_runs_active_idempotency_key;
CREATE UNIQUE INDEX job_runs_active_idempotency_key
    ON job_runs (COALESCE(enterprise_id, 0), idempotency_key)
    WHERE status IN ('queued', 'running');
