"""The WebSocket protocol: inbound frames parsed and checked, outbound frames built."""

from coach.protocol.inbound import (
    MAX_COMMENT_CHARS,
    MAX_FRAME_BYTES,
    MAX_TEXT_CHARS,
    MESSAGES,
    SAVED_THEN_FAILED,
    SOCKETS_PER_ADDRESS,
    STEPS,
    TYPES,
    ProtocolError,
    frame_parse,
)
from coach.protocol.outbound import (
    answer_saved,
    feedback_saved,
    guidance_frame,
    pong,
    reply_delta,
    reply_frame,
    reply_queued,
    reply_start,
    reply_status,
    session_frame,
)

__all__ = [
    "MAX_COMMENT_CHARS",
    "MAX_FRAME_BYTES",
    "MAX_TEXT_CHARS",
    "MESSAGES",
    "SAVED_THEN_FAILED",
    "SOCKETS_PER_ADDRESS",
    "STEPS",
    "TYPES",
    "ProtocolError",
    "answer_saved",
    "feedback_saved",
    "frame_parse",
    "guidance_frame",
    "pong",
    "reply_delta",
    "reply_frame",
    "reply_queued",
    "reply_start",
    "reply_status",
    "session_frame",
]
