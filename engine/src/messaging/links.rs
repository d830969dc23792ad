//! Signed links (issue 21): the deal room, the customer's landing page and the e-mail
//! auto-response are public calls (G-R10, G-R14: no session), so each carries a token naming
//! what it opens: the kind of link, the lead, the user (for the deal room) and when it
//! expires, with an HMAC-SHA256 under a key derived from the installation's secret key. A token
//! that was changed, has expired, or names another lead or user opens nothing (403).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, TimeZone, Utc};

use super::secrets::SecretKey;
use crate::error::{Error, Result};

/// What a link opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// The deal room: a staff member's view of one lead's conversation, with Send.
    DealRoom,
    /// The customer's read-only view of their conversation.
    Landing,
    /// The customer's one-click answers to an e-mail.
    EmailReply,
}

impl LinkKind {
    fn code(self) -> &'static str {
        match self {
            LinkKind::DealRoom => "dr",
            LinkKind::Landing => "ln",
            LinkKind::EmailReply => "er",
        }
    }

    fn of(code: &str) -> Option<Self> {
        [LinkKind::DealRoom, LinkKind::Landing, LinkKind::EmailReply]
            .into_iter()
            .find(|k| k.code() == code)
    }

    /// How long a link of this kind works.
    pub fn lifetime(self) -> Duration {
        match self {
            // An e-mail's answers are for the days after it is read, and each link answers
            // once (`email_answer_links`).
            LinkKind::DealRoom | LinkKind::EmailReply => Duration::days(7),
            LinkKind::Landing => Duration::days(30),
        }
    }
}

/// What a token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkClaims {
    pub kind: LinkKind,
    pub lead_id: i64,
    pub user_id: Option<i64>,
    pub expires_at: DateTime<Utc>,
}

const INVALID: &str = "This link is not valid";

/// The domain part of the Message-IDs customer e-mails carry.
const THREAD_HOST: &str = "mail.bayline";

#[derive(Clone)]
pub struct LinkSigner {
    key: ring::hmac::Key,
}

impl std::fmt::Debug for LinkSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkSigner(…)")
    }
}

impl LinkSigner {
    pub fn new(secret: &SecretKey) -> Self {
        Self {
            key: ring::hmac::Key::new(
                ring::hmac::HMAC_SHA256,
                &secret.derive("bayline-signed-links-v1"),
            ),
        }
    }

    /// A token for `kind` of `lead_id` (and `user_id`), working until `now` + its lifetime.
    pub fn sign(
        &self,
        kind: LinkKind,
        lead_id: i64,
        user_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> (String, DateTime<Utc>) {
        let expires_at = now + kind.lifetime();
        let payload = format!(
            "v1.{}.{lead_id}.{}.{}",
            kind.code(),
            user_id.map(|u| u.to_string()).unwrap_or_default(),
            expires_at.timestamp()
        );
        let tag = URL_SAFE_NO_PAD.encode(ring::hmac::sign(&self.key, payload.as_bytes()));
        (
            format!("{}.{tag}", URL_SAFE_NO_PAD.encode(payload)),
            expires_at,
        )
    }

    /// The Message-ID of a customer e-mail: it names the message, signed, so the customer's
    /// reply (whose In-Reply-To and References repeat it) threads back to its conversation,
    /// and a made-up one threads nowhere.
    pub fn thread_id(&self, message_id: i64) -> String {
        format!(
            "<bayline.{message_id}.{}@{THREAD_HOST}>",
            self.thread_tag(message_id)
        )
    }

    /// The message a reply answers: the first of `references` (Message-IDs, newest first) that
    /// is one of ours, unchanged.
    pub fn thread_of<'a>(&self, references: impl IntoIterator<Item = &'a str>) -> Option<i64> {
        references.into_iter().find_map(|reference| {
            let inner = reference
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>');
            let local = inner.strip_suffix(&format!("@{THREAD_HOST}"))?;
            let (id, tag) = local.strip_prefix("bayline.")?.split_once('.')?;
            let id: i64 = id.parse().ok()?;
            let expected = self.thread_tag(id);
            // Compared without stopping at the first difference.
            let same = expected.len() == tag.len()
                && expected
                    .bytes()
                    .zip(tag.bytes())
                    .fold(0u8, |differs, (a, b)| differs | (a ^ b))
                    == 0;
            same.then_some(id)
        })
    }

    fn thread_tag(&self, message_id: i64) -> String {
        let tag = ring::hmac::sign(&self.key, format!("mail-thread.{message_id}").as_bytes());
        URL_SAFE_NO_PAD.encode(&tag.as_ref()[..12])
    }

    /// What `token` says, if it is ours, unchanged and not expired.
    pub fn verify(&self, token: &str, now: DateTime<Utc>) -> Result<LinkClaims> {
        let invalid = || Error::Forbidden(INVALID.to_owned());
        let (payload, tag) = token.trim().split_once('.').ok_or_else(invalid)?;
        let payload = URL_SAFE_NO_PAD
            .decode(payload)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or_else(invalid)?;
        let tag = URL_SAFE_NO_PAD.decode(tag).map_err(|_| invalid())?;
        // Compared in constant time.
        ring::hmac::verify(&self.key, payload.as_bytes(), &tag).map_err(|_| invalid())?;
        let parts: Vec<&str> = payload.split('.').collect();
        let [version, kind, lead, user, expires] = parts[..] else {
            return Err(invalid());
        };
        if version != "v1" {
            return Err(invalid());
        }
        let claims = LinkClaims {
            kind: LinkKind::of(kind).ok_or_else(invalid)?,
            lead_id: lead.parse().map_err(|_| invalid())?,
            user_id: match user {
                "" => None,
                id => Some(id.parse().map_err(|_| invalid())?),
            },
            expires_at: expires
                .parse::<i64>()
                .ok()
                .and_then(|at| Utc.timestamp_opt(at, 0).single())
                .ok_or_else(invalid)?,
        };
        if claims.expires_at <= now {
            return Err(Error::Forbidden(
                "This link has expired: ask the dealership for a new one".to_owned(),
            ));
        }
        Ok(claims)
    }

    /// Opens `token` for `kind`, only for the lead (and user) the request names.
    pub fn open(
        &self,
        token: &str,
        kind: LinkKind,
        lead_id: i64,
        user_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<LinkClaims> {
        let claims = self.verify(token, now)?;
        if claims.kind != kind || claims.lead_id != lead_id || claims.user_id != user_id {
            return Err(Error::Forbidden(INVALID.to_owned()));
        }
        Ok(claims)
    }
}

/// The one-click answers a customer's e-mail offers (G-C1's `message` and `key`).
pub const EMAIL_ANSWERS: [(&str, &str, &str); 3] = [
    (
        "YES",
        "Yes, book my visit",
        "Yes, please book my service visit.",
    ),
    ("CALL", "Please call me", "Please call me to find a time."),
    (
        "DONE",
        "Already serviced",
        "I already had this service done.",
    ),
];

/// A query value as a URL carries it.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The footer of an e-mail to a customer: one link per answer, each opening the e-mail
/// auto-response page (`{base}/email/autoResponse`) with a reply token for the lead.
pub fn email_answers_html(
    signer: &LinkSigner,
    base: &str,
    lead_id: i64,
    from: &str,
    to: &str,
    subject: &str,
    now: DateTime<Utc>,
) -> String {
    let (token, _) = signer.sign(LinkKind::EmailReply, lead_id, None, now);
    let links: Vec<String> = EMAIL_ANSWERS
        .iter()
        .map(|(key, label, message)| {
            format!(
                "<a href=\"{base}/email/autoResponse?token={}&amp;fromAddress={}&amp;toAddress={}&amp;subject={}&amp;message={}&amp;key={key}\">{label}</a>",
                encode(&token),
                encode(from),
                encode(to),
                encode(subject),
                encode(message),
            )
        })
        .collect();
    format!(
        "<hr><p>Answer with one click: {}</p>",
        links.join(" &middot; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> LinkSigner {
        LinkSigner::new(&SecretKey::generate().unwrap())
    }

    #[test]
    fn a_link_opens_only_what_it_names_until_it_expires() {
        let signer = signer();
        let now = Utc::now();
        let (token, expires) = signer.sign(LinkKind::DealRoom, 42, Some(7), now);
        assert_eq!(expires, now + Duration::days(7));
        let claims = signer
            .open(&token, LinkKind::DealRoom, 42, Some(7), now)
            .unwrap();
        assert_eq!(claims.lead_id, 42);
        for (kind, lead, user) in [
            (LinkKind::DealRoom, 43, Some(7)),
            (LinkKind::DealRoom, 42, Some(8)),
            (LinkKind::DealRoom, 42, None),
            (LinkKind::Landing, 42, Some(7)),
        ] {
            assert!(signer.open(&token, kind, lead, user, now).is_err());
        }
        let later = now + Duration::days(8);
        let expired = signer.open(&token, LinkKind::DealRoom, 42, Some(7), later);
        assert!(format!("{expired:?}").contains("expired"));
    }

    #[test]
    fn an_e_mail_answer_link_lasts_a_week_not_a_month() {
        let signer = signer();
        let now = Utc::now();
        let (token, expires) = signer.sign(LinkKind::EmailReply, 42, None, now);
        assert_eq!(expires, now + Duration::days(7));
        assert!(signer.verify(&token, now + Duration::days(6)).is_ok());
        let late = signer.verify(&token, now + Duration::days(8));
        assert!(format!("{late:?}").contains("expired"));
    }

    #[test]
    fn a_changed_token_or_another_installation_s_opens_nothing() {
        let signer = signer();
        let now = Utc::now();
        let (token, _) = signer.sign(LinkKind::Landing, 42, None, now);
        let (payload, tag) = token.split_once('.').unwrap();
        let forged_payload = URL_SAFE_NO_PAD.encode(
            String::from_utf8(URL_SAFE_NO_PAD.decode(payload).unwrap())
                .unwrap()
                .replace(".42.", ".43."),
        );
        for bad in [
            format!("{forged_payload}.{tag}"),
            format!("{payload}.AAAA"),
            "nonsense".to_owned(),
            String::new(),
        ] {
            assert!(signer.verify(&bad, now).is_err(), "{bad}");
        }
        assert!(super::tests::signer().verify(&token, now).is_err());
    }

    #[test]
    fn an_e_mail_offers_signed_answers_for_its_lead() {
        let signer = signer();
        let now = Utc::now();
        let html = email_answers_html(
            &signer,
            "https://bayline.example",
            42,
            "ann@example.com",
            "service@harbor.example",
            "Your visit & more",
            now,
        );
        assert_eq!(html.matches("/email/autoResponse?token=").count(), 3);
        assert!(html.contains("fromAddress=ann%40example.com"));
        assert!(html.contains("subject=Your%20visit%20%26%20more"));
        let token = html
            .split("token=")
            .nth(1)
            .and_then(|rest| rest.split('&').next())
            .unwrap();
        let claims = signer.verify(token, now).unwrap();
        assert_eq!((claims.kind, claims.lead_id), (LinkKind::EmailReply, 42));
    }
}
