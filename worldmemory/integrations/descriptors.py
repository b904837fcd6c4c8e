"""Descriptor registration: the kinds, predicates and event types an integration brings.

What an integration registers is its owner's own vocabulary (``owner_*`` rows under
row-level security): another owner registering the same domain and keys gets rows of its
own and never changes these. An integration registers only under its own namespace
(``domain:key``), never shadows core vocabulary, never defines privileged kinds or
capability predicates, and an untrusted one gets ``is_transitive``/``is_symmetric``
clamped to false (reported, not refused). A batch is all or nothing: one refused
descriptor refuses the request and nothing is registered.
"""

from __future__ import annotations

from typing import Annotated

from django.db import transaction
from pydantic import Field

from infra.routers import APP_DB
from worldmemory.contracts import CleanDict, CleanStr, Frozen
from worldmemory.errors import InvalidInput
from worldmemory.models import (
    Cardinality,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
    RegistryState,
    ResolvedEntityKind,
    RetentionClass,
    Source,
    TrustTier,
    ValueKind,
)
from worldmemory.registries import INFERENCE_FLAGS, registry_problems
from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import IntegrationClient

Key = Annotated[CleanStr, Field(min_length=1, max_length=100)]
Description = Annotated[CleanStr, Field(max_length=2000)] | None


class EntityTypeDescriptor(Frozen):
    key: Key
    name: Annotated[CleanStr, Field(max_length=200)] = ""
    description: Description = None
    attribute_schema: CleanDict = Field(default_factory=dict)
    rag: bool = False
    category: Annotated[CleanStr, Field(max_length=50)] = ""
    privileged: bool = False


class RelationTypeDescriptor(Frozen):
    """Seed 000 §5, plus ``value_kind`` (``entity`` when object kinds are given)."""

    key: Key
    name: Annotated[CleanStr, Field(max_length=200)] = ""
    inverse: Key | None = None
    cardinality: Cardinality = Cardinality.SET
    value_kind: ValueKind | None = None
    subject_kinds: tuple[Key, ...] = ()
    object_kinds: tuple[Key, ...] = ()
    is_symmetric: bool = False
    is_transitive: bool = False
    is_hierarchical: bool = False
    privileged: bool = False
    description: Description = None


class EventTypeDescriptor(Frozen):
    key: Key
    name: Annotated[CleanStr, Field(max_length=200)] = ""
    description: Description = None
    retention_class: RetentionClass = RetentionClass.WINDOWED  # integration events: windowed
    privileged: bool = False


class Descriptors(Frozen):
    kinds: tuple[EntityTypeDescriptor, ...] = Field(default=(), max_length=200)
    predicates: tuple[RelationTypeDescriptor, ...] = Field(default=(), max_length=200)
    event_types: tuple[EventTypeDescriptor, ...] = Field(default=(), max_length=200)


Registered = dict  # {"registry", "key", "action": created|updated|unchanged, "clamped": [...]}


def _refusal(registry: str, key: str, problems: dict[str, list[str]]) -> dict:
    return {
        "registry": registry,
        "key": key,
        "reasons": [message for messages in problems.values() for message in messages],
    }


def _own_namespace(client: IntegrationClient, key: str) -> dict[str, list[str]]:
    namespace = key.split(":", 1)[0] if ":" in key else None
    if namespace is not None and namespace != client.domain:
        return {
            "key": [f"{key!r} is outside this integration's namespace: use {client.domain}:<key>."]
        }
    return {}


def _merge(*problem_maps: dict[str, list[str]]) -> dict[str, list[str]]:
    merged: dict[str, list[str]] = {}
    for problems in problem_maps:
        for field, messages in problems.items():
            merged.setdefault(field, []).extend(messages)
    return merged


def _stored_tier(existing, client: IntegrationClient) -> str:
    """Never raise trust: once the owner registered a key as untrusted, it stays so."""
    if client.trust_tier == TrustTier.UNTRUSTED or (
        existing is not None and existing.trust_tier == TrustTier.UNTRUSTED
    ):
        return TrustTier.UNTRUSTED
    return TrustTier.TRUSTED


def _known_kinds(descriptors: Descriptors) -> set[str]:
    """The owner's kinds (own and core) and those of this batch."""
    return set(ResolvedEntityKind.objects.values_list("key", flat=True)) | {
        kind.key for kind in descriptors.kinds
    }


def _own(client: IntegrationClient, model, key: str):
    """The owner's entry ``key`` (locked for the update), or ``None``."""
    scope = client.scope
    field = "predicate" if model is OwnRelationType else "key"
    return (
        model.objects.select_for_update().filter(owner_sub=scope.owner_sub, **{field: key}).first()
    )


def _owned(client: IntegrationClient, existing) -> dict:
    """The row identity of an owner's entry: the existing row's, or a new one's."""
    identity = {"owner_sub": client.scope.owner_sub, "org_id": client.scope.org_id}
    if existing is not None:
        identity.update(id=existing.id, created_at=existing.created_at)
    return identity


def _kind_entry(client: IntegrationClient, d: EntityTypeDescriptor) -> OwnEntityKind:
    existing = _own(client, OwnEntityKind, d.key)
    return OwnEntityKind(
        **_owned(client, existing),
        key=d.key,
        name=d.name or d.key.split(":", 1)[-1].replace("_", " "),
        description=d.description or "",
        attribute_schema=d.attribute_schema,
        rag=d.rag,
        category=d.category,
        privileged=d.privileged,
        source=Source.INTEGRATION,
        trust_tier=_stored_tier(existing, client),
        state=RegistryState.LOADED,
    )


def _predicate_entry(
    client: IntegrationClient, d: RelationTypeDescriptor
) -> tuple[OwnRelationType, list[str]]:
    existing = _own(client, OwnRelationType, d.key)
    tier = _stored_tier(existing, client)
    clamped = [flag for flag in INFERENCE_FLAGS if getattr(d, flag) and tier == TrustTier.UNTRUSTED]
    entry = OwnRelationType(
        **_owned(client, existing),
        predicate=d.key,
        name=d.name or d.key.split(":", 1)[-1].replace("_", " "),
        description=d.description or "",
        inverse_predicate=d.inverse or "",
        cardinality=d.cardinality,
        value_kind=d.value_kind or (ValueKind.ENTITY if d.object_kinds else ValueKind.LITERAL),
        subject_kinds=list(d.subject_kinds),
        object_kinds=list(d.object_kinds),
        is_symmetric=d.is_symmetric and "is_symmetric" not in clamped,
        is_transitive=d.is_transitive and "is_transitive" not in clamped,
        is_hierarchical=d.is_hierarchical,
        # inference over an integration's edges is never the integration's decision
        inference_enabled=existing.inference_enabled if existing else False,
        privileged=d.privileged,
        source=Source.INTEGRATION,
        trust_tier=tier,
        state=RegistryState.LOADED,
    )
    return entry, clamped


def _event_entry(client: IntegrationClient, d: EventTypeDescriptor) -> OwnEventType:
    existing = _own(client, OwnEventType, d.key)
    return OwnEventType(
        **_owned(client, existing),
        key=d.key,
        name=d.name or d.key.split(":", 1)[-1].replace("_", " "),
        description=d.description or "",
        retention_class=d.retention_class,
        privileged=d.privileged,
        source=Source.INTEGRATION,
        trust_tier=_stored_tier(existing, client),
        state=RegistryState.LOADED,
    )


def _kind_problems(entry: OwnRelationType, known: set[str]) -> dict[str, list[str]]:
    unknown = [k for k in (*entry.subject_kinds, *entry.object_kinds) if k not in known]
    if unknown:
        return {"kinds": [f"unknown entity kinds {', '.join(sorted(set(unknown)))}"]}
    return {}


IDENTITY_FIELDS = frozenset({"id", "owner_sub", "org_id", "created_at"})


def _save(entry) -> str:
    model = type(entry)
    existing = model.objects.filter(owner_sub=entry.owner_sub, pk=entry.pk).first()
    if existing is None:
        entry.save(using=APP_DB, force_insert=True)
        return "created"
    fields = [f.name for f in model._meta.concrete_fields if f.name not in IDENTITY_FIELDS]
    if all(getattr(existing, f) == getattr(entry, f) for f in fields):
        return "unchanged"
    model.objects.filter(pk=existing.pk).update(**{f: getattr(entry, f) for f in fields})
    return "updated"


def descriptors_register(
    *, client: IntegrationClient, descriptors: Descriptors
) -> list[Registered]:
    """Register (or update) every descriptor, or none: any refusal raises ``InvalidInput``
    listing each refused key with its reasons. Only the client's owner's entries change."""
    with transaction.atomic(using=APP_DB):
        known = _known_kinds(descriptors)
        planned: list[tuple[str, object, list[str], dict[str, list[str]]]] = []
        for d in descriptors.kinds:
            entry = _kind_entry(client, d)
            problems = _merge(_own_namespace(client, d.key), registry_problems(entry))
            planned.append(("kind", entry, [], problems))
        for d in descriptors.predicates:
            entry, clamped = _predicate_entry(client, d)
            problems = _merge(
                _own_namespace(client, d.key),
                registry_problems(entry),
                _kind_problems(entry, known),
            )
            planned.append(("predicate", entry, clamped, problems))
        for d in descriptors.event_types:
            entry = _event_entry(client, d)
            problems = _merge(_own_namespace(client, d.key), registry_problems(entry))
            planned.append(("event_type", entry, [], problems))
        refused = [
            _refusal(reg, entry.registry_key, problems)
            for reg, entry, _, problems in planned
            if problems
        ]
        if refused:
            raise InvalidInput(
                "descriptors refused; nothing was registered", extra={"refused": refused}
            )
        return [
            {
                "registry": registry,
                "key": entry.registry_key,
                "action": _save(entry),
                "clamped": clamped,
            }
            for registry, entry, clamped, _ in planned
        ]


def descriptors_deprecate(*, scope: OwnerScope, domain: str) -> int:
    """Deprecate every type the owner's integration of ``domain`` registered; return how
    many. Other owners' registrations of the same domain stay as they are."""
    prefix = f"{domain}:"
    return sum(
        model.objects.filter(
            owner_sub=scope.owner_sub,
            **{f"{key}__startswith": prefix},
            source=Source.INTEGRATION,
            state=RegistryState.LOADED,
        ).update(state=RegistryState.DEPRECATED)
        for model, key in (
            (OwnEntityKind, "key"),
            (OwnRelationType, "predicate"),
            (OwnEventType, "key"),
        )
    )
