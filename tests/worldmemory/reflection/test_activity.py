"""Spaces and sessions become dormant, then archived, and active again (seed 003)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import activity, continuity, selectors, threads
from worldmemory.sources import IncomingSession, messages_ingest

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
START = datetime(2025, 3, 1, 9, tzinfo=UTC)


def _state(scope, ref: str) -> dict:
    entity = entity_by_ref(scope=scope, ref=ref)
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    return selectors.value_of(rows, "activity_state")


def test_a_space_rests_is_archived_and_comes_back_with_new_activity(scope):
    messages_ingest(scope=scope, messages=[], sessions=[IncomingSession("chor-1", "Chor", START)])
    first = say(scope, "Im Chor üben wir das Requiem.", session="chor-1", at=START)
    space, _ = threads.space_resolve(scope=scope, name="Chor")
    threads.thread_place(scope=scope, message_id=first.pk, topic="Requiem", space_ref=space)
    continuity.session_close(scope=scope, external_id="chor-1")

    changes = activity.activity_sweep(scope=scope, now=START + timedelta(days=10))
    assert {c["ref"]: c["to"] for c in changes} == {space: "active", "session:chor-1": "active"}
    assert activity.activity_sweep(scope=scope, now=START + timedelta(days=11)) == []

    activity.activity_sweep(scope=scope, now=START + timedelta(days=90))
    assert _state(scope, space)["state"] == "dormant"
    assert _state(scope, space)["last_activity"] == START.isoformat()
    activity.activity_sweep(scope=scope, now=START + timedelta(days=400))
    assert _state(scope, space)["state"] == "archived"
    assert _state(scope, "session:chor-1")["state"] == "archived"

    later = START + timedelta(days=401)
    again = say(scope, "Das Requiem geht mir nicht aus dem Kopf.", session="chor-9", at=later)
    threads.thread_place(scope=scope, message_id=again.pk, topic="Requiem", space_ref=space)
    activity.activity_sweep(scope=scope, now=later + timedelta(hours=1))
    assert _state(scope, space) == {
        "state": "active",
        "trigger": "reactivated: new activity",
        "last_activity": later.isoformat(),
    }
    # archived is a state, not a deletion: the old session is still there
    assert entity_by_ref(scope=scope, ref="session:chor-1") is not None


def test_a_space_rests_from_its_last_turn_not_from_the_sweep(scope):
    """Chat fed in months after it was said: the space is dormant from its last turn and
    the quiet stretch on, not from the day the sweep ran; each state keeps its own stretch
    of valid time."""
    first = say(scope, "Im Chor üben wir das Requiem.", session="chor-1", at=START)
    last = say(scope, "Das Requiem sitzt jetzt.", session="chor-2", at=START + timedelta(days=3))
    space, _ = threads.space_resolve(scope=scope, name="Chor")
    for message in (first, last):
        threads.thread_place(scope=scope, message_id=message.pk, topic="Requiem", space_ref=space)

    for day in (10, 200, 400):
        activity.activity_sweep(scope=scope, now=START + timedelta(days=day))

    entity = entity_by_ref(scope=scope, ref=space)
    last = START + timedelta(days=3)

    def state_on(day: int):
        rows = selectors.current_by_entity(
            scope=scope, entity_ids=[entity.pk], valid_time=START + timedelta(days=day)
        )[entity.pk]
        (row,) = [r for r in rows if r.predicate_id == "activity_state"]
        return row.object_value["state"], row.valid_from

    assert state_on(30) == ("active", last)
    assert state_on(100) == ("dormant", last + activity.DORMANT_AFTER)
    assert state_on(380) == ("archived", last + activity.ARCHIVED_AFTER)
