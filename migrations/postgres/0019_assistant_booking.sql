-- The assistant books by text (issue 17): the time it last offered a customer, so a "yes" books
-- that time.
ALTER TABLE future_service_interactions ADD COLUMN proposed_appointment_at TIMESTAMPTZ;
