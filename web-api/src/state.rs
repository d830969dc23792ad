//! What every handler can reach.

use engine::Database;
use engine::admin::developer::Developer;
use engine::admin::{
    AssistantAdmin, AuditLog, ChatAdmin, Telephony, TenantAdmin, UnmappedCodes, UserAdmin,
    VirtualRecords,
};
use engine::appointments::service::AppointmentService;
use engine::assistant::reply::AssistantReplies;
use engine::auth::AuthService;
use engine::imports::sources::SyncSettings;
use engine::imports::spool::KeptUploads;
use engine::lane::board::LaneBoard;
use engine::messaging::{MessagingService, MessagingSettings, Notice};
use engine::outreach::{AutomatedRuns, BulkInitiation, FollowUps};
use engine::public::deal_room::DealRoom;
use engine::public::links::LinkSigner;
use engine::public::{LeadFormAdmin, LeadForms};
use engine::store::appointments::AppointmentStore;
use engine::store::customers::CustomerStore;
use engine::store::cv_leads::CvLeadStore;
use engine::store::data_sources::DataSourceStore;
use engine::store::dealer_records::DealerRecordStore;
use engine::store::imports::ImportStore;
use engine::store::lead_lists::LeadListStore;
use engine::store::leads::LeadStore;
use engine::store::messages::MessageStore;
use engine::store::notifications::NotificationStore;
use engine::store::planners::PlannerStore;
use engine::store::recipients::RecipientStore;
use engine::store::schedules::ScheduleStore;
use engine::store::settings::SettingsStore;
use engine::store::tenancy::TenancyStore;
use engine::store::understandings::UnderstandingStore;
use engine::store::users::UserStore;
use engine::store::virtual_records::VirtualRecordStore;
use engine::templates::service::TemplateService;
use jobs::{JobStarter, QueueBackend};
use reports::{ExportSettings, MailingLists, Reports};

use crate::config::TrustedProxies;
use crate::routes::events::LiveStreams;

#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Database,
    pub auth: AuthService,
    pub tenancy: TenancyStore,
    /// Administration of enterprises, dealers, stores and logos.
    pub tenant_admin: TenantAdmin,
    /// Store codes delivered rows carry that name no store, and their mappings.
    pub unmapped: UnmappedCodes,
    pub user_admin: UserAdmin,
    pub users: UserStore,
    pub audit: AuditLog,
    /// Gateways, their validation, and phone numbers.
    pub telephony: Telephony,
    pub chat: ChatAdmin,
    pub assistants: AssistantAdmin,
    /// The developer area: assistant and template files.
    pub developer: Developer,
    pub leads: LeadStore,
    pub lead_lists: LeadListStore,
    pub customers: CustomerStore,
    pub messages: MessageStore,
    pub notifications: NotificationStore,
    /// Virtual service and mileage records (spec H-C29).
    pub virtual_records: VirtualRecordStore,
    pub virtual_record_admin: VirtualRecords,
    /// Stores' messaging settings, gateways and assistants.
    pub store_config: SettingsStore,
    pub recipients: RecipientStore,
    pub messaging: MessagingService,
    /// The brand lead forms' public side, and their administration.
    pub lead_forms: LeadForms,
    pub lead_form_admin: LeadFormAdmin,
    /// The pages signed links open: the deal room, the landing page, e-mail answers.
    pub deal_room: DealRoom,
    /// Bulk conversation initiation: planning, dry runs and the per-lead results.
    pub bulk: BulkInitiation,
    /// Follow-up cadences, steps sent by hand and the no-show text.
    pub follow_ups: FollowUps,
    pub automated_runs: AutomatedRuns,
    pub reports: Reports,
    pub mailing_lists: MailingLists,
    /// The assistant's booking, for staff's booking from a conversation's text.
    pub assistant: AssistantReplies,
    pub planners: PlannerStore,
    pub appointments: AppointmentStore,
    pub cv_leads: CvLeadStore,
    pub imports: ImportStore,
    pub dealer_records: DealerRecordStore,
    /// The service-lane board's reads and moves.
    pub lane: LaneBoard,
    pub data_sources: DataSourceStore,
    /// Where data sources' file drops are.
    pub sync: SyncSettings,
    /// Where report exports are and how long they are kept.
    pub exports: ExportSettings,
    /// Where uploaded import files wait for their load.
    pub uploads: KeptUploads,
    pub understandings: UnderstandingStore,
    pub templates: TemplateService,
    pub booking: AppointmentService,
    pub schedules: ScheduleStore,
    pub queue: QueueBackend,
    pub jobs: JobStarter,
    /// Proxies allowed to name the client in forwarding headers.
    pub trusted_proxies: TrustedProxies,
    /// Hosts that show the generic lead form at the root (`BAYLINE_LEAD_FORM_HOSTS`).
    pub lead_form_hosts: Vec<String>,
    /// The realtime streams this process holds open.
    pub live_streams: LiveStreams,
    /// Set when the process begins to stop: readiness fails and realtime streams end.
    pub draining: crate::drain::Draining,
    /// The operators' scrape token for `GET /metrics` (`BAYLINE_METRICS_TOKEN`), if set.
    pub metrics_token: Option<String>,
}

impl AppState {
    pub fn new(
        db: Database,
        auth: AuthService,
        queue: QueueBackend,
        jobs: JobStarter,
        messaging: MessagingSettings,
    ) -> Self {
        Self {
            messages: MessageStore::new(db.clone()),
            notifications: NotificationStore::new(db.clone()),
            virtual_records: VirtualRecordStore::new(db.clone()),
            virtual_record_admin: VirtualRecords::new(db.clone()),
            store_config: SettingsStore::new(db.clone()),
            recipients: RecipientStore::new(db.clone()),
            lead_lists: LeadListStore::new(db.clone()),
            customers: CustomerStore::new(db.clone()),
            bulk: BulkInitiation::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            follow_ups: FollowUps::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            automated_runs: AutomatedRuns::new(db.clone()),
            reports: Reports::with_snapshots(db.clone()),
            mailing_lists: MailingLists::new(db.clone()),
            assistant: AssistantReplies::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            assistants: AssistantAdmin::new(db.clone()),
            developer: Developer::new(db.clone()),
            telephony: Telephony::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            chat: ChatAdmin::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            lead_forms: LeadForms::new(
                db.clone(),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            lead_form_admin: LeadFormAdmin::new(db.clone()),
            deal_room: DealRoom::new(
                db.clone(),
                LinkSigner::new(&messaging.secret_key),
                MessagingService::new(db.clone(), messaging.clone()),
            ),
            messaging: MessagingService::new(db.clone(), messaging),
            jobs,
            tenancy: TenancyStore::new(db.clone()),
            tenant_admin: TenantAdmin::new(db.clone()),
            unmapped: UnmappedCodes::new(db.clone()),
            user_admin: UserAdmin::new(db.clone()),
            users: UserStore::new(db.clone()),
            audit: AuditLog::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            schedules: ScheduleStore::new(db.clone()),
            planners: PlannerStore::new(db.clone()),
            appointments: AppointmentStore::new(db.clone()),
            cv_leads: CvLeadStore::new(db.clone()),
            imports: ImportStore::new(db.clone()),
            dealer_records: DealerRecordStore::new(db.clone()),
            lane: LaneBoard::new(db.clone()),
            data_sources: DataSourceStore::new(db.clone()),
            sync: SyncSettings::new("data/file-drop"),
            exports: ExportSettings::new("data/exports", chrono::Duration::hours(24)),
            uploads: KeptUploads::new("data/uploads"),
            understandings: UnderstandingStore::new(db.clone()),
            templates: TemplateService::new(db.clone()),
            booking: AppointmentService::new(db.clone()),
            auth,
            db,
            queue,
            trusted_proxies: TrustedProxies::default(),
            lead_form_hosts: Vec::new(),
            metrics_token: None,
            live_streams: LiveStreams::default(),
            draining: Default::default(),
        }
    }

    /// Starts the send jobs of the texts and e-mails a request queued to go now (a note is
    /// stored, not sent; a text held for its allowed hours goes when they open).
    pub async fn send_now(
        &self,
        messages: &[engine::store::messages::MessageRecord],
    ) -> crate::error::ApiResult<()> {
        for message in messages.iter().filter(|m| m.scheduled_for.is_none()) {
            jobs::dispatcher::dispatch(
                &self.messages,
                &self.jobs,
                message.id,
                message.enterprise_id,
            )
            .await?;
        }
        Ok(())
    }

    /// Tells the realtime stream what a request changed (each event carries a snapshot).
    pub async fn publish(&self, notices: impl IntoIterator<Item = Notice>) {
        self.jobs
            .events()
            .publish_notices(&self.messages, notices)
            .await;
    }
}
