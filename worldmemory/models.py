"""The world-state graph: core registries, owner vocabulary and owner-private tenant tables.

Tenant rows are private to ``owner_sub`` by row-level security (see
``migrations/0003_row_level_security_and_integrity``). Facts are bitemporal and
immutable except for closing them in system time; ``temporal.py`` holds the
rules for reading them.
"""

from __future__ import annotations

import uuid

import uuid_utils.compat
from django.contrib.auth.models import User
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.db.models.signals import class_prepared
from django.dispatch import receiver
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from gedaechtnis.routers import APP_DB
from worldmemory.tenancy import scoped_owner

EMBEDDING_DIMENSIONS = 384
STRONG_ALIAS_NAMESPACES = ("email", "phone", "github", "external")


def uuid7() -> uuid.UUID:
    return uuid_utils.compat.uuid7()


class Source(models.TextChoices):
    CORE = "core"
    INTEGRATION = "integration"
    LEARNED = "learned"


class TrustTier(models.TextChoices):
    TRUSTED = "trusted"
    UNTRUSTED = "untrusted"


class RegistryState(models.TextChoices):
    LOADED = "loaded"
    DEPRECATED = "deprecated"


class Cardinality(models.TextChoices):
    FUNCTIONAL = "functional"
    SET = "set"


class ValueKind(models.TextChoices):
    LITERAL = "literal"
    ENTITY = "entity"


class RetentionClass(models.TextChoices):
    """Permanent rows live forever; windowed rows are rolled up and pruned after the hot window."""

    PERMANENT = "permanent"
    WINDOWED = "windowed"


class MemoryType(models.TextChoices):
    USER_ASSERTION = "user_assertion"
    OBSERVED_STATE = "observed_state"
    AGENT_ACTION = "agent_action"
    DERIVED_PREFERENCE = "derived_preference"
    DERIVED_PATTERN = "derived_pattern"
    POLICY = "policy"
    CORRECTION = "correction"
    HYPOTHESIS = "hypothesis"


# --- registries: core vocabulary global, learned and integration vocabulary per owner --------
#
# The core tables (``entity_kinds``, ``relation_types``, ``event_types``) hold only
# ``source = core`` rows; operators change them (admin, migrations). What an owner's trusted
# assertions teach (``learned``) and what an owner's integrations register (``integration``)
# are tenant rows of the ``owner_*`` tables below, private by row-level security like every
# tenant table. The ``resolved_*`` views show the current owner's own entries, then the
# core ones (migration 0019): every answer is built from them, so it never depends on
# another owner's vocabulary.


class RegistryEntry(models.Model):
    name = models.CharField(max_length=200, blank=True)
    # what the pages show instead of the key (``labels.py`` falls back to the humanised key)
    label_de = models.CharField(
        "label (German)", max_length=200, blank=True, default="", db_default=""
    )
    label_en = models.CharField(
        "label (English)", max_length=200, blank=True, default="", db_default=""
    )
    description = models.TextField(blank=True)
    privileged = models.BooleanField(default=False)
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.INTEGRATION)
    trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    state = models.CharField(
        max_length=20, choices=RegistryState.choices, default=RegistryState.LOADED
    )

    class Meta:
        abstract = True

    @property
    def registry_key(self) -> str:
        return self.pk

    def clean(self) -> None:
        from worldmemory.registries import validate_registry_entry

        validate_registry_entry(self)


class EntityKindFields(models.Model):
    attribute_schema = models.JSONField(default=dict, blank=True)
    rag = models.BooleanField(default=False)
    category = models.CharField(max_length=50, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.key

    @property
    def registry_key(self) -> str:
        return self.key


class RelationTypeFields(models.Model):
    inverse_predicate = models.CharField(max_length=100, blank=True)
    cardinality = models.CharField(
        max_length=20, choices=Cardinality.choices, default=Cardinality.SET
    )
    value_kind = models.CharField(max_length=20, choices=ValueKind.choices)
    subject_kinds = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    object_kinds = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    is_symmetric = models.BooleanField(default=False)
    is_transitive = models.BooleanField(default=False)
    is_hierarchical = models.BooleanField(default=False)
    inference_enabled = models.BooleanField(default=False)
    # how a fact reads as a sentence: {subject}, {value} (a literal) or {object} (an entity)
    sentence_de = models.CharField(
        "sentence (German)", max_length=300, blank=True, default="", db_default=""
    )
    sentence_en = models.CharField(
        "sentence (English)", max_length=300, blank=True, default="", db_default=""
    )

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.predicate

    @property
    def registry_key(self) -> str:
        return self.predicate


class EventTypeFields(models.Model):
    # trivial events (build and test runs, integration pings) are windowed
    retention_class = models.CharField(
        max_length=20, choices=RetentionClass.choices, default=RetentionClass.PERMANENT
    )

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.key

    @property
    def registry_key(self) -> str:
        return self.key


def core_only(table: str) -> models.CheckConstraint:
    return models.CheckConstraint(condition=Q(source=Source.CORE), name=f"{table}_core_only")


def core_source() -> models.CharField:
    return models.CharField(max_length=20, choices=Source.choices, default=Source.CORE)


class EntityKind(EntityKindFields, RegistryEntry):
    key = models.CharField(max_length=100, primary_key=True)
    source = core_source()

    class Meta:
        db_table = "entity_kinds"
        ordering = ["key"]
        constraints = [core_only("entity_kinds")]


class RelationType(RelationTypeFields, RegistryEntry):
    predicate = models.CharField(max_length=100, primary_key=True)
    source = core_source()

    class Meta:
        db_table = "relation_types"
        ordering = ["predicate"]
        constraints = [core_only("relation_types")]


class EventType(EventTypeFields, RegistryEntry):
    key = models.CharField(max_length=100, primary_key=True)
    source = core_source()

    class Meta:
        db_table = "event_types"
        ordering = ["key"]
        constraints = [core_only("event_types")]


# The current owner's vocabulary: own entries first, then core (read-only views).


class ResolvedEntityKind(EntityKindFields, RegistryEntry):
    key = models.CharField(max_length=100, primary_key=True)

    class Meta:
        managed = False
        db_table = "resolved_entity_kinds"
        ordering = ["key"]


class ResolvedRelationType(RelationTypeFields, RegistryEntry):
    predicate = models.CharField(max_length=100, primary_key=True)

    class Meta:
        managed = False
        db_table = "resolved_relation_types"
        ordering = ["predicate"]


class ResolvedEventType(EventTypeFields, RegistryEntry):
    key = models.CharField(max_length=100, primary_key=True)

    class Meta:
        managed = False
        db_table = "resolved_event_types"
        ordering = ["key"]


# --- identity: not tenant data, but the map from a login to its owner ------------------------


class OwnerAccount(models.Model):
    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="owner_account")
    owner_sub = models.CharField(max_length=200, unique=True)
    org_id = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "owner_accounts"

    def __str__(self) -> str:
        return self.owner_sub


class CuratorQueue(models.Model):
    """Which owner's chat is due for curation, and when.

    Not tenant memory: it holds ids only, so that a worker can find due chats before
    it knows the owner (everything it then reads runs in that owner's scope)."""

    owner_sub = models.CharField(max_length=200)
    chat_id = models.CharField(max_length=200)
    due_at = models.DateTimeField()

    class Meta:
        db_table = "curator_queue"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "chat_id"], name="curator_queue_chat_key")
        ]
        indexes = [models.Index(fields=["due_at"], name="curator_queue_due_idx")]

    def __str__(self) -> str:
        return f"{self.owner_sub}/{self.chat_id}"


class EmbeddingConfig(models.Model):
    """The embedder the stored vectors came from. A vector made by another model counts as
    missing, so changing the embedder re-embeds everything incrementally."""

    name = models.CharField(max_length=50, primary_key=True, default="current")
    provider = models.CharField(max_length=50)
    model = models.CharField(max_length=300)
    dimensions = models.IntegerField()
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "embedding_config"

    def __str__(self) -> str:
        return f"{self.provider}:{self.model} ({self.dimensions})"

    @property
    def model_id(self) -> str:
        return f"{self.provider}:{self.model}"


class WorkerHeartbeat(models.Model):
    name = models.CharField(max_length=100, primary_key=True)
    beat_at = models.DateTimeField()

    class Meta:
        db_table = "worker_heartbeats"


class RetentionPolicy(models.Model):
    """The hot window, readable by the database: the prune role's policies compare with it.

    One row, written by the owner role from ``GD_RETENTION_DAYS`` after every migrate;
    the application and prune roles may only read it."""

    id = models.SmallIntegerField(primary_key=True, default=1)
    hot_window_days = models.PositiveIntegerField(default=90)

    class Meta:
        db_table = "retention_policy"
        constraints = [models.CheckConstraint(condition=Q(id=1), name="retention_policy_one_row")]


class RateLimitBucket(models.Model):
    """A token bucket per API token (``worldmemory.ratelimit``). Not tenant memory: its key
    is a digest of the token, it holds a number and a time."""

    key = models.CharField(max_length=64, primary_key=True)
    tokens = models.FloatField()
    updated_at = models.DateTimeField()

    class Meta:
        db_table = "rate_limit_buckets"


class OperationsCounter(models.Model):
    """Counts for ``/metrics`` per UTC day: rows of increments written by triggers on the
    tables they count (migration 0015) and by the worker, folded every minute. Insert-only
    between folds, so concurrent commits never wait for each other here. Not tenant
    memory: names and numbers, no owner."""

    name = models.CharField(max_length=100)
    day = models.DateField()
    value = models.FloatField(default=0)

    class Meta:
        db_table = "ops_counters"


# --- tenant tables: owner-private by row-level security ----------------------------------


class OwnedManager(models.Manager):
    """Names the scope's owner in every query, beside row-level security.

    The policy alone keeps owners apart; the explicit ``owner_sub = %s`` lets the planner use
    the owner-led indexes directly and lets Citus route the query to the one shard holding
    that owner (docs/deploy.md, section 7). Outside an owner scope it adds nothing, and row
    security shows nothing."""

    def get_queryset(self) -> models.QuerySet:
        queryset = super().get_queryset()
        # db_manager(alias) says the alias here; a later .using() is not seen
        owner = scoped_owner(using=self._db or APP_DB)
        return queryset.filter(owner_sub=owner) if owner else queryset


@receiver(class_prepared)
def _owner_routed_base_manager(sender: type[models.Model], **kwargs) -> None:
    """A tenant model's saves and forward relations name the owner too: Django reads those
    through the base manager, a plain one unless the model says otherwise."""
    if issubclass(sender, OwnedModel) and not sender._meta.abstract:
        sender._meta.base_manager_name = "objects"


class OwnedModel(models.Model):
    """A tenant row: private to ``owner_sub`` by row-level security.

    In the database the primary key is ``(owner_sub, id)`` (migration 0024), the
    distribution key Citus needs, and the target of the same-owner composite foreign keys
    that are the only enforcement of references between tenant rows (hence
    ``db_constraint=False`` on the ORM's foreign keys). Django knows ``id`` alone as the
    primary key: it forbids foreign keys to composite-key models, and a UUIDv7 is unique.
    """

    id = models.UUIDField(primary_key=True, default=uuid7, editable=False)
    owner_sub = models.CharField(max_length=200)
    org_id = models.CharField(max_length=200, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = OwnedManager()

    class Meta:
        abstract = True


def owner_vocabulary_constraints(table: str, key: str) -> list:
    return [
        models.UniqueConstraint(fields=["owner_sub", key], name=f"{table}_owner_key"),
        models.CheckConstraint(
            condition=Q(source__in=[Source.LEARNED, Source.INTEGRATION]),
            name=f"{table}_not_core",
        ),
    ]


class OwnEntityKind(EntityKindFields, OwnedModel, RegistryEntry):
    """An entity kind one owner's memory learned or one of its integrations registered."""

    key = models.CharField(max_length=100)

    class Meta:
        db_table = "owner_entity_kinds"
        ordering = ["key"]
        constraints = owner_vocabulary_constraints("owner_entity_kinds", "key")


class OwnRelationType(RelationTypeFields, OwnedModel, RegistryEntry):
    """A predicate one owner's memory learned or one of its integrations registered."""

    predicate = models.CharField(max_length=100)

    class Meta:
        db_table = "owner_relation_types"
        ordering = ["predicate"]
        constraints = owner_vocabulary_constraints("owner_relation_types", "predicate")


class OwnEventType(EventTypeFields, OwnedModel, RegistryEntry):
    """An event type one of the owner's integrations registered."""

    key = models.CharField(max_length=100)

    class Meta:
        db_table = "owner_event_types"
        ordering = ["key"]
        constraints = owner_vocabulary_constraints("owner_event_types", "key")


class Entity(OwnedModel):
    class Status(models.TextChoices):
        ACTIVE = "active"
        MERGED = "merged"
        DEPRECATED = "deprecated"

    # the owner's own kind or a core one; the database checks it on insert (migration 0019)
    kind = models.ForeignKey(
        ResolvedEntityKind,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        db_column="kind",
        related_name="+",
    )
    slug = models.CharField(max_length=200)
    canonical_name = models.TextField()
    description = models.TextField(blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    merged_into = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="merged_from",
    )
    source_entry_id = models.CharField(max_length=200, null=True, blank=True)
    external_id = models.CharField(max_length=300, null=True, blank=True)
    content_hash = models.CharField(max_length=64, null=True, blank=True)
    last_synced_at = models.DateTimeField(null=True, blank=True)
    backing_ref = models.JSONField(null=True, blank=True)
    # set when the integration that fed this entity was removed; the entity stays
    stale_since = models.DateTimeField(null=True, blank=True)
    rag_pending = models.BooleanField(default=False)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "entities"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "kind", "slug"], name="entities_owner_kind_slug_key"
            ),
            models.UniqueConstraint(
                fields=["owner_sub", "source_entry_id", "kind", "external_id"],
                condition=Q(external_id__isnull=False),
                name="entities_owner_external_key",
            ),
        ]
        indexes = [
            models.Index(fields=["owner_sub", "kind"], name="entities_owner_kind_idx"),
            models.Index(fields=["owner_sub", "canonical_name"], name="entities_owner_name_idx"),
            models.Index(fields=["owner_sub", "-updated_at"], name="entities_owner_updated_idx"),
        ]

    def __str__(self) -> str:
        return self.ref

    @property
    def ref(self) -> str:
        return f"{self.kind_id}:{self.slug}"


class WorldEvent(OwnedModel):
    """Append-only audit and causality trail (never updated, never deleted)."""

    # the owner's own event type or a core one; the database checks it on insert
    event_type = models.ForeignKey(
        ResolvedEventType,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        db_column="event_type",
        related_name="+",
    )
    occurred_at = models.DateTimeField()
    observed_at = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField()
    source = models.CharField(max_length=200)
    source_trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    actor_entity = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    target_entity = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    caused_by_event = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="effects",
    )
    correlation_id = models.CharField(max_length=200, null=True, blank=True)
    causation_kind = models.CharField(max_length=20, null=True, blank=True)
    intent = models.TextField(null=True, blank=True)
    expected_effect = models.JSONField(null=True, blank=True)
    goal_ref = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    intent_outcome = models.CharField(max_length=20, null=True, blank=True)
    run_id = models.CharField(max_length=200, null=True, blank=True)
    chat_id = models.CharField(max_length=200, null=True, blank=True)
    tool_call_id = models.CharField(max_length=200, null=True, blank=True)
    automation_id = models.CharField(max_length=200, null=True, blank=True)
    payload = models.JSONField(default=dict, blank=True)
    summary = models.TextField(blank=True)
    retention_class = models.CharField(
        max_length=20, choices=RetentionClass.choices, default=RetentionClass.PERMANENT
    )

    class Meta:
        db_table = "world_events"
        indexes = [
            models.Index(fields=["owner_sub", "correlation_id"], name="events_owner_corr_idx"),
            models.Index(fields=["owner_sub", "caused_by_event"], name="events_owner_cause_idx"),
            models.Index(
                fields=["owner_sub", "target_entity", "occurred_at"],
                name="events_owner_target_idx",
            ),
            models.Index(fields=["owner_sub", "-occurred_at"], name="events_owner_time_idx"),
            models.Index(
                fields=["owner_sub", "event_type", "recorded_at"], name="events_owner_type_idx"
            ),
            models.Index(fields=["owner_sub", "-recorded_at"], name="events_owner_recorded_idx"),
            models.Index(
                fields=["owner_sub", "occurred_at"],
                condition=Q(retention_class="windowed"),
                name="events_owner_windowed_idx",
            ),
        ]


class Fact(OwnedModel):
    """An attribute (literal object) or relationship (entity object), bitemporal.

    Valid time ``valid_from``/``valid_to`` is world time; system time
    ``recorded_at``/``superseded_at`` is when the agent believed the row. A row
    never changes except to be closed once (``superseded_at``, ``status``,
    ``invalidated_by_fact``). ``object_key``, ``is_functional`` and
    ``belief_key`` are set by the database on insert.
    """

    class Status(models.TextChoices):
        ACTIVE = "active"
        SUPERSEDED = "superseded"
        INVALIDATED = "invalidated"
        EXPIRED = "expired"
        ARCHIVED = "archived"

    subject_entity = models.ForeignKey(
        Entity, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="facts"
    )
    # the owner's own predicate or a core one; the database checks it on insert
    predicate = models.ForeignKey(
        ResolvedRelationType,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        db_column="predicate",
        related_name="+",
    )
    object_kind = models.CharField(max_length=10, choices=ValueKind.choices)
    object_value = models.JSONField(null=True, blank=True)
    object_entity = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="incoming_facts",
    )
    object_key = models.CharField(max_length=64, default="", editable=False)
    is_functional = models.BooleanField(default=False, editable=False)
    belief_key = models.BigIntegerField(null=True, editable=False)

    valid_from = models.DateTimeField()
    valid_to = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField()
    superseded_at = models.DateTimeField(null=True, blank=True)
    observed_at = models.DateTimeField(null=True, blank=True)

    source = models.CharField(max_length=200)
    source_trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    changed_by_entity = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    caused_by_event = models.ForeignKey(
        WorldEvent,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    confidence = models.FloatField(default=1.0)
    memory_type = models.CharField(max_length=30, choices=MemoryType.choices)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)

    scope_entity = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    scope_kind = models.CharField(max_length=30, null=True, blank=True)
    priority = models.IntegerField(default=0)
    supersedes_fact = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    invalidated_by_fact = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    retention_class = models.CharField(
        max_length=20, choices=RetentionClass.choices, default=RetentionClass.PERMANENT
    )
    run_id = models.CharField(max_length=200, null=True, blank=True)
    op_index = models.IntegerField(null=True, blank=True)
    evidence = models.JSONField(default=dict, blank=True)
    reason = models.TextField(null=True, blank=True)

    class Meta:
        db_table = "facts"
        constraints = [
            models.CheckConstraint(
                condition=Q(valid_to__isnull=True) | Q(valid_to__gt=models.F("valid_from")),
                name="facts_valid_interval",
            ),
            models.CheckConstraint(
                condition=Q(superseded_at__isnull=True)
                | Q(superseded_at__gte=models.F("recorded_at")),
                name="facts_system_interval",
            ),
            models.CheckConstraint(
                condition=(
                    Q(object_kind=ValueKind.ENTITY, object_entity__isnull=False)
                    | Q(object_kind=ValueKind.LITERAL, object_entity__isnull=True)
                ),
                name="facts_object_matches_kind",
            ),
            models.CheckConstraint(
                condition=Q(confidence__gte=0) & Q(confidence__lte=1),
                name="facts_confidence_range",
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "subject_entity", "predicate", "valid_from"],
                name="facts_owner_subject_idx",
            ),
            models.Index(fields=["owner_sub", "-recorded_at"], name="facts_owner_recorded_idx"),
            # reverse traversal; system-time as-of reads use the subject index (seed 000 §4:
            # a dedicated recorded_at index only when needed — every index slows writes)
            models.Index(fields=["owner_sub", "object_entity"], name="facts_owner_incoming_idx"),
            # retention reads only the windowed rows
            models.Index(
                fields=["owner_sub", "valid_to"],
                condition=Q(retention_class="windowed"),
                name="facts_owner_windowed_idx",
            ),
        ]


class EntityAlias(OwnedModel):
    entity = models.ForeignKey(
        Entity,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="aliases",
    )
    alias = models.TextField()
    alias_norm = models.TextField()
    namespace = models.CharField(max_length=50, default="chat")
    valid_from = models.DateTimeField(default=timezone.now)
    valid_to = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    superseded_at = models.DateTimeField(null=True, blank=True)
    source = models.CharField(max_length=200, blank=True)
    source_trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    confidence = models.FloatField(default=1.0)
    evidence = models.JSONField(default=dict, blank=True)

    class Meta:
        db_table = "entity_aliases"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "namespace", "alias_norm"],
                condition=Q(superseded_at__isnull=True, namespace__in=STRONG_ALIAS_NAMESPACES),
                name="aliases_owner_strong_identity_key",
            ),
        ]
        indexes = [
            models.Index(fields=["owner_sub", "alias_norm"], name="aliases_owner_norm_idx"),
            models.Index(fields=["owner_sub", "entity"], name="aliases_owner_entity_idx"),
        ]


class MemoryProjection(OwnedModel):
    source_kind = models.CharField(max_length=20)
    source_id = models.UUIDField(null=True, blank=True)
    text = models.TextField()
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS, null=True, blank=True)
    entity_ids = ArrayField(models.UUIDField(), default=list, blank=True)
    valid_from = models.DateTimeField(null=True, blank=True)
    valid_to = models.DateTimeField(null=True, blank=True)
    importance = models.FloatField(default=0.5)
    retention_class = models.CharField(max_length=20, default="permanent")
    # a rollup's figures (count, first/last, min/max/sum, value counts), kept mergeable
    details = models.JSONField(default=dict, blank=True)
    rag_pending = models.BooleanField(default=True)
    embedding_model = models.CharField(max_length=300, blank=True)  # which embedder made it
    # stored, so ranking reads it instead of re-parsing every matching text
    search_vector = models.GeneratedField(
        expression=(
            SearchVector("text", config="german")
            + SearchVector("text", config="english")
            + SearchVector("text", config="simple")
        ),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        db_table = "memory_projections"
        constraints = [
            # one rollup per (entity, predicate or event type, period): later runs merge into it
            models.UniqueConstraint(
                fields=["owner_sub", "source_id"],
                condition=Q(source_kind="rollup"),
                name="projections_one_rollup_per_key",
            ),
        ]
        indexes = [
            models.Index(fields=["owner_sub", "source_kind"], name="projections_owner_kind_idx"),
            # full text ranks the newest matches (search.TEXT_CANDIDATES)
            models.Index(fields=["owner_sub", "-created_at"], name="projections_owner_recent_idx"),
            HnswIndex(
                name="projections_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]


class SourceSession(OwnedModel):
    external_id = models.CharField(max_length=300)
    title = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    channel = models.CharField(max_length=100, blank=True)
    metadata = models.JSONField(default=dict, blank=True)

    class Meta:
        db_table = "source_sessions"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "external_id"], name="source_sessions_owner_external_key"
            ),
        ]


class SourceMessage(OwnedModel):
    """One dialogue turn, kept forever (append-only); an edit is a new version."""

    session = models.ForeignKey(
        SourceSession,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="messages",
    )
    session_external_id = models.CharField(max_length=300)
    external_id = models.CharField(max_length=300)
    version = models.IntegerField(default=1)
    supersedes_message = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    role = models.CharField(max_length=20)
    speaker = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    occurred_at = models.DateTimeField()
    # The speaker's UTC offset as sent with occurred_at (PostgreSQL keeps the instant only):
    # "seit 2019" or "am 3. Juli" start at the speaker's local midnight, not UTC's.
    # NULL when the client sent none; the curator then reads the turn in TIME_ZONE.
    utc_offset_minutes = models.SmallIntegerField(null=True, blank=True)
    tool_calls = models.JSONField(null=True, blank=True)
    trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    metadata = models.JSONField(default=dict, blank=True)
    content_hash = models.CharField(max_length=64, blank=True)
    search_vector = models.GeneratedField(
        expression=(
            SearchVector("text", config="german")
            + SearchVector("text", config="english")
            + SearchVector("speaker", "text", config="simple")
        ),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        db_table = "source_messages"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "session_external_id", "external_id", "version"],
                name="source_messages_owner_external_key",
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "session", "occurred_at"], name="messages_owner_session_idx"
            ),
            models.Index(fields=["owner_sub", "-occurred_at"], name="messages_owner_time_idx"),
        ]


class MessageEmbedding(OwnedModel):
    """A source message's vector (messages themselves never change)."""

    message = models.ForeignKey(
        SourceMessage,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="embeddings",
    )
    model = models.CharField(max_length=300)
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS)

    class Meta:
        db_table = "message_embeddings"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "message", "model"], name="message_embeddings_key"
            ),
        ]
        indexes = [
            HnswIndex(
                name="message_embeddings_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]


class WideEmbedding(OwnedModel):
    """A vector from an embedder whose dimension is not the native 384 of the columns above.

    The column has no fixed dimension; each dimension in use gets its own partial HNSW
    index on ``embedding::vector(dims)`` (created by setup as the owner role), so vectors
    of a new model fill in beside the old ones, which stay until they are complete."""

    item_kind = models.CharField(max_length=20)  # projection | message
    item_id = models.UUIDField()
    model = models.CharField(max_length=300)
    dims = models.IntegerField()
    embedding = VectorField()

    class Meta:
        db_table = "wide_embeddings"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "item_kind", "item_id", "model"], name="wide_embeddings_key"
            ),
            models.CheckConstraint(
                condition=Q(dims__gte=1) & Q(dims__lte=2000), name="wide_embeddings_dims_range"
            ),
        ]


class SourceDeletion(OwnedModel):
    """The audited tombstone of a message whose text its owner deleted (append-only)."""

    message = models.ForeignKey(
        SourceMessage,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="deletions",
    )
    deleted_by = models.CharField(max_length=200)
    reason = models.TextField()

    class Meta:
        db_table = "source_deletions"
        indexes = [models.Index(fields=["owner_sub", "message"], name="source_deletions_owner_idx")]


class Proposal(OwnedModel):
    class Status(models.TextChoices):
        OPEN = "open"
        DECIDED = "decided"

    run_id = models.CharField(max_length=200)
    chat_id = models.CharField(max_length=200, null=True, blank=True)
    proposed_by = models.CharField(max_length=200)
    proposed_at = models.DateTimeField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    payload = models.JSONField()

    class Meta:
        db_table = "proposals"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "run_id"], name="proposals_owner_run_key"),
        ]
        indexes = [
            models.Index(fields=["owner_sub", "status", "-created_at"], name="proposals_owner_idx")
        ]


class ProposalOp(OwnedModel):
    class Decision(models.TextChoices):
        COMMITTED = "committed"
        PENDING = "pending"
        REJECTED = "rejected"
        DUPLICATE = "duplicate"

    proposal = models.ForeignKey(
        Proposal, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="ops"
    )
    run_id = models.CharField(max_length=200)
    op_index = models.IntegerField()
    op = models.CharField(max_length=30)
    # a pending operation (or review item) to run on acceptance; decided operations are
    # read from their proposal's payload
    payload = models.JSONField()
    decision = models.CharField(max_length=20, choices=Decision.choices)
    reason = models.TextField(blank=True)
    result = models.JSONField(default=dict, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "proposal_ops"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "run_id", "op_index"], name="proposal_ops_owner_run_op_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "decision", "-created_at"], name="proposal_ops_owner_idx"
            ),
            models.Index(fields=["owner_sub", "proposal"], name="proposal_ops_proposal_idx"),
        ]


class Suppression(OwnedModel):
    subject_ref = models.CharField(max_length=300)
    predicate = models.CharField(max_length=100)
    object_key = models.CharField(max_length=64)
    reason = models.TextField()
    proposal_op = models.ForeignKey(
        ProposalOp,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "suppressions"
        indexes = [
            models.Index(
                fields=["owner_sub", "subject_ref", "predicate"], name="suppressions_owner_idx"
            )
        ]


class CuratorState(OwnedModel):
    chat_id = models.CharField(max_length=200)
    watermark_message = models.ForeignKey(
        SourceMessage,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    pending_turns = models.IntegerField(default=0)
    due_at = models.DateTimeField(null=True, blank=True)
    last_run_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)
    # fixed per window, so a retried curation commits idempotently
    run_id = models.CharField(max_length=200, blank=True)
    # the prefilter's recent decisions with their reasons (newest last, capped)
    decisions = models.JSONField(default=list, blank=True)

    class Meta:
        db_table = "curator_state"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "chat_id"], name="curator_state_chat_key"),
        ]
        indexes = [models.Index(fields=["owner_sub", "due_at"], name="curator_state_due_idx")]


class CuratorNotice(OwnedModel):
    """A value the agent believed that curation changed or corrected, to be said once in
    the chat ("du sagtest früher X, jetzt Y — ich habe das aktualisiert"). Delivered by the
    next context block of the chat, or by the ingest response when the window was curated
    synchronously; ``delivered_at`` makes sure it is said only once."""

    class Kind(models.TextChoices):
        CHANGE = "change"
        CORRECTION = "correction"

    chat_id = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    language = models.CharField(max_length=8)
    text = models.TextField()
    fact = models.ForeignKey(
        Fact, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="+"
    )
    previous_fact = models.ForeignKey(
        Fact, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="+"
    )
    run_id = models.CharField(max_length=200)
    delivered_at = models.DateTimeField(null=True, blank=True)
    delivered_by = models.CharField(max_length=20, blank=True)  # context · ingest · playground

    class Meta:
        db_table = "curator_notices"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "fact"], name="curator_notices_one_per_fact_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "chat_id", "created_at"],
                condition=Q(delivered_at__isnull=True),
                name="curator_notices_open_idx",
            )
        ]


class Usage(OwnedModel):
    """One model call, attributed to its owner; the curator's quota is read from here."""

    kind = models.CharField(max_length=50)  # the trigger source, e.g. "curator"
    model = models.CharField(max_length=200, blank=True)
    run_id = models.CharField(max_length=200, null=True, blank=True)
    tokens_in = models.IntegerField(default=0)
    tokens_out = models.IntegerField(default=0)
    cost_micros = models.BigIntegerField(null=True, blank=True)  # when the provider says
    occurred_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "usage"
        indexes = [models.Index(fields=["owner_sub", "-occurred_at"], name="usage_owner_time_idx")]


class Integration(OwnedModel):
    """An API client that feeds this owner's memory (GitHub, a calendar, …).

    Its ``domain`` is the namespace of every type it registers (``github:issue``); its
    trust tier travels with everything it writes."""

    domain = models.CharField(max_length=50)
    name = models.CharField(max_length=200, blank=True)
    trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.UNTRUSTED
    )
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "integrations"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "domain"],
                condition=Q(removed_at__isnull=True),
                name="integrations_owner_live_domain_key",
            ),
        ]

    def __str__(self) -> str:
        return self.domain


class ApiToken(OwnedModel):
    """A bearer token; only its SHA-256 is stored. An integration's token is of its own
    type: it reaches only the integration endpoints, never the owner's memory."""

    name = models.CharField(max_length=200)
    token_hash = models.CharField(max_length=64)
    integration = models.ForeignKey(
        Integration,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="tokens",
    )
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "api_tokens"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "token_hash"], name="api_tokens_hash_key"),
        ]


class RetentionRun(OwnedModel):
    """One retention pass over an owner's windowed rows: what it rolled up and pruned.

    ``horizon`` is the cut: windowed rows that ended before it may be gone, so an
    as-of answer before the latest horizon with pruned rows comes from rollups."""

    ran_at = models.DateTimeField()
    horizon = models.DateTimeField()
    facts_pruned = models.IntegerField(default=0)
    events_pruned = models.IntegerField(default=0)
    rollups_written = models.IntegerField(default=0)

    class Meta:
        db_table = "retention_runs"
        indexes = [
            models.Index(fields=["owner_sub", "-horizon"], name="retention_owner_horizon_idx")
        ]


class SessionWorkingState(OwnedModel):
    """The reflection layer's working state of one session, updated turn by turn.

    Operational state like ``curator_state``, not memory: it points at reflection entities
    and messages, and losing it loses nothing (it is rebuilt from them on the next turn)."""

    chat_id = models.CharField(max_length=300)
    primary_space = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    related_spaces = ArrayField(models.UUIDField(), default=list, blank=True)
    active_threads = ArrayField(models.UUIDField(), default=list, blank=True)
    open_questions = ArrayField(models.UUIDField(), default=list, blank=True)
    memory_refs = models.JSONField(default=list, blank=True)  # recently used, newest last
    summary = models.TextField(blank=True)
    summarised_until = models.ForeignKey(
        SourceMessage,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    fidelity = models.JSONField(default=dict, blank=True)
    turns = models.IntegerField(default=0)
    last_message_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "session_working_state"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "chat_id"], name="session_working_state_chat_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "closed_at", "last_message_at"],
                name="working_state_open_idx",
            )
        ]
