"""The collector is paused inside the test database's Python functions (sqlite_gc)."""

import gc

from django.db import connection

from tests.sqlite_gc import _without_gc


def test_a_wrapped_function_runs_with_the_collector_paused_then_restores_it():
    assert gc.isenabled()
    assert _without_gc(gc.isenabled)() is False
    assert gc.isenabled()


def test_django_registers_its_functions_through_the_wrapper(db):
    from django.db.backends.sqlite3 import base

    if connection.vendor == "sqlite":
        assert getattr(base.register_functions, "gc_paused", False)
        with connection.cursor() as cursor:  # a registered function still works
            cursor.execute("SELECT REVERSE('abc')")
            assert cursor.fetchone() == ("cba",)
