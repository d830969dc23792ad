-- Issue 39. The reports' snapshot holds every lead, texted or not, for the leads-status
-- report: a lead's creation, its day, and whether it awaits staff or is closed are now facts
-- it reads, so they are logged too (inserts once per statement, as the other tables').
CREATE TRIGGER report_changes_lead_insert AFTER INSERT ON future_service_interactions
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
EXECUTE FUNCTION report_changes_of_leads();
DROP TRIGGER report_changes_lead_update ON future_service_interactions;
CREATE TRIGGER report_changes_lead_update AFTER UPDATE ON future_service_interactions
FOR EACH ROW
WHEN (OLD.enterprise_id IS DISTINCT FROM NEW.enterprise_id
    OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.service_type IS DISTINCT FROM NEW.service_type
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.response_reqd IS DISTINCT FROM NEW.response_reqd
    OR OLD.conversation_closed IS DISTINCT FROM NEW.conversation_closed)
EXECUTE FUNCTION report_changes_of_update();
