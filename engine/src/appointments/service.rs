//! Booking, moving and changing the status of service appointments, and the free slots.

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;

use super::writeback::{self, AppointmentPushInput, PushAction};
use super::{
    AppointmentStatus, MAX_AVAILABILITY_DAYS, SLOT_MINUTES, WeekHours, display_day, display_time,
    parse_appointment_time, slots_of_day,
};
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::formats::{MAX_CODE_CHARS, parse_request_date, parse_time_zone, too_long};
use crate::domain::leads::LeadStage;
use crate::error::{Error, Result};
use crate::store::appointments::{
    AppointmentDetail, AppointmentStore, NewBooking, SlotHolders, SlotRefusal, StoreCalendar,
};
use crate::store::leads::LeadStore;

/// The title a service appointment gets when the request names none.
pub const DEFAULT_TITLE: &str = "Service Appointment";
/// The longest notes an appointment keeps.
pub const MAX_NOTES_CHARS: usize = 2_000;

/// A booking as a request writes it (the spec's `apptId`, `inpDate`, `inpTime`, …).
#[derive(Debug, Clone, Default)]
pub struct BookingDraft {
    /// The appointment to move; none: a new one.
    pub appointment_id: Option<i64>,
    pub store_id: Option<i64>,
    pub lead_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub advisor_id: Option<i64>,
    pub date: Option<String>,
    pub time: Option<String>,
    pub title: Option<String>,
    pub dealer_code: Option<String>,
    pub service_packages: Option<String>,
    pub op_code: Option<String>,
    pub transport_type: Option<String>,
    pub notes: Option<String>,
}

fn optional(text: &Option<String>) -> Option<String> {
    text.as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// A booked slot, as the answer describes it.
#[derive(Debug, Clone)]
pub struct Booked {
    pub appointment_id: i64,
    pub store_id: i64,
    pub lead_id: Option<i64>,
    pub enterprise_id: i64,
    pub starts_at: DateTime<Utc>,
    /// The store's local day and time, as messages say it ("Monday, June 8 at 10:15 AM").
    pub when: String,
    /// The appointment this one replaced (a move).
    pub moved_from: Option<i64>,
    /// The dealer-system pushes the change needs (marked pending): the caller starts them.
    pub pushes: Vec<AppointmentPushInput>,
    /// 'Appointment booked Successfully'.
    pub message: String,
}

/// One quarter hour of a day's availability.
#[derive(Debug, Clone)]
pub struct FreeSlot {
    pub time: NaiveTime,
    pub starts_at: DateTime<Utc>,
    /// Advisors free then (0: the desk of a store without advisors).
    pub free_advisors: Vec<i64>,
    /// How many more appointments fit.
    pub free: usize,
}

#[derive(Debug, Clone)]
pub struct DayAvailability {
    pub date: NaiveDate,
    pub opens: Option<NaiveTime>,
    pub closes: Option<NaiveTime>,
    pub slots: Vec<FreeSlot>,
}

#[derive(Debug, Clone)]
pub struct AppointmentService {
    db: Database,
    store: AppointmentStore,
    leads: LeadStore,
}

impl AppointmentService {
    pub fn new(db: Database) -> Self {
        Self {
            store: AppointmentStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            db,
        }
    }

    pub fn store(&self) -> &AppointmentStore {
        &self.store
    }

    /// The store's calendar, if it is the caller's.
    pub async fn calendar(&self, scope: &Scope, store_id: i64) -> Result<(StoreCalendar, Tz)> {
        let calendar = self
            .store
            .calendar(scope, store_id)
            .await?
            .ok_or_else(|| Error::not_found("Store not found"))?;
        let zone = parse_time_zone(&calendar.time_zone)?;
        Ok((calendar, zone))
    }

    /// A store's local days `from..=until` as instants: from its midnight of `from` to its
    /// midnight after `until` (a store's day is its own, not UTC's).
    pub async fn local_days(
        &self,
        scope: &Scope,
        store_id: i64,
        from: NaiveDate,
        until: NaiveDate,
    ) -> Result<(DateTime<Utc>, Option<DateTime<Utc>>)> {
        let (_, zone) = self.calendar(scope, store_id).await?;
        let midnight = |day: NaiveDate| {
            let local = day.and_time(NaiveTime::MIN);
            local
                .and_local_timezone(zone)
                .earliest()
                .map_or_else(|| local.and_utc(), |at| at.with_timezone(&Utc))
        };
        Ok((midnight(from), until.succ_opt().map(midnight)))
    }

    /// One appointment the caller can see.
    pub async fn appointment(&self, scope: &Scope, id: i64) -> Result<AppointmentDetail> {
        self.store
            .get(scope, id)
            .await?
            .ok_or_else(|| Error::not_found("Appointment not found"))
    }

    /// Books a slot (or moves the appointment `appointment_id` to it). The store must be open
    /// then, the time a future quarter hour, and the slot (or the advisor asked for) free: a
    /// full slot is a conflict that says so.
    pub async fn book(
        &self,
        caller: &Caller,
        scope: &Scope,
        draft: &BookingDraft,
        now: DateTime<Utc>,
    ) -> Result<Booked> {
        self.book_by(Some(caller.user_id), scope, draft, now).await
    }

    /// Books as [`Self::book`] does, for the assistant (no user books it).
    pub async fn book_for_assistant(
        &self,
        scope: &Scope,
        draft: &BookingDraft,
        now: DateTime<Utc>,
    ) -> Result<Booked> {
        self.book_by(None, scope, draft, now).await
    }

    async fn book_by(
        &self,
        booked_by: Option<i64>,
        scope: &Scope,
        draft: &BookingDraft,
        now: DateTime<Utc>,
    ) -> Result<Booked> {
        let moving = match draft.appointment_id {
            Some(id) => Some(self.appointment(scope, id).await?),
            None => None,
        };
        if let Some(old) = &moving
            && !AppointmentStatus::from_stored(&old.appt_status).holds_slot()
        {
            return Err(Error::invalid(format!(
                "A {} appointment cannot be moved; book a new one",
                AppointmentStatus::from_stored(&old.appt_status).as_str()
            )));
        }
        // Who it is for: the lead's customer and vehicle, else the ones named.
        let lead = match draft.lead_id.or(moving.as_ref().and_then(|m| m.fsi_id)) {
            Some(id) => Some(self.leads.require(scope, id).await?.0),
            None => None,
        };
        let store_id = draft
            .store_id
            .or(lead.as_ref().map(|l| l.store_id))
            .or(moving.as_ref().map(|m| m.store_id))
            .ok_or_else(|| Error::invalid("storeId is required"))?;
        let (calendar, zone) = self.calendar(scope, store_id).await?;
        if lead.as_ref().is_some_and(|l| l.store_id != store_id) {
            return Err(Error::invalid("The lead belongs to another store"));
        }
        let lead_customer = lead.as_ref().map(|l| l.customer_id);
        let moved_customer = moving.as_ref().and_then(|m| m.customer_id);
        let customer_id = match (lead_customer, draft.customer_id) {
            (Some(of_lead), Some(named)) if named != of_lead => {
                return Err(Error::invalid("customerId is not the lead's customer"));
            }
            (Some(of_lead), _) => of_lead,
            (None, Some(named)) => {
                if !self.store.customer_in_store(scope, store_id, named).await? {
                    return Err(Error::not_found("Customer not found"));
                }
                named
            }
            (None, None) => moved_customer.ok_or_else(|| {
                Error::invalid("futureServiceInteractionId or customerId is required")
            })?,
        };
        let vehicle_id = draft
            .vehicle_id
            .or(lead.as_ref().and_then(|l| l.vehicle_id))
            .or(moving.as_ref().and_then(|m| m.vehicle_id));

        let mut problems = Vec::new();
        let date = match draft
            .date
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
        {
            None => {
                problems.push("inpDate is required".to_owned());
                None
            }
            Some(text) => match parse_request_date("inpDate", Some(text)) {
                Ok(date) => date,
                Err(error) => {
                    problems.push(error.to_string());
                    None
                }
            },
        };
        let time = match draft
            .time
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            None => {
                problems.push("inpTime is required".to_owned());
                None
            }
            Some(text) => parse_appointment_time(text)
                .map_err(|e| problems.push(e.to_string()))
                .ok(),
        };
        let title = optional(&draft.title).unwrap_or_else(|| DEFAULT_TITLE.to_owned());
        for (field, value, max) in [
            ("title", Some(title.clone()), 200),
            ("dealerCode", optional(&draft.dealer_code), MAX_CODE_CHARS),
            ("opCode", optional(&draft.op_code), MAX_CODE_CHARS),
            (
                "transportType",
                optional(&draft.transport_type),
                MAX_CODE_CHARS,
            ),
            ("servicePackages", optional(&draft.service_packages), 500),
            ("notes", optional(&draft.notes), MAX_NOTES_CHARS),
        ] {
            if let Some(problem) = value.and_then(|v| too_long(field, &v, max)) {
                problems.push(problem);
            }
        }
        let (Some(date), Some(time)) = (date, time) else {
            return Err(Error::invalid_all(problems));
        };
        if !problems.is_empty() {
            return Err(Error::invalid_all(problems));
        }
        let hours = WeekHours::with_rows(&calendar.hours);
        let Some((_, at)) = slots_of_day(date, &hours, zone)
            .into_iter()
            .find(|(t, _)| *t == time)
        else {
            return Err(Error::invalid(match hours.on(date) {
                None => format!("The store is closed on {}", display_day(date)),
                Some(open) => format!(
                    "The store takes appointments from {} to {} on {}",
                    display_time(open.opens),
                    display_time(open.closes),
                    display_day(date)
                ),
            }));
        };
        if at <= now {
            return Err(Error::invalid(format!(
                "{} on {} has passed",
                display_time(time),
                display_day(date)
            )));
        }
        let booking = NewBooking {
            enterprise_id: calendar.enterprise_id,
            store_id,
            customer_id,
            vehicle_id,
            lead_id: lead.as_ref().map(|l| l.id),
            at,
            advisor_id: draft.advisor_id,
            advisors: calendar.advisors.clone(),
            title,
            dealer_code: optional(&draft.dealer_code),
            service_packages: optional(&draft.service_packages),
            op_code: optional(&draft.op_code),
            transport_type: optional(&draft.transport_type).map(|t| t.to_ascii_uppercase()),
            notes: optional(&draft.notes),
            created_by: booked_by,
            replaces: moving.as_ref().map(|m| m.id),
        };
        match self.store.book(&booking, now).await? {
            Ok(id) => Ok(Booked {
                pushes: self
                    .pushes(
                        [(id, PushAction::Book)]
                            .into_iter()
                            .chain(moving.as_ref().map(|m| (m.id, PushAction::Cancel))),
                        store_id,
                    )
                    .await?,
                appointment_id: id,
                store_id,
                lead_id: booking.lead_id,
                enterprise_id: calendar.enterprise_id,
                starts_at: at,
                when: format!("{} at {}", display_day(date), display_time(time)),
                moved_from: moving.as_ref().map(|m| m.id),
                message: "Appointment booked Successfully".to_owned(),
            }),
            Err(refusal) => Err(Error::Conflict(format!(
                "{} on {} is {}: pick another time",
                display_time(time),
                display_day(date),
                match refusal {
                    SlotRefusal::Full => "fully booked",
                    SlotRefusal::AdvisorTaken => "already booked for this advisor",
                }
            ))),
        }
    }

    /// The dealer-system pushes of these changes, each appointment marked pending.
    async fn pushes(
        &self,
        changes: impl IntoIterator<Item = (i64, PushAction)>,
        store_id: i64,
    ) -> Result<Vec<AppointmentPushInput>> {
        let mut pushes = Vec::new();
        for (appointment, action) in changes {
            writeback::mark_pending(&self.db, appointment).await?;
            pushes.push(AppointmentPushInput::new(appointment, store_id, action));
        }
        Ok(pushes)
    }

    /// Moves an appointment to `status` if the status set allows it (a disallowed move is a
    /// 400). Cancelling gives the slot back and clears the lead's appointment; a no-show or a
    /// visit records the lead's show/no-show stage.
    pub async fn set_status(
        &self,
        scope: &Scope,
        id: i64,
        status: &str,
        now: DateTime<Utc>,
    ) -> Result<(
        AppointmentDetail,
        AppointmentStatus,
        Vec<AppointmentPushInput>,
    )> {
        let appointment = self.appointment(scope, id).await?;
        let to: AppointmentStatus = status.trim().to_ascii_uppercase().parse().map_err(|_| {
            Error::invalid(format!(
                "status '{status}' is not one of {}",
                AppointmentStatus::ALL
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        let from = AppointmentStatus::from_stored(&appointment.appt_status);
        from.check_move(to)?;
        let lead_stage = match to {
            AppointmentStatus::Cancelled => Some((LeadStage::Engaged, None)),
            AppointmentStatus::NoShow => Some((LeadStage::ShowOrNoShow, Some("NO_SHOW"))),
            AppointmentStatus::CheckedIn | AppointmentStatus::Completed => {
                Some((LeadStage::ShowOrNoShow, Some("SHOW")))
            }
            _ => None,
        };
        self.store
            .set_status(id, appointment.fsi_id, to, lead_stage, now)
            .await?;
        let pushes = if to == AppointmentStatus::Cancelled {
            self.pushes([(id, PushAction::Cancel)], appointment.store_id)
                .await?
        } else {
            Vec::new()
        };
        Ok((appointment, to, pushes))
    }

    /// A store's quarter hours for `days` days from `from` (its local dates), each with the
    /// advisors free then (only `advisor`, if one is named). Past slots are left out.
    pub async fn availability(
        &self,
        scope: &Scope,
        store_id: i64,
        from: NaiveDate,
        days: u32,
        advisor: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<Vec<DayAvailability>> {
        if days == 0 || days > MAX_AVAILABILITY_DAYS {
            return Err(Error::invalid(format!(
                "days must be between 1 and {MAX_AVAILABILITY_DAYS}"
            )));
        }
        let (calendar, zone) = self.calendar(scope, store_id).await?;
        if advisor.is_some_and(|a| !calendar.advisors.contains(&a)) {
            return Err(Error::not_found("Advisor not found"));
        }
        let hours = WeekHours::with_rows(&calendar.hours);
        let dates: Vec<NaiveDate> = from.iter_days().take(days as usize).collect();
        let day_slots: Vec<_> = dates
            .iter()
            .map(|d| (*d, slots_of_day(*d, &hours, zone)))
            .collect();
        let instants: Vec<DateTime<Utc>> = day_slots
            .iter()
            .flat_map(|(_, slots)| slots.iter().map(|(_, at)| *at))
            .collect();
        let (Some(first), Some(last)) = (instants.first().copied(), instants.last().copied())
        else {
            return Ok(dates
                .into_iter()
                .map(|date| DayAvailability {
                    date,
                    opens: None,
                    closes: None,
                    slots: Vec::new(),
                })
                .collect());
        };
        let held: HashMap<DateTime<Utc>, SlotHolders> = self
            .store
            .holders_between(
                store_id,
                first,
                last + Duration::minutes(SLOT_MINUTES.into()),
            )
            .await?;
        let desks: Vec<i64> = if calendar.advisors.is_empty() {
            vec![0]
        } else {
            calendar.advisors.clone()
        };
        let empty = SlotHolders::default();
        Ok(day_slots
            .into_iter()
            .map(|(date, slots)| {
                let open = hours.on(date);
                DayAvailability {
                    date,
                    opens: open.map(|o| o.opens),
                    closes: open.map(|o| o.closes),
                    slots: slots
                        .into_iter()
                        .filter(|(_, at)| *at > now)
                        .map(|(time, starts_at)| {
                            let holders = held.get(&starts_at).unwrap_or(&empty);
                            let free_advisors: Vec<i64> = desks
                                .iter()
                                .copied()
                                .filter(|a| !holders.advisors.contains(a))
                                .filter(|a| advisor.is_none_or(|wanted| wanted == *a))
                                .collect();
                            let room = desks
                                .iter()
                                .filter(|a| !holders.advisors.contains(a))
                                .count()
                                .saturating_sub(holders.unassigned);
                            let free = room.min(free_advisors.len());
                            FreeSlot {
                                time,
                                starts_at,
                                free_advisors: if free == 0 { Vec::new() } else { free_advisors },
                                free,
                            }
                        })
                        .collect(),
                }
            })
            .collect())
    }
}
