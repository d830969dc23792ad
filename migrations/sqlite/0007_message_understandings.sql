-- What the assistant understood of an inbound message as a whole; the intents themselves are
-- rows of message_intents. The requested time is local wall-clock time in the store's zone.
CREATE TABLE message_understandings (
    message_id INTEGER PRIMARY KEY REFERENCES message_instances (id) ON DELETE CASCADE,
    requested_start TEXT,
    requested_grain TEXT,
    requested_end TEXT,
    response_insight TEXT,
    carrier_keyword TEXT,
    understood_at TEXT NOT NULL
);
