//! The closed sets of messaging (spec sections 3 and 4): message types, notification types,
//! directions and delivery statuses, and the keywords carriers require us to honour.

use std::str::FromStr;

use super::roles::closed_set;
use crate::error::Error;

closed_set! {
    /// How a message travels.
    MessageType {
        Sms => "SMS",
        Email => "EMAIL",
        CalendarInvite => "CALENDAR_INVITE",
        Internal => "INTERNAL",
        InternalNotes => "INTERNAL_NOTES",
    }
}

closed_set! {
    /// What a message is about, as the chat cards tell them apart.
    NotificationType {
        MessageToCustomer => "MESSAGE_TO_CUSTOMER",
        MessageFromCustomer => "MESSAGE_FROM_CUSTOMER",
        MessageFromUser => "MESSAGE_FROM_USER",
        InternalNotes => "INTERNAL_NOTES",
        InternalNotification => "INTERNAL_NOTIFICATION",
        InternalNotificationGm => "INTERNAL_NOTIFICATION_GM",
        InternalNotificationGmFollowUp => "INTERNAL_NOTIFICATION_GM_FOLLOW_UP",
        InternalNotificationMd => "INTERNAL_NOTIFICATION_MD",
        UserInvite => "USER_INVITE",
        UserInviteCancelled => "USER_INVITE_CANCELLED",
        DealroomMessageResponse => "DEALROOM_MESSAGE_RESPONSE",
        Call => "CALL",
        ScheduleInternalTask => "SCHEDULE_INTERNAL_TASK",
        ScheduleAppointment => "SCHEDULE_APPOINTMENT",
        VoicemailLeft => "VOICEMAIL_LEFT",
        Sms => "SMS",
    }
}

closed_set! {
    /// How a logged call ended (the call card says it; a voicemail is its own card, spec
    /// section 6's VOICEMAIL_LEFT).
    CallOutcome {
        Answered => "ANSWERED",
        VoicemailLeft => "VOICEMAIL_LEFT",
        NoAnswer => "NO_ANSWER",
        Busy => "BUSY",
        WrongNumber => "WRONG_NUMBER",
    }
}

impl CallOutcome {
    /// In words, for the call card.
    pub fn label(self) -> &'static str {
        match self {
            CallOutcome::Answered => "answered",
            CallOutcome::VoicemailLeft => "voicemail left",
            CallOutcome::NoAnswer => "no answer",
            CallOutcome::Busy => "busy",
            CallOutcome::WrongNumber => "wrong number",
        }
    }
}

closed_set! {
    /// Which way a message went: staff and assistant messages are `SEND` until the provider
    /// accepts them and `SENT` after; customer messages are `RECEIVED`.
    Direction {
        Send => "SEND",
        Sent => "SENT",
        Received => "RECEIVED",
    }
}

closed_set! {
    /// Delivery status of a message, in the provider's (Twilio's) vocabulary, plus `RESTRICTED`
    /// for a message the carrier refused because the customer unsubscribed.
    DeliveryStatus {
        Queued => "queued",
        Accepted => "accepted",
        Scheduled => "scheduled",
        Sending => "sending",
        Sent => "sent",
        Delivered => "delivered",
        Undelivered => "undelivered",
        Failed => "failed",
        Read => "read",
        Receiving => "receiving",
        Received => "received",
        Restricted => "RESTRICTED",
        Stored => "stored",
    }
}

impl NotificationType {
    /// A message for the customer (a text, an e-mail, a calendar invite), not one for staff.
    pub fn is_to_customer(self) -> bool {
        matches!(
            self,
            NotificationType::MessageToCustomer
                | NotificationType::UserInvite
                | NotificationType::UserInviteCancelled
        )
    }
}

impl DeliveryStatus {
    /// Position in the provider's order: a status update only ever moves a message forward.
    /// Final outcomes share a rank, so a late `delivered` cannot overwrite `failed`.
    pub fn rank(self) -> u8 {
        match self {
            Self::Queued | Self::Accepted | Self::Scheduled => 0,
            Self::Sending => 1,
            Self::Sent => 2,
            Self::Receiving => 2,
            Self::Delivered
            | Self::Undelivered
            | Self::Failed
            | Self::Restricted
            | Self::Received
            | Self::Stored => 3,
            Self::Read => 4,
        }
    }

    /// Whether moving from `self` to `next` is progress (and so may be stored).
    pub fn may_become(self, next: DeliveryStatus) -> bool {
        next.rank() > self.rank()
    }

    pub fn is_failure(self) -> bool {
        matches!(self, Self::Undelivered | Self::Failed | Self::Restricted)
    }

    /// Parses a provider's status case-insensitively (Twilio sends lower case).
    pub fn from_provider(text: &str) -> Result<Self, Error> {
        if text.eq_ignore_ascii_case("restricted") {
            return Ok(Self::Restricted);
        }
        Self::from_str(&text.to_ascii_lowercase())
    }
}

/// What a customer's one-word reply asks of us, per the carriers' (CTIA) rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComplianceKeyword {
    OptOut,
    OptIn,
    Help,
}

impl ComplianceKeyword {
    pub const OPT_OUT: &'static [&'static str] = &[
        "STOP",
        "STOPALL",
        "UNSUBSCRIBE",
        "CANCEL",
        "END",
        "QUIT",
        "REVOKE",
        "OPTOUT",
    ];
    pub const OPT_IN: &'static [&'static str] = &["START", "YES", "UNSTOP"];
    pub const HELP: &'static [&'static str] = &["HELP", "INFO"];

    /// The keyword a message consists of, if it is a single keyword: surrounding spaces and
    /// trailing punctuation are ignored and case does not matter ("Stop." counts, "stop texting
    /// me please" does not: that one is for the assistant to read).
    pub fn of(body: &str) -> Option<Self> {
        let word = body
            .trim()
            .trim_end_matches(|c: char| c.is_ascii_punctuation())
            .trim()
            .to_ascii_uppercase();
        if word.is_empty() || word.contains(char::is_whitespace) {
            return None;
        }
        let word = word.as_str();
        if Self::OPT_OUT.contains(&word) {
            Some(Self::OptOut)
        } else if Self::OPT_IN.contains(&word) {
            Some(Self::OptIn)
        } else if Self::HELP.contains(&word) {
            Some(Self::Help)
        } else {
            None
        }
    }
}

/// The provider error code for "the recipient has unsubscribed" (Twilio 21610).
pub const UNSUBSCRIBED_RECIPIENT: &str = "21610";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_only_move_forward_in_the_providers_order() {
        use DeliveryStatus::*;
        assert!(Queued.may_become(Sending));
        assert!(Sending.may_become(Sent));
        assert!(Sent.may_become(Delivered));
        assert!(Delivered.may_become(Read));
        assert!(!Delivered.may_become(Sent));
        assert!(!Sent.may_become(Queued));
        assert!(!Failed.may_become(Delivered));
        assert!(!Delivered.may_become(Undelivered));
    }

    #[test]
    fn provider_statuses_parse_in_any_case() {
        assert_eq!(
            DeliveryStatus::from_provider("Delivered").unwrap(),
            DeliveryStatus::Delivered
        );
        assert_eq!(
            DeliveryStatus::from_provider("restricted").unwrap(),
            DeliveryStatus::Restricted
        );
        assert!(DeliveryStatus::from_provider("exploded").is_err());
    }

    #[test]
    fn every_opt_out_keyword_is_recognised_alone_in_any_case() {
        for word in ComplianceKeyword::OPT_OUT {
            assert_eq!(ComplianceKeyword::of(word), Some(ComplianceKeyword::OptOut));
            let lower = format!("  {}. ", word.to_lowercase());
            assert_eq!(
                ComplianceKeyword::of(&lower),
                Some(ComplianceKeyword::OptOut)
            );
        }
    }

    #[test]
    fn opt_in_and_help_keywords_are_recognised() {
        for word in ["start", "YES", "Unstop"] {
            assert_eq!(ComplianceKeyword::of(word), Some(ComplianceKeyword::OptIn));
        }
        for word in ["help", "INFO!"] {
            assert_eq!(ComplianceKeyword::of(word), Some(ComplianceKeyword::Help));
        }
    }

    #[test]
    fn a_keyword_inside_a_sentence_is_not_a_keyword() {
        assert_eq!(ComplianceKeyword::of("please stop texting me"), None);
        assert_eq!(ComplianceKeyword::of("yes at 3pm"), None);
        assert_eq!(ComplianceKeyword::of("stopped by yesterday"), None);
        assert_eq!(ComplianceKeyword::of(""), None);
    }
}

/// An e-mail to send: who from and to, the subject, the HTML body and any calendar invite.
#[derive(Debug, Clone)]
pub struct Email {
    pub from_name: String,
    pub from_address: String,
    pub to_name: String,
    pub to_address: String,
    pub subject: String,
    /// HTML, sent as written (spec section 5).
    pub html_body: String,
    /// An iCalendar `REQUEST` to attach, for calendar invites.
    pub calendar: Option<String>,
    /// Its own Message-ID (a customer e-mail's names its conversation, so a reply threads
    /// back); none lets the mailer make one.
    pub message_id: Option<String>,
}
