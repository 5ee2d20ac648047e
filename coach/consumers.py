"""WebSocket consumer for the coach (protocol: docs/protocol.md).

Thin: it parses frames, calls services and selectors through the database
thread, and hands chat turns to coach/streaming.py with a ``send`` callable.
The visitor is found from the session cookie only.
"""

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from coach import protocol, push, selectors, services, streaming
from coach.protocol import ProtocolError, frame_parse
from coach.ratelimit import answer_allow, client_address
from coach.socket_slots import socket_slots

log = logging.getLogger(__name__)
# Over WS_PER_SESSION or WS_PER_ADDRESS (4000-4999: the app's own codes); the
# page shows why and does not reconnect on its own.
TOO_MANY_SOCKETS = 4429


class CoachConsumer(AsyncJsonWebsocketConsumer):
    """One browser tab's socket for one coaching session."""

    session = None
    closed = False

    async def connect(self):
        """Find the visitor's session from the cookie; send the `session` frame."""
        self.session = await database_sync_to_async(services.session_for_scope)(
            scope=self.scope
        )
        if self.session is None:
            await self.close(code=4403)  # no page visit, no session: nothing to show
            return
        full = await socket_slots.take(
            channel=self.channel_name,
            session_key=str(self.session.public_id),
            address=client_address(self.scope),
        )
        if full:
            await self.refuse(full)
            return
        try:
            await self.open()
        except BaseException:  # no disconnect() follows a failed connect
            await socket_slots.give(channel=self.channel_name)
            raise

    async def refuse(self, full):
        """Accept, say which cap is full, close: the page stops reconnecting."""
        message = protocol.SOCKETS_PER_ADDRESS if full == "address" else ""
        await self.accept()  # a refused handshake would hide the reason
        await self.send_json(
            ProtocolError("too_many_sockets", full, message=message).frame()
        )
        await self.close(code=TOO_MANY_SOCKETS)

    async def open(self):
        """Join the session's group, accept and send the `session` frame."""
        await push.join(self.session.pk, self.channel_name)
        await self.accept()
        data = await database_sync_to_async(selectors.session_data)(
            session=self.session
        )
        await self.send_json(protocol.session_frame(data))
        ids = [g["guidance_id"] for g in data["unread_guidance"]]
        await database_sync_to_async(services.guidance_mark_delivered)(
            session=self.session, guidance_ids=ids
        )
        streaming.spawn(
            streaming.turn_resume(
                session=self.session, send=self.send_frame, closed=lambda: self.closed
            )
        )

    async def disconnect(self, code):
        """Leave the group; a running turn still saves its reply and pushes it."""
        self.closed = True
        await socket_slots.give(channel=self.channel_name)
        if self.session is not None:
            await push.leave(self.session.pk, self.channel_name)
            # A closed tab is away; another open tab says otherwise at its
            # next visibility change or reconnect.
            await database_sync_to_async(services.presence_set)(
                session=self.session, visible=False
            )

    async def send_frame(self, frame: dict) -> bool:
        """Send ``frame`` if this socket is open; return whether it went out."""
        if self.closed:
            return False
        try:
            await self.send_json(frame)
            return True
        except Exception:  # the socket closed mid-stream; the reply is still saved
            return False

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Dispatch one frame to its ``on_<type>`` handler; refuse bad ones."""
        # Overridden (not receive_json) so oversized, binary and broken JSON
        # frames get an error frame instead of closing the socket.
        try:
            frame = frame_parse(text_data)
            handler = getattr(self, f"on_{frame.type}")
            await handler(frame)
        except ProtocolError as error:
            await self.send_json(error.frame())
        except services.InvalidInput as error:
            refusal = ProtocolError("invalid", error.field, message=error.message)
            await self.send_json(refusal.frame())
        except Exception:
            log.exception("frame failed", extra={"session": self.session.pk})
            await self.send_json(ProtocolError("internal").frame())

    async def on_chat(self, frame):
        """Save the message and start a turn."""
        await streaming.turn_start(
            session=self.session,
            send=self.send_frame,
            text=frame.text,
            selection=frame.selection,
            question_id=frame.question_id or "",
            client_id=frame.client_id,
            address=client_address(self.scope),
        )

    async def on_guide_pick(self, frame):
        """Start a turn with a quick-pick chip's question."""
        await streaming.turn_start(
            session=self.session,
            send=self.send_frame,
            guide_id=frame.guide_id,
            question_id=frame.question_id or "",
            client_id=frame.client_id,
            address=client_address(self.scope),
        )

    async def on_choice(self, frame):
        """Run a choice offered under one of this session's replies."""
        text = await database_sync_to_async(selectors.choice_text)(
            session=self.session, reply_id=frame.reply_id, choice_id=frame.choice_id
        )
        if text is None:  # not offered there, or not this session's reply
            raise ProtocolError("invalid", "choice_id")
        await streaming.turn_start(
            session=self.session,
            send=self.send_frame,
            text=text,
            choice=frame.choice_id,
            client_id=frame.client_id,
            address=client_address(self.scope),
        )

    async def on_stop(self, frame):
        """Stop the session's running turn, here or in another process."""
        if not streaming.turn_stop(self.session.pk):
            await push.stop_push(self.session.pk)

    async def on_regenerate(self, frame):
        """Answer the last reply's message again."""
        await streaming.turn_regenerate(
            session=self.session,
            send=self.send_frame,
            reply_id=frame.reply_id,
            address=client_address(self.scope),
        )

    async def on_feedback(self, frame):
        """Save a 👍/👎 on one of this session's replies."""
        await database_sync_to_async(services.feedback_save)(
            session=self.session,
            reply_id=frame.reply_id,
            rating=frame.rating,
            comment=frame.comment,
        )
        await self.send_json(
            protocol.feedback_saved(reply_id=frame.reply_id, rating=frame.rating)
        )

    async def on_answer(self, frame):
        """Save a workbook answer (the browser keeps it and resends if refused)."""
        retry_after = await answer_allow(session_key=str(self.session.public_id))
        if retry_after is not None:
            raise ProtocolError("rate_limited", "question_id", retry_after=retry_after)
        progress, care = await database_sync_to_async(services.answer_receive)(
            session=self.session, question_id=frame.question_id, text=frame.text
        )
        await self.send_json(
            protocol.answer_saved(question_id=frame.question_id, progress=progress)
        )
        if care is not None:  # risk in the answer: care in the chat, saved first
            await push.reply_push(
                self.session.pk,
                protocol.reply_frame(selectors.reply_data(reply=care, new=True)),
            )

    async def on_focus(self, frame):
        """Record the question on screen."""
        await database_sync_to_async(services.focus_submit)(
            session=self.session, question_id=frame.question_id
        )

    async def on_step(self, frame):
        """Move to another workbook step."""
        await database_sync_to_async(services.step_set)(
            session=self.session, step=frame.step
        )

    async def on_preference(self, frame):
        """Switch guidance between normal and quiet."""
        await database_sync_to_async(services.preference_set)(
            session=self.session, guide_mode=frame.guide_mode
        )

    async def on_presence(self, frame):
        """Record whether the page is on screen (feeds the "welcome back" rule)."""
        await database_sync_to_async(services.presence_set)(
            session=self.session, visible=frame.visible
        )

    async def on_guidance_read(self, frame):
        """Mark a nudge read."""
        await database_sync_to_async(services.guidance_mark_read)(
            session=self.session, guidance_id=frame.guidance_id
        )

    async def on_ping(self, frame):
        """Answer a keep-alive (not user activity) and renew the group membership.

        A restarted Redis (``make run`` restarts a dead embedded one) has
        forgotten every group. Usually the socket closes with the layer's
        failed read and the page reconnects; one whose read recovered, or one
        open longer than channels_redis's one-day group expiry, would never
        hear of a nudge again. Re-joining at each ping (the page sends one
        every 25 s) makes it reachable again within one ping.
        """
        await push.join(self.session.pk, self.channel_name)
        await self.send_json(protocol.pong())

    async def chat_guidance(self, event):
        """Forward a nudge the beat scan saved and group_sent."""
        await self.send_json(event["frame"])
        await database_sync_to_async(services.guidance_mark_delivered)(
            session=self.session, guidance_ids=[event["frame"]["guidance_id"]]
        )

    async def chat_reply(self, event):
        """Forward a reply finished after the socket that asked for it closed."""
        await self.send_json(event["frame"])

    async def turn_stop(self, event):
        """Stop the session's turn if it runs in this process (Stop from elsewhere)."""
        streaming.turn_stop(self.session.pk)
