"""A scratch PostgreSQL database per bench run, made and dropped with psycopg alone.

Importing anything of the app (``coach`` sets DJANGO_SETTINGS_MODULE, and
tests/processes reads settings at import) can fix DATABASES before a bench has
pointed DATABASE_URL at its scratch database; this module imports neither, and
``database_check`` proves afterwards which database Django really uses.
"""

import atexit
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg


def _admin(url: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/postgres"))


def database_create(*, server_url: str, prefix: str) -> str:
    """Create an empty database on ``server_url``'s server; return its URL.

    The database is dropped when the process exits, whatever happens before.
    """
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(_admin(server_url), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))
    atexit.register(database_drop, url=url)
    return url


def database_drop(*, url: str) -> None:
    """Drop the database ``url`` names, closing any connection still open to it."""
    name = urlsplit(url).path[1:]
    with psycopg.connect(_admin(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_check(*, url: str) -> None:
    """Stop the bench unless Django's default database is the one ``url`` names."""
    from django.db import connection

    want = urlsplit(url).path[1:]
    if connection.settings_dict["NAME"] != want:
        raise SystemExit(
            f"bench would write into {connection.settings_dict['NAME']!r}, "
            f"not its scratch database {want!r}"
        )
