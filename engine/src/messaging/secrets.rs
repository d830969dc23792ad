//! Provider secrets (auth tokens, API secrets) at rest: sealed with AES-256-GCM under a key from
//! the environment (`BAYLINE_SECRET_KEY`, 32 bytes in base64), or, for the embedded default, a
//! key file made once in the data directory. The database alone never reveals a secret, and no
//! answer or log line carries one.

use std::fmt;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};

use crate::error::{Error, Result};

/// What a sealed value starts with; a stored value without it is from before sealing.
const SEALED_PREFIX: &str = "enc1:";
const KEY_LEN: usize = 32;

/// The key secrets are sealed with. Its `Debug` never shows it.
#[derive(Clone)]
pub struct SecretKey([u8; KEY_LEN]);

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(…)")
    }
}

impl SecretKey {
    /// A key from its base64 text (`BAYLINE_SECRET_KEY`).
    pub fn from_base64(text: &str) -> Result<Self> {
        let bytes = STANDARD
            .decode(text.trim())
            .map_err(|_| Error::invalid("BAYLINE_SECRET_KEY must be base64"))?;
        let key: [u8; KEY_LEN] = bytes.try_into().map_err(|_| {
            Error::invalid("BAYLINE_SECRET_KEY must be 32 bytes (44 characters of base64)")
        })?;
        Ok(Self(key))
    }

    /// A key for another purpose (`label` names it), derived so the sealing key itself is
    /// never used twice: HMAC-SHA256 of the label under this key.
    pub fn derive(&self, label: &str) -> [u8; 32] {
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &self.0);
        let tag = ring::hmac::sign(&key, label.as_bytes());
        let mut derived = [0u8; 32];
        derived.copy_from_slice(tag.as_ref());
        derived
    }

    pub fn generate() -> Result<Self> {
        let mut key = [0u8; KEY_LEN];
        SystemRandom::new()
            .fill(&mut key)
            .map_err(|_| Error::Internal("no randomness for a secret key".into()))?;
        Ok(Self(key))
    }

    /// The key from the environment's text, else from `file` (made, readable by its owner only,
    /// the first time): every process of one installation must use the same key.
    pub fn from_env_or_file(env: Option<&str>, file: &Path) -> Result<Self> {
        if let Some(text) = env.map(str::trim).filter(|t| !t.is_empty()) {
            return Self::from_base64(text);
        }
        match std::fs::read_to_string(file) {
            Ok(text) => Self::from_base64(&text),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                let key = Self::generate()?;
                if let Some(dir) = file.parent() {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| Error::Internal(format!("{}: {e}", dir.display())))?;
                }
                write_private(file, &STANDARD.encode(key.0))?;
                // Another process may have won the race: everyone uses what is on disk.
                let text = std::fs::read_to_string(file)
                    .map_err(|e| Error::Internal(format!("{}: {e}", file.display())))?;
                Self::from_base64(&text)
            }
            Err(error) => Err(Error::Internal(format!("{}: {error}", file.display()))),
        }
    }

    fn cipher(&self) -> Result<LessSafeKey> {
        UnboundKey::new(&AES_256_GCM, &self.0)
            .map(LessSafeKey::new)
            .map_err(|_| Error::Internal("bad secret key".into()))
    }

    /// Seals a secret for storage: `enc1:` and base64 of nonce, ciphertext and tag.
    pub fn seal(&self, secret: &str) -> Result<String> {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .map_err(|_| Error::Internal("no randomness for a nonce".into()))?;
        let mut sealed = secret.as_bytes().to_vec();
        self.cipher()?
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::empty(),
                &mut sealed,
            )
            .map_err(|_| Error::Internal("sealing a secret failed".into()))?;
        let mut stored = nonce.to_vec();
        stored.extend_from_slice(&sealed);
        Ok(format!("{SEALED_PREFIX}{}", STANDARD.encode(stored)))
    }

    /// The secret behind a stored value. A value from before sealing is returned as it is.
    pub fn open(&self, stored: &str) -> Result<String> {
        let Some(sealed) = stored.strip_prefix(SEALED_PREFIX) else {
            return Ok(stored.to_owned());
        };
        let unreadable =
            || Error::Internal("a stored secret cannot be opened with this key".into());
        let mut bytes = STANDARD.decode(sealed).map_err(|_| unreadable())?;
        if bytes.len() < NONCE_LEN {
            return Err(unreadable());
        }
        let mut body = bytes.split_off(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = bytes.try_into().map_err(|_| unreadable())?;
        let plain = self
            .cipher()?
            .open_in_place(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut body)
            .map_err(|_| unreadable())?;
        String::from_utf8(plain.to_vec()).map_err(|_| unreadable())
    }

    /// Whether a stored value is already sealed.
    pub fn is_sealed(stored: &str) -> bool {
        stored.starts_with(SEALED_PREFIX)
    }
}

#[cfg(unix)]
fn write_private(file: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(file)
    {
        Ok(mut f) => f
            .write_all(text.as_bytes())
            .map_err(|e| Error::Internal(format!("{}: {e}", file.display()))),
        // Made by another process meanwhile.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(Error::Internal(format!("{}: {e}", file.display()))),
    }
}

#[cfg(not(unix))]
fn write_private(file: &Path, text: &str) -> Result<()> {
    std::fs::write(file, text).map_err(|e| Error::Internal(format!("{}: {e}", file.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_with_its_key_only() {
        let key = SecretKey::generate().unwrap();
        let sealed = key.seal("auth-token-123").unwrap();
        assert!(SecretKey::is_sealed(&sealed));
        assert!(!sealed.contains("auth-token-123"));
        assert_ne!(
            sealed,
            key.seal("auth-token-123").unwrap(),
            "a fresh nonce each time"
        );
        assert_eq!(key.open(&sealed).unwrap(), "auth-token-123");
        let other = SecretKey::generate().unwrap();
        assert!(other.open(&sealed).is_err());
        assert_eq!(key.open("legacy-plain").unwrap(), "legacy-plain");
        assert!(!format!("{key:?}").contains(&STANDARD.encode(key.0)));
    }

    #[test]
    fn the_key_file_is_made_once_and_shared() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("keys/secret.key");
        let first = SecretKey::from_env_or_file(None, &file).unwrap();
        let second = SecretKey::from_env_or_file(None, &file).unwrap();
        assert_eq!(first.0, second.0);
        let env = STANDARD.encode([7u8; 32]);
        assert_eq!(
            SecretKey::from_env_or_file(Some(&env), &file).unwrap().0,
            [7u8; 32]
        );
        assert!(SecretKey::from_base64("c2hvcnQ=").is_err());
    }
}
