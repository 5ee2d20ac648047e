"""Tasks on saved answers never call written answers empty (blind review 6, §1).

A pick of N that the matcher can name only partly is filled with the part's own
answers no entry was read from, quoted as written and offered as a question;
"没依据的我不凑数" is not said while answers of the step are unused; a part whose
step holds answers is never said to have no words; an answer both candidates
stand on is quoted, per side, where it holds that side's words. Messages and
answers here are new, not the review's.
"""

from __future__ import annotations

import re

from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check

QUOTE = re.compile(r"「([^「」]+)」")
EMPTY_CLAIMS = ("没依据", "还没有直接说出", "找不到直接说出", "不硬挑")

BAKER = {
    "S01": "别人揉面总是粘手，我看一眼面团就知道水放多了还是少了。",
    "S03": "节前订单一多，我把三个人的活排得明明白白。",
    "S04": "隔壁几家店开业前都来找我问怎么定价。",
    "S06": "说不上来",
}
TAILOR = {
    "P01": "小时候爱把我奶奶的缝纫机拆开看里面的齿轮。",
    "P02": "抖音老刷修老式钟表的视频。",
    "P05": "跟人聊起机械表的机芯能聊一下午。",
}


def pieces(quote: str) -> list[str]:
    return [p for p in quote.split("…") if p]


def from_answers(reply: str, answers: dict) -> list[str]:
    """Return the quotes of the reply that are cut from one of the answers."""
    return [
        q
        for q in QUOTE.findall(reply)
        if any(all(p in a for p in pieces(q)) for a in answers.values())
    ]


async def test_three_talents_asked_get_their_unnamed_answers_not_a_refusal(
    kb, offline_config
):
    result = await Chat(offline_config, S, answers=BAKER).say(
        "从我填的里头挑三个最能代表我的才能"
    )
    reply = result.text
    assert result.trace["act"] == "top", reply
    check(reply, list(BAKER.values()))
    assert not any(c in reply for c in EMPTY_CLAIMS), reply
    # three picks, every one standing on their words; the shrug is not one
    assert len(from_answers(reply, BAKER)) >= 3, reply
    assert "说不上来" not in reply


async def test_interests_with_no_entry_named_quote_what_they_wrote(kb, offline_config):
    result = await Chat(offline_config, P, answers=TAILOR).say(
        "把我喜欢的事归拢一下，挑三个领域出来"
    )
    reply = result.text
    assert result.trace["act"] == "top", reply
    check(reply, list(TAILOR.values()))
    assert not any(c in reply for c in EMPTY_CLAIMS), reply
    quoted = from_answers(reply, TAILOR)
    assert len(quoted) >= 2, reply
    assert reply.rstrip().endswith("？"), reply  # offered, not asserted


async def test_top_n_in_english_reads_the_number(kb, offline_config):
    answers = {
        "V01": "我最佩服我们村的赤脚医生，半夜敲门他也出诊。",
        "V02": "放弃了城里的工作回来，是想离我爸妈近一点。",
        "V05": "最烦有人答应了的事转头就忘。",
    }
    result = await Chat(offline_config, V, answers=answers).say(
        "pls pick my top 2 values from what I wrote"
    )
    reply = result.text
    assert result.trace["act"] == "top", reply
    check(reply, list(answers.values()))
    assert "只够" not in reply, reply  # two asked, two given
    assert reply.count("「") - reply.count("（第") <= 2, reply


async def test_used_up_is_said_only_when_every_answer_is_in(kb, offline_config):
    answers = {"S04": "街坊手机出毛病都拿来给我看。"}
    result = await Chat(offline_config, S, answers=answers).say("帮我挑4个我最擅长的")
    reply = result.text
    check(reply, list(answers.values()))
    assert "手机出毛病都拿来给我看" in reply, reply
    assert "不凑数" in reply and "没依据" not in reply, reply


async def test_why_of_an_unnamed_pick_quotes_their_answer(kb, offline_config):
    chat = Chat(offline_config, S, answers=BAKER)
    top = await chat.say("从我填的里头挑三个最能代表我的才能")
    assert top.trace["act"] == "top", top.text
    why = await chat.say("第三条是怎么来的")
    assert why.trace["act"] == "item_why", why.text
    assert "还没找到依据" not in why.text, why.text
    assert from_answers(why.text, BAKER), why.text


async def test_combine_never_calls_a_written_step_wordless(kb, offline_config):
    answers = {
        "V02": "辞了银行的工作，就想每天按自己的节奏过。",
        "S04": "朋友装修都让我帮着看报价单，哪项虚高我一眼看出来。",
        "P05": "聊起老房子翻新能说一整晚。",
    }
    result = await Chat(offline_config, X, answers=answers).say(
        "把我三部分的答案组合成几个方向"
    )
    reply = result.text
    check(reply, list(answers.values()))
    assert "还没有直接说出" not in reply, reply
    assert "三者组合" not in reply or reply.count("「") >= 6, reply


async def test_one_answer_behind_two_candidates_is_quoted_apart(kb, offline_config):
    answers = {
        "C01": "在亲子阅读里做绘本讲读",
        "C02": "做青少年心理陪伴",
        "P03": "最近在看绘本推荐、青春期心理的公众号",
    }
    result = await Chat(offline_config, X, question_id="C02", answers=answers).say(
        "C01和C02帮我对比一下"
    )
    reply = result.text
    assert result.trace["act"] == "compare", reply
    lines = [line for line in reply.split("\n") if line[:1] in "AB"]
    assert len(lines) == 2, reply
    cited = [set(QUOTE.findall(line)[1:]) for line in lines]
    assert not cited[0] & cited[1], reply  # each side its own words


async def test_a_top_list_of_talents_uses_the_words_s07_quotes(kb, offline_config):
    # "耐心" aside, no entry is called 讲得透 or 敢拍板: they are still talents
    # the person wrote down, in the words they were said in.
    answers = {
        "S04": "邻居家电器坏了都来喊我。",
        "S07": "老伴说“讲得透”，车间主任说“敢拍板”，孙女说“有耐心”",
    }
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    result = await chat.say("帮我从我写的里面挑三个最突出的才能")
    for word in ("讲得透", "敢拍板", "有耐心"):
        assert f"「{word}」" in result.text, result.text
    assert "没有直接点名" not in result.text, result.text


async def test_words_from_s07_are_never_followed_by_none_named(kb, offline_config):
    # "每一条…一个词" asks one word per answer, not a list of one; and a list
    # that opens with S07's words never goes on to say nothing was named.
    answers = {
        "S03": "周末在家给邻居修自行车，一修一下午。",
        "S04": "厂里新来的都找我问机器怎么调。",
        "S07": "师傅说“手稳”，老婆说“心细”",
    }
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    result = await chat.say("能不能每一条后面对应一个才能的词")
    assert "「手稳」" in result.text and "「心细」" in result.text, result.text
    assert "没有直接点名" not in result.text, result.text
