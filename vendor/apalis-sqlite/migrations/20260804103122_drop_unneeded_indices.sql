DROP INDEX IF EXISTS TIdx;

DROP INDEX IF EXISTS SIdx;

DROP INDEX IF EXISTS JTIdx;

DROP INDEX IF EXISTS idx_jobs_run_at_status;

DROP INDEX IF EXISTS idx_jobs_job_type_run_at;

DROP INDEX IF EXISTS idx_jobs_job_type_covering;
