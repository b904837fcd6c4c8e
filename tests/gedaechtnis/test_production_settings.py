"""The production profile: DEBUG off, secrets and hosts from the environment, secure
cookies, a Content-Security-Policy."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from django.conf import settings
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from gedaechtnis.csp import ContentSecurityPolicyMiddleware

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "gedaechtnis.settings_production",
    "DJANGO_SECRET_KEY": "k" * 50,
    "GD_ALLOWED_HOSTS": "memory.example.org",
}
NAMES = [
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "GD_CONTENT_SECURITY_POLICY",
    "MIDDLEWARE",
]


def _load(env: dict) -> subprocess.CompletedProcess:
    script = (
        "import json, django; django.setup(); from django.conf import settings;"
        f"print(json.dumps({{n: getattr(settings, n) for n in {NAMES!r}}}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k != "GD_DEBUG"}
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**clean, **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_profile_takes_everything_secret_from_the_environment():
    result = _load(PRODUCTION)
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded["DEBUG"] is False
    assert loaded["ALLOWED_HOSTS"] == ["memory.example.org"]
    assert loaded["CSRF_TRUSTED_ORIGINS"] == ["https://memory.example.org"]
    assert loaded["SESSION_COOKIE_SECURE"] and loaded["CSRF_COOKIE_SECURE"]
    assert loaded["SECURE_SSL_REDIRECT"] and loaded["SECURE_HSTS_SECONDS"] >= 86400
    assert "default-src 'self'" in loaded["GD_CONTENT_SECURITY_POLICY"]
    assert "gedaechtnis.csp.ContentSecurityPolicyMiddleware" in loaded["MIDDLEWARE"]


def test_production_profile_refuses_to_start_without_its_secrets():
    for missing, phrase in (
        ("DJANGO_SECRET_KEY", "DJANGO_SECRET_KEY must be set in production"),
        ("GD_ALLOWED_HOSTS", "GD_ALLOWED_HOSTS must be set in production"),
    ):
        env = {k: v for k, v in PRODUCTION.items() if k != missing}
        result = _load(env)
        assert result.returncode != 0 and phrase in result.stderr
    result = _load({**PRODUCTION, "GD_DEBUG": "1"})
    assert result.returncode != 0 and "GD_DEBUG must be off" in result.stderr
    result = _load({**PRODUCTION, "DJANGO_SECRET_KEY": "short"})
    assert result.returncode != 0 and "at least 40 characters" in result.stderr


@override_settings(GD_CONTENT_SECURITY_POLICY="default-src 'self'")
def test_csp_middleware_sets_the_policy_unless_a_view_set_its_own():
    request = RequestFactory().get("/")
    plain = ContentSecurityPolicyMiddleware(lambda r: HttpResponse("ok"))(request)
    assert plain["Content-Security-Policy"] == "default-src 'self'"

    def own(r):
        response = HttpResponse("ok")
        response["Content-Security-Policy"] = "default-src 'none'"
        return response

    assert ContentSecurityPolicyMiddleware(own)(request)["Content-Security-Policy"] == (
        "default-src 'none'"
    )


def test_the_worker_console_shows_warnings_and_failures_not_every_task():
    import logging

    worker = logging.getLogger("django-q")
    assert not worker.isEnabledFor(logging.INFO)
    assert worker.isEnabledFor(logging.WARNING)
