"""Corrections rewrite the past, changes do not; the supersede chain runs both ways.

Seed 000 §3: a retroactive correction changes world time (the old value never held)
while system time keeps that the agent believed it for a while.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone
from pydantic import ValidationError

from tests import proposals as p
from tests.conftest import BOTH_DATABASES, check_deferred_keys
from tests.worldmemory.test_api import Api, _token
from worldmemory import causality, corrections, tools
from worldmemory.committer import proposal_commit
from worldmemory.errors import InvalidInput
from worldmemory.models import Fact, Proposal
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

FEEDING = "feeding_time_evening"


@pytest.fixture
def scope():
    with owner_scope("owner-a") as scope:
        yield scope


def commit(scope, *ops):
    return proposal_commit(scope=scope, proposal=p.parsed(*ops))


def value_at(scope, predicate: str, *, valid_time, system_time=None, ref: str = "pet:luna"):
    if system_time is None:
        facts = tools.state_at(scope=scope, ref=ref, valid_time=valid_time)["data"]["facts"]
    else:
        facts = tools.state_as_known_at(
            scope=scope, ref=ref, system_time=system_time, valid_time=valid_time
        )["data"]["facts"]
    return [f["value"] for f in facts if f["predicate"] == predicate]


def test_a_correction_rewrites_valid_time_and_keeps_what_was_believed(scope):
    t1 = timezone.now() - timedelta(days=3)
    commit(scope, p.entity("pet:luna", "Luna"), p.fact("pet:luna", FEEDING, "19:00", t1))
    wrong = Fact.objects.get(predicate_id=FEEDING)

    result = commit(scope, p.correction("pet:luna", FEEDING, "18:00"))  # valid_from: now
    (outcome,) = result.results
    assert outcome.decision == "committed" and outcome.reason == "corrected"
    assert 'was never "19:00", but "18:00"' in outcome.notice
    check_deferred_keys()

    wrong.refresh_from_db()
    right = Fact.objects.get(pk=outcome.ids["fact_id"])
    assert outcome.ids["corrected_fact_id"] == str(wrong.pk)
    assert wrong.status == "invalidated" and wrong.invalidated_by_fact_id == right.pk
    assert right.supersedes_fact_id == wrong.pk
    # the whole period of the wrong row, not from the correction on
    assert (right.valid_from, right.valid_to) == (t1, None)

    last_week = t1 + timedelta(hours=1)
    assert value_at(scope, FEEDING, valid_time=last_week) == ["18:00"]
    # as known before the correction, the agent believed 19:00 — and still shows it
    believed_then = wrong.recorded_at
    assert value_at(scope, FEEDING, valid_time=last_week, system_time=believed_then) == ["19:00"]
    assert value_at(scope, FEEDING, valid_time=last_week, system_time=right.recorded_at) == [
        "18:00"
    ]


def test_a_change_supersedes_only_from_its_date(scope):
    t1 = timezone.now() - timedelta(days=3)
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1))
    old = Fact.objects.get(predicate_id=FEEDING)
    result = commit(scope, p.fact("pet:luna", FEEDING, "18:00"))
    check_deferred_keys()
    new = Fact.objects.get(pk=result.results[0].ids["fact_id"])
    old.refresh_from_db()
    assert old.status == "superseded" and old.invalidated_by_fact_id == new.pk
    assert value_at(scope, FEEDING, valid_time=t1 + timedelta(hours=1)) == ["19:00"]


def test_a_correction_reaches_back_before_the_row_it_corrects(scope):
    t0 = timezone.now() - timedelta(days=6)
    t1 = timezone.now() - timedelta(days=3)
    commit(scope, p.fact("pet:luna", FEEDING, "20:00", t0))
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1))
    current = Fact.objects.get(predicate_id=FEEDING, object_value="19:00")
    since = timezone.now() - timedelta(days=5)
    result = commit(
        scope, p.correction("pet:luna", FEEDING, "18:00", since, corrects_fact_id=str(current.pk))
    )
    assert result.results[0].decision == "committed", result.results
    check_deferred_keys()
    # 20:00 held until the corrected period began; from then on it was 18:00 all along
    assert value_at(scope, FEEDING, valid_time=t0 + timedelta(hours=1)) == ["20:00"]
    assert value_at(scope, FEEDING, valid_time=since + timedelta(hours=1)) == ["18:00"]
    assert value_at(scope, FEEDING, valid_time=t1 + timedelta(hours=1)) == ["18:00"]


def test_unnamed_the_row_valid_at_valid_from_is_corrected(scope):
    t0 = timezone.now() - timedelta(days=6)
    t1 = timezone.now() - timedelta(days=3)
    commit(scope, p.fact("pet:luna", FEEDING, "20:00", t0))
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1))
    # "that was 18:00 back then, not 20:00": the row valid five days ago
    result = commit(
        scope, p.correction("pet:luna", FEEDING, "18:00", timezone.now() - timedelta(days=5))
    )
    assert result.results[0].reason == "corrected"
    check_deferred_keys()
    assert value_at(scope, FEEDING, valid_time=t0 + timedelta(hours=1)) == ["18:00"]
    assert value_at(scope, FEEDING, valid_time=t1 + timedelta(hours=1)) == ["19:00"]


def test_without_a_row_valid_then_the_latest_one_is_corrected(scope):
    t1 = timezone.now() - timedelta(days=3)
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1))
    ended_at = timezone.now() - timedelta(days=2)
    row = Fact.objects.get(predicate_id=FEEDING)
    commit(scope, p.end(str(row.pk), ended_at))
    result = commit(scope, p.correction("pet:luna", FEEDING, "18:00"))
    assert result.results[0].reason == "corrected"
    right = Fact.objects.get(pk=result.results[0].ids["fact_id"])
    assert (right.valid_from, right.valid_to) == (t1, ended_at)  # the same period, ended too


def test_with_nothing_to_correct_it_is_a_plain_assertion_and_says_so(scope):
    result = commit(scope, p.correction("pet:luna", FEEDING, "18:00"))
    (outcome,) = result.results
    assert outcome.decision == "committed"
    assert outcome.reason == "nothing to correct: asserted as a plain assertion"
    assert "nothing to correct" in outcome.notice
    assert Fact.objects.get(pk=outcome.ids["fact_id"]).memory_type == "correction"


def test_the_same_value_again_is_known_already(scope):
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", timezone.now() - timedelta(days=1)))
    result = commit(scope, p.correction("pet:luna", FEEDING, "19:00"))
    assert result.results[0].decision == "duplicate"


def test_a_correction_naming_a_later_start_moves_the_start_and_keeps_the_value(scope):
    # "bin erst seit 2019 Krankenpflegerin, nicht seit 2018"
    said, believed, named = (timezone.now() - timedelta(days=d) for d in (1, 800, 400))
    commit(scope, p.entity("person:me", "Me"), p.fact("person:me", "works_as", "nurse", believed))
    wrong = Fact.objects.get(predicate_id="works_as")
    result = commit(
        scope,
        p.correction(
            "person:me", "works_as", "nurse", named,
            corrects_fact_id=str(wrong.pk), observed_at=said.isoformat(),
        ),
    )  # fmt: skip
    (outcome,) = result.results
    assert outcome.decision == "committed" and outcome.reason == "corrected"
    right = Fact.objects.get(pk=outcome.ids["fact_id"])
    assert (right.valid_from, right.valid_to, right.object_value) == (named, None, "nurse")
    wrong.refresh_from_db()
    assert wrong.status == "invalidated"
    # between the believed and the named start it never held
    between = believed + timedelta(days=10)
    assert value_at(scope, "works_as", valid_time=between, ref="person:me") == []
    assert value_at(scope, "works_as", valid_time=named + timedelta(days=1), ref="person:me") == [
        "nurse"
    ]


def test_a_later_start_said_as_the_moment_of_speaking_is_no_correction(scope):
    # without a start named before the moment it was said, the same value is known already
    believed = timezone.now() - timedelta(days=30)
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", believed))
    now = timezone.now()
    result = commit(
        scope, p.correction("pet:luna", FEEDING, "19:00", now, observed_at=now.isoformat())
    )
    assert result.results[0].decision == "duplicate"


def test_a_named_row_is_corrected_and_a_foreign_one_refused(scope):
    t1 = timezone.now() - timedelta(days=2)
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1), p.fact("pet:luna", "species", "cat"))
    wrong = Fact.objects.get(predicate_id=FEEDING)
    species = Fact.objects.get(predicate_id="species")
    result = commit(
        scope, p.correction("pet:luna", FEEDING, "18:00", corrects_fact_id=str(wrong.pk))
    )
    assert result.results[0].reason == "corrected"
    refused = commit(
        scope, p.correction("pet:luna", FEEDING, "17:00", corrects_fact_id=str(species.pk))
    )
    assert refused.results[0].decision == "rejected"
    assert "not a 'feeding_time_evening' of pet:luna" in refused.results[0].reason
    missing = commit(
        scope, p.correction("pet:luna", FEEDING, "17:00", corrects_fact_id=str(uuid.uuid4()))
    )
    assert missing.results[0].decision == "rejected" and "no fact" in missing.results[0].reason


def test_a_set_attribute_correction_names_the_replaced_value(scope):
    t1 = timezone.now() - timedelta(days=2)
    commit(
        scope,
        p.fact("person:me", "prefers", "Tee", t1),
        p.fact("person:me", "prefers", "Kaffee schwarz", t1),
    )
    # without the replaced value the committer cannot tell which one never held
    refused = commit(scope, p.correction("person:me", "prefers", "Kaffee mit Milch"))
    assert refused.results[0].decision == "rejected"
    assert "corrects_value" in refused.results[0].reason

    result = commit(
        scope,
        p.correction("person:me", "prefers", "Kaffee mit Milch", corrects_value="Kaffee schwarz"),
    )
    assert result.results[0].reason == "corrected"
    values = value_at(scope, "prefers", valid_time=t1 + timedelta(hours=1), ref="person:me")
    assert sorted(values) == ["Kaffee mit Milch", "Tee"]


def test_a_relationship_correction_names_the_replaced_object(scope):
    t1 = timezone.now() - timedelta(days=2)
    commit(
        scope,
        p.entity("pet:mimi", "Mimi"),
        p.relationship("person:me", "cares_for", "pet:luna", t1),
    )
    with pytest.raises(ValidationError, match="corrects_object_ref"):
        p.parsed(p.relationship("person:me", "cares_for", "pet:mimi", memory_type="correction"))
    result = commit(
        scope,
        p.relationship(
            "person:me",
            "cares_for",
            "pet:mimi",
            memory_type="correction",
            corrects_object_ref="pet:luna",
        ),
    )
    assert result.results[0].reason == "corrected"
    edges = tools.state_at(scope=scope, ref="person:me", valid_time=t1 + timedelta(hours=1))
    assert [f["object_ref"] for f in edges["data"]["facts"]] == ["pet:mimi"]


def test_corrects_fields_belong_to_corrections_only():
    with pytest.raises(ValidationError, match="memory_type correction only"):
        p.parsed(p.fact("pet:luna", FEEDING, "18:00", corrects_value="19:00"))


def test_the_chain_shows_both_ways_in_history_and_explanation(scope):
    t1 = timezone.now() - timedelta(days=3)
    t2 = timezone.now() - timedelta(days=1)
    commit(scope, p.fact("pet:luna", FEEDING, "19:00", t1))
    commit(scope, p.fact("pet:luna", FEEDING, "20:00", t2))  # a change
    commit(scope, p.correction("pet:luna", FEEDING, "21:00"))  # 20:00 never held

    history = tools.get_fact_history(scope=scope, ref="pet:luna", predicate=FEEDING)
    rows = {(r["value"], r["lifecycle"]): r for r in history["data"]["history"]}
    assert set(rows) == {("19:00", "superseded"), ("20:00", "invalidated"), ("21:00", "active")}
    assert rows[("19:00", "superseded")]["replaced_by"]["value"] == "20:00"
    assert rows[("20:00", "invalidated")]["replaces"]["value"] == "19:00"
    assert rows[("20:00", "invalidated")]["replaced_by"]["value"] == "21:00"
    assert rows[("20:00", "invalidated")]["replaced_how"] == "corrected"
    assert rows[("21:00", "active")]["replaces"]["value"] == "20:00"
    assert rows[("21:00", "active")]["replaced_by"] is None
    assert "→ corrected to 21:00" in history["text"]
    assert "→ superseded by 20:00" in history["text"]
    assert "← replaces 20:00" in history["text"]

    wrong = rows[("20:00", "invalidated")]["id"]
    why = causality.explain_change(scope=scope, fact_id=wrong)
    assert [f["value"] for f in why["data"]["previous"]] == ["19:00"]
    assert [f["value"] for f in why["data"]["next"]] == ["21:00"]
    assert "then corrected to: 21:00" in why["text"]
    now_why = causality.explain_change(scope=scope, ref="pet:luna", predicate=FEEDING)
    assert [f["value"] for f in now_why["data"]["previous"]] == ["20:00", "19:00"]
    assert now_why["data"]["next"] == []


def test_observed_at_shows_where_it_differs_from_valid_from(scope):
    began = timezone.now() - timedelta(days=1)
    seen = began + timedelta(minutes=3)
    commit(
        scope,
        p.fact("issue:42", "status", "blocked", began, observed_at=seen.isoformat()),
        p.fact("issue:42", "title", "Login", began, observed_at=began.isoformat()),
    )
    answer = tools.get_entity(scope=scope, ref="issue:42")
    facts = {f["predicate"]: f for f in answer["data"]["facts"]}
    assert facts["status"]["observed_at"] == seen
    assert facts["title"]["observed_at"] is None  # the same as valid_from: nothing to add
    status_line = next(line for line in answer["text"].splitlines() if "status" in line)
    assert "observed" in status_line
    assert "observed" not in next(line for line in answer["text"].splitlines() if "title" in line)
    history = tools.get_fact_history(scope=scope, ref="issue:42", predicate="status")
    assert history["data"]["history"][0]["observed_at"] == seen and "observed" in history["text"]


def test_api_refuses_an_unclear_set_correction_with_422_and_writes_nothing():
    alice = Api(_token("alice"))
    alice.post("/proposals", p.proposal(p.fact("person:me", "prefers", "Tee")))
    with owner_scope("alice"):
        before = Proposal.objects.count()
    response = alice.post(
        "/proposals",
        p.proposal(p.entity("pet:luna", "Luna"), p.correction("person:me", "prefers", "Kaffee")),
    )
    assert response.status_code == 422
    assert "operations[1]" in response.json()["detail"]
    assert "corrects_value" in response.json()["detail"]
    with owner_scope("alice"):
        assert Proposal.objects.count() == before
        assert not Fact.objects.filter(subject_entity__slug="luna").exists()


def test_api_correct_and_change_mean_different_things():
    alice = Api(_token("alice"))
    t1 = timezone.now() - timedelta(days=3)
    alice.post("/proposals", p.proposal(p.fact("pet:luna", FEEDING, "19:00", t1)))
    with owner_scope("alice"):
        wrong = Fact.objects.get(predicate_id=FEEDING)
    corrected = alice.post(f"/facts/{wrong.pk}/correct", {"value": "18:00"})
    assert corrected.status_code == 200, corrected.content
    assert corrected.json()["results"][0]["reason"] == "corrected"
    then = (t1 + timedelta(hours=1)).isoformat()
    past = alice.get("/tools/state_at", ref="pet:luna", valid_time=then).json()
    assert "feeding_time_evening = 18:00" in past["text"]
    known = alice.get(
        "/tools/state_as_known_at",
        ref="pet:luna",
        system_time=wrong.recorded_at.isoformat(),
        valid_time=then,
    ).json()
    assert "feeding_time_evening = 19:00" in known["text"]

    right = corrected.json()["results"][0]["ids"]["fact_id"]
    changed = alice.post(f"/facts/{right}/change", {"value": "17:30"})
    assert changed.status_code == 200, changed.content
    past = alice.get("/tools/state_at", ref="pet:luna", valid_time=then).json()
    assert "feeding_time_evening = 18:00" in past["text"]  # a change leaves the past alone
    now = alice.get("/tools/get_entity", ref="pet:luna").json()
    assert "feeding_time_evening = 17:30" in now["text"]

    gone = alice.post(f"/facts/{wrong.pk}/correct", {"value": "16:00"})
    assert gone.status_code == 404  # no longer a current fact
    bob = Api(_token("bob"))
    assert bob.post(f"/facts/{right}/correct", {"value": "x"}).status_code == 404


@pytest.mark.parametrize("service", [corrections.fact_correct, corrections.fact_change])
def test_naming_the_value_a_fact_already_has_is_refused_and_changes_nothing(scope, service):
    proposal_commit(
        scope=scope,
        proposal=p.parsed(
            p.entity("person:me", "Ich"),
            p.entity("place:halle", "Halle", ("Halle",)),
            p.fact("person:me", "routine", "jeden Samstag laufen"),
            p.relationship("person:me", "lives_in", "place:halle"),
        ),
    )
    before = Fact.objects.count()
    for predicate, same in (("routine", " jeden Samstag laufen "), ("lives_in", "Halle")):
        fact = Fact.objects.get(predicate_id=predicate, superseded_at__isnull=True)
        with pytest.raises(InvalidInput, match="already has"):
            service(scope=scope, fact_id=fact.pk, value=same, valid_from=None, actor="user:owner")
    assert Fact.objects.count() == before
