"""Consolidation without evidence loss, re-grounding and drift (seed 003)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.committer import fact_invalidate, proposal_accept
from worldmemory.models import Entity, Fact, ProposalOp
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import consolidation, promotion, reground, selectors
from worldmemory.reflection.operations import Provenance, op_entity, op_fact, reflection_commit
from worldmemory.sources import message_delete

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

HOLIDAY_OBSERVATIONS = [
    (
        "urlaub-mallorca-2024",
        datetime(2024, 7, 3, tzinfo=UTC),
        "Heute sind wir im Meer geschwommen, das Wasser war herrlich.",
    ),
    (
        "urlaub-mallorca-2024",
        datetime(2024, 7, 5, tzinfo=UTC),
        "Morgens wieder im Meer geschwommen, ganz allein in der Bucht.",
    ),
    (
        "urlaub-alpen-2025",
        datetime(2025, 8, 10, tzinfo=UTC),
        "Im Bergsee geschwommen, eiskalt, aber herrlich.",
    ),
    (
        "urlaub-alpen-2025",
        datetime(2025, 8, 12, tzinfo=UTC),
        "Abends noch im See geschwommen bei Sonnenuntergang.",
    ),
    # told in the same holiday, but about something else: no evidence for the same insight
    ("urlaub-alpen-2025", datetime(2025, 8, 13, tzinfo=UTC), "Wir haben viel gelesen."),
]


def _period(scope, slug: str, when: datetime) -> str:
    ref = f"life_period:{slug}"
    how = Provenance.observed(what="holiday", valid_from=when.replace(day=1))
    reflection_commit(
        scope=scope,
        ops=[op_entity(ref, slug, how), op_fact(ref, "period_type", "holiday", how)],
        purpose="test",
    )
    return ref


@pytest.fixture
def holidays(scope):
    experiences = []
    for slug, when, text in HOLIDAY_OBSERVATIONS:
        period = _period(scope, slug, when)
        message = say(scope, text, session=f"s-{slug}", at=when)
        recorded = promotion.experience_record(
            scope=scope, message_id=message.pk, periods=(period,)
        )
        experiences.append((recorded["ref"], message))
    # an activity outside any holiday is no evidence for a holiday insight
    home = say(scope, "Heute im Hallenbad geschwommen.", at=datetime(2025, 3, 1, tzinfo=UTC))
    promotion.experience_record(scope=scope, message_id=home.pk)
    return experiences


def _accepted_insight(scope):
    (proposed,) = consolidation.consolidation_run(scope=scope)
    assert proposed["decisions"] == ["pending"]  # a derived pattern waits for review
    proposal_accept(scope=scope, item_id=proposed["proposal_id"], actor="user:test")
    return proposed


def test_similar_holiday_experiences_consolidate_into_one_insight_with_all_evidence(
    scope, holidays
):
    proposed = _accepted_insight(scope)
    active = [ref for ref, _ in holidays[:4]]
    # named after its first experience: one identity as evidence is added later
    assert proposed["ref"] == f"insight:holiday-{active[0].split(':', 1)[1]}"
    assert proposed["evidence"] == sorted(active)
    insight = entity_by_ref(scope=scope, ref=proposed["ref"])
    rows = selectors.current_by_entity(scope=scope, entity_ids=[insight.pk])[insight.pk]
    linked = {Entity.objects.get(pk=pk).ref for pk in selectors.targets_of(rows, "derived_from")}
    assert linked == set(active)  # every piece of evidence, and only those
    derivation = selectors.value_of(rows, "derivation")
    assert derivation["label"] == "derived"
    assert derivation["evidence_count"] == 4
    assert derivation["scope"]["period_type"] == "holiday"
    assert derivation["scope"]["periods"] == [
        "life_period:urlaub-alpen-2025",
        "life_period:urlaub-mallorca-2024",
    ]
    assert derivation["period"]["from"].startswith("2024-07-03")
    assert derivation["period"]["to"].startswith("2025-08-12")
    statement = selectors.value_of(rows, "statement")
    assert statement.startswith("In deinen bisherigen Urlauben kehrt „geschwommen“ wieder")
    assert derivation["method"] == "similarity:meaning+time+names"
    assert "immer" not in statement and "always" not in statement  # no widened scope
    evidence_confidence = min(
        r.confidence
        for ref, _ in holidays[:4]
        for r in selectors.current_by_entity(
            scope=scope, entity_ids=[entity_by_ref(scope=scope, ref=ref).pk]
        )[entity_by_ref(scope=scope, ref=ref).pk]
    )
    statement_row = next(r for r in rows if r.predicate_id == "statement")
    assert statement_row.confidence <= evidence_confidence
    assert statement_row.memory_type == "derived_pattern"
    assert selectors.state_name(selectors.value_of(rows, "lifecycle_state")) == "candidate"
    # the evidence stays, untouched
    for ref, _ in holidays:
        assert entity_by_ref(scope=scope, ref=ref).status == "active"
    # nothing new: nothing proposed again
    assert consolidation.consolidation_run(scope=scope) == []

    grounded = reground.reground(scope=scope, ref=proposed["ref"])
    assert grounded["data"]["derived"] is True
    assert {p["message_id"] for p in grounded["data"]["passages"]} == {
        str(m.pk) for _, m in holidays[:4]
    }
    assert all(p["session_external_id"] for p in grounded["data"]["passages"])


def test_an_experience_the_owner_called_unimportant_is_no_evidence(scope):
    period = _period(scope, "urlaub-2026", datetime(2026, 6, 1, tzinfo=UTC))
    other = _period(scope, "urlaub-2027", datetime(2027, 6, 1, tzinfo=UTC))
    for when, where, text in (
        (datetime(2026, 6, 2, tzinfo=UTC), period, "Heute im Meer geschwommen, herrlich."),
        (datetime(2026, 6, 3, tzinfo=UTC), period, "Im Meer geschwommen, war nicht wichtig."),
        (datetime(2027, 6, 2, tzinfo=UTC), other, "Wieder im Meer geschwommen, herrlich."),
    ):
        message = say(scope, text, at=when)
        promotion.experience_record(scope=scope, message_id=message.pk, periods=(where,))
    assert consolidation.consolidation_run(scope=scope) == []  # two left: too few


def test_too_little_evidence_makes_no_insight(scope):
    period = _period(scope, "urlaub-2026", datetime(2026, 6, 1, tzinfo=UTC))
    for text in ("Wir sind geschwommen.", "Wir sind gewandert."):
        message = say(scope, text, at=datetime(2026, 6, 2, tzinfo=UTC))
        promotion.experience_record(scope=scope, message_id=message.pk, periods=(period,))
    assert consolidation.consolidation_run(scope=scope) == []
    assert not ProposalOp.objects.filter(owner_sub=scope.owner_sub, decision="pending").exists()


def test_a_correction_makes_the_insight_drift_and_it_is_flagged_for_review(scope, holidays):
    proposed = _accepted_insight(scope)
    assert reground.drift_check(scope=scope, ref=proposed["ref"])["state"] == "ok"
    # "that bike tour was not on holiday": the owner invalidates the period edge
    tour = entity_by_ref(scope=scope, ref=holidays[2][0])
    during = Fact.objects.get(
        owner_sub=scope.owner_sub, subject_entity=tour, predicate_id="during", superseded_at=None
    )
    fact_invalidate(scope=scope, fact_id=during.pk, reason="war kein Urlaub", actor="user:test")
    drift = reground.drift_check(scope=scope, ref=proposed["ref"])
    assert drift["state"] == "flagged" and drift["changed"] is True
    assert drift["reasons"] == [f"{holidays[2][0]}: during was invalidated"]
    insight = entity_by_ref(scope=scope, ref=proposed["ref"])
    rows = selectors.current_by_entity(scope=scope, entity_ids=[insight.pk])[insight.pk]
    assert selectors.value_of(rows, "drift_status")["state"] == "flagged"
    review = ProposalOp.objects.get(
        owner_sub=scope.owner_sub, proposal_id=drift["review_proposal_id"]
    )
    assert review.decision == "pending" and review.op == "invalidate_fact"
    # checking again changes nothing and queues nothing new
    assert reground.drift_check(scope=scope, ref=proposed["ref"])["changed"] is False
    # the insight is still there until the person decides
    assert selectors.value_of(rows, "statement").startswith("In deinen bisherigen Urlauben")


def test_a_deleted_source_makes_the_insight_drift(scope, holidays):
    proposed = _accepted_insight(scope)
    message_delete(scope=scope, message_id=holidays[0][1].pk, actor="user:test", reason="privat")
    drift = reground.drift_check(scope=scope, ref=proposed["ref"])
    assert drift["reasons"] == [f"source message {holidays[0][1].pk} was deleted"]
    grounded = reground.reground(scope=scope, ref=proposed["ref"])
    deleted = [p for p in grounded["data"]["passages"] if p["deleted"]]
    assert [p["message_id"] for p in deleted] == [str(holidays[0][1].pk)]
