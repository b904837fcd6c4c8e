"""The only code that writes memory: facts, entities, aliases, events, projections.

Temporal contract (DESIGN §5):
- One transaction per proposal under a per-owner advisory lock. System time
  ``now`` comes from ``clock_timestamp()`` and is strictly later than anything
  the owner has recorded, so as-of replay is exact.
- Idempotent over ``(owner, run_id, op_index)``: a replay returns the stored
  decisions and writes nothing.
- Rows are immutable except for closing them once. *Supersede* (new value from
  T): close every current-belief row of the slot that overlaps ``[T, ∞)``; where
  one held before T, insert a history row with the same value ending at T;
  insert the new row. *End*: the same without a new value. *Invalidate*: close
  with status ``invalidated``; nothing replaces it.
"""

from worldmemory.committer.context import CommitResult, OpResult
from worldmemory.committer.facts import fact_end, fact_invalidate
from worldmemory.committer.identity import entity_merge, entity_split
from worldmemory.committer.proposals import proposal_commit
from worldmemory.committer.records import event_record
from worldmemory.committer.review import proposal_accept, proposal_reject, queue_source_review
from worldmemory.committer.sync import entities_mark_stale, sync_apply

__all__ = [
    "CommitResult",
    "OpResult",
    "entity_merge",
    "entities_mark_stale",
    "entity_split",
    "event_record",
    "fact_end",
    "fact_invalidate",
    "proposal_accept",
    "proposal_commit",
    "proposal_reject",
    "queue_source_review",
    "sync_apply",
]
