"""Single edits of knowledge rows (what the admin saves and deletes)."""

from django.db import models, transaction

from knowledge.services.version import knowledge_version_bump


def record_save(*, record: models.Model) -> models.Model:
    """Validate and save one knowledge row, then bump the version."""
    record.full_clean()
    with transaction.atomic():
        record.save()
        knowledge_version_bump()
    return record


def record_delete(*, record: models.Model) -> None:
    """Delete one knowledge row, then bump the version."""
    with transaction.atomic():
        record.delete()
        knowledge_version_bump()


def records_delete(*, queryset: models.QuerySet) -> int:
    """Delete many knowledge rows at once, then bump the version."""
    with transaction.atomic():
        deleted, _ = queryset.delete()
        knowledge_version_bump()
    return deleted
