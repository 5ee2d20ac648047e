"""A work purpose made concrete under the limit they just stated (§6, T34).

"太空了，改实在点，我现在就是要挣钱" after the purpose frame: the coach keeps to
their words only. The limit is quoted from the message; what they would do
and how come from clauses of their saved answers; what their situation is
comes from the profile or answers, quoted. A draft sentence of quotes, theirs
to change; nothing is added about the person that they did not write.
"""

from __future__ import annotations

import re

from agent.dialogue import situation
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.combine import parts_of

# What a limit in the request is about, by the words that state it.
LIMITS = {
    "money": re.compile(r"挣钱|赚钱|来钱|收入|养家|糊口|要钱|缺钱|没钱|还贷|房贷"),
    "time": re.compile(r"没时间|没空|只有.{0,4}(?:晚上|周末|小时|半天)|下班后|抽不出"),
    "family": re.compile(r"顾家|陪孩子|带娃|接送|照顾.{0,3}(?:老人|家|孩子|爸|妈)"),
}
LEADS = {"money": "先挣钱", "time": "用现有的时间", "family": "顾着家"}
# A clause that says what someone does for others: the "做什么" of a purpose.
DOING = re.compile(
    r"帮|教|给.{1,6}(?:做|讲|修|看|算)|记账|卖|修|带.{0,2}(?:人|徒弟|新人)"
)
# A clause of their situation beside the limit: family and work, from the profile.
SITUATION = re.compile(
    r"女儿|儿子|孩子|娃|老人|父母|爸妈|老伴|读研|读书|上学|房贷|被裁|失业|待业|下岗|倒闭|"
    r"丈夫|老公|媳妇|身体不好|家里靠"
)
WHEN = re.compile(r"^(?:早上|上午|中午|下午|晚上|白天|平时|周末)")
CLAUSE = re.compile(r"[^，,。；;：:！!？?\n]+")
# Where their own doings are written: the ideal day, passions, talents. Not
# V01/V04/V08, which tell of people they admire or words they hope to hear.
ORDER = ("V07", "P06", "P07", "P02", "P03", "P04", "P05", "P01", "S04", "S03")


def _limit(text: str) -> tuple[str, str]:
    """Return (kind, their clause) of the limit the message states, or ("", "")."""
    for kind, pattern in LIMITS.items():
        if m := pattern.search(text):
            return kind, situation.clause_at(text, m.start())
    return "", ""


def doing_in(answers: dict) -> tuple[str, str]:
    """Return (question id, their words) saying what they do for others."""
    for qid in (q for q in ORDER if q in answers):
        for clause in CLAUSE.findall(answers[qid] or ""):
            if DOING.search(clause) and len(clause) <= 24:
                return qid, WHEN.sub("", clause.strip())
    return "", ""


def _doing(answers: dict) -> str:
    """Return the words of one answer that say what they do for others, or ''."""
    return doing_in(answers)[1]


def _way(t: Turn) -> str:
    """Return the clause of their answer a talent was read from, or ''.

    With no talent named, the longest short clause of S04 or S03 (what others
    ask of them, what they never tire of), as the purpose frame reads them.
    """
    for e in parts_of(t.ctx.answers, t.ctx.text)["strengths"]:
        for clause in CLAUSE.findall(e.quote):
            if e.surface in clause and len(clause) <= 20:
                return clause.strip()
    for qid in ("S04", "S03"):
        fit = [c for c in CLAUSE.findall(t.ctx.answers.get(qid) or "") if len(c) <= 20]
        if fit:
            return max(fit, key=len).strip()
    return ""


def _situation(t: Turn) -> list[str]:
    """Return up to two clauses of their situation, as the profile says them."""
    about = "。".join(str(t.ctx.person.get(k) or "") for k in ("about", "occupation"))
    return [c.strip() for c in CLAUSE.findall(about) if SITUATION.search(c)][:2]


def revise(t: Turn) -> Draft | None:
    """Return a draft purpose of their quoted words under their limit, or None."""
    kind, said = _limit(t.ctx.text)
    doing, way = _doing(t.ctx.answers), _way(t)
    if not doing and not way:
        return None  # nothing of theirs to build it from: the frame again
    lead = f"按你说的「{said}」改实在点，" if said else "改实在点，"
    parts = [f"用「{way}」的本事"] if way else []
    parts += [f"去做「{doing}」这类活"] if doing else []
    # No “” around it: a “” span is read as a quote of theirs, and this line
    # is ours, built of their quotes.
    lead_word = LEADS.get(kind, "我想")
    if kind == "money" and (m := re.search(r"挣钱|赚钱|养家", t.ctx.text)):
        lead_word = f"先{m.group()}"  # their own word for it
    draft = f"{lead_word}，{'，'.join(parts)}。"
    seen = _situation(t) if kind in ("money", "family", "time") else []
    context = (
        "你写过" + "".join(f"「{c}」" for c in seen) + "，这句先顾眼前。"
        if seen
        else ""
    )
    text = (
        lead
        + "只用你自己的话拼了一句草稿——\n"
        + draft
        + "\n"
        + context
        + "哪里不像你，直接改；想的话再定个这周能接的第一单。"
    )
    return Draft([[text]], rows=[])
