"""daphne with ``run_turn`` replaced by a canned turn: what a turn costs beyond it.

bench/profile_turns.py starts daphne on ``bench.stub_turn:application`` after
the real one, on the same stack. Everything around the agent stays as it is
(the socket, the frames, the turn lock and rate limit in Redis, saving the
message, the session snapshot, saving the reply); the agent answers at once
with a fixed reply of an offline answer's length and the frames the offline
coach sends. daphne's CPU per turn here is the turn path's own cost, measured
directly rather than as a difference of two noisy figures. Never for serving.
"""

# isort: off
from coach.asgi import application  # first: sets Django up, starts the warm-up

# isort: on
from agent.api import TurnDelta, TurnResult
from coach import streaming

__all__ = ["application"]

ANSWER = (
    "重要的事（Why）说的是你为什么而工作：哪些东西对你来说不能丢。"
    "比如有人写下「照顾好家人」，是因为小时候见过家里最难的那几年。"
    "你呢？先写下一个你不愿放弃的场景就好。"
)


async def canned_turn(*, snapshot, text, **kwargs):
    """Answer at once, as the offline coach's answer goes out, and count the turn."""
    yield TurnDelta(ANSWER)
    notes = dict(snapshot.notes or {})
    notes["turns"] = int(notes.get("turns", 0)) + 1
    yield TurnResult(
        text=ANSWER,
        tools_used=[],
        examples=[],
        guide_questions=[],
        trace={"act": "explain", "latency_ms": 0.0},
        notes=notes,
    )


streaming.run_turn = canned_turn
