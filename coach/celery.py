"""Celery app: the worker runs guidance scans and heartbeats scheduled by beat."""

import os

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

    from coach.runtime import ensure_cross_process_layer

    ensure_cross_process_layer(settings.CHANNEL_LAYERS, role="Celery")
