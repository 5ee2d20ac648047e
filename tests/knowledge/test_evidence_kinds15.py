"""Round 15 (blind16): the kinds its confusions showed, in other words.

A value word in a quoted club's name, a "no" before someone's kind of life,
"公司里有人…", people in charge as speakers, 理想 as an adjective, 一般 as
"usually", a hedge that trails into the next sentence, a "maybe" inside a
concession, "教我…时" (the time, not the report), becoming friends, the
person's own wish after someone else's story, a take-back in someone else's
words, a favour asked of the person, a weak word with its entry's keyword,
"…还行" on the talents step, and the family's ease at the person's choice.
"""

from pathlib import Path

import pytest

from tests.knowledge.evidence_score import spans_load, spans_score, strength

BLIND16 = Path(__file__).with_name("evidence_blind16.jsonl")


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        # A quoted name that ends in a club word is a name, not a value.
        (
            "V01",
            "我们“自由骑行队”的队长，六十岁了还天天骑车，那种自律我服。",
            "V001",
            None,
        ),
        (
            "V01",
            "我们“自由骑行队”的队长，六十岁了还天天骑车，那种自律我服。",
            "V017",
            "named",
        ),
        ("V07", "理想的一天？就要“自由”，别的都不重要。", "V001", "named"),
        # A "no" before someone's kind of life reaches the clause's end.
        ("V04", "我不要我爸那种处处讲面子的做派。", "V072", None),
        ("V04", "我想学我爸那种节俭。", "V033", "named"),
        # "单位里有人…", "班上有个同学…": someone else's clause.
        ("V05", "单位里有人天天拍马屁还升职了，看着就恶心。", "V072", "suspected"),
        ("V07", "班上有个同学特别自律，天天五点起。", "V017", "suspected"),
        # People in charge speak: a hint off S02/S04/S07, named on them.
        ("S01", "领班说我是气氛担当。", "T038", "suspected"),
        ("S04", "领班说我是气氛担当。", "T038", "named"),
    ],
)
def test_names_clubs_kinds_of_life_and_speakers(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("V07", "周末睡个懒觉，这样就很理想了。", "V095", None),
        ("V07", "结果不太理想也没关系，我就想去海边待着。", "V095", None),
        ("P05", "他们一聊八卦，我一般在旁边戴耳机听歌。", "P085", "named"),
        ("P05", "听歌吧，一般。", "P085", "suspected"),
    ],
)
def test_lexicon_rows(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        # A hedge alone that trails off doubts the sentence it trails into.
        ("V08", "大概……希望大家说我是个真诚的人。", "V004", "suspected"),
        ("V08", "不知道。我希望大家说我真诚。", "V004", "named"),
        # A "maybe" in a concession doubts its own point, not the liking.
        ("P07", "心理学吧，虽然可能找不到工作。", "P001", "named"),
        ("P07", "心理学吧，虽然不知道算不算感兴趣。", "P001", "suspected"),
        ("P07", "心理学吧，可能。", "P001", "suspected"),
        (
            "P07",
            "人工智能吧，虽然不确定自己是真好奇还是怕被淘汰。",
            "P029",
            "suspected",
        ),
        # "…还行" after a name rates a talent modestly; a liking or value not.
        ("S05", "做计划我不行，但随机应变还行。", "T064", "named"),
        ("P05", "画画还行吧。", "P077", "suspected"),
        ("V07", "自由还行吧。", "V001", "suspected"),
    ],
)
def test_hedges_and_modest_ratings(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        # "教我…的时候" sets the time; the trait after it is the admired one's.
        ("V01", "我奶奶教我包饺子的时候特别有耐心。", "V049", "named"),
        ("V01", "我奶奶总教我做人要有耐心。", "V049", "suspected"),
        # Becoming friends is making them; someone else's friends are theirs.
        ("V03", "在工地那几年，跟几个工友处成了好朋友。", "V059", "named"),
        ("V03", "我妈跟她同事成了好朋友。", "V059", "suspected"),
        # The person's own wish after someone else's story still names.
        ("V04", "我爸妈天天拌嘴，我就想自己的小家和和气气。", "V064", "named"),
        ("V01", "我同事特别上进，我只想准点下班。", "V002", None),
        # A take-back in someone else's words is their verdict.
        ("S07", "老师说我“学得快”，我姐说我“三分钟热度”。", "T026", "named"),
        ("S03", "学吉他学得快，可惜三分钟热度，琴早就吃灰了。", "T026", "suspected"),
        # A favour asked of the person is no errand run for someone else.
        ("S04", "朋友都说我眼尖，有啥合同都让我帮着过一遍。", "T081", "named"),
        ("P03", "搜过几次减肥食谱，是我姐让我帮她查的。", "P041", "suspected"),
        # The family's ease at the person's choice names the value.
        ("V02", "最后回了省城，离家近，父母也安心。", "V006", "named"),
        ("V02", "爸妈放心不下我一个人在外地。", "V006", "suspected"),
    ],
)
def test_voice_and_weak_people(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize(
    ("question_id", "text", "expected"),
    [
        # A weak everyday alias with its entry's keyword in the sentence.
        ("P03", "最近老睡不着，搜了好多治失眠的偏方。", "named"),
        ("P05", "聊到半夜都睡不着。", "suspected"),
        # Not in a sentence that turns something down.
        ("P03", "我对失眠这事一点兴趣都没有，就是睡不着。", "suspected"),
    ],
)
def test_a_weak_alias_with_its_keyword(kb, question_id, text, expected):
    assert strength(text, question_id, "P042") == expected


def test_blind16_holds_its_own(kb):
    # Seen since this round (kept beside the labelled test, like blind13-15).
    assert spans_score(spans_load(BLIND16))["named"].precision >= 0.95
