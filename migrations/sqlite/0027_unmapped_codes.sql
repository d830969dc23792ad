-- Unmapped dealer and store codes (issue 20, H-S4): rows an import or the dealer system
-- delivered with a store code no store answers to wait here until an administrator maps the
-- code to a store; the mapping is kept so later rows with that code load.
CREATE TABLE store_code_mappings (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    code TEXT NOT NULL,
    store_id INTEGER NOT NULL REFERENCES stores (id),
    mapped_by INTEGER REFERENCES users (id),
    mapped_at TEXT NOT NULL,
    UNIQUE (enterprise_id, code)
);
CREATE TABLE unmapped_records (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    code TEXT NOT NULL,
    report_id INTEGER NOT NULL REFERENCES import_file_reports (id) ON DELETE CASCADE,
    line_number INTEGER NOT NULL,
    record TEXT NOT NULL,
    -- The row's file type and values: the same row delivered again waits once.
    digest TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX unmapped_records_row ON unmapped_records (enterprise_id, code, digest);
CREATE INDEX unmapped_records_code ON unmapped_records (enterprise_id, code, id);
