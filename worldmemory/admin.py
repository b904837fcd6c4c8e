"""Operators edit the registries here; ``RegistryEntry.clean`` enforces the registry rules."""

from django.contrib import admin

from worldmemory.models import EntityKind, EventType, RelationType

REGISTRY_FILTERS = ("source", "state", "privileged", "trust_tier")


@admin.register(EntityKind)
class EntityKindAdmin(admin.ModelAdmin):
    list_display = ("key", "name", "category", "rag", "privileged", "source", "state")
    list_filter = (*REGISTRY_FILTERS, "category", "rag")
    search_fields = ("key", "name", "description")


@admin.register(RelationType)
class RelationTypeAdmin(admin.ModelAdmin):
    list_display = (
        "predicate",
        "cardinality",
        "value_kind",
        "privileged",
        "inference_enabled",
        "source",
        "state",
    )
    list_filter = (*REGISTRY_FILTERS, "cardinality", "value_kind")
    search_fields = ("predicate", "name", "description")


@admin.register(EventType)
class EventTypeAdmin(admin.ModelAdmin):
    list_display = ("key", "name", "privileged", "source", "state")
    list_filter = REGISTRY_FILTERS
    search_fields = ("key", "name", "description")
