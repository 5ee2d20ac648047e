"""Round 12 (blind13): proper names, wishes, complaints, mockery and the rest.

Wishes for others, what the world prizes alone, mockery, S05's hard side,
others' praise, searches for someone else's need, and the named mentions the
weak and comparison rules used to hide.
"""

import pytest

from tests.knowledge.evidence_score import strength


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # A surname before a title, a river, a road, a shop.
        ("V01", "我佩服我们的钱老师，她做事特别较真。", "V069"),
        ("V07", "傍晚去钱江边吹吹风。", "V069"),
        ("V07", "周末沿着钱塘江骑车。", "V069"),
        ("V02", "租在友谊路旁边，上班方便。", "V059"),
        ("V01", "楼下友谊超市的老板，三十年没涨过价。", "V059"),
    ],
)
def test_a_word_inside_a_proper_name_names_nothing(kb, question_id, text, entry):
    assert strength(text, question_id, entry) is None


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        ("V02", "说白了就是看钱，钱给够了就去。", "V069"),
        ("V02", "钱总是不够花，所以更看重钱。", "V069"),
        ("V07", "和老朋友喝茶，友谊比什么都珍贵。", "V059"),
        # A road one is on is no street: "成长路上".
        ("V03", "成长路上总要吃点苦，我不后悔。", "V002"),
        # Money for a road is money: "捐钱修路".
        ("V06", "村里人一起捐钱修路，我也出了一份，有钱真好。", "V069"),
    ],
)
def test_the_plain_word_beside_a_place_still_names(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "named"


def test_a_wish_for_ones_students_is_only_suspected(kb):
    text = "希望我教过的孩子都能活得独立，不靠家里。"
    assert strength(text, "V08", "V011") == "suspected"
    assert strength("希望别人说我这个人很独立。", "V08", "V011") == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        ("V09", "现在干什么都只看效率，人情味越来越少。", "V075"),
        ("V05", "最气的是什么都只认钱。", "V069"),
        ("V02", "这年头大家都只看钱，我偏不。", "V069"),
    ],
)
def test_what_the_world_prizes_alone_is_a_complaint(kb, question_id, text, entry):
    assert strength(text, question_id, entry) is None


def test_the_persons_own_only_still_names(kb):
    assert strength("我做决定只讲效率，能快就快。", "V02", "V075") == "named"
    assert strength("社会最缺的是公平。", "V09", "V009") == "named"


def test_mocking_someone_elses_doing_is_no_talent(kb):
    text = "看领导开会画大饼我就想笑，谁信啊。"
    assert strength(text, "S01", "T094") == "suspected"
    # A laugh at a joke, in a clause of its own, is no mockery.
    assert strength("我爸讲话特别风趣，我一听就想笑。", "V01", "V098") == "named"
    assert strength("朋友说我最会画大饼，能让大家看见以后。", "S07", "T094") == "named"


def test_s05_a_muddle_is_the_hard_side(kb):
    text = "一心多用我就全乱了，所以我更适合一次专心做一件事。"
    # The hard side names nothing since round 13 (it was a hint).
    assert strength(text, "S05", "T069") is None
    assert strength(text, "S05", "T088") == "named"
    assert strength("一心多用对我很轻松。", "S03", "T069") == "named"


@pytest.mark.parametrize(
    ("question_id", "expected"),
    [("S08", "suspected"), ("S03", "suspected"), ("S04", "named"), ("S07", "named")],
)
def test_others_praise_names_only_where_it_is_asked(kb, question_id, expected):
    assert strength("小时候邻居都说我手巧。", question_id, "T093") == expected


def test_others_praise_the_person_confirms_names(kb):
    text = "我老婆说我一门心思扎进去叫都叫不动，确实是这样。"
    assert strength(text, "S03", "T088") == "named"


def test_company_is_no_speaker(kb):
    text = "在养老院陪老人说说话，嘘寒问暖，觉得自己挺有用。"
    assert strength(text, "S06", "T044") == "named"


@pytest.mark.parametrize(
    "text",
    [
        "搜得最多的是医院和医生的信息，我爸最近住院了。",
        "我妈查出了高血压。所以我老在搜看病的事。",
    ],
)
def test_a_search_for_someone_elses_need_is_theirs(kb, text):
    assert strength(text, "P03", "P045") == "suspected"


def test_a_need_that_became_an_interest_names(kb):
    text = "我爸生病以后我搜了好多健康知识，越看越有兴趣。"
    assert strength(text, "P03", "P045") == "named"
    # The world's problems: someone else's illness is the person's concern.
    text = "我妈生病以后我才发现，大家太缺健康知识了。"
    assert strength(text, "P06", "P045") == "named"


def test_a_chore_is_no_interest(kb):
    assert strength("搜最多的是忘记密码怎么办。", "P03", "P032") is None
    assert strength("最近在搜密码是怎么被破解的。", "P03", "P032") == "named"


def test_the_up_of_morning_is_no_striving(kb):
    assert strength("早上进山徒步，晚上进城吃饭。", "V07", "V002") is None
    assert strength("希望大家说我是个上进的人。", "V08", "V002") == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # Wanting to be one, or to ask one, of a passion's people.
        ("P07", "学编程，一直想当程序员。", "P030"),
        ("P08", "想找一位建筑师聊聊，为什么老楼那么耐看。", "P106"),
        ("P01", "小时候就想当宇航员。", "P121"),
        ("P08", "想找一位宇航员，问问太空里怎么睡觉。", "P121"),
        ("P08", "最想问问宇航员，在太空里怎么吃饭。", "P121"),
        # Outdoing someone: the word after 还/都 is the person's.
        ("S04", "同事都说我讲东西比老师还通俗易懂。", "T002"),
        # Doing something for the family.
        ("V07", "傍晚回家给爸妈做顿饭。", "V006"),
    ],
)
def test_named_mentions_the_weak_rules_hid(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("P01", "我爸是程序员，天天加班。", "P030", "suspected"),
        ("P03", "周末去医院找医生看病。", "P045", "suspected"),
        ("V02", "家人比钱重要。", "V069", None),
        ("V05", "最烦给爸妈添堵的人。", "V006", None),
        # Cooking for parents is no passion for family relations.
        ("P01", "小时候就给爸妈做饭。", "P101", "suspected"),
    ],
)
def test_the_weak_and_comparison_rules_still_hold(
    kb, question_id, text, entry, expected
):
    assert strength(text, question_id, entry) == expected


def test_a_creed_in_someone_elses_words_is_marked_as_theirs():
    """Evidence.voice: the coach's tasks pick only the person's own words."""
    from knowledge.evidence import spans_match

    found = spans_match(text="我妈总说安稳最重要，我倒想出去闯闯", question_id="V02")
    creed = [e for e in found if e.surface == "安稳"]
    assert creed and all(e.voice == "others" for e in creed), found
    mine = spans_match(text="我这人就图个安稳，不想折腾", question_id="V02")
    assert any(e.surface == "安稳" and e.voice == "own" for e in mine), mine
