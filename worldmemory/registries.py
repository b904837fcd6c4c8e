"""Rules for the open registries (entity kinds, predicates, event types).

Core vocabulary is unprefixed and may be privileged; an integration registers
only namespaced keys (``domain:key``), never shadows core vocabulary and never
marks itself privileged.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError

NAMESPACED_KEY = re.compile(r"^[a-z][a-z0-9_]*:[a-z0-9][a-z0-9_.-]*$")
RESERVED_NAMESPACES = frozenset({"core", "gd", "system"})


def validate_registry_entry(entry) -> None:
    """Raise ``ValidationError`` (field → message) when ``entry`` breaks the registry rules."""
    from worldmemory.models import Source

    key = entry.registry_key or ""
    key_field = entry._meta.pk.name
    errors: dict[str, list[str]] = {}

    if entry.source != Source.CORE and entry.privileged:
        errors.setdefault("privileged", []).append(
            "Only core vocabulary may be privileged; an integration or learned entry cannot."
        )
    if entry.source == Source.INTEGRATION:
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
        if type(entry).objects.filter(pk=key, source=Source.CORE).exists():
            errors.setdefault(key_field, []).append(f"{key!r} shadows a core key.")
    if errors:
        raise ValidationError(errors)
