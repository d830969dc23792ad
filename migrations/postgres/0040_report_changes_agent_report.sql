-- Issue 39. The reports' snapshot answers the agent report too: whether a text was the
-- assistant's, whether a note is its handoff (subject, author) and whether an appointment is
-- its booking (author, source) are now facts it reads, so their changes are logged too.
DROP TRIGGER report_changes_message_update ON message_instances;
CREATE TRIGGER report_changes_message_update AFTER UPDATE ON message_instances FOR EACH ROW
WHEN (OLD.fsi_id IS DISTINCT FROM NEW.fsi_id OR OLD.direction IS DISTINCT FROM NEW.direction
    OR OLD.message_type IS DISTINCT FROM NEW.message_type
    OR OLD.is_compliance IS DISTINCT FROM NEW.is_compliance
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.is_automated IS DISTINCT FROM NEW.is_automated
    OR OLD.subject IS DISTINCT FROM NEW.subject
    OR OLD.sent_by_user_id IS DISTINCT FROM NEW.sent_by_user_id)
EXECUTE FUNCTION report_changes_of_update();
DROP TRIGGER report_changes_appointment_update ON service_appointments;
CREATE TRIGGER report_changes_appointment_update AFTER UPDATE ON service_appointments FOR EACH ROW
WHEN (OLD.fsi_id IS DISTINCT FROM NEW.fsi_id OR OLD.appt_status IS DISTINCT FROM NEW.appt_status
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.created_by IS DISTINCT FROM NEW.created_by
    OR OLD.source IS DISTINCT FROM NEW.source)
EXECUTE FUNCTION report_changes_of_update();
