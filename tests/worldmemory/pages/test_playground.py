"""Spielwiese: a typed message becomes a source, the rule curator commits, the block shows."""

from __future__ import annotations

import pytest

from curator.models import CuratorQueue
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.models import Entity, SourceMessage
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

URL = "/gedaechtnis/spielwiese/"


def test_playground_page(client_a):
    response = client_a.get(URL)
    assert response.status_code == 200
    assert "Spielwiese" in response.content.decode()


def test_the_playground_names_its_curator_in_words(client_a, settings):
    settings.GD_CURATOR = "rules"
    page = client_a.get(URL).content.decode()
    assert "der Kurator (regelbasiert)" in page and "(rules)" not in page


def test_a_message_becomes_an_entity_and_shows_in_the_block(client_a):
    response = client_a.post(URL, {"text": "Luna ist meine Katze"}, **htmx("play-body"))
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="play-body"')
    assert 'href="/gedaechtnis/e/pet:luna"' in page
    assert "Luna ist eine Katze" in page  # what the committed fact says, as a sentence
    assert "species: cat" in page  # the raw Known World State block, behind Details
    card = page.split('data-testid="known-card"')[1].split("<details")[0]
    assert "Luna ist eine Katze" in card  # the block as a person reads it
    assert response["HX-Trigger"] == "memory-changed"
    with owner_scope("owner-a"):
        assert Entity.objects.filter(kind_id="pet", slug="luna").exists()
        assert SourceMessage.objects.filter(session_external_id="spielwiese").count() == 1


def test_an_empty_message_writes_nothing(client_a):
    response = client_a.post(URL, {"text": "   "}, **htmx("play-body"))
    assert response.status_code == 422
    assert "Bitte eine Nachricht eingeben." in response.content.decode()
    with owner_scope("owner-a"):
        assert not SourceMessage.objects.exists()


def test_playground_without_htmx(client_a):
    response = client_a.post(URL, {"text": "Luna ist meine Katze"})
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_the_playground_curates_at_once_and_shows_the_notice_once(client_a):
    client_a.post(URL, {"text": "Luna ist meine Katze, sie bekommt um 19 Uhr Futter"})
    response = client_a.post(
        URL, {"text": "Eigentlich bekommt Luna um 18 Uhr Futter"}, **htmx("play-body")
    )
    page = response.content.decode()
    said = "du sagtest früher 19:00, jetzt 18:00 — ich habe das aktualisiert."
    assert 'data-testid="notice"' in page and said in page
    assert page.count(said) == 1  # said by the page once, not again in the block below
    assert "Luna bekommt um 18:00 Futter" in page  # what is now believed, as a sentence
    assert not CuratorQueue.objects.exists()  # nothing waits for the worker's debounce
    again = client_a.post(URL, {"text": "Danke"}, **htmx("play-body")).content.decode()
    assert said not in again
