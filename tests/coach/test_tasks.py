"""Celery tasks are thin wrappers; beat schedules each exactly once."""

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from coach import tasks
from coach.health import HEARTBEAT_KEY
from coach.models import CoachingSession, Guidance


def test_beat_schedules_the_scan_once_at_the_configured_interval():
    scans = [
        e
        for e in settings.CELERY_BEAT_SCHEDULE.values()
        if e["task"] == "coach.tasks.guidance_scan"
    ]
    assert len(scans) == 1
    assert scans[0]["schedule"] == settings.GUIDE_SCAN_INTERVAL
    assert settings.CELERY_BEAT_MAX_LOOP_INTERVAL <= settings.GUIDE_SCAN_INTERVAL
    names = {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}
    assert names == {
        "coach.tasks.heartbeat",
        "coach.tasks.guidance_scan",
        "coach.tasks.checkpoints_prune",
        "coach.tasks.sessions_prune",
        "coach.tasks.workbooks_expire",
    }
    assert all(callable(getattr(tasks, n.rsplit(".", 1)[1])) for n in names)


def test_heartbeat_task_records_the_time():
    tasks.heartbeat()
    assert abs(cache.get(HEARTBEAT_KEY) - timezone.now().timestamp()) < 5


def test_scan_task_nudges_a_due_session(knowledge):
    session = CoachingSession.objects.create()
    CoachingSession.objects.filter(pk=session.pk).update(
        last_activity_at=timezone.now() - timedelta(hours=1),
        guide_due_at=timezone.now() - timedelta(minutes=1),
    )
    assert tasks.guidance_scan() == 1
    assert Guidance.objects.get().trigger == "idle_timeout"


def _aged(days: int) -> CoachingSession:
    old = timezone.now() - timedelta(days=days)
    workbook = CoachingSession.objects.create()
    CoachingSession.objects.filter(pk=workbook.pk).update(
        last_seen_at=old, last_activity_at=old
    )
    return workbook


def test_retention_removes_anonymous_workbooks_unused_for_session_days(db):
    from django.contrib.auth import get_user_model

    from coach.models import Answer

    stale = [_aged(settings.SESSION_DAYS + 1) for _ in range(5)]
    Answer.objects.create(session=stale[0], question_id="V01", text="很久以前")
    recent = _aged(settings.SESSION_DAYS - 1)
    owned = _aged(settings.SESSION_DAYS + 30)
    owned.user = get_user_model().objects.create_user("keeps", password="x-Pass-93!")
    owned.save()

    from coach.services.cleanup import workbooks_expire

    assert workbooks_expire(batch_size=2) == 5  # in three batches
    assert not CoachingSession.objects.filter(pk__in=[s.pk for s in stale]).exists()
    assert not Answer.objects.exists()
    assert set(CoachingSession.objects.values_list("pk", flat=True)) == {
        recent.pk,
        owned.pk,
    }
    assert tasks.workbooks_expire() == 0  # idempotent


def test_a_visit_keeps_a_workbook_whose_last_write_is_old(db):
    workbook = _aged(settings.SESSION_DAYS + 1)
    CoachingSession.objects.filter(pk=workbook.pk).update(last_seen_at=timezone.now())
    assert tasks.workbooks_expire() == 0
