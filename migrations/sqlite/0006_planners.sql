-- Planners walk a store's vehicles in id order, a batch at a time.
CREATE INDEX service_vehicles_store_id ON service_vehicles (store_id, id);
-- Audits are read per planner, newest first.
CREATE INDEX planner_audits_planner ON planner_audits (enterprise_id, planner_name, created_at);
-- A definition names its planner and, when scheduled, the job-engine schedule that runs it.
ALTER TABLE planner_definitions ADD COLUMN planner TEXT;
ALTER TABLE planner_definitions ADD COLUMN schedule_id INTEGER REFERENCES schedulers (id) ON DELETE SET NULL;
