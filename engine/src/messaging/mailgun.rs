//! Mailgun's inbound routes: the fields of a parsed message as its `forward()` action posts
//! them (its signature is checked in [`super::signature::verify_mailgun`]).

use std::collections::HashMap;

use super::InboundEmail;

/// A Mailgun form field: exact name first, then any case (header fields vary in case).
pub fn field<'a>(fields: &'a HashMap<String, String>, name: &str) -> Option<&'a str> {
    fields
        .get(name)
        .or_else(|| {
            fields
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(name))
                .map(|(_, value)| value)
        })
        .map(String::as_str)
}

/// The bare address of a From header (`Sam Lee <sam@example.com>` → `sam@example.com`).
fn bare_address(from: &str) -> &str {
    match (from.rfind('<'), from.rfind('>')) {
        (Some(open), Some(close)) if open < close => from[open + 1..close].trim(),
        _ => from.trim(),
    }
}

/// The e-mail a Mailgun route posted: the sender from the From header (else the envelope's),
/// the first recipient, the reply's own words (`stripped-text`, else `body-plain`), and the
/// Message-IDs it answers, In-Reply-To first, then References newest first.
pub fn inbound_email(fields: &HashMap<String, String>) -> InboundEmail {
    let from = field(fields, "from");
    let sender = from
        .map(bare_address)
        .filter(|address| address.contains('@'))
        .or(field(fields, "sender"))
        .unwrap_or_default();
    let references: Vec<String> = field(fields, "References")
        .unwrap_or_default()
        .split_whitespace()
        .rev()
        .map(str::to_owned)
        .collect();
    InboundEmail {
        recipient: field(fields, "recipient")
            .unwrap_or_default()
            .split(',')
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned(),
        sender: sender.to_owned(),
        subject: field(fields, "subject").map(str::to_owned),
        text: field(fields, "stripped-text")
            .filter(|text| !text.trim().is_empty())
            .or(field(fields, "body-plain"))
            .unwrap_or_default()
            .to_owned(),
        message_id: field(fields, "Message-Id").map(str::to_owned),
        answers: field(fields, "In-Reply-To")
            .map(str::to_owned)
            .into_iter()
            .chain(references)
            .collect(),
    }
}
