-- Issue 39. The reports' snapshot answers the response-insights report too: a reply's
-- response insight is now a fact it reads, so its change is logged too.
DROP TRIGGER report_changes_understanding_update ON message_understandings;
CREATE TRIGGER report_changes_understanding_update AFTER UPDATE ON message_understandings
FOR EACH ROW
WHEN (OLD.carrier_keyword IS DISTINCT FROM NEW.carrier_keyword
    OR OLD.message_id IS DISTINCT FROM NEW.message_id
    OR OLD.response_insight IS DISTINCT FROM NEW.response_insight)
EXECUTE FUNCTION report_changes_of_update();
