"""Known coaching data for the insight tests (and the browser screenshot)."""

from datetime import datetime

from django.utils import timezone

from coach.models import (
    Answer,
    ChatMessage,
    CoachingSession,
    Feedback,
    Guidance,
    QuestionVisit,
)
from knowledge.models import KnowledgeGap

LONG = "我喜欢帮助别人成长，看到他们一点点进步的时候特别开心，这让我觉得自己有价值"


def at(day: int, hour: int, minute: int = 0, month: int = 3) -> datetime:
    """Return a time in March 2025, in the site's time zone."""
    naive = datetime(2025, month, day, hour, minute)
    return timezone.make_aware(naive, timezone.get_current_timezone())


def answer(session, question_id, text, saved):
    """Save an answer as of ``saved`` (updated_at is auto_now, so set it after)."""
    row = Answer.objects.create(session=session, question_id=question_id, text=text)
    Answer.objects.filter(pk=row.pk).update(updated_at=saved)


def visit(session, question_id, reached, answered=None):
    """Record a first focus (and maybe a first answer)."""
    QuestionVisit.objects.create(
        session=session,
        question_id=question_id,
        reached_at=reached,
        answered_at=answered,
    )


def nudge(session, trigger, question_id, sent, *, read=None, examples=()):
    """Record a nudge sent at ``sent``."""
    row = Guidance.objects.create(
        session=session,
        trigger=trigger,
        episode=Guidance.objects.filter(session=session).count() + 1,
        question_id=question_id,
        text="要不要换个角度想想？",
        examples=[{"id": e, "name": e} for e in examples],
        read_at=read,
    )
    Guidance.objects.filter(pk=row.pk).update(created_at=sent)


def reply(session, sent, *, examples=(), rating="", comment="", question_id="V01"):
    """Record a user message and the coach's reply (maybe rated) at ``sent``."""
    asked = ChatMessage.objects.create(
        session=session, role="user", text="能举个例子吗？", question_id=question_id
    )
    coach = ChatMessage.objects.create(
        session=session,
        role="coach",
        text="比如「自由」：能自己决定怎么做。",
        reply_to=asked,
        reply_id=f"r{asked.pk}",
        question_id=question_id,
        examples=[{"id": e, "name": e} for e in examples],
    )
    ChatMessage.objects.filter(pk__in=[asked.pk, coach.pk]).update(created_at=sent)
    if rating:
        fb = Feedback.objects.create(message=coach, rating=rating, comment=comment)
        Feedback.objects.filter(pk=fb.pk).update(updated_at=sent)


def build():
    """Build sessions A–E: four in 1–10 March 2025, one (E) in February."""
    a, b, c, d, e = (CoachingSession.objects.create() for _ in range(5))
    visit(a, "V01", at(2, 10), at(2, 10, 4))  # 240 s
    answer(a, "V01", LONG, at(2, 10, 4))
    visit(b, "V01", at(3, 11), at(3, 11, 10))  # 600 s
    answer(b, "V01", "不知道", at(3, 11, 15))  # short and vague
    nudge(b, "short_answer", "V01", at(3, 11, 12))  # answered 3 min later
    visit(c, "V01", at(4, 12))
    nudge(c, "stuck", "V01", at(4, 12, 5), read=at(4, 12, 6), examples=["V001"])
    nudge(d, "idle_timeout", "", at(5, 13))
    answer(d, "V02", "自由", at(5, 13, 20))  # a lone label: vague; and short
    reply(a, at(2, 10, 1), examples=["V001", "T001"])
    reply(b, at(3, 11, 1), examples=["V001"], rating="down", comment="=太笼统了")
    reply(d, at(5, 13, 5), rating="up", comment="很好", question_id="V02")
    # February: outside the range, must count nowhere.
    visit(e, "V01", at(20, 9, month=2), at(20, 9, 30, month=2))
    answer(e, "V01", "不知道", at(20, 9, 30, month=2))
    nudge(e, "stuck", "V01", at(20, 9, 5, month=2))
    reply(e, at(20, 9, 1, month=2), examples=["V002"], rating="down", comment="旧的")
    KnowledgeGap.objects.create(
        query="=想当老板",
        step="values_exploration",
        count=5,
        first_seen=at(1, 9),
        last_seen=at(6, 9),
    )
    KnowledgeGap.objects.create(
        query="很久以前",
        step="",
        count=9,
        first_seen=at(1, 9, month=2),
        last_seen=at(2, 9, month=2),
    )
