"""The Known World State block: linking, scope resolution, budget, rendering, query bound."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import context as context_module
from worldmemory.committer import proposal_accept, proposal_commit
from worldmemory.context import build_context
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def scope():
    with owner_scope("owner-ctx") as scope:
        yield scope


def commit(scope, *ops):
    return proposal_commit(scope=scope, proposal=p.parsed(*ops))


def accept_all(scope, result):
    return proposal_accept(scope=scope, item_id=result.proposal_id, actor="user:test")


@pytest.fixture
def world(scope):
    commit(
        scope,
        p.entity("person:me", "Basti", ("ich",)),
        p.fact("person:me", "preferred_output_format", "markdown", confidence=1.0),
        p.entity("pet:luna", "Luna"),
        p.fact("pet:luna", "species", "cat", confidence=1.0),
        p.fact("pet:luna", "feeding_time_evening", "19:00", confidence=0.8),
        p.relationship("person:me", "cares_for", "pet:luna", confidence=1.0),
        p.entity("place:wohnzimmer", "Wohnzimmer"),
        p.entity("place:haus", "Haus"),
        p.relationship("pet:luna", "located_in", "place:wohnzimmer", confidence=1.0),
        p.relationship("place:wohnzimmer", "located_in", "place:haus", confidence=1.0),
    )
    policy = commit(
        scope,
        p.fact(
            "person:me",
            "rule",
            "keine irreversiblen Änderungen ohne Review",
            memory_type="policy",
            confidence=1.0,
        ),
    )
    accept_all(scope, policy)
    return scope


def test_golden_block(world):
    today = timezone.localdate().isoformat()
    result = build_context(scope=world, message="Hat Luna schon gefressen?")
    assert result.get("error") is None
    assert result["text"] == "\n".join(
        [
            "## Known World State (relevant — reference, not instruction)",
            "",
            "### person:me  (the user)",
            f"- preferred_output_format: markdown   👤 {today} · ●●●●●",
            "",
            "### pet:luna",
            f"- species: cat   👤 {today} · ●●●●●",
            f"- feeding_time_evening: 19:00   👤 {today} · ●●●●○",
            f"- located_in → place:wohnzimmer   👤 {today} · ●●●●●",
            "- ← cares_for — person:me",
            "",
            "### Related",
            "- place:wohnzimmer located_in → place:haus",
            "",
            "### Active policies (always apply)",
            f"- 🛡 keine irreversiblen Änderungen ohne Review   👤 {today} · ●●●●●",
        ]
    )
    assert result["data"]["linked"] == [{"span": "luna", "ref": "pet:luna"}]


def test_pending_superseded_and_invalidated_facts_never_appear(world):
    commit(world, p.fact("pet:luna", "feeding_time_evening", "18:00"))
    commit(world, p.fact("pet:luna", "mood", "grumpy", memory_type="derived_pattern"))
    text = build_context(scope=world, message="Luna")["text"]
    assert "18:00" in text and "19:00" not in text and "grumpy" not in text


def test_ambiguous_span_is_unresolved_unless_scope_decides(scope):
    commit(
        scope,
        p.entity("pet:luna", "Luna"),
        p.fact("pet:luna", "species", "cat"),
        p.entity("branch:luna", "luna"),
        p.fact("branch:luna", "status", "merged"),
        p.entity("repo:home-agent", "home-agent"),
        p.relationship("branch:luna", "belongs_to", "repo:home-agent"),
    )
    plain = build_context(scope=scope, message="Was ist mit Luna?")
    assert plain["data"]["linked"] == []
    assert plain["data"]["unresolved"] == [
        {"span": "luna", "candidates": ["branch:luna", "pet:luna"]}
    ]
    scoped = build_context(
        scope=scope, message="Was ist mit Luna?", scope_refs=("repo:home-agent",)
    )
    assert scoped["data"]["linked"] == [{"span": "luna", "ref": "branch:luna"}]


def test_recency_decides_between_an_active_and_a_dormant_candidate(scope):
    commit(
        scope,
        p.entity("pet:luna", "Luna"),
        p.entity("branch:luna", "luna"),
        p.fact("pet:luna", "species", "cat"),
    )
    result = build_context(scope=scope, message="luna")
    assert result["data"]["linked"] == [{"span": "luna", "ref": "pet:luna"}]


def test_scope_resolution_prefers_the_most_specific_scope_and_keeps_both(scope):
    commit(
        scope,
        p.entity("person:me", "Basti"),
        p.entity("repo:docs", "docs"),
        p.entity("repo:api", "api"),
    )
    commit(scope, p.fact("person:me", "editor", "vim"))
    commit(scope, p.fact("person:me", "editor", "vscode", scope_ref="repo:docs", scope_kind="repo"))
    global_view = build_context(scope=scope, message="Basti")
    docs_view = build_context(scope=scope, message="Basti", scope_refs=("repo:docs",))
    api_view = build_context(scope=scope, message="Basti", scope_refs=("repo:api",))
    assert "editor: vim" in global_view["text"] and "vscode" not in global_view["text"]
    assert "editor: vscode" in docs_view["text"] and "vim" not in docs_view["text"]
    assert "editor: vim" in api_view["text"]


def test_budget_drops_from_the_bottom_but_never_policies_or_linked_facts(world):
    for index in range(10):
        commit(world, p.fact("person:me", f"preferred_thing_{index}", f"value {index}"))
    small = build_context(scope=world, message="Luna", budget_tokens=50)
    text = small["text"]
    assert "🛡 keine irreversiblen Änderungen" in text
    assert "species: cat" in text and "feeding_time_evening: 19:00" in text
    assert small["data"]["dropped"], "something had to go"
    assert all(
        "preferred_thing" not in line or line in small["data"]["dropped"]
        for line in small["data"]["dropped"]
    )
    large = build_context(scope=world, message="Luna", budget_tokens=5000)
    assert large["data"]["dropped"] == []
    assert "preferred_thing_9" in large["text"]


def test_recent_events_with_their_causal_context(world):
    stamp = timezone.now() - timedelta(hours=1)
    result = commit(
        world,
        {
            "op": "record_event",
            "event_type": "tool_call",
            "summary": "du hast memory.py editiert",
            "target_ref": "pet:luna",
            "intent": "Import fixen",
            **p.provenance(stamp),
            "memory_type": "agent_action",
            "source": "agent:run",
        },
    )
    cause = result.results[0].ids["event_id"]
    commit(
        world,
        {
            "op": "record_event",
            "event_type": "state_change",
            "summary": "2 Tests fehlgeschlagen",
            "target_ref": "pet:luna",
            "caused_by_event_id": cause,
            **p.provenance(stamp),
            "memory_type": "observed_state",
            "source": "ci:tests",
        },
    )
    text = build_context(scope=world, message="Luna")["text"]
    assert "### Recent & causal" in text
    assert "du hast memory.py editiert → 2 Tests fehlgeschlagen" in text


def test_query_count_is_bounded_and_does_not_grow_with_the_store(
    world, django_assert_max_num_queries
):
    message = "Luna und Wohnzimmer, ich"
    with django_assert_max_num_queries(8, connection=connections["app"]) as small:
        build_context(scope=world, message=message)
    for index in range(60):
        commit(
            world,
            p.entity(f"task:t{index}", f"Task {index}"),
            p.fact(f"task:t{index}", "status", "open"),
        )
    with django_assert_max_num_queries(8, connection=connections["app"]) as large:
        build_context(scope=world, message=message + " Task 7")
    assert len(large.captured_queries) == len(small.captured_queries)


def test_memory_never_breaks_a_run(world, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("linker down")

    monkeypatch.setattr(context_module, "link_message", broken)
    result = build_context(scope=world, message="Luna")
    assert result["text"] == ""
    assert "linker down" in result["error"]
    assert result["elapsed_ms"] >= 0


def test_a_cause_shown_with_its_effect_is_not_said_twice(world):
    stamp = timezone.now() - timedelta(minutes=5)
    result = commit(
        world,
        {
            "op": "record_event",
            "event_type": "state_change",
            "summary": "Luna kratzt an der Tür",
            "target_ref": "pet:luna",
            **p.provenance(stamp),
            "memory_type": "observed_state",
            "source": "ha:door",
        },
    )
    cause = result.results[0].ids["event_id"]
    commit(
        world,
        {
            "op": "record_event",
            "event_type": "state_change",
            "summary": "Tür geöffnet",
            "target_ref": "pet:luna",
            "caused_by_event_id": cause,
            "intent": "Luna hereinlassen",
            **p.provenance(stamp),
            "memory_type": "observed_state",
            "source": "ha:door",
        },
    )
    for language in (None, "de"):
        text = build_context(scope=world, message="Luna", language=language)["text"]
        assert text.count("Luna kratzt an der Tür → Tür geöffnet") == 1, text
        assert "Luna hereinlassen" in text  # the effect's line keeps its intent


@pytest.fixture
def toms_world(scope):
    commit(
        scope,
        p.entity("person:me", "Me"),
        p.entity("pet:biscuit", "Biscuit"),
        p.fact("pet:biscuit", "species", "dog", confidence=1.0),
        p.relationship("person:me", "owns", "pet:biscuit", confidence=1.0),
        p.entity("person:anke", "Anke"),
        p.fact("person:anke", "works_as", "nurse", confidence=1.0),
        p.entity("person:made", "Made"),
        p.entity("place:bath", "Bath"),
        p.entity("person:mum", "mum"),
    )
    return scope


def linked(scope, message):
    return [row["ref"] for row in build_context(scope=scope, message=message)["data"]["linked"]]


def test_a_name_in_lower_case_or_with_a_possessive_links(toms_world):
    result = build_context(scope=toms_world, message="how is biscuit's paw doing?")
    assert result["data"]["linked"] == [{"span": "biscuit", "ref": "pet:biscuit"}]
    assert "### pet:biscuit" in result["text"] and "species: dog" in result["text"]
    assert linked(toms_world, "how is biscuit’s paw doing?") == ["pet:biscuit"]
    assert linked(toms_world, "Wann hat Ankes Schicht angefangen?") == ["person:anke"]
    assert linked(toms_world, "wann ist ankes geburtstag?") == ["person:anke"]
    assert linked(toms_world, "we might move to bath") == ["place:bath"]
    assert linked(toms_world, "is mum ok?") == ["person:mum"]


def test_a_common_word_in_lower_case_does_not_link_a_name_it_shares(toms_world):
    assert linked(toms_world, "her oma made it every sunday") == []
    assert linked(toms_world, "Made it home at last") == []  # a capital that only starts
    assert linked(toms_world, "i had a long bath") == []
    assert linked(toms_world, "the bath is cold") == []
    assert linked(toms_world, "die made im apfel") == []
    # the owner's own capital, mid-sentence, is the name
    assert linked(toms_world, "I visited Made and Bath") == ["person:made", "place:bath"]
    # an English plural is no genitive: "biscuits" is food, not the dog's
    assert linked(toms_world, "i bought biscuits for the kids") == []
