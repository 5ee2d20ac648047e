"""Conditional reschedules of many sessions in one UPDATE (the scan's write)."""

from collections import defaultdict
from functools import reduce
from operator import or_

from django.db.models import Case, F, Q, Value, When

from coach.models import CoachingSession


def sessions_reschedule(*, plans: list[tuple[int, int, dict]]) -> list[tuple[int, int]]:
    """Apply ``(pk, episode, updates)`` where the session is still in that episode.

    One UPDATE with a CASE per field, whatever the number of sessions: activity
    that started a new episode since the scan read a session owns its schedule,
    so that session is left alone.

    Returns:
        The ``(pk, episode)`` pairs whose activity had moved on, left unchanged.
    """
    if not plans:
        return []
    by_episode: dict[int, list[int]] = defaultdict(list)
    for pk, episode, _ in plans:
        by_episode[episode].append(pk)
    still = reduce(
        or_, (Q(activity_episode=ep, pk__in=pks) for ep, pks in by_episode.items())
    )
    names = sorted({name for *_, updates in plans for name in updates})
    cases = {}
    for name in names:
        # One WHEN per distinct value (most sessions share None): a short CASE.
        field = CoachingSession._meta.get_field(name)
        by_value: dict = defaultdict(list)
        for pk, _, updates in plans:
            if name in updates:
                by_value[updates[name]].append(pk)
        whens = [
            When(pk__in=pks, then=Value(value, output_field=field))
            for value, pks in by_value.items()
        ]
        cases[name] = Case(*whens, default=F(name), output_field=field)
    CoachingSession.objects.filter(still).update(**cases)
    current = dict(
        CoachingSession.objects.filter(pk__in=[pk for pk, *_ in plans]).values_list(
            "pk", "activity_episode"
        )
    )
    return [(pk, ep) for pk, ep, _ in plans if current.get(pk) != ep]
