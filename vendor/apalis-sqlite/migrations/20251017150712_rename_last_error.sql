ALTER TABLE Jobs RENAME COLUMN last_error TO last_result;
