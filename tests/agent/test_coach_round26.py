"""What coach_blind25 showed untrue or undone, checked here in our own words.

A habit quoted or told before is the one turned over, never the ask's own
words; a plant moving away, debt "欠着", cancer treatment and a spouse's
put-down are met first, and a spouse's words are never taken as the answer;
a name we never listed is said to be unlisted, and no item is dropped by a
number that disagrees with it; "怎么分辨真好奇" is the method's distinction; a
message to a relative is the S07 message; "哪一条最能说明" and "归一下领域"
rank; the message's own words are never "第0题".
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V


async def test_a_quoted_habit_is_turned_over_as_written(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S05")
    result = await chat.say(
        "S05我写的是“我不会拒绝人” 反过来能说明啥 你帮我用那个正因为…所以…造个句"
    )
    assert "正因为不会拒绝人，所以我" in result.text, result.text


async def test_a_habit_told_before_is_the_one_turned_over(kb, offline_config):
    told = "小时候我妈老骂我磨叽 穿个鞋都要半天 后来我发现我做手工特别细 一点毛边都没有"
    chat = Chat(offline_config, S, question_id="S02", recent_messages=[("user", told)])
    result = await chat.say("这个用正因为所以帮我翻过来 写成S02的答案")
    assert "磨叽" in result.text, result.text
    assert "这个用正因为" not in result.text, result.text


async def test_a_plant_moving_away_is_met_first(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P06", answers={"P06": "农村看病难"})
    result = await chat.say(
        "厂里说明年搬去越南 我们这些老的都不要 五十了 外面谁要我 这几天饭都吃不下"
    )
    assert result.trace["act"] == "empathy", result.text
    assert "农村看病难" not in result.text, result.text


async def test_a_spouses_put_down_is_never_taken_as_the_answer(kb, offline_config):
    chat = Chat(offline_config, "synthesis", question_id="C05")
    result = await chat.say(
        "跟我老婆说了想开个修车铺 她说我不务正业 一把年纪了还折腾 我听了挺难受的"
    )
    assert result.trace["act"] == "empathy", result.text
    assert "被老婆" in result.text, result.text
    assert "已经是在答" not in result.text, result.text


async def test_debt_still_owed_is_named(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V09", answers={"V01": "x" * 10})
    result = await chat.say("写这些有啥子用嘛 我还欠着三十多万 先活下去再说")
    assert result.trace["act"] == "empathy", result.text
    assert "债" in result.text and "不是考试" in result.text, result.text


async def test_a_name_never_listed_drops_nothing(kb, offline_config):
    answers = {"V01": "我们组长说话算话，从不画饼", "V02": "选了小城市，因为离家近"}
    chat = Chat(offline_config, V, question_id="V05", answers=answers)
    first = await chat.say("根据我V01 V02写的 帮我看看我到底看重啥 挑三个词")
    assert first.trace["act"] == "top", first.text
    result = await chat.say("第二个“安稳”我不认同 换一个")
    assert "没有列过「安稳」" in result.text, result.text
    assert "去掉了" not in result.text, result.text


async def test_real_curiosity_or_killing_time_is_the_method(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P03")
    result = await chat.say("我怎么分辨是真好奇还是打发时间 有没有简单的办法")
    assert result.trace["act"] in ("explain", "concept"), result.text
    assert "真好奇" in result.text, result.text


async def test_a_message_to_a_relative_is_the_s07_message(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S07")
    result = await chat.say("你帮我写一条发给我舅舅的消息吧 问他觉得我擅长啥 别太正式")
    assert result.trace["act"] == "ask_others", result.text


async def test_which_one_shows_best_is_a_ranking(kb, offline_config):
    answers = {"S03": "修农机能修一下午", "S04": "邻居问我打啥药"}
    chat = Chat(offline_config, S, question_id="S08", answers=answers)
    result = await chat.say("你看看哪一条最能说明俺擅长啥 挑一个就行")
    assert result.trace["act"] == "top", result.text


async def test_the_message_is_never_question_zero(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08", answers={"V08": "大家说我靠得住"})
    result = await chat.say("家人必须第一 然后帮我写那句工作目的")
    assert "第0题" not in result.text, result.text


async def test_a_candidates_format_is_checked_part_by_part(kb, offline_config):
    answers = {"C02": "用会讲故事在亲子阅读领域办绘本共读会 这周先约两家邻居试一次"}
    chat = Chat(offline_config, "synthesis", question_id="C02", answers=answers)
    result = await chat.say("帮我检查一下我C02这条 格式对不对 有没有才能 领域 做什么")
    assert result.trace["act"] == "form", result.text
    for part in ("「会讲故事」", "「亲子阅读」", "「绘本共读会", "这周先约两家邻居"):
        assert part in result.text, result.text


async def test_a_missing_part_is_named(kb, offline_config):
    chat = Chat(
        offline_config,
        "synthesis",
        question_id="C01",
        answers={"C01": "想在养老院做点事"},
    )
    result = await chat.say("C01格式对不对")
    assert result.trace["act"] == "form", result.text
    assert "还缺" in result.text and "才能" in result.text, result.text


async def test_a_talents_two_sides_come_from_the_knowledge_base(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02")
    result = await chat.say("“追求完美”也算才能吗 你把它的长处形式和短处形式分别写一下")
    assert result.trace["act"] == "sides", result.text
    assert "「精益求精」" in result.text and "知识库" in result.text, result.text
    assert "长处是" in result.text and "短处是" in result.text, result.text


async def test_each_listed_talent_is_defined(kb, offline_config):
    answers = {"S03": "修东西 研究拆机视频", "S04": "同事排班冲突都找我协调"}
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    first = await chat.say("帮我挑挑我写的这些里，哪个才能出现得最多")
    assert first.trace["act"] == "top", first.text
    result = await chat.say("给这几个才能各写一句定义")
    assert result.trace["act"] == "sides", result.text
    assert "：" in result.text and "知识库" in result.text, result.text


async def test_may_i_choose_someone_long_gone_is_answered_yes(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P08")
    result = await chat.say("这题可以找已经去世的人吗 比如苏东坡")
    assert result.trace["act"] == "rephrase", result.text
    assert result.text.startswith("可以"), result.text


async def test_several_candidates_are_checked_each_for_what_it_lacks(
    kb, offline_config
):
    answers = {
        "C01": "写老人的故事",
        "C03": "用会讲故事在社区养老领域办口述史小组 这周先约两位老人试一次",
    }
    chat = Chat(offline_config, "synthesis", question_id="C03", answers=answers)
    result = await chat.say("帮我检查一下C01 C03 每条有没有用上才能 符不符合那个句式")
    assert result.trace["act"] == "form", result.text
    assert "C01缺才能" in result.text and "C03四样都在" in result.text, result.text


async def test_may_i_write_it_into_a_question_is_not_a_permission_question(
    kb, offline_config
):
    told = "小时候家里收音机坏了 我拿螺丝刀拆开又装回去 还真响了"
    chat = Chat(offline_config, S, question_id="S08", recent_messages=[("user", told)])
    result = await chat.say("这个能写S08吗？帮我改成答案")
    assert not result.text.startswith("可以，题目没有限定"), result.text
