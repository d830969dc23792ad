-- Issue 38. Twilio chat (H-C14, H-R5, H-R6, H-E6; docs/decisions/0023-chat.md): an
-- enterprise's Conversations credentials (the API key's secret sealed as the gateways' are),
-- whether they last tested good, and each user's own notification conversation.
CREATE TABLE chat_configs (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL UNIQUE REFERENCES enterprises (id),
    account_sid TEXT NOT NULL,
    api_key_sid TEXT NOT NULL,
    api_key_secret TEXT NOT NULL,
    service_sid TEXT NOT NULL,
    api_base_url TEXT,
    authenticated_at TEXT,
    updated_by INTEGER REFERENCES users (id),
    updated_at TEXT NOT NULL
);
ALTER TABLE users ADD COLUMN chat_channel_sid TEXT;
-- Bandwidth number orders (H-C13) name the sub-account (site) and location (peer) a number
-- joins; the location's messaging application brings its texts here.
ALTER TABLE messaging_gateways ADD COLUMN site_id TEXT;
ALTER TABLE messaging_gateways ADD COLUMN location_id TEXT;
-- The waiting room's in-house time (B-S3, B-E10): when a customer checked in for an
-- appointment, and when their visit ended (completed, or cancelled after all).
ALTER TABLE service_appointments ADD COLUMN checked_in_at TEXT;
ALTER TABLE service_appointments ADD COLUMN checked_out_at TEXT;
