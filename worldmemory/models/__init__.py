"""The world memory's tables, one module per concern; import them from here.

- ``choices``: the closed value sets the tables share
- ``owned``: ``OwnedModel``, the base of every tenant table, and its owner-naming manager
- ``registries``: core vocabulary, the owner's own vocabulary and the resolved views
- ``graph``: entities, the event trail, bitemporal facts, aliases, projections
- ``sources``: sessions, messages, their vectors and deletions
- ``review``: proposals, their operations, suppressions, correction notices
- ``operations``: accounts, tokens, integrations, usage, counters, heartbeats, rate limits,
  retention, the embedder in use
- ``reflection``: a session's working state

Tenant rows are private to ``owner_sub`` by row-level security (see
``migrations/0003_row_level_security_and_integrity``). The curator's queue and window
state are the curator's (``curator/models.py``).
"""

from worldmemory.models.choices import (
    Cardinality,
    MemoryType,
    RegistryState,
    RetentionClass,
    Source,
    TrustTier,
    ValueKind,
)
from worldmemory.models.graph import (
    EMBEDDING_DIMENSIONS,
    STRONG_ALIAS_NAMESPACES,
    Entity,
    EntityAlias,
    Fact,
    MemoryProjection,
    WorldEvent,
)
from worldmemory.models.operations import (
    ApiToken,
    EmbeddingConfig,
    Integration,
    OperationsCounter,
    OwnerAccount,
    RateLimitBucket,
    RetentionPolicy,
    RetentionRun,
    Usage,
    WorkerHeartbeat,
)
from worldmemory.models.owned import OwnedManager, OwnedModel, uuid7
from worldmemory.models.reflection import SessionWorkingState
from worldmemory.models.registries import (
    EntityKind,
    EntityKindFields,
    EventType,
    EventTypeFields,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
    RegistryEntry,
    RelationType,
    RelationTypeFields,
    ResolvedEntityKind,
    ResolvedEventType,
    ResolvedRelationType,
    core_only,
    core_source,
    owner_vocabulary_constraints,
)
from worldmemory.models.review import CuratorNotice, Proposal, ProposalOp, Suppression
from worldmemory.models.sources import (
    MessageEmbedding,
    SourceDeletion,
    SourceMessage,
    SourceSession,
    WideEmbedding,
)

__all__ = [
    "ApiToken",
    "Cardinality",
    "CuratorNotice",
    "EMBEDDING_DIMENSIONS",
    "EmbeddingConfig",
    "Entity",
    "EntityAlias",
    "EntityKind",
    "EntityKindFields",
    "EventType",
    "EventTypeFields",
    "Fact",
    "Integration",
    "MemoryProjection",
    "MemoryType",
    "MessageEmbedding",
    "OperationsCounter",
    "OwnEntityKind",
    "OwnEventType",
    "OwnRelationType",
    "OwnedManager",
    "OwnedModel",
    "OwnerAccount",
    "Proposal",
    "ProposalOp",
    "RateLimitBucket",
    "RegistryEntry",
    "RegistryState",
    "RelationType",
    "RelationTypeFields",
    "ResolvedEntityKind",
    "ResolvedEventType",
    "ResolvedRelationType",
    "RetentionClass",
    "RetentionPolicy",
    "RetentionRun",
    "STRONG_ALIAS_NAMESPACES",
    "SessionWorkingState",
    "Source",
    "SourceDeletion",
    "SourceMessage",
    "SourceSession",
    "Suppression",
    "TrustTier",
    "Usage",
    "ValueKind",
    "WideEmbedding",
    "WorkerHeartbeat",
    "WorldEvent",
    "core_only",
    "core_source",
    "owner_vocabulary_constraints",
    "uuid7",
]
