//! Password hashing with Argon2id (PHC strings, salt per password).

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::{Error, Result};

pub const MIN_PASSWORD_LENGTH: usize = 8;

pub fn hash_password(password: &str) -> Result<String> {
    if password.chars().count() < MIN_PASSWORD_LENGTH {
        return Err(Error::invalid(format!(
            "Password must have at least {MIN_PASSWORD_LENGTH} characters"
        )));
    }
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| Error::Internal(format!("cannot hash password: {e}")))
}

/// Whether `password` matches the stored hash; a malformed hash never matches.
pub fn verify_password(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hashed_password_verifies_and_others_do_not() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
    }

    #[test]
    fn short_passwords_are_refused() {
        assert!(matches!(
            hash_password("short"),
            Err(Error::Validation { .. })
        ));
    }

    #[test]
    fn a_malformed_hash_never_matches() {
        assert!(!verify_password("anything", "not-a-hash"));
    }
}
