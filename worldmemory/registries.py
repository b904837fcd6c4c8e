"""Rules for the open registries (entity kinds, predicates, event types).

Core vocabulary is unprefixed and may be privileged; an integration registers
only namespaced keys (``domain:key``), never shadows core vocabulary and never
marks itself privileged: privileged kinds (policies) and capability predicates
are core-only, whatever their namespace. Inference flags (transitive, symmetric)
need a trusted source.

Core entries live in the global tables and only operators change them; learned and
integration entries are the owner's own rows (``Own*`` models), checked by the same rules.

The registry models call these rules from ``clean()``, so the rules sit below the models and
import none of them: an entry is told apart by its fields and table, and the core table a key
must not shadow is found through Django's app registry.
"""

from __future__ import annotations

import re

from django.apps import apps
from django.core.exceptions import ValidationError

NAMESPACED_KEY = re.compile(r"^[a-z][a-z0-9_]*:[a-z0-9][a-z0-9_.-]*$")
RESERVED_NAMESPACES = frozenset({"core", "gd", "system"})
# Memory is not permission, but these names suggest it: only core may define them.
CAPABILITY_PREDICATES = frozenset({"controls", "can_control", "can_modify"})
PRIVILEGED_KIND_NAMES = frozenset({"policy"})
INFERENCE_FLAGS = ("is_transitive", "is_symmetric")
# the values of ``models.Source`` and ``models.TrustTier`` these rules compare with
CORE, INTEGRATION, UNTRUSTED = "core", "integration", "untrusted"
# the global tables of core vocabulary
CORE_TABLES = frozenset({"entity_kinds", "relation_types", "event_types"})


def validate_registry_entry(entry) -> None:
    """Raise ``ValidationError`` (field → message) when ``entry`` breaks the registry rules."""
    errors = registry_problems(entry)
    if errors:
        raise ValidationError(errors)


def registry_problems(entry) -> dict[str, list[str]]:
    """Every registry rule ``entry`` breaks, as field → messages (empty when none)."""
    key = entry.registry_key or ""
    is_predicate = hasattr(entry, "predicate")
    is_kind = hasattr(entry, "attribute_schema")
    key_field = "predicate" if is_predicate else "key"
    if is_predicate:
        core_model = apps.get_model("worldmemory", "RelationType")
    else:
        core_model = apps.get_model("worldmemory", "EntityKind" if is_kind else "EventType")
    errors: dict[str, list[str]] = {}

    if entry._meta.db_table in CORE_TABLES and entry.source != CORE:
        errors.setdefault("source", []).append(
            "The core registries hold core vocabulary only: learned and integration entries "
            "belong to the owner whose memory or integration brought them."
        )
    if entry.source != CORE and entry.privileged:
        errors.setdefault("privileged", []).append(
            "Only core vocabulary may be privileged; an integration or learned entry cannot."
        )
    if entry.source == INTEGRATION:
        if not NAMESPACED_KEY.match(key):
            errors.setdefault(key_field, []).append(
                f"Integration keys must be namespaced as domain:key (for example "
                f"github:{key or 'issue'}); {key!r} is not."
            )
        elif key.split(":", 1)[0] in RESERVED_NAMESPACES:
            errors.setdefault(key_field, []).append(
                f"{key!r} shadows core vocabulary: the namespace "
                f"{key.split(':', 1)[0]!r} is reserved."
            )
        if core_model.objects.filter(pk=key).exists():
            errors.setdefault(key_field, []).append(f"{key!r} shadows a core key.")
    if entry.source != CORE:
        local = key.split(":", 1)[-1]
        if is_predicate and local in CAPABILITY_PREDICATES:
            errors.setdefault(key_field, []).append(
                f"{key!r} is a capability predicate: only core vocabulary may define one."
            )
        if is_kind and local in PRIVILEGED_KIND_NAMES:
            errors.setdefault(key_field, []).append(
                f"{key!r} is a privileged kind: only core vocabulary may define one."
            )
    if is_predicate and entry.trust_tier == UNTRUSTED:
        for flag in INFERENCE_FLAGS:
            if getattr(entry, flag):
                errors.setdefault(flag, []).append(
                    f"{flag} needs a trusted source; an untrusted entry cannot set it."
                )
    return errors
