"""Knowledge imports over the size limit are refused before their body is read.

Django's ASGI handler reads a whole request body before any middleware runs, so
the size is checked one layer out, on the request's Content-Length: an
oversized upload costs neither memory nor the time to receive it.
"""

import re

from import_export.tmp_storages import CacheStorage

from django.conf import settings

IMPORT_PATH = re.compile(r"^/admin/knowledge/[a-z]+/import/$")
FORM_OVERHEAD = 64 * 1024  # the multipart form's other fields and boundaries


def too_big_message() -> str:
    """Return the Chinese refusal, naming the limit."""
    mb = settings.KNOWLEDGE_IMPORT_MAX_BYTES / 1024 / 1024
    rows = settings.KNOWLEDGE_IMPORT_MAX_ROWS
    return (
        f"文件太大：知识库导入一次最多 {mb:g} MB、{rows} 行。请把文件拆小后分几次导入。"
    )


class UploadLimit:
    """ASGI middleware: a 413 page for an import POST over the limit."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        """Refuse an oversized import at once; pass everything else on."""
        if (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and IMPORT_PATH.match(scope["path"])
        ):
            headers = dict(scope.get("headers") or [])
            if import_too_big(headers.get(b"content-length")):
                await _refuse(send)
                return
        await self.app(scope, receive, send)


def import_too_big(length: bytes | None) -> bool:
    """Return whether an import with this Content-Length is refused.

    No length (a chunked upload) is refused too: its size is unknown up front.
    """
    limit = settings.KNOWLEDGE_IMPORT_MAX_BYTES + FORM_OVERHEAD
    return not (length and length.isdigit()) or int(length) > limit


def refusal_page() -> bytes:
    """Return the 413 page: the Chinese reason and the way back."""
    return (
        '<!doctype html><html lang="zh-hans"><meta charset="utf-8">'
        f"<title>文件太大</title><p>{too_big_message()}</p>"
        '<p><a href="/admin/">回到管理后台</a></p></html>'
    ).encode()


def refusal_start(body: bytes) -> dict:
    """Return the ASGI start of the 413 response that carries ``body``."""
    return {
        "type": "http.response.start",
        "status": 413,
        "headers": [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ],
    }


async def _refuse(send) -> None:
    body = refusal_page()
    await send(refusal_start(body))
    await send({"type": "http.response.body", "body": body})


class ExpiringUploads(CacheStorage):
    """Where a previewed upload waits for its confirm: in the shared cache, briefly.

    A preview never confirmed expires on its own (no files left in a temp
    folder), and the confirm may reach another daphne than the preview did.
    """

    CACHE_LIFETIME = 30 * 60
