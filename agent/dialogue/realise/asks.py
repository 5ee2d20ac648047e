"""What a written answer still lacks, as one question to ask about it.

Used by the nudges (and their suggestion chips): finish a hanging sentence,
choose between real alternatives, the entry the words name, what the words
point at (a person, a scolded habit, who asks them for help), the half of the
question still open, then what a story of the step usually lacks.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import is_shrug, person_named, read
from agent.dialogue.realise.phrases import QWORD, cell, dig
from agent.dialogue.signals import GRIEF

TRAIT = re.compile(
    r"(?:很|特别|非常|超级?|挺|太|真)([\u4e00-\u9fff]{2,4}?)(?:[，。！？\s]|$)"
)


def _trait(answer: str) -> str:
    m = TRAIT.search(answer + "。")
    return m.group(1) if m else ""


def someone_else(answer: str) -> bool:
    """Tell whether the answer is about someone else doing it ("同事做PPT太慢")."""
    who = person_named(answer)
    return bool(who) and bool(
        re.match(rf"(?:每次)?(?:看|看到|看着)?(?:我)?(?:的|们)?{who}", answer)
    )


def _unfinished(answer: str) -> list[str]:
    """Return the ask that finishes a sentence the person left hanging."""
    text = re.sub(r"[\s。，,.…！!？?]+$", "", answer)
    m = DANGLING.search(text)
    if not m:
        return []
    if m.group(1):  # "我妈老说我" → what does she say
        who = person_named(text) or ("别人" if "别人" in text else "他们")
        return [f"{who}{m.group(1)}你什么？把那句话写下来。"]
    return [f"「{m.group(2)}」后面还想写什么？把这句写完。"]


def _torn(answer: str) -> list[str]:
    """Return the ask for an answer torn between short options ("环保？贫困？")."""
    if not re.search(r"[？?、/]|还是|或者", answer):
        return []  # a comma joins clauses of one thought, not options
    items = [i for i in re.split(r"[？?、/，,\s]|还是|或者", answer) if i]
    options = [
        i
        for i in items
        if 1 < len(i) <= 6 and not is_shrug(i) and not re.match(r"但|可|我|就|所以", i)
    ]
    if len(options) < 2 or len(options) < len(items) - 1:
        return []
    a, b = options[:2]
    return [f"「{a}」和「{b}」，哪一个你更放不下？先写那一个。"]


def _row_ask(row: dict | None) -> list[str]:
    """Return a question grounded in the entry the answer named, if any.

    The person may have named it by an alias ("做表格" for 「整理秩序」): then
    their word is quoted and the entry offered as a guess, not put in their mouth.
    """
    if not row:
        return []
    name, kind = row.get("name", ""), row.get("category")
    said = row.get("surface") or name
    if kind == "interests" and dig(row):
        return [dig(row)]
    if kind == "values" and row.get("definition"):
        lead = f"「{name}」对你来说" if said == name else f"你写的「{said}」"
        return [f"{lead}，是{cell(row['definition'])}吗，还是别的意思？"]
    if kind == "strengths" and row.get("definition"):
        lead = "这" if said == name else f"「{said}」"
        return [
            f"{lead}听起来像「{name}」：{cell(row['definition'])}。在你身上是什么样子？"
        ]
    return []


# A loss or a hurt: the nudge slows down instead of praising "a good start".
HEAVY = re.compile(
    r"去世|过世|病逝|离开了?我们|葬礼|住院|生病|病重|离婚|分手|哭|" + GRIEF.pattern
)
# An answer that stops mid-sentence ("小时候我妈老说我", "心理学或者").
DANGLING = re.compile(
    r"(说|嫌|骂|夸|念叨)我$|(或者|还有|因为|但是|可是|所以|觉得|就是|比如|以及|和|跟)$"
)


def _bigrams(text: str) -> set[str]:
    return {text[i : i + 2] for i in range(len(text) - 1)}


def question_asks(text: str, answer: str) -> list[str]:
    """Return the part of the question a short answer has likely not reached.

    Workbook questions often ask two things ("哪段经历……？当时是什么在支撑你？"):
    the part the answer shares fewest words with is the follow-up. A question
    whose only asking clause comes after a set-up ("回想一次选择，你按什么标准
    决定？") asks that clause; a one-clause question has nothing left to ask.
    """
    text = text.replace("“", "「").replace("”", "」")
    parts = [c.strip() for c in re.split(r"[，,？?；]", text) if c.strip()]
    # A word inside quotes is what someone says, not what the question asks.
    asking = [i for i, c in enumerate(parts) if QWORD.search(re.sub("「.*?」", "", c))]
    said = _bigrams(answer)
    if len(asking) > 1:  # the part least shared with the answer, the later on a tie
        i = min(asking, key=lambda k: (len(_bigrams(parts[k]) & said), -k))
        lead = "题目的另一半也想想："
    elif asking and asking[0] > 0 and _a_task(parts[: asking[0]]):
        i, lead = asking[0], "再往下想一步："
    else:
        return []
    clause = parts[i]
    if i - 1 > asking[0] and not QWORD.search(parts[i - 1]):  # "反过来看，它……"
        clause = f"{parts[i - 1]}，{clause}"
    return [f"{lead}{clause}？"]


def _a_task(setup: list[str]) -> bool:
    """Tell whether a question's set-up is a scene the answer would describe.

    "回想一次重要的选择" and "状态最好的一段时间" are: the answer tells the
    scene, and the asking clause is still open. "小时候" or "很多年以后" only
    frame the question, which a short answer has already answered.
    """
    joined = "，".join(setup)
    return joined.startswith(("回想", "回忆", "想想", "想一想")) or joined.endswith(
        ("一段时间", "的时候", "那一刻")
    )


def asks(
    step: str, answer: str, row: dict | None = None, question: str = ""
) -> list[str]:
    """Return the follow-up questions this answer needs, the most fitting first.

    In order: the entry their words named, what their own words point at (a
    person, a scolded habit, who asks them for help), the part of the question
    still open, then what a story of this step usually lacks.
    """
    said = read(answer)
    out = _unfinished(answer) or _torn(answer) or _row_ask(row)
    own: list[str] = []
    if HEAVY.search(answer):  # not "why does it matter", not an entry of ours
        return out[:1] or [
            "那一刻，你心里最放不下的是什么？",
            "现在回头看，那一刻让你看见自己在意的是什么？",
        ]
    if step == "values_exploration":
        who, trait = person_named(answer), _trait(answer)
        if who and not said.has_scene:
            what = f"{who}的{trait}" if trait else f"{who}身上打动你的地方"
            own += [
                f"{what}，是哪一件事让你看见的？",
                f"{who}做过的哪件事，你到现在还记得？",
            ]
        generic = (
            ["那件事为什么到现在还记得？", "那件事里，最打动你的是哪一点？"]
            if said.has_scene
            else ["这背后有一件具体的事吗？写写那个画面。", "它为什么对你这么重要？"]
        )
    elif step == "strengths_exploration":
        if said.scolded:
            own.append(
                f"试试翻过来：“正因为我{said.scolded}，所以……”，后半句会是什么？"
            )
        if someone_else(answer):  # "看我老公洗碗洗不干净": how would they do it
            own += ["换成你来做，你会怎么做？哪一步对你来说理所当然？"]
        if (who := person_named(answer)) and "找我" in answer:  # they told us who asks
            own += [
                f"为什么{who}偏偏找你，而不是别人？",
                f"{who}找你的时候，哪一步你几乎不用想？",
            ]
        generic = [
            "做这件事时，哪一步别人觉得难、你却很轻松？",
            "最近一次你这样做，是在什么场合？",
        ]
    elif step == "interests_exploration":
        generic = [
            "你最近一次主动去了解它，是看了、读了还是做了什么？",
            "它最吸引你的是哪一点？",
        ]
    else:
        generic = ["如果这周就试一次，最小的一步是什么？"]
    # The first tier that has anything is the choice; its items are variants.
    return out + own or question_asks(question, answer) or generic
