"""What coach_blind23 showed untrue or undone, checked here in our own words.

A quote cut beside a straight quote mark is closed the way their text has it;
a word put in our mouth ("你说我在乎'X'", "第二个为啥是'X'") is said to be
none of ours, and the item asked about is still explained; a part they ask to
keep, or complain was cut, is in the next version; a placeholder ("还没写") is
no answer to quote; a list pasted in quotes is taken whole; "把这个写成P08"
takes the line they just wrote; "这种东西也能算吗" asks whether it counts; a
shrug is no side to compare; a listed item is dropped by the words it was read
from; money trouble is named before any step; a correction and a waved-off
reading keep their own words.
"""

from __future__ import annotations

from agent import quotes
from agent.dialogue import facts
from tests.agent.test_offline import Chat, P, S, V, after_exchange


def test_a_straight_quote_cut_open_is_closed_as_their_text_has_it():
    said = "师傅说我是'活地图'，我自己倒没觉得"
    assert quotes.balanced("你写到「师傅说我是'活地图」。", [said]) == (
        "你写到「师傅说我是'活地图'」。"
    )
    later = "'周末去爬山'对我来说太难了"
    assert quotes.balanced("「周末去爬山'对我来说太难了」", [later]) == (
        "「'周末去爬山'对我来说太难了」"
    )
    assert quotes.balanced("「I don't know」", []) == "「I don't know」"


async def test_a_value_we_never_named_is_said_to_be_none_of_ours(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V03",
        recent_messages=[
            ("user", "我写完前三题了"),
            ("assistant", "好，第3题你写的是熬夜备考那段。那一刻撑着你的是什么？"),
        ],
    )
    result = await chat.say("你说我看重'稳定'，可我辞过三次职，这说不通吧")
    assert "没有说过「稳定」" in result.text, result.text
    assert "你写到「稳定」" not in result.text, result.text


ANSWERS = {
    "S03": "整理仓库，能把几百种零件按用途重新码一遍",
    "S04": "同事排班冲突都来找我协调",
    "S06": "去年盘点我提前一周列好清单，最后一件没差",
}


async def test_an_item_asked_about_by_a_name_we_never_gave_is_still_explained(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S07", answers=ANSWERS)
    first = await chat.say("帮我挑挑我写的这些里，哪个才能出现得最多")
    assert first.trace["act"] == "top", first.text
    result = await chat.say("第一条说说看，'未雨绸缪'你是从哪看出来的")
    assert result.trace["act"] == "item_why", result.text
    assert result.text.startswith("我前面没有说过「未雨绸缪」"), result.text
    assert "第一条" in result.text, result.text


LONG = (
    "我们老队长。村里修路没钱，他自己跑了二十多趟镇上要来了水泥。"
    "两家吵架他也不是先劝，先听完两边说什么。"
)


async def test_one_line_keeps_the_part_they_asked_to_keep(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V01", answers={"V01": LONG})
    await chat.say("V01帮我缩短一点")
    result = await chat.say("再短点，一句就够，保留'先听完两边说什么'这个意思")
    assert "先听完两边说什么" in result.text, result.text


FACTORY = (
    "2015年车间换新设备，老工人都不想碰。我先自己去厂家学了两周，回来把步骤写成卡片"
    "挂在机器边上，一个一个教，还带出了四个徒弟，现在都能独当一面。那一年废品率降了一半。"
)


async def test_a_part_complained_about_as_cut_is_put_back(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06", answers={"S06": FACTORY})
    first = await chat.say("S06太长了，帮我缩到三句")
    assert "带出了四个徒弟" not in first.text, first.text
    result = await chat.say("你把带徒弟那句删了，那句最要紧啊")
    assert "还带出了四个徒弟" in result.text, result.text


def test_a_placeholder_is_no_answer():
    for placeholder in ("还没写", "我还没想好。", "想不出来", "待定", "先空着"):
        assert facts.unwritten(placeholder), placeholder
    for answer in ("没想到他会这样", "没有", "还没写完的小说是我最想做的"):
        assert not facts.unwritten(answer), answer


async def test_a_placeholder_answer_is_not_quoted_as_what_they_wrote(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P05", answers={"P05": "还没写"})
    result = await chat.say("帮我把P05改得具体一点")
    assert "「还没写」" not in result.text, result.text


async def test_a_list_pasted_in_quotes_is_taken_whole(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P03")
    result = await chat.say(
        "我最近搜过：'露营装备清单'、'手冲咖啡比例'、'公积金怎么提取'、"
        "'旧书修补'、'城市骑行路线'。哪些能写进P03"
    )
    for item in ("露营装备清单", "公积金怎么提取", "城市骑行路线"):
        assert f"「{item}」" in result.text, result.text
    again = await chat.say("那你帮我把P03写出来")
    assert "「旧书修补」" in again.text, again.text
    assert "「我最近搜过" not in again.text, again.text


async def test_this_written_as_the_answer_takes_the_line_just_written(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P08")
    result = await chat.say(
        "那我最想请教的是怎么让老人愿意用智能手机，不用我天天教。你帮我把这个写成P08吧"
    )
    assert "「我最想请教的是怎么让老人愿意用智能手机，不用我天天教」" in result.text, (
        result.text
    )


async def test_does_this_kind_of_thing_count_is_not_taken_as_pushback(
    kb, offline_config
):
    chat = Chat(
        offline_config,
        P,
        question_id="P02",
        recent_messages=[
            (
                "user",
                "上周去图书馆本来是借考证的书，结果在绘本区坐了一下午，看一套画森林动物的",
            ),
            ("assistant", "你写到「在绘本区坐了一下午」。它哪一点让你放不下？"),
        ],
    )
    result = await chat.say("可是绘本这种东西也能算P02的答案吗？感觉有点幼稚")
    assert result.trace["act"] == "counts", result.text
    assert "「感觉有点幼稚」" not in result.text, result.text


async def test_a_shrug_is_no_side_to_compare(kb, offline_config):
    answers = {"P01": "小时候爱拆收音机，拆完再装回去", "P02": "不知道，没什么固定的"}
    chat = Chat(offline_config, P, question_id="P02", answers=answers)
    result = await chat.say("帮我把P01和P02放一起看看，有啥共同点")
    assert "还没有内容" in result.text, result.text
    assert "共同点是什么" not in result.text, result.text


async def test_a_listed_item_is_dropped_by_the_words_it_was_read_from(
    kb, offline_config
):
    answers = {
        "P01": "小时候给洋娃娃编故事，还画成小人书",
        "P02": "书店常停在心理学和悬疑小说那几排",
        "P05": "聊推理小说的诡计能聊一晚上",
    }
    chat = Chat(offline_config, P, question_id="P06", answers=answers)
    first = await chat.say("帮我把P01到P05归成几个领域")
    assert first.trace["act"] == "top", first.text
    assert "心理" in first.text, first.text  # read from 「心理学」 in P02
    result = await chat.say("'心理学'那个只是觉得有用，去掉吧")
    assert result.text.startswith("好，去掉了"), result.text
    assert "心理" in result.text.split("。")[0], result.text


async def test_money_trouble_is_named_before_a_step(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S01", answers={"S01": "x" * 10})
    result = await chat.say(
        "店里生意一落千丈，工资只发底薪两千五，老人孩子都等着我，我会的那些现在一点用没有"
    )
    assert result.trace["act"] == "empathy", result.text
    assert "压力" in result.text or "不容易" in result.text, result.text


async def test_a_correction_keeps_their_words_and_asks_about_anger(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        V,
        "V05",
        "物业乱收停车费，我去理论了三次",
        "你写到「我去理论了三次」。那一刻你心里是什么滋味？",
    )
    result = await chat.say("不对，我不是心疼钱。我气的是他们欺负老人不会看账单")
    assert "「他们欺负老人不会看账单」" in result.text, result.text
    assert "打动" not in result.text, result.text


async def test_a_reading_waved_off_keeps_what_they_say_instead(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        V,
        "V04",
        "我爸什么都不说",
        "「什么都不说」背后，你觉得他在扛什么？",
    )
    result = await chat.say("我觉得你想多了，他就是嘴笨，没那么复杂")
    assert "「他就是嘴笨」" in result.text, result.text


async def test_hurt_by_a_parents_words_is_met_first(kb, offline_config):
    chat = Chat(offline_config, "synthesis", question_id="C02")
    result = await chat.say(
        "我妈知道我想辞职去学烘焙，说我'没出息'，说这么大人了还瞎折腾。"
        "我没吭声，晚上躲被子里哭了"
    )
    assert result.trace["act"] == "empathy", result.text
    assert "被爸妈" in result.text, result.text
    assert "「没出息」" not in result.text and "就从这里写起" not in result.text


async def test_a_one_character_word_we_never_asked_about_is_said_so(kb, offline_config):
    chat = await after_exchange(
        offline_config,
        V,
        "V04",
        "V04帮我看看",
        "可以补一句“因为……”，说它为什么对你重要。",
        answers={"V04": "想继承：我爸勤快。不想要：我妈什么都让"},
    )
    result = await chat.say("你问我妈'让'背后是什么，你想多了，她就是不爱吵架")
    assert "没有说过「让」" in result.text, result.text
    assert "是我说偏了" not in result.text, result.text


async def test_the_smallest_step_is_picked_from_steps_they_wrote(kb, offline_config):
    answers = {
        "C01": "用'会讲故事'在亲子阅读领域做绘本共读，先在小区办一次",
        "C02": "用'会讲故事'写儿童播客稿，每周写一篇",
    }
    chat = Chat(offline_config, "synthesis", question_id="C05", answers=answers)
    result = await chat.say("C05帮我定一个这周就能做的最小的事吧")
    assert result.trace["act"] == "experiment", result.text
    assert "「先在小区办一次」" in result.text, result.text
    assert "「每周写一篇」" in result.text, result.text
    assert "做出一个最小成品" not in result.text, result.text
