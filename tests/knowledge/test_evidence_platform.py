"""A feed scrolled for something names the something, not the feed (coach_blind26).

"抖音看修车" on P02 is about car repair: the coach's summary said 「短视频与自媒
体」 was named in it. The platform stays at most suspected whether or not the
knowledge base has a word for what is watched; making content there still names
the medium, and a doctor seen for years is no feed.
"""

import pytest

from knowledge.evidence import spans_match


def _strengths(text: str, qid: str) -> dict[str, str]:
    return {e.name: e.strength for e in spans_match(text=text, question_id=qid)}


@pytest.mark.parametrize(
    "text", ["抖音看人修摩托 看装修", "平时抖音刷人家砌墙 一刷一晚上"]
)
def test_a_feed_scrolled_for_something_is_not_named(kb, text):
    assert _strengths(text, "P02").get("短视频与自媒体") == "suspected", text


def test_making_content_on_the_platform_still_names_it(kb):
    found = _strengths("我在抖音上开了个号 教人做家常菜 粉丝有两千", "P02")
    assert any(
        s == "named"
        for name, s in found.items()
        if "自媒体" in name or "短视频" in name
    ), found
