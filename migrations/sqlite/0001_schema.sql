-- Bayline schema, SQLite edition. migrations/postgres/0001_schema.sql is the same schema in
-- PostgreSQL types; keep the two in step. Timestamps are UTC and always written by the app.

-- Tenancy: enterprise (dealer group) > boc (dealer) > store, each store in an office/time zone.
CREATE TABLE enterprises (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    is_demo BOOLEAN NOT NULL DEFAULT FALSE,
    logo_url TEXT,
    settings TEXT,
    created_at TEXT NOT NULL
);

CREATE TABLE bocs (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_code TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (enterprise_id, boc_code)
);
CREATE INDEX bocs_enterprise ON bocs (enterprise_id);

CREATE TABLE brands (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
);

CREATE TABLE divisions (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE offices (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    name TEXT NOT NULL,
    address TEXT,
    city TEXT,
    state TEXT,
    time_zone TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX offices_enterprise ON offices (enterprise_id);

CREATE TABLE stores (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER NOT NULL REFERENCES bocs (id),
    office_id INTEGER NOT NULL REFERENCES offices (id),
    brand_id INTEGER REFERENCES brands (id),
    store_code TEXT NOT NULL,
    name TEXT NOT NULL,
    phone_number TEXT,
    help_text TEXT,
    quiet_hours_start TEXT NOT NULL DEFAULT '08:00',
    quiet_hours_end TEXT NOT NULL DEFAULT '21:00',
    created_at TEXT NOT NULL,
    UNIQUE (enterprise_id, store_code)
);
CREATE INDEX stores_enterprise ON stores (enterprise_id);
CREATE INDEX stores_boc ON stores (boc_id);
CREATE INDEX stores_phone ON stores (phone_number);

-- People who use Bayline.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER REFERENCES enterprises (id),
    boc_id INTEGER REFERENCES bocs (id),
    store_id INTEGER REFERENCES stores (id),
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT,
    emp_level TEXT NOT NULL,
    color_code TEXT NOT NULL DEFAULT '#2f6fdf',
    real_time_sync BOOLEAN NOT NULL DEFAULT TRUE,
    calling_feature BOOLEAN NOT NULL DEFAULT FALSE,
    is_blocked BOOLEAN NOT NULL DEFAULT FALSE,
    is_guest BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX users_enterprise ON users (enterprise_id);

-- A user's roles in order: the first one decides where the UI lands after log-in.
CREATE TABLE user_roles (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (user_id, role)
);

CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    ip TEXT,
    user_agent TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_attempts (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    ip TEXT,
    succeeded BOOLEAN NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX login_attempts_username ON login_attempts (username, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);

CREATE TABLE advisors (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    advisor_no TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    UNIQUE (store_id, advisor_no)
);

-- Customers, their vehicles, what they bought and how those vehicles were serviced.
CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER NOT NULL REFERENCES bocs (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    custno TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    cellular TEXT,
    email TEXT,
    address TEXT,
    city TEXT,
    state TEXT,
    zip TEXT,
    line_type TEXT,
    is_verified BOOLEAN NOT NULL DEFAULT FALSE,
    block_sms BOOLEAN NOT NULL DEFAULT FALSE,
    ai_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    consent_source TEXT,
    consent_text TEXT,
    consent_at TEXT,
    opted_out_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (boc_id, custno)
);
CREATE INDEX customers_enterprise_store ON customers (enterprise_id, store_id);
CREATE INDEX customers_cellular ON customers (cellular);
CREATE INDEX customers_last_name ON customers (enterprise_id, last_name);

CREATE TABLE service_vehicles (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER REFERENCES customers (id),
    vin TEXT NOT NULL,
    make TEXT NOT NULL,
    model TEXT NOT NULL,
    year INTEGER NOT NULL,
    trim_level TEXT,
    odometer INTEGER,
    in_service_date TEXT,
    minder TEXT,
    last_service_date TEXT,
    no_longer_owned BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (enterprise_id, vin)
);
CREATE INDEX service_vehicles_customer ON service_vehicles (customer_id);
CREATE INDEX service_vehicles_store ON service_vehicles (store_id);

CREATE TABLE sales (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    vehicle_id INTEGER NOT NULL REFERENCES service_vehicles (id),
    deal_number TEXT NOT NULL,
    deal_type TEXT NOT NULL,
    sold_date TEXT NOT NULL,
    sale_price REAL,
    created_at TEXT NOT NULL,
    UNIQUE (store_id, deal_number)
);
CREATE INDEX sales_store_sold ON sales (store_id, sold_date);
CREATE INDEX sales_vehicle ON sales (vehicle_id);

-- Open and closed repair orders in one table; status_code follows the service-lane lanes.
CREATE TABLE repair_orders (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER REFERENCES customers (id),
    vehicle_id INTEGER REFERENCES service_vehicles (id),
    advisor_id INTEGER REFERENCES advisors (id),
    ro_number TEXT NOT NULL,
    status_code TEXT NOT NULL,
    open_date TEXT NOT NULL,
    closed_date TEXT,
    mileage_in INTEGER,
    mileage_out INTEGER,
    total_amount REAL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (store_id, ro_number)
);
CREATE INDEX repair_orders_store_status ON repair_orders (store_id, status_code);
CREATE INDEX repair_orders_store_closed ON repair_orders (store_id, closed_date);
CREATE INDEX repair_orders_vehicle ON repair_orders (vehicle_id, open_date);

CREATE TABLE repair_order_lines (
    id INTEGER PRIMARY KEY,
    repair_order_id INTEGER NOT NULL REFERENCES repair_orders (id) ON DELETE CASCADE,
    op_code TEXT NOT NULL,
    description TEXT NOT NULL,
    quantity REAL NOT NULL DEFAULT 1,
    amount REAL NOT NULL DEFAULT 0,
    declined BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX repair_order_lines_order ON repair_order_lines (repair_order_id);
CREATE INDEX repair_order_lines_op_code ON repair_order_lines (op_code);

CREATE TABLE service_appointments (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER REFERENCES customers (id),
    vehicle_id INTEGER REFERENCES service_vehicles (id),
    advisor_id INTEGER REFERENCES advisors (id),
    fsi_id INTEGER,
    title TEXT,
    appt_status TEXT NOT NULL,
    appt_at TEXT NOT NULL,
    dealer_code TEXT,
    service_packages TEXT,
    op_code TEXT,
    transport_type TEXT,
    notes TEXT,
    source TEXT NOT NULL,
    external_id TEXT,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX service_appointments_store_at ON service_appointments (store_id, appt_at);
CREATE INDEX service_appointments_fsi ON service_appointments (fsi_id);
CREATE INDEX service_appointments_customer ON service_appointments (customer_id);

-- The lead: a future service interaction for one vehicle and one service type.
CREATE TABLE future_service_interactions (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER NOT NULL REFERENCES bocs (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    vehicle_id INTEGER REFERENCES service_vehicles (id),
    vin TEXT,
    service_type TEXT NOT NULL,
    planned_date TEXT,
    estimated_due_date TEXT,
    lead_type TEXT NOT NULL DEFAULT 'SERVICE',
    cag_lead_type TEXT,
    status TEXT NOT NULL,
    status_code TEXT,
    outcome TEXT,
    response_insight TEXT,
    appointment_set BOOLEAN NOT NULL DEFAULT FALSE,
    appointment_id INTEGER REFERENCES service_appointments (id),
    ai_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    dt_dialog_enabled BOOLEAN NOT NULL DEFAULT FALSE,
    is_dt_got_its_chance BOOLEAN NOT NULL DEFAULT FALSE,
    responded_to_ai BOOLEAN NOT NULL DEFAULT FALSE,
    conversation_initiated BOOLEAN NOT NULL DEFAULT FALSE,
    conversation_closed BOOLEAN NOT NULL DEFAULT FALSE,
    workflow_reqd BOOLEAN NOT NULL DEFAULT FALSE,
    response_reqd BOOLEAN NOT NULL DEFAULT FALSE,
    total_inbound_count INTEGER NOT NULL DEFAULT 0,
    total_unread_count INTEGER NOT NULL DEFAULT 0,
    last_message_received_at TEXT,
    last_message_at TEXT,
    latest_message TEXT,
    delay_color_code TEXT,
    contact_later_at TEXT,
    follow_up_step TEXT,
    follow_up_at TEXT,
    open_ro_id INTEGER REFERENCES repair_orders (id),
    assigned_user_id INTEGER REFERENCES users (id),
    planner_name TEXT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX fsi_store_status ON future_service_interactions (store_id, status, last_message_at);
CREATE INDEX fsi_enterprise_service ON future_service_interactions (enterprise_id, service_type, planned_date);
CREATE INDEX fsi_customer ON future_service_interactions (customer_id);
CREATE INDEX fsi_vehicle_service ON future_service_interactions (vehicle_id, service_type, planned_date);
CREATE INDEX fsi_unread ON future_service_interactions (store_id, total_unread_count);
CREATE INDEX fsi_follow_up ON future_service_interactions (store_id, follow_up_at);

CREATE TABLE message_instances (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    fsi_id INTEGER REFERENCES future_service_interactions (id),
    customer_id INTEGER REFERENCES customers (id),
    direction TEXT NOT NULL,
    message_type TEXT NOT NULL,
    notification_type TEXT NOT NULL,
    content TEXT NOT NULL,
    translation_content TEXT,
    subject TEXT,
    from_address TEXT,
    from_name TEXT,
    to_address TEXT,
    to_name TEXT,
    message_status TEXT NOT NULL,
    error_code TEXT,
    error_text TEXT,
    provider_message_id TEXT UNIQUE,
    media_urls TEXT,
    url TEXT,
    sent_by_user_id INTEGER REFERENCES users (id),
    message_sent_by TEXT,
    user_color_code TEXT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    response_reqd BOOLEAN NOT NULL DEFAULT FALSE,
    response_due_at TEXT,
    message_response_time_ms INTEGER,
    log_mode BOOLEAN NOT NULL DEFAULT FALSE,
    valid_log_mode BOOLEAN,
    service_type TEXT,
    appointment_id INTEGER REFERENCES service_appointments (id),
    is_automated BOOLEAN NOT NULL DEFAULT FALSE,
    scheduled_for TEXT,
    read_at TEXT,
    sent_at TEXT,
    delivered_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX message_instances_fsi ON message_instances (fsi_id, created_at);
CREATE INDEX message_instances_store_created ON message_instances (store_id, created_at);
CREATE INDEX message_instances_customer ON message_instances (customer_id, created_at);
CREATE INDEX message_instances_status ON message_instances (message_status, scheduled_for);

-- What the assistant understood of a message.
CREATE TABLE message_intents (
    id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES message_instances (id) ON DELETE CASCADE,
    intent_name TEXT NOT NULL,
    confidence REAL NOT NULL,
    evidence TEXT,
    is_final BOOLEAN NOT NULL DEFAULT FALSE,
    is_multi BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL
);
CREATE INDEX message_intents_message ON message_intents (message_id);

-- Marks (tags) on a customer, a vehicle or a lead, e.g. SMS_OPT_OUT or NO_LONGER_OWN.
CREATE TABLE marks (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    target_kind TEXT NOT NULL,
    customer_id INTEGER REFERENCES customers (id),
    vehicle_id INTEGER REFERENCES service_vehicles (id),
    fsi_id INTEGER REFERENCES future_service_interactions (id),
    mark_code TEXT NOT NULL,
    note TEXT,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX marks_customer ON marks (customer_id);
CREATE INDEX marks_vehicle ON marks (vehicle_id);
CREATE INDEX marks_fsi ON marks (fsi_id);
CREATE INDEX marks_code ON marks (enterprise_id, mark_code);

-- Message templates: system templates per division and service, and staff's own.
CREATE TABLE templates (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER REFERENCES enterprises (id),
    division_code TEXT NOT NULL REFERENCES divisions (code),
    template_code TEXT NOT NULL,
    service_type TEXT,
    moc TEXT NOT NULL DEFAULT 'SMS',
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX templates_enterprise_division ON templates (enterprise_id, division_code);

CREATE TABLE custom_templates (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    owner_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    scope TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    service_type TEXT NOT NULL,
    intent TEXT,
    brand TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX custom_templates_enterprise_service ON custom_templates (enterprise_id, service_type);
CREATE INDEX custom_templates_owner ON custom_templates (owner_user_id);

CREATE TABLE template_favorites (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    custom_template_id INTEGER NOT NULL REFERENCES custom_templates (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, custom_template_id)
);

-- The AI assistant persona that texts from a store's number.
CREATE TABLE assistants (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER NOT NULL REFERENCES bocs (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    division_code TEXT NOT NULL REFERENCES divisions (code),
    agent_first_name TEXT NOT NULL,
    agent_last_name TEXT NOT NULL,
    agent_phone_number TEXT,
    email TEXT,
    initializer_process_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TEXT NOT NULL
);
CREATE INDEX assistants_store_division ON assistants (store_id, division_code);

CREATE TABLE phone_numbers (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    number TEXT NOT NULL UNIQUE,
    provider TEXT NOT NULL,
    capabilities TEXT NOT NULL DEFAULT 'SMS',
    created_at TEXT NOT NULL
);

CREATE TABLE mailing_lists (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    code TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (enterprise_id, code)
);

CREATE TABLE mailing_list_details (
    id INTEGER PRIMARY KEY,
    mailing_list_id INTEGER NOT NULL REFERENCES mailing_lists (id) ON DELETE CASCADE,
    customer_id INTEGER REFERENCES customers (id),
    name TEXT,
    email TEXT,
    phone TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX mailing_list_details_list ON mailing_list_details (mailing_list_id);

-- Planners: what to predict, and what each run did.
CREATE TABLE planner_definitions (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    name TEXT NOT NULL,
    service_type TEXT NOT NULL,
    deal_type TEXT,
    min_days INTEGER NOT NULL DEFAULT 0,
    max_days INTEGER NOT NULL DEFAULT 30,
    is_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    settings TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX planner_definitions_enterprise ON planner_definitions (enterprise_id);

CREATE TABLE planner_audits (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    planner_name TEXT NOT NULL,
    service_type TEXT NOT NULL,
    planner_date TEXT NOT NULL,
    parameters TEXT,
    candidate_count INTEGER NOT NULL DEFAULT 0,
    created_count INTEGER NOT NULL DEFAULT 0,
    skipped_count INTEGER NOT NULL DEFAULT 0,
    job_run_id INTEGER,
    started_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX planner_audits_enterprise_created ON planner_audits (enterprise_id, created_at);

-- Imports and data syncs.
CREATE TABLE import_file_reports (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    boc_id INTEGER REFERENCES bocs (id),
    store_id INTEGER REFERENCES stores (id),
    file_type TEXT NOT NULL,
    recall_type TEXT,
    file_name TEXT NOT NULL,
    status TEXT NOT NULL,
    total_rows INTEGER NOT NULL DEFAULT 0,
    imported_rows INTEGER NOT NULL DEFAULT 0,
    failed_rows INTEGER NOT NULL DEFAULT 0,
    job_run_id INTEGER,
    uploaded_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX import_file_reports_enterprise_type ON import_file_reports (enterprise_id, file_type, created_at);

CREATE TABLE import_row_errors (
    id INTEGER PRIMARY KEY,
    report_id INTEGER NOT NULL REFERENCES import_file_reports (id) ON DELETE CASCADE,
    row_number INTEGER NOT NULL,
    field TEXT,
    message TEXT NOT NULL,
    raw_row TEXT
);
CREATE INDEX import_row_errors_report ON import_row_errors (report_id, row_number);

CREATE TABLE data_source_configurations (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    name TEXT NOT NULL,
    source_kind TEXT NOT NULL,
    settings TEXT,
    is_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX data_source_configurations_enterprise ON data_source_configurations (enterprise_id);

CREATE TABLE data_source_mappings (
    id INTEGER PRIMARY KEY,
    configuration_id INTEGER NOT NULL REFERENCES data_source_configurations (id) ON DELETE CASCADE,
    source_field TEXT NOT NULL,
    target_field TEXT NOT NULL,
    transform TEXT,
    UNIQUE (configuration_id, target_field)
);

CREATE TABLE schedulers (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    api_name TEXT NOT NULL,
    job_kind TEXT NOT NULL,
    cron TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    input TEXT,
    is_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    last_fired_at TEXT,
    next_fire_at TEXT,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX schedulers_enterprise ON schedulers (enterprise_id, api_name);
CREATE INDEX schedulers_due ON schedulers (is_enabled, next_fire_at);

CREATE TABLE sync_history (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER REFERENCES stores (id),
    configuration_id INTEGER REFERENCES data_source_configurations (id),
    status TEXT NOT NULL,
    record_count INTEGER NOT NULL DEFAULT 0,
    error_count INTEGER NOT NULL DEFAULT 0,
    message TEXT,
    job_run_id INTEGER,
    started_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX sync_history_enterprise_started ON sync_history (enterprise_id, started_at);

-- Background work as users see it. (Not "jobs": the embedded queue owns that name.)
CREATE TABLE job_runs (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER REFERENCES enterprises (id),
    kind TEXT NOT NULL,
    input TEXT,
    status TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    total_count INTEGER NOT NULL DEFAULT 0,
    done_count INTEGER NOT NULL DEFAULT 0,
    failed_count INTEGER NOT NULL DEFAULT 0,
    skipped_count INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    artifact_path TEXT,
    checkpoint TEXT,
    attempt INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 1,
    idempotency_key TEXT,
    cancel_requested BOOLEAN NOT NULL DEFAULT FALSE,
    worker_id TEXT,
    heartbeat_at TEXT,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT
);
CREATE INDEX job_runs_enterprise_created ON job_runs (enterprise_id, created_at);
CREATE INDEX job_runs_status ON job_runs (status, kind);
CREATE INDEX job_runs_idempotency ON job_runs (idempotency_key);

CREATE TABLE job_run_logs (
    id INTEGER PRIMARY KEY,
    job_run_id INTEGER NOT NULL REFERENCES job_runs (id) ON DELETE CASCADE,
    level TEXT NOT NULL,
    line TEXT NOT NULL,
    logged_at TEXT NOT NULL
);
CREATE INDEX job_run_logs_run ON job_run_logs (job_run_id, id);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER REFERENCES enterprises (id),
    user_id INTEGER REFERENCES users (id),
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT,
    detail TEXT,
    request_id TEXT,
    at TEXT NOT NULL
);
CREATE INDEX audit_log_enterprise_at ON audit_log (enterprise_id, at);

-- Reference data every installation has.
INSERT INTO divisions (code, name) VALUES
    ('DIV001', 'Sales/Pre Sales'),
    ('DIV002', 'BUY'),
    ('DIV003', 'Extended Pre Sales'),
    ('DIV004', 'Service'),
    ('DIV005', 'Renewal Expired');

INSERT INTO brands (code, name) VALUES
    ('TOYOTA', 'Toyota'),
    ('FORD', 'Ford'),
    ('NISSAN', 'Nissan'),
    ('SUBARU', 'Subaru'),
    ('MAZDA', 'Mazda'),
    ('BMW', 'BMW'),
    ('CHEVROLET', 'Chevrolet'),
    ('CDJRF', 'Chrysler/Dodge/Jeep/Ram/Fiat'),
    ('GENERIC', 'Generic');
