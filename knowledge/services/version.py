"""The knowledge version stamp: bumped inside every write, published on commit."""

import time

from django.db import transaction

from knowledge.models import Workbook
from knowledge.search import snapshot_expire, stamp


def knowledge_version_bump() -> int:
    """Give the knowledge a new version; every process sees it once this commits."""
    with transaction.atomic():
        book, _ = Workbook.objects.select_for_update().get_or_create(pk=1)
        # Microseconds since the epoch, never going back: unique across test databases
        # and re-created databases too, so a process never mistakes old data for new.
        version = max(book.version + 1, time.time_ns() // 1000)
        Workbook.objects.filter(pk=1).update(version=version)

    def publish():
        stamp.stamp_publish(version=version)
        snapshot_expire()

    transaction.on_commit(publish)
    return version
