-- Assistants (issue 20) are switched on and off per store: a store whose service assistant is
-- off gets no automated replies (staff answer). initializer_process_enabled, already there,
-- says whether bulk initiation may start conversations for the store.
ALTER TABLE assistants ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE assistants ADD COLUMN updated_at TIMESTAMPTZ;
CREATE UNIQUE INDEX assistants_one_per_store_division ON assistants (store_id, division_code);
