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

Grammar, so kept here: the role suffixes and the frames before a title are
closed classes. Only for values and talents (match.py): a passion's expert
("找个语言学家", "城市规划师") is its field.
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
_CLAUSE_MARKS = ",.;:!?。()[]~\"'“”‘’—… \t\r\n、"


def job_title(folded: str, start: int, end: int) -> str:
    """Return "title", "role" or "" for the word at [start, end).

    "title": it modifies a job title after a frame or at its clause's start
    ("做了独立插画师", "竞争对手在背后…"); "role": a role suffix right after
    it ("艺术家", "领导者"); "": neither.
    """
    if end - start < 2:  # one character ("钱") is too short to tell
        return ""
    after = folded[end : end + 8]
    lead = _lead(folded, start)
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
