"""What a reply says about the person: only what their words support (Coach 3 §3–§5).

``quotes.repair`` makes every quote verbatim; this check makes the rest of the
reply honest, for the offline coach and a model alike. A sentence is dropped
when it
- quotes the person's request, question or doubt as if it were their content
  ("你已经说出了开头：“你说哪个外卖平台跑单更赚钱”"): a request says what
  they want from us, never who they are;
- states a trait as theirs with no quote behind it ("你在别人图快的地方，往往看
  得更仔细"): a generalisation about the person stands on their words, or is
  asked, or is about someone else ("有人…");
- takes for granted what they denied ("没哭过啊" → "那一刻让你掉眼泪的…").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent import quotes
from agent.dialogue import denial
from agent.dialogue.facts import HELP_ASKED, META, echoes_question

# "你…往往/总是/天生…": a claim about how the person generally is ("撑住你的
# 那个理由；理由往往…" is about the question, not them).
TRAIT = re.compile(
    r"你(?![的们])[^。！？；;「」“”]{0,12}?(?:往往|总是|总能|一向|向来|天生|骨子里|本来就|一直都|"
    r"比别人更|比一般人)(?!可以|能不能|会不会)"
)
# Said of someone else, asked, or offered as a possibility: not a claim.
NOT_A_CLAIM = re.compile(r"有人|比如|如果|要是|也许|可能|是不是|会不会|[？?]")


def _request_quoted(
    sentence: str, message: str, others: list[str], question: Iterable[str] = ()
) -> bool:
    """Return whether the sentence quotes the message's request or question.

    Saying it is their question ("「第二个呢」我对不上号") is honest: allowed.
    The workbook question's own words, said back in their message, count as
    the question too (``question``: its text and hint).
    """
    if NAMED_AS_ASKED.search(sentence):
        return False
    for span in quotes.quoted(sentence):
        if quotes.FRAME in span or not quotes.verbatim(span, [message]):
            continue
        if quotes.verbatim(span, others):
            continue  # also in their saved answers: their content
        if _asks_us(message, span) or echoes_question(span, question):
            return True
        if _state_as_content(span, sentence):
            return True  # "我脑子都是乱的" put into their answer: how they feel now
    return False


# The reply says the quote is what they asked, not who they are.
NAMED_AS_ASKED = re.compile(
    r"对不上号|没太抓准|没听懂|你问的|你问我|你想问|说的是哪个|怕猜错|没法确定你想|"
    r"按你说的|"  # their yardstick for a comparison, named as theirs (compare.py)
    r"那版里没有|"  # a line they ask to cut, said to be none of ours (edit.py)
    # lines of a list they pasted ("宿舍 能不能用 电煮锅" is a search, not an ask)
    r"的原料：|从你贴的"
)
# Words that make a clause a request to us or a question, not a statement.
TO_US = re.compile(
    HELP_ASKED + r"|请你|你能|你说(?![得的过])|你觉得|能不能|可不可以|你替我|"
    # "从我写的里挑三个…吧": a task for us over their answers
    r"从我写的|我写的(?:里|这些)|[挑选列][出]?[一二三四五六两几\d]+[个条样]|"
    # An edit or a condition put to us ("把重点放在'装瞎'上再改一版", "要跟我自己
    # 情况有关的", "懒得写三遍"): about the task, never their story (coach_blind15)
    r"再改|改一版|改一下|给我列|帮我列|要跟我|懒得写|按这个|再调|别让我|"
    # The question's own words, or their reading of it ("题目后面说“…”", "是指
    # 学生说"): about the question, never their story (coach_blind15 reading)
    r"题目(?:后面|里|上)?说|这道?题(?:问|是问)|是指|我试着写了"
)
# Their state of mind in the chat ("我脑子都是乱的", "我也不知道"): a short
# clause like this says how the conversation feels, never what they answer.
STATE = re.compile(
    r"脑子.{0,4}(?:乱|浆糊|懵|空)|乱糟糟|一团乱|没头绪|懵了|头都大了|头大|"
    r"^我?(?:也|真|实在)?(?:不知道|想不出来?|没想法|说不上来)"
)
STATE_MAX = 10
# The sentence makes the quote an answer ("开头", "放进第1题"); hearing it
# ("你说“脑子一片空白”，我听到了") is fine.
AS_CONTENT = re.compile(
    r"开头|起了头|放进|写进|存进|贴进|填进|答案|线索|这一句就是|写起"
)
QUESTION = re.compile(r"哪|什么|啥|怎么|为什么|为啥|吗|几|谁|多少|是不是|能不能|你")


def _state_as_content(span: str, sentence: str) -> bool:
    """Return whether a state of mind of theirs is offered as their answer."""
    short = len(span) <= STATE_MAX
    return short and bool(STATE.search(span) and AS_CONTENT.search(sentence))


def _asks_us(message: str, span: str) -> bool:
    """Return whether ``span`` of ``message`` asks us something or is about the task.

    Stricter than ``facts.asks`` at one point: a clause ending in a particle
    ("两个娃呢") is their situation, unless a question mark follows it.
    """
    at = message.find(span)
    after = message[at + len(span) : at + len(span) + 1] if at >= 0 else ""
    questioned = after in ("?", "？") and bool(QUESTION.search(span))
    return bool(TO_US.search(span) or META.search(span)) or questioned


def _claims_trait(sentence: str) -> bool:
    """Return whether the sentence asserts a trait with nothing quoted behind it."""
    if "「" in sentence or "“" in sentence or NOT_A_CLAIM.search(sentence):
        return False
    return bool(TRAIT.search(sentence))


def _presumes(sentence: str, denied: Iterable[str], exempt: Iterable[str]) -> bool:
    """Return whether the sentence takes a denied thing for granted.

    The workbook's own question (``exempt``) may name it: quoting the question
    is not the coach's claim.
    """
    plain = sentence
    for text in exempt:
        for part in re.split(r"[，,。？?、]", text or ""):
            if len(part) >= 4:
                plain = plain.replace(part, "")
    return any(denial.mentions(plain, name) for name in denied)


def check(
    text: str,
    *,
    message: str,
    sources: Iterable[str],
    denied: Iterable[str] = (),
    exempt: Iterable[str] = (),
) -> tuple[str, int]:
    """Return the reply with every unsupported sentence dropped, and how many.

    ``sources`` are the person's saved answers and profile (a span there is
    their content even if this message asks about it); ``denied`` names the
    kin groups they denied this session (``denial``). A reply left with nothing
    says it wants to be sure instead.
    """
    others, denied = [s for s in sources if s], list(denied)
    kept, dropped = [], 0
    for sentence in quotes.SENTENCE.findall(text or ""):
        if (
            _request_quoted(sentence, message, others, exempt)
            or _claims_trait(sentence)
            or (denied and _presumes(sentence, denied, exempt))
        ):
            dropped += 1
        else:
            kept.append(sentence)
    if not dropped:
        return text, 0
    out = "".join(kept).strip()
    return (out if re.search(r"[\u4e00-\u9fff]", out) else quotes.SAFE_LINE), dropped
