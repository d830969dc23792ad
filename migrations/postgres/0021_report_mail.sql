-- Scheduled reports are e-mailed to a mailing list: their e-mails belong to the job run that
-- wrote them, not to a customer's message.
ALTER TABLE email_outbox ALTER COLUMN message_id DROP NOT NULL;
ALTER TABLE email_outbox ADD COLUMN job_run_id BIGINT REFERENCES job_runs (id);
CREATE INDEX email_outbox_job_run ON email_outbox (job_run_id) WHERE job_run_id IS NOT NULL;
