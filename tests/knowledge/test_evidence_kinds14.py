"""Round 14 (blind15): "这点" after a turn, an alias that dismisses, and the rest.

"This" after a "but" clause, an alias that is also a dismissal (够用就好), the
"说不" of 对我来说不难 and 说不到, 雷打不动, the feed's algorithm, no money to
spare, whose child (邻居家小孩), nobody's neglect on P06, a turn to being
dragged along, words said by letter, seeing others grow, parents looked after
in the next clause, a topic then "我", a criterion's question, people in a
passions answer, S05's blurred eyes, an aside and a greeting.
"""

import pytest

from tests.knowledge.evidence_score import strength


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        # "这点" points at the "but" clause only: the trait before still names.
        ("V01", "我师兄懂得多，就是说话太冲，这点我不想学。", "V022", "named"),
        ("V04", "我爸很节俭，可他脾气太倔，这一点我不要。", "V033", "named"),
        # Without a turn it reaches the whole sentence; "那种日子" is the story.
        ("V04", "我爸很节俭，也很倔，这些我都不想要。", "V033", None),
        (
            "V02",
            "前一家钱给得多，可天天出差，那种日子我不想再过了。",
            "V069",
            "suspected",
        ),
    ],
)
def test_this_after_a_turn_points_at_the_turn(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


def test_an_alias_that_dismisses_turns_down_what_it_follows(kb):
    text = "钱这东西够用就好，我要的是自己的时间。"
    assert strength(text, "V02", "V069") is None
    assert strength(text, "V02", "V104") == "named"
    assert strength("我就是想多挣钱，越多越好。", "V02", "V069") == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("S01", "察言观色对我来说不难。", "T074", None),
        ("S01", "别人讲半天说不到点子上，我一句话就讲明白。", "T074", None),
        ("S01", "我敢说不，不想去的饭局直接推掉。", "T074", "named"),
        ("P04", "每周六雷打不动去上拉丁舞课。", "P089", "named"),
        ("P04", "我从来不跳拉丁舞。", "P089", None),
        ("P03", "没怎么搜，都是算法推给我的。", "P029", None),
        ("P03", "最近在啃推荐系统的算法，看论文看到半夜。", "P029", "named"),
        ("V06", "说来好笑，让我哭的是一只流浪狗。", "V098", None),
        ("V06", "那天快递小哥跟我说了句生日快乐。", "V097", None),
        ("V07", "每天过得开开心心就好。", "V097", "named"),
    ],
)
def test_lexicon_rows(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


def test_no_money_to_spare_takes_back_the_burden(kb):
    text = "钱都还房贷了，哪有闲钱学东西。"
    assert strength(text, "P04", "P118") == "suspected"


def test_whose_child_is_no_company(kb):
    assert strength("小时候总跟邻居家小孩玩过家家。", "P01", "P064") is None
    assert strength("周末跟邻居一起在小区里种菜。", "P01", "P064") == "named"


@pytest.mark.parametrize(
    "text",
    [
        "轮椅坡道被堵死了，好像没人在意。",
        "盲道上停满了车，这些根本没人在乎。",
    ],
)
def test_nobodys_neglect_on_p06_is_the_problem_named(kb, text):
    assert strength(text, "P06", "P063") == "named"


def test_a_turn_to_being_dragged_along_keeps_the_take_back(kb):
    text = "我们这圈人一聚就聊房子，首付多少，说实话我挺烦的，但每次都被拉进去。"
    assert strength(text, "P05", "P109") == "suspected"
    # A turn that says it anew still ends the take-back's reach. (Round 16:
    # 首付 is weak now, like 买房 and 房子; 找房子 is the strong alias left.)
    text = "以前聊房子我挺烦的，但现在我自己也天天找房子。"
    assert strength(text, "P05", "P109") == "named"


def test_words_said_by_letter_are_theirs(kb):
    text = "我资助的女孩考上了大学，写信说她以后也要帮助别人。"
    assert strength(text, "V06", "V005") == "suspected"


def test_seeing_others_grow_is_their_growth(kb):
    assert strength("撑着我的是看那帮学生一点点长进。", "V03", "V002") == "suspected"
    assert strength("撑着我的是看着自己一点点长进。", "V03", "V002") == "named"
    # Watching how it is done is the person's own interest.
    text = "我关注的都是装修博主，看人家怎么改造老房子。"
    assert strength(text, "P02", "P035") == strength(
        "我关注的都是装修博主，看怎么改造老房子。", "P02", "P035"
    )


def test_parents_looked_after_in_the_next_clause(kb):
    text = "考回了县城，我爸妈年纪也大了，离得近能照应。"
    assert strength(text, "V02", "V006") == "named"
    # They look after the person: no value of the person's.
    assert strength("我爸妈年纪大了，还能照顾我。", "V02", "V006") == "suspected"


def test_a_topic_then_i_speaks_for_the_person_again(kb):
    text = "我老婆老找不到东西，家里的东西我都分门别类贴了标签。"
    assert strength(text, "S01", "T006") == "named"
    text = "我老婆把家里的东西都分门别类贴了标签，我可做不到。"
    assert strength(text, "S01", "T006") is None


def test_a_criterions_question_names(kb):
    text = "跳槽我只看一点：这个团队的人我信得过吗？"
    assert strength(text, "V02", "V062") == "named"
    assert strength("我真的信得过别人吗？", "V02", "V062") == "suspected"


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("P04", "钱都花在孩子的补习班上了。", "P017", None),
        ("P05", "我老公一聊车就停不下来。", "P100", None),
        # Their own words for a field still count; P06's problem still hints.
        ("P04", "报了个亲子阅读的课。", "P017", "named"),
        ("P06", "孩子上学太难了，学位太紧张。", "P017", "suspected"),
    ],
)
def test_people_in_a_passions_answer_hint_no_field(
    kb, question_id, text, entry, expected
):
    assert strength(text, question_id, entry) == expected


def test_s05_blurred_eyes_are_the_hard_side(kb):
    text = "做账我一碰就头大，数字一多眼睛就花。反过来，我画图能坐一下午。"
    assert strength(text, "S05", "T028") is None
