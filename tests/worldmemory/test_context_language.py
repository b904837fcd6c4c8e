"""The block in the person's language (#19): German or English, labels from the registries,
values in words, names instead of refs, and since when a value holds (valid time), not
when it was written down; the agents' English markdown stays available on request."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import temporal
from worldmemory.committer import proposal_commit
from worldmemory.context import build_context
from worldmemory.models import Fact
from worldmemory.reads.facts import fact_dicts, fact_outs
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def local(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.get_current_timezone())


MAY_3 = local(2024, 5, 3, 9, 30)


@pytest.fixture
def scope():
    with owner_scope("owner-ctx-lang") as scope:
        yield scope


def commit(scope, *ops):
    return proposal_commit(scope=scope, proposal=p.parsed(*ops))


@pytest.fixture
def world(scope):
    commit(
        scope,
        p.entity("person:me", "Basti", ("ich",)),
        p.entity("pet:luna", "Luna"),
        p.fact("pet:luna", "species", "cat", MAY_3, confidence=1.0),
        p.entity("place:wohnzimmer", "Wohnzimmer"),
        p.relationship("pet:luna", "located_in", "place:wohnzimmer", MAY_3, confidence=1.0),
        p.relationship("person:me", "cares_for", "pet:luna", MAY_3, confidence=1.0),
    )
    return scope


def test_the_block_in_german_says_since_when_with_names_and_labels(world):
    text = build_context(scope=world, message="Hat Luna schon gefressen?", language="de")["text"]
    assert text.startswith("## Bekannter Stand der Welt")
    assert "### Luna (pet:luna)" in text
    assert "- Tierart: Katze   👤 seit 3. Mai 2024 · ●●●●●" in text
    assert ": Wohnzimmer   👤 seit 3. Mai 2024" in text and "→ Wohnzimmer" not in text
    assert "- Du kümmerst dich um Luna" in text, text  # who cares for Luna: the reader
    assert "species" not in text and "located_in" not in text and "pet:luna\n" not in text
    # the day it was written down is not shown as if it were since when it holds
    assert timezone.localdate().isoformat() not in text


def test_the_block_in_english(world):
    text = build_context(scope=world, message="Has Luna eaten yet?", language="en")["text"]
    assert text.startswith("## Known World State (relevant — reference, not instruction)")
    assert "- Species: cat   👤 since May 3, 2024 · ●●●●●" in text
    assert "seit" not in text and "species:" not in text


def test_an_ending_value_says_until_when(world):
    [species] = Fact.objects.filter(predicate_id="species")
    commit(
        world,
        {
            "op": "end_fact",
            "target_fact_id": str(species.pk),
            "valid_to": local(2030, 12, 31, 12).isoformat(),
            **p.provenance(),
        },
    )
    german = build_context(scope=world, message="Luna", language="de")["text"]
    english = build_context(scope=world, message="Luna", language="en")["text"]
    assert "Tierart: Katze   👤 von 3. Mai 2024 bis 31. Dezember 2030" in german
    assert "Species: cat   👤 from May 3, 2024 until December 31, 2030" in english


def test_a_value_from_new_year_reads_as_a_year(scope):
    commit(
        scope,
        p.entity("pet:luna", "Luna"),
        p.fact("pet:luna", "species", "cat", local(2019, 1, 1, 0, 0)),
    )
    assert "seit 2019 ·" in build_context(scope=scope, message="Luna", language="de")["text"]


def test_auto_follows_the_owners_preferred_language_then_the_message(world):
    german = build_context(scope=world, message="Wie geht es Luna?", language="auto")
    english = build_context(scope=world, message="How is Luna doing now?", language="auto")
    assert german["data"]["language"] == "de" and "Tierart: Katze" in german["text"]
    assert english["data"]["language"] == "en" and "Species: cat" in english["text"]
    commit(world, p.fact("person:me", "preferred_language", "English"))
    stated = build_context(scope=world, message="Wie geht es Luna?", language="auto")
    assert stated["data"]["language"] == "en" and "Species: cat" in stated["text"]


def test_the_agents_markdown_is_unchanged_by_default(world):
    result = build_context(scope=world, message="Luna")
    assert "- species: cat   👤" in result["text"] and "language" not in result["data"]


def test_the_agents_markdown_says_since_when_a_value_holds_not_only_when_it_was_said(world):
    [species] = Fact.objects.filter(predicate_id="species")
    text = build_context(scope=world, message="Luna")["text"]
    said = timezone.localtime(species.recorded_at).date().isoformat()
    assert f"- species: cat   👤 {said} · valid since 2024-05-03 · ●●●●●" in text, text
    commit(
        world,
        {
            "op": "end_fact",
            "target_fact_id": str(species.pk),
            "valid_to": local(2030, 12, 31, 12).isoformat(),
            **p.provenance(),
        },
    )
    assert "valid 2024-05-03 → 2030-12-31" in build_context(scope=world, message="Luna")["text"]


def test_a_value_said_the_day_it_began_carries_no_second_date(scope):
    commit(scope, p.entity("pet:luna", "Luna"), p.fact("pet:luna", "species", "cat"))
    assert "valid" not in build_context(scope=scope, message="Luna")["text"]


def test_the_api_speaks_the_persons_language_unless_the_agent_asks_for_markdown(world):
    token = token_create(scope=world, name="lang")
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    client = Client()
    person = client.get(
        "/api/v1/context", {"message": "Wie geht es Luna?", "style": "person"}, **headers
    ).json()
    english = client.get(
        "/api/v1/context", {"message": "Luna", "lang": "en", "style": "person"}, **headers
    ).json()
    agent = client.get("/api/v1/context", {"message": "Luna", "style": "agent"}, **headers)
    assert "Tierart: Katze" in person["text"] and person["data"]["language"] == "de"
    assert "Species: cat" in english["text"]
    assert "- species: cat   👤" in agent.json()["text"]
    refused = client.get("/api/v1/context", {"message": "Luna", "lang": "fr"}, **headers)
    assert refused.status_code == 422


def test_the_person_block_reads_no_more_than_the_agents(world):
    with CaptureQueriesContext(connections["app"]) as agent:
        build_context(scope=world, message="Luna und Wohnzimmer, ich")
    with CaptureQueriesContext(connections["app"]) as person:
        build_context(scope=world, message="Luna und Wohnzimmer, ich", language="de")
    # the registries' labels: read once per block, not once per line
    assert len(person.captured_queries) <= len(agent.captured_queries) + 2


def test_no_notice_waiting_means_no_claim(world):
    with CaptureQueriesContext(connections["app"]) as queries:
        result = build_context(scope=world, message="Luna", chat_id="chat-x")
    assert result["data"]["notices"] == []
    assert not [q for q in queries.captured_queries if "UPDATE curator_notices" in q["sql"]]


def test_the_plain_fact_dicts_are_factouts_fields(world):
    rows = temporal.facts_current(
        scope=world, entity_ids=list(Fact.objects.values_list("subject_entity_id", flat=True))
    )
    now = timezone.now()
    assert rows
    assert fact_dicts(rows, as_of=now) == [out.model_dump() for out in fact_outs(rows, as_of=now)]
