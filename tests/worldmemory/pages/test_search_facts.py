"""The overview search shows the facts a question asks for, as the person would say them;
a conversation's summary is no fact and shows once, under the summaries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import proposals
from tests.conftest import BOTH_DATABASES
from worldmemory import committer
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

SUMMARY = "session_summary:chat-umzug"
SAID = "Seit dem 1. Dezember wohnen wir in Dresden."


@pytest.fixture
def moved(world):
    since = timezone.now() - timedelta(days=3)
    with owner_scope("owner-a") as scope:
        result = committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.entity("place:dresden", "Dresden"),
                proposals.entity("place:halle", "Halle"),
                proposals.entity("person:jana", "Jana"),
                proposals.relationship("person:me", "lives_in", "place:dresden", since),
                proposals.relationship("person:jana", "lives_in", "place:halle", since),
                proposals.fact("person:jana", "relation_to_user", "sister", since),
                proposals.entity(SUMMARY, "Umzug · 03.12.2026 18:44", memory_type="observed_state"),
                proposals.fact(SUMMARY, "statement", SAID, memory_type="observed_state"),
                proposals.fact(
                    SUMMARY,
                    "summary_sentences",
                    [{"text": SAID, "turn": "chat-umzug-0"}],
                    memory_type="observed_state",
                ),
            ),
        )
    assert all(r.decision == "committed" for r in result.results), result.results


def _section(page: str, testid: str) -> str:
    start = page.find(f'data-testid="{testid}"')
    return page[start : page.find("</ul>", start)] if start != -1 else ""


def test_where_do_i_live_shows_the_fact_not_the_summary(client_a, moved):
    page = client_a.get("/gedaechtnis/", {"q": "Wo wohne ich?"}).content.decode()
    facts = _section(page, "fact-results")
    assert "Du wohnst in Dresden" in facts
    assert facts.index("Du wohnst in Dresden") < facts.index("Jana wohnt in Halle")
    assert "Umzug" not in facts and SAID not in facts
    summaries = _section(page, "summary-results")
    assert summaries.count("Umzug") == 1


def test_an_english_question_finds_the_sisters_home_first(client_a, moved):
    page = client_a.get(
        "/gedaechtnis/", {"q": "Where does my sister live?"}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    facts = _section(page, "fact-results")
    assert facts.index("Jana lives in Halle") < facts.index("You live in Dresden")


def test_a_name_finds_the_relationships_pointing_at_it(client_a, moved):
    facts = _section(
        client_a.get("/gedaechtnis/", {"q": "Dresden"}).content.decode(), "fact-results"
    )
    assert "Du wohnst in Dresden" in facts
