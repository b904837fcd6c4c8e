"""Reads that are not temporal: lists and lookups of the scope's own rows."""

from __future__ import annotations

from uuid import UUID

from django.db import connections
from django.db.models import Count, Max, Min, Q, QuerySet

from infra.routers import APP_DB
from worldmemory import labels, temporal
from worldmemory.models import (
    Entity,
    Fact,
    ProposalOp,
    ResolvedEntityKind,
    SourceMessage,
    SourceSession,
    WorldEvent,
)
from worldmemory.tenancy import OwnerScope


def reflection_kinds() -> frozenset[str]:
    """The entity kinds of the reflection layer (threads, questions, summaries, sessions):
    its records are about the conversations, not facts of the person's world."""

    def load() -> frozenset[str]:
        rows = ResolvedEntityKind.objects.filter(category="reflection").values_list(
            "key", flat=True
        )
        return frozenset(rows)

    # a page asks for them from several of its parts
    return labels.once_per_request("reflection_kinds", load)


def entity_list(*, scope: OwnerScope, kind: str | None = None, limit: int = 100) -> QuerySet:
    """The owner's entities whose record was created or changed (merge, split) last first."""
    entities = Entity.objects.filter(owner_sub=scope.owner_sub).order_by("-updated_at")
    if kind:
        entities = entities.filter(kind_id=kind)
    return entities[:limit]


def entity_names_by_kind(
    *, scope: OwnerScope, kinds: set[str], limit: int = 200
) -> dict[str, list[str]]:
    """``{kind: names}`` of the owner's active entities of ``kinds``, by name: what a
    relationship may point to instead."""
    rows = (
        Entity.objects.filter(
            owner_sub=scope.owner_sub, kind_id__in=sorted(kinds), status=Entity.Status.ACTIVE
        )
        .order_by("kind_id", "canonical_name")
        .values_list("kind_id", "canonical_name")[: limit * max(len(kinds), 1)]
    )
    names: dict[str, list[str]] = {kind: [] for kind in kinds}
    for kind, name in rows:
        if len(names[kind]) < limit:
            names[kind].append(name)
    return names


def entities_recently_changed(
    *, scope: OwnerScope, limit: int = 10, reflection: bool = False
) -> list[Entity]:
    """Entities whose facts were recorded or closed last, then those changed themselves:
    of the person's world (people, pets, places, tasks), or with ``reflection`` only the
    reflection layer's records (threads, questions, sessions)."""
    layer = reflection_kinds()
    kinds = Q(kind_id__in=layer) if reflection else ~Q(kind_id__in=layer)
    subjects = Q(subject_entity__kind_id__in=layer)
    touched = (
        Fact.objects.filter(subjects if reflection else ~subjects, owner_sub=scope.owner_sub)
        .values("subject_entity_id")
        .annotate(last=Max("recorded_at"))
        .order_by("-last")[:limit]
    )
    order = [row["subject_entity_id"] for row in touched]
    found = {e.pk: e for e in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=order)}
    recent = [found[pk] for pk in order if pk in found and found[pk].status == "active"]
    if len(recent) < limit:
        seen = {e.pk for e in recent}
        more = Entity.objects.filter(kinds, owner_sub=scope.owner_sub, status="active").order_by(
            "-updated_at"
        )[:limit]
        recent += [e for e in more if e.pk not in seen][: limit - len(recent)]
    return recent


def pending_count(*, scope: OwnerScope) -> int:
    """How many review items wait for a decision."""
    return ProposalOp.objects.filter(owner_sub=scope.owner_sub, decision="pending").count()


# the overview's sizes in one round trip (each count alone is one more on every visit)
COUNTS_SQL = f"""
SELECT (SELECT count(*) FROM entities WHERE owner_sub = %(owner)s AND status = 'active'),
       (SELECT count(*) FROM facts f
        WHERE f.owner_sub = %(owner)s AND {temporal.ALIAS_BELIEVED_NOW_SQL.format(a="f")}),
       (SELECT count(*) FROM world_events WHERE owner_sub = %(owner)s),
       (SELECT count(*) FROM source_messages WHERE owner_sub = %(owner)s)
"""


def memory_counts(*, scope: OwnerScope) -> dict[str, int]:
    """Sizes of the owner's memory, for the overview (what waits for review is the
    navigation's ``pending_count``)."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(COUNTS_SQL, {"owner": scope.owner_sub})
        entities, facts, events, messages = cursor.fetchone()
    return {"entities": entities, "facts": facts, "events": events, "messages": messages}


def change_marker(*, scope: OwnerScope, entity_ids: list[UUID] | None = None) -> str:
    """A cheap token that differs after any commit touching the entities (or the owner):
    the latest system time of their facts and events, and their closed-row count."""
    facts = Fact.objects.filter(owner_sub=scope.owner_sub)
    events = WorldEvent.objects.filter(owner_sub=scope.owner_sub)
    if entity_ids is not None:
        facts = facts.filter(subject_entity_id__in=entity_ids) | facts.filter(
            object_entity_id__in=entity_ids
        )
        events = events.filter(target_entity_id__in=entity_ids)
    fact_stats = facts.aggregate(
        recorded=Max("recorded_at"), closed=Max("superseded_at"), rows=Count("id")
    )
    last_event = events.aggregate(last=Max("recorded_at"))["last"]
    parts = [fact_stats["recorded"], fact_stats["closed"], fact_stats["rows"], last_event]
    return "|".join("" if part is None else str(part) for part in parts)


def session_list(*, scope: OwnerScope, limit: int = 50) -> list[dict]:
    """Sessions with their message count and last activity, latest first."""
    # grouped by the columns shown: the database key is (owner_sub, id), so grouping by
    # Django's primary key alone would not determine them
    rows = (
        SourceSession.objects.filter(owner_sub=scope.owner_sub)
        .values("external_id", "title", "channel", "created_at", "started_at")
        .annotate(
            message_count=Count("messages"),
            first=Min("messages__occurred_at"),
            last=Max("messages__occurred_at"),
        )
        .order_by("-last", "-created_at")[:limit]
    )
    return [
        {
            "external_id": row["external_id"],
            "title": row["title"],
            "started_at": row["started_at"] or row["first"],
            "channel": row["channel"],
            "messages": row["message_count"],
            "last": row["last"],
        }
        for row in rows
    ]


def message_session(*, scope: OwnerScope, message_id: UUID) -> str | None:
    """The external id of the session a message belongs to (``None``: no such message)."""
    return (
        SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk=message_id)
        .values_list("session_external_id", flat=True)
        .first()
    )


def pending_about(*, scope: OwnerScope, refs: list[str]) -> list[ProposalOp]:
    """Review items waiting for a decision whose subject is one of ``refs``."""
    return list(
        ProposalOp.objects.filter(
            owner_sub=scope.owner_sub, decision="pending", payload__subject_ref__in=refs
        ).order_by("created_at")[:50]
    )
