"""What coach_blind27 showed untrue or undone, checked here in our own words.

Someone else's tears are never theirs; a word pinned on us that we never said
is said to be none of ours, in more ways and before our first reply; a lower
income accepted is no 「财富」; "不知道我想要什么" goes in neither column; an
item they disown is taken off; and the tasks asked for are done: the steps of
a question, one line of who they are (only names they wrote, cited), one easy
question, a question that may name someone who died, mixed feelings, plainer
or shorter words for our last point, a review date, a roomier experiment, a
flaw turned, a hard time met before the task, and English asks answered.
"""

from __future__ import annotations

from knowledge.evidence.match import spans_match
from tests.agent.test_offline import Chat, P, S, V, after_exchange
from tests.agent.test_offline import X as C


async def test_someone_elses_tears_are_not_theirs(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V09")
    told = "有天晚上一个乘客在后座哭，说刚被辞退，下车时还跟我道谢"
    result = await chat.say(told)
    assert "掉眼泪" not in result.text, result.text


async def test_a_word_pinned_on_us_is_said_to_be_none_of_ours(kb, offline_config):
    for text, word in (
        ("为什么有“成长”？我哪儿写过成长", "成长"),
        ("你刚才说的那个李阿姨是谁？我没提过这个人", "李阿姨"),
        ("不过“服务社会”那句太大了，不像我", "服务社会"),
        ("不对，我没说过是为了升职，我是想学东西", "是为了升职"),
    ):
        chat = Chat(offline_config, V, question_id="V02", answers={"V02": "考研"})
        result = await chat.say(text)
        assert f"「{word}」" in result.text, (text, result.text)
        assert "没有说过" in result.text or "还没说过" in result.text, result.text


async def test_a_claim_keeps_their_reason_not_their_complaint(kb, offline_config):
    chat = await after_exchange(
        offline_config, V, "V05", "帮我看看V05", "你写的是「同事抢功」。", answers={}
    )
    result = await chat.say(
        "这不是我的意思。我烦的不是加班，是因为功劳被拿走，你改成加班的问题就跑偏了"
    )
    assert "「加班的问题」" in result.text, result.text
    assert "「这不是我的意思」" not in result.text, result.text


def test_pay_that_went_down_is_no_value_of_money():
    for text in ("回县城开店以后收入少了一大半", "换了工作，收入降了三成"):
        found = spans_match(text=text, question_id="V02")
        assert "财富" not in {e.name for e in found}, (text, found)
    kept = spans_match(text="我换工作主要是为了收入高一点", question_id="V02")
    assert "财富" in {e.name for e in kept}, kept


async def test_not_knowing_what_one_wants_is_in_neither_column(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V04",
        answers={"V04": "我爸说要体面，我也不清楚我要什么"},
    )
    result = await chat.say("帮我把V04分成两栏，想继承的和不想要的")
    assert "我也不清楚我要什么" not in result.text, result.text


async def test_an_item_they_disown_is_taken_off(kb, offline_config):
    chat = Chat(
        offline_config,
        P,
        question_id="P05",
        answers={"P01": "看动画片", "P05": "刷短视频 还有做饭"},
    )
    listed = await chat.say("从我写的喜欢的事里挑几个出来")
    assert "第" in listed.text, listed.text
    result = await chat.say("第一个为啥 我都是打发时间才看的")
    assert "拿掉" in result.text, result.text
    assert "打发时间" in result.text, result.text


async def test_the_steps_of_a_question_are_its_own(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05", answers={"V05": "插队的人"})
    result = await chat.say("这题到底怎么写 给我步骤")
    assert "1. " in result.text and "2. " in result.text, result.text
    assert "「插队的人」" in result.text, result.text


async def test_one_line_of_who_they_are_uses_only_names_they_wrote(kb, offline_config):
    answers = {"V01": "我最看重自由", "P05": "聊心理学能聊一晚上", "S04": "还行吧"}
    chat = Chat(offline_config, C, question_id="C01", answers=answers)
    result = await chat.say("用一句话概括我这个人，20字以内")
    assert "「自由」" in result.text, result.text
    assert "依据" in result.text and "我最看重自由" in result.text, result.text
    bare = Chat(offline_config, C, question_id="C01", answers={"S04": "帮同事修打印机"})
    none = await bare.say("一句话总结我是什么样的人")
    assert "不替你编" in none.text and "帮同事修打印机" in none.text, none.text


async def test_asked_for_one_question_it_asks_one(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03")
    result = await chat.say("你就问我一个问题吧，只问一个")
    assert result.text.count("？") == 1, result.text
    assert "第3题" not in result.text, result.text
    assert "就一个" in result.text or "就问一个" in result.text, result.text


async def test_a_question_may_name_someone_who_died(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P08")
    result = await chat.say("我想请教的人可以是已经过世的吗")
    assert result.text.startswith("可以"), result.text


async def test_mixed_feelings_are_no_contradiction(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V01", answers={"V01": "我表哥"})
    result = await chat.say("我挺羡慕我表哥敢辞职创业，但他对家里人很凶，这算矛盾吗")
    assert "不矛盾" in result.text, result.text
    assert "「我挺羡慕我表哥敢辞职创业」" in result.text, result.text


async def test_our_last_point_said_plainer_and_shorter(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        S,
        "S04",
        "邻居家小孩作业不会都来问我，这算吗",
        "算。",
        answers={},
    )
    result = await chat.say("太书面了，说人话")
    assert result.text.startswith("好，说白点"), result.text
    assert "邻居家小孩作业不会都来问我" in result.text, result.text
    asks = "你在第3题写的是「考研那年」。我不替你改写，补上这几样就会具体：…"
    short = await after_exchange(
        offline_config, V, "V03", "帮我把V03改具体点", asks, answers={"V03": "考研那年"}
    )
    result = await short.say("太长了，压到40字以内")
    assert result.text.startswith("好，短一点"), result.text


async def test_a_review_date_is_set_around_their_busy_weeks(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C05", answers={"C05": "做一期播客"})
    result = await chat.say("帮我把复盘日期定一下，这三周要考试")
    assert "三周" in result.text and "周末" in result.text, result.text


async def test_an_experiment_too_tight_gets_more_room(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C04", answers={"C04": "开一个手账小摊"})
    await chat.say("给C04配个小实验")
    result = await chat.say("一周太紧了，我还要上夜班")
    assert "两周" in result.text and "这周" not in result.text, result.text


async def test_a_named_flaw_is_the_one_turned(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S05")
    result = await chat.say("我最大的毛病就是太较真，别人都嫌我烦，这个能变成优点吗")
    assert "较真" in result.text, result.text


async def test_a_hard_time_is_met_before_the_task(kb, offline_config):
    answers = {"S06": "带新人那半年，三个新人都转正了"}
    chat = Chat(offline_config, S, question_id="S06", answers=answers)
    result = await chat.say(
        "被裁三个月了，投了好多都没回音，感觉自己挺失败的。你帮我看看S06写得怎么样"
    )
    assert "带新人那半年" in result.text, result.text
    assert "「被裁三个月了」" in result.text, result.text
    assert result.text.index("被裁") < result.text.index("带新人那半年"), result.text
    assert "「感觉自己挺失败的」" not in result.text, result.text


async def test_english_asks_are_answered_in_english(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V07",
        answers={"V07": "Sleep in, then bake bread"},
    )
    ok = await chat.say("Is that a good answer for this one?")
    assert ok.text.startswith("Yes"), ok.text
    rewrite = await chat.say("Could you rewrite my answer in Chinese for me?")
    assert (
        "won't rewrite" in rewrite.text and "Sleep in, then bake bread" in rewrite.text
    )


async def test_a_list_too_broad_is_said_in_their_own_words(kb, offline_config):
    answers = {"P01": "小时候总在本子上画小人", "P05": "和朋友聊电影能聊一宿"}
    chat = Chat(offline_config, P, question_id="P05", answers=answers)
    await chat.say("从P01到P05帮我挑几个领域")
    result = await chat.say("这些词太大了，再具体点")
    assert "小时候总在本子上画小人" in result.text, result.text


async def test_searches_a_job_needs_are_set_aside_for_p03(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P03")
    result = await chat.say("我这个月搜的都是找房和社保怎么交，这也算兴趣吗")
    assert result.text.startswith("先不算"), result.text


async def test_family_in_a_story_is_offered_not_asserted(kb, offline_config):
    told = "我爸住院那年我在深圳请不下假，最后辞了回老家，工资少了一半"
    chat = await after_exchange(
        offline_config, V, "V02", told, "你写到「最后辞了回老家」。", answers={}
    )
    result = await chat.say("这能看出我看重什么吗")
    assert "「家人」" in result.text and "还是别的" in result.text, result.text
    assert "你看重的是" not in result.text, result.text


async def test_a_pay_limit_after_a_plan_is_taken_as_real(kb, offline_config):
    answers = {
        "C01": "开个读书会",
        "C02": "做亲子阅读直播",
        "S03": "我周末帮社区写通知",
    }
    chat = Chat(offline_config, C, question_id="C01", answers=answers)
    await chat.say("C01和C02比一比")
    result = await chat.say(
        "可是做直播还得买补光灯和声卡吧，我一个月到手就三千出头，真的花不起这个钱"
    )
    assert "花不起这个钱" in result.text and "不花钱" in result.text, result.text


async def test_a_review_day_they_give_or_rule_out_is_kept(kb, offline_config):
    chat = Chat(offline_config, C, question_id="C05", answers={"C05": "摆一次旧书摊"})
    given = await chat.say("复盘日期改到第12天吧")
    assert "第12天" in given.text, given.text
    other = Chat(offline_config, C, question_id="C05", answers={"C05": "摆一次旧书摊"})
    weekday = await other.say("复盘定哪天好？周末我要去医院陪护，别排在周末")
    assert "晚上" in weekday.text and "周末" not in weekday.text, weekday.text


async def test_one_answer_made_concrete_after_a_list_is_that_answer(kb, offline_config):
    answers = {"P01": "小时候总在本子上画小人", "P05": "和朋友聊电影能聊一宿"}
    chat = Chat(offline_config, P, question_id="P05", answers=answers)
    await chat.say("从P01到P05帮我挑几个领域")
    result = await chat.say("帮我把P01那条改得具体点")
    assert "具体的说法就在你自己写的话里" not in result.text, result.text


async def test_a_long_story_with_gei_wo_in_it_is_still_a_story(kb, offline_config):
    told = (
        "去年单位年会本来是行政的活，行政同事休病假，领导就丢给我了。"
        "我熬了三个晚上把节目单、座位表、抽奖流程全排好，当天一百多人没出岔子"
    )
    chat = await after_exchange(
        offline_config, S, "S06", told, "你写到「我熬了三个晚上」。", answers={}
    )
    result = await chat.say("从这段里你看出我有啥才能")
    assert "你还没说一件具体的事" not in result.text, result.text
