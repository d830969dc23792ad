//! Automated runs by time zone: each store's automated texts (opening texts, follow-up steps)
//! go out only inside its allowed hours, read in its office's zone. This view groups the
//! stores of a scope by zone and says, per store, whether its window is open, when it opens
//! next, how many texts wait for it and how many follow-up steps are due.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};

use crate::auth::Scope;
use crate::db::Database;
use crate::domain::formats::{gmt_offset, parse_time_zone};
use crate::error::Result;
use crate::messaging::quiet_hours::AllowedHours;
use crate::store::follow_ups::FollowUpStore;
use crate::store::messages::MessageStore;
use crate::store::settings::SettingsStore;
use crate::store::tenancy::TenancyStore;

/// One store's automated work.
#[derive(Debug, Clone)]
pub struct StoreRun {
    pub store_id: i64,
    pub store_name: String,
    pub boc_id: i64,
    /// The window automated texts keep to, `HH:MM` local time.
    pub allowed_from: String,
    pub allowed_to: String,
    /// The store's local time now, `HH:MM`.
    pub local_time: String,
    pub open_now: bool,
    /// When the window opens next (`None` while it is open).
    pub next_opening: Option<DateTime<Utc>>,
    /// Automated texts held until their recipients' allowed hours.
    pub deferred_texts: i64,
    /// When the first of them goes out.
    pub next_deferred_at: Option<DateTime<Utc>>,
    /// Leads whose follow-up step is due now (the next sweep sends it).
    pub follow_ups_due: i64,
    /// Leads waiting on a later follow-up step.
    pub follow_ups_waiting: i64,
}

/// The stores of one zone.
#[derive(Debug, Clone)]
pub struct ZoneRuns {
    /// The zone's name (`America/Chicago`).
    pub time_zone: String,
    /// Its offset now, as the spec shows zones (`GMT-06:00`).
    pub zone: String,
    pub brands: Vec<StoreRun>,
}

#[derive(Debug, Clone)]
pub struct AutomatedRuns {
    tenancy: TenancyStore,
    settings: SettingsStore,
    messages: MessageStore,
    follow_ups: FollowUpStore,
}

impl AutomatedRuns {
    pub fn new(db: Database) -> Self {
        Self {
            tenancy: TenancyStore::new(db.clone()),
            settings: SettingsStore::new(db.clone()),
            messages: MessageStore::new(db.clone()),
            follow_ups: FollowUpStore::new(db),
        }
    }

    /// The scope's stores grouped by zone, east to west, each zone's stores by name.
    pub async fn by_zone(&self, scope: &Scope, now: DateTime<Utc>) -> Result<Vec<ZoneRuns>> {
        let store_ids: Vec<i64> = self
            .tenancy
            .stores(scope)
            .await?
            .iter()
            .map(|s| s.id)
            .collect();
        let settings = self.settings.store_settings_of(&store_ids).await?;
        let deferred: HashMap<i64, _> = self
            .messages
            .deferred_per_store(&store_ids, now)
            .await?
            .into_iter()
            .map(|d| (d.store_id, d))
            .collect();
        let follow_ups: HashMap<i64, _> = self
            .follow_ups
            .counts_per_store(&store_ids, now)
            .await?
            .into_iter()
            .map(|f| (f.store_id, f))
            .collect();
        // Keyed by offset seconds (east first), then zone name.
        let mut zones: BTreeMap<(i32, String), ZoneRuns> = BTreeMap::new();
        for store in settings {
            let zone = parse_time_zone(&store.office_time_zone)?;
            // A store whose hours were never set keeps the default window.
            let hours = AllowedHours::parse(&store.quiet_hours_start, &store.quiet_hours_end)
                .unwrap_or_default();
            let local = now.with_timezone(&zone);
            let offset = {
                use chrono::Offset;
                local.offset().fix().local_minus_utc()
            };
            let next_opening = hours.next_opening(now, zone);
            let waiting = deferred.get(&store.store_id);
            let cadence = follow_ups.get(&store.store_id);
            let run = StoreRun {
                store_id: store.store_id,
                store_name: store.store_name,
                boc_id: store.boc_id,
                allowed_from: hours.start.format("%H:%M").to_string(),
                allowed_to: hours.end.format("%H:%M").to_string(),
                local_time: local.format("%H:%M").to_string(),
                open_now: next_opening.is_none(),
                next_opening,
                deferred_texts: waiting.map_or(0, |d| d.deferred),
                next_deferred_at: waiting.and_then(|d| d.next_due),
                follow_ups_due: cadence.map_or(0, |f| f.due),
                follow_ups_waiting: cadence.map_or(0, |f| f.waiting),
            };
            zones
                .entry((-offset, store.office_time_zone.clone()))
                .or_insert_with(|| ZoneRuns {
                    zone: gmt_offset(&store.office_time_zone, now).unwrap_or_default(),
                    time_zone: store.office_time_zone.clone(),
                    brands: Vec::new(),
                })
                .brands
                .push(run);
        }
        Ok(zones.into_values().collect())
    }
}
