"""What comes back across their answers: "你看看里面哪些东西老是反复出现".

"反复出现" is said only where two answers or more support it (Coach 3 §4):
a knowledge entry their words name in two questions, or a word of their own
written in two answers. Each is shown with where it was written, in their
words. When nothing comes back, that is said plainly; nothing is made up.
"""

from __future__ import annotations

import re
from collections import defaultdict

import jieba

from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, number, short, telling, usable
from agent.dialogue.realise.tasks import named_ids
from knowledge.evidence import evidence_find

SHOWN_MAX = 3  # things that come back, each with two places: 200 characters
# Words everyone writes in any answer: their coming back says nothing.
COMMON = frozenset(
    "我们 自己 时候 觉得 感觉 喜欢 一个 什么 没有 因为 所以 就是 但是 现在 很多 可以 "
    "这个 那个 这样 那样 还是 已经 一直 特别 非常 比较 真的 知道 不是 时间 事情 东西 "
    "他们 她们 别人 大家 一下 一点 一些 有点 然后 后来 以前 开始 最后 能够 应该 "
    "不会 不能 不想 想要 看到 做事 工作 事儿 一次 每次 每天 的话 起来 出来 怎么 "
    "为了 如果 虽然 只是 还有 而且 或者 其实 可能 好像 当时".split()
)
PARTS = {
    "values": re.compile(r"价值观|重要的事|看重|在意"),
    "strengths": re.compile(r"才能|擅长|本事|长处"),
    "interests": re.compile(r"喜欢的事|兴趣|热情|领域|喜欢的"),
}


def _scope(t: Turn) -> dict[str, str]:
    """Return the answers asked about: those named, a part named, or all of them."""
    answers = {
        q: a
        for q, a in (t.ctx.answers or {}).items()
        if q[:1] in PART_OF and a.strip() and not is_shrug(a)
    }
    if ids := [q for q in named_ids(t) if q in answers]:
        return {q: answers[q] for q in ids}
    for category, words in PARTS.items():
        if words.search(t.ctx.text):
            mine = {q: a for q, a in answers.items() if PART_OF[q[:1]] == category}
            return mine or answers
    return answers


def _entries(answers: dict[str, str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Return entries their words name in two answers or more, with the quotes."""
    seen: dict[str, dict[str, str]] = defaultdict(dict)
    names: dict[str, str] = {}
    for e in evidence_find(answers=answers):
        if e.strength == "named" and usable(e):
            names[e.entry_id] = e.name
            seen[e.entry_id].setdefault(e.question_id, short(e.quote, e.surface, 10))
    return [
        (names[k], sorted(places.items()))
        for k, places in seen.items()
        if len(places) >= 2
    ]


def _words(answers: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Return words of theirs (two Chinese characters or more) in two answers."""
    where: dict[str, set[str]] = defaultdict(set)
    for qid, answer in answers.items():
        for word in dict.fromkeys(jieba.lcut(answer)):  # ordered: reruns read alike
            if (
                len(word) >= 2
                and re.fullmatch(r"[\u4e00-\u9fff]+", word)
                and word not in COMMON
            ):
                where[word].add(qid)
    found = [(w, sorted(qs)) for w, qs in where.items() if len(qs) >= 2]
    found.sort(key=lambda x: (-len(x[1]), -len(x[0]), x[1], x[0]))
    kept: list[tuple[str, list[str]]] = []
    for word, qids in found:  # "修车" and "修车铺": the longer says it
        if not any(word in k or k in word for k, _ in kept):
            kept.append((word, qids))
    return kept


def _at(qid: str) -> str:
    return f"第{number(qid)}题"


def repeats(t: Turn) -> Draft:
    """Return what comes back in two answers or more, or say that nothing does."""
    answers = _scope(t)
    if len(answers) < 2:
        return Draft(
            [
                [
                    "要看什么反复出现，至少得有两题写了内容；现在写下的还不够两题，我不硬凑。",
                    "先再写一题，我再帮你对一遍？",
                ]
            ]
        )
    lines: list[str] = []
    shown: set[str] = set()
    for name, places in _entries(answers):
        said = "，".join(f"{_at(q)}「{quote}」" for q, quote in places[:2])
        if said in shown or len(lines) >= SHOWN_MAX:
            continue  # two names on the same words ("写作与表达", "写下想法"): one
        shown.add(said)
        lines.append(f"「{name}」：{said}")
    named = " ".join(lines)
    for word, qids in _words(answers):
        if len(lines) >= SHOWN_MAX:
            break
        if word in named:
            continue
        lines.append(f"「{word}」这个词，{'和'.join(_at(q) for q in qids[:3])}都写了")
    if not lines and len(answers) == 2:
        # "第1题…跟第2题…是不是一回事": the two, side by side, theirs to judge
        said = "；".join(
            f"{_at(q)}你写「{telling(a, 14)}」" for q, a in sorted(answers.items())
        )
        return Draft(
            [
                [
                    f"这两题没有同一个词出现两次。放在一起看：{said}。",
                    "是不是一回事，你怎么看？",
                ]
            ]
        )
    if not lines:
        return Draft(
            [
                [
                    f"你写的{len(answers)}题我对了一遍，还没有哪个词、哪件事在两题里都出现，我不硬说有规律。",
                    "要不要先挑一题，我们把它写得更具体？",
                ]
            ]
        )
    return Draft(
        [
            [
                "在你写的答案里，出现不止一次的有：" + "；".join(lines) + "。",
                "这几处说的是同一件事吗？",
            ]
        ],
        rows=[],
    )


ACTS = {"repeats": repeats}
