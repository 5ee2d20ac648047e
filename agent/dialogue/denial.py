"""What the person denied: the coach never builds on it again (Coach 3 §3).

"我一个大老爷们，没哭过啊" after a question about a moment that made the eyes
sting denies what the question took for granted. The next reply says so, drops
it, and no later reply asks "那一刻让你掉眼泪的…". Only a denial of something
the coach itself said counts (a story's "没得选" is content, not pushback); the
words are matched through a fixed lexicon of kin words, so 眼眶发酸 in the
coach's line and 没哭过 in theirs are the same thing.
"""

from __future__ import annotations

import re

# Kin words: each group is a feeling or an event a reply may take for granted.
# The first word names the group in the dialogue state. Likes and strengths are
# left out on purpose: "我不喜欢画画，我喜欢写" is content, not a denial; so are
# tiredness and stress: "哪有什么压力" may hide them, and care comes first.
KIN = (
    ("哭", "哭", "掉眼泪", "流泪", "落泪", "眼泪", "眼眶", "泪"),
    ("生气", "生气", "愤怒", "火大", "发火", "气愤", "恼火", "火冒三丈", "气得"),
    ("感动", "感动", "触动", "动情"),
    ("害怕", "害怕", "恐惧"),
    ("后悔", "后悔", "遗憾"),
    ("孤独", "孤独", "寂寞"),
    ("委屈", "委屈"),
    ("紧张", "紧张", "焦虑"),
)
# "没哭过", "从来不生气", "哪有什么压力", "没掉过眼泪": a negator, a few
# softeners, then the thing within a few characters of the same clause.
NEGATOR = re.compile(
    r"(?:从来|从|根本|压根儿?|一次都|也|都|并|哪)?"
    r"(?:没有?|不曾|未曾|从不|不是|不|哪有|哪来的?)"
    r"(?:怎么|真的?|什么|啥|太|那么|这么)?"
)
NEAR = 6  # characters after the negator, within its clause, that may hold the word
# A reply that says the denied thing with its own negation is honouring it
# ("不用真掉眼泪"), not presupposing it.
HONOURED = re.compile(
    r"(?:不|没|别|无需|不用|不必|未必|不一定|用不着|哪怕没)[^，。！？]{0,4}$"
)


def group_of(word: str) -> tuple[str, ...]:
    """Return the kin group holding ``word`` (its first word is its name), or ()."""
    return next((g for g in KIN if word in g[1:] or word == g[0]), ())


def _words(group: tuple[str, ...]) -> tuple[str, ...]:
    return group[1:]


def denied_in(text: str) -> list[str]:
    """Return the kin groups ``text`` negates ("没哭过啊" → ["哭"]), by name."""
    found: list[str] = []
    for m in NEGATOR.finditer(text or ""):
        if not m.group(0) or re.search(
            "[不没]", (text or "")[max(0, m.start() - 3) : m.start()]
        ):
            continue  # "没有人不哭": the second negation undoes the first
        near = re.split(r"[，,。！？!?；;…]", (text or "")[m.end() : m.end() + NEAR])[0]
        if near[:1] in ("不", "没"):
            continue  # "没有不累的": a double negation says it is so
        near = re.sub(r"[过了]", "", near)  # "没生过气", "没流过泪"
        for group in KIN:
            at = min((near.find(w) for w in _words(group) if w in near), default=-1)
            # "没有人不哭吧": a second negation before the word says it is so.
            if at >= 0 and not re.search("[不没]", near[:at]) and group[0] not in found:
                found.append(group[0])
    return found


def mentions(text: str, name: str) -> bool:
    """Return whether ``text`` says the group's thing without negating it.

    Words inside 「」 or “” are someone's own words quoted, not the coach's
    claim; a word just after 不用 / 不一定 honours the denial.
    """
    group = group_of(name)
    plain = re.sub(r"「[^」]*」|“[^”]*”", "", text or "")
    for word in _words(group):
        for m in re.finditer(re.escape(word), plain):
            if not HONOURED.search(plain[: m.start()]):
                return True
    return False


def pushed_back(text: str, last_reply: str) -> list[str]:
    """Return what ``text`` denies that the coach's ``last_reply`` took for granted."""
    return [name for name in denied_in(text) if mentions(last_reply, name)]
