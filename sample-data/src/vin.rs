//! Plausible 17-character VINs with a valid check digit (position 9, as North American VINs have).

use rand::Rng;
use rand::rngs::StdRng;

/// VIN characters: digits and letters except I, O and Q.
const VIN_CHARS: &[u8] = b"0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
/// Model-year codes from 2010 on (the 30-year cycle's second half and onward).
const YEAR_CODES: &[u8] = b"ABCDEFGHJKLMNPRSTVWXY123456789";
const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/// Builds a VIN for a manufacturer prefix and model year; `serial` keeps VINs unique.
pub fn make_vin(wmi: &str, year: i32, serial: u64, rng: &mut StdRng) -> String {
    let mut vin: Vec<u8> = wmi.bytes().take(3).collect();
    for _ in 0..5 {
        vin.push(VIN_CHARS[rng.random_range(0..VIN_CHARS.len())]);
    }
    vin.push(b'0'); // check digit, set below
    let year_index = (year - 2010).clamp(0, YEAR_CODES.len() as i32 - 1) as usize;
    vin.push(YEAR_CODES[year_index]);
    // Plant code plus a six-digit sequence; the plant letter carries the millions.
    vin.push(VIN_CHARS[10 + (serial / 1_000_000) as usize % 23]);
    vin.extend(format!("{:06}", serial % 1_000_000).bytes());
    vin[8] = check_digit(&vin);
    String::from_utf8(vin).unwrap_or_default()
}

fn transliterate(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'A' | b'J' => 1,
        b'B' | b'K' | b'S' => 2,
        b'C' | b'L' | b'T' => 3,
        b'D' | b'M' | b'U' => 4,
        b'E' | b'N' | b'V' => 5,
        b'F' | b'W' => 6,
        b'G' | b'P' | b'X' => 7,
        b'H' | b'Y' => 8,
        b'R' | b'Z' => 9,
        _ => 0,
    }
}

pub fn check_digit(vin: &[u8]) -> u8 {
    let sum: u32 = vin
        .iter()
        .zip(WEIGHTS)
        .map(|(c, w)| transliterate(*c) * w)
        .sum();
    match sum % 11 {
        10 => b'X',
        n => b'0' + n as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_known_vin_has_its_published_check_digit() {
        // The worked example of the North American VIN standard.
        assert_eq!(check_digit(b"1M8GDM9AXKP042788"), b'X');
    }

    #[test]
    fn generated_vins_are_valid_and_distinct() {
        let mut rng = StdRng::seed_from_u64(1);
        let a = make_vin("4T1", 2022, 1, &mut rng);
        let b = make_vin("4T1", 2022, 2, &mut rng);
        assert_eq!(a.len(), 17);
        assert_ne!(a, b);
        assert_eq!(check_digit(a.as_bytes()), a.as_bytes()[8]);
        assert!(!a.contains(['I', 'O', 'Q']));
    }
}
