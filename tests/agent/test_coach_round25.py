"""What coach_blind24 showed untrue or undone, checked here in our own words.

Debt, illness and looking after a sick parent are met before any step, and a
hard stretch is never taken as an answer; "你说X…其实我是Y" says whether we
said X and keeps Y; a correction typed with spaces quotes their words, not our
commas; a work purpose asked in English is the purpose frame; what we said is
never quoted as their skill; "像我写的X算吗" is that answer, not the draft on
screen; "第三个去掉" after two says there were two; "哪个出现得最多" ranks.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V


async def test_debt_is_named_before_a_step(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P07", answers={"P02": "x" * 10})
    result = await chat.say("还着网贷呢 每天跑滴滴到半夜 学什么新东西我想都不敢想")
    assert result.trace["act"] == "empathy", result.text
    assert "债" in result.text, result.text


async def test_looking_after_a_sick_parent_is_named(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03")
    result = await chat.say("我爸中风半年了 我下班回去还得给他翻身喂饭 今天实在写不动")
    assert result.trace["act"] == "empathy", result.text
    assert "照顾" in result.text, result.text


async def test_a_hard_stretch_is_not_taken_as_the_answer(kb, offline_config):
    chat = Chat(offline_config, "synthesis", question_id="C05")
    result = await chat.say(
        "白天跑货拉拉 晚上回来写这个 觉得自己五十了还谈理想 挺可笑的"
    )
    assert "已经是在答" not in result.text, result.text


async def test_a_reading_we_never_gave_is_said_so_and_theirs_kept(kb, offline_config):
    chat = Chat(
        offline_config,
        P,
        question_id="P05",
        recent_messages=[
            ("user", "我P01到P05都写了"),
            (
                "assistant",
                "好，你写的P02是「书店停在旅行和地理那几排」。哪一条最像你？",
            ),
        ],
    )
    await chat.say("我P01到P05都写了")
    result = await chat.say("你上次说我的领域是旅游 我不认同 我其实是喜欢研究地图")
    assert result.text.startswith("我前面没有说过「旅游」"), result.text
    assert "「喜欢研究地图」" in result.text, result.text


async def test_a_spaced_correction_quotes_their_words(kb, offline_config):
    chat = Chat(
        offline_config,
        S,
        question_id="S07",
        recent_messages=[
            ("user", "同事说我靠谱"),
            ("assistant", "「靠谱」听起来像「细心」。你觉得呢？"),
        ],
    )
    await chat.say("同事说我靠谱")
    result = await chat.say("不对 我不是细心 我是守时 说几点到就几点到")
    assert "「守时」" in result.text, result.text
    assert "，说几点到" not in result.text, result.text


async def test_a_work_purpose_asked_in_english_gets_the_frame(kb, offline_config):
    answers = {"V03": "带新人那半年，每天加班也不觉得累", "S04": "同事都找我改方案"}
    chat = Chat(offline_config, "synthesis", question_id="C03", answers=answers)
    result = await chat.say(
        "Help me write my work purpose statement from my answers pls"
    )
    assert result.trace["act"] == "purpose", result.text


async def test_our_rule_is_never_quoted_as_their_skill(kb, offline_config):
    chat = Chat(
        offline_config,
        S,
        question_id="S03",
        recent_messages=[
            (
                "user",
                "上周客户的电脑开不了机，别人折腾半天，我过去看了一眼就说是内存条松了",
            ),
        ],
    )
    result = await chat.say(
        "这个算才能吗 不就是修多了的经验吗 你们说才能不是学来的技能"
    )
    assert "「你们说" not in result.text, result.text


async def test_an_answer_named_by_its_words_is_the_one_asked_about(kb, offline_config):
    answers = {"P02": "抖音总刷做木工的视频", "P06": "老小区没电梯？"}
    chat = Chat(offline_config, P, question_id="P02", answers=answers)
    result = await chat.say("像我P06写的老小区没电梯算吗 感觉太小了")
    assert "老小区没电梯" in result.text or "社区" in result.text, result.text
    assert "木工" not in result.text, result.text


async def test_an_item_beyond_the_list_is_said_to_be_missing(kb, offline_config):
    answers = {"S03": "整理仓库能整理一下午", "S04": "同事排班冲突都找我协调"}
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    first = await chat.say("帮我挑挑我写的这些里，哪个才能出现得最多")
    assert first.trace["act"] == "top", first.text
    result = await chat.say("第九个去掉吧 我不认")
    assert "没有第九条" in result.text, result.text


async def test_which_talent_shows_up_most_is_a_ranking(kb, offline_config):
    answers = {"S03": "查资料能查到半夜", "S07": "同事说我较真"}
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    result = await chat.say("帮我看看S01到S07 哪个才能出现得最多")
    assert result.trace["act"] == "top", result.text
