-- The job run that created a lead (a planner transfer). A transfer resumed after its worker
-- died finds the leads its first attempt made and counts them as its own, not as leads that
-- were there before it.
ALTER TABLE future_service_interactions ADD COLUMN job_run_id BIGINT;
