-- Test texts sent from Administration (issue 36): the SMS simulator shows those it carried, and
-- each is a record of who tested which number through which gateway.
CREATE TABLE test_texts (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    provider TEXT NOT NULL,
    from_number TEXT NOT NULL,
    to_number TEXT NOT NULL,
    body TEXT NOT NULL,
    provider_message_id TEXT,
    sent_by_user_id INTEGER REFERENCES users (id),
    sent_at TEXT NOT NULL
);
CREATE INDEX test_texts_enterprise ON test_texts (enterprise_id, sent_at);
