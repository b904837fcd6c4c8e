"""The admin shows tenant rows read-only, and only the admin user's own (RLS decides)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.accounts import account_ensure

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _admin(owner_sub: str, username: str) -> Client:
    user, _ = account_ensure(
        username=username, owner_sub=owner_sub, password="a-long-password", superuser=True
    )
    client = Client()
    client.force_login(user)
    return client


def test_admin_sees_own_entities_read_only(world):
    client = _admin("owner-a", "root-a")
    page = client.get("/admin/worldmemory/entity/").content.decode()
    assert "luna" in page
    assert client.get("/admin/worldmemory/entity/add/").status_code == 403
    detail = client.get(f"/admin/worldmemory/entity/{world.luna.pk}/change/")
    assert detail.status_code == 200
    assert 'name="_save"' not in detail.content.decode()
    search = client.get("/admin/worldmemory/fact/", {"q": "status"}).content.decode()
    assert "drinnen" in search


def test_admin_of_another_owner_sees_nothing(world):
    client = _admin("owner-b", "root-b")
    page = client.get("/admin/worldmemory/entity/").content.decode()
    assert "luna" not in page
    assert client.get(f"/admin/worldmemory/entity/{world.luna.pk}/change/").status_code == 302
