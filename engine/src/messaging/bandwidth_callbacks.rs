//! Bandwidth's messaging callbacks (Messages API v2): one URL receives a JSON array of events,
//! `message-received` for a customer's text and `message-sending`, `message-delivered` and
//! `message-failed` for the fate of one we sent. Each is read into the fields the messaging
//! service reads for any provider (Twilio's names), so incoming texts and delivery statuses
//! take the one path, verified against the store's Bandwidth gateway.

use serde::Deserialize;

use crate::error::{Error, Result};

/// The most events one callback may carry (Bandwidth sends one, or a few).
pub const MAX_EVENTS: usize = 100;

/// An event read into provider-neutral webhook fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BandwidthEvent {
    /// A customer's text: `To`, `From`, `Body`, `MessageSid`, `NumMedia`, `MediaUrlN`.
    Received(Vec<(String, String)>),
    /// What became of a text we sent: `MessageSid`, `MessageStatus`, `ErrorCode`,
    /// `ErrorMessage`.
    Status(Vec<(String, String)>),
    /// An event type Bandwidth may add that nothing here follows; acknowledged.
    Other(String),
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Event {
    #[serde(rename = "type")]
    kind: String,
    to: Option<String>,
    description: Option<String>,
    error_code: Option<serde_json::Value>,
    message: Message,
}

#[derive(Debug, Deserialize)]
struct Message {
    id: String,
    from: Option<String>,
    to: Option<Vec<String>>,
    owner: Option<String>,
    text: Option<String>,
    media: Option<Vec<String>>,
}

fn field(name: &str, value: impl Into<String>) -> (String, String) {
    (name.to_owned(), value.into())
}

/// Reads a callback body: an array of events (or a single one). A body that is not events
/// is refused whole (400) and nothing of it is applied.
pub fn read_events(body: &serde_json::Value) -> Result<Vec<BandwidthEvent>> {
    let events: Vec<Event> = match body {
        serde_json::Value::Array(items) => {
            if items.len() > MAX_EVENTS {
                return Err(Error::invalid(format!(
                    "A callback carries at most {MAX_EVENTS} events"
                )));
            }
            items
                .iter()
                .map(|item| serde_json::from_value(item.clone()))
                .collect::<std::result::Result<_, _>>()
        }
        single => serde_json::from_value(single.clone()).map(|event| vec![event]),
    }
    .map_err(|e| Error::invalid(format!("Not a Bandwidth messaging callback: {e}")))?;
    Ok(events.into_iter().map(read_event).collect())
}

fn read_event(event: Event) -> BandwidthEvent {
    let message = event.message;
    match event.kind.as_str() {
        "message-received" => {
            let to = event
                .to
                .or(message.owner)
                .or_else(|| message.to.and_then(|to| to.into_iter().next()))
                .unwrap_or_default();
            // Bandwidth lists the SMIL layout of an MMS among its media; it is no picture.
            let media: Vec<String> = message
                .media
                .unwrap_or_default()
                .into_iter()
                .filter(|url| !url.to_ascii_lowercase().ends_with(".smil"))
                .collect();
            let mut fields = vec![
                field("MessageSid", message.id),
                field("To", to),
                field("From", message.from.unwrap_or_default()),
                field("Body", message.text.unwrap_or_default()),
                field("NumMedia", media.len().to_string()),
            ];
            fields.extend(
                media
                    .into_iter()
                    .enumerate()
                    .map(|(n, url)| field(&format!("MediaUrl{n}"), url)),
            );
            BandwidthEvent::Received(fields)
        }
        "message-sending" | "message-delivered" | "message-failed" => {
            let status = match event.kind.as_str() {
                "message-sending" => "sending",
                "message-delivered" => "delivered",
                _ => "failed",
            };
            let mut fields = vec![
                field("MessageSid", message.id),
                field("MessageStatus", status),
            ];
            if status == "failed" {
                let code = match event.error_code {
                    Some(serde_json::Value::Number(n)) => Some(n.to_string()),
                    Some(serde_json::Value::String(s)) => Some(s),
                    _ => None,
                };
                if let Some(code) = code {
                    fields.push(field("ErrorCode", code));
                }
                if let Some(description) = event.description {
                    fields.push(field("ErrorMessage", description));
                }
            }
            BandwidthEvent::Status(fields)
        }
        other => BandwidthEvent::Other(other.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn value<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    #[test]
    fn a_received_text_reads_as_any_provider_s_inbound_text() {
        let events = read_events(&json!([{
            "type": "message-received",
            "time": "2026-11-26T15:00:00Z",
            "to": "+15552010000",
            "message": {
                "id": "14762070468292kw2fuqty55yp2b2",
                "from": "+15553334444",
                "to": ["+15552010000"],
                "text": "Can I come Tuesday?",
                "media": ["https://messaging.bandwidth.com/api/v2/users/1/media/a.jpg",
                          "https://messaging.bandwidth.com/api/v2/users/1/media/a.smil"]
            }
        }]))
        .unwrap();
        let BandwidthEvent::Received(fields) = &events[0] else {
            panic!("{events:?}");
        };
        assert_eq!(
            value(fields, "MessageSid"),
            Some("14762070468292kw2fuqty55yp2b2")
        );
        assert_eq!(value(fields, "To"), Some("+15552010000"));
        assert_eq!(value(fields, "From"), Some("+15553334444"));
        assert_eq!(value(fields, "Body"), Some("Can I come Tuesday?"));
        assert_eq!(value(fields, "NumMedia"), Some("1"));
        assert!(value(fields, "MediaUrl0").unwrap().ends_with("a.jpg"));
    }

    #[test]
    fn a_failure_keeps_bandwidth_s_code_and_words() {
        let events = read_events(&json!({
            "type": "message-failed",
            "description": "rejected-unallocated-from-number",
            "errorCode": 4405,
            "message": {"id": "m-1"}
        }))
        .unwrap();
        let BandwidthEvent::Status(fields) = &events[0] else {
            panic!("{events:?}");
        };
        assert_eq!(value(fields, "MessageStatus"), Some("failed"));
        assert_eq!(value(fields, "ErrorCode"), Some("4405"));
        assert_eq!(
            value(fields, "ErrorMessage"),
            Some("rejected-unallocated-from-number")
        );
    }

    #[test]
    fn what_is_not_a_callback_is_refused_whole() {
        assert!(read_events(&json!([{"type": "message-received"}])).is_err());
        assert!(read_events(&json!("hello")).is_err());
        let many = serde_json::Value::Array(vec![json!({}); MAX_EVENTS + 1]);
        assert!(read_events(&many).is_err());
        let other = read_events(&json!([{"type": "message-read", "message": {"id": "x"}}]));
        assert_eq!(
            other.unwrap(),
            vec![BandwidthEvent::Other("message-read".into())]
        );
    }
}
