-- The second log-in step (issue 38, spec H-R10): a user with two-step log-in on is e-mailed a
-- one-time code after the password, and signs in only with it. A challenge is the code's
-- record: hashed, expiring, and dead after a few wrong tries.
ALTER TABLE users ADD COLUMN two_step_login BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE login_challenges (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX login_challenges_user ON login_challenges (user_id, created_at);
