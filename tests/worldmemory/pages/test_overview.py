"""Login, the overview, the language switch and the root redirect."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from tests.worldmemory.pages.world import PASSWORD, login
from worldmemory.models import Entity
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def test_root_redirects_to_the_pages(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/gedaechtnis/"


def test_login_with_the_form_maps_the_user_to_its_owner(world):
    login("owner-a", "alice")
    client = Client()
    page = client.get("/gedaechtnis/anmelden/")
    assert page.status_code == 200 and "Anmelden" in page.content.decode()
    bad = client.post("/gedaechtnis/anmelden/", {"username": "alice", "password": "nein"})
    assert bad.status_code == 200 and "passen nicht" in bad.content.decode()
    response = client.post("/gedaechtnis/anmelden/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    overview = client.get("/gedaechtnis/").content.decode()
    assert "pet:luna" in overview  # owner-a's memory


def test_a_user_without_an_owner_sees_no_memory(world, django_user_model):
    user = django_user_model.objects.create_user("nobody", password=PASSWORD)
    client = Client()
    client.force_login(user)
    response = client.get("/gedaechtnis/")
    assert response.status_code == 403
    assert "pet:luna" not in response.content.decode()


def test_overview_lists_recent_entities_counts_and_the_review_count(client_a, world):
    response = client_a.get("/gedaechtnis/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Überblick" in page
    assert "pet:luna" in page and "person:me" in page
    assert '<span class="badge"' in page  # one pending item in the navigation
    assert "Warten auf Prüfung" in page


def test_overview_of_another_owner_is_empty(client_b, world):
    page = client_b.get("/gedaechtnis/").content.decode()
    assert "pet:luna" not in page
    assert "Noch nichts gemerkt" in page


def test_search_finds_luna_full_page_and_partial(client_a, world):
    page = client_a.get("/gedaechtnis/", {"q": "Luna"}).content.decode()
    assert 'href="/gedaechtnis/e/pet:luna"' in page
    response = client_a.get("/gedaechtnis/", {"q": "Luna"}, **htmx("results"))
    partial = response.content.decode()
    assert partial.lstrip().startswith('<section id="results"')
    assert 'href="/gedaechtnis/e/pet:luna"' in partial
    assert "<html" not in partial


def test_search_without_hits_says_so(client_a, world):
    page = client_a.get("/gedaechtnis/", {"q": "Zebraschnecke"}, **htmx("results")).content
    assert "Kein Treffer für „Zebraschnecke“" in page.decode()


def test_language_switch_to_english(client_a, world):
    response = client_a.post("/i18n/setlang/", {"language": "en", "next": "/gedaechtnis/"})
    assert response.status_code == 302
    page = client_a.get("/gedaechtnis/").content.decode()
    assert "Overview" in page and 'lang="en"' in page
    assert "Überblick" not in page


def test_german_is_the_default(client_a, world):
    page = client_a.get("/gedaechtnis/").content.decode()
    assert 'lang="de"' in page


def test_pages_need_a_login(client):
    for url in (
        "/gedaechtnis/",
        "/gedaechtnis/pruefen/",
        "/gedaechtnis/graph/",
        "/gedaechtnis/logbuch/",
        "/gedaechtnis/quellen/",
        "/gedaechtnis/spielwiese/",
    ):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/gedaechtnis/anmelden/?next=")


def test_post_without_csrf_token_is_refused(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(login("owner-a", "alice"))
    response = client.post(f"/gedaechtnis/pruefen/{world.pending_id}/annehmen")
    assert response.status_code == 403


def test_recently_changed_shows_the_persons_world_first_and_reflection_folded(client_a, world):
    """Twelve questions noted after Luna's last change neither push Luna out nor mix with
    the people and pets: they are listed apart, folded."""
    with owner_scope("owner-a") as scope:
        for number in range(12):
            question = Entity.objects.create(
                owner_sub=scope.owner_sub,
                kind_id="open_question",
                slug=f"q-{number}",
                canonical_name=f"Lohnt sich das für den Arbeitsweg, Frage {number}?",
            )
            factories.fact(scope, subject=question, predicate="statement", value="offen")
    page = client_a.get("/gedaechtnis/").content.decode()
    recent = page.split('id="recent-h"', 1)[1].split("</section>", 1)[0]
    world_part, folded = recent.split('data-testid="recent-reflection"', 1)
    assert "/gedaechtnis/e/pet:luna" in world_part and "Arbeitsweg" not in world_part
    assert "Arbeitsweg, Frage 11?" in folded and "/gedaechtnis/e/pet:luna" not in folded
