"""Chinese typed as toneless pinyin ("kan dao jiu hui hen sheng qi").

It is Chinese, not English: the reply is in Chinese. The coach cannot read
pinyin back into characters, so it keeps their words as typed and offers the
few words it does recognise as a question ("「sheng qi」是「生气」吗"), never
as a reading of the whole message.
"""

from __future__ import annotations

import re

INITIALS = "zh ch sh b p m f d t n l g k h j q x r z c s y w".split()
FINALS = (
    "a o e i u v ai ei ui ao ou iu ie ve er an en in un vn ang eng ing ong "
    "ia iao ian iang iong ua uo uai uan uang ue"
).split()
ALONE = frozenset("a o e ai ei ao ou an en ang eng er".split())
SYLLABLES = ALONE | {i + f for i in INITIALS for f in FINALS}
LONGEST = max(map(len, SYLLABLES))
MIN_WORDS = 5  # "wo xian zai…": a sentence, not "hi ok"
# Words a workbook answer turns on, as typed without tones: offered, not read.
KNOWN = {
    "sheng qi": "生气",
    "tao yan": "讨厌",
    "xi huan": "喜欢",
    "kai xin": "开心",
    "gan dong": "感动",
    "nan guo": "难过",
    "zun zhong": "尊重",
    "gong ping": "公平",
    "bang mang": "帮忙",
    "shou bu liao": "受不了",
    "zi you": "自由",
    "ze ren": "责任",
}


# Known words that fit "我会很……".
FEELINGS = frozenset("生气 开心 感动 难过".split())


def _splits(word: str) -> bool:
    """Tell whether ``word`` is one or more pinyin syllables run together."""
    if not word:
        return True
    return any(
        word[:n] in SYLLABLES and _splits(word[n:])
        for n in range(min(LONGEST, len(word)), 0, -1)
    )


def looks_pinyin(text: str) -> bool:
    """Tell whether the message is Chinese typed as pinyin, not English."""
    if re.search(r"[\u4e00-\u9fff]", text):
        return False
    words = re.findall(r"[a-zA-Z]+", text.casefold())
    if len(words) < MIN_WORDS:
        return False
    good = sum(_splits(w) for w in words)
    return good >= 0.9 * len(words) and any(w in ("wo", "de", "shi") for w in words)


def known_words(text: str) -> list[tuple[str, str]]:
    """Return (pinyin as typed, characters) for the words we recognise, in order."""
    flat = " ".join(re.findall(r"[a-zA-Z]+", text.casefold()))
    found = []
    for typed, chars in KNOWN.items():
        if m := re.search(rf"(?<![a-z]){typed}(?![a-z])", flat):
            found.append((m.start(), typed, chars))
    return [(typed, chars) for _, typed, chars in sorted(found)]
