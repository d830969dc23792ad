-- Dealer-system files (issue 15): advisors, sales, repair orders with their lines, and
-- appointments upserted on natural keys. `import_hash` is the digest of what the file last
-- said about a record: a second load of the same file finds every digest equal and writes
-- nothing. A repair order's lines are keyed by their line code (the op code when the file
-- gives none); an appointment from the dealer system by its number there.
ALTER TABLE advisors ADD COLUMN import_hash TEXT;
ALTER TABLE sales ADD COLUMN import_hash TEXT;
ALTER TABLE repair_orders ADD COLUMN import_hash TEXT;
ALTER TABLE repair_order_lines ADD COLUMN line_code TEXT;
ALTER TABLE repair_order_lines ADD COLUMN import_hash TEXT;
ALTER TABLE service_appointments ADD COLUMN import_hash TEXT;
CREATE UNIQUE INDEX repair_order_lines_code ON repair_order_lines (repair_order_id, line_code);
CREATE UNIQUE INDEX service_appointments_external ON service_appointments (store_id, external_id);
