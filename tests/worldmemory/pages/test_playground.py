"""Spielwiese: a typed message becomes a source, the rule curator commits, the block shows."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from curator.models import CuratorQueue
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.models import Entity, Fact, SourceMessage
from worldmemory.pages.playground import known_card
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
    # the person's block, in the page's language: labels, values in words, since when
    assert "Tierart: Katze" in card and "seit " in card
    assert 'href="/gedaechtnis/e/pet:luna">Luna</a>' in card
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


def test_the_card_is_the_persons_block_and_the_agents_markdown_waits_behind_details(client_a):
    client_a.post(URL, {"text": "Luna ist meine Katze, sie bekommt um 19 Uhr Futter"})
    page = client_a.get(URL).content.decode()  # a reload renders the whole page
    card, details = page.split('data-testid="known-card"')[1].split("<details", 1)
    assert "Fütterungszeit: 19:00" in card and "Tierart: Katze" in card
    assert "Known World State" not in card and "Bekannter Stand" not in card  # the h2 says it
    # no identifier outside Details: no snake_case key, no ref, no run id, no "0 Züge"
    words = re.sub(r"<[^>]+>", " ", card)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+:[a-z0-9-]+\b|run:", words), words
    assert "Züge" not in card and "Me" not in words.split()
    assert "## Known World State" in details and "- species: cat" in details


def test_the_card_speaks_english_on_an_english_page(client_a):
    client_a.post(URL, {"text": "Luna ist meine Katze"})
    page = client_a.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    card = page.split('data-testid="known-card"')[1].split("<details")[0]
    assert "Species: cat" in card and "since " in card and "Tierart" not in card


def test_the_card_splits_headings_lines_and_how_sure():
    card = known_card(
        "## Bekannter Stand\n\n### Über dich\n- Name: Basti   👤 seit 2024 · ●●●●●\n\n"
        "### Luna (pet:luna)\n- Tierart: Katze   👤 seit 3. Mai 2024 · ●●●●○\n\n"
        "### Aus dem Gespräch (dieses Gespräch)\n#### Dieses Gespräch\n"
    )
    assert [(s["title"], s["ref"]) for s in card] == [
        ("Über dich", ""),
        ("Luna", "pet:luna"),
        ("Aus dem Gespräch (dieses Gespräch)", ""),
    ]  # a sub-heading over no line is left out
    assert card[1]["lines"] == [{"text": "Tierart: Katze", "how": "👤 seit 3. Mai 2024 · ●●●●○"}]
    assert known_card("## Bekannter Stand der Welt\n(noch nichts bekannt)") == []


def test_a_reload_still_says_what_the_curator_did_with_the_last_message(client_a):
    client_a.post(URL, {"text": "Anna ist meine Schwester"}, **htmx("play-body"))
    client_a.post(URL, {"text": "Luna ist meine Katze"}, **htmx("play-body"))
    page = client_a.get(URL).content.decode()
    outcome = page.split('data-testid="outcome"')[1].split("</ul>")[0]
    assert "Luna ist eine Katze" in outcome
    assert "Schwester" not in outcome  # the last message's outcome, not every earlier one


def test_a_change_says_changed_and_the_value_it_replaced(client_a):
    client_a.post(URL, {"text": "Luna ist meine Katze. Luna bekommt um 19 Uhr Futter."})
    page = client_a.post(URL, {"text": "Ab jetzt bekommt Luna um 18 Uhr Futter."}).content
    outcome = page.decode().split('data-testid="outcome"')[1].split("</ul>")[0]
    assert "Geändert:" in outcome
    assert '<span class="old">Luna bekommt um 19:00 Futter</span>' in outcome
    assert "Luna bekommt um 18:00 Futter" in outcome


def test_a_named_month_starts_at_the_persons_midnight(client_a):
    client_a.post(URL, {"text": "Ich arbeite seit März 2021 als Lehrerin."})
    with owner_scope("owner-a"):
        fact = Fact.objects.get(predicate_id="works_as")
    local = timezone.localtime(fact.valid_from)
    assert (local.year, local.month, local.day, local.hour, local.minute) == (2021, 3, 1, 0, 0)


def test_the_agents_markdown_on_an_english_page_is_english(client_a):
    client_a.post(URL, {"text": "Biscuit is my dog, he gets fed at 7am"})
    page = client_a.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    details = page.split('data-testid="known-card"')[1].split("<details", 1)[1]
    assert "## Known World State" in details and "turns" in details
    assert not [w for w in ("Züge", "bisher", "gültig", "(keine)", "Sitzung") if w in details]
