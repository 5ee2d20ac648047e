"""No garbage collection inside the in-memory test database's Python functions.

The test database is SQLite in memory with a shared cache: every thread's
connection shares one lock. A connection a finished thread left behind sits in
a reference cycle until the collector runs; if the collector runs while a query
is inside one of Django's Python functions (``django_datetime_trunc`` for the
admin's date hierarchy), closing that connection waits on the lock the running
query holds, and the test hangs for good (seen once, 2026-11-27: py-spy showed
``connection_close`` under ``gc_collect_main`` under ``_sqlite_datetime_trunc``).
The collector is paused while such a function runs. A file database (the app's
default) has a lock per connection and cannot deadlock this way.
"""

import functools
import gc

from django.db.backends.sqlite3 import base


def _without_gc(fn):
    @functools.wraps(fn)
    def call(*args):
        if not gc.isenabled():
            return fn(*args)
        gc.disable()
        try:
            return fn(*args)
        finally:
            gc.enable()

    return call


class _Functions:
    """A connection whose Python functions run with the collector paused."""

    def __init__(self, connection):
        self._connection = connection

    def create_function(self, name, narg, fn, **kwargs):
        return self._connection.create_function(name, narg, _without_gc(fn), **kwargs)

    def __getattr__(self, name):  # execute, create_aggregate…: the connection's
        return getattr(self._connection, name)


def install() -> None:
    """Wrap the functions Django registers on each new SQLite connection."""
    register = base.register_functions
    if getattr(register, "gc_paused", False):
        return

    def register_paused(connection):
        register(_Functions(connection))

    register_paused.gc_paused = True  # type: ignore[attr-defined]
    base.register_functions = register_paused
