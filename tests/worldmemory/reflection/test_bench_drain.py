"""The benchmark's in-process worker runs one owner's due schedules, not what other
benchmarks left due in the same database."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_q.models import Schedule

from tests.conftest import BOTH_DATABASES
from worldmemory.benchmarks.reflection_quality import worker_drain


def _due(name: str, owner: str) -> Schedule:
    return Schedule.objects.create(
        name=name,
        func="builtins.max",
        args=repr((owner, "chat")),
        schedule_type=Schedule.ONCE,
        repeats=1,
        next_run=timezone.now() - timedelta(seconds=1),
    )


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_drain_for_one_owner_leaves_the_others_schedules_due():
    own, other = _due("own", "bench-a"), _due("other", "bench-ab")
    assert worker_drain(owner="bench-a") == []
    assert Schedule.objects.filter(pk=own.pk, repeats=1).count() == 0  # it ran
    other.refresh_from_db()
    assert other.repeats == 1 and other.cluster is None  # still due, for the worker
    assert worker_drain() == []  # the worker's own way: every due schedule
    assert not Schedule.objects.filter(pk=other.pk, repeats=1).exists()
