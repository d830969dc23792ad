//! The phone and VIN cases the UI's checks are tested against too (ui/src/lib/validation.test.ts):
//! the engine's rules and the forms' must give the same answer for every one.

#![allow(clippy::unwrap_used)] // a fixture that does not read should panic where it is read

use engine::domain::PhoneNumber;
use engine::domain::formats::parse_vin;
use serde::Deserialize;

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/validation-cases.json"
));

#[derive(Deserialize)]
struct Cases {
    phone: Vec<PhoneCase>,
    vin: Vec<VinCase>,
}

#[derive(Deserialize)]
struct PhoneCase {
    input: String,
    e164: Option<String>,
}

#[derive(Deserialize)]
struct VinCase {
    input: String,
    vin: Option<String>,
}

fn cases() -> Cases {
    serde_json::from_str(CASES).unwrap()
}

#[test]
fn phone_numbers_parse_as_the_cases_say() {
    let cases = cases().phone;
    assert!(!cases.is_empty());
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let got = PhoneNumber::parse(&case.input)
                .ok()
                .map(|p| p.as_e164().to_owned());
            (got != case.e164)
                .then(|| format!("{:?}: expected {:?}, got {:?}", case.input, case.e164, got))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn vins_parse_as_the_cases_say() {
    let cases = cases().vin;
    assert!(!cases.is_empty());
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let got = parse_vin(&case.input).ok();
            (got != case.vin)
                .then(|| format!("{:?}: expected {:?}, got {:?}", case.input, case.vin, got))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}
