//! Reading a reply as people text: tokens with their place in the original, words spelled the
//! one way the grammar and the lexicons know ("tmrw" is "tomorrow", "thurs" is "thursday",
//! "can't" is "cant"), and a normalized copy of the whole reply for the intent patterns.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Word,
    /// Digits; `value` is set for whole numbers ("38,000" is one number, "49.95" has no value).
    Num,
    Punct,
    /// Emoji and other symbols.
    Symbol,
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub kind: Kind,
    pub norm: String,
    pub value: Option<u32>,
    /// Byte range in the original text.
    pub start: usize,
    pub end: usize,
    /// Whether whitespace came before it ("9:30" is three glued tokens).
    pub spaced: bool,
}

pub(crate) struct Reply<'a> {
    pub original: &'a str,
    pub tokens: Vec<Token>,
    /// The tokens' normal forms joined by single spaces, for the intent patterns; symbols are
    /// `*`.
    pub normalized: String,
    /// Where each token's normal form sits in `normalized`.
    norm_spans: Vec<(usize, usize)>,
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{2018}' | '\u{02BC}')
}

fn is_word_char(c: char) -> bool {
    c.is_alphabetic()
}

impl<'a> Reply<'a> {
    pub fn read(original: &'a str) -> Self {
        let tokens = lex(original);
        let mut normalized = String::with_capacity(original.len() + 16);
        let mut norm_spans = Vec::with_capacity(tokens.len());
        for token in &tokens {
            if !normalized.is_empty() {
                normalized.push(' ');
            }
            let start = normalized.len();
            // The patterns read ASCII: an emoji is one "*" (so a regex never meets a
            // non-ASCII byte and keeps to its fast engine).
            match token.kind {
                Kind::Symbol => normalized.push('*'),
                _ => normalized.push_str(&token.norm),
            }
            norm_spans.push((start, normalized.len()));
        }
        Reply {
            original,
            tokens,
            normalized,
            norm_spans,
        }
    }

    /// The original text behind a byte range of `normalized`.
    pub fn original_of(&self, norm_start: usize, norm_end: usize) -> &'a str {
        let mut first = None;
        let mut last = None;
        for (i, &(s, e)) in self.norm_spans.iter().enumerate() {
            if e > norm_start && s < norm_end {
                first.get_or_insert(i);
                last = Some(i);
            }
        }
        match (first, last) {
            (Some(f), Some(l)) => &self.original[self.tokens[f].start..self.tokens[l].end],
            _ => "",
        }
    }

    /// The original text of tokens `from..to`.
    pub fn original_tokens(&self, from: usize, to: usize) -> &'a str {
        if from >= to || to > self.tokens.len() {
            return "";
        }
        &self.original[self.tokens[from].start..self.tokens[to - 1].end]
    }
}

fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(text.len() / 3 + 1);
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let end_of = |k: usize| chars.get(k).map_or(text.len(), |&(at, _)| at);
    let mut k = 0;
    let mut spaced = true;
    while k < chars.len() {
        let (at, c) = chars[k];
        if c.is_whitespace() || c == '\u{FE0F}' || c == '\u{200D}' {
            spaced |= c.is_whitespace();
            k += 1;
            continue;
        }
        let from = k;
        if is_word_char(c) {
            let mut word = String::new();
            let mut possessive_at = None;
            while k < chars.len() {
                let c = chars[k].1;
                if is_word_char(c) {
                    word.extend(c.to_lowercase());
                    k += 1;
                } else if is_apostrophe(c)
                    && chars.get(k + 1).is_some_and(|&(_, n)| n.is_alphabetic())
                {
                    possessive_at = Some(word.len());
                    k += 1;
                } else {
                    break;
                }
            }
            // "thursday's good": the weekday, not "thursdays".
            if let Some(at) = possessive_at
                && &word[at..] == "s"
                && is_calendar_word(canonical(&word[..at]).unwrap_or(&word[..at]))
            {
                word.truncate(at);
            }
            // "a.m." and "p.m." are one word.
            if (word == "a" || word == "p")
                && chars.get(k).is_some_and(|&(_, c)| c == '.')
                && chars.get(k + 1).is_some_and(|&(_, c)| c == 'm' || c == 'M')
            {
                k += 2;
                if chars.get(k).is_some_and(|&(_, c)| c == '.') {
                    k += 1;
                }
                word.push('m');
            }
            // "w/o" is "without" ("can i stop by w/o an appt?").
            if word == "w"
                && chars.get(k).is_some_and(|&(_, c)| c == '/')
                && chars.get(k + 1).is_some_and(|&(_, c)| c == 'o' || c == 'O')
                && !chars.get(k + 2).is_some_and(|&(_, c)| is_word_char(c))
            {
                k += 2;
                word = "without".to_owned();
            }
            // "we'd" is not "wed": a contraction keeps its letters.
            let norm = match possessive_at {
                Some(_) => word.clone(),
                None => canonical(&word)
                    .or_else(|| misspelt_weekday(&word))
                    .or_else(|| misspelt_opt_out(&word))
                    .unwrap_or(&word)
                    .to_owned(),
            };
            tokens.push(Token {
                kind: Kind::Word,
                norm,
                value: None,
                start: at,
                end: end_of(k),
                spaced,
            });
        } else if let Some((word, len)) = digit_word(&chars, k) {
            // "2moro", "2day", "2nite": a word spelled with a digit.
            k += len;
            tokens.push(Token {
                kind: Kind::Word,
                norm: word.to_owned(),
                value: None,
                start: at,
                end: end_of(k),
                spaced,
            });
        } else if c.is_ascii_digit() {
            let mut digits = String::new();
            let mut decimal = false;
            while k < chars.len() {
                let c = chars[k].1;
                if c.is_ascii_digit() {
                    digits.push(c);
                    k += 1;
                } else if c == ',' && !decimal && thousands_group(&chars, k + 1) {
                    k += 1;
                } else if c == '.'
                    && !decimal
                    && chars.get(k + 1).is_some_and(|&(_, n)| n.is_ascii_digit())
                {
                    decimal = true;
                    digits.push('.');
                    k += 1;
                } else {
                    break;
                }
            }
            let value = if decimal {
                None
            } else {
                digits.parse::<u32>().ok()
            };
            tokens.push(Token {
                kind: Kind::Num,
                norm: digits,
                value,
                start: at,
                end: end_of(k),
                spaced,
            });
        } else if c == '-'
            && k > 0
            && chars[k - 1].1.is_alphabetic()
            && chars.get(k + 1).is_some_and(|&(_, n)| n.is_alphabetic())
        {
            // "pick-up", "ex-wife", "walk-ins": two words.
            k += 1;
            spaced = true;
            continue;
        } else {
            k += 1;
            let kind = if c.is_ascii_punctuation() {
                Kind::Punct
            } else {
                Kind::Symbol
            };
            tokens.push(Token {
                kind,
                norm: c.to_string(),
                value: None,
                start: at,
                end: end_of(k),
                spaced,
            });
        }
        debug_assert!(k > from);
        spaced = false;
    }
    tokens
}

/// Weekdays and months, whose possessive is the day or month itself ("june's better").
fn is_calendar_word(word: &str) -> bool {
    word.ends_with("day")
        || matches!(
            word,
            "january"
                | "february"
                | "march"
                | "april"
                | "may"
                | "june"
                | "july"
                | "august"
                | "september"
                | "october"
                | "november"
                | "december"
                | "weekend"
        )
}

/// A day word texted with a digit for "to" at `k` ("2moro", "2day", "2nite"; "1st thing"), as
/// the word it stands for and how many characters it takes; none when the letters run on into another word.
fn digit_word(chars: &[(usize, char)], k: usize) -> Option<(&'static str, usize)> {
    // "1st thing monday": first thing in the morning, not the 1st of the month.
    if chars.get(k).map(|&(_, c)| c) == Some('1') {
        let rest: String = chars[k + 1..]
            .iter()
            .take(9)
            .map(|&(_, c)| c)
            .flat_map(char::to_lowercase)
            .collect();
        return (rest.starts_with("st thing")
            && !rest[8..].starts_with(|c: char| c.is_alphanumeric()))
        .then_some(("first", 3));
    }
    if chars.get(k).map(|&(_, c)| c) != Some('2') {
        return None;
    }
    let letters: String = chars[k + 1..]
        .iter()
        .map(|&(_, c)| c)
        .take_while(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    let word = match letters.as_str() {
        "moro" | "morro" | "morow" | "morrow" | "mrw" | "mro" | "mrow" | "moz" | "mor" => {
            "tomorrow"
        }
        "day" | "dy" => "today",
        "nite" | "night" | "nyt" => "tonight",
        _ => return None,
    };
    Some((word, 1 + letters.chars().count()))
}

/// Whether three digits, and then no fourth, start at `k` (the "000" of "38,000").
fn thousands_group(chars: &[(usize, char)], k: usize) -> bool {
    (0..3).all(|d| chars.get(k + d).is_some_and(|&(_, c)| c.is_ascii_digit()))
        && !chars.get(k + 3).is_some_and(|&(_, c)| c.is_ascii_digit())
}

/// A weekday typed one slip away from its name ("munday", "wednesdy", "fridya"): one letter
/// wrong, missing, extra or swapped with the next, the first letter right, and no other day as
/// near. Five letters at least, so no short word is taken for a day.
fn misspelt_weekday(word: &str) -> Option<&'static str> {
    const DAYS: [&str; 7] = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    // "tuesdays" is a habit ("tuesdays are bad"), not a slip.
    if word.len() < 5 || !word.is_ascii() || word.ends_with("days") {
        return None;
    }
    let mut near = DAYS.into_iter().filter(|day| {
        day.as_bytes()[0] == word.as_bytes()[0] && one_slip(word.as_bytes(), day.as_bytes())
    });
    // "tursday" is a slip from Tuesday and from Thursday alike: no guess.
    match (near.next(), near.next()) {
        (Some(day), None) => Some(day),
        _ => None,
    }
}

/// The opt-out words typed as people type them when they are fed up: letters held down
/// ("STOPP", "sttop", "stopppp"), "stahp" / "stawp", and "unsubscribe" one slip away
/// ("unsubscibe", "unsubcribe"). Only these two words: a slip of anything shorter is too
/// often another word.
fn misspelt_opt_out(word: &str) -> Option<&'static str> {
    // A stoop is a porch.
    if !word.is_ascii() || word == "stoop" {
        return None;
    }
    let mut held: Vec<u8> = word.bytes().collect();
    held.dedup();
    if held == b"stop" || matches!(word, "stahp" | "stawp" | "stap" | "sotp") {
        return Some("stop");
    }
    (word.len() >= 9 && one_slip(word.as_bytes(), b"unsubscribe")).then_some("unsubscribe")
}

/// Whether `a` is `b` with one letter changed, dropped, added, or two neighbours swapped.
fn one_slip(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return false;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[common..], &b[common..]);
    a.get(1..) == b.get(1..)
        || a == b.get(1..).unwrap_or_default()
        || a.get(1..).unwrap_or_default() == b
        || (a.len() >= 2 && b.len() >= 2 && a[0] == b[1] && a[1] == b[0] && a[2..] == b[2..])
}

/// The one spelling the grammar and lexicons use for a texted word, if it differs.
fn canonical(word: &str) -> Option<&'static str> {
    Some(match word {
        "tmrw" | "tmr" | "tmrow" | "tmw" | "tmro" | "tmrrw" | "tomorow" | "tommorow"
        | "tommorrow" | "tomorrw" | "tomoro" | "tomorro" | "tommorw" | "tomm" | "tomo"
        | "tomrrow" | "tomrw" => "tomorrow",
        "tonite" | "tnite" | "tonigh" => "tonight",
        "tdy" | "tday" => "today",
        "nxt" => "next",
        "wk" => "week",
        "wknd" | "wkend" | "weekend's" => "weekend",
        "wks" | "wkz" => "weeks",
        "mon" | "mondy" | "monady" | "mnday" => "monday",
        "tue" | "tues" | "tu" | "teusday" | "tuseday" | "tuesdy" | "tusday" => "tuesday",
        "wed" | "weds" | "wensday" | "wendsday" | "wednsday" | "wedensday" | "wednesay"
        | "wedsday" | "wednes" | "wenesday" | "wedneday" => "wednesday",
        "thu" | "thur" | "thurs" | "thrus" | "thrusday" | "thursdy" | "thusday" | "thurday"
        | "thursay" => "thursday",
        "fri" | "firday" | "fryday" | "fridy" | "frday" => "friday",
        "sat" | "saterday" | "satruday" | "saturdy" | "satday" | "satuday" => "saturday",
        "sun" | "sundy" => "sunday",
        // Spanish days, as customers mix them in ("el jueves at 3").
        "lunes" => "monday",
        "martes" => "tuesday",
        "miercoles" | "miércoles" => "wednesday",
        "jueves" => "thursday",
        "viernes" => "friday",
        "sabado" | "sábado" => "saturday",
        "domingo" => "sunday",
        "hoy" => "today",
        "jan" => "january",
        "feb" => "february",
        "apr" => "april",
        "jun" => "june",
        "jul" => "july",
        "aug" => "august",
        "sep" | "sept" => "september",
        "oct" => "october",
        "nov" => "november",
        "dec" => "december",
        "u" => "you",
        "ur" => "your",
        "r" => "are",
        "ya" | "yea" | "yeh" | "yah" | "ye" => "yeah",
        "pls" | "plz" | "plse" | "pleas" | "pleae" | "plez" => "please",
        "thx" | "thnx" | "thanx" | "thks" | "tks" | "ty" | "tx" | "thnks" | "thanksss"
        | "thankss" => "thanks",
        "appt" | "apt" | "appointmnt" | "apointment" | "appoitment" | "appointement" | "appt's" => {
            "appointment"
        }
        "appts" | "apts" => "appointments",
        "abt" | "bout" => "about",
        "cannot" => "cant",
        "msg" => "message",
        "msgs" => "messages",
        "txt" => "text",
        "txts" => "texts",
        "txting" | "texing" | "textin" | "txtin" | "textng" => "texting",
        "numbr" | "numbe" | "nmber" => "number",
        "svc" => "service",
        "hrs" => "hours",
        "hr" => "hour",
        "mins" => "minutes",
        "min" => "minute",
        "bc" | "cuz" | "coz" | "cause" | "bcuz" | "bcz" => "because",
        "thru" => "through",
        "til" | "till" | "untill" | "untl" | "unil" => "until",
        "nite" => "night",
        "morn" | "mornin" | "mrning" | "moring" | "morining" => "morning",
        "aft" | "afternon" | "afternnon" | "aftrnoon" => "afternoon",
        "evng" | "evenin" => "evening",
        "prob" | "probs" | "prolly" => "probably",
        "w" => "with",
        "sry" | "srry" => "sorry",
        "anytime" => "anytime",
        "b" => "be",
        "n" => "and",
        "xmas" | "x-mas" => "christmas",
        "recal" | "reacall" => "recall",
        "loner" | "lonar" | "loanr" => "loaner",
        "alredy" | "allready" | "alrdy" | "alreday" | "allredy" => "already",
        "sceduled" | "schedualed" | "scheduald" | "schedulled" | "skeduled" => "scheduled",
        "chnaged" | "chaged" | "changd" => "changed",
        "stpo" | "sotp" => "stop",
        "remvoe" | "reomve" | "rmove" | "remov" | "remve" => "remove",
        "lsit" | "lits" => "list",
        "msging" | "msgin" | "msgn" | "messagin" | "mesaging" | "msgng" => "messaging",
        "persn" | "peson" | "preson" => "person",
        "fone" | "phn" => "phone",
        "engin" | "enigne" | "engien" => "engine",
        "flashin" | "flasing" => "flashing",
        "maby" | "mabye" | "mayb" => "maybe",
        "sprng" => "spring",
        "dealer's" => "dealers",
        _ => return None,
    })
}
