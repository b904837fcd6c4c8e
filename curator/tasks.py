"""django-q2 tasks of the curator."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_q.models import Schedule

from curator.pipeline import curate_due

SWEEP_SCHEDULE = "gd-curator-sweep"
SWEEP_EVERY = timedelta(seconds=5)


def sweep() -> int:
    """Curate every due chat, then come back in a few seconds (the schedule's own interval
    is a minute; pulling its next run closer makes the sweep run every few seconds)."""
    done = curate_due()
    Schedule.objects.filter(name=SWEEP_SCHEDULE).update(next_run=timezone.now() + SWEEP_EVERY)
    return done


def ensure_schedule() -> None:
    Schedule.objects.update_or_create(
        name=SWEEP_SCHEDULE,
        defaults={
            "func": "curator.tasks.sweep",
            "schedule_type": Schedule.MINUTES,
            "minutes": 1,
            "repeats": -1,
        },
    )
