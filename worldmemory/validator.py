"""Deterministic validation and routing of proposed operations.

Per operation, with the reason recorded: reject what is invalid, send to review
what needs a person (derived, privileged, untrusted, unknown relationship
vocabulary), commit the rest. Checks that need the stored graph (kinds of
resolved entities, dual-active) happen in the committer with the same verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from django.db import connections

from infra.routers import APP_DB
from worldmemory import messages
from worldmemory.contracts import (
    AddAlias,
    AssertFact,
    AssertRelationship,
    DeriveProjection,
    EndAlias,
    EvidenceKind,
    MemoryMutationOp,
    MemoryType,
    RecordEvent,
    RenameEntity,
    TrustTier,
    UpsertEntity,
)
from worldmemory.models import (
    Cardinality,
    RegistryState,
    ResolvedEntityKind,
    ResolvedEventType,
    ResolvedRelationType,
    ValueKind,
)
from worldmemory.refs import looks_like_ref, split_ref

_LOADED: dict[str, Registry] = {}

REVIEW_MEMORY_TYPES = frozenset(
    {MemoryType.DERIVED_PREFERENCE, MemoryType.DERIVED_PATTERN, MemoryType.HYPOTHESIS}
)
# Only these may teach the registry a new kind or attribute on the fly (a correction of
# something never known is a plain user assertion).
LEARNING_MEMORY_TYPES = frozenset(
    {MemoryType.USER_ASSERTION, MemoryType.OBSERVED_STATE, MemoryType.CORRECTION}
)
MACHINE_SOURCES = ("system", "developer", "tool", "assistant")
PREFERENCE_PREDICATES = frozenset({"prefers"})


class Route(StrEnum):
    COMMIT = "commit"
    REVIEW = "review"
    REJECT = "reject"


@dataclass(frozen=True)
class Verdict:
    route: Route
    reason: str = ""
    # the operation breaks the contract in a way only the registry shows (an API caller
    # gets a 422 for the whole proposal; a curator run records the rejection)
    malformed: bool = False


# The vocabulary the current owner sees (the ``resolved_*`` views), as one JSON value.
REGISTRY_CONTENT = (
    "json_build_array("
    "(SELECT json_agg(k ORDER BY k.key) FROM resolved_entity_kinds k),"
    " (SELECT json_agg(p ORDER BY p.predicate) FROM resolved_relation_types p),"
    " (SELECT json_agg(e ORDER BY e.key) FROM resolved_event_types e))"
)
# The rows that content is made of, read from the tables (a third of the cost of reading it
# through the views): any insert, update or delete of a core entry or of the owner's own
# changes their md5, in this transaction or in another (an operator's edit in the admin).
# ``%(o)s`` is the owner (named in the statement, so Citus can route it).
REGISTRY_FINGERPRINT = (
    "md5(concat_ws('|', "
    + ", ".join(
        f"coalesce((SELECT string_agg(t::text, ',' ORDER BY t.{key}) FROM {table} t{mine}), '')"
        for table, key in (
            ("entity_kinds", "key"),
            ("relation_types", "predicate"),
            ("event_types", "key"),
        )
        for table, mine in (
            (table, ""),
            (f"owner_{table}", " WHERE t.owner_sub = %(o)s"),
        )
    )
    + "))"
)
MAX_LOADED = 64  # registries kept per process, by fingerprint (owners with learned entries)


@dataclass
class Registry:
    """A snapshot of the current owner's vocabulary for one commit (it is small): the
    owner's own entries, then core, as the ``resolved_*`` views show them. Another owner's
    entries are not in it, so no verdict or reason can depend on them."""

    kinds: dict = field(default_factory=dict)
    predicates: dict = field(default_factory=dict)
    event_types: dict = field(default_factory=dict)

    @classmethod
    def load(cls, *, owner_sub: str) -> Registry:
        """Read the vocabulary of ``owner_sub`` (the current owner) in one query and keep it
        for ``for_commit``."""
        with connections[APP_DB].cursor() as cursor:
            cursor.execute(f"SELECT {REGISTRY_FINGERPRINT}, {REGISTRY_CONTENT}", {"o": owner_sub})
            fingerprint, (kinds, predicates, event_types) = cursor.fetchone()
        loaded = cls(
            kinds={row["key"]: ResolvedEntityKind(**row) for row in kinds or ()},
            predicates={row["predicate"]: ResolvedRelationType(**row) for row in predicates or ()},
            event_types={row["key"]: ResolvedEventType(**row) for row in event_types or ()},
        )
        if len(_LOADED) >= MAX_LOADED:
            _LOADED.clear()
        _LOADED[fingerprint] = loaded
        return loaded.copy()

    @classmethod
    def for_commit(cls, fingerprint: str, *, owner_sub: str) -> Registry:
        """The vocabulary whose rows have ``fingerprint`` (``REGISTRY_FINGERPRINT`` read in the
        commit's transaction): kept from an earlier read of this process, else read. Any
        change (an operator's edit in the admin, in another process; an owner's learned
        entry) changes the fingerprint, so the next commit reads the registry again."""
        loaded = _LOADED.get(fingerprint)
        return loaded.copy() if loaded is not None else cls.load(owner_sub=owner_sub)

    def copy(self) -> Registry:
        """A commit's own registry: learning adds entries to it, never to the kept one."""
        return Registry(
            kinds=dict(self.kinds),
            predicates=dict(self.predicates),
            event_types=dict(self.event_types),
        )

    def kind_of_ref(self, ref: str) -> str | None:
        """The kind a ``kind:slug`` ref names (registered or not); ``None`` for an alias."""
        parsed = split_ref(ref, set(self.kinds))
        if parsed:
            return parsed[0]
        return ref.split(":", 1)[0] if looks_like_ref(ref) else None


COMMIT = Verdict(Route.COMMIT)


def _review(reason: str) -> Verdict:
    return Verdict(Route.REVIEW, reason)


def _reject(reason: str) -> Verdict:
    return Verdict(Route.REJECT, reason)


def correction_problem(op: MemoryMutationOp, *, registry: Registry) -> str | None:
    """Why a correction cannot tell what it replaces, or None: a set attribute holds several
    values, so without ``corrects_fact_id`` it must name the replaced ``corrects_value``."""
    if (
        not isinstance(op, AssertFact)
        or op.memory_type != MemoryType.CORRECTION
        or op.corrects_fact_id is not None
        or op.corrects_value is not None
    ):
        return None
    entry = registry.predicates.get(op.predicate)
    if entry is None or entry.cardinality == Cardinality.FUNCTIONAL:
        return None
    return messages.text(messages.CORRECTION_UNCLEAR, predicate=op.predicate)


def _can_learn(op: MemoryMutationOp) -> bool:
    return op.trust_tier == TrustTier.TRUSTED and op.memory_type in LEARNING_MEMORY_TYPES


def _check_kind(registry: Registry, kind: str | None, op: MemoryMutationOp) -> Verdict:
    if kind is None:
        return COMMIT
    entry = registry.kinds.get(kind)
    if entry is None:
        if _can_learn(op) and ":" not in kind:
            return COMMIT  # registered on the fly as a learned kind
        return _review(messages.text(messages.UNKNOWN_KIND, kind=kind))
    if entry.state == RegistryState.DEPRECATED:
        return _reject(messages.text(messages.DEPRECATED_KIND, kind=kind))
    if entry.privileged:
        return _review(messages.text(messages.PRIVILEGED_KIND, kind=kind))
    return COMMIT


def _check_predicate(registry: Registry, op: AssertFact | AssertRelationship) -> Verdict:
    entry = registry.predicates.get(op.predicate)
    wanted = ValueKind.LITERAL if isinstance(op, AssertFact) else ValueKind.ENTITY
    if entry is None:
        if wanted == ValueKind.LITERAL and _can_learn(op) and ":" not in op.predicate:
            return COMMIT  # a new literal attribute, learned as functional
        unknown = (
            messages.UNKNOWN_ATTRIBUTE
            if wanted == ValueKind.LITERAL
            else messages.UNKNOWN_RELATIONSHIP
        )
        return _review(messages.text(unknown, predicate=op.predicate))
    if entry.state == RegistryState.DEPRECATED:
        return _reject(messages.text(messages.DEPRECATED_PREDICATE, predicate=op.predicate))
    if entry.value_kind != wanted:
        use = "assert_relationship" if entry.value_kind == ValueKind.ENTITY else "assert_fact"
        return _reject(
            messages.text(
                messages.WRONG_VALUE_KIND,
                predicate=op.predicate,
                value_kind=entry.value_kind,
                operation=use,
            )
        )
    if entry.privileged:
        return _review(messages.text(messages.PRIVILEGED_PREDICATE, predicate=op.predicate))
    return COMMIT


def _check_machine_text(op: MemoryMutationOp) -> Verdict:
    """System, developer and tool text never becomes something the user said or prefers."""
    personal = op.memory_type in {MemoryType.USER_ASSERTION, MemoryType.DERIVED_PREFERENCE}
    source = op.source.lower()
    if personal and source.startswith(MACHINE_SOURCES):
        return _reject(messages.text(messages.MACHINE_TEXT, source=op.source))
    if op.memory_type == MemoryType.USER_ASSERTION and op.evidence.kind == EvidenceKind.TOOL_RESULT:
        return _reject(messages.TOOL_RESULT_ASSERTION)
    is_preference = getattr(op, "predicate", None) in PREFERENCE_PREDICATES
    if is_preference and op.evidence.kind == EvidenceKind.TOOL_RESULT:
        return _reject(messages.TOOL_RESULT_PREFERENCE)
    return COMMIT


def validate(op: MemoryMutationOp, *, registry: Registry, untrusted_run: bool) -> Verdict:
    """Route one operation. ``untrusted_run``: another operation of the run was untrusted."""
    problem = correction_problem(op, registry=registry)
    if problem:
        return Verdict(Route.REJECT, problem, malformed=True)
    checks: list[Verdict] = [_check_machine_text(op)]
    if isinstance(op, UpsertEntity):
        checks.append(_check_kind(registry, op.kind, op))
    elif isinstance(op, AddAlias | EndAlias | RenameEntity):
        checks.append(_check_kind(registry, registry.kind_of_ref(op.entity_ref), op))
    elif isinstance(op, AssertFact | AssertRelationship):
        checks.append(_check_kind(registry, registry.kind_of_ref(op.subject_ref), op))
        if isinstance(op, AssertRelationship):
            checks.append(_check_kind(registry, registry.kind_of_ref(op.object_ref), op))
        checks.append(_check_predicate(registry, op))
    elif isinstance(op, RecordEvent):
        entry = registry.event_types.get(op.event_type)
        if entry is None:
            checks.append(
                _reject(messages.text(messages.UNKNOWN_EVENT_TYPE, event_type=op.event_type))
            )
        elif entry.state == RegistryState.DEPRECATED:
            checks.append(
                _reject(messages.text(messages.DEPRECATED_EVENT_TYPE, event_type=op.event_type))
            )
    elif isinstance(op, DeriveProjection):
        for ref in op.entity_refs:
            checks.append(_check_kind(registry, registry.kind_of_ref(ref), op))

    for route in (Route.REJECT, Route.REVIEW):
        for verdict in checks:
            if verdict.route == route:
                return verdict
    if op.memory_type == MemoryType.POLICY:
        return _review(messages.POLICY_PRIVILEGED)
    if op.memory_type in REVIEW_MEMORY_TYPES:
        return _review(messages.text(messages.NEEDS_REVIEW, memory_type=op.memory_type))
    if op.trust_tier == TrustTier.UNTRUSTED:
        return _review(messages.UNTRUSTED_SOURCE)
    if untrusted_run:
        return _review(messages.UNTRUSTED_RUN)
    return COMMIT
