"""The person's means and situation, as their own words state it (Coach 3 §5).

An example is chosen for the person it is told to: no pottery trip or paid
course for someone short of money, no "higher salary" story for someone just
laid off, no overtime story for someone not working. The cues are read from
what they wrote (this message, their recent messages, the profile, and the
answers for money and work); each cue keeps the clause that shows it, so a
reply can name the constraint in their words ("你说的「每月房贷六千」").

``fitting`` removes from knowledge rows the example pieces that clash with a
cue (one piece of "加班时最惦记家里|做选择前会先问家人怎么想"); a field left
empty is simply not used, so the example is chosen elsewhere or left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

# What shows a cue in their words. Health and children are read only from the
# message and profile: answers speak of others ("我妈身体不好", "孩子们").
CUES: dict[str, re.Pattern[str]] = {
    "money": re.compile(
        r"没钱|钱不够|缺钱|哪有钱|没那么多钱|没多少钱|哪来的钱|手头紧|紧巴|房贷|房租|车贷|还贷|贷款|负债|欠债|欠了.{0,4}钱|"
        r"报不起|交不起|花不起|掏不起|舍不得花|省着花|寄回家|养家|工资低|就没了|"
        r"一个月[0-9一二三四五六七八九两]+[千k]|月薪[0-9一二三四五六七八九两]+|"
        r"存款|没存款|穷"
    ),
    "jobless": re.compile(
        r"被裁|裁员了|裁了我|失业|没工作|没了工作|待业|下岗|厂子倒|公司倒了|倒闭|"
        r"在家带娃|全职妈妈|全职在家|辞职在家"
    ),
    "children": re.compile(r"娃|带孩子|两个孩子|孩子上|孩子还小|宝宝|宝妈|二胎|奶孩子"),
    "time": re.compile(r"没时间|没空|抽不出|加班到|单休|连轴转|996|天天加班|时间不够"),
    "health": re.compile(r"身体不好|生病|住院|病了|手术|慢性病|失眠|吃药"),
}
FROM_ANSWERS = ("money", "jobless")
# Example pieces that do not fit a cue: what it costs, or a working life they
# do not have right now.
CLASHES: dict[str, re.Pattern[str]] = {
    "money": re.compile(
        r"报班|报课|课程|学费|付费|花钱|买|旅行|旅游|出国|留学|陶艺|景德镇|度假|"
        r"私教|健身房|装备|开店|创业|投资|辞职|裸辞|间隔年|gap"
    ),
    "jobless": re.compile(
        r"加班|上班|同事|老板|领导|公司|工资|薪水|薪资|涨薪|加薪|升职|跳槽|年终|绩效|"
        r"offer|职场|打卡|辞职|裸辞"
    ),
    "children": re.compile(r"说走就走|出国|留学|通宵|间隔年|独自旅行|一个人去"),
    "time": re.compile(r"每天花|通宵|整个周末|一整天|间隔年|长途"),
    "health": re.compile(r"熬夜|通宵|马拉松|极限|拼命"),
}
# The knowledge fields an example is told from (phrases.someone, combine).
EXAMPLE_FIELDS = (
    "signals",
    "self_statement",
    "reframe_example",
    "evidence_signals",
    "curiosity_signals",
    "example_topics",
    "work_purpose_example",
)
CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")


def cues(
    *,
    text: str,
    history: Iterable[str] = (),
    person: Mapping | None = None,
    answers: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Return each cue found and the clause of their words that shows it.

    The message first, then their recent messages, the profile, the answers.
    """
    profile = [
        str(v) for k, v in (person or {}).items() if k in ("occupation", "about")
    ]
    sources = [text, *history, *profile]
    found: dict[str, str] = {}
    for cue, pattern in CUES.items():
        readable = sources + (
            list((answers or {}).values()) if cue in FROM_ANSWERS else []
        )
        for source in readable:
            if m := pattern.search(source or ""):
                found[cue] = clause_at(source, m.start())
                break
    return found


def of_turn(ctx) -> dict[str, str]:
    """Return the cues of a turn's context (message, recent messages, profile)."""
    recent = [x for role, x in ctx.history if role == "user"][-4:]
    return cues(text=ctx.text, history=recent, person=ctx.person, answers=ctx.answers)


def clause_at(text: str, at: int) -> str:
    """Return the clause of ``text`` around position ``at``, verbatim."""
    for m in CLAUSE.finditer(text):
        if m.start() <= at < m.end():
            return m.group().strip()
    return ""


def fitting(row: dict, found: Iterable[str]) -> dict:
    """Return the row without the example pieces that clash with the cues."""
    clash = [CLASHES[c] for c in found if c in CLASHES]
    if not clash:
        return row
    kept = dict(row)
    for key in EXAMPLE_FIELDS:
        value = row.get(key)
        if not isinstance(value, str) or not value:
            continue
        pieces = [p for p in value.split("|") if not any(c.search(p) for c in clash)]
        kept[key] = "|".join(pieces)
    return kept


def artifacts_fitting(art: dict[str, dict], found: Iterable[str]) -> dict[str, dict]:
    """Return this turn's tool artifacts with every row's examples fitted."""
    found = list(found)
    if not found:
        return art
    out: dict[str, dict] = {}
    for name, data in art.items():
        data = dict(data)
        for key, value in list(data.items()):
            if isinstance(value, list):
                data[key] = [
                    fitting(r, found) if isinstance(r, dict) else r for r in value
                ]
        out[name] = fitting(data, found)
    return out
