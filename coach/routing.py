"""WebSocket routes."""

from django.conf import settings
from django.urls import path

from coach import consumers

websocket_urlpatterns = [
    path("ws/coach/", consumers.CoachConsumer.as_asgi()),
]

if settings.BENCH_ECHO:  # the load bench's baseline; never on in production
    from coach.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))
