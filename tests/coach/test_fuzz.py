"""Random frames never break the socket, and nothing invalid is ever stored."""

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.models import Answer, ChatMessage
from coach.protocol import MAX_TEXT_CHARS, TYPES
from tests.coach.conftest import make_visitor

ERROR_CODES = {
    "bad_json",
    "unknown_type",
    "invalid",
    "too_long",
    "rate_limited",
    "busy",
    "internal",
}
REPLY_TYPES = {
    "reply.start",
    "reply.delta",
    "reply",
    "answer.saved",
    "guidance",
    "error",
    "pong",
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=50),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)
nasty_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "\x00\x01\x1b[31m",
            "\ud800",
            "a\udfffb",
            "问" * 2001,
            "<script>alert(1)</script>",
            "'; DROP TABLE coach_answer;--",
            "=cmd|' /C calc'!A0",
            "\u202e反转",
            "𝕏" * 10,
        ]
    ),
)
typed_frames = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(sorted(TYPES) + ["", "CHAT", "chat ", "reply"]),
    st.fixed_dictionaries(
        {},
        optional={
            "text": nasty_text | json_values,
            "selection": nasty_text | json_values,
            "question_id": st.sampled_from(
                ["V01", "S08", "P08", "V99", "", None, 1, "V01'--"]
            )
            | json_values,
            "client_id": nasty_text,
            "guide_id": st.sampled_from(["guide_1", "guide_9", "guide_", "x"]),
            "step": st.sampled_from(["synthesis", "values_exploration", "nope"]),
            "guide_mode": st.sampled_from(["quiet", "normal", "loud", 1]),
            "guidance_id": st.integers() | nasty_text,
        },
    ),
)
raw_frames = st.one_of(
    typed_frames.map(lambda f: ("text", json.dumps(f))),
    json_values.map(lambda v: ("text", json.dumps(v))),
    # (the test communicator cannot send an empty text frame)
    st.text(min_size=1, max_size=200).map(lambda t: ("text", t)),
    st.integers(1, 6000).map(lambda n: ("text", "[" * n + "]" * n)),
    st.integers(8000, 12000).map(
        lambda n: ("text", json.dumps({"type": "chat", "text": "a" * n}))
    ),
    st.binary(min_size=1, max_size=100).map(lambda b: ("bytes", b)),
)


class Socket:
    """One communicator on its own event loop, reused across examples."""

    def __init__(self, visitor):
        self.loop = asyncio.new_event_loop()
        self.comm = visitor.communicator()
        connected, _ = self.run(self.comm.connect(timeout=10))
        assert connected
        assert self.run(self.comm.receive_json_from(timeout=10))["type"] == "session"

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    async def exchange(self, kind: str, payload) -> list[dict]:
        """Send one frame, then a ping; return every frame before the pong."""
        if kind == "bytes":
            await self.comm.send_to(bytes_data=payload)
        else:
            await self.comm.send_to(text_data=payload)
        await self.comm.send_to(text_data='{"type": "ping"}')
        frames = []
        while True:
            frame = await self.comm.receive_json_from(timeout=20)
            if frame == {"type": "pong"}:
                return frames
            frames.append(frame)

    def close(self):
        from agent.checkpoint import checkpointer_close
        from coach import streaming as turns

        self.run(self.comm.disconnect())
        # Let running turns finish and the saver close before the loop goes away.
        mine = [t for t in turns._running if t.get_loop() is self.loop]

        async def drain():
            await asyncio.gather(*mine, return_exceptions=True)
            await checkpointer_close()

        self.run(drain())
        self.loop.close()


@pytest.mark.django_db(transaction=True)
def test_random_frames_get_an_error_or_a_valid_reply(knowledge):
    socket = Socket(make_visitor())

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
    @given(raw_frames)
    def check(frame):
        kind, payload = frame
        for reply in socket.run(socket.exchange(kind, payload)):
            assert reply["type"] in REPLY_TYPES, reply
            if reply["type"] == "error":
                assert reply["code"] in ERROR_CODES and reply["message"]

    try:
        check()
        after = socket.run(socket.exchange("text", '{"type": "ping"}'))
        assert all(f["type"] in REPLY_TYPES for f in after)  # still usable
    finally:
        socket.close()
    for message in ChatMessage.objects.all():
        assert message.text.strip() and len(message.text) <= MAX_TEXT_CHARS
        assert all(ch in "\t\n" or ch >= " " for ch in message.text)
        message.text.encode("utf-8")  # no lone surrogates made it in
    for answer in Answer.objects.all():
        assert answer.question_id[0] in "VSP" and len(answer.text) <= MAX_TEXT_CHARS
        answer.text.encode("utf-8")
