"""Login throttling: after the allowed number of wrong passwords the pages' login and the
admin's refuse further attempts for a while, the right password too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import PASSWORD, login

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

LOGIN = "/gedaechtnis/anmelden/"


def _attempt(client: Client, username: str, password: str, *, ip: str = "10.0.0.1", **extra):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=ip, **extra)


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _fail(client: Client, username: str, times: int, **kwargs) -> None:
    for _ in range(times):
        response = _attempt(client, username, "falsch", **kwargs)
        assert response.status_code == 200
        assert "Benutzername und Passwort passen nicht zusammen." in response.content.decode()


def _lock(client: Client, username: str, limit: int, **kwargs) -> None:
    """Wrong passwords up to the limit: the last one already answers the lockout."""
    _fail(client, username, limit - 1, **kwargs)
    assert _attempt(client, username, "falsch", **kwargs).status_code == 429


def test_the_right_password_is_refused_after_too_many_wrong_ones(settings):
    login("owner-a", "alice")
    client = Client()
    _fail(client, "alice", settings.AXES_FAILURE_LIMIT - 1)
    response = _attempt(client, "alice", "falsch")
    assert response.status_code == 429
    response = _attempt(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "Zu viele falsche Passwörter (5 nacheinander)" in response.content.decode()
    assert not _logged_in(client)


def test_the_lockout_speaks_english_too(settings):
    login("owner-a", "alice")
    client = Client()
    _lock(client, "alice", settings.AXES_FAILURE_LIMIT)
    response = _attempt(client, "alice", PASSWORD, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    assert "Too many wrong passwords (5 in a row)" in response.content.decode()


def test_a_username_is_locked_from_every_address(settings):
    login("owner-a", "alice")
    _lock(Client(), "alice", settings.AXES_FAILURE_LIMIT)
    client = Client()
    assert _attempt(client, "alice", PASSWORD, ip="10.9.9.9").status_code == 429
    assert not _logged_in(client)


def test_an_address_guessing_many_usernames_is_locked(settings):
    login("owner-b", "bob")
    client = Client()
    for index in range(settings.AXES_FAILURE_LIMIT - 1):
        _fail(client, f"nobody-{index}", 1)
    assert _attempt(client, "nobody-last", "falsch").status_code == 429
    assert _attempt(client, "bob", PASSWORD).status_code == 429
    other = Client()
    assert _attempt(other, "bob", PASSWORD, ip="10.0.0.2").status_code == 302
    assert _logged_in(other)


def test_after_the_cool_off_the_right_password_works_again(settings):
    login("owner-a", "alice")
    client = Client()
    _lock(client, "alice", settings.AXES_FAILURE_LIMIT)
    assert _attempt(client, "alice", PASSWORD).status_code == 429
    passed = timezone.now() - timedelta(minutes=settings.GD_LOGIN_COOLOFF_MINUTES + 1)
    AccessAttempt.objects.update(attempt_time=passed)
    response = _attempt(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert _logged_in(client)


def test_a_successful_login_resets_the_count(settings):
    login("owner-a", "alice")
    client = Client()
    _fail(client, "alice", settings.AXES_FAILURE_LIMIT - 1)
    assert _attempt(client, "alice", PASSWORD).status_code == 302
    client.logout()
    _fail(client, "alice", settings.AXES_FAILURE_LIMIT - 1)
    assert _attempt(client, "alice", PASSWORD).status_code == 302


def test_the_admin_login_is_throttled_too(settings, django_user_model):
    django_user_model.objects.db_manager("app").create_superuser(
        username="root", password="ein-langes-passwort", email=""
    )
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post(
            "/admin/login/?next=/admin/",
            {"username": "root", "password": "falsch"},
            REMOTE_ADDR="10.0.0.3",
        )
        assert response.status_code in {200, 429}
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "root", "password": "ein-langes-passwort"},
        REMOTE_ADDR="10.0.0.3",
    )
    assert response.status_code == 429
    assert not _logged_in(client)
