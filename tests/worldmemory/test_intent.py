"""Intent against outcome, from the effects the same run caused (late effects too)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import causality
from worldmemory.committer import proposal_commit
from worldmemory.context import build_context
from worldmemory.models import WorldEvent
from worldmemory.reads.outcomes import latest_outcomes
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def action(intent: str, expected: dict, run: str) -> dict:
    return {
        "op": "record_event",
        "event_type": "tool_call",
        "summary": "du hast die Lampe geschaltet",
        "intent": intent,
        "expected_effect": expected,
        "correlation_id": run,
        "target_ref": "device:lamp",
        **p.provenance(memory_type="agent_action", source="agent:run"),
    }


def effect(value: str, run: str, cause: str | None = None) -> list[dict]:
    return [
        {
            "op": "record_event",
            "event_type": "state_change",
            "summary": f"Lampe ist {value}",
            "correlation_id": run,
            "caused_by_event_id": cause,
            "target_ref": "device:lamp",
            **p.provenance(memory_type="observed_state", source="home:sensor"),
        },
        p.fact(
            "device:lamp",
            "power",
            value,
            timezone.now(),
            memory_type="observed_state",
            source="home:sensor",
        ),
    ]


def test_outcome_follows_the_effects_of_the_same_run():
    with owner_scope("owner-intent") as scope:
        expected = {"target": "device:lamp", "predicate": "power", "expected_value": "on"}
        done = proposal_commit(
            scope=scope, proposal=p.parsed(action("Licht an", expected, "run-9"))
        )
        intent_id = done.results[0].ids["event_id"]
        # evaluated after the run: nothing observed yet
        assert latest_outcomes(scope=scope, intent_ids=[intent_id]) == {intent_id: "unfulfilled"}

        proposal_commit(scope=scope, proposal=p.parsed(*effect("off", "run-9")))
        assert latest_outcomes(scope=scope, intent_ids=[intent_id]) == {intent_id: "partial"}
        proposal_commit(scope=scope, proposal=p.parsed(*effect("on", "run-9", intent_id)))
        assert latest_outcomes(scope=scope, intent_ids=[intent_id]) == {intent_id: "fulfilled"}
        # an unchanged outcome writes nothing new
        count = WorldEvent.objects.filter(event_type_id="intent_outcome").count()
        proposal_commit(scope=scope, proposal=p.parsed(*effect("on", "run-9")))
        assert WorldEvent.objects.filter(event_type_id="intent_outcome").count() == count

        effects = causality.effects_of(scope=scope, event_id=intent_id)
        assert "→ Lampe ist on" in effects["text"]
        why = causality.explain_change(scope=scope, ref="device:lamp", predicate="power")
        assert "intent was: Licht an · outcome: fulfilled" in why["text"]
        # the context block reads the latest outcome too, not the one stored with the action
        block = build_context(scope=scope, message="Ist die lamp an?")["text"]
        assert "[intent: Licht an · fulfilled]" in block, block


def test_unobservable_effects_stay_unknown_and_no_effect_is_unfulfilled():
    with owner_scope("owner-intent") as scope:
        hidden = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                action("Bug fixen", {"observable": False, "note": "no test run"}, "run-10")
            ),
        )
        silent = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                action(
                    "Licht aus",
                    {"target": "device:lamp", "predicate": "power", "expected_value": "off"},
                    "run-11",
                )
            ),
        )
        ids = [hidden.results[0].ids["event_id"], silent.results[0].ids["event_id"]]
        outcomes = latest_outcomes(scope=scope, intent_ids=ids)
        assert ids[0] not in outcomes
        assert outcomes[ids[1]] == "unfulfilled"


def test_an_effect_superseded_later_in_the_run_no_longer_counts():
    with owner_scope("owner-intent") as scope:
        expected = {"target": "device:lamp", "predicate": "power", "expected_value": "on"}
        done = proposal_commit(
            scope=scope, proposal=p.parsed(action("Licht an", expected, "run-7"))
        )
        intent_id = done.results[0].ids["event_id"]
        proposal_commit(scope=scope, proposal=p.parsed(*effect("on", "run-7", intent_id)))
        assert latest_outcomes(scope=scope, intent_ids=[intent_id]) == {intent_id: "fulfilled"}
        # the same run switched it off again: the closed "on" row keeps an open valid_to,
        # but it is no longer believed, so it no longer fulfils the intent
        proposal_commit(scope=scope, proposal=p.parsed(*effect("off", "run-7", intent_id)))
        assert latest_outcomes(scope=scope, intent_ids=[intent_id]) == {intent_id: "partial"}


def test_a_commit_without_intents_evaluates_them_in_one_statement():
    from django.db import connections
    from django.test.utils import CaptureQueriesContext

    from worldmemory.committer.intents import evaluate_intents

    with owner_scope("alice") as scope:
        proposal_commit(scope=scope, proposal=p.parsed(*effect("an", "run-plain")))
        with CaptureQueriesContext(connections["app"]) as queries:
            assert evaluate_intents(scope=scope, correlation_id="run-plain") == {}
    assert len(queries) == 1  # the read of the intents, no savepoint around nothing
