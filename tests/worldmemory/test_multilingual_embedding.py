"""The multilingual local model (USE multilingual v3 on numpy): German and English in one
space, stored in its own 512-dimensional index and searched across languages."""

from __future__ import annotations

import math
from datetime import timedelta
from uuid import UUID

import pytest

from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import embedding, lookup, sources, vectorstore
from worldmemory.committer import proposal_commit
from worldmemory.models import WideEmbedding
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_a_german_sentence_and_its_translation_are_neighbours(multilingual):
    assert multilingual.dimensions == embedding.configured_dimensions() == 512
    german, english, other = multilingual.embed(
        [
            "Meine Schwester ist im Mai nach Hamburg gezogen.",
            "My sister moved to Hamburg in May.",
            "Der Zahnarzttermin ist am Dienstag.",
        ]
    )
    assert math.isclose(_dot(german, german), 1.0, rel_tol=1e-3)
    assert _dot(german, english) > 0.7 > _dot(german, other)


# transactional: the 512-dimensional index is created as the owner role and committed
@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_german_question_finds_the_english_passage_and_back(multilingual):
    vectorstore.ensure_dimension_index(dims=512, using="default")
    with owner_scope("owner-multilingual") as scope:
        texts = [
            "The vet said the kitten is healthy and gained weight.",
            "Wir haben den Flug nach Lissabon für den 3. Oktober gebucht.",
            "My landlord finally fixed the heating in the bathroom.",
            "Oma backt am Sonntag wieder ihren Apfelkuchen.",
        ]
        for index, text in enumerate(texts):  # one conversation each: no shared context
            session = factories.session(scope, external_id=f"s{index}")
            factories.message(scope, in_session=session, text=text)
        assert embed_pending(scope=scope)["messages"] == 4
        assert WideEmbedding.objects.filter(dims=512).count() == 4
        found = sources.sources_search(scope=scope, query="Was hat die Tierärztin gesagt?", k=1)
        assert found[0]["text"] == texts[0]
        found = sources.sources_search(scope=scope, query="When is our flight to Lisbon?", k=1)
        assert found[0]["text"] == texts[1]


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_turn_is_embedded_with_its_neighbours_and_again_when_one_arrives(multilingual):
    """ "sie. dr. sommer." answers who looked at the knee only beside the question before
    it; the turn before a new one is embedded again, now with its successor."""
    vectorstore.ensure_dimension_index(dims=512, using="default")
    with owner_scope("owner-windows") as scope:
        knee = factories.session(scope, external_id="knie")
        factories.message(scope, in_session=knee, text="War heute beim Orthopäden wegen dem Knie")
        asked = factories.message(scope, in_session=knee, text="Wie heißt die Ärztin?")
        other = factories.session(scope, external_id="garten")
        factories.message(scope, in_session=other, text="Die Tomaten im Garten sind reif")
        assert embed_pending(scope=scope)["messages"] == 3
        ingested = sources.messages_ingest(
            scope=scope,
            messages=[
                sources.IncomingMessage(
                    session_external_id="knie",
                    external_id="answer",
                    role="user",
                    speaker="user",
                    text="sie. dr. sommer. vermutet meniskus",
                    occurred_at=asked.occurred_at + timedelta(minutes=1),
                )
            ],
        )
        # the new turn and the one before it (its window changed) wait for the worker
        assert embed_pending(scope=scope)["messages"] == 2
        answer = ingested.new[0]
        found = sources.sources_search(scope=scope, query="Which doctor examined my knee?", k=3)
        assert answer.pk in {UUID(hit["id"]) for hit in found}


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_a_query_about_nothing_remembered_finds_nothing_though_vectors_are_near(multilingual):
    """Nearest neighbours always exist: below the relevance floor they are no evidence."""
    vectorstore.ensure_dimension_index(dims=512, using="default")
    with owner_scope("owner-floor") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("pet:luna", "Luna"),
                p.fact("pet:luna", "species", "cat"),
                p.entity("place:lisbon", "Lissabon"),
            ),
        )
        holiday = factories.session(scope, external_id="urlaub")
        factories.message(scope, in_session=holiday, text="Im Mai fliegen wir nach Lissabon")
        cat = factories.session(scope, external_id="luna")
        factories.message(scope, in_session=cat, text="Luna bleibt bei meiner Schwester")
        embed_pending(scope=scope)
        assert lookup.find_entity(scope=scope, query="Zebra")["data"]["entities"] == []
        assert lookup.recall_facts_about(scope=scope, ref_or_query="Zebra")["data"]["facts"] == []
        hits = lookup.search_world_memory(scope=scope, query="Zebrastreifen im Zoo")
        assert hits["data"]["hits"] == []
        assert sources.sources_search(scope=scope, query="Wie funktioniert Kernfusion?") == []
        # a question whose one word appears is still about nothing remembered
        assert sources.sources_search(scope=scope, query="Welche Farbe hat der Mai-Käfer?") == []
        # a lookup of a word is answered by its exact matches
        found = sources.sources_search(scope=scope, query="Lissabon")
        assert [hit["text"] for hit in found] == ["Im Mai fliegen wir nach Lissabon"]
