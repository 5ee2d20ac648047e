"""Round 11: job titles, the boss, and a platform used as the way to a passion."""

import pytest

from tests.knowledge.evidence_score import strength


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # The value word modifies the job the person names.
        ("V02", "去年辞职，做了独立插画师。", "V011"),
        ("V02", "我现在是一名自由撰稿人，按篇拿稿费。", "V001"),
        ("V07", "当个自由摄影师，哪里好看就去哪里拍。", "V001"),
        ("V02", "考了健康管理师证以后就换了行。", "V030"),
        # A role with the word in it, about someone else.
        ("V05", "竞争对手在网上抹黑我们，最让我气。", "V073"),
    ],
)
def test_a_job_title_gives_no_value(kb, question_id, text, entry):
    assert strength(text, question_id, entry) is None


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        ("V02", "我很看重独立，什么事都想自己扛。", "V011"),
        ("V07", "想要更自由的工作方式，不想被一个工位拴住。", "V001"),
        ("V07", "当个自由的人，想去哪就去哪。", "V001"),
        ("V02", "最后选了能独立负责项目的岗位。", "V011"),
        # A verb value with a person as its object is no job title.
        ("V07", "我喜欢挑战高手，输了也开心。", "V007"),
        ("V05", "我很理解老师的难处，最气家长无理取闹。", "V066"),
        # "养家" after money is what the money is for, not a trade.
        ("V02", "我最看重的是挣钱养家。", "V069"),
    ],
)
def test_the_plain_value_word_still_names(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        ("V07", "想当个艺术家，天天泡在画室里。", "V079"),
        ("V01", "我想成为一个领导者，能带着一群人把事做成。", "V074"),
    ],
)
def test_a_role_that_carries_the_word_is_only_suspected(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "suspected"


@pytest.mark.parametrize(
    "text",
    [
        "领导又把项目的锅甩给新人，这种事最让我来气。",
        "领导非要我们周末陪客户喝酒。",
        "陪领导喝了三年酒，我早就烦透了。",
        "我辞职是因为领导太强势。",
    ],
)
def test_the_boss_is_no_value_of_leading(kb, text):
    assert strength(text, "V05", "V074") is None


def test_leading_is_still_the_value(kb):
    assert strength("第一次当领导，带着团队冲业绩。", "V03", "V074") == "named"
    # The bare word stays weak, as before: a suspicion, not nothing.
    assert strength("我喜欢领导一个小团队往前冲。", "V03", "V074") == "suspected"
    # On the talents step 领导 hints at taking the lead.
    assert strength("我擅长领导团队，大家都听我的。", "S04", "T063") == "suspected"


def test_an_expert_on_a_passions_question_names_the_field(kb):
    text = "想找一位语言学家，问问方言是怎么分开的。"
    assert strength(text, "P08", "P083") == "named"


@pytest.mark.parametrize(
    ("text", "platform", "topic"),
    [
        ("我在网课上学会了画画，现在周末都在画。", "P020", "P077"),
        ("抖音上刷最多的是做饭的视频。", "P068", "P007"),
        ("跟着网课学做面包，现在周末都自己烤。", "P020", "P047"),
    ],
)
def test_a_platform_is_the_way_and_the_topic_is_the_passion(kb, text, platform, topic):
    assert strength(text, "P04", platform) == "suspected"
    assert strength(text, "P04", topic) == "named"


@pytest.mark.parametrize(
    "text",
    [
        "每天晚上刷抖音刷到一两点。",
        "抖音我每天看三个小时，纯属浪费时间。",
        "攒钱买漫展的门票，一年去好几次。",
    ],
)
def test_time_scrolled_away_or_money_saved_for_another_thing_is_no_passion(kb, text):
    assert strength(text, "P04", "P068") != "named"
    assert strength(text, "P04", "P113") != "named"


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        # Making content there: the medium is the person's own field.
        ("在抖音上开了个教做饭的账号，还买了补光灯。", "P068"),
        # The platform as a topic of its own.
        ("网课这件事我一直在琢磨，怎么让人坐得住。", "P020"),
        # A topic before "上" with nothing else after it.
        ("在画画上我花了不少钱，颜料都挑贵的。", "P077"),
    ],
)
def test_a_platform_or_topic_that_is_the_point_still_names(kb, text, entry):
    assert strength(text, "P04", entry) == "named"
