-- Messaging: where texts go out, what staff upload, e-mail that could not be handed to an SMTP
-- server, and the columns the send pipeline needs.

-- The SMS gateway of a store, or of a whole enterprise when store_id is NULL. With no row the
-- built-in simulator is used (the embedded default).
CREATE TABLE messaging_gateways (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    provider TEXT NOT NULL,
    account_sid TEXT,
    auth_token TEXT NOT NULL,
    api_base_url TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX messaging_gateways_owner ON messaging_gateways (enterprise_id, COALESCE(store_id, 0));

-- Installation-wide values made once and shared by every process (e.g. the simulator's
-- signing key).
CREATE TABLE app_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- Files staff attach to messages (MMS media). Kept in the database so every API process can
-- serve them; the random token in the URL is what lets a provider fetch them.
CREATE TABLE uploaded_files (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    fsi_id INTEGER REFERENCES future_service_interactions (id),
    token TEXT NOT NULL UNIQUE,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    content BLOB NOT NULL,
    uploaded_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);

-- Every e-mail and calendar invite as sent (RFC 5322 text); without SMTP this is the outbox.
CREATE TABLE email_outbox (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    message_id INTEGER NOT NULL REFERENCES message_instances (id),
    to_address TEXT NOT NULL,
    from_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    mime TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
);
CREATE INDEX email_outbox_enterprise ON email_outbox (enterprise_id, created_at);
CREATE INDEX email_outbox_message ON email_outbox (message_id);

-- A customer's own time zone, when known, decides their allowed hours for automated texts.
ALTER TABLE customers ADD COLUMN time_zone TEXT;
-- When a send job was started for a queued message; NULL means the dispatcher still owes one.
ALTER TABLE message_instances ADD COLUMN dispatched_at TEXT;
-- Opt-out confirmations and HELP answers: carriers require them, so neither an opt-out nor
-- allowed hours hold them back.
ALTER TABLE message_instances ADD COLUMN is_compliance BOOLEAN NOT NULL DEFAULT FALSE;
-- Start of the event a calendar invite announces.
ALTER TABLE message_instances ADD COLUMN starts_at TEXT;
CREATE INDEX message_instances_undispatched ON message_instances (scheduled_for)
    WHERE message_status = 'queued' AND dispatched_at IS NULL;
CREATE INDEX customers_store_cellular ON customers (store_id, cellular);
