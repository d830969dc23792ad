#!/usr/bin/env python3
"""Score SMS-reply predictions (intents + requested appointment time) against gold.

    python3 scripts/assistant/score.py --gold engine/understanding/tests/replies/dev-replies.jsonl --pred predictions.jsonl [--json-out scores.json]
                     [--exclude-tag ambiguous] [--per-record]

Prediction file: one JSON object per line,

    {"id": "dev-0001", "intents": ["APPT_SET"], "datetime": {"start": "2025-04-16T09:00:00"}}
    {"id": "dev-0002", "intents": ["ASA"], "datetime": null}

* `datetime` is null (no appointment time) or an object with `start`, a naive local
  wall-clock time in the record's tz ("YYYY-MM-DDTHH:MM[:SS]" or "YYYY-MM-DD").  A `grain`
  may be present but is ignored: a prediction is judged at the *gold* grain.  A bare
  string is accepted as the start.  A list is read as ranked candidates (first = the
  prediction).
* Optional `datetime_candidates`: every datetime the extractor produced, ranked.  When any
  prediction carries candidates, the any-candidate oracle accuracy is reported as well.
* Optional `"uncertain": true`: the reading is asked back, never booked; a wrong reading
  marked so is counted apart from the wrong readings that would be booked (`dt_wrong_booked`).
* Records missing from the prediction file count as no intents and no datetime.

Scoring rules are in docs/assistant-rules.md (section 3, "Scoring").  Python 3 standard library only.
"""
import argparse
import datetime as dt
import json
import sys
from collections import Counter, defaultdict

WINDOW_GRAINS = ("month_start", "month_end")


class InputError(Exception):
    pass


# ----------------------------------------------------------------------------- reading

def read_jsonl(path, what):
    records = []
    try:
        fh = open(path, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot open {what} file {path}: {exc}") from exc
    with fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{lineno}: invalid JSON ({exc})") from exc
            if not isinstance(obj, dict) or "id" not in obj:
                raise InputError(f"{path}:{lineno}: each line must be an object with an 'id'")
            records.append(obj)
    return records


def parse_time(value):
    """Naive datetime from an ISO string; a UTC offset is dropped (wall-clock kept).

    Returns (datetime or None, warning or None)."""
    if isinstance(value, dict):
        value = value.get("start")
    if value is None:
        return None, None
    if not isinstance(value, str):
        return None, f"start is not a string: {value!r}"
    text = value.strip().replace(" ", "T", 1)
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = dt.datetime.fromisoformat(text)
    except ValueError:
        try:
            parsed = dt.datetime.combine(dt.date.fromisoformat(text), dt.time())
        except ValueError:
            return None, f"unparsable start {value!r}"
    warning = None
    if parsed.tzinfo is not None:
        parsed = parsed.replace(tzinfo=None)
        warning = f"start {value!r} has a UTC offset; its wall-clock time was used"
    return parsed, warning


def prediction_candidates(pred):
    """(first datetime value or None, list of all candidate values) from one prediction."""
    def present(v):
        # null and {"start": null} both mean "no datetime"
        return v is not None and not (isinstance(v, dict) and v.get("start") is None)

    value = pred.get("datetime")
    cands = [v for v in (value if isinstance(value, list) else [value]) if present(v)]
    first = cands[0] if cands else None
    extra = pred.get("datetime_candidates")
    if isinstance(extra, list):
        cands = cands + [v for v in extra if present(v)]
    return first, cands


# ----------------------------------------------------------------------------- matching

def bucket(hour):
    if 4 <= hour < 12:
        return "morning"
    if 12 <= hour < 17:
        return "afternoon"
    if 17 <= hour < 21:
        return "evening"
    return "night"


def window_end(gold_start, grain):
    if grain == "month_start":
        return gold_start + dt.timedelta(days=7)
    year, month = gold_start.year + (gold_start.month == 12), gold_start.month % 12 + 1
    return dt.datetime(year, month, 1)


def matches(pred, gold, grain, gold_end=None):
    """Is the predicted start correct at the gold grain?"""
    if grain == "minute":
        return pred.replace(second=0, microsecond=0) == gold.replace(second=0, microsecond=0)
    if grain == "hour":
        return pred.date() == gold.date() and pred.hour == gold.hour
    if grain == "part_of_day":
        return pred.date() == gold.date() and bucket(pred.hour) == bucket(gold.hour)
    if grain == "day":
        return pred.date() == gold.date()
    if grain == "week":
        return pred.isocalendar()[:2] == gold.isocalendar()[:2]
    if grain == "month":
        return (pred.year, pred.month) == (gold.year, gold.month)
    if grain in WINDOW_GRAINS:
        end = gold_end or window_end(gold, grain)
        return gold.date() <= pred.date() < end.date()
    raise InputError(f"unknown gold grain {grain!r}")


# ----------------------------------------------------------------------------- metrics

def prf(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def ratio(num, den):
    return num / den if den else None


def score(gold_records, pred_records, exclude_tags=()):
    warnings = Counter()
    preds = {}
    for pred in pred_records:
        if pred["id"] in preds:
            warnings["duplicate prediction id (last one kept)"] += 1
        preds[pred["id"]] = pred
    gold_ids = {g["id"] for g in gold_records}
    unknown = [pid for pid in preds if pid not in gold_ids]
    if unknown:
        warnings["prediction ids not in gold (ignored)"] += len(unknown)

    excluded = set(exclude_tags)
    golds = [g for g in gold_records if not excluded & set(g.get("tags") or [])]
    missing = 0
    have_candidates = any("datetime_candidates" in p or isinstance(p.get("datetime"), list)
                          for p in pred_records)

    # intents
    tp, fp, fn = Counter(), Counter(), Counter()
    exact = 0
    # datetimes
    by_grain = defaultdict(lambda: {"n": 0, "correct": 0, "any_candidate": 0, "no_output": 0})
    by_tag = defaultdict(lambda: {"n": 0, "overall_correct": 0, "dt_n": 0, "dt_correct": 0,
                                  "intent_exact": 0})
    dt_n = dt_correct = dt_any = dt_no_output = dt_wrong = dt_wrong_booked = dt_asked_back = 0
    null_n = null_fp = 0
    per_record = []

    for g in golds:
        pred = preds.get(g["id"])
        if pred is None:
            missing += 1
            pred = {"id": g["id"], "intents": [], "datetime": None}
        gold_set = set(g.get("intents") or [])
        raw_intents = pred.get("intents") or []
        if not isinstance(raw_intents, list):
            warnings["intents is not a list (treated as empty)"] += 1
            raw_intents = []
        pred_set = {str(x) for x in raw_intents}
        for label in gold_set | pred_set:
            if label in gold_set and label in pred_set:
                tp[label] += 1
            elif label in pred_set:
                fp[label] += 1
            else:
                fn[label] += 1
        intent_ok = gold_set == pred_set
        exact += intent_ok

        first, cands = prediction_candidates(pred)
        pred_dt, warn = parse_time(first)
        if warn:
            warnings["datetime start had a UTC offset (its wall-clock time was used)"
                     if "offset" in warn else "unparsable datetime start (counted wrong)"] += 1
        gold_dt = g.get("datetime")
        if gold_dt is None:
            null_n += 1
            dt_ok = first is None
            null_fp += not dt_ok
            any_ok = not cands
        else:
            grain = gold_dt["grain"]
            gstart, _ = parse_time(gold_dt["start"])
            gend, _ = parse_time(gold_dt.get("end"))
            if gstart is None:
                raise InputError(f"gold {g['id']}: bad datetime.start")
            dt_n += 1
            dt_ok = pred_dt is not None and matches(pred_dt, gstart, grain, gend)
            any_ok = dt_ok
            for cand in cands:
                cdt, _ = parse_time(cand)
                if cdt is not None and matches(cdt, gstart, grain, gend):
                    any_ok = True
                    break
            dt_correct += dt_ok
            unsure = bool(pred.get("uncertain"))
            wrong = first is not None and not dt_ok
            dt_wrong += wrong
            dt_wrong_booked += wrong and not unsure
            dt_asked_back += first is not None and unsure
            dt_any += any_ok
            dt_no_output += first is None
            slot = by_grain[grain]
            slot["n"] += 1
            slot["correct"] += dt_ok
            slot["any_candidate"] += any_ok
            slot["no_output"] += first is None
        for tag in g.get("tags") or []:
            slot = by_tag[tag]
            slot["n"] += 1
            slot["overall_correct"] += dt_ok
            slot["intent_exact"] += intent_ok
            if gold_dt is not None:
                slot["dt_n"] += 1
                slot["dt_correct"] += dt_ok
        per_record.append({"id": g["id"], "intents_exact": intent_ok, "datetime_correct": dt_ok,
                           "gold_intents": sorted(gold_set), "pred_intents": sorted(pred_set),
                           "gold_datetime": gold_dt, "pred_datetime": first})

    labels = sorted(set(tp) | set(fp) | set(fn))
    per_label = {}
    for label in labels:
        p, r, f = prf(tp[label], fp[label], fn[label])
        per_label[label] = {"precision": p, "recall": r, "f1": f, "support": tp[label] + fn[label],
                            "predicted": tp[label] + fp[label], "tp": tp[label], "fp": fp[label],
                            "fn": fn[label]}
    micro_p, micro_r, micro_f = prf(sum(tp.values()), sum(fp.values()), sum(fn.values()))
    gold_labels = [lab for lab in labels if per_label[lab]["support"]]
    n = len(golds)

    amb = [g for g in golds if "ambiguous" in (g.get("tags") or [])]
    result = {
        "records": n,
        "excluded_tags": sorted(excluded),
        "missing_predictions": missing,
        "warnings": dict(warnings),
        "intents": {
            "micro_precision": micro_p, "micro_recall": micro_r, "micro_f1": micro_f,
            "macro_f1": ratio(sum(per_label[lab]["f1"] for lab in labels), len(labels)),
            "macro_f1_gold_labels": ratio(sum(per_label[lab]["f1"] for lab in gold_labels),
                                          len(gold_labels)),
            "exact_set_accuracy": ratio(exact, n),
            "per_label": per_label,
        },
        "datetime": {
            "dt_records": dt_n,
            "dt_correct": dt_correct,
            "dt_accuracy": ratio(dt_correct, dt_n),
            "dt_any_candidate_accuracy": ratio(dt_any, dt_n) if have_candidates else None,
            "dt_no_output": dt_no_output,
            "dt_wrong": dt_wrong,
            "dt_wrong_booked": dt_wrong_booked,
            "dt_wrong_booked_rate": ratio(dt_wrong_booked, dt_n),
            "dt_asked_back": dt_asked_back,
            "null_records": null_n,
            "null_false_positives": null_fp,
            "null_false_positive_rate": ratio(null_fp, null_n),
            "overall_correct": dt_correct + (null_n - null_fp),
            "overall_accuracy": ratio(dt_correct + (null_n - null_fp), n),
            "by_grain": {k: dict(v, accuracy=ratio(v["correct"], v["n"]))
                         for k, v in sorted(by_grain.items())},
        },
        "by_tag": {k: dict(v, overall_accuracy=ratio(v["overall_correct"], v["n"]),
                           dt_accuracy=ratio(v["dt_correct"], v["dt_n"]),
                           intent_exact_accuracy=ratio(v["intent_exact"], v["n"]))
                   for k, v in sorted(by_tag.items())},
        "per_record": per_record,
    }
    if amb and "ambiguous" not in excluded:
        amb_ids = {g["id"] for g in amb}
        rest = [r for r in per_record if r["id"] not in amb_ids]
        rest_dt = [r for r in rest if r["gold_datetime"] is not None]
        result["datetime"]["without_ambiguous"] = {
            "records": len(rest),
            "dt_accuracy": ratio(sum(r["datetime_correct"] for r in rest_dt), len(rest_dt)),
            "overall_accuracy": ratio(sum(r["datetime_correct"] for r in rest), len(rest)),
        }
    return result


# ----------------------------------------------------------------------------- report

def fmt(x, digits=3):
    return "  n/a" if x is None else f"{x:.{digits}f}"


def print_report(res, out=sys.stdout):
    w = out.write
    it, dtm = res["intents"], res["datetime"]
    w(f"records scored: {res['records']}")
    if res["excluded_tags"]:
        w(f" (excluding tags: {', '.join(res['excluded_tags'])})")
    w(f"; missing predictions: {res['missing_predictions']}\n")
    for msg, count in sorted(res["warnings"].items()):
        w(f"warning: {msg}: {count}\n")

    w("\n== Intents ==\n")
    w(f"micro P/R/F1        {fmt(it['micro_precision'])} / {fmt(it['micro_recall'])} / "
      f"{fmt(it['micro_f1'])}\n")
    w(f"macro F1            {fmt(it['macro_f1'])}  (labels in gold or predictions; "
      f"gold labels only: {fmt(it['macro_f1_gold_labels'])})\n")
    w(f"exact-set accuracy  {fmt(it['exact_set_accuracy'])}\n\n")
    w(f"{'label':15} {'prec':>6} {'recall':>6} {'f1':>6} {'support':>8} {'predicted':>9}\n")
    for label, m in sorted(it["per_label"].items(), key=lambda kv: (-kv[1]["support"], kv[0])):
        w(f"{label:15} {fmt(m['precision']):>6} {fmt(m['recall']):>6} {fmt(m['f1']):>6} "
          f"{m['support']:>8} {m['predicted']:>9}\n")

    w("\n== Requested appointment datetime ==\n")
    w(f"dt_accuracy (exact at gold grain)  {dtm['dt_correct']}/{dtm['dt_records']} = "
      f"{fmt(dtm['dt_accuracy'])}   (no output on {dtm['dt_no_output']})\n")
    w(f"dt_wrong (a different time)        {dtm['dt_wrong']}: booked as read "
      f"{dtm['dt_wrong_booked']}/{dtm['dt_records']} = {fmt(dtm['dt_wrong_booked_rate'])}, "
      f"readings asked back {dtm['dt_asked_back']}\n")
    if dtm["dt_any_candidate_accuracy"] is not None:
        w(f"dt_any_candidate_accuracy          {fmt(dtm['dt_any_candidate_accuracy'])}\n")
    w(f"null_false_positive_rate           {dtm['null_false_positives']}/{dtm['null_records']} = "
      f"{fmt(dtm['null_false_positive_rate'])}\n")
    w(f"overall_accuracy                   {dtm['overall_correct']}/{res['records']} = "
      f"{fmt(dtm['overall_accuracy'])}\n")
    if "without_ambiguous" in dtm:
        wa = dtm["without_ambiguous"]
        w(f"without 'ambiguous' records        dt_accuracy {fmt(wa['dt_accuracy'])}, "
          f"overall {fmt(wa['overall_accuracy'])} ({wa['records']} records)\n")
    w(f"\n{'grain':12} {'n':>4} {'correct':>8} {'accuracy':>9} {'no output':>10}\n")
    for grain, m in dtm["by_grain"].items():
        w(f"{grain:12} {m['n']:>4} {m['correct']:>8} {fmt(m['accuracy']):>9} {m['no_output']:>10}\n")
    w(f"\n{'tag':18} {'n':>4} {'overall':>8} {'dt n':>5} {'dt acc':>7} {'intent exact':>13}\n")
    for tag, m in res["by_tag"].items():
        w(f"{tag:18} {m['n']:>4} {fmt(m['overall_accuracy']):>8} {m['dt_n']:>5} "
          f"{fmt(m['dt_accuracy']):>7} {fmt(m['intent_exact_accuracy']):>13}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gold", required=True, help="gold JSONL (e.g. dev-replies.jsonl)")
    ap.add_argument("--pred", required=True, help="predictions JSONL")
    ap.add_argument("--json-out", help="also write the full results as JSON to this file")
    ap.add_argument("--exclude-tag", action="append", default=[],
                    help="leave out gold records carrying this tag (repeatable)")
    ap.add_argument("--per-record", action="store_true",
                    help="include per-record outcomes in the JSON output")
    ap.add_argument("--quiet", action="store_true", help="print nothing (use with --json-out)")
    args = ap.parse_args(argv)
    try:
        gold = read_jsonl(args.gold, "gold")
        pred = read_jsonl(args.pred, "prediction")
        for g in gold:
            for key in ("intents", "datetime"):
                if key not in g:
                    raise InputError(f"gold {g['id']}: missing {key!r}")
        res = score(gold, pred, args.exclude_tag)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not args.quiet:
        print_report(res)
    if args.json_out:
        if not args.per_record:
            res = dict(res)
            res.pop("per_record")
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(res, fh, indent=2, sort_keys=True)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
