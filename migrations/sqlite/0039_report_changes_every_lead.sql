-- Issue 39. The reports' snapshot holds every lead, texted or not, for the leads-status
-- report: a lead's creation, its day, and whether it awaits staff or is closed are now facts
-- it reads, so they are logged too.
CREATE TRIGGER report_changes_lead_insert AFTER INSERT ON future_service_interactions
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (NEW.id);
END;
DROP TRIGGER report_changes_lead_update;
CREATE TRIGGER report_changes_lead_update
AFTER UPDATE OF enterprise_id, store_id, customer_id, service_type, created_at, response_reqd,
    conversation_closed ON future_service_interactions
WHEN OLD.enterprise_id IS NOT NEW.enterprise_id OR OLD.store_id IS NOT NEW.store_id
    OR OLD.customer_id IS NOT NEW.customer_id OR OLD.service_type IS NOT NEW.service_type
    OR OLD.created_at IS NOT NEW.created_at OR OLD.response_reqd IS NOT NEW.response_reqd
    OR OLD.conversation_closed IS NOT NEW.conversation_closed
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (NEW.id);
END;
