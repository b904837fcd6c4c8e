"""Logbuch and Quellen: filters, causal chains, source search, sessions."""

from __future__ import annotations

import pytest

from tests import factories
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def test_log_shows_events_with_their_effects_nested(client_a, world):
    page = client_a.get("/gedaechtnis/logbuch/").content.decode()
    assert "Luna kratzt an der Tür" in page and "Tür geöffnet" in page
    # the effect appears once, nested under its cause
    assert page.count("Tür geöffnet") == 1
    nested = page.split("Luna kratzt an der Tür")[1]
    assert '<ol class="timeline">' in nested.split("Tür geöffnet")[0]


def test_log_filter_by_type_partial(client_a, world):
    response = client_a.get("/gedaechtnis/logbuch/", {"type": "tool_call"}, **htmx("log-body"))
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="log-body"')
    assert "Tür geöffnet" in page
    assert page.count("Luna kratzt") == 1  # not listed itself, only named as the cause
    assert "verursacht durch: Luna kratzt an der Tür" in page


def test_log_bad_filter_is_an_inline_error(client_a, world):
    response = client_a.get("/gedaechtnis/logbuch/", {"from": "letzte Woche"})
    assert response.status_code == 422
    assert "letzte Woche" in response.content.decode()


def test_log_of_another_owner_is_empty(client_b, world):
    assert "Luna kratzt" not in client_b.get("/gedaechtnis/logbuch/").content.decode()


@pytest.fixture
def chat(world):
    with owner_scope("owner-a") as scope:
        session = factories.session(scope, external_id="chat-7")
        return factories.message(scope, in_session=session, text="Luna ist meine Katze")


def test_sources_list_sessions_and_search(client_a, chat):
    page = client_a.get("/gedaechtnis/quellen/").content.decode()
    assert "chat-7" in page
    response = client_a.get("/gedaechtnis/quellen/", {"q": "Katze"}, **htmx("source-results"))
    partial = response.content.decode()
    assert partial.lstrip().startswith('<section id="source-results"')
    assert "Katze" in partial and f"#msg-{chat.pk}" in partial


def test_sources_search_by_speaker_and_date(client_a, chat):
    found = client_a.get("/gedaechtnis/quellen/", {"q": "Katze", "speaker": "user"})
    assert f"#msg-{chat.pk}" in found.content.decode()
    none = client_a.get("/gedaechtnis/quellen/", {"q": "Katze", "speaker": "assistant"})
    assert f"#msg-{chat.pk}" not in none.content.decode()
    later = client_a.get("/gedaechtnis/quellen/", {"q": "Katze", "from": "2999-01-01T00:00"})
    assert f"#msg-{chat.pk}" not in later.content.decode()


def test_the_speaker_filter_takes_the_words_the_page_shows(client_a, chat):
    """The hits say "du" and "Agent": typed into the filter, they find those speakers."""
    for word in ("du", "Du", "you"):
        found = client_a.get("/gedaechtnis/quellen/", {"q": "Katze", "speaker": word})
        assert f"#msg-{chat.pk}" in found.content.decode(), word
    agent = client_a.get("/gedaechtnis/quellen/", {"q": "Katze", "speaker": "Agent"})
    assert f"#msg-{chat.pk}" not in agent.content.decode()
    page = client_a.get("/gedaechtnis/quellen/").content.decode()
    assert 'placeholder="z. B. du, Agent"' in page


def test_sources_filters_without_words_are_an_error(client_a, chat):
    response = client_a.get("/gedaechtnis/quellen/", {"speaker": "user"})
    assert response.status_code == 422


def test_session_and_message_link(client_a, chat):
    page = client_a.get("/gedaechtnis/quellen/sitzung/chat-7").content.decode()
    assert "Luna ist meine Katze" in page and f'id="msg-{chat.pk}"' in page
    response = client_a.get(f"/gedaechtnis/quellen/nachricht/{chat.pk}")
    assert response.status_code == 302
    assert response["Location"] == f"/gedaechtnis/quellen/sitzung/chat-7#msg-{chat.pk}"


def test_another_owners_session_and_message_are_404(client_b, chat):
    assert client_b.get("/gedaechtnis/quellen/sitzung/chat-7").status_code == 404
    assert client_b.get(f"/gedaechtnis/quellen/nachricht/{chat.pk}").status_code == 404


def test_a_forget_in_the_log_names_what_it_took_back(client_a):
    client_a.post("/gedaechtnis/spielwiese/", {"text": "Ich arbeite als Lehrerin."})
    client_a.post("/gedaechtnis/spielwiese/", {"text": "Vergiss, dass ich als Lehrerin arbeite."})
    page = client_a.get("/gedaechtnis/logbuch/").content.decode()
    forgotten = page.split('data-testid="undone"')[1].split("</a>")[0]
    assert "<del>Du arbeitest als Lehrerin</del>" in forgotten


def test_a_correction_in_the_log_is_called_one(client_a):
    client_a.post("/gedaechtnis/spielwiese/", {"text": "Meine Schwester Anna wohnt in Hamburg."})
    client_a.post(
        "/gedaechtnis/spielwiese/", {"text": "Nicht Hamburg, sondern Bremen: Anna wohnt in Bremen."}
    )
    page = client_a.get("/gedaechtnis/logbuch/").content.decode()
    line = page.split('data-testid="undone"')[0].rsplit('<span class="etype">', 1)[1]
    assert line.startswith("Korrigiert</span>"), line
    assert "<del>Anna wohnt in Hamburg</del>" in page


def test_an_unknown_event_type_lists_the_types(client_a, world):
    response = client_a.get("/gedaechtnis/logbuch/", {"type": "banana"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "„banana“" in page and "Möglich:" in page and "Gemerkt" in page.split("Möglich:")[1]
    assert "Keine Ereignisse" not in page  # nothing was searched


def test_a_reversed_span_is_said_to_be_one(client_a, chat):
    params = {"q": "Katze", "from": "01.12.2026", "to": "01.11.2026"}
    response = client_a.get("/gedaechtnis/quellen/", params)
    page = response.content.decode()
    assert response.status_code == 422 and "Kein Treffer" not in page
    assert "liegt vor „von“" in page
    log = client_a.get("/gedaechtnis/logbuch/", {"from": "01.12.2026", "to": "01.11.2026"})
    assert log.status_code == 422 and "tauschen" in log.content.decode()


def test_a_date_outside_the_years_kept_names_them(client_a, world):
    response = client_a.get("/gedaechtnis/e/pet:luna", {"at": "01.01.1500"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "außerhalb der Jahre 1900 bis 2200" in page and "Kein Datum" not in page
    # what names no moment at all still gets the example
    bad = client_a.get("/gedaechtnis/e/pet:luna", {"at": "letzte Woche"}).content.decode()
    assert "Kein Datum mit Uhrzeit" in bad
