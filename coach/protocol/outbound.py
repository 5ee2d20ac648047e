"""Every frame the server sends, built in one place (contract: DESIGN.md).

Builders take plain values or the stored rows they describe and return dicts
ready for ``send_json``; nothing else in ``coach/`` spells a frame type.
"""

from __future__ import annotations

TOOL_STATUS = "查知识库…"
RETRY_STATUS = "重新组织回答…"


def session_frame(data: dict) -> dict:
    """Return the `session` frame for the data ``selectors.session_data`` read."""
    unread = [guidance_frame(g) for g in data["unread_guidance"]]
    return {"type": "session", **data, "unread_guidance": unread}


def reply_start(*, reply_id: str, question_id: str, replaces: str = "") -> dict:
    """Return `reply.start`: a reply begins (``replaces``: the one regenerated)."""
    frame = {"type": "reply.start", "reply_id": reply_id, "question_id": question_id}
    if replaces:
        frame["replaces"] = replaces
    return frame


def queue_text(ahead: int) -> str:
    """Return what the page shows while a turn waits: how many are ahead."""
    return f"前面还有 {ahead} 位，马上轮到你" if ahead else "马上轮到你"


def reply_queued(*, reply_id: str, ahead: int) -> dict:
    """Return `reply.queued`: the message is saved and waits for a free coach.

    ``ahead`` turns wait before it; `reply.start` follows when its turn comes.
    """
    return {
        "type": "reply.queued",
        "reply_id": reply_id,
        "ahead": ahead,
        "text": queue_text(ahead),
    }


def reply_delta(*, reply_id: str, text: str) -> dict:
    """Return `reply.delta`: the next chunk, as the model wrote it."""
    return {"type": "reply.delta", "reply_id": reply_id, "text": text}


def reply_status(*, reply_id: str, kind: str) -> dict:
    """Return `reply.status`: what the coach is doing; the text so far is void."""
    text = TOOL_STATUS if kind == "tool" else RETRY_STATUS
    return {"type": "reply.status", "reply_id": reply_id, "status": kind, "text": text}


def reply_frame(data: dict, *, replaces: str = "", guide_mode: str = "") -> dict:
    """Return the final `reply` frame for ``selectors.reply_data`` of a reply."""
    frame = {"type": "reply", **data}
    if replaces:
        frame["replaces"] = replaces
    if guide_mode:
        frame["guide_mode"] = guide_mode
    return frame


def feedback_saved(*, reply_id: str, rating: str) -> dict:
    """Return `feedback.saved`: a rating is stored."""
    return {"type": "feedback.saved", "reply_id": reply_id, "rating": rating}


def answer_saved(*, question_id: str, progress: dict) -> dict:
    """Return `answer.saved` with the step's progress."""
    return {"type": "answer.saved", "question_id": question_id, "progress": progress}


def guidance_frame(data: dict) -> dict:
    """Return the `guidance` frame for ``selectors.guidance_data`` of a nudge."""
    return {"type": "guidance", **data}


def pong() -> dict:
    """Return `pong`."""
    return {"type": "pong"}
