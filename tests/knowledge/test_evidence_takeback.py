"""Round 10: a named mention a later clause takes back is only suspected."""

import pytest

from django.urls import reverse

from knowledge.evidence.takeback import taken_back
from knowledge.models import LexiconTerm
from tests.knowledge.evidence_score import strength


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # Falling short of what the person admires.
        ("V01", "我表姐活得很自由，说走就走。我上有老下有小，没那个命。", "V001"),
        # Setting themselves apart from what moved everyone else.
        ("V06", "评论区都说家人最重要，看哭了一片，我倒没啥感觉。", "V006"),
        # Doubt, a sentence later, about the same entry.
        ("V08", "希望别人说我有耐心。不过我是不是真有耐心，我自己也拿不准。", "V049"),
        # Irony, after the boast in the same sentence.
        ("V08", "希望被人说自律？我可太自律了，周末能刷十集剧，开玩笑的。", "V017"),
        # A liking dropped.
        ("P01", "大学时迷过一阵摄影，天天背着相机扫街。现在玩腻了。", "P040"),
        # Dislike with the object first, "这个话题" between.
        ("P06", "女权这个话题我不太感兴趣，吵来吵去的。", "P061"),
        # A topic of the cue's own that is the entry.
        ("S01", "我写文章很快。至于做表格，我差得远。", "T006"),
    ],
)
def test_a_later_take_back_leaves_it_suspected(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "suspected"


@pytest.mark.parametrize(
    ("question_id", "text", "entry"),
    [
        # Someone else falls short or does not care.
        (
            "V01",
            "我最佩服我妈，特别善良。她常说这辈子是做不到像我这样读大学了。",
            "V043",
        ),
        ("V01", "我佩服我姐，特别独立。她老公倒是对开店没啥兴趣。", "V011"),
        # The cue has an object of its own.
        ("P01", "从小就喜欢画画，到现在还画。跑步我不太喜欢，太累。", "P077"),
        ("P05", "我能跟人聊一晚上养猫的事。说到球赛我就没啥兴趣了。", "P054"),
        ("V03", "撑着我的是家人。我一直觉得家人最重要。别的事我没那么在乎。", "V006"),
        # An object of its own that names no entry, before "我".
        ("V02", "选工作我最看重自由。加班多少我没那么在乎。", "V001"),
        ("V02", "我喜欢自由，被人管着的日子我可做不到。", "V001"),
        # A name in the cue's own sentence is what it is about.
        (
            "V06",
            "抱着女儿，觉得家人就是一切。以前觉得钱最重要，现在没那么在乎了。",
            "V006",
        ),
        # Conceded, or turned round after the cue.
        ("V04", "我爸很善良。我也想这样，虽然现在还差得远，但我一直在学。", "V043"),
        (
            "V08",
            "希望别人说我真诚。我自己也拿不准能不能做到，但会一直这么要求自己。",
            "V004",
        ),
    ],
)
def test_a_cue_about_something_else_takes_nothing_back(kb, question_id, text, entry):
    assert strength(text, question_id, entry) == "named"


def test_taken_back_reaches_two_sentences_back_and_no_further():
    folded = "我看重自由。后来忙。再后来更忙。这辈子是做不到了。"
    mentions = [(3, 5, frozenset({"V001"}), True)]
    assert taken_back(folded, mentions, ["做不到了"]) == set()
    assert taken_back(folded[6:], [(0, 2, frozenset({"V001"}), True)], ["做不到了"])


def test_an_admin_added_take_back_cue_takes_effect_after_save(
    kb, client, django_user_model, django_capture_on_commit_callbacks
):
    text = "我表姐活得很自由。我这种性格，想都别想。"
    assert strength(text, "V01", "V001") == "named"
    user = django_user_model.objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(user)
    term = {"kind": "takeback", "term": "想都别想", "note": "本人说自己够不着"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("admin:knowledge_lexiconterm_add"), term)
    assert response.status_code == 302
    assert LexiconTerm.objects.filter(kind="takeback", term="想都别想").exists()
    assert strength(text, "V01", "V001") == "suspected"
