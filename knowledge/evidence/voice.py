"""Whose voice a word is in: someone else's words or tastes, or a question.

"我妈总说钱最重要" names money, but as the mother's creed, not the person's;
"我老婆喜欢烘焙" is the wife's passion; "自由重要吗？" asks about freedom
rather than claiming it. These are closed classes of grammar (who speaks, a
verb of saying or liking, a question mark or a final "吗"), kept here like the
clause marks, not in the editable lexicon. A word in such a span is at most
suspected; match.py decides for which categories (the strengths questions ask
what others say of you, and a question about a topic still shows an interest).
"""

import re
from collections.abc import Sequence

# Someone other than the person: pronouns, family, people around them. The
# last characters are enough ("我妈", "他妈妈", "周围的人" all end in one).
_SPEAKER = (
    "(?:别人|他人|大家|人家|大人|他们|她们|他|她|父母|爸妈|妈妈|爸爸|妈|爸|家里人|"
    "家里|家人|长辈|老人|老师|亲戚|朋友|同事|同学|领导|老板|上司|主管|组长|"
    "经理|网上|社会|人们|有人|很多人|不少人|所有人|的人|有些人|某些人|那些|"
    "这些人|奶奶|爷爷|外婆|外公|姥姥|姥爷|哥哥|姐姐|哥|姐|表姐|表哥|老公|"
    "老婆|对象|女儿|儿子|舅舅|姑姑|阿姨|叔叔|"
    # Round 12: "邻居都说我手巧", "室友总说…".
    "邻居|室友|闺蜜|队友|师父|师傅|教练|"
    # Round 13: "护士说这袋血可能救一个产妇".
    "护士|医生|大夫|"
    # Round 15: people in charge where one works or plays ("店长说我是气氛担当").
    "店长|店主|领班|班长|队长|团长|社长|"
    # Round 19: kin by marriage ("婆婆说我布置场地有一手").
    "婆婆|公公|岳母|岳父|丈母娘|老丈人|婆家|娘家人|儿媳|女婿|媳妇|老伴|"
    # Round 20: teachers and seniors of school and work ("导师说我是她带过
    # 最上进的学生"), as _OTHER has them.
    "导师|教授|班主任|辅导员|校长|院长|主任|学长|学姐|师兄|师姐|前辈|总监|老总)"
)
# Adverbs between the speaker and the verb ("我妈从小就总说").
_ADVERBS = (
    "(?:总是|总|老是|老|常常|常|经常|一直|从小就|从小|都|也|就|又|"
    "天天|整天|成天|每天|反复|一再|还|只|正在|在)"
)
# Verbs of saying or believing: what follows is the speaker's view. Not the
# set phrases that only start with "说" ("说话", "说到做到", "说了算"...).
_OPINION = (
    # Not "他们说的根本不是一回事": what they said, as a noun.
    "(?:说(?!话|明|服|谎|不|出|起|到|了算|一套|过话|实话|实在|真的|白了|句|来|回|的)|"
    "讲(?!话|究|道理|课)|觉得|认为|以为|相信|念叨|叮嘱|嘱咐|告诫|强调|教导|"
    "信奉|希望|喊着|嚷嚷|标榜)"
)
# Verbs that tell the person what to do: what follows is wanted of them.
_DIRECTIVE = (
    "(?:让|要|叫|逼|劝|催|教|教育|教导|告诉|告诫|叮嘱|嘱咐|提醒|"
    "希望|要求|指望|盼着|安排|"
    # Dragged along: "朋友总拉我去爬山".
    "拉|拽|拖|硬拉|拉着|拖着|喊)我"
    # Not a hand or a sleeve: "老爷爷拉着我的手" tells the person nothing.
    "(?!的)"
)
# The speaker is the subject, not whom the person spoke to ("我跟朋友说…").
# Nor whom the person keeps company ("陪老人说说话", round 12).
_SUBJECT = rf"(?<![跟和对给向同陪])(?<!跟我)(?<!和我)(?<!对我){_SPEAKER}"
# How they said it, or to whom: "哭着说", "跟我说".
_MANNER = r"(?:[^\W\d_]{1,2}着|跟我|对我|和我)?"
_REPORTED = re.compile(
    rf"{_SUBJECT}{_ADVERBS}{{0,3}}{_MANNER}(?:{_DIRECTIVE}|{_OPINION})"
    # Made to do it: "被我妈逼着练琴", "被迫跟着看".
    rf"|被(?:我们|我)?{_SPEAKER}?(?:逼着|逼|拉着|拖着|要求|安排)|被迫"
    r"|听说|据说|俗话说|老话说|常言道"
    # Round 16: "问了三个人，一个说我心细，还有一个说“不知道”": one of those
    # asked, at a clause's start, as the speaker.
    r"|(?:^|(?<=[,.;:!?。\n]))(?:还有|另外|另|其中)?(?:一个|一位|有个|个)人?"
    r"(?:说|觉得)(?!法|话|明|服|谎|出|起|到|了算)"
    # Someone else's written words: "一张卡片，写着'…'", "信上写着：…", and
    # round 19's wall: "墙上刷着“诚信、友善”", "门口挂着“…”".
    r"|(?<![我])(?:上面|上|里)?(?:写|刷|贴|挂|印|喷|刻)着(?=[:：“”\"'‘’「」『』])"
)
_WRITTEN = re.compile(r"(?:写|刷|贴|挂|印|喷|刻)着")
# A clause that opens with the verb carries the last clause's speaker on:
# "她哭得稀里哗啦，说家人最重要".
# Only verbs of saying: a bare "觉得" is the person's own ("…，觉得很值").
_CARRIED = re.compile(
    # "…女孩考上了大学，写信说她以后也要帮助别人" (round 14): how they said it.
    rf"^{_ADVERBS}{{0,2}}(?:写信|来信|回信|打电话|发消息|发微信|留言|[^\W\d_我]{{1,2}}着)?(?:说(?!话|明|服|谎|不|出|起|到|了算|一套|实话|实在|真的|白了|句|来|回)|念叨|嚷嚷)"
)
# Someone else's liking: "我老婆喜欢烘焙", "他迷上了钓鱼".
_TASTE = re.compile(
    rf"{_SUBJECT}{_ADVERBS}{{0,3}}(?:特别|很|超|最|非常)?"
    r"(?:喜欢|爱(?!好)|热爱|迷上了|迷上|痴迷|沉迷)"
)
# A clause that says the rest of its sentence was someone else's demand:
# "搜的都是工作上的Excel问题，老板要的".
# Round 19: with its owner too, "我妈逼的", "我老公安排的".
_DEMANDED = re.compile(
    rf"^(?:我们|我)?的?{_SPEAKER}(?:要|让|安排|逼|硬逼|要求|布置|交代|派)的[了啊吧呀嘛]*$"
)
# "…教我做菜时", "…带我去爬山的时候": the time of what they told the person.
_WHEN_DONE = re.compile(
    r"(?:的时候|时候|(?<=[^\W\d_])(?<![小同当及按准临随有平那此暂顿届定])"
    r"时(?![间代尚刻光常节髦机期段空辰候]))"
)
_DIRECTED = re.compile(rf"{_DIRECTIVE}$")
# "那些讲古镇的画册": 那些/这些 + a verb of saying, in a relative clause.
_OF_THINGS = re.compile(r"(?:那些|这些)(?:讲|说)")
# A speaker inside the person's own wish is theirs: "希望有人说：这个人真诚".
_WISH = ("希望", "想让", "但愿", "盼")
# Marks between the verb and what was said ("我妈说：“…”").
_OPENERS = ":：“”\"'‘’「」『』 "
_MARKS = _OPENERS + ",，、"
# A later clause in the person's own voice ends the report: "…，我还是选了自由".
_OWN_VOICE = re.compile(r"^[\s,，、]*(?:我|自己|但|可|不过|其实|然而|所以|而)")
SENTENCE_ENDS = frozenset(".;!?。\n")
_CLAUSE_MARKS = frozenset(",.;:!?。()[]~\"'“”‘’—…") | frozenset(" \t\r\n")


def _clause_start(clause: list[int], i: int) -> int:
    while i > 0 and clause[i - 1] == clause[i]:
        i -= 1
    return i


def _clause_end(clause: list[int], i: int) -> int:
    """Return the index after the clause holding i (i itself at the end)."""
    if i >= len(clause):
        return i
    c = clause[i]
    while i < len(clause) and clause[i] == c:
        i += 1
    return i


def reported_spans(folded: str, clause: list[int]) -> list[tuple[int, int]]:
    """Return the [start, end) spans that are someone else's words.

    The span runs from the verb to the end of its clause; a verb that ends its
    clause ("我妈说：", "大家都说，") reports the next clause instead. It goes
    on over the clauses that follow in the sentence ("别人都说要学成功人士，
    什么有钱有地位") until one speaks for the person again ("我…", "但…").
    """
    found = [m.span() for m in _REPORTED.finditer(folded)]
    found += [m.span() for m in _TAG.finditer(folded)]
    firsts = [i for i, c in enumerate(clause) if i and c != clause[i - 1]]
    for first in firsts:
        body = folded[first:].lstrip(_MARKS)
        opened = len(folded) - len(body)
        if (m := _CARRIED.match(body)) and clause[opened] == clause[first]:
            # Carried on from a wish of the person's ("希望别人说起我，都说这个人
            # 真诚"): still the wish (round 13).
            wish = folded[_clause_start(clause, first - 1) : first]
            if not any(w in wish for w in _WISH):
                found.append((opened, opened + m.end()))
    spans = []
    for start, verb_end in found:
        opened = _clause_start(clause, start)
        if any(w in folded[opened:start] for w in _WISH):
            continue
        # "那些讲古镇、古寺的画册" (round 17): "those that tell of…" describes
        # a thing; no one speaks.
        if (
            _OF_THINGS.match(folded, start)
            and "的" in folded[verb_end : _clause_end(clause, verb_end)]
        ):
            continue
        # "我在日记里给自己写着：…": the person's own written words.
        if _WRITTEN.search(folded, start, verb_end) and _OWN_VOICE.match(
            folded[opened:start]
        ):
            continue
        end = _clause_end(clause, verb_end)
        # "我师父教我做菜时特别有耐心" (round 15): "…时" only sets the time;
        # what follows in the clause is said of them, not told to the person.
        if frame := _WHEN_DONE.search(folded, verb_end, end):
            if _DIRECTED.search(folded[start:verb_end]):
                spans.append((verb_end, frame.start()))
                continue
        if not folded[verb_end:end].strip(_OPENERS):
            following = end
            while following < len(folded) and folded[following] in _MARKS:
                following += 1
            end = _clause_end(clause, following)
        while (
            end < len(folded)
            and folded[end] not in SENTENCE_ENDS
            and not _OWN_VOICE.match(folded[end:])
        ):
            end = _clause_end(clause, end)
        spans.append((verb_end, end))
    return spans + _demanded(folded)


def _demanded(folded: str) -> list[tuple[int, int]]:
    """Return the sentences that a "老板要的" clause says were demanded."""
    spans = []
    for s, e, n in (clauses := _clause_list(folded)):
        # "公司让我学Excel，学着学着反而喜欢上了": what was demanded was taken up.
        # Nor a question that insists ("不偏心不行吗？").
        mandated = (
            (_MANDATE.match(folded[s:e]) or _OBLIGED.match(folded[s:e]))
            and not _TOOK_UP.search(folded, e)
            and not folded[s:e].endswith("吗")
            and not folded.startswith("?", e)
        )
        if _DEMANDED.match(folded[s:e]) or _FORCED.match(folded[s:e]) or mandated:
            first = min(a for a, _, m in clauses if m == n)
            spans.append((first, e))
    return spans


def speaker_spans(folded: str) -> list[tuple[int, int]]:
    """Return the spans of who speaks and the verb: "我老婆说", "老婆：…"."""
    return [m.span() for m in (*_REPORTED.finditer(folded), *_TAG.finditer(folded))]


def taste_spans(folded: str, clause: list[int]) -> list[tuple[int, int]]:
    """Return the spans that tell someone else's liking ("我老婆喜欢烘焙")."""
    return [(m.end(), _clause_end(clause, m.end())) for m in _TASTE.finditer(folded)]


# A sentence is a question when it ends in a question mark or a final "吗";
# not when it asks only to insist ("公道一点不行吗", "难道不是吗").
_QUESTION_END = re.compile(r"(\?|吗)[\s.~。]*$")
# A question that is negative asks nothing either: "这不明摆着吗", "我要的不就是
# 自由吗" assert what they hold.
_INSISTS = re.compile(r"难道")
# "我只看一点：…吗？": a criterion, then the question it asks (round 14).
_CRITERION = re.compile(r"(?:看|在乎|考虑|关心|标准|原则|条件)[^,.;:!?。]{0,5}:")
_NEGATIVE_ASKS = re.compile(r"不(?=[^,.;:!?。，]{0,6}吗[\s.~。?]*$)")


def question_spans(
    folded: str, words: Sequence[tuple[int, int]] = ()
) -> list[tuple[int, int]]:
    """Return the [start, end) spans of the sentences that ask.

    ``words`` are the entry words' spans: a "不" inside one ("不走后门很难吗？",
    round 13) is the word's, not a negative question that insists.
    """
    spans, start = [], 0
    for i, ch in enumerate(folded + "\n"):
        if ch in SENTENCE_ENDS:
            sentence = folded[start : i + 1]
            insists = _INSISTS.search(sentence) or any(
                not any(s <= start + m.start() < e for s, e in words)
                for m in _NEGATIVE_ASKS.finditer(sentence)
            )
            # "我只看一点：这个团队的人我信得过吗？" (round 14): the question
            # after a criterion's colon is what the person weighs by, not a doubt.
            insists = insists or bool(_CRITERION.search(sentence))
            if _QUESTION_END.search(sentence) and not insists:
                spans.append((start, i + 1))
            start = i + 1
    return spans


# Common surnames that do not open everyday words after 小/老 (not 小时, 老实,
# 小高兴, 小于, 老家, 小白 "a beginner"; nor, by what follows, 小程序, 小范围, 小任务).
_SURNAME = (
    "[王李张刘陈杨赵吴周徐孙马朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡"
    "蒋余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范廖贾夏韦付邱]"
)
# Someone else as the subject of a clause: "我同事特别上进", "我大学室友…",
# "我们组长…", "有个朋友…", "但他们…". Narrower than _SPEAKER: a clause that
# opens with "家人" or "社会" is the person's own view of them.
_OTHER = (
    "(?:别人|他人|大家|人家|大人|他们|她们|他|她|父母|爸妈|妈妈|爸爸|妈|爸|长辈|"
    "老师|亲戚|朋友|男朋友|女朋友|男友|女友|闺蜜|室友|同事|同学|同桌|队友|邻居|"
    "领导|老板|上司|主管|组长|经理|师父|师傅|前辈|奶奶|爷爷|外婆|外公|姥姥|"
    "姥爷|哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹|表姐|表哥|表妹|表弟|舅舅|姑姑|"
    "阿姨|叔叔|老公|老婆|对象|女儿|儿子|身边的人|周围的人|很多人|好多人|有的人|"
    "有些人|有人|同龄人|"
    # Round 20: a whole people or the world as the subject ("全国人都在捐款").
    "全国人民|全国人|全国上下|全社会|所有人|人人|大伙儿|大伙|"
    # Relatives and people met at work or school (blind4: "我舅，…", "我带的徒弟…").
    "舅妈|舅|姨妈|小姨|姨|叔|婶婶|婶|伯伯|大伯|伯|姑|嫂子|姐夫|妹夫|侄子|侄女|外甥|"
    "发小|领队|网友|顾客|乘客|房东|老乡|"
    "堂哥|堂姐|婆婆|公公|岳母|岳父|丈母娘|老丈人|儿媳|女婿|媳妇|老伴|徒弟|学生(?!时)|学员|下属|手下|新人|实习生|客户|病人|患者|队员|员工|"
    "孩子们|孩子(?!时|气)|闺女|儿女|子女|孙女|孙子(?!兵法)|外孙|小孩(?!子气)|小朋友|娃们|娃娃(?!机)|娃(?!娃)|村里人|村民|学长|学姐|师兄|师姐|合伙人|前任|"
    "班主任|主任|校长|院长|总监|老总|科长|处长|村支书|书记|教练|导师|"
    "店长|店主|领班|班长|队长|团长|社长|"
    # Round 17: "我们科的护士长是大家公认的热心肠". Not 医生: a doctor is
    # also whom a passions answer would ask ("找个医生问问"), a hint kept.
    "护士长|护士|"
    # Someone by name: "小王", "老张", "阿梅" would need a dictionary; the common
    # surnames after 小/老, or before a title ("王总", "李姐", "张老师"), do not.
    rf"(?:小|老){_SURNAME}(?![子家板实序围务打])|"
    rf"{_SURNAME}(?:总|姐|哥|老师|经理|师傅|叔|阿姨|工|主任|医生))"
)
# Read by reading.py too: "他那种…我不要" (a possessor, not "this"), "让他们也…".
OTHER_PEOPLE = _OTHER
# Round 17: "不过那是导师逼的", "都是被逼的": forced, said after a turn or "那是".
# Round 19: also with its owner ("那是我妈要求的") or the verb done ("被领导
# 逼着学的", with or without "是").
_FORCED = re.compile(
    r"^(?:但是|但|可是|可|不过|其实)?(?:那|这)?(?:都|全|也)?"
    rf"(?:(?:是|纯属|完全是)(?:我们|我)?的?(?:{_SPEAKER}|{_OTHER})"
    rf"|(?:是|纯属|完全是)?被(?:我们|我)?的?(?:{_SPEAKER}|{_OTHER})?)"
    r"(?:逼|硬逼|强迫|要求|布置|安排)(?:着我?|我)?[^\W\d_]{0,2}?的[了啊吧呀嘛]*$"
)
# Round 19: the person's employer or school demands it ("公司要求必须用它写周报",
# "公司让我运营账号"; a bare "公司要求用AI写周报" may be why they took it up),
# or the person has no choice ("每次都不得不去", "不搜不行"): the sentence up
# to there is what is demanded of them.
_MANDATE = re.compile(
    r"^(?:但是|但|可是|不过|其实|因为)?(?:是|都是)?(?:我们)?"
    r"(?:公司|单位|学校|部门|厂里|上面|上级|领导|老板|工作)(?:里|上)?"
    r"(?:(?:硬性|强制|统一)(?:要求|规定)|(?:要求|规定)(?:必须|一律|每人|每个人|所有人)|"
    r"强制|让我|逼我|安排我|派我|要我|叫我|逼着我)"
)
_TOOK_UP = re.compile(
    r"喜欢上|爱上|迷上|上瘾|入坑|越来越喜欢|感兴趣|有意思|挺喜欢|很喜欢"
)
_OBLIGED = re.compile(
    r"^(?:每[^\W\d_]{1,2}|还是|也|都|总|总是|又|就|我|只能|所以)*"
    r"(?:不得不|被迫|硬着头皮|不[^\W\d_]{1,2}不行)[^\W\d_]{0,2}[了的啊吧呀]*$"
)
# Round 13: a person's tag with a colon at a clause's start, as in a script,
# reports their words: "室友：“心细”；我妈：“懂事”", "同事：雷厉风行".
_TAG = re.compile(
    rf"(?:^|(?<=[,.;!?。\n]))(?:我的?|前|老)?(?:{_OTHER}|男朋友|女朋友|发小)[:：]"
)
_CONJ = "(?:但是|但|可是|可|不过|而且|而|然后|后来)?"
# What may stand between "我" and the person ("我大学室友", "有个朋友").
_MODIFIER = (
    "(?:大学|高中|初中|小学|公司|部门|单位|隔壁|以前的|以前|前|老|亲|表|堂|家(?!里)|"
    "家里的|身边的|那个|一个|有个|有一个|那些|这些|"
    # "我带的徒弟", "我认识的一个大哥"
    "带的|教的|带过的|教过的|认识的|遇到的|见过的)"
)
# Read by reading.py too: "希望我带过的学生…" is a wish for them.
MODIFIER = _MODIFIER
# When the clause is set, before its subject: "那段时间我的主管…".
_WHEN = (
    "(?:那段时间|那时候|那时|当时|小时候|以前|现在|后来|上学时|读书时|"
    # Round 16: any time frame of the person's doing before the other, "选专业
    # 的时候完全是我爸拿主意" (not one about the person: no 我 in it).
    "[^\\W\\d_我你他她]{1,8}?的时候)?"
)
# Seeing them: "看到我闺蜜终于自由了" is the friend's freedom.
_SEEING = "(?:看到|看着|看见|听到|听说)?"
# Giving the credit to them: "其实主要是组长厉害", "全靠我师父带".
_CREDIT = "(?:其实)?(?:主要|完全|全都|全|都|多半)?(?:是|靠|多亏了?|归功于)?"
# Round 16: a group of people by its measure word alone ("那帮球员是真的扛得
# 住", "一群人"): 帮 and 群 count people, never the person ("那些/这些" join the
# modifiers: "那些学生"); and "那种/这种" before the subject ("那种大家都愿意
# 帮一把的感觉") is still theirs.
_KIND_OF = "(?:那种|这种)?"
# Whose they are, with a short "…的" of where they belong: "我们组的小李",
# "隔壁组的老王", "我们楼下的阿姨". Only after an owner or a modifier: a bare
# "真正的朋友" is the person's view of friendship, not someone's clause.
_BELONGS = (
    rf"(?:(?:我们|我|他们|她们)的?{_MODIFIER}{{0,2}}|{_MODIFIER}{{1,2}})"
    r"[^\W\d_我你他她的]{1,3}的"
)
# Where they are, before "有人" or "有个…": "公司里有人收回扣还升职了" (round 15).
_THERE = r"(?:[^\W\d_我你他她]{1,3}[里上](?=有))?"
# Round 19: a topic opener before them ("至于他们太节俭这点，我不想继承").
_ABOUT = "(?:至于|说到|说起|要说|提到)?"
# Round 19: someone by what they did to the person: "带我的领队特别有耐心",
# "教过我的师傅…" (a relative clause, then who).
_DID_TO_ME = (
    r"(?:带|教|帮|救|管|培养|照顾|夸|骂|面试)(?:过)?我的[^\W\d_我的]{1,3}?(?=[^\W\d_])"
)
_OTHER_OPENS = re.compile(
    rf"^{_CONJ}{_ABOUT}{_WHEN}{_THERE}{_SEEING}{_CREDIT}{_KIND_OF}"
    rf"(?:(?:{_BELONGS}|(?:我们|我|他们|她们)?的?{_MODIFIER}{{0,2}}){_OTHER}"
    r"|(?:那帮|这帮|一帮|那群|这群|一群)(?=[^\W\d_我])"
    rf"|{_DID_TO_ME})"
)
# Others speaking of the person without naming them: "被说最多的是…",
# "从小被夸会讲故事" (about the person, like "同事说我…").
_PASSIVE_OPENS = re.compile(
    r"^(?:从小|小时候)?(?:就)?(?:常|总|经常|老|一直)?被(?:人|别人|大家)?"
    r"(?:说|夸|骂|叫|评价|吐槽|嫌)"
)
# Waving their words away without "我": "…，其实是客套话", "不过是场面话".
_WAVED = re.compile(
    rf"^{_CONJ}(?:其实|说白了)?(?:就|只|不过|也就)?是(?:客套|客气|场面|恭维|开玩笑|随口|"
    r"哄我|安慰)"
    # Or reads them another way: "大人总说我爱讲故事——意思是爱撒谎".
    r"|^(?:其实)?(?:意思是|言下之意|潜台词|翻译一下|翻译过来|真正的意思)"
    # Round 19: or says it was no praise: "…“百科全书”，不是夸我，是因为我姓白".
    rf"|^{_CONJ}(?:其实|那)?(?:也|可|倒|并)?(?:不是|没在|没有在?|并非)"
    r"(?:在|真)?(?:夸|表扬|称赞|赞美|夸奖|恭维)"
)
# The person speaking for themselves again: "我…", "但我…", "这个我…".
_SELF = re.compile(
    # Not "自己家", "自己的…" after someone else's clause: their own (round 16,
    # "她都去帮一把，自己家其实也不宽裕").
    # Round 17: "讲真这一点我不想学她", "因为我真的想弄明白…": the person's
    # candour, "this one point" and their reason speak for them too.
    rf"^(?:{_CONJ}|因为|所以|因此)(?:说实话|说真的|老实说|讲真|说句实话|实话说)?(?:其实)?"
    r"(?:我|和我|跟我|对我|这个我|这点我|这一点我|这我)"
    # Round 21: a bare "自己" only after a turn or a reason ("但自己…"); right
    # after their clause it is still them ("她一直在帮别人，自己过得也不差").
    r"|^(?:但是|但|可是|可|不过|而|因为|所以|因此)(?:其实)?自己(?!家|的)"
    # A short topic, then the person doing it: "家里的东西我都分门别类" (round
    # 14). No one else in the topic ("她的事我都…" is still about her).
    rf"|^(?![^我]{{0,5}}{_OTHER})[^\W\d_我你他她们]{{1,6}}我(?=都|就|也|总|一般|全|会|来|负责|把|每)"
)
# How the person sets themselves apart without a negation: another role
# ("我就是那个在旁边听的", "我就负责吃", "我只想准点下班"), or a verdict on the
# other's motive ("我觉得他就是想让我多干活", "我觉得他们就是客气").
_APART = re.compile(
    # Not wanting to be like them ("我就想成那样的人", "我就想活成她那样").
    rf"^{_CONJ}(?:其实)?我(?:就|只|也就)(?:是|负责|管|想(?!成|活成|变成|像|学|做那样|当那样)|会)"
    rf"|^{_CONJ}(?:其实)?我(?:觉得|看|感觉|猜)(?:他|她|人家)们?(?:就|只|是|在|无非)"
    # "我看着都累": a reaction that keeps them at a distance.
    rf"|^{_CONJ}(?:说实话|说真的|老实说)?(?:其实)?我(?:看着|听着)都(?:累|烦|怕|头疼|头大)"
    # "我觉得一般", "我感觉也就那样": a shrug at what they said.
    rf"|^{_CONJ}(?:其实)?我(?:自己)?(?:觉得|感觉)(?:也就|就|还)?(?:一般|那样|凑合)"
    # "我跟她不一样" ("不一样" is no negation in the lexicon).
    rf"|^{_CONJ}(?:其实)?我[^，,。]{{0,4}}(?:不一样|不同)"
    # "我就在旁边打打下手", "我只是帮忙凑个数": a helper's part.
    rf"|^{_CONJ}(?:其实)?我(?:就|只|也就|只是|就是)?(?:在旁边|在边上|在后面|"
    r"打打下手|打下手|跟着|帮帮忙|帮点小忙|凑个?数|沾了?光)"
)


# "我只想…", "我就想…": the person's own wish, not a role beside theirs.
_OWN_WISH = re.compile(rf"^{_CONJ}(?:其实)?我(?:就|只|也就)想")


# "…，但她有点看不起人，这点我不想学": a clause opening with a turn, and a
# rejection that points back at "this" one (round 14).
_TURNED = re.compile(r"^(?:但是|但|可是|可(?!以|能|爱)|不过|就是|只是)")
_POINTS = re.compile(r"^(?:但是|但|可是|可|不过)?(?:这点|这一点)")


# Seeing someone inside a clause ("撑着我的是看那帮学生一点点长进", round 14),
# with a group word or 看着/看到; not a bare "看人家怎么改造房子" (watching how
# it is done is the person's), nor watching them as a pastime (爱看他们打球).
_PASTIME = re.compile(r"喜欢|爱|迷|去|带|陪|跟")
_GROUP = "(?:那帮|这帮|那些|这些|那群|这群|一帮|一群)"
_SEEN_MID = re.compile(rf"(?:看着|看到|看见){_GROUP}?{_OTHER}|看{_GROUP}{_OTHER}")
# Round 17: asking them about their own doing ("问他第一次下厨做的是什么菜"):
# what follows is theirs, like what is seen of them.
_ASKED_MID = re.compile(r"问(?:问|一问)?(?:他|她|人家)们?")
# Round 19: a clause about them that ends in the person's ranking, "…最重要",
# "…比什么都重要", with no verb of saying ("我妈说钱最重要" is hers).
_RANKS = re.compile(
    r"(?:比什么都|比啥都|最)(?:重要|要紧|关键)[了的啊呀吧]*$|(?:是|放在?|排)第一位?[了的啊呀吧]*$"
)
_OPINION_IN = re.compile(rf"{_OPINION}|{_DIRECTIVE}")
# An A-not-A question ("靠不靠谱", "好不好"): a criterion weighed.
_WEIGHS = re.compile(r"(\w)[不没]\1")
# Round 19: a trait with people in general as its owner.
_OWNED_BY = re.compile(r"(?:人和人之间|人与人之间|人与人|人性|人心|陌生人|路人)的")
# Round 19: the kind of people the person admires ("我特别羡慕那种能把复杂东西
# 讲明白的人"): what follows describes them, not the person.
_ADMIRED_MID = re.compile(
    r"(?:佩服|敬佩|羡慕|欣赏|崇拜)(?:那种|这种|那些|这些|那类|这类|那样的|这样的)"
)


# Refusing to become like them ("也不打算变成那样", "我才不想活成她那样"):
# a "no" of the will, unlike falling short ("我可做不到").
_REFUSES = re.compile(
    r"不(?:打算|想|要|愿意?|准备|会)(?:再)?(?:变成|成为|活成|学成|像|学)"
)
# Keeping what they saw: "这份能吃苦我想留下", "这点我要继承".
_KEEPS = re.compile(
    r"我(?:也|就|一定|肯定)*(?:想|要|会|得|打算)"
    r"(?:留下|继承|传下去|保留|延续|传承|学过来|学到)"
)
# Admiring the other: then setting oneself apart ("我佩服我表哥…，我就做不
# 到") says the person falls short of it, not that they reject it.
# Not "这点我不想学": a rejection (round 14).
# Round 19: nor "我不太想学", "不怎么想成为": a "no" of degree is still a no.
_NOT_WANTED = r"(?<![不没])(?<!不太)(?<!没太)(?<!不大)(?<!不怎么)(?<!不是很)"
ADMIRES = re.compile(
    rf"佩服|敬佩|羡慕|欣赏|崇拜|向往|榜样|{_NOT_WANTED}想学|{_NOT_WANTED}想成为|"
    r"学习他|学习她"
)


# What the person holds others are owed ("人家也要被当人看", "孩子也应该有
# 选择"): their judgment, not someone else's trait.
_NORM = re.compile(
    r"^(?:(?:对|给|跟|和|在)[^,，。]{1,6}?)?(?:也|都|就|本来就|同样|一样)?"
    r"(?:应该|应当|理应|本该|该|要被|得被|需要被|值得|有权|配得上|不该|不应该)"
)
# Round 18: "她是我亲人，这不是应该的吗": a clause that only says who they
# are to the person is the person's claim of kin, not their doing.
KIN_CLAIM = re.compile(
    r"^(?:但是|但|可|而且)?(?:他|她|人家)们?(?:毕竟|到底|好歹|可|都)*是我的?"
    r"(?:亲人|家人|家里人)[啊呀嘛呢啦吧]*$"
)
# A clause that opens by seeing someone ("看到有人…") and goes on with the
# person's own reaction ("…我真的会炸"), or that only sets the time ("孩子生病
# 的时候…").
_SEEING_NOW = re.compile(rf"^{_CONJ}{_WHEN}(?:看到|看着|看见|听到|听说)")
_ME_AFTER = re.compile(r".(?=我(?![的们]))")
_FRAME = re.compile(r"(?:的时候|(?<!小)时候|那年|那阵子|那会儿|以后|之后)")
# Round 20: turns taken, "奶奶念一句我接一句", "他说一遍我跟一遍": the person
# takes the next turn, and is the subject from there on.
_TURN_TAKEN = re.compile(r"[一两几半](?:句|下|次|遍|回|步|招|段)(?=我(?![的们]))")

_ADOPTS = re.compile(
    rf"^{_CONJ}(?:其实|慢慢地?|渐渐地?)?我(?:自己)?(?:也|就|慢慢|渐渐)*"
    r"(?:爱上|喜欢上|迷上|入坑|上瘾|离不开|跟着喜欢)"
)
_CONTRAST = re.compile(r"^(?:但是|但|可是|可|而|不过)(?:其实)?我")
# Falling short of what one admires, in the person's own "but" clause: "我很羡慕
# 敢辞职的人，但我自己还是求稳", "…，可我做不到".
FALLS_SHORT = re.compile(
    r"^(?:但是|但|可是|可|而|不过)(?:其实|说实话)?我(?:自己)?[^，,。]{0,3}"
    r"(?:还是|做不到|学不来|不敢|没那个|比不上|达不到|只能|就算了|没勇气)"
)


def _clause_list(folded: str) -> list[tuple[int, int, int]]:
    """Return each clause's [start, end) without its marks, and its sentence."""
    found, sentence, start = [], 0, 0
    for i, ch in enumerate(folded + "\n"):
        if ch in _CLAUSE_MARKS:
            if i > start:
                found.append((start, i, sentence))
            sentence += ch in SENTENCE_ENDS
            start = i + 1
    return found


def others_spans(
    folded: str, negations: list[int], entries: list[int]
) -> tuple[
    list[tuple[int, int, bool, bool]],
    list[tuple[int, int]],
    list[tuple[int, int]],
    list[tuple[int, int]],
]:
    """Return the runs of clauses about someone else, those set apart, and roles.

    A run opens at a clause whose subject is someone else ("我同事特别上进")
    and goes on over the clauses of its sentence that do not speak for the
    person again. Each run is (start, end, about_me, contrasted): about_me
    when its first clause speaks of the person ("同事说我…", "朋友总找我…"),
    contrasted when the person's next clause opens with 但我/可我/而我 ("我妈
    特别节俭，但我花钱大手大脚"): unsure, so a doubt.
    A run is set apart when a clause of the person's after it, in the same
    sentence or opening the next, rejects without naming anything: it holds
    a negation (a start in ``negations``) and no entry word (``entries``):
    "我做不到", "但我不太一样", "我不想要这种活法"; or it takes another role
    or judges the other's motive (_APART: "我就负责吃", "我觉得他就是客气").
    The last list holds, of the runs set apart, those the person refuses to
    become like ("也不打算变成那样"): admiring them does not soften that to a
    doubt (round 17).
    """
    clauses = _clause_list(folded)
    runs: list[tuple[int, int, bool, bool]] = []
    dropped: list[tuple[int, int]] = []
    # The clause that sets the person apart by another role ("我就是跟着打杂
    # 的") belittles what it names: that is only a hint.
    roles: list[tuple[int, int]] = []
    refused: list[tuple[int, int]] = []
    k = 0
    while k < len(clauses):
        start, end, sentence = clauses[k]
        opened = _OTHER_OPENS.match(folded[start:end])
        passive = _PASSIVE_OPENS.match(folded[start:end])
        if not (opened or passive):
            # "撑着我的是看那帮学生一点点长进" (round 14): from seeing them on,
            # the clause is their doing, unless the person comes back in it.
            seen = (
                _SEEN_MID.search(folded, start, end)
                or _ASKED_MID.search(folded, start, end)
                or _ADMIRED_MID.search(folded, start, end)
            )
            if (
                seen
                and "我" not in folded[seen.end() : end]
                and not _PASTIME.search(folded, start, seen.start())
            ):
                runs.append((seen.start(), end, False, False))
            # "觉得人和人之间的善良是真实存在的" (round 19): a trait owned by
            # others ("陌生人的善良", "人性的…") is theirs, said of them.
            for m in _OWNED_BY.finditer(folded, start, end):
                runs.append((m.end(), m.end() + 1, False, False))
            k += 1
            continue
        rest = folded[start + opened.end() : end] if opened else ""
        if (
            (opened and _NORM.match(rest))
            or KIN_CLAIM.match(folded[start:end])
            # "老婆孩子住得舒服最重要" (round 19): the person ranks them.
            or (opened and _RANKS.search(rest) and not _OPINION_IN.search(rest))
        ):
            k += 1  # "人家也要被当人看": the person's judgment, not their trait
            continue
        about_me = not opened or "我" in rest
        # "看到有人插队我真的会炸", "孩子生病的时候整夜不睡": they only set the
        # scene; the person is the subject from there on.
        scene = opened and (
            (_SEEING_NOW.match(folded[start:end]) and _ME_AFTER.search(rest))
            or _FRAME.search(rest)
            or _TURN_TAKEN.search(rest)
        )
        # "只看一点：老板靠不靠谱，团队合作氛围好不好" (round 19): a clause that
        # weighs them ("靠不靠谱") is one criterion; the next is another.
        weighed = opened and _WEIGHS.search(rest)
        j = k + 1
        while (
            not scene
            and not weighed
            and j < len(clauses)
            and clauses[j][2] == sentence
            and not _SELF.match(folded[clauses[j][0] : clauses[j][1]])
            and not _WAVED.match(folded[clauses[j][0] : clauses[j][1]])
            and not _NORM.match(folded[clauses[j][0] : clauses[j][1]])
            and not KIN_CLAIM.match(folded[clauses[j][0] : clauses[j][1]])
        ):
            j += 1
        run = (start, clauses[j - 1][1])
        if scene:
            cut = (
                _ME_AFTER.search(rest)
                or _FRAME.search(rest)
                or _TURN_TAKEN.search(rest)
            ).end()  # type: ignore[union-attr]
            run = (start, start + opened.end() + cut)  # type: ignore[union-attr]
        # The person's clauses after the run, to the end of that sentence.
        after = clauses[j][2] if j < len(clauses) else -1
        contrasted = j < len(clauses) and bool(
            _CONTRAST.match(folded[clauses[j][0] : clauses[j][1]])
        )
        # "爸爸小时候带我去看星星，后来我自己也爱上了": the person took it up.
        if j < len(clauses) and _ADOPTS.match(folded[clauses[j][0] : clauses[j][1]]):
            k = j
            continue
        runs.append((*run, about_me, contrasted))
        for s, e, n in clauses[j:]:
            text = folded[s:e]
            # "这份能吃苦我想留下，但我不想像他们一样…" (round 17): once the
            # person keeps it, a later "no" is about another part.
            if n != after or _OTHER_OPENS.match(text) or _KEEPS.search(text):
                break
            rejects = any(s <= i < e for i in negations) and not any(
                s <= i < e for i in entries
            )
            # "我羡慕的就是那种不被任何人安排的状态" (round 16): a clause that
            # admires them sets nothing apart, whatever it negates inside.
            if (
                _SELF.match(text)
                and (rejects or _APART.match(text))
                and not ADMIRES.search(text)
                or (_WAVED.match(text))
            ):
                # "我师姐读书多，…，但她有点看不起人，这点我不想学" (round 14):
                # "this" sets apart from the "but" clause only, not the run.
                turn = [
                    a for a, b, _ in clauses[k + 1 : j] if _TURNED.match(folded[a:b])
                ]
                if _POINTS.match(text) and turn:
                    run = (turn[-1], run[1])
                dropped.append(run)
                if any(
                    _REFUSES.search(folded, a, b)
                    for a, b, m in clauses
                    if m == n and a >= s
                ):
                    refused.append(run)
                # Not after their words about the person: "朋友有事都来找我，
                # 我就是大家的树洞" says what the person is.
                # Nor a wish of the person's own ("他们俩吵了一辈子，我只想以后
                # 自己家里和和气气的", round 15): set apart, it still names.
                if _APART.match(text) and not about_me and not _OWN_WISH.match(text):
                    roles.append((s, e))
                break
        k = j
    return runs, dropped, roles, refused


# "考编是我爸妈的意思", "这是老板的主意": the choice was someone else's.
_THEIR_CHOICE = re.compile(rf"{_SPEAKER}的(?:意思|主意|要求|安排|决定|想法)")
_CLAUSE_SPLIT = re.compile(r"[^，,、；;。！？!?\n]+")


def own_run(sentence: str) -> str:
    """Return the longest run of clauses in the person's own voice, verbatim.

    Clauses that report someone else's words, wishes or choice ("我妈说考公
    稳定", "说稳定", "考编是我爸妈的意思") are not the person's: "毕业时我妈
    说考公稳定，我没听，选了杭州的新媒体" is told by 「我没听，选了杭州的
    新媒体」. "" when every clause is someone else's.
    """
    spans = [m.span() for m in _CLAUSE_SPLIT.finditer(sentence)]
    mine: list[bool] = []
    for i, (a, b) in enumerate(spans):
        clause = sentence[a:b].strip()
        theirs = bool(
            _REPORTED.search(clause)
            or _THEIR_CHOICE.search(clause)
            or _DEMANDED.match(clause)
            or (i and _CARRIED.match(clause) and not mine[-1])
        )
        mine.append(not theirs)
    best, run_start = (0, 0), None
    for i, ok in enumerate([*mine, False]):
        if ok and run_start is None:
            run_start = i
        elif not ok and run_start is not None:
            a, b = spans[run_start][0], spans[i - 1][1]
            if b - a > best[1] - best[0]:
                best = (a, b)
            run_start = None
    return sentence[best[0] : best[1]].strip()
