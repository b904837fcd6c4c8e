"""The pull tools: formats, no-hit sentences, composable refs, owner isolation over HTTP."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import causality, lookup, shims
from worldmemory.committer import proposal_commit
from worldmemory.errors import InvalidInput
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def scope():
    with owner_scope("owner-tools") as scope:
        commit(
            scope,
            p.entity("person:me", "Basti"),
            p.fact("person:me", "preferred_output_format", "markdown"),
            p.fact("person:me", "preferred_language", "de"),
            p.fact("person:me", "editor", "vim"),
            p.entity("pet:luna", "Luna"),
            p.entity("branch:luna", "luna"),
            p.entity("repo:home-agent", "home-agent"),
            p.entity("file:memory-py", "memory.py"),
            p.entity("file:schema-py", "schema.py"),
            p.relationship("repo:home-agent", "contains", "file:memory-py"),
            p.relationship("repo:home-agent", "contains", "file:schema-py"),
            p.relationship("branch:luna", "belongs_to", "repo:home-agent"),
            p.fact("pet:luna", "feeding_time_evening", "19:00"),
        )
        yield scope


def commit(scope, *ops, run_id=None):
    return proposal_commit(scope=scope, proposal=p.parsed(*ops, run_id=run_id))


def test_find_entity_lists_every_match_and_says_no_hit(scope):
    found = lookup.find_entity(scope=scope, query="luna")
    assert found["text"].splitlines() == [
        '- branch:luna (branch) — "luna" · aliases: luna',
        '- pet:luna (pet) — "Luna" · aliases: Luna',
        "(2 hits; narrow with kind=)",
    ]
    assert [
        e["ref"]
        for e in lookup.find_entity(scope=scope, query="Luna", kind="pet")["data"]["entities"]
    ] == ["pet:luna"]
    assert lookup.find_entity(scope=scope, query="Katzenklo")["text"] == (
        "No entity found for 'Katzenklo'."
    )


def test_recall_facts_about_with_a_predicate_glob(scope):
    answer = lookup.recall_facts_about(
        scope=scope, ref_or_query="person:me", predicate="preferred_*"
    )
    lines = answer["text"].splitlines()
    assert [line.split("   ")[0] for line in lines] == [
        "person:me.preferred_language = de",
        "person:me.preferred_output_format = markdown",
    ]
    assert "editor" not in answer["text"]
    none = lookup.recall_facts_about(scope=scope, ref_or_query="Nirgendwo")
    assert none["text"] == "No active facts about 'Nirgendwo'."


def test_get_neighbors_in_and_out_and_deeper(scope):
    one = lookup.get_neighbors(scope=scope, ref="repo:home-agent", depth=1)
    assert sorted(one["text"].splitlines()) == [
        "belongs_to ← branch:luna",
        "contains → file:memory-py",
        "contains → file:schema-py",
    ]
    two = lookup.get_neighbors(scope=scope, ref="branch:luna", depth=2)
    assert "repo:home-agent contains → file:memory-py" in two["text"]
    only = lookup.get_neighbors(scope=scope, ref="repo:home-agent", predicates=["belongs_to"])
    assert only["text"] == "belongs_to ← branch:luna"
    with pytest.raises(InvalidInput):
        lookup.get_neighbors(scope=scope, ref="repo:home-agent", depth=4)


def test_effects_of_and_explain_change_follow_causes(scope):
    stamp = timezone.now() - timedelta(minutes=5)
    first = commit(
        scope,
        {
            "op": "record_event",
            "event_type": "user_message",
            "summary": "Luna frisst jetzt um 18 Uhr",
            "target_ref": "pet:luna",
            **p.provenance(stamp),
            "evidence": {"kind": "conversation_quote", "text": "Luna frisst jetzt um 18 Uhr"},
        },
        p.fact(
            "pet:luna",
            "feeding_time_evening",
            "18:00",
            stamp,
            evidence={"kind": "conversation_quote", "text": "Luna frisst jetzt um 18 Uhr"},
        ),
        run_id="run-xyz",
    )
    event_id = first.results[0].ids["event_id"]
    effects = causality.effects_of(scope=scope, run_id="run-xyz")
    assert effects["text"].startswith("Effects of run:run-xyz:")
    assert "pet:luna.feeding_time_evening = 18:00" in effects["text"]
    assert "memory_commit" in effects["text"]
    assert causality.effects_of(scope=scope, event_id=uuid.UUID(event_id))["data"]["events"]

    why = causality.explain_change(scope=scope, ref="pet:luna", predicate="feeding_time_evening")
    lines = why["text"].splitlines()
    assert lines[0] == "pet:luna.feeding_time_evening = 18:00, because:"
    assert '("Luna frisst jetzt um 18 Uhr")' in lines[1]
    assert any("triggered by: Luna frisst jetzt um 18 Uhr in run:run-xyz" in line for line in lines)
    assert any(line.startswith("  before: 19:00") for line in lines)


def test_search_world_memory_finds_values_and_names_with_any_term(scope):
    hits = lookup.search_world_memory(scope=scope, query="Wann bekommt Luna ihr Futter?")
    refs = [h["ref"] for h in hits["data"]["hits"]]
    assert "pet:luna" in refs
    values = lookup.search_world_memory(scope=scope, query="feeding time")
    assert any(h["kind"] == "fact" and h["ref"] == "pet:luna" for h in values["data"]["hits"])
    # a kind filter leaves the vectors out (projections have no kind), and says so
    pets = lookup.search_world_memory(scope=scope, query="Luna", kind="pet")
    assert pets["text"].endswith("; full text only)"), pets["text"]
    assert lookup.search_world_memory(scope=scope, query="Quantenphysik")["text"] == (
        "No hits for 'Quantenphysik'."
    )


def test_remember_recall_and_the_digest(scope):
    assert shims.remember(scope=scope, text="Der Schlüssel liegt unter der Matte")["decision"] == (
        "committed"
    )
    recalled = shims.recall(scope=scope, query="wo ist der Schlüssel")
    assert "Der Schlüssel liegt unter der Matte" in recalled["text"]
    assert shims.review_digest(scope=scope)["text"] == "Gedächtnis: nichts zu prüfen."
    commit(scope, p.fact("person:me", "editor", "emacs", memory_type="derived_preference"))
    commit(scope, p.entity("person:bastian", "Basti M"))
    digest = shims.review_digest(scope=scope)
    assert "⚠ Widerspruch: person:me editor = emacs" in digest["text"]
    assert len(digest["data"]["conflicts"]) == 1
    assert "memory.py" not in digest["text"]  # nothing auto-committed


def test_new_tools_answer_another_owners_refs_like_missing_ones(scope):
    with owner_scope("owner-other") as other:
        token = token_create(scope=other, name="t")
    client = Client()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    for path in ("get_neighbors?ref={}", "explain_change?ref={}&predicate=species"):
        theirs = client.get("/api/v1/tools/" + path.format("pet:luna"), **headers)
        missing = client.get("/api/v1/tools/" + path.format("pet:nobody"), **headers)
        assert theirs.status_code == missing.status_code == 404
        assert theirs.content.decode().replace("pet:luna", "R") == (
            missing.content.decode().replace("pet:nobody", "R")
        )
    empty = client.get("/api/v1/tools/find_entity?query=luna", **headers)
    assert json.loads(empty.content)["data"]["entities"] == []
    context = client.get("/api/v1/context?message=Luna", **headers).json()
    assert context["data"]["linked"] == [] and "pet:luna" not in context["text"]
