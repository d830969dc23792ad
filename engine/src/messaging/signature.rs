//! Twilio's request signature (`X-Twilio-Signature`): Base64 of HMAC-SHA1, keyed with the auth
//! token, over the full request URL followed by every POST parameter's name and value, sorted
//! by name. The simulator signs its replies the same way, so both take one verified path.

use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use sha1::Sha1;

/// The signature Twilio would send for a form POST of `params` to `url`.
pub fn sign(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    base64::engine::general_purpose::STANDARD
        .encode(mac(auth_token, url, params).finalize().into_bytes())
}

/// Whether `signature` is what Twilio would send; compared in constant time.
pub fn verify(auth_token: &str, url: &str, params: &[(String, String)], signature: &str) -> bool {
    let Ok(claimed) = base64::engine::general_purpose::STANDARD.decode(signature.trim()) else {
        return false;
    };
    mac(auth_token, url, params).verify_slice(&claimed).is_ok()
}
/// Whether a presented secret (Bandwidth's callback password) is the expected one, without
/// the comparison's time telling how much of it matched: both are keyed through HMAC and the
/// MACs compared in constant time.
pub fn same_secret(presented: &str, expected: &str) -> bool {
    let keyed = |text: &str| {
        let mut mac = Hmac::<Sha1>::new_from_slice(b"bayline-compare")
            .expect("HMAC accepts keys of any length");
        mac.update(text.as_bytes());
        mac
    };
    let expected = keyed(expected).finalize().into_bytes();
    keyed(presented).verify_slice(&expected).is_ok()
}

fn mac(auth_token: &str, url: &str, params: &[(String, String)]) -> Hmac<Sha1> {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    sorted.sort();
    let mut mac = Hmac::<Sha1>::new_from_slice(auth_token.as_bytes())
        .expect("HMAC accepts keys of any length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(caller: &str) -> Vec<(String, String)> {
        [
            ("To", "+18005551212"),
            ("From", caller),
            ("Digits", "1234"),
            ("Caller", caller),
            ("CallSid", "CA1234567890ABCDE"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
    }

    const URL: &str = "https://mycompany.com/myapp.php?foo=1&bar=2";

    // The worked examples of Twilio's own "validate a request" documentation (auth token 12345).
    #[test]
    fn matches_twilios_published_example() {
        assert_eq!(
            sign("12345", URL, &params("+14158675310")),
            "GvWf1cFY/Q7PnoempGyD5oXAezc="
        );
        assert_eq!(
            sign("12345", URL, &params("+14158675309")),
            "RSOYDt4T1cUTdK1PDd93/VVr8B8="
        );
    }

    #[test]
    fn verification_rejects_a_changed_parameter_url_or_token() {
        let p = params("+14158675310");
        let good = "GvWf1cFY/Q7PnoempGyD5oXAezc=";
        assert!(verify("12345", URL, &p, good));
        assert!(!verify("12346", URL, &p, good));
        assert!(!verify(
            "12345",
            "https://mycompany.com/myapp.php",
            &p,
            good
        ));
        let mut tampered = p.clone();
        tampered[2].1 = "9999".to_owned();
        assert!(!verify("12345", URL, &tampered, good));
        assert!(!verify("12345", URL, &p, "not base64!"));
    }
}

/// How old a signed inbound-mail request may be: a captured one cannot be replayed later.
pub const MAILGUN_MAX_AGE_SECONDS: i64 = 15 * 60;

/// Whether an inbound-mail request carries Mailgun's signature: hex HMAC-SHA256, keyed with
/// the webhook signing key, over the timestamp followed by the token; compared in constant
/// time, and refused when the timestamp is more than [`MAILGUN_MAX_AGE_SECONDS`] off `now`.
pub fn verify_mailgun(
    signing_key: &str,
    timestamp: &str,
    token: &str,
    signature: &str,
    now: i64,
) -> bool {
    let Ok(at) = timestamp.trim().parse::<i64>() else {
        return false;
    };
    if (now - at).abs() > MAILGUN_MAX_AGE_SECONDS {
        return false;
    }
    let Some(claimed) = decode_hex(signature.trim()) else {
        return false;
    };
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, signing_key.as_bytes());
    let signed = format!("{}{token}", timestamp.trim());
    // Compared in constant time.
    ring::hmac::verify(&key, signed.as_bytes(), &claimed).is_ok()
}

/// The signature Mailgun would send (for tests and the simulator).
pub fn sign_mailgun(signing_key: &str, timestamp: &str, token: &str) -> String {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, signing_key.as_bytes());
    ring::hmac::sign(&key, format!("{timestamp}{token}").as_bytes())
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || text.len() > 128 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod mailgun_tests {
    use super::*;

    #[test]
    fn a_mailgun_signature_verifies_only_unchanged_and_recent() {
        let signature = sign_mailgun("key-1", "1700000000", "tok");
        assert!(verify_mailgun(
            "key-1",
            "1700000000",
            "tok",
            &signature,
            1_700_000_100
        ));
        assert!(!verify_mailgun(
            "key-2",
            "1700000000",
            "tok",
            &signature,
            1_700_000_100
        ));
        assert!(!verify_mailgun(
            "key-1",
            "1700000000",
            "tok2",
            &signature,
            1_700_000_100
        ));
        assert!(!verify_mailgun(
            "key-1",
            "1700000000",
            "tok",
            &signature,
            1_700_010_000
        ));
        assert!(!verify_mailgun(
            "key-1",
            "1700000000",
            "tok",
            "zz",
            1_700_000_100
        ));
    }
}
