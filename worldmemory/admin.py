"""Operators edit the core registries here (``RegistryEntry.clean`` enforces the registry
rules); the admin user's own memory, and the vocabulary it learned or its integrations
registered, are shown read-only under row-level security."""

from django.contrib import admin

from worldmemory.accounts import account_owner_sub
from worldmemory.models import (
    Entity,
    EntityKind,
    EventType,
    Fact,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
    ProposalOp,
    RelationType,
    SourceMessage,
    WorldEvent,
)
from worldmemory.tenancy import activate_owner

REGISTRY_FILTERS = ("source", "state", "privileged", "trust_tier")
CORE_FILTERS = ("state", "privileged", "trust_tier")


class CoreRegistryAdmin(admin.ModelAdmin):
    """Core vocabulary: every owner's memory uses it, so it is deprecated, never deleted."""

    readonly_fields = ("source",)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(EntityKind)
class EntityKindAdmin(CoreRegistryAdmin):
    list_display = ("key", "label_de", "label_en", "category", "rag", "privileged", "state")
    list_editable = ("label_de", "label_en")
    list_filter = (*CORE_FILTERS, "category", "rag")
    search_fields = ("key", "name", "label_de", "label_en", "description")


@admin.register(RelationType)
class RelationTypeAdmin(CoreRegistryAdmin):
    list_display = (
        "predicate",
        "label_de",
        "sentence_de",
        "label_en",
        "sentence_en",
        "cardinality",
        "value_kind",
        "state",
    )
    list_editable = ("label_de", "sentence_de", "label_en", "sentence_en")
    list_filter = (*CORE_FILTERS, "cardinality", "value_kind")
    search_fields = ("predicate", "name", "label_de", "label_en", "description")


@admin.register(EventType)
class EventTypeAdmin(CoreRegistryAdmin):
    list_display = ("key", "label_de", "label_en", "retention_class", "privileged", "state")
    list_editable = ("label_de", "label_en")
    list_filter = (*CORE_FILTERS, "retention_class")
    search_fields = ("key", "name", "label_de", "label_en", "description")


class OwnMemoryAdmin(admin.ModelAdmin):
    """Tenant rows, read-only, and only the admin user's own: the queryset runs with the
    user's owner set for the request transaction, so row-level security decides."""

    list_per_page = 50

    def get_queryset(self, request):
        owner_sub = account_owner_sub(user=request.user)
        # without an owner the setting stays empty and RLS shows nothing (fail-closed)
        activate_owner(owner_sub or "")
        return super().get_queryset(request)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Entity)
class EntityAdmin(OwnMemoryAdmin):
    list_display = ("kind", "slug", "canonical_name", "status", "updated_at")
    list_filter = ("status", "kind")
    search_fields = ("slug", "canonical_name")


@admin.register(Fact)
class FactAdmin(OwnMemoryAdmin):
    list_display = (
        "subject_entity",
        "predicate",
        "object_value",
        "status",
        "valid_from",
        "valid_to",
    )
    list_filter = ("status", "memory_type", "source_trust_tier", "predicate")
    search_fields = ("predicate__predicate", "subject_entity__slug")
    list_select_related = ("subject_entity",)


@admin.register(WorldEvent)
class WorldEventAdmin(OwnMemoryAdmin):
    list_display = ("event_type", "occurred_at", "summary", "run_id")
    list_filter = ("event_type",)
    search_fields = ("summary", "run_id")


@admin.register(SourceMessage)
class SourceMessageAdmin(OwnMemoryAdmin):
    list_display = ("session_external_id", "external_id", "role", "speaker", "occurred_at")
    list_filter = ("role", "trust_tier")
    search_fields = ("text", "speaker", "session_external_id")


@admin.register(ProposalOp)
class ProposalOpAdmin(OwnMemoryAdmin):
    list_display = ("op", "decision", "reason", "created_at")
    list_filter = ("decision", "op")
    search_fields = ("reason", "run_id")


class OwnVocabularyAdmin(OwnMemoryAdmin):
    """Learned and integration vocabulary: the owner may relabel it (labels and sentences),
    nothing else; the row stays the owner's under row-level security."""

    relabel_fields = ("label_de", "label_en")

    def has_change_permission(self, request, obj=None) -> bool:
        return True

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields if f.name not in self.relabel_fields]


@admin.register(OwnEntityKind)
class OwnEntityKindAdmin(OwnVocabularyAdmin):
    list_display = ("key", "label_de", "label_en", "rag", "source", "trust_tier", "state")
    list_filter = REGISTRY_FILTERS
    search_fields = ("key", "name")


@admin.register(OwnRelationType)
class OwnRelationTypeAdmin(OwnVocabularyAdmin):
    relabel_fields = ("label_de", "label_en", "sentence_de", "sentence_en")
    list_display = ("predicate", "label_de", "sentence_de", "label_en", "sentence_en", "state")
    list_filter = (*REGISTRY_FILTERS, "cardinality", "value_kind")
    search_fields = ("predicate", "name")


@admin.register(OwnEventType)
class OwnEventTypeAdmin(OwnVocabularyAdmin):
    list_display = ("key", "label_de", "label_en", "retention_class", "source", "trust_tier")
    list_filter = (*REGISTRY_FILTERS, "retention_class")
    search_fields = ("key", "name")
