"""Does a saved candidate have the formula's parts: "帮我检查一下我C04这条 格式对不对".

A candidate is written "用【才能】在【领域】里做【某件事】", with a small
experiment beside it (DOMAIN.md). Each part is read off their own line and
shown in their words, or named as missing; nothing is rewritten or judged on
taste (coach_blind24: the check was abstained on).
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.experiments import STEP  # a first step, as C lines write it
from agent.dialogue.realise.grounds import number
from agent.dialogue.tasks_route import named

TALENT = re.compile(
    r"用[“‘'\"「]?([^，,。在’'”\"」]{1,12})[’'”\"」]?(?=在|的方式|去|来|给)"
)
FIELD = re.compile(r"在(.{1,12}?)领域|在([^，,。做给]{1,12}?)(?:里|上)")
DEED = re.compile(
    r"(?:领域|里|上)(?:里|中)?(?:做|开|当|给|写|拍|办|教|带|组织|录)"
    r"([^，,。；; ]{2,20})"
)
PARTS = ("才能", "领域", "做什么", "小实验")


def _parts(line: str) -> tuple[list[str], list[str]]:
    """Return (parts found in their words, parts missing) for one candidate line."""
    found = [TALENT.search(line), FIELD.search(line), DEED.search(line)]
    words = [next((g for g in m.groups() if g), "") if m else "" for m in found]
    trial = STEP.search(line)
    words.append(trial.group(0) if trial else "")
    shown = [
        f"{name}「{w.strip()}」"
        for name, w in zip(PARTS, words, strict=True)
        if w.strip()
    ]
    missing = [name for name, w in zip(PARTS, words, strict=True) if not w.strip()]
    return shown, missing


def form(t: Turn) -> Draft:
    """Return each part of the named candidates in their words, or what is missing."""
    ids = [q for q in named(t.ctx.text or "", t.ctx.step) if q.startswith("C")]
    saved = [q for q in ids if (t.ctx.answers or {}).get(q)]
    if not saved:
        which = f"第{number(ids[0])}题还空着" if ids else "你说的是哪一条候选"
        return Draft([[f"{which}；写下一条，我按公式帮你对一遍。"]])
    if len(saved) > 1:
        # "C01 C02 C03 每条有没有用上才能": one line each, what it lacks
        lines = []
        for q in saved[:3]:
            _, missing = _parts(t.ctx.answers[q].strip())
            lines.append(f"{q}{'缺' + '、'.join(missing) if missing else '四样都在'}")
        return Draft(
            [
                [
                    "按“用……在……里做……”加小实验对了一遍：" + "；".join(lines) + "。",
                    "想先补哪一条？说一条，我把它拆开给你看。",
                ]
            ],
            rows=[],
        )
    qid = saved[0]
    line = t.ctx.answers[qid].strip()
    shown, missing = _parts(line)
    where = f"第{number(qid)}题"
    lead = f"{where}按公式拆开看：" + "；".join(shown) + "。" if shown else ""
    close = (
        f"还缺{'、'.join(missing)}：用你自己的话补上，再发我对一遍。"
        if missing
        else "四样都在，格式是齐的；合不合你，试过那个小实验就知道。"
    )
    if not shown:
        lead = f"{where}「{line[:30]}」里我没拆出“用……在……里做……”这几块。"
    return Draft([[lead, close]], rows=[], pending={"candidate": line[:60]})


ACTS = {"form": form}
