-- Assistant files (issue 20, H-S6): a store's own assistant texts and booking rules, every
-- saved version kept, and the developer area's test runs (its log).
CREATE TABLE assistant_files (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL UNIQUE REFERENCES stores (id),
    content TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated_by INTEGER REFERENCES users (id),
    updated_at TEXT NOT NULL
);
CREATE TABLE assistant_file_versions (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL REFERENCES assistant_files (id),
    version INTEGER NOT NULL,
    content TEXT NOT NULL,
    saved_by INTEGER REFERENCES users (id),
    saved_at TEXT NOT NULL,
    UNIQUE (file_id, version)
);
CREATE TABLE assistant_file_runs (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    run_by INTEGER REFERENCES users (id),
    conversation TEXT NOT NULL,
    outcome TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX assistant_file_runs_store ON assistant_file_runs (store_id, at);
