"""The channel layer, in one place: group names and every group_send.

A session's sockets (tabs, processes) share one group. Events carry a ready
frame (built by ``coach.protocol``) or an instruction to the socket that runs
the session's turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from asgiref.sync import async_to_sync

from channels.layers import get_channel_layer

PUSH_CONCURRENCY = 32  # nudges pushed at once by one scan


def group_name(session_pk: int) -> str:
    """Return the channel-layer group of a coaching session."""
    return f"coach_{session_pk}"


async def join(session_pk: int, channel_name: str) -> None:
    """Add a socket to its session's group."""
    await get_channel_layer().group_add(group_name(session_pk), channel_name)


async def leave(session_pk: int, channel_name: str) -> None:
    """Take a socket out of its session's group."""
    await get_channel_layer().group_discard(group_name(session_pk), channel_name)


async def reply_push(session_pk: int, frame: dict) -> None:
    """Send a finished reply to the session's other sockets (its own has closed)."""
    await get_channel_layer().group_send(
        group_name(session_pk), {"type": "chat.reply", "frame": frame}
    )


async def stop_push(session_pk: int) -> None:
    """Ask whichever process runs the session's turn to stop it."""
    await get_channel_layer().group_send(group_name(session_pk), {"type": "turn.stop"})


def guidance_push(frames: Iterable[tuple[int, dict]]) -> None:
    """Push saved nudges, ``(session_pk, frame)`` pairs, from sync code (Celery).

    One event loop and one Redis pool for the whole batch, not one per nudge.
    """
    frames = list(frames)
    if not frames:
        return
    layer = get_channel_layer()

    async def send_all() -> None:
        # A few sends in flight at once: each is a Redis round trip or three.
        for start in range(0, len(frames), PUSH_CONCURRENCY):
            await asyncio.gather(
                *(
                    layer.group_send(
                        group_name(session_pk),
                        {"type": "chat.guidance", "frame": frame},
                    )
                    for session_pk, frame in frames[start : start + PUSH_CONCURRENCY]
                )
            )

    async_to_sync(send_all)()
