"""Oversized imports refused while their body streams in, not after (daphne only).

Twisted reads a whole request body into a temporary file before daphne hands
the request to the ASGI application, so the ASGI guard (knowledge/uploads.py)
answers a 20 MB upload only after ~3 s of spooling it to disk. This hook sees
the request when its headers are in (Twisted's ``gotLength``): an import POST
over the limit has its body thrown away as it arrives, never stored, and is
answered 413 as soon as the client has sent it, with daphne's own reply path.
The ASGI guard stays for every other server.
"""

from __future__ import annotations

import time

from knowledge.uploads import (
    IMPORT_PATH,
    import_too_big,
    refusal_page,
    refusal_start,
)


class _Discard:
    """A request body sink that keeps nothing (Twisted writes, then seeks)."""

    def write(self, data: bytes) -> None:
        """Drop the chunk."""

    def seek(self, *args) -> int:
        """Report an empty body."""
        return 0

    def tell(self) -> int:
        """Report an empty body."""
        return 0

    def read(self, *args) -> bytes:
        """Return nothing."""
        return b""

    def close(self) -> None:
        """Nothing to release."""


def _refused(channel, length: int | None) -> bool:
    command = getattr(channel, "_command", b"")
    path = getattr(channel, "_path", b"").split(b"?", 1)[0]
    return (
        command == b"POST"
        and bool(IMPORT_PATH.match(path.decode("latin-1")))
        and import_too_big(None if length is None else str(length).encode())
    )


def install() -> None:
    """Hook daphne's request class once per process (a no-op without daphne)."""
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:
        return
    if getattr(WebRequest, "_coach_early_refusal", False):
        return
    got_length = WebRequest.gotLength
    request_received = WebRequest.requestReceived

    def gotLength(self, length):  # noqa: N802 - Twisted's name
        if _refused(self.channel, length):
            self._coach_refused = True
            self.content = _Discard()
            return
        got_length(self, length)

    def requestReceived(self, command, path, version):  # noqa: N802
        if not getattr(self, "_coach_refused", False):
            return request_received(self, command, path, version)
        self.method, self.uri, self.clientproto = command, path, version
        self.request_start = time.time()
        body = refusal_page()
        self.handle_reply(refusal_start(body))
        self.handle_reply({"type": "http.response.body", "body": body})

    WebRequest.gotLength = gotLength
    WebRequest.requestReceived = requestReceived
    WebRequest._coach_early_refusal = True
