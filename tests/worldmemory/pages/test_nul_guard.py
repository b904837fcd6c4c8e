"""A NUL character in an address, a query or a form: a 404 or a 400 in words, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.accounts import account_ensure
from worldmemory.models import Fact

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.mark.parametrize(
    "path",
    [
        "/gedaechtnis/e/%00",
        "/gedaechtnis/e/a%00b",
        "/gedaechtnis/e/pet%3Aluna%2500",  # the segment converter unquotes it once more
        "/gedaechtnis/graph/%00",
        "/gedaechtnis/quellen/sitzung/%00",
    ],
)
def test_a_nul_in_the_address_is_not_found(client_a, world, path):
    response = client_a.get(path)
    assert response.status_code == 404
    assert "Nicht gefunden" in response.content.decode()


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/gedaechtnis/", {"q": "\x00"}),
        ("/gedaechtnis/logbuch/", {"q": "Lu\x00na"}),
        ("/gedaechtnis/quellen/", {"q": "\x00"}),
        ("/gedaechtnis/e/pet:luna", {"at": "\x00"}),
    ],
)
def test_a_nul_in_a_query_is_refused_in_words(client_a, world, path, query):
    response = client_a.get(path, query)
    assert response.status_code == 400
    assert "Steuerzeichen (NUL)" in response.content.decode()


def test_a_nul_in_a_form_field_changes_nothing(client_a, world):
    url = f"/gedaechtnis/e/pet:luna/f/{world.status_now.pk}/aendern"
    response = client_a.post(url, {"confirmed": "1", "value": "im\x00Garten"})
    assert response.status_code == 400
    assert "Steuerzeichen (NUL)" in response.content.decode()
    # nothing written: the fact still holds and nothing replaced it
    assert not Fact.objects.filter(supersedes_fact=world.status_now).exists()


def test_a_nul_in_the_login_form_is_refused(client, world):
    response = client.post("/gedaechtnis/anmelden/", {"username": "\x00", "password": "x"})
    assert response.status_code == 400


def test_the_refusal_speaks_english_on_an_english_page(client_a, world):
    response = client_a.get("/gedaechtnis/", {"q": "\x00"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "control character (NUL)" in response.content.decode()


def test_a_nul_in_the_admin_search_is_refused(world):
    user, _ = account_ensure(
        username="root-a", owner_sub="owner-a", password="a-long-password", superuser=True
    )
    client = Client()
    client.force_login(user)
    response = client.get("/admin/worldmemory/fact/", {"q": "\x00"})
    assert response.status_code == 400
