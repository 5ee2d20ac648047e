"""A shrug ("不知道", "没想过", "随便写点吧"): one easy way into the question on screen.

A shrug is not a request for the whole question again, nor for two example
fields: it says the question is too big from here. The reply makes it
smaller: a narrower question (the hint's first clause, written for that
question) or a fill-in frame for the step, and nothing about the person that
they did not say (review 11-27, robustness 4.33). The act stays what the
policy chose ("不知道" is still a rephrase); only the words change.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, is_shrug, read, span_of, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos, q_ref

# "你随便帮我写一个吧", "随便写点吧", "没想过这个", "想不出来": the question is too big.
SHRUG = re.compile(
    r"^(?:你|就)?(?:随便|瞎)(?:帮我)?(?:写|填|编|来)(?:点|个|一个|一句|几句)?[吧啊呗]?$"
    r"|^(?:我)?(?:从来|还|真)?没(?:怎么)?想过(?:这个|这些|这事|这题)?[啊呢吧诶]?$"
    r"|^(?:我)?(?:也)?想不(?:出来|到|起来)[啊呢吧诶]?$"
)
# Per question, in our own words: a smaller question, and a frame whose dots
# their words fill (quotes.FRAME). A frame fits its question only: "那次我……"
# for an ideal day would ask the wrong thing (probe, 11-27).
SMALLER = {
    "V01": ("身边有没有一个人，你偷偷羡慕过他的某一点", "“我挺羡慕……，因为他……”"),
    "V02": ("只想最近一次二选一，哪怕只是选租哪套房", "“那次我选了……，没选……，因为……”"),
    "V03": ("哪件事你吃过苦、熬过夜也没放手", "“那段时间我在……，撑着我的是……”"),
    "V04": ("先只想你爸或你妈的一个习惯", "“我想像家里人那样……，但不想……”"),
    "V05": ("最近一次你在心里骂了一句，是因为什么事", "“我最看不惯……，因为……”"),
    "V06": ("看电影、听别人讲事时，哪一次鼻子一酸", "“那次……，我一下子就……”"),
    "V07": ("只想早上醒来后的头两个小时", "“早上我会在……，和……一起……”"),
    "V08": ("想想你希望朋友背后怎么说你", "“他这个人……”"),
    "V09": ("最近哪件身边事让你觉得不该这样", "“现在的人太缺……了”"),
    "S01": (
        "最近一次你看别人做事、忍不住想插手，是什么事",
        "“看别人……的时候，我总觉得不难”",
    ),
    "S02": ("小时候大人念叨你最多的一句话", "“小时候总被说……”"),
    "S03": ("上个月哪件事你一做就忘了看时间", "“做……的时候，我一点不觉得累”"),
    "S04": ("最近一次有人找你帮忙，帮的是什么", "“别人常找我……”"),
    "S05": ("哪件事你一做就烦、能躲就躲", "“我最怕做……，一做就……”"),
    "S06": ("哪段日子你每天醒来都挺有劲", "“那段时间我在……，最得意的是……”"),
    "S07": ("先只问一个熟人，请他用一个词说你", "“他说我……”"),
    "S08": ("小时候哪件事你没人教就会了", "“小时候我自己就会……”"),
    "P01": ("小时候放学后、假期里，你最常一个人玩什么", "“小时候我总是……”"),
    "P02": ("打开视频网站，首页给你推荐最多的是什么", "“我总会停在……那一块”"),
    "P03": ("翻翻最近的搜索记录，出现最多的是哪个词", "“最近我老在搜……”"),
    "P04": ("最近一次你舍得花时间去学、去试的是什么", "“我愿意花周末去……”"),
    "P05": ("最近一次和朋友聊嗨了，聊的是什么", "“一聊到……我就停不下来”"),
    "P06": ("哪件事你看到了会觉得总得有人管一管", "“……这事总得有人管”"),
    "P07": ("如果明天就能去上一门课，你先报哪门", "“我想花一年去学……”"),
    "P08": ("你最想当面问谁一个问题", "“我想找……，问问他……”"),
}
SYNTHESIS = ("先只挑你最拿手的一件事", "“我想用……，在……里做……”")
# "不知道怎么回答", "不知道啥意思": asked about the question, not shrugged at it.
ASKING = re.compile(r"怎么|咋|啥意思|什么意思|意思|问的|从哪|写什么|写啥|回答")
# A hint's clause that narrows the question ("想想放学后、假期里你会主动做的事").
NARROWS = re.compile(r"^(?:想想|留意|回想)")


def shrugged(text: str) -> bool:
    """Tell whether the message is a shrug at the question (not a refusal of us)."""
    core = re.sub(r"[\s，,。.!！?？~～…]+", "", text or "")
    if ASKING.search(core):  # "不知道怎么回答": a question about the question
        return False
    return bool(core) and (is_shrug(core) or bool(SHRUG.match(core)))


def _narrower(q: dict) -> str:
    """Return the hint clause that makes the question smaller, or ''."""
    for part in re.split(r"[；;。]", q.get("hint") or ""):
        part = part.strip().rstrip("，,")
        if NARROWS.match(part) and 6 <= len(part) <= 40:
            return part
    return ""


def their_line(answer: str) -> str:
    """Return the most concrete clause of a saved answer, verbatim, or ''."""
    if not answer or is_shrug(answer):
        return ""
    said = [c for c in spans(answer) if 6 <= len(c) <= QUOTE_MAX]
    vivid = span_of(answer, read(answer).vivid)
    return vivid or max(said, key=len, default="")


def way_in(t: Turn) -> Draft | None:
    """One narrower question or a frame for the question on screen; None if none."""
    q = t.ctx.question
    if not q:
        return None
    ref = q_ref(q) or "这一题"
    if written := their_line(t.ctx.draft):  # answered already: their words, not a
        return Draft(  # smaller question they have long got past (review T14)
            combos(
                [
                    [
                        f"{ref}你已经写了「{written}」。",
                        f"你在{ref}写过「{written}」。",
                    ],
                    [
                        "想再补一句它在哪件事上帮过你，还是先看下一题？",
                        "要接着补一句，还是先歇会儿、换下一题？",
                    ],
                ],
                t.seed,
            )
        )
    qid = str(q.get("id") or "")
    narrower, frame = SMALLER.get(qid) or (
        SYNTHESIS if qid.startswith("C") else (_narrower(q), "")
    )
    writes = re.search(r"写|填|编", t.ctx.text or "")
    lead = (
        [f"答案得从你那儿来，我替你写就不是你的了；不过可以把{ref}变小一点。"]
        if writes
        else [
            f"没想过很正常，{ref}本来就不好答，我们把它变小一点。",
            f"想不出来没关系，{ref}换个小入口。",
        ]
    )
    ways = []
    if narrower:
        ways.append(f"换个小问法：{narrower}。")
    if frame:
        ways.append(f"{'或者' if narrower else ''}只补完这一句也行：{frame}。")
    if not ways:
        return None
    return Draft(
        combos(
            [
                lead,
                ["".join(ways)],
                ["第一个冒出来的是什么？", "哪怕只有几个字，你会填什么？"],
            ],
            t.seed,
        ),
        pending={
            "why": f"因为{ref}整个答起来太大，先从一个小角落进去更容易。",
            "more": ways[-1],
        },
    )
