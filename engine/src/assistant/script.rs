//! Assistant files (H-S6, H-E2): what a store's assistant says and how it books, as a small
//! text file admins edit in the developer area. A store without one uses the built-in texts
//! and rules ([`Script::default`]). Every line is `key = value`; `#` starts a comment. A file
//! with any problem is refused whole, each problem named with its line.
//!
//! ```text
//! # Harbor Toyota's assistant
//! reply.booked = You're all set, {firstName}! See you {when} at {store}.
//! booking.offers = 2
//! ```

use std::collections::HashMap;

use serde::Serialize;

/// A problem of a file, on a line (1-based; 0 for the file as a whole).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub line: usize,
    pub reason: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// A text the assistant sends, with the placeholders it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reply {
    /// The customer wants a visit but named no time.
    AskTime,
    /// The visit is booked.
    Booked,
    /// The time asked for is taken (starts the offer).
    Unavailable,
    /// The customer named a day, not a time (starts the offer).
    Thanks,
    /// The nearest free times, after `Unavailable` or `Thanks`.
    Offer,
    /// No free time near the one asked for (a person takes over).
    NoTimes,
    /// The conversation goes to a person.
    Handoff,
    /// The first text to a customer who asked to be texted on a brand lead form.
    WebLead,
    /// That first text when the form's message named a day or time: the free times near it.
    WebLeadOffer,
    /// A time read from a reply that is worth checking (a correction, a bare 6 or 7): asked
    /// back, free and held for a YES, never booked as read (issue 37).
    CheckTime,
    /// A booked customer asks for another time: asked back before the visit is moved.
    CheckMove,
}

impl Reply {
    pub const ALL: [Reply; 11] = [
        Reply::AskTime,
        Reply::Booked,
        Reply::Unavailable,
        Reply::Thanks,
        Reply::Offer,
        Reply::NoTimes,
        Reply::Handoff,
        Reply::WebLead,
        Reply::WebLeadOffer,
        Reply::CheckTime,
        Reply::CheckMove,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Reply::AskTime => "reply.ask_time",
            Reply::Booked => "reply.booked",
            Reply::Unavailable => "reply.unavailable",
            Reply::Thanks => "reply.thanks",
            Reply::Offer => "reply.offer",
            Reply::NoTimes => "reply.no_times",
            Reply::Handoff => "reply.handoff",
            Reply::WebLead => "reply.web_lead",
            Reply::WebLeadOffer => "reply.web_lead_offer",
            Reply::CheckTime => "reply.check_time",
            Reply::CheckMove => "reply.check_move",
        }
    }

    /// The placeholders the text may use.
    pub fn placeholders(self) -> &'static [&'static str] {
        match self {
            Reply::AskTime | Reply::Thanks | Reply::Handoff | Reply::NoTimes => {
                &["firstName", "store"]
            }
            Reply::Booked | Reply::CheckTime | Reply::CheckMove => &["firstName", "store", "when"],
            Reply::Unavailable => &["firstName", "store", "time", "day"],
            Reply::Offer => &["firstName", "store", "times", "first"],
            Reply::WebLead => &["firstName", "store", "agent"],
            Reply::WebLeadOffer => &["firstName", "store", "agent", "times", "first"],
        }
    }

    /// The built-in text.
    pub fn default_text(self) -> &'static str {
        match self {
            Reply::AskTime => {
                "Hi {firstName}, what day and time would work best to bring your vehicle in? Reply with one, for example: Tuesday at 9am."
            }
            Reply::Booked => {
                "You're all set, {firstName}: your service visit at {store} is booked for {when}. Reply here if you need to change it."
            }
            Reply::Unavailable => "Unfortunately {time} on {day} is not available.",
            Reply::Thanks => "Thanks, {firstName}!",
            Reply::Offer => {
                "We can see you {times}. Reply YES for {first}, or send the time that suits you."
            }
            Reply::NoTimes => {
                "We have no free times around then; a member of our team will contact you to find one."
            }
            Reply::Handoff => {
                "Thanks, {firstName}. I have passed your message to our team at {store}; someone will get back to you shortly."
            }
            Reply::WebLead => {
                "Hi {firstName}, this is {agent} at {store}. Thanks for asking us to text you! What day and time would suit you to bring your vehicle in? Reply STOP to opt out."
            }
            Reply::WebLeadOffer => {
                "Hi {firstName}, this is {agent} at {store}. Thanks for asking us to text you! We can see you {times}. Reply YES for {first}, or send the time that suits you. Reply STOP to opt out."
            }
            Reply::CheckTime => {
                "Just to be sure, {firstName}: did you mean {when}? It is free. Reply YES to book it, or send the time that suits you."
            }
            Reply::CheckMove => {
                "Shall I move your visit to {when}, {firstName}? It is free. Reply YES to move it, or send the time that suits you."
            }
        }
    }
}

/// The longest text a file may give (a few SMS segments).
pub const MAX_TEXT_CHARS: usize = 480;
/// The largest file accepted.
pub const MAX_FILE_BYTES: usize = 16 * 1024;

/// A store's assistant as its file (or the built-in defaults) says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    texts: HashMap<Reply, String>,
    /// Whether the assistant books visits by text (off: a time named is left to staff).
    pub booking_enabled: bool,
    /// How many days ahead it looks for free times to offer.
    pub offer_days: u32,
    /// How many free times it offers at once.
    pub offers: usize,
}

impl Default for Script {
    fn default() -> Self {
        Self {
            texts: HashMap::new(),
            booking_enabled: true,
            offer_days: 7,
            offers: 3,
        }
    }
}

impl Script {
    /// Reads a file; every problem is reported, with its line.
    pub fn parse(content: &str) -> Result<Self, Vec<Problem>> {
        let mut script = Script::default();
        let mut problems = Vec::new();
        if content.len() > MAX_FILE_BYTES {
            problems.push(Problem {
                line: 0,
                reason: format!("the file is larger than {} KB", MAX_FILE_BYTES / 1024),
            });
            return Err(problems);
        }
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (index, raw) in content.lines().enumerate() {
            let line = index + 1;
            let text = raw.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let mut problem = |reason: String| problems.push(Problem { line, reason });
            let Some((key, value)) = text.split_once('=') else {
                problem("expected `key = value`".to_owned());
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            if let Some(first) = seen.insert(key.to_owned(), line) {
                problem(format!("{key} is already set on line {first}"));
                continue;
            }
            if let Some(reply) = Reply::ALL.iter().copied().find(|r| r.key() == key) {
                match check_text(reply, value) {
                    Ok(()) => {
                        script.texts.insert(reply, value.to_owned());
                    }
                    Err(reasons) => reasons.into_iter().for_each(&mut problem),
                }
                continue;
            }
            match key {
                "booking.enabled" => match value {
                    "true" | "yes" | "on" => script.booking_enabled = true,
                    "false" | "no" | "off" => script.booking_enabled = false,
                    _ => problem(format!("booking.enabled is true or false, not {value:?}")),
                },
                "booking.offer_days" => match value.parse::<u32>() {
                    Ok(days @ 1..=30) => script.offer_days = days,
                    _ => problem(format!(
                        "booking.offer_days is a number of days from 1 to 30, not {value:?}"
                    )),
                },
                "booking.offers" => match value.parse::<usize>() {
                    Ok(offers @ 1..=5) => script.offers = offers,
                    _ => problem(format!("booking.offers is from 1 to 5, not {value:?}")),
                },
                other => problem(format!(
                    "unknown key {other:?}; the keys are {}",
                    known_keys().join(", ")
                )),
            }
        }
        if problems.is_empty() {
            Ok(script)
        } else {
            Err(problems)
        }
    }

    /// The text for `reply`, its placeholders filled from `values` (name, value).
    pub fn render(&self, reply: Reply, values: &[(&str, &str)]) -> String {
        let template = self
            .texts
            .get(&reply)
            .map_or(reply.default_text(), String::as_str);
        fill(template, values)
    }

    /// Whether the file changes this text.
    pub fn overrides(&self, reply: Reply) -> bool {
        self.texts.contains_key(&reply)
    }

    /// The file a store starts from: every key with its built-in value, ready to edit.
    pub fn starter_file(store_name: &str) -> String {
        let defaults = Script::default();
        let mut file = format!(
            "# {store_name}'s assistant. Lines are `key = value`; `#` starts a comment.\n\
             # Texts may use the placeholders listed above each one.\n\n"
        );
        for reply in Reply::ALL {
            let names: Vec<String> = reply
                .placeholders()
                .iter()
                .map(|p| format!("{{{p}}}"))
                .collect();
            file.push_str(&format!(
                "# {}\n{} = {}\n",
                names.join(" "),
                reply.key(),
                reply.default_text()
            ));
        }
        file.push_str(&format!(
            "\n# Booking by text: on or off, days ahead to look, times offered at once.\n\
             booking.enabled = {}\nbooking.offer_days = {}\nbooking.offers = {}\n",
            defaults.booking_enabled, defaults.offer_days, defaults.offers
        ));
        file
    }
}

fn known_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Reply::ALL.iter().map(|r| r.key()).collect();
    keys.extend(["booking.enabled", "booking.offer_days", "booking.offers"]);
    keys
}

/// A text's problems: empty, too long, an unknown or unclosed placeholder.
fn check_text(reply: Reply, text: &str) -> Result<(), Vec<String>> {
    let mut reasons = Vec::new();
    if text.is_empty() {
        reasons.push(format!("{} has no text", reply.key()));
    }
    if text.chars().count() > MAX_TEXT_CHARS {
        reasons.push(format!(
            "{} is longer than {MAX_TEXT_CHARS} characters",
            reply.key()
        ));
    }
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            reasons.push(format!("{}: a {{ is never closed", reply.key()));
            break;
        };
        let name = &after[..close];
        if !reply.placeholders().contains(&name) {
            reasons.push(format!(
                "{}: unknown placeholder {{{name}}}; it may use {}",
                reply.key(),
                reply
                    .placeholders()
                    .iter()
                    .map(|p| format!("{{{p}}}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        rest = &after[close + 1..];
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(reasons)
    }
}

fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut text = template.to_owned();
    for (name, value) in values {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// What the assistant would do with one customer text, as the developer area's execute shows
/// it: nothing is stored or sent, and free times are not looked up (a time asked for is shown
/// as booked "if it is free").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExecutedTurn {
    pub text: String,
    pub intents: Vec<&'static str>,
    /// The local time asked for, as `YYYY-MM-DD HH:MM` and its precision.
    pub requested_time: Option<String>,
    /// opt-out, handoff, book, offer, ask-time, left-to-staff or no-reply.
    pub action: &'static str,
    pub reply: Option<String>,
}

impl Script {
    /// Runs the file against a sample conversation (the customer's texts, in order), with the
    /// reading and the decisions `AssistantReplies::respond` makes.
    pub fn execute(
        &self,
        conversation: &[String],
        first_name: &str,
        store_name: &str,
        zone: chrono_tz::Tz,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Vec<ExecutedTurn> {
        use super::reply::{handoff_for, is_affirmative};
        use super::{Grain, Intent, understand};
        let names = [("firstName", first_name), ("store", store_name)];
        conversation
            .iter()
            .map(|text| {
                let understanding = understand(text, now, zone);
                let requested_time = understanding.requested_time.map(|t| {
                    format!(
                        "{} ({})",
                        t.start.format("%Y-%m-%d %H:%M"),
                        t.grain.as_str()
                    )
                });
                let (action, reply) = if understanding.is_opt_out_or_help() {
                    ("opt-out", None)
                } else if handoff_for(&understanding)
                    .filter(|h| !understanding.has(Intent::ApptSet) || h.tag == "CC")
                    .is_some()
                {
                    ("handoff", Some(self.render(Reply::Handoff, &names)))
                } else {
                    let agreed = understanding.has(Intent::CustAppr)
                        || understanding.has(Intent::ApptSet)
                        || is_affirmative(text);
                    match understanding.requested_time {
                        _ if !agreed && understanding.requested_time.is_none() => {
                            ("no-reply", None)
                        }
                        _ if !self.booking_enabled => ("left-to-staff", None),
                        Some(t) if matches!(t.grain, Grain::Minute | Grain::Hour) => {
                            let when = format!(
                                "{} at {}",
                                crate::domain::appointments::display_day(t.start.date()),
                                crate::domain::appointments::display_time(t.start.time())
                            );
                            let booked = self.render(
                                Reply::Booked,
                                &[
                                    ("firstName", first_name),
                                    ("store", store_name),
                                    ("when", &when),
                                ],
                            );
                            ("book", Some(format!("(if {when} is free) {booked}")))
                        }
                        Some(_) => {
                            let thanks = self.render(Reply::Thanks, &names);
                            let offer = self.render(
                                Reply::Offer,
                                &[
                                    ("firstName", first_name),
                                    ("store", store_name),
                                    ("times", "(the nearest free times)"),
                                    ("first", "(the first of them)"),
                                ],
                            );
                            ("offer", Some(format!("{thanks} {offer}")))
                        }
                        None => ("ask-time", Some(self.render(Reply::AskTime, &names))),
                    }
                };
                ExecutedTurn {
                    text: text.clone(),
                    intents: understanding.intent_names(),
                    requested_time,
                    action,
                    reply,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn execute_follows_the_file_through_a_sample_conversation() {
        let script = Script::parse(
            "reply.handoff = A person from {store} will call you, {firstName}.\nreply.ask_time = When suits you, {firstName}?\n",
        )
        .unwrap();
        let now = chrono::Utc::now();
        let turns = script.execute(
            &[
                "I want to make an appointment".to_owned(),
                "This is the worst service ever, I want to speak to a manager".to_owned(),
                "STOP".to_owned(),
            ],
            "Ann",
            "Harbor Toyota",
            chrono_tz::America::New_York,
            now,
        );
        assert_eq!(turns[0].action, "ask-time", "{turns:?}");
        assert_eq!(turns[0].reply.as_deref(), Some("When suits you, Ann?"));
        assert_eq!(turns[1].action, "handoff", "{turns:?}");
        assert_eq!(
            turns[1].reply.as_deref(),
            Some("A person from Harbor Toyota will call you, Ann.")
        );
        assert_eq!(turns[2].action, "opt-out");
        let quiet = Script::parse("booking.enabled = false").unwrap();
        let turns = quiet.execute(
            &["Can I come in tomorrow at 10am?".to_owned()],
            "Ann",
            "Harbor Toyota",
            chrono_tz::America::New_York,
            now,
        );
        assert_eq!(turns[0].action, "left-to-staff", "{turns:?}");
    }

    #[test]
    fn a_file_overrides_texts_and_rules_and_keeps_the_rest() {
        let script = Script::parse(
            "# ours\nreply.booked = See you {when}, {firstName}!\n\nbooking.offers = 2\n",
        )
        .unwrap();
        assert_eq!(
            script.render(Reply::Booked, &[("when", "Tue 9 AM"), ("firstName", "Ann")]),
            "See you Tue 9 AM, Ann!"
        );
        assert_eq!(script.offers, 2);
        assert_eq!(script.offer_days, 7);
        assert!(
            script
                .render(Reply::AskTime, &[("firstName", "Ann")])
                .starts_with("Hi Ann,")
        );
    }

    #[test]
    fn every_problem_is_named_with_its_line() {
        let problems = Script::parse(
            "reply.booked = Hi {name}\nnonsense\nbooking.offers = 9\nreply.booked = again\nreply.shout = x\nreply.offer = {times\n",
        )
        .unwrap_err();
        let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, vec![1, 2, 3, 4, 5, 6], "{problems:?}");
        assert!(problems[0].reason.contains("{name}"));
        assert!(problems[3].reason.contains("line 1"));
    }

    #[test]
    fn the_starter_file_reads_back_as_the_defaults() {
        let script = Script::parse(&Script::starter_file("Harbor Toyota")).unwrap();
        assert_eq!(script.offers, Script::default().offers);
        for reply in Reply::ALL {
            assert_eq!(
                script.render(reply, &[]),
                Script::default().render(reply, &[])
            );
        }
    }
}
