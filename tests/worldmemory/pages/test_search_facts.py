"""The overview search shows the facts a question asks for, as the person would say them;
a conversation's summary is no fact and shows once, under the summaries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import factories, proposals
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
    assert "Jana lives in Halle" in facts
    assert "You live in Dresden" not in facts  # the person's home is not the sister's


def test_a_name_finds_the_relationships_pointing_at_it(client_a, moved):
    facts = _section(
        client_a.get("/gedaechtnis/", {"q": "Dresden"}).content.decode(), "fact-results"
    )
    assert "Du wohnst in Dresden" in facts


KIEL_SUMMARY = "session_summary:chat-kiel"


@pytest.fixture
def henrik(world):
    """A person's facts and two conversation summaries that share words with many a question
    they do not answer."""
    with owner_scope("owner-a") as scope:
        result = committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.entity("place:kiel", "Kiel"),
                proposals.entity("place:bremen", "Bremen"),
                proposals.entity("person:malte", "Malte"),
                proposals.fact("person:me", "age", 41),
                proposals.fact("person:me", "allergic_to", "Haselnüsse"),
                proposals.fact("person:me", "works_as", "Bootsbauer"),
                proposals.relationship("person:me", "lives_in", "place:kiel"),
                proposals.relationship("person:malte", "lives_in", "place:bremen"),
                proposals.fact("person:malte", "relation_to_user", "brother"),
                proposals.entity(KIEL_SUMMARY, "Kiel · 03.12.2026", memory_type="observed_state"),
                proposals.fact(
                    KIEL_SUMMARY,
                    "statement",
                    "svenja will im frühling wieder vollzeit arbeiten · ella had another "
                    "nightmare last night",
                    memory_type="observed_state",
                ),
            ),
        )
    assert all(r.decision == "committed" for r in result.results), result.results


def _search(client, query: str) -> str:
    return client.get("/gedaechtnis/", {"q": query}).content.decode()


@pytest.mark.parametrize(
    "question",
    ["Was hab ich Svenja zum Hochzeitstag geschenkt?", "Which marathon did I run last year?"],
)
def test_a_question_about_nothing_said_finds_no_fact_and_no_summary(client_a, henrik, question):
    """A summary naming Svenja does not say what she got, nor is the person's age ("41
    years") about a marathon last year: the page says there is no hit."""
    page = _search(client_a, question)
    assert "Kein Treffer" in page
    assert not _section(page, "fact-results") and not _section(page, "summary-results")


def test_a_fact_sharing_a_preposition_with_the_question_is_no_hit(client_a, henrik):
    facts = _section(
        _search(client_a, "Was hat der Kinderarzt gegen Ellas Albträume empfohlen?"),
        "fact-results",
    )
    assert "allergisch" not in facts


def test_what_the_question_is_about_is_still_found(client_a, henrik):
    assert "Du wohnst in Kiel" in _section(_search(client_a, "Wo wohne ich?"), "fact-results")
    page = _search(client_a, "Malte")
    assert "/gedaechtnis/e/person:malte" in _section(page, "entity-results")
    assert "Malte wohnt in Bremen" in _section(page, "fact-results")
    page = _search(client_a, "Arbeitet Svenja wieder Vollzeit?")
    assert "session_summary:chat-kiel" in _section(page, "summary-results")
    assert "Bootsbauer" not in _section(page, "fact-results")


def test_the_persons_own_turn_is_du_whatever_name_the_client_sent(client_a, world):
    with owner_scope("owner-a") as scope:
        talk = factories.session(scope, external_id="henrik-2026-12-03")
        factories.message(
            scope, in_session=talk, text="Der Mast aus Douglasie ist angekommen.", speaker="Henrik"
        )
    found = _section(_search(client_a, "Mast Douglasie"), "source-results")
    assert "<strong>du</strong>" in found
    assert "Henrik" not in found
