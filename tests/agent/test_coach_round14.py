"""Replies coach_blind10 showed wrong, checked here in our own words.

A reading of ours disputed, a job outside the workbook, a hard stretch piled
up in one long message, a habit quoted earlier and flipped now, an answer
typed inside the ask, and quotes cut inside their own quote marks.
"""

from __future__ import annotations

from agent import quotes
from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check


async def test_a_reading_disputed_is_corrected_in_their_words(kb, offline_config):
    story = "上个月我把科室的排班表全重做了一遍，每个人的休息都排开了"
    chat = Chat(
        offline_config,
        S,
        recent_messages=[("user", story), ("coach", "这段你记得很清楚。")],
    )
    await chat.say("那这说明我擅长啥？")
    result = await chat.say("但我不觉得我是爱管事，听着像管家婆。我就是怕大家累垮")
    reply = result.text
    assert result.trace["act"] == "repair", reply
    assert "怕大家累垮" in reply and "划掉" not in reply, reply


async def test_a_story_told_on_after_a_rephrase_is_no_dispute(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03")
    await chat.say("这题啥意思")
    result = await chat.say("可是我上班以外根本没时间，周末就在家修修自行车")
    assert result.trace["act"] != "repair", result.text


async def test_a_job_outside_the_workbook_is_declined_plainly(kb, offline_config):
    for ask in (
        "帮我写一封邮件给房东，问下押金什么时候退",
        "你知道最近猪肉价格怎么样吗 我们这边涨得厉害",
    ):
        result = await Chat(offline_config, V).say(ask)
        assert result.trace["act"] == "scope", (ask, result.text)


async def test_a_hard_stretch_in_one_long_message_gets_care_first(kb, offline_config):
    text = (
        "每天下班都十二点到家了，老人又住院，我请不到假只能两头跑。"
        "说实话我都不知道写这些干嘛，喜欢的事？我哪有时间喜欢啥子。"
    )
    result = await Chat(offline_config, P, question_id="P06").say(text)
    reply = result.text
    assert result.trace["act"] == "empathy", reply
    assert "要的答案" not in reply and "哪有时间" not in reply, reply
    check(reply, [text])


async def test_a_habit_quoted_earlier_is_the_one_flipped(kb, offline_config):
    told = "从小我妈骂我最多的就是“三分钟热度”，学琴两个月就放下了"
    chat = Chat(
        offline_config,
        S,
        recent_messages=[("user", told), ("coach", "这个习惯很多人都有。")],
    )
    reply = (await chat.say("那你帮我把这个缺点翻成优点吧")).text
    assert "三分钟热度" in reply, reply
    assert "这个缺点" not in reply, reply


async def test_an_answer_typed_inside_the_ask_is_the_one_reworked(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say(
        "V07我写了这么一句：“每天过得舒心，家里人都在，有点事做。”帮我改具体点"
    )
    reply = result.text
    assert result.trace["act"] == "concrete", reply
    assert "每天过得舒心" in reply and "还没有写下答案" not in reply, reply


async def test_an_ask_for_a_small_step_is_not_quoted_as_their_option(
    kb, offline_config
):
    reply = (await Chat(offline_config, V).say("给我一个这周能做的小事吧")).text
    assert "小事吧" not in reply, reply


def test_a_quote_cut_inside_its_own_marks_is_closed():
    cut = "你写到「我妈骂我最多的就是“三分钟热度」这几个字。"
    assert quotes.balanced(cut) == "你写到「我妈骂我最多的就是“三分钟热度”」这几个字。"
    assert quotes.balanced("「好好的」") == "「好好的」"


async def test_shorter_again_after_a_cut_keeps_one_clause(kb, offline_config):
    answer = (
        "我能连着几个小时对一张账，一笔一笔核，核出来那一下特别痛快，同事都说我眼尖"
    )
    chat = Chat(offline_config, S, question_id="S03", answers={"S03": answer})
    first = await chat.say("S03写太长了，帮我缩一下")
    assert first.trace["act"] == "concrete", first.text
    again = await chat.say("再短点，一句话")
    assert again.trace["act"] == "concrete", again.text
    kept = again.text.split("原话：")[1].split("。")[0]
    assert kept.count("「") == 1, again.text


async def test_their_answers_sorted_into_fields_is_a_top_list(kb, offline_config):
    answers = {
        "P01": "小时候爱养蚕",
        "P02": "书店总停在园艺区",
        "P05": "跟人聊多肉能聊一下午",
    }
    chat = Chat(offline_config, P, question_id="P05", answers=answers)
    result = await chat.say("你帮我把这些归归类，归成几个领域")
    assert result.trace["act"] == "top", result.text


async def test_a_comparison_named_among_other_ids_takes_the_saved_two(
    kb, offline_config
):
    answers = {
        "C01": "用编故事在绘本领域做原创绘本，两周内画一本给班上孩子讲",
        "C02": "用安抚情绪做入园适应期的家长指导，这周写一份小手册",
    }
    chat = Chat(offline_config, X, question_id="C03", answers=answers)
    reply = (await chat.say("C03让我挑一个。你帮我对比一下C01和C02，哪个更贴近")).text
    assert "还没写下内容" not in reply and "没认出" not in reply, reply


async def test_a_story_just_told_stands_in_for_the_answer_compared(kb, offline_config):
    told = (
        "那年厂里清账，几十年的老账我带着两个人翻了四个月，"
        "有人说能糊就糊过去，我没同意，一笔一笔对。"
    )
    chat = Chat(
        offline_config,
        V,
        question_id="V03",
        answers={"V05": "最烦做假账，一分是一分"},
        recent_messages=[("user", told), ("coach", "这段你记得很清楚。")],
    )
    reply = (await chat.say("你看我的V03跟V05是不是一回事，帮我比一比")).text
    assert "还没写下内容" not in reply and "你刚才说的" in reply, reply


async def test_an_answer_after_a_colon_is_the_one_tidied(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    reply = (
        await chat.say(
            "那我随便写了：睡到自然醒，去江边跑个步，下午在花店里包花。帮我写得像样一点"
        )
    ).text
    assert "睡到自然醒" in reply and "还没有写下答案" not in reply, reply


async def test_a_complaint_is_not_offered_as_the_start_of_their_answer(
    kb, offline_config
):
    chat = Chat(offline_config, X, question_id="C01", answers={"S03": "修车能修一整天"})
    reply = (await chat.say("你直接告诉我该干啥吧，写这么多我也看不懂，你比我懂")).text
    assert "看不懂" not in reply, reply


async def test_a_list_pasted_line_by_line_is_taken_as_material(kb, offline_config):
    pasted = (
        "我把搜索记录贴给你：\n二手相机怎么验机\n杭州周末露营地\n手冲咖啡粉水比\n就这些"
    )
    result = await Chat(offline_config, P, question_id="P03").say(pasted)
    reply = result.text
    assert result.trace["act"] == "reflect", reply
    assert "「二手相机怎么验机」" in reply and "贴给你" not in reply, reply
    assert "没太抓准" not in reply, reply


def test_a_slogan_someone_else_says_is_no_evidence_of_theirs():
    from agent.dialogue.realise.grounds import usable
    from knowledge.evidence import evidence_find

    found = evidence_find(
        answers={
            "V05": "最气的是老板天天说“我们是一家人”，裁人时一个电话就完了",
            "V02": "选了离家近的工作，家人最重要",
        },
        categories=("values",),
    )
    kept = {(e.question_id, e.name) for e in found if usable(e)}
    assert ("V05", "家人") not in kept and ("V02", "家人") in kept, kept
