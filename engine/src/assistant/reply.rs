//! The assistant acting on a reply it understood: booking a service visit by text when the
//! customer wants one (checking the slot, offering the nearest free ones when it is taken,
//! booking a time it offered when the customer says yes), and handing the conversation to
//! staff when it needs a person. docs/decisions/0009-assistant-booking-and-handoffs.md.

use chrono::{DateTime, NaiveDateTime, Timelike, Utc};
use chrono_tz::Tz;

use super::files::AssistantFileStore;
use super::script::{Reply, Script};
use super::{Grain, Intent, RequestedTime, Understanding};
use crate::appointments::service::{AppointmentService, Booked, BookingDraft};
use crate::appointments::writeback::AppointmentPushInput;
use crate::auth::{Caller, Scope};
use crate::db::Database;
use crate::domain::appointments::{display_day, display_time};
use crate::domain::formats::parse_time_zone;
use crate::domain::leads::{InboundAppointment, IssueTag, WorkflowTrack};
use crate::domain::messages::{Direction, NotificationType};
use crate::error::{Error, Result};
use crate::messaging::{AutomatedText, MessagingService, Notice, StaffEmail, TrackRequest};
use crate::store::follow_ups::FollowUpStore;
use crate::store::leads::{LeadRecord, LeadStore};
use crate::store::messages::{MessageRecord, MessageStore};
use crate::store::notifications::{NewNotification, NotificationStore};
use crate::store::settings::SettingsStore;
use crate::store::users::UserStore;
use wording::cadence::CadenceStop;

/// Managers e-mailed about one handoff at most.
const HANDOFF_RECIPIENTS: u64 = 5;

/// Who a handoff goes to (the spec's cards: GM HANDOFF, MD HANDOFF, Customer HANDOFF).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handoff {
    pub track: WorkflowTrack,
    /// The issue tag (CC complaint, CQ question, TU trade-up/sales, VI vehicle issue) or the
    /// request it was for.
    pub tag: &'static str,
    pub notification: NotificationType,
    /// The notification's title, as the handoff cards say it.
    pub title: &'static str,
}

/// The handoff a reply's intents call for, strongest first: complaints and price concerns go
/// to the general manager, sales inquiries to the sales manager (MD), questions, call requests
/// and vehicle issues to the service staff, pick-up and loaner requests to the appointment desk.
pub fn handoff_for(understanding: &Understanding) -> Option<Handoff> {
    let gm = |tag| Handoff {
        track: WorkflowTrack::CustomerAGmHandoffManualPulseCheck,
        tag,
        notification: NotificationType::InternalNotificationGm,
        title: "GM HANDOFF",
    };
    let staff = |tag| Handoff {
        track: WorkflowTrack::CustomerAHandoff,
        tag,
        notification: NotificationType::InternalNotification,
        title: "Customer HANDOFF",
    };
    understanding.intents.iter().find_map(|hit| {
        Some(match hit.intent {
            Intent::Cc => gm("CC"),
            Intent::PriceConcern => gm("CQ"),
            Intent::SalesInq => Handoff {
                track: WorkflowTrack::CustomerAMdHandoff,
                tag: "TU",
                notification: NotificationType::InternalNotificationMd,
                title: "MD HANDOFF",
            },
            Intent::Cq => staff("CQ"),
            Intent::ReqCall => staff("REQ-CALL"),
            Intent::Vi => staff("VI"),
            Intent::ReqPd | Intent::ReqLoaner => Handoff {
                track: WorkflowTrack::AppointmentHandoffDropoffYes,
                tag: if hit.intent == Intent::ReqPd {
                    "REQ-PD"
                } else {
                    "REQ-LOANER"
                },
                notification: NotificationType::InternalNotification,
                title: "Customer HANDOFF",
            },
            _ => return None,
        })
    })
}

impl Handoff {
    /// A reply an assisting (not fully running) assistant leaves to staff (decision 0022).
    pub const FOR_STAFF_TO_ANSWER: Handoff = Handoff {
        track: WorkflowTrack::CustomerAHandoff,
        tag: ASSIST,
        notification: NotificationType::InternalNotification,
        title: "Customer HANDOFF",
    };

    /// The handoff staff start from a conversation (spec I-R7) on a handoff track: to the
    /// general manager (GM HANDOFF) or the sales manager (MD HANDOFF) about an issue, CQ or TU
    /// when none is named, or taken over by hand (Customer HANDOFF). Other tracks hand nothing
    /// over.
    pub fn by_staff(track: WorkflowTrack, issue: Option<IssueTag>) -> Option<Handoff> {
        let tag = |default: IssueTag| issue.unwrap_or(default).as_str();
        Some(match track {
            WorkflowTrack::CustomerAGmHandoffManualPulseCheck => Handoff {
                track,
                tag: tag(IssueTag::Cq),
                notification: NotificationType::InternalNotificationGm,
                title: "GM HANDOFF",
            },
            WorkflowTrack::CustomerAMdHandoff => Handoff {
                track,
                tag: tag(IssueTag::Tu),
                notification: NotificationType::InternalNotificationMd,
                title: "MD HANDOFF",
            },
            WorkflowTrack::CustomerAHandoff => Handoff {
                track,
                tag: issue.map_or(MANUAL, IssueTag::as_str),
                notification: NotificationType::InternalNotification,
                title: "Customer HANDOFF",
            },
            // The inbound-appointment finding CUSTOMER_SAY_YES (spec: EXTERNAL_A_HANDOFF goes
            // with it): the customer wants the visit, so a person takes it from here.
            WorkflowTrack::ExternalAHandoff => Handoff {
                track,
                tag: SAID_YES,
                notification: NotificationType::InternalNotification,
                title: "Customer HANDOFF",
            },
            _ => return None,
        })
    }

    /// What the handoff is about, in words.
    pub fn reason(self) -> &'static str {
        match self.tag {
            "CC" => "A complaint",
            "CQ" => "A question",
            "TU" => "A sales question",
            "VI" => "A vehicle issue",
            "REQ-CALL" => "A call asked for",
            "REQ-PD" => "Pick-up and delivery asked for",
            "REQ-LOANER" => "A loaner asked for",
            "A-BKG-ERR" => "No free time to offer",
            MANUAL => "Taken over by staff",
            SAID_YES => "The customer said yes to an appointment",
            ASSIST => "A reply for staff to answer (the assistant only assists)",
            _ => "Handed to staff",
        }
    }

    /// A staff member taking the conversation over themselves tells no manager.
    fn tells_managers(self, by: Option<&Caller>) -> bool {
        by.is_none() || self.track != WorkflowTrack::CustomerAHandoff
    }
}

/// The reason a handoff staff take over by hand gives, with no issue named.
const MANUAL: &str = "MANUAL";
/// The reason an assisting assistant gives for a reply it leaves to staff.
const ASSIST: &str = "ASSIST";
/// The reason of the external handoff: the inbound-appointment value it goes with.
const SAID_YES: &str = "CUSTOMER_SAY_YES";

/// The booking calls' answer (spec B-R5): FAILURE when nothing was booked; a text starting
/// "Unfortunately" is shown as a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingCode {
    Success,
    Failure,
}

impl BookingCode {
    pub fn as_str(self) -> &'static str {
        match self {
            BookingCode::Success => "SUCCESS",
            BookingCode::Failure => "FAILURE",
        }
    }
}

/// What the assistant did with a reply.
#[derive(Debug, Default)]
pub struct Responded {
    /// Texts and e-mails queued (their send jobs are the caller's to start).
    pub messages: Vec<MessageRecord>,
    pub notices: Vec<Notice>,
    /// The booking's dealer-system pushes (the caller starts them).
    pub pushes: Vec<AppointmentPushInput>,
    pub booked: Option<Booked>,
    pub handoff: Option<Handoff>,
    /// For the booking calls: SUCCESS or FAILURE, and the text sent.
    pub code: Option<BookingCode>,
    pub text: Option<String>,
}

/// Who booked: the assistant, or a staff member (by name) whose confirmation text they sign.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BookedBy {
    Assistant,
    Staff(String),
}

/// A free quarter hour the assistant would offer.
#[derive(Debug, Clone)]
pub struct FreeTime {
    /// The store's local day and time.
    pub local: NaiveDateTime,
    pub starts_at: DateTime<Utc>,
    /// As texts say it ("Monday, June 8 at 10:15 AM").
    pub label: String,
}

impl FreeTime {
    /// A free quarter hour: the store's local time and the moment it starts.
    fn at((local, starts_at): (NaiveDateTime, DateTime<Utc>)) -> Self {
        Self {
            label: format!(
                "{} at {}",
                display_day(local.date()),
                display_time(local.time())
            ),
            local,
            starts_at,
        }
    }
}

/// "a, b or c" of the times' labels, as an offer lists them.
pub fn offered_times(times: &[FreeTime]) -> String {
    join_or(&times.iter().map(|t| t.label.clone()).collect::<Vec<_>>())
}

/// The time a reply asked for, as the assistant read it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asked {
    pub time: Option<RequestedTime>,
    /// Read unsure (a correction, a bare 6 or 7): asked back, never booked as read.
    pub unsure: bool,
}

/// The free times near what a text asks for.
#[derive(Debug, Clone, Default)]
pub struct FreeTimes {
    /// The day and time the text named (store's local time), if any.
    pub requested: Option<NaiveDateTime>,
    pub times: Vec<FreeTime>,
}

#[derive(Debug, Clone)]
pub struct AssistantReplies {
    messages: MessageStore,
    leads: LeadStore,
    users: UserStore,
    follow_ups: FollowUpStore,
    booking: AppointmentService,
    messaging: MessagingService,
    stores: SettingsStore,
    files: AssistantFileStore,
    notifications: NotificationStore,
}

impl AssistantReplies {
    pub fn new(db: Database, messaging: MessagingService) -> Self {
        Self {
            messages: MessageStore::new(db.clone()),
            leads: LeadStore::new(db.clone()),
            users: UserStore::new(db.clone()),
            follow_ups: FollowUpStore::new(db.clone()),
            stores: SettingsStore::new(db.clone()),
            files: AssistantFileStore::new(db.clone()),
            notifications: NotificationStore::new(db.clone()),
            booking: AppointmentService::new(db),
            messaging,
        }
    }

    /// Acts on a customer's message once it is understood. Nothing happens for an opted-out
    /// customer, a closed conversation, a lead staff have (assistant off), or a store whose
    /// assistant an admin switched off: the assistant never texts past a handoff until staff
    /// switch it back on.
    pub async fn respond(
        &self,
        message_id: i64,
        understanding: &Understanding,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let message = self.messages.require(message_id).await?;
        let Some(fsi_id) = message
            .fsi_id
            .filter(|_| message.direction == Direction::Received)
        else {
            return Ok(Responded::default());
        };
        let scope = Scope {
            enterprise_id: message.enterprise_id,
            boc_id: None,
            store_id: None,
        };
        let Some((lead, _)) = self.leads.get(&scope, fsi_id).await? else {
            return Ok(Responded::default());
        };
        if lead.customer_block_sms
            || understanding.is_opt_out_or_help()
            || lead.conversation_closed
            || !lead.ai_enabled
            || !lead.customer_ai_enabled
            || self.stores.assistant_switched_off(lead.store_id).await?
        {
            return Ok(Responded::default());
        }
        // A message someone has answered since (staff, or the dialogue they started from it)
        // is theirs.
        if self.messages.texted_since(lead.id, message.id).await? {
            return Ok(Responded::default());
        }
        // An enterprise whose assistant only assists (decision 0022): what a reply asks for is
        // staff's to answer; the reading (intents, opt-outs, insights) stood before this.
        if !self
            .stores
            .enterprise_settings(lead.enterprise_id)
            .await?
            .is_fully_aiva
        {
            let asks = handoff_for(understanding).is_some()
                || understanding.has(Intent::CustAppr)
                || understanding.has(Intent::ApptSet)
                || understanding.requested_time.is_some()
                || is_affirmative(&message.content);
            if !asks {
                return Ok(Responded::default());
            }
            let handoff = handoff_for(understanding).unwrap_or(Handoff::FOR_STAFF_TO_ANSWER);
            let responded = self.hand_off_quietly(&scope, &lead, handoff, now).await?;
            self.messages
                .set_lead_response_reqd(lead.id, true, now)
                .await?;
            return Ok(responded);
        }
        // A customer asking for a visit is booked first; only a complaint goes to a person
        // whatever else the reply says.
        let (handoff, besides_booking) = match handoff_for(understanding) {
            Some(h) if understanding.has(Intent::ApptSet) && h.tag != "CC" => (None, Some(h)),
            other => (other, None),
        };
        if let Some(handoff) = handoff {
            return self.hand_off(&scope, &lead, handoff, now).await;
        }
        let agreed = understanding.has(Intent::CustAppr)
            || understanding.has(Intent::ApptSet)
            || is_affirmative(&message.content);
        // A booked customer asking for another time: moved after a check (issue 37).
        if lead.appointment_set
            && let Some(appointment_id) = lead.appointment_id
            && self.script_of(lead.store_id).await?.booking_enabled
        {
            let asked = Asked {
                time: understanding.requested_time,
                unsure: understanding.time_unsure,
            };
            return self
                .move_by_text(&scope, &lead, appointment_id, asked, agreed, now)
                .await;
        }
        // Booking is the date-time dialogue's: on from the opening text (which asks to book),
        // or switched on by staff, FUDT or a no-show.
        let can_book = lead.dt_dialog_enabled
            && (agreed || understanding.requested_time.is_some())
            && !lead.appointment_set
            && self.script_of(lead.store_id).await?.booking_enabled;
        if !can_book {
            // What else the reply asked for (a loaner, a pick-up, a question) still reaches a
            // person when there is no booking to make.
            return match besides_booking {
                Some(handoff) => self.hand_off(&scope, &lead, handoff, now).await,
                None => Ok(Responded::default()),
            };
        }
        let asked = Asked {
            time: understanding.requested_time,
            unsure: understanding.time_unsure,
        };
        let mut responded = self.book_by_text(&scope, &lead, asked, agreed, now).await?;
        // Several intents, all acted on (issue 37): once the visit is booked, what else the reply
        // asked for goes to staff as its handoff, without another text to the customer.
        if let Some(handoff) = besides_booking
            && responded.booked.is_some()
        {
            let handed = self.hand_off_quietly(&scope, &lead, handoff, now).await?;
            responded.messages.extend(handed.messages);
            responded.notices.extend(handed.notices);
            responded.handoff = Some(handoff);
        }
        Ok(responded)
    }

    /// A booking staff made for a lead (the appointment editor, from a conversation or a
    /// list): the customer gets the confirmation the assistant sends when it books, signed by
    /// the staff member, and the thread notes who booked what. A customer who cannot be texted
    /// (opted out, no mobile number, no texting number at the store) gets the note only, with
    /// the reason, so the booking stands and staff know to call.
    pub async fn confirm_staff_booking(
        &self,
        caller: &Caller,
        scope: &Scope,
        booked: &Booked,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let Some(lead_id) = booked.lead_id else {
            return Ok(Responded::default());
        };
        let Some((lead, _)) = self.leads.get(scope, lead_id).await? else {
            return Ok(Responded::default());
        };
        let verb = if booked.moved_from.is_some() {
            "moved"
        } else {
            "booked"
        };
        let confirmed = self
            .confirm(
                scope,
                &lead,
                booked.clone(),
                BookedBy::Staff(caller.username.clone()),
                now,
            )
            .await;
        let (mut responded, told) = match confirmed {
            Ok(responded) => {
                let told = match responded.messages.first() {
                    Some(text) if text.scheduled_for.is_some() => {
                        "The confirmation text goes out when the customer's texting hours open."
                    }
                    _ => "The customer was texted a confirmation.",
                };
                (responded, told.to_owned())
            }
            Err(Error::Validation { message, .. }) => (
                Responded::default(),
                format!("The customer was not texted ({message}); please let them know."),
            ),
            Err(other) => return Err(other),
        };
        let note = format!(
            "Appointment {verb} for {} by {}. {told}",
            booked.when, caller.username
        );
        let noted = self
            .messaging
            .record_booking_note(caller, &lead, note, booked.appointment_id, now)
            .await?;
        responded.notices.extend(noted);
        if responded.booked.is_none() {
            responded.notices.push(Notice::AppointmentBooked {
                id: lead.id,
                enterprise_id: lead.enterprise_id,
            });
        }
        Ok(responded)
    }

    /// The store's assistant file, or the built-in texts and rules.
    async fn script_of(&self, store_id: i64) -> Result<Script> {
        self.files.script(store_id).await
    }

    /// Staff's "Appointment Search" on a text of the conversation (the spec's nlp/booking and
    /// inb-nlp/booking): the day and time the text names are booked for the lead as the
    /// assistant books them, and the customer is texted the confirmation, or the nearest free
    /// times when it is taken ("Unfortunately …", code FAILURE). A text naming no time, or a
    /// lead that already has an appointment, is a FAILURE with nothing sent. Staff inside the
    /// scope; another tenant's lead is not found.
    pub async fn book_from_text(
        &self,
        scope: &Scope,
        fsi_id: i64,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::invalid(
                "Please select the text that names a day and time",
            ));
        }
        let refuse = |reason: String| Responded {
            code: Some(BookingCode::Failure),
            text: Some(reason),
            ..Responded::default()
        };
        if lead.appointment_set {
            return Ok(refuse(
                "Unfortunately this customer already has an appointment.".to_owned(),
            ));
        }
        if lead.customer_block_sms {
            return Err(Error::invalid("The customer opted out of texts"));
        }
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let Some(requested) = super::understand(text, now, zone).requested_time else {
            return Ok(refuse(format!(
                "Unfortunately no day or time was found in \"{text}\"."
            )));
        };
        // Staff chose the words: the time they name is booked as read.
        let asked = Asked {
            time: Some(requested),
            unsure: false,
        };
        self.book_by_text(scope, &lead, asked, true, now).await
    }

    /// The booking dialogue for one reply: book the time asked for (or the time offered, on a
    /// yes), offer the nearest free times when it is not free, or ask for a day and time. A
    /// time read unsure is asked back when free, never booked as read.
    pub async fn book_by_text(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        asked: Asked,
        agreed: bool,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let local_now = now.with_timezone(&zone).naive_local();
        let requested = asked.time.filter(|time| time.still_ahead(local_now));
        let offered = self.leads.proposed_appointment(lead.id).await?;
        let wanted: Option<NaiveDateTime> = match requested {
            Some(time) if matches!(time.grain, Grain::Minute | Grain::Hour) => Some(time.start),
            Some(_) => None,
            None => offered
                .filter(|at| agreed && *at > now)
                .map(|at| at.with_timezone(&zone).naive_local()),
        };
        self.leads.set_date_time_dialogue(lead.id, true).await?;
        if let Some(at) = wanted
            && asked.unsure
            && requested.is_some()
        {
            return self
                .check_back(scope, lead, at, zone, Reply::CheckTime, now)
                .await;
        }
        if let Some(at) = wanted {
            match self.try_book(scope, lead, at, None, now).await? {
                Ok(booked) => {
                    return self
                        .confirm(scope, lead, booked, BookedBy::Assistant, now)
                        .await;
                }
                Err(reason) => {
                    return self.offer(scope, lead, at, zone, Some(reason), now).await;
                }
            }
        }
        match requested {
            // A day, part of day, week or month: the first free times in it.
            Some(time) => self.offer(scope, lead, time.start, zone, None, now).await,
            None => {
                let text = self.script_of(lead.store_id).await?.render(
                    Reply::AskTime,
                    &[
                        ("firstName", &lead.customer_first_name),
                        ("store", &lead.store_name),
                    ],
                );
                self.text(scope, lead, text, BookingCode::Failure, now)
                    .await
            }
        }
    }

    /// A booked customer's reply naming another time: the visit is moved only on their YES to
    /// the time asked back (or offered, when theirs is taken). A reply naming the time already
    /// booked, or none without an offer to take, changes nothing.
    async fn move_by_text(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        appointment_id: i64,
        asked: Asked,
        agreed: bool,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let local_now = now.with_timezone(&zone).naive_local();
        let booked_at = self
            .booking
            .appointment(scope, appointment_id)
            .await?
            .appt_at
            .with_timezone(&zone)
            .naive_local();
        let requested = asked.time.filter(|time| time.still_ahead(local_now));
        match requested {
            Some(time) if matches!(time.grain, Grain::Minute | Grain::Hour) => {
                if time.start == booked_at {
                    return Ok(Responded::default());
                }
                self.check_back(scope, lead, time.start, zone, Reply::CheckMove, now)
                    .await
            }
            Some(time) if time.start.date() != booked_at.date() || time.grain != Grain::Day => {
                self.offer(scope, lead, time.start, zone, None, now).await
            }
            Some(_) => Ok(Responded::default()),
            None => {
                let Some(at) = self
                    .leads
                    .proposed_appointment(lead.id)
                    .await?
                    .filter(|at| agreed && *at > now)
                else {
                    return Ok(Responded::default());
                };
                let local = at.with_timezone(&zone).naive_local();
                match self
                    .try_book(scope, lead, local, Some(appointment_id), now)
                    .await?
                {
                    Ok(moved) => {
                        self.confirm(scope, lead, moved, BookedBy::Assistant, now)
                            .await
                    }
                    Err(reason) => {
                        self.offer(scope, lead, local, zone, Some(reason), now)
                            .await
                    }
                }
            }
        }
    }

    /// Books `at` (the store's local time) for the lead, or moves the appointment `moving` to
    /// it; the refusal's reason when it cannot.
    async fn try_book(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        at: NaiveDateTime,
        moving: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<Booked, String>> {
        if !at.minute().is_multiple_of(15) {
            return Ok(Err(format!(
                "{} is not one of our quarter-hour times",
                display_time(at.time())
            )));
        }
        let draft = BookingDraft {
            lead_id: Some(lead.id),
            appointment_id: moving,
            date: Some(at.date().format("%Y-%m-%d").to_string()),
            time: Some(display_time(at.time())),
            ..BookingDraft::default()
        };
        match self.booking.book_for_assistant(scope, &draft, now).await {
            Ok(booked) => Ok(Ok(booked)),
            Err(Error::Conflict(reason)) => Ok(Err(reason)),
            Err(Error::Validation { message, .. }) => Ok(Err(message)),
            Err(other) => Err(other),
        }
    }

    /// The booking made: confirmation text, the dialogue and the cadence end, and (for the
    /// assistant's own bookings) the calendar invite: staff send theirs from the composer.
    async fn confirm(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        booked: Booked,
        by: BookedBy,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        self.leads.set_date_time_dialogue(lead.id, false).await?;
        self.leads.set_proposed_appointment(lead.id, None).await?;
        self.follow_ups.stop(lead.id, CadenceStop::Booked).await?;
        let text = self.script_of(lead.store_id).await?.render(
            Reply::Booked,
            &[
                ("firstName", &lead.customer_first_name),
                ("store", &lead.store_name),
                ("when", &booked.when),
            ],
        );
        let sender = match &by {
            BookedBy::Assistant => None,
            BookedBy::Staff(name) => Some(name.clone()),
        };
        let mut responded = self
            .text_signed(scope, lead, text, BookingCode::Success, sender, now)
            .await?;
        if by == BookedBy::Assistant
            && let Some(invite) = self
                .messaging
                .queue_automated_invite(
                    scope,
                    lead.id,
                    booked.appointment_id,
                    booked.starts_at,
                    &booked.when,
                    now,
                )
                .await?
        {
            responded.messages.push(invite);
        }
        responded.notices.push(Notice::AppointmentBooked {
            id: lead.id,
            enterprise_id: lead.enterprise_id,
        });
        responded.pushes = booked.pushes.clone();
        responded.booked = Some(booked);
        Ok(responded)
    }

    /// Asks back a time ("did you mean Thursday, December 3 at 3:00 PM?", or whether to move the
    /// visit there) and holds it for a YES when it is free; when it is not, offers the free
    /// times nearest it.
    async fn check_back(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        at: NaiveDateTime,
        zone: Tz,
        question: Reply,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let free = self
            .nearest_free(scope, lead.store_id, at, zone, now)
            .await?;
        let Some(slot) = free.into_iter().find(|(local, _)| *local == at) else {
            let taken = format!("{} is not free", display_time(at.time()));
            return self.offer(scope, lead, at, zone, Some(taken), now).await;
        };
        let time = FreeTime::at(slot);
        let text = self.script_of(lead.store_id).await?.render(
            question,
            &[
                ("firstName", &lead.customer_first_name),
                ("store", &lead.store_name),
                ("when", &time.label),
            ],
        );
        self.leads
            .set_proposed_appointment(lead.id, Some(time.starts_at))
            .await?;
        self.text(scope, lead, text, BookingCode::Failure, now)
            .await
    }

    /// Offers the free times nearest to `around` (within a week of it), remembering the first
    /// so a "yes" books it. `refused`: why the time asked for could not be booked.
    async fn offer(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        around: NaiveDateTime,
        zone: Tz,
        refused: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let free = self
            .nearest_free(scope, lead.store_id, around, zone, now)
            .await?;
        let script = self.script_of(lead.store_id).await?;
        let (time, day) = (display_time(around.time()), display_day(around.date()));
        let names = [
            ("firstName", lead.customer_first_name.as_str()),
            ("store", lead.store_name.as_str()),
            ("time", time.as_str()),
            ("day", day.as_str()),
        ];
        let asked = match refused {
            Some(_) => script.render(Reply::Unavailable, &names),
            None => script.render(Reply::Thanks, &names),
        };
        if free.is_empty() {
            let text = format!("{asked} {}", script.render(Reply::NoTimes, &names));
            let handoff = Handoff {
                track: WorkflowTrack::CustomerAHandoff,
                tag: "A-BKG-ERR",
                notification: NotificationType::InternalNotification,
                title: "Customer HANDOFF",
            };
            let mut responded = self
                .text(scope, lead, text, BookingCode::Failure, now)
                .await?;
            let handed = self.hand_off_quietly(scope, lead, handoff, now).await?;
            responded.messages.extend(handed.messages);
            responded.notices.extend(handed.notices);
            responded.handoff = Some(handoff);
            return Ok(responded);
        }
        let choices: Vec<FreeTime> = free.iter().copied().map(FreeTime::at).collect();
        let times = offered_times(&choices);
        let text = format!(
            "{asked} {}",
            script.render(
                Reply::Offer,
                &[
                    ("firstName", lead.customer_first_name.as_str()),
                    ("store", lead.store_name.as_str()),
                    ("times", times.as_str()),
                    ("first", choices[0].label.as_str()),
                ],
            )
        );
        self.leads
            .set_proposed_appointment(lead.id, Some(free[0].1))
            .await?;
        self.text(scope, lead, text, BookingCode::Failure, now)
            .await
    }

    /// The store's free quarter hours nearest `around` (its local time), in time order: local
    /// and UTC.
    async fn nearest_free(
        &self,
        scope: &Scope,
        store_id: i64,
        around: NaiveDateTime,
        zone: Tz,
        now: DateTime<Utc>,
    ) -> Result<Vec<(NaiveDateTime, DateTime<Utc>)>> {
        let from = around.date().max(now.with_timezone(&zone).date_naive());
        let script = self.script_of(store_id).await?;
        let days = self
            .booking
            .availability(scope, store_id, from, script.offer_days, None, now)
            .await?;
        let mut free: Vec<(NaiveDateTime, DateTime<Utc>)> = days
            .iter()
            .flat_map(|day| {
                day.slots
                    .iter()
                    .filter(|slot| slot.free > 0)
                    .map(move |slot| (day.date.and_time(slot.time), slot.starts_at))
            })
            .collect();
        free.sort_by_key(|(local, _)| (*local - around).num_minutes().abs());
        free.truncate(script.offers);
        free.sort_by_key(|(local, _)| *local);
        Ok(free)
    }

    /// The free times the assistant would offer for a text of the conversation, without
    /// texting anyone (the spec's nlp/availability-without-template): those nearest the day
    /// and time it names, else the first from now. Staff inside the scope.
    pub async fn free_times_for_text(
        &self,
        scope: &Scope,
        fsi_id: i64,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<FreeTimes> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let local_now = now.with_timezone(&zone).naive_local();
        let requested = super::understand(text.trim(), now, zone)
            .requested_time
            .map(|t| t.start)
            .filter(|at| *at > local_now);
        let times = self
            .nearest_free(
                scope,
                lead.store_id,
                requested.unwrap_or(local_now),
                zone,
                now,
            )
            .await?
            .into_iter()
            .map(FreeTime::at)
            .collect();
        Ok(FreeTimes { requested, times })
    }

    /// The times to offer someone for what they wrote on a web form (its message, issue 36):
    /// the free times nearest the day and time their words name, as an answer to a reply
    /// would offer them. None when the words name no time to come, the store's assistant does
    /// not book, or nothing is free around it; nothing is written.
    pub async fn offer_for_words(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        words: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<FreeTime>>> {
        if !self.script_of(lead.store_id).await?.booking_enabled {
            return Ok(None);
        }
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let local_now = now.with_timezone(&zone).naive_local();
        let Some(requested) = super::understand(words, now, zone)
            .requested_time
            .filter(|time| time.still_ahead(local_now))
        else {
            return Ok(None);
        };
        let times: Vec<FreeTime> = self
            .nearest_free(scope, lead.store_id, requested.start, zone, now)
            .await?
            .into_iter()
            .map(FreeTime::at)
            .collect();
        Ok((!times.is_empty()).then_some(times))
    }

    /// Remembers the first of the times offered in a lead's opening text, so the customer's
    /// YES books it (as after an offer answering a reply).
    pub async fn remember_offer(&self, lead_id: i64, first: &FreeTime) -> Result<()> {
        self.leads
            .set_proposed_appointment(lead_id, Some(first.starts_at))
            .await
    }

    /// Hands the conversation to staff: the workflow track (the assistant goes quiet, the
    /// lead waits for a response), an e-mail to the store's managers, and a word to the
    /// customer that someone will be in touch.
    async fn hand_off(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        handoff: Handoff,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let text = self.script_of(lead.store_id).await?.render(
            Reply::Handoff,
            &[
                ("firstName", &lead.customer_first_name),
                ("store", &lead.store_name),
            ],
        );
        // Staff are told first: by the time the customer hears, the handoff is on record.
        let mut responded = self.hand_off_quietly(scope, lead, handoff, now).await?;
        let said = self
            .text(scope, lead, text, BookingCode::Failure, now)
            .await?;
        // The acknowledgement is no answer: the lead still waits for a person.
        self.messages
            .set_lead_response_reqd(lead.id, true, now)
            .await?;
        responded.messages.extend(said.messages);
        responded.notices.extend(said.notices);
        responded.code = said.code;
        responded.text = said.text;
        Ok(responded)
    }

    /// A handoff a staff member starts from a conversation (spec I-R7): the same as the
    /// assistant's (the track in the thread, the assistant and its follow-ups stopped, the
    /// managers told, the live HANDOFF), with no word to the customer.
    pub async fn hand_off_by_staff(
        &self,
        caller: &Caller,
        scope: &Scope,
        fsi_id: i64,
        handoff: Handoff,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        self.hand_off_from(scope, &lead, handoff, Some(caller), now)
            .await
    }

    /// A lead the caller's scope reaches; another tenant's is not found.
    async fn lead_in_scope(&self, scope: &Scope, fsi_id: i64) -> Result<LeadRecord> {
        Ok(self.leads.require(scope, fsi_id).await?.0)
    }

    async fn hand_off_quietly(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        handoff: Handoff,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        self.hand_off_from(scope, lead, handoff, None, now).await
    }

    /// The handoff itself, by the assistant (`by` none) or by a staff member.
    async fn hand_off_from(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        handoff: Handoff,
        by: Option<&Caller>,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let said_as_parameter = handoff
            .tag
            .parse::<InboundAppointment>()
            .ok()
            .filter(|p| handoff.track.allowed_parameters().contains(p));
        let (note, mut notices) = self
            .messaging
            .record_track(
                by,
                scope,
                TrackRequest {
                    fsi_id: lead.id,
                    track: handoff.track,
                    // A reason that is one of the track's own parameters (EXTERNAL_A_HANDOFF's
                    // CUSTOMER_SAY_YES) is recorded as its parameter, as the spec pairs them.
                    parameter: said_as_parameter,
                    intent: said_as_parameter.is_none().then_some(handoff.tag),
                },
                now,
            )
            .await?;
        self.leads.set_date_time_dialogue(lead.id, false).await?;
        self.follow_ups
            .stop(lead.id, CadenceStop::AssistantOff)
            .await?;
        let latest = lead.latest_message.clone().unwrap_or_default();
        let subject = format!(
            "{}: {} {} ({})",
            handoff.title, lead.customer_first_name, lead.customer_last_name, handoff.tag
        );
        let who = by.map_or_else(
            || "The assistant".to_owned(),
            |caller| caller.username.clone(),
        );
        // The store's staff find it in their notifications until each of them reads it.
        self.notifications
            .record(
                &NewNotification {
                    enterprise_id: lead.enterprise_id,
                    store_id: lead.store_id,
                    fsi_id: lead.id,
                    message_id: Some(note.id),
                    title: handoff.title.to_owned(),
                    reason: format!("{}, handed over by {who}", handoff.reason()),
                    service_type: Some(lead.service_type.clone()),
                },
                now,
            )
            .await?;
        let body = format!(
            "{} handed a conversation to you at {}.<br><br>Customer: {} {}<br>Reason: {}<br>Their message: {}<br><br>The assistant will not text this customer until someone switches it back on.",
            wording::templates::escape_html(&who),
            lead.store_name,
            lead.customer_first_name,
            lead.customer_last_name,
            handoff.tag,
            wording::templates::escape_html(&latest)
        );
        notices.push(Notice::Handoff {
            id: note.id,
            enterprise_id: note.enterprise_id,
            title: handoff.title,
        });
        let mut messages = vec![note];
        let managers = if handoff.tells_managers(by) {
            self.users
                .managers_of_store(
                    lead.enterprise_id,
                    lead.boc_id,
                    lead.store_id,
                    HANDOFF_RECIPIENTS,
                )
                .await?
        } else {
            Vec::new()
        };
        for (_, name, email) in managers {
            let mail = self
                .messaging
                .queue_staff_email(
                    scope,
                    lead.id,
                    StaffEmail {
                        to_name: &name,
                        to_address: &email,
                        notification_type: handoff.notification,
                        subject: &subject,
                        html: &body,
                    },
                    now,
                )
                .await?;
            notices.push(Notice::MessageCreated {
                id: mail.id,
                enterprise_id: mail.enterprise_id,
            });
            messages.push(mail);
        }
        Ok(Responded {
            messages,
            notices,
            handoff: Some(handoff),
            ..Responded::default()
        })
    }

    /// Texts the customer (an automated text: opt-out and allowed hours apply).
    async fn text(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        content: String,
        code: BookingCode,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        self.text_signed(scope, lead, content, code, None, now)
            .await
    }

    /// [`Self::text`] signed by `sender` (a staff member), else by the store's assistant.
    async fn text_signed(
        &self,
        scope: &Scope,
        lead: &LeadRecord,
        content: String,
        code: BookingCode,
        sender: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Responded> {
        let message = self
            .messaging
            .queue_automated(
                scope,
                AutomatedText {
                    fsi_id: lead.id,
                    content: content.clone(),
                    sender_name: sender,
                },
                now,
            )
            .await?;
        Ok(Responded {
            notices: vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: lead.id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
            messages: vec![message],
            code: Some(code),
            text: Some(content),
            ..Responded::default()
        })
    }
}

/// A plain yes to the time the assistant offered ("Yes", "ok that works", "sounds good", 👍).
pub(crate) fn is_affirmative(text: &str) -> bool {
    let cleaned: String = text
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '\'' {
                c
            } else {
                ' '
            }
        })
        .collect();
    let words = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    // A thumbs up (any skin tone), OK hand or check mark, alone.
    let approving = |c: char| {
        matches!(c, '👍' | '👌' | '✅' | '✔' | '\u{fe0f}')
            || ('\u{1f3fb}'..='\u{1f3ff}').contains(&c)
    };
    let trimmed = text.trim();
    if !trimmed.is_empty() && trimmed.chars().all(|c| approving(c) || c.is_whitespace()) {
        return true;
    }
    const YES: [&str; 14] = [
        "yes",
        "yeah",
        "yep",
        "yup",
        "y",
        "sure",
        "ok",
        "okay",
        "sounds good",
        "that works",
        "works for me",
        "perfect",
        "confirm",
        "confirmed",
    ];
    YES.iter()
        .any(|yes| words == *yes || words.starts_with(&format!("{yes} ")))
}

/// "a, b or c".
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_yes_accepts_the_offer() {
        for yes in [
            "Yes",
            "YES",
            "Yes!",
            "yes that works!",
            "OK",
            "Sounds good, thanks",
            "y",
            "sure",
            "👍",
            "👍🏽",
            " 👌 ",
            "✅",
        ] {
            assert!(is_affirmative(yes), "{yes}");
        }
        for no in [
            "no",
            "yesterday was better",
            "not that time",
            "maybe",
            "👎",
            "",
            "🙂",
        ] {
            assert!(!is_affirmative(no), "{no}");
        }
    }

    #[test]
    fn offers_read_as_a_list() {
        let items = ["a".to_owned(), "b".to_owned(), "c".to_owned()];
        assert_eq!(join_or(&items), "a, b or c");
        assert_eq!(join_or(&items[..1]), "a");
    }

    #[test]
    fn a_complaint_goes_to_the_general_manager() {
        let understanding = super::super::understand_local(
            "This is ridiculous, I want to file a complaint about the service",
            chrono::NaiveDate::from_ymd_opt(2026, 11, 25)
                .unwrap()
                .and_hms_opt(10, 0, 0)
                .unwrap(),
        );
        let handoff = handoff_for(&understanding);
        assert_eq!(
            handoff.map(|h| h.title),
            Some("GM HANDOFF"),
            "{:?}",
            understanding.intent_names()
        );
    }
}
