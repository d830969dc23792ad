//! Lead stages and the outcomes each allows, response insights, and the workflow tracks and
//! inbound-appointment parameters (spec section 4).

use super::roles::closed_set;
use crate::error::{Error, Result};

closed_set! {
    /// Where a lead is in its life.
    LeadStage {
        NotStarted => "NOT_STARTED",
        Initiated => "INITIATED",
        Responded => "RESPONDED",
        Contacted => "CONTACTED",
        Engaged => "ENGAGED",
        AppointmentSet => "APPOINTMENT_SET",
        ShowOrNoShow => "SHOW_OR_NO_SHOW",
        CarBoughtOrNotBought => "CAR_BOUGHT_OR_NOTBOUGHT",
    }
}

const RESPONDED_AND_ENGAGED: &[&str] = &[
    "PRICE_HIGH",
    "TRADE_IN_VALUE_LOW",
    "ALREADY_SOLD",
    "COMPETITIVE_OFFER",
    "NEED_MORE_TIME",
    "VEHICLE_QUESTION",
    "PRICE_TOO_LOW",
    "LOCATION_CONSTRAINT",
    "OPT_OUT",
    "SELLING_PRIVATELY",
    "NO_INTENT_TO_SELL",
    "CONTACTED",
    "TURN_OVER_TO_SALE",
    "TRADE_IN",
    "SALVAGE",
];

impl LeadStage {
    /// The outcomes a lead at this stage may be given.
    pub fn outcomes(self) -> Vec<&'static str> {
        match self {
            Self::Initiated => vec![
                "NOT_INTERESTED",
                "DO_NOT_CONTACT",
                "NOT_ACTIVELY_LOOKING",
                "INTERESTED_IN_DISCUSSING",
            ],
            Self::Responded => {
                let mut all = RESPONDED_AND_ENGAGED.to_vec();
                all.push("INVALID_CONTACT_INFO");
                all
            }
            Self::Engaged => RESPONDED_AND_ENGAGED.to_vec(),
            Self::NotStarted | Self::Contacted => Vec::new(),
            Self::AppointmentSet => vec!["APPOINTMENT_SET"],
            Self::ShowOrNoShow => vec!["NO_SHOW", "SHOW"],
            Self::CarBoughtOrNotBought => vec!["CAR_NOTBOUGHT", "CAR_BOUGHT", "DEAL_LOST"],
        }
    }

    /// Checks that `outcome` is allowed at this stage.
    pub fn check_outcome(self, outcome: &str) -> Result<()> {
        if self.outcomes().contains(&outcome) {
            Ok(())
        } else {
            Err(Error::invalid(format!(
                "{outcome} is not an outcome of stage {self}; allowed: {}",
                match self.outcomes() {
                    list if list.is_empty() => "none".to_owned(),
                    list => list.join(", "),
                }
            )))
        }
    }
}

closed_set! {
    /// What a customer's answers tell about their interest.
    ResponseInsight {
        NotInterested => "NOT_INTERESTED",
        JustCurious => "JUST_CURIOUS",
        PriceTooHigh => "PRICE_TOO_HIGH",
        TradeinOfferTooLow => "TRADEIN_OFFER_TOO_LOW",
        NotInMarket => "NOT_IN_MARKET",
        ContactLater => "CONTACT_LATER",
        FollowUp => "FOLLOWUP",
        CompetitiveOffer => "COMPETITIVE_OFFER",
    }
}

closed_set! {
    /// Workflow tracks staff and the assistant post on a lead.
    WorkflowTrack {
        FollowUpEmail => "FOLLOW_UP_EMAIL",
        AppointmentHandoffDropoffYes => "APPOINTMENT_HANDOFF_DROPOFF_YES",
        AppointmentHandoffDropoffNo => "APPOINTMENT_HANDOFF_DROPOFF_NO",
        CustomerAHandoff => "CUSTOMER_A_HANDOFF",
        CustomerAMdHandoff => "CUSTOMER_A_MD_HANDOFF",
        CustomerAGmHandoffManualPulseCheck => "CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK",
        CustomerNoShow => "CUSTOMER_NO_SHOW",
        LongFollowup => "LONG_FOLLOWUP",
        AskCustomerForAppointment => "INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE",
        ExternalAHandoff => "EXTERNAL_A_HANDOFF",
    }
}

closed_set! {
    /// The inbound-appointment parameter values, in the spec's order.
    InboundAppointment {
        DetectedAuto => "DETECTED_AUTO",
        CustomerSayNo => "CUSTOMER_SAY_NO",
        CustomerSayNoAndDetectedAuto => "CUSTOMER_SAY_NO_AND_DETECTED_AUTO",
        CustomerSayYes => "CUSTOMER_SAY_YES",
        CustomerSayYesAndDetectedAuto => "CUSTOMER_SAY_YES_AND_DETECTED_AUTO",
        CustomerSayYesAndDetectedAutoAndDetectedSvc => "CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC",
        ServiceAndMileageDetected => "SERVICE_AND_MILEAGE_DETECTED",
        ServiceDetected => "SERVICE_DETECTED",
        DtDetected => "DT_DETECTED",
    }
}

closed_set! {
    /// What a handoff is about (the spec's issue tags): a complaint, a question, a trade-up
    /// (sales) or a vehicle issue. Staff start a GM handoff with one (`parameter=CQ`).
    IssueTag {
        Cc => "CC",
        Cq => "CQ",
        Tu => "TU",
        Vi => "VI",
    }
}

/// A workflow track's parameter: an inbound-appointment finding, or the issue a handoff is
/// about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackParameter {
    Inbound(InboundAppointment),
    Issue(IssueTag),
}

impl WorkflowTrack {
    /// The inbound-appointment parameters a track goes with: the ask-for-appointment track
    /// with the first three, the external handoff with the fourth; the rest take none.
    pub fn allowed_parameters(self) -> &'static [InboundAppointment] {
        use InboundAppointment::*;
        match self {
            Self::AskCustomerForAppointment => {
                &[DetectedAuto, CustomerSayNo, CustomerSayNoAndDetectedAuto]
            }
            Self::ExternalAHandoff => &[CustomerSayYes],
            _ => &[],
        }
    }

    /// Whether the track hands a conversation to staff about an issue (GM, MD and customer
    /// handoffs), so takes an issue tag as its parameter.
    pub fn takes_issue(self) -> bool {
        matches!(
            self,
            Self::CustomerAGmHandoffManualPulseCheck
                | Self::CustomerAMdHandoff
                | Self::CustomerAHandoff
        )
    }

    /// Checks an optional parameter against the track: an issue tag for a handoff about an
    /// issue, one of its inbound-appointment values for the tracks that take those.
    pub fn check_parameter(self, parameter: Option<&str>) -> Result<Option<TrackParameter>> {
        let Some(text) = parameter.map(str::trim).filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        if self.takes_issue() {
            let issue: IssueTag = text.parse().map_err(|_| {
                Error::invalid(format!(
                    "parameter {text} does not go with track {self}: an issue tag ({}) does",
                    IssueTag::ALL
                        .iter()
                        .map(|t| t.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
            return Ok(Some(TrackParameter::Issue(issue)));
        }
        let parameter: InboundAppointment = text.parse()?;
        if self.allowed_parameters().contains(&parameter) {
            Ok(Some(TrackParameter::Inbound(parameter)))
        } else {
            Err(Error::invalid(format!(
                "parameter {parameter} does not go with track {self}"
            )))
        }
    }

    /// Handoff tracks put the conversation in staff's hands.
    pub fn is_handoff(self) -> bool {
        matches!(
            self,
            Self::AppointmentHandoffDropoffYes
                | Self::AppointmentHandoffDropoffNo
                | Self::CustomerAHandoff
                | Self::CustomerAMdHandoff
                | Self::CustomerAGmHandoffManualPulseCheck
                | Self::ExternalAHandoff
        )
    }
}

/// The mark on a vehicle its customer no longer owns (sold, written off, traded in).
pub const NO_LONGER_OWN: &str = "NO_LONGER_OWN";

/// Mark codes are upper-case words joined by underscores (SMS_OPT_OUT, NO_LONGER_OWN, …).
pub fn check_mark_code(code: &str) -> Result<()> {
    let valid = (2..=40).contains(&code.len())
        && code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && code.starts_with(|c: char| c.is_ascii_uppercase());
    if valid {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "intentType must be an upper-case code like SMS_OPT_OUT, got {code:?}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stage_allows_exactly_its_outcomes() {
        assert!(LeadStage::Initiated.check_outcome("NOT_INTERESTED").is_ok());
        assert!(LeadStage::Initiated.check_outcome("SHOW").is_err());
        assert!(
            LeadStage::Responded
                .check_outcome("INVALID_CONTACT_INFO")
                .is_ok()
        );
        assert!(
            LeadStage::Engaged
                .check_outcome("INVALID_CONTACT_INFO")
                .is_err()
        );
        assert!(LeadStage::Engaged.check_outcome("SALVAGE").is_ok());
        assert!(
            LeadStage::AppointmentSet
                .check_outcome("APPOINTMENT_SET")
                .is_ok()
        );
        assert!(LeadStage::ShowOrNoShow.check_outcome("NO_SHOW").is_ok());
        assert!(
            LeadStage::CarBoughtOrNotBought
                .check_outcome("DEAL_LOST")
                .is_ok()
        );
        assert!(LeadStage::Contacted.check_outcome("CONTACTED").is_err());
        assert_eq!(LeadStage::Responded.outcomes().len(), 16);
        assert_eq!(LeadStage::Engaged.outcomes().len(), 15);
    }

    #[test]
    fn a_wrong_outcome_names_the_allowed_ones() {
        let error = LeadStage::ShowOrNoShow
            .check_outcome("CAR_BOUGHT")
            .unwrap_err();
        assert!(error.to_string().contains("NO_SHOW, SHOW"));
    }

    #[test]
    fn inbound_appointment_parameters_go_with_their_tracks() {
        let ask = WorkflowTrack::AskCustomerForAppointment;
        assert!(ask.check_parameter(Some("DETECTED_AUTO")).is_ok());
        assert!(
            ask.check_parameter(Some("CUSTOMER_SAY_NO_AND_DETECTED_AUTO"))
                .is_ok()
        );
        assert!(ask.check_parameter(Some("CUSTOMER_SAY_YES")).is_err());
        assert!(
            WorkflowTrack::ExternalAHandoff
                .check_parameter(Some("CUSTOMER_SAY_YES"))
                .is_ok()
        );
        assert!(
            WorkflowTrack::CustomerNoShow
                .check_parameter(Some("DT_DETECTED"))
                .is_err()
        );
        assert!(
            WorkflowTrack::CustomerNoShow
                .check_parameter(None)
                .unwrap()
                .is_none()
        );
        assert!(ask.check_parameter(Some("BOGUS")).is_err());
        assert_eq!(InboundAppointment::ALL.len(), 9);
    }

    #[test]
    fn a_handoff_about_an_issue_takes_an_issue_tag() {
        let gm = WorkflowTrack::CustomerAGmHandoffManualPulseCheck;
        assert_eq!(
            gm.check_parameter(Some("CQ")).unwrap(),
            Some(TrackParameter::Issue(IssueTag::Cq))
        );
        assert_eq!(
            WorkflowTrack::CustomerAHandoff
                .check_parameter(None)
                .unwrap(),
            None
        );
        let refused = gm.check_parameter(Some("DETECTED_AUTO")).unwrap_err();
        assert!(refused.to_string().contains("CC, CQ, TU, VI"), "{refused}");
        assert!(
            WorkflowTrack::CustomerNoShow
                .check_parameter(Some("CQ"))
                .is_err()
        );
    }
}
