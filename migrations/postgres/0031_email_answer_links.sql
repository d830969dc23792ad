-- Issue 34: an e-mail answer link takes one answer; the links used, by the SHA-256 of their
-- token (never the token itself).
CREATE TABLE email_answer_links (
    token_hash TEXT PRIMARY KEY,
    lead_id BIGINT NOT NULL,
    answered_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX email_answer_links_at ON email_answer_links (answered_at);
