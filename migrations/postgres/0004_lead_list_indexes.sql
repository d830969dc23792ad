-- Indexes for the lead lists (docs/lead-lists.md): each list is scoped by enterprise (and
-- usually store) and ordered by one of the lead's dates.
CREATE INDEX fsi_enterprise_last_message ON future_service_interactions (enterprise_id, last_message_at DESC NULLS LAST);
CREATE INDEX fsi_enterprise_last_received ON future_service_interactions (enterprise_id, last_message_received_at DESC NULLS LAST);
CREATE INDEX fsi_store_last_message ON future_service_interactions (store_id, last_message_at DESC NULLS LAST);
CREATE INDEX fsi_contact_later ON future_service_interactions (enterprise_id, contact_later_at)
    WHERE contact_later_at IS NOT NULL;
CREATE INDEX fsi_follow_up_step ON future_service_interactions (enterprise_id, follow_up_step, follow_up_at)
    WHERE follow_up_step IS NOT NULL;
CREATE INDEX fsi_open_ro ON future_service_interactions (open_ro_id) WHERE open_ro_id IS NOT NULL;
CREATE INDEX fsi_archived ON future_service_interactions (enterprise_id, archived);
