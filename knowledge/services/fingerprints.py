"""Fingerprints of rows as the loader wrote them, to tell the admin's edits apart."""

import hashlib
import json

from knowledge.models import LoadedRow


def row_digest(values: dict) -> str:
    """Return a stable fingerprint of one row's values."""
    text = json.dumps(values, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1(text.encode()).hexdigest()


def key_text(key: tuple) -> str:
    """Return a natural key as people read it (``V001``, ``guide_1|1``)."""
    return "|".join(str(part) for part in key)


def fingerprints_read(*, table: str) -> dict[str, str]:
    """Return ``{key: digest}`` for a table's rows as last loaded."""
    return dict(LoadedRow.objects.filter(table=table).values_list("key", "digest"))


def fingerprints_write(*, table: str, rows: dict[str, str], gone: list[str]) -> None:
    """Record the rows just loaded and forget the ones just deleted."""
    LoadedRow.objects.bulk_create(
        [LoadedRow(table=table, key=k, digest=d) for k, d in rows.items()],
        update_conflicts=True,
        unique_fields=["table", "key"],
        update_fields=["digest"],
    )
    if gone:
        LoadedRow.objects.filter(table=table, key__in=gone).delete()
