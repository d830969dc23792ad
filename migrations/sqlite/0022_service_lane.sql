-- The service-lane board (issue 19): every status move of a repair order, who made it and
-- when, and how its push to the dealer system went.
CREATE TABLE repair_order_moves (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    repair_order_id INTEGER NOT NULL REFERENCES repair_orders (id) ON DELETE CASCADE,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    moved_by INTEGER REFERENCES users (id),
    moved_at TEXT NOT NULL,
    dms_status TEXT NOT NULL,
    dms_error TEXT,
    dms_pushed_at TEXT
);
CREATE INDEX repair_order_moves_order ON repair_order_moves (repair_order_id, moved_at);
-- When staff last moved the order on the board (the dealer system's own moves arrive by import).
ALTER TABLE repair_orders ADD COLUMN status_moved_at TEXT;
-- The board reads a store's open orders by status, and counts each advisor's.
CREATE INDEX repair_orders_open ON repair_orders (store_id, status_code, advisor_id)
    WHERE closed_date IS NULL;
