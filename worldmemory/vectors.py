"""Keeping vectors up to date: entities of ``rag`` kinds (rendered as text), projections and
source messages (each with the turns just before and after it, ``turns.turn_windows``) are
embedded after commit, in batches, by a worker task — never inside a commit. A vector made
by another model counts as missing, so a changed embedder re-embeds everything
incrementally; the texts stay, vectors are always derivable again."""

from __future__ import annotations

from django.conf import settings
from django.db import connections, transaction

from infra.routers import APP_DB
from worldmemory import temporal, vectorstore
from worldmemory.embedding import configured_embedder, record_config, space_of
from worldmemory.models import (
    Entity,
    EntityAlias,
    MemoryProjection,
)
from worldmemory.reads.entities import facts_data
from worldmemory.reads.turns import turn_windows
from worldmemory.temporal import facts_current
from worldmemory.tenancy import OwnerScope

BATCH = 64


def schedule_embedding(scope: OwnerScope) -> None:
    """After this transaction commits, let a worker embed what it added (never inline)."""
    if settings.GD_EMBEDDER == "none":
        return

    def enqueue() -> None:
        from django_q.tasks import async_task

        async_task("worldmemory.tasks.embed_owner", scope.owner_sub)

    transaction.on_commit(enqueue, using=APP_DB)


def entity_text(entity: Entity, aliases: list[str], facts: list[dict]) -> str:
    """What an entity says about itself: name, kind, aliases and current attributes."""
    parts = [f"{entity.canonical_name} ({entity.kind_id})"]
    if aliases:
        parts.append("also: " + ", ".join(sorted(set(aliases))))
    parts += [
        f"{f['predicate'].replace('_', ' ')}: {f['value']}"
        for f in facts
        if f["object_kind"] == "literal"
    ]
    return "; ".join(parts)


def _render_pending_entities(scope: OwnerScope, limit: int) -> int:
    pending = list(
        Entity.objects.filter(
            owner_sub=scope.owner_sub, rag_pending=True, status=Entity.Status.ACTIVE, kind__rag=True
        )[:limit]
    )
    for entity in pending:
        aliases = list(
            EntityAlias.objects.filter(temporal.alias_at_q(), entity=entity).values_list(
                "alias", flat=True
            )
        )
        facts = facts_data(
            facts_current(scope=scope, entity_ids=[entity.pk]), as_of=entity.updated_at
        )
        MemoryProjection.objects.update_or_create(
            owner_sub=scope.owner_sub,
            source_kind="entity",
            source_id=entity.pk,
            defaults={
                "text": entity_text(entity, aliases, facts),
                "entity_ids": [entity.pk],
                "embedding": None,
                "embedding_model": "",
                "rag_pending": True,
                "org_id": scope.org_id,
            },
        )
    Entity.objects.filter(pk__in=[e.pk for e in pending]).update(rag_pending=False)
    return len(pending)


def pending_count(*, scope: OwnerScope) -> int:
    """How many entities, projections and messages still lack a vector from the embedder."""
    embedder = configured_embedder()
    if embedder is None:
        return 0
    space = space_of(embedder)
    entities = Entity.objects.filter(
        owner_sub=scope.owner_sub, rag_pending=True, status=Entity.Status.ACTIVE, kind__rag=True
    ).count()
    projections = vectorstore.pending_projections(scope, space).count()
    messages = vectorstore.pending_messages(scope, vectorstore.message_space(space)).count()
    # an entity becomes one projection more once rendered
    return 2 * entities + projections + messages


def _lock_embedding(scope: OwnerScope) -> None:
    """Serialise an owner's embedding runs until the transaction ends. Every commit queues a
    run, so two workers may take one owner's at once: both would read the same turns as
    pending and the second's vectors would collide with the first's on their unique key.
    The second now waits and then finds only what arrived meanwhile."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('gd-embed:' || %s, 0))",
            [scope.owner_sub],
        )


def embed_pending(*, scope: OwnerScope, limit: int = 5000) -> dict[str, int]:
    """Embed what lacks a vector from the current embedder; return counts per kind."""
    embedder = configured_embedder()
    if embedder is None:
        return {}
    _lock_embedding(scope)
    record_config(embedder)
    space = space_of(embedder)
    counts = {"entities": _render_pending_entities(scope, limit)}
    projections = list(vectorstore.pending_projections(scope, space).only("id", "text")[:limit])
    for start in range(0, len(projections), BATCH):
        batch = projections[start : start + BATCH]
        vectors = embedder.embed([p.text for p in batch])
        pairs = [(p.pk, v) for p, v in zip(batch, vectors, strict=True)]
        vectorstore.store_projections(scope, space, pairs)
    counts["projections"] = len(projections)
    turns = vectorstore.message_space(space)
    messages = list(vectorstore.pending_messages(scope, turns).only("id", "text")[:limit])
    for start in range(0, len(messages), BATCH):
        batch = messages[start : start + BATCH]
        vectors = embedder.embed(turn_windows(scope=scope, messages=batch))
        vectorstore.store_messages(scope, turns, list(zip(batch, vectors, strict=True)))
    counts["messages"] = len(messages)
    return counts
