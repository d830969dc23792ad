ALTER TABLE
    Workers
ADD
    COLUMN started_at INTEGER;
