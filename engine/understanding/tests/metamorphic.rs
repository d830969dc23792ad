//! Metamorphic tests of the date-time grammar (issue 37): the answer to a composed reply follows
//! from its parts. Every day phrase with every time phrase, in every framing, gives that day at
//! that time; a correction after a first reading gives the corrected one. A rule that reads one
//! sentence and not its variations fails here (docs/assistant-rules.md, rules 5, 8 and 9).

use chrono::{NaiveDate, NaiveDateTime};
use understanding::{Grain, understand_local};

/// Tuesday, 24 November 2026, 10:00 in the store's zone.
fn received() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 24)
        .and_then(|day| day.and_hms_opt(10, 0, 0))
        .expect("a real moment")
}

/// Day phrases, as customers type them, and the day each names.
const DAYS: &[(&str, &str)] = &[
    ("tomorrow", "2026-11-25"),
    ("tmrw", "2026-11-25"),
    ("2moro", "2026-11-25"),
    ("thursday", "2026-11-26"),
    ("thurs", "2026-11-26"),
    ("wendsday", "2026-11-25"),
    ("friday", "2026-11-27"),
    ("fri", "2026-11-27"),
    ("dec 3", "2026-12-03"),
    ("the 3rd", "2026-12-03"),
];

/// Time phrases, compact and sloppy ones among them, and the clock time and grain each names
/// (a bare hour is a service-drive hour, rule 5).
const TIMES: &[(&str, &str, Grain)] = &[
    ("2pm", "14:00", Grain::Hour),
    ("2p", "14:00", Grain::Hour),
    ("2 pm", "14:00", Grain::Hour),
    ("2:30pm", "14:30", Grain::Minute),
    ("230pm", "14:30", Grain::Minute),
    ("2:30", "14:30", Grain::Minute),
    ("half past 2", "14:30", Grain::Minute),
    ("quarter past 10", "10:15", Grain::Minute),
    ("quarter to 10", "09:45", Grain::Minute),
    ("10am", "10:00", Grain::Hour),
    ("10a", "10:00", Grain::Hour),
    ("1030am", "10:30", Grain::Minute),
    ("1030 am", "10:30", Grain::Minute),
    ("noon", "12:00", Grain::Hour),
    ("noonish", "12:00", Grain::Hour),
    ("9ish", "09:00", Grain::Hour),
    ("3ish", "15:00", Grain::Hour),
];

/// Ways of putting a day and a time into a reply.
const FRAMINGS: &[&str] = &[
    "{d} at {t}",
    "{d} {t}",
    "{t} {d}",
    "can i come in {d} at {t}?",
    "{d} @ {t} works for me",
    "how about {d} around {t}",
    "Yes!! {d} at {t} please 👍",
];

fn requested(text: &str) -> Option<(String, Grain)> {
    understand_local(text, received())
        .requested_time
        .map(|t| (t.start.format("%Y-%m-%dT%H:%M").to_string(), t.grain))
}

/// Each reply reads as the day given (`YYYY-MM-DD`), whatever the time.
fn expect_days(cases: &[(&str, &str)]) {
    for (text, wanted) in cases {
        assert_eq!(
            requested(text).map(|(start, _)| start[..10].to_owned()),
            Some((*wanted).to_owned()),
            "{text}"
        );
    }
}

/// Fails with every reply read wrong, counted.
fn none_wrong(wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Notes `text` in `wrong` unless it reads as `wanted` (`YYYY-MM-DDTHH:MM`), whatever the grain.
fn check(text: &str, wanted: &str, wrong: &mut Vec<String>) {
    let got = requested(text).map(|(start, _)| start);
    if got.as_deref() != Some(wanted) {
        wrong.push(format!("{text:?}: {got:?}, wanted {wanted}"));
    }
}

fn fill(framing: &str, day: &str, time: &str) -> String {
    framing.replace("{d}", day).replace("{t}", time)
}

#[test]
fn every_day_with_every_time_in_every_framing_is_that_day_at_that_time() {
    let mut wrong = Vec::new();
    let mut total = 0;
    for framing in FRAMINGS {
        for (day, date) in DAYS {
            for (time, clock, grain) in TIMES {
                // "the 3rd quarter" is a quarter of the year before it is a time.
                if framing.contains("{d} {t}") && day.ends_with("rd") && time.starts_with("quarter")
                {
                    continue;
                }
                total += 1;
                let text = fill(framing, day, time);
                let wanted = (format!("{date}T{clock}"), *grain);
                let got = requested(&text);
                if got.as_ref() != Some(&wanted) {
                    wrong.push(format!("{text:?}: {got:?}, wanted {wanted:?}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {total} composed replies read wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Ways of correcting the time just given.
const TIME_CORRECTIONS: &[&str] = &[
    "{d} at {t1}. actually make that {t2}",
    "{d} at {t1}, no wait {t2}",
    "{d} at {t1}... actually {t2} is better",
    "{d} at {t1}. sorry i meant {t2}",
    "{d} at {t1} - make it {t2}",
];

#[test]
fn a_corrected_time_replaces_the_first_and_keeps_the_day() {
    let pairs = [
        ("2pm", "3pm", "15:00"),
        ("10am", "11:30am", "11:30"),
        ("noon", "1030am", "10:30"),
    ];
    let mut wrong = Vec::new();
    for framing in TIME_CORRECTIONS {
        for (day, date) in DAYS {
            for (first, second, clock) in pairs {
                let text = framing
                    .replace("{d}", day)
                    .replace("{t1}", first)
                    .replace("{t2}", second);
                check(&text, &format!("{date}T{clock}"), &mut wrong);
            }
        }
    }
    none_wrong(&wrong);
}

#[test]
fn a_corrected_day_replaces_the_first_and_keeps_the_time() {
    let mut wrong = Vec::new();
    for framing in [
        "{d1} at {t}. actually {d2}",
        "{d1} at {t}, i meant {d2}",
        "{d1} at {t}. no wait, {d2}",
    ] {
        for (first, _) in DAYS.iter().take(3) {
            for (second, date) in DAYS.iter().skip(3) {
                for (time, clock, _) in TIMES.iter().take(6) {
                    let text = framing
                        .replace("{d1}", first)
                        .replace("{d2}", second)
                        .replace("{t}", time);
                    check(&text, &format!("{date}T{clock}"), &mut wrong);
                }
            }
        }
    }
    none_wrong(&wrong);
}

#[test]
fn numbers_that_are_not_times_stay_out_of_the_reading() {
    for text in [
        "friday, it has 1230 miles on it",
        "the 2020 camry friday",
        "friday, the quote was $1230",
        "friday, my ro number is 1234",
    ] {
        assert_eq!(
            requested(text),
            Some(("2026-11-27T00:00".to_owned(), Grain::Day)),
            "{text}"
        );
    }
}

#[test]
fn ruling_out_another_day_never_moves_the_reading_to_it() {
    let mut wrong = Vec::new();
    for (day, date) in DAYS {
        for (other, _) in DAYS {
            if requested(other).map(|(start, _)| start[..10].to_owned()) == Some(date.to_string()) {
                continue;
            }
            for (time, clock, _) in TIMES.iter().take(8) {
                for framing in [
                    "{d} at {t}, not {o}",
                    "not {o}. {d} at {t}",
                    "cant do {o}, {d} at {t} works",
                    "cant do {o}. {d} at {t} works",
                    "{d} at {t} but {o} is no good",
                ] {
                    // "friday, the 3rd" is one day, a Friday the 3rd (rule 2).
                    if framing.contains("{o}, {d}") && day.starts_with("the ") {
                        continue;
                    }
                    let text = framing
                        .replace("{d}", day)
                        .replace("{o}", other)
                        .replace("{t}", time);
                    check(&text, &format!("{date}T{clock}"), &mut wrong);
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn any_day_but_one_is_the_earliest_day_allowed_and_never_the_excluded_one() {
    // Said on a Tuesday: tomorrow, unless tomorrow is the one ruled out.
    expect_days(&[
        ("any day but monday", "2026-11-25"),
        ("any day except wednesday", "2026-11-26"),
        ("anytime but wednesday", "2026-11-26"),
        ("anytime but wednesday works", "2026-11-26"),
        ("whenever, just not wednesday", "2026-11-26"),
        ("any other day but wednesday is fine", "2026-11-26"),
    ]);
}

#[test]
fn any_day_but_a_weekday_never_lands_on_it_whatever_day_it_is_said() {
    use chrono::{Datelike, Duration};
    let names = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    for offset in 0..7 {
        let said = received() + Duration::days(offset);
        for (index, name) in names.iter().enumerate() {
            for framing in [
                "any day but {w}",
                "anytime except {w}",
                "any day but {w} works",
                // A part of day said beside the exclusion is for the days allowed.
                "any day but {w}, mornings are best",
                "any day except {w}. afternoons work",
                "mornings pls, anytime except {w}",
            ] {
                let text = framing.replace("{w}", name);
                let got = understand_local(&text, said)
                    .requested_time
                    .expect("a day")
                    .start
                    .date();
                let tomorrow = said.date() + Duration::days(1);
                let wanted = if tomorrow.weekday().num_days_from_monday() as usize == index {
                    tomorrow + Duration::days(1)
                } else {
                    tomorrow
                };
                assert_eq!(got, wanted, "{text:?} said {said}");
            }
        }
    }
}

#[test]
fn a_lower_bound_said_with_not_is_that_day_on() {
    expect_days(&[
        ("not before friday", "2026-11-27"),
        ("not before friday please", "2026-11-27"),
        ("no sooner than thursday", "2026-11-26"),
        ("not until friday, sorry", "2026-11-27"),
    ]);
}

#[test]
fn a_customer_restating_their_day_is_heard() {
    expect_days(&[
        ("no I said friday", "2026-11-27"),
        ("I said thursday", "2026-11-26"),
        ("tuesday at 2? no i said thursday", "2026-11-26"),
    ]);
}

#[test]
fn the_weekday_after_next_is_a_week_after_next_weekday() {
    use chrono::Duration;
    for offset in 0..7 {
        let said = received() + Duration::days(offset);
        for name in ["monday", "tuesday", "friday", "sunday"] {
            let next = understand_local(&format!("next {name}"), said)
                .requested_time
                .expect("next")
                .start;
            for framing in [
                "the {w} after next",
                "{w} after next",
                "how about the {w} after next at 10am",
            ] {
                let text = framing.replace("{w}", name);
                let got = understand_local(&text, said)
                    .requested_time
                    .expect("a day")
                    .start;
                assert_eq!(
                    got.date(),
                    next.date() + Duration::days(7),
                    "{text:?} said {said}"
                );
            }
        }
    }
}

/// A reply that revises the time a conversation stands at (the assistant's offer or the visit
/// booked) keeps what it does not name: a new time stays on the day, a new day keeps the time;
/// the reading is asked back. A time alone stays on the day talked about with or without a word
/// that revises; a day alone without one is just that day.
#[test]
fn a_later_reply_that_corrects_the_standing_time_keeps_what_it_does_not_name() {
    let received = received().and_utc();
    let zone = chrono_tz::UTC;
    let standing_days = ["2026-11-26", "2026-11-27", "2026-12-01", "2026-12-03"];
    let time_words = [
        ("3", "15:00"),
        ("3pm", "15:00"),
        ("230", "14:30"),
        ("10am", "10:00"),
        ("noon", "12:00"),
        ("half past 11", "11:30"),
    ];
    let framings = [
        "actually make it {t}",
        "can we do {t} instead",
        "I meant {t}",
        "sorry, change that to {t}",
        "{t} would be better actually",
    ];
    let mut wrong = Vec::new();
    for day in standing_days {
        let standing = NaiveDateTime::parse_from_str(&format!("{day}T14:00"), "%Y-%m-%dT%H:%M")
            .expect("a standing time");
        for (words, clock) in time_words {
            for framing in framings {
                let text = framing.replace("{t}", words);
                let read =
                    understanding::understand_in_dialogue(&text, received, zone, Some(standing));
                let got = read
                    .requested_time
                    .map(|t| t.start.format("%Y-%m-%dT%H:%M").to_string());
                if got.as_deref() != Some(&format!("{day}T{clock}")) || !read.time_unsure {
                    wrong.push(format!("{text} (standing {day}): {got:?}"));
                }
            }
        }
        for (words, weekday) in [("friday", "2026-11-27"), ("dec 2", "2026-12-02")] {
            let text = format!("can we do {words} instead?");
            let read = understanding::understand_in_dialogue(&text, received, zone, Some(standing));
            let got = read
                .requested_time
                .map(|t| t.start.format("%Y-%m-%dT%H:%M").to_string());
            if got.as_deref() != Some(&format!("{weekday}T14:00")) {
                wrong.push(format!("{text} (standing {day}): {got:?}"));
            }
        }
        // A time alone is on the day talked about too, and asked back.
        let plain =
            understanding::understand_in_dialogue("3 works", received, zone, Some(standing));
        let got = plain.requested_time.map(|t| t.start);
        if got != NaiveDateTime::parse_from_str(&format!("{day}T15:00"), "%Y-%m-%dT%H:%M").ok()
            || !plain.time_unsure
        {
            wrong.push(format!("3 works (standing {day}): {got:?}"));
        }
        // A day alone without a word that revises is that day, as read on its own.
        let day_only =
            understanding::understand_in_dialogue("friday works", received, zone, Some(standing));
        if day_only.requested_time.map(|t| t.grain) != Some(Grain::Day) {
            wrong.push(format!(
                "friday works (standing {day}): {:?}",
                day_only.requested_time
            ));
        }
    }
    none_wrong(&wrong);
}

/// A bare 6 or 7 is read by rule 5 but asked back; with a morning or evening word, or any other
/// hour, it is booked as read.
#[test]
fn a_bare_six_or_seven_is_asked_back() {
    let unsure = |text: &str| understand_local(text, received()).time_unsure;
    for text in [
        "thursday at 7",
        "friday 6:30?",
        "can you do 7 tmrw",
        "dec 3 @ 6",
    ] {
        assert!(unsure(text), "{text}");
    }
    for text in [
        "thursday at 7am",
        "friday 6:30 in the evening",
        "thursday at 4",
        "tmrw at 10",
        "7pm friday",
    ] {
        assert!(!unsure(text), "{text}");
    }
}

/// Every weekday typed with one slip (a letter wrong, missing, doubled or two swapped) reads as
/// that weekday, in any framing; a weekday's plural ("tuesdays are bad") is never a request.
#[test]
fn a_weekday_with_one_slip_reads_as_that_weekday() {
    let days = [
        ("monday", "2026-11-30"),
        ("tuesday", "2026-12-01"),
        ("wednesday", "2026-11-25"),
        ("thursday", "2026-11-26"),
        ("friday", "2026-11-27"),
        ("saturday", "2026-11-28"),
    ];
    let mut wrong = Vec::new();
    for (day, date) in days {
        let b = day.as_bytes();
        let mut slips = Vec::new();
        for k in 1..b.len() - 1 {
            let mut dropped = b.to_vec();
            dropped.remove(k);
            slips.push(dropped);
            let mut swapped = b.to_vec();
            swapped.swap(k, k + 1);
            slips.push(swapped);
            let mut doubled = b.to_vec();
            doubled.insert(k, b[k]);
            slips.push(doubled);
        }
        for slip in slips {
            let slip = String::from_utf8(slip).expect("ascii");
            // One slip from Tuesday too: left unread rather than guessed.
            if slip == "tursday" {
                continue;
            }
            for framing in ["{d} at 10am", "can i come {d}?", "{d} works"] {
                let text = framing.replace("{d}", &slip);
                match requested(&text) {
                    Some((start, _)) if start.starts_with(date) => {}
                    other => wrong.push(format!("{text}: {other:?}")),
                }
            }
        }
        assert_eq!(requested(&format!("{day}s are bad for me")), None, "{day}s");
    }
    none_wrong(&wrong);
}

/// A slip caught in the same reply ("no", "sorry", "oops", "wait" before a new day or time)
/// corrects what came before it, like "actually" (rule 9), and is asked back.
#[test]
fn a_slip_caught_with_no_or_sorry_is_corrected() {
    let mut wrong = Vec::new();
    for catch in [
        "no",
        "sorry",
        "oops",
        "no wait",
        "wait",
        "no sorry,",
        "oh wait",
    ] {
        for (first, second, wanted) in [
            ("thursday at 2", "3", "2026-11-26T15:00"),
            ("10am tmrw", "11am", "2026-11-25T11:00"),
            ("friday", "thursday", "2026-11-26T00:00"),
            ("the 3rd at 9", "the 4th", "2026-12-04T09:00"),
        ] {
            let text = format!("{first} {catch} {second}");
            let read = understand_local(&text, received());
            let got = read
                .requested_time
                .map(|t| t.start.format("%Y-%m-%dT%H:%M").to_string());
            if got.as_deref() != Some(wanted) || !read.time_unsure {
                wrong.push(format!("{text}: {got:?} unsure {}", read.time_unsure));
            }
        }
    }
    none_wrong(&wrong);
}

/// A part of the day asked for on any day but one never lands on the day ruled out: it moves
/// on to the next day allowed, as a whole day does (rule 9).
#[test]
fn a_part_of_day_never_lands_on_the_day_ruled_out() {
    let mut wrong = Vec::new();
    // Said on a Tuesday at 10: the next morning is tomorrow's, the next afternoon today's.
    let cases = [
        ("any morning", "tomorrow", "2026-11-26"),
        ("mornings", "tmrw", "2026-11-26"),
        ("first thing", "tomorrow", "2026-11-26"),
        ("any afternoon", "today", "2026-11-25"),
        ("afternoons", "today", "2026-11-25"),
        ("after lunch", "today", "2026-11-25"),
    ];
    for (part, day, wanted) in cases {
        for framing in ["{p}, just not {d}", "{p} but not {d}", "not {d}. {p} works"] {
            let text = framing.replace("{p}", part).replace("{d}", day);
            let got = requested(&text).map(|(start, _)| start[..10].to_owned());
            if got.as_deref() != Some(wanted) {
                wrong.push(format!("{text:?}: {got:?}, wanted {wanted}"));
            }
        }
    }
    none_wrong(&wrong);
}

/// Counts, prices, mileage, years and models beside a reading change nothing and ask nothing
/// back; a number shaped like a time that no expression took ("make it 4 instead of 3 on
/// thursday") leaves the reading unsure, and so do two days said apart without "or" ("the
/// 7th, after new years"): the earliest stands by rule 8, but it is asked back, not booked.
#[test]
fn a_reading_with_a_time_left_over_or_a_rival_day_is_asked_back() {
    let mut wrong = Vec::new();
    for (day, date) in DAYS {
        for (time, clock, _) in TIMES.iter().take(6) {
            let base = format!("{day} at {time}");
            let wanted = format!("{date}T{clock}");
            for aside in [
                "it has 45k miles on it",
                "the 2019 rav4",
                "quote was $89",
                "we have 2 cars",
                "my 2nd oil change this year",
                "call me at 555-0148",
            ] {
                let text = format!("{base}, {aside}");
                let read = understand_local(&text, received());
                let got = read
                    .requested_time
                    .map(|t| t.start.format("%Y-%m-%dT%H:%M").to_string());
                if got.as_deref() != Some(&wanted) || read.time_unsure {
                    wrong.push(format!("{text}: {got:?} unsure {}", read.time_unsure));
                }
            }
        }
    }
    none_wrong(&wrong);
    let unsure = |text: &str| understand_local(text, received()).time_unsure;
    for text in [
        "make it 4 instead of 3 on thursday",
        "the 7th, after new years",
        "maybe in a couple weeks? the kids start school monday",
        "3 trucks monday at 8 and 3 more wednesday",
        "saturday morning. nope, monday afternoon",
    ] {
        assert!(unsure(text), "{text}");
    }
    for text in [
        "monday or tuesday at 10",
        "the 3rd, 4th or 5th",
        "mon/wed after 2",
        "friday at 10, it has 30k on it",
    ] {
        assert!(!unsure(text), "{text}");
    }
}
