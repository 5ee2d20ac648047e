"""A stated limit of time or place, and an answer typed in chat (Coach 3 §5, §3).

"孩子还小走不开…没法出门做" is not a story to probe: the limit is quoted and
the small experiments are made to fit it (at home, online, inside the time they
named). "第3题我直接说吧：…" is an answer: quoted as that question's, the way
to keep it said, one question that deepens it. Messages here are not in the
evaluation sets.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check


async def test_a_limit_of_time_and_place_shrinks_the_experiment_to_fit(
    kb, offline_config
):
    answers = {"S04": "邻居家孩子作文不会写都来找我，我一句句帮他们改。"}
    text = "我得照顾我妈出不去门，每天就晚上一个小时空着，你那些小实验我做不了。"
    result = await Chat(offline_config, X, answers=answers).say(text)
    reply = result.text
    assert result.trace["act"] == "means", reply
    check(reply, [*answers.values(), text])
    assert "「我得照顾我妈出不去门」" in reply  # the limit, in their words
    assert "晚上一个小时" in reply  # sized to the time they named
    assert "在家" in reply and "网上" in reply
    assert "我一句句帮他们改" in reply  # one example from what they do
    assert reply.count("？") == 1 and "行吗" in reply  # offered, not ordered
    assert "哪一天" not in reply and "哪一幕" not in reply


async def test_a_limit_with_no_time_named_still_gets_a_small_step(kb, offline_config):
    result = await Chat(offline_config, P).say(
        "家里老人卧床我走不开，你说的出去试试根本没法做"
    )
    assert result.trace["act"] == "means", result.text
    assert "「家里老人卧床我走不开」" in result.text
    assert "在家" in result.text and "空当" in result.text


async def test_a_story_about_caring_is_not_a_limit(kb, offline_config):
    # No step is pushed back on: a memory of looking after someone stays a story.
    result = await Chat(offline_config, V).say(
        "那年我照顾老人整整三个月，每天都在医院陪床，累但是觉得值"
    )
    assert result.trace["act"] != "means", result.text


async def test_an_answer_typed_in_chat_is_kept_as_that_questions(kb, offline_config):
    text = "第5题我直接在这儿答：我最受不了别人答应了的事不当回事，说好几点就几点。"
    result = await Chat(offline_config, V, question_id="V05").say(text)
    reply = result.text
    assert result.trace["act"] == "answer_here", reply
    check(reply, [text])
    assert "第5题" in reply and "「我最受不了别人答应了的事不当回事" in reply
    assert "贴进" in reply
    assert reply.count("？") == 1
    assert "哪一幕" not in reply


async def test_this_question_named_or_an_id_also_counts(kb, offline_config):
    said = await Chat(offline_config, S, question_id="S03").say(
        "这题我就说了吧：修电脑我能一坐一下午，拆开装上一点不烦"
    )
    assert said.trace["act"] == "answer_here", said.text
    assert "第3题" in said.text and "「修电脑我能一坐一下午" in said.text
    by_id = await Chat(offline_config, P).say("P04：我最爱逛五金店，看各种小工具")
    assert by_id.trace["act"] == "answer_here", by_id.text
    assert "第4题" in by_id.text and "吸引你" in by_id.text


async def test_a_question_about_a_question_is_not_an_answer(kb, offline_config):
    for ask in (
        "第3题什么意思：是说平时做的事吗",
        "第2题帮我改改：我写得太空了",
        "你帮我瞅瞅第4题这样写行不行：我每天下班都去河边跑步",
    ):
        result = await Chat(offline_config, V).say(ask)
        assert result.trace["act"] != "answer_here", (ask, result.text)


async def test_asking_whether_the_workbook_pays_is_met_with_income_first(
    kb, offline_config
):
    # "does this earn me anything?" is the income need, not an unclear message
    answers = {"S03": "我能对着电路图琢磨一下午，家里的灯都是我自己接的。"}
    text = "天天写这些到底有什么用，能让我多赚点钱吗"
    result = await Chat(offline_config, X, answers=answers).say(text)
    reply = result.text
    assert result.trace["act"] == "means", reply
    check(reply, [*answers.values(), text])
    assert "挣得到钱" in reply and "一个月给多少" in reply
    assert "没抓准" not in reply and "没把握" not in reply
    assert reply.count("？") == 1
