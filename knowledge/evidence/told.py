"""The words others used of the person, as S07 collects them.

S07 asks three people for one word each about the person's strengths: what
the answer quotes *is* a talent named, in the words it was said in ("老婆说
“有耐心”", "同事：细心；闺蜜：可靠"). Most of those words are no entry's
name or alias (讲得明白, 会读空气, 鬼点子多), so the matcher alone found one
of three and a top list said "没有直接点名" (coach_blind32 and 33 reviews).
They are kept as written: never mapped to an entry here.
"""

from __future__ import annotations

import re

TOLD_QUESTIONS = ("S07",)
_QUOTED = re.compile(r"[“\"'‘「]([^”\"'’」\n]{1,16})[”\"'’」]")
# "同事：细心；老公：死心眼（他说这也算长处）": the word after each colon.
_AFTER_COLON = re.compile(r"[:：]\s*([^；;，,。、\n（(]{1,16})")
# "说我能扛事" with no quotes: the words after 说(我).
_AFTER_SAID = re.compile(r"说(?:我|你)?(?:是)?([^，,；;。、\n（(“\"'‘「]{2,8})")
_PIECES = re.compile(r"[、，,；;/\n]+")
_TAIL = re.compile(r"(?:哈+|呵+|嘿+|啊|吧|呗|呢|嘛|😂|🤣|~+|～+|！+|!+|。+|\s)+$")
MAX_WORDS = 3  # the question asks three people
# Not asked yet, or nothing said: no word of theirs.
_NOTHING = re.compile(
    r"^(?:不知道|不清楚|没有|没问|还没问|没想好|想不出|不记得|忘了|空着|暂无|无|略|没人说)"
)


# Doubted by the person ("朋友说我心细，我也不知道算不算", "…我觉得一般吧"):
# the matcher keeps such words a suspicion (tests/knowledge), and so does this.
_DOUBTED = re.compile(
    r"不知道算不算|不知道是不是|不确定|不太确定|我不(?:太)?(?:觉得|认同|同意|认)|"
    r"(?:我)?觉得一般|不见得|才怪|哪有|客气话|瞎说"
)


def _nothing_said(text: str) -> bool:
    return bool(_NOTHING.match(text.strip()))


def _clean(word: str) -> str:
    return _TAIL.sub("", word.strip()).strip(" ：:，,")


def _usable(word: str) -> bool:
    if not word or _nothing_said(word) or re.fullmatch(r"[\d\W_]+", word):
        return False
    latin = re.fullmatch(r"[A-Za-z][A-Za-z '\-]*", word)
    return len(word) >= (3 if latin else 2) and len(word) <= 16


def told_words(answers: dict[str, str]) -> list[tuple[str, str]]:
    """Return (question id, word) for the words others used of them, in order."""
    out: list[tuple[str, str]] = []
    for qid in TOLD_QUESTIONS:
        text = (answers.get(qid) or "").strip()
        if not text or _nothing_said(text) or _DOUBTED.search(text):
            continue
        # An aside is no word of theirs: "死心眼（他说这也算长处）".
        text = re.sub(r"[（(][^）)]*[）)]", "，", text)
        # Quoted, after a colon, after 说: whichever way each was written
        # ("老婆说'能说'，哥们说敢拼"), in the order written.
        spans = sorted(
            (m.start(1), m.end(1), m.group(1))
            for rx in (_QUOTED, _AFTER_COLON, _AFTER_SAID)
            for m in rx.finditer(text)
        )
        found, end = [], -1
        for start, stop, word in spans:
            if start >= end:  # a span inside one taken is the same word
                found.append(word)
                end = stop
        if not found:  # "能说、敢拼、仗义": the words alone
            found = [p for p in _PIECES.split(text) if len(p.strip()) <= 8]
        words = [w for w in (_clean(x) for x in found) if _usable(w)]
        out += [(qid, w) for w in dict.fromkeys(words)][:MAX_WORDS]
    return out


def renamed(question_id: str, surface: str, told: list[tuple[str, str]]) -> bool:
    """Return whether a matcher hit is one of ``told``'s words again, renamed.

    「观察入微」 read from "胆大心细" in S07 is their word under our name: the
    coach's top list and the results page show the word, not the entry.
    """
    return question_id in TOLD_QUESTIONS and any(
        surface and surface in w for _, w in told
    )
