"""ASGI entry point: HTTP to Django, WebSockets to the coach consumer."""

import gc
import logging
import os
import threading

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
# Django must be set up before routing imports consumers and models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from coach import header_deadline, warmth  # noqa: E402
from coach.origins import SiteOriginValidator  # noqa: E402
from coach.routing import websocket_urlpatterns  # noqa: E402
from knowledge import early_refusal  # noqa: E402
from knowledge.uploads import UploadLimit  # noqa: E402

# Under daphne an oversized import is refused as its body streams in, unstored;
# the ASGI guard below covers every other server.
early_refusal.install()
# Under daphne a request's headers get a deadline: trickled headers never hold a
# connection (a proxy in front can do the same: docs/operations.md).
header_deadline.install(settings.HTTP_HEADER_TIMEOUT)

application = ProtocolTypeRouter(
    {
        "http": UploadLimit(django_asgi_app),
        "websocket": SiteOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)


def _warm_up() -> None:
    """Load jieba, the classifiers and the knowledge index beside the server.

    daphne listens first, so a restarted process (the launcher restarts a dead
    one) serves pages at once; a turn that comes before the warm-up is done
    waits on the same once-locks instead of loading a second copy.
    """
    try:
        from agent.api import warm_up
        from knowledge.search import index_warm

        index_warm()  # first: every page reads the knowledge (and waits for it)
        warm_up()  # the risk and intent classifiers, once per process
    except Exception as exc:  # a cold index only slows the first search
        logging.getLogger(__name__).warning("warm-up failed: %s", exc)
    # Everything loaded so far (Django, LangGraph, jieba's dictionary, the index)
    # lives as long as the process. Frozen, the collector stops re-walking it:
    # full collections that paused daphne 170-390 ms under load take 7-27 ms
    # (bench/ws_load.py, 50 sessions: p95 106-165 ms -> 40 ms).
    gc.collect()
    gc.freeze()
    warmth.done()


warmth.begin()
threading.Thread(target=_warm_up, name="warm-up", daemon=True).start()
