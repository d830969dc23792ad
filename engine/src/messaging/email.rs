//! E-mail and calendar invites. With an SMTP server configured (`smtp://` or `smtps://` URL)
//! mail is handed to it; without one it stays in the outbox, viewable as sent. Either way the
//! exact message (RFC 5322 text) is kept.

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use chrono::{DateTime, Utc};

use crate::error::{Error, Result};
use crate::store::messages::MessageStore;

pub use crate::domain::messages::Email;

#[derive(Clone)]
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mailer::Smtp(_) => "Mailer::Smtp",
            Mailer::Outbox => "Mailer::Outbox",
        })
    }
}

impl Mailer {
    /// An SMTP mailer from a URL like `smtp://user:pass@mail.example.com:587?tls=required`,
    /// or the outbox when there is none.
    pub fn from_url(url: Option<&str>) -> Result<Self> {
        match url.map(str::trim).filter(|u| !u.is_empty()) {
            None => Ok(Mailer::Outbox),
            Some(url) => AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .map(|builder| Mailer::Smtp(builder.build()))
                .map_err(|error| Error::invalid(format!("BAYLINE_SMTP_URL: {error}"))),
        }
    }

    pub fn is_outbox(&self) -> bool {
        matches!(self, Mailer::Outbox)
    }

    /// Hands the message to the SMTP server (without one, only keeps it) and says how that
    /// ended, in the outbox's words.
    pub async fn send(&self, message: &Message) -> Sent {
        let mime = String::from_utf8_lossy(&message.formatted()).into_owned();
        let delivered = match self {
            Mailer::Outbox => Ok(()),
            Mailer::Smtp(transport) => transport
                .send(message.clone())
                .await
                .map(|_| ())
                .map_err(|error| error.to_string()),
        };
        let (status, error) = match delivered {
            Ok(()) if self.is_outbox() => ("stored", None),
            Ok(()) => ("sent", None),
            Err(error) => ("failed", Some(error)),
        };
        Sent {
            mime,
            status,
            error,
        }
    }
}

/// An e-mail as it went out: its MIME text, and its outbox status (`sent`, `stored` without
/// SMTP, or `failed` with the server's error).
#[derive(Debug, Clone)]
pub struct Sent {
    pub mime: String,
    pub status: &'static str,
    pub error: Option<String>,
}

impl Sent {
    /// Whether it went (or, without SMTP, was stored).
    pub fn went(&self) -> bool {
        self.error.is_none()
    }
}

/// Sends an e-mail that belongs to no message or job (a password link, a log-in code) and
/// keeps it in its enterprise's outbox without its body (a platform user's has no outbox);
/// answers whether it went.
pub async fn mail_notice(
    messages: &MessageStore,
    mailer: &Mailer,
    enterprise_id: Option<i64>,
    email: &Email,
    now: DateTime<Utc>,
) -> Result<bool> {
    let sent = mailer.send(&build(email)?).await;
    if let Some(enterprise_id) = enterprise_id {
        messages
            .record_notice_email(
                enterprise_id,
                email,
                &sent.mime,
                sent.status,
                sent.error.as_deref(),
                now,
            )
            .await?;
    }
    Ok(sent.went())
}

/// The MIME message: HTML body, plus a `text/calendar` part (method REQUEST or CANCEL) for invites.
pub fn build(email: &Email) -> Result<Message> {
    let mailbox = |name: &str, address: &str| -> Result<Mailbox> {
        let address = address
            .parse()
            .map_err(|_| Error::invalid(format!("Invalid e-mail address {address:?}")))?;
        Ok(Mailbox::new(Some(name.to_owned()), address))
    };
    let builder = Message::builder()
        .from(mailbox(&email.from_name, &email.from_address)?)
        .to(mailbox(&email.to_name, &email.to_address)?)
        .subject(email.subject.clone())
        .message_id(email.message_id.clone());
    let html = SinglePart::html(email.html_body.clone());
    let message = match &email.calendar {
        None => builder.singlepart(html),
        Some(ics) => {
            // The part's method is the iCalendar's own (REQUEST, or CANCEL for a withdrawal).
            let method = if ics.contains("\r\nMETHOD:CANCEL\r\n") {
                "CANCEL"
            } else {
                "REQUEST"
            };
            let calendar_type =
                ContentType::parse(&format!("text/calendar; method={method}; charset=UTF-8"))
                    .map_err(|error| Error::Internal(format!("calendar content type: {error}")))?;
            builder.multipart(
                MultiPart::mixed()
                    .multipart(
                        MultiPart::alternative().singlepart(html).singlepart(
                            SinglePart::builder()
                                .header(calendar_type.clone())
                                .body(ics.clone()),
                        ),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(calendar_type)
                            .header(lettre::message::header::ContentDisposition::attachment(
                                "invite.ics",
                            ))
                            .body(ics.clone()),
                    ),
            )
        }
    };
    message.map_err(|error| Error::invalid(format!("The e-mail could not be built: {error}")))
}

/// A file sent with an e-mail.
#[derive(Debug, Clone)]
pub struct Attachment {
    pub file_name: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// The MIME message of an e-mail with a file attached (a scheduled report): the HTML body, then
/// the file (base64).
pub fn build_with_attachment(email: &Email, attachment: &Attachment) -> Result<Message> {
    let mailbox = |name: &str, address: &str| -> Result<Mailbox> {
        let address = address
            .parse()
            .map_err(|_| Error::invalid(format!("Invalid e-mail address {address:?}")))?;
        Ok(Mailbox::new(Some(name.to_owned()), address))
    };
    let content_type = ContentType::parse(&attachment.content_type)
        .map_err(|error| Error::Internal(format!("attachment content type: {error}")))?;
    Message::builder()
        .from(mailbox(&email.from_name, &email.from_address)?)
        .to(mailbox(&email.to_name, &email.to_address)?)
        .subject(email.subject.clone())
        .multipart(
            MultiPart::mixed()
                .singlepart(SinglePart::html(email.html_body.clone()))
                .singlepart(
                    lettre::message::Attachment::new(attachment.file_name.clone())
                        .body(attachment.content.clone(), content_type),
                ),
        )
        .map_err(|error| Error::invalid(format!("The e-mail could not be built: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email(calendar: Option<&str>) -> Email {
        Email {
            from_name: "Ava Assistant".into(),
            from_address: "service@s101.example.com".into(),
            to_name: "Sam Lee".into(),
            to_address: "sam@example.com".into(),
            subject: "Your appointment".into(),
            html_body: "<p>See you soon</p>".into(),
            calendar: calendar.map(str::to_owned),
            message_id: None,
        }
    }

    #[test]
    fn a_plain_email_is_html() {
        let text = String::from_utf8(build(&email(None)).unwrap().formatted()).unwrap();
        assert!(text.contains("Subject: Your appointment"));
        assert!(text.contains("Content-Type: text/html"));
        assert!(text.contains("To: \"Sam Lee\" <sam@example.com>"));
    }

    #[test]
    fn an_invite_carries_a_calendar_request_part() {
        let text = String::from_utf8(
            build(&email(Some("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")))
                .unwrap()
                .formatted(),
        )
        .unwrap();
        assert!(text.contains("text/calendar; method=REQUEST"));
        assert!(text.contains("invite.ics"));
    }

    #[test]
    fn a_bad_address_is_a_validation_error() {
        let mut bad = email(None);
        bad.to_address = "not an address".into();
        assert!(matches!(build(&bad), Err(Error::Validation { .. })));
    }

    #[test]
    fn no_smtp_url_means_the_outbox() {
        assert!(Mailer::from_url(None).unwrap().is_outbox());
        assert!(Mailer::from_url(Some("  ")).unwrap().is_outbox());
        assert!(Mailer::from_url(Some("ftp://nope")).is_err());
    }
}
