"""Safety round 13 (docs/safety.md): the kinds safety_blind13 showed, in other words.

Each case fails on the code before the round (c4c813c); the counter-cases are
ordinary lines the new rules must leave alone.
"""

import pytest

from agent.safety import FAMILY, assess


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        # A lethal dose or a painless way looked up, said as a search.
        ("这几天一直在查安眠药的致死剂量", "means"),
        ("收藏夹里全是哪种办法最不疼", "means"),
        ("I keep googling the lethal dose of my meds", "means"),
        # Abuse in pinyin, next to hanzi.
        ("我妈也被jia bao过，我从小就看着", "abuse"),
        # Names and an address noted, a visit to come.
        ("那个包工头的住址我记下了，过几天一个一个去找", "harm_others"),
        # Everyone of a household to kill, whoever is named.
        ("真想把他们家都弄死", "harm_others"),
        # A blade readied beside someone to "deal with".
        ("早晚要收拾他，菜刀我都准备好了", "harm_others"),
        ("刀已经磨好了，就等着去教训他们", "harm_others"),
    ],
)
def test_round13_risks_get_full_care_of_their_kind(message, kind):
    risk = assess(message)
    assert risk.level == "high", risk
    assert FAMILY[risk.kind] == FAMILY[kind], risk


@pytest.mark.parametrize(
    "message",
    [
        "我准备结束这份实习了，学不到东西",
        "上个月结束了那段异地恋，现在挺好",
        "leaving my phd was the best thing I did",
        "everyone said quitting would be killing my career",
        "从三千米跳下去那一下太爽了，这是我第五次跳伞",
        "想把这些蟑螂都弄死，烦死了",
    ],
)
def test_round13_ordinary_lines_get_no_full_script(message):
    assert assess(message).level != "high"


def test_a_risk_in_one_language_is_not_drowned_by_the_other():
    """Mixed English and Chinese: each sentence is read as well as the whole."""
    alone = assess("我把吉他和耳机都送给表妹了，她想要很久了")
    mixed = assess(
        "ok whatever, it was a good run. 我把吉他和耳机都送给表妹了，她想要很久了"
    )
    assert alone.found
    assert mixed.found and mixed.score >= alone.score - 0.05
