//! The HTTP API, one module per area.

pub mod administration;
pub mod appointments;
pub mod assistant_actions;
pub mod customers;
pub mod data_sources;
pub mod deal_room;
pub mod dealer_records;
pub mod developer;
pub mod enterprise;
pub mod events;
pub mod health;
pub mod imports;
pub mod jobs;
pub mod lane;
pub mod lead_actions;
pub mod lead_lists;
pub mod leads;
pub mod mailing_lists;
pub mod messages;
pub mod messaging_settings;
pub mod outreach;
pub mod planners;
pub mod public;
pub mod reports;
pub mod schedules;
pub mod session;
pub mod simulator;
pub mod telephony;
pub mod templates;
pub mod uploads;
pub mod webhooks;

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
    /// Lead lists and search.
    LeadLists,
    /// Customers, vehicles and marks.
    Customers,
    /// Background job runs.
    Jobs,
    /// The realtime stream.
    Events,
    /// Cron schedules that start jobs.
    Schedules,
    /// A lead's conversation: messages, unread counts, log mode, transcripts, media.
    Messages,
    /// SMS gateways, allowed hours and HELP answers.
    Messaging,
    /// Provider webhooks (public, signed).
    Webhooks,
    /// The built-in SMS simulator's customer phone.
    Simulator,
    /// Predictive planners, their audits and definitions.
    Planners,
    /// Service appointments.
    Appointments,
    /// Data imports: recall, prepaid-maintenance, FEA and dealer-system files.
    Imports,
    /// The dealer system's sales and repair orders.
    DealerRecords,
    Templates,
    /// Bulk conversation initiation and its report.
    Outreach,
    /// Reports over the outreach: the funnel and the spec's report kinds.
    Reports,
    /// The service-lane board: advisors, repair orders by lane, moves.
    Lane,
    /// Administration: enterprises, dealers, stores, logos, users and the audit log.
    Administration,
    /// The public face: brand lead forms, and the pages signed links open.
    Public,
}

/// The only operations callable without a session token. Everything else requires one; a unit
/// test holds the OpenAPI document to this list.
pub const PUBLIC_OPERATIONS: &[(&str, &str)] = &[
    ("post", "/user/v2/login"),
    ("get", "/api/health"),
    // Signed by the provider (X-Twilio-Signature), verified per store.
    ("post", "/api/sms/twilio/inbound"),
    ("post", "/api/sms/twilio/status"),
    ("post", "/api/sms/bandwidth/callback"),
    // The one-time link in the e-mail is the key.
    ("post", "/user/reset-password"),
    // The brand lead forms: throttled, consent kept (engine::public).
    ("get", "/api/public/lead-forms/{slug}"),
    ("post", "/api/public/lead-submission"),
    // Opened by a signed link naming the lead and the user (engine::public::links).
    ("get", "/servicedealroom/future-service-interaction"),
    ("get", "/servicedealroom/conversationHistory"),
    ("get", "/servicedealroom/assistantList"),
    ("post", "/servicedealroom/send"),
    ("get", "/api/email/autoResponse"),
];

/// The session, platform, tenancy and job areas.
type CoreApis = (
    session::SessionApi,
    health::HealthApi,
    enterprise::EnterpriseApi,
    leads::LeadApi,
    lead_actions::LeadActionApi,
    lead_lists::LeadListApi,
    customers::CustomerApi,
    jobs::JobApi,
    events::EventApi,
    schedules::ScheduleApi,
    planners::PlannerApi,
    planners::PlannerDefinitionApi,
    planners::CvLeadApi,
    imports::ImportApi,
    data_sources::DataSourceApi,
);

/// The messaging areas.
type MessagingApis = (
    messages::MessageApi,
    messaging_settings::MessagingSettingsApi,
    webhooks::WebhookApi,
    simulator::SimulatorApi,
    uploads::UploadApi,
    appointments::AppointmentApi,
    assistant_actions::AssistantActionApi,
    dealer_records::DealerRecordApi,
    templates::TemplateApi,
    outreach::OutreachApi,
    reports::ReportApi,
    mailing_lists::MailingListApi,
    lane::LaneApi,
);

/// The administration areas.
type AdminApis = (
    administration::AdministrationApi,
    telephony::TelephonyApi,
    developer::DeveloperApi,
    public::PublicApi,
    deal_room::DealRoomApi,
);

/// Every area of the API, for `OpenApiService::new`.
pub fn all() -> (CoreApis, MessagingApis, AdminApis) {
    (
        (
            session::SessionApi,
            health::HealthApi,
            enterprise::EnterpriseApi,
            leads::LeadApi,
            lead_actions::LeadActionApi,
            lead_lists::LeadListApi,
            customers::CustomerApi,
            jobs::JobApi,
            events::EventApi,
            schedules::ScheduleApi,
            planners::PlannerApi,
            planners::PlannerDefinitionApi,
            planners::CvLeadApi,
            imports::ImportApi,
            data_sources::DataSourceApi,
        ),
        (
            messages::MessageApi,
            messaging_settings::MessagingSettingsApi,
            webhooks::WebhookApi,
            simulator::SimulatorApi,
            uploads::UploadApi,
            appointments::AppointmentApi,
            assistant_actions::AssistantActionApi,
            dealer_records::DealerRecordApi,
            templates::TemplateApi,
            outreach::OutreachApi,
            reports::ReportApi,
            mailing_lists::MailingListApi,
            lane::LaneApi,
        ),
        (
            administration::AdministrationApi,
            telephony::TelephonyApi,
            developer::DeveloperApi,
            public::PublicApi,
            deal_room::DealRoomApi,
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::PUBLIC_OPERATIONS;

    /// poem-openapi keeps one API set's operations per path: a path served by two sets loses
    /// the other's from the document (the UI's types then lose them too). Every handler's
    /// `#[oai(path, method)]` must be in the document.
    #[test]
    fn every_handler_is_in_the_document() {
        let spec: serde_json::Value =
            serde_json::from_str(&crate::app::api_service().spec()).expect("valid JSON");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
        let (mut missing, mut handlers) = (Vec::new(), 0);
        for entry in std::fs::read_dir(dir).expect("routes") {
            let source = std::fs::read_to_string(entry.expect("entry").path()).expect("source");
            for (at, _) in source.match_indices("path = \"") {
                let rest = &source[at + 8..];
                let Some(end) = rest.find('"') else { continue };
                let path = &rest[..end];
                let Some(method_at) = rest[..rest.len().min(300)].find("method = \"") else {
                    continue;
                };
                let method_rest = &rest[method_at + 10..];
                let method = &method_rest[..method_rest.find('"').unwrap_or(0)];
                // `:name` in a route is `{name}` in the document.
                let documented: String = path
                    .split('/')
                    .map(|part| match part.strip_prefix(':') {
                        Some(name) => format!("{{{name}}}"),
                        None => part.to_owned(),
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                handlers += 1;
                if spec["paths"][&documented][method].is_null() {
                    missing.push(format!("{method} {documented}"));
                }
            }
        }
        assert!(handlers > 200, "only {handlers} handlers read");
        assert!(missing.is_empty(), "not in the document: {missing:?}");
    }

    #[test]
    fn every_operation_outside_the_public_list_requires_a_session() {
        let spec: serde_json::Value =
            serde_json::from_str(&crate::app::api_service().spec()).expect("valid JSON");
        let paths = spec["paths"].as_object().expect("paths");
        let mut public = Vec::new();
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().expect("operations") {
                let secured = operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty());
                if !secured {
                    public.push((method.as_str(), path.as_str()));
                }
            }
        }
        public.sort_unstable();
        let mut expected = PUBLIC_OPERATIONS.to_vec();
        expected.sort_unstable();
        assert_eq!(public, expected, "unexpected public operations");
    }
}
