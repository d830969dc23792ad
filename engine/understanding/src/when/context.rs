//! Sentences and the words around an atom: what is negated, retracted, past or not a request.

use super::*;

/// Sentences and clauses: where a negation or a "this is not a request" cue reaches.
pub(super) struct Layout {
    pub(super) sentence: Vec<usize>,
    pub(super) clause: Vec<usize>,
}

impl Layout {
    pub(super) fn of(tokens: &[Token]) -> Self {
        let mut sentence = Vec::with_capacity(tokens.len());
        let mut clause = Vec::with_capacity(tokens.len());
        let (mut s, mut c) = (0, 0);
        for (k, t) in tokens.iter().enumerate() {
            let prev_num = k > 0 && tokens[k - 1].kind == Kind::Num;
            let next_num_glued = tokens
                .get(k + 1)
                .is_some_and(|n| n.kind == Kind::Num && !n.spaced);
            let breaks_sentence = match t.kind {
                Kind::Punct => matches!(t.norm.as_str(), "." | "!" | "?" | ";"),
                Kind::Symbol => true,
                _ => false,
            };
            let breaks_clause = match t.kind {
                Kind::Punct => match t.norm.as_str() {
                    "," | "(" | ")" => true,
                    ":" => !(prev_num && next_num_glued),
                    "-" => t.spaced && tokens.get(k + 1).is_some_and(|n| n.spaced),
                    _ => false,
                },
                Kind::Word => matches!(
                    t.norm.as_str(),
                    "but" | "so" | "though" | "tho" | "although" | "because" | "if" | "instead"
                ),
                _ => false,
            };
            if breaks_clause && t.kind == Kind::Word {
                c += 1;
            }
            sentence.push(s);
            clause.push(c);
            if breaks_sentence {
                s += 1;
                c += 1;
            } else if breaks_clause && t.kind != Kind::Word {
                c += 1;
            }
        }
        Layout { sentence, clause }
    }
}

pub(super) const PAST_WORDS: &[&str] = &[
    "had",
    "did",
    "was",
    "were",
    "went",
    "took",
    "sold",
    "moved",
    "totaled",
    "totalled",
    "fixed",
    "changed",
    "came",
    "bought",
    "traded",
    "sent",
    "died",
    "broke",
    "paid",
    "replaced",
    "rotated",
    "repaired",
    "repossessed",
    "called",
    "texted",
    "quoted",
    "charged",
    "scratched",
    "told",
    "said",
    "happened",
    "passed",
    "noticed",
    "ordered",
    "finished",
    "ago",
    "yesterday",
    "been",
    "serviced",
    "started",
    "got",
    "performed",
    "completed",
    "handled",
    "turned",
    "donated",
    "gave",
    "barely",
    "didnt",
    "swapped",
    "finished",
];
pub(super) const EXISTING_WORDS: &[&str] = &["already", "booked", "scheduled"];
pub(super) const CONTACT_WORDS: &[&str] = &[
    "texting",
    "call",
    "calling",
    "text",
    "hit",
    "reach",
    "ask",
    "contact",
    "message",
    "ping",
    "email",
    "salesperson",
    "salesman",
    "ring",
    "phone",
    "buzz",
    "telephone",
];
pub(super) const AWAY_WORDS: &[&str] = &[
    "traveling",
    "travelling",
    "vacation",
    "deployed",
    "working",
    "meeting",
    "flight",
    "payday",
    "expires",
    "expire",
    "expired",
    "expiring",
    "away",
    "hours",
    "closed",
    "lake",
    "lease",
    "leasing",
    "camping",
    "beach",
    "trip",
    "wedding",
    "funeral",
    "visiting",
    "gone",
    "conflict",
    "brunch",
    "dentist",
    "doctor",
    "doctors",
    "surgery",
    "procedure",
    // Habits, not requests: "he usually goes end of day on fridays".
    "usually",
    "normally",
    // The customer's own appointments: "I have PT at 9".
    "pt",
    "therapy",
    "physio",
    "rehab",
    "dialysis",
    "chemo",
    // The customer's own timetable: "nursing student with clinicals mon tue thu", "i have a
    // class at 1".
    "clinicals",
    "class",
    "classes",
];
/// Words that ask for the date right after them ("can we do Monday the 22nd").
const REQUEST_LEADS: &[&[&str]] = &[
    &["can", "we", "do"],
    &["could", "we", "do"],
    &["can", "you", "do"],
    &["could", "you", "do"],
    &["can", "we", "try"],
    &["lets", "do"],
    &["how", "about"],
    &["what", "about"],
    &["book", "me", "for"],
    &["put", "me", "down", "for"],
    &["can", "i", "come", "in"],
    &["can", "i", "bring", "it", "in"],
];

/// The customer's own hours ("i get off at 4:30", "I start at 9:30"): the time right after is
/// theirs, not asked for; the rest of the sentence may well be a request ("monday or tuesday
/// after 5 i get off at 4:30").
pub(super) const OWN_HOURS: &[&[&str]] = &[
    &["get", "off", "at"],
    &["gets", "off", "at"],
    &["im", "off", "at"],
    &["off", "work", "at"],
    &["shift", "ends"],
    &["shift", "ends", "at"],
    &["i", "start", "at"],
    &["shift", "starts"],
    &["shift", "starts", "at"],
    &["i", "clock", "in"],
    &["i", "clock", "in", "at"],
    &["i", "go", "in", "at"],
    // "I finish the work at 1", "i get out at 4".
    &["i", "finish", "at"],
    &["i", "finish", "work", "at"],
    &["i", "finish", "the", "work", "at"],
    &["i", "get", "out", "at"],
    &["get", "out", "of", "work", "at"],
];
pub(super) const AWAY_PHRASES: &[&[&str]] = &[
    &["try", "me"],
    &["home", "from"],
    &["back", "from"],
    &["has", "the", "truck"],
    &["has", "the", "car"],
    &["get", "it", "back"],
    // "my appt is 315pm tomorrow right?": the booking held, asked about.
    &["appointment", "is"],
    &["on", "the", "schedule"],
    &["see", "one"],
    &["test", "drive"],
    &["look", "at", "one"],
    &["see", "the", "new"],
    &["look", "at", "the", "new"],
    &["show", "me", "the", "new"],
    &["check", "back"],
    &["circle", "back"],
    &["out", "of", "town"],
    &["out", "of", "the", "country"],
    &["at", "work"],
    &["start", "work"],
    &["start", "my", "shift"],
    &["i", "start", "my"],
    &["have", "to", "be", "at", "work"],
    &["on", "the", "books"],
    &["have", "an", "appointment"],
    &["have", "a", "appointment"],
    &["got", "an", "appointment"],
    &["get", "back"],
    &["let", "you", "know"],
    &["touch", "base"],
    &["follow", "up"],
    &["pay", "day"],
    // The customer's own timetable: "on 3rd shift this week" (and "I work 6am to 2:30",
    // below).
    &["shift", "this", "week"],
    &["shift", "next", "week"],
    &["night", "shift"],
];

/// "(thursday is my) only day off", "(saturday is the) only day I don't have my grandkids",
/// "(thursdays are my) day": the day said is the one the customer is free.
pub(super) fn free_day_after(tokens: &[Token], k: usize) -> bool {
    [
        &["only", "day"][..],
        &["day", "off"],
        &["days", "off"],
        &["free", "day"],
        &["best", "day"],
        &["good", "day"],
        &["day"],
    ]
    .iter()
    .any(|p| {
        words_at(tokens, k, p)
            && (p.len() > 1
                || tokens
                    .get(k + 1)
                    .is_none_or(|t| matches!(t.norm.as_str(), "." | "," | "!" | "?" | "so")))
    })
}

/// "I work 6am to 2:30 now", "I work at noon": the customer's hours; not where they work ("I
/// work in Providence, is Wednesday at 8 OK").
fn own_work_hours(tokens: &[Token], k: usize) -> bool {
    words_at(tokens, k, &["i", "work"])
        && !tokens.get(k + 2).is_some_and(|t| {
            matches!(
                t.norm.as_str(),
                "in" | "for" | "near" | "from" | "with" | "close" | "right" | "downtown" | "across"
            )
        })
}
pub(super) const HOPE_WORDS: &[&str] = &["hoping", "thinking", "wondering", "planning", "going"];

pub(super) const PREFIX_NEGATIONS: &[&[&str]] = &[
    &["nothing"],
    &["not"],
    &["cant"],
    &["wont"],
    &["except"],
    &["besides"],
    &["busy"],
    &["unavailable"],
    &["other", "than"],
    &["instead"],
    &["no", "on"],
    &["no", "to"],
    &["no", "can", "do"],
    &["none", "of"],
    &["neither", "is"],
    &["nor"],
];
pub(super) const NOT_NEGATIONS: &[&[&str]] = &[
    &["not", "sure"],
    &["not", "too"],
    &["not", "a", "problem"],
    &["not", "only"],
    &["if", "not"],
    &["not", "until"],
    &["not", "before"],
];
pub(super) const POSTFIX_NEGATIONS: &[&[&str]] = &[
    &["no", "go"],
    &["a", "no", "go"],
    &["wont", "work"],
    &["doesnt", "work"],
    &["dont", "work"],
    &["not", "work"],
    &["will", "not", "work"],
    &["is", "crazy"],
    &["is", "a", "mess"],
    &["is", "bad"],
    &["is", "busy"],
    &["is", "full"],
    &["is", "packed"],
    &["is", "booked"],
    &["is", "slammed"],
    &["is", "out"],
    &["is", "tough"],
    &["is", "hard"],
    &["is", "hectic"],
    &["is", "rough"],
    &["no", "good"],
    &["not", "good"],
    &["isnt", "good"],
    &["not", "great"],
    &["im", "busy"],
    &["sucks"],
    &["is", "a", "no"],
    &["s", "a", "no"],
    &["s", "no", "good"],
    &["s", "bad"],
    &["a", "no"],
    // Several options ruled out at once ("this week and next r crazy").
    &["are", "crazy"],
    &["r", "crazy"],
    &["are", "bad"],
    &["r", "bad"],
    &["are", "busy"],
    &["r", "busy"],
    &["are", "full"],
    &["r", "full"],
    &["are", "packed"],
    &["r", "packed"],
    &["are", "booked"],
    &["are", "slammed"],
    &["r", "slammed"],
    &["are", "out"],
    &["r", "out"],
    &["are", "tough"],
    &["are", "hectic"],
    &["r", "hectic"],
    &["are", "no", "good"],
    &["r", "no", "good"],
];
pub(super) const RETRACTIONS: &[&[&str]] = &[
    &["wait", "no"],
    &["no", "wait"],
    &["actually", "no"],
    &["jk"],
    &["just", "kidding"],
    &["nvm"],
    &["nevermind"],
    &["never", "mind"],
    &["scratch", "that"],
    &["on", "second", "thought"],
];

/// Words a customer catches a slip with: "10am.. no 11am", "friday, sorry thursday", "the 10th...
/// oops the 11th", "wed at 3. oh wait, 11am?".
const SLIPS: &[&str] = &[
    "no", "sorry", "oops", "wait", "oh", "hmm", "nah", "meant", "ment",
];

/// Whether the slip word at `k` comes straight before a new day or time (through more slip
/// words, "I meant", "make it", "say" and punctuation), after something was already said: it
/// corrects what came before (rule 9). "no rush", "sorry for the delay" name nothing new.
fn slip_before_new_option(tokens: &[Token], atoms: &[Atom], k: usize) -> bool {
    if !SLIPS.contains(&tokens[k].norm.as_str()) || !atoms.iter().any(|a| a.end <= k) {
        return false;
    }
    let filler = |t: &Token| {
        t.kind == Kind::Punct
            || SLIPS.contains(&t.norm.as_str())
            || matches!(
                t.norm.as_str(),
                "i" | "mean"
                    | "make"
                    | "it"
                    | "that"
                    | "say"
                    | "actually"
                    | "how"
                    | "about"
                    | "then"
            )
    };
    // The new option's atom may open on a cue word ("make it 1", "say 3").
    let next = (k + 1..tokens.len()).find(|&j| !filler(&tokens[j]));
    next.is_some_and(|j| {
        atoms
            .iter()
            .any(|a| a.start >= k && a.start <= j && a.end > j)
    })
}

/// Words that correct what was said before with what follows ("make that 3", "I meant friday").
pub(super) const CORRECTIONS: &[&[&str]] = &[
    &["make", "that"],
    &["i", "meant"],
    &["i", "mean"],
    &["i", "said"],
    &["change", "that", "to"],
    &["change", "it", "to"],
    &["correction"],
    &["sorry", "i", "meant"],
];

/// Whether a reply revises what was said before it, here or earlier in the conversation: a
/// correction ("make that 3", "I meant friday", "actually"), "instead", "rather", "would be
/// better", or "same time".
pub(super) fn revises(tokens: &[Token]) -> bool {
    (0..tokens.len()).any(|k| {
        CORRECTIONS.iter().any(|p| words_at(tokens, k, p))
            || words_at(tokens, k, &["make", "it"])
            || words_at(tokens, k, &["same", "time"])
            || ["actually", "instead", "rather", "better"]
                .iter()
                .any(|w| words_at(tokens, k, &[w]))
    })
}

pub(super) fn words_at(tokens: &[Token], k: usize, words: &[&str]) -> bool {
    words.iter().enumerate().all(|(d, w)| {
        tokens
            .get(k + d)
            .is_some_and(|t| t.kind == Kind::Word && t.norm == *w)
    })
}

/// Marks atoms that are negated, retracted or not requests because of the words around them.
pub(super) fn mark_context(tokens: &[Token], layout: &Layout, atoms: &mut [Atom]) {
    let mut covered = vec![false; tokens.len()];
    for atom in atoms.iter() {
        for c in covered.iter_mut().take(atom.end).skip(atom.start) {
            *c = true;
        }
    }
    let clause_count = layout.clause.last().map_or(0, |c| c + 1);
    let mut distractor_clause = vec![false; clause_count];
    let mut question_clause = vec![false; clause_count];
    // Where each clause's first cue is: a date said before it, then asked for with a please
    // or named by a correction, stands.
    let mut first_cue = vec![usize::MAX; clause_count];
    for (k, t) in tokens.iter().enumerate() {
        if covered[k] || t.kind != Kind::Word {
            continue;
        }
        let word = t.norm.as_str();
        // "get the oil changed", "need it fixed": the job to come, not a past one.
        let wanted = (k.saturating_sub(3)..k).any(|j| {
            matches!(
                tokens[j].norm.as_str(),
                "get" | "getting" | "have" | "having" | "need" | "needs" | "want" | "wanna"
            )
        });
        let past = PAST_WORDS.contains(&word)
            && !wanted
            && !((word == "was" || word == "were")
                && tokens
                    .get(k + 1)
                    .is_some_and(|n| HOPE_WORDS.contains(&n.norm.as_str())))
            && (word != "got" || words_at(tokens, k + 1, &["it", "done"]))
            // "no, I said friday": the customer restating their own request (a correction).
            && !(word == "said" && k > 0 && tokens[k - 1].norm == "i")
            // "he said wed after 2 is good for him": someone else's wish passed on.
            && !(word == "said"
                && (k + 1..tokens.len())
                    .take_while(|&j| layout.clause[j] == layout.clause[k])
                    .any(|j| {
                        matches!(
                            tokens[j].norm.as_str(),
                            "good" | "works" | "fine" | "best" | "better" | "perfect"
                        )
                    }));
        let cue = past
            || EXISTING_WORDS.contains(&word)
            || CONTACT_WORDS.contains(&word)
            || AWAY_WORDS.contains(&word)
            || AWAY_PHRASES.iter().any(|p| words_at(tokens, k, p))
            || own_work_hours(tokens, k);
        if cue {
            let clause = layout.clause[k];
            distractor_clause[clause] = true;
            first_cue[clause] = first_cue[clause].min(k);
        }
        if store_hours_question(tokens, k) {
            question_clause[layout.clause[k]] = true;
        }
    }
    let later_days: Vec<usize> = atoms
        .iter()
        .filter(|a| !a.value.is_time())
        .map(|a| a.start)
        .collect();
    // "Hi this is Margaret calling about the Subaru ... can we do Monday the 22nd", "Put me down
    // for 3/3 at 2:30 and pls have somebody ring me": a date asked for in so many words, and
    // the time said with it, stand in a clause that says more.
    let mut asked_in_words = vec![false; atoms.len()];
    let mut order: Vec<usize> = (0..atoms.len()).collect();
    order.sort_by_key(|&k| atoms[k].start);
    let mut chain_end: Option<usize> = None;
    for &k in &order {
        let start = atoms[k].start;
        let led = REQUEST_LEADS
            .iter()
            .any(|lead| start >= lead.len() && words_at(tokens, start - lead.len(), lead));
        let chained = chain_end.is_some_and(|end| {
            start == end
                || (start == end + 1
                    && tokens
                        .get(end)
                        .is_some_and(|t| matches!(t.norm.as_str(), "at" | "," | "around")))
        });
        if led || chained {
            asked_in_words[k] = true;
            chain_end = Some(atoms[k].end);
        }
    }
    // The role an atom said before its clause's cue had before the cue made it a distractor.
    let mut by_clause: Vec<Option<Role>> = vec![None; atoms.len()];
    for (index, atom) in atoms.iter_mut().enumerate() {
        let before = |back: usize| {
            atom.start
                .checked_sub(back)
                .and_then(|k| tokens.get(k))
                .map_or("", |t| t.norm.as_str())
        };
        // "until the 10th", "thru the weekend", "since monday"; "its 10pm" tells the time.
        // "until the 10th", "thru the weekend"; not "can i slide thru sat" (a visit).
        let visit_through =
            before(1) == "through" && super::parse::VISIT_VERBS.contains(&before(2));
        let bounded = (matches!(before(1), "until" | "through" | "since") && !visit_through)
            // "brunch is at 11": the time of something else.
            || (before(1) == "at" && before(2) == "is")
            || before(1) == "its"
            || (before(1) == "is" && before(2) == "it")
            || (matches!(before(1), "a" | "an") && matches!(before(2), "its" | "is"))
            // "my appt on the 3rd": the appointment being moved.
            || (matches!(before(1), "on" | "for")
                && matches!(before(2), "appointment" | "appointments")
                && matches!(before(3), "my" | "the" | "our"))
            // "bc of labor day travel", "halloween stuff w/ the kids", "w/ thanksgiving": a
            // day given as the reason against, not asked for.
            || (!atom.value.is_time()
                && (matches!(before(1), "with" | "w")
                    || (before(1) == "of" && matches!(before(2), "because" | "bc"))
                    || (before(1) == "to" && before(2) == "due")
                    || tokens.get(atom.end).is_some_and(|t| {
                        matches!(
                            t.norm.as_str(),
                            "stuff" | "travel" | "traffic" | "plans" | "crowds" | "rush" | "chaos"
                        )
                    })))
            // "friday is my wife's birthday": a day talked about; not "thursday is my only
            // day off", the day the customer is free.
            || (!atom.value.is_time()
                && tokens.get(atom.end).is_some_and(|t| t.norm == "is")
                && tokens
                    .get(atom.end + 1)
                    .is_some_and(|t| matches!(t.norm.as_str(), "my" | "our" | "his" | "her" | "their"))
                && !free_day_after(tokens, atom.end + 2))
            // "my appt is 315pm tomorrow right?", "my appt is on the 14th": the booking held.
            || (before(1) == "is" && matches!(before(2), "appointment" | "appt"))
            || (before(1) == "on"
                && before(2) == "is"
                && matches!(before(3), "appointment" | "appt"))
            // "a puddle under the engine every morning", "I work every monday": a habit.
            || matches!(before(1), "every" | "each")
            // "gotta reschedule the 8th ... how about the 11th": the day being moved, when
            // another day follows.
            || (!atom.value.is_time()
                && (matches!(before(1), "reschedule" | "rescheduling" | "move" | "moving" | "push" | "bump")
                    || (matches!(before(1), "the" | "my" | "our" | "that")
                        && matches!(
                            before(2),
                            "reschedule" | "rescheduling" | "move" | "moving" | "push" | "bump"
                        )))
                && later_days.iter().any(|&start| start > atom.start))
            // "move my appt from thursday to the following monday": the day moved from,
            // when a day follows.
            || (!atom.value.is_time()
                && before(1) == "from"
                && (2..=5).map(before).any(|w| {
                    matches!(
                        w,
                        "move" | "moving" | "reschedule" | "rescheduling" | "change" | "changing"
                            | "switch" | "switching" | "push" | "bump"
                    )
                })
                && later_days.iter().any(|&start| start > atom.start))
            // "back the 28th. the 29th at 3?": the day back, when a day asked for follows.
            || (!atom.value.is_time()
                && (before(1) == "back"
                    || (matches!(before(1), "on" | "by" | "until") && before(2) == "back")
                    || (before(1) == "town" && before(2) == "in" && before(3) == "back"))
                && later_days.iter().any(|&start| start > atom.start))
            // "cancel my 10am": the customer's own booking.
            || (before(1) == "my" && atom.value.is_time())
            // "cancel the 1:30 on thursday and put me in monday": what is cancelled is left,
            // up to the next joint of the sentence.
            || (1..=6)
                .map(before)
                .take_while(|w| !matches!(*w, "" | "and" | "then" | "," | "but" | "so" | "."))
                .any(|w| matches!(w, "cancel" | "canceling" | "cancelling" | "cancelled" | "canceled"))
            // "cancel my thursday slot": the booking being given up or moved.
            || (matches!(before(1), "my" | "our")
                && tokens.get(atom.end).is_some_and(|t| {
                    matches!(
                        t.norm.as_str(),
                        "slot" | "appointment" | "booking" | "reservation" | "spot"
                    )
                }));
        if bounded {
            atom.role = Role::Distractor;
        } else if distractor_clause[layout.clause[atom.start]] && !asked_in_words[index] {
            if atom.end <= first_cue[layout.clause[atom.start]] {
                by_clause[index] = Some(atom.role);
            }
            atom.role = Role::Distractor;
        } else if question_clause[layout.clause[atom.start]] {
            atom.role = Role::Mentioned;
        }
    }
    // "i get off at 4:30": the customer's own hours.
    for k in 0..tokens.len() {
        let Some(length) = OWN_HOURS
            .iter()
            .filter(|p| words_at(tokens, k, p))
            .map(|p| p.len())
            .max()
        else {
            continue;
        };
        for atom in atoms
            .iter_mut()
            .filter(|a| (k + length - 1..=k + length + 1).contains(&a.start))
        {
            atom.role = Role::Distractor;
        }
    }
    // "thursday before 10 plz gotta be at work by 11", "first thing tmrw pls i gotta be at work
    // by 11": what is asked for with a please stands, whatever the rest of the run-on says.
    for index in 0..atoms.len() {
        let Some(role) = by_clause[index] else {
            continue;
        };
        let mut next = atoms[index].end;
        loop {
            if let Some(other) = atoms.iter().find(|a| a.start == next && a.end > next) {
                next = other.end;
            } else if tokens.get(next).is_some_and(|t| {
                matches!(
                    t.norm.as_str(),
                    "at" | "on" | "before" | "after" | "around" | "by"
                )
            }) {
                next += 1;
            } else {
                break;
            }
        }
        if tokens.get(next).is_some_and(|t| t.norm == "please") {
            atoms[index].role = role;
        }
    }

    // "valentines day is saturday", "thurs is juneteenth": a statement about the calendar.
    for a in 0..atoms.len() {
        for b in a + 1..atoms.len() {
            let between: Vec<&str> = tokens[atoms[a].end..atoms[b].start.max(atoms[a].end)]
                .iter()
                .map(|t| t.norm.as_str())
                .collect();
            if matches!(
                between.as_slice(),
                ["is"] | ["is", "a"] | ["is", "on", "a"] | ["falls", "on", "a"] | ["is", "on"]
            ) {
                for k in [a, b] {
                    if atoms[k].role == Role::Request {
                        atoms[k].role = Role::Mentioned;
                    }
                }
            }
        }
    }
    for (k, t) in tokens.iter().enumerate() {
        // "make that 3" may open the new time's own atom, so it is looked for first.
        // "make it 3" (a time straight after, no "at") corrects; "I can make it at 3" does not.
        let make_it = words_at(tokens, k, &["make", "it"])
            && (tokens.get(k + 2).is_some_and(|n| {
                n.kind == Kind::Num || matches!(n.norm.as_str(), "noon" | "half" | "quarter")
            }) || atoms.iter().any(|a| a.start == k + 2 && !a.value.is_time()));
        if t.kind == Kind::Word
            && (make_it
                || CORRECTIONS.iter().any(|p| words_at(tokens, k, p))
                || slip_before_new_option(tokens, atoms, k))
        {
            correct_before(atoms, k);
            // The option the correction names is asked for, whatever the run-on says next
            // ("thurs at 2 actually make that 3 i forgot i have a dentist thing").
            // and so does what it keeps of what was said before ("thurs").
            for (index, atom) in atoms.iter_mut().enumerate() {
                let kept_or_named =
                    (atom.start < k && !atom.corrected) || (k..=k + 4).contains(&atom.start);
                if let (Some(role), true) = (by_clause[index], kept_or_named) {
                    atom.role = role;
                }
            }
            continue;
        }
        // "9 tomorrow... thursday at 9 is better", "tuesday at 1 is ideal", "can we do 1
        // instead": the option preferred replaces what came before it (rule 9).
        let preferred = (matches!(t.norm.as_str(), "better" | "ideal" | "best" | "perfect")
            && k >= 2
            && matches!(tokens[k - 1].norm.as_str(), "is" | "works" | "be"))
            || (t.norm == "instead" && !words_at(tokens, k + 1, &["of"]) && k >= 1);
        if preferred
            && let Some(option) = atoms
                .iter()
                .filter(|a| {
                    a.end <= k && a.end + 3 >= k && layout.clause[a.start] == layout.clause[k - 1]
                })
                .map(|a| a.start)
                .min()
        {
            correct_before(atoms, option);
            continue;
        }
        if covered[k] || t.kind != Kind::Word {
            continue;
        }
        let clause = layout.clause[k];
        let sentence = layout.sentence[k];
        if RETRACTIONS.iter().any(|p| words_at(tokens, k, p))
            || (t.norm == "actually"
                && (k == 0
                    || layout.clause[k - 1] != clause
                    || tokens[k - 1].kind != Kind::Word
                    || SLIPS.contains(&tokens[k - 1].norm.as_str())))
        {
            correct_before(atoms, k);
            continue;
        }
        if words_at(tokens, k, &["not", "then"]) || words_at(tokens, k, &["not", "that", "day"]) {
            for atom in atoms
                .iter_mut()
                .filter(|a| a.start < k && layout.sentence[a.start] == sentence)
            {
                atom.negated = true;
            }
            continue;
        }
        // "friday's out for me": the option just named is ruled out; so is "december is nuts"
        // (not "thursday at 8 make that 8:30 traffic is nuts": only the option right before).
        let nuts = ["is", "are"].iter().any(|verb| {
            words_at(tokens, k, &[verb, "nuts"]) || words_at(tokens, k, &[verb, "insane"])
        });
        if (t.norm == "out" && !words_at(tokens, k, &["out", "of"])) || nuts {
            for atom in atoms.iter_mut().filter(|a| a.end == k) {
                atom.negated = true;
            }
        }
        if POSTFIX_NEGATIONS.iter().any(|p| words_at(tokens, k, p)) {
            for atom in atoms
                .iter_mut()
                .filter(|a| a.end <= k && layout.clause[a.start] == clause)
            {
                atom.negated = true;
            }
        }
        let prefix = PREFIX_NEGATIONS.iter().any(|p| words_at(tokens, k, p))
            && !NOT_NEGATIONS.iter().any(|p| words_at(tokens, k, p))
            // "if not", and "wouldn't say no to thursday" (yes to it).
            && !(k > 0 && (words_at(tokens, k - 1, &["if", "not"]) || tokens[k - 1].norm == "say"));
        let no_option = t.norm == "no" && atoms.iter().any(|a| a.start == k + 1);
        // "any day but friday"
        let all_but = t.norm == "but"
            && k > 0
            && matches!(
                tokens[k - 1].norm.as_str(),
                "day"
                    | "days"
                    | "anything"
                    | "time"
                    | "anytime"
                    | "whenever"
                    | "all"
                    | "week"
                    // "any weekday morning but wednesday"
                    | "weekday"
                    | "weekdays"
                    | "morning"
                    | "mornings"
                    | "afternoon"
                    | "afternoons"
                    | "evening"
                    | "evenings"
            );
        if prefix || no_option || all_but {
            // "instead" starts its own clause; "instead of the monday" names the dropped option.
            for atom in atoms
                .iter_mut()
                .filter(|a| a.start > k && layout.clause[a.start] == clause)
            {
                atom.negated = true;
                if all_but {
                    break;
                }
            }
        }
        affirm_options(tokens, atoms);
    }
    free_days_before_the_one_asked(tokens, layout, atoms);
}

/// "Off Thurs and Fri this week. thurs afternoon?", "I'm free mon and tue. tuesday at 10":
/// the days the customer is free, said in a sentence of their own before a later sentence
/// asks for one, are talked about, not each asked for (alone they are the request).
fn free_days_before_the_one_asked(tokens: &[Token], layout: &Layout, atoms: &mut [Atom]) {
    let opens_free = |sentence: usize| {
        let Some(first) = (0..tokens.len()).find(|&k| layout.sentence[k] == sentence) else {
            return false;
        };
        [
            &["off"][..],
            &["im", "off"],
            &["i", "am", "off"],
            &["were", "off"],
            &["im", "free"],
            &["i", "am", "free"],
            &["free"],
        ]
        .iter()
        .any(|p| words_at(tokens, first, p))
    };
    let asked_later = |sentence: usize, atoms: &[Atom]| {
        atoms.iter().any(|a| {
            layout.sentence[a.start] > sentence
                && a.role == Role::Request
                && !a.negated
                && matches!(a.value, Value::Day(_))
        })
    };
    for k in 0..atoms.len() {
        let sentence = layout.sentence[atoms[k].start];
        if atoms[k].role == Role::Request
            && !atoms[k].value.is_time()
            && opens_free(sentence)
            && asked_later(sentence, atoms)
        {
            atoms[k].role = Role::Mentioned;
        }
    }
}

/// Words after an option that say it is the one ("dec 3 at 2pm works").
const AFFIRMATIONS: &[&[&str]] = &[
    &["works"],
    &["would", "work"],
    &["will", "work"],
    &["works", "better"],
    &["is", "good"],
    &["is", "fine"],
    &["is", "better"],
    &["is", "ok"],
    &["is", "okay"],
    &["is", "perfect"],
];

/// An option the reply says works is a request whatever a negation before it covered ("cant do
/// friday, dec 3 at 2pm works" rules out Friday, not December 3): the atom ending where the
/// affirmation starts, and a day said right before that time.
fn affirm_options(tokens: &[Token], atoms: &mut [Atom]) {
    for k in 0..tokens.len() {
        let denied = k > 0
            && matches!(
                tokens[k - 1].norm.as_str(),
                "not" | "dont" | "doesnt" | "wont" | "never" | "cant"
            );
        if denied || !AFFIRMATIONS.iter().any(|p| words_at(tokens, k, p)) {
            continue;
        }
        let Some(last) = atoms.iter().position(|a| a.end == k && !a.corrected) else {
            continue;
        };
        // "anytime but wednesday works": what works is the rest, not the exception.
        let excepted = |start: usize| {
            start > 0
                && matches!(
                    tokens[start - 1].norm.as_str(),
                    "but" | "except" | "besides" | "than" | "not"
                )
        };
        if excepted(atoms[last].start) {
            continue;
        }
        let start = atoms[last].start;
        atoms[last].negated = false;
        if let Some(day) = atoms
            .iter()
            .position(|a| a.end == start && !a.corrected && !a.value.is_time())
        {
            atoms[day].negated = false;
        }
    }
}

/// A correction at `k` replaces what the words after it name (rule 9, corrections): a new time
/// keeps the day said before it, a new day keeps the time, both replace both; naming nothing
/// withdraws everything said before.
fn correct_before(atoms: &mut [Atom], k: usize) {
    let (new_day, new_time) = atoms
        .iter()
        .filter(|a| a.start >= k)
        .fold((false, false), |(day, time), a| {
            (day || !a.value.is_time(), time || a.value.is_time())
        });
    for atom in atoms.iter_mut().filter(|a| a.start < k) {
        let replaced = match (new_day, new_time) {
            (true, false) => !atom.value.is_time(),
            (false, true) => atom.value.is_time(),
            _ => true,
        };
        if replaced {
            atom.negated = true;
            atom.corrected = true;
        }
    }
}

/// "are you open on saturday", "whats your hours", "is the shop open": a question about the
/// store, not a request.
pub(super) fn store_hours_question(tokens: &[Token], k: usize) -> bool {
    let is = |d: usize, w: &str| tokens.get(k + d).is_some_and(|t| t.norm == w);
    let open = |d: usize| {
        tokens
            .get(k + d)
            .is_some_and(|t| matches!(t.norm.as_str(), "open" | "close" | "closed"))
    };
    if matches!(tokens[k].norm.as_str(), "are" | "you" | "yall")
        && (open(1) || (is(1, "you") && open(2)) || (is(1, "guys") && open(2)))
    {
        return true;
    }
    if matches!(tokens[k].norm.as_str(), "are" | "is" | "you")
        && is(1, "you")
        && (is(2, "guys") || is(2, "all"))
        && open(3)
    {
        return true;
    }
    tokens[k].norm == "is"
        && tokens
            .get(k + 1)
            .is_some_and(|t| t.norm == "the" || t.norm == "your")
        && tokens.get(k + 2).is_some_and(|t| t.kind == Kind::Word)
        && (open(3) || (tokens.get(k + 3).is_some_and(|t| t.kind == Kind::Word) && open(4)))
}

// --------------------------------------------------------------------- resolution
