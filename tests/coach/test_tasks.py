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
