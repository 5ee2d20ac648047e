"""Dialogue state across turns, kept in the checkpointed graph state.

It is what lets "再举一个", "第二个", "为什么" and "然后呢" mean something: the
topic, the last act, the items shown in order, and what the last reply left
unsaid. Stored as a plain dict (checkpoint-friendly); this module reads and
writes it.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

SEEN_CAP = 60
RECENT = 5  # openers and closers are not repeated within this many replies
_SENTENCE = re.compile(r"[^。！？!?\n]+[。！？!?]?")


@dataclass
class DialogueState:
    """The conversation so far, as the dialogue manager needs it."""

    turn: int = 0
    last_act: str = ""
    # What the conversation is about: a search query, a category, an entry.
    topic: dict = field(default_factory=dict)
    # Items named in the last reply that named any, in the order they appeared.
    shown: list[dict] = field(default_factory=list)
    # Every item id named this session, oldest first: "再举一个" skips these.
    seen: list[str] = field(default_factory=list)
    # What the last reply held back: "why" (its reason), "more" (the next part).
    pending: dict = field(default_factory=dict)
    openers: list[str] = field(default_factory=list)
    closers: list[str] = field(default_factory=list)
    probes: dict = field(default_factory=dict)  # question id → follow-ups asked
    # The risk kind a care reply answered; the messages after it stay in care.
    care_kind: str = ""
    # A care reply was given in this session: risk found in saved answers or
    # the profile is not answered again on every turn.
    cared: bool = False
    # The workbook question the last reply explained ("第4题是什么意思" asked with
    # question 2 on screen): the next "这题" means that one.
    about: str = ""
    # Kin groups the person denied this session ("哭" after "没哭过啊"): no
    # reply takes them for granted again (agent/claims.py, denial.py).
    denied: list[str] = field(default_factory=list)
    # Names the person struck from a list of ours this session ("第三个
    # “责任感”…换掉"): no later list or purpose frame brings them back.
    dropped: list[str] = field(default_factory=list)
    # The risk kind the last reply asked about without the full script (a
    # check-in): a "yes" to that question is heard as a yes (understanding.py).
    asked: str = ""
    # How they asked us to talk this session ("别每次最后都问我", "太长了"):
    # {"no_questions": True} / {"brief": True}, kept until the session ends.
    prefs: dict = field(default_factory=dict)

    @classmethod
    def load(cls, raw: dict | None) -> DialogueState:
        """Return the state from its stored dict (unknown keys ignored)."""
        raw = raw or {}
        known = {k: raw[k] for k in cls.__dataclass_fields__ if k in raw}
        return cls(**known)

    def dump(self) -> dict:
        """Return the state as a plain dict for the checkpoint."""
        return asdict(self)


BRIEF = 70  # characters a reply keeps when they asked for short ones


def honour_prefs(text: str, prefs: dict) -> str:
    """Return the reply as they asked us to talk: no question, or brief.

    Sentences are dropped, never rewritten; a reply laid out in lines (a list,
    two options side by side) is left whole, and one sentence always stays.
    """
    if not prefs or "\n" in text:
        return text
    parts = sentences(text)
    if prefs.get("no_questions"):
        parts = [s for s in parts if not s.endswith(("？", "?"))] or parts
    if prefs.get("brief"):
        kept: list[str] = []
        for s in parts:
            if kept and sum(map(len, kept)) + len(s) > BRIEF:
                break
            kept.append(s)
        parts = kept
    return "".join(parts)


def sentences(text: str) -> list[str]:
    """Return the sentences of ``text``, each with its end mark."""
    return [s.strip() for s in _SENTENCE.findall(text or "") if s.strip()]


def edges(text: str) -> tuple[str, str]:
    """Return the opening and closing sentences of a reply."""
    parts = sentences(text)
    return (parts[0], parts[-1]) if parts else ("", "")


def advance(
    state: DialogueState,
    *,
    act: str,
    text: str,
    shown: list[dict],
    pending: dict,
    topic: dict | None,
    question_id: str | None,
    marks: list[str] | None = None,
    risk_kind: str = "",
    firm: bool = False,
    about: str = "",
    denied: list[str] | None = None,
) -> DialogueState:
    """Return the state after a reply; the input is left unchanged.

    ``marks`` are other things the reply showed (a workbook example, "ex:V03"),
    kept in ``seen`` so the next reply quotes something else.
    """
    opener, closer = edges(text)
    new = [*(i["id"] for i in shown), *(marks or [])]
    seen = [*state.seen, *(i for i in dict.fromkeys(new) if i not in state.seen)]
    probes = dict(state.probes)
    if act in ("feedback", "reflect") and question_id:
        probes[question_id] = probes.get(question_id, 0) + 1
    return DialogueState(
        turn=state.turn + 1,
        last_act=act,
        topic=topic if topic is not None else state.topic,
        shown=shown or state.shown,
        seen=seen[-SEEN_CAP:],
        pending=pending,
        openers=[*state.openers, opener][-RECENT:],
        closers=[*state.closers, closer][-RECENT:],
        probes=probes,
        # Any reply that gave the hotline for a risk counts: written risk is asked once.
        cared=state.cared or act == "crisis" or bool(risk_kind and "12356" in text),
        about=about,
        denied=[*state.denied, *(x for x in denied or [] if x not in state.denied)],
        dropped=[
            *state.dropped,
            *(x for x in pending.get("dropped") or [] if x not in state.dropped),
        ],
        asked=risk_kind if risk_kind and act != "crisis" and "12356" in text else "",
        prefs={**state.prefs, **(pending.get("prefs") or {})},
        # A check-in for a sure guess opens the care frame as the script does.
        care_kind=(risk_kind or state.care_kind)
        if act == "crisis" or (act == "checkin" and firm)
        else state.care_kind
        if act in ("care", "checkin")
        else "",
    )
