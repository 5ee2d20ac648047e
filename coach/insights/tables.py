"""The insight page's tables as headers and text cells, for the page and for CSV."""

from dataclasses import dataclass

from django.utils import timezone

from coach.insights.questions import TRIGGER_NAMES

NONE = "—"
SHOWN = 15  # rows shown at once on the page; the rest are folded (CSV has all)


@dataclass
class Table:
    """One table: a slug for its CSV link, a title, headers and rows of text."""

    slug: str
    title: str
    headers: list[str]
    rows: list[list[str]]

    @property
    def shown(self) -> list[list[str]]:
        """Return the rows the page shows unfolded."""
        return self.rows[:SHOWN]

    @property
    def folded(self) -> list[list[str]]:
        """Return the rows the page folds away (the least used or least frequent)."""
        return self.rows[SHOWN:]


def percent(value: float | None) -> str:
    """Return a share as a whole percentage, or a dash when there is none."""
    return NONE if value is None else f"{round(value * 100)}%"


def minutes(seconds: float | None) -> str:
    """Return a duration in seconds under a minute, else minutes; or a dash."""
    if seconds is None:
        return NONE
    return f"{round(seconds)} 秒" if seconds < 60 else f"{seconds / 60:.1f} 分钟"


def when(moment) -> str:
    """Return a local date and time, to the minute."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def _questions(insights) -> Table:
    triggers = list(TRIGGER_NAMES)
    return Table(
        "questions",
        "每道题",
        ["问题", "内容", "到达人数", "回答人数", "回答用时中位数", "过短占比"]
        + ["模糊占比", *(f"引导·{TRIGGER_NAMES[t]}" for t in triggers)]
        + ["引导后 10 分钟内回答"],
        [
            [q.question_id, q.text, str(q.reached), str(q.answered)]
            + [minutes(q.median_seconds), percent(q.short_share)]
            + [percent(q.vague_share), *(str(q.nudges[t]) for t in triggers)]
            + [f"{q.followed}/{q.nudged}（{percent(q.followed_share)}）"]
            for q in insights.questions
        ],
    )


def _triggers(insights) -> Table:
    return Table(
        "triggers",
        "主动引导（按触发原因）",
        ["触发原因", "发出", "已读", "10 分钟内有回答", "占比"],
        [
            [t.name, str(t.sent), str(t.read), str(t.followed)]
            + [percent(t.followed_share)]
            for t in insights.triggers
        ],
    )


def _entries(insights) -> Table:
    return Table(
        "entries",
        "知识条目的使用次数",
        ["编号", "名称", "类别", "回复中", "主动引导中", "合计"],
        [
            [e.entry_id, e.name, e.kind, str(e.in_replies), str(e.in_nudges)]
            + [str(e.total)]
            for e in insights.entries
        ],
    )


def _gaps(insights) -> Table:
    return Table(
        "gaps",
        "知识缺口（教练找不到合适内容的提问）",
        ["未匹配的内容", "步骤", "问题", "累计次数", "最近出现"],
        [
            [g.query, g.step or NONE, g.question_id or NONE, str(g.count)]
            + [when(g.last_seen)]
            for g in insights.gaps
        ],
    )


def _downvotes(insights) -> Table:
    def asked(feedback) -> str:
        question = feedback.message.reply_to
        return question.text if question else NONE

    return Table(
        "downvotes",
        "被评为 👎 的回复",
        ["评价时间", "问题", "用户的话", "教练的回复", "留言"],
        [
            [when(f.updated_at), f.message.question_id or NONE, asked(f)]
            + [f.message.text, f.comment or NONE]
            for f in insights.downvotes
        ],
    )


def _risks(insights) -> Table:
    return Table(
        "risks",
        "触发安全关怀的会话（只计数，不含任何内容）",
        ["类型", "会话数"],
        [[r.name, str(r.sessions)] for r in insights.risks],
    )


BUILDERS = {
    "questions": _questions,
    "triggers": _triggers,
    "entries": _entries,
    "gaps": _gaps,
    "downvotes": _downvotes,
    "risks": _risks,
}


def insight_tables(insights) -> dict[str, Table]:
    """Return every table of the page, by slug, in page order."""
    return {slug: build(insights) for slug, build in BUILDERS.items()}
