//! The job kinds Bayline ships, one file each.

mod appointment_push;
mod bulk_initiate;
mod cv_lead_import;
mod data_sync;
mod enrichment;
mod file_import;
mod follow_up_sweep;
mod line_types;
mod noop;
mod planner_transfer;
mod prune_sessions;
mod repair_order_push;
mod report_export;
mod report_mail;
mod send_message;
mod send_messages;
mod understand_reply;

use std::sync::Arc;

use engine::imports::sources::SyncSettings;
use engine::imports::spool::KeptUploads;
use engine::messaging::MessagingSettings;
use reports::ExportSettings;

use crate::registry::JobKind;

pub use appointment_push::AppointmentPush;
pub use bulk_initiate::BulkInitiate;
pub use cv_lead_import::CvLeadImport;
pub use data_sync::DataSync;
pub use enrichment::Enrichment;
pub use file_import::FileImport;
pub use follow_up_sweep::FollowUpSweep;
pub use line_types::LineTypes;
pub use noop::Noop;
pub use planner_transfer::{NO_RECORDS, PlannerTransfer};
pub use prune_sessions::PruneSessions;
pub use repair_order_push::RepairOrderPush;
pub use report_export::ReportExport;
pub use report_mail::ReportMail;
pub use send_message::SendMessage;
pub use send_messages::SendMessages;
pub use understand_reply::UnderstandReply;

/// What the kinds need from the process's configuration.
#[derive(Debug, Clone)]
pub struct KindSettings {
    /// The mailer and public URL message sending uses.
    pub messaging: MessagingSettings,
    /// Where data sources' file drops are.
    pub sync: SyncSettings,
    /// Where report exports are written and how long they are kept.
    pub exports: ExportSettings,
    /// Where uploaded import files wait for their load.
    pub uploads: KeptUploads,
}

pub fn all(settings: &KindSettings) -> Vec<Arc<dyn JobKind>> {
    let messaging = &settings.messaging;
    vec![
        Arc::new(AppointmentPush::new(settings.sync.clone())),
        Arc::new(BulkInitiate::new(messaging.clone())),
        Arc::new(CvLeadImport),
        Arc::new(DataSync::new(settings.sync.clone())),
        Arc::new(Enrichment),
        Arc::new(FileImport::new(settings.uploads.clone())),
        Arc::new(FollowUpSweep::new(messaging.clone())),
        Arc::new(LineTypes::new(messaging.clone())),
        Arc::new(Noop),
        Arc::new(PlannerTransfer),
        Arc::new(PruneSessions),
        Arc::new(RepairOrderPush::new(settings.sync.clone())),
        Arc::new(ReportExport::new(settings.exports.clone())),
        Arc::new(ReportMail::new(settings.exports.clone(), messaging.clone())),
        Arc::new(SendMessage::new(messaging.clone())),
        Arc::new(SendMessages::new(messaging.clone())),
        Arc::new(UnderstandReply::new(messaging.clone())),
    ]
}
