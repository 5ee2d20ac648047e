"""Round 20 (blind23): the kinds its confusions showed, in our own words.

Each kind has cases of its own (none from a blind set) that failed on the code
and lexicon before the round, and a counter-case the rule must leave alone.
Precision kinds: teachers and seniors as speakers (导师说我…), people at large
as the subject (全国人民都在…), a platform scrolled with its content after it
(抖音刷得最多的是…), things parked in the way (停满, 乱停乱放), and a place
things stand on that is no platform (盲道上停着…). Recall kinds: S08's own
wording (没人教我…), on P06 a name done poorly (隐私保护做得太差), turns taken
(外公念一遍我背一遍), a weak value word eaten, cooked or ranked best (做一大桌
好吃的, 这样最舒服), on V09 what nobody does (没人愿意仗义执言), a wish carried
to the becoming (想…，以后当个建筑师), what kept the person going (撑着我的就是
那帮哥们), a hedge in a scene of people at large (看人讨论半天讲不清), content
named after the topic scrolled (刷电子产品开箱).
"""

import pytest

from tests.knowledge.evidence_score import strength

pytestmark = pytest.mark.django_db

# (cases of the kind, counter-cases); each is (question, answer, entry, strength).
RULES = [
    # Teachers and seniors speak: their words on a values question are a hint.
    (
        (
            (
                "V06",
                "答辩完教授说我是他见过最上进的学生，我高兴了一整天。",
                "V002",
                "suspected",
            ),
        ),
        (("V06", "拿到录取通知那天，觉得自己一直上进没白费。", "V002", "named"),),
    ),
    # People at large as the subject: their doing is theirs.
    (
        (
            (
                "V06",
                "那年洪水，全国人民都在捐款、帮别人，我看着特别感动。",
                "V005",
                "suspected",
            ),
        ),
        (("V06", "那天我第一次帮别人修好了电脑，特别开心。", "V005", "named"),),
    ),
    # A platform scrolled, with the content after it: the means, a hint.
    (
        (("P02", "抖音我最常刷的是做饭视频。", "P068", "suspected"),),
        (("P05", "聊起抖音怎么涨粉我就停不下来。", "P068", "named"),),
    ),
    # Things parked where they should not be: the nuisance, no passion; a place
    # things stand on is no platform.
    (
        (
            ("P06", "小区消防通道上停满了电动车和共享单车。", "P093", None),
            ("P06", "共享单车乱停乱放，人行道都走不了。", "P093", None),
            ("P06", "盲道上停着一排共享单车，盲人怎么走？", "P063", "named"),
        ),
        (("P04", "周末喜欢骑共享单车到处转。", "P093", "named"),),
    ),
    # S08's own wording: nobody taught me is no "no".
    (
        (("S08", "没人教我做手工，看一遍就会。", "T093", "named"),),
        (("S08", "我不会做手工，手特别笨。", "T093", None),),
    ),
    # On P06, a name done poorly is the problem named.
    (
        (("P06", "现在很多APP隐私保护做得太差了。", "P032", "named"),),
        (("P05", "信息安全我太差了，啥也不懂。", "P032", None),),
    ),
    # Turns taken: the person takes the next turn and the clauses after.
    (
        (("P01", "外公念一遍我背一遍，小时候背了不少古诗。", "P081", "named"),),
        (("P01", "外公天天念古诗，我在旁边玩泥巴。", "P081", None),),
    ),
    # A weak value word eaten or cooked, or ranked best, by the person.
    (
        (
            ("V07", "睡到中午，然后做一大桌好吃的。", "V099", "named"),
            ("V07", "窝在沙发上看书，这样最舒服。", "V100", "named"),
        ),
        (
            ("V07", "把房间收拾得好看一点。", "V008", "suspected"),
            ("V07", "跟他们在一起很舒服。", "V100", "suspected"),
        ),
    ),
    # On V09, what nobody does is what the world lacks.
    (
        (("V09", "大家都只顾自己，没人愿意仗义执言。", "V092", "named"),),
        (("V05", "开会时没人仗义执言，我也没说话。", "V092", None),),
    ),
    # A wish carried on to a clause that opens with the becoming.
    (
        (("P07", "想学画图纸，以后当个建筑师。", "P106", "named"),),
        (("P05", "我舅舅是建筑师，天天加班。", "P106", "suspected"),),
    ),
    # What kept the person going (V03).
    (
        (("V03", "带队比赛那一年，撑着我的就是那帮哥们。", "V059", "named"),),
        (("V03", "那一年哥们都劝我放弃。", "V059", None),),
    ),
    # People at large in a seen scene: their hedge is no doubt of the person's.
    (
        (("S01", "看人讨论半天讲不清，我一步步推就明白了。", "T013", "named"),),
        (),
    ),
    # The content after the topic scrolled: the topic, not the feed.
    (
        (("P02", "天天刷电子产品开箱。", "P004", "named"),),
        (("P03", "天天刷抖音，刷到半夜。", "P068", "suspected"),),
    ),
]
CASES = [case for cases, _ in RULES for case in cases]
COUNTERS = [counter for _, counters in RULES for counter in counters]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[1][:12])
def test_round20_kind(kb, case):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c[1][:12])
def test_round20_counter_case(kb, counter):
    question_id, text, entry, expected = counter
    assert strength(text, question_id, entry) == expected
