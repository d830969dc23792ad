-- Notifications that last (issue 38): each handoff is a notification of its store, kept across
-- reloads; each user's reading of it (read, removed) is theirs alone.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    fsi_id INTEGER NOT NULL REFERENCES future_service_interactions (id) ON DELETE CASCADE,
    message_id INTEGER REFERENCES message_instances (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    reason TEXT NOT NULL,
    service_type TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX notifications_store ON notifications (enterprise_id, store_id, created_at);
CREATE INDEX notifications_fsi ON notifications (fsi_id);
CREATE TABLE notification_states (
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at TEXT,
    removed_at TEXT,
    PRIMARY KEY (notification_id, user_id)
);
