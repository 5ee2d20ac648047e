"""What coach_blind16 showed untrue or undone, checked here in our own words.

The question's own words and feedback on our reply are never quoted back as
their story; an item struck from a list stays struck (a later purpose frame
leaves it out); a flip asked with its blank pattern, again with their reason,
or tied to an answer they name; a rewrite from a story keeps its long clause
whole and leaves the ask and the lead-in out; "再改改" adds their new point;
two columns from what they told; a list of what they told; two options from
their last message compared.
"""

from __future__ import annotations

from agent.dialogue.facts import echoes_question
from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check

S06 = "你状态最好、最有成就感的一段时间，当时你具体在做什么？"


def test_the_question_said_back_is_told_from_their_own_words():
    assert echoes_question("状态最好的一段时间", [S06])
    assert echoes_question("最有成就感的那段时间", [S06])
    assert not echoes_question("前年带新人培训那阵子", [S06])
    # The pattern the hint gives them to fill is their answer's form.
    hint = "试着用“正因为我不擅长……，所以我擅长……”造一个句子。"
    assert not echoes_question("正因为我不擅长讲话", [hint])


async def test_the_question_s_words_are_not_quoted_as_their_story(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06")
    result = await chat.say("最有成就感的那段时间……大概是前年带新人培训，后来部门撤了")
    assert "「最有成就感的那段时间」" not in result.text, result.text
    check(result.text, ["最有成就感的那段时间……大概是前年带新人培训，后来部门撤了"])


async def test_feedback_on_our_reply_is_not_reflected_as_a_story(kb, offline_config):
    chat = Chat(
        offline_config,
        P,
        question_id="P07",
        recent_messages=[("coach", "你写到「想学画画」。哪一段最舍不得被打断？")],
    )
    result = await chat.say("你写的这个跟我想的不一样啊，我就是随口一说，再换个问法")
    assert result.trace["act"] != "reflect", result.text
    assert "「你写的这个" not in result.text, result.text
    assert "「我就是随口一说" not in result.text, result.text


async def test_an_item_struck_by_name_stays_out_of_the_purpose_frame(
    kb, offline_config
):
    answers = {
        "V03": "带毕业班那年最累，撑着我的是对学生的一份责任感",
        "V07": "上午种菜，下午和好朋友下棋，晚上看书",
        "V08": "希望别人说：她让身边的人都很自在",
    }
    chat = Chat(offline_config, V, question_id="V09", answers=answers)
    listed = await chat.say("从我写的里面挑出最重要的5个价值观")
    assert listed.trace["act"] == "top", listed.text
    assert "「责任」" in listed.text, listed.text
    struck = await chat.say("第一个“责任感”我不认同，那是学校要求的，不是我要的，换掉")
    assert struck.trace["act"] == "item_why", struck.text
    assert "去掉了「责任」" in struck.text, struck.text
    frame = await chat.say("好，就用现在这几个，帮我写一句工作目的")
    assert frame.trace["act"] == "purpose", frame.text
    assert "「责任」" not in frame.text, frame.text


async def test_a_flip_asked_with_its_blank_pattern_uses_the_habit_told(
    kb, offline_config
):
    told = "做不好的事：当众讲话。一站到台上手就抖，准备好的词全忘了"
    chat = Chat(
        offline_config,
        S,
        question_id="S05",
        recent_messages=[("user", told), ("coach", "你写到「一站到台上手就抖」。")],
    )
    result = await chat.say("帮我造那个句子吧：正因为我不擅长……所以我擅长……")
    assert result.trace["act"] == "flip", result.text
    assert "「正因为不擅长当众讲话，所以我……」" in result.text, result.text


async def test_a_flip_again_begins_in_the_reason_they_give(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02")
    first = await chat.say("用“正因为……所以……”帮我把拖拉翻过来呗")
    assert first.trace["act"] == "flip", first.text
    assert "「正因为拖拉，所以我……」" in first.text, first.text
    again = await chat.say(
        "这个有点硬凹了，其实我拖拉是因为想先把事情想清楚再动手，照这个再写一个"
    )
    assert again.trace["act"] == "flip", again.text
    assert "「正因为我想先把事情想清楚再动手，所以……」" in again.text, again.text


async def test_a_flip_tied_to_an_answer_they_name_offers_its_words(kb, offline_config):
    answers = {"S01": "看别人排版乱七八糟，我一眼就看出哪里没对齐"}
    chat = Chat(offline_config, S, question_id="S02", answers=answers)
    first = await chat.say("帮我把“较真”翻成优点")
    assert first.trace["act"] == "flip", first.text
    tied = await chat.say("还是有点空，能不能结合我S01排版那个事说具体点")
    assert tied.trace["act"] == "flip", tied.text
    assert "「我一眼就看出哪里没对齐」" in tied.text, tied.text
    assert "「正因为较真，所以我……」" in tied.text, tied.text


async def test_a_rewrite_from_a_story_leaves_out_the_ask_and_keeps_clauses_whole(
    kb, offline_config
):
    story = (
        "去年年底被优化了，走之前部门经理把我熬了三个通宵做的年度复盘直接署了他的名字"
        "……现在想起来还是憋屈 这题我是不是就写这个"
    )
    chat = Chat(
        offline_config,
        V,
        question_id="V05",
        recent_messages=[("user", story), ("coach", "这件事你记得很清楚。")],
    )
    result = await chat.say("你帮我把刚才说的那件事写成V05的答案吧，三四句就行")
    assert result.trace["act"] == "concrete", result.text
    assert "「走之前部门经理把我熬了三个通宵做的年度复盘直接署了他的名字」" in (
        result.text
    ), result.text
    assert "这题我是不是" not in result.text, result.text
    check(result.text, [story])


async def test_a_lead_in_is_no_line_of_the_answer(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S01")
    result = await chat.say(
        "好吧想到一个，同事做的报表公式一团乱，我看一眼就知道错在哪，改两下就通了。"
        "这个能写吗？能的话帮我写成一句"
    )
    assert result.trace["act"] == "concrete", result.text
    assert "「好吧想到一个」" not in result.text, result.text
    assert "「我看一眼就知道错在哪」" in result.text, result.text


async def test_a_redo_adds_their_new_point_not_their_instruction(kb, offline_config):
    story = "上周例会，组长把我的方案说成是他想的，我当场没吭声，回去越想越气"
    chat = Chat(
        offline_config,
        V,
        question_id="V05",
        recent_messages=[("user", story), ("coach", "这件事你记得很清楚。")],
    )
    first = await chat.say("你帮我把刚才说的写成V05的答案")
    assert first.trace["act"] == "concrete", first.text
    redo = await chat.say(
        "不对，我气的不是功劳，是他当着全组的面说谎还面不改色。"
        "后面那句别写成“公平”这么空，再改改"
    )
    assert redo.trace["act"] == "concrete", redo.text
    assert "再加上「是他当着全组的面说谎还面不改色」" in redo.text, redo.text
    assert "这么空" not in redo.text, redo.text


async def test_two_columns_from_what_they_told_leave_the_sorting_to_them(
    kb, offline_config
):
    told = [
        "我爸开了二十年出租车，从来不请假，他特别会跟乘客聊天，但是脾气一上来谁都劝不住",
        "现在我发现自己跟他越来越像了，一着急就吼孩子",
    ]
    chat = Chat(
        offline_config,
        V,
        question_id="V04",
        recent_messages=[
            ("user", told[0]),
            ("coach", "你写到「他特别会跟乘客聊天」。"),
            ("user", told[1]),
            ("coach", "先不急着往下写。"),
        ],
    )
    result = await chat.say("把想继承的和不想要的分成两栏列一下，就用我上面说的那些")
    assert result.trace["act"] == "summary", result.text
    assert "你前面聊到的有：" in result.text, result.text
    assert "「他特别会跟乘客聊天」" in result.text, result.text
    assert "你来分" in result.text, result.text
    check(result.text, told)


async def test_what_they_told_is_listed_for_them_to_name(kb, offline_config):
    told = "亲戚家孩子填志愿都来找我，还有邻居换手机也找我设置，我说几句他们就明白了"
    chat = Chat(
        offline_config,
        S,
        question_id="S04",
        answers={"S01": "看别人收拾屋子乱糟糟的，我心想东西归类放好不就完了"},
        recent_messages=[("user", told), ("coach", "你写到「我说几句他们就明白了」。")],
    )
    result = await chat.say("那你把我说的这些列一下，看看能归成哪几个才能")
    assert result.trace["act"] == "top", result.text
    assert "你前面聊到的" in result.text, result.text
    assert "归类放好" not in result.text, result.text  # the chat, not the answers
    check(result.text, [told])


async def test_two_options_from_their_last_message_are_compared(kb, offline_config):
    answers = {"P02": "书店会看园艺和养生类的", "P04": "花钱买过好几套盆景工具"}
    chat = Chat(
        offline_config,
        P,
        question_id="P07",
        answers=answers,
        recent_messages=[
            ("user", "真想学的话，可能是学茶艺，或者学木工。说出来有点不好意思"),
            ("coach", "这两样都值得写下来。"),
        ],
    )
    result = await chat.say("帮我对比一下这两个，结合我前面写的答案说")
    assert result.trace["act"] == "compare", result.text
    assert "A「茶艺」" in result.text and "B「木工」" in result.text, result.text
    assert "按你刚才说的两个来比" in result.text, result.text


async def test_the_first_three_steps_are_summed_up_and_cut_on_request(
    kb, offline_config
):
    answers = {
        "V01": "以前带我的师傅，什么活都肯教",
        "S01": "看别人排班一团乱，我半小时就能排好",
        "P02": "书店总在历史区停下来",
        "C01": "用“排班”的本事帮社区食堂排志愿者",
    }
    chat = Chat(offline_config, X, question_id="C02", answers=answers)
    first = await chat.say("先帮我总结一下我前面三步写了啥，好久没来忘了")
    assert first.trace["act"] == "summary", first.text
    assert "V01「" in first.text and "S01「" in first.text, first.text
    assert "C01「" not in first.text, first.text  # the synthesis is no earlier step
    cut = await chat.say("太长了，三行以内")
    assert cut.trace["act"] == "summary", cut.text
    assert "C01「" not in cut.text and "V01「" in cut.text, cut.text


async def test_a_message_to_ask_a_friend_is_drafted_for_them(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S07")
    result = await chat.say("帮我写一条微信发给我同事，问问我有啥长处，别太正式")
    assert result.trace["act"] == "ask_others", result.text
    assert "发给同事可以这样写——" in result.text, result.text
    check(result.text, [])


async def test_a_purpose_they_state_is_taken_and_compared_by(kb, offline_config):
    answers = {
        "S04": "邻居修电脑都找我",
        "C01": "用“会修电脑”给小区老人上手机课",
        "C02": "用“耐心”在社区图书室做管理员",
    }
    said = "你理解错了，我的工作目的是“让老人不被落下”，不是赚钱那种"
    chat = Chat(
        offline_config,
        X,
        question_id="C03",
        answers=answers,
        recent_messages=[("user", said), ("coach", "好，就按你的话。")],
    )
    stated = await chat.say(said)
    assert stated.trace["act"] == "purpose", stated.text
    assert "「让老人不被落下」" in stated.text, stated.text
    again = await chat.say("按这个比一下C01和C02")
    assert again.trace["act"] == "compare", again.text
    assert "按你刚才说的“让老人不被落下”来比" in again.text, again.text


async def test_a_question_to_us_between_story_and_ask_is_skipped(kb, offline_config):
    story = "抖音我几乎只刷两类：做木工的，还有修老收音机的，一刷就停不下来"
    chat = Chat(
        offline_config,
        P,
        question_id="P02",
        recent_messages=[
            ("user", story),
            ("coach", "你写到「还有修老收音机的」。"),
            ("user", "你是真人还是机器人啊？"),
            ("coach", "我是这本工作簿里的教练。"),
        ],
    )
    result = await chat.say("好吧回正题，帮我把刚才说的两类写成P02")
    assert result.trace["act"] == "concrete", result.text
    assert "「还有修老收音机的」" in result.text, result.text
    assert "机器人" not in result.text, result.text
