"""Intent against outcome: did a consequential action do what it meant to?

An action event carries ``expected_effect`` = ``{"target": ref, "predicate": p,
"expected_value": v}``. Its outcome compares that with the facts the same
correlation (run) caused afterwards: the expected value → ``fulfilled``, another
value → ``partial``, nothing → ``unfulfilled``. An effect may instead name an event
(``{"event_type": "test_run", "payload": {"outcome": "passed"}}``): the events the action
caused are compared — all as expected → ``fulfilled``, some → ``partial``, none →
``unfulfilled``, none observed yet → unknown. An effect without a target and
predicate, or marked ``"observable": false``, stays unknown. Events are
append-only, so an outcome is a new ``intent_outcome`` event caused by the action;
a later evaluation (late effects) writes another one only when the outcome changed.
"""

from __future__ import annotations

from django.db import transaction

from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.committer.records import event_record
from worldmemory.models import Fact, WorldEvent
from worldmemory.reads.outcomes import latest_outcomes
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import OwnerScope


def _event_outcome(scope: OwnerScope, intent: WorldEvent, expected: dict) -> str | None:
    """Compare the events the action caused (directly) with the expected event."""
    payloads = list(
        WorldEvent.objects.filter(
            owner_sub=scope.owner_sub,
            caused_by_event=intent,
            event_type_id=expected["event_type"],
        ).values_list("payload", flat=True)
    )
    if not payloads:
        return None  # not observed (yet): unknown, not unfulfilled
    wanted = expected.get("payload") or {}
    matching = sum(all(p.get(k) == v for k, v in wanted.items()) for p in payloads)
    if matching == len(payloads):
        return "fulfilled"
    return "partial" if matching else "unfulfilled"


def _outcome(scope: OwnerScope, intent: WorldEvent) -> str | None:
    expected = intent.expected_effect or {}
    if expected.get("event_type") and expected.get("observable") is not False:
        return _event_outcome(scope, intent, expected)
    if (
        expected.get("observable") is False
        or not expected.get("target")
        or not expected.get("predicate")
    ):
        return None
    target = entity_by_ref(scope=scope, ref=expected["target"])
    if target is None:
        return "unfulfilled"
    # the values that stand: an effect superseded or corrected since no longer counts
    effects = (
        Fact.objects.filter(
            temporal.fact_believed_open_q(),
            owner_sub=scope.owner_sub,
            subject_entity=target,
            predicate_id=expected["predicate"],
            caused_by_event__correlation_id=intent.correlation_id,
        )
        .filter(temporal.recorded_since_q(intent.recorded_at, inclusive=True))
        .values_list("object_value", flat=True)
    )
    values = list(effects)
    if not values:
        return "unfulfilled"
    return "fulfilled" if expected.get("expected_value") in values else "partial"


def evaluate_intents(*, scope: OwnerScope, correlation_id: str) -> dict[str, str]:
    """Record the outcome of every intent of the correlation whose outcome changed."""
    intents = list(
        WorldEvent.objects.filter(
            owner_sub=scope.owner_sub,
            correlation_id=correlation_id,
            expected_effect__isnull=False,
        ).exclude(event_type_id="intent_outcome")
    )
    if not intents:  # most commits (every curator run's) carry no intent: no savepoint
        return {}
    with transaction.atomic(using=APP_DB):
        known = latest_outcomes(scope=scope, intent_ids=[i.pk for i in intents])
        recorded = {}
        for intent in intents:
            outcome = _outcome(scope, intent)
            if outcome is None or known.get(str(intent.pk)) == outcome:
                continue
            event_record(
                scope=scope,
                event_type="intent_outcome",
                actor="curator:intent",
                caused_by=intent,
                target_entity_id=intent.target_entity_id,
                correlation_id=correlation_id,
                causation_kind="inferred",
                payload={"outcome": outcome, "expected_effect": intent.expected_effect},
                summary=f"Absicht {outcome}: {intent.intent or intent.summary}",
            )
            recorded[str(intent.pk)] = outcome
        return recorded
