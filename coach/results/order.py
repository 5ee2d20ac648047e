"""The person's ranking of their values, as posted from the results page."""

import re


def values_order_clean(raw) -> list[str]:
    """Return the posted order as a list of value ids; raise ValueError if malformed."""
    if not isinstance(raw, list) or len(raw) > 50:
        raise ValueError("values_order")
    ids = [x for x in raw if isinstance(x, str) and re.fullmatch(r"V\d{3,6}", x)]
    if len(ids) != len(raw) or len(set(ids)) != len(ids):
        raise ValueError("values_order")
    return ids


def values_order_move(order: list[str], *, move: str) -> list[str]:
    """Return ``order`` with one id moved (``"V001:up"`` or ``"V001:down"``)."""
    entry_id, _, direction = move.rpartition(":")  # a name may hold a colon
    if entry_id not in order or direction not in ("up", "down"):
        raise ValueError("move")
    i = order.index(entry_id)
    j = i - 1 if direction == "up" else i + 1
    order = list(order)
    if 0 <= j < len(order):
        order[i], order[j] = order[j], order[i]
    return order
