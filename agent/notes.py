"""Coach notes: a small, bounded document of what we learned about the person.

Seed 002's "living document": prompts carry these notes plus the last few
messages, never the whole history, so prompt size stays flat however long the
conversation runs. ``notes_update`` is deterministic and never grows past its caps.
"""

from __future__ import annotations

import hashlib
import re

from knowledge import selectors as kb

CANDIDATE_CAP = 8
THREAD_CAP = 5
THREAD_CHARS = 30
PROMPT_CAP = 5
RENDER_CHARS = 120
KEYS = {
    "values": "candidate_values",
    "strengths": "candidate_talents",
    "interests": "candidate_passions",
}
LABELS = {
    "candidate_values": "候选价值观",
    "candidate_talents": "候选才能",
    "candidate_passions": "候选热情",
}
PREFIX_KIND = {"V": "values", "S": "strengths", "P": "interests"}
STEPS = {
    "V": "values_exploration",
    "S": "strengths_exploration",
    "P": "interests_exploration",
}
UNSURE = ("不太确定", "不知道", "看不懂", "不明白", "卡住", "没思路", "想不出来")
SHORT_ANSWER = 20


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def _matches(text: str, categories: tuple[str, ...] = tuple(KEYS)) -> list:
    """Knowledge rows the person named or clearly described, not in a complaint.

    An answer is read for its own step's kind of entry only: an answer about
    talents says little about values.
    """
    from agent.dialogue.profile import clue_ids, linked_ids

    ids = [i for c in categories for i in clue_ids(text[:400], category=c)]
    if len(categories) > 1:  # a chat message: names and aliases only
        ids = linked_ids(text[:400])
    hits = (kb.entry_get(entry_id=i) for i in dict.fromkeys(ids))
    return [h for h in hits if h is not None and h.category in KEYS]


def _bump(items: list[dict], hit) -> list[dict]:
    for item in items:
        if item["id"] == hit.id:
            return [{**i, "hits": i["hits"] + 1} if i is item else i for i in items]
    return [*items, {"id": hit.id, "name": hit.name, "hits": 1}]


def _threads(threads: list[str], user_text: str, answers: dict[str, str]) -> list[str]:
    threads = [
        t
        for t in threads
        if not (t[:3] in answers and len(answers[t[:3]]) >= SHORT_ANSWER)
    ]
    if any(w in user_text for w in UNSURE):
        threads.append("还没想清楚：" + user_text.strip()[: THREAD_CHARS - 6])
    for qid, text in sorted(answers.items()):
        note = f"{qid} 的回答还很短，可补一个具体场景"
        if 0 < len(text.strip()) < SHORT_ANSWER and note not in threads:
            threads.append(note)
    seen: list[str] = []
    for t in threads:
        if t not in seen:
            seen.append(t[:THREAD_CHARS])
    return seen[-THREAD_CAP:]


def notes_update(
    *,
    notes: dict,
    user_text: str,
    answers: dict[str, str],
    reply: str,
    tools_used: list[str],
) -> dict:
    """Return the notes after a turn; the input dict is left untouched.

    Args:
        notes: The notes so far ({} at first).
        user_text: What the person wrote this turn.
        answers: Question id → latest answer text, all steps.
        reply: The coach's reply this turn.
        tools_used: Tools the coach ran this turn.

    Returns:
        New notes with candidates (≤8 each), open threads (≤5), step summaries.
    """
    seen = dict(notes.get("seen") or {})
    texts: list[tuple[str, tuple[str, ...]]] = []
    if "我" in user_text and not re.search(r"[？?]$", user_text.strip()):
        texts.append((user_text, tuple(KEYS)))
    for qid, text in sorted(answers.items()):
        if text and seen.get(qid) != _digest(text):
            # A step-4 candidate (C01…) may name a value, a talent and a passion.
            kind = PREFIX_KIND.get(qid[:1])
            texts.append((text, (kind,) if kind else tuple(KEYS)))
            seen[qid] = _digest(text)
    candidates = {key: list(notes.get(key) or []) for key in LABELS}
    for text, kinds in texts:
        for hit in _matches(text, kinds):
            key = KEYS[hit.category]
            candidates[key] = _bump(candidates[key], hit)
    for key, items in candidates.items():
        ranked = sorted(enumerate(items), key=lambda p: (-p[1]["hits"], p[0]))
        candidates[key] = [item for _, item in ranked[:CANDIDATE_CAP]]
    summaries = {}
    for prefix, step in STEPS.items():
        done = sorted(q for q, t in answers.items() if q.startswith(prefix) and t)
        if done:
            key = list(LABELS)["VSP".index(prefix)]
            names = "、".join(i["name"] for i in candidates[key][:3]) or "待提炼"
            summaries[step] = f"已答{len(done)}题，线索：{names}"
    if written := [q for q, t in answers.items() if q.startswith("C") and t]:
        summaries["synthesis"] = f"已写{len(written)}条候选"
    return {
        "version": 1,
        "turns": int(notes.get("turns") or 0) + 1,
        **candidates,
        "open_threads": _threads(
            list(notes.get("open_threads") or []), user_text, answers
        ),
        "step_summaries": summaries,
        "last_tools": list(dict.fromkeys(tools_used))[:5],
        "seen": {q: seen[q] for q in sorted(seen)[:40]},
    }


def notes_render(notes: dict) -> str:
    """Return the notes as one compact prompt line."""
    # The prompt carries the strongest candidates and the newest threads only;
    # the notes themselves keep more (CANDIDATE_CAP, THREAD_CAP).
    parts = [
        f"{label}：{'、'.join(i['name'] for i in (notes.get(key) or [])[:PROMPT_CAP])}"
        for key, label in LABELS.items()
        if notes.get(key)
    ]
    if notes.get("open_threads"):
        parts.append("待跟进：" + "；".join(notes["open_threads"][-3:]))
    if notes.get("step_summaries"):
        parts.append(
            "小结："
            + "；".join(
                f"{step.split('_')[0]} {text.split('，线索')[0]}"
                for step, text in notes["step_summaries"].items()
            )
        )
    # A fixed budget, like the answers': whole parts, strongest first, so the
    # prompt stays flat however much the notes have gathered.
    kept: list[str] = []
    for part in parts:
        if len("；".join([*kept, part])) > RENDER_CHARS:
            break
        kept.append(part)
    return "；".join(kept) if kept else "（暂无）"
