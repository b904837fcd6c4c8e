"""Registries: core vocabulary global, learned and integration vocabulary per owner.

The core tables (``entity_kinds``, ``relation_types``, ``event_types``) hold only
``source = core`` rows; operators change them (admin, migrations). What an owner's trusted
assertions teach (``learned``) and what an owner's integrations register (``integration``)
are tenant rows of the ``owner_*`` tables below, private by row-level security like every
tenant table. The ``resolved_*`` views show the current owner's own entries, then the
core ones (migration 0019): every answer is built from them, so it never depends on
another owner's vocabulary.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from worldmemory.models.choices import (
    Cardinality,
    RegistryState,
    RetentionClass,
    Source,
    TrustTier,
    ValueKind,
)
from worldmemory.models.owned import OwnedModel


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
        verbose_name = _("entity kind")
        verbose_name_plural = _("entity kinds")
        ordering = ["key"]
        constraints = [core_only("entity_kinds")]


class RelationType(RelationTypeFields, RegistryEntry):
    predicate = models.CharField(max_length=100, primary_key=True)
    source = core_source()

    class Meta:
        db_table = "relation_types"
        verbose_name = _("relation type")
        verbose_name_plural = _("relation types")
        ordering = ["predicate"]
        constraints = [core_only("relation_types")]


class EventType(EventTypeFields, RegistryEntry):
    key = models.CharField(max_length=100, primary_key=True)
    source = core_source()

    class Meta:
        db_table = "event_types"
        verbose_name = _("event type")
        verbose_name_plural = _("event types")
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
        verbose_name = _("owner's entity kind")
        verbose_name_plural = _("owners' entity kinds")
        ordering = ["key"]
        constraints = owner_vocabulary_constraints("owner_entity_kinds", "key")


class OwnRelationType(RelationTypeFields, OwnedModel, RegistryEntry):
    """A predicate one owner's memory learned or one of its integrations registered."""

    predicate = models.CharField(max_length=100)

    class Meta:
        db_table = "owner_relation_types"
        verbose_name = _("owner's relation type")
        verbose_name_plural = _("owners' relation types")
        ordering = ["predicate"]
        constraints = owner_vocabulary_constraints("owner_relation_types", "predicate")


class OwnEventType(EventTypeFields, OwnedModel, RegistryEntry):
    """An event type one of the owner's integrations registered."""

    key = models.CharField(max_length=100)

    class Meta:
        db_table = "owner_event_types"
        verbose_name = _("owner's event type")
        verbose_name_plural = _("owners' event types")
        ordering = ["key"]
        constraints = owner_vocabulary_constraints("owner_event_types", "key")
