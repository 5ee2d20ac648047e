"""The format node (seed 003 §1.4.6, §8): the answer rules, then the dialogue state.

The offline coach's reply meets the rules by construction; a model's reply is
checked, regenerated once or repaired. If nobody answered (a model that only
called tools until the limit), the dialogue manager realises the planned act.
Then the dialogue state advances: which items the reply named, in order.
"""

from __future__ import annotations

import asyncio
import logging
import re

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from agent import claims, prompts, quotes
from agent.clock import remaining, variation
from agent.configuration import Configuration
from agent.dialogue.choices import choices_kept
from agent.dialogue.realise import named, realise
from agent.dialogue.realise.phrases import someone
from agent.dialogue.signals import FOLLOW_UPS
from agent.dialogue.state import DialogueState, advance
from agent.llm import is_offline, model_for
from agent.lookups import example_of
from agent.nodes import about_note, offline_binding, question_ref
from agent.offline import artifacts, turn_of
from agent.prompting import prompt_messages
from agent.rules import answer_checks, answer_repair, clip
from agent.safety import FAMILY, assess, replies
from agent.safety.output import method_details
from agent.state import AgentState

logger = logging.getLogger(__name__)
POINTER = "你先想到的是哪一件事？"


async def _regenerate(
    state: AgentState, config: Configuration, text: str, failed: list
) -> str:
    """Ask the model once to rewrite an answer that broke a rule (seed §8.1)."""
    prompt = prompts.REPAIR_PROMPT.format(
        failed="、".join(failed), answer=text, max_chars=config.max_answer_chars
    )
    try:
        reply = await asyncio.wait_for(
            model_for(config).ainvoke([*prompt_messages(state), HumanMessage(prompt)]),
            min(config.loop_timeout, remaining(state, config)),
        )
        return reply.text.strip()
    except Exception as exc:
        logger.warning("regeneration failed: %r", exc)
        return ""


async def _plan_results(state: AgentState, config: Configuration) -> list:
    """Run the planned tools a model skipped, so the realised act is grounded."""
    from agent.acting import _run_one, _tool_context

    have = artifacts(state["messages"])
    calls = [
        {**c, "id": f"plan_{i}", "type": "tool_call"}
        for i, c in enumerate(state["plan"]["calls"])
        if c["name"] not in have
    ]
    if not calls:
        return []
    budget = max(0.3, remaining(state, config) + 0.5)
    done = await asyncio.gather(
        *(_run_one(c, _tool_context(state), budget) for c in calls)
    )
    return [message for message, _ in done]


def _rows(messages: list) -> list[dict]:
    rows: list[dict] = []
    for data in artifacts(messages).values():
        rows.extend(
            r for r in data.get("entries") or [] if r.get("category") != "questions"
        )
    return rows


def _guarded(state: AgentState, text: str) -> bool:
    """Return whether a model's reply must go: risk was seen, and it names a method."""
    risk = state["understanding"].get("risk") or {}
    seen = (
        risk.get("level", "none") != "none"
        or (state.get("session") or {}).get("care")
        or DialogueState.load(state.get("dialogue")).cared
    )
    return bool(seen) and method_details(text)


QUOTED = re.compile(r"“([^”]{2,})”|「([^」]{2,})」|\"([^\"]{2,})\"")


def _quotes_risk(
    text: str, written: tuple[str, ...] = (), said: tuple[str, ...] = ()
) -> bool:
    """Return whether a reply quotes words that carry a risk (never say them back).

    A sure guess with no risk word in it ("写不动了" alone reads 0.89) is a
    check-in, not "high": quoting it back is no reason to drop the reply.
    A line of their own saved answer is read with the answer it came from
    (``written``): "我爸喝酒打人她也忍" out of "…这个我坚决不要" is a parents'
    way refused, and a task on that answer is done, not met with care again
    (round 26, coach_blind24). Likewise a line of their own chat message
    (``said``) that as a whole was no risk at all: "我爸拿皮带抽我也要去" out
    of a fond childhood story of the river (round 27b, coach_blind26).
    """
    for m in QUOTED.finditer(text):
        quoted = next(g for g in m.groups() if g)
        if assess(quoted).level != "high":
            continue
        whole = [w for w in written if quoted in w]
        mine = [x for x in said if quoted in x]
        if (
            mine
            and all(assess(x).level == "none" for x in mine)
            and not any(assess(w).level == "high" for w in whole)
        ):
            continue
        if not whole or any(assess(w).level == "high" for w in whole):
            return True
    return False


def _said(state: AgentState) -> tuple[str, ...]:
    """Return their chat messages of this session, this one first (round 27b)."""
    recent = (state.get("session") or {}).get("recent_messages") or []
    now = state.get("user_text") or ""
    return tuple(t for t in (now, *(t for role, t in recent if role == "user")) if t)


# A reply that names the earlier message ("你刚才说的「做菜」") may quote it.
NAMES_EARLIER = re.compile(r"你刚才(?:说|写|提)")
# "你前面聊到的「…」": a story told a few messages back, named as such (concrete.py).
NAMES_STORY = re.compile(r"你前面聊到")
STORY_BACK = 4


def _quotable(state: AgentState, text: str = "") -> list[str]:
    """Return what a reply may quote: this message, the workbook, the knowledge.

    The person's earlier chat messages are left out: a reply about this message
    must not answer an older one ("自由" met with a quote about 心理学), unless
    the reply says it is quoting what they said just before.
    """
    from knowledge.selectors import knowledge_text

    session = state.get("session") or {}
    dialogue = DialogueState.load(state.get("dialogue"))
    recent = session.get("recent_messages") or []
    mine = [t for role, t in recent if role != "user"]
    # Their messages before this one: the app's history already ends with the
    # message being answered, which is not "earlier" (it is quoted anyway).
    now = state.get("user_text") or ""
    earlier = [t for role, t in recent if role == "user" and t != now]
    if state["plan"].get("act") in FOLLOW_UPS or NAMES_EARLIER.search(text):
        # "为什么": the story it followed; "你刚才说的": the message it names
        mine += earlier[-1:]
    if NAMES_STORY.search(text):
        mine += earlier[-STORY_BACK:]
    return [
        state.get("user_text") or "",
        state.get("selection") or "",
        *(session.get("answers") or {}).values(),
        *map(str, (session.get("user_info") or {}).values()),
        *(str(v) for job in session.get("work_history") or [] for v in job.values()),
        *mine,  # the coach's own earlier lines ("第二条" names one)
        *map(str, dialogue.pending.get("lines") or []),
        *map(str, dialogue.pending.get("listed") or []),  # a list they pasted
        knowledge_text(),
        quotes.glossary(),
    ]


def _claims_checked(state: AgentState, text: str) -> tuple[str, int]:
    """Return the reply without sentences their words do not support (claims.py)."""
    from knowledge.selectors import knowledge_text

    session = state.get("session") or {}
    question = (state.get("turn_context") or {}).get("question") or {}
    denied = [
        *DialogueState.load(state.get("dialogue")).denied,
        *(state["understanding"].get("denied") or []),
    ]
    return claims.check(
        text,
        message=state.get("user_text") or "",
        sources=[  # a span also written here is content, not only their request
            *(session.get("answers") or {}).values(),
            *map(str, (session.get("user_info") or {}).values()),
            knowledge_text(),  # the workbook's questions among it
        ],
        denied=denied,
        exempt=[question.get("text", ""), question.get("hint", "")],
    )


def _care_instead(state: AgentState, config: Configuration) -> str:
    """Return the care reply the offline coach gives here, instead of the model's."""
    kind = (state["understanding"].get("risk") or {}).get("kind") or (
        state.get("session") or {}
    ).get("care", "")
    family = FAMILY.get(kind, "self")
    return replies.text(
        replies.follow_slots(family, resume=False, next_step=""), variation(state)
    )


async def format_answer(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Apply the answer rules; then record what the reply showed and left pending."""
    config = runtime.context
    act = state["plan"]["act"]
    fallback, reason = state.get("fallback", False), state.get("fallback_reason", "")
    offline_mode = is_offline(model_for(config))
    last = next(
        (m for m in reversed(state["messages"]) if isinstance(m, AIMessage)), None
    )
    coach = (last.additional_kwargs.get("coach") if last is not None else None) or {}
    text = (state.get("final_answer") or "").strip()
    if not text:  # nobody answered: the dialogue manager realises the act
        if not (offline_mode or fallback or state.get("quick")):
            fallback, reason = (
                True,
                reason
                or ("deadline" if state.get("out_of_time") else "iteration_limit"),
            )
        binding = offline_binding(state, config, fallback=fallback)
        messages = [*state["messages"], *await _plan_results(state, config)]
        reply = realise(turn_of(binding, messages))
        text, coach = (
            reply.text,
            {"shown": reply.shown, "pending": reply.pending, "marks": reply.marks},
        )
    note = prompts.FALLBACK_NOTE if fallback else ""
    ref = question_ref(state)
    # Unless the reply names it; care comes first, with no note before it.
    named_or_care = ref in text or act in ("crisis", "care", "checkin")
    note += about_note("" if named_or_care else ref)
    budget = config.max_answer_chars - len(note)
    rows = _rows(state["messages"])
    grounding = [r.get("name", "") for r in rows]
    checks = answer_checks(text, grounding=grounding, max_chars=budget, act=act)
    repaired = False
    if not all(checks.values()) and not coach:  # a model's answer broke a rule
        if not fallback and not offline_mode and remaining(state, config) > 1:
            again = await _regenerate(
                state, config, text, [k for k, ok in checks.items() if not ok]
            )
            if again:
                text, repaired = again, True
                checks = answer_checks(
                    text, grounding=grounding, max_chars=budget, act=act
                )
        if not all(checks.values()):
            example = (
                f"比如{someone(rows[0], variation(state))}"
                if rows
                else "比如先写下一个具体场景"
            )
            text = answer_repair(
                text, checks=checks, example=example, pointer=POINTER, budget=budget
            )
            repaired = True
    if (not offline_mode and not fallback and _guarded(state, text)) or (
        _quotes_risk(
            text,
            tuple(
                str(v)
                for v in ((state.get("session") or {}).get("answers") or {}).values()
            ),
            _said(state),
        )
    ):  # a method named, or someone's risk words quoted back: care instead
        text, coach, repaired = _care_instead(state, config), {}, True
    sources = _quotable(state, text)
    text = quotes.balanced(text, sources)
    text, quote_repairs = quotes.repair(text, sources)
    if act not in ("crisis", "care", "checkin"):  # the safety script is fixed text
        text, unsupported = _claims_checked(state, text)
        quote_repairs += unsupported  # one count of repairs for §3, as the issue asks
    repaired = repaired or bool(quote_repairs)
    seen = state["understanding"]
    if (
        seen.get("checkin") and not coach and replies.HOTLINE not in text
    ):  # a possible risk inside a story: a model's answer asks once too
        note = replies.checkin_note(
            (seen.get("risk") or {}).get("kind", ""), written=bool(seen.get("written"))
        )
        text = clip(replies.unquote_risk(text), budget - len(note)) + note
    # The offline coach says what it named; a model's text is read for 「names」,
    # and its tool rows stand in as example cards when it named none.
    shown = (
        coach.get("shown")
        if coach
        else (
            named(text, rows)
            or [{k: r[k] for k in ("id", "name", "category")} for r in rows[:3]]
        )
    )
    by_id = {r["id"]: r for r in rows}
    dialogue = advance(
        DialogueState.load(state.get("dialogue")),
        act=act,
        text=text,
        shown=shown or [],
        pending=coach.get("pending") or {},
        topic=state["plan"].get("topic"),
        question_id=state.get("current_question_id"),
        marks=coach.get("marks") or [],
        risk_kind=(state["understanding"].get("risk") or {}).get("kind", ""),
        firm=bool((state["understanding"].get("risk") or {}).get("firm")),
        about=(state["plan"].get("target") or {}).get("question_id") or "",
        denied=state["understanding"].get("denied") or [],
    )
    plan = state["plan"]
    choices = choices_kept(plan.get("choices") or [], dialogue.pending)
    return {
        "final_answer": note + text,
        "plan": {**plan, "choices": choices},
        "examples": [
            example_of(by_id[s["id"]]) if s["id"] in by_id else {**s, "text": ""}
            for s in (shown or [])
        ][:3],
        "dialogue": dialogue.dump(),
        "checks": answer_checks(text, grounding=grounding, max_chars=budget, act=act),
        "repaired": repaired,
        "quote_repairs": quote_repairs,
        "fallback": fallback,
        "fallback_reason": reason,
    }
