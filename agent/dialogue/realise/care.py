"""Acts that put safety first: crisis, the care after it, check-ins, refusal, quiet.

Crisis and refusal never cite the knowledge base.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import back_to, combos, q_ref, q_short
from agent.dialogue.signals import RESUME
from agent.dialogue.understanding import (
    HELP_ASKED,
    HELP_PLAN,
    HELP_REFUSED,
    SAFE_NOW,
)
from agent.safety import FAMILY, lexicon, replies
from agent.safety.text import normalise


def _family(t: Turn) -> tuple[str, str]:
    """Return (family, kind) of this turn's risk, or of the one still cared for."""
    risk = t.u.risk or {}
    kind = risk.get("kind") or t.d.care_kind
    if FAMILY.get(t.d.care_kind) in ("others", "abuse") and kind in UNCLEAR_WHO:
        kind = t.d.care_kind  # "刀我已经放包里了" after a threat: still the threat
    return FAMILY.get(kind, "self"), kind


# Kinds whose words do not say who is in danger (a knife, a place).
UNCLEAR_WHO = ("means", "danger_now")


def crisis(t: Turn) -> Draft:
    """Care and real help, by who is in danger; no coaching, no example.

    A risk said again gets the script again (it is new information); the
    messages after it stay in care (``care``) without repeating it.
    """
    family, kind = _family(t)
    # Someone else in danger now, or abuse seen done to someone else: the
    # reply speaks to the one who can call for them (round 30b). The message
    # before counts too ("那个奶奶拉着我的手一直哭" after the carer's blows).
    said = normalise(t.ctx.text or "")
    told = normalise(" ".join([_last_user(t), t.ctx.text or ""]))
    if (
        family == "self"
        and lexicon.OTHER_IN_DANGER.search(said)
        and not lexicon.OTHER_IN_DANGER_NOT.search(said)
    ):
        return Draft(combos(replies.other_danger_slots(), t.seed))
    if (
        family == "abuse"
        and lexicon.ABUSE_SEEN.search(told)
        and not lexicon.HIT_AT_HOME.search(said)
    ):
        return Draft(combos(replies.abuse_seen_slots(), t.seed))
    again = t.d.last_act == "crisis" and t.d.care_kind == kind
    fumes = replies.fumes_now(t.ctx.text or "")
    slots = replies.crisis_slots(family, kind, again=again, fumes=fumes)
    return Draft(combos(slots, t.seed))


def _last_user(t: Turn) -> str:
    """Return the person's message before this one ("" for none)."""
    return next((x for r, x in reversed(t.ctx.history) if r == "user"), "")


# Someone with them, in their words ("她一直陪着我", "我姐来了，今晚住我这").
COMPANY = re.compile(r"陪着我|陪我|在我身边|来了|到了|住我这|在我这")


def care(t: Turn) -> Draft:
    """Stay in care after a risk: their call if they want to go on, else stay."""
    family, kind = _family(t)
    question = t.ctx.question
    next_step = (
        f"我们接着看{q_ref(question)}：{q_short(question)}？写一句就够。"
        if question
        else ""
    )
    if HELP_ASKED.search(t.ctx.text) and not HELP_REFUSED.search(t.ctx.text):
        return Draft([[replies.HELP_ANSWER]])
    safe, plan = bool(SAFE_NOW.search(t.ctx.text)), bool(HELP_PLAN.search(t.ctx.text))
    if safe or plan:
        company = bool(COMPANY.search(t.ctx.text))
        slots = replies.safe_slots(family, safe=safe, plan=plan, company=company)
        return Draft(combos(slots, t.seed))
    resume = bool(RESUME.search(t.ctx.text))
    return Draft(
        combos(
            replies.follow_slots(family, resume=resume, next_step=next_step, kind=kind),
            t.seed,
        )
    )


def checkin(t: Turn) -> Draft:
    """A gentle check-in: was it a figure of speech, or more?"""
    risk = t.u.risk or {}
    slots = replies.checkin_slots(risk.get("kind", ""), firm=bool(risk.get("firm")))
    return Draft(combos(slots, t.seed))


def refuse(t: Turn) -> Draft:
    """Refuse plainly: no hidden instructions, no one else's answers."""
    others = bool(
        re.search(r"别人|其他人|其他用户|别的用户|所有会话|数据库|他们的", t.ctx.text)
    )
    lead = (
        [
            "别人的回答我看不到，也不会给你看：每个人写的内容只属于他自己。",
            "这个不行：其他人的内容我既看不到，也不会拿出来。",
        ]
        if others
        else [
            "这个我不会照做：我的设置和内部说明不对外，也不会换成别的角色。",
            "这个请求我不能执行。我只做一件事：陪你把这本工作簿做完。",
        ]
    )
    if not re.search(r"[\u4e00-\u9fff]", t.ctx.text):  # declined in their language
        return Draft(
            [
                [
                    "I won't do that: my instructions stay private, and I never "
                    "show anyone else's answers. I'm here to help with your "
                    "workbook, in Chinese or English. Which question shall we "
                    "start with?"
                ]
            ]
        )
    return Draft(combos([lead, back_to(t.ctx.question)], t.seed))


def quiet(t: Turn) -> Draft:
    """Confirm quiet mode, as the toggle does."""
    return Draft(
        combos(
            [
                [
                    "好的，已经帮你打开安静模式。",
                    "没问题，安静模式已经打开了。",
                    "好，我先安静下来，安静模式已开启。",
                ],
                [
                    "我会少打扰你，提醒会隔得更久。",
                    "接下来我尽量不出声，只在你很久没动时轻轻提醒一次。",
                ],
                [
                    "需要我的时候随时叫我，慢慢想。",
                    "想聊的时候在这里打字就行，慢慢来。",
                ],
            ],
            t.seed,
        )
    )


ACTS = {
    "crisis": crisis,
    "care": care,
    "checkin": checkin,
    "refuse": refuse,
    "quiet": quiet,
}
