//! The words the date-time grammar knows: units, ordinals, weekdays, months and small numbers.

use super::*;

pub(super) const UNIT_WORDS: &[&str] = &[
    "k", "mi", "mile", "miles", "mph", "wd", "x", "day", "days", "week", "weeks", "month",
    "months", "year", "years", "yr", "yrs", "hour", "hours", "minute", "minutes", "texts", "text",
    "times", "time", "trucks", "truck", "cars", "car", "tires", "tire", "people", "kids",
    "percent", "dollars", "bucks", "gear", "row", "doors", "door", "cyl", "cylinder", "liter", "l",
    "v", "qt", "quarts", "psi", "inch", "ft", "feet", "lbs", "oil", "messages", "calls",
    "vehicles", "vans", "van", "wks", "weeks", "kms", "km", "owners", "of",
];

/// Words that end a street's name: a number before them is an address.
pub(super) const STREET_WORDS: &[&str] = &[
    "st", "street", "ave", "avenue", "rd", "road", "blvd", "dr", "drive", "ln", "lane", "ct",
    "court", "pkwy", "hwy", "highway", "way", "pl", "circle",
];

pub(super) const ORDINAL_NOUNS: &[&str] = &[
    "gear",
    "row",
    "time",
    "times",
    "floor",
    "street",
    "st",
    "ave",
    "avenue",
    "road",
    "generation",
    "gen",
    "grade",
    "place",
    "party",
    "owner",
    "car",
    "vehicle",
    "one",
    "ones",
    "year",
    "years",
    "child",
    "kid",
    "person",
    "shift",
    "try",
    "attempt",
    "reminder",
    "text",
    "message",
    "notice",
    "oil",
    "service",
    "tire",
    "tires",
    "light",
    "quarter",
    "base",
    "degree",
    "percent",
    "week",
    "month",
    "day",
    "opinion",
    "visit",
    "key",
    "seat",
    "truck",
];

/// Words after which a spelled ordinal ("the twentieth") still reads as a day.
pub(super) const ORDINAL_FOLLOWERS: &[&str] = &[
    "at",
    "of",
    "or",
    "and",
    "works",
    "work",
    "would",
    "please",
    "if",
    "is",
    "then",
    "for",
    "in",
    "around",
    "after",
    "before",
    "morning",
    "afternoon",
    "evening",
    "maybe",
    "instead",
    "ok",
    "good",
    "fine",
    "too",
    "am",
    "pm",
    "anytime",
    "any",
];

pub(super) fn weekday_of(word: &str) -> Option<Weekday> {
    Some(match word {
        "monday" => Weekday::Mon,
        "tuesday" => Weekday::Tue,
        "wednesday" => Weekday::Wed,
        "thursday" => Weekday::Thu,
        "friday" => Weekday::Fri,
        "saturday" => Weekday::Sat,
        "sunday" => Weekday::Sun,
        _ => return None,
    })
}

pub(super) fn month_of(word: &str) -> Option<u32> {
    Some(match word {
        "january" => 1,
        "february" => 2,
        "march" => 3,
        "april" => 4,
        "may" => 5,
        "june" => 6,
        "july" => 7,
        "august" => 8,
        "september" => 9,
        "october" => 10,
        "november" => 11,
        "december" => 12,
        _ => return None,
    })
}

pub(super) fn small_number(word: &str) -> Option<u32> {
    Some(match word {
        "a" | "an" | "one" => 1,
        "two" | "couple" => 2,
        "three" | "few" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        _ => return None,
    })
}

pub(super) fn ordinal_word(word: &str) -> Option<u32> {
    Some(match word {
        "first" => 1,
        "second" => 2,
        "third" => 3,
        "fourth" => 4,
        "fifth" => 5,
        "sixth" => 6,
        "seventh" => 7,
        "eighth" => 8,
        "ninth" => 9,
        "tenth" => 10,
        "eleventh" => 11,
        "twelfth" => 12,
        "thirteenth" => 13,
        "fourteenth" => 14,
        "fifteenth" => 15,
        "sixteenth" => 16,
        "seventeenth" => 17,
        "eighteenth" => 18,
        "nineteenth" => 19,
        "twentieth" => 20,
        "thirtieth" => 30,
        _ => return None,
    })
}
