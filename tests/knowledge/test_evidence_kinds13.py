"""Round 13 (blind14): quoted shop names, jobs, script-like praise and the rest.

Quoted names before a shop or place word, "是当老师的" as a job, wanting to be
like someone, a speaker's tag with a colon, a hedge in someone else's words,
an alias's own "不" before "吗", a wish for a daughter, S05's hard side, "not
a liking" after a full stop, what everyone did, never done oneself, the
workplace, what people cannot afford, and the spouse who only speaks.
"""

import pytest

from tests.knowledge.evidence_score import strength


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        ("V03", "在“小确幸”奶茶店当店长那两年最累。", "V104"),
        ("V06", "在“友谊”超市门口看到有人摔倒。", "V059"),
        ("V07", "下午去“自由空间”书店坐坐。", "V001"),
        ("V03", "那年在「知足」面馆打工还债。", "V104"),
    ],
)
def test_a_word_in_a_quoted_shop_name_names_nothing(kb, question_id, text, entry):
    assert strength(text, question_id, entry) is None


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # A quoted word that names no shop is what was said or meant.
        ("V07", "我最想要的就是“自由”，想去哪就去哪。", "V001"),
        ("S07", "室友：“心细”；我妈：“懂事”。", "T100"),
        ("V08", "希望别人提起我，想到的是“真诚”两个字。", "V004"),
    ],
)
def test_a_quoted_word_without_a_shop_still_names(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "named"


def test_a_job_said_with_shi_de_is_no_value(kb):
    assert strength("我爸是当老师的，一辈子没离开过讲台。", "V04", "V052") is None
    assert strength("我姑是教书的，说话特别温柔。", "V04", "V052") is None
    # The person doing it, or "是" that is no job: still named.
    assert strength("那几年当老师，看着学生考上大学最值。", "V03", "V052") == "named"
    assert strength("我是自由的，谁也管不着。", "V07", "V001") == "named"


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("我师傅做木工三十年，慢工出细活。我就想成那样的人。", "V085"),
        ("我表姐从来不靠家里，自己买了房。我就想活成她那样。", "V011"),
    ],
)
def test_wanting_to_be_like_them_is_no_setting_apart(kb, text, entry):
    assert strength(text, "V01", entry) == "named"


def test_another_wish_of_ones_own_still_sets_apart(kb):
    text = "我同事天天加班，特别上进，我就想准点下班。"
    assert strength(text, "V07", "V002") is None


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("S07", "室友：稳重。我妈：不服输。", "T061", "named"),
        ("S02", "班主任：太较真。老妈：死磕。", "T004", "named"),
        ("S04", "同事：“你讲东西通俗易懂”。", "T002", "named"),
        # Others' words outside S02/S04/S07 are a hint, tag or no tag.
        ("S08", "小时候老师：“这孩子写东西有灵气”。", "T032", "suspected"),
        # A label that is no person is no speaker.
        ("S03", "特长：写东西。", "T032", "named"),
    ],
)
def test_a_speaker_tag_with_a_colon_reports_words(
    kb, question_id, text, entry, expected
):
    assert strength(text, question_id, entry) == expected


def test_a_hedge_in_someone_elses_words_is_theirs(kb):
    text = "护士说这袋血可能救一个产妇，我觉得自己能帮上忙。"
    assert strength(text, "V06", "V005") == "named"
    # The person's own hedge still doubts, after their words too.
    assert strength("我可能就是想帮上忙吧。", "V06", "V005") == "suspected"
    assert strength("我妈说我挺心细的，可能吧。", "S04", "T100") == "suspected"


def test_an_alias_that_opens_with_bu_does_not_make_a_question_insist(kb):
    assert strength("凭什么？不偏心很难吗？", "V05", "V009") == "suspected"
    # A question's own "不" still insists.
    assert strength("一视同仁不行吗？", "V05", "V009") == "named"
    assert strength("不偏心不行吗？", "V05", "V009") == "named"


def test_a_wish_for_ones_daughter_is_hers(kb):
    assert strength("希望我闺女以后被人说真诚。", "V08", "V004") == "suspected"
    assert strength("希望别人说起我，都说这个人真诚。", "V08", "V004") == "named"


@pytest.mark.parametrize(
    ("text", "entry", "expected"),
    [
        # A difficulty said of it, before the turn: nothing.
        ("开会当众讲话我就结巴。但反过来，我特别会写东西。", "T034", None),
        ("一上台就紧张，可是写文章我很在行。", "T034", None),
        # Before the turn with no difficulty: the hard trait, a hint.
        ("跟生人寒暄，我是社恐。但我跟熟人能聊一晚上。", "T051", "suspected"),
        # The turned side names; so does a trait with no turn.
        ("开会当众讲话我就结巴。但反过来，我特别会写东西。", "T032", "named"),
        ("我就是社恐，一个人待着最舒服。", "T051", "named"),
    ],
)
def test_s05_the_hard_side(kb, text, entry, expected):
    assert strength(text, "S05", entry) == expected


def test_not_a_liking_after_a_full_stop_says_no_to_the_sentence_before(kb):
    text = "搜的都是“社保怎么交”……不是兴趣，是没办法。"
    assert strength(text, "P03", "P115") is None
    text = "最近总在搜怎么做面包。不是为了省钱，是真觉得好玩。"
    assert strength(text, "P03", "P047") == "named"


def test_what_everyone_did_is_only_a_hint(kb):
    text = "玩游戏吧，红白机上的魂斗罗。不过那时候谁不玩。"
    assert strength(text, "P01", "P066") == "suspected"
    assert strength("玩游戏，到现在还每天玩。", "P01", "P066") == "named"


def test_never_done_oneself_is_only_a_hint(kb):
    text = "天天看人撸铁，我自己一次都没练过。"
    assert strength(text, "P04", "P006") == "suspected"
    assert strength("撸铁三年，一次都没断过。", "P04", "P006") == "named"


def test_the_workplace_is_only_a_hint(kb):
    assert strength("我在健身房当前台。", "P04", "P006") == "suspected"
    assert strength("我在一家健身房上班。", "P04", "P006") == "suspected"
    assert strength("我每周在健身房练三次。", "P04", "P006") == "named"


def test_what_people_cannot_afford_is_the_problem_on_p06(kb):
    assert strength("房价太高，年轻人买不起房子。", "P06", "P109") == "named"
    # Elsewhere the weak word stays a hint, and "买不起" negates nothing.
    assert strength("攒了几年钱，还是买不起房子。", "P04", "P109") == "suspected"


def test_the_spouse_who_speaks_is_no_hint(kb):
    text = "钱都花在健身上了，老婆说我走火入魔了。"
    assert strength(text, "P04", "P100") is None
    assert strength(text, "P04", "P006") == "named"


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        ("V07", "理想的一天？说实话我想象不出来。", "V087", None),
        ("V07", "躺在草地上天马行空地想象。", "V087", "named"),
        ("P03", "咖啡豆烘焙度，浅烘和中烘差在哪。", "P047", None),
        ("P04", "报了个烘焙班，学做蛋糕。", "P047", "named"),
    ],
)
def test_lexicon_rows(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected
