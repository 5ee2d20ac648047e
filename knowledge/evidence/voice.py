"""Whose voice a word is in: someone else's words, or a question.

"我妈总说钱最重要" names money, but as the mother's creed, not the person's;
"自由重要吗？" asks about freedom rather than claiming it. Both are closed
classes of grammar (who speaks, a verb of saying, a question mark or a final
"吗"), kept here like the clause marks, not in the editable lexicon. A word in
such a span is at most suspected; match.py decides for which categories (the
strengths questions ask what others say of you, and a question about a topic
still shows an interest).
"""

import re

# Someone other than the person: pronouns, family, people around them. The
# last character is enough ("我妈", "他妈妈", "周围的人" all end in one).
_SPEAKER = (
    "别人|他人|大家|人家|他们|她们|他|她|父母|爸妈|妈妈|爸爸|妈|爸|家里人|家里|家人|"
    "长辈|老人|老师|亲戚|朋友|同事|同学|领导|老板|上司|网上|社会|人们|有人|"
    "很多人|不少人|所有人|的人|奶奶|爷爷|外婆|外公|姥姥|姥爷|哥哥|姐姐|哥|姐|"
    "老公|老婆|对象|舅舅|姑姑|阿姨|叔叔"
)
# Adverbs between the speaker and the verb ("我妈从小就总说").
_ADVERBS = (
    "(?:总是|总|老是|老|常常|常|经常|一直|从小就|从小|都|也|就|又|"
    "天天|整天|成天|每天|反复|一再|还|只)"
)
# Verbs of saying or believing: what follows is the speaker's view. Not the
# set phrases that only start with "说" ("说话", "说到做到", "说了算"...).
_OPINION = (
    "说(?!话|明|服|谎|不|出|起|到|了算|一套|过话)|讲(?!话|究|道理|课)|"
    "觉得|认为|以为|相信|念叨|叮嘱|嘱咐|告诫|强调|教导|信奉|希望"
)
# Verbs that tell the person what to do: what follows is wanted of them.
_DIRECTIVE = (
    "(?:让|要|叫|逼|劝|催|教|教育|教导|告诉|告诫|叮嘱|嘱咐|提醒|"
    "希望|要求|指望|盼着|安排)我"
)
_REPORTED = re.compile(
    rf"(?:{_SPEAKER}){_ADVERBS}{{0,3}}(?:{_DIRECTIVE}|(?:{_OPINION})(?!我))"
    r"|(?:听说|据说|俗话说|老话说|常言道|人们常说)"
)
# A speaker inside the person's own wish is theirs: "希望有人说：这个人真诚".
_WISH = ("希望", "想让", "但愿", "盼")
# A clause that only opens the quote ("我妈说：", "他们总说“…”").
_OPENERS = ":：“”\"'‘’「」『』 "
_MARKS = _OPENERS + ",，、"


def _clause_start(clause: list[int], i: int) -> int:
    while i > 0 and clause[i - 1] == clause[i]:
        i -= 1
    return i


def _clause_end(clause: list[int], i: int) -> int:
    """Return the index after the clause holding i (i itself at the end)."""
    if i >= len(clause):
        return i
    c = clause[i]
    while i < len(clause) and clause[i] == c:
        i += 1
    return i


def reported_spans(folded: str, clause: list[int]) -> list[tuple[int, int]]:
    """Return the [start, end) spans that are someone else's words.

    The span runs from the verb to the end of its clause; a verb that ends its
    clause ("我妈说：", "大家都说，") reports the next clause instead. Speech
    about the person ("同事说我很有耐心") is not reported: it describes them.
    """
    spans = []
    for m in _REPORTED.finditer(folded):
        opened = _clause_start(clause, m.start())
        if any(w in folded[opened : m.start()] for w in _WISH):
            continue
        start = m.end()
        end = _clause_end(clause, start)
        if not folded[start:end].strip(_OPENERS):
            following = end
            while following < len(folded) and folded[following] in _MARKS:
                following += 1
            end = _clause_end(clause, following)
        spans.append((start, end))
    return spans


# A sentence is a question when it ends in a question mark or a final "吗".
_QUESTION_END = re.compile(r"(\?|吗)[\s.~。]*$")
SENTENCE_ENDS = frozenset(".;!?。\n")


def question_spans(folded: str) -> list[tuple[int, int]]:
    """Return the [start, end) spans of the sentences that ask."""
    spans, start = [], 0
    for i, ch in enumerate(folded + "\n"):
        if ch in SENTENCE_ENDS:
            if _QUESTION_END.search(folded[start : i + 1]):
                spans.append((start, i + 1))
            start = i + 1
    return spans
