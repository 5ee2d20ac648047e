"""WebSocket consumer for the coach (protocol: docs/protocol.md).

Thin: it validates frames, then calls services/selectors and the agent turn
runner in coach/turns.py. The visitor is found from the session cookie only.
"""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from coach import selectors, services, turns
from coach.protocol import ProtocolError, frame_parse

log = logging.getLogger(__name__)


def group_name(session_pk: int) -> str:
    """Return the channel-layer group of a coaching session."""
    return f"coach_{session_pk}"


class CoachConsumer(AsyncJsonWebsocketConsumer):
    """One browser tab's socket for one coaching session."""

    session = None
    closed = False

    async def connect(self):
        self.session = await database_sync_to_async(services.session_for_scope)(
            scope=self.scope
        )
        if self.session is None:
            await self.close(code=4403)  # no page visit, no session: nothing to show
            return
        self.group = group_name(self.session.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        frame = await database_sync_to_async(selectors.session_frame)(
            session=self.session
        )
        await self.send_json(frame)
        ids = [g["guidance_id"] for g in frame["unread_guidance"]]
        await database_sync_to_async(services.guidance_mark_delivered)(
            session=self.session, guidance_ids=ids
        )
        turns.spawn(turns.turn_resume(self))

    async def disconnect(self, code):
        self.closed = True  # a running turn now saves its reply and group_sends it
        if self.session is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        # Overridden (not receive_json) so oversized, binary and broken JSON
        # frames get an error frame instead of closing the socket.
        try:
            frame = frame_parse(text_data)
            handler = getattr(self, f"on_{frame.type}")
            await handler(frame)
        except ProtocolError as error:
            await self.send_json(error.frame())
        except services.InvalidInput as error:
            await self.send_json(ProtocolError("invalid", error.field).frame())
        except Exception:
            log.exception("frame failed", extra={"session": self.session.pk})
            await self.send_json(ProtocolError("internal").frame())

    async def on_chat(self, frame):
        await turns.turn_start(
            self,
            text=frame.text,
            selection=frame.selection,
            question_id=frame.question_id or "",
            client_id=frame.client_id,
        )

    async def on_guide_pick(self, frame):
        await turns.turn_start(self, guide_id=frame.guide_id, client_id=frame.client_id)

    async def on_answer(self, frame):
        progress = await database_sync_to_async(services.answer_submit)(
            session=self.session, question_id=frame.question_id, text=frame.text
        )
        await self.send_json(
            {
                "type": "answer.saved",
                "question_id": frame.question_id,
                "progress": progress,
            }
        )

    async def on_focus(self, frame):
        await database_sync_to_async(services.focus_submit)(
            session=self.session, question_id=frame.question_id
        )

    async def on_step(self, frame):
        await database_sync_to_async(services.step_set)(
            session=self.session, step=frame.step
        )

    async def on_preference(self, frame):
        await database_sync_to_async(services.preference_set)(
            session=self.session, guide_mode=frame.guide_mode
        )

    async def on_guidance_read(self, frame):
        await database_sync_to_async(services.guidance_mark_read)(
            session=self.session, guidance_id=frame.guidance_id
        )

    async def on_ping(self, frame):
        await self.send_json({"type": "pong"})

    async def chat_guidance(self, event):
        """Forward a nudge the beat scan saved and group_sent."""
        await self.send_json(event["frame"])
        await database_sync_to_async(services.guidance_mark_delivered)(
            session=self.session, guidance_ids=[event["frame"]["guidance_id"]]
        )

    async def chat_reply(self, event):
        """Forward a reply finished after the socket that asked for it closed."""
        await self.send_json(event["frame"])
