"""Which workbook question a message asks about: "S03", "第5题", "这题" (Coach 3 §7).

"第5题" counts within the step on screen (in the values step it is V05); an
explicit id ("S03") wins over both the number and the question in focus.
Only a message that asks what a question means, how to answer it or for an
example of it is read here: "第5题我写完了" is not a question about question 5.
"""

from __future__ import annotations

import re

from agent.dialogue.entities import ORDINALS
from knowledge import selectors as kb

QUESTION_ID = re.compile(r"(?<![A-Za-z0-9])([VSPCvspc])\s?0?([1-9])(?![0-9])")
CN_DIGITS = {k: v for k, v in ORDINALS.items() if not k.isdigit()} | dict(
    zip("六七八九", range(6, 10), strict=True)
)
NUMBERED = re.compile(
    r"第\s*([1-9]\d?|十[一二三四五六七八九]?|[一二两三四五六七八九])\s*"
    r"(?:(?:个|道)?\s*(?:问题|题)|道(?!理))"
)
THIS_ONE = re.compile(r"这个?问题|这道?题|这个题|这一题|此题|本题|上面这题")
# Asking what it means, or how to answer it, or for an example of it.
MEANING = re.compile(
    r"什么意思|啥意思|是指|指的是|意思是|怎么理解|看不懂|没看懂|读不懂|不懂|不明白|"
    r"在问什么|问的是|问什么|问啥|想问|换个说法|换种说法|换个角度|说人话|"
    # What answer it wants ("是要写具体的事，还是写个词就行", "一定要写名人吗",
    # "就是让我干啥", coach_blind17)
    r"是要写.{0,12}还是|一定要写|就是让我干|让我干啥|写.{1,8}可以吗|能写.{1,8}吗|"
    # "社会最缺啥，这题我咋个写嘛" (coach_blind27): how to answer it, in dialect too
    r"(?:这|那)(?:道)?题.{0,4}(?:咋个|咋|怎么|如何)(?:写|答|整)"
)
ASKS = re.compile(
    MEANING.pattern
    + r"|怎么写|怎么答|怎么回答|咋个?写|咋个?答|从哪写|写什么|写啥|例子|举例|示例|范例"
)


# "第2题和第5题", "第1题第2题": a number within the step on screen.
STEP_NUMBER = re.compile(r"第\s*([1-9]|[一二两三四五六七八九])\s*题")
STEP_NUMBER_BARE = re.compile(
    r"(?:和|跟|与|、|还有)\s*(?:第)?\s*([1-9一二两三四五六七八九])\s*题"
)
# "V01到V09", "从S01到S07", "P01-P03" (coach_blind20): a range of one part.
ID_RANGE = re.compile(
    r"([VSPCvspc])0?([1-9])\s*(?:到|至|-|~|～|—|－)\s*(?:[VSPCvspc]|第)?0?([1-9])"
)
# "候选1和候选3", "第二个候选", "候选三" (coach_blind30): a candidate of step 4.
CANDIDATE = re.compile(
    r"候选\s*([1-5一二两三四五])(?![0-9])|第\s*([1-5一二两三四五])\s*个?候选"
)
STEP_PREFIX = {
    "values_exploration": "V",
    "strengths_exploration": "S",
    "interests_exploration": "P",
}


def ids_named(text: str, step: str = "") -> list[str]:
    """Return the question ids a message names, in order, each once.

    The one reader of ids in a message: "S03", "v3", "V01到V09" (every one
    between), "候选3" (C03) and, in a step with numbered questions, "第2题".
    """
    text = text or ""
    ids = []
    for m in ID_RANGE.finditer(text):
        low, high = sorted((int(m.group(2)), int(m.group(3))))
        ids += [f"{m.group(1).upper()}0{n}" for n in range(low, high + 1)]
    ids += [f"{m.group(1).upper()}0{m.group(2)}" for m in QUESTION_ID.finditer(text)]
    ids += [f"C0{_number(m.group(1) or m.group(2))}" for m in CANDIDATE.finditer(text)]
    if prefix := STEP_PREFIX.get(step, ""):
        for pattern in (STEP_NUMBER, STEP_NUMBER_BARE):
            ids += [f"{prefix}0{_number(m.group(1))}" for m in pattern.finditer(text)]
    return list(dict.fromkeys(ids))


def _number(token: str) -> int:
    if token.isdigit():
        return int(token)
    if token.startswith("十"):  # "第十题", "第十二题": past every step's end
        return 10 + CN_DIGITS.get(token[1:], 0)
    return CN_DIGITS.get(token, 0)


def named_question(text: str, step: str) -> str | None:
    """Return the id of the question ``text`` names by id or number, if it exists."""
    text = text or ""
    if m := QUESTION_ID.search(text):
        qid = f"{m.group(1).upper()}0{m.group(2)}"
        if kb.question_get(question_id=qid) is not None:
            return qid
    if m := NUMBERED.search(text):
        questions = kb.questions_for_step(step=step)
        number = _number(m.group(1))
        if 1 <= number <= len(questions):
            return questions[number - 1].id
    return None


# "第十题是啥？我想先跳过去看看": asking for a question past the end.
PAST_END = re.compile(ASKS.pattern + r"|是啥|是什么|看看|跳")


def number_missing(text: str, step: str) -> tuple[int, int] | None:
    """Return (the number asked, how many the step has) for "第9题" past the end."""
    if not PAST_END.search(text or "") or QUESTION_ID.search(text or ""):
        return None
    if m := NUMBERED.search(text or ""):
        total = len(kb.questions_for_step(step=step))
        number = _number(m.group(1))
        if total and number > total:
            return number, total
    return None


def question_asked(
    text: str, step: str, focus: str, *, meaning_only: bool = False
) -> str | None:
    """Return the question a message asks about (meaning, how, an example), or None.

    ``focus`` is the question on screen: "这题什么意思" is about it. With
    ``meaning_only``, "这题" counts only when its meaning is asked: "别人一般
    怎么写这题" wants other people's examples, "这题什么意思" a rephrasing.
    """
    if not ASKS.search(text or ""):
        return None
    if named := named_question(text, step):
        return named
    if meaning_only and not MEANING.search(text):
        return None
    return focus or None if THIS_ONE.search(text) else None
