"""Cross-validate the risk check on its training file and print the figures.

``python -m agent.safety.calibrate`` — how the thresholds in ``agent/safety``
were chosen: 5-fold out-of-fold scores of the classifier, combined with the
lexicon exactly as ``assess`` combines them, per threshold pair.
``--heldout FILE`` prints the detector alone on an eval file (docs/safety.md).
``--leave-one-out`` estimates what an unseen set will show: for each
``tests/coach_eval/safety*.jsonl``, the classifier is fitted on the training
files plus the turns of every *other* set, and the detector is run on the one
left out; per set and mean/worst misses and false alarms. Options:
``--no-extra`` (the training files only), ``--alpha A``, ``--risk-weight W``,
``--bars high,check,cue`` (thresholds), ``--no-context`` (without the
context rules of ``guess_level``), ``--no-chat`` (without its chat-act gate;
``--compare-chat``: with and without), ``-v`` (list the misses and alarms).
``--export-sets`` writes the turns of ``model.SEEN_SETS`` and the ordinary
talk of ``model.ORDINARY_SETS`` for the production classifier to train on.
``--ordinary`` prints the detector's alarms on ordinary workbook talk, the
training sources and the held-out ones apart (``-v`` lists them).
"""

from __future__ import annotations

import sys

import django


def _folds(pairs, k=5):
    from sklearn.model_selection import StratifiedKFold

    split = StratifiedKFold(n_splits=k, shuffle=True, random_state=0)
    texts, labels = [t for _, t in pairs], [k for k, _ in pairs]
    return split.split(texts, labels)


def heldout(path: str) -> int:
    """Print the detector alone on an eval file: caught, full care, false alarms."""
    import collections

    from agent.safety import assess_all

    rows = [(kind, assess_all(texts)) for kind, texts in _turns(path)]
    risky = [(k, r) for k, r in rows if k != "none"]
    plain = [r for k, r in rows if k == "none"]
    print(
        f"risk {len(risky)}: caught {sum(r.found for _, r in risky)}, "
        f"full care {sum(r.level == 'high' for _, r in risky)}"
    )
    print(
        f"ordinary {len(plain)}: false alarms {sum(r.found for r in plain)}, "
        f"full script {sum(r.level == 'high' for r in plain)}"
    )
    per: dict = collections.defaultdict(lambda: [0, 0])
    for kind, risk in risky:
        per[kind][0] += 1
        per[kind][1] += risk.found
    for kind, (total, caught) in sorted(per.items()):
        print(f"  {kind:<12} {caught}/{total}")
    return 0


def _turns(path) -> list[tuple[str, list[str]]]:
    """Return (expected kind, texts) per turn: the message, its answer, the profile."""
    import json

    rows = []
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        session = json.loads(line)
        for index, turn in enumerate(session["turns"]):
            texts = [turn.get("text", ""), *(turn.get("answer") or {}).values()]
            if index == 0:
                texts.append((session.get("profile") or {}).get("about", ""))
            rows.append((turn["expect"]["risk"], [t for t in texts if t.strip()]))
    return rows


def _scorer(pipe, texts=()):
    """Return a cached ``plain -> (kind, score)`` for a fitted pipeline.

    ``texts`` are scored at once (one ``predict_proba`` call is far faster
    than one per message).
    """
    from agent.safety import lexicon
    from agent.safety.text import normalise

    cache: dict = {}
    plains = sorted({normalise(lexicon.INSULT.sub("", t)) for t in texts} - {""})
    if plains:
        for plain, row in zip(plains, pipe.predict_proba(plains), strict=True):
            probs = dict(zip(pipe.classes_, row, strict=True))
            kind = max((k for k in probs if k != "none"), key=probs.__getitem__)
            cache[plain] = (str(kind), 1.0 - float(probs.get("none", 0.0)))

    def score(plain: str) -> tuple[str, float]:
        if plain not in cache:
            probs = dict(
                zip(pipe.classes_, pipe.predict_proba([plain])[0], strict=True)
            )
            kind = max((k for k in probs if k != "none"), key=probs.__getitem__)
            cache[plain] = (str(kind), 1.0 - float(probs.get("none", 0.0)))
        return cache[plain]

    return score


def _option(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def leave_one_out() -> int:
    """Print the detector on each safety set, fitted without it (see the top)."""
    from pathlib import Path

    from agent import safety
    from agent.safety import model

    sets = sorted(Path("tests/coach_eval").glob("safety*.jsonl"))
    turns = {p.stem: _turns(p) for p in sets}
    base = model.examples_load(sets=False)
    alpha = float(_option("--alpha", "5e-5"))
    weight = float(_option("--risk-weight", "1"))
    grid = [
        tuple(float(x) for x in bars.split(","))
        for bars in _option(
            "--bars", f"{safety.HIGH},{safety.CHECK},{safety.CUE_CHECK}"
        ).split(";")
    ]
    scorers = {}
    shared = None
    for name in turns:
        texts = [t for _, ts in turns[name] for t in ts]
        if "--no-extra" in sys.argv:
            shared = shared or model.train(base, alpha=alpha, risk_weight=weight)
            scorers[name] = _scorer(shared, texts)
            continue
        extra = [
            (kind, texts[0])
            for other, rows in turns.items()
            if other != name
            for kind, texts in rows
            if texts
        ]
        pipe = model.train(base + extra, alpha=alpha, risk_weight=weight)
        scorers[name] = _scorer(pipe, texts)
    print(f"alpha {alpha}  risk weight {weight}  extra {'--no-extra' not in sys.argv}")
    chats = (
        (True, False)
        if "--compare-chat" in sys.argv
        else ("--no-chat" not in sys.argv,)
    )
    for (high, check, cue), chat in ((g, c) for g in grid for c in chats):
        bars = {"high": high, "check": check, "cue_check": cue}
        bars["context"] = "--no-context" not in sys.argv
        bars["chat"] = chat
        print(f"bars high {high} check {check} cue {cue}  chat gate {chat}")
        print("set                 risk miss wrong | ordinary alarm  (%)   script")
        rates, misses = [], 0
        for name, rows in turns.items():
            found = [
                (kind, texts, safety.assess_all_with(texts, scorers[name], **bars))
                for kind, texts in rows
            ]
            risky = [f for f in found if f[0] != "none"]
            plain = [f for f in found if f[0] == "none"]
            miss = [f for f in risky if not f[2].found]
            wrong = [
                f
                for f in risky
                if f[2].found and safety.FAMILY[f[2].kind] != safety.FAMILY[f[0]]
            ]
            alarm = [f for f in plain if f[2].found]
            script = sum(f[2].level == "high" for f in plain)
            rate = len(alarm) / len(plain)
            rates.append(rate)
            misses += len(miss)
            print(
                f"{name:<19} {len(risky):4} {len(miss):4} {len(wrong):5} |"
                f" {len(plain):8} {len(alarm):5} {rate:6.1%} {script:5}"
            )
            if "-v" in sys.argv:
                for label, f in (("MISS", miss), ("WRONG", wrong), ("ALARM", alarm)):
                    for kind, texts, risk in f:
                        print(
                            f"    {label:5} {kind:<11} -> {risk.kind or '-':<11}"
                            f" {risk.level:<5}{'/firm' if risk.firm else ''}"
                            f" {risk.score:.2f} {texts[0][:60]}"
                        )
        print(
            f"misses {misses}; false alarms mean {sum(rates) / len(rates):.1%},"
            f" worst {max(rates):.1%}"
        )
    return 0


def _ordinary(name: str) -> list[str]:
    """Return the ordinary texts of ``tests/NAME.jsonl`` (see ``model.ORDINARY_SETS``).

    A coach eval set gives the user turns, saved answers and profile of every
    session with no crisis turn in it; an evidence set, its answer texts.
    """
    import json

    texts: list[str] = []
    for line in open(f"tests/{name}.jsonl", encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        row = json.loads(line)
        if "turns" not in row:
            texts.append(row.get("text", ""))
            continue
        acts = [turn.get("expect", {}).get("act", "") for turn in row["turns"]]
        risks = [turn.get("expect", {}).get("risk", "none") for turn in row["turns"]]
        if (
            row.get("category") == "crisis"
            or any("crisis" in (a if isinstance(a, list) else [a]) for a in acts)
            or any(r != "none" for r in risks)
        ):
            continue
        texts += [turn.get("text", "") for turn in row["turns"]]
        texts += list((row.get("answers") or {}).values())
        texts.append((row.get("profile") or {}).get("about", ""))
    return [t.strip() for t in texts if t and t.strip()]


def _chat(name: str, kind: str = "") -> list[str]:
    """Return the texts of a data file (only rows of ``kind``, if given)."""
    import csv

    from agent.safety import model

    with (model.DATA_DIR / name).open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle)
        return [row["text"] for row in rows if not kind or row["kind"] == kind]


def ordinary() -> int:
    """Print the detector's alarms on ordinary talk: trained-on and held-out."""
    from agent.safety import assess, model

    groups = [
        ("train", [(n, _ordinary(n)) for n in model.ORDINARY_SETS]),
        ("train", [("risk_train_9 (chat)", _chat("risk_train_9.csv"))]),
        ("train", [("risk_train_10 (en/pinyin)", _chat("risk_train_10.csv", "none"))]),
        ("held out", [(n, _ordinary(n)) for n in model.ORDINARY_HELDOUT]),
        ("held out", [("chat_heldout", _chat(model.CHAT_HELDOUT))]),
        ("held out", [("chat_heldout_en (en/pinyin)", _chat(model.CHAT_HELDOUT_EN))]),
        # Read once (its English and pinyin check-ins led to round 9): seen.
        ("seen", [("coach_eval/coach_blind5", _ordinary("coach_eval/coach_blind5"))]),
    ]
    totals: dict = {}
    for split, sources in groups:
        for name, texts in sources:
            found = [(t, assess(t)) for t in texts]
            alarm = [(t, r) for t, r in found if r.found]
            high = sum(r.level == "high" for _, r in alarm)
            got = totals.setdefault(split, [0, 0, 0])
            for i, n in enumerate((len(texts), len(alarm), high)):
                got[i] += n
            print(
                f"{split:<8} {name:<28} {len(texts):5}"
                f" alarms {len(alarm):3} script {high}"
            )
            if "-v" in sys.argv:
                for text, risk in alarm:
                    print(
                        f"    {risk.kind:<11} {risk.level:<5}"
                        f"{'/firm' if risk.firm else ''} {risk.score:.2f} {text[:60]}"
                    )
    for split, (n, alarms, high) in totals.items():
        print(f"{split}: {n} texts, alarms {alarms} ({alarms / n:.1%}), script {high}")
    return 0


def export_sets() -> int:
    """Write ``model.SEEN_SETS`` and ``model.ORDINARY_SETS`` to data/safety/.

    An ordinary text that is also a message of a safety set is left out: those
    sets measure, and ``safety.jsonl``, blind5–7 are never trained on.
    """
    import csv
    from pathlib import Path

    from agent.safety import model

    with (model.DATA_DIR / model.SEEN_FILE).open(
        "w", encoding="utf-8", newline=""
    ) as handle:
        out = csv.writer(handle)
        out.writerow(["kind", "text"])
        for name in model.SEEN_SETS:
            for kind, texts in _turns(Path("tests/coach_eval") / f"{name}.jsonl"):
                if texts:
                    out.writerow([kind, texts[0]])
    safety = {
        text
        for path in Path("tests/coach_eval").glob("safety*.jsonl")
        for _, texts in _turns(path)
        for text in texts
    }
    seen: set = set()
    with (model.DATA_DIR / model.ORDINARY_FILE).open(
        "w", encoding="utf-8", newline=""
    ) as handle:
        out = csv.writer(handle)
        out.writerow(["kind", "text"])
        for name in model.ORDINARY_SETS:
            for text in _ordinary(name):
                if text not in safety and text not in seen:
                    seen.add(text)
                    out.writerow(["none", text])
    return 0


def main() -> int:
    """Print recall and false alarms per threshold, from out-of-fold scores."""
    from agent import safety
    from agent.safety import model
    from agent.safety.text import normalise

    pairs = model.examples_load()
    oof: list[tuple[str, str, str, str, float, bool]] = []
    for train_idx, test_idx in _folds(pairs):
        pipe = model.train([pairs[i] for i in train_idx])
        for i in test_idx:
            kind, text = pairs[i]
            plain = normalise(text)
            probs = dict(
                zip(pipe.classes_, pipe.predict_proba([plain])[0], strict=True)
            )
            guess = max((k for k in probs if k != "none"), key=probs.__getitem__)
            strong = safety._strong(plain)
            oof.append(
                (
                    kind,
                    text,
                    plain,
                    str(guess),
                    1.0 - probs["none"],
                    strong is not None and not strong[1],
                )
            )
    risky = [o for o in oof if o[0] != "none"]
    plain_ = [o for o in oof if o[0] == "none"]
    print(f"examples: {len(risky)} risk, {len(plain_)} none (5-fold, out of fold)")
    print("high  check  cue  | caught  high  | false alarm  full script")
    for high in (0.8, 0.85, 0.9):
        for check in (0.45, 0.5, 0.55, 0.6):
            for cue in (0.4, 0.45, 0.5):
                if cue > check:
                    continue

                def level(o, high=high, check=check, cue=cue):
                    if o[5]:
                        return "high"
                    return safety.guess_level(
                        o[1], o[2], o[3], o[4], high=high, check=check, cue_check=cue
                    )

                caught = sum(level(o) != "none" for o in risky) / len(risky)
                full = sum(level(o) == "high" for o in risky) / len(risky)
                alarm = sum(level(o) != "none" for o in plain_) / len(plain_)
                script = sum(level(o) == "high" for o in plain_) / len(plain_)
                print(
                    f"{high:.2f}  {check:.2f}  {cue:.2f} | {caught:6.1%} {full:6.1%} |"
                    f" {alarm:6.1%}  {script:6.1%}"
                )
    if "-v" in sys.argv:
        for o in sorted(oof, key=lambda o: o[4]):
            print(f"{o[0]:12} {o[4]:.2f} {'L' if o[5] else ' '} {o[1]}")
    return 0


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    django.setup()
    if len(sys.argv) > 2 and sys.argv[1] == "--heldout":
        raise SystemExit(heldout(sys.argv[2]))
    if "--export-sets" in sys.argv:
        raise SystemExit(export_sets())
    if "--ordinary" in sys.argv:
        raise SystemExit(ordinary())
    if "--leave-one-out" in sys.argv:
        raise SystemExit(leave_one_out())
    raise SystemExit(main())
