"""Activity states of reflection spaces and source sessions: active, dormant, archived.

Seed 003: long kept does not mean always active. A space or a session nobody has touched
for a while becomes dormant, much later archived, and active again the moment something
new arrives in it. The state is an ``activity_state`` fact with its trigger and the last
activity it was judged by; nothing is ever deleted or hidden from re-grounding by it, it
only tells the context and the pages what is current. A state is written only when it
changes, valid on the owner's clock: from the last turn behind it, and the quiet states that
long after it (not when a sweep happens to notice them).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import UUID

from django.db.models import Max
from django.utils import timezone

from worldmemory import temporal
from worldmemory.models import SourceMessage
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import Provenance, op_fact, reflection_commit
from worldmemory.tenancy import OwnerScope

ACTIVITY_STATES = ("active", "dormant", "archived")
DORMANT_AFTER = timedelta(days=60)
ARCHIVED_AFTER = timedelta(days=365)


def activity_for(*, last: datetime | None, now: datetime) -> str:
    if last is None or now - last >= ARCHIVED_AFTER:
        return "archived"
    if now - last >= DORMANT_AFTER:
        return "dormant"
    return "active"


def state_since(*, state: str, last: datetime | None, now: datetime) -> datetime:
    """When ``state`` began on the owner's clock: active from the last turn, dormant and
    archived that long after it; never after the sweep that finds it, and the sweep's time
    when no turn is known. Each state keeps its own stretch of valid time: one after another
    they are a history, not three rows of the same day superseding each other."""
    if last is None:
        return now
    after = {"dormant": DORMANT_AFTER, "archived": ARCHIVED_AFTER}.get(state, timedelta(0))
    return min(last + after, now)


def _space_activity(scope: OwnerScope, space_ids: list[UUID]) -> dict[UUID, datetime | None]:
    """The newest message behind anything in each space (its members' evidence)."""
    edges = [
        r
        for r in temporal.incoming_current(scope=scope, entity_ids=space_ids)
        if r.predicate_id == "in_space"
    ]
    members: dict[UUID, set[UUID]] = {pk: set() for pk in space_ids}
    for edge in edges:
        members[edge.object_entity_id].add(edge.subject_entity_id)
    everyone = {m for group in members.values() for m in group}
    current = selectors.current_by_entity(scope=scope, entity_ids=everyone)
    cited: dict[UUID, set[UUID]] = {}
    for member, rows in current.items():
        ids = set(selectors.message_ids_of((r.evidence or {}).get("ref") for r in rows))
        ids |= {
            UUID(v["message_id"])
            for v in selectors.values_of(rows, "thread_entry")
            if isinstance(v, dict) and v.get("message_id")
        }
        cited[member] = ids
    every_message = {i for ids in cited.values() for i in ids}
    when = dict(
        SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=every_message).values_list(
            "pk", "occurred_at"
        )
    )
    last: dict[UUID, datetime | None] = {}
    for space, group in members.items():
        times = [when[i] for m in group for i in cited.get(m, ()) if i in when]
        last[space] = max(times) if times else None
    return last


def _session_activity(scope: OwnerScope, session_refs: dict[UUID, str]) -> dict:
    """The newest message of each session (the session entity's slug is its id)."""
    rows = (
        SourceMessage.objects.filter(owner_sub=scope.owner_sub)
        .values("session_external_id")
        .annotate(last=Max("occurred_at"))
    )
    by_slug = {}
    from worldmemory.refs import slugify

    for row in rows:
        by_slug[slugify(row["session_external_id"])] = row["last"]
    return {pk: by_slug.get(slug) for pk, slug in session_refs.items()}


def session_activity(*, scope: OwnerScope, external_id: str) -> dict | None:
    """The session's current ``activity_state`` (state, trigger, last activity), ``None``
    before any sweep judged it."""
    from worldmemory.reads.resolution import entity_by_ref
    from worldmemory.refs import slugify

    entity = entity_by_ref(scope=scope, ref=f"session:{slugify(external_id)}")
    if entity is None or entity.kind_id != "session":
        return None
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    value = selectors.value_of(rows, "activity_state")
    return value if isinstance(value, dict) else None


def activity_sweep(*, scope: OwnerScope, now: datetime | None = None) -> list[dict]:
    """Judge every space and session by its last activity; write the changes."""
    now = now or timezone.now()
    spaces = selectors.reflection_entities(scope=scope, kind="reflection_space")
    sessions = selectors.reflection_entities(scope=scope, kind="session")
    last = _space_activity(scope, [s.pk for s in spaces])
    last.update(_session_activity(scope, {s.pk: s.slug for s in sessions}))
    current = selectors.current_by_entity(scope=scope, entity_ids=[*last])
    changes, ops = [], []
    for entity in [*spaces, *sessions]:
        before = selectors.state_name(selectors.value_of(current[entity.pk], "activity_state"))
        moment = last.get(entity.pk)
        state = activity_for(last=moment, now=now)
        if state == before:
            continue
        if before in ("dormant", "archived") and state == "active":
            trigger = "reactivated: new activity"
        elif moment is None:
            trigger = "no activity recorded"
        else:
            trigger = f"last activity {moment:%Y-%m-%d}"
        value = {
            "state": state,
            "trigger": trigger,
            "last_activity": moment.isoformat() if moment else None,
        }
        # on the owner's clock: a week of chat fed in months later rests from its last turn
        # on, not from the day it was fed
        how = Provenance.observed(
            what=f"{entity.ref}: {state} ({trigger})",
            valid_from=state_since(state=state, last=moment, now=now),
        )
        ops.append(op_fact(entity.ref, "activity_state", value, how))
        changes.append({"ref": entity.ref, "from": before, "to": state, "trigger": trigger})
    reflection_commit(scope=scope, ops=ops, purpose="activity")
    return changes
