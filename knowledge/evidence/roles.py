"""Round 11: a value or talent word that names a job, a role or a person.

- "独立插画师", "自由撰稿人", "健康管理师", "竞争对手": the word modifies a job
  title or a role; the person names the job, not the value (`job_title`:
  "title", nothing).
- "艺术家", "领导者", "美食家": the word with a role suffix is someone who
  has or does it; wanting to be one is near the value but is not saying it
  ("role", only suspected).
- "领导非要我周末去公司": a value whose own name is also a word for a person
  (领导 is the boss too) used as that person, not as something one does
  (`person_noun`; "当领导", "领导团队", "领导能力" keep the value).

Round 12 (blind13): a word inside a proper name ("钱老师", "钱塘江", "友谊超市")
is the name of a person, a place or a shop, no value (`proper_name`: nothing).
Round 13 (blind14): so is a word inside a quoted name before a shop or place
word ("“小确幸”奶茶店", "“自由港”商场"; round 15: or a club, "“自由跑团”"),
and "我爸是当老师的" says a job (`job_title`: "title"), not the value of
teaching.

Grammar, so kept here: the role suffixes, the frames before a title, the
titles after a surname and the suffixes of places and shops are closed
classes. Only for values and talents (match.py): a passion's expert ("找个
语言学家", "城市规划师") is its field.
"""

import re

from knowledge.evidence.voice import OTHER_PEOPLE

# What may stand between the word and the role suffix ("插画", "管理", "对"):
# up to three characters that start no new clause, verb or conjunction.
_STEM = r"[^\W\d_的地得之和与及或跟同而但是在了也都就很更最不没我你他她它这那每各个一]"
# Role suffixes: 师 者 员 匠 官 商 after the word or a stem ("艺术家" aside),
# and role words whose first character alone is ambiguous (手 in 手机, 人 in
# 人生, 主 in 主要), which make a title wherever they stand.
_SINGLE = r"(?:师|者|员(?!工)|匠|官(?![方网司])|商(?![量场店业品务]))"
_WORDS = (
    r"(?:对手|写手|选手|歌手|撰稿人|音乐人|制作人|制片人|策展人|经纪人|合伙人|"
    r"创始人|负责人|主持人|手艺人|博主|主播|达人)"
)
_TITLE = re.compile(rf"{_STEM}{{0,3}}?{_WORDS}|{_STEM}{{1,3}}?{_SINGLE}")
# Right after the word only: 家 and 工 are ambiguous with a stem ("挣钱养家",
# "挑战高手"), not next to it ("艺术家", "维修工").
_ROLE = re.compile(
    rf"(?:{_SINGLE}|家(?![庭里乡务具人常门族中园境底属长用电])|"
    r"工(?![作资具程厂业夫艺期位地整人]))"
)
# What a job title stands after: a copula, "being", a classifier or "的"
# ("做了独立插画师", "一名自由撰稿人", "隔壁的自由摄影师"). Without one, a
# verb value may have a person as its object ("很理解老师", "喜欢挑战高手").
_FRAME = re.compile(
    r"(?:是|当|做|干|成为|作为|转行|考了?|名|位|个|的|和|跟|与|找|请|给|向)"
    r"(?:了|过|上|好|着)?$"
)
# The value's own sense of a person word: doing it ("当领导", "喜欢领导一个
# 团队"), its ability ("领导能力"), or whom it leads ("领导大家").
_DOING_BEFORE = re.compile(
    r"(?:当|做|有|想|要|会|能|去|善于|擅长|喜欢|爱|负责|学会|学着|懂得|适合|享受|"
    r"锻炼|培养|缺乏|缺少|没有|体现)(?:好|上|过|了|着)?$"
)
_DOING_AFTER = re.compile(
    r"^(?:力|能力|才能|才干|风格|艺术|经验|岗位|职务|欲|者|团队|大家|别人|一群|一个|一支|"
    r"众人|小组|项目|全|整个|他们|她们|我们|同学|员工|下属|新人|队伍)"
)
_PERSON = re.compile(rf"(?:{OTHER_PEOPLE})")
# "我爸是当老师的", "他是做公益的", "我是教书的": "是 … 的" around a doing says
# what someone does for a living, as a job title would.
_JOB_LEAD = re.compile(r"是(?:个)?(?:当|做|干|搞)?$")
_JOB_WORD = re.compile(r"^(?:当|做|干|搞|教)")
_JOB_END = re.compile(r"^的(?:$|[,.;:!?。，、])")
_CLAUSE_MARKS = ",.;:!?。()[]~\"'“”‘’—… \t\r\n、"
# Verbs done to people, ending a word: what follows is whom.
_TO_PEOPLE = re.compile(r"(?:教|带|帮|陪|照顾|辅导|指导|培养|鼓励|安慰)$")


# A one-character word before a title is a surname: "钱老师", "钱总" (not
# "钱总是不够花", "钱多事少").
_SURNAMED = re.compile(
    r"^(?:老师|总(?![是共之结算觉体的])|经理|师傅|阿姨|主任|医生|大夫|校长|老板|"
    r"大爷|大妈|大姐|大哥|姐姐|哥哥|叔叔|同学|教练)"
)
# A place or a shop named with the word: "友谊超市", "友谊路", "钱塘江". Not a
# road one is on ("成长路上"), a river or lake as such ("自然河流", "湖泊"),
# nor a company ("领导公司" is leading one). A character may stand between
# only before water ("钱塘江"), and not a verb or a preposition ("钱到江里").
_PLACE_STEM = (
    r"[^\W\d_的地得之和与及或跟同而但是在了也都就很更最不没我你他她它这那"
    r"去到回来进出上下住开逛找给让从向往为靠离把被买卖花存借]"
)
_WATER = r"(?:江(?![湖山])|河(?![流水边])|湖(?![泊边]))"
_GEO = rf"(?:路(?![上途线径子费过口人])|街(?![头边上])|{_WATER}|桥(?!梁)|镇(?!定))"
_PLACE = re.compile(
    r"^(?:超市|商店|商场|商城|饭店|酒店|宾馆|旅馆|餐厅|饭馆|书店|药店|药房|医院|"
    rf"诊所|银行|中学|小学|幼儿园|大厦|广场|公园|小区|花园|新村|大街|大道|{_GEO})"
    # A character between only before water: "钱塘江", not "回老家修路".
    rf"|^{_PLACE_STEM}{_WATER}"
)
# A one-character word ("钱") names a place only with a river, road or town:
# "钱塘江", "钱江边", not "钱放银行", "捐钱修路".
_GEO_PLACE = re.compile(rf"^{_GEO}|^{_PLACE_STEM}{_WATER}")


# A quoted name, then what it names: "“小确幸”奶茶店", "“自由港”商场", "“知足”
# 牌". A short stem may stand between ("奶茶"), not a verb ("“自由”去店里").
# Not a quoted word on its own: "室友：“心细”" is what was said.
_QUOTE_OPENS = '“‘「『《"'
_QUOTE_CLOSES = '”’」』》"'
_NAMED_BY = re.compile(
    rf"^{_PLACE_STEM}{{0,3}}?(?:店|馆|铺|公司|集团|工作室|中心|牌|"
    r"超市|商场|商城|饭店|酒店|宾馆|餐厅|医院|诊所|银行|学校|中学|小学|幼儿园|"
    r"大厦|广场|公园|小区|花园|新村|大街|大道|路|街|"
    # Round 15: a club or group ("我们“自由跑团”的团长", "“知足”读书会").
    r"团(?!结)|社(?![会交区])|俱乐部|协会|联盟|读书会|群|队(?!伍)|公众号|频道|栏目)"
)


# Words for home that also name the value 「家乡」, and the people a "的" after
# them describes (coach_blind9 review: "老家的村医" offered as 「家乡」).
_HOMES = frozenset({"老家", "家乡", "故乡", "村里", "县城"})
_FROM_HOME = re.compile(
    r"^的(?:那个|那位)?(?:村医|医生|大夫|老师|校长|书记|支书|村长|亲戚|邻居|"
    r"老人|大爷|大妈|叔|婶|阿姨|同学|朋友|师傅)"
)


def proper_name(folded: str, start: int, end: int) -> bool:
    """Return whether the word at [start, end) is part of a proper name.

    "钱老师" (a surname), "钱塘江", "友谊路", "友谊超市" (a place or a shop).
    """
    after = folded[end : end + 6]
    if _quoted_name(folded, start, end):
        return True
    if end - start == 1:
        return bool(_SURNAMED.match(after) or _GEO_PLACE.match(after))
    # "老家的村医", "家乡的老师": where a person is from, said of them.
    if folded[start:end] in _HOMES and _FROM_HOME.match(after):
        return True
    return bool(_PLACE.match(after))


def _quoted_name(folded: str, start: int, end: int) -> bool:
    """Return whether [start, end) lies in quotes that a shop or place word follows."""
    close = end
    while close < len(folded) and folded[close] not in _QUOTE_CLOSES:
        if folded[close] in _CLAUSE_MARKS:
            return False
        close += 1
    opened = start - 1
    while opened >= 0 and folded[opened] not in _QUOTE_OPENS:
        if folded[opened] in _CLAUSE_MARKS:
            return False
        opened -= 1
    # The place word may follow the quote or end the name inside it ("“自由
    # 跑团”的团长", round 15).
    return (
        opened >= 0
        and close < len(folded)
        and bool(
            _NAMED_BY.match(folded[close + 1 : close + 8])
            or _NAMED_BY.fullmatch(folded[end:close])
        )
    )


def job_title(folded: str, start: int, end: int) -> str:
    """Return "title", "role" or "" for the word at [start, end).

    "title": it modifies a job title after a frame or at its clause's start
    ("做了独立插画师", "竞争对手在背后…"); "role": a role suffix right after
    it ("艺术家", "领导者"); "": neither.
    """
    if end - start < 2:  # one character ("钱") is too short to tell
        return ""
    # "手把手教新老师上课" (round 18): a word that ends in a verb done to people
    # takes the title after it as its object, not as a job it modifies.
    if _TO_PEOPLE.search(folded, start, end):
        return ""
    after = folded[end : end + 8]
    lead = _lead(folded, start)
    job = _JOB_LEAD.search(lead)
    # The doing is in the lead ("是做|公益") or opens the word ("是|当老师").
    doing = job and (job.group()[-1] not in "是个" or _JOB_WORD.match(folded[start:]))
    if doing and _JOB_END.match(after):
        return "title"
    titled = _TITLE.match(after) and (not lead or _FRAME.search(lead))
    if titled and not _ROLE.match(after):
        return "title"
    return "role" if _ROLE.match(after) else ""


def person_noun(folded: str, start: int, end: int) -> bool:
    """Return whether the word at [start, end) stands for a person, not a doing.

    Only for a word that is itself a person ("领导"): the caller checks that
    it is the entry's own name. "领导又把锅甩给新人" is the boss; "当领导",
    "喜欢领导一个小团队", "领导能力" are the value.
    """
    word = folded[start:end]
    if not _PERSON.fullmatch(word):
        return False
    return not (
        _DOING_BEFORE.search(folded[max(0, start - 4) : start])
        or _DOING_AFTER.match(folded[end:])
    )


def _lead(folded: str, start: int) -> str:
    """Return the clause before index start."""
    cut = max(folded.rfind(c, 0, start) for c in _CLAUSE_MARKS) + 1
    return folded[cut:start]
