//! What every handler can reach.

use engine::Database;
use engine::auth::AuthService;
use engine::store::leads::LeadStore;
use engine::store::schedules::ScheduleStore;
use engine::store::tenancy::TenancyStore;
use jobs::{JobStarter, QueueBackend};

#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Database,
    pub auth: AuthService,
    pub tenancy: TenancyStore,
    pub leads: LeadStore,
    pub schedules: ScheduleStore,
    pub queue: QueueBackend,
    pub jobs: JobStarter,
}

impl AppState {
    pub fn new(db: Database, auth: AuthService, queue: QueueBackend, jobs: JobStarter) -> Self {
        Self {
            jobs,
            tenancy: TenancyStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            schedules: ScheduleStore::new(db.clone()),
            auth,
            db,
            queue,
        }
    }
}
