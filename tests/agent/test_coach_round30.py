"""What coach_blind31 showed quoted back, undone or untrue, checked in our own words.

Messages about the talk itself (how we talk, an ear wanted, a question only
they can answer, a decision taken, a correction) are answered as what they
are, never quoted back as a story; "候选N" names a saved candidate; two named
answers said to clash are shown side by side; an experiment is built from the
candidate they chose, not from the words of the ask.
"""

from __future__ import annotations

from agent.dialogue.numbered import ids_named
from tests.agent.test_offline import Chat, P, S, V
from tests.agent.test_offline import X as C

STORY_QUOTE = ("你写到「", "这一幕，你写得很具体", "这段放到")
CANDIDATES = {
    "C01": "用'耐心'在养老领域，陪社区老人学用智能手机",
    "C02": "用'动手能力'在家居领域，给邻居修旧家具",
    "C03": "用'表达'在美食领域，拍家常菜短视频",
}


def test_one_reader_names_candidates_by_number():
    assert ids_named("我在候选二和候选3之间拿不定") == ["C02", "C03"]
    assert ids_named("第一个候选怎么样") == ["C01"]
    assert ids_named("V01到V03", "values_exploration") == ["V01", "V02", "V03"]
    assert ids_named("第2题和第5题", "strengths_exploration") == ["S02", "S05"]


async def test_candidates_named_by_number_are_the_ones_compared(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C05", answers=dict(CANDIDATES))
    result = await chat.say("我在候选二和候选三之间拿不定，帮我比比")
    assert "动手能力" in result.text and "表达" in result.text, result.text
    assert "耐心" not in result.text, result.text


async def test_a_chosen_candidate_becomes_this_weeks_step(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C05", answers=dict(CANDIDATES))
    result = await chat.say("就候选2吧，帮我变成下周就能做的一件小事")
    assert "给邻居修旧家具" in result.text, result.text
    assert "还没有写下答案" not in result.text, result.text
    assert "一件小事”" not in result.text, result.text


async def test_a_short_candidate_is_tried_in_its_own_words(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C04", answers={"C04": "开网店"})
    result = await chat.say("C04我只写了'开网店'，怎么弄成这周能做的事？")
    assert "开网店" in result.text, result.text
    assert "'" not in result.text and "三个字" not in result.text, result.text


async def test_two_named_answers_said_to_clash_are_shown_side_by_side(
    kb, offline_config
):
    answers = {
        "P01": "小时候能一个人在阳台上拼一下午的模型",
        "P04": "周末总想约一大帮朋友去露营，人越多越开心",
    }
    chat = Chat(offline_config, P, question_id="P04", answers=answers)
    result = await chat.say("P01和P04是不是打架？一个那么安静一个那么闹")
    assert "「小时候能一个人在阳台上拼一下午的模型」" in result.text, result.text
    assert "「周末总想约一大帮朋友去露营" in result.text, result.text
    assert not any(w in result.text for w in STORY_QUOTE), result.text


async def test_a_clash_asked_with_nothing_written_says_so(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V02", answers={})
    result = await chat.say("我写的东西之间有没有冲突的地方？")
    assert "还不到两题" in result.text, result.text


async def test_too_many_questions_is_heard(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04", answers={})
    result = await chat.say("你一下问那么多问题，我答不过来")
    assert "一次只问一个" in result.text, result.text
    assert result.text.count("？") <= 1, result.text
    assert not any(w in result.text for w in STORY_QUOTE), result.text


async def test_an_ear_is_given_without_advice(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V06", answers={})
    result = await chat.say("今天就想说会儿话，别给我提建议")
    assert "不给建议" in result.text, result.text
    assert "？" not in result.text, result.text


async def test_a_question_about_themselves_is_handed_back(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P02", answers={})
    result = await chat.say("那我到底是喜欢热闹还是喜欢安静啊🤔")
    assert "「喜欢热闹」" in result.text and "「喜欢安静」" in result.text, result.text
    assert "不替你下结论" in result.text, result.text
    assert not any(w in result.text for w in STORY_QUOTE), result.text


async def test_a_decision_is_taken_as_made(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P01", answers={})
    result = await chat.say("行，那我就写'拆闹钟'")
    assert "就写「拆闹钟」" in result.text, result.text
    assert not any(w in result.text for w in STORY_QUOTE), result.text
    chat = Chat(offline_config, C, question_id="C05", answers=dict(CANDIDATES))
    result = await chat.say("那就选C03吧")
    assert "拍家常菜短视频" in result.text and "小实验" in result.text, result.text


async def test_someone_elses_words_are_not_kept_as_theirs(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04", answers={})
    result = await chat.say("'能说会道'是我老板夸的，我不这么觉得")
    assert "「能说会道」是你老板说的" in result.text, result.text
    assert "不算你的" in result.text, result.text
    chat = Chat(offline_config, S, question_id="S04", answers={})
    result = await chat.say("我说的是我在幼儿园当保育员，不是老师")
    assert "「我在幼儿园当保育员」" in result.text, result.text
    assert "不是「老师」" in result.text, result.text


async def test_doubt_that_the_method_is_for_them_is_met(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V01", answers={})
    result = await chat.say("这套东西是不是只适合读过大学的人？我初中毕业")
    assert "这个疑问很实在" in result.text, result.text
    assert "组合" not in result.text, result.text


async def test_an_ask_to_reread_is_not_quoted_as_a_story(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02", answers={"S02": "我妈说我太倔"})
    result = await chat.say("你重新读一下S02，只挑我自己写的部分")
    assert not any(w in result.text for w in STORY_QUOTE), result.text


async def test_care_is_not_prefixed_with_the_question_asked_about(kb, offline_config):
    chat = Chat(offline_config, question_id="V01", answers={})
    result = await chat.say("写不下去了，我不想活了", question_id="V07")
    assert result.trace["act"] in ("crisis", "care"), result.text
    assert not result.text.startswith("（关于"), result.text
    assert "12356" in result.text, result.text


async def test_a_move_beside_an_ask_leaves_the_ask_first(kb, offline_config):
    for text, not_act in (
        ("那先试第一个，下周去夜市摆一次摊要准备点啥", "settled"),
        ("就写个开头也行啊", "settled"),
        ("你别总问我感受了，我没空，直接给我改一版", "style"),
        ("我是真心喜欢画画，不是为了赚钱，晚上回家还画", "correct"),
    ):
        chat = Chat(offline_config, C, question_id="C05", answers=dict(CANDIDATES))
        result = await chat.say(text)
        assert result.trace["act"] != not_act, (text, result.text)


async def test_one_word_per_named_answer_rests_on_their_words(kb, offline_config):
    answers = {
        "V01": "我大学的辅导员，从来不拿学生撒气",
        "V02": "我最看重自由，不想被人管着",
        "V03": "一个人带着女儿搬到新城市",
    }
    chat = Chat(offline_config, V, question_id="V04", answers=answers)
    result = await chat.say("V01到V03每条帮我提炼一个关键词")
    assert result.trace["act"] == "keywords", result.text
    assert "V02「自由」→自由" in result.text, result.text
    assert "不替你硬起名" in result.text, result.text


async def test_a_translation_is_declined_with_their_line(kb, offline_config):
    chat = Chat(
        offline_config, C, question_id="C02", answers={"C02": "周末在社区教老人用手机"}
    )
    result = await chat.say("能帮我把C02翻译成英文吗，我要发给外国朋友看")
    assert "翻译我不替你做" in result.text, result.text
    assert "「周末在社区教老人用手机」" in result.text, result.text


async def test_someone_elses_view_is_named_as_theirs(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04", answers={})
    result = await chat.say("我爸总说我适合考公务员，我自己其实说不好")
    assert "「适合考公务员」是你爸的看法" in result.text, result.text
    assert not any(w in result.text for w in STORY_QUOTE), result.text


async def test_their_own_wording_is_kept(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08", answers={"V08": "别说我傻"})
    result = await chat.say("不是'善良'，应该是'吃点亏也愿意帮人'")
    assert "「吃点亏也愿意帮人」" in result.text, result.text
    assert "善良" not in result.text, result.text


async def test_a_summary_line_can_be_pointed_at(kb, offline_config):
    from tests.agent.test_offline import after_exchange

    answers = {
        "V01": "我外婆，一辈子没跟人红过脸",
        "S04": "邻居家电脑坏了都来找我",
        "P01": "小时候爱蹲在路边看蚂蚁搬家",
    }
    chat = await after_exchange(
        offline_config, C, "C01", "帮我把写过的总结一下", "", answers=answers
    )
    result = await chat.say("总结里第三条能展开说说吗")
    assert "没列出可以指的" not in result.text, result.text
    assert "看蚂蚁搬家" in result.text, result.text


async def test_a_listed_direction_they_do_not_want_is_dropped(kb, offline_config):
    from tests.agent.test_offline import after_exchange

    answers = {
        "V01": "我的中学老师，总是替学生说话",
        "S04": "朋友写东西都找我改，说我一针见血",
        "P02": "常看纪录片和庭审直播",
        "P05": "聊到新闻背后的真相就停不下来",
    }
    chat = await after_exchange(
        offline_config, C, "C01", "把三部分组合一下给我几个方向", "", answers=answers
    )
    first = await chat.say("把三部分组合一下给我几个方向")
    assert "1." in first.text, first.text
    result = await chat.say("第一个方向我不太想要，换一个")
    assert "去掉了" in result.text, result.text


async def test_money_they_will_not_touch_is_a_limit_on_the_plan(kb, offline_config):
    from tests.agent.test_offline import after_exchange

    answers = {**CANDIDATES, "S04": "邻居有事都爱找我帮忙出主意"}
    chat = await after_exchange(
        offline_config, C, "C05", "C02和C03哪个更值得先试", "", answers=answers
    )
    result = await chat.say("可是C03得先买好几千的器材，我不敢动存的钱")
    assert result.trace["act"] == "means", result.text
    assert "抱歉" not in result.text, result.text


async def test_moves_in_other_words_are_heard(kb, offline_config):
    for text, act in (
        ("你别一下子给我甩那么多问题，我脑子转不过来", "style"),
        ("可以别每次结尾都问我问题吗", "style"),
        (
            "我一个开了二十年出租车的，选择就这么几个，这套方法对我真的有用吗",
            "not_for_me",
        ),
    ):
        chat = Chat(offline_config, S, question_id="S03", answers={})
        result = await chat.say(text)
        assert result.trace["act"] == act, (text, result.text)
        assert not any(w in result.text for w in STORY_QUOTE), (text, result.text)


async def test_a_word_we_never_said_is_owned_as_never_said(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06", answers={})
    result = await chat.say("你上一条说我写过'爱跟人打交道'，我哪写过这个")
    assert "说过「爱跟人打交道」" in result.text, result.text
    assert "「我哪写过这个」" not in result.text, result.text


async def test_how_they_asked_us_to_talk_holds_for_the_session(kb, offline_config):
    from tests.agent.test_offline import after_exchange

    story = "上周帮邻居把旧电脑重装了系统，弄到半夜也不觉得累，后来整栋楼都来找我"
    chat = await after_exchange(
        offline_config, S, "S03", "你能不能别每次结尾都问我问题", ""
    )
    result = await chat.say(story)
    assert "？" not in result.text and "?" not in result.text, result.text
    assert "「" in result.text, result.text  # still said back, in their words
    cared = await chat.say("我不想活了")
    assert "12356" in cared.text and "？" in cared.text, cared.text  # care asks
    brief = await after_exchange(offline_config, S, "S03", "你说的太长了", "")
    result = await brief.say(story)
    assert len(result.text) <= 80, result.text
