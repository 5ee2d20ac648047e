"""Scan every table of the database (and the agent's checkpoint file) for a string."""

import sqlite3
from pathlib import Path

from django.db import connection

from agent.checkpoint import checkpoint_target

BYTEA = 17  # PostgreSQL's type OID for bytea (checkpoint blobs)


def _sqlite_hits(cursor, tables, describe, marker: str) -> list[str]:
    hits = []
    for table in tables:
        for column in describe(table):
            # A BLOB cast finds the bytes in text, JSON and msgpack blobs alike.
            cursor.execute(
                f'SELECT count(*) FROM "{table}" WHERE '  # noqa: S608 - introspected
                f'instr(CAST("{column}" AS BLOB), CAST(? AS BLOB)) > 0',
                [marker],
            )
            if cursor.fetchone()[0]:
                hits.append(f"{table}.{column}")
    return hits


def _django_hits(marker: str) -> list[str]:
    hits = []
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        if connection.vendor == "sqlite":
            return _sqlite_hits(
                cursor,
                tables,
                lambda t: [
                    c.name
                    for c in connection.introspection.get_table_description(cursor, t)
                ],
                marker,
            )
        for table in tables:
            qtable = connection.ops.quote_name(table)
            for col in connection.introspection.get_table_description(cursor, table):
                qcol = connection.ops.quote_name(col.name)
                if col.type_code == BYTEA:
                    where = f"position(convert_to(%s, 'UTF8') in {qcol}) > 0"
                else:
                    where = f"CAST({qcol} AS text) LIKE '%%' || %s || '%%'"
                cursor.execute(
                    f"SELECT count(*) FROM {qtable} WHERE {where}",  # noqa: S608
                    [marker],
                )
                if cursor.fetchone()[0]:
                    hits.append(f"{table}.{col.name}")
    return hits


def _checkpoint_file_hits(marker: str) -> list[str]:
    kind, target = checkpoint_target()
    if kind != "sqlite" or not Path(target).exists():
        return []  # on PostgreSQL the checkpoint tables are among Django's
    with sqlite3.connect(target) as db:
        cursor = db.cursor()
        tables = [
            r[0]
            for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        return [
            f"checkpoints-file:{hit}"
            for hit in _sqlite_hits(
                cursor,
                tables,
                lambda t: [r[1] for r in db.execute(f'PRAGMA table_info("{t}")')],
                marker,
            )
        ]


def tables_holding(marker: str) -> list[str]:
    """Return every ``table.column`` that still holds ``marker`` anywhere."""
    return _django_hits(marker) + _checkpoint_file_hits(marker)
