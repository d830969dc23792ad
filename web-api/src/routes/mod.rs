//! The HTTP API, one module per area.

pub mod enterprise;
pub mod health;
pub mod leads;
pub mod session;

use poem_openapi::Tags;

#[derive(Tags)]
pub enum ApiTags {
    /// Log-in and log-out.
    Session,
    /// Service status.
    Health,
    /// Enterprises, dealers and stores.
    Enterprise,
    /// Leads (future service interactions).
    Leads,
}

/// Every area of the API, for `OpenApiService::new`.
pub fn all() -> (
    session::SessionApi,
    health::HealthApi,
    enterprise::EnterpriseApi,
    leads::LeadApi,
) {
    (
        session::SessionApi,
        health::HealthApi,
        enterprise::EnterpriseApi,
        leads::LeadApi,
    )
}
