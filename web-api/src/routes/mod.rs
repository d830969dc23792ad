//! The HTTP API, one module per area.

pub mod administration;
pub mod appointments;
pub mod assistant_actions;
pub mod chat;
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
pub mod metrics;
pub mod notifications;
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
pub mod virtual_records;
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
    /// Each user's notifications: the handoffs of their stores, read and removed per user.
    Notifications,
    /// Administration: enterprises, dealers, stores, logos, users and the audit log.
    Administration,
    /// The public face: brand lead forms, and the pages signed links open.
    Public,
}

/// The only operations callable without a session token. Everything else requires one; a unit
/// test holds the OpenAPI document to this list.
pub const PUBLIC_OPERATIONS: &[(&str, &str)] = &[
    ("post", "/user/v2/login"),
    // The second log-in step: the challenge from the first and the e-mailed code are the key.
    ("post", "/user/v2/login/otp"),
    ("get", "/api/health"),
    // For orchestrators' probes: nothing but up or down, ready or not.
    ("get", "/api/health/live"),
    ("get", "/api/health/ready"),
    // Checks its own key: the operators' scrape token, or a SUPER_ADMIN session.
    ("get", "/metrics"),
    // Signed by the provider (X-Twilio-Signature), verified per store.
    ("post", "/api/sms/twilio/inbound"),
    ("post", "/api/sms/twilio/status"),
    ("post", "/api/sms/bandwidth/callback"),
    // Signed by the inbound-mail provider (Mailgun's signature, BAYLINE_INBOUND_MAIL_KEY).
    ("post", "/api/email/inbound"),
    // The one-time link in the e-mail is the key.
    ("post", "/user/reset-password"),
    // The brand lead forms: throttled, consent kept (engine::public); which root a host serves.
    ("get", "/api/public/site"),
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
    (health::HealthApi, metrics::MetricsApi),
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
    notifications::NotificationApi,
);

/// The administration areas.
type AdminApis = (
    administration::AdministrationApi,
    administration::BrandsApi,
    administration::EnterpriseSettingsApi,
    telephony::TelephonyApi,
    chat::ChatApi,
    developer::DeveloperApi,
    public::PublicApi,
    deal_room::DealRoomApi,
    virtual_records::VirtualRecordApi,
);

/// Every area of the API, for `OpenApiService::new`.
pub fn all() -> (CoreApis, MessagingApis, AdminApis) {
    (
        (
            session::SessionApi,
            (health::HealthApi, metrics::MetricsApi),
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
            notifications::NotificationApi,
        ),
        (
            administration::AdministrationApi,
            administration::BrandsApi,
            administration::EnterpriseSettingsApi,
            telephony::TelephonyApi,
            chat::ChatApi,
            developer::DeveloperApi,
            public::PublicApi,
            deal_room::DealRoomApi,
            virtual_records::VirtualRecordApi,
        ),
    )
}
