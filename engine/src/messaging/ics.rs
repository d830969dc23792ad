//! Calendar invites as iCalendar (RFC 5545) `REQUEST`s, which mail clients show with
//! accept/decline buttons: CRLF line ends, text escaped, lines folded at 75 octets.

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone)]
pub struct Invite {
    /// Stable per appointment, so a later update replaces the event instead of adding one.
    pub uid: String,
    pub summary: String,
    pub description: String,
    pub location: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub duration: Duration,
    pub organizer_name: String,
    pub organizer_email: String,
    pub attendee_name: String,
    pub attendee_email: String,
    pub stamp: DateTime<Utc>,
    /// Raised on each change of the event, so clients apply the newest.
    pub sequence: u32,
    /// A cancellation of the event `uid` names (`METHOD:CANCEL`) instead of an invite.
    pub cancelled: bool,
}

const UTC_FORMAT: &str = "%Y%m%dT%H%M%SZ";

pub fn render(invite: &Invite) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Bayline//Service Messaging//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        format!(
            "METHOD:{}",
            if invite.cancelled {
                "CANCEL"
            } else {
                "REQUEST"
            }
        ),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", escape(&invite.uid)),
        format!("DTSTAMP:{}", invite.stamp.format(UTC_FORMAT)),
        format!("DTSTART:{}", invite.starts_at.format(UTC_FORMAT)),
        format!(
            "DTEND:{}",
            (invite.starts_at + invite.duration).format(UTC_FORMAT)
        ),
        format!("SUMMARY:{}", escape(&invite.summary)),
        format!("DESCRIPTION:{}", escape(&invite.description)),
    ];
    if let Some(location) = &invite.location {
        lines.push(format!("LOCATION:{}", escape(location)));
    }
    lines.extend([
        format!(
            "ORGANIZER;CN={}:mailto:{}",
            quote_param(&invite.organizer_name),
            invite.organizer_email
        ),
        format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:{}",
            quote_param(&invite.attendee_name),
            invite.attendee_email
        ),
        format!("SEQUENCE:{}", invite.sequence),
        format!(
            "STATUS:{}",
            if invite.cancelled {
                "CANCELLED"
            } else {
                "CONFIRMED"
            }
        ),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ]);
    let mut out = String::new();
    for line in lines {
        out.push_str(&fold(&line));
        out.push_str("\r\n");
    }
    out
}

/// TEXT values: backslash, semicolon, comma and newline escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace("\r\n", "\\n")
        .replace('\n', "\\n")
}

/// Parameter values with separators are quoted; quotes themselves cannot appear.
fn quote_param(text: &str) -> String {
    let clean = text.replace('"', "'");
    if clean.contains([':', ';', ',']) {
        format!("\"{clean}\"")
    } else {
        clean
    }
}

/// Lines longer than 75 octets continue on the next line after a space, never splitting a
/// UTF-8 character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn invite() -> Invite {
        Invite {
            uid: "appointment-42@bayline".into(),
            summary: "Service appointment, oil change; tires".into(),
            description: "Line one\nLine two".into(),
            location: Some("Bayline Toyota".into()),
            starts_at: Utc.with_ymd_and_hms(2026, 1, 15, 14, 30, 0).unwrap(),
            duration: Duration::minutes(60),
            organizer_name: "Ava Assistant".into(),
            organizer_email: "service@s101.example.com".into(),
            attendee_name: "Sam Lee".into(),
            attendee_email: "sam@example.com".into(),
            stamp: Utc.with_ymd_and_hms(2026, 1, 10, 9, 0, 0).unwrap(),
            sequence: 0,
            cancelled: false,
        }
    }

    #[test]
    fn a_cancellation_names_the_same_event_with_a_higher_sequence() {
        let ics = render(&Invite {
            sequence: 1,
            cancelled: true,
            ..invite()
        });
        assert!(ics.contains("\r\nMETHOD:CANCEL\r\n"));
        assert!(ics.contains("\r\nUID:appointment-42@bayline\r\n"));
        assert!(ics.contains("\r\nSEQUENCE:1\r\n"));
        assert!(ics.contains("\r\nSTATUS:CANCELLED\r\n"));
    }

    #[test]
    fn an_invite_is_a_vcalendar_request_with_crlf_lines() {
        let ics = render(&invite());
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(ics.contains("\r\nMETHOD:REQUEST\r\n"));
        assert!(ics.contains("\r\nDTSTART:20260115T143000Z\r\n"));
        assert!(ics.contains("\r\nDTEND:20260115T153000Z\r\n"));
        assert!(ics.ends_with("END:VEVENT\r\nEND:VCALENDAR\r\n"));
        assert!(!ics.replace("\r\n", "").contains('\n'));
    }

    #[test]
    fn text_values_are_escaped() {
        let ics = render(&invite());
        assert!(ics.contains("SUMMARY:Service appointment\\, oil change\\; tires"));
        assert!(ics.contains("DESCRIPTION:Line one\\nLine two"));
    }

    #[test]
    fn long_lines_fold_at_75_octets() {
        let mut long = invite();
        long.description = "é".repeat(100);
        let ics = render(&long);
        for line in ics.split("\r\n") {
            assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
        }
        let unfolded = ics.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("DESCRIPTION:{}", "é".repeat(100))));
    }
}
