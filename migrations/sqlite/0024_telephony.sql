-- Telephony (issue 20): Bandwidth's gateway needs an API user name and a messaging application
-- id beside the account and the (sealed) password; a bought number keeps the provider's id for
-- it and who bought it.
ALTER TABLE messaging_gateways ADD COLUMN api_username TEXT;
ALTER TABLE messaging_gateways ADD COLUMN application_id TEXT;
ALTER TABLE phone_numbers ADD COLUMN provider_sid TEXT;
ALTER TABLE phone_numbers ADD COLUMN bought_by INTEGER REFERENCES users (id);
CREATE INDEX phone_numbers_enterprise ON phone_numbers (enterprise_id, store_id);
