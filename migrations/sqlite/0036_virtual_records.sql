-- Virtual service and mileage records (issue 38, spec H-C29, H-S9, H-E5): a service done
-- elsewhere, or an odometer reading, that staff record for a vehicle the dealer system knows
-- nothing of. The planners read them as they read repair orders and the vehicle's odometer.
CREATE TABLE virtual_service_records (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    vehicle_id INTEGER NOT NULL REFERENCES service_vehicles (id) ON DELETE CASCADE,
    service_date TEXT NOT NULL,
    mileage INTEGER,
    description TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX virtual_service_records_vehicle ON virtual_service_records (vehicle_id, service_date);
CREATE INDEX virtual_service_records_store ON virtual_service_records (store_id, service_date);
CREATE TABLE virtual_mileage_records (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    vehicle_id INTEGER NOT NULL REFERENCES service_vehicles (id) ON DELETE CASCADE,
    reading_date TEXT NOT NULL,
    mileage INTEGER NOT NULL,
    note TEXT,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX virtual_mileage_records_vehicle ON virtual_mileage_records (vehicle_id, reading_date);
CREATE INDEX virtual_mileage_records_store ON virtual_mileage_records (store_id, reading_date);
