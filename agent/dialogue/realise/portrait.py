"""One line of who they are ("用一句话总结我是什么样的人"), of names they wrote.

The line holds a value, a talent and a passion only where the evidence
matcher finds the answer naming it outright ("named", their own voice), and
each is cited after the line, so the person can see where every word came
from. With nothing named, no line is made up: their own clauses are laid out
for them to say it in their words (Coach 3 §4, §5).
"""

from __future__ import annotations

from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, cite, short, usable
from agent.dialogue.tasks_route import limit_of
from knowledge.evidence import evidence_find

PARTS = (("values", "看重"), ("strengths", "擅长"), ("interests", "喜欢"))


def portrait(t: Turn) -> Draft:
    """Return one line of the names their answers hold, each cited, or their clauses."""
    answers = {
        q: a
        for q, a in (t.ctx.answers or {}).items()
        if a and a.strip() and not is_shrug(a)
    }
    # Each answer names its own step's part only, as on the results page.
    found = [
        e
        for q, a in sorted(answers.items())
        if q[:1] in PART_OF
        for e in evidence_find(answers={q: a}, categories=(PART_OF[q[:1]],))
        if e.strength == "named" and usable(e)
    ]
    picked = [
        (verb, e)
        for category, verb in PARTS
        if (e := next((x for x in found if x.category == category), None))
    ]
    most = limit_of(t.ctx.text or "")
    while picked and most and len(_line(picked)) > most:
        picked = picked[:-1]  # the last part goes first when the line is too long
    if not picked:
        own = [
            f"{q}「{short(a, a, 14)}」"
            for q, a in sorted(answers.items(), key=_order)[:3]
        ]
        where = "；".join(own)
        return Draft(
            [
                [
                    "你的答案里还没有直接点名的价值观、才能或领域，我不替你编这一句。"
                    + (f"能用上的是你自己的话：{where}。" if own else "")
                    + "你自己会怎么说你这个人？"
                ]
            ],
            rows=[],
        )
    grounds = "；".join(
        f"「{e.name}」来自{cite(e, room=12, step=True)}" for _, e in picked
    )
    return Draft(
        [
            [
                f"照你写的拼一句：{_line(picked)}。",
                f"依据：{grounds}。",
                "这只是用你写到的词拼的，不像你就改；你想换掉哪个词？",
            ]
        ],
        rows=[],
    )


def _line(picked: list) -> str:
    """Return "看重「守信」、擅长「起标题」的人" from the parts kept."""
    return "、".join(f"{verb}「{e.name}」" for verb, e in picked) + "的人"


def _order(item: tuple[str, str]) -> tuple[int, str]:
    """Values, talents and passions before the candidates built from them."""
    return ("VSPC".find(item[0][:1]) % 4, item[0])
