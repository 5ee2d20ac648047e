"""Structured logging: one JSON object per line on stdout."""

import json
import logging
from datetime import UTC, datetime

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None)))


class JsonFormatter(logging.Formatter):
    """Format a record as JSON, keeping any ``extra=`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as one JSON line."""
        payload = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        payload.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            payload["exc"] = self.formatException(record.exc_info)
        return json.dumps(payload, ensure_ascii=False, default=str)


class HealthzUnavailable(logging.Filter):
    """Drop django.request's ERROR line for a 503 from /healthz.

    A probe asking while the worker has not sent its first heartbeat (every
    start-up) gets 503 by design, and the health check has already logged
    which part failed, as a warning with the detail; an ERROR on top would
    page someone for a start-up.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but that one."""
        request = getattr(record, "request", None)
        return not (
            getattr(record, "status_code", None) == 503
            and getattr(request, "path", "") == "/healthz"
        )
