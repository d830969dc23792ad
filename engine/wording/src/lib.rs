//! What Bayline's texts say, and when: message templates (the dynamic fields, the one
//! placeholder syntax, checks on save, rendering for a lead, the service types), HTML made SMS
//! text, the follow-up cadence's steps, and a bulk run's outcomes. Pure (no storage), so
//! storage and every area that writes to customers share it; the engine re-exports each
//! module where it always was (`engine::templates`, `engine::messaging::text`,
//! `engine::outreach::cadence`).

pub mod bulk;
pub mod cadence;
pub mod templates;
pub mod text;
