"""Acts that keep the conversation on track.

Greeting, nudges, progress, repair, clarifying questions and autonomy.
"""

from __future__ import annotations

import re

from agent import claims
from agent.dialogue import moves, pinyin
from agent.dialogue.facts import asks
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.empathy import TIRED
from agent.dialogue.realise.mirror import REPORTED
from agent.dialogue.realise.phrases import (
    back_to,
    combos,
    q_ref,
    q_short,
)
from agent.dialogue.signals import LEAVE, WRITE_FOR_ME
from agent.dialogue.tasks_route import NEXT
from agent.dialogue.understanding import AGREE_MAX, AGREES
from agent.rules import clip


def greet(t: Turn) -> Draft:
    """Greet or acknowledge briefly, then one way back in."""
    text = t.ctx.text
    paused = _pause_agreed(t)
    if paused and t.d.last_act == "quiet":  # quiet asked for, then "好": stay quiet
        return Draft(
            combos(
                [
                    ["好，我不出声，你慢慢想。", "好，我不打扰你。"],
                    ["写下的都会自动保存，想聊的时候在这里打字就行。"],
                ],
                t.seed,
            )
        )
    if LEAVE.search(text) or re.search(r"休息|歇|下次", text) or paused:
        if paused or re.search(r"休息|歇", text):  # a pause, not a goodbye
            lead = ["好，先歇着。", "好，今天就先到这儿，好好休息。"]
        elif re.search(r"谢|thank", text, re.I):
            lead = ["不客气，今天辛苦了。"]
        else:
            lead = ["好，今天就到这儿。", "好，今天先到这儿。"]
        return Draft(
            combos(
                [
                    lead,
                    [
                        "写下的都自动保存了，随时回来接着写。",
                        "你写的都保存好了，下次回来我们从这里接着聊。",
                    ],
                ],
                t.seed,
            )
        )
    if re.search(r"谢|感谢|thank", text, re.I):
        lead = ["不客气。", "不用谢，能帮上就好。"]
    elif re.search(r"你好|您好|嗨|hi|hello|在吗|再吗", text, re.I):
        name = (t.ctx.person.get("nickname") or "").strip()
        lead = [f"{name}你好！" if name else "你好！", "在的。"]
    elif told := _answered_in_chat(t):
        return told
    else:
        lead = ["好。", "嗯，我在。", "收到。"]
    from agent.dialogue.realise.honour import asked_without
    from agent.dialogue.realise.shrug import their_line

    if line := their_line(t.ctx.draft):  # answered: their words, not the question
        ref = q_ref(t.ctx.question)
        back = [f"你在{ref}写过「{line}」，要接着补一句，还是先看下一题？"]
    elif again := asked_without(t):  # the question's own words hold what they denied
        back = again
    else:
        back = back_to(t.ctx.question)
    return Draft(combos([lead, back], t.seed))


def _pause_agreed(t: Turn) -> bool:
    """A yes ("嗯") to the pause the last reply offered: they are stopping.

    Without this a "嗯" after "累了就歇" was read as a yes to keeping their
    tired night-shift line as an answer, and the coach pushed on to the next
    question (blind review 2026-11-27, c6-06).
    """
    text = t.ctx.text.strip()
    if t.d.last_act not in ("empathy", "quiet") or not (
        AGREES.search(text) and len(text) <= AGREE_MAX
    ):
        return False
    said = [x for role, x in t.ctx.history if role == "user" and x.strip() != text]
    # The message before asked to stop ("今天不想写了") or for quiet ("让我缓一缓"),
    # and the coach granted it.
    return t.d.last_act == "quiet" or bool(
        said
        and (TIRED.search(said[-1]) or LEAVE.search(said[-1]) or "休息" in said[-1])
    )


QUOTE_CHARS = 34  # an answer said back whole, up to this, in their clauses
TOLD_CHARS = 14  # a story this long, told in chat, answers the question on screen


def _answered_in_chat(t: Turn) -> Draft | None:
    """Return an acknowledgement of the answer they told in chat, or None.

    After a story was said back ("嗯，可能吧"), the question on screen is not
    asked again: their words are quoted and offered to be kept as its answer.
    """
    q = t.ctx.question
    if not (q and AGREES.search(t.ctx.text) and len(t.ctx.text) <= AGREE_MAX):
        return None
    if (t.ctx.answers.get(q.get("id", "")) or "").strip():
        return None  # already written: nothing to keep
    recent = [x for role, x in t.ctx.history if role == "user"][-3:]
    told = [x for x in recent if len(x) >= TOLD_CHARS]
    if t.d.last_act == "english" and told and pinyin.looks_pinyin(told[-1]):
        return _pinyin_kept(q, told[-1])
    # After care ("empathy") a yes is not a yes to an answer: only a story the
    # coach said back or explained may be offered as one.
    if not told or t.d.last_act not in ("reflect", "why"):
        return None
    first = re.split(r"[，,。；;！!？?\n]", told[-1].strip())[0][:24]
    if len(first) < 6:
        return None
    # "你别一下子给我列那么多问题" is said to us, never an answer (coach_blind32)
    if first.startswith("你") or moves.move(told[-1]) or asks(told[-1], first):
        return None
    return Draft(
        [
            [
                f"好，那{q_ref(q)}你其实已经答了，你刚才说的「{first}」就是。"
                f"把这段贴进{q_ref(q)}就存下了；存好我们接着看下一题，行吗？"
            ]
        ]
    )


def _pinyin_kept(q: dict, typed: str) -> Draft:
    """A yes to the words read from their pinyin: keep it, in characters."""
    known = [c for _, c in pinyin.known_words(typed)]
    feeling = [c for c in known if c in pinyin.FEELINGS]
    frame = f"「……的时候，我会很{feeling[-1]}」" if feeling else "「……的时候，我……」"
    return Draft(
        [
            [
                f"好，那就是{q_ref(q)}的答案。方便打字时用汉字写进{q_ref(q)}，"
                f"一句就够，开头可以照这个填：{frame}。"
            ]
        ]
    )


def autonomy(t: Turn) -> Draft:
    """The choice is theirs; offer one small step or two options."""
    from agent.dialogue.realise import stance

    if stance.OTHERS_CALL.search(t.ctx.text or ""):  # "你是不是也觉得我该听我妈的"
        return stance.whose_call(t)
    if WRITE_FOR_ME.search(t.ctx.text or ""):  # "你直接帮我把P05到P08都填了"
        qid = t.ctx.question.get("id", "")
        own = (t.ctx.answers.get(qid) or "").strip()
        start = (
            f"{q_ref(t.ctx.question)}你写了「{own[:12]}」，这就是开头，"
            if own
            else f"{q_ref(t.ctx.question) or '这题'}先只写一个词或半句，"
        )
        return Draft(
            [
                [
                    "我不替你填：替你写的就不是你的答案了，后面的结果也会跟着不像你。",
                    f"想快一点的话，{start}我再帮你往下问一句。",
                ]
            ]
        )
    from agent.dialogue.realise.decide import two_options

    if named := two_options(t):  # "考还是不考": a step built from their options
        return named
    facts = [
        c
        for c in t.u.said.get("clauses", [])
        if len(c) >= 5
        and "帮我" not in c
        and not re.search(r"直接|告诉我|答案|想|问|干啥|怎么办|选", c)
        # "写这么多我也看不出来", "你比我懂": about the exercise or us, no start
        and not re.search(r"看不出|不知道|不懂|写这么多|你比我|搞不清|说不清", c)
        # "好了别绕了", "填满就行，反正没人看": about the ask, no start (coach_blind14)
        and not re.search(
            r"别绕|废话|好了|只回|随便|没人看|就行|填满|都填|适合|说我|告诉我|别问|别整",
            c,
        )
        # "你说哪个外卖平台跑单更赚钱？" asks us: never the start of their answer;
        # "我妈说当老师最稳" is her view, not theirs (§4)
        and not asks(t.ctx.text or "", c)
        and not REPORTED.search(c)
        and not claims.STATE.search(c)  # "我脑子都是乱的" starts no answer
    ]
    if facts and t.ctx.question:  # "你直接帮我写…我爸开出租我妈在超市"
        return Draft(
            combos(
                [
                    [
                        "答案得是你的，我不替你写；不过你刚才已经起了头：",
                        "我不替你写，但你已经说出了开头：",
                    ],
                    [f"“{facts[0][:20]}”。"],
                    [
                        "接着写一句：这里面，你想留下的是哪一点？",
                        f"把它放进{q_ref(t.ctx.question)}，下一句你会写什么？",
                    ],
                ],
                t.seed,
            )
        )
    mine = _candidates(t)
    if not mine and "我" not in (t.ctx.text or ""):
        # "那你说哪个外卖平台跑单更赚钱": a question about the world, not their
        # choice; no "各试一个周末" for options they never named.
        return Draft(
            combos(
                [
                    [
                        "这个我答不准，也不在这几道题里。",
                        "这事我给不了靠谱的答案，它不在这本工作簿里。",
                    ],
                    back_to(t.ctx.question),
                ],
                t.seed,
            )
        )
    if len(mine) >= 2:  # their own candidates, named: compare, don't choose
        a, b = mine[:2]
        return Draft(
            combos(
                [
                    [
                        "选哪条得由你来定，不过我可以陪你比一比：",
                        "我不替你选，这得你自己定；但可以帮你比：",
                    ],
                    [
                        f"「{a}」和「{b}」，哪条这周就能先花两小时试一下？",
                        f"「{a}」和「{b}」各试一个周末，做完哪条让你更想接着做，"
                        "答案就出来了。你想先试哪条？",
                    ],
                ],
                t.seed,
            )
        )
    return Draft(
        combos(
            [
                [
                    "我挑的答案，你未必愿意照着过，这得你自己定。",
                    "要是我替你定了，这个答案就不是你的了，还是由你来选。",
                    "这个答案只能由你来定，我能做的是帮你看清楚。",
                ],
                [
                    "不如给自己两个选项：各花一个周末试一下，再看哪条让你更想继续。",
                    "我们可以先把你写下的线索摆出来，挑一条这周就能试的小事。",
                ],
                ["你现在最放不下的是哪一条？", "你想先从哪条试起？"],
            ],
            t.seed,
        )
    )


def _candidates(t: Turn) -> list[str]:
    """Return the person's candidates, short: step 4's answers, else our last lines."""
    own = [v for k, v in sorted(t.ctx.answers.items()) if k[:1] == "C" and v.strip()]
    if not own:  # "1. 用「X」在「Y」里做Z，满足「W」" from the last synthesis
        lines = t.d.pending.get("lines") or []
        own = [m.group(1) for x in lines if (m := re.search(r"里做([^，；。]+)", x))]
    return [clip(x, 16).rstrip("。") or x[:14] for x in own]


def clarify(t: Turn) -> Draft:
    """Ask one clarifying question instead of presenting a weak match."""
    asked = t.plan.gap
    if asked:
        lead = [
            f"知识库里没有和“{asked[:12]}”直接对应的条目，我不想硬套一个给你。",
            f"关于“{asked[:12]}”，我这里没有合适的条目。",
        ]
        ask = [
            f"你说的“{asked[:12]}”，更像一种做事方式（才能），还是一个想深入的领域？",
            "能多说一句吗：它是你擅长的做法，还是你想多了解的主题？",
        ]
    else:
        lead = ["我想先确认一下你的意思，免得答偏。", "我没太抓住你想问的。"]
        ask = [
            "你是想让我解释这道题，还是想看看别人的例子？",
            "你是卡在题目本身，还是想到了什么想和我聊？",
        ]
    return Draft(combos([lead, ask], t.seed))


def _last_one(t: Turn) -> Draft | None:
    """Return the reply to "下一题是什么" on a step's last question, or None.

    There is no next question: said so, what they just planned (a clause of
    their message) offered to be saved here, and the results page named.
    """
    q = t.ctx.question
    asked = NEXT.search(t.ctx.text)
    if not (asked and q.get("number") and q["number"] == t.ctx.total):
        return None
    clauses = [
        c.strip()
        for c in re.split(r"[，,。！!？?\n]", t.ctx.text[: asked.start()])
        if len(c.strip()) >= 8
    ]
    plan = clauses[-1] if clauses else ""
    keep = (
        f"先把「{clip(plan, 24).rstrip('。')}」写进第{q['number']}题存下；"
        if plan
        else ""
    )
    return Draft(
        [
            [
                f"第{q['number']}题已经是这一步的最后一题了，后面没有下一题。",
                f"{keep}写完就可以去结果页，看三部分的线索和你的方向放在一起。",
            ]
        ]
    )


def progress(t: Turn) -> Draft:
    """Say where they are and what comes next."""
    if last := _last_one(t):
        return last
    prefix = {
        "values_exploration": "V",
        "strengths_exploration": "S",
        "interests_exploration": "P",
    }.get(t.ctx.step, "")
    done = [
        q
        for q, v in t.ctx.answers.items()
        if v.strip() and prefix and q.startswith(prefix)
    ]
    guide = t.art.get("guide_question") or {}
    count = (
        f"这一步你已经写了{len(done)}/{t.ctx.total}题。"
        if t.ctx.total and prefix
        else ""
    )
    if count and guide.get("found"):
        count = _open_before(t, prefix, done, guide) or count
    if guide.get("found"):
        nxt = [
            f"下一题是第{guide['number']}题：{q_short(guide)}？",
            f"接下来可以写第{guide['number']}题——{q_short(guide)}？",
        ]
    elif prefix:
        nxt = ["这一步的题都写过了：可以进入下一步，或回头挑最短的一题补一个场景。"]
    else:
        nxt = [
            "综合这一步没有新题：把三部分的线索组合成几条候选就好，你想先把哪两部分放在一起看？"
        ]
    q = t.ctx.question
    if q and re.search(
        r"写到哪|到哪了|刚才.{0,4}题|那题|上次.{0,6}(?:写|到)", t.ctx.text
    ):
        draft = clip(t.ctx.draft or "", 18).rstrip("。")
        where = (
            f"你在{q_ref(q)}（{q_short(q, 20)}），写到“{draft}”。"
            if draft
            else f"你在{q_ref(q)}（{q_short(q, 20)}），还没写下内容。"
        )
        more = "接着写就好，需要例子就叫我。" if draft else "先写一句也行。"
        return Draft(combos([[where], [count], [more]], t.seed))
    return Draft(combos([[count], nxt], t.seed))


def _open_before(t: Turn, prefix: str, done: list[str], guide: dict) -> str:
    """Return the count with the open questions the next one skips, or ''.

    "写了0/9题。下一题是第4题" reads as a contradiction: the questions left
    open before the next one are named, so the count and the pointer agree.
    """
    skipped = [
        n
        for n in range(1, int(guide.get("number") or 0))
        if f"{prefix}{n:02d}" not in done
    ]
    if not skipped:
        return ""
    here = t.ctx.question.get("number")
    others = [n for n in skipped if n != here]
    names = "、".join(f"第{n}题" for n in others[:4])
    names += "等" if len(others) > 4 else ""
    said = [f"眼下的第{here}题还没写"] if here in skipped else []
    said += [f"{names}{'也' if said else ''}还空着"] if others else []
    return (
        f"这一步你写了{len(done)}/{t.ctx.total}题：{'，'.join(said)}，随时可以回头补。"
    )


def nudge(t: Turn) -> Draft:
    """A stray or unclear message: a short offer, not a lecture."""
    q = t.ctx.question
    return Draft(
        combos(
            [
                ["我在。", "嗯，我在这儿。", "收到。"],
                [
                    f"想让我换个说法讲讲{q_ref(q)}，还是看两个别人的例子？",
                    f"{q_ref(q)}卡在哪一块了：题目本身，还是想不到例子？",
                ],
            ],
            t.seed,
        )
    )


# "我不是看重什么公平，我就是讨厌没礼貌的人": what they are not, then what they are.
CORRECTION = re.compile(
    # "但我不觉得我是喜欢'掌控'…我就是怕出错": the same, disputed as a belief
    r"(?:不是|不觉得(?:我)?(?:是)?|不认为(?:我)?(?:是)?)(?:看重|在意|想说|说)?(?:什么)?"
    r"([^，,。]{1,12}?)"
    # an aside between the two ("，听起来像控制狂。") is passed over
    r"(?:[，,][^。！？，,]{1,12}[。！，,])?"
    r"(?:[，, ]*(?:我?(?:就是|只是|而是)|我是)|"
    r"[，,。 ]*我(?:气|在乎|在意|想说|要说|难受|讨厌|烦)的是|[，, ]+是)"
    r"(?:单纯)?([^。！!？?]{2,24}?)(?:[。！!？?]|$)"
)


def repair(t: Turn) -> Draft:
    """Own the miss, try another angle on the question, ask what they wanted."""
    from agent.dialogue.realise import stance

    if fixed := stance.claim_fixed(t):  # "你说美妆 但其实我…是喜欢颜色"
        return fixed
    if never := stance.not_said(t):  # "我啥时候说想住海边了？？": we never did
        return never
    if stance.DOUBT_METHOD.search(t.ctx.text or ""):  # "填这些对我没啥用吧"
        return stance.doubt(t)
    if handed := stance.correction(t):  # "我不是想被表扬，我就是觉得不公平"
        return handed
    if dropped := stance.rejected(t):  # "说和那个我不认，那是没办法…"
        return dropped
    # Spaces typed for commas ("我不是细心 细心是那种不出错 我是较真") are pauses.
    paused = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "，", t.ctx.text)
    correction = CORRECTION.search(paused)
    if not correction and (struck := stance.taken_back(t)):
        return struck  # "你说得不对，我根本不想再当教练了": their words, kept
    if re.search(r"不同意|不认同|不对吧|不觉得", t.ctx.text) and t.ctx.selection:
        return Draft(
            combos(
                [
                    [
                        "不同意完全可以，这本工作簿的结论本来就由你来定。",
                        "你有不同看法很好：这些说法只是思路，不是标准答案。",
                    ],
                    ["你的经历里，哪一件事让你得出不一样的看法？"],
                ],
                t.seed,
            )
        )
    if correction:  # "我不是看重什么公平，我就是单纯讨厌没礼貌的人": take their word
        # The groups are spans of their message as written: quoted, not rewritten.
        wrong, right = (x.strip("的了吧啊 ") for x in correction.groups())
        if paused != t.ctx.text:  # a pause we put in is no part of their words
            wrong, right = wrong.split("，")[0], right.split("，")[0]
        if wrong in ("我", "我自己", "是我"):
            # "打游戏是我室友喜欢的不是我": the thing was someone else's.
            return Draft(
                combos(
                    [
                        ["明白，那是别人的，不算你的。"],
                        [
                            "那你自己呢：哪件事是你不用人催也会去做的？",
                            "换成你自己：最近哪件事让你主动花了时间？",
                        ],
                    ],
                    t.seed,
                )
            )
        asks = (
            [
                "这里面，最让你受不了的是哪一点？",
                "最近一次让你这样受不了，是什么时候？",
            ]
            # "我气的是明明不是他的错" is no moving moment (coach_blind23)
            if re.search(r"讨厌|受不了|烦|看不惯|气|凭什么", right or t.ctx.text)
            else [
                f"「{right}」，在你心里具体是什么样子？",
                f"说说「{right}」，你最先想到的是哪一幕？",
            ]
            if right and len(right) <= 12
            # a long reading of theirs is quoted once, not twice
            else ["这里面，最打动你的是哪一点？", "这一幕里，你最想留下的是哪一点？"]
            if right
            else ["你说的那个意思，在你心里具体是什么样子？"]
        )
        return Draft(
            combos(
                [
                    [
                        f"明白，是我说偏了：不是「{wrong}」，是「{right}」。",
                        f"好，不是「{wrong}」，是「{right}」，我记下了。",
                    ],
                    asks,
                ],
                t.seed,
            )
        )
    guide = t.art.get("guide_question") or {}
    angle = guide.get("rephrased") or q_short(t.ctx.question)
    if re.search(r"关系|有什么用|有啥用|为什么要", t.ctx.text):
        angle = (
            "它是为了找出你为什么而工作、在意什么，之后用来筛选想做的事"
            if t.ctx.step == "values_exploration"
            else angle
        )
    return Draft(
        combos(
            [
                ["抱歉，刚才没说到点上。", "是我没接住你的意思，换个方式说。"],
                [f"这道题说白了是：{angle}。" if angle else ""],
                ["你最想让我帮你的是哪一部分？", "你希望我从哪里说起？"],
            ],
            t.seed,
        )
    )


# One question that deepens an answer, by step (values, talents, passions).
DEEPEN = {
    "V": "这一点为什么对你这么要紧，是从哪件事开始在意的？",
    "S": "这件事里哪一步你做得最顺手、别人最难替你？",
    "P": "它哪一点最吸引你，让你愿意一次次回去？",
}
STEP_PREFIX = {
    "values_exploration": "V",
    "strengths_exploration": "S",
    "interests_exploration": "P",
}


def answer_here(t: Turn) -> Draft:
    """Return their answer typed in chat, kept as the named question's answer.

    "第8题我就在这儿说了吧：我希望别人提起我…": not a story to probe but
    an answer: quoted as that question's, the way to keep it said (there is
    no save action: they paste it), then one question that deepens it.
    """
    from agent.dialogue.numbered import _number
    from agent.dialogue.tasks_route import answer_here as given

    token, said = given(t.ctx.text) or ("", t.ctx.text)
    prefix = STEP_PREFIX.get(t.ctx.step, "")
    if token[:1].upper() in "VSP" and token[:1]:
        prefix, n = token[0].upper(), int(token[-1])
    elif token:
        n = _number(token)
    else:
        n = (t.ctx.question or {}).get("number") or 0
    where = f"第{n}题" if n else "这题"
    said = said.rstrip("。！!；; ")
    quote = said  # verbatim, cut after a whole clause when long
    if len(said) > QUOTE_CHARS:
        ends = [m.start() for m in re.finditer(r"[，,。；;！!]", said)]
        cut = max((e for e in ends if e <= QUOTE_CHARS), default=QUOTE_CHARS)
        quote = said[:cut] + "…"
    ask = DEEPEN.get(prefix, "这句里哪个词最要紧，它是从哪件事来的？")
    return Draft(
        [
            [
                f"好，这就是{where}的答案：「{quote}」。",
                f"把这段原样贴进{where}就存下了。",
                ask,
            ]
        ],
        rows=[],
    )


ACTS = {
    "answer_here": answer_here,
    "greet": greet,
    "autonomy": autonomy,
    "clarify": clarify,
    "progress": progress,
    "repair": repair,
    "nudge": nudge,
}
