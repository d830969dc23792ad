-- A customer-vehicle file is read by a job (cv-leads.import), not inside the upload request:
-- the batch is PENDING with its file until the job matches it (READY, the file dropped) or
-- finds bad rows (FAILED, with the rows listed). Earlier batches were read at upload: READY.
ALTER TABLE cv_lead_batches ADD COLUMN status TEXT NOT NULL DEFAULT 'READY';
ALTER TABLE cv_lead_batches ADD COLUMN content BYTEA;
ALTER TABLE cv_lead_batches ADD COLUMN error TEXT;
ALTER TABLE cv_lead_batches ADD COLUMN job_run_id BIGINT;
