//! Data sources: where a store's dealer-system files come from, and the `imports.sync` job's
//! input. A sync asks the source's connector for what it has delivered and imports each file
//! not imported before, in load order, through the same load as an upload.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::FileType;
use domain::JobInput;
use domain::error::{Error, Result};
use domain::roles::closed_set;

/// The spec's messages (D-R9).
pub const NOT_CONFIGURED: &str = "Datasource is not configured";
pub const SYNC_NOT_SUPPORTED: &str = "DMS not supporting Sync";
pub const SYNCED: &str = "Synced Successfully";
pub const MAPPING_SAVED: &str = "Mapping Saved Successfully.";

closed_set! {
    /// How a data source delivers:
    /// - FILE_DROP: the dealer system (or a vendor such as DealerVault) writes export files
    ///   into the source's directory, one folder per file type;
    /// - SIMULATED_DMS: the built-in dealer system, producing repair orders, appointments and
    ///   sales from the store's customers over time (the embedded default, for demos);
    /// - UPLOAD_ONLY: files are uploaded by hand; the source keeps their mapping, and has no
    ///   sync.
    SourceKind {
        FileDrop => "FILE_DROP",
        SimulatedDms => "SIMULATED_DMS",
        UploadOnly => "UPLOAD_ONLY",
    }
}

closed_set! {
    /// Where a sync is.
    SyncStatus {
        Running => "RUNNING",
        Completed => "COMPLETED",
        CompletedWithErrors => "COMPLETED_WITH_ERRORS",
        Failed => "FAILED",
        Cancelled => "CANCELLED",
    }
}

closed_set! {
    /// What started a sync: a user's "sync now", or a schedule.
    SyncTrigger {
        Manual => "MANUAL",
        Schedule => "SCHEDULE",
    }
}

/// The order a sync loads files in: what later files refer to comes first (advisors and
/// customers before the sales, repair orders and appointments that name them).
pub const LOAD_ORDER: [FileType; 8] = [
    FileType::DmsAdvisors,
    FileType::DmsCustomerVehicles,
    FileType::DmsSales,
    FileType::DmsRepairOrders,
    FileType::DmsAppointments,
    FileType::Recall,
    FileType::PrepaidMaintenance,
    FileType::FeaAlert,
];

/// The folder of a source's directory Bayline writes into for the dealer system to read
/// (appointment and repair-order changes, `outbound/appointments/`, `outbound/repair-orders/`):
/// a sync never reads it.
pub const WRITE_BACK_FOLDER: &str = "outbound";

/// The folder of a source's directory that holds one file type's exports, e.g.
/// `dms_customer_vehicles`.
pub fn folder_of(file_type: FileType) -> String {
    file_type.as_str().to_ascii_lowercase()
}

/// Where data sources' directories are (`BAYLINE_FILE_DROP_DIR`, by default `file-drop` in
/// the data directory). With workers on several machines it is a shared mount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncSettings {
    pub file_drop_root: PathBuf,
}

impl SyncSettings {
    pub fn new(file_drop_root: impl AsRef<Path>) -> Self {
        Self {
            file_drop_root: file_drop_root.as_ref().to_owned(),
        }
    }

    /// A source's directory: the server chooses it, so no one can point a sync elsewhere.
    pub fn directory_of(&self, data_source_id: i64) -> PathBuf {
        self.file_drop_root.join(data_source_id.to_string())
    }
}

/// `imports.sync`'s input: the data source, and its store (the run's scope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SyncInput {
    pub data_source_id: i64,
    pub store_id: i64,
    /// A schedule's input leaves it out.
    #[serde(default = "scheduled")]
    pub trigger: SyncTrigger,
}

fn scheduled() -> SyncTrigger {
    SyncTrigger::Schedule
}

impl JobInput for SyncInput {
    const KIND: &'static str = domain::JobKindName::ImportSync.as_str();

    fn check(&self) -> Result<()> {
        if self.data_source_id > 0 && self.store_id > 0 {
            Ok(())
        } else {
            Err(Error::invalid(
                "dataSourceId and storeId must be positive numbers",
            ))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        vec![self.store_id]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_type_has_a_place_in_the_load_order() {
        for file_type in FileType::ALL {
            assert!(LOAD_ORDER.contains(file_type), "{file_type}");
        }
        assert_eq!(folder_of(FileType::DmsRepairOrders), "dms_repair_orders");
    }

    #[test]
    fn a_scheduled_input_names_no_trigger() {
        let input: SyncInput =
            serde_json::from_value(serde_json::json!({"dataSourceId": 3, "storeId": 2})).unwrap();
        assert_eq!(input.trigger, SyncTrigger::Schedule);
        assert!(
            serde_json::from_value::<SyncInput>(serde_json::json!({"dataSourceId": 3})).is_err()
        );
    }
}
