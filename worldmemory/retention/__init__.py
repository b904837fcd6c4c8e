"""Retention: windowed rows are kept whole for the hot window, then rolled up and pruned.

Permanent rows (user assertions, policies, corrections, curated preferences, agent
actions with a reason) and every source message are never touched; the database
holds the prune role to that (migration 0009).
"""

from worldmemory.retention.classes import event_retention, fact_retention
from worldmemory.retention.horizon import rollup_note
from worldmemory.retention.prune import RetentionReport, retention_run

__all__ = ["RetentionReport", "event_retention", "fact_retention", "retention_run", "rollup_note"]
