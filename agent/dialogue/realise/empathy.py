"""Empathy for distress: the feeling first, in their words, then one small step."""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, asks, person_named, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
    q_ref,
    q_short,
)
from agent.dialogue.signals import GRIEF, HARDSHIP, HURT_BY_WORDS, LEFT_EARLY, SELF_DOWN

# A clause that reads as an answer to a workbook question: something they want,
# love or have kept doing ("我想学园艺", "月季养了八年了").
ANSWERISH = re.compile(
    r"想学|想做|想去|想当|想开|喜欢|爱[看做玩听画写弄]|养了|种了|练了|迷上|着迷"
    r"|停不下来|忘了时间|不觉得累"
)
# ...and not the doubt or the distress around it.
NOT_ANSWER = re.compile(
    r"有啥用|有什么用|有用吗|不知道|累|烦|被裁|裁员|失业|没用|来不及|太晚|不想|"
    # A want asked away ("快五十的人了还想什么想做的事", coach_blind17)
    r"还(?:想|谈|说|配|要|提)什么|了还想|哪有资格|可笑|凭什么|"
    r"[0-9]{2}\s*(?:岁|了)$"
)


def answer_clauses(text: str) -> list[str]:
    """Return the clauses of ``text`` that already answer a question, verbatim."""
    return [
        c
        for c in spans(text)
        if ANSWERISH.search(c)
        and not NOT_ANSWER.search(c)
        and not asks(text, c)
        and 4 <= len(c) <= QUOTE_MAX
    ][:2]


def _answered(t: Turn, found: list[str]) -> Draft:
    """Say that what they wrote already answers the question, then meet the doubt."""
    q, text = t.ctx.question, t.ctx.text
    quoted = "".join(f"「{c}」" for c in found)
    doubt = (
        [
            "有没有用先放一边：这些题不是考试，是帮你看清自己喜欢什么、在意什么。",
            "先不急着问有没有用：这道题只问你想要什么，不问能换来什么。",
        ]
        if re.search(r"有啥用|有什么用|有用吗|意义", text)
        else [""]
    )
    age = t.u.said.get("age")
    late = (
        [f"{age}岁写下想学的东西，也一样算数。"]
        if age and re.search(r"都|了|太晚|来不及|年纪", text)
        else [""]
    )
    return Draft(
        combos(
            [
                [
                    f"你写的{quoted}，正好就是{q_ref(q)}要的答案。",
                    f"{quoted}——这已经是在答{q_ref(q)}了。",
                ],
                doubt,
                late,
                [
                    "先把这句原样写进去，再补一句你最想学会的是哪一部分。"
                    if "学" in quoted
                    else "先把这句原样写进去，再补一句它哪一点最吸引你。"
                ],
            ],
            t.seed,
        ),
        pending={
            "why": f"因为你写的{quoted}，回答的正是{q_ref(q)}问的：{q_short(q)}。"
        },
    )


# A clause that says no answer came yet: not an answer to take.
# "我哪有时间喜欢啥子" asks back, it answers nothing (coach_blind10).
LACK = re.compile(
    r"想不出|想不起|不知道|说不上|没有|是不是|无趣|丧|泄气|哪有|哪来|顾不上|谈不上|"
    r"什么喜欢|啥喜欢|喜欢啥子?$|喜欢什么$"
)
# Worn out or done for today: the reply gives no task, only rest and the way back.
# Stopping for today, said outright ("今天先不写了", "人都散架了").
STOPPING = r"不想写|写不动|写不下去|不写了|先不写|散架|放弃"
TIRED = re.compile(
    rf"{STOPPING}|累得|好累|太累|累死|都累|(?<!不)累了|没力气|歇会|歇一歇"
)


def empathy(t: Turn) -> Draft:
    """Acknowledge the feeling first, then one small step, then offer quiet mode."""
    text, said = t.ctx.text, t.u.said
    found = [
        c
        for c in (
            answer_clauses(text) if t.ctx.question and not GRIEF.search(text) else []
        )
        # "写到这一个喜欢的都想不出来" says there is no answer yet (blind8 review)
        if not LACK.search(c)
    ]
    if found and not (
        HARDSHIP.search(text) or SELF_DOWN.search(text) or HURT_BY_WORDS.search(text)
    ):
        # a story that answers the question on screen is taken as one; a hard
        # stretch is not ("四十多了还在想“想做的事” 挺可笑的", coach_blind24)
        return _answered(t, found)
    # Their feeling in their words, but never a label they put on themselves
    # ("我是个废物"): saying that back would agree with it.
    own = next(
        (
            c
            for c in reversed(said.get("clauses", []))
            if re.search(
                r"感觉|觉得|好像|太|迷茫|就这样|不想|写不|空白|累|泄气|丧|憋屈|灰心|"
                r"心累|难受|烦",
                c,
            )
            # "说完又觉得" holds no feeling yet: the clause that says it does
            and not re.search(r"(?:觉得|感觉)$", c)
            and not re.search(
                r"自己是|我是|废物|没用|一无是处|无聊的人|无趣|失败|做不好|说得对|说的对",
                c,
            )
        ),
        "",
    )
    heard = (
        [
            f"你说“{own[:22]}”，我听到了。",
            f"“{own[:22]}”——这句话我先接住。",
            f"你说“{own[:22]}”，先不急着往下写。",
        ]
        if own
        else []
    )
    grief = bool(GRIEF.search(text)) and not LEFT_EARLY.search(text)
    if grief:
        feel = [
            "想起离开的人，心里不好受，很正常。",
            "这种时候，不用急着把题写完。",
        ]
    elif re.search(
        r"被裁|裁员|失业|没回音|被辞|老的都不要|不要我们|搬(?:去|到)越南", text
    ):
        role = t.ctx.role
        feel = [
            "被裁是公司的决定，是处境，不是对你这个人的结论。",
            (
                f"你做{role}攒下的本事，不会因为一次裁员消失。"
                if role
                else "被裁说的是公司的处境，说不了你会什么、在意什么。"
            ),
        ]
    elif HURT_BY_WORDS.search(text):
        # Hurt by a near one's words, to tears (coach_blind23): that first
        who = next(
            (
                name
                for name, words in (
                    ("爸妈", r"爸妈|我爸|我妈|父母"),
                    ("老公", r"老公|丈夫"),
                    ("老婆", r"老婆|妻子|媳妇"),
                )
                if re.search(words, text)
            ),
            "在乎的人",
        )
        cried = bool(re.search(r"哭|眼泪", text))
        hurt = "难受到掉眼泪" if cried else "心里难受"
        feel = [
            f"被{who}这样说，{hurt}，这种委屈是真的。",
            f"被{who}这么说，{'难受到哭' if cried else '心里不好受'}，很正常。",
        ]
    elif re.search(
        r"还着债|还债|在还钱|负债|欠(?:了|着)[^。，]{0,6}万|爆雷|网贷|还着(?:贷款|信用卡)",
        text,
    ):
        feel = [  # debt (coach_blind24): named, nothing promised
            "还着债还来想这些，本身就不容易。",
            "背着债的时候，想做的事会显得很远，这很正常。",
        ]
    elif re.search(r"化疗|复查|确诊|中风|瘫痪|不肯吃药|照顾", text):
        feel = (  # illness, theirs or a parent's they look after (coach_blind24)
            [
                "照顾家里人，这份累是真的，不是你不够好。",
                "照顾病人的累，很少有人看得见。",
            ]
            if re.search(r"照顾|不肯吃药|中风|瘫痪", text)
            else [
                "身体在恢复的时候，累了就先歇，这不是偷懒。",
                "身体还在恢复，先照顾好自己，题可以慢慢来。",
            ]
        )
    elif re.search(r"(?:我妈|我爸|爸妈|家里|父母)[^。]{0,24}(?:电话|催|让我回)", text):
        feel = [  # family pressing them (coach_blind22/24): named, no side taken
            "家里一遍遍催，这种压力很磨人。",
            "被家里一直催着，心里发紧很正常。",
        ]
    elif re.search(r"底薪|降薪|欠薪|发不出工资|房贷|要养|养家|没收入", text):
        # Money tight (coach_blind23): named, not fixed; a family that relies
        # on them only when they said so ("家里两个孩子要养")
        feel = (
            [
                "家里还等着你养，钱又紧，这种压力很实在。",
                "钱紧、家里还要靠你，这时候还来想这些，本身就不容易。",
            ]
            if re.search(r"要养|养家|养活|孩子.{0,6}(?:上学|学费|要钱)", text)
            else [
                "钱上的压力压着，这种难很实在。",
                "钱紧的时候还来想这些，本身就不容易。",
            ]
        )
    elif said.get("age") or re.search(r"太晚|来不及|年纪|这个年龄|这岁数|岁数大", text):
        age = f"{said['age']}岁" if said.get("age") else "现在"
        feel = [
            f"{age}开始认真想自己要什么，不算晚；很多人是换过几次方向才想清楚的。",
            (
                f"觉得来不及，往往是因为在乎。{age}看清方向，后面的路还用得上。"
                if re.search(r"太晚|来不及", text)
                else f"{age}看清自己想要什么，后面的路还用得上。"
            ),
        ]
    elif re.search(r"一无是处|没用|什么都不|不如别人|比我强|失败|废物", text):
        feel = [
            "这是此刻的感受，不是对你的结论。",
            "被这种感觉压着的时候，人很难看见自己做成过的事。",
        ]
    elif re.search(rf"{STOPPING}|好累|烦|废话", text):
        feel = [
            "停一停也没关系，认真面对自己本来就耗力气。",
            "累了就歇，这不是偷懒。",
        ]
    else:
        # Only what they said: "迷茫" is named back only when they wrote it.
        feel = (
            ["迷茫不是你哪里做错了。", "迷茫的时候，先不用急着找答案。"]
            if "迷茫" in text
            else ["先不用急着找答案，我们一小步一小步来。"]
        )
    if re.search(
        r"有什么用|有啥用|有啥子用|有用吗|有用不|意义", text
    ):  # answer what was asked
        feel = [
            f"{feel[0]}这些题不是考试，是帮你看清自己在意什么、擅长什么、喜欢什么。"
        ]
    # Every question with something written counts: "写下了4题" when six are
    # saved read as a wrong count (coach_blind14 review); the ones worth
    # building on are still the longer ones (len(real) decides the line).
    real = [v for v in t.ctx.answers.values() if len(v.strip()) >= 8]
    written = [v for v in t.ctx.answers.values() if v.strip()]
    affirm = (
        [f"你已经写下了{len(written)}题，这些都是你自己的线索。"]
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
    if TIRED.search(text):
        # They said they are done for today: homework would contradict "停一停也没关系".
        step = ["什么时候想接着写，从一句开始就行。"]
    if grief:  # no homework now; a sentence for them, if they like
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
    if re.search(rf"{STOPPING}|都是废话|没意义", text):
        quiet_offer = [
            "今天停在这里也行，写下的都保存好了；想安静的话可以打开安静模式。"
        ]
    return Draft(combos([heard or [""], feel, affirm, step, quiet_offer], t.seed))


ACTS = {"empathy": empathy}
