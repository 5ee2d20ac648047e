"""Round 17 (blind18): the kinds its confusions showed, in other words.

Each case is one kind, said in our own sentence, with a counter-case the rule
must leave alone: refusing to become like someone admired, a refused role
described on, the cost a concession accepts, "this one point" refused after a
full stop, a feeling's degree (笑得停不下来, 激动得发抖), people all present
(整整齐齐), a talent that failed on trying, work forced and not enjoyed, a
course only to get by, no time to learn anything, an errand on someone's
behalf, a question about the expert's own doing, the person's reason after
someone else's clause, keeping a trait before a later "no", a wish about
what others will say of the person, a relative clause "那些讲…的", and a
head nurse as someone else.
"""

import pytest

from tests.knowledge.evidence_score import strength

pytestmark = pytest.mark.django_db

CASES = [
    # Admired, then refused by the will: nothing (falling short stays a hint).
    (
        ("V01", "我很佩服我表姐，她特别自律，但我自己不想变成她那样。", "V017", None),
        ("V01", "我佩服我表哥，他特别自律，我可做不到。", "V017", "suspected"),
    ),
    # A role refused, then described on in the next clause: the same "no".
    (
        (
            "V02",
            "当初公司让我带组，我没答应。我不想当领导，整天开会管人。",
            "V074",
            None,
        ),
        # Not refused; but leading a team is a thing done, no value named
        # (round 30: "独自带团队做了一场危机公关" is no 「领导」 held): a hint.
        ("V02", "我不想当领导，但带团队我挺在行。", "V074", "suspected"),
    ),
    # What a concession risks is a cost; "even just X" is still wanted.
    (
        ("V04", "我妈答应的事，就算赔钱也要做到，这点我想继承。", "V069", None),
        ("V07", "哪怕只多一天自由也好。", "V001", "named"),
    ),
    # "这一点我不想学" opening the next sentence, after the person's candour.
    (
        ("V04", "我爸特别要面子。说句实话这一点我不想学他。", "V072", None),
        ("V04", "我爸特别节俭。这一点我想学。", "V033", "named"),
    ),
    # A feeling's degree is no absorption.
    (
        ("V06", "听到录取的消息，我笑得停不下来。", "V010", None),
        ("V03", "一画起画来我就停不下来。", "V010", "named"),
    ),
    # ... and no fear: excitement on stage names the talent, nerves do not.
    (
        ("S06", "每次站在聚光灯下我都激动得发抖。", "T034", "named"),
        ("S05", "一站到聚光灯下我就紧张得发抖。", "T034", None),
    ),
    # Order said of people is everyone present.
    (
        ("V07", "过年一家人能整整齐齐吃顿饭。", "V031", None),
        ("V07", "我喜欢把家里收拾得整整齐齐。", "V031", "named"),
    ),
    # Tried it and it went wrong: taken back, a hint at most.
    (
        ("S01", "看电工维修电路挺容易，结果我一上手就搞砸了。", "T071", "suspected"),
        ("S01", "家里电器坏了都是我来维修，结果每次都修好了。", "T071", "named"),
    ),
    # Forced by someone and not enjoyed.
    (
        ("S06", "读研那几年天天查资料，其实是老板逼的，我一点都不享受。", "T024", None),
        ("S06", "读研那几年天天查资料，我特别享受。", "T024", "named"),
    ),
    # A course taken only to get by.
    (
        ("P04", "单位要求每人选一门网课，我挑了修图，纯属应付一下。", "P040", None),
        ("P04", "我报了修图课，纯粹是喜欢。", "P040", "named"),
    ),
    # No time to learn anything; "no time for anything else" keeps it.
    (
        ("P04", "每周都坐火车去外地出差，哪有时间学什么东西。", "P098", "suspected"),
        ("P04", "天天坐火车跑来跑去，哪有空干别的，我就爱看车。", "P098", "named"),
    ),
    # An expert sought on someone else's behalf.
    (
        (
            "P08",
            "我儿子对遗传特别好奇，我想替他找个研究遗传的专家问问。",
            "P123",
            "suspected",
        ),
        (
            "P08",
            "我自己对遗传特别好奇，想找个研究遗传的专家问问。",
            "P123",
            "named",
        ),
    ),
    # A question about the expert's own doing is theirs.
    (
        ("P08", "想跟一个川菜大厨聊聊，问他当年是怎么学做菜的。", "P007", "suspected"),
        ("P08", "我平时就爱做菜，想找个川菜大厨聊聊。", "P007", "named"),
    ),
    # "因为我…" after someone else's clause is the person again.
    (
        (
            "V03",
            "同事早下班了我还在改，因为我真的想弄明白问题出在哪。",
            "V020",
            "named",
        ),
        ("V03", "我同事特别好奇，什么都想弄明白。", "V020", "suspected"),
    ),
    # Kept first ("我想留下"), so a later "no" is about another part.
    (
        (
            "V04",
            "我爸妈起早贪黑开了二十年小卖部。这份勤快我想留下，但我不想像他们那样全年无休。",
            "V046",
            "named",
        ),
        (
            "V04",
            "我爸妈起早贪黑开了二十年小卖部。但我不想像他们那样全年无休。",
            "V046",
            None,
        ),
    ),
    # What the people wished for will say of the person is the person's wish.
    (
        ("V08", "希望我的学生以后还记得：这个老师很真诚。", "V004", "named"),
        ("V08", "希望我儿子以后被人说是个真诚的人。", "V004", "suspected"),
    ),
    # "那些讲…的画册": a thing described, no one speaking.
    (
        ("P02", "我总在书店翻那些讲古镇的画册。", "P111", "named"),
        ("P02", "我妈总说古镇都是假的。", "P111", "suspected"),
    ),
    # A head nurse is someone else.
    (
        ("V07", "我们的护士长特别自律，天天五点起。", "V017", "suspected"),
        ("V07", "我特别自律，天天五点起。", "V017", "named"),
    ),
]


@pytest.mark.parametrize(("case", "counter"), CASES)
def test_round17_kind_and_its_counter_case(kb, case, counter):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected
    question_id, text, entry, expected = counter
    assert strength(text, question_id, entry) == expected
