"""django-q2 tasks of the world memory."""

from django.utils import timezone

from infra.metrics import counters_compact
from worldmemory.models import WorkerHeartbeat
from worldmemory.partitions import event_partitions_ensure

# the heartbeat row of the django-q2 cluster, which /healthz reads
WORKER_NAME = "qcluster"


def worker_heartbeat() -> None:
    """Scheduled every minute; ``/healthz`` reports its age. The same minute folds the
    increments of the operations counters, so ``/metrics`` sums few rows, and makes sure
    ``world_events`` has its partitions for the months ahead."""
    WorkerHeartbeat.objects.update_or_create(name=WORKER_NAME, defaults={"beat_at": timezone.now()})
    counters_compact()
    event_partitions_ensure()


def embed_owner(owner_sub: str) -> dict:
    """Embed an owner's pending entities, projections and messages (queued after commits)."""
    from worldmemory.tenancy import owner_scope
    from worldmemory.vectors import embed_pending

    with owner_scope(owner_sub) as scope:
        return embed_pending(scope=scope)


def retention_daily() -> dict[str, dict]:
    """Scheduled once a day: roll up and prune every owner's windowed rows past the window."""
    from worldmemory.retention import retention_run
    from worldmemory.retention.owners import known_owners

    return {owner: retention_run(owner_sub=owner).summary() for owner in known_owners()}


def ages_daily() -> dict[str, int]:
    """Scheduled once a day: every owner's ages move on past the birthdays since they were
    said (``worldmemory.ages``)."""
    from worldmemory.ages import ages_advance
    from worldmemory.retention.owners import known_owners
    from worldmemory.tenancy import owner_scope

    changed = {}
    for owner in known_owners():
        with owner_scope(owner) as scope:
            changed[owner] = ages_advance(scope=scope)
    return changed
