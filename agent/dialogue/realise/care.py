"""Acts that put safety first: crisis, the care after it, refusal, quiet mode.

Crisis and refusal never cite the knowledge base.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    back_to,
    combos,
    q_ref,
)

HOTLINE = "心理援助热线（全国统一号码 12356）"


def crisis(t: Turn) -> Draft:
    """Care and real help; no coaching, no example, an open door.

    The message after a crisis reply stays in care: if they want to go back to
    the workbook, that is their call, said kindly, with the help repeated.
    """
    text, again = t.ctx.text, t.d.last_act == "crisis"
    plan = re.search(r"药|刀|绳|楼|遗书|准备好", text)
    if t.plan.act == "care":
        return Draft(
            combos(
                [
                    ["好，听你的，我们慢慢来。", "好，按你的节奏来。"],
                    [
                        f"刚才那句话我还放在心上：那种念头再冒出来，记得找信任的人，或打{HOTLINE}。"
                    ],
                    [
                        f"{q_ref(t.ctx.question)}先不急，换一道轻一点的题也行，你来定。"
                        if t.ctx.question
                        else "想写哪一题，你来定。"
                    ],
                ],
                t.seed,
            )
        )
    first = (
        [
            "你说你是机器也好、不信我也好，我都更希望你现在身边有个真人。",
            "我还在这里，也还在担心你。",
        ]
        if re.search(r"机器|没用|不信", text)
        else ["我还在这里，也还在担心你。", "谢谢你还愿意跟我说。"]
        if again
        else [
            "听到你这么说，我很担心你。",
            "谢谢你愿意说出来，这一定很难受。",
            "你现在的感受很重要，我听到了。",
        ]
    )
    safe = (
        ["请先把药或能伤害自己的东西交给家人，或放到拿不到的地方。"] if plan else [""]
    )
    return Draft(
        combos(
            [
                first,
                safe,
                [
                    f"请别一个人扛：可以打{HOTLINE}，或者马上告诉一个你信任的人。",
                    f"先找个人陪着你：给信任的朋友或家人打个电话，也可以拨{HOTLINE}。",
                ],
                ["如果你有伤害自己的念头或正处在危险中，请立刻拨打 120 或 110。"],
                (
                    ["现在有谁能过来陪你？", "此刻身边有谁可以联系？"]
                    if again or plan
                    else [
                        "等你愿意的时候，也可以再和我说说发生了什么。",
                        "我在这里，你想说的时候随时回来。",
                    ]
                ),
            ],
            t.seed,
        )
    )


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


ACTS = {"crisis": crisis, "care": crisis, "refuse": refuse, "quiet": quiet}
