-- Issue 39. Reports at interactive speed: each API process keeps a columnar snapshot of every
-- lead's report facts (engine/reports/src/snapshot.rs) and brings it up to date from this log
-- of leads whose facts may have changed. Triggers write it, so every writer (the API, jobs,
-- imports, bulk SQL) is caught in the one place; the snapshot re-reads each lead named here
-- through the reports' own SQL definitions. Rows older than a day are pruned by housekeeping.
-- Kept cheap, as every text written adds a row: the rowid is the place (the pruning never
-- deletes the newest row, so places only grow), no index but the key (the pruning walks back
-- from the newest row to the first older than a day).
CREATE TABLE report_lead_changes (
    seq INTEGER PRIMARY KEY,
    fsi_id INTEGER NOT NULL,
    changed_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- A lead's messages: texts, replies and their kind.
CREATE TRIGGER report_changes_message_insert AFTER INSERT ON message_instances
WHEN NEW.fsi_id IS NOT NULL
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (NEW.fsi_id);
END;
CREATE TRIGGER report_changes_message_update
AFTER UPDATE OF fsi_id, direction, message_type, is_compliance, created_at ON message_instances
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT NEW.fsi_id WHERE NEW.fsi_id IS NOT NULL
    UNION SELECT OLD.fsi_id WHERE OLD.fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_message_delete AFTER DELETE ON message_instances
WHEN OLD.fsi_id IS NOT NULL
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (OLD.fsi_id);
END;

-- What the assistant read in a reply: its intents and whether it was only a carrier keyword.
CREATE TRIGGER report_changes_intent_insert AFTER INSERT ON message_intents
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances WHERE id = NEW.message_id AND fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_intent_update AFTER UPDATE ON message_intents
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances
    WHERE id IN (NEW.message_id, OLD.message_id) AND fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_intent_delete AFTER DELETE ON message_intents
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances WHERE id = OLD.message_id AND fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_understanding_insert AFTER INSERT ON message_understandings
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances WHERE id = NEW.message_id AND fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_understanding_update
AFTER UPDATE OF carrier_keyword, message_id ON message_understandings
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances
    WHERE id IN (NEW.message_id, OLD.message_id) AND fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_understanding_delete AFTER DELETE ON message_understandings
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT fsi_id FROM message_instances WHERE id = OLD.message_id AND fsi_id IS NOT NULL;
END;

-- Bookings.
CREATE TRIGGER report_changes_appointment_insert AFTER INSERT ON service_appointments
WHEN NEW.fsi_id IS NOT NULL
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (NEW.fsi_id);
END;
CREATE TRIGGER report_changes_appointment_update
AFTER UPDATE OF fsi_id, appt_status, created_at ON service_appointments
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT NEW.fsi_id WHERE NEW.fsi_id IS NOT NULL
    UNION SELECT OLD.fsi_id WHERE OLD.fsi_id IS NOT NULL;
END;
CREATE TRIGGER report_changes_appointment_delete AFTER DELETE ON service_appointments
WHEN OLD.fsi_id IS NOT NULL
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (OLD.fsi_id);
END;

-- The customer: opted out of texts, or bought from the dealership (a sale makes Type A).
CREATE TRIGGER report_changes_customer_block AFTER UPDATE OF block_sms ON customers
WHEN OLD.block_sms IS NOT NEW.block_sms
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT id FROM future_service_interactions WHERE customer_id = NEW.id;
END;
CREATE TRIGGER report_changes_sale_insert AFTER INSERT ON sales
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT id FROM future_service_interactions WHERE customer_id = NEW.customer_id;
END;
CREATE TRIGGER report_changes_sale_update AFTER UPDATE OF customer_id, enterprise_id ON sales
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT id FROM future_service_interactions
    WHERE customer_id IN (NEW.customer_id, OLD.customer_id);
END;
CREATE TRIGGER report_changes_sale_delete AFTER DELETE ON sales
BEGIN
    INSERT INTO report_lead_changes (fsi_id)
    SELECT id FROM future_service_interactions WHERE customer_id = OLD.customer_id;
END;

-- The lead itself: where it belongs and what service it is for.
CREATE TRIGGER report_changes_lead_update
AFTER UPDATE OF enterprise_id, store_id, customer_id, service_type ON future_service_interactions
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (NEW.id);
END;
CREATE TRIGGER report_changes_lead_delete AFTER DELETE ON future_service_interactions
BEGIN
    INSERT INTO report_lead_changes (fsi_id) VALUES (OLD.id);
END;
