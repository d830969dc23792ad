//! Opaque session tokens: random to the client, a SHA-256 hash in the database.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new random token (256 bits, URL-safe).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// How many digits a log-in code has.
pub const CODE_DIGITS: usize = 6;

/// A one-time log-in code: six random digits.
pub fn new_code() -> String {
    use rand::Rng;
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

/// What is stored for a log-in code: bound to its challenge, so equal codes hash apart.
pub fn code_hash(challenge: &str, code: &str) -> String {
    token_hash(&format!("{challenge}:{code}"))
}

/// What is stored for a token, so a leaked database does not leak sessions.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_and_distinct() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
    }

    #[test]
    fn codes_are_six_digits_bound_to_their_challenge() {
        let code = new_code();
        assert_eq!(code.len(), CODE_DIGITS);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        assert_ne!(code_hash("a", "123456"), code_hash("b", "123456"));
    }

    #[test]
    fn the_hash_is_stable_hex() {
        assert_eq!(token_hash("abc").len(), 64);
        assert_eq!(token_hash("abc"), token_hash("abc"));
        assert_ne!(token_hash("abc"), token_hash("abd"));
    }
}
