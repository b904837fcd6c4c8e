"""An English owner meets no German in what the agent reads: the read tools and the
context block speak English (the agent style), whatever the owner's language."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import lookup, shims, tools
from worldmemory.committer import proposal_commit
from worldmemory.context import build_context
from worldmemory.reflection import recall
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

GERMAN = ("keine", "Keine", "gültig", "Treffer", "gefunden", "Züge", "Verlauf", "gewusst",
          "korrigiert", "war nie", "Sitzung", "Quellen", "bisher", "jetzt")  # fmt: skip
LONDON = ZoneInfo("Europe/London")


@pytest.fixture
def tom():
    with owner_scope("owner-tom") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("person:me", "Me"),
                p.fact("person:me", "preferred_language", "en"),
                p.entity("pet:biscuit", "Biscuit"),
                p.fact("pet:biscuit", "species", "dog", datetime(2026, 3, 1, tzinfo=LONDON)),
                p.entity("person:maisie", "Maisie"),
                p.fact("person:maisie", "age", "12"),
            ),
        )
        proposal_commit(
            scope=scope,
            proposal=p.parsed(p.correction("person:maisie", "age", "13")),
        )
        yield scope


def english(text: str) -> str:
    assert not [word for word in GERMAN if word in text], text
    return text


def test_the_read_tools_answer_in_english(tom):
    entity = english(tools.get_entity(scope=tom, ref="pet:biscuit")["text"])
    assert "valid since 2026-03-01" in entity and "- (none)" in entity  # no relationships
    history = tools.get_fact_history(scope=tom, ref="person:maisie", predicate="age")
    english(history["text"])
    assert "person:maisie.age — history:" in history["text"]
    assert "known since" in history["text"] and "corrected to 13" in history["text"]
    assert 'corrected: was never "12", but "13"' in history["text"]
    found = english(lookup.find_entity(scope=tom, query="zebra")["text"])
    assert found == "No entity found for 'zebra'."
    searched = english(lookup.search_world_memory(scope=tom, query="triathlon")["text"])
    assert searched == "No hits for 'triathlon'."
    facts = english(lookup.recall_facts_about(scope=tom, ref_or_query="person:me")["text"])
    assert "preferred_language = en" in facts
    sources = english(recall.sources_recall(scope=tom, query="weymouth race")["text"])
    assert sources.startswith("Sources for: weymouth race")


def test_the_agents_block_counts_turns_in_english(tom):
    block = english(build_context(scope=tom, message="hi", chat_id="tom-2026-12-04")["text"])
    assert "- 0 turns" in block


def test_the_flat_recall_and_the_digest_speak_english_to_an_english_owner(tom):
    recalled = english(shims.recall(scope=tom, query="zebra")["text"])
    assert recalled == "Nothing remembered about 'zebra'."
    assert english(shims.review_digest(scope=tom)["text"]) == "Memory: nothing to review."


def test_an_owner_who_writes_english_hears_english_though_they_never_said_so():
    """No ``preferred_language`` fact: the language of the owner's own latest messages decides,
    not the site's German; an owner who writes German keeps German."""
    from tests.worldmemory.reflection.conftest import say

    with owner_scope("owner-writes-english") as scope:
        say(scope, "hi im tom, biscuit is my greyhound and he is a total sofa hog")
        say(scope, "can you remind me what the vet said about his paw?")
        say(scope, "danke")  # one word of German does not make a German owner
        assert english(shims.review_digest(scope=scope)["text"]) == "Memory: nothing to review."
    with owner_scope("owner-writes-german") as scope:
        say(scope, "ich bin tom und biscuit ist mein windhund, der liegt nur auf dem sofa")
        assert shims.review_digest(scope=scope)["text"] == "Gedächtnis: nichts zu prüfen."
