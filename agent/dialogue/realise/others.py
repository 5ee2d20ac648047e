"""Asking people who know them (S07): a message to send, in a casual voice.

"帮我写一条微信，发给我室友问这个" and "有没有不那么尴尬的问法" (coach_blind16)
are asked of the coach, not of their answers: the message is ours to draft,
their friend's reply is theirs to bring back. Nothing in it says who they are.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos

# Who they write to, as they named them ("室友", "前同事"); "朋友" when unnamed.
WHO = re.compile(
    r"室友|同学|同事|前同事|朋友|闺蜜|兄弟|家人|老婆|老公|我姐|我哥|我妹|我弟"
)


def ask_others(t: Turn) -> Draft:
    """Return a short message to send, and what to do with the answer."""
    who = (m.group(0) for m in [WHO.search(t.ctx.text or "")] if m)
    name = next(who, "朋友")
    return Draft(
        combos(
            [
                [
                    "说清是在做个小练习、只要一两个词，就不尴尬。",
                    "别像问卷，说明是小练习、随口答就行，对方也轻松。",
                ],
                [
                    # Our draft, not their words: no 「」, which quote only theirs.
                    f"发给{name}可以这样写——最近在做一个找方向的小练习，"
                    "想请你帮个忙：你觉得我做什么事最拿手？随口说一两个词就行😄",
                ],
                ["语气改成你平时说话的样子；问到了发给我，我陪你对照第7题。"],
            ],
            t.seed,
        ),
        rows=[],
    )


ACTS = {"ask_others": ask_others}
