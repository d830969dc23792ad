//! The date-time dialogue (DT): the assistant asks a customer who wants a visit for a day and
//! time, or proposes the time they named, reading their message as the assistant reads every
//! reply. And staff acting on a customer message's intents (Action Intents), which may start
//! that dialogue.

use chrono::{DateTime, NaiveDateTime, Utc};

use super::{AutomatedText, MessagingService, Notice, opted_out, service_label, vehicle_label};
use crate::auth::{Caller, Scope};
use crate::domain::formats::parse_time_zone;
use crate::domain::messages::Direction;
use crate::error::{Error, Result};
use crate::store::customers::MarkTarget;
use crate::store::leads::{LeadFlag, LeadRecord};
use crate::store::messages::MessageRecord;
use understanding::actions::{IntentAction, action_for, mark_code};
use understanding::{self, Grain, Intent, RequestedTime};

/// Staff switching the date-time dialogue on from a customer message (spec section 4).
#[derive(Debug, Clone, Copy)]
pub struct DateTimeDialogueRequest<'a> {
    pub fsi_id: i64,
    /// The customer's words to answer; the newest customer message when absent.
    pub last_message: Option<&'a str>,
    /// Staff book by hand: the dialogue is on but the assistant does not text.
    pub manual_booking: bool,
    /// Start it even though the lead already has an appointment, a running dialogue, a closed
    /// conversation or the assistant off (the confirm pop-up's Yes).
    pub forced: bool,
}

/// What starting the dialogue did.
#[derive(Debug, Clone)]
pub struct DialogueStarted {
    /// The assistant's text, queued for sending (none for manual booking).
    pub message: Option<MessageRecord>,
    pub notices: Vec<Notice>,
}

/// Staff acting on one intent of a customer message.
#[derive(Debug, Clone, Copy)]
pub struct IntentActionRequest<'a> {
    pub message: &'a MessageRecord,
    pub intent: Intent,
    /// Chosen among the intents the assistant found in the message (Action Intents) rather
    /// than from every label (Default Action Intents).
    pub among_detected: bool,
}

/// What acting on an intent did.
#[derive(Debug, Clone)]
pub struct IntentActed {
    pub action: IntentAction,
    /// Messages queued: the date-time dialogue's question, or the opt-out confirmation.
    pub messages: Vec<MessageRecord>,
    pub notices: Vec<Notice>,
}

impl MessagingService {
    /// Switches the date-time dialogue on: the assistant reads the customer's message and
    /// texts them the time it understood for confirmation, or asks for a day and time. Refused
    /// (400, nothing changed) for an opted-out customer or a store without an assistant; and,
    /// unless forced, while a dialogue runs, an appointment is set, the conversation is closed
    /// or the assistant is off for the lead.
    pub async fn resume_date_time_dialogue(
        &self,
        scope: &Scope,
        request: DateTimeDialogueRequest<'_>,
        now: DateTime<Utc>,
    ) -> Result<DialogueStarted> {
        let lead = self.lead_in_scope(scope, request.fsi_id).await?;
        if lead.customer_block_sms {
            return Err(opted_out());
        }
        if !request.forced
            && let Some(reason) = dialogue_refusal(&lead)
        {
            return Err(Error::invalid(reason));
        }
        let words = request
            .last_message
            .map(str::trim)
            .filter(|text| !text.is_empty());
        let clicked = self.messages.latest_received(lead.id, words).await?;
        let (text, written_at) = match (words, clicked) {
            (_, Some(message)) => (message.content, message.created_at),
            (Some(words), None) => (words.to_owned(), now),
            (None, None) => {
                return Err(Error::invalid(
                    "The customer has not written yet: there is no message to answer",
                ));
            }
        };
        let zone = parse_time_zone(&lead.office_time_zone).unwrap_or(chrono_tz::UTC);
        let understanding = understanding::understand(&text, written_at, zone);
        let local_now = now.with_timezone(&zone).naive_local();
        let requested = understanding
            .requested_time
            .as_ref()
            .filter(|time| still_ahead(time, local_now));
        let mut notices = Vec::new();
        let message = if request.manual_booking {
            None
        } else {
            let content = date_time_question(&lead, requested);
            let message = self
                .queue_automated(
                    scope,
                    AutomatedText {
                        fsi_id: lead.id,
                        content,
                        sender_name: None,
                    },
                    now,
                )
                .await?;
            notices.push(Notice::MessageCreated {
                id: message.id,
                enterprise_id: message.enterprise_id,
            });
            Some(message)
        };
        self.leads.set_date_time_dialogue(lead.id, true).await?;
        notices.push(Notice::LeadCounts {
            id: lead.id,
            enterprise_id: lead.enterprise_id,
        });
        Ok(DialogueStarted { message, notices })
    }

    /// Switches the date-time dialogue off. Switching off a dialogue that is not running
    /// changes nothing and is not an error.
    pub async fn disable_date_time_dialogue(
        &self,
        scope: &Scope,
        fsi_id: i64,
    ) -> Result<Vec<Notice>> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        if !lead.dt_dialog_enabled {
            return Ok(Vec::new());
        }
        self.leads.set_date_time_dialogue(lead.id, false).await?;
        Ok(vec![Notice::LeadCounts {
            id: lead.id,
            enterprise_id: lead.enterprise_id,
        }])
    }

    /// Does what an intent of a customer message means (`actions::action_for`): the response
    /// insight, opt-out, closing the conversation, handing it to staff, or the date-time
    /// dialogue; and leaves the intent as a mark on the lead. The fallible step (the dialogue)
    /// runs first, so a refusal changes nothing.
    pub async fn act_on_intent(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: IntentActionRequest<'_>,
        now: DateTime<Utc>,
    ) -> Result<IntentActed> {
        let IntentActionRequest {
            message,
            intent,
            among_detected,
        } = request;
        let fsi_id = message
            .fsi_id
            .filter(|_| message.direction == Direction::Received)
            .ok_or_else(|| {
                Error::invalid("Intents are acted on for customer messages on a lead")
            })?;
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        if among_detected {
            let found = self.understandings.find(message.id).await?;
            let detected = found
                .iter()
                .flat_map(|understanding| &understanding.intents)
                .any(|stored| stored.intent_name == intent.code());
            if !detected {
                return Err(Error::invalid(format!(
                    "{} is not among the intents found in this message; choose it from Default Action Intents",
                    intent.code()
                )));
            }
        }
        let action = action_for(intent);
        let mut acted = IntentActed {
            action,
            messages: Vec::new(),
            notices: vec![Notice::LeadCounts {
                id: lead.id,
                enterprise_id: lead.enterprise_id,
            }],
        };
        if action.start_date_time_dialogue {
            let started = self
                .resume_date_time_dialogue(
                    scope,
                    DateTimeDialogueRequest {
                        fsi_id: lead.id,
                        last_message: Some(&message.content),
                        manual_booking: false,
                        forced: false,
                    },
                    now,
                )
                .await?;
            acted.messages.extend(started.message);
            acted.notices.extend(started.notices);
        }
        if action.opt_out {
            let words = format!("{} (marked by {})", message.content, caller.username);
            if let Some(reply) = self.opt_out_in_words(message, "STAFF", &words, now).await? {
                acted.notices.push(Notice::MessageCreated {
                    id: reply.id,
                    enterprise_id: reply.enterprise_id,
                });
                acted.messages.push(reply);
            }
        }
        if let Some(insight) = action.response_insight {
            self.leads
                .set_response_insight(lead.id, Some(insight))
                .await?;
        }
        if action.close_conversation {
            self.leads
                .set_flag(lead.id, LeadFlag::ConversationClosed, true)
                .await?;
        }
        if action.response_required {
            self.messages
                .set_lead_response_reqd(lead.id, true, now)
                .await?;
        }
        let code = mark_code(intent);
        let (_, marks) = self.leads.require(scope, lead.id).await?;
        let marked = marks.iter().any(|mark| {
            mark.target_kind == MarkTarget::Lead(lead.id).kind() && mark.mark_code == code
        });
        if !marked {
            self.customers
                .add_mark(
                    lead.enterprise_id,
                    MarkTarget::Lead(lead.id),
                    &code,
                    Some(&format!("message {}", message.id)),
                    Some(caller.user_id),
                )
                .await?;
        }
        Ok(acted)
    }
}

/// Why a dialogue should not start on its own, if it should not.
fn dialogue_refusal(lead: &LeadRecord) -> Option<&'static str> {
    if lead.dt_dialog_enabled {
        Some("The Date Time Dialogue is already running for this conversation")
    } else if lead.appointment_set {
        Some("An appointment is already set for this lead")
    } else if lead.conversation_closed {
        Some("This conversation is closed")
    } else if !lead.ai_enabled {
        Some("The assistant is switched off for this lead")
    } else {
        None
    }
}

/// The assistant's date-time question: the customer's own time proposed back when they named
/// one to the minute or hour, narrowed to a time of day when they named a day, to a day when
/// they named a week or month, and an open question otherwise.
pub(super) fn date_time_question(lead: &LeadRecord, requested: Option<&RequestedTime>) -> String {
    let greeting = format!("Hi {},", lead.customer_first_name);
    let vehicle = vehicle_label(lead);
    let Some(requested) = requested else {
        return format!(
            "{greeting} what day and time would work best to bring your {vehicle} in for {}?",
            service_label(&lead.service_type)
        );
    };
    let start = requested.start;
    match requested.grain {
        Grain::Minute | Grain::Hour => format!(
            "{greeting} we can see your {vehicle} on {} at {}. Does that work for you? Reply YES to confirm, or send another day and time.",
            day(start),
            start.format("%-I:%M %p")
        ),
        Grain::PartOfDay => format!(
            "{greeting} what time on {} {} works best to bring your {vehicle} in?",
            day(start),
            part_of_day(start)
        ),
        Grain::Day => format!(
            "{greeting} what time on {} works best to bring your {vehicle} in?",
            day(start)
        ),
        Grain::Week => format!(
            "{greeting} which day in the week of {} works best to bring your {vehicle} in, and at what time?",
            start.format("%B %-d")
        ),
        Grain::Month | Grain::MonthStart | Grain::MonthEnd => {
            let part = match requested.grain {
                Grain::MonthStart => "early ",
                Grain::MonthEnd => "late ",
                _ => "",
            };
            format!(
                "{greeting} which day in {part}{} works best to bring your {vehicle} in, and at what time?",
                start.format("%B")
            )
        }
    }
}

/// Whether any of the requested time is still to come (a time already past is not proposed).
fn still_ahead(time: &RequestedTime, now: NaiveDateTime) -> bool {
    match time.grain {
        Grain::Minute | Grain::Hour => time.start > now,
        Grain::PartOfDay | Grain::Day => time.start.date() >= now.date(),
        Grain::Week => time.start + chrono::Duration::days(7) > now,
        Grain::Month | Grain::MonthStart | Grain::MonthEnd => {
            time.end.unwrap_or(time.start + chrono::Duration::days(31)) > now
        }
    }
}

fn day(at: NaiveDateTime) -> String {
    at.format("%A, %B %-d").to_string()
}

fn part_of_day(at: NaiveDateTime) -> &'static str {
    use chrono::Timelike;
    match at.hour() {
        0..=11 => "morning",
        12..=16 => "afternoon",
        _ => "evening",
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    fn lead() -> LeadRecord {
        let now = Utc::now();
        LeadRecord {
            id: 1,
            enterprise_id: 1,
            boc_id: 1,
            store_id: 1,
            customer_id: 1,
            vehicle_id: Some(1),
            vin: None,
            service_type: "STATE_INSPECTION".into(),
            planned_date: None,
            estimated_due_date: None,
            lead_type: "SERVICE".into(),
            cag_lead_type: None,
            status: "RESPONDED".into(),
            status_code: None,
            outcome: None,
            response_insight: None,
            appointment_set: false,
            appointment_id: None,
            ai_enabled: true,
            dt_dialog_enabled: false,
            is_dt_got_its_chance: false,
            responded_to_ai: false,
            conversation_initiated: true,
            conversation_closed: false,
            workflow_reqd: false,
            response_reqd: false,
            total_inbound_count: 1,
            total_unread_count: 0,
            last_message_received_at: None,
            latest_message: None,
            delay_color_code: None,
            created_at: now,
            updated_at: now,
            customer_custno: "C1".into(),
            customer_first_name: "Dana".into(),
            customer_last_name: "Ruiz".into(),
            customer_cellular: None,
            customer_email: None,
            customer_block_sms: false,
            customer_ai_enabled: true,
            boc_code: "B".into(),
            boc_name: "B".into(),
            store_code: "S".into(),
            store_name: "Store".into(),
            office_time_zone: "America/Chicago".into(),
            vehicle_make: Some("Toyota".into()),
            vehicle_model: Some("Camry".into()),
            vehicle_year: Some(2021),
            vehicle_odometer: None,
            sold_date: None,
            open_ro_status_code: None,
        }
    }

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, day)
            .unwrap()
            .and_hms_opt(hour, 0, 0)
            .unwrap()
    }

    fn question(grain: Grain, start: NaiveDateTime) -> String {
        date_time_question(
            &lead(),
            Some(&RequestedTime {
                start,
                grain,
                end: None,
            }),
        )
    }

    #[test]
    fn a_named_time_is_proposed_back() {
        assert_eq!(
            question(Grain::Hour, at(24, 9)),
            "Hi Dana, we can see your 2021 Toyota Camry on Tuesday, November 24 at 9:00 AM. Does that work for you? Reply YES to confirm, or send another day and time."
        );
    }

    #[test]
    fn coarser_requests_narrow_the_question() {
        assert!(question(Grain::Day, at(25, 0)).contains("what time on Wednesday, November 25"));
        assert!(
            question(Grain::PartOfDay, at(25, 13)).contains("Wednesday, November 25 afternoon")
        );
        assert!(question(Grain::Week, at(30, 0)).contains("the week of November 30"));
        assert!(question(Grain::MonthEnd, at(20, 0)).contains("late November"));
    }

    #[test]
    fn no_request_asks_openly() {
        assert_eq!(
            date_time_question(&lead(), None),
            "Hi Dana, what day and time would work best to bring your 2021 Toyota Camry in for its state inspection?"
        );
    }

    #[test]
    fn a_running_dialogue_or_a_booked_lead_refuses_first() {
        let mut lead = lead();
        assert_eq!(dialogue_refusal(&lead), None);
        lead.appointment_set = true;
        assert_eq!(
            dialogue_refusal(&lead),
            Some("An appointment is already set for this lead")
        );
        lead.dt_dialog_enabled = true;
        assert_eq!(
            dialogue_refusal(&lead),
            Some("The Date Time Dialogue is already running for this conversation")
        );
    }
}
