-- Appointments pushed to the store's dealer system (issue 16): where the push of the latest
-- change stands (PENDING, PUSHED, NOT_CONNECTED when the store has no dealer-system feed,
-- FAILED with its error once retries are spent), and when it last went through.
ALTER TABLE service_appointments ADD COLUMN dms_status TEXT;
ALTER TABLE service_appointments ADD COLUMN dms_error TEXT;
ALTER TABLE service_appointments ADD COLUMN dms_pushed_at TEXT;
