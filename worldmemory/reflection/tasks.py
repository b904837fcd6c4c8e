"""django-q2 tasks of the reflection layer (the enrichment path). Thin: they take ids,
open the owner's scope and call a service; a session or owner that is gone is no error."""

from __future__ import annotations

from worldmemory.tenancy import owner_scope


def summary_roll(owner_sub: str, chat_id: str) -> str | None:
    """A rolling summary for a long session (queued when its slice outgrew the budget)."""
    from worldmemory.reflection.continuity import summary_roll as roll

    with owner_scope(owner_sub) as scope:
        return roll(scope=scope, chat_id=chat_id)


def close_if_idle(owner_sub: str, chat_id: str) -> dict | None:
    """The close checkpoint of a session that has been quiet long enough."""
    from worldmemory.reflection.continuity import close_if_idle as close

    with owner_scope(owner_sub) as scope:
        return close(scope=scope, chat_id=chat_id)


def consolidate(owner_sub: str) -> dict:
    """Consolidate observations into insight proposals (those of the owner's holidays, and
    those told in no period), then check every derived object for drift."""
    from worldmemory.reflection.consolidation import consolidation_run
    from worldmemory.reflection.reground import drift_sweep

    with owner_scope(owner_sub) as scope:
        proposed = consolidation_run(scope=scope)
        proposed += consolidation_run(scope=scope, period_type=None)
        drifted = [d for d in drift_sweep(scope=scope) if d["changed"]]
        return {"proposed": proposed, "drift": drifted}


def enrich(owner_sub: str, chat_id: str) -> dict:
    """What a session's turns propose: experiences, open questions, threads (queued a while
    after the session's last ingest)."""
    from worldmemory.reflection.enrichment import enrichment_run

    with owner_scope(owner_sub) as scope:
        return enrichment_run(scope=scope, chat_id=chat_id)
