"""The source layer: dialogue turns kept forever, found again by full text.

Ingest is idempotent on ``(owner, session, external_id)``, concurrently too (an owner's
ingests take turns): the same message again stores nothing and answers the same id; a
changed text is a new version pointing at the previous one. Nothing is deleted
automatically; an owner's explicit deletion empties the text through one audited
database function and flags what was derived from it for review.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db import connections, transaction

from infra.routers import APP_DB
from worldmemory import messages, temporal
from worldmemory.bulk import insert_many
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import (
    Fact,
    Integration,
    ProposalOp,
    SourceMessage,
    SourceSession,
    TrustTier,
)
from worldmemory.reads.passages import passages_rank
from worldmemory.reads.search import or_query
from worldmemory.reads.turns import turn_neighbours
from worldmemory.tenancy import OwnerScope
from worldmemory.vectorstore import forget_messages

MAX_BATCH = 1000
# What a tool returned or a document said is content someone else wrote: it is untrusted
# unless the owner registered the integration it came from as trusted.
CONTENT_ROLES = frozenset({"tool", "document"})
EVIDENCE_PREFIX = "source_message:"  # evidence refs to a message: "source_message:<id>"


@dataclass(frozen=True)
class IncomingSession:
    external_id: str
    title: str = ""
    started_at: datetime | None = None
    channel: str = ""


def utc_offset_minutes(moment: datetime) -> int | None:
    """The offset the client wrote ``occurred_at`` in, or None when it names no clock: a zero
    offset is how clients write an instant (``toISOString()`` always ends in ``Z``), so the
    turn is then read in ``GD_TIME_ZONE`` rather than as said in UTC."""
    offset = moment.utcoffset()
    if not offset:
        return None
    return int(offset.total_seconds() // 60)


@dataclass(frozen=True)
class IncomingMessage:
    session_external_id: str
    external_id: str
    role: str
    speaker: str
    text: str
    occurred_at: datetime
    tool_calls: list | dict | None = None
    trust_tier: str | None = None  # not given: see ``trust_tiers``
    metadata: dict | None = None
    integration: str | None = None  # the domain of the owner's integration it came from

    @property
    def content_hash(self) -> str:
        payload = json.dumps([self.text, self.tool_calls, self.speaker, self.role], sort_keys=True)
        return hashlib.sha256(payload.encode()).hexdigest()


def _sessions(scope: OwnerScope, wanted: dict[str, IncomingSession]) -> dict[str, SourceSession]:
    found = {
        s.external_id: s
        for s in SourceSession.objects.filter(
            owner_sub=scope.owner_sub, external_id__in=list(wanted)
        )
    }
    new = [
        SourceSession(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            external_id=key,
            title=info.title,
            started_at=info.started_at,
            channel=info.channel,
        )
        for key, info in wanted.items()
        if key not in found
    ]
    insert_many(SourceSession, new)
    found.update({s.external_id: s for s in new})
    return found


def _lock_ingest(scope: OwnerScope) -> None:
    """Serialise an owner's ingests until the transaction ends: a concurrent copy of the
    same batch then reads what the first stored and answers the same ids, instead of
    colliding with it on the unique keys of sessions and messages."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('gd-ingest:' || %s, 0))",
            [scope.owner_sub],
        )


def trust_tiers(*, scope: OwnerScope, messages: list[IncomingMessage]) -> list[str]:
    """Each message's trust tier. A named integration must be one of the owner's live
    integrations (another owner's behaves like a missing one) and caps the tier at its
    own; without a tier, a tool or document turn is untrusted unless its integration is
    trusted, and what the user, the agent or the system says is trusted."""
    named = {m.integration for m in messages if m.integration}
    tiers = dict(
        Integration.objects.filter(
            owner_sub=scope.owner_sub, domain__in=named, removed_at__isnull=True
        ).values_list("domain", "trust_tier")
    )
    if missing := sorted(named - set(tiers)):
        raise InvalidInput(f"no integration {missing[0]!r} is registered")
    resolved = []
    for message in messages:
        integration = tiers.get(message.integration) if message.integration else None
        if message.trust_tier == TrustTier.UNTRUSTED or integration == TrustTier.UNTRUSTED:
            resolved.append(TrustTier.UNTRUSTED.value)
        elif message.trust_tier is not None or integration == TrustTier.TRUSTED:
            resolved.append(TrustTier.TRUSTED.value)
        elif message.role in CONTENT_ROLES:
            resolved.append(TrustTier.UNTRUSTED.value)
        else:
            resolved.append(TrustTier.TRUSTED.value)
    return resolved


@dataclass(frozen=True)
class Ingested:
    answers: list[dict]  # per message: id, external_id, version, stored
    new: list[SourceMessage]  # the rows stored now


def messages_ingest(
    *, scope: OwnerScope, messages: list[IncomingMessage], sessions: list[IncomingSession] = ()
) -> Ingested:
    """Store a batch; answer per message its id, version and whether it was new."""
    if len(messages) > MAX_BATCH:
        raise InvalidInput(f"at most {MAX_BATCH} messages per request")
    with transaction.atomic(using=APP_DB):
        _lock_ingest(scope)
        described = {s.external_id: s for s in sessions}
        wanted = {
            m.session_external_id: described.get(
                m.session_external_id, IncomingSession(m.session_external_id)
            )
            for m in messages
        }
        by_session = _sessions(scope, wanted)
        keys = {(m.session_external_id, m.external_id) for m in messages}
        latest: dict[tuple[str, str], SourceMessage] = {}
        rows = SourceMessage.objects.filter(
            owner_sub=scope.owner_sub,
            session_external_id__in={k[0] for k in keys},
            external_id__in={k[1] for k in keys},
        ).only("id", "session_external_id", "external_id", "version", "content_hash")
        for row in rows:
            key = (row.session_external_id, row.external_id)
            if key in keys and (key not in latest or row.version > latest[key].version):
                latest[key] = row
        answers, new = [], []
        tiers = trust_tiers(scope=scope, messages=messages)
        for message, tier in zip(messages, tiers, strict=True):
            key = (message.session_external_id, message.external_id)
            previous = latest.get(key)
            if previous is not None and previous.content_hash == message.content_hash:
                answers.append(
                    {
                        "id": str(previous.pk),
                        "external_id": message.external_id,
                        "version": previous.version,
                        "stored": False,
                    }
                )
                continue
            row = SourceMessage(
                owner_sub=scope.owner_sub,
                org_id=scope.org_id,
                session=by_session[message.session_external_id],
                session_external_id=message.session_external_id,
                external_id=message.external_id,
                version=previous.version + 1 if previous else 1,
                supersedes_message_id=previous.pk if previous else None,
                role=message.role,
                speaker=message.speaker,
                text=message.text,
                occurred_at=message.occurred_at,
                utc_offset_minutes=utc_offset_minutes(message.occurred_at),
                tool_calls=message.tool_calls,
                trust_tier=tier,
                metadata=_metadata(message),
                content_hash=message.content_hash,
            )
            new.append(row)
            latest[key] = row
            answers.append(
                {
                    "id": str(row.pk),
                    "external_id": message.external_id,
                    "version": row.version,
                    "stored": True,
                }
            )
        insert_many(SourceMessage, new)
        _forget_context_of(scope, [row.pk for row in new])
        return Ingested(answers, new)


def _metadata(message: IncomingMessage) -> dict:
    metadata = dict(message.metadata or {})
    if message.integration:
        metadata["integration"] = message.integration
    return metadata


def _forget_context_of(scope: OwnerScope, message_ids: list) -> None:
    """The turns next to these messages are embedded with them: their vectors are stale
    (a new turn) or would still carry a deleted text; the worker embeds them again."""
    near = turn_neighbours(scope=scope, message_ids=message_ids, reach=1)
    changed = {neighbour for _, neighbour, _ in near} - set(message_ids)
    if changed:
        forget_messages(scope, sorted(changed))


def message_data(row: SourceMessage) -> dict:
    return {
        "id": str(row.pk),
        "external_id": row.external_id,
        "session_external_id": row.session_external_id,
        "version": row.version,
        "role": row.role,
        "speaker": row.speaker,
        "text": row.text,
        "occurred_at": row.occurred_at,
        "trust_tier": row.trust_tier,
        "deleted": row.text == "" and row.deletions.exists(),
    }


def session_messages(*, scope: OwnerScope, external_id: str) -> dict:
    """A session's messages in order (the latest version of each)."""
    session = SourceSession.objects.filter(
        owner_sub=scope.owner_sub, external_id=external_id
    ).first()
    if session is None:
        raise NotFound(messages.NO_SESSION, params={"external_id": external_id})
    rows = list(
        SourceMessage.objects.filter(owner_sub=scope.owner_sub, session=session).order_by(
            "occurred_at", "external_id", "version"
        )
    )
    latest: dict[str, SourceMessage] = {}
    for row in rows:
        latest[row.external_id] = row
    ordered = sorted(latest.values(), key=lambda r: (r.occurred_at, r.external_id))
    return {
        "session": {
            "external_id": session.external_id,
            "title": session.title,
            "channel": session.channel,
            "started_at": session.started_at,
        },
        "messages": [message_data(r) for r in ordered],
    }


def sources_search(
    *,
    scope: OwnerScope,
    query: str,
    k: int = 10,
    session: str | None = None,
    speaker: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    asked_at: datetime | None = None,
) -> list[dict]:
    """Messages ranked by BM25 (any term; who said it counts too) fused with vector
    similarity when an embedder is configured, each lifted by its neighbours (``passages``);
    times the query names are read relative to ``asked_at`` (default: now)."""
    filters = {
        "session_external_id": session,
        "speaker": speaker,
        "occurred_at__gte": since,
        "occurred_at__lte": until,
    }
    filters = {key: value for key, value in filters.items() if value}
    scores = dict(passages_rank(scope=scope, query=query, k=k, filters=filters, asked_at=asked_at))
    return _found(scope, query, scores)


FOUND_SQL = """
SELECT id, external_id, session_external_id, occurred_at, role, speaker, text,
       CASE WHEN %(q)s::text IS NULL THEN left(text, 200)
            ELSE ts_headline('simple', text, to_tsquery('simple', %(q)s), 'MaxWords=20, MinWords=8')
       END
FROM source_messages WHERE owner_sub = %(owner)s AND id = ANY(%(ids)s)
"""


def _found(scope: OwnerScope, query: str, scores: dict[UUID, float]) -> list[dict]:
    """The ranked messages with a snippet around the query's words, in one read."""
    if not scores:
        return []
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            FOUND_SQL, {"q": or_query(query), "owner": scope.owner_sub, "ids": list(scores)}
        )
        rows = {row[0]: row for row in cursor.fetchall()}
    return [
        {
            "id": str(pk),
            "external_id": external_id,
            "session_external_id": session_external_id,
            "occurred_at": occurred_at,
            # who said it, as the pages name them: the owner's own turns are "du" whatever
            # speaker name the client sent
            "role": role,
            "speaker": speaker,
            "text": text,
            "score": round(scores[pk], 4),
            "snippet": snippet,
        }
        for pk, external_id, session_external_id, occurred_at, role, speaker, text, snippet in (
            rows[i] for i in scores if i in rows
        )
    ]


def message_delete(*, scope: OwnerScope, message_id: UUID, actor: str, reason: str) -> dict:
    """Empty a message's text (audited tombstone) and flag what was derived from it."""
    with transaction.atomic(using=APP_DB):
        if not SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk=message_id).exists():
            raise NotFound(messages.NO_MESSAGE, params={"message_id": message_id})
        with connections[APP_DB].cursor() as cursor:
            cursor.execute(
                "SELECT gd_delete_source_message(%s, %s, %s)", [message_id, actor, reason]
            )
            tombstone = cursor.fetchone()[0]
        if tombstone is None:
            return {"tombstone_id": None, "flagged": 0, "already_deleted": True}
        # its vector, and its neighbours', would still say what the text said
        forget_messages(scope, [message_id])
        _forget_context_of(scope, [message_id])
        flagged = _flag_dependents(scope, message_id)
        return {"tombstone_id": str(tombstone), "flagged": flagged, "already_deleted": False}


def _flag_dependents(scope: OwnerScope, message_id: UUID) -> int:
    """Queue a review item for each believed fact and pending item citing the message."""
    from worldmemory.committer import queue_source_review  # the committer owns review items

    ref = f"{EVIDENCE_PREFIX}{message_id}"
    facts = Fact.objects.filter(
        temporal.believed_q(), owner_sub=scope.owner_sub, evidence__ref=ref
    ).values_list("pk", flat=True)
    pending = ProposalOp.objects.filter(
        owner_sub=scope.owner_sub, decision="pending", payload__evidence__ref=ref
    ).values_list("pk", flat=True)
    return queue_source_review(
        scope=scope, message_id=message_id, fact_ids=list(facts), pending_ids=list(pending)
    )
