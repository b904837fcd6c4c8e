"""Which rows are windowed: decided once, when the row is written."""

from __future__ import annotations

from worldmemory.models import MemoryType, RetentionClass

# Integrations write with a source named ``integration:<key>`` (tools and feeds) or
# ``<domain>:sync`` (the sync endpoint, also when a reviewed item is accepted later).
INTEGRATION_SOURCE_PREFIX = "integration:"
SYNC_SOURCE_SUFFIX = ":sync"


def integration_source(source: str) -> bool:
    return source.startswith(INTEGRATION_SOURCE_PREFIX) or source.endswith(SYNC_SOURCE_SUFFIX)


def fact_retention(*, memory_type: str, source: str) -> RetentionClass:
    """Observed states from integrations are windowed; everything a person said, decided or
    corrected, and whatever the agent derived, stays."""
    if memory_type == MemoryType.OBSERVED_STATE and integration_source(source):
        return RetentionClass.WINDOWED
    return RetentionClass.PERMANENT


def event_retention(*, type_retention: str, intent: str | None) -> RetentionClass:
    """Trivial event types are windowed, unless the event carries an agent's reason."""
    if type_retention == RetentionClass.WINDOWED and not intent:
        return RetentionClass.WINDOWED
    return RetentionClass.PERMANENT
