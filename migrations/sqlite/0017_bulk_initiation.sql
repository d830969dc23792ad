-- Bulk conversation initiation (issue 17): the leads a run was asked to text, fixed when the
-- run starts, and what became of each. A lead's row is claimed (SENDING) before its text is
-- queued, so a run resumed after a crash settles that lead from its messages instead of
-- texting it again. Outcomes: PENDING, SENDING, SENT, DEFERRED (queued for the recipient's
-- allowed hours), SKIPPED (with its reason), FAILED (with its error).
CREATE TABLE bulk_initiation_leads (
    id INTEGER PRIMARY KEY,
    job_run_id INTEGER NOT NULL REFERENCES job_runs (id),
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    fsi_id INTEGER NOT NULL REFERENCES future_service_interactions (id),
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    service_type TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT,
    detail TEXT,
    message_id INTEGER REFERENCES message_instances (id),
    scheduled_for TEXT,
    claimed_at TEXT,
    finished_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (job_run_id, fsi_id)
);
CREATE INDEX bulk_initiation_leads_work ON bulk_initiation_leads (job_run_id, outcome, id);
CREATE INDEX bulk_initiation_leads_customer ON bulk_initiation_leads (job_run_id, customer_id);
CREATE INDEX bulk_initiation_leads_report ON bulk_initiation_leads (enterprise_id, created_at);
