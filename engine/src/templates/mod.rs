//! Message templates (spec "Templates"; decisions in docs/decisions/0007-templates.md): the
//! rules (fields, placeholders, checks, rendering, service types) are `wording::templates`,
//! re-exported here; [`service`] keeps a store's templates and picks one for a lead.

pub mod service;

pub use wording::templates::*;
