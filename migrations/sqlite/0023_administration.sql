-- Administration (issue 20). Enterprises, dealers and stores are deactivated, never deleted
-- (their history stays); a deactivated enterprise's users cannot sign in, a deactivated store
-- leaves the store pickers. A deleted guest user keeps their row (their history refers to it)
-- with the username freed.
ALTER TABLE enterprises ADD COLUMN deactivated_at TEXT;
ALTER TABLE bocs ADD COLUMN deactivated_at TEXT;
ALTER TABLE stores ADD COLUMN deactivated_at TEXT;
ALTER TABLE users ADD COLUMN deleted_at TEXT;

-- The enterprise logo, served back to the shell and the lane board.
CREATE TABLE enterprise_logos (
    enterprise_id INTEGER PRIMARY KEY REFERENCES enterprises (id),
    content_type TEXT NOT NULL,
    content BLOB NOT NULL,
    size_bytes INTEGER NOT NULL,
    updated_by INTEGER REFERENCES users (id),
    updated_at TEXT NOT NULL
);

-- One-time password links: only the token's hash is kept; a link works once, until it expires.
CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    token_hash TEXT NOT NULL UNIQUE,
    requested_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

CREATE INDEX audit_log_entity ON audit_log (enterprise_id, entity, at);
