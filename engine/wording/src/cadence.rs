//! Follow-up cadences: the steps, their built-in defaults and a store's own version of them.
//! The sweep and the manual calls that send them are `FollowUps` (follow_up.rs);
//! docs/follow-ups.md describes the cadence.

use serde::{Deserialize, Serialize};

use domain::error::{Error, Result};
use domain::roles::closed_set;

use crate::templates::checked_content;

closed_set! {
    /// The follow-up steps (spec C-E1). The text track FU1 → FU2 → FU3 → FUDT starts when a
    /// conversation is started; the e-mail track E1 → S1 → E2 → S2 → E3 when a lead is put on
    /// FOLLOW_UP_EMAIL. FUDT asks for a day and time and switches the date-time dialogue on.
    FollowUpStep {
        Fu1 => "FU1",
        Fu2 => "FU2",
        Fu3 => "FU3",
        Fudt => "FUDT",
        E1 => "E1",
        S1 => "S1",
        E2 => "E2",
        S2 => "S2",
        E3 => "E3",
    }
}

closed_set! {
    /// How a step reaches the customer.
    Channel {
        Sms => "SMS",
        Email => "EMAIL",
    }
}

closed_set! {
    /// Why a lead's cadence ended.
    CadenceStop {
        Replied => "REPLIED",
        OptedOut => "OPTED_OUT",
        Booked => "BOOKED",
        Closed => "CLOSED",
        AssistantOff => "ASSISTANT_OFF",
        Completed => "COMPLETED",
    }
}

const TEXT_TRACK: [FollowUpStep; 4] = [
    FollowUpStep::Fu1,
    FollowUpStep::Fu2,
    FollowUpStep::Fu3,
    FollowUpStep::Fudt,
];
const EMAIL_TRACK: [FollowUpStep; 5] = [
    FollowUpStep::E1,
    FollowUpStep::S1,
    FollowUpStep::E2,
    FollowUpStep::S2,
    FollowUpStep::E3,
];

/// Most hours a step may wait (90 days).
pub const MAX_DELAY_HOURS: i64 = 90 * 24;

impl FollowUpStep {
    /// The steps of this step's track, in order.
    pub fn track(self) -> &'static [FollowUpStep] {
        if TEXT_TRACK.contains(&self) {
            &TEXT_TRACK
        } else {
            &EMAIL_TRACK
        }
    }

    /// The step after this one on its track.
    pub fn following(self) -> Option<FollowUpStep> {
        let track = self.track();
        let at = track.iter().position(|s| *s == self)?;
        track.get(at + 1).copied()
    }

    pub fn parse_named(text: &str) -> Result<Self> {
        text.trim().to_ascii_uppercase().parse().map_err(|_| {
            Error::invalid(format!(
                "followupType must be one of {}; got {text:?}",
                Self::ALL
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }

    /// The built-in step: its wait after the last outbound message without a reply, its
    /// channel and its text.
    pub fn default_step(self) -> CadenceStep {
        use FollowUpStep::*;
        let (delay_hours, channel, subject, body): (i64, Channel, Option<&str>, &str) = match self {
            Fu1 => (
                24,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, just checking in: would you like to book the service visit we texted about? Reply with a day and time, or STOP to opt out.",
            ),
            Fu2 => (
                72,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, {{office_name}} here again. Your vehicle is due for service; when would suit you? Reply STOP to opt out.",
            ),
            Fu3 => (
                168,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, a last reminder from {{office_name}} that your service is due. We are happy to find you a time. Reply STOP to opt out.",
            ),
            Fudt => (
                336,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, which day and time would work for your service visit at {{office_name}}? Reply with one (for example: Tuesday at 9am) and I will book it.",
            ),
            E1 => (
                24,
                Channel::Email,
                Some("Your service visit at {{office_name}}"),
                "Hello {{customer_first_name}},<br><br>Your vehicle is due for service. Reply to this e-mail or text us to book a time that suits you.<br><br>{{office_name}}",
            ),
            S1 => (
                48,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, we e-mailed you about your service at {{office_name}}. Would you like to book a time? Reply STOP to opt out.",
            ),
            E2 => (
                96,
                Channel::Email,
                Some("A reminder from {{office_name}}"),
                "Hello {{customer_first_name}},<br><br>A reminder that your vehicle is due for service. We would be glad to find you a time.<br><br>{{office_name}}",
            ),
            S2 => (
                168,
                Channel::Sms,
                None,
                "Hi {{customer_first_name}}, {{office_name}} here: your service is still due. Reply with a day and time to book. Reply STOP to opt out.",
            ),
            E3 => (
                336,
                Channel::Email,
                Some("Last reminder: service due"),
                "Hello {{customer_first_name}},<br><br>This is our last reminder that your vehicle is due for service. Reply any time to book.<br><br>{{office_name}}",
            ),
        };
        CadenceStep {
            step: self,
            enabled: true,
            delay_hours,
            channel,
            template_id: None,
            subject: subject.map(str::to_owned),
            body: body.to_owned(),
            custom: false,
        }
    }
}

/// One step of a store's cadence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CadenceStep {
    pub step: FollowUpStep,
    pub enabled: bool,
    pub delay_hours: i64,
    pub channel: Channel,
    pub template_id: Option<i64>,
    pub subject: Option<String>,
    pub body: String,
    /// Whether the store changed it (else the built-in step).
    pub custom: bool,
}

/// A step as a request writes it, before any check.
#[derive(Debug, Clone)]
pub struct StepDraft {
    pub step: String,
    pub enabled: Option<bool>,
    pub delay_hours: Option<i64>,
    pub channel: Option<String>,
    /// A custom template to copy the text from.
    pub template_id: Option<i64>,
    pub subject: Option<String>,
    pub body: Option<String>,
}

impl StepDraft {
    /// The step the draft makes of `current`, with every problem listed. `template` is the
    /// chosen template's body, already looked up.
    pub fn apply(&self, current: &CadenceStep, template: Option<String>) -> Result<CadenceStep> {
        let mut problems = Vec::new();
        let name = current.step.as_str();
        let delay_hours = self.delay_hours.unwrap_or(current.delay_hours);
        if !(1..=MAX_DELAY_HOURS).contains(&delay_hours) {
            problems.push(format!(
                "{name}: delayHours must be from 1 to {MAX_DELAY_HOURS}"
            ));
        }
        let channel = match self.channel.as_deref().map(str::trim) {
            None | Some("") => current.channel,
            Some(text) => match text.to_ascii_uppercase().parse() {
                Ok(channel) => channel,
                Err(_) => {
                    problems.push(format!("{name}: channel must be SMS or EMAIL"));
                    current.channel
                }
            },
        };
        let body = template
            .or_else(|| self.body.clone())
            .unwrap_or_else(|| current.body.clone());
        let body = match checked_content(name, &body) {
            Ok((_, body)) => body,
            Err(Error::Validation { errors, .. }) => {
                problems.extend(errors.into_iter().map(|e| format!("{name}: {e}")));
                String::new()
            }
            Err(other) => return Err(other),
        };
        let subject = self
            .subject
            .clone()
            .or_else(|| current.subject.clone())
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        if channel == Channel::Email && subject.is_none() {
            problems.push(format!("{name}: Please Enter Subject"));
        }
        if subject.as_ref().is_some_and(|s| s.chars().count() > 200) {
            problems.push(format!("{name}: subject must have at most 200 characters"));
        }
        if !problems.is_empty() {
            return Err(Error::invalid_all(problems));
        }
        Ok(CadenceStep {
            step: current.step,
            enabled: self.enabled.unwrap_or(current.enabled),
            delay_hours,
            channel,
            template_id: self.template_id,
            subject,
            body,
            custom: true,
        })
    }
}

/// A store's cadence: its own steps over the built-in ones, in track order.
pub fn cadence_of(own: Vec<CadenceStep>) -> Vec<CadenceStep> {
    FollowUpStep::ALL
        .iter()
        .map(|step| {
            own.iter()
                .find(|s| s.step == *step)
                .cloned()
                .unwrap_or_else(|| step.default_step())
        })
        .collect()
}

/// The first enabled step at or after `from` on its track.
pub fn next_enabled(cadence: &[CadenceStep], from: Option<FollowUpStep>) -> Option<&CadenceStep> {
    let mut step = from;
    while let Some(current) = step {
        let found = cadence.iter().find(|s| s.step == current)?;
        if found.enabled {
            return Some(found);
        }
        step = current.following();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_run_in_order_and_end() {
        assert_eq!(FollowUpStep::Fu1.following(), Some(FollowUpStep::Fu2));
        assert_eq!(FollowUpStep::Fu3.following(), Some(FollowUpStep::Fudt));
        assert_eq!(FollowUpStep::Fudt.following(), None);
        assert_eq!(FollowUpStep::E1.following(), Some(FollowUpStep::S1));
        assert_eq!(FollowUpStep::E3.following(), None);
    }

    #[test]
    fn disabled_steps_are_passed_over() {
        let mut cadence = cadence_of(Vec::new());
        cadence[1].enabled = false; // FU2
        let next = next_enabled(&cadence, Some(FollowUpStep::Fu2)).unwrap();
        assert_eq!(next.step, FollowUpStep::Fu3);
        cadence[2].enabled = false;
        cadence[3].enabled = false;
        assert!(next_enabled(&cadence, Some(FollowUpStep::Fu2)).is_none());
    }

    #[test]
    fn every_built_in_text_is_a_valid_template() {
        for step in FollowUpStep::ALL {
            let built_in = step.default_step();
            let draft = StepDraft {
                step: step.as_str().to_owned(),
                enabled: None,
                delay_hours: None,
                channel: None,
                template_id: None,
                subject: None,
                body: None,
            };
            assert!(draft.apply(&built_in, None).is_ok(), "{step}");
        }
    }

    #[test]
    fn a_draft_lists_every_problem() {
        let draft = StepDraft {
            step: "E1".to_owned(),
            enabled: None,
            delay_hours: Some(0),
            channel: Some("FAX".to_owned()),
            template_id: None,
            subject: Some(" ".to_owned()),
            body: Some("Hi {{nope}}".to_owned()),
        };
        let mut current = FollowUpStep::E1.default_step();
        current.subject = None;
        let Err(Error::Validation { errors, .. }) = draft.apply(&current, None) else {
            panic!("refused")
        };
        assert_eq!(errors.len(), 4, "{errors:?}");
    }
}
