"""The committer: routing, supersede/end/invalidate, resolution, replay, notices."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone, translation
from pydantic import ValidationError

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import labels, tools
from worldmemory.committer import (
    entity_merge,
    entity_split,
    fact_invalidate,
    proposal_accept,
    proposal_commit,
    proposal_reject,
)
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.models import Entity, Fact, OwnRelationType, ProposalOp, WorldEvent
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def scope():
    with owner_scope("owner-a") as scope:
        yield scope


def commit(scope, *ops, run_id=None):
    return proposal_commit(scope=scope, proposal=p.parsed(*ops, run_id=run_id))


def decisions(result) -> list[str]:
    return [r.decision for r in result.results]


def current(scope, ref: str) -> dict[str, object]:
    data = tools.get_entity(scope=scope, ref=ref)["data"]
    return {f["predicate"]: f["value"] for f in data["facts"]}


def test_user_assertions_commit_and_create_entities(scope):
    result = commit(scope, p.entity("pet:luna", "Luna"), p.fact("pet:luna", "species", "cat"))
    assert decisions(result) == ["committed", "committed"]
    assert current(scope, "pet:luna") == {"species": "cat"}
    assert current(scope, "Luna") == {"species": "cat"}  # by alias too
    assert WorldEvent.objects.filter(event_type_id="memory_commit").count() == 1


def test_functional_supersede_keeps_history_and_notices_the_change(scope):
    t1 = timezone.now() - timedelta(days=2)
    t2 = timezone.now() - timedelta(days=1)
    commit(scope, p.fact("pet:luna", "feeding_time_evening", "19:00", t1))
    result = commit(scope, p.fact("pet:luna", "feeding_time_evening", "18:00", t2))
    assert decisions(result) == ["committed"]
    assert result.notices and "19:00" in result.notices[0] and "18:00" in result.notices[0]
    assert current(scope, "pet:luna") == {"feeding_time_evening": "18:00"}
    history = tools.get_fact_history(scope=scope, ref="pet:luna", predicate="feeding_time_evening")
    rows = [
        (r["value"], r["valid_from"], r["valid_to"], r["lifecycle"])
        for r in history["data"]["history"]
    ]
    assert rows == [("19:00", t1, t2, "superseded"), ("18:00", t2, None, "active")]
    # the learned attribute is functional and the owner's own
    learned = OwnRelationType.objects.get(predicate="feeding_time_evening")
    assert (learned.owner_sub, learned.source, learned.cardinality) == (
        "owner-a",
        "learned",
        "functional",
    )


def test_same_value_again_is_a_duplicate_and_writes_nothing(scope):
    commit(scope, p.fact("pet:luna", "species", "cat"))
    before = Fact.objects.count()
    result = commit(scope, p.fact("pet:luna", "species", "cat"))
    assert decisions(result) == ["duplicate"]
    assert Fact.objects.count() == before
    assert result.notices == []


def test_replay_of_a_run_returns_stored_decisions_and_writes_nothing(scope):
    ops = (p.fact("pet:luna", "species", "cat"), p.fact("pet:luna", "status", "hungry"))
    first = commit(scope, *ops, run_id="run-replay")
    facts, events = Fact.objects.count(), WorldEvent.objects.count()
    second = commit(scope, *ops, run_id="run-replay")
    assert second.replayed and not first.replayed
    assert [(r.decision, r.ids) for r in second.results] == [
        (r.decision, r.ids) for r in first.results
    ]
    assert (Fact.objects.count(), WorldEvent.objects.count()) == (facts, events)


def test_set_predicates_dedup_and_keep_several_objects(scope):
    commit(
        scope,
        p.entity("person:basti", "Basti"),
        p.entity("pet:luna", "Luna"),
        p.entity("pet:rex", "Rex"),
    )
    result = commit(
        scope,
        p.relationship("person:basti", "cares_for", "pet:luna"),
        p.relationship("person:basti", "cares_for", "pet:rex"),
        p.relationship("person:basti", "cares_for", "Luna"),
    )
    assert decisions(result) == ["committed", "committed", "duplicate"]
    outgoing = tools.get_entity(scope=scope, ref="person:basti")["data"]["outgoing"]
    assert sorted(f["object_ref"] for f in outgoing) == ["pet:luna", "pet:rex"]
    incoming = tools.get_entity(scope=scope, ref="pet:luna")["data"]["incoming"]
    assert [(f["predicate"], f["subject_ref"]) for f in incoming] == [("cares_for", "person:basti")]


def test_routing_sends_derived_privileged_and_untrusted_to_review(scope):
    commit(scope, p.entity("person:basti", "Basti"), p.entity("device:door", "Tür"))
    result = commit(
        scope,
        p.fact("person:basti", "prefers", "tea", memory_type="derived_preference"),
        p.relationship("person:basti", "controls", "device:door"),
        p.fact("person:basti", "status", "away", memory_type="policy"),
    )
    assert decisions(result) == ["pending", "pending", "pending"]
    untrusted = commit(
        scope,
        p.fact("person:basti", "mood", "happy"),
        p.fact("person:basti", "status", "home", trust_tier="untrusted", source="web:page"),
    )
    # one untrusted op puts the whole run under review
    assert decisions(untrusted) == ["pending", "pending"]
    assert current(scope, "person:basti") == {}


def test_invalid_operations_are_rejected_with_their_reason(scope):
    commit(scope, p.entity("pet:luna", "Luna"), p.entity("repo:home", "home"))
    result = commit(
        scope,
        p.relationship("pet:luna", "default_branch", "repo:home"),
        p.fact("pet:luna", "cares_for", "x"),
        p.relationship("repo:home", "lives_in", "pet:luna"),
        p.fact("person:basti", "prefers", "dark mode", source="system:prompt"),
        p.fact("pet:luna", "status", "ok", evidence={"kind": "tool_result", "text": "x"}),
        p.fact("Nobody", "status", "x"),
    )
    assert decisions(result) == ["rejected"] * 6
    reasons = [r.reason for r in result.results]
    assert "assert_fact" in reasons[0] and "assert_relationship" in reasons[1]
    assert "does not apply to a repo" in reasons[2]
    assert "not a user assertion" in reasons[3]
    assert "tool result" in reasons[4]
    assert "kind:slug" in reasons[5]
    assert not Fact.objects.exists()


def test_unknown_relationship_predicate_and_untrusted_unknown_kind_go_to_review(scope):
    result = commit(
        scope,
        p.relationship("person:basti", "admires", "person:anna"),
        p.fact("gadget:x1", "status", "on", trust_tier="untrusted", source="web"),
    )
    assert decisions(result) == ["pending", "pending"]
    assert "unknown relationship predicate" in result.results[0].reason


def test_accept_commits_pending_at_acceptance_time_and_reject_suppresses(scope):
    commit(scope, p.entity("person:basti", "Basti"))
    pending = commit(
        scope, p.fact("person:basti", "prefers", "tea", memory_type="derived_preference")
    )
    accepted = proposal_accept(scope=scope, item_id=pending.proposal_id, actor="user:a")
    assert [r.decision for r in accepted] == ["committed"]
    fact = Fact.objects.get(predicate_id="prefers")
    assert fact.recorded_at > ProposalOp.objects.get(run_id=pending.run_id).created_at

    second = commit(
        scope, p.fact("person:basti", "prefers", "coffee", memory_type="derived_preference")
    )
    assert (
        proposal_reject(scope=scope, item_id=second.proposal_id, reason="nein", actor="user:a") == 1
    )
    again = commit(
        scope, p.fact("person:basti", "prefers", "coffee", memory_type="derived_preference")
    )
    # not queued for review again (anti-nag)
    assert decisions(again) == ["rejected"] and "suppressed" in again.results[0].reason
    # an explicit user assertion lifts the suppression
    said = commit(scope, p.fact("person:basti", "prefers", "coffee"))
    assert decisions(said) == ["committed"]


def test_invalidate_removes_from_belief_but_not_from_the_past(scope):
    result = commit(scope, p.fact("pet:luna", "species", "dog"))
    fact_id = result.results[0].ids["fact_id"]
    before = timezone.now()
    fact_invalidate(scope=scope, fact_id=fact_id, reason="Luna ist eine Katze", actor="user:a")
    assert current(scope, "pet:luna") == {}
    known = tools.state_as_known_at(scope=scope, ref="pet:luna", system_time=before)
    assert [f["value"] for f in known["data"]["facts"]] == ["dog"]
    history = tools.get_fact_history(scope=scope, ref="pet:luna", predicate="species")
    (row,) = history["data"]["history"]
    assert (row["lifecycle"], row["closed_reason"]) == ("invalidated", "Luna ist eine Katze")
    assert WorldEvent.objects.filter(event_type_id="invalidate").count() == 1


def test_end_fact_closes_valid_time(scope):
    start = timezone.now() - timedelta(days=3)
    result = commit(scope, p.fact("task:move", "status", "open", start))
    fact_id = result.results[0].ids["fact_id"]
    ended_at = timezone.now() - timedelta(days=1)
    ended = commit(scope, p.end(fact_id, ended_at))
    assert decisions(ended) == ["committed"]
    assert current(scope, "task:move") == {}
    then = tools.state_at(scope=scope, ref="task:move", valid_time=ended_at - timedelta(hours=1))
    assert [f["value"] for f in then["data"]["facts"]] == ["open"]
    too_early = commit(scope, p.end(ended.results[0].ids["fact_id"], start - timedelta(days=1)))
    assert decisions(too_early) == ["rejected"]


def test_names_across_kinds_never_merge_and_ambiguous_aliases_are_refused(scope):
    commit(scope, p.entity("pet:luna", "Luna"), p.entity("branch:luna", "luna"))
    assert Entity.objects.filter(slug="luna").count() == 2
    result = commit(scope, p.fact("Luna", "status", "asleep"))
    assert decisions(result) == ["rejected"] and "ambiguous" in result.results[0].reason


def test_strong_identity_resolves_to_the_same_entity_and_names_suggest_merges(scope):
    commit(scope, p.entity("person:anna", "Anna Schmidt", ("email:anna@example.org",)))
    same = commit(scope, p.entity("person:a-schmidt", "A. Schmidt", ("email:Anna@example.org",)))
    assert same.results[0].ids["entity_ref"] == "person:anna"
    assert Entity.objects.filter(kind_id="person").count() == 1
    similar = commit(scope, p.entity("person:anna-schmitt", "Anna Schmitt"))
    assert similar.results[0].ids["merge_suggestions"] == ["person:anna"]
    assert Entity.objects.filter(kind_id="person").count() == 2  # suggested, not merged
    suggestion = ProposalOp.objects.get(op="merge_entities")
    proposal_accept(scope=scope, item_id=suggestion.pk, actor="user:a")
    merged = entity_by_ref(scope=scope, ref="person:anna-schmitt", follow=False)
    assert merged.status == "merged"


def test_objects_the_reflection_layer_names_are_never_suggested_as_duplicates(scope):
    """Sessions named alike ("Sitzung s1", "Sitzung s2") are told apart by their chat, not
    their name: a review item per pair would bury the real questions."""
    commit(scope, p.entity("session:s1", "Sitzung s1"))
    second = commit(scope, p.entity("session:s2", "Sitzung s2"))
    assert second.results[0].ids["merge_suggestions"] == []
    assert not ProposalOp.objects.filter(op="merge_entities").exists()


def test_merge_and_split_follow_reads(scope):
    commit(scope, p.fact("pet:luna", "species", "cat"), p.fact("pet:mietze", "color", "grey"))
    luna = entity_by_ref(scope=scope, ref="pet:luna")
    mietze = entity_by_ref(scope=scope, ref="pet:mietze")
    before_merge = timezone.now()
    entity_merge(scope=scope, entity=mietze, into=luna, actor="user:a")
    assert current(scope, "pet:luna") == {"species": "cat", "color": "grey"}
    assert current(scope, "pet:mietze") == {"species": "cat", "color": "grey"}
    earlier = tools.state_as_known_at(scope=scope, ref="pet:luna", system_time=before_merge)
    assert [f["value"] for f in earlier["data"]["facts"]] == ["cat"]
    entity_split(scope=scope, entity=Entity.objects.get(pk=mietze.pk), actor="user:a")
    assert current(scope, "pet:luna") == {"species": "cat"}
    assert current(scope, "pet:mietze") == {"color": "grey"}
    assert WorldEvent.objects.filter(event_type_id__in=["merge", "split"]).count() == 2


def test_a_rename_makes_the_new_name_canonical_and_keeps_the_former_one(scope):
    commit(scope, p.entity("thread:topic-bratkartoffeln", "Bratkartoffeln · Gesa"))
    renamed = proposal_commit(
        scope=scope,
        proposal=MemoryMutationProposal.model_validate(
            {
                **p.proposal(
                    p.rename("thread:topic-bratkartoffeln", "Gesas Krankheit", reason="heißt so")
                ),
                "proposed_by": "user:owner-a",
            }
        ),
    )
    assert decisions(renamed) == ["committed"], renamed
    thread = Entity.objects.get(slug="topic-bratkartoffeln")
    assert thread.canonical_name == "Gesas Krankheit"
    for name in ("Bratkartoffeln · Gesa", "Gesas Krankheit", "thread:topic-bratkartoffeln"):
        assert entity_by_ref(scope=scope, ref=name).pk == thread.pk, name
    event = WorldEvent.objects.get(event_type_id="rename")
    assert (event.source, event.target_entity_id) == ("user:owner-a", thread.pk)
    assert event.payload == {
        "from": "Bratkartoffeln · Gesa",
        "to": "Gesas Krankheit",
        "reason": "heißt so",
    }
    with translation.override("de"):
        said = labels.event_summary(event.summary)
        proposed = labels.payload_sentence(
            "rename_entity",
            {"entity_ref": "thread:topic-bratkartoffeln", "canonical_name": "Gesas Sorgen"},
        )
    assert said == "„Bratkartoffeln · Gesa“ umbenannt in „Gesas Krankheit“"
    assert proposed == "Gesas Krankheit soll „Gesas Sorgen“ heißen"  # as waiting for review
    # the same name again changes nothing
    again = commit(scope, p.rename("thread:topic-bratkartoffeln", "Gesas Krankheit"))
    assert decisions(again) == ["duplicate"]
    assert WorldEvent.objects.filter(event_type_id="rename").count() == 1


def test_an_untrusted_rename_waits_for_review_and_applies_when_accepted(scope):
    commit(scope, p.entity("pet:luna", "Luna"))
    pending = commit(scope, p.rename("pet:luna", "Lunchen", trust_tier="untrusted"))
    assert decisions(pending) == ["pending"]
    assert entity_by_ref(scope=scope, ref="pet:luna").canonical_name == "Luna"
    accepted = proposal_accept(scope=scope, item_id=pending.proposal_id, actor="user:a")
    assert [r.decision for r in accepted] == ["committed"]
    assert entity_by_ref(scope=scope, ref="Luna").canonical_name == "Lunchen"
    assert WorldEvent.objects.get(event_type_id="rename").source == "user:a"


def test_a_rename_of_another_owners_entity_is_refused_as_if_missing(scope):
    with owner_scope("owner-b") as theirs:
        commit(theirs, p.entity("pet:rex", "Rex"))
    theirs_refused = commit(scope, p.rename("pet:rex", "Rexi"))
    missing_refused = commit(scope, p.rename("pet:nobody", "Rexi"))
    assert decisions(theirs_refused) == decisions(missing_refused) == ["rejected"]
    reasons = [r.results[0].reason for r in (theirs_refused, missing_refused)]
    assert reasons[0].replace("pet:rex", "R") == reasons[1].replace("pet:nobody", "R")
    with owner_scope("owner-b") as theirs:
        assert entity_by_ref(scope=theirs, ref="pet:rex").canonical_name == "Rex"


@pytest.mark.parametrize(
    ("name", "problem"),
    [("", "at least 1"), ("  \t ", "the name is empty"), ("x" * 301, "at most 300")],
)
def test_a_rename_to_an_empty_or_too_long_name_is_invalid(name, problem):
    with pytest.raises(ValidationError, match=problem):
        p.parsed(p.rename("pet:luna", name))


def test_recorded_at_strictly_increases_per_owner(scope):
    for value in ("a", "b", "c", "d"):
        commit(scope, p.fact("task:x", "status", value))
    times = list(Fact.objects.order_by("recorded_at").values_list("recorded_at", flat=True))
    assert times == sorted(times)
    distinct = sorted(
        set(
            Fact.objects.filter(superseded_at__isnull=True, valid_to__isnull=True).values_list(
                "recorded_at", flat=True
            )
        )
    )
    assert len(distinct) == 1


def test_github_case_backdated_knowledge(scope):
    """Blocked since Monday 14:00, learned Tuesday 09:00 (= now), seed 000 §3."""
    tuesday_09 = timezone.now()
    monday_14 = tuesday_09 - timedelta(hours=19)
    monday_15, monday_22 = monday_14 + timedelta(hours=1), monday_14 + timedelta(hours=8)
    learned = commit(
        scope,
        p.fact(
            "task:issue-42",
            "status",
            "blocked",
            monday_14,
            memory_type="observed_state",
            source="github:webhook",
            observed_at=(monday_14 + timedelta(minutes=3)).isoformat(),
        ),
    )
    assert decisions(learned) == ["committed"]
    at_15 = tools.state_at(scope=scope, ref="task:issue-42", valid_time=monday_15)
    assert [f["value"] for f in at_15["data"]["facts"]] == ["blocked"]
    evening = tools.state_as_known_at(scope=scope, ref="task:issue-42", system_time=monday_22)
    assert evening["data"]["facts"] == []
    assert "No active facts" in evening["text"]
    known_now = tools.state_as_known_at(
        scope=scope, ref="task:issue-42", system_time=timezone.now(), valid_time=monday_15
    )
    assert [f["value"] for f in known_now["data"]["facts"]] == ["blocked"]


def test_a_refused_assertion_keeps_what_the_operations_before_it_buffered(scope):
    """An observation of a suppressed value is refused without a savepoint of its own: the
    refusal must not drop the rows the earlier operations are still buffering."""
    commit(scope, p.entity("person:basti", "Basti"))
    pending = commit(
        scope, p.fact("person:basti", "prefers", "coffee", memory_type="derived_preference")
    )
    proposal_reject(scope=scope, item_id=pending.proposal_id, reason="nein", actor="user:a")
    result = commit(
        scope,
        p.fact("person:basti", "birthday", "--04-02", memory_type="observed_state"),
        p.fact("person:basti", "prefers", "coffee", memory_type="observed_state"),
        p.fact("person:basti", "works_as", "Koch", memory_type="observed_state"),
    )
    assert decisions(result) == ["committed", "rejected", "committed"]
    assert current(scope, "person:basti") == {"birthday": "--04-02", "works_as": "Koch"}


def test_a_new_entity_with_its_facts_costs_a_bounded_number_of_queries(
    scope, django_assert_max_num_queries
):
    """Lock, then clock, registry fingerprint, suppressions and run check in one read,
    preload, the entity with its aliases in one insert, merge suggestions, the facts in one
    insert, the decisions, notify: no read or savepoint per alias or per operation, no
    registry read while it is unchanged, no second lookup of the new entity's ref, no status
    update of a proposal decided when written (16 queries; 24 before those; 41 when every
    alias was read before it was written and every assertion after an entity took a
    savepoint and a lookup of its own)."""
    commit(scope, p.entity("person:me", "Ich"))
    ops = [
        p.entity("person:carla", "Carla", aliases=("Carla Maier", "Cari")),
        p.fact("person:me", "works_as", "Koch"),
        p.fact("person:carla", "works_as", "Ärztin"),
        p.fact("person:carla", "birthday", "--04-02"),
    ]
    with django_assert_max_num_queries(16, connection=connections["app"]):
        result = commit(scope, *ops)
    assert decisions(result) == ["committed"] * 4
    assert current(scope, "Cari") == {"works_as": "Ärztin", "birthday": "--04-02"}
