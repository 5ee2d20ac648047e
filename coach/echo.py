"""A bare echo consumer: the baseline the load bench compares the coach against."""

from channels.generic.websocket import AsyncWebsocketConsumer


class EchoConsumer(AsyncWebsocketConsumer):
    """Send every text frame straight back (served only with COACH_BENCH_ECHO=1)."""

    async def receive(self, text_data=None, bytes_data=None):
        """Echo a text frame unchanged; binary frames are dropped."""
        await self.send(text_data=text_data)
