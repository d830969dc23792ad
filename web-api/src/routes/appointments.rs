//! Service appointments (spec B; decisions in docs/decisions/0008-appointments.md): booking in
//! the store's free quarter hours, moves, the status set, the searches by date, the lane's day
//! list and the editor's customer picker. The rules are `engine::appointments`.

use chrono::{DateTime, NaiveDate, Utc};
use engine::appointments::service::{BookingDraft, DayAvailability};
use engine::appointments::{APPOINTMENT_SEARCH_RANGE, AppointmentStatus, display_time};
use engine::auth::{Caller, Scope, StoreFilter};
use engine::domain::formats::{DayRange, START_END, parse_request_date};
use engine::store::PageRequest;
use engine::store::appointments::{AppointmentRecord, AppointmentSearch};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope, scope_naming, stores_of};
use crate::closed::Closed;
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AppointmentView {
    pub id: i64,
    pub store_id: i64,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub future_service_interaction_id: Option<i64>,
    pub title: Option<String>,
    pub appt_status: String,
    /// `apptStatus` read as the server reads it: dealer systems' words become the set's own
    /// ("BOOKED" is SCHEDULED, "ARRIVED" CHECKED_IN…).
    pub status: Closed<AppointmentStatus>,
    /// The statuses it may move to from here, as the server allows them; none when final.
    pub moves_to: Vec<Closed<AppointmentStatus>>,
    pub appt_date_time: DateTime<Utc>,
    pub transport_type: Option<String>,
    /// The spec's names: `apptId`, `apptStatus` (above), `advisorId`, `opCode`, `dealerCode`,
    /// `servicePackages`, `notes`.
    pub appt_id: i64,
    pub advisor_id: Option<i64>,
    /// The advisor as staff see them everywhere (the lane board too).
    pub advisor_name: Option<String>,
    pub op_code: Option<String>,
    pub dealer_code: Option<String>,
    pub service_packages: Option<String>,
    pub notes: Option<String>,
    /// BAYLINE (booked here), DMS, AI_TEXT…
    pub source: String,
    /// Its push to the dealer system: PENDING, PUSHED, NOT_CONNECTED or FAILED (with
    /// `dmsError`); none for appointments that came from the dealer system.
    pub dms_status: Option<String>,
    pub dms_error: Option<String>,
    /// The lane's tag: every appointment is `Appt`.
    #[oai(rename = "type")]
    pub kind: String,
    pub customer_name: Option<String>,
    pub cellular: Option<String>,
    /// Year, make and model.
    pub vehicle: Option<String>,
    pub vin: Option<String>,
    /// When the customer checked in (the waiting room's clock starts), and when the visit
    /// was completed.
    pub checked_in_at: Option<DateTime<Utc>>,
    pub checked_out_at: Option<DateTime<Utc>>,
    /// Whole minutes in house: from check-in until completed, or until now while still in.
    pub in_house_minutes: Option<i64>,
}

impl From<AppointmentRecord> for AppointmentView {
    fn from(a: AppointmentRecord) -> Self {
        let advisor_name = a.advisor_name();
        let in_house_minutes = a.in_house_minutes(Utc::now());
        let name = [a.customer_first_name, a.customer_last_name]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let vehicle = match (a.vehicle_year, a.vehicle_make, a.vehicle_model) {
            (Some(year), Some(make), Some(model)) => Some(format!("{year} {make} {model}")),
            _ => None,
        };
        let status = AppointmentStatus::from_stored(&a.appt_status);
        Self {
            id: a.id,
            store_id: a.store_id,
            customer_id: a.customer_id,
            vehicle_id: a.vehicle_id,
            future_service_interaction_id: a.fsi_id,
            title: a.title,
            appt_status: a.appt_status,
            status: Closed(status),
            moves_to: status.next().iter().copied().map(Closed).collect(),
            appt_date_time: a.appt_at,
            transport_type: a.transport_type,
            appt_id: a.id,
            advisor_id: a.advisor_id,
            advisor_name,
            op_code: a.op_code,
            dealer_code: a.dealer_code,
            service_packages: a.service_packages,
            notes: a.notes,
            source: a.source,
            dms_status: a.dms_status,
            dms_error: a.dms_error,
            kind: "Appt".to_owned(),
            customer_name: (!name.is_empty()).then_some(name),
            cellular: a.customer_cellular,
            vehicle,
            vin: a.vehicle_vin,
            checked_in_at: a.checked_in_at,
            checked_out_at: a.checked_out_at,
            in_house_minutes,
        }
    }
}

#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct AppointmentSearchBody {
    #[oai(validator(max_items = 1000))]
    pub store_ids: Option<Vec<i64>>,
    /// Inclusive days (UTC), YYYY-MM-DD or DD.MM.YYYY.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// Customer name, mobile digits, VIN or the appointment's title.
    pub query: Option<String>,
    /// Statuses to keep (SCHEDULED, CONFIRMED, …); none: all.
    #[oai(validator(max_items = 20))]
    pub statuses: Option<Vec<String>>,
    pub page: Option<u64>,
    pub size: Option<u64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AppointmentPage {
    pub content: Vec<AppointmentView>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

pub struct AppointmentApi;

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(chrono::NaiveTime::MIN).and_utc()
}

/// The appointments of `body` in the caller's stores.
async fn search_page(
    state: &AppState,
    scope: &Scope,
    body: AppointmentSearchBody,
    replied_only: bool,
) -> ApiResult<AppointmentPage> {
    let visible: Vec<i64> = state
        .tenancy
        .stores(scope)
        .await?
        .into_iter()
        .map(|s| s.id)
        .collect();
    let wanted = body.store_ids.unwrap_or_default();
    if wanted.iter().any(|id| !visible.contains(id)) {
        return Err(engine::Error::not_found("Store not found").into());
    }
    let from = parse_request_date("startDate", body.start_date.as_deref())?;
    let until = parse_request_date("endDate", body.end_date.as_deref())?;
    DayRange::check_order(from, until, START_END)?;
    let statuses = body
        .statuses
        .unwrap_or_default()
        .iter()
        .map(|s| s.trim().to_ascii_uppercase().parse::<AppointmentStatus>())
        .map(|s| s.map(|s| s.as_str().to_owned()))
        .collect::<engine::Result<Vec<_>>>()?;
    // One store's days are its own local days; across stores, UTC days.
    let (start, end) = match (wanted.as_slice(), from, until) {
        ([store], Some(from), Some(until)) => {
            let (start, end) = state.booking.local_days(scope, *store, from, until).await?;
            (Some(start), end)
        }
        _ => (
            from.map(midnight),
            until.and_then(|d| d.succ_opt()).map(midnight),
        ),
    };
    let search = AppointmentSearch {
        // The caller's visible stores when none is named: none visible, none searched.
        stores: StoreFilter::Only(if wanted.is_empty() { visible } else { wanted }),
        from: start,
        until: end,
        query: body.query,
        statuses,
        replied_only,
        lead_id: None,
    };
    let found = state
        .appointments
        .search(scope, &search, PageRequest::new(body.page, body.size)?)
        .await?;
    Ok(AppointmentPage {
        content: found
            .content
            .into_iter()
            .map(AppointmentView::from)
            .collect(),
        page: found.page,
        size: found.size,
        total_elements: found.total_elements,
    })
}

/// A booking or a move as the spec's editor and assistant send it.
#[derive(Debug, Object, Default)]
#[oai(rename_all = "camelCase")]
pub struct AppointmentBody {
    /// The appointment to move (`apptId` or `id`); none: book a new one.
    pub appt_id: Option<i64>,
    pub id: Option<i64>,
    pub store_id: Option<i64>,
    pub future_service_interaction_id: Option<i64>,
    /// The customer, when no lead is named.
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    /// The advisor asked for; none: the first free one.
    pub advisor_id: Option<i64>,
    /// The store's local date: YYYY-MM-DD (or DD.MM.YYYY).
    #[oai(validator(max_length = 40))]
    pub inp_date: Option<String>,
    /// The store's local time on a quarter hour: `9:30 AM` or `09:30`.
    #[oai(validator(max_length = 40))]
    pub inp_time: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub title: Option<String>,
    #[oai(validator(max_length = 200))]
    pub dealer_code: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub service_packages: Option<String>,
    #[oai(validator(max_length = 200))]
    pub op_code: Option<String>,
    /// WAITER, DROP_OFF, LOANER, SHUTTLE… (as the store names them).
    #[oai(validator(max_length = 200))]
    pub transport_type: Option<String>,
    #[oai(validator(max_length = 10000))]
    pub notes: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct BookingAnswer {
    /// 'Appointment booked Successfully'.
    pub message: String,
    /// SUCCESS (a refusal is a 4xx in the error shape).
    pub code: String,
    pub appointment: AppointmentView,
}

/// The text staff selected in a conversation ("Appointment Search").
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct TextBookingBody {
    /// The words naming a day and time, e.g. "Tuesday at 10am".
    #[oai(validator(max_length = 1000))]
    pub text: String,
}

/// What booking from a text did: SUCCESS with the appointment, or FAILURE with the assistant's
/// answer ("Unfortunately …" shows as a warning).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct TextBookingAnswer {
    /// 'Appointment booked Successfully' or 'Appointment not booked'.
    pub message: String,
    /// SUCCESS or FAILURE.
    pub code: String,
    /// What the customer was texted (or, with nothing sent, why not).
    pub text: String,
    pub appointment_id: Option<i64>,
}

/// A free quarter hour near what a text asks for.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FreeTimeView {
    pub starts_at: DateTime<Utc>,
    /// The store's local day (`YYYY-MM-DD`) and time (`h:mm AM`).
    pub date: String,
    pub time: String,
    /// "Monday, June 8 at 10:15 AM".
    pub label: String,
}

/// The free times the assistant would offer, nearest the day and time the text names.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct FreeTimesAnswer {
    /// The day and time the text named (the store's local time, `YYYY-MM-DDTHH:MM`), if any.
    pub requested: Option<String>,
    pub times: Vec<FreeTimeView>,
}

/// Which of the lead's appointments to cancel (default: its next standing one).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CancellationBody {
    pub appointment_id: Option<i64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct StatusAnswer {
    /// 'Successfully Updated'.
    pub message: String,
    pub appointment: AppointmentView,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct FreeSlotView {
    /// The store's local time, `h:mm a`.
    pub time: String,
    pub start_time: DateTime<Utc>,
    /// How many more appointments fit.
    pub free: u32,
    /// The advisors free then (0 stands for the desk of a store without advisors).
    pub advisor_ids: Vec<i64>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DayAvailabilityView {
    pub date: NaiveDate,
    /// `h:mm a`; none: closed.
    pub opens: Option<String>,
    pub closes: Option<String>,
    pub slots: Vec<FreeSlotView>,
}

impl From<DayAvailability> for DayAvailabilityView {
    fn from(day: DayAvailability) -> Self {
        Self {
            date: day.date,
            opens: day.opens.map(display_time),
            closes: day.closes.map(display_time),
            slots: day
                .slots
                .into_iter()
                .map(|s| FreeSlotView {
                    time: display_time(s.time),
                    start_time: s.starts_at,
                    free: s.free as u32,
                    advisor_ids: s.free_advisors,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AvailabilityView {
    pub store_id: i64,
    /// The store's time zone (IANA).
    pub time_zone: String,
    pub slot_minutes: u32,
    pub days: Vec<DayAvailabilityView>,
    /// The store's advisors, by the ids the slots name, with the name staff see.
    pub advisors: Vec<AdvisorNameView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct AdvisorNameView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PickerContact {
    pub contact_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub cellular: Option<String>,
}

impl AppointmentApi {
    async fn booked(
        state: &AppState,
        req: &Request,
        caller: &Caller,
        body: AppointmentBody,
    ) -> ApiResult<Json<BookingAnswer>> {
        let scope = request_scope(caller, req)?;
        let draft = BookingDraft {
            appointment_id: body.appt_id.or(body.id),
            store_id: body.store_id,
            lead_id: body.future_service_interaction_id,
            customer_id: body.customer_id,
            vehicle_id: body.vehicle_id,
            advisor_id: body.advisor_id,
            date: body.inp_date,
            time: body.inp_time,
            title: body.title,
            dealer_code: body.dealer_code,
            service_packages: body.service_packages,
            op_code: body.op_code,
            transport_type: body.transport_type,
            notes: body.notes,
        };
        let now = Utc::now();
        let booked = state.booking.book(caller, &scope, &draft, now).await?;
        start_pushes(state, &booked.pushes, booked.enterprise_id).await?;
        if let Some(old) = booked.moved_from {
            let invites = state
                .messaging
                .appointment_changed(
                    old,
                    Some((booked.appointment_id, booked.starts_at, booked.when.clone())),
                    now,
                )
                .await?;
            state.send_now(&invites).await?;
        }
        let confirmed = state
            .assistant
            .confirm_staff_booking(caller, &scope, &booked, now)
            .await?;
        state.send_now(&confirmed.messages).await?;
        state.publish(confirmed.notices).await;
        let appointment = one(state, &scope, booked.appointment_id).await?;
        Ok(Json(BookingAnswer {
            message: booked.message,
            code: "SUCCESS".to_owned(),
            appointment,
        }))
    }
}

impl AppointmentApi {
    async fn booked_from_text(
        state: &AppState,
        req: &Request,
        caller: &Caller,
        fsi_id: i64,
        text: &str,
    ) -> ApiResult<Json<TextBookingAnswer>> {
        let scope = request_scope(caller, req)?;
        let responded = state
            .assistant
            .book_from_text(&scope, fsi_id, text, Utc::now())
            .await?;
        state.send_now(&responded.messages).await?;
        start_pushes(state, &responded.pushes, scope.enterprise_id).await?;
        state.publish(responded.notices.clone()).await;
        let booked = responded.booked.as_ref().map(|b| b.appointment_id);
        Ok(Json(TextBookingAnswer {
            message: if booked.is_some() {
                "Appointment booked Successfully"
            } else {
                "Appointment not booked"
            }
            .to_owned(),
            code: responded.code.map_or("FAILURE", |c| c.as_str()).to_owned(),
            text: responded.text.unwrap_or_default(),
            appointment_id: booked,
        }))
    }
}

/// Moves an appointment to a status and does what the move means: the dealer-system pushes,
/// the withdrawn invite of a cancellation, the no-show workflow, the lead's counters.
async fn change_status(state: &AppState, scope: &Scope, id: i64, status: &str) -> ApiResult<()> {
    let now = Utc::now();
    let (appointment, to, pushes) = state.booking.set_status(scope, id, status, now).await?;
    start_pushes(state, &pushes, appointment.enterprise_id).await?;
    if to == AppointmentStatus::Cancelled {
        let withdrawn = state
            .messaging
            .appointment_changed(appointment.id, None, now)
            .await?;
        state.send_now(&withdrawn).await?;
    }
    if let Some(lead) = appointment.fsi_id {
        if to == AppointmentStatus::NoShow {
            // The no-show workflow: a text inviting them to rebook, then the cadence.
            let notices = state.follow_ups.after_no_show(scope, lead, now).await?;
            state.publish(notices).await;
        }
        state
            .publish([engine::messaging::Notice::LeadCounts {
                id: lead,
                enterprise_id: appointment.enterprise_id,
            }])
            .await;
    }
    Ok(())
}

/// A lead's appointments that still stand (neither cancelled nor missed), soonest first.
async fn standing_appointments(
    state: &AppState,
    scope: &Scope,
    lead_id: i64,
) -> ApiResult<Vec<AppointmentRecord>> {
    state.leads.require(scope, lead_id).await?;
    let page = state
        .appointments
        .search(
            scope,
            &AppointmentSearch {
                lead_id: Some(lead_id),
                ..AppointmentSearch::default()
            },
            PageRequest::new(Some(0), Some(engine::store::MAX_PAGE_SIZE))?,
        )
        .await?;
    let mut standing: Vec<AppointmentRecord> = page
        .content
        .into_iter()
        .filter(|a| {
            !matches!(
                a.appt_status.parse::<AppointmentStatus>(),
                Ok(AppointmentStatus::Cancelled | AppointmentStatus::NoShow)
            )
        })
        .collect();
    standing.sort_by_key(|a| a.appt_at);
    Ok(standing)
}

/// Starts the dealer-system pushes a change needs.
async fn start_pushes(
    state: &AppState,
    pushes: &[engine::appointments::writeback::AppointmentPushInput],
    enterprise_id: i64,
) -> ApiResult<()> {
    for push in pushes {
        state
            .jobs
            .start_system_input(push, Some(enterprise_id))
            .await?;
    }
    Ok(())
}

/// One appointment as the lists show it.
async fn one(state: &AppState, scope: &Scope, id: i64) -> ApiResult<AppointmentView> {
    let detail = state.booking.appointment(scope, id).await?;
    let day = detail.appt_at.date_naive();
    let page = state
        .appointments
        .search(
            scope,
            &AppointmentSearch {
                stores: StoreFilter::Only(vec![detail.store_id]),
                from: Some(midnight(day)),
                until: day.succ_opt().map(midnight),
                ..AppointmentSearch::default()
            },
            PageRequest::new(Some(0), Some(engine::store::MAX_PAGE_SIZE))?,
        )
        .await?;
    page.content
        .into_iter()
        .find(|a| a.id == id)
        .map(AppointmentView::from)
        .ok_or_else(|| engine::Error::not_found("Appointment not found").into())
}

/// A store's appointments on its own local days `from..=until`, soonest first.
async fn of_store_between(
    state: &AppState,
    scope: &Scope,
    store_id: i64,
    from: NaiveDate,
    until: NaiveDate,
) -> ApiResult<Vec<AppointmentView>> {
    DayRange::new(from, until, START_END, Some(APPOINTMENT_SEARCH_RANGE))?;
    let (start, end) = state
        .booking
        .local_days(scope, store_id, from, until)
        .await?;
    let page = state
        .appointments
        .search(
            scope,
            &AppointmentSearch {
                stores: StoreFilter::Only(vec![store_id]),
                from: Some(start),
                until: end,
                ..AppointmentSearch::default()
            },
            PageRequest::new(Some(0), Some(engine::store::MAX_PAGE_SIZE))?,
        )
        .await?;
    Ok(page
        .content
        .into_iter()
        .map(AppointmentView::from)
        .collect())
}

#[OpenApi(tag = "ApiTags::Appointments")]
impl AppointmentApi {
    /// Appointments in the caller's stores matching the dates and text, soonest first.
    #[oai(
        path = "/api/service-appointment/search-by-appt-date-and-query",
        method = "post"
    )]
    async fn search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<Option<AppointmentSearchBody>>,
    ) -> ApiResult<Json<AppointmentPage>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            search_page(&state, &scope, body.0.unwrap_or_default(), false).await?,
        ))
    }

    /// The same search (spec `POST /api/appointment/search`), with statuses.
    #[oai(path = "/api/appointment/search", method = "post")]
    async fn appointment_search(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<Option<AppointmentSearchBody>>,
    ) -> ApiResult<Json<AppointmentPage>> {
        let scope = request_scope(&caller, req)?;
        Ok(Json(
            search_page(&state, &scope, body.0.unwrap_or_default(), false).await?,
        ))
    }

    /// Books a service appointment in a free quarter hour (or moves the one `apptId` names).
    /// A full slot is a 409 that says so; a closed or past time a 400.
    #[oai(path = "/api/appointment", method = "post")]
    async fn book(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<AppointmentBody>,
    ) -> ApiResult<Json<BookingAnswer>> {
        Self::booked(&state, req, &caller, body.0).await
    }

    /// The same booking, as the assistant's calls name it.
    #[oai(path = "/api/lisa/appointment", method = "post")]
    async fn book_for_assistant(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<AppointmentBody>,
    ) -> ApiResult<Json<BookingAnswer>> {
        Self::booked(&state, req, &caller, body.0).await
    }

    /// Books the day and time a text of the conversation names (staff's "Appointment Search",
    /// the spec's nlp/booking): booked and confirmed to the customer by text, or the nearest
    /// free times offered when it is taken. Staff inside the scope.
    #[oai(path = "/api/nlp/booking", method = "post")]
    async fn nlp_booking(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        body: Json<TextBookingBody>,
    ) -> ApiResult<Json<TextBookingAnswer>> {
        Self::booked_from_text(&state, req, &caller, fsi_id.0, &body.text).await
    }

    /// The same booking on an inbound conversation (the spec's inb-nlp/booking).
    #[oai(path = "/api/inb-nlp/booking", method = "post")]
    async fn inbound_nlp_booking(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        body: Json<TextBookingBody>,
    ) -> ApiResult<Json<TextBookingAnswer>> {
        Self::booked_from_text(&state, req, &caller, fsi_id.0, &body.text).await
    }

    /// The free times the assistant would offer for a text of the conversation, nearest the
    /// day and time it names (else the first from now), without texting anyone (the spec's
    /// nlp/availability-without-template). Staff inside the scope.
    #[oai(path = "/api/nlp/availability-without-template", method = "post")]
    async fn nlp_availability(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
        body: Json<TextBookingBody>,
    ) -> ApiResult<Json<FreeTimesAnswer>> {
        let scope = request_scope(&caller, req)?;
        let free = state
            .assistant
            .free_times_for_text(&scope, fsi_id.0, &body.text, Utc::now())
            .await?;
        Ok(Json(FreeTimesAnswer {
            requested: free
                .requested
                .map(|at| at.format("%Y-%m-%dT%H:%M").to_string()),
            times: free
                .times
                .into_iter()
                .map(|t| FreeTimeView {
                    starts_at: t.starts_at,
                    date: t.local.date().to_string(),
                    time: display_time(t.local.time()),
                    label: t.label,
                })
                .collect(),
        }))
    }

    /// A lead's booked appointments (the spec's booked-appts): those neither cancelled nor
    /// missed, soonest first. Staff inside the scope; another tenant's lead is not found.
    #[oai(path = "/api/booked-appts", method = "get")]
    async fn booked_appointments(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "future-service-interaction-id")] fsi_id: Query<i64>,
    ) -> ApiResult<Json<Vec<AppointmentView>>> {
        let scope = request_scope(&caller, req)?;
        let standing = standing_appointments(&state, &scope, fsi_id.0).await?;
        Ok(Json(
            standing.into_iter().map(AppointmentView::from).collect(),
        ))
    }

    /// Cancels a lead's appointment (the spec's cancellations, `fid` the lead): the one
    /// `appointmentId` names, else its next standing one. The slot is given back, the invite
    /// withdrawn and the dealer system told, as a cancellation from the board is.
    #[oai(path = "/api/cancellations", method = "post")]
    async fn cancellations(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        fid: Query<i64>,
        body: Json<CancellationBody>,
    ) -> ApiResult<Json<StatusAnswer>> {
        let scope = request_scope(&caller, req)?;
        let standing = standing_appointments(&state, &scope, fid.0).await?;
        let appointment = match body.appointment_id {
            Some(id) => standing.iter().find(|a| a.id == id).ok_or_else(|| {
                engine::Error::not_found(format!(
                    "Appointment {id} is not a standing appointment of this lead"
                ))
            })?,
            None => standing
                .first()
                .ok_or_else(|| engine::Error::invalid("This lead has no appointment to cancel"))?,
        };
        let id = appointment.id;
        change_status(&state, &scope, id, AppointmentStatus::Cancelled.as_str()).await?;
        Ok(Json(StatusAnswer {
            message: "Successfully Deleted Appoinntment".to_owned(),
            appointment: one(&state, &scope, id).await?,
        }))
    }

    /// Moves an appointment to a status the set allows from its own (a disallowed move is a
    /// 400 naming the allowed ones). Cancelling gives the slot back and clears the lead's
    /// appointment.
    #[oai(path = "/api/appointment/:id/status/:status", method = "put")]
    async fn set_status(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        id: Path<i64>,
        #[oai(validator(max_length = 40))] status: Path<String>,
    ) -> ApiResult<Json<StatusAnswer>> {
        let scope = request_scope(&caller, req)?;
        change_status(&state, &scope, id.0, &status.0).await?;
        Ok(Json(StatusAnswer {
            message: "Successfully Updated".to_owned(),
            appointment: one(&state, &scope, id.0).await?,
        }))
    }

    /// A store's free quarter hours for `days` days (1–31) from `startDate` (its local
    /// dates; default today), per advisor.
    #[oai(path = "/api/appointment/availability", method = "get")]
    #[allow(clippy::too_many_arguments)]
    async fn availability(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "storeId")] store_id: Query<i64>,
        #[oai(name = "startDate", validator(max_length = 40))] start_date: Query<Option<String>>,
        days: Query<Option<u32>>,
        #[oai(name = "advisorId")] advisor_id: Query<Option<i64>>,
    ) -> ApiResult<Json<AvailabilityView>> {
        let scope = request_scope(&caller, req)?;
        let now = Utc::now();
        let (calendar, zone) = state.booking.calendar(&scope, store_id.0).await?;
        let from = parse_request_date("startDate", start_date.0.as_deref())?
            .unwrap_or_else(|| now.with_timezone(&zone).date_naive());
        let days = state
            .booking
            .availability(
                &scope,
                store_id.0,
                from,
                days.0.unwrap_or(7),
                advisor_id.0,
                now,
            )
            .await?;
        Ok(Json(AvailabilityView {
            store_id: calendar.store_id,
            time_zone: calendar.time_zone,
            slot_minutes: engine::appointments::SLOT_MINUTES,
            days: days.into_iter().map(Into::into).collect(),
            advisors: calendar
                .advisor_names
                .into_iter()
                .map(|(id, name)| AdvisorNameView { id, name })
                .collect(),
        }))
    }

    /// A store's appointments between two dates, of leads that have written when
    /// `lastMessageReceived` is true.
    #[oai(
        path = "/api/future-service-interaction/appointment/search-by-appt-date",
        method = "get"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn by_appointment_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "store_id_pk")] store_id: Query<i64>,
        #[oai(name = "startDate", validator(max_length = 40))] start_date: Query<String>,
        #[oai(name = "endDate", validator(max_length = 40))] end_date: Query<String>,
        #[oai(name = "lastMessageReceived")] last_message_received: Query<Option<bool>>,
        page: Query<Option<u64>>,
        size: Query<Option<u64>>,
    ) -> ApiResult<Json<AppointmentPage>> {
        let scope = request_scope(&caller, req)?;
        stores_of(&state, &scope, None, Some(store_id.0)).await?;
        let body = AppointmentSearchBody {
            store_ids: Some(vec![store_id.0]),
            start_date: Some(start_date.0),
            end_date: Some(end_date.0),
            page: page.0,
            size: size.0,
            ..AppointmentSearchBody::default()
        };
        Ok(Json(
            search_page(
                &state,
                &scope,
                body,
                last_message_received.0.unwrap_or(false),
            )
            .await?,
        ))
    }

    /// A dealer's store's appointments on a day (`date`) or between `startDate` and `endDate`.
    #[oai(
        path = "/api/boc/:boc/store/:store/service-appointment/search-by-date",
        method = "get"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn by_store_date(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        boc: Path<i64>,
        store: Path<i64>,
        #[oai(validator(max_length = 40))] date: Query<Option<String>>,
        #[oai(name = "startDate", validator(max_length = 40))] start_date: Query<Option<String>>,
        #[oai(name = "endDate", validator(max_length = 40))] end_date: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<AppointmentView>>> {
        let scope = request_scope(&caller, req)?;
        stores_of(&state, &scope, Some(boc.0), Some(store.0)).await?;
        let from = parse_request_date("startDate", start_date.0.or(date.0.clone()).as_deref())?
            .unwrap_or_else(|| Utc::now().date_naive());
        let until =
            parse_request_date("endDate", end_date.0.or(date.0).as_deref())?.unwrap_or(from);
        Ok(Json(
            of_store_between(&state, &scope, store.0, from, until).await?,
        ))
    }

    /// The lane's appointments of a store on a day (YYYY-MM-DD), each tagged `Appt`.
    #[oai(
        path = "/api/getAppointmentByStoreIdAndDate/:store/:date",
        method = "get"
    )]
    async fn lane_day(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        store: Path<i64>,
        #[oai(validator(max_length = 40))] date: Path<String>,
    ) -> ApiResult<Json<Vec<AppointmentView>>> {
        let scope = request_scope(&caller, req)?;
        stores_of(&state, &scope, None, Some(store.0)).await?;
        let day = parse_request_date("date", Some(&date.0))?
            .ok_or_else(|| engine::Error::invalid("date is required"))?;
        Ok(Json(
            of_store_between(&state, &scope, store.0, day, day).await?,
        ))
    }

    /// The appointment editor's customer picker: a store's customers matching first, last or
    /// full name (or phone digits), at most 50.
    #[oai(
        path = "/leadmanager/getLeadManagerDataForCompanyOffice",
        method = "get"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn picker(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "companyId")] company: Query<Option<i64>>,
        #[oai(name = "officeId")] office: Query<i64>,
        #[oai(name = "divisionId", validator(max_length = 20))] _division: Query<Option<String>>,
        #[oai(validator(max_length = 200))] search: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<PickerContact>>> {
        let scope = scope_naming(&caller, req, company.0)?;
        stores_of(&state, &scope, None, Some(office.0)).await?;
        let found = state
            .appointments
            .customers_for_picker(&scope, office.0, search.0.as_deref(), 50)
            .await?;
        Ok(Json(
            found
                .into_iter()
                .map(|c| PickerContact {
                    contact_id: c.id,
                    first_name: c.first_name,
                    last_name: c.last_name,
                    email: c.email,
                    cellular: c.cellular,
                })
                .collect(),
        ))
    }
}
