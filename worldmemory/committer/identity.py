"""Entities and aliases: creation, resolution of refs, strong identities, merge and split."""

from __future__ import annotations

from django.db import transaction

from infra.routers import APP_DB
from worldmemory import messages, temporal
from worldmemory.bulk import insert_many
from worldmemory.committer.context import (
    Context,
    OpResult,
    Refused,
    notify,
    open_context,
    queue_review,
)
from worldmemory.contracts import (
    AddAlias,
    EndAlias,
    MemoryMutationOp,
    RenameEntity,
    UpsertEntity,
)
from worldmemory.errors import ApplicationError, Conflict, InvalidInput
from worldmemory.models import (
    Entity,
    EntityAlias,
    OwnEntityKind,
    Proposal,
    ProposalOp,
    Source,
)
from worldmemory.reads.resolution import (
    entity_by_alias,
    entity_by_ref,
    ref_candidates,
    similar_entities,
    strong_identity_owner,
)
from worldmemory.refs import STRONG_NAMESPACES, normalize_alias, normalize_identity
from worldmemory.tenancy import OwnerScope

Decision = ProposalOp.Decision


def _ensure_kind(ctx: Context, kind: str) -> None:
    if kind in ctx.registry.kinds:
        return
    # learned for this owner only: another owner's memory neither sees nor shapes it
    entry, _ = OwnEntityKind.objects.get_or_create(
        owner_sub=ctx.owner,
        key=kind,
        defaults={
            "org_id": ctx.scope.org_id,
            "name": kind.replace("_", " "),
            "source": Source.LEARNED,
        },
    )
    ctx.registry.kinds[kind] = entry


def _alias_row(
    ctx: Context,
    entity: Entity,
    alias: str,
    *,
    namespace: str,
    op: MemoryMutationOp | None,
    trust_tier: str = "trusted",
) -> EntityAlias:
    """The alias row ``alias`` would be (unsaved).

    Without an op the alias comes from ``ctx.actor`` at ``trust_tier`` (a sync names its
    integration's tier, so an untrusted feed never reads as trusted)."""
    # a name given by an explicit add_alias starts when the operation says; one that comes
    # with an entity named it before whatever was said about it (a fact valid tomorrow)
    valid_from = ctx.now if op is None else op.valid_from
    if op is not None and not isinstance(op, AddAlias):
        valid_from = min(valid_from, ctx.now)
    return EntityAlias(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        entity=entity,
        alias=alias,
        alias_norm=_norm(alias, namespace),
        namespace=namespace,
        valid_from=valid_from,
        valid_to=op.valid_to if isinstance(op, AddAlias) else None,
        recorded_at=ctx.now,
        source=op.source if op else ctx.actor,
        source_trust_tier=op.trust_tier if op else trust_tier,
        confidence=op.confidence if op else 1.0,
        evidence=op.evidence.model_dump(mode="json") if op else {},
    )


def _add_alias(
    ctx: Context,
    entity: Entity,
    alias: str,
    *,
    namespace: str,
    op: MemoryMutationOp | None,
    trust_tier: str = "trusted",
) -> bool:
    """Add an alias unless the entity already has it; return whether one was added."""
    row = _alias_row(ctx, entity, alias, namespace=namespace, op=op, trust_tier=trust_tier)
    held = EntityAlias.objects.filter(
        temporal.alias_believed_q(),
        owner_sub=ctx.owner,
        entity=entity,
        namespace=namespace,
        alias_norm=row.alias_norm,
    )
    if any(temporal.alias_ends_after(held_row, row.valid_from) for held_row in held):
        return False
    row.save(force_insert=True)
    return True


def _new_aliases(
    ctx: Context,
    entity: Entity,
    names: list[tuple[str, str]],
    *,
    op: MemoryMutationOp | None,
) -> None:
    """The first aliases of an entity created in this commit, ``(alias, namespace)`` each,
    in one statement: it has no others yet, so only the repeated ones are left out (what
    ``_add_alias`` one by one would find held)."""
    rows: dict[tuple[str, str], EntityAlias] = {}
    for alias, namespace in names:
        row = _alias_row(ctx, entity, alias, namespace=namespace, op=op)
        rows.setdefault((namespace, row.alias_norm), row)
    insert_many(EntityAlias, list(rows.values()))


def _norm(alias: str, namespace: str) -> str:
    if namespace in STRONG_NAMESPACES:
        return normalize_identity(namespace, alias)
    return normalize_alias(alias)


def apply_end_alias(ctx: Context, op: EndAlias) -> OpResult:
    """ "Früher hieß sie Anni": close the alias row in system time and keep what held — the
    same name until ``valid_to`` — as a new row, so as-of reads on both axes stay exact."""
    entity = resolve_ref(ctx, op.entity_ref, create=False)
    held = list(
        EntityAlias.objects.filter(
            temporal.alias_believed_q(),
            owner_sub=ctx.owner,
            entity=entity,
            namespace=op.namespace,
            alias_norm=_norm(op.alias, op.namespace),
        )
    )
    ids = {"entity_ref": entity.ref}
    if not held:
        raise Refused(f"{entity.ref} has no alias {op.alias!r} in namespace {op.namespace!r}")
    open_rows = [row for row in held if temporal.alias_ends_after(row, op.valid_to)]
    if not open_rows:
        return OpResult(0, op.op, Decision.DUPLICATE, "alias already ended", ids=ids)
    for row in open_rows:
        if not temporal.begins_before(row, op.valid_to):
            raise Refused(
                f"the alias {op.alias!r} of {entity.ref} begins at {row.valid_from.isoformat()}:"
                " valid_to must be after that"
            )
        closed = EntityAlias.objects.filter(
            temporal.alias_believed_q(), owner_sub=ctx.owner, pk=row.pk
        ).update(superseded_at=ctx.now)
        if closed != 1:
            raise Conflict(messages.ALIAS_CHANGED)
        EntityAlias.objects.create(
            owner_sub=ctx.owner,
            org_id=ctx.scope.org_id,
            entity=entity,
            alias=row.alias,
            alias_norm=row.alias_norm,
            namespace=row.namespace,
            valid_from=row.valid_from,
            valid_to=op.valid_to,
            recorded_at=ctx.now,
            source=op.source,
            source_trust_tier=op.trust_tier,
            confidence=op.confidence,
            evidence=op.evidence.model_dump(mode="json"),
        )
    return OpResult(0, op.op, Decision.COMMITTED, "alias ended", ids=ids)


def _create_entity(
    ctx: Context,
    *,
    kind: str,
    slug: str,
    name: str,
    op: MemoryMutationOp | None,
    extra_aliases: tuple[tuple[str, str], ...] = (),
) -> Entity:
    """A new entity named ``name`` and ``slug`` (and ``extra_aliases``, ``(alias,
    namespace)`` each)."""
    _ensure_kind(ctx, kind)
    # a ref with this kind and slug among its readings may name this entity now
    ctx.unresolved = {ref for ref in ctx.unresolved if (kind, slug) not in ref_candidates(ref)}
    for ref in [ref for ref in ctx.entities if (kind, slug) in ref_candidates(ref)]:
        del ctx.entities[ref]
    entity = Entity.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        kind_id=kind,
        slug=slug,
        canonical_name=name,
        rag_pending=ctx.registry.kinds[kind].rag,
        created_at=ctx.now,
        updated_at=ctx.now,
    )
    _new_aliases(ctx, entity, [(name, "chat"), (slug, "chat"), *extra_aliases], op=op)
    return entity


def _entity_by_ref(ctx: Context, ref: str) -> Entity | None:
    """What ``entity_by_ref`` answers now, without reading again what this commit knows."""
    if ref in ctx.entities:
        return ctx.entities[ref]
    if ref in ctx.unresolved:
        return entity_by_alias(scope=ctx.scope, alias=ref)
    return entity_by_ref(scope=ctx.scope, ref=ref)


def resolve_ref(
    ctx: Context, ref: str, *, create: bool, op: MemoryMutationOp | None = None
) -> Entity:
    """``kind:slug`` or alias → entity; an unknown ``kind:slug`` is created when allowed."""
    if ref in ctx.entities:
        return ctx.entities[ref]
    entity = _entity_by_ref(ctx, ref)
    if entity is not None:
        ctx.entities[ref] = entity
        return entity
    kind = ctx.registry.kind_of_ref(ref)
    if kind is None:
        raise Refused(f"unknown entity {ref!r}: refer to a new entity as kind:slug")
    if not create:
        raise Refused(f"unknown entity {ref!r}")
    slug = ref[len(kind) + 1 :]
    entity = _create_entity(ctx, kind=kind, slug=slug, name=slug.replace("-", " ").title(), op=op)
    ctx.entities[ref] = entity
    return entity


# The reflection layer names its own objects ("Sitzung s1", a thread by its words) and knows
# them by where they came from: two sessions named alike are still two sessions
SYSTEM_NAMED_CATEGORY = "reflection"


def _suggest_merges(ctx: Context, entity: Entity, proposal: Proposal | None) -> list[str]:
    """Queue a review item for each same-kind entity with a resembling name, for the kinds
    people name."""
    if ctx.registry.kinds[entity.kind_id].category == SYSTEM_NAMED_CATEGORY:
        return []
    suggestions = []
    for other, similarity in similar_entities(scope=ctx.scope, entity=entity):
        suggestions.append(other.ref)
        queue_review(
            ctx,
            proposal=proposal,
            op="merge_entities",
            payload={"entity_ref": entity.ref, "into_ref": other.ref, "similarity": similarity},
            reason=f"{entity.ref} resembles {other.ref} ({similarity:.0%}): same entity?",
        )
    return suggestions


def apply_upsert(ctx: Context, op: UpsertEntity, proposal: Proposal | None) -> OpResult:
    slug = op.id_hint[len(op.kind) + 1 :]
    existing = answer = _entity_by_ref(ctx, op.id_hint)
    if existing is not None and existing.kind_id != op.kind:
        existing = None  # a name match across kinds never merges ("Luna" cat ≠ luna branch)
    strong = [
        (namespace, value)
        for namespace, _, value in (alias.partition(":") for alias in op.aliases)
        if namespace in STRONG_NAMESPACES and value
    ]
    for namespace, value in strong:
        try:
            holder = strong_identity_owner(
                scope=ctx.scope, namespace=namespace, value=value, kind=op.kind
            )
        except ApplicationError as error:
            raise Refused(error.message) from error
        if holder is None:
            continue
        if existing is not None and existing.pk != holder.pk:
            merge_into(ctx, existing, holder, reason=f"same {namespace} {value}")
        existing = holder
    named = [(op.canonical_name, "chat")]
    for alias in op.aliases:
        namespace, _, value = alias.partition(":")
        if namespace in STRONG_NAMESPACES and value:
            named.append((value, namespace))
        else:
            named.append((alias, "chat"))
    if existing is None:
        entity = _create_entity(
            ctx,
            kind=op.kind,
            slug=slug,
            name=op.canonical_name,
            op=op,
            extra_aliases=tuple(named[1:]),
        )
        if answer is None:  # nothing else answers the ref: the next operations need no read
            ctx.entities[op.id_hint] = entity
        ids = {"entity_ref": entity.ref, "entity_id": str(entity.pk)}
        ids["merge_suggestions"] = _suggest_merges(ctx, entity, proposal)
        return OpResult(0, op.op, Decision.COMMITTED, ids=ids)
    entity = existing
    added = False
    for alias, namespace in named:
        added |= _add_alias(ctx, entity, alias, namespace=namespace, op=op)
    ids = {"entity_ref": entity.ref, "entity_id": str(entity.pk)}
    if added:
        return OpResult(0, op.op, Decision.COMMITTED, "aliases added", ids=ids)
    return OpResult(0, op.op, Decision.DUPLICATE, "entity already known", ids=ids)


def apply_add_alias(ctx: Context, op: AddAlias) -> OpResult:
    entity = resolve_ref(ctx, op.entity_ref, create=True, op=op)
    if op.namespace in STRONG_NAMESPACES:
        try:
            holder = strong_identity_owner(
                scope=ctx.scope, namespace=op.namespace, value=op.alias, kind=entity.kind_id
            )
        except ApplicationError as error:
            raise Refused(error.message) from error
        if holder is not None and holder.pk != entity.pk:
            merge_into(ctx, entity, holder, reason=f"same {op.namespace} {op.alias}")
            entity = holder
    added = _add_alias(ctx, entity, op.alias, namespace=op.namespace, op=op)
    ids = {"entity_ref": entity.ref}
    if not added:
        return OpResult(0, op.op, Decision.DUPLICATE, "alias already known", ids=ids)
    return OpResult(0, op.op, Decision.COMMITTED, ids=ids)


def apply_rename(ctx: Context, op: RenameEntity) -> OpResult:
    """The entity is called ``op.canonical_name`` from now on; its former name stays an
    alias (it usually is one already), so lookups by either name find it. The world event
    names who renamed it: the owner's name is theirs, and the reflection engine never
    renames over it."""
    entity = resolve_ref(ctx, op.entity_ref, create=False)
    ids = {"entity_ref": entity.ref}
    former = entity.canonical_name
    if former == op.canonical_name:
        return OpResult(0, op.op, Decision.DUPLICATE, "already so named", ids=ids)
    _add_alias(ctx, entity, former, namespace="chat", op=op)
    _add_alias(ctx, entity, op.canonical_name, namespace="chat", op=op)
    renamed = Entity.objects.filter(
        pk=entity.pk, status=Entity.Status.ACTIVE, canonical_name=former
    ).update(canonical_name=op.canonical_name, updated_at=ctx.now)
    if renamed != 1:
        raise Conflict(messages.ENTITY_CHANGED, params={"entity": entity.ref})
    entity.canonical_name = op.canonical_name
    ctx.event(
        "rename",
        target=entity,
        caused_by=ctx.cause,
        payload={"from": former, "to": op.canonical_name, "reason": op.reason or ""},
        summary=f"{entity.ref} renamed: {former} → {op.canonical_name}",
    )
    return OpResult(0, op.op, Decision.COMMITTED, ids=ids)


def merge_into(ctx: Context, entity: Entity, into: Entity, *, reason: str) -> None:
    if entity.pk == into.pk:
        raise InvalidInput(messages.MERGE_ITSELF)
    if entity.kind_id != into.kind_id:
        raise InvalidInput(messages.MERGE_KINDS, params={"entity": entity.ref, "into": into.ref})
    if entity.status == Entity.Status.MERGED:
        raise Conflict(messages.ALREADY_MERGED, params={"entity": entity.ref})
    updated = Entity.objects.filter(pk=entity.pk, status=Entity.Status.ACTIVE).update(
        status=Entity.Status.MERGED, merged_into=into, updated_at=ctx.now
    )
    if updated != 1:
        raise Conflict(messages.ENTITY_CHANGED, params={"entity": entity.ref})
    ctx.event(
        "merge",
        target=into,
        caused_by=ctx.cause,
        payload={
            "merged_id": str(entity.pk),
            "into_id": str(into.pk),
            "reason": reason,
            "merged_ref": entity.ref,
        },
        summary=f"{entity.ref} merged into {into.ref}: {reason}",
    )


def entity_merge(*, scope: OwnerScope, entity: Entity, into: Entity, actor: str) -> Entity:
    """Merge ``entity`` into ``into``: reads of ``into`` answer for both; nothing is deleted."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        merge_into(ctx, entity, into, reason=f"merged by {actor}")
        notify(ctx, None)
        return into


def entity_split(*, scope: OwnerScope, entity: Entity, actor: str) -> Entity:
    """Reverse a merge: the entity answers for itself again, with all its own facts."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        if entity.status != Entity.Status.MERGED or entity.merged_into_id is None:
            raise Conflict(messages.NOT_MERGED, params={"entity": entity.ref})
        into_id = entity.merged_into_id
        Entity.objects.filter(pk=entity.pk).update(
            status=Entity.Status.ACTIVE, merged_into=None, updated_at=ctx.now
        )
        ctx.event(
            "split",
            target=entity,
            payload={"merged_id": str(entity.pk), "into_id": str(into_id)},
            summary=f"{entity.ref} split off again",
        )
        notify(ctx, None)
        entity.refresh_from_db()
        return entity
