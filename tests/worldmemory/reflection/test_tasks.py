"""The enrichment-path tasks: they open the owner's scope themselves and call a service."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import override_settings
from django_q.models import Schedule

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.models import Entity, ProposalOp, SessionWorkingState
from worldmemory.reflection import continuity, promotion, tasks
from worldmemory.reflection.operations import Provenance, op_entity, op_fact, reflection_commit
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
OWNER = "owner-tasks"


def test_an_observation_in_a_period_schedules_the_consolidation_task_that_proposes():
    with owner_scope(OWNER) as scope:
        for index, (slug, text) in enumerate(
            [
                ("u-1", "Heute im Meer geschwommen."),
                ("u-1", "Wieder im Meer geschwommen."),
                ("u-2", "Im See geschwommen, herrlich!"),
            ]
        ):
            ref = f"life_period:{slug}"
            how = Provenance.observed(what="holiday")
            reflection_commit(
                scope=scope,
                ops=[op_entity(ref, slug, how), op_fact(ref, "period_type", "holiday", how)],
                purpose="test",
            )
            at = datetime(2025, 7, 1 + index, tzinfo=UTC)
            message = say(scope, text, at=at)
            promotion.experience_record(scope=scope, message_id=message.pk, periods=(ref,))
    schedule = Schedule.objects.get(name=f"gd-consolidate:{OWNER}")
    assert schedule.func == "worldmemory.reflection.tasks.consolidate"
    outcome = tasks.consolidate(OWNER)
    with owner_scope(OWNER):
        told = sorted(e.ref for e in Entity.objects.filter(owner_sub=OWNER, kind_id="experience"))
    assert [p["evidence"] for p in outcome["proposed"]] == [told]
    with owner_scope(OWNER) as scope:
        assert ProposalOp.objects.filter(owner_sub=scope.owner_sub, decision="pending").exists()
    assert tasks.consolidate(OWNER)["proposed"] == []  # still in review: not proposed twice


@override_settings(GD_SESSION_SUMMARY_TOKENS=20, GD_SESSION_IDLE_MINUTES=1)
def test_summary_and_idle_close_tasks_run_in_the_owners_scope():
    with owner_scope(OWNER) as scope:
        start = datetime(2026, 1, 1, tzinfo=UTC)
        for minute in range(6):
            message = say(
                scope,
                f"Ein längerer Gedanke Nummer {minute} über das Warten.",
                session="s-task",
                at=start + timedelta(minutes=minute),
            )
            continuity.working_state_note(scope=scope, messages=[message])
    assert tasks.summary_roll(OWNER, "s-task").startswith("session_summary:s-task-")
    report = tasks.close_if_idle(OWNER, "s-task")
    assert report["reason"] == "inactivity"
    with owner_scope(OWNER) as scope:
        state = SessionWorkingState.objects.get(owner_sub=scope.owner_sub, chat_id="s-task")
        assert state.closed_at is not None
    assert tasks.close_if_idle(OWNER, "gone") is None
