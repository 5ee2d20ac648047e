"""The evidence matcher: only what the answer says, with verbatim quotes."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from django.urls import reverse

from knowledge.evidence import Evidence, evidence_find, spans_match
from knowledge.evidence.vocabulary import _build
from knowledge.models import LexiconTerm, LoadedRow
from knowledge.services import knowledge_seed_if_empty, record_delete
from tests.knowledge.evidence_score import (
    BLIND2,
    BLIND3,
    BLIND4,
    BLIND5,
    BLIND6,
    BLIND7,
    BLIND18,
    BLIND19,
    BLIND20,
    BLIND21,
    BLIND23,
    BLIND24,
    KINDS5,
    KINDS6,
    KINDS7,
    KINDS8,
    KINDS9,
    KINDS10,
    KINDS11,
    KINDS12,
    KINDS13,
    KINDS14,
    spans_load,
    spans_score,
)
from tests.knowledge.helpers import DATA, LEXICON

pytestmark = pytest.mark.django_db


def found(text: str, question_id: str = "V07", *categories) -> dict[str, str]:
    """Return {entry id: strength} for one answer."""
    spans = spans_match(
        text=text, question_id=question_id, categories=categories or ("values",)
    )
    return {e.entry_id: e.strength for e in spans}


@pytest.mark.parametrize(
    "text", ["不知道", "没有", "想不出来", "随便", "都行", "没想过", "说不上来"]
)
def test_a_shrug_names_nothing(kb, text):
    assert spans_match(text=text, question_id="V01") == []


def test_the_boss_is_not_the_value_of_leading(kb):
    assert found("领导让我天天加班，我就辞职了。") == {}
    assert found("我想当领导，带一个自己的团队。")["V074"] == "named"


def test_not_caring_about_money_or_fame_names_neither(kb):
    spans = found("我不在乎钱也不在乎名声")
    assert not {"V069", "V072", "V037"} & set(spans)  # 财富, 地位, 守护
    assert spans == {}


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("我没什么好奇心", "V020"),
        ("并不看重名声，也不追求地位", "V072"),
        ("不是为了钱", "V069"),
        ("钱对我来说没那么重要", "V069"),
        ("我最讨厌被人掌控", "V012"),
        ("我从来不在乎面子", "V072"),
    ],
)
def test_a_negated_entry_is_not_evidence(kb, text, negated):
    assert negated not in found(text)


def test_a_negation_stays_in_its_clause(kb):
    assert found("不是为了钱，而是为了成长") == {"V002": "named"}
    assert found("不是为了钱而是为了成长") == {"V002": "named"}
    assert found("我不在乎钱，最看重家人") == {"V006": "named"}
    assert found("比起钱我更看重家人") == {"V006": "named"}


def test_a_double_negative_is_only_suspected(kb):
    assert found("不是不在乎钱") == {"V069": "suspected"}
    assert found("我也不是不想当领导") == {"V074": "suspected"}


def test_everyday_words_and_rejected_clauses_are_only_suspected(kb):
    assert found("毕业典礼上，爸妈坐在台下") == {"V006": "suspected"}
    assert found("想多陪陪家人") == {"V006": "named"}
    # Someone else's way the person sets themselves apart from gives nothing.
    assert found("我妈总是为了面子硬撑，我特别反感这一点", "V04") == {}
    assert found("我妈总是为了面子硬撑", "V04") == {"V072": "named"}


def test_an_a_not_a_question_is_no_negation(kb):
    assert found("我只考虑这份工作有没有意义") == {"V057": "named"}
    assert found("这份工作没有意义") == {}


def test_a_hedged_mention_is_only_suspected(kb):
    assert found("不知道算不算自由") == {"V001": "suspected"}
    assert found("她一直很自由", "V01") == {"V001": "named"}


@pytest.mark.parametrize(
    ("text", "blocked"),
    [
        ("我想做自由职业，在家接单", "V001"),
        ("看到孩子成长的每一步", "V002"),
        ("我在工地当安全员，最看重安全生产", "V037"),
        ("说实话，我很少被感动", "V089"),
        ("睡到自然醒", "V081"),
    ],
)
def test_a_homonym_hides_the_name_inside_it(kb, text, blocked):
    assert blocked not in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "我妈总说钱最重要。",
        "大家都说：钱最重要。",
        "他们从小就告诫我，钱最重要。",
        "听说有钱就能过得好。",
    ],
)
def test_someone_elses_words_are_only_suspected(kb, text):
    assert found(text, "V04") == {"V069": "suspected"}


def test_the_persons_own_words_beside_reported_ones_still_name(kb):
    assert found("别人都说要选稳定的，我还是选了自由。", "V02")["V001"] == "named"
    # Their own wish for what others say of them is theirs.
    assert found("希望有人说：这个人很真诚。", "V08") == {"V004": "named"}
    # What others push on them is no passion of theirs; their own doing is.
    assert found("爸妈让我学心理学", "P01", "interests") == {"P001": "suspected"}
    assert found("我自己去学心理学", "P01", "interests") == {"P001": "named"}


def test_reported_words_run_on_until_the_person_speaks_again(kb):
    # Carried over a list, and by a clause that starts with the verb.
    spans = found("别人都说要活得体面，什么有钱有地位。", "V01")
    assert spans["V069"] == spans["V072"] == "suspected"
    assert "named" not in spans.values()
    assert found("我姐哭着说家人最重要。", "V06") == {"V006": "suspected"}
    # The person setting themselves apart from it leaves nothing.
    assert found("别人都说要活得体面，什么有钱有地位，我没感觉。", "V01") == {}
    assert found("我姐哭着说家人最重要，我倒没啥感觉。", "V06") == {}
    assert found("她跟我吵了一架，还说钱最重要。", "V05") == {"V069": "suspected"}
    # The person telling someone, or a bare "觉得", is the person's own.
    assert found("我跟我妈说我最想要自由。") == {"V001": "named"}
    assert found("在海边待了一整天，觉得特别自由。", "V06") == {"V001": "named"}
    # For values, even their words about the person are theirs; and the
    # person disputing them leaves nothing.
    assert found("大家都说我很真诚。", "V08") == {"V004": "suspected"}
    assert found("大家都说我很真诚，其实我不觉得。", "V08") == {}


def test_someone_elses_liking_is_no_passion(kb):
    assert found("他们都喜欢心理学", "P02", "interests") == {"P001": "suspected"}
    assert found("我特别喜欢心理学", "P02", "interests") == {"P001": "named"}
    assert found("被爸妈逼着学心理学", "P01", "interests") == {"P001": "suspected"}


def test_what_others_say_of_the_person_is_a_talent_they_have(kb):
    # The strengths questions ask what others say of you (S04, S07).
    assert found("朋友都说我是树洞", "S04", "strengths") == {"T045": "named"}
    assert found("同事说我是树洞", "S07", "strengths") == {"T045": "named"}


@pytest.mark.parametrize(
    "text", ["自由重要吗？", "自由真的那么重要吗", "成长算不算一种标准？"]
)
def test_a_question_claims_no_value(kb, text):
    assert set(found(text).values()) == {"suspected"}


def test_a_question_that_insists_still_names(kb):
    assert found("公平一点不行吗？", "V05") == {"V009": "named"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A hedge in the clause.
        ("可能是自由吧", {"V001": "suspected"}),
        # A shrug that looks back over the sentence, or the sentence before.
        ("家人吧，不知道这算不算标准。", {"V006": "suspected"}),
        ("成长？也说不准。", {"V002": "suspected"}),
        # A shrug on its own before a guess.
        ("不知道诶，自由？", {"V001": "suspected"}),
        # A hedge about something else, or a shrug with its own object.
        ("我觉得自由很重要，可能因为从小被管太多了。", {"V001": "named"}),
        ("还好，我最看重的是家人。", {"V006": "named"}),
        ("自由，无所谓别人怎么看。", {"V001": "named"}),
    ],
)
def test_a_hedge_or_shrug_leaves_what_it_covers_in_doubt(kb, text, expected):
    assert found(text, "V02") == expected


@pytest.mark.parametrize(
    ("text", "question_id", "expected"),
    [
        # A dislike with no object of its own turns down what came before.
        ("学心理学吧，不过是为了考证，我其实烦死了。", "P07", "suspected"),
        # Since the blind7 round a bare "I don't like it" says no: nothing (the
        # labelling convention; blind2 labels such a sentence so). It was a
        # suspicion before.
        ("学心理学吧，不过是为了考证，我其实一点都不喜欢。", "P07", None),
        ("学心理学，是为了考证。", "P07", "named"),
        # A dismissal with its own object does not.
        ("心理学最有意思，别的不重要。", "P07", "named"),
    ],
)
def test_an_object_less_dislike_looks_back(kb, text, question_id, expected):
    assert found(text, question_id, "interests").get("P001") == expected


def test_a_change_of_mind_rejects_back_to_before_and_no_further(kb):
    # The dropped view names nothing since the blind6 round (the labelling
    # convention: a view the person turns down now is a negation; dev labels
    # the same sentence so). It was a suspicion before.
    text = "那时候才明白家人最重要，以前总觉得钱最重要，现在不这么想了。"
    assert found(text, "V06") == {"V006": "named"}


@pytest.mark.parametrize(
    ("text", "question_id", "category", "absent"),
    [
        ("我最不会的就是倾听", "S05", "strengths", "T045"),  # a cleft dislike
        ("电影挺好看，但说不上受触动", "V06", "values", "V016"),  # not 「说不」
        ("热闹的地方我一秒都待不下去", "V07", "values", "V105"),
        ("周末去爬山，超解压", "P04", "interests", "P012"),  # not stress management
    ],
)
def test_lexicon_kinds_cover_more_ways_of_saying_no(
    kb, text, question_id, category, absent
):
    assert absent not in found(text, question_id, category)


def test_a_question_about_a_topic_still_shows_an_interest(kb):
    text = "想问问心理学家，人为什么会焦虑？"
    assert found(text, "P08", "interests")["P001"] == "named"
    assert found("我是树洞吗？", "S04", "strengths") == {"T045": "suspected"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("所谓的自由，不过是换个地方上班。", {"V001": "suspected"}),
        ("呵呵，公平？这世上哪有公平。", {"V009": "suspected"}),
        ("这世上哪有公平", {}),
        ("最烦那些只看钱的人。", {}),
        ("我看不起为了面子硬撑的人", {}),
    ],
)
def test_sarcasm_rhetoric_and_dislikes_name_nothing(kb, text, expected):
    assert found(text, "V05") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("自由才怪。", {}),
        ("名声个屁，天天加班。", {}),
        ("谁在乎钱啊。", {}),
        ("有钱又怎样", {}),
        ("面子能当饭吃吗", {}),
        # Everyone's wish is not a claim of one's own, and its 不 negates nothing.
        ("谁不想要自由", {"V001": "suspected"}),
        ("说得好听叫自由，其实就是没人管。", {"V001": "suspected"}),
    ],
)
def test_rhetorical_turns_do_not_name(kb, text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("钱嘛，无所谓。", {}),
        ("至于名声，我真的不在乎。", {}),
        ("钱不是问题，自由才是。", {"V001": "named"}),
        ("钱够用就行。", {}),
        # The dismissal must be the next clause's comment on the topic.
        ("自由，无所谓别人怎么看。", {"V001": "named"}),
    ],
)
def test_a_dismissal_of_a_bare_topic_crosses_the_comma(kb, text, expected):
    assert found(text) == expected


def test_a_weakness_is_no_passion(kb):
    spans = found("我想学建筑，可是数学太差。", "P07", "interests")
    assert "P125" not in spans
    assert found("我想学数学", "P07", "interests")["P125"] == "named"


def test_the_bare_word_for_a_boss_names_nothing_and_leading_is_only_suspected(kb):
    # Round 11: the boss as a person is no value at all (it was a suspicion).
    assert found("领导抢功劳") == {}
    assert found("我喜欢领导一个小团队。")["V074"] == "suspected"
    assert found("我想当领导，带一个自己的团队。")["V074"] == "named"


def test_the_longest_known_word_wins(kb):
    spans = found("我的目标是财务自由")
    assert spans["V069"] == "suspected" and "V001" not in spans  # not 「自由」
    assert found("想回老家发展")["V058"] == "named"  # "回老家", not only "老家"


def test_an_answer_may_name_several_entries(kb):
    spans = found("我想要自由，也很看重家人，还想一直成长")
    assert spans == {"V001": "named", "V006": "named", "V002": "named"}


def test_quotes_are_verbatim_and_offsets_exact(kb):
    text = "说起来有点长…… 其实我最看重的是ＡＩ和ChatGPT这类新科技，\n其次才是钱。"
    spans = spans_match(text=text, question_id="P03", categories=["interests"])
    assert {e.entry_id for e in spans} >= {"P004", "P029"}
    chat = next(e for e in spans if e.entry_id == "P029")
    assert (chat.surface, chat.strength) == ("ChatGPT", "named")
    for e in spans:
        assert text[e.start : e.end] == e.quote and len(e.quote) <= 40
        assert text[e.surface_start : e.surface_end] == e.surface
        assert e.start <= e.surface_start < e.surface_end <= e.end
        assert "\n" not in e.quote


def test_a_long_clause_is_quoted_as_a_window_around_the_match(kb):
    text = "我" * 60 + "最看重自由" + "的" * 60
    (span,) = spans_match(text=text, question_id="V07", categories=["values"])
    assert len(span.quote) == 40 and "自由" in span.quote
    assert text[span.start : span.end] == span.quote


def test_every_labelled_quote_is_a_verbatim_substring(kb):
    for row in spans_load() + spans_load(BLIND2):
        for e in spans_match(text=row["text"], question_id=row["question_id"]):
            assert isinstance(e, Evidence) and e.question_id == row["question_id"]
            assert row["text"][e.start : e.end] == e.quote, row["text"]
            assert 0 < len(e.quote) <= 40
            assert row["text"][e.surface_start : e.surface_end] == e.surface


# Pieces people type: names, negations, shrugs, homonyms, marks that fold
# ("…", full-width letters), and plain noise between them.
PIECES = st.sampled_from(
    "自由 成长 家人 钱 领导 领导让 不 没 不是 不在乎 不重要 不知道 自由职业 爸妈 "
    "这点 不要 有没有 意义 ＡＩ ChatGPT … ， 。 、 \n ß 😀 是 的 我".split(" ")
)


# The knowledge is loaded once for all examples: none of them writes.
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pieces=st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=30))
def test_any_text_gives_verbatim_quotes_and_never_fails(kb, pieces):
    text = "".join(pieces)
    for e in spans_match(text=text, question_id="V07"):
        assert text[e.start : e.end] == e.quote and 0 < len(e.quote) <= 40
        assert text[e.surface_start : e.surface_end] == e.surface
        assert e.start <= e.surface_start < e.surface_end <= e.end


def test_evidence_find_reads_every_answer_in_the_categories_asked(kb):
    answers = {"V07": "想要自由", "S04": "大家说我是树洞", "P02": "总去看心理学的书"}
    every = evidence_find(answers=answers)
    assert [(e.question_id, e.entry_id) for e in every] == [
        ("V07", "V001"),
        ("S04", "T045"),
        ("P02", "P001"),
    ]
    values = evidence_find(answers=answers, categories=["values"])
    assert [e.entry_id for e in values] == ["V001"]
    assert (
        evidence_find(answers={"V01": "", "V02": "。", "V03": "不", "V04": "\t不是"})
        == []
    )


def test_an_unknown_category_is_refused(kb):
    with pytest.raises(ValueError, match="categories"):
        spans_match(text="自由", question_id="V07", categories=["talents"])


def test_the_vocabulary_is_built_once_per_knowledge_version(kb):
    spans_match(text="自由", question_id="V07")
    misses = _build.cache_info().misses
    for _ in range(3):
        spans_match(text="成长和家人", question_id="V07")
    assert _build.cache_info().misses == misses


def test_an_admin_added_lexicon_term_takes_effect_after_save(
    kb, client, django_user_model, django_capture_on_commit_callbacks
):
    # Not "我对钱没执念": since blind6 the object of "对" is read with the "没"
    # after it, without the lexicon. Not "钱我真没执念" either: since round 19
    # a one-character name that nothing known weighs names nothing.
    assert found("面子我真没执念") == {"V072": "named"}
    user = django_user_model.objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(user)
    term = {"kind": "negation_after", "term": "没执念", "note": "说自己不执着于它"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("admin:knowledge_lexiconterm_add"), term)
    assert response.status_code == 302
    assert LexiconTerm.objects.filter(term="没执念").exists()
    assert found("面子我真没执念") == {}


def test_an_admin_deleted_term_stops_blocking(kb, django_capture_on_commit_callbacks):
    # Not "看到孩子成长": a child as the subject is someone else's clause now.
    assert found("周末最喜欢的是自由活动") == {}
    with django_capture_on_commit_callbacks(execute=True):
        record_delete(record=LexiconTerm.objects.get(kind="homonym", term="自由活动"))
    assert found("周末最喜欢的是自由活动") == {"V001": "named"}


def test_the_lexicon_is_seeded_into_a_database_loaded_before_it(kb):
    # A database loaded before the lexicon existed: no rows, no fingerprints.
    LexiconTerm.objects.all().delete()
    LoadedRow.objects.filter(table="knowledge.lexiconterm").delete()
    counts = knowledge_seed_if_empty(directory=DATA)
    rows = (DATA / LEXICON).read_text(encoding="utf-8").strip().count("\n")
    assert counts is not None and counts[LEXICON].created == rows
    assert LexiconTerm.objects.count() == rows


def test_the_scorer_counts_a_wrong_label_against_the_matcher(kb):
    right = {"question_id": "V07", "text": "想要自由", "expect": []}
    tallies = spans_score([right])
    assert tallies["named"].precision == 0.0 and tallies["named"].wrong == 1
    right["expect"] = [{"id": "V001", "strength": "named"}]
    assert spans_score([right])["named"].precision == 1.0


def test_labelled_spans_named_precision(kb):
    rows = [
        *spans_load(),
        *spans_load(BLIND2),
        *spans_load(BLIND3),
        *spans_load(BLIND4),
        *spans_load(KINDS5),
        *spans_load(BLIND5),
        *spans_load(KINDS6),
        *spans_load(BLIND6),
        *spans_load(KINDS7),
        *spans_load(BLIND7),
        *spans_load(KINDS8),
        *spans_load(KINDS9),
        *spans_load(KINDS10),
        *spans_load(KINDS11),
        *spans_load(KINDS12),
        *spans_load(KINDS13),
        *spans_load(KINDS14),
        *spans_load(BLIND18),
        *spans_load(BLIND19),
        *spans_load(BLIND20),
        *spans_load(BLIND21),
        *spans_load(BLIND23),
        *spans_load(BLIND24),
    ]
    assert len(rows) >= 1700
    report = {}
    sets = (
        "dev",
        "holdout",
        "holdout2",
        "blind2",
        "blind3",
        "blind4",
        "kinds5",
        "blind5",
        "kinds6",
        "blind6",
        "kinds7",
        "blind7",
        "kinds8",
        "kinds9",
        "kinds10",
        "kinds11",
        "kinds12",
        "kinds13",
        "kinds14",
        "blind18",
        "blind19",
        "blind20",
        "blind21",
        "blind23",
        "blind24",
    )
    for part in (*sets, None):
        chosen = [r for r in rows if part is None or r.get("set") == part]
        report[part or "all"] = tallies = spans_score(chosen)
        print(f"\n{part or 'all'} ({len(chosen)} answers)")
        for kind, tally in tallies.items():
            print(f"  {kind}: {tally}")
    for kind in ("named", "suspected"):
        print(*report["all"][kind].confusions, sep="\n")
    assert report["all"]["named"].precision >= 0.95
    # The sets read in the last round hold their own, not only the total.
    assert report["blind4"]["named"].precision >= 0.95
    assert report["kinds5"]["named"].precision >= 0.95
    assert report["blind5"]["named"].precision >= 0.95
    assert report["kinds6"]["named"].precision >= 0.95
    assert report["blind6"]["named"].precision >= 0.95
    assert report["kinds7"]["named"].precision >= 0.95
    assert report["blind7"]["named"].precision >= 0.95
    assert report["kinds8"]["named"].precision >= 0.95
    assert report["kinds9"]["named"].precision >= 0.95
    assert report["kinds10"]["named"].precision >= 0.95
    assert report["kinds11"]["named"].precision >= 0.95
    assert report["kinds12"]["named"].precision >= 0.95
    assert report["kinds13"]["named"].precision >= 0.95
    assert report["kinds14"]["named"].precision >= 0.95
    # Read in round 17 (seen): held to the round's own target.
    assert report["blind18"]["named"].precision >= 0.97
    # Read in round 18 (seen): held to the same target.
    assert report["blind19"]["named"].precision >= 0.97
    # Read in round 19, by kind (seen): held to the same target.
    assert report["blind20"]["named"].precision >= 0.97
    assert report["blind21"]["named"].precision >= 0.97
    # Read in round 20, by kind, four labels relabelled to the convention (seen).
    assert report["blind23"]["named"].precision >= 0.97
    # Read in round 21, by kind (seen).
    assert report["blind24"]["named"].precision >= 0.97


# Kind 1 of the blind3 review: someone else's trait or liking.
@pytest.mark.parametrize(
    ("text", "question_id", "category", "entry"),
    [
        # The person's next clause sets them apart: nothing.
        ("我表哥特别自律，每天五点起床跑步，我可做不到。", "V01", "values", "V017"),
        (
            "我室友特别有主见，什么都自己拿主意，但我跟她不一样。",
            "V01",
            "values",
            "V014",
        ),
        ("我爸一辈子顾家，只围着家里转。我不想过这种日子。", "V04", "values", "V006"),
        ("我男朋友天天在研究摄影，我就负责当模特。", "P05", "interests", "P040"),
        ("我表姐特别上进，说真的我看着都累。", "V01", "values", "V002"),
        # A keyword in the person's clause ("靠谱") does not stop it.
        ("我哥特别有责任心，家里事都是他扛，我就没那么靠谱。", "V01", "values", "V040"),
        ("我哥从小就爱讲故事，我就是在旁边听的那个。", "S02", "strengths", "T029"),
        # Others' praise the person disputes.
        (
            "经理说我特别会带团队，我觉得他就是想让我多干活。",
            "S04",
            "strengths",
            "T049",
        ),
        ("邻居都说我擅长维修，其实我根本不会。", "S04", "strengths", "T071"),
        ("同事都说我很会讲故事，我觉得一般吧。", "S07", "strengths", "T029"),
        ("朋友都说我会讲故事，其实是客套话。", "S04", "strengths", "T029"),
        ("从小被夸会讲故事，不过我觉得他们在哄我。", "S02", "strengths", "T029"),
        ("身边的人都在拼命赚钱，我不想那样。", "V07", "values", "V069"),
    ],
)
def test_someone_elses_trait_the_person_sets_apart_gives_nothing(
    kb, text, question_id, category, entry
):
    assert entry not in found(text, question_id, category)


def test_someone_elses_trait_is_at_most_suspected(kb):
    # Not the person's talent, passion or (outside the questions about other
    # people) value: "我妹妹活得很自由" is hers.
    assert found("我姐特别会讲故事。", "S02", "strengths") == {"T029": "suspected"}
    assert found("我同事天天研究摄影。", "P05", "interests") == {"P040": "suspected"}
    assert found("我妹妹活得很自由。", "V07") == {"V001": "suspected"}
    assert found("看到我闺蜜终于自由了。", "V06")["V001"] == "suspected"
    # A contrast with the person ("但我…") leaves a doubt, even on V04.
    assert found("我妈特别节俭，但我花钱大手大脚。", "V04") == {"V033": "suspected"}
    # Whom the person admires (V01) or would inherit from (V04) stays named,
    # and admiring them while falling short leaves a doubt, not nothing.
    assert found("我妹妹活得很自由。", "V01") == {"V001": "named"}
    assert found("我佩服我表哥，他特别自律，我可做不到。", "V01") == {
        "V017": "suspected"
    }
    # What others say of the person is still a talent of theirs.
    assert found("同事都说我是树洞。", "S04", "strengths") == {"T045": "named"}
    assert found("从小被夸会讲故事。", "S02", "strengths") == {"T029": "named"}
    assert found("同事都说我很会讲故事，我也这么觉得。", "S07", "strengths") == {
        "T029": "named"
    }


# Kind 2: a hedge anywhere in the sentence, or opening the next one.
@pytest.mark.parametrize(
    ("text", "question_id", "category", "entry"),
    [
        ("我妈很节俭，我好像也有点像她。", "V04", "values", "V033"),
        ("我常看攒钱的视频，但可能只是焦虑。", "P02", "interests", "P113"),
        ("朋友说我会讲故事，我也不知道是夸还是损。", "S07", "strengths", "T029"),
        ("大家说我会讲故事……不知道算不算优点。", "S07", "strengths", "T029"),
        ("我舅舅很有影响力。我想不想那样？搞不清楚。", "V01", "values", "V070"),
        ("气候变化算吗？", "P06", "interests", "P053"),
    ],
)
def test_a_hedge_anywhere_in_the_sentence_leaves_a_doubt(
    kb, text, question_id, category, entry
):
    assert found(text, question_id, category)[entry] == "suspected"


# Kind 3: dismissals and views the person has dropped.
@pytest.mark.parametrize(
    ("text", "question_id", "category", "entry"),
    [
        (
            "以前很爱画画，一画一下午那种，现在完全没兴趣了。",
            "P04",
            "interests",
            "P077",
        ),
        ("主持对我来说就是酷刑。", "S05", "strengths", "T034"),
        ("每次当众讲话，一上去腿就抖，就是折磨。", "S05", "strengths", "T034"),
        ("让我同时做几件事我就乱了。", "S05", "strengths", "T069"),
        ("说我擅长维修，我真不同意。", "S04", "strengths", "T071"),
        ("搜的全是数据分析的教程，老板要的。", "P03", "interests", "P031"),
        ("画画早就放弃了。", "P04", "interests", "P077"),
        ("打游戏以前天天玩，现在戒了。", "P04", "interests", "P010"),
        ("健身这种事，我其实挺抗拒的。", "P05", "interests", "P006"),
        ("讲故事真的不行。", "S05", "strengths", "T029"),
        ("我带团队带得一塌糊涂。", "S06", "strengths", "T049"),
        ("带团队对我来说太累了。", "S05", "strengths", "T049"),
        ("画画？算了吧。", "P04", "interests", "P077"),
    ],
)
def test_a_dismissal_or_a_dropped_view_does_not_name(
    kb, text, question_id, category, entry
):
    assert found(text, question_id, category).get(entry) != "named"


# Kind 4: homonyms of the question's own wording and of the boss.
def test_the_questions_own_wording_is_no_value(kb):
    assert "V095" not in found("理想的一天？我也说不好。", "V07")
    assert "V095" not in found("我男朋友的理想一天是打游戏。", "V07")
    assert "V095" not in found("我理想的生活就是不用上班。", "V07")
    assert found("我一直有个理想，开一家书店。", "V07") == {"V095": "named"}
    assert "V074" not in {
        k for k, v in found("领导当着全部门的面骂人。", "V05").items() if v == "named"
    }


@pytest.mark.parametrize(
    "text",
    [
        # "可能" inside another word is no hedge.
        "自由，尽可能少被打扰。",
        "我最看重自由，觉得人生有无限可能。",
        # A hedge with a question of its own as object doubts only that.
        "和家人在一起，不确定干什么，但一定要在一起。",
    ],
)
def test_what_only_looks_like_a_hedge_leaves_the_sentence_named(kb, text):
    assert "named" in found(text, "V07").values()


# The blind4 round: kinds, each on sentences of our own (evidence_kinds5.jsonl
# holds more of them).
@pytest.mark.parametrize(
    ("text", "question_id", "category", "expected"),
    [
        # Someone named by surname, relation or role is someone else.
        ("小王特别上进，天天加班考证，我只想准点下班。", "V07", "values", {}),
        ("我带的实习生第一次独立完成了方案", "V06", "values", {"V011": "suspected"}),
        ("我们主任说我很幽默，言下之意是我爱贫嘴。", "S07", "strengths", {}),
        # Everyday words after 小 are no surname.
        (
            "小范围试了一下，自由安排时间的感觉真好。",
            "V07",
            "values",
            {"V001": "named"},
        ),
        # What others are owed is the person's judgment; a scene is only a scene.
        (
            "老师对学生就该一视同仁，偏心的老师我最讨厌。",
            "V05",
            "values",
            {"V009": "named"},
        ),
        (
            "看到有人插队我就来气，排队就该公平。",
            "V05",
            "values",
            {"V009": "named"},
        ),
        # Bought but unused, begun but dropped, a view given up or mistaken.
        (
            "买了一台天文望远镜，但是压箱底好几年了。",
            "P05",
            "interests",
            {"P120": "suspected"},
        ),
        ("大概是摄影？买了相机但一直吃灰", "P04", "interests", {"P040": "suspected"}),
        (
            "以前特别爱打游戏，一周能花几百，现在工作了完全没兴趣了",
            "P04",
            "interests",
            {"P010": "suspected"},
        ),
        ("我一直以为撑着我的是理想，后来发现其实就是怕挂科", "V03", "values", {}),
        # Dragged along is not a passion; taken up afterwards is.
        (
            "朋友总拉我去爬山，我是被拖着走的。",
            "P05",
            "interests",
            {"P058": "suspected"},
        ),
        (
            "爸爸小时候带我去看星星，后来我自己也爱上了。",
            "P05",
            "interests",
            {"P120": "named"},
        ),
        # Fear, options not chosen, money as a sum, an industry's name.
        ("当众讲话我就犯怵，能躲就躲。", "S05", "strengths", {}),
        (
            "两个offer，一个钱多一个离家近，最后选了离家近的，因为想陪家人",
            "V02",
            "values",
            {"V069": "suspected", "V006": "named"},
        ),
        ("一块钱掰成两半花，这点我继承了", "V04", "values", {}),
        ("毕业时拒了一家教培机构，去了现在这家公司。", "V02", "values", {}),
        # Whom the person spends the time with names; a quarrel does not.
        ("晚上约三五个好朋友撸串", "V07", "values", {"V059": "named"}),
        ("跟爸妈大吵一架以后，我搬出去住了。", "V06", "values", {"V006": "suspected"}),
        # A noun is no shrug; money as a sum is no value; a longer alias of a
        # talent still names the value inside it.
        (
            "想做一件让普通人也能被公平对待的事",
            "V09",
            "values",
            {"V009": "named"},
        ),
        ("后来去了一家小公司，钱少了三分之一，可是不用加班", "V02", "values", {}),
    ],
)
def test_blind4_kinds(kb, text, question_id, category, expected):
    assert found(text, question_id, category) == expected


# The blind6 round's rules, one case each (more in evidence_kinds7.jsonl).
@pytest.mark.parametrize(
    ("text", "question_id", "category", "expected"),
    [
        # A view held back then and dropped now, across sentences: nothing.
        (
            "我以前也觉得钱最重要。后来经历了一些事，现在完全不这么看了。",
            "V04",
            "values",
            {},
        ),
        ("年轻时觉得一定要买房，现在想开了，租着也挺好。", "V02", "values", {}),
        # ...but a view still held stays named.
        (
            "那时候觉得自律特别酷，现在也还是这么觉得。",
            "V04",
            "values",
            {"V017": "named"},
        ),
        # Taking the wish itself back, over a sentence that opens with "but".
        (
            "舒舒服服躺一天就好。不过躺一天就腻了，其实也不是真想这样。",
            "V07",
            "values",
            {},
        ),
        (
            "舒舒服服睡一天。不过晚上还是想出门走走。",
            "V07",
            "values",
            {"V100": "named"},
        ),
        # The object of "对" with a negated verb after it; 懒得 both ways.
        ("说实话我对钱不太上心，够用就好。", "V02", "values", {"V104": "named"}),
        ("我对家人特别上心。", "V06", "values", {"V006": "named"}),
        ("买房我真懒得操心，租着也挺好。", "V02", "values", {}),
        # A two-character A-not-A weighs the word: "whether or not".
        ("自由不自由的，早就不去想了。", "V07", "values", {}),
        # Someone else with a short "…的" of where they belong.
        ("隔壁组的老王特别会带团队，我就是在旁边看的。", "S04", "strengths", {}),
        (
            "我们部门的小陈特别能搞气氛，年会全靠她。",
            "S06",
            "strengths",
            {"T098": "suspected"},
        ),
        # A negative question insists; a plain one asks.
        ("我要的不就是自由吗？", "V02", "values", {"V001": "named"}),
        ("自由真的那么重要吗？", "V02", "values", {"V001": "suspected"}),
        # "拉着我的手" tells the person nothing; "直接" ends a negation's reach.
        (
            "有个老人拉着我的手不放，我觉得能帮一把真好。",
            "V06",
            "values",
            {"V005": "named"},
        ),
        (
            "不看字幕直接追番，是我初中最爱干的事。",
            "P01",
            "interests",
            {"P067": "named"},
        ),
        # 老房子 renovated is a flat, not an old neighbourhood.
        ("最近爱看老房子改造的节目，一集接一集。", "P02", "interests", {}),
    ],
)
def test_blind6_kinds(kb, text, question_id, category, expected):
    assert found(text, question_id, category) == expected


# The blind7 round's rules, one case each (more in evidence_kinds8.jsonl).
@pytest.mark.parametrize(
    ("text", "question_id", "category", "expected"),
    [
        # The object first, then the person turning it down: nothing; and
        # "他那种…" is their trait, not "this" pointing back at the 节俭.
        ("我妈那种爱攀比的面子观我可不想要。", "V04", "values", {}),
        (
            "想学我姥爷的节俭，他那种倔脾气我坚决不要。",
            "V04",
            "values",
            {"V033": "named"},
        ),
        ("琐碎的杂活我干不来。", "S05", "strengths", {}),
        # A negation before a comparison governs the life compared.
        (
            "不想像我二叔那样拼命到把身体搞垮，我想活得轻松点。",
            "V04",
            "values",
            {"V097": "suspected"},
        ),
        # A bare "I don't like it" says no to the sentence; a "but" after keeps it.
        ("想学会计，纯粹为了考个证，其实并不喜欢。", "P07", "interests", {}),
        # A search run for someone else, a complaint about doing it: hints.
        (
            "搜了一堆留学中介，帮我表哥问的。",
            "P03",
            "interests",
            {"P021": "suspected"},
        ),
        # "有权有势就能…" on V09 is the wrong, not a value; 艺术生 is a student.
        ("最缺的是公道，有权有势就能为所欲为。", "V09", "values", {"V009": "named"}),
        ("我是艺术生，当时选专业就图个喜欢。", "V02", "values", {}),
        # What the person wants for others is only a hint of the value.
        (
            "那几年拼命攒钱，就想让孩子们也能自由一点。",
            "V03",
            "values",
            {"V046": "named", "V001": "suspected"},
        ),
    ],
)
def test_blind7_kinds(kb, text, question_id, category, expected):
    assert found(text, question_id, category) == expected


def test_done_for_the_family_is_a_value_not_a_passion(kb):
    # "为了/想让 + family" says whom they do it for: that names the value ...
    assert found("拼命加班就是想让父母住上大房子", "V03")["V006"] == "named"
    # ... but money spent on a child's classes is no passion of the person's.
    spent = found(
        "为了孩子报各种兴趣班，钱全花这上面了，我自己没啥想学的", "P04", "interests"
    )
    assert "named" not in spent.values(), spent


# The blind9 round's rules, one case each (more in evidence_kinds9.jsonl).
@pytest.mark.parametrize(
    ("text", "question_id", "category", "expected"),
    [
        # A money homonym ("借钱") with the person between is still a sum.
        ("他们从不拖欠别人钱，借邻居的钱也按时还。", "V04", "values", {}),
        ("选工作那会儿就看钱，谁给得多跟谁干。", "V02", "values", {"V069": "named"}),
        # "一点…都不" turns down the word inside it.
        ("有的人一点责任都不担。", "V05", "values", {}),
        # A liking turned down later in the sentence leaves only a hint.
        (
            "家里在玩游戏，不过是我老公，我对游戏一点兴趣都没有。",
            "P01",
            "interests",
            {"P066": "suspected"},
        ),
        # S05: the name the difficulty is about is the hard thing, not a talent
        # (a hint until round 13; the convention and every labelled set say
        # nothing).
        (
            "写东西太费劲了。不过临场说几句我张口就来。",
            "S05",
            "strengths",
            {"T042": "named"},
        ),
        ("我特别社恐，人一多就想跑", "S05", "strengths", {"T051": "named"}),
        # A wish for one's own child; someone else's written words; a joke.
        ("希望我儿子以后被人夸正直。", "V08", "values", {"V048": "suspected"}),
        (
            "毕业册上班主任写着：“你是最真诚的孩子”。",
            "V06",
            "values",
            {"V004": "suspected"},
        ),
        ("最缺的是钱（笑）", "V09", "values", {"V069": "suspected"}),
        # Lexicon homonyms: a workplace, a train, a catchphrase.
        ("在事业单位待了五年。", "V02", "values", {}),
        ("家人们谁懂啊，又加班了。", "V05", "values", {}),
    ],
)
def test_blind9_kinds(kb, text, question_id, category, expected):
    assert found(text, question_id, category) == expected
