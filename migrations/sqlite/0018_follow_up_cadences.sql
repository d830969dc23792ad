-- Follow-up cadences (issue 17): a store's own steps, overriding the built-in cadence
-- (docs/follow-ups.md) step by step, and on each lead what its next step counts from and why
-- its cadence stopped.
CREATE TABLE follow_up_steps (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    step TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    delay_hours INTEGER NOT NULL,
    channel TEXT NOT NULL,
    -- The custom template the body was copied from (for the editor; not a reference: the
    -- step keeps its text if the template is deleted).
    template_id INTEGER,
    subject TEXT,
    body TEXT,
    updated_by INTEGER REFERENCES users (id),
    updated_at TEXT NOT NULL,
    UNIQUE (store_id, step)
);
ALTER TABLE future_service_interactions ADD COLUMN follow_up_since TEXT;
ALTER TABLE future_service_interactions ADD COLUMN follow_up_stopped TEXT;
