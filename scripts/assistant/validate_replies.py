#!/usr/bin/env python3
"""Sanity checks for a replies JSONL file written to docs/assistant-rules.md.

    python3 scripts/assistant/validate_replies.py engine/understanding/tests/replies/dev-replies.jsonl [--quiet]

Checks, per record:
  * schema: fields, id, naive received_at, valid IANA tz, non-empty text,
    intents from the label list (no duplicates), tags from the tag list,
    `multi_intent` present exactly when there is more than one intent;
  * datetime shape: grain known, start naive ISO, `end` only (and always) for
    month_start / month_end and consistent with the window rules, canonical
    starts (part_of_day at 09/13/17, day-level grains at midnight, month at
    the 1st);
  * no gold in the past (compared at the gold grain);
  * a weekday named in the text agrees with the gold date (for day and finer);
  * "tomorrow" means received date + 1 and "today" the received date;
  * a stated M/D, "<month> <day>" or ordinal day ("the 21st") agrees with the
    gold date (allowing "after X" = X + 1 and "before X" = X - 1), and an M/D
    resolves to its next occurrence on or after the received date;
  * a minute-grain gold time is one of the clock times stated in the text, and
    an hour-grain gold hour is one of the hours stated (bare hours read as
    7-11 AM, 12 noon, 1-6 PM); a range ("9-10am", "between 10 and 12") starts
    at its first hour; a part_of_day gold matches the morning / afternoon /
    evening words used;
  * a named weekday resolves by the rules (bare: strictly after today, "this":
    on or after today, "next": the next calendar week), alternatives take the
    earliest option, and negated or replaced weekdays are not options;
  * holidays resolve to their date (or the day after / before, or the first
    matching weekday after), "the week after <holiday>" to the next Monday;
  * relative offsets ("in 3 days", "in 2 weeks", "in an hour", "now",
    "a week from friday", "day after tomorrow"), week expressions (this / next /
    later this week, this / next weekend, before the weekend, week after next,
    the week of / after the Nth) and month windows (named month, next month,
    the current month) land where the conventions put them;
  * a time with no date is its next occurrence after received_at;
  * `same_dow` gold is received date + 7; `next_dow` gold (single option)
    falls in the calendar week after the received date's;
  * label rules: MISC stands alone, NIITB never sits with a reason label, an
    APPT_SET with a null datetime carries `accept_no_time`, and the `holiday`
    tag is present exactly when a holiday is named.

Exit status 0 when there are no errors.  Python 3 standard library only.
"""
import datetime as dt
import json
import re
import sys
from zoneinfo import ZoneInfo

LABELS = {
    "SPA-SS", "SPA-AS", "SPA-XX", "CL", "APPT_SET", "NLO", "CPAL", "VI", "WN", "LD",
    "ASA", "SALES_INQ", "CQ", "CC", "STOP", "DD", "EMP", "POB", "NIITB", "CUST-APPR",
    "PRICE_CONCERN", "REQ_PD", "REQ_LOANER", "REQ-CALL", "MISC",
}
GRAINS = {"minute", "hour", "part_of_day", "day", "week", "month", "month_start", "month_end"}
FINE = {"minute", "hour", "part_of_day", "day"}
TAGS = {
    "multi_intent", "abbrev", "typo", "slang", "emoji", "numeric_date", "ordinal_day",
    "month_name", "bare_hour", "no_date_time", "this_dow", "next_dow", "same_dow",
    "relative", "week", "vague_window", "holiday", "range", "upper_bound", "alternatives",
    "negation", "reschedule", "distractor_date", "distractor_dow", "distractor_number",
    "year_rollover", "ambiguous", "carrier_keyword", "accept_no_time",
    "compact_time", "fuzzy_time", "correction", "optout_near_miss",
}

# A decline explained by one of these is labelled with the reason alone, not NIITB.
REASON_LABELS = {"SPA-SS", "SPA-AS", "SPA-XX", "NLO", "LD", "CPAL", "DD", "WN", "CC", "PRICE_CONCERN"}

DOW = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "weds": 2, "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4,
    "saturday": 5, "sat": 5, "sunday": 6, "sun": 6,
    # common misspellings
    "wensday": 2, "wendsday": 2, "wednsday": 2, "thrusday": 3, "thursdy": 3, "tuseday": 1,
    "firday": 4, "saterday": 5, "satuday": 5, "munday": 0,
}
DOW_RE = re.compile(r"\b(" + "|".join(sorted(DOW, key=len, reverse=True)) + r")s?\b", re.I)
MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
    "november": 11, "dec": 12, "december": 12,
}
MONTH_DAY_RE = re.compile(
    r"\b(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b", re.I)
TOMORROW_RE = re.compile(r"\b(tomorrow|tmrw|tmr|tmrrw|tomoro|tomorow|tommorow|tommorrow|tomorrw|2morrow)\b", re.I)
TODAY_RE = re.compile(r"\b(today|tonight|tonite)\b", re.I)
NUMERIC_DATE_RE = re.compile(r"(?<![\d/$])(\d{1,2})/(\d{1,2})(?![\d/])")
ORDINAL_RE = re.compile(
    r"\b(?:the\s+)?(\d{1,2})(st|nd|rd|th)\b"
    # Not a day of the month: "5th st", "1st thing monday", "the 3rd van", "2nd time".
    r"(?!\s+(?:st\b|street|ave|avenue|rd\b|road|blvd|thing|van|truck|car|one|time|gear|row|floor|"
    r"shift|grade|place|oil|tire|visit|appointment|appt|reminder|text|message|week|weekend))",
    re.I)
CLOCK_RE = re.compile(r"(?<![\d$/.,])(\d{1,2}):(\d{2})\s*(am|pm|a\.m\.|p\.m\.|a(?![a-z])|p(?![a-z]))?(?![\d])", re.I)


def parse_naive(value, what, errors):
    try:
        parsed = dt.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        errors.append(f"{what} is not an ISO datetime: {value!r}")
        return None
    if parsed.tzinfo is not None:
        errors.append(f"{what} must be naive local time: {value!r}")
        return None
    return parsed


def bare_hour(hour):
    """Service-drive reading of an hour with no am/pm: 7-11 AM, 12 noon, 1-6 PM."""
    return hour + 12 if 1 <= hour <= 6 else hour


def stated_clock_times(text):
    times = set()
    for h, m, ampm in CLOCK_RE.findall(text):
        h, m = int(h), int(m)
        if h > 23 or m > 59:
            continue
        ampm = (ampm or "").lower().replace(".", "")
        if ampm.startswith("p") and h < 12:
            h += 12
        elif ampm.startswith("a") and h == 12:
            h = 0
        elif not ampm:
            h = bare_hour(h)
        times.add((h, m))
    # Compact times (rule 5): "230pm", "1030a", and a bare quarter hour such as "1230".
    for h, m, ampm in COMPACT_RE.findall(text):
        h, m = int(h), int(m)
        if h > 12 or m > 59 or (not ampm and m % 15):
            continue
        times.add((_to24(h, ampm.replace(".", "")), m))
    # Quarter words (rule 5): "half past 3", "quarter past 10", "quarter to 10".
    for word, h in QUARTER_RE.findall(text):
        h = bare_hour(int(h))
        word = word.lower()
        if word == "half past":
            times.add((h, 30))
        elif word == "quarter past":
            times.add((h, 15))
        else:
            times.add(((h - 1) % 24, 45))
    return times


def named_weekdays(text):
    return {DOW[m.group(1).lower()] for m in DOW_RE.finditer(text)}


def add_days(day, n):
    return day + dt.timedelta(days=n)


def next_month_day(ref_date, month, day):
    """The next date with this month/day on or after ref_date (None if invalid)."""
    for year in (ref_date.year, ref_date.year + 1):
        try:
            cand = dt.date(year, month, day)
        except ValueError:
            continue
        if cand >= ref_date:
            return cand
    return None


def _nth_weekday(year, month, weekday, n):
    day = dt.date(year, month, 1)
    day += dt.timedelta(days=(weekday - day.weekday()) % 7)
    return day + dt.timedelta(days=7 * (n - 1))


def _last_weekday(year, month, weekday):
    day = (dt.date(year + (month == 12), month % 12 + 1, 1) - dt.timedelta(days=1))
    return day - dt.timedelta(days=(day.weekday() - weekday) % 7)


def _easter(year):
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    return dt.date(year, (h + l - 7 * m + 114) // 31, (h + l - 7 * m + 114) % 31 + 1)


# Holiday name patterns (checked in this order; the first match wins).
HOLIDAY_PATTERNS = [
    ("christmas eve", r"christmas eve|xmas eve"),
    ("new year's eve", r"new years? eve|new year's eve"),
    ("christmas", r"christmas|xmas"),
    ("new year's day", r"new years?\b|new year's"),
    ("mlk day", r"\bmlk\b|martin luther king"),
    ("presidents day", r"president'?s'? day"),
    ("valentine's day", r"valentine"),
    ("good friday", r"good friday"),
    ("easter", r"easter"),
    ("mother's day", r"mother'?s day"),
    ("memorial day", r"memorial day"),
    ("father's day", r"father'?s day"),
    ("juneteenth", r"juneteenth"),
    ("independence day", r"4th of july|fourth of july|july 4|independence day|the 4th\b"),
    ("labor day", r"labor day"),
    ("columbus day", r"columbus day|indigenous peoples'? day"),
    ("halloween", r"halloween"),
    ("veterans day", r"veterans'? day"),
    ("black friday", r"black friday"),
    ("thanksgiving", r"thanksgiving"),
]


def holiday_date(name, year):
    fixed = {
        "christmas eve": (12, 24), "new year's eve": (12, 31), "christmas": (12, 25),
        "new year's day": (1, 1), "valentine's day": (2, 14), "juneteenth": (6, 19),
        "independence day": (7, 4), "halloween": (10, 31), "veterans day": (11, 11),
    }
    if name in fixed:
        return dt.date(year, *fixed[name])
    if name == "mlk day":
        return _nth_weekday(year, 1, 0, 3)
    if name == "presidents day":
        return _nth_weekday(year, 2, 0, 3)
    if name == "good friday":
        return _easter(year) - dt.timedelta(days=2)
    if name == "easter":
        return _easter(year)
    if name == "mother's day":
        return _nth_weekday(year, 5, 6, 2)
    if name == "memorial day":
        return _last_weekday(year, 5, 0)
    if name == "father's day":
        return _nth_weekday(year, 6, 6, 3)
    if name == "labor day":
        return _nth_weekday(year, 9, 0, 1)
    if name == "columbus day":
        return _nth_weekday(year, 10, 0, 2)
    if name == "thanksgiving":
        return _nth_weekday(year, 11, 3, 4)
    if name == "black friday":
        return _nth_weekday(year, 11, 3, 4) + dt.timedelta(days=1)
    raise KeyError(name)


def next_holiday(name, ref_date):
    for year in (ref_date.year, ref_date.year + 1):
        day = holiday_date(name, year)
        if day >= ref_date:
            return day
    return None


HOUR_WORD_RE = re.compile(
    r"(?:\b(?:at|after|around|by|before|between|til|till|until|and|or|from)\s+|@\s*)"
    r"(\d{1,2})(?!\s*(?:st|nd|rd|th|/|%|k\b|mph|weeks?|wks?|days?|hours?|trucks?|tires?|texts?|min))"
    r"(?::\d{2})?\s*(am|pm|a\.m\.|p\.m\.)?\b", re.I)
COMPACT_RE = re.compile(r"(?<![\d$:/.,])(\d{1,2})(\d{2})\s*(am|pm|a\.m\.|p\.m\.|a(?![a-z])|p(?![a-z]))?(?![\d,])", re.I)
QUARTER_RE = re.compile(r"\b(half past|quarter past|quarter to|quarter til|quarter of)\s+(\d{1,2})\b", re.I)
# A bare hour after words that propose or correct one: "can do 8", "make that 3".
PROPOSED_HOUR_RE = re.compile(
    r"\b(?:do|make (?:that|it)|change (?:that|it) to|meant|say|said|how about|what about|or)\s+"
    r"(\d{1,2})(?![\d:/%]|\s*(?:st|nd|rd|th|k\b|weeks?|wks?|days?|hours?|mins?|miles?))\b",
    re.I,
)
AMPM_RE = re.compile(r"(?<![\d:])(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.|a|p)(?![a-z])", re.I)
ISH_RE = re.compile(r"\b(\d{1,2})\s*ish\b", re.I)
# Hours said otherwise (rules 5, 7 and 9): a number word after "at" and its kin, Spanish "a las
# 10", the first of "11 or 1", a corrected hour ("at 2.. no wait, 3").
HOUR_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), 1)}
WORD_HOUR_RE = re.compile(
    r"\b(?:at|around|by|after|before|til|till|until|or|do|say|how about|what about)\s+"
    r"(" + "|".join(HOUR_WORDS) + r")\b(?!\s*(?:weeks?|days?|hours?|months?|years?|min|minutes|miles|trucks?|cars?|tires?|o'?clock\s+at\s+night))",
    re.I)
LAS_RE = re.compile(r"\ba las (\d{1,2})\b", re.I)
EITHER_HOUR_RE = re.compile(r"(?<![\d/:$])\b(\d{1,2})\s+or\s+(\d{1,2})\b(?![\d/:%]|\s*(?:st|nd|rd|th)\b)", re.I)
CORRECTED_HOUR_RE = re.compile(
    r"\b(?:no wait|wait|no|nah|actually|i mean|sorry|scratch that)[,.\s]+(?:make it\s+|make that\s+)?(\d{1,2})\b"
    r"(?![\d:/%]|\s*(?:st|nd|rd|th|k\b|weeks?|wks?|days?|hours?|mins?|miles?))", re.I)
RANGE_RE = re.compile(r"(?<![\d/:])(\d{1,2})\s*-\s*(\d{1,2})\s*(am|pm)?\b", re.I)


def _to24(hour, ampm):
    ampm = (ampm or "").lower().replace(".", "")
    if ampm.startswith("p") and hour < 12:
        return hour + 12
    if ampm.startswith("a") and hour == 12:
        return 0
    if not ampm:
        return bare_hour(hour)
    return hour


def stated_hours(text):
    """Every hour the text states, read with the service-drive rule."""
    hours = {h for h, _m in stated_clock_times(text)}
    for h, ampm in AMPM_RE.findall(text):
        hours.add(_to24(int(h), ampm))
    for h, ampm in HOUR_WORD_RE.findall(text):
        hours.add(_to24(int(h), ampm))
    for h in PROPOSED_HOUR_RE.findall(text):
        hours.add(_to24(int(h), ""))
    for h in ISH_RE.findall(text):
        hours.add(_to24(int(h), ""))
    for h1, _h2, ampm in RANGE_RE.findall(text):
        hours.add(_to24(int(h1), ampm))
    for word in WORD_HOUR_RE.findall(text):
        hours.add(_to24(HOUR_WORDS[word.lower()], ""))
    for h in LAS_RE.findall(text) + CORRECTED_HOUR_RE.findall(text):
        hours.add(_to24(int(h), ""))
    for h1, h2 in EITHER_HOUR_RE.findall(text):
        hours |= {_to24(int(h1), ""), _to24(int(h2), "")}
    if re.search(r"\bnoon[\s-]?ish\b|\blunch\s?time\b", text, re.I):
        hours.add(12)
    if re.search(r"\bnoon\b", text, re.I) and not re.search(r"before noon", text, re.I):
        hours.add(12)
    return {h for h in hours if 0 <= h <= 23}


def resolve_weekday(ref_date, weekday, mode):
    """bare: strictly after today; this: on or after today; next: in next calendar week."""
    if mode == "next":
        monday = ref_date + dt.timedelta(days=7 - ref_date.weekday())
        return monday + dt.timedelta(days=weekday)
    delta = (weekday - ref_date.weekday()) % 7
    if mode == "bare" and delta == 0:
        delta = 7
    return ref_date + dt.timedelta(days=delta)


def weekday_mentions(text):
    """(weekday, mode) for each weekday named, mode from a preceding this/next."""
    out = []
    for m in DOW_RE.finditer(text):
        before = text[:m.start()].lower().rstrip()
        mode = "bare"
        if re.search(r"\b(next|nxt)$", before):
            mode = "next"
        elif re.search(r"\bthis( coming)?$", before):
            mode = "this"
        out.append((DOW[m.group(1).lower()], mode))
    return out


PART_WORDS = [
    (9, r"\bmorning\b|\bmornings\b|\bam\b|first thing|before noon"),
    (13, r"afternoon|after lunch"),
    (17, r"\bevening\b|tonight|end of (the )?day|\beod\b|after work|close of business"),
]
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "couple": 2, "a couple": 2, "three": 3, "few": 3}


def _count(token):
    token = token.lower().strip()
    return int(token) if token.isdigit() else NUMBER_WORDS.get(token)


def excluded_weekdays(lower):
    """The weekdays a (lower-cased) text excludes from any day it would take: "any day but
    monday", "anytime except fri", "tuesday works but not monday"."""
    dows = "|".join(sorted(DOW, key=len, reverse=True))
    excluded = set()
    for pat in (r"\b(?:any ?day|any ?time|whenever|any weekday|anything)(?:\s+(?:morning|afternoon|evening|next week|this week|of the week))?\s+(?:but|except)\s+(?:for\s+)?(?:on\s+)?(?:a\s+)?(" + dows + r")s?\b",
                r"\bbut not (?:on )?(" + dows + r")s?\b"):
        for m in re.finditer(pat, lower):
            # "can't do any day this week except saturday" asks for Saturday alone.
            if not re.search(r"\b(?:can'?t|cannot|not|no|never)\b(?:\s+do)?\s*$", lower[:m.start()]):
                excluded.add(DOW[m.group(1)])
    return excluded


def negated_weekdays(lower):
    """The weekdays a (lower-cased) text rules out or replaces: the excluded ones, "not
    monday", "can't do tue or wed", "friday won't work", "instead of thursday"."""
    dows = "|".join(sorted(DOW, key=len, reverse=True))
    negated = excluded_weekdays(lower)
    for pat in (r"\b(?:not|cant|can't|cannot|can not)\s+(?:do\s+)?(?:on\s+)?(" + dows + r")s?\b",
                r"\b(" + dows + r")s?\s+(?:won'?t|doesn'?t|does not|will not)\s+work",
                r"\binstead of (?:the )?(" + dows + r")s?\b",
                r"\bfrom (" + dows + r")s?\s+to\b"):
        for m in re.finditer(pat, lower):
            negated.add(DOW[m.group(1)])
    for m in re.finditer(r"\bcan'?t do (" + dows + r")s? or (" + dows + r")s?\b", lower):
        negated |= {DOW[m.group(1)], DOW[m.group(2)]}
    return negated


def check_record(rec, errors, warnings):
    missing = [k for k in ("id", "received_at", "tz", "text", "intents", "datetime") if k not in rec]
    if missing:
        errors.append(f"missing fields {missing}")
        return
    extra = set(rec) - {"id", "received_at", "tz", "text", "intents", "datetime", "notes", "tags"}
    if extra:
        errors.append(f"unknown fields {sorted(extra)}")
    if not re.fullmatch(r"[a-z][a-z0-9]*-\d{4}", str(rec["id"])):
        errors.append(f"bad id {rec['id']!r}")
    received = parse_naive(rec["received_at"], "received_at", errors)
    try:
        ZoneInfo(rec["tz"])
    except Exception:  # noqa: BLE001 - any failure means an unusable zone name
        errors.append(f"unknown tz {rec['tz']!r}")
    text = rec["text"]
    if not isinstance(text, str) or not text.strip():
        errors.append("empty text")
        return
    intents = rec["intents"]
    if not isinstance(intents, list) or not intents:
        errors.append("intents must be a non-empty list")
        return
    for label in intents:
        if label not in LABELS:
            errors.append(f"unknown label {label!r}")
    if len(set(intents)) != len(intents):
        errors.append("duplicate labels")
    if "MISC" in intents and len(intents) > 1:
        errors.append("MISC is only used when no other label fits")
    reasons = REASON_LABELS & set(intents)
    if "NIITB" in intents and reasons:
        errors.append(f"NIITB is for declines with no reason label; this one has {sorted(reasons)}")
    tags = rec.get("tags", [])
    for tag in tags:
        if tag not in TAGS:
            errors.append(f"unknown tag {tag!r}")
    if ("multi_intent" in tags) != (len(intents) > 1):
        errors.append("multi_intent tag must be present exactly when there are 2+ intents")
    if received is not None and not (7 <= received.hour <= 23):
        warnings.append(f"received_at {rec['received_at']} is outside 07:00-23:59")

    named_holiday = any(re.search(pat, text.lower()) for _name, pat in HOLIDAY_PATTERNS)
    if named_holiday != ("holiday" in tags):
        errors.append("the holiday tag must be present exactly when the text names a holiday")

    gold = rec["datetime"]
    if gold is None:
        if ("accept_no_time" in tags) != ("APPT_SET" in intents):
            errors.append("APPT_SET with a null datetime needs the accept_no_time tag (and only then)")
        return
    if "accept_no_time" in tags:
        errors.append("accept_no_time tag on a record with a gold datetime")
    if not isinstance(gold, dict) or "start" not in gold or "grain" not in gold:
        errors.append("datetime must be null or an object with start and grain")
        return
    grain = gold["grain"]
    if grain not in GRAINS:
        errors.append(f"unknown grain {grain!r}")
        return
    start = parse_naive(gold["start"], "datetime.start", errors)
    if start is None or received is None:
        return
    extra = set(gold) - {"start", "grain", "end"}
    if extra:
        errors.append(f"unknown datetime fields {sorted(extra)}")
    windowed = grain in ("month_start", "month_end")
    if windowed != ("end" in gold):
        errors.append("datetime.end must appear exactly for month_start / month_end")
    end = parse_naive(gold["end"], "datetime.end", errors) if "end" in gold else None

    # Canonical shapes.
    if grain == "part_of_day" and (start.hour, start.minute) not in {(9, 0), (13, 0), (17, 0)}:
        errors.append(f"part_of_day start must be 09:00, 13:00 or 17:00, got {start.time()}")
    if grain in ("day", "week", "month", "month_start", "month_end") and start.time() != dt.time(0):
        errors.append(f"{grain} start must be at midnight")
    if grain == "minute" and start.second:
        errors.append("minute start has seconds")
    if grain in ("month", "month_start") and start.day != 1:
        errors.append(f"{grain} start must be the 1st")
    if grain == "month_start" and end is not None and end != start.replace(day=8):
        errors.append("month_start end must be the 8th of the same month")
    if grain == "month_end" and end is not None:
        if end.day != 1 or end.time() != dt.time(0):
            errors.append("month_end end must be the 1st of the next month")
        elif start != end - dt.timedelta(days=7):
            errors.append("month_end start must be 7 days before end")
    if end is not None and received.date() >= start.date():
        errors.append("window expressions in this set are sent before their window opens")

    # No gold in the past, at the gold grain.
    if grain == "minute":
        past = start < received.replace(second=0)
    elif grain == "hour":
        past = start < received.replace(minute=0, second=0)
    elif grain == "part_of_day":
        past = start < received.replace(second=0) and not (
            start.date() == received.date() and start.hour == received.hour)
    elif grain == "week":
        past = start.date() < received.date() - dt.timedelta(days=received.weekday())
    elif grain == "month":
        past = (start.year, start.month) < (received.year, received.month)
    else:
        past = start.date() < received.date()
    if past:
        errors.append(f"gold {gold['start']} ({grain}) is in the past of {rec['received_at']}")
    if start.date() > received.date() + dt.timedelta(days=400):
        errors.append("gold more than 400 days ahead")

    lower = text.lower()
    rdate, sdate = received.date(), start.date()

    # Named weekday vs gold: one of the weekdays named and not excluded, never an excluded one
    # ("any day but monday" names Monday and asks for any other day).
    if grain in FINE:
        excluded = excluded_weekdays(lower)
        named = named_weekdays(text) - excluded
        if named and sdate.weekday() not in named:
            errors.append(f"text names {sorted(named)} but gold is a {sdate.strftime('%A')}")
        if sdate.weekday() in excluded:
            errors.append(f"gold is a {sdate.strftime('%A')}, a weekday the text excludes")

    # tomorrow / today.
    if grain in FINE and TOMORROW_RE.search(text):
        special = re.search(r"day after (tomorrow|tmrw|tmr|tommorow)", lower) or re.search(
            r"\bfrom (tomorrow|tmrw|tmr|tommorow) to\b", lower) or re.search(
            r"\b(not|cant|can't|cannot|no)\b[^.?!,]{0,12}\b(tomorrow|tmrw|tmr|tommorow)\b", lower)
        if not special and sdate != add_days(rdate, 1):
            errors.append(f"text says tomorrow but gold is {sdate} (received {rdate})")
        if re.search(r"day after (tomorrow|tmrw|tmr|tommorow)", lower) and sdate != add_days(rdate, 2):
            errors.append(f"day after tomorrow should be {add_days(rdate, 2)}")
    if grain in FINE and TODAY_RE.search(text):
        if not re.search(r"\b(not|cant|can't|cannot)\b[^.?!,]{0,12}\btoday\b", lower) and sdate != rdate:
            errors.append(f"text says today but gold is {sdate} (received {rdate})")

    # Stated calendar dates vs gold.  "after X" means X + 1, "day before X" means X - 1.
    if grain in FINE:
        stated = []  # (resolved date, offset implied by the words just before it)

        def offset_before(pos):
            head = lower[max(0, pos - 20):pos]
            if re.search(r"day before (the )?$", head):
                return -1
            if re.search(r"\bafter (the )?$", head):
                return 1
            return 0

        for m in NUMERIC_DATE_RE.finditer(text):
            mo, d = int(m.group(1)), int(m.group(2))
            day = next_month_day(rdate, mo, d) if 1 <= mo <= 12 and 1 <= d <= 31 else None
            if day:
                stated.append((day, offset_before(m.start())))
        for m in MONTH_DAY_RE.finditer(text):
            day = next_month_day(rdate, MONTHS[m.group(1).lower()], int(m.group(2)))
            if day:
                stated.append((day, offset_before(m.start())))
        for m in ORDINAL_RE.finditer(text):
            d = int(m.group(1))
            if 1 <= d <= 31:
                # "the Nth": the next day-of-month N on or after the received date.
                day = next(add_days(rdate, k) for k in range(62) if add_days(rdate, k).day == d)
                stated.append((day, offset_before(m.start())))
        if stated and sdate not in {add_days(day, off) for day, off in stated}:
            errors.append(f"stated dates {[(str(d), o) for d, o in stated]} do not match gold {sdate}")

    # Clock times vs a minute-grain gold.
    if grain == "minute":
        times = stated_clock_times(text)
        if (start.hour, start.minute) not in times:
            errors.append(f"minute gold {start.time()} is not a stated time {sorted(times)}")

    # Hour-grain gold vs stated hours (relative offsets are checked below instead).
    if grain == "hour" and "relative" not in tags:
        hours = stated_hours(text)
        if start.minute:
            errors.append("hour-grain gold has minutes but is not a relative offset")
        if start.hour not in hours:
            errors.append(f"hour gold {start.hour}:00 is not a stated hour {sorted(hours)}")

    # Part of day vs the words used.
    if grain == "part_of_day":
        named_parts = {h for h, pat in PART_WORDS if re.search(pat, lower)}
        if named_parts and start.hour not in named_parts:
            errors.append(f"part_of_day gold {start.hour}:00 but text names {sorted(named_parts)}")
        if not named_parts:
            errors.append("part_of_day gold but no part-of-day words found")

    # Relative offsets.
    m = re.search(r"\bin (\d+|a|an|one|two|three|a couple|couple|few) (days?|weeks?|wks?|hours?|hrs?)\b", lower)
    if m and "CL" not in intents:
        n = _count(m.group(1))
        unit = m.group(2)
        if unit.startswith("d") and not (grain == "day" and sdate == add_days(rdate, n)):
            errors.append(f"'in {n} days' should be {add_days(rdate, n)} (day)")
        if unit.startswith("w") and not (grain == "week" and sdate == add_days(rdate, 7 * n)):
            errors.append(f"'in {n} weeks' should be {add_days(rdate, 7 * n)} (week)")
        if unit.startswith("h") and not (grain == "hour" and start == received + dt.timedelta(hours=n)):
            errors.append(f"'in {n} hours' should be {received + dt.timedelta(hours=n)} (hour)")
    if re.search(r"\b(right )?now\b", lower) and "relative" in tags and grain == "hour":
        if start != received:
            errors.append("'now' should be the received time")
    m = re.search(r"\ba week from (" + "|".join(DOW) + r")\b", lower)
    if m:
        target = add_days(resolve_weekday(rdate, DOW[m.group(1)], "bare"), 7)
        if not (grain == "day" and sdate == target):
            errors.append(f"'a week from {m.group(1)}' should be {target} (day)")

    # Holidays.
    hol = None
    for name, pat in HOLIDAY_PATTERNS:
        found = re.search(pat, lower)
        # "happy new year", "merry xmas": a greeting, not a date reference
        if found and not re.search(r"\b(happy|merry)\s+$", lower[:found.start()]):
            hol = name
            break
    explicit_date = NUMERIC_DATE_RE.search(text) or re.search(r"\b\d{1,2}(st|nd|rd|th)\b(?! of july)", lower)
    holiday_is_answer = not ({"negation", "distractor_date"} & set(tags))
    if hol and holiday_is_answer and not explicit_date and grain != "week":
        hday = next_holiday(hol, rdate)
        wanted = {hday}
        if re.search(r"day after", lower):
            wanted = {add_days(hday, 1)}
        elif re.search(r"day before", lower):
            wanted = {add_days(hday, -1)}
        elif re.search(r"\bafter\b", lower):
            named = {w for w, _mode in weekday_mentions(text)}
            wanted = {add_days(hday, k) for k in range(1, 8)
                      if not named or add_days(hday, k).weekday() in named}
            wanted = {min(wanted)} if wanted else set()
        if sdate not in wanted:
            errors.append(f"holiday {hol!r}: gold {sdate} not in {sorted(map(str, wanted))}")
    if hol and grain == "week" and "week after" in lower:
        hday = next_holiday(hol, rdate)
        if sdate != add_days(hday, 7 - hday.weekday()):
            errors.append(f"'the week after {hol}' should start {add_days(hday, 7 - hday.weekday())}")

    # Ranges take their earliest point: "9-10am", "between 10 and 12".
    if grain == "hour":
        m = RANGE_RE.search(text) or re.search(r"\bbetween (\d{1,2})\b", text, re.I)
        if m and start.hour != _to24(int(m.group(1)), m.group(3) if m.re is RANGE_RE else ""):
            errors.append(f"range should start at its first hour ({m.group(0)!r})")

    # A time with no date is its next occurrence after received_at.
    if "no_date_time" in tags and not (received < start <= received + dt.timedelta(days=1)):
        errors.append("no_date_time gold must be the next occurrence after received_at")

    # "last day of the month" is a day.
    if re.search(r"last day of (the|this) month", lower):
        last = add_days(dt.date(rdate.year + (rdate.month == 12), rdate.month % 12 + 1, 1), -1)
        if not (grain == "day" and sdate == last):
            errors.append(f"'last day of the month' should be {last} (day)")

    # Weekday resolution (one weekday named, or alternatives = earliest option).
    mentions = weekday_mentions(text)
    skip = {"holiday", "relative", "distractor_dow", "reschedule", "negation"} & set(tags)
    explicit = bool(explicit_date or MONTH_DAY_RE.search(text))
    if (grain in FINE and mentions and skip and not explicit
            and not (hol and holiday_is_answer) and "relative" not in tags):
        # Negated / replaced weekdays are not options; the gold must resolve one of the others.
        negated = negated_weekdays(lower)
        options = {resolve_weekday(rdate, w, mode) for w, mode in mentions if w not in negated}
        if options and sdate not in options:
            errors.append(f"gold {sdate} is not a resolution of a non-negated weekday {sorted(map(str, options))}")
        if "alternatives" in tags and options and sdate != min(options):
            errors.append(f"alternatives: earliest remaining option is {min(options)}, gold {sdate}")
    if grain in FINE and mentions and not skip and not re.search(r"week from", lower):
        options = {resolve_weekday(rdate, w, mode) for w, mode in mentions}
        if "alternatives" in tags:
            # the earliest named weekday (an explicit calendar date may be earlier still)
            if sdate > min(options):
                errors.append(f"alternatives: earliest weekday option is {min(options)}, gold {sdate}")
        elif len({w for w, _m in mentions}) == 1 and not explicit and sdate not in options:
            errors.append(f"weekday {sorted(options)} resolves differently from gold {sdate}")

    # Week-level expressions.
    this_monday = add_days(rdate, -rdate.weekday())
    next_monday = add_days(this_monday, 7)
    if grain == "week":
        checks = [
            (r"week after next|next week.*week after", add_days(next_monday, 7)),
            (r"later this week", add_days(rdate, 1)),
            (r"next weekend", add_days(next_monday, 5)),
            (r"this weekend", add_days(this_monday, 5)),
            (r"before the weekend", rdate),
            (r"\b(next|nxt) (week|wk)\b", next_monday),
            (r"\bthis week\b", rdate),
        ]
        for pat, want in checks:
            if re.search(pat, lower):
                if sdate != want:
                    errors.append(f"week expression /{pat}/ should start {want}, gold {sdate}")
                break
        m = re.search(r"week (after|of) the (\d{1,2})(st|nd|rd|th)\b", lower)
        if m:
            nth = next(add_days(rdate, k) for k in range(62) if add_days(rdate, k).day == int(m.group(2)))
            monday = add_days(nth, -nth.weekday()) + dt.timedelta(days=7 if m.group(1) == "after" else 0)
            if sdate != monday:
                errors.append(f"'the week {m.group(1)} the {m.group(2)}{m.group(3)}' should start {monday}")

    # Month-level expressions.
    if grain in ("month", "month_start", "month_end"):
        mm = re.search(r"\b(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b", lower)
        if "next month" in lower:
            want = (rdate.year + (rdate.month == 12), rdate.month % 12 + 1)
        elif mm and not re.search(r"\bmay\b", lower):
            mon = MONTHS[mm.group(1)]
            want = (rdate.year + (mon < rdate.month), mon)
        else:
            want = (rdate.year, rdate.month)
        window_month = (start.year, start.month)
        if window_month != want:
            errors.append(f"{grain} should be in {want[0]}-{want[1]:02d}, gold {start.date()}")

    # Tag-specific arithmetic.
    if "same_dow" in tags and grain in FINE and sdate != add_days(rdate, 7):
        errors.append(f"same_dow gold should be {add_days(rdate, 7)}")
    if "next_dow" in tags and grain in FINE and "alternatives" not in tags:
        if not (next_monday <= sdate < add_days(next_monday, 7)):
            errors.append(f"next_dow gold {sdate} is not in the week of {next_monday}")
    if "year_rollover" in tags and start.year == received.year and (end is None or end.year == received.year):
        errors.append("year_rollover tag but gold is in the received year")


def main(argv):
    """Checks every file named (default dev-replies.jsonl): ids are unique across them all,
    texts within each (across sets, short replies like "STOP" recur as they do in life)."""
    args = [a for a in argv[1:] if not a.startswith("--")]
    quiet = "--quiet" in argv
    n_err = n_warn = 0
    seen_ids = set()
    records = 0
    for path in args or ["dev-replies.jsonl"]:
        n_err, n_warn, records = check_file(path, quiet, seen_ids, {}, n_err, n_warn, records)
    print(f"{records} records, {n_err} errors, {n_warn} warnings")
    return 1 if n_err else 0


def check_file(path, quiet, seen_ids, seen_texts, n_err, n_warn, records):
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            errors, warnings = [], []
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                print(f"line {lineno}: invalid JSON: {exc}")
                n_err += 1
                continue
            records += 1
            rid = rec.get("id", f"line {lineno}")
            if rid in seen_ids:
                errors.append("duplicate id")
            seen_ids.add(rid)
            norm = re.sub(r"\s+", " ", str(rec.get("text", "")).strip().lower())
            if norm in seen_texts:
                errors.append(f"duplicate text (also {seen_texts[norm]})")
            seen_texts[norm] = rid
            check_record(rec, errors, warnings)
            for msg in errors:
                print(f"ERROR {rid}: {msg}  | {rec.get('text', '')!r}")
            if not quiet:
                for msg in warnings:
                    print(f"warning {rid}: {msg}")
            n_err += len(errors)
            n_warn += len(warnings)
    return n_err, n_warn, records


if __name__ == "__main__":
    sys.exit(main(sys.argv))
