"""Asked to decide ("考还是不考"): the choice stays theirs, the step is built.

The two options are the ones they named ("出国读研还是留在国内工作"; "辞还是
不辞" after "我在想要不要辞职去学烘焙"), quoted as written; a limit they
stated ("每月还要还车贷三千", `situation`) shapes the step, so it costs
nothing and keeps the income. The step is the same for any two options: ask
one person already living each, and notice which answer they want to hear
more of (review 11-27: a generic "各花一个周末试一下" named neither).
"""

from __future__ import annotations

import re

from agent.dialogue import situation
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos

# What the step must respect, per limit they stated.
FITS = {
    "money": "就不动收入、不花钱",
    "children": "得能塞进带孩子的空当里",
    "time": "得小到挤得出时间",
}
# "A还是B" inside one clause; the clause's lead-in ("你就替我拍板吧") is not A.
EITHER = re.compile(r"([^，,。；;！!？?\s]{1,16}?)还是([^，,。；;！!？?\s]{1,16})")
ASKING = re.compile(
    r"^(?:你|就|直接|替我|帮我|告诉我|说|拍板|给个答案|选|到底|我该|我应该|该|应该|是)+"
)
TAIL = re.compile(r"(?:吧|呢|啊|呀|好|比较好|更好|合适|你说|你直接.*|给个.*)+$")
# "我在想要不要辞职去学烘焙": the option a yes/no choice is about.
WHETHER = re.compile(r"要不要|该不该|去不去|考不考|辞不辞")


def _either(text: str) -> tuple[str, str]:
    """Return the two options of "A还是B" as written, or ('', '')."""
    m = EITHER.search(text or "")
    if not m:
        return "", ""
    a = ASKING.sub("", m.group(1))
    b = TAIL.sub("", m.group(2))
    return (a, b) if a and b else ("", "")


def _whether(told: list[str]) -> str:
    """Return what "要不要X" was about in their recent messages, as written."""
    for x in reversed(told):
        if m := WHETHER.search(x):
            rest = re.split(r"[，,。；;！!？?\s]", x[m.end() :])[0]
            if 2 <= len(rest) <= 16:
                return rest
    return ""


def options(t: Turn) -> tuple[str, str, bool]:
    """Return the two options, and whether the first came from an earlier message.

    "辞还是不辞" is one option and its absence: the option is the thing named
    before ("辞职去学烘焙"), the other is to keep things as they are ('').
    """
    a, b = _either(t.ctx.text)
    if not a:
        return "", "", False
    if b in (f"不{a}", f"没{a}") or b.startswith("不") and len(a) <= 2:
        told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
        thing = _whether(told[-3:])
        return (thing, "", True) if thing else (a, b, False)
    return a, b, False


def two_options(t: Turn) -> Draft | None:
    """Keep the choice theirs, and offer one small step built from their options."""
    a, b, earlier = options(t)
    if not a:
        return None
    cues = situation.of_turn(t.ctx)
    kind = next((k for k in ("money", "children", "time") if cues.get(k)), "")
    limit = cues.get(kind, "")
    said = "你刚才说" if earlier else "你说"
    where = (
        "你提到"
        if limit in t.ctx.text
        else "你刚才提到"  # the earlier message, named (agent/finish.py)
        if any(limit in x for r, x in t.ctx.history if r == "user")
        else "你写过"
    )
    limit_line = f"{where}「{limit}」，那这一步{FITS[kind]}。" if limit else ""
    if b:
        step = (
            f"这周为「{a}」和「{b}」各找一个正在那样过日子的人，"
            "问问他们最累的是什么、最值的是什么。"
        )
        ask = "听完之后，你更想追问哪一边？"
    else:
        step = (
            f"{said}的「{a}」先不用马上定：现在的安排不动，"
            "用一两个周末试它最小的一块，或找一个正在做的人聊半小时。"
        )
        ask = "试完以后，你是更想继续，还是松了口气？"
    return Draft(
        combos(
            [
                [
                    "这个得你来定：结果要你来过，我替你拍板就不是你的答案了。",
                    "我不替你拍板，这一步得你自己定；但可以帮你把它变小。",
                ],
                [limit_line],
                [step],
                [ask],
            ],
            t.seed,
        ),
        pending={
            "why": "因为这两个选项都是你自己说出来的，先各碰一下，比我替你选更靠得住。"
        },
    )
