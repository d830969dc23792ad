-- A phone call with the customer is a message of kind CALL: its start is starts_at, its
-- recording's address is url, and this is how long it lasted.
ALTER TABLE message_instances ADD COLUMN call_duration_seconds INTEGER;
