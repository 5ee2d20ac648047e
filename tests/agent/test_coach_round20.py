"""What coach_blind18 showed untrue or undone, checked here in our own words.

A classifier's guess never gives the crisis script (only the risk detector
does); an ask to make what they told into a named answer is done, in any of
its wordings, and the ask itself is never quoted as their story; a quote is
never a particle and an emoji; "what keeps coming back" is answered from two
answers or more, or said plainly to be nothing; a habit named for a flip is
the one flipped, and the ask is never taken for the habit.
"""

from __future__ import annotations

from agent.dialogue import classifier
from agent.dialogue.facts import span_of
from tests.agent.test_offline import Chat, P, S, V

TOLD = (
    "周末我常去旧货市场淘老相机，回来自己拆开清理镜头，"
    "一弄就是一下午，修好一台能高兴好几天"
)


async def test_a_runner_up_crisis_guess_never_gives_the_crisis_script(
    kb, offline_config, monkeypatch
):
    text = "嗯嗯 那P04呢"
    real = classifier.predict

    def guessed(message: str) -> classifier.Prediction:
        if "P04" in message:  # the message, whatever lead the reader cut
            return classifier.Prediction("more", 0.15, "crisis", 0.14)
        return real(message)

    monkeypatch.setattr(classifier, "predict", guessed)
    chat = Chat(offline_config, P, question_id="P04")
    result = await chat.say(text)
    assert result.trace["act"] not in ("crisis", "care"), result.text
    assert "12356" not in result.text and "安全吗" not in result.text, result.text


async def test_an_english_ask_to_turn_the_story_into_an_answer_is_done(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P04", recent_messages=[("user", TOLD)])
    result = await chat.say("could you turn this into my P04 answer? 中文就行")
    assert result.trace["act"] == "concrete", result.text
    assert "旧货市场" in result.text, result.text


async def test_written_as_a_named_answer_in_their_voice_is_a_rewrite(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S03", recent_messages=[("user", TOLD)])
    result = await chat.say("你把我刚说的写成S03吧，用我平时说话的口气就行")
    assert result.trace["act"] == "concrete", result.text
    assert "「用我平时说话的口气" not in result.text, result.text


async def test_used_directly_as_the_answer_is_a_rewrite(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P05", recent_messages=[("user", TOLD)])
    result = await chat.say("这段能直接当P05的答案吗")
    assert result.trace["act"] == "concrete", result.text


def test_a_particle_and_emoji_are_never_a_quote():
    text = "我小时候老拆闹钟 装不回去 这也算吗🤣🤣"
    assert span_of(text, "吗🤣🤣") == ""
    assert span_of(text, "装不回去") == "装不回去"


async def test_what_comes_back_across_answers_is_shown_with_both_places(
    kb, offline_config
):
    answers = {
        "P01": "小时候最爱去外婆家的菜园，看黄瓜一天天长",
        "P03": "最近老在搜阳台种菜的视频",
        "P05": "跟邻居聊种菜能聊一下午，连土怎么配都聊",
    }
    chat = Chat(offline_config, P, question_id="P06", answers=answers)
    result = await chat.say("我写的这些里面，有啥东西是反复出现的")
    assert result.trace["act"] == "repeats", result.text
    assert "种菜" in result.text, result.text
    assert "第3题" in result.text and "第5题" in result.text, result.text


async def test_when_nothing_comes_back_it_is_said_plainly(kb, offline_config):
    answers = {
        "V02": "毕业选了离家近的工作",
        "V03": "带队做完一次展会",
        "V05": "看到有人插队就来气",
    }
    chat = Chat(offline_config, V, question_id="V06", answers=answers)
    result = await chat.say("帮我看看哪些东西老是出现")
    assert result.trace["act"] == "repeats", result.text
    assert "没有" in result.text, result.text
    assert "反复出现" not in result.text, result.text


async def test_one_answer_is_too_little_to_repeat(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03", answers={"V02": "回老家开店"})
    result = await chat.say("我写的里面什么反复出现了")
    assert result.trace["act"] == "repeats", result.text
    assert "不够两题" in result.text, result.text


async def test_a_habit_named_for_a_flip_is_the_one_flipped(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02")
    result = await chat.say("那你帮我把拖拉翻一下试试，给几个说法")
    assert result.trace["act"] == "flip", result.text
    assert "正因为拖拉" in result.text, result.text


async def test_the_ask_is_never_taken_for_the_habit(kb, offline_config):
    chat = Chat(
        offline_config,
        S,
        question_id="S05",
        recent_messages=[
            ("user", "我做不好的事可太多了吧 跑步 背单词 早睡 说都说不完")
        ],
    )
    result = await chat.say("行 那你从我说的这些里挑一个 帮我翻成优点")
    assert result.trace["act"] == "flip", result.text
    assert "正因为行" not in result.text and "太多" not in result.text, result.text
    assert "你从我说" not in result.text, result.text


async def test_a_summary_of_what_was_written_reads_every_step_and_skips_shrugs(
    kb, offline_config
):
    answers = {
        "V02": "辞了银行的工作去开花店，想每天看得见自己做的东西",
        "V04": "不知道",
        "V05": "外卖员被恶意差评扣钱，平台也不管",
        "S04": "朋友搬家都找我规划怎么装箱",
        "P02": "书店里老在园艺那几排转",
    }
    chat = Chat(offline_config, "synthesis", question_id="C01", answers=answers)
    result = await chat.say("我前面写的东西你帮我总结一下，翻着看太乱了")
    assert result.trace["act"] == "summary", result.text
    assert "还没写下答案" not in result.text, result.text
    assert "不知道" not in result.text, result.text
    assert "财富" not in result.text, result.text  # "扣钱" is a grievance


async def test_asked_to_ask_a_question_the_coach_asks_one(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V02")
    result = await chat.say("行吧 那你直接问我一个")
    assert result.trace["act"] == "stuck", result.text
    assert result.text.count("？") == 1, result.text


async def test_two_messages_sorted_into_two_columns(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V04",
        recent_messages=[
            (
                "user",
                "我妈做事特别有条理，家里从来不乱。我想要她那份条理，但不想像她那样啥都憋着不说。",
            ),
            ("coach", "你写到「我想要她那份条理」。"),
            ("user", "我爸倒是爱热闹，逢年过节家里全是人，亲戚都爱来。"),
            ("coach", "你写到「逢年过节家里全是人」。"),
        ],
    )
    result = await chat.say("帮我把这两段按'想要'和'不要'两栏整理成V04")
    assert result.trace["act"] == "summary", result.text
    assert "「我想要她那份条理」" in result.text, result.text
    assert "不想像她那样啥都憋着不说" in result.text, result.text


async def test_what_a_named_earlier_answer_shows_is_read_from_it(kb, offline_config):
    answers = {"P02": "逛书店总在旧地图和老城图册那一排站很久"}
    chat = Chat(offline_config, P, question_id="P06", answers=answers)
    result = await chat.say("今天不写新的了，帮我看一眼我之前写的P02，能看出我喜欢啥吗")
    assert result.trace["act"] == "read_answer", result.text
    assert "旧地图" in result.text, result.text


async def test_the_principle_behind_a_story_is_asked_as_reading_it(kb, offline_config):
    story = "我最受不了有人在电影院外放手机，说了还瞪我，我能气一整场"
    chat = Chat(offline_config, V, question_id="V05", recent_messages=[("user", story)])
    result = await chat.say("这背后是哪条原则？你帮我说出来")
    assert result.trace["act"] == "interpret", result.text


def test_story_words_like_the_ask_words_stay_theirs():
    from agent.dialogue.facts import asks

    told = "主任把我熬夜做的报表直接写成她的功劳，我一口气忍了三个月"
    assert not asks(told, "主任把我熬夜做的报表直接写成她的功劳")
    assert not asks(told, "我一口气忍了三个月")
    ask = "你帮我把这段写成V03吧，用我自己的口气"
    assert asks(ask, "你帮我把这段写成V03吧")
    assert asks(ask, "用我自己的口气")
    assert span_of("室友说我“犟”", "“犟”") == "“犟”"  # one real character is a word


async def test_two_versions_are_given_in_their_own_words(kb, offline_config):
    told = "周末带社区的小朋友认植物，谁家孩子问一句我能讲半天，讲完还带他们画下来"
    chat = Chat(
        offline_config,
        P,
        question_id="P05",
        answers={"P05": "聊植物"},
        recent_messages=[("user", told), ("coach", "你写到「讲完还带他们画下来」。")],
    )
    result = await chat.say("嗯就这个，给我两个版本挑一挑")
    assert result.trace["act"] == "concrete", result.text
    assert "两版" in result.text and "谁家孩子问一句我能讲半天" in result.text, (
        result.text
    )
    assert len(result.text) <= 200, result.text


async def test_a_list_is_ordered_as_they_say_and_an_unlisted_first_is_said(
    kb, offline_config
):
    import re

    answers = {
        "V02": "辞职去做自由职业以后，我才觉得日子是自己的，我最看重自由",
        "V03": "我一直觉得公平最要紧，排班不公平我会直接去找主管说",
        "V05": "最受不了说话不算数的人，我很看重守信",
    }
    chat = Chat(offline_config, V, question_id="V06", answers=answers)
    first = await chat.say("帮我挑出最重要的3个价值观")
    assert first.trace["act"] == "top", first.text
    names = re.findall(r"「([^」]{2,6})」（第", first.text)
    assert len(names) >= 2, first.text
    second = await chat.say(f"能按重要程度排个序吗？我觉得{names[-1]}应该排第一")
    assert second.text.startswith(f"按你说的排：1.「{names[-1]}」"), second.text
    third = await chat.say("排个序吧，我觉得家人应该排第一")
    assert "没找到「家人」" in third.text, third.text


async def test_why_one_was_chosen_after_a_side_by_side_says_none_was(
    kb, offline_config
):
    answers = {
        "S03": "帮社区整理了十年的账本，一笔一笔对清楚",
        "P02": "老去书店翻园艺和城市规划的书",
        "C01": "用'把账理清楚'在社区公益里做账目公开，这周先整理一次捐款表",
        "C02": "用'把账理清楚'在园艺领域，帮花市摊主记账，两周内问3个摊主",
    }
    chat = Chat(offline_config, "synthesis", question_id="C03", answers=answers)
    first = await chat.say("我的C01和C02你帮我比一比")
    assert first.trace["act"] == "compare", first.text
    second = await chat.say("为什么是C01？说具体点")
    assert "没有替你选" in second.text, second.text


async def test_where_else_to_find_material_is_answered_with_places(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03")
    result = await chat.say("单位的事我不想写了，除了上班，还能从哪找点素材？")
    assert result.trace["act"] == "rephrase", result.text
    assert "上学" in result.text and "爱好" in result.text, result.text
    assert result.text.count("？") == 1, result.text


async def test_an_ask_to_us_is_never_said_back_as_their_story(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P04")
    result = await chat.say("那你从我前面的答案里帮我翻翻，我的周末到底都花在哪了")
    assert "你写到「" not in result.text, result.text
    assert "「我的周末到底都花在哪了」" not in result.text, result.text


async def test_columns_asked_as_wanted_and_not_wanted_with_a_lead_in(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V04")
    result = await chat.say(
        "不说别的了。第四题我就想到两句：想学我妈的耐心，不想像她那样从来不为自己花钱。"
        "你帮我理一下，分成想要的和不想要的。"
    )
    assert result.trace["act"] == "summary", result.text
    assert "「想学我妈的耐心」" in result.text, result.text
    assert "「不想像她那样从来不为自己花钱」" in result.text, result.text
    assert "第四题我就想到两句" not in result.text, result.text


async def test_feeling_superfluous_at_home_is_met_before_the_question(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V06")
    result = await chat.say(
        "退休以后天天在家，女儿嫌我唠叨，老伴嫌我占地方，觉得自己就是个摆设。"
    )
    assert result.trace["act"] in ("empathy", "checkin", "care", "crisis"), result.text
    assert "本事" not in result.text, result.text
