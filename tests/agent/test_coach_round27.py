"""What coach_blind26 showed untrue or undone, checked here in our own words.

A story told in chat is what a write-in is made of, even beside a one-word or
shrugged answer, with the lines they keep or cut; a help they gave ("帮我姥姥
看摊") is no ask; a story told for the question on screen never lands in
another the ask names; their own saved words quoted for a rewrite are no
feeling now; a word of ours they dispute, in several more ways of saying so,
is said to be none of ours, while "别用'X'这种词" and a story's quoted words
are no such claim.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V

STALL = (
    "我上高中那会儿每天放学帮我姥姥看水果摊 她眼睛不好 我就给她把秤 "
    "谁家要几斤我记得清清楚楚 从来没算错过 后来对面卖菜的叔叔也找我帮忙"
)


async def test_a_help_they_gave_is_their_story_not_an_ask(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S08", recent_messages=[("user", STALL)])
    result = await chat.say("那你帮我写进S08吧")
    assert "从来没算错过" in result.text or "给她把秤" in result.text, result.text


async def test_a_shrugged_answer_is_written_from_the_story_just_told(
    kb, offline_config
):
    told = (
        "说起来 我们小区门口那个路口没有红绿灯 "
        "上个月有个老太太过马路差点被电动车撞 我去社区反映了三次 到现在还没装"
    )
    chat = Chat(
        offline_config,
        P,
        question_id="P06",
        answers={"P06": "不清楚"},
        recent_messages=[("user", told)],
    )
    result = await chat.say("帮我写成P06的答案")
    assert "我去社区反映了三次" in result.text, result.text
    assert "还没有可以展开的事" not in result.text, result.text


async def test_a_story_put_in_keeps_and_cuts_what_they_say(kb, offline_config):
    told = (
        "我去年报了个陶艺体验课 一个人去的 第一次拉坯就拉出个歪碗 "
        "老师笑我 我自己也笑 后来那个碗我一直拿来装钥匙 我老公说我乱花钱"
    )
    chat = Chat(
        offline_config,
        P,
        question_id="P04",
        answers={"P04": "给孩子报了游泳课 一学期三千"},
        recent_messages=[("user", told)],
    )
    result = await chat.say("那就写进P04 把'我老公说我乱花钱'也带上 原来游泳课那句删掉")
    assert "我老公说我乱花钱" in result.text, result.text
    assert "游泳课" not in result.text, result.text
    assert "第一次拉坯就拉出个歪碗" in result.text, result.text


async def test_a_story_for_the_question_on_screen_stays_out_of_another(
    kb, offline_config
):
    told = (
        "去年冬天我妈住院 我请了两周假陪床 "
        "每天晚上在走廊里打地铺 那段时间我才知道我能扛这么多"
    )
    chat = Chat(
        offline_config,
        V,
        question_id="V06",
        answers={"V03": "加班"},
        recent_messages=[("user", told)],
    )
    result = await chat.say("就按这个写 然后顺便把V03那个也扩一下 太短了")
    assert "打地铺" not in result.text, result.text


async def test_their_saved_words_quoted_for_a_rewrite_are_no_feeling_now(
    kb, offline_config
):
    told = (
        "不过前年我还有劲的时候 给楼下的流浪猫搭了个窝 "
        "用泡沫箱和旧棉被 弄了一整个周末 现在还有猫住"
    )
    chat = Chat(
        offline_config,
        S,
        question_id="S03",
        answers={"S03": "没啥 干啥都累"},
        recent_messages=[("user", told)],
    )
    result = await chat.say("那就用这个改我的S03 把原来那句'没啥 干啥都累'换掉")
    assert result.trace["act"] == "concrete", result.text
    assert "泡沫箱" in result.text or "流浪猫" in result.text, result.text


async def test_more_ways_of_disputing_a_word_of_ours(kb, offline_config):
    cases = [
        ("'环保'那个是你加的吧 我哪写过", "环保"),
        ("太啰嗦了 还有'担当'这个词我可没说过", "担当"),
        ("你刚才说的'执行力'我没说过啊", "执行力"),
        ("你把'爱琢磨'给我变成'善于思考'了 不是一回事", "善于思考"),
        ("'追求卓越'这种话谁都能说 太空了", "追求卓越"),
    ]
    for said, word in cases:
        chat = Chat(offline_config, V, question_id="V02")
        result = await chat.say(said)
        assert f"没有说过「{word}」" in result.text, (said, result.text)


async def test_a_word_warned_off_or_quoted_in_a_story_is_no_claim(kb, offline_config):
    chat = await after_word(offline_config)
    result = await chat.say("再短一点。还有别用'奉献'这种词，太肉麻")
    assert "没有说过「奉献」" not in result.text, result.text
    story = Chat(offline_config, V, question_id="V01")
    result = await story.say(
        "我最佩服我们村的老支书 开会从来不念稿 "
        "用的是'咱先把路修了再说'这种话 大家都服他"
    )
    assert "没有说过" not in result.text, result.text


async def after_word(config) -> Chat:
    told = (
        "刚工作那年 我每个周末去福利院给孩子们讲故事 "
        "坚持了两年 后来有个孩子给我写了封信"
    )
    chat = Chat(config, V, question_id="V03", recent_messages=[("user", told)])
    await chat.say("帮我写成V03的答案")
    return chat


async def test_one_line_asked_of_a_one_line_answer_is_said_so(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V02",
        answers={"V02": "辞职回老家是因为我妈病了"},
    )
    result = await chat.say("就照实写吧 帮我改成一句能交的")
    assert "本身就是一句" in result.text, result.text
    assert "辞职回老家是因为我妈病了" in result.text, result.text


async def test_a_part_taken_out_of_an_answer_is_cut_as_asked(kb, offline_config):
    chat = Chat(
        offline_config, P, question_id="P03", answers={"P03": "会计证 我爸让我考"}
    )
    result = await chat.say("帮我把'我爸让我考'那部分分出去")
    assert "去掉了「我爸让我考」" in result.text, result.text


async def test_clues_asked_in_two_named_answers_are_gathered(kb, offline_config):
    answers = {"P02": "总看人做木工的视频", "P03": "搜最多的是榫卯怎么做"}
    chat = Chat(offline_config, P, question_id="P05", answers=answers)
    result = await chat.say("你帮我看看我P02 P03里有没有啥线索")
    assert result.trace["act"] == "summary", result.text
    assert "总看人做木工的视频" in result.text, result.text


async def test_a_lead_in_is_never_the_line_quoted_back(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P03")
    result = await chat.say(
        "我自己搜的话 其实是怎么在阳台养多肉 上周还网购了二十盆 一盆一盆换了土"
    )
    assert "「我自己搜的话」" not in result.text, result.text


async def test_only_a_telling_is_offered_as_the_place_to_start(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V02")
    result = await chat.say("V02啥意思 我的事基本都是家里定的 这题还怎么写")
    assert "「我的事基本都是家里定的」——就从这里写起" not in result.text, result.text
    told = Chat(offline_config, V, question_id="V05")
    result = await told.say(
        "V05啥意思 我这人不太生气 不过上个月物业把我们楼的电梯停了三天 我找了他们五次"
    )
    assert "——就从这里写起" in result.text, result.text
