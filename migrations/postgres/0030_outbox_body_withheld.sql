-- Issue 34: an account e-mail's body holds a live password link. It is kept as sent, but the
-- outbox view withholds it; rows written before now that are account e-mails (no message, no
-- job run) are marked too.
ALTER TABLE email_outbox ADD COLUMN body_withheld BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE email_outbox SET body_withheld = TRUE WHERE message_id IS NULL AND job_run_id IS NULL;
