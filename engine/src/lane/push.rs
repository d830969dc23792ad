//! Pushing a board move to the store's dealer system (`lane.dms-push`), the way appointments
//! are pushed: the store's feed receives a JSON record in its `outbound/repair-orders/`
//! folder. The simulated dealer system reads those records back, so a card staff moved stays
//! where they put it until the dealer system moves it on. A store without a feed is
//! NOT_CONNECTED; a write that fails is retried by the job, then shows FAILED on the move.

use std::collections::HashMap;
use std::path::Path;

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Query};
use serde::{Deserialize, Serialize};

use super::RoStatus;
use crate::appointments::writeback::{DmsPushStatus, store_feed, write_record};
use crate::db::Database;
use crate::domain::JobInput;
use crate::error::{Error, Result};
use crate::store::schema::{Advisors, RepairOrderMoves as Moves, RepairOrders, Stores, Users};
use import_files::sources::SyncSettings;

/// The folder of a feed's directory that receives repair-order moves.
pub const OUTBOUND_FOLDER: &str = "outbound/repair-orders";

/// `lane.dms-push`'s input: the move and its store (the run's scope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RepairOrderPushInput {
    pub move_id: i64,
    pub store_id: i64,
}

impl JobInput for RepairOrderPushInput {
    const KIND: &'static str = crate::domain::JobKindName::LaneDmsPush.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if self.move_id <= 0 {
            problems.push("moveId must be a positive id".to_owned());
        }
        if self.store_id <= 0 {
            problems.push("storeId must be a positive id".to_owned());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid_all(problems))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        vec![self.store_id]
    }
}

/// The record the dealer system receives for one move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PushedMove {
    pub move_id: i64,
    pub ro_number: String,
    pub store_code: String,
    pub advisor_number: Option<String>,
    pub previous_status: String,
    pub status: String,
    pub moved_at: DateTime<Utc>,
    pub moved_by: Option<String>,
    pub feed: String,
}

#[derive(Debug, sqlx::FromRow)]
struct MoveRow {
    id: i64,
    from_status: String,
    to_status: String,
    moved_at: DateTime<Utc>,
    store_id: i64,
    ro_number: String,
    store_code: String,
    advisor_no: Option<String>,
    username: Option<String>,
}

/// Pushes one move: writes its record into the store's feed (an I/O failure is the error, for
/// the job to retry) and marks the move PUSHED, or NOT_CONNECTED without a feed.
pub async fn push(
    db: &Database,
    settings: &SyncSettings,
    input: &RepairOrderPushInput,
    now: DateTime<Utc>,
) -> Result<DmsPushStatus> {
    let row: MoveRow = db
        .fetch_optional(
            &Query::select()
                .columns(
                    [
                        Moves::Id,
                        Moves::FromStatus,
                        Moves::ToStatus,
                        Moves::MovedAt,
                        Moves::StoreId,
                    ]
                    .map(|c| (Moves::Table, c)),
                )
                .column((RepairOrders::Table, RepairOrders::RoNumber))
                .column((Stores::Table, Stores::StoreCode))
                .column((Advisors::Table, Advisors::AdvisorNo))
                .column((Users::Table, Users::Username))
                .from(Moves::Table)
                .inner_join(
                    RepairOrders::Table,
                    Expr::col((RepairOrders::Table, RepairOrders::Id))
                        .equals((Moves::Table, Moves::RepairOrderId)),
                )
                .inner_join(
                    Stores::Table,
                    Expr::col((Stores::Table, Stores::Id)).equals((Moves::Table, Moves::StoreId)),
                )
                .left_join(
                    Advisors::Table,
                    Expr::col((Advisors::Table, Advisors::Id))
                        .equals((RepairOrders::Table, RepairOrders::AdvisorId)),
                )
                .left_join(
                    Users::Table,
                    Expr::col((Users::Table, Users::Id)).equals((Moves::Table, Moves::MovedBy)),
                )
                .and_where(Expr::col((Moves::Table, Moves::Id)).eq(input.move_id))
                .and_where(Expr::col((Moves::Table, Moves::StoreId)).eq(input.store_id))
                .to_owned(),
        )
        .await?
        .ok_or_else(|| Error::not_found("Repair-order move not found"))?;
    let Some(feed) = store_feed(db, row.store_id).await? else {
        set_status(db, row.id, DmsPushStatus::NotConnected, None, None).await?;
        return Ok(DmsPushStatus::NotConnected);
    };
    let record = PushedMove {
        move_id: row.id,
        ro_number: row.ro_number.clone(),
        store_code: row.store_code,
        advisor_number: row.advisor_no,
        previous_status: row.from_status,
        status: row.to_status,
        moved_at: row.moved_at,
        moved_by: row.username,
        feed: feed.source_kind,
    };
    let folder = settings.directory_of(feed.id).join(OUTBOUND_FOLDER);
    write_record(
        &folder,
        &format!("move-{:010}.json", row.id),
        &serde_json::to_value(&record).expect("a move serializes"),
    )?;
    set_status(db, row.id, DmsPushStatus::Pushed, None, Some(now)).await?;
    Ok(DmsPushStatus::Pushed)
}

/// Marks a push given up on (the job's retries are spent).
pub async fn mark_failed(db: &Database, move_id: i64, reason: &str) -> Result<()> {
    set_status(db, move_id, DmsPushStatus::Failed, Some(reason), None).await
}

async fn set_status(
    db: &Database,
    move_id: i64,
    status: DmsPushStatus,
    error: Option<&str>,
    pushed_at: Option<DateTime<Utc>>,
) -> Result<()> {
    let mut update = Query::update();
    update
        .table(Moves::Table)
        .value(Moves::DmsStatus, status.as_str())
        .value(Moves::DmsError, error.map(str::to_owned))
        .and_where(Expr::col(Moves::Id).eq(move_id));
    if let Some(at) = pushed_at {
        update.value(Moves::DmsPushedAt, at);
    }
    db.execute(&update).await?;
    Ok(())
}

/// The latest move pushed for each RO number, as a feed's directory holds them (what the
/// simulated dealer system knows staff did). Unreadable records are skipped.
pub fn pushed_moves(feed_directory: &Path) -> HashMap<String, (RoStatus, DateTime<Utc>)> {
    let mut latest: HashMap<String, (RoStatus, DateTime<Utc>, i64)> = HashMap::new();
    let Ok(entries) = std::fs::read_dir(feed_directory.join(OUTBOUND_FOLDER)) else {
        return HashMap::new();
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let Some(record) = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<PushedMove>(&bytes).ok())
        else {
            continue;
        };
        let Ok(status) = RoStatus::from_code(&record.status) else {
            continue;
        };
        let newer = latest
            .get(&record.ro_number)
            .is_none_or(|(_, at, id)| (record.moved_at, record.move_id) > (*at, *id));
        if newer {
            latest.insert(record.ro_number, (status, record.moved_at, record.move_id));
        }
    }
    latest
        .into_iter()
        .map(|(number, (status, at, _))| (number, (status, at)))
        .collect()
}

#[cfg(test)]
mod tests {
    use import_files::sources::WRITE_BACK_FOLDER;

    /// A sync skips the write-back folder, so everything written back must be inside it.
    #[test]
    fn what_is_written_back_is_inside_the_folder_a_sync_skips() {
        for folder in [
            super::OUTBOUND_FOLDER,
            crate::appointments::writeback::OUTBOUND_FOLDER,
        ] {
            assert!(
                folder.starts_with(&format!("{WRITE_BACK_FOLDER}/")),
                "{folder}"
            );
        }
    }
}
