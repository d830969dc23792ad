-- Data sources (issue 15): a store's dealer-system feed (a file-drop directory, the simulated
-- dealer system, or uploads only), the column mapping saved per file type, and each sync's
-- history with its counts. The mapping table is remade with its file type: one source
-- delivers several file types, each with its own headers. Nothing used the old table.
DROP TABLE data_source_mappings;
CREATE TABLE data_source_mappings (
    id INTEGER PRIMARY KEY,
    configuration_id INTEGER NOT NULL REFERENCES data_source_configurations (id) ON DELETE CASCADE,
    file_type TEXT NOT NULL,
    target_field TEXT NOT NULL,
    source_field TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (configuration_id, file_type, target_field)
);
ALTER TABLE data_source_configurations ADD COLUMN created_by INTEGER REFERENCES users (id);
ALTER TABLE sync_history ADD COLUMN file_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_history ADD COLUMN inserted_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_history ADD COLUMN updated_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_history ADD COLUMN unchanged_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_history ADD COLUMN triggered_by TEXT;
CREATE INDEX sync_history_configuration ON sync_history (configuration_id, started_at);
CREATE UNIQUE INDEX sync_history_job_run ON sync_history (job_run_id);
ALTER TABLE import_file_reports ADD COLUMN sync_history_id INTEGER REFERENCES sync_history (id);
CREATE INDEX import_file_reports_source ON import_file_reports (data_source_id, file_name);
CREATE INDEX import_file_reports_sync ON import_file_reports (sync_history_id);
