"""Keeping vectors up to date: entities of ``rag`` kinds (rendered as text), projections and
source messages are embedded after commit, in batches, by a worker task — never inside a
commit. A vector made by another model counts as missing, so a changed embedder
re-embeds everything incrementally; the texts stay, vectors are always derivable again."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from gedaechtnis.routers import APP_DB
from worldmemory.embedding import configured_embedder, model_id, record_config
from worldmemory.models import (
    Entity,
    EntityAlias,
    MemoryProjection,
    MessageEmbedding,
    SourceMessage,
)
from worldmemory.temporal import facts_current
from worldmemory.tenancy import OwnerScope
from worldmemory.tools import facts_data

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
            EntityAlias.objects.filter(entity=entity, superseded_at__isnull=True).values_list(
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
    current = model_id(embedder)
    entities = Entity.objects.filter(
        owner_sub=scope.owner_sub, rag_pending=True, status=Entity.Status.ACTIVE, kind__rag=True
    ).count()
    projections = (
        MemoryProjection.objects.filter(owner_sub=scope.owner_sub)
        .filter(Q(embedding__isnull=True) | ~Q(embedding_model=current))
        .count()
    )
    messages = (
        SourceMessage.objects.filter(owner_sub=scope.owner_sub)
        .exclude(text="")
        .exclude(embeddings__model=current)
        .count()
    )
    # an entity becomes one projection more once rendered
    return 2 * entities + projections + messages


def embed_pending(*, scope: OwnerScope, limit: int = 5000) -> dict[str, int]:
    """Embed what lacks a vector from the current embedder; return counts per kind."""
    embedder = configured_embedder()
    if embedder is None:
        return {}
    record_config(embedder)
    current = model_id(embedder)
    counts = {"entities": _render_pending_entities(scope, limit)}
    projections = list(
        MemoryProjection.objects.filter(owner_sub=scope.owner_sub)
        .filter(Q(embedding__isnull=True) | ~Q(embedding_model=current))
        .only("id", "text")[:limit]
    )
    for start in range(0, len(projections), BATCH):
        batch = projections[start : start + BATCH]
        vectors = embedder.embed([p.text for p in batch])
        with transaction.atomic(using=APP_DB):
            for projection, vector in zip(batch, vectors, strict=True):
                MemoryProjection.objects.filter(pk=projection.pk).update(
                    embedding=vector, embedding_model=current, rag_pending=False
                )
    counts["projections"] = len(projections)
    messages = list(
        SourceMessage.objects.filter(owner_sub=scope.owner_sub)
        .exclude(text="")
        .exclude(embeddings__model=current)
        .only("id", "text")[:limit]
    )
    for start in range(0, len(messages), BATCH):
        batch = messages[start : start + BATCH]
        vectors = embedder.embed([m.text for m in batch])
        MessageEmbedding.objects.bulk_create(
            [
                MessageEmbedding(
                    owner_sub=scope.owner_sub,
                    org_id=scope.org_id,
                    message=m,
                    model=current,
                    embedding=v,
                )
                for m, v in zip(batch, vectors, strict=True)
            ],
            ignore_conflicts=True,
        )
    counts["messages"] = len(messages)
    return counts
