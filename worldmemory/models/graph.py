"""The world-state graph: entities, the event trail, bitemporal facts, aliases and the
searchable projections of them.

Facts are bitemporal and immutable except for closing them in system time;
``temporal.py`` holds the rules for reading them.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from pgvector.django import HnswIndex, VectorField

from worldmemory.models.choices import MemoryType, RetentionClass, TrustTier, ValueKind
from worldmemory.models.owned import OwnedModel
from worldmemory.models.registries import (
    ResolvedEntityKind,
    ResolvedEventType,
    ResolvedRelationType,
)

EMBEDDING_DIMENSIONS = 384


STRONG_ALIAS_NAMESPACES = ("email", "phone", "github", "external")


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
        verbose_name = _("entity")
        verbose_name_plural = _("entities")
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
        verbose_name = _("event")
        verbose_name_plural = _("events")
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
        verbose_name = _("fact")
        verbose_name_plural = _("facts")
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
