-- Planners walk a store's vehicles in id order, a batch at a time.
CREATE INDEX service_vehicles_store_id ON service_vehicles (store_id, id);
-- Audits are read per planner, newest first.
CREATE INDEX planner_audits_planner ON planner_audits (enterprise_id, planner_name, created_at);
-- A definition names its planner and, when scheduled, the job-engine schedule that runs it.
ALTER TABLE planner_definitions ADD COLUMN planner TEXT;
ALTER TABLE planner_definitions ADD COLUMN schedule_id INTEGER REFERENCES schedulers (id) ON DELETE SET NULL;
-- Customer-vehicle lead batches: an uploaded list of a store's customers or vehicles, matched to
-- its vehicles, that the CV-lead planner turns into leads.
CREATE TABLE cv_lead_batches (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    file_name TEXT NOT NULL,
    row_count INTEGER NOT NULL,
    matched_rows INTEGER NOT NULL,
    vehicle_count INTEGER NOT NULL,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX cv_lead_batches_store ON cv_lead_batches (store_id, created_at);
CREATE TABLE cv_lead_batch_vehicles (
    batch_id INTEGER NOT NULL REFERENCES cv_lead_batches (id) ON DELETE CASCADE,
    vehicle_id INTEGER NOT NULL REFERENCES service_vehicles (id),
    PRIMARY KEY (batch_id, vehicle_id)
);
