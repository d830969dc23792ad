-- Inbound e-mail (issue 38): a customer's reply to an e-mail arrives in their conversation, and
-- one asking to unsubscribe stops the e-mails to them as STOP stops the texts.
ALTER TABLE customers ADD COLUMN block_email BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX customers_email ON customers (enterprise_id, email);
