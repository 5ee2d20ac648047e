"""Evidence from answers: the entries each answer names, with a verbatim quote."""

import re
from collections.abc import Iterable, Mapping

from knowledge.evidence.means import channel, scrolled_for, workplace
from knowledge.evidence.polarity import TURN_ASKED, hard_thing, turn_at
from knowledge.evidence.reading import Reading, fold, tokens_read
from knowledge.evidence.records import (
    CATEGORIES,
    CATEGORY_OF,
    Category,
    Evidence,
    Strength,
)
from knowledge.evidence.roles import job_title, person_noun, proper_name
from knowledge.evidence.takeback import taken_back
from knowledge.evidence.vocabulary import vocabulary_current
from knowledge.evidence.voice import ADMIRES

QUOTE_MAX = 40
SENTENCE_ENDS = frozenset("。！？!?；;\n…")
CLAUSE_ENDS = SENTENCE_ENDS | frozenset("，,、：:")
# Which readings only hint, per category. Someone else's words ("我妈总说钱最
# 重要") are their value, and what they push on the person ("爸妈让我学钢琴")
# or like themselves ("我老婆喜欢烘焙") is no passion of the person's; but the
# strengths questions ask what others say of you (S02, S04, S07), so there
# they count. A question ("自由重要吗？") claims no value or talent, while
# asking about a topic still shows an interest. An admired person's way of
# living is the point of V01 and V04, so their likings stay named for values.
DOUBTED_BY: dict[Category, tuple[str, ...]] = {
    "values": ("reported", "asked"),
    "strengths": ("asked",),
    "interests": ("reported", "theirs"),
}
# Someone else's trait or doing ("我同事特别上进", "我老婆天天聊做面包") is at
# most suspected: a named record needs the person as the subject. Except for
# values on the questions that ask about other people's ways (V01 whom you
# admire, V04 what you would inherit, V08 what you would like said of you),
# for passions on the question about the world's problems (P06: "我妈坐轮椅
# 以后我才发现…"), and for talents where those clauses speak of the person
# or report others' praise ("同事说我…", "大家都说氛围感拉满").
OTHERS_ASKED = frozenset({"V01", "V04", "V08", "P06"})
# The talents questions that ask what others say of you: only there do their
# words name ("同事都夸我手巧" on S04). Elsewhere ("…，大人都说我手巧" under
# S08, what you did as a child) they are a hint, as the convention says.
SAID_ASKED = frozenset({"S02", "S04", "S07"})
# Unless the person then says it too: "我老婆说我一门心思扎进去，确实是这样".
CONFIRMS = re.compile(
    r"确实|的确|我(?:也|自己)?(?:承认|认|这么觉得|也这么觉得)|没错|说得对"
)
# What angers the person (V05) and what the world lacks (V09): "有钱有关系就能
# 摆平一切" is the wrong complained of; money there names no value.
COMPLAINT_ASKED = frozenset({"V05", "V09"})
# "什么都只讲效率": what the world prizes and nothing else is complained of,
# on every question but the one about the world's problems (P06), where the
# problem named is the person's concern.
PROBLEMS_ASKED = frozenset({"P06"})
# What the world lacks (V09) and its problems (P06): "没人仗义执言" names
# what is missing, not a "no" of the person's (round 20).
LACK_ASKED = frozenset({"V09", "P06"})
# What you search (P03) and what you spend money or weekends on (P04): a
# search or a fee for someone else's need is theirs, not a passion.
SEARCH_ASKED = frozenset({"P03", "P04"})


def spans_match(
    *, text: str, question_id: str, categories: Iterable[Category] = CATEGORIES
) -> list[Evidence]:
    """Return the entries one answer names or hints at, in the order they appear.

    One record per entry: its strongest mention ("named" over "suspected"),
    the first of equals. Negated, shrugged-off and homonym mentions give none.

    Raises:
        ValueError: a category is not one of CATEGORIES (values, strengths,
            interests: the knowledge base's own names).
    """
    wanted = set(categories)
    if unknown := wanted - set(CATEGORIES):
        raise ValueError(f"categories must be among {CATEGORIES}, not {unknown}")
    vocab = vocabulary_current()
    folded, origin = fold(text)
    best: dict[str, Evidence] = {}
    readings = tokens_read(folded, vocab)
    # "我舅五十岁辞职回老家…。我羡慕他那份勇气": when the person names what
    # they admire in their own words, the rest of the other's story is only
    # a hint, even on the questions about other people.
    own = {
        CATEGORY_OF.get(i[:1])
        for r in readings
        if not (r.negated or r.weakened or r.others or r.reported or r.asked)
        and ADMIRES.search(_sentence(folded, r.token.start))
        and not proper_name(folded, r.token.start, r.token.end)
        for i in r.token.word.names
    }
    # S05: a name the difficulty is about, before the turn ("当众讲话，一上台就
    # 腿软。所以我更适合幕后"), is the hard thing, no talent: nothing. Another
    # name before the turn ("我是社恐。但…") is the hard trait: only suspected.
    turn = turn_at(folded) if question_id in TURN_ASKED else -1
    # "…自由自在。不过我有房贷有娃，这辈子是做不到了": taken back later.
    mentions = [
        (t.start, t.end, frozenset(t.word.names + t.word.hints), bool(t.word.names))
        for t in (r.token for r in readings)
    ]
    back = taken_back(folded, mentions, vocab.takebacks)
    for n, reading in enumerate(readings):
        hard = hard_thing(folded, reading.token.end, turn)
        if (
            hard == "about"
            or reading.speaker
            or (
                reading.negated
                # "隐私保护太差了" on P06: the problem named (round 20).
                and not (reading.faulted and question_id in PROBLEMS_ASKED)
                # "没人仗义执言" on V09 or P06: what is missing (round 20).
                and not (reading.neglected and question_id in LACK_ASKED)
            )
            or (reading.generic and question_id in COMPLAINT_ASKED)
            or (reading.complained and question_id not in PROBLEMS_ASKED)
        ):
            continue
        token, word = reading.token, reading.token.word
        # "做了独立插画师", "领导又把锅甩给新人": a job, a role or a person.
        title = job_title(folded, token.start, token.end)
        boss = person_noun(folded, token.start, token.end)
        # "钱老师", "钱塘江", "友谊超市": a person's, a place's or a shop's name.
        named_thing = proper_name(folded, token.start, token.end)
        via = channel(
            folded, token.start, token.end, _topic_after(readings, n)
        ) or workplace(folded, token.start, token.end)
        start, end = origin[token.start], origin[token.end - 1] + 1
        found = [(i, True) for i in word.names] + [(i, False) for i in word.hints]
        for entry_id, names in found:
            category = CATEGORY_OF.get(entry_id[:1])
            if category not in wanted:
                continue
            # "钱都花在孩子的补习班上了", "我老公一聊车就停不下来": a weak person
            # word in a passions answer is someone in the story, no hint of a
            # field (round 14). Unless it is the company kept ("跟邻居一起…",
            # not weakened) or the problem named on P06.
            if (
                category == "interests"
                and reading.person
                and reading.weakened
                and question_id not in PROBLEMS_ASKED
            ):
                continue
            if names and category != "interests":
                own_name = fold(vocab.entries[entry_id][0])[0] == word.text
                if title == "title" or (boss and own_name) or named_thing:
                    continue
            doubted = (
                any(getattr(reading, f) for f in DOUBTED_BY[category])
                # "我爸妈年纪也大了，离得近能照应": their clause, but whom the
                # person looks after (round 14).
                or (
                    _others_doubted(reading, category, question_id, category in own)
                    and not (reading.done_for and category == "values")
                    # What nobody does is the world's lack, not someone's trait.
                    and not (reading.neglected and question_id in LACK_ASKED)
                )
                or (
                    reading.reported
                    and category == "strengths"
                    and question_id not in SAID_ASKED
                    and not CONFIRMS.search(folded, token.end)
                )
            )
            # What the person wants for others is a value seen in them, not held.
            theirs = reading.for_others and category == "values"
            # "想当个艺术家": someone who has it; "网课上学会了画画": the means;
            # "在健身房当前台": the workplace.
            role = title == "role" and category != "interests"
            means = (via or scrolled_for(folded, token.end)) and category == "interests"
            # "…医生排班，我妈最近住院了": a search for someone else's need is
            # no search of one's own (P03: "没人要求、你自己去查的").
            need = (
                reading.needed
                and category == "interests"
                and question_id in SEARCH_ASKED
            )
            strong = names and not (
                reading.weakened
                # "…，但我看大局还行": a modest rating names a talent only.
                or (reading.modest and category != "strengths")
                or doubted
                or theirs
                or hard == "before"
                or n in back
                or role
                or means
                or need
                or (reading.done_for and category != "values")
                or (reading.lacked and question_id not in PROBLEMS_ASKED)
            )
            strength: Strength = "named" if strong else "suspected"
            # Someone else's creed, taste, wish or need ("我妈说考公稳定", "我老婆
            # 喜欢烘焙"), where the question does not ask about them (V01, V04,
            # V08, P06): not the person's at all. Others' words about the
            # person ("同学都说我讲故事好听") and scenes of others stay theirs.
            others_voice = question_id not in OTHERS_ASKED and (
                (reading.reported and category != "strengths")
                or (reading.theirs and category == "interests")
                or theirs
                or need
            )
            if (
                question_id not in OTHERS_ASKED
                and question_id not in SAID_ASKED
                and slogan(text, start, end)
            ):
                continue  # "老板天天说“我们是一家人”": their saying, not a value
            old = best.get(entry_id)
            if old and (old.strength == "named" or strength == "suspected"):
                continue
            q_start, q_end = _quote_span(text, start, end)
            best[entry_id] = Evidence(
                entry_id=entry_id,
                name=vocab.entries[entry_id][0],
                category=category,
                question_id=question_id,
                strength=strength,
                quote=text[q_start:q_end],
                start=q_start,
                end=q_end,
                surface=text[start:end],
                surface_start=start,
                surface_end=end,
                voice="others" if others_voice and not strong else "own",
            )
    return sorted(best.values(), key=lambda e: (e.surface_start, e.entry_id))


def evidence_find(
    *, answers: Mapping[str, str], categories: Iterable[Category] = CATEGORIES
) -> list[Evidence]:
    """Return the evidence in every answer (question id -> text), answer by answer."""
    wanted = tuple(categories)
    return [
        evidence
        for question_id, text in answers.items()
        for evidence in spans_match(
            text=text or "", question_id=question_id, categories=wanted
        )
    ]


def _others_doubted(
    reading: Reading, category: Category, question_id: str, own_named: bool
) -> bool:
    if not reading.others:
        return False
    if question_id in OTHERS_ASKED:
        return own_named and category == "values"
    if category == "strengths":
        return not (reading.others_me or reading.reported)
    return True


def _topic_after(readings: list[Reading], n: int) -> bool:
    """Return whether another passion is found after reading n in its clause."""
    token = readings[n].token
    ids = set(token.word.names + token.word.hints)
    return any(
        r.token.clause == token.clause
        and not r.negated
        and {i for i in r.token.word.names + r.token.word.hints if i[0] == "P"} - ids
        for r in readings[n + 1 :]
    )


def _sentence(folded: str, i: int) -> str:
    """Return the folded sentence around index i."""
    ends = ".;!?。\n"
    left = max((folded.rfind(e, 0, i) for e in ends), default=-1) + 1
    right = min((j for e in ends if (j := folded.find(e, i)) >= 0), default=len(folded))
    return folded[left:right]


# A saying of someone else's in quotes ("公司天天说“我们是一家人”", a banner,
# a slogan): often what the person is angry about (coach_blind11), never theirs.
SAYING = re.compile(
    r"(?:说|喊|讲|号称|口号|标语|挂着|写着|刷着|贴着|印着|喷着|刻着)[：:]?\s*$"
)
OPEN_QUOTES, CLOSE_QUOTES = '“"「', '”"」'


def slogan(text: str, start: int, end: int) -> bool:
    """Tell whether text[start:end] sits inside a quoted saying of someone else."""
    opened = max(text.rfind(q, 0, start) for q in OPEN_QUOTES)
    if opened < 0:
        return False
    closes = [i for i in (text.find(q, opened + 1) for q in CLOSE_QUOTES) if i >= 0]
    closed = min(closes, default=len(text))
    before = text[max(0, opened - 8) : opened]
    # Words said *to* them ("卡片上写着“你很有耐心”") are others' view of them,
    # left to the voice rules; their own saying ("我常说“…”") is theirs.
    about_them = "你" in text[opened:closed]
    return (
        closed >= end
        and bool(SAYING.search(before))
        and "我" not in before[-3:]
        and not about_them
    )


def _quote_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Return the sentence around [start, end), else its clause, else a window.

    Never more than QUOTE_MAX characters, containing the match (all of it when
    it fits), with surrounding spaces trimmed.
    """
    for ends in (SENTENCE_ENDS, CLAUSE_ENDS):
        left = max((i + 1 for i in range(start) if text[i] in ends), default=0)
        right = next((i for i in range(end, len(text)) if text[i] in ends), len(text))
        while left < start and text[left].isspace():
            left += 1
        while right > end and text[right - 1].isspace():
            right -= 1
        if right - left <= QUOTE_MAX:
            return left, right
    # A long clause: a window centred on the match, inside the clause.
    room = QUOTE_MAX - (end - start)
    if room <= 0:  # a signal longer than a quote: its first QUOTE_MAX characters
        return start, start + QUOTE_MAX
    q_start = max(left, start - room // 2)
    q_end = min(right, q_start + QUOTE_MAX)
    return max(left, q_end - QUOTE_MAX), q_end
