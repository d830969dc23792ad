-- Scheduled reports are e-mailed to a mailing list: their e-mails belong to the job run that
-- wrote them, not to a customer's message. SQLite cannot drop a NOT NULL: the table is rebuilt.
CREATE TABLE email_outbox_new (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    message_id INTEGER REFERENCES message_instances (id),
    to_address TEXT NOT NULL,
    from_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    mime TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    job_run_id INTEGER REFERENCES job_runs (id)
);
INSERT INTO email_outbox_new (id, enterprise_id, message_id, to_address, from_address, subject, mime, status, error, created_at, sent_at)
    SELECT id, enterprise_id, message_id, to_address, from_address, subject, mime, status, error, created_at, sent_at FROM email_outbox;
DROP TABLE email_outbox;
ALTER TABLE email_outbox_new RENAME TO email_outbox;
CREATE INDEX email_outbox_enterprise ON email_outbox (enterprise_id, created_at);
CREATE INDEX email_outbox_message ON email_outbox (message_id);
CREATE INDEX email_outbox_job_run ON email_outbox (job_run_id) WHERE job_run_id IS NOT NULL;
