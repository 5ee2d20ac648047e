"""Round 21 (blind24): the kinds its confusions showed, in our own words.

Each kind has cases of its own (none from a blind set) that failed on the code
and lexicon before the round, and a counter-case the rule must leave alone.
Precision: a problem dismissed as hype or blown up (都是炒作, 被夸大了, 没那么
严重) is taken back; 朋友圈 is a feed, no friends. Recall: a class of people
(普通家庭, 普通老百姓) is no shrug; on P06 people for whom a thing is hard (残疾
人…特别不方便) are the problem named; a bare 自己 right after someone else's
clause is still them ("他总在帮别人，自己从不叫苦" on V08 sets nothing apart);
a weak value word held for years (十几年的老朋友) or given as the reason,
where they are (因为对象在这边), is the person's own. S07's reading is checked
too: others' words about the person are the answer there, but a keyword that is
no alias (细心, 耐心) stays a hint, as the convention says.
"""

import pytest

from tests.knowledge.evidence_score import strength

pytestmark = pytest.mark.django_db

# (cases of the kind, counter-cases); each is (question, answer, entry, strength).
RULES = [
    # A problem dismissed as hype: taken back, a hint at most.
    (
        (
            ("P06", "气候变化？我看都是炒作。", "P053", "suspected"),
            ("P06", "碳足迹？说到底是被夸大了。", "P053", "suspected"),
        ),
        (("P06", "气候变化太严重了，总得有人管。", "P053", "named"),),
    ),
    # 朋友圈 is where people post, not friends.
    (
        (("V06", "刷朋友圈看到有人在山区支教，我哭了。", "V059", None),),
        (("V07", "约几个好朋友去爬山。", "V059", "named"),),
    ),
    # A class of people is no shrug: "普通家庭" is who is asked about.
    (
        (("P08", "想请教一位理财师，问问普通家庭该怎么攒钱。", "P113", "named"),),
        (("P01", "普通的攒钱而已。", "P113", "suspected"),),
    ),
    # On P06, people for whom a thing is hard: the problem named.
    (
        (("P06", "残疾人坐公交特别不方便。", "P063", "named"),),
        (
            ("P06", "残疾人的事太难说了，我不好评价。", "P063", "suspected"),
            ("P05", "我舅舅是残疾人，出门太难了。", "P063", "suspected"),
        ),
    ),
    # A bare 自己 right after their clause is still them.
    (
        (
            (
                "V08",
                "希望别人提起我时说：他总在帮别人，自己从不叫苦。",
                "V005",
                "named",
            ),
        ),
        (("V04", "我爸总在帮别人，但我自己可不想这样。", "V005", None),),
    ),
    # A weak value word held for years: the person's own bond.
    (
        (("V06", "要离开十几年的老朋友去外地，临走那天我哭了。", "V059", "named"),),
        (("V06", "在车站看到两个老朋友抱头痛哭，我也跟着哭了。", "V059", "suspected"),),
    ),
    # The reason given for a choice, where they are: whom it was made for.
    (
        (("V02", "最后留在了成都，因为对象在这边。", "V060", "named"),),
        (("V02", "因为对象在忙，没商量就定了。", "V060", "suspected"),),
    ),
]
CASES = [case for cases, _ in RULES for case in cases]
COUNTERS = [counter for _, counters in RULES for counter in counters]

# S07 asks three people for a word each: their words about the person name,
# quoted or not; a keyword that is no alias stays suspected (the convention).
S07 = [
    ("S07", "同事说“稳重”，闺蜜说“心细”。", "T061", "named"),
    ("S07", "同事说“稳重”，闺蜜说“心细”。", "T100", "named"),
    ("S07", "同事说我细心。", "T081", "suspected"),
    ("S07", "我姐说“有耐心”。", "T045", "suspected"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[1][:12])
def test_round21_kind(kb, case):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c[1][:12])
def test_round21_counter_case(kb, counter):
    question_id, text, entry, expected = counter
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize("case", S07, ids=lambda c: c[1][:12] + c[2])
def test_round21_s07_reads_others_words(kb, case):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected
