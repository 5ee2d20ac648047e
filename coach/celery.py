"""Celery app: the worker runs guidance scans and heartbeats scheduled by beat."""

import os
import sys

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")

app = Celery("coach")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_init.connect
@signals.beat_init.connect
def refuse_memory_layer(sender=None, **kwargs):
    """Stop a worker or beat that could not reach daphne's sockets."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    from coach.runtime import ensure_cross_process_layer

    try:
        ensure_cross_process_layer(settings.CHANNEL_LAYERS, role="Celery")
    except ImproperlyConfigured as exc:
        # Celery logs and swallows Exceptions raised by signal receivers;
        # SystemExit is not swallowed, so the process really stops.
        sys.stderr.write(f"ImproperlyConfigured: {exc}\n")
        raise SystemExit(78) from exc


@signals.worker_init.connect
def warm_knowledge_index(sender=None, **kwargs):
    """Load jieba, the knowledge index and the agent before the pool forks.

    The first nudge of a fresh worker otherwise pays for importing the agent
    (~1 s, several on a busy machine) inside the scan that should deliver it.
    """
    try:
        import agent.api  # noqa: F401  (imported once, shared by the forks)
        from knowledge.search import index_warm

        index_warm()
    except Exception as exc:  # a cold index only slows one search
        sys.stderr.write(f"knowledge index warm-up failed: {exc}\n")
