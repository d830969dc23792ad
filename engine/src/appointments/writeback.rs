//! Pushing booked, moved and cancelled appointments to the store's dealer system
//! (`appointments.dms-push`). The store's enabled feed (a file drop, or the simulated dealer
//! system) receives each change as a JSON record in its `outbound/appointments/` folder, where
//! the dealer system's integration picks it up (the simulated one keeps them there). A store
//! without a feed is NOT_CONNECTED, not a failure; a write that fails is retried by the job, and
//! once retries are spent the appointment shows FAILED with the error.

use std::path::Path;

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::db::Database;
use crate::domain::JobInput;
use crate::domain::roles::closed_set;
use crate::error::{Error, Result};
use crate::store::schema::{
    Advisors, Customers, DataSourceConfigurations as Sources, ServiceAppointments as Appt,
    ServiceVehicles, Stores,
};
use import_files::sources::{SourceKind, SyncSettings};

closed_set! {
    /// What a push tells the dealer system.
    PushAction {
        Book => "BOOK",
        Cancel => "CANCEL",
    }
}

closed_set! {
    /// Where an appointment's push to the dealer system stands.
    DmsPushStatus {
        Pending => "PENDING",
        Pushed => "PUSHED",
        NotConnected => "NOT_CONNECTED",
        Failed => "FAILED",
    }
}

/// The folder of a feed's directory that receives appointments.
pub const OUTBOUND_FOLDER: &str = "outbound/appointments";

/// `appointments.dms-push`'s input: the appointment, its store (the run's scope) and the change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AppointmentPushInput {
    pub appointment_id: i64,
    pub store_id: i64,
    /// BOOK or CANCEL.
    pub action: String,
}

impl AppointmentPushInput {
    pub fn new(appointment_id: i64, store_id: i64, action: PushAction) -> Self {
        Self {
            appointment_id,
            store_id,
            action: action.as_str().to_owned(),
        }
    }

    pub fn action(&self) -> Result<PushAction> {
        self.action
            .parse()
            .map_err(|_| Error::invalid("action must be BOOK or CANCEL"))
    }
}

impl JobInput for AppointmentPushInput {
    const KIND: &'static str = crate::domain::JobKindName::AppointmentsDmsPush.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if self.appointment_id <= 0 {
            problems.push("appointmentId must be a positive id".to_owned());
        }
        if self.store_id <= 0 {
            problems.push("storeId must be a positive id".to_owned());
        }
        if self.action().is_err() {
            problems.push("action must be BOOK or CANCEL".to_owned());
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

#[derive(Debug, sqlx::FromRow)]
struct PushRow {
    id: i64,
    store_id: i64,
    external_id: Option<String>,
    appt_status: String,
    appt_at: DateTime<Utc>,
    title: Option<String>,
    op_code: Option<String>,
    transport_type: Option<String>,
    notes: Option<String>,
    store_code: String,
    custno: Option<String>,
    vin: Option<String>,
    advisor_no: Option<String>,
}

/// A store's feed to its dealer system: its first enabled file drop or simulated dealer
/// system.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct FeedRow {
    pub id: i64,
    pub source_kind: String,
}

/// The store's feed, if it has one (pushes to a store without one are NOT_CONNECTED).
pub(crate) async fn store_feed(db: &Database, store_id: i64) -> Result<Option<FeedRow>> {
    db.fetch_optional(
        &Query::select()
            .columns([Sources::Id, Sources::SourceKind])
            .from(Sources::Table)
            .and_where(Expr::col(Sources::StoreId).eq(store_id))
            .and_where(Expr::col(Sources::IsEnabled).eq(true))
            .and_where(Expr::col(Sources::SourceKind).is_in([
                SourceKind::FileDrop.as_str(),
                SourceKind::SimulatedDms.as_str(),
            ]))
            .order_by(Sources::Id, Order::Asc)
            .limit(1)
            .to_owned(),
    )
    .await
}

/// Marks an appointment's change as waiting for its push.
pub async fn mark_pending(db: &Database, appointment_id: i64) -> Result<()> {
    set_status(db, appointment_id, DmsPushStatus::Pending, None, None).await
}

/// Marks a push given up on (the job's retries are spent).
pub async fn mark_failed(db: &Database, appointment_id: i64, reason: &str) -> Result<()> {
    set_status(
        db,
        appointment_id,
        DmsPushStatus::Failed,
        Some(reason),
        None,
    )
    .await
}

async fn set_status(
    db: &Database,
    appointment_id: i64,
    status: DmsPushStatus,
    error: Option<&str>,
    pushed_at: Option<DateTime<Utc>>,
) -> Result<()> {
    let mut update = Query::update();
    update
        .table(Appt::Table)
        .value(Appt::DmsStatus, status.as_str())
        .value(Appt::DmsError, error.map(str::to_owned))
        .and_where(Expr::col(Appt::Id).eq(appointment_id));
    if let Some(at) = pushed_at {
        update.value(Appt::DmsPushedAt, at);
    }
    db.execute(&update).await?;
    Ok(())
}

/// Pushes one change: writes its record into the store's feed (an I/O failure is the error,
/// for the job to retry) and marks the appointment PUSHED, or NOT_CONNECTED without a feed.
pub async fn push(
    db: &Database,
    settings: &SyncSettings,
    input: &AppointmentPushInput,
    now: DateTime<Utc>,
) -> Result<DmsPushStatus> {
    let action = input.action()?;
    let appointment: PushRow = db
        .fetch_optional(
            &Query::select()
                .columns(
                    [
                        Appt::Id,
                        Appt::StoreId,
                        Appt::ExternalId,
                        Appt::ApptStatus,
                        Appt::ApptAt,
                        Appt::Title,
                        Appt::OpCode,
                        Appt::TransportType,
                        Appt::Notes,
                    ]
                    .map(|c| (Appt::Table, c)),
                )
                .column((Stores::Table, Stores::StoreCode))
                .column((Customers::Table, Customers::Custno))
                .column((ServiceVehicles::Table, ServiceVehicles::Vin))
                .column((Advisors::Table, Advisors::AdvisorNo))
                .from(Appt::Table)
                .inner_join(
                    Stores::Table,
                    Expr::col((Stores::Table, Stores::Id)).equals((Appt::Table, Appt::StoreId)),
                )
                .left_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Appt::Table, Appt::CustomerId)),
                )
                .left_join(
                    ServiceVehicles::Table,
                    Expr::col((ServiceVehicles::Table, ServiceVehicles::Id))
                        .equals((Appt::Table, Appt::VehicleId)),
                )
                .left_join(
                    Advisors::Table,
                    Expr::col((Advisors::Table, Advisors::Id))
                        .equals((Appt::Table, Appt::AdvisorId)),
                )
                .and_where(Expr::col((Appt::Table, Appt::Id)).eq(input.appointment_id))
                .and_where(Expr::col((Appt::Table, Appt::StoreId)).eq(input.store_id))
                .to_owned(),
        )
        .await?
        .ok_or_else(|| Error::not_found("Appointment not found"))?;
    let Some(feed) = store_feed(db, appointment.store_id).await? else {
        set_status(db, appointment.id, DmsPushStatus::NotConnected, None, None).await?;
        return Ok(DmsPushStatus::NotConnected);
    };
    let external_id = appointment
        .external_id
        .clone()
        .unwrap_or_else(|| format!("BAYLINE-{}", appointment.id));
    let record = json!({
        "action": action.as_str(),
        "appointmentId": appointment.id,
        "externalId": external_id,
        "storeCode": appointment.store_code,
        "customerNumber": appointment.custno,
        "vin": appointment.vin,
        "advisorNumber": appointment.advisor_no,
        "startsAt": appointment.appt_at.to_rfc3339(),
        "status": appointment.appt_status,
        "title": appointment.title,
        "opCode": appointment.op_code,
        "transportType": appointment.transport_type,
        "notes": appointment.notes,
        "feed": feed.source_kind,
        "pushedAt": now.to_rfc3339(),
    });
    let folder = settings.directory_of(feed.id).join(OUTBOUND_FOLDER);
    write_record(
        &folder,
        &format!(
            "appointment-{}-{}.json",
            appointment.id,
            action.as_str().to_lowercase()
        ),
        &record,
    )?;
    db.execute(
        &Query::update()
            .table(Appt::Table)
            .value(Appt::ExternalId, external_id)
            .value(Appt::DmsStatus, DmsPushStatus::Pushed.as_str())
            .value(Appt::DmsError, None::<String>)
            .value(Appt::DmsPushedAt, now)
            .and_where(Expr::col(Appt::Id).eq(appointment.id))
            .to_owned(),
    )
    .await?;
    Ok(DmsPushStatus::Pushed)
}

/// Writes a record whole or not at all: to a temporary name, then renamed into place, so the
/// dealer system never reads half a file. Writing it again replaces it.
pub(crate) fn write_record(folder: &Path, name: &str, record: &serde_json::Value) -> Result<()> {
    let failed = |what: &str, e: std::io::Error| {
        Error::Upstream(format!(
            "The dealer system's folder {} could not be written ({what}): {e}",
            folder.display()
        ))
    };
    std::fs::create_dir_all(folder).map_err(|e| failed("creating it", e))?;
    let temporary = folder.join(format!(".{name}.tmp"));
    let text = serde_json::to_vec_pretty(record).expect("a JSON value");
    std::fs::write(&temporary, text).map_err(|e| failed("writing", e))?;
    std::fs::rename(&temporary, folder.join(name)).map_err(|e| failed("renaming", e))?;
    Ok(())
}
