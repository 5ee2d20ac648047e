"""What coach_blind29 showed undone or untrue, checked here in our own words.

A plain ask in words no rule knew is read by its verb and its object rather
than met with the unsure menu or quoted back as a story; material told inside
the ask is what gets written; a summary at an empty step covers what was
written elsewhere; two wishes are weighed; a flaw is found where it was named
or saved; a word inside a listed clause is not that item; answers that pull
apart are shown side by side; a quoted hint line is explained; an experiment
is built from their own candidate, and "换一个" moves to the next one.
"""

from __future__ import annotations

from agent.dialogue.realise.refs import _items_named
from tests.agent.test_offline import Chat, P, S, V, after_exchange
from tests.agent.test_offline import X as C

UNSURE = ("没把握", "没太抓准", "不乱接")


async def test_a_summary_at_an_empty_step_covers_the_others(kb, offline_config):
    chat = Chat(
        offline_config,
        C,
        question_id="C01",
        answers={"V03": "带社区合唱团排练了两年", "S04": "邻居常找我修水管"},
    )
    result = await chat.say("帮我把我到现在为止写的理一理")
    assert "还没写下答案" not in result.text, result.text
    assert "带社区合唱团排练了两年" in result.text, result.text


async def test_a_plain_ask_for_a_version_is_done_not_abstained(kb, offline_config):
    for ask in (
        "那照你的意思，S03该怎么改？给我一版",
        "我的S03太generic了，can you make it more specific?",
    ):
        chat = Chat(
            offline_config,
            S,
            question_id="S03",
            answers={"S03": "整理东西，收拾屋子，可以收拾一整天"},
        )
        result = await chat.say(ask)
        assert not any(w in result.text for w in UNSURE), (ask, result.text)
        assert "「整理东西" in result.text, (ask, result.text)


async def test_material_told_inside_the_ask_is_what_gets_written(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P02", answers={"P02": "都行吧"})
    result = await chat.say(
        "说实话我最爱看的是修老家具的视频，一看一下午，帮我重新写一版"
    )
    assert "「我最爱看的是修老家具的视频」" in result.text, result.text
    assert not any(w in result.text for w in UNSURE), result.text
    empty = Chat(offline_config, V, question_id="V06", answers={})
    result = await empty.say(
        "你帮我写一版，口气像我就行，就写去年冬天替我爸守了一夜鱼塘那次"
    )
    assert "去年冬天替我爸守了一夜鱼塘" in result.text, result.text
    assert not any(w in result.text for w in UNSURE), result.text


async def test_say_it_simpler_is_not_quoted_back(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        P,
        "P03",
        "P03是问什么",
        "第3题是问：最近一个月你主动搜索最多的是哪类话题。",
    )
    result = await chat.say("讲简单点，我今天脑子转不动")
    assert "你写到「" not in result.text, result.text


async def test_two_wishes_are_weighed(kb, offline_config):
    chat = Chat(
        offline_config, P, question_id="P07", answers={"P01": "小时候爱烤小饼干"}
    )
    result = await chat.say("进修一年的话，我想学烘焙，又想学摄影，选哪个")
    assert "「烘焙」" in result.text and "「摄影」" in result.text, result.text


async def test_a_flaw_is_found_where_it_was_named_or_saved(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02", answers={})
    result = await chat.say("我最大的缺点就是拖拉 这种东西能翻成优点吗")
    assert "正因为拖拉" in result.text, result.text
    saved = Chat(
        offline_config,
        S,
        question_id="S02",
        answers={"S02": "从小被我爸说拖拉，交作业总是最后一个"},
    )
    result = await saved.say("照“正因为……所以……”的样子给我造个句子")
    assert "拖拉" in result.text, result.text


def test_a_word_inside_a_listed_clause_is_not_that_item():
    items = [{"name": "同事被当众训斥时我很气，大家应该平等相待"}, {"name": "耐心"}]
    assert _items_named("应该", items) == []
    assert _items_named("耐心", items) == [1]


async def test_answers_that_pull_apart_are_shown_side_by_side(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V09",
        answers={
            "V02": "毕业回了老家的事业单位，图个稳定",
            "V08": "她说走就走，活得特别自由",
        },
    )
    result = await chat.say("你帮我看看这几题之间有没有互相矛盾的地方")
    assert "「自由」" in result.text, result.text
    assert "第2题" in result.text and "第8题" in result.text, result.text
    calm = Chat(
        offline_config,
        V,
        question_id="V09",
        answers={"V03": "带社区合唱团排练了两年", "V06": "合唱比赛拿了第二"},
    )
    result = await calm.say("我写的这些有没有互相矛盾的地方")
    assert "没看到" in result.text, result.text


async def test_a_quoted_hint_line_is_explained(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05", answers={})
    result = await chat.say("“被你舍弃的选项”这句到底啥意思")
    assert "“被你舍弃的选项”" in result.text, result.text
    assert "没太抓住" not in result.text, result.text


async def test_an_experiment_is_built_from_their_candidate(kb, offline_config):
    chat = Chat(
        offline_config,
        C,
        question_id="C05",
        answers={
            "C01": "用“耐心”在老年教育领域，教老人用手机挂号",
            "C02": "用“动手”在家居领域，帮邻居修小家电",
        },
    )
    first = await chat.say("安排个这周就能做的小实验")
    assert "教老人用手机挂号" in first.text, first.text
    other = await chat.say("换一个")
    assert "帮邻居修小家电" in other.text, other.text
    busy = await chat.say("太大了，我下班只有一个小时，周末还要值班")
    assert "周末的" not in busy.text, busy.text


async def test_a_skip_asked_with_a_mild_feeling_is_answered(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S07", answers={})
    result = await chat.say("我真不好意思去问同事，挺难为情的，S07能跳过吗")
    assert "可选" in result.text, result.text


async def test_an_ask_is_never_offered_as_their_material(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        S,
        "S08",
        "换个跟做饭沾边一点的例子",
        "比如有人小时候就会给全家修收音机。",
    )
    result = await chat.say("我小时候老帮奶奶包饺子、擀皮，这个怎么写进S08")
    assert "「换个跟做饭沾边一点的例子」" not in result.text, result.text


async def test_a_line_we_never_wrote_is_not_cut_from_something_else(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        P,
        "P07",
        "要是能免费学一年，我想学木工，可又怕别人笑我。你帮我写写看",
        "第7题还空着，可以先用你刚才说的这几句：「我想学木工」，「可又怕别人笑我」。",
    )
    result = await chat.say("刚才那版里“这就是我的热爱”那句删掉，太煽情")
    assert "「这就是我的热爱」" in result.text and "没有" in result.text, result.text


async def test_an_experiment_meets_the_worry_they_said_not_another(kb, offline_config):
    chat = Chat(
        offline_config,
        C,
        question_id="C05",
        answers={"C01": "用“细心”在宠物领域，帮邻居照看猫"},
    )
    result = await chat.say(
        "每天下班都很累，我怕又坚持不下来，两周的小实验我真能做完吗"
    )
    assert "降薪" not in result.text and "房贷" not in result.text, result.text


async def test_not_knowing_how_to_write_is_no_material(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        V,
        "V02",
        "V02我真不知道咋写 我好像就没做过啥重要选择",
        "第2题说白了，是挑一次你做过的大决定。",
    )
    result = await chat.say("那你帮我起个头 我接着往下写")
    assert "咋写" not in result.text and "没做过啥" not in result.text, result.text
