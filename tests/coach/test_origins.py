"""The WebSocket origin check compares scheme, host and port, not the host alone."""

import pytest

from django.test import override_settings

from coach.origins import origin_allowed, origin_normalize


def handshake(origin: str | None, *, host="127.0.0.1:8123", scheme="ws", **extra):
    """Return a WebSocket scope as daphne builds it."""
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    headers += [(k.encode(), v.encode()) for k, v in extra.items()]
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("http://127.0.0.1:8123", True),  # the page's own origin
        ("http://127.0.0.1:9999", False),  # another port
        ("https://127.0.0.1:8123", False),  # another scheme
        ("https://127.0.0.1", False),  # another scheme and port
        ("http://evil.example:8123", False),  # another host
        ("http://127.0.0.1.evil.example:8123", False),
        ("null", False),  # sandboxed frames and file:// pages
        ("", False),
        (None, False),  # no Origin header at all
        ("http://[::1", False),  # malformed
    ],
)
@override_settings(SITE_ORIGINS=[])
def test_origin_matrix_in_development(origin, allowed):
    assert origin_allowed(handshake(origin)) is allowed


@override_settings(SITE_ORIGINS=[])
def test_the_handshake_host_must_be_an_allowed_host():
    # DNS rebinding: a page at evil.example:8123 resolving to us is same-origin
    # with its own Host header, but that host is not ours.
    scope = handshake("http://evil.example:8123", host="evil.example:8123")
    assert not origin_allowed(scope)


@override_settings(SITE_ORIGINS=["https://coach.example"])
def test_configured_site_origins_are_accepted_with_default_ports():
    assert origin_allowed(handshake("https://coach.example"))
    assert origin_allowed(handshake("https://coach.example:443"))
    assert not origin_allowed(handshake("http://coach.example"))
    assert not origin_allowed(handshake("https://coach.example:8443"))


@override_settings(
    DEBUG=False,
    SECURE_SSL_REDIRECT=True,
    ALLOWED_HOSTS=["coach.example"],
    SITE_ORIGINS=[],
    CSRF_TRUSTED_ORIGINS=[],
)
def test_production_refuses_the_http_origin_of_the_https_site():
    # TLS ends at the proxy: the socket reaches daphne as plain ws.
    assert origin_allowed(handshake("https://coach.example", host="coach.example"))
    assert not origin_allowed(handshake("http://coach.example", host="coach.example"))


@override_settings(SITE_ORIGINS=[], SECURE_SSL_REDIRECT=False)
def test_forwarded_proto_counts_only_behind_a_trusted_proxy():
    scope = handshake("https://127.0.0.1:8123", **{"x-forwarded-proto": "https"})
    with override_settings(TRUSTED_PROXY=False):
        assert not origin_allowed(scope)
    with override_settings(TRUSTED_PROXY=True):
        assert origin_allowed(scope)


@override_settings(SITE_ORIGINS=[])
def test_ipv6_loopback_same_origin_is_accepted():
    assert origin_allowed(handshake("http://[::1]:8123", host="[::1]:8123"))
    assert not origin_allowed(handshake("http://[::1]:8124", host="[::1]:8123"))


def test_origins_normalise_to_scheme_host_port():
    assert origin_normalize("HTTPS://Coach.Example") == "https://coach.example:443"
    assert origin_normalize("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert origin_normalize("ftp://x") is None
    assert origin_normalize("null") is None
