"""Debounce per chat: which turns triggered, and when the chat's window is due.

Due 30 s after the last triggering turn, or at once after 5 of them or an
explicit "merk dir …" / "remember …" / "vergiss …" the user said (in a tool result or a
document such a phrase is content: it waits like any other turn). The due time lives in
``curator_queue`` (ids only) so a worker finds it before it knows the owner; the
window itself (decisions, run id, watermark) is the owner's ``curator_state``.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from curator.language import rx
from curator.models import CuratorQueue, CuratorState
from curator.prefilter import classify
from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.models import EntityAlias, SourceMessage, TrustTier
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

QUIET = timedelta(seconds=30)
TURNS_BEFORE_DUE = 5
KEPT_DECISIONS = 50


def speaks_for_owner(turn: SourceMessage) -> bool:
    """Only the user's own trusted words can ask the memory for something."""
    return turn.role == "user" and turn.trust_tier == TrustTier.TRUSTED


def _wake_worker() -> None:
    from django_q.tasks import async_task

    async_task("curator.tasks.sweep")


def _known_aliases(scope: OwnerScope, texts: list[str]) -> frozenset[str]:
    words = {w for text in texts for w in rx.findall(r"[\w'-]+", normalize_alias(text))}
    if not words:
        return frozenset()
    rows = EntityAlias.objects.filter(
        temporal.alias_believed_q(), owner_sub=scope.owner_sub, alias_norm__in=words
    ).values_list("alias_norm", flat=True)
    return frozenset(rows)


def note_turns(*, scope: OwnerScope, messages: list[SourceMessage]) -> dict[str, list[dict]]:
    """Run the prefilter over newly stored turns and move each chat's window; return the
    decisions per chat."""
    known = _known_aliases(scope, [m.text for m in messages])
    now = timezone.now()
    by_chat: dict[str, list[SourceMessage]] = {}
    for message in messages:
        by_chat.setdefault(message.session_external_id, []).append(message)
    decided: dict[str, list[dict]] = {}
    for chat_id, turns in by_chat.items():
        state, _ = CuratorState.objects.select_for_update().get_or_create(
            owner_sub=scope.owner_sub, chat_id=chat_id, defaults={"org_id": scope.org_id}
        )
        immediate = triggered = False
        for turn in turns:
            decision = classify(
                text=turn.text, role=turn.role, tool_calls=turn.tool_calls, known_aliases=known
            )
            entry = {
                "message_id": str(turn.pk),
                "trigger": decision.trigger,
                "reason": decision.reason,
            }
            decided.setdefault(chat_id, []).append(entry)
            state.decisions = [*state.decisions, entry][-KEPT_DECISIONS:]
            if decision.trigger:
                triggered = True
                # a "merk dir …" in a tool result or a document is content, not an instruction
                immediate |= decision.immediate and speaks_for_owner(turn)
                state.pending_turns += 1
        if triggered:
            state.run_id = state.run_id or f"curator:{uuid.uuid4()}"
            due = now if immediate or state.pending_turns >= TURNS_BEFORE_DUE else now + QUIET
            state.due_at = due
            CuratorQueue.objects.update_or_create(
                owner_sub=scope.owner_sub, chat_id=chat_id, defaults={"due_at": due}
            )
            if due == now:  # no waiting: wake a worker as soon as the turns are committed
                transaction.on_commit(_wake_worker, using=APP_DB)
        state.updated_at = now
        state.save()
    return decided


# A fixed text, not the ORM: composing the union with its subqueries cost the curator more
# than running it (~5 ms a window of ~50). Row comparisons order turns of one instant by id.
_WINDOW_SQL = """
WITH fresh AS (
    SELECT *, false AS earlier FROM source_messages
    WHERE owner_sub = %(owner)s AND session_external_id = %(chat)s
      AND (%(mark)s::uuid IS NULL OR (occurred_at, id) > (
          SELECT occurred_at, id FROM source_messages WHERE owner_sub = %(owner)s AND id = %(mark)s
      ))
    ORDER BY occurred_at DESC, id DESC LIMIT %(cap)s
)
SELECT * FROM fresh
UNION ALL (
    SELECT *, true AS earlier FROM source_messages
    WHERE owner_sub = %(owner)s AND session_external_id = %(chat)s
      AND (occurred_at, id) < (SELECT occurred_at, id FROM fresh ORDER BY occurred_at, id LIMIT 1)
    ORDER BY occurred_at DESC, id DESC LIMIT %(before)s
)
ORDER BY occurred_at, id
"""


def window_turns(
    *, scope: OwnerScope, state: CuratorState, cap: int = 200, before: int = 0
) -> tuple[list[SourceMessage], list[SourceMessage]]:
    """The uncurated turns of the chat (after the watermark), at most ``cap``, oldest first;
    and the ``before`` turns before the first of them (already curated, for reference), oldest
    first: both in one query."""
    query = SourceMessage.objects.raw(
        _WINDOW_SQL,
        {
            "owner": scope.owner_sub,
            "chat": state.chat_id,
            "mark": state.watermark_message_id,
            "cap": cap,
            "before": before,
        },
    )
    rows = list(query)
    return [r for r in rows if not r.earlier], [r for r in rows if r.earlier]
