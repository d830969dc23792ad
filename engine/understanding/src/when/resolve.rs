//! The earliest acceptable point the customer asked for, among the live atoms (rule 8).

use super::*;

pub(super) struct Candidate {
    start: NaiveDateTime,
    grain: Grain,
    end: Option<NaiveDateTime>,
    has_time: bool,
    span: (usize, usize),
}

pub(super) fn at_midnight(day: NaiveDate) -> NaiveDateTime {
    day.and_time(NaiveTime::MIN)
}

/// The time a reply asks for and where in it.
pub(super) struct Resolved {
    pub time: RequestedTime,
    /// The tokens it was read from.
    pub span: (usize, usize),
    /// A time with no day of its own, read as its next occurrence (rule 6).
    pub floating: bool,
    /// Other options stood beside the reading without being offered as alternatives to it
    /// ("the 7th, after new years", "maybe in a couple weeks? the kids start school monday"):
    /// the earliest won by rule 8, but the reply may have meant the other.
    pub competing: bool,
}

/// The earliest acceptable point among the live options (rule 8), with the token span it
/// came from.
pub(super) fn resolve(
    atoms: &[Atom],
    tokens: &[Token],
    layout: &Layout,
    received: NaiveDateTime,
) -> Option<Resolved> {
    let today = received.date();
    // A time said with a day that is ruled out goes with it ("cant do friday at 2"): it is no
    // option either, and never floats to another day.
    let with_ruled_out_day = |t: usize| {
        atoms[t].value.is_time()
            && atoms.iter().any(|d| {
                d.negated
                    && !d.corrected
                    && !d.value.is_time()
                    && (d.end == atoms[t].start || atoms[t].end == d.start)
            })
    };
    let live: Vec<usize> = (0..atoms.len())
        .filter(|&k| {
            !atoms[k].negated && atoms[k].role != Role::Distractor && !with_ruled_out_day(k)
        })
        .collect();
    let requested = |k: &usize| atoms[*k].role == Role::Request;
    let mut dates: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| requested(&k) && !atoms[k].value.is_time())
        .collect();
    let times: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| requested(&k) && atoms[k].value.is_time())
        .collect();
    let upper_dates: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&k| atoms[k].role == Role::UpperBound && !atoms[k].value.is_time())
        .collect();

    // Times attach to the nearest date of their clause; a time in a clause of its own applies
    // to every date that has none ("mon or tues, anytime after 3").
    let mut attached: Vec<Vec<usize>> = vec![Vec::new(); atoms.len()];
    let mut shared = Vec::new();
    for &t in &times {
        let clause = layout.clause[atoms[t].start];
        let nearest = dates
            .iter()
            .copied()
            .filter(|&d| layout.clause[atoms[d].start] == clause)
            .min_by_key(|&d| {
                if atoms[d].start >= atoms[t].end {
                    atoms[d].start - atoms[t].end
                } else {
                    atoms[t].start.saturating_sub(atoms[d].end)
                }
            });
        match nearest {
            Some(d) => attached[d].push(t),
            None => shared.push(t),
        }
    }
    // A time after the last of "mon or wed after 4" is for each of them.
    let joiner = |k: usize| {
        tokens
            .get(k)
            .is_some_and(|t| matches!(t.norm.as_str(), "or" | "," | "either" | "and" | "/"))
    };
    for &d in &dates {
        let trailing: Vec<usize> = attached[d]
            .iter()
            .copied()
            .filter(|&t| atoms[t].start >= atoms[d].end)
            .collect();
        if trailing.is_empty() {
            continue;
        }
        let mut chain = Vec::new();
        let mut current = d;
        while let Some(&previous) = dates.iter().find(|&&p| {
            atoms[p].end <= atoms[current].start
                && atoms[p].end < atoms[current].start
                && (atoms[p].end..atoms[current].start).all(joiner)
        }) {
            chain.push(previous);
            current = previous;
        }
        for member in chain {
            if attached[member].is_empty() {
                attached[member].extend(trailing.iter().copied());
            }
        }
    }
    // "move it to monday, same time": the time of the appointment being moved.
    let same_time = tokens
        .windows(2)
        .any(|w| w[0].norm == "same" && w[1].norm == "time");
    if same_time
        && let Some(old) = (0..atoms.len()).find(|&k| {
            matches!(atoms[k].value, Value::Clock(_))
                && (atoms[k].negated || atoms[k].role == Role::Distractor)
        })
    {
        shared.push(old);
    }
    let mut floating = Vec::new();
    for &t in &shared {
        let sentence = layout.sentence[atoms[t].start];
        let is_clock = matches!(atoms[t].value, Value::Clock(_));
        // A clock refines a date that only has a part of day ("christmas eve morning? 7:30?").
        let timeless: Vec<usize> = dates
            .iter()
            .copied()
            .filter(|&d| {
                attached[d].iter().all(|&x| {
                    shared.contains(&x) || (is_clock && matches!(atoms[x].value, Value::Part(_)))
                })
            })
            .collect();
        let in_sentence: Vec<usize> = timeless
            .iter()
            .copied()
            .filter(|&d| layout.sentence[atoms[d].start] == sentence)
            .collect();
        let targets = if in_sentence.is_empty() {
            timeless
        } else {
            in_sentence
        };
        if targets.is_empty() {
            floating.push(t);
        }
        for d in targets {
            attached[d].push(t);
        }
    }

    let mut candidates = Vec::new();
    let mut previous_week: Option<NaiveDate> = None;
    let mut previous_day: Option<NaiveDate> = None;
    for (k, atom) in atoms.iter().enumerate() {
        if let Value::Week(day) = atom.value {
            previous_week = Some(day);
        }
        let resolved_after = match atom.value {
            Value::WeekdayAfterPrevious(weekday) => Some(Value::Day(calendar::weekday_after(
                previous_day.unwrap_or(today),
                weekday,
            ))),
            Value::DayAfterPrevious => Some(Value::Day(
                previous_day.unwrap_or(today) + Duration::days(1),
            )),
            _ => None,
        };
        if let Value::Day(day) = atom.value {
            previous_day = Some(day);
        }
        if !dates.contains(&k) {
            continue;
        }
        let value = match atom.value {
            Value::WeekAfterPrevious => {
                let anchor = previous_week.unwrap_or_else(|| calendar::next_monday(today));
                Value::Week(calendar::monday_of(anchor) + Duration::days(7))
            }
            Value::WeekdayAfterPrevious(_) | Value::DayAfterPrevious => {
                resolved_after.unwrap_or(atom.value)
            }
            other => other,
        };
        if let Some(c) = candidate(value, &attached[k], atoms, (atom.start, atom.end)) {
            candidates.push(c);
        }
    }
    // "are you open on presidents day? if so, that morning": a time with no date of its own
    // is for the day just talked about.
    // "change my friday appt from 9 to 10:30": a new time for the appointment being moved
    // keeps its day.
    let time_left = atoms
        .iter()
        .any(|a| a.role == Role::Distractor && matches!(a.value, Value::Clock(_)));
    let mentioned = (0..atoms.len()).rev().find(|&k| {
        (atoms[k].role == Role::Mentioned || (time_left && atoms[k].role == Role::Distractor))
            && !atoms[k].negated
            && matches!(atoms[k].value, Value::Day(_))
    });
    if candidates.is_empty()
        && dates.is_empty()
        && !floating.is_empty()
        && let Some(m) = mentioned
        && let Some(c) = candidate(
            atoms[m].value,
            &floating,
            atoms,
            (atoms[m].start, atoms[m].end),
        )
    {
        candidates.push(c);
    }
    let floats = candidates.is_empty() && dates.is_empty() && !floating.is_empty();
    if floats {
        candidates.extend(floating_time(&floating, atoms, received));
    }
    if candidates.is_empty()
        && let Some(&u) = upper_dates.first()
    {
        dates.push(u);
        candidates.push(Candidate {
            start: at_midnight(today),
            grain: Grain::Day,
            end: None,
            has_time: false,
            span: (atoms[u].start, atoms[u].end),
        });
    }
    // "end of the month, the 28th or 29th, after 3", "after new years is better, like the 5th
    // at 2?": a window or a lower bound said first and then days within it in the same
    // sentence — the days are what is asked for.
    let vague = |c: &Candidate| {
        matches!(
            c.grain,
            Grain::Week | Grain::Month | Grain::MonthStart | Grain::MonthEnd
        ) || (!c.has_time
            && (c.span.0..(c.span.0 + 2).min(c.span.1))
                .any(|k| tokens.get(k).is_some_and(|t| t.norm == "after")))
    };
    let within = |window: &Candidate, day: &Candidate| {
        day.start >= window.start
            && match window.grain {
                Grain::Week => day.start < window.start + Duration::days(7),
                Grain::Month | Grain::MonthStart | Grain::MonthEnd => {
                    (day.start.year(), day.start.month())
                        == (window.start.year(), window.start.month())
                }
                _ => true,
            }
    };
    // "after labor day, like tues": a weekday said after a window or a bound in the same
    // sentence is its first such day in it, not the coming one.
    let bounds: Vec<(NaiveDateTime, usize)> = candidates
        .iter()
        .filter(|c| vague(c))
        .map(|c| (c.start, c.span.0))
        .collect();
    // In the same sentence only: "maybe in a couple weeks? the kids start school monday" is no
    // Monday in that window, "on the road all next week ... Saturday morning ok?" no Saturday of it.
    let near =
        |window_at: usize, day_at: usize| layout.sentence[window_at] == layout.sentence[day_at];
    // A weekday alone, or the first of a range of them ("tues-thurs").
    let bare_weekday = |day: &Candidate| {
        day.span.1 <= day.span.0 + 3
            && tokens
                .get(day.span.0)
                .is_some_and(|t| super::words::weekday_of(&t.norm).is_some())
    };
    // "thurs and fri this week", "Tuesday afternoon next week": a week said right after its
    // weekdays (only their times, other weekdays and joints between) puts them in it, and
    // the days are what is asked for.
    let covered = |k: usize| atoms.iter().any(|a| a.start <= k && k < a.end);
    let joint = |k: usize| {
        tokens.get(k).is_some_and(|t| {
            matches!(
                t.norm.as_str(),
                "and" | "or" | "," | "/" | "&" | "in" | "of"
            )
        })
    };
    let weeks: Vec<(NaiveDateTime, usize)> = candidates
        .iter()
        .filter(|c| c.grain == Grain::Week)
        .map(|c| (c.start, c.span.0))
        .collect();
    let mut placing_weeks = Vec::new();
    for day in candidates.iter_mut() {
        if !bare_weekday(day) || day.grain == Grain::Week {
            continue;
        }
        let Some(&(week, at)) = weeks.iter().find(|(_, at)| {
            *at >= day.span.1
                && near(day.span.0, *at)
                && (day.span.1..*at).all(|k| covered(k) || joint(k))
        }) else {
            continue;
        };
        let placed = calendar::monday_of(week.date())
            + Duration::days(i64::from(day.start.weekday().num_days_from_monday()));
        if placed >= today {
            let shift = placed - day.start.date();
            day.start += shift;
            day.end = day.end.map(|end| end + shift);
            placing_weeks.push(at);
        }
    }
    for day in candidates.iter_mut() {
        let bare_weekday = bare_weekday(day);
        let bound = bounds.iter().find(|(start, at)| {
            *at < day.span.0 && near(*at, day.span.0) && day.start.date() < start.date()
        });
        if let (true, false, Some(&(start, _))) = (bare_weekday, vague(day), bound) {
            while day.start.date() < start.date() {
                day.start += Duration::days(7);
                day.end = day.end.map(|end| end + Duration::days(7));
            }
        }
    }
    let elaborated: Vec<bool> = candidates
        .iter()
        .map(|window| {
            placing_weeks.contains(&window.span.0)
                || vague(window)
                    && candidates.iter().any(|day| {
                        !vague(day)
                            && day.span.0 > window.span.0
                            && near(window.span.0, day.span.0)
                            && within(window, day)
                    })
        })
        .collect();
    let mut index = 0;
    candidates.retain(|_| {
        index += 1;
        !elaborated[index - 1]
    });
    let competing = candidates.iter().any(|c| {
        candidates.iter().any(|o| {
            o.start.date() != c.start.date()
                && !offered_as_alternatives(tokens, &candidates, c.span, o.span)
        })
    });
    let mut best = candidates
        .into_iter()
        .min_by_key(|c| (c.start.date(), !c.has_time, c.start))?;
    // A day the reply ruled out is never the reading ("any day but monday" said on a Sunday is
    // Tuesday, "any morning, just not tomorrow" the morning after): the reading moves on to
    // the next day allowed. A day ruled out with its time ("not friday at 3, friday at 4")
    // rules out that option only, and a time asked for on a day said in so many words stands.
    // "any day but wednesday" stands for its first allowed day, not a day said: its anchor
    // (tomorrow, maybe that very Wednesday) never keeps a ruled-out day in ("any day but
    // wednesday, mornings are best" is Thursday morning).
    let any_day_anchor = |k: usize| {
        tokens
            .get(atoms[k].start)
            .is_some_and(|t| matches!(t.norm.as_str(), "any" | "anytime" | "whenever" | "anything"))
    };
    let asked_for = |day: NaiveDate| {
        live.iter().any(|&k| {
            atoms[k].role == Role::Request
                && atoms[k].value == Value::Day(day)
                && !any_day_anchor(k)
        })
    };
    let ruled_out: Vec<NaiveDate> = atoms
        .iter()
        .filter(|a| a.negated && !a.corrected)
        .filter(|a| {
            best.grain == Grain::Day
                || !atoms
                    .iter()
                    .any(|t| t.value.is_time() && (t.start == a.end || t.end == a.start))
        })
        .filter_map(|a| match a.value {
            Value::Day(day) if best.grain == Grain::Day || !asked_for(day) => Some(day),
            _ => None,
        })
        .collect();
    // "next week any day but monday": the week's first day allowed.
    if best.grain == Grain::Week && ruled_out.contains(&best.start.date()) {
        best.grain = Grain::Day;
        best.end = None;
    }
    while matches!(
        best.grain,
        Grain::Day | Grain::PartOfDay | Grain::Hour | Grain::Minute
    ) && ruled_out.contains(&best.start.date())
    {
        best.start += Duration::days(1);
    }
    Some(Resolved {
        time: RequestedTime {
            start: best.start,
            grain: best.grain,
            end: best.end,
        },
        span: best.span,
        floating: floats,
        competing,
    })
}

/// Whether two options are said as alternatives ("monday or tuesday", "the 3rd, 4th or 5th",
/// "mon/wed"): only joining words and other options between them, and a list of commas ends
/// in "or".
fn offered_as_alternatives(
    tokens: &[Token],
    options: &[Candidate],
    a: (usize, usize),
    b: (usize, usize),
) -> bool {
    let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    if second.0 < first.1 {
        return true;
    }
    let or = |t: &Token| matches!(t.norm.as_str(), "or" | "either" | "/" | "and");
    let in_option = |i: usize| options.iter().any(|o| o.span.0 <= i && i < o.span.1);
    let between: Vec<&Token> = (first.1..second.0)
        .filter(|&i| !in_option(i))
        .map(|i| &tokens[i])
        .collect();
    between.len() <= 3
        && between
            .iter()
            .all(|t| or(t) || matches!(t.norm.as_str(), "," | "the"))
        && (between.iter().any(|t| or(t)) || tokens[second.1..].iter().any(or))
}

pub(super) fn candidate(
    value: Value,
    times: &[usize],
    atoms: &[Atom],
    span: (usize, usize),
) -> Option<Candidate> {
    let mut span = span;
    for &t in times {
        span = (span.0.min(atoms[t].start), span.1.max(atoms[t].end));
    }
    let part = times.iter().find_map(|&t| match atoms[t].value {
        Value::Part(p) => Some(p),
        _ => None,
    });
    let earliest_clock = times
        .iter()
        .filter_map(|&t| match atoms[t].value {
            Value::Clock(c) => Some(c),
            _ => None,
        })
        .min_by_key(|c| c.time(part));
    let plain = |start, grain, end| {
        Some(Candidate {
            start,
            grain,
            end,
            has_time: false,
            span,
        })
    };
    match value {
        Value::Day(day) => {
            if let Some(clock) = earliest_clock {
                Some(Candidate {
                    start: day.and_time(clock.time(part)),
                    grain: clock.grain(),
                    end: None,
                    has_time: true,
                    span,
                })
            } else if let Some(part) = part {
                Some(Candidate {
                    start: day.and_time(NaiveTime::from_hms_opt(part.start_hour(), 0, 0)?),
                    grain: Grain::PartOfDay,
                    end: None,
                    has_time: true,
                    span,
                })
            } else {
                plain(at_midnight(day), Grain::Day, None)
            }
        }
        Value::Week(day) => plain(at_midnight(day), Grain::Week, None),
        Value::Month(day) => plain(at_midnight(day), Grain::Month, None),
        Value::MonthStart(day) => plain(
            at_midnight(day),
            Grain::MonthStart,
            Some(at_midnight(day + Duration::days(7))),
        ),
        Value::MonthEnd(start, end) => {
            plain(at_midnight(start), Grain::MonthEnd, Some(at_midnight(end)))
        }
        Value::Instant(at) => Some(Candidate {
            start: at,
            grain: Grain::Hour,
            end: None,
            has_time: true,
            span,
        }),
        Value::WeekAfterPrevious
        | Value::WeekdayAfterPrevious(_)
        | Value::DayAfterPrevious
        | Value::Clock(_)
        | Value::Part(_) => None,
    }
}

/// A time with no date: its next occurrence after the reply arrived (rule 6).
pub(super) fn floating_time(
    times: &[usize],
    atoms: &[Atom],
    received: NaiveDateTime,
) -> Option<Candidate> {
    let today = received.date();
    let part = times.iter().find_map(|&t| match atoms[t].value {
        Value::Part(p) => Some(p),
        _ => None,
    });
    let span = times.iter().fold((usize::MAX, 0), |(s, e), &t| {
        (s.min(atoms[t].start), e.max(atoms[t].end))
    });
    let next_after = |time: NaiveTime| {
        let at = today.and_time(time);
        if at > received {
            at
        } else {
            at + Duration::days(1)
        }
    };
    let clock = times
        .iter()
        .filter_map(|&t| match atoms[t].value {
            Value::Clock(c) => Some(c),
            _ => None,
        })
        .min_by_key(|c| next_after(c.time(part)));
    if let Some(clock) = clock {
        return Some(Candidate {
            start: next_after(clock.time(part)),
            grain: clock.grain(),
            end: None,
            has_time: true,
            span,
        });
    }
    let part = part?;
    Some(Candidate {
        start: next_after(NaiveTime::from_hms_opt(part.start_hour(), 0, 0)?),
        grain: Grain::PartOfDay,
        end: None,
        has_time: true,
        span,
    })
}
