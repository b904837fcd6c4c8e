"""Every message a person can meet comes in German and English, in words: a refusal of a
merge, a bad end date, the reason a proposal waits for review and a problem the API
reports to a browser. The API keeps its English for agents that name no language."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from tests.worldmemory.pages.world import login
from worldmemory import labels, messages
from worldmemory.models import Entity, Fact
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
URL = "/gedaechtnis/e/pet:luna"
IDENTIFIERS = ("pet:luna", "person:anna", "derived_preference", "valid_to", "valid_from")


def _client(language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(login("owner-a", "alice"))
    return client


def _shown(response) -> str:
    """The page without its "Details" toggles, where identifiers may stay."""
    page = response.content.decode()
    while '<details class="tech' in page:
        start = page.index('<details class="tech')
        page = page[:start] + page[page.index("</details>", start) + len("</details>") :]
    return page


def _alerts(response) -> list[str]:
    return re.findall(r'role="alert"[^>]*>(.*?)</', _shown(response), re.DOTALL)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "„Luna“ und „Anna“ sind verschiedener Art und werden nie zusammengeführt."),
        ("en", "“Luna” and “Anna” are of different kinds and are never merged."),
    ],
)
def test_a_merge_of_two_kinds_is_refused_in_words(world, language, said):
    with owner_scope("owner-a") as scope:
        Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="person", slug="anna", canonical_name="Anna"
        )
    response = _client(language).post(
        f"{URL}/zusammenfuehren", {"confirmed": "1", "into": "person:anna"}, **htmx("entity-body")
    )
    assert response.status_code == 422
    alerts = _alerts(response)
    assert said in alerts
    assert not [key for alert in alerts for key in IDENTIFIERS if key in alert]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Das Ende muss nach dem Beginn liegen"),
        ("en", "The end must be after the start"),
    ],
)
def test_an_end_before_the_start_is_refused_in_words(world, language, said):
    # the status holds since two days: ending it three days ago is before its start
    before_start = timezone.localtime(timezone.now() - timedelta(days=3))
    response = _client(language).post(
        f"{URL}/f/{world.status_now.pk}/beenden",
        {"confirmed": "1", "valid_to": before_start.strftime("%Y-%m-%dT%H:%M")},
        **htmx("entity-body"),
    )
    assert response.status_code == 422, response.content
    alerts = _alerts(response)
    assert any(said in alert for alert in alerts), alerts
    assert not [key for alert in alerts for key in IDENTIFIERS if key in alert]
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=world.status_now.pk).superseded_at is None


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "de",
            "Warum es wartet: Als abgeleitete Vorliebe wird es erst nach deiner Prüfung gemerkt",
        ),
        ("en", "Why it waits: As a derived preference it is remembered only after your review"),
    ],
)
def test_the_review_queue_says_why_a_proposal_waits(world, language, said):
    page = _shown(_client(language).get("/gedaechtnis/pruefen/"))
    assert said in page
    assert "needs review" not in page and "derived_preference" not in page


def test_the_api_speaks_the_language_a_browser_names_and_english_to_agents(world):
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="t")
    url = "/api/v1/entities/person:niemand/split"
    agent = Client().post(url, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert agent.status_code == 404
    assert agent.json()["detail"] == "no entity 'person:niemand'"
    german = Client().post(url, HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="de")
    assert german.json()["detail"] == "Nichts mit dem Namen „niemand“ gefunden."
    english = Client().post(url, HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["detail"] == "Nothing called “niemand” was found."
    anything = Client().post(url, HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="*")
    assert anything.json()["detail"] == "no entity 'person:niemand'"  # "*" names no language
    browser = Client().post(
        url, HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="fr-CH, de;q=0.8"
    )
    assert browser.json()["detail"] == "Nichts mit dem Namen „niemand“ gefunden."


def test_a_stored_reason_is_read_with_labels_in_both_languages():
    """Reasons stored as English text are recognised and said with the registry's labels."""
    stored = "predicate 'lives_in' takes entity objects: use assert_relationship"
    with translation.override("de"):
        assert labels.say(stored) == "„wohnt in“ nimmt nur Entitäten an"
        assert labels.say("unknown attribute 'likes'") == "„Likes“ ist ein unbekanntes Merkmal"
    with translation.override("en"):
        assert labels.say(stored) == "“lives in” takes entities only"
    assert labels.say("something else entirely") == "something else entirely"


def test_a_reflection_trigger_reads_as_words(world):
    """The reflection engine stores why a thread is in its state in English: the page says
    it in the person's language, the day in words and the session id left out."""
    with translation.override("de"):
        assert labels.say("resurface pet:luna on 2026-12-03") == (
            "„Luna“ am 3. Dezember 2026 wieder aufgreifen"
        )
        assert labels.say("taken up again in session chat-7") == (
            "in einem Gespräch wieder aufgegriffen"
        )
        assert labels.say("a recurring part of life with its experiences") == (
            "ein Lebensbereich, der mit seinen Erlebnissen wiederkehrt"
        )
        assert labels.say("the owner said it was not_important") == (
            "du hast es „nicht wichtig“ genannt"
        )
    with translation.override("en"):
        assert labels.say("resurface pet:luna") == "bring “Luna” back"


def test_a_moment_dated_by_the_day_it_was_told_quotes_no_words():
    when = {"value": "2026-05-27", "granularity": "day", "cue": messages.WHEN_TOLD}
    with translation.override("de"):
        assert labels.value_word(when) == "27. Mai 2026 (an dem Tag erzählt)"
    with translation.override("en"):
        assert labels.value_word(when) == "May 27, 2026 (the day it was told)"


def test_every_message_of_the_catalogue_is_translated_into_both_languages():
    for language in ("de", "en"):
        with translation.override(language):
            untranslated = [t for t in messages.CATALOGUE if translation.gettext(t) == t]
        assert not untranslated, (language, untranslated)


def test_an_entry_time_without_an_offset_reads_as_a_moment_instead_of_failing_the_page():
    with translation.override("de"):
        assert labels.value_word({"at": "2026-03-01T10:00:00"}) == "Eintrag vom 01.03.2026 10:00"
        aware = labels.value_word({"at": "2026-03-01T09:00:00+00:00"})
        assert aware == "Eintrag vom 01.03.2026 10:00"  # UTC shown in Berlin time


def test_a_name_that_reads_like_a_catalogue_text_stays_the_persons_own():
    with translation.override("de"), labels.read_once():
        labels.known_names(
            {"person:anna": "recurring topic", "resurfacing_anchor:x": "recurring topic"}
        )
        assert labels.entity_name("person:anna") == "recurring topic"
        assert labels.entity_name("resurfacing_anchor:x") != "recurring topic"  # translated


@pytest.mark.parametrize(
    ("stored", "german", "english"),
    [
        ("guinea_pig", "Meerschweinchen", "guinea pig"),
        ("sister-in-law", "Schwägerin", "sister-in-law"),
        ("fiancee", "Verlobte", "fiancée"),
        ("grandson", "Enkel", "grandson"),
    ],
)
def test_the_curators_tokens_read_as_words(stored, german, english):
    with translation.override("de"):
        assert labels.value_word(stored) == german
    with translation.override("en"):
        assert labels.value_word(stored) == english
