"""A request's headers must all arrive within HTTP_HEADER_TIMEOUT (daphne only).

Twisted resets its idle timer on every byte, so a client that trickles one
header line every few seconds ("slowloris") holds a connection for ever. This
hook gives each request's header block a deadline of its own: armed when the
connection opens and again after each keep-alive request, cleared when the
headers are in, and the connection closed when it passes. A WebSocket's
handshake is a request like any other, so an open socket is never affected.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def install(timeout: float) -> None:
    """Hook Twisted's HTTP channel once per process (a no-op without Twisted)."""
    try:
        from twisted.internet import reactor as twisted_reactor
        from twisted.web import http
    except ImportError:
        return
    reactor: Any = twisted_reactor  # Twisted's interface stubs type it loosely
    channel: Any = http.HTTPChannel
    if getattr(channel, "_coach_header_deadline", False) or timeout <= 0:
        return
    made, headers_in = channel.connectionMade, channel.allHeadersReceived
    done, lost = channel.requestDone, channel.connectionLost

    def disarm(self) -> None:
        call = getattr(self, "_coach_header_call", None)
        if call is not None and call.active():
            call.cancel()

    def handed_off(self) -> bool:
        # After a WebSocket handshake daphne gives the transport to its own
        # protocol; the channel's deadline no longer applies.
        protocol = getattr(self.transport, "protocol", None)
        return "WebSocket" in type(protocol).__name__

    def expire(self) -> None:
        if handed_off(self):
            return
        log.warning("headers not in after %.0f s: connection closed", timeout)
        self.transport.loseConnection()  # a FIN, as any server hang-up

    def arm(self) -> None:
        disarm(self)
        self._coach_header_call = reactor.callLater(timeout, expire, self)

    def connectionMade(self):  # noqa: N802 - Twisted's names
        made(self)
        arm(self)

    def allHeadersReceived(self):  # noqa: N802
        disarm(self)
        headers_in(self)

    def requestDone(self, request):  # noqa: N802
        done(self, request)
        handed_off = getattr(self.transport, "protocol", self) is not self
        if (
            self.persistent
            and not handed_off
            and not getattr(self, "_coach_gone", False)
        ):
            arm(self)  # the next request on this keep-alive connection

    def connectionLost(self, reason):  # noqa: N802
        self._coach_gone = True
        disarm(self)
        lost(self, reason)

    for name, method in (
        ("connectionMade", connectionMade),
        ("allHeadersReceived", allHeadersReceived),
        ("requestDone", requestDone),
        ("connectionLost", connectionLost),
    ):
        setattr(channel, name, method)
    channel._coach_header_deadline = True
