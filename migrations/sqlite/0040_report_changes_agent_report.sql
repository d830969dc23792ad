-- Issue 39. The reports' snapshot answers the agent report too: whether a text was the
-- assistant's, whether a note is its handoff (subject, author) and whether an appointment is
-- its booking (author, source) are now facts it reads, so their changes are logged too.
DROP TRIGGER report_changes_message_update;
CREATE TRIGGER report_changes_message_update
AFTER UPDATE OF fsi_id, direction, message_type, is_compliance, created_at, is_automated,
    subject, sent_by_user_id ON message_instances
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT NEW.fsi_id WHERE NEW.fsi_id IS NOT NULL
    UNION SELECT OLD.fsi_id WHERE OLD.fsi_id IS NOT NULL;
END;
DROP TRIGGER report_changes_appointment_update;
CREATE TRIGGER report_changes_appointment_update
AFTER UPDATE OF fsi_id, appt_status, created_at, created_by, source ON service_appointments
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT NEW.fsi_id WHERE NEW.fsi_id IS NOT NULL
    UNION SELECT OLD.fsi_id WHERE OLD.fsi_id IS NOT NULL;
END;
