//! What the product does when staff act on an intent of a customer's message (the Action
//! Intents and Default Action Intents popovers): the response insight of
//! docs/assistant-rules.md section 5, and whether the lead goes to staff, closes, opts out or
//! starts the date-time dialogue. The assistant itself only records what it read; acting is a
//! staff decision.

use crate::{Intent, ResponseInsight};

/// The effects of acting on one intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntentAction {
    /// Set on the lead; `None` leaves the lead's insight as it is.
    pub response_insight: Option<ResponseInsight>,
    /// The customer asked not to be texted: opted out like STOP (block flag, SMS_OPT_OUT
    /// mark, one confirmation).
    pub opt_out: bool,
    /// Nothing more to say to this customer about this service.
    pub close_conversation: bool,
    /// A person must answer: the lead waits for staff (response required).
    pub response_required: bool,
    /// The customer wants a visit: the assistant asks for (or proposes) a date and time.
    pub start_date_time_dialogue: bool,
}

impl IntentAction {
    const NONE: IntentAction = IntentAction {
        response_insight: None,
        opt_out: false,
        close_conversation: false,
        response_required: false,
        start_date_time_dialogue: false,
    };
}

/// What acting on `intent` does. A reply's own insight (docs/assistant-rules.md section 5) is the
/// default; where the section says "when a competing shop is named" the acted-on intent alone
/// cannot tell, so the plainer insight is used.
pub fn action_for(intent: Intent) -> IntentAction {
    let none = IntentAction::NONE;
    match intent {
        Intent::ApptSet => IntentAction {
            start_date_time_dialogue: true,
            ..none
        },
        Intent::Stop => IntentAction {
            opt_out: true,
            close_conversation: true,
            ..none
        },
        Intent::Nlo => IntentAction {
            response_insight: Some(ResponseInsight::NotInMarket),
            close_conversation: true,
            ..none
        },
        Intent::Niitb => IntentAction {
            response_insight: Some(ResponseInsight::NotInterested),
            close_conversation: true,
            ..none
        },
        Intent::SpaSs
        | Intent::SpaAs
        | Intent::SpaXx
        | Intent::Ld
        | Intent::Wn
        | Intent::Asa
        | Intent::Cpal
        | Intent::Pob => IntentAction {
            close_conversation: true,
            ..none
        },
        Intent::PriceConcern => IntentAction {
            response_insight: Some(ResponseInsight::PriceTooHigh),
            response_required: true,
            ..none
        },
        Intent::Cl => IntentAction {
            response_insight: Some(ResponseInsight::ContactLater),
            ..none
        },
        Intent::ReqCall => IntentAction {
            response_insight: Some(ResponseInsight::FollowUp),
            response_required: true,
            ..none
        },
        Intent::Cq => IntentAction {
            response_insight: Some(ResponseInsight::JustCurious),
            response_required: true,
            ..none
        },
        Intent::Vi
        | Intent::Cc
        | Intent::ReqPd
        | Intent::ReqLoaner
        | Intent::SalesInq
        | Intent::Dd
        | Intent::Emp => IntentAction {
            response_required: true,
            ..none
        },
        Intent::CustAppr | Intent::Misc => none,
    }
}

/// The lead mark an acted-on intent leaves (mark codes are upper-case words joined by
/// underscores: "SPA-SS" marks as SPA_SS).
pub fn mark_code(intent: Intent) -> String {
    intent.code().replace('-', "_")
}

/// What each label means, for the popovers' choices (docs/assistant-rules.md section 4).
pub fn meaning(intent: Intent) -> &'static str {
    match intent {
        Intent::ApptSet => "wants or accepts an appointment",
        Intent::SpaSs => "the due service was already done here",
        Intent::SpaAs => "the due service was already done somewhere else",
        Intent::SpaXx => "the due service was already done, place not stated",
        Intent::Cpal => "wants future service at a different location",
        Intent::Nlo => "no longer owns the vehicle",
        Intent::Ld => "moved, moving, or too far",
        Intent::Dd => "someone else drives or handles the vehicle",
        Intent::Wn => "wrong number",
        Intent::Stop => "opt-out",
        Intent::Cl => "contact later",
        Intent::Asa => "appointment already scheduled",
        Intent::ReqCall => "asks the store to phone them",
        Intent::Pob => "will book online",
        Intent::Niitb => "not interested in booking by text",
        Intent::Vi => "vehicle issue",
        Intent::Cc => "customer complaint",
        Intent::PriceConcern => "cost is a barrier, or asks for a discount",
        Intent::Cq => "customer question",
        Intent::ReqPd => "asks for vehicle pick-up and/or delivery",
        Intent::ReqLoaner => "asks for a loaner or rental car",
        Intent::SalesInq => "sales inquiry",
        Intent::Emp => "the texter is an employee",
        Intent::CustAppr => "customer appreciation",
        Intent::Misc => "nothing else fits",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::leads::check_mark_code;

    #[test]
    fn every_intent_leaves_a_valid_mark() {
        for intent in Intent::ALL {
            check_mark_code(&mark_code(intent)).unwrap();
        }
        assert_eq!(mark_code(Intent::ReqCall), "REQ_CALL");
    }

    #[test]
    fn opt_out_and_booking_never_mix() {
        for intent in Intent::ALL {
            let action = action_for(intent);
            assert!(
                !(action.opt_out && action.start_date_time_dialogue),
                "{intent:?}"
            );
            assert!(
                !(action.close_conversation && action.response_required),
                "{intent:?}"
            );
        }
    }

    #[test]
    fn insights_follow_the_conventions_table() {
        assert_eq!(
            action_for(Intent::Nlo).response_insight,
            Some(ResponseInsight::NotInMarket)
        );
        assert_eq!(
            action_for(Intent::Cl).response_insight,
            Some(ResponseInsight::ContactLater)
        );
        assert_eq!(
            action_for(Intent::ReqCall).response_insight,
            Some(ResponseInsight::FollowUp)
        );
        assert!(action_for(Intent::Stop).opt_out);
        assert!(action_for(Intent::ApptSet).start_date_time_dialogue);
    }
}
