//! US phone numbers as the spec handles them: ten digits, stored as +1 E.164.

use std::fmt;

use crate::error::{Error, Result};

/// A North American phone number in E.164 form (`+1` and ten digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// Accepts ten digits, or eleven starting with 1, with any punctuation or spaces around them
    /// ("(555) 201-3344", "+1 555 201 3344"). Letters are refused: they are never a typo we can fix.
    pub fn parse(raw: &str) -> Result<Self> {
        if raw.chars().any(|c| c.is_alphabetic()) {
            return Err(Error::invalid("Invalid Number"));
        }
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        let national = match digits.len() {
            10 => digits.as_str(),
            11 if digits.starts_with('1') => &digits[1..],
            _ => return Err(Error::invalid("Invalid Number")),
        };
        Ok(Self(format!("+1{national}")))
    }

    /// The E.164 form, e.g. `+15552013344`.
    pub fn as_e164(&self) -> &str {
        &self.0
    }

    /// The display form of the spec: `(555)-201-3344`.
    pub fn display(&self) -> String {
        let d = &self.0[2..];
        format!("({})-{}-{}", &d[..3], &d[3..6], &d[6..])
    }
}

impl fmt::Display for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_digits_with_punctuation_become_e164() {
        assert_eq!(
            PhoneNumber::parse("(555) 201-3344").unwrap().as_e164(),
            "+15552013344"
        );
    }

    #[test]
    fn a_leading_one_is_the_country_code() {
        assert_eq!(
            PhoneNumber::parse("1 555 201 3344").unwrap().as_e164(),
            "+15552013344"
        );
        assert_eq!(
            PhoneNumber::parse("+15552013344").unwrap().as_e164(),
            "+15552013344"
        );
    }

    #[test]
    fn letters_or_wrong_lengths_are_invalid_numbers() {
        for bad in ["555-CALL-NOW", "555201334", "255520133445", ""] {
            assert_eq!(
                PhoneNumber::parse(bad).unwrap_err().to_string(),
                "Invalid Number"
            );
        }
    }

    #[test]
    fn display_strips_the_country_code() {
        assert_eq!(
            PhoneNumber::parse("5552013344").unwrap().display(),
            "(555)-201-3344"
        );
    }
}
