//! API integration tests: each spawns Bayline on port 0 with a database of its own (a copy of
//! the run's prepared demo world, see `prepared.rs`: a SQLite file, or a PostgreSQL database
//! when TEST_DATABASE_URL is set).

#![allow(clippy::unwrap_used)] // helpers as well as tests: a failure should panic where it happens

mod access_seams;
mod administration;
mod appointments;
mod assistant_actions;
mod assistant_booking;
mod automated_runs;
mod booking;
mod bulk_initiation;
mod call_logs;
mod chat;
mod compliance;
mod customers;
mod data_sources;
mod developer;
mod events;
mod follow_ups;
mod hardening;
mod helpers;
mod hostile;
mod hostile_files;
mod imports;
mod job_kinds;
mod jobs;
mod lane;
mod lead_actions;
mod lead_lists;
mod lib_rules;
mod messaging;
mod notifications;
mod planners;
mod platform;
mod prepared;
mod public_pages;
mod report_tables;
mod reports;
mod schedules;
mod session;
mod telephony;
mod templates;
mod tenancy;
mod tenancy_walk;
mod workers;
