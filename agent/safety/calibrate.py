"""Cross-validate the risk check on its training file and print the figures.

``python -m agent.safety.calibrate`` — how the thresholds in ``agent/safety``
were chosen: 5-fold out-of-fold scores of the classifier, combined with the
lexicon exactly as ``assess`` combines them, per threshold pair.
``--heldout FILE`` prints the detector alone on an eval file (docs/safety.md).
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
    import json

    from agent.safety import assess_all

    rows = []
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        session = json.loads(line)
        for index, turn in enumerate(session["turns"]):
            texts = [turn.get("text", ""), *(turn.get("answer") or {}).values()]
            if index == 0:
                texts.append((session.get("profile") or {}).get("about", ""))
            rows.append((turn["expect"]["risk"], assess_all(texts)))
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
    raise SystemExit(main())
