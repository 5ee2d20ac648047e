"""Acts that look after the person first: crisis, empathy, quiet mode, refusal.

Crisis and refusal never cite the knowledge base; a crisis reply stays in care
for the next messages (the dialogue state remembers it).
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


def empathy(t: Turn) -> Draft:
    """Acknowledge the feeling first, then one small step, then offer quiet mode."""
    text, said = t.ctx.text, t.u.said
    # Their feeling in their words, but never a label they put on themselves
    # ("我是个废物"): saying that back would agree with it.
    own = next(
        (
            c
            for c in reversed(said.get("clauses", []))
            if re.search(r"感觉|觉得|好像|太|迷茫|就这样|不想|写不|空白|累", c)
            and not re.search(r"自己是|我是|废物|没用|一无是处|无聊的人|失败", c)
        ),
        "",
    )
    heard = (
        [
            f"“{own[:22]}”，听得出来你已经扛了一阵子。",
            f"你说“{own[:22]}”，这份难受是真的。",
            f"“{own[:22]}”——这样的日子确实磨人。",
        ]
        if own
        else []
    )
    if re.search(r"被裁|裁员|失业|没回音|被辞", text):
        role = t.ctx.role
        feel = [
            "被裁、投出去的简历没回音，这是处境，不是对你这个人的结论。",
            (
                f"你做过{role}，这些年攒下的本事，不会因为一次裁员消失。"
                if role
                else "一次裁员抹不掉你这些年攒下的本事。"
            ),
        ]
    elif said.get("age") or re.search(r"太晚|来不及|年纪|这个年龄", text):
        age = f"{said['age']}岁" if said.get("age") else "现在"
        feel = [
            f"{age}开始认真想“我想要什么”，不算晚；很多人是换过几次方向才想清楚的。",
            f"觉得来不及，往往是因为你在乎。{age}看清方向，后面还有很长的路用得上。",
        ]
    elif re.search(r"一无是处|没用|什么都不|不如别人|比我强|失败|废物", text):
        feel = [
            "这是此刻的感受，不是对你的结论。",
            "被这种感觉压着的时候，人很难看见自己做成过的事。",
        ]
    elif re.search(r"不想写|好累|写不动|放弃|烦|废话", text):
        feel = [
            "写到这里觉得累，很正常，认真面对自己本来就耗力气。",
            "想停下来也没关系，这不是偷懒，是真的费心。",
        ]
    else:
        feel = [
            "迷茫不是你哪里做错了，而是你不想随便选一条路。",
            "你愿意停下来问自己想要什么，这本身就不容易。",
        ]
    if re.search(r"有什么用|有啥用|有用吗|意义", text):  # answer the question asked
        feel = [
            f"{feel[0]}这些题不是考试，是帮你看清下一份工作里要守住什么，"
            "面试时也说得清自己。"
        ]
    real = [v for v in t.ctx.answers.values() if len(v.strip()) >= 8]
    affirm = (
        [f"你已经认真写下了{len(real)}题，这些都是你自己的线索。"]
        if len(real) >= 2
        else [""]
    )
    q = t.ctx.question
    first = re.split(r"[，。；]", q.get("example") or "")[0][:20]
    step = [
        f"今天只写一句就好，像“{first}”这么短也行。" if first else "",
        f"就从你做{t.ctx.role}的日子里挑一个小画面，写一句就够。" if t.ctx.role else "",
        f"不用答完{q_ref(q)}，先写下第一个冒出来的人或事。" if q else "",
        "先写一件最近让你忘了时间的小事，一句就够。",
    ]
    step = [x for x in step if x]
    quiet_offer = [
        "想一个人静一静的话，也可以打开安静模式。",
        "如果想先安静一会儿，可以打开安静模式，我就少提醒你。",
        "要是今天只想歇一歇，打开安静模式，我就不催你。",
    ]
    if re.search(r"不想写|写不动|放弃|都是废话|没意义", text):
        quiet_offer = [
            "今天停在这里也行，写下的都保存好了；想安静的话可以打开安静模式。"
        ]
    return Draft(combos([heard or [""], feel, affirm, step, quiet_offer], t.seed))


ACTS = {
    "crisis": crisis,
    "care": crisis,
    "refuse": refuse,
    "quiet": quiet,
    "empathy": empathy,
}
