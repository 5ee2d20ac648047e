"""Round 18 (blind19): the kinds its confusions showed, in our own sentences.

Each rule has two or three cases of its kind, none from a blind set, each
failing on the code and lexicon before the round, and a counter-case the rule
must leave alone: "not liked" after a turn, work done to excess (到吐), their
way refused by the person, a motive of back then dropped now, a choice and its
only reason, a skill others rely on disclaimed (不太懂), seen and not done
(都见过), a verb's object read as a job title, a "no" or hedge inside a book's
title, candour as a doing (敢讲实话), a weak word as the answer's topic, whom
the person is a fan of (喜欢的歌手), and kin claimed (他是我亲人).
"""

import pytest

from tests.knowledge.evidence_score import strength

pytestmark = pytest.mark.django_db

# (cases of the kind, counter-case); each is (question, answer, entry, strength).
RULES = [
    # "Not liked" in a clause that opens with the turn itself: nothing.
    (
        (
            ("P04", "学写代码，为了升职，不过老实说我不太感兴趣。", "P030", None),
            (
                "P03",
                "最近老在搜背单词的方法，考试要用，只是我真不怎么爱学。",
                "P078",
                None,
            ),
            ("P07", "想学口语，出差用得着，但是我并不喜欢。", "P078", None),
        ),
        ("P07", "学外语吧，工作用得上，不过我现在越来越喜欢了。", "P078", "named"),
    ),
    # Done to excess, fed up: "敲代码敲到吐".
    (
        (
            ("P04", "白天在公司敲代码敲到吐，晚上只想去学跳舞。", "P030", None),
            ("P03", "天天背单词背到想吐，现在只想搜点菜谱放松。", "P078", None),
        ),
        ("P04", "敲代码敲到半夜也不觉得累。", "P030", "named"),
    ),
    # Someone else's way, then the person refuses the same thing: nothing,
    # even when admired.
    (
        (
            (
                "V04",
                "我爸当了一辈子老师，天天教书，我挺佩服他，但我自己肯定不当老师。",
                "V052",
                None,
            ),
            (
                "V01",
                "我表姐说走就走，一个人跑遍了西藏，我挺羡慕，但我可不想说走就走。",
                "V001",
                None,
            ),
        ),
        (
            "V04",
            "我爸当了一辈子老师，天天教书，我挺佩服他，以后我也想当老师。",
            "V052",
            "named",
        ),
    ),
    # A motive of back then, turned down by a later "now".
    (
        (
            (
                "V02",
                "以前换工作只看钱多不多。现在回头看，钱对我其实没那么重要。",
                "V069",
                None,
            ),
            (
                "V02",
                "当初进大厂，就是冲着面子去的。现在回头看，面子对我早就不重要了。",
                "V072",
                None,
            ),
        ),
        ("V02", "以前换工作只看钱多不多。现在也一样，钱对我最重要。", "V069", "named"),
    ),
    # A choice, then its only reason: what the choice names is no reason.
    (
        (
            ("V02", "选了环保专业，单纯是因为分数刚好够。", "V053", None),
            ("V02", "去了一家做绿色生活产品的公司，纯粹是因为离家近。", "V053", None),
        ),
        ("V02", "选了现在的工作，纯粹是因为自由。", "V001", "named"),
    ),
    # A skill others rely on, disclaimed by the person: a hint.
    (
        (
            (
                "S04",
                "办公室的打印机都是我来修。其实我也不怎么懂，都是照着视频弄的。",
                "T071",
                "suspected",
            ),
            (
                "S04",
                "家里灯坏了、水龙头漏了，都是我来修。其实我也不大懂，全靠瞎试。",
                "T071",
                "suspected",
            ),
        ),
        ("S04", "同事不太懂电脑，坏了都是我来修。", "T071", "named"),
    ),
    # Seen, not done: an object put first and "都见过".
    (
        (
            (
                "P07",
                "想学中医。我外公是老中医，我小时候天天在他诊所里玩，艾灸、泡脚都见过。",
                "P046",
                "suspected",
            ),
            (
                "P01",
                "小时候跟着我舅跑地质队，岩石标本我都见过。",
                "P126",
                "suspected",
            ),
        ),
        ("P07", "小时候跟外公学过把脉，现在还会一点。", "P046", "named"),
    ),
    # A word that ends in a verb done to people takes the title as its object.
    (
        (
            (
                "S06",
                "在律所那几年，手把手教实习律师写文书，看他们慢慢上手。",
                "T047",
                "named",
            ),
            (
                "S04",
                "大家都说我会带人，手把手教实习律师写文书就是我的活。",
                "T047",
                "named",
            ),
        ),
        ("V02", "毕业后做了独立插画师。", "V011", None),
    ),
    # A hedge or a "no" inside a book's title is its wording.
    (
        (
            (
                "P02",
                "心理学那一排，最近翻了《也许你不必那么努力》，挺有意思。",
                "P001",
                "named",
            ),
            (
                "P02",
                "世界大战那一排，《或许和平只是幸运》看得我停不下来。",
                "P072",
                "named",
            ),
            ("P02", "心理学那排，《不快乐的大多数》这些我都看过。", "P001", "named"),
        ),
        ("P02", "可能是心理学吧，《自卑与超越》翻过几页。", "P001", "suspected"),
    ),
    # Candour as a doing ("敢讲实话", "说实话的人"), not the aside.
    (
        (
            ("V09", "现在最缺敢讲实话的人。", "V089", "named"),
            ("V01", "我们主任，他是全单位唯一肯说实话的人。", "V089", "named"),
        ),
        ("V09", "说实话的话，我觉得缺的是耐心。", "V089", None),
    ),
    # A weak word that is the whole first clause: the answer's topic.
    (
        (
            ("S03", "跟陌生人聊天，一聊就是一下午。", "T008", "named"),
            ("P01", "看火车，每次有车经过都要趴在窗边数车厢。", "P098", "named"),
            ("P01", "捡石头，河边那种带花纹的。", "P126", "named"),
        ),
        ("S03", "周末在家，偶尔跟人聊天。", "T008", "suspected"),
    ),
    # Whom the person is a fan of.
    (
        (
            (
                "P04",
                "我最喜欢的歌手每次开演唱会我都去，门票再贵也买。",
                "P085",
                "named",
            ),
            ("P05", "聊我喜欢的建筑师，能从安藤忠雄讲到贝聿铭。", "P106", "named"),
        ),
        ("P04", "我老公是程序员，天天加班。", "P030", "suspected"),
    ),
    # Kin claimed in a clause of its own; not a complaint after it.
    (
        (
            (
                "V03",
                "我爸瘫痪那几年，都是我在床前守着。他是我亲人，守着他是应该的。",
                "V006",
                "named",
            ),
            (
                "V06",
                "我哥出事那天我连夜开车回去，他们是我家里人，这没什么好犹豫的。",
                "V006",
                "named",
            ),
            ("V06", "他们是我家人啊，出了事我肯定第一个到。", "V006", "named"),
        ),
        ("V03", "她是我亲人，可她从来不管我。", "V006", "suspected"),
    ),
]
CASES = [case for cases, _ in RULES for case in cases]
COUNTERS = [counter for _, counter in RULES]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[1][:12])
def test_round18_kind(kb, case):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c[1][:12])
def test_round18_counter_case(kb, counter):
    question_id, text, entry, expected = counter
    assert strength(text, question_id, entry) == expected
