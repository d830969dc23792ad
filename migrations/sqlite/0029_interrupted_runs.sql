-- How often the process working on a run, or loading a file, died under it (issue 34): a run
-- or file that keeps killing its process is closed after a few such deaths instead of being
-- handed out forever.
ALTER TABLE job_runs ADD COLUMN interruptions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN interruptions INTEGER NOT NULL DEFAULT 0;
