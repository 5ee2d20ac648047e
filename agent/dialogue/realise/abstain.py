"""Abstaining: not sure what was meant, so say what can be done here (Coach 3 §2).

No knowledge entry and no story is picked: one plain sentence names what the
coach can do at this point — the same steps the buttons under the reply offer
(``plan.choices``) — and hands the turn back.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos, q_ref

# What each choice does, as a verb phrase ("{q}" is "第3题" or "这道题").
DOES = {
    "rephrase": "换个说法讲讲{q}",
    "example": "举一个别人的例子",
    "stuck": "陪你从一个小问题写起",
    "review": "帮你看看{q}写下的内容",
    "next": "带你去下一道还没写的题",
    "rest": "先停在这儿，让你歇会儿",
    "top5": "从你的答案里挑出最重要的5个",
    "combine": "把三部分合成几个方向",
    "help": "告诉你求助热线",
    "compare2": "把你的两个候选放在一起比一比",
    "polish": "帮你把{q}的答案改具体",
    "summary": "把你写过的理一理",
    "try": "给候选设计个小实验",
    "fine": "接着往下写",
}
QUOTABLE = 8  # a short message is quoted whole; a longer one is not repeated


def _can_do(t: Turn) -> str:
    """Return "A、B，或者C" for the choices planned under this reply."""
    q = q_ref(t.ctx.question) or "这道题"
    done = [DOES[c["id"]].format(q=q) for c in t.plan.choices if c["id"] in DOES]
    done = done or [DOES["next"]]
    if len(done) == 1:
        return done[0]
    return "、".join(done[:-1]) + "，或者" + done[-1]


# A clear request outside the workbook, read as "unsure" by the classifier
# ("算算月薪一万五到手多少", review 11-27 T44): the kind scope reply, not a shrug.
ELSEWHERE = re.compile(
    r"算算|帮我算|到手多少|个税|汇率|查一?下.{0,4}(?:天气|快递|航班|股价|路线)|"
    r"写(?:一份|一封|个|篇)?(?:请假条|周报|简历|邮件|代码|文案|论文)|"
    r"推荐.{0,6}(?:电影|剧|书|餐厅|歌)|讲个笑话"
)
WORKBOOK = re.compile(r"题|价值观|才能|热情|答案|工作簿|候选|擅长|喜欢的事|重要的事")


def abstain(t: Turn) -> Draft:
    """Say plainly that the meaning is unclear and what can be done here."""
    if (
        t.u.abstained not in ("unresolved", "short")
        and ELSEWHERE.search(t.ctx.text)
        and not WORKBOOK.search(t.ctx.text)
    ):
        from agent.dialogue.realise.scope import scope

        return scope(t)
    said = re.sub(r"[\s。，,！!？?…~]+$", "", t.ctx.text.strip())
    quoted = f"「{said}」" if 0 < len(said) <= QUOTABLE else "这句"
    reason = t.u.abstained
    if reason == "unresolved":
        lead = [
            f"我这边还没列出可以指的条目，不确定{quoted}说的是哪个",
            f"前面还没有列过条目，{quoted}我对不上号",
        ]
    elif reason == "short":
        lead = [
            f"只凭{quoted}，我怕猜错你的意思",
            f"{quoted}我没法确定你想让我做什么",
        ]
    else:
        lead = [
            "我没把握你想让我做什么，不想乱猜",
            f"{quoted}我没太抓准你的意思，先不乱接",
        ]
    can = _can_do(t)
    return Draft(
        combos(
            [
                [f"{x}；在这里我可以{can}。" for x in lead],
                ["你想先要哪一个？", "你想从哪个开始？"],
            ],
            t.seed,
        )
    )


ACTS = {"abstain": abstain}
