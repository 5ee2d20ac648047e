"""The results as a Markdown file the person can keep (``/results.md``)."""

import re

from django.utils import timezone

from coach.models import CoachingSession
from coach.results.build import results_build
from coach.results.cards_markdown import cards_markdown
from coach.selectors import answers_by_question
from knowledge import selectors as knowledge

# CommonMark lets a backslash escape any ASCII punctuation; these are the ones that
# could start markup, a link, an autolink, raw HTML or an entity.
_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~&])")


def md_escape(text) -> str:
    """Return ``text`` as inert Markdown: one line, markup characters escaped."""
    line = " ".join(str(text or "").split())
    return _SPECIAL.sub(r"\\\1", line)


def _quote(text: str) -> list[str]:
    """Return a multi-line answer as an escaped blockquote."""
    return [
        f"> {md_escape(line)}" if line.strip() else ">"
        for line in str(text).splitlines()
    ] or [">"]


def _quotes(row: dict, base: str, indent: str = "   ") -> list[str]:
    """Return the quotes a row stands on, each linked to its question."""
    if not row["evidence"]:
        return [f"{indent}- （我自己写的）"] if row.get("own") else []
    return [
        f"{indent}- «{md_escape(e['quote'])}» — "
        f"[{md_escape(e['where'])}]({base.rstrip('/')}{e['href']})"
        for e in row["evidence"]
    ]


def _values(data: dict, base: str) -> list[str]:
    out = ["## 重要的事（前 5 个用来筛选候选）", ""]
    for i, v in enumerate(data["values"], 1):
        snippet = f"：{md_escape(v['snippet'])}" if v["snippet"] else ""
        top = "" if i <= len(data["top_values"]) else "（前 5 之外）"
        out += [f"{i}. **{md_escape(v['name'])}**{top}{snippet}", *_quotes(v, base)]
    if not data["values"]:
        out.append("（还没有找到）")
    if data["purpose_example"]:
        purpose = md_escape(data["purpose_example"])
        out += ["", f"工作目的（参考写法）：我工作是为了{purpose}"]
    return out


def _sections(data: dict, base: str) -> list[str]:
    out = _values(data, base)
    out += ["", "## 擅长的事（两种形式）", ""]
    for t in data["talents"]:
        out.append(
            f"- **{md_escape(t['name'])}**："
            f"长处「{md_escape(t['data'].get('strength_form'))}」"
            f"／短处「{md_escape(t['data'].get('weakness_form'))}」"
            if t["data"].get("strength_form")
            else f"- **{md_escape(t['name'])}**"
        )
        out += _quotes(t, base, indent="  ")
    out += [] if data["talents"] else ["（还没有找到）"]
    out += ["", "## 喜欢的事（领域）", ""]
    for f in data["fields"]:
        snippet = f"：{md_escape(f['snippet'])}" if f["snippet"] else ""
        out += [f"- **{md_escape(f['name'])}**{snippet}", *_quotes(f, base, "  ")]
    out += [] if data["fields"] else ["（还没有找到）"]
    out += _suspected(data, base)
    out += ["", "## 想做的事（候选，待验证的假设）", ""]
    out += _mine(data["mine"])
    if data["mine"] and data["candidates"]:
        out += ["## 教练组合的候选（参考）", ""]
    for i, c in enumerate(data["candidates"], 1):
        out += [f"### 候选 {i}", "", md_escape(c["statement"]), ""]
        if c["values"]:  # no empty label when no top value fits
            out.append(f"- 契合的价值观：{md_escape('、'.join(c['values']))}")
        out += [
            f"- 小实验（{c['days']} 天）：{md_escape(c['experiment'])}",
            f"- {md_escape(c['review'])}",
            "",
        ]
    if not data["candidates"] and not data["mine"]:
        out += ["（先回答更多问题，才能组合出候选）", ""]
    return out


def _suspected(data: dict, base: str) -> list[str]:
    """Return the rows still waiting for the person's word, apart from theirs."""
    titles = {"values": "重要的事", "talents": "擅长的事", "fields": "喜欢的事"}
    rows = [
        (titles[kind], row)
        for kind in titles
        for row in data["review"][kind]["suspected"]
    ]
    if not rows:
        return []
    out = [
        "",
        "## 可能相关，等你确认",
        "",
        "（教练从这些话里猜的，还没有算进上面的结果）",
        "",
    ]
    for title, row in rows:
        out += [f"- {title} · **{md_escape(row['name'])}**", *_quotes(row, base, "  ")]
    return out


def _mine(mine: list[dict]) -> list[str]:
    """Return the person's own candidates; the one to try this week comes marked."""
    out = []
    for i, c in enumerate(mine, 1):
        mark = " ✅ **这周就试**" if c["try"] else ""
        out += [f"{i}. {md_escape(c['text'])}{mark}"]
    return [*out, ""] if out else []


def results_markdown(*, session: CoachingSession, base: str = "") -> str:
    """Return the results and the person's own answers as Markdown.

    ``base`` (the site's address) makes the links to the questions absolute.
    """
    data = results_build(session=session)
    answers = answers_by_question(session=session)
    when = timezone.localtime().strftime("%Y-%m-%d")
    out = [
        "# 我的「真正想做的事」",
        "",
        f"> 整理于 {when}。这是一份自我反思的记录，不是心理测评或诊断；"
        "下面的结论是待验证的假设，可以随时修改。",
        "",
    ]
    out += _sections(data, base)
    out += cards_markdown(session=session, escape=md_escape)
    if data["missing"]:
        out += ["## 还缺什么", ""]
        out += [
            f"- {md_escape(m['title'])}：已回答 {m['done']}/{m['total']} 题，"
            f"建议至少 {m['need']} 题"
            for m in data["missing"]
        ]
        out.append("")
    out += ["## 我的回答", ""]
    for q in knowledge.questions_all():
        if answers.get(q.id, "").strip():
            out += [
                f"**{md_escape(q.id)} {md_escape(q.text)}**",
                "",
                *_quote(answers[q.id]),
                "",
            ]
    return "\n".join(out).rstrip() + "\n"
