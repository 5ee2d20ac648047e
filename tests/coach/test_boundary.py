"""The chat layer's boundaries, read from the source.

The agent is reached through ``agent.api`` only; the ORM through services and
selectors only; the channel layer through ``coach/push.py``; every outbound
frame is built in ``coach/protocol``.
"""

from __future__ import annotations

import ast
from pathlib import Path

COACH = Path(__file__).resolve().parents[2] / "coach"
# Where the database may be touched: the write and read sides (and the schema).
# insights/ is the admin insight page's read side: a selector package of its own.
ORM_HOMES = (
    "services/",
    "selectors.py",
    "insights/",
    "models.py",
    "migrations/",
    "admin.py",
)
ORM_CALLS = {"objects", "filter", "exclude", "save", "delete", "refresh_from_db"}


def _modules():
    for path in sorted(COACH.rglob("*.py")):
        yield str(path.relative_to(COACH)), ast.parse(path.read_text("utf-8"))


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names += [module] + [f"{module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
    return names


def test_coach_imports_only_agent_api():
    offenders = [
        f"{name}: {module}"
        for name, tree in _modules()
        for module in _imports(tree)
        if module.split(".")[0] == "agent" and not module.startswith("agent.api")
    ]
    assert offenders == []


def test_the_orm_is_used_only_in_services_and_selectors():
    offenders = []
    for name, tree in _modules():
        if name.startswith(ORM_HOMES):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ORM_CALLS:
                if node.attr == "objects" or _on_model_like(node):
                    offenders.append(f"{name}:{node.lineno} .{node.attr}")
    assert offenders == []


def _on_model_like(node: ast.Attribute) -> bool:
    # ``something.objects.filter`` or ``queryset.filter``; ``str.save`` is no ORM.
    inner = node.value
    return isinstance(inner, ast.Attribute) and inner.attr == "objects"


def test_services_never_import_the_socket_side():
    offenders = [
        f"{name}: {module}"
        for name, tree in _modules()
        if name.startswith(("services/", "selectors.py", "timing.py"))
        for module in _imports(tree)
        if module.startswith(("coach.consumers", "coach.streaming"))
    ]
    assert offenders == []


def test_group_send_lives_in_push_only():
    offenders = [
        f"{name}:{node.lineno}"
        for name, tree in _modules()
        if name != "push.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr in {"group_send", "group_add", "group_discard"}
    ]
    assert offenders == []


FRAME_TYPES = {
    "session",
    "reply.start",
    "reply.delta",
    "reply.status",
    "reply",
    "feedback.saved",
    "guidance",
    "answer.saved",
    "error",
    "pong",
}


def test_outbound_frames_are_built_in_protocol_only():
    """A dict literal whose "type" is a frame type is a frame: protocol builds them."""
    offenders = []
    for name, tree in _modules():
        if name.startswith("protocol/"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and any(
                isinstance(k, ast.Constant)
                and k.value == "type"
                and isinstance(v, ast.Constant)
                and v.value in FRAME_TYPES
                for k, v in zip(node.keys, node.values, strict=True)
            ):
                offenders.append(f"{name}:{node.lineno}")
    assert offenders == []
