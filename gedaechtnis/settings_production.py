"""Production profile: ``DJANGO_SETTINGS_MODULE=gedaechtnis.settings_production``.

Everything of ``gedaechtnis.settings``, then: DEBUG off, secrets and allowed hosts
only from the environment (a missing one stops the start with one sentence),
secure cookies, HSTS, and a Content-Security-Policy on every response.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from gedaechtnis.csp import DEFAULT_POLICY
from gedaechtnis.settings import *  # noqa: F403
from gedaechtnis.settings import MIDDLEWARE, _env_flag


def _required(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} must be set in production.")
    return value


def _listed(name: str) -> list[str]:
    return [item.strip() for item in _required(name).split(",") if item.strip()]


DEBUG = _env_flag("GD_DEBUG", default=False)
if DEBUG:
    raise ImproperlyConfigured("GD_DEBUG must be off in production.")
SECRET_KEY = _required("DJANGO_SECRET_KEY")
if len(SECRET_KEY) < 40:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be at least 40 characters long.")
ALLOWED_HOSTS = _listed("GD_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("GD_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
] or [f"https://{host.lstrip('.')}" for host in ALLOWED_HOSTS if host != "*"]

SESSION_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_HSTS_SECONDS = int(os.environ.get("GD_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("GD_HSTS_INCLUDE_SUBDOMAINS", default=False)
# TLS ends at the load balancer, which says so in X-Forwarded-Proto
SECURE_SSL_REDIRECT = _env_flag("GD_SSL_REDIRECT", default=True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# the probes come over plain HTTP from inside the network
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]

# Own scripts and styles only (htmx, the graph library and the API docs are static files).
GD_CONTENT_SECURITY_POLICY = os.environ.get("GD_CONTENT_SECURITY_POLICY", DEFAULT_POLICY).strip()
MIDDLEWARE = [
    MIDDLEWARE[0],
    "gedaechtnis.csp.ContentSecurityPolicyMiddleware",
    *MIDDLEWARE[1:],
]
