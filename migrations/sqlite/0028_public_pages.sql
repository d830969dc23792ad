-- The public face (issue 21): which store answers each brand lead form and what it shows, the
-- consent every submission gives, and the attempts public calls are throttled by.
CREATE TABLE lead_forms (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    brand TEXT NOT NULL,
    title TEXT NOT NULL,
    consent_text TEXT NOT NULL,
    accent_color TEXT NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at TEXT NOT NULL
);
CREATE TABLE consent_records (
    id INTEGER PRIMARY KEY,
    enterprise_id INTEGER NOT NULL REFERENCES enterprises (id),
    store_id INTEGER NOT NULL REFERENCES stores (id),
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    fsi_id INTEGER REFERENCES future_service_interactions (id),
    form_slug TEXT NOT NULL,
    phone TEXT NOT NULL,
    consent_text TEXT NOT NULL,
    message TEXT,
    address TEXT,
    user_agent TEXT,
    consented_at TEXT NOT NULL
);
CREATE INDEX consent_records_customer ON consent_records (customer_id, consented_at);
CREATE TABLE public_attempts (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    subject_kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX public_attempts_subject ON public_attempts (action, subject_kind, subject, attempted_at);
CREATE INDEX public_attempts_at ON public_attempts (attempted_at);
