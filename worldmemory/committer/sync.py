"""Integration sync writes: entities keyed by ``(source_entry_id, kind, external_id)``
with their observed state, and the stale marking of a removed integration's entities.

Temporal contract: a changed item's facts are ``observed_state`` facts, valid from when
the source says the change happened (``changed_at``, possibly days before the sync) and
recorded now, so "blocked since Monday, learned Tuesday" answers both "what held on
Monday" (valid time) and "what did we know on Monday" (system time) right. An item whose
content hash is unchanged writes nothing at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q

from infra.routers import APP_DB
from worldmemory.committer.context import Context, notify, open_context, queue_review
from worldmemory.committer.identity import _add_alias, _ensure_kind
from worldmemory.committer.proposals import apply_safely
from worldmemory.contracts import AssertFact, AssertRelationship, Evidence, EvidenceKind
from worldmemory.errors import InvalidInput
from worldmemory.models import (
    Entity,
    MemoryType,
    Proposal,
    ProposalOp,
    RegistryState,
    RetentionClass,
    WorldEvent,
)
from worldmemory.refs import slugify
from worldmemory.retention.classes import SYNC_SOURCE_SUFFIX
from worldmemory.tenancy import OwnerScope
from worldmemory.validator import Route, validate

Decision = ProposalOp.Decision
ExternalKey = tuple[str, str]  # (kind, external_id) within one source entry
CauseFinder = Callable[[Entity | None, str, datetime], WorldEvent | None]


@dataclass(frozen=True)
class SyncFact:
    predicate: str
    value: Any = None
    target: ExternalKey | None = None  # a relationship to another synced entity
    valid_from: datetime | None = None
    retention_class: str = RetentionClass.WINDOWED


@dataclass(frozen=True)
class SyncItem:
    kind: str
    external_id: str
    name: str
    content_hash: str
    observed_at: datetime
    changed_at: datetime | None = None
    backing_ref: dict | None = None
    aliases: tuple[str, ...] = ()
    facts: tuple[SyncFact, ...] = ()
    metadata: dict = field(default_factory=dict)

    @property
    def key(self) -> ExternalKey:
        return (self.kind, self.external_id)


@dataclass(frozen=True)
class SyncSource:
    """Who syncs: the integration's namespace, trust tier, and the source entry."""

    domain: str
    trust_tier: str
    source_entry_id: str

    @property
    def source(self) -> str:
        return f"{self.domain}{SYNC_SOURCE_SUFFIX}"  # shown as 🔌 <domain>


def _check_vocabulary(ctx: Context, source: SyncSource, items: list[SyncItem]) -> None:
    """Guard rails at commit: only loaded kinds and predicates, core or the integration's
    own namespace (a registry entry may have changed since registration)."""
    problems = []

    def usable(registry: dict, key: str, what: str) -> None:
        entry = registry.get(key)
        if entry is None:
            problems.append(f"unknown {what} {key!r}")
        elif entry.state == RegistryState.DEPRECATED:
            problems.append(f"{what} {key!r} is deprecated")
        elif ":" in key and key.split(":", 1)[0] != source.domain:
            problems.append(f"{what} {key!r} belongs to another integration")
        elif entry.privileged:
            problems.append(f"{what} {key!r} is privileged (core only)")

    for item in items:
        usable(ctx.registry.kinds, item.kind, "entity kind")
        for fact in item.facts:
            usable(ctx.registry.predicates, fact.predicate, "predicate")
    if problems:
        raise InvalidInput("sync refused; nothing was written", extra={"problems": problems})


def _stored(scope: OwnerScope, source: SyncSource, items: list[SyncItem]) -> dict:
    keys = {item.key for item in items} | {
        fact.target for item in items for fact in item.facts if fact.target
    }
    match = Q(pk__in=[])
    for kind, external_id in keys:
        match |= Q(kind_id=kind, external_id=external_id)
    rows = Entity.objects.filter(
        match, owner_sub=scope.owner_sub, source_entry_id=source.source_entry_id
    )
    return {(row.kind_id, row.external_id): row for row in rows}


def _free_slug(ctx: Context, kind: str, external_id: str) -> str:
    base = slugify(external_id)
    taken = set(
        Entity.objects.filter(owner_sub=ctx.owner, kind_id=kind, slug__startswith=base).values_list(
            "slug", flat=True
        )
    )
    slug, counter = base, 1
    while slug in taken:
        counter += 1
        slug = f"{base}-{counter}"
    return slug


def _upsert(ctx: Context, source: SyncSource, item: SyncItem, existing: Entity | None) -> Entity:
    columns = {
        "canonical_name": item.name,
        "content_hash": item.content_hash,
        "last_synced_at": ctx.now,
        "backing_ref": item.backing_ref,
        "metadata": item.metadata,
        "stale_since": None,
        "updated_at": ctx.now,
    }
    if existing is not None:
        Entity.objects.filter(pk=existing.pk).update(**columns)
        for name, value in columns.items():
            setattr(existing, name, value)
        entity = existing
    else:
        _ensure_kind(ctx, item.kind)
        entity = Entity.objects.create(
            owner_sub=ctx.owner,
            org_id=ctx.scope.org_id,
            kind_id=item.kind,
            slug=_free_slug(ctx, item.kind, item.external_id),
            source_entry_id=source.source_entry_id,
            external_id=item.external_id,
            rag_pending=ctx.registry.kinds[item.kind].rag,
            created_at=ctx.now,
            **columns,
        )
    for alias in (item.name, *item.aliases):
        _add_alias(ctx, entity, alias, namespace="chat", op=None, trust_tier=source.trust_tier)
    return entity


def _sync_event(
    ctx: Context, source: SyncSource, item: SyncItem, entity: Entity, cause: WorldEvent | None
) -> WorldEvent:
    """The change as an event; a likely cause is linked as a hypothesis, never a hard edge."""
    payload = {
        "source_entry_id": source.source_entry_id,
        "kind": item.kind,
        "external_id": item.external_id,
        "content_hash": item.content_hash,
        "backing_ref": item.backing_ref,
    }
    summary = f"{source.domain}: {item.name} geändert"
    if cause is not None:
        payload.update({"memory_type": MemoryType.HYPOTHESIS, "inferred_from": str(cause.pk)})
        summary += f" (vermutlich durch: {cause.summary or cause.event_type_id})"
    return WorldEvent.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        event_type_id="integration_sync",
        occurred_at=item.changed_at or item.observed_at,
        observed_at=item.observed_at,
        recorded_at=ctx.now,
        source=source.source,
        source_trust_tier=source.trust_tier,
        target_entity=entity,
        caused_by_event=cause,
        correlation_id=ctx.run_id,
        causation_kind="inferred" if cause is not None else "direct",
        run_id=ctx.run_id,
        payload=payload,
        summary=summary,
        retention_class=RetentionClass.WINDOWED,
    )


def _fact_op(
    source: SyncSource, item: SyncItem, fact: SyncFact, subject: Entity, target: Entity | None
) -> AssertFact | AssertRelationship:
    provenance = {
        "confidence": 1.0 if source.trust_tier == "trusted" else 0.8,
        "source": source.source,
        "memory_type": MemoryType.OBSERVED_STATE,
        "trust_tier": source.trust_tier,
        "valid_from": fact.valid_from or item.changed_at or item.observed_at,
        "observed_at": item.observed_at,
        "evidence": Evidence(
            kind=EvidenceKind.OBSERVATION,
            text=f"{source.domain} sync: {item.kind} {item.external_id}",
            ref=f"{source.source_entry_id}/{item.external_id}",
        ),
        "subject_ref": subject.ref,
        "predicate": fact.predicate,
    }
    if target is not None:
        return AssertRelationship(op="assert_relationship", object_ref=target.ref, **provenance)
    return AssertFact(op="assert_fact", object_value=fact.value, **provenance)


def sync_apply(
    *,
    scope: OwnerScope,
    source: SyncSource,
    items: list[SyncItem],
    run_id: str,
    find_cause: CauseFinder,
) -> list[dict]:
    """Upsert the items and their observed state in one transaction; per item the outcome
    (``created``/``updated``/``unchanged``) and each fact's decision."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=source.source, run_id=run_id)
        _check_vocabulary(ctx, source, items)
        stored = _stored(scope, source, items)
        batch_keys = {item.key for item in items}
        for item in items:
            missing = [
                f.target
                for f in item.facts
                if f.target and f.target not in stored.keys() | batch_keys
            ]
            if missing:
                raise InvalidInput(
                    f"{item.kind} {item.external_id} points at unknown items",
                    extra={"unknown": [list(key) for key in missing]},
                )
        review: Proposal | None = None
        results = []
        op_index = 0
        for item in items:
            existing = stored.get(item.key)
            if existing is not None and existing.content_hash == item.content_hash:
                results.append({"key": item.key, "entity": existing, "outcome": "unchanged"})
                continue
            entity = _upsert(ctx, source, item, existing)
            stored[item.key] = entity
            cause = find_cause(existing, item.external_id, item.changed_at or item.observed_at)
            ctx.follow(_sync_event(ctx, source, item, entity, cause))  # facts → this change
            ctx.entities[entity.ref] = entity
            decisions = []
            for fact in item.facts:
                target = stored.get(fact.target) if fact.target else None
                if target is not None:
                    ctx.entities[target.ref] = target
                op = _fact_op(source, item, fact, entity, target)
                verdict = validate(op, registry=ctx.registry, untrusted_run=False)
                if verdict.route == Route.REJECT:
                    raise InvalidInput(f"{item.kind} {item.external_id}: {verdict.reason}")
                if verdict.route == Route.REVIEW:
                    review = review or Proposal.objects.create(
                        owner_sub=ctx.owner,
                        org_id=ctx.scope.org_id,
                        run_id=run_id,
                        proposed_by=source.source,
                        proposed_at=ctx.now,
                        payload={},
                    )
                    queue_review(
                        ctx,
                        proposal=review,
                        op=op.op,
                        payload=op.model_dump(mode="json"),
                        reason=verdict.reason,
                    )
                    decisions.append((fact.predicate, Decision.PENDING, verdict.reason))
                    continue
                ctx.retention_class = fact.retention_class
                result = apply_safely(ctx, op, op_index, None)
                op_index += 1
                ctx.retention_class = None
                decisions.append((fact.predicate, result.decision, result.reason))
            ctx.writer.flush()
            results.append(
                {
                    "key": item.key,
                    "entity": entity,
                    "outcome": "updated" if existing is not None else "created",
                    "event": ctx.cause,
                    "cause": cause,
                    "facts": decisions,
                }
            )
        if any(r["outcome"] != "unchanged" for r in results):
            notify(ctx, review.pk if review else None)
        return results


def entities_mark_stale(*, scope: OwnerScope, domain: str, actor: str) -> dict:
    """Mark every entity a removed integration fed as stale (nothing is deleted)."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        count = Entity.objects.filter(
            Q(kind__key__startswith=f"{domain}:") | Q(source_entry_id__startswith=f"{domain}:"),
            owner_sub=scope.owner_sub,
            stale_since__isnull=True,
        ).update(stale_since=ctx.now, updated_at=ctx.now)
        ctx.event(
            "integration_removed",
            payload={"domain": domain, "stale_entities": count},
            summary=f"Integration {domain} entfernt: {count} Einträge veraltet",
        )
        notify(ctx, None)
        return {"count": count, "at": ctx.now}
