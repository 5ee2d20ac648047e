"""WebSocket origin check on the full origin: scheme, host and port.

Channels' ``AllowedHostsOriginValidator`` compares host names only, so
``http://127.0.0.1:9999`` or an ``http://`` page for the HTTPS site passed.
A socket is accepted when its ``Origin`` is one of ``SITE_ORIGINS`` (plus
``CSRF_TRUSTED_ORIGINS``) or is the origin of the handshake itself: the
``Host`` header (which must be an allowed host) with the connection's scheme.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}
# The scheme a page had, from the scheme its socket came in on.
PAGE_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def origin_normalize(origin: str) -> str | None:
    """Return ``scheme://host:port`` for an origin or URL, or None if malformed."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or port is None:
        return None
    return f"{parts.scheme}://{parts.hostname}:{port}"


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _handshake_origin(scope: dict) -> str | None:
    """Return the origin of the page this handshake should come from."""
    host = _header(scope, b"host")
    domain = split_domain_port(host)[0] if host else ""
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    if not settings.DEBUG and settings.SECURE_SSL_REDIRECT:
        scheme = "https"  # production serves pages over HTTPS only
    else:
        forwarded = _header(scope, b"x-forwarded-proto")
        raw = forwarded if settings.TRUSTED_PROXY and forwarded else scope.get("scheme")
        scheme = PAGE_SCHEMES.get((raw or "ws").split(",")[0].strip(), "http")
    return origin_normalize(f"{scheme}://{host}")


def origin_allowed(scope: dict) -> bool:
    """Return whether the handshake's ``Origin`` is this site's origin."""
    origin = _header(scope, b"origin")
    found = origin_normalize(origin) if origin else None
    if found is None:  # missing, "null" or malformed
        return False
    configured = {
        origin_normalize(o)
        for o in [*settings.SITE_ORIGINS, *settings.CSRF_TRUSTED_ORIGINS]
    }
    return found in configured or found == _handshake_origin(scope)


class SiteOriginValidator:
    """ASGI middleware: refuse a WebSocket whose origin is not this site's."""

    def __init__(self, application):
        """Wrap ``application``."""
        self.application = application

    async def __call__(self, scope, receive, send):
        """Pass an allowed handshake on; deny the others (HTTP 403)."""
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
