"""What coach_blind24 showed untrue or undone, checked here in our own words.

Debt, illness and looking after a sick parent are met before any step, and a
hard stretch is never taken as an answer; "你说X…其实我是Y" says whether we
said X and keeps Y; a correction typed with spaces quotes their words, not our
commas; a work purpose asked in English is the purpose frame; what we said is
never quoted as their skill; "像我写的X算吗" is that answer, not the draft on
screen; "第三个去掉" after two says there were two; "哪个出现得最多" ranks.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V, after_exchange


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
    chat = await after_exchange(
        offline_config, S, "S07", "同事说我靠谱", "「靠谱」听起来像「细心」。你觉得呢？"
    )
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


async def test_a_word_of_ours_disliked_that_we_never_used_is_said_so(
    kb, offline_config
):
    chat = await after_exchange(
        offline_config,
        V,
        "V06",
        "V06写好了",
        "好。你写的是爷爷送你上学那天。哪一句最想留下？",
    )
    result = await chat.say("太煽情了 什么“温暖的守护” 我说话不是这样的")
    assert "没有说过「温暖的守护」" in result.text, result.text
    assert "你说「" not in result.text, result.text


async def test_a_label_too_broad_that_we_never_gave_is_said_so(kb, offline_config):
    answers = {"S03": "整理仓库能整理一下午", "S04": "同事排班冲突都找我协调"}
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    await chat.say("帮我挑挑我写的这些里，哪个才能出现得最多")
    result = await chat.say("换一个吧 第一个“执行力”太泛了 谁都会说自己执行力强")
    assert "没有说过「执行力」" in result.text, result.text
    assert result.trace["act"] != "empathy", result.text


async def test_at_my_age_and_is_it_any_use_is_met_first(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P01", answers={"P01": "小时候爱养蚕"})
    result = await chat.say("俺这岁数了还找啥喜欢的事 闺女非让俺弄 这玩意对俺有用不")
    assert result.trace["act"] == "empathy", result.text
    assert "不算晚" in result.text and "不是考试" in result.text, result.text


async def test_write_my_answer_uses_what_they_told(kb, offline_config):
    told = (
        "要说真想学的 就是修老房子的手艺 像榫卯怎么接"
        " 我带外地朋友去看古村 他们都听得特别认真"
    )
    chat = Chat(offline_config, P, question_id="P07", recent_messages=[("user", told)])
    result = await chat.say("你就按我说的帮我写个P07 别写得太假")
    assert result.trace["act"] == "concrete", result.text
    assert "「" in result.text and "还空着" in result.text, result.text


async def test_make_me_a_candidate_is_a_synthesis(kb, offline_config):
    answers = {"S04": "街坊有事都找我张罗", "P05": "聊养花能聊一下午"}
    chat = Chat(offline_config, "synthesis", question_id="C01", answers=answers)
    result = await chat.say("那你按我写的那些 帮我凑一条候选")
    assert result.trace["act"] == "synthesis", result.text


async def test_a_note_about_typing_is_no_part_of_the_answer(kb, offline_config):
    told = (
        "最带劲的是去年那个展会 七天搭完 我把人分成两班 每晚对一遍进度 最后提前一天完工"
        " 我这是语音打的字可能有错"
    )
    chat = Chat(offline_config, S, question_id="S06", recent_messages=[("user", told)])
    result = await chat.say("你帮我把上面那段整理成S06的答案 别太长")
    assert "语音" not in result.text, result.text
