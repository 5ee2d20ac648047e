"""WebSocket consumer for the coach chat (protocol in docs/protocol.md)."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class CoachConsumer(AsyncJsonWebsocketConsumer):
    """Placeholder until the chat issue lands: accepts and answers ping."""

    async def connect(self):
        await self.accept()

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
