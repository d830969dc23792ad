-- Issue 39. The reports' snapshot answers the response-insights report too: a reply's
-- response insight is now a fact it reads, so its change is logged too.
DROP TRIGGER report_changes_understanding_update;
CREATE TRIGGER report_changes_understanding_update
AFTER UPDATE OF carrier_keyword, message_id, response_insight ON message_understandings
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances
    WHERE id IN (NEW.message_id, OLD.message_id) AND fsi_id IS NOT NULL;
END;
