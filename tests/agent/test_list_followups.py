"""Follow-ups on the last reply's items, and other turns of coach7.

Options stood on their own answers, pinyin, and a scene told not asked for
again. New phrasings, not the review's.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, S, V, X
from tests.agent.test_tasks import check
from tests.agent.test_tasks_stated import say

JOBS = {
    "S04": "亲戚家的空调、冰箱出了问题都叫我，拆开鼓捣一会儿多半能弄好。",
    "P03": "手机里收藏了一堆煎饼果子、肠粉的做法视频，经常半夜刷。",
    "V02": "上夜班太熬人，我想白天干活晚上陪孩子。",
}


async def test_two_options_stand_on_the_answers_their_trade_words_relate_to(
    kb, offline_config
):
    chat = Chat(offline_config, X, answers=JOBS)
    result = await chat.say("摆个早点摊跟做家电维修，哪个更适合我，帮我比一比")
    assert result.trace["act"] == "compare", result.text
    a, b = result.text.split("\n")[:2]
    assert "肠粉" in a or "煎饼" in a, result.text  # the food videos, P03
    assert "鼓捣" in b or "弄好" in b, result.text  # the repairs, S04
    assert "还没找到" not in result.text
    assert "你应该" not in result.text
    check(result.text, [*JOBS.values(), "摆个早点摊跟做家电维修"])


PARTS = {
    "V02": "我想自己安排时间，不想天天打卡。",
    "S04": "亲戚搬家都找我帮着规划，箱子怎么码最省地方我一眼就知道。",
    "P02": "一闲下来就刷整理收纳的视频。",
}


async def test_item_n_of_a_combination_is_said_again_in_their_own_clauses(
    kb, offline_config
):
    chat = Chat(offline_config, X, answers=PARTS, recent_messages=[])
    await say(chat, "把三部分给我组合一下")
    result = await say(chat, "把第一个说得像我平时说话那样")
    assert result.trace["act"] == "plain", result.text
    assert "亲戚搬家都找我帮着规划" in result.text
    assert "刷整理收纳的视频" in result.text
    assert "没太抓准" not in result.text and "你写到「把第一个" not in result.text
    check(result.text, [*PARTS.values()])
    shorter = await say(chat, "还是太官方了")
    assert shorter.trace["act"] == "plain", shorter.text
    assert len(shorter.text) < len(result.text)
    check(shorter.text, [*PARTS.values()])


async def test_a_limit_after_a_combination_is_no_rewording(kb, offline_config):
    chat = Chat(offline_config, X, answers=PARTS, recent_messages=[])
    await say(chat, "把三部分给我组合一下")
    result = await say(chat, "第二条不行，我每天改作业改到半夜")
    assert result.trace["act"] != "plain", result.text


async def test_point_n_of_a_rewrites_asks_is_explained_with_a_frame(kb, offline_config):
    answers = {"V03": "我觉得认真很重要，答应的事要办到。"}
    chat = Chat(offline_config, V, answers=answers, recent_messages=[])
    await say(chat, "第3题帮我改具体一点")
    result = await say(chat, "第三点我该怎么写")
    assert result.trace["act"] == "point", result.text
    assert "第三点问的是" in result.text and "……" in result.text
    assert "你想先要哪一个" not in result.text
    check(result.text, [*answers.values()])


async def test_a_second_item_after_one_example_is_told_there_was_one(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S06", recent_messages=[])
    await say(chat, "这题啥意思，给个例子")
    result = await say(chat, "第二个细说一下")
    assert result.trace["act"] == "one_example", result.text
    assert "只举了一个例子" in result.text and "有人" in result.text
    assert "还没列出" not in result.text


async def test_pinyin_is_answered_in_chinese_and_a_yes_keeps_it(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05", recent_messages=[])
    typed = "wo zui shou bu liao you ren pian lao ren de qian, hui hen sheng qi"
    result = await say(chat, typed)
    assert "In short" not in result.text and "workbook" not in result.text
    assert "拼音" in result.text and "「sheng qi」" in result.text
    assert "生气" in result.text
    yes = await say(chat, "嗯对")
    assert "没接住" not in yes.text and "第5题" in yes.text, yes.text


async def test_english_is_still_english(kb, offline_config):
    chat = Chat(offline_config, V, recent_messages=[])
    result = await chat.say("I like helping my neighbours fix their bikes on weekends")
    assert "拼音" not in result.text


async def test_a_scene_told_by_place_and_people_is_not_asked_for_again(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V06", recent_messages=[])
    result = await chat.say(
        "在医院陪床那阵，隔壁床的大爷每天把他的橘子分我一半，我到现在都记得。"
    )
    assert "哪天" not in result.text and "哪一天" not in result.text, result.text


async def test_risk_said_in_pinyin_still_gets_care(kb, offline_config):
    chat = Chat(offline_config, V, recent_messages=[])
    result = await chat.say("wo zhen de bu xiang huo le, mei you ren guan wo")
    assert result.trace["act"] in ("crisis", "checkin", "care"), result.text


BREACH = {
    "V05": "看到有人欺负新来的学徒我就上火，太不尊重人了。",
    "V03": "师傅带我那几年，手把手教，一点不藏私。",
}


async def test_a_value_named_by_its_breach_on_the_anger_question_is_offered(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V08", answers=BREACH)
    result = await chat.say("从我写的里面挑三个最重要的价值观")
    assert result.trace["act"] == "top", result.text
    # 尊重 is a word of both 「尊严」 and 「教养」: either is offered, with their words.
    assert "」（第5题「太不尊重人了」）" in result.text, result.text
    assert "？" in result.text  # offered as a question, not stated as theirs
    check(result.text, [*BREACH.values()])


async def test_a_dislike_with_no_breach_word_names_no_value(kb, offline_config):
    answers = {"V05": "最烦那种为了面子死撑的人。"}
    chat = Chat(offline_config, V, question_id="V08", answers=answers)
    result = await chat.say("帮我挑出最重要的3个价值观")
    assert "「面子」" not in result.text, result.text


def test_a_cut_quote_ends_on_a_whole_word():
    from agent.dialogue.realise.grounds import short

    quote = "退休前把三十年攒的调度经验都写成本子留给年轻人"
    cut = short(quote, "经验", 12)
    assert cut.endswith(("…", "人")) and "留给年…" not in cut, cut
    assert cut.replace("…", "") in quote


async def test_why_a_breached_value_is_on_the_list_cites_the_anger_answer(
    kb, offline_config
):
    answers = {"V05": "领导把功劳全揽到自己身上，太不公平了。"}
    chat = Chat(
        offline_config, V, question_id="V08", answers=answers, recent_messages=[]
    )
    first = await say(chat, "帮我挑出最重要的3个价值观")
    assert "「公平」" in first.text, first.text
    why = await say(chat, "第一条为什么")
    assert why.trace["act"] == "item_why", why.text
    assert "太不公平了" in why.text and "找不到依据" not in why.text, why.text


async def test_a_rewrite_after_a_story_told_in_chat_is_made_of_their_words(
    kb, offline_config
):
    answers = {"V03": "在超市干了十来年，活儿没出过错。"}
    chat = Chat(offline_config, V, answers=answers, recent_messages=[])
    story = (
        "有年春节前仓库进水，我一个人连夜把两百多箱货搬上二楼，"
        "天亮才弄完，腰疼了一个礼拜也没吭声。"
    )
    await say(chat, story)
    result = await say(chat, "你帮我把第3题写得具体些")
    assert result.trace["act"] == "concrete", result.text
    assert "可以这样写" in result.text and "我不替你改写" not in result.text
    assert "在超市干了十来年" in result.text and "两百多箱货" in result.text
    check(result.text, [*answers.values(), story])


async def test_a_pointer_at_nothing_says_so_whole_not_a_bare_question(
    kb, offline_config
):
    chat = Chat(offline_config, V, recent_messages=[])
    result = await chat.say("第三点咋弄")
    assert result.trace["act"] == "abstain", result.text
    assert "「第三点咋弄」" in result.text and len(result.text) > 30, result.text
