-- Data imports as jobs (issue 15). An upload is kept in chunks until its `imports.file` run has
-- read it; the report is also the run's checkpoint (rows_done), written in the same
-- transaction as each batch of rows, so a resumed run neither skips nor doubles a row.
ALTER TABLE import_file_reports ADD COLUMN data_source_id INTEGER REFERENCES data_source_configurations (id);
ALTER TABLE import_file_reports ADD COLUMN file_format TEXT;
ALTER TABLE import_file_reports ADD COLUMN size_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN content_sha256 TEXT;
ALTER TABLE import_file_reports ADD COLUMN headers TEXT;
ALTER TABLE import_file_reports ADD COLUMN mapping TEXT;
ALTER TABLE import_file_reports ADD COLUMN rows_done INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN bytes_read INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN inserted_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN updated_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN unchanged_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN leads_created INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file_reports ADD COLUMN error TEXT;
CREATE INDEX import_file_reports_store ON import_file_reports (store_id, created_at);

CREATE TABLE import_file_chunks (
    report_id INTEGER NOT NULL REFERENCES import_file_reports (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    content BLOB NOT NULL,
    PRIMARY KEY (report_id, seq)
);


-- The rows of recall, prepaid-maintenance and FEA files: the spec's "list of customer-vehicle
-- leads", each matched to a customer and vehicle by enrichment and turned into a lead.
CREATE TABLE imported_leads (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER NOT NULL REFERENCES bocs (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    file_type TEXT NOT NULL,
    natural_key TEXT NOT NULL,
    campaign_type TEXT NOT NULL,
    report_id INTEGER REFERENCES import_file_reports (id),
    line_number INTEGER,
    recall_type TEXT,
    campaign_code TEXT,
    vin TEXT,
    customer_number TEXT,
    first_name TEXT,
    last_name TEXT,
    phone TEXT,
    email TEXT,
    make TEXT,
    model TEXT,
    year INTEGER,
    description TEXT,
    event_date TEXT,
    expiry_date TEXT,
    visits_total INTEGER,
    visits_used INTEGER,
    mileage INTEGER,
    row_hash TEXT NOT NULL,
    enrichment_status TEXT NOT NULL,
    reason_key TEXT,
    customer_id INTEGER REFERENCES customers (id),
    vehicle_id INTEGER REFERENCES service_vehicles (id),
    fsi_id INTEGER REFERENCES future_service_interactions (id),
    reviewed_by INTEGER REFERENCES users (id),
    reviewed_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (store_id, file_type, natural_key)
);
CREATE INDEX imported_leads_report ON imported_leads (report_id, id);
CREATE INDEX imported_leads_enterprise ON imported_leads (enterprise_id, file_type, enrichment_status);
