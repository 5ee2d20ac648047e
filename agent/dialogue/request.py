"""A plain request read by its verb and what it points at (Coach 3 §2, §6).

The rules before this one know many phrasings; a request they do not know used
to end in the unsure menu ("我没把握你想让我做什么") or, worse, be quoted back
as the person's story ("你写到「帮我按那个改」"). Blind sets showed the same
asks again and again in new words: write me a version, cut it, say it simpler,
pick three, put two together, weigh two, what does it mean, is it enough. Such
a message names one of a few verbs and one of a few objects (their answer, what
they just told, our last reply, two options), so it is read that way here:
only when exactly one verb kind is asked for and its object is at hand, and
only for a message that was going to be abstained on or quoted as a story.
Anything else stays unsure, as before: precision over coverage.
"""

from __future__ import annotations

import re

from agent.dialogue.numbered import ids_named
from agent.dialogue.signals import BOTH_WANTED
from agent.dialogue.state import DialogueState
from agent.dialogue.tasks_route import EXPLAINING

# A request, not a statement: asked of us, or a question.
ASKED = re.compile(
    r"帮我|帮忙|给我|替我|你(?:来|就|直接|帮|给|再|把)|能不能|能否|可以.{0,6}吗|"
    r"[吗嘛呗唛][？?。！!]?$|[？?]|^(?:再|那|就|直接|说|讲|换|来)|吧[。！!]?$|"
    r"(?:点|些)(?:[，,。！!]|$)|(?:哪个|哪条|哪一个|呢)[。！!]?$|"
    r"(?i:\b(?:can|could|please|make|help|rewrite|shorten|pick)\b)|"
    # "V03也照这个思路改一下", "对对，就这个，再精简成一句话" (coach_blind31)
    r"一下[。！!]?$|(?:^|[，,。])再(?!也|不|说吧)|照(?:这个|着)"
)
# "can you help me make my S04 更 specific 一点? 现在写的太generic了": the ask
# first, the reason after it.
LEADS_WITH_ASK = re.compile(r"(?i:can|could|please|help)\b|帮我|你帮我|能不能|麻烦")
# Each kind: what the verb looks like. A message naming two kinds is left alone.
KINDS: dict[str, re.Pattern] = {
    # "说简单点", "说人话", "没看懂" (about what we said or the question)
    "simpler": re.compile(
        r"(?:说|讲|写)?得?(?:简单|通俗|直白|白话|明白)(?:一)?点|说人话|太绕|"
        r"脑子.{0,4}转不动|(?i:\bsimpler\b|plain words)"
    ),
    # "什么意思", "在问啥", "啥叫…"
    "meaning": re.compile(
        r"(?:啥|什么|甚么|咩)意思|在问(?:啥|什么)|问的是(?:啥|什么)|(?<!为)啥叫|什么叫|"
        r"没看懂|看不懂|没懂|不明白|(?i:\bwhat does\b.{0,20}\bmean)"
    ),
    # "挑出最重要的三个", "排个前五"
    "pick": re.compile(
        r"挑(?:出|个|几|[一两三四五1-5])|拎出|选出|排(?:个|出)?前|"
        r"前[两三四五2-5](?:个|条|名)|最(?:重要|核心|要紧|想[^，。]{0,4})的?[两三四五2-5]个|"
        r"(?i:\btop\s*[2-5]\b|\bpick\b)"
    ),
    # "揉成一句", "合并", "放一起"
    "merge": re.compile(
        r"揉|合成|合并|并成|拼成|连成|合在一起|放一起|放在一起|(?i:\bmerge\b)"
    ),
    # "比一比", "选哪个", "哪个更像我"
    "weigh": re.compile(
        r"比一比|比比|对比|比较一下|哪个(?:更|好|强|合适|靠谱|适合)|选哪个|二选一|"
        r"重新比|再比|比一次|"
        r"(?i:\bcompare\b|\bwhich one\b)"
    ),
    # "砍掉一半", "再短点", "三行以内"
    "cut": re.compile(
        r"砍|(?:改|写|弄|整)?(?:短|精简|简短)(?:一)?点|精简(?:成|到|一下)|太长|压缩|缩短|删掉一?半|"
        r"(?i:\bshorter\b|\bshorten\b)"
    ),
    # "给我一版", "帮我重新写", "顺一顺", "按那个改", "make it more specific"
    "write": re.compile(
        r"(?:写|改|整|弄|出)(?:一|个)?版|重新写|重写|写成|改(?:一)?改|改一下|怎么改|顺一顺|"
        r"顺一下|润色|按(?:那|这)个(?:改|写)|整理成|起个头|写具体|改具体|"
        r"帮我写|替我写|你(?:帮我|给我|来|就)写|"
        r"(?i:\brewrite\b|make it|\bspecific\b|sound like me)"
    ),
    # "最后一句“…”删掉": a line of the last version taken out
    "drop": re.compile(
        r"(?:那句|这句|那段|这段|一句|第.句).{0,24}(?:删掉|去掉|不要了|拿掉)|"
        r"(?:删掉|去掉|拿掉)(?:那句|这句|最后一句|那段)"
    ),
    # "总结成一段话", "归纳一下"
    "summary": re.compile(r"总结|汇总|概括|归纳"),
    # "还有别的吗", "换个例子"
    "more": re.compile(
        r"还有别的(?:吗|没|不)|换(?:一|几)?个例子|别的例子|再来(?:一|几|两)个"
    ),
    # "从哪一段写起", "怎么下笔"
    "start": re.compile(
        r"从哪(?:儿|里|一段|件事?|个)?(?:写起|开始写|下手|下笔)|怎么(?:开头|下笔)"
    ),
    # "这样行吗", "缺什么", "差在哪"
    "check": re.compile(
        r"(?:这样|这么写|这个|这条|写的)(?:行吗|行不行|可以吗|算吗|够吗|ok吗)|"
        r"缺(?:什么|啥|了啥)|差在哪|少了(?:啥|什么)|差点啥|(?i:\bis (?:it|this) ok\b)"
    ),
}
# What each kind becomes, by its object.
OURS = re.compile(r"你(?:刚才|说的|上面|那句)|上面那句|刚才那句|你这句|这句话")
ANSWER_REF = re.compile(r"我写的|答案|这条|那条|这题|这个题|第\s*\S\s*题")
TOLD_REF = re.compile(r"刚才(?:说|讲)的|那(?:次|件事|个)|按那个|按我说的|就写")
TOLD_MIN = 16  # an ask this long, pointing at a story, carries it
STORY_MIN = 40  # a message of theirs this long before the ask is a story told
STORY_ASK_MAX = 50  # a longer message is read as an ask only when it ends in one
ASK_TAIL = 24  # ...within its last characters
CHECK_MAX = 30  # "这样行吗" is asked briefly


# Writing that is not the workbook's ("帮我写段verse", "写封邮件"): not ours.
ELSEWHERE = re.compile(
    r"verse|rap|歌词|写诗|诗歌|小说|简历|周报|邮件|文案|作文|论文|情书", re.I
)
# "挑一个最省力的问题先写": a question picked, not their answers ranked.
PICK_QUESTION = re.compile(r"挑.{0,8}(?:题|问题)")
# "写成什么样才算合格": a question about the task, not the ask to do it.
DO_IT = re.compile(
    r"帮我|给我|替我|你(?:来|就|直接|帮|给|再|把|照|按)|按|照|重新|一版|起个头|"
    r"(?i:\b(?:can|could|please|make|help|rewrite)\b)"
)


def kind(text: str) -> str:
    """Return the one verb kind the message asks for, or ""."""
    if not ASKED.search(text) or ELSEWHERE.search(text):
        return ""

    found = [k for k, rx in KINDS.items() if rx.search(text)]
    # "说简单点" beside "没看懂" is one ask; "改短一点" is a cut, not a write.
    if set(found) == {"simpler", "meaning"}:
        return "simpler"
    if set(found) == {"cut", "write"}:
        return "cut"
    if set(found) == {"cut", "summary"}:
        return "summary"  # "总结成一段话…不要太长": a short summary
    return found[0] if len(found) == 1 else ""


def _at_end(text: str, k: str) -> bool:
    """Tell whether the ask closes the message (a story may use its words)."""
    return (
        len(text) <= STORY_ASK_MAX
        or bool(KINDS[k].search(text[-ASK_TAIL:]))
        or bool(LEADS_WITH_ASK.match(text) and KINDS[k].search(text[:STORY_ASK_MAX]))
    )


def _ids(text: str) -> set[str]:
    """Return the question ids the text names ("v3", "候选3") as "V03"."""
    return set(ids_named(text))


def _english(text: str) -> bool:
    """Tell whether the message is mostly in English letters."""
    return len(re.findall(r"[A-Za-z]", text)) > len(
        re.findall(r"[\u4e00-\u9fff]", text)
    )


def _has_answer(text: str, answers: dict, qid: str) -> bool:
    named = _ids(text)
    return any(answers.get(q) for q in named) or (bool(answers.get(qid)) and not named)


def _told(history: list[tuple[str, str]], text: str) -> bool:
    """Did they tell something to write from, here or just before?"""
    before = [x for r, x in history if r == "user" and x != text][-2:]
    # "…我想学木工，可又怕别人笑我。你帮我写写看": told in the ask's other sentences
    beside = "".join(
        x for x in re.findall(r"[^。！!？?]+", text) if not KINDS["write"].search(x)
    )
    return (
        any(len(x) >= STORY_MIN for x in before)
        or bool(TOLD_REF.search(text) and len(text) >= TOLD_MIN * 2)
        or len(beside) >= TOLD_MIN
    )


def route(
    text: str,
    *,
    history: list[tuple[str, str]],
    answers: dict,
    qid: str,
    d: DialogueState,
) -> str:
    """Return the intent a plain request asks for, or "" to stay as understood."""
    k = kind(text)
    if not k or not _at_end(text, k):
        return ""
    explained = d.last_act in EXPLAINING
    answered = _has_answer(text, answers, qid)
    if _english(text) and not answered:
        return ""  # mostly English with nothing saved: scope.py answers in English
    ids = _ids(text)
    if k == "simpler":
        if ANSWER_REF.search(text) or ids:
            return "concrete" if answered else ""
        return "plain" if explained else "question_help"
    if k == "meaning":
        if explained and OURS.search(text):
            return "plain"
        return "question_help"
    if k == "summary":
        return "summary" if sum(bool(a) for a in answers.values()) >= 2 else ""
    if k == "pick":
        if PICK_QUESTION.search(text):
            return ""
        return "top" if sum(bool(a) for a in answers.values()) >= 2 else ""
    if k == "merge":
        return "together" if len(ids) >= 2 else ""
    if k == "weigh":
        last = next((x for r, x in reversed(history) if r == "user" and x != text), "")
        return "compare" if len(ids) >= 2 or BOTH_WANTED.search(last + text) else ""
    if k == "drop":
        return "concrete" if d.last_act == "concrete" or answered else ""
    if k == "cut":
        if d.last_act == "concrete" or answered:
            return "concrete"
        return "plain" if explained else ""
    if k == "write":
        if not DO_IT.search(text):
            return ""
        return "concrete" if answered or _told(history, text) else ""
    if k == "more":
        return "more" if d.last_act in ("examples", "more") else "examples"
    if k == "start":
        return "question_help"
    if k == "check":
        if len(text) > CHECK_MAX:
            return ""  # a story with "这个算吗" at its end: as understood before
        return "feedback" if answered else "counts"
    return ""
