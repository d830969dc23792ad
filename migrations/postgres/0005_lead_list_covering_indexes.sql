-- Covering indexes for the lead lists (benches/README.md, "Lead lists"). Each holds its list's
-- condition, the scope and the list's order, so a list's exact count reads the index alone and
-- its first page follows an index instead of reading every matching lead. Sparse lists put the
-- order before the store, so one index serves both the enterprise's order and a store's count.
-- These replace the narrower list indexes of 0004 that they extend.
DROP INDEX fsi_contact_later;
DROP INDEX fsi_follow_up_step;
DROP INDEX fsi_archived;
CREATE INDEX fsi_list_lead_manager ON future_service_interactions
    (enterprise_id, conversation_initiated, conversation_closed, archived, store_id, last_message_at DESC NULLS LAST);
CREATE INDEX fsi_list_inbox ON future_service_interactions
    (enterprise_id, archived, total_inbound_count, store_id, last_message_received_at DESC NULLS LAST);
CREATE INDEX fsi_list_unread ON future_service_interactions
    (enterprise_id, archived, total_unread_count, store_id, last_message_received_at DESC NULLS LAST);
CREATE INDEX fsi_list_first_interaction ON future_service_interactions
    (enterprise_id, conversation_initiated, archived, planned_date, store_id, customer_id);
CREATE INDEX fsi_list_contact_later ON future_service_interactions
    (enterprise_id, archived, last_message_at DESC NULLS LAST, store_id, contact_later_at)
    WHERE contact_later_at IS NOT NULL;
CREATE INDEX fsi_list_follow_up ON future_service_interactions
    (enterprise_id, follow_up_step, archived, store_id, last_message_at DESC NULLS LAST, follow_up_at)
    WHERE follow_up_step IS NOT NULL;
CREATE INDEX fsi_list_archived ON future_service_interactions
    (enterprise_id, archived, last_message_at DESC NULLS LAST, store_id);
