"""Reading one answer: the longest known words, their clauses and their polarity.

The answer is cut into tokens, longest known word first: a name inside a longer
word ("自由" in "自由职业", "领导" in "领导让") is that longer word's, and a
negation inside a word ("不" in "不断", "不怕失败") is no negation. Each entry
word is then read in its clause: the nearest negation before it (within a few
characters, not past a "但是" or "也") or a dismissal after it ("…不重要")
turns it down; two negations in a row ("不是不在乎") turn it back up, but only
as a suspicion. It is also only a suspicion when a shrug shares its clause
("不知道算不算自由"), when it lies inside a weak, everyday word ("爸妈",
"一辈子"), or when the next clause rejects "this" ("…面子，这点我不要").
"""

import re
import unicodedata
from dataclasses import dataclass, replace

from knowledge.evidence import lift
from knowledge.evidence.bounds import (
    CLAUSE_ENDS,
    SENTENCE_ENDS,
    clause_end,
    clause_start,
)
from knowledge.evidence.polarity import (
    denied_later,
    mocked,
    not_at_all,
    prized_only,
    split_homonym,
    their_need,
)
from knowledge.evidence.senses import (
    conceded,
    felt_degree,
    gathered,
    lost_sum,
    owned_weakness,
    refused_on,
    sung,
    taken_apart,
    titled,
    truth_told,
    unweighed,
)
from knowledge.evidence.stances import (
    counterfactual,
    dropped_since,
    only_because,
    refused_theirs,
    witnessed,
)
from knowledge.evidence.vocabulary import SCOPE_BREAKS, Vocabulary, Word
from knowledge.evidence.voice import (
    ADMIRES,
    FALLS_SHORT,
    MODIFIER,
    OTHER_PEOPLE,
    others_spans,
    question_spans,
    reported_spans,
    speaker_spans,
    taste_spans,
)

# Overlapping words of one length: a homonym first, then an entry's word (a
# negation may not eat a name), then a negation, then a shrug ("没有" is both:
# "没有钱" negates, and a bare "没有" names nothing either way); then leftmost.
PRIORITY = {"homonym": 0, "entry": 1, "negation": 2, "shrug": 3, "scope_break": 4}
# "…，这点我不要" / "我不想过那样的日子": a clause that rejects "this" or "that"
# rejects what the clause before it said, so that clause's names are only
# suspected. A closed class of pronoun phrases, kept here.
ANAPHORS = (
    "这点",
    "这一点",
    "这样",
    "那样",
    "这种",
    "那种",
    "这些",
    "那些",
    "这么想",
    "这么看",
    "这么觉得",
    "那么想",
    # "…，后来就没那个想法了": the view itself.
    "那个想法",
    "这个想法",
    "这想法",
    "那想法",
    "这个念头",
    "那个念头",
)
# Round 19: "这个肯定不算", "我佩服的不是这个": "this one" as a pronoun, which
# ends its clause or has the person, an adverb or a "no" after it; before a
# noun ("这个专业我不想读") it is a determiner and points at that noun.
DEMONSTRATIVES = ("这个", "那个")
PRONOUN_AFTER = re.compile(
    r"$|[我肯就也都不没真可算是吧啊呢嘛呀,.;:!?。…~\s]|应该|其实|根本|倒是|还是"
)
INSISTS = re.compile(r"不[^,.;:!?。]*吗[\s?!。.~]*$")
NOT_BAD = re.compile(
    r"[不没](?:算|是|能算)?(?:什么|啥)?(?:坏事|缺点|毛病|问题|错|坏处|短处)"
)
# "这不算", "这也算不上爱好": a bare "this" said not to count (not "这不是
# 应该的吗", "这不明摆着吗": a question that insists).
BARE_THIS = re.compile(
    r"这(?=(?:也|都|可|倒|真|应该|其实)?(?:不算|算不上|不能算|没法算|不太算))"
)
# "最后这个我听着不像好话": one item of a list, not all that came before.
ONE_OF = re.compile(r"(?:最后|第[一二三四五六七八九十\d]|前面|后面|其中)的?$")
# An A-not-A question ("有没有意义", "是不是", "去没去过") asks; it negates
# nothing, and it binds before any longer word ("没有意义") can take its "没".
# Of a two-character word it says "whether or not" ("理想不理想的，我早没这个
# 概念了", "稳定不稳定无所谓"): the word is weighed, not held, so it names nothing.
QUESTION = re.compile(r"(\w\w?)[不没]\1")
# Characters that end a clause once folded (full-width marks fold to ASCII).
# What may stand around a word that is the whole topic of its clause ("至于钱嘛，
# 无所谓", "钱的话，不重要"): then the next clause's dismissal is about it.
TOPIC_FILLERS = re.compile(
    r"至于|说到|说起|关于|对于|的话|方面|这块|这东西|这种事|这件事|这事|啥的|什么的|之类的|"
    r"嘛|呢|啊|吧|么|\s"
)
# Pointing at the words just quoted: "这四个字", "这个词", "这句话", "这评价".
POINTER = re.compile(
    r"(?:这|那)(?:[一两二三四五六七八九十几]?个)?(?:字|词|话|说法|评价|标签|称号)"
)
# What may stand beside a shrug in a clause that is only that shrug ("我也不确定").
HEDGE_FILLERS = re.compile(r"[我也还都就真的其实诶欸啊呀吧呢哈嘛了嗯~\s.,;:!?。…]")
# Where a rejected stretch starts ("以前总觉得…，现在不这么想了").
FORMERLY = ("以前", "过去", "曾经", "原来", "从前", "小时候", "上学时", "年轻时")
# "以前特别爱打游戏，…，现在工作了完全没兴趣了": a clause that opens with
# "now" after one that said "before" drops the old view, whatever it says of
# why in between.
NOW_OPENS = re.compile(
    r"^(?:可|但|不过)?(?:现在|如今|后来|这几年|"
    r"(?:长大|工作|毕业|结婚|上班|上大学|有了孩子)(?:以|之)?后)"
)
# A view held back then (not a liking: "以前很爱打游戏…，现在完全没兴趣了" stays
# a hint for the passions step): "我以前也觉得一定要有自己的房子", "那会儿
# 觉得自律特帅". Its time word and its verb open the clause.
FORMER_VIEW = re.compile(
    r"(?:以前|过去|曾经|原来|从前|小时候|上学时|年轻时|那会儿|那时候|那时|上学那会儿)"
    r"[^,.;:!?。]{0,4}?(?:觉得|以为|认为|相信|觉着)"
)
# A change of mind, said without a negation: "现在早就想开了", "想法变了".
CHANGED = re.compile(r"想开了|看开了|看淡了|想通了|放下了|释然了|变了|放飞了|改观了")
# "直到我爸住院…，我才明白…" (round 16): what the person came to see since.
REALISED = re.compile(
    r"(?:才|终于|这才|后来)(?:真正)?(?:明白|知道|发现|意识到|懂得?|看清|想明白|想通|醒悟|体会到)"
)
UNTIL = re.compile(r"直到|等到|后来|现在|如今")
# "…，现在完全没兴趣了": a dismissal may say that the view is gone now.
NOW = re.compile(r"现在|如今|后来|早就|已经|完全|彻底|再也|根本|一点都|一点也")
# Hedges proper, unlike other shrugs ("还好", "随便"): a hedge doubts its whole
# sentence ("我爸特别节俭，我好像也有点遗传到了"), and one that opens a
# sentence doubts the sentence before too ("他们说我会夸人……不知道算不算
# 优点"). Not one about a cause: "…，可能因为从小被管太多了".
HEDGE_STEMS = re.compile(
    r"可能|也许|或许|大概|好像|似乎|说不上|说不清|说不准|讲不清|搞不清|"
    r"记不清|记不太清|不知道|不确定|不一定|算不算|算吗|迷茫"
)
CAUSE = re.compile(r"(?:正是|[是就正])?因为|是由于")
# Nor a "maybe" in a concession with a point of its own: "哲学吧，思考人生那种，
# 虽然可能没用" doubts the use, not the liking (round 15). Not "虽然不知道算不算…"
# (it looks back) nor "虽然不确定自己是真好奇还是…" (the person's own doubt).
CONCEDES = re.compile(r"^(?:虽然|虽说|虽|尽管|哪怕|即使|就算)")
MAYBE = frozenset({"可能", "也许", "或许", "大概", "说不定"})
# "哪怕累一点、钱少一点都行": a cost accepted, its "都行" no shrug (round 16).
ACCEPTS = re.compile(r"^(?:哪怕|即使|就算|即便)")
# Round 19: options set side by side before "都行": "日语或者西班牙语都行".
EITHER = re.compile(r"或者|或是|还是|或")
# Round 19: a hedge on who, the whole clause: "可能是我师傅吧", "大概是我外婆".
WHO_GUESS = re.compile(
    rf"(?:可能|也许|或许|大概|应该)是?(?:我们|我)?的?{MODIFIER}{{0,2}}(?:{OTHER_PEOPLE})"
    r"[吧啊呀了]*"
)
CLAUSE_MARKS = "".join(CLAUSE_ENDS)
# A hedge with a question of its own as object doubts that, not the sentence:
# "不知道她哪来那么大的韧性", "不确定干什么，但一定要和家人在一起".
WH_OBJECT = re.compile(r"[^算]*?(?:哪|为什么|为啥|怎么|什么|啥|谁|多少|多大|几)")
# What follows a shrug that looks back: nothing, or "这/那/算不算…".
LOOKS_BACK = re.compile(r"[\s吧呢啊呀诶欸哈了~]*(?:$|[.,;:!?。…]|这|那|算|是不是)")
# What may follow that dismissal to the clause's end ("无所谓啦", "不重要了").
COMMENT_TAIL = re.compile(r"[了的啦吧呀啊嘛呢哦~\s]")
# Bought or begun, then left unused: this dismissal reaches back across a
# "but" ("买了相机但一直吃灰", "报了吉他班可是没坚持"), unlike "喜欢画画但不擅长".
DISUSE = re.compile(
    r"吃灰|落灰|积灰|闲置|压箱底|没用过|没碰过|没怎么用|没坚持|半途而废|三分钟热度"
)
CONTRASTS = frozenset({"但", "但是", "可是", "不过", "却"})
# "这点" points back to one point: no further than a clause that opens with a
# turn ("…，但她有点看不起人，这点我不想学", round 14).
ONE_POINT = re.compile(r"这点|这一点")
TURNS_TO = re.compile(r"(?:但是|但|可是|可(?!以|能|爱)|不过|就是|只是)")
# A later clause that takes back the whole sentence so far, whatever it names:
# a joke ("…，开玩笑的"), money or a purchase wasted ("…，钱算是白花了"), a
# thing given up for good ("…，现在早不碰了", "下次再也不干了", "后来就放弃
# 了"), or an errand for someone else ("…，是我妈让我帮她查的").
CANCELS = re.compile(
    r"开玩笑的|开个玩笑|开玩笑啦|说着玩的|闹着玩的|逗你的|逗你玩|瞎说的|"
    r"白花了|白买了|白交了|白办了|白报了|打水漂|"
    r"不碰了|没再碰|没碰过了|再也不(?:干|做|碰|弄|玩|去|学|想)|就放弃了|早放弃了|"
    r"后来放弃了|(?:让|叫|托|替)我帮(?!忙|着)|(?:帮|替)(?:他|她|他们|她们|别人|人家|我妈|我爸|朋友|同事)"
    r"(?:查|搜|买|问|找|弄|报|看)"
    # "…，给我弟查的", "替我表妹搜的": a search run for someone else.
    rf"|(?:给|替|帮)我?(?:{OTHER_PEOPLE})[^,.;:!?。]{{0,2}}?(?:查|搜|问|打听)的"
    # "攒钱攒得心累", "记账记得头大": a complaint about doing it.
    r"|得我?(?:心累|好累|很累|太累|累死|烦死|好烦|很烦|头大|头疼|头痛|崩溃|想吐|心烦|抓狂)"
    # "缺钱（笑）": a joke marked in brackets (a clause of its own once folded).
    r"|^[(\[](?:笑|笑死|狗头|手动狗头|doge)[)\]]?$"
)
# Round 19: the person turns from a first thought or a joke to the answer:
# "算了，…"; after a laugh, "说正经的，…", "认真说，…" or "其实就是…".
GIVES_UP = re.compile(r"算了(?![吧么解])")
SERIOUS = re.compile(
    r"(?:(?:哈|嘿|呵){2,}[,~!]*)?(?:说正经的|说认真的|正经说|正经的|认真说|认真讲|"
    r"言归正传|不开玩笑了|不开玩笑|不逗了|不闹了)(?!过)"
)
LAUGH = re.compile(r"(?:哈|嘿|呵){2,}[~!]*|😂|🤣|\(笑\)|\(狗头\)")
ACTUALLY = re.compile(r"其实(?:就|也就|只)?是")
# "我想替她找个古生物学家问问" (round 17): what is sought or asked on someone
# else's behalf is the errand's object, so names after the mark go with it.
ERRAND = re.compile(
    r"(?:帮|替)(?:他|她|他们|她们|别人|人家|我妈|我爸|朋友|同事)"
    r"(?:找|问|查|搜|打听)"
)
# Taking the wish itself back: "…，所以也不是真想躺". Unlike the take-backs
# above, this one says no, so what it takes back names nothing.
RETRACTS = re.compile(r"不是真(?:的|心)?(?:想|要|喜欢|爱|在乎)|并不是真的|不是真心")
# A sentence that opens with "but" goes on from the one before it: a take-back
# in "…躺平呗。不过…，所以也不是真想躺" reaches over its full stop.
# "查的都是Excel公式，工作需要，谈不上喜欢", "想学做菜，主要是为了省钱，
# 我自己其实不怎么爱吃": a clause that is nothing but "I don't like it" says no
# to the sentence so far, whatever it was for; it names nothing. Not "现在完全
# 没兴趣了" (a liking dropped stays a hint), and not when a "but" follows.
_UNLIKED_LEAD = (
    r"(?:我|自己|其实|说实话|说真的|老实说|真的?|也|倒|并|可|一点都|一点也|压根|"
    r"根本|本身)*"
)
# Round 19: "会计吧，考证好找工作，虽然我不喜欢，但实用": conceded, the "no"
# stands; the "but" after it gives another reason, not a liking.
UNLIKED_CONCEDED = re.compile(r"(?:虽然|虽说|虽|尽管)")
LIKES_AGAIN = re.compile(r"喜欢|爱|兴趣|享受|热爱|着迷|上瘾")
_UNLIKED_TAIL = (
    r"(?:多|太|很|怎么|真的?)?(?:喜欢|爱(?:吃|看|玩|做|学|弄|干)?|感兴趣|热爱|兴趣|爱好|享受)"
    r"[了的啦吧呀啊哈~\s]*"
)
UNLIKED = re.compile(
    _UNLIKED_LEAD
    + r"(?:谈不上|说不上|算不上|不怎么|不太|不是很|没那么|并不|不|没啥|没什么|没多大|"
    # Round 13: "…，不是兴趣，是没办法" (a need, not a liking).
    r"(?:并?不是|并非)(?:出于|因为)?)" + _UNLIKED_TAIL
)
# Round 18: the clause may open with the "but" itself ("…，工作用得上，不过说
# 实话我不怎么喜欢"): the turn is to the dislike. Only a plain "no": after a
# turn, "说不上多喜欢" is lukewarm and "不是喜欢，是焦虑" gives another reason
# (both labelled hints).
UNLIKED_TURNED = re.compile(
    r"(?:但是|但|不过|可是|只是)"
    + _UNLIKED_LEAD
    + r"(?:不怎么|不太|不是很|没那么|并不|不)"
    + _UNLIKED_TAIL
)
# Round 17: "…，纯粹应付", "就是为了交差": done only to get by, as a clause
# of its own, says no to the sentence the same way.
PERFUNCTORY = re.compile(
    r"(?:我|也|就|都|其实|说白了)*(?:纯粹|纯属|纯|只是|就是|只|主要是|完全是|也就是)?"
    r"(?:是|为了)?(?:应付|交差|凑学分|混学分|走个?过场|完成任务)"
    r"(?:一下|差事|了事|而已|罢了)?[了的啦吧呀啊哈~\s]*"
)
# "他那种死要面子的毛病我坚决不要", "细碎活我真做不来": the object stands
# first and the clause ends with the person turning it down.
OBJECT_FIRST = re.compile(
    r"我(?:自己)?(?:坚决|绝对|可|才|是|真|真的|肯定|打死也|死也|一点也|一点都|也|都|"
    r"就|还是|实在|完全|根本)*$"
)
# "不想像我爸那样一辈子捧着铁饭碗混日子": a negation before a comparison
# governs the whole life compared, to its clause's end.
LIKE = re.compile(r"(?:像|跟|和)[^,.;:!?。]{1,8}?(?:那样|这样|一样|似的)")
# "不想要我妈那种什么都要面子的活法" (round 15): so does one before someone's
# kind of life ("X那种…", "他们这样的…"), to the clause's end.
KIND = re.compile(
    rf"(?:我|我们)?(?:{OTHER_PEOPLE})(?:俩|们)?的?(?:那种|这种|那样|这样)"
)
# "我不想要的是我妈那种爱面子", "不想继承的是…" (round 19): a "no" put in a
# cleft, "what I don't want is…", governs the whole thing named after it, to
# its clause's end.
CLEFT = re.compile(r"(?:[^\W\d_的]{1,2})?的(?:就|只|恰恰|偏偏)?是")
# The person speaking: "我不想…", "但我自己…" (not "我妈…", "我们组长…").
SELF_OPENS = re.compile(
    rf"(?:但是|但|可是|可|不过|所以|其实)?我(?:自己)?(?!(?:们|的)?(?:{OTHER_PEOPLE}))"
)
# "他那种…", "我爸这种…": "that" with a possessor is their trait, not a
# pointer back at what the person said before.
POSSESSED = re.compile(rf"(?:{OTHER_PEOPLE})的?$")
# "不是那种只知道挣钱的人" (round 16): "that kind" with a description of its
# own ("…的人", "…的生活") points at that description, not back at what the
# person said before ("我想被说有文化，不是那种只知道挣钱的人").
DESCRIBED = re.compile(r"[^,.;:!?。的]{2,12}的[^\W\d_]")
# "看别人做PPT讲半天讲不清": a clause about someone else seen or heard.
# Round 20: also people at large, "看人吵架半天说不清".
THEIR_CLAUSE = re.compile(
    rf"(?:看|看到|看着|看见|听)?(?:{OTHER_PEOPLE})|(?:看|看到|看着|看见|听)人(?!家|生)"
)
# One of the people around the person, the whole word ("孩子", "老公").
PERSON = re.compile(rf"(?:{OTHER_PEOPLE})")
# Round 20: done poorly, right after the name ("隐私保护太差了", "无障碍做得
# 太差"): on the question about the world's problems, the problem named.
FAULTED = re.compile(
    r"[^\W\d_]{0,4}?(?:太差|很差|好差|真差|特别差|太烂|很烂|太落后|不到位|跟不上)"
)
# Nobody or everybody as the subject: what the world does or neglects.
NOBODY = re.compile(r"没有?人|没谁|谁都不|谁也不")
# Round 20: nobody doing the very thing named next ("没人仗义执言", "没有人
# 愿意讲诚信"), a few characters before it in its clause.
NOBODY_DOES = re.compile(r"(?:没有?人|没谁)(?:敢|愿意|肯|会|在|去|再)?$")
NOBODY_AFTER = re.compile(
    r"(?:都|也)?(?:没有?人|谁都|谁也|大家|别人|很多人|好多人|有人)"
)
# What the person wants for others ("想让他们也见见世面") is theirs: the
# entry words after "让 + someone else" in the clause.
# "希望我儿子以后被人说是个正直的人": a wish for one's own people (with 我,
# so "希望有人说我真诚" stays the person's), also "希望我带过的学生…" (round 12).
FOR_OTHERS = re.compile(
    rf"(?:让|使)(?:{OTHER_PEOPLE}|更多的?人)们?"
    rf"|(?:希望|盼着?|但愿|愿)(?:我|我家|我们家)的?{MODIFIER}{{0,2}}(?:{OTHER_PEOPLE})"
)
# Their words about the person: a verb of saying or remembering before a
# colon, a quote or "我" (not "被人说是个…": them being spoken of).
SAID_OF_ME = re.compile(r"(?:记得|记住|说起|提起|想起|说|觉得|评价)(?=[:“\"「]|我)")
# A clause in the person's own voice ends a wish for others.
OWN_AGAIN = re.compile(r"\s*(?:我|自己|但|可|不过|其实|而|所以)")
# On the questions about what angers or is missing (V05, V09), "有钱有关系就
# 能摆平一切" describes who gets away with it: money there is the wrong, not
# a value (the caller drops these on those questions).
GENERIC_IF = re.compile(
    r"有(?:钱|权|势|关系|背景|人脉|后台)(?:[、和]?有?(?:钱|权|势|关系|背景|人脉|后台))*"
    r"(?:的人)?[^,.;:!?。]{0,4}?(?:就|都|便)(?:能|可以|敢|行)"
)
CONTRAST_OPENS = re.compile(r"^[\s.;!?。\n]*(?:但是|但|可是|不过|然而)")
REACH = 6  # characters a negation reaches across ("不在乎别人的钱" still counts)
# A dismissal after the word reaches a little further: it closes the clause,
# and the subject often stands between ("热闹的地方我一秒都待不下去").
REACH_AFTER = 8
# Options set side by side ("两个offer，一个钱多一个离家近，最后选了离家近的"):
# each "一个…" describes a choice, not what the person holds; the choice and
# its reason say that. Only when the answer says it chose.
OPTION = re.compile(r"(?:另)?一(?:个|家|份)")
CHOSE = re.compile(r"选了|选的|挑了|去了|接了|定了|前者|后者|最后")
# Whom the person is with: "晚上约三五个好朋友撸串", "离爸妈近一点".
# Round 19: "约上闺蜜去逛街", "叫上几个老同学", "带上爸妈".
COMPANY = re.compile(
    r"(?:跟|和|陪|陪着|约|约上|约了|叫上|喊上|带上|照顾|离)"
    r"(?:[一两三四五几]?[个位]?|三五个|几个)?$"
)
# Becoming friends: "跟一起值班的几个人成了好朋友" (round 15) is making them.
BECAME = re.compile(
    r"(?:成了|成为|变成了?|处成了?|交了|交到了?|结交了?)(?:[一几]?[个位]|一辈子的)?$"
)
# After a weak word, whose child or home it is ("跟邻居家小孩玩过家家"): the
# word is an owner, not the company kept (round 14).
OWNER_OF = re.compile(r"家(?!人|里人)|的(?:小孩|孩子|儿子|女儿|闺女)")
# Whom they do it for: "就想让父母过上好日子" (not "爸妈让我…"). A value only:
# what is done for a child ("为了孩子报各种班") is no passion of the person's.
FOR_WHOM = re.compile(r"(?:想让|要让|能让|为了)(?:[一两三四五几]?[个位]?|几个)?$")
# The next clause says the person can look after them: "…年纪大了，离得近能
# 照应", "…身体不好，方便照顾" (not "…，能照顾我": they look after the person).
CARE_NEXT = re.compile(
    r"[^,.;:!?。]{0,8}[,，][^,.;:!?。]{0,5}(?:能|方便|好|可以|就近|得以)"
    r"(?:照应|照顾|照看|陪着|陪伴|陪|尽孝)(?![我你])[了着他她们一下下点些]*(?=$|[,.;:!?。])"
)
# "晚上给爸妈做顿饭": doing something for them (round 12). Not "给爸妈添堵".
FOR_DOING = re.compile(r"(?:做|煮|烧|炖|包|买|送|寄|带)")
# "选了考编，图个安稳，爸妈也放心" (round 15): their ease is what the choice
# was also for (blind14's "老婆孩子也跟着心里有底" too). Not "爸妈不放心".
EASED = re.compile(
    r"(?:也|都|就|才|总算|终于|能|会|更)*(?:跟着)?"
    r"(?:放心|安心|踏实|心里有底|省心|少操心)(?:了|些|点|一点|多了)?(?=$|[,.;:!?。])"
)
# "买不起房子", "看不起病", "上不起学": what cannot be afforded (the lexicon's
# homonyms keep the "不" from negating it).
CANNOT_AFFORD = re.compile(r"(?:买|租|住|养|上|看|供|用)不起$")
# Round 21: what is hard, said right after it: "残疾人出门太难了" (for whom),
# "老人看病难" (what). Not 难过, 难受, 难看…, nor the person ("我…"), nor one
# of the people around them (`_lacked`).
HARD_FOR = re.compile(
    r"[^\W\d_我你]{0,4}?(?:太|很|特别|实在|真的?|好|非常|挺|更|越来越)?"
    r"(?:难|不容易|不方便|艰难)(?!过|受|看|听|吃|怪|道|得|免|以|度|题|忘|处|说)"
)
# A passion's person word ("程序员", "建筑师", "宇航员" are weak: people in a
# story) is the person's own when they want to be one ("一直想当程序员") or to
# ask one ("想找一位建筑师聊聊", the expert question P08).
WANTS_TO_BE = re.compile(
    r"(?:想|要|梦想|立志|打算|希望)(?:着)?(?:当|做|成为)(?:一名|一个|个|一位|名)?$"
)
# Round 20: the wish said in an earlier clause of the sentence and carried
# on ("想亲手设计一栋楼，当个建筑师"): a clause that opens with the becoming.
BECOMES_NEXT = re.compile(
    r"^(?:再|然后|最后|以后)?(?:当|做|成为)(?:一名|一个|个|一位|名)?$"
)
WISH_EARLIER = re.compile(r"(?<![不没])(?:想|梦想|立志|打算|希望)")
WANTS_TO_ASK = re.compile(
    r"(?:想|要|希望|最想)(?:找|请|约|和|跟|同|问问|问|请教)(?:一下)?"
    r"(?:一位|一个|个|位|几位|几个)?$"
)
ASKS = re.compile(r"聊|请教|问问|问一问|讨教|取经")
# Not company: a quarrel or a message ("跟爸妈吵了一架", "和老婆说了").
NOT_COMPANY = re.compile(r"吵|闹|矛盾|不合|冷战|翻脸|关系|借|要钱|说|讲|商量好")
# How much, before a dislike: "我真的特别不喜欢" has no object of its own.
DEGREE = re.compile(r"特别|非常|超级|超|很|最|挺|太|真心|打心底里|从心里")
OWN_OBJECT = re.compile(r"别的|其他|其余|剩下的")
COMPARED_PAST = re.compile(r"还|都")
# A value put first: "…比什么都重要", "最要紧", "是第一位", "就是一切".
RANKED = re.compile(
    r"比什么都(?:重要|要紧|强|好|珍贵)|最(?:重要|要紧|关键|珍贵)|(?:是|放在?|排)第一位?|"
    r"就是一切|是一切"
)
RANK_BLOCKED = re.compile(r"^的|[不没别说讲觉认让要叫]")
# "什么都没有家人重要", "啥也比不上健康": everything ranks below the word.
SUPREME = re.compile(r"(?:什么|啥|一切|任何东西|哪样|别的)(?:都|也)$")
RANKS_BELOW = re.compile(r"没有?$|不如$|比不上$|比不过$|没法比$")
CHAIN_GAP = 1  # negations this close form one double negative ("不是不在乎")


@dataclass(frozen=True)
class Token:
    """A known word found at [start, end) of the folded answer."""

    start: int
    end: int
    word: Word
    clause: int


@dataclass(frozen=True)
class Reading:
    """An entry word in context: whether it is turned down or only suspected."""

    token: Token
    negated: bool
    weakened: bool  # a double negative or a shrug in the clause
    reported: bool = False  # inside someone else's words ("我妈总说钱最重要")
    asked: bool = False  # inside a question ("自由重要吗？")
    theirs: bool = False  # someone else's liking ("我老婆喜欢烘焙")
    # In clauses whose subject is someone else ("我同事特别上进"), and whether
    # those clauses speak of the person ("同事说我…").
    others: bool = False
    others_me: bool = False
    # The condition of "有钱就能…" (a wrong, on V05/V09), and what the person
    # wants for someone else ("让他们也见见世面").
    generic: bool = False
    for_others: bool = False
    # What the world is said to prize and nothing else ("什么都只讲效率").
    complained: bool = False
    # Said of a search or a course for someone else's need ("我妈最近住院了").
    needed: bool = False
    # A weak word that is whom the person does something for ("给爸妈做饭"):
    # named for values only.
    done_for: bool = False
    # A weak word that is what people cannot afford ("年轻人买不起房子"): the
    # problem named, on P06 only (round 13).
    lacked: bool = False
    # A weak person word that is who speaks ("我老婆说我疯了"): a character in
    # the story, no hint of the person's own (round 13).
    speaker: bool = False
    # A name rated "还行" in its clause ("我看大局还行"): named for talents only.
    modest: bool = False
    # Round 20: a name whose only "no" is a complaint of how poorly it is done
    # ("隐私保护太差了", "无障碍做得太差"): on P06 the problem named (match.py).
    faulted: bool = False
    # Round 20: a name whose only "no" is that nobody does it ("没人仗义执言"):
    # on the questions about what the world lacks (V09) or its problems (P06),
    # what is missing (match.py).
    neglected: bool = False
    # A weak word that is one of the people around the person ("孩子", "老公",
    # "爸妈"): in a passions answer a character of the story, not its topic
    # (round 14; match.py drops the hint unless they are the company kept).
    person: bool = False


def fold(text: str) -> tuple[str, list[int]]:
    """Fold text like search text; return it and each folded char's origin.

    Folding character by character keeps offsets exact when NFKC or
    case-folding changes a length ("…" becomes "...").
    """
    parts: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        folded = unicodedata.normalize("NFKC", ch).casefold()
        parts.append(folded)
        origin += [i] * len(folded)
    origin.append(len(text))
    return "".join(parts), origin


def _candidates(folded: str, vocab: Vocabulary) -> list[tuple[int, int, Word]]:
    found = []
    for i, ch in enumerate(folded):
        for word in vocab.by_first.get(ch, ()):
            if folded.startswith(word.text, i):
                found.append((i, i + len(word.text), word))
    return found


def _clauses(folded: str) -> list[int]:
    number, out = 0, []
    for ch in folded:
        number += ch in CLAUSE_ENDS
        out.append(number)
    return out


def tokens_read(folded: str, vocab: Vocabulary) -> list[Reading]:
    """Return every entry word of a folded answer, read in its clause."""
    found = _candidates(folded, vocab)
    # Weak words do not take part in the cut; they only mark what they cover.
    # Nor does "说实话" when it is a doing, not an aside ("说实话的人", round 18).
    weak = [(s, e) for s, e, w in found if w.kind == "weak"]
    found = [
        c
        for c in found
        if c[2].kind != "weak"
        and not truth_told(folded, c[0], c[1], c[2].text, c[2].kind)
    ]
    found.sort(key=lambda c: (c[0] - c[1], PRIORITY[c[2].kind], c[0]))
    asked = [
        (m.start(), m.end(), Word(m.group(), "homonym"))
        for m in QUESTION.finditer(folded)
    ]
    taken = bytearray(len(folded))
    clause = _clauses(folded)
    tokens: list[Token] = []
    for start, end, word in asked + found:
        if not any(taken[start:end]):
            taken[start:end] = b"\x01" * (end - start)
            # "哭得停不下来", "兴奋得发抖" (round 17): a feeling's degree.
            if word.kind in ("entry", "negation") and felt_degree(folded, start):
                continue
            # "《也许你该找个人聊聊》这些都翻过" (round 18): a "no" or a hedge
            # inside a book's title is its wording, not the person's.
            if word.kind in ("negation", "shrug") and titled(folded, start):
                continue
            tokens.append(Token(start, end, word, clause[start]))
    tokens.sort(key=lambda t: t.start)
    reported = reported_spans(folded, clause)
    rejected = _rejected(folded, tokens, clause, reported) | _admired_only(
        folded, clause
    )
    denied = (
        _retracted(folded, tokens, clause)
        | _former(folded, tokens, clause)
        | _unliked(folded, clause)
    )
    # A shrug that is also an entry's signal ("说不清") still hedges.
    # So does a negation that is a hedge proper ("…，说不上真的感兴趣").
    shrugs = {(s, e) for s, e, w in found if w.kind == "shrug"}
    hedges = [
        t
        for t in tokens
        if (
            (t.start, t.end) in shrugs
            or (t.word.kind == "negation" and HEDGE_STEMS.fullmatch(t.word.text))
        )
        # "什么都没有家人重要": a ranking, no shrug (round 16).
        and not (SUPREME.search(folded, 0, t.start) and RANKS_BELOW.match(t.word.text))
        # "我自己一般去看漫画" (round 16): "一般" before a verb is "usually";
        # only at its clause's end ("我觉得一般", "一般吧") is it a shrug.
        and not (
            t.word.text == "一般"
            and COMMENT_TAIL.sub("", folded[t.end : clause_end(folded, t.end)])
        )
        # "…，哪怕累一点、钱少一点都行" (round 16): a cost accepted in a
        # concession, no shrug at what the person chose.
        and not (
            ACCEPTS.match(_clause_text(folded, t.start).lstrip("".join(CLAUSE_ENDS)))
            and not HEDGE_STEMS.search(t.word.text)
        )
        # "日语或者西班牙语都行" (round 19): either option will do; no shrug at
        # what the person chose.
        and not (
            not HEDGE_STEMS.search(t.word.text)
            and EITHER.search(folded, clause_start(folded, t.start), t.start)
        )
        # "可能是我师傅吧，…" (round 19): a guess at who, on its own, doubts
        # whom the person means, not what they go on to say of them.
        and not WHO_GUESS.fullmatch(_clause_text(folded, t.start).strip(CLAUSE_MARKS))
    ]
    questions = question_spans(
        folded, [(t.start, t.end) for t in tokens if t.word.kind == "entry"]
    )
    speakers = speaker_spans(folded)
    liked = taste_spans(folded, clause)
    runs, dropped, roles, refused = others_spans(
        folded,
        [t.start for t in tokens if t.word.before or t.word.after],
        # A hint ("我就没那么靠谱") does not keep a clause from setting apart.
        [t.start for t in tokens if t.word.names],
    )
    # "看别人做PPT讲半天讲不清": a hedge in a clause that opens with someone
    # else is no doubt of the person's own words after it. (Not the whole run
    # of their clauses: "被说过太追求完美，不知道这算不算优点" is the person's.)
    texts = _clause_texts(folded, clause)
    # Nor is a hedge in the first clause of someone else's words ("护士说这袋血
    # 可能救一个产妇，…，觉得自己能帮上忙": the nurse's "maybe", round 13); one in
    # a later clause ("我妈说我细心，可能吧") may be the person's own doubt.
    said = {_first_clause(folded, clause, s, e) for s, e in reported}
    theirs = [
        t
        for t in hedges
        if THEIR_CLAUSE.match(texts[t.clause].lstrip("".join(CLAUSE_ENDS)))
        or t.clause in said
        # "…，这些好像没人在乎" (round 14): the hedge is on what nobody or
        # everyone does, not on the person's own words.
        or NOBODY_AFTER.match(folded, t.end)
    ]
    # "但我看大局还行" (round 15): "还行" after a name, ending its clause, rates
    # it modestly; a talent still (match.py), a lukewarm liking or value not.
    modest = [
        t
        for t in hedges
        if lift.modest(
            folded,
            (t.start, t.end),
            any(
                u.clause == t.clause and u.word.names and u.end <= t.start
                for u in tokens
            ),
        )
    ]
    shrugged = _shrugged(
        folded,
        tokens,
        [t for t in hedges if t not in theirs and t not in modest],
        clause,
        questions,
    ) | {t.clause for t in theirs}
    # Set apart from someone admired: only a doubt; from anyone else: nothing.
    # Unless the person refuses to become like them (round 17).
    doubted: list[tuple[int, int]] = []
    if ADMIRES.search(folded):
        doubted, dropped = [d for d in dropped if d not in refused], refused
    doubted += [(r[0], r[1]) for r in runs if r[3]] + roles
    options = _options(folded, clause)
    generic = [m.span() for m in GENERIC_IF.finditer(folded)]
    complained = prized_only(folded)
    mocking = mocked(folded)
    needs = their_need(folded)
    wished = [
        (m.end(), _wish_end(folded, m.end())) for m in FOR_OTHERS.finditer(folded)
    ]
    known = [_span(t) for t in tokens]
    costs = conceded(folded) + counterfactual(folded)
    bounds: dict[int, tuple[int, int]] = {}  # clause -> its [start, end)
    for i, c in enumerate(clause):
        bounds[c] = (bounds.get(c, (i, i))[0], i + 1)
    readings = []
    for i, token in enumerate(tokens):
        if (
            token.word.kind != "entry"
            or split_homonym(folded, token.start, token.end, vocab.homonyms)
            or gathered(folded, token.start, token.end)
            # "循环最多的是《大海》" (round 19): a song's title.
            or sung(folded, token.start)
            or taken_apart(folded, token.start, token.end)
            or lost_sum(folded, token.start, token.end)
        ):
            continue
        first = _before(folded, tokens, i)
        count = first + (
            _after(tokens, i)
            or not_at_all(folded, token.start, token.end)
            or _topic_dismissed(folded, tokens, i, bounds)
            or _object_denied(folded, tokens, i)
            or _object_first(folded, tokens, i, bounds)
            or owned_weakness(folded, token.start, token.end)
        )
        # "扣钱", "钱少一半" (round 19): a one-character name that nothing
        # weighs is a sum, a loss or a grievance. One turned down ("钱对我
        # 其实没那么重要") is still read, as a "no" later rules may look at.
        if (
            count == 0
            and token.word.names
            and unweighed(folded, token.start, token.end)
        ):
            continue
        weakened = (
            count >= 2
            or token.clause in rejected | shrugged
            or any(
                s <= token.start
                and token.end <= e
                and not _companion(folded, token, s, e)
                and not _done_for(folded, token, s, e)
                and not _lacked(folded, token, s, e)
                and not _ranked(folded, token, s, e)
                and not (
                    (s, e) == (token.start, token.end)
                    and lift.lived(folded, _span(token))
                )
                # Round 20: eaten or cooked, or ranked best, by the person.
                and not (
                    (s, e) == (token.start, token.end)
                    and (
                        lift.savoured(folded, _span(token))
                        or lift.ranked_best(folded, _span(token))
                        or lift.sustained(folded, _span(token))
                        # Round 21: held for years, or the reason stayed near.
                        or lift.bonded(folded, _span(token))
                        or lift.kept_near(folded, _span(token))
                    )
                    and not any(r[0] <= token.start < r[1] for r in runs)
                )
                and not (
                    (s, e) == (token.start, token.end)
                    and (
                        lift.corroborated(folded, _span(token), known)
                        or lift.opens_answer(folded, _span(token), known)
                        or lift.liked_one(folded, _span(token))
                    )
                )
                # "他们是我家人啊": the claim may hold the weak "我家人" whole.
                and not lift.claimed_kin(folded, _span(token))
                for s, e in weak
            )
            or _inside(token, doubted)
            or _inside(token, options)
            or _inside(token, mocking)
            or witnessed(folded, token.end)
        )
        run = next((r for r in runs if r[0] <= token.start < r[1]), None)
        readings.append(
            Reading(
                token,
                count % 2 == 1
                or _inside(token, dropped)
                or token.clause in denied
                or _inside(token, costs),
                weakened,
                reported=_inside(token, reported),
                asked=_inside(token, questions),
                theirs=_inside(token, liked),
                others=run is not None,
                others_me=run is not None and run[2],
                generic=_inside(token, generic),
                for_others=_inside(token, wished),
                complained=_inside(token, complained),
                needed=_inside(token, needs),
                done_for=any(_done_for(folded, token, s, e) for s, e in weak),
                lacked=any(_lacked(folded, token, s, e) for s, e in weak),
                modest=any(t.clause == token.clause for t in modest),
                faulted=count == 1
                and first == 0
                and bool(FAULTED.match(folded, token.end)),
                neglected=count == 1
                and first == 1
                and bool(
                    NOBODY_DOES.search(folded, max(0, token.start - 6), token.start)
                ),
                speaker=_inside(token, speakers)
                and any(s <= token.start and token.end <= e for s, e in weak),
                person=(token.start, token.end) in weak
                and PERSON.fullmatch(token.word.text) is not None,
            )
        )
    # "玩游戏机，不过那是我弟，我对游戏一点兴趣都没有": turned down later.
    spans = [
        (r.token.start, frozenset(r.token.word.names + r.token.word.hints), r.negated)
        for r in readings
    ]
    later = denied_later(spans, folded)
    # "我不想当领导，天天开会管人" (round 17): the refused thing described on.
    said_no = refused_on(spans, folded)
    # Round 18: their clause refused by the person, a motive of back then
    # dropped now, a choice's clauses before its only reason.
    voiced = [(*s, r.others) for s, r in zip(spans, readings, strict=True)]
    said_no |= (
        refused_theirs(voiced, folded)
        | dropped_since(voiced, folded)
        | only_because(voiced, folded)
    )
    return [
        replace(r, negated=True)
        if i in said_no
        else replace(r, weakened=True)
        if i in later
        else r
        for i, r in enumerate(readings)
    ]


def _shrugged(
    folded: str,
    tokens: list[Token],
    hedges: list[Token],
    clause: list[int],
    asked: list[tuple[int, int]],
) -> set[int]:
    """Return the clauses a shrug or hedge leaves in doubt.

    Its own clause ("不知道算不算自由"), and the clauses before it in its
    sentence when it looks back on them ("被说过太追求完美，不知道这算不算
    优点", "…，也不一定"), not when it has its own object ("自由，无所谓
    别人怎么看").
    A clause that is nothing but the shrug also doubts the guess after it in
    a question ("不知道诶，气候变化？"), and a sentence that is nothing but
    the shrug doubts the sentence before it ("自由重要吗？我也不确定").
    """
    if not hedges:
        return set()
    bounds: dict[int, list[int]] = {}  # clause -> [start, end]
    for i, c in enumerate(clause):
        bounds.setdefault(c, [i, i])[1] = i + 1
    sentence: dict[int, int] = {}  # clause -> its sentence
    number = 0
    for c, (start, _) in sorted(bounds.items()):
        number += folded[start] in SENTENCE_ENDS
        sentence[c] = number
    named = {sentence[t.clause] for t in tokens if t.word.kind == "entry"}
    found: set[int] = set()
    for hedge in hedges:
        c, s = hedge.clause, sentence[hedge.clause]
        start, end = bounds[c]
        alone = not HEDGE_FILLERS.sub(
            "", folded[start : hedge.start] + folded[hedge.end : end]
        )
        found.add(c)
        # A negation that is also a shrug ("没有") looks back only when it is
        # the whole clause: "连个英语老师都没有" has its own object.
        own_object = hedge.word.kind == "negation" and not alone
        if alone or (LOOKS_BACK.match(folded[hedge.end : end]) and not own_object):
            found |= {k for k, v in sentence.items() if v == s and k <= c}
        if alone and any(a <= start and end <= b for a, b in asked):
            found |= {k for k, v in sentence.items() if v == s}
        earlier = [v for v in named if v < s]
        if alone and earlier and s not in named:
            found |= {k for k, v in sentence.items() if v == max(earlier)}
        rest = folded[hedge.end : end]
        lead_in = folded[start : hedge.start].lstrip("".join(CLAUSE_ENDS))
        # "可能……希望他们说我这辈子没白活吧" (round 15): a hedge alone that
        # trails off doubts the sentence it trails into.
        later = [v for v in named if v > s]
        if alone and s not in named and later and HEDGE_STEMS.search(hedge.word.text):
            nxt = min(later)
            opening = min(k for k, v in sentence.items() if v == nxt)
            gap = folded[end : bounds[opening][0] + 1]
            if ".." in gap and not HEDGE_FILLERS.sub("", gap):
                found |= {k for k, v in sentence.items() if v == nxt}
        if (
            HEDGE_STEMS.search(hedge.word.text)
            and not CAUSE.match(rest)
            and not (WH_OBJECT.match(rest) and not QUESTION.search(rest))
            and not (
                CONCEDES.match(lead_in)
                and hedge.word.text in MAYBE
                and not LOOKS_BACK.match(rest)
            )
        ):
            found |= {k for k, v in sentence.items() if v == s}
            opening = min(k for k, v in sentence.items() if v == s)
            lead = folded[bounds[opening][0] : hedge.start]
            if earlier and not HEDGE_FILLERS.sub("", lead):
                found |= {k for k, v in sentence.items() if v == max(earlier)}
    return found


def _wished_before(folded: str, at: int) -> bool:
    """Return whether an earlier clause of the sentence at ``at`` wishes."""
    left = max(folded.rfind(c, 0, at) for c in SENTENCE_ENDS) + 1
    clause_start = max(folded.rfind(c, 0, at) for c in CLAUSE_ENDS) + 1
    return bool(WISH_EARLIER.search(folded, left, clause_start))


def _companion(folded: str, token: Token, start: int, end: int) -> bool:
    """Return whether a weak word is the person's company ("跟家里人吃个饭").

    Only a weak word that is the whole name ("好朋友", "爸妈"), after 跟, 和,
    陪, 约, 照顾… in its clause: whom the person spends the time with.
    """
    if (start, end) != (token.start, token.end):
        return False
    lead = folded[: token.start]
    lead = lead[max(lead.rfind(c) for c in CLAUSE_ENDS) + 1 :]
    tail = folded[token.end :]
    tail = tail[
        : min((i for c in CLAUSE_ENDS if (i := tail.find(c)) >= 0), default=None)
    ]
    # "跟邻居家小孩玩" (round 14): whose child, not the company.
    if OWNER_OF.match(tail):
        return False
    values = all(name.startswith("V") for name in token.word.names)
    passions = all(name.startswith("P") for name in token.word.names)
    if (
        passions
        and (
            WANTS_TO_BE.search(lead)
            or (BECOMES_NEXT.match(lead) and _wished_before(folded, token.start))
            # "想找一位宇航员，问问…", "想问问宇航员…": the ask may follow the clause.
            or (
                (ask := WANTS_TO_ASK.search(lead))
                and ASKS.search(ask.group() + folded[token.end : token.end + 10])
            )
        )
    ):
        return True
    near = (
        COMPANY.search(lead)
        or (values and FOR_WHOM.search(lead))
        or (values and BECAME.search(lead) and not THEIR_CLAUSE.match(lead))
    )
    return bool(near) and not NOT_COMPANY.search(tail)


def _done_for(folded: str, token: Token, start: int, end: int) -> bool:
    """Return whether a weak word is whom the person does something for.

    "晚上给爸妈做顿饭" names the value 家人 (match.py: values only; what is
    done for parents is no passion, "原生家庭" among them).
    """
    if (start, end) != (token.start, token.end):
        return False
    lead = folded[: token.start]
    lead = lead[max(lead.rfind(c) for c in CLAUSE_ENDS) + 1 :]
    if lead.endswith("给") and FOR_DOING.match(folded, token.end):
        return True
    # "我爸妈年纪也大了，离得近能照应" (round 14): their clause, then the person
    # able to look after them in the next, with no one else looked after.
    return bool(CARE_NEXT.match(folded, token.end) or EASED.match(folded, token.end))


def _ranked(folded: str, token: Token, start: int, end: int) -> bool:
    """Return whether a weak value word is put first in its clause.

    "我才明白身体好、一家人在一起比什么都重要" (round 16): the ranking is the
    stance the weak list waits for. Not someone's words ("爸妈说钱最重要"),
    whose thing it is ("孩子的教育最重要"), or a "no" between.
    """
    if (start, end) != (token.start, token.end) or not all(
        n.startswith("V") for n in token.word.names
    ):
        return False
    stop = clause_end(folded, token.end)
    ranked = RANKED.search(folded, token.end, stop)
    if ranked is None:
        return False
    between = folded[token.end : ranked.start()]
    return len(between) <= 10 and not RANK_BLOCKED.search(between)


def _span(token: Token) -> lift.Span:
    word = token.word
    negates = word.before or word.after
    return (
        token.start,
        token.end,
        frozenset(word.names),
        frozenset(word.hints),
        negates,
    )


def _first_clause(folded: str, clause: list[int], start: int, end: int) -> int:
    """Return the clause of the first word in [start, end), past marks and quotes."""
    i = start
    while i < end - 1 and folded[i] in CLAUSE_ENDS:
        i += 1
    return clause[i] if i < len(clause) else -1


def _lacked(folded: str, token: Token, start: int, end: int) -> bool:
    """Return whether a weak word is what someone cannot afford ("买不起房子").

    Or what is hard, or whom for, right after it ("看病太难", "残疾人出门太难了",
    round 21).

    The caller names it only on P06, where the problem is the concern.
    """
    if (start, end) != (token.start, token.end):
        return False
    stop = clause_end(folded, token.end)
    return bool(
        CANNOT_AFFORD.search(folded, max(0, token.start - 4), token.start)
        # Not one of the people around the person ("孩子上学太难了" stays a
        # hint, round 14): a character, not the cause.
        or (
            HARD_FOR.match(folded[:stop], token.end) is not None
            and PERSON.fullmatch(token.word.text) is None
        )
    )


def _options(folded: str, clause: list[int]) -> list[tuple[int, int]]:
    """Return the spans that describe options side by side, not the choice.

    Each runs from "一个" to the next one or to its clause's end; there must
    be two in one sentence, and the answer must say it chose.
    """
    if not CHOSE.search(folded):
        return []
    spans, start = [], 0
    for i, ch in enumerate(folded + "\n"):
        if ch not in SENTENCE_ENDS:
            continue
        marks = [m.start() + start for m in OPTION.finditer(folded[start:i])]
        if len(marks) >= 2:
            for a, b in zip(marks, [*marks[1:], i], strict=True):
                end = a
                while end < min(b, len(folded)) and clause[end] == clause[a]:
                    end += 1
                spans.append((a, end))
        start = i + 1
    return spans


def _inside(token: Token, spans: list[tuple[int, int]]) -> bool:
    return any(s <= token.start and token.end <= e for s, e in spans)


def _rejected(
    folded: str,
    tokens: list[Token],
    clause: list[int],
    said: list[tuple[int, int]],
) -> set[int]:
    """Return the clauses that a later "这点我不要" turns down.

    "This" points back over the sentence so far ("他们看重面子，办酒席要风光，
    这种我受不了"), but no further than a clause that pointed at something
    itself ("…省吃俭用，这点我想继承，但他们不舍得对自己好，这点我不要").
    A dislike with no object of its own points back the same way ("学英语吧，
    不过是为了找工作，我其实一点都不喜欢", "被逼着练琴，恨死了").
    """
    found: set[int] = set()
    if not folded:
        return found
    first: dict[int, int] = {}  # clause -> index of its first character
    for i, c in enumerate(clause):
        first.setdefault(c, i)
    ends = [*list(first.values())[1:], len(folded)]
    text = {c: folded[i:end] for (c, i), end in zip(first.items(), ends, strict=True)}
    found |= _cancelled(tokens, text, said) | _corrected(text)
    if not any(t.word.before or t.word.after for t in tokens):
        return found
    for c in sorted({t.clause for t in tokens}):
        own = [t for t in tokens if t.clause == c]
        before = folded[first[c] : own[-1].start].lstrip("".join(CLAUSE_ENDS))
        after = folded[own[-1].end : first[c] + len(text[c])]
        dropped = bool(NOW_OPENS.match(before)) and any(
            w in folded[: first[c]].rsplit("。", 1)[-1] for w in FORMERLY
        )
        if not _rejects(own, text[c], before, after, dropped=dropped):
            continue
        # "这点" is one point; "那种日子" may be the whole story.
        one_point = ONE_POINT.search(text[c])
        # "我爸很有主见，…，我妈从来插不上话。我不想成为那样的人" (round 19): a
        # sentence that opens with the person refusing "that" refuses the
        # sentence before it.
        if (
            c > 0
            and text[c][:1] in SENTENCE_ENDS
            and SELF_OPENS.match(text[c].lstrip("".join(CLAUSE_ENDS)))
            and any(t.word.before for t in own)
            and _points_back(text[c])
        ):
            k = c - 1
            found.add(k)
            while k > 0 and text[k][:1] not in SENTENCE_ENDS:
                k -= 1
                found.add(k)
        # A clause's text starts with the mark that opened it, if any.
        while c > 0 and text[c][:1] not in SENTENCE_ENDS:
            c -= 1
            if _points(text.get(c, "")):
                break
            found.add(c)
            # "读书多，…，但她有点看不起人，这点我不想学" (round 14): "this" is
            # what the "but" clause said, not the good side before it.
            if one_point and TURNS_TO.match(
                text.get(c, "").lstrip("".join(CLAUSE_ENDS))
            ):
                break
            # "以前总觉得赚钱最重要，现在不这么想了": back to "以前", no further.
            if any(w in text.get(c, "") for w in FORMERLY):
                break
    return found


def _admired_only(folded: str, clause: list[int]) -> set[int]:
    """Return the clauses admiring what the person then says they fall short of.

    "我很羡慕那些敢辞职的人，但我自己还是求稳": admired, not chosen, so only a
    hint, even on the questions about admired people.
    """
    found: set[int] = set()
    texts: dict[int, str] = {}
    for ch, c in zip(folded, clause, strict=True):
        texts[c] = texts.get(c, "") + ch
    for c, body in texts.items():
        if not ADMIRES.search(body):
            continue
        k = c + 1
        while k in texts and texts[k][:1] not in SENTENCE_ENDS:
            if FALLS_SHORT.match(texts[k].lstrip("".join(CLAUSE_ENDS))):
                found.update(range(c, k))
                break
            k += 1
    return found


def _cancelled(
    tokens: list[Token], text: dict[int, str], said: list[tuple[int, int]]
) -> set[int]:
    """Return the clauses that a later joke, waste or give-up takes back.

    It reaches back to the start of its sentence: "办了健身卡，一年去了三次，钱
    算是白花了" takes back 健身 two clauses away. A clause that names something
    itself is no take-back ("后来放弃了画画，改学摄影").
    """
    found: set[int] = set()
    offset = 0
    for c, body in text.items():
        start, offset = offset, offset + len(body)
        mark = CANCELS.search(body) or DISUSE.search(body)
        if c == 0 or not mark:
            continue
        # In someone else's words it is their verdict, not the person's
        # take-back: "室友说我“学得快”，我哥说我“三分钟热度”" (round 15).
        if any(s <= start + mark.start() < e for s, e in said):
            continue
        # The take-back covers its own clause ("钱算是白花了", "开玩笑的"), but
        # not what the clause names after it.
        after = start + mark.end()
        if not ERRAND.search(body) and any(
            t.clause == c and t.word.names and t.start >= after for t in tokens
        ):
            continue
        found.add(c)
        k = c
        while k > 0 and text[k][:1] not in SENTENCE_ENDS:
            k -= 1
            found.add(k)
    return found


def _corrected(text: dict[int, str]) -> set[int]:
    """Return the clauses the person drops by correcting themselves after them.

    "本来想说环游世界……算了，我晕车，还是在家躺着吧", "学怎么躺着赚钱，哈哈哈，
    说正经的，我想学心理学", "…自由加班的那种自由。哈哈，其实就是哪家先给offer
    去哪家" (round 19): what came before, in the answer, was a joke or a first
    thought given up. What the turn goes on to say is the answer.
    """
    marks = "".join(CLAUSE_ENDS)
    order = sorted(text)
    for n, c in enumerate(order[1:], 1):
        body = text[c].strip(marks)
        prior = text[order[n - 1]].strip(marks)
        # "学心理学，说正经的，我一直想学": "seriously" after no joke stresses.
        joked = any(LAUGH.search(text[k]) for k in order[:n]) or LAUGH.match(body)
        if (
            GIVES_UP.match(body)
            or (SERIOUS.match(body) and joked)
            or (LAUGH.fullmatch(prior) and ACTUALLY.match(body))
        ):
            return set(order[:n])
    return set()


def _points_back(text: str) -> bool:
    """Return whether a clause holds "this" pointing back, not "他那种…".

    Nor "这些学生我不能撂下" (round 19): "these" before people is a determiner.
    """
    # "这个不是明摆着吗": a question that insists turns nothing down, nor
    # does "这不算坏事" (no to a fault is a yes).
    insists = INSISTS.search(text) or NOT_BAD.search(text)
    for a in (*ANAPHORS, *(() if insists else DEMONSTRATIVES)):
        i = text.find(a)
        while i >= 0:
            after = i + len(a)
            if (
                not POSSESSED.search(text[:i])
                and not DESCRIBED.match(text, after)
                and not PERSON.match(text, after)
                and (
                    a not in DEMONSTRATIVES
                    or (
                        PRONOUN_AFTER.match(text, after) and not ONE_OF.search(text[:i])
                    )
                )
            ):
                return True
            i = text.find(a, i + 1)
    return bool(BARE_THIS.search(text)) and not insists


def _points(text: str) -> bool:
    """Return whether a clause points at something ("这点我想继承").

    A "那种" that only closes a description ("通宵那种") points at nothing.
    """
    body = text.rstrip("".join(CLAUSE_ENDS) + "的了啊吧")
    return any(a in body and not body.endswith(a) for a in ANAPHORS)


def _rejects(
    own: list[Token], text: str, before: str, after: str, *, dropped: bool = False
) -> bool:
    """Return whether a clause turns down what came before it.

    ``own`` are its tokens; ``before`` and ``after`` its text around the last;
    ``dropped`` when it opens with "now" after a "before" ("以前…，现在…").
    """
    # "…，这些好像没人在乎" (round 14): nobody's neglect is complained of,
    # the person turns nothing down.
    if NOBODY.search(text):
        return False
    if any(t.word.before for t in own) and _points_back(text):
        return True
    negations = [t for t in own if t.word.before or t.word.after]
    # A dropped view may give its reason in hints ("现在工作了…"), not names.
    blocking = [t for t in own if (t.word.names if dropped else t.word.kind == "entry")]
    if len(negations) != 1 or blocking:
        return False
    # "买了一台望远镜，但是压箱底好几年了": disuse turns back, whatever its tail.
    if DISUSE.search(negations[0].word.text) and not any(t.word.names for t in own):
        return True
    last = own[-1]
    if last not in negations or len(last.word.text) < 2:
        return False
    # A dislike with nothing after it ("…我一点都不喜欢"), or a dismissal
    # with nothing before it ("…，无所谓"); "别的不重要" has its own object.
    if COMMENT_TAIL.sub("", after):
        return False
    if dropped:
        return True
    # "自由我最看重，别的我不要": "the rest" is an object of its own.
    if OWN_OBJECT.search(before):
        return False
    rest = HEDGE_FILLERS.sub("", DEGREE.sub("", NOW.sub("", before)))
    # "偏心的老师我最讨厌": a dislike with its object put first rejects that.
    # One that also looks back ("…，问得她烦死了") still rejects.
    if last.word.after:
        return last.word.before or not rest
    return len(rest) < 2


def _before(folded: str, tokens: list[Token], i: int) -> int:
    """Count the negations governing token i from before it (0, 1 or a chain).

    A negation before a comparison ("不想像我爸那样…") reaches its clause's end.
    """
    target, count, edge = tokens[i], 0, tokens[i].start
    for token in reversed(tokens[:i]):
        # A break that is also an entry's hint ("直接") still ends the reach.
        if token.clause != target.clause or token.word.text in SCOPE_BREAKS:
            break
        if not token.word.before:
            continue
        # "什么都没有家人重要", "啥都不如身体好" (round 16): nothing is above
        # it; the word after the "no" is what the person puts first.
        if SUPREME.search(folded, 0, token.start) and RANKS_BELOW.match(
            token.word.text
        ):
            break
        # "讲得比老师还通俗易懂", "比谁都自律": the word after 还/都 is what the
        # person outdoes them in, not the loser of the comparison.
        if token.word.text == "比" and COMPARED_PAST.search(folded, token.end, edge):
            break
        gap = edge - token.end
        compared = count == 0 and (
            LIKE.match(folded, token.end)
            or KIND.match(folded, token.end)
            or CLEFT.match(folded, token.end)
        )
        if gap > (REACH if count == 0 else CHAIN_GAP) and not compared:
            break
        count, edge = count + 1, token.start
    return count


def _after(tokens: list[Token], i: int) -> int:
    """Return 1 when a dismissal ("…不重要", "…无所谓") follows token i closely.

    A "but" ends its reach, except before disuse: "买了相机但一直吃灰".
    """
    target = tokens[i]
    contrast = False
    for token in tokens[i + 1 :]:
        if token.clause != target.clause or token.start - target.end > REACH_AFTER:
            return 0
        if token.word.kind == "scope_break":
            if token.word.text in CONTRASTS:
                contrast = True
            elif not _only_after_follows(tokens, token):
                return 0
        elif token.word.after and (not contrast or DISUSE.search(token.word.text)):
            return 1
    return 0


def _only_after_follows(tokens: list[Token], brk: Token) -> bool:
    """Return whether "就/也" is followed by a dismissal that only looks back.

    "当众讲话我就犯怵", "钱我也无所谓": the adverb stands before the verb. A
    negation that may also look ahead ("…也不在乎钱") governs what follows.
    """
    nxt = next((t for t in tokens if t.start >= brk.end), None)
    return (
        nxt is not None
        and nxt.clause == brk.clause
        and nxt.start - brk.end <= 1
        and nxt.word.after
        and not nxt.word.before
    )


def _topic_dismissed(
    folded: str, tokens: list[Token], i: int, bounds: dict[int, tuple[int, int]]
) -> bool:
    """Return whether token i is a bare topic the next clause dismisses.

    "钱嘛，无所谓", "至于名声，我真的不在乎": the word is alone in its clause
    (but for "至于", "嘛", "的话"...), and the next clause, in the same
    sentence, ends with a dismissal within a few characters of its start,
    naming nothing before it. "自由，无所谓别人怎么看" is no such comment.
    """
    target = tokens[i]
    first, last = bounds[target.clause]
    rest = folded[first : target.start] + folded[target.end : last]
    if TOPIC_FILLERS.sub("", rest.lstrip("".join(CLAUSE_ENDS))):
        return False
    mark, end = bounds.get(target.clause + 1, (0, 0))
    if end - mark < 2 or folded[mark] in SENTENCE_ENDS:
        return False
    start = mark + 1
    later = [t for t in tokens if t.clause == target.clause + 1]
    # "“说干就干”这四个字跟我一点关系都没有" (round 16): a clause that opens by
    # pointing at the words just said ("这四个字", "这个词", "这句话") is about
    # them, however far its "no" stands; it may hint, not name, before it.
    pointed = POINTER.match(folded, start, end)
    if pointed:
        start = pointed.end()
    dismissal = next(
        (t for t in later if t.word.after or (pointed and t.word.before)), None
    )
    if dismissal is None or (dismissal.start - start > REACH and not pointed):
        return False
    if any(
        t.start < dismissal.start
        and (t.word.names if pointed else t.word.kind == "entry")
        for t in later
    ):
        return False
    if pointed:
        return not any(t.word.names for t in later)
    return not COMMENT_TAIL.sub("", folded[dismissal.end : end])


def _clause_texts(folded: str, clause: list[int]) -> dict[int, str]:
    """Return each clause's text, starting with the mark that opened it."""
    text: dict[int, str] = {}
    for ch, c in zip(folded, clause, strict=True):
        text[c] = text.get(c, "") + ch
    return text


def _retracted(folded: str, tokens: list[Token], clause: list[int]) -> set[int]:
    """Return the clauses a later "不是真想…" takes back: they name nothing.

    It reaches back to its sentence's start, and over the full stop before a
    sentence that opens with "but" ("理想中的一天就是躺平呗。不过真让我躺三天
    我肯定闲得发慌，所以也不是真想躺").
    """
    found: set[int] = set()
    text = _clause_texts(folded, clause)
    for c, body in text.items():
        mark = RETRACTS.search(body)
        if not mark:
            continue
        after = clause.index(c) + mark.end()
        if any(t.clause == c and t.word.names and t.start >= after for t in tokens):
            continue
        found.add(c)
        k = c
        while k > 0:
            if text[k][:1] in SENTENCE_ENDS and not CONTRAST_OPENS.match(text[k]):
                break
            k -= 1
            found.add(k)
    return found


def _former(folded: str, tokens: list[Token], clause: list[int]) -> set[int]:
    """Return the clauses of a view the person has since dropped.

    "我以前也觉得一定要有自己的房子，现在早就想开了", "那会儿觉得自律特帅。
    上大学以后就彻底放飞了，现在真谈不上自律": a clause that says what they
    thought back then, followed anywhere later by one that opens with
    "now" and turns it down: a change of mind (想开了, 变了), "this" rejected
    (不这么看了), a dismissal (没兴趣了), or the same entry negated. Not "现在
    没时间了": that drops nothing. The old view names nothing.
    """
    text = _clause_texts(folded, clause)
    marks = "".join(CLAUSE_ENDS)
    found: set[int] = set()
    for c, body in text.items():
        if not FORMER_VIEW.search(body):
            continue
        own = [t for t in tokens if t.clause == c]
        if any(t.word.before or t.word.after for t in own):
            continue  # "以前觉得自由不重要…": already turned, leave it
        names = {i for t in own for i in t.word.names}
        for d in (k for k in text if k > c):
            later = [t for t in tokens if t.clause == d]
            negations = [t for t in later if t.word.before or t.word.after]
            turns = (
                CHANGED.search(body_d := text[d])
                or (negations and any(a in body_d for a in ANAPHORS))
                or any(t.word.after for t in negations)
                or (negations and any(names & set(t.word.names) for t in later))
            )
            # "…，现在没时间想这些，但还是这么觉得": a "but" after it keeps the view.
            kept = any(
                CONTRAST_OPENS.match(text[k].lstrip(",:"))
                for k in _rest_of_sentence(text, d)
            )
            # "以前我觉得有钱就是一切，直到…我才明白身体好最重要" (round 16):
            # a later realisation of something else replaces the old view.
            new = {i for t in later for i in t.word.names}
            realised = (
                REALISED.search(body_d) and new and not new & names and not negations
            )
            if (
                (NOW_OPENS.match(body_d.lstrip(marks)) and turns) or realised
            ) and not kept:
                k = c
                while k < d and (
                    k == c
                    or text[k][:1] not in SENTENCE_ENDS
                    and not UNTIL.match(text[k].lstrip(marks))
                ):
                    found.add(k)
                    k += 1
                break
    return found


def _rest_of_sentence(text: dict[int, str], c: int) -> list[int]:
    """Return the clauses after c in its sentence."""
    out = []
    k = c + 1
    while k in text and text[k][:1] not in SENTENCE_ENDS:
        out.append(k)
        k += 1
    return out


# "对" in these is no object marker: 面对, 针对, 绝对, 相对, 反对, 不对.
NOT_OBJECT = frozenset("面针绝相反不核应")


def _object_denied(folded: str, tokens: list[Token], i: int) -> bool:
    """Return whether token i is the object of "对" with a negated verb after it.

    "我对钱真没那么大执念", "对名声一点也不在意": the "no" that follows
    within a few characters is about the word. A "but" or another entry word
    in between ends it.
    """
    target = tokens[i]
    lead = folded[: target.start]
    lead = lead[:-1] if lead.endswith("对于") else lead
    if not lead.endswith("对") or lead[-2:-1] in NOT_OBJECT:
        return False
    for token in tokens[i + 1 :]:
        if token.clause != target.clause or token.start - target.end > REACH_AFTER:
            return False
        if token.word.kind == "entry" or token.word.text in CONTRASTS:
            return False
        if token.word.before or token.word.after:
            return True
    return False


def _wish_end(folded: str, i: int) -> int:
    """Return where a wish for others that starts at i ends.

    It goes on over the clauses of its sentence ("希望我带过的学生都能独立，
    不靠家里") until the person speaks for themselves again ("…，我也…").
    """
    end = clause_end(folded, i)
    while (
        end < len(folded)
        and folded[end] not in SENTENCE_ENDS
        and not OWN_AGAIN.match(folded, end + 1)
    ):
        end = clause_end(folded, end + 1)
    # "希望我的学生们以后还记得：王老师点醒过我" (round 17): what they would
    # say of the person is the person's own wish, what V08 asks for.
    said = SAID_OF_ME.search(folded, i, end)
    return said.start() if said else end


def _clause_text(folded: str, i: int) -> str:
    """Return the clause holding index i, from the mark that opened it."""
    left = max((j for j in range(i) if folded[j] in CLAUSE_ENDS), default=0)
    return folded[left : clause_end(folded, i)]


def _unliked(folded: str, clause: list[int]) -> set[int]:
    """Return the clauses a later bare "I don't like it" says no to.

    "查的都是Excel公式，工作需要，谈不上喜欢": back to the sentence's start,
    unless a later clause of the sentence opens with "but" ("…，但现在是真
    喜欢了").
    """
    found: set[int] = set()
    text = _clause_texts(folded, clause)
    marks = "".join(CLAUSE_ENDS)
    for c, body in text.items():
        bare = body.lstrip(marks)
        conceded = UNLIKED_CONCEDED.match(bare)
        if conceded:
            bare = bare[conceded.end() :]
        if c == 0 or not (
            UNLIKED.fullmatch(bare)
            or UNLIKED_TURNED.fullmatch(bare)
            or PERFUNCTORY.fullmatch(bare)
        ):
            continue
        if any(
            CONTRAST_OPENS.match(text[k].lstrip(",:"))
            and (not conceded or LIKES_AGAIN.search(text[k]))
            for k in _rest_of_sentence(text, c)
        ):
            continue
        found.add(c)
        k = c
        # A clause that opens its sentence ("“灵活就业”……不是兴趣，是没办法")
        # says no to the sentence before it, over a run of bare marks.
        while k > 0 and (
            text[k][:1] not in SENTENCE_ENDS or k == c or not text[k].strip(marks)
        ):
            k -= 1
            found.add(k)
    return found


def _object_first(
    folded: str, tokens: list[Token], i: int, bounds: dict[int, tuple[int, int]]
) -> bool:
    """Return whether token i is an object put first that the person turns down.

    "他那种死要面子的毛病我坚决不要", "细碎活我真做不来": the clause ends with a
    negation of two characters or more, "我" (and adverbs) just before it, and
    no "but" between the word and it.
    """
    target = tokens[i]
    last = next((t for t in reversed(tokens) if t.clause == target.clause), None)
    if (
        last is None
        or last.start <= target.start
        or not last.word.before
        or len(last.word.text) < 2
        or HEDGE_STEMS.fullmatch(last.word.text)
    ):
        return False
    end = bounds[target.clause][1]
    if COMMENT_TAIL.sub("", folded[last.end : end].rstrip("".join(CLAUSE_ENDS))):
        return False
    person = OBJECT_FIRST.search(folded[target.end : last.start])
    if person is None:
        return False
    # "也/都" may stand after "我"; a "but" before it is another clause's.
    edge = target.end + person.start()
    return not any(
        t.word.kind == "scope_break" for t in tokens if target.end <= t.start < edge
    )
