"""A conversation is named by its title, else by the day it began, never by its id."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from tests import factories, proposals
from tests.conftest import BOTH_DATABASES
from worldmemory import committer
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

BERLIN = ZoneInfo("Europe/Berlin")


@pytest.fixture
def talks(world):
    with owner_scope("owner-a") as scope:
        titled = factories.session(scope, external_id="chat-2026-12-03")
        titled.title = "Umzug"
        titled.save()
        untitled = factories.session(scope, external_id="chat-2026-11-20")
        factories.message(
            scope,
            in_session=untitled,
            occurred_at=datetime(2026, 11, 20, 19, 2, tzinfo=BERLIN),
        )
        result = committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                # the reflection layer names a session's entity by its id
                proposals.entity("session:chat-2026-12-03", "Sitzung chat-2026-12-03"),
                proposals.entity("session:chat-2026-11-20", "Sitzung chat-2026-11-20"),
                proposals.entity("session_summary:chat-umzug-1", "Umzug · 03.12.2026 18:44"),
                proposals.relationship(
                    "session_summary:chat-umzug-1",
                    "part_of",
                    "session:chat-2026-12-03",
                    timezone.now() - timedelta(hours=1),
                ),
            ),
        )
    assert all(r.decision == "committed" for r in result.results), result.results


def test_the_overview_names_sessions_by_title_or_day(client_a, talks):
    page = client_a.get("/gedaechtnis/").content.decode()
    assert "Sitzung chat-" not in page
    assert ">Umzug</a>" in page
    assert ">Gespräch vom 20. November 2026</a>" in page


def test_the_english_overview_says_no_sitzung(client_a, talks):
    page = client_a.get("/gedaechtnis/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sitzung" not in page
    assert ">Conversation of November 20, 2026</a>" in page


def test_a_session_named_in_english_is_named_by_its_day_too(client_a, talks):
    with owner_scope("owner-a") as scope:
        named = factories.session(scope, external_id="chat-2026-12-01")
        factories.message(
            scope, in_session=named, occurred_at=datetime(2026, 12, 1, 9, 0, tzinfo=BERLIN)
        )
        committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                # the name the reflection layer now writes
                proposals.entity("session:chat-2026-12-01", "Session chat-2026-12-01"),
            ),
        )
    page = client_a.get("/gedaechtnis/e/session:chat-2026-12-01", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "Conversation of December 1, 2026" in text and "Session chat-" not in text


def test_the_log_and_a_session_page_use_the_title(client_a, talks):
    log = client_a.get("/gedaechtnis/logbuch/", {"reflexion": "1"}).content.decode()
    assert "ist Teil von Umzug" in log and "Sitzung chat-" not in log
    page = client_a.get("/gedaechtnis/e/session:chat-2026-12-03").content.decode()
    assert "<h1>Umzug" in page


def test_the_sources_list_names_an_untitled_session_by_its_day(client_a, talks):
    page = client_a.get("/gedaechtnis/quellen/").content.decode()
    assert "Gespräch vom 20. November 2026" in page


def test_a_summary_of_an_untitled_session_is_named_by_its_day(client_a, talks):
    """The reflection layer names a summary by its session's id when the session has no
    title; the search results name it as the session pages do."""
    summary = "session_summary:chat-2026-11-20-1"
    with owner_scope("owner-a") as scope:
        result = committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.entity(
                    summary, "chat-2026-11-20 · 20.11.2026 19:30", memory_type="observed_state"
                ),
                proposals.fact(
                    summary,
                    "statement",
                    "Wir haben über den Kater gesprochen.",
                    memory_type="observed_state",
                ),
            ),
        )
    assert all(r.decision == "committed" for r in result.results), result.results
    page = client_a.get("/gedaechtnis/", {"q": "Kater"}).content.decode()
    assert ">Gespräch vom 20. November 2026 · 20.11.2026 19:30</a>" in page
    assert "chat-2026-11-20 ·" not in page


def test_a_title_repeating_the_id_counts_as_none(talks):
    """The list of a reflection object's conversations falls back to the id as the title."""
    with owner_scope("owner-a"):
        page = render_to_string(
            "gedaechtnis/session_summary.html",
            {
                "session": {
                    "external_id": "chat-2026-11-20",
                    "title": "chat-2026-11-20",
                    "first": datetime(2026, 11, 20, 19, 2, tzinfo=BERLIN),
                    "last": datetime(2026, 11, 20, 19, 2, tzinfo=BERLIN),
                    "sentences": [],
                }
            },
        )
    assert ">Gespräch vom 20. November 2026</a>" in page
