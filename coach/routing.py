"""WebSocket routes."""

from django.urls import path

from coach import consumers

websocket_urlpatterns = [
    path("ws/coach/", consumers.CoachConsumer.as_asgi()),
]
