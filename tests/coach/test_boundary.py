"""The chat layer talks to the agent through one door: ``agent.api``."""

from __future__ import annotations

import ast
from pathlib import Path

COACH = Path(__file__).resolve().parents[2] / "coach"


def test_coach_imports_only_agent_api():
    offenders = []
    for path in COACH.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "agent"
            ):
                if node.module != "agent.api":
                    offenders.append(f"{path.relative_to(COACH)}: {node.module}")
            elif isinstance(node, ast.Import):
                offenders += [
                    f"{path.relative_to(COACH)}: {a.name}"
                    for a in node.names
                    if a.name.startswith("agent") and a.name != "agent.api"
                ]
    assert offenders == []
