-- Appointment capacity (issue 16): a store's opening hours per weekday (ISO 1 = Monday, in the
-- store's time zone; a store without rows keeps the defaults in engine::appointments), and the
-- advisor slots Bayline books. A booking claims its advisor's 15-minute slot here in the same
-- transaction as the appointment, so two bookings of the last free slot cannot both win; a
-- cancellation or a no-show gives the claim back. Appointments imported from a dealer system
-- hold their slots by being there (availability counts them) and claim nothing.
CREATE TABLE store_opening_hours (
    store_id BIGINT NOT NULL REFERENCES stores (id),
    weekday INTEGER NOT NULL,
    opens TEXT NOT NULL,
    closes TEXT NOT NULL,
    PRIMARY KEY (store_id, weekday)
);
CREATE TABLE appointment_slot_claims (
    store_id BIGINT NOT NULL REFERENCES stores (id),
    -- The advisor's id, or 0 for a store without advisors (its one service desk).
    advisor_key BIGINT NOT NULL,
    slot_at TIMESTAMPTZ NOT NULL,
    appointment_id BIGINT NOT NULL REFERENCES service_appointments (id) ON DELETE CASCADE,
    PRIMARY KEY (store_id, advisor_key, slot_at)
);
CREATE UNIQUE INDEX appointment_slot_claims_appointment ON appointment_slot_claims (appointment_id);
CREATE INDEX service_appointments_advisor_at ON service_appointments (advisor_id, appt_at);
