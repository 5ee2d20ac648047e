"""Which task on the saved answers a message asks for (Coach 3 §2, §6).

Explicit task verbs win over the classifier's guess, right after safety, the
way "挑出最重要的5个" runs ``top``: compare two candidates, make an answer
concrete, and "第二条为什么" about the items of the last task reply. A message
that matches none returns "" and is understood as before.
"""

from __future__ import annotations

import re

from agent.dialogue.numbered import QUESTION_ID, ids_named
from agent.dialogue.signals import (
    ASK_AGAIN,
    COMBINE_ASK,
    EDIT,
    FLIP,
    MEASURE,
    REDO_ASK,
    SHORTER_ASK,
    VERSIONS,
    WANTS_EXAMPLE,
    asks_edit,
)
from agent.dialogue.state import DialogueState

# "比较" is also "rather" ("我比较喜欢画画"): only the verb, with what it compares.
COMPARE = re.compile(
    r"(?:比较|对比)(?:一下|下|看看|这两|我的|两个|两条|[AaBb](?![A-Za-z])|C0)|比一比|比一下|"
    r"(?<![A-Za-z])C0[1-9].{0,8}(?<![A-Za-z])C0[1-9]|"
    # "S03 vs S05 哪个更像才能": two saved answers side by side ("S03和P06合在一
    # 起" puts them together, "V08和V01…区别在哪" asks about the questions)
    r"(?<![A-Za-z])[VSP]0?[1-9]\s*(?:vs\.?|和|跟|与|还是|or)\s*[VSP]0?[1-9](?!\d)"
    r"(?![^。？?]{0,16}(?:合|放在一起|放一起|连起来|一句|区别|差别|不同|差不多|一个意思))|"
    # "送外卖跟学修车比，哪个更适合我": two options weighed against each other
    # ("跟大家一个个介绍，最后他俩喝得比谁都开心" compares nothing)
    r"(?:和|跟|与)[^，,。！!？?]{1,14}比(?:起来|一比|一下)?[，,]?\s*(?:哪个|哪条|谁(?![都也])|怎么样)|"
    # "开个包子铺和当水电工，帮我掂量掂量哪个靠谱": weighed in other words
    r"掂量|权衡一下|比比看|"
    # "我写的这两个方向，有没有哪个能跟考公同时进行": two of theirs, weighed
    r"这两个(?:方向|候选|选项|想法|工作|路子)[^。]{0,16}(?:哪个|哪条|哪一个)|"
    r"(?:和|跟|与).{1,14}[，,]?.{0,8}(?:哪个|哪条)(?:更)?(?:靠谱|稳|划算|合适|适合我)",
    re.I,
)
# About their answer, not the coach's reply ("能说具体一点吗" asks us to explain).
CONCRETE = re.compile(
    r"(?:写|改|弄|变)得?(?:更)?具体|帮我.{0,12}具体|太书面|书面了|书面化|太官方|"
    r"不像我(?:自己)?说的|写[得的]太(?:笼统|空|虚|正式)|帮我改改|帮我改一下|帮我润色|"
    r"(?:帮|替)我写(?:一句|一段)|"
    # "太啰嗦了，帮我改短一点": their answer, cut (concrete.py only deletes)
    r"改短|改得?短|精简一?下|帮我(?:删|缩)|(?:太|有点)(?:啰嗦|罗嗦|长)了?.{0,10}(?:帮|改|删|短)|"
    # "把我写的C01改一改": a named answer, to be reworked
    r"(?:把|将).{0,6}(?:第\s*[1-9一二三四五六七八九]\s*题|(?<![A-Za-z])[VSPCvspc]0?[1-9])"
    r".{0,4}改(?:一改|改|一下|成)|"
    # "你帮我写成答案吧…就按我说的意思", "把刚才这事帮我塞进S03那条里": what
    # they told, made into the answer (realise/concrete.py stitches their words)
    r"写成.{0,6}(?:答案|一段|一句话?)|整理成.{0,10}答案|整理成一段|(?:能|可以)填进去|"
    # "你把我说的这两件事写成S03吧", "这段能直接当V06的答案吗" (coach_blind18)
    r"(?:写|整理|改)成\s*(?:[VSPCvspc]0?[1-9]|第\s*\S\s*题)|(?:直接)?当(?:成|作)?[^。，]{0,6}的?答案|(?:塞|补|加|放|填|写)进.{0,10}(?:那条|答案|里|[VSPvsp]0?[1-9]|第\s*\S\s*题)|"
    r"按我说的(?:意思)?(?:写|来)|就按我说的意思|"
    # "你帮我把这段写得像样一点": their text, tidied
    r"写得?像样|像样一点|写得?好看(?:一)?点|写得?顺(?:一)?点|理顺|"
    # "你帮我写下来吧，我打字慢", "你帮我写进去吧 我不会写" (coach_blind15)
    r"(?:你|帮我|替我)(?:帮我)?(?:把.{0,10})?(?:写下来|记下来|写进去|写上去)|"
    r"(?:帮我|你帮我)重写|重写(?:一下|下)|"
    # "can u turn that into my P03 answer? 中文就行" (coach_blind18)
    r"(?i:\b(?:turn|make|put|write)\s+(?:that|this|it)\s+(?:into|as|up)\b[^。.!?？]{0,24}\banswer|"
    # "you write something for V07 based on that" (coach_blind18)
    r"\bwrite\s+(?:something|it|this|that|one)\s+(?:up\s+)?(?:for|as)\s+(?:my\s+)?[VSPC]0?[1-9]\b)"
)
# "就用我刚说的这件事": the story told just before is the material (concrete.py).
TOLD_HERE_MIN = 40
TOLD_HERE_ASK = re.compile(
    r"(?:你帮我?|帮我)[^。！？!?]{0,10}(?:理一下|理一理|整理一下|连起来|写进去|写成答案|写进)"
)
USE_TOLD = re.compile(
    r"(?:用|按|拿|照|根据)(?:着)?(?:我)?(?:刚|刚才|刚刚|前面|上面)(?:说|讲|聊|提)的|"
    # "你就把我这段话整成第四题的答案吧" (coach_blind13): what they just said
    r"把我?(?:这|那|刚才那|刚说的那)段话?(?:整|弄|写|改)成"
)
# "第三条呢？它的缺点是什么": about an item too (realise/refs.py answers it).
DOWNSIDE = re.compile(
    r"缺点|短板|短处|不足|坏处|副作用|用过头|代价|缺陷|\bdownsides?\b|\bcons\b", re.I
)
# A saved candidate by its id ("那C02的缺点呢").
# "每个才能的短处也写一下": every item of the last list, not one of them.
EACH = re.compile(r"每(?:一)?个|每一?条|各自|它们|这几个|这些|都(?:写|说|列)")
# "'追问本质'那条留着，最后一条删掉": items of the last list kept or dropped.
# An item pointed at (number or quoted name) and dropped anywhere in the same
# sentence ("第三个“责任感”我不太认同，那其实是我妈希望我有的…，换掉").
DROP = r"(?:删掉|删了|去掉|不要了|划掉|换掉|拿掉|不太?认同|不太?想要|不太?喜欢)"
TWO_COLUMNS = re.compile(r"两栏|两列")
REFIT = re.compile(r"再调|调一下|调整|改一下|再改|改改|换一个|换个|按这个")
# What comes back across their answers (coach_blind18: "你看看里面哪些东西老是
# 反复出现", "这两题里反复出现的是什么").
REPEATS = re.compile(
    r"反复(?:出现|提到|写到|说到)|老是出现|总是出现|重复出现|出现(?:了)?(?:好几|很多|不止一)次|"
    # (two answers named and what they share: compare, test_coach_round17)
    r"(?:有|找找|找出|看看|有没有)(?:什么|啥|哪些)?规律"
)
# A message to send to people who know them, or a less awkward way to ask (S07).
ASK_OTHERS = re.compile(
    r"(?:写|编|拟|发)(?:一?条|个|段)?(?:微信|消息|短信|信息)|"
    # "你帮我写一条发给我表姐的消息吧" (coach_blind25)
    r"(?:写|编|拟)一?[条个段](?:发给|给)[^，,。？?]{1,8}的?(?:微信|消息|短信|信息)|"
    r"(?:不那么|不太|别那么|没那么)尴尬.{0,4}问|问法|怎么开口问"
)
S07 = re.compile(r"[Ss]0?7|熟人|长处")
LIST_EDIT = re.compile(
    r"(?:那|这|第.|最后一?)(?:条|个|项)(?:就|先)?(?:留着|删掉|删了|去掉|不要了?|划掉|保留)|"
    rf"(?:第.|最后一?)(?:条|个|项)[^。！？!?]{{0,40}}?{DROP}|"
    rf"[“「‘'\"][^”」’'\"]{{1,10}}[”」’'\"][^。！？!?]{{0,40}}?{DROP}|"
    rf"{DROP}[^。！？!?]{{0,6}}?(?:(?:第.|最后一?)(?:条|个|项)|[“「‘'\"])"
)
# "“整理秩序”和“计划先行”能不能合并": two of the last list, put as one.
MERGE = re.compile(r"合并|合成一(?:个|条)|并成一|算(?:成)?一(?:个|条)|是一回事")
CANDIDATE_ID = re.compile(r"(?<![A-Za-z])[Cc]0?([1-4])(?!\d)")
# "这个候选有什么缺点": the one just listed, pointed at without a number.
THIS_ITEM = re.compile(r"这个(?:候选|方向|选项|想法|主意|办法)?|这条|这一条|它")
# A question about an item, not a choice between items ("第一条和第二条我选不出来").
WHY = re.compile(
    r"为什么|为啥|凭什么|依据|怎么来的|哪来的|从哪看出|怎么看出|根据什么|\bwhy\b", re.I
)
CHOOSING = re.compile(r"选|纠结|哪个好|哪条好|取舍|和第|跟第")
ITEM = re.compile(
    r"第\s*[一二两三四五六七八九1-9]\s*(?:个|条|项|点|样)|最后(?:一|那)?[个条样]|"
    # "你排第二的那个": a place in the list the coach gave (coach_blind10)
    r"(?:排|放|列)(?:在)?第\s*[一二两三四五六七八九1-9](?:的|位)?|"
    r"第\s*[一二两三四五六七八九1-9]\s*的那(?:个|条|项|样)?"
)
QUESTION = re.compile(r"第\s*[一二两三四五六七八九1-9]\s*题")
# "你刚才说的第一个，能再说细一点吗": item N's evidence, said again.
MORE_ON = re.compile(r"细一?点|细说|展开|具体说|多说|详细|讲讲|说说")
# "帮我写一句工作目的": the synthesis of the values step, not a revision.
# A talent's two sides, or each listed one defined (coach_blind25).
SIDES_ASK = re.compile(
    r"长处形式|短处形式|长处和短处|优点和缺点(?:形式)?各|"
    r"(?:各|每个|每一个|三个)(?:才能)?(?:写|给|说)?一句(?:话)?定义|定义[^。？?]{0,6}各"
)
# "帮我检查一下我C04这条 格式对不对 有没有才能 领域 做什么" (coach_blind24).
FORM_CHECK = re.compile(
    r"(?:检查|看看|看下|对一下)[^。？?]{0,8}[Cc]0?[1-5][^。？?]{0,24}"
    r"(?:格式|公式|句式|有没有才能|用上才能|齐不齐)|"
    r"[Cc]0?[1-5][^。？?]{0,10}(?:格式对不对|符不符合公式|格式对吗)"
)
# "你就按我说的帮我写个P07 不要写得太假" (coach_blind24): an answer from their words.
WRITE_IT = re.compile(
    r"(?:帮我|你帮我|替我|你来)(?:写|填)(?:个|一下|一版|出)?\s*[VSPvsp]0?[1-9](?!\d)|"
    # "那就用这个改我的S03", "把这个故事揉进V08里" (coach_blind26)
    r"(?:用|按|照|拿)(?:这个|这段|这些)(?:故事)?(?:改|写|填)(?:我的)?\s*[VSPvsp]0?[1-9](?!\d)|"
    r"(?:写|揉|填|整)(?:进|成)(?:我的)?\s*[VSPvsp]0?[1-9](?!\d)"
)
# "帮我改成一句能交的 就一句", "把'我妈让我考'那部分分出去" (coach_blind26):
# their answer, cut to a line or with a part taken out.
ONE_LINE_ASK = re.compile(r"(?<!合)(?<!每条)(?<!每个)(?:改|写|弄|整|压|缩)成一句")
SPLIT_OFF = re.compile(r"(?:那部分|那句|那段)(?:分|拿|挪)出去")
# coach_blind27: "再具体点，我这周下班后能干点啥", "复盘日期帮我定一下" (experiments.py)
WEEK_DOING = re.compile(
    r"(?:这周|这个星期|这礼拜|下周|下礼拜|下班后|周末)[^。？?]{0,8}(?:能|可以)?"
    r"(?:动手)?(?:干|做|试)(?:点|些)?(?:啥|什么)"
)
# "帮我写成这周就能做的一件事" (coach_blind30): the same ask, as a thing to write.
WEEK_THING = re.compile(
    r"(?:这周|这个星期|这礼拜|本周|下周|周末|明天|今天)(?:就|马上|立刻)?(?:能|可以)"
    r"(?:马上)?(?:做|干|试|动手)的(?:一件|一个|一)?(?:小)?(?:事|步|行动|动作)"
)
ITEM_NAMED = re.compile(r"第.[条个项]")  # "第一条这周能干点啥": that line (refer)
REVIEW_DATE = re.compile(
    r"(?:复盘|回头看)(?:的)?(?:定|放|安排)?(?:在)?(?:日期|日子|时间|哪天|什么时候)|"
    r"定(?:个|一下)?(?:复盘)?(?:日期|日子)"
)
# "不超过30个字", "50字以内": the length a message allows.
LIMIT = re.compile(
    r"(?:不超过|不要超过|别超过|以内|之内|控制在|压到|缩到)\D{0,3}(\d{1,3})|"
    r"(\d{1,3})\s*(?:个)?字(?:以内|之内)"
)


def limit_of(text: str) -> int:
    """Return the length they allow ("不超过30个字" → 30), or 0."""
    m = LIMIT.search(text)
    return int(m.group(1) or m.group(2)) if m else 0


# "用一句话总结我是什么样的人，不超过30个字" (coach_blind27): realise/portrait.py
PORTRAIT = re.compile(
    r"(?:一句话|一句|一段话|几个词)(?:来)?(?:总结|概括|形容|描述|说说|介绍)(?:一下)?"
    r"我(?:这个人|自己|是(?:个|一个)?(?:什么样|怎样)的人)|"
    r"(?:总结|概括|形容|描述)(?:一下)?我(?:是)?(?:个|一个)?(?:什么样|怎样)的人|"
    r"(?:总结|概括|形容|描述)(?:一下)?我这个人|"
    r"^[^。？?]{0,6}我(?:到底)?是(?:个|一个)?(?:什么样|怎样)的人"
)
# "这件事到底说明了我是个什么样的人": what a story shows (interpret), not a portrait
STORY_SHOWS = re.compile(r"说明|看出|这件事|这段|这个故事")
# "帮我看看S01到S07 哪个才能出现得最多" (coach_blind24): a ranking by support.
MOST_SUPPORTED = re.compile(
    r"(?:哪个|哪些|哪一个|什么)(?:才能|价值观?|喜欢的事|领域|兴趣)?"
    r"(?:出现|提到|写到)(?:得|的)?(?:最多|最频繁|次数最多)|"
    # "你看看哪一条最能说明俺擅长啥", "帮我把P01 P02 P05归一下 写成具体领域"
    r"哪一?[条个](?:最能|最)(?:说明|代表|看出)|"
    r"(?:归一下|归一归|归个?类|归成|归纳成?)[^。？?]{0,10}(?:领域|才能|价值观)"
)
PURPOSE = re.compile(
    r"工作目的|工作的目的|为什么而工作.{0,6}(?:一句|写)|"
    # "Write my work purpose sentence based on my answers" (coach_blind24)
    r"(?:work|job|career)\s*purpose|purpose\s*(?:sentence|statement)",
    re.I,
)
# After a purpose frame: asked again, more concretely (realise/revise.py).
AGAIN = re.compile(r"太空|太虚|太大|不实际|实在点|接地气|落地|具体点|改一?改|重写|再写")
# "我可没钱去报班考证，两个娃呢": a limit stated, short, asking for no task.
MEANS = re.compile(
    r"没钱|钱不够|报不起|花不起|掏不起|交不起|哪有钱|哪来的钱|没那么多钱|"
    r"没时间|没空|抽不出时间|两个娃|要带娃|孩子还小|房贷压着|"
    # "可是C03要先花一万多报班，我现在不太想动家里的钱" (coach_blind31)
    r"(?:不想|不太想|不敢|舍不得)(?:动|花)(?:家里|存|攒)?[的下]?钱"
)
MEANS_MAX = 30
# Replies that put a plan to them: a limit said right after is about it (coach_blind27).
PLANNED = ("compare", "item_why", "experiment", "synthesis", "combine")
# "我现在就是要挣钱，房贷一个月四千多": income first, a limit stated as a need.
EARN = re.compile(
    r"(?:现在|眼下|目前|(?<![觉记懂值舍晓])得|先|赶紧|急着|只想|就想)[^，,。]{0,4}"
    r"(?:挣|赚)(?:钱|点钱)|"
    r"(?:挣|赚)钱(?:要紧|最要紧|第一)|养家糊口|"
    # "说这些有啥用，能让我多挣钱吗": the workbook weighed against income.
    r"(?:能|可以|会)(?:让|帮)我?(?:多)?(?:挣|赚)(?:钱|点钱|到钱)|"
    r"(?:有啥用|有什么用|有用吗)[^。]{0,8}(?:挣|赚)(?:钱|点钱)"
)
EARN_MAX = 60
# "孩子还小走不开，只有午睡那两个小时": a limit of time or place on the steps,
# said with what it rules out (出门, the small experiments), not a story.
BOUND = re.compile(
    r"走不开|离不开人|出不了门|没法出门|不能出门|出不去门|"
    r"(?:只有|只剩|唯一能用的)[^，,。]{0,10}(?:时间|小时|分钟)|"
    r"要带娃|得带娃|照顾老人|伺候老人|照顾[我俺]?[爸妈]"
)
# What the limit is said against: the steps we offered, or doing them at all.
BOUND_ON = re.compile(r"实验|试试?|小事|出门|没法做|做不了|根本没法|哪有空|这周")
BOUND_MAX = 70
# "第8题我就在这儿说了吧：我希望…": an answer typed in chat, named by its
# question (or "这题"), then a colon; never a question about it.
ANSWER_HERE = re.compile(
    r"(?:第\s*([1-9一二两三四五六七八九])\s*题|这题|这道题|(?<![A-Za-z])([VSPvsp]0?[1-9]))"
    r"([^：:？?，,。]{0,12})[：:]\s*(\S[^？?]{5,})"
)
# Before the colon: a question about it or a review asked ("看看第5题这样写行不行：").
NOT_ANSWER = re.compile(
    r"什么|怎么|啥|吗|帮我|改|意思|例子|示例|行不行|可不可以|对不对|看看|这样写|写得|"
    r"写了|写的是"  # "P07我写了两个：…你帮我看看": already saved, a question about it
)
# "第一条这周具体能干点啥" when the last reply listed nothing: a first step.
THIS_WEEK = re.compile(r"这周|本周|周末|能干点|做点啥|做点什么|具体做|怎么试|先试")
# "……下一题是什么？": where they go next, even after a plan told in the same breath.
# Two questions asked apart ("不都一个意思？到底区别在哪").
DIFFER = re.compile(r"区别|差别|有啥不同|有什么不同|不一样|差不多|一个意思|分不清")
SKIP = re.compile(
    r"先跳过|跳过(?:这题|这道|这个)|先(?:去)?写后面|写后面的|先写别的|跳到下一|先看下一"
)
NEXT = re.compile(
    r"下一[题道](?:题)?(?:是什么|是啥|是哪|呢|写什么|写啥|在哪)|还有下一题|"
    # "补好了…那接下来写哪题？" (coach_blind21)
    r"接下来(?:该)?写哪(?:一)?题|(?:然后|接着|接下来)(?:该)?写(?:什么|啥)"
)
# "把第一个改得更像我平时说话" / "太书面了，说人话": a list item reworded.
PLAINER = re.compile(
    r"改(?:得|成|一改|改|一下)|换成|说成|写成|(?<!不)像我|人话|口语|大白话|接地气|平时说|"
    r"自己的话|太书面|太官方|太正式"
)
BROAD_LIST = re.compile(r"太大了|太泛|太笼统|再具体|具体点|generic|too broad", re.I)
# Replies whose items "太书面了" can be about (not a saved answer rewritten).
LISTS = ("synthesis", "plain", "top", "compare", "item_why")
# Replies that give one example ("有人写：…"), not a list.
ONE_EXAMPLE = ("rephrase", "explain", "question_help")
SHORT = 10  # "第二条呢": a bare pointer at an item of the last list
# "这说明我擅长啥？" / "从这件事能看出我在意什么": what their words show of them.
INTERPRET = re.compile(
    r"(?:说明|代表|看得?出|能看出|反映|体现)(?:了|出)?(?:我|我这个人)?.{0,6}"
    r"(?:擅长|才能|长处|优势|本事|在意|看重|价值观?|喜欢|兴趣|热情|是个?(?:什么|啥)(?:样的)?人)|"
    # "这背后是哪条原则？你帮我说出来" (coach_blind18)
    r"背后(?:是|有|藏着)?(?:哪|啥|什么)(?:一)?(?:条|个|种)?(?:原则|价值观?|道理|规矩)|"
    # "这个对应成什么才能词" (coach_blind27)
    r"对应(?:成|到|的是)?(?:什么|哪个|哪种|啥)(?:样的)?(?:才能|价值观?|领域|兴趣)"
)  # (in English, scope.py reads "what does that say about me" from their words)
# "第5题是什么意思？做不好的事怎么能说明我擅长什么": the question, not them.
MEANING = re.compile(r"什么意思|啥意思|怎么理解|怎么能|为什么|凭什么|第\s*\S\s*题")
ASKED = re.compile(r"[?？]|啥|什么|哪|吗|呢|\bwhat\b", re.I)
# Intents a task may stand in for: content and follow-ups, not a concept asked,
# a question about a question, examples, care or scope.
TASK_OVER = (
    "story",
    "unclear",
    "counts",
    "why",
    "feedback",
    "choose",
    "summary",
    "synthesis",
    "more",
    "refer",
    "go_on",
    "pushback",
    "experiment",
)
SURE = 0.5  # the intent classifier's confidence that keeps its own reading
# What a classified task must not be: examples asked for ("给我几个价值观的
# 例子" is no top list), a weakness to turn over (flip), or English (scope.py).
NOT_A_TASK = re.compile(
    r"翻成|翻过来|反过来|优点|另一面|^[^\u4e00-\u9fff]*$|"
    r"算不算|(?:这|这个|那个)算|算.{0,10}吗"  # "这个算我最重要的价值观吗": counts
)
AS_INTENT = {"combine": "synthesis"}


# "这能看出我有什么才能吗": about what they just told, not a list from the
# answers ("从我写的里能看出什么价值观" stays a top list, signals.TOP_ASK).
THIS_TOLD = re.compile(
    r"^(?:那|所以|嗯|哦)?[，,\s]*(?:这|这件事|这事|这些|这段|那件事|刚才|我刚说的|刚说的)"
)
WRITTEN = re.compile(r"答案|写的|填的|第\s*\S\s*题|(?<![A-Za-z])[VSPvsp]0?[1-9]")


# "帮我从这里提炼一个才能", "我贴几条：“出图快”…帮我归纳成一两个才能词"
# (coach_blind21): what they just told or pasted, distilled, not the saved answers.
DISTIL_TOLD = re.compile(
    r"(?:从这里|从这儿|从这些|从这段|从这件事|这几条|我贴几条|贴几条)[^。？?]{0,12}"
    r"(?:提炼|归纳|总结|看出)|"
    r"(?:提炼|归纳)(?:成|出)?[^。？?]{0,6}(?:才能|价值观|兴趣|热情)词"
)


def asks_interpret(text: str, *, told: bool = False) -> bool:
    """Tell whether the message asks what their words show of them.

    ``told``: only about what they just told ("这说明…"), which is read before
    a top list is.
    """
    if DISTIL_TOLD.search(text) and not WRITTEN.search(text):
        return True
    if not (INTERPRET.search(text) and ASKED.search(text)) or MEANING.search(text):
        return False
    if FLIP.search(text):
        return False  # "反过来能说明我擅长啥": the flip of a weakness (followups.flip)
    if WRITTEN.search(text):
        return False  # "第3题我写的…能看出啥价值观": the saved answer (read_answer)
    return not told or bool(THIS_TOLD.search(text))


def classified_task(text: str, intent: str, confidence: float) -> str:
    """Return the task model's task when it may stand, or ""."""
    from agent.dialogue.classifier import TASK_BARS, task_predict

    if (
        NOT_A_TASK.search(text)
        or WANTS_EXAMPLE.search(text)
        or (confidence >= SURE and intent not in TASK_OVER)
    ):
        return ""
    task, p = task_predict(text)
    if task == "interpret" and WRITTEN.search(text):
        return ""  # "第3题我写的…能看出啥": the saved answer is read (read_answer)
    if task in TASK_BARS and p >= TASK_BARS[task]:
        return AS_INTENT.get(task, task)
    return ""


def answer_here(text: str) -> tuple[str, str] | None:
    """Return (number or id, their answer) when the message gives one, or None."""
    m = ANSWER_HERE.search(text)
    if not m or NOT_ANSWER.search(text[: m.start(4)]):
        return None
    if not re.search(r"[\u4e00-\u9fff]", m.group(4)):
        return None  # "S03: I can fix old bikes…" is answered in English (scope.py)
    return (m.group(1) or m.group(2) or ""), m.group(4).strip()


# "再短点，一句话" / "再短点，英文词去掉": the last rewrite or list, cut again.
AGAIN_SHORTER = re.compile(
    r"^(?:再|还是太?|还能再)(?:短|精简|简短|简单|缩)(?:点|一点|些|一些)?"
)
# "换一个角度说说吧，别从哪个能赚钱来比": the comparison, on another ground.
OTHER_ANGLE = re.compile(r"换(?:一个|个)?角度|再比|重新比|别从.{0,12}比")


EDIT_MAX = 60  # an edit of the last version is said briefly


def task_intent(text: str, d: DialogueState, step: str = "") -> str:
    """Return the task the message asks for, or "".

    compare, concrete, item_why, purpose; "means" for a stated limit of
    money or time.
    """
    if (
        SIDES_ASK.search(text)
        and (step == "strengths_exploration" or "才能" in text)
        and not re.search(r"归纳|合并|提炼|合成|留着|删掉|不用写|不要写|再列", text)
    ):
        return "sides"  # "把它的长处形式和短处形式分别写一下" (coach_blind25)
    if PORTRAIT.search(text) and not STORY_SHOWS.search(text):
        return "summary"  # "一句话总结我是什么样的人": portrait.py, in their names
    if MAKE_UP.search(text):
        return "decide_for_me"  # "随便编几条": their choice, never made up (autonomy)
    if REPEATS.search(text):
        return "repeats"  # "哪些东西老是反复出现": across their answers
    if FORM_CHECK.search(text):
        return "form"  # "帮我检查一下我C04这条 格式对不对" (coach_blind24)
    if WRITE_IT.search(text) or ONE_LINE_ASK.search(text) or SPLIT_OFF.search(text):
        return "concrete"  # "你就按我说的帮我写个P07": from what they told
    if MOST_SUPPORTED.search(text):
        return "top"  # "S01到S07 哪个才能出现得最多": the best-supported first
    if (
        WORDING.search(text)
        and d.last_act in EXPLAINING
        and len(text) <= 16
        and not re.search(r"答案|我写的|第.题|[VSPCvspc]0?\d", text)
    ):
        return "plain"  # "太官方了，说人话" after an explanation: ours (simpler.py)
    if (
        WORDING.search(text)
        and not NOT_WORDING.search(text)
        and not PURPOSE.search(text)
        # "太正式了" after a list or a purpose: that reply made plain (plain.py)
        and not (d.pending.get("items") and d.last_act in LISTS)
        and d.last_act not in ("purpose", "synthesis", "combine")
    ):
        return "concrete"  # their sentences shown back, to reword in their voice
    if d.last_act == "thin" and re.search(
        r"补(?:点|些|什么|哪)|怎么补|具体|怎么写|例子", text
    ):
        return "concrete"  # "你说V03太空，那我该往里补点什么": that answer
    if WRITE_START.search(text) or MERGE_IN.search(text):
        return "concrete"  # a start or a merge, only of their own words
    if THIN_ASK.search(text):
        return "thin"  # "哪几条太空了": the thinnest, with what each lacks
    if THINNEST.search(text):
        return "concrete"  # "就改最空的那条": that answer, made concrete
    if (
        ASK_OTHERS.search(text)
        and (step == "strengths_exploration" or S07.search(text))
        and not ASK_AGAIN.search(text)  # "你换种问法吧": our question, not theirs
    ):
        return "ask_others"  # "帮我写一条微信问室友", "不那么尴尬的问法" (S07)
    if AGAIN_SHORTER.search(text) and len(text) <= SHORT * 2:
        if d.last_act == "concrete":
            return "concrete"
        if d.pending.get("items") and d.last_act in LISTS:
            return "plain"
    if (
        d.last_act == "concrete"
        and len(text) <= EDIT_MAX
        and asks_edit(text)
        and (d.pending.get("source") or EDIT.search(text))
    ):
        return "concrete"  # "压成两三句…细节要留着": the last version, edited
    if d.last_act == "compare" and (OTHER_ANGLE.search(text) or MEASURE.search(text)):
        # "那要是看哪个能更快赚到第一笔钱呢": the same two, by another yardstick
        return "compare"
    if COMPARE.search(text):
        return "compare"
    if (
        d.pending.get("items")
        and DOWNSIDE.search(text)
        and (
            CANDIDATE_ID.search(text)  # "那C02的缺点呢" after the candidates
            or (THIS_ITEM.search(text) and len(text) <= SHORT * 3)  # "这个候选…"
        )
    ):
        return "item_why"  # refs.py asks which when two were listed
    if (
        d.pending.get("items")
        and d.last_act in (*LISTS, "abstain")
        and DOWNSIDE.search(text)
        and EACH.search(text)
    ):
        return "item_why"  # "每个才能的短处也写一下": each item's downside
    if d.pending.get("items") and d.last_act in LISTS and LIST_EDIT.search(text):
        return "item_why"  # "那条留着，最后一条删掉": the list, edited
    if d.pending.get("items") and d.last_act in LISTS and MERGE.search(text):
        return "item_why"  # "这两个能不能合并": which are listed, what each is
    if DIFFER.search(text) and len(named(text, step)) >= 2:
        return "differ"  # "V08和V01我看着差不多…区别在哪": the questions, apart
    if NEXT.search(text) or SKIP.search(text):
        return "progress"  # "这题能先跳过吗？我想先去写后面的": where to go next
    if d.last_act == "purpose" and (AGAIN.search(text) or SHORTER_ASK.search(text)):
        return "purpose"  # "太空了，改实在点": the same frame, made concrete
    if PURPOSE.search(text) and not re.search(r"什么意思|是啥|是什么|怎么理解", text):
        return "purpose"
    if d.pending.get("items") and (
        (
            ITEM.search(text)
            and PLAINER.search(text)
            and not QUESTION.search(text)
            and not QUESTION_ID.search(text)  # "帮我把P01那条改得具体点": P01 itself
        )
        # "“艺术”这种太大了，再具体点" after a list (coach_blind27)
        or (
            d.last_act in LISTS
            and BROAD_LIST.search(text)
            and len(text) <= 40
            and not WEEK_DOING.search(text)  # "再具体点，我这周下班后能干点啥"
            and not re.search(r"为什么|为啥|凭什么", text)  # "为什么是C01？说具体点"
            # "帮我把V03那条改得具体点", "排第二的那个再说具体点": not the whole list
            and not re.search(r"[VSPCvspc]0?\d|第.题|改|排第|第.[条个项]", text)
        )
        or (d.last_act in LISTS and PLAINER.search(text) and len(text) <= SHORT * 2)
    ):
        return "plain"  # item N of the last list, in their own words
    if MEANS.search(text) and (
        len(text) <= MEANS_MAX
        # "可是公众号要推广…我一个月就三千多，花不起钱" on a plan just shown
        or (d.last_act in PLANNED and len(text) <= 2 * MEANS_MAX)
    ):
        return "means"
    bound = re.search(r"走不开|离不开|出不去|没时间|没空|没钱", text)
    if (
        (WEEK_DOING.search(text) and not ITEM_NAMED.search(text))
        or REVIEW_DATE.search(text)
    ) and not (bound or re.search(r"写成|写进|放进", text)):
        # "我这周下班后能干点啥", "复盘日期帮我定一下" (a limit is means' own)
        return "experiment"
    if WEEK_THING.search(text) and not bound:
        return "experiment"  # "那就候选3吧，帮我写成这周就能做的一件事"
    if len(text) <= EARN_MAX and EARN.search(text) and not CONCRETE.search(text):
        return "means"  # income first: the same act, said as a need
    if VERSIONS.search(text) and not PURPOSE.search(text) and not FLIP.search(text):
        return "concrete"  # "对，就是这个，给我两个版本挑": their words, two ways
    if TWO_COLUMNS.search(text):
        return (
            ""  # "按'想保留'和'想拒绝'两栏整理成V04": sorted (summary), not rewritten
        )
    if (
        CONCRETE.search(text)
        or (REDO_ASK.search(text) and named(text, step))
        # "就用我刚说的这件事，帮我把第3题写一下": the story just told, written up
        or (USE_TOLD.search(text) and re.search(r"写|改|整理|[弄整]成", text))
        # "睡到自然醒，骑车去河边…就这样。你帮我按时间顺序理一下写进去": the
        # story in the ask itself, written up (coach_blind17)
        or (len(text) >= TOLD_HERE_MIN and TOLD_HERE_ASK.search(text))
    ):
        return "concrete"  # "C02要不要改？把'累'考虑进去，帮我改一版"
    if len(text) <= BOUND_MAX and BOUND.search(text) and BOUND_ON.search(text):
        return "means"  # a limit of time or place: the steps made to fit it
    if answer_here(text):
        return "answer_here"
    if asks_interpret(text):
        return "interpret"  # asked of us; "这说明我还是喜欢画画的" is their own word
    points = ITEM.search(text) and not QUESTION.search(text)
    if points and d.pending.get("points") and d.last_act == "concrete":
        return "point"  # "第二点怎么写": a numbered ask of the rewrite
    if (
        points
        and not d.pending.get("items")
        and not d.shown
        and d.last_act in ONE_EXAMPLE
        and len(text) <= SHORT
    ):
        return "one_example"  # "第二个展开说说" after a single "有人写…"
    if not points or CHOOSING.search(text):
        return ""
    if (
        THIS_WEEK.search(text)
        and not d.pending.get("items")
        and not d.pending.get("lines")
    ):
        return "first_step"  # nothing listed to point at: a step from their answers
    if d.pending.get("items") and (
        WHY.search(text)
        or len(text) <= SHORT
        or DOWNSIDE.search(text)
        or MORE_ON.search(text)
    ):
        return "item_why"  # why item N is there, its downside, or more of it
    if WHY.search(text) and not d.shown and not d.pending.get("lines"):
        return "item_why"  # nothing to point at: say so, never guess
    return ""


# Named answers read together (realise/together.py).
THIS = re.compile(r"还有这个|加上这个|和这个|跟这个|刚说的|刚才说的|这件事")
# Clauses that ask us or talk about the exercise: not content.


# "哪几条太空了", "哪些写得太虚" (coach_blind20): the thinnest answers named.
THIN_ASK = re.compile(
    r"(?:哪几?[条题个句]|哪些).{0,6}(?:太|比较|最|写得|有点)(?:空|虚|短|水|笼统|泛|单薄|弱)|"
    r"(?:哪几?[条题个句]|哪些).{0,6}不够具体|"
    # "我应该先回去补哪一题？只推荐一题" (coach_blind21)
    r"(?:先|该|应该)(?:回去)?补哪(?:一)?[题条个]"
)
# "帮我起个V02的开头", "给V07起个草稿" (coach_blind21): a start from their words.
WRITE_START = re.compile(r"起个.{0,6}?(?:草稿|开头|头|稿)|开个头")
# "帮我合进去", "把这句加进去": what they just said, joined to the saved answer.
MERGE_IN = re.compile(r"[合加补放](?:进|到)(?:去|答案|里)")
# "你直接帮我把C01到C05全编好吧，随便编几条": made up for them, which we do not.
MAKE_UP = re.compile(r"(?:随便|直接|全|都)?编(?:好|几条|一个|几个|出来)|帮我编")
# An ask about the wording alone (coach_blind20): "口语一点", "换个温和点的
# 说法", "别用“正义”这种大词", "别把我写得很高尚". A rewrite of a story
# ("写成S03，用我平时说话的口气") is no such ask.
WORDING = re.compile(
    r"口语|书面|太正式|官方|温和|太狠|太冲|大词|(?:换成|像)我(?:平时)?说话|"
    r"文绉绉|大白话|不像我说的|"
    r"别把我写得|写得太?高尚|太装|像作文"
)
NOT_WORDING = re.compile(
    r"写成|整理成|整成|弄成|写一句|答案|写进|合进|加上|加进|放进|补上|重写|扩写|"
    r"再短|短一|精简|字以内|"
    r"微信|消息|发给"  # a message to friends (S07), not their answer
)
# Replies of ours that explain, so "说人话" right after is about them (simpler.py).
EXPLAINING = frozenset(
    ("counts", "rephrase", "explain", "feedback", "why", "go_on", "more", "examples")
)
# "就改最空的那条": the thinnest answer (realise/thin.py), for concrete.py.
THINNEST = re.compile(r"最(?:空|虚|短|水|笼统|单薄)的(?:那|一)?[条题个句]")


def named(text: str, step: str) -> list[str]:
    """Return the question ids the message names, in order."""
    return ids_named(text, step)


# "V01到V06每条都提炼成一个关键词": one word per named answer (realise/keywords.py)
EACH_ONE = re.compile(r"每(?:一)?(?:条|个|题|句)|各(?:自|提|给|配)|逐条|分别|一条一个")


def asks_each_word(text: str, answers: dict, step: str = "") -> bool:
    """Tell whether the message asks for a word per named answer."""
    saved = [q for q in ids_named(text, step) if (answers.get(q) or "").strip()]
    return bool(EACH_ONE.search(text or "")) and len(saved) >= 2


def asks_together(text: str, step: str) -> bool:
    """Tell whether the message asks to read named answers together."""
    ids = named(text, step)
    return bool(
        COMBINE_ASK.search(text)
        or re.search(
            r"合起来|放一起|连起来|合在一起|放在一起|合到一起|拼在一起|[揉糅](?:成|在一起|到一起)",
            text,
        )
    ) and (len(ids) >= 2 or (len(ids) == 1 and bool(THIS.search(text))))
