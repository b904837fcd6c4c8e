"""Accepting dialogue turns: store them, then tell the curator, the session's working state
and the embedder about the new ones. The ingest endpoint and ``gd_import`` share it."""

from __future__ import annotations

from curator import window
from worldmemory import sources
from worldmemory.reflection import continuity, enrichment
from worldmemory.tenancy import OwnerScope
from worldmemory.vectors import schedule_embedding


def turns_accept(
    *,
    scope: OwnerScope,
    messages: list[sources.IncomingMessage],
    sessions: list[sources.IncomingSession] = (),
    curate: bool = True,
) -> sources.Ingested:
    """Store a batch (idempotent per message id and text); with ``curate`` the curator
    reads the new turns in its next window."""
    ingested = sources.messages_ingest(scope=scope, messages=messages, sessions=sessions)
    if curate:
        window.note_turns(scope=scope, messages=ingested.new)
    continuity.working_state_note(scope=scope, messages=ingested.new)
    for chat_id in sorted({m.session_external_id for m in ingested.new}):
        enrichment.enrichment_schedule(scope=scope, chat_id=chat_id)
    if ingested.new:
        schedule_embedding(scope)
    return ingested
