"""Round 16 (blind17): the kinds its confusions showed, in other words.

Someone else's trait or trust ("完全是我妈拿主意", "那帮…", "那种大家都…"), a
dropped view replaced by what the person came to see ("以前我觉得…，直到…我
才明白…"), what harmed the person ("…坑了我"), a job quit ("辞掉…"), a
quoted word the next clause disowns ("“…”这个评价跟我不沾边"), S05's "算错",
a liking given up now ("现在不画了"), nothing ranked above a word ("什么都
没有健康重要") and a weak value word put first ("身体好比什么都重要"), "那种"
with a description of its own, "一般" as "usually", a cost accepted ("就算钱少
一点也行"), one of those asked as the speaker ("一个说我…"), admiration that
sets nothing apart, "自己家" as theirs, and 首付 as an everyday word. Each
case both ways: named, and not named.
"""

from pathlib import Path

import pytest

from tests.knowledge.evidence_score import spans_load, spans_score, strength

BLIND17 = Path(__file__).with_name("evidence_blind17.jsonl")


@pytest.mark.parametrize(
    ("question_id", "text", "entry", "expected"),
    [
        # A job quit: what was given up is not held.
        ("V02", "去年辞掉了国企的铁饭碗，出来自己干。", "V003", None),
        ("V02", "我最看重铁饭碗，图个踏实。", "V003", "named"),
        # What harmed the person.
        ("V03", "面子这东西坑了我半辈子，现在看淡了。", "V072", None),
        ("V03", "我挺要面子的，输不起。", "V072", "named"),
        # Someone else's choice, after a time frame and 完全是.
        ("V02", "买房的时候完全是我妈拿主意，我插不上话。", "V012", None),
        ("V02", "买房的时候完全是我拿主意。", "V012", "named"),
        # A group by its measure word (帮, 群) is someone else.
        ("V06", "看马拉松最后那几公里，那帮老选手是真的扛得住。", "V028", "suspected"),
        ("V06", "那几年我自己是真的扛得住。", "V028", "named"),
        # "那种" before someone else: still their clause.
        (
            "V06",
            "小时候楼里停电，那种邻居都愿意帮一把的感觉，我一直记得。",
            "V005",
            "suspected",
        ),
        ("V06", "小时候楼里停电，我挨家挨户去帮一把。", "V005", "named"),
        # A former view replaced by a realisation of something else.
        (
            "V06",
            "以前我觉得面子最重要，直到公司倒闭那年，我才知道家人最重要。",
            "V072",
            None,
        ),
        (
            "V06",
            "以前我觉得面子最重要，直到公司倒闭那年，我才知道家人最重要。",
            "V006",
            "named",
        ),
        ("V06", "以前我觉得面子最重要，直到现在也是这么想的。", "V072", "named"),
        # Nothing ranked above it: no negation of it.
        ("V06", "那一刻我觉得，什么都没有健康重要。", "V030", "named"),
        ("V06", "那段时间我完全没有健康的作息。", "V030", None),
        # A weak value word put first names; said by someone or asked, it hints.
        ("V02", "说到底，对我来说身体好比什么都重要。", "V030", "named"),
        ("V02", "我妈说身体好最重要。", "V030", "suspected"),
        ("V02", "选工作也看身体好不好吧。", "V030", "suspected"),
        # "那种" with a description of its own points at that, not back.
        ("V08", "希望别人说我心善，不是那种只会算计的人。", "V043", "named"),
        ("V08", "大家说我心善，这种话我从来不信。", "V043", "suspected"),
        # A quoted word the next clause points at and disowns.
        ("S02", "“雷厉风行”这个评价跟我一点都不沾边。", "T005", None),
        ("S02", "“雷厉风行”这个评价我一直挺喜欢。", "T005", "named"),
        # S05: getting it wrong is the hard side; after the turn it names.
        ("S05", "算账我老是算错，一看表格就发懵。", "T028", None),
        ("S05", "表格一多我就头疼。但我算账特别快。", "T028", "named"),
        # Given up now, with any one verb.
        ("P01", "小时候天天画画，不过现在不画了。", "P077", "suspected"),
        ("P01", "小时候天天画画，现在也还在画。", "P077", "named"),
        # "一般" before a verb is "usually"; ending its clause it shrugs.
        ("P02", "我一般去看漫画，能看一下午。", "P067", "named"),
        ("P02", "看漫画嘛，一般。", "P067", "suspected"),
        # A cost accepted in a concession is no shrug.
        ("V02", "我选了能学到东西的那家，就算钱少一点也行。", "V002", "named"),
        ("V02", "学到东西？都行吧。", "V002", "suspected"),
        # One of those asked as the speaker: their "不好说" is not the person's.
        (
            "S07",
            "问了三个朋友，一个说我心细，另一个说“不好说，你人挺好”。",
            "T100",
            "named",
        ),
        ("S07", "朋友说我心细，我也不知道算不算。", "T100", "suspected"),
        # Admiring them sets nothing apart, whatever it negates inside.
        (
            "V01",
            "我表姐活得特别自由自在。我羡慕的就是那种不用看人脸色的日子。",
            "V001",
            "named",
        ),
        ("V01", "我表姐活得特别自由自在，我可不想那样。", "V001", None),
        # "自己家" after someone else's clause is theirs, not the person's.
        ("V01", "我奶奶心善，邻居有难处都去帮一把，自己家也不富裕。", "V043", "named"),
        ("V01", "我奶奶心善，邻居有难处都去帮一把，我自己做不到。", "V043", None),
        # 首付 is an everyday word, like 买房.
        ("P06", "物业乱收费，刚交完首付就被要求交一堆杂费。", "P109", "suspected"),
        ("P05", "一聊到找房子我就停不下来。", "P109", "named"),
    ],
)
def test_round16_kinds(kb, question_id, text, entry, expected):
    assert strength(text, question_id, entry) == expected


def test_someone_elses_trust_is_not_the_persons(kb):
    # Their trust in the person is no value of the person's (the next clause,
    # a "no" of the person's own, leaves nothing; a hint at most).
    text = "那群队员都信得过我，我不能掉链子。"
    assert strength(text, "V03", "V062") != "named"
    assert strength("我跟搭档信得过彼此，这才撑下来。", "V03", "V062") == "named"


def test_blind17_holds_its_own(kb):
    # Seen since this round (kept beside the labelled test, like blind13-16).
    assert spans_score(spans_load(BLIND17))["named"].precision >= 0.97
