"""Empathy for distress: the feeling first, in their words, then one small step."""

from __future__ import annotations

import re

from agent.dialogue.facts import person_named
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
    q_ref,
)
from agent.dialogue.signals import GRIEF


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
    if GRIEF.search(text):
        feel = [
            "那份空落，是因为感情一直都在。",
            "想起离开的人，心里空一块，很正常。",
        ]
    elif re.search(r"被裁|裁员|失业|没回音|被辞", text):
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
        f"今天先写一句就好，像“{first}”这么短也行。" if first else "",
        f"先从你做{t.ctx.role}的日子里挑一个小画面，写一句就够。" if t.ctx.role else "",
        f"不用答完{q_ref(q)}，先写下第一个冒出来的人或事。" if q else "",
        "先写一件最近让你忘了时间的小事，一句就够。",
    ]
    step = [x for x in step if x]
    if GRIEF.search(text):  # no homework now; a sentence for them, if they like
        to = person_named(text) or "那个人"
        step = [f"题可以先放一放。愿意的话，写一句你想对{to}说的话也行。"]
    quiet_offer = [
        "想一个人静一静的话，也可以打开安静模式。",
        "如果想先安静一会儿，可以打开安静模式，我就少提醒你。",
        "要是今天只想歇一歇，打开安静模式，我就不催你。",
    ]
    if not re.search(
        r"累|不想|烦|歇|休息|写不动|放弃|废话|没意义|催|焦虑|慌|压力|迷茫|空白|睡不着",
        text,
    ):
        quiet_offer = [""]  # self-doubt wants a small step, not to be left alone
    if re.search(r"不想写|写不动|放弃|都是废话|没意义", text):
        quiet_offer = [
            "今天停在这里也行，写下的都保存好了；想安静的话可以打开安静模式。"
        ]
    return Draft(combos([heard or [""], feel, affirm, step, quiet_offer], t.seed))


ACTS = {"empathy": empathy}
