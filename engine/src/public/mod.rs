//! The public face (issue 21): the only calls anyone on the internet can reach. The brand lead
//! forms (a customer asks to be texted and gives consent), and the pages a signed link opens
//! (the deal room, the customer's landing page, the e-mail auto-response). Every call is
//! throttled per address ([`throttle`]) and never tells whether a customer exists.

pub mod deal_room;
pub mod lead_forms;
pub use crate::messaging::links;
pub mod throttle;

pub use lead_forms::{LeadFormAdmin, LeadForms};
pub use throttle::{Limit, Throttle};
