"""The session's data version, and the triggers that bump it.

Triggers, not application code: answers, the profile and chat messages are
written by services, the admin, imports and other processes, and a snapshot
kept warm must see every one of those writes (coach/snapshots.py).
"""

from django.db import migrations, models

TABLES = ("coach_answer", "coach_profile", "coach_chatmessage")
SESSIONS = "coach_coachingsession"

SQLITE_BUMP = """
CREATE TRIGGER {table}_version_{name} AFTER {op} ON {table} BEGIN
  UPDATE {sessions} SET data_version = data_version + 1 WHERE id IN ({ids});
END;
"""
SQLITE_IDS = {
    "insert": "NEW.session_id",
    "update": "NEW.session_id, OLD.session_id",
    "delete": "OLD.session_id",
}
# A full save of a session object read earlier would write an older version
# back: it bumps instead, so no stale snapshot can match it again.
SQLITE_GUARD = f"""
CREATE TRIGGER {SESSIONS}_version_forward AFTER UPDATE OF data_version ON {SESSIONS}
WHEN NEW.data_version < OLD.data_version BEGIN
  UPDATE {SESSIONS} SET data_version = OLD.data_version + 1 WHERE id = NEW.id;
END;
"""
# One statement each: a parameterised execute on psycopg takes one at a time.
POSTGRES = [
    f"""CREATE FUNCTION coach_data_version_bump() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE {SESSIONS} SET data_version = data_version + 1 WHERE id = OLD.session_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.session_id <> OLD.session_id) THEN
    UPDATE {SESSIONS} SET data_version = data_version + 1 WHERE id = NEW.session_id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql""",
    """CREATE FUNCTION coach_data_version_forward() RETURNS trigger AS $$
BEGIN
  IF NEW.data_version < OLD.data_version THEN
    NEW.data_version := OLD.data_version + 1;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql""",
    f"CREATE TRIGGER {SESSIONS}_version_forward BEFORE UPDATE ON {SESSIONS} "
    "FOR EACH ROW EXECUTE FUNCTION coach_data_version_forward()",
    *(
        f"CREATE TRIGGER {t}_version AFTER INSERT OR UPDATE OR DELETE ON {t} "
        "FOR EACH ROW EXECUTE FUNCTION coach_data_version_bump()"
        for t in TABLES
    ),
]
POSTGRES_DROP = [
    *(f"DROP TRIGGER IF EXISTS {t}_version ON {t}" for t in TABLES),
    f"DROP TRIGGER IF EXISTS {SESSIONS}_version_forward ON {SESSIONS}",
    "DROP FUNCTION IF EXISTS coach_data_version_bump()",
    "DROP FUNCTION IF EXISTS coach_data_version_forward()",
]


def _sqlite_statements() -> list[str]:
    out = [
        SQLITE_BUMP.format(table=t, name=op, op=op.upper(), ids=ids, sessions=SESSIONS)
        for t in TABLES
        for op, ids in SQLITE_IDS.items()
    ]
    return [*out, SQLITE_GUARD]


def triggers_create(apps, schema_editor):
    """Create the version triggers for this database's vendor."""
    if schema_editor.connection.vendor == "postgresql":
        for statement in POSTGRES:
            schema_editor.execute(statement)
    elif schema_editor.connection.vendor == "sqlite":
        for statement in _sqlite_statements():
            schema_editor.execute(statement)


def triggers_drop(apps, schema_editor):
    """Drop them again (migrating back)."""
    if schema_editor.connection.vendor == "postgresql":
        for statement in POSTGRES_DROP:
            schema_editor.execute(statement)
    elif schema_editor.connection.vendor == "sqlite":
        names = [f"{t}_version_{op}" for t in TABLES for op in SQLITE_IDS]
        for name in [*names, f"{SESSIONS}_version_forward"]:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")


class Migration(migrations.Migration):
    """Add the version column, then its triggers."""

    dependencies = [
        ("coach", "0009_direction_cards"),
    ]

    operations = [
        migrations.AddField(
            model_name="coachingsession",
            name="data_version",
            field=models.PositiveBigIntegerField(
                default=0, editable=False, verbose_name="数据版本"
            ),
        ),
        migrations.RunPython(triggers_create, triggers_drop),
    ]
